/*
 * dialects.c - other libraries' spring parameters to and from the
 * canonical (omega, zeta, mass), and every convention's numbers for one
 * spring.  Derived from each library's documented formulas; where a
 * library only gives code, from the math that code computes.
 *
 * The dialects, their formulas and where they come from:
 *
 *   SwiftUI Spring(response:dampingFraction:) (Apple's documentation of
 *	Spring and Animation.spring(response:dampingFraction:blendDuration:),
 *	defaults 0.5 and 0.825): response is "the stiffness of the spring,
 *	defined as an approximate duration in seconds", the undamped period:
 *	stiffness = (2 pi / R)^2, damping = 4 pi F / R (mass 1), so
 *	omega = 2 pi / R and zeta = F.  Apple publishes no formula; this is
 *	the one other libraries match SwiftUI with (react-native-reanimated
 *	users' calculateSpringConfig, pmndrs/math spring.fromResponse).
 *   SwiftUI Spring(duration:bounce:) (Apple: "bounce ... 0 ... critically
 *	damped, ... up to a maximum of 1.0 (undamped) ... negative values
 *	indicate overdamped springs with a minimum value of -1.0"; Flutter's
 *	SpringDescription.withDurationAndBounce, documented to give "the
 *	same result as SwiftUI's spring(duration:bounce:)"):
 *	stiffness = 4 pi^2 / D^2, zeta = 1 - B for B > 0, 1 / (1 + B) else.
 *   Android SpringForce (developer.android.com, androidx.dynamicanimation;
 *	its source sets mNaturalFreq = sqrt(stiffness), mass 1): omega =
 *	sqrt(K), zeta = dampingRatio.  Defaults STIFFNESS_MEDIUM = 1500 and
 *	DAMPING_RATIO_MEDIUM_BOUNCY = 0.5.  Android steps the closed form.
 *   Unity Mathf.SmoothDamp (Unity's scripting reference; its C# source,
 *	UnityCsReference Runtime/Export/Math/Mathf.cs, after Game
 *	Programming Gems 4, 1.10): a critically damped spring with omega =
 *	2 / smoothTime, smoothTime raised to at least 0.0001.  An emulation
 *	only in its update: Unity replaces e^-x by 1 / (1 + x + 0.48 x^2 +
 *	0.235 x^3) and clamps the speed to maxSpeed and the overshoot.
 *   react-spring (pmndrs/react-spring, packages/core/src/AnimationConfig.ts
 *	and constants.ts): tension and friction are stiffness and damping,
 *	with mass (default 1; default config tension 170, friction 26).  Its
 *	"frequency" is a period in seconds ("the natural frequency (in
 *	seconds)"): tension = (2 pi / f)^2 m, friction = 4 pi damping m / f,
 *	so omega = 2 pi / f and zeta = damping; f is raised to 0.01.
 *	react-spring steps semi-implicit Euler at 1 ms.
 *   Motion (motion / framer-motion 14.14.0 = motion-dom 14.14.0,
 *	dist/es/animation/generators/spring.mjs: getSpringOptions,
 *	findSpring, bounceToDampingRatio, overdampedFreqScale): stiffness,
 *	damping, mass (defaults 100, 10, 1).  A bounce maps as SwiftUI's:
 *	zeta = 1 / max(1 + bounce, 0.05) below 0 (over-damped, up to 20),
 *	max(1 - bounce, 0.05) from 0.  duration and bounce: duration
 *	clamped to 0.01..10 s, and omega_c the root, found by 11 Newton
 *	steps from 5 / duration, of the envelope e^(-zeta omega D) zeta /
 *	sqrt(1 - zeta^2) = 0.001 (under-damped) or (1 + omega D)
 *	e^(-omega D) = 0.001 (zeta >= 1), at velocity 0; over-damped, omega
 *	= omega_c overdampedFreqScale(zeta, omega_c D), the factor (11 Newton
 *	steps) that leaves the over-damped spring as far from the target at
 *	D as the critical one.  visualDuration and bounce: omega = 2 pi /
 *	(1.2 visualDuration) overdampedFreqScale(zeta, 2 pi / 1.2).
 *	Motion evaluates the closed form.
 *   Facebook Rebound (rebound-js 0.1.0 src/SpringConfig.js and
 *	src/OrigamiValueConverter.js; facebookarchive/rebound Spring.java,
 *	SpringConfig.java): tension and friction with mass 1; Origami's
 *	values convert as tension = (oT - 30) 3.62 + 194 and friction =
 *	(oF - 8) 3 + 25, as rebound-js and React Native's Animated.spring
 *	(SpringConfig.js) do: Origami friction 0 is friction 1.  (Only Java
 *	Rebound's converter keeps 0 at 0.)  The default config is Origami
 *	(40, 7).  Rebound steps RK4 at 1 ms.
 *   react-native-reanimated withSpring (4.8.0, lib/module/animation/
 *	spring/springUtils.js, springConfigs.js): stiffness, damping, mass
 *	(GentleSpringConfig 900, 120, 4; the mass here defaults to --mass);
 *	duration (ms) and dampingRatio: mass 4, zeta = dampingRatio and the
 *	stiffness calculateNewStiffnessToMatchDuration bisects for (the
 *	critical formula's energy at 1.5 duration at 6e-9 of the start's;
 *	from rest here, the engine searching again with its start).
 *   Unreal Engine 5.8 (Engine/Source/Runtime/Core/Public/Math/
 *	UnrealMathUtility.h, Engine/Private/KismetMathLibrary.cpp; read, not
 *	run): CriticallyDampedSmoothing's SmoothingTime T is critical with
 *	omega = 2 / T; SpringDamperSmoothing(T, DampingRatio) calls
 *	SpringDamper with UndampedFrequency 1 / (pi T), so omega = 2 / T and
 *	zeta = DampingRatio; SpringDamper's UndampedFrequency f (Hz) is
 *	omega = 2 pi f; FloatSpringInterp's Stiffness, CriticalDampingFactor
 *	and Mass are omega = sqrt(K / M), zeta = CriticalDampingFactor.  No
 *	defaults in Unreal: T 0.2 s, f 2 Hz, K 25, ratios 1, Mass 1 here.
 *   Box2D soft constraints (erincatto/box2d, b2MakeSoft in solver.h;
 *	b2DefaultWorldDef in types.c: contactHertz 30, contactDampingRatio
 *	10, jointHertz 60, jointDampingRatio 2): omega = 2 pi hertz, zeta =
 *	dampingRatio.  Box2D applies them as a soft constraint, not as a
 *	spring of its own: per substep a warm start (last substep's
 *	impulse), a soft solve, the position update and a relax solve
 *	(engine_box2d.c).  One soft solve from zero impulse alone would be
 *	one backward-Euler step; the warm start and the relax make it
 *	another integrator (0.065 off the exact spring at 60 fps, P1,
 *	where backward Euler at h / 4 is 0.032 off).
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "spring.h"
#include "dialectmath.h"
#include "internal.h"
#include "scaled.h"

/* The slowest decay rate of the offset; see dialects.h. */
double
spring_decay_rate(const spring_params *p)
{
	double z = p->zeta;

	if (z <= 1.0)
		return z * p->omega;
	/* past 2^27, z + sqrt(z^2 - 1) is 2 z (scaled.h), which may overflow */
	if (z > 0x1p27)
		return ldexp(p->omega / z, -1);
	return p->omega / (z + scaled_zeta_root(z));
}

