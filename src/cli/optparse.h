/*
 * optparse.h - every command's flags as rows, in the manner of git's
 * parse-options: a row is a flag's name, what it takes (its kind and
 * range), where its value goes (a typed field of the command's struct)
 * and its lines of --help.  One loop (opt_parse) builds getopt_long's
 * table from a command's rows, stores each value as its row says and
 * prints the command's --help from them; a flag of another command is
 * refused naming that command (opt_elsewhere).
 */
#ifndef OPTPARSE_H
#define OPTPARSE_H

#include <stddef.h>
#include <stdio.h>

#include "cli.h"

/* What a flag takes, and so how its value is checked and stored. */
enum flag_kind {
	FK_TEXT,		/* no flag: a paragraph of --help */
	FK_COMMON,		/* -h, -V: common_option's, no value */
	FK_COMMON_VALUE,	/* -o FILE: common_option's */
	FK_ON,			/* no value: its int field becomes 1 */
	FK_OFF,			/* no value: its int field becomes 0 */
	FK_ANY,			/* finite, |x| <= MAX_MAGNITUDE (a double) */
	FK_POSITIVE,		/* and > 0 */
	FK_FRACTION,		/* and 0 <= x < 1 */
	FK_COUNT,		/* a whole number in [min, max] (a long) */
	FK_RATE,		/* frames per second: > 0, dt = 1 / rate */
	FK_NAME,		/* a name or a file's, the resolve checks it */
	FK_HITCH,		/* AT:LEN, repeatable (parse_hitch) */
	FK_HOOK,		/* the row's parse function takes the value */
	FK_REFUSED,		/* refused: "FLAG" and the row's refused text */
	FK_KNOBS		/* no flag: the engines' knobs go here (run's) */
};

/*
 * How sweep varies a run flag (flags.c's table): a number (lists and
 * ranges), a whole number, a name (comma lists), or not at all (files,
 * --hitch's AT:LEN, --precision); SWEEP_NONE for a flag of no value.
 */
enum sweep_kind {
	SWEEP_NONE, SWEEP_NUMBER, SWEEP_INTEGER, SWEEP_NAME, SWEEP_FIXED
};

/*
 * The offset of field f of struct S, which must be of type T: a field of
 * another type does not compile (no _Generic association).
 */
#define FIELD_OF(S, T, f) (offsetof(S, f) + 0 * \
	sizeof(_Generic(((S *)0)->f, T: 1)))

/*
 * One row: the flag ("--name"; NULL for a paragraph of text), its short
 * letter (common_option's), what it takes, where it goes (at: the field
 * of the command's struct, typed by kind; have: its int have_ flag, or
 * 0), its lines of --help, printed in the table's order: help, then the
 * list list prints, then tail.  An FK_HOOK row's value goes to parse
 * (own: the command's struct): 0, or -1 after a message (an FK_ON row's
 * parse, if any, is called with NULL after the store); an FK_REFUSED
 * row's flag is refused, "FLAG refused"; a row that repeats is not
 * refused when given twice; models names the models of a model
 * command's that take the flag, when not all do.  The rest is run's alone
 * (flags.c): whether it is a --signal-* flag (named when no signal takes
 * it), how sweep varies it, for a name sweep takes 'all' of the names
 * ('all' is all[0], all[1], ... up to NULL), whether a model owns it
 * and whether it is a field of the sim alone.  A table ends in a row of
 * no flag, no help and no list.
 */
struct flag_row {
	const char *flag;
	int letter;
	enum flag_kind kind;
	long min, max;			/* FK_COUNT */
	size_t at, have;
	const char *help;
	void (*list)(FILE *);
	const char *tail;
	int (*parse)(void *own, const char *arg);	/* FK_HOOK */
	int repeats;
	/* FK_REFUSED: why, after the flag; run's: why models refuse it */
	const char *refused;
	/* a model command's flag that some of its models take alone:
	 * their names, "pair angular" (NULL: all of them) */
	const char *models;
	/* run's alone */
	int signal;
	enum sweep_kind sweep;
	const char *(*all)(long i);	/* sweep's 'all': the i-th name */
	int owned;		/* a model's own (run_models[] names it) */
	int state;		/* a field of the sim alone: run_flag_state */
	size_t auto_at;		/* a number flag's 'auto': its int field */
};

/*
 * The rows every command's table has, in the manner of git's OPT__*
 * macros: -o FILE, and -h and -V, with the lines every --help prints.
 */
