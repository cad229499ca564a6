/*
 * runfiles.c - a run's input files: the frame times of --frames-from and
 * the recorded target of --target-file, each read once into the run's
 * setup, and standard input read by one of them at most.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "run.h"
#include "setup.h"

/* Which column of a frame-time file holds dt: -1 none yet, -2 no header. */
struct frames_reader {
	struct run_setup *rs;
	int col;
};

/* Append one frame time to the list. */
static int
add_frame(struct run_setup *rs, double dt)
{
	double *p;

	if (rs->list_len == rs->list_cap) {
		rs->list_cap = rs->list_cap ? 2 * rs->list_cap : 1024;
		if ((p = realloc(rs->list, (size_t)rs->list_cap *
		    sizeof(*p))) == NULL) {
			warn_msg("--frames-from: out of memory");
			return CSV_READ_SYS;
		}
		rs->list = p;
	}
	rs->list[rs->list_len++] = dt;
	return 0;
}

/*
 * One record of a frame-time file (csv_row_fn): a header naming a 'dt'
 * column, or, with no header, one dt per line.
 */
static int
frames_record(void *ctx, long line, char **f, int n)
{
	struct frames_reader *fr = ctx;
	struct run_setup *rs = fr->rs;
	const char *file = input_name(rs->frames_from), *why;
	double dt;
	int i;

	if (fr->col == -1) {
		for (i = 0; i < n; i++)
			if (strcmp(f[i], "dt") == 0) {
				fr->col = i;
				return 0;
			}
		if (n == 1 && scan_double(f[0], &dt) != -1)
			fr->col = -2;	/* no header: a number, a frame */
		else {
			warn_msg("--frames-from: %s line %ld: no 'dt' column "
			    "and not a frame time: '%s'", file,
			    line, n > 0 ? f[0] : "");
			return -1;
		}
	}
	i = fr->col == -2 ? 0 : fr->col;
	if ((fr->col == -2 && n != 1) || i >= n) {
		warn_msg("--frames-from: %s line %ld: %d fields, want %s",
		    file, line, n, fr->col == -2 ? "one" :
		    "one in the dt column");
		return -1;
	}
	if ((why = scan_bounded(f[i], &dt)) != NULL) {
		warn_msg("--frames-from: %s line %ld: '%s' %s", file, line,
		    f[i], why);
		return -1;
	}
	if (!(dt > 0.0)) {
		warn_msg("--frames-from: %s line %ld: '%s' is not a frame time "
		    "> 0", file, line, f[i]);
		return -1;
	}
	return add_frame(rs, dt);
}

