/*
 * test_exact.c - the propagator and the reference against closed forms
 * worked out here independently, in long double: the textbook amplitude
 * and phase form, (A + B t) e^(-omega t) and A e^(r1 t) + B e^(r2 t), and,
 * as a second and different check, the matrix exponential by Taylor
 * series with scaling and squaring.
 *
 * Errors are measured in units of the problem's scale: |e0| + |de0| /
 * omega for positions, omega times that for velocities.  Equivalently,
 * Phi is compared in balanced form, [[a, b omega], [c / omega, d]].
 */
#include <float.h>
#include <math.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define TOL	1e-12		/* of the scale, against long double */
#define FOUR_PI	12.566370614359172	/* omega of a 2 Hz spring */

static const double zetas[] = { 0.0, 0.3, 1.0 - 1e-9, 1.0, 1.0 + 1e-9,
	2.0, 1e4 };
static const double times[] = { 1e-6, 1e-3, 0.05, 0.3, 1.0, 4.0 };
#define NZETAS	(sizeof(zetas) / sizeof(zetas[0]))
#define NTIMES	(sizeof(times) / sizeof(times[0]))

/*
 * The offset at t from (e0, de0), the textbook way: amplitude and phase
 * under critical, (A + B t) e^(-w t) at it, two exponentials over it
 * (the slow root by r1 = w^2 / r2, Vieta, so that zeta = 1e4 keeps its
 * digits).  Long double has 11 bits to spare for the cancellation these
 * forms suffer near critical.
 */
static void
closed_ld(long double w, long double z, long double t, long double e0,
    long double de0, long double *e, long double *de)
{
	long double a, b, ex;

	if (z < 1.0L) {
		long double k = w * sqrtl((1.0L - z) * (1.0L + z)), y = z * w;
		long double r, th, ph;

		a = e0;
		b = (de0 + y * e0) / k;
		r = hypotl(a, b);
		th = atan2l(b, a);
		ph = k * t - th;
		ex = expl(-y * t);
		*e = r * ex * cosl(ph);
		*de = -r * ex * (y * cosl(ph) + k * sinl(ph));
	} else if (z == 1.0L) {
		a = e0;
		b = de0 + w * e0;
		ex = expl(-w * t);
		*e = (a + b * t) * ex;
		*de = (b - w * (a + b * t)) * ex;
	} else {
		long double r2 = -w * (z + sqrtl((z - 1.0L) * (z + 1.0L)));
		long double r1 = w * w / r2;
		long double e1 = expl(r1 * t), e2 = expl(r2 * t);

		a = (de0 - r2 * e0) / (r1 - r2);
		b = (r1 * e0 - de0) / (r1 - r2);
		*e = a * e1 + b * e2;
		*de = a * r1 * e1 + b * r2 * e2;
	}
}

/* The closed form as a balanced matrix m = [a, b w, c / w, d]. */
static void
closed_phi_ld(long double w, long double z, long double t, long double m[4])
{
	long double e, de;

	closed_ld(w, z, t, 1.0L, 0.0L, &e, &de);
	m[0] = e;
	m[2] = de / w;
	closed_ld(w, z, t, 0.0L, w, &e, &de);
	m[1] = e;
	m[3] = de / w;
}

/* 2x2 product r = p q, row major; r may be p or q. */
static void
mul_ld(const long double p[4], const long double q[4], long double r[4])
{
	long double t0 = p[0] * q[0] + p[1] * q[2];
	long double t1 = p[0] * q[1] + p[1] * q[3];
	long double t2 = p[2] * q[0] + p[3] * q[2];
	long double t3 = p[2] * q[1] + p[3] * q[3];

	r[0] = t0;
	r[1] = t1;
	r[2] = t2;
	r[3] = t3;
}

/*
 * exp(t [[0, w], [-w, -2 z w]]), the balanced system matrix: halve it
 * below 1/8, sum the Taylor series, square back.  It knows nothing of
 * regimes, which is the point.
 */
static void
expm_ld(long double w, long double z, long double t, long double m[4])
{
	long double a[4], term[4] = { 1, 0, 0, 1 };
	long double norm = w * t * (1.0L + 2.0L * z);
	int k = 0, i, j;

	while (norm > 0.125L) {
		norm /= 2.0L;
		k++;
	}
	a[0] = 0.0L;
	a[1] = ldexpl(w * t, -k);
	a[2] = -a[1];
	a[3] = ldexpl(-2.0L * z * w * t, -k);
	for (i = 0; i < 4; i++)
		m[i] = term[i];
	for (j = 1; j <= 24; j++) {
		mul_ld(term, a, term);
		for (i = 0; i < 4; i++) {
			term[i] /= j;
			m[i] += term[i];
		}
	}
	for (i = 0; i < k; i++)
		mul_ld(m, m, m);
}

