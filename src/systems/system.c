/*
 * system.c - systems of springs (spring/system.h), after Nissen
 * ("Towards a Simpler, Stiffer, and more Stable Spring"): two bodies
 * joined by a spring, the angular spring between two rotating bodies, and
 * the rope, a chain of bodies hanging from the target.  All are bodies
 * on a line joined by identical springs: a symmetric tridiagonal system,
 * stepped by the damped spring's rules, measured against its exact modal
 * solution.
 *
 * The work array of a rule, n doubles each: f (forces, the right-hand
 * side), hm (h / m), the factored diagonal (its inverse) and the
 * multipliers of the tridiagonal solve, then 4n for the modes' Phi(h).
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "eigen.h"
#include "spring.h"

/* Below this fraction of the largest, an eigenvalue is a free mode. */
#define FREE_MODE 1e-12

/*
 * The force on every body at positions x + hx v and velocities v, the
 * anchor at g, q: one pass over the springs.  hx = h gives the predicted
 * positions Studio Gobo's implicit rule and backward Euler spring from.
 */
static void
line_force(const spring_line *l, const double *x, const double *v, double hx,
    double g, double q, double *f)
{
	double k = l->k, d = l->d, s, xi, xj;
	long i, n = l->n;

	xi = x[0] + hx * v[0];
	f[0] = -l->w0 * (k * (xi - g) + d * (v[0] - q));
	for (i = 0; i + 1 < n; i++) {
		xj = x[i + 1] + hx * v[i + 1];
		s = k * (xj - xi) + d * (v[i + 1] - v[i]);
		f[i] += s;
		f[i + 1] = -s;
		xi = xj;
	}
}

/* h / m for every body: the explicit rules' only preparation. */
static int
prepare_plain(const spring_line *l, double h, double *work)
{
	long i;

	for (i = 0; i < l->n; i++)
		work[l->n + i] = h / l->mass[i];
	return 0;
}

/*
 * Factor A = M + s T for the Thomas algorithm (T the unit Laplacian with
 * the anchor's weight, s > 0): A is symmetric, diagonally dominant,
 * positive definite, so no pivoting.  work[2n + i] = 1 / u_i, work[3n +
 * i] = l_i.
 */
static void
factor(const spring_line *l, double s, double *work)
{
	double *inv = work + 2 * l->n, *mul = work + 3 * l->n, u, diag;
	long i, n = l->n;

	for (i = 0; i < n; i++) {
		diag = l->mass[i] + s * ((i == 0 ? l->w0 : 1.0) +
		    (i + 1 < n ? 1.0 : 0.0));
		if (i == 0) {
			mul[i] = 0.0;
			u = diag;
		} else {
			mul[i] = -s * inv[i - 1];
			u = diag - mul[i] * -s;
		}
		inv[i] = 1.0 / u;
	}
	work[l->n] = s;		/* the off-diagonal is -s */
}

/* Solve A y = f in place (f = work[0..n)), A as factored. */
static void
solve(const spring_line *l, double *work)
{
	double *f = work, *inv = work + 2 * l->n, *mul = work + 3 * l->n;
	double s = work[l->n];
	long i, n = l->n;

	for (i = 1; i < n; i++)
		f[i] -= mul[i] * f[i - 1];
	f[n - 1] *= inv[n - 1];
	for (i = n - 2; i >= 0; i--)
		f[i] = (f[i] + s * f[i + 1]) * inv[i];
}

/* explicit (Studio Gobo): x += h v_old; v += h a(x_old, v_old). */
static void
step_explicit(const spring_line *l, double h, double *work, double *x,
    double *v, const spring_target_step *tg)
{
	const double *hm = work + l->n;
	long i;

	line_force(l, x, v, 0.0, tg->g0, tg->q0, work);
	for (i = 0; i < l->n; i++) {
		x[i] += h * v[i];
		v[i] += hm[i] * work[i];
	}
}

