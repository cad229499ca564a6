/*
 * spring.h - the springsim core: a damped spring, the update rules that
 * step it, the exact solution it is measured against, and the metrics.
 *
 * The library does numbers only: no I/O, no allocation, no global state,
 * so a game can compile it in unchanged.  Everything that touches options,
 * files or text lives in the CLI (src/cli/).
 *
 * The model, per unit mass (DESIGN.md, "The math"):
 *
 *	a = omega^2 (g(t) - x) + 2 zeta omega (q(t) - v)
 *
 * g(t) is the target position and q(t) its velocity; a target given with a
 * velocity moves, g(t) = g0 + q t.
 */
#ifndef SPRING_H
#define SPRING_H

#define SPRING_VERSION "0.1.0"

/* Canonical parameters: every convention converts to and from these. */
typedef struct spring_params {
	double omega;		/* undamped angular frequency, rad/s, > 0 */
	double zeta;		/* damping ratio, >= 0 */
	double mass;		/* kg, > 0; scales forces and energy only */
	int fast_exp;		/* exact rules: Holden's fast_negexp for e^-x
				 * (--fast-exp); the reference never */
} spring_params;

/* Position and velocity of the spring's free end. */
typedef struct spring_state {
	double x, v;
} spring_state;

/*
 * The target as one step of size h sees it: position g and velocity q at
 * the start (0), the middle (m) and the end (1) of the step.  Each rule
 * reads the samples at the times its formula evaluates the state.
 */
typedef struct spring_target_step {
	double g0, q0, gm, qm, g1, q1;
} spring_target_step;

/* A 2x2 matrix [[a, b], [c, d]] acting on (x, v). */
typedef struct spring_mat2 {
	double a, b, c, d;
} spring_mat2;

/*
 * What a rule precomputes for one (omega, zeta, h), so that a step costs a
 * handful of multiplications.  w2 = omega^2, c = 2 zeta omega; k[] holds
 * the rule's own constants.
 */
typedef struct spring_coef {
	double h, w2, c;
	double k[6];
} spring_coef;

/*
 * An update rule, in the manner of GSL's odeiv2 steppers: a name, its
 * order of accuracy, a function that precomputes the coefficients and a
 * function that advances the state by one step.
 */
typedef struct spring_rule {
	const char *name;
	const char *summary;	/* one line for `springsim list` and --help */
	const char *source;	/* the article it comes from */
	int order;		/* global order of accuracy; 0: exact */
	void (*prepare)(const spring_params *p, double h, spring_coef *k);
	void (*step)(const spring_coef *k, spring_state *s,
	    const spring_target_step *tg);
} spring_rule;

extern const spring_rule *const spring_rule_explicit;
extern const spring_rule *const spring_rule_semi_implicit;
extern const spring_rule *const spring_rule_implicit;
extern const spring_rule *const spring_rule_rigidbody;
extern const spring_rule *const spring_rule_backward_euler;
extern const spring_rule *const spring_rule_verlet;
extern const spring_rule *const spring_rule_rk4;
extern const spring_rule *const spring_rule_exact;

/* Every rule, in a fixed order, ending in NULL. */
extern const spring_rule *const spring_rules[];

/* The rule called name, or NULL. */
const spring_rule *spring_rule_find(const char *name);

/*
 * Parameter conventions (params.c).  Each *_to_params fills p and returns
 * 0, or returns -1 when the inputs are out of range; the range checks that
 * name a flag are the CLI's, these only refuse what has no meaning.
 */
int spring_params_set(double omega, double zeta, double mass,
    spring_params *p);
int spring_from_stiffness(double k, double d, double m, spring_params *p);
int spring_from_uaf(double uaf, double dr, spring_params *p);
int spring_from_halflife_frequency(double halflife, double freq,
    spring_params *p);
int spring_from_halflife_dr(double halflife, double dr, spring_params *p);
int spring_from_nissen(double ck, double cd, double m, double h,
    spring_params *p);
int spring_from_chou(double hz, double decay, double decay_time,
    spring_params *p);

/* The other way round, for round trips and `convert`. */
double spring_stiffness(const spring_params *p);	/* k = m omega^2 */
double spring_damping(const spring_params *p);	/* d = 2 m zeta omega */
double halflife_to_damping(double halflife);	/* Holden: 4 ln2 / H */
double damping_to_halflife(double damping);	/* per unit mass */

/*
 * The exact solution (exact.c).  spring_propagator gives the matrix that
 * carries the offset from a linearly moving target, (x - g, v - q), over a
 * time t.  It is accurate to a few ulps of the problem's scale in every
 * regime: zeta = 0, zeta = 1 exactly and +-1e-9, zeta = 1e4, omega t = 1e4.
 */
void spring_propagator(double omega, double zeta, double t, spring_mat2 *phi);
/* The same with spring_fast_negexp for every exponential (--fast-exp). */
void spring_propagator_fast(double omega, double zeta, double t,
    spring_mat2 *phi);
/* Holden's fast_negexp(x) ~ e^-x, x >= 0: 1 / (1 + x + 0.48 x^2 + 0.235 x^3). */
double spring_fast_negexp(double x);

