/*
 * tune.c - the inverse questions: the spring for a wanted overshoot,
 * settle or rise time, and the parameters that make a rule's step decay
 * and turn as the exact spring's (spring/tune.h).  The step response is
 * the library's own closed form (spring_propagator); the rule's step is
 * the rule's own (spring_amplification), never a formula repeated here.
 */
#include <math.h>

#include "spring.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* See tune.h. */
double
spring_overshoot_of(double zeta)
{
	if (!(zeta < 1.0))
		return 0.0;
	return exp(-M_PI * zeta / sqrt((1.0 - zeta) * (1.0 + zeta)));
}

/* See tune.h: F = e^(-pi zeta / sqrt(1 - zeta^2)) solved for zeta. */
double
spring_zeta_for_overshoot(double overshoot)
{
	double l;

	if (!(overshoot >= 0.0 && overshoot < 1.0))
		return NAN;
	if (overshoot == 0.0)
		return 1.0;
	l = -log(overshoot);
	return l / sqrt(M_PI * M_PI + l * l);
}

/* The step response's offset e(t) = phi_11(t) at omega = 1. */
static double
step_offset(double zeta, double t)
{
	spring_mat2 phi;

	spring_propagator(1.0, zeta, t, &phi);
	return phi.a;
}

/*
 * The t in [a, b] where the step response's e(t) - level changes sign
 * (from above to below), by bisection down to adjacent doubles: on the
 * brackets below e is monotone (|e| for sign -1).
 */
static double
bisect_level(double zeta, double level, int sign, double a, double b)
{
	double m;

	for (;;) {
		m = a + 0.5 * (b - a);
		if (m <= a || m >= b)
			return b;
		if (sign * step_offset(zeta, m) > level)
			a = m;
		else
			b = m;
	}
}

/* A bracket [*a, *b] for a monotone decay of e to level (zeta >= 1). */
static void
bracket_decay(double zeta, double level, double *a, double *b)
{
	*a = 0.0;
	*b = 1.0;
	while (step_offset(zeta, *b) > level && *b < 1e300) {
		*a = *b;
		*b *= 2.0;
	}
}

/* See tune.h. */
double
spring_settle_hw(double zeta, double tol)
{
	double wd, f, lf, kd, a, b;
	long k;

	if (!(zeta > 0.0) || !(tol > 0.0 && tol < 1.0))
		return zeta == 0.0 ? INFINITY : NAN;
	if (zeta >= 1.0) {
		bracket_decay(zeta, tol, &a, &b);
		return bisect_level(zeta, tol, 1, a, b);
	}
	wd = sqrt((1.0 - zeta) * (1.0 + zeta));
	f = spring_overshoot_of(zeta);
	if (f <= 0.0)
		k = 0;
	else {
		/*
		 * the last extremum k with F^k > tol: k < ln tol / ln F, with
		 * ln F = -zeta pi / wd formed directly (F itself rounds to 1
		 * below zeta ~ 1e-16, where log(F) would be 0)
		 */
		lf = -zeta * M_PI / wd;
		kd = ceil(log(tol) / lf) - 1.0;
		/*
		 * Past 2^52 turns a double cannot place the k-th turn: the
		 * envelope's time ln(1 / tol) / zeta (omega 1) is then the
		 * settle time to within a period in 2^52 of it.
		 */
		if (kd > 0x1p52)
			return -log(tol) / zeta;
		k = kd > 0.0 ? (long)kd : 0;
		while (k > 0 && exp((double)k * lf) <= tol)
			k--;
		while (exp((double)(k + 1) * lf) > tol)
			k++;
	}
	/* |e| falls from F^k at k pi / wd to 0 at (k pi + pi/2 + asin zeta) / wd */
	a = (double)k * M_PI / wd;
	b = ((double)k * M_PI + 0.5 * M_PI + asin(zeta)) / wd;
	return bisect_level(zeta, tol, k % 2 == 0 ? 1 : -1, a, b);
}

/* The first time the step response's e falls to level (0 < level < 1). */
static double
first_fall(double zeta, double level)
{
	double a = 0.0, b;

	if (zeta >= 1.0)
		bracket_decay(zeta, level, &a, &b);
	else	/* e falls monotonically from 1 to -F on [0, pi / wd] */
		b = M_PI / sqrt((1.0 - zeta) * (1.0 + zeta));
	return bisect_level(zeta, level, 1, a, b);
}

/* See tune.h: x reaches a fraction r when e falls to 1 - r. */
double
spring_rise_hw(double zeta, double lo, double hi)
{
	if (!(zeta >= 0.0) || !(lo >= 0.0 && lo < hi && hi <= 1.0))
		return NAN;
	return first_fall(zeta, 1.0 - hi) - (lo > 0.0 ?
	    first_fall(zeta, 1.0 - lo) : 0.0);
}

