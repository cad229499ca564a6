/*
 * sweep.c - `springsim sweep`: the run --metrics row of every
 * configuration of a grid, on every core, for CI.
 *
 * Every run option that takes a number or a name takes a list or a range
 * here (grid.h); each such option is an axis, --grid-from's rows another,
 * and the configurations are their cartesian product, the last axis on the
 * command line varying fastest.  Configuration i of the product is built
 * the way run builds one (run_apply, run_setup_resolve) from a copy of the
 * fixed options, so its row is run --metrics's to the digit; the grid is
 * resolved once (sweep_plan): such a setup is built once per value of the
 * axes that are no parameter flag, and the parameter axes' numbers are
 * then set on it by arithmetic alone (run_spring_params).
 *
 * This file reads the flags into the grid (axes, gates, --grid-from,
 * shards) and reports; the work on every core is sweeppool.c's.
 */
#include <ctype.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grid.h"
#include "numfmt.h"
#include "run.h"
#include "sweep.h"

enum {
	OPT_FAIL_IF = 3000, OPT_GRID_FROM, OPT_JOBS, OPT_QUIET, OPT_SHARD
};

/* The sweep's own flags; run's and the parameters' are added. */
static const struct option sweep_opts[] = {
	{ "fail-if", required_argument, NULL, OPT_FAIL_IF },
	{ "grid-from", required_argument, NULL, OPT_GRID_FROM },
	{ "jobs", required_argument, NULL, 'j' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "shard", required_argument, NULL, OPT_SHARD },
	{ NULL, 0, NULL, 0 }
};

/* The sweep's --help, in the manner of a man page. */
static void
sweep_usage(FILE *fp)
{
	fputs(
"usage: springsim sweep [run options, each a value, list or range]\n"
"           [-j N] [--shard K/N] [--fail-if 'METRIC OP VALUE']...\n"
"           [--grid-from FILE] [--no-header] [--precision N] [--quiet]\n"
"           [-o FILE]\n"
"\n"
"Run every configuration of a grid and write one CSV row each: the row\n"
"`springsim run --metrics` writes for that configuration, digit for digit,\n"
"then one column for each swept option that is not already a column\n"
"(uaf, dr, duration, ...; dashes written as underscores).  A configuration\n"
"that diverges is a row with diverged = 1, never an abort.\n"
"--columns LIST (a run option) prints only the columns named, in that order,\n"
"then each swept column the list does not name, unless the list leaves it\n"
"out as -NAME: --columns max_err_x,-uaf.  --fail-if reads every column.\n"
"\n"
"Grids.  Every run option that takes a number or a name takes here\n"
"  0.1,0.2,0.5     a comma list, in the order given\n"
"  A:B:N           N points from A to B, both ends included\n"
"  A:B:Nlog        N points from A to B equally spaced in log10\n"
"  all             (--integrator, --substep) every rule or policy\n"
"(not --frames-from, --target-file, --hitch, --precision).  The\n"
"configurations are the cartesian product of the options' values, the\n"
"last option on the command line varying fastest.  A parameter group\n"
"sweeps as a group: --uaf 1:100:50log --dr 0:2:21 is 1050 springs.\n"
"\n"
"Options\n"
"  --grid-from FILE  configurations that are no grid: a CSV file whose\n"
"                    header names run options (dt, uaf, integrator, ...;\n"
"                    run --metrics's omega,zeta,x0,...  too) and whose\n"
"                    rows give one value each; its rows are one axis,\n"
"                    placed where the flag is among the others; - is\n"
"                    stdin\n"
"  -j, --jobs N      worker threads (1 to 256; default: the online CPUs);\n"
"                    the output is the same for every N\n"
"  --shard K/N       only the K-th of N equal slices of the configurations\n"
"                    (1 <= K <= N); the N outputs, concatenated with\n"
"                    --no-header on all but the first, are the whole\n"
"                    sweep's byte for byte\n"
"  --fail-if 'METRIC OP VALUE'\n"
"                    a gate: METRIC a number column of run --metrics, OP\n"
"                    one of < <= > >= == !=; repeatable, any gate failing\n"
"                    fails the row.  Every row is still written; the\n"
"                    failing rows (the first 20, then a count) go to\n"
"                    stderr and the exit status is 3.  An empty field (a\n"
"                    metric that does not exist for that row) fails no\n"
"                    gate; a metric empty in every row is a usage error\n"
"                    (exit 2), the gate would test nothing\n"
"  --no-header       no header line\n"
"  --precision N     numbers with N significant digits (1-17); default:\n"
"                    the shortest that reads back to the same double\n"
"  -q, --quiet       no progress line (there is one on stderr only when\n"
"                    stderr is a terminal and the rows do not go to a\n"
"                    terminal) and no divergence summary\n"
"  -o, --output FILE write the CSV to FILE (whole or not at all)\n"
"  -h, --help        this help;  -V, --version  the version\n"
"\n"
"Exit status: 0 success, 1 I/O error, 2 usage error or a configuration\n"
"that is not a valid run (nothing written), 3 a --fail-if gate failed.\n"
"\n"
"Examples\n"
"  springsim sweep --integrator all --dt 0.0069,0.0167,0.0333 \\\n"
"      --uaf 1:100:50log --dr 0:2:21 --fail-if 'diverged == 1'\n"
"  springsim sweep --uaf 1:100:1000log --dr 0:2:1000 --frames 100 \\\n"
"      --shard 2/4 --no-header\n"
"\n"
"The run options, each a value, list or range here: springsim help run.\n",
	    fp);
}

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
static char *
column_name(const char *flag)
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
 * The text of value i of an axis that is an option: an item, or a point
 * of a range written into buf (round-trip: it reads back to the point).
 */