/*
 * The reference: the exact trajectory from (x0, v0) toward the target
 * g(t) = g0 + q t.  spring_reference_at evaluates the closed form at any
 * t >= 0 (t = 0 gives x0, v0 to the bit).  spring_reference_next gives the
 * frames t = k dt, k = 1, 2, ..., of the dt given to init: it carries the
 * offset forward with the cached propagator Phi(dt), four multiplications
 * a frame, and re-anchors on the closed form at the exact multiple k dt
 * every SPRING_REFERENCE_ANCHOR frames, so its error stays within about
 * one rounding of the state plus that many applications of Phi(dt).
 */
#define SPRING_REFERENCE_ANCHOR 64

typedef struct spring_reference {
	double omega, zeta;
	double x0, v0;		/* initial state */
	double g0, q;		/* target */
	double e0, de0;		/* initial offset from the target */
	double dt;		/* frame time of spring_reference_next */
	spring_mat2 frame;	/* Phi(dt) */
	double e, de;		/* offset at frame k */
	long k;			/* the last frame given by _next */
} spring_reference;

void spring_reference_init(spring_reference *r, const spring_params *p,
    double x0, double v0, double g0, double q, double dt);
void spring_reference_next(spring_reference *r, spring_state *out);
void spring_reference_at(const spring_reference *r, double t,
    spring_state *out);

/*
 * Error metrics over a run (metrics.c), in O(1) memory.  Definitions, the
 * same as in --help and the README:
 *   max_err_x    max |x - x_ref| over every row (t = 0 included)
 *   rms_err_x    sqrt(mean((x - x_ref)^2)) over every row
 *   final_err_x  |x - x_ref| at the last row (likewise for v)
 *   overshoot    how far x goes past the target, on the far side from
 *                where it started, as a fraction of the initial distance
 *                |x0 - g0| (in units of x when that distance is 0)
 *   settle_time  the time from which |x - g(t)| stays within 2 % of the
 *                initial distance (of 1 unit when that is 0) to the end
 *                of the run; infinite when the last row is outside
 *   energy_drift (E - E_ref) / E0 at the row where |E - E_ref| is largest,
 *                E = m (v - q)^2 / 2 + k (x - g)^2 / 2 the energy relative
 *                to the target; > 0 means the rule gained energy.  E0 is
 *                the initial energy (m omega^2 / 2 when that is 0)
 *   diverged     1 if the run stopped because it diverged
 */
typedef struct spring_metrics {
	double max_err_x, rms_err_x, final_err_x;
	double max_err_v, rms_err_v, final_err_v;
	double overshoot, settle_time, energy_drift;
	int diverged;
	long rows;		/* rows measured, t = 0 included */
	long diverged_frame;	/* first frame that diverged, or -1 */
} spring_metrics;

/* A row of the trajectory: the simulated state beside the exact one. */
typedef struct spring_row {
	double t, x, v;
	double g, q;		/* target position and velocity */
	double x_ref, v_ref;
	/* a model with an intermediate spring (double): its state */
	double xi, vi, xi_ref, vi_ref;
} spring_row;

/* Running sums behind spring_metrics. */
typedef struct spring_metrics_acc {
	double sum_ex2, sum_ev2, inv_ex, inv_ev;	/* see sumsq_add */
	double max_ex, max_ev, last_ex, last_ev;
	double dir, dist0, band, beyond;
	double settle_from;
	int inside;
	double w2, e0_energy, drift;
	long rows;
} spring_metrics_acc;

void spring_metrics_begin(spring_metrics_acc *a, const spring_params *p,
    const spring_row *first);
void spring_metrics_add(spring_metrics_acc *a, const spring_row *row);
void spring_metrics_end(const spring_metrics_acc *a, spring_metrics *m);

/*
 * Target signals (signal.c), each riding on the base target g0 + q0 t.
 * All but the sine are piecewise linear.
 */
enum spring_signal_kind {
	SPRING_SIGNAL_CONSTANT, SPRING_SIGNAL_STEP, SPRING_SIGNAL_RAMP,
	SPRING_SIGNAL_SINE, SPRING_SIGNAL_SQUARE, SPRING_SIGNAL_NOISE,
	SPRING_SIGNAL_FILE, SPRING_SIGNAL_KINDS
};

typedef struct spring_signal {
	int kind;
	double g0, q0;			/* the base target */
	double amp, period, at;		/* --signal-amp, -period, -at */
	unsigned long long seed;	/* noise */
	int linear;			/* noise: linear between samples */
	const double *t, *g, *q;	/* file: rows (q may be NULL) */
	long n;
} spring_signal;

/*
 * One linear piece of a piecewise-linear signal: on [t0, t1) the signal is
 * g + s (u - tr) and its recorded velocity q + r (u - tr), tr =
 * spring_piece_ref (t0, or 0 when t0 is -inf).
 */
typedef struct spring_piece {
	double t0, t1, g, s, q, r;
} spring_piece;

