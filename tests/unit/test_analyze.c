/*
 * test_analyze.c - the amplification matrix of every rule against the
 * matrix worked out by hand from its formula, the stability limits (the
 * closed forms, the search, the spectral radius either side of the
 * boundary), the effective spring of the exact rule, Nissen's deadbeat
 * coefficients, and the grid parser behind --dt, --hw and --zeta.
 */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "spring.h"
#include "check.h"
#include "cli/grid.h"
#include "suites.h"

/* M for rule at (omega, zeta, h). */
static spring_mat2
matrix(const spring_rule *rule, double omega, double zeta, double h)
{
	spring_params p = { omega, zeta, 1.0, 0 };
	spring_mat2 m;

	spring_amplification(rule, &p, h, &m);
	return m;
}

/* Every entry of got within tol of want. */
static void
check_matrix(const char *what, spring_mat2 got, double a, double b,
    double c, double d, double tol)
{
	int ok = fabs(got.a - a) <= tol && fabs(got.b - b) <= tol &&
	    fabs(got.c - c) <= tol && fabs(got.d - d) <= tol;

	if (!ok)
		fprintf(stderr, "%s: M = [%.17g %.17g; %.17g %.17g], want "
		    "[%.17g %.17g; %.17g %.17g]\n", what, got.a, got.b, got.c,
		    got.d, a, b, c, d);
	CHECK(ok);
}

/* x y, 2x2. */
static spring_mat2
mul(spring_mat2 x, spring_mat2 y)
{
	spring_mat2 r = { x.a * y.a + x.b * y.c, x.a * y.b + x.b * y.d,
	    x.c * y.a + x.d * y.c, x.c * y.b + x.d * y.d };

	return r;
}

/*
 * The chosen spring: omega = 2 (w2 = 4), zeta = 0.25 (c = 2 zeta omega =
 * 1), h = 0.1, so h c = 0.1, h^2 w2 = 0.04, omega h = 0.2.  A = [[0, 1],
 * [-w2, -c]] is the continuous spring's matrix.
 */
static void
hand_matrices(void)
{
	const double h = 0.1, w2 = 4.0, c = 1.0, tol = 1e-15;
	spring_mat2 hA = { 0.0, h, -w2 * h, -c * h }, t, r;
	double wd, e, co, si;
	int k;

	/* x' = x + h v, v' = v + h (-w2 x - c v) */
	check_matrix("explicit", matrix(spring_rule_explicit, 2, 0.25, h),
	    1.0, 0.1, -0.4, 0.9, tol);
	/* v' = -w2 h x + (1 - c h) v, x' = x + h v' */
	check_matrix("semi-implicit",
	    matrix(spring_rule_semi_implicit, 2, 0.25, h),
	    1.0 - 0.04, 0.1 * 0.9, -0.4, 0.9, tol);
	/*
	 * x' = x + h v, v' = v + h (-w2 (x + h v) - c v) / (1 + h c) =
	 * (-w2 h x + (1 - w2 h^2) v) / (1 + h c)
	 */
	check_matrix("implicit", matrix(spring_rule_implicit, 2, 0.25, h),
	    1.0, 0.1, -0.4 / 1.1, 0.96 / 1.1, tol);
	/*
	 * rigidbody: implicit's v', then x' = x + h v': the first row is
	 * [1, 0] + h (second row) = [1 - 0.04 / 1.1, 0.1 * 0.96 / 1.1]
	 */
	check_matrix("rigidbody", matrix(spring_rule_rigidbody, 2, 0.25, h),
	    1.06 / 1.1, 0.096 / 1.1, -0.4 / 1.1, 0.96 / 1.1, tol);
	/* (I - h A)^-1 = [[1 + h c, h], [-w2 h, 1]] / (1 + h c + h^2 w2) */
	check_matrix("backward-euler",
	    matrix(spring_rule_backward_euler, 2, 0.25, h),
	    1.1 / 1.14, 0.1 / 1.14, -0.4 / 1.14, 1.0 / 1.14, tol);
	/*
	 * x' = (1 - w2 h^2 / 2) x + h (1 - c h / 2) v; v' = (v + h/2 (a0 -
	 * w2 x')) / (1 + c h / 2): [-w2 h (1 - w2 h^2 / 4), (1 - c h / 2)
	 * (1 - w2 h^2 / 2)] / (1 + c h / 2)
	 */
	check_matrix("verlet", matrix(spring_rule_verlet, 2, 0.25, h),
	    0.98, 0.095, -0.4 * 0.99 / 1.05, 0.95 * 0.98 / 1.05, tol);
	/* RK4 on y' = A y is the Taylor polynomial of e^(hA) to degree 4 */
	r.a = 1.0;
	r.b = 0.0;
	r.c = 0.0;
	r.d = 1.0;
	t = r;
	for (k = 1; k <= 4; k++) {
		t = mul(t, hA);
		t.a /= k;
		t.b /= k;
		t.c /= k;
		t.d /= k;
		r.a += t.a;
		r.b += t.b;
		r.c += t.c;
		r.d += t.d;
	}
	check_matrix("rk4", matrix(spring_rule_rk4, 2, 0.25, h), r.a, r.b,
	    r.c, r.d, tol);
	/*
	 * e^(hA), under-damped: e^(-zeta omega h) [[cos + (zeta omega / wd)
	 * sin, sin / wd], [-omega^2 sin / wd, cos - (zeta omega / wd) sin]],
	 * wd = omega sqrt(1 - zeta^2), cos and sin of wd h.
	 */
	wd = 2.0 * sqrt(1.0 - 0.0625);
	e = exp(-0.05);
	co = cos(wd * h);
	si = sin(wd * h);
	check_matrix("exact", matrix(spring_rule_exact, 2, 0.25, h),
	    e * (co + 0.5 / wd * si), e * si / wd, -e * 4.0 * si / wd,
	    e * (co - 0.5 / wd * si), tol);
}

