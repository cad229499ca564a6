/*
 * rotation.c - the rotation spring (spring/rotation.h): Holden's
 * quaternion spring ("Spring-It-On", "Quaternion Spring") for any damping
 * ratio, semi-implicit Euler and RK4 on the same spring, and the
 * reference they are measured against.
 *
 * The state is q, a unit quaternion, and w, the angular velocity in the
 * world frame: q' = (0, w) q / 2.  The spring pulls q toward the goal g
 * with the torque -omega^2 e - 2 zeta omega w, e = log(q conj(g)) the
 * rotation vector taking g to q (Holden's quat_to_scaled_angle_axis of
 * x * inv(x_goal): angle times axis).  Holden turns e into a 3-vector
 * so that it can go through the scalar spring's formulas; that is exact
 * while e keeps its axis: with e = theta n, n fixed, q = exp(theta n) g,
 * q' = theta' (0, n) q / 2, so w = theta' n and theta'' = -omega^2 theta
 * - 2 zeta omega theta', the scalar spring toward 0.  e keeps its axis
 * when w0 is parallel to e0 (or either is 0), and when |e| never reaches
 * pi (where the shorter way flips to the other side): the energy
 * theta'^2 / 2 + omega^2 theta^2 / 2 never grows (zeta >= 0), so |theta|
 * <= sqrt(theta0^2 + theta0'^2 / omega^2) < pi suffices.  Otherwise e's
 * rate is not w (it is w through the inverse Jacobian of the exponential
 * map) and the motion is not planar: the reference is RK4 of the
 * continuous spring at SPRING_ROT_REF_STEPS steps a frame, its error
 * estimated by a second run at twice the steps.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "spring.h"

#define PI 3.141592653589793238462643383279502884

/* The Hamilton product a b: b first, then a (world frame on the left). */
spring_quat
spring_quat_mul(spring_quat a, spring_quat b)
{
	spring_quat r;

	r.w = a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z;
	r.x = a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y;
	r.y = a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x;
	r.z = a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w;
	return r;
}

/* The conjugate: the inverse of a unit quaternion (Holden's quat_inv). */
spring_quat
spring_quat_conj(spring_quat q)
{
	q.x = -q.x;
	q.y = -q.y;
	q.z = -q.z;
	return q;
}

/*
 * |q|, scaled by its largest component when the squares would leave
 * the range of a double (RK4 at h |w| far above 1 makes q 1e170 long,
 * whose squares overflow): the plain sum, bit for bit, elsewhere.
 */
static double
quat_norm(spring_quat q)
{
	double m = fmax(fmax(fabs(q.w), fabs(q.x)), fmax(fabs(q.y),
	    fabs(q.z)));

	if (m > 0x1p-500 && m < 0x1p500)
		return sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
	if (!(m > 0.0) || !isfinite(m))
		return m;
	q.w /= m;
	q.x /= m;
	q.y /= m;
	q.z /= m;
	return m * sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
}

/* Scale q to unit length: -1 if it has none (0, or not finite). */
int
spring_quat_normalize(spring_quat *q)
{
	double n = quat_norm(*q);

	if (!(n > 0.0) || !isfinite(n))
		return -1;
	q->w /= n;
	q->x /= n;
	q->y /= n;
	q->z /= n;
	return 0;
}

/* |r| of a 3-vector. */
static double
norm3(const double *r)
{
	return sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
}

/*
 * exp of the rotation vector r: (cos(a/2), sin(a/2) r / a), a = |r|.
 * sin(a/2) / a has no cancellation for a > 0; a = 0 is the identity.
 */
spring_quat
spring_quat_exp(const double r[3])
{
	spring_quat q = { 1.0, 0.0, 0.0, 0.0 };
	double a = norm3(r), s;

	if (a == 0.0)
		return q;
	s = sin(0.5 * a) / a;
	q.w = cos(0.5 * a);
	q.x = s * r[0];
	q.y = s * r[1];
	q.z = s * r[2];
	return q;
}

/*
 * The rotation vector of q: angle 2 atan2(|v|, w) about v / |v| (atan2,
 * not acos of w: accurate at small angles and near pi alike).  shortest
 * takes -q when w < 0, the same rotation the shorter way, angle <= pi;
 * without it (Holden's code as printed) the angle runs up to 2 pi.
 */
