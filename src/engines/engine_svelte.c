/*
 * engine_svelte.c - svelte 5.57.3's spring (svelte/motion `Spring` class
 * and the deprecated `spring()` store, which share tick_spring), as its
 * raf loop runs it (npm svelte 5.57.3, src/motion/spring.js,
 * src/internal/client/loop.js, src/internal/client/timing.js;
 * github.com/sveltejs/svelte packages/svelte/src/motion/spring.js).
 *
 * svelte steps the position once a frame from the last two positions,
 * with dt in frames of 1/60 s: x_new = x + (1 - B) (x - x_last) + K dt
 * (g - x).  The damping does not scale with dt and the spring force
 * scales with dt, not dt^2: at exactly 60 fps it is semi-implicit Euler
 * with h = 1/60, omega = 60 sqrt K, zeta = B / (2 sqrt K); at any other
 * frame rate it is not that spring.  K and B are therefore given as the
 * 60 fps equivalent of the spring asked for: K = (omega / 60)^2, B =
 * 2 zeta sqrt K.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

/* Spring's #precision default (spring.js `state(0.01)`) */
#define SV_PRECISION 0.01

enum {
	SV_K, SV_B, SV_TARGET,
	SV_LAST_TIME,		/* #last_time, ms */
	SV_LAST,		/* #last_value */
	SV_CUR,			/* #current */
	SV_RUN,			/* the task is in raf.tasks */
	SV_PREC			/* opts.precision */
};

/*
 * Spring's knob: the row's index is its knob's in the setup's knob[].
 * svelte takes any number: 0 (or less) never rests.
 */
enum { SV_K_PRECISION };
static const spring_engine_knob sv_knobs[] = {
	[SV_K_PRECISION] = { .option = "precision", .flag = "svelte-precision",
	    .arg = "P", .kind = SPRING_KNOB_NUMBER, .min = 0,
	    .max = INFINITY, .def = SV_PRECISION,
	    .def_text = "0.01 (Spring's #precision)",
	    .help = "svelte's precision: rests when the step and the distance "
	    "are both below it, units" },
	{ .option = NULL }
};

/* spring.js clamp(n, min, max) */
static double
sv_clamp(double n, double lo, double hi)
{
	return fmax(lo, fmin(hi, n));
}

/* The 60 fps equivalent of (omega, zeta): svelte's stiffness, damping. */
static void
sv_numbers(const spring_params *p, double *k, double *b)
{
	*k = (p->omega / 60.0) * (p->omega / 60.0);
	*b = 2.0 * p->zeta * sqrt(*k);
}

/*
 * The Spring constructor clamps stiffness and damping to [0, 1]
 * (`clamp(options.stiffness, 0, 1)`); svelte has no start velocity and no
 * mass (inv_mass is 1 but under preserveMomentum).
 */
static int
sv_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	double k, b;

	sv_numbers(&su->params, &k, &b);
	if (k > 1.0 || b > 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "svelte clamps stiffness %g and "
			    "damping %g to at most 1: runs stiffness %g, "
			    "damping %g", k, b, sv_clamp(k, 0.0, 1.0),
			    sv_clamp(b, 0.0, 1.0));
		return 1;
	}
	if (su->v0 != 0.0) {
		if (msg != NULL)
			snprintf(msg, len, "svelte's spring has no start "
			    "velocity (it starts at rest): runs v0 0");
		return 1;
	}
	return 0;
}

/*
 * new Spring(x0, { stiffness: K, damping: B }) then spring.target =
 * target at wall time 0: #update sets #last_time = raf.now() (the browser's
 * performance.now()) and #last_value = #current = x0, and starts the loop.
 */
static void
sv_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double k, b;

	sv_numbers(&su->params, &k, &b);
	st->w[SV_K] = sv_clamp(k, 0.0, 1.0);
	st->w[SV_B] = sv_clamp(b, 0.0, 1.0);
	st->w[SV_TARGET] = su->target;
	st->w[SV_LAST_TIME] = engine_perf_now(0.0);
	st->w[SV_LAST] = su->x0;
	st->w[SV_CUR] = su->x0;
	st->w[SV_RUN] = 1.0;
	st->w[SV_PREC] = spring_engine_knob_or(su, sv_knobs, SV_K_PRECISION);
	st->x = su->x0;
	st->v = 0.0;
	st->done = 0;
	st->snap = 0.0;
}

/*
 * One raf frame: loop.js run_tasks reads raf.now() (not the rAF
 * timestamp) and runs the task of Spring#update: elapsed = min(now -
 * last_time, 1000 / 30) ms ("clamp elapsed time to 1/30th of a second":
 * the rest of a long frame is lost), dt = elapsed 60 / 1000 frames, then
 * tick_spring: velocity = (current - last) / dt, d = (velocity + K delta -
 * B velocity) dt; settled (value = target, the task ends) when |d| and
 * |delta| are both below precision, delta measured before the step.
 */
static void
sv_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	double now, elapsed, dt, delta, velocity, spring, damper, accel, d;
	double cur, next;

	st->snap = 0.0;
	if (w[SV_RUN] == 0.0)
		return;
	now = engine_perf_now(t);
	elapsed = fmin(now - w[SV_LAST_TIME], 1000.0 / 30.0);
	dt = (elapsed * 60.0) / 1000.0;
	cur = w[SV_CUR];
	delta = w[SV_TARGET] - cur;
	velocity = (cur - w[SV_LAST]) / (dt != 0.0 ? dt : 1.0 / 60.0);
	spring = w[SV_K] * delta;
	damper = w[SV_B] * velocity;
	accel = (spring - damper) * 1.0;	/* inv_mass */
	d = (velocity + accel) * dt;
	if (fabs(d) < w[SV_PREC] && fabs(delta) < w[SV_PREC]) {
		next = w[SV_TARGET];
		st->snap = next - (cur + d);
		w[SV_RUN] = 0.0;
		st->done = 1;
	} else
		next = cur + d;
	w[SV_LAST_TIME] = now;
	w[SV_LAST] = cur;
	w[SV_CUR] = next;
	st->x = next;
	/* svelte keeps no velocity: the frame's step per second */
	st->v = st->done ? 0.0 :
	    (elapsed > 0.0 ? (next - cur) / (elapsed / 1000.0) : 0.0);
}

/*
 * The engine, exported as the struct itself: a pointer variable (the
 * plan's `const spring_engine *const`) is no constant initializer for
 * engine.c's table in C.
 */
const spring_engine spring_engine_svelte = {
	.name = "svelte",
	.library = "svelte/motion",
	.version = "5.57.3",
	.summary = "one position update a frame from the last two, dt in 1/60 s "
	    "frames capped at 2: semi-implicit Euler at 60 fps only; snaps "
	    "within precision (0.01)",
	.source = "npm svelte 5.57.3 src/motion/spring.js (tick_spring, "
	    "Spring#update), src/internal/client/loop.js, timing.js",
	.checked = "running library",
	.float32 = 0,
	.check = sv_check,
	.start = sv_start,
	.frame = sv_frame,
	.knobs = sv_knobs,
};
