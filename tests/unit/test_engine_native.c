/*
 * test_engine_native.c - the native libraries' engines (unity, android,
 * compose, flutter, box2d) through the library API.
 *
 * Box2D, Android, Unity and Compose are compared frame by frame with the
 * golden runs of the real code (Box2D compiled from source, androidx's
 * classes compiled with javac, Unity's Mathf.SmoothDamp with mono-mcs on
 * mono, Compose's spring with kotlinc: tests/engines/native/), to 1e-6
 * of the motion's scale (all store floats).  Flutter could not be run
 * here; it, Unity and Compose are also checked against frames computed
 * by hand from their source's formulas, the values their projects' own
 * tests publish, and the exact spring where the library evaluates the
 * closed form.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "golden.h"
#include "suites.h"
#include "spring.h"
#include "spring/engine.h"

#define PI 3.14159265358979323846
#define P1_OMEGA (4.0 * PI)

/* The exact spring from (x0, v0) toward g at time t: x and v. */
static void
exact_at(double omega, double zeta, double x0, double v0, double g,
    double t, double *x, double *v)
{
	spring_mat2 phi;

	spring_propagator(omega, zeta, t, &phi);
	*x = g + phi.a * (x0 - g) + phi.b * v0;
	*v = phi.c * (x0 - g) + phi.d * v0;
}

/* One golden case: the file and the setup its `# springsim:` line means. */
struct golden_case {
	const char *file, *engine;
	double omega, zeta, x0, v0, target;
	double min_visible;	/* android's minimumVisibleChange, compose's
				 * visibilityThreshold; NaN: none */
	int substeps;		/* box2d; 0: the default */
};

/*
 * Replay a golden file frame by frame at its times: x to 1e-6 of the
 * motion's scale, v to 1e-6 of the scale times omega (both libraries
 * store floats), done exactly.  The number of frames, 0 if the file
 * cannot be read.
 */
static int
replay_golden(const struct golden_case *gc)
{
	static struct golden g;
	const spring_engine *e = spring_engine_find(gc->engine);
	spring_engine_setup su = engine_setup(gc->omega, gc->zeta, 1.0,
	    gc->x0, gc->v0, gc->target);
	double tol;
	char path[256];

	snprintf(path, sizeof(path), GOLDEN_DIR "/%s", gc->file);
	CHECK(golden_read(path, &g) == 0 && g.n > 0);
	CHECK(e != NULL);
	if (g.n == 0 || e == NULL)
		return 0;
	if (!isnan(gc->min_visible))
		golden_knob(&su, gc->engine, strcmp(gc->engine, "compose") ==
		    0 ? "visibilityThreshold" : "minimumVisibleChange",
		    gc->min_visible);
	if (gc->substeps != 0)
		golden_knob(&su, gc->engine, "subStepCount", gc->substeps);
	tol = 1e-6 * golden_scale(&su);
	golden_replay(path, &g, e, &su, NULL, tol, tol * gc->omega);
	return g.n;
}

/*
 * Box2D's and Android's engines against the real libraries' runs,
 * Unity's and Compose's against their original code compiled with mcs
 * and kotlinc (tests/engines/native/unity, compose).
 */
