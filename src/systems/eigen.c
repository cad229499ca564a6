/*
 * eigen.c - the eigenvalue solvers under the systems' modes and the
 * stability analysis (spring/system.h): implicit QL on a symmetric
 * tridiagonal matrix (a line's modes, Nissen's rope and mesh), and
 * Householder reduction plus shifted QR on a general real matrix (the
 * step matrix of a rule without modes).  Split from system.c, which
 * keeps the systems themselves.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "eigen.h"
#include "spring.h"

/*
 * Implicit QL with Wilkinson shifts on a symmetric tridiagonal matrix
 * (d[n] diagonal, e[n] off-diagonal with e[i] joining i and i + 1,
 * e[n - 1] unused), the rotations applied to the rows of z (n * n) when
 * z is not NULL (see eigen.h).  The algorithm of EISPACK's tql2 as Numerical Recipes
 * gives it (tqli).  0, or -1 after 60 sweeps without convergence.
 */
int
spring_tridiag_ql(double *d, double *e, long n, double *z)
{
	double b, c, f, g, p, r, s, dd;
	long i, k, l, m, iter;

	if (n > 0)
		e[n - 1] = 0.0;
	for (l = 0; l < n; l++) {
		iter = 0;
		do {
			for (m = l; m < n - 1; m++) {
				dd = fabs(d[m]) + fabs(d[m + 1]);
				if (fabs(e[m]) <= 1e-16 * dd)
					break;
			}
			if (m == l)
				break;
			if (iter++ == 60)
				return -1;
			g = (d[l + 1] - d[l]) / (2.0 * e[l]);
			r = hypot(g, 1.0);
			g = d[m] - d[l] + e[l] / (g + copysign(r, g));
			s = c = 1.0;
			p = 0.0;
			for (i = m - 1; i >= l; i--) {
				f = s * e[i];
				b = c * e[i];
				e[i + 1] = r = hypot(f, g);
				if (r == 0.0) {
					d[i + 1] -= p;
					e[m] = 0.0;
					break;
				}
				s = f / r;
				c = g / r;
				g = d[i + 1] - p;
				r = (d[i] - g) * s + 2.0 * c * b;
				p = s * r;
				d[i + 1] = g + p;
				g = c * r - b;
				if (z != NULL)
					for (k = 0; k < n; k++) {
						f = z[(i + 1) * n + k];
						z[(i + 1) * n + k] = s *
						    z[i * n + k] + c * f;
						z[i * n + k] = c * z[i * n + k] -
						    s * f;
					}
			}
			if (r == 0.0 && i >= l)
				continue;
			d[l] -= p;
			e[l] = g;
			e[m] = 0.0;
		} while (m != l);
	}
	return 0;
}

/* See eigen.h: sort eigenvalues ascending, their rows of z along (selection: once). */
void
spring_sort_modes(double *d, double *z, long n)
{
	long i, j, k, c;
	double t;

	for (i = 0; i < n; i++) {
		k = i;
		for (j = i + 1; j < n; j++)
			if (d[j] < d[k])
				k = j;
		if (k == i)
			continue;
		t = d[i];
		d[i] = d[k];
		d[k] = t;
		if (z != NULL)
			for (c = 0; c < n; c++) {
				t = z[i * n + c];
				z[i * n + c] = z[k * n + c];
				z[k * n + c] = t;
			}
	}
}

/* See spring.h. */
int
spring_tridiag_eigenvalues(double *d, double *e, long n)
{
	double *tmp = e;

	if (spring_tridiag_ql(d, tmp, n, NULL) != 0)
		return -1;
	spring_sort_modes(d, NULL, n);
	return 0;
}

/* --- the general eigenvalue problem, for rules without modes --------- */

#define H(i, j) a[(i) * n + (j)]

/*
 * Reduce the n x n matrix a (row-major) to upper Hessenberg form by
 * Householder reflections, P a P with P = I - 2 u u^T / u^T u zeroing
 * column k below its subdiagonal (Golub and Van Loan, "Matrix
 * Computations", 7.4.3): a similarity, so the eigenvalues are kept.  u
 * and w (n each) are scratch, the loops running along a's rows.
 */
