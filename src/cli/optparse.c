/*
 * optparse.c - the one loop every command's flags go through: getopt_long
 * over the table built from the command's rows (optparse.h), each value
 * checked and stored as its row says, -h printed from the rows; and the
 * commands' tables, so that a flag given to the wrong command is refused
 * naming the command that takes it.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "optparse.h"
#include "paramflags.h"
#include "run.h"

/*
 * Every command's flag table, in the order a flag of several names them:
 * run's first (the commands built on runs take its flags too).
 */
const struct opt_command *const opt_commands[] = {
	&run_options,
	&analyze_options,
	&convert_options,
	&resonance_options,
	&fps_options,
	&tune_options,
	&fit_options,
	&quat_options,
	&vector_options,
	&system_options,
	&network_options,
	&sweep_options,
	NULL
};

/* The most options an ambiguous abbreviation's message names. */
#define AMBIGUOUS_SHOWN 8

/*
 * getopt_long returns '?' with optopt 0 both for an unknown option and
 * for an abbreviation that is the start of several (glibc's
 * process_long_option, with opterr 0): tell them apart in the command's
 * table opts (NULL: not at all).  For "--ta" (or "--ta=1") that starts
 * two or more names, the message names them ("--target, --target-vel")
 * and *status is EXIT_USAGE: 1; otherwise 0, nothing said.
 */
static int
ambiguous(const char *flag, const struct option *opts, int *status)
{
	char list[600] = "", name[64];
	const struct option *o, *p;
	size_t len, used = 0;
	int n = 0;

	if (opts == NULL || strncmp(flag, "--", 2) != 0)
		return 0;
	len = strcspn(flag + 2, "=");
	if (len == 0 || len >= sizeof(name))
		return 0;
	memcpy(name, flag + 2, len);
	name[len] = '\0';
	for (o = opts; o->name != NULL; o++) {
		if (strncmp(o->name, name, len) != 0)
			continue;
		for (p = opts; p < o && strcmp(p->name, o->name) != 0; p++)
			;
		if (p < o)
			continue;	/* a name met before */
		if (n++ < AMBIGUOUS_SHOWN)
			used += (size_t)snprintf(list + used, sizeof(list) -
			    used, "%s--%s", n > 1 ? ", " : "", o->name);
		if (used >= sizeof(list))
			used = sizeof(list) - 1;
	}
	if (n < 2)
		return 0;
	if (n > AMBIGUOUS_SHOWN)
		snprintf(list + used, sizeof(list) - used, " and %d more",
		    n - AMBIGUOUS_SHOWN);
	*status = usage_error("ambiguous option '--%s': %s", name, list);
	return 1;
}

/*
 * An option the command does not know, flag as given: another command's
 * (named), or "did you mean" the nearest of the command's table opts;
 * the status to return.
 */
static int
unknown_option(const char *flag, const struct option *opts)
{
	const struct option *o;
	struct suggest s;
	int status;

	if (opt_elsewhere(flag, &status))
		return status;
	if (opts == NULL || strncmp(flag, "--", 2) != 0)
		return usage_error("unknown option '%s'", flag);
	suggest_init(&s, flag + 2, strcspn(flag + 2, "="));
	for (o = opts; o->name != NULL; o++)
		suggest_try(&s, o->name);
	if (s.best == NULL)
		return usage_error("unknown option '%s'", flag);
	return usage_error("unknown option '%s'; did you mean --%s?", flag,
	    s.best);
}

/*
 * The options every command shares, once getopt_long returned c for
 * flag: -h and -V (printed, then *status is CMD_DONE, or EXIT_IO if the
 * text was lost), -o FILE (into *output), and getopt_long's complaints (a
 * usage error; an ambiguous abbreviation named as one, from the
 * command's table opts).  Returns 1 when it took c, 0 when c is the
 * command's own, -1 when the command must return *status now.
 */
int
common_option(int c, const char *flag, const char *arg, const char **output,
    void (*usage_fn)(FILE *), int *status, const struct option *opts)
{
	switch (c) {
	case 'h':
		usage_fn(stdout);
		*status = flush_stdout() == 0 ? CMD_DONE : EXIT_IO;
		return -1;
	case 'V':
		printf("springsim %s\n", SPRING_VERSION);
		*status = flush_stdout() == 0 ? CMD_DONE : EXIT_IO;
		return -1;
	case 'o':
		if (*arg == '\0') {
			warn_msg("-o: '' is not a file name");
			*status = EXIT_USAGE;
			return -1;
		}
		*output = arg;
		return 1;
	case ':':
		*status = usage_error("%s needs a value", flag);
		return -1;
	case '?':
		if (optopt != 0 && strchr(flag, '=') != NULL)
			*status = usage_error("%.*s takes no value",
			    (int)(strchr(flag, '=') - flag), flag);
		else if (!ambiguous(flag, opts, status))
			*status = unknown_option(flag, opts);
		return -1;
	}
	return 0;
}

