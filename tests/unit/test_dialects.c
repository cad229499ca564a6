/*
 * test_dialects.c - the other libraries' parameters (dialects.c) against
 * the values their documentation and source publish, every convention's
 * round trip through canonical form, and `convert`'s numbers for springs
 * worked out by hand; the table of dialects (spring_dialects[]): its
 * rows, each one's round trip and defaults, values by hand.  Expected
 * values come from the formulas written out here or from the libraries'
 * published numbers, never from the program.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define PI 3.14159265358979323846
#define LN2 0.69314718055994530942

/* |got - want| <= 1e-12 |want| */
#define CHECK_REL(got, want) CHECK_NEAR(got, want, 1e-12 * fabs(want))

/* omega and zeta of p, each to 1e-12 relative (zeta 0: exactly). */
#define CHECK_SPRING(p, w, z) do {					\
	CHECK_REL((p).omega, (w));					\
	CHECK_NEAR((p).zeta, (z), 1e-12 * fabs(z));			\
} while (0)

/*
 * The value convert prints under key for the spring s: the first
 * dialect (another library's, with an inverse) with a parameter whose
 * flag, '_' for '-', is key, as its from_spring gives it.
 */
static double
conv(const spring_params *s, const char *key)
{
	const spring_dialect *const *d;
	double v[SPRING_DIALECT_MAX_PARAMS];
	char k[64], *c;
	int i;

	for (d = spring_dialects; *d != NULL; d++) {
		if ((*d)->kind == SPRING_DIALECT_OWN ||
		    (*d)->from_spring == NULL)
			continue;
		for (i = 0; (*d)->params[i].name != NULL; i++) {
			snprintf(k, sizeof(k), "%s", (*d)->params[i].flag);
			for (c = k; (c = strchr(c, '-')) != NULL; c++)
				*c = '_';
			if (strcmp(k, key) != 0)
				continue;
			(*d)->from_spring(s, 0.01, v);
			return v[i];
		}
	}
	CHECK(0);	/* no dialect prints key */
	return NAN;
}

/*
 * SwiftUI.  Apple documents Animation.spring(response: 0.5,
 * dampingFraction: 0.825) as the defaults and response as "an approximate
 * duration in seconds": the undamped period, so stiffness (2 pi / 0.5)^2
 * = 16 pi^2 and damping 4 pi 0.825 / 0.5 = 6.6 pi.  Spring(duration: 0.5,
 * bounce: 0) is documented as critically damped; .snappy and .bouncy
 * have base bounces 0.15 and 0.3; Flutter's withDurationAndBounce (said
 * to match SwiftUI) gives zeta = 1 / (1 + B) below 0.
 */
static void
swiftui(void)
{
	spring_params p = { 0 };

	CHECK(spring_from_swiftui_response(0.5, 0.825, &p) == 0);
	CHECK_REL(spring_stiffness(&p), 16 * PI * PI);	/* 157.91... */
	CHECK_REL(spring_damping(&p), 6.6 * PI);	/* 20.734... */
	CHECK_NEAR(spring_stiffness(&p), 157.91, 0.005);
	CHECK_NEAR(spring_damping(&p), 20.73, 0.005);
	CHECK(spring_from_swiftui_duration(0.5, 0.0, &p) == 0);
	CHECK_SPRING(p, 4 * PI, 1.0);
	CHECK(spring_from_swiftui_duration(0.5, 0.15, &p) == 0);
	CHECK_SPRING(p, 4 * PI, 0.85);
	CHECK(spring_from_swiftui_duration(0.5, 0.3, &p) == 0);
	CHECK_SPRING(p, 4 * PI, 0.7);
	CHECK(spring_from_swiftui_duration(2.0, -0.5, &p) == 0);
	CHECK_SPRING(p, PI, 2.0);
	CHECK(spring_from_swiftui_duration(1.0, 1.0, &p) == 0);
	CHECK_SPRING(p, 2 * PI, 0.0);			/* undamped */
	CHECK(spring_from_swiftui_duration(1.0, -1.0, &p) == -1);
	CHECK(spring_from_swiftui_response(0.0, 0.5, &p) == -1);
}

/*
 * Android's SpringForce: the defaults STIFFNESS_MEDIUM = 1500 and
 * DAMPING_RATIO_MEDIUM_BOUNCY = 0.5 (developer.android.com; its source
 * sets mNaturalFreq = sqrt(1500)), and the other published constants.
 */
static void
android(void)
{
	spring_params p = { 0 };

	CHECK(spring_from_android(1500.0, 0.5, &p) == 0);
	CHECK_SPRING(p, sqrt(1500.0), 0.5);
	CHECK_NEAR(p.omega, 38.7298, 5e-5);
	CHECK(spring_from_android(10000.0, 0.2, &p) == 0);	/* HIGH, HIGH_BOUNCY */
	CHECK_SPRING(p, 100.0, 0.2);
	CHECK(spring_from_android(200.0, 0.75, &p) == 0);	/* LOW, LOW_BOUNCY */
	CHECK_SPRING(p, sqrt(200.0), 0.75);
	CHECK(spring_from_android(50.0, 1.0, &p) == 0);	/* VERY_LOW, NO_BOUNCY */
	CHECK_SPRING(p, sqrt(50.0), 1.0);
	CHECK_REL(p.mass, 1.0);
	CHECK(spring_from_android(0.0, 0.5, &p) == -1);
}

