/*
 * flags.c - run's flags, one row each (run_flags[]): the getopt_long
 * entries, the check and the store of each value, run's paragraphs of
 * --help, how sweep varies each flag, and the list the tests hold against
 * springsim(1).  A new flag is one row here (and its field in struct
 * run_setup) and its entry in the man page; the libraries' knobs are
 * the engines' rows (engine.h), put in at the FK_KNOBS row.
 */
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "optparse.h"
#include "run.h"

/* A field of struct run_setup, of type T (optparse.h's FIELD_OF). */
#define FIELD(T, f) FIELD_OF(struct run_setup, T, f)

/* getopt_long's value of run_flags[i] (without a letter): RUN_OPT + i. */
#define RUN_OPT 256

static void list_rules(FILE *);
static void list_signals(FILE *);
static void list_policies(FILE *);
static const char *rule_at(long);
static const char *policy_at(long);
static void list_engines(FILE *);
static const char *engine_at(long);

static const struct flag_row run_flags[] = {
	{ .help = "Model and rule:\n" },
	{ .flag = "--model", .kind = FK_NAME, .at = FIELD(const char *, model),
	  .sweep = SWEEP_NAME, .help =
"  --model NAME        spring (default), or a rule's name: --model implicit\n"
"                      is --model spring --integrator implicit; or one of\n"
"                      Holden's other springs, each with its own rules\n"
"                      (the default first):\n"
"    critical          the critical spring, --halflife H (default 0.4 s):\n"
"                      zeta 1, omega 2 ln2 / H; rule exact (Holden's:\n"
"                      exact for a target at rest, first order when it\n"
"                      moves)\n"
"    damper            first order, x' = lambda (g - x), one of --halflife\n"
"                      H (lambda = ln2 / H), --damping D (lambda = D),\n"
"                      --factor F (a lerp factor a frame of ft: lambda =\n"
"                      -ln(1 - F) / ft), with --ft (default 1/60 s; the\n"
"                      default: --halflife 0.1); rules\n"
"                      exact, lerp, lerp-dt, exponential; the row's v is\n"
"                      the rate lambda (g - x), energy_drift is empty\n"
"    double            two critical springs in series, --halflife H\n"
"                      (default 0.4 s; both at H / 2, y = 4 ln2 / H); rules\n"
"                      series (Holden's),\n"
"                      exact; rows add xi,vi,xi_ref,vi_ref\n"
"    timed             reach --target near --t-goal T (default 1 s): a\n"
"                      critical spring, --halflife H, chasing xi, which\n"
"                      moves linearly to arrive at T, --apprehension A\n"
"                      (default 2) times H ahead; rule holden; rows add\n"
"                      xi,xi_ref\n"
"    velocity          approach --target at --v-goal V (default 1/s): xi\n"
"                      moves at V, the spring chases it A H ahead; rule\n"
"                      holden.  For both the reference is the exact\n"
"                      spring following that look-ahead goal\n"
"    predict           a critical spring on the velocity toward --v-goal\n"
"                      V, x its exact integral (Holden's character\n"
"                      controller); rules holden (his formula), exact (the\n"
"                      integral without cancellation), euler (x += v dt);\n"
"                      rows add a,a_ref; --horizon S prints the prediction\n"
"                      from the initial state at every dt up to S, each\n"
"                      one step of the rule (Holden's\n"
"                      spring_character_predict)\n"
"    inertialize       the output follows --source-a, then from\n"
"                      --switch-at T (default 1 s) --source-b plus the\n"
"                      offset between them there, decayed by a critical\n"
"                      spring, --halflife H; a source is\n"
"                      NAME[:AMP[:PERIOD[:AT]]] of the signals below\n"
"                      (default sine and sine:1:0.5) on the base line\n"
"                      --target + --target-vel t; rows add\n"
"                      source_a,source_b\n"
"                      (these models: no substeps, no signals)\n"
"    quat, vector, pair, angular, chain, mesh\n"
"                      models with options of their own, each in its help:\n"
"                      springsim --model NAME --help\n" },
	/*
	 * the models' own numbers and sources (--model's paragraph says
	 * them), in the order a model that owns none names them
	 */
	{ .flag = "--t-goal", .owned = 1, .kind = FK_POSITIVE, .at = FIELD(double, t_goal),
	  .have = FIELD(int, have_t_goal), .sweep = SWEEP_NUMBER },
	{ .flag = "--v-goal", .owned = 1, .kind = FK_POSITIVE, .at = FIELD(double, v_goal),
	  .have = FIELD(int, have_v_goal), .sweep = SWEEP_NUMBER },
	{ .flag = "--apprehension", .owned = 1, .kind = FK_ANY,
	  .at = FIELD(double, apprehension),
	  .have = FIELD(int, have_apprehension), .sweep = SWEEP_NUMBER },
	{ .flag = "--horizon", .owned = 1, .kind = FK_POSITIVE,
	  .at = FIELD(double, horizon), .have = FIELD(int, have_horizon),
	  .sweep = SWEEP_NUMBER },
	{ .flag = "--switch-at", .owned = 1, .kind = FK_POSITIVE,
	  .at = FIELD(double, switch_at), .have = FIELD(int, have_switch_at),
	  .sweep = SWEEP_NUMBER },
	{ .flag = "--source-a", .owned = 1, .kind = FK_NAME,
	  .at = FIELD(const char *, source_spec[0]), .sweep = SWEEP_NAME },
	{ .flag = "--source-b", .owned = 1, .kind = FK_NAME,
	  .at = FIELD(const char *, source_spec[1]), .sweep = SWEEP_NAME },
	{ .flag = "--integrator", .kind = FK_NAME,
	  .at = FIELD(const char *, integrator), .sweep = SWEEP_NAME, .help =
"  --integrator NAME   the spring's update rule (default semi-implicit):\n",
	  .list = list_rules, .all = rule_at },
	{ .flag = "--fast-exp", .kind = FK_ON, .at = FIELD(int, fast_exp),
	  .help =
"  --fast-exp          the exact rules use Holden's fast_negexp, 1 / (1 + x\n"
"                      + 0.48 x^2 + 0.235 x^3), for e^-x: close for small x\n"
"                      (1e-4 at x = 0.1), 0.019 off at x = 3.3; the\n"
"                      reference keeps exp\n" },
	{ .flag = "--float32", .kind = FK_ON, .at = FIELD(int, float32),
	  .refused = "goes with the spring's rules (--integrator)", .help =
"  --float32           step the rule in single precision, as a game ships\n"
"                      it: state, target and every operation in float, the\n"
"                      coefficients rounded to float; the reference and the\n"
"                      metrics stay double\n" },
	{ .help =
"\n"
"Engines (other libraries' springs, stepped as each library runs them):\n" },
	{ .flag = "--engine", .kind = FK_NAME, .at = FIELD(const char *, engine),
	  .sweep = SWEEP_NAME, .help =
"  --engine NAME       run the spring as library NAME runs it, frame by\n"
"                      frame at the run's frame times (--dt, --frames-from,\n"
"                      --dt-jitter, --hitch), beside the exact spring\n"
"                      (x_ref); the parameters in springsim's conventions\n"
"                      or in that library's own flags; rows add done (1\n"
"                      from the frame the library declares the animation\n"
"                      over); no --model, --integrator, --substep,\n"
"                      --fast-exp or moving target.  sweep --engine all\n"
"                      runs every one:\n",
	  .list = list_engines, .all = engine_at },
	/* the libraries' knobs: the engines' rows (runengine.c) */
	{ .kind = FK_KNOBS, .list = engine_knob_usage },
	{ .help = "\n", .list = param_usage },
	{ .help =
"\n"
"Initial state and target (units of x, and per second):\n" },
	{ .flag = "--x0", .kind = FK_ANY, .at = FIELD(double, sim.x0),
	  .have = FIELD(int, have_x0), .sweep = SWEEP_NUMBER, .state = 1,
	  .help =
"  --x0 X              initial position (default 0)\n" },
	{ .flag = "--v0", .kind = FK_ANY, .at = FIELD(double, sim.v0),
	  .have = FIELD(int, have_v0), .sweep = SWEEP_NUMBER, .state = 1,
	  .help =
"  --v0 V              initial velocity (default 0)\n" },
	{ .flag = "--target", .kind = FK_ANY, .at = FIELD(double, sim.target),
	  .have = FIELD(int, have_target), .sweep = SWEEP_NUMBER, .state = 1,
	  .help =
"  --target G          target position at t = 0 (default 1)\n" },
	{ .flag = "--target-vel", .kind = FK_ANY,
	  .at = FIELD(double, sim.target_vel),
	  .have = FIELD(int, have_target_vel), .sweep = SWEEP_NUMBER,
	  .state = 1, .help =
"  --target-vel Q      target velocity (default 0); the target moves,\n"
"                      g(t) = G + Q t\n" },
	{ .flag = "--target-signal", .kind = FK_NAME,
	  .at = FIELD(const char *, signal_name), .sweep = SWEEP_NAME, .help =
"  --target-signal S   a signal riding on that base line (default\n"
"                      constant):\n",
	  .list = list_signals },
	{ .flag = "--signal-amp", .kind = FK_ANY,
	  .at = FIELD(double, signal_amp), .signal = 1, .sweep = SWEEP_NUMBER,
	  .help =
"  --signal-amp A      its amplitude, units of x (default 1)\n" },
	{ .flag = "--signal-period", .kind = FK_POSITIVE,
	  .at = FIELD(double, signal_period), .signal = 1,
	  .sweep = SWEEP_NUMBER, .help =
"  --signal-period P   its period, s > 0 (default 1): sine, square, the\n"
"                      noise's sample interval, the ramp's rise time\n" },
	{ .flag = "--signal-at", .kind = FK_ANY,
	  .at = FIELD(double, signal_at), .signal = 1, .sweep = SWEEP_NUMBER,
	  .help =
"  --signal-at T       when step and ramp start, s (default 0)\n" },
	{ .flag = "--signal-seed", .kind = FK_COUNT, .min = 0,
	  .max = 0x7fffffffffffffffL, .at = FIELD(long, signal_seed),
	  .signal = 1, .sweep = SWEEP_INTEGER, .help =
"  --signal-seed S     the noise's seed, 0 to 2^63-1 (default 0;\n"
"                      splitmix64, the same on every machine)\n" },
	{ .flag = "--signal-shape", .kind = FK_NAME,
	  .at = FIELD(const char *, signal_shape), .signal = 1,
	  .sweep = SWEEP_NAME, .help =
"  --signal-shape H    noise between samples: hold (default) or linear\n" },
	{ .flag = "--target-file", .kind = FK_NAME,
	  .at = FIELD(const char *, target_file), .sweep = SWEEP_FIXED, .help =
"  --target-file FILE  a recorded target: CSV with columns t,target and\n"
"                      optionally target_vel, t strictly increasing,\n"
"                      piecewise linear, held before the first row and\n"
"                      after the last (then --target and --target-vel do\n"
"                      not apply); - is stdin\n" },
	{ .flag = "--target-vel-source", .kind = FK_NAME,
	  .at = FIELD(const char *, vel_source), .sweep = SWEEP_NAME, .help =
"  --target-vel-source signal|difference|zero   the velocity the rules\n"
"                      are fed: the signal's own (default), the finite\n"
"                      difference over the frame (what most game code\n"
"                      has), or zero (the basic spring: it lags a ramp by\n"
"                      2 zeta / omega).  The reference is the exact spring\n"
"                      fed the signal's velocity (zero when zero), solved\n"
"                      piece by piece through steps and jumps, and in\n"
"                      closed form for the sine\n" },
	{ .help =
"\n"
"Time:\n" },
	{ .flag = "--dt", .kind = FK_POSITIVE, .at = FIELD(double, dt),
	  .have = FIELD(int, have_dt), .sweep = SWEEP_NUMBER, .help =
"  --dt S              frame time, s (default 1/60)\n" },
	{ .flag = "--fps", .kind = FK_RATE, .at = FIELD(double, fps),
	  .have = FIELD(int, have_fps), .sweep = SWEEP_NUMBER, .help =
"  --fps N             frames per second instead of --dt: dt = 1 / N, the\n"
"                      double nearest (--fps 30 is dt 0.03333333333333333)\n" },
	{ .flag = "--duration", .kind = FK_POSITIVE,
	  .at = FIELD(double, duration), .have = FIELD(int, have_duration),
	  .auto_at = FIELD(int, duration_auto), .sweep = SWEEP_NUMBER, .help =
"  --duration S|auto   simulated time, s (default 2): ceil(duration / dt)\n"
"                      frames, a ratio within 1e-9 of a whole number taken\n"
"                      as that; with varying frames, up to the first frame\n"
"                      that ends at or past it.  auto (run and fps): twice\n"
"                      the time from which both the rule (or engine) and\n"
"                      the exact spring stay in settle_time's 2 % band;\n"
"                      capped at 20 times the exact spring's envelope time\n"
"                      ln 50 / decay rate, within 100 to 10^6 frames (a\n"
"                      warning when the cap is hit: settle_time is inf)\n" },
	/* more than MAX_FRAMES needs --force: resolve_schedule */
	{ .flag = "--frames", .kind = FK_COUNT, .min = 1, .max = LONG_MAX,
	  .at = FIELD(long, frames), .have = FIELD(int, have_frames),
	  .sweep = SWEEP_INTEGER, .help =
"  --frames N          the number of frames instead of --duration\n" },
	{ .flag = "--frames-from", .kind = FK_NAME,
	  .at = FIELD(const char *, frames_from), .sweep = SWEEP_FIXED, .help =
"  --frames-from FILE  frame times from a CSV file: a 'dt' column, or one\n"
"                      dt per line; the run is the file's frames unless\n"
"                      --frames or --duration cut it shorter; - is stdin\n" },
	{ .flag = "--dt-jitter", .kind = FK_FRACTION, .at = FIELD(double, jitter),
	  .have = FIELD(int, have_jitter), .sweep = SWEEP_NUMBER, .help =
"  --dt-jitter J       each frame's dt times (1 + J u), u uniform in\n"
"                      [-1, 1), J in [0, 1) (default 0)\n" },
	{ .flag = "--seed", .kind = FK_COUNT, .min = 0,
	  .max = 0x7fffffffffffffffL, .at = FIELD(long, seed),
	  .have = FIELD(int, have_seed), .sweep = SWEEP_INTEGER, .help =
"  --seed S            the jitter's seed, 0 to 2^63-1 (default 0; with\n"
"                      --dt-jitter only); the generator is splitmix64, the\n"
"                      same on every machine\n" },
	{ .flag = "--hitch", .kind = FK_HITCH, .sweep = SWEEP_FIXED, .help =
"  --hitch AT:LEN      the frame starting at or after AT s lasts LEN s;\n"
"                      repeatable\n" },
	{ .flag = "--force", .kind = FK_ON, .at = FIELD(int, force), .help =
"  --force             run even what is refused up front as taking hours\n"
"                      or too much memory: more than 1e9 frames or pieces\n"
"                      of a square wave or noise, more than 1e8 frames\n"
"                      kept for lag and attenuation, a lag search of more\n"
"                      than 1e11 steps; more than 1e11 steps in all, the\n"
"                      one estimate of every model and engine: frames\n"
"                      times the substeps a frame (--substep, an engine's\n"
"                      substep knob such as --box2d-substeps) or the bodies\n"
"                      and springs updated a frame (--particles, --grid,\n"
"                      the reference's); more than 1e9 rows written\n" },
	{ .help =
"\n"
"Substeps (Studio Gobo's three listings; the reference is always taken at\n"
"the frame's wall time, so the error is what the player sees):\n" },
	{ .flag = "--substep", .kind = FK_NAME,
	  .at = FIELD(const char *, substep), .sweep = SWEEP_NAME, .help =
"  --substep POLICY    how a frame becomes steps of the rule (default none):\n",
	  .list = list_policies, .all = policy_at, .tail =
"                      max: steps of H while time is left, the remainder as\n"
"                      a shorter last step; uniform: n = ceil(frame / H)\n"
"                      steps of frame / n; fixed: an accumulator steps\n"
"                      exactly H while behind the clock and shows the state\n"
"                      interpolated between the last two steps, alpha =\n"
"                      1 + left / H in [0, 1].  E.g. a 0.05 s frame at\n"
"                      H = 1/60: max and fixed take 3 steps of H, uniform 3\n"
"                      of 0.05/3; a 0.04 s frame under fixed takes 3 steps\n"
"                      to 0.05 and shows alpha = 0.4 between the last two\n"
"                      (the article: a fixed step keeps the behaviour\n"
"                      identical at every frame rate; max and uniform only\n"
"                      bound the step)\n" },
	{ .flag = "--max-dt", .kind = FK_POSITIVE, .at = FIELD(double, max_dt),
	  .have = FIELD(int, have_max_dt), .sweep = SWEEP_NUMBER, .help =
"  --max-dt H          the policies' step, s (default 1/60)\n" },
	{ .flag = "--max-substeps", .kind = FK_COUNT, .min = 1, .max = 1000000,
	  .at = FIELD(long, max_substeps),
	  .have = FIELD(int, have_max_substeps), .sweep = SWEEP_INTEGER,
	  .help =
"  --max-substeps N    the max-updates guard, steps per frame (default 8):\n"
"                      max and uniform lose the time it cuts, fixed carries\n"
"                      it over and lags; a warning names the first frame\n"
"                      it cut.  Ck/Cd use the step actually taken; their\n"
"                      reference spring is the one at H (--dt with none)\n" },
	{ .help =
"\n"
"Output:\n" },
	OPT_ROW_OUTPUT,
	{ .flag = "--metrics", .kind = FK_ON, .at = FIELD(int, metrics), .help =
"  --metrics           one header and one row of metrics, not the trajectory\n" },
	{ .flag = "--columns", .kind = FK_NAME, .at = FIELD(const char *, columns),
	  .sweep = SWEEP_FIXED, .help =
"  --columns LIST      with --metrics: only these columns, in this order,\n"
"                      each once (the names of 'springsim list': model,\n"
"                      integrator, ..., attenuation); not fps, vector, quat\n" },
	{ .flag = "--precision", .kind = FK_COUNT, .min = 1, .max = 17,
	  .at = FIELD(long, precision), .sweep = SWEEP_FIXED, .help =
"  --precision N       N significant digits (1-17); default: the shortest\n"
"                      digits that read back to the same double (of two\n"
"                      such, the nearer; never over 17)\n" },
	{ .flag = "--no-header", .kind = FK_OFF, .at = FIELD(int, header),
	  .help =
"  --no-header         leave out the header line\n" },
	OPT_ROWS_HELP_VERSION,
	{ .help =
"  The trajectory gains a last column, dt, when the frame time varies.\n"
"\n"
"Metrics (--metrics), after the run's identity:\n"
"  max_err_x, rms_err_x, final_err_x   max, root-mean-square and last\n"
"                      |x - x_ref| over every row, t = 0 included; _v alike\n"
"  overshoot           how far x goes past the target (on the side away\n"
"                      from x0) as a fraction of |x0 - target|; in units of\n"
"                      x when that is 0\n"
"  settle_time         the time from which |x - g(t)| stays within 2 % of\n"
"                      |x0 - target| (of 1 when that is 0); inf if the\n"
"                      last row is outside\n"
"  energy_drift        (E - E_ref) / E0 where |E - E_ref| is largest, E =\n"
"                      m (v - q)^2 / 2 + k (x - g)^2 / 2; > 0: energy gained\n"
"  diverged            1 if x or v became non-finite or |x - g(t)| passed\n"
"                      1e6 (|x0 - target| + |v0 - Q| / omega + 1); the run\n"
"                      stops there, rows so far kept, exit status still 0\n"
"  then max_dt, max_substeps (the policy's settings), lost_time (time the\n"
"  guard cut and never simulated), max_lag (the largest wall time minus\n"
"  the time the shown state stands for), substeps (steps of the rule in\n"
"  all), max_substeps_frame (most in one frame), lag (the shift tau\n"
"  minimising the RMS of x(t) - g(t - tau) over the run's second half,\n"
"  |tau| <= min(t_end / 2, 10 / omega, half a sine's or square's period),\n"
"  to dt / 10; 0 for a constant target) and attenuation (the RMS of x's\n"
"  deviation from its own least-squares line over the second half, over\n"
"  the target's; 0 when the target has none)\n"
"\n"
EXIT_STATUS_TEXT
"See springsim(1) and README.md for the math and the articles.\n" },
	{ .flag = NULL }
};

