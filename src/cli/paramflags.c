/*
 * paramflags.c - the spring's parameter flags: one convention per call,
 * checked strictly and converted to (omega, zeta, mass) by the library.
 * The articles' conventions come from params.c, the other libraries'
 * dialects from dialects.c (which cites each library's source).
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "spring.h"
#include "paramflags.h"

#define PI 3.141592653589793238462643383280
/*
 * The masks of a group's flags, constant expressions for the table: word
 * i of the mask of flag p, and the masks of one to three flags.
 */
#define MW(p, i) ((p) / 64 == (i) ? 1ull << ((p) % 64) : 0ull)
#define M0 {{ 0ull, 0ull }}
#define M1(a) {{ MW(a, 0), MW(a, 1) }}
#define M2(a, b) {{ MW(a, 0) | MW(b, 0), MW(a, 1) | MW(b, 1) }}
#define M3(a, b, c) {{ MW(a, 0) | MW(b, 0) | MW(c, 0), \
	MW(a, 1) | MW(b, 1) | MW(c, 1) }}
_Static_assert(PARAM_MASK_WORDS == 2, "the M macros write two words");

/* The mask of flag p alone. */
static param_mask
mask_of(int p)
{
	param_mask m;

	memset(&m, 0, sizeof(m));
	m.w[p / 64] = 1ull << (p % 64);
	return m;
}

/* a | b. */
static param_mask
mask_or(param_mask a, param_mask b)
{
	int i;

	for (i = 0; i < PARAM_MASK_WORDS; i++)
		a.w[i] |= b.w[i];
	return a;
}

/* a & ~b: the flags of a not in b. */
static param_mask
mask_minus(param_mask a, param_mask b)
{
	int i;

	for (i = 0; i < PARAM_MASK_WORDS; i++)
		a.w[i] &= ~b.w[i];
	return a;
}

/* Whether flag p is in m. */
static int
mask_has(param_mask m, int p)
{
	return (m.w[p / 64] >> (p % 64)) & 1u;
}

/* The number of flags in m. */
static int
mask_count(param_mask m)
{
	int p, n = 0;

	for (p = 0; p < P_COUNT; p++)
		n += mask_has(m, p);
	return n;
}