/*
 * Unreal's FloatSpringInterp (Stiffness, CriticalDampingFactor, Mass):
 * omega = sqrt(K / M), zeta the factor; K = 400 on M = 4 is omega 10,
 * and the huge and tiny ends stay finite (sqrt(K) / sqrt(M)).
 */
static void
unreal(void)
{
	spring_params p = { 0 };

	CHECK(spring_from_unreal(400.0, 0.5, 4.0, &p) == 0);
	CHECK_SPRING(p, 10.0, 0.5);
	CHECK_REL(p.mass, 4.0);
	CHECK(spring_from_unreal(9.0, 0.0, 1.0, &p) == 0);
	CHECK_SPRING(p, 3.0, 0.0);
	CHECK(spring_from_unreal(1e100, 1.0, 1e-100, &p) == 0);
	CHECK_REL(p.omega, 1e100);
	CHECK(spring_from_unreal(0.0, 0.5, 1.0, &p) == -1);
	CHECK(spring_from_unreal(1.0, 0.5, 0.0, &p) == -1);
	CHECK(spring_from_unreal(1.0, -0.5, 1.0, &p) == -1);
}

/*
 * Unity's SmoothDamp, with the smoothTime of Unity's own example (0.3):
 * critical, omega = 2 / 0.3.  Below 0.0001 Unity raises it to that.
 * Its update replaces e^-x by 1 / (1 + x + 0.48 x^2 + 0.235 x^3): within
 * 0.13 % for x = omega dt <= 1: the same spring, a slightly different
 * update.
 */
static void
unity(void)
{
	spring_params p = { 0 };
	double x;

	CHECK(spring_from_unity(0.3, &p) == 0);
	CHECK_SPRING(p, 2.0 / 0.3, 1.0);
	CHECK(spring_from_unity(1e-5, &p) == 0);
	CHECK_SPRING(p, 2e4, 1.0);
	for (x = 0.0; x <= 1.0; x += 0.125)
		CHECK_NEAR(1.0 / (1 + x + 0.48 * x * x + 0.235 * x * x * x),
		    exp(-x), 1.3e-3 * exp(-x));
}

/*
 * react-spring's config presets (packages/core/src/constants.ts; mass 1
 * by default): tension and friction are stiffness and damping.  The
 * default { tension: 170, friction: 26 } is just under critical: zeta =
 * 26 / (2 sqrt 170) = 0.99705.  frequency 0.5 (a period) with damping 1
 * gives tension (2 pi / 0.5)^2 m and friction 4 pi m / 0.5
 * (AnimationConfig.ts), whatever the mass.
 */
static void
react(void)
{
	static const struct { double t, f; } presets[] = {
		{ 170, 26 }, { 120, 14 }, { 180, 12 }, { 210, 20 },
		{ 280, 60 }, { 280, 120 }
	};
	spring_params p = { 0 };
	size_t i;

	for (i = 0; i < sizeof(presets) / sizeof(presets[0]); i++) {
		CHECK(spring_from_react(presets[i].t, presets[i].f, 1.0, &p) ==
		    0);
		CHECK_SPRING(p, sqrt(presets[i].t),
		    presets[i].f / (2 * sqrt(presets[i].t)));
	}
	CHECK(spring_from_react(170, 26, 1.0, &p) == 0);
	CHECK_NEAR(p.zeta, 0.99705, 5e-6);
	CHECK(spring_from_react(280, 120, 1.0, &p) == 0);	/* molasses */
	CHECK_NEAR(p.zeta, 3.5857, 5e-5);
	CHECK(spring_from_react_frequency(0.5, 1.0, 3.0, &p) == 0);
	CHECK_REL(spring_stiffness(&p), 16 * PI * PI * 3.0);
	CHECK_REL(spring_damping(&p), 8 * PI * 3.0);
	CHECK_SPRING(p, 4 * PI, 1.0);
	CHECK(spring_from_react_frequency(0.001, 1.0, 1.0, &p) == 0);
	CHECK_REL(p.omega, 2 * PI / 0.01);		/* raised to 0.01 */
}

/* Motion's duration for a spring, the exact root, written out again. */
static double
motion_root_duration(double omega, double zeta)
{
	return log(zeta / (0.001 * sqrt(1 - zeta * zeta))) / (zeta * omega);
}

/*
 * Motion (framer-motion springDefaults): stiffness 100, damping 10, mass
 * 1 is omega 10, zeta 0.5.  duration 800 ms and bounce 0.3 (the other
 * defaults) is zeta 0.7 and the omega at which the envelope zeta /
 * sqrt(1 - zeta^2) e^(-zeta omega 0.8) is 0.001, written here in closed
 * form (Motion searches for it by Newton's method).  bounce 0 is
 * critical: (1 + omega D) e^(-omega D) = 0.001.  visualDuration 0.3 and
 * bounce 0.3: omega = 2 pi / (1.2 0.3).
 */
/*
 * Motion's negative bounce (motion-dom 14.14.0 bounceToDampingRatio and
 * overdampedFreqScale): zeta = 1 / (1 + B), and omega chosen so that the
 * over-damped spring from rest has as far left to go at its defining time
 * as the critical spring it replaces: for a duration D, the critical
 * envelope's 0.001 at D; for a visualDuration V, the critical spring of
 * omega_c = 2 pi / (1.2 V) at V, (1 + u) e^-u with u = 2 pi / 1.2.  The
 * distance left is read from springsim's exact solution.
 */
