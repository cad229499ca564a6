/*
 * engine_react_motion.c - react-motion 0.5.2's <Motion> spring, as its
 * rAF loop runs it (npm react-motion 0.5.2, lib/Motion.js, lib/stepper.js,
 * lib/spring.js; github.com/chenglou/react-motion src/Motion.js,
 * src/stepper.js).
 *
 * Motion keeps an "ideal" state stepped at a fixed 1/60 s by semi-implicit
 * Euler (stepper.js) and shows the linear interpolation between the ideal
 * state and one step past it, by the leftover fraction of a step.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

/* lib/Motion.js: `var msPerFrame = 1000 / 60;` */
#define RM_MS_PER_FRAME (1000.0 / 60.0)
/* lib/spring.js defaultConfig: presets.noWobble plus `precision: 0.01` */
#define RM_PRECISION 0.01

/* The engine's words in st->w. */
enum {
	RM_K, RM_B, RM_DEST,	/* spring(val, {stiffness, damping}) */
	RM_PREV,		/* this.prevTime, ms */
	RM_ACC,			/* this.accumulatedTime, ms */
	RM_IX, RM_IV,		/* state.lastIdealStyle / lastIdealVelocity */
	RM_RUN,			/* a rAF callback is pending */
	RM_WAS,			/* this.wasAnimating */
	RM_SNAPPED,		/* the rest snap was reported */
	RM_PREC			/* the style's precision */
};

/*
 * spring()'s knob, precision (`_extends({}, defaultConfig, config)`: any
 * number kept): the row's index is its knob's in the setup's knob[].
 */
enum { RM_K_PRECISION };
static const spring_engine_knob rm_knobs[] = {
	[RM_K_PRECISION] = { .option = "precision",
	    .flag = "react-motion-precision", .arg = "P",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = RM_PRECISION, .def_text = "0.01 (spring.js defaultConfig)",
	    .help = "react-motion's spring() precision: the stepper snaps "
	    "when the speed and the distance are both below it" },
	{ .option = NULL }
};

/*
 * lib/stepper.js stepper(): one semi-implicit Euler step of h s, mass 1
 * ("usually we put mass here ... you could simply adjust k and b"); within
 * precision of rest in both position and velocity it returns (destX, 0).
 * *snapped is set when that snap moves a state that was not at rest.
 */
static void
rm_stepper(double h, double x, double v, double dest, double k, double b,
    double precision, double *nx_out, double *nv_out, int *snapped)
{
	double fspring = -k * (x - dest);
	double fdamper = -b * v;
	double a = fspring + fdamper;
	double nv = v + a * h;
	double nx = x + nv * h;

	if (fabs(nv) < precision && fabs(nx - dest) < precision) {
		if (x != dest || v != 0.0)
			*snapped = 1;
		*nx_out = dest;
		*nv_out = 0.0;
		return;
	}
	*nx_out = nx;
	*nv_out = nv;
}

/* react-motion has no mass (it cancels) and no start velocity. */
static int
rm_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	if (su->v0 != 0.0) {
		if (msg != NULL)
			snprintf(msg, len, "react-motion has no start velocity "
			    "(<Motion> starts every style at rest): runs v0 0");
		return 1;
	}
	return 0;
}

/*
 * Motion's constructor (defaultState: the style and the ideal style at
 * defaultStyle, velocities 0) and componentDidMount (prevTime =
 * performance.now(), startAnimationIfNecessary: a rAF requested), at wall
 * time 0.  stiffness = omega^2, damping = 2 zeta omega (mass 1).
 */
static void
rm_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double w = su->params.omega;

	st->w[RM_K] = w * w;
	st->w[RM_B] = 2.0 * su->params.zeta * w;
	st->w[RM_DEST] = su->target;
	st->w[RM_PREV] = engine_perf_now(0.0);
	st->w[RM_ACC] = 0.0;
	st->w[RM_IX] = su->x0;
	st->w[RM_IV] = 0.0;
	st->w[RM_RUN] = 1.0;
	st->w[RM_WAS] = 0.0;
	st->w[RM_SNAPPED] = 0.0;
	st->w[RM_PREC] = spring_engine_knob_or(su, rm_knobs, RM_K_PRECISION);
	st->x = su->x0;
	st->v = 0.0;
	st->done = 0;
	st->snap = 0.0;
}