static void
test_goldens(void)
{
	const double ks = sqrt(157.91367041742973), kh = sqrt(1500.0);
	const double un = 2 / 0.15915494309189535;	/* smoothTime 1/(2 pi) */
	const struct golden_case cases[] = {
		{ "box2d-p1-30fps.csv", "box2d", P1_OMEGA, 0.3, 0, 0, 1, NAN, 0 },
		{ "box2d-p1-60fps.csv", "box2d", P1_OMEGA, 0.3, 0, 0, 1, NAN, 0 },
		{ "box2d-p1-144fps.csv", "box2d", P1_OMEGA, 0.3, 0, 0, 1, NAN, 0 },
		{ "box2d-p1-irregular.csv", "box2d", P1_OMEGA, 0.3, 0, 0, 1, NAN,
		    0 },
		{ "box2d-substeps1-30fps.csv", "box2d", P1_OMEGA, 0.3, 0, 0, 1,
		    NAN, 1 },
		{ "box2d-v0-60fps.csv", "box2d", P1_OMEGA, 0.7, 0, -3, 1, NAN, 0 },
		{ "box2d-sleep-60fps.csv", "box2d", P1_OMEGA, 0.3, 0, 0, 1, NAN,
		    0 },
		{ "box2d-speedcap-60fps.csv", "box2d", 10.0 * PI, 0.5, 0, 1000, 0,
		    NAN, 0 },
		{ "android-p1-30fps.csv", "android", ks, 0.3, 0, 0, 1, 0.002, 0 },
		{ "android-p1-60fps.csv", "android", ks, 0.3, 0, 0, 1, 0.002, 0 },
		{ "android-p1-144fps.csv", "android", ks, 0.3, 0, 0, 1, 0.002, 0 },
		{ "android-p1-irregular.csv", "android", ks, 0.3, 0, 0, 1, 0.002,
		    0 },
		{ "android-px-60fps.csv", "android", ks, 0.3, 0, 0, 1, 1.0, 0 },
		{ "android-critical-60fps.csv", "android", ks, 1.0, 0, 0, 1, 0.002,
		    0 },
		{ "android-over-v0-60fps.csv", "android", ks, 1.5, 0, -4, 1, 0.002,
		    0 },
		{ "android-snap-144fps.csv", "android", kh, 0.5, 0, 0, 1, 0.002,
		    0 },
		{ "unity-p1-30fps.csv", "unity", un, 1, 0, 0, 1, NAN, 0 },
		{ "unity-p1-60fps.csv", "unity", un, 1, 0, 0, 1, NAN, 0 },
		{ "unity-p1-144fps.csv", "unity", un, 1, 0, 0, 1, NAN, 0 },
		{ "unity-p1-irregular.csv", "unity", un, 1, 0, 0, 1, NAN, 0 },
		{ "unity-v0-away-60fps.csv", "unity", un, 1, 0, -3, 1, NAN, 0 },
		{ "unity-overshoot-60fps.csv", "unity", un, 1, 0, 20, 1, NAN, 0 },
		{ "unity-down-30fps.csv", "unity", 2 / 0.5, 1, 2, 0, -1, NAN, 0 },
		{ "unity-cap-2fps.csv", "unity", un, 1, 0, 0, 1, NAN, 0 },
		{ "compose-p1-30fps.csv", "compose", ks, 0.3, 0, 0, 1, NAN, 0 },
		{ "compose-p1-60fps.csv", "compose", ks, 0.3, 0, 0, 1, NAN, 0 },
		{ "compose-p1-144fps.csv", "compose", ks, 0.3, 0, 0, 1, NAN, 0 },
		{ "compose-p1-irregular.csv", "compose", ks, 0.3, 0, 0, 1, NAN,
		    0 },
		{ "compose-critical-v0-60fps.csv", "compose", ks, 1, 0, -3, 1,
		    NAN, 0 },
		{ "compose-over-v0-60fps.csv", "compose", ks, 2, 0, 8, 1, NAN, 0 },
		{ "compose-critical-cross-60fps.csv", "compose", ks, 1, 0, 30, 1,
		    NAN, 0 },
		{ "compose-default-144fps.csv", "compose", kh, 1, 0, 0, 300, NAN,
		    0 },
		{ "compose-bouncy-30fps.csv", "compose", 20, 0.2, 1, 0, -1, NAN,
		    0 },
		{ "compose-undamped-60fps.csv", "compose", ks, 0, 0, 0, 1, NAN,
		    0 },
		{ "compose-rest-60fps.csv", "compose", ks, 0.3, 1, 0, 1, NAN, 0 },
		{ "compose-over-irregular.csv", "compose", ks, 3, 0, -5, 1, NAN,
		    0 },
		{ "compose-threshold-coarse-60fps.csv", "compose", ks, 0.3, 0, 0,
		    1, 0.1, 0 },
		{ "compose-threshold-fine-144fps.csv", "compose", 20, 1, 0, 0,
		    300, 0.0001, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(replay_golden(&cases[i]) > 0);
}

/*
 * Unity: the first frame by SmoothDamp's formula, written out here in
 * float; the clamps; the distance from the exact critical spring.
 */
static void
test_unity(void)
{
	const spring_engine *e = spring_engine_find("unity");
	spring_engine_setup su = engine_setup(P1_OMEGA, 1.0, 1.0, 0.0, 0.0, 1.0);
	spring_engine_state st;
	float T = (float)(2.0 / P1_OMEGA), dt = (float)(1.0 / 60.0);
	float om, x, ex, change, temp, v1, out;
	double worst = 0.0, xe, ve, vmax = 0.0;
	char msg[256];
	int k;

	CHECK(e != NULL && e->float32 == 1);
	if (e == NULL)
		return;
	/* Mathf.SmoothDamp(0, 1, ref 0, T, inf, 1/60), by hand in float */
	om = 2.0f / T;
	x = om * dt;
	ex = 1.0f / (1.0f + x + 0.48f * x * x + 0.235f * x * x * x);
	change = 0.0f - 1.0f;
	temp = (0.0f + om * change) * dt;
	v1 = (0.0f - om * temp) * ex;
	out = (0.0f - change) + (change + temp) * ex;
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 0);
	e->start(&su, &st);
	e->frame(&st, 1.0 / 60.0);
	CHECK_EQ(st.x, (double)out);
	CHECK_EQ(st.v, (double)v1);
	/* which is the critical spring with Holden's e^-x: 2e-3 of it */
	CHECK_NEAR(st.x, 1.0 - (1.0 + (double)x) *
	    spring_fast_negexp((double)x), 2e-7);
	/* within 2e-3 of the exact critical spring over 1.5 s at 60 fps */
	e->start(&su, &st);
	for (k = 1; k <= 90; k++) {
		e->frame(&st, k / 60.0);
		exact_at(P1_OMEGA, 1.0, 0, 0, 1, k / 60.0, &xe, &ve);
		worst = fmax(worst, fabs(st.x - xe));
	}
	CHECK(worst < 2e-3);
	CHECK(worst > 1e-5);	/* not the exact spring */
	/*
	 * the overshoot clamp: thrown toward the target, it stops on it on
	 * the frame it would cross, with velocity 0, and stays there
	 */
	su = engine_setup(P1_OMEGA, 1.0, 1.0, 0.0, 60.0, 1.0);
	e->start(&su, &st);
	for (k = 1; k <= 30 && st.x < 1.0; k++) {
		e->frame(&st, k / 60.0);
		CHECK(st.x <= 1.0);
	}
	CHECK_EQ(st.x, 1.0);
	CHECK_EQ(st.v, 0.0);
	CHECK(st.snap < 0.0);
	e->frame(&st, (k + 1) / 60.0);
	CHECK_EQ(st.x, 1.0);
	/*
	 * started on the target: moving away below it, the clamp's test
	 * ((target - current > 0) == (out > target): false == false) holds
	 * and it never moves; moving away above it, it does
	 */
	su = engine_setup(P1_OMEGA, 1.0, 1.0, 1.0, -5.0, 1.0);
	e->start(&su, &st);
	for (k = 1; k <= 10; k++) {
		e->frame(&st, k / 60.0);
		CHECK_EQ(st.x, 1.0);
	}
	su.v0 = 5.0;
	e->start(&su, &st);
	e->frame(&st, 1.0 / 60.0);
	CHECK(st.x > 1.0);
	/*
	 * maxSpeed S: the spring sees at most S T of the distance, so it
	 * settles to the constant speed v = w^2 d h e / (1 - e + w h e)
	 * (d = S T, e = 1/(1 + x + 0.48 x^2 + 0.235 x^3), x = w h), below S
	 */
	su = engine_setup(P1_OMEGA, 1.0, 1.0, 0.0, 0.0, 10.0);
	golden_knob(&su, "unity", "maxSpeed", 2.0);
	e->start(&su, &st);
	for (k = 1; k <= 120; k++) {
		e->frame(&st, k / 60.0);
		vmax = fmax(vmax, st.v);
	}
	{
		double Td = 2.0 / P1_OMEGA, d = 2.0 * Td, hh = 1.0 / 60.0;
		double ee = spring_fast_negexp(P1_OMEGA * hh);
		double vss = P1_OMEGA * P1_OMEGA * d * hh * ee /
		    (1.0 - ee + P1_OMEGA * hh * ee);

		CHECK_NEAR(st.v, vss, 1e-5);
		CHECK(vmax <= 2.0);
	}
	/* what Unity changes or refuses */
	su = engine_setup(P1_OMEGA, 0.3, 1.0, 0, 0, 1);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 1);
	CHECK(strstr(msg, "critically") != NULL);
	su = engine_setup(1e5, 1.0, 1.0, 0, 0, 1);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 1);
	CHECK(strstr(msg, "0.0001") != NULL);
	su = engine_setup(P1_OMEGA, 1.0, 1.0, 0, 0, 1);
	golden_knob(&su, "unity", "unity-max-speed", 0.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), -1);
}

