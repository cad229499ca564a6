/*
 * engine_box2d.c - Box2D v3's distance-joint spring, one b2World_Step a
 * frame, in float.
 *
 * Read from erincatto/box2d at commit 617d32ab02570930625bbcb8479f54be9bf8d045
 * (v3.2.0) and checked frame by frame against that library compiled from
 * its source (tests/engines/native/box2d/, golden/box2d-*.csv):
 * - src/physics_world.c b2World_Step: h = dt / subStepCount, in float;
 * - src/solver.h b2MakeSoft: omega = 2 pi hertz, a1 = 2 zeta + h omega,
 *   a2 = h omega a1, a3 = 1 / (1 + a2); biasRate = omega / a1,
 *   massScale = a2 a3, impulseScale = a3;
 * - src/solver.c b2SolverStep's stages, each substep: integrate velocities
 *   (no gravity, no damping: v unchanged), warm start, solve, integrate
 *   positions (b2IntegratePositionsTask: speed capped at
 *   maximumLinearSpeed, 400 units/s by default), relax;
 * - src/distance_joint.c b2WarmStartDistanceJoint (v += impulse / m),
 *   b2SolveDistanceJoint's spring block: impulse = -massScale m_eff
 *   (cdot + biasRate C) - impulseScale lambda, lambda clamped to the
 *   spring force limits, v += (lambda_new - lambda_old) / m; the relax
 *   stage runs the same block (the spring ignores useBias).  lambda is
 *   kept from substep to substep and step to step (warm starting);
 * - src/solver.c b2FinalizeBodiesTask: center += deltaPosition; sleep:
 *   sleepVelocity = max(|v|, 0.5 |deltaPosition| / dt) above the body's
 *   sleepThreshold (0.05 units/s) resets sleepTime, else sleepTime += dt;
 *   at B2_TIME_TO_SLEEP (0.5 s) the island sleeps: the body stops (the
 *   library's "done"; its velocity reads 0).
 *
 * Geometry (as the driver): a static anchor at the origin, the body on
 * the x axis at L + x - target with L = 2 * scale (scale = |target - x0| +
 * |v0| / omega, or 1), rest length L, mass m.  The anchors are at the
 * centres, so the joint's effective mass is 1 / (1 / m); its axis is
 * b2Normalize(separation), whose x is (1 / |s|) s, not always 1 in float
 * (the last ulp of the velocity depends on it).  x shown is
 * body.x - L + target.  The step is the float of the frame's dt.
 *
 * Box2D's soft step is not backward Euler: one solve from lambda = 0 is a
 * backward-Euler step, but the warm start and the relax solve make it a
 * different (and more damped) method.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "internal.h"

#define B2_PI_F 3.14159265359f	/* box2d/math_functions.h B2_PI */
#define B2_MAX_SPEED 400.0f	/* types.c: maximumLinearSpeed 400 m/s */
#define B2_SLEEP_THRESHOLD 0.05f	/* types.c: body sleepThreshold */
#define B2_TIME_TO_SLEEP 0.5f	/* constants.h */
#define B2_SUBSTEPS 4		/* the documented b2World_Step default */

/* The engine's words: what the library keeps between steps. */
enum {
	W_HERTZ, W_ZETA, W_INVMASS, W_AXIAL, W_L, W_TARGET, W_CENTER, W_VEL,
	W_LAMBDA, W_SLEEP, W_PREV, W_SUBSTEPS, W_CAPPED
};

/*
 * b2World_Step's knob: the row's index is its knob's in the setup's
 * knob[].
 */
enum { B2_K_SUBSTEPS };
static const spring_engine_knob b2_knobs[] = {
	[B2_K_SUBSTEPS] = { .option = "subStepCount", .flag = "box2d-substeps",
	    .arg = "N", .kind = SPRING_KNOB_COUNT, .min = 1, .max = 1000,
	    .def = B2_SUBSTEPS, .def_text = "4",
	    .help = "Box2D's substeps a step, 1-1000 (default 4)",
	    .work = 1 },
	{ .option = NULL }
};

/* hertz from omega, as a user of b2DistanceJointDef writes it. */
static float
b2_hertz(const spring_engine_setup *su)
{
	return (float)(su->params.omega / (2.0 * 3.14159265358979323846));
}

/* L = 2 * scale: the body never reaches the anchor. */
static double
b2_rest_length(const spring_engine_setup *su)
{
	double scale = fabs(su->target - su->x0) +
	    fabs(su->v0) / su->params.omega;

	return scale > 0.0 ? 2.0 * scale : 1.0;
}

/* Knobs Box2D has (substeps) and what it changes: the speed cap. */
static int
b2_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	double peak = fabs(su->v0) + su->params.omega *
	    fabs(su->target - su->x0);
	double n = spring_engine_knob_or(su, b2_knobs, B2_K_SUBSTEPS);

	if (n < 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "box2d: b2World_Step runs "
			    "max(1, subStepCount) substeps: 1, not %g", n);
		return 1;
	}
	if (peak > (double)B2_MAX_SPEED) {
		if (msg != NULL)
			snprintf(msg, len, "box2d caps the body's speed at "
			    "maximumLinearSpeed 400 units/s (b2IntegratePositions"
			    "Task); this spring reaches up to %.4g units/s",
			    peak);
		return 1;
	}
	return 0;
}