/* rk4 on the negative real axis: the root of z^3 + 4 z^2 + 12 z + 24. */
static double
rk4_real_limit(void)
{
	double z = -2.8;
	int i;

	/* R(z) = 1 + z + z^2/2 + z^3/6 + z^4/24 = 1: z (24 + 12 z + ...) */
	for (i = 0; i < 50; i++)
		z -= (((z + 4.0) * z + 12.0) * z + 24.0) /
		    ((3.0 * z + 8.0) * z + 12.0);
	return -z;
}

/* Spring analysis at omega = 1, h = hw. */
static spring_analysis
at(const spring_rule *rule, double zeta, double hw)
{
	spring_params p = { 1.0, zeta, 1.0, 0 };
	spring_analysis a;

	spring_analyze(rule, &p, hw, &a);
	return a;
}

/*
 * The limits the README gives ("What a rule does at this dt"), as numbers
 * worked by hand, and
 * the closed forms against the search that knows nothing of them.
 */
static void
limits(void)
{
	static const double zetas[] = { 0.0, 0.01, 0.1, 0.3, 0.5, 0.75,
	    0.999, 1.0, 1.001, 1.25, 2.0, 5.0, 30.0 };
	const spring_rule *const *r;
	double z, lim, got;
	size_t i;

	/* semi-implicit: 2 undamped; 2 / (0.75 + 1.25) = 1 */
	CHECK_NEAR(spring_max_stable_hw(spring_rule_semi_implicit, 0), 2, 1e-15);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_semi_implicit, 0.75), 1,
	    1e-15);
	/* implicit: 2 (zeta + sqrt(zeta^2 + 1)): 2; 2 (0.75 + 1.25) = 4 */
	CHECK_NEAR(spring_max_stable_hw(spring_rule_implicit, 0), 2, 1e-15);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_implicit, 0.75), 4, 1e-15);
	/* explicit: 0 undamped, 2 zeta below 1, 2 / (1.25 + 0.75) = 1 */
	CHECK_EQ(spring_max_stable_hw(spring_rule_explicit, 0), 0);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_explicit, 0.3), 0.6, 1e-15);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_explicit, 1.25), 1, 1e-15);
	/* verlet: 2 whatever the damping */
	CHECK_EQ(spring_max_stable_hw(spring_rule_verlet, 0), 2);
	CHECK_EQ(spring_max_stable_hw(spring_rule_verlet, 3), 2);
	/* rk4: 2 sqrt 2 undamped; at zeta = 1 the real root 2.7852935... */
	CHECK(!spring_stable_hw_closed(spring_rule_rk4));
	CHECK_NEAR(spring_max_stable_hw(spring_rule_rk4, 0), 2 * sqrt(2),
	    1e-9);
	CHECK_NEAR(rk4_real_limit(), 2.785293563405282, 1e-12);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_rk4, 1), rk4_real_limit(),
	    1e-9);
	/* over-damped, the fast root -(zeta + sqrt(zeta^2 - 1)) decides */
	CHECK_NEAR(spring_max_stable_hw(spring_rule_rk4, 2),
	    rk4_real_limit() / (2 + sqrt(3)), 1e-9);
	/* backward Euler and the exact rule: every step */
	for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++) {
		CHECK(isinf(spring_max_stable_hw(spring_rule_backward_euler,
		    zetas[i])));
		CHECK(isinf(spring_max_stable_hw(spring_rule_exact, zetas[i])));
		CHECK(isinf(spring_search_stable_hw(spring_rule_backward_euler,
		    zetas[i])));
		CHECK(isinf(spring_search_stable_hw(spring_rule_exact,
		    zetas[i])));
	}
	/*
	 * Closed form against the search, to 1e-9 (relative above 1).  The
	 * search finds where the radius passes 1 + 1e-12, which is off the
	 * true limit by 1e-12 over the radius' slope there: explicit's
	 * (H^2 - 2 zeta H) / 2 has slope zeta, 1e-10 off at zeta = 0.01; at
	 * zeta = 0 its growth H^2 / 2 stays under the tolerance up to H =
	 * 1.4e-6, so the search stops there, not at 0.
	 */
	for (r = spring_rules; *r != NULL; r++) {
		if (!spring_stable_hw_closed(*r))
			continue;
		for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++) {
			z = zetas[i];
			lim = spring_max_stable_hw(*r, z);
			got = spring_search_stable_hw(*r, z);
			if (isinf(lim)) {
				CHECK(isinf(got));
				continue;
			}
			if (*r == spring_rule_explicit && z == 0.0) {
				CHECK(got < 2e-6);
				continue;
			}
			if (fabs(got - lim) > 1e-9 * fmax(1, lim))
				fprintf(stderr, "%s at zeta %g: closed %.17g, "
				    "search %.17g\n", (*r)->name, z, lim, got);
			CHECK_NEAR(got, lim, 1e-9 * fmax(1, lim));
		}
	}
}

