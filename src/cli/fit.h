/*
 * fit.h - what `springsim fit` (fit.c) and its flags' rows (fitflags.c)
 * share: the parameters fitted and the command's state.
 */
#ifndef FIT_H
#define FIT_H

#include "spring.h"

/* The parameters, in the order of the fit's vector. */
enum { P_OMEGA, P_ZETA, P_X0, P_V0, P_TARGET, NPAR };

/* The data, the flags, and what is being fitted. */
struct fit {
	const char *path, *output;
	double *t, *x, *g;	/* t shifted to start at 0; g: the column */
	double t0;
	long n, cap;
	int col_t, col_x, col_g, ncols, header;
	double fixed[NPAR];	/* NaN: fitted */
	double mass, dt, max_rms;
	long precision;
	/* the parameters fitted, as indices into NPAR */
	int free[NPAR], nfree;
	double p[NPAR];		/* the full parameter vector */
	spring_signal sig;	/* the target column as a signal */
	/* the rows used (every one, or a subsample for the grid) */
	long stride;
	double range;		/* of x */
	double *scratch;	/* 2 n doubles for the differences */
};

#endif