/* semi-implicit (Holden, Chou, Nissen): v += h a(x, v); x += h v_new. */
static void
step_semi_implicit(const spring_line *l, double h, double *work, double *x,
    double *v, const spring_target_step *tg)
{
	const double *hm = work + l->n;
	long i;

	line_force(l, x, v, 0.0, tg->g0, tg->q0, work);
	for (i = 0; i < l->n; i++) {
		v[i] += hm[i] * work[i];
		x[i] += h * v[i];
	}
}

/*
 * impulse: Nissen's impulse form as an engine applies it, sequential
 * impulses (Gauss-Seidel).  The springs in a fixed order, the anchor's
 * first, then (0, 1), (1, 2), ...; each changes its bodies' velocities
 * by h F(x_start, v_now) / m at once, so the next spring sees the
 * change; then x += h v_new.  Nissen's J = -(m_red / dt) Ck x - m_red Cd
 * v on the relative velocity (J / m_red) is this force's h F / m_red.
 * One spring (one body, or the pair): semi-implicit exactly, the same
 * operations in the same order.
 */
static void
step_impulse(const spring_line *l, double h, double *work, double *x,
    double *v, const spring_target_step *tg)
{
	const double *hm = work + l->n;
	double k = l->k, d = l->d, s;
	long i, n = l->n;

	if (l->w0 != 0.0)
		v[0] += hm[0] * (-l->w0 * (k * (x[0] - tg->g0) + d * (v[0] -
		    tg->q0)));
	for (i = 0; i + 1 < n; i++) {
		s = k * (x[i + 1] - x[i]) + d * (v[i + 1] - v[i]);
		v[i] += hm[i] * s;
		v[i + 1] -= hm[i + 1] * s;
	}
	for (i = 0; i < n; i++)
		x[i] += h * v[i];
}

/*
 * implicit (Studio Gobo's Stable PD) for a system: (M + h D) dv =
 * h F(x + h v, v) at the step's end, the damping taken at the new
 * velocity; x += h v_old.  One spring: the scalar rule exactly.
 */
static int
prepare_implicit(const spring_line *l, double h, double *work)
{
	factor(l, h * l->d, work);
	return 0;
}

/*
 * The velocity change both implicit rules solve for, into work: the
 * factored matrix times dv = h F(x + h v, v) at the step's end.
 */
static void
velocity_change(const spring_line *l, double h, double *work,
    const double *x, const double *v, const spring_target_step *tg)
{
	long i;

	line_force(l, x, v, h, tg->g1, tg->q1, work);
	for (i = 0; i < l->n; i++)
		work[i] *= h;
	solve(l, work);
}

static void
step_implicit(const spring_line *l, double h, double *work, double *x,
    double *v, const spring_target_step *tg)
{
	long i;

	velocity_change(l, h, work, x, v, tg);
	for (i = 0; i < l->n; i++) {
		x[i] += h * v[i];
		v[i] += work[i];
	}
}

/*
 * backward-euler (Allen Chou): x and v at the step's end, (M + h D +
 * h^2 K) dv = h F(x + h v, v); v += dv; x += h v_new.
 */
static int
prepare_backward(const spring_line *l, double h, double *work)
{
	factor(l, h * l->d + h * h * l->k, work);
	return 0;
}

/*
 * v += dv, then x += h v_new: backward Euler's step, and with implicit's
 * matrix (M + h D) the rigid body's of Studio Gobo's appendix B (Stable
 * PD's dv as an impulse, then the engine moves the body).
 */
static void
step_backward(const spring_line *l, double h, double *work, double *x,
    double *v, const spring_target_step *tg)
{
	long i;

	velocity_change(l, h, work, x, v, tg);
	for (i = 0; i < l->n; i++) {
		v[i] += work[i];
		x[i] += h * v[i];
	}
}

/* The mode j's spring: omega, zeta; 0 for a free mode. */
static int
mode_spring(const spring_line *l, long j, double *omega, double *zeta)
{
	double lam = l->lambda[j], top = l->lambda[l->n - 1];

	if (!(lam > FREE_MODE * top))
		return 0;
	*omega = sqrt(l->k * lam);
	*zeta = l->d * lam / (2.0 * *omega);
	return 1;
}

/*
 * From the modes back to the bodies: x = M^(-1/2) V a, v likewise, along
 * the rows of vec (the modes' a, da are read: x, v may hold anything),
 * each x[i] summed over j in the same order as a dot product would.
 */