/* Read --frames-from into rs->list: EXIT_OK or the exit status. */
int
read_frames(struct run_setup *rs)
{
	struct frames_reader fr = { rs, -1 };
	const char *file = input_name(rs->frames_from);
	int rc;

	if ((rc = csv_read_file("--frames-from", rs->frames_from,
	    frames_record, &fr)) != 0)
		return rc == CSV_READ_SYS ? EXIT_IO : EXIT_USAGE;
	if (rs->list_len == 0) {
		warn_msg("--frames-from: %s has no frame times",
		    file);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Where the columns of a target file are: -1 for absent. */
struct target_reader {
	struct run_setup *rs;
	int col_t, col_g, col_q, ncols, header_done;
};

/* Append one row of a target file. */
static int
add_target_row(struct run_setup *rs, double t, double g, double q)
{
	double *pt, *pg, *pq;
	long cap;

	if (rs->file_n == rs->file_cap) {
		cap = rs->file_cap ? 2 * rs->file_cap : 1024;
		pt = realloc(rs->file_t, (size_t)cap * sizeof(*pt));
		if (pt != NULL)
			rs->file_t = pt;
		pg = realloc(rs->file_g, (size_t)cap * sizeof(*pg));
		if (pg != NULL)
			rs->file_g = pg;
		pq = realloc(rs->file_q, (size_t)cap * sizeof(*pq));
		if (pq != NULL)
			rs->file_q = pq;
		if (pt == NULL || pg == NULL || pq == NULL) {
			warn_msg("--target-file: out of memory");
			return CSV_READ_SYS;
		}
		rs->file_cap = cap;
	}
	rs->file_t[rs->file_n] = t;
	rs->file_g[rs->file_n] = g;
	rs->file_q[rs->file_n++] = q;
	return 0;
}

/*
 * One record of a target file (csv_row_fn): the header names t, target
 * and optionally target_vel; every row has exactly those fields, numbers,
 * t strictly increasing.
 */
static int
target_record(void *ctx, long line, char **f, int n)
{
	struct target_reader *tr = ctx;
	struct run_setup *rs = tr->rs;
	const char *file = input_name(rs->target_file), *why;
	static const char *const names[] = { "t", "target", "target_vel" };
	double v[3] = { 0, 0, 0 };
	int i, *col[3];

	col[0] = &tr->col_t;
	col[1] = &tr->col_g;
	col[2] = &tr->col_q;
	if (!tr->header_done) {
		for (i = 0; i < n; i++) {
			int c;

			for (c = 0; c < 3; c++)
				if (strcmp(f[i], names[c]) == 0 && *col[c] < 0)
					break;
			if (c == 3) {
				warn_msg("--target-file: %s line %ld column %d: "
				    "'%s' is not t, target or target_vel (once "
				    "each)", file, line, i + 1, f[i]);
				return -1;
			}
			*col[c] = i;
		}
		if (tr->col_t < 0 || tr->col_g < 0) {
			warn_msg("--target-file: %s line %ld: the header needs "
			    "columns t and target", file, line);
			return -1;
		}
		tr->ncols = n;
		tr->header_done = 1;
		return 0;
	}
	if (n != tr->ncols) {
		warn_msg("--target-file: %s line %ld: %d fields, the header "
		    "has %d (%s)", file, line, n, tr->ncols,
		    n < tr->ncols ? "a missing column" : "too many fields");
		return -1;
	}
	for (i = 0; i < 3; i++) {
		if (*col[i] < 0)
			continue;
		if ((why = scan_bounded(f[*col[i]], &v[i])) != NULL) {
			warn_msg("--target-file: %s line %ld column %d (%s): "
			    "'%s' %s", file, line, *col[i] + 1, names[i],
			    f[*col[i]], why);
			return -1;
		}
	}
	if (rs->file_n > 0 && !(v[0] > rs->file_t[rs->file_n - 1])) {
		warn_msg("--target-file: %s line %ld column %d (t): '%s' is not "
		    "after the row before", file, line,
		    tr->col_t + 1, f[tr->col_t]);
		return -1;
	}
	return add_target_row(rs, v[0], v[1], v[2]);
}

/* Read --target-file: EXIT_OK or the exit status. */
int
read_target_file(struct run_setup *rs)
{
	struct target_reader tr = { rs, -1, -1, -1, 0, 0 };
	const char *file = input_name(rs->target_file);
	int rc;

	if ((rc = csv_read_file("--target-file", rs->target_file,
	    target_record, &tr)) != 0)
		return rc == CSV_READ_SYS ? EXIT_IO : EXIT_USAGE;
	if (!tr.header_done || rs->file_n == 0) {
		warn_msg("--target-file: %s has no rows", file);
		return EXIT_USAGE;
	}
	rs->file_has_q = tr.col_q >= 0;
	return EXIT_OK;
}

/*
 * Standard input can be read once: --target-file - and --frames-from -
 * together are refused, naming both.  EXIT_OK or EXIT_USAGE.
 */
int
stdin_once(const struct run_setup *rs)
{
	if (rs->target_file != NULL && rs->frames_from != NULL &&
	    strcmp(rs->target_file, "-") == 0 &&
	    strcmp(rs->frames_from, "-") == 0)
		return usage_error("--target-file - and --frames-from - both "
		    "read stdin: give one of them a file");
	return EXIT_OK;
}

/* See run.h. */
int
run_setup_read_files(struct run_setup *rs)
{
	if (stdin_once(rs) != EXIT_OK)
		return EXIT_USAGE;
	if (rs->frames_from != NULL && !rs->frames_read) {
		if (read_frames(rs) != 0)
			return EXIT_USAGE;
		rs->frames_read = 1;
	}
	if (rs->target_file != NULL && !rs->target_read) {
		if (read_target_file(rs) != 0)
			return EXIT_USAGE;
		rs->target_read = 1;
	}
	return EXIT_OK;
}