/*
 * See tune.h.  mu = e^(lambda h): below critical r e^(+-i theta), r =
 * e^(-zeta omega h), theta = omega_d h, and (1 - mu1)(1 - mu2) =
 * (1 - r)^2 + 4 r sin^2(theta / 2); from critical on two reals e^l1,
 * e^l2 and the product expm1(l1) expm1(l2), the slow root formed as
 * -omega h / (zeta + sqrt(zeta^2 - 1)).
 */
void
spring_exact_modes(const spring_params *p, double h, double *tr,
    double *det, double *one_plus_det_minus_tr, double *one_minus_det)
{
	double s = p->zeta * p->omega * h, wh = p->omega * h;

	*det = exp(-2.0 * s);
	*one_minus_det = -expm1(-2.0 * s);
	if (p->zeta < 1.0) {
		double r = exp(-s), theta = wh * sqrt((1.0 - p->zeta) *
		    (1.0 + p->zeta)), sh = sin(0.5 * theta), om = -expm1(-s);

		*tr = 2.0 * r * cos(theta);
		*one_plus_det_minus_tr = om * om + 4.0 * r * sh * sh;
	} else {
		double root = sqrt((p->zeta - 1.0) * (p->zeta + 1.0));
		double l1 = -wh / (p->zeta + root), l2 = -wh * (p->zeta + root);

		*tr = exp(l1) + exp(l2);
		*one_plus_det_minus_tr = expm1(l1) * expm1(l2);
	}
}

/* The spring with (omega h)^2 = a, 2 zeta omega h = b (a > 0). */
static void
from_ab(double a, double b, double h, double mass, spring_params *q)
{
	q->omega = sqrt(a) / h;
	q->zeta = b / (2.0 * sqrt(a));
	q->mass = mass;
	q->fast_exp = 0;
}

/* The residuals of the rule's trace and determinant at (a, b). */
static void
mode_residual(const spring_rule *rule, double a, double b, double h,
    double mass, double tr, double det, double *r)
{
	spring_params q;
	spring_mat2 m;

	from_ab(a, b, h, mass, &q);
	spring_amplification(rule, &q, h, &m);
	r[0] = m.a + m.d - tr;
	r[1] = m.a * m.d - m.b * m.c - det;
	if (!isfinite(r[0]) || !isfinite(r[1]))
		r[0] = r[1] = INFINITY;
}

/*
 * Newton's method from (a, b), the Jacobian by central differences, the
 * step halved until the residual falls (a kept > 0).  The largest
 * residual at the end; (a, b) updated.
 */
static double
newton_modes(const spring_rule *rule, double *pa, double *pb, double h,
    double mass, double tr, double det)
{
	double a = *pa, b = *pb, r[2], rp[2], rm[2], j[4], da, db, norm, d;
	double sa, sb, lam, na = a, nb = b, nn = INFINITY;
	int it, half;

	mode_residual(rule, a, b, h, mass, tr, det, r);
	norm = fmax(fabs(r[0]), fabs(r[1]));
	for (it = 0; it < 100 && norm > 1e-15; it++) {
		da = 1e-7 * a;
		db = 1e-7 * (fabs(b) + sqrt(a));
		mode_residual(rule, a + da, b, h, mass, tr, det, rp);
		mode_residual(rule, a - da, b, h, mass, tr, det, rm);
		j[0] = (rp[0] - rm[0]) / (2.0 * da);
		j[2] = (rp[1] - rm[1]) / (2.0 * da);
		mode_residual(rule, a, b + db, h, mass, tr, det, rp);
		mode_residual(rule, a, b - db, h, mass, tr, det, rm);
		j[1] = (rp[0] - rm[0]) / (2.0 * db);
		j[3] = (rp[1] - rm[1]) / (2.0 * db);
		d = j[0] * j[3] - j[1] * j[2];
		if (!(fabs(d) > 0.0) || !isfinite(d))
			break;
		sa = -(j[3] * r[0] - j[1] * r[1]) / d;
		sb = -(-j[2] * r[0] + j[0] * r[1]) / d;
		for (lam = 1.0, half = 0; half < 60; half++, lam *= 0.5) {
			na = a + lam * sa;
			nb = b + lam * sb;
			if (!(na > 0.0))
				continue;
			mode_residual(rule, na, nb, h, mass, tr, det, rp);
			nn = fmax(fabs(rp[0]), fabs(rp[1]));
			if (nn < norm)
				break;
		}
		if (half == 60)
			break;
		a = na;
		b = nb;
		r[0] = rp[0];
		r[1] = rp[1];
		norm = nn;
	}
	*pa = a;
	*pb = b;
	return norm;
}

