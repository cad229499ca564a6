/*
 * engine_unreal.c - Unreal Engine 5's springs, in float, called once a
 * frame with the frame's DeltaTime: three engines sharing FMath's code.
 *
 *   unreal-smoothing      FMath::CriticallyDampedSmoothing<float>
 *   unreal-spring-damper  FMath::SpringDamper<float> (and
 *                         SpringDamperSmoothing, which calls it)
 *   unreal-float-spring   UKismetMathLibrary::FloatSpringInterp with its
 *                         FFloatSpringState
 *
 * Epic's licence lets one read this source, not copy it: what follows is
 * a reading, written out in our own words and code.  Read from UE 5.8
 * (the public mirror unicorn2022/UE5.8.0 at commit 5d9a05c1):
 * Engine/Source/Runtime/Core/Public/Math/UnrealMathUtility.h (FMath::
 * InvExpApprox, CriticallyDampedSmoothing, SpringDamper,
 * SpringDamperSmoothing, SinCos) and Engine/Source/Runtime/Engine/
 * Private/KismetMathLibrary.cpp (GenericSpringInterp, FloatSpringInterp).
 * FloatSpringInterp's defaults (Mass 1, TargetVelocityAmount 1, bClamp
 * false, MinValue -1, MaxValue 1, bInitializeFromTarget false) were read
 * from KismetMathLibrary.h's declaration as quoted in a public copy, not
 * from the 5.8 header itself.
 *
 * InvExpApprox(x) = 1 / (1 + A x + B x^2 + C x^3), A = 1.00746054,
 * B = 0.45053901, C = 0.25724632 (its comment: error below 0.1 % for
 * 0 < x < 1, above e^-x past 1; not Unity's 1, 0.48, 0.235).  SinCos on
 * a float is a range reduction to [-pi/2, pi/2] and 11th/10th-degree
 * minimax polynomials (the double overload calls sin and cos).
 *
 * CriticallyDampedSmoothing (T = SmoothingTime, W = 2 / T): the exact
 * critical step with e^-(W dt) replaced by InvExpApprox; T <= 1e-4
 * (UE_KINDA_SMALL_NUMBER) snaps to the target with rate (target - x) / dt.
 * The header says it is accurate for dt < T / 2.  (An older 5.x copy
 * subtracted the target rate's offset twice; with a fixed target the
 * rate is 0 and both agree.)
 *
 * SpringDamper (f = UndampedFrequency in Hz, z = DampingRatio):
 * W = f UE_TWO_PI; W < 1e-8 coasts; z < 1e-8 (UE_SMALL_NUMBER) is the
 * undamped closed form with SinCos; z > 1 the two-exponential closed
 * form with InvExpApprox for both; z < 1 the damped sinusoid with
 * SinCos and InvExpApprox(z W dt); z == 1 (as a float) the critical
 * closed form.  Every branch is the exact spring but for InvExpApprox
 * and SinCos.  SpringDamperSmoothing(T, z) calls it with f = 1 / (pi T),
 * so W = 2 / T up to a float rounding of f (this engine takes f as the
 * float of omega / 2 pi: the two differ by at most an ulp of W).
 *
 * FloatSpringInterp(Current, Target, State, Stiffness K,
 * CriticalDampingFactor z, DeltaTime, Mass M, TargetVelocityAmount,
 * bClamp, MinValue, MaxValue, bInitializeFromTarget): with
 * bInitializeFromTarget and no previous target, Current = Target; if
 * DeltaTime > 1e-8 and |M| > 1e-8, the target's velocity (Target -
 * PrevTarget) TargetVelocityAmount / DeltaTime (0 on the first call),
 * Omega = sqrt(K / M), f = Omega / (2 UE_PI), and SpringDamper on
 * (Current, State.Velocity); then bClamp clips Current to [MinValue,
 * MaxValue] and zeroes a velocity pointing out.  (UE 4's version was a
 * semi-implicit Euler step of its own; UE 5 calls SpringDamper.)  With a
 * fixed target, as here, the target velocity is 0 and
 * TargetVelocityAmount changes nothing.
 *
 * Clock: DeltaTime is the float of the frame's dt, uncapped: the world
 * settings' frame-time clamp (MaxUndilatedFrameTime) was not read and is
 * not modelled.  Unreal never declares the motion finished.
 *
 * Not run here (no Unreal runtime): checked against frames computed by
 * hand from the formulas above (tests/unit/test_engine_unreal.c), the
 * exact spring with InvExpApprox and SinCos in place of exp, sin and cos,
 * and InvExpApprox's error against exp.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "internal.h"

/* UnrealMathUtility.h's constants, as floats */
#define UE_PI			3.1415926535897932f
#define UE_TWO_PI		6.28318530717f
#define UE_HALF_PI		1.57079632679f
#define UE_INV_PI		0.31830988618f
#define UE_SMALL_NUMBER		1.e-8f
#define UE_KINDA_SMALL_NUMBER	1.e-4f

