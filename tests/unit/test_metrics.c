/*
 * test_metrics.c - the metrics against values derived independently:
 * the under-damped overshoot exp(-pi zeta / sqrt(1 - zeta^2)), the 2 %
 * settling time of the critical spring, explicit Euler's energy growth
 * (1 + omega^2 h^2) per step, and one frame's errors by hand.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define PI 3.14159265358979323846

/* Overshoot of a step response: peak at t = pi / omega_d. */
static void
overshoot(void)
{
	double zeta = 0.3, wd = PI, omega = wd / sqrt(1 - zeta * zeta);
	/* omega_d = pi puts the first peak at t = 1, a multiple of dt */
	spring_sim sim = {
	    .rule = spring_rule_exact,
	    .params = { omega, zeta, 1, 0 },
	    .x0 = 0,
	    .v0 = 0,
	    .target = 1,
	    .target_vel = 0,
	    .dt = 0.01,
	    .frames = 300,
	};
	spring_metrics m;

	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK_NEAR(m.overshoot, exp(-PI * zeta / sqrt(1 - zeta * zeta)),
	    1e-12);
	/* from above the target the overshoot is measured downward */
	sim.x0 = 2;
	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK_NEAR(m.overshoot, exp(-PI * zeta / sqrt(1 - zeta * zeta)),
	    1e-12);
	/* a critical spring from rest never overshoots */
	sim.params.zeta = 1;
	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK_EQ(m.overshoot, 0.0);
}

/*
 * The critical spring from rest: |x - g| / |x0 - g| = (1 + w t) e^{-w t},
 * monotone, so it settles at the first row where that is <= 0.02.
 */
static void
settle(void)
{
	double omega = 10, dt = 0.001, lo = 0, hi = 20, ts;
	spring_sim sim = {
	    .rule = spring_rule_exact,
	    .params = { omega, 1, 1, 0 },
	    .x0 = 0,
	    .v0 = 0,
	    .target = 1,
	    .target_vel = 0,
	    .dt = dt,
	    .frames = 2000,
	};
	spring_metrics m;
	int i;

	for (i = 0; i < 200; i++) {	/* bisect (1 + u) e^{-u} = 0.02 */
		double u = 0.5 * (lo + hi);

		if ((1 + u) * exp(-u) > 0.02)
			lo = u;
		else
			hi = u;
	}
	ts = hi / omega;		/* u = 5.8339..., ts = 0.58339 */
	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK(m.settle_time >= ts && m.settle_time < ts + dt);
	/* a run too short to settle says so */
	sim.frames = 100;
	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK(isinf(m.settle_time));
}

/*
 * Explicit Euler on an undamped spring multiplies omega^2 e^2 + v^2 by
 * exactly 1 + omega^2 h^2 each step; the exact energy stays put.
 */
static void
energy(void)
{
	double omega = 2, h = 0.01;
	spring_sim sim = {
	    .rule = spring_rule_explicit,
	    .params = { omega, 0, 1, 0 },
	    .x0 = 0,
	    .v0 = 0,
	    .target = 1,
	    .target_vel = 0,
	    .dt = h,
	    .frames = 100,
	};
	spring_metrics m;

	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK_NEAR(m.energy_drift, pow(1 + omega * omega * h * h, 100) - 1,
	    1e-12);
	/* backward Euler loses energy instead */
	sim.rule = spring_rule_backward_euler;
	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK(m.energy_drift < 0);
	sim.rule = spring_rule_exact;
	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK_NEAR(m.energy_drift, 0, 1e-13);
}

/*
 * One frame of explicit Euler from rest at 0 toward 1, omega = 2,
 * zeta = 0.25, h = 0.1: x1 = 0, v1 = 0.4.  The exact x(h) = 1 - e^{-0.05}
 * (cos(wd h) + 0.5 / wd sin(wd h)), v(h) = e^{-0.05} (4 / wd) sin(wd h).
 * Rows t = 0 (no error) and t = h.
 */
static void
one_frame(void)
{
	double wd = 2 * sqrt(0.9375), E = exp(-0.05);
	double xr = 1 - E * (cos(wd * 0.1) + 0.5 / wd * sin(wd * 0.1));
	double vr = E * 4 / wd * sin(wd * 0.1);
	spring_sim sim = {
	    .rule = spring_rule_explicit,
	    .params = { 2, 0.25, 1, 0 },
	    .x0 = 0,
	    .v0 = 0,
	    .target = 1,
	    .target_vel = 0,
	    .dt = 0.1,
	    .frames = 1,
	};
	spring_metrics m;

	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK(m.rows == 2);
	CHECK_NEAR(m.max_err_x, fabs(0 - xr), 1e-15);
	CHECK_NEAR(m.final_err_x, fabs(0 - xr), 1e-15);
	CHECK_NEAR(m.rms_err_x, fabs(xr) / sqrt(2), 1e-15);
	CHECK_NEAR(m.max_err_v, fabs(0.4 - vr), 1e-15);
	CHECK_NEAR(m.rms_err_v, fabs(0.4 - vr) / sqrt(2), 1e-15);
}

