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
#include "optparse.h"
#include "run.h"

/* `springsim run --help`. */
static void
run_usage(FILE *fp)
{
	fputs(
"usage: springsim [run] [options]\n"
"\n"
"Simulate one damped spring, a = omega^2 (g - x) + 2 zeta omega (q - v),\n"
"with an update rule at a frame time, and print its trajectory beside the\n"
"exact solution as CSV: t,x,v,target,x_ref,v_ref,err_x,err_v.  This is\n"
"every flag of run; fps, sweep, resonance and tune take them too.  The\n"
"other commands and the models with a help of their own: springsim --help.\n"
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
		warn_msg("warning: --max-substeps %ld cut frames short from "
		    "frame %ld on (%s): lost_time %g s over the run, max_lag "
		    "%g s", rs->max_substeps,
		    fs->first_capped, rs->sim.policy == spring_policy_fixed ?
		    "the time carries over, the spring lags" :
		    "the time is lost", fs->lost_time, fs->max_lag);
}

/* `springsim [run]`, whose --help is usage_fn. */
static int
run_command(int argc, char **argv, void (*usage_fn)(FILE *))
{
	static const struct flag_row none[] = { { .flag = NULL } };
	model_runner mc = run_model_runner(argc, argv);
	struct opt_command cmd = { .name = NULL };
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
	/* run's flags are all run's rows: no rows of its own */
	cmd.name = "run";
	cmd.rows = none;
	cmd.usage = usage_fn;
	if ((rc = run_parse_rows(rs, &cmd, NULL, argc, argv)) != EXIT_OK ||
	    (rc = run_setup_resolve(rs)) != EXIT_OK)
		goto done;
	tracking = rs->metrics && rs->sim.signal != NULL;
	if ((rc = run_check_cost(rs, rs->dt, tracking ? &kept_frames : NULL,
	    tracking, "--metrics")) != EXIT_OK)
		goto done;
	k->precision = (int)rs->precision;
	k->dt_column = rs->sim.schedule != NULL;
	sink_columns(k, &rs->sim);
	k->cols = rs->columns != NULL ? &rs->cols : NULL;
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
	} else if (!rs->metrics) {
		/* the rows formatted on two cores when there are two */
		struct row_batch *b = sink_batch_open(k);

		rc = spring_simulate(&rs->sim, b != NULL ? batch_row : emit_row,
		    b != NULL ? (void *)b : (void *)k, &m, &fs);
		if (sink_batch_close(b) != 0 && rc == 0)
			rc = EXIT_IO;
	} else
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

/* `springsim run`: its --help is every flag's. */
int
cmd_run(int argc, char **argv)
{
	return run_command(argc, argv, run_usage);
}

/*
 * `springsim [options]` with no command named: run, but a lone -h or
 * --help (nothing else given) is the short help of every command
 * (main.c), so that the first help a newcomer sees fits a screen.
 */
int
cmd_default(int argc, char **argv)
{
	return run_command(argc, argv, argc == 2 ? springsim_usage :
	    run_usage);
}