/* Android: the first frame only records; then whole-ms exact steps. */
static void
test_android(void)
{
	const spring_engine *e = spring_engine_find("android");
	spring_engine_setup su = engine_setup(P1_OMEGA, 0.3, 1.0, 0.0, 0.0, 1.0);
	spring_engine_state st;
	double xe, ve;
	char msg[256];
	int k;

	CHECK(e != NULL);
	if (e == NULL)
		return;
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 0);
	e->start(&su, &st);
	e->frame(&st, 1.0 / 60.0);	/* uptime 123472: recorded only */
	CHECK_EQ(st.x, 0.0);
	CHECK_EQ(st.v, 0.0);
	e->frame(&st, 2.0 / 60.0);	/* uptime 123489: 17 ms */
	exact_at(P1_OMEGA, 0.3, 0, 0, 1, 0.017, &xe, &ve);
	CHECK_NEAR(st.x, xe, 1e-7);
	CHECK_NEAR(st.v, ve, 1e-6);
	e->frame(&st, 3.0 / 60.0);	/* uptime 123506: 17 ms from there */
	exact_at(P1_OMEGA, 0.3, 0, 0, 1, 0.034, &xe, &ve);
	CHECK_NEAR(st.x, xe, 1e-6);
	/* the pixel default stops a 0 -> 1 spring early, far from 1 */
	golden_knob(&su, "android", "minimumVisibleChange", 1.0);
	e->start(&su, &st);
	for (k = 1; k <= 10 && !st.done; k++)
		e->frame(&st, k / 60.0);
	CHECK(st.done == 1);
	CHECK(k <= 6);
	CHECK_EQ(st.x, 1.0);
	CHECK(fabs(st.snap) > 0.1);
	golden_knob(&su, "android", "android-min-visible-change", -1.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), -1);
}