static void
motion_negative_bounce(void)
{
	spring_reference r;
	spring_state s;
	spring_params p = { 0 };
	double u = 2 * PI / 1.2;

	CHECK(spring_from_motion_duration(0.8, -0.5, &p) == 0);
	CHECK_REL(p.zeta, 2.0);
	spring_reference_init(&r, &p, 0.0, 0.0, 1.0, 0.0, 0.01);
	spring_reference_at(&r, 0.8, &s);
	CHECK_NEAR(1.0 - s.x, 0.001, 1e-12);
	CHECK(spring_from_motion_visual(0.5, -0.4, &p) == 0);
	CHECK_REL(p.zeta, 1 / 0.6);
	CHECK(p.omega > 2 * PI / 0.6);	/* over-damped: faster omega */
	spring_reference_init(&r, &p, 0.0, 0.0, 1.0, 0.0, 0.01);
	spring_reference_at(&r, 0.5, &s);
	CHECK_NEAR(1.0 - s.x, (1 + u) * exp(-u), 1e-12);
	/* the clamp: 1 + B at least 0.05 */
	CHECK(spring_from_motion_duration(0.8, -0.99, &p) == 0);
	CHECK_REL(p.zeta, 20.0);
	spring_reference_init(&r, &p, 0.0, 0.0, 1.0, 0.0, 0.01);
	spring_reference_at(&r, 0.8, &s);
	CHECK_NEAR(1.0 - s.x, 0.001, 1e-12);
}

static void
motion(void)
{
	spring_params p = { 0 };
	double u;

	CHECK(spring_from_motion(100, 10, 1, &p) == 0);
	CHECK_SPRING(p, 10.0, 0.5);
	CHECK(spring_from_motion_duration(0.8, 0.3, &p) == 0);
	CHECK_REL(p.zeta, 0.7);
	CHECK_REL(p.omega, log(0.7 / (0.001 * sqrt(0.51))) / (0.7 * 0.8));
	CHECK_NEAR(p.omega, 12.2996, 5e-5);
	CHECK(spring_from_motion_duration(0.8, 0.0, &p) == 0);
	CHECK_EQ(p.zeta, 1.0);
	u = p.omega * 0.8;
	CHECK_NEAR((1 + u) * exp(-u), 0.001, 1e-15);
	CHECK_NEAR(u, 9.2334, 5e-5);
	CHECK(spring_from_motion_duration(0.25, 0.95, &p) == 0);
	CHECK_REL(p.omega, motion_root_duration(1.0, 0.05) / 0.25);
	/* Motion's clamps: bounce 1 is zeta 0.05, duration 20 is 10 */
	CHECK(spring_from_motion_duration(20.0, 1.0, &p) == 0);
	CHECK_REL(p.zeta, 0.05);
	CHECK_REL(p.omega, motion_root_duration(1.0, 0.05) / 10.0);
	CHECK(spring_from_motion_visual(0.3, 0.3, &p) == 0);
	CHECK_SPRING(p, 2 * PI / 0.36, 0.7);
	CHECK_REL(spring_stiffness(&p), 4 * PI * PI / (0.36 * 0.36));
	/* motion-dom 14: bounce -1 is zeta 1 / max(0, 0.05) = 20 */
	CHECK(spring_from_motion_visual(0.3, -1.0, &p) == 0);
	CHECK_REL(p.zeta, 20.0);
	motion_negative_bounce();
}

/*
 * Rebound's default config is fromOrigamiTensionAndFriction(40, 7), and
 * React Native's Animated.spring defaults to Origami tension 40, friction
 * 7 through the same converter: tension (40 - 30) 3.62 + 194 = 230.2,
 * friction (7 - 8) 3 + 25 = 22, on a unit mass.  0 stays 0 (Rebound).
 */
static void
rebound(void)
{
	spring_params p = { 0 };

	CHECK(spring_from_origami(40, 7, &p) == 0);
	CHECK_REL(spring_stiffness(&p), 230.2);
	CHECK_REL(spring_damping(&p), 22.0);
	CHECK(spring_from_rebound(230.2, 22, &p) == 0);
	CHECK_SPRING(p, sqrt(230.2), 22 / (2 * sqrt(230.2)));
	CHECK_REL(conv(&p, "origami_tension"), 40.0);
	CHECK_REL(conv(&p, "origami_friction"), 7.0);
	/* rebound-js and React Native: no special case for 0 (Java has) */
	CHECK(spring_from_origami(40, 0, &p) == 0);
	CHECK_REL(spring_damping(&p), 1.0);		/* (0 - 8) 3 + 25 */
	CHECK_REL(p.zeta, 1 / (2 * sqrt(230.2)));
	CHECK(spring_from_origami(0, 7, &p) == 0);
	CHECK_REL(spring_stiffness(&p), 85.4);		/* -30 3.62 + 194 */
	CHECK(spring_from_origami(-30, 7, &p) == -1);	/* tension < 0 */
}

/*
 * Box2D's b2DefaultWorldDef: contactHertz 30 with contactDampingRatio 10,
 * jointHertz 60 with jointDampingRatio 2 (types.c).
 */
