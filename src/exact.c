/*
 * exact.c - the exact solution of the damped spring, and the reference
 * trajectory every update rule is measured against.
 *
 * With a target moving linearly, g(t) = g0 + q t, the offset e = x - g
 * obeys the homogeneous oscillator e'' + 2 zeta omega e' + omega^2 e = 0,
 * so (e, e') at time t is a 2x2 matrix Phi(t) times (e, e') at time 0.
 * Holden ("Spring-It-On") solves the same equation
 * in three regimes: under-damped as j e^(-yt) cos(wt + p), with j and p
 * found through sqrt and atan; critical as (j0 + j1 t) e^(-yt); over-
 * damped as j0 e^(-y0 t) + j1 e^(-y1 t).  Those forms lose accuracy where
 * springsim needs it: near critical (w -> 0 divides by a vanishing w, and
 * j0, j1 grow large and cancel), for large zeta (y1 = (d - sqrt(d^2 -
 * 4s)) / 2 cancels), and at large phases (w t rounded before the cosine).
 * Here the same three regimes are written as the matrix Phi(t) in forms
 * that stay accurate to a few ulps of the problem's scale in each of them
 * and are continuous across zeta = 1.
 *
 * Every omega, zeta and t is allowed, 1e-300 or 1e300: no entry forms
 * omega^2 or an overflowing exponent times a vanished exponential
 * (inf * 0), so Phi stays finite and accurate in every regime.
 *
 * Assumed throughout: omega > 0, zeta >= 0, t >= 0 (finite), and below
 * critical damping with a decay zeta omega t that leaves anything, the
 * phase omega t finite too (past 1.8e308 it has no double).
 */
#include <float.h>
#include <math.h>

#include "reference.h"
#include "scaled.h"

/*
 * The damped frequency b = omega sqrt((1 - zeta) (1 + zeta)), 0 <= zeta
 * < 1, as an unevaluated sum hi + lo with about 100 bits.  The phase b t
 * at omega t = 1e4 would otherwise carry the rounding of b (1e-16 of it)
 * times 1e4 into sin and cos; with lo the phase is good to ~1e-16 of its
 * own size even for the largest phases.  Each rounding is recovered with
 * fma or a Fast2Sum (|1| >= |zeta|), so 1 - zeta^2 stays exact near 1.
 */
static void
damped_frequency(double omega, double zeta, double *hi, double *lo)
{
	double m = 1.0 - zeta, me = (1.0 - m) - zeta;
	double p = 1.0 + zeta, pe = zeta - (p - 1.0);
	double u = m * p, ue = fma(m, p, -u) + (m * pe + me * p);
	double r = sqrt(u), re = (fma(-r, r, u) + ue) / (2.0 * r);

	*hi = omega * r;
	*lo = fma(omega, r, -*hi) + omega * re;
}

/*
 * Under-damped, zeta < 1 (Holden's j e^(-yt) cos(wt + p), y = zeta omega,
 * w = b).  Expanding the cosine instead of fitting an amplitude and a
 * phase gives, with E = e^(-zeta omega t), C = cos bt, S = sin(bt) / b,
 *
 *	Phi = [[E (C + zeta omega S),  E S               ],
 *	       [-omega^2 E S,          E (C - zeta omega S)]]
 *
 * No atan; the one division, sin(bt) / b, is benign as b -> 0 (S -> t,
 * the critical limit); and the phase b t is formed without rounding,
 * p + perr, then sin(p + perr) = sin p + perr cos p to within perr^2
 * (once perr passes 2^-26, at phases past some 2^26, by the addition
 * formula: at omega t = 1e48 perr is some 1e32).
 * Every entry is E times a factor of at most 1 + zeta omega t, or, for
 * the bottom left, omega times E omega S (|omega S| <= min(omega t,
 * 1 / sqrt(1 - zeta^2))): omega^2 is never formed (it overflows past
 * 1.3e154), nor zeta omega t (its factors may underflow), and where E
 * is 0 so is every entry, not 0 times an overflowed factor.
 */
