/*
 * engine_remotion.c - Remotion 4.0.541's spring() (npm remotion 4.0.541,
 * dist/cjs/spring/index.js, spring-utils.js, measure-spring.js,
 * interpolate.js; github.com/remotion-dev/remotion packages/core/src/
 * spring/).
 *
 * Remotion renders video: spring() is a pure function of the frame
 * number at the composition's fps.  springCalculation steps the integer
 * frames 0..f from rest at 0 towards 1, frame n at now = n / fps s, each
 * an exact analytic step from the previous frame's (x, v) over the time
 * between them capped at 64 ms; the result is mapped onto [from, to].
 * The library keeps its integer frames in a cache, so a frame is one
 * step after the previous one: here the last integer frame is kept.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "internal.h"

/* spring-utils.js advance(): `Math.min(now - lastTimestamp, 64)` (ms) */
#define RM_MAX_STEP 64.0
/* measure-spring.js measureSpring(): threshold 0.005, held 20 frames */
#define RM_THRESHOLD 0.005
#define RM_HOLD 20
/* springsim's bound on measureSpring's loop (the library has none) */
#define RM_MEASURE_MAX 10000000.0
/* springsim's bound on frames stepped one by one to catch up (rm_closed) */
#define RM_CATCHUP_MAX 1000000.0

enum {
	RM_K, RM_C, RM_M,	/* config stiffness, damping, mass */
	RM_FPS,			/* the composition's fps */
	RM_FROM, RM_TO,		/* spring()'s from and to */
	RM_CLAMP,		/* config.overshootClamping */
	RM_DIF,			/* durationInFrames; 0: none */
	RM_NATURAL,		/* measureSpring()'s frames */
	RM_F,			/* the last integer frame stepped; -1 none */
	RM_CUR, RM_VEL, RM_LAST	/* its current, velocity (1/s),
				 * lastTimestamp (ms) */
};

/* The knobs: the rows' indices are their knobs' in the setup's knob[]. */
enum { RM_K_CLAMP, RM_K_DIF };
static const spring_engine_knob rm_knobs[] = {
	[RM_K_CLAMP] = { .option = "overshootClamping",
	    .flag = "remotion-overshoot-clamping",
	    .kind = SPRING_KNOB_SWITCH, .min = 0, .max = 1, .def = 0,
	    .def_text = "false", .help = "min(x, 1) of the normalised value: "
	    "a clip at the target, no end, no clamp below the start" },
	[RM_K_DIF] = { .option = "durationInFrames",
	    .flag = "remotion-duration-in-frames", .arg = "N",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = 1e9, .min_open = 1,
	    .def = NAN, .def_text = "none", .help = "the frames stretched "
	    "so the spring ends on the target at frame N, N > 0" },
	{ .option = NULL }
};

/* One normalised state of spring-utils.js: current, velocity, timestamp. */
struct rm_anim {
	double cur, vel, last;
};

/*
 * spring-utils.js advance()'s formulas: a's state carried t s toward 1,
 * the under-damped closed form for zeta < 1, else the critically damped
 * one at omega0 = sqrt(k / m) (no over-damped branch).  Where the
 * envelope underflows to 0 the state is (1, 0), the formulas' value for
 * any finite t, and no NaN for t = inf.
 */
static void
rm_flow(const double *w, struct rm_anim *a, double t)
{
	double c = w[RM_C], m = w[RM_M], k = w[RM_K];
	double v0 = -a->vel, x0 = 1.0 - a->cur;
	double zeta = c / (2.0 * sqrt(k * m)), omega0 = sqrt(k / m);
	double omega1, s1, c1, env, frag, zo;

	env = exp(-(zeta < 1.0 ? zeta : 1.0) * omega0 * t);
	if (env == 0.0) {
		a->cur = 1.0;
		a->vel = 0.0;
		return;
	}
	if (zeta < 1.0) {
		omega1 = omega0 * sqrt(1.0 - zeta * zeta);
		s1 = sin(omega1 * t);
		c1 = cos(omega1 * t);
		zo = zeta * omega0;
		frag = env * (s1 * ((v0 + zo * x0) / omega1) + x0 * c1);
		a->cur = 1.0 - frag;
		a->vel = zo * frag - env * (c1 * (v0 + zo * x0) -
		    omega1 * x0 * s1);
	} else {
		a->cur = 1.0 - env * (x0 + (v0 + omega0 * x0) * t);
		a->vel = env * (v0 * (t * omega0 - 1.0) + t * x0 * omega0 *
		    omega0);
	}
}

/*
 * spring-utils.js advance(): from a's state to now (ms), the step capped
 * at 64 ms (`Math.min(now - lastTimestamp, 64)`); toValue is 1.
 */
