/*
 * test_network.c - spring networks (src/systems/network.c): a network moving only
 * along x is the 1-D line (src/systems/system.c), rule by rule and reference
 * against exact; a spinning undamped pair keeps its energy, angular
 * momentum and the centre of mass's uniform motion; the dim-1 mesh's
 * separable modes against hand-derived 1x2 and 2x2 meshes and against the
 * rope; the impulse rule with one spring is semi-implicit, with three a
 * hand-computed step; the rk4 reference's ref_err against rk4 at
 * dt/1024; and the two dampers (Fiedler's, relative; axial): the angular
 * momentum each rule keeps or takes a step, by hand, the damping matrices
 * alone, a spring of no length, motion along the springs (the same bit
 * for bit) and Nissen's Ck = Cd = 1 pair turning on.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define MAXB 16			/* bodies in these tests, at most */
#define MAXS (2 * MAXB)		/* springs */
#define WORK SPRING_NET_WORK(MAXB, MAXS, 3)

/* A network's storage, so that each test builds one in a line. */
struct fixture {
	spring_net net;
	long ends[2 * MAXS];
	double mass[MAXB], anchor[3 * MAXB], modes[2 * (MAXB + MAXB * MAXB)];
	double work[WORK];
};

/*
 * A rows x cols grid (cols 1: the rope) of dim components, springs k, d,
 * anchor weight w0, rest L, the anchor points rest offsets c L along x.
 */
static void
grid(struct fixture *fx, long rows, long cols, int dim, int linear,
    const double *mass, double k, double d, double w0, double rest)
{
	spring_net *net = &fx->net;
	long c;
	int j;

	memset(net, 0, sizeof(*net));
	net->dim = dim;
	net->linear = linear;
	net->n = rows * cols;
	memcpy(fx->mass, mass, (size_t)net->n * sizeof(double));
	net->mass = fx->mass;
	net->nsprings = spring_net_grid(rows, cols, fx->ends);
	net->ends = fx->ends;
	for (c = 0; c < cols; c++)
		for (j = 0; j < dim; j++)
			fx->anchor[c * dim + j] = j == 0 ? (double)c * rest : 0.0;
	net->anchor = fx->anchor;
	net->k = k;
	net->d = d;
	net->w0 = w0;
	net->rest = rest;
	net->rows = rows;
	net->cols = cols;
}

/* The anchor's line g(t) = g + q t along x. */
static void
anchor_x(spring_net *net, double g, double q)
{
	memset(net->g, 0, sizeof(net->g));
	memset(net->q, 0, sizeof(net->q));
	net->g[0] = g;
	net->q[0] = q;
}

/* Step a network rule n times from t = 0. */
static void
run_rule(const spring_net_rule *r, struct fixture *fx, double h, int n,
    double *x, double *v)
{
	int i;

	CHECK(r->prepare(&fx->net, h, fx->work) == 0);
	for (i = 0; i < n; i++)
		r->step(&fx->net, h, (double)i * h, fx->work, x, v);
}

/*
 * The conjugate-gradient report: 0 after solves that converge (a swinging
 * rope, each solve rule), +inf once a solve meets a NaN (a NaN velocity:
 * the right-hand side is NaN, no residual can be below the tolerance),
 * and 0 again after prepare; the explicit rules solve nothing.
 */
static void
solve_residual(void)
{
	static const char *const solvers[] = { "implicit", "backward-euler",
	    "verlet" };
	static struct fixture fx;
	const double mass[4] = { 1.0, 2.0, 1.0, 0.5 };
	double x[12], v[12];
	size_t r;
	int i;

	grid(&fx, 4, 1, 3, 0, mass, 400.0, 2.0, 2.0, 1.0);
	anchor_x(&fx.net, 0.0, 0.0);
	for (r = 0; r < sizeof(solvers) / sizeof(solvers[0]); r++) {
		const spring_net_rule *rule = spring_net_rule_find(solvers[r]);

		for (i = 0; i < 4; i++) {
			x[3 * i] = (i + 1) * 1.1;
			x[3 * i + 1] = 0.2 * i;
			x[3 * i + 2] = -0.1 * i;
			v[3 * i] = v[3 * i + 1] = v[3 * i + 2] = 0.0;
		}
		run_rule(rule, &fx, 0.02, 50, x, v);
		CHECK(spring_net_solve_residual(&fx.net, fx.work) == 0.0);
		v[4] = NAN;
		rule->step(&fx.net, 0.02, 1.0, fx.work, x, v);
		CHECK(spring_net_solve_residual(&fx.net, fx.work) == INFINITY);
		CHECK(rule->prepare(&fx.net, 0.02, fx.work) == 0);
		CHECK(spring_net_solve_residual(&fx.net, fx.work) == 0.0);
	}
	run_rule(spring_net_rule_find("semi-implicit"), &fx, 0.02, 5, x, v);
	CHECK(spring_net_solve_residual(&fx.net, fx.work) == 0.0);
}

/*
 * The start of along_x: body i at (i + 1) L + off + u0_i along x moving at
 * w0_i (x, v, n bodies of dim components), and the line's u, w alike.
 */
static void
start_along_x(int n, int dim, double L, double off, const double *u0,
    const double *w0, double *x, double *v, double *u, double *w)
{
	int i;

	memset(x, 0, (size_t)(n * dim) * sizeof(*x));
	memset(v, 0, (size_t)(n * dim) * sizeof(*v));
	for (i = 0; i < n; i++) {
		x[i * dim] = (double)(i + 1) * L + u0[i] + off;
		v[i * dim] = w0[i];
		u[i] = u0[i] + off;
		w[i] = w0[i];
	}
}

/*
 * (a) A 2-D or 3-D rope or pair moving only along x, its springs
 * stretched, is the linear 1-D line: body i at (i + 1) L + u_i with u
 * the line's displacement (the anchor spring stretched by u_0 - g, the
 * others by u_(i+1) - u_i).  Every rule the line has must agree with it
 * step for step, and the rk4 reference at dt/64 with the line's exact
 * modes.  Unequal masses, a moving anchor.
 */
