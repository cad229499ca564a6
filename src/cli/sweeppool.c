/*
 * sweeppool.c - sweep's work on every core.  Work goes in slots of
 * configurations (slot_rows, run BLOCK at a time by sweeprows.c's
 * run_block): workers (jobs - 1 threads and the main thread) take the
 * next slot and fill it; the worker that finishes the next slot in order
 * writes it, and the done ones after it.  The output is the same for
 * every -j, and the ring bounds the memory whatever the size of the
 * grid.  Before any row is written, a first pass (on the same threads)
 * can check that every configuration is a valid run, so bad input never
 * leaves half a CSV.
 */
#define _DEFAULT_SOURCE		/* madvise */
#ifdef __linux__
#define _GNU_SOURCE		/* cpu_set_t, sched_getcpu, affinity */
#include <sched.h>
#endif
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "sweepwork.h"

/*
 * Where slot b's configurations begin, from the shard's first (b
 * nblocks: the end): nbig slots of rows, then slots of tail rows.
 */
static long
slot_start(const struct pool *p, long b)
{
	long at = b <= p->nbig ? b * p->rows : p->nbig * p->rows +
	    (b - p->nbig) * p->tail;

	return at < p->sw->count ? at : p->sw->count;
}

/* Slot b's configurations, a block at a time. */
static void
run_slot(struct worker *w, long b, struct slot *sl)
{
	const struct sweep *sw = w->pool->sw;
	long lo = sw->first + slot_start(w->pool, b);
	long hi = sw->first + slot_start(w->pool, b + 1);

	sl->len = 0;
	w->row_at = -1;		/* the row before is in another slot */
	sl->error = 0;
	sl->nfail = sl->ndiverged = 0;
	sl->nshown = 0;
	/*
	 * room for every row at once, the first time: grown row by row, a
	 * new slot's buffer was copied and faulted in again at each
	 * doubling (a small sweep's every slot is new); room no row
	 * reaches is never touched, so costs no memory
	 */
	if (slot_room(sl, (size_t)(hi - lo) * row_room(sw)) != 0) {
		sl->error = EXIT_IO;
		return;
	}
	for (; lo < hi; lo += BLOCK)
		if (run_block(w, lo, hi - lo < BLOCK ? (int)(hi - lo) : BLOCK,
		    sl) != 0)
			return;
}

/* Seconds on a monotonic clock. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/*
 * How long a thread spins for the next pass, and the main thread for the
 * threads' end of one, before it sleeps (not at all when the workers
 * outnumber the cores: a spinning one would hold a core another needs).
 */
#define SPIN_S 200e-6

/* The progress line: done/total, rate, ETA. */
static void
progress(long done, long total, double elapsed)
{
	double rate = elapsed > 0.0 ? (double)done / elapsed : 0.0;
	double eta = rate > 0.0 ? (double)(total - done) / rate : 0.0;

	fprintf(stderr, "\rspringsim: sweep %ld/%ld (%.0f%%), %.0f/s, ETA "
	    "%.0f s\033[K", done, total, total > 0 ? 100.0 * (double)done /
	    (double)total : 100.0, rate, eta);
}

/*
 * Write slot sl, the next in order, and gather its failing rows: only
 * the worker that set p->writing is here, so p's writer fields are its
 * own.  An error is kept for the main thread to say once the pass ends.
 */
static void
write_slot(struct pool *p, struct slot *sl)
{
	const struct sweep *sw = p->sw;
	struct failures *f = p->f;
	int i, mute = message_mute;

	if (sl->error != 0) {
		p->rc = sl->error;
		p->bad = sl->bad;
	} else {
		message_mute = 0;	/* a write error is said */
		out_write(&p->k->out, sl->buf, sl->len);
		message_mute = mute;
	}
	for (i = 0; i < sl->nshown && f->nshown < MAX_SHOWN; i++) {
		f->idx[f->nshown] = sl->shown_idx[i];
		f->gate[f->nshown] = sl->shown_gate[i];
		f->value[f->nshown++] = sl->shown_value[i];
	}
	f->nfail += sl->nfail;
	f->ndiverged += sl->ndiverged;
	f->gate_filled |= sl->gate_filled;
	p->done += slot_start(p, sl->block + 1) - slot_start(p, sl->block);
	if (p->show && p->rc == EXIT_OK && !p->k->out.failed &&
	    now() - p->last >= 0.25) {
		p->last = now();
		progress(p->done, sw->count, p->last - p->t0);
	}
}

