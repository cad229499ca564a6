/*
 * sweeppool.c - sweep's work on every core.  Work goes in slots of
 * configurations (slot_rows, run BLOCK at a time): worker threads take the
 * next slot and format its rows into it; the main thread writes the slots
 * of the ring in order.  A configuration's setup is its key's, resolved
 * once, with the parameter axes set by number (config_setup); a row's
 * cells are formatted only when their value changed.
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


/* A slot's rows and what the writer must know of them. */
struct slot {
	enum { SLOT_FREE, SLOT_BUSY, SLOT_DONE } state;
	long block;
	char *buf;
	size_t len, cap;
	int error;		/* EXIT_IO: out of memory; EXIT_USAGE: */
	long bad;		/* this configuration is no valid run */
	long nfail, ndiverged;
	unsigned long long gate_filled;	/* gates with a value in a row */
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
	unsigned long long may_fill;	/* check: gates some row can fill */
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
 * within it.
 */
#define RING (BLOCK + 1)

struct worker {
	struct pool *pool;
	pthread_t thread;
	struct run_setup *rs;		/* RING */
	struct config_text *text;	/* RING */
	int ring;			/* the slot filled last */
	long key;			/* its key (sweep_plan), -1: none */
	int fast;			/* it takes the parameter axes by number */
	struct param_plan plan;		/* its parameter flags' group */
	double value[P_COUNT], mass;	/* the parameter values, set by axis */
	spring_sim *sim;		/* BLOCK: each configuration's */
	const struct run_setup **of;	/* BLOCK: the setup of each */
	const spring_sim **sims;
	spring_metrics *m, *mb;
	spring_frame_stats *fs, *fsb;
	double *lag, *att;
	int *which;
	struct row_cache cache;		/* the cells of the row before */
	long row_at;			/* where it is in the slot; -1 none */
	struct extra_cache extra[MAX_AXES * 4];
	/*
	 * config_setup's: each resolve's stamp (resolved counts them), of
	 * each setup of rs and of the one each sim is a copy of (a sim
	 * whose setup stays takes the values alone); where each parameter
	 * axis's value goes (value[] or mass)
	 */
	unsigned long resolved, rs_stamp[RING], sim_stamp[BLOCK];
	double *fast_to[MAX_AXES];
	int nkeyed;			/* the axes of the key (stride > 0) */
	short keyed[MAX_AXES];
};

/* Nothing resolved or formatted yet: a new pass. */
static void
worker_reset(struct worker *w)
{
	int c;

	w->key = -1;
	w->row_at = -1;
	for (c = 0; c < MAX_AXES * 4; c++)
		w->extra[c].digit = -1;
}

/*
 * Configuration idx (its axes' values digit) into w->sim[i], its setup
 * w->of[i]: its key's setup,
 * resolved the way run resolves one (sweep_config_setup) when the key
 * changes, and otherwise the parameter axes' values set by number on it
 * (run_spring_params): arithmetic, no copy of the setup, no option, and
 * the setup's sim copied only when sim[i] is not a copy of it already.
 * EXIT_OK, or EXIT_USAGE when it is no valid run (no message: the
 * caller says why with sweep_config_setup).
 */
static int
config_setup(struct worker *w, const struct sweep *sw, long idx,
    const long *digit, int i)
{
	const struct run_setup *rs;
	long key = 0;
	int a, f, slot;

	/* the key: its axes, once a setup is resolved (a sweep of parameter
	 * axes alone has none) */
	if (w->key < 0)
		for (a = 0; a < sw->naxes; a++)
			key += digit[a] * sw->stride[a];
	else
		for (a = 0; a < w->nkeyed; a++)
			key += digit[w->keyed[a]] * sw->stride[w->keyed[a]];
	if (key != w->key || !w->fast) {
		slot = (w->ring + 1) % RING;
		w->key = -1;
		w->rs_stamp[slot] = 0;
		if (sweep_config_setup(sw, idx, &w->rs[slot], &w->text[slot]) !=
		    EXIT_OK)
			return EXIT_USAGE;
		rs = &w->rs[slot];
		w->ring = slot;
		w->key = key;
		for (w->nkeyed = 0, a = 0; a < sw->naxes; a++)
			if (sw->stride[a] != 0)
				w->keyed[w->nkeyed++] = (short)a;
		w->rs_stamp[slot] = ++w->resolved;
		w->fast = sw->nfast > 0 && run_spring_by_params(rs) &&
		    param_plan(&rs->ps, &w->plan) == 0;
		if (w->fast) {
			memcpy(w->value, rs->ps.value, sizeof(w->value));
			w->mass = rs->ps.mass;
			for (f = 0; f < sw->nfast; f++) {
				a = sw->axes[sw->fast_axis[f]].code;
				w->fast_to[f] = a == PARAM_OPT_MASS ? &w->mass :
				    &w->value[a - PARAM_OPT];
			}
		}
		w->of[i] = rs;
		w->sim[i] = rs->sim;
		w->sim_stamp[i] = w->resolved;
		return EXIT_OK;
	}
	rs = &w->rs[w->ring];
	for (f = 0; f < sw->nfast; f++) {
		const struct axis *ax = &sw->axes[sw->fast_axis[f]];
		long d = digit[sw->fast_axis[f]];

		*w->fast_to[f] = ax->num != NULL ? ax->num[d] :
		    sweep_axis_number(ax, d);
	}
	if (w->sim_stamp[i] != w->rs_stamp[w->ring]) {
		w->sim[i] = rs->sim;
		w->sim_stamp[i] = w->rs_stamp[w->ring];
	}
	if (run_spring_params(rs, &w->plan, w->value, w->mass, &w->sim[i]) !=
	    0)
		return EXIT_USAGE;
	w->of[i] = rs;
	return EXIT_OK;
}

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

/*
 * A row's extra columns (those xsel chooses; digit its axes' values):
 * ",value" each.  A range's points are text already (sweepgrid.c's
 * cache_texts: each a fixed copy, no strlen); another's text is kept
 * while the column's value stays (a long range's point is formatted
 * once a change, an item copied).
 */
static int
put_extra(const struct sweep *sw, const long *digit, struct slot *sl,
    struct extra_cache *xc)
{
	char buf[NUMFMT_MAX + 1];
	int x;

