/*
 * paramgroups.c - the spring's conventions: one row of param_groups[] per
 * group of parameter flags (springsim's, the articles' and the other
 * libraries' dialects), with the function that converts its values to
 * (omega, zeta, mass) by the library (params.c, dialects.c, which cite
 * each library's source); which groups' mass moves the spring; the
 * conventions' paragraphs of --help.  paramflags.c reads and checks the
 * flags and finds the group they name.
 */
#include <stdio.h>

#include "cli.h"
#include "spring.h"
#include "paramflags.h"
#include "paramgroups.h"

/* Stiffness K, damping D, mass M (Fiedler, Holden). */
static int
from_stiffness(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_stiffness(v[P_STIFFNESS], v[P_DAMPING], mass, p);
}

/* Studio Gobo's UAF and DR. */
static int
from_uaf(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_uaf(v[P_UAF], v[P_DR], p);
}

/* Holden's half-life and frequency. */
static int
from_halflife_frequency(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_halflife_frequency(v[P_HALFLIFE], v[P_FREQUENCY], p);
}

/* Holden's half-life and damping ratio; the ratio must be > 0 here. */
static int
from_halflife_dr(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	if (v[P_DR] == 0.0) {
		warn_msg("--dr: '0' must be > 0 with --halflife "
		    "(omega = 2 ln2 / (halflife dr))");
		return -2;
	}
	return spring_from_halflife_dr(v[P_HALFLIFE], v[P_DR], p);
}

/* Nissen's Ck and Cd for the step h actually taken; above 1, a warning. */
static int
from_nissen(const double *v, double mass, double h, spring_params *p)
{
	if (v[P_CK] > 1.0)
		warn_msg("warning: --ck %g is above 1: Nissen's spring is less "
		    "stiff and less stable there", v[P_CK]);
	if (v[P_CD] > 1.0)
		warn_msg("warning: --cd %g is above 1: Nissen's spring is less "
		    "stable there", v[P_CD]);
	return spring_from_nissen(v[P_CK], v[P_CD], mass, h, p);
}

/* Allen Chou's frequency and decay fraction over a time. */
static int
from_chou(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_chou(v[P_HZ], v[P_DECAY], v[P_DECAY_TIME], p);
}

/*
 * omega and zeta themselves, as run --metrics, sweep and convert print
 * them: the output's names read back (Studio Gobo's --uaf --dr).
 */
static int
from_omega_zeta(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_uaf(v[P_OUT_OMEGA], v[P_OUT_ZETA], p);
}

/* See paramgroups.h: Studio Gobo's pair and springsim's own names. */
int
group_as_given(const struct param_group *g, enum param_id *omega,
    enum param_id *zeta)
{
	if (g->convert == from_uaf) {
		*omega = P_UAF;
		*zeta = P_DR;
		return 1;
	}
	if (g->convert == from_omega_zeta) {
		*omega = P_OUT_OMEGA;
		*zeta = P_OUT_ZETA;
		return 1;
	}
	return 0;
}

/*
 * A stiffness and a damping ratio (Unreal's FloatSpringInterp Stiffness
 * and CriticalDampingFactor), on --mass: omega = sqrt(K / M), zeta = Z.
 */
static int
from_stiffness_dr(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_unreal(v[P_STIFFNESS], v[P_DR], mass, p);
}

/* A frequency in Hz and a damping ratio: omega = 2 pi F, zeta = Z. */
static int
from_hz_dr(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	/* Box2D's b2MakeSoft takes the same two numbers */
	return spring_from_box2d(v[P_HZ], v[P_DR], p);
}

/* SwiftUI's response and dampingFraction. */
static int
from_swiftui_response(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_swiftui_response(v[P_SWIFTUI_RESPONSE],
	    v[P_SWIFTUI_DAMPING_FRACTION], p);
}

/* SwiftUI's duration and bounce. */
static int
from_swiftui_duration(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_swiftui_duration(v[P_SWIFTUI_DURATION],
	    v[P_SWIFTUI_BOUNCE], p);
}

/* Android's SpringForce stiffness and damping ratio. */
static int
from_android(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_android(v[P_ANDROID_STIFFNESS],
	    v[P_ANDROID_DAMPING_RATIO], p);
}

