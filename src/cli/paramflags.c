/*
 * paramflags.c - the spring's parameter flags: one convention per call,
 * checked strictly and converted to (omega, zeta, mass) by the library.
 * The flags' names and ranges, their getopt rows and values, the group
 * they name (paramgroups.c's conventions, which convert it), the
 * messages for a partial or mixed group and for a spring out of range.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "spring.h"
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

/*
 * How a parameter flag's value is checked: an interval and the message's
 * "must ...".  A library that would silently change a value (clamp it)
 * has its clamp as the range, so the flag says what the library does.
 */
enum range {
	POSITIVE, NONNEGATIVE, OPEN_UNIT, SWIFTUI_BOUNCE, MOTION_BOUNCE,
	MOTION_DURATION, UNITY_TIME, REACT_PERIOD, UNIT_FACTOR,
	POPMOTION_BOUNCE, POPMOTION_DURATION, ANIME_DURATION, ANIME_BOUNCE,
	FLUTTER_DURATION, FLUTTER_BOUNCE
};

#define LN2 0.693147180559945309417232121458176568

static const struct range_rule {
	double lo, hi;
	int lo_open, hi_open;	/* 1: the bound itself is refused */
	const char *must;
} range_rules[] = {
	[POSITIVE] = { 0.0, DBL_MAX, 1, 0, "must be > 0" },
	[NONNEGATIVE] = { 0.0, DBL_MAX, 0, 0, "must be >= 0" },
	[OPEN_UNIT] = { 0.0, 1.0, 1, 1,
	    "must be between 0 and 1, exclusive" },
	[SWIFTUI_BOUNCE] = { -1.0, 1.0, 1, 0,
	    "must be > -1 and <= 1 (SwiftUI's range)" },
	[MOTION_BOUNCE] = { SPRING_MOTION_MIN_DAMPING - 1.0,
	    1.0 - SPRING_MOTION_MIN_DAMPING, 0, 0,
	    "must be between -0.95 and 0.95 (Motion raises 1 + bounce and "
	    "1 - bounce to 0.05)" },
	[MOTION_DURATION] = { SPRING_MOTION_MIN_DURATION,
	    SPRING_MOTION_MAX_DURATION, 0, 0,
	    "must be between 0.01 and 10 s (Motion clamps it there)" },
	[UNITY_TIME] = { SPRING_UNITY_MIN_SMOOTH_TIME, DBL_MAX, 0, 0,
	    "must be >= 0.0001 (Unity raises it to that)" },
	[REACT_PERIOD] = { SPRING_REACT_MIN_FREQUENCY, DBL_MAX, 0, 0,
	    "must be >= 0.01 (react-spring raises it to that)" },
	[UNIT_FACTOR] = { 0.0, 1.0, 1, 0, "must be > 0 and <= 1" },
	[POPMOTION_BOUNCE] = { 0.0, 1.0 - SPRING_MOTION_MIN_DAMPING, 0, 0,
	    "must be between 0 and 0.95 (popmotion clamps 1 - bounce to "
	    "0.05..1)" },
	[POPMOTION_DURATION] = { SPRING_MOTION_MIN_DURATION,
	    SPRING_MOTION_MAX_DURATION, 0, 0,
	    "must be between 0.01 and 10 s (popmotion clamps it there)" },
	[ANIME_DURATION] = { SPRING_ANIME_MIN_DURATION,
	    SPRING_ANIME_MAX_DURATION, 0, 0,
	    "must be between 0.01 and 10 s (anime.js clamps it there)" },
	[ANIME_BOUNCE] = { -1.0, 1.0, 0, 0,
	    "must be between -1 and 1 (anime.js clamps it there)" },
	[FLUTTER_DURATION] = { 0.001, DBL_MAX, 0, 0,
	    "must be >= 0.001 s (Flutter takes whole milliseconds, > 0)" },
	[FLUTTER_BOUNCE] = { -1.0, 1.0, 1, 0,
	    "must be > -1 and <= 1 (Flutter's damping ratio is 1 - B or "
	    "1 / (1 + B))" },
};

