/*
 * sigref.c - the exact reference for a target signal.
 *
 * The spring fed the target g and a velocity kappa q obeys
 *	x'' + 2 zeta omega x' + omega^2 x = omega^2 g + 2 zeta omega kappa q.
 * On a piece where g = g_a + s u and q = q_a + r u (u the time into the
 * piece), a particular solution is linear: x_p = g + c (kappa q - beta)
 * with beta = s + c kappa r its slope and c = 2 zeta / omega (check:
 * 2 zeta omega beta + omega^2 x_p = omega^2 g + 2 zeta omega kappa q).
 * So the offset (x - x_p, v - beta) is the homogeneous oscillator: the
 * exact propagator (exact.c) carries it over the piece, and at a
 * breakpoint x and v stay continuous while x_p and beta change - a step
 * target jumps g, not the spring.  With kappa = 0 a ramp of slope s is
 * followed at x_p = g - 2 zeta s / omega: the lag of the basic spring.
 *
 * For a sine g = A sin(W t) (on the base line) the steady state is
 * A |H| sin(W t + arg H), H = (omega^2 + 2i kappa zeta omega W) /
 * (omega^2 - W^2 + 2i zeta omega W), plus the transient from the initial
 * state; at resonance (zeta = 0, W = omega) the particular solution is
 * the secular -(A omega t / 2) cos(omega t).
 */
#include <math.h>

#include "spring.h"

#define TWO_PI 6.283185307179586476925286766559

/* The particular solution's position and velocity at t on the piece. */
static void
particular(const spring_sigref *r, double t, double *x, double *v)
{
	const spring_piece *p = &r->piece;
	double c = 2.0 * r->zeta / r->omega;
	double u = t - spring_piece_ref(p);
	double beta = p->s + c * r->kappa * p->r;

	*x = p->g + p->s * u + c * (r->kappa * (p->q + p->r * u) - beta);
	*v = beta;
}

/* The sine's particular solution at t (the base line's included). */
static void
particular_sine(const spring_sigref *r, double t, double *x, double *v)
{
	const spring_signal *s = r->sig;
	double w = TWO_PI / s->period, c = 2.0 * r->zeta / r->omega;

	/* the base line g0 + q0 t, fed kappa q0 */
	*x = s->g0 + s->q0 * t + c * (r->kappa * s->q0 - s->q0);
	*v = s->q0;
	if (r->resonant) {
		double wt = r->omega * t;	/* omega^2 never formed */

		*x += -0.5 * s->amp * wt * cos(wt);
		*v += 0.5 * s->amp * r->omega * (wt * sin(wt) - cos(wt));
		return;
	}
	*x += r->amp_x * sin(w * t + r->phase);
	*v += r->amp_x * w * cos(w * t + r->phase);
}

/*
 * The sine's steady-state gain A |H| and phase arg H, H = (omega^2 +
 * 2i kappa zeta omega W) / (omega^2 - W^2 + 2i zeta omega W), written in
 * the ratio of the slower frequency to the faster, so that neither
 * omega^2 nor W^2 (past 1.3e154) nor zeta omega W is formed: at W =
 * 6e300 rad/s (a period of 1e-300 s) they overflowed and H was inf / inf.
 * Below omega, rho = W / omega: H = (1 + 2i kappa zeta rho) / ((1 -
 * rho)(1 + rho) + 2i zeta rho); above, s = omega / W: the same over s^2,
 * H = s (s + 2i kappa zeta) / ((s - 1)(s + 1) + 2i zeta s), whose
 * numerator's phase is that of s + 2i kappa zeta.  Resonance (zeta = 0,
 * rho = 1) has no steady state: 1 is returned.
 */
static int
sine_gain(double omega, double zeta, double kappa, double w, double amp,
    double *gain, double *phase)
{
	double rho, dre, dim, nre, nim, scale = 1.0;

	if (w <= omega) {
		rho = w / omega;
		nre = 1.0;
		nim = 2.0 * kappa * zeta * rho;
	} else {
		rho = omega / w;
		scale = rho;
		nre = rho;
		nim = 2.0 * kappa * zeta;
	}
	dre = (rho - 1.0) * (rho + 1.0) * (w <= omega ? -1.0 : 1.0);
	dim = 2.0 * zeta * rho;
	if (dre == 0.0 && dim == 0.0)
		return 1;
	*gain = amp * scale * (hypot(nre, nim) / hypot(dre, dim));
	*phase = atan2(nim, nre) - atan2(dim, dre);
	return 0;
}

/* Start at (x0, v0) at t = 0. */
void
spring_sigref_init(spring_sigref *r, const spring_params *p, double x0,
    double v0, const spring_signal *sig, int vel_source)
{
	double xp, vp;

	r->sig = sig;
	r->omega = p->omega;
	r->zeta = p->zeta;
	r->kappa = vel_source == SPRING_VEL_ZERO ? 0.0 : 1.0;
	r->x0 = x0;
	r->v0 = v0;
	r->ta = 0.0;
	r->resonant = 0;
	if (sig->kind == SPRING_SIGNAL_SINE) {
		r->resonant = sine_gain(p->omega, p->zeta, r->kappa,
		    TWO_PI / sig->period, sig->amp, &r->amp_x, &r->phase);
		particular_sine(r, 0.0, &xp, &vp);
	} else {
		spring_signal_piece(sig, 0.0, &r->piece);
		particular(r, 0.0, &xp, &vp);
	}
	r->e = x0 - xp;
	r->de = v0 - vp;
}

/*
 * The exact state at t (not before the last t asked for, for a
 * piecewise signal): carry the offset across each breakpoint up to t.
 */
void
spring_sigref_at(spring_sigref *r, double t, spring_state *out)
{
	spring_mat2 phi;
	double xp, vp, e, de;

	if (t == 0.0) {
		out->x = r->x0;
		out->v = r->v0;
		return;
	}
	if (r->sig->kind == SPRING_SIGNAL_SINE) {
		particular_sine(r, t, &xp, &vp);
		spring_propagator(r->omega, r->zeta, t, &phi);
		out->x = xp + phi.a * r->e + phi.b * r->de;
		out->v = vp + phi.c * r->e + phi.d * r->de;
		return;
	}
	while (t >= r->piece.t1) {
		double t1 = r->piece.t1, x, v;

		/* to the breakpoint on this piece, then onto the next */
		spring_propagator(r->omega, r->zeta, t1 - r->ta, &phi);
		particular(r, t1, &xp, &vp);
		x = xp + phi.a * r->e + phi.b * r->de;
		v = vp + phi.c * r->e + phi.d * r->de;
		spring_signal_piece(r->sig, t1, &r->piece);
		particular(r, t1, &xp, &vp);
		r->e = x - xp;
		r->de = v - vp;
		r->ta = t1;
	}
	spring_propagator(r->omega, r->zeta, t - r->ta, &phi);
	particular(r, t, &xp, &vp);
	e = phi.a * r->e + phi.b * r->de;
	de = phi.c * r->e + phi.d * r->de;
	out->x = xp + e;
	out->v = vp + de;
}
