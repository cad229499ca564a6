/*
 * models.c - the models beyond the damped spring (spring.h): Holden's
 * first-order dampers and his double spring, each a table of update
 * rules with its exact reference, and the run loop they share.
 *
 * The loop is sim.c's in small: frames from the clock, a step of the
 * model's rule a frame (no substeps), the reference's closed form at the
 * frame's wall time, metrics_add on the row.  Coefficients are prepared
 * once per distinct frame time.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "internal.h"
#include "metrics.h"
#include "scaled.h"

#define LN2 0.693147180559945309417232121458176568

/* e^-x, or Holden's fast_negexp with --fast-exp. */
static double
negexp(const spring_sim *sim, double x)
{
	return sim->params.fast_exp ? spring_fast_negexp(x) : exp(-x);
}

/* --- the dampers: x' = lambda (g - x) ------------------------------- */

/*
 * Every damper moves x toward the target by a factor a of the way, a
 * frame (Holden's lerp(x, g, a)), written x + a (g - x) so that a = 1
 * lands on g exactly; k[0] = a.
 */
static void
damper_step(const spring_sim *sim, const double *k, double *s, double t0,
    double t1)
{
	(void)t0;
	s[0] += k[0] * (sim->target + sim->target_vel * t1 - s[0]);
}

/* lerp: the same factor every frame, whatever the frame time. */
static void
lerp_prepare(const spring_sim *sim, double h, double *k)
{
	(void)h;
	k[0] = sim->factor;
}

/* lerp-dt: Holden's damper_bad, a = lambda dt (forward Euler). */
static void
lerp_dt_prepare(const spring_sim *sim, double h, double *k)
{
	k[0] = sim->rate * h;
}

/*
 * exponential: Holden's damper_exponential, a = 1 - (1 - ft lambda)^(h /
 * ft): lerp-dt as it behaves at ft, at any frame time.
 */
static void
exponential_prepare(const spring_sim *sim, double h, double *k)
{
	k[0] = 1.0 - pow(1.0 - sim->ft * sim->rate, h / sim->ft);
}

/* exact: a = 1 - e^(-lambda h), Holden's damper_exact (half-life). */
static void
damper_exact_prepare(const spring_sim *sim, double h, double *k)
{
	k[0] = sim->params.fast_exp ?
	    1.0 - spring_fast_negexp(sim->rate * h) : -expm1(-sim->rate * h);
}

static const spring_model_rule lerp_rule = {
	"lerp", "x += factor (g - x), the same factor every frame",
	"Holden, damper", 1, lerp_prepare, damper_step
};
static const spring_model_rule lerp_dt_rule = {
	"lerp-dt", "x += lambda dt (g - x): forward Euler, overshoots past "
	"lambda dt = 1, diverges past 2", "Holden, damper_bad", 1,
	lerp_dt_prepare, damper_step
};
static const spring_model_rule exponential_rule = {
	"exponential", "x += (1 - (1 - ft lambda)^(dt/ft)) (g - x): lerp-dt "
	"at ft, at any dt", "Holden, damper_exponential", 1,
	exponential_prepare, damper_step
};
static const spring_model_rule damper_exact_rule = {
	"exact", "x += (1 - e^(-lambda dt)) (g - x): the decay over the step",
	"Holden, damper_exact", 0, damper_exact_prepare, damper_step
};

/* The first is the default. */
static const spring_model_rule *const damper_rules[] = {
	&damper_exact_rule, &lerp_rule, &lerp_dt_rule, &exponential_rule, NULL
};

/*
 * The damper's exact state: with g(t) = g0 + q t, x = g - q / lambda +
 * (x0 - g0 + q / lambda) e^(-lambda t); v = x' = lambda (g - x).
 */
