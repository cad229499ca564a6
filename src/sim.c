/*
 * sim.c - a whole run: frames from a schedule, each advanced by a substep
 * policy, the exact reference at each frame's wall time and the metrics
 * alongside.
 *
 * The loops do no allocation, no I/O of their own and no branching on
 * names: the rule and policy were looked up once, coefficients prepared
 * once per step size.  The common case, one step per frame of a constant
 * dt, has a loop of its own, a copy for each rule of the table with its
 * step inlined (run_constant).
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "metrics.h"
#include "reference.h"

/*
 * The target over the step [t0, t1]: linear, g(t) = g0 + q t, so its
 * middle is the mean of its ends.
 */
static inline void
sample_target(const spring_sim *sim, double t0, double t1,
    spring_target_step *tg)
{
	double g = sim->target, q = sim->target_vel;

	tg->g0 = g + q * t0;
	tg->g1 = g + q * t1;
	tg->gm = 0.5 * (tg->g0 + tg->g1);
	tg->q0 = tg->qm = tg->q1 = q;
}

/* What both loops share: the reference, the limit, the sums, the rows. */
struct run {
	const spring_sim *sim;
	spring_row_fn emit;
	void *ctx;
	spring_reference ref;
	spring_metrics_acc acc;
	double limit;
	long diverged_frame;
};

/* Whether a frame's state has left the problem's scale (or is not finite). */
static inline int
diverged(const struct run *run, double x, double v, double g)
{
	/* !(a <= b) is also true when a is NaN */
	return !(fabs(x - g) <= run->limit) || !isfinite(v);
}

/*
 * The rules' steps once more, inline (rulestep.h: the same operations
 * in the same order as rules.c's, so the same bits), for run_constant.
 */
#if defined(__GNUC__)
#define ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE static inline
#endif
#define RS_REAL double
#define RS_COEF spring_coef
#define RS_STATE spring_state
#define RS_TARGET spring_target_step
#define RS_NAME(n) inline_##n
#define RS_INLINE ALWAYS_INLINE
#include "rules/rulestep.h"

typedef void step_fn(const spring_coef *k, spring_state *s,
    const spring_target_step *tg);

/*
 * One step of the rule per frame of dt, frames ending at n dt, step the
 * rule's: the row lives in registers.  Inlined with each table rule's
 * step (run_constant): through the rule's pointer, the state and the
 * target went through memory at every frame, a call apart, on the
 * frame's chain of dependent operations (a --metrics run of 10^7
 * semi-implicit frames: 13.8 ns a frame, 12.4 inline, 11.0 inline and
 * not packed into vectors: the Makefile's flag for this file).
 */
ALWAYS_INLINE int
run_constant_with(struct run *run, long frames, step_fn *step)
{
	const spring_sim *sim = run->sim;
	const spring_rule *rule = sim->rule;
	spring_coef k;
	spring_state s = { sim->x0, sim->v0 }, r;
	spring_target_step tg;
	spring_row row;
	/*
	 * the reference and the sums, the loop's own: in run, where the
	 * row callback might read them for all the compiler knows, each
	 * frame's went to memory and back
	 */
	spring_reference ref = run->ref;
	spring_metrics_acc acc = run->acc;
	double h = sim->dt, t0 = 0.0, limit = run->limit;
	long n;
	int rc = 0;

	rule->prepare(&sim->params, h, &k);
	for (n = 1; n <= frames; n++) {
		double t1 = (double)n * h;
		spring_row cur;

		sample_target(sim, t0, t1, &tg);
		t0 = t1;
		step(&k, &s, &tg);
		if (!(fabs(s.x - tg.g1) <= limit) || !isfinite(s.v)) {
			run->diverged_frame = n;
			break;
		}
		reference_next(&ref, &r);
		/* cur never escapes, so it can live in registers */
		cur.t = t1;
		cur.x = s.x;
		cur.v = s.v;
		cur.g = tg.g1;
		cur.q = tg.q1;
		cur.x_ref = r.x;
		cur.v_ref = r.v;
		metrics_add(&acc, &cur);
		if (run->emit != NULL) {
			row = cur;
			if ((rc = run->emit(run->ctx, &row, h)) != 0)
				break;
		}
	}
	run->ref = ref;
	run->acc = acc;
	return rc;
}

/* run_constant_with, a rule's step inlined; any other rule's called. */
#define RUN_CONSTANT(name, step) \
	static int name(struct run *run, long frames) \
	{ return run_constant_with(run, frames, step); }
