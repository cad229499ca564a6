/*
 * sweeprows.c - a worker's block of the sweep: its configurations set up
 * (a key's setup resolved once, kept or in the ring, the parameter axes
 * and the spring's start and target line set by number on it), run side
 * by side, and their rows formatted into the slot (a row's cells
 * formatted only when their value changed; the extra columns' text kept
 * while it stays).  The threads, the passes and the ring that hand out
 * the blocks and write the slots are sweeppool.c's.
 */
#ifdef __linux__
#define _GNU_SOURCE		/* sweepwork.h's cpu_set_t */
#endif
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sweepwork.h"

/*
 * Nothing formatted yet: a new pass.  The setup resolved last stays: it
 * is its key's in any pass (a sweep of parameter axes alone, all one key,
 * resolves once a worker, not once a pass).
 */
void
worker_reset(struct worker *w)
{
	int c;

	w->row_at = -1;
	for (c = 0; c < MAX_AXES * 4; c++)
		w->extra[c].digit = -1;
}

/*
 * Take the parameter axes by number on the setup in slot (its key's,
 * resolved, fast, with plan): its parameter values, the axes' to come.
 */
static void
setup_use(struct worker *w, int slot, long key, struct param_plan *plan)
{
	const struct run_setup *rs = &w->rs[slot];

	w->cur = slot;
	w->key = key;
	w->fast = 1;
	w->plan = plan;
	memcpy(w->value, rs->ps.value, sizeof(w->value));
	w->mass = rs->ps.mass;
}

/*
 * Which of plan's values need no test per configuration: those no axis
 * sets (the key's, which the resolve just checked) and those of the
 * axes whose every point fits (in_range, noted as the grid was read).
 */
static void
plan_known_fits(const struct sweep *sw, struct param_plan *plan)
{
	const struct axis *ax;
	int k, f, id;

	for (k = 0; k < plan->nids; k++) {
		id = plan->ids[k];
		for (f = 0, ax = NULL; f < sw->nfast && ax == NULL; f++)
			if (sw->axes[sw->fast_axis[f]].code == PARAM_OPT + id)
				ax = &sw->axes[sw->fast_axis[f]];
		if (ax == NULL || ax->in_range)
			param_plan_fits(plan, id);
	}
}

/*
 * Resolve configuration idx, of key, the way run resolves one
 * (sweep_config_setup), into w->sim[i], its setup w->of[i]: into the
 * key's own place when it is seen first and may be kept (keep
 * KEY_UNSEEN), else the ring's next.  EXIT_OK, or EXIT_USAGE when it is
 * no valid run.
 */
static int
config_resolve(struct worker *w, const struct sweep *sw, long idx, long key,
    int keep, int i)
{
	const struct run_setup *rs;
	struct param_plan *plan;
	int a, f, slot, nring = w->pool->nring;

	slot = keep == KEY_UNSEEN ? nring + (int)key :
	    (w->ring = (w->ring + 1) % nring);
	plan = slot < nring ? &w->ring_plan : &w->plans[slot - nring];
	w->key = -1;
	w->rs_stamp[slot] = 0;
	if (sweep_config_setup(sw, idx, &w->rs[slot], &w->text[slot]) !=
	    EXIT_OK)
		return EXIT_USAGE;
	rs = &w->rs[slot];
	w->rs_stamp[slot] = ++w->resolved;
	if (sw->nfast + sw->nstate > 0 && run_spring_plan(rs, plan) == 0) {
		setup_use(w, slot, key, plan);
		for (f = 0; f < sw->nfast; f++) {
			a = sw->axes[sw->fast_axis[f]].code;
			w->fast_to[f] = a == PARAM_OPT_MASS ? &w->mass :
			    &w->value[a - PARAM_OPT];
		}
		plan_known_fits(sw, plan);
	} else {
		w->cur = slot;
		w->key = key;
		w->fast = 0;
	}
	if (keep == KEY_UNSEEN)
		w->kept[key] = w->fast ? KEY_KEPT : KEY_ALONE;
	w->of[i] = rs;
	w->sim[i] = rs->sim;
	w->sim_stamp[i] = w->resolved;
	return EXIT_OK;
}

