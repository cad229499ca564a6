/*
 * cli.h - what the springsim program's files share: exit codes, strict
 * number parsing, messages, the output writer and the subcommands.
 */
#ifndef CLI_H
#define CLI_H

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>

/* Exit statuses, as the README ("Exit status") and springsim(1) give them. */
enum exit_status {
	EXIT_OK = 0,		/* success (a diverged run included) */
	EXIT_IO = 1,		/* an I/O or system failure */
	EXIT_USAGE = 2,		/* a usage error or bad input */
	EXIT_GATE = 3,		/* a --fail-if gate failed */
	/*
	 * Not an exit status: a command's "all done, exit 0" (after --help
	 * or --version), passed up to main, which alone maps statuses to
	 * exit codes (exit_code).  Distinct from -1, the "bad, said so" of
	 * the parsing helpers, so the two can never be confused again.
	 */
	CMD_DONE = 64
};

/*
 * What each status means, the one wording of every --help (and of
 * springsim(1)'s EXIT STATUS, which help.bats compares): HEAD then ".\n"
 * (EXIT_STATUS_TEXT), or more on 2, or ",\n" and GATE (sweep's).
 */
#define EXIT_STATUS_HEAD \
"Exit status: 0 success, 1 an output or system failure (a file or standard\n" \
"output not written, memory out), 2 a usage error or bad input (an input\n" \
"file missing or malformed too)"
#define EXIT_STATUS_TEXT EXIT_STATUS_HEAD ".\n"
#define EXIT_STATUS_GATE "3 a sweep --fail-if gate failed.\n"

/*
 * The exit code for what a command returned (main.c): CMD_DONE is 0, an
 * exit status is itself, and anything else (a helper's -1 that reached
 * a command's return unmapped) is EXIT_USAGE, never 0.
 */
int exit_code(int status);

/*
 * Messages on stderr, one line each, prefixed "springsim: ".  A message
 * whose text starts "warning: " is a warning: it belongs to a run that
 * goes ahead, so it is held until warnings_release (called by the output's
 * first write and by exit_code for any status but EXIT_USAGE) and
 * dropped by warnings_drop (exit_code, on EXIT_USAGE): a refusal stays
 * one line.  After either, warnings print at once.
 */
void warn_msg(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));
void warnings_release(void);
void warnings_drop(void);
/*
 * In this thread, message_mute silences every message (a sweep checking
 * its configurations in its workers); message_context, when set, goes
 * before each message's text (the configuration it is about).
 */
extern _Thread_local int message_mute;
extern _Thread_local const char *message_context;

/*
 * -h, -V, -o FILE and getopt_long's complaints, for every command: 1 took
 * c, 0 not one of them, -1 return *status now (options.c).  opts is the
 * command's getopt_long table: an ambiguous abbreviation names the
 * options it starts.
 */
struct option;
int common_option(int c, const char *flag, const char *arg,
    const char **output, void (*usage_fn)(FILE *), int *status,
    const struct option *opts);

/*
 * One rule for every command: an option that takes a value is given
 * once (a repeat is refused, never silently the last); a flag without a
 * value may be repeated.  The options that add one each (--hitch,
 * --fail-if) are not passed here.  seen is the command's, zeroed, a bit
 * per getopt value; opts names the flag.  0, or -1 after the message.
 */
#define OPTION_SEEN_BYTES 1024
int option_once(unsigned char *seen, int c, const struct option *opts);

/* Whether the space-separated list has the word w ("" is in none). */
int list_has_word(const char *list, const char *w);

/*
 * "Did you mean ...?" (suggest.c): suggest_init with the name typed
 * (typo[0..len)), suggest_try with every name of the table it was not
 * found in, and best is the nearest within the threshold, or NULL;
 * suggest_text gives "did you mean BEST?" in buf, or otherwise.
 */
struct suggest {
	const char *typo;
	size_t len;
	const char *best;
	int score;
};
void suggest_init(struct suggest *s, const char *typo, size_t len);
void suggest_try(struct suggest *s, const char *name);
const char *suggest_text(const struct suggest *s, char *buf, size_t size,
    const char *otherwise);