/*
 * Compose: frame 1 is play time 0; then the closed form from the start at
 * whole ms of play time, as float; the snap at the estimated duration.
 */
static void
test_compose(void)
{
	const spring_engine *e = spring_engine_find("compose");
	spring_engine_setup su = engine_setup(P1_OMEGA, 0.3, 1.0, 0.0, 0.0, 1.0);
	spring_engine_state st;
	double t, xe, ve, t_done = -1.0, t1 = 1.0 / 60.0;
	long long ms;
	int k;

	CHECK(e != NULL);
	if (e == NULL)
		return;
	e->start(&su, &st);
	for (k = 1; k <= 150 && !st.done; k++) {
		t = k / 60.0;
		e->frame(&st, t);
		if (st.done) {
			t_done = t;
			break;
		}
		ms = (long long)(nearbyint(t * 1e9) - nearbyint(t1 * 1e9)) /
		    1000000;
		exact_at(sqrt((float)(P1_OMEGA * P1_OMEGA)), (float)0.3, 0, 0,
		    1, (double)ms / 1000.0, &xe, &ve);
		CHECK_NEAR(st.x, xe, 2e-7);
		if (k == 1)
			CHECK_EQ(st.x, 0.0);
		if (k == 2)
			CHECK_EQ((double)ms, 16.0);
	}
	CHECK(st.done == 1);
	CHECK_EQ(st.x, 1.0);
	/*
	 * SpringEstimationTest's under-damped criterion: two 60 fps frames
	 * (33 ms) after the estimated end the spring is within the
	 * threshold (0.01) of its target.
	 */
	exact_at(P1_OMEGA, 0.3, 0, 0, 1, t_done - t1 + 0.033, &xe, &ve);
	CHECK(fabs(xe - 1.0) < 0.01);
	/* and it does end near where the envelope reaches 0.01 */
	CHECK(t_done - t1 > log(0.01) / (-0.3 * P1_OMEGA) - 0.1);
	/* critical and over-damped: Newton's estimate, end within 0.01 */
	for (k = 0; k < 2; k++) {
		double zeta = k == 0 ? 1.0 : 2.0, tt = 0.0;

		su = engine_setup(P1_OMEGA, zeta, 1.0, 0.0, 0.0, 1.0);
		e->start(&su, &st);
		while (!st.done && tt < 10.0) {
			tt += 0.001;
			e->frame(&st, tt);
		}
		CHECK(st.done == 1);
		exact_at(P1_OMEGA, zeta, 0, 0, 1, tt - 0.001 - 0.033, &xe, &ve);
		CHECK(fabs(xe - 1.0) >= 0.00999);
		exact_at(P1_OMEGA, zeta, 0, 0, 1, tt - 0.001, &xe, &ve);
		CHECK(fabs(xe - 1.0) <= 0.0101);
	}
}

