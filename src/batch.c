/*
 * batch.c - many runs at once, for their metrics: springs of one rule and
 * one frame count gathered in chunks (structure of arrays), and stepped a
 * tile of LANES at a time in vector registers, frame after frame, so that
 * nothing but the coefficients is loaded and nothing stored until the
 * tile's last frame.
 *
 * Each spring's numbers are those of spring_simulate's constant-dt loop
 * (sim.c, run_constant) to the bit: the rule's step is the same source
 * (rulestep.h, instantiated for vectors), the reference takes the same
 * products in the same order and re-anchors at the same frames
 * (reference.h), and the sums are metrics_add's (metrics.h), written as
 * selects instead of branches.  Two
 * things that loop does by branching are left out of the chunk's run: a
 * spring that diverges (the loop stops there; here the chunk runs to its
 * end, and the chunk's springs that diverged run again side by side from
 * their start, each stopped, lane by lane, at the frame the loop stops
 * at) and an error beyond 2^480, where metrics_add starts rescaling its
 * sums of squares (run again alone).  Neither costs the springs that do
 * neither.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "internal.h"
#include "metrics.h"
#include "reference.h"

/* Springs gathered at a time: their coefficients fit the L1 cache. */
#define CHUNK 64

/*
 * Tiles of 8 springs in AVX-512 registers where the processor has them,
 * else of 4 in AVX2 registers, else in pairs of SSE2 ones (each width
 * built here, the processor's chosen at run time: cpufeat.h): the same
 * results every way (no fused multiply-adds, element-wise IEEE
 * operations), only faster.  Chunks are padded to whole tiles of either
 * width.  The tiles are GCC's vector extension (Clang has it too): on
 * x86-64 the widths above; on another processor the same 32-byte tiles in its own vector
 * registers (two NEON ones on aarch64), or its scalar ones; with another
 * compiler no tiles, and every spring runs alone through spring_simulate.
 * SPRING_NO_TILES builds that path with GCC or Clang too, so that it is
 * tested (make portable-build).
 */
#define MAX_LANES 16
#if (defined(__GNUC__) || defined(__clang__)) && !defined(SPRING_NO_TILES)
#define BATCH_TILES 1
#include "cpufeat.h"
#ifdef SPRING_CPUFEAT
#define BATCH_X86 1
#include <immintrin.h>
#endif
#endif

/*
 * The tiles pass 32- and 64-byte vectors between inline functions: GCC's
 * note that their ABI differs without AVX concerns calls across objects,
 * never made here (the helpers are static and always inlined), so it is
 * silenced here rather than by a flag every embedder would need.  Clang
 * says the same.
 */
#if defined(__clang__)
#if __has_warning("-Wpsabi")
#pragma clang diagnostic ignored "-Wpsabi"
#endif
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

/* A chunk's springs, structure of arrays. */
struct chunk {
	int n;
	long frames;
	long index[CHUNK];		/* which of the batch's springs */
	/* the rule's coefficients and the target, g + q t */
	double h[CHUNK], w2[CHUNK], c[CHUNK];
	double k0[CHUNK], k1[CHUNK], k2[CHUNK], k3[CHUNK];
	double g[CHUNK], q[CHUNK];
	/* the state, and the reference's offset and propagator Phi(h) */
	double x[CHUNK], v[CHUNK];
	double e[CHUNK], de[CHUNK];
	double pa[CHUNK], pb[CHUNK], pc[CHUNK], pd[CHUNK];
	/* metrics_add's sums, inside as 0 or 1 */
	double max_ex[CHUNK], max_ev[CHUNK], sum_ex2[CHUNK], sum_ev2[CHUNK];
	double dir[CHUNK], band[CHUNK], beyond[CHUNK];
	double inside[CHUNK], settle[CHUNK], drift[CHUNK];
	double max_off[CHUNK];		/* largest |x - g|: divergence */
	/* run_constant's divergence limit on |x - g| (below 0: a padding
	 * lane, taken as diverged from frame 1) */
	double limit[CHUNK];
	/* a redo (run again, frame by frame as spring_simulate): the last
	 * row's errors, the frame it diverged at (or -1) */
	double last_ex[CHUNK], last_ev[CHUNK], dframe[CHUNK];
	spring_reference ref[CHUNK];	/* for the anchors */
	spring_regime reg[CHUNK];	/* their Phi's omega and zeta part */
	spring_metrics_acc acc[CHUNK];	/* the t = 0 row's sums */
};

