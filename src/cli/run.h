/*
 * run.h - a run's options, parsed and checked, and its output; shared by
 * `springsim run` and the commands built on runs (fps).
 */
#ifndef RUN_H
#define RUN_H

#include <getopt.h>

#include "cli.h"
#include "columns.h"
#include "numfmt.h"
#include "optparse.h"
#include "paramflags.h"
#include "spring.h"

#define MAX_HITCHES 64
#define MAX_FRAMES 1000000000L
/*
 * The libraries' knobs (the engines' knobs[] rows, engine.h), one id a
 * flag: getopt_long value KNOB_OPT + id (runengine.c).
 */
#define KNOB_OPT 900
#define KNOBS_MAX 32
/*
 * The most steps (one body's update, one substep, one spring's
 * evaluation) a run may take without --force: minutes (box2d's substep
 * ~40 ns, the chain's exact reference ~2.5 ns a body).
 */
#define MAX_WORK 1e11
/* Frames a command may hold in memory (16 bytes each) without --force. */
#define MAX_KEPT_FRAMES 100000000L

struct run_model;

/* Everything a run's flags say, and the spring_sim they make. */
struct run_setup {
	const char *command;		/* "sweep", for messages; or NULL */
	const char *model, *integrator, *output;
	const struct run_model *mdl;	/* --model's row, once resolved */
	const char *frames_from, *substep;
	struct param_set ps;
	double dt, duration, jitter, max_dt;
	double fps;			/* --fps N: dt is 1 / N */
	long frames, max_substeps, seed, precision;
	int have_fps;
	int have_dt, have_duration, have_frames, have_max_dt;
	int have_max_substeps, have_jitter, have_seed, metrics, header;
	/*
	 * --duration auto given (run_auto_duration), and whether the
	 * command takes it (run, fps; set before the resolve, which
	 * refuses it otherwise)
	 */
	int duration_auto, auto_ok;
	const char *columns;		/* --columns LIST, as given */
	int force;			/* --force: run even a huge run */
	int fast_exp;			/* --fast-exp */
	int float32;			/* --float32 */
	const char *engine;		/* --engine NAME */
	/*
	 * the libraries' knobs given (runengine.c), by knob id: bit id of
	 * knob_given, the value (a switch's 1, a count's whole number) and
	 * a range's text (LO:HI, read by the resolve)
	 */
	unsigned knob_given;
	double knob[KNOBS_MAX];
	const char *knob_text[KNOBS_MAX];
	double t_goal, v_goal, apprehension, horizon;
	int have_t_goal, have_v_goal, have_apprehension, have_horizon;
	/* --model inertialize */
	const char *source_spec[2];
	spring_signal source[2];
	double switch_at;
	int have_switch_at, have_x0, have_v0;
	int frames_read, target_read;	/* the files are read (once) */
	spring_hitch hitch[MAX_HITCHES];
	int nhitches;
	double *list;			/* --frames-from, owned */
	long list_len, list_cap;
	spring_schedule sched;
	/* the target signal */
	const char *signal_name, *signal_shape, *target_file, *vel_source;
	double signal_amp, signal_period, signal_at;
	long signal_seed;
	int have_target, have_target_vel;
	const char *signal_flag;	/* a --signal-* flag given, for messages */
	double *file_t, *file_g, *file_q;	/* --target-file, owned */
	long file_n, file_cap;
	int file_has_q;			/* the file has a velocity column */
	spring_signal signal;
	spring_sim sim;
	struct col_select cols;		/* --columns, read by the resolve */
};

/*
 * For a command built on runs whose own flags are rows (optparse.h):
 * parse argv into rs (run's flags and the parameters) and own (cmd's
 * rows), without the resolve.  EXIT_OK, CMD_DONE or the exit status.
 */
int run_parse_rows(struct run_setup *rs, const struct opt_command *cmd,
    void *own, int argc, char **argv);
