/*
 * engine_compose.c - Jetpack Compose's spring() (animation-core
 * SpringSimulation through FloatSpringSpec / VectorizedSpringSpec, run
 * by Animatable.animateTo): the closed form from the start state at
 * whole milliseconds of play time, float values, a first frame at play
 * time 0, and the end at the estimated duration, where the value snaps
 * to the target.
 *
 * Read from androidx/androidx compose/animation/animation-core/src/
 * commonMain/kotlin/androidx/compose/animation/core/ and checked against
 * that code compiled with kotlinc (tests/engines/native/compose,
 * golden/compose-*.csv: every frame bit for bit):
 * - SpringSimulation.kt (13d5e2ef) updateValues(lastDisplacement: Float,
 *   lastVelocity: Float, timeElapsed: Long ms): naturalFreq =
 *   sqrt(stiffness), the displacement from the target in float, the
 *   closed form in double (over-damped if dampingRatio > 1, critical if
 *   == 1f, else under-damped, kotlin.math.exp), value and velocity
 *   returned as Float;
 * - FloatAnimationSpec.kt (a33e853b) FloatSpringSpec.getValueFromNanos:
 *   playTimeMillis = playTimeNanos / 1_000_000 (whole ms, truncated), from
 *   the animation's initial value and velocity every frame (no state is
 *   carried); getDurationNanos = estimateAnimationDurationMillis(stiffness,
 *   dampingRatio, initialVelocity / visibilityThreshold, (initial -
 *   target) / visibilityThreshold, delta 1) ms; visibilityThreshold
 *   Spring.DefaultDisplacementThreshold = 0.01 (Float's default);
 * - SpringEstimation.kt (1d7dc4d1) estimateAnimationDurationMillis: the
 *   envelope ln(delta / c) / r when under-damped; Newton's method on
 *   x(t) = delta when critical or over-damped; seconds * 1000 truncated;
 * - Animation.kt TargetBasedAnimation: at playTimeNanos >= durationNanos
 *   the value is the target and the velocity 0 (the snap, "done");
 * - SuspendAnimation.kt (e6112955) animate: the first withFrameNanos
 *   frame sets startTimeNanos to its own frame time, so it shows play
 *   time 0 (the start value: one frame late); then playTimeNanos =
 *   ((frameTimeNanos - startTimeNanos) / durationScale).toLong(), a Long
 *   divided by a Float: the nanoseconds are rounded to float first.
 * The frame time is Choreographer's vsync time in nanoseconds; springsim
 * takes round(1e9 t).
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "internal.h"

#define COMPOSE_THRESHOLD 0.01f	/* Spring.DefaultDisplacementThreshold */
#define COMPOSE_MAX_LONG_MILLIS (9223372036854775807LL / 1000000)

enum {
	W_INIT, W_VEL0, W_TARGET, W_OMEGA, W_ZETA, W_GPLUS, W_GMINUS,
	W_DAMPED, W_DURATION_NS, W_START_NS, W_STARTED
};

/* Choreographer's frame time, ns. */
static double
compose_frame_nanos(double t)
{
	return nearbyint(t * 1e9);
}

/*
 * spring()'s knob, the library's API alone (no flag): the row's index
 * is its knob's in the setup's knob[].
 */
enum { CO_K_THRESHOLD };
static const spring_engine_knob compose_knobs[] = {
	[CO_K_THRESHOLD] = { .option = "visibilityThreshold",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .min_open = 1,
	    .max = INFINITY, .def = COMPOSE_THRESHOLD,
	    .def_text = "0.01 (Spring.DefaultDisplacementThreshold)",
	    .help = "the distance from the target within which the spring "
	    "rests, units" },
	{ .option = NULL }
};

/* visibilityThreshold must be positive: the estimate divides by it. */
static int
compose_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	double thr = spring_engine_knob_or(su, compose_knobs,
	    CO_K_THRESHOLD);

	if (!isnan(thr) && !((float)thr > 0.0f)) {
		if (msg != NULL)
			snprintf(msg, len, "compose: visibilityThreshold %g: "
			    "FloatSpringSpec divides the start by it to "
			    "estimate the duration; it must be positive",
			    thr);
		return -1;
	}
	return 0;
}

/*
 * Newton's start in both estimates: the later of the two envelope times,
 * or the one that is finite (SpringEstimation.kt writes it in each).
 */
static double
later_finite(double t1, double t2)
{
	if (!isfinite(t1))
		return t2;
	if (!isfinite(t2))
		return t1;
	return fmax(t1, t2);
}

