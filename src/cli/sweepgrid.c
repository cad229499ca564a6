/*
 * sweepgrid.c - sweep's grid: each option given a list or a range is an
 * axis (sweep_add_option), --grid-from's rows another (sweep_add_rows);
 * configuration i of their product is built the way run builds one
 * (sweep_config_setup), its identity written as flags
 * (sweep_config_identity).  The grid is resolved once (sweep_plan), and
 * its work refused up front without --force (sweep_check_work).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "numfmt.h"
#include "run.h"
#include "sweepdata.h"

/*
 * How the option of getopt_long value code sweeps: the column of run's
 * table (flags.c), a parameter a number.
 */
static enum axis_kind
kind_of(int code)
{
	switch (run_flag_sweep(code)) {
	case SWEEP_NUMBER:
		return AX_NUMBER;
	case SWEEP_INTEGER:
		return AX_INTEGER;
	case SWEEP_NAME:
		return AX_NAME;
	default:
		return AX_FIXED;
	}
}

/* A column's name for a flag: no dashes in front, _ for - inside. */
char *
sweep_column_name(const char *flag)
{
	char *s, *p;

	while (*flag == '-')
		flag++;
	if ((s = strdup(flag)) == NULL)
		return NULL;
	for (p = s; *p != '\0'; p++)
		if (*p == '-')
			*p = '_';
	return s;
}

/*
 * A range's point x as its axis writes it into buf (NUMFMT_MAX bytes):
 * a whole number for an integer axis, else round-trip (it reads back to
 * the point).
 */
static void
point_text(const struct axis *ax, double x, char *buf)
{
	if (ax->kind == AX_INTEGER)
		snprintf(buf, NUMFMT_MAX, "%.0f", x);
	else
		numfmt_roundtrip(buf, x);
}

/*
 * The text of value i of an axis that is an option: an item, or a point
 * of a range written into buf (point_text).
 */
const char *
sweep_axis_text(const struct axis *ax, long i, char *buf)
{
	if (ax->items != NULL)
		return ax->items[i];
	point_text(ax, sweep_axis_number(ax, i), buf);
	return buf;
}

/*
 * Set value i of axis ax in rs: 0, or -1 after a message.  buf holds the
 * value's text for as long as rs lives (the parameters keep it for their
 * messages) when the axis has no text of its own.
 */
static int
axis_apply(const struct axis *ax, long i, struct run_setup *rs, char *buf)
{
	int c;

	if (ax->num != NULL)
		return run_apply_number(rs, ax->code, sweep_axis_text(ax, i,
		    buf), ax->num[i]);
	if (ax->kind != AX_ROWS)
		return run_apply(rs, ax->code, sweep_axis_text(ax, i, buf));
	for (c = 0; c < ax->ncols; c++)
		if (run_apply(rs, ax->codes[c], sweep_row_cell(ax, i, c)) != 0)
			return -1;
	return 0;
}

/*
 * See sweepdata.h: the row's cells follow one another, each after the
 * NUL of the one before (a row has a few, short cells).
 */
const char *
sweep_row_cell(const struct axis *ax, long i, int c)
{
	const char *p = ax->cells + ax->row_at[i];

	while (c-- > 0)
		p += strlen(p) + 1;
	return p;
}

/*
 * A range's points, when there are not too many: a number axis's kept
 * as numbers as it is read (cache_numbers: grid_at is a pow() on a log
 * range, and a sweep's parse did it twice a point), and as text once the
 * grid is whole (sweep_cache_texts): each formatted (and read back by
 * run) once per sweep, not once per row, and a row's cell of the axis a
 * copy of 32 bytes (sweeprows.c's put_extra), its length known.
 */
#define CACHE_POINTS 65536

static int
cache_numbers(struct axis *ax)
{
	long i, n = ax->n;

	if (ax->kind != AX_NUMBER || n < 1 || n > CACHE_POINTS)
		return 0;
	if ((ax->num = malloc((size_t)n * sizeof(double))) == NULL) {
		warn_msg("out of memory");
		return -1;
	}
	for (i = 0; i < n; i++)
		ax->num[i] = grid_at(&ax->grid, i);
	return 0;
}

