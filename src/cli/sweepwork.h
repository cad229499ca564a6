/*
 * sweepwork.h - what the pool (sweeppool.c: the threads, the passes, the
 * ring of slots and its writer) and a worker's rows (sweeprows.c: a
 * block's configurations set up, run and formatted into a slot) share:
 * the pool, a worker's room, a slot.  Private to the sweep.  A file that
 * includes it defines _GNU_SOURCE first on Linux (cpu_set_t).
 */
#ifndef SWEEPWORK_H
#define SWEEPWORK_H

#ifdef __linux__
#include <sched.h>
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

#include "sweepdata.h"

/* A slot's rows and what the writer must know of them. */
struct slot {
	enum { SLOT_FREE, SLOT_BUSY, SLOT_DONE } state;
	long block;
	char *buf;
	size_t len, cap;
	int own;		/* buf is its own allocation, not the arena's */
	int error;		/* EXIT_IO: out of memory; EXIT_USAGE: */
	long bad;		/* this configuration is no valid run */
	long nfail, ndiverged;
	unsigned long long gate_filled;	/* gates with a value in a row */
	int nshown;
	long shown_idx[MAX_SHOWN];
	int shown_gate[MAX_SHOWN];
	double shown_value[MAX_SHOWN];
};

/* A slot's buffer not in use: the next slot taken gets it. */
struct spare_buf {
	char *buf;
	size_t cap;
	int own;
};

/* What a pass is. */
enum pass { PASS_CHECK, PASS_RUN, PASS_QUIT };

/*
 * The workers' meeting point, for both passes: one set of threads,
 * started by the first pass and waiting for the next (a thread costs a
 * clone, a stack and a join: a small sweep paid them twice).  The main
 * thread is a worker too, w[0]; the threads are w[1 .. nthreads].  In
 * the main pass the worker that finishes the next slot in order writes
 * it and the done ones after it: no thread waits for nothing.
 */
struct pool {
	const struct sweep *sw;
	pthread_mutex_t mu;
	pthread_cond_t cv;		/* a pass begins; a slot is free */
	pthread_cond_t idle;		/* no block of the pass is held */
	int nthreads;			/* threads running: w[1 ..] */
	int nkept;			/* keys a worker keeps: KEPT_ALL /
					 * workers, no more than the grid has */
	int nring;			/* the ring's setups: RING, or a
					 * grid's configurations + 1 */
#ifdef __linux__
	cpu_set_t cpus;			/* the process's, each thread's */
	int ncpu;			/* of them */
#endif
	double spin;			/* seconds a wait spins: SPIN_S, or 0
					 * with more workers than cores */
	atomic_uint gen;		/* passes begun */
	unsigned open;			/* the gen whose blocks are taken; 0
					 * between passes */
	enum pass pass;
	atomic_int held;		/* blocks taken, not yet done with */
	long next, nblocks, rows;	/* next block to take; of how many;
					 * configurations a block */
	long nbig, tail;		/* main pass: slots of rows; after
					 * them, of tail rows */
	long bad;			/* first bad configuration */
	unsigned long long may_fill;	/* check: gates some row can fill */
	/* the main pass */
	struct slot *slots;
	int nslots, stop;
	struct spare_buf *spare;	/* nslots: LIFO, the warmest first */
	int nspare;
	char *arena;			/* the first buffers, one block */
	size_t piece;			/* a buffer of it: a whole slot */
	int npieces, used;		/* of it; taken */
	long written;			/* blocks written */
	int writing;			/* a worker is writing */
	int rc;				/* the first block's error, in order */
	struct sink *k;
	struct failures *f;
	int show;			/* the progress line */
	double t0, last;
	long done;
};

/* An extra column's last text (a swept value), copied while it stays. */
struct extra_cache {
	long digit;			/* the axis's value it is; -1 none */
	unsigned char len;
	char text[NUMFMT_MAX];
};