RUN_CONSTANT(run_explicit, inline_explicit_step)
RUN_CONSTANT(run_semi_implicit, inline_semi_implicit_step)
RUN_CONSTANT(run_implicit, inline_implicit_step)
RUN_CONSTANT(run_rigidbody, inline_rigidbody_step)
RUN_CONSTANT(run_backward_euler, inline_backward_euler_step)
RUN_CONSTANT(run_verlet, inline_verlet_step)
RUN_CONSTANT(run_rk4, inline_rk4_step)
RUN_CONSTANT(run_exact, inline_exact_step)
#undef RUN_CONSTANT

/* Any rule's: its step called through the table. */
static int
run_called(struct run *run, long frames)
{
	return run_constant_with(run, frames, run->sim->rule->step);
}

/* The table's rules and their loops, ending in NULL. */
static const struct {
	const spring_rule *const *rule;
	int (*run)(struct run *run, long frames);
} constant_loops[] = {
	{ &spring_rule_explicit, run_explicit },
	{ &spring_rule_semi_implicit, run_semi_implicit },
	{ &spring_rule_implicit, run_implicit },
	{ &spring_rule_rigidbody, run_rigidbody },
	{ &spring_rule_backward_euler, run_backward_euler },
	{ &spring_rule_verlet, run_verlet },
	{ &spring_rule_rk4, run_rk4 },
	{ &spring_rule_exact, run_exact },
	{ NULL, NULL }
};

/* The constant-dt loop for run's rule (see run_constant_with). */
static int
run_constant(struct run *run, long frames)
{
	int i;

	for (i = 0; constant_loops[i].rule != NULL; i++)
		if (*constant_loops[i].rule == run->sim->rule)
			return constant_loops[i].run(run, frames);
	return run_called(run, frames);
}

/*
 * A clock on sim's schedule, or on frames of sim->dt when it has none
 * (constant is that schedule's storage: the clock points into it).
 */
static void
start_clock(const spring_sim *sim, spring_schedule *constant,
    spring_clock *clk)
{
	memset(constant, 0, sizeof(*constant));
	constant->dt = sim->dt;
	spring_clock_init(clk, sim->schedule != NULL ? sim->schedule :
	    constant);
}

/*
 * The frames run_frames and run_engine walk: sim's clock, until `last`
 * frames (0: until the first frame ending at or past the duration) or
 * until a recorded schedule runs out.
 */
struct frames {
	spring_schedule constant;	/* the clock's, when sim has none */
	spring_clock clk;
	int steady;			/* a constant dt: frames end at n dt */
	long n, last;			/* this frame's number; the last, or 0 */
	double dt, wall, end;		/* this frame's; the duration's end */
};

/* Before the first frame (f must stay put: its clock points into it). */
static void
frames_start(const spring_sim *sim, long last, struct frames *f)
{
	f->steady = spring_schedule_constant(sim->schedule);
	start_clock(sim, &f->constant, &f->clk);
	f->n = 0;
	f->last = last;
	f->dt = f->wall = 0.0;
	f->end = sim->duration * (1.0 - 1e-9);
}

/* Move to the next frame: 1, or 0 when there is none. */
static int
frames_next(struct frames *f)
{
	if (f->n > 0 && f->last == 0 && f->wall >= f->end)
		return 0;
	if (f->last != 0 && f->n >= f->last)
		return 0;
	if (!spring_clock_next(&f->clk, &f->dt, &f->wall))
		return 0;
	f->n++;
	return 1;
}

/*
 * A frame's row, its state and target set: the reference at the frame's
 * wall time (the signal's when sref is given; on frames of a constant dt
 * the cached propagator), the sums, the row handed on.  The emit's
 * status: 0 to go on.
 */
static int
finish_row(struct run *run, const struct frames *f, spring_sigref *sref,
    spring_row *row)
{
	spring_state r;

	if (sref != NULL)
		spring_sigref_at(sref, f->wall, &r);
	else if (f->steady)
		reference_next(&run->ref, &r);
	else
		spring_reference_at(&run->ref, f->wall, &r);
	row->x_ref = r.x;
	row->v_ref = r.v;
	metrics_add(&run->acc, row);
	return run->emit != NULL ? run->emit(run->ctx, row, f->dt) : 0;
}

/* A stepper for sim's spring, policy and target. */
static void
start_stepper(const spring_sim *sim, spring_stepper *st)
{
	spring_stepper_init(st, sim->rule, sim->policy, &sim->params,
	    sim->max_dt, sim->max_substeps, sim->x0, sim->v0, sim->target,
	    sim->target_vel);
	st->nissen = sim->nissen;
	st->ck = sim->ck;
	st->cd = sim->cd;
	st->signal = sim->signal;
	st->vel_source = sim->vel_source;
}

/*
 * Frames from the schedule, each advanced by the stepper's policy; the
 * reference at the frame's wall time.  Ends after `frames` frames, or at
 * the first frame ending at or past the duration, or when a recorded
 * schedule runs out.
 */
