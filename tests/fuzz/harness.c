/*
 * harness.c - springsim's fuzz harnesses; see fuzz.h.
 *
 * The command-line harnesses split the input into at most MAX_ARGS
 * arguments (on NUL or newline; an empty piece is an empty argument) and
 * call the command's entry point, as main() would, from a scratch
 * directory holding three small input files ("f", frame times; "g", a
 * target file; "h", a sweep's grid) so that a fuzzed --frames-from f,
 * --target-file g or --grid-from h reads something.  For safety an argument with a '/' is not run (the files a
 * run may read or write stay in the scratch directory, which is emptied
 * after every input), and a run longer than WORK_LIMIT steps of the rule
 * (or analyze rows) is parsed but not simulated: the fuzzer is after bad
 * input, and a valid long run is only slow.  Work the estimate does not
 * count (signal pieces, tracking metrics) is left for the fuzzer to find
 * as a hang.  The commands whose work is not a rule's steps have budgets
 * of their own, in their own units (MODEL_WORK_LIMIT body updates for
 * run --model quat|vector|pair|angular|chain|mesh, TUNE_WORK_LIMIT frame
 * steps for tune, FIT_MAX_ROWS rows for fit, ANALYZE_MAX_BODIES bodies
 * for analyze --model chain|mesh), each read from a dry parse of the
 * argv by the command's own rows (opt_scan: the values the budget needs
 * handed to the harness, the rest as the command parses it).  fit reads
 * FILE, never stdin ("-" is not run).  Output goes wherever stdout and
 * stderr go (/dev/null under make fuzz, which runs with -close_fd_mask=3).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/grid.h"
#include "cli/numfmt.h"
#include "cli/optparse.h"
#include "cli/paramflags.h"
#include "cli/run.h"
#include "fuzz.h"

#define MAX_ARGS 32
#define WORK_LIMIT 4096.0
/*
 * The model commands' budget, body updates (a spring evaluation, a rule's
 * or rk4's step of one body, a row of output), and tune's, steps of its
 * frames over every candidate it runs; fit's, rows of its file.  Each
 * takes well under a second in the sanitizer builds.
 */
#define MODEL_WORK_LIMIT 5e5
#define ROW_WORK 40.0		/* a row written, in body updates */
#define TUNE_WORK_LIMIT 4e5
#define FIT_MAX_ROWS 48
/* analyze --model chain|mesh: bodies, and with the impulse rule's QR */
#define ANALYZE_MAX_BODIES 400
#define ANALYZE_QR_BODIES 9

/* A broken invariant: say which, then abort (the fuzzer's crash). */
#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "fuzz: %s:%d: %s\n", __FILE__, __LINE__, \
		    #cond); \
		abort(); \
	} \
} while (0)

const struct fuzz_harness fuzz_harnesses[] = {
	{ "args_main", fuzz_args_main },
	{ "args_run", fuzz_args_run },
	{ "args_fps", fuzz_args_fps },
	{ "args_convert", fuzz_args_convert },
	{ "args_analyze", fuzz_args_analyze },
	{ "args_sweep", fuzz_args_sweep },
	{ "args_resonance", fuzz_args_resonance },
	{ "number", fuzz_number },
	{ "csv_frames", fuzz_csv_frames },
	{ "csv_target", fuzz_csv_target },
	{ "args_tune", fuzz_args_tune },
	{ "args_fit", fuzz_args_fit },
	{ "csv_fit", fuzz_csv_fit },
	{ "args_model", fuzz_args_model },
	{ NULL, NULL }
};

static char scratch[64];	/* the scratch directory, absolute */
static int home_fd = -1;	/* where we were */

static const char frames_text[] = "dt\n0.01\n0.02\n0.015\n0.05\n";
static const char target_text[] = "t,target,target_vel\n0,0,0\n0.1,1,2\n"
    "0.3,-1,0\n";
static const char grid_text[] = "dt,x0\n0.01,0\n0.02,1\n";
/*
 * fit's files (args_fit writes them): k a spring's step response (omega
 * 4 pi, zeta 0.3, from 0 toward 1, at 30 fps, to 4 decimals), l
 * a curve with a target column (a step to 1, then to 1.5) that x
 * follows loosely.
 */
static const char fit_k_text[] = "t,x\n0,0\n0.03333,0.0797\n0.06667,0.2823\n"
    "0.1,0.5497\n0.1333,0.8265\n0.1667,1.0683\n0.2,1.2459\n0.2333,1.3465\n"
    "0.2667,1.3717\n0.3,1.3345\n0.3333,1.2544\n0.3667,1.1532\n0.4,1.0511\n";
static const char fit_l_text[] = "t,x,target\n0,0,0\n0.1,0.2,1\n0.2,0.7,1\n"
    "0.3,1.1,1\n0.4,1.2,1.5\n0.5,1.3,1.5\n0.6,1.5,1.5\n0.7,1.6,1.5\n"
    "0.8,1.55,1.5\n0.9,1.5,1.5\n";

