/*
 * eigen.h - eigen.c's helpers that system.c calls too: library-private
 * (not installed), like internal.h.
 */
#ifndef SPRING_EIGEN_H
#define SPRING_EIGEN_H

/*
 * Implicit QL with Wilkinson shifts on the symmetric tridiagonal matrix
 * (d[n] diagonal, e[n] off-diagonal, e[i] joining i and i + 1), the
 * rotations applied to the rows of z (n * n) unless z is NULL: the
 * eigenvalues into d.  0, or -1 after 60 sweeps without convergence.
 */
int spring_tridiag_ql(double *d, double *e, long n, double *z);
/* Sort the eigenvalues d[n] ascending, the rows of z (or NULL) along. */
void spring_sort_modes(double *d, double *z, long n);

#endif