/* x(t) = (c1 + c2 t) e^(r t) = -delta, Newton (estimateCriticallyDamped). */
static double
estimate_critical(double r, double p0, double v0, double delta)
{
	double c1 = p0, c2 = v0 - r * c1;
	double t1 = log(fabs(delta / c1)) / r, t2, guess, tt, tcur;
	double tinf, xinf, signed_delta, tdelta = 1.7976931348623157e308;
	int i, iterations = 0;

	guess = log(fabs(delta / c2));
	tt = guess;
	for (i = 0; i <= 5; i++)
		tt = guess - log(fabs(tt / r));
	t2 = tt / r;
	tcur = later_finite(t1, t2);
	tinf = -(r * c1 + c2) / (r * c2);
	xinf = c1 * exp(r * tinf) + c2 * tinf * exp(r * tinf);
	if (isnan(tinf) || tinf <= 0.0)
		signed_delta = -delta;
	else if (tinf > 0.0 && -xinf < delta) {
		if (c2 < 0 && c1 > 0)
			tcur = 0.0;
		signed_delta = -delta;
	} else {
		tcur = -(2.0 / r) - (c1 / c2);
		signed_delta = delta;
	}
	while (tdelta > 0.001 && iterations < 100) {
		double tlast = tcur;

		iterations++;
		tcur = tcur - ((c1 + c2 * tcur) * exp(r * tcur) + signed_delta) /
		    ((c2 * (r * tcur + 1) + c1 * r) * exp(r * tcur));
		tdelta = fabs(tlast - tcur);
	}
	return tcur;
}

/* x(t) = c1 e^(r1 t) + c2 e^(r2 t) = -delta (estimateOverDamped). */
static double
estimate_over(double r1, double r2, double p0, double v0, double delta)
{
	double c2 = (r1 * p0 - v0) / (r1 - r2), c1 = p0 - c2;
	double t1 = log(fabs(delta / c1)) / r1;
	double t2 = log(fabs(delta / c2)) / r2, tcur, tinf, signed_delta;
	double tdelta = 1.7976931348623157e308;
	int iterations = 0;

	tcur = later_finite(t1, t2);
	tinf = log((c1 * r1) / (-c2 * r2)) / (r2 - r1);
	if (isnan(tinf) || tinf <= 0.0)
		signed_delta = -delta;
	else if (tinf > 0.0 &&
	    -(c1 * exp(r1 * tinf) + c2 * exp(r2 * tinf)) < delta) {
		if (c2 > 0.0 && c1 < 0.0)
			tcur = 0.0;
		signed_delta = -delta;
	} else {
		tcur = log(-(c2 * r2 * r2) / (c1 * r1 * r1)) / (r1 - r2);
		signed_delta = delta;
	}
	if (fabs(c1 * r1 * exp(r1 * tcur) + c2 * r2 * exp(r2 * tcur)) <
	    0.0001)
		return tcur;
	while (tdelta > 0.001 && iterations < 100) {
		double tlast = tcur;

		iterations++;
		tcur = tcur - (c1 * exp(r1 * tcur) + c2 * exp(r2 * tcur) +
		    signed_delta) / (c1 * r1 * exp(r1 * tcur) +
		    c2 * r2 * exp(r2 * tcur));
		tdelta = fabs(tlast - tcur);
	}
	return tcur;
}

/*
 * estimateAnimationDurationMillis(stiffness, dampingRatio,
 * initialVelocity, initialDisplacement, delta): Float overload, then the
 * Double one, then estimateDurationInternal.
 */
static long long
compose_estimate_ms(float stiffness, float ratio, float vel, float disp,
    float delta_f)
{
	double k = stiffness, zeta = ratio, delta = delta_f;
	double c = 2.0 * zeta * sqrt(k), partial = c * c - 4.0 * k;
	double re1, im1, re2, p0, v0, secs;

	if (ratio == 0.0f)
		return COMPOSE_MAX_LONG_MILLIS;
	if (partial < 0.0) {
		re1 = re2 = -c * 0.5;
		im1 = sqrt(-partial) * 0.5;
	} else {
		re1 = (-c + sqrt(partial)) * 0.5;
		re2 = (-c - sqrt(partial)) * 0.5;
		im1 = 0.0;
	}
	if ((double)disp == 0.0 && (double)vel == 0.0)
		return 0;
	v0 = disp < 0.0f ? -(double)vel : (double)vel;
	p0 = fabs((double)disp);
	if (zeta > 1.0)
		secs = estimate_over(re1, re2, p0, v0, delta);
	else if (zeta < 1.0) {
		double c2 = (v0 - re1 * p0) / im1;

		secs = log(delta / sqrt(p0 * p0 + c2 * c2)) / re1;
	} else
		secs = estimate_critical(re1, p0, v0, delta);
	secs *= 1000.0;
	/* Kotlin's Double.toLong(): NaN -> 0, saturating */
	if (isnan(secs))
		return 0;
	if (secs >= 9.2e18)
		return 9223372036854775807LL;
	if (secs <= -9.2e18)
		return -9223372036854775807LL - 1;
	return (long long)secs;
}

