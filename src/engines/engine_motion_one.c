/*
 * engine_motion_one.c - Motion One 10.18.0's spring easing, as its
 * Animation plays it (npm @motionone/generators, @motionone/dom,
 * @motionone/animation, @motionone/utils 10.18.0; github.com/motiondivision/
 * motionone packages/generators, dom, animation, utils).
 *
 * Motion One does not step a spring per frame: when the animation is
 * created it samples the closed form every 10 ms until the generator says
 * done (pregenerate-keyframes), then plays those keyframes with linear
 * easing.  The shown value is the chord between 10 ms knots.  The
 * keyframes are not stored here (up to 1001): a knot is recomputed when a
 * frame needs it, by the same formula.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"

/* generators/dist/utils/pregenerate-keyframes.es.js */
#define MO_TIME_STEP 10.0	/* ms between keyframes */
#define MO_MAX_DURATION 10000.0	/* ms */
/* generators/dist/utils/velocity.es.js: `const sampleT = 5; // ms` */
#define MO_SAMPLE_T 5.0
/* utils/dist/defaults.es.js: duration 0.3 s when a generator gives 0 */
#define MO_DEFAULT_DURATION 0.3

enum {
	MO_FROM, MO_TO, MO_DELTA,	/* from, to, initialDelta */
	MO_VEL,			/* velocity, units/ms (time.s(velocity)) */
	MO_W0, MO_ZETA, MO_WD,	/* undampedAngularFreq (rad/ms),
				 * dampingRatio, angularFreq */
	MO_REST_SPEED, MO_REST_DIST,
	MO_N,			/* keyframes */
	MO_LAST_TARGET,		/* the last keyframe is `to` (state.done) */
	MO_DURATION,		/* s */
	MO_START,		/* Animation startTime, ms */
	MO_SINGLE,		/* done at 0: the one keyframe twice */
	MO_FINISHED, MO_SNAPPED
};

/*
 * generators/dist/spring/index.es.js spring(): resolveSpring(t), t in ms;
 * the under-damped closed form for dampingRatio < 1, else the critically
 * damped one at the undamped frequency (no over-damped branch).
 */
static double
mo_resolve(const double *w, double t)
{
	double to = w[MO_TO], d = w[MO_DELTA], v = w[MO_VEL];
	double w0 = w[MO_W0], z = w[MO_ZETA], wd = w[MO_WD];

	if (z < 1.0)
		return to - exp(-z * w0 * t) *
		    (((-v + z * w0 * d) / wd) * sin(wd * t) + d * cos(wd * t));
	return to - exp(-w0 * t) * (d + (-v + w0 * d) * t);
}

/*
 * The generator's state at t ms (spring()'s returned function): its value
 * and whether it is done: the velocity, a 5 ms backward difference
 * (velocity.es.js calcGeneratorVelocity, per second by
 * utils/velocity.es.js velocityPerSecond), within restSpeed and the
 * distance to the target within restDistance.
 */
static double
mo_generate(const double *w, double t, int *done)
{
	double cur = mo_resolve(w, t), vel, prev, fd;

	if (t == 0.0)
		vel = w[MO_VEL];
	else {
		prev = fmax(t - MO_SAMPLE_T, 0.0);
		fd = t - prev;
		vel = fd != 0.0 ? (cur - mo_resolve(w, prev)) * (1000.0 / fd) :
		    0.0;
	}
	*done = fabs(vel) <= w[MO_REST_SPEED] &&
	    fabs(w[MO_TO] - cur) <= w[MO_REST_DIST];
	return cur;
}

/* Keyframe i (pregenerateKeyframes: state.done ? state.target : current). */
static double
mo_key(const double *w, long i)
{
	int done;

	if (i == (long)w[MO_N] - 1 && w[MO_LAST_TARGET] != 0.0)
		return w[MO_TO];
	if (w[MO_SINGLE] != 0.0)	/* [state.current, state.current] */
		return mo_generate(w, 0.0, &done);
	return mo_generate(w, (double)i * MO_TIME_STEP, &done);
}

/* Motion One runs every zeta >= 1 as the critical spring. */
static int
mo_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	if (su->params.zeta > 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "Motion One has no over-damped "
			    "spring: zeta %g runs critically damped (zeta 1) "
			    "at the same omega", su->params.zeta);
		return 1;
	}
	return 0;
}

/*
 * new Animation(output, [x0, target], { easing: spring({ stiffness,
 * damping, mass, velocity }) }) at wall time 0: the generator
 * (spring/index.es.js; stiffness omega^2 m, damping 2 zeta omega m, rest
 * speed and distance 0.01 and 0.005, or 2 and 0.5 when |to - from| >= 5),
 * its keyframes counted (pregenerate-keyframes.es.js), the duration their
 * span ((n - 1) 10 ms, or Animation's default 0.3 s when it is 0), and
 * play() reading performance.now() as startTime.
 */