#define NFLAGS (sizeof(run_flags) / sizeof(run_flags[0]))

/* run's flags, for opt_elsewhere (optparse.h). */
const struct opt_command run_options = { .name = "run", .rows = run_flags };

/* run's codes stay below the parameters' (paramflags.h). */
_Static_assert(RUN_OPT + NFLAGS <= KNOB_OPT &&
    KNOB_OPT + KNOBS_MAX <= PARAM_OPT, "run's getopt codes overlap");
/* run_longopts's room: every row's entry and every knob's */
_Static_assert(NFLAGS + KNOBS_MAX < MAX_LONGOPTS, "run_longopts's mine[]");

/*
 * One entry of a --help list: the name, then the text (and [source])
 * wrapped to 79 columns under it.
 */
static void
help_entry(FILE *fp, const char *name, const char *text, const char *source)
{
	char buf[512];
	const char *p = buf;
	int col = fprintf(fp, "      %-16s", name), first = 1;

	snprintf(buf, sizeof(buf), source != NULL ? "%s [%s]" : "%s", text,
	    source);
	while (*p != '\0') {
		size_t word = strcspn(p, " ");

		if (!first && col + 1 + (int)word > 79) {
			fputs("\n                      ", fp);
			col = 22;
		}
		col += fprintf(fp, " %.*s", (int)word, p);
		first = 0;
		p += word;
		while (*p == ' ')
			p++;
	}
	fputc('\n', fp);
}

