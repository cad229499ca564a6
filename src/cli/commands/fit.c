/*
 * fit.c - `springsim fit FILE`: the spring that best explains a recorded
 * trajectory (CSV t,x[,target]: an animator's curve, a capture from a
 * game): omega, zeta and the x0, v0, target the file and flags do not
 * give, by nonlinear least squares against the exact solution, with a
 * standard uncertainty for each from the Jacobian.
 *
 * The solver is MINPACK's Levenberg-Marquardt (lmder, given the Jacobian
 * by central differences, jacobian() below), through Debian's libcminpack-dev (cminpack 1.3,
 * Devernay's C translation of More, Garbow and Hillstrom's MINPACK): a
 * small, long-kept, well-tested library with a C interface, scaling and
 * a trust region, for a problem of 2 to 5 parameters and up to millions
 * of residuals; GSL's multifit_nlinear would do as well at ten times the
 * dependency.  Its start comes from a grid over (omega, zeta) on which
 * the model is linear in x0, v0 and the target (variable projection: a
 * 3x3 linear least squares each), so the fit does not depend on a guess.
 *
 * The model is the library's: spring_propagator for a constant target,
 * spring_sigref for a target column (piecewise linear between the rows,
 * held outside, its velocity the slope: as run handles --target-file).
 */
#include <cminpack.h>
#include <getopt.h>
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
		long cap = ft->cap ? 2 * ft->cap : 1024;
		double *a = realloc(ft->t, (size_t)cap * sizeof(double));

		if (a != NULL)
			ft->t = a;
		if (a != NULL && (a = realloc(ft->x, (size_t)cap *
		    sizeof(double))) != NULL)
			ft->x = a;
		if (a != NULL && (a = realloc(ft->g, (size_t)cap *
		    sizeof(double))) != NULL)
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
	ft->g[ft->n++] = col[2] >= 0 ? v[2] : 0.0;
	return 0;
}

/*
 * The model at every stride-th row for the full parameter vector p:
 * out[j] = x(t_i) - data, j = i / stride.  Returns the rows written.
 */