/*
 * Flutter: elapsed 0 on the first frame; the exact spring at whole
 * microseconds; the values flutter's spring_simulation_test.dart checks.
 */
static void
test_flutter(void)
{
	const spring_engine *e = spring_engine_find("flutter");
	spring_engine_setup su = engine_setup(P1_OMEGA, 0.3, 1.0, 0.0, 0.0, 1.0);
	spring_engine_state st;
	double t, xe, ve, worst = 0.0;
	char msg[256];
	int k;

	CHECK(e != NULL && e->float32 == 0);
	if (e == NULL)
		return;
	e->start(&su, &st);
	for (k = 1; k <= 90; k++) {
		t = k / 60.0;
		e->frame(&st, t);
		exact_at(P1_OMEGA, 0.3, 0, 0, 1,
		    (nearbyint(t * 1e6) - nearbyint(1e6 / 60.0)) / 1e6, &xe,
		    &ve);
		worst = fmax(worst, fabs(st.x - xe));
		if (k == 1)
			CHECK_EQ(st.x, 0.0);
	}
	CHECK(worst < 1e-12);
	/*
	 * withDurationAndBounce(500 ms, bounce 0.3): stiffness 157.91,
	 * damping 17.59 (+-0.01); bounce -0.3: damping 35.90.
	 */
	for (k = 0; k < 2; k++) {
		double c = k == 0 ? 17.59 : 35.90, kk = 157.91;

		su = engine_setup(1.0, 1.0, 1.0, 0.0, 0.0, 1.0);
		su.form = SPRING_ENGINE_DURATION;
		su.duration = 0.5;
		su.bounce = k == 0 ? 0.3 : -0.3;
		e->start(&su, &st);
		e->frame(&st, 0.01);
		e->frame(&st, 0.21);
		exact_at(sqrt(kk), c / (2.0 * sqrt(kk)), 0, 0, 1, 0.2, &xe, &ve);
		CHECK_NEAR(st.x, xe, 2e-4);
	}
	/*
	 * stiffness 400, critical: at 0.4 s short of 1 and still moving up
	 * (the regular simulation of the snapToEnd test).
	 */
	su = engine_setup(20.0, 1.0, 1.0, 0.0, 0.0, 1.0);
	e->start(&su, &st);
	e->frame(&st, 0.1);
	e->frame(&st, 0.5);
	CHECK(st.x < 1.0);
	CHECK(st.v > 0.0);
	CHECK(st.done == 0);
	/* a bounded controller (0..1) cuts the overshoot */
	su = engine_setup(P1_OMEGA, 0.3, 1.0, 0.0, 0.0, 1.0);
	golden_knob(&su, "flutter", "flutter-bounds", 0.0);
	su.knob_hi[spring_engine_knob_find(e, "lowerBound:upperBound")] = 1.0;
	e->start(&su, &st);
	for (k = 1; k <= 90; k++) {
		e->frame(&st, k / 60.0);
		CHECK(st.x <= 1.0);
	}
	golden_knob(&su, "flutter", "flutter-bounds", 2.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), -1);
	/* isDone: |x - end| and |v| under 1e-3 stop the ticker */
	su = engine_setup(P1_OMEGA, 0.3, 1.0, 0.0, 0.0, 1.0);
	e->start(&su, &st);
	for (k = 1; k <= 600 && !st.done; k++)
		e->frame(&st, k / 60.0);
	CHECK(st.done == 1);
	exact_at(P1_OMEGA, 0.3, 0, 0, 1, (k - 2) / 60.0, &xe, &ve);
	CHECK(fabs(xe - 1.0) < 1e-3 && fabs(ve) < 1e-3);
}

