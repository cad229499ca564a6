/*
 * fit.c - `springsim fit FILE`: the spring that best explains a recorded
 * trajectory (CSV t,x[,target]: an animator's curve, a capture from a
 * game): omega, zeta and the x0, v0, target the file and flags do not
 * give, by nonlinear least squares against the exact solution, with a
 * standard uncertainty for each from the Jacobian.
 *
 * The solver is MINPACK's Levenberg-Marquardt in its row-by-row form
 * (lmstr: the Jacobian is given a row at a time, jacobian_row() below,
 * and folded into an n x n triangle, so its memory does not grow with
 * the rows), through Debian's libcminpack-dev (cminpack 1.3, Devernay's
 * C translation of More, Garbow and Hillstrom's MINPACK): a small,
 * long-kept, well-tested library with a C interface, scaling and a trust
 * region, for a problem of 2 to 5 parameters and up to millions of
 * residuals.  Its start comes from a grid over (omega, zeta) on which
 * the model is linear in x0, v0 and the target (variable projection: a
 * 3x3 linear least squares each), so the fit does not depend on a guess.
 * Past FIT_COARSE_ROWS rows the starts are first fitted to a subsample
 * and only the best one is finished on every row: the time is a fixed
 * number of passes over the rows, linear in them.
 *
 * The fit works in units of the data (t over its span, x less its
 * middle over its half range), so that no scale of the data, 1e-155 or
 * 1e16 in x or 1e-20 in t, changes it: the results and their
 * uncertainties are scaled back (one rounding each).
 *
 * The model is the exact solution (spring_propagator), continued to
 * zeta < 0 (a growing oscillation) so that it is smooth through zeta 0:
 * a plain oscillation's Jacobian has a zeta column and finite,
 * calibrated uncertainties.  A fit that ends below 0 is moved to the
 * bound, zeta 0, and the others fitted again with zeta held there.  A
 * target column is the target, linear between the rows (as run handles
 * --target-file, spring_sigref): the offset from it is carried from row
 * to row.
 */
#include <cminpack.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fit.h"
#include "numfmt.h"
#include "optparse.h"
#include "paramflags.h"
#include "spring.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define FIT_MIN_ROWS 8
#define FIT_GRID_SAMPLES 1000
#define FIT_COARSE_ROWS 20000
#define FIT_MAX_RMS 0.05

static const char *const par_names[NPAR] = {
	"omega", "zeta", "x0", "v0", "target"
};

/* One row of the file (csv_row_fn): the header, then t, x[, target]. */
static int
fit_record(void *ctx, long line, char **f, int n)
{
	struct fit *ft = ctx;
	const char *why;
	double v[3];
	int i, c, col[3];

	if (!ft->header) {
		ft->col_t = ft->col_x = ft->col_g = -1;
		for (i = 0; i < n; i++) {
			int *slot = strcmp(f[i], "t") == 0 ? &ft->col_t :
			    strcmp(f[i], "x") == 0 ? &ft->col_x :
			    strcmp(f[i], "target") == 0 ? &ft->col_g : NULL;

			if (slot == NULL)
				continue;	/* other columns: ignored */
			if (*slot >= 0) {
				warn_msg("fit: %s line %ld: column '%s' is given "
				    "twice", ft->path, line, f[i]);
				return CSV_READ_BAD;
			}
			*slot = i;
		}
		if (ft->col_t < 0 || ft->col_x < 0) {
			warn_msg("fit: %s line %ld: the header needs columns t "
			    "and x (and may have target)", ft->path, line);
			return CSV_READ_BAD;
		}
		ft->ncols = n;
		ft->header = 1;
		return 0;
	}
	if (n != ft->ncols) {
		warn_msg("fit: %s line %ld: %d fields, the header has %d",
		    ft->path, line, n, ft->ncols);
		return CSV_READ_BAD;
	}
	col[0] = ft->col_t;
	col[1] = ft->col_x;
	col[2] = ft->col_g;
	for (c = 0; c < 3; c++) {
		if (col[c] < 0)
			continue;
		if ((why = scan_bounded(f[col[c]], &v[c])) != NULL) {
			warn_msg("fit: %s line %ld column %d (%s): '%s' %s",
			    ft->path, line, col[c] + 1, c == 0 ? "t" :
			    c == 1 ? "x" : "target", f[col[c]], why);
			return CSV_READ_BAD;
		}
	}
	if (ft->n > 0 && !(v[0] - ft->t0 > ft->t[ft->n - 1])) {
		warn_msg("fit: %s line %ld: t '%s' is not after the row before "
		    "(t must increase)", ft->path, line, f[col[0]]);
		return CSV_READ_BAD;
	}
	if (ft->n == ft->cap) {
		/* by half again: at most 1.5 doubles a row and column */
		long cap = ft->cap ? ft->cap + ft->cap / 2 : 1024;
		double *a = realloc(ft->t, (size_t)cap * sizeof(double));

		if (a != NULL)
			ft->t = a;
		if (a != NULL && (a = realloc(ft->x, (size_t)cap *
		    sizeof(double))) != NULL)
			ft->x = a;
		if (a != NULL && col[2] >= 0 && (a = realloc(ft->g,
		    (size_t)cap * sizeof(double))) != NULL)
			ft->g = a;
		if (a == NULL) {
			warn_msg("fit: out of memory");
			return CSV_READ_SYS;
		}
		ft->cap = cap;
	}
	if (ft->n == 0)
		ft->t0 = v[0];
	ft->t[ft->n] = v[0] - ft->t0;
	ft->x[ft->n] = v[1];
	if (col[2] >= 0)
		ft->g[ft->n] = v[2];
	ft->n++;
	return 0;
}