void
spring_quat_log(spring_quat q, int shortest, double r[3])
{
	double v[3] = { q.x, q.y, q.z }, s = norm3(v), k;

	if (shortest && q.w < 0.0) {
		q.w = -q.w;
		v[0] = -v[0];
		v[1] = -v[1];
		v[2] = -v[2];
	}
	k = s > 0.0 ? 2.0 * atan2(s, q.w) / s : 0.0;
	r[0] = k * v[0];
	r[1] = k * v[1];
	r[2] = k * v[2];
}

/* The angle of a conj(b), the shorter way: 0 for q and -q. */
double
spring_quat_angle(spring_quat a, spring_quat b)
{
	spring_quat d = spring_quat_mul(a, spring_quat_conj(b));
	double s = sqrt(d.x * d.x + d.y * d.y + d.z * d.z);

	return 2.0 * atan2(s, fabs(d.w));
}

/* e = log(q conj(g)), the rule's way (shortest unless --no-hemisphere). */
static void
error_vector(const spring_rot_sim *sim, spring_quat q, int shortest,
    double *e)
{
	spring_quat_log(spring_quat_mul(q, spring_quat_conj(sim->goal)),
	    shortest, e);
}

/*
 * Holden's simple_spring_damper_exact_quat for any zeta: (e, w) through
 * the scalar spring's propagator over h component by component, then q =
 * exp(e) g.  Exact while the motion is planar (see the top); q is unit
 * to rounding by construction, never renormalized.
 */
static void
exact_step(const spring_rot_sim *sim, double h, spring_quat *q, double *w)
{
	spring_mat2 phi;
	double e[3], e1[3];
	int i;

	if (sim->params.fast_exp)
		spring_propagator_fast(sim->params.omega, sim->params.zeta, h,
		    &phi);
	else
		spring_propagator(sim->params.omega, sim->params.zeta, h, &phi);
	error_vector(sim, *q, !sim->long_way, e);
	for (i = 0; i < 3; i++) {
		e1[i] = phi.a * e[i] + phi.b * w[i];
		w[i] = phi.c * e[i] + phi.d * w[i];
	}
	*q = spring_quat_mul(spring_quat_exp(e1), sim->goal);
}

/*
 * Semi-implicit Euler (Holden's, the scalar rule's order): w from the
 * torque at the old q, then q turned by exp(h w_new).  For a planar
 * motion e_new = e + h w_new exactly, the scalar rule on the angle.  A
 * product of unit quaternions: not renormalized (max_norm_err shows it).
 */
static void
semi_implicit_step(const spring_rot_sim *sim, double h, spring_quat *q,
    double *w)
{
	double e[3], r[3], w2 = sim->params.omega * sim->params.omega;
	double c = 2.0 * sim->params.zeta * sim->params.omega;
	int i;

	error_vector(sim, *q, !sim->long_way, e);
	for (i = 0; i < 3; i++) {
		w[i] += h * (-w2 * e[i] - c * w[i]);
		r[i] = h * w[i];
	}
	*q = spring_quat_mul(spring_quat_exp(r), *q);
}

/* The continuous spring's rates at (q, w): q' = (0, w) q / 2, w'. */
static void
rates(const spring_rot_sim *sim, int shortest, spring_quat q, const double *w,
    spring_quat *dq, double *dw)
{
	spring_quat u = q, wq = { 0.0, w[0], w[1], w[2] };
	double e[3], w2 = sim->params.omega * sim->params.omega;
	double c = 2.0 * sim->params.zeta * sim->params.omega;
	int i;

	/* RK4's stages leave the unit sphere by O(h^5): e of the rotation */
	if (spring_quat_normalize(&u) != 0)
		u = q;
	error_vector(sim, u, shortest, e);
	*dq = spring_quat_mul(wq, q);
	dq->w *= 0.5;
	dq->x *= 0.5;
	dq->y *= 0.5;
	dq->z *= 0.5;
	for (i = 0; i < 3; i++)
		dw[i] = -w2 * e[i] - c * w[i];
}

/* y + s dy for the 7-vector (q, w). */
static void
axpy(spring_quat q, const double *w, double s, spring_quat dq,
    const double *dw, spring_quat *qo, double *wo)
{
	int i;

	qo->w = q.w + s * dq.w;
	qo->x = q.x + s * dq.x;
	qo->y = q.y + s * dq.y;
	qo->z = q.z + s * dq.z;
	for (i = 0; i < 3; i++)
		wo[i] = w[i] + s * dw[i];
}