/* Box2D: one frame of one substep, by hand in double. */
static void
test_box2d(void)
{
	const spring_engine *e = spring_engine_find("box2d");
	spring_engine_setup su = engine_setup(P1_OMEGA, 0.3, 1.0, 0.0, 0.0, 1.0);
	spring_engine_state st;
	double h = 1.0 / 30.0, om = P1_OMEGA, a1, a2, a3, bias, ms, is;
	double v1, lambda, dp, c2, imp, v2;
	char msg[256];

	CHECK(e != NULL && e->float32 == 1);
	if (e == NULL)
		return;
	a1 = 2.0 * 0.3 + h * om;
	a2 = h * om * a1;
	a3 = 1.0 / (1.0 + a2);
	bias = om / a1;
	ms = a2 * a3;
	is = a3;
	v1 = -ms * (0.0 + bias * -1.0);	/* solve: C = -1, lambda 0 */
	/* which is backward Euler's velocity h w^2 / (1 + 2 z w h + w^2 h^2) */
	CHECK_NEAR(v1, h * om * om / (1.0 + 2.0 * 0.3 * om * h + om * om * h * h),
	    1e-12);
	lambda = v1;
	dp = h * v1;
	c2 = -1.0 + dp;			/* relax with the new C */
	imp = -ms * (v1 + bias * c2) - is * lambda;
	v2 = v1 + imp;
	golden_knob(&su, "box2d", "box2d-substeps", 1.0);
	e->start(&su, &st);
	e->frame(&st, h);
	CHECK_NEAR(st.x, dp, 1e-6);
	CHECK_NEAR(st.v, v2, 1e-5);
	/* the speed cap is reported */
	su = engine_setup(10.0, 0.5, 1.0, 0.0, 1000.0, 0.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 1);
	CHECK(strstr(msg, "400") != NULL);
}

