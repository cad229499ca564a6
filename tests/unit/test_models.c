/*
 * test_models.c - Holden's dampers, the critical and the double spring,
 * --fast-exp: against values worked by hand and an independent solution.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define LN2 0.693147180559945309417232121458176568

/* The last row a run emits. */
struct last {
	spring_row row;
	long rows;
};

static int
keep_last(void *ctx, const spring_row *r, double dt)
{
	struct last *l = ctx;

	(void)dt;
	l->row = *r;
	l->rows++;
	return 0;
}

/* A damper from x0 = 0 toward 1 with rule name, lambda, factor, ft. */
static spring_sim
damper(const char *rule, double rate, double factor, double ft, double dt,
    long frames)
{
	spring_sim s;

	memset(&s, 0, sizeof(s));
	s.model = spring_model_damper;
	s.mrule = spring_model_rule_find(spring_model_damper, rule);
	s.rate = rate;
	s.factor = factor;
	s.ft = ft;
	s.params.omega = rate;
	s.params.mass = 1;
	s.policy = spring_policy_none;
	s.target = 1.0;
	s.dt = dt;
	s.frames = frames;
	return s;
}

/* x after the run's last frame. */
static double
final_x(const spring_sim *s, spring_metrics *m)
{
	struct last l = { { 0 }, 0 };

	spring_simulate(s, keep_last, &l, m, NULL);
	return l.row.x;
}

/* The dampers after n frames, by hand: 1 - (1 - a)^n for factor a. */
static void
dampers_by_hand(void)
{
	spring_metrics m;
	spring_sim s;
	double lambda = LN2 / 0.25;	/* half-life 0.25 s */

	/* lerp 0.1 a frame, 10 frames at any dt: 1 - 0.9^10 */
	s = damper("lerp", -log(0.9) * 60, 0.1, 1.0 / 60, 1.0 / 30, 10);
	CHECK_NEAR(final_x(&s, &m), 1 - 0.3486784401, 1e-15);
	CHECK(m.rows == 11 && !m.diverged);
	/* at its own frame time the lerp is the exponential decay */
	s = damper("lerp", -log(0.9) * 60, 0.1, 1.0 / 60, 1.0 / 60, 60);
	final_x(&s, &m);
	CHECK(m.max_err_x < 1e-15);
	/* ... at 30 fps it is not: after 1 s it is at 1 - 0.9^30, the
	 * reference at 1 - 0.9^60 */
	s = damper("lerp", -log(0.9) * 60, 0.1, 1.0 / 60, 1.0 / 30, 30);
	final_x(&s, &m);
	CHECK_NEAR(m.final_err_x, pow(0.9, 30) - pow(0.9, 60), 1e-14);
	/* lerp-dt: (1 - lambda dt)^n */
	s = damper("lerp-dt", 12, 0, 1.0 / 60, 0.05, 8);
	CHECK_NEAR(final_x(&s, &m), 1 - pow(1 - 0.6, 8), 1e-15);
	/* past lambda dt = 2 it diverges: |1 - 2.5| = 1.5 a frame; the
	 * limit is 1e6 (|x0 - g| + |v0 - q| / lambda + 1) = 3e6 (v0 is the
	 * rate lambda (g - x0) = 50), and 1.5^36 = 2.25e6 < 3e6 < 1.5^37 */
	s = damper("lerp-dt", 50, 0, 1.0 / 60, 0.05, 100);
	final_x(&s, &m);
	CHECK(m.diverged && m.diverged_frame == 37);
	/* exponential: (1 - ft lambda)^(t / ft), t = 0.3 s */
	s = damper("exponential", 6, 0, 0.1, 0.05, 6);
	CHECK_NEAR(final_x(&s, &m), 1 - pow(0.4, 3), 1e-15);
	/* exact: 2^(-t / H) left at t = n dt, whatever dt */
	s = damper("exact", lambda, 0, 1.0 / 60, 1.0 / 144, 144);
	CHECK_NEAR(final_x(&s, &m), 1 - pow(2, -4), 1e-14);
	CHECK(m.max_err_x < 1e-14);
	CHECK(isnan(m.energy_drift));
	s = damper("exact", lambda, 0, 1.0 / 60, 1.0 / 30, 30);
	CHECK_NEAR(final_x(&s, &m), 1 - pow(2, -4), 1e-14);
	/* the settling time: 2 % left at ln 50 / lambda = 1.411 s, the
	 * frame that ends at or after it at 60 fps: 85 / 60 */
	s = damper("exact", lambda, 0, 1.0 / 60, 1.0 / 60, 120);
	final_x(&s, &m);
	CHECK_NEAR(m.settle_time, 85.0 / 60, 1e-12);
}

