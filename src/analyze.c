/*
 * analyze.c - the eigen-analysis of each rule's amplification matrix and
 * the stability limits (analyze.h): a rule's row's closed form (rules.c;
 * the derivations are in springsim(1), STABILITY), else a search.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "spring.h"

/* Two eigenvalues closer than this count as one (sqrt of the tolerance). */
#define REPEATED_TOL 1e-6

/*
 * An entry of M (in x, v / omega) this close to 0 is the rounding of a
 * difference of numbers of size 1 (1 - h c, 1 - h^2 w2 / 2, ...) and is
 * taken as 0: 4 ulps of 1.  Without it an exactly deadbeat matrix such as
 * [[0, 0], [c, 0]] (Nissen's coefficients) would show eigenvalues of about
 * 1e-8, the square root of the noise.
 */
#define ZERO_ENTRY (4.0 * DBL_EPSILON)

/* Step the unit states with the target at rest at 0: M's columns. */
void
spring_amplification(const spring_rule *rule, const spring_params *p,
    double h, spring_mat2 *m)
{
	static const spring_target_step rest = { 0, 0, 0, 0, 0, 0 };
	spring_coef k;
	spring_state s;

	rule->prepare(p, h, &k);
	s.x = 1.0;
	s.v = 0.0;
	rule->step(&k, &s, &rest);
	m->a = s.x;
	m->c = s.v;
	s.x = 0.0;
	s.v = 1.0;
	rule->step(&k, &s, &rest);
	m->b = s.x;
	m->d = s.v;
}

/* The larger of two magnitudes. */
static double
maxabs(double x, double y)
{
	return fabs(x) > fabs(y) ? fabs(x) : fabs(y);
}

/* x, or 0 when it is rounding noise (ZERO_ENTRY). */
static double
denoise(double x)
{
	return fabs(x) <= ZERO_ENTRY ? 0.0 : x;
}

/*
 * M's eigenvalues, spectral radius and stability verdict.  M is taken in
 * the coordinates (x, v / omega), where its entries are of the size of
 * its eigenvalues, rid of rounding noise (ZERO_ENTRY; a second real
 * eigenvalue below 4 ulps of the first is likewise 0), and scaled by a power of two (exactly) so that its
 * largest entry is in [0.5, 1): nothing overflows before the answer
 * does.  With trace T, determinant D and discriminant
 * disc = (a - d)^2 + 4 b c (= T^2 - 4 D, without the cancellation) the
 * eigenvalues are T/2 +- sqrt(disc)/2; the real pair is formed as
 * mu1 = (T + sign(T) sqrt(disc)) / 2, mu2 = D / mu1 (no cancellation).
 */
static void
eigen(spring_analysis *a, double omega)
{
	double ma = denoise(a->m.a), mb = denoise(a->m.b * omega);
	double mc = denoise(a->m.c / omega), md = denoise(a->m.d);
	double s, t, det, disc, sq, mid, off;
	int e;

	a->mu_re[0] = a->mu_re[1] = a->mu_im[0] = a->mu_im[1] = 0.0;
	a->defective = 0;
	s = maxabs(maxabs(ma, mb), maxabs(mc, md));
	if (!isfinite(s)) {
		a->kind = SPRING_OVERFLOW;
		a->radius = INFINITY;
		a->stable = 0;
		return;
	}
	if (s == 0.0) {
		a->kind = SPRING_DEADBEAT;
		a->radius = 0.0;
		a->stable = 1;
		return;
	}
	frexp(s, &e);
	ma = ldexp(ma, -e);
	mb = ldexp(mb, -e);
	mc = ldexp(mc, -e);
	md = ldexp(md, -e);
	t = ma + md;
	det = ma * md - mb * mc;
	disc = (ma - md) * (ma - md) + 4.0 * mb * mc;
	sq = sqrt(fabs(disc));
	if (disc < 0.0) {
		a->kind = SPRING_OSCILLATING;
		a->mu_re[0] = a->mu_re[1] = ldexp(t / 2.0, e);
		a->mu_im[0] = ldexp(sq / 2.0, e);
		a->mu_im[1] = -a->mu_im[0];
		a->radius = ldexp(hypot(t / 2.0, sq / 2.0), e);
	} else {
		double mu1 = (t + copysign(sq, t)) / 2.0;
		double mu2 = mu1 != 0.0 ? det / mu1 : 0.0;

		/* below the rounding of mu1 (D's error is ulps of mu1^2) */
		if (fabs(mu2) <= ZERO_ENTRY * fabs(mu1))
			mu2 = 0.0;

		a->mu_re[0] = ldexp(mu1, e);
		a->mu_re[1] = ldexp(mu2, e);
		a->radius = fabs(a->mu_re[0]);
		if (mu1 < 0.0 || mu2 < 0.0)
			a->kind = SPRING_NEGATIVE_REAL;
		else if (mu1 == 0.0 || mu2 == 0.0)
			a->kind = SPRING_DEADBEAT;
		else if ((a->mu_re[0] > 1.0) != (a->mu_re[1] > 1.0))
			a->kind = SPRING_SADDLE;
		else
			a->kind = SPRING_OVERDAMPED;
	}
	/*
	 * Two eigenvalues within REPEATED_TOL are one repeated eigenvalue.
	 * Its modulus is sqrt|D|: a defective pair splits by the square root
	 * of the rounding (1e-8) when computed, D does not.  On the unit
	 * circle it is defective unless M is that eigenvalue times I.
	 */
	if (ldexp(sq, e) <= REPEATED_TOL) {
		a->radius = ldexp(sqrt(fabs(det)), e);
		mid = t / 2.0;
		off = maxabs(maxabs(ma - mid, md - mid), maxabs(mb, mc));
		a->defective = fabs(a->radius - 1.0) <= SPRING_ANALYZE_TOL &&
		    ldexp(off, e) > REPEATED_TOL;
	}
	a->stable = a->radius <= 1.0 + SPRING_ANALYZE_TOL && !a->defective;
}

