/*
 * setup.c - a run's setup from its flags, for every command built on runs
 * (run, fps, sweep, resonance and the models' commands): the models, one
 * row each (run_models[]), the parse of the flags (flags.c's table) into
 * struct run_setup, the input files, the checks and the resolve into a
 * spring_sim, and the up-front refusals of work too long to do.
 */
#include <float.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "run.h"

#define LN2 0.693147180559945309417232121458176568

/* The defaults of the README and springsim(1); see run.h. */
void
run_setup_init(struct run_setup *rs)
{
	memset(rs, 0, sizeof(*rs));
	rs->model = "spring";
	param_set_init(&rs->ps);
	rs->sim.target = 1.0;
	rs->dt = 1.0 / 60.0;
	rs->duration = 2.0;
	rs->max_dt = 1.0 / 60.0;
	rs->max_substeps = 8;
	rs->header = 1;
	rs->signal_amp = 1.0;
	rs->signal_period = 1.0;
	rs->t_goal = 1.0;
	rs->v_goal = 1.0;
	rs->switch_at = 1.0;
	rs->apprehension = 2.0;
}

/* Which column of a frame-time file holds dt: -1 none yet, -2 no header. */
struct frames_reader {
	struct run_setup *rs;
	int col;
};

/* Append one frame time to the list. */
static int
add_frame(struct run_setup *rs, double dt)
{
	double *p;

	if (rs->list_len == rs->list_cap) {
		rs->list_cap = rs->list_cap ? 2 * rs->list_cap : 1024;
		if ((p = realloc(rs->list, (size_t)rs->list_cap *
		    sizeof(*p))) == NULL) {
			warn_msg("--frames-from: out of memory");
			return CSV_READ_SYS;
		}
		rs->list = p;
	}
	rs->list[rs->list_len++] = dt;
	return 0;
}

/*
 * One record of a frame-time file (csv_row_fn): a header naming a 'dt'
 * column, or, with no header, one dt per line.
 */
static int
frames_record(void *ctx, long line, char **f, int n)
{
	struct frames_reader *fr = ctx;
	struct run_setup *rs = fr->rs;
	const char *file = input_name(rs->frames_from);
	double dt;
	int i;

	if (fr->col == -1) {
		for (i = 0; i < n; i++)
			if (strcmp(f[i], "dt") == 0) {
				fr->col = i;
				return 0;
			}
		if (n == 1 && scan_double(f[0], &dt) == 0)
			fr->col = -2;	/* no header: this is a frame */
		else {
			warn_msg("--frames-from: %s line %ld: no 'dt' column "
			    "and not a frame time: '%s'", file,
			    line, n > 0 ? f[0] : "");
			return -1;
		}
	}
	i = fr->col == -2 ? 0 : fr->col;
	if ((fr->col == -2 && n != 1) || i >= n) {
		warn_msg("--frames-from: %s line %ld: %d fields, want %s",
		    file, line, n, fr->col == -2 ? "one" :
		    "one in the dt column");
		return -1;
	}
	if (scan_double(f[i], &dt) != 0 || !(dt > 0.0) ||
	    dt > MAX_MAGNITUDE) {
		warn_msg("--frames-from: %s line %ld: '%s' is not a frame time "
		    "> 0", file, line, f[i]);
		return -1;
	}
	return add_frame(rs, dt);
}

