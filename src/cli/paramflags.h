/*
 * paramflags.h - the spring's parameter flags, shared by every command
 * that takes a spring: the conventions (one group per call), --mass, their
 * range checks and their conversion to (omega, zeta, mass).
 *
 * A convention is one row of param_groups[] (paramflags.c) with a
 * function that converts its values; adding one is a few enum entries,
 * their flags and that row.
 */
#ifndef PARAMFLAGS_H
#define PARAMFLAGS_H

#include <getopt.h>
#include <stdio.h>

#include "spring.h"

/* Every parameter flag, by index. */
enum param_id {
	P_STIFFNESS, P_DAMPING, P_UAF, P_DR, P_HALFLIFE, P_FREQUENCY,
	P_CK, P_CD, P_HZ, P_DECAY, P_DECAY_TIME,
	P_COUNT
};

/* getopt_long values of the parameter flags: PARAM_OPT + id; --mass. */
#define PARAM_OPT 1000
#define PARAM_OPT_MASS (PARAM_OPT + P_COUNT)

/* What the parameter flags of one call said. */
struct param_set {
	double value[P_COUNT];
	const char *arg[P_COUNT];	/* as typed, for messages */
	unsigned given;			/* 1 << id for each flag given */
	double mass;
	const char *mass_arg;
};

/* Values beyond this are refused up front (positions, rates, times). */
#define MAX_MAGNITUDE 1e100

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

/* Whether the flags name Nissen's Ck/Cd (whose spring depends on h). */
int param_uses_step(const struct param_set *ps);

/* A flag's value, a number with |value| <= MAX_MAGNITUDE: 0 or -1. */
int parse_bounded(const char *flag, const char *arg, double *out);

/* For `springsim list` and --help: one line per convention. */
void list_conventions(FILE *fp);
/* The conventions' paragraph of every command's --help. */
void param_usage(FILE *fp);

#endif