static void
along_x(void)
{
	double mass[4] = { 1.0, 2.0, 0.5, 1.5 }, u0[4] = { 0.05, -0.03, 0.08,
	    0.0 }, w0[4] = { 0.4, 0.0, -0.2, 0.1 };
	double lam[4], vec[16], tmp[8], lwork[SPRING_LINE_WORK(4)];
	double x[12], v[12], u[4], w[4], ue[4], we[4], L = 0.7, h = 1.0 / 60;
	double g = 0.2, q = 0.3, err;
	const spring_net_rule *const *r;
	const spring_line_rule *lr;
	spring_line line = { 4, mass, 40.0, 0.8, 2.0, NULL, NULL };
	spring_target_step tg;
	struct fixture *fx = malloc(sizeof(*fx));
	int dim, pass, i, j, f, n, compared = 0;

	CHECK(spring_line_modes(&line, lam, vec, tmp) == 0);
	line.lambda = lam;
	line.vec = vec;
	for (pass = 0; pass < 2; pass++) {
		/* pass 0: the 4-body rope; pass 1: bodies 1, 2 as the pair */
		n = pass == 0 ? 4 : 2;
		line.n = n;
		line.w0 = pass == 0 ? 2.0 : 0.0;
		if (pass == 1) {
			CHECK(spring_line_modes(&line, lam, vec, tmp) == 0);
		}
		for (dim = 2; dim <= 3; dim++) {
			grid(fx, n, 1, dim, 0, mass, 40.0, 0.8, 2.0, L);
			anchor_x(&fx->net, g, q);
			if (pass == 1) {	/* one spring, no anchor */
				fx->net.nsprings = 1;
				fx->ends[0] = 0;
				fx->ends[1] = 1;
			}
			for (r = spring_net_rules; *r != NULL; r++) {
				if ((lr = spring_line_rule_find((*r)->name)) ==
				    NULL || (*r)->needs_modes)
					continue;
				compared++;
				start_along_x(n, dim, L, pass == 0 ? g : 0.0, u0,
				    w0, x, v, u, w);
				run_rule(*r, fx, h, 60, x, v);
				CHECK(lr->prepare(&line, h, lwork) == 0);
				for (f = 0; f < 60; f++) {
					tg.g0 = g + q * f * h;
					tg.gm = g + q * (f + 0.5) * h;
					tg.g1 = g + q * (f + 1) * h;
					tg.q0 = tg.qm = tg.q1 = q;
					lr->step(&line, h, lwork, u, w, &tg);
				}
				err = 0.0;
				for (i = 0; i < n; i++) {
					err = fmax(err, fabs(x[i * dim] -
					    (double)(i + 1) * L - u[i]));
					err = fmax(err, fabs(v[i * dim] - w[i]));
					for (j = 1; j < dim; j++)
						err = fmax(err, fabs(x[i * dim +
						    j]) + fabs(v[i * dim + j]));
				}
				CHECK_NEAR(err, 0.0, 1e-10);
			}
			/* the reference: rk4 at h / 64 against the exact modes */
			start_along_x(n, dim, L, pass == 0 ? g : 0.0, u0, w0,
			    x, v, u, w);
			run_rule(spring_net_rule_find("rk4"), fx, h / 64.0,
			    64 * 60, x, v);
			spring_line_exact(&line, u, w, g, q, 60 * h, ue, we, tmp);
			err = 0.0;
			for (i = 0; i < n; i++) {
				err = fmax(err, fabs(x[i * dim] - (double)(i + 1) *
				    L - ue[i]));
				err = fmax(err, fabs(v[i * dim] - we[i]));
			}
			CHECK_NEAR(err, 0.0, 1e-10);
		}
	}
	/* explicit, semi-implicit, implicit, backward-euler at least */
	CHECK(compared >= 4 * 4);
	free(fx);
}

/* The pair's energy and angular momentum (about the origin, 3 parts). */
static void
pair_invariants(const spring_net *net, const double *x, const double *v,
    double *e, double *am)
{
	int i, d = net->dim;

	*e = spring_net_energy(net, x, v, 0.0);
	am[0] = am[1] = am[2] = 0.0;
	for (i = 0; i < 2; i++) {
		const double *p = x + i * d, *u = v + i * d;
		double pz = d == 3 ? p[2] : 0.0, uz = d == 3 ? u[2] : 0.0;

		am[0] += net->mass[i] * (p[1] * uz - pz * u[1]);
		am[1] += net->mass[i] * (pz * u[0] - p[0] * uz);
		am[2] += net->mass[i] * (p[0] * u[1] - p[1] * u[0]);
	}
}

/*
 * (b) A spinning, undamped pair (m 1 and 3, k 50, L 1, out of the plane
 * in 3-D): the rk4 reference keeps the energy and the angular momentum
 * to its own error estimate's level, and the centre of mass moves
 * uniformly (momentum is linear in the state: rk4 keeps it to rounding).
 */
static void
spinning_pair(void)
{
	double mass[2] = { 1.0, 3.0 }, x[6], v[6], xh[6], vh[6], h = 1.0 / 60;
	double e0, am0[3], e, am[3], com, want, refe = 0.0, de = 0.0, dam = 0.0;
	double p0[3];
	const spring_net_rule *rk4 = spring_net_rule_find("rk4");
	struct fixture *fx = malloc(sizeof(*fx));
	int dim, f, i, j;

	for (dim = 2; dim <= 3; dim++) {
		grid(fx, 2, 1, dim, 0, mass, 50.0, 0.0, 0.0, 1.0);
		fx->net.nsprings = 1;
		fx->ends[0] = 0;
		fx->ends[1] = 1;
		memset(x, 0, sizeof(x));
		memset(v, 0, sizeof(v));
		x[dim] = 1.3;		/* body 2 at (1.3, 0[, 0]), stretched */
		v[1] = -1.2;		/* body 1 down, body 2 up: a spin */
		v[dim] = 0.2;
		v[dim + 1] = 0.9;
		if (dim == 3) {
			v[2] = 0.3;	/* and out of the plane */
			v[dim + 2] = -0.4;
		}
		memcpy(xh, x, sizeof(x));
		memcpy(vh, v, sizeof(v));
		pair_invariants(&fx->net, x, v, &e0, am0);
		for (j = 0; j < dim; j++)	/* the momentum, 4 v_com */
			p0[j] = v[j] + 3.0 * v[dim + j];
		for (f = 1; f <= 120; f++) {
			rk4->prepare(&fx->net, h / 64, fx->work);
			for (i = 0; i < 64; i++)
				rk4->step(&fx->net, h / 64, 0.0, fx->work, x, v);
			rk4->prepare(&fx->net, h / 32, fx->work);
			for (i = 0; i < 32; i++)
				rk4->step(&fx->net, h / 32, 0.0, fx->work, xh,
				    vh);
			for (i = 0; i < 2; i++) {
				double s = 0.0;

				for (j = 0; j < dim; j++)
					s += (x[i * dim + j] - xh[i * dim + j]) *
					    (x[i * dim + j] - xh[i * dim + j]);
				refe = fmax(refe, sqrt(s) / 15.0);
			}
			pair_invariants(&fx->net, x, v, &e, am);
			de = fmax(de, fabs(e - e0));
			for (j = 0; j < 3; j++)
				dam = fmax(dam, fabs(am[j] - am0[j]));
			for (j = 0; j < dim; j++) {
				com = (x[j] + 3.0 * x[dim + j]) / 4.0;
				want = (1.3 * 3.0 * (j == 0) + f * h * p0[j]) /
				    4.0;
				CHECK_NEAR(com, want, 1e-12);
			}
		}
		/*
		 * the invariants drift no more than an error of ref_err in
		 * position would make: |dE| <~ |F| ref_err (F = k ext ~ 15
		 * at most), |dL| <~ |p| ref_err; and it did spin
		 */
		CHECK(refe > 0.0 && refe < 1e-8);
		CHECK(de <= 50.0 * refe + 1e-12);
		CHECK(dam <= 10.0 * refe + 1e-12);
		CHECK(fabs(am0[2]) > 1.0);
	}
	free(fx);
}

/*
 * A damped oscillator's response by hand: x'' + c x' + w2 x = 0 from
 * (a, 0), underdamped (c^2 < 4 w2): e^(-c t / 2) (cos wd t + c / (2 wd)
 * sin wd t) a, wd = sqrt(w2 - c^2 / 4); and its derivative.
 */
static void
by_hand(double w2, double c, double a, double t, double *x, double *v)
{
	double wd = sqrt(w2 - 0.25 * c * c), s = 0.5 * c, e = exp(-s * t);

	*x = a * e * (cos(wd * t) + s / wd * sin(wd * t));
	*v = -a * e * (w2 / wd) * sin(wd * t);
}

