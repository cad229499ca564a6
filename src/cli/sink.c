/*
 * sink.c - what every command writes: numbers in the sink's format, the
 * trajectory (its header and a row a frame, a spring_row_fn) and the
 * metrics (the columns, by name, and a row a run).  The writer under it
 * is output.c's: whole or nothing to a named file.
 */
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "numfmt.h"
#include "run.h"

/*
 * A number in the sink's format; returns its length.  A NaN (a metric
 * that does not exist for this run) is an empty field: never "nan".
 */
int
put_number(const struct sink *k, char *buf, double v)
{
	if (isnan(v))
		return 0;
	if (k->precision > 0)
		return numfmt_precision(buf, v, k->precision);
	return numfmt_roundtrip(buf, v);
}

/*
 * put_number for a sink of that precision, with no sink to build (the
 * sink holds its writer's buffer: a struct sink on the stack is 64 KiB
 * to zero wherever the compiler cannot see it unread).
 */
static inline int
put_value(char *buf, double v, int precision)
{
	if (isnan(v))
		return 0;
	if (precision > 0)
		return numfmt_precision(buf, v, precision);
	return numfmt_roundtrip(buf, v);
}

/* The model's extra trajectory columns (none for the spring). */
void
sink_columns(struct sink *k, const spring_sim *sim)
{
	k->intermediate = sim->model != NULL ? sim->model->intermediate : 0;
	k->extra_names = sim->model != NULL ? sim->model->columns : NULL;
	k->engine = sim->engine != NULL;
}

/* The trajectory's header line. */
void
write_trajectory_header(struct sink *k)
{
	static const char head[] = "t,x,v,target,x_ref,v_ref,err_x,err_v";

	out_write(&k->out, head, sizeof(head) - 1);
	if (k->dt_column)
		out_write(&k->out, ",dt", 3);
	if (k->intermediate) {
		out_write(&k->out, ",", 1);
		out_write(&k->out, k->extra_names, strlen(k->extra_names));
	}
	if (k->engine)
		out_write(&k->out, ",done", 5);
	out_write(&k->out, "\n", 1);
}

/* See run.h. */
void
write_numbers_row(struct sink *k, const double *v, int n)
{
	char *buf = out_reserve(&k->out, (size_t)n * (NUMFMT_MAX + 1));
	char *p = buf;
	int i;

	if (buf == NULL)
		return;
	for (i = 0; i < n; i++) {
		p += put_number(k, p, v[i]);
		*p++ = i + 1 < n ? ',' : '\n';
	}
	out_commit(&k->out, (size_t)(p - buf));
}

/* See run.h: t, x, v, target, x_ref, v_ref, err_x, err_v. */
void
row_columns(const spring_row *r, double *col)
{
	col[0] = r->t;
	col[1] = r->x;
	col[2] = r->v;
	col[3] = r->g;
	col[4] = r->x_ref;
	col[5] = r->v_ref;
	col[6] = r->x - r->x_ref;
	col[7] = r->v - r->v_ref;
}

/* A trajectory row's numbers, in the header's order; their count. */
static int
row_numbers(const struct sink *k, const spring_row *r, double dt,
    double *col)
{
	int ncol = k->dt_column ? 9 : 8;

	row_columns(r, col);
	col[8] = dt;
	if (k->intermediate == 4) {
		col[ncol++] = r->xi;
		col[ncol++] = r->vi;
		col[ncol++] = r->xi_ref;
		col[ncol++] = r->vi_ref;
	} else if (k->intermediate == 2) {
		col[ncol++] = r->xi;
		col[ncol++] = r->xi_ref;
	}
	if (k->engine)
		col[ncol++] = r->done;
	return ncol;
}

/* A row of ncol numbers at p, ending in a newline; where it ends. */
static char *
format_row(const struct sink *k, const double *col, int ncol, char *p)
{
	int i;

	/* an engine's v is NaN where its library keeps none: empty */
	if (k->precision == 0 && !k->engine) {
		/* the common case, straight to the formatter (rows are never
		 * NaN: the run stops before a non-finite state) */
		for (i = 0; i < ncol; i++) {
			p += numfmt_roundtrip(p, col[i]);
			*p++ = ',';
		}
	} else
		for (i = 0; i < ncol; i++) {
			p += put_number(k, p, col[i]);
			*p++ = ',';
		}
	p[-1] = '\n';
	return p;
}

