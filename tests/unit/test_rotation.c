/*
 * test_rotation.c - the rotation spring (Holden's quaternion spring):
 * quaternion helpers, the exact and semi-implicit rules against the
 * scalar spring on the angle, the hemisphere, unit norm over a long run,
 * and the RK4 reference against the closed form and by its order.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define PI 3.141592653589793238462643383279502884
#define DEG (PI / 180.0)

/* The rotation of angle a (rad) about the unit axis (x, y, z). */
static spring_quat
axis_angle(double x, double y, double z, double a)
{
	double r[3] = { a * x, a * y, a * z };

	return spring_quat_exp(r);
}

/* A rotation sim: rule, 2 Hz, zeta, from q0 toward goal at dt. */
static spring_rot_sim
rot(const char *rule, double zeta, spring_quat q0, spring_quat goal,
    double dt, long frames)
{
	spring_rot_sim s;

	memset(&s, 0, sizeof(s));
	s.rule = spring_rot_rule_find(rule);
	s.params.omega = 4.0 * PI;
	s.params.zeta = zeta;
	s.params.mass = 1.0;
	s.q0 = q0;
	s.goal = goal;
	s.dt = dt;
	s.frames = frames;
	return s;
}

/* Every row a run emits, up to 4096. */
struct rows {
	spring_rot_row r[4096];
	long n;
};

static int
keep_row(void *ctx, const spring_rot_row *row, double dt)
{
	struct rows *k = ctx;

	(void)dt;
	if (k->n < 4096)
		k->r[k->n++] = *row;
	return 0;
}

/* exp and log invert each other; -q is the same rotation the short way. */
static void
test_helpers(void)
{
	double r[3] = { 0.3, -1.2, 0.7 }, back[3];
	spring_quat q = spring_quat_exp(r), nq = { -q.w, -q.x, -q.y, -q.z };
	spring_quat z = { 0, 0, 0, 0 }, big = { 2, 0, 0, 0 };
	int i;

	spring_quat_log(q, 1, back);
	for (i = 0; i < 3; i++)
		CHECK_NEAR(back[i], r[i], 1e-15);
	spring_quat_log(nq, 1, back);
	for (i = 0; i < 3; i++)
		CHECK_NEAR(back[i], r[i], 1e-15);
	/* without the hemisphere check: the same rotation, 2 pi - a the
	 * other way round */
	spring_quat_log(nq, 0, back);
	CHECK_NEAR(sqrt(back[0] * back[0] + back[1] * back[1] + back[2] *
	    back[2]), 2.0 * PI - sqrt(0.09 + 1.44 + 0.49), 1e-14);
	CHECK_NEAR(spring_quat_angle(q, nq), 0.0, 1e-15);
	CHECK_NEAR(spring_quat_angle(axis_angle(0, 0, 1, 0.25),
	    axis_angle(0, 0, 1, -0.5)), 0.75, 1e-15);
	/* 1e-9 rad: atan2, not acos, keeps it */
	CHECK_NEAR(spring_quat_angle(axis_angle(1, 0, 0, 1e-9),
	    axis_angle(0, 0, 1, 0)), 1e-9, 1e-24);
	CHECK(spring_quat_normalize(&z) == -1);
	CHECK(spring_quat_normalize(&big) == 0 && big.w == 1.0);
	CHECK(spring_rot_rule_find("exact") != NULL);
	CHECK(spring_rot_rule_find("verlet") == NULL);
}

/*
 * 90 degrees about z, from rest, exact rule: the angle to the goal after
 * t is the scalar spring's |theta(t)|, theta0 = pi / 2, by the closed
 * form Phi(t) worked independently here (under-damped, zeta = 0.3).
 */
