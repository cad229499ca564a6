/*
 * engine_android.c - androidx.dynamicanimation's SpringAnimation: the
 * closed-form spring over whole-millisecond uptime deltas, float state,
 * a first frame that only records the time, and the rest snap.
 *
 * Read from androidx/androidx (dynamicanimation/dynamicanimation/src/main/
 * java/androidx/dynamicanimation/animation/), and checked frame by frame
 * against that code compiled with javac (tests/engines/native/android/,
 * golden/android-*.csv):
 * - AnimationHandler.java (24607fc9) AnimationCallbackDispatcher.
 *   dispatchAnimationFrame: frameTime = SystemClock.uptimeMillis() when
 *   the Choreographer callback runs (whole ms; the vsync time is not
 *   used);
 * - DynamicAnimation.java (0ccdd90e) doAnimationFrame: the first frame
 *   (mLastFrameTime == 0) only records the time and shows the start
 *   value: the spring moves one frame late; then deltaT = frameTime -
 *   mLastFrameTime (long ms); value clamped to [min, max] (unbounded
 *   here); setMinimumVisibleChange: threshold = minimumVisibleChange *
 *   0.75f (float);
 * - SpringAnimation.java (the same class as aosp-mirror/
 *   platform_frameworks_base core/java/com/android/internal/
 *   dynamicanimation/animation/SpringAnimation.java 42d96bb1)
 *   updateValueAndVelocity: massState = updateValues(mValue, mVelocity,
 *   deltaT); if isAtEquilibrium: value = final position, velocity 0,
 *   finished;
 * - SpringForce.java (fd79a569) updateValues: from the current (float)
 *   state, the closed form over deltaT / 1000 s in double, with
 *   Math.pow(Math.E, .) for e^.; over-damped if zeta > 1, critical if
 *   zeta == 1, else under-damped; the result stored as float;
 *   omega = sqrt(float stiffness); isAtEquilibrium: |v| < 62.5 threshold
 *   and |x - final| < threshold (x - final in float).
 *
 * The minimum visible change: androidx's default for a FloatValueHolder
 * or a custom property is 1 (MIN_VISIBLE_CHANGE_PIXELS), which stops a
 * 0 -> 1 spring 0.25 from its target within a few frames.  springsim's
 * values are unit-range numbers, so with no --android-min-visible-change
 * it uses the library's own constant for unit-range properties,
 * MIN_VISIBLE_CHANGE_SCALE = 1/500 (what a SCALE_X animation gets), as
 * the golden runs do.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

#define ANDROID_MIN_VISIBLE_SCALE (1.0f / 500.0f)	/* MIN_VISIBLE_CHANGE_SCALE */
#define ANDROID_THRESHOLD_MULTIPLIER 0.75f
#define ANDROID_VELOCITY_MULTIPLIER (1000.0 / 16.0)
#define ANDROID_E 2.718281828459045	/* Math.E */

enum {
	W_FINAL, W_OMEGA, W_ZETA, W_VALUE, W_VEL, W_LAST, W_VTHRESH,
	W_XTHRESH, W_GPLUS, W_GMINUS, W_DAMPED
};

/*
 * SpringAnimation's knob: the row's index is its knob's in the setup's
 * knob[].  The library keeps it in a float; springsim flushes
 * subnormals, so it must stay a normal one.
 */
enum { AN_K_MIN_VISIBLE };
static const spring_engine_knob android_knobs[] = {
	[AN_K_MIN_VISIBLE] = { .option = "minimumVisibleChange",
	    .flag = "android-min-visible-change", .arg = "C",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .min_open = 1,
	    .max = INFINITY, .float_normal = 1,
	    .def = ANDROID_MIN_VISIBLE_SCALE,
	    .def_text = "1/500 (MIN_VISIBLE_CHANGE_SCALE; the library's 1 "
	    "pixel for a custom property)",
	    .help = "SpringAnimation's minimumVisibleChange, in the value's "
	    "units" },
	{ .option = NULL }
};

/* minimumVisibleChange must be positive (IllegalArgumentException). */
static int
android_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	double mvc = spring_engine_knob_or(su, android_knobs,
	    AN_K_MIN_VISIBLE);

	if (!isnan(mvc) && !((float)mvc > 0.0f)) {
		if (msg != NULL)
			snprintf(msg, len, "android: setMinimumVisibleChange "
			    "throws IllegalArgumentException: minimum visible "
			    "change must be positive (got %g)", mvc);
		return -1;
	}
	return 0;
}

