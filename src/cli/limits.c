/*
 * limits.c - `springsim analyze --model chain|mesh`: Nissen's limits
 * measured.  For each rule, the largest Ck at which a rope or a mesh of
 * springs is stable, from the modes of the springs' matrix (src/systems/system.c,
 * src/analyze.c), and for the sequential-impulse form from the whole
 * amplification matrix.  cmd_analyze hands the command line over when
 * --model names a system.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spring.h"
#include "numfmt.h"
#include "optparse.h"
#include "run.h"

/*
 * analyze's rope at most: its modes cost N^2 (3 s at 10000; 100000 took
 * four minutes).
 */
#define MAX_ANALYZE_PARTICLES 10000
/*
 * analyze's impulse rows: the 2N x 2N eigenvalues cost 2 s at 100
 * bodies; and along a sweep's longest path (rows + columns - 1 bodies)
 * the matrix is so far from normal that past about 40 the eigenvalues
 * are wrong in double (against 80-bit: 1e-10 at 40, 5e-8 at 50, 0.3 %
 * at 70 bodies on the rope).
 */
#define IMPULSE_MAX_BODIES 100
#define IMPULSE_MAX_PATH 32

/* A line of text and its newline. */
static void
put_line(struct sink *k, const char *s)
{
	out_write(&k->out, s, strlen(s));
	out_write(&k->out, "\n", 1);
}

/* `springsim analyze --model chain|mesh --help`. */
static void
limits_usage(FILE *fp)
{
	fprintf(fp,
"usage: springsim analyze --model chain [--particles N] [options]\n"
"       springsim analyze --model mesh [--grid RxC] [options]\n"
"\n"
"Nissen's limits measured: for each rule, the largest Ck at which the rope\n"
"(--particles N, default 10, at most %d) or the square mesh (--grid\n"
"RxC, default 10x10, row 1 hung from the anchor, 4-neighbour springs) is\n"
"stable, with Cd = Ck and with Cd = 0, beside Nissen's safe limit\n"
"c_max = 1 / (n + 1), n the most springs on one body (2: 0.33 for the\n"
"rope, 4: 0.2 for the mesh).  Each spring is Nissen's k = Ck m_red / dt^2,\n"
"d = Cd m_red / dt, m_red its own reduced mass (m / 2 between bodies, m to\n"
"the anchor).\n"
"\n"
"The system is stable iff every mode is: each eigenvector of the springs'\n"
"matrix is a damped spring of omega dt = sqrt(Ck mu), 2 zeta omega dt =\n"
"Cd mu, and its 2x2 amplification matrix is analyze's (the rules are\n"
"linear, so applied to the system they act on each mode alone).  The limit\n"
"is a bisection on Ck to 1e-12; empty when the rule is stable at every Ck\n"
"up to 1e6 (inf), 0 when unstable at every Ck (explicit, undamped).\n"
"\n"
"impulse (sequential impulses, Gauss-Seidel: the anchor spring first, then\n"
"each body's spring right, then down, each spring's velocity change seen by\n"
"the next) has no modes: its stability is the spectral radius of the whole\n"
"2N x 2N amplification matrix (Householder to Hessenberg, then shifted QR),\n"
"radius <= 1 + 1e-10, bisected to 1e-10.  It costs N^3 a step, and the\n"
"matrix is far from normal (one sweep carries a change down the rope, each\n"
"spring passing on a fraction): past about 40 bodies along the sweep its\n"
"eigenvalues are wrong in double precision.  So impulse is analyzed up to\n"
"%d bodies with rows + columns - 1 <= %d (a rope of %d; above, the rows\n"
"of every rule but impulse, and a warning).\n"
"\n"
"CSV: model,bodies,n,integrator,cd_over_ck,ck_limit,mu_max,nissen_cmax,verdict\n"
"verdict: unsafe (the limit is below c_max), marginal (with Cd > 0 the\n"
"spectral radius is 1 to rounding at half the limit: the rule gives none\n"
"of the damping asked for, as explicit Euler at Cd = Ck), exact (within\n"
"1 %%), conservative (above).\n"
"\n"
"  --integrator NAME   one rule, or all (default: every rule of the spring,\n"
"                      then impulse)\n"
"  -o FILE, --precision N, --no-header, -h, -V as run's\n",
	    MAX_ANALYZE_PARTICLES,
	    IMPULSE_MAX_BODIES, IMPULSE_MAX_PATH, IMPULSE_MAX_PATH);
}

/* --grid RxC, each 1..100. */
static int
parse_grid(const char *arg, long *rows, long *cols)
{
	char buf[32], *x;

	if (strlen(arg) >= sizeof(buf) || (x = strchr(strcpy(buf, arg),
	    'x')) == NULL)
		goto bad;
	*x = '\0';
	if (scan_long(buf, rows) != 0 || scan_long(x + 1, cols) != 0 ||
	    *rows < 1 || *rows > 100 || *cols < 1 || *cols > 100)
		goto bad;
	return 0;
bad:
	warn_msg("--grid: '%s' is not RxC with R and C from 1 to 100", arg);
	return -1;
}

