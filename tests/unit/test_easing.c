/*
 * test_easing.c - spring/easing.h: the chords against an exhaustive
 * search, the settle time and the tail against the closed form sampled
 * finely, the error of a polyline worked by hand.
 */
#include <math.h>
#include <stddef.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

/* f(tau) = tau^2, for the error worked by hand */
static double
square(const void *ctx, double tau)
{
	(void)ctx;
	return tau * tau;
}

/*
 * The chord (0, 0)-(1, 1) over tau^2 is farthest at tau 1/2, by 1/4; the
 * two chords through (1/2, 1/4), by 1/16 each at 1/4 and 3/4.
 */
static void
error_by_hand(void)
{
	spring_easing_point one[2] = { { 0, 0 }, { 1, 1 } };
	spring_easing_point two[3] = { { 0, 0 }, { 0.5, 0.25 }, { 1, 1 } };
	spring_easing_point pts[64];
	int n;

	CHECK_NEAR(spring_easing_error(square, NULL, one, 2), 0.25, 1e-12);
	CHECK_NEAR(spring_easing_error(square, NULL, two, 3), 0.0625, 1e-12);
	/* chords of tau^2 within d are 1 / (2 sqrt d) long: d = 1/64, 4 */
	n = spring_easing_chords(square, NULL, 1.0 / 64, pts, 64);
	CHECK(n == 5);
	CHECK_NEAR(pts[1].tau, 0.25, 1e-9);
	CHECK(spring_easing_chords(square, NULL, 1e-6, pts, 64) == -1);
	CHECK(spring_easing_chords(square, NULL, 0.0, pts, 64) == -1);
}

/* The fewest points on a grid of m + 1 taus whose chords fit tol. */
static int
grid_fewest(const spring_progress *pr, double tol, int m)
{
	int best[201], i, j;
	spring_easing_point ab[2];

	best[0] = 1;
	for (j = 1; j <= m; j++) {
		best[j] = 1 << 30;
		ab[1].tau = (double)j / m;
		ab[1].y = spring_progress_at(pr, ab[1].tau);
		for (i = j - 1; i >= 0; i--) {
			if (best[i] + 1 >= best[j])
				continue;
			ab[0].tau = (double)i / m;
			ab[0].y = spring_progress_at(pr, ab[0].tau);
			if (spring_easing_error(spring_progress_at, pr, ab,
			    2) <= tol)
				best[j] = best[i] + 1;
		}
	}
	return best[m];
}

/*
 * The greedy chords need no more points than the best chords whose ends
 * lie on a grid of 200 steps (the greedy's ends may lie anywhere).
 */
static void
chords_fewest(void)
{
	static const double zetas[] = { 0.3, 0.7, 1.0, 2.5 };
	spring_easing_point pts[256];
	spring_params p;
	spring_progress pr;
	size_t i;
	int n;

	for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++) {
		spring_params_set(10.0, zetas[i], 1.0, &p);
		spring_progress_init(&pr, &p, 0.0, 0.0, 1.0, 1.0);
		n = spring_easing_chords(spring_progress_at, &pr, 0.01, pts,
		    256);
		CHECK(n >= 2);
		CHECK(n <= grid_fewest(&pr, 0.01, 200));
		CHECK(spring_easing_error(spring_progress_at, &pr, pts, n) <=
		    0.01);
		CHECK(pts[0].tau == 0.0 && pts[n - 1].tau == 1.0);
	}
}

/* The last time |offset| > band on a grid of 1e-5 s, from the closed form. */
static double
settle_sampled(double w, double z, double band)
{
	double t, last = 0.0, e;

	for (t = 0.0; t < 6.0; t += 1e-5) {
		if (z < 1.0) {
			double wd = w * sqrt(1.0 - z * z);

			e = exp(-z * w * t) * (cos(wd * t) + z * w / wd *
			    sin(wd * t));
		} else {
			double s = w * sqrt(z * z - 1.0);
			double r1 = -z * w + s, r2 = -z * w - s;

			e = (r2 * exp(r1 * t) - r1 * exp(r2 * t)) / (r2 - r1);
		}
		if (fabs(e) > band)
			last = t;
	}
	return last;
}