static void
box2d(void)
{
	spring_params p = { 0 };

	CHECK(spring_from_box2d(30, 10, &p) == 0);
	CHECK_SPRING(p, 60 * PI, 10.0);
	CHECK(spring_from_box2d(60, 2, &p) == 0);
	CHECK_SPRING(p, 120 * PI, 2.0);
	CHECK(spring_from_box2d(0, 1, &p) == -1);
}

/*
 * Back to canonical from every convention c prints; 1e-12 relative.
 * Returns 1 if Motion's duration could express the spring.
 */
static int
round_trip(const spring_params *s, double dt)
{
	spring_conventions c;
	spring_params p = { 0 };
	double w = s->omega, z = s->zeta, m = s->mass;

	spring_describe(s, dt, 0.7, &c);
	CHECK(spring_from_stiffness(c.stiffness, c.damping, c.mass, &p) == 0);
	CHECK_SPRING(p, w, z);
	CHECK_REL(p.mass, m);
	CHECK(spring_from_uaf(c.omega, c.zeta, &p) == 0);
	CHECK_SPRING(p, w, z);
	CHECK(spring_from_nissen(c.ck, c.cd, c.mass, dt, &p) == 0);
	CHECK_SPRING(p, w, z);
	if (z > 0) {
		CHECK(spring_from_halflife_frequency(c.halflife, c.frequency,
		    &p) == 0);
		CHECK_SPRING(p, w, z);
		CHECK(spring_from_halflife_dr(c.halflife, c.zeta, &p) == 0);
		CHECK_SPRING(p, w, z);
	}
	if (c.decay > 1e-300 && c.decay < 1.0) {	/* not underflowed */
		CHECK(spring_from_chou(c.hz, c.decay, c.decay_time, &p) == 0);
		CHECK_SPRING(p, w, z);
	}
	CHECK(spring_from_swiftui_response(conv(s, "swiftui_response"),
	    conv(s, "swiftui_damping_fraction"), &p) == 0);
	CHECK_SPRING(p, w, z);
	CHECK(spring_from_swiftui_duration(conv(s, "swiftui_duration"),
	    conv(s, "swiftui_bounce"), &p) == 0);
	CHECK_SPRING(p, w, z);
	CHECK(spring_from_android(conv(s, "android_stiffness"),
	    conv(s, "android_damping_ratio"), &p) == 0);
	CHECK_SPRING(p, w, z);
	CHECK(isnan(conv(s, "unity_smooth_time")) == (z != 1.0));
	if (z == 1.0) {
		CHECK(spring_from_unity(conv(s, "unity_smooth_time"), &p) == 0);
		CHECK_SPRING(p, w, z);
	}
	CHECK(spring_from_react(conv(s, "react_tension"),
	    conv(s, "react_friction"), conv(s, "react_mass"), &p) == 0);
	CHECK_SPRING(p, w, z);
	CHECK_REL(p.mass, m);
	CHECK(spring_from_react_frequency(conv(s, "react_frequency"),
	    conv(s, "react_damping_ratio"), conv(s, "react_mass"), &p) == 0);
	CHECK_SPRING(p, w, z);
	CHECK(spring_from_motion(conv(s, "motion_stiffness"),
	    conv(s, "motion_damping"), conv(s, "motion_mass"), &p) == 0);
	CHECK_SPRING(p, w, z);
	CHECK(isnan(conv(s, "motion_bounce")) == (z < 0.05 || z > 20.0));
	if (!isnan(conv(s, "motion_duration"))) {
		CHECK(spring_from_motion_duration(conv(s, "motion_duration"),
		    conv(s, "motion_bounce"), &p) == 0);
		CHECK_SPRING(p, w, z);
	}
	if (!isnan(conv(s, "motion_visual_duration"))) {
		CHECK(spring_from_motion_visual(
		    conv(s, "motion_visual_duration"),
		    conv(s, "motion_bounce"), &p) == 0);
		CHECK_SPRING(p, w, z);
	}
	CHECK(spring_from_rebound(conv(s, "rebound_tension"),
	    conv(s, "rebound_friction"), &p) == 0);
	CHECK_SPRING(p, w, z);
	if (!isnan(conv(s, "origami_tension")) &&
	    !isnan(conv(s, "origami_friction"))) {
		CHECK(spring_from_origami(conv(s, "origami_tension"),
		    conv(s, "origami_friction"), &p) == 0);
		CHECK_SPRING(p, w, z);
	}
	CHECK(spring_from_box2d(conv(s, "box2d_hertz"),
	    conv(s, "box2d_damping_ratio"), &p) == 0);
	CHECK_SPRING(p, w, z);
	return !isnan(conv(s, "motion_duration"));
}

/* Every convention round-trips over a grid of springs. */
static void
round_trips(void)
{
	static const double omegas[] = { 0.5, 2 * PI, 15.17, 37.0, 400.0 };
	static const double zetas[] = { 0.0, 0.05, 0.3, 0.7, 0.99, 1.0, 1.25,
	    4.0, 40.0 };
	static const double masses[] = { 1.0, 2.5 };
	spring_params s = { 0 };
	size_t i, j, k;
	int motion = 0;

	for (i = 0; i < sizeof(omegas) / sizeof(omegas[0]); i++)
		for (j = 0; j < sizeof(zetas) / sizeof(zetas[0]); j++)
			for (k = 0; k < 2; k++) {
				s.omega = omegas[i];
				s.zeta = zetas[j];
				s.mass = masses[k];
				motion += round_trip(&s,
				    k == 0 ? 1.0 / 60 : 0.004);
			}
	CHECK(motion >= 20);	/* Motion's duration search was tried */
}