/*
 * Phi(t) of spring_propagator, continued to zeta < 0: the equation with
 * -zeta is the one with zeta run backward in time, and Phi_-zeta(t) =
 * e^(2 zeta omega t) [[d, b], [c, a]] of Phi_zeta(t).  Smooth through
 * zeta 0, so the fit's Jacobian has a zeta column there.
 */
static void
propagator(double omega, double zeta, double t, spring_mat2 *phi)
{
	double a, k;

	if (zeta >= 0.0) {
		spring_propagator(omega, zeta, t, phi);
		return;
	}
	spring_propagator(omega, -zeta, t, phi);
	k = exp(-2.0 * zeta * (omega * t));
	a = phi->a;
	phi->a = k * phi->d;
	phi->b *= k;
	phi->c *= k;
	phi->d = k * a;
}

/* The target column's slope after row i (held past the last row). */
static double
slope(const struct fit *ft, long i)
{
	if (i + 1 >= ft->n)
		return 0.0;
	return (ft->g[i + 1] - ft->g[i]) / (ft->t[i + 1] - ft->t[i]);
}

/* Start a walk for the parameters p. */
static void
walk_init(struct fit_walk *w, const double *p)
{
	memcpy(w->p, p, sizeof(w->p));
	w->i = -1;
}

/*
 * The model's x at row i for w's parameters.  A constant target is the
 * closed form; a target column is carried from the row before (the
 * offset from the target over a row by Phi, its slope's change added to
 * the offset's velocity), so rows are asked for in order: any other
 * row starts the walk again from row 0.
 */
static double
model_x(const struct fit *ft, struct fit_walk *w, long i)
{
	spring_mat2 phi;
	double omega = fabs(w->p[P_OMEGA]), zeta = w->p[P_ZETA], e;

	if (ft->col_g < 0) {
		propagator(omega, zeta, ft->t[i], &phi);
		return w->p[P_TARGET] + phi.a * (w->p[P_X0] -
		    w->p[P_TARGET]) + phi.b * w->p[P_V0];
	}
	if (i == 0 || i != w->i + 1) {
		w->i = 0;
		w->e = w->p[P_X0] - ft->g[0];
		w->de = w->p[P_V0] - slope(ft, 0);
	}
	while (w->i < i) {
		long r = w->i;

		propagator(omega, zeta, ft->t[r + 1] - ft->t[r], &phi);
		e = phi.a * w->e + phi.b * w->de;
		w->de = phi.c * w->e + phi.d * w->de + slope(ft, r) -
		    slope(ft, r + 1);
		w->e = e;
		w->i = r + 1;
	}
	return i == 0 ? w->p[P_X0] : ft->g[i] + w->e;
}

/* The residuals x(t_i) - data at every row for the parameters p. */
static void
model_residuals(const struct fit *ft, const double *p, double *out)
{
	struct fit_walk w;
	long i;

	walk_init(&w, p);
	for (i = 0; i < ft->n; i++)
		out[i] = model_x(ft, &w, i) - ft->x[i];
}

/* The full parameter vector from the fitted ones in x. */
static void
expand(const struct fit *ft, const double *x, double *p)
{
	int i;

	for (i = 0; i < NPAR; i++)
		p[i] = ft->fixed[i];
	for (i = 0; i < ft->nfree; i++)
		p[ft->free[i]] = x[i];
}