/* Classic RK4 on (q, w) in R^7, then q renormalized (a projection). */
static void
rk4(const spring_rot_sim *sim, int shortest, double h, spring_quat *q,
    double *w)
{
	spring_quat k1, k2, k3, k4, qs;
	double d1[3], d2[3], d3[3], d4[3], ws[3];
	int i;

	rates(sim, shortest, *q, w, &k1, d1);
	axpy(*q, w, 0.5 * h, k1, d1, &qs, ws);
	rates(sim, shortest, qs, ws, &k2, d2);
	axpy(*q, w, 0.5 * h, k2, d2, &qs, ws);
	rates(sim, shortest, qs, ws, &k3, d3);
	axpy(*q, w, h, k3, d3, &qs, ws);
	rates(sim, shortest, qs, ws, &k4, d4);
	q->w += h / 6.0 * (k1.w + 2.0 * (k2.w + k3.w) + k4.w);
	q->x += h / 6.0 * (k1.x + 2.0 * (k2.x + k3.x) + k4.x);
	q->y += h / 6.0 * (k1.y + 2.0 * (k2.y + k3.y) + k4.y);
	q->z += h / 6.0 * (k1.z + 2.0 * (k2.z + k3.z) + k4.z);
	for (i = 0; i < 3; i++)
		w[i] += h / 6.0 * (d1[i] + 2.0 * (d2[i] + d3[i]) + d4[i]);
	(void)spring_quat_normalize(q);
}

/* The rk4 rule: one RK4 step a frame, the rule's hemisphere. */
static void
rk4_step(const spring_rot_sim *sim, double h, spring_quat *q, double *w)
{
	rk4(sim, !sim->long_way, h, q, w);
}

/* One RK4 step of the continuous spring (spring.h): the reference's. */
void
spring_rot_rk4(const spring_rot_sim *sim, double h, spring_quat *q, double *w)
{
	rk4(sim, 1, h, q, w);
}

static const spring_rot_rule exact_rule = {
	"exact", "(e, w) through the scalar spring's closed form over the "
	"step, q = exp(e) goal: exact while the motion is planar",
	"Holden, simple_spring_damper_exact_quat", 0, exact_step
};
static const spring_rot_rule semi_implicit_rule = {
	"semi-implicit", "w += h (-omega^2 e - 2 zeta omega w); q = exp(h w) q",
	"Holden", 1, semi_implicit_step
};
static const spring_rot_rule rk4_rule = {
	"rk4", "classic Runge-Kutta on (q, w), q renormalized after the step",
	"Fiedler", 4, rk4_step
};

const spring_rot_rule *const spring_rot_rules[] = {
	&semi_implicit_rule, &exact_rule, &rk4_rule, NULL
};

/* The rule called name, or NULL: a plain walk of the table. */
const spring_rot_rule *
spring_rot_rule_find(const char *name)
{
	const spring_rot_rule *const *r;

	for (r = spring_rot_rules; *r != NULL; r++)
		if (strcmp((*r)->name, name) == 0)
			return *r;
	return NULL;
}

/*
 * The planar motion's axis n and its scalar state (theta0, theta0'):
 * n along e0, or along w0 when e0 = 0 (z when both are).
 */
static void
planar_start(const spring_rot_sim *sim, double *n, double *th, double *dth)
{
	double e[3], a, b;
	int i;

	error_vector(sim, sim->q0, 1, e);
	a = norm3(e);
	b = norm3(sim->w0);
	n[0] = n[1] = 0.0;
	n[2] = 1.0;
	for (i = 0; i < 3; i++)
		if (a > 0.0)
			n[i] = e[i] / a;
		else if (b > 0.0)
			n[i] = sim->w0[i] / b;
	*th = a;
	*dth = n[0] * sim->w0[0] + n[1] * sim->w0[1] + n[2] * sim->w0[2];
}

/* See spring.h: parallel start, and the energy bound below pi. */
int
spring_rot_closed_form(const spring_rot_sim *sim)
{
	double e[3], cx[3], a, b, bound;

	error_vector(sim, sim->q0, 1, e);
	a = norm3(e);
	b = norm3(sim->w0);
	cx[0] = e[1] * sim->w0[2] - e[2] * sim->w0[1];
	cx[1] = e[2] * sim->w0[0] - e[0] * sim->w0[2];
	cx[2] = e[0] * sim->w0[1] - e[1] * sim->w0[0];
	if (!(norm3(cx) <= 1e-12 * a * b))
		return 0;
	bound = sqrt(a * a + (b / sim->params.omega) * (b / sim->params.omega));
	return bound < PI;
}