static int
cache_texts(struct axis *ax)
{
	long i, n = ax->n;
	char *text;
	char **items = NULL;
	unsigned char *len = NULL;

	if (n < 1 || n > CACHE_POINTS)
		return 0;
	if ((text = calloc((size_t)n, NUMFMT_MAX + 1)) == NULL ||
	    (items = calloc((size_t)n, sizeof(char *))) == NULL ||
	    (len = malloc((size_t)n)) == NULL) {
		free(text);
		free(items);
		free(len);
		warn_msg("out of memory");
		return -1;
	}
	for (i = 0; i < n; i++) {
		char *at = text + i * (NUMFMT_MAX + 1);

		point_text(ax, sweep_axis_number(ax, i), at);
		items[i] = at;
		len[i] = (unsigned char)strlen(at);
	}
	ax->text = text;
	ax->items = items;
	ax->len = len;
	return 0;
}

/*
 * See sweepdata.h: the texts of every range but the slowest axis's (the
 * first of more than one point).  That one's value changes a row in
 * (the others' points) and once a slot a worker takes: its points are
 * formatted as the workers meet them (put_extra), on every core, each
 * about once, not all of them before the first row on one (0.1 ms of a
 * 10^4 sweep's parse, 1000 log points).
 */
int
sweep_cache_texts(struct sweep *sw)
{
	int a, slowest = 1;

	for (a = 0; a < sw->naxes; a++) {
		struct axis *ax = &sw->axes[a];

		if (ax->kind != AX_ROWS && ax->items == NULL &&
		    !(slowest && ax->n > 1) && cache_texts(ax) != 0)
			return EXIT_IO;
		if (ax->n > 1)
			slowest = 0;
	}
	return EXIT_OK;
}

/*
 * Resolve the grid once: the axes of parameter flags (numbers, run's
 * parameter groups, table-driven in paramflags.c, --mass) and of the
 * spring's start and target line (--x0, --v0, --target, --target-vel:
 * run_flag_state) are set by number on a setup resolved for the other
 * axes' values (the workers keep it while the key, those values, stays);
 * every other axis (names, whole numbers, run's other numbers,
 * --grid-from's rows) is part of the key.
 */
void
sweep_plan(struct sweep *sw)
{
	long stride = 1;
	int a;

	sw->nfast = sw->nstate = sw->nkeyed = 0;
	sw->keys_return = 0;
	for (a = sw->naxes - 1; a >= 0; a--) {
		const struct axis *ax = &sw->axes[a];
		int code = ax->code, param = param_is_code(code);
		long at = ax->kind == AX_NUMBER ? run_flag_state(code) : -1;

		if (ax->kind == AX_NUMBER && (ax->num != NULL ||
		    ax->items == NULL) && (param || at >= 0)) {
			sw->stride[a] = 0;
			if (param)
				sw->fast_axis[sw->nfast++] = (short)a;
			else {
				sw->state_at[sw->nstate] = at;
				sw->state_axis[sw->nstate++] = (short)a;
			}
			/* the last axis varies fastest: a keyed one after */
			sw->keys_return |= sw->nkeyed > 0;
			continue;
		}
		sw->stride[a] = stride;
		sw->keyed[sw->nkeyed++] = (short)a;
		stride *= ax->n;
	}
	sw->nkeys = stride;
}

/* The values of every axis at configuration idx, last axis fastest. */
void
sweep_config_digits(const struct sweep *sw, long idx, long *digit)
{
	int a;

	for (a = sw->naxes - 1; a >= 0; a--) {
		digit[a] = idx % sw->axes[a].n;
		idx /= sw->axes[a].n;
	}
}

/* See sweepdata.h: the last axis steps, and carries into the one before. */
void
sweep_config_next(const struct sweep *sw, long *digit)
{
	int a;

	for (a = sw->naxes - 1; a >= 0; a--) {
		if (++digit[a] < sw->axes[a].n)
			return;
		digit[a] = 0;
	}
}

/*
 * Build configuration idx into rs as run would: EXIT_OK, or EXIT_USAGE
 * after a message (muted in the workers' check).
 */
int
sweep_config_setup(const struct sweep *sw, long idx, struct run_setup *rs,
    struct config_text *text)
{
	long digit[MAX_AXES];
	double kept = 0.0;
	int a, rc;

	sweep_config_digits(sw, idx, digit);
	*rs = sw->base;
	for (a = 0; a < sw->naxes; a++)
		if (axis_apply(&sw->axes[a], digit[a], rs, text->s[a]) != 0)
			return EXIT_USAGE;
	if ((rc = run_setup_resolve(rs)) != EXIT_OK)
		return rc;
	return run_check_cost(rs, rs->dt, rs->sim.signal != NULL ? &kept :
	    NULL, rs->sim.signal != NULL, "sweep");
}