/* A moving target: the exact damper lags it by q / lambda in the end. */
static void
damper_moving(void)
{
	spring_metrics m;
	spring_sim s = damper("exact", 4, 0, 1.0 / 60, 1.0 / 60, 600);
	struct last l = { { 0 }, 0 };

	s.target_vel = 2;
	spring_simulate(&s, keep_last, &l, &m, NULL);
	/* the reference: g - q / lambda after the transient (e^-40) */
	CHECK_NEAR(l.row.g - l.row.x_ref, 0.5, 1e-12);
	/* the exact damper lerps toward the frame's end target: it lags
	 * by q h / (1 - e^(-lambda h)) - q h, not q / lambda, in the end */
	CHECK_NEAR(l.row.g - l.row.x, 2.0 / 60 / -expm1(-4.0 / 60) -
	    2.0 / 60, 1e-12);
}

/* The double spring's 4-state ODE by RK4 in long double, tiny steps. */
static void
double_rk4(long double y, long double g, long double t, long double *s)
{
	long n, steps = 200000;
	long double h = t / steps, k[4][4], u[4];
	int i, j;

	for (n = 0; n < steps; n++) {
		for (j = 0; j < 4; j++) {
			static const long double w[4] = { 0, 0.5L, 0.5L, 1 };

			for (i = 0; i < 4; i++)
				u[i] = s[i] + (j ? w[j] * h * k[j - 1][i] : 0);
			k[j][0] = u[1];
			k[j][1] = y * y * (u[2] - u[0]) - 2 * y * u[1];
			k[j][2] = u[3];
			k[j][3] = y * y * (g - u[2]) - 2 * y * u[3];
		}
		for (i = 0; i < 4; i++)
			s[i] += h / 6 * (k[0][i] + 2 * k[1][i] + 2 * k[2][i] +
			    k[3][i]);
	}
}

/* The double spring's reference and exact rule against RK4. */
static void
double_spring(void)
{
	spring_sim s;
	spring_metrics m;
	struct last l = { { 0 }, 0 };
	long double ode[4] = { 0.3L, -1, 0.3L, -1 };

	memset(&s, 0, sizeof(s));
	s.model = spring_model_double;
	s.mrule = spring_model_rule_find(spring_model_double, "exact");
	s.rate = 4 * LN2 / 0.6;		/* Holden: halflife 0.6 s */
	s.params.omega = s.rate;
	s.params.mass = 1;
	s.policy = spring_policy_none;
	s.x0 = s.xi0 = 0.3;
	s.v0 = s.vi0 = -1;
	s.target = 2;
	s.dt = 1.0 / 60;
	s.frames = 45;
	spring_simulate(&s, keep_last, &l, &m, NULL);
	double_rk4(s.rate, 2, 0.75L, ode);
	CHECK_NEAR(l.row.x_ref, (double)ode[0], 1e-13);
	CHECK_NEAR(l.row.v_ref, (double)ode[1], 1e-12);
	CHECK_NEAR(l.row.xi_ref, (double)ode[2], 1e-13);
	CHECK_NEAR(l.row.vi_ref, (double)ode[3], 1e-12);
	/* the exact rule is the reference, frame after frame */
	CHECK(m.max_err_x < 1e-14 && m.max_err_v < 1e-13);
	/* an S-curve: x starts with zero acceleration (x'' = y^2 (xi - x)
	 * - 2 y v = 2 y at rest...), so early on x lags xi */
	CHECK(l.row.x < l.row.xi);
	/* Holden's series: the first spring is exact, the second not */
	s.mrule = spring_model_rule_find(spring_model_double, "series");
	memset(&l, 0, sizeof(l));
	spring_simulate(&s, keep_last, &l, &m, NULL);
	CHECK_NEAR(l.row.xi, l.row.xi_ref, 1e-14);
	CHECK(m.max_err_x > 1e-4 && m.max_err_x < 0.05);
}

