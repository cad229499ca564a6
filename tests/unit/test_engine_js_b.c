/*
 * test_engine_js_b.c - the engines react-motion, motion-one, svelte, anime
 * and react-native (src/engine_*.c) against the golden trajectories the
 * real libraries wrote (tests/engines/golden/, by tests/engines/gen/NAME.mjs),
 * every frame, and against a few frames worked out by hand from each
 * library's rule.  The setups are filled here from each case's parameters
 * as the generator gave them to the library.  Run from the repository's
 * root (the golden files are read by relative path).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "golden.h"
#include "spring.h"
#include "spring/engine.h"
#include "suites.h"

#define PI 3.14159265358979323846
#define W4PI (4.0 * PI)

/* How a case gives its spring, in the library's own numbers. */
enum js_b_kind {
	OZ,	/* a = omega, b = zeta, c = mass */
	KC,	/* a = stiffness, b = damping, c = mass */
	KB,	/* svelte: a = K, b = B (60 fps equivalent) */
	TF,	/* Origami: a = tension, b = friction */
	BS,	/* React Native: a = bounciness, b = speed */
	DB	/* a = duration (s), b = bounce */
};

struct js_b_case {
	const char *engine, *name;
	int kind;
	double a, b, c;
	double x0, v0, target;
	int clamp;
	double fps;		/* 0: the irregular frames */
};