static void
underdamped(const spring_regime *g, double t, int fast, spring_mat2 *phi)
{
	double omega = g->omega, zeta = g->zeta, bhi = g->bhi, blo = g->blo;
	double p, perr, sp, cp, sn, cs, s, ws, e, zw, zwt;

	zw = zeta * omega;	/* below DBL_MIN, rounded or flushed */
	zwt = zw >= DBL_MIN ? zw * t : scaled_mul3(zeta, omega, t);
	e = fast ? spring_fast_negexp(zwt) : exp(-zwt);
	if (e == 0.0) {
		phi->a = phi->b = phi->c = phi->d = 0.0;
		return;
	}
	p = bhi * t;
	perr = fma(bhi, t, -p) + blo * t;
	sp = sin(p);
	cp = cos(p);
	if (fabs(perr) < 0x1p-26) {	/* perr^2 below an ulp */
		sn = sp + perr * cp;
		cs = cp - perr * sp;
	} else {	/* a phase past 2^26: the tail's own sine */
		sn = sp * cos(perr) + cp * sin(perr);
		cs = cp * cos(perr) - sp * sin(perr);
	}
	/* below 2^-500 the phase's sine is the phase to 2^-1000 */
	s = p > 0x1p-500 ? sn / bhi : t;
	ws = p > 0x1p-500 ? omega * s : omega * t;
	zw = zeta * ws;		/* zeta omega S, at most zeta omega t */
	phi->a = e * (cs + zw);
	phi->b = e * s;
	phi->c = -omega * (e * ws);
	phi->d = e * (cs - zw);
}

/*
 * Critically damped, zeta == 1 exactly (Holden's (j0 + j1 t) e^(-yt)):
 * with E = e^(-omega t),
 *
 *	Phi = [[E (1 + omega t), E t], [-omega^2 E t, E (1 - omega t)]]
 *
 * The neighbouring regimes tend to this continuously, so no tolerance
 * band around zeta = 1 is needed (Holden's eps is one).  The bottom left
 * is omega times (omega t) E, at most omega / e: never omega^2 (which
 * overflows past 1.3e154) times an E that underflowed to 0.
 */
static void
critical(double omega, double t, int fast, spring_mat2 *phi)
{
	double wt = omega * t;
	double e = fast ? spring_fast_negexp(wt) : exp(-wt);

	if (e == 0.0) {		/* omega t past 745, or infinite */
		phi->a = phi->b = phi->c = phi->d = 0.0;
		return;
	}
	phi->a = e * (1.0 + wt);
	phi->b = e * t;
	phi->c = -omega * (wt * e);
	phi->d = e * (1.0 - wt);
}

/*
 * Over-damped, zeta > 1 (Holden's j0 e^(-y0 t) + j1 e^(-y1 t)).  The roots
 * are r1 = -omega / (zeta + s), the slow one, and r2 = -omega (zeta + s),
 * s = sqrt(zeta^2 - 1); r1 r2 = omega^2 and r1 - r2 = 2 omega s.  Holden's
 * y1 = (d - sqrt(d^2 - 4s)) / 2 is r1 by subtraction, which at zeta = 1e4
 * cancels eight digits; the quotient form does not.  His j0, j1 divide by
 * y1 - y0, which vanishes at critical.  Instead, with e1 = e^(r1 t),
 * e2 = e^(r2 t) and the divided difference
 *
 *	Q = (e1 - e2) / (r1 - r2) = e1 (1 - e^(-u)) / (2 omega s),
 *	u = 2 omega s t
 *
 * (by expm1: no cancellation at small t or near critical, no overflow),
 *
 *	Phi = [[e1 - r1 Q, Q], [-omega^2 Q, e2 + r1 Q]]
 *
 * which equals [[r1 e2 - r2 e1, e1 - e2], [r1 r2 (e2 - e1), r1 e1 - r2 e2]]
 * / (r1 - r2), the textbook form.  Written with W = omega Q = e1 (1 -
 * e^(-u)) / (2 s), at most min(omega t, 1 / (2 s)) e1: -r1 Q = W / (zeta
 * + s) >= 0, so the top left adds two positive terms, |r1 Q| <= 1/e
 * bounds the bottom right's, and the bottom left is -omega W, never
 * omega^2 (which overflows past 1.3e154) times a Q that underflowed;
 * Q itself is t e1 (1 - e^(-u)) / u.  The exponents r1 t, r2 t and u are
 * products scaled where omega t is not a normal double (scaled.h), and
 * past zeta = 2^27, zeta + s = 2 zeta is kept as zeta and a factor two,
 * so that no zeta overflows them.  Dividing by two (1 or 2) is
 * multiplying by half (1 or 1/2): the same quotient, the same rounding.
 */