/* spring_propagator as a balanced matrix, like closed_phi_ld. */
static void
phi_bal(double w, double z, double t, double m[4])
{
	spring_mat2 phi;

	spring_propagator(w, z, t, &phi);
	m[0] = phi.a;
	m[1] = phi.b * w;
	m[2] = phi.c / w;
	m[3] = phi.d;
}

/* Each entry of got within tol of want. */
static void
check_mat(const double got[4], const long double want[4], double tol)
{
	int i;

	for (i = 0; i < 4; i++)
		CHECK_NEAR(got[i], (double)want[i], tol);
}

/* Phi against the closed form and, where it converges, the series. */
static void
check_phi(double w, double z, double t, int series)
{
	double m[4];
	long double ref[4];

	phi_bal(w, z, t, m);
	closed_phi_ld(w, z, t, ref);
	check_mat(m, ref, TOL);
	if (series) {
		expm_ld(w, z, t, ref);
		check_mat(m, ref, TOL);
	}
}

/* Every regime at small to moderate times, and t = 0. */
static void
test_regimes(void)
{
	static const double omegas[] = { 1.0, FOUR_PI, 100.0 };
	spring_mat2 phi;
	size_t i, j, k;

	for (i = 0; i < sizeof(omegas) / sizeof(omegas[0]); i++)
		for (j = 0; j < NZETAS; j++)
			for (k = 0; k < NTIMES; k++)
				check_phi(omegas[i], zetas[j], times[k],
				    zetas[j] < 10.0);
	for (j = 0; j < NZETAS; j++) {
		spring_propagator(FOUR_PI, zetas[j], 0.0, &phi);
		CHECK_EQ(phi.a, 1.0);
		CHECK_EQ(phi.b, 0.0);
		CHECK_EQ(phi.c, 0.0);
		CHECK_EQ(phi.d, 1.0);
	}
}

/*
 * Large phase, omega t = 1e4, light damping so that the amplitude stays
 * up.  A rounded b t would be off by up to 1e-12, and so would b t with b
 * rounded to a double (7.5e-13 at omega = 100, zeta = 1e-6); the phase
 * is good to 1e-15 or so, so the tolerance here is 1e-13.
 */
static void
test_large_phase(void)
{
	static const double w[] = { 1.0, FOUR_PI, 7.3, 100.0 };
	static const double z[] = { 0.0, 1e-6, 1e-5, 3e-5, 1e-4, 0.3 };
	double m[4];
	long double ref[4];
	size_t i, j;

	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		for (j = 0; j < sizeof(z) / sizeof(z[0]); j++) {
			phi_bal(w[i], z[j], 1e4 / w[i], m);
			closed_phi_ld(w[i], z[j], 1e4 / w[i], ref);
			check_mat(m, ref, 1e-13);
			expm_ld(w[i], z[j], 1e4 / w[i], ref);
			check_mat(m, ref, 1e-13);
		}
}

/* zeta = 1e4: the slow mode, e^(-omega t / 2e4), over its own time. */
static void
test_heavy(void)
{
	static const double t[] = { 1e-6, 1e-3, 10.0, 100.0, 1e3, 1e4 };
	size_t i;

	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		check_phi(FOUR_PI, 1e4, t[i], 0);
		check_phi(1.0, 1e4, t[i], 0);
		check_phi(1.0, 1e3, t[i], 0);
	}
}

/*
 * Across zeta = 1: Phi is analytic in zeta, so one ulp either side must
 * agree with critical to rounding, and at +-1e-9 the two sides differ
 * from critical by equal and opposite first-order amounts.
 */
static void
test_continuity(void)
{
	double lo[4], mid[4], hi[4], ulo[4], uhi[4];
	size_t k;
	int i;

	for (k = 0; k < NTIMES; k++) {
		double t = times[k] / (FOUR_PI) * 3.0;

		phi_bal(FOUR_PI, 1.0 - 1e-9, t, lo);
		phi_bal(FOUR_PI, 1.0, t, mid);
		phi_bal(FOUR_PI, 1.0 + 1e-9, t, hi);
		phi_bal(FOUR_PI, nextafter(1.0, 0.0), t, ulo);
		phi_bal(FOUR_PI, nextafter(1.0, 2.0), t, uhi);
		for (i = 0; i < 4; i++) {
			CHECK_NEAR(ulo[i], mid[i], 1e-14);
			CHECK_NEAR(uhi[i], mid[i], 1e-14);
			CHECK_NEAR(lo[i], mid[i], 1e-8);
			CHECK_NEAR(hi[i], mid[i], 1e-8);
			CHECK_NEAR(lo[i] + hi[i], 2.0 * mid[i], 1e-12);
		}
	}
}