/*
 * The spectral radius and the verdict either side of every finite limit,
 * 1e-6 relative inside and outside; and the marginal and defective cases.
 */
static void
boundaries(void)
{
	static const double zetas[] = { 0.0, 0.05, 0.3, 0.5, 1.0, 2.0, 7.0 };
	const spring_rule *const *r;
	spring_analysis a;
	double lim, h;
	size_t i;
	int k;

	for (r = spring_rules; *r != NULL; r++)
		for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++) {
			lim = spring_max_stable_hw(*r, zetas[i]);
			if (isinf(lim) || lim == 0.0)
				continue;
			a = at(*r, zetas[i], lim * (1 - 1e-6));
			CHECK(a.stable);
			CHECK(a.radius <= 1.0 + 1e-12);
			a = at(*r, zetas[i], lim * (1 + 1e-6));
			CHECK(!a.stable);
			CHECK(a.radius > 1.0);
		}
	/*
	 * Explicit Euler undamped grows at every step: |1 + i H| =
	 * sqrt(1 + H^2), and its equivalent spring has zeta_eff < 0.
	 */
	for (h = 1e-5; h < 1e3; h *= 10) {
		a = at(spring_rule_explicit, 0, h);
		CHECK(!a.stable);
		CHECK_NEAR(a.radius, sqrt(1 + h * h), 1e-15 * sqrt(1 + h * h));
		CHECK(a.has_eff && a.zeta_eff < 0);
	}
	/* the marginal rules undamped inside the limit: radius 1, stable */
	for (k = 1; k < 20; k++) {
		h = k / 10.0;
		a = at(spring_rule_semi_implicit, 0, h);
		CHECK(a.stable);
		CHECK_NEAR(a.radius, 1, 1e-15);
		a = at(spring_rule_implicit, 0, h);
		CHECK(a.stable);
		CHECK_NEAR(a.radius, 1, 1e-15);
		a = at(spring_rule_verlet, 0, h);
		CHECK(a.stable);
		CHECK_NEAR(a.radius, 1, 1e-15);
		/* rk4: |R(iH)|^2 = 1 - H^6 / 72 + H^8 / 576 */
		a = at(spring_rule_rk4, 0, h);
		CHECK_NEAR(a.radius, sqrt(1 - pow(h, 6) / 72 + pow(h, 8) / 576),
		    1e-15);
	}
	/*
	 * At omega dt = 2 undamped, semi-implicit is M = [[1 - 4, 2], [-2, 1]]
	 * = [[-3, 2], [-2, 1]]: trace -2, determinant 1, a double eigenvalue
	 * -1 with M + I != 0, a Jordan block: M^n grows like n.  Unstable,
	 * radius 1.  Implicit and verlet likewise.
	 */
	a = at(spring_rule_semi_implicit, 0, 2);
	check_matrix("semi-implicit at 2", a.m, -3, 2, -2, 1, 0);
	CHECK(a.defective && !a.stable);
	CHECK_NEAR(a.radius, 1, 1e-15);
	CHECK(at(spring_rule_implicit, 0, 2).defective);
	CHECK(at(spring_rule_verlet, 0, 2).defective);
	/* explicit at zeta = 1, H = 2: [[1, 2], [-2, -3]], the same block */
	a = at(spring_rule_explicit, 1, 2);
	check_matrix("explicit at 2", a.m, 1, 2, -2, -3, 0);
	CHECK(a.defective && !a.stable);
	/* the exact rule at H = pi undamped is -I: repeated, not defective */
	a = at(spring_rule_exact, 0, 3.141592653589793);
	CHECK(!a.defective && a.stable);
	CHECK_NEAR(a.radius, 1, 1e-15);
	/* backward Euler and exact: stable at any step and damping */
	for (h = 1e-3; h < 1e7; h *= 10)
		for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++) {
			CHECK(at(spring_rule_backward_euler, zetas[i], h).stable);
			CHECK(at(spring_rule_exact, zetas[i], h).stable);
		}
	/* Studio Gobo's implicit update is not unconditionally stable */
	CHECK(!at(spring_rule_implicit, 0.5, 6.6).stable);
	CHECK(!at(spring_rule_implicit, 0, 66 * 0.033).stable);
	CHECK(at(spring_rule_implicit, 0, 60 * 0.033).stable);
}