const char *spring_signal_name(int kind);
const char *spring_signal_summary(int kind);
int spring_signal_find(const char *name);
void spring_signal_piece(const spring_signal *sig, double t, spring_piece *p);
double spring_piece_ref(const spring_piece *p);
/* The signal's position and own velocity at t. */
void spring_signal_at(const spring_signal *sig, double t, double *g,
    double *q);
/* The same at the end of a step: the velocity is the left limit. */
void spring_signal_end(const spring_signal *sig, double t, double *g,
    double *q);

/*
 * Tracking metrics (lag, attenuation) of a run's frames t[], x[] against
 * the signal; see signal.c for the definitions.
 */
void spring_tracking(const spring_signal *sig, double omega, const double *t,
    const double *x, long n, double dt, double *lag, double *attenuation);

/*
 * The velocity each rule is fed: the signal's own, the finite difference
 * of the target over the frame (what most game code has), or zero (the
 * basic spring of Studio Gobo's first listing).
 */
enum spring_vel_source {
	SPRING_VEL_SIGNAL, SPRING_VEL_DIFFERENCE, SPRING_VEL_ZERO
};

/*
 * The exact reference for a signal (sigref.c): the spring
 *	x'' = omega^2 (g - x) + 2 zeta omega (kappa q - v),
 * kappa = 0 when the rules are fed zero, else 1 (fed the difference, the
 * reference still takes the signal's true velocity).  Piece by piece for
 * piecewise-linear signals (times must not decrease), the closed-form
 * steady state plus transient for the sine.
 */
typedef struct spring_sigref {
	const spring_signal *sig;
	double omega, zeta, kappa;
	double x0, v0;
	spring_piece piece;		/* the current piece */
	double ta, e, de;		/* offset from its particular solution */
	double amp_x, phase;		/* sine: A |H|, arg H */
	int resonant;			/* sine at omega, zeta = 0 */
} spring_sigref;

void spring_sigref_init(spring_sigref *r, const spring_params *p,
    double x0, double v0, const spring_signal *sig, int vel_source);
void spring_sigref_at(spring_sigref *r, double t, spring_state *out);

/*
 * Substep policies (frame.c), Studio Gobo's three listings, plus none.
 * A stepper is the spring as a game owns it: its true state, the policy
 * that turns one frame into steps of the rule, and what the frame shows.
 * It holds no pointers into itself, so a copy is an independent spring
 * (springsim fps advances copies to times between frames).
 */
typedef struct spring_stepper spring_stepper;

typedef struct spring_policy {
	const char *name;
	const char *summary;
	/* Advance by one frame of length frame_dt ending at wall time. */
	void (*advance)(spring_stepper *st, double frame_dt, double wall);
} spring_policy;

extern const spring_policy *const spring_policy_none;
extern const spring_policy *const spring_policy_max;
extern const spring_policy *const spring_policy_uniform;
extern const spring_policy *const spring_policy_fixed;

/* Every policy, ending in NULL; and the one called name, or NULL. */
extern const spring_policy *const spring_policies[];
const spring_policy *spring_policy_find(const char *name);

struct spring_stepper {
	const spring_rule *rule;
	const spring_policy *policy;
	spring_params params;	/* the spring, when it does not depend on h */
	int nissen;		/* Nissen's Ck/Cd: the spring depends on h */
	double ck, cd;
	double max_dt;		/* H of the max, uniform and fixed policies */
	int max_substeps;	/* the max-updates guard, N */
	double g0, q;		/* the target, g(t) = g0 + q t */
	const spring_signal *signal;	/* or a signal (then g0, q unused) */
	int vel_source;		/* enum spring_vel_source */
	double q_frame;		/* the frame's difference quotient */

	spring_state s;		/* the true state */
	spring_state prev;	/* the state before the last step (fixed) */
	spring_state shown;	/* what the frame shows */
	double t_sim;		/* the time the true state is at */
	double t_shown;		/* the time the shown state stands for */
	double wall;		/* the wall-clock time of the last frame */
	double accumulator;	/* fixed: time still to simulate (<= 0: ahead) */

	spring_coef coef[2];	/* prepared for the steps of h_coef[] */
	double h_coef[2];

	long frames;		/* frames advanced */
	long substeps;		/* steps of the rule taken */
	int frame_substeps;	/* steps in the last frame */
	int max_substeps_frame;	/* most steps in one frame */
	long first_capped;	/* first frame the guard cut short, or 0 */
	double lost_time;	/* time never simulated (max, uniform) */
	double max_lag;		/* largest wall - t_shown at a frame's end */
};

/*
 * A stepper at (x0, v0), wall time 0, toward the target g0 + q t.  For
 * Nissen's coefficients set st->nissen, ck, cd afterwards (and params.mass)
 * and the spring is converted for each step size actually taken.
 */
void spring_stepper_init(spring_stepper *st, const spring_rule *rule,
    const spring_policy *policy, const spring_params *p, double max_dt,
    int max_substeps, double x0, double v0, double g0, double q);
/* Advance one frame: st->policy->advance(st, frame_dt, wall). */
void spring_stepper_advance(spring_stepper *st, double frame_dt,
    double wall);

