/*
 * paramflags.h - the spring's parameter flags, shared by every command
 * that takes a spring: the conventions (one group per call), the other
 * libraries' dialects (dialects.h) as more groups, --mass, their range
 * checks and their conversion to (omega, zeta, mass).
 *
 * A convention is one row of spring_dialects[] (dialects.c): its
 * parameters' flags, ranges, help lines and conversions; adding one is
 * that row.  A group may have optional members (a library's own mass
 * flag, which stands for --mass).
 */
#ifndef PARAMFLAGS_H
#define PARAMFLAGS_H

#include <getopt.h>
#include <stdio.h>

#include "spring.h"

/*
 * Every parameter flag, by index: springsim's own (fixed: the commands
 * name them), then the other libraries' dialects' flags, numbered from
 * spring_dialects[] (paramgroups.c) in PARAM_DIALECT_FLAGS ids, then the
 * damper's.  An id no flag has is skipped.
 */
#define PARAM_DIALECT_FLAGS 96
enum param_id {
	P_STIFFNESS, P_DAMPING, P_UAF, P_DR, P_HALFLIFE, P_FREQUENCY,
	P_CK, P_CD, P_HZ, P_DECAY, P_DECAY_TIME,
	/* the output's own names (run --metrics, convert): omega, zeta */
	P_OUT_OMEGA, P_OUT_ZETA,
	/* the other libraries' dialects (dialects.h) */
	P_DIALECT,
	/* the first-order damper's (--model damper) */
	P_FACTOR = P_DIALECT + PARAM_DIALECT_FLAGS, P_FT,
	P_COUNT
};

/* Room for a command's getopt_long table: its own, run's and these. */
#define MAX_LONGOPTS 256

/* getopt_long values of the parameter flags: PARAM_OPT + id; --mass. */
#define PARAM_OPT 1000
#define PARAM_OPT_MASS (PARAM_OPT + P_COUNT)

/* Whether getopt_long value c is a parameter flag's (--mass's too). */
static inline int
param_is_code(int c)
{
	return c >= PARAM_OPT && c <= PARAM_OPT_MASS;
}
/*
 * getopt_long values of a command's own flags: CMD_OPT + the flag's row,
 * an enum in its table's order (letters keep their letter).  One base for
 * every command: a command's table is merged with run's (RUN_OPT + row,
 * flags.c) and the parameters' only, never with another command's.
 */
#define CMD_OPT (PARAM_OPT_MASS + 1)

/*
 * A set of parameter flags, one bit an id: more than a word holds (the
 * parameter_mask functions of paramflags.c read and build it).
 */
#define PARAM_MASK_WORDS ((P_COUNT + 63) / 64)
typedef struct param_mask {
	unsigned long long w[PARAM_MASK_WORDS];
} param_mask;

/* What the parameter flags of one call said. */
struct param_set {
	double value[P_COUNT];
	const char *arg[P_COUNT];	/* as typed, for messages */
	param_mask given;		/* each flag given */
	double mass;
	const char *mass_arg;
};

/* Values beyond this are refused up front (positions, rates, times). */
#define MAX_MAGNITUDE 1e100
#define MAX_MAGNITUDE_TEXT "1e+100"	/* as %g prints it */

void param_set_init(struct param_set *ps);

/*
 * Append the parameter flags' getopt_long entries to own (which ends in a
 * NULL entry) in out, of cap entries; the result ends in a NULL entry.
 * Returns 0, or -1 if cap is too small.
 */
int param_longopts(const struct option *own, struct option *out,
    size_t cap);

/*
 * If c (from getopt_long) is a parameter flag, read arg into ps: 1 on
 * success, -1 after a message on bad input; 0 if c is not one of them.
 */
int param_option(struct param_set *ps, int c, const char *arg);

/*
 * The canonical spring the flags name (the default, omega = 4 pi and
 * zeta = 0.3, when none is given); h is the step actually taken, for
 * Nissen's Ck/Cd.  0, or -1 after a one-line message.
 */
int param_resolve(const struct param_set *ps, double h, spring_params *sp);
/*
 * param_resolve once more, for another mass or step (the systems' reduced
 * masses): its warnings (Ck above 1) were said by the first resolve, so
 * silent, unless it fails, when it says why.
 */
int param_resolve_again(const struct param_set *ps, double h,
    spring_params *sp);

/*
 * param_resolve split in two for many sets that give the same flags (a
 * sweep's configurations, which differ only in the values): param_plan
 * finds the group of ps's flags once, 0, or -1 (the flags are no group,
 * or give the mass twice: param_resolve says why); param_resolve_planned
 * is then param_resolve for the values value[] (indexed by enum
 * param_id) and --mass mass, with no message: 0, or -1 where
 * param_resolve would fail (a caller that must say why calls it).
 */
