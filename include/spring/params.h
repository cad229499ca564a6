/*
 * spring/params.h - parameter conventions to and from (omega, zeta, mass)
 * (params.c).  Part of the springsim library: include "spring.h" for all
 * of it.
 *
 * STABLE: part of the library's stable core (spring.h).
 */
#ifndef SPRING_PARAMS_H
#define SPRING_PARAMS_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

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
/* Holden: 4 ln2 / H */
double spring_halflife_to_damping(double halflife);
double spring_damping_to_halflife(double damping);	/* per unit mass */

#ifdef __cplusplus
}
#endif

#endif