static void
back_project(const spring_line *l, const double *a, const double *da,
    double *x, double *v)
{
	const double *row;
	double e, de, sm;
	long i, j, n = l->n;

	for (i = 0; i < n; i++)
		x[i] = v[i] = 0.0;
	for (j = 0; j < n; j++) {
		row = l->vec + j * n;
		e = a[j];
		de = da[j];
		for (i = 0; i < n; i++) {
			x[i] += row[i] * e;
			v[i] += row[i] * de;
		}
	}
	for (i = 0; i < n; i++) {
		sm = sqrt(l->mass[i]);
		x[i] = x[i] / sm;
		v[i] = v[i] / sm;
	}
}

/*
 * Carry (x, v) over t with each mode's propagator phi[4j..] (NULL: the
 * closed form at t), the anchor on the line g0 + q u from u = 0.  In the
 * anchor's frame e = x - g, de = v - q obey the free system (a uniform
 * translation stretches no spring); with no anchor e = x, de = v.
 */
static void
modal_advance(const spring_line *l, const double *phi, const double *x0,
    const double *v0, double g0, double q, double t, double *x, double *v,
    double *tmp)
{
	double *a = tmp, *da = tmp + l->n, e, de, sm, om, ze;
	const double *row;
	spring_mat2 p;
	long i, j, n = l->n;

	if (l->w0 == 0.0)
		g0 = q = 0.0;
	/* sums in registers: a store a term would chain them through memory */
	for (j = 0; j < n; j++) {
		double sa = 0.0, sda = 0.0;

		row = l->vec + j * n;
		for (i = 0; i < n; i++) {
			sm = sqrt(l->mass[i]);
			sa += row[i] * sm * (x0[i] - g0);
			sda += row[i] * sm * (v0[i] - q);
		}
		a[j] = sa;
		da[j] = sda;
	}
	for (j = 0; j < n; j++) {
		if (phi != NULL)
			memcpy(&p, phi + 4 * j, sizeof(p));
		else if (mode_spring(l, j, &om, &ze))
			spring_propagator(om, ze, t, &p);
		else {
			p.a = 1.0;
			p.b = t;
			p.c = 0.0;
			p.d = 1.0;
		}
		e = p.a * a[j] + p.b * da[j];
		de = p.c * a[j] + p.d * da[j];
		a[j] = e;
		da[j] = de;
	}
	back_project(l, a, da, x, v);
	for (i = 0; i < n; i++) {
		x[i] = x[i] + g0 + q * t;
		v[i] = v[i] + q;
	}
}

/* exact: each mode's propagator over h (as the reference, per step). */
static int
prepare_exact(const spring_line *l, double h, double *work)
{
	double *phi = work + 4 * l->n, om, ze;
	spring_mat2 p = { 1.0, h, 0.0, 1.0 };
	long j;

	if (l->lambda == NULL || l->vec == NULL)
		return -1;
	for (j = 0; j < l->n; j++) {
		if (mode_spring(l, j, &om, &ze))
			spring_propagator(om, ze, h, &p);
		else {
			p.a = p.d = 1.0;
			p.b = h;
			p.c = 0.0;
		}
		memcpy(phi + 4 * j, &p, sizeof(p));
	}
	return 0;
}

static void
step_exact(const spring_line *l, double h, double *work, double *x,
    double *v, const spring_target_step *tg)
{
	double *tmp = work, *xs = work + 2 * l->n;

	/* the state moves to scratch: modal_advance reads it whole */
	memcpy(xs, x, (size_t)l->n * sizeof(*x));
	memcpy(xs + l->n, v, (size_t)l->n * sizeof(*v));
	/*
	 * the anchor on the line through the step's end, as the scalar
	 * exact rule reads it (a signal's jump at the end is taken over the
	 * whole step, not added to the bodies at its end)
	 */
	modal_advance(l, work + 4 * l->n, xs, xs + l->n, tg->g1 - tg->q1 * h,
	    tg->q1, h, x, v, tmp);
}