/*
 * The step of omega's or zeta's central difference: 1e-6 of its size
 * (zeta's at least 0.01, for it may be 0), so that the Jacobian is good
 * to ~1e-12 whatever the value.  The data are in units of their span
 * and range, so omega's size is the number of radians the capture
 * covers.
 */
static double
diff_step(const double *p, int id)
{
	if (id == P_ZETA)
		return 1e-6 * fmax(fabs(p[P_ZETA]), 0.01);
	return 1e-6 * fmax(fabs(p[P_OMEGA]), 1e-3);
}

/*
 * Row i of the Jacobian at p, a column for each fitted parameter: x0,
 * v0 and the target in closed form (the model is linear in them: Phi's
 * a, b and 1 - a), omega and zeta by central differences of walks kept
 * in ft, started at row 0: rows are asked for in order.
 */
static void
jacobian_row(struct fit *ft, const double *p, long i, double *row)
{
	spring_mat2 phi;
	double q[NPAR];
	int k;

	if (i == 0)
		for (k = 0; k < 4; k++) {
			int id = k < 2 ? P_OMEGA : P_ZETA;

			ft->jh[k / 2] = diff_step(p, id);
			memcpy(q, p, sizeof(q));
			q[id] += k % 2 ? -ft->jh[k / 2] : ft->jh[k / 2];
			walk_init(&ft->jw[k], q);
		}
	propagator(fabs(p[P_OMEGA]), p[P_ZETA], ft->t[i], &phi);
	for (k = 0; k < ft->nfree; k++) {
		switch (ft->free[k]) {
		case P_OMEGA:
			row[k] = (model_x(ft, &ft->jw[0], i) -
			    model_x(ft, &ft->jw[1], i)) / (2.0 * ft->jh[0]);
			break;
		case P_ZETA:
			row[k] = (model_x(ft, &ft->jw[2], i) -
			    model_x(ft, &ft->jw[3], i)) / (2.0 * ft->jh[1]);
			break;
		case P_X0:
			row[k] = phi.a;
			break;
		case P_V0:
			row[k] = phi.b;
			break;
		default:
			row[k] = 1.0 - phi.a;
			break;
		}
		if (!isfinite(row[k]))
			row[k] = 0.0;
	}
}

/*
 * MINPACK's function (cminpack_funcderstr_mn): the residuals at x
 * (iflag 1), or the Jacobian's row iflag - 2 (lmstr asks for them in
 * order, after the residuals at the same x).
 */
static int
lm_residuals(void *ctx, int m, int n, const double *x, double *fvec,
    double *fjrow, int iflag)
{
	struct fit *ft = ctx;
	double p[NPAR];
	int i;

	(void)n;
	expand(ft, x, p);
	if (iflag >= 2) {
		jacobian_row(ft, p, iflag - 2, fjrow);
		return 0;
	}
	model_residuals(ft, p, fvec);
	for (i = 0; i < m; i++)
		if (!isfinite(fvec[i]))
			fvec[i] = 1e100;
	return 0;
}

/* Solve the k x k system a y = b (Gauss, partial pivoting): 0 or -1. */
static int
solve_small(double *a, double *b, int k)
{
	int i, j, r, piv;
	double f, t;

	for (i = 0; i < k; i++) {
		piv = i;
		for (r = i + 1; r < k; r++)
			if (fabs(a[r * k + i]) > fabs(a[piv * k + i]))
				piv = r;
		if (!(fabs(a[piv * k + i]) > 0.0))
			return -1;
		for (j = 0; j < k; j++) {
			t = a[i * k + j];
			a[i * k + j] = a[piv * k + j];
			a[piv * k + j] = t;
		}
		t = b[i];
		b[i] = b[piv];
		b[piv] = t;
		for (r = i + 1; r < k; r++) {
			f = a[r * k + i] / a[i * k + i];
			for (j = i; j < k; j++)
				a[r * k + j] -= f * a[i * k + j];
			b[r] -= f * b[i];
		}
	}
	for (i = k - 1; i >= 0; i--) {
		for (j = i + 1; j < k; j++)
			b[i] -= a[i * k + j] * b[j];
		b[i] /= a[i * k + i];
	}
	return 0;
}

/*
 * At (omega, zeta), the linear parameters (x0, v0, target: those fitted)
 * that fit best, by least squares, into p; the sum of squares.  The
 * model is affine in them: its value at p with each linear parameter 0,
 * plus its value at each unit vector less that.
 */
