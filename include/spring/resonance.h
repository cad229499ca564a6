/*
 * spring/resonance.h - the spring driven by a sine (resonance.c).  Part of
 * the springsim library: include "spring.h" for all of it.
 *
 * EXPERIMENTAL (spring.h: SPRING_EXPERIMENTAL): not part of the stable
 * core; its interface may change between releases.
 */
#ifndef SPRING_RESONANCE_H
#define SPRING_RESONANCE_H

#include "core.h"
#include "metrics.h"
#include "sim.h"

#ifdef __cplusplus
extern "C" {
#endif

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
 * rises); spring_resonance_holden the frequency Holden's
 * resonant_frequency() says the spring resonates at, omega sqrt(1 +
 * zeta^2) (his stiffness W^2 - d^2 / 4 solved for W; any zeta).
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

#ifdef __cplusplus
}
#endif

#endif