/*
 * The continuous spring with the same eigenvalues, lambda = log(mu) / h
 * (the principal logarithm: an oscillation faster than half a turn per
 * step aliases, as any sampling does).  A complex pair r e^(+-i theta):
 * omega_eff = |lambda| = hypot(log r, theta) / h, zeta_eff = -log r /
 * hypot(log r, theta).  Two positive reals: omega_eff^2 = lambda1
 * lambda2, zeta_eff = -(lambda1 + lambda2) / (2 omega_eff), when lambda1
 * lambda2 > 0.  A zero or negative eigenvalue has no equivalent.
 */
static void
effective(spring_analysis *a, const spring_params *p, double h)
{
	double w = 0.0, z = 0.0;

	a->has_eff = 0;
	if (a->kind == SPRING_OSCILLATING) {
		double lr = log(a->radius);
		double th = atan2(a->mu_im[0], a->mu_re[0]);
		double n = hypot(lr, th);

		w = n / h;
		z = -lr / n;
	} else if (a->kind == SPRING_OVERDAMPED) {
		double l1 = log(a->mu_re[0]) / h, l2 = log(a->mu_re[1]) / h;

		if (!(l1 * l2 > 0.0))
			return;
		w = sqrt(fabs(l1)) * sqrt(fabs(l2));
		z = -(l1 + l2) / (2.0 * w);
	} else
		return;
	if (!isfinite(w) || !isfinite(z))
		return;
	if (z == 0.0)
		z = 0.0;	/* not -0: -log(1) */
	a->has_eff = 1;
	a->omega_eff = w;
	a->zeta_eff = z;
	a->freq_error = w / p->omega - 1.0;
	a->damping_error = z - p->zeta;
}

/* Analyze rule for spring p at step h; see analyze.h. */
void
spring_analyze(const spring_rule *rule, const spring_params *p, double h,
    spring_analysis *a)
{
	memset(a, 0, sizeof(*a));
	spring_amplification(rule, p, h, &a->m);
	eigen(a, p->omega);
	effective(a, p, h);
}

/* The `kind` column's words. */
const char *
spring_kind_name(enum spring_kind kind)
{
	switch (kind) {
	case SPRING_OSCILLATING:
		return "oscillating";
	case SPRING_OVERDAMPED:
		return "overdamped";
	case SPRING_DEADBEAT:
		return "deadbeat";
	case SPRING_NEGATIVE_REAL:
		return "negative-real";
	case SPRING_SADDLE:
		return "saddle";
	case SPRING_OVERFLOW:
		return "overflow";
	}
	return "?";
}

/*
 * Whether rule's row has a closed form for its limit (its stable_hw,
 * rules.c: derived in springsim(1), STABILITY).
 */
int
spring_stable_hw_closed(const spring_rule *rule)
{
	return rule->stable_hw != NULL;
}

/* The limit on omega dt: the row's closed form, else the search. */
double
spring_max_stable_hw(const spring_rule *rule, double zeta)
{
	return rule->stable_hw != NULL ? rule->stable_hw(zeta) :
	    spring_search_stable_hw(rule, zeta);
}

/* The verdict of spring_analyze at omega = 1, h = hw. */
static int
stable_at(const spring_rule *rule, double zeta, double hw)
{
	spring_params p;
	spring_analysis a;

	p.omega = 1.0;
	p.zeta = zeta;
	p.mass = 1.0;
	p.fast_exp = 0;
	memset(&a, 0, sizeof(a));
	spring_amplification(rule, &p, hw, &a.m);
	eigen(&a, 1.0);
	return a.stable;
}

/* Scan, then bisect to one ulp; see analyze.h. */
double
spring_search_stable_hw(const spring_rule *rule, double zeta)
{
	double lo = 0.0, hi = 0.0, mid, hw;
	int k;

	for (k = 1; k <= 1024 && hi == 0.0; k++) {
		hw = k / 16.0;
		if (stable_at(rule, zeta, hw))
			lo = hw;
		else
			hi = hw;
	}
	for (hw = 128.0; hi == 0.0 && hw <= 0x1p40; hw *= 2.0) {
		if (stable_at(rule, zeta, hw))
			lo = hw;
		else
			hi = hw;
	}
	if (hi == 0.0)
		return INFINITY;
	for (;;) {
		mid = lo + (hi - lo) / 2.0;
		if (mid <= lo || mid >= hi)
			break;
		if (stable_at(rule, zeta, mid))
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}