static void
damper_reference(const spring_sim *sim, double t, double *r)
{
	double lag = sim->target_vel / sim->rate;
	double g = sim->target + sim->target_vel * t;

	r[0] = t == 0.0 ? sim->x0 : g - lag + (sim->x0 - sim->target + lag) *
	    exp(-sim->rate * t);
	r[1] = sim->rate * (g - r[0]);
	r[2] = r[3] = 0.0;
}

/* The rate a damper's state moves at: its equation's lambda (g - x). */
static double
damper_velocity(const spring_sim *sim, const double *s, double g, double q)
{
	(void)q;
	return sim->rate * (g - s[0]);
}

static const spring_model damper_model = {
	"damper", "first order, x' = lambda (g - x): lerp, lerp-dt, "
	"exponential, exact", "Holden", 0, NULL, 0, damper_rules,
	damper_reference, damper_velocity
};

/* --- the double spring ---------------------------------------------- */

/*
 * The 4-state solution over t from s = (x, v, xi, vi), target g0 + q t,
 * both springs critical at y (xi'' = y^2 (g - xi) - 2 y xi', x'' = y^2
 * (xi - x) - 2 y x').  Offsets from the particular solutions g - 2q/y
 * (xi) and g - 4q/y (x) obey e_i = (a + b t) E, e = (c + d t + y^2 (a
 * t^2 / 2 + b t^3 / 6)) E, E = e^(-yt), with a, b, c, d from s (README,
 * double spring).  In the dimensionless time z = y t, with B = b / y =
 * ui + a and D = d / y = u + c (u, ui the velocity offsets over y),
 *
 *	e_i = (a + B z) E,	e = (c + D z + a z^2 / 2 + B z^3 / 6) E,
 *	e_i' = y (ui - B z) E,	e' = y (u + (a - c - u) z + ui z^2 / 2 -
 *				    B z^3 / 6) E
 *
 * (the derivatives' constant terms are u and ui themselves: no D - c
 * cancelling as t -> 0).  Each z^k E is formed as z (z^(k-1) E), at most
 * (k / e)^k: y^2 (past 1.3e154) and z^3 (past 5.6e102) are never formed,
 * and once E vanishes (y t past 745) the offsets are 0, not 0 times an
 * overflowed polynomial.
 */
static void
double_advance(double y, int fast, const double *s, double g0, double q,
    double t, double *out)
{
	double lag = q / y, g = g0 + q * t, z = y * t;
	double a = s[2] - (g0 - 2.0 * lag), c = s[0] - (g0 - 4.0 * lag);
	double ac = (s[2] - s[0]) - 2.0 * lag;		/* a - c */
	double ui = (s[3] - q) / y, u = (s[1] - q) / y;
	double bz = ui + a, dz = u + c;			/* B and D */
	double e = fast ? spring_fast_negexp(z) : exp(-z);
	double e1, e2, e3;

	out[0] = g - 4.0 * lag;
	out[1] = q;
	out[2] = g - 2.0 * lag;
	out[3] = q;
	if (e == 0.0)		/* y t past 745, or infinite */
		return;
	e1 = z * e;
	e2 = z * e1;
	e3 = z * e2;
	out[0] += c * e + dz * e1 + a * e2 / 2.0 + bz * e3 / 6.0;
	out[1] += y * (u * e + (ac - u) * e1 + ui * e2 / 2.0 -
	    bz * e3 / 6.0);
	out[2] += a * e + bz * e1;
	out[3] += y * (ui * e - bz * e1);
}

/* k = (y, h, e^(-yh), fast) for both double rules. */
static void
double_prepare(const spring_sim *sim, double h, double *k)
{
	k[0] = sim->rate;
	k[1] = h;
	k[2] = negexp(sim, sim->rate * h);
	k[3] = sim->params.fast_exp;
}

/*
 * Holden's simple_spring_damper_exact: a critical spring, exact toward a
 * goal g held over the step (goal velocity 0): j0 = x - g, j1 = v + j0 y,
 * x = E (j0 + j1 h) + g, v = E (v - j1 y h).
 */