/* The closed form: theta(t) by the scalar propagator, q = exp(theta n) g. */
void
spring_rot_reference_at(const spring_rot_sim *sim, double t, spring_quat *q,
    double *w)
{
	spring_mat2 phi;
	double n[3], th, dth, r[3], th1, dth1;
	int i;

	if (t == 0.0) {
		*q = sim->q0;
		memcpy(w, sim->w0, 3 * sizeof(*w));
		return;
	}
	planar_start(sim, n, &th, &dth);
	spring_propagator(sim->params.omega, sim->params.zeta, t, &phi);
	th1 = phi.a * th + phi.b * dth;
	dth1 = phi.c * th + phi.d * dth;
	for (i = 0; i < 3; i++) {
		r[i] = th1 * n[i];
		w[i] = dth1 * n[i];
	}
	*q = spring_quat_mul(spring_quat_exp(r), sim->goal);
}

/* The running sums behind spring_rot_metrics. */
struct rot_acc {
	double dir[3], dist0, band, beyond, settle_from;
	double sum_a2, sum_w2, max_w0;
	int inside;
};

/* The angle of q to the goal, and e along e0's direction. */
static double
to_goal(const spring_rot_sim *sim, spring_quat q, const double *dir,
    double *along)
{
	double e[3];

	error_vector(sim, q, 1, e);
	*along = e[0] * dir[0] + e[1] * dir[1] + e[2] * dir[2];
	return norm3(e);
}

/*
 * The larger of m and x, NaN from the first NaN on: a reference lost
 * (not finite, past about |w0| 1e80 at 60 fps) makes the largest error
 * unknown, never the largest of the rows before.
 */
static double
max_known(double m, double x)
{
	return isnan(x) || x > m ? x : m;
}

/* Fold a row into the metrics (every row, t = 0 included). */
static void
rot_add(const spring_rot_sim *sim, struct rot_acc *a, spring_rot_row *row,
    spring_rot_metrics *m)
{
	double along, dw[3], ew, nq;
	int i;

	(void)to_goal(sim, row->q, a->dir, &along);
	row->angle = spring_quat_angle(row->q, sim->goal);
	row->angle_ref = spring_quat_angle(row->q_ref, sim->goal);
	row->angle_err = spring_quat_angle(row->q, row->q_ref);
	for (i = 0; i < 3; i++)
		dw[i] = row->w[i] - row->w_ref[i];
	ew = norm3(dw);
	nq = quat_norm(row->q);
	m->max_angle_err = max_known(m->max_angle_err, row->angle_err);
	m->final_angle_err = row->angle_err;
	m->max_w_err = max_known(m->max_w_err, ew);
	m->final_w_err = ew;
	m->max_norm_err = fmax(m->max_norm_err, fabs(nq - 1.0));
	if (!m->closed_form)
		m->ref_err = max_known(m->ref_err, row->ref_err);
	a->sum_a2 += row->angle_err * row->angle_err;
	a->sum_w2 += ew * ew;
	if (a->dist0 > 0.0)
		a->beyond = fmax(a->beyond, -along);
	if (row->angle <= a->band) {
		if (!a->inside)
			a->settle_from = row->t;
		a->inside = 1;
	} else
		a->inside = 0;
	m->rows++;
}

/* The reference's next frame: the closed form, or the two RK4 runs. */
static void
rot_reference(const spring_rot_sim *sim, int closed, double wall,
    double frame_dt, spring_quat *qa, double *wa, spring_quat *qb, double *wb,
    spring_rot_row *row)
{
	int i;

	if (closed) {
		spring_rot_reference_at(sim, wall, &row->q_ref, row->w_ref);
		row->ref_err = NAN;
		return;
	}
	for (i = 0; i < SPRING_ROT_REF_STEPS; i++)
		rk4(sim, 1, frame_dt / SPRING_ROT_REF_STEPS, qa, wa);
	for (i = 0; i < 2 * SPRING_ROT_REF_STEPS; i++)
		rk4(sim, 1, frame_dt / (2 * SPRING_ROT_REF_STEPS), qb, wb);
	row->q_ref = *qa;
	memcpy(row->w_ref, wa, 3 * sizeof(*wa));
	/* RK4: the coarse run's error is 16/15 of its distance to the fine */
	row->ref_err = spring_quat_angle(*qa, *qb) * 16.0 / 15.0;
}