#define OPT_ROW_OUTPUT \
	{ .flag = "--output", .letter = 'o', .kind = FK_COMMON_VALUE, .help = \
"  -o, --output FILE   write FILE (whole or not at all) instead of stdout\n" }
#define OPT_ROWS_HELP_VERSION \
	{ .flag = "--help", .letter = 'h', .kind = FK_COMMON, .help = \
"  -h, --help          this help;  -V, --version  the version\n" }, \
	{ .flag = "--version", .letter = 'V', .kind = FK_COMMON }

/* Whether row f ends its table. */
static inline int
row_end(const struct flag_row *f)
{
	return f->flag == NULL && f->help == NULL && f->list == NULL &&
	    f->tail == NULL;
}

/*
 * A command's flags: its name (for "is a flag of"), its rows, the
 * --help of a command whose rows do not hold its help (NULL: the rows'
 * lines), and how many operands it takes after the flags (fit's FILE;
 * left at optind).  Whether it takes the parameter flags or run's too
 * is what opt_parse is given to store them in.  other, when not NULL,
 * takes each of run's and the parameters' flags instead of run_apply
 * (sweep's, which makes each an axis): own, the flag's getopt_long value
 * and name (no dashes), its value (NULL for a flag of no value); it
 * returns EXIT_OK or the status to exit with after a message, and says
 * itself when such a flag is given twice (opt_parse does not).
 */
struct opt_command {
	const char *name;
	const struct flag_row *rows;
	void (*usage)(FILE *);
	int operands;
	int (*other)(void *own, int code, const char *name, const char *arg);
};

struct param_set;
struct run_setup;

/*
 * Parse argv (argv[0] the command) by cmd's rows into own (and ps, the
 * parameter flags' set, for a command that takes them; rs, a run's
 * setup, initialised, for a command built on runs: run's flags and the
 * parameters go there); -o FILE into *output.  EXIT_OK, CMD_DONE after
 * --help or --version, or the status to exit with after a message.
 */
int opt_parse(const struct opt_command *cmd, int argc, char **argv,
    void *own, struct param_set *ps, struct run_setup *rs,
    const char **output);

/*
 * A dry parse's hand (the fuzz harness's): a command's own flag, its row
 * and value (NULL for a flag of no value), instead of the store: 0, or
 * -1 to refuse it.
 */
typedef int (*opt_tap_fn)(void *ctx, const struct flag_row *f,
    const char *arg);

/*
 * opt_parse with cmd's own flags handed to tap instead of stored (their
 * values unchecked but by tap; an FK_REFUSED row still refused) and
 * --help and --version printing nothing (CMD_DONE): so that a caller
 * without the command's struct (the fuzz harness) reads an argv exactly
 * as the command's own parse does.  Run's flags and the parameters go
 * to rs or ps as opt_parse's do; -o FILE to rs->output (with rs).
 */
int opt_scan(const struct opt_command *cmd, int argc, char **argv,
    struct param_set *ps, struct run_setup *rs, opt_tap_fn tap, void *ctx);

/* A command's --help from its rows: each row's help, list and tail. */
void opt_usage(FILE *fp, const struct flag_row *rows);

/*
 * The flag named flag (--name or --name=value) is no flag of the command
 * given: when it is another command's (an engine knob's is run's, at its
 * FK_KNOBS row), say so on one line naming the command that takes it,
 * *status EXIT_USAGE, 1; else 0, nothing said.
 */
int opt_elsewhere(const char *flag, int *status);

/* The commands' flag tables, for opt_elsewhere and the unit tests. */
extern const struct opt_command *const opt_commands[];

/* The commands converted to rows (their files). */
extern const struct opt_command analyze_options;	/* cmd_analyze.c */
extern const struct opt_command run_options;		/* flags.c */
extern const struct opt_command convert_options;	/* convert.c */
extern const struct opt_command export_options;	/* export.c */
extern const struct opt_command resonance_options;	/* cmd_resonance.c */
extern const struct opt_command fps_options;		/* fps.c */
extern const struct opt_command tune_options;		/* tuneflags.c */
extern const struct opt_command quat_options;		/* cmd_rotation.c */
extern const struct opt_command vector_options;	/* cmd_rotation.c */
extern const struct opt_command system_options;	/* cmd_system.c */
extern const struct opt_command network_options;	/* netflags.c */
extern const struct opt_command fit_options;		/* fitflags.c */
extern const struct opt_command analyze_system_options;	/* limits.c */
extern const struct opt_command sweep_options;		/* sweep.c */

#endif
