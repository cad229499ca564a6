/*
 * run.c - `springsim [run]`: one spring, its CSV trajectory beside the
 * exact answer, or with --metrics one row of error metrics; its --help.
 * The setup from the flags is setup.c's, the rows sink.c's: shared with
 * the commands built on runs.
 */
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "run.h"

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

/* The signals, one line each, for --help. */
static void
list_signals(FILE *fp)
{
	int kind;

	for (kind = 0; kind < SPRING_SIGNAL_FILE; kind++)
		help_entry(fp, spring_signal_name(kind),
		    cli_summary(spring_signal_summary(kind)), NULL);
}

/* run's paragraphs of --help, after the usage lines. */
void
run_usage_body(FILE *fp)
{
	const spring_rule *const *r;
	const spring_policy *const *p;

	fputs(
"Model and rule:\n"
"  --model NAME        spring (default), or a rule's name: --model implicit\n"
"                      is --model spring --integrator implicit; or one of\n"
"                      Holden's other springs, each with its own rules\n"
"                      (the default first):\n"
"    critical          the critical spring, --halflife H (default 0.4 s):\n"
"                      zeta 1, omega 2 ln2 / H; rule exact (Holden's)\n"
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
"  --integrator NAME   the spring's update rule (default semi-implicit):\n",
	    fp);
	for (r = spring_rules; *r != NULL; r++)
		help_entry(fp, (*r)->name, (*r)->summary, (*r)->source);
	fputs(
"  --fast-exp          the exact rules use Holden's fast_negexp, 1 / (1 + x\n"
"                      + 0.48 x^2 + 0.235 x^3), for e^-x: close for small x\n"
"                      (1e-4 at x = 0.1), 0.019 off at x = 3.3; the\n"
"                      reference keeps exp\n"
"\n", fp);
	param_usage(fp);
	fputs(
"\n"
"Initial state and target (units of x, and per second):\n"
"  --x0 X              initial position (default 0)\n"
"  --v0 V              initial velocity (default 0)\n"
"  --target G          target position at t = 0 (default 1)\n"
"  --target-vel Q      target velocity (default 0); the target moves,\n"
"                      g(t) = G + Q t\n"
"  --target-signal S   a signal riding on that base line (default\n"
"                      constant):\n"
, fp);
	list_signals(fp);
	fputs(
"  --signal-amp A      its amplitude, units of x (default 1)\n"
"  --signal-period P   its period, s > 0 (default 1): sine, square, the\n"
"                      noise's sample interval, the ramp's rise time\n"
"  --signal-at T       when step and ramp start, s (default 0)\n"
"  --signal-seed S     the noise's seed, 0 to 2^63-1 (default 0;\n"
"                      splitmix64, the same on every machine)\n"
"  --signal-shape H    noise between samples: hold (default) or linear\n"
"  --target-file FILE  a recorded target: CSV with columns t,target and\n"
"                      optionally target_vel, t strictly increasing,\n"
"                      piecewise linear, held before the first row and\n"
"                      after the last (then --target and --target-vel do\n"
"                      not apply)\n"
"  --target-vel-source signal|difference|zero   the velocity the rules\n"
"                      are fed: the signal's own (default), the finite\n"
"                      difference over the frame (what most game code\n"
"                      has), or zero (the basic spring: it lags a ramp by\n"
"                      2 zeta / omega).  The reference is the exact spring\n"
"                      fed the signal's velocity (zero when zero), solved\n"
"                      piece by piece through steps and jumps, and in\n"
"                      closed form for the sine\n"
"\n"
"Time:\n"
"  --dt S              frame time, s (default 1/60)\n"
"  --duration S        simulated time, s (default 2): ceil(duration / dt)\n"
"                      frames, a ratio within 1e-9 of a whole number taken\n"
"                      as that; with varying frames, up to the first frame\n"
"                      that ends at or past it\n"
"  --frames N          the number of frames instead of --duration\n"
"  --frames-from FILE  frame times from a CSV file: a 'dt' column, or one\n"
"                      dt per line; the run is the file's frames unless\n"
"                      --frames or --duration cut it shorter\n"
"  --dt-jitter J       each frame's dt times (1 + J u), u uniform in\n"
"                      [-1, 1), J in [0, 1) (default 0)\n"
"  --seed S            the jitter's seed, 0 to 2^63-1 (default 0; with\n"
"                      --dt-jitter only); the generator is splitmix64, the\n"
"                      same on every machine\n"
"  --hitch AT:LEN      the frame starting at or after AT s lasts LEN s;\n"
"                      repeatable\n"
"  --force             run even what is refused up front as taking hours\n"
"                      or too much memory: more than 1e9 frames or pieces\n"
"                      of a square wave or noise, more than 1e8 frames\n"
"                      kept for lag and attenuation, a lag search of more\n"
"                      than 1e11 steps\n"
"\n"
"Substeps (Studio Gobo's three listings; the reference is always taken at\n"
"the frame's wall time, so the error is what the player sees):\n"
"  --substep POLICY    how a frame becomes steps of the rule (default none):\n",
	    fp);
	for (p = spring_policies; *p != NULL; p++)
		help_entry(fp, (*p)->name, cli_summary((*p)->summary), NULL);
	fputs(
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
"                      bound the step)\n"
"  --max-dt H          the policies' step, s (default 1/60)\n"
"  --max-substeps N    the max-updates guard, steps per frame (default 8):\n"
"                      max and uniform lose the time it cuts, fixed carries\n"
"                      it over and lags; a warning names the first frame\n"
"                      it cut.  Ck/Cd use the step actually taken; their\n"
"                      reference spring is the one at H (--dt with none)\n"
"\n"
"Output:\n"
"  -o, --output FILE   write FILE (whole or not at all) instead of stdout\n"
"  --metrics           one header and one row of metrics, not the trajectory\n"
"  --precision N       N significant digits (1-17); default: digits that\n"
"                      read back to the same double (Grisu2: the shortest\n"
"                      such in all but ~0.1 % of cases, never over 17)\n"
"  --no-header         leave out the header line\n"
"  -h, --help          this help;  -V, --version  the version\n"
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
"Exit status: 0 success, 1 I/O failure, 2 usage error or bad input.\n"
"See springsim(1) and README.md for the math and the articles.\n", fp);
}

