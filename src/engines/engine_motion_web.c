/*
 * engine_motion_web.c - Motion's spring where the browser runs it
 * (motion / framer-motion 14.14.0, motion-dom 14.14.0; motiondivision/
 * motion): not the JS tick of engine_motion.c but a CSS linear() easing
 * made from the same generator, which the browser interpolates.  Read in
 * the npm files node loads, motion-dom dist/es/animation/:
 *
 * - motion-waapi, the WAAPI path for transform and opacity
 *   (NativeAnimation.mjs constructor -> waapi/utils/apply-generator.mjs
 *   applyGeneratorOptions -> generators/spring.mjs spring.applyToOptions
 *   -> generators/utils/create-generator-easing.mjs createGeneratorEasing
 *   (options, 100, springGenerator); waapi/start-waapi-animation.mjs
 *   startWaapiAnimation -> waapi/easing/map-easing.mjs
 *   mapEasingToNativeEasing -> waapi/utils/linear.mjs
 *   generateLinearEasing(ease, duration) at its default 10 ms
 *   resolution): the generator runs on keyframes [0, 100], the velocity
 *   scaled by 100 / (target - x0) (unscaled where that is 0), so its
 *   default rest thresholds are 2 and 0.5 of 100; the duration is
 *   calcGeneratorDuration's (generators/utils/calc-duration.mjs: the
 *   first 50 ms multiple at which next() is done, capped at 20000 ms);
 *   the animation's duration is that in ms through seconds and back
 *   (secondsToMilliseconds(millisecondsToSeconds(d))); max(round(D / 10),
 *   2) points, point i the generator's next(d i / (n - 1)).value / 100
 *   (the rest snap: exactly the target once at rest), each rounded to 4
 *   decimals (Math.round(x 10000) / 10000); element.animate({[name]:
 *   [x0, target]}, {duration, easing: "linear(...)", fill: "both"}).
 *   Motion takes this path only where supportsBrowserAnimation
 *   (waapi/supports/waapi.mjs) holds, which needs damping !== 0: an
 *   undamped physics spring is refused here (--engine motion runs it).
 * - motion-css, spring(...).toString() (generators/spring.mjs
 *   springGenerator's toString) for CSS transitions: the generator on
 *   keyframes [0, 1] (rest thresholds 0.01 and 0.005), the same duration,
 *   generateLinearEasing(..., duration, 30): max(round(D / 30), 2)
 *   points, rounded likewise; "<D>ms linear(...)".  A start velocity is
 *   springsim's v0 / (target - x0), progress per second (none where that
 *   is 0); duration springs start from rest (inheritVelocity).
 *
 * Not modelled: independent transforms (x, scale ...) on an HTML element,
 * which Motion groups into one TransformAnimation with its own traced
 * easing (waapi/transforms/TransformAnimation.mjs).
 *
 * The browser: the animation's currentTime at frame k is the frame's wall
 * time, 1000 t_k ms (AsyncMotionValueAnimation.mjs sets a WAAPI
 * animation's startTime to its creation time, resolveStartTime; a browser
 * that starts it a frame later shifts every frame by one); input progress
 * min(t / D, 1); the linear() easing per CSS Easing Level 2 ("linear
 * easing function": the points' inputs spread evenly from 0 to 1, the
 * last point whose input is <= the progress and the next, interpolated
 * linearly); the value
 * x0 + (target - x0) E.  From currentTime >= D on the animation is
 * finished (fill both holds the end; Motion's onfinish commits the final
 * keyframe, the target): done, the value the target.  The velocity shown
 * is the slope of the segment the frame is in (units/s), 0 once done: the
 * browser keeps none.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "internal.h"

/* engine_motion.c's row: its check is the library's too. */
extern const spring_engine spring_engine_motion;

#define MW_MAX_GENERATOR	20000.0	/* ms, maxGeneratorDuration */
#define MW_WAAPI_SCALE		100.0	/* createGeneratorEasing's scale */
#define MW_WAAPI_RESOLUTION	10.0	/* ms, generateLinearEasing's default */
#define MW_CSS_RESOLUTION	30.0	/* ms, springGenerator's toString */

/* The engine's words, past the generator's. */
enum {
	MW_X0 = SPRING_MOTION_GEN_WORDS, MW_DELTA, MW_TARGET,
	MW_SCALE,		/* the keyframes' end: 100 or 1 */
	MW_D,			/* the easing's duration, ms */
	MW_ACTIVE,		/* the animation's duration, ms */
	MW_POINTS		/* n */
};
_Static_assert(MW_POINTS < SPRING_ENGINE_WORDS, "the engine's words");