/*
 * The pieces of run_parse_rows, for commands that build many runs (the
 * sweep): run_setup_init sets the defaults; run_longopts appends run's
 * and the parameters' getopt_long entries to extra (NULL or ending in a
 * NULL entry) in all[0..cap) (run's codes are 256 + the row of flags.c's
 * table): 0, or -1 if cap is short or a code of extra is run's or a
 * parameter's (a bug in the command's table); run_apply takes
 * one option getopt_long returned (0, or -1 after a message);
 * run_setup_resolve checks the whole and builds rs->sim (reading the
 * files the flags name only once, so a copy of a resolved setup can be
 * changed and resolved again): EXIT_OK or EXIT_USAGE after a message.
 */
void run_setup_init(struct run_setup *rs);
int run_longopts(const struct option *extra, struct option *all,
    size_t cap);
int run_apply(struct run_setup *rs, int c, const char *arg);
/*
 * run_apply for a number already read: x is what the text arg reads as
 * (a sweep's grid point and its round-trip text), checked and stored as
 * run_apply would, without reading arg again.
 */
int run_apply_number(struct run_setup *rs, int c, const char *arg, double x);
int run_setup_resolve(struct run_setup *rs);
/*
 * The metrics of the run rs describes, the tracking metrics (lag,
 * attenuation) included: 0, or EXIT_IO after a message.
 */
int run_metrics(const struct run_setup *rs, spring_metrics *m,
    spring_frame_stats *fs, double *lag, double *attenuation);
void run_setup_free(struct run_setup *rs);
/*
 * --duration auto: set sim's length (its duration, frames) to twice the
 * time from which both the rule (or engine) and the exact spring stay in
 * the 2 % band of settle_time, found by runs of doubling length, at most
 * the cap (run.c's run_auto_cap).  *capped: 1 when the cap was reached unsettled
 * (run_auto_warning says so once the run is done).  EXIT_OK or EXIT_IO.
 */
int run_auto_duration(spring_sim *sim, int *capped);
void run_auto_warning(const spring_sim *sim, int capped);
/*
 * Read --frames-from and --target-file now, once: a sweep's base does,
 * so that its configurations, copies of it, share what was read instead
 * of each reading (and owning) a copy.  EXIT_OK or the exit status.
 */
int run_setup_read_files(struct run_setup *rs);
/*
 * Refuse up front, unless --force, a run at frame time dt that would take
 * hours or more memory than a machine has: more than MAX_FRAMES pieces of
 * a square wave or noise (the reference is solved piece by piece), more
 * than MAX_KEPT_FRAMES frames held for the tracking metrics (*kept, a
 * running total over a command's runs; NULL when the caller keeps none),
 * a lag search (when tracking) of more than ~1e11 evaluations.  what
 * names the flag that keeps frames.  EXIT_OK, or EXIT_USAGE after a
 * message.
 */
int run_check_cost(const struct run_setup *rs, double dt, double *kept,
    int tracking, const char *what);
/*
 * The one estimate of a run's work, for every model and engine: frames
 * of per_frame steps each, rows written.  Refused up front, unless
 * --force, past MAX_FRAMES rows or MAX_WORK steps, in one line naming
 * what (the flags that make the work: "--model mesh --grid 2000x1
 * --frames 1000000") and the estimate.  EXIT_OK or EXIT_USAGE.
 */
int run_check_work(const struct run_setup *rs, const char *what,
    double frames, double per_frame, double rows);
/*
 * The flags that set the length of rs's run ("--frames 1000", "--duration
 * 2 --dt 0.01", "--frames-from q.csv") into buf, and its frames at most.
 */
double run_length_flags(const struct run_setup *rs, char *buf, size_t len);
/*
 * For many runs that differ only in the parameter flags' values (a
 * sweep's): run_spring_plan says whether resolved setup rs takes its
 * spring from those values alone (the spring model, or --model critical's
 * half-life; no signal), 0 and their plan in pl, else -1; and then
 * run_spring_params gives the sim (a copy of rs->sim) of the values
 * value[] (by enum param_id) and --mass mass: 0, or -1 with no message
 * where run_setup_resolve would fail.
 */
int run_spring_plan(const struct run_setup *rs, struct param_plan *pl);
int run_spring_params(const struct run_setup *rs, const struct param_plan *pl,
    const double *value, double mass, spring_sim *sim);
/*
 * Where in spring_sim getopt_long value c stores its number when it is
 * the spring's start or target line (--x0, --v0, --target, --target-vel),
 * a field no check of a setup run_spring_plan takes reads: so such
 * a sim's value is set there by number, before run_spring_params, which
 * starts the spring from it.  -1 for any other flag.
 */