/*
 * With p->mu held: write the done slots from the next in order on, as
 * long as they are there; each slot written is free for a worker, its
 * buffer the next one taken.
 */
static void
write_in_order(struct pool *p)
{
	struct slot *sl;

	p->writing = 1;
	while (!p->stop && p->written < p->nblocks &&
	    (sl = &p->slots[p->written % p->nslots])->state == SLOT_DONE) {
		pthread_mutex_unlock(&p->mu);
		write_slot(p, sl);
		pthread_mutex_lock(&p->mu);
		p->spare[p->nspare].buf = sl->buf;
		p->spare[p->nspare].own = sl->own;
		p->spare[p->nspare++].cap = sl->cap;
		sl->buf = NULL;
		sl->cap = 0;
		sl->own = 0;
		sl->state = SLOT_FREE;
		p->written++;
		if (p->rc != EXIT_OK || p->k->out.failed)
			p->stop = 1;
		pthread_cond_broadcast(&p->cv);
	}
	p->writing = 0;
}

/*
 * With p->mu held: a worker is done with the block it took (in the main
 * pass, written too when it was the next in order).  The last one held
 * wakes the main thread, waiting for the pass's end (pool_wait).
 */
static void
block_done(struct pool *p)
{
	if (atomic_fetch_sub(&p->held, 1) == 1)
		pthread_cond_signal(&p->idle);
}

/*
 * The main pass's work: take the next block whose slot is free, fill
 * it, and write it when it is the next in order.
 */
static void
run_pass(struct worker *w, unsigned gen)
{
	struct pool *p = w->pool;

	pthread_mutex_lock(&p->mu);
	for (;;) {
		struct slot *sl;
		long b;

		while (p->open == gen && !p->stop && p->next < p->nblocks &&
		    p->slots[p->next % p->nslots].state != SLOT_FREE)
			pthread_cond_wait(&p->cv, &p->mu);
		if (p->open != gen || p->stop || p->next >= p->nblocks)
			break;
		b = p->next++;
		atomic_fetch_add(&p->held, 1);
		sl = &p->slots[b % p->nslots];
		sl->state = SLOT_BUSY;
		sl->block = b;
		if (p->nspare > 0) {
			/* the buffer written last: its pages are in */
			sl->buf = p->spare[--p->nspare].buf;
			sl->own = p->spare[p->nspare].own;
			sl->cap = p->spare[p->nspare].cap;
		} else if (p->used < p->npieces) {
			sl->buf = p->arena + p->piece * (size_t)p->used++;
			sl->cap = p->piece;
		}
		pthread_mutex_unlock(&p->mu);

		run_slot(w, b, sl);

		pthread_mutex_lock(&p->mu);
		sl->state = SLOT_DONE;
		if (!p->writing && b == p->written)
			write_in_order(p);
		block_done(p);
	}
	pthread_mutex_unlock(&p->mu);
}

/*
 * The check's work: the first configuration that is no valid run, and
 * the gates some configuration can fill, p->rows configurations a take.
 */