/* Read --frames-from into rs->list: EXIT_OK or the exit status. */
static int
read_frames(struct run_setup *rs)
{
	struct frames_reader fr = { rs, -1 };
	const char *file = input_name(rs->frames_from);
	int rc;

	if ((rc = csv_read_file("--frames-from", rs->frames_from,
	    frames_record, &fr)) != 0)
		return rc == CSV_READ_SYS ? EXIT_IO : EXIT_USAGE;
	if (rs->list_len == 0) {
		warn_msg("--frames-from: %s has no frame times",
		    file);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/*
 * A model `springsim list` shows that this command does not run: one
 * with a command of its own (quat, pair, mesh ...), which `springsim run
 * --model NAME` hands its flags to (and analyze, for chain and mesh).
 */
static int
model_elsewhere(const struct run_setup *rs, const struct run_model *m)
{
	int analyzed = strcmp(m->name, "chain") == 0 ||
	    strcmp(m->name, "mesh") == 0;

	return usage_error("--model %s runs with 'springsim run'%s (its own "
	    "command)%s, not with %s", m->name, analyzed ? "" : " only",
	    analyzed ? " and 'springsim analyze'" : "", rs->command != NULL ?
	    rs->command : "this command");
}

/*
 * The model --model names, its row looked up once, and its rule:
 * --model RULE is the spring with that rule.
 */
static int
resolve_rule(struct run_setup *rs)
{
	const struct run_model *m;
	const spring_rule *as_model = spring_rule_find(rs->model);

	rs->sim.model = NULL;
	rs->sim.mrule = NULL;
	if (as_model != NULL) {
		if (rs->integrator != NULL &&
		    strcmp(rs->integrator, rs->model) != 0)
			return usage_error("--model %s (the spring with that "
			    "rule) contradicts --integrator %s", rs->model,
			    rs->integrator);
		rs->integrator = rs->model;
		rs->model = "spring";
		rs->sim.rule = as_model;
		rs->mdl = &run_models[0];
		return EXIT_OK;
	}
	for (m = run_models; m->name != NULL; m++)
		if (strcmp(m->name, rs->model) == 0)
			break;
	if (m->name != NULL && m->resolve == NULL)
		return model_elsewhere(rs, m);
	if (m->name == NULL)
		return usage_error("--model: unknown model '%s'; "
		    "'springsim list' shows them", rs->model);
	rs->mdl = m;
	switch (m->rules) {
	case RULES_LIBRARY:
		rs->sim.model = spring_model_find(m->name);
		/* the first of a model's rules is its default */
		if (rs->integrator == NULL)
			rs->integrator = rs->sim.model->rules[0]->name;
		if ((rs->sim.mrule = spring_model_rule_find(rs->sim.model,
		    rs->integrator)) == NULL)
			return usage_error("--integrator: --model %s has no rule "
			    "'%s'; 'springsim list' shows them", rs->model,
			    rs->integrator);
		rs->sim.rule = NULL;
		return EXIT_OK;
	case RULES_CRITICAL:
		if (rs->integrator != NULL &&
		    strcmp(rs->integrator, "exact") != 0)
			return usage_error("--integrator: --model critical has "
			    "one rule, exact (Holden's), not '%s'",
			    rs->integrator);
		rs->integrator = "exact";
		rs->sim.rule = spring_rule_critical;
		return EXIT_OK;
	case RULES_SPRING:
		break;
	}
	if (rs->integrator == NULL)
		rs->integrator = "semi-implicit";
	if ((rs->sim.rule = spring_rule_find(rs->integrator)) == NULL)
		return usage_error("--integrator: unknown rule '%s'; "
		    "'springsim list' shows them", rs->integrator);
	return EXIT_OK;
}

/* Order hitches by time (insertion: there are few). */
static void
sort_hitches(spring_hitch *h, int n)
{
	int i, j;

	for (i = 1; i < n; i++) {
		spring_hitch k = h[i];

		for (j = i; j > 0 && h[j - 1].at > k.at; j--)
			h[j] = h[j - 1];
		h[j] = k;
	}
}

/* The substep policy and its settings. */
static int
resolve_policy(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;

	sim->policy = spring_policy_none;
	if (rs->substep != NULL &&
	    (sim->policy = spring_policy_find(rs->substep)) == NULL)
		return usage_error("--substep: unknown policy '%s'; "
		    "'springsim list' shows them", rs->substep);
	if (sim->policy == spring_policy_none &&
	    (rs->have_max_dt || rs->have_max_substeps))
		return usage_error("%s applies to --substep max, uniform or "
		    "fixed", rs->have_max_dt ? "--max-dt" : "--max-substeps");
	sim->max_dt = rs->max_dt;
	sim->max_substeps = (int)rs->max_substeps;
	return EXIT_OK;
}

/* The frame-time schedule and the length of the run. */
static int
resolve_schedule(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	spring_schedule *sc = &rs->sched;
	double shortest;
	int i, rc;

	if (rs->have_duration && rs->have_frames)
		return usage_error("--duration and --frames both set the "
		    "length of the run: give one");
	if (rs->have_fps && rs->have_dt)
		return usage_error("--fps %g and --dt both set the frame time "
		    "(dt = 1 / fps): give one", rs->fps);
	/* a partner flag alone is refused, as --max-dt without --substep */
	if (rs->have_seed && !rs->have_jitter)
		return usage_error("--seed goes with --dt-jitter (the jitter's "
		    "seed)");
	if (rs->have_frames && rs->frames > MAX_FRAMES && !rs->force)
		return usage_error("--frames %ld is more than %ld frames "
		    "(--force to run it anyway)", rs->frames, MAX_FRAMES);
	/* once: a sweep resolves copies of a setup that has read it */
	if (rs->frames_from != NULL && !rs->frames_read) {
		if ((rc = read_frames(rs)) != EXIT_OK)
			return rc;
		rs->frames_read = 1;
	}
	sort_hitches(rs->hitch, rs->nhitches);
	sc->dt = rs->dt;
	sc->list = rs->list;
	sc->list_len = rs->list_len;
	sc->jitter = rs->jitter;
	sc->seed = (unsigned long long)rs->seed;
	sc->hitches = rs->hitch;
	sc->nhitches = rs->nhitches;
	sim->dt = rs->dt;
	sim->schedule = spring_schedule_constant(sc) ? NULL : sc;
	sim->frames = rs->have_frames ? rs->frames : 0;
	sim->duration = rs->duration;
	if (rs->frames_from != NULL && !rs->have_duration)
		sim->duration = INFINITY;
	if (rs->have_frames || rs->frames_from != NULL)
		return EXIT_OK;
	/* refuse up front a run of more frames than it could hold */
	shortest = rs->dt * (1.0 - rs->jitter);
	for (i = 0; i < rs->nhitches; i++)
		if (rs->hitch[i].len < shortest)
			shortest = rs->hitch[i].len;
	if (!(rs->duration / shortest <= 9e18))
		return usage_error("--duration %g at --dt %g is more frames "
		    "than springsim can count", rs->duration, rs->dt);
	if (rs->duration / shortest > (double)MAX_FRAMES && !rs->force)
		return usage_error("--duration %g at --dt %g is more than %ld "
		    "frames (--force to run it anyway)", rs->duration, rs->dt,
		    MAX_FRAMES);
	if (sim->schedule == NULL)
		sim->frames = spring_frame_count(rs->duration, rs->dt);
	return EXIT_OK;
}

/*
 * An inertialization source, NAME[:AMP[:PERIOD[:AT]]] (a signal of
 * --target-signal's, default amplitude 1, period 1 s, start 0), on the
 * base line --target + --target-vel t: 0, or -1 after a message.
 */
static int
parse_source(struct run_setup *rs, const char *flag, const char *spec,
    spring_signal *sig)
{
	char buf[128], *field[4], *p;
	double v[3] = { 1.0, 1.0, 0.0 };
	int n = 0, i;

	if (strlen(spec) >= sizeof(buf)) {
		warn_msg("%s: '%s' is too long", flag, spec);
		return -1;
	}
	strcpy(buf, spec);
	for (p = buf; n < 4; n++) {
		field[n] = p;
		if ((p = strchr(p, ':')) == NULL) {
			n++;
			break;
		}
		*p++ = '\0';
	}
	if (p != NULL) {
		warn_msg("%s: '%s' is not NAME[:AMP[:PERIOD[:AT]]]", flag, spec);
		return -1;
	}
	memset(sig, 0, sizeof(*sig));
	sig->kind = spring_signal_find(field[0]);
	if (sig->kind < 0 || sig->kind == SPRING_SIGNAL_FILE ||
	    sig->kind == SPRING_SIGNAL_CONSTANT) {
		warn_msg("%s: '%s' is not one of step, ramp, sine, square, noise",
		    flag, field[0]);
		return -1;
	}
	for (i = 1; i < n; i++)
		if (scan_double(field[i], &v[i - 1]) != 0 ||
		    fabs(v[i - 1]) > MAX_MAGNITUDE) {
			warn_msg("%s: '%s' in '%s' is not a number", flag,
			    field[i], spec);
			return -1;
		}
	if (!(v[1] > 0.0)) {
		warn_msg("%s: the period in '%s' must be > 0", flag, spec);
		return -1;
	}
	sig->g0 = rs->sim.target;
	sig->q0 = rs->sim.target_vel;
	sig->amp = v[0];
	sig->period = v[1];
	sig->at = v[2];
	sig->seed = (unsigned long long)rs->signal_seed;
	return 0;
}

/* --model inertialize's sources, the switch, the start on source a. */
static int
resolve_sources(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	double bx, bv;

	if (rs->have_x0 || rs->have_v0)
		return usage_error("%s does not go with --model inertialize: "
		    "it starts on --source-a", rs->have_x0 ? "--x0" : "--v0");
	if (parse_source(rs, "--source-a", rs->source_spec[0] != NULL ?
	    rs->source_spec[0] : "sine", &rs->source[0]) != 0 ||
	    parse_source(rs, "--source-b", rs->source_spec[1] != NULL ?
	    rs->source_spec[1] : "sine:1:0.5", &rs->source[1]) != 0)
		return EXIT_USAGE;
	sim->source_a = &rs->source[0];
	sim->source_b = &rs->source[1];
	sim->switch_at = rs->switch_at;
	spring_signal_at(sim->source_a, 0.0, &sim->x0, &sim->v0);
	spring_signal_at(sim->source_b, 0.0, &bx, &bv);
	sim->xi0 = sim->x0;
	sim->vi0 = bx;
	return EXIT_OK;
}

/* --model damper: first order, its rate from one of three flags. */
static int
resolve_damper(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;

	if (param_first_order(&rs->ps, &sim->rate, &sim->factor, &sim->ft) != 0)
		return EXIT_USAGE;
	if (strcmp(sim->mrule->name, "exponential") == 0 &&
	    !(sim->ft * sim->rate < 1.0))
		return usage_error("--integrator exponential: --ft %g "
		    "times the damping %g is %g, not below 1 (Holden's "
		    "1 - ft damping must stay > 0)", sim->ft, sim->rate,
		    sim->ft * sim->rate);
	sim->params.omega = sim->rate;
	return EXIT_OK;
}

/* --model inertialize: a critical spring decaying the switch's offset. */
static int
resolve_inertialize(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	double halflife;

	if (param_halflife_only(&rs->ps, rs->model, &halflife) != 0)
		return EXIT_USAGE;
	/* Holden's decay_spring_damper_exact: y = 2 ln2 / H */
	sim->rate = 2.0 * LN2 / halflife;
	sim->params.omega = sim->rate;
	sim->params.zeta = 1.0;
	return resolve_sources(rs);
}

/* --model timed, velocity, predict: a critical spring chasing a goal. */
static int
resolve_goal(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	double halflife;

	if (param_halflife_only(&rs->ps, rs->model, &halflife) != 0)
		return EXIT_USAGE;
	/* Holden's simple_spring_damper_exact: y = 2 ln2 / H */
	sim->rate = 2.0 * LN2 / halflife;
	sim->params.omega = sim->rate;
	sim->params.zeta = 1.0;
	sim->t_goal = rs->t_goal;
	sim->v_goal = rs->v_goal;
	sim->apprehension = rs->apprehension;
	if (sim->model == spring_model_predict) {
		/* the goal is a velocity: the target line is where moving at
		 * it from x0 would be */
		if (rs->have_target || rs->have_target_vel)
			return usage_error("%s does not go with --model "
			    "predict: its goal is --v-goal", rs->have_target ?
			    "--target" : "--target-vel");
		sim->target = sim->x0;
		sim->target_vel = sim->v_goal;
		sim->xi0 = 0.0;		/* at rest: a = 0 */
	} else if (rs->have_target_vel)
		return usage_error("--target-vel does not go with --model %s: "
		    "its target is --target", rs->model);
	if (!(sim->apprehension >= 0.0))
		return usage_error("--apprehension: %g must be >= 0",
		    sim->apprehension);
	return EXIT_OK;
}

/*
 * --model critical and double: Holden's critical spring, y = d / 2 =
 * 2 ln2 / H; the double spring's two are at H / 2, y = 4 ln2 / H.
 */
static int
resolve_critical(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	double halflife;

	if (param_halflife_only(&rs->ps, rs->model, &halflife) != 0)
		return EXIT_USAGE;
	sim->rate = (sim->model != NULL ? 4.0 : 2.0) * LN2 / halflife;
	sim->params.omega = sim->rate;
	sim->params.zeta = 1.0;
	return EXIT_OK;
}

/*
 * The spring: Nissen's Ck/Cd depend on the step actually taken, so the
 * stepper converts them per step, and the reference is the spring at the
 * nominal step: H under a substep policy, dt otherwise.
 */
static int
resolve_damped(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	double h = sim->policy == spring_policy_none ? rs->dt : rs->max_dt;

	if (param_given(&rs->ps, P_FACTOR) || param_given(&rs->ps, P_FT))
		return usage_error("%s goes with --model damper",
		    param_given(&rs->ps, P_FACTOR) ? "--factor" : "--ft");
	if (param_resolve(&rs->ps, h, &sim->params) != 0)
		return EXIT_USAGE;
	if (param_uses_step(&rs->ps)) {
		sim->nissen = 1;
		sim->ck = rs->ps.value[P_CK];
		sim->cd = rs->ps.value[P_CD];
	}
	return EXIT_OK;
}

/*
 * The models, one row each: the name --model takes, its line of
 * `springsim list` (NULL: the library's, with its rules), how its rule
 * is chosen and its spring resolved (run's models), or the command that
 * runs it (a state of its own shape: many bodies, rotations).  In the
 * order `springsim list` gives them; the spring first.
 */
const struct run_model run_models[] = {
	{ .name = "spring", .summary = "the damped spring a = omega^2 (g - x) "
	  "+ 2 zeta omega (q - v)", .rules = RULES_SPRING,
	  .resolve = resolve_damped, .dim_as = "vector" },
	{ .name = "critical", .summary = "Holden's critical spring: zeta 1, "
	  "omega 2 ln2 / H (--halflife H); rule exact (first order on a "
	  "moving target)",
	  .rules = RULES_CRITICAL, .resolve = resolve_critical },
	/* MODEL COMMANDS: add a line here */
	{ .name = "quat", .summary = "Holden's quaternion spring: a rotation "
	  "toward a goal rotation (--q0, --target, --w0); rules "
	  "semi-implicit, exact, rk4", .run = cmd_quat },
	{ .name = "vector", .summary = "2 or 3 independent damped springs "
	  "(--dim, --x0 LIST, --target LIST), each component exactly run's",
	  .run = cmd_vector },
	{ .name = "pair", .summary = "two bodies joined by a spring of rest "
	  "length: 1-D exact (Nissen); --dim 2|3 Fiedler's spring, rk4 "
	  "reference", .run = cmd_system, .dim_as = "mesh",
	  .dim_one_stays = 1 },
	{ .name = "angular", .summary = "a torsional spring between two "
	  "rotating bodies, wind-up, exact (Nissen)", .run = cmd_system },
	{ .name = "chain", .summary = "a rope of --particles N hung from the "
	  "target: 1-D exact modes (Nissen); --dim 2|3 rest-length, rk4 "
	  "reference", .run = cmd_system, .dim_as = "mesh",
	  .dim_one_stays = 1 },
	{ .name = "mesh", .summary = "Nissen's mesh, --grid RxC hung by its "
	  "top row: --dim 1 linear, exact; --dim 2|3 rest-length springs, rk4 "
	  "reference (also pair and chain with --dim 2|3)",
	  .run = cmd_network },
	/* the library's (spring_models[]): its summary and rules */
	{ .name = "damper", .rules = RULES_LIBRARY, .resolve = resolve_damper },
	{ .name = "double", .rules = RULES_LIBRARY,
	  .resolve = resolve_critical },
	{ .name = "timed", .rules = RULES_LIBRARY, .resolve = resolve_goal,
	  .owns = "--t-goal --apprehension" },
	{ .name = "velocity", .rules = RULES_LIBRARY, .resolve = resolve_goal,
	  .owns = "--v-goal --apprehension" },
	{ .name = "predict", .rules = RULES_LIBRARY, .resolve = resolve_goal,
	  .owns = "--v-goal --horizon" },
	{ .name = "inertialize", .rules = RULES_LIBRARY,
	  .resolve = resolve_inertialize,
	  .owns = "--switch-at --source-a --source-b" },
	{ .name = NULL }
};

/* Whether model m owns flag ("--t-goal"): a word of its owns. */
static int
owns(const struct run_model *m, const char *flag)
{
	size_t n = strlen(flag);
	const char *p;

	for (p = m->owns; p != NULL && (p = strstr(p, flag)) != NULL; p += n)
		if ((p == m->owns || p[-1] == ' ') &&
		    (p[n] == ' ' || p[n] == '\0'))
			return 1;
	return 0;
}

/* --model predict's --horizon: the prediction's rows, counted. */
static int
horizon_rows(const struct run_setup *rs)
{
	/* refused as --duration's frames are */
	if (!(rs->horizon / rs->dt <= 9e18))
		return usage_error("--horizon %g at --dt %g is more rows than "
		    "springsim can count", rs->horizon, rs->dt);
	if (rs->horizon / rs->dt > (double)MAX_FRAMES && !rs->force)
		return usage_error("--horizon %g at --dt %g is more than %ld "
		    "rows (--force to run it anyway)", rs->horizon, rs->dt,
		    MAX_FRAMES);
	return EXIT_OK;
}

/*
 * A flag given (run_flags_given's fn, ctx the setup): refused, naming
 * the models that own it, when some do and --model is not one of them;
 * --horizon, owned, has its rows counted here, in the flags' order.
 */
static int
refuse_unowned(void *ctx, const char *flag)
{
	const struct run_setup *rs = ctx;
	const struct run_model *m;
	char who[128] = "";

	if (rs->mdl->owns != NULL && owns(rs->mdl, flag))
		return strcmp(flag, "--horizon") == 0 ? horizon_rows(rs) :
		    EXIT_OK;
	for (m = run_models; m->name != NULL; m++)
		if (owns(m, flag))
			snprintf(who + strlen(who), sizeof(who) - strlen(who),
			    "%s%s", who[0] != '\0' ? " or " : "", m->name);
	if (who[0] == '\0')
		return EXIT_OK;
	return usage_error("%s goes with --model %s", flag, who);
}

/*
 * The spring of the model --model names (its row's resolve), then what
 * every model checks: the flags that go with one model only, the
 * prediction's rows, substeps and signals.
 */
static int
resolve_spring(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	int rc;

	sim->xi0 = sim->x0;
	sim->vi0 = sim->v0;
	if ((rc = rs->mdl->resolve(rs)) != EXIT_OK)
		return rc;
	if (sim->model != NULL || sim->rule == spring_rule_critical)
		sim->params.mass = rs->ps.mass;
	sim->params.fast_exp = rs->fast_exp;
	if (rs->fast_exp && sim->rule != spring_rule_exact &&
	    sim->rule != spring_rule_critical && (sim->mrule == NULL ||
	    sim->mrule->order != 0) && !(sim->model == spring_model_double))
		return usage_error("--fast-exp applies to the exact rules "
		    "(exact, --model critical, damper exact, double), not %s",
		    rs->integrator);
	if (rs->float32) {
		if (sim->model != NULL || sim->rule == spring_rule_critical)
			return usage_error("--float32 goes with the spring's "
			    "rules (--integrator), not --model %s", rs->model);
		sim->rule = spring_rule_float32(sim->rule);
	}
	if ((rc = run_flags_given(rs, refuse_unowned, rs)) != EXIT_OK)
		return rc;
	if (sim->model != NULL) {
		if (sim->policy != spring_policy_none)
			return usage_error("--substep goes with the spring and "
			    "critical models, not --model %s", rs->model);
		if (sim->signal != NULL)
			return usage_error("--model %s follows a target moving "
			    "linearly: no --target-signal, --target-file or "
			    "--target-vel-source", rs->model);
	}
	return EXIT_OK;
}

/*
 * See run.h: a resolved setup whose spring comes from the parameter flags
 * alone (the damped spring's resolve), with nothing else in its checks
 * that reads the spring (no signal: the lag search's bound reads omega).
 */
int
run_spring_by_params(const struct run_setup *rs)
{
	/* an engine's setup (esu) is made from the spring: the full path */
	return rs->mdl != NULL && rs->mdl->resolve == resolve_damped &&
	    rs->sim.model == NULL && rs->sim.signal == NULL &&
	    rs->sim.engine == NULL;
}

/*
 * See run.h: resolve_damped's spring and resolve_spring's lines after
 * it, for the values value[] and --mass mass, into sim (a copy of
 * rs->sim); everything else resolve_spring checks does not read them.
 */
int
run_spring_params(const struct run_setup *rs, const struct param_plan *pl,
    const double *value, double mass, spring_sim *sim)
{
	double h = sim->policy == spring_policy_none ? rs->dt : rs->max_dt;

	if (param_resolve_planned(pl, value, mass, h, &sim->params) != 0)
		return -1;
	if (param_uses_step(&rs->ps)) {
		sim->nissen = 1;
		sim->ck = value[P_CK];
		sim->cd = value[P_CD];
	}
	if (sim->model != NULL || sim->rule == spring_rule_critical)
		sim->params.mass = mass;
	sim->params.fast_exp = rs->fast_exp;
	return 0;
}

/* Where the columns of a target file are: -1 for absent. */
struct target_reader {
	struct run_setup *rs;
	int col_t, col_g, col_q, ncols, header_done;
};

/* Append one row of a target file. */
static int
add_target_row(struct run_setup *rs, double t, double g, double q)
{
	double *pt, *pg, *pq;
	long cap;

	if (rs->file_n == rs->file_cap) {
		cap = rs->file_cap ? 2 * rs->file_cap : 1024;
		pt = realloc(rs->file_t, (size_t)cap * sizeof(*pt));
		if (pt != NULL)
			rs->file_t = pt;
		pg = realloc(rs->file_g, (size_t)cap * sizeof(*pg));
		if (pg != NULL)
			rs->file_g = pg;
		pq = realloc(rs->file_q, (size_t)cap * sizeof(*pq));
		if (pq != NULL)
			rs->file_q = pq;
		if (pt == NULL || pg == NULL || pq == NULL) {
			warn_msg("--target-file: out of memory");
			return CSV_READ_SYS;
		}
		rs->file_cap = cap;
	}
	rs->file_t[rs->file_n] = t;
	rs->file_g[rs->file_n] = g;
	rs->file_q[rs->file_n++] = q;
	return 0;
}

/*
 * One record of a target file (csv_row_fn): the header names t, target
 * and optionally target_vel; every row has exactly those fields, numbers,
 * t strictly increasing.
 */
static int
target_record(void *ctx, long line, char **f, int n)
{
	struct target_reader *tr = ctx;
	struct run_setup *rs = tr->rs;
	const char *file = input_name(rs->target_file);
	static const char *const names[] = { "t", "target", "target_vel" };
	double v[3] = { 0, 0, 0 };
	int i, *col[3];

	col[0] = &tr->col_t;
	col[1] = &tr->col_g;
	col[2] = &tr->col_q;
	if (!tr->header_done) {
		for (i = 0; i < n; i++) {
			int c;

			for (c = 0; c < 3; c++)
				if (strcmp(f[i], names[c]) == 0 && *col[c] < 0)
					break;
			if (c == 3) {
				warn_msg("--target-file: %s line %ld column %d: "
				    "'%s' is not t, target or target_vel (once "
				    "each)", file, line, i + 1, f[i]);
				return -1;
			}
			*col[c] = i;
		}
		if (tr->col_t < 0 || tr->col_g < 0) {
			warn_msg("--target-file: %s line %ld: the header needs "
			    "columns t and target", file, line);
			return -1;
		}
		tr->ncols = n;
		tr->header_done = 1;
		return 0;
	}
	if (n != tr->ncols) {
		warn_msg("--target-file: %s line %ld: %d fields, the header "
		    "has %d (%s)", file, line, n, tr->ncols,
		    n < tr->ncols ? "a missing column" : "too many fields");
		return -1;
	}
	for (i = 0; i < 3; i++) {
		if (*col[i] < 0)
			continue;
		if (scan_double(f[*col[i]], &v[i]) != 0 ||
		    fabs(v[i]) > MAX_MAGNITUDE) {
			warn_msg("--target-file: %s line %ld column %d (%s): "
			    "'%s' is not a number", file, line,
			    *col[i] + 1, names[i], f[*col[i]]);
			return -1;
		}
	}
	if (rs->file_n > 0 && !(v[0] > rs->file_t[rs->file_n - 1])) {
		warn_msg("--target-file: %s line %ld column %d (t): '%s' is not "
		    "after the row before", file, line,
		    tr->col_t + 1, f[tr->col_t]);
		return -1;
	}
	return add_target_row(rs, v[0], v[1], v[2]);
}

/* Read --target-file: EXIT_OK or the exit status. */
static int
read_target_file(struct run_setup *rs)
{
	struct target_reader tr = { rs, -1, -1, -1, 0, 0 };
	const char *file = input_name(rs->target_file);
	int rc;

	if ((rc = csv_read_file("--target-file", rs->target_file,
	    target_record, &tr)) != 0)
		return rc == CSV_READ_SYS ? EXIT_IO : EXIT_USAGE;
	if (!tr.header_done || rs->file_n == 0) {
		warn_msg("--target-file: %s has no rows", file);
		return EXIT_USAGE;
	}
	rs->file_has_q = tr.col_q >= 0;
	return EXIT_OK;
}

/* The target: a signal on the base line, or a recorded file. */
static int
resolve_signal(struct run_setup *rs)
{
	spring_signal *sig = &rs->signal;
	int vel = SPRING_VEL_SIGNAL, rc;

	memset(sig, 0, sizeof(*sig));
	if (rs->vel_source != NULL) {
		if (strcmp(rs->vel_source, "signal") == 0)
			vel = SPRING_VEL_SIGNAL;
		else if (strcmp(rs->vel_source, "difference") == 0)
			vel = SPRING_VEL_DIFFERENCE;
		else if (strcmp(rs->vel_source, "zero") == 0)
			vel = SPRING_VEL_ZERO;
		else
			return usage_error("--target-vel-source: '%s' is not "
			    "signal, difference or zero", rs->vel_source);
	}
	sig->kind = SPRING_SIGNAL_CONSTANT;
	if (rs->signal_name != NULL &&
	    (sig->kind = spring_signal_find(rs->signal_name)) < 0)
		return usage_error("--target-signal: unknown signal '%s'; "
		    "'springsim list' shows them", rs->signal_name);
	if (rs->target_file != NULL) {
		if (rs->signal_name != NULL)
			return usage_error("--target-file and --target-signal "
			    "both give the target: give one");
		if (rs->have_target || rs->have_target_vel)
			return usage_error("%s does not go with --target-file: "
			    "the file gives the target", rs->have_target ?
			    "--target" : "--target-vel");
		sig->kind = SPRING_SIGNAL_FILE;
	}
	if (rs->signal_flag != NULL && (sig->kind == SPRING_SIGNAL_CONSTANT ||
	    sig->kind == SPRING_SIGNAL_FILE))
		return usage_error("%s goes with --target-signal step, ramp, "
		    "sine, square or noise", rs->signal_flag);
	if (rs->signal_shape != NULL) {
		if (sig->kind != SPRING_SIGNAL_NOISE)
			return usage_error("--signal-shape goes with "
			    "--target-signal noise");
		if (strcmp(rs->signal_shape, "linear") == 0)
			sig->linear = 1;
		else if (strcmp(rs->signal_shape, "hold") != 0)
			return usage_error("--signal-shape: '%s' is not hold or "
			    "linear", rs->signal_shape);
	}
	if (sig->kind == SPRING_SIGNAL_FILE) {
		if (!rs->target_read && (rc = read_target_file(rs)) != EXIT_OK)
			return rc;
		rs->target_read = 1;
		sig->t = rs->file_t;
		sig->g = rs->file_g;
		sig->q = rs->file_has_q ? rs->file_q : NULL;
		sig->n = rs->file_n;
	} else {
		sig->g0 = rs->sim.target;
		sig->q0 = rs->sim.target_vel;
	}
	sig->amp = rs->signal_amp;
	sig->period = rs->signal_period;
	sig->at = rs->signal_at;
	sig->seed = (unsigned long long)rs->signal_seed;
	rs->sim.vel_source = vel;
	rs->sim.signal = sig->kind == SPRING_SIGNAL_CONSTANT &&
	    vel == SPRING_VEL_SIGNAL ? NULL : sig;
	return EXIT_OK;
}

/*
 * The frames of a run at frame time dt and the time it ends, at most (a
 * hitch or the jitter can only lengthen frames by so much).
 */
static void
run_extent(const struct run_setup *rs, double dt, double *frames,
    double *t_end)
{
	double longest = dt * (1.0 + rs->jitter);
	double shortest = dt * (1.0 - rs->jitter), sum = 0.0, hitches = 0.0;
	long i, n;

	for (i = 0; i < rs->nhitches; i++) {
		longest = fmax(longest, rs->hitch[i].len);
		shortest = fmin(shortest, rs->hitch[i].len);
		hitches += rs->hitch[i].len;
	}
	if (rs->frames_from != NULL) {
		n = rs->have_frames && rs->frames < rs->list_len ? rs->frames :
		    rs->list_len;
		for (i = 0; i < n; i++) {
			sum += rs->list[i] * (1.0 + rs->jitter);
			longest = fmax(longest, rs->list[i] * (1.0 + rs->jitter));
		}
		*frames = (double)n;
		*t_end = sum + hitches;
		if (rs->have_duration)
			*t_end = fmin(*t_end, rs->duration + longest);
	} else if (rs->have_frames) {
		*frames = (double)rs->frames;
		*t_end = *frames * longest;
	} else {
		*frames = rs->duration / shortest + 1.0;
		*t_end = rs->duration + longest;
	}
}

/*
 * The pieces of a square or noise signal over t_end: the target's
 * (source < 0) or --model inertialize's source (0: --source-a, 1: -b).
 * Beyond 2^52 pieces k and k + 1 are the same double, beyond MAX_FRAMES
 * a run of hours (--force).  EXIT_OK, or EXIT_USAGE after a message
 * naming the signal ("--signal-period 0.001", "--source-a:
 * 'noise:1:1e-9'"), formatted only then: a sweep checks every
 * configuration.
 */
static int
check_pieces(const struct run_setup *rs, int source, double t_end)
{
	const spring_signal *sig = source < 0 ? &rs->signal :
	    &rs->source[source];
	double pieces = t_end / sig->period *
	    (sig->kind == SPRING_SIGNAL_SQUARE ? 2.0 : 1.0);
	const char *name = spring_signal_name(sig->kind);
	char who[160];

	if (sig->kind != SPRING_SIGNAL_SQUARE &&
	    sig->kind != SPRING_SIGNAL_NOISE)
		return EXIT_OK;
	if (pieces <= 4e15 && (pieces <= (double)MAX_FRAMES || rs->force))
		return EXIT_OK;
	if (source < 0)
		snprintf(who, sizeof(who), "--signal-period %g",
		    rs->signal_period);
	else
		snprintf(who, sizeof(who), "%s: '%.120s'", source == 0 ?
		    "--source-a" : "--source-b", rs->source_spec[source] !=
		    NULL ? rs->source_spec[source] : "sine");
	if (!(pieces <= 4e15))
		return usage_error("%s: a %s over %g s is %.3g pieces, too "
		    "many to tell apart", who, name, t_end, pieces);
	return usage_error("%s: a %s over %g s is %.3g pieces, more than %ld "
	    "(--force to run it anyway)", who, name, t_end, pieces,
	    MAX_FRAMES);
}

/* See run.h. */
int
run_check_cost(const struct run_setup *rs, double dt, double *kept,
    int tracking, const char *what)
{
	int kind = rs->signal.kind, i;
	double frames, t_end, half, shifts;

	run_extent(rs, dt, &frames, &t_end);
	if (check_pieces(rs, -1, t_end) != EXIT_OK)
		return EXIT_USAGE;
	/* --model inertialize's sources: the same signals, the same check */
	for (i = 0; i < 2 && rs->sim.model == spring_model_inertialize; i++)
		if (check_pieces(rs, i, t_end) != EXIT_OK)
			return EXIT_USAGE;
	if (kept != NULL) {
		*kept += frames + 1.0;
		if (*kept > (double)MAX_KEPT_FRAMES && !rs->force)
			return usage_error("%s: %.3g frames to keep in memory "
			    "(16 bytes each), more than %ld (--force to run it "
			    "anyway)", what, *kept, MAX_KEPT_FRAMES);
	}
	if (!tracking)
		return EXIT_OK;
	/* spring_tracking: shifts of dt over +-min(t_end / 2, 10 / omega) */
	half = fmin(0.5 * t_end, 10.0 / rs->sim.params.omega);
	if (kind == SPRING_SIGNAL_SINE || kind == SPRING_SIGNAL_SQUARE)
		half = fmin(half, 0.5 * rs->signal_period);
	shifts = 2.0 * half / dt + 21.0;
	if (!(shifts <= (double)(INT_MAX / 2)))
		return usage_error("%s: the lag search would try %.3g shifts "
		    "of %g s, too many to count", what, shifts, dt);
	if (0.5 * frames * shifts > 1e11 && !rs->force)
		return usage_error("%s: the lag search would try %.3g shifts "
		    "over %.3g frames (--force to run it anyway)", what,
		    shifts, frames);
	return EXIT_OK;
}

/*
 * Standard input can be read once: --target-file - and --frames-from -
 * together are refused, naming both.  EXIT_OK or EXIT_USAGE.
 */
static int
stdin_once(const struct run_setup *rs)
{
	if (rs->target_file != NULL && rs->frames_from != NULL &&
	    strcmp(rs->target_file, "-") == 0 &&
	    strcmp(rs->frames_from, "-") == 0)
		return usage_error("--target-file - and --frames-from - both "
		    "read stdin: give one of them a file");
	return EXIT_OK;
}

/* See run.h. */
int
run_setup_read_files(struct run_setup *rs)
{
	if (stdin_once(rs) != EXIT_OK)
		return EXIT_USAGE;
	if (rs->frames_from != NULL && !rs->frames_read) {
		if (read_frames(rs) != 0)
			return EXIT_USAGE;
		rs->frames_read = 1;
	}
	if (rs->target_file != NULL && !rs->target_read) {
		if (read_target_file(rs) != 0)
			return EXIT_USAGE;
		rs->target_read = 1;
	}
	return EXIT_OK;
}

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

/* Whether rs was given knob i of engine_knobs[], its value as text. */
static int
knob_given(const struct run_setup *rs, int i, char *val, size_t len)
{
	val[0] = '\0';
	switch (i) {
	case 0:
		return rs->clamp;
	case 1:
		snprintf(val, len, " '%g'", rs->max_speed);
		return rs->have_max_speed;
	case 2:
		snprintf(val, len, " '%g'", rs->min_visible);
		return rs->have_min_visible;
	case 3:
		snprintf(val, len, " '%ld'", rs->substeps);
		return rs->have_substeps;
	default:
		snprintf(val, len, " '%.60s'", rs->flutter_bounds != NULL ?
		    rs->flutter_bounds : "");
		return rs->flutter_bounds != NULL;
	}
}

/*
 * What --engine refuses before anything is resolved: an unknown name,
 * the flags of springsim's own stepping (the engine runs the library's)
 * and a moving target (the libraries animate toward a fixed value); a
 * knob without its library's engine.
 */
static int
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
static int
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

/* See run.h. */
int
run_setup_resolve(struct run_setup *rs)
{
	int rc;

	/* the columns are read once (a sweep reads its own before) */
	if (rs->columns != NULL && !rs->metrics)
		return usage_error("--columns goes with --metrics");
	if (rs->columns != NULL &&
	    metric_columns_parse(rs->columns, &rs->cols, NULL, NULL) != 0)
		return EXIT_USAGE;
	rs->sim.engine = NULL;
	if ((rc = stdin_once(rs)) != EXIT_OK ||
	    (rc = engine_refusals(rs)) != EXIT_OK ||
	    (rc = resolve_rule(rs)) != EXIT_OK ||
	    (rc = resolve_signal(rs)) != EXIT_OK ||
	    (rc = resolve_policy(rs)) != EXIT_OK ||
	    (rc = resolve_schedule(rs)) != EXIT_OK ||
	    (rc = resolve_spring(rs)) != EXIT_OK)
		return rc;
	if (rs->engine != NULL)
		return resolve_engine(rs);
	return EXIT_OK;
}

/* Parse and check a run's flags; see run.h. */
int
run_setup_parse_flags(struct run_setup *rs, int argc, char **argv,
    const struct option *extra, extra_opt_fn fn, void *ctx,
    void (*usage_fn)(FILE *))
{
	struct option all[MAX_LONGOPTS];
	unsigned char seen[OPTION_SEEN_BYTES] = { 0 };
	int c, rc, status;

	run_setup_init(rs);
	rs->command = argv[0];
	if (run_longopts(extra, all, sizeof(all) / sizeof(all[0])) != 0)
		abort();	/* the tables are ours: a bug, not input */
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":ho:V", all, NULL)) != -1) {
		const char *flag = argv[optind - 1];

		if (!run_flag_repeats(c) && option_once(seen, c, all) != 0)
			return EXIT_USAGE;
		if (fn != NULL && (rc = fn(ctx, c, optarg)) != 0) {
			if (rc < 0)
				return EXIT_USAGE;
			continue;
		}
		if ((rc = common_option(c, flag, optarg, &rs->output, usage_fn,
		    &status, all)) < 0)
			return status;
		if (rc == 0 && run_apply(rs, c, optarg) != 0)
			return EXIT_USAGE;
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	return EXIT_OK;
}