/* Whether zeta is 1 to within rounding (1e-12). */
static int
critical(double zeta)
{
	return fabs(zeta - 1.0) <= 1e-12;
}

/*
 * The root U of (1 + u) e^-u = 0.001, Motion's critical envelope
 * condition in u = omega D: Newton from the left until it stops moving.
 */
static double
motion_critical_root(void)
{
	double u = 5.0, next;
	int i;

	for (i = 0; i < 100; i++) {
		next = u + ((1.0 + u) - MOTION_SAFE_MIN * exp(u)) / u;
		if (next == u)
			break;
		u = next;
	}
	return u;
}

/*
 * Motion's duration for omega and zeta: the exact root of the envelope
 * condition that findSpring searches for (over-damped: the critical
 * root, scaled as findSpring scales it); NaN outside Motion's ranges.
 */
static double
motion_duration(double omega, double zeta)
{
	double d, u;

	if (critical(zeta))
		d = motion_critical_root() / omega;
	else if (zeta > 1.0 && zeta <= SPRING_MOTION_MAX_OVERDAMPING) {
		u = motion_critical_root();
		d = u * spring_motion_overdamped_scale(zeta, u) / omega;
	} else if (zeta >= SPRING_MOTION_MIN_DAMPING && zeta < 1.0)
		d = log(zeta / (MOTION_SAFE_MIN * sqrt_one_minus_sq(zeta))) /
		    (zeta * omega);
	else
		return NAN;
	if (!(d >= SPRING_MOTION_MIN_DURATION &&
	    d <= SPRING_MOTION_MAX_DURATION))
		return NAN;
	return d;
}

/*
 * Origami's value for a Rebound parameter (the converter's inverse, with
 * no special case for 0: rebound-js); NaN when it would be < 0.
 */
static double
origami_value(double x, double offset, double scale, double origin)
{
	double o;

	o = (x - offset) / scale + origin;
	return o >= 0.0 ? o : NAN;
}

/*
 * The time-like values of the motion: Holden's, Chou's, the envelope's.
 * The products of zeta, omega and a time are scaled (scaled.h): each
 * may leave the range of double where the value does not.
 */
static void
describe_times(const spring_params *p, double decay_time,
    spring_conventions *c)
{
	double w = p->omega, z = p->zeta, wd;

	c->frequency = w / TWO_PI;
	c->hz = w / TWO_PI;
	c->decay_time = decay_time;
	c->decay = exp(-scaled_mul3(z, w, decay_time));
	/* Holden: d per unit mass is 2 zeta omega; H = 4 ln2 / d */
	c->halflife = z > 0.0 ? scaled_ratio(2.0 * LN2, 1.0, z, w) : INFINITY;
	c->envelope_halflife = z > 0.0 ? scaled_ratio(LN2, 1.0, z, w) :
	    INFINITY;
	/* critical_halflife(F) = 4 ln2 / sqrt(4 s); critical_frequency(H) */
	c->critical_halflife = 2.0 * LN2 / w;
	c->critical_frequency = scaled_ratio(z, w, TWO_PI, 1.0);
	if (z < 1.0) {
		wd = w * sqrt_one_minus_sq(z);
		c->period = TWO_PI / wd;
		c->damped_frequency = wd / TWO_PI;
	} else {
		c->period = INFINITY;
		c->damped_frequency = 0.0;
	}
	c->settle_time = z > 0.0 ? LN50 / spring_decay_rate(p) : INFINITY;
}


/*
 * The dialects' values for a spring (each row's from_spring): those with
 * a mass as spring_stiffness and spring_damping form them (scaled: m
 * omega^2 may be finite where omega^2 is not); per unit mass where the
 * library has no mass.  Each is the formula convert has always printed.
 */

/* SwiftUI's bounce for zeta: 1 - zeta, or 1 / zeta - 1 over-damped. */
static double
swiftui_bounce(double z)
{
	return z <= 1.0 ? 1.0 - z : 1.0 / z - 1.0;
}

/* Whether Motion's bounce reaches zeta (0.05 to 20). */
static int
motion_ok(double z)
{
	return z >= SPRING_MOTION_MIN_DAMPING &&
	    z <= SPRING_MOTION_MAX_OVERDAMPING;
}

/* bounceToDampingRatio's inverse: 1 / zeta - 1 over-damped. */
static double
motion_bounce(double z)
{
	return !motion_ok(z) ? NAN : critical(z) ? 0.0 :
	    z < 1.0 ? 1.0 - z : 1.0 / z - 1.0;
}

/* Stiffness, damping and mass: the physical dialects. */
static void
physical_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = spring_stiffness(p);
	v[1] = spring_damping(p);
	v[2] = p->mass;
}

/* Stiffness and damping per unit mass. */
static void
unit_mass_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = p->omega * p->omega;
	v[1] = ldexp(p->zeta * p->omega, 1);
}

/* omega and zeta as they are (Studio Gobo's, springsim's names). */
static void
omega_zeta_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = p->omega;
	v[1] = p->zeta;
}

/* A stiffness per unit mass and the damping ratio (Android, Compose). */
static void
android_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = p->omega * p->omega;
	v[1] = p->zeta;
}

/* A period 2 pi / omega and the damping ratio (SwiftUI's response). */
static void
period_ratio_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = TWO_PI / p->omega;
	v[1] = p->zeta;
}

/* A frequency in Hz and the damping ratio (Box2D, --hz --dr). */
static void
hz_ratio_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = p->omega / TWO_PI;
	v[1] = p->zeta;
}

/* A period 2 pi / omega and SwiftUI's bounce (SwiftUI, Flutter). */
static void
period_bounce_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = TWO_PI / p->omega;
	v[1] = swiftui_bounce(p->zeta);
}

/* The stiffness with mass and the damping ratio (Unreal). */
static void
stiffness_ratio_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = spring_stiffness(p);
	v[1] = p->zeta;
}

/* Holden's half-life (infinite undamped). */
static double
holden_halflife(const spring_params *p)
{
	return p->zeta > 0.0 ? scaled_ratio(2.0 * LN2, 1.0, p->zeta,
	    p->omega) : INFINITY;
}

/* Holden's half-life and frequency. */
static void
halflife_frequency_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = holden_halflife(p);
	v[1] = p->omega / TWO_PI;
}