static void
simple_critical(double y, double h, double e, double *x, double *v, double g)
{
	double j0 = *x - g;

	critical_offset(y, h, e, &j0, v);
	*x = j0 + g;
}

/* series: xi toward the target, then x toward the new xi (Holden). */
static void
series_step(const spring_sim *sim, const double *k, double *s, double t0,
    double t1)
{
	double g1 = sim->target + sim->target_vel * t1;

	(void)t0;
	simple_critical(k[0], k[1], k[2], &s[2], &s[3], g1);
	simple_critical(k[0], k[1], k[2], &s[0], &s[1], s[2]);
}

/* exact: the 4-state solution over the step, the target's line g1, q1. */
static void
double_exact_step(const spring_sim *sim, const double *k, double *s,
    double t0, double t1)
{
	double out[4], q = sim->target_vel;

	(void)t1;
	double_advance(k[0], k[3] != 0.0, s, sim->target + q * t0, q, k[1],
	    out);
	memcpy(s, out, sizeof(out));
}

static const spring_model_rule series_rule = {
	"series", "xi exact toward the goal held over the step, then x "
	"toward the new xi", "Holden, double_spring_damper_exact", 1,
	double_prepare, series_step
};
static const spring_model_rule double_exact_rule = {
	"exact", "the 4-state solution over the step (equals the reference)",
	"springsim", 0, double_prepare, double_exact_step
};

static const spring_model_rule *const double_rules[] = {
	&series_rule, &double_exact_rule, NULL
};

/* The double spring's exact state at t. */
static void
double_reference(const spring_sim *sim, double t, double *r)
{
	const double s[4] = { sim->x0, sim->v0, sim->xi0, sim->vi0 };

	if (t == 0.0)
		memcpy(r, s, sizeof(s));
	else
		double_advance(sim->rate, 0, s, sim->target, sim->target_vel, t,
		    r);
}

/* The double spring shows its own v. */
static double
double_velocity(const spring_sim *sim, const double *s, double g, double q)
{
	(void)sim;
	(void)g;
	(void)q;
	return s[1];
}

static const spring_model double_model = {
	"double", "two critical springs in series (an S-curve): series, "
	"exact", "Holden", 4, "xi,vi,xi_ref,vi_ref", 0, double_rules,
	double_reference, double_velocity
};


/* --- the timed and velocity springs --------------------------------- */

/*
 * The look-ahead goal both follow (Holden): xi moves linearly from x0 to
 * the target G, reaching it at T (timed: --t-goal; velocity: |G - x0| /
 * V), and the spring chases xi's position tau = apprehension H ahead:
 * gf(t) = a + b t until tk = T - tau, G after.  With tk <= 0 the goal is
 * G from the start.
 */
static void
lookahead(const spring_sim *sim, double *a, double *b, double *tk,
    double *t_end)
{
	double g = sim->target, x0 = sim->x0;
	double tau = sim->apprehension * 2.0 * LN2 / sim->rate;

	if (sim->model == spring_model_timed) {
		*t_end = sim->t_goal;
		*b = (g - x0) / sim->t_goal;
	} else {
		*t_end = fabs(g - x0) / sim->v_goal;
		*b = g > x0 ? sim->v_goal : g < x0 ? -sim->v_goal : 0.0;
	}
	*tk = *t_end - tau;
	*a = x0 + *b * tau;
}

/*
 * The critical spring y, fed no goal velocity, from (x, v) over t toward
 * the goal a + b t (b = 0: a held): the particular solution a + b t -
 * 2 b / y plus the propagated offset.
 */
static void
critical_toward_line(double y, double x, double v, double a, double b,
    double t, double *out)
{
	spring_mat2 phi;
	double e = x - (a - 2.0 * b / y), de = v - b;

	spring_propagator(y, 1.0, t, &phi);
	out[0] = a + b * t - 2.0 * b / y + (phi.a * e + phi.b * de);
	out[1] = b + (phi.c * e + phi.d * de);
}

