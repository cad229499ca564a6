/*
 * engine_reanimated.c - react-native-reanimated 4.8.0's withSpring
 * (software-mansion/react-native-reanimated src/animation/spring/
 * spring.ts, springUtils.ts, springConfigs.ts; read and run as the
 * package ships them compiled: lib/module/animation/spring/spring.js,
 * springUtils.js, springConfigs.js, and lib/module/valueSetter.js).
 *
 * withSpring steps each frame exactly from the last frame's position and
 * velocity over the frame's time, capped at 64 ms (the rest is lost);
 * every zeta >= 1 runs the critical formula at omega0 = sqrt(k/m); a
 * start velocity pointing away from the target is dropped; the animation
 * ends when the energy falls to energyThreshold times the start energy,
 * and snaps to the target.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"
#include "internal.h"

/* spring.js springOnFrame: `Math.min(Math.max(now - lastTimestamp, 0), 64)` */
#define REA_MAX_STEP 64.0
/* spring.js defaultConfig: energyThreshold 6e-9 */
#define REA_ENERGY_THRESHOLD 6e-9
/* springConfigs.js GentleSpringConfig: the mass the duration mode keeps */
#define REA_DEFAULT_MASS 4.0

enum {
	REA_K, REA_M,		/* config.stiffness, config.mass */
	REA_TO, REA_START,	/* toValue, startValue (value - toValue) */
	REA_CUR, REA_VEL,	/* current, velocity (units/s) */
	REA_LAST,		/* lastTimestamp, ms */
	REA_ZETA, REA_OMEGA0, REA_OMEGA1,
	REA_E0,			/* initialEnergy */
	REA_THRESH,		/* config.energyThreshold */
	REA_CLAMP,		/* config.overshootClamping */
	REA_ACTIVE
};

/*
 * Reanimated's options: overshootClamping and energyThreshold (spring.js
 * defaultConfig); the row's index is its knob's in the setup's knob[].
 */
enum { REA_K_CLAMP, REA_K_THRESHOLD };
static const spring_engine_knob rea_knobs[] = {
	[REA_K_CLAMP] = { .option = "overshootClamping",
	    .flag = "reanimated-overshoot-clamping", .kind = SPRING_KNOB_SWITCH,
	    .min = 0, .max = 1, .def = 0, .def_text = "false",
	    .help = "leaving [start, target] ends the animation on the "
	    "target" },
	[REA_K_THRESHOLD] = { .option = "energyThreshold",
	    .flag = "reanimated-energy-threshold", .arg = "E",
	    .kind = SPRING_KNOB_NUMBER, .min = 0, .min_open = 1,
	    .max = INFINITY, .def = REA_ENERGY_THRESHOLD, .def_text = "6e-9",
	    .help = "at rest (snapped to the target) when the energy is at "
	    "most E times the start energy, E > 0" },
	{ .option = NULL }
};

/* springUtils.js getEnergy: k x^2 / 2 + m v^2 / 2. */
static double
rea_energy(double x, double v, double k, double m)
{
	return 0.5 * k * (x * x) + 0.5 * m * (v * v);
}

/*
 * springUtils.js calculateNewStiffnessToMatchDuration's
 * energyDiffForStiffness: the energy fraction left at 1.5 x the duration
 * by the critical formula at the decay rate zeta sqrt(k/m), less the
 * threshold.
 */
static double
rea_energy_diff(double k, double dur_ms, double zeta, double m, double x0,
    double v0, double thresh)
{
	double sd = dur_ms * 1.5 / 1000.0, om = sqrt(k / m) * zeta;
	double e = exp(-om * sd), a = x0 + (v0 + x0 * om) * sd;
	double xtk = a * e, vtk = a * e * -om + (v0 + x0 * om) * e;

	return rea_energy(xtk, vtk, k, m) / rea_energy(x0, v0, k, m) - thresh;
}

/*
 * The stiffness of withSpring's duration mode: springUtils.js bisectRoot
 * over [Number.EPSILON, 8e3] with precision threshold 1e-3 and at most 100
 * halvings, as calculateNewStiffnessToMatchDuration calls it; x0 the
 * start's offset from the target, v0 the (clipped) start velocity.
 */
