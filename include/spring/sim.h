/*
 * spring/sim.h - whole runs, the models beyond the spring, batches (sim.c,
 * models.c, batch.c).  Part of the springsim library: include "spring.h"
 * for all of it.
 *
 * STABLE: part of the library's stable core (spring.h).
 */
#ifndef SPRING_SIM_H
#define SPRING_SIM_H

#include "core.h"
#include "metrics.h"
#include "signal.h"
#include "frame.h"
#include "engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A whole run (sim.c): frames from the schedule, each advanced by the
 * stepper's policy, the target g(t) = target + target_vel t.  The run
 * ends after `frames` frames, or when a frame ends at or past `duration`
 * (within 1e-9 relative) when frames is 0, or when a recorded schedule
 * runs out.
 */
struct spring_model;
struct spring_model_rule;

typedef struct spring_sim {
	const spring_rule *rule;
	/* another model than the damped spring (models.c): NULL for it */
	const struct spring_model *model;
	const struct spring_model_rule *mrule;
	double rate;			/* damper: lambda, 1/s; double: y */
	double factor;			/* lerp: the factor a frame */
	double ft;			/* lerp, exponential: their frame time */
	double xi0, vi0;		/* double: the intermediate spring */
	double t_goal, v_goal;		/* timed, velocity, predict */
	double apprehension;		/* timed, velocity: look-ahead / H */
	/* inertialize: from source a to source b at switch_at */
	const struct spring_signal *source_a, *source_b;
	double switch_at;
	spring_params params;
	double x0, v0;
	double target, target_vel;
	double dt;			/* the base frame time */
	long frames;			/* 0: run for duration */
	double duration;
	const spring_policy *policy;	/* NULL: none */
	double max_dt;
	int max_substeps;
	int nissen;			/* see spring_stepper */
	double ck, cd;
	double ref_h;			/* Nissen: the step of the reference */
	const spring_schedule *schedule; /* NULL: frames of dt */
	const spring_signal *signal;	/* NULL: target + target_vel t */
	int vel_source;			/* enum spring_vel_source */
	/*
	 * Another library's spring (engine.h), NULL for none: each frame
	 * is engine->frame at the frame's wall time, started from esu
	 * (whose params, x0, v0 and target spring_simulate takes from the
	 * sim's own); the reference is the exact spring for params toward
	 * the constant target.  No model, rule, policy or moving target.
	 */
	const spring_engine *engine;
	spring_engine_setup esu;
} spring_sim;

/*
 * Every field of sim at its default, so that a caller sets only what it
 * changes: the spring's springsim(1) defaults, rule semi-implicit,
 * omega 2 pi (1 Hz), zeta 1, mass 1, at rest at 0 toward a still target
 * at 1; frames of dt 1/60 s for duration 2 s (frames 0); policy none,
 * max_dt 1/60, max_substeps 8; the target's velocity from its signal
 * (SPRING_VEL_SIGNAL); the models' t_goal 1, v_goal 1, apprehension 2,
 * switch_at 1; every pointer NULL (no model, schedule, signal, engine)
 * and every other number 0 (no Nissen coefficients, no fast_exp).
 */
void spring_sim_init(spring_sim *sim);

/*
 * Models beyond the damped spring (models.c), after Holden ("Spring-It-On:
 * The Game Developer's Spring-Roll-Call"):
 *
 *   damper	first order, x' = lambda (g - x): a frame lerps x toward
 *		the target by a factor a(dt): lerp (a fixed factor a frame),
 *		lerp-dt (lambda dt), exponential (Holden's fixed-ft form,
 *		1 - (1 - ft lambda)^(dt / ft)), exact (1 - e^(-lambda dt)).
 *		The reference is the exponential decay; the row's v is the
 *		rate the equation gives, lambda (g - x).
 *   double	two critical springs in series, both y = 4 ln2 / H: xi
 *		follows the target, x follows xi.  A linear 4-state system:
 *		its reference is exact, (polynomial in t) e^(-yt).  Rules:
 *		series (Holden's: each spring exact toward a goal held over
 *		the step), exact (the 4-state solution over the step).
 *
 *   timed	Holden's timed spring: a critical spring (half-life H)
 *		tracking, apprehension x H ahead, an intermediate xi moving
 *		linearly to the target so as to reach it at t_goal.
 *   velocity	Holden's velocity spring: the same with xi moving toward
 *		the target at v_goal.  For both the reference is the
 *		exact critical spring (no goal velocity fed) following that
 *		look-ahead goal, a piecewise linear function of time.
 *   predict	Holden's character controller: a critical spring on the
 *		velocity toward v_goal, the position its exact integral;
 *		x is the position, v the velocity, xi the acceleration.
 *   inertialize  Holden's inertialization: the output follows source a,
 *		then, from the first frame at or after switch_at, source b
 *		plus the offset between them there, decayed toward zero by a
 *		critical spring (half-life H).  The reference switches at
 *		switch_at exactly and decays the offset in closed form.
 *
 * A model rule prepares coefficients k[8] for a step of h and steps the
 * state s = (x, v, xi, vi) toward the target at the step's end.
 */
