/*
 * easing.c - a spring as a piecewise-linear easing (spring/easing.h): the
 * shape of CSS's linear() timing function, which interpolates straight
 * lines between points of (input progress, output progress).  The spring
 * generators people paste into CSS (Motion's spring().toString(), Jake
 * Archibald's linear-easing generator) sample the curve at points they
 * choose and say nothing of how far the result is from the spring; here
 * the points are chords of the exact spring's progress curve, each as
 * long as the tolerance lets it be, and the error is measured, not
 * assumed.
 */
#include <math.h>
#include <stddef.h>

#include "spring.h"
#include "spring/easing.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define SEGMENT_SAMPLES 64	/* samples of a segment's error */
#define GRID_POINTS_MAX 10000000L	/* a settle search's grid */

/* See easing.h. */
int
spring_progress_init(spring_progress *pr, const spring_params *p,
    double x0, double v0, double target, double duration)
{
	if (!isfinite(x0) || !isfinite(v0) || !isfinite(target) ||
	    target == x0 || !isfinite(target - x0) ||
	    !(duration > 0.0) || !isfinite(duration))
		return -1;
	spring_reference_init(&pr->ref, p, x0, v0, target, 0.0, 1.0);
	pr->x0 = x0;
	pr->travel = target - x0;
	pr->duration = duration;
	return 0;
}

/* The offset from the target at time t, in units of the travel. */
static double
offset_at(const spring_progress *pr, double t)
{
	spring_state s;

	spring_reference_at(&pr->ref, t, &s);
	return (s.x - pr->ref.g0) / pr->travel;
}

/* See easing.h. */
double
spring_progress_at(const void *ctx, double tau)
{
	const spring_progress *pr = ctx;

	return 1.0 + offset_at(pr, tau * pr->duration);
}

/*
 * A bound on |offset| at every time from t on, from the closed form's
 * amplitudes (the offset e solves e'' + 2 zeta omega e' + omega^2 e = 0):
 * below critical C e^(-zeta omega t); above, the sum of the two modes'
 * amplitudes times the slower decay; at critical (|A| + |B| t') e^(-omega
 * t') at the largest it can be for t' >= t.  Non-increasing in t.
 */
static double
envelope(const spring_progress *pr, double t)
{
	double w = pr->ref.omega, z = pr->ref.zeta;
	double e0 = pr->ref.e0 / fabs(pr->travel);
	double de0 = pr->ref.de0 / fabs(pr->travel);

	if (z < 1.0) {
		double wd = w * sqrt((1.0 - z) * (1.0 + z));

		return (fabs(e0) + fabs(de0 + z * w * e0) / wd) *
		    exp(-z * w * t);
	}
	if (z > 1.0) {
		double s = w * sqrt((z - 1.0) * (z + 1.0));
		double r1 = -z * w + s, r2 = -z * w - s;	/* r2 < r1 < 0 */
		double c1 = (de0 - r2 * e0) / (r1 - r2), c2 = e0 - c1;

		return (fabs(c1) + fabs(c2)) * exp(r1 * t);
	} else {
		double a = fabs(e0), b = fabs(de0 + w * e0);
		double tm = b > 0.0 ? 1.0 / w - a / b : 0.0;

		if (t < tm)
			t = tm;
		return (a + b * t) * exp(-w * t);
	}
}

