/*
 * engine_react_native.c - React Native's Animated.spring with the JS
 * driver (facebook/react-native packages/react-native/Libraries/Animated/
 * animations/SpringAnimation.js, SpringConfig.js; run here as
 * react-native-web 0.21.4 vendors them: dist/cjs/vendor/react-native/
 * Animated/animations/SpringAnimation.js).
 *
 * SpringAnimation evaluates the closed form from the start state at the
 * sum of its frames' whole-millisecond Date.now() deltas, each capped at
 * 64 ms; every zeta >= 1 uses the critically damped formula.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

/* SpringAnimation.js onUpdate: `var MAX_STEPS = 64;` (ms) */
#define RN_MAX_STEPS 64.0
/* the constructor's restDisplacementThreshold, restSpeedThreshold */
#define RN_REST_DISPLACEMENT 0.001
#define RN_REST_SPEED 0.001

enum {
	RN_K, RN_C, RN_M,	/* _stiffness, _damping, _mass */
	RN_TO, RN_START,	/* _toValue, _startPosition */
	RN_V0,			/* _initialVelocity, units/s */
	RN_LAST_TIME,		/* _lastTime, ms */
	RN_FRAME_TIME,		/* _frameTime, s */
	RN_CLAMP,		/* _overshootClamping */
	RN_ACTIVE,
	RN_REST_DISP, RN_REST_V	/* _restDisplacementThreshold, _restSpeed- */
};

/*
 * React Native runs an over-damped spring critically damped (onUpdate
 * has only the zeta < 1 and the critical branches) and refuses damping 0
 * (the constructor's invariant "Damping value must be greater than 0").
 */
static int
rn_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	if (su->params.zeta <= 0.0) {
		if (msg != NULL)
			snprintf(msg, len, "React Native refuses damping 0 "
			    "(\"Damping value must be greater than 0\")");
		return -1;
	}
	if (su->params.zeta > 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "React Native has no over-damped "
			    "spring: zeta %g runs critically damped (zeta 1) "
			    "at the same omega", su->params.zeta);
		return 1;
	}
	return 0;
}

/*
 * onUpdate(): the time advances by the Date.now() delta, capped at
 * MAX_STEPS ms past _lastTime (the rest is not lost: _lastTime stays
 * behind and later frames catch up, 64 ms at most each); position and
 * velocity from the closed form at _frameTime; the rest test (both within
 * the rest thresholds, 0.001 unless set) or, with overshootClamping, the first overshoot ends the
 * animation on the target.
 */
static void
rn_update(spring_engine_state *st, double t)
{
	double *w = st->w;
	double now = engine_date_now(t), delta, c, m, k, v0, zeta, omega0;
	double omega1, x0, position, velocity, tt, env;
	int over = 0, is_vel, is_disp;

	if (now > w[RN_LAST_TIME] + RN_MAX_STEPS)
		now = w[RN_LAST_TIME] + RN_MAX_STEPS;
	delta = (now - w[RN_LAST_TIME]) / 1000.0;
	w[RN_FRAME_TIME] += delta;
	c = w[RN_C];
	m = w[RN_M];
	k = w[RN_K];
	v0 = -w[RN_V0];
	zeta = c / (2.0 * sqrt(k * m));
	omega0 = sqrt(k / m);
	omega1 = omega0 * sqrt(1.0 - zeta * zeta);
	x0 = w[RN_TO] - w[RN_START];
	tt = w[RN_FRAME_TIME];
	if (zeta < 1.0) {
		env = exp(-zeta * omega0 * tt);
		position = w[RN_TO] - env * ((v0 + zeta * omega0 * x0) /
		    omega1 * sin(omega1 * tt) + x0 * cos(omega1 * tt));
		velocity = zeta * omega0 * env * (sin(omega1 * tt) *
		    (v0 + zeta * omega0 * x0) / omega1 + x0 *
		    cos(omega1 * tt)) - env * (cos(omega1 * tt) *
		    (v0 + zeta * omega0 * x0) - omega1 * x0 *
		    sin(omega1 * tt));
	} else {
		env = exp(-omega0 * tt);
		position = w[RN_TO] - env * (x0 + (v0 + omega0 * x0) * tt);
		velocity = env * (v0 * (tt * omega0 - 1.0) + tt * x0 *
		    (omega0 * omega0));
	}
	w[RN_LAST_TIME] = now;
	st->x = position;
	st->v = velocity;
	if (w[RN_CLAMP] != 0.0 && k != 0.0) {
		if (w[RN_START] < w[RN_TO])
			over = position > w[RN_TO];
		else
			over = position < w[RN_TO];
	}
	is_vel = fabs(velocity) <= w[RN_REST_V];
	is_disp = 1;
	if (k != 0.0)
		is_disp = fabs(w[RN_TO] - position) <= w[RN_REST_DISP];
	if (over || (is_vel && is_disp)) {
		if (k != 0.0) {
			/* "Ensure that we end up with a round value" */
			st->snap = w[RN_TO] - position;
			st->x = w[RN_TO];
			st->v = 0.0;
		}
		st->done = 1;
		w[RN_ACTIVE] = 0.0;
	}
}

