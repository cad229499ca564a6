/*
 * test_system.c - systems of springs (src/systems/system.c): one body on the
 * anchor is the damped spring under every rule, the pair's relative
 * motion is the spring on the reduced mass, the angular spring winds up
 * past a turn, the 3-body rope against its hand-derived modes, and the
 * stability limits analyze computes from the modes against a bisection
 * on simulated runs of an independently written mesh.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define PI 3.14159265358979323846

/* One body on the anchor is the scalar spring, rule by rule. */
static void
single_body(void)
{
	const spring_line_rule *const *r;
	double mass = 2.0, lambda[1], vec[1], tmp[2], work[SPRING_LINE_WORK(1)];
	double x, v, h = 0.05;
	spring_params p = { 0 };
	spring_line l = { 1, &mass, 0.0, 0.0, 1.0, NULL, NULL };
	spring_target_step tg;
	spring_state s;
	spring_coef k;
	int i;

	spring_params_set(7.0, 0.3, mass, &p);
	l.k = mass * 49.0;
	l.d = 2.0 * mass * 0.3 * 7.0;
	CHECK(spring_line_modes(&l, lambda, vec, tmp) == 0);
	l.lambda = lambda;
	l.vec = vec;
	CHECK_NEAR(lambda[0], 0.5, 1e-15);
	for (r = spring_line_rules; *r != NULL; r++) {
		x = 0.0;
		v = 0.0;
		s.x = s.v = 0.0;
		CHECK((*r)->prepare(&l, h, work) == 0);
		(**(*r)->scalar).prepare(&p, h, &k);
		for (i = 0; i < 40; i++) {
			tg.g0 = 1.0 + 0.5 * i * h;
			tg.gm = tg.g0 + 0.25 * h;
			tg.g1 = tg.g0 + 0.5 * h;
			tg.q0 = tg.qm = tg.q1 = 0.5;
			(*r)->step(&l, h, work, &x, &v, &tg);
			(**(*r)->scalar).step(&k, &s, &tg);
		}
		CHECK_NEAR(x, s.x, 1e-12);
		CHECK_NEAR(v, s.v, 1e-11);
	}
}

/*
 * The pair: the relative coordinate r = x2 - x1 is the damped spring on
 * the reduced mass (spring_reference), the centre of mass moves at its
 * initial velocity; and semi-implicit steps converge on it at order 1.
 */
static void
pair(void)
{
	double m[2] = { 1.0, 3.0 }, mu = 0.75, omega = 5.0, zeta = 0.2;
	double lambda[2], vec[4], tmp[4], work[SPRING_LINE_WORK(2)];
	double x0[2] = { 0.0, 0.7 }, v0[2] = { 1.0, -0.2 }, x[2], v[2];
	double err[2], com, vcom, t;
	spring_line l = { 2, m, 0.0, 0.0, 0.0, NULL, NULL };
	spring_params p = { 0 };
	spring_reference ref;
	spring_state st;
	spring_target_step tg;
	int i, pass;

	l.k = mu * omega * omega;
	l.d = 2.0 * mu * zeta * omega;
	CHECK(spring_line_modes(&l, lambda, vec, tmp) == 0);
	l.lambda = lambda;
	l.vec = vec;
	CHECK_NEAR(lambda[0], 0.0, 1e-15);
	CHECK_NEAR(lambda[1], 1.0 / m[0] + 1.0 / m[1], 1e-15);
	spring_params_set(omega, zeta, mu, &p);
	spring_reference_init(&ref, &p, x0[1] - x0[0], v0[1] - v0[0], 0.0,
	    0.0, 0.1);
	vcom = (m[0] * v0[0] + m[1] * v0[1]) / 4.0;
	for (t = 0.0; t < 3.0; t += 0.37) {
		spring_line_exact(&l, x0, v0, 0.0, 0.0, t, x, v, tmp);
		spring_reference_at(&ref, t, &st);
		CHECK_NEAR(x[1] - x[0], st.x, 1e-14);
		CHECK_NEAR(v[1] - v[0], st.v, 1e-13);
		com = (m[0] * x[0] + m[1] * x[1]) / 4.0;
		CHECK_NEAR(com, (m[1] * x0[1]) / 4.0 + vcom * t, 1e-14);
		CHECK_NEAR((m[0] * v[0] + m[1] * v[1]) / 4.0, vcom, 1e-14);
	}
	memset(&tg, 0, sizeof(tg));
	for (pass = 0; pass < 2; pass++) {
		double h = pass == 0 ? 0.01 : 0.005;

		memcpy(x, x0, sizeof(x));
		memcpy(v, v0, sizeof(v));
		spring_line_rule_find("semi-implicit")->prepare(&l, h, work);
		for (i = 0; i < (int)lround(1.0 / h); i++)
			spring_line_rule_find("semi-implicit")->step(&l, h, work,
			    x, v, &tg);
		spring_reference_at(&ref, 1.0, &st);
		err[pass] = fabs(x[1] - x[0] - st.x);
		/* momentum: the springs' forces cancel to rounding */
		CHECK_NEAR(m[0] * v[0] + m[1] * v[1], 4.0 * vcom, 1e-12);
	}
	CHECK_NEAR(err[0] / err[1], 2.0, 0.15);
}

/*
 * Nissen's angular spring winds up: bodies of inertia 1 and 2, three
 * turns apart, unwind the whole way (the angle is never wrapped) as the
 * torsional spring on I_red = 2/3 says.
 */