static void
hessenberg(double *a, long n, double *u, double *w)
{
	double scale, norm, alpha, uu, f;
	long i, j, k;

	for (k = 0; k + 2 < n; k++) {
		scale = 0.0;
		for (i = k + 1; i < n; i++)
			scale = fmax(scale, fabs(H(i, k)));
		if (scale == 0.0)
			continue;
		norm = 0.0;
		for (i = k + 1; i < n; i++) {
			u[i] = H(i, k) / scale;
			norm += u[i] * u[i];
		}
		norm = sqrt(norm);
		alpha = -copysign(norm, u[k + 1]);
		/* u = x - alpha e1, u^T u = 2 (norm^2 - alpha x1) */
		uu = 2.0 * (norm * norm - alpha * u[k + 1]);
		u[k + 1] -= alpha;
		/* from the left: rows k+1.., w = u^T a */
		for (j = k + 1; j < n; j++)
			w[j] = 0.0;
		for (i = k + 1; i < n; i++)
			for (j = k + 1; j < n; j++)
				w[j] += u[i] * H(i, j);
		for (i = k + 1; i < n; i++) {
			f = 2.0 * u[i] / uu;
			for (j = k + 1; j < n; j++)
				H(i, j) -= f * w[j];
		}
		/* from the right: columns k+1.. */
		for (i = 0; i < n; i++) {
			f = 0.0;
			for (j = k + 1; j < n; j++)
				f += H(i, j) * u[j];
			f *= 2.0 / uu;
			for (j = k + 1; j < n; j++)
				H(i, j) -= f * u[j];
		}
		/* column k itself: P x = alpha e1 */
		H(k + 1, k) = alpha * scale;
		for (i = k + 2; i < n; i++)
			H(i, k) = 0.0;
	}
}

/*
 * The reflection I - tau u u^T (u = (1, u1, u2), the first entry scaled
 * to 1) taking (x, y, z) to (beta, 0, 0), m = 2 or 3 entries; applied to
 * rows r..r+m-1 of columns c0..c1 from the left and to columns r..r+m-1
 * of rows r0..r1 from the right.  0 when (x, y, z) is already 0.
 */
static int
reflect(double *a, long n, long m, long r, double x, double y, double z,
    long c0, long c1, long r0, long r1)
{
	double sc = fabs(x) + fabs(y) + fabs(z), alpha, u1, u2, tau, w;
	long i, j;

	if (m == 2)
		z = 0.0;
	if (sc == 0.0)
		return 0;
	x /= sc;
	y /= sc;
	z /= sc;
	alpha = -copysign(sqrt(x * x + y * y + z * z), x);
	/* u = (x - alpha, y, z) / (x - alpha); tau = 2 / u^T u */
	u1 = y / (x - alpha);
	u2 = z / (x - alpha);
	tau = (alpha - x) / alpha;
	for (j = c0; j <= c1; j++) {
		w = H(r, j) + u1 * H(r + 1, j) + (m == 3 ? u2 * H(r + 2, j) : 0.0);
		w *= tau;
		H(r, j) -= w;
		H(r + 1, j) -= w * u1;
		if (m == 3)
			H(r + 2, j) -= w * u2;
	}
	for (i = r0; i <= r1; i++) {
		w = H(i, r) + u1 * H(i, r + 1) + (m == 3 ? u2 * H(i, r + 2) : 0.0);
		w *= tau;
		H(i, r) -= w;
		H(i, r + 1) -= w * u1;
		if (m == 3)
			H(i, r + 2) -= w * u2;
	}
	return 1;
}

/*
 * The eigenvalues of the 2x2 block [[p, q], [r, s]]: (p + s) / 2 +-
 * sqrt(((p - s) / 2)^2 + q r), the real pair formed without the
 * cancellation.
 */
static void
block2(double p, double q, double r, double s, double *re, double *im)
{
	double half = 0.5 * (p - s), disc = half * half + q * r, z;

	if (disc >= 0.0) {
		z = half + copysign(sqrt(disc), half);
		re[0] = s + z;
		re[1] = z != 0.0 ? s - q * r / z : s;
		im[0] = im[1] = 0.0;
	} else {
		re[0] = re[1] = s + half;
		im[0] = sqrt(-disc);
		im[1] = -im[0];
	}
}

/*
 * The eigenvalues of the upper Hessenberg a (n x n, destroyed) by
 * Francis' implicitly double-shifted QR step (Golub and Van Loan,
 * Algorithm 7.5.1): the shifts are the eigenvalues of the active block's
 * trailing 2x2 (their sum and product keep the arithmetic real), the
 * first column of (H - s1)(H - s2) starts a bulge that 3-element
 * reflections chase down the block; a subdiagonal below eps times its
 * neighbours on the diagonal, or below eps^2 times the norm (a graded
 * matrix, entries from 1 to 1e-150, stalls on the first test alone), is
 * 0, and the block splits there (1x1 and 2x2 blocks are eigenvalues).  Only the active block is updated: the
 * eigenvalues need no Schur vectors.  Every 10th step without a split
 * takes LAPACK's exceptional shifts (dlahqr) to break a cycle.  0, or -1
 * after 30 n steps in all (EISPACK's hqr budget; it takes 2 to 5 n).
 */