static int
run_frames(struct run *run, long frames, spring_frame_stats *fs)
{
	const spring_sim *sim = run->sim;
	spring_stepper st;
	spring_sigref sref;
	struct frames f;
	spring_row row;
	int rc = 0;

	start_stepper(sim, &st);
	if (sim->signal != NULL)
		spring_sigref_init(&sref, &sim->params, sim->x0, sim->v0,
		    sim->signal, sim->vel_source);
	frames_start(sim, frames, &f);
	while (frames_next(&f)) {
		spring_stepper_advance(&st, f.dt, f.wall);
		row.t = f.wall;
		if (sim->signal != NULL)
			spring_signal_at(sim->signal, f.wall, &row.g, &row.q);
		else {
			row.g = sim->target + sim->target_vel * f.wall;
			row.q = sim->target_vel;
		}
		if (diverged(run, st.shown.x, st.shown.v, row.g) ||
		    !isfinite(st.s.x) || !isfinite(st.s.v)) {
			run->diverged_frame = f.n;
			break;
		}
		row.x = st.shown.x;
		row.v = st.shown.v;
		if ((rc = finish_row(run, &f, sim->signal != NULL ? &sref :
		    NULL, &row)) != 0)
			break;
	}
	if (fs != NULL) {
		fs->lost_time = st.lost_time;
		fs->max_lag = st.max_lag;
		fs->substeps = st.substeps;
		fs->max_substeps_frame = st.max_substeps_frame;
		fs->first_capped = st.first_capped;
		fs->frames = st.frames;
	}
	return rc;
}

/*
 * The setup an engine starts from: the sim's, with the spring, the
 * initial state and the target the sim's own (a sweep changes those).
 */
static void
engine_setup(const spring_sim *sim, spring_engine_setup *su)
{
	*su = sim->esu;
	su->params = sim->params;
	su->x0 = sim->x0;
	su->v0 = sim->v0;
	su->target = sim->target;
}

/*
 * Another library's spring (sim->engine): frames from the same clock as
 * run_frames, each the library's tick at the frame's wall time; the
 * reference is the exact spring toward the constant target.  Besides the
 * usual sums: the first frame declared done, the largest rest snap, the
 * first frame that moves (the library's frame delay).
 */
static int
run_engine(struct run *run, long frames, spring_frame_stats *fs,
    spring_metrics *em)
{
	const spring_sim *sim = run->sim;
	const spring_engine *e = sim->engine;
	spring_engine_setup su;
	spring_engine_state st;
	struct frames f;
	spring_row row;
	int rc = 0;

	engine_setup(sim, &su);
	memset(&st, 0, sizeof(st));
	e->start(&su, &st);
	memset(&row, 0, sizeof(row));
	frames_start(sim, frames, &f);
	em->snap_jump = 0.0;
	while (frames_next(&f)) {
		st.snap = 0.0;
		e->frame(&st, f.wall);
		row.t = f.wall;
		row.g = sim->target;
		row.q = 0.0;
		/* v is NaN where the library keeps no velocity */
		if (!(fabs(st.x - row.g) <= run->limit) || isinf(st.v)) {
			run->diverged_frame = f.n;
			break;
		}
		row.x = st.x;
		row.v = st.v;
		row.done = st.done != 0;
		if (st.done && isnan(em->done_time))
			em->done_time = f.wall;
		if (fabs(st.snap) > em->snap_jump)
			em->snap_jump = fabs(st.snap);
		if (em->first_move_frame < 0 && st.x != sim->x0) {
			em->first_move_frame = f.n;
			em->first_move_time = f.wall;
		}
		if (fs != NULL) {
			fs->frames = f.n;
			fs->substeps = f.n;
			fs->max_substeps_frame = 1;
		}
		if ((rc = finish_row(run, &f, NULL, &row)) != 0)
			break;
	}
	return rc;
}

