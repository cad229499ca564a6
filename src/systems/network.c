/*
 * network.c - spring networks (spring/network.h): Nissen's pair, rope and
 * mesh ("Towards a Simpler, Stiffer, and more Stable Spring") in 1, 2 or
 * 3 dimensions, with Fiedler's rest-length spring ("Spring Physics"),
 * stepped by the rules of a table, and the dim-1 mesh's exact modal
 * solution.
 *
 * The work array of a rule (SPRING_NET_WORK), N = n dim doubles a part:
 *	hm	n	h / m
 *	f	N	forces
 *	rk4	4N	stage state, sums
 *	cg	7N	right-hand side, solution, residual, z, p, A p, 1 / diag
 *	jac	(dim + 1) nsprings	each spring's direction and clamp
 *	exact	8n	the modes' Phi(h), the modal scratch
 *	status	1	the worst relative residual a CG solve stopped at
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "spring.h"

/* Below this fraction of the largest, a mode's eigenvalue is free. */
#define FREE_MODE 1e-12
/* Conjugate gradients: relative residual, and the cap on iterations. */
#define CG_TOL 1e-14
#define CG_MIN_ITER 50

/* Where the parts of work are, for a net. */
struct net_work {
	double *hm, *f, *xs, *vs, *ax, *av;
	double *b, *y, *r, *z, *p, *ap, *idiag;
	double *jac, *phi, *scratch;
	double *status;
};

/* Where the status double sits in work: after every other part. */
static size_t
status_offset(const spring_net *net)
{
	size_t n = (size_t)net->n, nn = n * (size_t)net->dim;

	return 9 * n + 12 * nn + (size_t)(net->dim + 1) *
	    (size_t)net->nsprings;
}

/* Carve a rule's work array into its parts (the layout above). */
static void
work_parts(const spring_net *net, double *w, struct net_work *p)
{
	size_t n = (size_t)net->n, nn = n * (size_t)net->dim;

	p->hm = w;
	p->f = p->hm + n;
	p->xs = p->f + nn;
	p->vs = p->xs + nn;
	p->ax = p->vs + nn;
	p->av = p->ax + nn;
	p->b = p->av + nn;
	p->y = p->b + nn;
	p->r = p->y + nn;
	p->z = p->r + nn;
	p->p = p->z + nn;
	p->ap = p->p + nn;
	p->idiag = p->ap + nn;
	p->jac = p->idiag + nn;
	p->phi = p->jac + (size_t)(net->dim + 1) * (size_t)net->nsprings;
	p->scratch = p->phi + 4 * n;
	p->status = w + status_offset(net);
}

/* See spring.h: the fixed order the impulse rule relies on. */
long
spring_net_grid(long rows, long cols, long *ends)
{
	long r, c, s = 0;

	for (c = 0; c < cols; c++, s++)
		if (ends != NULL) {
			ends[2 * s] = c;
			ends[2 * s + 1] = -1 - c;
		}
	for (r = 0; r < rows; r++)
		for (c = 0; c < cols; c++) {
			if (c + 1 < cols) {
				if (ends != NULL) {
					ends[2 * s] = r * cols + c;
					ends[2 * s + 1] = r * cols + c + 1;
				}
				s++;
			}
			if (r + 1 < rows) {
				if (ends != NULL) {
					ends[2 * s] = r * cols + c;
					ends[2 * s + 1] = (r + 1) * cols + c;
				}
				s++;
			}
		}
	return s;
}

/*
 * The far end of spring s at time t: its position and velocity (dim
 * each).  An anchor point rides the target line plus its offset.
 */
static void
far_end(const spring_net *net, long s, const double *x, const double *v,
    double t, double *xb, double *vb)
{
	long b = net->ends[2 * s + 1], j;
	int i, dim = net->dim;

	if (b >= 0) {
		memcpy(xb, x + b * dim, (size_t)dim * sizeof(*xb));
		if (v != NULL)
			memcpy(vb, v + b * dim, (size_t)dim * sizeof(*vb));
		else
			memset(vb, 0, (size_t)dim * sizeof(*vb));
		return;
	}
	j = -1 - b;
	for (i = 0; i < dim; i++) {
		xb[i] = net->g[i] + net->q[i] * t;
		if (net->anchor != NULL && !net->linear)
			xb[i] += net->anchor[j * dim + i];
		vb[i] = net->q[i];
	}
}

/*
 * The force spring s puts on its body a (its body b gets the opposite):
 * Fiedler's -k w (|d| - L) d / |d| - c w (v_a - v_b), or Nissen's linear
 * -k w d - c w (v_a - v_b).  axial (never with linear): the damper along
 * the spring only, -c w ((v_a - v_b) . u) u, u = d / |d|, central as the
 * elastic force is, so it leaves a rigid rotation alone; |d| = 0 has no
 * u and no damping force.  u is d / |d| component by component (not d
 * times 1 / |d|) so that u = (+-1, 0, 0) exactly along x, and motion
 * along the spring gets Fiedler's numbers bit for bit.  v NULL: every
 * body at rest (the anchor still moves at q).  Writes fa[dim].  The far
 * end is read in place (a body) or built in xb, vb (an anchor point):
 * this is the inner loop, dim and axial constants where it is inlined.
 */
