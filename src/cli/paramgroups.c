/*
 * paramgroups.c - the parameter flags and their groups, from the
 * library's table of dialects (spring_dialects[], dialects.c: each
 * dialect's parameters, their flags, ranges, help lines and conversions):
 * the flags numbered once (springsim's own keep the fixed ids the
 * commands name), each dialect's group resolved to those ids, what the
 * CLI says beyond the library (Nissen's warnings, React Native's
 * refusal), and the conventions' paragraphs of --help.  paramflags.c
 * reads and checks the flags and finds the group they name.
 */
#include <float.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "spring.h"
#include "nameset.h"
#include "paramflags.h"
#include "paramgroups.h"

/* Room for the groups: one a dialect. */
#define MAX_GROUPS 64

/* springsim's own flags: the ids the commands name (paramflags.h). */
static const char *const own_names[P_DIALECT] = {
	[P_STIFFNESS] = "stiffness", [P_DAMPING] = "damping",
	[P_UAF] = "uaf", [P_DR] = "dr", [P_HALFLIFE] = "halflife",
	[P_FREQUENCY] = "frequency", [P_CK] = "ck", [P_CD] = "cd",
	[P_HZ] = "hz", [P_DECAY] = "decay", [P_DECAY_TIME] = "decay-time",
	[P_OUT_OMEGA] = "omega", [P_OUT_ZETA] = "zeta",
};

/* The damper's flags, in no dialect: their rows as they are. */
static const struct param_flag damper_flags[] = {
	{ "factor", 0.0, 1.0, 1, 0, "must be > 0 and <= 1", 0 },
	{ "ft", 0.0, DBL_MAX, 1, 0, "must be > 0", 0 },
};

/* Nissen's Ck and Cd above 1: allowed, with a warning. */
static void
nissen_warn(const double *v)
{
	if (v[0] > 1.0)
		warn_msg("warning: --ck %g is above 1: Nissen's spring is less "
		    "stiff and less stable there", v[0]);
	if (v[1] > 1.0)
		warn_msg("warning: --cd %g is above 1: Nissen's spring is less "
		    "stable there", v[1]);
}

/*
 * React Native refuses the damping <= 0 that a large bounciness gives
 * (SpringAnimation's invariant).
 */
static void
rn_refused(const double *v)
{
	warn_msg("--rn-bounciness: '%g' (with --rn-speed '%g') gives React "
	    "Native a damping <= 0, which it refuses", v[0], v[1]);
}

/* What the CLI says of a dialect beyond the library, by its name. */
static const struct param_hook {
	const char *dialect;
	void (*warn)(const double *v);
	void (*refused)(const double *v);
} param_hooks[] = {
	{ "ck/cd", nissen_warn, NULL },
	{ "rn-bounciness", NULL, rn_refused },
	{ NULL, NULL, NULL }
};

/* The flags and groups, built once (param_flag_row, param_group_table). */
static struct param_flag flags[P_COUNT];
static struct param_group groups[MAX_GROUPS + 1];
static pthread_once_t built = PTHREAD_ONCE_INIT;

/*
 * While building: each flag's id by its name, and the last dialect with
 * a parameter of that flag that is not a mass (a hash each: every
 * parameter's flag compared with every other was 0.05 ms of each start).
 */
static struct nameset ids, last_row;

/* The id of the flag called name, or -1. */
static int
flag_id(const char *name)
{
	return nameset_get(&ids, name);
}

/* Flag p named name: in flags[] and ids.  A table too big: abort. */
static void
flag_name(int p, const char *name)
{
	flags[p].name = name;
	if (nameset_put(&ids, name, p) != 0)
		abort();
}

/*
 * Whether a dialect after row r has a parameter of flag f that is not
 * a mass: a flag two groups need (Motion's bounce) is numbered with the
 * last of them, a mass with the first, so that each group's flags list
 * as they always have (--motion-visual-duration and --motion-bounce;
 * --react-mass, --react-frequency and --react-damping-ratio).
 */
static int
needed_later(int r, const char *f)
{
	return nameset_get(&last_row, f) > r;
}

/* Flag p's range and message from the dialect's parameter q. */
static void
flag_range(struct param_flag *f, const spring_dialect_param *q)
{
	f->lo = q->min;
	f->hi = q->max;
	f->lo_open = q->min_open;
	f->hi_open = q->max_open;
	f->must = q->range;
	f->is_mass = q->is_mass;
}

/*
 * Number the flags and resolve the groups: springsim's own names first
 * (their ranges from the dialects where they first appear), then each
 * dialect's other flags in the table's order, the damper's last.  A
 * table bigger than the ids' room is a bug: abort.
 */
