/*
 * engine_motion.c - Motion's spring as it runs (motion / framer-motion
 * 14.14.0, whose animations are motion-dom 14.14.0's; motiondivision/
 * motion).  Read in the npm files node loads, motion-dom dist/es/:
 * animation/generators/spring.mjs (springGenerator, getSpringOptions,
 * findSpring, bounceToDampingRatio, overdampedFreqScale),
 * animation/JSAnimation.mjs (play, tick, updateTime),
 * animation/utils/resolve-start-time.mjs, animation/generators/utils/
 * calc-duration.mjs; checked against the running library
 * (tests/engines/gen/motion.mjs: a JSAnimation with a custom driver).
 *
 * - Clock: JSAnimation.play() sets startTime = driver.now() (1000 ms at
 *   wall time 0), pending; the first tick moves it to the tick's time
 *   if that is more than 40 ms later (resolveStartTime, MAX_START_DELAY).
 *   Each tick: currentTime = Math.round(timestamp - startTime) (updateTime):
 *   whole milliseconds, halves up.
 * - Value: the closed form at currentTime, in ms units, double
 *   (springGenerator's resolveSpring): under-damped (zeta < 1),
 *   critical (only zeta === 1 exactly), over-damped as a slow and a fast
 *   exponential, which for physics springs with a damped frequency of 1
 *   rad/ms or more decay at the damping rate past 300 / that frequency.
 * - Rest: physics springs are done at t when |v(t)| <= restSpeed (units/s)
 *   and |target - x(t)| <= restDelta (options.restSpeed, restDelta:
 *   --motion-rest-speed, --motion-rest-delta; unset or 0, 0.01 and 0.005
 *   when |target - x0| < 5, else 2 and 0.5); the value is then the target.  The animation
 *   itself ends at its calculatedDuration: the first multiple of 50 ms at
 *   which the generator is done (calcGeneratorDuration; Infinity from
 *   20 s on, and then it ends when the generator says so); from that tick
 *   on it shows the final keyframe and stops.  Duration springs end at
 *   their duration.
 * - Velocity: options.velocity is units/s; springGenerator keeps
 *   -velocity / 1000 (units/ms).  Duration springs ignore it (start from
 *   rest: inheritVelocity).
 * - Parameters: stiffness = m omega^2, damping = 2 m zeta omega, mass m.
 *   Duration + bounce (SPRING_ENGINE_DURATION): findSpring: zeta =
 *   bounceToDampingRatio(bounce) (1 / max(1 + b, 0.05) below 0, else
 *   max(1 - b, 0.05)), duration clamped to 0.01..10 s, the critical or
 *   under-damped envelope's root by 11 Newton steps from 5 / D, scaled for
 *   zeta > 1 by overdampedFreqScale.  visualDuration springs are physics
 *   springs (springsim converts them, dialects.c).
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

/* spring.mjs's constants. */
#define MO_SAFE_MIN		0.001
#define MO_MIN_DURATION		0.01	/* s */
#define MO_MAX_DURATION		10.0	/* s */
#define MO_ROOT_ITERATIONS	12	/* approximateRoot: 11 updates */
#define MO_MAX_START_DELAY	40.0	/* ms, resolveStartTime */
#define MO_TIME_STEP		50.0	/* ms, calcGeneratorDuration */
#define MO_MAX_GENERATOR	20000.0	/* ms, maxGeneratorDuration */

/* The engine's words. */
enum {
	MO_TARGET, MO_DELTA, MO_VELOCITY,	/* s.target, s.delta, units/ms */
	MO_REST_SPEED, MO_REST_DELTA,
	MO_KIND,			/* 0 under, 1 critical, 2 over */
	MO_UNDAMPED, MO_DECAY, MO_FREQ,		/* rad/ms */
	MO_A, MO_SINC, MO_COSC,		/* under-damped coefficients */
	MO_C,				/* critical */
	MO_SLOW, MO_FAST, MO_LIMIT, MO_S, MO_F,	/* over-damped */
	MO_FROM_DURATION, MO_DURATION,	/* isResolvedFromDuration, ms */
	MO_TOTAL,			/* calculatedDuration, ms */
	MO_START, MO_PENDING		/* startTime, ms; still pending */
};
_Static_assert(MO_TOTAL < SPRING_MOTION_GEN_WORDS, "the generator's words");