static void
angular(void)
{
	double I[2] = { 1.0, 2.0 }, ired = 2.0 / 3.0, omega = 3.0, zeta = 0.1;
	double lambda[2], vec[4], tmp[4], x0[2] = { 0.0, 6.0 * PI };
	double v0[2] = { 0.0, 0.0 }, x[2], v[2], t, lo = 1e300;
	spring_line l = { 2, I, 0.0, 0.0, 0.0, NULL, NULL };
	spring_params p = { 0 };
	spring_reference ref;
	spring_state st;

	l.k = ired * omega * omega;
	l.d = 2.0 * ired * zeta * omega;
	CHECK(spring_line_modes(&l, lambda, vec, tmp) == 0);
	l.lambda = lambda;
	l.vec = vec;
	spring_params_set(omega, zeta, ired, &p);
	spring_reference_init(&ref, &p, 6.0 * PI, 0.0, 0.0, 0.0, 0.1);
	for (t = 0.0; t < 20.0; t += 0.05) {
		spring_line_exact(&l, x0, v0, 0.0, 0.0, t, x, v, tmp);
		spring_reference_at(&ref, t, &st);
		CHECK_NEAR(x[1] - x[0], st.x, 1e-12);
		lo = fmin(lo, x[1] - x[0]);
	}
	/* it swings through zero to the other side: no wrapping */
	CHECK(lo < -4.0);
	spring_line_exact(&l, x0, v0, 0.0, 0.0, 40.0, x, v, tmp);
	CHECK_NEAR(x[1] - x[0], 0.0, 1e-3);
	/* the angular momentum I1 w1 + I2 w2 stays 0 */
	CHECK_NEAR(I[0] * v[0] + I[1] * v[1], 0.0, 1e-12);
}

/*
 * The rope of three bodies of mass 1, springs of k = 1, hung from a
 * fixed point (fixed-free): T = [[2,-1,0],[-1,2,-1],[0,-1,1]], det(T -
 * lambda) = -(lambda^3 - 5 lambda^2 + 6 lambda - 1), roots 4 sin^2((2j -
 * 1) pi / 14), eigenvectors sin(i (2j - 1) pi / 7), i = 1..3.  Undamped,
 * started in mode j, the rope stays in it: x(t) = cos(sqrt(lambda_j) t)
 * x(0).
 */
static void
rope3(void)
{
	double m[3] = { 1.0, 1.0, 1.0 }, lambda[3], vec[9], tmp[6];
	double x0[3], v0[3] = { 0, 0, 0 }, x[3], v[3], th, want, t;
	spring_line l = { 3, m, 1.0, 0.0, 1.0, NULL, NULL };
	int i, j;

	CHECK(spring_line_modes(&l, lambda, vec, tmp) == 0);
	l.lambda = lambda;
	l.vec = vec;
	for (j = 1; j <= 3; j++) {
		want = 4.0 * pow(sin((2 * j - 1) * PI / 14.0), 2.0);
		CHECK_NEAR(lambda[j - 1], want, 1e-14);
		CHECK_NEAR(((want - 5.0) * want + 6.0) * want - 1.0, 0.0, 1e-14);
		th = (2 * j - 1) * PI / 7.0;
		for (i = 0; i < 3; i++)
			x0[i] = sin((i + 1) * th);
		for (t = 0.0; t < 10.0; t += 0.7) {
			spring_line_exact(&l, x0, v0, 0.0, 0.0, t, x, v, tmp);
			for (i = 0; i < 3; i++) {
				CHECK_NEAR(x[i], cos(sqrt(want) * t) * x0[i],
				    1e-13);
				CHECK_NEAR(v[i], -sqrt(want) * sin(sqrt(want) *
				    t) * x0[i], 1e-13);
			}
		}
	}
	/* a moving anchor: at rest on it, the rope rides along unstretched */
	for (i = 0; i < 3; i++) {
		x0[i] = 2.0;
		v0[i] = 0.5;
	}
	spring_line_exact(&l, x0, v0, 2.0, 0.5, 3.0, x, v, tmp);
	for (i = 0; i < 3; i++) {
		CHECK_NEAR(x[i], 3.5, 1e-14);
		CHECK_NEAR(v[i], 0.5, 1e-14);
	}
}

/*
 * Nissen's mesh (rows x cols, row 0 hung from the anchor, 4-neighbour
 * springs, each k = Ck m_red / h^2, d = Cd m_red / h with m_red = 1/2
 * between bodies of mass 1 and 1 at the anchor), stepped by
 * semi-implicit Euler written out here, not through system.c: whether
 * it grows from a mixed start over 3000 steps of h = 1.
 */
static int
mesh_grows(long rows, long cols, double ck, double cd)
{
	long n = rows * cols, i, a, b, s;
	double *x = calloc((size_t)n, sizeof(double));
	double *v = calloc((size_t)n, sizeof(double));
	double *f = calloc((size_t)n, sizeof(double));
	double big = 0.0, fs;
	int grows;

	for (i = 0; i < n; i++)
		x[i] = sin(1.0 + 2.3 * (double)i) * 1e-3;
	for (s = 0; s < 3000 && big < 1e3; s++) {
		for (i = 0; i < n; i++)
			f[i] = 0.0;
		for (a = 0; a < rows; a++)
			for (b = 0; b < cols; b++) {
				i = a * cols + b;
				if (a == 0)
					f[i] -= ck * x[i] + cd * v[i];
				if (a + 1 < rows) {
					fs = 0.5 * (ck * (x[i + cols] - x[i]) +
					    cd * (v[i + cols] - v[i]));
					f[i] += fs;
					f[i + cols] -= fs;
				}
				if (b + 1 < cols) {
					fs = 0.5 * (ck * (x[i + 1] - x[i]) +
					    cd * (v[i + 1] - v[i]));
					f[i] += fs;
					f[i + 1] -= fs;
				}
			}
		big = 0.0;
		for (i = 0; i < n; i++) {
			v[i] += f[i];
			x[i] += v[i];
			big = fmax(big, fabs(x[i]));
		}
	}
	grows = !(big < 1.0);
	free(x);
	free(v);
	free(f);
	return grows;
}

/* Bisect Ck (Cd = ratio Ck) on simulated growth. */
static double
bisect_runs(long rows, long cols, double ratio)
{
	double lo = 0.01, hi = 8.0, mid;
	int i;

	for (i = 0; i < 30; i++) {
		mid = 0.5 * (lo + hi);
		if (mesh_grows(rows, cols, mid, ratio * mid))
			hi = mid;
		else
			lo = mid;
	}
	return 0.5 * (lo + hi);
}