/* det Phi(t) = e^(-2 zeta omega t), Liouville, in every regime. */
static void
test_liouville(void)
{
	double m[4], ad, bc;
	size_t j, k;

	for (j = 0; j < NZETAS; j++)
		for (k = 0; k < NTIMES; k++) {
			phi_bal(FOUR_PI, zetas[j], times[k], m);
			ad = m[0] * m[3];
			bc = m[1] * m[2];
			CHECK_NEAR(ad - bc, exp(-2.0 * zetas[j] * FOUR_PI *
			    times[k]), 1e-14 * (fabs(ad) + fabs(bc)) + 1e-300);
		}
}

/* Phi(t1 + t2) = Phi(t1) Phi(t2), with sums exact in binary. */
static void
test_semigroup(void)
{
	static const double t1[] = { 0.25, 1.0, 0.5, 1024.0, 0x1p-20 };
	static const double t2[] = { 0.5, 3.0, 0x1p-20, 4096.0, 0x1p-20 };
	double p[4], q[4], s[4];
	long double pl[4], ql[4];
	size_t j, k;
	int i;

	for (j = 0; j < NZETAS; j++)
		for (k = 0; k < sizeof(t1) / sizeof(t1[0]); k++) {
			phi_bal(1.0, zetas[j], t1[k], p);
			phi_bal(1.0, zetas[j], t2[k], q);
			phi_bal(1.0, zetas[j], t1[k] + t2[k], s);
			for (i = 0; i < 4; i++) {
				pl[i] = p[i];
				ql[i] = q[i];
			}
			mul_ld(pl, ql, pl);
			check_mat(s, pl, 1e-14);
		}
}

/*
 * The reference toward a moving target, at times in no order, against
 * long double.
 */
static void
check_reference(double w, double z, double x0, double v0, double g0,
    double q)
{
	static const double t[] = { 0.5, 0.1, 0.1 + 1.0 / 30.0, 1e-6, 3.0,
		3.0 + 1.0 / 30.0, 3.0 + 2.0 / 30.0, 17.0, 0.0, 1.0 / 30.0 };
	spring_params p = { w, z, 1.0, 0 };
	spring_reference r;
	spring_state s;
	long double e, de;
	double scale = fabs(x0 - g0) + fabs(v0 - q) / w, tol;
	size_t i;

	spring_reference_init(&r, &p, x0, v0, g0, q, 1.0 / 30.0);
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		spring_reference_at(&r, t[i], &s);
		closed_ld(w, z, t[i], (long double)x0 - g0,
		    (long double)v0 - q, &e, &de);
		tol = TOL * scale + 4.0 * DBL_EPSILON * (fabs(g0) +
		    fabs(q * t[i]));
		CHECK_NEAR(s.x, (double)(g0 + q * (long double)t[i] + e), tol);
		CHECK_NEAR(s.v, (double)(q + de), TOL * w * scale +
		    2.0 * DBL_EPSILON * fabs(q));
	}
}

/* The reference in every regime, the target moving. */
static void
test_reference(void)
{
	size_t j;

	for (j = 0; j < NZETAS; j++) {
		check_reference(FOUR_PI, zetas[j], 3.0, -2.0, 0.5, 1.25);
		check_reference(2.0, zetas[j], -1.0, 7.0, 2.0, -0.3);
	}
}

/* t = 0 gives back the initial state, bit for bit, before and after frames. */
static void
test_reference_zero(void)
{
	static const double init[][4] = {
		{ 1.5, -0.75, 0.25, 0.125 },	/* exact differences */
		{ 0.1, 0.3, 0.0, 0.0 },
		{ 0.7, -0.2, 0.4, -0.3 },
		{ 0.1, 0.3, 1.0, 0.7 },	/* 0.1 - 1 is not exact */
	};
	spring_params p = { FOUR_PI, 0.3, 1.0, 0 };
	spring_reference r;
	spring_state s;
	size_t i;

	for (i = 0; i < sizeof(init) / sizeof(init[0]); i++) {
		spring_reference_init(&r, &p, init[i][0], init[i][1],
		    init[i][2], init[i][3], 1.0 / 60.0);
		spring_reference_at(&r, 0.0, &s);
		CHECK_EQ(s.x, init[i][0]);
		CHECK_EQ(s.v, init[i][1]);
		spring_reference_next(&r, &s);
		spring_reference_next(&r, &s);
		spring_reference_at(&r, 0.0, &s);
		CHECK_EQ(s.x, init[i][0]);
		CHECK_EQ(s.v, init[i][1]);
	}
}