/*
 * Motion's restSpeed and restDelta reach the generator as given
 * (createGeneratorEasing spreads the options; toString's generator is the
 * user's spring()): in the keyframes' units, 0..100 for WAAPI, 0..1 for
 * CSS, not the value's.  The rows in engine_motion.c's order (its check
 * reads su->knob by that index).
 */
enum { MW_K_REST_SPEED, MW_K_REST_DELTA };
static const spring_engine_knob mw_waapi_knobs[] = {
	[MW_K_REST_SPEED] = { .option = "restSpeed",
	    .flag = "motion-rest-speed", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "2 (of the 0..100 easing scale)",
	    .help = "Motion's restSpeed: at rest at or below this speed, in the "
	    "keyframes' units/s (motion-waapi: of 0..100; motion-css: of "
	    "0..1) (0: the default)" },
	[MW_K_REST_DELTA] = { .option = "restDelta",
	    .flag = "motion-rest-delta", .arg = "D",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "0.5 (of the 0..100 easing scale)",
	    .help = "Motion's restDelta: at rest within it of the target, in the "
	    "keyframes' units (motion-waapi: of 0..100; motion-css: of 0..1) "
	    "(0: the default)" },
	{ .option = NULL }
};
static const spring_engine_knob mw_css_knobs[] = {
	[MW_K_REST_SPEED] = { .option = "restSpeed",
	    .flag = "motion-rest-speed", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "0.01 (of the 0..1 easing scale)",
	    .help = "Motion's restSpeed: at rest at or below this speed, in the "
	    "keyframes' units/s (motion-waapi: of 0..100; motion-css: of "
	    "0..1) (0: the default)" },
	[MW_K_REST_DELTA] = { .option = "restDelta",
	    .flag = "motion-rest-delta", .arg = "D",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = NAN, .def_text = "0.005 (of the 0..1 easing scale)",
	    .help = "Motion's restDelta: at rest within it of the target, in the "
	    "keyframes' units (motion-waapi: of 0..100; motion-css: of 0..1) "
	    "(0: the default)" },
	{ .option = NULL }
};

/* JS Math.round: the nearest integer, halves towards +infinity. */
static double
mw_round(double x)
{
	double r = floor(x);

	return x - r >= 0.5 ? r + 1.0 : r;
}

/*
 * generateLinearEasing's point i: easing(i / (n - 1)), the generator's
 * next(d progress).value over the scale, to 4 decimals.
 */
static double
mw_point(const double *w, double i)
{
	double p = i / (w[MW_POINTS] - 1.0);
	double e = spring_motion_generator_value(w, w[MW_D] * p) / w[MW_SCALE];

	return mw_round(e * 10000.0) / 10000.0;
}

/*
 * The generator on keyframes [0, scale] with velocity (in the scale's
 * units a second), its duration and the points (resolution ms each):
 * createGeneratorEasing with generateLinearEasing, or toString.
 */
static void
mw_start(const spring_engine_setup *su, spring_engine_state *st,
    double scale, double velocity, double resolution)
{
	double *w = st->w, d;

	spring_motion_generator(su, 0.0, scale, velocity,
	    spring_engine_knob_or(su, mw_css_knobs, MW_K_REST_SPEED),
	    spring_engine_knob_or(su, mw_css_knobs, MW_K_REST_DELTA), w);
	/* Math.min(calcGeneratorDuration(generator), maxGeneratorDuration) */
	d = fmin(spring_motion_generator_scan(w), MW_MAX_GENERATOR);
	w[MW_D] = d;
	w[MW_ACTIVE] = scale == MW_WAAPI_SCALE ? d / 1000.0 * 1000.0 : d;
	w[MW_POINTS] = fmax(mw_round(w[MW_ACTIVE] / resolution), 2.0);
	w[MW_SCALE] = scale;
	w[MW_X0] = su->x0;
	w[MW_TARGET] = su->target;
	w[MW_DELTA] = su->target - su->x0;
	st->x = su->x0;
	st->v = su->form == SPRING_ENGINE_DURATION ? 0.0 : su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/* createGeneratorEasing(options, 100, springGenerator): v * 100 / delta. */
static void
mw_waapi_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double delta = su->target - su->x0, v = su->v0;

	mw_start(su, st, MW_WAAPI_SCALE,
	    v != 0.0 && delta != 0.0 ? v * MW_WAAPI_SCALE / delta : v,
	    MW_WAAPI_RESOLUTION);
}

/* spring({..., keyframes: [0, 1], velocity: v0 / delta}).toString(). */
static void
mw_css_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double delta = su->target - su->x0;

	mw_start(su, st, 1.0, delta != 0.0 ? su->v0 / delta : 0.0,
	    MW_CSS_RESOLUTION);
}

/*
 * The browser's frame at wall time t (s): the linear() easing at
 * progress 1000 t / D (CSS Easing Level 2), the keyframes interpolated.
 */