/* FMath::InvExpApprox<float>: Unreal's e^-x. */
static float
ue_inv_exp(float x)
{
	const float a = 1.00746054f, b = 0.45053901f, c = 0.25724632f;

	return 1.0f / (1.0f + a * x + b * x * x + c * x * x * x);
}

/* FMath::SinCos on a float: reduction and minimax polynomials. */
static void
ue_sincos(float *s, float *c, float value)
{
	float q = (UE_INV_PI * 0.5f) * value, y, sign, y2, p;

	q += value >= 0.0f ? 0.5f : -0.5f;
	/*
	 * (int64)q, which C leaves undefined past int64's range (and for
	 * NaN): x86-64's cvttss2si gives INT64_MIN there, as Unreal's build
	 * would; the check keeps the engines' W dt far below it
	 */
	q = fabsf(q) < 0x1p63f ? (float)(int64_t)q : (float)INT64_MIN;
	y = value - UE_TWO_PI * q;
	if (y > UE_HALF_PI) {
		y = UE_PI - y;
		sign = -1.0f;
	} else if (y < -UE_HALF_PI) {
		y = -UE_PI - y;
		sign = -1.0f;
	} else {
		sign = 1.0f;
	}
	y2 = y * y;
	*s = (((((-2.3889859e-08f * y2 + 2.7525562e-06f) * y2 -
	    0.00019840874f) * y2 + 0.0083333310f) * y2 - 0.16666667f) * y2 +
	    1.0f) * y;
	p = ((((-2.6051615e-07f * y2 + 2.4760495e-05f) * y2 - 0.0013888378f) *
	    y2 + 0.041666638f) * y2 - 0.5f) * y2 + 1.0f;
	*c = sign * p;
}

/* FMath::SpringDamper<float>, branch by branch as read. */
static void
ue_spring_damper(float *x, float *v, float target, float target_rate,
    float dt, float freq, float z)
{
	float w, s, c, smooth, adj, err, wd, e, a, b;

	if (dt <= 0.0f)
		return;
	w = freq * UE_TWO_PI;
	if (w < UE_SMALL_NUMBER) {	/* no strength, no damping */
		*x += *v * dt;
		return;
	}
	if (z < UE_SMALL_NUMBER) {	/* undamped */
		err = *x - target;
		b = *v / w;
		ue_sincos(&s, &c, w * dt);
		*x = target + err * c + b * s;
		*v = *v * c - err * (w * s);
		return;
	}
	smooth = 2.0f / w;
	adj = target + target_rate * (z * smooth);
	err = *x - adj;
	if (z > 1.0f) {			/* over-damped */
		float c2, c1, a1, a2, e1, e2;

		wd = w * sqrtf(z * z - 1.0f);
		c2 = -(*v + (w * z - wd) * err) / (2.0f * wd);
		c1 = err - c2;
		a1 = wd - z * w;
		a2 = -(wd + z * w);
		e1 = ue_inv_exp(-a1 * dt);
		e2 = ue_inv_exp(-a2 * dt);
		*x = adj + e1 * c1 + e2 * c2;
		*v = e1 * c1 * a1 + e2 * c2 * a2;
	} else if (z < 1.0f) {		/* under-damped */
		float xo, vo;

		wd = w * sqrtf(1.0f - z * z);
		a = err;
		b = (*v + err * (z * w)) / wd;
		ue_sincos(&s, &c, wd * dt);
		e = ue_inv_exp(z * w * dt);
		xo = e * (a * c + b * s);
		vo = -xo * z * w;
		vo += e * (b * (wd * c) - a * (wd * s));
		*x = xo + adj;
		*v = vo;
	} else {			/* critical */
		float c2 = *v + err * w;

		e = ue_inv_exp(w * dt);
		*x = adj + (err + c2 * dt) * e;
		*v = (c2 - err * w - c2 * (w * dt)) * e;
	}
}

