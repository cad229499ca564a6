/*
 * test_engine_reanimated.c - the reanimated engine (src/engines/
 * engine_reanimated.c) against the golden trajectories react-native-
 * reanimated's own withSpring wrote (tests/engines/golden/reanimated-*,
 * by tests/engines/gen/reanimated.mjs), every frame, and against frames
 * worked out by hand from the library's rules.  Run from the
 * repository's root.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "golden.h"
#include "internal.h"
#include "spring.h"
#include "spring/engine.h"
#include "suites.h"

#define PI 3.14159265358979323846
#define W4PI (4.0 * PI)

/* How a case gives its spring. */
enum rea_kind {
	KC,	/* a = stiffness, b = damping, c = mass */
	DZ	/* a = duration (s), b = dampingRatio */
};

struct rea_case {
	const char *name;
	int kind;
	double a, b, c;
	double x0, v0, target;
	int clamp;
	double threshold;	/* energyThreshold; 0: the default */
	double fps;		/* 0: the irregular frames */
	double duration;	/* the run's length, s */
};

#define K1 (W4PI * W4PI)
#define C1 (2 * 0.3 * W4PI)

/* Every golden file (the generator's case list). */
static const struct rea_case rea_cases[] = {
	{ "p1-30", KC, K1, C1, 1, 0, 0, 1, 0, 0, 30, 1.5 },
	{ "p1-60", KC, K1, C1, 1, 0, 0, 1, 0, 0, 60, 1.5 },
	{ "p1-144", KC, K1, C1, 1, 0, 0, 1, 0, 0, 144, 1.5 },
	{ "p1-irregular", KC, K1, C1, 1, 0, 0, 1, 0, 0, 0, 1.5 },
	{ "over-60", KC, K1, 2 * 2 * W4PI, 1, 0, 0, 1, 0, 0, 60, 1.5 },
	{ "vel-60", KC, 2 * K1, 2 * C1, 2, 0, 5, 1, 0, 0, 60, 1.5 },
	{ "away-60", KC, K1, C1, 1, 0, -5, 1, 0, 0, 60, 1.5 },
	{ "away-down-144", KC, K1, C1, 1, 2, 3, -1, 0, 0, 144, 1.5 },
	{ "clamp-60", KC, K1, C1, 1, 0, 0, 1, 1, 0, 60, 1.5 },
	{ "clamp-down-30", KC, K1, C1, 1, 2, 0, -1, 1, 0, 30, 1.5 },
	{ "gentle-60", KC, 900, 120, 4, 0, 0, 1, 0, 0, 60, 1.5 },
	{ "gentle-irregular", KC, 900, 120, 4, 0, 0, 1, 0, 0, 0, 1.5 },
	{ "r3-irregular", KC, 100, 10, 1, 0, 0, 10, 0, 0, 0, 1.5 },
	{ "threshold-60", KC, K1, C1, 1, 0, 0, 1, 0, 1e-3, 60, 1.5 },
	{ "duration-60", DZ, 0.55, 1, 4, 0, 0, 1, 0, 0, 60, 1.5 },
	{ "duration-bouncy-60", DZ, 0.8, 0.3, 4, 0, 0, 1, 0, 0, 60, 2 },
	{ "duration-v0-144", DZ, 0.4, 0.7, 4, 0, 2, 1, 0, 0, 144, 1.5 },
	{ "duration-over-30", DZ, 0.5, 1.5, 4, 1, 0, -1, 0, 0, 30, 1.5 },
};

/* The setup of a case, as springsim's dialects give it. */
static void
rea_setup(const struct rea_case *c, spring_engine_setup *su)
{
	spring_engine_setup_init(su);
	su->x0 = c->x0;
	su->v0 = c->v0;
	su->target = c->target;
	if (c->clamp)
		golden_knob(su, "reanimated", "overshootClamping", 1.0);
	if (c->threshold > 0)
		golden_knob(su, "reanimated", "energyThreshold", c->threshold);
	if (c->kind == DZ) {
		/* the reference only: the engine runs its own search */
		su->form = SPRING_ENGINE_DURATION;
		su->duration = c->a;
		su->bounce = c->b;
		su->params.omega = 6.0 / c->a;
		su->params.zeta = c->b;
		su->params.mass = 4;
		return;
	}
	su->params.omega = sqrt(c->a / c->c);
	su->params.zeta = c->b / (2.0 * sqrt(c->a * c->c));
	su->params.mass = c->c;
}

/* One golden file, every frame: x to 1e-9 of the scale, done exactly. */
static void
rea_golden(const struct rea_case *c)
{
	static struct golden g;
	static double tk[GOLDEN_MAX_ROWS];
	char path[256];
	const spring_engine *e = spring_engine_find("reanimated");
	spring_engine_setup su;
	double tol;
	int nt;

	snprintf(path, sizeof(path), GOLDEN_DIR "/reanimated-%s.csv",
	    c->name);
	CHECK(golden_read(path, &g) == 0 && g.n > 0);
	CHECK(e != NULL);
	if (g.n == 0 || e == NULL)
		return;
	nt = golden_frame_times(c->fps, c->duration, tk, GOLDEN_MAX_ROWS);
	CHECK(nt == g.n);
	if (nt != g.n)
		return;
	rea_setup(c, &su);
	tol = 1e-9 * golden_scale(&su);
	golden_replay(path, &g, e, &su, tk, tol, tol * fmax(1.0,
	    su.params.omega));
}

