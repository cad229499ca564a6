/*
 * cmd_analyze.c - `springsim analyze`: what each update rule does to the
 * spring at a step size, from the rule's amplification matrix (analyze.h),
 * one CSV row per rule, step and damping ratio.  No simulation.
 */
#include <float.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "grid.h"
#include "numfmt.h"
#include "optparse.h"
#include "paramflags.h"
#include "spring.h"

/* More rows than this is a typo, not a stability map. */
#define MAX_ROWS 1000000000L
#define MAX_RULES 32

/* Everything analyze's flags say. */
struct analyze_opts {
	const spring_rule *rules[MAX_RULES];
	int nrules;
	struct param_set ps;
	const char *integrators;	/* --integrator LIST, as given */
	const char *dt_arg, *hw_arg, *zeta_arg;
	struct grid dt, hw, zeta;
	const char *output;
	int header;
	long precision;		/* 0: round-trip */
};

static const char analyze_header[] =
    "integrator,omega,zeta,dt,hw,spectral_radius,stable,kind,omega_eff,"
    "zeta_eff,freq_error,damping_error,max_stable_dt,order\n";

/* positive and at most 1e100, like run's numbers; zeta >= 0 */
static const struct grid_bounds positive = { 0.0, MAX_MAGNITUDE, 1 };
static const struct grid_bounds ratio = { 0.0, MAX_MAGNITUDE, 0 };

/* --dt LIST: the step sizes. */
static int
parse_dt(void *own, const char *arg)
{
	struct analyze_opts *o = own;

	o->dt_arg = arg;
	return grid_parse("--dt", arg, &positive, &o->dt);
}

/* --hw LIST: omega dt instead. */
static int
parse_hw(void *own, const char *arg)
{
	struct analyze_opts *o = own;

	o->hw_arg = arg;
	return grid_parse("--hw", arg, &positive, &o->hw);
}

/* --zeta LIST: the damping ratios. */
static int
parse_zeta(void *own, const char *arg)
{
	struct analyze_opts *o = own;

	o->zeta_arg = arg;
	return grid_parse("--zeta", arg, &ratio, &o->zeta);
}

/* The rules under --integrator: name, order and source. */
static void
list_rule_orders(FILE *fp)
{
	const spring_rule *const *r;

	for (r = spring_rules; *r != NULL; r++) {
		char order[24];

		if ((*r)->order > 0)
			snprintf(order, sizeof(order), "order %d", (*r)->order);
		else
			snprintf(order, sizeof(order), "exact");
		fprintf(fp, "      %-16s %-8s [%s]\n", (*r)->name, order,
		    (*r)->source);
	}
}

#define AFIELD(T, f) FIELD_OF(struct analyze_opts, T, f)