/* The state words every Unreal engine keeps (floats, in doubles). */
enum { W_TARGET, W_CUR, W_VEL, W_PREV, W_A, W_B, W_PREV_TARGET, W_VALID,
	W_TVA, W_CLAMP, W_MIN, W_MAX, W_INIT, W_CRIT_Z };

/* The caller's value and rate, the target, the last frame's time. */
static void
ue_start_common(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;

	w[W_TARGET] = (float)su->target;
	w[W_CUR] = (float)su->x0;
	w[W_VEL] = (float)su->v0;
	w[W_PREV] = 0.0;
	st->x = w[W_CUR];
	st->v = w[W_VEL];
	st->done = 0;
	st->snap = 0.0;
}

/* A frame's value and rate kept (floats) and shown. */
static void
ue_store(spring_engine_state *st, float x, float v)
{
	st->w[W_CUR] = x;
	st->w[W_VEL] = v;
	st->x = x;
	st->v = v;
}

/* ---- unreal-smoothing: FMath::CriticallyDampedSmoothing ---- */

/* SmoothingTime from the canonical spring: W = 2 / T. */
static int
ue_smoothing_check(const spring_engine_setup *su, char *msg,
    unsigned long len)
{
	float T = (float)(2.0 / su->params.omega);

	if (isinf(T)) {		/* TargetValueRate 0 times T inf: NaN */
		if (msg != NULL)
			snprintf(msg, len, "unreal-smoothing: SmoothingTime "
			    "(--unreal-smoothing-time) "
			    "%g overflows a float: CriticallyDampedSmoothing "
			    "gives NaN", 2.0 / su->params.omega);
		return -1;
	}
	if (!(T > UE_KINDA_SMALL_NUMBER)) {
		if (msg != NULL)
			snprintf(msg, len, "unreal-smoothing: "
			    "CriticallyDampedSmoothing snaps to the target "
			    "each frame for a SmoothingTime %g s <= 1e-4 s "
			    "(omega %g)", (double)T, su->params.omega);
		return 1;
	}
	if (su->params.zeta != 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "unreal-smoothing: "
			    "CriticallyDampedSmoothing is critically damped: "
			    "it runs zeta 1 (SmoothingTime %.6g s), not zeta "
			    "%g", (double)T, su->params.zeta);
		return 1;
	}
	return 0;
}

/* SmoothingTime kept as the float the caller passes. */
static void
ue_smoothing_start(const spring_engine_setup *su, spring_engine_state *st)
{
	ue_start_common(su, st);
	st->w[W_A] = (float)(2.0 / su->params.omega);
}