/* Whether a and b hold the same flags. */
static int
mask_eq(param_mask a, param_mask b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

/*
 * How a parameter flag's value is checked: an interval and the message's
 * "must ...".  A library that would silently change a value (clamp it)
 * has its clamp as the range, so the flag says what the library does.
 */
enum range {
	POSITIVE, NONNEGATIVE, OPEN_UNIT, SWIFTUI_BOUNCE, MOTION_BOUNCE,
	MOTION_DURATION, UNITY_TIME, REACT_PERIOD, UNIT_FACTOR,
	POPMOTION_BOUNCE, POPMOTION_DURATION, ANIME_DURATION, ANIME_BOUNCE,
	FLUTTER_DURATION, FLUTTER_BOUNCE
};

#define LN2 0.693147180559945309417232121458176568

static const struct range_rule {
	double lo, hi;
	int lo_open, hi_open;	/* 1: the bound itself is refused */
	const char *must;
} range_rules[] = {
	[POSITIVE] = { 0.0, DBL_MAX, 1, 0, "must be > 0" },
	[NONNEGATIVE] = { 0.0, DBL_MAX, 0, 0, "must be >= 0" },
	[OPEN_UNIT] = { 0.0, 1.0, 1, 1,
	    "must be between 0 and 1, exclusive" },
	[SWIFTUI_BOUNCE] = { -1.0, 1.0, 1, 0,
	    "must be > -1 and <= 1 (SwiftUI's range)" },
	[MOTION_BOUNCE] = { SPRING_MOTION_MIN_DAMPING - 1.0,
	    1.0 - SPRING_MOTION_MIN_DAMPING, 0, 0,
	    "must be between -0.95 and 0.95 (Motion raises 1 + bounce and "
	    "1 - bounce to 0.05)" },
	[MOTION_DURATION] = { SPRING_MOTION_MIN_DURATION,
	    SPRING_MOTION_MAX_DURATION, 0, 0,
	    "must be between 0.01 and 10 s (Motion clamps it there)" },
	[UNITY_TIME] = { SPRING_UNITY_MIN_SMOOTH_TIME, DBL_MAX, 0, 0,
	    "must be >= 0.0001 (Unity raises it to that)" },
	[REACT_PERIOD] = { SPRING_REACT_MIN_FREQUENCY, DBL_MAX, 0, 0,
	    "must be >= 0.01 (react-spring raises it to that)" },
	[UNIT_FACTOR] = { 0.0, 1.0, 1, 0, "must be > 0 and <= 1" },
	[POPMOTION_BOUNCE] = { 0.0, 1.0 - SPRING_MOTION_MIN_DAMPING, 0, 0,
	    "must be between 0 and 0.95 (popmotion clamps 1 - bounce to "
	    "0.05..1)" },
	[POPMOTION_DURATION] = { SPRING_MOTION_MIN_DURATION,
	    SPRING_MOTION_MAX_DURATION, 0, 0,
	    "must be between 0.01 and 10 s (popmotion clamps it there)" },
	[ANIME_DURATION] = { SPRING_ANIME_MIN_DURATION,
	    SPRING_ANIME_MAX_DURATION, 0, 0,
	    "must be between 0.01 and 10 s (anime.js clamps it there)" },
	[ANIME_BOUNCE] = { -1.0, 1.0, 0, 0,
	    "must be between -1 and 1 (anime.js clamps it there)" },
	[FLUTTER_DURATION] = { 0.001, DBL_MAX, 0, 0,
	    "must be >= 0.001 s (Flutter takes whole milliseconds, > 0)" },
	[FLUTTER_BOUNCE] = { -1.0, 1.0, 1, 0,
	    "must be > -1 and <= 1 (Flutter's damping ratio is 1 - B or "
	    "1 / (1 + B))" },
};

static const struct param_flag {
	const char *name;	/* the long option, without "--" */
	enum range range;
	int is_mass;		/* stands for --mass within its group */
} param_flags[P_COUNT] = {
	[P_STIFFNESS] = { "stiffness", POSITIVE, 0 },
	[P_DAMPING] = { "damping", NONNEGATIVE, 0 },
	[P_UAF] = { "uaf", POSITIVE, 0 },
	[P_DR] = { "dr", NONNEGATIVE, 0 },
	[P_HALFLIFE] = { "halflife", POSITIVE, 0 },
	[P_FREQUENCY] = { "frequency", POSITIVE, 0 },
	[P_CK] = { "ck", POSITIVE, 0 },
	[P_CD] = { "cd", NONNEGATIVE, 0 },
	[P_HZ] = { "hz", POSITIVE, 0 },
	[P_DECAY] = { "decay", OPEN_UNIT, 0 },
	[P_DECAY_TIME] = { "decay-time", POSITIVE, 0 },
	[P_OUT_OMEGA] = { "omega", POSITIVE, 0 },
	[P_OUT_ZETA] = { "zeta", NONNEGATIVE, 0 },
	[P_SWIFTUI_RESPONSE] = { "swiftui-response", POSITIVE, 0 },
	[P_SWIFTUI_DAMPING_FRACTION] = { "swiftui-damping-fraction",
	    NONNEGATIVE, 0 },
	[P_SWIFTUI_DURATION] = { "swiftui-duration", POSITIVE, 0 },
	[P_SWIFTUI_BOUNCE] = { "swiftui-bounce", SWIFTUI_BOUNCE, 0 },
	[P_ANDROID_STIFFNESS] = { "android-stiffness", POSITIVE, 0 },
	[P_ANDROID_DAMPING_RATIO] = { "android-damping-ratio", NONNEGATIVE,
	    0 },
	[P_UNITY_SMOOTH_TIME] = { "unity-smooth-time", UNITY_TIME, 0 },
	[P_REACT_TENSION] = { "react-tension", POSITIVE, 0 },
	[P_REACT_FRICTION] = { "react-friction", NONNEGATIVE, 0 },
	[P_REACT_MASS] = { "react-mass", POSITIVE, 1 },
	[P_REACT_FREQUENCY] = { "react-frequency", REACT_PERIOD, 0 },
	[P_REACT_DAMPING_RATIO] = { "react-damping-ratio", NONNEGATIVE, 0 },
	[P_MOTION_STIFFNESS] = { "motion-stiffness", POSITIVE, 0 },
	[P_MOTION_DAMPING] = { "motion-damping", NONNEGATIVE, 0 },
	[P_MOTION_MASS] = { "motion-mass", POSITIVE, 1 },
	[P_MOTION_DURATION] = { "motion-duration", MOTION_DURATION, 0 },
	[P_MOTION_VISUAL_DURATION] = { "motion-visual-duration", POSITIVE,
	    0 },
	[P_MOTION_BOUNCE] = { "motion-bounce", MOTION_BOUNCE, 0 },
	[P_REBOUND_TENSION] = { "rebound-tension", POSITIVE, 0 },
	[P_REBOUND_FRICTION] = { "rebound-friction", NONNEGATIVE, 0 },
	[P_ORIGAMI_TENSION] = { "origami-tension", POSITIVE, 0 },
	[P_ORIGAMI_FRICTION] = { "origami-friction", NONNEGATIVE, 0 },
	[P_BOX2D_HERTZ] = { "box2d-hertz", POSITIVE, 0 },
	[P_BOX2D_DAMPING_RATIO] = { "box2d-damping-ratio", NONNEGATIVE, 0 },
	[P_POPMOTION_STIFFNESS] = { "popmotion-stiffness", POSITIVE, 0 },
	[P_POPMOTION_DAMPING] = { "popmotion-damping", NONNEGATIVE, 0 },
	[P_POPMOTION_MASS] = { "popmotion-mass", POSITIVE, 1 },
	[P_POPMOTION_DURATION] = { "popmotion-duration", POPMOTION_DURATION,
	    0 },
	[P_POPMOTION_BOUNCE] = { "popmotion-bounce", POPMOTION_BOUNCE, 0 },
	/* wobble and React Native refuse a damping of 0 (an invariant) */
	[P_WOBBLE_STIFFNESS] = { "wobble-stiffness", POSITIVE, 0 },
	[P_WOBBLE_DAMPING] = { "wobble-damping", POSITIVE, 0 },
	[P_WOBBLE_MASS] = { "wobble-mass", POSITIVE, 1 },
	[P_REACT_MOTION_STIFFNESS] = { "react-motion-stiffness", POSITIVE, 0 },
	[P_REACT_MOTION_DAMPING] = { "react-motion-damping", NONNEGATIVE, 0 },
	[P_MOTION_ONE_STIFFNESS] = { "motion-one-stiffness", POSITIVE, 0 },
	[P_MOTION_ONE_DAMPING] = { "motion-one-damping", NONNEGATIVE, 0 },
	[P_MOTION_ONE_MASS] = { "motion-one-mass", POSITIVE, 1 },
	[P_SVELTE_STIFFNESS] = { "svelte-stiffness", POSITIVE, 0 },
	[P_SVELTE_DAMPING] = { "svelte-damping", NONNEGATIVE, 0 },
	[P_ANIME_STIFFNESS] = { "anime-stiffness", POSITIVE, 0 },
	[P_ANIME_DAMPING] = { "anime-damping", NONNEGATIVE, 0 },
	[P_ANIME_MASS] = { "anime-mass", POSITIVE, 1 },
	[P_ANIME_DURATION] = { "anime-duration", ANIME_DURATION, 0 },
	[P_ANIME_BOUNCE] = { "anime-bounce", ANIME_BOUNCE, 0 },
	[P_RN_STIFFNESS] = { "rn-stiffness", POSITIVE, 0 },
	[P_RN_DAMPING] = { "rn-damping", POSITIVE, 0 },
	[P_RN_MASS] = { "rn-mass", POSITIVE, 1 },
	[P_RN_BOUNCINESS] = { "rn-bounciness", NONNEGATIVE, 0 },
	[P_RN_SPEED] = { "rn-speed", NONNEGATIVE, 0 },
	[P_COMPOSE_STIFFNESS] = { "compose-stiffness", POSITIVE, 0 },
	[P_COMPOSE_DAMPING_RATIO] = { "compose-damping-ratio", NONNEGATIVE,
	    0 },
	[P_FLUTTER_STIFFNESS] = { "flutter-stiffness", POSITIVE, 0 },
	[P_FLUTTER_DAMPING] = { "flutter-damping", NONNEGATIVE, 0 },
	[P_FLUTTER_MASS] = { "flutter-mass", POSITIVE, 1 },
	[P_FLUTTER_DURATION] = { "flutter-duration", FLUTTER_DURATION, 0 },
	[P_FLUTTER_BOUNCE] = { "flutter-bounce", FLUTTER_BOUNCE, 0 },
	[P_FACTOR] = { "factor", UNIT_FACTOR, 0 },
	[P_FT] = { "ft", POSITIVE, 0 },
};

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
static const struct param_group {
	param_mask flags, optional;
	const char *name;
	const char *source;
	int (*convert)(const double *v, double mass, double h,
	    spring_params *p);
	const char *engines;
	int duration;		/* the flags are duration, bounce */
	enum param_id duration_id, bounce_id;
} param_groups[] = {
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

/* No flags given yet; mass 1. */
void
param_set_init(struct param_set *ps)
{
	memset(ps, 0, sizeof(*ps));
	ps->mass = 1.0;
}

/* Whether the first n entries of opts have one named name. */
static int
has_option(const struct option *opts, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(opts[i].name, name) == 0)
			return 1;
	return 0;
}

/*
 * own's entries, then one per parameter flag (but one own already
 * names) and --mass, then NULL.
 */
int
param_longopts(const struct option *own, struct option *out, size_t cap)
{
	size_t n = 0;
	int p;

	for (; own->name != NULL; own++) {
		if (n + 1 >= cap)
			return -1;
		out[n++] = *own;
	}
	if (n + P_COUNT + 2 > cap)
		return -1;
	for (p = 0; p < P_COUNT; p++) {
		/* a command's own flag of that name wins (resonance's --hz) */
		if (has_option(out, n, param_flags[p].name))
			continue;
		out[n].name = param_flags[p].name;
		out[n].has_arg = required_argument;
		out[n].flag = NULL;
		out[n++].val = PARAM_OPT + p;
	}
	out[n].name = "mass";
	out[n].has_arg = required_argument;
	out[n].flag = NULL;
	out[n++].val = PARAM_OPT_MASS;
	memset(&out[n], 0, sizeof(out[n]));
	return 0;
}

/* A number with |value| <= MAX_MAGNITUDE, with a message if not. */
int
parse_bounded(const char *flag, const char *arg, double *out)
{
	if (parse_double(flag, arg, out) != 0)
		return -1;
	if (fabs(*out) > MAX_MAGNITUDE) {
		warn_msg("%s: '%s' is beyond +-%g", flag, arg, MAX_MAGNITUDE);
		return -1;
	}
	return 0;
}

/* Read one parameter flag; see paramflags.h. */
int
param_option(struct param_set *ps, int c, const char *arg)
{
	double x;

	if (c != PARAM_OPT_MASS && (c < PARAM_OPT || c >= PARAM_OPT + P_COUNT))
		return 0;
	if (scan_double(arg, &x) != 0) {
		char flag[40];

		param_flag_name(c, flag, sizeof(flag));
		parse_double(flag, arg, &x);	/* says why */
		return -1;
	}
	return param_set_value(ps, c, arg, x);
}

/* See paramflags.h. */
void
param_flag_name(int c, char *buf, size_t len)
{
	snprintf(buf, len, "--%s", c == PARAM_OPT_MASS ? "mass" :
	    param_flags[c - PARAM_OPT].name);
}

/* See paramflags.h. */
int
param_set_value(struct param_set *ps, int c, const char *arg, double x)
{
	char flag[40];
	int p = c - PARAM_OPT;

	if (c != PARAM_OPT_MASS && (p < 0 || p >= P_COUNT))
		return 0;
	if (fabs(x) > MAX_MAGNITUDE) {
		param_flag_name(c, flag, sizeof(flag));
		warn_msg("%s: '%s' is beyond +-%g", flag, arg, MAX_MAGNITUDE);
		return -1;
	}
	if (c == PARAM_OPT_MASS) {
		if (!(x > 0.0)) {
			warn_msg("--mass: '%s' must be > 0", arg);
			return -1;
		}
		ps->mass = x;
		ps->mass_arg = arg;
		return 1;
	}
	ps->value[p] = x;
	ps->arg[p] = arg;
	ps->given = mask_or(ps->given, mask_of(p));
	return 1;
}

/* Whether x is within flag id's range. */
static int
in_range(enum param_id id, double x)
{
	const struct range_rule *r = &range_rules[param_flags[id].range];

	return (r->lo_open ? x > r->lo : x >= r->lo) &&
	    (r->hi_open ? x < r->hi : x <= r->hi);
}

/* Check a parameter flag's value (typed as arg) against its range. */
static int
check_param(enum param_id id, double x, const char *arg)
{
	const struct param_flag *pf = &param_flags[id];

	if (in_range(id, x))
		return 0;
	warn_msg("--%s: '%s' %s", pf->name, arg, range_rules[pf->range].must);
	return -1;
}

/* "--a, --b and --c" for the flags in mask, into buf. */
static const char *
flag_list(param_mask mask, char *buf, size_t len)
{
	int p, n = 0, total = mask_count(mask);

	buf[0] = '\0';
	for (p = 0; p < P_COUNT; p++) {
		if (!mask_has(mask, p))
			continue;
		n++;
		strncat(buf, n == 1 ? "--" : n == total ? " and --" : ", --",
		    len - strlen(buf) - 1);
		strncat(buf, param_flags[p].name, len - strlen(buf) - 1);
	}
	return buf;
}

/*
 * "--x or --y" for the flags that would complete a partial group: the
 * groups that contain every flag given, each contributing what it lacks.
 */
static const char *
partners(param_mask given, char *buf, size_t len)
{
	const struct param_group *g;
	char one[160];
	int n = 0;

	buf[0] = '\0';
	for (g = param_groups; g->name != NULL; g++) {
		if (mask_count(mask_minus(given, mask_or(g->flags,
		    g->optional))) != 0)
			continue;
		strncat(buf, n++ == 0 ? "" : " or ", len - strlen(buf) - 1);
		strncat(buf, flag_list(mask_minus(g->flags, given), one,
		    sizeof(one)),
		    len - strlen(buf) - 1);
	}
	return n > 0 ? buf : NULL;
}

/*
 * Which convention the flags name: the group whose flags are all given,
 * with nothing else but its optional flags.  A partial group names the
 * missing partners; flags of two groups name the conflict.  0, or -1
 * after the message.
 */
static int
find_group(param_mask given, const struct param_group **out)
{
	const struct param_group *g;
	char have[480], need[480];

	*out = NULL;
	if (mask_count(given) == 0)
		return 0;
	for (g = param_groups; g->name != NULL; g++)
		if (mask_eq(mask_minus(given, g->optional), g->flags)) {
			*out = g;
			return 0;
		}
	flag_list(given, have, sizeof(have));
	if (partners(given, need, sizeof(need)) != NULL)
		usage_error("%s %s %s", have,
		    mask_count(given) > 1 ? "need" : "needs", need);
	else
		usage_error("%s are not one parameter group; 'springsim list' "
		    "shows the groups", have);
	return -1;
}

/*
 * The mass of the group g: its own mass flag if given (which may not be
 * given with --mass too), else --mass or 1.  0, or -1 after a message.
 */
static int
group_mass(const struct param_set *ps, const struct param_group *g,
    double *mass)
{
	int p;

	*mass = ps->mass;
	for (p = 0; g != NULL && p < P_COUNT; p++) {
		if (!mask_has(g->optional, p) || !mask_has(ps->given, p) ||
		    !param_flags[p].is_mass)
			continue;
		if (ps->mass_arg != NULL) {
			usage_error("--%s and --mass both give the mass: give "
			    "one", param_flags[p].name);
			return -1;
		}
		*mass = ps->value[p];
	}
	return 0;
}

/*
 * Whether --mass (or the group's own mass flag) changes omega and zeta:
 * for stiffness, damping and mass, not where the mass only scales forces
 * (Ck/Cd: it cancels).
 */
static int
mass_moves(const struct param_group *g)
{
	return g != NULL && (g->convert == from_stiffness ||
	    g->convert == from_stiffness_dr ||
	    g->convert == from_react || g->convert == from_motion ||
	    g->convert == from_popmotion || g->convert == from_wobble ||
	    g->convert == from_motion_one || g->convert == from_anime ||
	    g->convert == from_rn || g->convert == from_flutter);
}

/*
 * Flag p of the spring's values (P_COUNT: --mass), if given and moving
 * omega or zeta: its name, its value as typed and as a number; 1, else 0.
 */
static int
spring_flag(const struct param_set *ps, const struct param_group *g, int p,
    const char **name, const char **arg, double *x)
{
	if (p == P_COUNT) {
		if (ps->mass_arg == NULL || !mass_moves(g))
			return 0;
		*name = "mass";
		*arg = ps->mass_arg;
		*x = ps->mass;
		return 1;
	}
	if (!mask_has(ps->given, p) ||
	    (param_flags[p].is_mass && !mass_moves(g)))
		return 0;
	*name = param_flags[p].name;
	*arg = ps->arg[p];
	*x = ps->value[p];
	return 1;
}

/*
 * The message for values whose spring is outside 1e-100..1e100: led by
 * the flag whose value is furthest from 1 (by ratio), the one most
 * likely out of range, with its value as typed; then the others with
 * theirs (--mass among them where it moves omega and zeta).  bad: the
 * conversion gave no finite omega and zeta at all.
 */
static void
range_message(const struct param_set *ps, const struct param_group *g,
    const spring_params *sp, int bad)
{
	char others[480], one[160], spring[120];
	const char *lead = NULL, *lead_arg = NULL, *name, *arg;
	double far = -1.0, x;
	int p, n = 0, total = 0;

	for (p = 0; p <= P_COUNT; p++) {
		if (!spring_flag(ps, g, p, &name, &arg, &x))
			continue;
		total++;
		if (x != 0.0 && fabs(log(fabs(x))) > far) {
			far = fabs(log(fabs(x)));
			lead = name;
			lead_arg = arg;
		}
	}
	others[0] = '\0';
	for (p = 0; p <= P_COUNT && lead != NULL; p++) {
		if (!spring_flag(ps, g, p, &name, &arg, &x) || name == lead)
			continue;
		n++;
		snprintf(one, sizeof(one), "%s--%s '%s'", n == 1 ? " (with " :
		    n == total - 1 ? " and " : ", ", name, arg);
		strncat(others, one, sizeof(others) - strlen(others) - 1);
	}
	if (n > 0)
		strncat(others, ")", sizeof(others) - strlen(others) - 1);
	if (bad)
		snprintf(spring, sizeof(spring), "an omega or zeta beyond the "
		    "range of a double");
	else
		snprintf(spring, sizeof(spring), "omega = %g rad/s and zeta = "
		    "%g", sp->omega, sp->zeta);
	if (lead == NULL)	/* not reached: a group has a nonzero value */
		warn_msg("the spring's values give %s, outside 1e-100..1e100",
		    spring);
	else
		warn_msg("--%s: '%s'%s gives %s, outside 1e-100..1e100", lead,
		    lead_arg, others, spring);
}

/* See paramflags.h. */
int
param_resolve_again(const struct param_set *ps, double h, spring_params *sp)
{
	int rc;

	message_mute = 1;
	rc = param_resolve(ps, h, sp);
	message_mute = 0;
	return rc == 0 ? 0 : param_resolve(ps, h, sp);
}

/* The canonical spring; see paramflags.h. */
int
param_resolve(const struct param_set *ps, double h, spring_params *sp)
{
	const struct param_group *g;
	double mass;
	int p, rc;

	if (find_group(ps->given, &g) != 0)
		return -1;
	for (p = 0; p < P_COUNT; p++)
		if (mask_has(ps->given, p) &&
		    check_param(p, ps->value[p], ps->arg[p]) != 0)
			return -1;
	if (group_mass(ps, g, &mass) != 0)
		return -1;
	if (g == NULL)
		rc = spring_from_uaf(4.0 * PI, 0.3, sp);
	else
		rc = g->convert(ps->value, mass, h, sp);
	if (rc == -2)		/* the converter said why */
		return -1;
	sp->mass = mass;
	if (rc != 0 || !(sp->omega >= 1e-100 && sp->omega <= 1e100) ||
	    !(sp->zeta <= 1e100)) {
		range_message(ps, g, sp, rc != 0);
		return -1;
	}
	return 0;
}

/*
 * See paramflags.h: find_group and group_mass once; what is left for
 * each set of values is param_resolve's arithmetic.
 */
int
param_plan(const struct param_set *ps, struct param_plan *pl)
{
	const struct param_group *g;
	int p;

	pl->group = -1;
	pl->own_mass = -1;
	pl->nids = 0;
	if (mask_count(ps->given) > 0) {
		for (g = param_groups; g->name != NULL; g++)
			if (mask_eq(mask_minus(ps->given, g->optional),
			    g->flags))
				break;
		if (g->name == NULL)
			return -1;
		pl->group = (int)(g - param_groups);
	}
	for (p = 0; p < P_COUNT; p++) {
		if (!mask_has(ps->given, p))
			continue;
		pl->ids[pl->nids++] = (unsigned char)p;
		if (pl->group >= 0 && param_flags[p].is_mass &&
		    mask_has(param_groups[pl->group].optional, p)) {
			if (ps->mass_arg != NULL)
				return -1;	/* the mass twice */
			pl->own_mass = p;
		}
	}
	return 0;
}

/* See paramflags.h: param_resolve's steps, in its order, silent. */
int
param_resolve_planned(const struct param_plan *pl, const double *value,
    double mass, double h, spring_params *sp)
{
	int i, rc, mute = message_mute;

	for (i = 0; i < pl->nids; i++)
		if (!in_range(pl->ids[i], value[pl->ids[i]]))
			return -1;
	if (pl->own_mass >= 0)
		mass = value[pl->own_mass];
	/* a converter may warn (Ck above 1) or say why it failed */
	message_mute = 1;
	if (pl->group < 0)
		rc = spring_from_uaf(4.0 * PI, 0.3, sp);
	else
		rc = param_groups[pl->group].convert(value, mass, h, sp);
	message_mute = mute;
	if (rc != 0)
		return -1;
	sp->mass = mass;
	if (!(sp->omega >= 1e-100 && sp->omega <= 1e100) ||
	    !(sp->zeta <= 1e100))
		return -1;
	return 0;
}

/* See paramflags.h. */
int
param_first_order(const struct param_set *ps, double *rate, double *factor,
    double *ft)
{
	const param_mask own = M3(P_HALFLIFE, P_DAMPING, P_FACTOR);
	param_mask given = mask_minus(ps->given, mask_of(P_FT));
	int one = mask_count(given) == 1;
	char names[480];
	int p;

	*ft = mask_has(ps->given, P_FT) ? ps->value[P_FT] : 1.0 / 60.0;
	if (mask_count(mask_minus(given, own)) != 0 || mask_count(given) > 1) {
		flag_list(ps->given, names, sizeof(names));
		usage_error("--model damper takes one of --halflife, --damping, "
		    "--factor (and --ft), not %s", names);
		return -1;
	}
	for (p = 0; p < P_COUNT; p++)
		if (mask_has(ps->given, p) &&
		    check_param(p, ps->value[p], ps->arg[p]) != 0)
			return -1;
	if (one && mask_has(given, P_HALFLIFE))
		*rate = LN2 / ps->value[P_HALFLIFE];
	else if (one && mask_has(given, P_DAMPING))
		*rate = ps->value[P_DAMPING];
	else if (one && mask_has(given, P_FACTOR))
		*rate = -log1p(-ps->value[P_FACTOR]) / *ft;
	else
		*rate = LN2 / 0.1;	/* default: half-life 0.1 s */
	*factor = one && mask_has(given, P_FACTOR) ? ps->value[P_FACTOR] :
	    -expm1(-*rate * *ft);
	if (!(*rate > 0.0 && *rate <= 1e100)) {
		flag_list(ps->given, names, sizeof(names));
		usage_error("%s: the decay rate is %g, outside 1e-100..1e100 "
		    "per second", names, *rate);
		return -1;
	}
	return 0;
}

/* See paramflags.h. */
int
param_halflife_only(const struct param_set *ps, const char *model,
    double *halflife)
{
	char names[480];

	*halflife = 0.4;	/* default */
	if (mask_count(mask_minus(ps->given, mask_of(P_HALFLIFE))) != 0) {
		flag_list(ps->given, names, sizeof(names));
		usage_error("--model %s takes --halflife, not %s", model, names);
		return -1;
	}
	if (mask_count(ps->given) == 0)
		return 0;
	if (check_param(P_HALFLIFE, ps->value[P_HALFLIFE],
	    ps->arg[P_HALFLIFE]) != 0)
		return -1;
	*halflife = ps->value[P_HALFLIFE];
	return 0;
}

/* Whether the flags name Nissen's Ck/Cd. */
int
param_uses_step(const struct param_set *ps)
{
	const param_mask ckcd = M2(P_CK, P_CD);

	return mask_eq(ps->given, ckcd);
}

/* Whether flag id was given. */
int
param_given(const struct param_set *ps, enum param_id id)
{
	return mask_has(ps->given, id);
}

/* See paramflags.h. */
int
param_any_given(const struct param_set *ps)
{
	return mask_count(ps->given) > 0;
}

/* Take flag id out of the set, range-checked; see paramflags.h. */
int
param_take(struct param_set *ps, enum param_id id, double *out)
{
	if (!param_given(ps, id))
		return 0;
	if (check_param(id, ps->value[id], ps->arg[id]) != 0)
		return -1;
	*out = ps->value[id];
	ps->given = mask_minus(ps->given, mask_of(id));
	return 1;
}

/* One line per convention: name, flags (optional ones too), source. */
void
list_conventions(FILE *fp)
{
	const struct param_group *g;
	char names[160], extra[160];

	for (g = param_groups; g->name != NULL; g++) {
		flag_list(g->flags, names, sizeof(names));
		if (mask_count(g->optional) != 0) {
			flag_list(g->optional, extra, sizeof(extra));
			strncat(names, " (optional ", sizeof(names) -
			    strlen(names) - 1);
			strncat(names, extra, sizeof(names) - strlen(names) - 1);
			strncat(names, ")", sizeof(names) - strlen(names) - 1);
		}
		fprintf(fp, "  %-20s %s  [%s]\n", g->name, names, g->source);
	}
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
"                      steps it with a rational e^-x (0.13 % off at\n"
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

/* See paramflags.h. */
int
param_engine(const struct param_set *ps, const char *engine, int *form,
    double *duration, double *bounce)
{
	const struct param_group *g;
	char own[480];
	int p;

	*form = SPRING_ENGINE_PHYSICAL;
	*duration = *bounce = NAN;
	if (find_group(ps->given, &g) != 0)
		return -1;
	if (g == NULL || g->engines == NULL)
		return 0;
	if (!list_has_word(g->engines, engine)) {
		for (p = 0; p < P_COUNT && !mask_has(g->flags, p); p++)
			;
		param_engine_groups(engine, own, sizeof(own));
		usage_error("--%s: '%s' is a parameter of %s, not of "
		    "--engine %s (%s%s)", param_flags[p].name, ps->arg[p],
		    g->source, engine, own[0] != '\0' ? "which takes " :
		    "which takes springsim's conventions", own);
		return -1;
	}
	if (g->duration) {
		*form = SPRING_ENGINE_DURATION;
		*duration = ps->value[g->duration_id];
		*bounce = ps->value[g->bounce_id];
	}
	return 0;
}

/* See paramflags.h. */
void
param_engine_groups(const char *engine, char *buf, size_t len)
{
	const struct param_group *g;
	char names[160];

	buf[0] = '\0';
	for (g = param_groups; g->name != NULL; g++) {
		if (g->engines == NULL || !list_has_word(g->engines, engine))
			continue;
		flag_list(mask_or(g->flags, g->optional), names, sizeof(names));
		if (buf[0] != '\0')
			strncat(buf, "; ", len - strlen(buf) - 1);
		strncat(buf, names, len - strlen(buf) - 1);
	}
}