/*
 * (c) The dim-1 mesh's separable modes.  1x2: two bodies on their own
 * anchors (weight w0 = 2), one spring between: K = k [[3, -1], [-1, 3]],
 * eigenvalues 2 k (together, (1, 1)) and 4 k (apart, (1, -1)).  2x2:
 * the rows' chain [[w0 + 1, -1], [-1, 1]] has lambda = 2 -+ sqrt 2 (the
 * roots of l^2 - 4 l + 2), eigenvector (1, 3 - lambda) = (1, 1 + sqrt 2)
 * for the smaller; the columns' path [[1, -1], [-1, 1]] has 0 and 2, the
 * larger with (1, -1); the mode (1, 1 + sqrt 2) x (1, -1) is a spring of
 * mu = 4 - sqrt 2.  Then C = 1: the mesh is the rope, rule for rule.
 */
static void
mesh_modes(void)
{
	double mass[8] = { 2, 2, 2, 2, 2, 2, 2, 2 }, tmp[64], x0[8], v0[8];
	double x[8], v[8], e, de, m = 2.0, k = 30.0, d = 0.9, g = 0.5, t;
	double lam[8], vec[64], lwork[SPRING_LINE_WORK(8)], u[8], w[8];
	double mu, r2 = sqrt(2.0);
	const spring_net_rule *const *r;
	const spring_line_rule *lr;
	spring_line line = { 5, mass, 30.0, 0.9, 2.0, NULL, NULL };
	spring_target_step tg;
	struct fixture *fx = malloc(sizeof(*fx));
	int i, f;

	/* 1x2, body 1 pulled by 0.3 from the anchors' 0.5 */
	grid(fx, 1, 2, 1, 1, mass, k, d, 2.0, 0.0);
	anchor_x(&fx->net, g, 0.0);
	CHECK(spring_net_modes(&fx->net, fx->modes, tmp) == 0);
	fx->net.modes = fx->modes;
	CHECK_NEAR(fx->modes[0], 2.0, 1e-15);		/* rows: w0 */
	CHECK_NEAR(fx->modes[2], 0.0, 1e-15);		/* columns: 0, 2 */
	CHECK_NEAR(fx->modes[3], 2.0, 1e-15);
	x0[0] = g + 0.3;
	x0[1] = g;
	v0[0] = v0[1] = 0.0;
	for (t = 0.0; t < 3.0; t += 0.21) {
		double s, sv, a, av;

		spring_net_exact(&fx->net, x0, v0, t, x, v, tmp);
		by_hand(2.0 * k / m, 2.0 * d / m, 0.15, t, &s, &sv);
		by_hand(4.0 * k / m, 4.0 * d / m, 0.15, t, &a, &av);
		CHECK_NEAR(x[0], g + s + a, 1e-13);
		CHECK_NEAR(x[1], g + s - a, 1e-13);
		CHECK_NEAR(v[0], sv + av, 1e-12);
		CHECK_NEAR(v[1], sv - av, 1e-12);
	}
	/* 2x2: the hand mode alone */
	grid(fx, 2, 2, 1, 1, mass, k, d, 2.0, 0.0);
	anchor_x(&fx->net, g, 0.0);
	CHECK(spring_net_modes(&fx->net, fx->modes, tmp) == 0);
	fx->net.modes = fx->modes;
	CHECK_NEAR(fx->modes[0], 2.0 - r2, 1e-14);
	CHECK_NEAR(fx->modes[1], 2.0 + r2, 1e-14);
	mu = 4.0 - r2;
	x0[0] = g + 0.1;		/* (r, c) = (0, 0), (0, 1), (1, 0), (1, 1) */
	x0[1] = g - 0.1;
	x0[2] = g + 0.1 * (1.0 + r2);
	x0[3] = g - 0.1 * (1.0 + r2);
	memset(v0, 0, sizeof(v0));
	for (t = 0.0; t < 3.0; t += 0.17) {
		spring_net_exact(&fx->net, x0, v0, t, x, v, tmp);
		by_hand(k * mu / m, d * mu / m, 1.0, t, &e, &de);
		for (i = 0; i < 4; i++) {
			CHECK_NEAR(x[i], g + (x0[i] - g) * e, 1e-13);
			CHECK_NEAR(v[i], (x0[i] - g) * de, 1e-12);
		}
	}
	/* C = 1: the 5-body rope, a moving anchor, every rule of both */
	grid(fx, 5, 1, 1, 1, mass, k, d, 2.0, 0.0);
	anchor_x(&fx->net, g, 0.4);
	CHECK(spring_net_modes(&fx->net, fx->modes, tmp) == 0);
	fx->net.modes = fx->modes;
	CHECK(spring_line_modes(&line, lam, vec, tmp) == 0);
	line.lambda = lam;
	line.vec = vec;
	for (i = 0; i < 5; i++) {
		x0[i] = 0.1 * i - 0.2;
		v0[i] = 0.3 - 0.2 * i;
	}
	spring_net_exact(&fx->net, x0, v0, 1.7, x, v, tmp);
	spring_line_exact(&line, x0, v0, g, 0.4, 1.7, u, w, tmp);
	for (i = 0; i < 5; i++) {
		CHECK_NEAR(x[i], u[i], 1e-13);
		CHECK_NEAR(v[i], w[i], 1e-12);
	}
	for (r = spring_net_rules; *r != NULL; r++) {
		if ((lr = spring_line_rule_find((*r)->name)) == NULL)
			continue;
		memcpy(x, x0, sizeof(x));
		memcpy(v, v0, sizeof(v));
		memcpy(u, x0, sizeof(u));
		memcpy(w, v0, sizeof(w));
		run_rule(*r, fx, 0.02, 50, x, v);
		CHECK(lr->prepare(&line, 0.02, lwork) == 0);
		for (f = 0; f < 50; f++) {
			tg.g0 = g + 0.4 * f * 0.02;
			tg.gm = g + 0.4 * (f + 0.5) * 0.02;
			tg.g1 = g + 0.4 * (f + 1) * 0.02;
			tg.q0 = tg.qm = tg.q1 = 0.4;
			lr->step(&line, 0.02, lwork, u, w, &tg);
		}
		for (i = 0; i < 5; i++) {
			CHECK_NEAR(x[i], u[i], 1e-11);
			CHECK_NEAR(v[i], w[i], 1e-10);
		}
	}
	/* the exact rule is the closed form, step by step */
	memcpy(x, x0, sizeof(x));
	memcpy(v, v0, sizeof(v));
	run_rule(spring_net_rule_find("exact"), fx, 0.02, 85, x, v);
	spring_net_exact(&fx->net, x0, v0, 85 * 0.02, u, w, tmp);
	for (i = 0; i < 5; i++) {
		CHECK_NEAR(x[i], u[i], 1e-12);
		CHECK_NEAR(v[i], w[i], 1e-11);
	}
	/* a rest-length net has no modes: exact refuses */
	grid(fx, 2, 2, 2, 0, mass, k, d, 2.0, 1.0);
	CHECK(spring_net_modes(&fx->net, fx->modes, tmp) == -1);
	CHECK(spring_net_rule_find("exact")->prepare(&fx->net, 0.1,
	    fx->work) == -1);
	free(fx);
}

/*
 * (d) The impulse rule.  One spring: semi-implicit exactly (the pair in
 * 2-D; one body on the anchor in 3-D, gravity applied after the spring
 * in both, so to rounding).  A 3-body rope, k = m = h = 1, d = 1/2,
 * w0 = 1, the anchor still at 0, u = (0.5, 0, 0), v = 0, by hand:
 *	anchor spring:  f = -0.5                 v = (-0.5, 0, 0)
 *	spring 1-2:     f = -0.5 - 0.5 (-0.5) = -0.25
 *	                                         v = (-0.75, 0.25, 0)
 *	spring 2-3:     f = -0.5 (0.25) = -0.125 v = (-0.75, 0.125, 0.125)
 *	x += v:         x = (-0.25, 0.125, 0.125)
 * where semi-implicit gives v = (-1, 0.5, 0) (forces -0.5 - 0.5, 0.5, 0).
 * The same in 2-D along x, rest length 1.
 */