static double
project_linear(const struct fit *ft, double *p, double *base, double *col)
{
	static const int lin[3] = { P_X0, P_V0, P_TARGET };
	double a[9], b[3], ss = 0.0, keep[NPAR];
	int idx[3], k = 0, i, j;
	long r, m = ft->n;

	memcpy(keep, p, sizeof(keep));
	for (i = 0; i < 3; i++)
		if (isnan(ft->fixed[lin[i]]) && !(lin[i] == P_TARGET &&
		    ft->col_g >= 0))
			idx[k++] = lin[i];
	for (i = 0; i < k; i++)
		p[idx[i]] = 0.0;
	model_residuals(ft, p, base);
	for (i = 0; i < k; i++) {
		p[idx[i]] = 1.0;
		model_residuals(ft, p, col + (long)i * m);
		p[idx[i]] = 0.0;
		for (r = 0; r < m; r++)
			col[(long)i * m + r] -= base[r];
	}
	/* normal equations: (C^T C) y = -C^T base */
	for (i = 0; i < k; i++) {
		b[i] = 0.0;
		for (r = 0; r < m; r++)
			b[i] -= col[(long)i * m + r] * base[r];
		for (j = 0; j < k; j++) {
			a[i * k + j] = 0.0;
			for (r = 0; r < m; r++)
				a[i * k + j] += col[(long)i * m + r] *
				    col[(long)j * m + r];
		}
	}
	if (k > 0 && solve_small(a, b, k) != 0) {
		memcpy(p, keep, sizeof(keep));
		return INFINITY;
	}
	for (i = 0; i < k; i++)
		p[idx[i]] = b[i];
	for (r = 0; r < m; r++) {
		double e = base[r];

		for (i = 0; i < k; i++)
			e += b[i] * col[(long)i * m + r];
		ss += e * e;
	}
	return isfinite(ss) ? ss : INFINITY;
}

/*
 * sub: ft's every stride-th row (the last one too), in arrays of its
 * own (one allocation, sub->t; freed by the caller): the grid's and the
 * coarse fit's rows.  0, or -1 out of memory.
 */
static int
subsample(const struct fit *ft, long stride, struct fit *sub)
{
	long i, j = 0, m = (ft->n - 1) / stride + 1;
	int lastin = (ft->n - 1) % stride == 0;

	*sub = *ft;
	if (!lastin)
		m++;
	if ((sub->t = malloc((size_t)m * 3 * sizeof(double))) == NULL)
		return -1;
	sub->x = sub->t + m;
	sub->g = ft->col_g >= 0 ? sub->t + 2 * m : NULL;
	for (i = 0; i < ft->n; i += stride, j++) {
		sub->t[j] = ft->t[i];
		sub->x[j] = ft->x[i];
		if (sub->g != NULL)
			sub->g[j] = ft->g[i];
	}
	if (!lastin) {
		sub->t[j] = ft->t[ft->n - 1];
		sub->x[j] = ft->x[ft->n - 1];
		if (sub->g != NULL)
			sub->g[j] = ft->g[ft->n - 1];
	}
	sub->n = m;
	return 0;
}

/* Candidate starts, best first. */
#define FIT_STARTS 3
struct start {
	double ss, p[NPAR];
};

/*
 * The grid: omega log-spaced from 0.5 / span to pi / the shortest
 * spacing (the highest frequency the samples can show), zeta from 0 to
 * 4, the linear parameters solved at each on at most FIT_GRID_SAMPLES
 * rows; the best FIT_STARTS kept.  0, or -1 out of memory.
 */
static int
grid_starts(const struct fit *ft, struct start *best)
{
	static const double zetas[] = {
		0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0, 1.3, 2.0,
		4.0
	};
	struct fit sub;
	double span = ft->t[ft->n - 1], dmin = INFINITY, lo, hi, p[NPAR];
	double *base, ss;
	long i;
	int a, z, s, nw = 48;

	for (i = 1; i < ft->n; i++)
		dmin = fmin(dmin, ft->t[i] - ft->t[i - 1]);
	if (subsample(ft, ft->n > FIT_GRID_SAMPLES ? ft->n / FIT_GRID_SAMPLES :
	    1, &sub) != 0)
		return -1;
	if ((base = malloc((size_t)sub.n * 4 * sizeof(double))) == NULL) {
		free(sub.t);
		return -1;
	}
	for (s = 0; s < FIT_STARTS; s++)
		best[s].ss = INFINITY;
	lo = 0.5 / span;
	hi = M_PI / dmin;
	for (a = 0; a < nw; a++) {
		double w = lo * pow(hi / lo, (double)a / (nw - 1));

		for (z = 0; z < (int)(sizeof(zetas) / sizeof(zetas[0])); z++) {
			memcpy(p, ft->fixed, sizeof(p));
			p[P_OMEGA] = w;
			p[P_ZETA] = zetas[z];
			ss = project_linear(&sub, p, base, base + sub.n);
			for (s = FIT_STARTS - 1; s >= 0 && ss < best[s].ss; s--)
				if (s + 1 < FIT_STARTS)
					best[s + 1] = best[s];
			if (s + 1 < FIT_STARTS) {
				best[s + 1].ss = ss;
				memcpy(best[s + 1].p, p, sizeof(p));
			}
		}
	}
	free(base);
	free(sub.t);
	return 0;
}

