/*
 * paramflags.c - the spring's parameter flags: one convention per call,
 * checked strictly and converted to (omega, zeta, mass) by the library.
 * The articles' conventions come from params.c, the other libraries'
 * dialects from dialects.c (which cites each library's source).
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "spring.h"
#include "paramflags.h"

#define PI 3.141592653589793238462643383280
#define BIT(p) (1ull << (p))

/*
 * How a parameter flag's value is checked: an interval and the message's
 * "must ...".  A library that would silently change a value (clamp it)
 * has its clamp as the range, so the flag says what the library does.
 */
enum range {
	POSITIVE, NONNEGATIVE, OPEN_UNIT, SWIFTUI_BOUNCE, MOTION_BOUNCE,
	MOTION_DURATION, UNITY_TIME, REACT_PERIOD, UNIT_FACTOR
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
	[MOTION_BOUNCE] = { 0.0, 1.0 - SPRING_MOTION_MIN_DAMPING, 0, 0,
	    "must be between 0 and 0.95 (Motion clamps 1 - bounce to "
	    "0.05..1)" },
	[MOTION_DURATION] = { SPRING_MOTION_MIN_DURATION,
	    SPRING_MOTION_MAX_DURATION, 0, 0,
	    "must be between 0.01 and 10 s (Motion clamps it there)" },
	[UNITY_TIME] = { SPRING_UNITY_MIN_SMOOTH_TIME, DBL_MAX, 0, 0,
	    "must be >= 0.0001 (Unity raises it to that)" },
	[REACT_PERIOD] = { SPRING_REACT_MIN_FREQUENCY, DBL_MAX, 0, 0,
	    "must be >= 0.01 (react-spring raises it to that)" },
	[UNIT_FACTOR] = { 0.0, 1.0, 1, 0, "must be > 0 and <= 1" },
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
	[P_FACTOR] = { "factor", UNIT_FACTOR, 0 },
	[P_FT] = { "ft", POSITIVE, 0 },
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

/* SwiftUI's response and dampingFraction. */
static int
from_swiftui_response(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_swiftui_response(v[P_SWIFTUI_RESPONSE],
	    v[P_SWIFTUI_DAMPING_FRACTION], p);
}

/* SwiftUI's duration and bounce. */
static int
from_swiftui_duration(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_swiftui_duration(v[P_SWIFTUI_DURATION],
	    v[P_SWIFTUI_BOUNCE], p);
}

/* Android's SpringForce stiffness and damping ratio. */
static int
from_android(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_android(v[P_ANDROID_STIFFNESS],
	    v[P_ANDROID_DAMPING_RATIO], p);
}

/* Unity's SmoothDamp smoothTime. */
static int
from_unity(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_unity(v[P_UNITY_SMOOTH_TIME], p);
}

/* react-spring's tension, friction and mass. */
static int
from_react(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_react(v[P_REACT_TENSION], v[P_REACT_FRICTION],
	    mass, p);
}

/* react-spring's frequency (a period) and damping ratio. */
static int
from_react_frequency(const double *v, double mass, double h,
    spring_params *p)
{
	(void)h;
	return spring_from_react_frequency(v[P_REACT_FREQUENCY],
	    v[P_REACT_DAMPING_RATIO], mass, p);
}

/* Motion's stiffness, damping and mass. */
static int
from_motion(const double *v, double mass, double h, spring_params *p)
{
	(void)h;
	return spring_from_motion(v[P_MOTION_STIFFNESS], v[P_MOTION_DAMPING],
	    mass, p);
}

/* Motion's duration and bounce. */
static int
from_motion_duration(const double *v, double mass, double h,
    spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_motion_duration(v[P_MOTION_DURATION],
	    v[P_MOTION_BOUNCE], p);
}

/* Motion's visualDuration and bounce. */
static int
from_motion_visual(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_motion_visual(v[P_MOTION_VISUAL_DURATION],
	    v[P_MOTION_BOUNCE], p);
}

/* Rebound's tension and friction. */
static int
from_rebound(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_rebound(v[P_REBOUND_TENSION], v[P_REBOUND_FRICTION],
	    p);
}

/* Origami's tension and friction, through Rebound's converter. */
static int
from_origami(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_origami(v[P_ORIGAMI_TENSION], v[P_ORIGAMI_FRICTION],
	    p);
}

/* Box2D's soft constraint hertz and damping ratio. */
static int
from_box2d(const double *v, double mass, double h, spring_params *p)
{
	(void)mass;
	(void)h;
	return spring_from_box2d(v[P_BOX2D_HERTZ], v[P_BOX2D_DAMPING_RATIO], p);
}

/*
 * The conventions: exactly one group per call (or none, for the
 * default): every flag of `flags`, and any of `optional`.  --mass may go
 * with any of them; it changes the motion only for stiffness/damping and
 * the libraries' stiffness/damping/mass groups (with Ck/Cd the mass
 * cancels: omega = sqrt(Ck) / h, zeta = Cd / (2 sqrt(Ck))); otherwise it
 * scales forces and energy.  A library's own mass flag (optional) stands
 * for --mass.
 */
static const struct param_group {
	unsigned long long flags, optional;
	const char *name;
	const char *source;
	int (*convert)(const double *v, double mass, double h,
	    spring_params *p);
} param_groups[] = {
	{ BIT(P_STIFFNESS) | BIT(P_DAMPING), 0, "stiffness/damping",
	  "Fiedler, Holden", from_stiffness },
	{ BIT(P_UAF) | BIT(P_DR), 0, "uaf/dr", "Studio Gobo", from_uaf },
	{ BIT(P_HALFLIFE) | BIT(P_FREQUENCY), 0, "halflife/frequency",
	  "Holden", from_halflife_frequency },
	{ BIT(P_HALFLIFE) | BIT(P_DR), 0, "halflife/dr", "Holden",
	  from_halflife_dr },
	{ BIT(P_CK) | BIT(P_CD), 0, "ck/cd", "Nissen", from_nissen },
	{ BIT(P_HZ) | BIT(P_DECAY) | BIT(P_DECAY_TIME), 0,
	  "hz/decay/decay-time", "Chou", from_chou },
	{ BIT(P_SWIFTUI_RESPONSE) | BIT(P_SWIFTUI_DAMPING_FRACTION), 0,
	  "swiftui-response", "SwiftUI Spring(response:dampingFraction:)",
	  from_swiftui_response },
	{ BIT(P_SWIFTUI_DURATION) | BIT(P_SWIFTUI_BOUNCE), 0,
	  "swiftui-duration", "SwiftUI Spring(duration:bounce:)",
	  from_swiftui_duration },
	{ BIT(P_ANDROID_STIFFNESS) | BIT(P_ANDROID_DAMPING_RATIO), 0,
	  "android", "Android SpringForce", from_android },
	{ BIT(P_UNITY_SMOOTH_TIME), 0, "unity", "Unity Mathf.SmoothDamp",
	  from_unity },
	{ BIT(P_REACT_TENSION) | BIT(P_REACT_FRICTION), BIT(P_REACT_MASS),
	  "react", "react-spring config", from_react },
	{ BIT(P_REACT_FREQUENCY) | BIT(P_REACT_DAMPING_RATIO),
	  BIT(P_REACT_MASS), "react-frequency",
	  "react-spring frequency/damping", from_react_frequency },
	{ BIT(P_MOTION_STIFFNESS) | BIT(P_MOTION_DAMPING), BIT(P_MOTION_MASS),
	  "motion", "Motion (framer-motion)", from_motion },
	{ BIT(P_MOTION_DURATION) | BIT(P_MOTION_BOUNCE), 0,
	  "motion-duration", "Motion findSpring, emulated",
	  from_motion_duration },
	{ BIT(P_MOTION_VISUAL_DURATION) | BIT(P_MOTION_BOUNCE), 0,
	  "motion-visual-duration", "Motion visualDuration",
	  from_motion_visual },
	{ BIT(P_REBOUND_TENSION) | BIT(P_REBOUND_FRICTION), 0, "rebound",
	  "Facebook Rebound", from_rebound },
	{ BIT(P_ORIGAMI_TENSION) | BIT(P_ORIGAMI_FRICTION), 0, "origami",
	  "Rebound OrigamiValueConverter", from_origami },
	{ BIT(P_BOX2D_HERTZ) | BIT(P_BOX2D_DAMPING_RATIO), 0, "box2d",
	  "Box2D b2MakeSoft", from_box2d },
	{ 0, 0, NULL, NULL, NULL }
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
	double x;

	if (c != PARAM_OPT_MASS && (c < PARAM_OPT || c >= PARAM_OPT + P_COUNT))
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

/* See paramflags.h. */
int
param_set_value(struct param_set *ps, int c, const char *arg, double x)
{
	char flag[40];
	int p = c - PARAM_OPT;

	if (c != PARAM_OPT_MASS && (p < 0 || p >= P_COUNT))
		return 0;
	if (fabs(x) > MAX_MAGNITUDE) {
		param_flag_name(c, flag, sizeof(flag));
		warn_msg("%s: '%s' is beyond +-%g", flag, arg, MAX_MAGNITUDE);
		return -1;
	}
	if (c == PARAM_OPT_MASS) {
		if (!(x > 0.0)) {
			warn_msg("--mass: '%s' must be > 0", arg);
			return -1;
		}
		ps->mass = x;
		ps->mass_arg = arg;
		return 1;
	}
	ps->value[p] = x;
	ps->arg[p] = arg;
	ps->given |= BIT(p);
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
flag_list(unsigned long long mask, char *buf, size_t len)
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
partners(unsigned long long given, char *buf, size_t len)
{
	const struct param_group *g;
	char one[160];
	int n = 0;

	buf[0] = '\0';
	for (g = param_groups; g->name != NULL; g++) {
		if ((given & ~(g->flags | g->optional)) != 0)
			continue;
		strncat(buf, n++ == 0 ? "" : " or ", len - strlen(buf) - 1);
		strncat(buf, flag_list(g->flags & ~given, one, sizeof(one)),
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
find_group(unsigned long long given, const struct param_group **out)
{
	const struct param_group *g;
	char have[480], need[480];

	*out = NULL;
	if (given == 0)
		return 0;
	for (g = param_groups; g->name != NULL; g++)
		if ((given & ~g->optional) == g->flags) {
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
	for (p = 0; g != NULL && p < P_COUNT; p++) {
		if (!(g->optional & ps->given & BIT(p)) ||
		    !param_flags[p].is_mass)
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
 * Whether --mass (or the group's own mass flag) changes omega and zeta:
 * for stiffness, damping and mass, not where the mass only scales forces
 * (Ck/Cd: it cancels).
 */
static int
mass_moves(const struct param_group *g)
{
	return g != NULL && (g->convert == from_stiffness ||
	    g->convert == from_react || g->convert == from_motion);
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
	if (!(ps->given & BIT(p)) || (param_flags[p].is_mass && !mass_moves(g)))
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
	for (p = 0; p < P_COUNT; p++)
		if ((ps->given & BIT(p)) &&
		    check_param(p, ps->value[p], ps->arg[p]) != 0)
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

/*
 * See paramflags.h: find_group and group_mass once; what is left for
 * each set of values is param_resolve's arithmetic.
 */
int
param_plan(const struct param_set *ps, struct param_plan *pl)
{
	const struct param_group *g;
	int p;

	pl->group = -1;
	pl->own_mass = -1;
	pl->nids = 0;
	if (ps->given != 0) {
		for (g = param_groups; g->name != NULL; g++)
			if ((ps->given & ~g->optional) == g->flags)
				break;
		if (g->name == NULL)
			return -1;
		pl->group = (int)(g - param_groups);
	}
	for (p = 0; p < P_COUNT; p++) {
		if (!(ps->given & BIT(p)))
			continue;
		pl->ids[pl->nids++] = (unsigned char)p;
		if (pl->group >= 0 && param_flags[p].is_mass &&
		    (param_groups[pl->group].optional & BIT(p))) {
			if (ps->mass_arg != NULL)
				return -1;	/* the mass twice */
			pl->own_mass = p;
		}
	}
	return 0;
}

/* See paramflags.h: param_resolve's steps, in its order, silent. */
int
param_resolve_planned(const struct param_plan *pl, const double *value,
    double mass, double h, spring_params *sp)
{
	int i, rc, mute = message_mute;

	for (i = 0; i < pl->nids; i++)
		if (!in_range(pl->ids[i], value[pl->ids[i]]))
			return -1;
	if (pl->own_mass >= 0)
		mass = value[pl->own_mass];
	/* a converter may warn (Ck above 1) or say why it failed */
	message_mute = 1;
	if (pl->group < 0)
		rc = spring_from_uaf(4.0 * PI, 0.3, sp);
	else
		rc = param_groups[pl->group].convert(value, mass, h, sp);
	message_mute = mute;
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
	unsigned long long own = BIT(P_HALFLIFE) | BIT(P_DAMPING) |
	    BIT(P_FACTOR), given = ps->given & ~BIT(P_FT);
	char names[480];
	int p;

	*ft = (ps->given & BIT(P_FT)) ? ps->value[P_FT] : 1.0 / 60.0;
	if ((given & ~own) != 0 || (given & (given - 1)) != 0) {
		flag_list(ps->given, names, sizeof(names));
		usage_error("--model damper takes one of --halflife, --damping, "
		    "--factor (and --ft), not %s", names);
		return -1;
	}
	for (p = 0; p < P_COUNT; p++)
		if ((ps->given & BIT(p)) &&
		    check_param(p, ps->value[p], ps->arg[p]) != 0)
			return -1;
	if (given == BIT(P_HALFLIFE))
		*rate = LN2 / ps->value[P_HALFLIFE];
	else if (given == BIT(P_DAMPING))
		*rate = ps->value[P_DAMPING];
	else if (given == BIT(P_FACTOR))
		*rate = -log1p(-ps->value[P_FACTOR]) / *ft;
	else
		*rate = LN2 / 0.1;	/* default: half-life 0.1 s */
	*factor = given == BIT(P_FACTOR) ? ps->value[P_FACTOR] :
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

	*halflife = 0.4;	/* default */
	if ((ps->given & ~BIT(P_HALFLIFE)) != 0) {
		flag_list(ps->given, names, sizeof(names));
		usage_error("--model %s takes --halflife, not %s", model, names);
		return -1;
	}
	if (ps->given == 0)
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
	return ps->given == (BIT(P_CK) | BIT(P_CD));
}

/* Whether flag id was given. */
int
param_given(const struct param_set *ps, enum param_id id)
{
	return (ps->given & BIT(id)) != 0;
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
	ps->given &= ~BIT(id);
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
		if (g->optional != 0) {
			flag_list(g->optional, extra, sizeof(extra));
			strncat(names, " (optional ", sizeof(names) -
			    strlen(names) - 1);
			strncat(names, extra, sizeof(names) - strlen(names) - 1);
			strncat(names, ")", sizeof(names) - strlen(names) - 1);
		}
		fprintf(fp, "  %-20s %s  [%s]\n", g->name, names, g->source);
	}
}

/* The conventions' paragraphs of --help. */
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
"  --mass M            kg, > 0 (default 1)\n"
"Two half-lives: Holden's H is twice the time in which the envelope\n"
"e^(-zeta omega t) of the offset halves; that time, ln2 / (zeta omega) =\n"
"H / 2, is the half-life of Chou's decay (P = 0.5) and of physics.\n"
"\n"
"Other libraries' parameters, each a group like the above (per unit mass\n"
"where the library has none; a library's mass flag stands for --mass):\n"
"  --swiftui-response R --swiftui-damping-fraction F   omega = 2 pi / R,\n"
"                      zeta = F  [SwiftUI Spring(response:dampingFraction:)]\n"
"  --swiftui-duration D --swiftui-bounce B   omega = 2 pi / D, zeta = 1 - B\n"
"                      for B >= 0, 1 / (1 + B) for B < 0 (-1 < B <= 1)\n"
"                      [SwiftUI Spring(duration:bounce:)]\n"
"  --android-stiffness K --android-damping-ratio Z   mass 1: omega =\n"
"                      sqrt(K), zeta = Z  [Android SpringForce]\n"
"  --unity-smooth-time T   critical, omega = 2 / T (T >= 0.0001); Unity\n"
"                      steps it with a rational e^-x (0.13 % off at\n"
"                      omega dt = 1) and clamps the overshoot\n"
"                      [Unity Mathf.SmoothDamp]\n"
"  --react-tension T --react-friction F [--react-mass M]   stiffness,\n"
"                      damping, mass (default 1)  [react-spring]\n"
"  --react-frequency P --react-damping-ratio Z [--react-mass M]   the\n"
"                      \"frequency\" is a period in s (>= 0.01): omega =\n"
"                      2 pi / P, zeta = Z  [react-spring]\n"
"  --motion-stiffness K --motion-damping D [--motion-mass M]   [Motion]\n"
"  --motion-duration D --motion-bounce B   zeta = 1 - B (0 <= B <= 0.95),\n"
"                      omega by Motion's own search (11 Newton steps on\n"
"                      its 0.1 % envelope; 0.01 <= D <= 10), an emulation\n"
"                      [Motion findSpring]\n"
"  --motion-visual-duration V --motion-bounce B   omega = 2 pi / (1.2 V),\n"
"                      zeta = 1 - B  [Motion]\n"
"  --rebound-tension T --rebound-friction F   mass 1: stiffness, damping\n"
"                      [Facebook Rebound]\n"
"  --origami-tension T --origami-friction F   Rebound's converter: tension\n"
"                      (T - 30) 3.62 + 194, friction (F - 8) 3 + 25; T > 0,\n"
"                      F >= 0, 0 stays 0  [Rebound OrigamiValueConverter]\n"
"  --box2d-hertz H --box2d-damping-ratio Z   omega = 2 pi H, zeta = Z\n"
"                      [Box2D b2MakeSoft]\n"
"These give each library's spring; its own update (react-spring's 1 ms\n"
"Euler, Rebound's 1 ms RK4, Box2D's soft step, Unity's) is not emulated.\n",
	    fp);
}