/* Write one trajectory row (spring_row_fn). */
int
emit_row(void *ctx, const spring_row *r, double dt)
{
	struct sink *k = ctx;
	double col[ROW_MAX_COLS];
	int ncol = row_numbers(k, r, dt, col);
	char *buf = out_reserve(&k->out, ROW_MAX_COLS * (NUMFMT_MAX + 1));

	if (buf == NULL)
		return EXIT_IO;
	out_commit(&k->out, (size_t)(format_row(k, col, ncol, buf) - buf));
	return 0;
}

/*
 * The trajectory on two cores (sink_batch_open): the rows' numbers are
 * kept BATCH_ROWS at a time; a full batch is formatted, its first half
 * by a helper thread while this one formats the second, and written in
 * order.  The formatter is nine tenths of a trajectory's time, the
 * simulation the rest, so this is most of twice the rows a second.
 */
#define BATCH_ROWS 8192
/* fewer rows than this are formatted here alone (a thread's wake-up) */
#define BATCH_ALONE 512

struct row_batch {
	struct sink *k;
	double *num;			/* BATCH_ROWS rows of ncol */
	int ncol, n;
	char *text[2];			/* the halves' text */
	size_t len[2];
	/* the helper: it formats rows [0, half) into text[0] */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int started, work, quit, half;
};

/* rows [lo, hi) of b into text part; its length. */
static size_t
batch_format(const struct row_batch *b, int lo, int hi, char *text)
{
	char *p = text;
	int i;

	for (i = lo; i < hi; i++)
		p = format_row(b->k, b->num + (size_t)i * (size_t)b->ncol,
		    b->ncol, p);
	return (size_t)(p - text);
}