static void
check_pass(struct worker *w, unsigned gen)
{
	struct pool *p = w->pool;
	unsigned long long may = 0;
	int holding = 0;

	for (;;) {
		const struct sweep *sw;
		long b, lo, hi, end, idx, digit[MAX_AXES];

		pthread_mutex_lock(&p->mu);
		if (holding) {	/* the block before: its gates, and done */
			p->may_fill |= may;
			block_done(p);
		}
		if (p->open != gen || p->next >= p->nblocks) {
			pthread_mutex_unlock(&p->mu);
			break;
		}
		b = p->next++;
		atomic_fetch_add(&p->held, 1);
		holding = 1;
		/* read once the pass is known open: a thread late for it
		 * must not read what the next pass is setting up */
		sw = p->sw;
		end = sw->first + sw->count;
		lo = sw->first + b * p->rows;
		hi = lo + p->rows < end ? lo + p->rows : end;
		if (p->bad >= 0 && p->bad < lo)
			hi = lo;	/* an earlier one is bad: skip */
		pthread_mutex_unlock(&p->mu);
		sweep_config_digits(sw, lo, digit);
		for (idx = lo; idx < hi; idx++, sweep_config_next(sw, digit)) {
			if (config_setup(w, sw, idx, digit, 0) != EXIT_OK) {
				pthread_mutex_lock(&p->mu);
				if (p->bad < 0 || idx < p->bad)
					p->bad = idx;
				pthread_mutex_unlock(&p->mu);
				break;
			}
			if (sw->ngates > 0)
				may |= sweep_gates_may_fill(sw, w->of[0]);
		}
	}
}

/*
 * In at once, the pages of [at, at + len) (its first written soon, on
 * this core): a page faulted in costs ~1.2 us here (a virtual machine),
 * one of a populated range ~0.5 us.  Linux 5.14 on; elsewhere, or
 * refused, the pages fault in as they are written.
 */
static void
populate(void *at, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	unsigned long page = (unsigned long)sysconf(_SC_PAGESIZE);
	unsigned long lo = (unsigned long)at;

	if (page == 0 || page > 65536 || (page & (page - 1)) != 0)
		return;
	len += lo & (page - 1);
	(void)madvise((void *)(lo & ~(page - 1)), len, MADV_POPULATE_WRITE);
#else
	(void)at;
	(void)len;
#endif
}

/*
 * The parts of a worker's room its main pass writes (its first blocks'
 * runs and their metrics, the memo's table), in before its first block,
 * on its own core.
 */
static void
room_populate(struct worker *w)
{
	long n = w->pool->sw->count < BLOCK ? w->pool->sw->count : BLOCK;

	populate(w->sim, (size_t)n * sizeof(*w->sim));
	populate(w->m, (size_t)n * sizeof(*w->m));
	populate(w->fs, (size_t)n * sizeof(*w->fs));
	populate(w->cache.slot, ROW_MEMO_SLOTS * sizeof(*w->cache.slot));
}

/*
 * A worker's part of pass gen, from nothing resolved or formatted: the
 * blocks it takes while the pass is open and any is left (none, for a
 * thread that woke after the others took them all).
 */
static void
pass_work(struct worker *w, enum pass pass, unsigned gen)
{
	worker_reset(w);
	if (pass == PASS_RUN)
		room_populate(w);
	if (pass == PASS_CHECK)
		check_pass(w, gen);
	else
		run_pass(w, gen);
}

/*
 * A thread: each pass begun, its part, until told to quit.  The main
 * pass is the last: done with it, the thread ends at once, so it is
 * gone, or on its way, when the main thread frees (memory unmapped with
 * no other thread running needs no other core's TLB flushed).
 */
static void *
pool_thread(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->pool;
	unsigned seen = 0;
	enum pass pass = PASS_CHECK;
	double until;

	message_mute = 1;
#ifdef __linux__
	/* started on a core of its own (thread_place): now anywhere */
	if (w->placed)
		(void)pthread_setaffinity_np(pthread_self(), sizeof(p->cpus),
		    &p->cpus);
#endif
	pthread_mutex_lock(&p->mu);
	while (pass != PASS_RUN) {
		/* the next pass is near: spinning, as pool_wait */
		pthread_mutex_unlock(&p->mu);
		until = now() + p->spin;
		while (atomic_load(&p->gen) == seen && now() < until)
			;
		pthread_mutex_lock(&p->mu);
		while (atomic_load(&p->gen) == seen)
			pthread_cond_wait(&p->cv, &p->mu);
		seen = atomic_load(&p->gen);
		if ((pass = p->pass) == PASS_QUIT)
			break;
		pthread_mutex_unlock(&p->mu);
		pass_work(w, pass, seen);
		pthread_mutex_lock(&p->mu);
	}
	pthread_mutex_unlock(&p->mu);
	return NULL;
}