/*
 * verlet: velocity Verlet with the damping at the new velocity solved
 * exactly, as the scalar rule (Nissen's comments): x1 = x + h v +
 * h^2 / 2 F0 / m, then M (v1 - v) = h / 2 (F0 + F(x1, v1)), and since F
 * is linear in v, (M + h / 2 D) dv = h / 2 (F0 + F(x1, v)): a tridiagonal
 * solve.  work[4n..5n) holds F0, work[5n..6n) h^2 / (2 m).
 */
static int
prepare_verlet(const spring_line *l, double h, double *work)
{
	long i;

	factor(l, 0.5 * h * l->d, work);
	for (i = 0; i < l->n; i++)
		work[5 * l->n + i] = 0.5 * h * h / l->mass[i];
	return 0;
}

static void
step_verlet(const spring_line *l, double h, double *work, double *x,
    double *v, const spring_target_step *tg)
{
	double *f0 = work + 4 * l->n, *hhm = work + 5 * l->n;
	long i, n = l->n;

	line_force(l, x, v, 0.0, tg->g0, tg->q0, f0);
	for (i = 0; i < n; i++)
		x[i] += h * v[i] + hhm[i] * f0[i];
	line_force(l, x, v, 0.0, tg->g1, tg->q1, work);
	for (i = 0; i < n; i++)
		work[i] = 0.5 * h * (f0[i] + work[i]);
	solve(l, work);
	for (i = 0; i < n; i++)
		v[i] += work[i];
}

/* rk4 (Fiedler): 1 / m at work[n..2n), the stages' scratch after it. */
static int
prepare_rk4(const spring_line *l, double h, double *work)
{
	long i;

	(void)h;
	for (i = 0; i < l->n; i++)
		work[l->n + i] = 1.0 / l->mass[i];
	return 0;
}

/*
 * One stage: the state x + c dx, v + c dv (dx, dv the previous stage's
 * slopes; c = 0 the start), its slopes into dx (= the stage's v) and dv
 * (= F / m at the target g, q), each added w times into the sums.
 */
static void
rk4_stage(const spring_line *l, double *work, const double *x,
    const double *v, double c, double w, double g, double q)
{
	long i, n = l->n;
	const double *im = work + n;
	double *xs = work + 2 * n, *vs = work + 3 * n;
	double *sx = work + 4 * n, *sv = work + 5 * n;

	for (i = 0; i < n; i++) {
		xs[i] = x[i] + c * xs[i];
		vs[i] = v[i] + c * vs[i];
	}
	line_force(l, xs, vs, 0.0, g, q, work);
	for (i = 0; i < n; i++) {
		xs[i] = vs[i];		/* the stage's dx/dt */
		vs[i] = work[i] * im[i];	/* and dv/dt */
		sx[i] += w * xs[i];
		sv[i] += w * vs[i];
	}
}

/* Classic fourth-order Runge-Kutta, the anchor at the stage times. */
static void
step_rk4(const spring_line *l, double h, double *work, double *x,
    double *v, const spring_target_step *tg)
{
	double *xs = work + 2 * l->n, *sx = work + 4 * l->n;
	double *sv = work + 5 * l->n;
	long i, n = l->n;

	for (i = 0; i < n; i++)
		xs[i] = work[3 * n + i] = sx[i] = sv[i] = 0.0;
	rk4_stage(l, work, x, v, 0.0, 1.0, tg->g0, tg->q0);
	rk4_stage(l, work, x, v, 0.5 * h, 2.0, tg->gm, tg->qm);
	rk4_stage(l, work, x, v, 0.5 * h, 2.0, tg->gm, tg->qm);
	rk4_stage(l, work, x, v, h, 1.0, tg->g1, tg->q1);
	for (i = 0; i < n; i++) {
		x[i] += h / 6.0 * sx[i];
		v[i] += h / 6.0 * sv[i];
	}
}