static inline void
spring_force_dim(const spring_net *net, long s, const double *x,
    const double *v, double t, double *fa, int dim, int axial)
{
	static const double rest_v[SPRING_NET_MAX_DIM];
	double xb_[SPRING_NET_MAX_DIM], vb_[SPRING_NET_MAX_DIM];
	double dx[SPRING_NET_MAX_DIM], u[SPRING_NET_MAX_DIM];
	double len = 0.0, el, w, dw, pr;
	const double *xa, *va, *xb, *vb;
	long a = net->ends[2 * s], b = net->ends[2 * s + 1];
	int i;

	xa = x + a * dim;
	va = v != NULL ? v + a * dim : rest_v;
	if (b >= 0) {
		xb = x + b * dim;
		vb = v != NULL ? v + b * dim : rest_v;
		w = 1.0;
	} else {
		far_end(net, s, x, v, t, xb_, vb_);
		xb = xb_;
		vb = vb_;
		w = net->w0;
	}
	for (i = 0; i < dim; i++) {
		dx[i] = xa[i] - xb[i];
		len += dx[i] * dx[i];
	}
	/* the elastic force over |d|: linear k w; Fiedler's k w (1 - L/|d|) */
	if (net->linear)
		el = net->k * w;
	else {
		len = sqrt(len);
		el = len > 0.0 ? net->k * w * (len - net->rest) / len : 0.0;
	}
	dw = net->d * w;
	if (axial) {
		pr = 0.0;
		for (i = 0; i < dim; i++) {
			u[i] = len > 0.0 ? dx[i] / len : 0.0;
			pr += (va[i] - vb[i]) * u[i];
		}
		for (i = 0; i < dim; i++)
			fa[i] = -el * dx[i] - dw * (pr * u[i]);
		return;
	}
	for (i = 0; i < dim; i++)
		fa[i] = -el * dx[i] - dw * (va[i] - vb[i]);
}

/* Whether net's damper is the axial one (linear springs: never). */
static int
axial_damper(const spring_net *net)
{
	return net->axial_damping && !net->linear;
}

/* spring_force for any dim (the rules that visit springs one by one). */
static void
spring_force(const spring_net *net, long s, const double *x,
    const double *v, double t, double *fa)
{
	if (axial_damper(net))
		spring_force_dim(net, s, x, v, t, fa, net->dim, 1);
	else
		spring_force_dim(net, s, x, v, t, fa, net->dim, 0);
}

/*
 * One pass over the springs accumulating into f, dim and axial
 * constants where net_force calls it, so that the compiler unrolls the
 * components and drops the other damper.
 */
static inline void
force_pass(const spring_net *net, const double *x, const double *v,
    double t, double *f, int dim, int axial)
{
	double fa[SPRING_NET_MAX_DIM];
	double *fp;
	long s, b;
	int j;

	for (s = 0; s < net->nsprings; s++) {
		spring_force_dim(net, s, x, v, t, fa, dim, axial);
		fp = f + net->ends[2 * s] * dim;
		for (j = 0; j < dim; j++)
			fp[j] += fa[j];
		if ((b = net->ends[2 * s + 1]) >= 0) {
			fp = f + b * dim;
			for (j = 0; j < dim; j++)
				fp[j] -= fa[j];
		}
	}
}

/*
 * Every body's force at (x, v) with the anchor at time t: one pass over
 * the springs (the damper chosen once, here, not per spring), then
 * gravity.  v NULL: the bodies at rest.
 */
static void
net_force(const spring_net *net, const double *x, const double *v,
    double t, double *f)
{
	long i;
	int dim = net->dim;

	memset(f, 0, (size_t)(net->n * dim) * sizeof(*f));
	if (axial_damper(net)) {
		if (dim == 1)
			force_pass(net, x, v, t, f, 1, 1);
		else if (dim == 2)
			force_pass(net, x, v, t, f, 2, 1);
		else
			force_pass(net, x, v, t, f, 3, 1);
	} else if (dim == 1)
		force_pass(net, x, v, t, f, 1, 0);
	else if (dim == 2)
		force_pass(net, x, v, t, f, 2, 0);
	else
		force_pass(net, x, v, t, f, 3, 0);
	if (dim >= 2 && net->gravity != 0.0)
		for (i = 0; i < net->n; i++)
			f[i * dim + 1] -= net->mass[i] * net->gravity;
}

/* h / m for every body: what every rule but exact prepares. */
static int
prepare_plain(const spring_net *net, double h, double *work)
{
	struct net_work w;
	long i;

	for (i = 0; i < net->n; i++)
		work[i] = h / net->mass[i];
	work_parts(net, work, &w);
	*w.status = 0.0;
	return 0;
}