static void
rm_advance(const double *w, struct rm_anim *a, double now)
{
	rm_flow(w, a, fmin(now - a->last, RM_MAX_STEP) / 1000.0);
	a->last = now;
}

/*
 * Integer frame n from rest in one closed form: after frame 0 every step
 * spans min(1000 / fps, 64) ms and advance() is the exact flow of its
 * spring, so frame n is that flow over n such steps.  For a catch-up
 * longer than RM_CATCHUP_MAX frames only (the library steps them all):
 * a --remotion-duration-in-frames below 1 puts the frame past it far out.
 */
static struct rm_anim
rm_closed(const double *w, double n)
{
	struct rm_anim a = { 0.0, 0.0, 0.0 };

	rm_flow(w, &a, n * fmin(1000.0 / w[RM_FPS], RM_MAX_STEP) / 1000.0);
	a.last = n / w[RM_FPS] * 1000.0;
	return a;
}

/* Integer frame n's step (springCalculation: now = (n / fps) * 1000). */
static void
rm_step(const double *w, struct rm_anim *a, double n)
{
	rm_advance(w, a, n / w[RM_FPS] * 1000.0);
}

/*
 * measure-spring.js measureSpring(): the first integer frame whose
 * distance to 1 is below the threshold, then 20 more frames (a frame
 * above it sets i = 0, which the loop's i++ makes 1, and moves the end
 * past it); -1 when springsim's bound is hit first.
 */
static double
rm_measure(const double *w)
{
	struct rm_anim a = { 0.0, 0.0, 0.0 };
	double frame = 0.0, finished;
	int i;

	rm_step(w, &a, frame);
	while (fabs(a.cur - 1.0) >= RM_THRESHOLD) {
		if (++frame > RM_MEASURE_MAX)
			return -1.0;
		rm_step(w, &a, frame);
	}
	finished = frame;
	for (i = 0; i < RM_HOLD; i++) {
		if (++frame > RM_MEASURE_MAX)
			return -1.0;
		rm_step(w, &a, frame);
		if (fabs(a.cur - 1.0) >= RM_THRESHOLD) {
			i = 0;
			finished = frame + 1.0;
		}
	}
	return finished;
}

/*
 * Remotion has no start velocity, refuses damping 0 ("Spring damping
 * must be greater than 0") and needs integer frames at one fps; it runs
 * an over-damped spring critically damped.
 */
static int
rm_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	double w[RM_LAST + 1], om = su->params.omega, m = su->params.mass;

	if (su->fps <= 0.0) {
		if (msg != NULL)
			snprintf(msg, len, "Remotion's spring() is a function "
			    "of integer frames at the composition's fps: give "
			    "--fps or --dt, not --frames-from, --dt-jitter or "
			    "--hitch");
		return -1;
	}
	if (su->v0 != 0.0) {
		if (msg != NULL)
			snprintf(msg, len, "--v0 %g: Remotion's spring() starts "
			    "at rest (it takes no velocity)", su->v0);
		return -1;
	}
	if (su->params.zeta <= 0.0) {
		if (msg != NULL)
			snprintf(msg, len, "Remotion refuses damping 0 "
			    "(\"Spring damping must be greater than 0\")");
		return -1;
	}
	if (su->knob_given >> RM_K_DIF & 1u) {
		w[RM_K] = om * om * m;
		w[RM_C] = 2.0 * su->params.zeta * om * m;
		w[RM_M] = m;
		w[RM_FPS] = su->fps;
		if (rm_measure(w) < 0.0) {
			if (msg != NULL)
				snprintf(msg, len, "--remotion-duration-in-"
				    "frames: measureSpring() does not settle "
				    "within %g frames", RM_MEASURE_MAX);
			return -1;
		}
	}
	if (su->params.zeta > 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "Remotion has no over-damped "
			    "spring: zeta %g runs critically damped (zeta 1) "
			    "at the same omega", su->params.zeta);
		return 1;
	}
	return 0;
}

/*
 * spring({ frame, fps, config: { stiffness: omega^2 m, damping:
 * 2 zeta omega m, mass: m, overshootClamping }, from: x0, to: target,
 * durationInFrames }); the natural duration measured once.
 */
