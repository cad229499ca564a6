/*
 * test_batch.c - spring_simulate_batch against spring_simulate, spring by
 * spring, to the bit: random springs of every rule and regime, frame
 * counts across the reference's anchors, moving targets, springs that
 * diverge, errors big enough for the sums' rescaling, and springs the
 * batch cannot step side by side (substeps, a jittered clock).
 */
#include <math.h>
#include <string.h>

#include "internal.h"
#include "bits.h"
#include "check.h"
#include "spring.h"
#include "suites.h"

#define NSIM 1500
#ifdef SPRING_NO_TILES
#define TILES 0
#else
#define TILES 1
#endif

/* splitmix64 (bits.h): the same springs on every run. */
static uint64_t rng = 0x5eed;

static double
uniform(void)
{
	return (double)(splitmix64(&rng) >> 11) * 0x1p-53;
}

/* a and b the same bits (NaN included) */
static int
same(double a, double b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

static int
same_metrics(const spring_metrics *a, const spring_metrics *b)
{
	return same(a->max_err_x, b->max_err_x) &&
	    same(a->rms_err_x, b->rms_err_x) &&
	    same(a->final_err_x, b->final_err_x) &&
	    same(a->max_err_v, b->max_err_v) &&
	    same(a->rms_err_v, b->rms_err_v) &&
	    same(a->final_err_v, b->final_err_v) &&
	    same(a->overshoot, b->overshoot) &&
	    same(a->settle_time, b->settle_time) &&
	    same(a->energy_drift, b->energy_drift) &&
	    a->diverged == b->diverged && a->rows == b->rows &&
	    a->diverged_frame == b->diverged_frame;
}

static int
same_stats(const spring_frame_stats *a, const spring_frame_stats *b)
{
	return same(a->lost_time, b->lost_time) &&
	    same(a->max_lag, b->max_lag) && a->substeps == b->substeps &&
	    a->max_substeps_frame == b->max_substeps_frame &&
	    a->first_capped == b->first_capped && a->frames == b->frames;
}

static spring_sim sims[NSIM];
static const spring_sim *ptr[NSIM];
static spring_metrics mb[NSIM], ms;
static spring_frame_stats fb[NSIM], fss;

/*
 * The batch's metrics for want (every metric, or the x errors alone)
 * against spring_simulate's, spring by spring: the index of the first
 * that differs, NSIM if none (or if the build lacks the width).
 */
static int
first_differing(int width, unsigned want)
{
	int i;

	if (spring_simulate_batch_tiles(ptr, NSIM, mb, fb, width, want) != 0)
		return NSIM;
	for (i = 0; i < NSIM; i++) {
		spring_metrics x;

		spring_simulate(&sims[i], NULL, NULL, &ms, &fss);
		x = ms;
		if (want == SPRING_WANT_ERR_X && isnan(mb[i].max_err_v)) {
			x.max_err_v = x.rms_err_v = NAN;
			x.final_err_v = x.overshoot = NAN;
			x.settle_time = x.energy_drift = NAN;
		}
		if (!same_metrics(&mb[i], &x) || !same_stats(&fb[i], &fss))
			return i;
	}
	return NSIM;
}

/*
 * Still targets: every q a zero (a third of them -0) and a fifth of the
 * targets at -0, so that every chunk takes batchtile.h's still runners,
 * whose target is formed once; -0 + q t and -0 + -0 keep their signs
 * there as at every frame.
 */
static void
still_targets(void)
{
	int i, width;

	for (i = 0; i < NSIM; i++) {
		sims[i].target_vel = i % 3 == 0 ? -0.0 : 0.0;
		if (i % 5 == 0)
			sims[i].target = -0.0;
	}
	for (width = 16; width <= 64; width *= 2) {
		CHECK(first_differing(width, SPRING_WANT_ALL) == NSIM);
		CHECK(first_differing(width, SPRING_WANT_ERR_X) == NSIM);
	}
}

/*
 * Start s at rest relative to its target (v0 = q) and 1e-300 to 100
 * from it, bisected on the exponent till it diverges at frame
 * (spring_simulate's count: later the nearer it starts); where none
 * does, s stays as it was.
 */
static void
aim(spring_sim *s, long frame)
{
	double x0 = s->x0, v0 = s->v0, lo = -300, hi = 2;
	int j;

	s->v0 = s->target_vel;
	for (j = 0; j < 60; j++) {
		double mid = 0.5 * (lo + hi);

		s->x0 = s->target + pow(10.0, mid);
		spring_simulate(s, NULL, NULL, &ms, NULL);
		if (ms.diverged_frame == frame)
			return;
		if (ms.diverged_frame >= 0 && ms.diverged_frame < frame)
			hi = mid;
		else
			lo = mid;
	}
	s->x0 = x0;
	s->v0 = v0;
}

/*
 * Springs that diverge, run again by the batch frame by frame as
 * run_constant runs them (batch.c's chunk_finish): every rule at step
 * sizes from stable to far past it, so that they diverge at frame 1
 * (or an infinite x0: v is infinite there), before, at and after the
 * reference's anchor at frame 64, or never, with still and moving
 * targets, at frame counts 1, 63, 64, 65 and 150, 37 a chunk (so that
 * the springs run again pad a tile); a few with errors past 2^480
 * before they diverge (their sums rescaled: run alone).  Every
 * metric, then the x errors alone, in every width.
 */
static void
diverging(const spring_rule *const *rules, int nrules)
{
	static const long counts[] = { 150, 64, 65, 63, 1 };
	int bins[6] = { 0 }, i = 0, f, r, k, width;

	for (f = 0; f < 5; f++)
		for (r = 0; r < nrules; r++)
			for (k = 0; k < 37 && i < NSIM; k++, i++) {
				spring_sim *s = &sims[i];

				memset(s, 0, sizeof(*s));
				s->rule = rules[r];
				s->policy = spring_policy_none;
				s->dt = 0.01;
				/* omega dt from 0.5 to 2e4 */
				s->params.omega = 50 * pow(4e4, k / 36.0);
				s->params.zeta = (k % 4) * 0.9;
				s->params.mass = 1;
				s->frames = counts[f];
				s->x0 = k == 5 ? INFINITY : k == 9 ? 1e150 :
				    1 + 0.01 * k;
				s->v0 = k % 3 == 0 ? 0 : 2;
				s->target = k % 5 == 0 ? -0.0 : 0.5;
				s->target_vel = (k + r) % 2 == 0 ? 0 : 1.5;
				ptr[i] = s;
			}
	/* of those that diverge early, some moved nearer the target
	 * (later) till they diverge at 63, 64, 65 or 120 */
	for (i = 0; i < NSIM; i++)
		if (sims[i].frames >= 65) {
			spring_simulate(&sims[i], NULL, NULL, &ms, NULL);
			if (ms.diverged_frame >= 2 && ms.diverged_frame < 60)
				aim(&sims[i], i % 4 < 3 ? 63 + i % 4 : 120);
		}
	for (width = 16; width <= 64; width *= 2) {
		CHECK(first_differing(width, SPRING_WANT_ALL) == NSIM);
		CHECK(first_differing(width, SPRING_WANT_ERR_X) == NSIM);
	}
	for (i = 0; i < NSIM; i++) {
		long df;

		spring_simulate(&sims[i], NULL, NULL, &ms, NULL);
		df = ms.diverged_frame;
		bins[df < 0 ? 0 : df == 1 ? 1 : df < 64 ? 2 : df == 64 ? 3 :
		    df == 65 ? 4 : 5]++;
	}
	/* never, at 1, before 64, at 64, at 65, after 65: each drawn */
	for (k = 0; k < 6; k++)
		CHECK(bins[k] > 0);
}

/*
 * Springs that start alike (x0, v0, g0, q the same bits) side by side,
 * whose t = 0 rows the batch shares but for omega's part (metrics.h,
 * metrics_begin_as): omega from 1e-200 to 1e200, so that w2 underflows
 * to 0 and overflows to infinity (the initial energy's fallback to w2,
 * the t = 0 row's drift where an infinite w2 meets a zero or NaN
 * error), at rest on the target or off it, an infinite x0 (NaN errors);
 * every rule, every width, against spring_simulate.
 */
static void
alike(const spring_rule *const *rules, int nrules)
{
	static const double x0s[] = { 0.5, 1, -0.0, INFINITY };
	int i, width;

	for (i = 0; i < NSIM; i++) {
		spring_sim *s = &sims[i];

		memset(s, 0, sizeof(*s));
		s->rule = rules[i / 40 % nrules];
		s->policy = spring_policy_none;
		s->dt = 0.01;
		s->params.omega = pow(10.0, -200 + (i % 40) * 10.0);
		s->params.zeta = i % 3 * 0.75;
		s->params.mass = 1;
		s->frames = 3 + i / 320;
		s->x0 = x0s[i / 80 % 4];
		s->v0 = i / 40 % 2 == 0 ? 0 : 1;
		s->target = 0.5;
		s->target_vel = 0;
		ptr[i] = s;
	}
	for (width = 16; width <= 64; width *= 2) {
		CHECK(first_differing(width, SPRING_WANT_ALL) == NSIM);
		CHECK(first_differing(width, SPRING_WANT_ERR_X) == NSIM);
	}
}

/*
 * Chunks of every shape: runs of 1 to 65 springs of one rule and frame
 * count (a run's count differs from the one before, so each is a chunk
 * of its own, or two), padded to whole tiles of either width.  Springs
 * that settle, overshoot and come back (settle, inside and drift, which
 * AVX-512 selects in mask registers), still and moving targets; every
 * rule, every width, every metric and the x errors alone.
 */
static void
chunk_shapes(const spring_rule *const *rules, int nrules)
{
	static const int runs[] = { 1, 8, 9, 16, 17, 24, 31, 32, 33, 40, 47,
	    48, 49, 56, 63, 64, 65 };
	int i = 0, g = 0, k, width;

	while (i < NSIM) {
		int n = runs[g % 17];

		for (k = 0; k < n && i < NSIM; k++, i++) {
			spring_sim *s = &sims[i];

			memset(s, 0, sizeof(*s));
			s->rule = rules[g / 17 % nrules];
			s->policy = spring_policy_none;
			s->dt = 0.01;
			s->params.omega = 2 + 0.5 * k;
			s->params.zeta = (k % 5) * 0.35;
			s->params.mass = 1;
			s->frames = 90 + g % 2;
			s->x0 = k % 3 == 0 ? 0 : 1 + 0.01 * k;
			s->v0 = k % 4 == 0 ? 0 : 1;
			s->target = 0.5;
			s->target_vel = g % 4 < 2 ? 0 : 0.75;
			ptr[i] = s;
		}
		g++;
	}
	for (width = 16; width <= 64; width *= 2) {
		CHECK(first_differing(width, SPRING_WANT_ALL) == NSIM);
		CHECK(first_differing(width, SPRING_WANT_ERR_X) == NSIM);
	}
}

/*
 * Holden's critical spring where e^(-yh) is 0 (y h past 745, a seventh
 * infinite) or nearly: the tiles' select for a vanished e (scaled.h's
 * critical_offset returns offset and rate 0 there; with y h infinite the
 * arithmetic would give NaN) against the scalar step, every width; a
 * fifth with --fast-exp's e.  Returns how many springs had an e of 0.
 */
static int
critical_vanishing(void)
{
	int i, width, gone = 0;

	for (i = 0; i < NSIM; i++) {
		spring_sim *s = &sims[i];

		memset(s, 0, sizeof(*s));
		s->rule = spring_rule_critical;
		s->policy = spring_policy_none;
		s->dt = 0.01;
		s->params.omega = (700.0 + 100.0 * uniform()) / s->dt;
		s->params.zeta = 1;
		s->params.mass = 1;
		s->params.fast_exp = i % 5 == 0;
		s->frames = 50;
		s->x0 = 4 * uniform() - 2;
		s->v0 = 10 * uniform() - 5;
		s->target = 1;
		s->target_vel = i % 2 == 0 ? 0 : 3 * uniform() - 1.5;
		if (i % 7 == 3) {	/* y h infinite: z E would be NaN */
			s->params.omega = 1e306;
			s->dt = 1e3;
		}
		gone += !s->params.fast_exp &&
		    exp(-s->params.omega * s->dt) == 0.0;
		ptr[i] = s;
	}
	for (width = 16; width <= 64; width *= 2)
		CHECK(first_differing(width, SPRING_WANT_ALL) == NSIM);
	return gone;
}

void
test_batch(void)
{
	static const double zetas[] = { 0, 0.1, 0.5, 1 - 1e-9, 1, 1 + 1e-9,
	    2, 30, 1e4 };
	static spring_schedule jitter = { .dt = 1.0 / 60, .jitter = 0.3,
	    .seed = 7 };
	const spring_rule *rules[16];
	int nrules = 0, i, diverged = 0, rescaled = 0, alone = 0, width, r;
	int drawn[16] = { 0 };

	/*
	 * every rule of the table and Holden's critical spring (--model
	 * critical) is stepped in tiles (so compared here), none alone;
	 * without tiles (SPRING_NO_TILES) every rule alone
	 */
	while (spring_rules[nrules] != NULL && nrules < 15) {
		rules[nrules] = spring_rules[nrules];
		nrules++;
	}
	CHECK(spring_rules[nrules] == NULL);
	rules[nrules++] = spring_rule_critical;
	for (r = 0; r < nrules; r++)
		CHECK(spring_batch_has_runner(rules[r]) == TILES);
	for (i = 0; i < NSIM; i++) {
		spring_sim *s = &sims[i];
		double u = uniform();

		memset(s, 0, sizeof(*s));
		s->rule = rules[(int)(uniform() * nrules)];
		s->policy = spring_policy_none;
		s->params.omega = pow(10.0, -1.0 + 3.5 * uniform());
		s->params.zeta = zetas[(int)(uniform() * 9)];
		s->params.mass = 1;
		s->dt = pow(10.0, -3.0 + 2.0 * uniform());
		/* runs of equal frame counts, so chunks fill, and odd ones */
		s->frames = u < 0.7 ? 100 : (long)(uniform() * 300);
		if (s->frames == 0)
			s->duration = 0.5;
		s->x0 = uniform() < 0.5 ? 0 : 4 * uniform() - 2;
		s->v0 = uniform() < 0.5 ? 0 : 10 * uniform() - 5;
		s->target = uniform() < 0.2 ? 0 : 1;
		s->target_vel = uniform() < 0.7 ? 0 : 3 * uniform() - 1.5;
		if (uniform() < 0.02) {
			/* errors past 2^480: the rescaled sums */
			s->x0 = 1e150;
			s->rule = spring_rule_semi_implicit;
			s->params.omega = 5;
			s->dt = 0.01;
		}
		if (uniform() < 0.03) {
			s->policy = spring_policy_fixed;
			s->max_dt = s->dt / 3;
			s->max_substeps = 8;
			alone++;
		} else if (uniform() < 0.02) {
			s->schedule = &jitter;
			s->dt = jitter.dt;
			alone++;
		}
		ptr[i] = s;
	}
	/*
	 * every tile width: 64 bytes where the processor has AVX-512, 32 on
	 * every build, 16 (the 32-byte tiles in SSE2 pairs, a processor
	 * without AVX2's) on x86-64 (one check a width either way: the
	 * same count on every machine)
	 */
	for (width = 16; width <= 64; width *= 2) {
		if (spring_simulate_batch_tiles(ptr, NSIM, mb, fb, width,
		    SPRING_WANT_ALL) != 0) {
			CHECK(width != 32 || !TILES);
			continue;
		}
		for (i = 0; i < NSIM; i++) {
			spring_simulate(&sims[i], NULL, NULL, &ms, &fss);
			if (!same_metrics(&mb[i], &ms) ||
			    !same_stats(&fb[i], &fss))
				break;
		}
		CHECK(i == NSIM);
		if (i < NSIM)
			fprintf(stderr, "  %d-byte tiles: spring %d differs\n",
			    width, i);
	}
	spring_simulate_batch(ptr, NSIM, mb, fb);
	for (i = 0; i < NSIM; i++) {
		spring_simulate(&sims[i], NULL, NULL, &ms, &fss);
		CHECK(same_metrics(&mb[i], &ms) && same_stats(&fb[i], &fss));
		if (!same_metrics(&mb[i], &ms) || !same_stats(&fb[i], &fss))
			fprintf(stderr, "  spring %d: %s omega %g zeta %g dt %g "
			    "frames %ld: max_err_x %.17g vs %.17g\n", i,
			    sims[i].rule->name, sims[i].params.omega,
			    sims[i].params.zeta, sims[i].dt, sims[i].frames,
			    mb[i].max_err_x, ms.max_err_x);
		diverged += ms.diverged;
		rescaled += ms.max_err_x > 0x1p480;
		for (r = 0; r < nrules; r++)
			drawn[r] += sims[i].rule == rules[r];
	}
	/* NSIM / nrules each, about: every rule's tiles are compared */
	for (r = 0; r < nrules; r++)
		CHECK(drawn[r] > NSIM / nrules / 2);
	/* the draw covers what it means to */
	CHECK(diverged > 20 && diverged < NSIM / 2);
	CHECK(rescaled > 5);
	CHECK(alone > 20);
	/*
	 * the x errors alone (spring_simulate_batch_some): those and the
	 * divergence to the bit; the other metrics NaN, or spring_simulate's
	 * where the spring ran alone (a diverged one, a substepped one)
	 */
	for (width = 0; width <= 64; width = width == 0 ? 16 : 2 * width) {
		if (width == 0)
			spring_simulate_batch_some(ptr, NSIM, mb, fb,
			    SPRING_WANT_ERR_X);
		else if (spring_simulate_batch_tiles(ptr, NSIM, mb, fb, width,
		    SPRING_WANT_ERR_X) != 0) {
			CHECK(width != 32 || !TILES);
			continue;
		}
		for (i = 0, r = 0; i < NSIM; i++) {
			spring_metrics x;

			spring_simulate(&sims[i], NULL, NULL, &ms, &fss);
			x = ms;
			if (isnan(mb[i].max_err_v)) {
				r++;
				x.max_err_v = x.rms_err_v = NAN;
				x.final_err_v = x.overshoot = NAN;
				x.settle_time = x.energy_drift = NAN;
			}
			if (!same_metrics(&mb[i], &x) ||
			    !same_stats(&fb[i], &fss))
				break;
		}
		/*
		 * one check a width, as above; most springs ran in tiles,
		 * x errors alone, a few alone
		 */
		CHECK(i == NSIM && (TILES ? r > NSIM / 2 &&
		    r < NSIM - alone : r == 0));
	}
	/* fs may be NULL */
	spring_simulate_batch(ptr, 10, mb, NULL);
	spring_simulate(ptr[3], NULL, NULL, &ms, NULL);
	CHECK(same_metrics(&mb[3], &ms));
	still_targets();
	diverging(rules, nrules);
	alike(rules, nrules);
	chunk_shapes(rules, nrules);
	/* about half of them past y h = 745.13 */
	CHECK(critical_vanishing() > NSIM / 4);
}