/* The rules, one entry each, under --integrator. */
static void
list_rules(FILE *fp)
{
	const spring_rule *const *r;

	for (r = spring_rules; *r != NULL; r++)
		help_entry(fp, (*r)->name, (*r)->summary, (*r)->source);
}

/* The signals, one entry each, under --target-signal. */
static void
list_signals(FILE *fp)
{
	int kind;

	for (kind = 0; kind < SPRING_SIGNAL_FILE; kind++)
		help_entry(fp, spring_signal_name(kind),
		    cli_summary(spring_signal_summary(kind)), NULL);
}

/* The substep policies, one entry each, under --substep. */
static void
list_policies(FILE *fp)
{
	const spring_policy *const *p;

	for (p = spring_policies; *p != NULL; p++)
		help_entry(fp, (*p)->name, cli_summary((*p)->summary), NULL);
}

/* The engines, one entry each, under --engine. */
static void
list_engines(FILE *fp)
{
	const spring_engine *const *e;
	char text[400];

	for (e = spring_engines; *e != NULL; e++) {
		snprintf(text, sizeof(text), "%s %s: %s", (*e)->library,
		    (*e)->version, (*e)->summary);
		help_entry(fp, (*e)->name, text, NULL);
	}
}

/* The i-th engine's name, or NULL past the last: --engine all. */
static const char *
engine_at(long i)
{
	long n;

	for (n = 0; n < i && spring_engines[n] != NULL; n++)
		;
	return spring_engines[n] != NULL ? spring_engines[n]->name : NULL;
}

