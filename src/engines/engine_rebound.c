/*
 * engine_rebound.c - Rebound's spring as it runs: rebound-js 0.1.0 (npm
 * rebound; facebookarchive/rebound-js, src/Spring.js advance,
 * _interpolate, isAtRest, isOvershooting; src/SpringSystem.js loop,
 * advance; src/Loopers.js AnimationLooper; node loads the same code
 * bundled in dist/rebound.js); checked against the running library
 * (tests/engines/gen/rebound.mjs, Date.now and the frame callback
 * stubbed).  Java Rebound (facebookarchive/rebound, Spring.java) has the
 * same solver but for its rest test (|v| <= threshold) and its Origami
 * converter (0 stays 0); this is the JS one.
 *
 * - Clock: AnimationLooper calls springSystem.loop(Date.now()) on each
 *   frame: whole milliseconds.  loop(): on the first frame after idle
 *   _lastTimeMillis = now - 1, so the first frame advances 1 ms only;
 *   then now - last, passed to Spring.advance in seconds (/ 1000), capped
 *   at MAX_DELTA_TIME_SEC = 0.064 (the rest is lost).
 * - Integrator: an accumulator of 1 ms steps (SOLVER_TIMESTEP_SEC):
 *   while (acc >= 0.001) { acc -= 0.001; if (acc < 0.001) previous =
 *   (x, v); RK4 step }.  The RK4's first stage evaluates the force at
 *   tempPosition, the last stage's position left from the previous step
 *   (x0 at the start: setCurrentValue -> setAtRest), not at x.
 * - Interpolation: if acc > 0 after the loop, the state becomes
 *   state alpha + previous (1 - alpha), alpha = acc / 0.001, written back
 *   into the integration state.  With whole-ms clocks the repeated
 *   subtraction leaves acc just under 0.001 on some frames: one step is
 *   deferred and alpha ~ 1.
 * - Rest: after the steps, if |v| < restSpeedThreshold (0.001) and |end -
 *   x| <= displacementFromRestThreshold (0.001; both set by
 *   --rebound-rest-speed-threshold, --rebound-rest-displacement-threshold), or overshooting with
 *   overshootClamping (x past the end, from the start value's side):
 *   x = end, v = 0, at rest; the system goes idle on the next frame.
 * - Velocity: units/s.  Parameters: SpringConfig(tension, friction) on a
 *   unit mass: tension = omega^2, friction = 2 zeta omega, whatever the
 *   mass (the motion is the same).
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

#define RB_MAX_DELTA_TIME_SEC	0.064
#define RB_SOLVER_TIMESTEP_SEC	0.001
#define RB_REST_SPEED		0.001	/* units/s */
#define RB_REST_DISPLACEMENT	0.001

/* The engine's words. */
enum {
	RB_TENSION, RB_FRICTION, RB_START_VALUE, RB_END, RB_CLAMP,
	RB_POS, RB_VEL, RB_TEMP_POS, RB_TEMP_VEL, RB_PREV_POS, RB_PREV_VEL,
	RB_ACC, RB_LAST_MS, RB_ACTIVE, RB_WAS_AT_REST,
	RB_REST_V, RB_REST_D	/* _restSpeedThreshold, _displacementFrom- */
};

/*
 * rebound's knobs, overshootClamping (the flag, and so its help, is the
 * one the libraries that clamp share) and the rest thresholds
 * (setRestSpeedThreshold, setRestDisplacementThreshold: any number
 * kept): the row's index is its knob's in the setup's knob[].
 */