/* What one row says: a rule's limit at one damping ratio Cd / Ck. */
struct limit_row {
	const char *rule;
	double ratio, lim;
	int marginal;		/* radius 1 to rounding at lim / 2, Cd > 0 */
};

/* The analyze row: the limit beside Nissen's c_max, and the verdict. */
static void
limits_row(struct sink *k, const char *model, long bodies, int n,
    const struct limit_row *row, double mu_max)
{
	char buf[8 * (NUMFMT_MAX + 1) + 128], *p = buf;
	double lim = row->lim, cmax = 1.0 / (n + 1.0);
	const char *verdict = lim < 0.99 * cmax ? "unsafe" : row->marginal ?
	    "marginal" : fabs(lim - cmax) <= 0.01 * cmax ? "exact" :
	    "conservative";

	p += sprintf(p, "%s,%ld,%d,%s,", model, bodies, n, row->rule);
	p += put_number(k, p, row->ratio);
	*p++ = ',';
	p += put_number(k, p, isinf(lim) ? NAN : lim);
	*p++ = ',';
	p += put_number(k, p, mu_max);
	*p++ = ',';
	p += put_number(k, p, cmax);
	p += sprintf(p, ",%s\n", verdict);
	out_write(&k->out, buf, (size_t)(p - buf));
}

/* A rule of the spring on the modes: its limit, and whether marginal. */
static void
modes_limit(const spring_rule *rule, const double *mu, long bodies,
    double ratio, struct limit_row *row)
{
	double lim = spring_modes_ck_limit(rule, mu, bodies, ratio);

	row->rule = rule->name;
	row->ratio = ratio;
	row->lim = lim;
	row->marginal = ratio > 0.0 && lim > 0.0 && isfinite(lim) &&
	    spring_modes_radius(rule, mu, bodies, 0.5 * lim, 0.5 * ratio *
	    lim) >= 1.0 - SPRING_ANALYZE_TOL;
}

/* The impulse rule on the whole matrix: 0, or -1 if QR did not converge. */
static int
impulse_limit(long rows, long cols, double ratio, double *work,
    struct limit_row *row)
{
	double lim = spring_nissen_impulse_limit(rows, cols, ratio, work), r;

	row->rule = "impulse";
	row->ratio = ratio;
	row->lim = lim;
	row->marginal = 0;
	if (isnan(lim))
		return -1;
	if (ratio > 0.0 && lim > 0.0 && isfinite(lim)) {
		r = spring_nissen_impulse_radius(rows, cols, 0.5 * lim, 0.5 *
		    ratio * lim, work);
		if (isnan(r))
			return -1;
		row->marginal = r >= 1.0 - SPRING_SYSTEM_TOL;
	}
	return 0;
}

/* analyze --model chain|mesh's flags, as its rows store them. */
struct limits_opts {
	const char *model;		/* cmd_analyze's: chain or mesh */
	const char *rule_name;		/* --integrator; NULL: all */
	const char *particles, *grid;	/* as given, or NULL */
	const char *output;
	long rows, cols, precision;
	int header;
};

#define LFIELD(T, f) FIELD_OF(struct limits_opts, T, f)

/* --particles N: the rope's bodies. */
static int
limits_particles(void *own, const char *arg)
{
	struct limits_opts *lo = own;

	lo->particles = arg;
	return parse_long("--particles", arg, 1, MAX_ANALYZE_PARTICLES,
	    &lo->rows) != 0 ? -1 : 0;
}

/* --grid RxC: the mesh's rows and columns. */
static int
limits_grid(void *own, const char *arg)
{
	struct limits_opts *lo = own;

	lo->grid = arg;
	return parse_grid(arg, &lo->rows, &lo->cols);
}

/* --integrator NAME: a rule, impulse, or all (NULL). */
static int
limits_rule(void *own, const char *arg)
{
	struct limits_opts *lo = own;
	char hint[96];

	lo->rule_name = strcmp(arg, "all") == 0 ? NULL : arg;
	if (lo->rule_name != NULL && strcmp(arg, "impulse") != 0 &&
	    spring_rule_find(arg) == NULL) {
		usage_error("--integrator: unknown rule '%s'; %s", arg,
		    suggest_name(arg, SUGGEST_RULES, hint, sizeof(hint),
		    "'springsim list' shows them, and impulse"));
		return -1;
	}
	return 0;
}