static void
mo_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	double m = su->params.mass, k, c, ts;
	double om = su->params.omega;
	int done;
	long n;

	k = om * om * m;
	c = 2.0 * su->params.zeta * om * m;
	w[MO_FROM] = su->x0;
	w[MO_TO] = su->target;
	w[MO_DELTA] = su->target - su->x0;
	w[MO_VEL] = su->v0 != 0.0 ? su->v0 / 1000.0 : 0.0;
	w[MO_W0] = sqrt(k / m) / 1000.0;
	/* spring/utils.es.js calcDampingRatio */
	w[MO_ZETA] = c / (2.0 * sqrt(k * m));
	w[MO_WD] = w[MO_W0] * sqrt(1.0 - w[MO_ZETA] * w[MO_ZETA]);
	if (fabs(w[MO_DELTA]) < 5.0) {
		w[MO_REST_SPEED] = 0.01;
		w[MO_REST_DIST] = 0.005;
	} else {
		w[MO_REST_SPEED] = 2.0;
		w[MO_REST_DIST] = 0.5;
	}
	mo_generate(w, 0.0, &done);
	n = 1;
	ts = MO_TIME_STEP;
	while (!done && ts < MO_MAX_DURATION) {
		mo_generate(w, ts, &done);
		n++;
		ts += MO_TIME_STEP;
	}
	w[MO_LAST_TARGET] = done && n > 1;
	w[MO_DURATION] = (ts - MO_TIME_STEP) / 1000.0;
	w[MO_SINGLE] = n == 1;
	if (n == 1)
		n = 2;	/* "generate a second keyframe" */
	w[MO_N] = (double)n;
	/* Animation constructor: custom.duration || initialDuration */
	if (w[MO_DURATION] == 0.0)
		w[MO_DURATION] = MO_DEFAULT_DURATION;
	w[MO_START] = engine_perf_now(0.0);
	w[MO_FINISHED] = 0.0;
	w[MO_SNAPPED] = 0.0;
	st->x = su->x0;
	st->v = su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/* utils/dist/mix.es.js mix() */
static double
mo_mix(double a, double b, double p)
{
	return -p * a + p * b + a;
}

/* utils/dist/offset.es.js defaultOffset: knot j at j / (n - 1). */
static double
mo_offset(long j, long n)
{
	return (double)j / (double)(n - 1);
}

/*
 * Animation.tick (animation/dist/Animation.es.js) at the rAF timestamp
 * 1000 + 1000 t: t = (timestamp - startTime) / 1000 s, progress t /
 * duration (1 from the end on), eased linearly (getEasingFunction("linear")
 * is noopReturn) and mapped through utils interpolate(): the segment i
 * with progress below offset i + 1, mix(key i, key i+1, clamped progress
 * within it).  Finished (no further frame requested) once t >= duration.
 */
static void
mo_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	double tt, progress, ip, p, a, b, q, lo, hi, dur = w[MO_DURATION];
	long n = (long)w[MO_N], i;

	st->snap = 0.0;
	if (w[MO_FINISHED] != 0.0)
		return;
	tt = (engine_perf_now(t) - w[MO_START]) * 1.0;
	tt /= 1000.0;
	tt = fmax(tt - 0.0, 0.0);
	progress = tt / dur;
	ip = fmod(progress, 1.0);
	if (ip == 0.0 && progress >= 1.0)
		ip = 1.0;
	p = tt >= dur ? 1.0 : fmin(ip, 1.0);
	/* interpolate(): for (i = 0; i < n - 2; i++) if (p < input[i+1])
	 * break;  started near the answer */
	i = (long)(p * (double)(n - 1));
	if (i > n - 2)
		i = n - 2;
	if (i < 0)
		i = 0;
	while (i > 0 && !(p >= mo_offset(i, n)))
		i--;
	while (i < n - 2 && !(p < mo_offset(i + 1, n)))
		i++;
	lo = mo_offset(i, n);
	hi = mo_offset(i + 1, n);
	q = hi - lo == 0.0 ? 1.0 : (p - lo) / (hi - lo);
	q = fmin(fmax(q, 0.0), 1.0);
	a = mo_key(w, i);
	b = mo_key(w, i + 1);
	st->x = mo_mix(a, b, q);
	/* Motion One keeps no velocity: the chord's slope, units/s */
	st->v = (b - a) / (dur * (hi - lo));
	if (i + 1 == n - 1 && w[MO_LAST_TARGET] != 0.0 &&
	    w[MO_SNAPPED] == 0.0) {
		/* the last keyframe is the target, not the spring */
		st->snap = st->x - mo_mix(a, mo_resolve(w,
		    (double)(n - 1) * MO_TIME_STEP), q);
		w[MO_SNAPPED] = 1.0;
	}
	if (tt >= dur + 0.0) {
		w[MO_FINISHED] = 1.0;
		st->done = 1;
		st->v = 0.0;
	}
}

/*
 * The engine, exported as the struct itself: a pointer variable (the
 * plan's `const spring_engine *const`) is no constant initializer for
 * engine.c's table in C.
 */
const spring_engine spring_engine_motion_one = {
	.name = "motion-one",
	.library = "@motionone/dom",
	.version = "10.18.0",
	.summary = "the closed form sampled every 10 ms until at rest (last "
	    "keyframe the target), played back linearly; zeta >= 1 runs "
	    "critical",
	.source = "npm @motionone/generators 10.18.0 dist/spring/index.es.js, "
	    "dist/utils/pregenerate-keyframes.es.js; @motionone/dom "
	    "dist/easing/create-generator-easing.es.js; @motionone/animation "
	    "dist/Animation.es.js",
	.checked = "running library",
	.float32 = 0,
	.check = mo_check,
	.start = mo_start,
	.frame = mo_frame,
};