typedef struct spring_model_rule {
	const char *name;
	const char *summary;
	const char *source;
	int order;			/* 0: exact */
	void (*prepare)(const struct spring_sim *sim, double h, double *k);
	/* the step from t0 to t1 (the target is the sim's, at t1) */
	void (*step)(const struct spring_sim *sim, const double *k,
	    double *s, double t0, double t1);
} spring_model_rule;

typedef struct spring_model {
	const char *name;
	const char *summary;
	const char *source;
	/* extra columns: 4 (xi, vi and their references), 2 (xi and its
	 * reference) or 0; their names for the header */
	int intermediate;
	const char *columns;
	int energy;			/* 0: energy_drift does not apply */
	const spring_model_rule *const *rules;	/* ending in NULL */
	/* the exact state at t, r = (x, v, xi, vi) */
	void (*reference)(const struct spring_sim *sim, double t, double *r);
	/* the v a row shows for state s, target g, q */
	double (*velocity)(const struct spring_sim *sim, const double *s,
	    double g, double q);
} spring_model;

extern const spring_model *const spring_model_damper;
extern const spring_model *const spring_model_double;
extern const spring_model *const spring_model_timed;
extern const spring_model *const spring_model_velocity;
extern const spring_model *const spring_model_predict;
extern const spring_model *const spring_model_inertialize;
/* Every model beyond the spring, ending in NULL. */
extern const spring_model *const spring_models[];
const spring_model *spring_model_find(const char *name);
const spring_model_rule *spring_model_rule_find(const spring_model *m,
    const char *name);
/* Holden's critical spring (rules.c): not in spring_rules[]: a model. */
extern const spring_rule *const spring_rule_critical;

/* What the substep policy did over a run, beside spring_metrics. */
typedef struct spring_frame_stats {
	double lost_time, max_lag;
	long substeps;
	int max_substeps_frame;
	long first_capped;		/* 0 if the guard never bit */
	long frames;			/* frames run */
} spring_frame_stats;

/*
 * Called with each row, t = 0 first; a nonzero return stops the run and is
 * returned by spring_simulate (the CLI uses it for write errors).  dt is
 * the frame's length (0 for the t = 0 row).
 */
typedef int (*spring_row_fn)(void *ctx, const spring_row *row, double dt);

/*
 * A run is said to diverge when x or v stops being finite, or when
 * |x - g(t)| exceeds SPRING_DIVERGE_FACTOR times the problem's scale,
 * |x0 - g0| + |v0 - q| / omega + 1.  The row that diverged is not emitted.
 */
#define SPRING_DIVERGE_FACTOR 1e6

/*
 * Run sim, passing each row to emit (which may be NULL) and filling m and
 * fs (which may be NULL).  Returns 0, or what emit returned to stop it.
 */
int spring_simulate(const spring_sim *sim, spring_row_fn emit, void *ctx,
    spring_metrics *m, spring_frame_stats *fs);
/*
 * The predict model's horizon: the state predicted at t = i dt, i = 0 ..
 * horizon / dt, each by one step of i dt from the initial state (Holden's
 * spring_character_predict), rows to emit with the reference.
 */
int spring_predict_horizon(const spring_sim *sim, double horizon,
    spring_row_fn emit, void *ctx);
/*
 * Run n springs for their metrics: m[i] and fs[i] (fs may be NULL) are
 * what spring_simulate(sims[i], NULL, NULL, &m[i], &fs[i]) gives, to the
 * bit.  Springs of a constant frame time, one step a frame and a linear
 * target are stepped side by side, a chunk of one rule and frame count at
 * a time (batch.c); the others run one by one.  No allocation: the
 * chunk lives on the stack (about 40 kB).
 */
void spring_simulate_batch(const spring_sim *const *sims, long n,
    spring_metrics *m, spring_frame_stats *fs);
/* The metrics a caller wants of spring_simulate_batch_some. */
enum spring_want {
	SPRING_WANT_ERR_X = 1,		/* max_err_x, rms_err_x, final_err_x */
	SPRING_WANT_ERR_V = 2,		/* max_err_v, rms_err_v, final_err_v */
	SPRING_WANT_OVERSHOOT = 4,
	SPRING_WANT_SETTLE = 8,		/* settle_time */
	SPRING_WANT_ENERGY = 16,	/* energy_drift */
	SPRING_WANT_ALL = 31
};
/*
 * spring_simulate_batch for the metrics want names (SPRING_WANT_* ored)
 * and divergence: those are spring_simulate's to the bit, the others may
 * be NaN.  With the x errors alone, fewer sums a frame and two tiles of
 * springs side by side make a frame about a third cheaper.
 */
void spring_simulate_batch_some(const spring_sim *const *sims, long n,
    spring_metrics *m, spring_frame_stats *fs, unsigned want);

/*
 * The x sim's spring shows at the ascending times tq[0..nq): at a frame's
 * end, that frame's; between frames, a copy of the spring advanced from
 * the last frame to the time by its own policy and rule.  Returns how
 * many times it answered (fewer if the run ends first).
 */
long spring_sample_at(const spring_sim *sim, const double *tq, long nq,
    double *xq);

/* ceil(duration / dt), taking a ratio within 1e-9 of a whole number as that. */
long spring_frame_count(double duration, double dt);

#ifdef __cplusplus
}
#endif

#endif