/* analyze --model chain|mesh's flags; its --help is limits_usage. */
static const struct flag_row limits_rows[] = {
	{ .flag = "--model", .kind = FK_NAME, .at = LFIELD(const char *,
	    model) },
	{ .flag = "--particles", .kind = FK_HOOK, .parse = limits_particles },
	{ .flag = "--grid", .kind = FK_HOOK, .parse = limits_grid },
	{ .flag = "--integrator", .kind = FK_HOOK, .parse = limits_rule },
	{ .flag = "--precision", .kind = FK_COUNT, .min = 1, .max = 17,
	    .at = LFIELD(long, precision) },
	{ .flag = "--no-header", .kind = FK_OFF, .at = LFIELD(int, header) },
	{ .flag = "--output", .letter = 'o', .kind = FK_COMMON_VALUE },
	{ .flag = "--help", .letter = 'h', .kind = FK_COMMON },
	{ .flag = "--version", .letter = 'V', .kind = FK_COMMON },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command analyze_system_options = { .name = "analyze",
    .rows = limits_rows, .usage = limits_usage };

/*
 * `springsim analyze --model chain|mesh`: cmd_analyze hands the command
 * line over when --model names one.  Returns -1 (not ours) or the exit
 * status.
 */
int
analyze_system(int argc, char **argv)
{
	struct limits_opts lo = { .rows = 10, .cols = 10, .header = 1 };
	const char *model = run_model_arg(argc, argv, NULL);
	const spring_rule *const *r;
	struct limit_row row[2 * 16];
	struct sink *k;
	double *mu, *tmp, *work = NULL;
	long rows, cols;
	int rc, mesh, i, n, nrows = 0, impulse;

	if (model == NULL || (strcmp(model, "chain") != 0 &&
	    strcmp(model, "mesh") != 0))
		return -1;
	mesh = strcmp(model, "mesh") == 0;
	if ((rc = opt_parse(&analyze_system_options, argc, argv, &lo, NULL,
	    NULL, &lo.output)) != EXIT_OK)
		return rc;
	rows = lo.rows;
	cols = lo.cols;
	if (mesh && lo.particles != NULL)
		return usage_error("--particles goes with --model chain; the "
		    "mesh takes --grid RxC");
	if (!mesh && lo.grid != NULL)
		return usage_error("--grid goes with --model mesh; the chain "
		    "takes --particles N");
	if (!mesh) {
		if (lo.particles == NULL)
			rows = 10;
		cols = 1;
	}
	impulse = lo.rule_name == NULL || strcmp(lo.rule_name,
	    "impulse") == 0;
	if (impulse && (rows * cols > IMPULSE_MAX_BODIES ||
	    rows + cols - 1 > IMPULSE_MAX_PATH)) {
		if (lo.rule_name != NULL)
			return usage_error("--integrator impulse: analyze takes "
			    "at most %d bodies, rows + columns - 1 at most %d "
			    "(%s %s)", IMPULSE_MAX_BODIES,
			    IMPULSE_MAX_PATH, mesh ? "--grid" : "--particles",
			    mesh ? lo.grid : lo.particles);
		warn_msg("warning: impulse skipped: analyze takes it up to %d "
		    "bodies, rows + columns - 1 up to %d (see --help)",
		    IMPULSE_MAX_BODIES, IMPULSE_MAX_PATH);
		impulse = 0;
	}
	mu = malloc(sizeof(double) * (size_t)(rows * cols));
	tmp = malloc(sizeof(double) * (size_t)(2 * (rows + cols)));
	if (impulse)
		work = malloc(sizeof(double) *
		    (size_t)SPRING_IMPULSE_WORK(rows * cols));
	if ((k = malloc(sizeof(*k))) == NULL || mu == NULL || tmp == NULL ||
	    (impulse && work == NULL)) {
		warn_msg("out of memory");
		rc = EXIT_IO;
		goto done;
	}
	if (spring_nissen_modes(rows, cols, mu, tmp) != 0) {
		warn_msg("--model %s: the modes did not converge", model);
		rc = EXIT_IO;
		goto done;
	}
	/* every row first: an error leaves no output */
	for (r = spring_rules; *r != NULL; r++)
		if (lo.rule_name == NULL || strcmp(lo.rule_name,
		    (*r)->name) == 0)
			for (i = 0; i < 2; i++)
				modes_limit(*r, mu, rows * cols, i == 0 ? 1.0 :
				    0.0, &row[nrows++]);
	for (i = 0; impulse && i < 2; i++)
		if (impulse_limit(rows, cols, i == 0 ? 1.0 : 0.0, work,
		    &row[nrows++]) != 0) {
			warn_msg("--model %s: impulse: QR did not converge",
			    model);
			rc = EXIT_IO;
			goto done;
		}
	k->precision = (int)lo.precision;
	if (out_open(&k->out, lo.output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	if (lo.header)
		put_line(k, "model,bodies,n,integrator,cd_over_ck,ck_limit,mu_max,"
		    "nissen_cmax,verdict");
	/* Nissen's n: the most springs on one body (the anchor's counts) */
	n = (rows > 1 ? 2 : 1) + (cols > 2 ? 2 : cols - 1);
	for (i = 0; i < nrows; i++)
		limits_row(k, model, rows * cols, n, &row[i],
		    mu[rows * cols - 1]);
	rc = out_finish(&k->out, 0);
done:
	free(mu);
	free(tmp);
	free(work);
	free(k);
	return rc;
}