double
spring_reanimated_stiffness(double dur_ms, double zeta, double m, double x0,
    double v0, double thresh)
{
	double lo = DBL_EPSILON, hi = 8e3, cur, prec = thresh * 1e-3;
	int dir, idx = 100;

	dir = rea_energy_diff(hi, dur_ms, zeta, m, x0, v0, thresh) >=
	    rea_energy_diff(lo, dur_ms, zeta, m, x0, v0, thresh) ? 1 : -1;
	cur = (hi + lo) / 2.0;
	while (fabs(rea_energy_diff(cur, dur_ms, zeta, m, x0, v0, thresh)) >
	    prec && idx > 0) {
		idx--;
		if (rea_energy_diff(cur, dur_ms, zeta, m, x0, v0, thresh) *
		    dir < 0.0)
			lo = cur;
		else
			hi = cur;
		cur = (lo + hi) / 2.0;
	}
	return cur;
}

/*
 * The duration mode's stiffness, as the engine's start finds it: the
 * check warns when it ends on one of the search's bounds (Number.EPSILON
 * or 8e3: the top within a millionth, the bottom within an epsilon), a
 * duration too short or too long for the search, which the library runs
 * silently at that stiffness.
 */
static double
rea_search(const spring_engine_setup *su)
{
	double v = su->v0;

	if ((su->target > su->x0 && v < 0.0) ||
	    (su->target < su->x0 && v > 0.0))
		v = 0.0;
	return spring_reanimated_stiffness(su->duration * 1000.0,
	    su->bounce, REA_DEFAULT_MASS, su->x0 - su->target, v,
	    spring_engine_knob_or(su, rea_knobs, REA_K_THRESHOLD));
}

/*
 * Reanimated skips an invalid config (checkIfConfigIsValid: damping,
 * dampingRatio, duration must be > 0; a duration of 0 too): the value
 * jumps to the target, refused here.  An over-damped spring runs
 * critically damped (springOnFrame has only the zeta < 1 and the
 * critical branches).
 */
static int
rea_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	double z = su->params.zeta, k;

	if (su->form == SPRING_ENGINE_DURATION) {
		z = su->bounce;
		if (!(su->duration > 0.0) || !(z > 0.0)) {
			if (msg != NULL)
				snprintf(msg, len, "Reanimated skips the "
				    "animation of duration %g s, dampingRatio "
				    "%g (\"Invalid spring config\": both must "
				    "be > 0)", su->duration, z);
			return -1;
		}
	} else if (!(z > 0.0)) {
		if (msg != NULL)
			snprintf(msg, len, "Reanimated skips the animation of "
			    "damping 0 (\"Invalid spring config, damping must "
			    "be grater than zero\")");
		return -1;
	}
	if (su->form == SPRING_ENGINE_DURATION) {
		k = rea_search(su);
		if (k >= 8e3 * (1.0 - 1e-6) || k <= 2.0 * DBL_EPSILON) {
			if (msg != NULL)
				snprintf(msg, len, "Reanimated's stiffness "
				    "search ends on its bound (it searches "
				    "2.2e-16 to 8000): duration %g s runs at "
				    "stiffness %g", su->duration, k);
			return 1;
		}
	}
	if (z > 1.0) {
		if (msg != NULL)
			snprintf(msg, len, "Reanimated has no over-damped "
			    "spring: zeta %g runs critically damped (zeta 1) "
			    "at the same omega0", z);
		return 1;
	}
	return 0;
}

/*
 * spring.js springOnFrame: the step is min(max(now - lastTimestamp, 0),
 * 64) ms from (current, velocity), by springUtils.js
 * underDampedSpringCalculations for zeta < 1, else
 * criticallyDampedSpringCalculations; isAnimationTerminatingCalculation
 * (overshootClamping: outside [start, target]; or the energy at most
 * energyThreshold times initialEnergy) ends it on the target.
 */
