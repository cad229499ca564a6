/*
 * test_engine_remotion.c - the engine remotion (src/engines/
 * engine_remotion.c) against the golden trajectories Remotion's own
 * spring() wrote (tests/engines/golden/remotion-*.csv, by
 * tests/engines/gen/remotion.mjs), every frame, and against frames worked
 * out from the closed form: Remotion's exact steps compose, so frame n
 * at fps is the spring at n / fps, or at 0.064 n s once the 64 ms cap
 * acts.  Run from the repository's root.
 */
#include <math.h>
#include <stdio.h>

#include "check.h"
#include "golden.h"
#include "spring.h"
#include "spring/engine.h"
#include "suites.h"

#define PI 3.14159265358979323846
#define W4PI (4.0 * PI)

/* A golden case: the library's config (stiffness, damping, mass). */
struct rm_case {
	const char *name;
	double k, c, m, x0, target;
	int clamp;
	double dif;		/* durationInFrames; 0: none */
	double fps, duration;
};

/* Every golden file of the engine (the generator's case list). */
static const struct rm_case rm_cases[] = {
	{ "p1-30", W4PI * W4PI, 0.6 * W4PI, 1, 0, 1, 0, 0, 30, 1.5 },
	{ "p1-60", W4PI * W4PI, 0.6 * W4PI, 1, 0, 1, 0, 0, 60, 1.5 },
	{ "p1-144", W4PI * W4PI, 0.6 * W4PI, 1, 0, 1, 0, 0, 144, 1.5 },
	{ "cap-10", W4PI * W4PI, 0.6 * W4PI, 1, 0, 1, 0, 0, 10, 1.5 },
	{ "over-60", W4PI * W4PI, 4 * W4PI, 1, 0, 1, 0, 0, 60, 1.5 },
	{ "default-60", 100, 10, 1, 2, -1, 0, 0, 60, 1.5 },
	{ "mass-30", 2 * W4PI * W4PI, 1.2 * W4PI, 2, 0, 1, 0, 0, 30, 1.5 },
	{ "clamp-60", W4PI * W4PI, 0.6 * W4PI, 1, 0, 1, 1, 0, 60, 1.5 },
	{ "clamp-down-30", W4PI * W4PI, 0.6 * W4PI, 1, 1, 0, 1, 0, 30, 1.5 },
	{ "dif-30", W4PI * W4PI, 0.6 * W4PI, 1, 0, 1, 0, 20, 30, 1.5 },
	{ "dif-60", 100, 10, 1, 0, 10, 0, 150, 60, 3 },
	{ "dif-clamp-60", W4PI * W4PI, 0.6 * W4PI, 1, 0, 1, 1, 30, 60, 1.5 },
};

/* A case's setup: the spring of its config, the clock's fps, the knobs. */
static void
rm_setup(const struct rm_case *c, spring_engine_setup *su)
{
	spring_engine_setup_init(su);
	su->params.omega = sqrt(c->k / c->m);
	su->params.zeta = c->c / (2.0 * sqrt(c->k * c->m));
	su->params.mass = c->m;
	su->x0 = c->x0;
	su->target = c->target;
	su->fps = c->fps;
	if (c->clamp)
		golden_knob(su, "remotion", "remotion-overshoot-clamping", 1);
	if (c->dif > 0)
		golden_knob(su, "remotion", "durationInFrames", c->dif);
}

/* One golden file, every frame: x to 1e-9 of the scale, done exactly. */
static void
rm_golden(const struct rm_case *c)
{
	static struct golden g;
	static double tk[GOLDEN_MAX_ROWS];
	char path[256];
	const spring_engine *e = spring_engine_find("remotion");
	spring_engine_setup su;
	int nt;

	snprintf(path, sizeof(path), GOLDEN_DIR "/remotion-%s.csv", c->name);
	CHECK(golden_read(path, &g) == 0 && g.n > 0);
	CHECK(e != NULL);
	if (g.n == 0 || e == NULL)
		return;
	nt = golden_frame_times(c->fps, c->duration, tk, GOLDEN_MAX_ROWS);
	CHECK(nt == g.n);
	if (nt != g.n)
		return;
	rm_setup(c, &su);
	CHECK(e->check(&su, NULL, 0) >= 0);
	golden_replay(path, &g, e, &su, tk, 1e-9 * golden_scale(&su), 0);
}

/* The p1 spring from rest at 0 toward 1, closed form, at t s. */
static double
rm_exact(double t)
{
	double z = 0.3, wd = W4PI * sqrt(1 - z * z);

	return 1 - exp(-z * W4PI * t) * (cos(wd * t) + z * W4PI / wd *
	    sin(wd * t));
}

/*
 * Frame n is the closed form at n / fps (30 fps: 33 ms steps, under the
 * cap), at 0.064 n at 10 fps (each 100 ms frame advances 64 ms), and
 * min(x, 1) with overshootClamping (no end: the frames go on).
 */
static void
rm_hand(void)
{
	const spring_engine *e = spring_engine_find("remotion");
	spring_engine_setup su;
	spring_engine_state st;
	double w30 = 0, w10 = 0, wc = 0;
	int n;

	if (e == NULL)
		return;
	rm_setup(&rm_cases[0], &su);
	e->start(&su, &st);
	for (n = 1; n <= 45; n++) {
		e->frame(&st, n / 30.0);
		w30 = fmax(w30, fabs(st.x - rm_exact(n / 30.0)));
	}
	CHECK_NEAR(w30, 0, 1e-12);
	CHECK(!st.done);
	rm_setup(&rm_cases[3], &su);
	e->start(&su, &st);
	for (n = 1; n <= 15; n++) {
		e->frame(&st, n / 10.0);
		w10 = fmax(w10, fabs(st.x - rm_exact(0.064 * n)));
	}
	CHECK_NEAR(w10, 0, 1e-12);
	rm_setup(&rm_cases[7], &su);
	e->start(&su, &st);
	for (n = 1; n <= 90; n++) {
		e->frame(&st, n / 60.0);
		wc = fmax(wc, fabs(st.x - fmin(rm_exact(n / 60.0), 1.0)));
	}
	CHECK_NEAR(wc, 0, 1e-12);
	CHECK(!st.done);
}

/*
 * The refusals and the warning: no even clock (fps 0), a start velocity,
 * damping 0 refused; over-damping runs critical (a warning).
 */
static void
rm_check_rules(void)
{
	const spring_engine *e = spring_engine_find("remotion");
	spring_engine_setup su;
	char msg[256];

	if (e == NULL)
		return;
	rm_setup(&rm_cases[0], &su);
	CHECK(e->check(&su, NULL, 0) == 0);
	su.fps = 0;
	CHECK(e->check(&su, msg, sizeof(msg)) == -1);
	su.fps = 30;
	su.v0 = 2;
	CHECK(e->check(&su, msg, sizeof(msg)) == -1);
	su.v0 = 0;
	su.params.zeta = 0;
	CHECK(e->check(&su, msg, sizeof(msg)) == -1);
	su.params.zeta = 2;
	CHECK(e->check(&su, msg, sizeof(msg)) == 1);
	CHECK(spring_engine_knob_count(e) == 2);
	CHECK(spring_engine_knob_find(e, "overshootClamping") == 0);
	CHECK(spring_engine_knob_find(e, "remotion-duration-in-frames") == 1);
}

/* The suite. */
void
test_engine_remotion(void)
{
	size_t i;

	for (i = 0; i < sizeof(rm_cases) / sizeof(rm_cases[0]); i++)
		rm_golden(&rm_cases[i]);
	rm_hand();
	rm_check_rules();
}