/* analyze's flags and --help, a row each; the parameter flags are added. */
static const struct flag_row analyze_rows[] = {
	{ .help =
"usage: springsim analyze [--integrator LIST|all] [parameter group]\n"
"           [--dt LIST | --hw LIST] [--zeta LIST] [-o FILE] [--no-header]\n"
"           [--precision N]\n"
"\n"
"For each update rule, what one step does to the spring, computed from the\n"
"rule's amplification matrix M (the offset from a target at rest after one\n"
"step from (1, 0) and from (0, 1)), without simulating: one CSV row per\n"
"rule, step and damping ratio.\n"
"\n" },
	{ .flag = "--integrator", .kind = FK_NAME,
	  .at = AFIELD(const char *, integrators), .help =
"  --integrator LIST   rule names, comma-separated, or all (default):\n",
	  .list = list_rule_orders },
	{ .flag = "--dt", .kind = FK_HOOK, .parse = parse_dt, .help =
"  --dt LIST           step sizes, s, > 0 (default 1/60)\n" },
	{ .flag = "--hw", .kind = FK_HOOK, .parse = parse_hw, .help =
"  --hw LIST           omega dt instead of --dt, > 0: dt = hw / omega\n" },
	{ .flag = "--zeta", .kind = FK_HOOK, .parse = parse_zeta, .help =
"  --zeta LIST         damping ratios, >= 0, replacing the parameter\n"
"                      group's (its omega stays): --hw with --zeta is a\n"
"                      stability map in the rule's own terms\n"
"                      (--hw is refused with --ck/--cd, whose omega dt\n"
"                      is sqrt(Ck))\n" },
	{ .help =
"  LIST                a comma list 0.1,0.2; A:B:N, N points from A to B\n"
"                      (both ends); A:B:Nlog, N points equally spaced in\n"
"                      log (ends > 0); N from 1 to 10000000\n"
"\n", .list = param_usage },
	{ .help =
"\n"
"Output:\n" },
	OPT_ROW_OUTPUT,
	{ .flag = "--precision", .kind = FK_COUNT, .min = 1, .max = 17,
	  .at = AFIELD(long, precision), .help =
"  --precision N       N significant digits (1-17); default: digits that\n"
"                      read back to the same double\n" },
	{ .flag = "--no-header", .kind = FK_OFF, .at = AFIELD(int, header),
	  .help =
"  --no-header         leave out the header line\n" },
	OPT_ROWS_HELP_VERSION,
	{ .help =
"\n"
"Columns (rows: each rule, then each zeta, then each dt or hw):\n"
"  integrator, omega, zeta, dt, hw   the rule and the spring; hw = omega dt\n"
"  spectral_radius     max |mu| over M's eigenvalues mu: the factor per\n"
"                      step of the slowest-dying mode\n"
"  stable              1 if spectral_radius <= 1 + 1e-12 and no repeated\n"
"                      eigenvalue on the unit circle is defective (two\n"
"                      eigenvalues within 1e-6 count as repeated; it is\n"
"                      defective unless M is within 1e-6 of mu I, in x,\n"
"                      v / omega); else 0\n"
"  kind                oscillating (a complex pair), overdamped (two\n"
"                      positive reals, critical included), deadbeat (an\n"
"                      eigenvalue 0: that mode is gone after one step),\n"
"                      negative-real (a real eigenvalue < 0: it flips sign\n"
"                      every step, no continuous spring does that), saddle\n"
"                      (positive reals either side of 1), overflow\n"
"  omega_eff, zeta_eff the spring whose exact motion, sampled every dt,\n"
"                      has M's eigenvalues: lambda = log(mu) / dt (the\n"
"                      principal log), omega_eff^2 = lambda1 lambda2,\n"
"                      2 zeta_eff omega_eff = -(lambda1 + lambda2);\n"
"                      zeta_eff < 0: it grows.  Empty when there is no\n"
"                      such spring (deadbeat, negative-real, saddle)\n"
"  freq_error          omega_eff / omega - 1 (empty with omega_eff)\n"
"  damping_error       zeta_eff - zeta (empty with zeta_eff)\n"
"  max_stable_dt       the largest dt at which the rule is stable for this\n"
"                      omega and zeta, inf if every dt is: closed forms\n"
"                      (omega dt <= 2 zeta explicit, 2 / (zeta +\n"
"                      sqrt(zeta^2 + 1)) semi-implicit, 2 (zeta +\n"
"                      sqrt(zeta^2 + 1)) implicit, 2 verlet), bisection\n"
"                      for rk4 (to one ulp of the stable column's boundary)\n"
"  order               the rule's order of accuracy, or exact\n"
"\n"
"Example, a stability map over (omega dt, zeta):\n"
"  springsim analyze --hw 0.01:10:200log --zeta 0:2:41\n"
"\n"
EXIT_STATUS_TEXT
"See springsim(1), STABILITY, for the derivations.\n" },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command analyze_options = { .name = "analyze",
    .rows = analyze_rows };

/* Read the --integrator list into o->rules; 0, or -1 after a message. */
static int
parse_rules(const char *arg, struct analyze_opts *o)
{
	const spring_rule *const *r;
	char name[64], hint[96];
	const char *p = arg, *end;
	size_t n;
	int i;

	o->nrules = 0;
	if (strcmp(arg, "all") == 0) {
		for (r = spring_rules; *r != NULL && o->nrules < MAX_RULES; r++)
			o->rules[o->nrules++] = *r;
		return 0;
	}
	for (;;) {
		const spring_rule *rule;

		end = strchr(p, ',');
		n = end != NULL ? (size_t)(end - p) : strlen(p);
		if (n >= sizeof(name))
			n = sizeof(name) - 1;
		memcpy(name, p, n);
		name[n] = '\0';
		if ((rule = spring_rule_find(name)) == NULL) {
			usage_error("--integrator: unknown rule '%s' in '%s'; "
			    "%s", name, arg, suggest_name(name, SUGGEST_RULES,
			    hint, sizeof(hint), LIST_SHOWS));
			return -1;
		}
		for (i = 0; i < o->nrules; i++)
			if (o->rules[i] == rule) {
				usage_error("--integrator: '%s' names %s twice",
				    arg, name);
				return -1;
			}
		if (o->nrules == MAX_RULES)
			return -1;	/* unreachable: no duplicates */
		o->rules[o->nrules++] = rule;
		if (end == NULL)
			return 0;
		p = end + 1;
	}
}

/* Read analyze's flags into o; EXIT_OK, CMD_DONE, or the status to exit with. */
static int
parse_analyze(int argc, char **argv, struct analyze_opts *o)
{
	int rc;

	memset(o, 0, sizeof(*o));
	param_set_init(&o->ps);
	o->header = 1;
	o->integrators = "all";
	if ((rc = opt_parse(&analyze_options, argc, argv, o, &o->ps, NULL,
	    &o->output)) != EXIT_OK)
		return rc;
	if (parse_rules(o->integrators, o) != 0)
		return EXIT_USAGE;
	return EXIT_OK;
}

/*
 * The spring of one row.  Nissen's Ck/Cd name a spring per step size
 * (omega = sqrt(Ck) / dt, zeta = Cd / (2 sqrt(Ck))); every other group
 * names one spring.  --zeta replaces zeta.
 */
struct springs {
	spring_params base;	/* the group's spring (Ck/Cd: at the smallest dt) */
	int nissen;
	double ck, cd;
};

/* The spring at step dt with damping ratio zeta (< 0: the group's). */
static void
spring_at(const struct springs *sp, double dt, double zeta, spring_params *p)
{
	*p = sp->base;
	if (sp->nissen)
		spring_from_nissen(sp->ck, sp->cd, sp->base.mass, dt, p);
	if (zeta >= 0.0)
		p->zeta = zeta;
}

/*
 * Check the combination of flags and resolve the spring: every row's
 * omega and dt must be a positive normal double (the grids' ends decide,
 * omega and dt being monotone in them).  EXIT_OK or EXIT_USAGE.
 */
static int
resolve(struct analyze_opts *o, struct springs *sp)
{
	static const char dflt[] = "0.016666666666666666";
	double w;

	if (o->dt_arg != NULL && o->hw_arg != NULL)
		return usage_error("--dt and --hw both set the step: give one");
	sp->nissen = param_uses_step(&o->ps);
	if (sp->nissen && o->hw_arg != NULL)
		return usage_error("--hw: with --ck/--cd, omega dt is "
		    "sqrt(Ck); give --dt");
	if (o->dt_arg == NULL && o->hw_arg == NULL &&
	    grid_parse("--dt", dflt, NULL, &o->dt) != 0)
		abort();	/* our own default: a bug, not input */
	if (param_resolve(&o->ps, o->hw_arg != NULL ? 1.0 : o->dt.min,
	    &sp->base) != 0)
		return EXIT_USAGE;
	if (sp->nissen) {
		sp->ck = o->ps.value[P_CK];
		sp->cd = o->ps.value[P_CD];
		/* omega = sqrt(Ck) / dt, largest at the smallest dt */
		w = sqrt(sp->ck) / o->dt.max;
		if (!(w >= 1e-100 && sqrt(sp->ck) / o->dt.min <= 1e100))
			return usage_error("--dt: '%s' with --ck %g gives omega "
			    "= sqrt(Ck) / dt outside 1e-100..1e100 rad/s",
			    o->dt.text, sp->ck);
	}
	if (!sp->nissen && o->hw_arg == NULL &&
	    !(sp->base.omega * o->dt.max <= MAX_MAGNITUDE))
		return usage_error("--dt: '%s' at omega = %g rad/s reaches "
		    "omega dt = %g, beyond %g", o->dt.text, sp->base.omega,
		    sp->base.omega * o->dt.max, MAX_MAGNITUDE);
	if (o->hw_arg != NULL && !(o->hw.min / sp->base.omega >= DBL_MIN))
		return usage_error("--hw: '%s' at omega = %g rad/s gives dt = "
		    "hw / omega below %g s", o->hw.text, sp->base.omega,
		    DBL_MIN);
	return EXIT_OK;
}

/* Where the rows go, and how numbers are written. */
struct sink {
	out_file out;
	int precision;
};

/* A number in the chosen format, then sep; returns the new end. */
static char *
put_num(const struct sink *k, char *p, double v, char sep)
{
	if (k->precision > 0)
		p += numfmt_precision(p, v, k->precision);
	else
		p += numfmt_roundtrip(p, v);
	*p++ = sep;
	return p;
}

/* A string field, then sep. */
static char *
put_str(char *p, const char *s, char sep)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	p += n;
	*p++ = sep;
	return p;
}