/*
 * See run.h: a run's setup and sink are big (the sink's buffer, the
 * hitches), so on the heap; the sink zeroed.
 */
int
run_alloc(struct run_setup **rs, struct sink **k)
{
	*k = NULL;
	if ((*rs = malloc(sizeof(**rs))) == NULL ||
	    (*k = malloc(sizeof(**k))) == NULL) {
		warn_msg("out of memory");
		free(*rs);
		*rs = NULL;
		return -1;
	}
	memset(*k, 0, sizeof(**k));
	return 0;
}

/* See run.h: the flags, then the checked whole. */
int
run_setup_parse(struct run_setup *rs, int argc, char **argv,
    const struct option *extra, extra_opt_fn fn, void *ctx,
    void (*usage_fn)(FILE *))
{
	int rc = run_setup_parse_flags(rs, argc, argv, extra, fn, ctx,
	    usage_fn);

	return rc != EXIT_OK ? rc : run_setup_resolve(rs);
}

/* Free what parsing allocated. */
void
run_setup_free(struct run_setup *rs)
{
	free(rs->list);
	free(rs->file_t);
	free(rs->file_g);
	free(rs->file_q);
	rs->list = rs->file_t = rs->file_g = rs->file_q = NULL;
}

/* Whether s is the whole number 1 ("1", "01", "+1"), as --dim reads it. */
static int
names_one(const char *s)
{
	if (*s == '+')
		s++;
	while (*s == '0')
		s++;
	return strcmp(s, "1") == 0;
}