static void
test_exact_planar(void)
{
	static struct rows k;
	spring_quat id = { 1, 0, 0, 0 };
	spring_rot_sim s = rot("exact", 0.3, id, axis_angle(0, 0, 1, PI / 2),
	    1.0 / 60.0, 240);
	spring_rot_metrics m;
	double w = 4.0 * PI, z = 0.3, b = w * sqrt(1.0 - z * z), worst = 0.0;
	long i;

	k.n = 0;
	spring_rot_simulate(&s, keep_row, &k, &m);
	CHECK(m.closed_form == 1);
	CHECK(k.n == 241);
	for (i = 0; i < k.n; i++) {
		double t = k.r[i].t, e = exp(-z * w * t);
		double th = PI / 2 * e * (cos(b * t) + z * w * sin(b * t) / b);
		double dth = PI / 2 * -w * w * e * sin(b * t) / b;

		worst = fmax(worst, fabs(k.r[i].angle - fabs(th)));
		worst = fmax(worst, fabs(k.r[i].angle_ref - fabs(th)));
		/* e = -theta z, so w = -theta' z */
		worst = fmax(worst, fabs(k.r[i].w[2] + dth) / w);
		worst = fmax(worst, fabs(k.r[i].w[0]) + fabs(k.r[i].w[1]));
	}
	CHECK_NEAR(worst, 0.0, 1e-12);
	CHECK_NEAR(m.max_angle_err, 0.0, 1e-13);
	CHECK(isnan(m.ref_err));
	CHECK_NEAR(m.angle0, PI / 2, 1e-15);
	/* the scalar spring's overshoot at zeta 0.3: e^(-pi z / sqrt(1 -
	 * z^2)) = 0.3723, sampled at 60 fps a little under */
	CHECK(m.overshoot > 0.36 && m.overshoot <= 0.3724);
}

/*
 * Semi-implicit, planar: the angle follows the scalar semi-implicit rule
 * on x = e_z toward 0 (e_new = e + h w_new, exactly so in the math).
 */
static void
test_semi_implicit_planar(void)
{
	spring_quat id = { 1, 0, 0, 0 };
	spring_rot_sim s = rot("semi-implicit", 0.3, id,
	    axis_angle(0, 0, 1, PI / 2), 1.0 / 30.0, 0);
	spring_params p = { 4.0 * PI, 0.3, 1.0, 0 };
	spring_coef c;
	spring_state x = { -PI / 2, 0.0 };
	spring_target_step tg = { 0, 0, 0, 0, 0, 0 };
	spring_quat q = id;
	double w[3] = { 0, 0, 0 }, e[3], worst = 0.0;
	int i;

	spring_rule_semi_implicit->prepare(&p, 1.0 / 30.0, &c);
	for (i = 0; i < 600; i++) {
		spring_rule_semi_implicit->step(&c, &x, &tg);
		s.rule->step(&s, 1.0 / 30.0, &q, w);
		spring_quat_log(spring_quat_mul(q, spring_quat_conj(s.goal)), 1,
		    e);
		worst = fmax(worst, fabs(e[2] - x.x) + fabs(w[2] - x.v) / 4.0 /
		    PI + fabs(e[0]) + fabs(e[1]));
	}
	CHECK_NEAR(worst, 0.0, 1e-12);
}

/* The first frame's turn: sign of w_z after one step from rest. */
static double
first_wz(const char *rule, double deg, int long_way, spring_quat q0)
{
	spring_rot_sim s = rot(rule, 0.3, q0, axis_angle(0, 0, 1, deg * DEG),
	    1.0 / 60.0, 1);
	spring_quat q = q0;
	double w[3] = { 0, 0, 0 };

	s.long_way = long_way;
	s.rule->step(&s, s.dt, &q, w);
	return w[2];
}

/*
 * The hemisphere: a goal 179 degrees one way turns +z, 181 (= 179 the
 * other way) turns -z, both the short way; q0 and -q0 move alike.
 * Without the check (Holden's code as printed), 181 turns the long way.
 */