/* The hint of a name no table has and none is near. */
#define LIST_SHOWS "'springsim list' shows them"
/* The tables suggest_name looks in, or-ed. */
enum {
	SUGGEST_COMMANDS = 1, SUGGEST_MODELS = 2, SUGGEST_RULES = 4,
	SUGGEST_ENGINES = 8, SUGGEST_DIALECTS = 16, SUGGEST_COLUMNS = 32
};
const char *suggest_name(const char *typo, unsigned which, char *buf,
    size_t size, const char *otherwise);

/* Flush stdout; on failure a message and -1 (the caller exits 1). */
int flush_stdout(void);
/*
 * A usage error: the message and a pointer to the help, on one line:
 * 'springsim help TOPIC' with usage_topic (the command or model whose
 * flags are being read: opt_parse sets it, in the main thread, before
 * any sweep worker starts), else 'springsim --help'.
 */
extern const char *usage_topic;
int usage_error(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/*
 * Strict number parsing (options.c): the whole string, decimal only (no
 * hex, no inf or nan, no leading space), finite and not out of the
 * double range.  Each prints a one-line error naming the flag and the
 * value and returns -1 on bad input, else 0.
 */
int parse_double(const char *flag, const char *arg, double *out);
int parse_long(const char *flag, const char *arg, long min, long max,
    long *out);
/*
 * A comma list of exactly n numbers, each parsed strictly and within
 * MAX_MAGNITUDE, into out; want names them for the message ("an axis
 * X,Y,Z").  0, or -1 after one line naming the flag and the value.
 */
int parse_number_list(const char *flag, const char *arg, long n,
    double *out, const char *want);
/*
 * A number within +-MAX_MAGNITUDE from the whole of arg, into *out: NULL,
 * or why not, as every message says it ("is not a decimal number", "is
 * out of the range of a double", "is beyond +-1e+100"), to follow the
 * quoted value.
 */
const char *scan_bounded(const char *arg, double *out);
/* Parse without printing: 0, -1 bad syntax, -2 out of range. */
int scan_double(const char *arg, double *out);
int scan_long(const char *arg, long *out);

/*
 * Output (output.c): a buffered writer to stdout or, through a temporary
 * file (FILE.tmp.XXXXXX) beside the file a chain of symlinks names,
 * renamed onto it at the end, to a named file, so a file is written whole
 * or not at all; a FIFO or a device is written directly.  While the
 * temporary file exists, a fatal signal (INT, TERM, HUP, QUIT, ...)
 * removes it before the process dies of that signal.
 */
typedef struct out_file {
	int fd;
	const char *path;	/* as given, for messages; NULL for stdout */
	char *target;		/* the file renamed onto (symlinks followed) */
	char *tmp_path;		/* the temporary file while writing, or NULL */
	int slot;		/* its place among the paths signals remove */
	char buf[1 << 16];
	size_t len;
	int failed;
} out_file;

int out_open(out_file *o, const char *path);
int out_write(out_file *o, const char *s, size_t n);
/* Make room for n bytes; returns where to write them, or NULL. */
char *out_reserve(out_file *o, size_t n);
void out_commit(out_file *o, size_t n);
int out_close(out_file *o);	/* flush, rename into place: 0 or -1 */
void out_abort(out_file *o);	/* drop the temporary file */
/*
 * Finish a command's output: dropped if failed (nonzero) or a write
 * failed, else closed (renamed into place).  EXIT_OK or EXIT_IO.
 */
int out_finish(out_file *o, int failed);

/*
 * Reading CSV files (csvin.c, libcsv): fn gets each record with its line
 * number and its fields (NUL-terminated); a nonzero return (a CSV_READ_
 * code, after its message) stops the read.  0, or the code after a
 * one-line message naming flag, file and line.  A line holds at most
 * CSV_LINE_MAX bytes, its line end included.
 */
#define CSV_LINE_MAX 65536
#define CSV_READ_BAD (-1)	/* bad input: exit EXIT_USAGE */
#define CSV_READ_SYS (-2)	/* out of memory, I/O: exit EXIT_IO */
typedef int (*csv_row_fn)(void *ctx, long line, char **fields, int nfields);
int csv_read_file(const char *flag, const char *path, csv_row_fn fn,
    void *ctx);
/* A path as messages name it: - (standard input, which csv_read_file
 * reads) is "stdin". */
const char *input_name(const char *path);

/*
 * One spring in every convention, convert's output (convert.c): key=value
 * lines, or with csv one header and one row; precision as --precision
 * (0: round-trip).  tune and fit print the same block.
 */
struct spring_conventions;
void conventions_write(out_file *out, const struct spring_conventions *c,
    int csv, long precision);
/*
 * The same, then a start velocity v0 in the libraries' units (unless
 * NaN), and --csv's header line only when header is nonzero.
 */
void conventions_write_v0(out_file *out, const struct spring_conventions *c,
    double v0, int csv, int header, long precision);
/*
 * The block as tune prints it (key=value lines): convert's settle_time,
 * the envelope's estimate, is settle_envelope there (envelope: its value
 * in tune's band), and settle_time is the spring's true settle time
 * (settle), the meaning of run --metrics' settle_time.
 */
void conventions_write_settle(out_file *out,
    const struct spring_conventions *c, double envelope, double settle,
    long precision);

/*
 * One key=value line after the block (convert.c): v in the block's format
 * (precision as --precision, NaN an empty value), or a text.
 */
void key_write(out_file *out, const char *key, double v, long precision);
void key_write_text(out_file *out, const char *key, const char *text);

/* Subcommands. */
int cmd_run(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_fps(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_convert(int argc, char **argv);
int cmd_export(int argc, char **argv);	/* export.c */
int cmd_sweep(int argc, char **argv);
int cmd_resonance(int argc, char **argv);
int cmd_tune(int argc, char **argv);	/* cmd_tune.c */
int cmd_fit(int argc, char **argv);	/* fit.c */
/*
 * The subcommands (commands.c's cli_commands[], ending in a NULL name):
 * the name, the function, the flag rows (optparse.h; NULL: none in rows),
 * whether run's flags (TAKES_RUN) and the parameter flags (TAKES_PARAMS)
 * go with its own, for a command not in rows its getopt table and its
 * --help, and its lines in `springsim --help`.
 */
struct opt_command;
enum { TAKES_RUN = 1, TAKES_PARAMS = 2 };
struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const struct opt_command *options;
	unsigned takes;
	const struct option *opts;	/* not in rows: its getopt table */
	void (*usage)(FILE *);		/* and its --help */
	const char *help;
};
extern const struct command cli_commands[];
/* sweep's --help (sweep.c), in the manner of a man page. */
void sweep_usage(FILE *fp);
int cmd_help(int argc, char **argv);	/* help.c: help [COMMAND | MODEL] */
/* `springsim [options]`, no command named: run, its lone -h the short one */
int cmd_default(int argc, char **argv);	/* run.c */
/* `springsim --help` (main.c): the commands, models, flags most used */
void springsim_usage(FILE *fp);
int cmd_system(int argc, char **argv);	/* --model pair|angular|chain */
/*
 * analyze --model chain|mesh (limits.c): -1 when argv names neither,
 * else the status.
 */
int analyze_system(int argc, char **argv);
int cmd_quat(int argc, char **argv);	/* --model quat */
int cmd_vector(int argc, char **argv);	/* --model vector */

/* The run command's models, listed by `springsim list`. */
void list_models(FILE *fp);
/*
 * Every flag run takes (run's table and the parameters'), one a line:
 * `springsim list --flags`, for the tests against springsim(1) (flags.c).
 */
void list_flags(FILE *fp);
/*
 * A library summary in the CLI's words (list.c): the library names its
 * own parameters (max_dt, t_goal, AT), the CLI the flags that set them.
 */
const char *cli_summary(const char *summary);
/*
 * `springsim list --json`: every table of the program as one JSON
 * document on fp (listjson.c); 0 (the caller checks the stream), or
 * -1 after a message (out of memory, before anything is written).
 */
int list_json(FILE *fp);

/* Turn on flush-to-zero for subnormal numbers (fpenv.c). */
void flush_subnormals(void);

#endif