const char *
sweep_axis_text(const struct axis *ax, long i, char *buf)
{
	double x;
	int n;

	if (ax->items != NULL)
		return ax->items[i];
	x = grid_at(&ax->grid, i);
	if (ax->kind == AX_INTEGER)
		snprintf(buf, NUMFMT_MAX, "%.0f", x);
	else {
		n = numfmt_roundtrip(buf, x);
		buf[n] = '\0';
	}
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
		return run_apply_number(rs, ax->code, ax->items[i], ax->num[i]);
	if (ax->kind != AX_ROWS)
		return run_apply(rs, ax->code, sweep_axis_text(ax, i, buf));
	for (c = 0; c < ax->ncols; c++)
		if (run_apply(rs, ax->codes[c], ax->items[i * ax->ncols + c])
		    != 0)
			return -1;
	return 0;
}

/*
 * A range's points as text, once, when there are not too many: each is
 * formatted (and read back by run) once per sweep, not once per row.
 */
#define CACHE_POINTS 65536

static int
cache_texts(struct axis *ax)
{
	long i, n = ax->n;
	char *text;
	char **items;

	if (n < 1 || n > CACHE_POINTS)
		return 0;
	if ((text = malloc((size_t)n * (NUMFMT_MAX + 1))) == NULL ||
	    (items = calloc((size_t)n, sizeof(char *))) == NULL) {
		free(text);
		warn_msg("out of memory");
		return -1;
	}
	/* ax->items still NULL: sweep_axis_text reads the grid */
	for (i = 0; i < n; i++)
		items[i] = (char *)sweep_axis_text(ax, i, text + i * (NUMFMT_MAX + 1));
	ax->text = text;
	ax->items = items;
	return 0;
}

/*
 * See sweep.h: the number an item reads as, or a range's point (which
 * its text, written round-trip, reads back as).
 */
double
sweep_axis_number(const struct axis *ax, long i)
{
	return ax->num != NULL ? ax->num[i] : grid_at(&ax->grid, i);
}

/*
 * Resolve the grid once: the axes of parameter flags (numbers, run's
 * parameter groups, table-driven in paramflags.c, --mass) are set by
 * number on a setup resolved for the other axes' values (the workers
 * keep it while the key, those values, stays); every other axis (names,
 * whole numbers, run's numbers, --grid-from's rows) is part of the key.
 */
static void
sweep_plan(struct sweep *sw)
{
	long stride = 1;
	int a;

	sw->nfast = 0;
	for (a = sw->naxes - 1; a >= 0; a--) {
		const struct axis *ax = &sw->axes[a];
		int code = ax->code;

		if (ax->kind == AX_NUMBER && (ax->num != NULL ||
		    ax->items == NULL) && ((code >= PARAM_OPT && code <
		    PARAM_OPT + P_COUNT) || code == PARAM_OPT_MASS)) {
			sw->stride[a] = 0;
			sw->fast_axis[sw->nfast++] = (short)a;
			continue;
		}
		sw->stride[a] = stride;
		stride *= ax->n;
	}
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

/* See sweep.h: the last axis steps, and carries into the one before. */
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
				    ax->items[digit[a] * ax->ncols + c]);
		if (used >= len)
			return;
	}
	if (used == 0)
		snprintf(out, len, "(the only configuration)");
}

