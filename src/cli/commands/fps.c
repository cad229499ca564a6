/*
 * fps.c - `springsim fps`: one spring at several frame rates, to see how
 * much its motion depends on the rate (Studio Gobo: a spring tuned at one
 * frame rate feels "loose and swimmy" at another).
 *
 * One row per rate: the rate, the run's --metrics columns against the
 * exact reference, and max_dev_x, the largest difference of x from the
 * highest rate's run at this rate's frame times.  The highest rate's x
 * between its frames is what its own policy and rule would show there
 * (spring_sample_at), never a linear interpolation.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "optparse.h"
#include "run.h"

#define MAX_RATES 32

/* fps's own flags. */
struct fps_opts {
	double rate[MAX_RATES];
	int nrates;
	int trajectories;
};

/* --fps LIST: comma-separated rates > 0. */
static int
parse_rates(void *own, const char *arg)
{
	struct fps_opts *fo = own;
	char buf[64];
	const char *p = arg, *comma;
	size_t n;

	fo->nrates = 0;
	for (;;) {
		comma = strchr(p, ',');
		n = comma != NULL ? (size_t)(comma - p) : strlen(p);
		if (fo->nrates == MAX_RATES || n >= sizeof(buf)) {
			warn_msg("--fps: '%s' is not a list of at most %d rates",
			    arg, MAX_RATES);
			return -1;
		}
		memcpy(buf, p, n);
		buf[n] = '\0';
		if (scan_double(buf, &fo->rate[fo->nrates]) != 0 ||
		    !(fo->rate[fo->nrates] > 0.0) ||
		    fo->rate[fo->nrates] > 1e9) {
			warn_msg("--fps: '%s' in '%s' is not a rate > 0", buf,
			    arg);
			return -1;
		}
		fo->nrates++;
		if (comma == NULL)
			return 0;
		p = comma + 1;
	}
}

#define FFIELD(T, f) FIELD_OF(struct fps_opts, T, f)

