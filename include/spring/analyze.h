/*
 * spring/analyze.h - what an update rule does to the spring at a step size,
 * computed from the rule itself rather than guessed from a run.
 *
 * For the linear spring every rule is a 2x2 linear map per step: the
 * offset from a target at rest, (x - g, v), goes to M (x - g, v).  M is
 * the rule's amplification matrix, its columns the rule's step from the
 * unit states (1, 0) and (0, 1) with g = q = 0, so it is exact to
 * rounding whatever the rule (no formula of the rule is repeated here).
 * Everything below follows from M's eigenvalues mu:
 *
 *   spectral radius   max |mu|: the factor the slowest-dying mode is
 *                     multiplied by per step
 *   stable            radius <= 1 + SPRING_ANALYZE_TOL and no repeated
 *                     eigenvalue on the unit circle with a Jordan block
 *                     (that one grows linearly: M^n = mu^n I + n mu^(n-1) N)
 *   omega_eff, zeta_eff   the continuous spring whose exact solution
 *                     sampled every dt has the same eigenvalues:
 *                     lambda = log(mu) / dt, lambda1 lambda2 = omega_eff^2,
 *                     lambda1 + lambda2 = -2 zeta_eff omega_eff
 *
 * The rules are scale-free: in the coordinates (x, v / omega) M depends
 * on omega dt and zeta only, so the stability limits are limits on
 * omega dt.  The library does numbers only: no I/O, no allocation.
 *
 * EXPERIMENTAL (spring.h: SPRING_EXPERIMENTAL): not part of the stable
 * core; its interface may change between releases.
 */
#ifndef SPRING_ANALYZE_H
#define SPRING_ANALYZE_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The tolerance of the stability verdict.  A spectral radius up to
 * 1 + 1e-12 counts as 1 (the marginal rules at zeta = 0 compute 1 to a
 * few ulps either way); two eigenvalues closer than sqrt(1e-12) = 1e-6
 * (in units of the unit circle) count as one repeated eigenvalue, of
 * modulus sqrt|det M| (the computed pair of a defective eigenvalue splits
 * by ~1e-8, the determinant does not), and on the unit circle it is
 * defective unless M is within 1e-6 of mu I (in the coordinates
 * x, v / omega).  The cost: a growth below 1e-12 per step is called
 * stable (explicit Euler at zeta = 0 with omega dt < 1.4e-6, which
 * doubles only after 7e11 steps).
 */
#define SPRING_ANALYZE_TOL 1e-12

/* What the eigenvalues say, for the `kind` column. */
enum spring_kind {
	SPRING_OSCILLATING,	/* a complex pair */
	SPRING_OVERDAMPED,	/* two positive real eigenvalues */
	SPRING_DEADBEAT,	/* a zero eigenvalue, none negative */
	SPRING_NEGATIVE_REAL,	/* a negative real eigenvalue */
	SPRING_SADDLE,		/* positive reals either side of 1 */
	SPRING_OVERFLOW		/* M does not fit in doubles */
};

typedef struct spring_analysis {
	spring_mat2 m;		/* the amplification matrix */
	double mu_re[2], mu_im[2];	/* eigenvalues; mu_im[0] >= 0 */
	double radius;		/* spectral radius, or +inf (overflow) */
	int stable;
	int defective;		/* a defective eigenvalue on the unit circle */
	enum spring_kind kind;
	int has_eff;		/* omega_eff and zeta_eff exist (finite) */
	double omega_eff, zeta_eff;
	double freq_error;	/* omega_eff / omega - 1 */
	double damping_error;	/* zeta_eff - zeta */
} spring_analysis;

/* The rule's amplification matrix for spring p at step h. */
void spring_amplification(const spring_rule *rule, const spring_params *p,
    double h, spring_mat2 *m);

/* Everything above for rule, spring p, step h > 0. */
void spring_analyze(const spring_rule *rule, const spring_params *p,
    double h, spring_analysis *a);

/* The kind's name: oscillating, overdamped, deadbeat, ... */
const char *spring_kind_name(enum spring_kind kind);

/*
 * The largest omega dt at which rule is stable at damping ratio zeta,
 * +inf when it is stable at every step: the closed form derived for the
 * rule (its row's stable_hw), else spring_search_stable_hw.
 */
double spring_max_stable_hw(const spring_rule *rule, double zeta);

/* Whether spring_max_stable_hw has a closed form for rule. */
int spring_stable_hw_closed(const spring_rule *rule);

/*
 * The same limit found numerically, for any rule: the verdict of
 * spring_analyze (omega = 1, h = omega dt) at omega dt = k / 16 up to 64,
 * then doubling up to 2^40 (+inf if stable all the way), then bisection
 * between the last stable and the first unstable point down to one ulp.
 * It assumes, as holds for every rule here, that the stable steps form
 * an interval (0, limit].
 */
double spring_search_stable_hw(const spring_rule *rule, double zeta);

#ifdef __cplusplus
}
#endif

#endif