/* The timed or velocity spring's exact state at t; xi as Holden's. */
static void
lookahead_reference(const spring_sim *sim, double t, double *r)
{
	double a, b, tk, t_end, mid[2];

	lookahead(sim, &a, &b, &tk, &t_end);
	if (t == 0.0) {
		r[0] = sim->x0;
		r[1] = sim->v0;
	} else if (tk <= 0.0)
		critical_toward_line(sim->rate, sim->x0, sim->v0, sim->target,
		    0.0, t, r);
	else if (t <= tk)
		critical_toward_line(sim->rate, sim->x0, sim->v0, a, b, t, r);
	else {
		critical_toward_line(sim->rate, sim->x0, sim->v0, a, b, tk,
		    mid);
		critical_toward_line(sim->rate, mid[0], mid[1], sim->target,
		    0.0, t - tk, r);
	}
	r[2] = t < t_end ? sim->x0 + b * t : sim->target;
	r[3] = 0.0;
}

/* k = (y, h, e^(-yh), tau) for the look-ahead springs. */
static void
lookahead_prepare(const spring_sim *sim, double h, double *k)
{
	k[0] = sim->rate;
	k[1] = h;
	k[2] = negexp(sim, sim->rate * h);
	k[3] = sim->apprehension * 2.0 * LN2 / sim->rate;
}

/*
 * Holden's timed_spring_damper_exact: xi's velocity toward the goal so
 * as to arrive in the time left (at least a frame), the spring toward
 * xi's position h + tau ahead (the goal once that is past T).
 */
static void
timed_step(const spring_sim *sim, const double *k, double *s, double t0,
    double t1)
{
	double h = k[1], left = sim->t_goal - t0;
	double vg = (sim->target - s[2]) / (left > h ? left : h);
	double ahead = h + k[3];
	double gf = ahead < left ? s[2] + vg * ahead : sim->target;

	(void)t1;
	simple_critical(k[0], h, k[2], &s[0], &s[1], gf);
	s[2] += vg * h;
}

/*
 * Holden's velocity_spring_damper_exact: xi toward the goal at V, the
 * spring toward xi's position h + tau ahead (the goal once within reach).
 */
static void
velocity_step(const spring_sim *sim, const double *k, double *s, double t0,
    double t1)
{
	double h = k[1], d = sim->target - s[2], vg = sim->v_goal;
	double step = (d > 0.0 ? 1.0 : -1.0) * vg, ahead = h + k[3];
	double gf = fabs(d) > ahead * vg ? s[2] + step * ahead : sim->target;

	(void)t0;
	(void)t1;
	simple_critical(k[0], h, k[2], &s[0], &s[1], gf);
	s[2] = fabs(d) > h * vg ? s[2] + step * h : sim->target;
}

static const spring_model_rule timed_rule = {
	"holden", "the critical spring toward xi, tau ahead, goal held over "
	"the step", "Holden, timed_spring_damper_exact", 1,
	lookahead_prepare, timed_step
};
static const spring_model_rule velocity_rule = {
	"holden", "the critical spring toward xi, tau ahead, goal held over "
	"the step", "Holden, velocity_spring_damper_exact", 1,
	lookahead_prepare, velocity_step
};
static const spring_model_rule *const timed_rules[] = { &timed_rule, NULL };
static const spring_model_rule *const velocity_rules[] = {
	&velocity_rule, NULL
};

static const spring_model timed_model = {
	"timed", "reach the target near t_goal: a critical spring "
	"tracking a linear xi ahead", "Holden", 2, "xi,xi_ref", 0,
	timed_rules, lookahead_reference, double_velocity
};
static const spring_model velocity_model = {
	"velocity", "approach the target at v_goal: a critical spring "
	"tracking xi ahead", "Holden", 2, "xi,xi_ref", 0, velocity_rules,
	lookahead_reference, double_velocity
};

/* --- the character predictor ---------------------------------------- */