/* A chunk runner: every frame of every tile of the chunk, one rule. */
typedef void (*runner_fn)(struct chunk *);

#ifdef BATCH_X86
#define TILE_VBYTES 64
#define TILE_NT 2
#define TILE(n) n##_512
#define TILE_TARGET __attribute__((target("avx512f")))
#define TILE_INLINE_TARGET TILE_TARGET
#include "batchtile.h"
#endif

#ifdef BATCH_X86
#define TILE_VBYTES 32
#define TILE_NT 2
#define TILE(n) n##_avx2
#define TILE_TARGET __attribute__((target("avx2")))
#define TILE_INLINE_TARGET TILE_TARGET
#include "batchtile.h"
#endif

#ifdef BATCH_TILES
#define TILE_VBYTES 32
#define TILE_NT 2
#define TILE(n) n##_256
#define TILE_INLINE_TARGET
#define TILE_TARGET
#include "batchtile.h"
#endif

/*
 * The kernels that have chunk runners, all but SPRING_KERNEL_NONE:
 * batchtile.h's runners are in kernel order, kernel k's at k - 1; a rule
 * without a kernel runs alone.
 */
#define NRUNNERS (SPRING_NKERNELS - 1)
#ifdef BATCH_TILES
_Static_assert(6 * NRUNNERS == sizeof(runners_256) / sizeof(runners_256[0]),
    "batchtile.h's runners follow the kernels, six times");
#endif

/* Which runner steps rule (its row's kernel), or NRUNNERS: alone. */
static int
runner_of(const spring_rule *rule)
{
	int k = spring_kernel_of(rule);

	return k != SPRING_KERNEL_NONE ? k - 1 : NRUNNERS;
}

/* See internal.h. */
int
spring_batch_has_runner(const spring_rule *rule)
{
#ifdef BATCH_TILES
	return runner_of(rule) < NRUNNERS;
#else
	(void)rule;
	return 0;
#endif
}

/*
 * The runners for tiles of bytes (0: the widest the processor runs; 16:
 * x86-64's 32-byte tiles in SSE2 pairs, for the tests), or NULL if there
 * are none of that width.  Asked at each batch (a call and a load:
 * cpufeat.h), no state kept between calls: 32 bytes are AVX2's where the
 * processor has it, else two SSE2 registers.
 */
static const runner_fn *
tiles(int bytes)
{
#ifdef BATCH_X86
	int f = cpufeat();

	if (bytes == 0)
		bytes = (f & CPUFEAT_AVX512F) != 0 ? 64 : 32;
	if (bytes == 64 && (f & CPUFEAT_AVX512F) != 0)
		return runners_512;
	if (bytes == 32 && (f & CPUFEAT_AVX2) != 0)
		return runners_avx2;
	if (bytes == 16)
		return runners_256;
#endif
#ifdef BATCH_TILES
	if (bytes == 0 || bytes == 32)
		return runners_256;
#endif
	(void)bytes;
	return NULL;
}

/* Springs waiting for a chunk of their rule, all of one frame count. */
struct pending {
	int n;
	long frames;
	long index[CHUNK];
};

/* Lane i's sums as its t = 0 row (acc[i]) starts them. */
static inline void
lane_sums(struct chunk *ck, int i)
{
	const spring_metrics_acc *a = &ck->acc[i];

	ck->max_ex[i] = a->max_ex;
	ck->max_ev[i] = a->max_ev;
	ck->sum_ex2[i] = a->sum_ex2;
	ck->sum_ev2[i] = a->sum_ev2;
	ck->dir[i] = a->dir;
	ck->band[i] = a->band;
	ck->beyond[i] = a->beyond;
	ck->inside[i] = a->inside ? 1.0 : 0.0;
	ck->settle[i] = a->settle_from;
	ck->drift[i] = a->drift;
	ck->max_off[i] = fabs(ck->ref[i].x0 - ck->ref[i].g0);
}

/* Lane i's sums back into a (lane_sums' other way; not the last row's). */
static inline void
lane_acc(const struct chunk *ck, int i, spring_metrics_acc *a)
{
	a->max_ex = ck->max_ex[i];
	a->max_ev = ck->max_ev[i];
	a->sum_ex2 = ck->sum_ex2[i];
	a->sum_ev2 = ck->sum_ev2[i];
	a->beyond = ck->beyond[i];
	a->inside = ck->inside[i] != 0.0;
	a->settle_from = ck->settle[i];
	a->drift = ck->drift[i];
}