/* The under-damped offset from (x, v) after t s: the exact spring. */
static void
rea_exact(double w, double z, double t, double *x, double *v)
{
	double wd = w * sqrt(1 - z * z), e = exp(-z * w * t);
	double x0 = *x, v0 = *v, b = (v0 + z * w * x0) / wd;

	*x = e * (x0 * cos(wd * t) + b * sin(wd * t));
	*v = -z * w * *x + e * (-x0 * wd * sin(wd * t) + b * wd *
	    cos(wd * t));
}

/*
 * By hand: each frame the exact spring from the last frame's state over
 * the frame's time; a 200 ms frame advances 64 ms (the rest lost, unlike
 * React Native's catch-up), and the next 16 ms frame 16 ms.  A velocity
 * away from the target moves nothing at the start: the frame at 1/60 s
 * is that of the spring from rest.
 */
static void
rea_hand(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("reanimated", &su, &st);
	double x = -1, v = 0, t = 1.0 / 60;

	if (e == NULL)
		return;
	e->frame(&st, t);
	rea_exact(W4PI, 0.3, t, &x, &v);
	CHECK_NEAR(st.x, 1 + x, 1e-12);
	CHECK_NEAR(st.v, v, 1e-10);
	e->frame(&st, t + 0.2);
	rea_exact(W4PI, 0.3, 0.064, &x, &v);
	CHECK_NEAR(st.x, 1 + x, 1e-12);
	e->frame(&st, t + 0.2 + 1.0 / 60);
	rea_exact(W4PI, 0.3, 1.0 / 60, &x, &v);
	CHECK_NEAR(st.x, 1 + x, 1e-12);
	/* away from the target: dropped */
	spring_engine_setup_init(&su);
	su.params.omega = W4PI;
	su.params.zeta = 0.3;
	su.v0 = -5;
	e->start(&su, &st);
	e->frame(&st, 1.0 / 60);
	x = -1;
	v = 0;
	rea_exact(W4PI, 0.3, 1.0 / 60, &x, &v);
	CHECK_NEAR(st.x, 1 + x, 1e-12);
}

/*
 * The duration mode's search (550 ms, dampingRatio 1, mass 4, from rest
 * at offset -1): the stiffness k leaves, at t = 1.5 x 0.55 s, the
 * critical spring at the decay rate om = sqrt(k / 4) its energy fraction
 * x^2 + (m / k) v^2 = 6e-9 (x = -(1 + om t) e^(-om t), v = om^2 t
 * e^(-om t)) to the search's precision, 6e-9 x 1e-3.
 */
static void
rea_search(void)
{
	double k = spring_reanimated_stiffness(550, 1, 4, -1, 0, 6e-9);
	double om = sqrt(k / 4), t = 0.825, e = exp(-om * t);
	double x = -(1 + om * t) * e, v = om * om * t * e;

	CHECK(k > 1 && k < 8e3);
	/*
	 * springConfigs.js pairs GentleSpringConfig (900, 120, 4: zeta 1)
	 * with GentleSpringConfigWithDuration (550 ms, 1): the search finds
	 * about the same stiffness (0.2 %)
	 */
	CHECK(fabs(k - 900) < 0.002 * 900);
	CHECK(fabs(x * x + 4 / k * v * v - 6e-9) <= 6e-12 * (1 + 1e-9));
}

/* What the library refuses and what it changes. */
static void
rea_checks(void)
{
	const spring_engine *e = spring_engine_find("reanimated");
	spring_engine_setup su;
	char msg[256];

	if (e == NULL)
		return;
	spring_engine_setup_init(&su);
	CHECK(e->check(&su, NULL, 0) == 0);
	su.v0 = -3;
	CHECK(e->check(&su, NULL, 0) == 0);
	su.params.zeta = 0;
	CHECK(e->check(&su, msg, sizeof(msg)) == -1);
	CHECK(strstr(msg, "damping") != NULL);
	su.params.zeta = 2;
	CHECK(e->check(&su, msg, sizeof(msg)) == 1);
	CHECK(strstr(msg, "critically") != NULL);
	spring_engine_setup_init(&su);
	su.form = SPRING_ENGINE_DURATION;
	su.duration = 0.5;
	su.bounce = 0.5;
	CHECK(e->check(&su, NULL, 0) == 0);
	su.bounce = 0;
	CHECK(e->check(&su, NULL, 0) == -1);
	su.bounce = 1.5;
	CHECK(e->check(&su, NULL, 0) == 1);
	/* 1 ms: the search stops at its bound 8000 */
	su.bounce = 0.5;
	su.duration = 0.001;
	CHECK(e->check(&su, msg, sizeof(msg)) == 1);
	CHECK(strstr(msg, "8000") != NULL);
	CHECK(spring_engine_knob_find(e, "reanimated-overshoot-clamping") ==
	    0);
	CHECK(spring_engine_knob_find(e, "energyThreshold") == 1);
}

void
test_engine_reanimated(void)
{
	size_t i;

	for (i = 0; i < sizeof(rea_cases) / sizeof(rea_cases[0]); i++)
		rea_golden(&rea_cases[i]);
	rea_hand();
	rea_search();
	rea_checks();
}
