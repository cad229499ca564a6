/*
 * paramflags.c - the spring's parameter flags: one convention per call,
 * checked strictly and converted to (omega, zeta, mass) by the library.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "paramflags.h"

#define PI 3.141592653589793238462643383280
#define BIT(p) (1u << (p))

/* How a parameter flag's value is checked. */
enum range { POSITIVE, NONNEGATIVE, OPEN_UNIT };

static const struct param_flag {
	const char *name;	/* the long option, without "--" */
	enum range range;
} param_flags[P_COUNT] = {
	[P_STIFFNESS] = { "stiffness", POSITIVE },
	[P_DAMPING] = { "damping", NONNEGATIVE },
	[P_UAF] = { "uaf", POSITIVE },
	[P_DR] = { "dr", NONNEGATIVE },
	[P_HALFLIFE] = { "halflife", POSITIVE },
	[P_FREQUENCY] = { "frequency", POSITIVE },
	[P_CK] = { "ck", POSITIVE },
	[P_CD] = { "cd", NONNEGATIVE },
	[P_HZ] = { "hz", POSITIVE },
	[P_DECAY] = { "decay", OPEN_UNIT },
	[P_DECAY_TIME] = { "decay-time", POSITIVE },
};

/* Stiffness K, damping D, mass M (Fiedler, Holden). */
static int
from_stiffness(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_stiffness(v[P_STIFFNESS], v[P_DAMPING], mass, p);
}

/* Studio Gobo's UAF and DR. */
static int
from_uaf(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_uaf(v[P_UAF], v[P_DR], p);
}

/* Holden's half-life and frequency. */
static int
from_halflife_frequency(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_halflife_frequency(v[P_HALFLIFE], v[P_FREQUENCY], p);
}

/* Holden's half-life and damping ratio; the ratio must be > 0 here. */
static int
from_halflife_dr(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	if (v[P_DR] == 0.0) {
		warn_msg("--dr: '0' must be > 0 with --halflife "
		    "(omega = 2 ln2 / (halflife dr))");
		return -2;
	}
	return spring_from_halflife_dr(v[P_HALFLIFE], v[P_DR], p);
}

/* Nissen's Ck and Cd for the step h actually taken; above 1, a warning. */
static int
from_nissen(const double *v, double mass, double h, spring_params *p)
{
	if (v[P_CK] > 1.0)
		warn_msg("warning: --ck %g is above 1: Nissen's spring is less "
		    "stiff and less stable there", v[P_CK]);
	if (v[P_CD] > 1.0)
		warn_msg("warning: --cd %g is above 1: Nissen's spring is less "
		    "stable there", v[P_CD]);
	return spring_from_nissen(v[P_CK], v[P_CD], mass, h, p);
}

/* Allen Chou's frequency and decay fraction over a time. */
static int
from_chou(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_chou(v[P_HZ], v[P_DECAY], v[P_DECAY_TIME], p);
}

/*
 * The conventions: exactly one group per call (or none, for the
 * default).  --mass may go with any of them; it changes the motion only
 * for stiffness/damping (with Ck/Cd the mass cancels: omega = sqrt(Ck) / h,
 * zeta = Cd / (2 sqrt(Ck))); otherwise it scales forces and energy.
 */
static const struct param_group {
	unsigned flags;
	const char *name;
	const char *source;
	int (*convert)(const double *v, double mass, double h,
	    spring_params *p);
} param_groups[] = {
	{ BIT(P_STIFFNESS) | BIT(P_DAMPING), "stiffness/damping",
	  "Fiedler, Holden", from_stiffness },
	{ BIT(P_UAF) | BIT(P_DR), "uaf/dr", "Studio Gobo", from_uaf },
	{ BIT(P_HALFLIFE) | BIT(P_FREQUENCY), "halflife/frequency", "Holden",
	  from_halflife_frequency },
	{ BIT(P_HALFLIFE) | BIT(P_DR), "halflife/dr", "Holden",
	  from_halflife_dr },
	{ BIT(P_CK) | BIT(P_CD), "ck/cd", "Nissen", from_nissen },
	{ BIT(P_HZ) | BIT(P_DECAY) | BIT(P_DECAY_TIME), "hz/decay/decay-time",
	  "Chou", from_chou },
	{ 0, NULL, NULL, NULL }
};