/* Write a whole small file in the current directory; failure aborts. */
static void
put_file(const char *name, const void *p, size_t n)
{
	int fd = open(name, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	CHECK(fd >= 0);
	CHECK(write(fd, p, n) == (ssize_t)n);
	CHECK(close(fd) == 0);
}

/* Remove every file of the current directory (the scratch one). */
static void
empty_cwd(void)
{
	DIR *d = opendir(".");
	struct dirent *e;

	CHECK(d != NULL);
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			unlink(e->d_name);
	closedir(d);
}

static void
remove_scratch(void)
{
	if (scratch[0] == '\0' || chdir(scratch) != 0)
		return;
	empty_cwd();
	if (home_fd >= 0 && fchdir(home_fd) == 0)
		rmdir(scratch);
}

/* See fuzz.h. */
void
fuzz_init(void)
{
	const char *tmp = getenv("TMPDIR");

	if (home_fd >= 0)
		return;
	flush_subnormals();	/* as main() does */
	CHECK((home_fd = open(".", O_RDONLY | O_DIRECTORY)) >= 0);
	if (tmp == NULL || tmp[0] != '/' || strlen(tmp) > 30)
		tmp = "/tmp";
	snprintf(scratch, sizeof(scratch), "%s/springsim-fuzz-XXXXXX", tmp);
	CHECK(mkdtemp(scratch) != NULL);
	atexit(remove_scratch);
	CHECK(chdir(scratch) == 0);
	put_file("f", frames_text, sizeof(frames_text) - 1);
	put_file("g", target_text, sizeof(target_text) - 1);
	put_file("h", grid_text, sizeof(grid_text) - 1);
	CHECK(fchdir(home_fd) == 0);
}

/* Into the scratch directory, and out of it leaving only f, g and h. */
static void
enter_scratch(void)
{
	CHECK(chdir(scratch) == 0);
}

static void
leave_scratch(void)
{
	empty_cwd();
	put_file("f", frames_text, sizeof(frames_text) - 1);
	put_file("g", target_text, sizeof(target_text) - 1);
	put_file("h", grid_text, sizeof(grid_text) - 1);
	CHECK(fchdir(home_fd) == 0);
}

/*
 * getopt's state from scratch: glibc keeps a pointer into the last argv
 * when a parse stopped inside "-abc", which optind = 1 does not clear;
 * optind = 0 makes the next call start over.
 */
static void
reset_getopt(void)
{
	static char arg0[] = "fuzz";
	char *av[] = { arg0, NULL };

	opterr = 0;
	optind = 0;
	(void)getopt(1, av, "");
}

/* An argv made from bytes. */
struct args {
	char *buf;
	char *argv[MAX_ARGS + 2];
	int argc;
};

/*
 * Split data into arguments after arg0 (NULL: none); -1 (nothing to run)
 * if an argument names a path with '/'.
 */
static int
split_args(struct args *a, char *arg0, const uint8_t *data, size_t size)
{
	char *p, *end;
	int i;

	a->argc = 0;
	CHECK((a->buf = malloc(size + 1)) != NULL);
	memcpy(a->buf, data, size);
	a->buf[size] = '\0';
	if (arg0 != NULL)
		a->argv[a->argc++] = arg0;
	for (p = a->buf, end = a->buf + size; p < end && a->argc <= MAX_ARGS;
	    p++) {
		a->argv[a->argc++] = p;
		while (p < end && *p != '\0' && *p != '\n')
			p++;
		*p = '\0';
	}
	a->argv[a->argc] = NULL;
	for (i = arg0 != NULL; i < a->argc; i++)
		if (strchr(a->argv[i], '/') != NULL)
			return -1;
	return 0;
}

/* Whether row f is the flag name ("--name"). */
static int
is_flag(const struct flag_row *f, const char *name)
{
	return strcmp(f->flag, name) == 0;
}

/* A dry parse of a command built on runs into rs: opt_scan's. */
static int
scan_run(const struct opt_command *cmd, struct run_setup *rs, int argc,
    char **argv, opt_tap_fn tap, void *ctx)
{
	reset_getopt();
	run_setup_init(rs);
	rs->command = argv[0];
	return opt_scan(cmd, argc, argv, NULL, rs, tap, ctx);
}

/* A frame count's upper bound for a parsed run whose dt is dt. */
static double
frames_bound(const struct run_setup *rs, double dt)
{
	double shortest = dt * (1.0 - rs->jitter);
	int i;

	if (rs->frames_from != NULL)
		return rs->have_frames && rs->frames < rs->list_len ?
		    (double)rs->frames : (double)rs->list_len;
	if (rs->have_frames)
		return (double)rs->frames;
	for (i = 0; i < rs->nhitches; i++)
		if (rs->hitch[i].len < shortest)
			shortest = rs->hitch[i].len;
	return rs->duration / shortest + 1.0 + rs->nhitches;
}

/* Steps of the rule per frame, at most. */
static double
steps_per_frame(const struct run_setup *rs)
{
	return rs->sim.policy == spring_policy_none ? 1.0 :
	    (double)rs->max_substeps;
}

/*
 * The work besides the steps a parsed run at dt does: the pieces of a
 * square wave or noise the reference crosses, and with tracking the lag
 * search's evaluations of the signal (what run_check_cost bounds).
 */
static double
signal_work(const struct run_setup *rs, double dt, int tracking)
{
	double frames = frames_bound(rs, dt), longest = dt * (1.0 + rs->jitter);
	double t_end, half, work = 0.0;
	int i, kind = rs->signal.kind;

	for (i = 0; i < rs->nhitches; i++)
		longest = fmax(longest, rs->hitch[i].len);
	for (i = 0; i < rs->list_len; i++)
		longest = fmax(longest, rs->list[i]);
	t_end = (frames + 1.0) * longest;
	if (kind == SPRING_SIGNAL_SQUARE || kind == SPRING_SIGNAL_NOISE)
		work += 4.0 * t_end / rs->signal_period;
	if (tracking) {
		half = fmin(0.5 * t_end, 10.0 / rs->sim.params.omega);
		work += 0.5 * frames * (2.0 * half / dt + 25.0);
	}
	return work;
}

static double model_work(int argc, char **argv);

/* run's flags are all run's rows: a command of no rows of its own. */
static const struct flag_row no_rows[] = { { .flag = NULL } };
static const struct opt_command run_alone = { .name = "run",
    .rows = no_rows };

/* A parsed `run`'s work: steps of the rule. */
static double
run_work(int argc, char **argv)
{
	struct run_setup *rs = malloc(sizeof(*rs));
	double work = 0.0;

	CHECK(rs != NULL);
	/*
	 * A model with its own command (the systems, quat, vector) costs
	 * what its own flags say (N^2 a frame, rk4 at dt/64): model_work.
	 */
	if (run_names_model_command(argc, argv)) {
		free(rs);
		return model_work(argc, argv);
	}
	if (scan_run(&run_alone, rs, argc, argv, NULL, NULL) == EXIT_OK &&
	    run_setup_resolve(rs) == EXIT_OK)
		work = (frames_bound(rs, rs->dt) + 1.0) * steps_per_frame(rs) +
		    signal_work(rs, rs->dt, rs->metrics &&
		    rs->sim.signal != NULL);
	run_setup_free(rs);
	free(rs);
	return work;
}

/* fps's own flags, read as fps.c reads them, to count its frames. */
struct fps_rates {
	double rate[32];
	int n, trajectories;
};

static int
fps_rates_option(void *ctx, const struct flag_row *f, const char *arg)
{
	struct fps_rates *fr = ctx;
	char buf[64];
	const char *p = arg, *comma;
	size_t n;

	if (is_flag(f, "--trajectories")) {
		fr->trajectories = 1;
		return 0;
	}
	if (!is_flag(f, "--fps"))
		return 0;
	for (fr->n = 0;;) {
		comma = strchr(p, ',');
		n = comma != NULL ? (size_t)(comma - p) : strlen(p);
		if (fr->n == 32 || n >= sizeof(buf))
			return -1;
		memcpy(buf, p, n);
		buf[n] = '\0';
		if (scan_double(buf, &fr->rate[fr->n]) != 0 ||
		    !(fr->rate[fr->n] > 0.0))
			return -1;
		fr->n++;
		if (comma == NULL)
			return 0;
		p = comma + 1;
	}
}

/* A parsed `fps`'s work: every rate's run, and sampling the top one. */
static double
fps_work(int argc, char **argv)
{
	struct run_setup *rs = malloc(sizeof(*rs));
	struct fps_rates fr;
	double work = 0.0;
	int i;

	CHECK(rs != NULL);
	fr.n = 0;
	fr.trajectories = 0;
	if (scan_run(&fps_options, rs, argc, argv, fps_rates_option, &fr) ==
	    EXIT_OK && run_setup_resolve(rs) == EXIT_OK && fr.n > 0) {
		double lo = fr.rate[0], hi = fr.rate[0];

		/* max_dev_x: the top rate sampled to the slowest's end */
		for (i = 1; i < fr.n; i++) {
			lo = fmin(lo, fr.rate[i]);
			hi = fmax(hi, fr.rate[i]);
		}
		work = frames_bound(rs, 1.0 / hi) * (1.0 + hi / lo) *
		    steps_per_frame(rs);
	}
	if (work <= WORK_LIMIT)
		for (i = 0; i < fr.n; i++)
			work += 3.0 * (frames_bound(rs, 1.0 / fr.rate[i]) +
			    1.0) * steps_per_frame(rs) + signal_work(rs,
			    1.0 / fr.rate[i], !fr.trajectories &&
			    rs->sim.signal != NULL);
	run_setup_free(rs);
	free(rs);
	return work;
}

/*
 * analyze --model chain|mesh's flags (a dry parse by limits.c's rows):
 * the bodies (--particles N, --grid RxC, read loosely) and the rule
 * (whether the impulse rule's QR on the whole matrix, N^3 repeated, is
 * run).
 */
struct system_flags {
	double particles, rows, cols;
	const char *rule;
};

static int
system_flags_option(void *ctx, const struct flag_row *f, const char *arg)
{
	struct system_flags *sf = ctx;
	char *end;

	if (is_flag(f, "--particles"))
		sf->particles = strtod(arg, NULL);
	if (is_flag(f, "--grid")) {
		sf->rows = strtod(arg, &end);
		sf->cols = *end == 'x' ? strtod(end + 1, NULL) : 0.0;
	}
	if (is_flag(f, "--integrator"))
		sf->rule = arg;
	return 0;
}

/*
 * analyze --model chain|mesh: within the limits, 0; else INFINITY.  An
 * argv the dry parse refuses (or --help) costs nothing: the command's
 * parse, by the same rows, stops there too.
 */
static double
analyze_system_work(int argc, char **argv)
{
	struct system_flags sf = { 10.0, 10.0, 10.0, NULL };
	const char *model = run_model_arg(argc, argv, NULL);
	double n;
	int impulse;

	reset_getopt();
	if (opt_scan(&analyze_system_options, argc, argv, NULL, NULL,
	    system_flags_option, &sf) != EXIT_OK)
		return 0.0;
	n = model != NULL && strcmp(model, "mesh") == 0 ? sf.rows * sf.cols :
	    sf.particles;
	impulse = sf.rule == NULL || strcmp(sf.rule, "all") == 0 ||
	    strcmp(sf.rule, "impulse") == 0;
	if (!(n <= ANALYZE_MAX_BODIES) || (impulse && n > ANALYZE_QR_BODIES))
		return INFINITY;
	return 0.0;
}

/* analyze's rows: how many steps, zetas and rules (read loosely). */
struct analyze_flags {
	double steps, zetas, rules;
};

static int
analyze_flags_option(void *ctx, const struct flag_row *f, const char *arg)
{
	struct analyze_flags *af = ctx;
	struct grid g;
	const char *p;

	if ((is_flag(f, "--dt") || is_flag(f, "--hw") ||
	    is_flag(f, "--zeta")) && grid_parse("--x", arg, NULL, &g) == 0) {
		if (is_flag(f, "--zeta"))
			af->zetas = (double)grid_count(&g);
		else
			af->steps = (double)grid_count(&g);
	}
	if (is_flag(f, "--integrator")) {
		af->rules = 1.0;
		for (p = arg; *p != '\0'; p++)
			af->rules += *p == ',';
		if (af->rules < 8.0)
			af->rules = 8.0;
	}
	return 0;
}

/*
 * A parsed `analyze`'s work: its rows (rules x steps x zetas), from the
 * flags read before its parse stopped (a bad flag: the command stops
 * there too).
 */
static double
analyze_work(int argc, char **argv)
{
	struct analyze_flags af = { 1.0, 1.0, 8.0 };
	struct param_set ps;
	const char *model = run_model_arg(argc, argv, NULL);

	/*
	 * analyze --model chain|mesh: the system's own analysis; another
	 * model command's name (analyze's own parse then): not run
	 */
	if (run_names_model_command(argc, argv))
		return model != NULL && (strcmp(model, "chain") == 0 ||
		    strcmp(model, "mesh") == 0) ?
		    analyze_system_work(argc, argv) : INFINITY;
	param_set_init(&ps);
	reset_getopt();
	(void)opt_scan(&analyze_options, argc, argv, &ps, NULL,
	    analyze_flags_option, &af);
	return 4.0 * af.rules * af.steps * af.zetas;
}

/*
 * The values of one option of a sweep: how many (a list's items, a
 * range's count) and the smallest and largest that read as numbers.
 */
static void
sweep_values(const char *text, double *count, double *lo, double *hi)
{
	char buf[64];
	const char *p = text, *comma;
	struct grid g;
	double x;
	size_t n;

	*count = 0.0;
	*lo = INFINITY;
	*hi = -INFINITY;
	if (strchr(text, ':') != NULL && strchr(text, ',') == NULL &&
	    grid_parse("--x", text, NULL, &g) == 0) {
		*count = (double)grid_count(&g);
		*lo = fmin(grid_at(&g, 0), grid_at(&g, grid_count(&g) - 1));
		*hi = fmax(grid_at(&g, 0), grid_at(&g, grid_count(&g) - 1));
		return;
	}
	for (;;) {
		comma = strchr(p, ',');
		n = comma != NULL ? (size_t)(comma - p) : strlen(p);
		*count += 1.0;
		if (n < sizeof(buf)) {
			memcpy(buf, p, n);
			buf[n] = '\0';
			if (scan_double(buf, &x) == 0) {
				*lo = fmin(*lo, x);
				*hi = fmax(*hi, x);
			}
		}
		if (comma == NULL)
			return;
		p = comma + 1;
	}
}

/*
 * A sweep's work, over-estimated from its argv alone (sweep.c's parse is
 * its own): the product of every option's value counts (a --grid-from
 * file: h's rows) times the longest run (the smallest dt, the largest
 * duration, frames or substeps), and more with a signal (the lag search
 * of every row's metrics, the reference's pieces).
 */
static double
sweep_work(int argc, char **argv)
{
	double configs = 1.0, dt = 1.0 / 60.0, duration = 2.0, frames = -1.0;
	double substeps = 1.0, period = 1.0, count, lo, hi;
	int i, signal = 0;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *eq = strchr(a, '='), *v;
		char name[32];
		size_t n;

		if (strncmp(a, "--", 2) != 0)
			continue;
		n = eq != NULL ? (size_t)(eq - a) : strlen(a);
		if (n >= sizeof(name))
			continue;
		memcpy(name, a, n);
		name[n] = '\0';
		v = eq != NULL ? eq + 1 : i + 1 < argc ? argv[i + 1] : "";
		if (strcmp(name, "--grid-from") == 0) {
			configs *= 2.0;
			continue;
		}
		sweep_values(v, &count, &lo, &hi);
		configs *= fmax(count, 1.0);
		if (strncmp(name, "--dt", n) == 0 && n > 3)
			dt = fmin(dt, lo);
		else if (strncmp(name, "--duration", n) == 0 && n > 3)
			duration = fmax(duration, hi);
		else if (strncmp(name, "--frames", n) == 0 && n > 7)
			frames = fmax(frames, hi);
		else if (strncmp(name, "--max-substeps", n) == 0 && n > 6)
			substeps = fmax(substeps, hi);
		else if (strncmp(name, "--substep", n) == 0 && n > 6)
			substeps = fmax(substeps, 8.0);
		else if (strncmp(name, "--signal-period", n) == 0 && n > 9)
			period = fmin(period, lo);
		else if ((strncmp(name, "--target-signal", n) == 0 ||
		    strncmp(name, "--target-file", n) == 0 ||
		    strncmp(name, "--target-vel-source", n) == 0) && n > 9)
			signal = 1;
	}
	if (!(dt > 0.0) || !(period > 0.0))
		return INFINITY;
	if (frames < 0.0)
		frames = duration / dt + 1.0;
	frames *= substeps;
	if (signal)
		frames *= 50.0 + 4.0 * duration / period;
	return configs * frames;
}