/*
 * Studio Gobo's appendix B (rigidbody), its eigenvalues from the closed
 * form.  With u = 2 zeta H: M = [[1 + u - H^2, h (1 - H^2)], [-w2 h,
 * 1 - H^2]] / (1 + u), T = (2 + u - 2 H^2) / (1 + u), D = (1 - H^2) /
 * (1 + u), mu = T/2 +- sqrt(T^2/4 - D).  By hand (omega 1, h = H):
 *	zeta 0, H 0.5:     T 1.5, D 0.75: 0.75 +- i sqrt(0.1875), |mu|^2 = D
 *	zeta 1, H 0.5:     u 1, T 1.25, D 0.375: 0.75, 0.5
 *	zeta 1/4, H 1:     u 1/2, T 1/3, D 0: 1/3, 0
 *	zeta 0, H 1:       M = [[0, 0], [-1, 0]]: nilpotent, deadbeat
 *	zeta 11/4, H 2:    u 11, T 5/12, D -1/4: 3/4, -1/3: stable
 *	zeta 1, H 2:       u 4, T -0.4, D -0.6: -1, 0.6: on the limit
 *	zeta 1/4, H 2:     u 1, T -2.5, D -1.5: -3, 0.5: unstable
 * The limit 2 (zeta + sqrt(zeta^2 + 3)) / 3: 2 / sqrt 3 undamped, 4/3 at
 * zeta 1/4, 2 at zeta 1, 4 at zeta 11/4, and sqrt 2 at zeta 1 / (2 sqrt
 * 2), where semi-implicit's 2 / (zeta + sqrt(zeta^2 + 1)) is sqrt 2 too.
 * Target at rest, the rule is semi-implicit Euler on a softer spring:
 * its v' = ((1 - H^2) v - w2 h x) / (1 + u) is semi-implicit's (1 - h c')
 * v - w2' h x with w2' = w2 / (1 + h c), c' = (c + h w2) / (1 + h c).
 */