static void
test_hemisphere(void)
{
	static struct rows a, b;
	spring_quat id = { 1, 0, 0, 0 }, nid = { -1, 0, 0, 0 };
	const char *rules[] = { "exact", "semi-implicit", "rk4" };
	spring_rot_sim s;
	spring_rot_metrics ma, mb;
	double worst = 0.0;
	long i;
	int r;

	for (r = 0; r < 3; r++) {
		CHECK(first_wz(rules[r], 179.0, 0, id) > 0.0);
		CHECK(first_wz(rules[r], 181.0, 0, id) < 0.0);
		CHECK(first_wz(rules[r], 181.0, 0, nid) < 0.0);
		CHECK(first_wz(rules[r], -179.0, 0, nid) < 0.0);
		CHECK(first_wz(rules[r], 181.0, 1, id) > 0.0);
		/* -q0 is 360 degrees off as a quaternion: the long way
		 * round spins the spring a full turn */
		CHECK(first_wz(rules[r], 90.0, 1, nid) < 0.0);
		CHECK(first_wz(rules[r], 90.0, 0, nid) > 0.0);
	}
	/* 181: the short way is 179 degrees: angle0 and the whole motion
	 * mirror the 179 run */
	for (r = 0; r < 2; r++) {
		s = rot(rules[r], 0.3, id, axis_angle(0, 0, 1, 179 * DEG),
		    1.0 / 60.0, 120);
		a.n = b.n = 0;
		spring_rot_simulate(&s, keep_row, &a, &ma);
		s.goal = axis_angle(0, 0, 1, 181 * DEG);
		s.q0 = nid;
		spring_rot_simulate(&s, keep_row, &b, &mb);
		CHECK(a.n == 121 && b.n == 121);
		CHECK_NEAR(ma.angle0, 179 * DEG, 1e-14);
		CHECK_NEAR(mb.angle0, 179 * DEG, 1e-14);
		for (i = 0; i < a.n && i < b.n; i++) {
			worst = fmax(worst, fabs(a.r[i].angle - b.r[i].angle));
			worst = fmax(worst, fabs(a.r[i].w[2] + b.r[i].w[2]));
		}
		CHECK_NEAR(worst, 0.0, 1e-11);
		CHECK(ma.closed_form && mb.closed_form);
		CHECK_NEAR(mb.max_angle_err, 0.0, r == 0 ? 1e-12 : 0.5);
	}
	/* q0 and -q0: the same rotation, the same motion, row by row */
	for (r = 0; r < 3; r++) {
		spring_quat q0 = axis_angle(0.6, 0.8, 0, 0.4);
		spring_quat nq0 = { -q0.w, -q0.x, -q0.y, -q0.z };

		s = rot(rules[r], 0.5, q0, axis_angle(0, 0, 1, 2.0), 1.0 / 30.0,
		    60);
		s.w0[0] = 1.0;
		s.w0[2] = -3.0;
		a.n = b.n = 0;
		spring_rot_simulate(&s, keep_row, &a, &ma);
		s.q0 = nq0;
		spring_rot_simulate(&s, keep_row, &b, &mb);
		worst = 0.0;
		for (i = 0; i < a.n && i < b.n; i++) {
			worst = fmax(worst, spring_quat_angle(a.r[i].q,
			    b.r[i].q));
			worst = fmax(worst, fabs(a.r[i].angle_err -
			    b.r[i].angle_err));
			worst = fmax(worst, fabs(a.r[i].w[1] - b.r[i].w[1]));
		}
		CHECK(a.n == 61 && b.n == 61);
		CHECK_NEAR(worst, 0.0, 1e-12);
		CHECK(!ma.closed_form);
	}
}

/*
 * Unit norm over a long run, never renormalized (exact, semi-implicit):
 * 10^6 frames of a tumbling, non-planar motion stay within 1e-12.
 */
static void
test_norm(void)
{
	const char *rules[] = { "exact", "semi-implicit", "rk4" };
	int r;
	long i;

	for (r = 0; r < 3; r++) {
		spring_rot_sim s = rot(rules[r], 0.0, axis_angle(1, 0, 0, 1.0),
		    axis_angle(0, 0.6, 0.8, 2.5), 1.0 / 120.0, 0);
		spring_quat q = s.q0;
		double w[3] = { 0.5, -2.0, 7.0 }, worst = 0.0, n;

		for (i = 0; i < 1000000; i++) {
			s.rule->step(&s, s.dt, &q, w);
			n = sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
			worst = fmax(worst, fabs(n - 1.0));
		}
		CHECK_NEAR(worst, 0.0, 1e-12);
	}
}