/*
 * React Native's knobs, overshootClamping (the flag, and so its help, is
 * the one the libraries that clamp share) and the rest thresholds (the
 * constructor's `config.X ?? 0.001`: 0 is kept): the row's index is its
 * knob's in the setup's knob[].
 */
enum { RN_K_CLAMP, RN_K_REST_DISP, RN_K_REST_SPEED };
static const spring_engine_knob rn_knobs[] = {
	[RN_K_CLAMP] = { .option = "overshootClamping", .flag = "clamp",
	    .kind = SPRING_KNOB_SWITCH, .min = 0, .max = 1, .def = 0,
	    .def_text = "false", .help = "overshoot clamping (react-spring "
	    "clamp; wobble, rebound, React Native overshootClamping)" },
	[RN_K_REST_DISP] = { .option = "restDisplacementThreshold",
	    .flag = "react-native-rest-displacement-threshold", .arg = "D",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = RN_REST_DISPLACEMENT, .def_text = "0.001",
	    .help = "Animated.spring's restDisplacementThreshold: at rest "
	    "within it of the target, units" },
	[RN_K_REST_SPEED] = { .option = "restSpeedThreshold",
	    .flag = "react-native-rest-speed-threshold", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = RN_REST_SPEED, .def_text = "0.001",
	    .help = "Animated.spring's restSpeedThreshold: at rest at or "
	    "below this speed, units/s" },
	{ .option = NULL }
};

/*
 * new SpringAnimation({ toValue, stiffness: omega^2 m, damping:
 * 2 zeta omega m, mass: m, velocity: v0, overshootClamping }) and start()
 * at wall time 0: _lastTime = Date.now(), _frameTime 0, and onUpdate()
 * at once (no delay): a spring already at rest ends there.
 */
static void
rn_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w, om = su->params.omega, m = su->params.mass;

	w[RN_K] = om * om * m;
	w[RN_C] = 2.0 * su->params.zeta * om * m;
	w[RN_M] = m;
	w[RN_TO] = su->target;
	w[RN_START] = su->x0;
	w[RN_V0] = su->v0;
	w[RN_LAST_TIME] = engine_date_now(0.0);
	w[RN_FRAME_TIME] = 0.0;
	w[RN_CLAMP] = spring_engine_knob_or(su, rn_knobs, RN_K_CLAMP) != 0;
	w[RN_ACTIVE] = 1.0;
	w[RN_REST_DISP] = spring_engine_knob_or(su, rn_knobs, RN_K_REST_DISP);
	w[RN_REST_V] = spring_engine_knob_or(su, rn_knobs, RN_K_REST_SPEED);
	st->x = su->x0;
	st->v = su->v0;
	st->done = 0;
	st->snap = 0.0;
	rn_update(st, 0.0);
}

/* A frame: the requestAnimationFrame callback, onUpdate(). */
static void
rn_frame(spring_engine_state *st, double t)
{
	st->snap = 0.0;
	if (st->w[RN_ACTIVE] == 0.0)
		return;
	rn_update(st, t);
}

/*
 * The engine, exported as the struct itself: a pointer variable (the
 * plan's `const spring_engine *const`) is no constant initializer for
 * engine.c's table in C.
 */
const spring_engine spring_engine_react_native = {
	.name = "react-native",
	.library = "react-native Animated.spring (JS driver)",
	.version = "react-native-web 0.21.4",
	.summary = "the closed form at the sum of whole-ms Date.now() deltas, "
	    "each capped at 64 ms (the rest caught up later); zeta >= 1 runs "
	    "critical; snaps within 0.001 (its rest thresholds)",
	.source = "facebook/react-native Libraries/Animated/animations/"
	    "SpringAnimation.js, as vendored by react-native-web 0.21.4",
	.checked = "running library",
	.float32 = 0,
	.check = rn_check,
	.start = rn_start,
	.frame = rn_frame,
	.knobs = rn_knobs,
};