/*
 * A configuration's identity, the values of the axes that vary, as
 * flags: "--integrator explicit --dt 0.033".
 */
void
sweep_config_identity(const struct sweep *sw, long idx, char *out, size_t len)
{
	long digit[MAX_AXES];
	char buf[NUMFMT_MAX + 1];
	size_t used = 0;
	int a, c;

	sweep_config_digits(sw, idx, digit);
	out[0] = '\0';
	for (a = 0; a < sw->naxes; a++) {
		const struct axis *ax = &sw->axes[a];

		if (ax->n < 2)
			continue;
		if (ax->kind != AX_ROWS)
			used += (size_t)snprintf(out + used, len - used,
			    "%s%s %s", used > 0 ? " " : "", ax->flag,
			    sweep_axis_text(ax, digit[a], buf));
		else
			for (c = 0; c < ax->ncols; c++)
				used += (size_t)snprintf(out + used, len - used,
				    "%s%s %s", used > 0 ? " " : "",
				    ax->flags[c],
				    sweep_row_cell(ax, digit[a], c));
		if (used >= len)
			return;
	}
	if (used == 0)
		snprintf(out, len, "(the only configuration)");
}

/*
 * Split a comma list into items (a copy of text they point into); an
 * empty item is an error.  0, or -1 after a message.
 */
static int
split_list(struct axis *ax, const char *text)
{
	char *p;
	long n = 1, i = 0;

	for (p = (char *)text; *p != '\0'; p++)
		n += *p == ',';
	if ((ax->text = strdup(text)) == NULL ||
	    (ax->items = calloc((size_t)n, sizeof(char *))) == NULL) {
		warn_msg("out of memory");
		return -1;
	}
	for (p = ax->text; ; ) {
		char *comma = strchr(p, ',');

		if (comma != NULL)
			*comma = '\0';
		if (*p == '\0') {
			warn_msg("%s: '%s' has an empty item", ax->flag, text);
			return -1;
		}
		ax->items[i++] = p;
		if (comma == NULL)
			break;
		p = comma + 1;
	}
	ax->n = n;
	return 0;
}

/* The names `all` stands for: every rule or policy (run_flag_all). */
static int
all_names(struct axis *ax)
{
	long n = 0, i;

	while (run_flag_all(ax->code, n) != NULL)
		n++;
	if ((ax->items = calloc((size_t)n, sizeof(char *))) == NULL) {
		warn_msg("out of memory");
		return -1;
	}
	for (i = 0; i < n; i++)
		ax->items[i] = (char *)run_flag_all(ax->code, i);
	ax->n = n;
	return 0;
}

/*
 * What each item of a number axis's list reads as, once, so that a row
 * applies the number (run_apply_number) instead of reading its text
 * again (a range's points are cache_numbers').  An item that does not
 * read leaves num NULL: the text path says why.
 */
static int
read_numbers(struct axis *ax)
{
	long i;

	if ((ax->num = calloc((size_t)ax->n, sizeof(double))) == NULL) {
		warn_msg("out of memory");
		return -1;
	}
	for (i = 0; i < ax->n; i++)
		if (scan_double(ax->items[i], &ax->num[i]) != 0) {
			free(ax->num);
			ax->num = NULL;
			break;
		}
	return 0;
}

/*
 * Option --name (getopt value code) given text: a fixed option, applied to
 * the base now, or an axis.  Each value of an axis is checked alone here
 * (run's own message names the flag and the value); how they combine is
 * checked configuration by configuration later.
 */
