/*
 * setup.c - a run's setup from its flags, for every command built on runs
 * (run, fps, sweep, resonance and the models' commands): the parse of the
 * flags (flags.c's table) into struct run_setup, the checks and the
 * resolve into a spring_sim (the frame times, the target, the substeps),
 * and the up-front refusals of work too long to do.  The models are
 * runmodels.c's, the input files runfiles.c's, --engine runengine.c's.
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
#include "setup.h"

/* The defaults of the README and springsim(1); see run.h. */
void
run_setup_init(struct run_setup *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->model = "spring";
	param_set_init(&rs->ps);
	rs->sim.target = 1.0;
	rs->dt = 1.0 / 60.0;
	rs->duration = 2.0;
	rs->max_dt = 1.0 / 60.0;
	rs->max_substeps = 8;
	rs->header = 1;
	rs->signal_amp = 1.0;
	rs->signal_period = 1.0;
	rs->t_goal = 1.0;
	rs->v_goal = 1.0;
	rs->switch_at = 1.0;
	rs->apprehension = 2.0;
}

/* Order hitches by time (insertion: there are few). */
static void
sort_hitches(spring_hitch *h, int n)
{
	int i, j;

	for (i = 1; i < n; i++) {
		spring_hitch k = h[i];

		for (j = i; j > 0 && h[j - 1].at > k.at; j--)
			h[j] = h[j - 1];
		h[j] = k;
	}
}

/* The substep policy and its settings. */
static int
resolve_policy(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;

	sim->policy = spring_policy_none;
	if (rs->substep != NULL &&
	    (sim->policy = spring_policy_find(rs->substep)) == NULL)
		return usage_error("--substep: unknown policy '%s'; "
		    "'springsim list' shows them", rs->substep);
	if (sim->policy == spring_policy_none &&
	    (rs->have_max_dt || rs->have_max_substeps))
		return usage_error("%s applies to --substep max, uniform or "
		    "fixed", rs->have_max_dt ? "--max-dt" : "--max-substeps");
	sim->max_dt = rs->max_dt;
	sim->max_substeps = (int)rs->max_substeps;
	return EXIT_OK;
}

/* The frame-time schedule and the length of the run. */
static int
resolve_schedule(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	spring_schedule *sc = &rs->sched;
	double shortest;
	int i, rc;

	if (rs->have_duration && rs->have_frames)
		return usage_error("--duration and --frames both set the "
		    "length of the run: give one");
	if (rs->duration_auto && !rs->auto_ok)
		return usage_error("--duration auto goes with run and fps "
		    "(a spring's rule, model or --engine); here give "
		    "--duration S");
	if (rs->duration_auto && rs->frames_from != NULL)
		return usage_error("--duration auto: --frames-from '%s' sets "
		    "the frames", rs->frames_from);
	if (rs->have_fps && rs->have_dt)
		return usage_error("--fps %g and --dt both set the frame time "
		    "(dt = 1 / fps): give one", rs->fps);
	/* a partner flag alone is refused, as --max-dt without --substep */
	if (rs->have_seed && !rs->have_jitter)
		return usage_error("--seed goes with --dt-jitter (the jitter's "
		    "seed)");
	if (rs->have_frames && rs->frames > MAX_FRAMES && !rs->force)
		return usage_error("--frames %ld is more than %ld frames "
		    "(--force to run it anyway)", rs->frames, MAX_FRAMES);
	/* once: a sweep resolves copies of a setup that has read it */
	if (rs->frames_from != NULL && !rs->frames_read) {
		if ((rc = read_frames(rs)) != EXIT_OK)
			return rc;
		rs->frames_read = 1;
	}
	sort_hitches(rs->hitch, rs->nhitches);
	sc->dt = rs->dt;
	sc->list = rs->list;
	sc->list_len = rs->list_len;
	sc->jitter = rs->jitter;
	sc->seed = (unsigned long long)rs->seed;
	sc->hitches = rs->hitch;
	sc->nhitches = rs->nhitches;
	sim->dt = rs->dt;
	sim->schedule = spring_schedule_constant(sc) ? NULL : sc;
	sim->frames = rs->have_frames ? rs->frames : 0;
	sim->duration = rs->duration;
	if (rs->frames_from != NULL && !rs->have_duration)
		sim->duration = INFINITY;
	if (rs->have_frames || rs->frames_from != NULL)
		return EXIT_OK;
	/* refuse up front a run of more frames than it could hold */
	shortest = rs->dt * (1.0 - rs->jitter);
	for (i = 0; i < rs->nhitches; i++)
		if (rs->hitch[i].len < shortest)
			shortest = rs->hitch[i].len;
	if (!(rs->duration / shortest <= 9e18))
		return usage_error("--duration %g at --dt %g is more frames "
		    "than springsim can count", rs->duration, rs->dt);
	if (rs->duration / shortest > (double)MAX_FRAMES && !rs->force)
		return usage_error("--duration %g at --dt %g is more than %ld "
		    "frames (--force to run it anyway)", rs->duration, rs->dt,
		    MAX_FRAMES);
	if (sim->schedule == NULL)
		sim->frames = spring_frame_count(rs->duration, rs->dt);
	return EXIT_OK;
}

