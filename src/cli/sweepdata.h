/*
 * sweepdata.h - what sweep's command (sweep.c: flags, shards, columns), its
 * grid (sweepgrid.c: axes, --grid-from, configurations), its gates
 * (sweepgates.c: --fail-if) and its pool (sweeppool.c: the threads, the
 * ring of slots, the check of every configuration; sweeprows.c: a block's
 * rows, sweepwork.h between the two) share.  Private to the program.
 */
#ifndef SWEEPDATA_H
#define SWEEPDATA_H

#include <stddef.h>

#include "grid.h"
#include "numfmt.h"
#include "run.h"

#define MAX_AXES 64
#define MAX_GATES 32
#define MAX_JOBS 256
/* failing rows named on stderr; the rest are counted */
#define MAX_SHOWN 20
/* configurations a block: a worker's unit of work */
#define BLOCK 256
/* configurations a slot of the ring at most: the writer's unit */
#define SLOT_ROWS (8 * BLOCK)
#define CHECK_BLOCK 4096

enum axis_kind { AX_NUMBER, AX_INTEGER, AX_NAME, AX_FIXED, AX_ROWS };

/* One axis of the grid: an option's values, or --grid-from's rows. */
struct axis {
	enum axis_kind kind;
	long n;			/* values (rows) */
	/* an option */
	int code;		/* getopt_long's value for it */
	char flag[48];		/* "--dt" */
	struct grid grid;	/* a range of numbers (items == NULL) */
	/* lists and names: the text */
	char **items;
	char *text;		/* the copy items point into (a list) */
	/*
	 * a range's texts, once (items point into text, NUMFMT_MAX + 1
	 * bytes apart: 32 can be read from each): their lengths; or NULL
	 */
	unsigned char *len;
	double *num;		/* AX_NUMBER: what each item reads as */
	/* a parameter flag's: every point within the flag's range */
	int in_range;
	/*
	 * --grid-from: its columns' options; the rows' cells, each ended by
	 * a NUL, one after the other in cells, row i's from row_at[i]
	 * (sweep_row_cell); the line of each row.  A row costs its text
	 * and 16 bytes, not a pointer and an allocation a cell.
	 */
	int ncols;
	int *codes;
	char **flags;
	char *cells;
	size_t cells_len, cells_cap;
	size_t *row_at;
	long *lines;
};

/* Cell c of --grid-from's row i, as the file gave it. */
const char *sweep_row_cell(const struct axis *ax, long i, int c);

/* A --fail-if gate: column op value. */
enum gate_op { OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE };

struct gate {
	const char *text;	/* as given */
	int col;		/* metric_cols index */
	size_t offset;		/* its value's in struct metric_row */
	enum gate_op op;
	double value;
};

/* Everything the sweep's flags say. */
struct sweep {
	struct run_setup base;	/* the fixed options; files read */
	struct axis axes[MAX_AXES];
	int naxes;
	long total;		/* configurations in the grid */
	long first, count;	/* this shard's */
	long shard_k, shard_n;
	long jobs;		/* -j: worker threads */
	int quiet, precision;
	int status;		/* --grid-from's, when not EXIT_USAGE */
	struct gate gates[MAX_GATES];
	int ngates;
	const char *grid_from;
	/* the options given, by getopt code: each at most once */
	const char *seen[4096];
	/* the extra columns: axis, column of the axis (--grid-from) */
	int ncols;
	short col_axis[MAX_AXES * 4], col_sub[MAX_AXES * 4];
	char *col_name[MAX_AXES * 4];
	/*
	 * The row: the metrics columns msel chooses, then the extra ones
	 * xsel does (--columns; all, in order, without it)
	 */
	struct col_select msel;
	long slot_rows;		/* configurations a slot: SLOT_ROWS or less */
	unsigned want;		/* SPRING_WANT_*: the metrics msel and gates need */
	int nx;
	short xsel[MAX_AXES * 4];
	unsigned char swept[METRIC_NCOLS];	/* a swept metrics column */
	unsigned char dropped[METRIC_NCOLS + MAX_AXES * 4];	/* -NAME */
	unsigned char named[METRIC_NCOLS + MAX_AXES * 4];	/* extra NAME */
	short xnamed[MAX_AXES * 4];	/* the extra columns named, in order */
	short xnamed_at[MAX_AXES * 4];	/* run's columns named before each */
	int nxnamed;
	int run_named_first;	/* run's columns named before xnamed[0] */
	/*
	 * --columns naming an extra column before one of run's: the row's
	 * field p is field perm[p] of the row as written (msel's, then
	 * xsel's); nperm 0: the row as written (sweeprows.c's permute_row)
	 */
	int nperm;
	short perm[METRIC_NCOLS + MAX_AXES * 4];
	/*
	 * The grid resolved (sweep_plan): the axes of parameter flags, and
	 * of the spring's start and target line (run_flag_state), set by
	 * number on a resolved setup (run_spring_params); the others make
	 * a configuration's key (digit times stride), the same key the
	 * same resolved setup
	 */
	int nfast, nstate, nkeyed;
	short fast_axis[MAX_AXES];
	short state_axis[MAX_AXES];
	long state_at[MAX_AXES];	/* where in the sim: run_flag_state */
	short keyed[MAX_AXES];	/* the others, the key's */
	long stride[MAX_AXES];	/* 0 for an axis set by number */
	long nkeys;		/* keys: 0 .. nkeys - 1 */
	int keys_return;	/* a keyed axis varies faster than one set
				 * by number: a key comes back */
};