/*
 * Frame-time schedules (schedule.c): a base frame time or a recorded list
 * of them, optional jitter dt (1 + J u), u uniform in [-1, 1] from a
 * seeded generator (splitmix64, the same on every machine), and hitches:
 * the frame starting at or after `at` lasts `len` instead.
 */
typedef struct spring_hitch {
	double at, len;
} spring_hitch;

typedef struct spring_schedule {
	double dt;			/* base frame time */
	const double *list;		/* recorded frame times, or NULL */
	long list_len;
	double jitter;			/* J in [0, 1) */
	unsigned long long seed;
	const spring_hitch *hitches;	/* sorted by at */
	int nhitches;
} spring_schedule;

typedef struct spring_clock {
	const spring_schedule *sched;
	unsigned long long rng;
	long frame;			/* frames given so far */
	int next_hitch;
	double wall, comp;		/* wall time, Neumaier compensation */
} spring_clock;

void spring_clock_init(spring_clock *c, const spring_schedule *sched);
/*
 * The next frame's length (> 0) and its end in wall time, or 0 when a
 * recorded list has run out.  Constant frames end at n dt exactly, not at
 * a running sum.
 */
int spring_clock_next(spring_clock *c, double *frame_dt, double *wall);
/* Whether the schedule is a constant dt. */
int spring_schedule_constant(const spring_schedule *sched);
/* A uniform double in [-1, 1) from the splitmix64 state. */
double spring_uniform(unsigned long long *state);

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
} spring_sim;

/*
 * Models beyond the damped spring (models.c), after Holden (seed 003):
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
 *   timed	Holden's timed spring: a critical spring (--halflife H)
 *		tracking, apprehension x H ahead, an intermediate xi moving
 *		linearly to the target so as to reach it at --t-goal T.
 *   velocity	Holden's velocity spring: the same with xi moving toward
 *		the target at --v-goal V.  For both the reference is the
 *		exact critical spring (no goal velocity fed) following that
 *		look-ahead goal, a piecewise linear function of time.
 *   predict	Holden's character controller: a critical spring on the
 *		velocity toward --v-goal V, the position its exact integral;
 *		x is the position, v the velocity, xi the acceleration.
 *   inertialize  Holden's inertialization: the output follows source a,
 *		then, from the first frame at or after switch_at, source b
 *		plus the offset between them there, decayed toward zero by a
 *		critical spring (--halflife H).  The reference switches at
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
/* spring_sample_at for sim->model (models.c): it hands it over. */
long spring_model_sample_at(const spring_sim *sim, const double *tq, long nq,
    double *xq);
/*
 * --model predict --horizon: the state predicted at t = i dt, i = 0 ..
 * horizon / dt, each by one step of i dt from the initial state (Holden's
 * spring_character_predict), rows to emit with the reference.
 */
int spring_predict_horizon(const spring_sim *sim, double horizon,
    spring_row_fn emit, void *ctx);
/* Run sim->model (models.c): spring_simulate does, for a sim with one. */
int spring_model_simulate(const spring_sim *sim, spring_row_fn emit,
    void *ctx, spring_metrics *m, spring_frame_stats *fs);

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

/*
 * Resonance (resonance.c): the spring driven by a sine target g = A sin(W t)
 * on a base line, fed the velocity kappa q (kappa = 0 when the rules are
 * fed zero, else 1).  Energies are Holden's measure per unit mass,
 * (v^2 + omega^2 x^2) / 2 relative to the rest state (the spring's steady
 * state on the base line alone); derivations in resonance.c.
 * spring_resonance_gain is |H(W)|, the steady-state amplitude of x per
 * unit of A; spring_resonance_energy its energy averaged over a period,
 * A^2 |H|^2 (W^2 + omega^2) / 4.  spring_resonance_peak is the W where a
 * measure peaks (0 when it only falls from W = 0, INFINITY when it only
 * rises); spring_resonance_holden Holden's resonant frequency, the damped
 * natural frequency omega sqrt(1 - zeta^2) (NaN for zeta > 1).
 */
enum spring_res_measure {
	SPRING_RES_ENERGY, SPRING_RES_AMPLITUDE, SPRING_RES_VELOCITY
};

double spring_resonance_gain(double omega, double zeta, double kappa,
    double w);
double spring_resonance_energy(double omega, double zeta, double kappa,
    double amp, double w);
double spring_resonance_peak(double omega, double zeta, double kappa,
    int measure);
double spring_resonance_holden(double omega, double zeta);
/* The x of the vertex of the parabola through three points (x[1] if flat). */
double spring_parabola_vertex(const double x[3], const double y[3]);
/* The time the exact spring's slowest transient takes to fall by 1e-6. */
double spring_resonance_settle(double omega, double zeta);
/*
 * Run sim and average Holden's energy relative to the rest state over the
 * rows with t0 <= t < t1, each weighted by its frame's length, into
 * *energy; m and fs (may be NULL) as spring_simulate fills them.  0, or -1
 * (and NaN) when the run diverged or no row fell in the window.
 */
int spring_resonance_mean_energy(const spring_sim *sim, double t0, double t1,
    double *energy, spring_metrics *m, spring_frame_stats *fs);