/* CriticallyDampedSmoothing(Value, Rate, Target, 0, dt, T). */
static void
ue_smoothing_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	float dt = (float)(t - w[W_PREV]), T = (float)w[W_A];
	float x = (float)w[W_CUR], v = (float)w[W_VEL];
	float target = (float)w[W_TARGET], rate = 0.0f;

	w[W_PREV] = t;
	if (T > UE_KINDA_SMALL_NUMBER) {
		float adj = target + rate * T, om = 2.0f / T;
		float e = ue_inv_exp(om * dt), x0 = x - adj;
		float b = (v + x0 * om) * dt;

		x = adj + (x0 + b) * e;
		v = (v - b * om) * e;
	} else if (dt > 0.0f) {
		v = (target - x) / dt;
		x = target;
	} else {
		x = target;
		v = 0.0f;
	}
	ue_store(st, x, v);
}

/* ---- unreal-spring-damper: FMath::SpringDamper ---- */

/*
 * W = f UE_TWO_PI in float: past FLT_MAX it is inf and every branch NaN.
 * 0, or -1 after the message (engine is the engine's name).
 */
static int
ue_float_w(const char *engine, const char *what, float f, double omega,
    char *msg, unsigned long len)
{
	if (isfinite(f * UE_TWO_PI))
		return 0;
	if (msg != NULL)
		snprintf(msg, len, "%s: %s overflows a float (W = 2 pi f, "
		    "omega %g): Unreal's float arithmetic gives NaN", engine,
		    what, omega);
	return -1;
}

/* SpringDamper takes every zeta >= 0 and every frequency > 0. */
static int
ue_damper_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	float z = (float)su->params.zeta;

	if (ue_float_w("unreal-spring-damper", "UndampedFrequency",
	    (float)(su->params.omega / 6.283185307179586), su->params.omega,
	    msg, len) != 0)
		return -1;
	if (z == 1.0f && su->params.zeta != 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "unreal-spring-damper: DampingRatio "
			    "%.17g is 1 as a float: SpringDamper runs its "
			    "critical branch", su->params.zeta);
		return 1;
	}
	return 0;
}

/* UndampedFrequency (Hz) and DampingRatio as the caller's floats. */
static void
ue_damper_start(const spring_engine_setup *su, spring_engine_state *st)
{
	ue_start_common(su, st);
	st->w[W_A] = (float)(su->params.omega / 6.283185307179586);
	st->w[W_B] = (float)su->params.zeta;
}

/* SpringDamper(Value, Rate, Target, 0, dt, f, z). */
static void
ue_damper_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	float dt = (float)(t - w[W_PREV]);
	float x = (float)w[W_CUR], v = (float)w[W_VEL];

	w[W_PREV] = t;
	ue_spring_damper(&x, &v, (float)w[W_TARGET], 0.0f, dt, (float)w[W_A],
	    (float)w[W_B]);
	ue_store(st, x, v);
}

/* ---- unreal-float-spring: UKismetMathLibrary::FloatSpringInterp ---- */

enum { FS_K_TVA, FS_K_CLAMP, FS_K_MIN, FS_K_MAX, FS_K_INIT };
static const spring_engine_knob ue_float_spring_knobs[] = {
	[FS_K_TVA] = { .option = "TargetVelocityAmount",
	    .flag = "unreal-target-velocity-amount", .arg = "A",
	    .kind = SPRING_KNOB_NUMBER, .min = -INFINITY, .max = INFINITY,
	    .def = 1.0, .def_text = "1",
	    .help = "share of the target's velocity followed (no effect on "
	    "a fixed target)" },
	[FS_K_CLAMP] = { .option = "bClamp", .flag = "unreal-clamp",
	    .kind = SPRING_KNOB_SWITCH, .min = 0, .max = 1, .def = 0,
	    .def_text = "false",
	    .help = "clip the value to [MinValue, MaxValue], zeroing a "
	    "velocity pointing out" },
	[FS_K_MIN] = { .option = "MinValue", .flag = "unreal-min-value",
	    .arg = "X", .kind = SPRING_KNOB_NUMBER, .min = -INFINITY,
	    .max = INFINITY, .def = -1.0, .def_text = "-1",
	    .help = "bClamp's lower bound" },
	[FS_K_MAX] = { .option = "MaxValue", .flag = "unreal-max-value",
	    .arg = "X", .kind = SPRING_KNOB_NUMBER, .min = -INFINITY,
	    .max = INFINITY, .def = 1.0, .def_text = "1",
	    .help = "bClamp's upper bound" },
	[FS_K_INIT] = { .option = "bInitializeFromTarget",
	    .flag = "unreal-initialize-from-target",
	    .kind = SPRING_KNOB_SWITCH, .min = 0, .max = 1, .def = 0,
	    .def_text = "false",
	    .help = "the first call starts on the target (it never moves)" },
	{ .option = NULL }
};