static const spring_line_rule line_explicit = {
	"explicit", "forces from the old state, x += h v_old, v += h F / m",
	&spring_rule_explicit, prepare_plain, step_explicit
};
static const spring_line_rule line_semi_implicit = {
	"semi-implicit", "v += h F(x, v) / m, then x += h v_new (Nissen's)",
	&spring_rule_semi_implicit, prepare_plain, step_semi_implicit
};
static const spring_line_rule line_impulse = {
	"impulse", "sequential impulses: spring by spring, anchor first",
	&spring_rule_semi_implicit, prepare_plain, step_impulse
};
static const spring_line_rule line_implicit = {
	"implicit", "Stable PD: (M + h D) dv = h F(x + h v, v), tridiagonal", &spring_rule_implicit, prepare_implicit,
	step_implicit
};
static const spring_line_rule line_backward = {
	"backward-euler", "(M + h D + h^2 K) dv = h F(x + h v, v), tridiagonal", &spring_rule_backward_euler, prepare_backward,
	step_backward
};
static const spring_line_rule line_rigidbody = {
	"rigidbody", "Stable PD's dv as an impulse, then x += h v_new",
	&spring_rule_rigidbody, prepare_implicit, step_backward
};
static const spring_line_rule line_verlet = {
	"verlet", "velocity Verlet, (M + h D / 2) dv solved, tridiagonal",
	&spring_rule_verlet, prepare_verlet, step_verlet
};
static const spring_line_rule line_rk4 = {
	"rk4", "classic Runge-Kutta, the anchor at the stage times",
	&spring_rule_rk4, prepare_rk4, step_rk4
};
static const spring_line_rule line_exact = {
	"exact", "every mode's closed form over the step (n^2 a step)",
	&spring_rule_exact, prepare_exact, step_exact
};

const spring_line_rule *const spring_line_rules[] = {
	&line_semi_implicit, &line_explicit, &line_implicit, &line_backward,
	&line_exact, &line_impulse, &line_rigidbody, &line_verlet, &line_rk4,
	NULL
};

/* A line rule by name, or NULL. */
const spring_line_rule *
spring_line_rule_find(const char *name)
{
	const spring_line_rule *const *r;

	for (r = spring_line_rules; *r != NULL; r++)
		if (strcmp((*r)->name, name) == 0)
			return *r;
	return NULL;
}

/*
 * The modes of a line: S = M^(-1/2) T M^(-1/2) is tridiagonal, diagonal
 * (w_left + w_right) / m_i, off-diagonal -1 / sqrt(m_i m_(i+1)).
 */
int
spring_line_modes(const spring_line *l, double *lambda, double *vec,
    double *tmp)
{
	long i, n = l->n;

	for (i = 0; i < n; i++) {
		lambda[i] = ((i == 0 ? l->w0 : 1.0) + (i + 1 < n ? 1.0 : 0.0)) /
		    l->mass[i];
		tmp[i] = i + 1 < n ? -1.0 / sqrt(l->mass[i] * l->mass[i + 1]) :
		    0.0;
	}
	memset(vec, 0, (size_t)(n * n) * sizeof(*vec));
	for (i = 0; i < n; i++)
		vec[i * n + i] = 1.0;
	if (spring_tridiag_ql(lambda, tmp, n, vec) != 0)
		return -1;
	spring_sort_modes(lambda, vec, n);
	return 0;
}

/* See spring.h: the closed form at t, whatever t (no stepping). */
void
spring_line_exact(const spring_line *l, const double *x0, const double *v0,
    double g0, double q, double t, double *x, double *v, double *tmp)
{
	modal_advance(l, NULL, x0, v0, g0, q, t, x, v, tmp);
}

/* The mode j's gain from the anchor: c_j = beta_j / lambda_j. */
static double
anchor_gain(const spring_line *l, long j)
{
	return l->vec[j * l->n] * l->w0 / sqrt(l->mass[0]) / l->lambda[j];
}

/*
 * See spring.h: the chain following a signal, mode by mode.  In the
 * mass-weighted coordinates a = V^T M^(1/2) x mode j obeys
 *	a'' + d lambda a' + k lambda a = beta_j (k g + d kappa q),
 * beta_j = vec[j][0] w0 / sqrt(m_0), the anchor spring's pull on body 0
 * projected on the mode.  The scalar spring z following g with omega^2 =
 * k lambda, 2 zeta omega = d lambda obeys the same with lambda for
 * beta_j, so a_j - c_j z_j (c_j = beta_j / lambda_j) is a free
 * oscillation of the mode:
 *	a_j(t) = Phi_j(t) [a_j(0) - c_j z_j(0)] + c_j z_j(t),
 * z_j the signal's exact reference (sigref.c), started at g(0), q(0).
 * a0 keeps the bracket, (position, velocity) per mode.
 */
