/*
 * columns.c - the --metrics columns: their table (name, kind, group,
 * where the value is, what it means) and the row of values a run gives
 * them.  Everything that names or prints a column reads the table: the
 * header and rows (sink.c), --columns, sweep's --fail-if and its
 * defaults, 'springsim list'.
 */
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "columns.h"

#define AT(f)	offsetof(struct metric_row, f)
/* a column of the run's identity: a name, a number, a count */
#define NAME(n, src, h) \
	{ #n, COL_NAME, COL_IDENTITY, src, 0, AT(n), NULL, NULL, h }
#define IDENT(n, k, h) \
	{ #n, k, COL_IDENTITY, SRC_NONE, 0, AT(n), NULL, NULL, h }

/* See columns.h.  Order is the header's; nothing else follows it. */
const struct metric_col metric_cols[] = {
	NAME(model, SRC_MODEL, "the model's name, as given"),
	NAME(integrator, SRC_INTEGRATOR,
	    "the rule's name, as given (empty with --engine)"),
	NAME(substep, SRC_SUBSTEP, "the substep policy"),
	IDENT(dt, COL_VALUE, "the frame time of --dt"),
	IDENT(frames, COL_COUNT, "the frames asked for"),
	IDENT(omega, COL_VALUE, "the canonical omega of the parameters"),
	IDENT(zeta, COL_VALUE, "the canonical zeta of the parameters"),
	IDENT(mass, COL_VALUE, "the mass"),
	IDENT(x0, COL_VALUE, "the start position"),
	IDENT(v0, COL_VALUE, "the start velocity"),
	IDENT(target, COL_VALUE, "the target's position at t = 0 "
	    "(--target-file: the file's, interpolated or held)"),
	IDENT(target_vel, COL_VALUE, "the target's velocity at t = 0 "
	    "(--target-file: the file's own)"),
	{ "max_err_x", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_ERR_X,
	    AT(max_err_x), NULL, NULL,
	    "the largest |x - x_ref| over every row" },
	{ "rms_err_x", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_ERR_X,
	    AT(rms_err_x), NULL, NULL,
	    "the root mean square of x - x_ref over every row" },
	{ "final_err_x", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_ERR_X,
	    AT(final_err_x), "max_err_x", NULL,
	    "|x - x_ref| at the last row" },
	{ "max_err_v", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_ERR_V,
	    AT(max_err_v), NULL, NULL,
	    "the largest |v - v_ref| over every row" },
	{ "rms_err_v", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_ERR_V,
	    AT(rms_err_v), NULL, NULL,
	    "the root mean square of v - v_ref over every row" },
	{ "final_err_v", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_ERR_V,
	    AT(final_err_v), "max_err_v", NULL,
	    "|v - v_ref| at the last row" },
	{ "overshoot", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_OVERSHOOT,
	    AT(overshoot), NULL, NULL,
	    "how far x goes past the target, over |x0 - target|" },
	{ "settle_time", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_SETTLE,
	    AT(settle_time), NULL,
	    "not settled when the run ended: the last row is outside the "
	    "band (--duration auto runs until it settles)",
	    "the time from which |x - g(t)| stays within 2 % of "
	    "|x0 - target|" },
	{ "energy_drift", COL_VALUE, COL_METRIC, SRC_NONE, SPRING_WANT_ENERGY,
	    AT(energy_drift), NULL, NULL,
	    "(E - E_ref) / E0 where |E - E_ref| is largest" },
	{ "diverged", COL_COUNT, COL_METRIC, SRC_NONE, 0, AT(diverged), NULL,
	    NULL, "1 if the run stopped because it diverged, else 0" },
	{ "max_dt", COL_VALUE, COL_RUN_STAT, SRC_NONE, 0, AT(max_dt), NULL,
	    NULL, "the substep policy's --max-dt (0 for none)" },
	{ "max_substeps", COL_COUNT, COL_RUN_STAT, SRC_NONE, 0,
	    AT(max_substeps), NULL, NULL,
	    "the substep policy's --max-substeps (0 for none)" },
	{ "lost_time", COL_VALUE, COL_RUN_STAT, SRC_NONE, 0, AT(lost_time),
	    NULL, NULL, "the time the guard cut and never simulated" },
	{ "max_lag", COL_VALUE, COL_RUN_STAT, SRC_NONE, 0, AT(max_lag), NULL,
	    NULL, "the largest wall time minus the time the state shows" },
	{ "substeps", COL_COUNT, COL_RUN_STAT, SRC_NONE, 0, AT(substeps),
	    NULL, NULL, "the steps of the rule in all" },
	{ "max_substeps_frame", COL_COUNT, COL_RUN_STAT, SRC_NONE, 0,
	    AT(max_substeps_frame), NULL, NULL,
	    "the most steps of the rule in one frame" },
	{ "lag", COL_VALUE, COL_RUN_STAT, SRC_NONE, 0, AT(lag), NULL, NULL,
	    "the shift tau minimising the RMS of x(t) - g(t - tau)" },
	{ "attenuation", COL_VALUE, COL_RUN_STAT, SRC_NONE, 0,
	    AT(attenuation), NULL, NULL,
	    "the RMS of x's deviation from its line over the target's" },
	{ "engine", COL_NAME, COL_ENGINE, SRC_ENGINE, 0, AT(engine), NULL,
	    NULL, "the engine's name (--engine)" },
	{ "done_time", COL_VALUE, COL_ENGINE, SRC_NONE, 0, AT(done_time),
	    NULL, NULL,
	    "the wall time of the frame the library declares it over" },
	{ "snap_jump", COL_VALUE, COL_ENGINE, SRC_NONE, 0, AT(snap_jump),
	    NULL, NULL, "the largest jump of the library's snap to rest" },
	{ "first_move_frame", COL_COUNT, COL_ENGINE, SRC_NONE, 0,
	    AT(first_move_frame), NULL, NULL,
	    "the first frame whose x differs from x0" },
	{ "first_move_time", COL_VALUE, COL_ENGINE, SRC_NONE, 0,
	    AT(first_move_time), NULL, NULL,
	    "that frame's time: the library's frame delay" },
	{ "asked_duration", COL_VALUE, COL_ENGINE, SRC_NONE, 0,
	    AT(asked_duration), NULL, NULL,
	    "the duration a duration dialect's flags asked for, s" },
	{ "done_error", COL_VALUE, COL_ENGINE, SRC_NONE, 0, AT(done_error),
	    NULL, NULL, "done_time - asked_duration: how late the library "
	    "ends it" },
	{ "settle_error", COL_VALUE, COL_ENGINE, SRC_NONE, 0,
	    AT(settle_error), NULL,
	    "not settled when the run ended (settle_time is inf)",
	    "settle_time - asked_duration: how late it really settles" },
	{ NULL, COL_NAME, COL_IDENTITY, SRC_NONE, 0, 0, NULL, NULL, NULL }
};

_Static_assert(sizeof(metric_cols) / sizeof(metric_cols[0]) ==
    (size_t)METRIC_NCOLS + 1, "a row of metric_cols a metric_row field");

/* See columns.h. */
int
metric_col_find(const char *name)
{
	int i;

	for (i = 0; metric_cols[i].name != NULL; i++)
		if (strcmp(metric_cols[i].name, name) == 0)
			return i;
	return -1;
}

/* See columns.h: the columns metrics_values_of leaves empty without it. */
int
metric_col_asked(int i)
{
	return metric_cols[i].offset == AT(asked_duration) ||
	    metric_cols[i].offset == AT(done_error) ||
	    metric_cols[i].offset == AT(settle_error);
}

/* The default selections, built from the table once (select_init). */
static struct col_select select_all[2];
static pthread_once_t select_once = PTHREAD_ONCE_INIT;

/* Every column of the table in order; the engine's in [1] alone. */
static void
select_init(void)
{
	int j, e;

	for (e = 0; e < 2; e++)
		for (j = 0; metric_cols[j].name != NULL; j++)
			if (e || metric_cols[j].group != COL_ENGINE)
				select_all[e].idx[select_all[e].n++] =
				    (unsigned char)j;
}

/* See columns.h. */
const struct col_select *
metric_select_all(int engine)
{
	pthread_once(&select_once, select_init);
	return &select_all[engine != 0];
}

/*
 * See columns.h.  frames is the count the run was to have (the count
 * run, when the frame time varies); none has no H nor guard: 0.  The
 * engine's are empty where the run has none (never NaN); the asked
 * duration's without an engine or without asked (NaN), done_error
 * where done_time is (the library never ended it), settle_error inf
 * where settle_time is.
 */
void
metrics_values_of(const spring_sim *sim, const spring_metrics *m,
    const spring_frame_stats *fs, double lag, double attenuation,
    double asked, struct metric_row *r)
{
	int none = sim->policy == spring_policy_none;

	r->model = r->integrator = r->substep = r->engine = NAN;
	r->dt = sim->dt;
	r->frames = (double)(sim->frames > 0 && sim->schedule == NULL ?
	    sim->frames : fs->frames);
	r->omega = sim->params.omega;
	r->zeta = sim->params.zeta;
	r->mass = sim->params.mass;
	r->x0 = sim->x0;
	r->v0 = sim->v0;
	/*
	 * a recorded target has no --target or --target-vel: the file's
	 * own values at t = 0 (spring_signal_at: held before its first row,
	 * linear between rows, the slope where it has no target_vel)
	 */
	if (sim->signal != NULL && sim->signal->kind == SPRING_SIGNAL_FILE)
		spring_signal_at(sim->signal, 0.0, &r->target,
		    &r->target_vel);
	else {
		r->target = sim->target;
		r->target_vel = sim->target_vel;
	}
	r->max_err_x = m->max_err_x;
	r->rms_err_x = m->rms_err_x;
	r->final_err_x = m->final_err_x;
	r->max_err_v = m->max_err_v;
	r->rms_err_v = m->rms_err_v;
	r->final_err_v = m->final_err_v;
	r->overshoot = m->overshoot;
	r->settle_time = m->settle_time;
	r->energy_drift = m->energy_drift;
	r->diverged = m->diverged;
	r->max_dt = none ? 0.0 : sim->max_dt;
	r->max_substeps = none ? 0 : sim->max_substeps;
	r->lost_time = fs->lost_time;
	r->max_lag = fs->max_lag;
	r->substeps = (double)fs->substeps;
	r->max_substeps_frame = fs->max_substeps_frame;
	r->lag = lag;
	r->attenuation = attenuation;
	r->done_time = m->done_time;
	r->snap_jump = m->snap_jump;
	r->first_move_frame = m->first_move_frame >= 0 ?
	    (double)m->first_move_frame : NAN;
	r->first_move_time = m->first_move_time;
	if (sim->engine == NULL)
		asked = NAN;
	r->asked_duration = asked;
	r->done_error = m->done_time - asked;
	r->settle_error = isnan(asked) ? NAN : m->settle_time - asked;
}