	for (x = 0; x < sw->nx; x++) {
		int c = sw->xsel[x];
		const struct axis *ax = &sw->axes[sw->col_axis[c]];
		long d = digit[sw->col_axis[c]];
		struct extra_cache *e = &xc[c];
		const char *t;
		size_t n;

		if (ax->len != NULL && ax->kind != AX_ROWS) {
			/*
			 * a range's text, once: 32 bytes (the row has room),
			 * loaded, and its length, before the stores (a store
			 * through char * has every field read again)
			 */
			char cell[NUMFMT_MAX], *to = sl->buf + sl->len;

			memcpy(cell, ax->items[d], NUMFMT_MAX);
			n = ax->len[d];
			to[0] = ',';
			memcpy(to + 1, cell, NUMFMT_MAX);
			sl->len += n + 1;
			continue;
		}
		if (e->digit == d) {
			/* the whole cell: slot_room below left room */
			sl->buf[sl->len++] = ',';
			memcpy(sl->buf + sl->len, e->text, sizeof(e->text));
			sl->len += e->len;
			continue;
		}
		t = ax->kind == AX_ROWS ? ax->items[d * ax->ncols +
		    sw->col_sub[c]] : sweep_axis_text(ax, d, buf);
		n = strlen(t);
		if (slot_room(sl, n + 2 + NUMFMT_MAX) != 0)
			return -1;
		sl->buf[sl->len++] = ',';
		memcpy(sl->buf + sl->len, t, n);
		sl->len += n;
		e->digit = -1;
		if (n < sizeof(e->text)) {
			memcpy(e->text, t, n);
			e->len = (unsigned char)n;
			e->digit = d;
		}
	}
	return 0;
}

/* Apply the gates to row idx's values. */
static void
gate_row(const struct sweep *sw, long idx, const double *v, struct slot *sl)
{
	int g;

	for (g = 0; g < sw->ngates; g++)
		if (!isnan(v[sw->gates[g].col]))
			sl->gate_filled |= 1ull << g;
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

/* A row and its extra columns' cells, whole (they copy whole). */
static size_t
row_room(const struct sweep *sw)
{
	return METRIC_ROW_MAX + NUMFMT_MAX + 2 + (size_t)sw->nx *
	    (NUMFMT_MAX + 1);
}

/*
 * The n configurations from lo (at most BLOCK): build them
 * (config_setup), run them (those with a constant target side by side,
 * spring_simulate_batch), format their rows into sl (the text of what
 * did not change since the row before copied).  0, or -1 with sl's
 * error set.
 */
static int
run_block(struct worker *w, long lo, int n, struct slot *sl)
{
	const struct sweep *sw = w->pool->sw;
	long digit[MAX_AXES], idx;
	double v[METRIC_NCOLS];
	int i, k, nb = 0;
	size_t row = row_room(sw);

	sweep_config_digits(sw, lo, digit);
	for (i = 0; i < n; i++, sweep_config_next(sw, digit)) {
		/* the first that is no valid run stops the sweep (when
		 * sweep_check_all has not looked before) */
		if (config_setup(w, sw, lo + i, digit, i) != EXIT_OK) {
			sl->error = EXIT_USAGE;
			sl->bad = lo + i;
			return -1;
		}
		w->lag[i] = w->att[i] = 0.0;
		if (w->sim[i].signal == NULL) {
			w->sims[nb] = &w->sim[i];
			w->which[nb++] = i;
		} else if (run_metrics(w->of[i], &w->m[i], &w->fs[i],
		    &w->lag[i], &w->att[i]) != 0) {
			sl->error = EXIT_IO;
			return -1;
		}
	}
	if (nb == n)	/* all side by side (which[k] is k): in place */
		spring_simulate_batch_some(w->sims, nb, w->m, w->fs, sw->want);
	else {
		spring_simulate_batch_some(w->sims, nb, w->mb, w->fsb,
		    sw->want);
		for (k = 0; k < nb; k++) {
			w->m[w->which[k]] = w->mb[k];
			w->fs[w->which[k]] = w->fsb[k];
		}
	}
	sweep_config_digits(sw, lo, digit);
	for (i = 0, idx = lo; i < n; i++, idx++, sweep_config_next(sw, digit)) {
		size_t at = sl->len;

		if (slot_room(sl, row) != 0) {
			sl->error = EXIT_IO;
			return -1;
		}
		metrics_values_of(&w->sim[i], &w->m[i], &w->fs[i], w->lag[i],
		    w->att[i], v);
		/* the row before's unchanged cells: copied from the slot */
		sl->len += metrics_format_cached(sl->buf + at, w->row_at >= 0 ?
		    sl->buf + w->row_at : NULL, w->of[i], v, sw->precision,
		    &sw->msel, &w->cache);
		w->row_at = (long)at;
		if (put_extra(sw, digit, sl, w->extra) != 0 ||
		    slot_room(sl, 1) != 0) {
			sl->error = EXIT_IO;
			return -1;
		}
		sl->buf[sl->len++] = '\n';
		gate_row(sw, idx, v, sl);
		sl->ndiverged += w->m[i].diverged;
	}
	return 0;
}

/* Slot b's configurations, a block at a time. */
static void
run_slot(struct worker *w, long b, struct slot *sl)
{
	const struct sweep *sw = w->pool->sw;
	long lo = sw->first + b * sw->slot_rows, hi = lo + sw->slot_rows;

	if (hi > sw->first + sw->count)
		hi = sw->first + sw->count;
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

/* A worker of the main pass: take the next block whose slot is free. */
static void *
run_worker(void *arg)
{
	struct worker *w = arg;
	struct pool *p = w->pool;

	message_mute = 1;
	worker_reset(w);
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

		run_slot(w, b, sl);

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
	worker_reset(w);
	for (;;) {
		long b, lo, hi, idx, digit[MAX_AXES];
		unsigned long long may = 0;

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
		sweep_config_digits(sw, lo, digit);
		for (idx = lo; idx < hi; idx++, sweep_config_next(sw, digit)) {
			if (config_setup(w, sw, idx, digit, 0) != EXIT_OK) {
				pthread_mutex_lock(&p->mu);
				if (p->bad < 0 || idx < p->bad)
					p->bad = idx;
				pthread_mutex_unlock(&p->mu);
				break;
			}
			may |= sweep_gates_may_fill(sw, w->of[0]);
		}
		pthread_mutex_lock(&p->mu);
		p->may_fill |= may;
		pthread_mutex_unlock(&p->mu);
	}
}

/* Each worker's room; 0, or -1 (out of memory). */
static int
workers_alloc(struct worker *w, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		w[i].rs = calloc(RING, sizeof(*w[i].rs));
		w[i].text = calloc(RING, sizeof(*w[i].text));
		w[i].sim = calloc(BLOCK, sizeof(*w[i].sim));
		w[i].of = calloc(BLOCK, sizeof(*w[i].of));
		w[i].sims = calloc(BLOCK, sizeof(*w[i].sims));
		w[i].m = calloc(BLOCK, sizeof(*w[i].m));
		w[i].mb = calloc(BLOCK, sizeof(*w[i].mb));
		w[i].fs = calloc(BLOCK, sizeof(*w[i].fs));
		w[i].fsb = calloc(BLOCK, sizeof(*w[i].fsb));
		w[i].lag = calloc(BLOCK, sizeof(*w[i].lag));
		w[i].att = calloc(BLOCK, sizeof(*w[i].att));
		w[i].which = calloc(BLOCK, sizeof(*w[i].which));
		if (w[i].rs == NULL || w[i].text == NULL || w[i].sim == NULL ||
		    w[i].of == NULL ||
		    w[i].sims == NULL || w[i].m == NULL || w[i].mb == NULL || w[i].fs == NULL || w[i].fsb == NULL ||
		    w[i].lag == NULL || w[i].att == NULL ||
		    w[i].which == NULL || row_cache_open(&w[i].cache) != 0)
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
		free(w[i].sim);
		free(w[i].of);
		free(w[i].sims);
		free(w[i].m);
		free(w[i].mb);
		free(w[i].fs);
		free(w[i].fsb);
		free(w[i].lag);
		free(w[i].att);
		free(w[i].which);
		row_cache_close(&w[i].cache);
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
 * the configuration) and return EXIT_USAGE.
 */
int
sweep_check_all(const struct sweep *sw, struct worker *w, int jobs,
    unsigned long long *may_fill)
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
		for (long idx = sw->first; idx < sw->first + sw->count; idx++) {
			if (sweep_config_setup(sw, idx, w[0].rs, w[0].text) !=
			    EXIT_OK) {
				p.bad = idx;
				break;
			}
			p.may_fill |= sweep_gates_may_fill(sw, w[0].rs);
		}
		message_mute = 0;
	}
	workers_join(w, started);
	*may_fill = p.may_fill;
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
	/*
	 * the progress line on a terminal, never into the rows: not when
	 * they go to a terminal too (stdout and stderr the same one)
	 */
	int started, rc = EXIT_OK, show = !sw->quiet &&
	    isatty(STDERR_FILENO) && !isatty(k->out.fd);
	double t0 = now(), last = t0 - 1.0;	/* the first block shows */
	long b, done = 0;

	memset(&p, 0, sizeof(p));
	p.sw = sw;
	p.nblocks = (sw->count + sw->slot_rows - 1) / sw->slot_rows;
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
		f->gate_filled |= sl->gate_filled;
		done += sl->block == p.nblocks - 1 ? sw->count - b *
		    sw->slot_rows : sw->slot_rows;
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