/*
 * Rotations (rotation.c), after Holden's quaternion spring (seed 003,
 * "Quaternion Spring"): a rotation q (a unit quaternion w + xi + yj + zk)
 * and its angular velocity w, a 3-vector in rad/s in the world frame,
 * q' = (0, w) q / 2, pulled toward a fixed goal rotation g by
 *
 *	w' = -omega^2 e - 2 zeta omega w,	e = log(q conj(g)),
 *
 * e the rotation vector (angle times unit axis) taking g to q, of the
 * shorter way round (the quaternion q conj(g) negated when its w < 0,
 * so |e| <= pi).  With e0 = e(0) and w0 parallel (or either zero) e stays
 * on that axis and its length is the scalar damped spring toward 0: the
 * closed form; else the motion leaves the plane and the reference is
 * RK4 at a fraction of the frame.
 */
typedef struct spring_quat {
	double w, x, y, z;
} spring_quat;

spring_quat spring_quat_mul(spring_quat a, spring_quat b);
spring_quat spring_quat_conj(spring_quat q);
/* q / |q|: 0, or -1 (q untouched) when |q| is 0 or not finite. */
int spring_quat_normalize(spring_quat *q);
/* The unit quaternion of rotation vector r (angle |r| about r / |r|). */
spring_quat spring_quat_exp(const double r[3]);
/*
 * The rotation vector of unit q: the angle 2 atan2(|v|, w) about v / |v|,
 * v = (x, y, z); with shortest, of -q when w < 0 (angle <= pi).
 */
void spring_quat_log(spring_quat q, int shortest, double r[3]);
/* The angle between the rotations a and b, in [0, pi]. */
double spring_quat_angle(spring_quat a, spring_quat b);

struct spring_rot_sim;

/* An update rule for the rotation spring: one step of h in place. */
typedef struct spring_rot_rule {
	const char *name;
	const char *summary;
	const char *source;
	int order;			/* 0: exact (for a planar motion) */
	void (*step)(const struct spring_rot_sim *sim, double h,
	    spring_quat *q, double *w);
} spring_rot_rule;

/* Every rule, ending in NULL; and the one called name, or NULL. */
extern const spring_rot_rule *const spring_rot_rules[];
const spring_rot_rule *spring_rot_rule_find(const char *name);

/* The RK4 reference's steps a frame, and its halving check's. */
#define SPRING_ROT_REF_STEPS 64

typedef struct spring_rot_sim {
	const spring_rot_rule *rule;
	spring_params params;		/* omega, zeta, fast_exp (exact rule) */
	int long_way;			/* the rules take e as it comes (no
					 * hemisphere check: Holden's code as
					 * printed); the reference never */
	spring_quat q0, goal;		/* unit */
	double w0[3];
	double dt;			/* the base frame time */
	long frames;			/* 0: run for duration */
	double duration;
	const spring_schedule *schedule;	/* NULL: frames of dt */
} spring_rot_sim;

/* A row: the rule's state beside the reference's (its sign aligned). */
typedef struct spring_rot_row {
	double t;
	spring_quat q, q_ref;
	double w[3], w_ref[3];
	double angle, angle_ref;	/* to the goal, rad */
	double angle_err;		/* between q and q_ref, rad */
	double ref_err;			/* RK4 reference: its angle error by
					 * step halving; NaN for the closed form */
} spring_rot_row;

/*
 * Over a run: angle errors (rad) and |w - w_ref| (rad/s), max, rms and
 * last, over every row; overshoot, the largest component of e against
 * e0's direction over |e0| (NaN when e0 = 0); settle_time, the time from
 * which the angle to the goal stays within 2 % of the initial one (of
 * 1 rad when that is 0), inf if the last row is outside; max_norm_err,
 * the largest ||q| - 1|; ref_err, the largest of the rows'.
 */
typedef struct spring_rot_metrics {
	int closed_form;
	double angle0;
	double max_angle_err, rms_angle_err, final_angle_err;
	double max_w_err, rms_w_err, final_w_err;
	double overshoot, settle_time, max_norm_err, ref_err;
	int diverged;
	long diverged_frame;
	long rows;
} spring_rot_metrics;

typedef int (*spring_rot_row_fn)(void *ctx, const spring_rot_row *row,
    double dt);

/*
 * Whether the closed form is the reference: e0 and w0 parallel (within
 * 1e-12 of |e0| |w0|) and the spring's energy bound sqrt(|e0|^2 +
 * |w0|^2 / omega^2) below pi, so that e never wraps past the far side.
 */
int spring_rot_closed_form(const spring_rot_sim *sim);
/* The closed form at t (valid where spring_rot_closed_form says). */
void spring_rot_reference_at(const spring_rot_sim *sim, double t,
    spring_quat *q, double *w);
/* One RK4 step of h of the continuous spring, shortest way, normalized. */
void spring_rot_rk4(const spring_rot_sim *sim, double h, spring_quat *q,
    double *w);
/*
 * Run sim: rows to emit (may be NULL), metrics to m; a run diverges when
 * q or w stops being finite or |w| passes SPRING_DIVERGE_FACTOR (omega
 * |e0| + |w0| + omega).  Returns 0, or what emit returned to stop it.
 */