/* The helper thread: the first half of each batch it is given. */
static void *
batch_helper(void *arg)
{
	struct row_batch *b = arg;

	pthread_mutex_lock(&b->mu);
	for (;;) {
		while (!b->work && !b->quit)
			pthread_cond_wait(&b->cv, &b->mu);
		if (b->quit)
			break;
		pthread_mutex_unlock(&b->mu);
		b->len[0] = batch_format(b, 0, b->half, b->text[0]);
		pthread_mutex_lock(&b->mu);
		b->work = 0;
		pthread_cond_broadcast(&b->cv);
	}
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

/* Format and write the rows kept: 0, or EXIT_IO. */
static int
batch_flush(struct row_batch *b)
{
	int n = b->n, rc;

	b->n = 0;
	if (n == 0)
		return 0;
	if (!b->started || n < BATCH_ALONE) {
		b->len[1] = batch_format(b, 0, n, b->text[1]);
		return out_write(&b->k->out, b->text[1], b->len[1]) != 0 ?
		    EXIT_IO : 0;
	}
	pthread_mutex_lock(&b->mu);
	b->half = n / 2;
	b->work = 1;
	pthread_cond_broadcast(&b->cv);
	pthread_mutex_unlock(&b->mu);
	b->len[1] = batch_format(b, n / 2, n, b->text[1]);
	pthread_mutex_lock(&b->mu);
	while (b->work)
		pthread_cond_wait(&b->cv, &b->mu);
	pthread_mutex_unlock(&b->mu);
	rc = out_write(&b->k->out, b->text[0], b->len[0]);
	if (rc == 0)
		rc = out_write(&b->k->out, b->text[1], b->len[1]);
	return rc != 0 ? EXIT_IO : 0;
}

/* See run.h. */
struct row_batch *
sink_batch_open(struct sink *k)
{
	struct row_batch *b = calloc(1, sizeof(*b));
	size_t text = (size_t)BATCH_ROWS * ROW_MAX_COLS * (NUMFMT_MAX + 1);

	if (b == NULL || sysconf(_SC_NPROCESSORS_ONLN) < 2 ||
	    (b->num = malloc((size_t)BATCH_ROWS * ROW_MAX_COLS *
	    sizeof(double))) == NULL ||
	    (b->text[0] = malloc(text / 2 + NUMFMT_MAX)) == NULL ||
	    (b->text[1] = malloc(text)) == NULL) {
		if (b != NULL) {
			free(b->num);
			free(b->text[0]);
		}
		free(b);
		return NULL;
	}
	b->k = k;
	b->ncol = -1;
	pthread_mutex_init(&b->mu, NULL);
	pthread_cond_init(&b->cv, NULL);
	b->started = pthread_create(&b->thread, NULL, batch_helper, b) == 0;
	return b;
}

/* See run.h: a row kept (spring_row_fn), a full batch written. */
int
batch_row(void *ctx, const spring_row *r, double dt)
{
	struct row_batch *b = ctx;
	double col[ROW_MAX_COLS];
	int ncol = row_numbers(b->k, r, dt, col);

	if (b->ncol < 0)
		b->ncol = ncol;
	memcpy(b->num + (size_t)b->n * (size_t)ncol, col,
	    (size_t)ncol * sizeof(double));
	if (++b->n == BATCH_ROWS)
		return batch_flush(b);
	return 0;
}

/* See run.h. */
int
sink_batch_close(struct row_batch *b)
{
	int rc;

	if (b == NULL)
		return 0;
	rc = batch_flush(b);
	if (b->started) {
		pthread_mutex_lock(&b->mu);
		b->quit = 1;
		pthread_cond_broadcast(&b->cv);
		pthread_mutex_unlock(&b->mu);
		pthread_join(b->thread, NULL);
	}
	pthread_mutex_destroy(&b->mu);
	pthread_cond_destroy(&b->cv);
	free(b->num);
	free(b->text[0]);
	free(b->text[1]);
	free(b);
	return rc;
}

/* See run.h. */
const struct col_select *
metric_default(const struct run_setup *rs)
{
	return metric_select_all(rs->engine != NULL);
}

/*
 * See run.h.  The names are compared here, once; the rows only follow
 * the indices.
 */
int
columns_parse(const char *text, int (*find)(const char *name),
    const char *of, unsigned char *idx, int *count,
    int (*other)(void *ctx, const char *item, int nread), void *ctx)
{
	unsigned char seen[COLUMNS_MAX] = { 0 };
	char name[64], hint[96];
	const char *p = text, *end;
	size_t n;
	int j, rc;

	*count = 0;
	for (;;) {
		end = strchr(p, ',');
		n = end != NULL ? (size_t)(end - p) : strlen(p);
		if (n == 0) {
			warn_msg("--columns: '%s' has an empty item", text);
			return -1;
		}
		if (n >= sizeof(name))
			n = sizeof(name) - 1;	/* too long: no column */
		memcpy(name, p, n);
		name[n] = '\0';
		j = name[0] == '-' && of == NULL ? -1 : find(name);
		rc = j < 0 && other != NULL ? other(ctx, name, *count) : 1;
		if (rc < 0)
			return -1;
		if (rc == 0)
			;	/* other's */
		else if (j < 0 && of != NULL) {
			warn_msg("--columns: '%s' is not a column of %s (its "
			    "--metrics header names them)", name, of);
			return -1;
		} else if (name[0] == '-') {
			warn_msg("--columns: '%s': only sweep has swept columns "
			    "to leave out", name);
			return -1;
		} else if (j < 0) {
			warn_msg("--columns: '%s' is not a column; %s", name,
			    suggest_name(name, SUGGEST_COLUMNS, hint,
			    sizeof(hint), LIST_SHOWS));
			return -1;
		} else if (seen[j]) {
			warn_msg("--columns: '%s' is given twice", name);
			return -1;
		} else {
			seen[j] = 1;
			idx[(*count)++] = (unsigned char)j;
		}
		if (end == NULL)
			break;
		p = end + 1;
	}
	if (*count == 0) {
		warn_msg("--columns: '%s' names no column of the run's to "
		    "print", text);
		return -1;
	}
	return 0;
}

/* See run.h: columns_parse over metric_cols. */
int
metric_columns_parse(const char *text, struct col_select *sel,
    int (*other)(void *ctx, const char *item, int nread), void *ctx)
{
	return columns_parse(text, metric_col_find, NULL, sel->idx, &sel->n,
	    other, ctx);
}

/* The --metrics header; a newline after it if end_line. */
void
write_metrics_header(struct sink *k, int end_line)
{
	const struct col_select *sel = k->cols != NULL ? k->cols :
	    metric_select_all(k->engine);
	int i;

	for (i = 0; i < sel->n; i++) {
		const char *name = metric_cols[sel->idx[i]].name;

		if (i > 0)
			out_write(&k->out, ",", 1);
		out_write(&k->out, name, strlen(name));
	}
	if (end_line)
		out_write(&k->out, "\n", 1);
}

/* See run.h: metrics_values_of the setup's own sim. */
void
metrics_values(const struct run_setup *rs, const spring_metrics *m,
    const spring_frame_stats *fs, double lag, double attenuation,
    struct metric_row *r)
{
	metrics_values_of(&rs->sim, m, fs, lag, attenuation,
	    rs->sim.engine != NULL ? param_asked_duration(&rs->ps) : NAN, r);
}

/* Copy a string; returns its length. */
static size_t
put_text(char *buf, const char *s)
{
	size_t n = strlen(s);

	memcpy(buf, s, n);
	return n;
}

/* Column j's text, a name: the setup's string its row says. */
static const char *
cell_name(const struct run_setup *rs, int j)
{
	switch (metric_cols[j].source) {
	case SRC_MODEL:
		return rs->model;
	case SRC_INTEGRATOR:
		return rs->integrator;
	case SRC_SUBSTEP:
		return rs->sim.policy->name;
	case SRC_ENGINE:
		return rs->engine != NULL ? rs->engine : "";
	default:
		return "";
	}
}

/* Whether column j is a name (its text is the setup's, not its value's). */
static int
is_name(int j)
{
	return metric_cols[j].kind == COL_NAME;
}

/* See run.h. */
size_t
metrics_format(char *buf, const struct run_setup *rs,
    const struct metric_row *v, int precision, const struct col_select *sel)
{
	const struct sink k = { .precision = precision };
	char *p = buf;
	double x;
	int i, j;

	for (i = 0; i < sel->n; i++) {
		if (i > 0)
			*p++ = ',';
		j = sel->idx[i];
		x = metric_value(v, metric_cols[j].offset);
		if (is_name(j))
			p += put_text(p, cell_name(rs, j));
		else if (metric_cols[j].kind == COL_COUNT && isnan(x))
			;	/* none: empty */
		else if (metric_cols[j].kind == COL_COUNT)
			p += numfmt_integer(p, (long long)x);
		else
			p += put_number(&k, p, x);
	}
	return (size_t)(p - buf);
}

/*
 * A kept text of len bytes into p by fixed sizes, which copy faster
 * than len (p has room for NUMFMT_MAX): 16 bytes, and where the text is
 * longer, the 8 bytes from 15 (a memo's text is 23 at most; a copy of
 * len bytes, or of a size chosen by len, is a call or a chain of
 * branches).  len.
 */
static inline unsigned char
put_kept(char *p, const char *text, unsigned char len)
{
	_Static_assert(sizeof(((struct value_memo *)0)->text) == 23,
	    "16 bytes, then 8 from 15, cover a memo's text");
	memcpy(p, text, 16);
	if (len > 16)
		memcpy(p + 15, text + 15, 8);
	return len;
}

/*
 * v's text (bits are v's) into p, from c's memo when the value was seen
 * before, else formatted and remembered: a sweep's axis has few points
 * and each recurs row after row (the fastest axis on every row), and a
 * memo's copy costs a fraction of formatting 17 digits again.  The
 * memo keeps the first ROW_MEMO_VALUES values and then no more: the
 * fastest axes cycle from the first rows, so their points are in, and a
 * value met later is formatted, as without a memo (evicting instead
 * would have the points of an axis longer than the memo evict one
 * another on every row).  Linear probing in a table half full at most.
 */
static unsigned char
memo_find(struct row_cache *c, int precision, char *p, double v,
    unsigned long long bits, unsigned short *hint)
{
	/* Fibonacci hashing: the top bits of bits times 2^64 / phi */
	size_t h = (size_t)((bits * 0x9e3779b97f4a7c15ull) >>
	    (64 - ROW_MEMO_SLOT_BITS));
	struct value_memo *m;
	size_t n;

	for (; c->slot[h] != 0; h = (h + 1) & (ROW_MEMO_SLOTS - 1)) {
		m = &c->memo[c->slot[h] - 1];
		if (m->bits == bits) {
			*hint = (unsigned short)(c->slot[h] - 1);
			return put_kept(p, m->text, m->len);
		}
	}
	n = put_value(p, v, precision);
	if (n > 0 && n <= sizeof(m->text) && c->nmemo < ROW_MEMO_VALUES) {
		*hint = (unsigned short)c->nmemo;
		m = &c->memo[c->nmemo++];
		memcpy(m->text, p, n);
		m->len = (unsigned char)n;
		m->bits = bits;
		c->slot[h] = (unsigned short)c->nmemo;
	}
	return (unsigned char)n;
}

/*
 * memo_find, but first the value after the one the cell had last
 * (hint), where the fastest axis's next point is: one load in order,
 * not two at random, inline.
 */
static inline unsigned char
memo_number(struct row_cache *c, int precision, char *p, double v,
    unsigned long long bits, unsigned short *hint)
{
	const struct value_memo *m = &c->memo[*hint + 1];

	/* the value after the cell's last: an axis in the order it cycles */
	if (*hint + 1 < c->nmemo && m->bits == bits) {
		*hint = (unsigned short)(*hint + 1);
		return put_kept(p, m->text, m->len);
	}
	return memo_find(c, precision, p, v, bits, hint);
}

/* See run.h: the bytes of a memo's room, its texts then its indices. */
size_t
row_cache_room(void)
{
	return ROW_MEMO_VALUES * sizeof(struct value_memo) +
	    ROW_MEMO_SLOTS * sizeof(unsigned short);
}

/*
 * See run.h: the memo in room (row_cache_room bytes, aligned as malloc's).
 * No precision yet: the first row clears the table (memo_clear), writing
 * it before reading it on the worker's own core.  Read first, fresh pages
 * are the zero page, and each write after it faults again and, a thread
 * running on another core, flushes its TLB.
 */
void
row_cache_place(struct row_cache *c, void *room)
{
	c->memo = room;
	c->slot = (unsigned short *)(void *)(c->memo + ROW_MEMO_VALUES);
	c->precision = -1;
	c->pre = NULL;
}

/* See run.h: the memo's room, its own allocation; 0, or -1. */
int
row_cache_open(struct row_cache *c)
{
	void *room = malloc(row_cache_room());

	if (room == NULL)
		return -1;
	row_cache_place(c, room);
	return 0;
}

/* See run.h. */
void
row_cache_close(struct row_cache *c)
{
	free(c->memo);
	c->memo = NULL;
	c->slot = NULL;
}

/* A new precision: the memo's texts and the row before are another's. */
static void
memo_clear(struct row_cache *c, int precision)
{
	memset(c->slot, 0, ROW_MEMO_SLOTS * sizeof(*c->slot));
	c->nmemo = 0;
	c->n = 0;
	c->precision = precision;
}

/*
 * len bytes from text (the row before) into p (this row) by 32 at a
 * time, which the compiler copies inline: a row's spans are short, a
 * call to memcpy costs more than them.  The 31 bytes past len are read
 * and written over (run.h: the row has NUMFMT_MAX bytes of room past it,
 * and 31 past the row before can be read).  Through chunk, loaded whole
 * and then stored: a row shorter than 32 bytes is less than 32 bytes
 * before the next one.  Where the copy ends.
 */
static inline char *
put_span(char *p, const char *text, size_t len)
{
	char chunk[32];
	size_t o;

	for (o = 0; o < len; o += 32) {
		memcpy(chunk, text + o, sizeof(chunk));
		memcpy(p + o, chunk, sizeof(chunk));
	}
	return p + len;
}

/* The index of x's lowest set bit (x nonzero): a cell of a bit mask. */
static inline int
lowest_bit(unsigned long long x)
{
#if defined(__GNUC__)
	return __builtin_ctzll(x);
#else
	int i = 0;

	while (!(x & 1)) {
		x >>= 1;
		i++;
	}
	return i;
#endif
}

/*
 * A new selection of columns, its table rows read here, once: no row
 * before; the cells that are names; where each cell's value is in the
 * row of values, and whether the cells are those values in order (all
 * of them); for each cell, where the cell of its column's same_as is,
 * when it comes earlier and is of the same kind (its text, when its
 * value is the same, is this one's); how each is formatted
 * (format_cell): an identity value through the memo.
 */
static void
cache_start(struct row_cache *c, const struct col_select *sel)
{
	const struct metric_col *col;
	int i, q, j, same;

	c->sel = sel;
	c->n = 0;
	c->names = 0;
	c->in_order = 1;
	for (i = 0; i < sel->n; i++) {
		j = sel->idx[i];
		col = &metric_cols[j];
		if (is_name(j))
			c->names |= 1ull << i;
		c->offset[i] = (unsigned short)col->offset;
		c->in_order &= col->offset == (size_t)i * sizeof(double);
		c->same_at[i] = -1;
		same = col->same_as != NULL && !is_name(j) ?
		    metric_col_find(col->same_as) : -1;
		for (q = 0; q < i && same >= 0; q++)
			if (sel->idx[q] == same &&
			    metric_cols[same].kind == col->kind)
				c->same_at[i] = (signed char)q;
		c->how[i] = is_name(j) ? CELL_NAME : col->kind == COL_COUNT ?
		    CELL_COUNT : col->group == COL_IDENTITY ? CELL_MEMO :
		    c->same_at[i] >= 0 ? CELL_SAME : CELL_NUMBER;
	}
}

/*
 * Cell i (column j) of the row being written at buf, into p: its
 * length (cell 0, and those metrics_format_cached does not write
 * inline); c->key holds this row's keys.  A metric is often its
 * column's same_as (final_err_x is max_err_x when the error grows to
 * the end): that text, in this row, is copied.  An identity value
 * (omega, zeta, ...: a swept axis's point) comes from the memo; a count
 * is whole; a count that is NaN (an engine's, where it has none) is
 * empty.
 */
static size_t
format_cell(struct row_cache *c, int precision,
    const struct run_setup *rs, const struct metric_row *r, int i, int j,
    const char *buf, char *p)
{
	double x = metric_value(r, c->offset[i]);
	int q = c->same_at[i];

	if (q >= 0 && c->key[q] == c->key[i]) {
		size_t from = c->at[q] + (q > 0), n = c->at[q + 1] - from;

		memcpy(p, buf + from, n);
		return n;
	}
	switch (c->how[i]) {
	case CELL_NAME:
		return put_text(p, cell_name(rs, j));
	case CELL_COUNT:
		return isnan(x) ? 0 : (size_t)numfmt_integer(p, (long long)x);
	case CELL_MEMO:
		return memo_number(c, precision, p, x, c->key[i],
		    &c->hint[i]);
	default:
		return (size_t)put_value(p, x, precision);
	}
}

/*
 * Which of r's first n values (its doubles in order, at bytes 0, 8,
 * ...) differ by their bits from c->key[] (bit i: value i), which
 * become them: the all-columns row's cells are the values in order,
 * compared two at a time where SSE2 is (a double's bits are the same
 * when both its halves are).
 */
static inline unsigned long long
changed_in_order(struct row_cache *c, const struct metric_row *r, int n)
{
	const char *v = (const char *)r;
	unsigned long long bits, changed = 0;
	int i = 0;

#if defined(__SSE2__)
	/* the halves' equal bits (movemask of 4 floats) to the doubles'
	 * changed ones: bit 0 for halves 0 and 1, bit 1 for 2 and 3 */
	static const unsigned char two[16] = {
		3, 3, 3, 2, 3, 3, 3, 2, 3, 3, 3, 2, 1, 1, 1, 0
	};

	for (; i + 2 <= n; i += 2) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)
		    (v + (size_t)i * sizeof(double)));
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)
		    &c->key[i]);

		changed |= (unsigned long long)two[_mm_movemask_ps(
		    _mm_castsi128_ps(_mm_cmpeq_epi32(a, b)))] << i;
		_mm_storeu_si128((__m128i *)(void *)&c->key[i], a);
	}