/* b2CreateBody + b2CreateDistanceJoint: the body at rest length + x - g. */
static void
b2_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	float invmass = 1.0f / (float)su->params.mass;
	double n = spring_engine_knob_or(su, b2_knobs, B2_K_SUBSTEPS);

	w[W_HERTZ] = b2_hertz(su);
	w[W_ZETA] = (float)su->params.zeta;
	w[W_INVMASS] = invmass;
	w[W_AXIAL] = invmass > 0.0f ? 1.0f / invmass : 0.0f;
	w[W_L] = b2_rest_length(su);
	w[W_TARGET] = su->target;
	w[W_CENTER] = (float)(w[W_L] + su->x0 - su->target);
	w[W_VEL] = (float)su->v0;
	w[W_LAMBDA] = 0.0;
	w[W_SLEEP] = 0.0;
	w[W_PREV] = 0.0;
	/* b2World_Step: b2MaxInt(1, subStepCount) */
	w[W_SUBSTEPS] = n < 1.0 ? 1 : (int)n;
	w[W_CAPPED] = 0.0;
	st->x = su->x0;
	st->v = su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/*
 * The joint axis's x component, b2Normalize(separation): (1 / |s|) s.x,
 * which is not always exactly 1 in float (the anchors are at the centres,
 * the separation is (center + dp, 0), with center + dp > 0).
 */
static float
b2_axis(const double *w, float dp)
{
	float sx = (float)w[W_CENTER] + dp;

	return (1.0f / sqrtf(sx * sx + 0.0f * 0.0f)) * sx;
}

/* b2SolveDistanceJoint's spring block, the body's x velocity v. */
static float
b2_spring_solve(double *w, float v, float dp, float bias_rate,
    float mass_scale, float impulse_scale, float h)
{
	float sx = (float)w[W_CENTER] + dp;
	float length = sqrtf(sx * sx + 0.0f * 0.0f);	/* b2Length */
	float axis = b2_axis(w, dp);
	float c = length - (float)w[W_L];
	float cdot = axis * v + 0.0f * 0.0f;	/* b2Dot(axis, vr) */
	float m = mass_scale * (float)w[W_AXIAL];
	float old = (float)w[W_LAMBDA];
	float impulse = -m * (cdot + bias_rate * c) - impulse_scale * old;
	float lambda = old + impulse;
	float lo = -FLT_MAX * h, hi = FLT_MAX * h;

	lambda = lambda < lo ? lo : lambda > hi ? hi : lambda;
	w[W_LAMBDA] = lambda;
	impulse = lambda - old;
	return v + (float)w[W_INVMASS] * (impulse * axis);
}

/* One b2World_Step(dt, substeps) at the frame, then b2Body_GetPosition. */
static void
b2_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	float dt = (float)(t - w[W_PREV]);
	int n = (int)w[W_SUBSTEPS], i;
	float h, omega, a1, a2, a3, bias_rate, mass_scale, impulse_scale;
	float v, dp = 0.0f, sleep_v;

	w[W_PREV] = t;
	st->snap = 0.0;
	if (st->done || dt <= 0.0f) {
		st->v = st->done ? 0.0 : st->v;
		return;
	}
	h = dt / (float)n;
	/* b2MakeSoft(hertz, zeta, h) in b2PrepareDistanceJoint */
	omega = 2.0f * B2_PI_F * (float)w[W_HERTZ];
	a1 = 2.0f * (float)w[W_ZETA] + h * omega;
	a2 = h * omega * a1;
	a3 = 1.0f / (1.0f + a2);
	bias_rate = omega / a1;
	mass_scale = a2 * a3;
	impulse_scale = a3;
	v = (float)w[W_VEL];
	for (i = 0; i < n; i++) {
		/* warm start: P = lambda * axis, v += invMass * P */
		v = v + (float)w[W_INVMASS] * ((float)w[W_LAMBDA] *
		    b2_axis(w, dp));
		v = b2_spring_solve(w, v, dp, bias_rate, mass_scale,
		    impulse_scale, h);
		if (v * v > B2_MAX_SPEED * B2_MAX_SPEED) {
			v = (B2_MAX_SPEED / fabsf(v)) * v;
			w[W_CAPPED] = 1.0;
		}
		dp = dp + h * v;
		v = b2_spring_solve(w, v, dp, bias_rate, mass_scale,
		    impulse_scale, h);	/* relax */
	}
	w[W_CENTER] = (float)w[W_CENTER] + dp;
	w[W_VEL] = v;
	/* b2FinalizeBodiesTask's sleep timer */
	sleep_v = fabsf(v);
	if (0.5f * (1.0f / dt) * fabsf(dp) > sleep_v)
		sleep_v = 0.5f * (1.0f / dt) * fabsf(dp);
	if (sleep_v > B2_SLEEP_THRESHOLD)
		w[W_SLEEP] = 0.0;
	else
		w[W_SLEEP] = (float)w[W_SLEEP] + dt;
	st->x = w[W_CENTER] - w[W_L] + w[W_TARGET];
	st->v = v;
	if ((float)w[W_SLEEP] >= B2_TIME_TO_SLEEP) {
		st->done = 1;
		st->v = 0.0;
	}
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_box2d = {
	"box2d",
	"Box2D",
	"v3.2.0 (617d32ab)",
	"distance-joint spring: b2World_Step(dt, 4), each substep warm start, "
	    "soft solve, x += h v, soft relax (float); sleeps below 0.05 "
	    "units/s for 0.5 s",
	"erincatto/box2d src/solver.h b2MakeSoft, src/distance_joint.c, "
	    "src/solver.c",
	"running library (compiled from source, tests/engines/native/box2d)",
	1,
	b2_check,
	b2_start,
	b2_frame,
	b2_knobs
};