/*
 * resonance's own flags, read as resonance.c reads them: the drives (--hz,
 * a grid), the settling time and the periods measured.
 */
struct res_flags {
	struct grid hz;
	double settle, periods;
	int have_hz, have_settle;
};

static int
res_flags_option(void *ctx, const struct flag_row *f, const char *arg)
{
	struct res_flags *rf = ctx;
	long n;

	if (is_flag(f, "--hz")) {
		rf->have_hz = grid_parse("--hz", arg, NULL, &rf->hz) == 0;
		return rf->have_hz ? 0 : -1;
	}
	if (is_flag(f, "--settle")) {
		rf->have_settle = scan_double(arg, &rf->settle) == 0;
		return rf->have_settle ? 0 : -1;
	}
	if (is_flag(f, "--periods")) {
		if (scan_long(arg, &n) != 0)
			return -1;
		rf->periods = (double)n;
	}
	return 0;
}

/*
 * A parsed `resonance`'s work: each drive runs the settling time plus
 * its periods (at least 64 frames' worth) at dt.
 */
static double
resonance_work(int argc, char **argv)
{
	struct run_setup *rs = malloc(sizeof(*rs));
	struct res_flags rf;
	double work = INFINITY, settle, lo, n;

	CHECK(rs != NULL);
	memset(&rf, 0, sizeof(rf));
	rf.periods = 20.0;
	if (scan_run(&resonance_options, rs, argc, argv, res_flags_option,
	    &rf) == EXIT_OK && run_setup_resolve(rs) == EXIT_OK) {
		settle = rf.have_settle ? rf.settle : spring_resonance_settle(
		    rs->sim.params.omega, rs->sim.params.zeta);
		n = rf.have_hz ? (double)grid_count(&rf.hz) : 1.0;
		lo = rf.have_hz ? fmin(grid_at(&rf.hz, 0),
		    grid_at(&rf.hz, grid_count(&rf.hz) - 1)) : 1.0;
		if (lo > 0.0 && rs->dt > 0.0)
			work = n * (settle + fmax(rf.periods, 64.0 * rs->dt *
			    lo) / lo + 1.0) / (rs->dt * (1.0 - rs->jitter)) *
			    steps_per_frame(rs) * 4.0;
	}
	run_setup_free(rs);
	free(rs);
	return work;
}