/* Join the threads (told to quit, or done with the main pass). */
static void
pool_join(struct pool *p, struct worker *w)
{
	int i;

	for (i = 1; i <= p->nthreads; i++)
		pthread_join(w[i].thread, NULL);
	p->nthreads = 0;
}

/*
 * Wait for the end of a pass this thread took its last block of: the
 * blocks the others hold, each done within a slot's time (a few tens of
 * us), spinning SPIN_S at most, then asleep (a wake-up costs as much
 * again here, a virtual machine's halted core the more).  Not for a
 * thread that took none: one that woke late (a core waking, ~0.3 ms
 * here) finds the pass over and waits for the next.  The mutex taken
 * last orders the others' writes before this thread's reads.
 */
static void
pool_wait(struct pool *p)
{
	double until = now() + p->spin;

	while (atomic_load(&p->held) > 0 && now() < until)
		;
	pthread_mutex_lock(&p->mu);
	while (atomic_load(&p->held) > 0)
		pthread_cond_wait(&p->idle, &p->mu);
	p->open = 0;	/* what the next pass sets up is not this one's */
	pthread_mutex_unlock(&p->mu);
}

/*
 * Run a pass on the workers: the threads and this one, w[0]; back when
 * every block is done.  The main pass is the threads' last: they end
 * with it, joined when the workers are freed.
 */
static void
pool_pass(struct pool *p, struct worker *w, enum pass pass)
{
	int mute = message_mute;
	unsigned gen;

	pthread_mutex_lock(&p->mu);
	p->pass = pass;
	p->open = gen = atomic_fetch_add(&p->gen, 1) + 1;
	pthread_cond_broadcast(&p->cv);
	pthread_mutex_unlock(&p->mu);
	message_mute = 1;
	pass_work(&w[0], pass, gen);
	message_mute = mute;
	pool_wait(p);
}

/*
 * Where a room's part of n things of size each goes in its block, from
 * *at on (each part a multiple of 64 bytes from the block's start, so
 * aligned for any type as malloc's block is): the part, or NULL when
 * base is (the first pass only adds the sizes up).
 */
static void *
room_part(char *base, size_t *at, size_t n, size_t size)
{
	void *part = base != NULL ? base + *at : NULL;

	*at += (n * size + 63) & ~(size_t)63;
	return part;
}

/*
 * A worker's room in one block (its arrays and its memo's, placed by
 * sink.c's row_cache_place; one allocation: one mmap and one munmap
 * where there were a dozen, and no memset of the memo's table by
 * calloc, which its first row clears again); the spare's (where the main thread says why a
 * configuration is no valid run) its setups alone.  base NULL: the
 * block's size.
 */
static size_t
room_carve(struct worker *w, char *base, int spare)
{
	size_t at = 0, setups = spare ? 1 :
	    (size_t)w->pool->nring + (size_t)w->pool->nkept;
	void *memo;

	w->rs = room_part(base, &at, setups, sizeof(*w->rs));
	w->text = room_part(base, &at, setups, sizeof(*w->text));
	if (spare)
		return at;
	w->plans = room_part(base, &at, (size_t)w->pool->nkept,
	    sizeof(*w->plans));
	w->sim = room_part(base, &at, BLOCK, sizeof(*w->sim));
	w->of = room_part(base, &at, BLOCK, sizeof(*w->of));
	w->sims = room_part(base, &at, BLOCK, sizeof(*w->sims));
	w->m = room_part(base, &at, BLOCK, sizeof(*w->m));
	w->mb = room_part(base, &at, BLOCK, sizeof(*w->mb));
	w->fs = room_part(base, &at, BLOCK, sizeof(*w->fs));
	w->fsb = room_part(base, &at, BLOCK, sizeof(*w->fsb));
	w->lag = room_part(base, &at, BLOCK, sizeof(*w->lag));
	w->att = room_part(base, &at, BLOCK, sizeof(*w->att));
	w->which = room_part(base, &at, BLOCK, sizeof(*w->which));
	memo = room_part(base, &at, 1, row_cache_room());
	if (base != NULL)
		row_cache_place(&w->cache, memo);
	return at;
}