int spring_rot_simulate(const spring_rot_sim *sim, spring_rot_row_fn emit,
    void *ctx, spring_rot_metrics *m);

/*
 * Systems of springs (system.c), after Nissen (seed 001): bodies on a
 * line joined by identical damped springs, 1-D.  Body i is joined to
 * body i + 1 by a spring of stiffness k and damping d (acting on the
 * relative position and velocity); with w0 > 0 body 0 is also joined to
 * the anchor, the target g(t) = g0 + q t, by a spring k w0, d w0.  Two
 * bodies and no anchor: the pair (or, with moments of inertia, the
 * angular spring); n bodies and an anchor: the chain (a rope).  x are
 * displacements from the rest configuration.  The library holds no
 * memory: the caller passes the arrays (SPRING_LINE_WORK(n) doubles of
 * work for the rules, n + n * n for the modes).
 *
 * Since every spring has the same d / k, the damping matrix is the
 * stiffness matrix times d / k, and the system splits into independent
 * modes: the eigenvectors of S = M^(-1/2) T M^(-1/2) (T the springs'
 * Laplacian of unit stiffness) are each a damped spring of omega^2 =
 * k lambda, 2 zeta omega = d lambda.  That is the exact reference, and
 * every linear rule applied to the system is that rule applied to each
 * mode (what analyze uses).
 */
typedef struct spring_line {
	long n;			/* bodies, >= 1 */
	const double *mass;	/* n masses (moments of inertia), > 0 */
	double k, d;		/* each spring's stiffness and damping */
	double w0;		/* the anchor spring's weight; 0: no anchor */
	const double *lambda;	/* the modes (spring_line_modes), or NULL */
	const double *vec;	/* n * n, row j the eigenvector of lambda[j] */
} spring_line;

#define SPRING_LINE_WORK(n) (8 * (n))

/*
 * A rule applied to a line: the damped spring's rule of the same name
 * (scalar), stepping every body at once.  prepare fills work for a step
 * of h (0, or -1 when the system has no modes and the rule needs them);
 * step advances x[], v[] by h toward the anchor's target tg.
 */
typedef struct spring_line_rule {
	const char *name;
	const char *summary;
	const spring_rule *const *scalar;	/* the same rule, one spring */
	int (*prepare)(const spring_line *l, double h, double *work);
	void (*step)(const spring_line *l, double h, double *work, double *x,
	    double *v, const spring_target_step *tg);
} spring_line_rule;

/* Every line rule, ending in NULL; and the one called name, or NULL. */
extern const spring_line_rule *const spring_line_rules[];
const spring_line_rule *spring_line_rule_find(const char *name);

/*
 * The modes: lambda[n] ascending, vec[n * n] orthonormal rows (implicit
 * QL on the tridiagonal S, computed once); tmp holds n doubles.  0, or -1
 * if QL did not converge.
 */
int spring_line_modes(const spring_line *l, double *lambda, double *vec,
    double *tmp);
/*
 * The exact state at time t from (x0, v0) at 0, the anchor moving as
 * g0 + q t (a line without anchor ignores g0, q): x[], v[].  tmp holds 2n.
 */
void spring_line_exact(const spring_line *l, const double *x0,
    const double *v0, double g0, double q, double t, double *x, double *v,
    double *tmp);
/*
 * The chain (an anchor, no free mode) following a target signal instead
 * of a line, exactly: each mode is the signal's own exact reference
 * (spring_sigref) for the mode's spring, scaled by the mode's gain from
 * the anchor, plus the mode's free oscillation (system.c).  init: z holds
 * n references, a0 2n doubles; 0, or -1 without an anchor or modes.  at:
 * the state at t, t never decreasing from call to call; tmp holds 2n.
 */
int spring_line_sigref_init(const spring_line *l, const spring_signal *sig,
    int vel_source, const double *x0, const double *v0, spring_sigref *z,
    double *a0);
void spring_line_sigref_at(const spring_line *l, spring_sigref *z,
    const double *a0, double t, double *x, double *v, double *tmp);
/*
 * Energy relative to the anchor's frame (velocities less q when there is
 * an anchor): kinetic plus every spring's k ext^2 / 2; and the largest
 * |extension| of a spring (the anchor's included).
 */
double spring_line_energy(const spring_line *l, const double *x,
    const double *v, double g, double q);
double spring_line_max_stretch(const spring_line *l, const double *x,
    double g);
/*
 * Both in one pass (the chain's --summary): the same numbers, the energy
 * summed in another order (four running sums), so equal to rounding.
 */
void spring_line_summary(const spring_line *l, const double *x,
    const double *v, double g, double q, double *energy,
    double *max_stretch);

/*
 * Stability from the modes (analyze --model chain|mesh): the system is
 * stable iff every mode's 2x2 amplification matrix is (spring_analyze on
 * the scalar spring omega h = sqrt(ck mu), 2 zeta omega h = cd mu, mu
 * an eigenvalue of the system in units of Nissen's k = m_red / h^2).
 * spring_modes_stable: that verdict for mu[0..n); spring_modes_ck_limit:
 * the largest Ck stable with Cd = ratio Ck, by bisection to 1e-12
 * relative (+inf when stable up to 1e6, 0 when unstable down to 1e-6).
 */
