/*
 * spring/system.h - systems of springs on a line, and their stability
 * (system.c).  Part of the springsim library: include "spring.h" for all
 * of it.
 *
 * EXPERIMENTAL (spring.h: SPRING_EXPERIMENTAL): not part of the stable
 * core; its interface may change between releases.
 */
#ifndef SPRING_SYSTEM_H
#define SPRING_SYSTEM_H

#include "core.h"
#include "signal.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Systems of springs (system.c), after Nissen ("Towards a Simpler,
 * Stiffer, and more Stable Spring"): bodies on a
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
 * Both in one pass (a chain's summary rows): the same numbers, the energy
 * summed in another order (four running sums), so equal to rounding.
 */
void spring_line_summary(const spring_line *l, const double *x,
    const double *v, double g, double q, double *energy,
    double *max_stretch);

/*
 * Stability from the modes (of the chain and the mesh): the system is
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

#ifdef __cplusplus
}
#endif

#endif