/* `springsim run --help`. */
static void
run_usage(FILE *fp)
{
	fputs(
"usage: springsim [run] [options]\n"
"       springsim fps --fps LIST [--trajectories] [run options]\n"
"       springsim analyze [options]   what each rule does at this dt\n"
"       springsim convert [options]   one spring in every convention\n"
"       springsim list\n"
"\n"
"Simulate one damped spring, a = omega^2 (g - x) + 2 zeta omega (q - v),\n"
"with an update rule at a frame time, and print its trajectory beside the\n"
"exact solution as CSV: t,x,v,target,x_ref,v_ref,err_x,err_v.\n"
"\n", fp);
	run_usage_body(fp);
}

/* The tracking metrics; see run.h. */
void
run_tracking(const struct run_setup *rs, const double *t, const double *x,
    long n, double *lag, double *attenuation)
{
	*lag = *attenuation = 0.0;
	if (rs->sim.signal != NULL)
		spring_tracking(rs->sim.signal, rs->sim.params.omega, t, x, n,
		    rs->sim.dt, lag, attenuation);
}

/* Frames kept for the tracking metrics. */
struct frames_kept {
	double *t, *x;
	long n, cap;
};

/* Keep a row's t and x (spring_row_fn). */
static int
keep_frame(void *ctx, const spring_row *r, double dt)
{
	struct frames_kept *fk = ctx;
	double *p;

	(void)dt;
	if (fk->n == fk->cap) {
		fk->cap = fk->cap ? 2 * fk->cap : 4096;
		if ((p = realloc(fk->t, (size_t)fk->cap * sizeof(*p))) == NULL)
			return EXIT_IO;
		fk->t = p;
		if ((p = realloc(fk->x, (size_t)fk->cap * sizeof(*p))) == NULL)
			return EXIT_IO;
		fk->x = p;
	}
	fk->t[fk->n] = r->t;
	fk->x[fk->n++] = r->x;
	return 0;
}