struct param_group;
struct param_plan {
	int group;			/* the group's row; -1: the default */
	const struct param_group *g;	/* that row, NULL: the default (a
					 * sweep resolves each configuration
					 * by it, with no look-up) */
	int own_mass;			/* the group's mass flag given, or -1 */
	int nids;
	unsigned char ids[P_COUNT];	/* the flags given, in id order */
	int uses_step;			/* param_uses_step */
	/* the ids param_planned_fit checks: ids less those known to fit */
	int nfit;
	unsigned char fit[P_COUNT];
};
int param_plan(const struct param_set *ps, struct param_plan *pl);
/*
 * param_plan for a spring of --halflife alone (--model critical, whose
 * flags param_halflife_only checks): its range, no group (the caller
 * checks the value with param_planned_fit and makes the spring of it,
 * PARAM_HALFLIFE_DEFAULT when not given).  0, or -1 when another
 * parameter flag is given.
 */
int param_plan_halflife(const struct param_set *ps, struct param_plan *pl);
/* The half-life of --model critical and its kin without --halflife. */
#define PARAM_HALFLIFE_DEFAULT 0.4
/* Whether each value pl names is within its flag's range (silent). */
int param_planned_fit(const struct param_plan *pl, const double *value);
/*
 * Flag id's values are known to be within its range (a caller checked
 * every value it will pass, with param_code_in_range or a resolve):
 * param_planned_fit tests it no more.
 */
void param_plan_fits(struct param_plan *pl, int id);
/*
 * Whether x is within the range of the parameter flag of getopt value c
 * (PARAM_OPT + id, not --mass), as param_planned_fit tests it.
 */
int param_code_in_range(int c, double x);
int param_resolve_planned(const struct param_plan *pl, const double *value,
    double mass, double h, spring_params *sp);

/* Whether the flags name Nissen's Ck/Cd (whose spring depends on h). */
int param_uses_step(const struct param_set *ps);

/*
 * Take flag id out of the set, for a command that gives the flag a
 * meaning of its own when it is not part of a group (convert's
 * --decay-time): 1 and its value, checked against its range, in *out;
 * 0 if it was not given; -1 after a message if it is out of range.
 */
int param_take(struct param_set *ps, enum param_id id, double *out);

/*
 * The duration (s) the flags ask the animation to take: the value of
 * their group's parameter the library calls a duration (Reanimated's,
 * Motion's and popmotion's duration and Motion's visualDuration,
 * anime.js's perceived duration, Flutter's and SwiftUI's duration); NaN
 * for a group without one, or none.
 */
double param_asked_duration(const struct param_set *ps);

/* Whether flag id was given; whether any parameter flag was. */
int param_given(const struct param_set *ps, enum param_id id);
int param_any_given(const struct param_set *ps);

/* A flag's value, a number with |value| <= MAX_MAGNITUDE: 0 or -1. */
/*
 * A parameter flag (getopt value c) given the number x, whose text is
 * arg (kept for messages): as param_option after its parse.  1 took it,
 * 0 not a parameter flag, -1 after a message.  param_flag_name writes
 * "--name" for c.
 */
int param_set_value(struct param_set *ps, int c, const char *arg, double x);
/*
 * Whether c is a parameter flag (or --mass) that param_set_value takes x
 * for: a number checked with no text to hand (a long range's point).
 */
int param_value_fits(int c, double x);
void param_flag_name(int c, char *buf, size_t len);
/*
 * The first-order damper's parameters (--model damper): one of --halflife
 * H (lambda = ln2 / H), --damping D (lambda = D, Holden's damper_bad),
 * --factor F (a lerp factor a frame of ft: lambda = -ln(1 - F) / ft),
 * and --ft (default 1/60 s).  *factor is F, or the factor that decays as
 * lambda over ft.  0, or -1 after a message.
 */
int param_first_order(const struct param_set *ps, double *rate,
    double *factor, double *ft);
/* A model that takes only --halflife (default 0.4 s): 0, or -1. */
int param_halflife_only(const struct param_set *ps, const char *model,
    double *halflife);
int parse_bounded(const char *flag, const char *arg, double *out);

/*
 * The parameters for --engine NAME (engine.h): the group given must be
 * springsim's own (a convention of the articles) or one of NAME's
 * library (its dialect: which engines take which group is the group's
 * row); another library's is refused naming the flag, its value and the
 * engine.
 * The form (SPRING_ENGINE_PHYSICAL, or SPRING_ENGINE_DURATION with the
 * duration and bounce as given, s) goes in *form, *duration, *bounce.
 * 0, or -1 after a message.
 */
int param_engine(const struct param_set *ps, const char *engine, int *form,
    double *duration, double *bounce);
/* The groups --engine NAME takes, for `springsim list`: "--a --b, --c". */
void param_engine_groups(const char *engine, char *buf, size_t len);

/* For `springsim list` and --help: one line per convention. */
void list_conventions(FILE *fp);
/* The conventions' paragraph of every command's --help. */
void param_usage(FILE *fp);

#endif