static void
impulse(void)
{
	double mass[3] = { 1.0, 1.0, 1.0 }, x[9], v[9], xs[9], vs[9];
	const double want_x[3] = { -0.25, 0.125, 0.125 };
	const double want_v[3] = { -0.75, 0.125, 0.125 };
	const spring_net_rule *imp = spring_net_rule_find("impulse");
	const spring_net_rule *semi = spring_net_rule_find("semi-implicit");
	struct fixture *fx = malloc(sizeof(*fx));
	int i, dim;

	CHECK(imp != NULL && semi != NULL);
	/* the pair, 2-D, no gravity: bit for bit */
	grid(fx, 2, 1, 2, 0, mass, 20.0, 0.7, 0.0, 1.0);
	fx->net.nsprings = 1;
	fx->ends[0] = 0;
	fx->ends[1] = 1;
	x[0] = 0.1; x[1] = 0.2; x[2] = 1.4; x[3] = -0.3;
	v[0] = 0.5; v[1] = -0.1; v[2] = 0.0; v[3] = 0.8;
	memcpy(xs, x, sizeof(x));
	memcpy(vs, v, sizeof(v));
	run_rule(imp, fx, 0.05, 40, x, v);
	run_rule(semi, fx, 0.05, 40, xs, vs);
	for (i = 0; i < 4; i++) {
		CHECK_EQ(x[i], xs[i]);
		CHECK_EQ(v[i], vs[i]);
	}
	/* one body on a moving anchor, 3-D, gravity */
	grid(fx, 1, 1, 3, 0, mass, 20.0, 0.7, 2.0, 1.0);
	fx->net.gravity = 9.81;
	fx->net.g[1] = 0.3;
	fx->net.q[0] = 0.2;
	fx->net.q[2] = -0.1;
	x[0] = 0.2; x[1] = -0.9; x[2] = 0.1;
	v[0] = v[1] = v[2] = 0.0;
	memcpy(xs, x, sizeof(x));
	memcpy(vs, v, sizeof(v));
	run_rule(imp, fx, 0.05, 40, x, v);
	run_rule(semi, fx, 0.05, 40, xs, vs);
	for (i = 0; i < 3; i++) {
		CHECK_NEAR(x[i], xs[i], 1e-13);
		CHECK_NEAR(v[i], vs[i], 1e-12);
	}
	/* three bodies: the hand step, dim 1 (linear) and 2 (along x) */
	for (dim = 1; dim <= 2; dim++) {
		grid(fx, 3, 1, dim, dim == 1, mass, 1.0, 0.5, 1.0, 1.0);
		memset(x, 0, sizeof(x));
		memset(v, 0, sizeof(v));
		for (i = 0; i < 3; i++)
			x[i * dim] = (dim == 2 ? i + 1.0 : 0.0) + (i == 0 ? 0.5 :
			    0.0);
		memcpy(xs, x, sizeof(x));
		memset(vs, 0, sizeof(vs));
		run_rule(imp, fx, 1.0, 1, x, v);
		for (i = 0; i < 3; i++) {
			CHECK_EQ(x[i * dim] - (dim == 2 ? i + 1.0 : 0.0),
			    want_x[i]);
			CHECK_EQ(v[i * dim], want_v[i]);
		}
		run_rule(semi, fx, 1.0, 1, xs, vs);
		CHECK_EQ(vs[0], -1.0);
		CHECK_EQ(vs[dim], 0.5);
		CHECK_EQ(vs[2 * dim], 0.0);
	}
	free(fx);
}

/* A 2-D rope under gravity, set swinging: (e)'s system. */
static void
swinging_rope(struct fixture *fx, double k, double *x, double *v)
{
	double mass[5] = { 1.0, 0.5, 1.0, 2.0, 1.0 };
	int i;

	grid(fx, 5, 1, 2, 0, mass, k, 2.0, 2.0, 0.5);
	fx->net.gravity = 9.81;
	fx->net.q[0] = 0.5;
	for (i = 0; i < 5; i++) {
		x[2 * i] = 0.5 * (i + 1) + 0.05 * i;
		x[2 * i + 1] = -0.1 * i;
		v[2 * i] = 0.0;
		v[2 * i + 1] = 0.3 * (i % 2 ? 1.0 : -1.0);
	}
}

/* rk4 over one frame of h in n steps, from t. */
static void
rk4_frame(struct fixture *fx, double h, int n, double t, double *x,
    double *v)
{
	const spring_net_rule *rk4 = spring_net_rule_find("rk4");
	int i;

	rk4->prepare(&fx->net, h / n, fx->work);
	for (i = 0; i < n; i++)
		rk4->step(&fx->net, h / n, t + i * (h / n), fx->work, x, v);
}

/*
 * (e) ref_err is honest: the dt/64 reference against rk4 at dt/1024
 * (error 4096 times smaller), over a stiff swinging rope: the true error
 * is at most 3 times the estimate |x_64 - x_32| / 15, and the estimate
 * at most 3 times the true error (not absurdly loose).  Also the rules'
 * orders against that reference (halving dt).
 */
static void
ref_err_honest(void)
{
	double x64[10], v64[10], x32[10], v32[10], xf[10], vf[10];
	double h = 1.0 / 30, t, est = 0.0, truth = 0.0, a, b, s;
	double x[10], v[10], err[2];
	const spring_net_rule *const *r;
	struct fixture *fx = malloc(sizeof(*fx));
	int f, i, j, pass;

	swinging_rope(fx, 900.0, x64, v64);
	memcpy(x32, x64, sizeof(x64));
	memcpy(v32, v64, sizeof(v64));
	memcpy(xf, x64, sizeof(x64));
	memcpy(vf, v64, sizeof(v64));
	for (f = 0; f < 45; f++) {
		t = f * h;
		rk4_frame(fx, h, 64, t, x64, v64);
		rk4_frame(fx, h, 32, t, x32, v32);
		rk4_frame(fx, h, 1024, t, xf, vf);
		for (i = 0; i < 5; i++) {
			a = b = 0.0;
			for (j = 0; j < 2; j++) {
				s = x64[2 * i + j] - x32[2 * i + j];
				a += s * s;
				s = x64[2 * i + j] - xf[2 * i + j];
				b += s * s;
			}
			est = fmax(est, sqrt(a) / 15.0);
			truth = fmax(truth, sqrt(b));
		}
	}
	/* well above rounding, so that the comparison means something */
	CHECK(truth > 1e-10);
	CHECK(truth <= 3.0 * est);
	CHECK(est <= 3.0 * truth);
	/* orders, k = 100: the error at the end of 0.5 s, dt 1/1000, 1/2000 */
	for (r = spring_net_rules; *r != NULL; r++) {
		if ((*r)->needs_modes)
			continue;
		for (pass = 0; pass < 2; pass++) {
			double hh = pass == 0 ? 1.0 / 1000 : 1.0 / 2000;

			swinging_rope(fx, 100.0, x, v);
			swinging_rope(fx, 100.0, xf, vf);
			run_rule(*r, fx, hh, (int)lround(0.5 / hh), x, v);
			for (f = 0; f < 60; f++)
				rk4_frame(fx, 0.5 / 60, 64, f * (0.5 / 60), xf,
				    vf);
			err[pass] = 0.0;
			for (i = 0; i < 10; i++)
				err[pass] = fmax(err[pass], fabs(x[i] - xf[i]));
		}
		CHECK_NEAR(log2(err[0] / err[1]), (double)(*r)->order, 0.2);
	}
	free(fx);
}

