/*
 * paramgroups.h - the parameter flags and their groups as paramflags.c
 * reads them: spring_dialects[] (dialects.h), each dialect a group, its
 * parameters' flags numbered (enum param_id) once, with springsim's own
 * flags (fixed ids the commands name) and the damper's; private to the
 * two.  For the commands, paramflags.h.
 */
#ifndef PARAMGROUPS_H
#define PARAMGROUPS_H

#include "paramflags.h"
#include "spring.h"

/*
 * The masks of a set of flags, constant expressions: word i of the mask
 * of flag p, and the masks of one to three flags.
 */
#define MW(p, i) ((p) / 64 == (i) ? 1ull << ((p) % 64) : 0ull)
#define M0 {{ 0ull, 0ull }}
#define M1(a) {{ MW(a, 0), MW(a, 1) }}
#define M2(a, b) {{ MW(a, 0) | MW(b, 0), MW(a, 1) | MW(b, 1) }}
#define M3(a, b, c) {{ MW(a, 0) | MW(b, 0) | MW(c, 0), \
	MW(a, 1) | MW(b, 1) | MW(c, 1) }}
_Static_assert(PARAM_MASK_WORDS == 2, "the M macros write two words");

/*
 * A parameter flag: its name, the range its values are checked against
 * (a dialect's parameter's, where the flag first appears) and whether it
 * is a library's mass (standing for --mass).  name NULL: an id no flag
 * has.
 */
struct param_flag {
	const char *name;	/* the long option, without "--" */
	double lo, hi;
	int lo_open, hi_open;	/* 1: the bound itself is refused */
	const char *must;	/* the message's "must ..." */
	int is_mass;
};

/*
 * A group: a dialect, its flags (all given) and optional ones (its mass),
 * each parameter's flag id, and what the CLI says about it beyond the
 * library: warn (before converting, Nissen's Ck above 1) and refused
 * (why the library refused the values, React Native's damping <= 0).
 */
struct param_group {
	const spring_dialect *d;	/* NULL: the end */
	param_mask flags, optional;
	int n;				/* parameters */
	unsigned char id[SPRING_DIALECT_MAX_PARAMS];
	unsigned char is_mass[SPRING_DIALECT_MAX_PARAMS];
	void (*warn)(const double *v);
	void (*refused)(const double *v);
};

/* Flag id's row (every id below P_COUNT has one). */
const struct param_flag *param_flag_row(int id);
/* The groups, one a dialect in spring_dialects[]' order, ending in d NULL. */
const struct param_group *param_group_table(void);
/* Group g's values v (a parameter's order) from values by id and mass. */
void param_group_values(const struct param_group *g, const double *value,
    double mass, double *v);

/*
 * Whether --mass (or group g's own mass flag) changes omega and zeta;
 * g may be NULL (no group: the default spring).
 */
int mass_moves(const struct param_group *g);

#endif