/* --- gates ---------------------------------------------------------- */

/* Parse --fail-if 'METRIC OP VALUE' into g: 0, or -1 after a message. */
static int
gate_parse(const char *text, struct gate *g)
{
	static const char *const ops[] = { "<=", ">=", "==", "!=", "<", ">" };
	static const enum gate_op codes[] = { OP_LE, OP_GE, OP_EQ, OP_NE,
	    OP_LT, OP_GT };
	char name[64], num[64];
	const char *p = text, *q;
	size_t n, i;

	g->text = text;
	while (isspace((unsigned char)*p))
		p++;
	for (q = p; isalnum((unsigned char)*q) || *q == '_'; q++)
		;
	n = (size_t)(q - p);
	if (n == 0 || n >= sizeof(name))
		goto syntax;
	memcpy(name, p, n);
	name[n] = '\0';
	while (isspace((unsigned char)*q))
		q++;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strncmp(q, ops[i], strlen(ops[i])) == 0)
			break;
	if (i == sizeof(ops) / sizeof(ops[0]))
		goto syntax;
	g->op = codes[i];
	q += strlen(ops[i]);
	while (isspace((unsigned char)*q))
		q++;
	n = strlen(q);
	while (n > 0 && isspace((unsigned char)q[n - 1]))
		n--;
	if (n == 0 || n >= sizeof(num))
		goto syntax;
	memcpy(num, q, n);
	num[n] = '\0';
	if (scan_double(num, &g->value) != 0)
		goto syntax;
	if ((g->col = metric_col_find(name)) < 0) {
		warn_msg("--fail-if: unknown metric '%s' in '%s'; the metrics "
		    "are the number columns of run --metrics", name, text);
		return -1;
	}
	if (metric_cols[g->col].kind == COL_NAME) {
		warn_msg("--fail-if: '%s' in '%s' is a name, not a number",
		    name, text);
		return -1;
	}
	return 0;
syntax:
	warn_msg("--fail-if: '%s' is not 'METRIC OP VALUE' (OP one of "
	    "< <= > >= == !=, VALUE a number)", text);
	return -1;
}

/* Whether value x fails gate g; an empty field (NaN) fails none. */
int
sweep_gate_fails(const struct gate *g, double x)
{
	if (isnan(x))
		return 0;
	switch (g->op) {
	case OP_LT:
		return x < g->value;
	case OP_LE:
		return x <= g->value;
	case OP_GT:
		return x > g->value;
	case OP_GE:
		return x >= g->value;
	case OP_EQ:
		return x == g->value;
	case OP_NE:
		return x != g->value;
	}
	return 0;
}

/* See sweep.h: what a run of rs leaves empty whatever its numbers. */
unsigned long long
sweep_gates_may_fill(const struct sweep *sw, const struct run_setup *rs)
{
	static int drift = -1;
	unsigned long long may = 0;
	int g, col;

	if (drift < 0)
		drift = metric_col_find("energy_drift");
	for (g = 0; g < sw->ngates; g++) {
		col = sw->gates[g].col;
		/* spring_model_simulate: NaN for a model without energy */
		if (col == drift && rs->sim.model != NULL &&
		    !rs->sim.model->energy)
			continue;
		/* metrics_values_of: the engine's columns, NaN without one */
		if (col >= METRIC_NCOLS_RUN && rs->sim.engine == NULL)
			continue;
		may |= 1ull << g;
	}
	return may;
}

/*
 * A gate whose metric is empty in every row (the --fail-if 'METRIC OP
 * VALUE' of a column no configuration fills) tests nothing: a usage
 * error, not a silent pass.  filled has bit g for each gate that had a
 * value somewhere.  EXIT_OK, or EXIT_USAGE after naming the first.
 */