/* Holden's half-life and the damping ratio. */
static void
halflife_dr_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = holden_halflife(p);
	v[1] = p->zeta;
}

/* Nissen's Ck, Cd at the step h: (omega h)^2, 2 zeta omega h. */
static void
nissen_from(const spring_params *p, double h, double *v)
{
	v[0] = (p->omega * h) * (p->omega * h);
	v[1] = ldexp(scaled_mul3(p->zeta, p->omega, h), 1);
}

/* Chou's Hz and decay over the time v[2] as given. */
static void
chou_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = p->omega / TWO_PI;
	v[1] = exp(-scaled_mul3(p->zeta, p->omega, v[2]));
}

/* Unity's smoothTime: critical springs only. */
static void
unity_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = critical(p->zeta) ? 2.0 / p->omega : NAN;
}

/* Unreal's SmoothingTime and DampingRatio: omega = 2 / T. */
static void
unreal_smoothing_dr_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = 2.0 / p->omega;
	v[1] = p->zeta;
}

/* Unreal FloatSpringInterp's Stiffness, CriticalDampingFactor, Mass. */
static void
unreal_float_spring_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = spring_stiffness(p);
	v[1] = p->zeta;
	v[2] = p->mass;
}

/* react-spring's frequency (from 0.01 s), damping ratio and mass. */
static void
react_frequency_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = TWO_PI / p->omega >= SPRING_REACT_MIN_FREQUENCY ?
	    TWO_PI / p->omega : NAN;
	v[1] = p->zeta;
	v[2] = p->mass;
}

/* Motion's duration (the exact root of its condition) and bounce. */
static void
motion_duration_from(const spring_params *p, double h, double *v)
{
	(void)h;
	v[0] = motion_ok(p->zeta) ? motion_duration(p->omega, p->zeta) : NAN;
	v[1] = motion_bounce(p->zeta);
}

/* Motion's visualDuration (over-damped: scaled) and bounce. */
static void
motion_visual_from(const spring_params *p, double h, double *v)
{
	double w = p->omega, z = p->zeta;

	(void)h;
	v[0] = motion_ok(z) ? TWO_PI / (MOTION_VISUAL_RATIO * w) *
	    spring_motion_overdamped_scale(z, TWO_PI / MOTION_VISUAL_RATIO) :
	    NAN;
	v[1] = motion_bounce(z);
}

/* Origami's values, where >= 0. */
static void
origami_from(const spring_params *p, double h, double *v)
{
	unit_mass_from(p, h, v);
	v[0] = origami_value(v[0], ORIGAMI_T_OFFSET, ORIGAMI_T_SCALE,
	    ORIGAMI_T_ORIGIN);
	v[1] = origami_value(v[1], ORIGAMI_F_OFFSET, ORIGAMI_F_SCALE,
	    ORIGAMI_F_ORIGIN);
}

/* popmotion's findSpring takes zeta 0.05..1 (bounce 1 - zeta). */
static void
popmotion_duration_from(const spring_params *p, double h, double *v)
{
	double z = p->zeta;
	int ok = z >= SPRING_MOTION_MIN_DAMPING && z <= 1.0;

	(void)h;
	v[0] = ok ? motion_duration(p->omega, z) : NAN;
	v[1] = ok ? 1.0 - z : NAN;
}

/*
 * svelte's fractions of a 60 fps frame, K = (omega / 60)^2 and B = 2
 * zeta omega / 60, each at most 1.
 */
static void
svelte_from(const spring_params *p, double h, double *v)
{
	double sk = (p->omega / 60.0) * (p->omega / 60.0);
	double sb = p->zeta * p->omega / 30.0;

	(void)h;
	v[0] = sk <= 1.0 ? sk : NAN;
	v[1] = sk <= 1.0 && sb <= 1.0 ? sb : NAN;
}

/*
 * anime.js's perceived duration 2 pi / omega within 0.01..10 s and
 * SwiftUI's bounce (before anime's rounding to 3 decimals).
 */
static void
anime_duration_from(const spring_params *p, double h, double *v)
{
	double d = TWO_PI / p->omega;

	(void)h;
	v[0] = d >= 0.01 && d <= 10.0 ? d : NAN;
	v[1] = isnan(v[0]) ? NAN : swiftui_bounce(p->zeta);
}

/*
 * The rows' to_spring: the spring_from_* functions above and in params.c
 * on the values in the row's order.
 */

/* Stiffness K, damping D and --mass (Fiedler, Holden). */
static int
stiffness_to(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_stiffness(v[0], v[1], mass, p);
}

/* Stiffness, damping and the library's own mass. */
static int
physical_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_stiffness(v[0], v[1], v[2], p);
}

/* Stiffness and damping on a unit mass (Rebound, react-motion). */
static int
unit_mass_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_rebound(v[0], v[1], p);
}

/* omega and zeta as given. */
static int
uaf_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_uaf(v[0], v[1], p);
}

/* Holden's half-life and frequency. */
static int
halflife_frequency_to(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_halflife_frequency(v[0], v[1], p);
}

/* Holden's half-life and damping ratio. */
static int
halflife_dr_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_halflife_dr(v[0], v[1], p);
}

/* Nissen's Ck and Cd at the step h. */
static int
nissen_to(const double *v, double mass, double h, spring_params *p)
{
	return spring_from_nissen(v[0], v[1], mass, h, p);
}

/* Chou's Hz, decay and decay time. */
static int
chou_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_chou(v[0], v[1], v[2], p);
}

/* Unreal's stiffness, damping ratio and --mass. */
static int
unreal_to(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_unreal(v[0], v[1], mass, p);
}

/* A frequency in Hz and a damping ratio (Box2D's b2MakeSoft too). */
static int
box2d_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_box2d(v[0], v[1], p);
}

/* SpringDamperSmoothing: UndampedFrequency 1 / (pi T), DampingRatio. */
static int
unreal_smoothing_dr_to(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_box2d(2.0 / (TWO_PI * v[0]), v[1], p);
}

/* CriticallyDampedSmoothing's SmoothingTime: critical, omega = 2 / T. */
static int
unreal_smoothing_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_box2d(2.0 / (TWO_PI * v[0]), 1.0, p);
}

/* Unreal's own Stiffness, CriticalDampingFactor and Mass. */
static int
unreal_float_spring_to(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_unreal(v[0], v[1], v[2], p);
}

/* SwiftUI's response and dampingFraction. */
static int
swiftui_response_to(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_swiftui_response(v[0], v[1], p);
}

/* SwiftUI's duration and bounce. */
static int
swiftui_duration_to(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_swiftui_duration(v[0], v[1], p);
}

/* Android's (and Compose's) stiffness and damping ratio. */
static int
android_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_android(v[0], v[1], p);
}