/* The target: a signal on the base line, or a recorded file. */
static int
resolve_signal(struct run_setup *rs)
{
	spring_signal *sig = &rs->signal;
	int vel = SPRING_VEL_SIGNAL, rc;

	memset(sig, 0, sizeof(*sig));
	if (rs->vel_source != NULL) {
		if (strcmp(rs->vel_source, "signal") == 0)
			vel = SPRING_VEL_SIGNAL;
		else if (strcmp(rs->vel_source, "difference") == 0)
			vel = SPRING_VEL_DIFFERENCE;
		else if (strcmp(rs->vel_source, "zero") == 0)
			vel = SPRING_VEL_ZERO;
		else
			return usage_error("--target-vel-source: '%s' is not "
			    "signal, difference or zero", rs->vel_source);
	}
	sig->kind = SPRING_SIGNAL_CONSTANT;
	if (rs->signal_name != NULL &&
	    (sig->kind = spring_signal_find(rs->signal_name)) < 0)
		return usage_error("--target-signal: unknown signal '%s'; "
		    "'springsim list' shows them", rs->signal_name);
	if (rs->target_file != NULL) {
		if (rs->signal_name != NULL)
			return usage_error("--target-file and --target-signal "
			    "both give the target: give one");
		if (rs->have_target || rs->have_target_vel)
			return usage_error("%s does not go with --target-file: "
			    "the file gives the target", rs->have_target ?
			    "--target" : "--target-vel");
		sig->kind = SPRING_SIGNAL_FILE;
	}
	if (rs->signal_flag != NULL && (sig->kind == SPRING_SIGNAL_CONSTANT ||
	    sig->kind == SPRING_SIGNAL_FILE))
		return usage_error("%s goes with --target-signal step, ramp, "
		    "sine, square or noise", rs->signal_flag);
	if (rs->signal_shape != NULL) {
		if (sig->kind != SPRING_SIGNAL_NOISE)
			return usage_error("--signal-shape goes with "
			    "--target-signal noise");
		if (strcmp(rs->signal_shape, "linear") == 0)
			sig->linear = 1;
		else if (strcmp(rs->signal_shape, "hold") != 0)
			return usage_error("--signal-shape: '%s' is not hold or "
			    "linear", rs->signal_shape);
	}
	if (sig->kind == SPRING_SIGNAL_FILE) {
		if (!rs->target_read && (rc = read_target_file(rs)) != EXIT_OK)
			return rc;
		rs->target_read = 1;
		sig->t = rs->file_t;
		sig->g = rs->file_g;
		sig->q = rs->file_has_q ? rs->file_q : NULL;
		sig->n = rs->file_n;
	} else {
		sig->g0 = rs->sim.target;
		sig->q0 = rs->sim.target_vel;
	}
	sig->amp = rs->signal_amp;
	sig->period = rs->signal_period;
	sig->at = rs->signal_at;
	sig->seed = (unsigned long long)rs->signal_seed;
	rs->sim.vel_source = vel;
	rs->sim.signal = sig->kind == SPRING_SIGNAL_CONSTANT &&
	    vel == SPRING_VEL_SIGNAL ? NULL : sig;
	return EXIT_OK;
}

/*
 * The frames of a run at frame time dt and the time it ends, at most (a
 * hitch or the jitter can only lengthen frames by so much).
 */
static void
run_extent(const struct run_setup *rs, double dt, double *frames,
    double *t_end)
{
	double longest = dt * (1.0 + rs->jitter);
	double shortest = dt * (1.0 - rs->jitter), sum = 0.0, hitches = 0.0;
	long i, n;

	for (i = 0; i < rs->nhitches; i++) {
		longest = fmax(longest, rs->hitch[i].len);
		shortest = fmin(shortest, rs->hitch[i].len);
		hitches += rs->hitch[i].len;
	}
	if (rs->frames_from != NULL) {
		n = rs->have_frames && rs->frames < rs->list_len ? rs->frames :
		    rs->list_len;
		for (i = 0; i < n; i++) {
			sum += rs->list[i] * (1.0 + rs->jitter);
			longest = fmax(longest, rs->list[i] * (1.0 + rs->jitter));
		}
		*frames = (double)n;
		*t_end = sum + hitches;
		if (rs->have_duration)
			*t_end = fmin(*t_end, rs->duration + longest);
	} else if (rs->have_frames) {
		*frames = (double)rs->frames;
		*t_end = *frames * longest;
	} else {
		*frames = rs->duration / shortest + 1.0;
		*t_end = rs->duration + longest;
	}
}