/* Every golden file of these engines (the generators' case lists). */
static const struct js_b_case js_b_cases[] = {
	{ "react-motion", "p1-30", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 30 },
	{ "react-motion", "p1-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 60 },
	{ "react-motion", "p1-144", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 144 },
	{ "react-motion", "p1-irregular", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 0 },
	{ "react-motion", "nowobble-60", KC, 170, 26, 1, 0, 0, 1, 0, 60 },
	{ "react-motion", "nowobble-144", KC, 170, 26, 1, 0, 0, 1, 0, 144 },
	{ "react-motion", "nowobble-irregular", KC, 170, 26, 1, 0, 0, 1, 0, 0 },
	{ "react-motion", "over-60", OZ, W4PI, 2, 1, 0, 0, 1, 0, 60 },
	{ "react-motion", "down-30", KC, 170, 26, 1, 3, 0, -1, 0, 30 },
	{ "react-motion", "precision-fine-144", KC, 170, 26, 1, 0, 0, 1, 0,
	    144 },
	{ "react-motion", "precision-coarse-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 0,
	    60 },
	{ "motion-one", "p1-30", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 30 },
	{ "motion-one", "p1-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 60 },
	{ "motion-one", "p1-144", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 144 },
	{ "motion-one", "p1-irregular", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 0 },
	{ "motion-one", "over-60", OZ, W4PI, 2, 1, 0, 0, 1, 0, 60 },
	{ "motion-one", "vel-60", OZ, W4PI, 0.3, 2, 0, -5, 1, 0, 60 },
	{ "motion-one", "default-60", KC, 100, 10, 1, 0, 0, 1, 0, 60 },
	{ "motion-one", "default-144", KC, 100, 10, 1, 0, 0, 1, 0, 144 },
	{ "motion-one", "wide-30", KC, 100, 10, 1, 0, 0, 100, 0, 30 },
	{ "svelte", "p1-30", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 30 },
	{ "svelte", "p1-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 60 },
	{ "svelte", "p1-144", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 144 },
	{ "svelte", "p1-irregular", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 0 },
	{ "svelte", "p1-50", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 50 },
	{ "svelte", "p1-90", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 90 },
	{ "svelte", "default-60", KB, 0.15, 0.8, 1, 0, 0, 1, 0, 60 },
	{ "svelte", "default-144", KB, 0.15, 0.8, 1, 0, 0, 1, 0, 144 },
	{ "svelte", "over-60", OZ, W4PI, 2, 1, 0, 0, 1, 0, 60 },
	{ "svelte", "down-30", KB, 0.15, 0.8, 1, 5, 0, -3, 0, 30 },
	{ "svelte", "precision-144", KB, 0.15, 0.8, 1, 0, 0, 1, 0, 144 },
	{ "svelte", "precision-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 60 },
	{ "anime", "p1-30", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 30 },
	{ "anime", "p1-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 60 },
	{ "anime", "p1-144", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 144 },
	{ "anime", "p1-irregular", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 0 },
	{ "anime", "mass-60", OZ, W4PI, 0.3, 0.5, 0, 0, 1, 0, 60 },
	{ "anime", "over-60", OZ, W4PI, 2, 1, 0, 0, 1, 0, 60 },
	{ "anime", "vel-60", OZ, W4PI, 0.3, 1, 2, 4, -1, 0, 60 },
	{ "anime", "default-60", KC, 100, 10, 1, 0, 0, 1, 0, 60 },
	{ "anime", "bd-60", DB, 0.8, 0.3, 1, 0, 0, 1, 0, 60 },
	{ "anime", "bd-144", DB, 0.8, 0.3, 1, 0, 0, 1, 0, 144 },
	{ "anime", "cap-60", DB, 0.05, -0.5, 1, 0, 0, 1, 0, 60 },
	{ "react-native", "p1-30", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 30 },
	{ "react-native", "p1-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 60 },
	{ "react-native", "p1-144", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 144 },
	{ "react-native", "p1-irregular", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 0 },
	{ "react-native", "over-60", OZ, W4PI, 2, 1, 0, 0, 1, 0, 60 },
	{ "react-native", "vel-60", OZ, W4PI, 0.3, 2, 0, -5, 1, 0, 60 },
	{ "react-native", "clamp-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 1, 60 },
	{ "react-native", "clamp-down-60", OZ, W4PI, 0.3, 1, 2, 0, -1, 1, 60 },
	{ "react-native", "origami-60", TF, 40, 7, 1, 0, 0, 1, 0, 60 },
	{ "react-native", "origami-irregular", TF, 40, 7, 1, 0, 0, 1, 0, 0 },
	{ "react-native", "bounciness-60", BS, 8, 12, 1, 0, 0, 1, 0, 60 },
	{ "react-native", "bounciness-30", BS, 14, 4, 1, 0, 0, 1, 0, 30 },
	{ "react-native", "rest-coarse-60", OZ, W4PI, 0.3, 1, 0, 0, 1, 0, 60 },
	{ "react-native", "rest-mixed-144", OZ, W4PI, 0.3, 1, 0, 0, 1, 0,
	    144 },
};

/*
 * React Native's SpringConfig.js fromBouncinessAndSpeed, written out:
 * bounciness and speed to Origami tension and friction, then to stiffness
 * and damping (mass 1).
 */
static void
rn_bounciness(double bounciness, double speed, double *k, double *c)
{
	double b = (bounciness / 1.7 - 0.0) / (20.0 - 0.0);
	double s = (speed / 1.7 - 0.0) / (20.0 - 0.0);
	double tension, f0, friction, q;

	b = 0.0 + b * (0.8 - 0.0);
	tension = 0.5 + s * (200.0 - 0.5);
	if (tension <= 18)
		f0 = 0.0007 * pow(tension, 3) - 0.031 * pow(tension, 2) +
		    0.64 * tension + 1.28;
	else if (tension <= 44)
		f0 = 0.000044 * pow(tension, 3) - 0.006 * pow(tension, 2) +
		    0.36 * tension + 2;
	else
		f0 = 0.00000045 * pow(tension, 3) - 0.000332 *
		    pow(tension, 2) + 0.1078 * tension + 5.84;
	q = 2 * b - b * b;
	friction = q * 0.01 + (1 - q) * f0;
	*k = (tension - 30) * 3.62 + 194;
	*c = (friction - 8) * 3 + 25;
}

/* The setup of a case: the spring as springsim's dialects define it. */
static void
js_b_setup(const struct js_b_case *c, spring_engine_setup *su)
{
	double k = 0, d = 0, m = 1;

	spring_engine_setup_init(su);
	su->x0 = c->x0;
	su->v0 = c->v0;
	su->target = c->target;
	if (c->clamp)
		golden_knob(su, c->engine, "clamp", 1.0);
	switch (c->kind) {
	case OZ:
		su->params.omega = c->a;
		su->params.zeta = c->b;
		su->params.mass = c->c;
		return;
	case KB:
		su->params.omega = 60.0 * sqrt(c->a);
		su->params.zeta = c->b / (2.0 * sqrt(c->a));
		return;
	case DB:
		su->form = SPRING_ENGINE_DURATION;
		su->duration = c->a;
		su->bounce = c->b;
		su->params.omega = 2.0 * PI / c->a;
		su->params.zeta = c->b >= 0 ? 1.0 - c->b : 1.0 / (1.0 + c->b);
		return;
	case KC:
		k = c->a;
		d = c->b;
		m = c->c;
		break;
	case TF:
		k = (c->a - 30) * 3.62 + 194;
		d = (c->b - 8) * 3 + 25;
		break;
	case BS:
		rn_bounciness(c->a, c->b, &k, &d);
		break;
	}
	su->params.omega = sqrt(k / m);
	su->params.zeta = d / (2.0 * sqrt(k * m));
	su->params.mass = m;
}

/*
 * One golden file: the frame times as springsim's clock makes them (to
 * 1e-12), x to 1e-9 of the motion's scale |target - x0| + |v0| / omega,
 * v to 1e-9 of the scale times omega where the library keeps one, done
 * exactly.  The first frame off is reported.
 */
static void
js_b_golden(const struct js_b_case *c)
{
	static struct golden g;
	static double tk[GOLDEN_MAX_ROWS];
	char path[256];
	const spring_engine *e = spring_engine_find(c->engine);
	spring_engine_setup su;
	double tol, dur;
	int nt;

	snprintf(path, sizeof(path), GOLDEN_DIR "/%s-%s.csv", c->engine,
	    c->name);
	CHECK(golden_read(path, &g) == 0 && g.n > 0);
	CHECK(e != NULL);
	if (g.n == 0 || e == NULL)
		return;
	/* the header's --duration, 1.5 s unless a case ran longer */
	dur = strstr(g.springsim, "--duration ") != NULL ?
	    strtod(strstr(g.springsim, "--duration ") + 11, NULL) : 1.5;
	nt = golden_frame_times(c->fps, dur, tk, GOLDEN_MAX_ROWS);
	CHECK(nt == g.n);
	if (nt != g.n)
		return;
	js_b_setup(c, &su);
	/* a library option the case sets: its flag in the header */
	(void)golden_knobs(&su, c->engine, g.springsim);
	tol = 1e-9 * golden_scale(&su);
	golden_replay(path, &g, e, &su, tk, tol, tol * fmax(1.0,
	    su.params.omega));
}

/* The spring from rest at 0 toward 1, closed form (zeta < 1), at t s. */
static double
js_b_exact(double omega, double zeta, double t)
{
	double wd = omega * sqrt(1 - zeta * zeta);

	return 1 - exp(-zeta * omega * t) *
	    (cos(wd * t) + zeta * omega / wd * sin(wd * t));
}

/*
 * svelte at 60 fps is semi-implicit Euler with h = 1/60 for omega = 60
 * sqrt K, zeta = B / (2 sqrt K): v += h (-omega^2 (x - 1) - 2 zeta omega
 * v), x += h v, frame for frame until its rest snap (0.9 s for p1).
 */
static void
js_b_svelte_euler(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("svelte", &su, &st);
	double h = 1.0 / 60, x = 0, v = 0, worst = 0;
	int k;

	if (e == NULL)
		return;
	for (k = 1; k <= 53; k++) {
		v += h * (-W4PI * W4PI * (x - 1) - 2 * 0.3 * W4PI * v);
		x += h * v;
		e->frame(&st, k * h);
		worst = fmax(worst, fabs(st.x - x));
	}
	CHECK_NEAR(worst, 0, 1e-12);
	CHECK(!st.done);
}

/*
 * svelte: x1 = K dt (from rest, d = K delta dt), then x2 = x1 + (1 - B)
 * (x1 - x0) + K dt (1 - x1), dt = elapsed ms 60 / 1000: 1 at 60 fps; at
 * 30 fps 2 (the 1000 / 30 ms cap).
 */
static void
js_b_svelte_hand(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("svelte", &su, &st);
	double K = (W4PI / 60) * (W4PI / 60), B = 2 * 0.3 * sqrt(K), x1;
	double dt1 = ((1000 + 1000.0 / 60) - 1000) * 60 / 1000;
	double dt2 = ((1000 + 2000.0 / 60) - (1000 + 1000.0 / 60)) * 60 / 1000;

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 60);
	x1 = K * dt1;
	CHECK_NEAR(st.x, x1, 1e-15);
	e->frame(&st, 2.0 / 60);
	CHECK_NEAR(st.x, x1 + (x1 / dt2 + K * (1 - x1) - B * x1 / dt2) * dt2,
	    1e-15);
	CHECK_NEAR(st.x, K * (3 - B - K), 1e-12);
	golden_p1("svelte", &su, &st);
	e->frame(&st, 1.0 / 30);
	CHECK_NEAR(st.x, 2 * K, 1e-12);
	e->frame(&st, 2.0 / 30);
	CHECK_NEAR(st.x, 2 * K + (1 - B) * 2 * K + 2 * K * (1 - 2 * K), 1e-12);
	CHECK(!st.done);
	js_b_svelte_euler();
}

/*
 * react-motion at 144 fps: no whole 1/60 s step in the first two frames,
 * the shown value frac of the first ideal step (h^2 k, h k), frac = 60 /
 * 144 and 120 / 144; the third frame takes the step and shows 1/4 of the
 * way to the second.
 */
static void
js_b_react_motion_hand(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("react-motion", &su, &st);
	double h = 1.0 / 60, k = W4PI * W4PI, b = 2 * 0.3 * W4PI;
	double x1 = h * h * k, v1 = h * k, v2, x2;

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 144);
	CHECK_NEAR(st.x, x1 * 60 / 144, 1e-12);
	CHECK_NEAR(st.v, v1 * 60 / 144, 1e-10);
	e->frame(&st, 2.0 / 144);
	CHECK_NEAR(st.x, x1 * 120 / 144, 1e-12);
	v2 = v1 + h * (-k * (x1 - 1) - b * v1);
	x2 = x1 + h * v2;
	e->frame(&st, 3.0 / 144);
	CHECK_NEAR(st.x, x1 + (x2 - x1) * 0.25, 1e-12);
	/* a 200 ms frame drops the accumulated time: nothing moves */
	x1 = st.x;
	e->frame(&st, 3.0 / 144 + 0.2);
	CHECK_EQ(st.x, x1);
}

/*
 * Motion One: the frame at 1/60 s shows the chord between the exact
 * spring at 10 and 20 ms, 2/3 of the way; at 1/30 s between 30 and 40 ms,
 * 1/3 of the way.
 */
static void
js_b_motion_one_hand(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("motion-one", &su, &st);
	double a = js_b_exact(W4PI, 0.3, 0.01), b = js_b_exact(W4PI, 0.3, 0.02);

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 60);
	CHECK_NEAR(st.x, a + (b - a) * (2.0 / 3), 1e-12);
	a = js_b_exact(W4PI, 0.3, 0.03);
	b = js_b_exact(W4PI, 0.3, 0.04);
	e->frame(&st, 2.0 / 60);
	CHECK_NEAR(st.x, a + (b - a) * (1.0 / 3), 1e-12);
}

/*
 * anime: Date.now() in whole ms, the timer started 12 ms early: the
 * frame at 1/60 s shows the spring at 16 + 12 ms, at 2/60 s at 33 + 12
 * (the settling duration's rounding scales time by under 1e-11 here).
 */
static void
js_b_anime_hand(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("anime", &su, &st);

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 60);
	CHECK_NEAR(st.x, js_b_exact(W4PI, 0.3, 0.028), 1e-9);
	e->frame(&st, 2.0 / 60);
	CHECK_NEAR(st.x, js_b_exact(W4PI, 0.3, 0.045), 1e-9);
}

/*
 * React Native: the closed form at the whole-ms Date.now() deltas' sum:
 * 16, then 33 ms at 60 fps; a 200 ms frame advances 64 ms and the next
 * (16 ms later) another 64, and so on until the clock has caught up:
 * the lag is caught up, not lost.
 */
static void
js_b_react_native_hand(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("react-native", &su, &st);

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 60);
	CHECK_NEAR(st.x, js_b_exact(W4PI, 0.3, 0.016), 1e-12);
	e->frame(&st, 2.0 / 60);
	CHECK_NEAR(st.x, js_b_exact(W4PI, 0.3, 0.033), 1e-12);
	e->frame(&st, 2.0 / 60 + 0.2);
	CHECK_NEAR(st.x, js_b_exact(W4PI, 0.3, 0.097), 1e-12);
	e->frame(&st, 3.0 / 60 + 0.2);
	CHECK_NEAR(st.x, js_b_exact(W4PI, 0.3, 0.161), 1e-12);
	e->frame(&st, 4.0 / 60 + 0.2);
	CHECK_NEAR(st.x, js_b_exact(W4PI, 0.3, 0.225), 1e-12);
	e->frame(&st, 5.0 / 60 + 0.2);
	CHECK_NEAR(st.x, js_b_exact(W4PI, 0.3, 0.283),
	    1e-12);
}

/* What each library runs instead, or refuses, through check(). */
static void
js_b_checks(void)
{
	spring_engine_setup su;
	char msg[256];

	spring_engine_setup_init(&su);
	su.params.zeta = 2;
	CHECK(spring_engine_find("motion-one")->check(&su, msg,
	    sizeof(msg)) == 1);
	CHECK(spring_engine_find("react-native")->check(&su, msg,
	    sizeof(msg)) == 1);
	CHECK(strstr(msg, "critically") != NULL);
	CHECK(spring_engine_find("anime")->check(&su, NULL, 0) == 0);
	CHECK(spring_engine_find("react-motion")->check(&su, NULL, 0) == 0);
	su.params.zeta = 0;
	CHECK(spring_engine_find("react-native")->check(&su, msg,
	    sizeof(msg)) == -1);
	spring_engine_setup_init(&su);
	su.params.mass = 0.5;
	CHECK(spring_engine_find("anime")->check(&su, msg, sizeof(msg)) == 1);
	CHECK(strstr(msg, "mass") != NULL);
	spring_engine_setup_init(&su);
	su.v0 = 3;
	CHECK(spring_engine_find("react-motion")->check(&su, NULL, 0) == 1);
	CHECK(spring_engine_find("svelte")->check(&su, NULL, 0) == 1);
	CHECK(spring_engine_find("react-native")->check(&su, NULL, 0) == 0);
	CHECK(spring_engine_find("motion-one")->check(&su, NULL, 0) == 0);
	su.x0 = su.target;
	CHECK(spring_engine_find("anime")->check(&su, NULL, 0) == -1);
	/* omega 61 rad/s: svelte's stiffness (61 / 60)^2 > 1 is clamped */
	spring_engine_setup_init(&su);
	su.params.omega = 61;
	CHECK(spring_engine_find("svelte")->check(&su, NULL, 0) == 1);
	/* anime: 0.05 s at bounce -0.5 asks damping 502.65, capped 300 */
	spring_engine_setup_init(&su);
	su.form = SPRING_ENGINE_DURATION;
	su.duration = 0.05;
	su.bounce = -0.5;
	CHECK(spring_engine_find("anime")->check(&su, msg, sizeof(msg)) == 1);
	CHECK(strstr(msg, "300") != NULL);
	su.duration = 0.8;
	su.bounce = 0.3;
	CHECK(spring_engine_find("anime")->check(&su, NULL, 0) == 0);
}

void
test_engine_js_b(void)
{
	size_t i;

	for (i = 0; i < sizeof(js_b_cases) / sizeof(js_b_cases[0]); i++)
		js_b_golden(&js_b_cases[i]);
	js_b_svelte_hand();
	js_b_react_motion_hand();
	js_b_motion_one_hand();
	js_b_anime_hand();
	js_b_react_native_hand();
	js_b_checks();
}