/* The i-th rule's name, or NULL past the last: --integrator all. */
static const char *
rule_at(long i)
{
	long n;

	for (n = 0; n < i && spring_rules[n] != NULL; n++)
		;
	return spring_rules[n] != NULL ? spring_rules[n]->name : NULL;
}

/* The i-th policy's name, or NULL past the last: --substep all. */
static const char *
policy_at(long i)
{
	long n;

	for (n = 0; n < i && spring_policies[n] != NULL; n++)
		;
	return spring_policies[n] != NULL ? spring_policies[n]->name : NULL;
}

/* See run.h: the rows' lines, in order. */
void
run_usage_body(FILE *fp)
{
	const struct flag_row *f;

	for (f = run_flags; f < run_flags + NFLAGS; f++) {
		if (f->help != NULL)
			fputs(f->help, fp);
		if (f->list != NULL)
			f->list(fp);
		if (f->tail != NULL)
			fputs(f->tail, fp);
	}
}

/* The row of getopt_long value c, or NULL (a parameter's, a command's). */
static const struct flag_row *
flag_of(int c)
{
	if (c < RUN_OPT || c >= RUN_OPT + (int)NFLAGS ||
	    run_flags[c - RUN_OPT].flag == NULL ||
	    run_flags[c - RUN_OPT].letter != 0)
		return NULL;
	return &run_flags[c - RUN_OPT];
}

