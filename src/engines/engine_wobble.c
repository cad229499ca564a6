/*
 * engine_wobble.c - wobble's spring as it runs: wobble 1.5.1 (npm;
 * skevy/wobble, src/index.ts; node loads its compiled
 * dist/module/index.js, the same code): Spring.start, _step,
 * _advanceSpringToTime, _isSpringAtRest, _isSpringOvershooting; checked
 * against the running library (tests/engines/gen/wobble.mjs, Date.now and
 * requestAnimationFrame stubbed).
 *
 * - Clock: each rAF callback calls _step(Date.now()): whole milliseconds
 *   (the rAF timestamp is ignored); start() set _currentTime = Date.now().
 *   deltaTime = now - _currentTime, capped at MAX_DELTA_TIME_MS = 1/60 *
 *   1000 * 4 = 66.67 ms (the rest is lost); _springTime += deltaTime.
 * - Value: the closed form at _springTime (ms units, double):
 *   under-damped, critical (zeta === 1) or over-damped (sinh/cosh), with
 *   its derivative as the velocity (units/ms).
 * - Over-damping: if zeta > 1 and allowsOverdamping is false (the
 *   default) zeta is set to 1 and the spring runs critically damped at
 *   omega0: another spring than asked (check() says so).
 * - Rest: after each step, when overshooting (overshootClamping: x past
 *   toValue, in the direction from -> to; from == to: below to) or at
 *   rest (|v| <= restVelocityThreshold 0.001 units/ms and |to - x| <=
 *   restDisplacementThreshold 0.001, or as --wobble-rest-velocity-
 *   threshold, --wobble-rest-displacement-threshold set them), x = toValue, v = 0, stop().
 * - Velocity: initialVelocity is units/ms; springsim's v0 (units/s) /
 *   1000.  A spring with from == to and v0 == 0 does not start.
 * - Parameters: stiffness = m omega^2, damping = 2 m zeta omega, mass m;
 *   wobble's invariants refuse a damping of 0.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

#define WB_MAX_DELTA_TIME_MS	(1.0 / 60.0 * 1000.0 * 4.0)
#define WB_REST_VELOCITY	0.001	/* units/ms */
#define WB_REST_DISPLACEMENT	0.001

/* The engine's words. */
enum {
	WB_K, WB_C, WB_M, WB_FROM, WB_TO, WB_V0, WB_CLAMP,
	WB_CURRENT_TIME, WB_SPRING_TIME, WB_ANIMATING,
	WB_REST_V, WB_REST_D	/* restVelocityThreshold (units/ms), */
};				/* restDisplacementThreshold */

/*
 * wobble's knobs, overshootClamping (the flag, and so its help, is the
 * one the libraries that clamp share) and the rest thresholds (the
 * config's, withDefault: 0 kept): the row's index is its knob's in the
 * setup's knob[].
 */
enum { WB_K_CLAMP, WB_K_REST_V, WB_K_REST_D };
static const spring_engine_knob wb_knobs[] = {
	[WB_K_CLAMP] = { .option = "overshootClamping", .flag = "clamp",
	    .kind = SPRING_KNOB_SWITCH, .min = 0, .max = 1, .def = 0,
	    .def_text = "false", .help = "overshoot clamping (react-spring "
	    "clamp; wobble, rebound, React Native overshootClamping)" },
	[WB_K_REST_V] = { .option = "restVelocityThreshold",
	    .flag = "wobble-rest-velocity-threshold", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = WB_REST_VELOCITY, .def_text = "0.001",
	    .help = "wobble's restVelocityThreshold: at rest at or below "
	    "this speed, units/ms as the library takes it" },
	[WB_K_REST_D] = { .option = "restDisplacementThreshold",
	    .flag = "wobble-rest-displacement-threshold", .arg = "D",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = WB_REST_DISPLACEMENT, .def_text = "0.001",
	    .help = "wobble's restDisplacementThreshold: at rest within it "
	    "of the target, units" },
	{ .option = NULL }
};

/* wobble refuses damping 0 and runs over-damping critical. */
static int
wb_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	const char *no = NULL;

	if (su->form != SPRING_ENGINE_PHYSICAL)
		no = "wobble has no duration form";
	else if (!(su->params.zeta > 0.0))
		no = "wobble refuses damping 0 (invariant: \"Damping value "
		    "must be greater than 0\")";
	if (no != NULL) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "%s", no);
		return -1;
	}
	if (su->params.zeta > 1.0) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "wobble runs damping ratio %g "
			    "critically damped (zeta 1, omega %g rad/s: "
			    "allowsOverdamping is false)", su->params.zeta,
			    su->params.omega);
		return 1;
	}
	return 0;
}