/*
 * Levenberg-Marquardt from p over ft's rows: p updated; the residual
 * sum of squares, or +inf when MINPACK stopped on bad input.  fvec and
 * wa4 are ft->n doubles each: all the memory it takes per row.
 */
static double
run_lm(struct fit *ft, double *p, double *fvec, double *wa4)
{
	double x[NPAR], diag[NPAR], qtf[NPAR], fjac[NPAR * NPAR], ss = 0.0;
	double wa[3 * NPAR];
	int ipvt[NPAR], nfev, njev, info, i, m = (int)ft->n;
	long r;

	for (i = 0; i < ft->nfree; i++)
		x[i] = p[ft->free[i]];
	info = lmstr(lm_residuals, ft, m, ft->nfree, x, fvec, fjac, NPAR,
	    1e-14, 1e-14, 0.0, 100 * (ft->nfree + 1), diag, 1, 100.0, 0,
	    &nfev, &njev, ipvt, qtf, wa, wa + NPAR, wa + 2 * NPAR, wa4);
	if (info == 0)
		return INFINITY;
	expand(ft, x, p);
	model_residuals(ft, p, fvec);
	for (r = 0; r < ft->n; r++)
		ss += fvec[r] * fvec[r];
	return isfinite(ss) ? ss : INFINITY;
}

/*
 * The fit from the grid's starts: each fitted on every row, or past
 * FIT_COARSE_ROWS rows on a subsample of about half that many first and
 * the best finished on every row.  That is kept unless its mean squared
 * residual on every row is above twice the subsample's (plus 1e-24,
 * for exact data): the subsample saw an alias of a faster oscillation
 * than its spacing can show, and then each start is fitted on every
 * row.  best and its sum of squares (+inf: none; NaN: out of memory).
 */
static double
fit_starts(struct fit *ft, const struct start *starts, double *fvec,
    double *wa4, double *best)
{
	struct fit sub;
	double p[NPAR], ss, best_ss = INFINITY, coarse_ms;
	int s, coarse = ft->n > FIT_COARSE_ROWS;

	if (coarse && subsample(ft, ft->n / (FIT_COARSE_ROWS / 2), &sub) != 0)
		return NAN;
	for (s = 0; s < FIT_STARTS; s++) {
		if (!isfinite(starts[s].ss))
			continue;
		memcpy(p, starts[s].p, sizeof(p));
		ss = run_lm(coarse ? &sub : ft, p, fvec, wa4);
		if (ss < best_ss) {
			best_ss = ss;
			memcpy(best, p, sizeof(p));
		}
	}
	if (!coarse)
		return best_ss;
	coarse_ms = best_ss / (double)sub.n;
	free(sub.t);
	if (!isfinite(best_ss))
		return best_ss;
	memcpy(p, best, sizeof(p));
	ss = run_lm(ft, p, fvec, wa4);
	if (ss / (double)ft->n <= 2.0 * coarse_ms + 1e-24) {
		memcpy(best, p, sizeof(p));
		return ss;
	}
	best_ss = INFINITY;
	for (s = 0; s < FIT_STARTS; s++) {
		if (!isfinite(starts[s].ss))
			continue;
		memcpy(p, starts[s].p, sizeof(p));
		ss = run_lm(ft, p, fvec, wa4);
		if (ss < best_ss) {
			best_ss = ss;
			memcpy(best, p, sizeof(p));
		}
	}
	return best_ss;
}

/*
 * A fit that ended at zeta < 0 (a growing oscillation: data that do not
 * decay, plus noise) moved to the nearest spring: zeta 0, the others
 * fitted again with it held there (the least squares under zeta >= 0).
 * The new sum of squares.
 */
