/*
 * paramgroups.h - the conventions' table (paramgroups.c) as paramflags.c
 * reads it; private to the two.  For the commands, paramflags.h.
 */
#ifndef PARAMGROUPS_H
#define PARAMGROUPS_H

#include "paramflags.h"
#include "spring.h"

/*
 * The masks of a group's flags, constant expressions for the table: word
 * i of the mask of flag p, and the masks of one to three flags.
 */
#define MW(p, i) ((p) / 64 == (i) ? 1ull << ((p) % 64) : 0ull)
#define M0 {{ 0ull, 0ull }}
#define M1(a) {{ MW(a, 0), MW(a, 1) }}
#define M2(a, b) {{ MW(a, 0) | MW(b, 0), MW(a, 1) | MW(b, 1) }}
#define M3(a, b, c) {{ MW(a, 0) | MW(b, 0) | MW(c, 0), \
	MW(a, 1) | MW(b, 1) | MW(c, 1) }}
_Static_assert(PARAM_MASK_WORDS == 2, "the M macros write two words");

/*
 * A convention: its flags (all given) and optional ones, its name and
 * source, the function converting its values, the --engine names that
 * take it, a duration form's flags; see param_groups[] in paramgroups.c.
 */
struct param_group {
	param_mask flags, optional;
	const char *name;
	const char *source;
	int (*convert)(const double *v, double mass, double h,
	    spring_params *p);
	const char *engines;
	int duration;		/* the flags are duration, bounce */
	enum param_id duration_id, bounce_id;
};
/* The conventions, ending in a NULL name. */
extern const struct param_group param_groups[];

/*
 * Whether --mass (or group g's own mass flag) changes omega and zeta;
 * g may be NULL (no group: the default spring).
 */
int mass_moves(const struct param_group *g);
/*
 * Whether group g's spring is its two values as they are, omega and zeta
 * (spring_from_uaf): 1 and their flags, or 0.
 */
int group_as_given(const struct param_group *g, enum param_id *omega,
    enum param_id *zeta);

#endif
