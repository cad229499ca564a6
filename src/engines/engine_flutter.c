/*
 * engine_flutter.c - Flutter's SpringSimulation driven by an
 * AnimationController: the exact spring at the Ticker's elapsed time,
 * whole microseconds since the first frame, in double.
 *
 * Read from flutter/flutter (not run: no Dart here):
 * - packages/flutter/lib/src/physics/spring_simulation.dart (04fbdcfa):
 *   SpringDescription(mass, stiffness, damping);
 *   withDurationAndBounce: duration.inMilliseconds (whole ms), mass 1,
 *   stiffness = 4 pi^2 m / D^2, ratio = bounce > 0 ? 1 - bounce :
 *   1 / (bounce + 1), damping = ratio 2 sqrt(m k);
 *   _SpringSolution picks by the sign of c^2 - 4 m k (critical only when
 *   it is exactly 0); _CriticalSolution, _OverdampedSolution,
 *   _UnderdampedSolution with math.pow(math.e, r t) for e^(r t);
 *   isDone: |x - end| < tolerance.distance and |dx| < tolerance.velocity
 *   (physics/tolerance.dart, Tolerance's defaults 1e-3, 1e-3; nearZero
 *   is a strict test; --flutter-tolerance-distance/-velocity); no
 *   snap unless snapToEnd;
 * - packages/flutter/lib/src/scheduler/ticker.dart (f22aa412) Ticker._tick:
 *   _startTime ??= timeStamp; onTick(timeStamp - _startTime): started
 *   outside a frame (a gesture, springsim's wall time 0), the first
 *   frame has elapsed 0 and shows the start value: one frame late;
 * - packages/flutter/lib/src/animation/animation_controller.dart _tick:
 *   elapsedInSeconds = elapsed.inMicroseconds / 1e6; value =
 *   clampDouble(x(elapsed), lowerBound, upperBound); isDone stops the
 *   ticker (velocity reads 0 after); animateWith sets value = x(0)
 *   clamped.  With no --flutter-bounds the controller is
 *   AnimationController.unbounded, as springs are normally run; a plain
 *   AnimationController is bounded 0..1 and cuts the overshoot.
 * The vsync time stamps are whole microseconds (engineclock.h).
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

#define FLUTTER_E 2.718281828459045	/* math.e */
#define FLUTTER_TOLERANCE 1e-3		/* Tolerance.defaultTolerance */
#define FLUTTER_PI 3.1415926535897932	/* math.pi */

enum {
	W_END, W_TYPE, W_R1, W_R2, W_W, W_C1, W_C2, W_LO, W_HI, W_START,
	W_STARTED, W_TOL_X, W_TOL_V
};
enum { CRITICAL, OVER, UNDER };

/* mass, stiffness, damping: the physical spring or withDurationAndBounce. */
static void
flutter_description(const spring_engine_setup *su, double *m, double *k,
    double *c)
{
	if (su->form == SPRING_ENGINE_DURATION) {
		long ms = (long)nearbyint(su->duration * 1e6) / 1000;
		double secs = (double)ms / 1000.0;
		double ratio = su->bounce > 0.0 ? 1.0 - su->bounce :
		    1.0 / (su->bounce + 1.0);

		*m = 1.0;
		*k = (4.0 * FLUTTER_PI * FLUTTER_PI * *m) / pow(secs, 2.0);
		*c = ratio * 2.0 * sqrt(*m * *k);
		return;
	}
	*m = su->params.mass;
	*k = su->params.mass * su->params.omega * su->params.omega;
	*c = 2.0 * su->params.zeta * sqrt(*m * *k);
}

/*
 * AnimationController's bounds and SpringSimulation's tolerance
 * (physics/tolerance.dart Tolerance: distance and velocity, defaults
 * _epsilonDefault 1e-3; "should all be positive", not asserted: 0 never
 * ends, nearZero being strict): the row's index is its knob's in the
 * setup's knob[] (a range's LO there, HI in knob_hi[]).
 */