/* Run the simulation; see spring.h. */
int
spring_simulate(const spring_sim *sim, spring_row_fn emit, void *ctx,
    spring_metrics *m, spring_frame_stats *fs)
{
	struct run run;
	spring_row row;
	spring_metrics em;
	long frames = sim->frames;
	int rc = 0;

	if (sim->model != NULL)
		return spring_model_simulate(sim, emit, ctx, m, fs);
	memset(&row, 0, sizeof(row));
	run.sim = sim;
	run.emit = emit;
	run.ctx = ctx;
	run.diverged_frame = -1;
	spring_reference_init(&run.ref, &sim->params, sim->x0, sim->v0,
	    sim->target, sim->target_vel, sim->dt);

	row.t = 0.0;
	row.x = row.x_ref = sim->x0;
	row.v = row.v_ref = sim->v0;
	row.g = sim->target;
	row.q = sim->target_vel;
	if (sim->signal != NULL)
		spring_signal_at(sim->signal, 0.0, &row.g, &row.q);
	run.limit = SPRING_DIVERGE_FACTOR * (fabs(sim->x0 - row.g) +
	    fabs(sim->v0 - row.q) / sim->params.omega + 1.0);
	spring_metrics_begin(&run.acc, &sim->params, &row);
	if (fs != NULL) {
		fs->lost_time = fs->max_lag = 0.0;
		fs->substeps = fs->max_substeps_frame = 0;
		fs->first_capped = fs->frames = 0;
	}
	/* the engine's own, kept over spring_metrics_end's */
	em.done_time = em.first_move_time = NAN;
	em.snap_jump = NAN;
	em.first_move_frame = -1;
	if (emit != NULL && (rc = emit(ctx, &row, 0.0)) != 0)
		goto done;

	if (sim->engine != NULL)
		rc = run_engine(&run, frames, fs, &em);
	else if ((sim->policy == NULL || sim->policy == spring_policy_none) &&
	    spring_schedule_constant(sim->schedule) && sim->signal == NULL) {
		if (frames == 0)
			frames = spring_frame_count(sim->duration, sim->dt);
		rc = run_constant(&run, frames);
		if (fs != NULL) {
			fs->frames = run.diverged_frame >= 0 ?
			    run.diverged_frame - 1 : frames;
			fs->substeps = fs->frames;
			fs->max_substeps_frame = fs->frames > 0;
		}
	} else
		rc = run_frames(&run, frames, fs);
done:
	spring_metrics_end(&run.acc, m);
	m->diverged = run.diverged_frame >= 0;
	m->diverged_frame = run.diverged_frame;
	if (sim->engine != NULL) {
		m->done_time = em.done_time;
		m->snap_jump = em.snap_jump;
		m->first_move_frame = em.first_move_frame;
		m->first_move_time = em.first_move_time;
	}
	return rc;
}

/*
 * spring_sample_at for an engine: at a frame, the frame's x; between
 * frames, what the library would show if a frame came at that time (a
 * copy of its state given that frame), not an interpolation.
 */
static long
engine_sample_at(const spring_sim *sim, const double *tq, long nq,
    double *xq)
{
	const spring_engine *e = sim->engine;
	spring_engine_setup su;
	spring_engine_state st, probe;
	spring_schedule constant;
	spring_clock clk;
	double frame_dt, wall;
	long i = 0;

	engine_setup(sim, &su);
	memset(&st, 0, sizeof(st));
	e->start(&su, &st);
	start_clock(sim, &constant, &clk);
	while (i < nq && tq[i] <= 0.0)
		xq[i++] = sim->x0;
	while (i < nq && spring_clock_next(&clk, &frame_dt, &wall)) {
		double tol = 1e-9 * frame_dt;

		for (; i < nq && tq[i] < wall - tol; i++) {
			probe = st;
			e->frame(&probe, tq[i]);
			xq[i] = probe.x;
		}
		e->frame(&st, wall);
		for (; i < nq && tq[i] <= wall + tol; i++)
			xq[i] = st.x;
	}
	return i;
}

/*
 * The x that sim's spring shows at each of the times tq[0..nq) (ascending,
 * within the run): frame by frame as spring_simulate runs it, and for a
 * time between two frames, a copy of the spring advanced from the last
 * frame to that time, exactly as its policy and rule would, not an
 * interpolation.  A time within 1e-9 of a frame's step of a frame's end
 * is that frame.  Returns the number of times answered.
 */
long
spring_sample_at(const spring_sim *sim, const double *tq, long nq,
    double *xq)
{
	spring_schedule constant;
	spring_stepper st, probe;
	spring_clock clk;
	double frame_dt, wall, prev = 0.0;
	long i = 0;

	if (sim->model != NULL)
		return spring_model_sample_at(sim, tq, nq, xq);
	if (sim->engine != NULL)
		return engine_sample_at(sim, tq, nq, xq);
	start_stepper(sim, &st);
	start_clock(sim, &constant, &clk);
	while (i < nq && tq[i] <= 0.0)
		xq[i++] = sim->x0;
	while (i < nq && spring_clock_next(&clk, &frame_dt, &wall)) {
		double tol = 1e-9 * frame_dt;

		for (; i < nq && tq[i] < wall - tol; i++) {
			probe = st;
			spring_stepper_advance(&probe, tq[i] - prev, tq[i]);
			xq[i] = probe.shown.x;
		}
		spring_stepper_advance(&st, frame_dt, wall);
		for (; i < nq && tq[i] <= wall + tol; i++)
			xq[i] = st.shown.x;
		prev = wall;
	}
	return i;
}