/* Stiffness K = omega^2 M and Mass M, as the caller's floats. */
static void
ue_float_spring_params(const spring_engine_setup *su, float *k, float *m)
{
	*m = (float)su->params.mass;
	*k = (float)(su->params.omega * su->params.omega * su->params.mass);
}

/* FloatSpringInterp skips the step for a mass within 1e-8 of 0. */
static int
ue_float_spring_check(const spring_engine_setup *su, char *msg,
    unsigned long len)
{
	float k, m;
	const spring_engine_knob *kn = ue_float_spring_knobs;
	double lo = spring_engine_knob_or(su, kn, FS_K_MIN);
	double hi = spring_engine_knob_or(su, kn, FS_K_MAX);

	ue_float_spring_params(su, &k, &m);
	if (isfinite(k) && fabsf(m) > UE_SMALL_NUMBER &&
	    ue_float_w("unreal-float-spring", "sqrt(Stiffness / Mass)",
	    sqrtf(k / m) / (2.0f * UE_PI), su->params.omega, msg, len) != 0)
		return -1;
	if (!isfinite(k)) {
		if (msg != NULL)
			snprintf(msg, len, "unreal-float-spring: Stiffness %g "
			    "overflows a float", su->params.omega *
			    su->params.omega * su->params.mass);
		return -1;
	}
	if (fabsf(m) <= UE_SMALL_NUMBER) {
		if (msg != NULL)
			snprintf(msg, len, "unreal-float-spring: Mass %g, "
			    "Stiffness %g: FloatSpringInterp would never step",
			    su->params.mass, (double)k);
		return -1;
	}
	if (spring_engine_knob_or(su, kn, FS_K_CLAMP) != 0.0 && lo > hi) {
		if (msg != NULL)
			snprintf(msg, len, "unreal-float-spring: MinValue %g "
			    "is above MaxValue %g: bClamp pins the value to "
			    "MinValue", lo, hi);
		return 1;
	}
	return 0;
}

/* FFloatSpringState zeroed (Velocity set to v0), the knobs as floats. */
static void
ue_float_spring_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	const spring_engine_knob *kn = ue_float_spring_knobs;
	float k, m;

	ue_start_common(su, st);
	ue_float_spring_params(su, &k, &m);
	w[W_A] = k;
	w[W_B] = m;
	w[W_PREV_TARGET] = 0.0;
	w[W_VALID] = 0.0;
	w[W_TVA] = (float)spring_engine_knob_or(su, kn, FS_K_TVA);
	w[W_CLAMP] = spring_engine_knob_or(su, kn, FS_K_CLAMP);
	w[W_MIN] = (float)spring_engine_knob_or(su, kn, FS_K_MIN);
	w[W_MAX] = (float)spring_engine_knob_or(su, kn, FS_K_MAX);
	w[W_INIT] = spring_engine_knob_or(su, kn, FS_K_INIT);
	w[W_CRIT_Z] = (float)su->params.zeta;
}