enum { FL_K_BOUNDS, FL_K_TOL_DISTANCE, FL_K_TOL_VELOCITY };
static const spring_engine_knob flutter_knobs[] = {
	[FL_K_BOUNDS] = { .option = "lowerBound:upperBound",
	    .flag = "flutter-bounds", .arg = "LO:HI",
	    .kind = SPRING_KNOB_RANGE, .min = -INFINITY, .max = INFINITY,
	    .def = NAN, .def_text = "unbounded (AnimationController."
	    "unbounded)", .help = "a bounded AnimationController: the value "
	    "is clipped to [LO, HI] (default: unbounded)" },
	[FL_K_TOL_DISTANCE] = { .option = "tolerance.distance",
	    .flag = "flutter-tolerance-distance", .arg = "D",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = FLUTTER_TOLERANCE, .def_text = "1e-3",
	    .help = "done when |x - end| < D (and the velocity's test), "
	    "units; 0 never ends" },
	[FL_K_TOL_VELOCITY] = { .option = "tolerance.velocity",
	    .flag = "flutter-tolerance-velocity", .arg = "V",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .max = INFINITY,
	    .def = FLUTTER_TOLERANCE, .def_text = "1e-3",
	    .help = "done when |dx| < V (and the distance's test), units/s; "
	    "0 never ends" },
	{ .option = NULL }
};

/* The bounds given, or none: -inf, inf (NaN, one side unbounded). */
static void
flutter_bounds(const spring_engine_setup *su, double *lo, double *hi)
{
	*lo = -INFINITY;
	*hi = INFINITY;
	if (!(su->knob_given >> FL_K_BOUNDS & 1u))
		return;
	if (!isnan(su->knob[FL_K_BOUNDS]))
		*lo = su->knob[FL_K_BOUNDS];
	if (!isnan(su->knob_hi[FL_K_BOUNDS]))
		*hi = su->knob_hi[FL_K_BOUNDS];
}

/* Duration must be at least 1 ms; bounds ordered. */
static int
flutter_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	double lo, hi;

	flutter_bounds(su, &lo, &hi);
	if (su->form == SPRING_ENGINE_DURATION &&
	    (long)nearbyint(su->duration * 1e6) / 1000 <= 0) {
		if (msg != NULL)
			snprintf(msg, len, "flutter: withDurationAndBounce "
			    "asserts duration.inMilliseconds > 0 (got %g s)",
			    su->duration);
		return -1;
	}
	if (su->form == SPRING_ENGINE_DURATION && !(su->bounce > -1.0)) {
		if (msg != NULL)
			snprintf(msg, len, "flutter: bounce %g gives a damping "
			    "ratio 1/(bounce + 1) that is not positive",
			    su->bounce);
		return -1;
	}
	if (lo > hi) {
		if (msg != NULL)
			snprintf(msg, len, "flutter: AnimationController "
			    "asserts upperBound >= lowerBound (%g:%g)", lo, hi);
		return -1;
	}
	if (su->x0 < lo || su->x0 > hi) {
		if (msg != NULL)
			snprintf(msg, len, "flutter: the controller clamps the "
			    "start value %g into [%g, %g] when it shows it",
			    su->x0, lo, hi);
		return 1;
	}
	return 0;
}

/* _SpringSolution's x(t): displacement from the end. */
static double
flutter_x(const double *w, double t)
{
	switch ((int)w[W_TYPE]) {
	case CRITICAL:
		return (w[W_C1] + w[W_C2] * t) * pow(FLUTTER_E, w[W_R1] * t);
	case OVER:
		return w[W_C1] * pow(FLUTTER_E, w[W_R1] * t) +
		    w[W_C2] * pow(FLUTTER_E, w[W_R2] * t);
	default:
		return pow(FLUTTER_E, w[W_R1] * t) *
		    (w[W_C1] * cos(w[W_W] * t) + w[W_C2] * sin(w[W_W] * t));
	}
}