static void
overdamped(const spring_regime *g, double t, int fast, spring_mat2 *phi)
{
	double omega = g->omega, s = g->s, y = g->y, two = g->two;
	double half = g->half;
	double x = omega * t, k1t, k2t, u, e1, e2, gone, w, q;

	if (x >= DBL_MIN && x <= DBL_MAX) {	/* the same bits, faster */
		k1t = x / y * half;
		k2t = x * y * two;
		u = 2.0 * (x * s);
	} else {
		k1t = scaled_ratio(omega, t, y, two);
		k2t = scaled_mul3(omega, t, y) * two;
		u = 2.0 * scaled_mul3(omega, t, s);
	}

	if (fast) {
		/* Holden's way: both exponentials approximated, and
		 * their difference taken as it comes */
		e1 = spring_fast_negexp(k1t);
		e2 = spring_fast_negexp(k2t);
		gone = 1.0 - spring_fast_negexp(u);
	} else {
		e1 = exp(-k1t);
		e2 = exp(-k2t);
		gone = -expm1(-u);
	}
	w = 0.5 * (e1 * gone / s);
	q = u > 0.0 ? t * e1 * (gone / u) : t * e1;
	phi->a = e1 + w / y * half;
	phi->b = q;
	phi->c = -omega * w;
	phi->d = e2 - w / y * half;
}

/*
 * What Phi(t) needs of omega and zeta alone (internal.h), worked out once
 * for a spring whose Phi is wanted at many t: the damped frequency below
 * critical, the roots' s, y and factor two above.  The regimes are
 * told apart as propagator_in does (a NaN zeta is over-damped there).
 */
void
spring_regime_init(spring_regime *g, double omega, double zeta)
{
	int big = zeta > 0x1p27;	/* zeta + s = 2 zeta = two y */

	g->omega = omega;
	g->zeta = zeta;
	g->bhi = g->blo = g->s = g->y = 0.0;
	g->two = g->half = 1.0;
	if (zeta < 1.0)
		damped_frequency(omega, zeta, &g->bhi, &g->blo);
	else if (zeta != 1.0) {
		g->s = scaled_zeta_root(zeta);
		g->y = big ? zeta : zeta + g->s;
		g->two = big ? 2.0 : 1.0;
		g->half = big ? 0.5 : 1.0;
	}
}

/* Phi(t) for the regime g, exactly or with fast_negexp. */
static inline void
propagator_in(const spring_regime *g, double t, int fast, spring_mat2 *phi)
{
	if (t == 0.0) {
		phi->a = phi->d = 1.0;
		phi->b = phi->c = 0.0;
	} else if (g->zeta < 1.0)
		underdamped(g, t, fast, phi);
	else if (g->zeta == 1.0)
		critical(g->omega, t, fast, phi);
	else
		overdamped(g, t, fast, phi);
}

/* Phi(t), exactly or with fast_negexp for the exponentials. */
static void
propagator(double omega, double zeta, double t, int fast, spring_mat2 *phi)
{
	spring_regime g;

	spring_regime_init(&g, omega, zeta);
	propagator_in(&g, t, fast, phi);
}

/*
 * Phi(t), the matrix carrying (x - g, v - q) over a time t (spring.h).
 * t == 0 gives the identity exactly; otherwise the regime decides.
 */
void
spring_propagator(double omega, double zeta, double t, spring_mat2 *phi)
{
	propagator(omega, zeta, t, 0, phi);
}