static void
rigidbody_eigen(void)
{
	static const double zetas[] = { 0, 0.3, 0.7, 1.5, 4 };
	static const double hws[] = { 0.05, 0.3, 0.9, 1.1, 1.7 };
	static const double springs[][3] = {	/* omega, zeta, h */
		{ 3, 0.4, 0.1 }, { 10, 0, 0.05 }, { 2, 2, 0.7 }, { 50, 1, 0.1 },
	};
	spring_analysis a;
	size_t i, j;

	a = at(spring_rule_rigidbody, 0, 0.5);
	CHECK(a.kind == SPRING_OSCILLATING && a.stable);
	CHECK_NEAR(a.mu_re[0], 0.75, 1e-15);
	CHECK_NEAR(fabs(a.mu_im[0]), sqrt(0.1875), 1e-15);
	CHECK_NEAR(a.radius, sqrt(0.75), 1e-15);
	a = at(spring_rule_rigidbody, 1, 0.5);
	CHECK(a.kind == SPRING_OVERDAMPED && a.stable);
	CHECK_NEAR(a.mu_re[0], 0.75, 1e-15);
	CHECK_NEAR(a.mu_re[1], 0.5, 1e-15);
	/* lambda = 2 log mu: omega_eff^2 = lambda1 lambda2 */
	CHECK(a.has_eff);
	CHECK_NEAR(a.omega_eff, 2 * sqrt(log(0.75) * log(0.5)), 1e-14);
	a = at(spring_rule_rigidbody, 0.25, 1);
	CHECK(a.kind == SPRING_DEADBEAT && a.stable);
	CHECK_NEAR(a.mu_re[0], 1.0 / 3, 1e-15);
	CHECK_EQ(a.mu_re[1], 0);
	a = at(spring_rule_rigidbody, 0, 1);
	check_matrix("rigidbody at H 1", a.m, 0, 0, -1, 0, 0);
	CHECK(a.kind == SPRING_DEADBEAT && a.radius == 0 && a.stable);
	a = at(spring_rule_rigidbody, 2.75, 2);
	CHECK(a.kind == SPRING_NEGATIVE_REAL && a.stable);
	CHECK_NEAR(a.mu_re[0], 0.75, 1e-15);
	CHECK_NEAR(a.mu_re[1], -1.0 / 3, 1e-15);
	a = at(spring_rule_rigidbody, 1, 2);
	CHECK_NEAR(a.mu_re[0], -1, 1e-15);
	CHECK_NEAR(a.mu_re[1], 0.6, 1e-15);
	CHECK(a.stable && !a.defective);
	a = at(spring_rule_rigidbody, 0.25, 2);
	CHECK_NEAR(a.mu_re[0], -3, 1e-15);
	CHECK_NEAR(a.mu_re[1], 0.5, 1e-15);
	CHECK(!a.stable);
	CHECK_NEAR(a.radius, 3, 1e-15);

	/* the closed form's eigenvalues over a grid, larger modulus first */
	for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++)
		for (j = 0; j < sizeof(hws) / sizeof(hws[0]); j++) {
			double z = zetas[i], hw = hws[j], u = 2 * z * hw;
			double t = (2 + u - 2 * hw * hw) / (1 + u);
			double d = (1 - hw * hw) / (1 + u);
			double disc = t * t / 4 - d, m1, m2;

			a = at(spring_rule_rigidbody, z, hw);
			if (disc < 0) {
				CHECK(a.kind == SPRING_OSCILLATING);
				CHECK_NEAR(a.mu_re[0], t / 2, 1e-14);
				CHECK_NEAR(fabs(a.mu_im[0]), sqrt(-disc), 1e-14);
				CHECK_NEAR(a.radius, sqrt(d), 1e-14);
			} else {
				m1 = t / 2 + sqrt(disc);
				m2 = t / 2 - sqrt(disc);
				if (fabs(m2) > fabs(m1)) {
					double tmp = m1;

					m1 = m2;
					m2 = tmp;
				}
				CHECK_NEAR(a.mu_re[0], m1, 1e-14);
				CHECK_NEAR(a.mu_re[1], m2, 1e-14);
				CHECK_NEAR(a.radius, fabs(m1), 1e-14);
			}
			CHECK(a.stable == (hw <= 2 * (z + sqrt(z * z + 3)) / 3));
		}

	/* the limit, by hand */
	CHECK_NEAR(spring_max_stable_hw(spring_rule_rigidbody, 0), 2 / sqrt(3),
	    1e-15);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_rigidbody, 0.25), 4.0 / 3,
	    1e-15);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_rigidbody, 1), 2, 1e-15);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_rigidbody, 2.75), 4,
	    1e-15);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_rigidbody, sqrt(2) / 4),
	    sqrt(2), 1e-15);
	CHECK_NEAR(spring_max_stable_hw(spring_rule_semi_implicit,
	    sqrt(2) / 4), sqrt(2), 1e-15);
	/* not unconditionally stable, as the article says of implicit */
	CHECK(at(spring_rule_rigidbody, 0.5, 1.5).stable);
	CHECK(!at(spring_rule_rigidbody, 0.5, 1.6).stable);
	CHECK(!at(spring_rule_rigidbody, 0, 1.2).stable);

	/*
	 * The spring it really simulates, to first order in H (from the
	 * series of T and D in the lambdas: log D / h = lambda1 + lambda2 =
	 * -c + h (c^2 / 2 - w2) + ...): omega_eff = omega (1 - zeta H / 2),
	 * zeta_eff = zeta + H (1 - zeta^2) / 2; the next terms are under
	 * 2 H^2 for zeta up to 1.5 (they grow like zeta^3 H^2).
	 */
	for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]) - 1; i++) {
		double z = zetas[i], hw = 1e-3;

		a = at(spring_rule_rigidbody, z, hw);
		CHECK(a.has_eff);
		CHECK_NEAR(a.freq_error, -z * hw / 2, 3 * hw * hw);
		CHECK_NEAR(a.damping_error, hw * (1 - z * z) / 2, 3 * hw * hw);
	}

	/* the softer semi-implicit spring, entry by entry */
	for (i = 0; i < sizeof(springs) / sizeof(springs[0]); i++) {
		double w = springs[i][0], z = springs[i][1], h = springs[i][2];
		double c = 2 * z * w, w2 = w * w / (1 + h * c);
		double c2 = (c + h * w * w) / (1 + h * c), w1 = sqrt(w2);
		spring_mat2 r = matrix(spring_rule_rigidbody, w, z, h);
		spring_mat2 si = matrix(spring_rule_semi_implicit, w1,
		    c2 / (2 * w1), h);

		check_matrix("rigidbody as softer semi-implicit", r, si.a, si.b,
		    si.c, si.d, 1e-13 * (1 + w * w));
	}
}