/* A file's lines, at most (0: none there): the rows a reader can get. */
static double
file_lines(const char *path)
{
	FILE *fp = fopen(path, "rb");
	double n = 1.0;
	int c;

	if (fp == NULL)
		return 0.0;
	while ((c = getc(fp)) != EOF)
		n += c == '\n' || c == '\r';
	fclose(fp);
	return n;
}

/*
 * frames_bound for a setup parsed but not resolved (its frame-time file
 * not yet read: its lines instead).
 */
static double
parsed_frames(struct run_setup *rs, double dt)
{
	int len = rs->list_len;
	double n;

	if (rs->frames_from != NULL && rs->list == NULL)
		rs->list_len = (int)fmin(file_lines(rs->frames_from), INT_MAX);
	n = frames_bound(rs, dt);
	rs->list_len = len;
	return n;
}

/*
 * The steps of a frame for a setup parsed but not resolved: the substep
 * cap with --substep, and an engine's own (its 1 ms steps, up to its 64
 * ms cap, or Box2D's substeps).
 */
static double
parsed_steps(const struct run_setup *rs)
{
	double n = rs->substep != NULL ? (double)rs->max_substeps : 1.0;
	double sub;

	if (rs->engine != NULL)
		n *= 64.0 + (engine_knob_get(rs, "box2d-substeps", &sub) ?
		    sub : 4.0);
	return n;
}