/*
 * The angular momentum about the centre of mass, Sum m (x - X) x (v - V)
 * (3 parts; a plane net has only the z), from the bodies' states alone;
 * and in scale the size of the numbers it is made of, Sum m |x| |v|
 * (its rounding is a few ulps of that, however small L is).
 */
static void
com_angmom(const spring_net *net, const double *x, const double *v,
    double *am, double *scale)
{
	double X[3] = { 0, 0, 0 }, V[3] = { 0, 0, 0 }, p[3], u[3], mt = 0.0;
	long i;
	int j, d = net->dim;

	for (i = 0; i < net->n; i++) {
		mt += net->mass[i];
		for (j = 0; j < d; j++) {
			X[j] += net->mass[i] * x[i * d + j];
			V[j] += net->mass[i] * v[i * d + j];
		}
	}
	for (j = 0; j < d; j++) {
		X[j] /= mt;
		V[j] /= mt;
	}
	am[0] = am[1] = am[2] = *scale = 0.0;
	for (i = 0; i < net->n; i++) {
		p[2] = u[2] = 0.0;
		for (j = 0; j < d; j++) {
			p[j] = x[i * d + j] - X[j];
			u[j] = v[i * d + j] - V[j];
		}
		am[0] += net->mass[i] * (p[1] * u[2] - p[2] * u[1]);
		am[1] += net->mass[i] * (p[2] * u[0] - p[0] * u[2]);
		am[2] += net->mass[i] * (p[0] * u[1] - p[1] * u[0]);
		p[0] = p[1] = p[2] = u[0] = u[1] = u[2] = 0.0;
		for (j = 0; j < d; j++) {
			p[j] = x[i * d + j];
			u[j] = v[i * d + j];
		}
		*scale += net->mass[i] * sqrt(p[0] * p[0] + p[1] * p[1] +
		    p[2] * p[2]) * sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
	}
}

/* A free pair: bodies 0 and 1 joined by one spring, no anchor. */
static void
free_pair(struct fixture *fx, int dim, const double *mass, double k,
    double d, double rest, int axial)
{
	grid(fx, 2, 1, dim, 0, mass, k, d, 0.0, rest);
	fx->net.nsprings = 1;
	fx->ends[0] = 0;
	fx->ends[1] = 1;
	fx->net.axial_damping = axial;
}

/*
 * One step's factor on a pair's angular momentum about its centre of
 * mass, L = m_red d x v_rel (d = x_a - x_b, v_rel = v_a - v_b), derived
 * on the relative coordinate, m_red d v_rel' = h F_a + ..., F_a = -k s u
 * - c v_rel (Fiedler's) or -k s u - c (v_rel . u) u (axial), s = |d| -
 * L, u = d / |d|; Ck = h^2 k / m_red, Cd = h c / m_red.  A force along d
 * has no moment: d x u = 0.
 *   semi-implicit (impulse is it for one spring): x' = x + h v', so
 *	L' = m_red d x v_rel' = L + h d x F_a: Fiedler's -c v_rel takes
 *	h c d x v_rel = Cd L: 1 - Cd; axial: 1.
 *   explicit: L' = m_red (d + h v_rel) x (v_rel + h F_a / m_red) = L +
 *	h d x F_a + h^2 v_rel x F_a, and v_rel x u = -L / (m_red |d|):
 *	Fiedler's 1 - Cd + Ck s / |d|; axial 1 + (Ck s + Cd h v_rel.u) / |d|
 *	(the rule's own drift, damped or not).
 *   implicit: x' = d + h v_rel = p (the prediction), (m_red + h c) dv =
 *	h F_a(p, v_rel) (axial: h c u u^T dv, u at p); L' = m_red p x v' and
 *	p x v_rel = d x v_rel: Fiedler's L' (1 + Cd) = L; axial 1.
 *   verlet: d' = d + h P / m_red, P = m_red v_rel + h/2 F_a(d, v_rel),
 *	(m_red + h/2 c) v' = P + h/2 F_el(d') (axial h/2 c u' u'^T v', u'
 *	at d'): d' x P = d x P = (1 - Cd / 2) L with Fiedler's, so L' =
 *	(1 - Cd/2) / (1 + Cd/2) L; axial 1.
 *   backward-euler: m_red dv = h F_a - h c dv - h^2 K v' (axial: c u
 *	u^T), K = k (f (I - u u^T) + u u^T), f = max(0, s / |d|), and
 *	x' = x + h v' so L' = m_red d x v': d x K v' = k f d x v', so L' =
 *	L / (1 + Cd + Ck f) (Fiedler's), L / (1 + Ck f) (axial: the
 *	clamped stiffness's transverse part turns a stretched pair, f > 0).
 */
static double
am_factor(const char *rule, int axial, double ck, double cd, double h,
    const double *d, const double *vr, double rest, int dim)
{
	double len = 0.0, vu = 0.0, s, f;
	int j;

	for (j = 0; j < dim; j++)
		len += d[j] * d[j];
	len = sqrt(len);
	for (j = 0; j < dim; j++)
		vu += vr[j] * d[j] / len;
	s = len - rest;
	f = fmax(0.0, s / len);
	if (strcmp(rule, "semi-implicit") == 0 || strcmp(rule, "impulse") == 0)
		return axial ? 1.0 : 1.0 - cd;
	if (strcmp(rule, "explicit") == 0)
		return axial ? 1.0 + (ck * s + cd * h * vu) / len : 1.0 - cd +
		    ck * s / len;
	if (strcmp(rule, "implicit") == 0)
		return axial ? 1.0 : 1.0 / (1.0 + cd);
	if (strcmp(rule, "verlet") == 0)
		return axial ? 1.0 : (1.0 - 0.5 * cd) / (1.0 + 0.5 * cd);
	if (strcmp(rule, "backward-euler") == 0)
		return axial ? 1.0 / (1.0 + ck * f) : 1.0 / (1.0 + cd + ck * f);
	return NAN;
}


/* The damped pair's start: 0.8 apart, compressed, turning and drifting. */
static void
spinning_start(int dim, double *x, double *v)
{
	memset(x, 0, 6 * sizeof(*x));
	memset(v, 0, 6 * sizeof(*v));
	x[dim] = 0.8;
	v[1] = -1.5;
	v[dim] = 0.4;
	v[dim + 1] = 0.9;
	if (dim == 3) {
		v[2] = 0.6;
		v[dim + 2] = -0.3;
	}
}
/*
 * (f) The dampers and the angular momentum: a damped pair (m 1 and 3,
 * Ck 0.2, Cd 0.3 on m_red = 3/4, h 1/60, rest 1) spinning in the plane
 * and, in 3-D, out of it, starting compressed (|d| 0.8: backward-euler's
 * clamp at f = 0) and swinging through stretched.  Every step of every
 * rule scales L by am_factor's hand-derived factor, to 1e-12 of the
 * terms L sums (rounding; the CG rules' 1e-14 residual times a matrix of
 * condition below 10).  So with the axial damper semi-implicit, impulse,
 * implicit and verlet keep L exactly (central forces; the implicit
 * rules' damping matrix c u u^T central too), and Fiedler's damper takes
 * a fixed fraction a step.  rk4 (the reference) keeps no quadratic
 * invariant exactly: at h/64 it follows dL/dt = -(c / m_red) L (Fiedler's:
 * L0 e^(-c t / m_red)) or L = L0 (axial) to its own error, which rk4 at
 * h/32 bounds (the spinning_pair bound: |dL| <= 10 ref_err).
 */