static void
build(void)
{
	const spring_dialect_param *q;
	const struct param_hook *h;
	struct param_group *g;
	int r, i, p, next = P_DIALECT;

	nameset_init(&ids);
	nameset_init(&last_row);
	for (r = 0; spring_dialects[r] != NULL; r++)
		for (q = spring_dialects[r]->params; q->name != NULL; q++)
			if (!q->is_mass && nameset_put(&last_row, q->flag, r) != 0)
				abort();
	for (p = 0; p < P_DIALECT; p++)
		flag_name(p, own_names[p]);
	for (r = 0; spring_dialects[r] != NULL; r++)
		for (q = spring_dialects[r]->params; q->name != NULL; q++) {
			if (flag_id(q->flag) >= 0 || (!q->is_mass &&
			    needed_later(r, q->flag)))
				continue;
			if (next >= P_FACTOR)
				abort();
			flag_name(next++, q->flag);
		}
	flags[P_FACTOR] = damper_flags[0];
	flags[P_FT] = damper_flags[1];
	flag_name(P_FACTOR, damper_flags[0].name);
	flag_name(P_FT, damper_flags[1].name);
	for (r = 0; spring_dialects[r] != NULL; r++) {
		if (r >= MAX_GROUPS)
			abort();
		g = &groups[r];
		g->d = spring_dialects[r];
		for (i = 0, q = g->d->params; q->name != NULL; i++, q++) {
			p = flag_id(q->flag);
			if (flags[p].must == NULL)
				flag_range(&flags[p], q);
			g->id[i] = (unsigned char)p;
			g->is_mass[i] = (unsigned char)q->is_mass;
			g->flags.w[p / 64] |= q->is_mass ? 0 : 1ull << (p % 64);
			g->optional.w[p / 64] |= q->is_mass ? 1ull << (p % 64) :
			    0;
		}
		g->n = i;
		for (h = param_hooks; h->dialect != NULL; h++)
			if (strcmp(h->dialect, g->d->name) == 0) {
				g->warn = h->warn;
				g->refused = h->refused;
			}
	}
}

/* See paramgroups.h. */
const struct param_flag *
param_flag_row(int id)
{
	pthread_once(&built, build);
	return &flags[id];
}

/* See paramgroups.h. */
const struct param_group *
param_group_table(void)
{
	pthread_once(&built, build);
	return groups;
}

/* See paramgroups.h: a mass parameter's value is the group's mass. */
void
param_group_values(const struct param_group *g, const double *value,
    double mass, double *v)
{
	int i;

	for (i = 0; i < g->n; i++)
		v[i] = g->is_mass[i] ? mass : value[g->id[i]];
}

/*
 * Whether --mass (or the group's own mass flag) changes omega and zeta:
 * for stiffness, damping and mass, not where the mass only scales forces
 * (Ck/Cd: it cancels).
 */
int
mass_moves(const struct param_group *g)
{
	return g != NULL && g->d->mass_moves;
}

/* The help lines of the dialects of kind k. */
static void
kind_usage(FILE *fp, int k)
{
	const spring_dialect *const *d;

	for (d = spring_dialects; *d != NULL; d++)
		if ((*d)->kind == k)
			fputs((*d)->help, fp);
}

/* The conventions' paragraphs of --help: each dialect's lines. */
void
param_usage(FILE *fp)
{
	fputs(
"Spring parameters, exactly one group (default: omega 4 pi rad/s = 2 Hz,\n"
"zeta 0.3):\n", fp);
	kind_usage(fp, SPRING_DIALECT_OWN);
	fputs(
"  --mass M            kg, > 0 (default 1)\n"
"Two half-lives: Holden's H is twice the time in which the envelope\n"
"e^(-zeta omega t) of the offset halves; that time, ln2 / (zeta omega) =\n"
"H / 2, is the half-life of Chou's decay (P = 0.5) and of physics.\n"
"\n"
"Other libraries' parameters, each a group like the above (per unit mass\n"
"where the library has none; a library's mass flag stands for --mass):\n",
	    fp);
	kind_usage(fp, SPRING_DIALECT_LIBRARY);
	fputs(
"These give each library's spring in springsim's terms; a run's engine\n"
"option steps it as the library does (react-spring's 1 ms Euler,\n"
"Rebound's 1 ms RK4, Box2D's soft step, Unity's float SmoothDamp ...).\n"
"More libraries, in their own words (a run's engine takes its\n"
"library's groups and the conventions above):\n", fp);
	kind_usage(fp, SPRING_DIALECT_ENGINE);
	fputs("springsim --help, Engines, lists the engines and their flags.\n",
	    fp);
}