/*
 * x W(x) = (1 - e^-x (1 + x)) / x, W the position integral's weight of
 * the acceleration term (1 - e^-x (1 + x)) / x^2: by its series below
 * 0.5, where the closed form cancels (x times the sum over n >= 2 of
 * (-1)^n (n - 1) x^(n-2) / n!).  x W rather than W: at x = 1e200, W
 * underflows while x W = 1e-200 still carries the position's scale.
 */
static double
integral_weight_x(double x)
{
	double sum = 0.0, term = 0.5, e;	/* n = 2: 1 / 2 */
	int n;

	if (x >= 0.5) {
		e = exp(-x);
		return (-expm1(-x) - (e > 0.0 ? x * e : 0.0)) / x;
	}
	for (n = 2; n < 40 && fabs(term) > 1e-18 * fabs(sum); n++) {
		sum += term;
		/* from (n - 1) x^(n-2) / n! to n x^(n-1) / (n + 1)! */
		term *= -x * (double)n / ((double)(n - 1) * (double)(n + 1));
	}
	return x * sum;
}

/*
 * The predictor's exact state after t from s = (p, v, a): the velocity
 * is a critical spring toward vg (y), the position its integral,
 * p + vg t + j0 (1 - E) / y + j1 t^2 W(yt), j0 = v - vg, j1 = a + j0 y,
 * E = e^(-yt), W as above; no cancellation at small y t.  With x = y t
 * and J = j1 / y, j1 t^2 W = J t (x W): nothing overflows at large y.
 */
static void
predict_advance(double y, double vg, const double *s, double t, double *out)
{
	double j0 = s[1] - vg, x = y * t, j = s[2] / y + j0;
	double v = j0, a = s[2];

	out[0] = s[0] + vg * t + j0 * t * (x > 0.0 ? -expm1(-x) / x : 1.0) +
	    j * t * integral_weight_x(x);
	critical_offset(y, t, exp(-x), &v, &a);
	out[1] = v + vg;
	out[2] = a;
	out[3] = 0.0;
}

/* k = (y, h, e^(-yh)). */
static void
predict_prepare(const spring_sim *sim, double h, double *k)
{
	k[0] = sim->rate;
	k[1] = h;
	k[2] = negexp(sim, sim->rate * h);
}

/*
 * Holden's spring_character_update, as he writes it: the position from
 * E (-j1 / y^2 + (-j0 - j1 h) / y) + j1 / y^2 + j0 / y + vg h + p,
 * terms that cancel as y h shrinks.
 */
static void
holden_predict_step(const spring_sim *sim, const double *k, double *s,
    double t0, double t1)
{
	double y = k[0], h = k[1], e = k[2], vg = sim->v_goal;
	double j0 = s[1] - vg, j1 = s[2] + j0 * y;

	(void)t0;
	(void)t1;
	s[0] = e * ((-j1) / (y * y) + (-j0 - j1 * h) / y) + j1 / (y * y) +
	    j0 / y + vg * h + s[0];
	/* the velocity as the spring's exact step: his j1 y h overflows */
	critical_offset(y, h, e, &j0, &s[2]);
	s[1] = j0 + vg;
}

/* The same update with the integral written without cancellation. */
static void
exact_predict_step(const spring_sim *sim, const double *k, double *s,
    double t0, double t1)
{
	double out[4];

	(void)t0;
	(void)t1;
	predict_advance(k[0], sim->v_goal, s, k[1], out);
	memcpy(s, out, 3 * sizeof(double));
}

/* What game code often does: the spring exact, p += v_new h. */
static void
euler_predict_step(const spring_sim *sim, const double *k, double *s,
    double t0, double t1)
{
	double j0 = s[1] - sim->v_goal;

	(void)t0;
	(void)t1;
	critical_offset(k[0], k[1], k[2], &j0, &s[2]);
	s[1] = j0 + sim->v_goal;
	s[0] += s[1] * k[1];
}

