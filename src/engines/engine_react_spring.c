/*
 * engine_react_spring.c - react-spring's spring as it runs: @react-spring/
 * core 10.1.2 with @react-spring/rafz 10.1.2 (npm; pmndrs/react-spring,
 * packages/core/src/SpringValue.ts and packages/rafz/src/index.ts).  Read
 * in the npm files node loads: @react-spring/core
 * dist/react-spring_core.modern.mjs (SpringValue.advance, mergeConfig) and
 * @react-spring/rafz dist/react-spring_rafz.modern.mjs (update); checked
 * against the running library (tests/engines/gen/react-spring.mjs).
 *
 * - Clock: rafz update() reads ts = raf.now() (performance.now(), not the
 *   rAF timestamp) and passes dt = prevTs ? Math.min(64, ts - prevTs) :
 *   16.667 ms.  The loop was idle before the animation (prevTs 0), so the
 *   first frame advances 16.667 ms whatever its length; a frame past 64 ms
 *   loses the rest.
 * - Steps: SpringValue.advance runs numSteps = Math.ceil(dt / 1) steps of
 *   exactly 1 ms: the spring runs ahead of the wall clock by ceil(dt) - dt
 *   a frame (17 steps for a 16.67 ms frame).
 * - Integrator (advance, the spring branch): time in ms, velocity in
 *   units/ms, double: a = (-tension 1e-6 (x - to) - friction 1e-3 v) /
 *   mass; v += a; x += v: semi-implicit Euler, h = 1 ms.
 * - Rest (--react-spring-precision, --react-spring-rest-velocity set
 *   config.precision, config.restVelocity): precision =
 *   config.precision || (from == to ? 0.005 :
 *   max(max(|to|, |from|, 1) EPSILON, min(1, 0.001 |to - from|))),
 *   restVelocity = config.restVelocity || precision / 10 (units/ms).
 *   Before each step, if |v| <= restVelocity and |to - x| <= precision
 *   the animation is finished: the remaining steps are skipped and
 *   (idle) the value is set to `to`.  The velocity keeps the value it
 *   had (node.lastVelocity).
 * - Clamp: config.clamp makes the bounce factor 0: before each step, when
 *   x == to or x is past `to` (past in the direction from -> to; from ==
 *   to: the direction of v0), v = -v 0 and x = to; the spring then sits at
 *   `to` and the next step finishes it.
 * - Velocity: config.velocity is units/ms; springsim's v0 (units/s) / 1000.
 * - Parameters: tension = m omega^2, friction = 2 m zeta omega, mass m
 *   (mergeConfig turns frequency/damping into tension/friction first, so
 *   every form is this one).  Duration configs are not springs.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

/* rafz update(): the first frame's dt and the cap, ms. */
#define RS_FIRST_DT	16.667
#define RS_MAX_DT	64.0

/* The engine's words. */
enum {
	RS_TENSION, RS_FRICTION, RS_MASS, RS_FROM, RS_TO,
	RS_PRECISION, RS_REST_V, RS_GROWING, RS_CLAMP,
	RS_POS, RS_VEL,		/* units, units/ms */
	RS_PREV_TS		/* the last frame's now(), ms; 0 idle */
};

/*
 * react-spring's knob, config.clamp: the row's index is its knob's in
 * the setup's knob[] (the flag, and so its help, is the one the
 * libraries that clamp share).
 */
enum { RS_K_CLAMP, RS_K_PRECISION, RS_K_REST_V };
static const spring_engine_knob rs_knobs[] = {
	[RS_K_CLAMP] = { .option = "clamp", .flag = "clamp",
	    .kind = SPRING_KNOB_SWITCH, .min = 0, .max = 1, .def = 0,
	    .def_text = "false", .help = "overshoot clamping (react-spring "
	    "clamp; wobble, rebound, React Native overshootClamping)" },
	/* advance(): config.precision || ..., 0 being unset */
	[RS_K_PRECISION] = { .option = "precision",
	    .flag = "react-spring-precision", .arg = "P",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "min(1, |to - from| / 1000), at least "
	    "max(|to|, |from|, 1) EPSILON; 0.005 when from == to",
	    .help = "react-spring's config.precision: at rest within it of "
	    "the target, units (0: the default)" },
	/* advance(): config.restVelocity || precision / 10 */
	[RS_K_REST_V] = { .option = "restVelocity",
	    .flag = "react-spring-rest-velocity", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "precision / 10",
	    .help = "react-spring's config.restVelocity: at rest at or "
	    "below this speed, units/ms as the library takes it (0: the "
	    "default)" },
	{ .option = NULL }
};

/*
 * react-spring runs every spring; its duration configs are easings.  A
 * precision or restVelocity of 0 is falsy: `||` runs the default.
 */