/*
 * The pieces of a square or noise signal over t_end: the target's
 * (source < 0) or --model inertialize's source (0: --source-a, 1: -b).
 * Beyond 2^52 pieces k and k + 1 are the same double, beyond MAX_FRAMES
 * a run of hours (--force).  EXIT_OK, or EXIT_USAGE after a message
 * naming the signal ("--signal-period 0.001", "--source-a:
 * 'noise:1:1e-9'"), formatted only then: a sweep checks every
 * configuration.
 */
static int
check_pieces(const struct run_setup *rs, int source, double t_end)
{
	const spring_signal *sig = source < 0 ? &rs->signal :
	    &rs->source[source];
	double pieces = t_end / sig->period *
	    (sig->kind == SPRING_SIGNAL_SQUARE ? 2.0 : 1.0);
	const char *name = spring_signal_name(sig->kind);
	char who[160];

	if (sig->kind != SPRING_SIGNAL_SQUARE &&
	    sig->kind != SPRING_SIGNAL_NOISE)
		return EXIT_OK;
	if (pieces <= 4e15 && (pieces <= (double)MAX_FRAMES || rs->force))
		return EXIT_OK;
	if (source < 0)
		snprintf(who, sizeof(who), "--signal-period %g",
		    rs->signal_period);
	else
		snprintf(who, sizeof(who), "%s: '%.120s'", source == 0 ?
		    "--source-a" : "--source-b", rs->source_spec[source] !=
		    NULL ? rs->source_spec[source] : "sine");
	if (!(pieces <= 4e15))
		return usage_error("%s: a %s over %g s is %.3g pieces, too "
		    "many to tell apart", who, name, t_end, pieces);
	return usage_error("%s: a %s over %g s is %.3g pieces, more than %ld "
	    "(--force to run it anyway)", who, name, t_end, pieces,
	    MAX_FRAMES);
}

/* See run.h. */
int
run_check_cost(const struct run_setup *rs, double dt, double *kept,
    int tracking, const char *what)
{
	int kind = rs->signal.kind, i;
	double frames, t_end, half, shifts;

	run_extent(rs, dt, &frames, &t_end);
	if (check_pieces(rs, -1, t_end) != EXIT_OK)
		return EXIT_USAGE;
	/* --model inertialize's sources: the same signals, the same check */
	for (i = 0; i < 2 && rs->sim.model == spring_model_inertialize; i++)
		if (check_pieces(rs, i, t_end) != EXIT_OK)
			return EXIT_USAGE;
	if (kept != NULL) {
		*kept += frames + 1.0;
		if (*kept > (double)MAX_KEPT_FRAMES && !rs->force)
			return usage_error("%s: %.3g frames to keep in memory "
			    "(16 bytes each), more than %ld (--force to run it "
			    "anyway)", what, *kept, MAX_KEPT_FRAMES);
	}
	if (!tracking)
		return EXIT_OK;
	/* spring_tracking: shifts of dt over +-min(t_end / 2, 10 / omega) */
	half = fmin(0.5 * t_end, 10.0 / rs->sim.params.omega);
	if (kind == SPRING_SIGNAL_SINE || kind == SPRING_SIGNAL_SQUARE)
		half = fmin(half, 0.5 * rs->signal_period);
	shifts = 2.0 * half / dt + 21.0;
	if (!(shifts <= (double)(INT_MAX / 2)))
		return usage_error("%s: the lag search would try %.3g shifts "
		    "of %g s, too many to count", what, shifts, dt);
	if (0.5 * frames * shifts > 1e11 && !rs->force)
		return usage_error("%s: the lag search would try %.3g shifts "
		    "over %.3g frames (--force to run it anyway)", what,
		    shifts, frames);
	return EXIT_OK;
}

/* See run.h. */
int
run_check_work(const struct run_setup *rs, const char *what, double frames,
    double per_frame, double rows)
{
	if (rs->force)
		return EXIT_OK;
	if (rows > (double)MAX_FRAMES)
		return usage_error("%s: %.3g rows, more than %ld (--force to "
		    "run it anyway)", what, rows, MAX_FRAMES);
	if (frames * per_frame > MAX_WORK)
		return usage_error("%s: %.3g steps (%.3g frames of %.3g), more "
		    "than %.0e (--force to run it anyway)", what,
		    frames * per_frame, frames, per_frame, MAX_WORK);
	return EXIT_OK;
}