long run_flag_state(int c);
/*
 * Whether run_apply_number takes x for getopt_long value c without a
 * word: a number flag's bounds (|x| <= MAX_MAGNITUDE; > 0, or in [0, 1),
 * where its row says).  0 for a flag of another kind (a count, a rate,
 * a name: its check is run_apply's), whatever x.
 */
int run_value_fits(int c, double x);
/* run's paragraphs of --help (model, parameters, time, output, metrics). */
void run_usage_body(FILE *fp);
/* How sweep varies a run flag: enum sweep_kind (optparse.h). */
/* How getopt_long value c sweeps: a parameter's, SWEEP_NUMBER. */
enum sweep_kind run_flag_sweep(int c);
/*
 * The libraries' knobs as flags (runengine.c; flags.c's table has a row
 * where they go): engine_knob_flag gives knob id's flag (no dashes) and
 * whether it takes a value, NULL past the last; engine_knob_usage their
 * lines of --help; engine_knob_apply and _apply_number take one as
 * run_apply and run_apply_number do (-1 for a code not a knob's);
 * engine_knob_sweep and engine_knob_fits are run_flag_sweep's and
 * run_value_fits's for them; engine_knob_get says whether rs was given
 * flag, its value in *x.
 */
const char *engine_knob_flag(int id, int *has_arg);
void engine_knob_usage(FILE *fp);
int engine_knob_apply(struct run_setup *rs, int c, const char *arg);
int engine_knob_apply_number(struct run_setup *rs, int c, const char *arg,
    double x);
enum sweep_kind engine_knob_sweep(int c);
int engine_knob_fits(int c, double x);
int engine_knob_get(const struct run_setup *rs, const char *flag, double *x);
/*
 * The i-th name sweep's 'all' stands for with getopt_long value c (every
 * rule for --integrator, every policy for --substep), NULL past the last
 * or for a flag that takes no 'all'.
 */
const char *run_flag_all(int c, long i);
/* Whether getopt_long value c is a flag that may repeat (--hitch). */
int run_flag_repeats(int c);
/*
 * Whether getopt_long value c is a flag some model owns (run_models[]'s
 * owns; the table marks them so that a sweep's every configuration does
 * not search the models for each flag it was given).
 */
int run_flag_owned(int c);
/*
 * Call fn with each flag some model owns that rs was given (those whose
 * giving it records: a have_ flag, a name), in the table's order, until
 * fn returns nonzero: that, or 0.
 */
int run_flags_given(const struct run_setup *rs,
    int (*fn)(void *ctx, const char *flag), void *ctx);
/* The same for every flag of run's table (tune's refusal without a rule). */
int run_flags_given_all(const struct run_setup *rs,
    int (*fn)(void *ctx, const char *flag), void *ctx);
/*
 * Whether rs was given run's flag ("--x0"), as its row records giving it
 * (a have_ flag, a switch's field, a name); 0 for a flag whose giving is
 * not recorded.
 */
int run_flag_given(const struct run_setup *rs, const char *flag);
/*
 * The value rs was given for run's flag, for a message: " 'NAME'" for a
 * name, " X" (%g) for a number, "" for any other (a switch).
 */
void run_flag_value(const struct run_setup *rs, const char *flag, char *buf,
    size_t n);
/*
 * Why the models that refuse run's flag do, when the flag itself says it
 * (its row's refused: "goes with the spring's rules"), else NULL: the
 * model's row says why.
 */
const char *run_flag_why(const char *flag);

/* Where rows go and how their numbers are written. */
struct sink {
	out_file out;
	int precision;			/* 0: round-trip */
	int dt_column;			/* the frame time varies */
	int intermediate;		/* a model's extra columns: 0, 2, 4 */
	const char *extra_names;	/* their header, "xi,vi,..." */
	const struct col_select *cols;	/* --metrics's columns; NULL: all */
	int engine;			/* an engine's run: its columns */
};

/*
 * A command's run setup and sink, on the heap (the sink zeroed): 0, or -1
 * after "out of memory" with nothing left allocated.
 */
int run_alloc(struct run_setup **rs, struct sink **k);