/*
 * The limits from the modes (what analyze prints) against the bisection
 * on runs, and against the closed forms as the rope grows: semi-implicit
 * at Cd = Ck, a + 2 b < 4 for the top mode (a = Ck mu, b = Cd mu), so
 * Ck < 4 / (3 mu_max); at Cd = 0, a < 4.  mu_max -> 2 for the rope and 4
 * for the mesh: 2/3 and 1/3, above Nissen's 1/(n + 1) = 1/3 and 1/5.
 */
static void
limits(void)
{
	static const long shapes[][2] = { { 1, 1 }, { 12, 1 }, { 6, 6 } };
	double mu[36], tmp[2 * 13], lim, run;
	const spring_rule *semi = spring_rule_semi_implicit;
	size_t i;

	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		long r = shapes[i][0], c = shapes[i][1], n = r * c;

		CHECK(spring_nissen_modes(r, c, mu, tmp) == 0);
		lim = spring_modes_ck_limit(semi, mu, n, 1.0);
		CHECK_NEAR(lim, 4.0 / (3.0 * mu[n - 1]), 1e-9);
		run = bisect_runs(r, c, 1.0);
		CHECK_NEAR(run, lim, 0.01 * lim);
		lim = spring_modes_ck_limit(semi, mu, n, 0.0);
		CHECK_NEAR(lim, 4.0 / mu[n - 1], 1e-9);
		run = bisect_runs(r, c, 0.0);
		CHECK_NEAR(run, lim, 0.01 * lim);
	}
	/* a single body on the anchor: 4/3 with damping, Nissen's 1 safe */
	CHECK(spring_nissen_modes(1, 1, mu, tmp) == 0);
	CHECK_NEAR(mu[0], 1.0, 1e-15);
	/* the long rope and the big mesh approach 2 and 4 from below */
	{
		double *big = malloc(sizeof(double) * 400), t2[2 * 401];

		CHECK(spring_nissen_modes(400, 1, big, t2) == 0);
		CHECK(big[399] > 1.9999 && big[399] < 2.0);
		CHECK(spring_nissen_modes(20, 20, big, t2) == 0);
		CHECK(big[399] > 3.97 && big[399] < 4.0);
		free(big);
	}
	CHECK(spring_modes_ck_limit(spring_rule_explicit, mu, 1, 0.0) == 0.0);
	CHECK(isinf(spring_modes_ck_limit(spring_rule_backward_euler, mu, 1,
	    1.0)));
}

/* The rules on the rope converge on the exact modes: order 1. */
static void
rope_converges(void)
{
	enum { N = 8 };
	double m[N], lambda[N], vec[N * N], tmp[2 * N];
	double work[SPRING_LINE_WORK(N)], x[N], v[N], x0[N], v0[N];
	double xr[N], vr[N], err[2];
	spring_line l = { N, m, 400.0, 8.0, 1.0, NULL, NULL };
	spring_target_step tg = { 1.0, 0.0, 1.0, 0.0, 1.0, 0.0 };
	const char *const names[] = { "semi-implicit", "explicit", "implicit",
	    "backward-euler", "impulse" };
	size_t r;
	int i, pass, f;

	for (i = 0; i < N; i++) {
		m[i] = 1.0;
		x0[i] = v0[i] = 0.0;
	}
	CHECK(spring_line_modes(&l, lambda, vec, tmp) == 0);
	l.lambda = lambda;
	l.vec = vec;
	spring_line_exact(&l, x0, v0, 1.0, 0.0, 0.5, xr, vr, tmp);
	for (r = 0; r < sizeof(names) / sizeof(names[0]); r++) {
		const spring_line_rule *rule = spring_line_rule_find(names[r]);

		for (pass = 0; pass < 2; pass++) {
			double h = pass == 0 ? 1e-4 : 5e-5, e = 0.0;

			memcpy(x, x0, sizeof(x));
			memcpy(v, v0, sizeof(v));
			rule->prepare(&l, h, work);
			for (f = 0; f < (int)lround(0.5 / h); f++)
				rule->step(&l, h, work, x, v, &tg);
			for (i = 0; i < N; i++)
				e = fmax(e, fabs(x[i] - xr[i]));
			err[pass] = e;
		}
		CHECK(err[0] < 1e-2);
		CHECK_NEAR(err[0] / err[1], 2.0, 0.15);
	}
}

/*
 * The impulse rule with one spring is semi-implicit: the same operations
 * in the same order, so the same numbers, for one body on a moving
 * anchor and for the pair.
 */
static void
impulse_one_spring(void)
{
	const spring_line_rule *imp = spring_line_rule_find("impulse");
	const spring_line_rule *semi = spring_line_rule_find("semi-implicit");
	double m1 = 2.0, m2[2] = { 1.0, 3.0 }, w1[SPRING_LINE_WORK(2)];
	double w2[SPRING_LINE_WORK(2)], x[2], v[2], xs[2], vs[2], h = 0.05;
	spring_line one = { 1, &m1, 98.0, 8.4, 1.0, NULL, NULL };
	spring_line pr = { 2, m2, 30.0, 1.5, 0.0, NULL, NULL };
	spring_target_step tg;
	int i, shape;

	CHECK(imp != NULL && *imp->scalar == spring_rule_semi_implicit);
	for (shape = 0; shape < 2; shape++) {
		const spring_line *l = shape == 0 ? &one : &pr;

		x[0] = xs[0] = 0.3;
		x[1] = xs[1] = 1.7;
		v[0] = vs[0] = -0.4;
		v[1] = vs[1] = 0.9;
		CHECK(imp->prepare(l, h, w1) == 0);
		CHECK(semi->prepare(l, h, w2) == 0);
		for (i = 0; i < 200; i++) {
			tg.g0 = 1.0 + 0.5 * i * h;
			tg.gm = tg.g0 + 0.25 * h;
			tg.g1 = tg.g0 + 0.5 * h;
			tg.q0 = tg.qm = tg.q1 = 0.5;
			imp->step(l, h, w1, x, v, &tg);
			semi->step(l, h, w2, xs, vs, &tg);
		}
		for (i = 0; i < l->n; i++) {
			CHECK_EQ(x[i], xs[i]);
			CHECK_EQ(v[i], vs[i]);
		}
		CHECK(fabs(x[0] - 0.3) > 0.1);	/* it moved */
	}
}