/* Unity's smoothTime. */
static int
unity_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_unity(v[0], p);
}

/* react-spring's frequency (a period), damping ratio and mass. */
static int
react_frequency_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_react_frequency(v[0], v[1], v[2], p);
}

/* Motion's duration and bounce. */
static int
motion_duration_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_motion_duration(v[0], v[1], p);
}

/* Motion's visualDuration and bounce. */
static int
motion_visual_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_motion_visual(v[0], v[1], p);
}

/* Origami's tension and friction. */
static int
origami_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_origami(v[0], v[1], p);
}

/* popmotion's duration and bounce. */
static int
popmotion_duration_to(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_popmotion_duration(v[0], v[1], p);
}

/* svelte's stiffness and damping at 60 fps. */
static int
svelte_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_svelte(v[0], v[1], p);
}

/* anime.js's perceived duration and bounce. */
static int
anime_duration_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_anime_duration(v[0], v[1], p);
}

/* React Native's bounciness and speed. */
static int
rn_bounciness_to(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_react_native_bounciness(v[0], v[1], p);
}

/* Flutter's duration (whole ms) and bounce. */
static int
flutter_duration_to(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_flutter_duration(v[0], v[1], p);
}

/*
 * Reanimated's duration (s; the library's ms) and dampingRatio: the
 * stiffness withSpring's own search finds (engine_reanimated.c), for a
 * start from rest, with GentleSpringConfig's mass 4 and the default
 * energyThreshold 6e-9; the engine searches again with the run's start
 * offset and velocity.
 */
static int
reanimated_duration_to(const double *v, double mass, double h,
    spring_params *p)
{
	double k;

	(void)mass;
	(void)h;
	if (!(v[0] > 0.0) || !(v[1] > 0.0))
		return -1;
	k = spring_reanimated_stiffness(v[0] * 1000.0, v[1], 4.0, -1.0, 0.0,
	    6e-9);
	p->omega = sqrt(k / 4.0);
	p->zeta = v[1];
	p->mass = 4.0;
	return 0;
}

/*
 * The parameters' rows: the library's name, springsim's flag, the unit,
 * the range (min, max, each bound open or not, and whether the library
 * clamps a value outside it or has no meaning for it), the default and
 * the range in words.  Where a library silently clamps, its clamp is
 * the range: springsim refuses what the library would change.
 */
#define PARAM(n, f, u, lo, hi, lo_open, hi_open, clamps, def, range) \
	{ n, f, u, lo, hi, lo_open, hi_open, clamps, def, 0, range }
#define POS(n, f, u, def) \
	PARAM(n, f, u, 0.0, DBL_MAX, 1, 0, 0, def, "must be > 0")
#define NONNEG(n, f, u, def) \
	PARAM(n, f, u, 0.0, DBL_MAX, 0, 0, 0, def, "must be >= 0")
/* A library's mass: optional, --mass (default 1) stands for it. */
#define MASS(n, f) \
	{ n, f, "kg", 0.0, DBL_MAX, 1, 0, 0, 1.0, 1, "must be > 0" }
#define END { NULL, NULL, NULL, 0.0, 0.0, 0, 0, 0, 0.0, 0, NULL }

/* springsim's default spring, omega 4 pi and zeta 0.3, for their defaults */
#define DEF_W	(2.0 * TWO_PI)
#define DEF_Z	0.3

/*
 * The defaults: each library's documented default; springsim's own
 * conventions give springsim's default spring (omega 4 pi, zeta 0.3,
 * Nissen's at 60 fps, Chou's over 1 s: decay e^(-1.2 pi) = 0.0230); a
 * library with no default for a value (Unity's smoothTime, react-spring's
 * frequency, Flutter's SpringDescription) the value of its documented
 * example or of its default spring, as noted.
 */
static const spring_dialect stiffness_damping = {
	"stiffness/damping", "springsim", "Fiedler, Holden",
	SPRING_DIALECT_OWN,
	{ POS("stiffness", "stiffness", "N/m", DEF_W * DEF_W),
	  NONNEG("damping", "damping", "N s/m", 2.0 * DEF_Z * DEF_W), END },
	stiffness_to, physical_from, 1, 0, NULL, 0,
"  --stiffness K --damping D   N/m and N s/m (with --mass): omega =\n"
"                      sqrt(K/M), zeta = D / (2 sqrt(K M))  [Fiedler, Holden]\n"
};

static const spring_dialect uaf_dr = {
	"uaf/dr", "springsim", "Studio Gobo", SPRING_DIALECT_OWN,
	{ POS("uaf", "uaf", "rad/s", DEF_W),
	  NONNEG("dr", "dr", "1", DEF_Z), END },
	uaf_to, omega_zeta_from, 0, 0, NULL, 0,
"  --uaf W --dr Z      undamped angular frequency rad/s, damping ratio\n"
"                      [Studio Gobo]\n"
};

static const spring_dialect halflife_frequency = {
	"halflife/frequency", "springsim", "Holden", SPRING_DIALECT_OWN,
	{ POS("halflife", "halflife", "s", 2.0 * LN2 / (DEF_Z * DEF_W)),
	  POS("frequency", "frequency", "Hz", DEF_W / TWO_PI), END },
	halflife_frequency_to, halflife_frequency_from, 0, 0, NULL, 0,
"  --halflife H --frequency F   s and Hz: damping 4 ln2 / H, stiffness\n"
"                      (2 pi F)^2 per unit mass  [Holden]\n"
};

static const spring_dialect halflife_dr = {
	"halflife/dr", "springsim", "Holden", SPRING_DIALECT_OWN,
	{ POS("halflife", "halflife", "s", 2.0 * LN2 / (DEF_Z * DEF_W)),
	  PARAM("dr", "dr", "1", 0.0, DBL_MAX, 1, 0, 0, DEF_Z,
	  "must be > 0 with --halflife (omega = 2 ln2 / (halflife dr))"),
	  END },
	halflife_dr_to, halflife_dr_from, 0, 0, NULL, 0,
"  --halflife H --dr Z  s and damping ratio (> 0): omega = 2 ln2 / (H Z)\n"
"                      [Holden]\n"
};

static const spring_dialect ck_cd = {
	"ck/cd", "springsim", "Nissen", SPRING_DIALECT_OWN,
	{ POS("ck", "ck", "1", (DEF_W / 60.0) * (DEF_W / 60.0)),
	  NONNEG("cd", "cd", "1", 2.0 * DEF_Z * DEF_W / 60.0), END },
	nissen_to, nissen_from, 0, 0, NULL, 0,
"  --ck C --cd C       Nissen's coefficients: k = Ck M / h^2, d = Cd M / h\n"
"                      for the step h actually taken; Ck > 0, Cd >= 0,\n"
"                      above 1 allowed with a warning\n"
};