/* The reference quaternion on q's side of the sphere, for reading. */
static void
align(spring_rot_row *row)
{
	if (row->q.w * row->q_ref.w + row->q.x * row->q_ref.x +
	    row->q.y * row->q_ref.y + row->q.z * row->q_ref.z < 0.0) {
		row->q_ref.w = -row->q_ref.w;
		row->q_ref.x = -row->q_ref.x;
		row->q_ref.y = -row->q_ref.y;
		row->q_ref.z = -row->q_ref.z;
	}
}

/*
 * A whole run (spring.h): sim.c's loop in small, the clock giving the
 * frames, one step of the rule a frame, the reference at the frame's
 * wall time.
 */
int
spring_rot_simulate(const spring_rot_sim *sim, spring_rot_row_fn emit,
    void *ctx, spring_rot_metrics *m)
{
	spring_schedule constant;
	spring_clock clk;
	struct rot_acc a;
	spring_rot_row row;
	spring_quat q = sim->q0, qa = sim->q0, qb = sim->q0;
	double w[3], wa[3], wb[3], e0[3], frame_dt, wall, limit;
	double end = sim->duration * (1.0 - 1e-9);
	long n, frames = sim->frames;
	int closed = spring_rot_closed_form(sim), rc = 0, i;

	memset(m, 0, sizeof(*m));
	memset(&a, 0, sizeof(a));
	m->closed_form = closed;
	m->diverged_frame = -1;
	m->ref_err = closed ? NAN : 0.0;
	memcpy(w, sim->w0, sizeof(w));
	memcpy(wa, sim->w0, sizeof(wa));
	memcpy(wb, sim->w0, sizeof(wb));
	error_vector(sim, sim->q0, 1, e0);
	a.dist0 = spring_quat_angle(sim->q0, sim->goal);
	for (i = 0; i < 3; i++)
		a.dir[i] = a.dist0 > 0.0 ? e0[i] / a.dist0 : 0.0;
	a.band = 0.02 * (a.dist0 > 0.0 ? a.dist0 : 1.0);
	m->angle0 = a.dist0;
	limit = SPRING_DIVERGE_FACTOR * (sim->params.omega * a.dist0 +
	    norm3(sim->w0) + sim->params.omega);
	memset(&constant, 0, sizeof(constant));
	constant.dt = sim->dt;
	spring_clock_init(&clk, sim->schedule != NULL ? sim->schedule :
	    &constant);

	row.t = 0.0;
	row.q = row.q_ref = sim->q0;
	memcpy(row.w, sim->w0, sizeof(row.w));
	memcpy(row.w_ref, sim->w0, sizeof(row.w_ref));
	row.ref_err = closed ? NAN : 0.0;
	rot_add(sim, &a, &row, m);
	if (emit != NULL && (rc = emit(ctx, &row, 0.0)) != 0)
		goto done;
	if (frames == 0 && sim->schedule == NULL)
		frames = spring_frame_count(sim->duration, sim->dt);
	for (n = 1; frames == 0 || n <= frames; n++) {
		if (!spring_clock_next(&clk, &frame_dt, &wall))
			break;
		sim->rule->step(sim, frame_dt, &q, w);
		if (!isfinite(q.w + q.x + q.y + q.z) ||
		    !(norm3(w) <= limit)) {
			m->diverged = 1;
			m->diverged_frame = n;
			break;
		}
		row.t = wall;
		row.q = q;
		memcpy(row.w, w, sizeof(row.w));
		rot_reference(sim, closed, wall, frame_dt, &qa, wa, &qb, wb,
		    &row);
		align(&row);
		rot_add(sim, &a, &row, m);
		if (emit != NULL && (rc = emit(ctx, &row, frame_dt)) != 0)
			break;
		if (frames == 0 && wall >= end)
			break;
	}
done:
	m->rms_angle_err = sqrt(a.sum_a2 / (double)m->rows);
	m->rms_w_err = sqrt(a.sum_w2 / (double)m->rows);
	m->overshoot = a.dist0 > 0.0 ? a.beyond / a.dist0 : NAN;
	m->settle_time = a.inside ? a.settle_from : INFINITY;
	return rc;
}