/* Whether flag is springsim's spelling: lower case, digits, inner dashes. */
static int
flag_spelling(const char *flag)
{
	const char *p;

	if (flag[0] == '\0' || flag[0] == '-' || flag[strlen(flag) - 1] == '-')
		return 0;
	for (p = flag; *p != '\0'; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9') ||
		    *p == '-'))
			return 0;
	return 1;
}

/* Whether x is inside row k's range, its ends open or closed. */
static int
knob_inside(const spring_engine_knob *k, double x)
{
	return (k->min_open ? x > k->min : x >= k->min) &&
	    (k->max_open ? x < k->max : x <= k->max);
}

/*
 * Every engine's knobs[]: within the setup's room, each row complete
 * (the library's name, help, default in words; a value's name but for
 * a switch), its names its own within the engine and found by
 * spring_engine_knob_find, its default inside its range; and every flag
 * two engines share the same knob in both (kind, range, help): the CLI
 * makes one flag of them.
 */
static void
test_knob_tables(void)
{
	const spring_engine *const *e, *const *f;
	const spring_engine_knob *k, *q;
	int n, i, j, flags = 0;

	for (e = spring_engines; *e != NULL; e++) {
		n = spring_engine_knob_count(*e);
		CHECK(n <= SPRING_ENGINE_KNOBS_MAX);
		CHECK((n == 0) == ((*e)->knobs == NULL || (*e)->knobs[0].option
		    == NULL));
		for (i = 0; i < n; i++) {
			k = &(*e)->knobs[i];
			CHECK(k->option[0] != '\0');
			CHECK(k->help != NULL && k->help[0] != '\0');
			CHECK(k->def_text != NULL && k->def_text[0] != '\0');
			CHECK(k->kind >= SPRING_KNOB_SWITCH &&
			    k->kind <= SPRING_KNOB_RANGE);
			/* a flag's value named in its help, a switch's none */
			CHECK(k->flag == NULL || (k->arg == NULL) ==
			    (k->kind == SPRING_KNOB_SWITCH));
			CHECK(k->min < k->max);
			CHECK(spring_engine_knob_find(*e, k->option) == i);
			if (k->flag != NULL) {
				flags++;
				CHECK(flag_spelling(k->flag));
				CHECK(spring_engine_knob_find(*e, k->flag) ==
				    i);
			}
			/* the default: NaN (none), else inside the range */
			if (k->kind == SPRING_KNOB_SWITCH)
				CHECK(k->def == 0.0 || k->def == 1.0);
			else if (!isnan(k->def))
				CHECK(knob_inside(k, k->def));
			if (k->kind == SPRING_KNOB_COUNT)
				CHECK(k->def == floor(k->def) &&
				    k->min == floor(k->min) &&
				    k->max == floor(k->max));
			for (j = 0; j < i; j++) {
				q = &(*e)->knobs[j];
				CHECK(strcmp(q->option, k->option) != 0);
				CHECK(k->flag == NULL || q->flag == NULL ||
				    strcmp(q->flag, k->flag) != 0);
			}
			/* a flag shared: one knob, whichever engine */
			for (f = spring_engines; f < e && k->flag != NULL; f++)
				for (q = (*f)->knobs; q != NULL &&
				    q->option != NULL; q++) {
					if (q->flag == NULL ||
					    strcmp(q->flag, k->flag) != 0)
						continue;
					CHECK(q->kind == k->kind);
					CHECK(q->min == k->min &&
					    q->max == k->max);
					CHECK(q->min_open == k->min_open &&
					    q->max_open == k->max_open);
					CHECK(q->float_normal ==
					    k->float_normal);
					CHECK(strcmp(q->help, k->help) == 0);
				}
		}
		CHECK(spring_engine_knob_find(*e, "no-such-knob") == -1);
	}
	/* the rows behind the CLI's five knob flags (--clamp four times) */
	CHECK(flags >= 8);
	CHECK(spring_engine_knob_find(spring_engine_find("react-spring"),
	    "clamp") == 0);
	CHECK(spring_engine_knob_find(spring_engine_find("wobble"),
	    "overshootClamping") == 0);
	CHECK(spring_engine_knob_find(spring_engine_find("motion"), "clamp")
	    == -1);
}

