/*
 * test_rules.c - each update rule's first step worked out by hand, the
 * times at which each rule reads a moving target, Nissen's one-step
 * claim, and the observed order of convergence.
 */
#include <math.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

/* One step of rule from (x, v) toward a target g + q t, t in [0, h]. */
static spring_state
one_step(const spring_rule *rule, double omega, double zeta, double h,
    double x, double v, double g, double q)
{
	spring_params p = { omega, zeta, 1.0, 0 };
	spring_coef k;
	spring_state s = { x, v };
	spring_target_step tg = { g, q, g + q * h / 2, q, g + q * h, q };

	rule->prepare(&p, h, &k);
	rule->step(&k, &s, &tg);
	return s;
}

/*
 * The chosen state: omega = 2 (w2 = 4), zeta = 0.25 (c = 2 zeta omega = 1),
 * h = 0.1, x = 0.5, v = -1, target 1 at rest.  a0 = 4 (1 - 0.5) + 1 (0 + 1)
 * = 3.  The expected numbers below are worked by hand from the formulas
 * of DESIGN.md.
 */
static void
first_steps(void)
{
	spring_state s;
	double tol = 1e-15;

	/* x' = 0.5 + 0.1 (-1) = 0.4; v' = -1 + 0.1 * 3 = -0.7 */
	s = one_step(spring_rule_explicit, 2, 0.25, 0.1, 0.5, -1, 1, 0);
	CHECK_NEAR(s.x, 0.4, tol);
	CHECK_NEAR(s.v, -0.7, tol);

	/* v' = -0.7; x' = 0.5 + 0.1 (-0.7) = 0.43 */
	s = one_step(spring_rule_semi_implicit, 2, 0.25, 0.1, 0.5, -1, 1, 0);
	CHECK_NEAR(s.x, 0.43, tol);
	CHECK_NEAR(s.v, -0.7, tol);

	/* xp = 0.4; v' = -1 + 0.1 (4 * 0.6 + 1) / 1.1 = -1 + 0.34 / 1.1 */
	s = one_step(spring_rule_implicit, 2, 0.25, 0.1, 0.5, -1, 1, 0);
	CHECK_NEAR(s.x, 0.4, tol);
	CHECK_NEAR(s.v, -1 + 0.34 / 1.1, tol);
	CHECK_NEAR(s.v, -0.69090909090909091, tol);

	/*
	 * Chou: Delta = 1 + 0.1 + 0.04 = 1.14, Delta_x = 1.1 * 0.5 - 0.1 +
	 * 0.04 = 0.49, Delta_v = -1 + 0.4 * 0.5 = -0.8.
	 */
	s = one_step(spring_rule_backward_euler, 2, 0.25, 0.1, 0.5, -1, 1, 0);
	CHECK_NEAR(s.x, 0.49 / 1.14, tol);
	CHECK_NEAR(s.v, -0.8 / 1.14, tol);

	/*
	 * x' = 0.5 - 0.1 + 0.005 * 3 = 0.415; a1 = 4 (1 - 0.415) - v' = 2.34
	 * - v'; v' = -1 + 0.05 (3 + 2.34 - v')  =>  1.05 v' = -0.733.
	 */
	s = one_step(spring_rule_verlet, 2, 0.25, 0.1, 0.5, -1, 1, 0);
	CHECK_NEAR(s.x, 0.415, tol);
	CHECK_NEAR(s.v, -0.733 / 1.05, tol);

	/*
	 * k1 = (-1, 3); at (0.45, -0.85): k2 = (-0.85, 3.05); at (0.4575,
	 * -0.8475): k3 = (-0.8475, 3.0175); at (0.41525, -0.69825): k4 =
	 * (-0.69825, 3.03725).  x' = 0.5 + (0.1/6)(-5.09325) = 0.4151125,
	 * v' = -1 + (0.1/6)(18.17225).
	 */
	s = one_step(spring_rule_rk4, 2, 0.25, 0.1, 0.5, -1, 1, 0);
	CHECK_NEAR(s.x, 0.4151125, tol);
	CHECK_NEAR(s.v, -1 + 0.1 / 6 * 18.17225, tol);

	/*
	 * exact: under-damped, zeta omega = 0.5, omega_d = 2 sqrt(0.9375);
	 * e(h) = e^{-0.5 h} (e0 cos(wd h) + (de0 + 0.5 e0) / wd sin(wd h)),
	 * e0 = -0.5, de0 = -1.
	 */
	{
		double wd = 2 * sqrt(0.9375), E = exp(-0.05);
		double A = -0.5, B = (-1 + 0.5 * -0.5) / wd;
		double e = E * (A * cos(wd * 0.1) + B * sin(wd * 0.1));
		double de = -0.5 * e + E * wd * (-A * sin(wd * 0.1) +
		    B * cos(wd * 0.1));

		s = one_step(spring_rule_exact, 2, 0.25, 0.1, 0.5, -1, 1, 0);
		CHECK_NEAR(s.x, 1 + e, 1e-15);
		CHECK_NEAR(s.v, de, 1e-15);
	}
}

/*
 * A moving target (g = 1 + 2 t): explicit reads it at the start of the
 * step, implicit and backward Euler at the end.
 */