static void
damper_angular_momentum(void)
{
	static const char *const rules[] = { "semi-implicit", "explicit",
	    "impulse", "implicit", "verlet", "backward-euler" };
	double mass[2] = { 1.0, 3.0 }, mr = 0.75, h = 1.0 / 60, ck = 0.2;
	double cd = 0.3, k = ck * mr / (h * h), c = cd * mr / h;
	double x[6], v[6], xh[6], vh[6], d[3], vr[3], am0[3], am[3], am1[3];
	double sc, fac, want, refe, dam, t;
	struct fixture *fx = malloc(sizeof(*fx));
	const spring_net_rule *rk4 = spring_net_rule_find("rk4");
	size_t r;
	int dim, axial, step, j, i, compressed, stretched;

	for (dim = 2; dim <= 3; dim++)
		for (axial = 0; axial <= 1; axial++) {
			for (r = 0; r < sizeof(rules) / sizeof(rules[0]); r++) {
				const spring_net_rule *rule =
				    spring_net_rule_find(rules[r]);

				free_pair(fx, dim, mass, k, c, 1.0, axial);
				spinning_start(dim, x, v);
				CHECK(rule->prepare(&fx->net, h, fx->work) == 0);
				compressed = stretched = 0;
				for (step = 0; step < 80; step++) {
					for (j = 0; j < dim; j++) {
						d[j] = x[j] - x[dim + j];
						vr[j] = v[j] - v[dim + j];
					}
					fac = am_factor(rules[r], axial, ck, cd, h,
					    d, vr, 1.0, dim);
					if (sqrt(d[0] * d[0] + d[1] * d[1] +
					    (dim == 3 ? d[2] * d[2] : 0.0)) < 1.0)
						compressed = 1;
					else
						stretched = 1;
					com_angmom(&fx->net, x, v, am0, &sc);
					rule->step(&fx->net, h, step * h, fx->work,
					    x, v);
					com_angmom(&fx->net, x, v, am, &sc);
					for (j = 0; j < 3; j++)
						CHECK_NEAR(am[j], fac * am0[j],
						    1e-12 * sc);
				}
				CHECK(compressed && stretched);
				CHECK(spring_net_solve_residual(&fx->net,
				    fx->work) == 0.0);
			}
			/* rk4 at h/64 against the law, h/32 for its error */
			free_pair(fx, dim, mass, k, c, 1.0, axial);
			spinning_start(dim, x, v);
			memcpy(xh, x, sizeof(x));
			memcpy(vh, v, sizeof(v));
			com_angmom(&fx->net, x, v, am1, &sc);
			refe = dam = 0.0;
			for (step = 1; step <= 120; step++) {
				rk4->prepare(&fx->net, h / 64, fx->work);
				for (i = 0; i < 64; i++)
					rk4->step(&fx->net, h / 64, 0.0, fx->work,
					    x, v);
				rk4->prepare(&fx->net, h / 32, fx->work);
				for (i = 0; i < 32; i++)
					rk4->step(&fx->net, h / 32, 0.0, fx->work,
					    xh, vh);
				for (i = 0; i < 2; i++) {
					double e = 0.0;

					for (j = 0; j < dim; j++)
						e += (x[i * dim + j] -
						    xh[i * dim + j]) * (x[i * dim +
						    j] - xh[i * dim + j]);
					refe = fmax(refe, sqrt(e) / 15.0);
				}
				t = step * h;
				com_angmom(&fx->net, x, v, am, &sc);
				for (j = 0; j < 3; j++) {
					want = am1[j] * (axial ? 1.0 :
					    exp(-c * t / mr));
					dam = fmax(dam, fabs(am[j] - want));
				}
			}
			CHECK(refe > 0.0 && refe < 1e-8);
			CHECK(dam <= 10.0 * refe + 1e-13);
			/* and Fiedler's decayed: e^(-36) of it is left */
			if (!axial) {
				CHECK(fabs(am[2]) < 1e-9 * fabs(am1[2]));
			}
		}
	free(fx);
}

/*
 * (g) A free triangle (3 bodies, 3 springs of rest 1, 3-D, stretched and
 * spinning about a tilted axis): with the axial damper every spring's
 * force is central, so semi-implicit, impulse (each spring's impulse
 * along its own d, at the step's positions, x' = x + h v'), implicit and
 * verlet keep the total angular momentum (the arguments of am_factor,
 * spring by spring) to rounding over 200 steps; Fiedler's damper takes
 * most of it (a rigid spin is damped by every spring: here below a
 * tenth).
 */
static void
damper_triangle(void)
{
	static const char *const rules[] = { "semi-implicit", "impulse",
	    "implicit", "verlet" };
	const double mass[3] = { 1.0, 2.0, 0.5 };
	const double x0[9] = { 0.0, 0.0, 0.0, 1.1, 0.0, 0.1, 0.5, 0.95, -0.1 };
	const double v0[9] = { 0.3, -0.8, 0.5, -0.2, 0.7, 0.1, 0.9, -0.4, -0.6 };
	double x[9], v[9], am0[3], am[3], sc, sc0, h = 1.0 / 60;
	struct fixture *fx = malloc(sizeof(*fx));
	size_t r;
	int axial, j;

	for (axial = 0; axial <= 1; axial++)
		for (r = 0; r < sizeof(rules) / sizeof(rules[0]); r++) {
			grid(fx, 3, 1, 3, 0, mass, 300.0, 3.0, 0.0, 1.0);
			fx->net.nsprings = 3;
			fx->ends[0] = 0; fx->ends[1] = 1;
			fx->ends[2] = 1; fx->ends[3] = 2;
			fx->ends[4] = 2; fx->ends[5] = 0;
			fx->net.axial_damping = axial;
			memcpy(x, x0, sizeof(x));
			memcpy(v, v0, sizeof(v));
			com_angmom(&fx->net, x, v, am0, &sc0);
			run_rule(spring_net_rule_find(rules[r]), fx, h, 200, x,
			    v);
			com_angmom(&fx->net, x, v, am, &sc);
			if (axial)
				for (j = 0; j < 3; j++)
					CHECK_NEAR(am[j], am0[j], 1e-12 * sc0);
			else
				CHECK(sqrt(am[0] * am[0] + am[1] * am[1] +
				    am[2] * am[2]) < 0.1 * sqrt(am0[0] * am0[0] +
				    am0[1] * am0[1] + am0[2] * am0[2]));
		}
	free(fx);
}

/*
 * (h) Motion along the springs: a 4-body rope on an anchor moving along
 * x, and a free pair, in 2-D and 3-D, stretched and moving only along x.
 * v_a - v_b is along d, so ((v_a - v_b) . u) u = v_a - v_b: the two
 * dampers are the same, and (u = (+-1, 0, 0) exactly, d / |d| with |d| =
 * sqrt(d_x^2) = |d_x|) give the same numbers bit for bit, every rule, 60
 * steps; the implicit rules' matrices too (c u u^T y = c y along x).
 * And the dim-1 mesh (linear, equal masses) ignores axial_damping.
 */