/* new Spring({...}).start(): _reset() at Date.now(). */
static void
wb_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;

	w[WB_K] = spring_stiffness(&su->params);
	w[WB_C] = spring_damping(&su->params);
	w[WB_M] = su->params.mass;
	w[WB_FROM] = su->x0;
	w[WB_TO] = su->target;
	w[WB_V0] = su->v0 / 1000.0;
	w[WB_CLAMP] = spring_engine_knob_or(su, wb_knobs, WB_K_CLAMP) != 0;
	w[WB_REST_V] = spring_engine_knob_or(su, wb_knobs, WB_K_REST_V);
	w[WB_REST_D] = spring_engine_knob_or(su, wb_knobs, WB_K_REST_D);
	w[WB_CURRENT_TIME] = engine_date_now(0.0);
	w[WB_SPRING_TIME] = 0.0;
	/* start(): only a spring that has somewhere to go */
	w[WB_ANIMATING] = su->x0 != su->target || w[WB_V0] != 0.0;
	st->x = su->x0;
	st->v = su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/* _step(Date.now()): _advanceSpringToTime with the rest test. */
static void
wb_frame(spring_engine_state *st, double t)
{
	double *w = st->w, now = engine_date_now(t), dt, zeta, omega0;
	double omega1, omega2, x0, v0, env, x, v, to = w[WB_TO], s;
	int over, rest;

	st->snap = 0.0;
	if (w[WB_ANIMATING] == 0.0)
		return;
	dt = now - w[WB_CURRENT_TIME];
	if (dt > WB_MAX_DELTA_TIME_MS)
		dt = WB_MAX_DELTA_TIME_MS;
	w[WB_SPRING_TIME] += dt;
	v0 = -w[WB_V0];
	zeta = w[WB_C] / (2.0 * sqrt(w[WB_K] * w[WB_M]));
	omega0 = sqrt(w[WB_K] / w[WB_M]) / 1000.0;
	omega1 = omega0 * sqrt(1.0 - zeta * zeta);
	omega2 = omega0 * sqrt(zeta * zeta - 1.0);
	x0 = to - w[WB_FROM];
	if (zeta > 1.0)
		zeta = 1.0;	/* allowsOverdamping: false */
	s = w[WB_SPRING_TIME];	/* _springTime, ms */
	if (zeta < 1.0) {
		env = exp(-zeta * omega0 * s);
		x = to - env * ((v0 + zeta * omega0 * x0) / omega1 *
		    sin(omega1 * s) + x0 * cos(omega1 * s));
		v = zeta * omega0 * env * (sin(omega1 * s) *
		    (v0 + zeta * omega0 * x0) / omega1 + x0 * cos(omega1 * s)) -
		    env * (cos(omega1 * s) * (v0 + zeta * omega0 * x0) -
		    omega1 * x0 * sin(omega1 * s));
	} else if (zeta == 1.0) {
		env = exp(-omega0 * s);
		x = to - env * (x0 + (v0 + omega0 * x0) * s);
		v = env * (v0 * (s * omega0 - 1.0) + s * x0 *
		    (omega0 * omega0));
	} else {
		env = exp(-zeta * omega0 * s);
		x = to - env * ((v0 + zeta * omega0 * x0) * sinh(omega2 * s) +
		    omega2 * x0 * cosh(omega2 * s)) / omega2;
		v = env * zeta * omega0 * (sinh(omega2 * s) *
		    (v0 + zeta * omega0 * x0) + x0 * omega2 *
		    cosh(omega2 * s)) / omega2 - env * (omega2 *
		    cosh(omega2 * s) * (v0 + zeta * omega0 * x0) + omega2 *
		    omega2 * x0 * sinh(omega2 * s)) / omega2;
	}
	w[WB_CURRENT_TIME] = now;
	/* _isSpringOvershooting, _isSpringAtRest */
	over = w[WB_CLAMP] != 0.0 && w[WB_K] != 0.0 &&
	    (w[WB_FROM] < to ? x > to : x < to);
	rest = fabs(v) <= w[WB_REST_V] && w[WB_K] != 0.0 &&
	    fabs(to - x) <= w[WB_REST_D];
	if (over || rest) {
		st->snap = to - x;
		x = to;
		v = 0.0;
		w[WB_ANIMATING] = 0.0;	/* stop() */
		st->done = 1;
	}
	st->x = x;
	st->v = v * 1000.0;
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_wobble = {
	.name = "wobble",
	.library = "wobble",
	.version = "1.5.1",
	.summary = "closed form at the sum of whole-ms Date.now deltas "
	    "(each capped at 66.7 ms); over-damping runs critical",
	.source = "npm wobble 1.5.1 src/index.ts, dist/module/index.js "
	    "(Spring._advanceSpringToTime)",
	.checked = "running library",
	.float32 = 0,
	.check = wb_check,
	.start = wb_start,
	.frame = wb_frame,
	.knobs = wb_knobs,
};