static void
target_times(void)
{
	spring_state s;

	/* a0 = 4 (1 - 0.5) + (2 + 1) = 5: v' = -1 + 0.5 */
	s = one_step(spring_rule_explicit, 2, 0.25, 0.1, 0.5, -1, 1, 2);
	CHECK_NEAR(s.v, -0.5, 1e-15);
	/* g1 = 1.2: v' = -1 + 0.1 (4 (1.2 - 0.4) + (2 + 1)) / 1.1 */
	s = one_step(spring_rule_implicit, 2, 0.25, 0.1, 0.5, -1, 1, 2);
	CHECK_NEAR(s.v, -1 + 0.62 / 1.1, 1e-15);
	/* v' = (-1 + 0.4 (1.2 - 0.5) + 0.1 * 2) / 1.14 */
	s = one_step(spring_rule_backward_euler, 2, 0.25, 0.1, 0.5, -1, 1, 2);
	CHECK_NEAR(s.v, (-1 + 0.28 + 0.2) / 1.14, 1e-15);
}

/*
 * On a linearly moving target with the target's velocity, every rule
 * stays on it: no steady-state lag (DESIGN.md).
 */
static void
no_lag(void)
{
	const spring_rule *const *r;

	for (r = spring_rules; *r != NULL; r++) {
		spring_sim sim = {
		    .rule = *r,
		    .params = { 6.0, 0.7, 1.0 },
		    .x0 = 3.0,
		    .v0 = 2.5,
		    .target = 3.0,
		    .target_vel = 2.5,
		    .dt = 1.0 / 30,
		    .frames = 300,
		};
		spring_metrics m;

		spring_simulate(&sim, NULL, NULL, &m, NULL);
		/* x ~ 3 + 2.5 t, up to 28: a few roundings of that */
		CHECK(m.max_err_x < 1e-12);
		CHECK(m.max_err_v < 1e-12);
		CHECK(m.diverged == 0);
	}
}

/*
 * Nissen, as it really holds: with Ck = Cd = 1 the semi-implicit rule puts
 * the spring on the target after one step whatever the mass, step and
 * initial state; its velocity is then (target - x0) / h, and it is at rest
 * only after the second step.
 */
static void
nissen_one_step(void)
{
	static const double cases[][5] = {	/* mass, h, x0, v0, target */
		{ 1.0, 1.0 / 60, 0.0, 0.0, 1.0 },
		{ 7.5, 0.033, -3.0, 12.0, 2.0 },
		{ 0.01, 0.25, 100.0, -40.0, -5.0 },
		{ 1e3, 1e-3, 0.5, 0.0, 0.25 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const double *c = cases[i];
		spring_params p;
		spring_coef k;
		spring_state s = { c[2], c[3] };
		spring_target_step tg = { c[4], 0, c[4], 0, c[4], 0 };
		double scale = fabs(c[2]) + fabs(c[4]) + fabs(c[3]) * c[1];

		CHECK(spring_from_nissen(1.0, 1.0, c[0], c[1], &p) == 0);
		spring_rule_semi_implicit->prepare(&p, c[1], &k);
		spring_rule_semi_implicit->step(&k, &s, &tg);
		CHECK_NEAR(s.x, c[4], 1e-14 * scale);
		CHECK_NEAR(s.v, (c[4] - c[2]) / c[1], 1e-14 * scale / c[1]);
		spring_rule_semi_implicit->step(&k, &s, &tg);
		CHECK_NEAR(s.x, c[4], 1e-14 * scale);
		CHECK_NEAR(s.v, 0.0, 1e-13 * scale / c[1]);
	}
}

/* max |x - x_ref| of a smooth run of rule at step dt. */
static double
run_error(const spring_rule *rule, double dt)
{
	spring_sim sim = {
	    .rule = rule,
	    .params = { 2.0 * 3.14159265358979323846, 0.3, 1.0 },
	    .x0 = 0.0,
	    .v0 = 0.0,
	    .target = 1.0,
	    .target_vel = 0.5,
	    .dt = dt,
	    .frames = 0,
	};
	spring_metrics m;

	sim.frames = spring_frame_count(1.0, dt);
	spring_simulate(&sim, NULL, NULL, &m, NULL);
	return m.max_err_x;
}

/* The observed order from halving dt: log2(err(h) / err(h / 2)). */
static void
orders(void)
{
	static const struct {
		const spring_rule *const *rule;
		double want, dt;
	} cases[] = {
		{ &spring_rule_explicit, 1, 1.0 / 800 },
		{ &spring_rule_semi_implicit, 1, 1.0 / 800 },
		{ &spring_rule_implicit, 1, 1.0 / 800 },
		{ &spring_rule_backward_euler, 1, 1.0 / 800 },
		{ &spring_rule_verlet, 2, 1.0 / 200 },
		{ &spring_rule_rk4, 4, 1.0 / 50 },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const spring_rule *r = *cases[i].rule;
		double e1 = run_error(r, cases[i].dt);
		double e2 = run_error(r, cases[i].dt / 2);
		double order = log2(e1 / e2);

		if (fabs(order - cases[i].want) > 0.15)
			fprintf(stderr, "order of %s: %.3f (errors %.3g, "
			    "%.3g)\n", r->name, order, e1, e2);
		CHECK(fabs(order - cases[i].want) <= 0.15);
		CHECK(r->order == (int)cases[i].want);
	}
	/* the exact rule has no truncation error at any step */
	CHECK(run_error(spring_rule_exact, 0.25) < 1e-14);
	CHECK(run_error(spring_rule_exact, 1.0 / 60) < 1e-14);
}

/* The table: names are unique and found. */
static void
table(void)
{
	const spring_rule *const *r;
	int n = 0;

	for (r = spring_rules; *r != NULL; r++, n++)
		CHECK(spring_rule_find((*r)->name) == *r);
	CHECK(n == 7);
	CHECK(spring_rule_find("euler") == NULL);
}

void
test_rules(void)
{
	first_steps();
	target_times();
	no_lag();
	nissen_one_step();
	orders();
	table();
}