/*
 * Motion's knobs, the spring's options.restSpeed and options.restDelta
 * (setRestThresholds: `options.restSpeed || default`, so 0 is unset):
 * the row's index is its knob's in the setup's knob[].
 */
enum { MO_K_REST_SPEED, MO_K_REST_DELTA };
static const spring_engine_knob mo_knobs[] = {
	[MO_K_REST_SPEED] = { .option = "restSpeed",
	    .flag = "motion-rest-speed", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "0.01 when |target - x0| < 5, else 2",
	    .help = "Motion's restSpeed: at rest at or below this speed, in the "
	    "keyframes' units/s (motion-waapi: of 0..100; motion-css: of "
	    "0..1) (0: the default)" },
	[MO_K_REST_DELTA] = { .option = "restDelta",
	    .flag = "motion-rest-delta", .arg = "D",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "0.005 when |target - x0| < 5, else 0.5",
	    .help = "Motion's restDelta: at rest within it of the target, in the "
	    "keyframes' units (motion-waapi: of 0..100; motion-css: of 0..1) "
	    "(0: the default)" },
	{ .option = NULL }
};

/*
 * A rest knob the library does not run: 0 (falsy: the default), or any
 * with a duration spring (done at its duration, never at rest).  NULL
 * if they all run; the message otherwise.
 */
static const char *
mo_rest_unrun(const spring_engine_setup *su)
{
	unsigned given = su->knob_given & (1u << MO_K_REST_SPEED |
	    1u << MO_K_REST_DELTA);

	if (given == 0)
		return NULL;
	if (su->form == SPRING_ENGINE_DURATION)
		return "a duration spring ends at its duration: restSpeed "
		    "and restDelta are not read";
	if ((given >> MO_K_REST_SPEED & 1u) &&
	    su->knob[MO_K_REST_SPEED] == 0.0)
		return "restSpeed 0 is unset (options.restSpeed || its "
		    "default): runs the default";
	if ((given >> MO_K_REST_DELTA & 1u) &&
	    su->knob[MO_K_REST_DELTA] == 0.0)
		return "restDelta 0 is unset (options.restDelta || its "
		    "default): runs the default";
	return NULL;
}

/* JS Math.round: the nearest integer, halves towards +infinity. */
static double
js_round(double x)
{
	double r = floor(x);

	return x - r >= 0.5 ? r + 1.0 : r;
}

/* motion-utils clamp(min, max, v). */
static double
mo_clamp(double lo, double hi, double v)
{
	return v > hi ? hi : v < lo ? lo : v;
}

/* findSpring's under-damped envelope at undamped frequency w (rad/s). */
static double
mo_envelope(double w, double zeta, double d)
{
	double decay = w * zeta;

	return MO_SAFE_MIN - decay / (w * sqrt(1.0 - zeta * zeta)) *
	    exp(-(decay * d));
}

/*
 * findSpring({duration (ms), bounce}): stiffness and damping (mass 1),
 * the duration clamped, in ms.  Written as spring.mjs writes it, rounding
 * as it rounds: the dialect's Newton (dialects.c motion_find_omega) finds
 * the same root in other operations, a last bit or so apart.
 */
