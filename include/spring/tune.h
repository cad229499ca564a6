/*
 * spring/tune.h - the inverse questions (tune.c): which spring shows a
 * wanted motion, and which parameters make an update rule at a step h
 * move as a wanted spring does.  Part of the springsim library: include
 * "spring.h" for all of it.  Numbers only: no I/O, no allocation.
 *
 * The step response is the one `springsim run --metrics` measures: from
 * rest at distance 1 from a target at rest, e(t) = x - g = phi_11(t) of
 * spring_propagator.  With omega = 1 every time below is omega t: the
 * spring's times scale as 1 / omega at a fixed zeta.
 *
 * EXPERIMENTAL (spring.h: SPRING_EXPERIMENTAL): not part of the stable
 * core; its interface may change between releases.
 */
#ifndef SPRING_TUNE_H
#define SPRING_TUNE_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The overshoot of the step response, a fraction of the distance:
 * e^(-pi zeta / sqrt(1 - zeta^2)) below zeta = 1, 0 from it on.
 */
double spring_overshoot_of(double zeta);
/*
 * Its inverse, closed form: zeta = -ln F / sqrt(pi^2 + ln^2 F) for F in
 * (0, 1); 1 (critical, the quickest spring that does not overshoot) for
 * F = 0; NaN outside [0, 1).
 */
double spring_zeta_for_overshoot(double overshoot);

/*
 * omega times the settle time of the step response to the band tol (a
 * fraction of the distance, 0 < tol < 1): the time after which |e| <=
 * tol for ever, the definition of --metrics' settle_time in continuous
 * time.  Below zeta = 1 the extrema of e are +-F^k at omega_d t = k pi
 * (F the overshoot), so the last one beyond tol is known and the band is
 * crossed once between it and the next zero: bisection there.  From
 * zeta = 1 on e falls monotonically: bisection after doubling.  +inf at
 * zeta = 0.
 */
double spring_settle_hw(double zeta, double tol);

/*
 * omega times the rise time of the step response: from the first time x
 * reaches lo of the distance to the first time it reaches hi (0 <= lo <
 * hi <= 1; the usual 10 % to 90 %: lo 0.1, hi 0.9).  Bisection, as above.
 */
double spring_rise_hw(double zeta, double lo, double hi);

/*
 * Matching a rule's modes (--match modes).  The rule's step on the offset
 * from a target at rest is the matrix M (spring_amplification); the exact
 * spring's over h is Phi(h) with eigenvalues e^(lambda h).  Parameters
 * (omega', zeta') for the rule whose M has trace and determinant those of
 * Phi(h) give M the same eigenvalues: the same decay and turn per step.
 *
 * Semi-implicit Euler: M = [[1 - a, h (1 - b)], [-a / h, 1 - b]] with
 * a = (omega' h)^2, b = 2 zeta' omega' h, so det M = 1 - b and tr M =
 * 2 - a - b: b = 1 - det Phi, a = 1 + det Phi - tr Phi = (1 - mu1)(1 -
 * mu2), closed form (formed without cancellation).  Any other rule:
 * Newton's method on (a, b) with the residuals of trace and determinant,
 * M from the rule's own step (so no formula of the rule is repeated).
 *
 * out gets omega', zeta' and p's mass; *resid the largest residual of
 * trace and determinant.  SPRING_MATCH_OK, SPRING_MATCH_NEGATIVE (the
 * match needs a negative damping or stiffness), SPRING_MATCH_NONE (no
 * (omega', zeta') gives those eigenvalues: beyond what the rule can do at
 * this h).
 */
enum spring_match_status {
	SPRING_MATCH_OK = 0,
	SPRING_MATCH_NEGATIVE = -1,
	SPRING_MATCH_NONE = -2
};
int spring_match_modes(const spring_rule *rule, const spring_params *p,
    double h, spring_params *out, double *resid);

/*
 * The trace and determinant of Phi(h) for the spring p, and (1 - mu1)
 * (1 - mu2) = 1 + det - tr, 1 - det, formed without cancellation.
 */
void spring_exact_modes(const spring_params *p, double h, double *tr,
    double *det, double *one_plus_det_minus_tr, double *one_minus_det);

/*
 * Nelder-Mead on a function of two variables (the classic coefficients
 * 1, 2, 1/2, 1/2), from x with first steps step[], until the simplex's
 * values agree to ftol (absolute) or maxeval evaluations: x gets the best
 * point, the return value its value.  f may return +inf (refused point).
 */
double spring_minimize2(double (*f)(void *ctx, const double *x), void *ctx,
    double *x, const double *step, double ftol, int maxeval);

#ifdef __cplusplus
}
#endif

#endif
