/*
 * paramflags.c - the spring's parameter flags: one convention per call,
 * checked strictly and converted to (omega, zeta, mass) by the library.
 * Their getopt rows and values, their range checks (the names and ranges
 * are the dialects', paramgroups.c), the group they name (a dialect,
 * which converts it), the messages for a partial or mixed group and for
 * a spring out of range.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "spring.h"
#include "nameset.h"
#include "paramflags.h"
#include "paramgroups.h"

#define PI 3.141592653589793238462643383280

/* The mask of flag p alone. */
static param_mask
mask_of(int p)
{
	param_mask m;

	memset(&m, 0, sizeof(m));
	m.w[p / 64] = 1ull << (p % 64);
	return m;
}

/* a | b. */
static param_mask
mask_or(param_mask a, param_mask b)
{
	int i;

	for (i = 0; i < PARAM_MASK_WORDS; i++)
		a.w[i] |= b.w[i];
	return a;
}

/* a & ~b: the flags of a not in b. */
static param_mask
mask_minus(param_mask a, param_mask b)
{
	int i;

	for (i = 0; i < PARAM_MASK_WORDS; i++)
		a.w[i] &= ~b.w[i];
	return a;
}

/* Whether flag p is in m. */
static int
mask_has(param_mask m, int p)
{
	return (m.w[p / 64] >> (p % 64)) & 1u;
}

/* The number of flags in m (a set bit cleared a turn). */
static int
mask_count(param_mask m)
{
	unsigned long long w;
	int i, n = 0;

	for (i = 0; i < PARAM_MASK_WORDS; i++)
		for (w = m.w[i]; w != 0; w &= w - 1)
			n++;
	return n;
}

/*
 * The first flag of m from p on, or P_COUNT.  The loops over the flags
 * given walk it: a call names a few of P_COUNT, and a sweep whose key
 * changes resolves each configuration's (a bit test of every flag, a
 * few times a resolve, was a fifth of it).
 */
static int
mask_next(const param_mask *m, int p)
{
	unsigned long long w;

	while (p < P_COUNT) {
		if ((w = m->w[p / 64] >> (p % 64)) == 0) {
			p = (p / 64 + 1) * 64;
			continue;
		}
		for (; (w & 1) == 0; w >>= 1)
			p++;
		return p < P_COUNT ? p : P_COUNT;
	}
	return P_COUNT;
}

/* Whether a and b hold the same flags. */
static int
mask_eq(param_mask a, param_mask b)
{
	return memcmp(&a, &b, sizeof(a)) == 0;
}

#define LN2 0.693147180559945309417232121458176568

/* No flags given yet; mass 1. */
void
param_set_init(struct param_set *ps)
{
	memset(ps, 0, sizeof(*ps));
	ps->mass = 1.0;
}

/*
 * own's entries, then one per parameter flag (but one own already
 * names) and --mass, then NULL.
 */