static const spring_model_rule holden_predict_rule = {
	"holden", "the exact spring and its integral, as Holden writes them",
	"Holden, spring_character_update", 0, predict_prepare,
	holden_predict_step
};
static const spring_model_rule exact_predict_rule = {
	"exact", "the same, the integral written without cancellation",
	"springsim", 0, predict_prepare, exact_predict_step
};
static const spring_model_rule euler_predict_rule = {
	"euler", "the exact spring on v, then x += v_new dt", "game code", 1,
	predict_prepare, euler_predict_step
};
static const spring_model_rule *const predict_rules[] = {
	&holden_predict_rule, &exact_predict_rule, &euler_predict_rule, NULL
};

/* The predictor's exact state at t. */
static void
predict_reference(const spring_sim *sim, double t, double *r)
{
	const double s[4] = { sim->x0, sim->v0, sim->xi0, 0.0 };

	if (t == 0.0)
		memcpy(r, s, sizeof(s));
	else
		predict_advance(sim->rate, sim->v_goal, s, t, r);
}

static const spring_model predict_model = {
	"predict", "a critical spring on the velocity toward v_goal, x "
	"its exact integral", "Holden", 2, "a,a_ref", 0, predict_rules,
	predict_reference, double_velocity
};

/* --- inertialization ------------------------------------------------ */

/* A source's value and velocity at t. */
static void
source_at(const spring_signal *sig, double t, double *x, double *v)
{
	spring_signal_at(sig, t, x, v);
}

/* k = (y, h, e^(-yh)) as for the predictor. */

/*
 * Holden's inertialize_transition and inertialize_update, frame by frame:
 * s = (x, v, a(t), b(t), off_x, off_v).  The switch happens at the end of
 * the first frame that reaches switch_at: the offset is what keeps the
 * output where source a had it, (a + off) - b, in position and velocity;
 * after it, decay_spring_damper_exact takes the offset toward zero over
 * each step and the output is b + off.
 */
static void
inertialize_step(const spring_sim *sim, const double *k, double *s,
    double t0, double t1)
{
	double ax, av, bx, bv, y = k[0], h = k[1], e = k[2];

	source_at(sim->source_a, t1, &ax, &av);
	source_at(sim->source_b, t1, &bx, &bv);
	s[2] = ax;
	s[3] = bx;
	if (t1 < sim->switch_at * (1.0 - 1e-12)) {
		s[0] = ax;
		s[1] = av;
		return;
	}
	if (t0 < sim->switch_at * (1.0 - 1e-12)) {
		/* the transition: from a to b, the offset keeps the output */
		s[4] = ax - bx;
		s[5] = av - bv;
	} else
		simple_critical(y, h, e, &s[4], &s[5], 0.0);
	s[0] = bx + s[4];
	s[1] = bv + s[5];
}

/*
 * The exact output: a before switch_at, then b plus the offset a - b at
 * switch_at (position and velocity) decayed by the critical spring y
 * (the propagator: Holden's j1 y overflows past y = 1e154 or so).
 */
static void
inertialize_reference(const spring_sim *sim, double t, double *r)
{
	spring_mat2 phi;
	double ax, av, bx, bv, sa, sav, sb, sbv;

	source_at(sim->source_a, t, &ax, &av);
	source_at(sim->source_b, t, &bx, &bv);
	r[2] = bx;	/* shown as source_b: the second column */
	r[3] = 0.0;
	if (t < sim->switch_at) {
		r[0] = ax;
		r[1] = av;
		return;
	}
	source_at(sim->source_a, sim->switch_at, &sa, &sav);
	source_at(sim->source_b, sim->switch_at, &sb, &sbv);
	spring_propagator(sim->rate, 1.0, t - sim->switch_at, &phi);
	r[0] = bx + (phi.a * (sa - sb) + phi.b * (sav - sbv));
	r[1] = bv + (phi.c * (sa - sb) + phi.d * (sav - sbv));
}

