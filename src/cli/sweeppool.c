/*
 * sweeppool.c - sweep's work on every core.  Work goes in blocks of
 * configurations: worker threads take the next block and format its rows
 * into a slot of a ring; the main thread writes the slots in block order.
 * The output is the same for every -j, and the ring bounds the memory
 * whatever the size of the grid.  Before any row is written, a first
 * pass (in the workers too) can check that every configuration is a
 * valid run, so bad input never leaves half a CSV.
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sweep.h"


/* A block's rows and what the writer must know of them. */
struct slot {
	enum { SLOT_FREE, SLOT_BUSY, SLOT_DONE } state;
	long block;
	char *buf;
	size_t len, cap;
	int error;		/* EXIT_IO: out of memory; EXIT_USAGE: */
	long bad;		/* this configuration is no valid run */
	long nfail, ndiverged;
	int nshown;
	long shown_idx[MAX_SHOWN];
	int shown_gate[MAX_SHOWN];
	double shown_value[MAX_SHOWN];
};

/* The workers and the writer's meeting point. */
struct pool {
	const struct sweep *sw;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	long next, nblocks, block;	/* next block to take; of how many */
	struct slot *slots;
	int nslots, stop;
	long bad;			/* check: first bad configuration */
};

/* A worker's room for one block. */
struct worker {
	struct pool *pool;
	pthread_t thread;
	struct run_setup *rs;
	struct config_text *text;
	const spring_sim **sims;
	spring_metrics *m, *mb;
	spring_frame_stats *fs, *fsb;
	double *lag, *att;
	int *which;
};

/* Make room for n more bytes in the slot: 0, or -1. */
static int
slot_room(struct slot *sl, size_t n)
{
	char *p;
	size_t cap;

	if (sl->len + n <= sl->cap)
		return 0;
	cap = 2 * (sl->len + n);
	if ((p = realloc(sl->buf, cap)) == NULL)
		return -1;
	sl->buf = p;
	sl->cap = cap;
	return 0;
}

/* Row idx's extra columns (those xsel chooses): ",value" each. */
static int
put_extra(const struct sweep *sw, long idx, struct slot *sl)
{
	long digit[MAX_AXES];
	char buf[NUMFMT_MAX + 1];
	int x;

	sweep_config_digits(sw, idx, digit);
	for (x = 0; x < sw->nx; x++) {
		int c = sw->xsel[x];
		const struct axis *ax = &sw->axes[sw->col_axis[c]];
		const char *t = ax->kind == AX_ROWS ? ax->items[digit[
		    sw->col_axis[c]] * ax->ncols + sw->col_sub[c]] :
		    sweep_axis_text(ax, digit[sw->col_axis[c]], buf);
		size_t n = strlen(t);

		if (slot_room(sl, n + 2) != 0)
			return -1;
		sl->buf[sl->len++] = ',';
		memcpy(sl->buf + sl->len, t, n);
		sl->len += n;
	}
	return 0;
}

/* Apply the gates to row idx's values. */
static void
gate_row(const struct sweep *sw, long idx, const double *v, struct slot *sl)
{
	int g;

	for (g = 0; g < sw->ngates; g++)
		if (sweep_gate_fails(&sw->gates[g], v[sw->gates[g].col])) {
			if (sl->nshown < MAX_SHOWN) {
				sl->shown_idx[sl->nshown] = idx;
				sl->shown_gate[sl->nshown] = g;
				sl->shown_value[sl->nshown++] =
				    v[sw->gates[g].col];
			}
			sl->nfail++;
			return;
		}
}

/*
 * Block b: build its configurations, run them (those with a constant
 * target side by side, spring_simulate_batch), format their rows.
 */
static void
run_block(struct worker *w, long b, struct slot *sl)
{
	const struct sweep *sw = w->pool->sw;
	long lo = sw->first + b * BLOCK, hi = lo + BLOCK, idx;
	double v[METRIC_NCOLS];
	int i, k, n, nb = 0;

	if (hi > sw->first + sw->count)
		hi = sw->first + sw->count;
	n = (int)(hi - lo);
	sl->len = 0;
	sl->error = 0;
	sl->nfail = sl->ndiverged = 0;
	sl->nshown = 0;
	for (i = 0; i < n; i++) {
		struct run_setup *rs = &w->rs[i];

		/* the first that is no valid run stops the sweep (when
		 * sweep_check_all has not looked before) */
		if (sweep_config_setup(sw, lo + i, rs, &w->text[i]) != EXIT_OK) {
			sl->error = EXIT_USAGE;
			sl->bad = lo + i;
			return;
		}
		w->lag[i] = w->att[i] = 0.0;
		if (rs->sim.signal == NULL) {
			w->sims[nb] = &rs->sim;
			w->which[nb++] = i;
		} else if (run_metrics(rs, &w->m[i], &w->fs[i], &w->lag[i],
		    &w->att[i]) != 0) {
			sl->error = EXIT_IO;
			return;
		}
	}
	spring_simulate_batch(w->sims, nb, w->mb, w->fsb);
	for (k = 0; k < nb; k++) {
		w->m[w->which[k]] = w->mb[k];
		w->fs[w->which[k]] = w->fsb[k];
	}
	for (i = 0, idx = lo; i < n; i++, idx++) {
		if (slot_room(sl, METRIC_ROW_MAX + 2) != 0) {
			sl->error = EXIT_IO;
			return;
		}
		metrics_values(&w->rs[i], &w->m[i], &w->fs[i], w->lag[i],
		    w->att[i], v);
		sl->len += metrics_format(sl->buf + sl->len, &w->rs[i], v,
		    sw->precision, &sw->msel);
		if (put_extra(sw, idx, sl) != 0 || slot_room(sl, 1) != 0) {
			sl->error = EXIT_IO;
			return;
		}
		sl->buf[sl->len++] = '\n';
		gate_row(sw, idx, v, sl);
		sl->ndiverged += w->m[i].diverged;
	}
}