/*
 * The ideal state n steps on, and the shown one: lerp(S_n, S_n+1, frac)
 * (Motion.js startAnimationIfNecessary, the loop over framesToCatchUp and
 * the extra _stepper2 step, thrown away but for the interpolation).
 */
static int
rm_steps(const spring_engine_state *st, double n, double frac,
    double precision, double *ix, double *iv, double *x, double *v)
{
	double h = RM_MS_PER_FRAME / 1000.0, nx, nv;
	double k = st->w[RM_K], b = st->w[RM_B], dest = st->w[RM_DEST];
	int snapped = 0;
	double i;

	*ix = st->w[RM_IX];
	*iv = st->w[RM_IV];
	for (i = 0; i < n; i++)
		rm_stepper(h, *ix, *iv, dest, k, b, precision, ix, iv,
		    &snapped);
	rm_stepper(h, *ix, *iv, dest, k, b, precision, &nx, &nv, &snapped);
	*x = *ix + (nx - *ix) * frac;
	*v = *iv + (nv - *iv) * frac;
	return snapped;
}

/*
 * One rAF callback of Motion.js startAnimationIfNecessary, timestamp
 * 1000 + 1000 t ms: stop (and onRest) if the shown style is the
 * destination at velocity 0 (shouldStopAnimation.js); else add the time
 * since the last callback to accumulatedTime, dropping all of it past 10
 * frames (166.7 ms: "prolly switched browser tab. Restart", a frame that
 * shows nothing); step floor(acc / msPerFrame) ideal steps and keep the
 * rest of acc for the next frame.
 */
static void
rm_frame(spring_engine_state *st, double t)
{
	double now, acc, n, frac, ix, iv, x, v, ux, uv, dummy;

	st->snap = 0.0;
	if (st->w[RM_RUN] == 0.0)
		return;
	if (st->v == 0.0 && st->x == st->w[RM_DEST]) {
		/* onRest fires only if (this.wasAnimating) */
		if (st->w[RM_WAS] != 0.0)
			st->done = 1;
		st->w[RM_RUN] = 0.0;
		st->w[RM_ACC] = 0.0;
		return;
	}
	st->w[RM_WAS] = 1.0;
	now = engine_perf_now(t);
	acc = st->w[RM_ACC] + (now - st->w[RM_PREV]);
	st->w[RM_PREV] = now;
	if (acc > RM_MS_PER_FRAME * 10.0)
		acc = 0.0;
	st->w[RM_ACC] = acc;
	if (acc == 0.0)
		return;
	frac = (acc - floor(acc / RM_MS_PER_FRAME) * RM_MS_PER_FRAME) /
	    RM_MS_PER_FRAME;
	n = floor(acc / RM_MS_PER_FRAME);
	if (rm_steps(st, n, frac, st->w[RM_PREC], &ix, &iv, &x, &v) &&
	    st->w[RM_SNAPPED] == 0.0) {
		/* the jump: what the frame shows minus what it would have
		 * shown had the stepper never snapped (precision -1) */
		rm_steps(st, n, frac, -1.0, &dummy, &dummy, &ux, &uv);
		st->snap = x - ux;
		st->w[RM_SNAPPED] = 1.0;
	}
	st->w[RM_IX] = ix;
	st->w[RM_IV] = iv;
	st->w[RM_ACC] = acc - n * RM_MS_PER_FRAME;
	st->x = x;
	st->v = v;
}

/*
 * The engine, exported as the struct itself: a pointer variable (the
 * plan's `const spring_engine *const`) is no constant initializer for
 * engine.c's table in C.
 */
const spring_engine spring_engine_react_motion = {
	.name = "react-motion",
	.library = "react-motion",
	.version = "0.5.2",
	.summary = "semi-implicit Euler at a fixed 1/60 s from an accumulator "
	    "(dropped past 10 frames), shows lerp(S_n, S_n+1) by the leftover "
	    "fraction; snaps within precision (0.01)",
	.source = "npm react-motion 0.5.2 lib/Motion.js, lib/stepper.js, "
	    "lib/spring.js",
	.checked = "running library",
	.float32 = 0,
	.check = rm_check,
	.start = rm_start,
	.frame = rm_frame,
	.knobs = rm_knobs,
};
