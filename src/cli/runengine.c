/*
 * runengine.c - a run's --engine (another library's spring, engine.h):
 * the libraries' knobs as flags (built from the engines' knobs[] rows:
 * getopt entries, checks, help), what --engine refuses before anything
 * is resolved, and the engine's setup from the resolved spring and the
 * knobs, with the library's own check.
 */
#include <float.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nameset.h"
#include "numfmt.h"
#include "run.h"
#include "setup.h"

/*
 * The libraries' knobs are the rows of the engines' knobs[] (engine.h):
 * a flag is one knob id however many engines list it, its first row
 * (the engines in the table's order) standing for it; the ids go by kind
 * (switches, numbers, counts, ranges), each kind's in that order.  The
 * flag's getopt_long value is KNOB_OPT + id; rs->knob[id] its value.
 */

/*
 * The rows that stand for the knob ids, in id order, numbered once (a
 * walk of the rows for each id, as it was, is quadratic, and a start
 * asks for every id: 0.7 ms of each of the page's runs); NULL after the
 * last.
 * More rows than the table holds is a bug: abort.
 */
#define KNOB_IDS (4 * KNOBS_MAX)
static const spring_engine_knob *knob_ids[KNOB_IDS + 1];
static pthread_once_t knobs_numbered = PTHREAD_ONCE_INIT;

/*
 * knob_ids[] filled: each kind's first rows, in the engines' order (the
 * first rows found once, in one pass with a hash of the flags seen).
 */
static void
knobs_number(void)
{
	static struct nameset seen;
	static const spring_engine_knob *first[KNOB_IDS];
	const spring_engine *const *e;
	const spring_engine_knob *k;
	int kind, i, nfirst = 0, n = 0;

	nameset_init(&seen);
	for (e = spring_engines; *e != NULL; e++)
		for (k = (*e)->knobs; k != NULL && k->option != NULL; k++)
			if (k->flag != NULL && nameset_get(&seen, k->flag) < 0) {
				if (nfirst >= KNOB_IDS ||
				    nameset_put(&seen, k->flag, 0) != 0)
					abort();
				first[nfirst++] = k;
			}
	for (kind = SPRING_KNOB_SWITCH; kind <= SPRING_KNOB_RANGE; kind++)
		for (i = 0; i < nfirst; i++)
			if (first[i]->kind == kind)
				knob_ids[n++] = first[i];
}

/* The row that stands for knob id, or NULL past the last. */
static const spring_engine_knob *
knob_at(int id)
{
	pthread_once(&knobs_numbered, knobs_number);
	return id >= 0 && id < KNOB_IDS ? knob_ids[id] : NULL;
}

/* The knob of getopt_long value c, or NULL (not a knob's). */
static const spring_engine_knob *
knob_of(int c)
{
	if (c < KNOB_OPT || c >= KNOB_OPT + KNOBS_MAX)
		return NULL;
	return knob_at(c - KNOB_OPT);
}

/* The row of e's knobs[] with flag, or -1. */
static int
knob_row(const spring_engine *e, const char *flag)
{
	const spring_engine_knob *k;

	for (k = e->knobs; k != NULL && k->option != NULL; k++)
		if (k->flag != NULL && strcmp(k->flag, flag) == 0)
			return (int)(k - e->knobs);
	return -1;
}

/* See run.h: the flags, one an id; a row's ids fit its bits. */
const char *
engine_knob_flag(int id, int *has_arg)
{
	const spring_engine_knob *k = knob_at(id);

	if (k == NULL || id >= KNOBS_MAX)
		return NULL;
	*has_arg = k->kind != SPRING_KNOB_SWITCH;
	return k->flag;
}

/* Whether number x is inside knob k's range (its ends open or not). */
static int
knob_fits(const spring_engine_knob *k, double x)
{
	return (k->min_open ? x > k->min : x >= k->min) &&
	    (k->max_open ? x < k->max : x <= k->max);
}

/* See run.h. */
int
engine_knob_fits(int c, double x)
{
	const spring_engine_knob *k = knob_of(c);

	return k != NULL && k->kind == SPRING_KNOB_NUMBER &&
	    fabs(x) <= MAX_MAGNITUDE && knob_fits(k, x);
}

/* See run.h. */
enum sweep_kind
engine_knob_sweep(int c)
{
	const spring_engine_knob *k = knob_of(c);

	if (k == NULL)
		return SWEEP_NUMBER;
	switch (k->kind) {
	case SPRING_KNOB_SWITCH:
		return SWEEP_NONE;
	case SPRING_KNOB_NUMBER:
		return SWEEP_NUMBER;
	case SPRING_KNOB_COUNT:
		return SWEEP_INTEGER;
	default:
		return SWEEP_FIXED;	/* a range's LO:HI */
	}
}