/* explicit (Studio Gobo): x += h v_old; v += h F(x_old, v_old) / m. */
static void
step_explicit(const spring_net *net, double h, double t, double *work,
    double *x, double *v)
{
	struct net_work w;
	long i;
	int j, dim = net->dim;

	work_parts(net, work, &w);
	net_force(net, x, v, t, w.f);
	for (i = 0; i < net->n; i++)
		for (j = 0; j < dim; j++) {
			x[i * dim + j] += h * v[i * dim + j];
			v[i * dim + j] += w.hm[i] * w.f[i * dim + j];
		}
}

/* semi-implicit (Holden, Chou, Nissen): v += h F(x, v) / m; x += h v. */
static void
step_semi_implicit(const spring_net *net, double h, double t, double *work,
    double *x, double *v)
{
	struct net_work w;
	long i;
	int j, dim = net->dim;

	work_parts(net, work, &w);
	net_force(net, x, v, t, w.f);
	for (i = 0; i < net->n; i++)
		for (j = 0; j < dim; j++) {
			v[i * dim + j] += w.hm[i] * w.f[i * dim + j];
			x[i * dim + j] += h * v[i * dim + j];
		}
}

/*
 * impulse (Nissen's impulse form as an engine applies it): the springs
 * in their fixed order (spring_net_grid's), each one's velocity change
 * h F(x_start, v_now) / m applied at once to its bodies, so a later
 * spring sees the velocities earlier ones changed; then gravity; then
 * x += h v_new.  One spring: semi-implicit exactly.
 */
static void
step_impulse(const spring_net *net, double h, double t, double *work,
    double *x, double *v)
{
	double fa[SPRING_NET_MAX_DIM];
	struct net_work w;
	long s, a, b, i;
	int j, dim = net->dim;

	work_parts(net, work, &w);
	for (s = 0; s < net->nsprings; s++) {
		spring_force(net, s, x, v, t, fa);
		a = net->ends[2 * s];
		b = net->ends[2 * s + 1];
		for (j = 0; j < dim; j++) {
			v[a * dim + j] += w.hm[a] * fa[j];
			if (b >= 0)
				v[b * dim + j] -= w.hm[b] * fa[j];
		}
	}
	if (dim >= 2 && net->gravity != 0.0)
		for (i = 0; i < net->n; i++)
			v[i * dim + 1] -= h * net->gravity;
	for (i = 0; i < net->n * dim; i++)
		x[i] += h * v[i];
}

/* The derivative of the state for rk4: dx = v, dv = F(x, v, t) / m. */
static void
derivative(const spring_net *net, const double *x, const double *v,
    double t, double *f, double *dx, double *dv)
{
	long i;
	int j, dim = net->dim;

	net_force(net, x, v, t, f);
	for (i = 0; i < net->n; i++)
		for (j = 0; j < dim; j++) {
			dx[i * dim + j] = v[i * dim + j];
			dv[i * dim + j] = f[i * dim + j] / net->mass[i];
		}
}

/*
 * rk4 (Fiedler): classic fourth-order Runge-Kutta on (x, v), the anchor
 * at the stage times t, t + h/2, t + h/2, t + h.
 */
static void
step_rk4(const spring_net *net, double h, double t, double *work, double *x,
    double *v)
{
	static const double c[4] = { 0.0, 0.5, 0.5, 1.0 };
	static const double wt[4] = { 1.0, 2.0, 2.0, 1.0 };
	struct net_work w;
	long i, nn = net->n * net->dim;
	int st;

	work_parts(net, work, &w);
	/* b, y hold the sums (the CG's arrays are free in rk4) */
	memset(w.b, 0, (size_t)nn * sizeof(double));
	memset(w.y, 0, (size_t)nn * sizeof(double));
	memcpy(w.xs, x, (size_t)nn * sizeof(double));
	memcpy(w.vs, v, (size_t)nn * sizeof(double));
	for (st = 0; st < 4; st++) {
		derivative(net, w.xs, w.vs, t + c[st] * h, w.f, w.ax, w.av);
		for (i = 0; i < nn; i++) {
			w.b[i] += wt[st] * w.ax[i];
			w.y[i] += wt[st] * w.av[i];
		}
		if (st == 3)
			break;
		for (i = 0; i < nn; i++) {
			w.xs[i] = x[i] + c[st + 1] * h * w.ax[i];
			w.vs[i] = v[i] + c[st + 1] * h * w.av[i];
		}
	}
	for (i = 0; i < nn; i++) {
		x[i] += h / 6.0 * w.b[i];
		v[i] += h / 6.0 * w.y[i];
	}
}