/*
 * Explicit Euler undamped at omega h = 10 grows sqrt(101) a step in
 * amplitude: it must be caught, not run to inf.
 */
static void
divergence(void)
{
	spring_sim sim = {
	    .rule = spring_rule_explicit,
	    .params = { 100, 0, 1, 0 },
	    .x0 = 0,
	    .v0 = 0,
	    .target = 1,
	    .target_vel = 0,
	    .dt = 0.1,
	    .frames = 1000,
	};
	spring_metrics m;

	spring_simulate(&sim, NULL, NULL, &m, NULL);
	CHECK(m.diverged == 1);
	CHECK(m.diverged_frame > 1 && m.diverged_frame < 20);
	CHECK(m.rows == m.diverged_frame);	/* t = 0 row + frames before */
	CHECK(isfinite(m.max_err_x) && isfinite(m.energy_drift));
}

/* The frame count: ceil, within 1e-9 of a whole number. */
static void
frames(void)
{
	CHECK(spring_frame_count(2.0, 0.02) == 100);
	CHECK(spring_frame_count(2.0, 1.0 / 60) == 120);
	CHECK(spring_frame_count(1.0, 0.3) == 4);
	CHECK(spring_frame_count(0.1, 0.1) == 1);
	/* a duration above 0 is one frame at least; none is none */
	CHECK(spring_frame_count(1e-10, 1.0) == 1);
	CHECK(spring_frame_count(1e-300, 1.0) == 1);
	CHECK(spring_frame_count(0.0, 1.0) == 0);
	CHECK(spring_frame_count(2.0, 0.033) == 61);	/* 60.6 */
	CHECK(spring_frame_count(3.0, 0.1) == 30);	/* 29.999999999999996 */
}

/* A frame loop's rows, checked as they come against hand_x, hand_v. */
struct hand {
	const double *x, *v;
	long n, bad;
};

/* spring_row_fn: row n against the hand-stepped frame n. */
static int
hand_row(void *ctx, const spring_row *row, double dt)
{
	struct hand *h = ctx;

	(void)dt;
	if (row->t != 0.0 && (h->n >= 400 || row->x != h->x[h->n] ||
	    row->v != h->v[h->n]))
		h->bad++;
	h->n += row->t != 0.0;
	return 0;
}

/*
 * The constant-dt loop (sim.c), which inlines each table rule's step, against
 * the rule's own step called by hand, frame by frame, with the target
 * sampled as README's "Update rules" says (g0 + q t at the step's start
 * and end, their mean between): the same bits.  A copy of the rule (an
 * address the loop's table does not know, so its step is called) gives the
 * same metrics, bit for bit, as the rule.
 */
static void
rules_by_hand(void)
{
	static const double zetas[] = { 0.0, 0.3, 1.0, 2.5 };
	const spring_rule *const *r;
	double x[400], v[400];
	int z, q;

	for (r = spring_rules; *r != NULL; r++)
		for (z = 0; z < 4; z++)
			for (q = 0; q < 2; q++) {
				spring_rule copy = **r;
				spring_sim sim = {
				    .rule = *r,
				    .params = { 7.0, zetas[z], 1, 0 },
				    .x0 = 0.25, .v0 = -1.5,
				    .target = 1, .target_vel = q * 0.7,
				    .dt = 1.0 / 60.0, .frames = 400,
				};
				spring_coef k;
				spring_state s = { sim.x0, sim.v0 };
				spring_target_step tg;
				spring_metrics a, b;
				struct hand h = { x, v, 0, 0 };
				long n;

				(*r)->prepare(&sim.params, sim.dt, &k);
				for (n = 1; n <= 400; n++) {
					double t0 = (double)(n - 1) * sim.dt;
					double t1 = (double)n * sim.dt;

					tg.g0 = sim.target + sim.target_vel * t0;
					tg.g1 = sim.target + sim.target_vel * t1;
					tg.gm = 0.5 * (tg.g0 + tg.g1);
					tg.q0 = tg.qm = tg.q1 = sim.target_vel;
					(*r)->step(&k, &s, &tg);
					x[n - 1] = s.x;
					v[n - 1] = s.v;
				}
				spring_simulate(&sim, hand_row, &h, &a, NULL);
				CHECK(h.bad == 0 && h.n == 400);
				sim.rule = &copy;
				spring_simulate(&sim, NULL, NULL, &b, NULL);
				CHECK(memcmp(&a.max_err_x, &b.max_err_x,
				    sizeof(double)) == 0 &&
				    memcmp(&a.rms_err_v, &b.rms_err_v,
				    sizeof(double)) == 0 &&
				    memcmp(&a.energy_drift, &b.energy_drift,
				    sizeof(double)) == 0 &&
				    memcmp(&a.final_err_x, &b.final_err_x,
				    sizeof(double)) == 0 &&
				    a.rows == b.rows);
			}
}

void
test_metrics(void)
{
	overshoot();
	settle();
	energy();
	one_frame();
	divergence();
	frames();
	rules_by_hand();
}