/*
 * The message for number x of flag (arg its text) outside knob k's
 * range: -1.  "must be > 0" for (0, inf), as run's positive flags say.
 */
static int
knob_range_error(const char *flag, const char *arg,
    const spring_engine_knob *k)
{
	char lo[40] = "", hi[40] = "";

	if (k->min > -INFINITY)
		snprintf(lo, sizeof(lo), "%s %g", k->min_open ? ">" : ">=",
		    k->min);
	if (k->max < INFINITY)
		snprintf(hi, sizeof(hi), "%s %g", k->max_open ? "<" : "<=",
		    k->max);
	warn_msg("%s: '%s' must be %s%s%s", flag, arg, lo,
	    lo[0] != '\0' && hi[0] != '\0' ? " and " : "", hi);
	return -1;
}

/* See run.h. */
int
engine_knob_apply_number(struct run_setup *rs, int c, const char *arg,
    double x)
{
	const spring_engine_knob *k = knob_of(c);
	char flag[80];

	if (k == NULL || k->kind != SPRING_KNOB_NUMBER)
		return engine_knob_apply(rs, c, arg);
	snprintf(flag, sizeof(flag), "--%s", k->flag);
	if (!(fabs(x) <= MAX_MAGNITUDE)) {
		warn_msg("%s: '%s' is beyond +-%g", flag, arg, MAX_MAGNITUDE);
		return -1;
	}
	if (!knob_fits(k, x))
		return knob_range_error(flag, arg, k);
	rs->knob[c - KNOB_OPT] = x;
	rs->knob_given |= 1u << (c - KNOB_OPT);
	return 0;
}

/*
 * See run.h: a switch is on; a number checked as run's number flags are,
 * a count as its whole numbers, a range kept as text for the resolve
 * (which reads it once the engine is known to take it).
 */
int
engine_knob_apply(struct run_setup *rs, int c, const char *arg)
{
	const spring_engine_knob *k = knob_of(c);
	int id = c - KNOB_OPT;
	char flag[80];
	double x;
	long n;

	if (k == NULL)
		return -1;
	snprintf(flag, sizeof(flag), "--%s", k->flag);
	switch (k->kind) {
	case SPRING_KNOB_SWITCH:
		x = 1.0;
		break;
	case SPRING_KNOB_NUMBER:
		if (parse_double(flag, arg, &x) != 0)
			return -1;
		return engine_knob_apply_number(rs, c, arg, x);
	case SPRING_KNOB_COUNT:
		if (parse_long(flag, arg, (long)k->min + (k->min_open != 0),
		    (long)k->max - (k->max_open != 0), &n) != 0)
			return -1;
		x = (double)n;
		break;
	default:
		rs->knob_text[id] = arg;
		x = NAN;
		break;
	}
	rs->knob[id] = x;
	rs->knob_given |= 1u << id;
	return 0;
}

/* See run.h. */
int
engine_knob_get(const struct run_setup *rs, const char *flag, double *x)
{
	const spring_engine_knob *k;
	int id;

	for (id = 0; (k = knob_at(id)) != NULL && id < KNOBS_MAX; id++)
		if (strcmp(k->flag, flag) == 0 && (rs->knob_given >> id & 1u)) {
			*x = rs->knob[id];
			return 1;
		}
	return 0;
}

/*
 * See run.h: each flag's line, "  --FLAG ARG" and its row's help filled
 * to 75 columns under column 22 (three spaces after a longer head).
 */
void
engine_knob_usage(FILE *fp)
{
	const spring_engine_knob *k;
	const char *p;
	int id, col;

	for (id = 0; (k = knob_at(id)) != NULL; id++) {
		col = fprintf(fp, "  --%s%s%s", k->flag, k->arg != NULL ?
		    " " : "", k->arg != NULL ? k->arg : "");
		col += fprintf(fp, "%*s", col <= 20 ? 22 - col : 3, "");
		for (p = k->help; *p != '\0';) {
			int word = (int)strcspn(p, " ");

			if (p != k->help && col + 1 + word > 75)
				col = fprintf(fp, "\n%22s", "") - 1;
			else if (p != k->help)
				col += fprintf(fp, " ");
			col += fprintf(fp, "%.*s", word, p);
			for (p += word; *p == ' '; p++)
				;
		}
		fputc('\n', fp);
	}
}

/*
 * The engines that have knob k's flag, as a message lists them: "a",
 * "a or b", "a, b or c".
 */