/* The field of rs at offset at, of the type its row's kind says. */
static void *
field(struct run_setup *rs, size_t at)
{
	return (char *)rs + at;
}

/* field, to read. */
static const void *
field_of(const struct run_setup *rs, size_t at)
{
	return (const char *)rs + at;
}

/*
 * Whether a command's own options (NULL, or ending in a NULL name) have
 * one named name: run's flag of that name is then left out, so that
 * getopt_long sees one entry (two would make every abbreviation of it
 * ambiguous).
 */
static int
own_name(const struct option *extra, const char *name)
{
	for (; extra != NULL && extra->name != NULL; extra++)
		if (strcmp(extra->name, name) == 0)
			return 1;
	return 0;
}

/* See run.h. */
int
run_longopts(const struct option *extra, struct option *all, size_t cap)
{
	struct option mine[MAX_LONGOPTS];
	const struct option *extra0 = extra;
	unsigned char seen[OPTION_SEEN_BYTES];
	size_t n = 0, i;

	for (; extra != NULL && extra->name != NULL; extra++) {
		if (n + NFLAGS + KNOBS_MAX + 1 > sizeof(mine) / sizeof(mine[0]))
			return -1;
		mine[n++] = *extra;
	}
	for (i = 0; i < NFLAGS; i++) {
		const struct flag_row *f = &run_flags[i];
		const char *name;
		int k, arg;

		for (k = 0; f->kind == FK_KNOBS &&
		    (name = engine_knob_flag(k, &arg)) != NULL; k++) {
			if (own_name(extra0, name))
				continue;
			mine[n].name = name;
			mine[n].has_arg = arg ? required_argument : no_argument;
			mine[n].flag = NULL;
			mine[n++].val = KNOB_OPT + k;
		}
		/* a command's own flag of that name wins (fps's --fps LIST) */
		if (f->flag == NULL || own_name(extra0, f->flag + 2))
			continue;
		mine[n].name = f->flag + 2;
		mine[n].has_arg = f->kind == FK_COMMON || f->kind == FK_ON ||
		    f->kind == FK_OFF ? no_argument : required_argument;
		mine[n].flag = NULL;
		mine[n++].val = f->letter != 0 ? f->letter : RUN_OPT + (int)i;
	}
	memset(&mine[n], 0, sizeof(mine[n]));
	if (param_longopts(mine, all, cap) != 0)
		return -1;
	/*
	 * a command's codes must not be run's or the parameters', and each
	 * has its bit in option_once's table: a bit a code, one pass (every
	 * pair compared was ~77 K instructions at each start of a command)
	 */
	memset(seen, 0, sizeof(seen));
	for (i = 0; all[i].name != NULL; i++) {
		int c = all[i].val;

		if (c == 'h' || c == 'o' || c == 'V')
			continue;
		if (c < 0 || c >= 8 * OPTION_SEEN_BYTES ||
		    (seen[c / 8] >> (c % 8) & 1) != 0)
			return -1;
		seen[c / 8] |= (unsigned char)(1u << (c % 8));
	}
	return 0;
}