/*
 * Each worker's room; the last one's (the spare) only its setups.  0,
 * or -1 (out of memory).
 */
static int
workers_alloc(struct worker *w, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		/*
		 * calloc (a block this size is fresh pages, not cleared
		 * again): the setups are read as zero before they are set
		 */
		if ((w[i].room = calloc(1, room_carve(&w[i], NULL,
		    i == n - 1))) == NULL)
			return -1;
		room_carve(&w[i], w[i].room, i == n - 1);
	}
	return 0;
}

/*
 * Where thread t (1, 2, ...) starts: attr set to the t-th core the
 * process may use after the one this thread is on, when it may use more
 * than one.  Left to itself, Linux puts a new thread on its parent's core
 * (its caches are warm), and there it waits, while the main thread
 * checks and runs, until the next tick's balancing moves one of them:
 * 1 to 4 ms seen here (perf sched: sched_wakeup_new target_cpu the
 * parent's), half the machine idle that long.  The thread widens its
 * own affinity to the process's again as it starts (pool_thread), so
 * from then on the scheduler moves it as it likes.  1 when attr is set.
 */
static int
thread_place(struct pool *p, int t, pthread_attr_t *attr)
{
#ifdef __linux__
	cpu_set_t one;
	int ncpu, here, i, k;

	/* the process's cores, read once: the threads read them */
	if (t == 1)
		p->ncpu = sched_getaffinity(0, sizeof(p->cpus), &p->cpus) == 0 ?
		    CPU_COUNT(&p->cpus) : 0;
	if ((ncpu = p->ncpu) < 2 || (here = sched_getcpu()) < 0)
		return 0;
	/* the cores after here, in order, round the set */
	for (i = 1, k = 0; i <= CPU_SETSIZE; i++) {
		int c = (here + i) % CPU_SETSIZE;

		if (!CPU_ISSET(c, &p->cpus) || c == here)
			continue;
		if (++k == 1 + (t - 1) % (ncpu - CPU_ISSET(here, &p->cpus))) {
			CPU_ZERO(&one);
			CPU_SET(c, &one);
			if (pthread_attr_setaffinity_np(attr, sizeof(one),
			    &one) != 0)
				return 0;
			return 1;
		}
	}
#else
	(void)p;
	(void)t;
	(void)attr;
#endif
	return 0;
}

/*
 * See sweepdata.h: n - 1 workers, their threads started now (each is on its
 * way while the main thread opens the output; if the system refuses one,
 * the passes go on with fewer), and the main thread's spare room.
 */
struct worker *
sweep_workers_new(int n, long configs, long keys)
{
	struct worker *w = calloc((size_t)n, sizeof(*w));
	struct pool *p = calloc(1, sizeof(*p));
	int i;

	if (w == NULL || p == NULL) {
		free(w);
		free(p);
		return NULL;
	}
	pthread_mutex_init(&p->mu, NULL);
	pthread_cond_init(&p->cv, NULL);
	pthread_cond_init(&p->idle, NULL);
	for (i = 0; i < n; i++) {
		w[i].pool = p;
		w[i].key = -1;
	}
	p->spin = sysconf(_SC_NPROCESSORS_ONLN) >= n - 1 ? SPIN_S : 0.0;
	p->nkept = n > 1 ? KEPT_ALL / (n - 1) : KEPT_ALL;
	if (keys < p->nkept)
		p->nkept = keys > 0 ? (int)keys : 0;
	p->nring = configs < BLOCK ? (int)(configs > 0 ? configs : 0) + 1 :
	    RING;
	/*
	 * the threads first: each starts (~0.04 ms) while this one
	 * allocates the rooms, which none reads before a pass begins
	 */
	while (p->nthreads < n - 2) {
		pthread_attr_t attr;
		int t = p->nthreads + 1, placed, rc;

		if (pthread_attr_init(&attr) != 0)
			break;
		placed = w[t].placed = thread_place(p, t, &attr);
		rc = pthread_create(&w[t].thread, placed ? &attr : NULL,
		    pool_thread, &w[t]);
		if (rc != 0 && placed)	/* refused there: anywhere, then */
			rc = pthread_create(&w[t].thread, NULL, pool_thread,
			    &w[t]);	/* (it widens what is wide: harmless) */
		pthread_attr_destroy(&attr);
		if (rc != 0)
			break;
		p->nthreads++;
	}
	if (workers_alloc(w, n) != 0) {
		sweep_workers_free(w, n);
		return NULL;
	}
	return w;
}

