/*
 * fit.h - what `springsim fit` (fit.c) and its flags' rows (fitflags.c)
 * share: the parameters fitted and the command's state.
 */
#ifndef FIT_H
#define FIT_H

#include "spring.h"

/* The parameters, in the order of the fit's vector. */
enum { P_OMEGA, P_ZETA, P_X0, P_V0, P_TARGET, NPAR };

/*
 * The model's position at the rows, one after another (fit.c's
 * model_x): the parameters, and with a target column the offset from
 * the target after row i (e, and de less the target's slope).
 */
struct fit_walk {
	double p[NPAR];
	double e, de;
	long i;			/* the last row given, -1 before the first */
};

/* The data, the flags, and what is being fitted. */
struct fit {
	const char *src;	/* the operand: a path, or - for stdin */
	const char *path;	/* its name in messages ("stdin" for -) */
	const char *output;
	double *t, *x, *g;	/* t shifted to start at 0; g: the column */
	double t0;
	long n, cap;
	int col_t, col_x, col_g, ncols, header;
	double fixed[NPAR];	/* NaN: fitted */
	double mass, dt, max_rms;
	long precision;
	/* the parameters fitted, as indices into NPAR */
	int free[NPAR], nfree;
	/*
	 * The units the fit works in: t / tscale (the span) and (x -
	 * xmid) / xscale (the range), so that t runs 0..1 and x spans 1
	 * whatever the data's scale.
	 */
	double tscale, xscale, xmid;
	/* the Jacobian's walkers: omega + h, - h, zeta + h, - h */
	struct fit_walk jw[4];
	double jh[2];
};

#endif
