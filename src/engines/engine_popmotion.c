/*
 * engine_popmotion.c - popmotion's spring as it runs: popmotion 11.0.5 on
 * its default driver, framesync 6.1.2 (npm; Popmotion/popmotion).  Read in
 * the npm files node loads: popmotion dist/es/animations/index.mjs
 * (animate: update), animations/generators/spring.mjs (spring,
 * getSpringOptions), animations/utils/find-spring.mjs (findSpring); and
 * framesync dist/es/index.mjs (processFrame, startLoop), on-next-frame.mjs
 * (defaultTimestep); checked against the running library
 * (tests/engines/gen/popmotion.mjs, requestAnimationFrame stubbed).
 *
 * - Clock: animate's update(delta) adds framesync's frame.delta to
 *   elapsed: the first frame after the loop starts advances
 *   defaultTimestep = 1000/60 ms whatever its length (useDefaultElapsed);
 *   later frames max(min(timestamp - previous, 40), 1) ms (maxElapsed):
 *   time past 40 ms is lost.  Timestamps are rAF's, 1000 + 1000 t ms.
 * - Value: the closed form at elapsed (ms units, double): under-damped,
 *   critical (only zeta === 1), over-damped with sinh/cosh of an argument
 *   capped at 300.  Only the under-damped branch has a velocity; the
 *   others' resolveVelocity is 0.
 * - Rest: done when |v| <= restSpeed (2 units/s) and |to - x| <=
 *   restDelta (min(|to - from| / 100, 0.4)) (--popmotion-rest-speed,
 *   --popmotion-rest-delta set them; 0 is kept); the value is then `to` and
 *   the animation completes (cancelSync).  For a 0 -> 1 move this stops a
 *   spring that still swings by up to 2 / omega.  Duration springs are
 *   done when elapsed >= duration.
 * - Velocity: options.velocity is units/s, kept as -velocity / 1000.
 * - Parameters: stiffness = m omega^2, damping = 2 m zeta omega, mass m.
 *   Duration + bounce (SPRING_ENGINE_DURATION): findSpring: zeta =
 *   clamp(0.05, 1, 1 - bounce) (a negative bounce is critical), duration
 *   clamped to 0.01..10 s, 11 Newton steps from 5 / D on the envelope
 *   with the start velocity; the spring then starts from rest, mass 1.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

#define PM_DEFAULT_TIMESTEP	((1.0 / 60.0) * 1000.0)	/* ms */
#define PM_MAX_ELAPSED		40.0	/* ms */
#define PM_REST_SPEED		2.0	/* units/s */
#define PM_SAFE_MIN		0.001
#define PM_MIN_DURATION		0.01	/* s */
#define PM_MAX_DURATION		10.0
#define PM_MIN_DAMPING		0.05
#define PM_MAX_DAMPING		1.0
#define PM_ROOT_ITERATIONS	12

/* The engine's words. */
enum {
	PM_TO, PM_DELTA, PM_VELOCITY,	/* to, to - from, units/ms negated */
	PM_ZETA, PM_UNDAMPED, PM_FREQ,	/* rad/ms */
	PM_REST_SPEED_W, PM_REST_DELTA, PM_FROM_DURATION, PM_DURATION,
	PM_ELAPSED, PM_PREV_TS, PM_STARTED
};

/*
 * popmotion's knobs, spring()'s restSpeed and restDelta (destructured:
 * `restSpeed = 2`, `restDelta` computed when undefined; 0 is kept): the
 * row's index is its knob's in the setup's knob[].
 */
enum { PM_K_REST_SPEED, PM_K_REST_DELTA };
static const spring_engine_knob pm_knobs[] = {
	[PM_K_REST_SPEED] = { .option = "restSpeed",
	    .flag = "popmotion-rest-speed", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = PM_REST_SPEED, .def_text = "2",
	    .help = "popmotion's restSpeed: at rest at or below this speed, "
	    "units/s" },
	[PM_K_REST_DELTA] = { .option = "restDelta",
	    .flag = "popmotion-rest-delta", .arg = "D",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "min(|to - from| / 100, 0.4)",
	    .help = "popmotion's restDelta: at rest within it of the "
	    "target, units" },
	{ .option = NULL }
};