/* --fast-exp: Holden's rational e^-x, and the error it adds. */
static void
fast_exp(void)
{
	spring_sim s;
	spring_metrics m;
	double worst = 0, x;

	/* 1 / (1 + x + 0.48 x^2 + 0.235 x^3), by hand */
	CHECK_EQ(spring_fast_negexp(0), 1.0);
	CHECK_NEAR(spring_fast_negexp(1), 1 / 2.715, 1e-16);
	CHECK_NEAR(spring_fast_negexp(2), 1 / 6.8, 1e-16);
	/* at x = 0.1 (a half-life of 0.115 s at 60 fps) it is close:
	 * 1 / 1.105035 against e^-0.1, 1.1e-4 apart */
	CHECK_NEAR(spring_fast_negexp(0.1) - exp(-0.1), 1 / 1.105035 -
	    exp(-0.1), 1e-15);
	CHECK(fabs(spring_fast_negexp(0.1) - exp(-0.1)) < 1.2e-4);
	/* but not for large x: its largest error on [0, 20] is 0.0188 near
	 * x = 3.34 (1 / 18.40 = 0.0543 against 0.0356), and at x = 5 it is
	 * three times e^-5: the cubic cannot follow an exponential */
	for (x = 0; x <= 20; x += 1e-4)
		worst = fmax(worst, fabs(spring_fast_negexp(x) - exp(-x)));
	CHECK(worst > 0.0187 && worst < 0.0189);
	CHECK(spring_fast_negexp(5) > 3 * exp(-5));
	/* the exact rule with it, y h = 1/6: e^(-yh) is off by 3e-5 a
	 * frame, and the run drifts by ~1e-3 of the distance */
	memset(&s, 0, sizeof(s));
	s.rule = spring_rule_exact;
	s.policy = spring_policy_none;
	s.params.omega = 10;
	s.params.zeta = 1;
	s.params.mass = 1;
	s.params.fast_exp = 1;
	s.target = 1;
	s.dt = 1.0 / 60;
	s.frames = 120;
	spring_simulate(&s, NULL, NULL, &m, NULL);
	CHECK(m.max_err_x > 1e-4 && m.max_err_x < 2e-3);
	s.params.fast_exp = 0;
	spring_simulate(&s, NULL, NULL, &m, NULL);
	CHECK(m.max_err_x < 1e-15);
	/* Holden's critical rule is the exact critical spring */
	s.rule = spring_rule_critical;
	spring_simulate(&s, NULL, NULL, &m, NULL);
	CHECK(m.max_err_x < 1e-14 && m.max_err_v < 1e-13);
}


/* A model sim from x0 = 0 toward 1, critical at y = 2 ln2 / H. */
static spring_sim
lookahead_sim(const spring_model *model, double halflife, double dt,
    long frames)
{
	spring_sim s;

	memset(&s, 0, sizeof(s));
	s.model = model;
	s.mrule = model->rules[0];
	s.rate = 2 * LN2 / halflife;
	s.params.omega = s.rate;
	s.params.zeta = 1;
	s.params.mass = 1;
	s.policy = spring_policy_none;
	s.target = 1;
	s.apprehension = 2;
	s.t_goal = 1;
	s.v_goal = 1;
	s.dt = dt;
	s.frames = frames;
	return s;
}

/*
 * x'' = y^2 (gf(t) - x) - 2 y x', gf = a + b t up to tk then g: RK4 in
 * long double with tiny steps (the look-ahead springs' reference).
 */