/* One row: the identity, the analysis, the limit and the order. */
static int
write_row(struct sink *k, const spring_rule *rule, const spring_params *p,
    double dt, double hw, const spring_analysis *a, double max_dt)
{
	char *buf = out_reserve(&k->out, 16 * (NUMFMT_MAX + 1) + 64), *q;

	if (buf == NULL)
		return -1;
	q = put_str(buf, rule->name, ',');
	q = put_num(k, q, p->omega, ',');
	q = put_num(k, q, p->zeta, ',');
	q = put_num(k, q, dt, ',');
	q = put_num(k, q, hw, ',');
	q = put_num(k, q, a->radius, ',');
	q = put_str(q, a->stable ? "1" : "0", ',');
	q = put_str(q, spring_kind_name(a->kind), ',');
	if (a->has_eff) {
		q = put_num(k, q, a->omega_eff, ',');
		q = put_num(k, q, a->zeta_eff, ',');
		q = put_num(k, q, a->freq_error, ',');
		q = put_num(k, q, a->damping_error, ',');
	} else
		q = put_str(q, ",,,", ',');
	q = put_num(k, q, max_dt, ',');
	if (rule->order > 0) {
		*q++ = (char)('0' + rule->order % 10);
		*q++ = '\n';
	} else
		q = put_str(q, "exact", '\n');
	out_commit(&k->out, (size_t)(q - buf));
	return 0;
}