/* fps's flags and --help, a row each; run's are added (--fps is fps's). */
static const struct flag_row fps_rows[] = {
	{ .help =
"usage: springsim fps --fps LIST [--trajectories] [run options]\n"
"\n"
"Run the same spring at each frame rate of LIST (frames per second,\n"
"comma-separated, e.g. 30,60,144,240; dt = 1 / rate, so --dt and --frames\n"
"do not apply) and print one CSV row per rate: fps, the columns of\n"
"`springsim run --metrics`, and max_dev_x, the largest |x - x_top| over\n"
"this rate's frames, x_top being the highest rate's spring at the same\n"
"time (advanced from its last frame by its own policy and rule between\n"
"frames, not interpolated).  With --trajectories, every rate's trajectory\n"
"instead, in one long CSV with a first column fps.  --columns LIST (a run\n"
"option) prints only the columns named, in that order, fps and max_dev_x\n"
"among them: --columns fps,max_err_x,max_dev_x.  --duration auto runs\n"
"each rate until it settles (springsim help run).\n"
"\n" },
	{ .flag = "--fps", .kind = FK_HOOK, .parse = parse_rates,
	  .help =
"  --fps LIST          frame rates, frames per second > 0, comma-separated\n"
"                      (at most 32)\n" },
	{ .flag = "--trajectories", .kind = FK_ON,
	  .at = FFIELD(int, trajectories), .help =
"  --trajectories      every rate's trajectory, not one row per rate\n" },
	OPT_ROWS_HELP_VERSION,
	{ .help =
"\n"
"and run's flags (the model, --integrator, the spring's parameters, the\n"
"target, --duration, --substep, -o ...): springsim help run.\n"
"\n"
EXIT_STATUS_TEXT },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command fps_options = { .name = "fps",
    .rows = fps_rows };

/*
 * The row's columns: the run's (sel, in their order) and fps's own two
 * (fps, max_dev_x: own_names), placed among them: own[s] goes before
 * sel's cell own_at[s] (sel.n: last), s in the order given.  Without
 * --columns, fps, every run column, max_dev_x.
 */
static const char *const own_names[] = { "fps", "max_dev_x" };

struct fps_cols {
	struct col_select sel;
	int own[2], own_at[2], nown;
};

/*
 * An item of --columns that is no run column (columns_parse's other):
 * fps's own, placed after the nread run columns named before it; 1 for
 * any other name (columns_parse's message), -1 after a message.
 */
static int
own_column(void *ctx, const char *item, int nread)
{
	struct fps_cols *fc = ctx;
	int o, s;

	for (o = 0; o < 2; o++) {
		if (strcmp(item, own_names[o]) != 0)
			continue;
		for (s = 0; s < fc->nown; s++)
			if (fc->own[s] == o) {
				warn_msg("--columns: '%s' is given twice", item);
				return -1;
			}
		fc->own[fc->nown] = o;
		fc->own_at[fc->nown++] = nread;
		return 0;
	}
	return 1;
}

/* fc from --columns LIST (NULL: the default): EXIT_OK or EXIT_USAGE. */
static int
plan_columns(struct fps_cols *fc, const char *list, int engine)
{
	memset(fc, 0, sizeof(*fc));
	if (list == NULL) {
		fc->sel = *metric_select_all(engine);
		fc->own[0] = 0;
		fc->own[1] = 1;
		fc->own_at[1] = fc->sel.n;
		fc->nown = 2;
		return EXIT_OK;
	}
	return metric_columns_parse(list, &fc->sel, own_column, fc) != 0 ?
	    EXIT_USAGE : EXIT_OK;
}

/*
 * The header (own NULL) or a row: fc's cells in order, the run's by
 * write_metrics (run i's m, fs, lag, att) a run of them at a time, fps's
 * own from own[] (the rate, max_dev_x); a newline after.
 */
static void
write_fps_row(struct sink *k, const struct fps_cols *fc,
    const struct run_setup *rs, const double *own, const spring_metrics *m,
    const spring_frame_stats *fs, double lag, double att)
{
	struct col_select part;
	char buf[NUMFMT_MAX + 1];
	int s, start = 0, end, first = 1, n;

	for (s = 0; s <= fc->nown; s++) {
		end = s < fc->nown ? fc->own_at[s] : fc->sel.n;
		if (end > start) {
			part.n = end - start;
			memcpy(part.idx, fc->sel.idx + start, (size_t)part.n);
			k->cols = &part;
			if (!first)
				out_write(&k->out, ",", 1);
			if (own == NULL)
				write_metrics_header(k, 0);
			else
				write_metrics(k, rs, m, fs, lag, att, 0);
			first = 0;
			start = end;
		}
		if (s == fc->nown)
			break;
		if (!first)
			out_write(&k->out, ",", 1);
		first = 0;
		if (own == NULL)
			out_write(&k->out, own_names[fc->own[s]],
			    strlen(own_names[fc->own[s]]));
		else {
			n = put_number(k, buf, own[fc->own[s]]);
			out_write(&k->out, buf, (size_t)n);
		}
	}
	k->cols = NULL;
	out_write(&k->out, "\n", 1);
}

/* A run's frame times and shown x, kept to compare with the top rate. */
struct track {
	double *t, *x;
	long n, cap;
	struct sink *out;	/* also write the row, with fps first */
	double fps;
};

/* Keep (and maybe write) one row (spring_row_fn). */
static int
track_row(void *ctx, const spring_row *r, double dt)
{
	struct track *tr = ctx;
	char buf[NUMFMT_MAX + 1];
	int n;

	if (tr->n == tr->cap) {
		long cap = tr->cap ? 2 * tr->cap : 4096;
		double *t = realloc(tr->t, (size_t)cap * sizeof(*t));
		double *x;

		if (t == NULL)
			return EXIT_IO;
		tr->t = t;
		if ((x = realloc(tr->x, (size_t)cap * sizeof(*x))) == NULL)
			return EXIT_IO;
		tr->x = x;
		tr->cap = cap;
	}
	tr->t[tr->n] = r->t;
	tr->x[tr->n++] = r->x;
	if (tr->out == NULL)
		return 0;
	n = put_number(tr->out, buf, tr->fps);
	buf[n++] = ',';
	out_write(&tr->out->out, buf, (size_t)n);
	return emit_row(tr->out, r, dt);
}

/*
 * The largest |x - x_top| over a run's frames; inf if either is not a
 * number (a diverged top run has no x to compare with).
 */
static double
max_deviation(const spring_sim *top, const struct track *tr, double *xq)
{
	double dev = 0.0, d;
	long i, n = spring_sample_at(top, tr->t, tr->n, xq);

	if (n < tr->n)
		return INFINITY;
	for (i = 0; i < n; i++) {
		d = fabs(tr->x[i] - xq[i]);
		if (!(d <= dev))
			dev = isnan(d) ? INFINITY : d;
	}
	return dev;
}

/*
 * max_dev_x samples the top rate's spring up to the end of the slowest
 * rate's last frame, which can lie far past the duration (--fps 1e-90,60
 * is one frame of 1e90 s): refuse up front the frames that would take,
 * unless --force, and always more than can be counted.
 */
static int
check_sampling(const struct run_setup *rs, const struct fps_opts *fo)
{
	double lo = fo->rate[0], hi = fo->rate[0], longest, shortest, frames;
	int i;

	for (i = 1; i < fo->nrates; i++) {
		lo = fmin(lo, fo->rate[i]);
		hi = fmax(hi, fo->rate[i]);
	}
	longest = (1.0 + rs->jitter) / lo;
	shortest = (1.0 - rs->jitter) / hi;
	for (i = 0; i < rs->nhitches; i++) {
		longest = fmax(longest, rs->hitch[i].len);
		shortest = fmin(shortest, rs->hitch[i].len);
	}
	frames = (rs->duration + longest) / shortest;
	if (!(frames <= (rs->force ? 9e18 : (double)MAX_FRAMES)))
		return usage_error("--fps: the %g fps run ends after %g s, %.3g "
		    "frames at %g fps to compare it with%s", lo,
		    rs->duration + longest, frames, hi, rs->force ?
		    ", more than springsim can count" :
		    " (--force to run it anyway)");
	return EXIT_OK;
}

/* `springsim fps`. */
int
cmd_fps(int argc, char **argv)
{
	struct fps_opts fo = { { 0 }, 0, 0 };
	struct run_setup *rs;
	struct sink *k;
	struct track tr[MAX_RATES];
	spring_metrics m[MAX_RATES];
	spring_frame_stats fs[MAX_RATES];
	spring_sim sims[MAX_RATES];
	spring_schedule scheds[MAX_RATES];
	struct fps_cols fc;
	const char *columns;
	double top_rate = 0.0, *xq = NULL, lag, att, kept = 0.0, longest = 0.0;
	long most = 0;
	int i, top = 0, rc = EXIT_OK, capped[MAX_RATES] = { 0 };

	if (run_alloc(&rs, &k) != 0)
		return EXIT_IO;
	memset(tr, 0, sizeof(tr));
	if ((rc = run_parse_rows(rs, &fps_options, &fo, argc, argv)) !=
	    EXIT_OK)
		goto done;
	rs->auto_ok = 1;
	/* fps's rows are metrics rows, its columns read here (fps's too) */
	columns = rs->columns;
	rs->columns = NULL;
	if (columns != NULL && fo.trajectories) {
		rc = usage_error("--columns '%s' does not go with "
		    "--trajectories (a trajectory's columns are fixed)",
		    columns);
		goto done;
	}
	if ((rc = run_setup_resolve(rs)) != EXIT_OK)
		goto done;
	if (fo.nrates == 0) {
		rc = usage_error("fps needs --fps LIST");
		goto done;
	}
	if (rs->have_dt || rs->have_frames || rs->frames_from != NULL) {
		rc = usage_error("%s does not go with fps: --fps sets the frame "
		    "times", rs->have_dt ? "--dt" : rs->have_frames ?
		    "--frames" : "--frames-from");
		goto done;
	}
	if ((rc = check_sampling(rs, &fo)) != EXIT_OK)
		goto done;
	k->precision = (int)rs->precision;
	k->dt_column = rs->sim.schedule != NULL;
	sink_columns(k, &rs->sim);
	if ((rc = plan_columns(&fc, columns, k->engine)) != EXIT_OK)
		goto done;
	if (out_open(&k->out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	if (rs->header && fo.trajectories) {
		out_write(&k->out, "fps,", 4);
		write_trajectory_header(k);
	} else if (rs->header)
		write_fps_row(k, &fc, rs, NULL, NULL, NULL, 0.0, 0.0);
	for (i = 0; i < fo.nrates && rc == EXIT_OK; i++) {
		double dt = 1.0 / fo.rate[i];

		if (fo.rate[i] > top_rate) {
			top_rate = fo.rate[i];
			top = i;
		}
		/* each rate is the same run at its own dt (and Ck/Cd at it) */
		rs->dt = dt;
		rs->sched.dt = dt;
		rs->sim.dt = dt;
		rs->sim.frames = 0;
		if (!(rs->duration / (dt * (1.0 - rs->jitter)) <=
		    (rs->force ? 9e18 : (double)MAX_FRAMES))) {
			rc = usage_error("--duration %g at %g fps is more than "
			    "%ld frames (--force to run it anyway)",
			    rs->duration, fo.rate[i], MAX_FRAMES);
			break;
		}
		if ((rc = run_check_cost(rs, dt, &kept, !fo.trajectories &&
		    rs->sim.signal != NULL, "--fps")) != EXIT_OK)
			break;
		if (rs->sim.schedule == NULL)
			rs->sim.frames = spring_frame_count(rs->duration, dt);
		if (rs->sim.nissen && rs->sim.policy == spring_policy_none &&
		    spring_from_nissen(rs->sim.ck, rs->sim.cd,
		    rs->sim.params.mass, dt, &rs->sim.params) != 0) {
			rc = EXIT_USAGE;
			break;
		}
		sims[i] = rs->sim;
		/* an engine counting frames (remotion) counts them at it */
		if (sims[i].esu.fps > 0.0)
			sims[i].esu.fps = fo.rate[i];
		if (rs->sim.schedule != NULL) {
			scheds[i] = rs->sched;
			sims[i].schedule = &scheds[i];
		}
		/* --duration auto: each rate until it settles (or its cap) */
		if (rs->duration_auto &&
		    (rc = run_auto_duration(&sims[i], &capped[i])) != EXIT_OK)
			break;
		longest = fmax(longest, sims[i].duration);
		tr[i].out = fo.trajectories ? k : NULL;
		tr[i].fps = fo.rate[i];
		if ((rc = spring_simulate(&sims[i], track_row, &tr[i], &m[i],
		    &fs[i])) != 0)
			rc = EXIT_IO;
		run_warnings(rs, &m[i], &fs[i]);
		run_auto_warning(&sims[i], capped[i]);
		if (tr[i].n > most)
			most = tr[i].n;
	}
	/* the rates' own lengths: the comparison's, checked as --duration's */
	if (rc == EXIT_OK && rs->duration_auto) {
		rs->duration = longest;
		rc = check_sampling(rs, &fo);
	}
	if (rc == EXIT_OK && !fo.trajectories) {
		if ((xq = malloc((size_t)(most > 0 ? most : 1) *
		    sizeof(*xq))) == NULL) {
			warn_msg("out of memory");
			rc = EXIT_IO;
		}
		for (i = 0; rc == EXIT_OK && i < fo.nrates; i++) {
			double own[2];

			own[0] = fo.rate[i];
			own[1] = i == top ? 0.0 :
			    max_deviation(&sims[top], &tr[i], xq);
			rs->sim = sims[i];
			run_tracking(rs, tr[i].t, tr[i].x, tr[i].n, &lag, &att);
			write_fps_row(k, &fc, rs, own, &m[i], &fs[i], lag, att);
		}
	}
	if (rc != EXIT_OK || k->out.failed) {
		out_abort(&k->out);
		if (rc == EXIT_OK)
			rc = EXIT_IO;
	} else if (out_close(&k->out) != 0)
		rc = EXIT_IO;
done:
	for (i = 0; i < MAX_RATES; i++) {
		free(tr[i].t);
		free(tr[i].x);
	}
	free(xq);
	run_setup_free(rs);
	free(rs);
	free(k);
	return rc;
}