/* Unity's SmoothDamp smoothTime. */
static int
from_unity(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_unity(v[P_UNITY_SMOOTH_TIME], p);
}

/* react-spring's tension, friction and mass. */
static int
from_react(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_react(v[P_REACT_TENSION], v[P_REACT_FRICTION],
	    mass, p);
}

/* react-spring's frequency (a period) and damping ratio. */
static int
from_react_frequency(const double *v, double mass, double h,
    spring_params *p)
{
	(void)h;
	return spring_from_react_frequency(v[P_REACT_FREQUENCY],
	    v[P_REACT_DAMPING_RATIO], mass, p);
}

/* Motion's stiffness, damping and mass. */
static int
from_motion(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_motion(v[P_MOTION_STIFFNESS], v[P_MOTION_DAMPING],
	    mass, p);
}

/* Motion's duration and bounce. */
static int
from_motion_duration(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_motion_duration(v[P_MOTION_DURATION],
	    v[P_MOTION_BOUNCE], p);
}

/* Motion's visualDuration and bounce. */
static int
from_motion_visual(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_motion_visual(v[P_MOTION_VISUAL_DURATION],
	    v[P_MOTION_BOUNCE], p);
}

/* Rebound's tension and friction. */
static int
from_rebound(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_rebound(v[P_REBOUND_TENSION], v[P_REBOUND_FRICTION],
	    p);
}

/* Origami's tension and friction, through Rebound's converter. */
static int
from_origami(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_origami(v[P_ORIGAMI_TENSION], v[P_ORIGAMI_FRICTION],
	    p);
}

/* Box2D's soft constraint hertz and damping ratio. */
static int
from_box2d(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_box2d(v[P_BOX2D_HERTZ], v[P_BOX2D_DAMPING_RATIO], p);
}

/* A library's stiffness, damping and mass (physical units). */
static int
from_physical(const double *v, double mass, double h, spring_params *p,
    enum param_id k, enum param_id d)
{
	(void)h;
	return spring_from_stiffness(v[k], v[d], mass, p);
}

/* popmotion's stiffness, damping and mass. */
static int
from_popmotion(const double *v, double mass, double h, spring_params *p)
{
	return from_physical(v, mass, h, p, P_POPMOTION_STIFFNESS,
	    P_POPMOTION_DAMPING);
}

/* popmotion's duration and bounce: Motion's search (findSpring). */
static int
from_popmotion_duration(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_popmotion_duration(v[P_POPMOTION_DURATION],
	    v[P_POPMOTION_BOUNCE], p);
}

/* wobble's stiffness, damping and mass. */
static int
from_wobble(const double *v, double mass, double h, spring_params *p)
{
	return from_physical(v, mass, h, p, P_WOBBLE_STIFFNESS,
	    P_WOBBLE_DAMPING);
}

/* react-motion's stiffness and damping, on a unit mass. */
static int
from_react_motion(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	return from_physical(v, 1.0, h, p, P_REACT_MOTION_STIFFNESS,
	    P_REACT_MOTION_DAMPING);
}

/* Motion One's stiffness, damping and mass. */
static int
from_motion_one(const double *v, double mass, double h, spring_params *p)
{
	return from_physical(v, mass, h, p, P_MOTION_ONE_STIFFNESS,
	    P_MOTION_ONE_DAMPING);
}

/* svelte's stiffness and damping, read at 60 fps. */
static int
from_svelte(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_svelte(v[P_SVELTE_STIFFNESS], v[P_SVELTE_DAMPING], p);
}

/* anime.js's stiffness, damping and mass. */
static int
from_anime(const double *v, double mass, double h, spring_params *p)
{
	return from_physical(v, mass, h, p, P_ANIME_STIFFNESS,
	    P_ANIME_DAMPING);
}

/* anime.js's perceived duration and bounce (calculateSDFromBD). */
static int
from_anime_duration(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_anime_duration(v[P_ANIME_DURATION],
	    v[P_ANIME_BOUNCE], p);
}

/* React Native's stiffness, damping and mass. */
static int
from_rn(const double *v, double mass, double h, spring_params *p)
{
	return from_physical(v, mass, h, p, P_RN_STIFFNESS, P_RN_DAMPING);
}

/*
 * React Native's bounciness and speed (SpringConfig.js
 * fromBouncinessAndSpeed); React Native refuses the damping <= 0 that
 * a large bounciness gives (SpringAnimation's invariant).
 */