int
spring_line_sigref_init(const spring_line *l, const spring_signal *sig,
    int vel_source, const double *x0, const double *v0, spring_sigref *z,
    double *a0)
{
	double g, q, c, a, da, sm, top;
	spring_params p;
	long i, j, n = l->n;

	if (l->w0 == 0.0 || l->lambda == NULL || l->vec == NULL)
		return -1;
	top = l->lambda[n - 1];
	spring_signal_at(sig, 0.0, &g, &q);
	memset(&p, 0, sizeof(p));
	p.mass = 1.0;
	for (j = 0; j < n; j++) {
		if (!(l->lambda[j] > FREE_MODE * top))
			return -1;	/* anchored: no free mode */
		p.omega = sqrt(l->k * l->lambda[j]);
		p.zeta = l->d * l->lambda[j] / (2.0 * p.omega);
		spring_sigref_init(&z[j], &p, g, q, sig, vel_source);
		a = da = 0.0;
		for (i = 0; i < n; i++) {
			sm = sqrt(l->mass[i]);
			a += l->vec[j * n + i] * sm * x0[i];
			da += l->vec[j * n + i] * sm * v0[i];
		}
		c = anchor_gain(l, j);
		a0[2 * j] = a - c * g;
		a0[2 * j + 1] = da - c * q;
	}
	return 0;
}

/* See spring.h: the state at t (t never decreasing from call to call). */
void
spring_line_sigref_at(const spring_line *l, spring_sigref *z,
    const double *a0, double t, double *x, double *v, double *tmp)
{
	double *a = tmp, *da = tmp + l->n, c;
	spring_state st;
	spring_mat2 p;
	long j;

	for (j = 0; j < l->n; j++) {
		spring_sigref_at(&z[j], t, &st);
		spring_propagator(z[j].omega, z[j].zeta, t, &p);
		c = anchor_gain(l, j);
		a[j] = p.a * a0[2 * j] + p.b * a0[2 * j + 1] + c * st.x;
		da[j] = p.c * a0[2 * j] + p.d * a0[2 * j + 1] + c * st.v;
	}
	back_project(l, a, da, x, v);
}

/* See spring.h. */
double
spring_line_energy(const spring_line *l, const double *x, const double *v,
    double g, double q)
{
	double e = 0.0, s;
	long i;

	if (l->w0 == 0.0)
		q = 0.0;
	for (i = 0; i < l->n; i++)
		e += 0.5 * l->mass[i] * (v[i] - q) * (v[i] - q);
	e += 0.5 * l->k * l->w0 * (x[0] - g) * (x[0] - g);
	for (i = 0; i + 1 < l->n; i++) {
		s = x[i + 1] - x[i];
		e += 0.5 * l->k * s * s;
	}
	return e;
}

/* See spring.h. */
double
spring_line_max_stretch(const spring_line *l, const double *x, double g)
{
	double m = l->w0 != 0.0 ? fabs(x[0] - g) : 0.0;
	long i;

	for (i = 0; i + 1 < l->n; i++)
		m = fmax(m, fabs(x[i + 1] - x[i]));
	return m;
}

/* The larger of m and a, a NaN never winning; inline, unlike fmax. */
static double
bigger(double m, double a)
{
	return a > m ? a : m;
}

/*
 * See spring.h: energy and largest stretch in one pass, four bodies at a
 * time into four running sums and four maxima, so that no add waits for
 * the last (the two passes' serial chains cost 4 ns a body).  The sums
 * are of m dv^2 + k s^2, halved once at the end (exact).
 */