/* See cli.h. */
int
option_once(unsigned char *seen, int c, const struct option *opts)
{
	const struct option *o;
	unsigned char bit;

	if (c < 0 || c >= 8 * OPTION_SEEN_BYTES)
		return 0;
	for (o = opts; o->name != NULL && o->val != c; o++)
		;
	if (o->name != NULL ? o->has_arg == no_argument : c != 'o' && c != 'j')
		return 0;
	bit = (unsigned char)(1u << (c % 8));
	if ((seen[c / 8] & bit) == 0) {
		seen[c / 8] |= bit;
		return 0;
	}
	if (c == 'o' || c == 'j')
		usage_error("-%c is given twice: give each option once", c);
	else
		usage_error("--%s is given twice: give each option once",
		    o->name);
	return -1;
}

/* Whether a row of kind k takes a value. */
static int
takes_value(enum flag_kind k)
{
	return k != FK_COMMON && k != FK_ON && k != FK_OFF;
}

/* See optparse.h: the rows' lines, in order. */
void
opt_usage(FILE *fp, const struct flag_row *rows)
{
	const struct flag_row *f;

	for (f = rows; !row_end(f); f++) {
		if (f->help != NULL)
			fputs(f->help, fp);
		if (f->list != NULL)
			f->list(fp);
		if (f->tail != NULL)
			fputs(f->tail, fp);
	}
}

/* getopt_long's value of row f of rows: its letter, or CMD_OPT + row. */
static int
row_code(const struct flag_row *rows, const struct flag_row *f)
{
	return f->letter != 0 ? f->letter : CMD_OPT + (int)(f - rows);
}

/*
 * The command's own row of getopt_long value c, or NULL (common_option's
 * letters, a parameter's, run's).
 */
static const struct flag_row *
own_row(const struct flag_row *rows, int c)
{
	const struct flag_row *f;

	for (f = rows; !row_end(f); f++)
		if (f->flag != NULL && row_code(rows, f) == c)
			return f->kind == FK_COMMON ||
			    f->kind == FK_COMMON_VALUE ? NULL : f;
	return NULL;
}

/*
 * Check and store arg, the value of row f, in own as the row's kind
 * says: 0, or -1 after a message naming the flag and the value.
 */
static int
row_store(const struct flag_row *f, void *own, const char *arg)
{
	char *base = own;
	double x;

	switch (f->kind) {
	case FK_ON:
	case FK_OFF:
		*(int *)(base + f->at) = f->kind == FK_ON;
		if (f->parse != NULL && f->parse(own, NULL) != 0)
			return -1;
		break;
	case FK_ANY:
	case FK_POSITIVE:
	case FK_FRACTION:
		if (parse_double(f->flag, arg, &x) != 0)
			return -1;
		if (!(fabs(x) <= MAX_MAGNITUDE)) {
			warn_msg("%s: '%s' is beyond +-%g", f->flag, arg,
			    MAX_MAGNITUDE);
			return -1;
		}
		if (f->kind == FK_POSITIVE && !(x > 0.0)) {
			warn_msg("%s: '%s' must be > 0", f->flag, arg);
			return -1;
		}
		if (f->kind == FK_FRACTION && !(x >= 0.0 && x < 1.0)) {
			warn_msg("%s: '%s' must be at least 0 and below 1",
			    f->flag, arg);
			return -1;
		}
		*(double *)(base + f->at) = x;
		break;
	case FK_COUNT:
		if (parse_long(f->flag, arg, f->min, f->max,
		    (long *)(base + f->at)) != 0)
			return -1;
		break;
	case FK_NAME:
		*(const char **)(base + f->at) = arg;
		break;
	case FK_HOOK:
		if (f->parse(own, arg) != 0)
			return -1;
		break;
	case FK_REFUSED:
		warn_msg("%s '%s' %s", f->flag, arg != NULL ? arg : "",
		    f->refused);
		return -1;
	default:
		return -1;	/* run's kinds: flags.c's */
	}
	if (f->have != 0)
		*(int *)(base + f->have) = 1;
	return 0;
}