/* See run.h. */
double
run_length_flags(const struct run_setup *rs, char *buf, size_t len)
{
	double frames, t_end;

	run_extent(rs, rs->dt, &frames, &t_end);
	if (rs->frames_from != NULL)
		snprintf(buf, len, "--frames-from %.60s", rs->frames_from);
	else if (rs->have_frames)
		snprintf(buf, len, "--frames %ld", rs->frames);
	else
		snprintf(buf, len, "--duration %g --dt %g", rs->duration,
		    rs->dt);
	return frames;
}

/*
 * The run's work (run_check_work): its frames, times the substeps a
 * frame of the --substep policy (at most --max-substeps, or the frame
 * over --max-dt) or of the engine's knobs that count them (engine.h's
 * work), one row a frame.  The flags are named only for a refusal: a
 * sweep checks every configuration.
 */
static int
check_work(const struct run_setup *rs)
{
	const spring_sim *sim = &rs->sim;
	const spring_engine *e = sim->engine;
	char what[256];
	double frames = (double)sim->frames, per = 1.0, t_end, knob;
	size_t n;
	int i;

	if (rs->force)
		return EXIT_OK;
	if (sim->schedule != NULL || rs->frames_from != NULL)
		run_extent(rs, rs->dt, &frames, &t_end);
	if (sim->policy != spring_policy_none)
		per = fmin((double)sim->max_substeps, ceil(rs->dt *
		    (1.0 + rs->jitter) / sim->max_dt) + 1.0);
	for (i = 0; e != NULL && e->knobs != NULL &&
	    e->knobs[i].option != NULL; i++)
		if (e->knobs[i].work)
			per *= sim->esu.knob_given >> i & 1u ?
			    sim->esu.knob[i] : e->knobs[i].def;
	if (frames * per <= MAX_WORK)
		return EXIT_OK;
	(void)run_length_flags(rs, what, sizeof(what));
	n = strlen(what);
	if (sim->policy != spring_policy_none)
		snprintf(what + n, sizeof(what) - n, " --substep %s "
		    "--max-dt %g", rs->substep, sim->max_dt);
	for (i = 0; e != NULL && e->knobs != NULL &&
	    e->knobs[i].option != NULL; i++)
		if (e->knobs[i].work) {
			knob = sim->esu.knob_given >> i & 1u ?
			    sim->esu.knob[i] : e->knobs[i].def;
			n = strlen(what);
			snprintf(what + n, sizeof(what) - n, " --engine %s "
			    "--%s %g", e->name, e->knobs[i].flag, knob);
		}
	return run_check_work(rs, what, frames, per, frames);
}

/* See run.h. */
int
run_setup_resolve(struct run_setup *rs)
{
	int rc;

	/* the columns are read once (a sweep reads its own before) */
	if (rs->columns != NULL && !rs->metrics)
		return usage_error("--columns goes with --metrics");
	if (rs->columns != NULL &&
	    metric_columns_parse(rs->columns, &rs->cols, NULL, NULL) != 0)
		return EXIT_USAGE;
	rs->sim.engine = NULL;
	if ((rc = stdin_once(rs)) != EXIT_OK ||
	    (rc = engine_refusals(rs)) != EXIT_OK ||
	    (rc = resolve_rule(rs)) != EXIT_OK ||
	    (rc = resolve_signal(rs)) != EXIT_OK ||
	    (rc = resolve_policy(rs)) != EXIT_OK ||
	    (rc = resolve_schedule(rs)) != EXIT_OK ||
	    (rc = resolve_spring(rs)) != EXIT_OK)
		return rc;
	if (rs->engine != NULL && (rc = resolve_engine(rs)) != EXIT_OK)
		return rc;
	return check_work(rs);
}

/* See run.h: a command built on runs, its own flags as rows. */
int
run_parse_rows(struct run_setup *rs, const struct opt_command *cmd,
    void *own, int argc, char **argv)
{
	run_setup_init(rs);
	rs->command = argv[0];
	return opt_parse(cmd, argc, argv, own, NULL, rs, &rs->output);
}

/*
 * See run.h: a run's setup and sink are big (the sink's buffer, the
 * hitches), so on the heap; the sink zeroed.
 */
int
run_alloc(struct run_setup **rs, struct sink **k)
{
	*k = NULL;
	if ((*rs = malloc(sizeof(**rs))) == NULL ||
	    (*k = malloc(sizeof(**k))) == NULL) {
		warn_msg("out of memory");
		free(*rs);
		*rs = NULL;
		return -1;
	}
	memset(*k, 0, sizeof(**k));
	return 0;
}

/* Free what parsing allocated. */
void
run_setup_free(struct run_setup *rs)
{
	free(rs->list);
	free(rs->file_t);
	free(rs->file_g);
	free(rs->file_q);
	rs->list = rs->file_t = rs->file_g = rs->file_q = NULL;
}