/*
 * See run.h: the --model argv names, or NULL, before getopt sees it;
 * *dim_arg (unless dim_arg is NULL) the value of --dim ("" without one),
 * or NULL without --dim.
 */
const char *
run_model_arg(int argc, char **argv, const char **dim_arg)
{
	const char *name = NULL, *dim = NULL;
	int i;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		if (strcmp(argv[i], "--model") == 0 && i + 1 < argc)
			name = argv[++i];
		else if (strncmp(argv[i], "--model=", 8) == 0)
			name = argv[i] + 8;
		else if (strcmp(argv[i], "--dim") == 0 ||
		    strncmp(argv[i], "--dim=", 6) == 0)
			dim = argv[i][5] == '=' ? argv[i] + 6 :
			    i + 1 < argc ? argv[i + 1] : "";
	}
	if (dim_arg != NULL)
		*dim_arg = dim;
	return name;
}

/* The row of model name (any: run's, a command's, the library's), or NULL. */
static const struct run_model *
model_row(const char *name)
{
	const struct run_model *m;

	for (m = run_models; m->name != NULL; m++)
		if (strcmp(m->name, name) == 0)
			return m;
	return NULL;
}

/*
 * See run.h: the command of the model --model names in argv (the spring
 * without one), or NULL; with --dim, the model its row's dim_as names.
 */