/*
 * When the closed form applies: parallel start, energy bound below pi.
 * The RK4 reference agrees with it where both apply; where only RK4 does
 * its halving estimate is small and rk4 as a rule is 4th order.
 */
static void
test_reference(void)
{
	spring_quat id = { 1, 0, 0, 0 }, qa, qb;
	spring_rot_sim s = rot("exact", 0.2, id, axis_angle(0, 0, 1, 1.0),
	    1.0 / 60.0, 120);
	spring_rot_metrics m, m1, m2;
	double wa[3], wb[3], t = 0.0;
	int i, j;

	s.w0[2] = -3.0;			/* along e0 = -z: planar */
	CHECK(spring_rot_closed_form(&s));
	s.w0[2] = -40.0;		/* sqrt(1 + (40 / 4 pi)^2) > pi */
	CHECK(!spring_rot_closed_form(&s));
	s.w0[2] = 0.0;
	s.w0[0] = 1e-3;			/* perpendicular */
	CHECK(!spring_rot_closed_form(&s));
	s.w0[0] = 0.0;
	s.w0[2] = 5.0;
	/* closed form vs RK4 at 64 steps a frame, over 120 frames */
	qa = s.q0;
	memcpy(wa, s.w0, sizeof(wa));
	for (i = 1; i <= 120; i++) {
		for (j = 0; j < SPRING_ROT_REF_STEPS; j++)
			spring_rot_rk4(&s, s.dt / SPRING_ROT_REF_STEPS, &qa, wa);
		t = i * s.dt;
	}
	spring_rot_reference_at(&s, t, &qb, wb);
	CHECK_NEAR(spring_quat_angle(qa, qb), 0.0, 1e-11);
	CHECK_NEAR(wa[2], wb[2], 1e-9);
	/* non-planar: the estimate is small, and Holden's exact rule is no
	 * longer exact (it takes w for e's rate) */
	s.w0[0] = 4.0;
	spring_rot_simulate(&s, NULL, NULL, &m);
	CHECK(!m.closed_form);
	CHECK(m.ref_err < 1e-10);
	CHECK(m.max_angle_err > 1e-3);
	/* rk4 as a rule: halving dt divides its error by about 16 */
	s.rule = spring_rot_rule_find("rk4");
	s.dt = 1.0 / 30.0;
	s.frames = 30;
	spring_rot_simulate(&s, NULL, NULL, &m1);
	s.dt = 1.0 / 60.0;
	s.frames = 60;
	spring_rot_simulate(&s, NULL, NULL, &m2);
	CHECK_NEAR(log2(m1.final_angle_err / m2.final_angle_err), 4.0, 0.3);
	/* semi-implicit: first order */
	s.rule = spring_rot_rule_find("semi-implicit");
	s.dt = 1.0 / 120.0;
	s.frames = 120;
	spring_rot_simulate(&s, NULL, NULL, &m1);
	s.dt = 1.0 / 240.0;
	s.frames = 240;
	spring_rot_simulate(&s, NULL, NULL, &m2);
	CHECK_NEAR(log2(m1.final_angle_err / m2.final_angle_err), 1.0, 0.15);
}

/*
 * Past the scalar rule's stability limit (omega h = 5 > 2) semi-implicit
 * does not diverge: |e| <= pi bounds the torque, so the spring tumbles,
 * w random-walking up, and never settles.
 */
static void
test_unstable(void)
{
	spring_quat id = { 1, 0, 0, 0 };
	spring_rot_sim s = rot("semi-implicit", 0.0, id,
	    axis_angle(0, 0, 1, 1.0), 0.4, 2000);
	spring_rot_metrics m;

	spring_rot_simulate(&s, NULL, NULL, &m);
	CHECK(m.diverged == 0 && m.rows == 2001);
	CHECK(isinf(m.settle_time));
	CHECK(m.max_w_err > 100.0);
	CHECK(m.max_norm_err < 1e-13);
}

void
test_rotation(void)
{
	test_helpers();
	test_exact_planar();
	test_semi_implicit_planar();
	test_hemisphere();
	test_norm();
	test_reference();
	test_unstable();
}