/* What sizes a model command's run: its bodies (the commands' defaults). */
struct model_flags {
	double particles, rows, cols, dim;
};

/*
 * A model command's own flag (opt_scan's tap): taken whatever its value
 * (the command checks it); --particles, --grid RxC and --dim read
 * loosely, so that whatever the command accepts reads the same here.
 */
static int
model_flags_option(void *ctx, const struct flag_row *f, const char *arg)
{
	struct model_flags *mf = ctx;
	char *end;
	double r, cl;

	if (is_flag(f, "--particles"))
		mf->particles = strtod(arg, NULL);
	else if (is_flag(f, "--dim"))
		mf->dim = strtod(arg, NULL);
	else if (is_flag(f, "--grid")) {
		r = strtod(arg, &end);
		cl = *end == 'x' ? strtod(end + 1, NULL) : 0.0;
		mf->rows = r;
		mf->cols = cl;
	}
	return 0;
}

/*
 * A model command's work in body updates (see the commands' check_cost):
 * quat's rk4 reference (192 steps of 4 stages a frame); vector's
 * components, each a run; the 1-D systems' exact reference (N^2 a frame,
 * the modes N^3); the networks' two rk4 references over springs and
 * bodies (96 steps of 4 stages), a conjugate-gradient solve (N springs'
 * worth a body), the dim-1 mesh's exact reference (N^2) and modes (N^3);
 * and the rows written (a body's or a frame's, ROW_WORK each).
 */
static double
model_work(int argc, char **argv)
{
	model_runner mc = run_model_runner(argc, argv);
	const char *name = run_model_arg(argc, argv, NULL);
	const struct opt_command *cmd;
	struct run_setup *rs = malloc(sizeof(*rs));
	struct model_flags mf = { 10.0, 10.0, 10.0, 3.0 };
	double work = INFINITY, f, n, ns;
	int rc;

	CHECK(rs != NULL);
	cmd = mc == cmd_quat ? &quat_options : mc == cmd_vector ?
	    &vector_options : mc == cmd_system ? &system_options :
	    mc == cmd_network ? &network_options : NULL;
	if (cmd == NULL) {		/* a model command not budgeted */
		free(rs);
		return INFINITY;
	}
	rc = scan_run(cmd, rs, argc, argv, model_flags_option, &mf);
	if (rc == CMD_DONE)
		work = 0.0;		/* --help, --version */
	if (rc == EXIT_OK && (mc == cmd_system || mc == cmd_network)) {
		rs->model = "spring";	/* as the commands resolve */
		rs->integrator = NULL;
	}
	if (rc == EXIT_OK && run_setup_resolve(rs) == EXIT_OK) {
		f = frames_bound(rs, rs->dt) + 1.0;
		n = name != NULL && strcmp(name, "chain") == 0 ? mf.particles :
		    name != NULL && strcmp(name, "mesh") == 0 ? mf.rows *
		    mf.cols : 2.0;
		ns = 4.0 * n + 2.0;
		if (mc == cmd_quat)
			work = f * (1.0 + 192.0 * 4.0 + ROW_WORK);
		else if (mc == cmd_vector)
			work = f * (3.0 * parsed_steps(rs) + ROW_WORK) + 3.0 *
			    signal_work(rs, rs->dt, rs->metrics &&
			    rs->sim.signal != NULL);
		else if (mc == cmd_system)
			work = f * ((n + n * n) * 4.0 + n * ROW_WORK) +
			    4.0 * n * n * n;
		else
			work = fmax(mf.dim, 1.0) * (f * ((ns + n) * 4.0 * 96.0 +
			    n * ns + n * n + n * ROW_WORK) + 4.0 * n * n * n);
		if (!(n >= 0.0))
			work = INFINITY;
	}
	run_setup_free(rs);
	free(rs);
	return work * (WORK_LIMIT / MODEL_WORK_LIMIT);
}