/*
 * Every row: each rule, each zeta (or the group's), each dt or hw.  The
 * limit on omega dt depends on the rule and zeta only: once per pair.
 */
static int
write_rows(struct sink *k, const struct analyze_opts *o,
    const struct springs *sp)
{
	const struct grid *steps = o->hw_arg != NULL ? &o->hw : &o->dt;
	struct grid_iter zi, si;
	spring_params p;
	spring_analysis a;
	double zeta, step, dt, hw, hw_max;
	long nz = o->zeta_arg != NULL ? grid_count(&o->zeta) : 1, iz;
	int r;

	for (r = 0; r < o->nrules; r++) {
		const spring_rule *rule = o->rules[r];

		grid_begin(&o->zeta, &zi);
		for (iz = 0; iz < nz; iz++) {
			/* < 0: the group's own zeta */
			zeta = -1.0;
			if (o->zeta_arg != NULL)
				grid_next(&zi, &zeta);
			spring_at(sp, steps->min, zeta, &p);
			hw_max = spring_max_stable_hw(rule, p.zeta);
			grid_begin(steps, &si);
			while (grid_next(&si, &step)) {
				if (o->hw_arg != NULL) {
					hw = step;
					spring_at(sp, 1.0, zeta, &p);
					dt = hw / p.omega;
				} else {
					dt = step;
					spring_at(sp, dt, zeta, &p);
					hw = p.omega * dt;
				}
				spring_analyze(rule, &p, dt, &a);
				if (write_row(k, rule, &p, dt, hw, &a,
				    hw_max / p.omega) != 0)
					return -1;
			}
		}
	}
	return 0;
}

/* `springsim analyze`. */
int
cmd_analyze(int argc, char **argv)
{
	struct analyze_opts o;
	struct springs sp;
	struct sink *k;
	double rows;
	int rc;

	/* Nissen's rope and mesh: their modes' limits (cli/limits.c) */
	if ((rc = analyze_system(argc, argv)) >= 0)
		return rc;
	if ((rc = parse_analyze(argc, argv, &o)) != EXIT_OK)
		return rc;
	if ((rc = resolve(&o, &sp)) != EXIT_OK)
		return rc;
	rows = (double)o.nrules *
	    (double)grid_count(o.hw_arg != NULL ? &o.hw : &o.dt) *
	    (double)(o.zeta_arg != NULL ? grid_count(&o.zeta) : 1);
	if (rows > (double)MAX_ROWS)
		return usage_error("%.0f rows (rules x steps x zetas) is more "
		    "than %ld", rows, MAX_ROWS);
	if ((k = malloc(sizeof(*k))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	k->precision = (int)o.precision;
	if (out_open(&k->out, o.output) != 0) {
		free(k);
		return EXIT_IO;
	}
	if (o.header)
		out_write(&k->out, analyze_header, sizeof(analyze_header) - 1);
	rc = out_finish(&k->out, write_rows(k, &o, &sp) != 0);
	free(k);
	return rc;
}