/* A worker of the main pass: take the next block whose slot is free. */
static void *
run_worker(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->pool;

	message_mute = 1;
	for (;;) {
		struct slot *sl;
		long b;

		pthread_mutex_lock(&p->mu);
		while (!p->stop && p->next < p->nblocks &&
		    p->slots[p->next % p->nslots].state != SLOT_FREE)
			pthread_cond_wait(&p->cv, &p->mu);
		if (p->stop || p->next >= p->nblocks) {
			pthread_mutex_unlock(&p->mu);
			return NULL;
		}
		b = p->next++;
		sl = &p->slots[b % p->nslots];
		sl->state = SLOT_BUSY;
		sl->block = b;
		pthread_mutex_unlock(&p->mu);

		run_block(w, b, sl);

		pthread_mutex_lock(&p->mu);
		sl->state = SLOT_DONE;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
}

/* A worker of the check: the first configuration that is no valid run. */
static void *
check_worker(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->pool;
	const struct sweep *sw = p->sw;

	message_mute = 1;
	for (;;) {
		long b, lo, hi, idx;

		pthread_mutex_lock(&p->mu);
		b = p->next++;
		pthread_mutex_unlock(&p->mu);
		lo = sw->first + b * CHECK_BLOCK;
		hi = lo + CHECK_BLOCK;
		if (b >= p->nblocks)
			return NULL;
		if (hi > sw->first + sw->count)
			hi = sw->first + sw->count;
		pthread_mutex_lock(&p->mu);
		if (p->bad >= 0 && p->bad < lo)
			hi = lo;	/* an earlier one is bad: skip */
		pthread_mutex_unlock(&p->mu);
		for (idx = lo; idx < hi; idx++) {
			if (sweep_config_setup(sw, idx, w->rs, w->text) != EXIT_OK) {
				pthread_mutex_lock(&p->mu);
				if (p->bad < 0 || idx < p->bad)
					p->bad = idx;
				pthread_mutex_unlock(&p->mu);
				break;
			}
		}
	}
}

/* Each worker's room; 0, or -1 (out of memory). */
static int
workers_alloc(struct worker *w, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		w[i].rs = calloc(BLOCK, sizeof(*w[i].rs));
		w[i].text = calloc(BLOCK, sizeof(*w[i].text));
		w[i].sims = calloc(BLOCK, sizeof(*w[i].sims));
		w[i].m = calloc(BLOCK, sizeof(*w[i].m));
		w[i].mb = calloc(BLOCK, sizeof(*w[i].mb));
		w[i].fs = calloc(BLOCK, sizeof(*w[i].fs));
		w[i].fsb = calloc(BLOCK, sizeof(*w[i].fsb));
		w[i].lag = calloc(BLOCK, sizeof(*w[i].lag));
		w[i].att = calloc(BLOCK, sizeof(*w[i].att));
		w[i].which = calloc(BLOCK, sizeof(*w[i].which));
		if (w[i].rs == NULL || w[i].text == NULL ||
		    w[i].sims == NULL || w[i].m == NULL || w[i].mb == NULL || w[i].fs == NULL || w[i].fsb == NULL ||
		    w[i].lag == NULL || w[i].att == NULL || w[i].which == NULL)
			return -1;
	}
	return 0;
}

/* See sweep.h. */
struct worker *
sweep_workers_new(int n)
{
	struct worker *w = calloc((size_t)n, sizeof(*w));

	if (w != NULL && workers_alloc(w, n) != 0) {
		sweep_workers_free(w, n);
		w = NULL;
	}
	return w;
}

/* See sweep.h (a NULL w is nothing to free). */
void
sweep_workers_free(struct worker *w, int n)
{
	int i;

	if (w == NULL)
		return;
	for (i = 0; i < n; i++) {
		free(w[i].rs);
		free(w[i].text);
		free(w[i].sims);
		free(w[i].m);
		free(w[i].mb);
		free(w[i].fs);
		free(w[i].fsb);
		free(w[i].lag);
		free(w[i].att);
		free(w[i].which);
	}
	free(w);
}

/*
 * Start n threads of fn on w[], meeting at p; the number started (fewer
 * only if the system refused one; the caller goes on with those).
 */