/*
 * Three bodies of mass 1, 2, 4 hung from a fixed anchor, k = 4, d = 1,
 * h = 1/2, x = (1, 0, 0) at rest.  Impulses, h / m = (1/2, 1/4, 1/8):
 *   anchor:  f = -(4 * 1 + 1 * 0) = -4,          v0 = -2
 *   (0, 1):  s = 4 (0 - 1) + 1 (0 + 2) = -2,     v0 = -3, v1 = 1/2
 *   (1, 2):  s = 4 (0 - 0) + 1 (0 - 1/2) = -1/2, v1 = 3/8, v2 = 1/16
 *   x += v / 2:  x = (-1/2, 3/16, 1/32)
 * Semi-implicit reads every spring at v = 0: forces (-4 - 4, 4, 0), so
 * v = (-4, 1, 0), x = (-1, 1/2, 0).
 */
static void
impulse_rope3(void)
{
	double m[3] = { 1.0, 2.0, 4.0 }, work[SPRING_LINE_WORK(3)];
	double x[3] = { 1, 0, 0 }, v[3] = { 0, 0, 0 };
	static const double xi[3] = { -0.5, 0.1875, 0.03125 };
	static const double vi[3] = { -3.0, 0.375, 0.0625 };
	static const double xs[3] = { -1.0, 0.5, 0.0 };
	static const double vs[3] = { -4.0, 1.0, 0.0 };
	spring_line l = { 3, m, 4.0, 1.0, 1.0, NULL, NULL };
	spring_target_step tg = { 0, 0, 0, 0, 0, 0 };
	const spring_line_rule *rule = spring_line_rule_find("impulse");
	int i;

	rule->prepare(&l, 0.5, work);
	rule->step(&l, 0.5, work, x, v, &tg);
	for (i = 0; i < 3; i++) {
		CHECK_EQ(x[i], xi[i]);
		CHECK_EQ(v[i], vi[i]);
		x[i] = i == 0 ? 1.0 : 0.0;
		v[i] = 0.0;
	}
	rule = spring_line_rule_find("semi-implicit");
	rule->prepare(&l, 0.5, work);
	rule->step(&l, 0.5, work, x, v, &tg);
	for (i = 0; i < 3; i++) {
		CHECK_EQ(x[i], xs[i]);
		CHECK_EQ(v[i], vs[i]);
	}
}

/*
 * Nissen's impulse form on the pair, applied as the relative velocity's
 * change J / m_red (J to body 2, -J to body 1).  The force form under
 * semi-implicit Euler changes it by h f / m_red = -(Ck / h) x - Cd v.
 * With J = -(m_red / h) Ck x - m_red Cd v that is J / m_red exactly; as
 * printed, J = -(m_red / h) Ck x - Cd v, the damping term is Cd v / m_red
 * instead of Cd v: off by -Cd v (1 / m_red - 1), 0 only when m_red = 1.
 * m = 1, 3 (m_red = 3/4), h = 0.1, Ck = 0.3, Cd = 0.4, x = 0.5, v = 0.2:
 * the force form's change is -1.5 - 0.08 = -1.58, the printed form's
 * -1.5 - 0.08 * 4/3, off by -0.08 / 3.
 */
static void
impulse_printed(void)
{
	double m[2], work[SPRING_LINE_WORK(2)], x[2], v[2], ck = 0.3, cd = 0.4;
	double h = 0.1, mred, j, dv_fix, dv_printed;
	spring_line l = { 2, m, 0.0, 0.0, 0.0, NULL, NULL };
	spring_target_step tg = { 0, 0, 0, 0, 0, 0 };
	const spring_line_rule *semi = spring_line_rule_find("semi-implicit");
	int pass;

	for (pass = 0; pass < 2; pass++) {
		m[0] = pass == 0 ? 1.0 : 2.0;
		m[1] = pass == 0 ? 3.0 : 2.0;
		mred = m[0] * m[1] / (m[0] + m[1]);
		l.k = ck * mred / (h * h);
		l.d = cd * mred / h;
		x[0] = 0.0;
		x[1] = 0.5;
		v[0] = -0.1;
		v[1] = 0.1;
		semi->prepare(&l, h, work);
		semi->step(&l, h, work, x, v, &tg);
		/* the corrected impulse, body by body */
		j = -(mred / h) * ck * 0.5 - mred * cd * 0.2;
		dv_fix = (0.1 + j / m[1]) - (-0.1 - j / m[0]) - 0.2;
		CHECK_NEAR(v[0], -0.1 - j / m[0], 1e-15);
		CHECK_NEAR(v[1], 0.1 + j / m[1], 1e-15);
		CHECK_NEAR(x[1] - x[0], 0.5 + h * (0.2 + dv_fix), 1e-15);
		/* as printed */
		j = -(mred / h) * ck * 0.5 - cd * 0.2;
		dv_printed = j / mred;
		if (pass == 0) {
			CHECK_NEAR(v[1] - v[0] - 0.2, -1.58, 1e-14);
			CHECK_NEAR(dv_printed - dv_fix, -0.08 / 3.0, 1e-14);
		} else
			CHECK_NEAR(dv_printed, dv_fix, 1e-14);
	}
}

/* Sort n eigenvalues by real part, then imaginary (insertion). */
static void
sort_complex(double *re, double *im, long n)
{
	long i, j;
	double r, m;

	for (i = 1; i < n; i++) {
		r = re[i];
		m = im[i];
		for (j = i; j > 0 && (re[j - 1] > r + 1e-9 ||
		    (fabs(re[j - 1] - r) <= 1e-9 && im[j - 1] > m)); j--) {
			re[j] = re[j - 1];
			im[j] = im[j - 1];
		}
		re[j] = r;
		im[j] = m;
	}
}