int
param_longopts(const struct option *own, struct option *out, size_t cap)
{
	struct nameset names;
	const char *name;
	size_t n = 0;
	int p;

	nameset_init(&names);
	for (; own->name != NULL; own++) {
		if (n + 1 >= cap || nameset_put(&names, own->name, 0) != 0)
			return -1;
		out[n++] = *own;
	}
	for (p = 0; p < P_COUNT; p++) {
		name = param_flag_row(p)->name;
		/* a command's own flag of that name wins (resonance's --hz) */
		if (name == NULL || nameset_get(&names, name) >= 0)
			continue;
		if (n + 2 >= cap || nameset_put(&names, name, 0) != 0)
			return -1;
		out[n].name = name;
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
	const char *why = scan_bounded(arg, out);

	if (why != NULL) {
		warn_msg("%s: '%s' %s", flag, arg, why);
		return -1;
	}
	return 0;
}

/* Read one parameter flag; see paramflags.h. */
int
param_option(struct param_set *ps, int c, const char *arg)
{
	double x;

	if (!param_is_code(c))
		return 0;
	if (scan_double(arg, &x) != 0) {
		char flag[40];

		param_flag_name(c, flag, sizeof(flag));
		parse_double(flag, arg, &x);	/* says why */
		return -1;
	}
	return param_set_value(ps, c, arg, x);
}

/* See paramflags.h. */
void
param_flag_name(int c, char *buf, size_t len)
{
	snprintf(buf, len, "--%s", c == PARAM_OPT_MASS ? "mass" :
	    param_flag_row(c - PARAM_OPT)->name);
}

/* Whether x is beyond what any parameter takes (NaN is not). */
static int
beyond_magnitude(double x)
{
	return fabs(x) > MAX_MAGNITUDE;
}

/* See paramflags.h: what param_set_value takes without a word. */
int
param_value_fits(int c, double x)
{
	if (!param_is_code(c))
		return 0;
	return !beyond_magnitude(x) && (c != PARAM_OPT_MASS || x > 0.0);
}

/* See paramflags.h: param_value_fits's refusals, each said. */
int
param_set_value(struct param_set *ps, int c, const char *arg, double x)
{
	char flag[40];
	int p = c - PARAM_OPT;

	if (!param_is_code(c))
		return 0;
	if (!param_value_fits(c, x)) {
		/* beyond any parameter's, or a mass not above 0 */
		param_flag_name(c, flag, sizeof(flag));
		if (beyond_magnitude(x))
			warn_msg("%s: '%s' is beyond +-%g", flag, arg,
			    MAX_MAGNITUDE);
		else
			warn_msg("%s: '%s' must be > 0", flag, arg);
		return -1;
	}
	if (c == PARAM_OPT_MASS) {
		ps->mass = x;
		ps->mass_arg = arg;
		return 1;
	}
	ps->value[p] = x;
	ps->arg[p] = arg;
	ps->given = mask_or(ps->given, mask_of(p));
	return 1;
}

/* Whether x is within a range: lo, hi and whether each is open. */
static int
within(double x, double lo, double hi, int lo_open, int hi_open)
{
	return (lo_open ? x > lo : x >= lo) && (hi_open ? x < hi : x <= hi);
}

/* Whether x is within flag id's range. */
static int
in_range(enum param_id id, double x)
{
	const struct param_flag *f = param_flag_row(id);

	return within(x, f->lo, f->hi, f->lo_open, f->hi_open);
}

/* Check a parameter flag's value (typed as arg) against its range. */
static int
check_param(enum param_id id, double x, const char *arg)
{
	const struct param_flag *pf = param_flag_row(id);

	if (in_range(id, x))
		return 0;
	warn_msg("--%s: '%s' %s", pf->name, arg, pf->must);
	return -1;
}

/*
 * Check the values of group g against its dialect's own ranges where
 * they are narrower than the flag's (Holden's --dr > 0 with --halflife).
 */
static int
check_group(const struct param_set *ps, const struct param_group *g)
{
	const spring_dialect_param *q;
	const struct param_flag *f;
	double x;
	int i;

	/* the flag's range is checked: this is the dialect's, if narrower */
	for (i = 0; g != NULL && i < g->n; i++) {
		q = &g->d->params[i];
		f = param_flag_row(g->id[i]);
		x = ps->value[g->id[i]];
		if (!mask_has(ps->given, g->id[i]) ||
		    within(x, q->min, q->max, q->min_open, q->max_open))
			continue;
		warn_msg("--%s: '%s' %s", f->name, ps->arg[g->id[i]], q->range);
		return -1;
	}
	return 0;
}

/* "--a, --b and --c" for the flags in mask, into buf. */
static const char *
flag_list(param_mask mask, char *buf, size_t len)
{
	int p, n = 0, total = mask_count(mask);

	buf[0] = '\0';
	for (p = mask_next(&mask, 0); p < P_COUNT;
	    p = mask_next(&mask, p + 1)) {
		n++;
		strncat(buf, n == 1 ? "--" : n == total ? " and --" : ", --",
		    len - strlen(buf) - 1);
		strncat(buf, param_flag_row(p)->name, len - strlen(buf) - 1);
	}
	return buf;
}

/*
 * "--x or --y" for the flags that would complete a partial group: the
 * groups that contain every flag given, each contributing what it lacks.
 */
static const char *
partners(param_mask given, char *buf, size_t len)
{
	const struct param_group *g;
	char one[160];
	int n = 0;

	buf[0] = '\0';
	for (g = param_group_table(); g->d != NULL; g++) {
		if (mask_count(mask_minus(given, mask_or(g->flags,
		    g->optional))) != 0)
			continue;
		strncat(buf, n++ == 0 ? "" : " or ", len - strlen(buf) - 1);
		strncat(buf, flag_list(mask_minus(g->flags, given), one,
		    sizeof(one)),
		    len - strlen(buf) - 1);
	}
	return n > 0 ? buf : NULL;
}

/*
 * Which convention the flags name: the group whose flags are all given,
 * with nothing else but its optional flags.  A partial group names the
 * missing partners; flags of two groups name the conflict.  0, or -1
 * after the message.
 */
static int
find_group(param_mask given, const struct param_group **out)
{
	const struct param_group *g;
	char have[480], need[480];

	*out = NULL;
	if (mask_count(given) == 0)
		return 0;
	for (g = param_group_table(); g->d != NULL; g++)
		if (mask_eq(mask_minus(given, g->optional), g->flags)) {
			*out = g;
			return 0;
		}
	flag_list(given, have, sizeof(have));
	if (partners(given, need, sizeof(need)) != NULL)
		usage_error("%s %s %s", have,
		    mask_count(given) > 1 ? "need" : "needs", need);
	else
		usage_error("%s are not one parameter group; 'springsim list' "
		    "shows the groups", have);
	return -1;
}

/*
 * The mass of the group g: its own mass flag if given (which may not be
 * given with --mass too), else --mass or 1.  0, or -1 after a message.
 */
static int
group_mass(const struct param_set *ps, const struct param_group *g,
    double *mass)
{
	int p;

	*mass = ps->mass;
	for (p = mask_next(&ps->given, 0); g != NULL && p < P_COUNT;
	    p = mask_next(&ps->given, p + 1)) {
		if (!mask_has(g->optional, p) || !param_flag_row(p)->is_mass)
			continue;
		if (ps->mass_arg != NULL) {
			usage_error("--%s and --mass both give the mass: give "
			    "one", param_flag_row(p)->name);
			return -1;
		}
		*mass = ps->value[p];
	}
	return 0;
}

/*
 * Flag p of the spring's values (P_COUNT: --mass), if given and moving
 * omega or zeta: its name, its value as typed and as a number; 1, else 0.
 */
static int
spring_flag(const struct param_set *ps, const struct param_group *g, int p,
    const char **name, const char **arg, double *x)
{
	if (p == P_COUNT) {
		if (ps->mass_arg == NULL || !mass_moves(g))
			return 0;
		*name = "mass";
		*arg = ps->mass_arg;
		*x = ps->mass;
		return 1;
	}
	if (!mask_has(ps->given, p) ||
	    (param_flag_row(p)->is_mass && !mass_moves(g)))
		return 0;
	*name = param_flag_row(p)->name;
	*arg = ps->arg[p];
	*x = ps->value[p];
	return 1;
}

/*
 * The message for values whose spring is outside 1e-100..1e100: led by
 * the flag whose value is furthest from 1 (by ratio), the one most
 * likely out of range, with its value as typed; then the others with
 * theirs (--mass among them where it moves omega and zeta).  bad: the
 * conversion gave no finite omega and zeta at all.
 */
static void
range_message(const struct param_set *ps, const struct param_group *g,
    const spring_params *sp, int bad)
{
	char others[480], one[160], spring[120];
	const char *lead = NULL, *lead_arg = NULL, *name, *arg;
	double far = -1.0, x;
	int p, n = 0, total = 0;

	for (p = 0; p <= P_COUNT; p++) {
		if (!spring_flag(ps, g, p, &name, &arg, &x))
			continue;
		total++;
		if (x != 0.0 && fabs(log(fabs(x))) > far) {
			far = fabs(log(fabs(x)));
			lead = name;
			lead_arg = arg;
		}
	}
	others[0] = '\0';
	for (p = 0; p <= P_COUNT && lead != NULL; p++) {
		if (!spring_flag(ps, g, p, &name, &arg, &x) || name == lead)
			continue;
		n++;
		snprintf(one, sizeof(one), "%s--%s '%s'", n == 1 ? " (with " :
		    n == total - 1 ? " and " : ", ", name, arg);
		strncat(others, one, sizeof(others) - strlen(others) - 1);
	}
	if (n > 0)
		strncat(others, ")", sizeof(others) - strlen(others) - 1);
	if (bad)
		snprintf(spring, sizeof(spring), "an omega or zeta beyond the "
		    "range of a double");
	else
		snprintf(spring, sizeof(spring), "omega = %g rad/s and zeta = "
		    "%g", sp->omega, sp->zeta);
	if (lead == NULL)	/* not reached: a group has a nonzero value */
		warn_msg("the spring's values give %s, outside 1e-100..1e100",
		    spring);
	else
		warn_msg("--%s: '%s'%s gives %s, outside 1e-100..1e100", lead,
		    lead_arg, others, spring);
}

/* See paramflags.h. */
int
param_resolve_again(const struct param_set *ps, double h, spring_params *sp)
{
	int rc;

	message_mute = 1;
	rc = param_resolve(ps, h, sp);
	message_mute = 0;
	return rc == 0 ? 0 : param_resolve(ps, h, sp);
}

/* The canonical spring; see paramflags.h. */
int
param_resolve(const struct param_set *ps, double h, spring_params *sp)
{
	const struct param_group *g;
	double mass, v[SPRING_DIALECT_MAX_PARAMS];
	int p, rc;

	if (find_group(ps->given, &g) != 0)
		return -1;
	for (p = mask_next(&ps->given, 0); p < P_COUNT;
	    p = mask_next(&ps->given, p + 1))
		if (check_param(p, ps->value[p], ps->arg[p]) != 0)
			return -1;
	if (check_group(ps, g) != 0 || group_mass(ps, g, &mass) != 0)
		return -1;
	if (g == NULL)
		rc = spring_from_uaf(4.0 * PI, 0.3, sp);
	else {
		param_group_values(g, ps->value, mass, v);
		if (g->warn != NULL)
			g->warn(v);
		rc = g->d->to_spring(v, mass, h, sp);
		if (rc != 0 && g->refused != NULL) {
			g->refused(v);		/* why the library refuses */
			return -1;
		}
	}
	sp->mass = mass;
	if (rc != 0 || !(sp->omega >= 1e-100 && sp->omega <= 1e100) ||
	    !(sp->zeta <= 1e100)) {
		range_message(ps, g, sp, rc != 0);
		return -1;
	}
	return 0;
}

/* Every id the plan names is checked by param_planned_fit, at first. */
static void
plan_fit_all(struct param_plan *pl)
{
	memcpy(pl->fit, pl->ids, sizeof(pl->fit));
	pl->nfit = pl->nids;
}

/*
 * See paramflags.h: find_group and group_mass once; what is left for
 * each set of values is param_resolve's arithmetic.
 */
int
param_plan(const struct param_set *ps, struct param_plan *pl)
{
	const struct param_group *g, *table = param_group_table();
	int p;

	pl->group = -1;
	pl->g = NULL;
	pl->own_mass = -1;
	pl->nids = 0;
	pl->uses_step = param_uses_step(ps);
	if (mask_count(ps->given) > 0) {
		for (g = table; g->d != NULL; g++)
			if (mask_eq(mask_minus(ps->given, g->optional),
			    g->flags))
				break;
		if (g->d == NULL)
			return -1;
		pl->group = (int)(g - table);
		pl->g = g;
	}
	for (p = mask_next(&ps->given, 0); p < P_COUNT;
	    p = mask_next(&ps->given, p + 1)) {
		pl->ids[pl->nids++] = (unsigned char)p;
		if (pl->group >= 0 && param_flag_row(p)->is_mass &&
		    mask_has(table[pl->group].optional, p)) {
			if (ps->mass_arg != NULL)
				return -1;	/* the mass twice */
			pl->own_mass = p;
		}
	}
	plan_fit_all(pl);
	return 0;
}

/* See paramflags.h. */
int
param_plan_halflife(const struct param_set *ps, struct param_plan *pl)
{
	pl->group = -1;
	pl->g = NULL;
	pl->own_mass = -1;
	pl->nids = 0;
	pl->uses_step = 0;
	if (mask_count(mask_minus(ps->given, mask_of(P_HALFLIFE))) != 0)
		return -1;
	if (mask_has(ps->given, P_HALFLIFE))
		pl->ids[pl->nids++] = P_HALFLIFE;
	plan_fit_all(pl);
	return 0;
}

/*
 * See paramflags.h: in_range itself, check_param's test, not an open
 * bound made closed: the next double inward from 0 is a subnormal, which
 * compares as 0 under flush_subnormals (DAZ), so a half-life of 0 passed
 * (x > 0 refuses it there too).
 */
int
param_planned_fit(const struct param_plan *pl, const double *value)
{
	int i;

	for (i = 0; i < pl->nfit; i++)
		if (!in_range((enum param_id)pl->fit[i], value[pl->fit[i]]))
			return 0;
	return 1;
}

/* See paramflags.h. */
void
param_plan_fits(struct param_plan *pl, int id)
{
	int i, n = 0;

	for (i = 0; i < pl->nfit; i++)
		if (pl->fit[i] != id)
			pl->fit[n++] = pl->fit[i];
	pl->nfit = n;
}

/* See paramflags.h. */
int
param_code_in_range(int c, double x)
{
	return c >= PARAM_OPT && c < PARAM_OPT_MASS &&
	    in_range((enum param_id)(c - PARAM_OPT), x);
}

/*
 * See paramflags.h: param_resolve's steps, in its order, silent: each
 * value against its range (param_planned_fit), the dialect's conversion
 * (the library's: it says nothing; the CLI's warnings are not said).
 */
int
param_resolve_planned(const struct param_plan *pl, const double *value,
    double mass, double h, spring_params *sp)
{
	const struct param_group *g = pl->g;
	double v[SPRING_DIALECT_MAX_PARAMS];
	int rc, i;

	if (!param_planned_fit(pl, value))
		return -1;
	if (pl->own_mass >= 0)
		mass = value[pl->own_mass];
	if (g == NULL)
		rc = spring_from_uaf(4.0 * PI, 0.3, sp);
	else {
		/* param_group_values, inline: once a configuration */
		for (i = 0; i < g->n; i++)
			v[i] = g->is_mass[i] ? mass : value[g->id[i]];
		rc = g->d->to_spring(v, mass, h, sp);
	}
	if (rc != 0)
		return -1;
	sp->mass = mass;
	if (!(sp->omega >= 1e-100 && sp->omega <= 1e100) ||
	    !(sp->zeta <= 1e100))
		return -1;
	return 0;
}

/* See paramflags.h. */
int
param_first_order(const struct param_set *ps, double *rate, double *factor,
    double *ft)
{
	const param_mask own = M3(P_HALFLIFE, P_DAMPING, P_FACTOR);
	param_mask given = mask_minus(ps->given, mask_of(P_FT));
	int one = mask_count(given) == 1;
	char names[480];
	int p;

	*ft = mask_has(ps->given, P_FT) ? ps->value[P_FT] : 1.0 / 60.0;
	if (mask_count(mask_minus(given, own)) != 0 || mask_count(given) > 1) {
		flag_list(ps->given, names, sizeof(names));
		usage_error("--model damper takes one of --halflife, --damping, "
		    "--factor (and --ft), not %s", names);
		return -1;
	}
	for (p = mask_next(&ps->given, 0); p < P_COUNT;
	    p = mask_next(&ps->given, p + 1))
		if (check_param(p, ps->value[p], ps->arg[p]) != 0)
			return -1;
	if (one && mask_has(given, P_HALFLIFE))
		*rate = LN2 / ps->value[P_HALFLIFE];
	else if (one && mask_has(given, P_DAMPING))
		*rate = ps->value[P_DAMPING];
	else if (one && mask_has(given, P_FACTOR))
		*rate = -log1p(-ps->value[P_FACTOR]) / *ft;
	else
		*rate = LN2 / 0.1;	/* default: half-life 0.1 s */
	*factor = one && mask_has(given, P_FACTOR) ? ps->value[P_FACTOR] :
	    -expm1(-*rate * *ft);
	if (!(*rate > 0.0 && *rate <= 1e100)) {
		flag_list(ps->given, names, sizeof(names));
		usage_error("%s: the decay rate is %g, outside 1e-100..1e100 "
		    "per second", names, *rate);
		return -1;
	}
	return 0;
}

/* See paramflags.h. */
int
param_halflife_only(const struct param_set *ps, const char *model,
    double *halflife)
{
	char names[480];

	*halflife = PARAM_HALFLIFE_DEFAULT;
	if (mask_count(mask_minus(ps->given, mask_of(P_HALFLIFE))) != 0) {
		flag_list(ps->given, names, sizeof(names));
		usage_error("--model %s takes --halflife, not %s", model, names);
		return -1;
	}
	if (mask_count(ps->given) == 0)
		return 0;
	if (check_param(P_HALFLIFE, ps->value[P_HALFLIFE],
	    ps->arg[P_HALFLIFE]) != 0)
		return -1;
	*halflife = ps->value[P_HALFLIFE];
	return 0;
}

/* Whether the flags name Nissen's Ck/Cd. */
int
param_uses_step(const struct param_set *ps)
{
	const param_mask ckcd = M2(P_CK, P_CD);

	return mask_eq(ps->given, ckcd);
}

/* Whether flag id was given. */
int
param_given(const struct param_set *ps, enum param_id id)
{
	return mask_has(ps->given, id);
}

/* See paramflags.h. */
int
param_any_given(const struct param_set *ps)
{
	return mask_count(ps->given) > 0;
}

/* Take flag id out of the set, range-checked; see paramflags.h. */
int
param_take(struct param_set *ps, enum param_id id, double *out)
{
	if (!param_given(ps, id))
		return 0;
	if (check_param(id, ps->value[id], ps->arg[id]) != 0)
		return -1;
	*out = ps->value[id];
	ps->given = mask_minus(ps->given, mask_of(id));
	return 1;
}

/* One line per convention: name, flags (optional ones too), source. */
void
list_conventions(FILE *fp)
{
	const struct param_group *g;
	char names[160], extra[160];

	for (g = param_group_table(); g->d != NULL; g++) {
		flag_list(g->flags, names, sizeof(names));
		if (mask_count(g->optional) != 0) {
			flag_list(g->optional, extra, sizeof(extra));
			strncat(names, " (optional ", sizeof(names) -
			    strlen(names) - 1);
			strncat(names, extra, sizeof(names) - strlen(names) - 1);
			strncat(names, ")", sizeof(names) - strlen(names) - 1);
		}
		fprintf(fp, "  %-20s %s  [%s]\n", g->d->name, names,
		    g->d->source);
	}
}

/* See paramflags.h. */
int
param_engine(const struct param_set *ps, const char *engine, int *form,
    double *duration, double *bounce)
{
	const struct param_group *g;
	char own[480];
	int p;

	*form = SPRING_ENGINE_PHYSICAL;
	*duration = *bounce = NAN;
	if (find_group(ps->given, &g) != 0)
		return -1;
	if (g == NULL || g->d->engines == NULL)
		return 0;
	if (!list_has_word(g->d->engines, engine)) {
		p = mask_next(&g->flags, 0);
		param_engine_groups(engine, own, sizeof(own));
		usage_error("--%s: '%s' is a parameter of %s, not of "
		    "--engine %s (%s%s)", param_flag_row(p)->name, ps->arg[p],
		    g->d->source, engine, own[0] != '\0' ? "which takes " :
		    "which takes springsim's conventions", own);
		return -1;
	}
	if (g->d->duration_form) {
		*form = SPRING_ENGINE_DURATION;
		*duration = ps->value[g->id[0]];
		*bounce = ps->value[g->id[1]];
	}
	return 0;
}

/*
 * See paramflags.h: the group's parameter the library itself calls a
 * duration ("duration", Motion's "visualDuration"), found silently (a
 * resolved set names one group, or none).
 */
double
param_asked_duration(const struct param_set *ps)
{
	const struct param_group *g;
	int i;

	for (g = param_group_table(); g->d != NULL; g++) {
		if (!mask_eq(mask_minus(ps->given, g->optional), g->flags))
			continue;
		for (i = 0; i < g->n; i++)
			if (strcmp(g->d->params[i].name, "duration") == 0 ||
			    strcmp(g->d->params[i].name,
			    "visualDuration") == 0)
				return ps->value[g->id[i]];
		break;
	}
	return NAN;
}

/* See paramflags.h. */
void
param_engine_groups(const char *engine, char *buf, size_t len)
{
	const struct param_group *g;
	char names[160];

	buf[0] = '\0';
	for (g = param_group_table(); g->d != NULL; g++) {
		if (g->d->engines == NULL ||
		    !list_has_word(g->d->engines, engine))
			continue;
		flag_list(mask_or(g->flags, g->optional), names, sizeof(names));
		if (buf[0] != '\0')
			strncat(buf, "; ", len - strlen(buf) - 1);
		strncat(buf, names, len - strlen(buf) - 1);
	}
}