/* No flags given yet; mass 1. */
void
param_set_init(struct param_set *ps)
{
	memset(ps, 0, sizeof(*ps));
	ps->mass = 1.0;
}

/* own's entries, then one per parameter flag and --mass, then NULL. */
int
param_longopts(const struct option *own, struct option *out, size_t cap)
{
	size_t n = 0;
	int p;

	for (; own->name != NULL; own++) {
		if (n + 1 >= cap)
			return -1;
		out[n++] = *own;
	}
	if (n + P_COUNT + 2 > cap)
		return -1;
	for (p = 0; p < P_COUNT; p++) {
		out[n].name = param_flags[p].name;
		out[n].has_arg = required_argument;
		out[n].flag = NULL;
		out[n++].val = PARAM_OPT + p;
	}
	out[n].name = "mass";
	out[n].has_arg = required_argument;
	out[n].flag = NULL;
	out[n++].val = PARAM_OPT_MASS;
	memset(&out[n], 0, sizeof(out[n]));
	return 0;
}

/* A number with |value| <= MAX_MAGNITUDE, with a message if not. */
int
parse_bounded(const char *flag, const char *arg, double *out)
{
	if (parse_double(flag, arg, out) != 0)
		return -1;
	if (fabs(*out) > MAX_MAGNITUDE) {
		warn_msg("%s: '%s' is beyond +-%g", flag, arg, MAX_MAGNITUDE);
		return -1;
	}
	return 0;
}

/* Read one parameter flag; see paramflags.h. */
int
param_option(struct param_set *ps, int c, const char *arg)
{
	char flag[40];
	int p = c - PARAM_OPT;

	if (c == PARAM_OPT_MASS) {
		if (parse_bounded("--mass", arg, &ps->mass) != 0)
			return -1;
		if (!(ps->mass > 0.0)) {
			warn_msg("--mass: '%s' must be > 0", arg);
			return -1;
		}
		ps->mass_arg = arg;
		return 1;
	}
	if (p < 0 || p >= P_COUNT)
		return 0;
	snprintf(flag, sizeof(flag), "--%s", param_flags[p].name);
	if (parse_bounded(flag, arg, &ps->value[p]) != 0)
		return -1;
	ps->arg[p] = arg;
	ps->given |= BIT(p);
	return 1;
}

/* Check a parameter flag's value (typed as arg) against its range. */
static int
check_param(enum param_id id, double x, const char *arg)
{
	const struct param_flag *pf = &param_flags[id];

	switch (pf->range) {
	case POSITIVE:
		if (x > 0.0)
			return 0;
		warn_msg("--%s: '%s' must be > 0", pf->name, arg);
		return -1;
	case NONNEGATIVE:
		if (x >= 0.0)
			return 0;
		warn_msg("--%s: '%s' must be >= 0", pf->name, arg);
		return -1;
	case OPEN_UNIT:
		if (x > 0.0 && x < 1.0)
			return 0;
		warn_msg("--%s: '%s' must be between 0 and 1, exclusive",
		    pf->name, arg);
		return -1;
	}
	return -1;
}

/* "--a, --b and --c" for the flags in mask, into buf. */
static const char *
flag_list(unsigned mask, char *buf, size_t len)
{
	int p, n = 0, total = 0;

	for (p = 0; p < P_COUNT; p++)
		total += (mask & BIT(p)) != 0;
	buf[0] = '\0';
	for (p = 0; p < P_COUNT; p++) {
		if (!(mask & BIT(p)))
			continue;
		n++;
		strncat(buf, n == 1 ? "--" : n == total ? " and --" : ", --",
		    len - strlen(buf) - 1);
		strncat(buf, param_flags[p].name, len - strlen(buf) - 1);
	}
	return buf;
}

/*
 * "--x or --y" for the flags that would complete a partial group: the
 * groups that contain every flag given, each contributing what it lacks.
 */