/*
 * The stiffness Jacobian's pieces at x (anchor at t), spring by spring,
 * into jac: the unit direction n and the transverse factor 1 - L / |d|
 * clamped at 0, so that K_s = k w ((1 - L/|d|)+ (I - n n^T) + n n^T) is
 * positive semi-definite even for a compressed spring (whose true
 * Jacobian has negative transverse stiffness; the clamp is the usual
 * one in cloth solvers, e.g. Choi and Ko 2002).  Linear springs: K_s =
 * k w I (factor 1).  n is also the axial damper's direction (matrix_pass).
 */
static void
stiffness_pieces(const spring_net *net, const double *x, double t,
    double *jac)
{
	double xb[SPRING_NET_MAX_DIM], vb[SPRING_NET_MAX_DIM], len, *js;
	long s, a;
	int i, dim = net->dim;

	for (s = 0; s < net->nsprings; s++) {
		js = jac + s * (dim + 1);
		if (net->linear) {
			memset(js, 0, (size_t)dim * sizeof(*js));
			js[dim] = 1.0;
			continue;
		}
		far_end(net, s, x, NULL, t, xb, vb);
		a = net->ends[2 * s];
		len = 0.0;
		for (i = 0; i < dim; i++) {
			js[i] = x[a * dim + i] - xb[i];
			len += js[i] * js[i];
		}
		len = sqrt(len);
		for (i = 0; i < dim; i++)
			js[i] = len > 0.0 ? js[i] / len : 0.0;
		/* no direction: isotropic, the spring's own k */
		js[dim] = len > 0.0 ? fmax(0.0, 1.0 - net->rest / len) : 1.0;
	}
}

/*
 * out = mc M y + al C y + be K y: the implicit rules' matrix, C the
 * damping, K the clamped stiffness of jac (an anchor end holds still).
 * Fiedler's damper: C = c L, L the springs' Laplacian with weights (c w I
 * a spring).  axial: c w u u^T a spring, u the direction in jac, 0 for a
 * spring of no length, as the force (spring_force_dim).  mc, al, be >= 0
 * keep it symmetric positive (semi-)definite.  axial a constant where
 * apply_matrix inlines it.
 */
static inline void
matrix_pass(const spring_net *net, const double *jac, double mc, double al,
    double be, const double *y, double *out, int axial)
{
	const double *js, *ya, *yb;
	double rel[SPRING_NET_MAX_DIM], nd, iso, par, isk, pj, w, tr;
	long s, a, b, i;
	int j, dim = net->dim;

	for (i = 0; i < net->n; i++)
		for (j = 0; j < dim; j++)
			out[i * dim + j] = mc * net->mass[i] * y[i * dim + j];
	for (s = 0; s < net->nsprings; s++) {
		a = net->ends[2 * s];
		b = net->ends[2 * s + 1];
		w = b < 0 ? net->w0 : 1.0;
		js = jac + s * (dim + 1);
		ya = y + a * dim;
		yb = b >= 0 ? y + b * dim : NULL;
		nd = 0.0;
		for (j = 0; j < dim; j++) {
			rel[j] = ya[j] - (yb != NULL ? yb[j] : 0.0);
			nd += js[j] * rel[j];
		}
		/* (al c + be k f) I + be k (1 - f) n n^T, times w */
		iso = w * (al * net->d + be * net->k * js[dim]);
		par = w * be * net->k * (1.0 - js[dim]);
		isk = w * (be * net->k * js[dim]);
		for (j = 0; j < dim; j++) {
			if (axial) {
				/*
				 * (al c + be k f) n n^T + be k f (I - n n^T) +
				 * be k (1 - f) n n^T: Fiedler's sum with rel
				 * split into its part along n, pj, and the rest,
				 * so that along the spring it is his bit for bit
				 */
				pj = js[j] * nd;
				tr = iso * pj + isk * (rel[j] - pj) + par * js[j] *
				    nd;
			} else
				tr = iso * rel[j] + par * js[j] * nd;
			out[a * dim + j] += tr;
			if (b >= 0)
				out[b * dim + j] -= tr;
		}
	}
}

/* matrix_pass with the net's damper chosen once, outside the loops. */
static void
apply_matrix(const spring_net *net, const double *jac, double mc, double al,
    double be, const double *y, double *out)
{
	if (axial_damper(net))
		matrix_pass(net, jac, mc, al, be, y, out, 1);
	else
		matrix_pass(net, jac, mc, al, be, y, out, 0);
}

/*
 * The inverse of that matrix's diagonal (Jacobi's preconditioner), the
 * damper's diagonal as matrix_pass's: c w, or axial c w n_j^2.
 */
