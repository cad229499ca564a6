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

/*
 * The exact spring's settling in a probe run of --duration auto: x_ref's
 * test against settle_time's band (metrics.h's, for x): 2 % of |x0 - g0|,
 * of 1 where that is 0.  A run without a reference (NaN) has none to
 * wait for.
 */
struct ref_settle {
	double band, from;
	int started, inside, noref;
};

/* Fold one row's x_ref into the test (spring_row_fn). */
static int
ref_settle_row(void *ctx, const spring_row *r, double dt)
{
	struct ref_settle *p = ctx;
	double d0;

	(void)dt;
	if (!p->started) {
		p->started = 1;
		d0 = fabs(r->x - r->g);
		p->band = 0.02 * (d0 > 0.0 ? d0 : 1.0);
		p->from = INFINITY;
	}
	if (isnan(r->x_ref)) {
		p->noref = 1;
		return 0;
	}
	if (fabs(r->x_ref - r->g) <= p->band) {
		if (!p->inside) {
			p->inside = 1;
			p->from = r->t;
		}
	} else
		p->inside = 0;
	return 0;
}

/*
 * The cap of --duration auto: 20 times the exact spring's envelope time
 * ln 50 / decay rate (the time its envelope takes into the 2 % band; a
 * rule that needs 20 times that does not settle as the spring does),
 * within 100 and 10^6 frames of dt: never less than a short run, never
 * more than a second or so of work; 10^6 frames for a spring that does
 * not decay.
 */
static double
run_auto_cap(const spring_sim *sim)
{
	double decay = spring_decay_rate(&sim->params);
	double env = decay > 0.0 ? log(50.0) / decay : INFINITY;

	return fmin(fmax(20.0 * env, 100.0 * sim->dt), 1e6 * sim->dt);
}

/* Set sim to run for d seconds, as resolve_schedule would (setup.c). */
static void
set_length(spring_sim *sim, double d)
{
	sim->duration = d;
	sim->frames = sim->schedule == NULL ? spring_frame_count(d, sim->dt) :
	    0;
}

/*
 * See run.h.  A run of d seconds that settles at s <= d / 2 (both) has
 * stayed in the band at least as long as it took to get there; its
 * first 2 s seconds are the same rows, with the same settle times (a
 * longer run can only settle later), so 2 s is the length.  Otherwise d
 * doubles, from the envelope time (at least 100 frames), up to the cap.
 * A diverged run stops where it diverges: its length is kept.
 */
int
run_auto_duration(spring_sim *sim, int *capped)
{
	struct ref_settle p;
	spring_metrics m;
	spring_frame_stats fs;
	double cap = run_auto_cap(sim), d, s;

	*capped = 0;
	d = fmin(fmax(cap / 20.0, 100.0 * sim->dt), cap);
	for (;;) {
		set_length(sim, d);
		memset(&p, 0, sizeof(p));
		if (spring_simulate(sim, ref_settle_row, &p, &m, &fs) != 0) {
			warn_msg("out of memory");
			return EXIT_IO;
		}
		if (m.diverged)
			return EXIT_OK;
		s = fmax(m.settle_time, p.noref ? 0.0 : p.inside ? p.from :
		    INFINITY);
		if (s <= 0.5 * d) {
			set_length(sim, fmax(2.0 * s, sim->dt));
			return EXIT_OK;
		}
		if (d >= cap) {
			*capped = 1;
			return EXIT_OK;
		}
		d = fmin(2.0 * d, cap);
	}
}

/* See run.h: the one line of a run --duration auto cut at its cap. */
void
run_auto_warning(const spring_sim *sim, int capped)
{
	if (capped)
		warn_msg("warning: --duration auto: not settled by its cap, "
		    "%g s (springsim help run: --duration): settle_time is "
		    "inf", sim->duration);
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
	int rc, tracking, capped = 0;

	if (mc != NULL)
		return mc(argc, argv);
	if (run_alloc(&rs, &k) != 0)
		return EXIT_IO;
	/* run's flags are all run's rows: no rows of its own */
	cmd.name = "run";
	cmd.rows = none;
	cmd.usage = usage_fn;
	if ((rc = run_parse_rows(rs, &cmd, NULL, argc, argv)) != EXIT_OK)
		goto done;
	rs->auto_ok = 1;
	if ((rc = run_setup_resolve(rs)) != EXIT_OK)
		goto done;
	if (rs->duration_auto && rs->horizon > 0.0) {
		rc = usage_error("--duration auto: --horizon %g sets the "
		    "length of the prediction", rs->horizon);
		goto done;
	}
	if (rs->duration_auto &&
	    (rc = run_auto_duration(&rs->sim, &capped)) != EXIT_OK)
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
	run_auto_warning(&rs->sim, capped && rc == 0);
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