/* See run.h. */
int
run_metrics(const struct run_setup *rs, spring_metrics *m,
    spring_frame_stats *fs, double *lag, double *attenuation)
{
	struct frames_kept kept = { NULL, NULL, 0, 0 };
	int rc;

	*lag = *attenuation = 0.0;
	if (rs->sim.signal == NULL)
		return spring_simulate(&rs->sim, NULL, NULL, m, fs);
	/* the tracking metrics look at the whole run: keep x */
	rc = spring_simulate(&rs->sim, keep_frame, &kept, m, fs);
	if (rc != 0)
		warn_msg("out of memory");
	else
		run_tracking(rs, kept.t, kept.x, kept.n, lag, attenuation);
	free(kept.t);
	free(kept.x);
	return rc;
}

/* One warning per thing the user should know: divergence, the guard. */
void
run_warnings(const struct run_setup *rs, const spring_metrics *m,
    const spring_frame_stats *fs)
{
	if (m->diverged)
		warn_msg("warning: diverged at frame %ld: stopped, %ld rows "
		    "kept", m->diverged_frame, m->rows);
	if (fs->first_capped > 0)
		warn_msg("warning: --max-substeps %ld cut frame %ld short "
		    "(%s): lost_time %g s, max_lag %g s", rs->max_substeps,
		    fs->first_capped, rs->sim.policy == spring_policy_fixed ?
		    "the time carries over, the spring lags" :
		    "the time is lost", fs->lost_time, fs->max_lag);
}

/* `springsim [run]`. */
int
cmd_run(int argc, char **argv)
{
	model_runner mc = run_model_runner(argc, argv);
	struct run_setup *rs;
	struct sink *k = NULL;
	spring_metrics m;
	spring_frame_stats fs;
	double lag = 0.0, attenuation = 0.0, kept_frames = 0.0;
	int rc, tracking;

	if (mc != NULL)
		return mc(argc, argv);
	if (run_alloc(&rs, &k) != 0)
		return EXIT_IO;
	if ((rc = run_setup_parse(rs, argc, argv, NULL, NULL, NULL,
	    run_usage)) != EXIT_OK)
		goto done;
	tracking = rs->metrics && rs->sim.signal != NULL;
	if ((rc = run_check_cost(rs, rs->dt, tracking ? &kept_frames : NULL,
	    tracking, "--metrics")) != EXIT_OK)
		goto done;
	k->precision = (int)rs->precision;
	k->dt_column = rs->sim.schedule != NULL;
	sink_columns(k, &rs->sim);
	if (out_open(&k->out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	if (rs->header && !rs->metrics)
		write_trajectory_header(k);
	if (rs->horizon > 0.0) {
		if (rs->metrics) {
			rc = usage_error("--horizon prints a prediction, not "
			    "--metrics");
			out_abort(&k->out);
			goto done;
		}
		rc = spring_predict_horizon(&rs->sim, rs->horizon, emit_row, k);
		memset(&m, 0, sizeof(m));
		memset(&fs, 0, sizeof(fs));
	} else if (!rs->metrics)
		rc = spring_simulate(&rs->sim, emit_row, k, &m, &fs);
	else
		rc = run_metrics(rs, &m, &fs, &lag, &attenuation);
	run_warnings(rs, &m, &fs);
	if (rs->metrics && rc == 0) {
		if (rs->header)
			write_metrics_header(k, 1);
		write_metrics(k, rs, &m, &fs, lag, attenuation, 1);
	}
	rc = out_finish(&k->out, rc != 0);
done:
	run_setup_free(rs);
	free(rs);
	free(k);
	return rc;
}