static void
matrix_inverse_diagonal(const spring_net *net, const double *jac, double al,
    double be, double *idiag)
{
	const double *js;
	double w, iso, par, isk, dg, nj2;
	long s, a, b, i;
	int j, dim = net->dim, axial = axial_damper(net);

	for (i = 0; i < net->n; i++)
		for (j = 0; j < dim; j++)
			idiag[i * dim + j] = net->mass[i];
	for (s = 0; s < net->nsprings; s++) {
		a = net->ends[2 * s];
		b = net->ends[2 * s + 1];
		w = b < 0 ? net->w0 : 1.0;
		js = jac + s * (dim + 1);
		iso = w * (al * net->d + be * net->k * js[dim]);
		par = w * be * net->k * (1.0 - js[dim]);
		isk = w * (be * net->k * js[dim]);
		for (j = 0; j < dim; j++) {
			nj2 = js[j] * js[j];
			dg = axial ? iso * nj2 + isk * (1.0 - nj2) + par * nj2 :
			    iso + par * js[j] * js[j];
			idiag[a * dim + j] += dg;
			if (b >= 0)
				idiag[b * dim + j] += dg;
		}
	}
	for (i = 0; i < net->n * dim; i++)
		idiag[i] = 1.0 / idiag[i];
}

/* The dot product of two n-vectors. */
static double
dot(const double *a, const double *b, long n)
{
	double s = 0.0;
	long i;

	for (i = 0; i < n; i++)
		s += a[i] * b[i];
	return s;
}

/*
 * Solve (M + al C + be K) y = b by Jacobi-preconditioned conjugate
 * gradients, matrix-free (the matrix is symmetric positive definite: M
 * is, the rest semi-definite), from y = 0, to a relative residual of
 * CG_TOL or n dim + CG_MIN_ITER iterations.  w.jac must hold the
 * stiffness pieces when be > 0, the directions with the axial damper.  A solve that stops short of CG_TOL
 * leaves its relative residual in w.status (the worst so far), for
 * spring_net_solve_residual.
 */
static void
solve_cg(const spring_net *net, const struct net_work *w, double al,
    double be)
{
	long i, it, nn = net->n * net->dim, cap = nn + CG_MIN_ITER;
	double rz, rz1, alpha, pap, bb, rr;

	matrix_inverse_diagonal(net, w->jac, al, be, w->idiag);
	memset(w->y, 0, (size_t)nn * sizeof(double));
	memcpy(w->r, w->b, (size_t)nn * sizeof(double));
	bb = dot(w->b, w->b, nn);
	for (i = 0; i < nn; i++)
		w->z[i] = w->idiag[i] * w->r[i];
	memcpy(w->p, w->z, (size_t)nn * sizeof(double));
	rz = dot(w->r, w->z, nn);
	for (it = 0; it < cap && dot(w->r, w->r, nn) > CG_TOL * CG_TOL * bb;
	    it++) {
		apply_matrix(net, w->jac, 1.0, al, be, w->p, w->ap);
		pap = dot(w->p, w->ap, nn);
		if (!(pap > 0.0))
			break;
		alpha = rz / pap;
		for (i = 0; i < nn; i++) {
			w->y[i] += alpha * w->p[i];
			w->r[i] -= alpha * w->ap[i];
			w->z[i] = w->idiag[i] * w->r[i];
		}
		rz1 = dot(w->r, w->z, nn);
		for (i = 0; i < nn; i++)
			w->p[i] = w->z[i] + rz1 / rz * w->p[i];
		rz = rz1;
	}
	rr = dot(w->r, w->r, nn);
	if (!(rr <= CG_TOL * CG_TOL * bb)) {
		rr = bb > 0.0 ? sqrt(rr / bb) : INFINITY;
		*w->status = isnan(rr) ? INFINITY : fmax(*w->status, rr);
	}
}

/* See spring.h. */
double
spring_net_solve_residual(const spring_net *net, const double *work)
{
	return work[status_offset(net)];
}

/*
 * verlet: velocity Verlet (Swope et al. 1982) with the damping at the
 * new velocity, solved exactly as the spring's own verlet does (Nissen's
 * comments; a half-step velocity there would make it first order):
 *	x' = x + h v + h^2 a(x, v, t) / 2
 *	(M + h/2 C) v' = M v + h/2 (F(x, v, t) + F(x', 0, t + h))
 * F(x', 0, t + h) being the elastic force, gravity and the anchor's
 * damping pull c w q; the damping is linear in v, so the solve is one
 * conjugate-gradient solve of a fixed matrix.  Order 2.  The axial
 * damper's c w n n^T takes n at x', where v' is: central there, its
 * torque about x' is 0 and the angular momentum is kept.
 */
static void
step_verlet(const spring_net *net, double h, double t, double *work,
    double *x, double *v)
{
	struct net_work w;
	long i, nn = net->n * net->dim;
	int j, dim = net->dim;

	work_parts(net, work, &w);
	net_force(net, x, v, t, w.f);
	for (i = 0; i < net->n; i++)
		for (j = 0; j < dim; j++) {
			x[i * dim + j] += h * v[i * dim + j] + 0.5 * h *
			    w.hm[i] * w.f[i * dim + j];
			w.b[i * dim + j] = net->mass[i] * v[i * dim + j] +
			    0.5 * h * w.f[i * dim + j];
		}
	net_force(net, x, NULL, t + h, w.f);
	for (i = 0; i < nn; i++)
		w.b[i] += 0.5 * h * w.f[i];
	if (axial_damper(net))
		stiffness_pieces(net, x, t + h, w.jac);
	else
		memset(w.jac, 0, (size_t)((dim + 1) * net->nsprings) *
		    sizeof(double));
	solve_cg(net, &w, 0.5 * h, 0.0);
	memcpy(v, w.y, (size_t)nn * sizeof(double));
}