static void
mw_frame(spring_engine_state *st, double t)
{
	double *w = st->w, now = t * 1000.0, p, n1 = w[MW_POINTS] - 1.0;
	double a, ia, ib, oa, ob, e;

	st->snap = 0.0;
	if (st->done)
		return;
	if (!(now < w[MW_ACTIVE])) {
		/* finished: the last point, then the committed target */
		oa = mw_point(w, n1);
		st->snap = w[MW_TARGET] - (w[MW_X0] + w[MW_DELTA] * oa);
		st->x = w[MW_TARGET];
		st->v = 0.0;
		st->done = 1;
		return;
	}
	p = fmax(now, 0.0) / w[MW_ACTIVE];
	/* the last point whose input i / (n - 1) is <= p, not the last */
	a = fmin(floor(p * n1), n1 - 1.0);
	while (a > 0.0 && a / n1 > p)
		a -= 1.0;
	while (a + 1.0 < n1 && (a + 1.0) / n1 <= p)
		a += 1.0;
	ia = a / n1;
	ib = (a + 1.0) / n1;
	oa = mw_point(w, a);
	ob = mw_point(w, a + 1.0);
	e = oa + (p - ia) / (ib - ia) * (ob - oa);
	st->x = w[MW_X0] + w[MW_DELTA] * e;
	/* the segment's slope: progress per ms to units/s */
	st->v = w[MW_DELTA] * (ob - oa) / ((ib - ia) * w[MW_ACTIVE]) * 1000.0;
}

/*
 * Motion's own refusals and clamps (engine_motion.c's check), then the
 * web's: WAAPI is not used for damping 0; an easing cut at 20 s.
 */
static int
mw_check(const spring_engine_setup *su, char *msg, unsigned long len,
    int waapi)
{
	spring_engine_state st;
	int r = spring_engine_motion.check(su, msg, len);

	if (r != 0)
		return r;
	if (waapi && su->form == SPRING_ENGINE_PHYSICAL &&
	    su->params.zeta == 0.0) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "Motion runs damping 0 on its JS "
			    "tick, not WAAPI (supportsBrowserAnimation): "
			    "--engine motion runs it");
		return -1;
	}
	spring_motion_generator(su, 0.0, waapi ? MW_WAAPI_SCALE : 1.0, 0.0,
	    spring_engine_knob_or(su, mw_css_knobs, MW_K_REST_SPEED),
	    spring_engine_knob_or(su, mw_css_knobs, MW_K_REST_DELTA), st.w);
	/* done at 19950 ms: the scan ends by then (one evaluation, not 400) */
	if (!spring_motion_generator_done(st.w, MW_MAX_GENERATOR - 50.0) &&
	    spring_motion_generator_scan(st.w) == INFINITY) {
		if (msg != NULL && len > 0)
			snprintf(msg, len, "not at rest by 20 s: Motion cuts "
			    "the easing at 20000 ms and ends on the target");
		return 1;
	}
	return 0;
}

/* The WAAPI path's check. */
static int
mw_waapi_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	return mw_check(su, msg, len, 1);
}

/* spring().toString()'s check. */
static int
mw_css_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	return mw_check(su, msg, len, 0);
}

/* The table rows (engine.c takes their addresses). */
const spring_engine spring_engine_motion_waapi = {
	.name = "motion-waapi",
	.library = "motion-dom (motion, framer-motion)",
	.version = "14.14.0",
	.summary = "Motion's WAAPI linear() easing: points every ~10 ms of the "
	    "generator on 0..100, 4 decimals, interpolated at t / D; "
	    "v is the segment's slope",
	.source = "npm motion-dom 14.14.0 dist/es/animation/generators/utils/"
	    "create-generator-easing.mjs, waapi/utils/linear.mjs "
	    "(generateLinearEasing), NativeAnimation.mjs",
	.checked = "running library",
	.float32 = 0,
	.check = mw_waapi_check,
	.start = mw_waapi_start,
	.frame = mw_frame,
	.knobs = mw_waapi_knobs,
};

const spring_engine spring_engine_motion_css = {
	.name = "motion-css",
	.library = "motion-dom (motion, framer-motion)",
	.version = "14.14.0",
	.summary = "spring().toString(): \"<D>ms linear(...)\", points every "
	    "~30 ms of the generator on 0..1, 4 decimals, interpolated at "
	    "t / D; v is the segment's slope",
	.source = "npm motion-dom 14.14.0 dist/es/animation/generators/"
	    "spring.mjs (springGenerator's toString), waapi/utils/linear.mjs",
	.checked = "running library",
	.float32 = 0,
	.check = mw_css_check,
	.start = mw_css_start,
	.frame = mw_frame,
	.knobs = mw_css_knobs,
};