/* See tune.h. */
int
spring_match_modes(const spring_rule *rule, const spring_params *p,
    double h, spring_params *out, double *resid)
{
	double tr, det, apt, omd, start[3][2], a, b, res, best = INFINITY;
	int i, negative = 0;

	spring_exact_modes(p, h, &tr, &det, &apt, &omd);
	*resid = INFINITY;
	if (rule == spring_rule_semi_implicit) {
		/* closed form: det = 1 - b, tr = 2 - a - b */
		from_ab(apt, omd, h, p->mass, out);
		*resid = 0.0;
		return SPRING_MATCH_OK;
	}
	/* the spring itself, the semi-implicit match, a stiffer guess */
	start[0][0] = p->omega * h * p->omega * h;
	start[0][1] = 2.0 * p->zeta * p->omega * h;
	start[1][0] = apt;
	start[1][1] = omd;
	start[2][0] = 4.0 * start[0][0];
	start[2][1] = start[0][1];
	for (i = 0; i < 3; i++) {
		a = start[i][0];
		b = start[i][1];
		if (!(a > 0.0))
			continue;
		res = newton_modes(rule, &a, &b, h, p->mass, tr, det);
		/* converged: a few ulps of the trace's scale, 2 */
		if (!(res <= 1e-13)) {
			if (res < best)
				best = res;
			continue;
		}
		if (b < 0.0) {
			negative = 1;
			best = res;
			continue;
		}
		from_ab(a, b, h, p->mass, out);
		*resid = res;
		return SPRING_MATCH_OK;
	}
	*resid = best;
	return negative ? SPRING_MATCH_NEGATIVE : SPRING_MATCH_NONE;
}

/* See tune.h: Nelder and Mead (1965), the simplex of three points. */
double
spring_minimize2(double (*f)(void *ctx, const double *x), void *ctx,
    double *x, const double *step, double ftol, int maxeval)
{
	double p[3][2], v[3], c[2], xr[2], xe[2], xc[2], fr, fe, fc, t;
	int i, j, lo, hi, mid, n = 0;

	for (i = 0; i < 3; i++) {
		p[i][0] = x[0] + (i == 1 ? step[0] : 0.0);
		p[i][1] = x[1] + (i == 2 ? step[1] : 0.0);
		v[i] = f(ctx, p[i]);
		n++;
	}
	for (;;) {
		/* order: lo best, hi worst, mid between */
		lo = 0;
		hi = 0;
		for (i = 1; i < 3; i++) {
			if (v[i] < v[lo])
				lo = i;
			if (!(v[i] <= v[hi]))
				hi = i;
		}
		if (lo == hi)
			hi = lo == 0 ? 1 : 0;
		mid = 3 - lo - hi;
		if (n >= maxeval || (isfinite(v[hi]) &&
		    v[hi] - v[lo] <= ftol && fabs(p[hi][0] - p[lo][0]) +
		    fabs(p[hi][1] - p[lo][1]) <= 1e-12 * (1.0 +
		    fabs(p[lo][0]) + fabs(p[lo][1]))))
			break;
		for (j = 0; j < 2; j++) {
			c[j] = 0.5 * (p[lo][j] + p[mid][j]);
			xr[j] = c[j] + (c[j] - p[hi][j]);
		}
		fr = f(ctx, xr);
		n++;
		if (fr < v[lo]) {
			for (j = 0; j < 2; j++)
				xe[j] = c[j] + 2.0 * (c[j] - p[hi][j]);
			fe = f(ctx, xe);
			n++;
			t = fe < fr ? fe : fr;
			for (j = 0; j < 2; j++)
				p[hi][j] = fe < fr ? xe[j] : xr[j];
			v[hi] = t;
			continue;
		}
		if (fr < v[mid]) {
			p[hi][0] = xr[0];
			p[hi][1] = xr[1];
			v[hi] = fr;
			continue;
		}
		/* contract toward the better of hi and its reflection */
		for (j = 0; j < 2; j++)
			xc[j] = fr < v[hi] ? c[j] + 0.5 * (xr[j] - c[j]) :
			    c[j] + 0.5 * (p[hi][j] - c[j]);
		fc = f(ctx, xc);
		n++;
		if (fc < fmin(fr, v[hi])) {
			p[hi][0] = xc[0];
			p[hi][1] = xc[1];
			v[hi] = fc;
			continue;
		}
		/* shrink toward the best */
		for (i = 0; i < 3; i++) {
			if (i == lo)
				continue;
			for (j = 0; j < 2; j++)
				p[i][j] = p[lo][j] + 0.5 * (p[i][j] - p[lo][j]);
			v[i] = f(ctx, p[i]);
			n++;
		}
	}
	x[0] = p[lo][0];
	x[1] = p[lo][1];
	return v[lo];
}
