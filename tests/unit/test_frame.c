/*
 * test_frame.c - the substep policies on hand-computed sequences, the
 * fixed policy's guarantee, the frame clock and its jitter generator.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define H (1.0 / 60.0)

/*
 * A recording rule: it logs each step's size and times, and moves x by
 * the step, so x is the time simulated and the interpolated x shows the
 * time the fixed policy's alpha stands for.
 */
static struct {
	double h[64], t0[64], t1[64];
	int n;
} steps;

/* The recording rule's prepare: only h. */
static void
rec_prepare(const spring_params *p, double h, spring_coef *k)
{
	(void)p;
	memset(k, 0, sizeof(*k));
	k->h = h;
}

/* The recording rule's step: log it, x += h. */
static void
rec_step(const spring_coef *k, spring_state *s, const spring_target_step *tg)
{
	if (steps.n < 64) {
		steps.h[steps.n] = k->h;
		/* the target g(t) = t recovers the times sampled */
		steps.t0[steps.n] = tg->g0;
		steps.t1[steps.n] = tg->g1;
		steps.n++;
	}
	s->x += k->h;
}

static const spring_rule rec_rule = {
	.name = "record", .summary = "", .source = "", .order = 1,
	.prepare = rec_prepare, .step = rec_step
};

/* A recording stepper under policy with guard n; the target g(t) = t. */
static void
start(spring_stepper *st, const spring_policy *policy, int n)
{
	spring_params p = { 1, 0, 1, 0 };

	memset(&steps, 0, sizeof(steps));
	spring_stepper_init(st, &rec_rule, policy, &p, H, n, 0, 0, 0, 1);
}

/* A 0.05 s frame, H = 1/60, under each policy, worked by hand. */
static void
sequences(void)
{
	spring_stepper st;

	/* none: one step of the frame */
	start(&st, spring_policy_none, 8);
	spring_stepper_advance(&st, 0.05, 0.05);
	CHECK(steps.n == 1 && steps.h[0] == 0.05);
	CHECK(steps.t0[0] == 0.0 && steps.t1[0] == 0.05);

	/*
	 * max: 0.05 = 3 H, so three steps of H (the 7e-18 left by rounding is
	 * not a fourth step); nothing lost, no lag.
	 */
	start(&st, spring_policy_max, 8);
	spring_stepper_advance(&st, 0.05, 0.05);
	CHECK(steps.n == 3);
	CHECK(steps.h[0] == H && steps.h[1] == H && steps.h[2] == H);
	CHECK_NEAR(steps.t0[2], 2 * H, 1e-17);
	CHECK_EQ(st.lost_time, 0.0);
	CHECK(st.first_capped == 0);
	/* 0.04 = 2 H + 0.04 / 6: the remainder is the last, shorter step */
	start(&st, spring_policy_max, 8);
	spring_stepper_advance(&st, 0.04, 0.04);
	CHECK(steps.n == 3);
	CHECK_NEAR(steps.h[2], 0.04 - 2 * H, 1e-17);
	/* the guard at 2: two steps of H, H of the frame lost, lag H */
	start(&st, spring_policy_max, 2);
	spring_stepper_advance(&st, 0.05, 0.05);
	CHECK(steps.n == 2 && st.substeps == 2);
	CHECK_NEAR(st.lost_time, H, 1e-16);
	CHECK_NEAR(st.max_lag, H, 1e-16);
	CHECK_NEAR(st.shown.x, 2 * H, 1e-17);
	CHECK(st.first_capped == 1);
	/* the next frame starts on the wall clock: its target at 0.05 */
	spring_stepper_advance(&st, 0.05, 0.1);
	CHECK_NEAR(steps.t0[2], 0.05, 1e-17);
	CHECK_NEAR(st.lost_time, 2 * H, 1e-16);
	CHECK_NEAR(st.max_lag, 2 * H, 1e-16);

	/* uniform: ceil(0.05 / H) = 3 steps of 0.05 / 3 */
	start(&st, spring_policy_uniform, 8);
	spring_stepper_advance(&st, 0.05, 0.05);
	CHECK(steps.n == 3 && steps.h[0] == 0.05 / 3 && steps.h[2] == 0.05 / 3);
	CHECK_EQ(st.lost_time, 0.0);
	/* 0.04: ceil(2.4) = 3 steps of 0.04 / 3 */
	start(&st, spring_policy_uniform, 8);
	spring_stepper_advance(&st, 0.04, 0.04);
	CHECK(steps.n == 3 && steps.h[1] == 0.04 / 3);
	/* the guard at 2: two of the three steps, one third lost */
	start(&st, spring_policy_uniform, 2);
	spring_stepper_advance(&st, 0.05, 0.05);
	CHECK(steps.n == 2);
	CHECK_NEAR(st.lost_time, 0.05 / 3, 1e-16);
	CHECK_NEAR(st.max_lag, 0.05 / 3, 1e-16);
	CHECK(st.first_capped == 1);

	/*
	 * fixed: 0.05 in the accumulator, three steps of H, left ~0, alpha 1:
	 * the true state is shown.
	 */
	start(&st, spring_policy_fixed, 8);
	spring_stepper_advance(&st, 0.05, 0.05);
	CHECK(steps.n == 3 && steps.h[2] == H);
	CHECK_NEAR(st.shown.x, 0.05, 1e-16);
	/*
	 * fixed, a 0.04 frame: three steps reach 3 H = 0.05, left = -0.01,
	 * alpha = 1 - 0.01 / H = 0.4: shown = 2 H + 0.4 H = 0.04, the wall
	 * time, so no lag.
	 */
	start(&st, spring_policy_fixed, 8);
	spring_stepper_advance(&st, 0.04, 0.04);
	CHECK(steps.n == 3);
	CHECK_NEAR(st.s.x, 3 * H, 1e-17);
	CHECK_NEAR(st.prev.x, 2 * H, 1e-17);
	CHECK_NEAR(st.shown.x, 0.04, 1e-16);
	CHECK_NEAR(st.max_lag, 0.0, 1e-16);
	/* a 0.005 frame: no step; alpha = 1 + (-0.005) / H = 0.7 */
	spring_stepper_advance(&st, 0.005, 0.045);
	CHECK(steps.n == 3 && st.frame_substeps == 0);
	CHECK_NEAR(st.shown.x, 0.045, 1e-16);
	/*
	 * fixed, the guard at 2: two steps, H still to simulate; alpha would
	 * be 2, clamped to 1: shows 2 H, lags H.  The time carries over: the
	 * next 0.05 frame has 4 H to do, does 2, lags 2 H; nothing is lost.
	 */
	start(&st, spring_policy_fixed, 2);
	spring_stepper_advance(&st, 0.05, 0.05);
	CHECK(steps.n == 2);
	CHECK_NEAR(st.shown.x, 2 * H, 1e-17);
	CHECK_NEAR(st.max_lag, H, 1e-16);
	CHECK(st.first_capped == 1);
	spring_stepper_advance(&st, 0.05, 0.1);
	CHECK(steps.n == 4);
	CHECK_NEAR(st.max_lag, 2 * H, 1e-16);
	CHECK_EQ(st.lost_time, 0.0);
	/* the fixed steps read the target at the simulation's own times */
	CHECK_NEAR(steps.t0[3], 3 * H, 1e-16);
}

