/*
 * signal.c - target signals: what the spring follows.
 *
 * Every signal rides on the base target g0 + q0 t.  All but the sine are
 * piecewise linear, so on each piece the exact spring is the homogeneous
 * oscillator around a linear particular solution (exact.c's reference
 * solves them piece by piece); the sine has its own closed form.
 *
 * The noise draws its values from splitmix64 by index (the generator is
 * counter-based: value k is mix(seed + (k + 1) gamma)), so any time can be
 * evaluated without replaying the ones before it, on every machine alike.
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "spring.h"

#define TWO_PI 6.283185307179586476925286766559

static const struct {
	const char *name;
	const char *summary;
} signal_names[] = {
	[SPRING_SIGNAL_CONSTANT] = { "constant",
	    "the base target G + Q t (the default)" },
	[SPRING_SIGNAL_STEP] = { "step",
	    "the base, plus AMP from AT on" },
	[SPRING_SIGNAL_RAMP] = { "ramp",
	    "the base, plus AMP / PERIOD per second from AT on" },
	[SPRING_SIGNAL_SINE] = { "sine",
	    "the base plus AMP sin(2 pi t / PERIOD)" },
	[SPRING_SIGNAL_SQUARE] = { "square",
	    "the base plus AMP for the first half of each PERIOD, -AMP for "
	    "the second" },
	[SPRING_SIGNAL_NOISE] = { "noise",
	    "the base plus AMP u_k, u_k uniform in [-1, 1) at t = k PERIOD, "
	    "held or linear between" },
	[SPRING_SIGNAL_FILE] = { "file",
	    "recorded samples t, g[, q], piecewise linear, held before the "
	    "first and after the last" },
};

/* The name of a signal kind. */
const char *
spring_signal_name(int kind)
{
	return kind >= 0 && kind < SPRING_SIGNAL_KINDS ?
	    signal_names[kind].name : NULL;
}

/* A signal kind's one-line summary. */
const char *
spring_signal_summary(int kind)
{
	return kind >= 0 && kind < SPRING_SIGNAL_KINDS ?
	    signal_names[kind].summary : NULL;
}

/* The kind called name (file excepted: it comes with --target-file), or -1. */
int
spring_signal_find(const char *name)
{
	int k;

	for (k = 0; k < SPRING_SIGNAL_FILE; k++)
		if (strcmp(signal_names[k].name, name) == 0)
			return k;
	return -1;
}

/*
 * Noise value k (a whole number): splitmix64 at counter k, as a double
 * in [-1, 1).  The counter is k modulo 2^64, taken in double (fmod is
 * exact) before the conversion: a k beyond the range of long, as at a
 * period of 1e-300 s, has no long, and converting it would be undefined
 * behaviour.  Where k fits a long the counter is the same as (long)k.
 */
static double
noise_value(unsigned long long seed, double k)
{
	double m = isfinite(k) ? fmod(fabs(k), 0x1p64) : 0.0;
	unsigned long long counter = (unsigned long long)m, state;

	if (k < 0.0)
		counter = -counter;	/* modulo 2^64, as (long)k converts */
	state = seed + counter * 0x9E3779B97F4A7C15ULL;
	return spring_uniform(&state);
}

/*
 * The linear piece of a piecewise-linear signal around t, the base target
 * included: it holds on [p->t0, p->t1) (either end may be infinite); with
 * tr = t0, or 0 when t0 is -inf, the signal there is g + s (u - tr) and
 * the velocity it records q + r (u - tr) (q = s and r = 0 for signals that
 * record none).  A jump at a breakpoint belongs to the piece it starts.
 */