static int
from_rn_bounciness(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	if (spring_from_react_native_bounciness(v[P_RN_BOUNCINESS],
	    v[P_RN_SPEED], p) != 0) {
		warn_msg("--rn-bounciness: '%g' (with --rn-speed '%g') gives "
		    "React Native a damping <= 0, which it refuses",
		    v[P_RN_BOUNCINESS], v[P_RN_SPEED]);
		return -2;
	}
	return 0;
}

/* Jetpack Compose's stiffness and damping ratio: Android's. */
static int
from_compose(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_android(v[P_COMPOSE_STIFFNESS],
	    v[P_COMPOSE_DAMPING_RATIO], p);
}

/* Flutter's SpringDescription(mass, stiffness, damping). */
static int
from_flutter(const double *v, double mass, double h, spring_params *p)
{
	return from_physical(v, mass, h, p, P_FLUTTER_STIFFNESS,
	    P_FLUTTER_DAMPING);
}

/* Flutter's SpringDescription.withDurationAndBounce, whole ms. */
static int
from_flutter_duration(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_flutter_duration(v[P_FLUTTER_DURATION],
	    v[P_FLUTTER_BOUNCE], p);
}

/*
 * The conventions: exactly one group per call (or none, for the
 * default): every flag of `flags`, and any of `optional`.  --mass may go
 * with any of them; it changes the motion only for stiffness/damping and
 * the libraries' stiffness/damping/mass groups (with Ck/Cd the mass
 * cancels: omega = sqrt(Ck) / h, zeta = Cd / (2 sqrt(Ck))); otherwise it
 * scales forces and energy.  A library's own mass flag (optional) stands
 * for --mass.  engines: the --engine names that take a library's group
 * (NULL: springsim's own, every engine takes it; "": none, a library
 * springsim does not run); a duration form hands the engine its
 * duration and bounce flags as given (SPRING_ENGINE_DURATION).
 */