/* settle and tail: the closed form's, sampled finely; zeta 0: -1. */
static void
settle_and_tail(void)
{
	static const double zetas[] = { 0.15, 0.6, 3.0 };
	spring_params p;
	spring_progress pr;
	size_t i;
	double t;

	for (i = 0; i < sizeof(zetas) / sizeof(zetas[0]); i++) {
		spring_params_set(9.0, zetas[i], 1.0, &p);
		spring_progress_init(&pr, &p, 0.0, 0.0, 1.0, 1.0);
		t = spring_progress_settle(&pr, 0.002);
		CHECK_NEAR(t, settle_sampled(9.0, zetas[i], 0.002), 1e-5);
		/* from the settle time on, the spring stays in the band */
		spring_progress_init(&pr, &p, 0.0, 0.0, 1.0, t);
		CHECK(spring_progress_tail(&pr) <= 0.002 * (1 + 1e-9));
		CHECK(spring_progress_tail(&pr) >= 0.002 * (1 - 1e-6));
	}
	spring_params_set(9.0, 0.0, 1.0, &p);
	spring_progress_init(&pr, &p, 0.0, 0.0, 1.0, 1.0);
	CHECK(spring_progress_settle(&pr, 0.01) == -1.0);
	CHECK(spring_progress_init(&pr, &p, 1.0, 0.0, 1.0, 1.0) == -1);
}

/* Whether the polyline of frames mask (bits) fits tol at every frame. */
static int
subset_fits(const spring_easing_point *fr, int n, unsigned mask, double tol)
{
	spring_easing_point pts[16];
	int i, m = 0;

	for (i = 0; i < n; i++)
		if (mask >> i & 1u)
			pts[m++] = fr[i];
	return spring_easing_frames_error(pts, m, fr, n) <= tol;
}

/*
 * The frames' chords: as few as the fewest of every subset holding the
 * first and last frame (10 frames of a ringing curve, several
 * tolerances), and within tol of every frame; the frames' error by hand.
 */
static void
frame_chords_fewest(void)
{
	spring_easing_point fr[10], pts[10], two[2] = { { 0, 0 }, { 1, 1 } };
	spring_easing_point mid[1] = { { 0.5, 0.75 } };
	long work[20], idx[10], n, i;
	int k, fewest;
	unsigned mask;
	double tol;

	for (i = 0; i < 10; i++) {
		fr[i].tau = i / 9.0 + (i > 0 && i < 9 ? 0.013 * (i % 3) : 0.0);
		fr[i].y = 1.0 - exp(-3.0 * fr[i].tau) * cos(11.0 * fr[i].tau);
	}
	for (tol = 0.005; tol < 0.5; tol *= 1.7) {
		n = spring_easing_frame_chords(fr, 10, tol, work, idx, 10);
		CHECK(n >= 2 && idx[0] == 0 && idx[n - 1] == 9);
		for (i = 0; i < n; i++)
			pts[i] = fr[idx[i]];
		CHECK(spring_easing_frames_error(pts, (int)n, fr, 10) <= tol);
		fewest = 10;
		for (mask = 0; mask < 1u << 10; mask++) {
			int count = 0;

			if (!(mask & 1u) || !(mask >> 9 & 1u))
				continue;
			for (k = 0; k < 10; k++)
				count += mask >> k & 1u;
			if (count < fewest && subset_fits(fr, 10, mask, tol))
				fewest = count;
		}
		CHECK(n == fewest);
	}
	CHECK(spring_easing_frame_chords(fr, 10, 1e-9, work, idx, 3) == -1);
	CHECK(spring_easing_frame_chords(fr, 1, 0.1, work, idx, 3) == -1);
	/* the line (0,0)-(1,1) at 0.5 is 0.5: 0.25 from 0.75 */
	CHECK_NEAR(spring_easing_frames_error(two, 2, mid, 1), 0.25, 1e-15);
}

/*
 * The tail at a level other than 1: the closed form sampled finely
 * from the end on (its supremum, or the limit |1 - level|).
 */
static void
tail_at_level(void)
{
	static const double zetas[] = { 0.15, 1.0, 3.0 };
	static const double levels[] = { 1.0, 0.99, 1.02 };
	spring_params p;
	spring_progress pr;
	size_t i, j;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			double worst = fabs(1.0 - levels[j]), t;

			spring_params_set(9.0, zetas[i], 1.0, &p);
			spring_progress_init(&pr, &p, 0.0, 0.0, 1.0, 0.3);
			for (t = 0.3; t < 20.0; t += 1e-4)
				worst = fmax(worst, fabs(spring_progress_at(&pr,
				    t / 0.3) - levels[j]));
			CHECK_NEAR(spring_progress_tail_at(&pr, levels[j]),
			    worst, 1e-7);
		}
}

void
test_easing(void)
{
	frame_chords_fewest();
	tail_at_level();
	error_by_hand();
	chords_fewest();
	settle_and_tail();
}