static void
knob_who(const spring_engine_knob *k, char *buf, size_t len)
{
	const spring_engine *const *e;
	int n = 0, i = 0;
	size_t used = 0;

	for (e = spring_engines; *e != NULL; e++)
		n += knob_row(*e, k->flag) >= 0;
	buf[0] = '\0';
	for (e = spring_engines; *e != NULL && used < len; e++) {
		if (knob_row(*e, k->flag) < 0)
			continue;
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
		    i == 0 ? "" : i == n - 1 ? " or " : ", ", (*e)->name);
		i++;
	}
}

/*
 * Knob id's value as text for a message (rs was given it): " '2'", a
 * switch's nothing.
 */
static void
knob_text(const struct run_setup *rs, int id, const spring_engine_knob *k,
    char *val, size_t len)
{
	val[0] = '\0';
	if (k->kind == SPRING_KNOB_NUMBER)
		snprintf(val, len, " '%g'", rs->knob[id]);
	else if (k->kind == SPRING_KNOB_COUNT)
		snprintf(val, len, " '%ld'", (long)rs->knob[id]);
	else if (k->kind == SPRING_KNOB_RANGE)
		snprintf(val, len, " '%.60s'", rs->knob_text[id]);
}

/*
 * A knob without its library's engine: EXIT_OK, or EXIT_USAGE after the
 * message (the engines that take it listed).
 */
static int
knob_refusals(const struct run_setup *rs)
{
	const spring_engine *e = rs->engine != NULL ?
	    spring_engine_find(rs->engine) : NULL;
	const spring_engine_knob *k;
	char val[80], who[200];
	int id;

	for (id = 0; id < KNOBS_MAX && rs->knob_given >> id != 0; id++) {
		if (!(rs->knob_given >> id & 1u) || (k = knob_at(id)) == NULL)
			continue;
		if (e != NULL && knob_row(e, k->flag) >= 0)
			continue;
		knob_text(rs, id, k, val, sizeof(val));
		knob_who(k, who, sizeof(who));
		if (e == NULL)
			return usage_error("--%s%s goes with --engine %s",
			    k->flag, val, who);
		return usage_error("--%s%s goes with --engine %s, not "
		    "--engine %s", k->flag, val, who, e->name);
	}
	return EXIT_OK;
}

/*
 * What --engine refuses before anything is resolved: an unknown name,
 * the flags of springsim's own stepping (the engine runs the library's)
 * and a moving target (the libraries animate toward a fixed value); a
 * knob without its library's engine.
 */
int
engine_refusals(const struct run_setup *rs)
{
	const char *own = NULL, *val = NULL, *target = NULL;
	char num[64], hint[96];

	/* an unknown name first (the empty one too): the knobs name it */
	if (rs->engine != NULL && spring_engine_find(rs->engine) == NULL)
		return usage_error("--engine: unknown engine '%s'; %s",
		    rs->engine, suggest_name(rs->engine, SUGGEST_ENGINES, hint,
		    sizeof(hint), LIST_SHOWS));
	if (rs->knob_given != 0 && knob_refusals(rs) != EXIT_OK)
		return EXIT_USAGE;
	if (rs->engine == NULL)
		return EXIT_OK;
	if (strcmp(rs->model, "spring") != 0)
		own = "--model", val = rs->model;
	else if (rs->integrator != NULL)
		own = "--integrator", val = rs->integrator;
	else if (rs->substep != NULL)
		own = "--substep", val = rs->substep;
	else if (rs->have_max_dt)
		own = "--max-dt", val = "";
	else if (rs->have_max_substeps)
		own = "--max-substeps", val = "";
	else if (rs->fast_exp)
		own = "--fast-exp", val = NULL;
	if (own != NULL) {
		if (strcmp(own, "--max-dt") == 0)
			snprintf(num, sizeof(num), "%g", rs->max_dt), val = num;
		else if (strcmp(own, "--max-substeps") == 0)
			snprintf(num, sizeof(num), "%ld", rs->max_substeps),
			    val = num;
		return usage_error("--engine runs the library's own stepping; "
		    "%s%s%s%s does not apply", own, val != NULL ? " '" : "",
		    val != NULL ? val : "", val != NULL ? "'" : "");
	}
	if (rs->have_target_vel) {
		snprintf(num, sizeof(num), "%g", rs->sim.target_vel);
		target = "--target-vel", val = num;
	} else if (rs->signal_name != NULL)
		target = "--target-signal", val = rs->signal_name;
	else if (rs->target_file != NULL)
		target = "--target-file", val = rs->target_file;
	else if (rs->vel_source != NULL)
		target = "--target-vel-source", val = rs->vel_source;
	else if (rs->signal_flag != NULL)
		target = rs->signal_flag, val = NULL;
	if (target != NULL)
		return usage_error("--engine animates toward a constant "
		    "--target, as the libraries do; %s%s%.200s%s does not "
		    "apply", target, val != NULL ? " '" : "",
		    val != NULL ? val : "", val != NULL ? "'" : "");
	return EXIT_OK;
}