static void
mo_find_spring(double duration_ms, double bounce, double *stiffness,
    double *damping, double *duration_out)
{
	double zeta = spring_motion_zeta(bounce), d, w, e, f, g, factor, a;
	int i;

	d = mo_clamp(MO_MIN_DURATION, MO_MAX_DURATION, duration_ms / 1000.0);
	w = 5.0 / d;
	for (i = 1; i < MO_ROOT_ITERATIONS; i++) {
		if (zeta < 1.0) {
			e = zeta * zeta * w * w * d;
			f = exp(-(w * zeta * d));
			g = w * w * sqrt(1.0 - zeta * zeta);
			factor = -mo_envelope(w, zeta, d) + MO_SAFE_MIN > 0.0 ?
			    -1.0 : 1.0;
			w = w - mo_envelope(w, zeta, d) / (factor * -e * f / g);
		} else {
			a = exp(-w * d);
			w = w - (-MO_SAFE_MIN + a * (w * d + 1.0)) /
			    (exp(-w * d) * (-w * (d * d)));
		}
	}
	w = w * spring_motion_overdamped_scale(zeta, w * d);
	*stiffness = w * w;
	*damping = zeta * 2.0 * sqrt(*stiffness);
	*duration_out = d * 1000.0;
}

/* Motion's limits: a bounce it maps, and its clamps said. */
static int
mo_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	const char *no = NULL, *unrun = mo_rest_unrun(su);
	double d;

	if (su->form == SPRING_ENGINE_DURATION &&
	    (!isfinite(su->bounce) || !(su->duration > 0.0)))
		no = "Motion needs a positive duration and a finite bounce";
	if (no != NULL) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "%s", no);
		return -1;
	}
	if (unrun != NULL) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "%s", unrun);
		return 1;
	}
	if (su->form != SPRING_ENGINE_DURATION)
		return 0;
	d = mo_clamp(MO_MIN_DURATION, MO_MAX_DURATION, su->duration);
	if (d != su->duration || spring_motion_zeta(su->bounce) !=
	    (su->bounce < 0.0 ? 1.0 / (1.0 + su->bounce) : 1.0 - su->bounce)) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "Motion runs duration %g s and "
			    "damping ratio %g (duration clamped to 0.01..10 s, "
			    "damping ratio to 0.05..20)", d,
			    spring_motion_zeta(su->bounce));
		return 1;
	}
	return 0;
}

/* The generator's value at t (ms), and its velocity (units/ms). */
static void
mo_resolve(const double *w, double t, double *x, double *v)
{
	double env, s, c, slow, fast, delta = w[MO_DELTA];

	if (w[MO_KIND] == 0.0) {
		env = exp(-w[MO_DECAY] * t);
		s = sin(w[MO_FREQ] * t);
		c = cos(w[MO_FREQ] * t);
		*x = w[MO_TARGET] - env * (w[MO_A] * s + delta * c);
		*v = env * (w[MO_SINC] * s + w[MO_COSC] * c);
	} else if (w[MO_KIND] == 1.0) {
		*x = w[MO_TARGET] - exp(-w[MO_UNDAMPED] * t) *
		    (delta + (w[MO_VELOCITY] + w[MO_UNDAMPED] * delta) * t);
		*v = exp(-w[MO_UNDAMPED] * t) *
		    (w[MO_UNDAMPED] * w[MO_C] * t - w[MO_VELOCITY]);
	} else {
		/* decayAt(rate, t) */
		slow = exp(t > w[MO_LIMIT] ? (w[MO_DECAY] - w[MO_SLOW]) *
		    w[MO_LIMIT] - w[MO_DECAY] * t : -w[MO_SLOW] * t);
		fast = exp(t > w[MO_LIMIT] ? (w[MO_DECAY] - w[MO_FAST]) *
		    w[MO_LIMIT] - w[MO_DECAY] * t : -w[MO_FAST] * t);
		*x = w[MO_TARGET] - w[MO_S] * slow - w[MO_F] * fast;
		*v = w[MO_SLOW] * w[MO_S] * slow + w[MO_FAST] * w[MO_F] * fast;
	}
}

/* generator.next(t): the value shown, and whether the spring is done. */
static int
mo_next(const double *w, double t, double *x, double *v)
{
	int done;

	mo_resolve(w, t, x, v);
	if (w[MO_FROM_DURATION] == 0.0)
		done = fabs(*v * 1000.0) <= w[MO_REST_SPEED] &&
		    fabs(w[MO_TARGET] - *x) <= w[MO_REST_DELTA];
	else
		done = t >= w[MO_DURATION];
	if (done)
		*x = w[MO_TARGET];
	return done;
}