static int
gates_filled(const struct sweep *sw, unsigned long long filled)
{
	int g;

	/*
	 * a shard is one part: the rows another part holds may fill the
	 * metric, and springsim-merge gates the whole; an empty part (the
	 * recipes' check of the arguments, --shard N/N of fewer
	 * configurations) has no rows to say anything of
	 */
	if (sw->shard_n > 1 || sw->count == 0)
		return EXIT_OK;
	for (g = 0; g < sw->ngates; g++)
		if (!(filled >> g & 1u))
			return usage_error("--fail-if '%s': %s is empty in "
			    "every row (%ld %s): the gate tests nothing",
			    sw->gates[g].text,
			    metric_cols[sw->gates[g].col].name, sw->count,
			    sw->count == 1 ? "row" : "rows");
	return EXIT_OK;
}

/* --- the grid ------------------------------------------------------- */

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
 * What each item of a number axis reads as, once, so that a row applies
 * the number (run_apply_number) instead of reading its text again.  An
 * item that does not read leaves num NULL: the text path says why.
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
static int
add_option(struct sweep *sw, int code, const char *name, const char *text)
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
		rc = cache_texts(ax);
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
	for (i = 0; i < ax->n && rc == 0; i++) {
		*scratch = sw->base;
		rc = run_apply(scratch, code, sweep_axis_text(ax, i, buf));
	}
	free(scratch);
	return rc != 0 ? EXIT_USAGE : EXIT_OK;
}

/* Reading --grid-from: the header's options, then the rows' cells. */
struct rows_reader {
	struct sweep *sw;
	struct axis *ax;
	const struct option *opts;
	long cap, lines_cap;
	struct run_setup *scratch;	/* each row applied alone */
};

/*
 * Check row i's cells, read from line, as a flag's values are checked:
 * each message says the file, the line and the column first.
 */
static int
check_row(struct rows_reader *rr, long i, long line)
{
	const struct axis *ax = rr->ax;
	const char *file = input_name(rr->sw->grid_from);
	char ctx[1200];
	int c, rc = 0;

	*rr->scratch = rr->sw->base;
	for (c = 0; c < ax->ncols && rc == 0; c++) {
		snprintf(ctx, sizeof(ctx), "--grid-from: %s line %ld: column "
		    "%d: ", file, line, c + 1);
		message_context = ctx;
		rc = run_apply(rr->scratch, ax->codes[c],
		    ax->items[i * ax->ncols + c]);
		message_context = NULL;
	}
	return rc != 0 ? CSV_READ_BAD : 0;
}

