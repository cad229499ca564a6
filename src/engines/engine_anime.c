/*
 * engine_anime.c - anime.js 4.5.0's spring() easing in an animation
 * (npm animejs 4.5.0, dist/modules/easings/spring/index.js class Spring;
 * dist/modules/animation/animation.js, core/render.js, core/clock.js,
 * timer/timer.js, engine/engine.js, core/helpers.js; github.com/
 * juliangarnier/anime src/easings/spring).
 *
 * anime's spring is an easing: the animation lasts the spring's settling
 * duration (whole ms) and shows lerp(from, to, solve(progress *
 * solverDuration)), the normalised closed form from 0 to 1.  Its clock is
 * Date.now() in whole ms, started 12 ms early.
 */
#include <math.h>
#include <stdio.h>

#include "spring.h"
#include "spring/engine.h"
#include "engineclock.h"

/* core/consts.js: K = 1e3, minValue = 1e-11, maxFps = 240 */
#define AN_K 1e3
#define AN_MIN 1e-11
#define AN_MAX_FPS 240.0
/* spring/index.js: maxSpringParamValue = K * 10 */
#define AN_MAX_PARAM (AN_K * 10.0)
#define AN_PI 3.14159265358979323846

enum {
	AN_FROM, AN_TO,
	AN_W0, AN_ZETA, AN_WD, AN_B,	/* Spring.w0, zeta, wd, b */
	AN_SOLVER,		/* solverDuration, s */
	AN_SETTLING,		/* settlingDuration, ms */
	AN_START,		/* the animation's _startTime, ms */
	AN_LAST_TICK,		/* engine._lastTickTime, ms */
	AN_DONE
};

/* core/helpers.js clamp(v, min, max) */
static double
an_clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* JavaScript's Math.round: the nearest integer, halves up. */
static double
an_js_round(double v)
{
	double f = floor(v);

	return v - f >= 0.5 ? f + 1.0 : f;
}

/* core/helpers.js round(v, decimalLength) */
static double
an_round(double v, int decimals)
{
	double p;

	if (decimals < 0)
		return v;
	if (decimals == 0)
		return an_js_round(v);
	p = pow(10.0, decimals);
	return an_js_round(v * p) / p;
}

/* The library's numbers: Spring's m, s, d, v before compute(). */
typedef struct an_numbers {
	double m, s, d, v;
	double s_raw, d_raw, m_raw, v_raw, pd_raw, bn_raw; /* as asked */
} an_numbers;

/*
 * Spring's constructor: mass clamped to [1, 1e4] (a mass below 1 becomes
 * 1), stiffness and damping to [1e-11, 1e4], velocity to +-1e4; or, given
 * a duration or a bounce, calculateSDFromBD: m = 1, v = 0, stiffness
 * (2 pi / D)^2 and damping (1 - bounce) 4 pi / D (bounce >= 0) or
 * 4 pi / (D (1 + bounce)), each rounded to 3 decimals, the damping capped
 * at 300; the perceived duration D clamped to [10 ms, 10 s], the bounce
 * to [-1, 1] (defaults 628 ms and 0.5).  anime's velocity is in units of
 * the motion per second: v0 / (target - x0).
 */
static void
an_numbers_of(const spring_engine_setup *su, an_numbers *n)
{
	double om = su->params.omega, m = su->params.mass, pds, bn;

	if (su->form == SPRING_ENGINE_DURATION) {
		n->pd_raw = isnan(su->duration) ? 628.0 : su->duration * 1000.0;
		n->bn_raw = isnan(su->bounce) ? 0.5 : su->bounce;
		bn = an_clamp(n->bn_raw, -1.0, 1.0);
		pds = an_clamp(n->pd_raw, 10.0, AN_MAX_PARAM) / AN_K;
		n->m = n->m_raw = 1.0;
		n->v = 0.0;
		n->v_raw = su->target != su->x0 ?
		    su->v0 / (su->target - su->x0) : su->v0;
		n->s_raw = pow((2.0 * AN_PI) / pds, 2.0);
		if (bn >= 0.0)
			n->d_raw = ((1.0 - bn) * 4.0 * AN_PI) / pds;
		else
			n->d_raw = (4.0 * AN_PI) / (pds * (1.0 + bn));
		n->s = an_round(an_clamp(n->s_raw, AN_MIN, AN_MAX_PARAM), 3);
		n->d = an_round(an_clamp(n->d_raw, AN_MIN, 300.0), 3);
		return;
	}
	n->pd_raw = n->bn_raw = NAN;
	n->m_raw = m;
	n->s_raw = om * om * m;
	n->d_raw = 2.0 * su->params.zeta * om * m;
	n->v_raw = su->target != su->x0 ? su->v0 / (su->target - su->x0) :
	    0.0;
	n->m = an_clamp(n->m_raw, 1.0, AN_MAX_PARAM);
	n->s = an_clamp(n->s_raw, AN_MIN, AN_MAX_PARAM);
	n->d = an_clamp(n->d_raw, AN_MIN, AN_MAX_PARAM);
	n->v = an_clamp(n->v_raw, -AN_MAX_PARAM, AN_MAX_PARAM);
}