/*
 * getopt_long's table of cmd's rows, then the parameters' (ps) or run's
 * and the parameters' (rs), in all[0..MAX_LONGOPTS); its short options
 * in shorts.  A bug in a table (too long, a code twice) aborts.
 */
static void
build_table(const struct opt_command *cmd, int params, int run,
    struct option *all, char *shorts, size_t cap)
{
	struct option mine[MAX_LONGOPTS];
	const struct flag_row *f;
	size_t n = 0, s = 0;

	shorts[s++] = ':';
	for (f = cmd->rows; !row_end(f); f++) {
		if (f->flag == NULL)
			continue;
		if (n + 1 >= MAX_LONGOPTS || s + 8 >= cap)
			abort();	/* the tables are ours: a bug */
		mine[n].name = f->flag + 2;
		mine[n].has_arg = takes_value(f->kind) ? required_argument :
		    no_argument;
		mine[n].flag = NULL;
		mine[n++].val = row_code(cmd->rows, f);
		if (f->letter != 0) {
			shorts[s++] = (char)f->letter;
			if (takes_value(f->kind))
				shorts[s++] = ':';
		}
	}
	memset(&mine[n], 0, sizeof(mine[n]));
	shorts[s] = '\0';
	/* run's rows hold -h, -o and -V: a command built on runs takes them */
	if (run && strchr(shorts, 'h') == NULL)
		strcat(shorts, "h");
	if (run && strchr(shorts, 'o') == NULL)
		strcat(shorts, "o:");
	if (run && strchr(shorts, 'V') == NULL)
		strcat(shorts, "V");
	if (run) {
		if (run_longopts(mine, all, MAX_LONGOPTS) != 0)
			abort();
	} else if (params) {
		if (param_longopts(mine, all, MAX_LONGOPTS) != 0)
			abort();
	} else
		memcpy(all, mine, (n + 1) * sizeof(mine[0]));
}

/*
 * The argument getopt_long's c was about, for its messages: the element
 * it read (argv[optind - 1] once it moved on, argv[optind] while inside
 * a cluster of short options, before the optind before the call), or,
 * for a short option it refused ('?', ':'), that letter alone in buf:
 * "-q" of "-hq", not the argument before the cluster.
 */
static const char *
flag_given(char **argv, int before, int c, char *buf, size_t size)
{
	const char *el = argv[optind > before ? optind - 1 : optind];

	if ((c == '?' || c == ':') && strncmp(el, "--", 2) != 0 &&
	    optopt > 0 && optopt < 128) {
		snprintf(buf, size, "-%c", optopt);
		return buf;
	}
	return el;
}

/*
 * The help a usage error while reading cmd's flags points to: the
 * command's, or for a model's own command (quat, pair ...) the model
 * --model names in argv (chain, not pair).
 */
static const char *
help_topic(const struct opt_command *cmd, int argc, char **argv)
{
	const struct run_model *m;
	int i;

	if (run_model_find(cmd->name) == NULL)
		return cmd->name;
	for (i = 1; i + 1 < argc; i++)
		if (strcmp(argv[i], "--model") == 0 &&
		    (m = run_model_find(argv[i + 1])) != NULL)
			return run_model_name(m);
	return cmd->name;
}

/*
 * opt_parse and opt_scan's loop: a command's own flag is stored in own,
 * or with tap given to tap instead (its FK_REFUSED rows still refused),
 * and then --help and --version print nothing.
 */