static void
damper_along_axis(void)
{
	double mass[4] = { 1.0, 2.0, 0.5, 1.5 }, u0[4] = { 0.05, -0.03, 0.08,
	    0.0 }, w0[4] = { 0.4, 0.0, -0.2, 0.1 };
	double x[2][12], v[2][12], L = 0.7, h = 1.0 / 60;
	const double ones[4] = { 1.0, 1.0, 1.0, 1.0 };
	const spring_net_rule *const *r;
	struct fixture *fx = malloc(sizeof(*fx));
	int dim, pass, i, n, axial, moved;

	for (pass = 0; pass < 3; pass++)
		for (dim = pass == 2 ? 1 : 2; dim <= (pass == 2 ? 1 : 3); dim++)
			for (r = spring_net_rules; *r != NULL; r++) {
				if ((*r)->needs_modes && pass != 2)
					continue;
				n = pass == 1 ? 2 : 4;
				for (axial = 0; axial <= 1; axial++) {
					grid(fx, n, 1, dim, pass == 2, pass == 2 ?
					    ones : mass, 400.0, 3.0, 2.0, pass == 2 ?
					    0.0 : L);
					anchor_x(&fx->net, 0.2, 0.3);
					if (pass == 1) {
						fx->net.nsprings = 1;
						fx->ends[0] = 0;
						fx->ends[1] = 1;
					}
					if (pass == 2) {
						double tmp[16];

						CHECK(spring_net_modes(&fx->net,
						    fx->modes, tmp) == 0);
						fx->net.modes = fx->modes;
					}
					fx->net.axial_damping = axial;
					memset(x[axial], 0, sizeof(x[axial]));
					memset(v[axial], 0, sizeof(v[axial]));
					for (i = 0; i < n; i++) {
						x[axial][i * dim] = (pass == 2 ? 0.0 :
						    (i + 1) * L) + u0[i] + 0.2;
						v[axial][i * dim] = w0[i];
					}
					run_rule(*r, fx, h, 60, x[axial], v[axial]);
				}
				moved = 0;
				for (i = 0; i < n * dim; i++) {
					CHECK_EQ(x[1][i], x[0][i]);
					CHECK_EQ(v[1][i], v[0][i]);
					moved |= v[0][i] != (i % dim ? 0.0 :
					    w0[i / dim]);
				}
				CHECK(moved);
			}
	free(fx);
}

/*
 * (i) Each implicit rule's damping matrix alone (k = 0, so K = 0 and no
 * elastic force), a pair in 2-D and 3-D, m 1 and 3, Cd = h c / m_red =
 * 0.6, by hand on the relative velocity v (the centre of mass's velocity
 * kept).  Fiedler's (m_red + h c) v' = m_red v - ... gives implicit and
 * backward-euler v / (1 + Cd), verlet (1 - Cd/2) / (1 + Cd/2) v.  Axial,
 * u the direction the rule takes (implicit: of d + h v; backward-euler:
 * of d), (m_red I + h c u u^T) v' = m_red v - h c (v . u) u: the part
 * along u over 1 + Cd, the part across kept:
 *	v' = v - Cd / (1 + Cd) (v . u) u.
 * verlet: q = v - Cd/2 (v . u) u (the explicit half), d' = d + h q, u'
 * its direction, (m_red I + h/2 c u' u'^T) v' = m_red q:
 *	v' = q - (Cd/2) / (1 + Cd/2) (q . u') u'.
 * To 1e-13 (the CG's 1e-14 residual, condition below 2).
 */
static void
damper_matrix(void)
{
	static const char *const rules[] = { "implicit", "backward-euler",
	    "verlet" };
	double mass[2] = { 1.0, 3.0 }, mr = 0.75, h = 1.0 / 60, cd = 0.6;
	double x[6], v[6], d[3], vr[3], q[3], want[3], u[3], p0[3];
	double vu, qu, len, got;
	struct fixture *fx = malloc(sizeof(*fx));
	size_t r;
	int dim, axial, j;

	for (dim = 2; dim <= 3; dim++)
		for (axial = 0; axial <= 1; axial++)
			for (r = 0; r < sizeof(rules) / sizeof(rules[0]); r++) {
				free_pair(fx, dim, mass, 0.0, cd * mr / h, 1.0,
				    axial);
				memset(x, 0, sizeof(x));
				x[0] = 0.3;
				x[1] = -0.2;
				x[dim] = 1.4;
				x[dim + 1] = 0.5;
				v[0] = 0.7;
				v[1] = -1.1;
				v[dim] = -0.4;
				v[dim + 1] = 0.8;
				if (dim == 3) {
					x[2] = 0.1;
					x[dim + 2] = -0.6;
					v[2] = 0.5;
					v[dim + 2] = 0.9;
				}
				for (j = 0; j < dim; j++) {
					d[j] = x[j] - x[dim + j];
					vr[j] = v[j] - v[dim + j];
					p0[j] = v[j] + 3.0 * v[dim + j];
					u[j] = d[j] + (r == 0 ? h * vr[j] : 0.0);
				}
				len = 0.0;
				for (j = 0; j < dim; j++)
					len += u[j] * u[j];
				len = sqrt(len);
				vu = 0.0;
				for (j = 0; j < dim; j++) {
					u[j] /= len;
					vu += vr[j] * u[j];
				}
				for (j = 0; j < dim; j++)
					if (r < 2)
						want[j] = axial ? vr[j] - cd /
						    (1.0 + cd) * vu * u[j] :
						    vr[j] / (1.0 + cd);
					else
						q[j] = axial ? vr[j] - 0.5 * cd *
						    vu * u[j] : vr[j];
				if (r == 2) {
					/* u is of d here: verlet's first half */
					len = qu = 0.0;
					for (j = 0; j < dim; j++) {
						u[j] = d[j] + h * (axial ? q[j] :
						    (1.0 - 0.5 * cd) * vr[j]);
						len += u[j] * u[j];
					}
					len = sqrt(len);
					for (j = 0; j < dim; j++) {
						u[j] /= len;
						qu += q[j] * u[j];
					}
					for (j = 0; j < dim; j++)
						want[j] = axial ? q[j] - 0.5 * cd /
						    (1.0 + 0.5 * cd) * qu * u[j] :
						    (1.0 - 0.5 * cd) /
						    (1.0 + 0.5 * cd) * vr[j];
				}
				run_rule(spring_net_rule_find(rules[r]), fx, h, 1,
				    x, v);
				for (j = 0; j < dim; j++) {
					got = v[j] - v[dim + j];
					CHECK_NEAR(got, want[j], 1e-13);
					CHECK_NEAR(v[j] + 3.0 * v[dim + j], p0[j],
					    1e-14);
				}
			}
	free(fx);
}

/*
 * (j) A spring of no length (x_a = x_b) has no direction: the axial
 * damper puts no force on it, as the elastic force (Fiedler, "Spring
 * Physics", and spring/network.h).  A pair, m 1 and 3, Ck 0.2, Cd 0.3,
 * h 1/64 (so that the positions below are exact), relative velocity v:
 *	semi-implicit, explicit, impulse at x_a = x_b: no force, v kept
 *	    bit for bit (Fiedler's: v (1 - Cd), semi-implicit);
 *	implicit with x_a + h v_a = x_b + h v_b (the force's positions):
 *	    no force and a zero damping row, v kept bit for bit (Fiedler's
 *	    v / (1 + Cd));
 *	backward-euler at x_a = x_b: the damping row 0, the stiffness
 *	    isotropic k (stiffness_pieces), no force: (m_red + h^2 k) dv =
 *	    -h^2 k v, v' = v / (1 + Ck) (Fiedler's v / (1 + Cd + Ck)).
 */