static long
model_residuals(const struct fit *ft, const double *p, double *out)
{
	spring_params sp;
	spring_sigref r;
	spring_state s;
	spring_mat2 phi;
	double e0, g;
	long i, j = 0;

	sp.omega = fabs(p[P_OMEGA]);
	sp.zeta = fabs(p[P_ZETA]);
	sp.mass = 1.0;
	sp.fast_exp = 0;
	if (ft->col_g >= 0) {
		spring_sigref_init(&r, &sp, p[P_X0], p[P_V0], &ft->sig,
		    SPRING_VEL_SIGNAL);
		for (i = 0; i < ft->n; i += ft->stride) {
			spring_sigref_at(&r, ft->t[i], &s);
			out[j++] = s.x - ft->x[i];
		}
		return j;
	}
	g = p[P_TARGET];
	e0 = p[P_X0] - g;
	for (i = 0; i < ft->n; i += ft->stride) {
		spring_propagator(sp.omega, sp.zeta, ft->t[i], &phi);
		out[j++] = g + phi.a * e0 + phi.b * p[P_V0] - ft->x[i];
	}
	return j;
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
 * The step of parameter id's central difference: 1e-6 of its scale (its
 * size, or for one that may be 0 the scale of the data: x's range, and
 * x's range times omega for v0), so that the Jacobian is good to ~1e-12
 * whatever the value (MINPACK's own forward differences step by
 * sqrt(eps) |x|, nothing at all for a parameter near 0).
 */
static double
diff_step(const struct fit *ft, const double *p, int id)
{
	double s = fabs(p[id]);

	switch (id) {
	case P_ZETA:
		s = fmax(s, 0.01);
		break;
	case P_V0:
		s = fmax(s, ft->range * fabs(p[P_OMEGA]));
		break;
	case P_X0:
	case P_TARGET:
		s = fmax(s, ft->range);
		break;
	}
	return 1e-6 * s;
}

/*
 * The Jacobian of the residuals at p, column i for the i-th fitted
 * parameter, by central differences, into jac (ld rows a column); fp
 * and fm are scratch of n rows.
 */
static void
jacobian(const struct fit *ft, const double *p, double *jac, long ld,
    double *fp, double *fm)
{
	double q[NPAR], h;
	long r;
	int i;

	for (i = 0; i < ft->nfree; i++) {
		int id = ft->free[i];

		memcpy(q, p, sizeof(q));
		h = diff_step(ft, p, id);
		q[id] = p[id] + h;
		model_residuals(ft, q, fp);
		q[id] = p[id] - h;
		model_residuals(ft, q, fm);
		for (r = 0; r < ft->n; r++)
			jac[(long)i * ld + r] = (fp[r] - fm[r]) / (2.0 * h);
	}
}

/*
 * MINPACK's function (cminpack_funcder_mn): the residuals at x (iflag
 * 1), or their Jacobian (iflag 2).
 */
static int
lm_residuals(void *ctx, int m, int n, const double *x, double *fvec,
    double *fjac, int ldfjac, int iflag)
{
	struct fit *ft = ctx;
	double p[NPAR];
	int i;

	(void)n;
	expand(ft, x, p);
	if (iflag == 2) {
		jacobian(ft, p, fjac, ldfjac, ft->scratch, ft->scratch + m);
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
 * that fit best, by least squares on the strided rows, into p; the sum
 * of squares.  The model is affine in them: its value at p with each
 * linear parameter 0, plus its value at each unit vector less that.
 */
static double
project_linear(const struct fit *ft, double *p, double *base, double *col)
{
	static const int lin[3] = { P_X0, P_V0, P_TARGET };
	double a[9], b[3], ss = 0.0, keep[NPAR];
	int idx[3], k = 0, i, j;
	long r, m;

	memcpy(keep, p, sizeof(keep));
	for (i = 0; i < 3; i++)
		if (isnan(ft->fixed[lin[i]]) && !(lin[i] == P_TARGET &&
		    ft->col_g >= 0))
			idx[k++] = lin[i];
	for (i = 0; i < k; i++)
		p[idx[i]] = 0.0;
	m = model_residuals(ft, p, base);
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

/* Candidate starts, best first. */
#define FIT_STARTS 3
struct start {
	double ss, p[NPAR];
};

/*
 * The grid: omega log-spaced from 0.5 / span to pi / the shortest
 * spacing (the highest frequency the samples can show), zeta from 0 to
 * 4, the linear parameters solved at each; the best FIT_STARTS kept.
 */
static int
grid_starts(struct fit *ft, struct start *best)
{
	static const double zetas[] = {
		0.0, 0.02, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0, 1.3, 2.0,
		4.0
	};
	double span = ft->t[ft->n - 1], dmin = INFINITY, lo, hi, p[NPAR];
	double *base, *col, ss;
	long i, m;
	int a, z, s, nw = 48;

	for (i = 1; i < ft->n; i++)
		dmin = fmin(dmin, ft->t[i] - ft->t[i - 1]);
	ft->stride = ft->n > FIT_GRID_SAMPLES ? ft->n / FIT_GRID_SAMPLES : 1;
	m = (ft->n + ft->stride - 1) / ft->stride;
	base = malloc((size_t)m * 4 * sizeof(double));
	if (base == NULL)
		return -1;
	col = base + m;
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
			ss = project_linear(ft, p, base, col);
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
	ft->stride = 1;
	return 0;
}

/*
 * Levenberg-Marquardt from p (all rows): p updated; the residual sum of
 * squares, or +inf when MINPACK stopped on bad input.
 */
static double
run_lm(struct fit *ft, double *p, double *fvec, double *work)
{
	double x[NPAR], diag[NPAR], qtf[NPAR], *fjac = work, ss = 0.0;
	double *wa = work + (size_t)ft->n * NPAR;
	int ipvt[NPAR], nfev, njev, info, i, m = (int)ft->n;
	long r;

	for (i = 0; i < ft->nfree; i++)
		x[i] = p[ft->free[i]];
	info = lmder(lm_residuals, ft, m, ft->nfree, x, fvec, fjac, m, 1e-14,
	    1e-14, 0.0, 100 * (ft->nfree + 1), diag, 1, 100.0, 0, &nfev,
	    &njev, ipvt, qtf, wa, wa + NPAR, wa + 2 * NPAR, wa + 3 * NPAR);
	if (info == 0)
		return INFINITY;
	expand(ft, x, p);
	model_residuals(ft, p, fvec);
	for (r = 0; r < ft->n; r++)
		ss += fvec[r] * fvec[r];
	return isfinite(ss) ? ss : INFINITY;
}

/*
 * The standard uncertainties: s^2 (J^T J)^-1, J by central differences
 * at p, s^2 = ss / (n - nfree).  sigma[] of the fitted parameters (inf
 * when J^T J is singular), 0 for the others.
 */
static void
uncertainties(struct fit *ft, const double *p, double ss, double *fp,
    double *fm, double *jac, double *sigma)
{
	double a[NPAR * NPAR], inv[NPAR * NPAR], e[NPAR], s2;
	int i, j, k = ft->nfree;
	long r, n = ft->n;

	for (i = 0; i < NPAR; i++)
		sigma[i] = 0.0;
	jacobian(ft, p, jac, n, fp, fm);
	for (i = 0; i < k; i++)
		for (j = 0; j < k; j++) {
			double sum = 0.0;

			for (r = 0; r < n; r++)
				sum += jac[(long)i * n + r] *
				    jac[(long)j * n + r];
			a[i * k + j] = sum;
		}
	s2 = ss / (double)(n - k);
	/* the inverse, column by column */
	for (j = 0; j < k; j++) {
		double m[NPAR * NPAR];

		memcpy(m, a, sizeof(double) * (size_t)(k * k));
		for (i = 0; i < k; i++)
			e[i] = i == j ? 1.0 : 0.0;
		if (solve_small(m, e, k) != 0) {
			for (i = 0; i < k; i++)
				sigma[ft->free[i]] = INFINITY;
			return;
		}
		for (i = 0; i < k; i++)
			inv[i * k + j] = e[i];
	}
	for (i = 0; i < k; i++)
		sigma[ft->free[i]] = inv[i * k + i] > 0.0 ?
		    sqrt(s2 * inv[i * k + i]) : INFINITY;
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
	/* - is stdin, read as the other readers read a pipe */
	ft->path = strcmp(argv[optind], "-") == 0 ? "/dev/stdin" :
	    argv[optind];
	return EXIT_OK;
}

/* Read FILE and check it: EXIT_OK or the exit status. */
static int
read_data(struct fit *ft)
{
	double lo = INFINITY, hi = -INFINITY;
	long i;
	int rc;

	if ((rc = csv_read_file("fit", ft->path, fit_record, ft)) != 0)
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
	if (ft->col_g >= 0 && !isnan(ft->fixed[P_TARGET]))
		return usage_error("--target does not go with %s's target "
		    "column: the file gives the target", ft->path);
	for (i = 0; i < ft->n; i++) {
		lo = fmin(lo, ft->x[i]);
		hi = fmax(hi, ft->x[i]);
	}
	ft->range = hi - lo;
	if (!(hi > lo)) {
		warn_msg("fit: %s: x is constant (%g): no motion to fit a "
		    "spring to", ft->path, lo);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* `springsim fit`. */
int
cmd_fit(int argc, char **argv)
{
	struct fit ft;
	struct start starts[FIT_STARTS];
	double p[NPAR], best[NPAR], sigma[NPAR], ss, best_ss = INFINITY;
	double *work = NULL, range, rms, lo = INFINITY, hi = -INFINITY;
	spring_params sp;
	spring_conventions conv;
	out_file *out = NULL;
	int rc, s, i;
	long r;

	memset(&ft, 0, sizeof(ft));
	ft.stride = 1;
	if ((rc = parse_fit(argc, argv, &ft)) != EXIT_OK)
		goto done;
	if ((rc = read_data(&ft)) != EXIT_OK)
		goto done;
	if (ft.col_g >= 0) {
		ft.sig.kind = SPRING_SIGNAL_FILE;
		ft.sig.t = ft.t;
		ft.sig.g = ft.g;
		ft.sig.n = ft.n;
	}
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
	/* fvec, fm, the Jacobian (NPAR columns), MINPACK's work, scratch */
	if ((work = malloc(((size_t)ft.n * (4 + 2 * NPAR) + 4 * NPAR) *
	    sizeof(double))) == NULL || (out = malloc(sizeof(*out))) ==
	    NULL) {
		warn_msg("out of memory");
		rc = EXIT_IO;
		goto done;
	}
	ft.scratch = work + (size_t)ft.n * (2 + 2 * NPAR) + 4 * NPAR;
	if (grid_starts(&ft, starts) != 0) {
		warn_msg("out of memory");
		rc = EXIT_IO;
		goto done;
	}
	for (s = 0; s < FIT_STARTS; s++) {
		if (!isfinite(starts[s].ss))
			continue;
		memcpy(p, starts[s].p, sizeof(p));
		ss = run_lm(&ft, p, work, work + 2 * ft.n);
		if (ss < best_ss) {
			best_ss = ss;
			memcpy(best, p, sizeof(p));
		}
	}
	if (!isfinite(best_ss)) {
		warn_msg("fit: %s: no spring fits (the solver found no finite "
		    "residual)", ft.path);
		rc = EXIT_USAGE;
		goto done;
	}
	best[P_OMEGA] = fabs(best[P_OMEGA]);
	best[P_ZETA] = fabs(best[P_ZETA]);
	for (r = 0; r < ft.n; r++) {
		lo = fmin(lo, ft.x[r]);
		hi = fmax(hi, ft.x[r]);
	}
	range = hi - lo;
	rms = sqrt(best_ss / (double)ft.n);
	if (!(rms <= ft.max_rms * range)) {
		warn_msg("fit: %s is not spring-like: the best spring leaves an "
		    "RMS residual of %g, %.3g of the range of x (--max-rms %g)",
		    ft.path, rms, rms / range, ft.max_rms);
		rc = EXIT_USAGE;
		goto done;
	}
	uncertainties(&ft, best, best_ss, work, work + ft.n, work + 2 * ft.n,
	    sigma);
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