static int
hessenberg_qr(double *a, long n, double *re, double *im)
{
	double norm = 0.0, s, t, x, y, z, e, sh[2], shi[2];
	long hi, lo, k, i, iter = 0, budget = 30 * n;

	for (i = 0; i < n * n; i++)
		norm = fmax(norm, fabs(a[i]));
	for (hi = n - 1; hi >= 0;) {
		for (lo = hi; lo > 0; lo--) {
			s = fabs(H(lo - 1, lo - 1)) + fabs(H(lo, lo));
			e = fabs(H(lo, lo - 1));
			if (e <= DBL_EPSILON * (s != 0.0 ? s : norm) ||
			    e <= DBL_EPSILON * norm * (double)(1 + iter / 8)) {
				H(lo, lo - 1) = 0.0;
				break;
			}
		}
		if (lo >= hi - 1) {
			if (lo == hi) {
				re[hi] = H(hi, hi);
				im[hi] = 0.0;
			} else
				block2(H(hi - 1, hi - 1), H(hi - 1, hi),
				    H(hi, hi - 1), H(hi, hi), re + hi - 1,
				    im + hi - 1);
			hi = lo - 1;
			iter = 0;
			continue;
		}
		if (budget-- == 0)
			return -1;
		iter++;
		if (iter % 10 == 0) {
			/* at the block's top, then at its bottom (dlahqr) */
			k = iter % 20 == 10 ? lo : hi - 2;
			e = fabs(H(k + 1, k)) + fabs(H(k + 2, k + 1));
			x = H(iter % 20 == 10 ? lo : hi, iter % 20 == 10 ? lo :
			    hi) + 0.75 * e;
			s = 2.0 * x;
			t = x * x + 0.4375 * e * e;
		} else {
			/*
			 * The trailing 2x2's eigenvalues; a real pair gives
			 * the one nearer H(hi, hi) twice (dlahqr): the pair
			 * r, -r would make (H - r)(H + r) even in H, blind
			 * to a block whose eigenvalues come as +-, as a
			 * bipartite mesh's do.
			 */
			block2(H(hi - 1, hi - 1), H(hi - 1, hi), H(hi, hi - 1),
			    H(hi, hi), sh, shi);
			if (shi[0] != 0.0) {
				s = 2.0 * sh[0];
				t = sh[0] * sh[0] + shi[0] * shi[0];
			} else {
				x = fabs(sh[0] - H(hi, hi)) <= fabs(sh[1] -
				    H(hi, hi)) ? sh[0] : sh[1];
				s = 2.0 * x;
				t = x * x;
			}
		}
		x = H(lo, lo) * H(lo, lo) + H(lo, lo + 1) * H(lo + 1, lo) -
		    s * H(lo, lo) + t;
		y = H(lo + 1, lo) * (H(lo, lo) + H(lo + 1, lo + 1) - s);
		z = H(lo + 1, lo) * H(lo + 2, lo + 1);
		for (k = lo; k + 2 <= hi; k++) {
			if (reflect(a, n, 3, k, x, y, z, k > lo ? k - 1 : lo,
			    hi, lo, k + 3 < hi ? k + 3 : hi) && k > lo)
				H(k + 1, k - 1) = H(k + 2, k - 1) = 0.0;
			x = H(k + 1, k);
			y = H(k + 2, k);
			if (k + 3 <= hi)
				z = H(k + 3, k);
		}
		if (reflect(a, n, 2, hi - 1, x, y, 0.0, hi - 2, hi, lo, hi))
			H(hi, hi - 2) = 0.0;
	}
	return 0;
}

#undef H

/*
 * See spring.h.  a is first scaled by a power of 2 (exact) to a largest
 * entry in [0.5, 1), so that the QR step's squares cannot overflow; a
 * non-finite entry makes every eigenvalue +inf.
 */
int
spring_eigenvalues(double *a, long n, double *re, double *im)
{
	double big = 0.0;
	long i;
	int e;

	for (i = 0; i < n * n; i++)
		big = fmax(big, fabs(a[i]));
	if (!isfinite(big) || isnan(big)) {
		for (i = 0; i < n; i++) {
			re[i] = INFINITY;
			im[i] = 0.0;
		}
		return 0;
	}
	if (big == 0.0) {
		memset(re, 0, (size_t)n * sizeof(*re));
		memset(im, 0, (size_t)n * sizeof(*im));
		return 0;
	}
	frexp(big, &e);
	for (i = 0; i < n * n; i++)
		a[i] = ldexp(a[i], -e);
	hessenberg(a, n, re, im);
	if (hessenberg_qr(a, n, re, im) != 0)
		return -1;
	for (i = 0; i < n; i++) {
		re[i] = ldexp(re[i], e);
		im[i] = ldexp(im[i], e);
	}
	return 0;
}