static double
zeta_to_bound(struct fit *ft, double *p, double ss, double *fvec,
    double *wa4)
{
	int i, k = 0;

	if (!(p[P_ZETA] < 0.0))
		return ss;
	p[P_ZETA] = 0.0;
	ft->fixed[P_ZETA] = 0.0;
	for (i = 0; i < ft->nfree; i++)
		if (ft->free[i] != P_ZETA)
			ft->free[k++] = ft->free[i];
	ft->nfree = k;
	ss = run_lm(ft, p, fvec, wa4);
	ft->fixed[P_ZETA] = NAN;
	for (i = k; i > 1; i--)
		ft->free[i] = ft->free[i - 1];
	ft->free[1] = P_ZETA;
	ft->nfree = k + 1;
	p[P_ZETA] = 0.0;
	return ss;
}

/*
 * The standard uncertainties: s^2 (J^T J)^-1, J^T J summed row by row
 * (no m x n Jacobian kept) at p, s^2 = ss / (n - nfree).  sigma[] of
 * the fitted parameters (inf when J^T J is singular), 0 for the
 * others; sfloor[] the same with s at least FIT_FLOOR (of x's range:
 * in the fit's units x spans 2), for determined().
 */
#define FIT_FLOOR 1e-6
static void
uncertainties(struct fit *ft, const double *p, double ss, double *sigma,
    double *sfloor)
{
	double a[NPAR * NPAR], inv[NPAR * NPAR], e[NPAR], row[NPAR], s2, f2;
	int i, j, k = ft->nfree;
	long r;

	for (i = 0; i < NPAR; i++)
		sigma[i] = sfloor[i] = 0.0;
	memset(a, 0, sizeof(a));
	for (r = 0; r < ft->n; r++) {
		jacobian_row(ft, p, r, row);
		for (i = 0; i < k; i++)
			for (j = 0; j < k; j++)
				a[i * k + j] += row[i] * row[j];
	}
	s2 = ss / (double)(ft->n - k);
	f2 = fmax(s2, (2.0 * FIT_FLOOR) * (2.0 * FIT_FLOOR));
	/* the inverse, column by column */
	for (j = 0; j < k; j++) {
		double m[NPAR * NPAR];

		memcpy(m, a, sizeof(double) * (size_t)(k * k));
		for (i = 0; i < k; i++)
			e[i] = i == j ? 1.0 : 0.0;
		if (solve_small(m, e, k) != 0) {
			for (i = 0; i < k; i++)
				sigma[ft->free[i]] = sfloor[ft->free[i]] =
				    INFINITY;
			return;
		}
		for (i = 0; i < k; i++)
			inv[i * k + j] = e[i];
	}
	for (i = 0; i < k; i++) {
		int id = ft->free[i];

		sigma[id] = inv[i * k + i] > 0.0 ?
		    sqrt(s2 * inv[i * k + i]) : INFINITY;
		sfloor[id] = inv[i * k + i] > 0.0 ?
		    sqrt(f2 * inv[i * k + i]) : INFINITY;
	}
}

/*
 * Whether the capture determines parameter id (in the fit's units: t
 * over the span, x over the range), the warning's criterion: its
 * standard uncertainty, with the residuals' spread taken as at least
 * FIT_FLOOR of x's range (what data written with 6 significant digits,
 * %g's, carry: exact data do not make a degenerate fit determined), is
 * at most half of its scale: omega's value; zeta's value, at least 1;
 * for x0 and the target the range of x; for v0 the range over the span.
 */
static int
determined(const double *p, const double *sfloor, int id)
{
	double scale = 2.0;

	if (id == P_OMEGA)
		scale = fabs(p[P_OMEGA]);
	else if (id == P_ZETA)
		scale = fmax(p[P_ZETA], 1.0);
	return sfloor[id] <= 0.5 * scale;
}

/* Read fit's flags and FILE: EXIT_OK, CMD_DONE or the exit status. */
static int
parse_fit(int argc, char **argv, struct fit *ft)
{
	int rc, i;

	for (i = 0; i < NPAR; i++)
		ft->fixed[i] = NAN;
	ft->mass = 1.0;
	ft->dt = 1.0 / 60.0;
	ft->max_rms = FIT_MAX_RMS;
	if ((rc = opt_parse(&fit_options, argc, argv, ft, NULL, NULL,
	    &ft->output)) != EXIT_OK)
		return rc;
	if (optind >= argc)
		return usage_error("fit needs FILE (- for stdin)");
	ft->src = argv[optind];
	ft->path = input_name(ft->src);
	return EXIT_OK;
}

/*
 * The array *a cut to its n values: the slack of its growth given back
 * before the solver takes its own two doubles a row (kept as it is if
 * realloc fails: the cut is only a saving).
 */