#endif
	for (; i < n; i++) {
		memcpy(&bits, v + (size_t)i * sizeof(double), sizeof(bits));
		changed |= (unsigned long long)(bits != c->key[i]) << i;
		c->key[i] = bits;
	}
	return changed;
}

/*
 * See run.h: metrics_format, copying from the row before what did not
 * change.  Most of a sweep's row is the row before's: the names, the
 * fixed options, the slow axes' values, a metric that is 0 or inf on
 * many rows; only the fastest axis's value and most metrics change.  A
 * cell's value is compared by its bits (the same bits, the same text),
 * a name by its address, and each run of unchanged cells is one copy of
 * the row before's text (commas included), however many cells it is:
 * only the cells that changed are formatted, found a set bit at a time
 * (cell 0, which has no comma, first).  Where each cell starts moves
 * only after a cell whose text changed length.  The row before is read
 * where the caller keeps it (a row back in its buffer), not from a
 * copy: copying a row just written costs more than formatting (the
 * copy's loads wait for the formatter's stores to land).
 */
size_t
metrics_format_cached(char *buf, const char *before,
    const struct run_setup *rs, const struct metric_row *v, int precision,
    const struct col_select *sel, struct row_cache *c)
{
	unsigned long long bits, changed = 0, names;
	char *p = buf;
	int i, m, s, n = sel->n, moved;

	_Static_assert(METRIC_NCOLS < 64, "changed has a bit a cell, and one "
	    "past the last");
	if (precision != c->precision)
		memo_clear(c, precision);
	if (sel != c->sel)
		cache_start(c, sel);
	/* what changed: the values' bits (a name's, NaN, never), then the
	 * names' addresses; the keys become this row's */
	if (c->in_order)
		changed = changed_in_order(c, v, n);
	else
		for (i = n - 1; i >= 0; i--) {
			memcpy(&bits, (const char *)v + c->offset[i],
			    sizeof(bits));
			changed = changed << 1 | (bits != c->key[i]);
			c->key[i] = bits;
		}
	for (names = c->names; names != 0; names &= names - 1) {
		const char *name;

		i = lowest_bit(names);
		name = cell_name(rs, sel->idx[i]);
		changed = (changed & ~(1ull << i)) |
		    (unsigned long long)(name != c->name[i]) << i;
		c->name[i] = name;
	}
	if (before == NULL || c->n == 0)
		changed = (1ull << n) - 1;
	/* a bit past the last cell: the last span ends there */
	changed |= 1ull << n;
	i = 0;
	if (n > 0 && (changed & 1)) {
		c->at[0] = 0;
		p += format_cell(c, precision, rs, v, 0, sel->idx[0], buf, p);
		changed &= changed - 1;
		i = 1;
	}
	for (;; i = m + 1) {
		/* the unchanged cells from i, [i, m): one copy */
		m = lowest_bit(changed);
		changed &= changed - 1;
		if (m > i) {
			moved = (int)(p - buf) - c->at[i];
			p = put_span(p, before + c->at[i], c->at[m] -
			    c->at[i]);
			for (s = i; s < m && moved != 0; s++)
				c->at[s] = (unsigned short)(c->at[s] + moved);
		}
		if (m == n)
			break;
		c->at[m] = (unsigned short)(p - buf);
		*p++ = ',';
		/*
		 * a metric, unless its same_as cell is the same, and an
		 * identity value the memo has (its text, as the same_as
		 * cell's, is that of its bits): inline
		 */
		if (c->how[m] == CELL_NUMBER || (c->how[m] == CELL_SAME &&
		    c->key[c->same_at[m]] != c->key[m])) {
			unsigned t = c->pre != NULL ?
			    c->pre->at[c->pre_row][m] : 0;

			if (t != 0) {	/* formatted ahead: its 32 bytes */
				memcpy(p, c->pre->text[t - 1], NUMFMT_MAX);
				p += c->pre->len[t - 1];
			} else
				p += put_value(p, metric_value(v,
				    c->offset[m]), precision);
		}
		else if (c->how[m] == CELL_MEMO)
			p += memo_number(c, precision, p, metric_value(v,
			    c->offset[m]), c->key[m], &c->hint[m]);
		else
			p += format_cell(c, precision, rs, v, m, sel->idx[m],
			    buf, p);
	}
	c->at[n] = (unsigned short)(p - buf);
	c->n = n;
	return (size_t)(p - buf);
}