/* What sizes tune's work: its rates (how many, the highest), the match. */
struct tune_flags {
	double nrates, hi;
	int response;
};

/*
 * tune's own flags (opt_scan's tap): --fps read as tune reads it (A:B
 * every whole rate, else a grid), loosely; --match response.
 */
static int
tune_flags_option(void *ctx, const struct flag_row *f, const char *arg)
{
	struct tune_flags *tf = ctx;
	int fps = is_flag(f, "--fps");
	const char *colon = fps ? strchr(arg, ':') : NULL;
	struct grid g;
	char *end;
	double lo;

	if (is_flag(f, "--match"))
		tf->response = strcmp(arg, "modes") != 0;
	if (colon != NULL && strchr(colon + 1, ':') == NULL) {
		lo = strtod(arg, &end);
		tf->hi = strtod(colon + 1, NULL);
		tf->nrates = end == colon && lo > 0.0 && tf->hi >= lo ?
		    tf->hi - lo + 2.0 : 1.0;
	} else if (fps && grid_parse("--fps", arg, NULL, &g) == 0) {
		tf->nrates = (double)grid_count(&g);
		tf->hi = g.max;
	} else if (fps)
		tf->nrates = 1.0;	/* refused by tune */
	return 0;
}

/*
 * A parsed `tune`'s work, frame steps: every rate's run of the designed
 * spring, each candidate's runs (--match response: Nelder-Mead, two
 * rounds of at most 400 evaluations, plus the starts and the figures;
 * the modes match and --max-stiffness a few runs).
 */
static double
tune_work(int argc, char **argv)
{
	struct run_setup *rs = malloc(sizeof(*rs));
	struct tune_flags tf = { 0.0, 0.0, 0 };
	double work = INFINITY, dt, runs, evals;
	int rc;

	CHECK(rs != NULL);
	rc = scan_run(&tune_options, rs, argc, argv, tune_flags_option, &tf);
	if (rc == CMD_DONE)
		work = 0.0;
	else if (rc == EXIT_OK) {
		runs = fmax(tf.nrates, 1.0);
		dt = tf.nrates > 0.0 ? 1.0 / tf.hi : rs->dt;
		evals = tf.response || tf.nrates > 1.0 || rs->frames_from !=
		    NULL || rs->have_jitter || rs->nhitches > 0 ||
		    rs->engine != NULL ? 820.0 : 8.0;
		work = runs * evals * (parsed_frames(rs, dt) + 1.0) *
		    parsed_steps(rs);
		if (rs->signal_name != NULL)	/* a square wave's pieces */
			work += runs * evals * 4.0 * (parsed_frames(rs, dt) +
			    1.0) * fmax(dt, rs->dt) / rs->signal_period;
		if (!(dt > 0.0))
			work = INFINITY;
	}
	run_setup_free(rs);
	free(rs);
	return work * (WORK_LIMIT / TUNE_WORK_LIMIT);
}

/*
 * fit's work: the rows of the largest file its argv names (FILE, read
 * whole; fit's grid and Levenberg-Marquardt cost some 10^4 model
 * evaluations a row).  "-" would read stdin: not run.
 */
static double
fit_work(int argc, char **argv)
{
	double rows = 0.0;
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-") == 0)
			return INFINITY;
		rows = fmax(rows, file_lines(argv[i]));
	}
	return rows > FIT_MAX_ROWS ? INFINITY : 0.0;
}

enum harness_command {
	C_RUN, C_FPS, C_CONVERT, C_ANALYZE, C_LIST, C_SWEEP, C_RESONANCE,
	C_TUNE, C_FIT
};

/*
 * Run a command on argv (argv[0] its name) from the scratch directory,
 * unless the run would be long.
 */
static void
run_command(enum harness_command cmd, int argc, char **argv)
{
	char *av[MAX_ARGS + 2];
	double work = 0.0;
	size_t n = (size_t)(argc + 1) * sizeof(*av);

	enter_scratch();
	memcpy(av, argv, n);	/* getopt permutes argv */
	if (cmd == C_RUN)
		work = run_work(argc, av);
	else if (cmd == C_FPS)
		work = fps_work(argc, av);
	else if (cmd == C_ANALYZE)
		work = analyze_work(argc, av);
	else if (cmd == C_SWEEP)
		work = sweep_work(argc, av);
	else if (cmd == C_RESONANCE)
		work = resonance_work(argc, av);
	else if (cmd == C_TUNE)
		work = tune_work(argc, av);
	else if (cmd == C_FIT)
		work = fit_work(argc, av);
	if (work <= WORK_LIMIT) {
		memcpy(av, argv, n);
		reset_getopt();
		switch (cmd) {
		case C_RUN:
			cmd_run(argc, av);
			break;
		case C_FPS:
			cmd_fps(argc, av);
			break;
		case C_CONVERT:
			cmd_convert(argc, av);
			break;
		case C_ANALYZE:
			cmd_analyze(argc, av);
			break;
		case C_LIST:
			cmd_list(argc, av);
			break;
		case C_SWEEP:
			cmd_sweep(argc, av);
			break;
		case C_RESONANCE:
			cmd_resonance(argc, av);
			break;
		case C_TUNE:
			cmd_tune(argc, av);
			break;
		case C_FIT:
			cmd_fit(argc, av);
			break;
		}
	}
	fflush(stdout);
	clearerr(stdout);
	leave_scratch();
}