static void
shrink(double **a, long n)
{
	double *b = realloc(*a, (size_t)n * sizeof(double));

	if (b != NULL)
		*a = b;
}

/* Read FILE and check it: EXIT_OK or the exit status. */
static int
read_data(struct fit *ft)
{
	double lo = INFINITY, hi = -INFINITY;
	long i;
	int rc;

	if ((rc = csv_read_file("fit", ft->src, fit_record, ft)) != 0)
		return rc == CSV_READ_SYS ? EXIT_IO : EXIT_USAGE;
	if (!ft->header) {
		warn_msg("fit: %s is empty: no header naming t and x",
		    ft->path);
		return EXIT_USAGE;
	}
	if (ft->n < FIT_MIN_ROWS) {
		warn_msg("fit: %s has %ld rows: too short, fit needs at least "
		    "%d", ft->path, ft->n, FIT_MIN_ROWS);
		return EXIT_USAGE;
	}
	if (ft->n > INT_MAX / 2) {
		warn_msg("fit: %s has %ld rows: MINPACK counts in int, fit "
		    "takes at most %d", ft->path, ft->n, INT_MAX / 2);
		return EXIT_USAGE;
	}
	if (ft->col_g >= 0 && !isnan(ft->fixed[P_TARGET]))
		return usage_error("--target does not go with %s's target "
		    "column: the file gives the target", ft->path);
	shrink(&ft->t, ft->n);
	shrink(&ft->x, ft->n);
	if (ft->col_g >= 0)
		shrink(&ft->g, ft->n);
	for (i = 0; i < ft->n; i++) {
		lo = fmin(lo, ft->x[i]);
		hi = fmax(hi, ft->x[i]);
	}
	if (!(hi > lo)) {
		warn_msg("fit: %s: x is constant (%g): no motion to fit a "
		    "spring to", ft->path, lo);
		return EXIT_USAGE;
	}
	ft->xmid = 0.5 * lo + 0.5 * hi;
	ft->xscale = 0.5 * hi - 0.5 * lo;
	ft->tscale = ft->t[ft->n - 1];
	return EXIT_OK;
}

/*
 * Into the fit's units: t over its span, x (and the target column, and
 * the x0 and target given) less its middle over its half range, v0
 * given over the half range per span.  Halves, not the range itself: x
 * from -1e100 to 1e100 has a range of 2e100, but no half of it
 * overflows.  Exact apart from one rounding a value.
 */
static void
to_units(struct fit *ft)
{
	double ts = ft->tscale, xs = ft->xscale, xm = ft->xmid;
	long i;

	for (i = 0; i < ft->n; i++) {
		ft->t[i] /= ts;
		ft->x[i] = (ft->x[i] - xm) / xs;
		if (ft->col_g >= 0)
			ft->g[i] = (ft->g[i] - xm) / xs;
	}
	ft->fixed[P_X0] = (ft->fixed[P_X0] - xm) / xs;
	ft->fixed[P_TARGET] = (ft->fixed[P_TARGET] - xm) / xs;
	ft->fixed[P_V0] = ft->fixed[P_V0] / xs * ts;
}

/*
 * The parameters and their uncertainties back in the data's units
 * (sigma without the offset): 0, or -1 when one leaves what springsim
 * takes (|value| above 1e100, omega below 1e-100), with the message.
 */
static int
from_units(const struct fit *ft, double *p, double *sigma)
{
	double ts = ft->tscale, xs = ft->xscale, xm = ft->xmid;
	int i;

	p[P_OMEGA] /= ts;
	sigma[P_OMEGA] /= ts;
	p[P_V0] = p[P_V0] * xs / ts;
	sigma[P_V0] = sigma[P_V0] * xs / ts;
	for (i = P_X0; i <= P_TARGET; i += 2) {
		p[i] = p[i] * xs + xm;
		sigma[i] *= xs;
	}
	for (i = 0; i < NPAR; i++)
		if (!isnan(p[i]) && (!(fabs(p[i]) <= MAX_MAGNITUDE) ||
		    (i == P_OMEGA && !(p[i] >= 1.0 / MAX_MAGNITUDE)))) {
			warn_msg("fit: %s: the best spring's %s is %g, outside "
			    "what springsim takes", ft->path, par_names[i],
			    p[i]);
			return -1;
		}
	return 0;
}

/*
 * Into list (64 bytes), the fitted parameters the capture does not
 * determine, by determined(): "" when it determines them all.
 */