/*
 * 10000 frames of 1/60 s by spring_reference_next, as sim.c calls it.
 * A frame between anchors is Phi(dt) times the last offset, to the bit;
 * anchors come at most 64 frames apart; and every frame is within 1e-13
 * of the scale of the closed form at n dt.  That is at the exact multiple:
 * the double n dt is off by up to half an ulp, which at t = 166 moves the
 * state by 2e-13 here, and the frames, like the exact rule's, stand for
 * exact multiples.
 */
static void
check_incremental(double w, double z)
{
	const double dt = 1.0 / 60.0, x0 = 1.0, v0 = 2.0, g0 = 0.25,
	    q = 0.5;
	double scale = fabs(x0 - g0) + fabs(v0 - q) / w, t;
	double worst_x = 0.0, worst_v = 0.0, e0, de0;
	spring_params p = { w, z, 1.0, 0 };
	spring_reference r;
	spring_mat2 frame;
	spring_state s;
	long double e, de, tl;
	long n, bad_bits = 0, since = 0, longest = 0;

	spring_propagator(w, z, dt, &frame);
	spring_reference_init(&r, &p, x0, v0, g0, q, dt);
	for (n = 1; n <= 10000; n++) {
		t = (double)n * dt;
		e0 = r.e;
		de0 = r.de;
		spring_reference_next(&r, &s);
		since = r.k % SPRING_REFERENCE_ANCHOR == 0 ? 0 : since + 1;
		if (since > longest)
			longest = since;
		if (since > 0 && (r.k != n ||
		    r.e != frame.a * e0 + frame.b * de0 ||
		    r.de != frame.c * e0 + frame.d * de0 ||
		    s.x != g0 + q * t + r.e || s.v != q + r.de))
			bad_bits++;
		/* the target at t, as sim.c has it; the offset at n dt */
		tl = (long double)n * dt;
		closed_ld(w, z, tl, (long double)x0 - g0,
		    (long double)v0 - q, &e, &de);
		worst_x = fmax(worst_x, fabs(s.x - (double)(g0 +
		    q * (long double)t + e)));
		worst_v = fmax(worst_v, fabs(s.v - (double)(q + de)));
	}
	CHECK(bad_bits == 0);
	CHECK(longest == SPRING_REFERENCE_ANCHOR - 1);
	CHECK_NEAR(worst_x, 0.0, 1e-13 * scale);
	CHECK_NEAR(worst_v, 0.0, 1e-13 * w * scale);
}

/*
 * Phi depends on omega and t only through x = omega t: the balanced
 * matrix at omega from 1e-300 to 1e300, t = x / omega, is the one at
 * omega = 1 over x, here the long double closed form.  omega^2 overflows
 * past 1.3e154 and underflows below 1e-154 (or, with subnormals flushed,
 * 1.5e-154): no entry may be formed through it.
 */
static void
test_extreme_omegas(void)
{
	static const double w[] = { 1e-300, 1e-200, 1e-155, 1e-80, 1.0,
		1e80, 1e155, 1e200, 1e300 };
	static const double x[] = { 1e-3, 0.5, 3.0, 30.0 };
	double m[4];
	long double ref[4];
	size_t i, j, k;

	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		for (j = 0; j < NZETAS; j++)
			for (k = 0; k < sizeof(x) / sizeof(x[0]); k++) {
				phi_bal(w[i], zetas[j], x[k] / w[i], m);
				closed_phi_ld(1.0L, zetas[j], x[k], ref);
				check_mat(m, ref, TOL);
			}
}

/*
 * The limits where omega t is past any exponent (1e78 to 1e298 over a
 * frame): damped, every entry of the balanced matrix is 0; undamped it
 * is a rotation, [[C, S], [-S, C]] with C^2 + S^2 = 1, whatever the phase
 * (which at 1e48 has no digits left, but must still be a phase).  And a
 * zeta past 2^27, where zeta + sqrt(zeta^2 - 1) is 2 zeta and zeta^2
 * overflows past 1.3e154: the slow mode e^(-omega t / (2 zeta)) is the
 * top left, the rest within 1 / zeta of 0.
 */
