/*
 * engine_unity.c - Unity's Mathf.SmoothDamp, called once a frame with
 * Time.deltaTime, in float.
 *
 * Read from Unity-Technologies/UnityCsReference Runtime/Export/Math/Mathf.cs
 * at commit d253e09acffc9803eb9d7cd77f4768d38860d66e, SmoothDamp(float
 * current, float target, ref float currentVelocity, float smoothTime,
 * float maxSpeed, float deltaTime) (Game Programming Gems 4, 1.10):
 *	smoothTime = max(0.0001, smoothTime); omega = 2 / smoothTime;
 *	x = omega dt; exp = 1 / (1 + x + 0.48 x^2 + 0.235 x^3);
 *	change = clamp(current - target, -maxSpeed smoothTime, +maxSpeed
 *	smoothTime); target' = current - change;
 *	temp = (v + omega change) dt; v = (v - omega temp) exp;
 *	out = target' + (change + temp) exp;
 *	if ((target - current > 0) == (out > target)) out = target,
 *	v = (out - target) / dt (0; the old v when dt is 0).
 * All float.  That is the exact critical spring's step with e^-x replaced
 * by the Pade-like 1 / (1 + x + 0.48 x^2 + 0.235 x^3) (springsim's
 * fast_negexp), plus the maxSpeed clamp on the distance the spring sees
 * and the overshoot clamp, which also fires when the value starts on the
 * target moving away below it (target - current > 0 is false, and so is
 * out > target: it never moves), not above it.
 *
 * Clock: Time.deltaTime is the float of the frame's dt, capped at
 * Time.maximumDeltaTime (default 1/3 s, Unity's manual "Time"); the first
 * frame after the start advances its whole dt (no delay).  The library
 * never declares the motion finished; the overshoot clamp's jump is
 * reported as the snap.
 *
 * Checked against the original code: tests/engines/native/unity compiles
 * Mathf.cs's SmoothDamp with mono-mcs and runs it on mono (golden/unity-
 * *.csv, every frame bit for bit); the unit test also recomputes frames
 * by the formula with explicit float arithmetic and compares with the
 * exact critical spring.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "internal.h"

#define UNITY_MAX_DELTA_TIME (1.0f / 3.0f)	/* Time.maximumDeltaTime */

/* SmoothDamp's knob: the row's index is its knob's in the setup's knob[]. */
enum { UN_K_MAX_SPEED };
static const spring_engine_knob unity_knobs[] = {
	[UN_K_MAX_SPEED] = { .option = "maxSpeed", .flag = "unity-max-speed",
	    .arg = "S", .kind = SPRING_KNOB_NUMBER, .min = 0, .min_open = 1,
	    .max = INFINITY, .def = NAN, .def_text = "none (Mathf.Infinity)",
	    .help = "SmoothDamp's maxSpeed, units/s (default: none)" },
	{ .option = NULL }
};

enum { W_TARGET, W_SMOOTH, W_MAXSPEED, W_CUR, W_VEL, W_PREV };

/* smoothTime from the canonical spring: SmoothDamp's omega is 2 / T. */
static double
unity_smooth_time(const spring_engine_setup *su)
{
	return 2.0 / su->params.omega;
}

/* SmoothDamp is critical; it raises smoothTime to 1e-4; maxSpeed > 0. */
static int
unity_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	double T = unity_smooth_time(su);
	double s = spring_engine_knob_or(su, unity_knobs, UN_K_MAX_SPEED);

	if (!isnan(s) && !(s > 0.0)) {
		if (msg != NULL)
			snprintf(msg, len, "unity: maxSpeed %g clamps every "
			    "change to 0 or less: SmoothDamp would not move "
			    "toward the target", s);
		return -1;
	}
	if ((float)T < 0.0001f) {
		if (msg != NULL)
			snprintf(msg, len, "unity: SmoothDamp raises smoothTime "
			    "%g s to 0.0001 s (omega %g, not %g)", T, 2e4,
			    su->params.omega);
		return 1;
	}
	if (su->params.zeta != 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "unity: SmoothDamp is critically "
			    "damped: it runs zeta 1 (smoothTime %.6g s), not "
			    "zeta %g", T, su->params.zeta);
		return 1;
	}
	return 0;
}

/* The caller's float fields: current, currentVelocity. */
static void
unity_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	double s = spring_engine_knob_or(su, unity_knobs, UN_K_MAX_SPEED);

	w[W_TARGET] = (float)su->target;
	w[W_SMOOTH] = (float)unity_smooth_time(su);
	w[W_MAXSPEED] = isnan(s) ? (double)INFINITY : (double)(float)s;
	w[W_CUR] = (float)su->x0;
	w[W_VEL] = (float)su->v0;
	w[W_PREV] = 0.0;
	st->x = w[W_CUR];
	st->v = w[W_VEL];
	st->done = 0;
	st->snap = 0.0;
}

/* Mathf.Clamp(value, min, max), as written (min tested first). */
static float
unity_clamp(float value, float min, float max)
{
	if (value < min)
		value = min;
	else if (value > max)
		value = max;
	return value;
}

/* current = Mathf.SmoothDamp(current, target, ref v, T, maxSpeed, dt). */
static void
unity_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	float dt = (float)(t - w[W_PREV]);
	float current = (float)w[W_CUR], target = (float)w[W_TARGET];
	float v = (float)w[W_VEL];
	float smooth, omega, x, e, change, original_to, max_change, temp;
	float original_v, output;

	w[W_PREV] = t;
	if (dt > UNITY_MAX_DELTA_TIME)
		dt = UNITY_MAX_DELTA_TIME;
	smooth = (float)w[W_SMOOTH];
	smooth = smooth > 0.0001f ? smooth : 0.0001f;	/* Mathf.Max */
	omega = 2.0f / smooth;
	x = omega * dt;
	e = 1.0f / (1.0f + x + 0.48f * x * x + 0.235f * x * x * x);
	change = current - target;
	original_to = target;
	max_change = (float)w[W_MAXSPEED] * smooth;
	change = unity_clamp(change, -max_change, max_change);
	target = current - change;
	temp = (v + omega * change) * dt;
	original_v = v;
	v = (v - omega * temp) * e;
	output = target + (change + temp) * e;
	st->snap = 0.0;
	if ((original_to - current > 0.0f) == (output > original_to)) {
		st->snap = (double)original_to - (double)output;
		output = original_to;
		v = dt != 0.0f ? (output - original_to) / dt : original_v;
	}
	w[W_CUR] = output;
	w[W_VEL] = v;
	st->x = output;
	st->v = v;
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_unity = {
	"unity",
	"UnityEngine.Mathf.SmoothDamp",
	"UnityCsReference d253e09a",
	"critical spring step with e^-x ~ 1/(1+x+0.48x^2+0.235x^3) per "
	    "Time.deltaTime, float; maxSpeed and overshoot clamps",
	"Unity-Technologies/UnityCsReference Runtime/Export/Math/Mathf.cs "
	    "SmoothDamp",
	"original code (UnityCsReference's Mathf.SmoothDamp compiled with "
	    "mono-mcs, run on mono: tests/engines/native/unity)",
	1,
	unity_check,
	unity_start,
	unity_frame,
	unity_knobs
};

