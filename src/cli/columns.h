/*
 * columns.h - the --metrics columns: one table (columns.c's metric_cols),
 * a row a column, and the row of values it reads (struct metric_row).
 * A new column is a field of struct metric_row, its value set in
 * metrics_values_of, and a row of metric_cols[]: the header, the rows,
 * --columns, sweep's --fail-if, 'springsim list' and the defaults follow.
 */
#ifndef COLUMNS_H
#define COLUMNS_H

#include <stddef.h>

#include "spring.h"

/*
 * A run's --metrics values, one double a column (a name column's is NaN:
 * its text is the setup's).  Doubles only, no padding: the sweep's rows
 * compare and read them as an array (a cell's value at its column's
 * offset).  Kept in metric_cols[]' order, the default row's cells are
 * the fields in order (metrics_format_cached compares them two at a
 * time); another order is only slower, never wrong.
 */
struct metric_row {
	/* the run's identity */
	double model, integrator, substep, dt, frames, omega, zeta, mass;
	double x0, v0, target, target_vel;
	/* the metrics (spring_metrics) */
	double max_err_x, rms_err_x, final_err_x;
	double max_err_v, rms_err_v, final_err_v;
	double overshoot, settle_time, energy_drift, diverged;
	/* the policy's settings and what it did, the tracking metrics */
	double max_dt, max_substeps, lost_time, max_lag, substeps;
	double max_substeps_frame, lag, attenuation;
	/* --engine's */
	double engine, done_time, snap_jump, first_move_frame;
	double first_move_time;
	/* --engine's, against a duration dialect's asked duration */
	double asked_duration, done_error, settle_error;
};

/* The --metrics columns: one a field of struct metric_row. */
#define METRIC_NCOLS ((int)(sizeof(struct metric_row) / sizeof(double)))
_Static_assert(sizeof(struct metric_row) % sizeof(double) == 0,
    "struct metric_row is doubles, no padding");

/* What a column's text is: a name (text), a number, a whole count. */
enum col_kind { COL_NAME, COL_VALUE, COL_COUNT };
/*
 * Which part of the row a column is: the run's identity (its values
 * recur from row to row: a sweep's axis points), a metric of the run, a
 * statistic of its frames and policy, an engine's (printed by default
 * only with --engine; empty without one).
 */
enum col_group { COL_IDENTITY, COL_METRIC, COL_RUN_STAT, COL_ENGINE };
/* Where a name column's text comes from (COL_NAME only). */
enum col_source { SRC_NONE, SRC_MODEL, SRC_INTEGRATOR, SRC_SUBSTEP,
    SRC_ENGINE };

/*
 * A column: its name (the header's, --columns', --fail-if's), kind,
 * group, for a name the setup's string it prints, the SPRING_WANT_*
 * bit the batch needs to compute it (0: none), offset (offsetof its
 * field in struct metric_row), same_as (a column whose value this one
 * often equals, whose text the sweep copies when it does; NULL: none),
 * inf (what an infinite value means; NULL: it never is) and help (a
 * line: what it is).
 */
struct metric_col {
	const char *name;
	enum col_kind kind;
	enum col_group group;
	enum col_source source;
	unsigned want;
	size_t offset;
	const char *same_as;
	const char *inf;
	const char *help;
};
/* The columns, in the header's order, ending in a NULL name. */
extern const struct metric_col metric_cols[];
/* A column's index in metric_cols by name, or -1. */
int metric_col_find(const char *name);

/* Columns chosen: metric_cols indices, in the row's order. */
struct col_select {
	int n;
	unsigned char idx[METRIC_NCOLS];
};
/*
 * Every column but the engine's (engine 0), or every one (engine 1),
 * in the table's order: --metrics without --columns.
 */
const struct col_select *metric_select_all(int engine);

/* The value of the column at offset in r. */
static inline double
metric_value(const struct metric_row *r, size_t offset)
{
	return *(const double *)(const void *)((const char *)r + offset);
}

/*
 * The row of sim's run: its identity, metrics m, frame statistics fs,
 * tracking metrics (lag, attenuation) and the duration its parameter
 * flags asked for (param_asked_duration; NaN: none).
 */
void metrics_values_of(const spring_sim *sim, const spring_metrics *m,
    const spring_frame_stats *fs, double lag, double attenuation,
    double asked, struct metric_row *r);
/* Whether column i is one of the asked duration's (empty without it). */
int metric_col_asked(int i);

#endif