/* What anime runs instead of the spring asked for, or refuses. */
static int
an_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	an_numbers n;

	an_numbers_of(su, &n);
	if (su->v0 != 0.0 && su->target == su->x0) {
		if (msg != NULL)
			snprintf(msg, len, "anime.js takes the velocity in "
			    "units of the motion (target - x0), which is 0 "
			    "here: it cannot start with v0 %g", su->v0);
		return -1;
	}
	if (su->form == SPRING_ENGINE_DURATION) {
		if (su->v0 != 0.0) {
			if (msg != NULL)
				snprintf(msg, len, "anime.js's duration and "
				    "bounce set the velocity to 0: runs v0 0");
			return 1;
		}
		if (n.d < an_round(an_clamp(n.d_raw, AN_MIN, AN_MAX_PARAM), 3)) {
			if (msg != NULL)
				snprintf(msg, len, "anime.js caps the damping "
				    "at 300: runs damping 300 instead of %g "
				    "(stiffness %g)", n.d_raw, n.s);
			return 1;
		}
		if (n.pd_raw < 10.0 || n.pd_raw > AN_MAX_PARAM ||
		    n.bn_raw < -1.0 || n.bn_raw > 1.0) {
			if (msg != NULL)
				snprintf(msg, len, "anime.js clamps the "
				    "duration to 0.01..10 s and the bounce to "
				    "-1..1: runs stiffness %g, damping %g", n.s,
				    n.d);
			return 1;
		}
		return 0;
	}
	if (n.m != n.m_raw) {
		if (msg != NULL)
			snprintf(msg, len, "anime.js raises a mass below 1 to "
			    "1: runs mass 1 (omega %g, zeta %g) instead of "
			    "mass %g", sqrt(n.s), n.d / (2.0 * sqrt(n.s)),
			    n.m_raw);
		return 1;
	}
	if (n.s != n.s_raw || n.d != n.d_raw || n.v != n.v_raw ||
	    sqrt(n.s / n.m) > AN_K) {
		if (msg != NULL)
			snprintf(msg, len, "anime.js clamps stiffness and "
			    "damping to 1e-11..1e4, the velocity to +-1e4 "
			    "motions/s and omega to 1000: runs stiffness %g, "
			    "damping %g", n.s, n.d);
		return 1;
	}
	return 0;
}

/* Spring.solve(time): the normalised spring from 0 to 1, time in s. */
static double
an_solve(const double *w, double time)
{
	double z = w[AN_ZETA], w0 = w[AN_W0], wd = w[AN_WD], b = w[AN_B];
	double t = time;

	if (z < 1.0)
		t = exp(-t * z * w0) * (1.0 * cos(wd * t) + b * sin(wd * t));
	else if (z == 1.0)
		t = (1.0 + b * t) * exp(-t * w0);
	else
		t = ((1.0 + b) * exp((-z * w0 + wd) * t) +
		    (1.0 - b) * exp((-z * w0 - wd) * t)) / 2.0;
	return 1.0 - t;
}

/* d solve / d time, per s (for the velocity anime does not keep). */
static double
an_dsolve(const double *w, double t)
{
	double z = w[AN_ZETA], w0 = w[AN_W0], wd = w[AN_WD], b = w[AN_B];
	double e, r1, r2;

	if (z < 1.0) {
		e = exp(-t * z * w0);
		return -e * (-z * w0 * (cos(wd * t) + b * sin(wd * t)) -
		    wd * sin(wd * t) + b * wd * cos(wd * t));
	}
	if (z == 1.0)
		return -exp(-t * w0) * (b - w0 * (1.0 + b * t));
	r1 = -z * w0 + wd;
	r2 = -z * w0 - wd;
	return -((1.0 + b) * r1 * exp(r1 * t) +
	    (1.0 - b) * r2 * exp(r2 * t)) / 2.0;
}

/*
 * new Spring(...) (constructor, calculateSDFromBD, compute()) and
 * animate(obj, { x: { from: x0, to: target }, ease: spring }) at wall
 * time 0.  compute(): w0 = sqrt(s / m) clamped to [1e-11, 1000], zeta =
 * d / (2 sqrt(s m)), wd and b by branch; solverDuration the last 0.02 s
 * step before |1 - solve| stays under 0.0005 for more than 200 ms (or
 * 60 s), settlingDuration = round(solverDuration 1000) ms, the animation's
 * duration.  Timer#resume: _startTime = Date.now() - 12 ("Forces the
 * timer to advance by at least one frame"); the engine's _lastTickTime is
 * Date.now() at its creation (here: 0).
 */