/* The semi-implicit rule, logging the true state after every step. */
static struct {
	spring_state s[4096];
	int n;
} trail;

/* Step semi-implicit and log the state. */
static void
trail_step(const spring_coef *k, spring_state *s,
    const spring_target_step *tg)
{
	spring_rule_semi_implicit->step(k, s, tg);
	if (trail.n < 4096)
		trail.s[trail.n++] = *s;
}

/* The true states of the fixed policy over a schedule. */
static int
fixed_trail(const spring_schedule *sched, spring_state *out, int want)
{
	spring_rule rule = *spring_rule_semi_implicit;
	spring_params p = { 9.0, 0.2, 1.0, 0 };
	spring_stepper st;
	spring_clock c;
	double dt, wall;

	rule.step = trail_step;
	trail.n = 0;
	spring_stepper_init(&st, &rule, spring_policy_fixed, &p, H, 8, 0.0,
	    0.5, 1.0, 0.25);
	spring_clock_init(&c, sched);
	while (trail.n < want && spring_clock_next(&c, &dt, &wall)) {
		spring_stepper_advance(&st, dt, wall);
		if (st.first_capped != 0)
			return -1;
	}
	memcpy(out, trail.s, (size_t)want * sizeof(*out));
	return 0;
}

/*
 * Gobo's point of the fixed policy: the true states after k steps are the
 * same, bit for bit, whatever the frame schedule, while the guard never
 * bites.
 */
static void
fixed_guarantee(void)
{
	static spring_state a[1000], b[1000], c[1000];
	spring_schedule s60 = { 1.0 / 60, NULL, 0, 0.0, 0, NULL, 0 };
	spring_schedule s144 = { 1.0 / 144, NULL, 0, 0.0, 0, NULL, 0 };
	spring_schedule jit = { 1.0 / 45, NULL, 0, 0.6, 7, NULL, 0 };

	CHECK(fixed_trail(&s60, a, 1000) == 0);
	CHECK(fixed_trail(&s144, b, 1000) == 0);
	CHECK(fixed_trail(&jit, c, 1000) == 0);
	CHECK(memcmp(a, b, sizeof(a)) == 0);
	CHECK(memcmp(a, c, sizeof(a)) == 0);
}