/*
 * The general eigenvalues.  A companion matrix of (l - 1)(l - 2)(l - 3)
 * (l + 4)(l^2 + 2 l + 5): roots 1, 2, 3, -4, -1 +- 2i.  A block upper
 * triangular B (blocks [[1/2, -2], [1, 1/2]]: 1/2 +- i sqrt 2; [[3]];
 * [[-1, 1], [-1/4, -1]]: -1 +- i/2) hidden by P = I + u w^T, P^-1 = I -
 * u w^T / (1 + w^T u).  The empty, 1x1 and zero matrices.
 */
static void
eigen_general(void)
{
	enum { N = 6 };
	static const double root_re[N] = { -4, -1, -1, 1, 2, 3 };
	static const double root_im[N] = { 0, -2, 2, 0, 0, 0 };
	static const double b_re[5] = { -1, -1, 0.5, 0.5, 3 };
	double b_im[5] = { -0.5, 0.5, 0, 0, 0 };
	double c[N + 1] = { 1 }, f[4][3] = { { -1, 1, 0 }, { -2, 1, 0 },
	    { -3, 1, 0 }, { 4, 1, 0 } }, a[N * N], re[N], im[N];
	double b[25], pb[25], u[5] = { 1, -2, 0.5, 3, 1 };
	double w[5] = { 0.5, 1, -1, 0.25, 2 }, wu = 0.0, t;
	long i, j, deg = 0, r;

	/* c: the coefficients of the product, lowest first */
	for (i = 0; i < 5; i++) {
		const double q2[3] = { 5, 2, 1 };
		const double *fac = i < 4 ? f[i] : q2;
		long fd = i < 4 ? 1 : 2;
		double nc[N + 1] = { 0 };

		for (j = 0; j <= deg; j++)
			for (r = 0; r <= fd; r++)
				nc[j + r] += c[j] * fac[r];
		deg += fd;
		memcpy(c, nc, sizeof(c));
	}
	CHECK(deg == N && c[N] == 1.0);
	memset(a, 0, sizeof(a));
	for (j = 0; j < N; j++)
		a[j] = -c[N - 1 - j];
	for (i = 1; i < N; i++)
		a[i * N + i - 1] = 1.0;
	CHECK(spring_eigenvalues(a, N, re, im) == 0);
	sort_complex(re, im, N);
	for (i = 0; i < N; i++) {
		CHECK_NEAR(re[i], root_re[i], 1e-11);
		CHECK_NEAR(im[i], root_im[i], 1e-11);
	}
	memset(b, 0, sizeof(b));
	b[0] = 0.5, b[1] = -2, b[5] = 1, b[6] = 0.5;
	b[12] = 3;
	b[18] = -1, b[19] = 1, b[23] = -0.25, b[24] = -1;
	for (i = 0; i < 5; i++)
		for (j = i; j < 5; j++)
			if (b[i * 5 + j] == 0.0 && i + 1 < j)
				b[i * 5 + j] = 0.1 * (double)(i + 2 * j);
	for (i = 0; i < 5; i++)
		wu += w[i] * u[i];
	/* pb = P B, then a = pb P^-1 */
	for (i = 0; i < 5; i++)
		for (j = 0; j < 5; j++) {
			t = b[i * 5 + j];
			for (r = 0; r < 5; r++)
				t += u[i] * w[r] * b[r * 5 + j];
			pb[i * 5 + j] = t;
		}
	for (i = 0; i < 5; i++)
		for (j = 0; j < 5; j++) {
			t = pb[i * 5 + j];
			for (r = 0; r < 5; r++)
				t -= pb[i * 5 + r] * u[r] * w[j] / (1.0 + wu);
			a[i * 5 + j] = t;
		}
	CHECK(spring_eigenvalues(a, 5, re, im) == 0);
	sort_complex(re, im, 5);
	b_im[2] = -sqrt(2.0);
	b_im[3] = sqrt(2.0);
	for (i = 0; i < 5; i++) {
		CHECK_NEAR(re[i], b_re[i], 1e-12);
		CHECK_NEAR(im[i], b_im[i], 1e-12);
	}
	CHECK(spring_eigenvalues(a, 0, re, im) == 0);
	a[0] = -7.5;
	CHECK(spring_eigenvalues(a, 1, re, im) == 0);
	CHECK(re[0] == -7.5 && im[0] == 0.0);
	memset(a, 0, sizeof(a));
	CHECK(spring_eigenvalues(a, 3, re, im) == 0);
	CHECK(re[0] == 0.0 && re[2] == 0.0 && im[1] == 0.0);
}

/*
 * The eigenvalues of the whole 2n x 2n matrix of a rule that has modes
 * are the modes' 2x2 eigenvalues: semi-implicit on a rope of 6 unequal
 * bodies, its matrix built by stepping unit states, against
 * spring_analyze on each mode (omega^2 = k lambda, 2 zeta omega = d
 * lambda).
 */
static void
eigen_rope_modes(void)
{
	enum { N = 6, M = 2 * N };
	double m[N] = { 1, 2, 0.5, 1, 3, 1 }, lambda[N], vec[N * N], tmp[N];
	double work[SPRING_LINE_WORK(N)], a[M * M], re[M], im[M];
	double xv[M], mre[M], mim[M];
	spring_line l = { N, m, 30.0, 2.0, 1.0, NULL, NULL };
	spring_target_step rest = { 0, 0, 0, 0, 0, 0 };
	const spring_line_rule *rule = spring_line_rule_find("semi-implicit");
	spring_analysis an;
	spring_params p = { 0 };
	double h = 0.05;
	long i, j;

	CHECK(spring_line_modes(&l, lambda, vec, tmp) == 0);
	rule->prepare(&l, h, work);
	for (j = 0; j < M; j++) {
		memset(xv, 0, sizeof(xv));
		xv[j] = 1.0;
		rule->step(&l, h, work, xv, xv + N, &rest);
		for (i = 0; i < M; i++)
			a[i * M + j] = xv[i];
	}
	CHECK(spring_eigenvalues(a, M, re, im) == 0);
	for (j = 0; j < N; j++) {
		p.omega = sqrt(l.k * lambda[j]);
		p.zeta = l.d * lambda[j] / (2.0 * p.omega);
		p.mass = 1.0;
		p.fast_exp = 0;
		spring_analyze(spring_rule_semi_implicit, &p, h, &an);
		for (i = 0; i < 2; i++) {
			mre[2 * j + i] = an.mu_re[i];
			mim[2 * j + i] = an.mu_im[i];
		}
	}
	sort_complex(re, im, M);
	sort_complex(mre, mim, M);
	for (i = 0; i < M; i++) {
		CHECK_NEAR(re[i], mre[i], 1e-12);
		CHECK_NEAR(im[i], mim[i], 1e-12);
	}
}