static int
rs_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	const char *no = NULL, *zero = NULL;

	if (su->form != SPRING_ENGINE_PHYSICAL)
		no = "react-spring's duration configs are easings, not springs";
	if (no != NULL) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "%s", no);
		return -1;
	}
	if ((su->knob_given >> RS_K_PRECISION & 1u) &&
	    su->knob[RS_K_PRECISION] == 0.0)
		zero = "precision 0 is unset (config.precision || its "
		    "default): runs the default precision";
	else if ((su->knob_given >> RS_K_REST_V & 1u) &&
	    su->knob[RS_K_REST_V] == 0.0)
		zero = "restVelocity 0 is unset (config.restVelocity || "
		    "precision / 10): runs precision / 10";
	if (zero == NULL)
		return 0;
	if (msg != NULL && len > 0)
		snprintf(msg, len, "%s", zero);
	return 1;
}

/*
 * SpringValue.start with from x0, to target, config {tension, friction,
 * mass, velocity, clamp, precision, restVelocity}: the precision and the
 * direction are fixed here.
 */
static void
rs_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w, from = su->x0, to = su->target, v0 = su->v0 / 1000.0;
	double p, r;

	w[RS_TENSION] = spring_stiffness(&su->params);
	w[RS_FRICTION] = spring_damping(&su->params);
	w[RS_MASS] = su->params.mass;
	w[RS_FROM] = from;
	w[RS_TO] = to;
	/* advance(): precision; restVelocity = precision / 10 */
	p = spring_engine_knob_or(su, rs_knobs, RS_K_PRECISION);
	w[RS_PRECISION] = !isnan(p) && p != 0.0 ? p : from == to ? 0.005 :
	    fmax(fmax(fmax(fabs(to), fabs(from)), 1.0) * 2.220446049250313e-16,
	    fmin(1.0, fabs(to - from) * 0.001));
	r = spring_engine_knob_or(su, rs_knobs, RS_K_REST_V);
	w[RS_REST_V] = !isnan(r) && r != 0.0 ? r : w[RS_PRECISION] / 10.0;
	/* advance(): isGrowing = from == to ? node.v0 > 0 : from < to */
	w[RS_GROWING] = from == to ? v0 > 0.0 : from < to;
	w[RS_CLAMP] = spring_engine_knob_or(su, rs_knobs, RS_K_CLAMP) != 0;
	w[RS_POS] = from;
	w[RS_VEL] = v0;
	w[RS_PREV_TS] = 0.0;
	st->x = from;
	st->v = su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/* One rafz frame: update()'s dt, then SpringValue.advance(dt). */
static void
rs_frame(spring_engine_state *st, double t)
{
	double *w = st->w, ts = engine_perf_now(t), dt, a;
	double x = w[RS_POS], v = w[RS_VEL], to = w[RS_TO];
	long n, i;
	int finished = 0, growing = w[RS_GROWING] != 0.0;

	st->snap = 0.0;
	if (st->done)
		return;		/* stopped: the loop went idle */
	dt = w[RS_PREV_TS] != 0.0 ? fmin(RS_MAX_DT, ts - w[RS_PREV_TS]) :
	    RS_FIRST_DT;
	w[RS_PREV_TS] = ts;
	n = (long)ceil(dt / 1.0);
	for (i = 0; i < n; i++) {
		if (!(fabs(v) > w[RS_REST_V])) {
			finished = fabs(to - x) <= w[RS_PRECISION];
			if (finished)
				break;
		}
		if (w[RS_CLAMP] != 0.0 && (x == to || (x > to) == growing)) {
			v = -v * 0.0;
			x = to;
		}
		a = (-w[RS_TENSION] * 1e-6 * (x - to) +
		    -w[RS_FRICTION] * 0.001 * v) / w[RS_MASS];
		v = v + a * 1.0;
		x = x + v * 1.0;
	}
	w[RS_POS] = x;
	w[RS_VEL] = v;
	st->v = v * 1000.0;
	if (finished) {
		/* idle: node.setValue(finalVal) */
		st->snap = to - x;
		st->x = to;
		st->done = 1;
	} else
		st->x = x;
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_react_spring = {
	.name = "react-spring",
	.library = "@react-spring/core",
	.version = "10.1.2",
	.summary = "ceil(dt ms) semi-implicit Euler steps of 1 ms (first "
	    "frame 16.667 ms, cap 64 ms); snaps to the target at rest",
	.source = "npm @react-spring/core 10.1.2 dist/react-spring_core."
	    "modern.mjs (SpringValue.advance), @react-spring/rafz "
	    "dist/react-spring_rafz.modern.mjs (update)",
	.checked = "running library",
	.float32 = 0,
	.check = rs_check,
	.start = rs_start,
	.frame = rs_frame,
	.knobs = rs_knobs,
};