static void
lookahead_rk4(long double y, long double a, long double b, long double tk,
    long double g, long double t, long double *x, long double *v)
{
	long n, steps = 400000;
	long double h = t / steps, s = 0;

	for (n = 0; n < steps; n++, s += h) {
		long double k1x, k1v, k2x, k2v, k3x, k3v, k4x, k4v, gf;
#define GF(tt) ((tt) < tk ? a + b * (tt) : g)
		gf = GF(s);
		k1x = *v;
		k1v = y * y * (gf - *x) - 2 * y * *v;
		gf = GF(s + h / 2);
		k2x = *v + h / 2 * k1v;
		k2v = y * y * (gf - (*x + h / 2 * k1x)) - 2 * y * k2x;
		k3x = *v + h / 2 * k2v;
		k3v = y * y * (gf - (*x + h / 2 * k2x)) - 2 * y * k3x;
		gf = GF(s + h);
		k4x = *v + h * k3v;
		k4v = y * y * (gf - (*x + h * k3x)) - 2 * y * k4x;
#undef GF
		*x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
		*v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
	}
}

/* The timed and velocity springs' references against RK4; xi by hand. */
static void
lookahead_springs(void)
{
	spring_sim s = lookahead_sim(spring_model_timed, 0.1, 0.01, 150);
	spring_metrics m;
	struct last l = { { 0 }, 0 };
	long double x = 0, v = 0, y = 2 * LN2 / 0.1L, tau = 2 * 0.1L;

	/* timed, T = 1: xi = t up to 1; gf = t + tau up to 1 - tau, then 1 */
	spring_simulate(&s, keep_last, &l, &m, NULL);
	lookahead_rk4(y, tau, 1, 1 - tau, 1, 1.5L, &x, &v);
	CHECK_NEAR(l.row.x_ref, (double)x, 1e-12);
	CHECK_NEAR(l.row.v_ref, (double)v, 1e-11);
	CHECK_EQ(l.row.xi_ref, 1.0);
	/* Holden's discrete version: close, first order */
	CHECK(m.max_err_x > 1e-4 && m.max_err_x < 0.02);
	/* mid-run (t = 0.5): the reference against RK4, xi = 0.5 */
	s.frames = 50;
	memset(&l, 0, sizeof(l));
	spring_simulate(&s, keep_last, &l, &m, NULL);
	x = v = 0;
	lookahead_rk4(y, tau, 1, 1 - tau, 1, 0.5L, &x, &v);
	CHECK_NEAR(l.row.x_ref, (double)x, 1e-12);
	CHECK_NEAR(l.row.xi, 0.5, 1e-12);
	/* velocity, V = 2 from 0 to 1: xi reaches 1 at t = 0.5 */
	s = lookahead_sim(spring_model_velocity, 0.1, 0.01, 40);
	s.v_goal = 2;
	memset(&l, 0, sizeof(l));
	spring_simulate(&s, keep_last, &l, &m, NULL);
	CHECK_NEAR(l.row.xi, 0.8, 1e-12);
	CHECK_NEAR(l.row.xi_ref, 0.8, 1e-15);
	x = v = 0;
	lookahead_rk4(y, 2 * tau, 2, 0.5L - tau, 1, 0.4L, &x, &v);
	CHECK_NEAR(l.row.x_ref, (double)x, 1e-12);
	CHECK(m.max_err_x > 1e-4 && m.max_err_x < 0.02);
}

/*
 * The predictor's position against the integral of its velocity (the
 * critical spring's closed form), by Simpson's rule: independent of the
 * position formula.
 */