/*
 * Nissen's mesh under sequential impulses, written here as a list of
 * springs in the rule's order (anchors of row 0, then per body right and
 * down), each (i, j, weight), j < 0 the anchor: whether a mixed start
 * grows over 4000 steps of h = 1.
 */
static int
impulse_grows(long rows, long cols, double ck, double cd)
{
	long n = rows * cols, ns = 0, i, s, t;
	long (*sp)[2] = malloc(sizeof(*sp) * (size_t)(3 * n));
	double *x = malloc(sizeof(double) * (size_t)n);
	double *v = malloc(sizeof(double) * (size_t)n), big = 0.0, f, w;
	int grows;

	for (i = 0; i < cols; i++) {
		sp[ns][0] = i;
		sp[ns++][1] = -1;
	}
	for (i = 0; i < n; i++) {
		if ((i + 1) % cols != 0) {
			sp[ns][0] = i;
			sp[ns++][1] = i + 1;
		}
		if (i + cols < n) {
			sp[ns][0] = i;
			sp[ns++][1] = i + cols;
		}
	}
	for (i = 0; i < n; i++) {
		x[i] = sin(1.0 + 2.3 * (double)i) * 1e-3;
		v[i] = 0.0;
	}
	for (t = 0; t < 4000 && big < 1.0; t++) {
		for (s = 0; s < ns; s++) {
			long p = sp[s][0], q = sp[s][1];

			if (q < 0) {
				/* the anchor's m_red is the body's: w = 1 */
				v[p] -= ck * x[p] + cd * v[p];
				continue;
			}
			w = 0.5;	/* m_red = 1/2 */
			f = w * (ck * (x[q] - x[p]) + cd * (v[q] - v[p]));
			v[p] += f;
			v[q] -= f;
		}
		big = 0.0;
		for (i = 0; i < n; i++) {
			x[i] += v[i];
			big = fmax(big, fabs(x[i]));
		}
	}
	grows = !(big < 1.0);
	free(sp);
	free(x);
	free(v);
	return grows;
}

/* Bisect Ck (Cd = ratio Ck) on the impulse runs. */
static double
impulse_bisect(long rows, long cols, double ratio)
{
	double lo = 0.01, hi = 8.0, mid;
	int i;

	for (i = 0; i < 30; i++) {
		mid = 0.5 * (lo + hi);
		if (impulse_grows(rows, cols, mid, ratio * mid))
			hi = mid;
		else
			lo = mid;
	}
	return 0.5 * (lo + hi);
}

/*
 * The impulse rule's limits from the whole matrix against the runs: the
 * 3-body rope, the 2x2 and 3x3 meshes.  Undamped no spring reads a
 * velocity, so the order is moot and impulse is semi-implicit: Ck <
 * 4 / mu_max exactly.  spring_nissen_impulse_step on one column is the
 * line rule (k = Ck / 2, d = Cd / 2, anchor weight 2, h = 1) number for
 * number.
 */
static void
impulse_limits(void)
{
	static const long shapes[][2] = { { 3, 1 }, { 2, 2 }, { 3, 3 } };
	double work[SPRING_IMPULSE_WORK(9)], mu[9], tmp[12], lim, run;
	double m[5] = { 1, 1, 1, 1, 1 }, lw[SPRING_LINE_WORK(5)];
	double x[5], v[5], xl[5], vl[5];
	spring_line l = { 5, m, 0.35, 0.2, 2.0, NULL, NULL };
	spring_target_step rest = { 0, 0, 0, 0, 0, 0 };
	const spring_line_rule *rule = spring_line_rule_find("impulse");
	size_t i;
	int j, f;

	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		long r = shapes[i][0], c = shapes[i][1];

		lim = spring_nissen_impulse_limit(r, c, 1.0, work);
		run = impulse_bisect(r, c, 1.0);
		CHECK_NEAR(run, lim, 0.01 * lim);
		/* and the matrix is stable just below, not just above */
		CHECK(spring_nissen_impulse_radius(r, c, 0.999 * lim,
		    0.999 * lim, work) <= 1.0);
		CHECK(spring_nissen_impulse_radius(r, c, 1.001 * lim,
		    1.001 * lim, work) > 1.0);
		lim = spring_nissen_impulse_limit(r, c, 0.0, work);
		run = impulse_bisect(r, c, 0.0);
		CHECK_NEAR(run, lim, 0.01 * lim);
		CHECK(spring_nissen_modes(r, c, mu, tmp) == 0);
		CHECK_NEAR(lim, 4.0 / mu[r * c - 1], 1e-9);
	}
	/* one body: semi-implicit's 3 Ck < 4 and Ck < 4 */
	CHECK_NEAR(spring_nissen_impulse_limit(1, 1, 1.0, work), 4.0 / 3.0,
	    1e-9);
	CHECK_NEAR(spring_nissen_impulse_limit(1, 1, 0.0, work), 4.0, 1e-9);
	/* the mesh step on a column is the line rule */
	rule->prepare(&l, 1.0, lw);
	for (j = 0; j < 5; j++) {
		x[j] = xl[j] = sin(3.0 * j + 0.5);
		v[j] = vl[j] = cos(2.0 * j);
	}
	for (f = 0; f < 50; f++) {
		spring_nissen_impulse_step(5, 1, 0.7, 0.4, x, v);
		rule->step(&l, 1.0, lw, xl, vl, &rest);
	}
	for (j = 0; j < 5; j++) {
		CHECK_EQ(x[j], xl[j]);
		CHECK_EQ(v[j], vl[j]);
	}
}