static void
damper_zero_length(void)
{
	double mass[2] = { 1.0, 3.0 }, mr = 0.75, h = 1.0 / 64, ck = 0.2;
	double cd = 0.3, x[6], v[6], v0[6] = { 1.0, -2.0, 0.5, 0.5, 1.0, -0.25 };
	double want, f;
	static const char *const rules[] = { "semi-implicit", "explicit",
	    "impulse", "implicit", "backward-euler" };
	struct fixture *fx = malloc(sizeof(*fx));
	size_t r;
	int dim, axial, j;

	for (dim = 2; dim <= 3; dim++)
		for (axial = 0; axial <= 1; axial++)
			for (r = 0; r < sizeof(rules) / sizeof(rules[0]); r++) {
				free_pair(fx, dim, mass, ck * mr / (h * h),
				    cd * mr / h, 1.0, axial);
				for (j = 0; j < dim; j++) {
					v[j] = v0[j];
					v[dim + j] = v0[3 + j];
					x[j] = 0.25 + 0.25 * j;
					/* implicit: coincident at x + h v */
					x[dim + j] = x[j] + (r == 3 ? h * (v[j] -
					    v[dim + j]) : 0.0);
				}
				run_rule(spring_net_rule_find(rules[r]), fx, h, 1,
				    x, v);
				if (r < 3)
					f = axial ? 1.0 : 1.0 - cd;
				else if (r == 3)
					f = axial ? 1.0 : 1.0 / (1.0 + cd);
				else
					f = axial ? 1.0 / (1.0 + ck) : 1.0 /
					    (1.0 + cd + ck);
				for (j = 0; j < dim; j++) {
					want = f * (v0[j] - v0[3 + j]);
					if (axial && r < 4) {
						CHECK_EQ(v[j], v0[j]);
						CHECK_EQ(v[dim + j], v0[3 + j]);
					} else
						CHECK_NEAR(v[j] - v[dim + j], want,
						    1e-14);
				}
			}
	free(fx);
}

/*
 * (k) Nissen's pair at Ck = Cd = 1 ("Towards a Simpler, Stiffer, and more
 * Stable Spring", "Two connected particles with different mass"), the
 * command's example: m 1 and 1 (m_red 1/2), h 1/60, so
 * k = m_red / h^2 = 1800, c = m_red / h = 30; x1 = (0, 0),
 * x2 = (1.5, 0), v1 = 0, v2 = (0, 1), rest 1: d = x1 - x2 = (-1.5, 0),
 * u = (-1, 0), s = 0.5, v = v1 - v2 = (0, -1), semi-implicit, by hand.
 * The spring: -k s u = (900, 0) on body 1.
 * Fiedler's: damping -c v = (0, 30): F = (900, 30), v1 = h F = (15, 0.5),
 *   v2 = (-15, 0.5); x1 = (0.25, 1/120), x2 = (1.25, 1/120): length 1,
 *   relative velocity (30, 0) = -(s / h) u, the spin gone.  Step 2: no
 *   stretch, the damping -c (30, 0) stops it: v1 = v2 = (0, 0.5) from
 *   there on, length 1 (Nissen's "stand still relative to each other").
 * Axial: v . u = 0, no damping: v1 = (15, 0), v2 = (-15, 1); x1 = (0.25,
 *   0), x2 = (1.25, 1/60).  Along the old axis the stretch is gone, d' . u
 *   = 1 = L, and the relative velocity along it is -s / h = -30 as with
 *   Fiedler's; across it, -1, is kept, so the length is sqrt(1 + h^2)
 *   and m_red d x v = 0.75 stays.  Every step after: v' = v - (v . u) u
 *   - (s / h) u (the part along u replaced by -s / h), d' = d + h v' =
 *   L u + h v_t, and d x v = |d| v_t = 1.5 =: Lam is kept, so
 *	|d'|^2 = L^2 + h^2 Lam^2 / |d|^2
 *   which converges (factor h^2 Lam^2 / |d|^4 ~ 6e-4) to
 *	l*^2 = (L^2 + sqrt(L^4 + 4 h^2 Lam^2)) / 2,  l* = 1.00031225...:
 *   the pair keeps turning and, as Nissen says, comes to rest at a larger
 *   distance depending on how fast it turns.  (Half the stretch of the
 *   true rigid spin, k (l - L) = m_red Lam^2 / l^3, l - L = 6.24e-4, which
 *   the rk4 reference finds: semi-implicit's at Ck = 1.)
 */
static void
damper_nissen_pair(void)
{
	double mass[2] = { 1.0, 1.0 }, h = 1.0 / 60, x[4], v[4], d2, d2n;
	double lam, ls = 0.0;
	struct fixture *fx = malloc(sizeof(*fx));
	int axial, n;

	for (axial = 0; axial <= 1; axial++) {
		free_pair(fx, 2, mass, 1800.0, 30.0, 1.0, axial);
		x[0] = x[1] = x[3] = 0.0;
		x[2] = 1.5;
		v[0] = v[1] = v[2] = 0.0;
		v[3] = 1.0;
		run_rule(spring_net_rule_find("semi-implicit"), fx, h, 1, x, v);
		CHECK_NEAR(v[0], 15.0, 1e-13);
		CHECK_NEAR(v[1], axial ? 0.0 : 0.5, 1e-15);
		CHECK_NEAR(v[2], -15.0, 1e-13);
		CHECK_NEAR(v[3], axial ? 1.0 : 0.5, 1e-15);
		CHECK_NEAR(x[0], 0.25, 1e-15);
		CHECK_NEAR(x[1], axial ? 0.0 : 1.0 / 120, 1e-17);
		CHECK_NEAR(x[2], 1.25, 1e-15);
		CHECK_NEAR(x[3], axial ? 1.0 / 60 : 1.0 / 120, 1e-17);
		/* along the old axis u = (-1, 0): at rest length, closing */
		CHECK_NEAR(-(x[0] - x[2]), 1.0, 1e-15);
		CHECK_NEAR(-(v[0] - v[2]), -30.0, 1e-13);
		/* across it: Fiedler's killed the spin, axial kept it */
		CHECK_NEAR(v[1] - v[3], axial ? -1.0 : 0.0, 1e-15);
		d2 = (x[0] - x[2]) * (x[0] - x[2]) + (x[1] - x[3]) * (x[1] - x[3]);
		CHECK_NEAR(sqrt(d2), axial ? sqrt(1.0 + h * h) : 1.0, 1e-15);
		for (n = 2; n <= 600; n++) {
			run_rule(spring_net_rule_find("semi-implicit"), fx, h, 1,
			    x, v);
			lam = (x[0] - x[2]) * (v[1] - v[3]) - (x[1] - x[3]) *
			    (v[0] - v[2]);
			d2n = (x[0] - x[2]) * (x[0] - x[2]) + (x[1] - x[3]) *
			    (x[1] - x[3]);
			if (axial) {
				CHECK_NEAR(lam, 1.5, 1e-13);
				CHECK_NEAR(d2n, 1.0 + h * h * 1.5 * 1.5 / d2,
				    1e-14);
			} else {
				CHECK_NEAR(v[0], 0.0, 1e-13);
				CHECK_NEAR(v[2], 0.0, 1e-13);
				CHECK_NEAR(v[1], 0.5, 1e-15);
				CHECK_NEAR(v[3], 0.5, 1e-15);
				CHECK_NEAR(d2n, 1.0, 1e-14);
			}
			d2 = d2n;
		}
		ls = sqrt(0.5 * (1.0 + sqrt(1.0 + 4.0 * h * h * 1.5 * 1.5)));
		CHECK_NEAR(sqrt(d2), axial ? ls : 1.0, 1e-14);
	}
	CHECK_NEAR(ls, 1.000312256, 1e-9);
	free(fx);
}

void
test_network(void)
{
	solve_residual();
	along_x();
	spinning_pair();
	mesh_modes();
	impulse();
	ref_err_honest();
	damper_angular_momentum();
	damper_triangle();
	damper_along_axis();
	damper_matrix();
	damper_zero_length();
	damper_nissen_pair();
}