static void
predictor(void)
{
	spring_sim s;
	spring_metrics m;
	struct last l = { { 0 }, 0 };
	double y = 2 * LN2 / 0.3, vg = 3, j0 = -1 - vg, j1 = 0 + j0 * y;
	double sum = 0, t = 2, h = t / 20000;
	long i;

	memset(&s, 0, sizeof(s));
	s.model = spring_model_predict;
	s.mrule = spring_model_rule_find(spring_model_predict, "holden");
	s.rate = y;
	s.params.omega = y;
	s.params.zeta = 1;
	s.params.mass = 1;
	s.policy = spring_policy_none;
	s.v0 = -1;
	s.v_goal = vg;
	s.target_vel = vg;
	s.dt = 0.02;
	s.frames = 100;
	for (i = 0; i <= 20000; i++) {
		double u = i * h, vel = vg + exp(-y * u) * (j0 + j1 * u);

		sum += (i == 0 || i == 20000 ? 1 : i % 2 ? 4 : 2) * vel;
	}
	sum *= h / 3;
	spring_simulate(&s, keep_last, &l, &m, NULL);
	CHECK_NEAR(l.row.x_ref, sum, 1e-12);
	CHECK(m.max_err_x < 1e-13);
	/* Holden's form of the integral cancels as y h shrinks: at a half-
	 * life of 1e5 s it is off by more than 1e-11, the exact form is not */
	s.rate = s.params.omega = 2 * LN2 / 1e5;
	spring_simulate(&s, NULL, NULL, &m, NULL);
	CHECK(m.max_err_x > 1e-11);
	s.mrule = spring_model_rule_find(spring_model_predict, "exact");
	spring_simulate(&s, NULL, NULL, &m, NULL);
	CHECK(m.max_err_x < 1e-13);
}

/* Inertialization: the output past the switch, by hand. */
static void
inertialization(void)
{
	spring_signal a, b;
	spring_sim s;
	spring_metrics m;
	struct last l = { { 0 }, 0 };
	double y = 2 * LN2 / 0.2, T = 1, tau = 0.25, pi2 = 2 * 3.14159265358979323846;
	/* a = 1 + sin(2 pi t), b = 1 + 0.5 sin(2 pi t / 0.4) */
	double j0 = sin(pi2 * T) - 0.5 * sin(pi2 * T / 0.4);
	double dj0 = pi2 * cos(pi2 * T) - 0.5 * pi2 / 0.4 * cos(pi2 * T / 0.4);
	double j1 = dj0 + j0 * y, t = T + tau;
	double want = 1 + 0.5 * sin(pi2 * t / 0.4) + exp(-y * tau) *
	    (j0 + j1 * tau);

	memset(&a, 0, sizeof(a));
	a.kind = spring_signal_find("sine");
	a.g0 = 1;
	a.amp = 1;
	a.period = 1;
	b = a;
	b.amp = 0.5;
	b.period = 0.4;
	memset(&s, 0, sizeof(s));
	s.model = spring_model_inertialize;
	s.mrule = spring_model_inertialize->rules[0];
	s.rate = y;
	s.params.omega = y;
	s.params.zeta = 1;
	s.params.mass = 1;
	s.policy = spring_policy_none;
	s.source_a = &a;
	s.source_b = &b;
	s.switch_at = T;
	s.target = 1;
	spring_signal_at(&a, 0, &s.x0, &s.v0);
	s.xi0 = s.x0;
	s.dt = 0.05;
	s.frames = 25;		/* t = 1.25 */
	spring_simulate(&s, keep_last, &l, &m, NULL);
	CHECK_NEAR(l.row.x_ref, want, 1e-13);
	/* the switch on a frame: Holden's update is the closed form */
	CHECK_NEAR(l.row.x, want, 1e-13);
	CHECK(m.max_err_x < 1e-13);
	/* the output is continuous at the switch: a(1) there */
	s.frames = 20;
	spring_simulate(&s, keep_last, &l, &m, NULL);
	CHECK_NEAR(l.row.x, 1 + sin(pi2 * T), 1e-14);
	/* off a frame, the switch waits for the frame: an error */
	s.switch_at = 1.01;
	s.frames = 40;
	spring_simulate(&s, NULL, NULL, &m, NULL);
	CHECK(m.max_err_x > 1e-3);
}

/*
 * The double spring from rest toward 1 is two critical springs in series,
 * x / g = (y / (s + y))^4: its step response is the Erlang CDF, xi = 1 -
 * e^-X (1 + X), x = 1 - e^-X (1 + X + X^2 / 2 + X^3 / 6), X = y t, and
 * vi = y X e^-X, v = y X^3 e^-X / 6.  Checked row by row in long double
 * (whose range holds y^4 for any double y).
 */