/* Current = FloatSpringInterp(Current, Target, State, K, z, dt, M, ...). */
static void
ue_float_spring_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	float dt = (float)(t - w[W_PREV]);
	float cur = (float)w[W_CUR], vel = (float)w[W_VEL];
	float target = (float)w[W_TARGET], k = (float)w[W_A];
	float m = (float)w[W_B], prev = (float)w[W_PREV_TARGET];
	int valid = w[W_VALID] != 0.0;

	w[W_PREV] = t;
	if (w[W_INIT] != 0.0 && !valid)
		cur = target;
	if (dt > UE_SMALL_NUMBER && !(fabsf(m) <= UE_SMALL_NUMBER)) {
		float tv = valid ? (target - prev) * ((float)w[W_TVA] / dt) :
		    0.0f;
		float om = sqrtf(k / m), f = om / (2.0f * UE_PI);

		ue_spring_damper(&cur, &vel, target, tv, dt, f,
		    (float)w[W_CRIT_Z]);
		w[W_PREV_TARGET] = target;
		w[W_VALID] = 1.0;
	}
	if (w[W_CLAMP] != 0.0) {
		if (cur < (float)w[W_MIN]) {
			cur = (float)w[W_MIN];
			if (vel < 0.0f)
				vel = 0.0f;
		} else if (cur > (float)w[W_MAX]) {
			cur = (float)w[W_MAX];
			if (vel > 0.0f)
				vel = 0.0f;
		}
	}
	ue_store(st, cur, vel);
}

/* The table rows (engine.c takes their addresses). */
const spring_engine spring_engine_unreal_smoothing = {
	"unreal-smoothing",
	"FMath::CriticallyDampedSmoothing",
	"Unreal Engine 5.8",
	"critical spring step with e^-x ~ 1/(1+1.00746x+0.45054x^2+"
	    "0.25725x^3) per DeltaTime, float; W = 2 / SmoothingTime; "
	    "DeltaTime uncapped (the world's frame clamp was not read)",
	"unicorn2022/UE5.8.0 (a public mirror of UE 5.8) "
	    "Engine/Source/Runtime/Core/Public/Math/"
	    "UnrealMathUtility.h CriticallyDampedSmoothing, InvExpApprox",
	"source reading (no Unreal runtime here): hand-computed frames "
	    "and the exact spring with its e^-x, sin and cos",
	1,
	ue_smoothing_check,
	ue_smoothing_start,
	ue_smoothing_frame,
	NULL
};

const spring_engine spring_engine_unreal_spring_damper = {
	"unreal-spring-damper",
	"FMath::SpringDamper",
	"Unreal Engine 5.8",
	"closed-form step per DeltaTime with InvExpApprox for e^-x and "
	    "polynomial SinCos, float; any damping ratio; DeltaTime uncapped "
	    "(the world's frame clamp was not read)",
	"unicorn2022/UE5.8.0 (a public mirror of UE 5.8) "
	    "Engine/Source/Runtime/Core/Public/Math/"
	    "UnrealMathUtility.h SpringDamper, SpringDamperSmoothing, SinCos",
	"source reading (no Unreal runtime here): hand-computed frames "
	    "and the exact spring with its e^-x, sin and cos",
	1,
	ue_damper_check,
	ue_damper_start,
	ue_damper_frame,
	NULL
};

const spring_engine spring_engine_unreal_float_spring = {
	"unreal-float-spring",
	"UKismetMathLibrary::FloatSpringInterp",
	"Unreal Engine 5.8",
	"SpringDamper at sqrt(Stiffness/Mass) per DeltaTime, float, state in "
	    "FFloatSpringState; bClamp clips and zeroes the velocity; defaults "
	    "read from a copy of the header, not 5.8's; DeltaTime uncapped "
	    "(the world's frame clamp was not read)",
	"unicorn2022/UE5.8.0 (a public mirror of UE 5.8) "
	    "Engine/Source/Runtime/Engine/Private/"
	    "KismetMathLibrary.cpp FloatSpringInterp, GenericSpringInterp",
	"source reading (no Unreal runtime here): hand-computed frames "
	    "and the exact spring with its e^-x, sin and cos",
	1,
	ue_float_spring_check,
	ue_float_spring_start,
	ue_float_spring_frame,
	ue_float_spring_knobs
};