/*
 * And the other way: each library's own values through canonical form
 * come back as they went in.
 */
static void
dialect_trips(void)
{
	static const double bounces[] = { 0.0, 0.05, 0.1, 0.3, 0.5, 0.8,
	    0.95, -0.2, -0.5, -0.9 };
	static const double durations[] = { 0.05, 0.3, 0.8, 2.0, 9.0 };
	spring_params p = { 0 };
	size_t i, j;

	for (i = 0; i < sizeof(bounces) / sizeof(bounces[0]); i++)
		for (j = 0; j < sizeof(durations) / sizeof(durations[0]); j++) {
			CHECK(spring_from_motion_duration(durations[j],
			    bounces[i], &p) == 0);
			CHECK_REL(conv(&p, "motion_duration"), durations[j]);
			CHECK_NEAR(conv(&p, "motion_bounce"), bounces[i],
			    1e-12);
			CHECK(spring_from_motion_visual(durations[j],
			    bounces[i], &p) == 0);
			CHECK_REL(conv(&p, "motion_visual_duration"),
			    durations[j]);
			if (bounces[i] < 0.0)
				continue;
			CHECK(spring_from_swiftui_duration(durations[j],
			    bounces[i] * 2 - 0.9, &p) == 0);
			CHECK_REL(conv(&p, "swiftui_duration"), durations[j]);
			CHECK_NEAR(conv(&p, "swiftui_bounce"),
			    bounces[i] * 2 - 0.9, 1e-12);
		}
	CHECK(spring_from_react_frequency(0.25, 0.4, 2.0, &p) == 0);
	CHECK_REL(conv(&p, "react_frequency"), 0.25);
	CHECK_REL(conv(&p, "react_damping_ratio"), 0.4);
	CHECK_REL(conv(&p, "react_mass"), 2.0);
	CHECK(spring_from_unity(0.3, &p) == 0);
	CHECK_REL(conv(&p, "unity_smooth_time"), 0.3);
	CHECK(spring_from_origami(12.5, 3.25, &p) == 0);
	CHECK_REL(conv(&p, "origami_tension"), 12.5);
	CHECK_REL(conv(&p, "origami_friction"), 3.25);
}

/*
 * convert's columns for omega = 2 pi (1 Hz), zeta = 0.5, mass 1, dt
 * 0.01, over 1 s, by hand: k = 4 pi^2, d = 2 pi; Holden's H = 4 ln2 / d
 * = 2 ln2 / pi and the envelope's half-life ln2 / (zeta omega) = ln2 / pi,
 * half of it; Chou's P = e^-pi; Ck = 4 pi^2 1e-4, Cd = 2 pi 0.01;
 * critical_halflife = 4 ln2 / (2 omega) = ln2 / pi; critical_frequency =
 * sqrt(d^2 / 4) / 2 pi = 0.5; omega_d = 2 pi sqrt(3) / 2, so period
 * 2 / sqrt 3 and damped frequency sqrt(3) / 2; settle_time ln 50 / pi.
 */
static void
convert_by_hand(void)
{
	spring_params s = { 2 * PI, 0.5, 1.0, 0 };
	spring_conventions c;

	spring_describe(&s, 0.01, 1.0, &c);
	CHECK_REL(c.stiffness, 4 * PI * PI);
	CHECK_REL(c.damping, 2 * PI);
	CHECK_EQ(c.mass, 1.0);
	CHECK_REL(c.halflife, 2 * LN2 / PI);
	CHECK_NEAR(c.halflife, 0.441271, 5e-7);
	CHECK_REL(c.envelope_halflife, LN2 / PI);
	CHECK_REL(c.halflife, 2 * c.envelope_halflife);	/* the factor 2 */
	CHECK_REL(exp(-0.5 * 2 * PI * c.envelope_halflife), 0.5);
	CHECK_REL(c.frequency, 1.0);
	CHECK_REL(c.hz, 1.0);
	CHECK_REL(c.decay, exp(-PI));
	CHECK_NEAR(c.decay, 0.0432139, 5e-8);
	CHECK_EQ(c.decay_time, 1.0);
	CHECK_REL(c.ck, 4 * PI * PI * 1e-4);
	CHECK_REL(c.cd, 2 * PI * 0.01);
	CHECK_EQ(c.dt, 0.01);
	CHECK_REL(c.critical_halflife, LN2 / PI);
	CHECK_REL(c.critical_frequency, 0.5);
	CHECK_REL(c.period, 2 / sqrt(3.0));
	CHECK_REL(c.damped_frequency, sqrt(3.0) / 2);
	CHECK_REL(c.settle_time, log(50.0) / PI);
	CHECK_NEAR(c.settle_time, 1.245236, 5e-7);
	CHECK_REL(conv(&s, "swiftui_response"), 1.0);
	CHECK_REL(conv(&s, "swiftui_duration"), 1.0);
	CHECK_REL(conv(&s, "swiftui_damping_fraction"), 0.5);
	CHECK_REL(conv(&s, "swiftui_bounce"), 0.5);
	CHECK_REL(conv(&s, "android_stiffness"), 4 * PI * PI);
	CHECK_REL(conv(&s, "android_damping_ratio"), 0.5);
	CHECK(isnan(conv(&s, "unity_smooth_time")));
	CHECK_REL(conv(&s, "react_tension"), 4 * PI * PI);
	CHECK_REL(conv(&s, "react_friction"), 2 * PI);
	CHECK_REL(conv(&s, "react_frequency"), 1.0);
	CHECK_REL(conv(&s, "react_damping_ratio"), 0.5);
	CHECK_REL(conv(&s, "motion_stiffness"), 4 * PI * PI);
	CHECK_REL(conv(&s, "motion_damping"), 2 * PI);
	/* ln(0.5 / (0.001 sqrt 0.75)) / (0.5 2 pi) = ln(577.35) / pi */
	CHECK_REL(conv(&s, "motion_duration"), log(1000 / sqrt(3.0)) / PI);
	CHECK_NEAR(conv(&s, "motion_duration"), 2.023957, 5e-7);
	CHECK_REL(conv(&s, "motion_bounce"), 0.5);
	CHECK_REL(conv(&s, "motion_visual_duration"), 1 / 1.2);
	CHECK_REL(conv(&s, "rebound_tension"), 4 * PI * PI);
	CHECK_REL(conv(&s, "rebound_friction"), 2 * PI);
	/* (39.5 - 194) / 3.62 + 30 < 0 */
	CHECK(isnan(conv(&s, "origami_tension")));
	CHECK_REL(conv(&s, "origami_friction"), (2 * PI - 1) / 3);
	CHECK_REL(conv(&s, "box2d_hertz"), 1.0);
	CHECK_REL(conv(&s, "box2d_damping_ratio"), 0.5);
}