struct erlang {
	long double y;
	double tol;		/* of the scale: 1 for x, y for v */
	int bad, rule_bad, rows;
};

static int
check_erlang(void *ctx, const spring_row *r, double dt)
{
	struct erlang *c = ctx;
	long double X = c->y * r->t, e = expl(-X);
	long double xi = 1 - e * (1 + X);
	long double x = 1 - e * (1 + X + X * X / 2 + X * X * X / 6);
	double y = (double)c->y;

	(void)dt;
	c->rows++;
	c->bad += !(fabs(r->x_ref - (double)x) <= c->tol);
	c->bad += !(fabs(r->xi_ref - (double)xi) <= c->tol);
	c->bad += !(fabs(r->v_ref - (double)(c->y * X * X * X * e / 6)) <=
	    c->tol * y);
	c->bad += !(fabs(r->vi_ref - (double)(c->y * X * e)) <= c->tol * y);
	/* the exact rule is the reference */
	c->rule_bad += !(fabs(r->x - r->x_ref) <= c->tol) ||
	    !(fabs(r->v - r->v_ref) <= c->tol * y);
	return 0;
}

/* A double spring of half-life h from rest toward 1, rule name. */
static spring_sim
double_sim(const char *rule, double h, double dt, long frames)
{
	spring_sim s;

	memset(&s, 0, sizeof(s));
	s.model = spring_model_double;
	s.mrule = spring_model_rule_find(spring_model_double, rule);
	s.rate = 4 * LN2 / h;
	s.params.omega = s.rate;
	s.params.zeta = 1;
	s.params.mass = 1;
	s.policy = spring_policy_none;
	s.target = 1;
	s.dt = dt;
	s.frames = frames;
	return s;
}

/*
 * Half-lives from 1e-300 to 1e300 s: y^2 overflowed past 1e154 and
 * times an e^(-y t) that vanished gave NaN (v_ref printed "nan" from a
 * half-life of 1e-80 on, and the exact rule "diverged").  At X = y t of
 * 1e-3 to 30 (dt = X / y) the reference and the exact rule against the
 * Erlang form; at 60 fps, and where y dt is past 800, both rules and the
 * reference are at the target at rest after one frame, exactly.
 */
static void
double_halflives(void)
{
	static const double X[] = { 1e-3, 0.5, 3.0, 30.0 };
	struct erlang c;
	struct last l;
	spring_metrics m;
	spring_sim s;
	int k, at_rest = 0, diverged = 0;
	size_t i;

	for (k = -300; k <= 300; k += 10) {
		double h = pow(10.0, k), y = 4 * LN2 / h;

		for (i = 0; i < sizeof(X) / sizeof(X[0]); i++) {
			s = double_sim("exact", h, X[i] / y, 1);
			memset(&c, 0, sizeof(c));
			c.y = (long double)y;
			c.tol = 1e-13;
			spring_simulate(&s, check_erlang, &c, &m, NULL);
			CHECK(c.rows == 2 && c.bad == 0 && c.rule_bad == 0);
		}
		s = double_sim("exact", h, 1.0 / 60, 3);
		memset(&c, 0, sizeof(c));
		c.y = (long double)y;
		c.tol = 1e-13;
		spring_simulate(&s, check_erlang, &c, &m, NULL);
		CHECK(c.rows == 4 && c.bad == 0 && c.rule_bad == 0);
		diverged += m.diverged;
		s.mrule = spring_model_rule_find(spring_model_double, "series");
		memset(&l, 0, sizeof(l));
		spring_simulate(&s, keep_last, &l, &m, NULL);
		diverged += m.diverged || l.rows != 4;
		if (y / 60 > 800)
			at_rest += l.row.x != 1.0 || l.row.v != 0.0 ||
			    l.row.x_ref != 1.0 || l.row.v_ref != 0.0 ||
			    m.max_err_v != 0.0 || m.rms_err_v != 0.0;
	}
	CHECK(diverged == 0);
	CHECK(at_rest == 0);
}

/* Every value of every row finite. */
struct finite {
	int bad, rows;
};