static const struct param_flag {
	const char *name;	/* the long option, without "--" */
	enum range range;
	int is_mass;		/* stands for --mass within its group */
} param_flags[P_COUNT] = {
	[P_STIFFNESS] = { "stiffness", POSITIVE, 0 },
	[P_DAMPING] = { "damping", NONNEGATIVE, 0 },
	[P_UAF] = { "uaf", POSITIVE, 0 },
	[P_DR] = { "dr", NONNEGATIVE, 0 },
	[P_HALFLIFE] = { "halflife", POSITIVE, 0 },
	[P_FREQUENCY] = { "frequency", POSITIVE, 0 },
	[P_CK] = { "ck", POSITIVE, 0 },
	[P_CD] = { "cd", NONNEGATIVE, 0 },
	[P_HZ] = { "hz", POSITIVE, 0 },
	[P_DECAY] = { "decay", OPEN_UNIT, 0 },
	[P_DECAY_TIME] = { "decay-time", POSITIVE, 0 },
	[P_OUT_OMEGA] = { "omega", POSITIVE, 0 },
	[P_OUT_ZETA] = { "zeta", NONNEGATIVE, 0 },
	[P_SWIFTUI_RESPONSE] = { "swiftui-response", POSITIVE, 0 },
	[P_SWIFTUI_DAMPING_FRACTION] = { "swiftui-damping-fraction",
	    NONNEGATIVE, 0 },
	[P_SWIFTUI_DURATION] = { "swiftui-duration", POSITIVE, 0 },
	[P_SWIFTUI_BOUNCE] = { "swiftui-bounce", SWIFTUI_BOUNCE, 0 },
	[P_ANDROID_STIFFNESS] = { "android-stiffness", POSITIVE, 0 },
	[P_ANDROID_DAMPING_RATIO] = { "android-damping-ratio", NONNEGATIVE,
	    0 },
	[P_UNITY_SMOOTH_TIME] = { "unity-smooth-time", UNITY_TIME, 0 },
	[P_REACT_TENSION] = { "react-tension", POSITIVE, 0 },
	[P_REACT_FRICTION] = { "react-friction", NONNEGATIVE, 0 },
	[P_REACT_MASS] = { "react-mass", POSITIVE, 1 },
	[P_REACT_FREQUENCY] = { "react-frequency", REACT_PERIOD, 0 },
	[P_REACT_DAMPING_RATIO] = { "react-damping-ratio", NONNEGATIVE, 0 },
	[P_MOTION_STIFFNESS] = { "motion-stiffness", POSITIVE, 0 },
	[P_MOTION_DAMPING] = { "motion-damping", NONNEGATIVE, 0 },
	[P_MOTION_MASS] = { "motion-mass", POSITIVE, 1 },
	[P_MOTION_DURATION] = { "motion-duration", MOTION_DURATION, 0 },
	[P_MOTION_VISUAL_DURATION] = { "motion-visual-duration", POSITIVE,
	    0 },
	[P_MOTION_BOUNCE] = { "motion-bounce", MOTION_BOUNCE, 0 },
	[P_REBOUND_TENSION] = { "rebound-tension", POSITIVE, 0 },
	[P_REBOUND_FRICTION] = { "rebound-friction", NONNEGATIVE, 0 },
	[P_ORIGAMI_TENSION] = { "origami-tension", POSITIVE, 0 },
	[P_ORIGAMI_FRICTION] = { "origami-friction", NONNEGATIVE, 0 },
	[P_BOX2D_HERTZ] = { "box2d-hertz", POSITIVE, 0 },
	[P_BOX2D_DAMPING_RATIO] = { "box2d-damping-ratio", NONNEGATIVE, 0 },
	[P_POPMOTION_STIFFNESS] = { "popmotion-stiffness", POSITIVE, 0 },
	[P_POPMOTION_DAMPING] = { "popmotion-damping", NONNEGATIVE, 0 },
	[P_POPMOTION_MASS] = { "popmotion-mass", POSITIVE, 1 },
	[P_POPMOTION_DURATION] = { "popmotion-duration", POPMOTION_DURATION,
	    0 },
	[P_POPMOTION_BOUNCE] = { "popmotion-bounce", POPMOTION_BOUNCE, 0 },
	/* wobble and React Native refuse a damping of 0 (an invariant) */
	[P_WOBBLE_STIFFNESS] = { "wobble-stiffness", POSITIVE, 0 },
	[P_WOBBLE_DAMPING] = { "wobble-damping", POSITIVE, 0 },
	[P_WOBBLE_MASS] = { "wobble-mass", POSITIVE, 1 },
	[P_REACT_MOTION_STIFFNESS] = { "react-motion-stiffness", POSITIVE, 0 },
	[P_REACT_MOTION_DAMPING] = { "react-motion-damping", NONNEGATIVE, 0 },
	[P_MOTION_ONE_STIFFNESS] = { "motion-one-stiffness", POSITIVE, 0 },
	[P_MOTION_ONE_DAMPING] = { "motion-one-damping", NONNEGATIVE, 0 },
	[P_MOTION_ONE_MASS] = { "motion-one-mass", POSITIVE, 1 },
	[P_SVELTE_STIFFNESS] = { "svelte-stiffness", POSITIVE, 0 },
	[P_SVELTE_DAMPING] = { "svelte-damping", NONNEGATIVE, 0 },
	[P_ANIME_STIFFNESS] = { "anime-stiffness", POSITIVE, 0 },
	[P_ANIME_DAMPING] = { "anime-damping", NONNEGATIVE, 0 },
	[P_ANIME_MASS] = { "anime-mass", POSITIVE, 1 },
	[P_ANIME_DURATION] = { "anime-duration", ANIME_DURATION, 0 },
	[P_ANIME_BOUNCE] = { "anime-bounce", ANIME_BOUNCE, 0 },
	[P_RN_STIFFNESS] = { "rn-stiffness", POSITIVE, 0 },
	[P_RN_DAMPING] = { "rn-damping", POSITIVE, 0 },
	[P_RN_MASS] = { "rn-mass", POSITIVE, 1 },
	[P_RN_BOUNCINESS] = { "rn-bounciness", NONNEGATIVE, 0 },
	[P_RN_SPEED] = { "rn-speed", NONNEGATIVE, 0 },
	[P_COMPOSE_STIFFNESS] = { "compose-stiffness", POSITIVE, 0 },
	[P_COMPOSE_DAMPING_RATIO] = { "compose-damping-ratio", NONNEGATIVE,
	    0 },
	[P_FLUTTER_STIFFNESS] = { "flutter-stiffness", POSITIVE, 0 },
	[P_FLUTTER_DAMPING] = { "flutter-damping", NONNEGATIVE, 0 },
	[P_FLUTTER_MASS] = { "flutter-mass", POSITIVE, 1 },
	[P_FLUTTER_DURATION] = { "flutter-duration", FLUTTER_DURATION, 0 },
	[P_FLUTTER_BOUNCE] = { "flutter-bounce", FLUTTER_BOUNCE, 0 },
	[P_FACTOR] = { "factor", UNIT_FACTOR, 0 },
	[P_FT] = { "ft", POSITIVE, 0 },
};