/*
 * The other regimes: over-damped omega 2, zeta 1.25 has roots -1 and -4,
 * so its slow mode settles in ln 50; critical omega 3 in ln 50 / 3; an
 * undamped spring never does, and keeps all of its amplitude.
 */
static void
convert_regimes(void)
{
	spring_params over = { 2.0, 1.25, 1.0, 0 }, crit = { 3.0, 1.0, 2.0, 0 };
	spring_params undamped = { 5.0, 0.0, 1.0, 0 };
	spring_conventions c;

	spring_describe(&over, 0.01, 1.0, &c);
	CHECK_REL(c.settle_time, log(50.0));
	CHECK(isinf(c.period));
	CHECK_EQ(c.damped_frequency, 0.0);
	CHECK_REL(conv(&over, "swiftui_bounce"), 1 / 1.25 - 1);
	/* motion-dom 14's negative bounce: 1 / zeta - 1 */
	CHECK_REL(conv(&over, "motion_bounce"), 1 / 1.25 - 1);
	CHECK(isnan(conv(&over, "unity_smooth_time")));
	CHECK_REL(c.envelope_halflife, LN2 / 2.5);
	spring_describe(&crit, 0.01, 1.0, &c);
	CHECK_REL(c.settle_time, log(50.0) / 3);
	CHECK_REL(conv(&crit, "unity_smooth_time"), 2.0 / 3);
	CHECK_EQ(conv(&crit, "motion_bounce"), 0.0);
	CHECK_REL(c.stiffness, 18.0);
	CHECK_REL(conv(&crit, "react_tension"), 18.0);
	CHECK_REL(conv(&crit, "android_stiffness"),
	    9.0);	/* per unit mass */
	spring_describe(&undamped, 0.01, 1.0, &c);
	CHECK(isinf(c.settle_time) && isinf(c.halflife));
	CHECK(isinf(c.envelope_halflife));
	CHECK_EQ(c.decay, 1.0);
	CHECK_REL(c.period, 2 * PI / 5);
	/* friction 0 is Origami -1/3: not a value Origami takes */
	CHECK(isnan(conv(&undamped, "origami_friction")));
	CHECK_EQ(conv(&undamped, "swiftui_bounce"), 1.0);
}

/*
 * The two half-lives.  Holden's critical spring with half-life H has
 * omega = d / 2 = 2 ln2 / H: its envelope e^(-omega t) halves in H / 2,
 * and from rest the offset (1 + omega t) e^(-omega t) is still
 * (1 + 2 ln2) / 4 = 0.597 of the way at t = H, not 0.5.
 */
static void
halflives(void)
{
	spring_params p = { 0 };
	spring_conventions c;
	spring_mat2 phi;

	CHECK(spring_from_halflife_dr(0.2, 1.0, &p) == 0);
	spring_describe(&p, 0.01, 1.0, &c);
	CHECK_REL(c.halflife, 0.2);
	CHECK_REL(c.envelope_halflife, 0.1);
	spring_propagator(p.omega, p.zeta, 0.2, &phi);
	CHECK_NEAR(phi.a, (1 + 2 * LN2) / 4, 1e-14);
	spring_propagator(p.omega, p.zeta, 0.1, &phi);
	CHECK_NEAR(phi.a, (1 + LN2) / 2, 1e-14);	/* not 0.5 either */
}