static int
check_finite(void *ctx, const spring_row *r, double dt)
{
	struct finite *f = ctx;

	(void)dt;
	f->rows++;
	f->bad += !isfinite(r->x) || !isfinite(r->v) || !isfinite(r->x_ref) ||
	    !isfinite(r->v_ref) || !isfinite(r->xi) || !isfinite(r->xi_ref) ||
	    !isfinite(r->vi) || !isfinite(r->vi_ref);
	return 0;
}

/*
 * The other models at rates of 1e-300 to 1e300 (Holden's critical y =
 * 2 ln2 / H): every row finite, no rule of the exact kind diverged, and
 * where y dt is past 800 the limits by hand: the predictor's velocity
 * is the goal's, the inertialized output is source b.
 */
static void
models_extreme_rates(void)
{
	static const double hs[] = { 1e-300, 1e-200, 1e-100, 1e-20, 1e20,
		1e100, 1e300 };
	static const char *predict[] = { "holden", "exact", "euler" };
	spring_signal a, b;
	spring_metrics m;
	struct finite f;
	struct last l;
	spring_sim s;
	double gb, qb;
	int bad = 0, limits = 0;
	size_t i, j;

	memset(&a, 0, sizeof(a));
	a.kind = SPRING_SIGNAL_SINE;
	a.g0 = 1;
	a.amp = 1;
	a.period = 1;
	b = a;
	b.amp = 0.5;
	b.period = 0.4;
	for (i = 0; i < sizeof(hs) / sizeof(hs[0]); i++) {
		double y = 2 * LN2 / hs[i];

		s = lookahead_sim(spring_model_timed, hs[i], 1.0 / 60, 5);
		memset(&f, 0, sizeof(f));
		spring_simulate(&s, check_finite, &f, &m, NULL);
		bad += f.bad != 0 || f.rows != 6 || m.diverged;
		s = lookahead_sim(spring_model_velocity, hs[i], 1.0 / 60, 5);
		memset(&f, 0, sizeof(f));
		spring_simulate(&s, check_finite, &f, &m, NULL);
		bad += f.bad != 0 || f.rows != 6 || m.diverged;
		/* Holden's own position formula divides by y^2: past
		 * y = 1e-154 that is inf - inf, his arithmetic as written */
		for (j = y * y > 1e-300 ? 0 : 1; j < 3; j++) {
			s = lookahead_sim(spring_model_predict, hs[i], 1.0 / 60,
			    5);
			s.mrule = spring_model_rule_find(spring_model_predict,
			    predict[j]);
			s.v0 = -1;
			s.v_goal = s.target_vel = 3;
			memset(&f, 0, sizeof(f));
			spring_simulate(&s, check_finite, &f, &m, NULL);
			bad += f.bad != 0 || f.rows != 6 || m.diverged;
			memset(&l, 0, sizeof(l));
			spring_simulate(&s, keep_last, &l, &m, NULL);
			if (y / 60 > 800)
				limits += l.row.v != 3.0 || l.row.v_ref != 3.0;
		}
		s = lookahead_sim(spring_model_inertialize, hs[i], 1.0 / 60, 5);
		s.source_a = &a;
		s.source_b = &b;
		s.switch_at = 1.0 / 60;
		spring_signal_at(&a, 0, &s.x0, &s.v0);
		s.xi0 = s.x0;
		memset(&f, 0, sizeof(f));
		spring_simulate(&s, check_finite, &f, &m, NULL);
		bad += f.bad != 0 || f.rows != 6 || m.diverged;
		memset(&l, 0, sizeof(l));
		spring_simulate(&s, keep_last, &l, &m, NULL);
		spring_signal_at(&b, 5.0 / 60, &gb, &qb);
		if (y / 60 > 800)
			limits += l.row.x != gb || l.row.x_ref != gb ||
			    l.row.v_ref != qb;
	}
	CHECK(bad == 0);
	CHECK(limits == 0);
}

void
test_models(void)
{
	dampers_by_hand();
	damper_moving();
	double_spring();
	fast_exp();
	lookahead_springs();
	predictor();
	inertialization();
	double_halflives();
	models_extreme_rates();
}