static const spring_model_rule inertialize_rule = {
	"exact", "the offset decayed by the critical spring over each step",
	"Holden, inertialize_update", 0, predict_prepare, inertialize_step
};
static const spring_model_rule *const inertialize_rules[] = {
	&inertialize_rule, NULL
};

static const spring_model inertialize_model = {
	"inertialize", "switch from source_a to source_b at switch_at, "
	"the offset decayed by a critical spring", "Holden", 2,
	"source_a,source_b", 0, inertialize_rules, inertialize_reference,
	double_velocity
};

/* --- the tables ----------------------------------------------------- */

const spring_model *const spring_model_damper = &damper_model;
const spring_model *const spring_model_double = &double_model;
const spring_model *const spring_model_timed = &timed_model;
const spring_model *const spring_model_velocity = &velocity_model;
const spring_model *const spring_model_predict = &predict_model;
const spring_model *const spring_model_inertialize = &inertialize_model;
const spring_model *const spring_models[] = {
	&damper_model, &double_model, &timed_model, &velocity_model,
	&predict_model, &inertialize_model, NULL
};

/* A model by name, or NULL. */
const spring_model *
spring_model_find(const char *name)
{
	const spring_model *const *m;

	for (m = spring_models; *m != NULL; m++)
		if (strcmp((*m)->name, name) == 0)
			return *m;
	return NULL;
}

/* One of a model's rules by name, or NULL. */
const spring_model_rule *
spring_model_rule_find(const spring_model *m, const char *name)
{
	const spring_model_rule *const *r;

	for (r = m->rules; *r != NULL; r++)
		if (strcmp((*r)->name, name) == 0)
			return *r;
	return NULL;
}

/* --- the run -------------------------------------------------------- */

/* Fill a row from the state, the target and the reference at t. */
static void
model_row(const spring_sim *sim, double t, const double *s, spring_row *row)
{
	double r[4];

	row->t = t;
	row->q = sim->target_vel;
	row->g = sim->target + sim->target_vel * t;
	sim->model->reference(sim, t, r);
	row->x = s[0];
	row->v = sim->model->velocity(sim, s, row->g, row->q);
	row->xi = s[2];
	row->vi = s[3];
	row->x_ref = r[0];
	row->v_ref = r[1];
	row->xi_ref = r[2];
	row->vi_ref = r[3];
}

/*
 * Run a model (spring_simulate hands it over): frames from the clock,
 * one step of the model's rule a frame.  Same contract as
 * spring_simulate; energy_drift is NaN (it is the damped spring's).
 */
int
spring_model_simulate(const spring_sim *sim, spring_row_fn emit, void *ctx,
    spring_metrics *m, spring_frame_stats *fs)
{
	spring_schedule constant;
	spring_clock clk;
	spring_metrics_acc acc;
	spring_params p = sim->params;
	spring_row row;
	double s[6] = { sim->x0, sim->v0, sim->xi0, sim->vi0, 0.0, 0.0 };
	double k[8], k_h = -1.0, frame_dt, wall, prev = 0.0, limit;
	double end = sim->duration * (1.0 - 1e-9);
	long n, frames = sim->frames, diverged = -1;
	int rc = 0;

	memset(&constant, 0, sizeof(constant));
	constant.dt = sim->dt;
	spring_clock_init(&clk, sim->schedule != NULL ? sim->schedule :
	    &constant);
	/* the metrics' scales: omega is the model's rate */
	p.omega = sim->rate;
	p.zeta = 1.0;
	model_row(sim, 0.0, s, &row);
	limit = SPRING_DIVERGE_FACTOR * (fabs(sim->x0 - row.g) +
	    fabs(row.v - row.q) / sim->rate + 1.0);
	spring_metrics_begin(&acc, &p, &row);
	if (emit != NULL && (rc = emit(ctx, &row, 0.0)) != 0)
		goto done;
	if (frames == 0 && sim->schedule == NULL)
		frames = spring_frame_count(sim->duration, sim->dt);
	for (n = 1; frames == 0 || n <= frames; n++) {
		if (!spring_clock_next(&clk, &frame_dt, &wall))
			break;
		if (frame_dt != k_h) {
			sim->mrule->prepare(sim, frame_dt, k);
			k_h = frame_dt;
		}
		sim->mrule->step(sim, k, s, prev, wall);
		prev = wall;
		model_row(sim, wall, s, &row);
		if (!(fabs(row.x - row.g) <= limit) || !isfinite(row.v) ||
		    !isfinite(row.xi) || !isfinite(row.vi)) {
			diverged = n;
			break;
		}
		metrics_add(&acc, &row);
		if (emit != NULL && (rc = emit(ctx, &row, frame_dt)) != 0)
			break;
		if (frames == 0 && wall >= end)
			break;
	}
	n = diverged >= 0 ? diverged - 1 : acc.rows - 1;
	if (fs != NULL) {
		memset(fs, 0, sizeof(*fs));
		fs->frames = fs->substeps = n;
		fs->max_substeps_frame = n > 0;
	}
done:
	spring_metrics_end(&acc, m);
	if (!sim->model->energy)
		m->energy_drift = NAN;
	m->diverged = diverged >= 0;
	m->diverged_frame = diverged;
	return rc;
}