enum { RB_K_CLAMP, RB_K_REST_SPEED, RB_K_REST_DISP };
static const spring_engine_knob rb_knobs[] = {
	[RB_K_CLAMP] = { .option = "overshootClamping", .flag = "clamp",
	    .kind = SPRING_KNOB_SWITCH, .min = 0, .max = 1, .def = 0,
	    .def_text = "false", .help = "overshoot clamping (react-spring "
	    "clamp; wobble, rebound, React Native overshootClamping)" },
	[RB_K_REST_SPEED] = { .option = "restSpeedThreshold",
	    .flag = "rebound-rest-speed-threshold", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = RB_REST_SPEED, .def_text = "0.001",
	    .help = "rebound's setRestSpeedThreshold: at rest below this "
	    "speed, units/s" },
	[RB_K_REST_DISP] = { .option = "restDisplacementThreshold",
	    .flag = "rebound-rest-displacement-threshold", .arg = "D",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = RB_REST_DISPLACEMENT, .def_text = "0.001",
	    .help = "rebound's setRestDisplacementThreshold: at rest within "
	    "it of the end, units" },
	{ .option = NULL }
};

/* rebound takes every spring; it has no duration form. */
static int
rb_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	const char *no = NULL;

	if (su->form != SPRING_ENGINE_PHYSICAL)
		no = "rebound has no duration form";
	if (no == NULL)
		return 0;
	if (msg != NULL && len > 0)
		snprintf(msg, len, "%s", no);
	return -1;
}

/* Spring.isAtRest(): v below the threshold and x at the end. */
static int
rb_at_rest(const double *w)
{
	return fabs(w[RB_VEL]) < w[RB_REST_V] &&
	    (fabs(w[RB_END] - w[RB_POS]) <= w[RB_REST_D] ||
	    w[RB_TENSION] == 0.0);
}

/*
 * createSpringWithConfig(new SpringConfig(tension, friction)), then
 * setCurrentValue(x0) (at rest there: tempPosition = x0),
 * setVelocity(v0), setEndValue(target) (start value x0; activates).
 */
static void
rb_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	spring_params unit = su->params;

	unit.mass = 1.0;
	w[RB_TENSION] = spring_stiffness(&unit);
	w[RB_FRICTION] = spring_damping(&unit);
	w[RB_START_VALUE] = su->x0;
	w[RB_CLAMP] = spring_engine_knob_or(su, rb_knobs, RB_K_CLAMP) != 0;
	w[RB_REST_V] = spring_engine_knob_or(su, rb_knobs, RB_K_REST_SPEED);
	w[RB_REST_D] = spring_engine_knob_or(su, rb_knobs, RB_K_REST_DISP);
	w[RB_POS] = su->x0;
	w[RB_TEMP_POS] = su->x0;
	w[RB_TEMP_VEL] = 0.0;
	w[RB_PREV_POS] = w[RB_PREV_VEL] = 0.0;	/* new PhysicsState() */
	w[RB_ACC] = 0.0;
	w[RB_LAST_MS] = -1.0;
	w[RB_WAS_AT_REST] = 1.0;
	w[RB_END] = su->x0;
	w[RB_VEL] = su->v0;
	/* setVelocity activates a moving spring; setEndValue returns early
	 * for the end it has when at rest */
	w[RB_ACTIVE] = su->v0 != 0.0;
	if (!(su->target == w[RB_END] && rb_at_rest(w))) {
		w[RB_END] = su->target;
		w[RB_ACTIVE] = 1.0;
	}
	st->x = su->x0;
	st->v = su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/* The spring's acceleration at (x, v): tension (end - x) - friction v. */
static double
rb_accel(const double *w, double x, double v)
{
	return w[RB_TENSION] * (w[RB_END] - x) - w[RB_FRICTION] * v;
}