/*
 * Why the impulse rule's rope stops at 4/3: at Ck = Cd = c = 4/3 a rope
 * of odd N has the eigenvalue -1.  With lambda = -1, x_new = -x needs v
 * = 2 x, v_new = -2 x.  The anchor spring (k = d = c) leaves v0 - c x0 -
 * c v0 = (2 - 3c) x0 = -2 x0: body 0 is done.  Spring (0, 1), k = d =
 * c/2 = 2/3, gives s = (2/3)(x1 - x0 + 2 x1 + 2 x0) = 0 iff x1 = -x0/3.
 * Spring (1, 2) then gives s = (2/3)(3 x2 - 3 x1) and v1 = 2 x1 + s =
 * -2 x1 iff x2 = -x1, leaving v2 = 2 x2 - s = -2 x2: body 2 is done, as
 * body 0 was.  So x = (1, -1/3, 1/3, -1/9, 1/9, ...), ending on an even
 * index (odd N) with no spring left to need.  The limits the matrix
 * gives: 4/3 for odd N (rope, and a mesh of odd rows: the rope in every
 * column, the sideways springs never stretched), above it for even N.
 */
static void
impulse_four_thirds(void)
{
	double x[7], v[7], want[7], work[SPRING_IMPULSE_WORK(12)];
	long n, i;

	for (n = 5; n <= 7; n += 2) {
		for (i = 0; i < n; i++) {
			want[i] = i == 0 ? 1.0 : i % 2 == 1 ? -want[i - 1] / 3.0 :
			    -want[i - 1];
			x[i] = want[i];
			v[i] = 2.0 * want[i];
		}
		spring_nissen_impulse_step(n, 1, 4.0 / 3.0, 4.0 / 3.0, x, v);
		for (i = 0; i < n; i++) {
			CHECK_NEAR(x[i], -want[i], 1e-15);
			CHECK_NEAR(v[i], -2.0 * want[i], 1e-15);
		}
		CHECK_NEAR(spring_nissen_impulse_limit(n, 1, 1.0, work),
		    4.0 / 3.0, 1e-9);
	}
	CHECK_NEAR(spring_nissen_impulse_limit(3, 4, 1.0, work), 4.0 / 3.0,
	    1e-9);
	CHECK(spring_nissen_impulse_limit(6, 1, 1.0, work) > 4.0 / 3.0 + 1e-6);
	CHECK(spring_nissen_impulse_limit(2, 1, 1.0, work) > 4.0 / 3.0 + 1e-6);
}

/*
 * Explicit Euler at Cd = Ck: a mode (a = Ck mu = b = Cd mu) has M =
 * [[1, 1], [-a, 1 - b]], det = 1 - b + a = 1, a complex pair while b^2 <
 * 4 a, i.e. Ck mu < 4: every mode on the unit circle below the limit
 * 4 / mu_max, damped by nothing.  Semi-implicit damps (det = 1 - b).
 */
static void
marginal(void)
{
	double mu[10], tmp[22], lim;

	CHECK(spring_nissen_modes(10, 1, mu, tmp) == 0);
	lim = spring_modes_ck_limit(spring_rule_explicit, mu, 10, 1.0);
	CHECK_NEAR(lim, 4.0 / mu[9], 1e-9);
	CHECK_NEAR(spring_modes_radius(spring_rule_explicit, mu, 10, 0.5 * lim,
	    0.5 * lim), 1.0, 1e-14);
	CHECK_NEAR(spring_modes_radius(spring_rule_explicit, mu, 10, 0.1,
	    0.1), 1.0, 1e-14);
	lim = spring_modes_ck_limit(spring_rule_semi_implicit, mu, 10, 1.0);
	/* the slowest mode: sqrt(det) = sqrt(1 - Ck mu_min) */
	CHECK_NEAR(spring_modes_radius(spring_rule_semi_implicit, mu, 10,
	    0.5 * lim, 0.5 * lim), sqrt(1.0 - 0.5 * lim * mu[0]), 1e-14);
}

/*
 * The fused summary against energy and max stretch computed apart: the
 * stretch exactly, the energy to rounding; every remainder of 4 bodies,
 * with and without an anchor.
 */
static void
summary(void)
{
	double m[13], x[13], v[13], e, st, e2;
	spring_line l = { 1, m, 3.5, 0.0, 0.0, NULL, NULL };
	long n, i;
	int w;

	for (i = 0; i < 13; i++) {
		m[i] = 1.0 + 0.3 * (double)(i % 4);
		x[i] = sin(1.7 * (double)i + 0.2) * (1.0 + (double)i);
		v[i] = cos(0.9 * (double)i);
	}
	for (w = 0; w < 2; w++)
		for (n = 1; n <= 13; n++) {
			l.n = n;
			l.w0 = w == 0 ? 0.0 : 2.0;
			spring_line_summary(&l, x, v, 0.4, -0.3, &e, &st);
			e2 = spring_line_energy(&l, x, v, 0.4, -0.3);
			CHECK_NEAR(e, e2, 1e-14 * e2);
			CHECK_EQ(st, spring_line_max_stretch(&l, x, 0.4));
		}
	/* one body on the anchor, by hand: 1/2 (1 * 1 + 3.5 * 2 * 0.36) */
	l.n = 1;
	l.w0 = 2.0;
	x[0] = 1.0;
	v[0] = 0.7;
	spring_line_summary(&l, x, v, 0.4, -0.3, &e, &st);
	CHECK_NEAR(e, 0.5 * (1.0 + 3.5 * 2.0 * 0.36), 1e-15);
	CHECK_NEAR(st, 0.6, 1e-15);
}

/* The rope's accelerations, the anchor at g with velocity q (RK4's). */
static void
chain_accel(const spring_line *l, const double *x, const double *v,
    double g, double q, double *acc)
{
	double s;
	long i;

	for (i = 0; i < l->n; i++)
		acc[i] = 0.0;
	acc[0] = l->w0 * (l->k * (g - x[0]) + l->d * (q - v[0]));
	for (i = 0; i + 1 < l->n; i++) {
		s = l->k * (x[i + 1] - x[i]) + l->d * (v[i + 1] - v[i]);
		acc[i] += s;
		acc[i + 1] -= s;
	}
	for (i = 0; i < l->n; i++)
		acc[i] /= l->mass[i];
}