const struct param_group param_groups[] = {
	{ M2(P_STIFFNESS, P_DAMPING), M0, "stiffness/damping",
	  "Fiedler, Holden", from_stiffness, NULL, 0, 0, 0 },
	{ M2(P_UAF, P_DR), M0, "uaf/dr", "Studio Gobo", from_uaf, NULL, 0, 0,
	  0 },
	{ M2(P_HALFLIFE, P_FREQUENCY), M0, "halflife/frequency",
	  "Holden", from_halflife_frequency, NULL, 0, 0, 0 },
	{ M2(P_HALFLIFE, P_DR), M0, "halflife/dr", "Holden",
	  from_halflife_dr, NULL, 0, 0, 0 },
	{ M2(P_CK, P_CD), M0, "ck/cd", "Nissen", from_nissen, NULL, 0, 0, 0 },
	{ M3(P_HZ, P_DECAY, P_DECAY_TIME), M0,
	  "hz/decay/decay-time", "Chou", from_chou, NULL, 0, 0, 0 },
	{ M2(P_OUT_OMEGA, P_OUT_ZETA), M0, "omega/zeta",
	  "springsim's output names", from_omega_zeta, NULL, 0, 0, 0 },
	{ M2(P_STIFFNESS, P_DR), M0, "stiffness/dr",
	  "Unreal FloatSpringInterp", from_stiffness_dr, NULL, 0, 0, 0 },
	{ M2(P_HZ, P_DR), M0, "hz/dr", "frequency and damping ratio",
	  from_hz_dr, NULL, 0, 0, 0 },
	{ M2(P_SWIFTUI_RESPONSE, P_SWIFTUI_DAMPING_FRACTION), M0,
	  "swiftui-response", "SwiftUI Spring(response:dampingFraction:)",
	  from_swiftui_response, "", 0, 0, 0 },
	{ M2(P_SWIFTUI_DURATION, P_SWIFTUI_BOUNCE), M0,
	  "swiftui-duration", "SwiftUI Spring(duration:bounce:)",
	  from_swiftui_duration, "", 0, 0, 0 },
	{ M2(P_ANDROID_STIFFNESS, P_ANDROID_DAMPING_RATIO), M0,
	  "android", "Android SpringForce", from_android, "android compose", 0,
	  0, 0 },
	{ M1(P_UNITY_SMOOTH_TIME), M0, "unity", "Unity Mathf.SmoothDamp",
	  from_unity, "unity", 0, 0, 0 },
	{ M2(P_REACT_TENSION, P_REACT_FRICTION), M1(P_REACT_MASS),
	  "react", "react-spring config", from_react, "react-spring", 0, 0,
	  0 },
	{ M2(P_REACT_FREQUENCY, P_REACT_DAMPING_RATIO),
	  M1(P_REACT_MASS), "react-frequency",
	  "react-spring frequency/damping", from_react_frequency,
	  "react-spring", 0, 0, 0 },
	{ M2(P_MOTION_STIFFNESS, P_MOTION_DAMPING), M1(P_MOTION_MASS),
	  "motion", "Motion (framer-motion)", from_motion, "motion", 0, 0,
	  0 },
	{ M2(P_MOTION_DURATION, P_MOTION_BOUNCE), M0,
	  "motion-duration", "Motion findSpring, emulated",
	  from_motion_duration, "motion", 1, P_MOTION_DURATION,
	  P_MOTION_BOUNCE },
	{ M2(P_MOTION_VISUAL_DURATION, P_MOTION_BOUNCE), M0,
	  "motion-visual-duration", "Motion visualDuration",
	  from_motion_visual, "motion", 0, 0, 0 },
	{ M2(P_REBOUND_TENSION, P_REBOUND_FRICTION), M0, "rebound",
	  "Facebook Rebound", from_rebound, "rebound", 0, 0, 0 },
	{ M2(P_ORIGAMI_TENSION, P_ORIGAMI_FRICTION), M0, "origami",
	  "Rebound OrigamiValueConverter", from_origami,
	  "rebound react-native", 0, 0, 0 },
	{ M2(P_BOX2D_HERTZ, P_BOX2D_DAMPING_RATIO), M0, "box2d",
	  "Box2D b2MakeSoft", from_box2d, "box2d", 0, 0, 0 },
	/* the libraries --engine runs */
	{ M2(P_POPMOTION_STIFFNESS, P_POPMOTION_DAMPING), M1(P_POPMOTION_MASS),
	  "popmotion", "popmotion spring", from_popmotion, "popmotion", 0, 0,
	  0 },
	{ M2(P_POPMOTION_DURATION, P_POPMOTION_BOUNCE), M0,
	  "popmotion-duration", "popmotion findSpring",
	  from_popmotion_duration, "popmotion", 1, P_POPMOTION_DURATION,
	  P_POPMOTION_BOUNCE },
	{ M2(P_WOBBLE_STIFFNESS, P_WOBBLE_DAMPING), M1(P_WOBBLE_MASS),
	  "wobble", "wobble Spring", from_wobble, "wobble", 0, 0, 0 },
	{ M2(P_REACT_MOTION_STIFFNESS, P_REACT_MOTION_DAMPING), M0,
	  "react-motion", "react-motion spring()", from_react_motion,
	  "react-motion", 0, 0, 0 },
	{ M2(P_MOTION_ONE_STIFFNESS, P_MOTION_ONE_DAMPING),
	  M1(P_MOTION_ONE_MASS), "motion-one", "Motion One spring()",
	  from_motion_one, "motion-one", 0, 0, 0 },
	{ M2(P_SVELTE_STIFFNESS, P_SVELTE_DAMPING), M0, "svelte",
	  "svelte/motion spring, at 60 fps", from_svelte, "svelte", 0, 0, 0 },
	{ M2(P_ANIME_STIFFNESS, P_ANIME_DAMPING), M1(P_ANIME_MASS), "anime",
	  "anime.js spring()", from_anime, "anime", 0, 0, 0 },
	{ M2(P_ANIME_DURATION, P_ANIME_BOUNCE), M0, "anime-duration",
	  "anime.js spring({ bounce, duration })", from_anime_duration,
	  "anime", 1, P_ANIME_DURATION, P_ANIME_BOUNCE },
	{ M2(P_RN_STIFFNESS, P_RN_DAMPING), M1(P_RN_MASS), "react-native",
	  "React Native Animated.spring", from_rn, "react-native", 0, 0, 0 },
	{ M2(P_RN_BOUNCINESS, P_RN_SPEED), M0, "rn-bounciness",
	  "React Native fromBouncinessAndSpeed", from_rn_bounciness,
	  "react-native", 0, 0, 0 },
	{ M2(P_COMPOSE_STIFFNESS, P_COMPOSE_DAMPING_RATIO), M0, "compose",
	  "Jetpack Compose spring()", from_compose, "compose", 0, 0, 0 },
	{ M2(P_FLUTTER_STIFFNESS, P_FLUTTER_DAMPING), M1(P_FLUTTER_MASS),
	  "flutter", "Flutter SpringDescription", from_flutter, "flutter", 0,
	  0, 0 },
	{ M2(P_FLUTTER_DURATION, P_FLUTTER_BOUNCE), M0, "flutter-duration",
	  "Flutter SpringDescription.withDurationAndBounce",
	  from_flutter_duration, "flutter", 1, P_FLUTTER_DURATION,
	  P_FLUTTER_BOUNCE },
	{ M0, M0, NULL, NULL, NULL, NULL, 0, 0, 0 }
};