/* popmotion's clamp(min, max, v). */
static double
pm_clamp(double lo, double hi, double v)
{
	return fmin(fmax(v, lo), hi);
}

/* findSpring's under-damped envelope at w (rad/s), velocity v0. */
static double
pm_envelope(double w, double zeta, double d, double v0)
{
	double decay = w * zeta;

	return PM_SAFE_MIN - (decay - v0) / (w * sqrt(1.0 - zeta * zeta)) *
	    exp(-(decay * d));
}

/*
 * findSpring({duration (ms), bounce, velocity, mass 1}): stiffness and
 * damping, the duration clamped, in ms.
 */
static void
pm_find_spring(double duration_ms, double bounce, double v0,
    double *stiffness, double *damping, double *duration_out)
{
	double zeta, d, w, delta, dd, e, f, g, factor, a, b;
	int i;

	zeta = pm_clamp(PM_MIN_DAMPING, PM_MAX_DAMPING, 1.0 - bounce);
	d = pm_clamp(PM_MIN_DURATION, PM_MAX_DURATION, duration_ms / 1000.0);
	w = 5.0 / d;
	for (i = 1; i < PM_ROOT_ITERATIONS; i++) {
		if (zeta < 1.0) {
			delta = w * zeta * d;
			dd = delta * v0 + v0;
			e = pow(zeta, 2) * pow(w, 2) * d;
			f = exp(-delta);
			g = pow(w, 2) * sqrt(1.0 - zeta * zeta);
			factor = -pm_envelope(w, zeta, d, v0) + PM_SAFE_MIN >
			    0.0 ? -1.0 : 1.0;
			w = w - pm_envelope(w, zeta, d, v0) /
			    (factor * ((dd - e) * f) / g);
		} else {
			a = exp(-w * d);
			b = (w - v0) * d + 1.0;
			w = w - (-PM_SAFE_MIN + a * b) /
			    (exp(-w * d) * ((v0 - w) * (d * d)));
		}
	}
	*duration_out = d * 1000.0;
	if (isnan(w)) {
		*stiffness = 100.0;
		*damping = 10.0;
		return;
	}
	*stiffness = pow(w, 2) * 1.0;
	*damping = zeta * 2.0 * sqrt(1.0 * *stiffness);
}

/*
 * popmotion takes every spring; a duration spring is done at its
 * duration, its rest knobs not read.
 */
static int
pm_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	if (su->form == SPRING_ENGINE_DURATION && (su->knob_given &
	    (1u << PM_K_REST_SPEED | 1u << PM_K_REST_DELTA)) != 0 &&
	    su->duration > 0.0 && isfinite(su->bounce)) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "a duration spring ends at its "
			    "duration: restSpeed and restDelta are not read");
		return 1;
	}
	if (su->form == SPRING_ENGINE_DURATION) {
		if (!(su->duration > 0.0) || !isfinite(su->bounce)) {
			if (msg != NULL && len > 0)
				snprintf(msg, len, "popmotion needs a positive "
				    "duration and a finite bounce");
			return -1;
		}
		if (su->bounce < 0.0 || su->bounce > 0.95 ||
		    su->duration < PM_MIN_DURATION ||
		    su->duration > PM_MAX_DURATION) {
			if (msg != NULL && len > 0)
				snprintf(msg, len, "popmotion runs duration %g "
				    "s, damping ratio %g (bounce clamped to "
				    "0..0.95, duration to 0.01..10 s)",
				    pm_clamp(PM_MIN_DURATION, PM_MAX_DURATION,
				    su->duration), pm_clamp(PM_MIN_DAMPING,
				    PM_MAX_DAMPING, 1.0 - su->bounce));
			return 1;
		}
	}
	return 0;
}

/* spring()'s resolveSpring and resolveVelocity at t (ms). */
static double
pm_resolve(const double *w, double t, double *v)
{
	double z = w[PM_ZETA], u = w[PM_UNDAMPED], f = w[PM_FREQ];
	double iv = w[PM_VELOCITY], d = w[PM_DELTA], to = w[PM_TO];
	double env, fft;

	*v = 0.0;
	if (z < 1.0) {
		env = exp(-z * u * t);
		*v = z * u * env * ((sin(f * t) * (iv + z * u * d)) / f +
		    d * cos(f * t)) - env * (cos(f * t) * (iv + z * u * d) -
		    f * d * sin(f * t));
		return to - env * (((iv + z * u * d) / f) * sin(f * t) +
		    d * cos(f * t));
	}
	if (z == 1.0)
		return to - exp(-u * t) * (d + (iv + u * d) * t);
	env = exp(-z * u * t);
	fft = fmin(f * t, 300.0);
	return to - (env * ((iv + z * u * d) * sinh(fft) +
	    f * d * cosh(fft))) / f;
}