/*
 * The conventions of a spring whose omega^2 or zeta^2 would overflow:
 * the slowest rate omega / (zeta + sqrt(zeta^2 - 1)) is omega / (2 zeta)
 * past zeta = 1e8; Nissen's Ck = (omega dt)^2; the tensions m omega^2.
 */
static void
extreme_conventions(void)
{
	spring_params p = { 1.0, 1e200, 1.0, 0 };
	spring_conventions c;

	CHECK_REL(spring_decay_rate(&p), 5e-201);
	p.zeta = 1e300;
	CHECK_REL(spring_decay_rate(&p), 5e-301);
	p.omega = 1e200;
	p.zeta = 1e200;
	p.mass = 1e-300;
	spring_describe(&p, 1e-190, 1.0, &c);
	CHECK_REL(c.ck, 1e20);			/* (1e200 1e-190)^2 */
	CHECK_REL(c.cd, 2e210);			/* 2 1e200 1e200 1e-190 */
	CHECK_REL(conv(&p, "react_tension"), 1e100);	/* 1e-300 1e400 */
	CHECK_REL(conv(&p, "motion_damping"), 2e100);	/* 2 1e-300 1e400 */
}

/* Whether x is within parameter q's range. */
static int
param_within(const spring_dialect_param *q, double x)
{
	return (q->min_open ? x > q->min : x >= q->min) &&
	    (q->max_open ? x < q->max : x <= q->max);
}

/*
 * The table itself: names unique and found, every parameter with a
 * name, a flag, a unit, a range (min <= max, in words too) and a default
 * inside it; a mass in kg; a duration form's two parameters; help lines.
 */
static void
table_rows(void)
{
	const spring_dialect *const *d, *const *e;
	const spring_dialect_param *q;
	int n = 0, own = 0;

	for (d = spring_dialects; *d != NULL; d++, n++) {
		CHECK((*d)->name != NULL && (*d)->library != NULL &&
		    (*d)->source != NULL && (*d)->to_spring != NULL);
		CHECK(spring_dialect_find((*d)->name) == *d);
		for (e = spring_dialects; e != d; e++)
			CHECK(strcmp((*e)->name, (*d)->name) != 0);
		CHECK((*d)->kind >= SPRING_DIALECT_OWN &&
		    (*d)->kind <= SPRING_DIALECT_ENGINE);
		/* the kinds in order: --help lists them so */
		CHECK((*d)->kind >= own);
		own = (*d)->kind;
		CHECK((*d)->help != NULL && strlen((*d)->help) > 0 &&
		    (*d)->help[strlen((*d)->help) - 1] == '\n');
		for (q = (*d)->params; q->name != NULL; q++) {
			CHECK(q - (*d)->params < SPRING_DIALECT_MAX_PARAMS);
			CHECK(q->flag != NULL && q->unit != NULL &&
			    strlen(q->unit) > 0 && q->range != NULL &&
			    strncmp(q->range, "must be ", 8) == 0);
			CHECK(q->min <= q->max);
			CHECK(param_within(q, q->def));
			CHECK(!q->is_mass || strcmp(q->unit, "kg") == 0);
		}
		CHECK(q > (*d)->params);
		if ((*d)->duration_form)
			CHECK(q - (*d)->params == 2 &&
			    strcmp((*d)->params[0].unit, "s") == 0);
	}
	CHECK(n >= 34);
	CHECK(spring_dialect_find("react") != NULL);
	CHECK(spring_dialect_find("no-such-dialect") == NULL);
	CHECK(strcmp(spring_dialect_find("react")->library,
	    "react-spring") == 0);
	CHECK(strcmp(spring_dialect_find("uaf/dr")->library,
	    "springsim") == 0);
}

/*
 * Every dialect with an inverse: for a grid of springs, the values
 * from_spring gives, where each is within its parameter's range, go
 * back through to_spring to the same spring, to 1e-12 (a library that
 * rounds its values, to the rounding: it must accept them).  Each such
 * dialect met at least one spring it expresses.
 */
static void
table_round_trips(void)
{
	static const double omegas[] = { 0.5, 2 * PI, 15.17, 37.0, 400.0 };
	static const double zetas[] = { 0.0, 0.05, 0.3, 0.7, 0.99, 1.0, 1.25,
	    4.0, 40.0 };
	static const double masses[] = { 1.0, 2.5 };
	static const double steps[] = { 1.0 / 60, 0.004 };
	const spring_dialect *const *d;
	spring_params s = { 0 }, p;
	double v[SPRING_DIALECT_MAX_PARAMS];
	size_t i, j, k;
	int n, ok, mass, q;

	for (d = spring_dialects; *d != NULL; d++) {
		if ((*d)->from_spring == NULL)
			continue;
		mass = (*d)->mass_moves;
		for (i = 0; (*d)->params[i].name != NULL; i++)
			mass |= (*d)->params[i].is_mass;
		n = 0;
		for (i = 0; i < sizeof(omegas) / sizeof(omegas[0]); i++)
		for (j = 0; j < sizeof(zetas) / sizeof(zetas[0]); j++)
		for (k = 0; k < 2; k++) {
			s.omega = omegas[i];
			s.zeta = zetas[j];
			s.mass = masses[k];
			v[2] = 0.7;	/* Chou's decay time, as given */
			(*d)->from_spring(&s, steps[k], v);
			for (ok = 1, q = 0; ok && (*d)->params[q].name != NULL;
			    q++)
				ok = param_within(&(*d)->params[q], v[q]);
			if (!ok)
				continue;
			n++;
			CHECK((*d)->to_spring(v, s.mass, steps[k], &p) == 0);
			if ((*d)->rounds)
				continue;
			CHECK_SPRING(p, s.omega, s.zeta);
			if (mass)
				CHECK_REL(p.mass, s.mass);
		}
		CHECK(n > 0);
	}
}

