/*
 * dialectfrom.c - the libraries' own formulas from their parameters to
 * the canonical spring (spring_from_*, dialects.h): each one's sources
 * and derivation are in dialects.c's opening comment, which keeps the
 * table of dialects and every convention's numbers for one spring.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "spring.h"
#include "dialectmath.h"
#include "internal.h"
#include "scaled.h"

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