/*
 * The same with Holden's fast_negexp in place of exp (spring.h): what
 * --fast-exp measures.
 */
void
spring_propagator_fast(double omega, double zeta, double t, spring_mat2 *phi)
{
	propagator(omega, zeta, t, 1, phi);
}

/*
 * Holden's fast_negexp: e^-x ~ 1 / (1 + x + 0.48 x^2 + 0.235 x^3), a
 * rational fit that needs no exp (x >= 0).  Its error is what --fast-exp
 * adds; tests/unit measures the bound.
 */
double
spring_fast_negexp(double x)
{
	return 1.0 / (1.0 + x + 0.48 * x * x + 0.235 * x * x * x);
}

/*
 * Start the reference at (x0, v0) with the target g0 + q t, and cache the
 * propagator over one frame dt for spring_reference_next (dt > 0).
 */
void
spring_reference_init(spring_reference *r, const spring_params *p,
    double x0, double v0, double g0, double q, double dt)
{
	spring_regime g;

	spring_regime_init(&g, p->omega, p->zeta);
	spring_reference_init_in(r, &g, x0, v0, g0, q, dt);
}

/*
 * spring_reference_init with p's regime g worked out already
 * (internal.h): the batch keeps it for the anchors.
 */
void
spring_reference_init_in(spring_reference *r, const spring_regime *g,
    double x0, double v0, double g0, double q, double dt)
{
	r->omega = g->omega;
	r->zeta = g->zeta;
	r->x0 = x0;
	r->v0 = v0;
	r->g0 = g0;
	r->q = q;
	r->e0 = x0 - g0;
	r->de0 = v0 - q;
	r->dt = dt;
	propagator_in(g, dt, 0, &r->frame);
	r->e = r->e0;
	r->de = r->de0;
	r->k = 0;
}

/* The offset at t from the closed form, in r's regime g. */
static inline void
offset_at(const spring_reference *r, const spring_regime *g, double t,
    double *e, double *de)
{
	spring_mat2 phi;

	propagator_in(g, t, 0, &phi);
	*e = phi.a * r->e0 + phi.b * r->de0;
	*de = phi.c * r->e0 + phi.d * r->de0;
}

/*
 * The closed form at the exact multiple k dt.  The double t = k dt differs
 * from it by lo, up to half an ulp of t; the offset is carried over lo to
 * first order (the second order is (omega lo)^2, below 1e-26).  Without
 * this the state would jump at each anchor by the velocity times lo, some
 * 1e-13 of the scale at omega = 4 pi after 10000 frames of 1/60 s, whereas
 * the frames between anchors, like the exact rule, stand for exact
 * multiples of dt.
 */
void
spring_reference_anchor(spring_reference *r)
{
	spring_regime g;

	spring_regime_init(&g, r->omega, r->zeta);
	spring_reference_anchor_in(r, &g);
}

/* spring_reference_anchor in r's regime g (internal.h). */
void
spring_reference_anchor_in(spring_reference *r, const spring_regime *g)
{
	double k = (double)r->k, t = k * r->dt, lo = fma(k, r->dt, -t);
	double e, de;

	offset_at(r, g, t, &e, &de);
	r->e = e;
	r->de = de;
	if (lo == 0.0)		/* t is k dt: nothing to carry */
		return;
	/* de' = -omega (omega e + 2 zeta de): omega^2 is never formed */
	r->e = e + lo * de;
	r->de = de - (lo * r->omega) * (r->omega * e + 2.0 * r->zeta * de);
}

/* The next frame (spring.h); reference.h has the inline form. */
void
spring_reference_next(spring_reference *r, spring_state *out)
{
	reference_next(r, out);
}

/* The exact state at any time t >= 0, from the closed form. */
void
spring_reference_at(const spring_reference *r, double t, spring_state *out)
{
	spring_regime g;
	double e, de;

	if (t == 0.0) {
		out->x = r->x0;
		out->v = r->v0;
		return;
	}
	spring_regime_init(&g, r->omega, r->zeta);
	offset_at(r, &g, t, &e, &de);
	out->x = r->g0 + r->q * t + e;
	out->v = r->q + de;
}