/*
 * springGenerator({keyframes [origin, target], velocity (units/s), ...})
 * into w (SPRING_MOTION_GEN_WORDS): getSpringOptions, the coefficients,
 * setRestThresholds from rest_speed and rest_delta (NaN or 0: unset), and
 * calcGeneratorDuration's 50 ms scan (or a duration spring's duration):
 * the JS tick (below) and the WAAPI and CSS easings (engine_motion_web.c)
 * run the same generator on their own keyframes.
 */
void
spring_motion_generator(const spring_engine_setup *su, double origin,
    double target, double velocity, double rest_speed, double rest_delta,
    double *w)
{
	double k, c, m = 1.0, zeta, undamped, damped, p, x, v;
	double d = 0.0;
	int from_duration = su->form == SPRING_ENGINE_DURATION;

	if (from_duration) {
		mo_find_spring(su->duration * 1000.0, su->bounce, &k, &c, &d);
		if (!(k > 0.0 && k < INFINITY) || !(c >= 0.0 && c < INFINITY)) {
			k = 100.0;	/* getSpringOptions: defaults */
			c = 10.0;
		}
	} else {
		k = spring_stiffness(&su->params);
		c = spring_damping(&su->params);
		m = su->params.mass;
	}
	w[MO_TARGET] = target;
	w[MO_DELTA] = target - origin;
	/* inheritVelocity: -velocity / 1000, or 0; `|| 0` */
	w[MO_VELOCITY] = from_duration ? 0.0 : -(velocity / 1000.0);
	if (w[MO_VELOCITY] == 0.0 || isnan(w[MO_VELOCITY]))
		w[MO_VELOCITY] = 0.0;
	/* setRestThresholds: options' or the granular scale below 5 */
	w[MO_REST_SPEED] = !isnan(rest_speed) && rest_speed != 0.0 ?
	    rest_speed : fabs(w[MO_DELTA]) < 5.0 ? 0.01 : 2.0;
	w[MO_REST_DELTA] = !isnan(rest_delta) && rest_delta != 0.0 ?
	    rest_delta : fabs(w[MO_DELTA]) < 5.0 ? 0.005 : 0.5;
	zeta = c / (2.0 * sqrt(k * m));
	undamped = sqrt(k / m) / 1000.0;
	w[MO_UNDAMPED] = undamped;
	w[MO_DECAY] = zeta * undamped;
	w[MO_FROM_DURATION] = from_duration;
	w[MO_DURATION] = d;
	if (zeta < 1.0) {
		w[MO_KIND] = 0.0;
		w[MO_FREQ] = undamped * sqrt(1.0 - zeta * zeta);
		w[MO_A] = (w[MO_VELOCITY] + w[MO_DECAY] * w[MO_DELTA]) /
		    w[MO_FREQ];
		w[MO_SINC] = w[MO_DECAY] * w[MO_A] + w[MO_DELTA] * w[MO_FREQ];
		w[MO_COSC] = w[MO_DECAY] * w[MO_DELTA] - w[MO_A] * w[MO_FREQ];
	} else if (zeta == 1.0) {
		w[MO_KIND] = 1.0;
		w[MO_C] = w[MO_VELOCITY] + undamped * w[MO_DELTA];
	} else {
		w[MO_KIND] = 2.0;
		damped = undamped * sqrt(zeta * zeta - 1.0);
		w[MO_SLOW] = w[MO_DECAY] - damped;
		w[MO_FAST] = w[MO_DECAY] + damped;
		/* duration springs are time-defined: exempt from the limit */
		w[MO_LIMIT] = damped < 1.0 || from_duration ? INFINITY :
		    300.0 / damped;
		p = (w[MO_VELOCITY] + w[MO_DECAY] * w[MO_DELTA]) / damped;
		w[MO_S] = (w[MO_DELTA] + p) / 2.0;
		w[MO_F] = (w[MO_DELTA] - p) / 2.0;
	}
	/* initAnimation: calculatedDuration, or the 50 ms scan */
	if (from_duration && d != 0.0)
		w[MO_TOTAL] = d;
	else {
		for (d = 0.0; !mo_next(w, d, &x, &v) && d < MO_MAX_GENERATOR;)
			d += MO_TIME_STEP;
		w[MO_TOTAL] = d >= MO_MAX_GENERATOR ? INFINITY : d;
	}
}