int spring_modes_stable(const spring_rule *rule, const double *mu, long n,
    double ck, double cd);
double spring_modes_ck_limit(const spring_rule *rule, const double *mu,
    long n, double ratio);
/*
 * The eigenvalues (no vectors) of a symmetric tridiagonal matrix, diag
 * d[n] and off-diagonal e[n] (e[i] joins i and i + 1; both overwritten,
 * d gets the values ascending): 0, or -1 if QL did not converge.
 */
int spring_tridiag_eigenvalues(double *d, double *e, long n);
/*
 * The eigenvalues of Nissen's rope (cols 1) or square mesh of rows x cols
 * equal bodies hung by row 0 from the anchor, 4-neighbour springs, in
 * units of each spring's k = m_red / h^2 (m_red = m / 2 between bodies,
 * m to the anchor): mu[rows * cols]; tmp holds 2 (rows + cols).  0, or -1.
 */
int spring_nissen_modes(long rows, long cols, double *mu, double *tmp);
/*
 * The largest eigenvalue modulus of the modes' 2x2 amplification
 * matrices (spring_analyze, as spring_modes_stable): the system's
 * spectral radius under rule at Ck, Cd.  analyze's "marginal": 1 to
 * rounding at half the limit, damping asked for and none given.
 */
double spring_modes_radius(const spring_rule *rule, const double *mu,
    long n, double ck, double cd);

/*
 * The impulse rule breaks the modes: sequential impulses (Gauss-Seidel)
 * make the step non-symmetric, so its stability comes from the whole
 * 2n x 2n amplification matrix.
 *
 * spring_eigenvalues: every eigenvalue of a general real n x n matrix a
 * (row-major, destroyed): Householder reduction to Hessenberg form, then
 * Francis' double-shift QR; re[n], im[n] (complex pairs adjacent).  0, or
 * -1 if QR did not converge.
 *
 * spring_nissen_impulse_step: Nissen's linear mesh (rows x cols, cols 1
 * for the rope; the units of spring_nissen_modes: h = 1, mass 1, each
 * spring k = Ck m_red, d = Cd m_red, m_red = 1/2 between bodies and 1 to
 * the anchor at rest at 0; x, v a scalar displacement per body,
 * row-major) stepped once by sequential impulses in the impulse rule's
 * order: the anchor springs of row 0 by column, then for each body in
 * row-major order its spring to the right, then its spring down; each
 * spring's velocity change at once, then x += v.
 *
 * spring_nissen_impulse_radius: the spectral radius of that step at Ck,
 * Cd (NaN if QR did not converge); work holds SPRING_IMPULSE_WORK(n)
 * doubles, n = rows cols.  spring_nissen_impulse_limit: the largest Ck
 * with radius <= 1 + SPRING_SYSTEM_TOL at Cd = ratio Ck, bisected to
 * 1e-10 relative (+inf stable up to 1e6, 0 unstable down to 1e-6, NaN).
 * The cost is about 10 (2n)^3 flops a step of the bisection, 45 steps:
 * 2 s for n = 100 bodies.
 */
#define SPRING_IMPULSE_WORK(n) (4 * (n) * (n) + 6 * (n))
/*
 * The verdict's tolerance on a 2n x 2n radius: the eigenvalues of a
 * non-normal matrix are good to about eps times their condition, and
 * undamped (Cd = 0) every one lies on the unit circle below the limit
 * (computed: 1 + 1e-14 for 200 x 200, 1 + 3e-14 for 512 x 512); a growth
 * below 1e-10 a step (doubling after 7e9 steps) counts as none.  Where
 * the radius crosses 1 at a finite slope the limit is off by about as
 * much: 1e-10 relative.
 */
#define SPRING_SYSTEM_TOL 1e-10
int spring_eigenvalues(double *a, long n, double *re, double *im);
void spring_nissen_impulse_step(long rows, long cols, double ck, double cd,
    double *x, double *v);
double spring_nissen_impulse_radius(long rows, long cols, double ck,
    double cd, double *work);
double spring_nissen_impulse_limit(long rows, long cols, double ratio,
    double *work);