/*
 * spring_sample_at for a model (sim.c hands it over): x at each time of
 * tq, frame by frame, and between frames a copy of the state stepped by
 * the rule over the part of the frame (never an interpolation).
 */
long
spring_model_sample_at(const spring_sim *sim, const double *tq, long nq,
    double *xq)
{
	spring_schedule constant;
	spring_clock clk;
	double s[6] = { sim->x0, sim->v0, sim->xi0, sim->vi0, 0.0, 0.0 };
	double probe[6];
	double k[8], frame_dt, wall, prev = 0.0;
	long i = 0;

	memset(&constant, 0, sizeof(constant));
	constant.dt = sim->dt;
	spring_clock_init(&clk, sim->schedule != NULL ? sim->schedule :
	    &constant);
	while (i < nq && tq[i] <= 0.0)
		xq[i++] = sim->x0;
	while (i < nq && spring_clock_next(&clk, &frame_dt, &wall)) {
		double tol = 1e-9 * frame_dt;

		for (; i < nq && tq[i] < wall - tol; i++) {
			memcpy(probe, s, sizeof(s));
			sim->mrule->prepare(sim, tq[i] - prev, k);
			sim->mrule->step(sim, k, probe, prev, tq[i]);
			xq[i] = probe[0];
		}
		sim->mrule->prepare(sim, frame_dt, k);
		sim->mrule->step(sim, k, s, prev, wall);
		for (; i < nq && tq[i] <= wall + tol; i++)
			xq[i] = s[0];
		prev = wall;
	}
	return i;
}

/*
 * Holden's spring_character_predict: the state at t = i dt, i = 0 ..
 * horizon / dt, each by one step of the rule over i dt from the initial
 * state (never frame by frame), beside the reference; rows to emit.
 * Returns 0 or what emit returned.
 */
int
spring_predict_horizon(const spring_sim *sim, double horizon,
    spring_row_fn emit, void *ctx)
{
	double s[6], k[8], t;
	spring_row row;
	long i, n = spring_frame_count(horizon, sim->dt);
	int rc;

	for (i = 0; i <= n; i++) {
		t = (double)i * sim->dt;
		s[0] = sim->x0;
		s[1] = sim->v0;
		s[2] = sim->xi0;
		s[3] = sim->vi0;
		s[4] = s[5] = 0.0;
		if (i > 0) {
			sim->mrule->prepare(sim, t, k);
			sim->mrule->step(sim, k, s, 0.0, t);
		}
		model_row(sim, t, s, &row);
		if ((rc = emit(ctx, &row, i > 0 ? sim->dt : 0.0)) != 0)
			return rc;
	}
	return 0;
}