static const spring_dialect chou = {
	"hz/decay/decay-time", "springsim", "Chou", SPRING_DIALECT_OWN,
	{ POS("hz", "hz", "Hz", DEF_W / TWO_PI),
	  PARAM("decay", "decay", "1", 0.0, 1.0, 1, 1, 0, 0.0230,
	  "must be between 0 and 1, exclusive"),
	  POS("decay_time", "decay-time", "s", 1.0), END },
	chou_to, chou_from, 0, 0, NULL, 0,
"  --hz F --decay P --decay-time T   oscillation Hz, the fraction P in (0,1)\n"
"                      of the amplitude left after T s (0.1: 90 % gone):\n"
"                      zeta = ln(P) / (-2 pi F T)  [Chou]\n"
};

static const spring_dialect omega_zeta = {
	"omega/zeta", "springsim", "springsim's output names",
	SPRING_DIALECT_OWN,
	{ POS("omega", "omega", "rad/s", DEF_W),
	  NONNEG("zeta", "zeta", "1", DEF_Z), END },
	uaf_to, omega_zeta_from, 0, 0, NULL, 0,
"  --omega W --zeta Z  rad/s and damping ratio, as the omega and zeta\n"
"                      columns and keys print them (= --uaf --dr)\n"
};

/* Unreal's FloatSpringInterp defaults: Stiffness 25, factor 1, Mass 1 */
static const spring_dialect unreal = {
	"stiffness/dr", "Unreal Engine", "Unreal FloatSpringInterp",
	SPRING_DIALECT_OWN,
	{ POS("Stiffness", "stiffness", "N/m", 25.0),
	  NONNEG("CriticalDampingFactor", "dr", "1", 1.0), END },
	unreal_to, stiffness_ratio_from, 1, 0, NULL, 0,
"  --stiffness K --dr Z   N/m and damping ratio (with --mass): omega =\n"
"                      sqrt(K/M), zeta = Z  [Unreal FloatSpringInterp]\n"
};

static const spring_dialect hz_dr = {
	"hz/dr", "springsim", "frequency and damping ratio",
	SPRING_DIALECT_OWN,
	{ POS("hz", "hz", "Hz", DEF_W / TWO_PI),
	  NONNEG("dr", "dr", "1", DEF_Z), END },
	box2d_to, hz_ratio_from, 0, 0, NULL, 0,
"  --hz F --dr Z       Hz and damping ratio: omega = 2 pi F, zeta = Z\n"
};

/* Apple's defaults: Spring(response: 0.5, dampingFraction: 0.825) */
static const spring_dialect swiftui_response = {
	"swiftui-response", "SwiftUI",
	"SwiftUI Spring(response:dampingFraction:)", SPRING_DIALECT_LIBRARY,
	{ POS("response", "swiftui-response", "s", 0.5),
	  NONNEG("dampingFraction", "swiftui-damping-fraction", "1", 0.825),
	  END },
	swiftui_response_to, period_ratio_from, 0, 0, "", 0,
"  --swiftui-response R --swiftui-damping-fraction F   omega = 2 pi / R,\n"
"                      zeta = F  [SwiftUI Spring(response:dampingFraction:)]\n"
};

/* Spring(duration: 0.5, bounce: 0.0) */
static const spring_dialect swiftui_duration = {
	"swiftui-duration", "SwiftUI", "SwiftUI Spring(duration:bounce:)",
	SPRING_DIALECT_LIBRARY,
	{ POS("duration", "swiftui-duration", "s", 0.5),
	  PARAM("bounce", "swiftui-bounce", "1", -1.0, 1.0, 1, 0, 0, 0.0,
	  "must be > -1 and <= 1 (SwiftUI's range)"), END },
	swiftui_duration_to, period_bounce_from, 0, 0, "", 0,
"  --swiftui-duration D --swiftui-bounce B   omega = 2 pi / D, zeta = 1 - B\n"
"                      for B >= 0, 1 / (1 + B) for B < 0 (-1 < B <= 1)\n"
"                      [SwiftUI Spring(duration:bounce:)]\n"
};

/* STIFFNESS_MEDIUM, DAMPING_RATIO_MEDIUM_BOUNCY */
static const spring_dialect android = {
	"android", "androidx.dynamicanimation", "Android SpringForce",
	SPRING_DIALECT_LIBRARY,
	{ POS("stiffness", "android-stiffness", "1/s^2", 1500.0),
	  NONNEG("dampingRatio", "android-damping-ratio", "1", 0.5), END },
	android_to, android_from, 0, 0, "android compose", 0,
"  --android-stiffness K --android-damping-ratio Z   mass 1: omega =\n"
"                      sqrt(K), zeta = Z  [Android SpringForce]\n"
};

/* smoothTime has no default: the scripting reference's example's 0.3 */
static const spring_dialect unity = {
	"unity", "Unity", "Unity Mathf.SmoothDamp", SPRING_DIALECT_LIBRARY,
	{ PARAM("smoothTime", "unity-smooth-time", "s",
	  SPRING_UNITY_MIN_SMOOTH_TIME, DBL_MAX, 0, 0, 1, 0.3,
	  "must be >= 0.0001 (Unity raises it to that)"), END },
	unity_to, unity_from, 0, 0, "unity", 0,
"  --unity-smooth-time T   critical, omega = 2 / T (T >= 0.0001); Unity\n"
"                      steps it with a rational e^-x (0.12 % off at\n"
"                      omega dt = 1) and clamps the overshoot\n"
"                      [Unity Mathf.SmoothDamp]\n"
};

/* config.default: tension 170, friction 26; mass 1 */
static const spring_dialect react = {
	"react", "react-spring", "react-spring config", SPRING_DIALECT_LIBRARY,
	{ POS("tension", "react-tension", "N/m", 170.0),
	  NONNEG("friction", "react-friction", "N s/m", 26.0),
	  MASS("mass", "react-mass"), END },
	physical_to, physical_from, 1, 0, "react-spring", 0,
"  --react-tension T --react-friction F [--react-mass M]   stiffness,\n"
"                      damping, mass (default 1)  [react-spring]\n"
};

/*
 * frequency has no default (react-spring then takes tension and
 * friction): 0.5 s; damping 1 (AnimationConfig's defaults).
 */
static const spring_dialect react_frequency = {
	"react-frequency", "react-spring", "react-spring frequency/damping",
	SPRING_DIALECT_LIBRARY,
	{ PARAM("frequency", "react-frequency", "s",
	  SPRING_REACT_MIN_FREQUENCY, DBL_MAX, 0, 0, 1, 0.5,
	  "must be >= 0.01 (react-spring raises it to that)"),
	  NONNEG("damping", "react-damping-ratio", "1", 1.0),
	  MASS("mass", "react-mass"), END },
	react_frequency_to, react_frequency_from, 0, 0, "react-spring", 0,
"  --react-frequency P --react-damping-ratio Z [--react-mass M]   the\n"
"                      \"frequency\" is a period in s (>= 0.01): omega =\n"
"                      2 pi / P, zeta = Z  [react-spring]\n"
};