/*
 * Configuration idx (its axes' values digit) into w->sim[i], its setup
 * w->of[i]: its key's setup, resolved (config_resolve) when the key
 * changes to one not kept, and otherwise the parameter axes' values and
 * the start and target line's (sweep_plan) set by number on it
 * (run_spring_params, run_flag_state): arithmetic, no copy of the setup,
 * no option, and the setup's sim copied only when sim[i] is not a copy
 * of it already.  EXIT_OK, or EXIT_USAGE when it is no valid run (no
 * message: the caller says why with sweep_config_setup).
 */
int
config_setup(struct worker *w, const struct sweep *sw, long idx,
    const long *digit, int i)
{
	const struct run_setup *rs;
	long key = 0;
	int a, f;

	/* the key: its axes' (a sweep of parameter axes alone has none) */
	for (a = 0; a < sw->nkeyed; a++)
		key += digit[sw->keyed[a]] * sw->stride[sw->keyed[a]];
	if (key != w->key || !w->fast) {
		/* fast axes set on w->fast_to: a kept key was resolved fast
		 * by this worker, which set them */
		int keep = sw->keys_return && key < w->pool->nkept ?
		    w->kept[key] : KEY_ALONE;

		if (keep != KEY_KEPT)
			return config_resolve(w, sw, idx, key, keep, i);
		setup_use(w, w->pool->nring + (int)key, key,
		    &w->plans[key]);
	}
	rs = &w->rs[w->cur];
	for (f = 0; f < sw->nfast; f++) {
		const struct axis *ax = &sw->axes[sw->fast_axis[f]];
		long d = digit[sw->fast_axis[f]];

		*w->fast_to[f] = sweep_axis_number(ax, d);
	}
	if (w->sim_stamp[i] != w->rs_stamp[w->cur]) {
		w->sim[i] = rs->sim;
		w->sim_stamp[i] = w->rs_stamp[w->cur];
	}
	for (f = 0; f < sw->nstate; f++) {
		const struct axis *ax = &sw->axes[sw->state_axis[f]];

		*(double *)((char *)&w->sim[i] + sw->state_at[f]) =
		    sweep_axis_number(ax, digit[sw->state_axis[f]]);
	}
	if (run_spring_params(rs, w->plan, w->value, w->mass, &w->sim[i]) != 0)
		return EXIT_USAGE;
	w->of[i] = rs;
	return EXIT_OK;
}

/*
 * slot_room's growth: 0, or -1.  A buffer of the arena (a piece: room
 * for a slot's rows, which only a row longer than row_room outgrows) is
 * left for one of its own.
 */
int
slot_grow(struct slot *sl, size_t n)
{
	char *p;
	size_t cap = 2 * (sl->len + n);

	if (sl->own)
		p = realloc(sl->buf, cap);
	else if ((p = malloc(cap)) != NULL && sl->len > 0)
		memcpy(p, sl->buf, sl->len);
	if (p == NULL)
		return -1;
	sl->buf = p;
	sl->cap = cap;
	sl->own = 1;
	return 0;
}

/*
 * A row's extra columns (those xsel chooses; digit its axes' values):
 * ",value" each.  A range's points are text already (sweepgrid.c's
 * cache_texts: each a fixed copy, no strlen); another's text is kept
 * while the column's value stays (a point of a long range, or of the
 * slowest axis's, is formatted once a change, an item copied).
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
		t = ax->kind == AX_ROWS ? sweep_row_cell(ax, d,
		    sw->col_sub[c]) : sweep_axis_text(ax, d, buf);
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

/*
 * The row at sl->buf + at (no newline yet) with its fields in the order
 * --columns gave (sw->perm): written after it in the slot, then moved
 * back.  Only a sweep whose --columns names an extra column before one
 * of run's comes here.  0, or -1 (out of memory).
 */