/* See sweepdata.h (a NULL w is nothing to free): the threads quit first. */
void
sweep_workers_free(struct worker *w, int n)
{
	struct pool *p;
	int i;

	if (w == NULL)
		return;
	p = w[0].pool;
	if (p->nthreads > 0) {
		pthread_mutex_lock(&p->mu);
		p->pass = PASS_QUIT;
		atomic_fetch_add(&p->gen, 1);
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
		pool_join(p, w);
	}
	for (i = 0; i < n; i++)
		free(w[i].room);
	pthread_mutex_destroy(&p->mu);
	pthread_cond_destroy(&p->cv);
	pthread_cond_destroy(&p->idle);
	free(p);
	free(w);
}

/*
 * Say why configuration idx is no valid run: run's message, prefixed
 * with the row and its identity (a --grid-from row's file and line
 * first, when one is part of it).  Returns the exit status.
 */
static int
explain_bad(const struct sweep *sw, long idx, struct worker *w)
{
	char id[512], from[1200], ctx[1800];
	long digit[MAX_AXES];
	int a, rc;

	sweep_config_identity(sw, idx, id, sizeof(id));
	sweep_config_digits(sw, idx, digit);
	from[0] = '\0';
	for (a = 0; a < sw->naxes; a++)
		if (sw->axes[a].kind == AX_ROWS)
			snprintf(from, sizeof(from), "--grid-from %s line %ld",
			    input_name(sw->grid_from),
			    sw->axes[a].lines[digit[a]]);
	if (from[0] != '\0' && id[0] == '(')
		id[0] = '\0';	/* not "(the only configuration)" */
	if (id[0] == '(')	/* "(the only configuration)": its own */
		snprintf(ctx, sizeof(ctx), "sweep row %ld %s: ", idx + 1, id);
	else
		snprintf(ctx, sizeof(ctx), "sweep row %ld (%s%s%s): ", idx + 1,
		    from, from[0] != '\0' && id[0] != '\0' ? ": " : "", id);
	message_mute = 0;
	message_context = ctx;
	rc = sweep_config_setup(sw, idx, w->rs, w->text);
	message_context = NULL;
	return rc != EXIT_OK ? rc : EXIT_USAGE;
}

/*
 * Check every configuration of the shard before writing anything: on
 * the first that is no valid run, say why (run's message, prefixed with
 * the configuration) and return EXIT_USAGE.  A take is an eighth of a
 * worker's share (a small sweep's are not left to one thread), at most
 * CHECK_BLOCK.
 */
int
sweep_check_all(const struct sweep *sw, struct worker *w, int jobs,
    unsigned long long *may_fill)
{
	struct pool *p = w[0].pool;

	p->sw = sw;
	p->rows = (sw->count + 8L * jobs - 1) / (8L * jobs);
	if (p->rows < BLOCK)
		p->rows = BLOCK;
	if (p->rows > CHECK_BLOCK)
		p->rows = CHECK_BLOCK;
	p->nblocks = (sw->count + p->rows - 1) / p->rows;
	p->next = 0;
	p->bad = -1;
	p->may_fill = 0;
	pool_pass(p, w, PASS_CHECK);
	*may_fill = p->may_fill;
	if (p->bad < 0)
		return EXIT_OK;
	return explain_bad(sw, p->bad, &w[jobs]);
}

/*
 * The main pass: the workers fill the ring's slots and write them in
 * order.  EXIT_OK, EXIT_IO, or EXIT_USAGE when a configuration is no
 * valid run (said with the spare room, w[jobs]).
 */
int
sweep_run_all(const struct sweep *sw, struct worker *w, int jobs,
    struct sink *k, struct failures *f)
{
	struct pool *p = w[0].pool;
	int b, rc;

