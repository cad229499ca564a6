/*
 * spring/signal.h - target signals and their exact reference (signal.c,
 * sigref.c).  Part of the springsim library: include "spring.h" for all of
 * it.
 *
 * EXPERIMENTAL (spring.h: SPRING_EXPERIMENTAL): not part of the stable
 * core; its interface may change between releases.
 */
#ifndef SPRING_SIGNAL_H
#define SPRING_SIGNAL_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Target signals (signal.c), each riding on the base target g0 + q0 t.
 * All but the sine are piecewise linear.
 */
enum spring_signal_kind {
	SPRING_SIGNAL_CONSTANT, SPRING_SIGNAL_STEP, SPRING_SIGNAL_RAMP,
	SPRING_SIGNAL_SINE, SPRING_SIGNAL_SQUARE, SPRING_SIGNAL_NOISE,
	SPRING_SIGNAL_FILE, SPRING_SIGNAL_KINDS
};

typedef struct spring_signal {
	int kind;
	double g0, q0;			/* the base target */
	double amp, period, at;		/* AMP, PERIOD, AT of the summaries */
	unsigned long long seed;	/* noise */
	int linear;			/* noise: linear between samples */
	const double *t, *g, *q;	/* file: rows (q may be NULL) */
	long n;
} spring_signal;

/*
 * One linear piece of a piecewise-linear signal: on [t0, t1) the signal is
 * g + s (u - tr) and its recorded velocity q + r (u - tr), tr =
 * spring_piece_ref (t0, or 0 when t0 is -inf).
 */
typedef struct spring_piece {
	double t0, t1, g, s, q, r;
} spring_piece;

const char *spring_signal_name(int kind);
const char *spring_signal_summary(int kind);
int spring_signal_find(const char *name);
void spring_signal_piece(const spring_signal *sig, double t, spring_piece *p);
double spring_piece_ref(const spring_piece *p);
/* The signal's position and own velocity at t. */
void spring_signal_at(const spring_signal *sig, double t, double *g,
    double *q);
/* The same at the end of a step: the velocity is the left limit. */
void spring_signal_end(const spring_signal *sig, double t, double *g,
    double *q);

/*
 * Tracking metrics (lag, attenuation) of a run's frames t[], x[] against
 * the signal; see signal.c for the definitions.
 */
void spring_tracking(const spring_signal *sig, double omega, const double *t,
    const double *x, long n, double dt, double *lag, double *attenuation);

/*
 * The velocity each rule is fed: the signal's own, the finite difference
 * of the target over the frame (what most game code has), or zero (the
 * basic spring of Studio Gobo's first listing).
 */
enum spring_vel_source {
	SPRING_VEL_SIGNAL, SPRING_VEL_DIFFERENCE, SPRING_VEL_ZERO
};

/*
 * The exact reference for a signal (sigref.c): the spring
 *	x'' = omega^2 (g - x) + 2 zeta omega (kappa q - v),
 * kappa = 0 when the rules are fed zero, else 1 (fed the difference, the
 * reference still takes the signal's true velocity).  Piece by piece for
 * piecewise-linear signals (times must not decrease), the closed-form
 * steady state plus transient for the sine.
 */
typedef struct spring_sigref {
	const spring_signal *sig;
	double omega, zeta, kappa;
	double x0, v0;
	spring_piece piece;		/* the current piece */
	double ta, e, de;		/* offset from its particular solution */
	double amp_x, phase;		/* sine: A |H|, arg H */
	int resonant;			/* sine at omega, zeta = 0 */
} spring_sigref;

void spring_sigref_init(spring_sigref *r, const spring_params *p,
    double x0, double v0, const spring_signal *sig, int vel_source);
void spring_sigref_at(spring_sigref *r, double t, spring_state *out);

#ifdef __cplusplus
}
#endif

#endif