void
spring_signal_piece(const spring_signal *sig, double t, spring_piece *p)
{
	double k, a = sig->amp, T = sig->period, held = 0;
	long i, lo, hi;

	p->t0 = -INFINITY;
	p->t1 = INFINITY;
	p->g = p->s = p->q = p->r = 0.0;
	switch (sig->kind) {
	case SPRING_SIGNAL_STEP:
		if (t < sig->at)
			p->t1 = sig->at;
		else {
			p->t0 = sig->at;
			p->g = a;
		}
		break;
	case SPRING_SIGNAL_RAMP:
		if (t < sig->at)
			p->t1 = sig->at;
		else {
			p->t0 = sig->at;
			p->s = a / T;
		}
		break;
	case SPRING_SIGNAL_SQUARE:
		k = floor(t / (0.5 * T));
		/* floor can land one off at a boundary: settle it exactly */
		if (k * 0.5 * T > t)
			k -= 1.0;
		else if ((k + 1.0) * 0.5 * T <= t)
			k += 1.0;
		p->t0 = k * 0.5 * T;
		p->t1 = (k + 1.0) * 0.5 * T;
		p->g = fmod(fabs(k), 2.0) == 0.0 ? a : -a;
		break;
	case SPRING_SIGNAL_NOISE:
		k = floor(t / T);
		if (k * T > t)
			k -= 1.0;
		else if ((k + 1.0) * T <= t)
			k += 1.0;
		p->t0 = k * T;
		p->t1 = (k + 1.0) * T;
		p->g = a * noise_value(sig->seed, k);
		if (sig->linear)
			p->s = (a * noise_value(sig->seed, k + 1.0) - p->g) /
			    T;
		break;
	case SPRING_SIGNAL_FILE:
		if (t < sig->t[0]) {		/* held before the first row */
			p->t1 = sig->t[0];
			p->g = sig->g[0];
			held = 1;
		} else if (t >= sig->t[sig->n - 1]) {	/* and after the last */
			p->t0 = sig->t[sig->n - 1];
			p->g = sig->g[sig->n - 1];
			held = 1;
		} else {
			lo = 0;
			hi = sig->n - 1;
			while (hi - lo > 1) {	/* t[lo] <= t < t[hi] */
				i = lo + (hi - lo) / 2;
				if (sig->t[i] <= t)
					lo = i;
				else
					hi = i;
			}
			p->t0 = sig->t[lo];
			p->t1 = sig->t[hi];
			p->g = sig->g[lo];
			p->s = (sig->g[hi] - sig->g[lo]) /
			    (sig->t[hi] - sig->t[lo]);
			if (sig->q != NULL) {
				p->q = sig->q[lo];
				p->r = (sig->q[hi] - sig->q[lo]) /
				    (sig->t[hi] - sig->t[lo]);
				held = -1;	/* q, r are the recording's */
			}
		}
		break;
	default:
		break;
	}
	if (held == 0)
		p->q = p->s;
	/* the base target's line, at the piece's reference time */
	p->g += sig->g0 + sig->q0 * spring_piece_ref(p);
	p->s += sig->q0;
	p->q += sig->q0;
}

/* The time a piece's values refer to: its start, or 0 if unbounded. */
double
spring_piece_ref(const spring_piece *p)
{
	return isfinite(p->t0) ? p->t0 : 0.0;
}

/*
 * The signal at t: its position, and its own velocity (the slope of the
 * piece, the sine's derivative, or the recorded target_vel).
 */
void
spring_signal_at(const spring_signal *sig, double t, double *g, double *q)
{
	spring_piece p;
	double u;

	if (sig->kind == SPRING_SIGNAL_SINE) {
		u = TWO_PI / sig->period;
		*g = sig->g0 + sig->q0 * t + sig->amp * sin(u * t);
		*q = sig->q0 + sig->amp * u * cos(u * t);
		return;
	}
	spring_signal_piece(sig, t, &p);
	u = t - spring_piece_ref(&p);
	*g = p.g + p.s * u;
	*q = p.q + p.r * u;
}

/*
 * Tracking metrics over the frames (t[i], x[i]) in the second half of the
 * run (past the transient), against the signal:
 *   lag          the shift tau minimising the RMS of x(t) - g(t - tau),
 *                searched over |tau| <= L in steps of dt, then to dt / 10
 *                around the best; L = min(t_end / 2, 10 / omega, and half
 *                the period of a sine or square)
 *   attenuation  the RMS of x's deviation from its own least-squares line
 *                over that half, over the same of the target's; 0 when the
 *                target has no deviation (a constant or a ramp)
 */