/* One command's harness: argv[0] is its name, the bytes the rest. */
static int
args_harness(enum harness_command cmd, char *name, const uint8_t *data,
    size_t size)
{
	struct args a;

	fuzz_init();
	if (split_args(&a, name, data, size) == 0)
		run_command(cmd, a.argc, a.argv);
	free(a.buf);
	return 0;
}

/*
 * The command harnesses: argv[0] is the command's name, the bytes the
 * rest (one line each, through args_harness).
 */
#define ARGS_HARNESS(fn, cmd, word) \
int \
fn(const uint8_t *data, size_t size) \
{ \
	static char name[] = word; \
 \
	return args_harness(cmd, name, data, size); \
}

ARGS_HARNESS(fuzz_args_run, C_RUN, "run")
ARGS_HARNESS(fuzz_args_fps, C_FPS, "fps")
ARGS_HARNESS(fuzz_args_convert, C_CONVERT, "convert")
ARGS_HARNESS(fuzz_args_analyze, C_ANALYZE, "analyze")
ARGS_HARNESS(fuzz_args_sweep, C_SWEEP, "sweep")
ARGS_HARNESS(fuzz_args_resonance, C_RESONANCE, "resonance")
ARGS_HARNESS(fuzz_args_tune, C_TUNE, "tune")

/* The whole command line as main() dispatches it (list included). */
int
fuzz_args_main(const uint8_t *data, size_t size)
{
	static char name[] = "springsim";
	static const struct {
		const char *name;
		enum harness_command cmd;
	} cmds[] = {
		{ "run", C_RUN }, { "list", C_LIST }, { "fps", C_FPS },
		{ "analyze", C_ANALYZE }, { "convert", C_CONVERT },
		{ "sweep", C_SWEEP }, { "resonance", C_RESONANCE },
		{ "tune", C_TUNE }, { "fit", C_FIT }
	};
	struct args a;
	size_t i;

	fuzz_init();
	if (split_args(&a, name, data, size) == 0) {
		if (a.argc < 2 || a.argv[1][0] == '-')
			run_command(C_RUN, a.argc, a.argv);
		else {
			for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
				if (strcmp(cmds[i].name, a.argv[1]) == 0)
					break;
			if (i < sizeof(cmds) / sizeof(cmds[0]))
				run_command(cmds[i].cmd, a.argc - 1,
				    a.argv + 1);
			else
				usage_error("unknown command '%s'", a.argv[1]);
		}
	}
	free(a.buf);
	return 0;
}

/* Only the characters of set, and at least one. */
static int
only_chars(const char *s, const char *set)
{
	return *s != '\0' && strspn(s, set) == strlen(s);
}

static int
same_double(double a, double b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

/*
 * A normal double or a zero, from its bits: under the program's
 * denormals-are-zero (fpenv.c) a subnormal compares equal to 0 and
 * fpclassify may call it FP_ZERO.
 */
static int
normal_or_zero(double v)
{
	uint64_t b;
	unsigned e;

	memcpy(&b, &v, sizeof(b));
	e = (unsigned)(b >> 52) & 0x7ff;
	return (e != 0 && e != 0x7ff) || (b << 1) == 0;
}

/* numfmt's promises about one double. */
static void
check_numfmt(double v, int digits)
{
	char buf[NUMFMT_MAX + 1], ref[64];
	double back;
	int n;

	memset(buf, 'x', sizeof(buf));
	n = numfmt_roundtrip(buf, v);
	CHECK(n > 0 && n <= 24 && (size_t)n == strlen(buf));
	if (isnan(v))
		CHECK(strcmp(buf, "nan") == 0);
	else if (isinf(v))
		CHECK(strcmp(buf, v > 0 ? "inf" : "-inf") == 0);
	else if (normal_or_zero(v)) {
		/* strict syntax, and exactly v again */
		CHECK(scan_double(buf, &back) == 0);
		CHECK(same_double(back, v));
	}
	memset(buf, 'x', sizeof(buf));
	n = numfmt_precision(buf, v, digits);
	CHECK(n > 0 && n <= 24 && (size_t)n == strlen(buf));
	if (normal_or_zero(v)) {
		/* the same value as printf's correctly rounded %.*e */
		snprintf(ref, sizeof(ref), "%.*e", digits - 1, v);
		back = strtod(buf, NULL);
		CHECK(strspn(buf, "0123456789+-.e") == (size_t)n);
		CHECK(back == strtod(ref, NULL));
	}
}

/* See fuzz.h. */
int
fuzz_number(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1), *end;
	double x = 0.0, y = 0.0, v;
	long l = 0, l2 = 0;
	int r;
	struct grid g;

	fuzz_init();
	CHECK(s != NULL);
	memcpy(s, data, size);
	s[size] = '\0';

	r = scan_double(s, &x);
	CHECK(r == 0 || r == -1 || r == -2);
	if (r == 0) {
		CHECK(normal_or_zero(x));
		CHECK(only_chars(s, "0123456789+-.eE"));
		y = strtod(s, &end);
		CHECK(*end == '\0' && same_double(x, y));
	}
	if (r == -2)	/* a decimal number, just too large or small */
		CHECK(only_chars(s, "0123456789+-.eE"));
	CHECK((parse_double("--x", s, &y) == 0) == (r == 0));
	if (r == 0)
		CHECK(same_double(x, y));
	if (parse_bounded("--x", s, &y) == 0)
		CHECK(r == 0 && fabs(y) <= MAX_MAGNITUDE);

	r = scan_long(s, &l);
	if (r == 0) {
		CHECK(only_chars(s[0] == '+' || s[0] == '-' ? s + 1 : s,
		    "0123456789"));
		errno = 0;
		CHECK(strtol(s, &end, 10) == l && errno == 0 && *end == '\0');
	}
	CHECK((parse_long("--x", s, LONG_MIN, LONG_MAX, &l2) == 0) ==
	    (r == 0));
	if (r == 0)
		CHECK(l == l2);

	if (grid_parse("--x", s, NULL, &g) == 0) {
		struct grid_iter it;
		long i = 0, n = grid_count(&g);

		CHECK(n >= 1 && n <= GRID_MAX_POINTS);
		grid_begin(&g, &it);
		while (i < 64 && grid_next(&it, &v)) {
			CHECK(isfinite(v) && v >= g.min && v <= g.max);
			CHECK(same_double(v, grid_at(&g, i)));
			i++;
		}
		CHECK(i == (n < 64 ? n : 64));
	}
	free(s);

	if (size >= 9) {
		memcpy(&v, data, sizeof(v));
		check_numfmt(v, data[8] % 17 + 1);
	}
	return 0;
}