int
sweep_add_option(struct sweep *sw, int code, const char *name,
    const char *text)
{
	enum axis_kind kind = kind_of(code);
	char flag[48];
	struct axis *ax;
	struct run_setup *scratch;
	char buf[NUMFMT_MAX + 1];
	long i;
	int a, rc = 0;

	snprintf(flag, sizeof(flag), "--%s", name);
	if (kind == AX_FIXED || (strchr(text, ',') == NULL &&
	    (kind == AX_NAME || strchr(text, ':') == NULL) &&
	    !(kind == AX_NAME && strcmp(text, "all") == 0 &&
	    run_flag_all(code, 0) != NULL)))
		return run_apply(&sw->base, code, text) != 0 ? EXIT_USAGE :
		    EXIT_OK;
	for (a = 0; a < sw->naxes; a++)
		if (sw->axes[a].kind != AX_ROWS && sw->axes[a].code == code)
			return usage_error("%s is given twice; give its values "
			    "as one list", flag);
	if (sw->naxes == MAX_AXES)
		return usage_error("more than %d swept options", MAX_AXES);
	ax = &sw->axes[sw->naxes++];
	ax->kind = kind;
	ax->code = code;
	memcpy(ax->flag, flag, sizeof(flag));
	if (kind == AX_NAME)
		rc = strcmp(text, "all") == 0 ? all_names(ax) :
		    split_list(ax, text);
	else if (strchr(text, ':') == NULL)
		rc = split_list(ax, text);
	else if ((rc = grid_parse(flag, text, NULL, &ax->grid)) == 0) {
		ax->n = grid_count(&ax->grid);
		for (i = 0; i < ax->n && kind == AX_INTEGER; i++)
			if (grid_at(&ax->grid, i) !=
			    nearbyint(grid_at(&ax->grid, i))) {
				warn_msg("%s: '%s' has a point that is not a "
				    "whole number (%g)", flag, text,
				    grid_at(&ax->grid, i));
				return EXIT_USAGE;
			}
		rc = cache_numbers(ax);
	}
	if (rc != 0)
		return EXIT_USAGE;
	if (kind == AX_NUMBER && ax->items != NULL && (rc = read_numbers(ax)) !=
	    0)
		return EXIT_IO;
	if ((scratch = malloc(sizeof(*scratch))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	/*
	 * A parameter's number sets that parameter's value, text and given
	 * bit alone (param_set_value), the same ones at every point: one
	 * copy of the base serves them all; any other option's point is
	 * applied to a fresh copy
	 */
	*scratch = sw->base;
	/* every point within its parameter flag's range, so far */
	ax->in_range = param_is_code(code);
	for (i = 0; i < ax->n && rc == 0; i++) {
		int took;

		/*
		 * a parameter's value, or a number of run's, checked as a
		 * number, its text only to say why not (param_set_value, or
		 * axis_apply: the same message); 10^6 points took 0.2 s here
		 * (a parameter's) to 0.35 s (--x0's), each formatted, copied
		 * into a setup and read back.  Its flag's range is only noted
		 * (a point past it is refused at its configuration, where the
		 * other flags are known: sweeprows.c's plan_known_fits)
		 */
		if (kind == AX_NUMBER && (ax->num != NULL || ax->items == NULL)) {
			double x = sweep_axis_number(ax, i);

			ax->in_range &= code == PARAM_OPT_MASS ||
			    param_code_in_range(code, x);
			if (param_value_fits(code, x) || run_value_fits(code, x))
				continue;
		} else
			ax->in_range = 0;
		took = ax->num == NULL ? 0 : param_set_value(&scratch->ps,
		    code, sweep_axis_text(ax, i, buf), ax->num[i]);
		if (took != 0) {
			rc = took < 0;
			continue;
		}
		*scratch = sw->base;
		rc = axis_apply(ax, i, scratch, buf);
	}
	free(scratch);
	return rc != 0 ? EXIT_USAGE : EXIT_OK;
}

/* Reading --grid-from: the header's options, then the rows' cells. */
struct rows_reader {
	struct sweep *sw;
	struct axis *ax;
	const struct option *opts;
	long rows_cap;
	struct run_setup *scratch;	/* each row applied alone */
};

/*
 * Check a row's cells f[], read from line, as a flag's values are
 * checked: each message says the file, the line and the column first.
 * The check runs muted, and again to say why only when it fails: the
 * message's context is not written for every row of a 10^7-row file.
 */
static int
check_row(struct rows_reader *rr, char **f, long line)
{
	const struct axis *ax = rr->ax;
	const char *file = input_name(rr->sw->grid_from);
	char ctx[1200];
	int c, rc = 0, mute = message_mute;

	*rr->scratch = rr->sw->base;
	message_mute = 1;
	for (c = 0; c < ax->ncols && rc == 0; c++)
		rc = run_apply(rr->scratch, ax->codes[c], f[c]);
	message_mute = mute;
	if (rc == 0)
		return 0;
	*rr->scratch = rr->sw->base;
	for (c = 0; c < ax->ncols; c++) {
		snprintf(ctx, sizeof(ctx), "--grid-from: %s line %ld: column "
		    "%d: ", file, line, c + 1);
		message_context = ctx;
		rc = run_apply(rr->scratch, ax->codes[c], f[c]);
		message_context = NULL;
		if (rc != 0)
			break;
	}
	return CSV_READ_BAD;
}

/* The header of --grid-from: each column a run option that sweeps. */
static int
rows_header(struct rows_reader *rr, long line, char **f, int n)
{
	struct axis *ax = rr->ax;
	const char *file = input_name(rr->sw->grid_from);
	const struct option *o;
	int c;

	if ((ax->codes = calloc((size_t)n, sizeof(int))) == NULL ||
	    (ax->flags = calloc((size_t)n, sizeof(char *))) == NULL)
		goto oom;
	ax->ncols = n;	/* sweep_free frees what is there */
	for (c = 0; c < n; c++) {
		char *name = sweep_column_name(f[c]), *s;

		if (name == NULL)
			goto oom;
		for (s = name; *s != '\0'; s++)
			if (*s == '_')
				*s = '-';
		for (o = rr->opts; o->name != NULL; o++)
			if (strcmp(o->name, name) == 0)
				break;
		/* run's table: not the sweep's own --fail-if... */
		if (o->name == NULL || o->has_arg != required_argument ||
		    o->val < 256 || kind_of(o->val) == AX_FIXED) {
			warn_msg("--grid-from: %s line %ld: column %d: "
			    "'%s' is not a run option that sweeps",
			    file, line, c + 1, f[c]);
			free(name);
			return CSV_READ_BAD;
		}
		ax->codes[c] = o->val;
		ax->flags[c] = malloc(strlen(name) + 3);
		if (ax->flags[c] == NULL) {
			free(name);
			goto oom;
		}
		sprintf(ax->flags[c], "--%s", name);
		free(name);
	}
	return 0;
oom:
	warn_msg("--grid-from: out of memory");
	return CSV_READ_SYS;
}

/*
 * Room for one more row, of len bytes of cells: the arrays grow by
 * doubling (time linear in the rows), 0 or -1.
 */
static int
rows_room(struct rows_reader *rr, size_t len)
{
	struct axis *ax = rr->ax;
	size_t cap;
	size_t *at;
	long *l, rows;
	char *p;

	if (ax->cells_len + len > ax->cells_cap) {
		cap = ax->cells_cap ? 2 * ax->cells_cap : 4096;
		while (cap < ax->cells_len + len)
			cap *= 2;
		if ((p = realloc(ax->cells, cap)) == NULL)
			return -1;
		ax->cells = p;
		ax->cells_cap = cap;
	}
	if (ax->n == rr->rows_cap) {
		rows = rr->rows_cap ? 2 * rr->rows_cap : 256;
		if ((at = realloc(ax->row_at, (size_t)rows * sizeof(*at))) ==
		    NULL)
			return -1;
		ax->row_at = at;
		if ((l = realloc(ax->lines, (size_t)rows * sizeof(*l))) ==
		    NULL)
			return -1;
		ax->lines = l;
		rr->rows_cap = rows;
	}
	return 0;
}

/* One record of --grid-from (csv_row_fn): the header, then a row. */
static int
rows_record(void *ctx, long line, char **f, int n)
{
	struct rows_reader *rr = ctx;
	struct axis *ax = rr->ax;
	const char *file = input_name(rr->sw->grid_from);
	size_t len = 0, k;
	int c, rc;

	if (ax->codes == NULL)
		return rows_header(rr, line, f, n);
	if (n != ax->ncols) {
		warn_msg("--grid-from: %s line %ld: %d fields, the header has "
		    "%d", file, line, n, ax->ncols);
		return CSV_READ_BAD;
	}
	for (c = 0; c < n; c++) {
		if (f[c][0] == '\0') {
			warn_msg("--grid-from: %s line %ld: column %d: '' is "
			    "empty (%s)", file, line, c + 1,
			    ax->flags[c]);
			return CSV_READ_BAD;
		}
		len += strlen(f[c]) + 1;
	}
	if ((rc = check_row(rr, f, line)) != 0)
		return rc;
	if (rows_room(rr, len) != 0) {
		warn_msg("--grid-from: out of memory");
		return CSV_READ_SYS;
	}
	ax->row_at[ax->n] = ax->cells_len;
	ax->lines[ax->n++] = line;
	for (c = 0; c < n; c++) {
		k = strlen(f[c]) + 1;
		memcpy(ax->cells + ax->cells_len, f[c], k);
		ax->cells_len += k;
	}
	return 0;
}

/* --grid-from FILE: one axis of its rows. */
int
sweep_add_rows(struct sweep *sw, const struct option *opts)
{
	struct rows_reader rr = { sw, NULL, opts, 0, NULL };
	int rc;

	if (sw->naxes == MAX_AXES)
		return usage_error("more than %d swept options", MAX_AXES);
	rr.ax = &sw->axes[sw->naxes++];
	rr.ax->kind = AX_ROWS;
	if ((rr.scratch = malloc(sizeof(*rr.scratch))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	rc = csv_read_file("--grid-from", sw->grid_from, rows_record, &rr);
	free(rr.scratch);
	if (rc != 0)
		return rc == CSV_READ_SYS ? EXIT_IO : EXIT_USAGE;
	if (rr.ax->n == 0) {
		warn_msg("--grid-from: %s has no configurations",
		    input_name(sw->grid_from));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/*
 * Frames a sweep (a shard) may step without --force: about ten minutes
 * on two cores, as run's MAX_FRAMES is for one run's rows.
 */
#define MAX_SWEEP_FRAMES 1e11

/* Value i of axis ax (column c of --grid-from's rows) as a number, or NaN. */
static double
axis_number(const struct axis *ax, long i, int c)
{
	double x;

	if (ax->kind == AX_ROWS)
		return scan_double(sweep_row_cell(ax, i, c), &x) == 0 ? x :
		    NAN;
	if (ax->num != NULL)
		return ax->num[i];
	if (ax->items != NULL)
		return scan_double(ax->items[i], &x) == 0 ? x : NAN;
	return grid_at(&ax->grid, i);
}

/*
 * How flag's value x scales a configuration's frames from the base's:
 * frames ~ duration / dt, or --frames.
 */
static double
length_factor(const char *flag, double x, const struct run_setup *b,
    int by_frames, double base_frames)
{
	if (isnan(x))
		return 1.0;
	if (by_frames)
		return strcmp(flag, "--frames") == 0 ? x / base_frames : 1.0;
	if (strcmp(flag, "--dt") == 0)
		return b->dt / x;
	if (strcmp(flag, "--duration") == 0)
		return x / b->duration;
	return 1.0;
}

/*
 * The grid's work, refused up front without --force as run refuses a
 * long run: the shard's configurations times their mean frames (the
 * axes are independent, so the mean of the product is the product of
 * each axis's mean factor).  The check of every configuration comes
 * later; this one costs one pass over each axis.
 */
int
sweep_check_work(const struct sweep *sw)
{
	const struct run_setup *b = &sw->base;
	double base_frames, frames, mean;
	int a, c, by_frames = b->have_frames;
	long i;

	for (a = 0; a < sw->naxes; a++)
		for (c = 0; c < (sw->axes[a].kind == AX_ROWS ?
		    sw->axes[a].ncols : 1); c++)
			if (strcmp(sw->axes[a].kind == AX_ROWS ?
			    sw->axes[a].flags[c] : sw->axes[a].flag,
			    "--frames") == 0)
				by_frames = 1;
	base_frames = b->have_frames ? (double)b->frames : b->duration / b->dt;
	frames = base_frames;
	for (a = 0; a < sw->naxes; a++) {
		const struct axis *ax = &sw->axes[a];

		/* an axis of something else leaves the length alone */
		if (ax->kind != AX_ROWS && length_factor(ax->flag, 2.0, b, 0,
		    1.0) == 1.0 && length_factor(ax->flag, 2.0, b, 1, 1.0) ==
		    1.0)
			continue;
		mean = 0.0;
		for (i = 0; i < ax->n; i++) {
			double g = 1.0;

			for (c = 0; c < (ax->kind == AX_ROWS ? ax->ncols : 1);
			    c++)
				g *= length_factor(ax->kind == AX_ROWS ?
				    ax->flags[c] : ax->flag,
				    axis_number(ax, i, c), b, by_frames,
				    base_frames);
			mean += g / (double)ax->n;
		}
		frames *= mean;
	}
	if (b->force || !((double)sw->count * frames > MAX_SWEEP_FRAMES))
		return EXIT_OK;
	return usage_error("sweep: %ld configurations of %.3g frames on "
	    "average, %.3g frames in all, more than %.0e (--force to run it "
	    "anyway)", sw->count, frames, (double)sw->count * frames,
	    MAX_SWEEP_FRAMES);
}