/* No flags given yet; mass 1. */
void
param_set_init(struct param_set *ps)
{
	memset(ps, 0, sizeof(*ps));
	ps->mass = 1.0;
}

/* Whether the first n entries of opts have one named name. */
static int
has_option(const struct option *opts, size_t n, const char *name)
{
	size_t i;

	/* the first letters first: this runs for every parameter flag
	 * against every option of a command (~6000 strcmp calls a start) */
	for (i = 0; i < n; i++)
		if (opts[i].name[0] == name[0] && strcmp(opts[i].name, name) == 0)
			return 1;
	return 0;
}

/*
 * own's entries, then one per parameter flag (but one own already
 * names) and --mass, then NULL.
 */
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
		/* a command's own flag of that name wins (resonance's --hz) */
		if (has_option(out, n, param_flags[p].name))
			continue;
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
	    param_flags[c - PARAM_OPT].name);
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

/* Whether x is within flag id's range. */
static int
in_range(enum param_id id, double x)
{
	const struct range_rule *r = &range_rules[param_flags[id].range];

	return (r->lo_open ? x > r->lo : x >= r->lo) &&
	    (r->hi_open ? x < r->hi : x <= r->hi);
}

/* Check a parameter flag's value (typed as arg) against its range. */
static int
check_param(enum param_id id, double x, const char *arg)
{
	const struct param_flag *pf = &param_flags[id];

	if (in_range(id, x))
		return 0;
	warn_msg("--%s: '%s' %s", pf->name, arg, range_rules[pf->range].must);
	return -1;
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
		strncat(buf, param_flags[p].name, len - strlen(buf) - 1);
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
	for (g = param_groups; g->name != NULL; g++) {
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
	for (g = param_groups; g->name != NULL; g++)
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
		if (!mask_has(g->optional, p) || !param_flags[p].is_mass)
			continue;
		if (ps->mass_arg != NULL) {
			usage_error("--%s and --mass both give the mass: give "
			    "one", param_flags[p].name);
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
	    (param_flags[p].is_mass && !mass_moves(g)))
		return 0;
	*name = param_flags[p].name;
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
	double mass;
	int p, rc;

	if (find_group(ps->given, &g) != 0)
		return -1;
	for (p = mask_next(&ps->given, 0); p < P_COUNT;
	    p = mask_next(&ps->given, p + 1))
		if (check_param(p, ps->value[p], ps->arg[p]) != 0)
			return -1;
	if (group_mass(ps, g, &mass) != 0)
		return -1;
	if (g == NULL)
		rc = spring_from_uaf(4.0 * PI, 0.3, sp);
	else
		rc = g->convert(ps->value, mass, h, sp);
	if (rc == -2)		/* the converter said why */
		return -1;
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
	const struct param_group *g;
	enum param_id omega, zeta;
	int p;

	pl->group = -1;
	pl->own_mass = -1;
	pl->nids = 0;
	pl->omega_id = pl->zeta_id = -1;
	pl->uses_step = param_uses_step(ps);
	if (mask_count(ps->given) > 0) {
		for (g = param_groups; g->name != NULL; g++)
			if (mask_eq(mask_minus(ps->given, g->optional),
			    g->flags))
				break;
		if (g->name == NULL)
			return -1;
		pl->group = (int)(g - param_groups);
		if (group_as_given(g, &omega, &zeta)) {
			pl->omega_id = (int)omega;
			pl->zeta_id = (int)zeta;
		}
	}
	for (p = mask_next(&ps->given, 0); p < P_COUNT;
	    p = mask_next(&ps->given, p + 1)) {
		pl->ids[pl->nids++] = (unsigned char)p;
		if (pl->group >= 0 && param_flags[p].is_mass &&
		    mask_has(param_groups[pl->group].optional, p)) {
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
	pl->own_mass = -1;
	pl->nids = 0;
	pl->omega_id = pl->zeta_id = -1;
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
 * value against its range (param_planned_fit), the group's converter
 * (Studio Gobo's pair called straight: it says nothing).
 */
int
param_resolve_planned(const struct param_plan *pl, const double *value,
    double mass, double h, spring_params *sp)
{
	int rc, mute;

	if (!param_planned_fit(pl, value))
		return -1;
	if (pl->own_mass >= 0)
		mass = value[pl->own_mass];
	if (pl->omega_id >= 0)
		rc = spring_from_uaf(value[pl->omega_id], value[pl->zeta_id],
		    sp);
	else {
		/* a converter may warn (Ck above 1) or say why it failed */
		mute = message_mute;
		message_mute = 1;
		if (pl->group < 0)
			rc = spring_from_uaf(4.0 * PI, 0.3, sp);
		else
			rc = param_groups[pl->group].convert(value, mass, h,
			    sp);
		message_mute = mute;
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

	for (g = param_groups; g->name != NULL; g++) {
		flag_list(g->flags, names, sizeof(names));
		if (mask_count(g->optional) != 0) {
			flag_list(g->optional, extra, sizeof(extra));
			strncat(names, " (optional ", sizeof(names) -
			    strlen(names) - 1);
			strncat(names, extra, sizeof(names) - strlen(names) - 1);
			strncat(names, ")", sizeof(names) - strlen(names) - 1);
		}
		fprintf(fp, "  %-20s %s  [%s]\n", g->name, names, g->source);
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
	if (g == NULL || g->engines == NULL)
		return 0;
	if (!list_has_word(g->engines, engine)) {
		for (p = 0; p < P_COUNT && !mask_has(g->flags, p); p++)
			;
		param_engine_groups(engine, own, sizeof(own));
		usage_error("--%s: '%s' is a parameter of %s, not of "
		    "--engine %s (%s%s)", param_flags[p].name, ps->arg[p],
		    g->source, engine, own[0] != '\0' ? "which takes " :
		    "which takes springsim's conventions", own);
		return -1;
	}
	if (g->duration) {
		*form = SPRING_ENGINE_DURATION;
		*duration = ps->value[g->duration_id];
		*bounce = ps->value[g->bounce_id];
	}
	return 0;
}

/* See paramflags.h. */
void
param_engine_groups(const char *engine, char *buf, size_t len)
{
	const struct param_group *g;
	char names[160];

	buf[0] = '\0';
	for (g = param_groups; g->name != NULL; g++) {
		if (g->engines == NULL || !list_has_word(g->engines, engine))
			continue;
		flag_list(mask_or(g->flags, g->optional), names, sizeof(names));
		if (buf[0] != '\0')
			strncat(buf, "; ", len - strlen(buf) - 1);
		strncat(buf, names, len - strlen(buf) - 1);
	}
}
