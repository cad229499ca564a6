/*
 * resonance.c - the spring driven by a sine target: its steady state in
 * closed form, where its energy and amplitudes peak, Holden's prediction,
 * and the mean energy of a simulated run (springsim resonance).
 *
 * The spring fed the target g = A sin(W t) and the velocity kappa q,
 * q = g' (kappa 1 when the rules are fed the signal's velocity or its
 * difference quotient, 0 when fed zero), obeys
 *	x'' + c x' + w0^2 x = w0^2 g + c kappa q,	c = 2 zeta w0,
 * so its steady state is A |H| sin(W t + arg H) with
 *	H(W) = (w0^2 + i kappa c W) / (w0^2 - W^2 + i c W).
 * Holden ("Spring-It-On", section "Resonance") measures a spring's energy
 * as (v^2 + s x^2) / 2 relative to a rest state, s = w0^2 per unit mass.
 * Here the rest state is the spring's steady state under the base line
 * alone (the target without the sine), so over one drive period the mean
 * of his measure in the steady state is
 *	E(W) = A^2 |H|^2 (W^2 + w0^2) / 4.
 * With u = (W / w0)^2, a = 4 zeta^2 and b = kappa^2 a,
 *	E = (A^2 w0^2 / 4) f(u),  f(u) = (1 + u) (1 + b u) / ((1 - u)^2 + a u),
 * and f'(u) has the sign of (ab - 3b - 1) u^2 + 2 (b - 1) u + (3 + b - a).
 * For kappa = 0 the peak is at u = 2 sqrt(1 - zeta^2) - 1 (zeta <
 * sqrt(3) / 2; beyond, E falls from W = 0 on); for kappa = 1 at
 * u = 3 / (1 - a + sqrt((4 - a) (1 + 2a))) (zeta < 0.9087, where
 * a^2 - 3a - 1 = 0; beyond, E rises toward its limit A^2 c^2 / 4 as
 * W -> inf).  The displacement amplitude |H| peaks where
 * b u^2 + 2u - (2 + b - a) = 0 (kappa 0: u = 1 - 2 zeta^2, the textbook
 * sqrt(w0^2 - 2 gamma^2), gamma = zeta w0), the velocity amplitude W |H|
 * where (ab - 2b - 1) u^2 + 2b u + 1 = 0 (kappa 0: u = 1, W = w0).
 *
 * Holden's resonant_frequency gives, for a goal frequency W, the spring of
 * stiffness s = W^2 - d^2 / 4 (d = 2 gamma = 2 zeta w0 his damping): so by
 * his formula a spring (w0, d) resonates at W_H = sqrt(w0^2 + d^2 / 4) =
 * w0 sqrt(1 + zeta^2), above w0.  The sign is the wrong way round for
 * the damped natural frequency he means (sqrt(w0^2 - d^2 / 4), below w0:
 * the spring that rings at W has s = W^2 + d^2 / 4), and the energy peaks
 * below w0 too.  Against the energy peak: for kappa = 0, exactly
 *	W_H^2 - W_E^2 = w0^2 (2 + zeta^2 - 2 sqrt(1 - zeta^2))
 *		      ~ 2 zeta^2 w0^2;
 * for kappa = 1, u_E = 1 - zeta^2 + O(zeta^4), so again
 *	W_H^2 - W_E^2 ~ 2 zeta^2 w0^2:
 * Holden's frequency is high by about zeta^2 (1 % at zeta 0.1, 7 % at 0.3).
 */
#include <math.h>
#include <stddef.h>

#include "spring.h"

/* |H|^2 in the variables of the peak search (w0 = 1, u = W^2). */
static double
gain2_u(double a, double b, double u)
{
	double m = 1.0 - u;

	return (1.0 + b * u) / (m * m + a * u);
}

/*
 * The measures whose peaks are searched: f(u) = weight(u) |H|^2, the
 * coefficients of the quadratic that has the sign of f'(u), and f at
 * u -> inf.  Written out by hand in the comment at the top.
 */
static double
measure_f(int measure, double a, double b, double u)
{
	double w = measure == SPRING_RES_ENERGY ? 1.0 + u :
	    measure == SPRING_RES_VELOCITY ? u : 1.0;

	return w * gain2_u(a, b, u);
}

/* The sign of f'(u) as p u^2 + q u + r, and f at u -> inf. */
static void
measure_quadratic(int measure, double a, double b, double *p, double *q,
    double *r, double *f_inf)
{
	switch (measure) {
	case SPRING_RES_ENERGY:
		*p = a * b - 3.0 * b - 1.0;
		*q = 2.0 * (b - 1.0);
		*r = 3.0 + b - a;
		*f_inf = b;
		break;
	case SPRING_RES_VELOCITY:
		*p = a * b - 2.0 * b - 1.0;
		*q = 2.0 * b;
		*r = 1.0;
		*f_inf = b;
		break;
	default:
		*p = -b;
		*q = -2.0;
		*r = 2.0 + b - a;
		*f_inf = 0.0;
		break;
	}
}

/* See spring.h. */
double
spring_resonance_gain(double omega, double zeta, double kappa, double w)
{
	double w2 = omega * omega, c = 2.0 * zeta * omega;

	/* w0^2 - W^2 as a product: no cancellation near resonance */
	return hypot(w2, kappa * c * w) / hypot((omega - w) * (omega + w),
	    c * w);
}