/*
 * calcGeneratorDuration(generator) (calc-duration.mjs): the first 50 ms
 * multiple at which next() says done, Infinity from 20 s on.  A duration
 * spring's scan ends on the first multiple at or past its duration.
 */
double
spring_motion_generator_scan(const double *w)
{
	double d, x, v;

	for (d = 0.0; !mo_next(w, d, &x, &v) && d < MO_MAX_GENERATOR;)
		d += MO_TIME_STEP;
	return d >= MO_MAX_GENERATOR ? INFINITY : d;
}

/* generator.next(t).done at t (ms). */
int
spring_motion_generator_done(const double *w, double t)
{
	double x, v;

	return mo_next(w, t, &x, &v);
}

/* generator.next(t).value at t (ms): the closed form or the rest snap. */
double
spring_motion_generator_value(const double *w, double t)
{
	double x, v;

	mo_next(w, t, &x, &v);
	return x;
}

/*
 * new JSAnimation({type: 'spring', keyframes [x0, target], ...}):
 * the generator and play()'s start time.
 */
static void
mo_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	int from_duration = su->form == SPRING_ENGINE_DURATION;

	spring_motion_generator(su, su->x0, su->target, su->v0,
	    spring_engine_knob_or(su, mo_knobs, MO_K_REST_SPEED),
	    spring_engine_knob_or(su, mo_knobs, MO_K_REST_DELTA), w);
	/* play(): startTime = pendingStartTime = driver.now() */
	w[MO_START] = engine_perf_now(0.0);
	w[MO_PENDING] = 1.0;
	st->x = su->x0;
	st->v = from_duration ? 0.0 : su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/* JSAnimation.tick(timestamp) at the frame's timestamp. */
static void
mo_frame(spring_engine_state *st, double t)
{
	double *w = st->w, ts = engine_perf_now(t), now, x, v;
	int done;

	st->snap = 0.0;
	if (st->done)
		return;		/* finished: the driver stopped */
	if (w[MO_PENDING] != 0.0) {
		if (ts - w[MO_START] > MO_MAX_START_DELAY)
			w[MO_START] = ts;
		w[MO_PENDING] = 0.0;
	}
	w[MO_START] = fmin(w[MO_START], ts);
	now = fmax(js_round(ts - w[MO_START]) * 1.0, 0.0);
	done = mo_next(w, now, &x, &v);
	if (w[MO_TOTAL] < INFINITY)
		done = now >= w[MO_TOTAL];
	if (done) {
		/* the final keyframe; finish() stops the driver */
		mo_resolve(w, now, &x, &v);
		st->snap = w[MO_TARGET] - x;
		st->x = w[MO_TARGET];
		st->v = 0.0;
		st->done = 1;
		return;
	}
	st->x = x;
	st->v = v * 1000.0;
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_motion = {
	.name = "motion",
	.library = "motion-dom (motion, framer-motion)",
	.version = "14.14.0",
	.summary = "closed form at round(elapsed ms); ends on the first 50 ms "
	    "multiple at rest (or at its duration) and shows the target",
	.source = "npm motion-dom 14.14.0 dist/es/animation/generators/"
	    "spring.mjs (springGenerator, findSpring), animation/"
	    "JSAnimation.mjs (tick)",
	.checked = "running library",
	.float32 = 0,
	.check = mo_check,
	.start = mo_start,
	.frame = mo_frame,
	.knobs = mo_knobs,
};