static void
undetermined(const struct fit *ft, const double *p, const double *sfloor,
    char *list)
{
	int i;

	list[0] = '\0';

	for (i = 0; i < ft->nfree; i++) {
		int id = ft->free[i];

		if (determined(p, sfloor, id))
			continue;
		if (list[0] != '\0')
			strcat(list, ", ");
		strcat(list, par_names[id]);
	}
}

/* `springsim fit`. */
int
cmd_fit(int argc, char **argv)
{
	struct fit ft;
	struct start starts[FIT_STARTS];
	double best[NPAR], sigma[NPAR], sfloor[NPAR], given[NPAR], best_ss, rms;
	double *work = NULL;
	char loose[64];
	spring_params sp;
	spring_conventions conv;
	out_file *out = NULL;
	int rc, i;

	memset(&ft, 0, sizeof(ft));
	if ((rc = parse_fit(argc, argv, &ft)) != EXIT_OK)
		goto done;
	if ((rc = read_data(&ft)) != EXIT_OK)
		goto done;
	ft.nfree = 0;
	for (i = 0; i < NPAR; i++)
		if (isnan(ft.fixed[i]) && !(i == P_TARGET && ft.col_g >= 0))
			ft.free[ft.nfree++] = i;
	if (ft.n <= ft.nfree + 1) {
		warn_msg("fit: %s has %ld rows: too short for %d parameters",
		    ft.path, ft.n, ft.nfree);
		rc = EXIT_USAGE;
		goto done;
	}
	memcpy(given, ft.fixed, sizeof(given));
	to_units(&ft);
	/* fvec and MINPACK's wa4: two doubles a row */
	if ((work = malloc((size_t)ft.n * 2 * sizeof(double))) == NULL ||
	    (out = malloc(sizeof(*out))) == NULL ||
	    grid_starts(&ft, starts) != 0 ||
	    isnan(best_ss = fit_starts(&ft, starts, work, work + ft.n,
	    best))) {
		warn_msg("out of memory");
		rc = EXIT_IO;
		goto done;
	}
	if (!isfinite(best_ss)) {
		warn_msg("fit: %s: no spring fits (the solver found no finite "
		    "residual)", ft.path);
		rc = EXIT_USAGE;
		goto done;
	}
	best[P_OMEGA] = fabs(best[P_OMEGA]);
	best_ss = zeta_to_bound(&ft, best, best_ss, work, work + ft.n);
	/* in the fit's units x spans 2 */
	rms = sqrt(best_ss / (double)ft.n);
	if (!(rms <= ft.max_rms * 2.0)) {
		warn_msg("fit: %s is not spring-like: the best spring leaves an "
		    "RMS residual of %g, %.3g of the range of x (--max-rms %g)",
		    ft.path, rms * ft.xscale, rms / 2.0, ft.max_rms);
		rc = EXIT_USAGE;
		goto done;
	}
	uncertainties(&ft, best, best_ss, sigma, sfloor);
	undetermined(&ft, best, sfloor, loose);
	if (ft.col_g >= 0)
		best[P_TARGET] = NAN;
	if (from_units(&ft, best, sigma) != 0) {
		rc = EXIT_USAGE;
		goto done;
	}
	/* the values given, as given */
	for (i = 0; i < NPAR; i++)
		if (!isnan(given[i]))
			best[i] = given[i];
	if (loose[0] != '\0')
		warn_msg("warning: fit: %s does not determine %s (a standard "
		    "uncertainty above half its scale: see fit --help)",
		    ft.path, loose);
	rms *= ft.xscale;
	sp.omega = best[P_OMEGA];
	sp.zeta = best[P_ZETA];
	sp.mass = ft.mass;
	sp.fast_exp = 0;
	spring_describe(&sp, ft.dt, 1.0, &conv);
	if (out_open(out, ft.output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	conventions_write(out, &conv, 0, ft.precision);
	key_write(out, "x0", best[P_X0], ft.precision);
	key_write(out, "v0", best[P_V0], ft.precision);
	if (ft.col_g < 0)
		key_write(out, "target", best[P_TARGET], ft.precision);
	key_write(out, "rms_residual", rms, ft.precision);
	key_write(out, "samples", (double)ft.n, ft.precision);
	for (i = 0; i < NPAR; i++) {
		char key[32];

		if (i == P_TARGET && ft.col_g >= 0)
			continue;
		snprintf(key, sizeof(key), "%s_sigma", par_names[i]);
		key_write(out, key, sigma[i], ft.precision);
	}
	rc = out_finish(out, 0);
done:
	free(out);
	free(work);
	free(ft.t);
	free(ft.x);
	free(ft.g);
	return rc;
}
