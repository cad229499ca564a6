/*
 * spring/exact.h - the exact solution and the reference trajectory
 * (exact.c).  Part of the springsim library: include "spring.h" for all of
 * it.
 *
 * STABLE: part of the library's stable core (spring.h).
 */
#ifndef SPRING_EXACT_H
#define SPRING_EXACT_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The exact solution (exact.c).  spring_propagator gives the matrix that
 * carries the offset from a linearly moving target, (x - g, v - q), over a
 * time t.  It is accurate to a few ulps of the problem's scale in every
 * regime: zeta = 0, zeta = 1 exactly and +-1e-9, zeta = 1e4, omega t = 1e4.
 */
void spring_propagator(double omega, double zeta, double t, spring_mat2 *phi);
/* The same with spring_fast_negexp for every exponential (fast_exp). */
void spring_propagator_fast(double omega, double zeta, double t,
    spring_mat2 *phi);
/* Holden's fast_negexp(x) ~ e^-x, x >= 0: 1 / (1 + x + 0.48 x^2 + 0.235 x^3). */
double spring_fast_negexp(double x);

/*
 * The reference: the exact trajectory from (x0, v0) toward the target
 * g(t) = g0 + q t.  spring_reference_at evaluates the closed form at any
 * t >= 0 (t = 0 gives x0, v0 to the bit).  spring_reference_next gives the
 * frames t = k dt, k = 1, 2, ..., of the dt given to init: it carries the
 * offset forward with the cached propagator Phi(dt), four multiplications
 * a frame, and re-anchors on the closed form at the exact multiple k dt
 * every SPRING_REFERENCE_ANCHOR frames, so its error stays within about
 * one rounding of the state plus that many applications of Phi(dt).
 */
#define SPRING_REFERENCE_ANCHOR 64

typedef struct spring_reference {
	double omega, zeta;
	double x0, v0;		/* initial state */
	double g0, q;		/* target */
	double e0, de0;		/* initial offset from the target */
	double dt;		/* frame time of spring_reference_next */
	spring_mat2 frame;	/* Phi(dt) */
	double e, de;		/* offset at frame k */
	long k;			/* the last frame given by _next */
} spring_reference;

void spring_reference_init(spring_reference *r, const spring_params *p,
    double x0, double v0, double g0, double q, double dt);
void spring_reference_next(spring_reference *r, spring_state *out);
void spring_reference_at(const spring_reference *r, double t,
    spring_state *out);

#ifdef __cplusplus
}
#endif

#endif