/* Spring.advance(time, realDeltaTime): the steps, interpolation, rest. */
static void
rb_advance(double *w, double real_dt)
{
	const double h = RB_SOLVER_TIMESTEP_SEC;
	double x = w[RB_POS], v = w[RB_VEL], tx = w[RB_TEMP_POS];
	double tv = w[RB_TEMP_VEL], av, aa, bv, ba, cv, ca, dv, da, alpha;

	w[RB_ACC] += real_dt > RB_MAX_DELTA_TIME_SEC ? RB_MAX_DELTA_TIME_SEC :
	    real_dt;
	while (w[RB_ACC] >= h) {
		w[RB_ACC] -= h;
		if (w[RB_ACC] < h) {
			w[RB_PREV_POS] = x;
			w[RB_PREV_VEL] = v;
		}
		av = v;
		aa = rb_accel(w, tx, v);	/* the stale first stage */
		tx = x + av * h * 0.5;
		tv = v + aa * h * 0.5;
		bv = tv;
		ba = rb_accel(w, tx, tv);
		tx = x + bv * h * 0.5;
		tv = v + ba * h * 0.5;
		cv = tv;
		ca = rb_accel(w, tx, tv);
		tx = x + cv * h;
		tv = v + ca * h;
		dv = tv;
		da = rb_accel(w, tx, tv);
		x += 1.0 / 6.0 * (av + 2.0 * (bv + cv) + dv) * h;
		v += 1.0 / 6.0 * (aa + 2.0 * (ba + ca) + da) * h;
	}
	w[RB_TEMP_POS] = tx;
	w[RB_TEMP_VEL] = tv;
	if (w[RB_ACC] > 0.0) {
		/* _interpolate(alpha), written back into the state */
		alpha = w[RB_ACC] / h;
		x = x * alpha + w[RB_PREV_POS] * (1.0 - alpha);
		v = v * alpha + w[RB_PREV_VEL] * (1.0 - alpha);
	}
	w[RB_POS] = x;
	w[RB_VEL] = v;
}

/* SpringSystem.loop(Date.now()) on an animation frame. */
static void
rb_frame(spring_engine_state *st, double t)
{
	double *w = st->w, now = engine_date_now(t), elapsed;
	int over;

	st->snap = 0.0;
	if (w[RB_ACTIVE] == 0.0)
		return;		/* idle: no frame requested */
	if (w[RB_LAST_MS] == -1.0)
		w[RB_LAST_MS] = now - 1.0;
	elapsed = now - w[RB_LAST_MS];
	w[RB_LAST_MS] = now;
	/* SpringSystem.advance: systemShouldAdvance() */
	if (rb_at_rest(w) && w[RB_WAS_AT_REST] != 0.0) {
		w[RB_ACTIVE] = 0.0;	/* idle; _lastTimeMillis = -1 */
		return;
	}
	rb_advance(w, elapsed / 1000.0);
	/*
	 * An RK4 stage overflowed (tension omega^2 1e106 times a distance
	 * of 1e100): the library would snap that Infinity back to the end,
	 * an infinite snap_jump; springsim calls it diverged instead.
	 */
	if (!isfinite(w[RB_POS]) || !isfinite(w[RB_VEL])) {
		st->x = w[RB_POS];
		st->v = w[RB_VEL];
		return;
	}
	/* isOvershooting(): tension > 0 and x past the end */
	over = w[RB_CLAMP] != 0.0 && w[RB_TENSION] > 0.0 &&
	    ((w[RB_START_VALUE] < w[RB_END] && w[RB_POS] > w[RB_END]) ||
	    (w[RB_START_VALUE] > w[RB_END] && w[RB_POS] < w[RB_END]));
	w[RB_WAS_AT_REST] = 0.0;
	if (rb_at_rest(w) || over) {
		if (w[RB_TENSION] > 0.0) {
			w[RB_START_VALUE] = w[RB_END];
			st->snap = w[RB_END] - w[RB_POS];
			w[RB_POS] = w[RB_END];
		} else {
			w[RB_END] = w[RB_POS];
			w[RB_START_VALUE] = w[RB_END];
		}
		w[RB_VEL] = 0.0;	/* setVelocity(0) */
		w[RB_WAS_AT_REST] = 1.0;
		st->done = 1;
	}
	st->x = w[RB_POS];
	st->v = w[RB_VEL];
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_rebound = {
	.name = "rebound",
	.library = "rebound (rebound-js)",
	.version = "0.1.0",
	.summary = "RK4 (stale first stage) at 1 ms, accumulator with "
	    "interpolation written into the state; first frame 1 ms, cap 64 ms",
	.source = "npm rebound 0.1.0 src/Spring.js (advance), "
	    "src/SpringSystem.js (loop), dist/rebound.js",
	.checked = "running library",
	.float32 = 0,
	.check = rb_check,
	.start = rb_start,
	.frame = rb_frame,
	.knobs = rb_knobs,
};

