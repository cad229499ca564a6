/*
 * spring/rotation.h - the quaternion spring (rotation.c).  Part of the
 * springsim library: include "spring.h" for all of it.
 *
 * EXPERIMENTAL (spring.h: SPRING_EXPERIMENTAL): not part of the stable
 * core; its interface may change between releases.
 */
#ifndef SPRING_ROTATION_H
#define SPRING_ROTATION_H

#include "core.h"
#include "frame.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Rotations (rotation.c), after Holden's quaternion spring ("Spring-It-On",
 * "Quaternion Spring"): a rotation q (a unit quaternion w + xi + yj + zk)
 * and its angular velocity w, a 3-vector in rad/s in the world frame,
 * q' = (0, w) q / 2, pulled toward a fixed goal rotation g by
 *
 *	w' = -omega^2 e - 2 zeta omega w,	e = log(q conj(g)),
 *
 * e the rotation vector (angle times unit axis) taking g to q, of the
 * shorter way round (the quaternion q conj(g) negated when its w < 0,
 * so |e| <= pi).  With e0 = e(0) and w0 parallel (or either zero) e stays
 * on that axis and its length is the scalar damped spring toward 0: the
 * closed form; else the motion leaves the plane and the reference is
 * RK4 at a fraction of the frame.
 */
typedef struct spring_quat {
	double w, x, y, z;
} spring_quat;

spring_quat spring_quat_mul(spring_quat a, spring_quat b);
spring_quat spring_quat_conj(spring_quat q);
/* q / |q|: 0, or -1 (q untouched) when |q| is 0 or not finite. */
int spring_quat_normalize(spring_quat *q);
/* The unit quaternion of rotation vector r (angle |r| about r / |r|). */
spring_quat spring_quat_exp(const double r[3]);
/*
 * The rotation vector of unit q: the angle 2 atan2(|v|, w) about v / |v|,
 * v = (x, y, z); with shortest, of -q when w < 0 (angle <= pi).
 */
void spring_quat_log(spring_quat q, int shortest, double r[3]);
/* The angle between the rotations a and b, in [0, pi]. */
double spring_quat_angle(spring_quat a, spring_quat b);

struct spring_rot_sim;

/* An update rule for the rotation spring: one step of h in place. */
typedef struct spring_rot_rule {
	const char *name;
	const char *summary;
	const char *source;
	int order;			/* 0: exact (for a planar motion) */
	void (*step)(const struct spring_rot_sim *sim, double h,
	    spring_quat *q, double *w);
} spring_rot_rule;

/* Every rule, ending in NULL; and the one called name, or NULL. */
extern const spring_rot_rule *const spring_rot_rules[];
const spring_rot_rule *spring_rot_rule_find(const char *name);

/* The RK4 reference's steps a frame, and its halving check's. */
#define SPRING_ROT_REF_STEPS 64

typedef struct spring_rot_sim {
	const spring_rot_rule *rule;
	spring_params params;		/* omega, zeta, fast_exp (exact rule) */
	int long_way;			/* the rules take e as it comes (no
					 * hemisphere check: Holden's code as
					 * printed); the reference never */
	spring_quat q0, goal;		/* unit */
	double w0[3];
	double dt;			/* the base frame time */
	long frames;			/* 0: run for duration */
	double duration;
	const spring_schedule *schedule;	/* NULL: frames of dt */
} spring_rot_sim;

/* A row: the rule's state beside the reference's (its sign aligned). */
typedef struct spring_rot_row {
	double t;
	spring_quat q, q_ref;
	double w[3], w_ref[3];
	double angle, angle_ref;	/* to the goal, rad */
	double angle_err;		/* between q and q_ref, rad */
	double ref_err;			/* RK4 reference: its angle error by
					 * step halving; NaN for the closed form */
} spring_rot_row;

/*
 * Over a run: angle errors (rad) and |w - w_ref| (rad/s), max, rms and
 * last, over every row; overshoot, the largest component of e against
 * e0's direction over |e0| (NaN when e0 = 0); settle_time, the time from
 * which the angle to the goal stays within 2 % of the initial one (of
 * 1 rad when that is 0), inf if the last row is outside; max_norm_err,
 * the largest ||q| - 1|; ref_err, the largest of the rows'.  A reference
 * lost (RK4 overflowing, past h |w| about 1e77) makes the errors and
 * ref_err NaN (unknown) from that row on.
 */
typedef struct spring_rot_metrics {
	int closed_form;
	double angle0;
	double max_angle_err, rms_angle_err, final_angle_err;
	double max_w_err, rms_w_err, final_w_err;
	double overshoot, settle_time, max_norm_err, ref_err;
	int diverged;
	long diverged_frame;
	long rows;
} spring_rot_metrics;

typedef int (*spring_rot_row_fn)(void *ctx, const spring_rot_row *row,
    double dt);

/*
 * Whether the closed form is the reference: e0 and w0 parallel (within
 * 1e-12 of |e0| |w0|) and the spring's energy bound sqrt(|e0|^2 +
 * |w0|^2 / omega^2) below pi, so that e never wraps past the far side.
 */
int spring_rot_closed_form(const spring_rot_sim *sim);
/* The closed form at t (valid where spring_rot_closed_form says). */
void spring_rot_reference_at(const spring_rot_sim *sim, double t,
    spring_quat *q, double *w);
/* One RK4 step of h of the continuous spring, shortest way, normalized. */
void spring_rot_rk4(const spring_rot_sim *sim, double h, spring_quat *q,
    double *w);
/*
 * Run sim: rows to emit (may be NULL), metrics to m; a run diverges when
 * q or w stops being finite or |w| passes SPRING_DIVERGE_FACTOR (omega
 * |e0| + |w0| + omega).  Returns 0, or what emit returned to stop it.
 */
int spring_rot_simulate(const spring_rot_sim *sim, spring_rot_row_fn emit,
    void *ctx, spring_rot_metrics *m);

#ifdef __cplusplus
}
#endif

#endif
