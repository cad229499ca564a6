/*
 * spring/easing.h - a spring as a piecewise-linear easing, the shape CSS's
 * linear() timing function takes (easing.c): points on the spring's
 * progress curve, joined by straight lines, within a stated distance of
 * the exact spring.  Part of the springsim library: include "spring.h"
 * with SPRING_EXPERIMENTAL for all of it.
 *
 * EXPERIMENTAL: its interface may change from release to release.
 */
#ifndef SPRING_EASING_H
#define SPRING_EASING_H

#include "exact.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A curve over the animation's progress in time, tau in [0, 1]. */
typedef double (*spring_curve_fn)(const void *ctx, double tau);

/* One point of a piecewise-linear easing: input tau, output y. */
typedef struct spring_easing_point {
	double tau, y;
} spring_easing_point;

/*
 * The spring's progress from x0 (velocity v0) toward a target at rest:
 * (x(t) - x0) / (target - x0), 0 at the start, 1 at the target, over an
 * animation of `duration` seconds (tau = t / duration).  init: 0, or -1
 * when target = x0 (no travel to measure progress in) or a value is not
 * finite.
 */
typedef struct spring_progress {
	spring_reference ref;
	double x0, travel;	/* x0 and target - x0 */
	double duration;	/* seconds: tau 1 */
} spring_progress;

int spring_progress_init(spring_progress *pr, const spring_params *p,
    double x0, double v0, double target, double duration);
/* The progress at tau (a spring_curve_fn: ctx is the spring_progress). */
double spring_progress_at(const void *pr, double tau);

/*
 * When the progress enters the band |progress - 1| <= band for good: the
 * last time it is outside, in seconds (0 if never).  From the closed form:
 * an envelope bounds where it can be, a grid of at least 64 points a
 * period (or a decay time) finds the last crossing, bisection pins it.
 * -1 when the spring does not settle (zeta 0) or would take more than
 * 10^7 grid points (a spring that rings for millions of periods).
 */
double spring_progress_settle(const spring_progress *pr, double band);

/*
 * Chords of a curve: points on it, (0, f(0)) first and (1, f(1)) last,
 * such that the straight line between consecutive points stays within
 * tol of the curve.  From each point the next is the farthest the chord
 * can reach (exponential search, then bisection to 1e-12 of tau), which
 * gives the fewest points whenever a chord's reach does not shrink as its
 * start moves on (a smooth curve's; the unit tests compare it with an
 * exhaustive search).  The number of points, or -1 when more than max
 * would be needed or tol is not > 0.
 */
int spring_easing_chords(spring_curve_fn f, const void *ctx, double tol,
    spring_easing_point *pts, int max);

/*
 * The largest |L(tau) - f(tau)| over [0, 1], L the polyline of pts (n >=
 * 2 points, tau from 0 rising to 1), as CSS's linear() interpolates it:
 * each segment sampled at 64 points and the largest refined by golden
 * section to 1e-10 of the segment.
 */
double spring_easing_error(spring_curve_fn f, const void *ctx,
    const spring_easing_point *pts, int n);

/*
 * After the animation: the largest |progress - 1| at times from the end
 * of the animation on, where a CSS animation that ended shows its last
 * value (1).  0 for a spring already settled in the band of 0.
 */
double spring_progress_tail(const spring_progress *pr);
/*
 * The same for an animation that ends showing `level` (an engine's last
 * frame): the largest |progress - level| from the end on, the limit
 * |1 - level| included; the bound's horizon is where the envelope falls
 * below the largest found less |1 - level| (at least 1e-9 of it), a full
 * period after the end below critical.  level 1 is spring_progress_tail.
 */
double spring_progress_tail_at(const spring_progress *pr, double level);

/*
 * The fewest of n frames (tau rising strictly, y) whose polyline stays
 * within tol of every frame between its points (so of the frames'
 * polyline: the gap of two straight lines is largest at a frame): a
 * shortest path over the chords, each chord's reach found by the cone of
 * the slopes that pass within tol of the frames it spans.  idx gets the
 * frames' indices, 0 first and n - 1 last; work holds 2 n longs.  The
 * number of points, or -1 when more than max would be needed, n < 2 or
 * tol is not > 0.
 */
long spring_easing_frame_chords(const spring_easing_point *fr, long n,
    double tol, long *work, long *idx, long max);
/*
 * The largest |L(tau) - y| over the frames, L the polyline of pts (as
 * spring_easing_error's), constant past its ends.
 */
double spring_easing_frames_error(const spring_easing_point *pts, int n,
    const spring_easing_point *fr, long nf);

#ifdef __cplusplus
}
#endif

#endif