/*
 * A CSV reader's harness: the bytes after the first into the scratch
 * directory's in.csv, read by command cmd (argv[0] name) as flag's value
 * (NULL: an argument of its own), whose other flags the first byte
 * picks (bit i of it chooses between the pairs of choice[i]).
 */
static int
csv_harness(enum harness_command cmd, char *name, char *flag,
    const char *const choice[][2], int nchoices, const uint8_t *data,
    size_t size)
{
	static char file[] = "in.csv";
	char *argv[MAX_ARGS + 2], words[256], *w = words;
	int argc = 0, i;

	fuzz_init();
	if (size < 1)
		return 0;
	argv[argc++] = name;
	if (flag != NULL)
		argv[argc++] = flag;
	argv[argc++] = file;
	for (i = 0; i < nchoices; i++) {
		const char *opt = choice[i][(data[0] >> i) & 1];

		/* "--a b --c": each word its own argument */
		while (opt != NULL && *opt != '\0') {
			size_t n = strcspn(opt, " ");

			CHECK(w + n + 1 <= words + sizeof(words));
			memcpy(w, opt, n);
			w[n] = '\0';
			argv[argc++] = w;
			w += n + 1;
			opt += n;
			opt += *opt == ' ';
		}
	}
	argv[argc] = NULL;
	enter_scratch();
	put_file(file, data + 1, size - 1);
	CHECK(fchdir(home_fd) == 0);
	run_command(cmd, argc, argv);
	return 0;
}

static char run_name[] = "run";

int
fuzz_csv_frames(const uint8_t *data, size_t size)
{
	static const char *const choice[][2] = {
		{ NULL, "--metrics" },
		{ NULL, "--substep max" },
		{ NULL, "--substep fixed --max-substeps 3" },
		{ NULL, "--frames 3" },
		{ NULL, "--duration 0.5" },
		{ NULL, "--target-signal square --signal-period 0.1" },
		{ NULL, "--hitch 0.02:0.1" },
		{ NULL, "--model rk4" }
	};

	static char flag[] = "--frames-from";

	return csv_harness(C_RUN, run_name, flag, choice, 8, data, size);
}

int
fuzz_csv_target(const uint8_t *data, size_t size)
{
	static const char *const choice[][2] = {
		{ NULL, "--metrics" },
		{ NULL, "--target-vel-source difference" },
		{ NULL, "--target-vel-source zero" },
		{ "--frames 3", "--frames 60" },
		{ NULL, "--dt 0.5" },
		{ NULL, "--substep fixed" },
		{ NULL, "--model exact" },
		{ NULL, "--precision 5" }
	};

	static char flag[] = "--target-file";

	return csv_harness(C_RUN, run_name, flag, choice, 8, data, size);
}

/*
 * fit's command line, FILE and all: the scratch directory holds k and l
 * (fit's curves, see fit_k_text) besides f, g and h.
 */
int
fuzz_args_fit(const uint8_t *data, size_t size)
{
	static char name[] = "fit";
	struct args a;

	fuzz_init();
	if (split_args(&a, name, data, size) == 0) {
		enter_scratch();
		put_file("k", fit_k_text, sizeof(fit_k_text) - 1);
		put_file("l", fit_l_text, sizeof(fit_l_text) - 1);
		CHECK(fchdir(home_fd) == 0);
		run_command(C_FIT, a.argc, a.argv);
	}
	free(a.buf);
	return 0;
}

/*
 * run with --model first: the first line names the model (quat, vector,
 * pair, angular, chain, mesh: the commands of their own), the rest are
 * its flags, so that every input reaches a model command's parse.
 */
int
fuzz_args_model(const uint8_t *data, size_t size)
{
	static char name[] = "run", flag[] = "--model";
	struct args a;

	fuzz_init();
	if (split_args(&a, NULL, data, size) == 0 && a.argc >= 1 &&
	    a.argc < MAX_ARGS) {
		memmove(a.argv + 2, a.argv, (size_t)(a.argc + 1) *
		    sizeof(*a.argv));
		a.argv[0] = name;
		a.argv[1] = flag;
		run_command(C_RUN, a.argc + 2, a.argv);
	}
	free(a.buf);
	return 0;
}

/*
 * fit's CSV reader and solver: the bytes after the first into in.csv,
 * fitted with the flags the first byte picks (bit i chooses between the
 * pair choice[i]).
 */
int
fuzz_csv_fit(const uint8_t *data, size_t size)
{
	static const char *const choice[][2] = {
		{ NULL, "--x0 0" },
		{ NULL, "--v0 0" },
		{ NULL, "--target 1" },
		{ NULL, "--mass 2" },
		{ NULL, "--dt 0.01" },
		{ NULL, "--max-rms 1" },
		{ NULL, "--precision 5" },
		{ NULL, "-o out.txt" }
	};
	static char name[] = "fit";

	return csv_harness(C_FIT, name, NULL, choice, 8, data, size);
}