	p->sw = sw;
	p->k = k;
	p->f = f;
	/*
	 * slots of slot_rows, the last jobs slots' rows in slots of a
	 * quarter: the workers end closer together (the last slot taken
	 * leaves the others idle until it is done)
	 */
	p->rows = p->tail = sw->slot_rows;
	p->nbig = sw->count / p->rows;
	if (jobs > 1) {
		p->tail = p->rows / 4;
		p->nbig = sw->count > jobs * p->rows ? (sw->count - jobs *
		    p->rows) / p->rows : 0;
	}
	p->nblocks = p->nbig + (sw->count - p->nbig * p->rows + p->tail - 1) /
	    p->tail;
	p->next = p->written = p->done = 0;
	p->stop = p->writing = p->nspare = 0;
	p->rc = EXIT_OK;
	p->bad = -1;
	/*
	 * the ring: room for 2 * jobs + 2 slots of SLOT_ROWS, the bound on
	 * memory, in as many slots as that makes (a small sweep's are
	 * small): a worker runs ahead of one that is slow (a core taken by
	 * another process) instead of waiting for it
	 */
	p->nslots = (2 * jobs + 2) * (int)(SLOT_ROWS / sw->slot_rows);
	p->slots = calloc((size_t)p->nslots, sizeof(*p->slots));
	p->spare = calloc((size_t)p->nslots, sizeof(*p->spare));
	/*
	 * the buffers, one block of as many as 2 * jobs + 2 (those a pass
	 * takes whose slot is not written yet: a few), each room for a
	 * whole slot, 64 MB at most: one mmap and one munmap where each
	 * buffer had its own (~10 us each, the end's on the main thread
	 * after the last row); pages no row reaches are never touched.
	 * More, when a worker runs far ahead of a slow one, are their own.
	 * A grid smaller than a slot (a shard may have none) gets buffers
	 * its size (sweepwork.h: the page's memory)
	 */
	p->piece = (size_t)(sw->count < sw->slot_rows ? sw->count > 0 ?
	    sw->count : 1 : sw->slot_rows) * row_room(sw);
	p->npieces = 2 * jobs + 2 < p->nslots ? 2 * jobs + 2 : p->nslots;
	if ((size_t)p->npieces > ((size_t)64 << 20) / p->piece)
		p->npieces = (int)(((size_t)64 << 20) / p->piece);
	if (p->npieces < 1)
		p->npieces = 1;
	p->used = 0;
	p->arena = malloc(p->piece * (size_t)p->npieces);
	if (p->slots == NULL || p->spare == NULL || p->arena == NULL) {
		free(p->slots);
		free(p->spare);
		free(p->arena);
		warn_msg("out of memory");
		return EXIT_IO;
	}
	/*
	 * written here, first: calloc's fresh pages are the zero page until
	 * written, and a worker's first write to one then (after its read
	 * of the state) faults again and flushes the other cores' TLBs
	 */
	for (b = 0; b < p->nslots; b++)
		p->slots[b].block = -1;
	/*
	 * the progress line on a terminal, never into the rows: not when
	 * they go to a terminal too (stdout and stderr the same one)
	 */
	p->show = !sw->quiet && isatty(STDERR_FILENO) && !isatty(k->out.fd);
	p->t0 = now();
	p->last = p->t0 - 1.0;	/* the first block shows */
	pool_pass(p, w, PASS_RUN);
	if (p->show)
		fputs("\r\033[K", stderr);
	rc = p->rc;
	if (rc == EXIT_USAGE)
		rc = explain_bad(sw, p->bad, &w[jobs]);
	else if (rc != EXIT_OK)
		warn_msg("out of memory");
	for (b = 0; b < p->nslots; b++)
		if (p->slots[b].own)
			free(p->slots[b].buf);
	for (b = 0; b < p->nspare; b++)
		if (p->spare[b].own)
			free(p->spare[b].buf);
	free(p->arena);
	free(p->slots);
	free(p->spare);
	p->slots = NULL;
	p->spare = NULL;
	p->arena = NULL;
	return rc;
}