/* See run.h: every flag run takes, one a line, long then short. */
void
list_flags(FILE *fp)
{
	struct option all[MAX_LONGOPTS];
	size_t i;

	if (run_longopts(NULL, all, sizeof(all) / sizeof(all[0])) != 0)
		abort();	/* the tables are ours: a bug, not input */
	for (i = 0; all[i].name != NULL; i++)
		fprintf(fp, "--%s\n", all[i].name);
	for (i = 0; i < NFLAGS; i++)
		if (run_flags[i].letter != 0)
			fprintf(fp, "-%c\n", run_flags[i].letter);
}

/* See run.h. */
const char *
run_flag_all(int c, long i)
{
	const struct flag_row *f = flag_of(c);

	return f != NULL && f->all != NULL ? f->all(i) : NULL;
}

/* See run.h. */
enum sweep_kind
run_flag_sweep(int c)
{
	const struct flag_row *f = flag_of(c);

	return f != NULL ? f->sweep : engine_knob_sweep(c);
}

/* See run.h. */
long
run_flag_state(int c)
{
	const struct flag_row *f = flag_of(c);

	if (f == NULL || !f->state)
		return -1;
	return (long)(f->at - offsetof(struct run_setup, sim));
}

/* The message for a value that must be > 0; returns -1. */
static int
positive_error(const char *flag, const char *arg)
{
	warn_msg("%s: '%s' must be > 0", flag, arg);
	return -1;
}