/* One record of --grid-from (csv_row_fn). */
static int
rows_record(void *ctx, long line, char **f, int n)
{
	struct rows_reader *rr = ctx;
	struct axis *ax = rr->ax;
	const char *file = input_name(rr->sw->grid_from);
	const struct option *o;
	char **p;
	long *l;
	int c;

	if (ax->codes == NULL) {
		if ((ax->codes = calloc((size_t)n, sizeof(int))) == NULL ||
		    (ax->flags = calloc((size_t)n, sizeof(char *))) == NULL)
			goto oom;
		ax->ncols = n;	/* sweep_free frees what is there */
		for (c = 0; c < n; c++) {
			char *name = column_name(f[c]), *s;

			if (name == NULL)
				goto oom;
			for (s = name; *s != '\0'; s++)
				if (*s == '_')
					*s = '-';
			for (o = rr->opts; o->name != NULL; o++)
				if (strcmp(o->name, name) == 0)
					break;
			/* not the sweep's own --fail-if, --grid-from... */
			if (o->name == NULL || o->has_arg != required_argument ||
			    o->val < 256 || (o->val >= OPT_FAIL_IF &&
			    o->val <= OPT_SHARD) || kind_of(o->val) == AX_FIXED) {
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
	}
	if (n != ax->ncols) {
		warn_msg("--grid-from: %s line %ld: %d fields, the header has "
		    "%d", file, line, n, ax->ncols);
		return CSV_READ_BAD;
	}
	if ((ax->n + 1) * ax->ncols > rr->cap) {
		rr->cap = rr->cap ? 2 * rr->cap : 64 * ax->ncols;
		if ((p = realloc(ax->items, (size_t)rr->cap * sizeof(*p))) ==
		    NULL)
			goto oom;
		ax->items = p;
	}
	if (ax->n == rr->lines_cap) {
		rr->lines_cap = rr->lines_cap ? 2 * rr->lines_cap : 64;
		if ((l = realloc(ax->lines, (size_t)rr->lines_cap *
		    sizeof(*l))) == NULL)
			goto oom;
		ax->lines = l;
	}
	ax->lines[ax->n] = line;
	for (c = 0; c < n; c++)
		if (f[c][0] == '\0') {
			warn_msg("--grid-from: %s line %ld: column %d: '' is "
			    "empty (%s)", file, line, c + 1,
			    ax->flags[c]);
			return CSV_READ_BAD;
		}
	/* the row counts before its copies: sweep_free frees what is there */
	p = &ax->items[ax->n++ * ax->ncols];
	for (c = 0; c < n; c++)
		p[c] = NULL;
	for (c = 0; c < n; c++)
		if ((p[c] = strdup(f[c])) == NULL)
			goto oom;
	return check_row(rr, ax->n - 1, line);
oom:
	warn_msg("--grid-from: out of memory");
	return CSV_READ_SYS;
}

/* --grid-from FILE: one axis of its rows. */
static int
add_rows(struct sweep *sw, const struct option *opts)
{
	struct rows_reader rr = { sw, NULL, opts, 0, 0, NULL };
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

/* The extra columns: the swept options that are not metrics columns. */
static int
plan_columns(struct sweep *sw)
{
	int a, c, k;

	for (a = 0; a < sw->naxes; a++) {
		const struct axis *ax = &sw->axes[a];
		int nsub = ax->kind == AX_ROWS ? ax->ncols : 1;

		if (ax->n < 2 && ax->kind != AX_ROWS)
			continue;
		for (c = 0; c < nsub; c++) {
			char *name = column_name(ax->kind == AX_ROWS ?
			    ax->flags[c] : ax->flag);

			if (name == NULL) {
				warn_msg("out of memory");
				return EXIT_IO;
			}
			for (k = 0; k < sw->ncols; k++)
				if (strcmp(sw->col_name[k], name) == 0)
					break;
			if (metric_col_find(name) >= 0)
				sw->swept[metric_col_find(name)] = 1;
			if (metric_col_find(name) >= 0 || k < sw->ncols) {
				free(name);
				continue;
			}
			sw->col_axis[sw->ncols] = (short)a;
			sw->col_sub[sw->ncols] = (short)c;
			sw->col_name[sw->ncols++] = name;
		}
	}
	return EXIT_OK;
}

/* --columns' -NAME: leave swept column name out (metric_columns_parse). */
static int
drop_column(void *ctx, const char *name)
{
	struct sweep *sw = ctx;
	int j = metric_col_find(name), k;

	for (k = 0; j < 0 && k < sw->ncols; k++)
		if (strcmp(sw->col_name[k], name) == 0)
			j = METRIC_NCOLS + k;
	if (j < 0 || (j < METRIC_NCOLS && !sw->swept[j])) {
		warn_msg("--columns: '-%s': %s is not a swept column", name,
		    name);
		return -1;
	}
	if (sw->dropped[j]) {
		warn_msg("--columns: '-%s' is given twice", name);
		return -1;
	}
	sw->dropped[j] = 1;
	return 0;
}

/*
 * The row's columns: without --columns, every metrics column then every
 * extra one; with it, the columns it names, then the swept columns it
 * neither names nor leaves out (-NAME): metrics columns in their order,
 * then the extra ones.  The names are read here, once.
 */
static int
plan_select(struct sweep *sw, const char *columns)
{
	int j, k;

	sw->nx = 0;
	if (columns == NULL) {
		sw->msel = *metric_default(&sw->base);
		/* --engine swept (or a --grid-from column): its columns */
		for (j = 0; j < sw->naxes; j++)
			for (k = 0; k < (sw->axes[j].kind == AX_ROWS ?
			    sw->axes[j].ncols : 1); k++)
				if (strcmp(sw->axes[j].kind == AX_ROWS ?
				    sw->axes[j].flags[k] : sw->axes[j].flag,
				    "--engine") == 0)
					sw->msel = metric_engine_all;
		for (k = 0; k < sw->ncols; k++)
			sw->xsel[sw->nx++] = (short)k;
		return EXIT_OK;
	}
	if (metric_columns_parse(columns, &sw->msel, drop_column, sw) != 0)
		return EXIT_USAGE;
	for (k = 0; k < sw->msel.n; k++)
		if (sw->dropped[sw->msel.idx[k]])
			return usage_error("--columns: '%s' is named and left "
			    "out", metric_cols[sw->msel.idx[k]].name);
	for (j = 0; j < METRIC_NCOLS; j++) {
		if (!sw->swept[j] || sw->dropped[j])
			continue;
		for (k = 0; k < sw->msel.n && sw->msel.idx[k] != j; k++)
			;
		if (k == sw->msel.n)
			sw->msel.idx[sw->msel.n++] = (unsigned char)j;
	}
	for (k = 0; k < sw->ncols; k++)
		if (!sw->dropped[METRIC_NCOLS + k])
			sw->xsel[sw->nx++] = (short)k;
	return EXIT_OK;
}

/*
 * The metrics the rows need (the columns printed and the gates'): the
 * batch sums only those (spring_simulate_batch_some), so that a sweep
 * printing max_err_x alone does not pay for the energy's.
 */
static void
plan_want(struct sweep *sw)
{
	int k;

	sw->want = 0;
	for (k = 0; k < sw->msel.n; k++)
		sw->want |= metric_cols[sw->msel.idx[k]].want;
	for (k = 0; k < sw->ngates; k++)
		sw->want |= metric_cols[sw->gates[k].col].want;
}

/* Free what the sweep holds. */
static void
sweep_free(struct sweep *sw)
{
	int a, c;
	long i;

	for (a = 0; a < sw->naxes; a++) {
		struct axis *ax = &sw->axes[a];

		if (ax->kind == AX_ROWS) {
			for (i = 0; i < ax->n * ax->ncols; i++)
				free(ax->items[i]);
			for (c = 0; c < ax->ncols; c++)
				free(ax->flags[c]);
			free(ax->flags);
			free(ax->codes);
		}
		free(ax->items);
		free(ax->text);
		free(ax->num);
		free(ax->lines);
	}
	for (c = 0; c < sw->ncols; c++)
		free(sw->col_name[c]);
	run_setup_free(&sw->base);
}

/* --shard K/N: 0, or -1 after a message. */
static int
parse_shard(struct sweep *sw, const char *arg)
{
	char buf[64], *slash;

	if (strlen(arg) >= sizeof(buf) || (slash = strchr(arg, '/')) == NULL)
		goto bad;
	memcpy(buf, arg, (size_t)(slash - arg));
	buf[slash - arg] = '\0';
	if (scan_long(buf, &sw->shard_k) != 0 ||
	    scan_long(slash + 1, &sw->shard_n) != 0 || sw->shard_n < 1 ||
	    sw->shard_n > 1000000 || sw->shard_k < 1 ||
	    sw->shard_k > sw->shard_n)
		goto bad;
	return 0;
bad:
	warn_msg("--shard: '%s' is not K/N with 1 <= K <= N <= 1000000", arg);
	return -1;
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
		return scan_double(ax->items[i * ax->ncols + c], &x) == 0 ? x :
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
static int
check_work(const struct sweep *sw)
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

/*
 * Parse the command line into sw: EXIT_OK, CMD_DONE after --help or
 * --version, or the exit status.
 */
static int
sweep_parse(struct sweep *sw, int argc, char **argv)
{
	struct option all[MAX_LONGOPTS];
	unsigned char seen[OPTION_SEEN_BYTES] = { 0 };
	const struct option *o;
	long jobs = 0;
	int c, rc, status, a;
	double total = 1.0;
	const char *columns;

	run_setup_init(&sw->base);
	sw->base.command = "sweep";
	sw->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
	sw->shard_k = sw->shard_n = 1;
	if (run_longopts(sweep_opts, all, sizeof(all) / sizeof(all[0])) != 0)
		abort();	/* the tables are ours: a bug, not input */
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":hj:o:qV", all, NULL)) != -1) {
		const char *flag = argv[optind - 1];

		/* the axes have their own check, with a hint */
		if ((c == 'j' || c == 'o' || c == OPT_SHARD) &&
		    option_once(seen, c, all) != 0)
			return EXIT_USAGE;
		switch (c) {
		case 'j':
			if (parse_long("--jobs", optarg, 1, MAX_JOBS, &jobs) !=
			    0)
				return EXIT_USAGE;
			sw->jobs = (int)jobs;
			continue;
		case 'q':
			sw->quiet = 1;
			continue;
		case OPT_FAIL_IF:
			if (sw->ngates == MAX_GATES)
				return usage_error("--fail-if: more than %d "
				    "gates", MAX_GATES);
			if (gate_parse(optarg, &sw->gates[sw->ngates++]) != 0)
				return EXIT_USAGE;
			continue;
		case OPT_GRID_FROM:
			if (sw->grid_from != NULL)
				return usage_error("--grid-from is given twice");
			sw->grid_from = optarg;
			if ((rc = add_rows(sw, all)) != EXIT_OK)
				return rc;
			continue;
		case OPT_SHARD:
			if (parse_shard(sw, optarg) != 0)
				return EXIT_USAGE;
			continue;
		}
		if ((rc = common_option(c, flag, optarg, &sw->base.output,
		    sweep_usage, &status, all)) < 0)
			return status;
		if (rc == 1)
			continue;
		/* a run option: a flag (no value), a fixed value or an axis */
		for (o = all; o->name != NULL && o->val != c; o++)
			;
		if (o->name == NULL || o->has_arg == no_argument) {
			if (run_apply(&sw->base, c, optarg) != 0)
				return EXIT_USAGE;
			continue;
		}
		if (c >= 0 && c < 4096 && !run_flag_repeats(c)) {
			if (sw->seen[c] != NULL)
				return usage_error("--%s is given twice; give its "
				    "values as one list", o->name);
			sw->seen[c] = o->name;
		}
		if ((rc = add_option(sw, c, o->name, optarg)) != EXIT_OK)
			return rc;
	}
	/* --grid-from's columns are given too */
	for (a = 0; a < sw->naxes; a++) {
		const struct axis *ax = &sw->axes[a];
		int i;

		for (i = 0; ax->kind == AX_ROWS && i < ax->ncols; i++) {
			int code = ax->codes[i];

			if (code >= 0 && code < 4096 && sw->seen[code] != NULL)
				return usage_error("--grid-from: %s's column "
				    "'%s' is %s, given %s",
				    input_name(sw->grid_from),
				    ax->flags[i] + 2, ax->flags[i],
				    sw->seen[code][0] == '-' ? "twice in the file"
				    : "on the command line too");
			if (code >= 0 && code < 4096)
				sw->seen[code] = "--grid-from";
		}
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	/* standard input can be read once */
	if (sw->grid_from != NULL && strcmp(sw->grid_from, "-") == 0 &&
	    ((sw->base.target_file != NULL &&
	    strcmp(sw->base.target_file, "-") == 0) ||
	    (sw->base.frames_from != NULL &&
	    strcmp(sw->base.frames_from, "-") == 0)))
		return usage_error("--grid-from - and %s - both read stdin: "
		    "give one of them a file", sw->base.target_file != NULL &&
		    strcmp(sw->base.target_file, "-") == 0 ? "--target-file" :
		    "--frames-from");
	/* the sweep's rows are metrics rows: its columns are its own */
	columns = sw->base.columns;
	sw->base.columns = NULL;
	if ((rc = run_setup_read_files(&sw->base)) != EXIT_OK)
		return rc;
	if (sw->base.horizon > 0.0)
		return usage_error("--horizon prints a prediction; sweep writes "
		    "metrics rows");
	if (sw->jobs < 1)
		sw->jobs = 1;
	if (sw->jobs > MAX_JOBS)
		sw->jobs = MAX_JOBS;
	sw->precision = (int)sw->base.precision;
	for (a = 0; a < sw->naxes; a++)
		total *= (double)sw->axes[a].n;
	if (total > 9e15)
		return usage_error("the grid has %.3g configurations, more "
		    "than springsim counts (9e15)", total);
	sw->total = (long)total;
	{
		long k = sw->shard_k - 1, each = sw->total / sw->shard_n;
		long rem = sw->total % sw->shard_n;

		sw->first = k * each + (k < rem ? k : rem);
		sw->count = each + (k < rem);
	}
	if ((rc = check_work(sw)) != EXIT_OK)
		return rc;
	if ((rc = plan_columns(sw)) != EXIT_OK)
		return rc;
	sweep_plan(sw);
	if ((rc = plan_select(sw, columns)) != EXIT_OK)
		return rc;
	plan_want(sw);
	return EXIT_OK;
}

/* The header: run --metrics's columns, then the extra ones (--columns'). */
static void
write_header(const struct sweep *sw, struct sink *k)
{
	int c;

	write_metrics_header(k, 0);
	for (c = 0; c < sw->nx; c++) {
		const char *name = sw->col_name[sw->xsel[c]];

		out_write(&k->out, ",", 1);
		out_write(&k->out, name, strlen(name));
	}
	out_write(&k->out, "\n", 1);
}

/* The failing rows on stderr: the first MAX_SHOWN, then the count. */
static void
report_failures(const struct sweep *sw, const struct failures *f)
{
	char id[512], val[NUMFMT_MAX + 1];
	int i, n;

	for (i = 0; i < f->nshown; i++) {
		const struct gate *g = &sw->gates[f->gate[i]];

		sweep_config_identity(sw, f->idx[i], id, sizeof(id));
		n = numfmt_roundtrip(val, f->value[i]);
		val[n] = '\0';
		warn_msg("row %ld fails --fail-if '%s' (%s = %s): %s",
		    f->idx[i] + 1, g->text, metric_cols[g->col].name, val, id);
	}
	warn_msg("--fail-if: %ld of %ld rows failed%s", f->nfail, sw->count,
	    f->nfail > f->nshown ? " (the first 20 shown)" : "");
}

/* `springsim sweep`. */
int
cmd_sweep(int argc, char **argv)
{
	struct sweep *sw;
	struct sink *k = NULL;
	struct worker *w = NULL;
	struct failures f;
	unsigned long long may_fill = 0;
	int rc, jobs = 0;

	memset(&f, 0, sizeof(f));
	if ((sw = calloc(1, sizeof(*sw))) == NULL ||
	    (k = calloc(1, sizeof(*k))) == NULL) {
		warn_msg("out of memory");
		free(sw);
		return EXIT_IO;
	}
	if ((rc = sweep_parse(sw, argc, argv)) != EXIT_OK)
		goto done;
	/*
	 * slots of SLOT_ROWS, halved down to a block until each thread has
	 * four or more (a small sweep is shared, not left to one thread);
	 * more threads than slots would idle
	 */
	jobs = sw->jobs;
	sw->slot_rows = SLOT_ROWS;
	while (sw->slot_rows > BLOCK && sw->count < 4L * jobs * sw->slot_rows)
		sw->slot_rows /= 2;
	if ((long)jobs > (sw->count + sw->slot_rows - 1) / sw->slot_rows)
		jobs = (int)((sw->count + sw->slot_rows - 1) / sw->slot_rows);
	if (jobs < 1)
		jobs = 1;
	/* w[jobs]: the main thread's room */
	if ((w = sweep_workers_new(jobs + 1)) == NULL) {
		warn_msg("out of memory");
		rc = EXIT_IO;
		goto done;
	}
	k->precision = sw->precision;
	k->cols = &sw->msel;
	if (out_open(&k->out, sw->base.output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	/*
	 * A named file is written whole or not at all: a bad configuration
	 * met on the way drops it.  Anything else (stdout, a device) would
	 * keep what was written: check every configuration first.
	 */
	if (k->out.tmp_path == NULL && ((rc = sweep_check_all(sw, w, jobs,
	    &may_fill)) != EXIT_OK || (rc = gates_filled(sw, may_fill)) !=
	    EXIT_OK)) {
		out_abort(&k->out);
		goto done;
	}
	if (sw->base.header)
		write_header(sw, k);
	rc = sweep_run_all(sw, w, jobs, k, &f);
	/* a named file is dropped; stdout has the rows already */
	if (rc == EXIT_OK && !k->out.failed &&
	    gates_filled(sw, f.gate_filled) != EXIT_OK)
		rc = EXIT_USAGE;
	if (rc != EXIT_OK || k->out.failed) {
		out_abort(&k->out);
		rc = rc == EXIT_USAGE ? EXIT_USAGE : EXIT_IO;
		goto done;
	}
	if (out_close(&k->out) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	if (f.ndiverged > 0 && !sw->quiet)
		warn_msg("warning: %ld of %ld configurations diverged "
		    "(diverged = 1)", f.ndiverged, sw->count);
	if (f.nfail > 0) {
		report_failures(sw, &f);
		rc = EXIT_GATE;
	}
done:
	sweep_workers_free(w, jobs + 1);
	sweep_free(sw);
	free(sw);
	free(k);
	return rc;
}