/*
 * Whether --mass (or the group's own mass flag) changes omega and zeta:
 * for stiffness, damping and mass, not where the mass only scales forces
 * (Ck/Cd: it cancels).
 */
int
mass_moves(const struct param_group *g)
{
	return g != NULL && (g->convert == from_stiffness ||
	    g->convert == from_stiffness_dr ||
	    g->convert == from_react || g->convert == from_motion ||
	    g->convert == from_popmotion || g->convert == from_wobble ||
	    g->convert == from_motion_one || g->convert == from_anime ||
	    g->convert == from_rn || g->convert == from_flutter);
}

/* The conventions' paragraphs of --help. */
void
param_usage(FILE *fp)
{
	fputs(
"Spring parameters, exactly one group (default: omega 4 pi rad/s = 2 Hz,\n"
"zeta 0.3):\n"
"  --stiffness K --damping D   N/m and N s/m (with --mass): omega =\n"
"                      sqrt(K/M), zeta = D / (2 sqrt(K M))  [Fiedler, Holden]\n"
"  --uaf W --dr Z      undamped angular frequency rad/s, damping ratio\n"
"                      [Studio Gobo]\n"
"  --halflife H --frequency F   s and Hz: damping 4 ln2 / H, stiffness\n"
"                      (2 pi F)^2 per unit mass  [Holden]\n"
"  --halflife H --dr Z  s and damping ratio (> 0): omega = 2 ln2 / (H Z)\n"
"                      [Holden]\n"
"  --ck C --cd C       Nissen's coefficients: k = Ck M / h^2, d = Cd M / h\n"
"                      for the step h actually taken; Ck > 0, Cd >= 0,\n"
"                      above 1 allowed with a warning\n"
"  --hz F --decay P --decay-time T   oscillation Hz, the fraction P in (0,1)\n"
"                      of the amplitude left after T s (0.1: 90 % gone):\n"
"                      zeta = ln(P) / (-2 pi F T)  [Chou]\n"
"  --omega W --zeta Z  rad/s and damping ratio, as the omega and zeta\n"
"                      columns and keys print them (= --uaf --dr)\n"
"  --stiffness K --dr Z   N/m and damping ratio (with --mass): omega =\n"
"                      sqrt(K/M), zeta = Z  [Unreal FloatSpringInterp]\n"
"  --hz F --dr Z       Hz and damping ratio: omega = 2 pi F, zeta = Z\n"
"  --mass M            kg, > 0 (default 1)\n"
"Two half-lives: Holden's H is twice the time in which the envelope\n"
"e^(-zeta omega t) of the offset halves; that time, ln2 / (zeta omega) =\n"
"H / 2, is the half-life of Chou's decay (P = 0.5) and of physics.\n"
"\n"
"Other libraries' parameters, each a group like the above (per unit mass\n"
"where the library has none; a library's mass flag stands for --mass):\n"
"  --swiftui-response R --swiftui-damping-fraction F   omega = 2 pi / R,\n"
"                      zeta = F  [SwiftUI Spring(response:dampingFraction:)]\n"
"  --swiftui-duration D --swiftui-bounce B   omega = 2 pi / D, zeta = 1 - B\n"
"                      for B >= 0, 1 / (1 + B) for B < 0 (-1 < B <= 1)\n"
"                      [SwiftUI Spring(duration:bounce:)]\n"
"  --android-stiffness K --android-damping-ratio Z   mass 1: omega =\n"
"                      sqrt(K), zeta = Z  [Android SpringForce]\n"
"  --unity-smooth-time T   critical, omega = 2 / T (T >= 0.0001); Unity\n"
"                      steps it with a rational e^-x (0.12 % off at\n"
"                      omega dt = 1) and clamps the overshoot\n"
"                      [Unity Mathf.SmoothDamp]\n"
"  --react-tension T --react-friction F [--react-mass M]   stiffness,\n"
"                      damping, mass (default 1)  [react-spring]\n"
"  --react-frequency P --react-damping-ratio Z [--react-mass M]   the\n"
"                      \"frequency\" is a period in s (>= 0.01): omega =\n"
"                      2 pi / P, zeta = Z  [react-spring]\n"
"  --motion-stiffness K --motion-damping D [--motion-mass M]   [Motion]\n"
"  --motion-duration D --motion-bounce B   zeta = 1 - B (0 <= B <= 0.95)\n"
"                      or 1 / (1 + B) (-0.95 <= B < 0), omega by Motion's\n"
"                      own search (11 Newton steps on its 0.1 % envelope;\n"
"                      0.01 <= D <= 10; over-damped, scaled to end with\n"
"                      the critical one), an emulation  [Motion findSpring]\n"
"  --motion-visual-duration V --motion-bounce B   omega = 2 pi / (1.2 V),\n"
"                      zeta as above (over-damped omega scaled likewise)\n"
"                      [Motion]\n"
"  --rebound-tension T --rebound-friction F   mass 1: stiffness, damping\n"
"                      [Facebook Rebound]\n"
"  --origami-tension T --origami-friction F   Rebound's converter: tension\n"
"                      (T - 30) 3.62 + 194, friction (F - 8) 3 + 25; T > 0,\n"
"                      F >= 0 (0 too: friction 1, as rebound-js and React\n"
"                      Native)  [Rebound OrigamiValueConverter]\n"
"  --box2d-hertz H --box2d-damping-ratio Z   omega = 2 pi H, zeta = Z\n"
"                      [Box2D b2MakeSoft]\n"
"These give each library's spring in springsim's terms; a run's engine\n"
"option steps it as the library does (react-spring's 1 ms Euler,\n"
"Rebound's 1 ms RK4, Box2D's soft step, Unity's float SmoothDamp ...).\n",
	    fp);
	fputs(
"More libraries, in their own words (a run's engine takes its\n"
"library's groups and the conventions above):\n"
"  --popmotion-stiffness K --popmotion-damping D [--popmotion-mass M]\n"
"  --popmotion-duration D --popmotion-bounce B   Motion's search (D in s)\n"
"  --wobble-stiffness K --wobble-damping D [--wobble-mass M]   D > 0\n"
"  --react-motion-stiffness K --react-motion-damping D   mass 1\n"
"  --motion-one-stiffness K --motion-one-damping D [--motion-one-mass M]\n"
"  --svelte-stiffness K --svelte-damping B   per 60 fps frame: omega =\n"
"                      60 sqrt(K), zeta = B / (2 sqrt(K))\n"
"  --anime-stiffness K --anime-damping D [--anime-mass M]\n"
"  --anime-duration D --anime-bounce B   anime.js's perceived duration (s,\n"
"                      0.01..10), bounce -1..1: stiffness (2 pi / D)^2,\n"
"                      damping (1 - B) 4 pi / D (4 pi / (D (1 + B)) below\n"
"                      0), rounded to 3 decimals\n"
"  --rn-stiffness K --rn-damping D [--rn-mass M]   React Native, D > 0\n"
"  --rn-bounciness B --rn-speed S   React Native's fromBouncinessAndSpeed\n"
"  --compose-stiffness K --compose-damping-ratio Z   Compose: Android's\n"
"  --flutter-stiffness K --flutter-damping D [--flutter-mass M]\n"
"  --flutter-duration D --flutter-bounce B   Flutter's withDurationAndBounce\n"
"                      (whole ms): omega = 2 pi / D, zeta as SwiftUI's\n"
"springsim --help, Engines, lists the engines and their flags.\n",
	    fp);
}