/* The text of a configuration's values that have none of their own. */
struct config_text {
	char s[MAX_AXES][NUMFMT_MAX + 1];
};

/* What the writer gathered of the failing rows. */
struct failures {
	long nfail, ndiverged;
	unsigned long long gate_filled;	/* gates with a value in a row */
	int nshown;
	long idx[MAX_SHOWN];
	int gate[MAX_SHOWN];
	double value[MAX_SHOWN];
};

/* The grid (sweepgrid.c). */

/*
 * A column's name for a flag: no dashes in front, _ for - inside (a copy
 * to free; NULL: out of memory).
 */
char *sweep_column_name(const char *flag);
/*
 * Option --name (getopt value code) given text: a fixed option, applied
 * to sw's base now, or an axis whose values are each checked alone.
 * EXIT_OK, or the exit status after a message.
 */
int sweep_add_option(struct sweep *sw, int code, const char *name,
    const char *text);
/*
 * --grid-from FILE (sw->grid_from): one axis of its rows, each checked
 * alone; opts the getopt table whose options its header may name.
 * EXIT_OK, or the exit status after a message.
 */
int sweep_add_rows(struct sweep *sw, const struct option *opts);
/*
 * The shard's work refused up front without --force, as run refuses a
 * long run: EXIT_OK, or EXIT_USAGE after a message.
 */
int sweep_check_work(const struct sweep *sw);
/*
 * Resolve the grid once: which axes are set by number on a resolved
 * setup (fast_axis, state_axis), the others (keyed) and their strides in
 * a configuration's key.
 */
void sweep_plan(struct sweep *sw);
/*
 * The ranges' points as text (the slowest axis's are formatted as the
 * rows meet them): EXIT_OK, or EXIT_IO after a message.
 */
int sweep_cache_texts(struct sweep *sw);
/*
 * The text of value i of an axis that is an option: an item, or a point
 * of a range written into buf (round-trip: it reads back to the point).
 */
const char *sweep_axis_text(const struct axis *ax, long i, char *buf);
/* The values of every axis at configuration idx, last axis fastest. */
void sweep_config_digits(const struct sweep *sw, long idx, long *digit);
/* The digits of the configuration after (an odometer: no division). */
void sweep_config_next(const struct sweep *sw, long *digit);
/*
 * Build configuration idx into rs as run would: EXIT_OK, or EXIT_USAGE
 * after a message (muted in the workers' check).
 */
int sweep_config_setup(const struct sweep *sw, long idx,
    struct run_setup *rs, struct config_text *text);
/*
 * Value i of number axis ax as the number run would read: what an item
 * reads as, or a range's point (which its text, written round-trip,
 * reads back as).  Inline: a row's parameter axes take it.
 */
static inline double
sweep_axis_number(const struct axis *ax, long i)
{
	return ax->num != NULL ? ax->num[i] : grid_at(&ax->grid, i);
}
/* A configuration's identity, the axes that vary, as flags. */
void sweep_config_identity(const struct sweep *sw, long idx, char *out,
    size_t len);

/* The gates (sweepgates.c). */

/* Parse --fail-if 'METRIC OP VALUE' into g: 0, or -1 after a message. */
int sweep_gate_parse(const char *text, struct gate *g);
/* Whether value x fails gate g; an empty field (NaN) fails none. */
int sweep_gate_fails(const struct gate *g, double x);
/*
 * The gates (bit g: sw->gates[g]) whose metric run setup rs can give a
 * value at all: not energy_drift for a model without energy, not an
 * engine's columns without --engine.
 */
unsigned long long sweep_gates_may_fill(const struct sweep *sw,
    const struct run_setup *rs);
/*
 * A gate whose metric is empty in every row (filled: bit g for each gate
 * that had a value somewhere) tests nothing: EXIT_OK, or EXIT_USAGE
 * after naming the first.
 */
int sweep_gates_filled(const struct sweep *sw, unsigned long long filled);
/* The failing rows on stderr: the first MAX_SHOWN, then the count. */
void sweep_report_failures(const struct sweep *sw, const struct failures *f);

/*
 * The pool (sweeppool.c): n - 1 workers' rooms (the main thread's w[0],
 * threads for the others, started now) and a spare, w[n - 1], to say
 * what is bad; NULL: out of memory.  Freed: the threads joined.  The
 * rooms are sized for a grid of configs configurations and keys keys
 * a worker may keep (0: none comes back).
 */
struct worker;
struct worker *sweep_workers_new(int n, long configs, long keys);
void sweep_workers_free(struct worker *w, int n);
/*
 * Check every configuration of the shard on the jobs workers (w has
 * jobs + 1 rooms) before writing anything: EXIT_OK, or EXIT_USAGE after saying
 * why the first bad one is no valid run; *may_fill the gates some
 * configuration can give a value (sweep_gates_may_fill).
 */
int sweep_check_all(const struct sweep *sw, struct worker *w, int jobs,
    unsigned long long *may_fill);
/*
 * The main pass: the jobs workers (this thread one) fill the ring's
 * slots; the one that finishes the next slot in order writes it to k,
 * and the done ones after it, and gathers the failing rows into f.  EXIT_OK,
 * EXIT_IO, or EXIT_USAGE when a configuration is no valid run.
 */
int sweep_run_all(const struct sweep *sw, struct worker *w, int jobs,
    struct sink *k, struct failures *f);

#endif