void
spring_tracking(const spring_signal *sig, double omega, const double *t,
    const double *x, long n, double dt, double *lag, double *attenuation)
{
	double t_end = n > 0 ? t[n - 1] : 0.0, L, tau, best, best_rms = -1;
	double step, lo, g, q;
	long i, first = 0, m;
	int pass, k, kmax;

	*lag = *attenuation = 0.0;
	while (first < n && t[first] < 0.5 * t_end)
		first++;
	m = n - first;
	if (m < 3 || sig->kind == SPRING_SIGNAL_CONSTANT)
		return;
	L = 0.5 * t_end;
	if (10.0 / omega < L)
		L = 10.0 / omega;
	if ((sig->kind == SPRING_SIGNAL_SINE ||
	    sig->kind == SPRING_SIGNAL_SQUARE) && 0.5 * sig->period < L)
		L = 0.5 * sig->period;
	/* a target flat over the window has no lag to measure */
	{
		double gmin = INFINITY, gmax = -INFINITY;

		for (i = first; i < n; i++) {
			spring_signal_at(sig, t[i], &g, &q);
			gmin = g < gmin ? g : gmin;
			gmax = g > gmax ? g : gmax;
		}
		if (!(gmax - gmin > 1e-12 * (fabs(gmax) + fabs(gmin) + 1.0)))
			L = 0.0;
	}
	best = 0.0;
	for (pass = 0; pass < 2 && L > 0.0; pass++) {
		step = pass == 0 ? dt : dt / 10.0;
		lo = pass == 0 ? -L : best - dt;
		/* (the count within int: a double past it converts to
		 * nothing defined) */
		kmax = pass == 0 ? (int)fmin(2.0 * L / dt, INT_MAX - 1.0) : 20;
		for (k = 0; k <= kmax; k++) {
			double sum = 0.0, d;

			tau = lo + step * k;
			if (fabs(tau) > L)
				continue;
			for (i = first; i < n; i++) {
				spring_signal_at(sig, t[i] - tau, &g, &q);
				d = x[i] - g;
				sum += d * d;
			}
			if (best_rms < 0.0 || sum < best_rms) {
				best_rms = sum;
				best = tau;
			}
		}
	}
	*lag = best;
	/* attenuation: deviations from least-squares lines */
	{
		double st = 0, stt = 0, sx = 0, stx = 0, sg = 0, stg = 0;
		double ax, bx, ag, bg, dx2 = 0, dg2 = 0, den, gmax = 0;

		for (i = first; i < n; i++) {
			double u = t[i] - t_end;

			spring_signal_at(sig, t[i], &g, &q);
			st += u;
			stt += u * u;
			sx += x[i];
			stx += u * x[i];
			sg += g;
			stg += u * g;
			if (fabs(g) > gmax)
				gmax = fabs(g);
		}
		den = (double)m * stt - st * st;
		bx = den != 0.0 ? ((double)m * stx - st * sx) / den : 0.0;
		bg = den != 0.0 ? ((double)m * stg - st * sg) / den : 0.0;
		ax = (sx - bx * st) / (double)m;
		ag = (sg - bg * st) / (double)m;
		for (i = first; i < n; i++) {
			double u = t[i] - t_end, dx, dg;

			spring_signal_at(sig, t[i], &g, &q);
			dx = x[i] - (ax + bx * u);
			dg = g - (ag + bg * u);
			dx2 += dx * dx;
			dg2 += dg * dg;
		}
		/* a line's own deviation is rounding: nothing to damp */
		if (sqrt(dg2 / (double)m) > 1e-12 * (gmax + 1.0))
			*attenuation = sqrt(dx2 / dg2);
	}
}

/*
 * The signal as the end of a step ending at t sees it: the position at t
 * (a jump at t included) and the velocity during the step, the left limit
 * (a ramp starting at t was still before it).
 */
void
spring_signal_end(const spring_signal *sig, double t, double *g, double *q)
{
	spring_piece p;
	double gl;

	spring_signal_at(sig, t, g, q);
	if (sig->kind == SPRING_SIGNAL_SINE)
		return;
	spring_signal_piece(sig, t, &p);
	if (p.t0 == t)		/* a breakpoint: the velocity before it */
		spring_signal_at(sig, nextafter(t, -INFINITY), &gl, q);
}