/*
 * implicit (Studio Gobo's Stable PD, as the line's): the springs pull
 * from the predicted positions x + h v toward the anchor at t + h, the
 * damping at the new velocity: (M + h C) dv = h F(x + h v, v, t + h);
 * x += h v_old; v += dv.  One spring: the scalar rule exactly.  The
 * axial damper's c w n n^T takes n at x + h v, as the force does.
 */
static void
step_implicit(const spring_net *net, double h, double t, double *work,
    double *x, double *v)
{
	struct net_work w;
	long i, nn = net->n * net->dim;

	work_parts(net, work, &w);
	for (i = 0; i < nn; i++)
		w.xs[i] = x[i] + h * v[i];
	net_force(net, w.xs, v, t + h, w.f);
	for (i = 0; i < nn; i++)
		w.b[i] = h * w.f[i];
	if (axial_damper(net))
		stiffness_pieces(net, w.xs, t + h, w.jac);
	else
		memset(w.jac, 0, (size_t)((net->dim + 1) * net->nsprings) *
		    sizeof(double));
	solve_cg(net, &w, h, 0.0);
	for (i = 0; i < nn; i++) {
		x[i] += h * v[i];
		v[i] += w.y[i];
	}
}

/*
 * backward-euler: one linearised Newton step of implicit Euler (Baraff
 * and Witkin 1998, "Large steps in cloth simulation"), the anchor at
 * t + h: (M + h C + h^2 K) dv = h (F(x, v, t + h) - h K v), K the
 * clamped stiffness at x (stiffness_pieces), C the damper's (c L, or
 * axial c w n n^T, n at x as in F); v += dv; x += h v_new.  Linear
 * springs: backward Euler exactly (the line's rule).
 */
static void
step_backward(const spring_net *net, double h, double t, double *work,
    double *x, double *v)
{
	struct net_work w;
	long i, nn = net->n * net->dim;

	work_parts(net, work, &w);
	stiffness_pieces(net, x, t + h, w.jac);
	net_force(net, x, v, t + h, w.f);
	apply_matrix(net, w.jac, 0.0, 0.0, 1.0, v, w.ap);
	for (i = 0; i < nn; i++)
		w.b[i] = h * (w.f[i] - h * w.ap[i]);
	solve_cg(net, &w, h, h * h);
	for (i = 0; i < nn; i++) {
		v[i] += w.y[i];
		x[i] += h * v[i];
	}
}

/* The modes' parts in block: rows' values and vectors, then columns'. */
struct mesh_modes {
	const double *lr, *ur, *lc, *uc;
};

/* Point m at the parts of spring_net_modes' block. */
static void
modes_parts(const spring_net *net, const double *block, struct mesh_modes *m)
{
	m->lr = block;
	m->ur = m->lr + net->rows;
	m->lc = m->ur + net->rows * net->rows;
	m->uc = m->lc + net->cols;
}

/* See spring.h: two tridiagonal eigenproblems (spring_line_modes). */
int
spring_net_modes(const spring_net *net, double *block, double *tmp)
{
	spring_line l;
	long i, r = net->rows, c = net->cols, big = r > c ? r : c;

	if (!net->linear || net->dim != 1 || r < 1 || c < 1 ||
	    r * c != net->n || net->nsprings != spring_net_grid(r, c, NULL))
		return -1;
	for (i = 1; i < net->n; i++)
		if (net->mass[i] != net->mass[0])
			return -1;
	/* unit masses: the Laplacians themselves */
	for (i = 0; i < big; i++)
		tmp[big + i] = 1.0;
	memset(&l, 0, sizeof(l));
	l.mass = tmp + big;
	l.n = r;
	l.w0 = net->w0;
	if (spring_line_modes(&l, block, block + r, tmp) != 0)
		return -1;
	l.n = c;
	l.w0 = 0.0;
	if (spring_line_modes(&l, block + r + r * r, block + r + r * r + c,
	    tmp) != 0)
		return -1;
	return 0;
}

/*
 * Modal coordinates of a grid vector: a = U e W^T (U the rows' vectors
 * as rows, W the columns'), in two passes, O(n (rows + cols)) where the
 * n x n product would be n^2.  tmp holds n.
 */