/*
 * Spring networks (network.c): bodies in 1, 2 or 3 dimensions joined by
 * springs, after Nissen (seed 001: the pair on the reduced mass, the rope,
 * the mesh) and Fiedler (seed 004: the rest-length spring).  A spring
 * joins body a to body b, or to an anchor point that rides the target
 * line g(t) = g + q t plus its own offset (infinitely heavy, so it takes
 * the weight w0).  Fiedler's force on a, d = x_a - x_b:
 *	f = -k w (|d| - L) d / |d| - c w (v_a - v_b)
 * (c the damping, on the whole relative velocity as Fiedler writes it;
 * |d| = 0 gives no elastic force).  That damper is not central: it damps
 * a rigid rotation too, and a damped pair loses its angular momentum
 * (at rate c / m_red about the centre of mass).  With axial_damping set
 * the damper acts along the spring only, as in many engines and cloth
 * codes:
 *	f = -k w (|d| - L) u - c w ((v_a - v_b) . u) u,  u = d / |d|
 * central, so every force keeps the angular momentum (Nissen, seed 001:
 * the pair "may rotate around each other"); |d| = 0 has no u and gives
 * no damping force either; the implicit rules' damping matrix is then
 * c w u u^T a spring.  Along the spring the two are the same, bit for
 * bit.  With linear set the springs are Nissen's linear model instead:
 * x are displacements, f = -k w d - c w (v_a - v_b), no rest length, no
 * gravity (the dim-1 mesh), and axial_damping is ignored (one axis: the
 * same damper).  gravity pulls every body along -y (dim >= 2).  The
 * library holds no memory: the caller passes every array.
 */
#define SPRING_NET_MAX_DIM 3

typedef struct spring_net {
	int dim;		/* components a body: 1, 2 or 3 */
	int linear;		/* Nissen's linear springs (see above) */
	int axial_damping;	/* the damper along the spring only (above) */
	long n;			/* bodies, >= 1 */
	const double *mass;	/* n masses, > 0 */
	long nsprings;
	const long *ends;	/* 2 a spring: a, then b or -1 - anchor point */
	const double *anchor;	/* dim an anchor point: offset from g(t); NULL 0 */
	double k, d;		/* each spring's stiffness and damping */
	double w0;		/* the anchor springs' weight */
	double rest;		/* L, ignored when linear */
	double gravity;		/* acceleration along -y, dim >= 2 */
	double g[SPRING_NET_MAX_DIM], q[SPRING_NET_MAX_DIM];	/* g(t) = g + q t */
	long rows, cols;	/* the grid of spring_net_grid, for the modes */
	const double *modes;	/* spring_net_modes' block, or NULL */
} spring_net;

/*
 * The springs of a rows x cols grid (the rope is cols = 1) in the fixed
 * order the impulse rule visits them: row 0's anchor springs by column
 * (anchor point c), then for each body in row-major order its spring to
 * the right neighbour, then the one to the body below.  Fills ends
 * (unless NULL) and returns the count, rows (2 cols - 1) + ... =
 * 2 rows cols - rows.
 */
long spring_net_grid(long rows, long cols, long *ends);

/* Doubles of work a rule needs; and the modes' block. */
#define SPRING_NET_WORK(n, nsprings, dim) \
	(12 * (n) + 12 * (n) * (dim) + ((dim) + 1) * (nsprings))
#define SPRING_NET_MODES(rows, cols) \
	((rows) + (rows) * (rows) + (cols) + (cols) * (cols))

/*
 * A rule applied to the network.  prepare fills work for a step of h (0,
 * or -1 when the rule needs modes the net does not have); step advances
 * x[], v[] (n * dim, body-major) by h from time t, the anchor read at the
 * times the rule's formula evaluates the state.
 */
typedef struct spring_net_rule {
	const char *name;
	const char *summary;
	int order;		/* of accuracy; 0: exact */
	int needs_modes;	/* only for linear grids with spring_net_modes */
	int (*prepare)(const spring_net *net, double h, double *work);
	void (*step)(const spring_net *net, double h, double t, double *work,
	    double *x, double *v);
} spring_net_rule;

/*
 * The worst relative residual |b - A y| / |b| at which a rule's
 * conjugate-gradient solve (implicit, backward-euler, verlet) stopped
 * short of its tolerance, 1e-14, since prepare: 0 when every solve
 * converged (and for the other rules); +inf for a NaN.
 */
double spring_net_solve_residual(const spring_net *net, const double *work);

/* Every network rule, ending in NULL; and the one called name, or NULL. */
extern const spring_net_rule *const spring_net_rules[];
const spring_net_rule *spring_net_rule_find(const char *name);

/*
 * The exact modes of a linear dim-1 grid of equal masses: the stiffness
 * is a Kronecker sum, rows' chain (anchor weight w0) plus a free path
 * across each row, so each mode is the product of two tridiagonal
 * eigenvectors (spring_line_modes).  block holds SPRING_NET_MODES(rows,
 * cols), tmp 2 (rows + cols).  0, or -1 (not such a net, or QL failed).
 */
int spring_net_modes(const spring_net *net, double *block, double *tmp);
/*
 * The exact state at t from (x0, v0) at 0, net->modes set: the modal
 * transform, O(n (rows + cols)).  tmp holds 4 n.
 */
void spring_net_exact(const spring_net *net, const double *x0,
    const double *v0, double t, double *x, double *v, double *tmp);
/*
 * Energy in the anchor's frame at t (velocities less q, heights from the
 * anchor line): kinetic, every spring's k w ext^2 / 2 (ext = |d| - L, or
 * |d| when linear) and m gravity y; and the largest |ext| of a spring.
 */
double spring_net_energy(const spring_net *net, const double *x,
    const double *v, double t);
double spring_net_max_stretch(const spring_net *net, const double *x,
    double t);

#endif