/*
 * splitmix64 from seed 0 gives 0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4,
 * 0x06c45d188009454f (the generator's published sequence); u is the top
 * 53 bits over 2^52, minus 1.
 */
static void
generator(void)
{
	static const unsigned long long want[] = {
		0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL,
		0x06c45d188009454fULL
	};
	unsigned long long s = 0, s2 = 0, s3 = 1;
	int i, differ = 0;

	for (i = 0; i < 3; i++)
		CHECK_EQ(spring_uniform(&s),
		    (double)(want[i] >> 11) * 0x1p-52 - 1.0);
	for (i = 0; i < 1000; i++) {
		double u = spring_uniform(&s2);

		CHECK(u >= -1.0 && u < 1.0);
		differ += u != spring_uniform(&s3);
	}
	CHECK(differ == 1000);
}

/* The clock: jitter by seed, hitches, recorded lists, n dt. */
static void
clock(void)
{
	spring_hitch hitch[] = { { 0.1, 0.25 } };
	spring_schedule s = { 0.02, NULL, 0, 0.5, 42, NULL, 0 };
	spring_schedule h = { 0.03, NULL, 0, 0.0, 0, hitch, 1 };
	double list[] = { 0.01, 0.02, 0.04 };
	spring_schedule l = { 1.0 / 60, list, 3, 0.0, 0, NULL, 0 };
	spring_clock a, b;
	double dt, dt2, wall, wall2;
	unsigned long long rng = 42;
	int i, same = 1;

	spring_clock_init(&a, &s);
	spring_clock_init(&b, &s);
	for (i = 0; i < 100; i++) {
		spring_clock_next(&a, &dt, &wall);
		spring_clock_next(&b, &dt2, &wall2);
		same &= dt == dt2 && wall == wall2;
		/* dt (1 + J u) with the generator's own u */
		CHECK_EQ(dt, 0.02 * (1.0 + 0.5 * spring_uniform(&rng)));
	}
	CHECK(same);
	/* frames of 0.03: the one starting at 0.12 (>= 0.1) lasts 0.25 */
	spring_clock_init(&a, &h);
	for (i = 0; i < 4; i++)
		spring_clock_next(&a, &dt, &wall);
	CHECK_NEAR(wall, 0.12, 1e-15);
	spring_clock_next(&a, &dt, &wall);
	CHECK(dt == 0.25);
	CHECK_NEAR(wall, 0.37, 1e-15);
	spring_clock_next(&a, &dt, &wall);
	CHECK(dt == 0.03);
	/* a list: its frames, then the end */
	spring_clock_init(&a, &l);
	CHECK(spring_clock_next(&a, &dt, &wall) && dt == 0.01);
	CHECK(spring_clock_next(&a, &dt, &wall) && dt == 0.02);
	CHECK(spring_clock_next(&a, &dt, &wall) && dt == 0.04);
	CHECK_NEAR(wall, 0.07, 1e-17);
	CHECK(spring_clock_next(&a, &dt, &wall) == 0);
	/* a constant schedule ends frame n at n dt, not at a running sum */
	s.jitter = 0.0;
	spring_clock_init(&a, &s);
	for (i = 1; i <= 1000; i++) {
		spring_clock_next(&a, &dt, &wall);
		same &= wall == (double)i * 0.02;
	}
	CHECK(same);
}

/*
 * A spring between frames: spring_sample_at at a frame's end gives that
 * frame's x; between frames, the spring advanced by its own rule.  For the
 * exact rule that is the exact solution.
 */
static void
sample_at(void)
{
	spring_sim sim = {
	    .rule = spring_rule_exact,
	    .params = { 6.0, 0.3, 1.0, 0 },
	    .target = 1.0,
	    .dt = 0.05,
	    .frames = 20,
	};
	spring_reference ref;
	spring_state r;
	double tq[] = { 0.0, 0.01, 0.05, 0.07, 0.5, 0.93 }, xq[6];
	int i;

	CHECK(spring_sample_at(&sim, tq, 6, xq) == 6);
	spring_reference_init(&ref, &sim.params, 0.0, 0.0, 1.0, 0.0, 0.05);
	for (i = 0; i < 6; i++) {
		spring_reference_at(&ref, tq[i], &r);
		CHECK_NEAR(xq[i], r.x, 1e-14);
	}
}

void
test_frame(void)
{
	sequences();
	fixed_guarantee();
	generator();
	clock();
	sample_at();
}