static void
to_modes(const spring_net *net, const struct mesh_modes *m, const double *e,
    double *a, double *tmp)
{
	long r, c, i, b, R = net->rows, C = net->cols;
	double s;

	for (r = 0; r < R; r++)
		for (b = 0; b < C; b++) {
			s = 0.0;
			for (c = 0; c < C; c++)
				s += e[r * C + c] * m->uc[b * C + c];
			tmp[r * C + b] = s;
		}
	for (i = 0; i < R; i++)
		for (b = 0; b < C; b++) {
			s = 0.0;
			for (r = 0; r < R; r++)
				s += m->ur[i * R + r] * tmp[r * C + b];
			a[i * C + b] = s;
		}
}

/* Back from modal coordinates: e = U^T a W. */
static void
from_modes(const spring_net *net, const struct mesh_modes *m, const double *a,
    double *e, double *tmp)
{
	long r, c, i, b, R = net->rows, C = net->cols;
	double s;

	for (r = 0; r < R; r++)
		for (b = 0; b < C; b++) {
			s = 0.0;
			for (i = 0; i < R; i++)
				s += m->ur[i * R + r] * a[i * C + b];
			tmp[r * C + b] = s;
		}
	for (r = 0; r < R; r++)
		for (c = 0; c < C; c++) {
			s = 0.0;
			for (b = 0; b < C; b++)
				s += tmp[r * C + b] * m->uc[b * C + c];
			e[r * C + c] = s;
		}
}

/*
 * Mode (i, b)'s propagator over t: a damped spring of omega^2 = k mu / m,
 * 2 zeta omega = c mu / m, mu = lambda_i + sigma_b; a free mode (no
 * anchor, mu = 0) drifts.
 */
static void
mode_propagator(const spring_net *net, const struct mesh_modes *m, long i,
    long b, double t, spring_mat2 *p)
{
	double mu = m->lr[i] + m->lc[b];
	double top = m->lr[net->rows - 1] + m->lc[net->cols - 1];
	double om, ze;

	if (!(mu > FREE_MODE * top)) {
		p->a = p->d = 1.0;
		p->b = t;
		p->c = 0.0;
		return;
	}
	om = sqrt(net->k * mu / net->mass[0]);
	ze = net->d * mu / net->mass[0] / (2.0 * om);
	spring_propagator(om, ze, t, p);
}

/*
 * Carry (x0, v0) at time t0 over t with each mode's propagator: phi
 * (4 a mode) or, NULL, computed at t.  In the anchor's frame e = x - g,
 * de = v - q obey the free system; with no anchor e = x, de = v.  tmp
 * holds 4 n.
 */
static void
modal_advance(const spring_net *net, const double *phi, const double *x0,
    const double *v0, double t0, double t, double *x, double *v,
    double *tmp)
{
	struct mesh_modes m;
	double *a = tmp, *da = tmp + net->n, *sc = tmp + 2 * net->n;
	double g0 = net->g[0] + net->q[0] * t0, q = net->q[0], e, de;
	spring_mat2 p;
	long i, b, j, n = net->n;

	modes_parts(net, net->modes, &m);
	if (net->w0 == 0.0)
		g0 = q = 0.0;
	for (j = 0; j < n; j++) {
		sc[j] = x0[j] - g0;
		sc[n + j] = v0[j] - q;
	}
	/* a, da after sc: to_modes reads sc whole, writes through tmp */
	to_modes(net, &m, sc, a, x);
	to_modes(net, &m, sc + n, da, x);
	for (i = 0; i < net->rows; i++)
		for (b = 0; b < net->cols; b++) {
			j = i * net->cols + b;
			if (phi != NULL)
				memcpy(&p, phi + 4 * j, sizeof(p));
			else
				mode_propagator(net, &m, i, b, t, &p);
			e = p.a * a[j] + p.b * da[j];
			de = p.c * a[j] + p.d * da[j];
			a[j] = e;
			da[j] = de;
		}
	from_modes(net, &m, a, x, sc);
	from_modes(net, &m, da, v, sc);
	for (j = 0; j < n; j++) {
		x[j] += g0 + q * t;
		v[j] += q;
	}
}

/* exact: every mode's closed form over h (the reference, per step). */
static int
prepare_exact(const spring_net *net, double h, double *work)
{
	struct mesh_modes m;
	struct net_work w;
	spring_mat2 p;
	long i, b;

	if (net->modes == NULL)
		return -1;
	work_parts(net, work, &w);
	*w.status = 0.0;	/* no solves */
	modes_parts(net, net->modes, &m);
	for (i = 0; i < net->rows; i++)
		for (b = 0; b < net->cols; b++) {
			mode_propagator(net, &m, i, b, h, &p);
			memcpy(w.phi + 4 * (i * net->cols + b), &p, sizeof(p));
		}
	return 0;
}