void
spring_line_summary(const spring_line *l, const double *x, const double *v,
    double g, double q, double *energy, double *max_stretch)
{
	const double *m = l->mass;
	double k = l->k, e[4] = { 0, 0, 0, 0 }, big[4] = { 0, 0, 0, 0 };
	double s, dv;
	long i, j, last = l->n - 1;

	if (l->w0 == 0.0)
		q = 0.0;
	else {
		s = x[0] - g;
		e[0] = k * l->w0 * s * s;
		big[0] = fabs(s);
	}
	for (i = 0; i + 4 <= last; i += 4)
		for (j = 0; j < 4; j++) {
			dv = v[i + j] - q;
			s = x[i + j + 1] - x[i + j];
			e[j] += m[i + j] * dv * dv + k * s * s;
			big[j] = bigger(big[j], fabs(s));
		}
	for (; i < last; i++) {
		dv = v[i] - q;
		s = x[i + 1] - x[i];
		e[i & 3] += m[i] * dv * dv + k * s * s;
		big[i & 3] = bigger(big[i & 3], fabs(s));
	}
	dv = v[last] - q;
	e[1] += m[last] * dv * dv;
	*energy = 0.5 * ((e[0] + e[1]) + (e[2] + e[3]));
	*max_stretch = bigger(bigger(big[0], big[1]), bigger(big[2], big[3]));
}

/* See spring.h: each mode's scalar spring, analyzed at h = 1. */
int
spring_modes_stable(const spring_rule *rule, const double *mu, long n,
    double ck, double cd)
{
	spring_analysis a;
	spring_params p;
	long j;

	for (j = 0; j < n; j++) {
		if (!(mu[j] > 0.0))
			continue;	/* a free mode: x += h v, never grows */
		p.omega = sqrt(ck * mu[j]);
		p.zeta = cd * mu[j] / (2.0 * p.omega);
		p.mass = 1.0;
		p.fast_exp = 0;
		spring_analyze(rule, &p, 1.0, &a);
		if (!a.stable)
			return 0;
	}
	return 1;
}