/* _SpringSolution's dx(t). */
static double
flutter_dx(const double *w, double t)
{
	double p, r = w[W_R1], c1 = w[W_C1], c2 = w[W_C2], ww = w[W_W];

	switch ((int)w[W_TYPE]) {
	case CRITICAL:
		p = pow(FLUTTER_E, r * t);
		return r * (c1 + c2 * t) * p + c2 * p;
	case OVER:
		return c1 * r * pow(FLUTTER_E, r * t) +
		    c2 * w[W_R2] * pow(FLUTTER_E, w[W_R2] * t);
	default:
		p = pow(FLUTTER_E, r * t);
		return p * (c2 * ww * cos(ww * t) - c1 * ww * sin(ww * t)) +
		    r * p * (c2 * sin(ww * t) + c1 * cos(ww * t));
	}
}

/* clampDouble(x, lo, hi). */
static double
flutter_clamp(double x, double lo, double hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* SpringSimulation(spring, start, end, velocity); animateWith. */
static void
flutter_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w, m, k, c, cmk, d = su->x0 - su->target;
	double v = su->v0;

	flutter_description(su, &m, &k, &c);
	w[W_END] = su->target;
	cmk = c * c - 4 * m * k;
	w[W_R2] = w[W_W] = 0.0;
	if (cmk > 0.0) {
		w[W_TYPE] = OVER;
		w[W_R1] = (-c - sqrt(cmk)) / (2.0 * m);
		w[W_R2] = (-c + sqrt(cmk)) / (2.0 * m);
		w[W_C2] = (v - w[W_R1] * d) / (w[W_R2] - w[W_R1]);
		w[W_C1] = d - w[W_C2];
	} else if (cmk < 0.0) {
		w[W_TYPE] = UNDER;
		w[W_W] = sqrt(4.0 * m * k - c * c) / (2.0 * m);
		w[W_R1] = -(c / 2.0 / m);
		w[W_C1] = d;
		w[W_C2] = (v - w[W_R1] * d) / w[W_W];
	} else {
		w[W_TYPE] = CRITICAL;
		w[W_R1] = -c / (2.0 * m);
		w[W_C1] = d;
		w[W_C2] = v - (w[W_R1] * d);
	}
	flutter_bounds(su, &w[W_LO], &w[W_HI]);
	w[W_TOL_X] = spring_engine_knob_or(su, flutter_knobs,
	    FL_K_TOL_DISTANCE);
	w[W_TOL_V] = spring_engine_knob_or(su, flutter_knobs,
	    FL_K_TOL_VELOCITY);
	w[W_STARTED] = 0.0;
	st->x = flutter_clamp(w[W_END] + flutter_x(w, 0.0), w[W_LO], w[W_HI]);
	st->v = v;
	st->done = 0;
	st->snap = 0.0;
}

/* Ticker._tick(vsync) -> AnimationController._tick(elapsed). */
static void
flutter_frame(spring_engine_state *st, double t)
{
	double *w = st->w, us = engine_vsync_micros(t), secs;

	if (st->done)
		return;
	if (!w[W_STARTED]) {		/* _startTime ??= timeStamp */
		w[W_START] = us;
		w[W_STARTED] = 1.0;
	}
	secs = (us - w[W_START]) / 1e6;
	st->x = flutter_clamp(w[W_END] + flutter_x(w, secs), w[W_LO],
	    w[W_HI]);
	st->v = flutter_dx(w, secs);
	if (fabs(flutter_x(w, secs)) < w[W_TOL_X] &&
	    fabs(flutter_dx(w, secs)) < w[W_TOL_V]) {
		st->done = 1;	/* stop(): isAnimating false, velocity 0 */
		st->v = 0.0;
	}
}

/* The table row (engine.c takes its address: a constant expression). */
const spring_engine spring_engine_flutter = {
	"flutter",
	"flutter SpringSimulation + AnimationController",
	"flutter spring_simulation.dart 04fbdcfa, ticker.dart f22aa412",
	"exact spring at (vsync us - first frame's vsync us): the first frame "
	    "shows the start; stops at |x|, |v| < tolerance (1e-3); optional "
	    "bounds clip",
	"flutter/flutter packages/flutter/lib/src/physics/spring_simulation."
	    "dart, scheduler/ticker.dart, animation/animation_controller.dart",
	"source reading (no Dart here): flutter's published spring test "
	    "values, hand frames, the exact solution",
	0,
	flutter_check,
	flutter_start,
	flutter_frame,
	flutter_knobs
};