/*
 * RK4 on the rope following a signal, written here: the stages at the
 * step's start, middle and end (the end's target its left limit: a
 * breakpoint at a step's end belongs to the next step).
 */
static void
chain_rk4(const spring_line *l, const spring_signal *sig, double h,
    long steps, double *x, double *v)
{
	enum { N = 4 };
	double k1x[N], k1v[N], k2x[N], k2v[N], k3x[N], k3v[N], k4x[N], k4v[N];
	double xs[N], vs[N], g, q, t;
	long s, i;

	for (s = 0; s < steps; s++) {
		t = (double)s * h;
		spring_signal_at(sig, t, &g, &q);
		chain_accel(l, x, v, g, q, k1v);
		for (i = 0; i < N; i++) {
			k1x[i] = v[i];
			xs[i] = x[i] + 0.5 * h * k1x[i];
			vs[i] = v[i] + 0.5 * h * k1v[i];
		}
		spring_signal_at(sig, t + 0.5 * h, &g, &q);
		chain_accel(l, xs, vs, g, q, k2v);
		for (i = 0; i < N; i++) {
			k2x[i] = vs[i];
			xs[i] = x[i] + 0.5 * h * k2x[i];
			vs[i] = v[i] + 0.5 * h * k2v[i];
		}
		chain_accel(l, xs, vs, g, q, k3v);
		for (i = 0; i < N; i++) {
			k3x[i] = vs[i];
			xs[i] = x[i] + h * k3x[i];
			vs[i] = v[i] + h * k3v[i];
		}
		spring_signal_at(sig, nextafter((double)(s + 1) * h, 0.0), &g,
		    &q);
		chain_accel(l, xs, vs, g, q, k4v);
		for (i = 0; i < N; i++) {
			k4x[i] = vs[i];
			x[i] += h / 6.0 * (k1x[i] + 2.0 * k2x[i] + 2.0 * k3x[i] +
			    k4x[i]);
			v[i] += h / 6.0 * (k1v[i] + 2.0 * k2v[i] + 2.0 * k3v[i] +
			    k4v[i]);
		}
	}
}

/*
 * The rope driven by a signal (sine, ramp, step) against RK4 at h =
 * 1/4000 (breakpoints on step boundaries); and at rest on a constant
 * signal it stays there, every body at g.
 */
static void
chain_signal(void)
{
	enum { N = 4 };
	double m[N] = { 1.0, 2.0, 1.5, 1.0 }, lambda[N], vec[N * N], tmp[2 * N];
	double x0[N] = { 0.2, -0.1, 0.0, 0.3 }, v0[N] = { 0.0, 0.5, -0.2, 0.0 };
	double x[N], v[N], xr[N], vr[N], a0[2 * N];
	spring_line l = { N, m, 30.0, 1.2, 2.0, NULL, NULL };
	spring_sigref z[N];
	spring_signal sig;
	int kind, i;

	CHECK(spring_line_modes(&l, lambda, vec, tmp) == 0);
	l.lambda = lambda;
	l.vec = vec;
	for (kind = 0; kind < 3; kind++) {
		memset(&sig, 0, sizeof(sig));
		sig.kind = kind == 0 ? SPRING_SIGNAL_SINE : kind == 1 ?
		    SPRING_SIGNAL_RAMP : SPRING_SIGNAL_STEP;
		sig.g0 = 0.5;
		sig.q0 = 0.1;
		sig.amp = 0.8;
		sig.period = 1.3;
		sig.at = 0.5;
		memcpy(x, x0, sizeof(x));
		memcpy(v, v0, sizeof(v));
		chain_rk4(&l, &sig, 1.0 / 4000.0, 6000, x, v);
		CHECK(spring_line_sigref_init(&l, &sig, SPRING_VEL_SIGNAL, x0,
		    v0, z, a0) == 0);
		spring_line_sigref_at(&l, z, a0, 0.0, xr, vr, tmp);
		for (i = 0; i < N; i++) {
			CHECK_NEAR(xr[i], x0[i], 1e-14);
			CHECK_NEAR(vr[i], v0[i], 1e-14);
		}
		spring_line_sigref_at(&l, z, a0, 0.7, xr, vr, tmp);
		spring_line_sigref_at(&l, z, a0, 1.5, xr, vr, tmp);
		for (i = 0; i < N; i++) {
			CHECK_NEAR(xr[i], x[i], 1e-9);
			CHECK_NEAR(vr[i], v[i], 1e-8);
		}
		CHECK(fabs(x[0] - x0[0]) > 0.1);	/* it moved */
	}
	/* at rest on a constant signal: x = g, v = 0 all the way */
	memset(&sig, 0, sizeof(sig));
	sig.kind = SPRING_SIGNAL_CONSTANT;
	sig.g0 = 1.7;
	for (i = 0; i < N; i++) {
		x[i] = 1.7;
		v[i] = 0.0;
	}
	CHECK(spring_line_sigref_init(&l, &sig, SPRING_VEL_SIGNAL, x, v, z,
	    a0) == 0);
	spring_line_sigref_at(&l, z, a0, 3.0, xr, vr, tmp);
	for (i = 0; i < N; i++) {
		CHECK_NEAR(xr[i], 1.7, 1e-14);
		CHECK_NEAR(vr[i], 0.0, 1e-14);
	}
	/* no anchor, no signal reference */
	l.w0 = 0.0;
	CHECK(spring_line_sigref_init(&l, &sig, SPRING_VEL_SIGNAL, x, v, z,
	    a0) == -1);
}

void
test_system(void)
{
	impulse_one_spring();
	impulse_rope3();
	impulse_printed();
	eigen_general();
	eigen_rope_modes();
	impulse_limits();
	impulse_four_thirds();
	marginal();
	summary();
	chain_signal();
	single_body();
	pair();
	angular();
	rope3();
	limits();
	rope_converges();
}