static const char *
partners(unsigned given, char *buf, size_t len)
{
	const struct param_group *g;
	char one[160];
	int n = 0;

	buf[0] = '\0';
	for (g = param_groups; g->name != NULL; g++) {
		if ((given & ~g->flags) != 0)
			continue;
		strncat(buf, n++ == 0 ? "" : " or ", len - strlen(buf) - 1);
		strncat(buf, flag_list(g->flags & ~given, one, sizeof(one)),
		    len - strlen(buf) - 1);
	}
	return n > 0 ? buf : NULL;
}

/*
 * Which convention the flags name: the group whose flags are exactly the
 * ones given.  A partial group names the missing partners; flags of two
 * groups name the conflict.  0, or -1 after the message.
 */
static int
find_group(unsigned given, const struct param_group **out)
{
	const struct param_group *g;
	char have[160], need[320];

	*out = NULL;
	if (given == 0)
		return 0;
	for (g = param_groups; g->name != NULL; g++)
		if (g->flags == given) {
			*out = g;
			return 0;
		}
	flag_list(given, have, sizeof(have));
	if (partners(given, need, sizeof(need)) != NULL)
		usage_error("%s %s %s", have,
		    (given & (given - 1)) ? "need" : "needs", need);
	else
		usage_error("%s are not one parameter group; 'springsim list' "
		    "shows the groups", have);
	return -1;
}

/* The canonical spring; see paramflags.h. */
int
param_resolve(const struct param_set *ps, double h, spring_params *sp)
{
	const struct param_group *g;
	char names[160];
	int p, rc;

	if (find_group(ps->given, &g) != 0)
		return -1;
	for (p = 0; p < P_COUNT; p++)
		if ((ps->given & BIT(p)) &&
		    check_param(p, ps->value[p], ps->arg[p]) != 0)
			return -1;
	if (g == NULL)
		rc = spring_from_uaf(4.0 * PI, 0.3, sp);
	else
		rc = g->convert(ps->value, ps->mass, h, sp);
	if (rc == -2)		/* the converter said why */
		return -1;
	sp->mass = ps->mass;
	if (rc != 0 || !(sp->omega >= 1e-100 && sp->omega <= 1e100) ||
	    !(sp->zeta <= 1e100)) {
		flag_list(ps->given, names, sizeof(names));
		warn_msg("%s: the values give omega = %g rad/s and zeta = %g, "
		    "outside 1e-100..1e100", names[0] ? names : "--mass",
		    sp->omega, sp->zeta);
		return -1;
	}
	return 0;
}

/* Whether the flags name Nissen's Ck/Cd. */
int
param_uses_step(const struct param_set *ps)
{
	return ps->given == (BIT(P_CK) | BIT(P_CD));
}

/* One line per convention: name, flags, source. */
void
list_conventions(FILE *fp)
{
	const struct param_group *g;
	char names[160];

	for (g = param_groups; g->name != NULL; g++)
		fprintf(fp, "  %-20s %s  [%s]\n", g->name,
		    flag_list(g->flags, names, sizeof(names)), g->source);
}

/* The conventions' paragraph of --help. */
void
param_usage(FILE *fp)
{
	fputs(
"Spring parameters, exactly one group (default: omega 4 pi rad/s = 2 Hz,\n"
"zeta 0.3):\n"
"  --stiffness K --damping D   N/m and N s/m (with --mass): omega =\n"
"                      sqrt(K/M), zeta = D / (2 sqrt(K M))  [Fiedler, Holden]\n"
"  --uaf W --dr Z      undamped angular frequency rad/s, damping ratio\n"
"                      [Studio Gobo]\n"
"  --halflife H --frequency F   s and Hz: damping 4 ln2 / H, stiffness\n"
"                      (2 pi F)^2 per unit mass  [Holden]\n"
"  --halflife H --dr Z  s and damping ratio (> 0): omega = 2 ln2 / (H Z)\n"
"                      [Holden]\n"
"  --ck C --cd C       Nissen's coefficients: k = Ck M / h^2, d = Cd M / h\n"
"                      for the step h actually taken; Ck > 0, Cd >= 0,\n"
"                      above 1 allowed with a warning\n"
"  --hz F --decay P --decay-time T   oscillation Hz, the fraction P in (0,1)\n"
"                      of the amplitude left after T s (0.1: 90 % gone):\n"
"                      zeta = ln(P) / (-2 pi F T)  [Chou]\n"
"  --mass M            kg, > 0 (default 1)\n", fp);
}