static void
test_extreme_limits(void)
{
	static const double w[] = { 1e80, 1e155, 1e200, 1e300 };
	static const double z[] = { 1e-3, 0.3, 1.0 - 1e-9, 1.0, 1.0 + 1e-9,
		2.0, 1e4 };
	static const double heavy[] = { 1e9, 1e154, 1e200, 1e300 };
	double m[4];
	size_t i, j;
	int k;

	for (i = 0; i < sizeof(w) / sizeof(w[0]); i++) {
		for (j = 0; j < sizeof(z) / sizeof(z[0]); j++) {
			phi_bal(w[i], z[j], 1.0 / 60.0, m);
			for (k = 0; k < 4; k++)
				CHECK_EQ(m[k], 0.0);
		}
		phi_bal(w[i], 0.0, 1.0 / 60.0, m);
		CHECK_NEAR(m[0] * m[0] + m[1] * m[1], 1.0, 1e-15);
		CHECK_NEAR(m[3], m[0], 1e-15);
		CHECK_NEAR(m[2], -m[1], 1e-15);
	}
	for (i = 0; i < sizeof(heavy) / sizeof(heavy[0]); i++) {
		/* omega t / (2 zeta) = 0.5 */
		phi_bal(1.0, heavy[i], heavy[i], m);
		CHECK_NEAR(m[0], exp(-0.5), 1e-15);
		CHECK_NEAR(m[1], 0.0, 1.0 / heavy[i]);
		CHECK_NEAR(m[2], 0.0, 1.0 / heavy[i]);
		CHECK_NEAR(m[3], 0.0, 1.0 / heavy[i]);
		/* the same at omega = zeta: t = 1 */
		phi_bal(heavy[i], heavy[i], 1.0, m);
		CHECK_NEAR(m[0], exp(-0.5), 1e-15);
		CHECK_NEAR(m[1], 0.0, 1.0 / heavy[i]);
		CHECK_NEAR(m[3], 0.0, 1.0 / heavy[i]);
	}
}

/*
 * Holden's half-life H with a damping ratio Z (omega = 2 ln2 / (H Z))
 * from 1e-300 to 1e300 s: the reference from rest toward 1, frame by
 * frame at 60 fps and re-anchored, against the long double closed form
 * (whose exponent range, 1e4932, holds omega^2 for any double omega).
 * Where the slowest decay rate times dt is past 745 the spring is at the
 * target after one frame, at rest: x = 1, v = 0 exactly.
 */
static void
test_halflives(void)
{
	static const double z[] = { 0.3, 1.0, 2.0 };
	spring_reference r;
	spring_params p = { 0 };
	spring_state s;
	long double e, de;
	double h, dt = 1.0 / 60.0, t, slow;
	int k, n, bad = 0, far = 0;
	size_t j;

	for (k = -300; k <= 300; k += 5)
		for (j = 0; j < sizeof(z) / sizeof(z[0]); j++) {
			h = pow(10.0, k);
			p.omega = 2.0 * 0.693147180559945309417232121458 /
			    (h * z[j]);
			p.zeta = z[j];
			p.mass = 1.0;
			p.fast_exp = 0;
			/* the slowest decay rate, by hand */
			slow = z[j] <= 1.0 ? z[j] * p.omega : p.omega /
			    (z[j] + sqrt(z[j] * z[j] - 1.0));
			spring_reference_init(&r, &p, 0.0, 0.0, 1.0, 0.0, dt);
			for (n = 1; n <= SPRING_REFERENCE_ANCHOR + 3; n++) {
				spring_reference_next(&r, &s);
				t = n * dt;
				closed_ld(p.omega, z[j], (long double)n / 60.0L,
				    -1.0L, 0.0L, &e, &de);
				bad += !isfinite(s.x) || !isfinite(s.v);
				bad += !(fabs(s.x - (double)(1.0L + e)) <= 1e-12);
				bad += !(fabs(s.v - (double)de) <=
				    1e-12 * p.omega);
				if (slow * dt > 800.0) {
					far += s.x != 1.0 || s.v != 0.0;
					spring_reference_at(&r, t, &s);
					far += s.x != 1.0 || s.v != 0.0;
				}
			}
		}
	CHECK(bad == 0);
	CHECK(far == 0);
}

/* The suite. */
void
test_exact(void)
{
	test_regimes();
	test_large_phase();
	test_heavy();
	test_continuity();
	test_liouville();
	test_semigroup();
	test_reference();
	test_reference_zero();
	check_incremental(FOUR_PI, 0.3);
	check_incremental(FOUR_PI, 0.0);
	test_extreme_omegas();
	test_extreme_limits();
	test_halflives();
}