static int
parse_loop(const struct opt_command *cmd, int argc, char **argv, void *own,
    struct param_set *ps, struct run_setup *rs, const char **output,
    opt_tap_fn tap, void *ctx)
{
	struct option all[MAX_LONGOPTS];
	unsigned char seen[OPTION_SEEN_BYTES] = { 0 };
	const struct flag_row *f;
	char shorts[64], letter[3];
	int c, rc, status;

	build_table(cmd, ps != NULL, rs != NULL, all, shorts, sizeof(shorts));
	usage_topic = help_topic(cmd, argc, argv);
	opterr = 0;
	optind = 1;
	for (;;) {
		int before = optind;
		const char *flag;

		if ((c = getopt_long(argc, argv, shorts, all, NULL)) == -1)
			break;
		flag = flag_given(argv, before, c, letter, sizeof(letter));

		f = own_row(cmd->rows, c);
		/* cmd->other says itself when run's flags are given twice */
		if (!(f != NULL ? f->repeats : rs != NULL &&
		    (run_flag_repeats(c) || (cmd->other != NULL &&
		    c != 'o'))) && option_once(seen, c, all) != 0)
			return EXIT_USAGE;
		if (f != NULL) {
			if ((tap != NULL && f->kind != FK_REFUSED ?
			    tap(ctx, f, optarg) : row_store(f, own, optarg)) !=
			    0)
				return EXIT_USAGE;
			continue;
		}
		if (rs == NULL && ps != NULL &&
		    (rc = param_option(ps, c, optarg)) != 0) {
			if (rc < 0)
				return EXIT_USAGE;
			continue;
		}
		if (tap != NULL && (c == 'h' || c == 'V'))
			return CMD_DONE;
		if (c == 'h' && cmd->usage == NULL) {
			opt_usage(stdout, cmd->rows);
			return flush_stdout() == 0 ? CMD_DONE : EXIT_IO;
		}
		if ((rc = common_option(c, flag, optarg, output, cmd->usage,
		    &status, all)) < 0)
			return status;
		if (rc > 0)
			continue;
		if (rs == NULL)
			return unknown_option(flag, all);
		if (cmd->other != NULL && own != NULL) {
			const struct option *o;

			for (o = all; o->name != NULL && o->val != c; o++)
				;
			if ((rc = cmd->other(own, c, o->name, optarg)) !=
			    EXIT_OK)
				return rc;
			continue;
		}
		if (run_apply(rs, c, optarg) != 0)
			return EXIT_USAGE;
	}
	if (argc - optind > cmd->operands)
		return usage_error("unexpected argument '%s'",
		    argv[optind + cmd->operands]);
	return EXIT_OK;
}

/* See optparse.h. */
int
opt_parse(const struct opt_command *cmd, int argc, char **argv, void *own,
    struct param_set *ps, struct run_setup *rs, const char **output)
{
	return parse_loop(cmd, argc, argv, own, ps, rs, output, NULL, NULL);
}

/* See optparse.h: the loop, each own flag to tap. */
int
opt_scan(const struct opt_command *cmd, int argc, char **argv,
    struct param_set *ps, struct run_setup *rs, opt_tap_fn tap, void *ctx)
{
	const char *output = NULL;

	return parse_loop(cmd, argc, argv, NULL, ps, rs, rs != NULL ?
	    &rs->output : &output, tap, ctx);
}

/* Whether an engine's knob is the flag name[0..len) (no dashes). */
static int
knobs_have(const char *name, size_t len)
{
	const char *knob;
	int id, has_arg;

	for (id = 0; (knob = engine_knob_flag(id, &has_arg)) != NULL; id++)
		if (strncmp(knob, name, len) == 0 && knob[len] == '\0')
			return 1;
	return 0;
}

/*
 * The row of rows with the flag whose name (no dashes) is name[0..len),
 * or at an FK_KNOBS row, an engine knob's: that row; NULL none.
 */
static const struct flag_row *
rows_have(const struct flag_row *rows, const char *name, size_t len)
{
	const struct flag_row *f;

	for (f = rows; !row_end(f); f++) {
		if (f->kind == FK_KNOBS && knobs_have(name, len))
			return f;
		if (f->flag != NULL && strncmp(f->flag + 2, name, len) == 0 &&
		    f->flag[2 + len] == '\0')
			return f;
	}
	return NULL;
}

/*
 * See optparse.h: the first command of the tables that takes it; for a
 * model's own command (quat, pair ...), the model: the first its row
 * names, "--summary is a flag of --model chain".
 */
int
opt_elsewhere(const char *flag, int *status)
{
	const struct opt_command *const *c;
	const struct flag_row *f = NULL;
	const char *name = flag + 2, *cmd = NULL;
	size_t len, n;

	if (strncmp(flag, "--", 2) != 0 || flag[2] == '\0')
		return 0;
	len = strcspn(name, "=");
	for (c = opt_commands; cmd == NULL && *c != NULL; c++)
		if ((f = rows_have((*c)->rows, name, len)) != NULL)
			cmd = (*c)->name;
	if (cmd == NULL)
		return 0;
	*status = EXIT_USAGE;
	if (run_model_find(cmd) == NULL) {
		warn_msg("--%.*s is a flag of %s; see 'springsim help %s'",
		    (int)len, name, cmd, cmd);
		return 1;
	}
	if (f->models != NULL)
		cmd = f->models;
	n = strcspn(cmd, " ");
	warn_msg("--%.*s is a flag of --model %.*s; see 'springsim help %.*s'",
	    (int)len, name, (int)n, cmd, (int)n, cmd);
	return 1;
}