/*
 * The exact rule's eigenvalues are e^(lambda h) for the spring's own
 * lambda: its effective omega and zeta are the spring's, while omega h
 * sqrt(1 - zeta^2) stays below pi (beyond, the phase aliases).
 */
static void
exact_effective(void)
{
	static const double zetas[] = { 0.0, 0.1, 0.3, 0.7, 0.999, 1.0, 1.001,
	    2.0, 10.0 };
	static const double hws[] = { 0.01, 0.3, 1.0, 2.5 };
	spring_params p = { 0 };
	spring_analysis a;
	size_t i, j;

	for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++)
		for (j = 0; j < sizeof(hws) / sizeof(hws[0]); j++) {
			/*
			 * The fast root e^-(zeta + sqrt(zeta^2 - 1)) H comes
			 * from M's determinant, known to ulps of the slow
			 * root squared: to 1e-12 only while it is > 1e-3.
			 */
			if (zetas[i] * hws[j] > 3)
				continue;
			p.omega = 7.0;
			p.zeta = zetas[i];
			p.mass = 1.0;
			spring_analyze(spring_rule_exact, &p, hws[j] / 7.0, &a);
			CHECK(a.has_eff);
			CHECK_NEAR(a.omega_eff, 7.0, 7e-12);
			CHECK_NEAR(a.zeta_eff, zetas[i], 1e-12);
			CHECK_NEAR(a.freq_error, 0, 1e-12);
			CHECK_NEAR(a.damping_error, 0, 1e-12);
			CHECK(a.stable);
		}
	/* and the other rules' at a small step converge to it (order 1) */
	p.omega = 7.0;
	p.zeta = 0.3;
	spring_analyze(spring_rule_semi_implicit, &p, 1e-4, &a);
	CHECK(a.has_eff && fabs(a.freq_error) < 1e-3 &&
	    fabs(a.damping_error) < 1e-3);
}