static void
an_start(const spring_engine_setup *su, spring_engine_state *st)
{
	double *w = st->w;
	an_numbers n;
	double w0, z, v, solver_time = 0.0, rest_steps = 0.0, it = 0.0;
	double max_rest = 200.0 / 0.02 / AN_K;	/* restDuration/timeStep/K */
	double max_it = 60000.0 / 0.02 / AN_K;	/* maxDuration/timeStep/K */

	an_numbers_of(su, &n);
	v = n.v;
	w[AN_FROM] = su->x0;
	w[AN_TO] = su->target;
	w0 = w[AN_W0] = an_clamp(sqrt(n.s / n.m), AN_MIN, AN_K);
	z = w[AN_ZETA] = n.d / (2.0 * sqrt(n.s * n.m));
	if (z < 1.0) {
		w[AN_WD] = w0 * sqrt(1.0 - z * z);
		w[AN_B] = (z * w0 + -v) / w[AN_WD];
	} else if (z == 1.0) {
		w[AN_WD] = 0.0;
		w[AN_B] = -v + w0;
	} else {
		w[AN_WD] = w0 * sqrt(z * z - 1.0);
		w[AN_B] = (z * w0 + -v) / w[AN_WD];
	}
	w[AN_SOLVER] = 0.0;
	while (rest_steps <= max_rest && it <= max_it) {
		if (fabs(1.0 - an_solve(w, solver_time)) < 0.0005)
			rest_steps++;
		else
			rest_steps = 0.0;
		w[AN_SOLVER] = solver_time;
		solver_time += 0.02;
		it++;
	}
	w[AN_SETTLING] = an_round(w[AN_SOLVER] * AN_K, 0) * 1.0;
	w[AN_START] = engine_date_now(0.0) - 12.0;
	w[AN_LAST_TICK] = engine_date_now(0.0);
	w[AN_DONE] = 0.0;
	st->x = su->x0;
	st->v = su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/* core/helpers.js lerp(start, end, factor) */
static double
an_lerp(double a, double b, double f)
{
	return f == 1.0 ? b : f == 0.0 ? a : a + (b - a) * f;
}

/*
 * engine.update() at wall time t: time = Date.now(); the engine ticks only
 * if a 240 fps frame has passed (core/clock.js requestTick, with its
 * tolerance of a quarter frame); then render(animation, time -
 * _startTime) (core/render.js): the time clamped to [0, duration], the
 * tween's progress time / duration through the spring's ease (0 and 1 as
 * they are, else solve(progress solverDuration)), the value lerp(from,
 * to, progress) written unrounded (a number on a plain object); completed
 * (onComplete) once the time reaches the duration, showing the target.
 */
static void
an_frame(spring_engine_state *st, double t)
{
	double *w = st->w;
	double time, elapsed, fd = AN_K / AN_MAX_FPS, scaled, tol, abs_t, cur;
	double dur = w[AN_SETTLING], it, tw, p, eased, raw;

	st->snap = 0.0;
	if (w[AN_DONE] != 0.0)
		return;
	time = engine_date_now(t);
	elapsed = time - w[AN_LAST_TICK];
	scaled = fd * 0.25;
	tol = scaled < 4.0 ? scaled : 4.0;
	if (elapsed + tol < fd)
		return;
	w[AN_LAST_TICK] = elapsed >= fd ? time - fmod(elapsed, fd) : time;
	abs_t = (time - w[AN_START]) * 1.0 * 1.0;
	cur = an_clamp(abs_t, -0.0, dur);
	it = cur >= dur ? dur : abs_t;
	tw = an_clamp(it - 0.0, 0.0, dur);
	p = tw / dur;
	eased = p == 0.0 || p == 1.0 ? p : an_solve(w, p * w[AN_SOLVER]);
	st->x = an_lerp(w[AN_FROM], w[AN_TO], eased);
	st->v = (w[AN_TO] - w[AN_FROM]) * an_dsolve(w, p * w[AN_SOLVER]) *
	    w[AN_SOLVER] / (dur / 1000.0);
	if (cur >= dur) {
		raw = an_lerp(w[AN_FROM], w[AN_TO],
		    an_solve(w, abs_t / dur * w[AN_SOLVER]));
		st->snap = st->x - raw;
		st->v = 0.0;
		st->done = 1;
		w[AN_DONE] = 1.0;
	}
}

/*
 * The engine, exported as the struct itself: a pointer variable (the
 * plan's `const spring_engine *const`) is no constant initializer for
 * engine.c's table in C.
 */
const spring_engine spring_engine_anime = {
	.name = "anime",
	.library = "animejs",
	.version = "4.5.0",
	.summary = "an easing: the closed form at (Date.now() - start + 12 ms) "
	    "scaled to its settling duration in whole ms, then the target; "
	    "mass below 1 runs 1",
	.source = "npm animejs 4.5.0 dist/modules/easings/spring/index.js "
	    "(Spring), core/render.js, core/clock.js, timer/timer.js",
	.checked = "running library",
	.float32 = 0,
	.check = an_check,
	.start = an_start,
	.frame = an_frame,
};