int put_number(const struct sink *k, char *buf, double v);
/* n numbers as one CSV row (NaN an empty field) and a newline. */
void write_numbers_row(struct sink *k, const double *v, int n);
/* Set the sink's extra columns for sim's model. */
void sink_columns(struct sink *k, const spring_sim *sim);
/* The trajectory header, and a row (a spring_row_fn, ctx a sink). */
void write_trajectory_header(struct sink *k);
int emit_row(void *ctx, const spring_row *r, double dt);
/*
 * The 8 numbers every trajectory row starts with, in the header's order
 * (emit_row's; make bench formats the same).
 */
void row_columns(const spring_row *r, double *col);
/* The most numbers a trajectory row has. */
#define ROW_MAX_COLS 14
/*
 * A long trajectory's rows formatted on two cores, written to k in
 * order: sink_batch_open gives the batch (NULL: one core, or out of
 * memory: use emit_row), batch_row takes a row as emit_row does (ctx the
 * batch), sink_batch_close writes what is left and frees the batch: 0,
 * or EXIT_IO.
 */
struct row_batch;
struct row_batch *sink_batch_open(struct sink *k);
int batch_row(void *ctx, const spring_row *r, double dt);
int sink_batch_close(struct row_batch *b);
/*
 * The --metrics columns are columns.h's (metric_cols).  Names are text;
 * values are numbers in the sink's format; counts are whole.  The
 * longest row metrics_format writes (names are short words):
 */
#define METRIC_ROW_MAX (3 * 32 + METRIC_NCOLS * (NUMFMT_MAX + 1))
/* The columns --metrics prints without --columns for rs. */
const struct col_select *metric_default(const struct run_setup *rs);
/*
 * Read --columns LIST into idx[0 .. *count): each item a column's name,
 * its index find(name) (-1: none), in the order given, each once; or an
 * item other(ctx, item, nread) takes, nread the columns read before it:
 * one with a leading '-' (a swept column sweep leaves out) or a name that
 * is no column (a swept one of sweep's own); other gives 0 (taken), -1
 * after a message, or 1 (not its own: refused here; other NULL: every
 * such item refused).  of: the model whose own columns find knows (its
 * name in the message; NULL: run's, which 'springsim list' shows).  0, or
 * -1 after a message naming --columns and the value.
 */
#define COLUMNS_MAX 64
_Static_assert(METRIC_NCOLS <= COLUMNS_MAX, "columns_parse's seen[]");
int columns_parse(const char *text, int (*find)(const char *name),
    const char *of, unsigned char *idx, int *count,
    int (*other)(void *ctx, const char *item, int nread), void *ctx);
/* columns_parse over run's columns (metric_cols), into sel. */
int metric_columns_parse(const char *text, struct col_select *sel,
    int (*other)(void *ctx, const char *item, int nread), void *ctx);
/* The row's values, column by column (NaN for the names). */
void metrics_values(const struct run_setup *rs, const spring_metrics *m,
    const spring_frame_stats *fs, double lag, double attenuation,
    struct metric_row *r);
/*
 * The row's columns sel chooses into buf (METRIC_ROW_MAX bytes at
 * least), no newline; its length.  precision as --precision (0:
 * round-trip).
 */
size_t metrics_format(char *buf, const struct run_setup *rs,
    const struct metric_row *v, int precision, const struct col_select *sel);
/*
 * metrics_format for a writer of many rows: the cells whose values are
 * the same as in the row before are copied from it, not formatted.
 * before is the text the call before wrote, where it is now (the caller
 * keeps it: a row back in its buffer), or NULL (none: a new buffer).  c
 * starts zeroed and is opened (row_cache_open) before its first row;
 * row_cache_close frees it.  Or its memo is placed (row_cache_place) in
 * row_cache_room bytes of the caller's.  buf needs METRIC_ROW_MAX + NUMFMT_MAX
 * bytes, and 31 bytes past the row before are read.
 */
/*
 * The identity values' memo: ROW_MEMO_VALUES texts, in the order first
 * seen, found by their bits through ROW_MEMO_SLOTS indices (half full at
 * most): a swept axis's points recur row after row, and an axis of 10^4
 * points must fit whole, or its points evict one another as they cycle.
 * 512 KiB of texts and 64 KiB of indices a worker, touched as used.
 */