/* motion-dom springDefaults: 100, 10, 1; duration 800 ms, bounce 0.3 */
static const spring_dialect motion = {
	"motion", "motion", "Motion (framer-motion)", SPRING_DIALECT_LIBRARY,
	{ POS("stiffness", "motion-stiffness", "N/m", 100.0),
	  NONNEG("damping", "motion-damping", "N s/m", 10.0),
	  MASS("mass", "motion-mass"), END },
	physical_to, physical_from, 1, 0, "motion motion-waapi motion-css", 0,
"  --motion-stiffness K --motion-damping D [--motion-mass M]   [Motion]\n"
};

#define MOTION_BOUNCE_PARAM \
	PARAM("bounce", "motion-bounce", "1", SPRING_MOTION_MIN_DAMPING - 1.0, \
	  1.0 - SPRING_MOTION_MIN_DAMPING, 0, 0, 1, 0.3, \
	  "must be between -0.95 and 0.95 (Motion raises 1 + bounce and " \
	  "1 - bounce to 0.05)")

static const spring_dialect motion_duration_d = {
	"motion-duration", "motion", "Motion findSpring, emulated",
	SPRING_DIALECT_LIBRARY,
	{ PARAM("duration", "motion-duration", "s",
	  SPRING_MOTION_MIN_DURATION, SPRING_MOTION_MAX_DURATION, 0, 0, 1, 0.8,
	  "must be between 0.01 and 10 s (Motion clamps it there)"),
	  MOTION_BOUNCE_PARAM, END },
	motion_duration_to, motion_duration_from, 0, 0, "motion motion-waapi motion-css", 1,
"  --motion-duration D --motion-bounce B   zeta = 1 - B (0 <= B <= 0.95)\n"
"                      or 1 / (1 + B) (-0.95 <= B < 0), omega by Motion's\n"
"                      own search (11 Newton steps on its 0.1 % envelope;\n"
"                      0.01 <= D <= 10; over-damped, scaled to end with\n"
"                      the critical one), an emulation  [Motion findSpring]\n"
};

/* springDefaults.visualDuration 0.3 s */
static const spring_dialect motion_visual = {
	"motion-visual-duration", "motion", "Motion visualDuration",
	SPRING_DIALECT_LIBRARY,
	{ POS("visualDuration", "motion-visual-duration", "s", 0.3),
	  MOTION_BOUNCE_PARAM, END },
	motion_visual_to, motion_visual_from, 0, 0, "motion motion-waapi motion-css", 0,
"  --motion-visual-duration V --motion-bounce B   omega = 2 pi / (1.2 V),\n"
"                      zeta as above (over-damped omega scaled likewise)\n"
"                      [Motion]\n"
};

/* the default config is Origami (40, 7): 230.2 and 22 */
static const spring_dialect rebound = {
	"rebound", "rebound", "Facebook Rebound", SPRING_DIALECT_LIBRARY,
	{ POS("tension", "rebound-tension", "1/s^2", 230.2),
	  NONNEG("friction", "rebound-friction", "1/s", 22.0), END },
	unit_mass_to, unit_mass_from, 0, 0, "rebound", 0,
"  --rebound-tension T --rebound-friction F   mass 1: stiffness, damping\n"
"                      [Facebook Rebound]\n"
};

static const spring_dialect origami = {
	"origami", "rebound", "Rebound OrigamiValueConverter",
	SPRING_DIALECT_LIBRARY,
	{ POS("tension", "origami-tension", "1", 40.0),
	  NONNEG("friction", "origami-friction", "1", 7.0), END },
	origami_to, origami_from, 0, 0, "rebound react-native", 0,
"  --origami-tension T --origami-friction F   Rebound's converter: tension\n"
"                      (T - 30) 3.62 + 194, friction (F - 8) 3 + 25; T > 0,\n"
"                      F >= 0 (0 too: friction 1, as rebound-js and React\n"
"                      Native)  [Rebound OrigamiValueConverter]\n"
};

/* b2DefaultWorldDef: jointHertz 60, jointDampingRatio 2 */
static const spring_dialect box2d = {
	"box2d", "box2d", "Box2D b2MakeSoft", SPRING_DIALECT_LIBRARY,
	{ POS("hertz", "box2d-hertz", "Hz", 60.0),
	  NONNEG("dampingRatio", "box2d-damping-ratio", "1", 2.0), END },
	box2d_to, hz_ratio_from, 0, 0, "box2d", 0,
"  --box2d-hertz H --box2d-damping-ratio Z   omega = 2 pi H, zeta = Z\n"
"                      [Box2D b2MakeSoft]\n"
};

/* popmotion 11: stiffness 100, damping 10, mass 1; 800 ms, bounce 0.25 */
static const spring_dialect popmotion = {
	"popmotion", "popmotion", "popmotion spring", SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "popmotion-stiffness", "N/m", 100.0),
	  NONNEG("damping", "popmotion-damping", "N s/m", 10.0),
	  MASS("mass", "popmotion-mass"), END },
	physical_to, physical_from, 1, 0, "popmotion", 0,
"  --popmotion-stiffness K --popmotion-damping D [--popmotion-mass M]\n"
};

static const spring_dialect popmotion_duration = {
	"popmotion-duration", "popmotion", "popmotion findSpring",
	SPRING_DIALECT_ENGINE,
	{ PARAM("duration", "popmotion-duration", "s",
	  SPRING_MOTION_MIN_DURATION, SPRING_MOTION_MAX_DURATION, 0, 0, 1, 0.8,
	  "must be between 0.01 and 10 s (popmotion clamps it there)"),
	  PARAM("bounce", "popmotion-bounce", "1", 0.0,
	  1.0 - SPRING_MOTION_MIN_DAMPING, 0, 0, 1, 0.25,
	  "must be between 0 and 0.95 (popmotion clamps 1 - bounce to "
	  "0.05..1)"), END },
	popmotion_duration_to, popmotion_duration_from, 0, 0, "popmotion", 1,
"  --popmotion-duration D --popmotion-bounce B   Motion's search (D in s)\n"
};

/* wobble's defaults 100, 10, 1; it refuses a damping of 0 */
static const spring_dialect wobble = {
	"wobble", "wobble", "wobble Spring", SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "wobble-stiffness", "N/m", 100.0),
	  POS("damping", "wobble-damping", "N s/m", 10.0),
	  MASS("mass", "wobble-mass"), END },
	physical_to, physical_from, 1, 0, "wobble", 0,
"  --wobble-stiffness K --wobble-damping D [--wobble-mass M]   D > 0\n"
};