/* SpringSimulation.updateValues from the start state, ms of play time. */
static void
compose_update(const double *w, long long ms, float *xo, float *vo)
{
	float fin = (float)w[W_TARGET], d = (float)w[W_INIT] - fin;
	float v = (float)w[W_VEL0], zf = (float)w[W_ZETA];
	double dt = (double)ms / 1000.0, om = w[W_OMEGA], z = zf;
	double disp, vel;

	if (zf > 1.0f) {
		double gm = w[W_GMINUS], gp = w[W_GPLUS];
		double a = d - ((gm * d - v) / (gm - gp));
		double b = (gm * d - v) / (gm - gp);

		disp = a * exp(gm * dt) + b * exp(gp * dt);
		vel = a * gm * exp(gm * dt) + b * gp * exp(gp * dt);
	} else if (zf == 1.0f) {
		double a = d, b = v + om * d;

		disp = (a + b * dt) * exp(-om * dt);
		vel = (a + b * dt) * exp(-om * dt) * (-om) + b * exp(-om * dt);
	} else {
		double wd = w[W_DAMPED];
		double cc = d, sc = (1 / wd) * ((z * om * d) + v);

		disp = exp(-z * om * dt) * (cc * cos(wd * dt) +
		    sc * sin(wd * dt));
		vel = disp * (-om) * z + exp(-z * om * dt) *
		    (-wd * cc * sin(wd * dt) + wd * sc * cos(wd * dt));
	}
	*xo = (float)(disp + fin);
	*vo = (float)vel;
}

/* Animatable(x0).animateTo(target, spring(zeta, k), v0). */
static void
compose_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	float k = (float)(su->params.omega * su->params.omega);
	float zeta = (float)su->params.zeta;
	float thr = (float)spring_engine_knob_or(su, compose_knobs,
	    CO_K_THRESHOLD);
	double om = sqrt((double)k), zsq = zeta * (double)zeta;
	float x0 = (float)su->x0, v0 = (float)su->v0, g = (float)su->target;

	w[W_INIT] = x0;
	w[W_VEL0] = v0;
	w[W_TARGET] = g;
	w[W_OMEGA] = om;
	w[W_ZETA] = zeta;
	w[W_GPLUS] = w[W_GMINUS] = w[W_DAMPED] = 0.0;
	if (zeta > 1.0f) {
		w[W_GPLUS] = -zeta * om + om * sqrt(zsq - 1);
		w[W_GMINUS] = -zeta * om - om * sqrt(zsq - 1);
	} else if (zeta >= 0.0f && zeta < 1.0f)
		w[W_DAMPED] = om * sqrt(1 - zsq);
	/* getDurationNanos, with the stiffness read back as a Float */
	w[W_DURATION_NS] = (double)compose_estimate_ms((float)(om * om), zeta,
	    v0 / thr, (x0 - g) / thr, 1.0f) * 1e6;
	w[W_STARTED] = 0.0;
	st->x = x0;
	st->v = v0;
	st->done = 0;
	st->snap = 0.0;
}

/* withFrameNanos: doAnimationFrameWithScale(frameTimeNanos, 1f). */
static void
compose_frame(spring_engine_state *st, double t)
{
	double *w = st->w, ns = compose_frame_nanos(t), play;
	float x, v;

	st->snap = 0.0;
	if (st->done)
		return;
	if (!w[W_STARTED]) {
		w[W_START_NS] = ns;
		w[W_STARTED] = 1.0;
	}
	play = trunc((double)(float)(ns - w[W_START_NS]));
	compose_update(w, (long long)play / 1000000, &x, &v);
	if (play >= w[W_DURATION_NS]) {	/* isFinishedFromNanos */
		st->snap = w[W_TARGET] - (double)x;
		st->x = w[W_TARGET];
		st->v = 0.0;
		st->done = 1;
		return;
	}
	st->x = x;
	st->v = v;
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_compose = {
	"compose",
	"androidx.compose.animation.core spring()",
	"animation-core SpringSimulation.kt 13d5e2ef, SpringEstimation.kt "
	    "1d7dc4d1",
	"closed form from the start state at whole ms of play time (float "
	    "values); first frame is play time 0; snaps to the target at the "
	    "estimated duration",
	"androidx/androidx compose/animation/animation-core SpringSimulation."
	    "kt, FloatAnimationSpec.kt, SpringEstimation.kt, SuspendAnimation.kt",
	"original code (androidx's SpringSimulation, FloatSpringSpec and "
	    "SpringEstimation compiled with kotlinc: tests/engines/native/"
	    "compose)",
	1,
	compose_check,
	compose_start,
	compose_frame,
	compose_knobs
};