/* See spring.h. */
double
spring_resonance_energy(double omega, double zeta, double kappa, double amp,
    double w)
{
	double h = amp * spring_resonance_gain(omega, zeta, kappa, w);

	return 0.25 * h * h * (w * w + omega * omega);
}

/*
 * See spring.h.  The candidates are u = 0, the positive roots of the
 * quadratic and u -> inf; the largest f wins (a root, in a tie).  The
 * roots by the form that does not cancel: q' = -(q + sign(q) sqrt(disc))
 * / 2, roots q' / p and r / q'.
 */
double
spring_resonance_peak(double omega, double zeta, double kappa, int measure)
{
	double a = 4.0 * zeta * zeta, b = kappa * kappa * a;
	double p, q, r, f_inf, disc, qq, root[2], best_u, best_f, f;
	int n = 0, i;

	measure_quadratic(measure, a, b, &p, &q, &r, &f_inf);
	if (p == 0.0) {
		if (q != 0.0)
			root[n++] = -r / q;
	} else if ((disc = q * q - 4.0 * p * r) >= 0.0) {
		qq = -0.5 * (q + copysign(sqrt(disc), q));
		if (qq != 0.0) {
			root[n++] = qq / p;
			root[n++] = r / qq;
		} else
			root[n++] = 0.0;
	}
	best_u = 0.0;
	best_f = measure_f(measure, a, b, 0.0);
	for (i = 0; i < n; i++) {
		if (!(root[i] > 0.0))
			continue;
		f = measure_f(measure, a, b, root[i]);
		if (f >= best_f) {
			best_f = f;
			best_u = root[i];
		}
	}
	if (f_inf > best_f)
		return INFINITY;
	return omega * sqrt(best_u);
}

/* See spring.h: sqrt(omega^2 + d^2 / 4), d = 2 zeta omega, without overflow. */
double
spring_resonance_holden(double omega, double zeta)
{
	return hypot(omega, zeta * omega);
}

/* See spring.h. */
double
spring_parabola_vertex(const double x[3], const double y[3])
{
	double d0 = x[1] - x[0], d2 = x[1] - x[2];
	double num = d0 * d0 * (y[1] - y[2]) - d2 * d2 * (y[1] - y[0]);
	double den = d0 * (y[1] - y[2]) - d2 * (y[1] - y[0]);

	if (!(den != 0.0) || !isfinite(num / den))
		return x[1];
	return x[1] - 0.5 * num / den;
}

/*
 * See spring.h.  The slowest transient of the exact spring decays as
 * e^(-rate t): rate = zeta omega up to critical, omega (zeta - sqrt(zeta^2
 * - 1)) = omega / (zeta + sqrt(zeta^2 - 1)) beyond (the second form does
 * not cancel); the settling time takes it down by 1e-6.
 */
double
spring_resonance_settle(double omega, double zeta)
{
	double rate = zeta <= 1.0 ? zeta * omega :
	    omega / (zeta + sqrt((zeta - 1.0) * (zeta + 1.0)));

	return rate > 0.0 ? log(1e6) / rate : INFINITY;
}

/* What the run's rows add up to. */
struct energy_acc {
	double t0, t1;
	double g0, q0, lag;	/* the rest state: g0 + q0 t - lag, q0 */
	double w2;
	double sum, weight;
};

/* Add a row inside the window, weighted by its frame (spring_row_fn). */
static int
energy_row(void *ctx, const spring_row *r, double dt)
{
	struct energy_acc *e = ctx;
	double ex, ev;

	if (r->t < e->t0 || r->t >= e->t1)
		return 0;
	ex = r->x - (e->g0 + e->q0 * r->t - e->lag);
	ev = r->v - e->q0;
	e->sum += dt * 0.5 * (ev * ev + e->w2 * ex * ex);
	e->weight += dt;
	return 0;
}

/*
 * See spring.h.  The rest state is the steady state on the base line
 * g0 + q0 t fed kappa q0: x = g0 + q0 t - (1 - kappa) (2 zeta / omega) q0
 * (the basic spring's lag), v = q0.
 */
int
spring_resonance_mean_energy(const spring_sim *sim, double t0, double t1,
    double *energy, spring_metrics *m, spring_frame_stats *fs)
{
	struct energy_acc e;
	spring_metrics own;
	const spring_signal *sig = sim->signal;
	double kappa = sim->vel_source == SPRING_VEL_ZERO ? 0.0 : 1.0;

	e.t0 = t0;
	e.t1 = t1;
	e.g0 = sig != NULL ? sig->g0 : sim->target;
	e.q0 = sig != NULL ? sig->q0 : sim->target_vel;
	e.lag = (1.0 - kappa) * 2.0 * sim->params.zeta / sim->params.omega *
	    e.q0;
	e.w2 = sim->params.omega * sim->params.omega;
	e.sum = e.weight = 0.0;
	if (m == NULL)
		m = &own;
	spring_simulate(sim, energy_row, &e, m, fs);
	if (m->diverged || !(e.weight > 0.0)) {
		*energy = NAN;
		return -1;
	}
	*energy = e.sum / e.weight;
	return 0;
}
