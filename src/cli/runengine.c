/*
 * runengine.c - a run's --engine (another library's spring, engine.h):
 * what it refuses before anything is resolved, the libraries' knobs
 * (engine_knobs[]) and the engine's setup from the resolved spring, with
 * the library's own check.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "run.h"
#include "setup.h"

/*
 * The libraries' knobs (engine.h), one row each: the flag, the engines
 * whose library has it (a space-separated list), and whether (and as
 * what, for the message) rs was given it.
 */
static const struct engine_knob {
	const char *flag;
	const char *engines;
	const char *who;	/* the engines, as a message lists them */
} engine_knobs[] = {
	{ "--clamp", "react-spring wobble rebound react-native",
	  "react-spring, wobble, rebound or react-native" },
	{ "--unity-max-speed", "unity", "unity" },
	{ "--android-min-visible-change", "android", "android" },
	{ "--box2d-substeps", "box2d", "box2d" },
	{ "--flutter-bounds", "flutter", "flutter" },
	{ NULL, NULL, NULL }
};

/*
 * Whether rs was given knob i of engine_knobs[], its value as text when
 * it was (formatted then only: each configuration of a sweep whose key
 * changes asks, and four snprintf calls were a quarter of its resolve).
 */
static int
knob_given(const struct run_setup *rs, int i, char *val, size_t len)
{
	val[0] = '\0';
	switch (i) {
	case 0:
		return rs->clamp;
	case 1:
		if (rs->have_max_speed)
			snprintf(val, len, " '%g'", rs->max_speed);
		return rs->have_max_speed;
	case 2:
		if (rs->have_min_visible)
			snprintf(val, len, " '%g'", rs->min_visible);
		return rs->have_min_visible;
	case 3:
		if (rs->have_substeps)
			snprintf(val, len, " '%ld'", rs->substeps);
		return rs->have_substeps;
	default:
		if (rs->flutter_bounds != NULL)
			snprintf(val, len, " '%.60s'", rs->flutter_bounds);
		return rs->flutter_bounds != NULL;
	}
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
	char num[64], knob[80];
	int i;

	/* an unknown name first (the empty one too): the knobs name it */
	if (rs->engine != NULL && spring_engine_find(rs->engine) == NULL)
		return usage_error("--engine: unknown engine '%s'; 'springsim "
		    "list' shows them", rs->engine);
	for (i = 0; engine_knobs[i].flag != NULL; i++) {
		if (!knob_given(rs, i, knob, sizeof(knob)))
			continue;
		if (rs->engine == NULL)
			return usage_error("%s%s goes with --engine %s",
			    engine_knobs[i].flag, knob, engine_knobs[i].who);
		if (!list_has_word(engine_knobs[i].engines, rs->engine))
			return usage_error("%s%s goes with --engine %s, not "
			    "--engine %s", engine_knobs[i].flag, knob,
			    engine_knobs[i].who, rs->engine);
	}
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

/* --flutter-bounds LO:HI, finite, LO < HI: 0, or -1 after a message. */
static int
parse_bounds(const char *arg, double *lo, double *hi)
{
	char buf[128];
	const char *colon = strchr(arg, ':');

	if (colon == NULL || strlen(arg) >= sizeof(buf))
		goto bad;
	memcpy(buf, arg, (size_t)(colon - arg));
	buf[colon - arg] = '\0';
	if (scan_double(buf, lo) != 0 || scan_double(colon + 1, hi) != 0 ||
	    !(fabs(*lo) <= MAX_MAGNITUDE) || !(fabs(*hi) <= MAX_MAGNITUDE) ||
	    !(*lo < *hi))
		goto bad;
	return 0;
bad:
	warn_msg("--flutter-bounds: '%s' is not LO:HI with LO < HI", arg);
	return -1;
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
	int rc;

	spring_engine_setup_init(su);
	if (param_engine(&rs->ps, rs->engine, &su->form, &su->duration,
	    &su->bounce) != 0)
		return EXIT_USAGE;
	if (rs->flutter_bounds != NULL && parse_bounds(rs->flutter_bounds,
	    &su->lower, &su->upper) != 0)
		return EXIT_USAGE;
	if (rs->have_max_speed)
		su->max_speed = rs->max_speed;
	/*
	 * the library stores it as a float: a subnormal one would be lost
	 * to springsim's flushed subnormals (and Android refuses 0)
	 */
	if (rs->have_min_visible && rs->min_visible < (double)FLT_MIN)
		return usage_error("--android-min-visible-change: %g is below "
		    "the least normal float the library stores it in, %g",
		    rs->min_visible, (double)FLT_MIN);
	if (rs->have_min_visible)
		su->min_visible = rs->min_visible;
	if (rs->have_substeps)
		su->substeps = (int)rs->substeps;
	su->clamp = rs->clamp;
	su->params = sim->params;
	su->x0 = sim->x0;
	su->v0 = sim->v0;
	su->target = sim->target;
	sim->engine = e;
	/* not springsim's rules: the identity columns say none */
	rs->integrator = "";
	msg[0] = '\0';
	rc = e->check(su, msg, sizeof(msg));
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
