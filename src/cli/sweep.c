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
 * axes that are no parameter flag nor the spring's start or target line,
 * and those axes' numbers are then set on it by arithmetic alone
 * (run_spring_params).
 *
 * This file is the command: its flags read (the axes into the grid,
 * sweepgrid.c; the gates, sweepgates.c; shards), the columns chosen, the
 * header and the run; the work on every core is sweeppool.c's (the
 * threads, the ring) and sweeprows.c's (a block's rows).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "optparse.h"
#include "run.h"
#include "sweepdata.h"

/* See cli.h: the sweep's --help, in the manner of a man page. */
void
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
"out as -NAME: --columns max_err_x,-uaf.  The sweep's own columns (uaf,\n"
"...) go anywhere in it, and the list names one of the run's at least:\n"
"--columns uaf,max_err_x.  --fail-if reads each of the run's number\n"
"columns, printed or not (not the sweep's own); its VALUE may be inf:\n"
"--fail-if 'settle_time == inf' fails a row that ended unsettled.\n"
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
EXIT_STATUS_HEAD ",\n"
"a configuration that is not a valid run among them (nothing written),\n"
EXIT_STATUS_GATE
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
			char *name = sweep_column_name(ax->kind == AX_ROWS ?
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

/*
 * --columns' items that are no run column (metric_columns_parse): -NAME
 * leaves swept column NAME out; NAME, a swept column of the sweep's own
 * (uaf, dr, --grid-from's ...), places it among the extra columns, which
 * follow the run's (nread, the run's columns named before the first of
 * them, tells plan_select whether the list says so).
 */
static int
other_column(void *ctx, const char *item, int nread)
{
	struct sweep *sw = ctx;
	const char *name = item[0] == '-' ? item + 1 : item;
	int j = metric_col_find(name), k;

	for (k = 0; j < 0 && k < sw->ncols; k++)
		if (strcmp(sw->col_name[k], name) == 0)
			j = METRIC_NCOLS + k;
	if (item[0] != '-') {
		if (j < METRIC_NCOLS)
			return 1;	/* no column of the sweep's: refused */
		if (sw->named[j]) {
			warn_msg("--columns: '%s' is given twice", name);
			return -1;
		}
		sw->named[j] = 1;
		if (sw->nxnamed == 0)
			sw->run_named_first = nread;
		sw->xnamed_at[sw->nxnamed] = (short)nread;
		sw->xnamed[sw->nxnamed++] = (short)(j - METRIC_NCOLS);
		return 0;
	}
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
 * The order --columns gives when it names an extra column before one of
 * run's: the named ones as named, then the swept ones it neither names
 * nor leaves out (run's, then the extra).  The rows are written run's
 * columns first, then the extra (metrics_format_cached's copies of
 * unchanged cells want one layout), and the fields permuted after.
 * named: run's columns named (the first of msel).
 */
static void
plan_perm(struct sweep *sw, int named)
{
	int p = 0, r = 0, k;

	for (k = 0; k < sw->nxnamed; k++) {
		while (r < sw->xnamed_at[k])
			sw->perm[p++] = (short)r++;
		sw->perm[p++] = (short)(sw->msel.n + k);
	}
	while (r < named)
		sw->perm[p++] = (short)r++;
	while (r < sw->msel.n)
		sw->perm[p++] = (short)r++;
	for (k = sw->nxnamed; k < sw->nx; k++)
		sw->perm[p++] = (short)(sw->msel.n + k);
	sw->nperm = p;
}

/*
 * The row's columns: without --columns, every metrics column then every
 * extra one; with it, the columns it names in its order, then the swept
 * columns it neither names nor leaves out (-NAME): metrics columns in
 * their order, then the extra ones.  The names are read here, once.
 */
static int
plan_select(struct sweep *sw, const char *columns)
{
	int j, k, named, mixed;

	sw->nx = 0;
	sw->nperm = 0;
	if (columns == NULL) {
		sw->msel = *metric_default(&sw->base);
		/* --engine swept (or a --grid-from column): its columns */
		for (j = 0; j < sw->naxes; j++)
			for (k = 0; k < (sw->axes[j].kind == AX_ROWS ?
			    sw->axes[j].ncols : 1); k++)
				if (strcmp(sw->axes[j].kind == AX_ROWS ?
				    sw->axes[j].flags[k] : sw->axes[j].flag,
				    "--engine") == 0)
					sw->msel = *metric_select_all(1);
		for (k = 0; k < sw->ncols; k++)
			sw->xsel[sw->nx++] = (short)k;
		return EXIT_OK;
	}
	if (metric_columns_parse(columns, &sw->msel, other_column, sw) != 0)
		return EXIT_USAGE;
	/* an extra column named before one of run's: the row permuted */
	named = sw->msel.n;
	mixed = sw->nxnamed > 0 && named > sw->run_named_first;
	for (k = 0; k < sw->msel.n; k++)
		if (sw->dropped[sw->msel.idx[k]])
			return usage_error("--columns: '%s' is named and left "
			    "out", metric_cols[sw->msel.idx[k]].name);
	for (k = 0; k < sw->nxnamed; k++)
		if (sw->dropped[METRIC_NCOLS + sw->xnamed[k]])
			return usage_error("--columns: '%s' is named and left "
			    "out", sw->col_name[sw->xnamed[k]]);
	for (j = 0; j < METRIC_NCOLS; j++) {
		if (!sw->swept[j] || sw->dropped[j])
			continue;
		for (k = 0; k < sw->msel.n && sw->msel.idx[k] != j; k++)
			;
		if (k == sw->msel.n)
			sw->msel.idx[sw->msel.n++] = (unsigned char)j;
	}
	/* the extra columns named, in their order, then the others */
	for (k = 0; k < sw->nxnamed; k++)
		sw->xsel[sw->nx++] = sw->xnamed[k];
	for (k = 0; k < sw->ncols; k++)
		if (!sw->dropped[METRIC_NCOLS + k] &&
		    !sw->named[METRIC_NCOLS + k])
			sw->xsel[sw->nx++] = (short)k;
	if (mixed)
		plan_perm(sw, named);
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

	for (a = 0; a < sw->naxes; a++) {
		struct axis *ax = &sw->axes[a];

		if (ax->kind == AX_ROWS) {
			free(ax->cells);
			free(ax->row_at);
			for (c = 0; c < ax->ncols; c++)
				free(ax->flags[c]);
			free(ax->flags);
			free(ax->codes);
		}
		free(ax->items);
		free(ax->text);
		free(ax->len);
		free(ax->num);
		free(ax->lines);
	}
	for (c = 0; c < sw->ncols; c++)
		free(sw->col_name[c]);
	run_setup_free(&sw->base);
}

/* --shard K/N: 0, or -1 after a message. */
static int
parse_shard(void *own, const char *arg)
{
	struct sweep *sw = own;
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

/* --fail-if 'METRIC OP VALUE', repeatable: one gate more. */
static int
parse_gate(void *own, const char *arg)
{
	struct sweep *sw = own;

	if (sw->ngates == MAX_GATES) {
		usage_error("--fail-if: more than %d gates", MAX_GATES);
		return -1;
	}
	return sweep_gate_parse(arg, &sw->gates[sw->ngates++]) != 0 ? -1 : 0;
}

/*
 * --grid-from FILE: its rows an axis, placed where the flag is; its
 * header's names are mapped to codes by run's table (run_longopts, the
 * codes opt_parse gives them; none of the sweep's own is a run option
 * that sweeps).  A status other than EXIT_USAGE waits in sw->status.
 */
static int
parse_grid_from(void *own, const char *arg)
{
	struct sweep *sw = own;
	struct option all[MAX_LONGOPTS];
	int rc;

	if (sw->grid_from != NULL) {
		usage_error("--grid-from is given twice");
		return -1;
	}
	sw->grid_from = arg;
	if (run_longopts(NULL, all, MAX_LONGOPTS) != 0)
		abort();	/* the tables are ours: a bug, not input */
	if ((rc = sweep_add_rows(sw, all)) != EXIT_OK) {
		sw->status = rc;
		return -1;
	}
	return 0;
}

/*
 * A run flag or a parameter (opt_command's other): a flag of no value
 * applied to the base, a value given once an axis (or a fixed value).
 */
static int
sweep_other(void *own, int c, const char *name, const char *arg)
{
	struct sweep *sw = own;

	if (arg == NULL)
		return run_apply(&sw->base, c, arg) != 0 ? EXIT_USAGE : EXIT_OK;
	if (c >= 0 && c < 4096 && !run_flag_repeats(c)) {
		if (sw->seen[c] != NULL)
			return usage_error("--%s is given twice; give its "
			    "values as one list", name);
		sw->seen[c] = name;
	}
	return sweep_add_option(sw, c, name, arg);
}

#define SFIELD(T, f) FIELD_OF(struct sweep, T, f)

/*
 * The sweep's own flags; run's and the parameters' are its axes
 * (sweep_other).  Their help is sweep_usage's.  -h, -o and -V are run's
 * rows' (as fps's -o): here they would come before run's flags in
 * getopt's table, and an ambiguous abbreviation's message ("--h") would
 * name them in another order.
 */
static const struct flag_row sweep_rows[] = {
	{ .flag = "--fail-if", .kind = FK_HOOK, .parse = parse_gate,
	  .repeats = 1 },
	{ .flag = "--grid-from", .kind = FK_HOOK, .parse = parse_grid_from,
	  .repeats = 1 },	/* its own "given twice" */
	{ .flag = "--jobs", .letter = 'j', .kind = FK_COUNT, .min = 1,
	  .max = MAX_JOBS, .at = SFIELD(long, jobs) },
	{ .flag = "--quiet", .letter = 'q', .kind = FK_ON,
	  .at = SFIELD(int, quiet) },
	{ .flag = "--shard", .kind = FK_HOOK, .parse = parse_shard },
	{ .flag = NULL }
};

const struct opt_command sweep_options = {
	.name = "sweep", .rows = sweep_rows, .usage = sweep_usage,
	.other = sweep_other
};

/*
 * Parse the command line into sw: EXIT_OK, CMD_DONE after --help or
 * --version, or the exit status.
 */
static int
sweep_parse(struct sweep *sw, int argc, char **argv)
{
	int rc, a;
	double total = 1.0;
	const char *columns;

	run_setup_init(&sw->base);
	sw->base.command = "sweep";
	sw->jobs = sysconf(_SC_NPROCESSORS_ONLN);
	sw->shard_k = sw->shard_n = 1;
	sw->status = EXIT_OK;
	if ((rc = opt_parse(&sweep_options, argc, argv, sw, NULL, &sw->base,
	    &sw->base.output)) != EXIT_OK)
		return rc == EXIT_USAGE && sw->status != EXIT_OK ? sw->status :
		    rc;
	/*
	 * the rows run side by side for one number of frames (the batch):
	 * a length of each configuration's own would be a run of probes a
	 * row; run and fps take auto
	 */
	if (sw->base.duration_auto)
		return usage_error("--duration auto: sweep runs every "
		    "configuration for one length (give --duration S); run "
		    "and fps take auto");
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
	if ((rc = sweep_check_work(sw)) != EXIT_OK)
		return rc;
	if ((rc = plan_columns(sw)) != EXIT_OK)
		return rc;
	if ((rc = sweep_cache_texts(sw)) != EXIT_OK)
		return rc;
	sweep_plan(sw);
	if ((rc = plan_select(sw, columns)) != EXIT_OK)
		return rc;
	plan_want(sw);
	return EXIT_OK;
}

/*
 * The header: run --metrics's columns, then the extra ones (--columns'),
 * or in the order perm says.
 */
static void
write_header(const struct sweep *sw, struct sink *k)
{
	const char *name;
	int c, f;

	if (sw->nperm == 0)
		write_metrics_header(k, 0);
	for (c = 0; c < sw->nperm; c++) {
		f = sw->perm[c];
		name = f < sw->msel.n ? metric_cols[sw->msel.idx[f]].name :
		    sw->col_name[sw->xsel[f - sw->msel.n]];
		if (c > 0)
			out_write(&k->out, ",", 1);
		out_write(&k->out, name, strlen(name));
	}
	for (c = 0; c < sw->nx && sw->nperm == 0; c++) {
		name = sw->col_name[sw->xsel[c]];
		out_write(&k->out, ",", 1);
		out_write(&k->out, name, strlen(name));
	}
	out_write(&k->out, "\n", 1);
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
	 * sixteen or more: a small sweep is shared, not left to one thread,
	 * the last slot leaves the others idle for less, and the buffers
	 * the ring keeps (the same few, written and taken again) are pages
	 * a small sweep faults in for less; more threads than slots would
	 * idle
	 */
	jobs = (int)sw->jobs;
	sw->slot_rows = SLOT_ROWS;
	while (sw->slot_rows > BLOCK && sw->count < 16L * jobs * sw->slot_rows)
		sw->slot_rows /= 2;
	if ((long)jobs > (sw->count + sw->slot_rows - 1) / sw->slot_rows)
		jobs = (int)((sw->count + sw->slot_rows - 1) / sw->slot_rows);
	if (jobs < 1)
		jobs = 1;
	/* w[0]: the main thread's; w[jobs]: a spare, to say what is bad */
	if ((w = sweep_workers_new(jobs + 1, sw->count, sw->keys_return ?
	    sw->nkeys : 0)) == NULL) {
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
	    &may_fill)) != EXIT_OK || (rc = sweep_gates_filled(sw, may_fill)) !=
	    EXIT_OK)) {
		out_abort(&k->out);
		goto done;
	}
	if (sw->base.header)
		write_header(sw, k);
	rc = sweep_run_all(sw, w, jobs, k, &f);
	/* a named file is dropped; stdout has the rows already */
	if (rc == EXIT_OK && !k->out.failed &&
	    sweep_gates_filled(sw, f.gate_filled) != EXIT_OK)
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
		sweep_report_failures(sw, &f);
		rc = EXIT_GATE;
	}
done:
	sweep_workers_free(w, jobs + 1);
	sweep_free(sw);
	free(sw);
	free(k);
	return rc;
}