static void
rea_update(spring_engine_state *st, double now)
{
	double *w = st->w, dt, t, v0, x0, zeta, om0, om1, to = w[REA_TO];
	double pos, vel, env, s1, c1, frag, a, left, right;
	int end = 0;

	dt = fmin(fmax(now - w[REA_LAST], 0.0), REA_MAX_STEP);
	w[REA_LAST] = now;
	t = dt / 1000.0;
	v0 = w[REA_VEL];
	x0 = w[REA_CUR] - to;
	zeta = w[REA_ZETA];
	om0 = w[REA_OMEGA0];
	om1 = w[REA_OMEGA1];
	if (zeta < 1.0) {
		s1 = sin(om1 * t);
		c1 = cos(om1 * t);
		env = exp(-zeta * om0 * t);
		frag = env * (s1 * ((v0 + zeta * om0 * x0) / om1) + x0 * c1);
		pos = to + frag;
		vel = -zeta * om0 * frag + env * (c1 * (v0 + zeta * om0 * x0) -
		    om1 * x0 * s1);
	} else {
		env = exp(-om0 * t);
		a = x0 + (v0 + om0 * x0) * t;
		pos = to + env * a;
		vel = env * -om0 * a + env * (v0 + om0 * x0);
	}
	w[REA_CUR] = pos;
	w[REA_VEL] = vel;
	st->x = pos;
	st->v = vel;
	if (w[REA_CLAMP] != 0.0) {
		left = w[REA_START] >= 0.0 ? to : to + w[REA_START];
		right = left + fabs(w[REA_START]);
		end = pos < left || pos > right;
	}
	if (!end)
		end = w[REA_E0] == 0.0 || rea_energy(to - pos, vel, w[REA_K],
		    w[REA_M]) / w[REA_E0] <= w[REA_THRESH];
	if (end) {
		st->snap = to - pos;
		w[REA_VEL] = 0.0;
		w[REA_CUR] = to;
		st->x = to;
		st->v = 0.0;
		st->done = 1;
		w[REA_ACTIVE] = 0.0;
	}
}

/*
 * withSpring(target, { stiffness: omega^2 m, damping: 2 zeta omega m,
 * mass: m } or { duration, dampingRatio }, velocity: v0, ...) assigned at
 * wall time 0: valueSetter.js runs onStart at the frame's timestamp and
 * the first onFrame at once (delta 0).  onStart (spring.js): the velocity
 * dropped if it points away from the target; in duration mode the
 * stiffness found by the search, mass the default 4; zeta, omega0,
 * omega1 by initialCalculations; initialEnergy from the start offset and
 * the velocity as given (not the clipped one).
 */
static void
rea_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w, om = su->params.omega, m = su->params.mass;
	double k, c, zeta, v = su->v0, now = engine_perf_now(0.0);

	w[REA_TO] = su->target;
	w[REA_START] = su->x0 - su->target;
	w[REA_CUR] = su->x0;
	w[REA_THRESH] = spring_engine_knob_or(su, rea_knobs, REA_K_THRESHOLD);
	w[REA_CLAMP] = spring_engine_knob_or(su, rea_knobs, REA_K_CLAMP) != 0;
	if ((su->target > su->x0 && v < 0.0) ||
	    (su->target < su->x0 && v > 0.0))
		v = 0.0;
	w[REA_VEL] = v;
	if (su->form == SPRING_ENGINE_DURATION) {
		m = REA_DEFAULT_MASS;
		zeta = su->bounce;
		k = spring_reanimated_stiffness(su->duration * 1000.0, zeta, m,
		    w[REA_START], v, w[REA_THRESH]);
	} else {
		k = om * om * m;
		c = 2.0 * su->params.zeta * om * m;
		zeta = c / (2.0 * sqrt(k * m));
	}
	w[REA_K] = k;
	w[REA_M] = m;
	w[REA_ZETA] = zeta;
	w[REA_OMEGA0] = sqrt(k / m);
	w[REA_OMEGA1] = zeta < 1.0 ? w[REA_OMEGA0] * sqrt(1.0 - zeta * zeta) :
	    0.0;
	w[REA_E0] = rea_energy(w[REA_START], su->v0, k, m);
	w[REA_LAST] = now;
	w[REA_ACTIVE] = 1.0;
	st->x = su->x0;
	st->v = v;
	st->done = 0;
	st->snap = 0.0;
	rea_update(st, now);
}

/* A frame: valueSetter.js's requestAnimationFrame step, onFrame. */
static void
rea_frame(spring_engine_state *st, double t)
{
	st->snap = 0.0;
	if (st->w[REA_ACTIVE] == 0.0)
		return;
	rea_update(st, engine_perf_now(t));
}

/* The engine, exported as the struct itself (engine.c's table). */
const spring_engine spring_engine_reanimated = {
	.name = "reanimated",
	.library = "react-native-reanimated withSpring",
	.version = "react-native-reanimated 4.8.0",
	.summary = "the exact step from the last frame over its time, capped "
	    "at 64 ms (the rest lost); zeta >= 1 runs critical; a velocity "
	    "away from the target dropped; snaps at 6e-9 of the start energy",
	.source = "software-mansion/react-native-reanimated src/animation/"
	    "spring/spring.ts, springUtils.ts (lib/module/animation/spring/"
	    "*.js 4.8.0)",
	.checked = "running library",
	.float32 = 0,
	.check = rea_check,
	.start = rea_start,
	.frame = rea_frame,
	.knobs = rea_knobs,
};