/* --hitch AT:LEN, AT >= 0, LEN > 0. */
static int
parse_hitch(struct run_setup *rs, const char *arg)
{
	char buf[128];
	char *colon;
	spring_hitch h;

	if (rs->nhitches >= MAX_HITCHES) {
		warn_msg("--hitch: more than %d hitches", MAX_HITCHES);
		return -1;
	}
	if (strlen(arg) >= sizeof(buf) || (colon = strchr(arg, ':')) == NULL) {
		warn_msg("--hitch: '%s' is not AT:LEN", arg);
		return -1;
	}
	memcpy(buf, arg, (size_t)(colon - arg));
	buf[colon - arg] = '\0';
	if (scan_double(buf, &h.at) != 0 || scan_double(colon + 1, &h.len) != 0
	    || !(h.at >= 0.0) || !(h.len > 0.0) || h.at > MAX_MAGNITUDE ||
	    h.len > MAX_MAGNITUDE) {
		warn_msg("--hitch: '%s' is not AT:LEN with AT >= 0 and LEN > 0",
		    arg);
		return -1;
	}
	rs->hitch[rs->nhitches++] = h;
	return 0;
}

/* Mark that flag f was given: its have_ flag, a --signal-* flag's name. */
static void
flag_given(struct run_setup *rs, const struct flag_row *f)
{
	if (f->have != 0)
		*(int *)field(rs, f->have) = 1;
	if (f->signal)
		rs->signal_flag = f->flag;
}

/* Whether number flag f (not a count, not a rate) takes x. */
static int
number_fits(const struct flag_row *f, double x)
{
	return fabs(x) <= MAX_MAGNITUDE &&
	    (f->kind != FK_POSITIVE || x > 0.0) &&
	    (f->kind != FK_FRACTION || (x >= 0.0 && x < 1.0));
}

/* See run.h: number_store's rule, no flag of another kind. */
int
run_value_fits(int c, double x)
{
	const struct flag_row *f = flag_of(c);

	if (f == NULL)
		return engine_knob_fits(c, x);
	return (f->kind == FK_ANY || f->kind == FK_POSITIVE ||
	    f->kind == FK_FRACTION) && number_fits(f, x);
}

/*
 * Check and store x, the value of number flag f (not a count), arg its
 * text: 0, or -1 after a message naming the flag and the value (what
 * number_fits refuses, each said).
 */
static int
number_store(struct run_setup *rs, const struct flag_row *f, double x,
    const char *arg)
{
	if (!number_fits(f, x)) {
		if (!(fabs(x) <= MAX_MAGNITUDE))
			warn_msg("%s: '%s' is beyond +-%g", f->flag, arg,
			    MAX_MAGNITUDE);
		else if (f->kind == FK_POSITIVE)
			return positive_error(f->flag, arg);
		else
			warn_msg("%s: '%s' must be at least 0 and below 1",
			    f->flag, arg);
		return -1;
	}
	*(double *)field(rs, f->at) = x;
	flag_given(rs, f);
	return 0;
}

/*
 * --fps N, x its value: a rate > 0 whose frame time 1 / N is within
 * 1e-100..1e100 s, stored with that frame time (rs->dt, so that what
 * reads dt before the resolve sees it); --dt beside it is refused by
 * the resolve.  0, or -1 after a message naming the flag and the value.
 */
static int
rate_store(struct run_setup *rs, const struct flag_row *f, double x,
    const char *arg)
{
	if (!(x > 0.0))
		return positive_error(f->flag, arg);
	if (!(x <= MAX_MAGNITUDE && 1.0 / x <= MAX_MAGNITUDE)) {
		warn_msg("%s: '%s' is beyond 1e-100..1e100 frames per second",
		    f->flag, arg);
		return -1;
	}
	*(double *)field(rs, f->at) = x;
	rs->dt = 1.0 / x;
	flag_given(rs, f);
	return 0;
}

/* One of run's own flags (not a parameter): 0, or -1 after a message. */
static int
run_option(struct run_setup *rs, int c, const char *arg)
{
	const struct flag_row *f = flag_of(c);
	double x;

	if (f == NULL)
		return engine_knob_apply(rs, c, arg);
	switch (f->kind) {
	case FK_ON:
	case FK_OFF:
		*(int *)field(rs, f->at) = f->kind == FK_ON;
		return 0;
	case FK_ANY:
	case FK_POSITIVE:
	case FK_FRACTION:
		if (f->auto_at != 0 && strcmp(arg, "auto") == 0) {
			*(int *)field(rs, f->auto_at) = 1;
			flag_given(rs, f);
			return 0;
		}
		if (parse_double(f->flag, arg, &x) != 0)
			return -1;
		return number_store(rs, f, x, arg);
	case FK_RATE:
		if (parse_double(f->flag, arg, &x) != 0)
			return -1;
		return rate_store(rs, f, x, arg);
	case FK_COUNT:
		if (parse_long(f->flag, arg, f->min, f->max,
		    (long *)field(rs, f->at)) != 0)
			return -1;
		flag_given(rs, f);
		return 0;
	case FK_NAME:
		*(const char **)field(rs, f->at) = arg;
		flag_given(rs, f);
		return 0;
	case FK_HITCH:
		return parse_hitch(rs, arg);
	default:
		return -1;
	}
}

