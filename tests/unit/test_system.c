/*
 * test_system.c - systems of springs (src/system.c): one body on the
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
	spring_params p;
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
	spring_params p;
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
	spring_params p;
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
	    "backward-euler" };
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

void
test_system(void)
{
	single_body();
	pair();
	angular();
	rope3();
	limits();
	rope_converges();
}