/* exact's step: the state through the prepared Phi(h), mode by mode. */
static void
step_exact(const spring_net *net, double h, double t, double *work,
    double *x, double *v)
{
	struct net_work w;
	long n = net->n;

	work_parts(net, work, &w);
	/* the state moves to f and xs: modal_advance reads it whole */
	memcpy(w.f, x, (size_t)n * sizeof(*x));
	memcpy(w.xs, v, (size_t)n * sizeof(*v));
	modal_advance(net, w.phi, w.f, w.xs, t, h, x, v, w.scratch);
}

/* See spring.h: the closed form at t, whatever t (no stepping). */
void
spring_net_exact(const spring_net *net, const double *x0, const double *v0,
    double t, double *x, double *v, double *tmp)
{
	modal_advance(net, NULL, x0, v0, 0.0, t, x, v, tmp);
}

/* See spring.h. */
double
spring_net_energy(const spring_net *net, const double *x, const double *v,
    double t)
{
	double xb[SPRING_NET_MAX_DIM], vb[SPRING_NET_MAX_DIM], e = 0.0, u, len;
	double q[SPRING_NET_MAX_DIM] = { 0.0, 0.0, 0.0 };
	long i, s, a, anchored = 0;
	int j, dim = net->dim;

	for (s = 0; s < net->nsprings; s++)
		if (net->ends[2 * s + 1] < 0)
			anchored = 1;
	if (anchored)
		memcpy(q, net->q, sizeof(q));
	for (i = 0; i < net->n; i++)
		for (j = 0; j < dim; j++) {
			u = v[i * dim + j] - q[j];
			e += 0.5 * net->mass[i] * u * u;
		}
	for (s = 0; s < net->nsprings; s++) {
		far_end(net, s, x, NULL, t, xb, vb);
		a = net->ends[2 * s];
		len = 0.0;
		for (j = 0; j < dim; j++)
			len += (x[a * dim + j] - xb[j]) * (x[a * dim + j] - xb[j]);
		len = sqrt(len);
		u = net->linear ? len : len - net->rest;
		e += 0.5 * net->k * (net->ends[2 * s + 1] < 0 ? net->w0 : 1.0) *
		    u * u;
	}
	if (dim >= 2 && !net->linear)
		for (i = 0; i < net->n; i++)
			e += net->mass[i] * net->gravity * (x[i * dim + 1] -
			    (anchored ? net->g[1] + net->q[1] * t : 0.0));
	return e;
}

/* See spring.h. */
double
spring_net_max_stretch(const spring_net *net, const double *x, double t)
{
	double xb[SPRING_NET_MAX_DIM], vb[SPRING_NET_MAX_DIM], m = 0.0, len;
	long s, a;
	int j, dim = net->dim;

	for (s = 0; s < net->nsprings; s++) {
		far_end(net, s, x, NULL, t, xb, vb);
		a = net->ends[2 * s];
		len = 0.0;
		for (j = 0; j < dim; j++)
			len += (x[a * dim + j] - xb[j]) * (x[a * dim + j] - xb[j]);
		len = sqrt(len);
		m = fmax(m, fabs(net->linear ? len : len - net->rest));
	}
	return m;
}

static const spring_net_rule net_semi_implicit = {
	"semi-implicit", "v += h F(x, v) / m, then x += h v_new (Nissen's)",
	1, 0, prepare_plain, step_semi_implicit
};
static const spring_net_rule net_explicit = {
	"explicit", "forces from the old state: x += h v_old, v += h F / m",
	1, 0, prepare_plain, step_explicit
};
static const spring_net_rule net_impulse = {
	"impulse", "Nissen's impulses, spring by spring in a fixed order", 1, 0,
	prepare_plain, step_impulse
};
static const spring_net_rule net_implicit = {
	"implicit", "Stable PD: (M + h C) dv = h F(x + h v, v); CG", 1, 0,
	prepare_plain, step_implicit
};
static const spring_net_rule net_backward = {
	"backward-euler", "one Newton step, (M + h C + h^2 K) dv = h (F - h K v)",
	1, 0,
	prepare_plain, step_backward
};
static const spring_net_rule net_verlet = {
	"verlet", "velocity Verlet, damping at the new velocity (CG)", 2, 0,
	prepare_plain, step_verlet
};
static const spring_net_rule net_rk4 = {
	"rk4", "classic Runge-Kutta, anchor at the stage times (Fiedler)",
	4, 0, prepare_plain, step_rk4
};
static const spring_net_rule net_exact = {
	"exact", "every mode's closed form over the step (dim-1 mesh)",
	0, 1, prepare_exact, step_exact
};

const spring_net_rule *const spring_net_rules[] = {
	&net_semi_implicit, &net_explicit, &net_impulse, &net_implicit,
	&net_backward, &net_verlet, &net_rk4, &net_exact, NULL
};

/* A network rule by name, or NULL. */
const spring_net_rule *
spring_net_rule_find(const char *name)
{
	const spring_net_rule *const *r;

	for (r = spring_net_rules; *r != NULL; r++)
		if (strcmp((*r)->name, name) == 0)
			return *r;
	return NULL;
}