/* animate({type: 'spring', from: x0, to: target, velocity, ...}). */
static void
pm_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w, k, c, m, v0 = su->v0, d = 0.0, z, u;
	int from_duration = su->form == SPRING_ENGINE_DURATION;

	if (from_duration) {
		pm_find_spring(su->duration * 1000.0, su->bounce, su->v0, &k,
		    &c, &d);
		v0 = 0.0;	/* getSpringOptions: velocity 0, mass 1 */
		m = 1.0;
	} else {
		k = spring_stiffness(&su->params);
		c = spring_damping(&su->params);
		m = su->params.mass;
	}
	w[PM_TO] = su->target;
	w[PM_DELTA] = su->target - su->x0;
	w[PM_VELOCITY] = v0 != 0.0 ? -(v0 / 1000.0) : 0.0;
	z = c / (2.0 * sqrt(k * m));
	u = sqrt(k / m) / 1000.0;
	w[PM_ZETA] = z;
	w[PM_UNDAMPED] = u;
	w[PM_FREQ] = z < 1.0 ? u * sqrt(1.0 - z * z) :
	    u * sqrt(z * z - 1.0);
	w[PM_REST_SPEED_W] = spring_engine_knob_or(su, pm_knobs,
	    PM_K_REST_SPEED);
	w[PM_REST_DELTA] = spring_engine_knob_or(su, pm_knobs,
	    PM_K_REST_DELTA);
	if (isnan(w[PM_REST_DELTA]))
		w[PM_REST_DELTA] = fmin(fabs(su->target - su->x0) / 100.0,
		    0.4);
	w[PM_FROM_DURATION] = from_duration;
	w[PM_DURATION] = d;
	w[PM_ELAPSED] = 0.0;
	w[PM_PREV_TS] = 0.0;
	w[PM_STARTED] = 0.0;
	st->x = su->x0;
	st->v = v0;
	st->done = 0;
	st->snap = 0.0;
}

/* framesync's processFrame, then animate's update(delta). */
static void
pm_frame(spring_engine_state *st, double t)
{
	double *w = st->w, ts = engine_perf_now(t), delta, x, v;
	int done;

	st->snap = 0.0;
	if (st->done)
		return;		/* complete(): the driver stopped */
	delta = w[PM_STARTED] == 0.0 ? PM_DEFAULT_TIMESTEP :
	    fmax(fmin(ts - w[PM_PREV_TS], PM_MAX_ELAPSED), 1.0);
	w[PM_STARTED] = 1.0;
	w[PM_PREV_TS] = ts;
	w[PM_ELAPSED] += delta;
	x = pm_resolve(w, fmax(0.0, w[PM_ELAPSED]), &v);
	if (w[PM_FROM_DURATION] == 0.0)
		done = fabs(v * 1000.0) <= w[PM_REST_SPEED_W] &&
		    fabs(w[PM_TO] - x) <= w[PM_REST_DELTA];
	else
		done = w[PM_ELAPSED] >= w[PM_DURATION];
	st->v = v * 1000.0;
	if (done) {
		st->snap = w[PM_TO] - x;
		st->x = w[PM_TO];
		st->done = 1;
	} else
		st->x = x;
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_popmotion = {
	.name = "popmotion",
	.library = "popmotion (framesync)",
	.version = "11.0.5 (framesync 6.1.2)",
	.summary = "closed form at the sum of framesync deltas (first 16.67 "
	    "ms, then 1..40 ms); snaps at |v| <= 2 units/s",
	.source = "npm popmotion 11.0.5 dist/es/animations/generators/"
	    "spring.mjs (spring), animations/index.mjs (animate); framesync "
	    "6.1.2 dist/es/index.mjs (processFrame)",
	.checked = "running library",
	.float32 = 0,
	.check = pm_check,
	.start = pm_start,
	.frame = pm_frame,
	.knobs = pm_knobs,
};