/*
 * A worker's room for one block.  rs is a ring of RING resolved setups:
 * one per key met in a block, and the one the block before ended with,
 * so a setup a configuration of the block points to is never reused
 * within it.  After the ring, when a key comes back (a keyed axis,
 * --integrator, --dt ..., varies faster than a parameter axis), each
 * key's own setup (nkept keys at most, below), kept from its first
 * configuration on: with a keyed axis the fastest, the key changed on
 * every configuration, and each was resolved again through the options
 * (4.7 times the time of a sweep of parameter axes alone, measured with
 * --dt 0.001:0.02:1000 last); kept, a configuration whose key comes back
 * takes its parameter axes by number on it, as one whose key stays does.
 * Pages no setup reaches are never touched: 1000 keys, 6.8 MB a worker;
 * KEPT_ALL setups kept by all the workers at most, KEPT_ALL / workers
 * each (4096 keys on 1 thread, 2048 on 2, 64 on 64: a peak RSS of 32 to
 * 33 MB at 1 and 2).  In a grid of more keys, the first nkept (keys 0
 * to nkept - 1) are kept all the same, and each configuration of
 * another is resolved alone, through the options (1.5 times a kept
 * key's time a spring-step, make bench): 2049 keys on 2 threads have 1
 * resolved alone, where they had all 2049 (a cliff, one key past the
 * bound, in the time a sweep takes).  A grid smaller than these bounds
 * gets rooms its size (nring, nkept): fresh memory is touched as used
 * here, but a WebAssembly instance (the page, docs/web.md) grows its
 * memory to the whole room, ~28 MB a sweep of 8 curves where 60 KB do.
 */
#define RING (BLOCK + 1)
#define KEPT_ALL 4096

/* What a worker knows of a key's kept setup. */
enum { KEY_UNSEEN, KEY_KEPT, KEY_ALONE };

struct worker {
	struct pool *pool;
	pthread_t thread;
	int placed;			/* it started on one core */
	char *room;			/* the arrays below, one block */
	struct run_setup *rs;		/* nring + nkept: the ring, then kept */
	struct config_text *text;	/* nring + nkept */
	struct param_plan *plans;	/* nkept: each kept setup's plan */
	struct param_plan ring_plan;	/* the ring's setup in use's */
	int ring;			/* the ring's slot filled last */
	int cur;			/* the setup in use: its slot */
	long key;			/* its key (sweep_plan), -1: none */
	int fast;			/* it takes the axes by number */
	struct param_plan *plan;	/* its parameter flags' group */
	double value[P_COUNT], mass;	/* the parameter values, set by axis */
	/* each key's below nkept: KEY_KEPT, at rs[nring + key]; or
	 * KEY_ALONE, resolved for each configuration (not by number) */
	unsigned char kept[KEPT_ALL];
	spring_sim *sim;		/* BLOCK: each configuration's */
	const struct run_setup **of;	/* BLOCK: the setup of each */
	const spring_sim **sims;
	spring_metrics *m, *mb;
	spring_frame_stats *fs, *fsb;
	double *lag, *att;
	int *which;
	struct row_cache cache;		/* the cells of the row before */
	struct row_pre pre;		/* the next rows' numbers, ahead */
	long row_at;			/* where it is in the slot; -1 none */
	struct extra_cache extra[MAX_AXES * 4];
	/*
	 * config_setup's: each resolve's stamp (resolved counts them), of
	 * each setup of rs and of the one each sim is a copy of (a sim
	 * whose setup stays takes the values alone); where each parameter
	 * axis's value goes (value[] or mass)
	 */
	unsigned long resolved, rs_stamp[RING + KEPT_ALL], sim_stamp[BLOCK];
	double *fast_to[MAX_AXES];
};

/* The rows (sweeprows.c). */

/* Nothing formatted yet, for a new pass: the setup resolved last stays. */
void worker_reset(struct worker *w);
/*
 * Configuration idx (its axes' values digit) into w->sim[i], its setup
 * w->of[i], as run would build it: EXIT_OK, or EXIT_USAGE (no message).
 */
int config_setup(struct worker *w, const struct sweep *sw, long idx,
    const long *digit, int i);
/* slot_room's growth, rare: 0, or -1 (out of memory). */
int slot_grow(struct slot *sl, size_t n);

/*
 * Make room for n more bytes in the slot: 0, or -1.  The test alone,
 * inline (twice a row); growing, rare, is slot_grow's.
 */
static inline int
slot_room(struct slot *sl, size_t n)
{
	return sl->len + n <= sl->cap ? 0 : slot_grow(sl, n);
}

/* A row and its extra columns' cells, whole (they copy whole). */
static inline size_t
row_room(const struct sweep *sw)
{
	return METRIC_ROW_MAX + NUMFMT_MAX + 2 + (size_t)sw->nx *
	    (NUMFMT_MAX + 1);
}

/*
 * The n configurations from lo (at most BLOCK) run and their rows
 * formatted into sl: 0, or -1 with sl's error set.
 */
int run_block(struct worker *w, long lo, int n, struct slot *sl);

#endif