static int
workers_start(struct worker *w, int n, struct pool *p, void *(*fn)(void *))
{
	int i;

	for (i = 0; i < n; i++) {
		w[i].pool = p;
		if (pthread_create(&w[i].thread, NULL, fn, &w[i]) != 0)
			break;
	}
	return i;
}

static void
workers_join(struct worker *w, int n)
{
	int i;

	for (i = 0; i < n; i++)
		pthread_join(w[i].thread, NULL);
}

/* Seconds on a monotonic clock. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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
			    sw->grid_from, sw->axes[a].lines[digit[a]]);
	if (from[0] != '\0' && id[0] == '(')
		id[0] = '\0';	/* not "(the only configuration)" */
	snprintf(ctx, sizeof(ctx), "sweep row %ld (%s%s%s): ", idx + 1, from,
	    from[0] != '\0' && id[0] != '\0' ? ": " : "", id);
	message_mute = 0;
	message_context = ctx;
	rc = sweep_config_setup(sw, idx, w->rs, w->text);
	message_context = NULL;
	return rc != EXIT_OK ? rc : EXIT_USAGE;
}

/*
 * Check every configuration of the shard before writing anything: on
 * the first that is no valid run, say why (run's message, prefixed with
 * the configuration) and return EXIT_USAGE.
 */
int
sweep_check_all(const struct sweep *sw, struct worker *w, int jobs)
{
	struct pool p;
	int started;

	memset(&p, 0, sizeof(p));
	p.sw = sw;
	p.nblocks = (sw->count + CHECK_BLOCK - 1) / CHECK_BLOCK;
	p.bad = -1;
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	started = workers_start(w, jobs, &p, check_worker);
	if (started == 0) {
		/* no thread at all: check here */
		message_mute = 1;
		for (long idx = sw->first; idx < sw->first + sw->count; idx++)
			if (sweep_config_setup(sw, idx, w[0].rs, w[0].text) !=
			    EXIT_OK) {
				p.bad = idx;
				break;
			}
		message_mute = 0;
	}
	workers_join(w, started);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
	if (p.bad < 0)
		return EXIT_OK;
	return explain_bad(sw, p.bad, &w[0]);
}

/*
 * The main pass: workers fill the ring's slots, this thread writes them
 * in order.  EXIT_OK, EXIT_IO, or EXIT_USAGE when a configuration is no
 * valid run (said with spare's room).
 */
int
sweep_run_all(const struct sweep *sw, struct worker *w, int jobs,
    struct sink *k, struct failures *f)
{
	struct worker *spare = &w[jobs];
	struct pool p;
	int started, rc = EXIT_OK, show = !sw->quiet && isatty(STDERR_FILENO);
	double t0 = now(), last = t0 - 1.0;	/* the first block shows */
	long b, done = 0;

	memset(&p, 0, sizeof(p));
	p.sw = sw;
	p.nblocks = (sw->count + BLOCK - 1) / BLOCK;
	p.nslots = 2 * jobs + 2;
	if ((p.slots = calloc((size_t)p.nslots, sizeof(*p.slots))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	if ((started = workers_start(w, jobs, &p, run_worker)) == 0) {
		warn_msg("cannot start a thread");
		rc = EXIT_IO;
		p.nblocks = 0;
	}
	for (b = 0; b < p.nblocks; b++) {
		struct slot *sl = &p.slots[b % p.nslots];
		int i;

		pthread_mutex_lock(&p.mu);
		while (sl->state != SLOT_DONE || sl->block != b)
			pthread_cond_wait(&p.cv, &p.mu);
		pthread_mutex_unlock(&p.mu);
		if (sl->error == EXIT_USAGE)
			rc = explain_bad(sw, sl->bad, spare);
		else if (sl->error != 0) {
			warn_msg("out of memory");
			rc = EXIT_IO;
		} else
			out_write(&k->out, sl->buf, sl->len);
		for (i = 0; i < sl->nshown && f->nshown < MAX_SHOWN; i++) {
			f->idx[f->nshown] = sl->shown_idx[i];
			f->gate[f->nshown] = sl->shown_gate[i];
			f->value[f->nshown++] = sl->shown_value[i];
		}
		f->nfail += sl->nfail;
		f->ndiverged += sl->ndiverged;
		done += sl->block == p.nblocks - 1 ? sw->count - b * BLOCK :
		    BLOCK;
		pthread_mutex_lock(&p.mu);
		sl->state = SLOT_FREE;
		if (rc != EXIT_OK || k->out.failed)
			p.stop = 1;
		pthread_cond_broadcast(&p.cv);
		pthread_mutex_unlock(&p.mu);
		if (p.stop)
			break;
		if (show && now() - last >= 0.25) {
			last = now();
			progress(done, sw->count, last - t0);
		}
	}
	if (show)
		fputs("\r\033[K", stderr);
	workers_join(w, started);
	for (b = 0; b < p.nslots; b++)
		free(p.slots[b].buf);
	free(p.slots);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
	return rc;
}