/* spring()'s default, presets.noWobble: 170, 26 */
static const spring_dialect react_motion = {
	"react-motion", "react-motion", "react-motion spring()",
	SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "react-motion-stiffness", "1/s^2", 170.0),
	  NONNEG("damping", "react-motion-damping", "1/s", 26.0), END },
	unit_mass_to, unit_mass_from, 0, 0, "react-motion", 0,
"  --react-motion-stiffness K --react-motion-damping D   mass 1\n"
};

/* spring-utils.js defaultSpringConfig: damping 10, mass 1, stiffness 100 */
static const spring_dialect remotion = {
	"remotion", "remotion", "Remotion spring() config",
	SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "remotion-stiffness", "N/m", 100.0),
	  POS("damping", "remotion-damping", "N s/m", 10.0),
	  MASS("mass", "remotion-mass"), END },
	physical_to, physical_from, 1, 0, "remotion", 0,
"  --remotion-stiffness K --remotion-damping D [--remotion-mass M]   D > 0\n"
};

static const spring_dialect motion_one = {
	"motion-one", "@motionone/dom", "Motion One spring()",
	SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "motion-one-stiffness", "N/m", 100.0),
	  NONNEG("damping", "motion-one-damping", "N s/m", 10.0),
	  MASS("mass", "motion-one-mass"), END },
	physical_to, physical_from, 1, 0, "motion-one", 0,
"  --motion-one-stiffness K --motion-one-damping D [--motion-one-mass M]\n"
};

/* svelte/motion spring: stiffness 0.15, damping 0.8 */
static const spring_dialect svelte = {
	"svelte", "svelte", "svelte/motion spring, at 60 fps",
	SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "svelte-stiffness", "1/frame^2", 0.15),
	  NONNEG("damping", "svelte-damping", "1/frame", 0.8), END },
	svelte_to, svelte_from, 0, 0, "svelte", 0,
"  --svelte-stiffness K --svelte-damping B   per 60 fps frame: omega =\n"
"                      60 sqrt(K), zeta = B / (2 sqrt(K))\n"
};

/*
 * anime.js 4 Spring: mass 1, stiffness 100, damping 10.  It clamps
 * stiffness and damping to 1e-11..1e4 and raises a mass below 1 to 1
 * (at most 1e4), so a value outside is refused, engine or not.
 */
static const spring_dialect anime = {
	"anime", "animejs", "anime.js spring()", SPRING_DIALECT_ENGINE,
	{ PARAM("stiffness", "anime-stiffness", "N/m", 1e-11, 1e4, 0, 0, 1,
	  100.0, "must be between 1e-11 and 1e4 (anime.js clamps it there)"),
	  PARAM("damping", "anime-damping", "N s/m", 1e-11, 1e4, 0, 0, 1,
	  10.0, "must be between 1e-11 and 1e4 (anime.js clamps it there)"),
	  { "mass", "anime-mass", "kg", 1.0, 1e4, 0, 0, 1, 1.0, 1,
	  "must be between 1 and 1e4 (anime.js clamps it there)" }, END },
	physical_to, physical_from, 1, 0, "anime", 0,
"  --anime-stiffness K --anime-damping D [--anime-mass M]\n"
};

/* anime.js 4 Spring: bounce 0.5, duration 628 ms */
static const spring_dialect anime_duration = {
	"anime-duration", "animejs", "anime.js spring({ bounce, duration })",
	SPRING_DIALECT_ENGINE,
	{ PARAM("duration", "anime-duration", "s", SPRING_ANIME_MIN_DURATION,
	  SPRING_ANIME_MAX_DURATION, 0, 0, 1, 0.628,
	  "must be between 0.01 and 10 s (anime.js clamps it there)"),
	  PARAM("bounce", "anime-bounce", "1", -1.0, 1.0, 0, 0, 1, 0.5,
	  "must be between -1 and 1 (anime.js clamps it there)"), END },
	anime_duration_to, anime_duration_from, 0, 1, "anime", 1,
"  --anime-duration D --anime-bounce B   anime.js's perceived duration (s,\n"
"                      0.01..10), bounce -1..1: stiffness (2 pi / D)^2,\n"
"                      damping (1 - B) 4 pi / D (4 pi / (D (1 + B)) below\n"
"                      0), rounded to 3 decimals\n"
};

/* Animated.spring: stiffness 100, damping 10, mass 1; refuses damping 0 */
static const spring_dialect react_native = {
	"react-native", "react-native", "React Native Animated.spring",
	SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "rn-stiffness", "N/m", 100.0),
	  POS("damping", "rn-damping", "N s/m", 10.0),
	  MASS("mass", "rn-mass"), END },
	physical_to, physical_from, 1, 0, "react-native", 0,
"  --rn-stiffness K --rn-damping D [--rn-mass M]   React Native, D > 0\n"
};

/* bounciness 8, speed 12 (SpringAnimation's defaults) */
static const spring_dialect rn_bounciness = {
	"rn-bounciness", "react-native", "React Native fromBouncinessAndSpeed",
	SPRING_DIALECT_ENGINE,
	{ NONNEG("bounciness", "rn-bounciness", "1", 8.0),
	  NONNEG("speed", "rn-speed", "1", 12.0), END },
	rn_bounciness_to, NULL, 0, 0, "react-native", 0,
"  --rn-bounciness B --rn-speed S   React Native's fromBouncinessAndSpeed\n"
};

/*
 * withSpring: GentleSpringConfig 900, 120, mass 4 (the mass defaults to
 * springsim's --mass here, as for every dialect: give it); an invalid
 * config (damping 0) is skipped
 */
static const spring_dialect reanimated = {
	"reanimated", "react-native-reanimated", "Reanimated withSpring",
	SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "reanimated-stiffness", "N/m", 900.0),
	  POS("damping", "reanimated-damping", "N s/m", 120.0),
	  MASS("mass", "reanimated-mass"), END },
	physical_to, physical_from, 1, 0, "reanimated", 0,
"  --reanimated-stiffness K --reanimated-damping D [--reanimated-mass M]\n"
"                      D > 0  [Reanimated withSpring]\n"
};

/* GentleSpringConfigWithDuration: 550 ms, dampingRatio 1; mass 4 */
static const spring_dialect reanimated_duration = {
	"reanimated-duration", "react-native-reanimated",
	"Reanimated withSpring({ duration, dampingRatio })",
	SPRING_DIALECT_ENGINE,
	{ POS("duration", "reanimated-duration", "s", 0.55),
	  POS("dampingRatio", "reanimated-damping-ratio", "1", 1.0), END },
	reanimated_duration_to, NULL, 0, 0, "reanimated", 1,
"  --reanimated-duration D --reanimated-damping-ratio Z   D in s (the\n"
"                      library's ms), mass 4: the stiffness Reanimated's\n"
"                      bisection finds (the energy at 1.5 D is 6e-9 of\n"
"                      the start's)\n"
};

