/*
 * spring/frame.h - substep policies, the stepper, frame-time schedules
 * (frame.c, schedule.c).  Part of the springsim library: include
 * "spring.h" for all of it.
 *
 * STABLE: part of the library's stable core (spring.h).
 */
#ifndef SPRING_FRAME_H
#define SPRING_FRAME_H

#include "core.h"
#include "signal.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * What a stepper starts from: the spring_stepper fields of the same
 * names.  Zeroed, it is no policy (none), no guard, the spring at rest at
 * 0, the target at 0, no signal, no Nissen coefficients: a caller sets
 * rule and params, then what it changes.
 */
typedef struct spring_stepper_config {
	const spring_rule *rule;
	const spring_policy *policy;	/* NULL: none */
	spring_params params;
	double max_dt;			/* H of the max, uniform, fixed policies */
	int max_substeps;		/* the max-updates guard, N */
	double x0, v0;			/* the start */
	double g0, q;			/* the target, g(t) = g0 + q t */
	const spring_signal *signal;	/* or a signal (then g0, q unused) */
	int vel_source;			/* enum spring_vel_source */
	int nissen;			/* Nissen's Ck/Cd (with params.mass): */
	double ck, cd;			/* converted for each step size taken */
} spring_stepper_config;

/* A stepper at (cfg->x0, cfg->v0), wall time 0, as cfg says. */
void spring_stepper_start(spring_stepper *st,
    const spring_stepper_config *cfg);

/*
 * Deprecated (spring_stepper_start replaces it): a stepper at (x0, v0),
 * wall time 0, toward the target g0 + q t; Nissen's coefficients and a
 * signal set in st afterwards.
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

#ifdef __cplusplus
}
#endif

#endif