/*
 * Nissen's coefficients.  Semi-implicit at Ck = Cd = 1: omega h = 1, c h =
 * 1, M = [[1 - 1, h (1 - 1)], [-1 / h, 1 - 1]] = [[0, 0], [-1/h, 0]],
 * nilpotent.  Verlet at Ck = Cd = 2 (the comments' k = 2m/dt^2, d =
 * 2m/dt): w2 h^2 = 2, c h = 2, M = [[1 - 1, h (1 - 1)], [-w2 h (1 - 1/2) /
 * 2, 0]] = [[0, 0], [-1 / (2 h), 0]].  Both: radius 0, x on the target
 * after one step, at rest only after the second.
 */
static void
nissen(void)
{
	const double h = 0.1;
	spring_params p = { 0 };
	spring_analysis a;

	spring_from_nissen(1, 1, 1, h, &p);
	spring_analyze(spring_rule_semi_implicit, &p, h, &a);
	check_matrix("semi-implicit Ck = Cd = 1", a.m, 0, 0, -1 / h, 0, 1e-14);
	CHECK_EQ(a.radius, 0);
	CHECK(a.kind == SPRING_DEADBEAT && a.stable && !a.has_eff);
	spring_from_nissen(2, 2, 1, h, &p);
	spring_analyze(spring_rule_verlet, &p, h, &a);
	check_matrix("verlet Ck = Cd = 2", a.m, 0, 0, -1 / (2 * h), 0, 1e-14);
	CHECK_EQ(a.radius, 0);
	CHECK(a.kind == SPRING_DEADBEAT && a.stable);
	/* semi-implicit's limit in Nissen's terms: Ck + 2 Cd < 4 */
	spring_from_nissen(1.9, 1, 1, h, &p);
	spring_analyze(spring_rule_semi_implicit, &p, h, &a);
	CHECK(a.stable);
	spring_from_nissen(2.1, 1, 1, h, &p);
	spring_analyze(spring_rule_semi_implicit, &p, h, &a);
	CHECK(!a.stable);
}

/* The kinds the eigenvalues fall into. */
static void
kinds(void)
{
	spring_analysis a;

	a = at(spring_rule_explicit, 0.3, 0.1);
	CHECK(a.kind == SPRING_OSCILLATING);
	/* explicit over-damped, 1 + h lambda for both real roots */
	a = at(spring_rule_explicit, 3, 0.01);
	CHECK(a.kind == SPRING_OVERDAMPED && a.has_eff && a.zeta_eff > 1);
	CHECK_NEAR(a.mu_re[0], 1 - 0.01 * (3 - sqrt(8)), 1e-15);
	CHECK_NEAR(a.mu_re[1], 1 - 0.01 * (3 + sqrt(8)), 1e-15);
	/* the fast root past -1: 1 - 0.5 (3 + sqrt 8) < 0 */
	a = at(spring_rule_explicit, 3, 0.5);
	CHECK(a.kind == SPRING_NEGATIVE_REAL && !a.has_eff && !a.stable);
	/* rk4 over-damped past its limit: R(z) > 1 for the fast root only */
	a = at(spring_rule_rk4, 2, 2);
	CHECK(a.kind == SPRING_SADDLE && !a.has_eff && !a.stable);
	CHECK(strcmp(spring_kind_name(SPRING_NEGATIVE_REAL),
	    "negative-real") == 0);
}

static int saved_stderr = -1;

/* Send stderr to /dev/null (the error paths print their message). */
static void
quiet(void)
{
	int fd = open("/dev/null", O_WRONLY);

	fflush(stderr);
	saved_stderr = dup(2);
	if (fd >= 0) {
		dup2(fd, 2);
		close(fd);
	}
}

/* Give stderr back. */
static void
loud(void)
{
	fflush(stderr);
	if (saved_stderr >= 0) {
		dup2(saved_stderr, 2);
		close(saved_stderr);
		saved_stderr = -1;
	}
}

/* The grid's points by iterator, by index and by array agree. */
static void
check_points(const char *text, const double *want, long n)
{
	struct grid g;
	struct grid_iter it;
	double x, buf[16];
	long i = 0;

	CHECK(grid_parse("--t", text, NULL, &g) == 0);
	CHECK(grid_count(&g) == n);
	grid_begin(&g, &it);
	while (grid_next(&it, &x)) {
		if (i < n && x != want[i])
			fprintf(stderr, "%s: point %ld is %.17g, want %.17g\n",
			    text, i, x, want[i]);
		CHECK(i < n && x == want[i]);
		CHECK(grid_at(&g, i) == x);
		i++;
	}
	CHECK(i == n);
	CHECK(grid_fill(&g, buf, 16) == n);
	CHECK(memcmp(buf, want, (size_t)n * sizeof(double)) == 0);
	if (n > 1)
		CHECK(grid_fill(&g, buf, n - 1) == -1);
}