/*
 * A range knob's LO:HI (flag's text arg), finite, LO < HI, both inside
 * row k's range: 0, or -1 after a message.
 */
static int
parse_range(const spring_engine_knob *k, const char *flag, const char *arg,
    double *lo, double *hi)
{
	char buf[128];
	const char *colon = strchr(arg, ':');

	if (colon == NULL || strlen(arg) >= sizeof(buf))
		goto bad;
	memcpy(buf, arg, (size_t)(colon - arg));
	buf[colon - arg] = '\0';
	if (scan_double(buf, lo) != 0 || scan_double(colon + 1, hi) != 0 ||
	    !(fabs(*lo) <= MAX_MAGNITUDE) || !(fabs(*hi) <= MAX_MAGNITUDE) ||
	    !(*lo < *hi) || !knob_fits(k, *lo) || !knob_fits(k, *hi))
		goto bad;
	return 0;
bad:
	warn_msg("--%s: '%s' is not LO:HI with LO < HI", flag, arg);
	return -1;
}

/*
 * Knob id of rs into the engine's setup su, at the row of e's knobs[]
 * with its flag (engine_refusals saw that e has it): a range read, a
 * number the library keeps in a float checked to stay a normal one.
 * EXIT_OK, or EXIT_USAGE after a message.
 */
static int
knob_set(const struct run_setup *rs, int id, const spring_engine *e,
    spring_engine_setup *su)
{
	const char *flag = knob_at(id)->flag;
	int i = knob_row(e, flag);
	const spring_engine_knob *k = &e->knobs[i];
	double x = rs->knob[id];

	if (k->kind == SPRING_KNOB_RANGE) {
		if (parse_range(k, flag, rs->knob_text[id], &su->knob[i],
		    &su->knob_hi[i]) != 0)
			return EXIT_USAGE;
	} else if (k->float_normal && x < (double)FLT_MIN)
		/* a subnormal one would be lost to springsim's flushed ones */
		return usage_error("--%s: %g is below the least normal float "
		    "the library stores it in, %g", flag, x, (double)FLT_MIN);
	else
		su->knob[i] = x;
	su->knob_given |= 1u << i;
	return EXIT_OK;
}

/*
 * The clock's frame rate for the engines that count frames (remotion):
 * --fps as given, or 1 / --dt (a whole number when within 1e-9 of one,
 * as --dt 0.03333333333333333 means 30); 0 when the frames are not
 * evenly spaced (--frames-from, --dt-jitter, --hitch).
 */
static double
engine_fps(const struct run_setup *rs)
{
	double fps;

	if (rs->sim.schedule != NULL || rs->frames_from != NULL)
		return 0.0;
	if (rs->have_fps)
		return rs->fps;
	fps = 1.0 / rs->dt;
	if (fabs(fps - nearbyint(fps)) <= 1e-9 * fps)
		fps = nearbyint(fps);
	return fps;
}

/*
 * The engine's setup: the spring param_resolve gave (in the library's
 * dialect, or a convention), the form of a duration dialect, the knobs;
 * then the library's own check: a warning for what it silently changes,
 * a refusal for what it refuses.
 */
int
resolve_engine(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	spring_engine_setup *su = &sim->esu;
	const spring_engine *e = spring_engine_find(rs->engine);
	const char *text;
	char msg[320];
	int rc, id;

	spring_engine_setup_init(su);
	if (param_engine(&rs->ps, rs->engine, &su->form, &su->duration,
	    &su->bounce) != 0)
		return EXIT_USAGE;
	for (id = 0; id < KNOBS_MAX && rs->knob_given >> id != 0; id++)
		if ((rs->knob_given >> id & 1u) &&
		    (rc = knob_set(rs, id, e, su)) != EXIT_OK)
			return rc;
	su->params = sim->params;
	su->x0 = sim->x0;
	su->v0 = sim->v0;
	su->target = sim->target;
	su->fps = engine_fps(rs);
	sim->engine = e;
	/* not springsim's rules: the identity columns say none */
	rs->integrator = "";
	msg[0] = '\0';
	rc = spring_engine_check(e, su, msg, sizeof(msg));
	/* the library's words, without its own name again */
	text = msg;
	if (strncmp(text, e->name, strlen(e->name)) == 0 &&
	    strncmp(text + strlen(e->name), ": ", 2) == 0)
		text += strlen(e->name) + 2;
	if (rc < 0)
		return usage_error("--engine %s: %s", e->name, text);
	if (rc > 0)
		warn_msg("warning: --engine %s: %s", e->name, text);
	return EXIT_OK;
}