/* new SpringAnimation(holder, final), setStiffness, setDampingRatio. */
static void
android_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	float k = (float)(su->params.omega * su->params.omega);
	float mvc = (float)spring_engine_knob_or(su, android_knobs,
	    AN_K_MIN_VISIBLE);
	double omega = sqrt((double)k), zeta = (float)su->params.zeta;
	double xth = fabs((double)(mvc * ANDROID_THRESHOLD_MULTIPLIER));

	w[W_FINAL] = (float)su->target;
	w[W_OMEGA] = omega;
	w[W_ZETA] = zeta;
	w[W_VALUE] = (float)su->x0;
	w[W_VEL] = (float)su->v0;
	w[W_LAST] = 0.0;
	w[W_XTHRESH] = xth;
	w[W_VTHRESH] = xth * ANDROID_VELOCITY_MULTIPLIER;
	/* SpringForce.init */
	w[W_GPLUS] = w[W_GMINUS] = w[W_DAMPED] = 0.0;
	if (zeta > 1.0) {
		w[W_GPLUS] = -zeta * omega + omega * sqrt(zeta * zeta - 1.0);
		w[W_GMINUS] = -zeta * omega - omega * sqrt(zeta * zeta - 1.0);
	} else if (zeta >= 0.0 && zeta < 1.0)
		w[W_DAMPED] = omega * sqrt(1.0 - zeta * zeta);
	st->x = w[W_VALUE];
	st->v = w[W_VEL];
	st->done = 0;
	st->snap = 0.0;
}

/* SpringForce.updateValues(lastDisplacement, lastVelocity, ms). */
static void
android_update(const double *w, double x, double v, long ms, float *xo,
    float *vo)
{
	double dt = (double)ms / 1000.0, zeta = w[W_ZETA], om = w[W_OMEGA];
	double d = x - w[W_FINAL], disp, vel;

	if (zeta > 1.0) {
		double gm = w[W_GMINUS], gp = w[W_GPLUS];
		double a = d - (gm * d - v) / (gm - gp);
		double b = (gm * d - v) / (gm - gp);

		disp = a * pow(ANDROID_E, gm * dt) + b * pow(ANDROID_E, gp * dt);
		vel = a * gm * pow(ANDROID_E, gm * dt) +
		    b * gp * pow(ANDROID_E, gp * dt);
	} else if (zeta == 1.0) {
		double a = d, b = v + om * d;

		disp = (a + b * dt) * pow(ANDROID_E, -om * dt);
		vel = (a + b * dt) * pow(ANDROID_E, -om * dt) * -om +
		    b * pow(ANDROID_E, -om * dt);
	} else {
		double wd = w[W_DAMPED];
		double cc = d, sc = (1.0 / wd) * (zeta * om * d + v);

		disp = pow(ANDROID_E, -zeta * om * dt) *
		    (cc * cos(wd * dt) + sc * sin(wd * dt));
		vel = disp * -om * zeta + pow(ANDROID_E, -zeta * om * dt) *
		    (-wd * cc * sin(wd * dt) + wd * sc * cos(wd * dt));
	}
	*xo = (float)(disp + w[W_FINAL]);
	*vo = (float)vel;
}

/* AnimationHandler's frame: DynamicAnimation.doAnimationFrame(uptime). */
static void
android_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	long now = (long)engine_uptime_millis(t), delta;
	float x, v, fin = (float)w[W_FINAL];

	st->snap = 0.0;
	if (st->done)
		return;
	if (w[W_LAST] == 0.0) {		/* first frame: time only */
		w[W_LAST] = (double)now;
		return;
	}
	delta = now - (long)w[W_LAST];
	w[W_LAST] = (double)now;
	android_update(w, w[W_VALUE], w[W_VEL], delta, &x, &v);
	/* SpringForce.isAtEquilibrium(value, velocity) */
	if (fabs((double)v) < w[W_VTHRESH] &&
	    fabs((double)(x - fin)) < w[W_XTHRESH]) {
		st->snap = (double)fin - (double)x;
		x = fin;
		v = 0.0f;
		st->done = 1;
	}
	w[W_VALUE] = x;
	w[W_VEL] = v;
	st->x = x;
	st->v = v;
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_android = {
	"android",
	"androidx.dynamicanimation SpringAnimation",
	"androidx SpringForce fd79a569, DynamicAnimation 0ccdd90e",
	"closed form per frame over whole-ms uptime deltas from the float "
	    "state; first frame only records the time; snaps at "
	    "0.75 minimumVisibleChange",
	"androidx/androidx dynamicanimation SpringForce.java updateValues, "
	    "DynamicAnimation.java doAnimationFrame, AnimationHandler.java",
	"running library (the androidx classes compiled with javac, "
	    "tests/engines/native/android)",
	1,
	android_check,
	android_start,
	android_frame,
	android_knobs
};