static int
permute_row(const struct sweep *sw, struct slot *sl, size_t at)
{
	size_t start[METRIC_NCOLS + MAX_AXES * 4 + 1], len = sl->len - at;
	size_t p, to;
	int nf = 0, c, f;

	if (slot_room(sl, len + 1) != 0)
		return -1;
	start[nf++] = at;
	for (p = at; p < sl->len && nf <= sw->nperm; p++)
		if (sl->buf[p] == ',')
			start[nf++] = p + 1;
	if (nf != sw->nperm)
		return 0;	/* a field with a comma: left as written */
	start[nf] = sl->len + 1;
	to = sl->len;
	for (c = 0; c < sw->nperm; c++) {
		f = sw->perm[c];
		if (c > 0)
			sl->buf[to++] = ',';
		memcpy(sl->buf + to, sl->buf + start[f],
		    start[f + 1] - 1 - start[f]);
		to += start[f + 1] - 1 - start[f];
	}
	memmove(sl->buf + at, sl->buf + sl->len, len);
	return 0;
}

/* Apply the gates to row idx's values. */
static void
gate_row(const struct sweep *sw, long idx, const struct metric_row *v,
    struct slot *sl)
{
	int g;

	for (g = 0; g < sw->ngates; g++)
		if (!isnan(metric_value(v, sw->gates[g].offset)))
			sl->gate_filled |= 1ull << g;
	for (g = 0; g < sw->ngates; g++)
		if (sweep_gate_fails(&sw->gates[g], metric_value(v,
		    sw->gates[g].offset))) {
			if (sl->nshown < MAX_SHOWN) {
				sl->shown_idx[sl->nshown] = idx;
				sl->shown_gate[sl->nshown] = g;
				sl->shown_value[sl->nshown++] =
				    metric_value(v, sw->gates[g].offset);
			}
			sl->nfail++;
			return;
		}
}

/*
 * The n configurations from lo (at most BLOCK): build them
 * (config_setup), run them (those with a constant target side by side,
 * spring_simulate_batch), format their rows into sl (the text of what
 * did not change since the row before copied).  0, or -1 with sl's
 * error set.
 */
int
run_block(struct worker *w, long lo, int n, struct slot *sl)
{
	const struct sweep *sw = w->pool->sw;
	long digit[MAX_AXES], idx;
	struct metric_row v[ROW_PRE_ROWS];
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
	for (i = 0, idx = lo; i < n; ) {
		/* ROW_PRE_ROWS rows' values, their changing numbers
		 * formatted together, then the rows */
		int r, rows = n - i < ROW_PRE_ROWS ? n - i : ROW_PRE_ROWS;

		for (r = 0; r < rows; r++)
			metrics_values_of(&w->sim[i + r], &w->m[i + r],
			    &w->fs[i + r], w->lag[i + r], w->att[i + r],
			    w->sim[i + r].engine != NULL ?
			    param_asked_duration(&w->of[i + r]->ps) : NAN,
			    &v[r]);
		row_pre_format(&w->pre, &w->cache, &sw->msel, v, rows,
		    w->row_at < 0, sw->precision);
		w->cache.pre = &w->pre;
		for (r = 0; r < rows; r++, i++, idx++,
		    sweep_config_next(sw, digit)) {
			size_t at = sl->len;

			if (slot_room(sl, row) != 0) {
				sl->error = EXIT_IO;
				break;
			}
			/* the row before's unchanged cells: from the slot */
			w->cache.pre_row = r;
			sl->len += metrics_format_cached(sl->buf + at,
			    w->row_at >= 0 ? sl->buf + w->row_at : NULL,
			    w->of[i], &v[r], sw->precision, &sw->msel,
			    &w->cache);
			w->row_at = (long)at;
			if (put_extra(sw, digit, sl, w->extra) != 0 ||
			    (sw->nperm > 0 && permute_row(sw, sl, at) != 0) ||
			    slot_room(sl, 1) != 0) {
				sl->error = EXIT_IO;
				break;
			}
			/* a permuted row is no layout to copy cells from */
			if (sw->nperm > 0)
				w->row_at = -1;
			sl->buf[sl->len++] = '\n';
			gate_row(sw, idx, &v[r], sl);
			sl->ndiverged += w->m[i].diverged;
		}
		w->cache.pre = NULL;
		if (sl->error != 0)
			return -1;
	}
	return 0;
}