/*
 * See run.h: rows [0, rows) of v, which metrics_format_cached formats
 * next, in order, with c (first_whole: the first has no row before, so
 * all its cells are formatted): the metric cells (CELL_NUMBER and
 * CELL_SAME) whose value is not the row before's, formatted now, all
 * together.  Only at round-trip precision, and once c knows the columns
 * (its first row sets them); a NaN is left to its row (an empty cell).
 * A CELL_SAME equal to its same_as cell (final_err_x is max_err_x on
 * most rows) is not formatted: its row copies that cell's text.  One the
 * row needs and does not find here it formats itself.
 */
void
row_pre_format(struct row_pre *pre, struct row_cache *c,
    const struct col_select *sel, const struct metric_row *v,
    int rows, int first_whole, int precision)
{
	unsigned long long want = 0, m, bits, prev, two;
	const char *row, *at;
	int r, i, q, n = 0;

	memset(pre->at, 0, (size_t)rows * sizeof(pre->at[0]));
	if (precision != 0 || c->precision != precision || c->sel != sel)
		return;
	for (i = 0; i < sel->n; i++)
		if (c->how[i] == CELL_NUMBER || c->how[i] == CELL_SAME)
			want |= 1ull << i;
	for (r = 0; r < rows; r++) {
		row = (const char *)&v[r];
		for (m = want; m != 0; m &= m - 1) {
			i = lowest_bit(m);
			at = row + c->offset[i];
			memcpy(&bits, at, sizeof(bits));
			if (r > 0)
				memcpy(&prev, at - sizeof(*v), sizeof(prev));
			else
				prev = first_whole || c->n == 0 ? ~bits :
				    c->key[i];
			if (bits == prev || isnan(metric_value(&v[r],
			    c->offset[i])))
				continue;
			/* a CELL_SAME equal to its same_as cell: copied */
			q = c->same_at[i];
			if (q >= 0) {
				memcpy(&two, row + c->offset[q], sizeof(two));
				if (two == bits)
					continue;
			}
			pre->val[n] = metric_value(&v[r], c->offset[i]);
			pre->at[r][i] = (unsigned short)++n;
		}
	}
	numfmt_roundtrip_n(pre->text, pre->len, pre->val, n);
}

/* The one row of --metrics; see run.h. */
void
write_metrics(struct sink *k, const struct run_setup *rs,
    const spring_metrics *m, const spring_frame_stats *fs, double lag,
    double attenuation, int end_line)
{
	struct metric_row v;
	char *buf = out_reserve(&k->out, METRIC_ROW_MAX + 1);
	size_t n;

	if (buf == NULL)
		return;
	metrics_values(rs, m, fs, lag, attenuation, &v);
	n = metrics_format(buf, rs, &v, k->precision, k->cols != NULL ?
	    k->cols : metric_select_all(k->engine));
	if (end_line)
		buf[n++] = '\n';
	out_commit(&k->out, n);
}