/* Lists, ranges, log ranges, and every refusal. */
static void
grids(void)
{
	static const double list[] = { 0.1, 0.2, 0.5 }, one[] = { 5 };
	static const double tenths[] = { 0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7,
	    0.8, 0.9, 1 };
	static const double decades[] = { 0.01, 0.1, 1, 10, 100 };
	static const double down[] = { 2, 1.5, 1, 0.5, 0 };
	static const double same[] = { 3 }, neg[] = { -1, 0, 1 };
	static const struct grid_bounds pos = { 0, 1e100, 1 }, nonneg = { 0,
	    1e100, 0 };
	static const char *const bad[] = {
		"", "abc", " 1", "1 ", "0x10", "inf", "nan", "1e999", "0.1,,0.2",
		"0.1,", ",1", "1:2", "1:2:3:4", "1:2:0", "1:2:-3", "1:2:x",
		"1:2:", "1:2:3lo", "1:2:log", "1:2:10000001", "0:1:5log",
		"-1:1:5log", "1:2:1", "1,2:3:4", ":1:3", "1::3", "1:2:3 ",
		NULL
	};
	const char *const *s;
	struct grid g;
	double x, prev;
	long i;

	check_points("0.1,0.2,0.5", list, 3);
	check_points("5", one, 1);
	/* (1 - 0) i / 10, one rounding: the doubles 0.1, 0.2, ... */
	check_points("0:1:11", tenths, 11);
	check_points("0.01:100:5log", decades, 5);
	check_points("2:0:5", down, 5);
	check_points("3:3:1", same, 1);
	check_points("-1:1:3", neg, 3);
	/* 200 points from 0.01 to 10, a constant ratio 10^(3/199) */
	CHECK(grid_parse("--hw", "0.01:10:200log", &pos, &g) == 0);
	CHECK(grid_count(&g) == 200 && g.min == 0.01 && g.max == 10);
	CHECK(grid_at(&g, 0) == 0.01 && grid_at(&g, 199) == 10);
	for (i = 1; i < 200; i++)
		CHECK_NEAR(grid_at(&g, i) / grid_at(&g, i - 1),
		    pow(10, 3.0 / 199), 1e-13);
	/* 41 points from 0 to 2 by 0.05, within the ends, increasing */
	CHECK(grid_parse("--zeta", "0:2:41", &nonneg, &g) == 0);
	prev = -1;
	for (i = 0; i < 41; i++) {
		x = grid_at(&g, i);
		CHECK_NEAR(x, 0.05 * i, 1e-15);
		CHECK(x > prev && x >= 0 && x <= 2);
		prev = x;
	}
	CHECK(grid_parse("--t", "1:2:10000000", NULL, &g) == 0 &&
	    grid_count(&g) == GRID_MAX_POINTS);
	CHECK(grid_at(&g, GRID_MAX_POINTS - 1) == 2);
	quiet();
	for (s = bad; *s != NULL; s++)
		CHECK(grid_parse("--t", *s, NULL, &g) == -1);
	/* the bounds: > 0, >= 0, <= 1e100 */
	CHECK(grid_parse("--dt", "0", &pos, &g) == -1);
	CHECK(grid_parse("--dt", "0.1,0", &pos, &g) == -1);
	CHECK(grid_parse("--dt", "0:1:3", &pos, &g) == -1);
	CHECK(grid_parse("--dt", "1:0:3", &pos, &g) == -1);
	CHECK(grid_parse("--dt", "1:2e100:3", &pos, &g) == -1);
	CHECK(grid_parse("--zeta", "-1", &nonneg, &g) == -1);
	CHECK(grid_parse("--zeta", "-0.5:1:3", &nonneg, &g) == -1);
	loud();
	CHECK(grid_parse("--zeta", "0", &nonneg, &g) == 0);
	CHECK(grid_parse("--zeta", "0:1:3", &nonneg, &g) == 0);
}

void
test_analyze(void)
{
	hand_matrices();
	limits();
	boundaries();
	rigidbody_eigen();
	exact_effective();
	nissen();
	kinds();
	grids();
}