static void
rm_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w, om = su->params.omega, m = su->params.mass;
	double dif;

	w[RM_K] = om * om * m;
	w[RM_C] = 2.0 * su->params.zeta * om * m;
	w[RM_M] = m;
	w[RM_FPS] = su->fps;
	w[RM_FROM] = su->x0;
	w[RM_TO] = su->target;
	w[RM_CLAMP] = spring_engine_knob_or(su, rm_knobs, RM_K_CLAMP) != 0;
	dif = spring_engine_knob_or(su, rm_knobs, RM_K_DIF);
	w[RM_DIF] = isnan(dif) ? 0.0 : dif;
	w[RM_NATURAL] = w[RM_DIF] > 0.0 ? rm_measure(w) : 0.0;
	w[RM_F] = -1.0;
	w[RM_CUR] = w[RM_VEL] = w[RM_LAST] = 0.0;
	st->x = su->x0;
	st->v = 0.0;
	st->done = 0;
	st->snap = 0.0;
}

/*
 * springCalculation() at frame g >= 0 (fractional after durationInFrames'
 * stretch): the integer frames up to floor(g), resumed from the last one
 * kept (restarted if g went back), then an uneven step to g / fps not
 * kept ("Only resume from an integer frame").
 */
static struct rm_anim
rm_calc(double *w, double g)
{
	struct rm_anim a;
	double n = floor(g), f;

	if (n < w[RM_F]) {
		w[RM_F] = -1.0;
		w[RM_CUR] = w[RM_VEL] = w[RM_LAST] = 0.0;
	}
	a.cur = w[RM_CUR];
	a.vel = w[RM_VEL];
	a.last = w[RM_LAST];
	if (n - w[RM_F] > RM_CATCHUP_MAX)
		a = rm_closed(w, n);
	else
		for (f = w[RM_F] + 1.0; f <= n; f++)
			rm_step(w, &a, f);
	w[RM_F] = n;
	w[RM_CUR] = a.cur;
	w[RM_VEL] = a.vel;
	w[RM_LAST] = a.last;
	if (fmod(g, 1.0) > 0.0)
		rm_advance(w, &a, g / w[RM_FPS] * 1000.0);
	return a;
}

/* interpolate(inner, [0, 1], [from, to]) with extrapolation 'extend'. */
static double
rm_map(const double *w, double inner)
{
	if (w[RM_FROM] == 0.0 && w[RM_TO] == 1.0)
		return inner;
	if (w[RM_FROM] == w[RM_TO])
		return w[RM_FROM];
	return inner * (w[RM_TO] - w[RM_FROM]) + w[RM_FROM];
}

/*
 * spring() at the frame n = t fps (a whole number on an even clock):
 * with durationInFrames, past it `to` exactly (springsim's done: the
 * library declares no end), else the frame stretched by natural /
 * durationInFrames; overshootClamping takes min(x, 1) of the normalised
 * value.  The velocity shown is the library's, in units/s (0 clipped).
 */
static void
rm_frame(spring_engine_state *st, double t)
{
	double *w = st->w, n = nearbyint(t * w[RM_FPS]), g = n, inner;
	struct rm_anim a;

	st->snap = 0.0;
	if (st->done)
		return;
	if (w[RM_DIF] > 0.0 && n > w[RM_DIF]) {
		a = rm_calc(w, n / (w[RM_DIF] / w[RM_NATURAL]));
		st->snap = w[RM_TO] - rm_map(w, w[RM_CLAMP] != 0.0 ?
		    fmin(a.cur, 1.0) : a.cur);
		st->x = w[RM_TO];
		st->v = 0.0;
		st->done = 1;
		return;
	}
	if (w[RM_DIF] > 0.0)
		g = n / (w[RM_DIF] / w[RM_NATURAL]);
	a = rm_calc(w, fmax(g, 0.0));
	inner = a.cur;
	st->v = a.vel * (w[RM_TO] - w[RM_FROM]);
	if (w[RM_DIF] > 0.0)
		st->v *= w[RM_NATURAL] / w[RM_DIF];
	if (w[RM_CLAMP] != 0.0 && inner > 1.0) {
		inner = 1.0;
		st->v = 0.0;
	}
	st->x = rm_map(w, inner);
}

/*
 * The engine, exported as the struct itself: a pointer variable (the
 * plan's `const spring_engine *const`) is no constant initializer for
 * engine.c's table in C.
 */
const spring_engine spring_engine_remotion = {
	.name = "remotion",
	.library = "remotion spring()",
	.version = "4.0.541",
	.summary = "a function of the integer frame at the composition's fps: "
	    "exact steps frame to frame, each capped at 64 ms; zeta >= 1 "
	    "runs critical; no rest test",
	.source = "npm remotion 4.0.541 dist/cjs/spring/index.js spring(), "
	    "spring-utils.js springCalculation() advance(), "
	    "measure-spring.js measureSpring()",
	.checked = "running library",
	.float32 = 0,
	.check = rm_check,
	.start = rm_start,
	.frame = rm_frame,
	.knobs = rm_knobs,
};