/* See spring.h. */
double
spring_modes_ck_limit(const spring_rule *rule, const double *mu, long n,
    double ratio)
{
	double lo = 1e-6, hi = 1e6, mid;

	if (!spring_modes_stable(rule, mu, n, lo, ratio * lo))
		return 0.0;
	if (spring_modes_stable(rule, mu, n, hi, ratio * hi))
		return INFINITY;
	while (hi - lo > 1e-12 * hi) {
		mid = 0.5 * (lo + hi);
		if (spring_modes_stable(rule, mu, n, mid, ratio * mid))
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/*
 * The eigenvalues of Nissen's rope (cols 1) or square mesh, rows x cols
 * bodies of one mass m, row 0 hung from the anchor, 4-neighbour springs,
 * in units of k = m_red / h^2 with each spring's own reduced mass (m / 2
 * between bodies, m to the anchor, which is infinitely heavy): mu =
 * (tau_a + sigma_b) / 2, tau the rows' chain (anchor weight 2), sigma
 * the free path across a row (a Kronecker sum: the mesh's modes are
 * products of the two).  mu holds rows * cols, tmp 2 (rows + cols).
 */
int
spring_nissen_modes(long rows, long cols, double *mu, double *tmp)
{
	double *tau = tmp, *sig = tmp + rows, *e = tmp + rows + cols;
	long a, b;

	for (a = 0; a < rows; a++) {
		tau[a] = (a == 0 ? 2.0 : 1.0) + (a + 1 < rows ? 1.0 : 0.0);
		e[a] = -1.0;
	}
	if (spring_tridiag_eigenvalues(tau, e, rows) != 0)
		return -1;
	for (b = 0; b < cols; b++) {
		sig[b] = (b > 0 ? 1.0 : 0.0) + (b + 1 < cols ? 1.0 : 0.0);
		e[b] = -1.0;
	}
	if (spring_tridiag_eigenvalues(sig, e, cols) != 0)
		return -1;
	for (a = 0; a < rows; a++)
		for (b = 0; b < cols; b++)
			mu[a * cols + b] = 0.5 * (tau[a] + sig[b]);
	return 0;
}

/* See spring.h: the largest |mu| of a set of eigenvalues. */
static double
radius_of(const double *re, const double *im, long n)
{
	double r = 0.0;
	long i;

	for (i = 0; i < n; i++)
		r = fmax(r, hypot(re[i], im[i]));
	return r;
}

/* See spring.h: the modes' 2x2 matrices, the largest radius. */
double
spring_modes_radius(const spring_rule *rule, const double *mu, long n,
    double ck, double cd)
{
	spring_analysis a;
	spring_params p;
	double r = 0.0;
	long j;

	for (j = 0; j < n; j++) {
		if (!(mu[j] > 0.0))
			continue;	/* a free mode: x += h v */
		p.omega = sqrt(ck * mu[j]);
		p.zeta = cd * mu[j] / (2.0 * p.omega);
		p.mass = 1.0;
		p.fast_exp = 0;
		spring_analyze(rule, &p, 1.0, &a);
		r = fmax(r, a.radius);
	}
	return r;
}

/*
 * See spring.h: Nissen's mesh under sequential impulses, in the line
 * rule's order (a rope is the mesh of one column: then this is the
 * impulse rule on spring_nissen_modes' rope, operation for operation).
 */
void
spring_nissen_impulse_step(long rows, long cols, double ck, double cd,
    double *x, double *v)
{
	double s;
	long a, b, i;

	for (b = 0; b < cols; b++)
		v[b] += -(ck * x[b] + cd * v[b]);
	for (a = 0; a < rows; a++)
		for (b = 0; b < cols; b++) {
			i = a * cols + b;
			if (b + 1 < cols) {
				s = 0.5 * (ck * (x[i + 1] - x[i]) +
				    cd * (v[i + 1] - v[i]));
				v[i] += s;
				v[i + 1] -= s;
			}
			if (a + 1 < rows) {
				s = 0.5 * (ck * (x[i + cols] - x[i]) +
				    cd * (v[i + cols] - v[i]));
				v[i] += s;
				v[i + cols] -= s;
			}
		}
	for (i = 0; i < rows * cols; i++)
		x[i] += v[i];
}

/*
 * See spring.h: the 2n x 2n amplification matrix, column j the step
 * from the unit state e_j (x first, then v), and its eigenvalues.
 */
double
spring_nissen_impulse_radius(long rows, long cols, double ck, double cd,
    double *work)
{
	long n = rows * cols, m = 2 * n, i, j;
	double *a = work, *re = a + m * m, *im = re + m, *x = im + m;
	double *v = x + n;

	for (j = 0; j < m; j++) {
		memset(x, 0, (size_t)m * sizeof(*x));
		x[j] = 1.0;	/* x and v are adjacent: e_j */
		spring_nissen_impulse_step(rows, cols, ck, cd, x, v);
		for (i = 0; i < m; i++)
			a[i * m + j] = x[i];
	}
	if (spring_eigenvalues(a, m, re, im) != 0)
		return NAN;
	return radius_of(re, im, m);
}

/* Stable at Ck (Cd = ratio Ck): 1, 0, or -1 when QR did not converge. */
static int
impulse_stable(long rows, long cols, double ck, double ratio, double *work)
{
	double r = spring_nissen_impulse_radius(rows, cols, ck, ratio * ck,
	    work);

	if (isnan(r))
		return -1;
	return r <= 1.0 + SPRING_SYSTEM_TOL;
}

/*
 * See spring.h: bisection on Ck, first on its logarithm down to a factor
 * 2, then to 1e-10 relative (what the tolerance on the radius allows).
 */
double
spring_nissen_impulse_limit(long rows, long cols, double ratio,
    double *work)
{
	double lo = 1e-6, hi = 1e6, mid;
	int st;

	if ((st = impulse_stable(rows, cols, lo, ratio, work)) <= 0)
		return st < 0 ? NAN : 0.0;
	if ((st = impulse_stable(rows, cols, hi, ratio, work)) != 0)
		return st < 0 ? NAN : INFINITY;
	while (hi - lo > 1e-10 * hi) {
		mid = hi > 2.0 * lo ? sqrt(lo * hi) : 0.5 * (lo + hi);
		if ((st = impulse_stable(rows, cols, mid, ratio, work)) < 0)
			return NAN;
		if (st)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}