/*
 * The knobs through the setup's array: a knob given its library's
 * default runs the frames of the knob not given; a knob given past an
 * engine's rows is refused by spring_engine_check (another library's).
 */
static void
test_knob_setup(void)
{
	static const char *const knobs[][2] = {
		{ "box2d", "subStepCount" },
		{ "android", "minimumVisibleChange" },
		{ "compose", "visibilityThreshold" },
		{ "react-spring", "clamp" },
		{ "rebound", "overshootClamping" },
		{ "react-native", "clamp" },
		{ "wobble", "clamp" },
		{ "svelte", "precision" },
		{ "react-spring", "precision" },
		{ "react-spring", "restVelocity" },
		{ "motion", "restSpeed" },
		{ "motion", "restDelta" },
		{ "popmotion", "restSpeed" },
		{ "popmotion", "restDelta" },
		{ "react-native", "restDisplacementThreshold" },
		{ "react-native", "restSpeedThreshold" },
		{ "rebound", "restSpeedThreshold" },
		{ "rebound", "restDisplacementThreshold" },
		{ "wobble", "restVelocityThreshold" },
		{ "wobble", "restDisplacementThreshold" },
		{ "react-motion", "precision" }
	};
	spring_engine_state a, b;
	spring_engine_setup su, sd;
	const spring_engine *e;
	char msg[256];
	size_t c;
	int i, k, same;

	for (c = 0; c < sizeof(knobs) / sizeof(knobs[0]); c++) {
		e = spring_engine_find(knobs[c][0]);
		CHECK(e != NULL);
		if (e == NULL)
			continue;
		i = spring_engine_knob_find(e, knobs[c][1]);
		CHECK(i >= 0);
		if (i < 0)
			continue;
		su = engine_setup(P1_OMEGA, 0.3, 1.0, 0.0, 0.0, 1.0);
		sd = su;
		sd.knob[i] = e->knobs[i].def;
		sd.knob_given = 1u << i;
		CHECK_EQ(spring_engine_check(e, &sd, msg, sizeof(msg)),
		    spring_engine_check(e, &su, msg, sizeof(msg)));
		e->start(&su, &a);
		e->start(&sd, &b);
		same = 1;
		for (k = 1; k <= 120; k++) {
			e->frame(&a, k / 60.0);
			e->frame(&b, k / 60.0);
			same &= a.x == b.x && a.v == b.v && a.done == b.done;
		}
		CHECK(same);
	}
	/* a knob the engine has not: refused, by number */
	su = engine_setup(P1_OMEGA, 0.3, 1.0, 0.0, 0.0, 1.0);
	su.knob_given = 1u;
	e = spring_engine_find("anime");
	CHECK(e != NULL && spring_engine_check(e, &su, msg, sizeof(msg)) == -1);
	CHECK(strstr(msg, "anime has no knob 0") != NULL);
	e = spring_engine_find("unity");
	su.knob_given = 1u << 1;
	CHECK(e != NULL && spring_engine_check(e, &su, msg, sizeof(msg)) == -1);
	/* spring_engine_setup_init: none given, NaN each */
	spring_engine_setup_init(&su);
	CHECK(su.knob_given == 0);
	for (i = 0; i < SPRING_ENGINE_KNOBS_MAX; i++)
		CHECK(isnan(su.knob[i]) && isnan(su.knob_hi[i]));
}

void
test_engine_native(void)
{
	test_knob_tables();
	test_knob_setup();
	test_goldens();
	test_unity();
	test_android();
	test_compose();
	test_flutter();
	test_box2d();
}
