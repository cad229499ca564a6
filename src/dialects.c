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
#include <math.h>

#include "spring.h"
#include "internal.h"
#include "scaled.h"

#define TWO_PI	6.283185307179586476925286766559
#define LN2	0.693147180559945309417232121458
#define LN50	3.912023005428146058618750787910

/* Motion's envelope threshold (safeMin) and root search (find.ts). */
#define MOTION_SAFE_MIN		0.001
#define MOTION_NEWTON_STEPS	11
/* Motion's visualDuration is 1 / 1.2 of the undamped period. */
#define MOTION_VISUAL_RATIO	1.2
/* Rebound's OrigamiValueConverter. */
#define ORIGAMI_T_SCALE		3.62
#define ORIGAMI_T_OFFSET	194.0
#define ORIGAMI_T_ORIGIN	30.0
#define ORIGAMI_F_SCALE		3.0
#define ORIGAMI_F_OFFSET	25.0
#define ORIGAMI_F_ORIGIN	8.0

/* A finite, strictly positive number. */
static int
positive(double x)
{
	return isfinite(x) && x > 0.0;
}


/* x limited to lo..hi. */
static double
clamp(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* sqrt(1 - z^2) without cancellation near z = 1. */
static double
sqrt_one_minus_sq(double z)
{
	return sqrt((1.0 - z) * (1.0 + z));
}

/* SwiftUI: response is the undamped period. */
int
spring_from_swiftui_response(double response, double damping_fraction,
    spring_params *p)
{
	if (!positive(response))
		return -1;
	return spring_params_set(TWO_PI / response, damping_fraction, 1.0, p);
}

/* SwiftUI's bounce as a damping ratio: 1 - B above 0, 1 / (1 + B) below. */
static double
swiftui_zeta(double bounce)
{
	return bounce > 0.0 ? 1.0 - bounce : 1.0 / (1.0 + bounce);
}

/* SwiftUI: duration is the undamped period, bounce the damping. */
int
spring_from_swiftui_duration(double duration, double bounce,
    spring_params *p)
{
	if (!positive(duration) || !(bounce > -1.0 && bounce <= 1.0))
		return -1;
	return spring_params_set(TWO_PI / duration, swiftui_zeta(bounce), 1.0, p);
}

/* Android's SpringForce: unit mass, natural frequency sqrt(K). */
int
spring_from_android(double stiffness, double damping_ratio,
    spring_params *p)
{
	if (!positive(stiffness))
		return -1;
	return spring_params_set(sqrt(stiffness), damping_ratio, 1.0, p);
}

/*
 * Unreal's UKismetMathLibrary::FloatSpringInterp (KismetMathLibrary.h, as
 * documented: Stiffness, CriticalDampingFactor 0 undamped .. 1 critical,
 * Mass): omega = sqrt(K / M), zeta = the factor.  sqrt(K) / sqrt(M) does
 * not overflow where K / M would.
 */
int
spring_from_unreal(double stiffness, double damping_ratio, double mass,
    spring_params *p)
{
	if (!positive(stiffness) || !positive(mass))
		return -1;
	return spring_params_set(sqrt(stiffness) / sqrt(mass), damping_ratio,
	    mass, p);
}

/* Unity's SmoothDamp: critical, omega = 2 / smoothTime (at least 1e-4). */
int
spring_from_unity(double smooth_time, spring_params *p)
{
	if (!positive(smooth_time))
		return -1;
	smooth_time = fmax(smooth_time, SPRING_UNITY_MIN_SMOOTH_TIME);
	return spring_params_set(2.0 / smooth_time, 1.0, 1.0, p);
}

/* react-spring's tension and friction are stiffness and damping. */
int
spring_from_react(double tension, double friction, double mass,
    spring_params *p)
{
	return spring_from_stiffness(tension, friction, mass, p);
}

/*
 * react-spring's frequency f (a period): tension = (2 pi / f)^2 m and
 * friction = 4 pi zeta m / f give omega = 2 pi / f and zeta whatever m.
 */
int
spring_from_react_frequency(double frequency, double damping_ratio,
    double mass, spring_params *p)
{
	if (!positive(frequency))
		return -1;
	frequency = fmax(frequency, SPRING_REACT_MIN_FREQUENCY);
	return spring_params_set(TWO_PI / frequency, damping_ratio, mass, p);
}

/* Motion's stiffness, damping and mass. */
int
spring_from_motion(double stiffness, double damping, double mass,
    spring_params *p)
{
	return spring_from_stiffness(stiffness, damping, mass, p);
}

/*
 * Motion's damping ratio for a bounce (motion-dom bounceToDampingRatio):
 * 1 / (1 + bounce) below 0, 1 - bounce from 0, each divisor or value
 * at least 0.05 (so zeta runs from 0.05 to 20).  The Motion engine's
 * too (internal.h).
 */
double
spring_motion_zeta(double bounce)
{
	return bounce < 0.0 ? 1.0 / fmax(1.0 + bounce, SPRING_MOTION_MIN_DAMPING) :
	    fmax(1.0 - bounce, SPRING_MOTION_MIN_DAMPING);
}

/*
 * motion-dom's overdampedFreqScale: for zeta > 1, the factor s such that
 * the over-damped spring at omega s is as far from the target at the
 * time u / omega as the critical spring is u radians in: Newton on
 * fast e^(-slow f) - slow e^(-fast f) = 2 root e^-u (1 + u), 11 updates
 * from f = u, s = f / u.  1 up to critical damping.  The Motion
 * engine's too (internal.h): the arithmetic is Motion's.
 */
double
spring_motion_overdamped_scale(double zeta, double u)
{
	double root, slow, fast, target, f;
	int i;

	if (!(zeta > 1.0))
		return 1.0;
	root = sqrt(zeta * zeta - 1.0);
	slow = zeta - root;
	fast = zeta + root;
	target = 2.0 * root * exp(-u) * (1.0 + u);
	f = u;
	for (i = 0; i < MOTION_NEWTON_STEPS; i++)
		f -= (fast * exp(-slow * f) - slow * exp(-fast * f) - target) /
		    (exp(-fast * f) - exp(-slow * f));
	return f / u;
}

/*
 * Motion's findSpring at velocity 0: Newton's method on the envelope
 * condition, as many steps as Motion takes from where it starts.  Under
 * critical damping f(w) = 0.001 - zeta / sqrt(1 - zeta^2) e^(-zeta w D);
 * at or over critical damping f(w) = (1 + w D) e^(-w D) - 0.001, whose
 * root over-damping scales (spring_motion_overdamped_scale).  Either
 * f is monotone and Newton approaches its root from below.
 */
static double
motion_find_omega(double duration, double zeta)
{
	double w = 5.0 / duration, e, s;
	int i;

	for (i = 0; i < MOTION_NEWTON_STEPS; i++) {
		if (zeta < 1.0) {
			s = sqrt_one_minus_sq(zeta);
			e = exp(-zeta * w * duration);
			w -= (MOTION_SAFE_MIN - zeta / s * e) /
			    (zeta * zeta * duration / s * e);
		} else {
			e = exp(-w * duration);
			w -= ((1.0 + w * duration) * e - MOTION_SAFE_MIN) /
			    (-w * duration * duration * e);
		}
	}
	return w * spring_motion_overdamped_scale(zeta, w * duration);
}

/* Motion's duration and bounce, clamped as Motion clamps them. */
int
spring_from_motion_duration(double duration, double bounce,
    spring_params *p)
{
	double zeta;

	if (!positive(duration) || !isfinite(bounce))
		return -1;
	duration = clamp(duration, SPRING_MOTION_MIN_DURATION,
	    SPRING_MOTION_MAX_DURATION);
	zeta = spring_motion_zeta(bounce);
	return spring_params_set(motion_find_omega(duration, zeta), zeta, 1.0, p);
}

/*
 * Motion's visualDuration: 1.2 visualDuration is the undamped period of
 * a spring up to critical damping; over-damped, omega is scaled as
 * getSpringOptions scales it (overdampedFreqScale at 2 pi / 1.2).
 */
int
spring_from_motion_visual(double visual_duration, double bounce,
    spring_params *p)
{
	double zeta;

	if (!positive(visual_duration) || !isfinite(bounce))
		return -1;
	zeta = spring_motion_zeta(bounce);
	return spring_params_set(TWO_PI / (MOTION_VISUAL_RATIO * visual_duration) *
	    spring_motion_overdamped_scale(zeta, TWO_PI / MOTION_VISUAL_RATIO),
	    zeta, 1.0, p);
}

/* Rebound's tension and friction act on a unit mass. */
int
spring_from_rebound(double tension, double friction, spring_params *p)
{
	return spring_from_stiffness(tension, friction, 1.0, p);
}

/*
 * Rebound's OrigamiValueConverter as rebound-js (tensionFromOrigamiValue,
 * frictionFromOrigamiValue) and React Native compute it: linear, 0 too
 * (Origami friction 0 is friction 1; only Java Rebound maps 0 to 0).
 */
int
spring_from_origami(double tension, double friction, spring_params *p)
{
	double t, f;

	if (!isfinite(tension) || !isfinite(friction))
		return -1;
	t = (tension - ORIGAMI_T_ORIGIN) * ORIGAMI_T_SCALE + ORIGAMI_T_OFFSET;
	f = (friction - ORIGAMI_F_ORIGIN) * ORIGAMI_F_SCALE + ORIGAMI_F_OFFSET;
	return spring_from_rebound(t, f, p);
}

/* Box2D's soft constraint: frequency in Hz and damping ratio. */
int
spring_from_box2d(double hertz, double damping_ratio, spring_params *p)
{
	if (!positive(hertz))
		return -1;
	return spring_params_set(TWO_PI * hertz, damping_ratio, 1.0, p);
}

/*
 * popmotion (popmotion 11, animations/utils/find-spring.ts findSpring):
 * the same envelope, clamps and 11 Newton steps from 5 / duration as
 * Motion's, on a duration given in ms (here s).
 */
int
spring_from_popmotion_duration(double duration, double bounce,
    spring_params *p)
{
	return spring_from_motion_duration(duration, bounce, p);
}

/*
 * svelte (sveltejs/svelte, packages/svelte/src/motion/spring.js,
 * tick_spring): per frame of 60 fps, d = (target - x) K - B v with v in
 * units per 60 fps frame, so K = omega^2 / 60^2 and B = 2 zeta omega /
 * 60: omega = 60 sqrt(K), zeta = B / (2 sqrt(K)).
 */
int
spring_from_svelte(double stiffness, double damping, spring_params *p)
{
	if (!positive(stiffness))
		return -1;
	return spring_params_set(60.0 * sqrt(stiffness),
	    damping / (2.0 * sqrt(stiffness)), 1.0, p);
}

/* JavaScript's Math.round: the nearest integer, halves toward +inf. */
static double
js_round(double x)
{
	double r = floor(x);

	return x - r >= 0.5 ? r + 1.0 : r;
}

/* anime.js's round(v, 3) (core/helpers.js): Math.round(v * 1e3) / 1e3. */
static double
anime_round3(double v)
{
	return js_round(v * 1000.0) / 1000.0;
}

/*
 * anime.js 4 (juliangarnier/anime, src/easings/spring/index.js,
 * Spring.calculateSDFromBD): pd in ms clamped to 10..10 K, pds = pd /
 * 1000; stiffness (2 pi / pds)^2 within 1e-11..1e4, damping (1 - bn)
 * 4 pi / pds for bn >= 0, 4 pi / (pds (1 + bn)) below, within
 * 1e-11..300; both rounded to 3 decimals; mass 1.
 */
int
spring_from_anime_duration(double duration, double bounce,
    spring_params *p)
{
	const double pi = TWO_PI / 2.0, min_value = 1e-11;
	double pd, pds, k, d;

	if (!positive(duration) || !isfinite(bounce))
		return -1;
	pd = clamp(duration * 1000.0, 10.0, 10000.0);
	bounce = clamp(bounce, -1.0, 1.0);
	pds = pd / 1000.0;
	k = pow(2.0 * pi / pds, 2.0);
	d = bounce >= 0.0 ? (1.0 - bounce) * 4.0 * pi / pds :
	    4.0 * pi / (pds * (1.0 + bounce));
	k = anime_round3(clamp(k, min_value, 10000.0));
	d = anime_round3(clamp(d, min_value, 300.0));
	return spring_from_stiffness(k, d, 1.0, p);
}

/* React Native's b3Nobounce: the friction of no bounce for a tension. */
static double
rn_nobounce(double t)
{
	if (t <= 18.0)
		return 0.0007 * pow(t, 3.0) - 0.031 * pow(t, 2.0) + 0.64 * t +
		    1.28;
	if (t <= 44.0)
		return 0.000044 * pow(t, 3.0) - 0.006 * pow(t, 2.0) + 0.36 * t +
		    2.0;
	return 0.00000045 * pow(t, 3.0) - 0.000332 * pow(t, 2.0) +
	    0.1078 * t + 5.84;
}

/*
 * React Native (facebook/react-native, packages/react-native/Libraries/
 * Animated/SpringConfig.js, fromBouncinessAndSpeed; vendored by
 * react-native-web): b = bounciness / 1.7 / 20 * 0.8, s = speed / 1.7 /
 * 20, Origami tension 0.5 + 199.5 s, friction the quadratic-out blend
 * from no bounce to 0.01 at 2b - b^2.
 */
int
spring_from_react_native_bounciness(double bounciness, double speed,
    spring_params *p)
{
	double b, s, tension, friction, t;

	if (!isfinite(bounciness) || !isfinite(speed))
		return -1;
	b = (bounciness / 1.7 - 0.0) / (20.0 - 0.0);
	b = 0.0 + b * (0.8 - 0.0);
	s = (speed / 1.7 - 0.0) / (20.0 - 0.0);
	tension = 0.5 + s * (200.0 - 0.5);
	t = 2.0 * b - b * b;
	friction = t * 0.01 + (1.0 - t) * rn_nobounce(tension);
	/* SpringConfig.js's Origami converter (no special case for 0) */
	tension = (tension - ORIGAMI_T_ORIGIN) * ORIGAMI_T_SCALE +
	    ORIGAMI_T_OFFSET;
	friction = (friction - ORIGAMI_F_ORIGIN) * ORIGAMI_F_SCALE +
	    ORIGAMI_F_OFFSET;
	if (!(friction > 0.0) || !(tension > 0.0))
		return -1;
	return spring_from_rebound(tension, friction, p);
}

/*
 * Flutter (flutter/flutter, packages/flutter/lib/src/physics/
 * spring_simulation.dart, SpringDescription.withDurationAndBounce): a
 * Duration holds whole microseconds, inMilliseconds truncates them.
 */
int
spring_from_flutter_duration(double duration, double bounce,
    spring_params *p)
{
	double ms, s, k;

	if (!positive(duration) || !(bounce > -1.0 && bounce <= 1.0))
		return -1;
	ms = floor(nearbyint(duration * 1e6) / 1000.0);
	if (!(ms > 0.0))
		return -1;
	s = ms / 1000.0;
	k = 4.0 * (TWO_PI / 2.0) * (TWO_PI / 2.0) / pow(s, 2.0);
	return spring_params_set(sqrt(k), bounce > 0.0 ? 1.0 - bounce :
	    1.0 / (bounce + 1.0), 1.0, p);
}

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
 * The other libraries' parameters for the spring; those with a mass as
 * spring_stiffness and spring_damping form them (scaled: m omega^2 may
 * be finite where omega^2 is not).
 */
static void describe_engines(const spring_params *p, spring_conventions *c);

static void
describe_dialects(const spring_params *p, spring_conventions *c)
{
	double w = p->omega, z = p->zeta, m = p->mass;
	double k1 = w * w, d1 = ldexp(z * w, 1);	/* per unit mass */
	int motion_ok = z >= SPRING_MOTION_MIN_DAMPING &&
	    z <= SPRING_MOTION_MAX_OVERDAMPING;

	c->swiftui_response = TWO_PI / w;
	c->swiftui_damping_fraction = z;
	c->swiftui_duration = TWO_PI / w;
	c->swiftui_bounce = z <= 1.0 ? 1.0 - z : 1.0 / z - 1.0;
	c->android_stiffness = k1;
	c->android_damping_ratio = z;
	c->unity_smooth_time = critical(z) ? 2.0 / w : NAN;
	c->react_tension = spring_stiffness(p);
	c->react_friction = spring_damping(p);
	c->react_mass = m;
	c->react_frequency = TWO_PI / w >= SPRING_REACT_MIN_FREQUENCY ?
	    TWO_PI / w : NAN;
	c->react_damping_ratio = z;
	c->motion_stiffness = spring_stiffness(p);
	c->motion_damping = spring_damping(p);
	c->motion_mass = m;
	c->motion_duration = motion_ok ? motion_duration(w, z) : NAN;
	/* bounceToDampingRatio's inverse: 1 / zeta - 1 over-damped */
	c->motion_bounce = !motion_ok ? NAN : critical(z) ? 0.0 :
	    z < 1.0 ? 1.0 - z : 1.0 / z - 1.0;
	c->motion_visual_duration = motion_ok ?
	    TWO_PI / (MOTION_VISUAL_RATIO * w) * spring_motion_overdamped_scale(z,
	    TWO_PI / MOTION_VISUAL_RATIO) : NAN;
	c->rebound_tension = k1;
	c->rebound_friction = d1;
	c->origami_tension = origami_value(k1, ORIGAMI_T_OFFSET,
	    ORIGAMI_T_SCALE, ORIGAMI_T_ORIGIN);
	c->origami_friction = origami_value(d1, ORIGAMI_F_OFFSET,
	    ORIGAMI_F_SCALE, ORIGAMI_F_ORIGIN);
	c->box2d_hertz = w / TWO_PI;
	c->box2d_damping_ratio = z;
	describe_engines(p, c);
}

/*
 * The dialects of the libraries --engine runs: each library's physical
 * numbers (per unit mass where it has no mass), and its duration forms
 * inverted where the library's range holds the spring (NaN elsewhere):
 * popmotion's findSpring takes zeta 0.05..1 (bounce 1 - zeta); svelte's
 * stiffness and damping are fractions of a 60 fps frame, K = (omega /
 * 60)^2, B = 2 zeta omega / 60, each at most 1; anime.js's and Flutter's
 * duration D = 2 pi / omega with SwiftUI's bounce (1 - zeta, or 1 / zeta
 * - 1 over-damped), anime's D within 0.01..10 s (it rounds its stiffness
 * and damping to 3 decimals, Flutter D to whole ms: given back these,
 * each runs a spring a rounding away).
 */
static void
describe_engines(const spring_params *p, spring_conventions *c)
{
	double w = p->omega, z = p->zeta, m = p->mass;
	double k = spring_stiffness(p), d = spring_damping(p);
	double k1 = w * w, d1 = ldexp(z * w, 1);	/* per unit mass */
	double bounce = z <= 1.0 ? 1.0 - z : 1.0 / z - 1.0;
	double sk = (w / 60.0) * (w / 60.0), sb = z * w / 30.0;

	c->popmotion_stiffness = c->wobble_stiffness = k;
	c->popmotion_damping = c->wobble_damping = d;
	c->popmotion_mass = c->wobble_mass = m;
	c->popmotion_duration = z >= SPRING_MOTION_MIN_DAMPING && z <= 1.0 ?
	    motion_duration(w, z) : NAN;
	c->popmotion_bounce = z >= SPRING_MOTION_MIN_DAMPING && z <= 1.0 ?
	    1.0 - z : NAN;
	c->react_motion_stiffness = k1;
	c->react_motion_damping = d1;
	c->motion_one_stiffness = c->anime_stiffness = c->rn_stiffness = k;
	c->motion_one_damping = c->anime_damping = c->rn_damping = d;
	c->motion_one_mass = c->anime_mass = c->rn_mass = m;
	c->svelte_stiffness = sk <= 1.0 ? sk : NAN;
	c->svelte_damping = sk <= 1.0 && sb <= 1.0 ? sb : NAN;
	c->anime_duration = TWO_PI / w >= 0.01 && TWO_PI / w <= 10.0 ?
	    TWO_PI / w : NAN;
	c->anime_bounce = isnan(c->anime_duration) ? NAN : bounce;
	c->compose_stiffness = k1;
	c->compose_damping_ratio = z;
	c->flutter_stiffness = k;
	c->flutter_damping = d;
	c->flutter_mass = m;
	c->flutter_duration = TWO_PI / w;
	c->flutter_bounce = bounce;
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
	describe_dialects(p, c);
}