/* See run.h. */
int
run_apply(struct run_setup *rs, int c, const char *arg)
{
	int rc = param_option(&rs->ps, c, arg);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	return run_option(rs, c, arg);
}

/* See run.h. */
int
run_apply_number(struct run_setup *rs, int c, const char *arg, double x)
{
	const struct flag_row *f;
	int rc = param_set_value(&rs->ps, c, arg, x);

	if (rc != 0)
		return rc < 0 ? -1 : 0;
	if (c >= KNOB_OPT && c < KNOB_OPT + KNOBS_MAX)
		return engine_knob_apply_number(rs, c, arg, x);
	if ((f = flag_of(c)) == NULL || (f->kind != FK_ANY &&
	    f->kind != FK_POSITIVE && f->kind != FK_FRACTION &&
	    f->kind != FK_RATE))
		return run_apply(rs, c, arg);
	if (f->kind == FK_RATE)
		return rate_store(rs, f, x, arg);
	return number_store(rs, f, x, arg);
}

/* See run.h: whether getopt_long value c is --hitch, which repeats. */
int
run_flag_repeats(int c)
{
	const struct flag_row *f = flag_of(c);

	return f != NULL && f->kind == FK_HITCH;
}

/* See run.h. */
int
run_flag_owned(int c)
{
	const struct flag_row *f = flag_of(c);

	return f != NULL && f->owned;
}

/*
 * Whether rs was given row f's flag, as its giving is recorded (a have_
 * flag, a name, a switch moved off its default, a hitch, a --signal-*
 * flag named, a count whose default 0 is below its range); a flag whose
 * giving is not recorded, never.
 */
static int
row_given(const struct run_setup *rs, const struct flag_row *f)
{
	if (f->have != 0)
		return *(const int *)field_of(rs, f->have);
	if (f->signal)
		return rs->signal_flag != NULL &&
		    strcmp(rs->signal_flag, f->flag) == 0;
	switch (f->kind) {
	case FK_NAME:
		return *(const char *const *)field_of(rs, f->at) != NULL;
	case FK_ON:
		return *(const int *)field_of(rs, f->at) != 0;
	case FK_OFF:
		return *(const int *)field_of(rs, f->at) == 0;
	case FK_HITCH:
		return rs->nhitches > 0;
	case FK_COUNT:
		return f->min > 0 && *(const long *)field_of(rs, f->at) != 0;
	default:
		return 0;
	}
}

/* run_flags_given and run_flags_given_all: owned, only a model's own. */
static int
each_given(const struct run_setup *rs, int owned,
    int (*fn)(void *ctx, const char *flag), void *ctx)
{
	const struct flag_row *f;
	int rc;

	for (f = run_flags; f < run_flags + NFLAGS; f++) {
		if (f->flag == NULL || (owned && !f->owned))
			continue;
		if (row_given(rs, f) && (rc = fn(ctx, f->flag)) != 0)
			return rc;
	}
	return 0;
}

/* See run.h. */
int
run_flags_given(const struct run_setup *rs,
    int (*fn)(void *ctx, const char *flag), void *ctx)
{
	return each_given(rs, 1, fn, ctx);
}

/* See run.h. */
int
run_flags_given_all(const struct run_setup *rs,
    int (*fn)(void *ctx, const char *flag), void *ctx)
{
	return each_given(rs, 0, fn, ctx);
}

/* See run.h: " VALUE" of a number's or a name's row, else "". */
void
run_flag_value(const struct run_setup *rs, const char *flag, char *buf,
    size_t n)
{
	const struct flag_row *f;

	buf[0] = '\0';
	for (f = run_flags; f < run_flags + NFLAGS; f++) {
		if (f->flag == NULL || strcmp(f->flag, flag) != 0)
			continue;
		if (f->kind == FK_NAME)
			snprintf(buf, n, " '%s'",
			    *(const char *const *)field_of(rs, f->at));
		else if (f->kind == FK_ANY || f->kind == FK_POSITIVE ||
		    f->kind == FK_FRACTION)
			snprintf(buf, n, " %g",
			    *(const double *)field_of(rs, f->at));
		return;
	}
}

/* See run.h: its row's refused, or NULL. */
const char *
run_flag_why(const char *flag)
{
	const struct flag_row *f;

	for (f = run_flags; f < run_flags + NFLAGS; f++)
		if (f->flag != NULL && strcmp(f->flag, flag) == 0)
			return f->refused;
	return NULL;
}

/* See run.h: its row's record. */
int
run_flag_given(const struct run_setup *rs, const char *flag)
{
	const struct flag_row *f;

	for (f = run_flags; f < run_flags + NFLAGS; f++)
		if (f->flag != NULL && strcmp(f->flag, flag) == 0)
			return row_given(rs, f);
	return 0;
}