/* Unreal has no defaults for these: 0.2 s, 2 Hz, 25, ratio 1, mass 1 */
static const spring_dialect unreal_smoothing = {
	"unreal-smoothing", "Unreal Engine",
	"Unreal FMath::CriticallyDampedSmoothing", SPRING_DIALECT_ENGINE,
	{ POS("SmoothingTime", "unreal-smoothing-time", "s", 0.2), END },
	unreal_smoothing_to, unity_from, 0, 0,
	"unreal-smoothing unreal-spring-damper", 0,
"  --unreal-smoothing-time T   critical, omega = 2 / T\n"
"                      [Unreal CriticallyDampedSmoothing]\n"
};

static const spring_dialect unreal_smoothing_dr = {
	"unreal-smoothing-dr", "Unreal Engine",
	"Unreal FMath::SpringDamperSmoothing", SPRING_DIALECT_ENGINE,
	{ POS("SmoothingTime", "unreal-smoothing-time", "s", 0.2),
	  NONNEG("DampingRatio", "unreal-damping-ratio", "1", 1.0), END },
	unreal_smoothing_dr_to, unreal_smoothing_dr_from, 0, 0,
	"unreal-spring-damper", 0,
"  --unreal-smoothing-time T --unreal-damping-ratio Z   omega = 2 / T\n"
"                      (UndampedFrequency 1 / (pi T)), zeta = Z\n"
"                      [Unreal SpringDamperSmoothing]\n"
};

static const spring_dialect unreal_spring_damper = {
	"unreal-spring-damper", "Unreal Engine", "Unreal FMath::SpringDamper",
	SPRING_DIALECT_ENGINE,
	{ POS("UndampedFrequency", "unreal-undamped-frequency", "Hz", 2.0),
	  NONNEG("DampingRatio", "unreal-damping-ratio", "1", 1.0), END },
	box2d_to, hz_ratio_from, 0, 0, "unreal-spring-damper", 0,
"  --unreal-undamped-frequency F --unreal-damping-ratio Z   Hz: omega =\n"
"                      2 pi F, zeta = Z  [Unreal SpringDamper]\n"
};

static const spring_dialect unreal_float_spring = {
	"unreal-float-spring", "Unreal Engine",
	"Unreal UKismetMathLibrary::FloatSpringInterp", SPRING_DIALECT_ENGINE,
	{ POS("Stiffness", "unreal-stiffness", "N/m", 25.0),
	  NONNEG("CriticalDampingFactor", "unreal-critical-damping-factor",
	  "1", 1.0),
	  MASS("Mass", "unreal-mass"), END },
	unreal_float_spring_to, unreal_float_spring_from, 1, 0,
	"unreal-float-spring", 0,
"  --unreal-stiffness K --unreal-critical-damping-factor Z [--unreal-mass M]\n"
"                      omega = sqrt(K/M), zeta = Z\n"
"                      [Unreal FloatSpringInterp]\n"
};

/* spring(): DampingRatioNoBouncy 1, StiffnessMedium 1500 */
static const spring_dialect compose = {
	"compose", "androidx.compose.animation", "Jetpack Compose spring()",
	SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "compose-stiffness", "1/s^2", 1500.0),
	  NONNEG("dampingRatio", "compose-damping-ratio", "1", 1.0), END },
	android_to, android_from, 0, 0, "compose", 0,
"  --compose-stiffness K --compose-damping-ratio Z   Compose: Android's\n"
};

/* SpringDescription has no defaults: 100, 10 and 1, as Motion's */
static const spring_dialect flutter = {
	"flutter", "flutter", "Flutter SpringDescription",
	SPRING_DIALECT_ENGINE,
	{ POS("stiffness", "flutter-stiffness", "N/m", 100.0),
	  NONNEG("damping", "flutter-damping", "N s/m", 10.0),
	  MASS("mass", "flutter-mass"), END },
	physical_to, physical_from, 1, 0, "flutter", 0,
"  --flutter-stiffness K --flutter-damping D [--flutter-mass M]\n"
};

/* withDurationAndBounce: duration 500 ms, bounce 0 */
static const spring_dialect flutter_duration = {
	"flutter-duration", "flutter",
	"Flutter SpringDescription.withDurationAndBounce",
	SPRING_DIALECT_ENGINE,
	{ PARAM("duration", "flutter-duration", "s", 0.001, DBL_MAX, 0, 0, 0,
	  0.5, "must be >= 0.001 s (Flutter takes whole milliseconds, > 0)"),
	  PARAM("bounce", "flutter-bounce", "1", -1.0, 1.0, 1, 0, 0, 0.0,
	  "must be > -1 and <= 1 (Flutter's damping ratio is 1 - B or "
	  "1 / (1 + B))"), END },
	flutter_duration_to, period_bounce_from, 0, 1, "flutter", 1,
"  --flutter-duration D --flutter-bounce B   Flutter's withDurationAndBounce\n"
"                      (whole ms): omega = 2 pi / D, zeta as SwiftUI's\n"
};

/*
 * Every dialect: springsim's and the articles' conventions, then the
 * other libraries', then those of the libraries the engines run.
 */
const spring_dialect *const spring_dialects[] = {
	&stiffness_damping, &uaf_dr, &halflife_frequency, &halflife_dr,
	&ck_cd, &chou, &omega_zeta, &unreal, &hz_dr,
	&swiftui_response, &swiftui_duration, &android, &unity, &react,
	&react_frequency, &motion, &motion_duration_d, &motion_visual,
	&rebound, &origami, &box2d,
	&popmotion, &popmotion_duration, &wobble, &react_motion, &motion_one,
	&remotion, &svelte, &anime, &anime_duration, &react_native,
	&rn_bounciness, &reanimated, &reanimated_duration,
	&unreal_smoothing_dr, &unreal_smoothing, &unreal_spring_damper,
	&unreal_float_spring,
	&compose, &flutter, &flutter_duration,
	NULL
};

/* The dialect called name: a walk of the table. */
const spring_dialect *
spring_dialect_find(const char *name)
{
	const spring_dialect *const *d;

	for (d = spring_dialects; *d != NULL; d++)
		if (strcmp((*d)->name, name) == 0)
			return *d;
	return NULL;
}

/* Every convention's numbers for the spring p; see dialects.h. */
void
spring_describe(const spring_params *p, double dt, double decay_time,
    spring_conventions *c)
{
	double w = p->omega, z = p->zeta;

	c->stiffness = spring_stiffness(p);
	c->damping = spring_damping(p);
	c->mass = p->mass;
	c->omega = w;
	c->zeta = z;
	describe_times(p, decay_time, c);
	/* Nissen: k = Ck m / h^2, d = Cd m / h; (omega dt)^2, not omega^2 */
	c->dt = dt;
	c->ck = (w * dt) * (w * dt);
	c->cd = ldexp(scaled_mul3(z, w, dt), 1);
}