#define ROW_MEMO_VALUES 16384
#define ROW_MEMO_SLOT_BITS 15
#define ROW_MEMO_SLOTS (1 << ROW_MEMO_SLOT_BITS)
_Static_assert(ROW_MEMO_SLOTS >= 2 * ROW_MEMO_VALUES &&
    ROW_MEMO_VALUES < 65536, "the memo's indices: half full, 16 bits");
/* How a cell of the metrics row is formatted (metrics_format_cached). */
enum cell_how {
	CELL_NUMBER,		/* a metric, and no same_as cell before */
	CELL_SAME,		/* a metric, maybe its same_as cell's */
	CELL_MEMO,		/* an identity value (the memo's) */
	CELL_COUNT, CELL_NAME
};
struct row_cache {
	/*
	 * The row before: where each cell starts in it (at its comma; at[n]
	 * the end), what each cell's text is of (its value's bits; a name
	 * cell's, its text's address); n 0: none
	 */
	const struct col_select *sel;		/* its columns */
	unsigned long long names;		/* bit i: cell i is a name */
	int in_order;				/* cell i is column i */
	int n;
	unsigned long long key[METRIC_NCOLS];
	const char *name[METRIC_NCOLS];		/* a name cell's text */
	unsigned short at[METRIC_NCOLS + 1];
	/* the cell of the column's same_as, where it is earlier: -1 */
	signed char same_at[METRIC_NCOLS];
	/* each cell's value: its column's offset in struct metric_row */
	unsigned short offset[METRIC_NCOLS];
	unsigned char how[METRIC_NCOLS];	/* enum cell_how, each cell's */
	int precision;				/* the memo's texts' */
	int nmemo;				/* memo[0 .. nmemo) kept */
	struct value_memo {
		unsigned long long bits;
		unsigned char len;
		char text[23];			/* most texts: 32 bytes */
	} *memo;				/* ROW_MEMO_VALUES */
	unsigned short *slot;			/* 0 empty, else memo's 1 + */
	unsigned short hint[METRIC_NCOLS];	/* each cell's last in memo */
	/* the row's metrics formatted ahead (row_pre_format), or NULL */
	const struct row_pre *pre;
	int pre_row;				/* this row's in pre */
};

/*
 * A few rows' changing metrics formatted together, ahead of their rows:
 * numfmt_roundtrip_n formats sixteen at a time with AVX-512, about 11 ns
 * a number where one alone takes about 19 (a loop over 10^6 of a
 * sweep's metric values, this machine), and a row has nine or ten.
 * at[r][i]: 1 + the index of row r's cell i's text, 0 none (formatted
 * in the row, as before).
 */
#define ROW_PRE_ROWS 16
struct row_pre {
	unsigned short at[ROW_PRE_ROWS][METRIC_NCOLS];
	double val[ROW_PRE_ROWS * METRIC_NCOLS];
	unsigned char len[ROW_PRE_ROWS * METRIC_NCOLS];
	char text[ROW_PRE_ROWS * METRIC_NCOLS][NUMFMT_MAX];
};
void row_pre_format(struct row_pre *pre, struct row_cache *c,
    const struct col_select *sel, const struct metric_row *v,
    int rows, int first_whole, int precision);
int row_cache_open(struct row_cache *c);
void row_cache_close(struct row_cache *c);
size_t row_cache_room(void);
void row_cache_place(struct row_cache *c, void *room);
size_t metrics_format_cached(char *buf, const char *before,
    const struct run_setup *rs, const struct metric_row *v, int precision,
    const struct col_select *sel, struct row_cache *c);
/*
 * The --metrics header and row: identity, metrics, frame statistics (the
 * columns k->cols chooses).
 */
void write_metrics_header(struct sink *k, int end_line);
void write_metrics(struct sink *k, const struct run_setup *rs,
    const spring_metrics *m, const spring_frame_stats *fs, double lag,
    double attenuation, int end_line);
/*
 * The tracking metrics of a run's frames (lag, attenuation): 0, 0 for a
 * constant target; see spring_tracking.
 */
void run_tracking(const struct run_setup *rs, const double *t,
    const double *x, long n, double *lag, double *attenuation);