/* a and b the same bits (-0 is not 0, a NaN is its payload). */
static int
same_bits(double a, double b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

/*
 * Put spring j of the batch in the chunk: its coefficients, its
 * reference, its t = 0 row's sums, as spring_simulate starts them.
 * The exact rule's coefficients are prepare_common's and Phi(h) (rules.c,
 * exact_prepare), Phi(h) the reference's Phi(dt), the same bits: formed
 * once, the rest by explicit's prepare, prepare_common.  A spring that
 * starts as the one before (x0, v0, g0 and q) has its t = 0 row's sums
 * but for omega's part (metrics_begin_as).
 */
static void
chunk_add(struct chunk *ck, const spring_sim *sim, long j)
{
	const spring_params *p = &sim->params;
	const spring_rule *rule = sim->rule;
	spring_coef k;
	spring_row row;
	spring_reference *r;
	int i = ck->n++, exact = spring_kernel_of(rule) ==
	    SPRING_KERNEL_exact && !p->fast_exp;

	ck->index[i] = j;
	r = &ck->ref[i];
	spring_regime_init(&ck->reg[i], p->omega, p->zeta);
	spring_reference_init_in(r, &ck->reg[i], sim->x0, sim->v0,
	    sim->target, sim->target_vel, sim->dt);
	(exact ? spring_rule_explicit : rule)->prepare(p, sim->dt, &k);
	if (exact) {
		k.k[0] = r->frame.a;
		k.k[1] = r->frame.b;
		k.k[2] = r->frame.c;
		k.k[3] = r->frame.d;
	}
	ck->h[i] = k.h;
	ck->w2[i] = k.w2;
	ck->c[i] = k.c;
	ck->k0[i] = k.k[0];
	ck->k1[i] = k.k[1];
	ck->k2[i] = k.k[2];
	ck->k3[i] = k.k[3];
	ck->g[i] = sim->target;
	ck->q[i] = sim->target_vel;
	ck->x[i] = sim->x0;
	ck->v[i] = sim->v0;
	ck->e[i] = r->e;
	ck->de[i] = r->de;
	ck->pa[i] = r->frame.a;
	ck->pb[i] = r->frame.b;
	ck->pc[i] = r->frame.c;
	ck->pd[i] = r->frame.d;
	ck->limit[i] = SPRING_DIVERGE_FACTOR * (fabs(sim->x0 - sim->target) +
	    fabs(sim->v0 - sim->target_vel) / p->omega + 1.0);

	row.t = 0.0;
	row.x = row.x_ref = sim->x0;
	row.v = row.v_ref = sim->v0;
	row.g = sim->target;
	row.q = sim->target_vel;
	if (i > 0 && same_bits(r[-1].x0, r->x0) &&
	    same_bits(r[-1].v0, r->v0) && same_bits(r[-1].g0, r->g0) &&
	    same_bits(r[-1].q, r->q))
		metrics_begin_as(&ck->acc[i], &ck->acc[i - 1], p, &row);
	else
		metrics_begin(&ck->acc[i], p, &row);
	lane_sums(ck, i);
}

/* A spring's frame stats: frames frames of one step each. */
static void
lane_stats(spring_frame_stats *fs, long frames)
{
	memset(fs, 0, sizeof(*fs));
	fs->frames = fs->substeps = frames;
	fs->max_substeps_frame = frames > 0;
}

/*
 * Move lane i of the chunk to lane d (d's spring finished, or a padding
 * lane: pad 1), back at its start: what chunk_add worked out is still
 * there (the coefficients, Phi(dt), the regime, the t = 0 row's sums,
 * the limit); the state and the reference's offset start again from
 * the values the reference kept.
 */
static void
lane_restart(struct chunk *ck, int d, int i, int pad)
{
	if (d != i) {
		ck->index[d] = ck->index[i];
		ck->h[d] = ck->h[i];
		ck->w2[d] = ck->w2[i];
		ck->c[d] = ck->c[i];
		ck->k0[d] = ck->k0[i];
		ck->k1[d] = ck->k1[i];
		ck->k2[d] = ck->k2[i];
		ck->k3[d] = ck->k3[i];
		ck->g[d] = ck->g[i];
		ck->q[d] = ck->q[i];
		ck->pa[d] = ck->pa[i];
		ck->pb[d] = ck->pb[i];
		ck->pc[d] = ck->pc[i];
		ck->pd[d] = ck->pd[i];
		ck->ref[d] = ck->ref[i];
		ck->reg[d] = ck->reg[i];
		ck->acc[d] = ck->acc[i];
		ck->limit[d] = pad ? -1.0 : ck->limit[i];
	}
	ck->x[d] = ck->ref[d].x0;
	ck->v[d] = ck->ref[d].v0;
	ck->e[d] = ck->ref[d].e0;
	ck->de[d] = ck->ref[d].de0;
	lane_sums(ck, d);
	ck->last_ex[d] = ck->acc[d].last_ex;
	ck->last_ev[d] = ck->acc[d].last_ev;
	ck->dframe[d] = -1.0;
}

/*
 * The metrics of the nr springs run again (chunk_finish), as
 * run_constant leaves them: the rows up to the one before the frame
 * that diverged.  One whose errors passed 2^480 runs alone: its sums
 * were rescaled there.
 */
static void
redo_finish(const struct chunk *ck, int nr, const spring_sim *const *sims,
    spring_metrics *m, spring_frame_stats *fs, int full)
{
	int i;

	for (i = 0; i < nr; i++) {
		long j = ck->index[i];
		long df = (long)ck->dframe[i];
		long rows = df >= 0 ? df - 1 : ck->frames;
		spring_metrics_acc a = ck->acc[i];

		if (ck->max_ex[i] > 0x1p480 || ck->max_ev[i] > 0x1p480) {
			spring_simulate(sims[j], NULL, NULL, &m[j],
			    fs != NULL ? &fs[j] : NULL);
			continue;
		}
		lane_acc(ck, i, &a);
		a.last_ex = ck->last_ex[i];
		a.last_ev = ck->last_ev[i];
		a.rows += rows;
		metrics_end(&a, &m[j], full);
		m[j].diverged = df >= 0;
		m[j].diverged_frame = df;
		if (fs != NULL)
			lane_stats(&fs[j], rows);
	}
}

/*
 * The chunk's metrics.  A spring it cannot vouch for (it diverged, or
 * its errors passed 2^480) runs again, from its start, with redo (a
 * runner that stops each spring where run_constant would), all of the
 * chunk's such springs side by side in its first lanes; without redo,
 * alone.  full 0: the chunk summed the x errors alone, and the metrics
 * of the other sums are NaN.
 */
static void
chunk_finish(struct chunk *ck, const spring_sim *const *sims,
    spring_metrics *m, spring_frame_stats *fs, int full, runner_fn redo)
{
	int i, nr = 0;

	for (i = 0; i < ck->n && ck->index[i] >= 0; i++) {
		long j = ck->index[i];
		const spring_sim *sim = sims[j];
		spring_metrics_acc a = ck->acc[i];
		double xr, vr, t1 = (double)ck->frames * ck->h[i];

		if (!(ck->max_off[i] <= ck->limit[i]) || !isfinite(ck->x[i]) ||
		    !isfinite(ck->v[i]) || ck->max_ex[i] > 0x1p480 ||
		    ck->max_ev[i] > 0x1p480) {
			if (redo != NULL)
				lane_restart(ck, nr++, i, 0);
			else
				spring_simulate(sim, NULL, NULL, &m[j],
				    fs != NULL ? &fs[j] : NULL);
			continue;
		}
		xr = ck->g[i] + ck->q[i] * t1 + ck->e[i];
		vr = ck->q[i] + ck->de[i];
		lane_acc(ck, i, &a);
		a.last_ex = ck->frames > 0 ? ck->x[i] - xr : a.last_ex;
		a.last_ev = ck->frames > 0 ? ck->v[i] - vr : a.last_ev;
		a.rows += ck->frames;
		metrics_end(&a, &m[j], full);
		if (fs != NULL)
			lane_stats(&fs[j], ck->frames);
	}
	if (nr == 0)
		return;
	/* whole tiles again: padding lanes that diverge at frame 1 */
	for (ck->n = nr; ck->n % MAX_LANES != 0; ck->n++) {
		lane_restart(ck, ck->n, 0, 1);
		ck->index[ck->n] = -1;
	}
	redo(ck);
	redo_finish(ck, nr, sims, m, fs, full);
}

/*
 * Whether the chunk's target stands still: in every lane q is a zero and
 * every frame's t = n h finite and not negative (h > 0, the last t
 * finite; n h grows with n), so that q t is q's own zero at every frame
 * and g + q t one double, which batchtile.h's still runners form once.
 */
static int
chunk_still(const struct chunk *ck)
{
	int i;

	for (i = 0; i < ck->n; i++)
		if (ck->q[i] != 0.0 || !(ck->h[i] > 0.0) ||
		    !isfinite((double)ck->frames * ck->h[i]))
			return 0;
	return 1;
}

/*
 * Run the springs waiting in p with run[0] (a moving target) or
 * run[2 NRUNNERS] (a still one), those that diverged again with
 * run[4 NRUNNERS], and empty p (full: run's).
 */
static void
flush(struct pending *p, const runner_fn *run, struct chunk *ck,
    const spring_sim *const *sims, spring_metrics *m, spring_frame_stats *fs,
    int full)
{
	int i;

	if (p->n == 0)
		return;
	ck->n = 0;
	ck->frames = p->frames;
	for (i = 0; i < p->n; i++)
		chunk_add(ck, sims[p->index[i]], p->index[i]);
	/* whole tiles: the last spring again, its copies unread */
	for (; ck->n % MAX_LANES != 0; ck->n++) {
		lane_restart(ck, ck->n, ck->n - 1, 1);
		ck->index[ck->n] = -1;
	}
	run[chunk_still(ck) ? 2 * NRUNNERS : 0](ck);
	chunk_finish(ck, sims, m, fs, full, run[4 * NRUNNERS]);
	p->n = 0;
}

/* Whether a spring runs spring_simulate's constant-dt loop. */
static int
steady(const spring_sim *sim)
{
	return sim->model == NULL && sim->engine == NULL &&
	    (sim->policy == NULL || sim->policy == spring_policy_none) &&
	    (sim->schedule == NULL ||
	    spring_schedule_constant(sim->schedule)) && sim->signal == NULL;
}

/* See internal.h. */
int
spring_simulate_batch_tiles(const spring_sim *const *sims, long n,
    spring_metrics *m, spring_frame_stats *fs, int bytes, unsigned want)
{
	/* the x errors alone when nothing else is wanted */
	int full = (want & ~(unsigned)SPRING_WANT_ERR_X) != 0;
	const runner_fn *run = tiles(bytes);
	struct pending pend[NRUNNERS];
	struct chunk ck;
	long j;
	int r;

	if (run == NULL && bytes != 0)
		return -1;
	if (run != NULL && !full)
		run += NRUNNERS;
	for (r = 0; r < NRUNNERS; r++)
		pend[r].n = 0;
	for (j = 0; j < n; j++) {
		const spring_sim *sim = sims[j];
		long frames = sim->frames;
		struct pending *p;

		r = runner_of(sim->rule);
		if (run == NULL || r == NRUNNERS || !steady(sim)) {
			spring_simulate(sim, NULL, NULL, &m[j],
			    fs != NULL ? &fs[j] : NULL);
			continue;
		}
		if (frames == 0)
			frames = spring_frame_count(sim->duration, sim->dt);
		p = &pend[r];
		if (p->n > 0 && p->frames != frames)
			flush(p, &run[r], &ck, sims, m, fs, full);
		p->frames = frames;
		p->index[p->n++] = j;
		if (p->n == CHUNK)
			flush(p, &run[r], &ck, sims, m, fs, full);
	}
	for (r = 0; r < NRUNNERS && run != NULL; r++)
		flush(&pend[r], &run[r], &ck, sims, m, fs, full);
	return 0;
}

/* See sim.h: the widest tiles this processor runs. */
void
spring_simulate_batch(const spring_sim *const *sims, long n,
    spring_metrics *m, spring_frame_stats *fs)
{
	spring_simulate_batch_tiles(sims, n, m, fs, 0, SPRING_WANT_ALL);
}

/* See sim.h. */
void
spring_simulate_batch_some(const spring_sim *const *sims, long n,
    spring_metrics *m, spring_frame_stats *fs, unsigned want)
{
	spring_simulate_batch_tiles(sims, n, m, fs, 0, want);
}