/*
 * Each dialect's defaults through the spring and back, where the
 * library does not round: the values come back as they went in (Chou's
 * decay time is given, not found).
 */
static void
table_defaults(void)
{
	const spring_dialect *const *d;
	const spring_dialect_param *q;
	spring_params p = { 0 };
	double in[SPRING_DIALECT_MAX_PARAMS], v[SPRING_DIALECT_MAX_PARAMS];
	int i;

	for (d = spring_dialects; *d != NULL; d++) {
		for (i = 0, q = (*d)->params; q->name != NULL; i++, q++)
			in[i] = v[i] = q->def;
		CHECK((*d)->to_spring(in, 1.0, 1.0 / 60, &p) == 0);
		if ((*d)->from_spring == NULL || (*d)->rounds)
			continue;
		(*d)->from_spring(&p, 1.0 / 60, v);
		for (i = 0, q = (*d)->params; q->name != NULL; i++, q++)
			CHECK_NEAR(v[i], in[i], 1e-12 * fabs(in[i]));
	}
}

/*
 * By hand, through the table: react-spring's default config, tension 170
 * and friction 26 on mass 1, is omega = sqrt(170) and zeta = 26 / (2
 * sqrt(170)) = 0.99705; SwiftUI's response 0.5 is omega 4 pi; Android's
 * 1500 is sqrt(1500); Box2D's 60 Hz is 120 pi; svelte's 0.15 and 0.8 at
 * 60 fps are 60 sqrt(0.15) and 0.8 / (2 sqrt(0.15)); Chou's 2 Hz with
 * 10 % left after 1 s is zeta = ln 10 / (4 pi); and back, Motion's
 * stiffness for omega 10 on mass 2 is 200.
 */
static void
table_by_hand(void)
{
	double v[SPRING_DIALECT_MAX_PARAMS];
	spring_params p = { 0 };

	v[0] = 170.0;
	v[1] = 26.0;
	v[2] = 1.0;
	CHECK(spring_dialect_find("react")->to_spring(v, 1.0, 0.01, &p) == 0);
	CHECK_SPRING(p, sqrt(170.0), 26.0 / (2.0 * sqrt(170.0)));
	CHECK_NEAR(p.zeta, 0.99705, 5e-6);
	v[0] = 0.5;
	v[1] = 0.825;
	CHECK(spring_dialect_find("swiftui-response")->to_spring(v, 1.0, 0.01,
	    &p) == 0);
	CHECK_SPRING(p, 4 * PI, 0.825);
	v[0] = 1500.0;
	v[1] = 0.5;
	CHECK(spring_dialect_find("android")->to_spring(v, 1.0, 0.01, &p) ==
	    0);
	CHECK_SPRING(p, sqrt(1500.0), 0.5);
	v[0] = 60.0;
	v[1] = 2.0;
	CHECK(spring_dialect_find("box2d")->to_spring(v, 1.0, 0.01, &p) == 0);
	CHECK_SPRING(p, 120 * PI, 2.0);
	v[0] = 0.15;
	v[1] = 0.8;
	CHECK(spring_dialect_find("svelte")->to_spring(v, 1.0, 0.01, &p) == 0);
	CHECK_SPRING(p, 60 * sqrt(0.15), 0.8 / (2 * sqrt(0.15)));
	v[0] = 2.0;
	v[1] = 0.1;
	v[2] = 1.0;
	CHECK(spring_dialect_find("hz/decay/decay-time")->to_spring(v, 1.0,
	    0.01, &p) == 0);
	CHECK_SPRING(p, 4 * PI, log(10.0) / (4 * PI));
	p.omega = 10.0;
	p.zeta = 0.5;
	p.mass = 2.0;
	spring_dialect_find("motion")->from_spring(&p, 0.01, v);
	CHECK_REL(v[0], 200.0);
	CHECK_REL(v[1], 20.0);		/* 2 m zeta omega */
	CHECK_EQ(v[2], 2.0);
	/*
	 * React Native's bounciness has no inverse; a speed of -10 gives
	 * Origami tension 0.5 - 10 / 1.7 / 20 199.5 = -58.2, a Rebound
	 * tension (-58.2 - 30) 3.62 + 194 < 0, which it refuses
	 */
	CHECK(spring_dialect_find("rn-bounciness")->from_spring == NULL);
	v[0] = 8.0;
	v[1] = -10.0;
	CHECK(spring_dialect_find("rn-bounciness")->to_spring(v, 1.0, 0.01,
	    &p) == -1);
}

void
test_dialects(void)
{
	swiftui();
	android();
	unreal();
	unity();
	react();
	motion();
	rebound();
	box2d();
	round_trips();
	dialect_trips();
	convert_by_hand();
	convert_regimes();
	halflives();
	extreme_conventions();
	table_rows();
	table_round_trips();
	table_defaults();
	table_by_hand();
}