/* The warnings a run owes: divergence, the substep guard. */
void run_warnings(const struct run_setup *rs, const spring_metrics *m,
    const spring_frame_stats *fs);

/* --model mesh, and pair or chain with --dim 2|3 (cli/cmd_network.c). */
int cmd_network(int argc, char **argv);
/*
 * The run flags no system of springs takes (--substep, schedules,
 * --metrics, --fast-exp): EXIT_OK, or EXIT_USAGE after one line;
 * has_summary points --metrics at --summary (cli/cmd_system.c).
 */
int system_run_flags(const struct run_setup *rs, const char *model,
    int has_summary);
/*
 * The run flags run_models[]'s row of model (as the user named it)
 * refuses, for a model with a command of its own: EXIT_OK, or EXIT_USAGE
 * after one line (runmodels.c).
 */
int run_model_refuses(const struct run_setup *rs, const char *model);
/*
 * The --model argv names (NULL without one), read before getopt; with
 * dim_arg not NULL, *dim_arg the value of --dim ("" when it has none) or
 * NULL without --dim (runmodels.c).
 */
const char *run_model_arg(int argc, char **argv, const char **dim_arg);
/*
 * Whether argv gives run's long option name ("engine"), read before
 * getopt as run_model_arg reads --model (a prefix getopt takes, too).
 */
int run_flag_in(int argc, char **argv, const char *name);
/* Whether argv's --model (or --dim) names a model command (runmodels.c). */
int run_names_model_command(int argc, char **argv);

/*
 * The command that runs the model --model names in argv (with --dim:
 * vector, mesh), or NULL for run's own models (run_models[]'s run).
 */
typedef int (*model_runner)(int argc, char **argv);
model_runner run_model_runner(int argc, char **argv);

/* How a run model's rule is chosen: the spring's, or exact only. */
/*
 * Which rules a model takes: run's (spring_rules[]), the critical
 * spring's exact one, or a family of the library's own for the models
 * with a command of their own (rotation.h's, system.h's line rules,
 * network.h's).
 */
enum model_rules { RULES_SPRING, RULES_CRITICAL, RULES_ROTATION, RULES_LINE,
    RULES_NET };
/*
 * The name --integrator (and the identity column) gives the critical
 * spring's one rule (spring_rule_critical, Holden's exact update).
 */
#define CRITICAL_RULE_NAME "exact"

/*
 * A model (runmodels.c's run_models[], ending in a row with neither name
 * nor lib): the library's model it is (lib: its name, summary and rules
 * come from there, spring_models[]), or its own name and line of
 * `springsim list` and how its rule is chosen; how its spring is
 * resolved (run's models), or the command that runs it (NULL for
 * run's), the flags it owns ("--t-goal --apprehension": refused with a
 * model that owns none), and the model --dim makes it.
 */
struct run_model {
	const spring_model *const *lib;	/* the library's, or NULL */
	const char *name;		/* NULL with lib */
	const char *summary;		/* NULL with lib */
	enum model_rules rules;		/* unread with lib */
	int (*resolve)(struct run_setup *rs);
	model_runner run;
	const char *owns;	/* flags only it and others that say so take */
	/* parameter flags of no dialect that it alone takes ("--factor
	 * --ft": resolve_damped refuses them for the others) */
	const char *params;
	/*
	 * run's flags it refuses, "--a --b" (the first given named, in
	 * this order): "FLAG does not go with --model NAME: why", or
	 * "FLAG REASON, not --model NAME" for a flag whose row gives the
	 * reason (run_flag_why: --float32); why NULL when each does
	 * (refuse_flags, after its resolve; a model command's checks call
	 * run_model_refuses)
	 */
	const char *refuses, *why;
	const char *dim_as;	/* the model it is with --dim N */
	int dim_one_stays;	/* but not with --dim 1 */
	/* what its rows are checked against (`springsim help NAME`);
	 * NULL with lib: the library model's closed-form reference */
	const char *checked;
};
extern const struct run_model run_models[];
/* A row's name: its library model's, or its own (NULL: the table's end). */
const char *run_model_name(const struct run_model *m);
/* The row of model name, or NULL. */
const struct run_model *run_model_find(const char *name);

#endif