model_runner
run_model_runner(int argc, char **argv)
{
	const char *dim_arg, *name = run_model_arg(argc, argv, &dim_arg);
	const struct run_model *m = model_row(name != NULL ? name : "spring");

	if (m != NULL && dim_arg != NULL && m->dim_as != NULL &&
	    !(m->dim_one_stays && names_one(dim_arg)))
		m = model_row(m->dim_as);
	return m != NULL ? m->run : NULL;
}

/*
 * Whether argv names a model with a command of its own (run_models[]):
 * the fuzz harness cannot bound such a run's work from run's flags.
 */
int
run_names_model_command(int argc, char **argv)
{
	return run_model_runner(argc, argv) != NULL;
}

/* The models, for `springsim list`: name, summary, the library's rules. */
void
list_models(FILE *fp)
{
	const struct run_model *m;
	const spring_model *o;
	const spring_model_rule *const *r;

	for (m = run_models; m->name != NULL; m++) {
		if (m->summary != NULL) {
			fprintf(fp, "  %-20s %s\n", m->name, m->summary);
			continue;
		}
		o = spring_model_find(m->name);
		fprintf(fp, "  %-20s %s [%s]\n", o->name,
		    cli_summary(o->summary), o->source);
		for (r = o->rules; *r != NULL; r++)
			fprintf(fp, "    %-18s %-8s %s [%s]\n", (*r)->name,
			    (*r)->order ? "order 1" : "exact", (*r)->summary,
			    (*r)->source);
	}
}