/* The first time from which envelope() <= band: doubling, bisection. */
static double
envelope_time(const spring_progress *pr, double band)
{
	double lo = 0.0, hi = 1.0 / pr->ref.omega;
	int i;

	if (envelope(pr, 0.0) <= band)
		return 0.0;
	for (i = 0; i < 2000 && envelope(pr, hi) > band; i++) {
		lo = hi;
		hi *= 2.0;
	}
	for (i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = 0.5 * (lo + hi);

		if (envelope(pr, mid) > band)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/*
 * The grid's next time after t: 1/64 of a period below critical (the
 * offset turns every half period, forever); at or above it, 1/64 of the
 * fast mode's time constant growing by 2 % of t (the offset turns at
 * most once, so the grid can stretch as the motion slows).
 */
static double
grid_next(const spring_progress *pr, double t)
{
	double w = pr->ref.omega, z = pr->ref.zeta;

	if (z < 1.0)
		return t + 2.0 * M_PI / (w * sqrt((1.0 - z) * (1.0 + z))) /
		    SEGMENT_SAMPLES;
	return t + fmax(1.0 / (SEGMENT_SAMPLES * w * (z + sqrt((z - 1.0) *
	    (z + 1.0)))), 0.02 * t);
}

/* See easing.h. */
double
spring_progress_settle(const spring_progress *pr, double band)
{
	double hi, t, next, last = -1.0, lo;
	long n = 0;
	int i;

	if (pr->ref.zeta <= 0.0 && envelope(pr, 0.0) > band)
		return -1.0;
	hi = envelope_time(pr, band);
	/* a spring that rings for millions of periods: refused at once */
	if (pr->ref.zeta < 1.0 && hi / (grid_next(pr, 0.0) - 0.0) >
	    (double)GRID_POINTS_MAX)
		return -1.0;
	for (t = 0.0; t < hi; t = next) {
		next = fmin(grid_next(pr, t), hi);
		if (fabs(offset_at(pr, t)) > band)
			last = t;
		if (++n > GRID_POINTS_MAX)
			return -1.0;
	}
	if (last < 0.0)
		return 0.0;
	/* the crossing between the last sample outside and the next */
	lo = last;
	hi = fmin(grid_next(pr, last), hi);
	for (i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		double mid = 0.5 * (lo + hi);

		if (fabs(offset_at(pr, mid)) > band)
			lo = mid;
		else
			hi = mid;
	}
	return hi;
}

/* |chord - f| at tau on the chord (a, b). */
static double
chord_gap(spring_curve_fn f, const void *ctx, const spring_easing_point *a,
    const spring_easing_point *b, double tau)
{
	double y = a->y + (b->y - a->y) * (tau - a->tau) / (b->tau - a->tau);

	return fabs(y - f(ctx, tau));
}

/*
 * The largest gap on one segment: SEGMENT_SAMPLES samples, then golden
 * section around the largest (the gap of a chord within tolerance has
 * one hump per turn of the curve; the samples find the tallest).
 */
static double
segment_error(spring_curve_fn f, const void *ctx,
    const spring_easing_point *a, const spring_easing_point *b)
{
	const double g = 0.5 * (sqrt(5.0) - 1.0);
	double step = (b->tau - a->tau) / SEGMENT_SAMPLES;
	double best = 0.0, at = a->tau, lo, hi, x1, x2, f1, f2;
	int i;

	for (i = 0; i <= SEGMENT_SAMPLES; i++) {
		double tau = i == SEGMENT_SAMPLES ? b->tau : a->tau + i * step;
		double e = chord_gap(f, ctx, a, b, tau);

		if (e > best) {
			best = e;
			at = tau;
		}
	}
	lo = fmax(a->tau, at - step);
	hi = fmin(b->tau, at + step);
	x1 = hi - g * (hi - lo);
	x2 = lo + g * (hi - lo);
	f1 = chord_gap(f, ctx, a, b, x1);
	f2 = chord_gap(f, ctx, a, b, x2);
	for (i = 0; i < 60 && hi - lo > 1e-10 * (b->tau - a->tau); i++) {
		if (f1 > f2) {
			hi = x2;
			x2 = x1;
			f2 = f1;
			x1 = hi - g * (hi - lo);
			f1 = chord_gap(f, ctx, a, b, x1);
		} else {
			lo = x1;
			x1 = x2;
			f1 = f2;
			x2 = lo + g * (hi - lo);
			f2 = chord_gap(f, ctx, a, b, x2);
		}
	}
	return fmax(best, fmax(f1, f2));
}

/* See easing.h. */
double
spring_easing_error(spring_curve_fn f, const void *ctx,
    const spring_easing_point *pts, int n)
{
	double worst = 0.0;
	int i;

	for (i = 0; i + 1 < n; i++)
		if (pts[i + 1].tau > pts[i].tau)
			worst = fmax(worst, segment_error(f, ctx, &pts[i],
			    &pts[i + 1]));
	return worst;
}

/* Whether the chord from a to tau (on the curve) stays within tol. */
static int
chord_fits(spring_curve_fn f, const void *ctx, const spring_easing_point *a,
    double tau, double tol)
{
	spring_easing_point b;

	b.tau = tau;
	b.y = f(ctx, tau);
	return segment_error(f, ctx, a, &b) <= tol;
}

/* See easing.h. */
int
spring_easing_chords(spring_curve_fn f, const void *ctx, double tol,
    spring_easing_point *pts, int max)
{
	double step = 1.0 / 1024;
	int n = 1, i;

	if (!(tol > 0.0) || max < 2)
		return -1;
	pts[0].tau = 0.0;
	pts[0].y = f(ctx, 0.0);
	while (pts[n - 1].tau < 1.0) {
		const spring_easing_point *a = &pts[n - 1];
		double ok = a->tau, bad = 2.0, tau;

		if (n == max)
			return -1;
		/* exponential search from the last segment's length */
		for (tau = fmin(1.0, a->tau + step);; ) {
			if (!chord_fits(f, ctx, a, tau, tol)) {
				bad = tau;
				break;
			}
			ok = tau;
			if (tau >= 1.0)
				break;
			tau = fmin(1.0, a->tau + 2.0 * (tau - a->tau));
		}
		for (i = 0; bad <= 1.0 && i < 100 && bad - ok > 1e-12; i++) {
			double mid = 0.5 * (ok + bad);

			if (chord_fits(f, ctx, a, mid, tol))
				ok = mid;
			else
				bad = mid;
		}
		if (ok <= a->tau)	/* no chord fits: tol below rounding */
			return -1;
		step = ok - a->tau;
		pts[n].tau = ok;
		pts[n].y = f(ctx, ok);
		n++;
	}
	return n;
}

/* -|offset + c| at t (c = 1 - level), for the golden-section search */
static double
neg_gap(const spring_progress *pr, double t, double c)
{
	return -fabs(offset_at(pr, t) + c);
}

/* See easing.h. */
double
spring_progress_tail(const spring_progress *pr)
{
	return spring_progress_tail_at(pr, 1.0);
}

/*
 * The horizon past which |offset + c| <= worst: where the envelope falls
 * below worst - |c| (at least 1e-9 of worst), capped.
 */
static double
tail_horizon(const spring_progress *pr, double worst, double c, double cap)
{
	double band = worst - fabs(c);

	if (c != 0.0 && band < 1e-9 * worst)
		band = 1e-9 * worst;
	return fmin(cap, envelope_time(pr, band));
}

/* See easing.h: the grid's largest, refined by golden section. */
double
spring_progress_tail_at(const spring_progress *pr, double level)
{
	const double g = 0.5 * (sqrt(5.0) - 1.0);
	double c = 1.0 - level, t = pr->duration;
	double worst = fabs(offset_at(pr, t) + c), at = t;
	double next, hi, lo, x1, x2, f1, f2, cap;
	long n = 0;
	int i;

	/*
	 * Below critical |offset| is the decaying envelope times |cos|, whose
	 * peaks come every half period: none after the first half period
	 * from the end is taller than the one in it (or the end itself); a
	 * level other than 1 favours one sign, a whole period.
	 */
	cap = pr->ref.zeta < 1.0 ? pr->duration + ((c != 0.0 ? 1.0 : 0.5) *
	    SEGMENT_SAMPLES + 1.0) * (grid_next(pr, 0.0) - 0.0) : INFINITY;
	hi = tail_horizon(pr, worst, c, cap);
	for (; t < hi && n < GRID_POINTS_MAX; t = next, n++) {
		double e;

		next = grid_next(pr, t);
		e = fabs(offset_at(pr, next) + c);
		if (e > worst) {
			/* a new largest: the bound's horizon comes nearer */
			worst = e;
			at = next;
			hi = tail_horizon(pr, worst, c, cap);
		}
	}
	lo = fmax(pr->duration, at - (grid_next(pr, at) - at));
	hi = grid_next(pr, at);
	x1 = hi - g * (hi - lo);
	x2 = lo + g * (hi - lo);
	f1 = neg_gap(pr, x1, c);
	f2 = neg_gap(pr, x2, c);
	for (i = 0; i < 80 && hi - lo > 1e-13 * hi; i++) {
		if (f1 < f2) {
			hi = x2;
			x2 = x1;
			f2 = f1;
			x1 = hi - g * (hi - lo);
			f1 = neg_gap(pr, x1, c);
		} else {
			lo = x1;
			x1 = x2;
			f1 = f2;
			x2 = lo + g * (hi - lo);
			f2 = neg_gap(pr, x2, c);
		}
	}
	/* the limit, |1 - level|, belongs to the supremum */
	return fmax(fmax(worst, -fmin(f1, f2)), fabs(c));
}

/*
 * See easing.h.  From each frame i on the path, the chords to i + 1,
 * i + 2, ... are checked against the cone [lo, hi] of slopes within tol
 * of every frame between; the cone only narrows, so the scan stops when
 * it is empty.  work: each frame's fewest points to it, and the frame
 * before it on that path.
 */
long
spring_easing_frame_chords(const spring_easing_point *fr, long n,
    double tol, long *work, long *idx, long max)
{
	long *best = work, *prev = work + n, i, j, k;

	if (n < 2 || !(tol > 0.0))
		return -1;
	for (i = 0; i < n; i++)
		best[i] = i == 0 ? 1 : -1;
	prev[0] = 0;
	for (i = 0; i + 1 < n; i++) {
		double lo = -INFINITY, hi = INFINITY;

		for (j = i + 1; j < n && lo <= hi; j++) {
			double dt = fr[j].tau - fr[i].tau;
			double s = (fr[j].y - fr[i].y) / dt;

			if (s >= lo && s <= hi &&
			    (best[j] < 0 || best[i] + 1 < best[j])) {
				best[j] = best[i] + 1;
				prev[j] = i;
			}
			lo = fmax(lo, (fr[j].y - tol - fr[i].y) / dt);
			hi = fmin(hi, (fr[j].y + tol - fr[i].y) / dt);
		}
	}
	if (best[n - 1] > max)
		return -1;
	for (k = best[n - 1], j = n - 1; k > 0; j = prev[j])
		idx[--k] = j;
	return best[n - 1];
}

/* See easing.h. */
double
spring_easing_frames_error(const spring_easing_point *pts, int n,
    const spring_easing_point *fr, long nf)
{
	double worst = 0.0;
	long k;
	int i = 0;

	for (k = 0; k < nf; k++) {
		double tau = fr[k].tau, y;

		while (i + 2 < n && pts[i + 1].tau <= tau)
			i++;
		if (tau <= pts[0].tau)
			y = pts[0].y;
		else if (tau >= pts[n - 1].tau)
			y = pts[n - 1].y;
		else
			y = pts[i].y + (pts[i + 1].y - pts[i].y) *
			    (tau - pts[i].tau) / (pts[i + 1].tau - pts[i].tau);
		worst = fmax(worst, fabs(y - fr[k].y));
	}
	return worst;
}
