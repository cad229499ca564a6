/*
 * runmodels.c - the models a run's --model names, one row each
 * (run_models[]): how each chooses its rule and resolves its spring
 * (resolve_rule, the resolve_* functions, resolve_spring), the flags a
 * model owns, the command a model of its own shape runs with, and the
 * models' lines of `springsim list`.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "run.h"
#include "setup.h"

#define LN2 0.693147180559945309417232121458176568

/*
 * A model `springsim list` shows that this command does not run: one
 * with a command of its own (quat, pair, mesh ...), which `springsim run
 * --model NAME` hands its flags to (and analyze, for chain and mesh).
 */
static int
model_elsewhere(const struct run_setup *rs, const struct run_model *m)
{
	const char *name = run_model_name(m);
	int analyzed = strcmp(name, "chain") == 0 || strcmp(name, "mesh") == 0;

	return usage_error("--model %s runs with 'springsim run'%s (its own "
	    "command)%s, not with %s", name, analyzed ? "" : " only",
	    analyzed ? " and 'springsim analyze'" : "", rs->command != NULL ?
	    rs->command : "this command");
}

/*
 * The model --model names, its row looked up once, and its rule:
 * --model RULE is the spring with that rule.
 */
int
resolve_rule(struct run_setup *rs)
{
	const struct run_model *m;
	const spring_rule *as_model = spring_rule_find(rs->model);
	char hint[96];

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
	if ((m = run_model_find(rs->model)) != NULL && m->resolve == NULL)
		return model_elsewhere(rs, m);
	if (m == NULL)
		return usage_error("--model: unknown model '%s'; %s",
		    rs->model, suggest_name(rs->model, SUGGEST_MODELS |
		    SUGGEST_RULES, hint, sizeof(hint), LIST_SHOWS));
	rs->mdl = m;
	if (m->lib != NULL) {
		rs->sim.model = *m->lib;
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
	}
	switch (m->rules) {
	case RULES_CRITICAL:
		if (rs->integrator != NULL &&
		    strcmp(rs->integrator, CRITICAL_RULE_NAME) != 0)
			return usage_error("--integrator: --model critical has "
			    "one rule, %s (Holden's), not '%s'",
			    CRITICAL_RULE_NAME, rs->integrator);
		rs->integrator = CRITICAL_RULE_NAME;
		rs->sim.rule = spring_rule_critical;
		return EXIT_OK;
	case RULES_SPRING:
	case RULES_ROTATION:	/* run by their own commands, never here */
	case RULES_LINE:
	case RULES_NET:
		break;
	}
	if (rs->integrator == NULL)
		rs->integrator = spring_rule_semi_implicit->name;
	if ((rs->sim.rule = spring_rule_find(rs->integrator)) == NULL)
		return usage_error("--integrator: unknown rule '%s'; %s",
		    rs->integrator, suggest_name(rs->integrator, SUGGEST_RULES,
		    hint, sizeof(hint), LIST_SHOWS));
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

/*
 * The run flags row m refuses (its refuses, in order): the first given
 * named with the row's why, and model, the name the user gave.  EXIT_OK
 * or EXIT_USAGE.
 */
static int
refuse_row_flags(const struct run_setup *rs, const struct run_model *m,
    const char *model)
{
	const char *p = m->refuses;
	char flag[32], value[64];
	size_t n;

	while (p != NULL && *p != '\0') {
		n = strcspn(p, " ");
		if (n >= sizeof(flag))
			abort();	/* the table is ours: a bug */
		memcpy(flag, p, n);
		flag[n] = '\0';
		if (run_flag_given(rs, flag)) {
			run_flag_value(rs, flag, value, sizeof(value));
			if (run_flag_why(flag) != NULL)
				return usage_error("%s%s %s, not --model %s",
				    flag, value, run_flag_why(flag), model);
			return usage_error("%s%s does not go with --model %s: "
			    "%s", flag, value, model, m->why);
		}
		p += n;
		p += *p == ' ';
	}
	return EXIT_OK;
}

/* The run flags the setup's model refuses (refuse_row_flags). */
static int
refuse_flags(const struct run_setup *rs)
{
	return refuse_row_flags(rs, rs->mdl, run_model_name(rs->mdl));
}

/*
 * See run.h: for a model with a command of its own, the run flags its
 * row refuses.
 */
int
run_model_refuses(const struct run_setup *rs, const char *model)
{
	const struct run_model *m = run_model_find(model);

	return m != NULL ? refuse_row_flags(rs, m, model) : EXIT_OK;
}

/* --model inertialize's sources, the switch, the start on source a. */
static int
resolve_sources(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	double bx, bv;
	int rc;

	if ((rc = refuse_flags(rs)) != EXIT_OK)
		return rc;
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

/*
 * sim's critical spring of half-life H: rate y = factor ln2 / H (Holden's
 * y = d / 2 = 2 ln2 / H: factor 2), omega y, zeta 1.
 */
static void
critical_spring(spring_sim *sim, double factor, double halflife)
{
	sim->rate = factor * LN2 / halflife;
	sim->params.omega = sim->rate;
	sim->params.zeta = 1.0;
}

/*
 * The critical spring of the model's one parameter, the half-life H
 * (critical_spring).  0, or -1 after a message.
 */
static int
critical_from_halflife(struct run_setup *rs, double factor)
{
	double halflife;

	if (param_halflife_only(&rs->ps, rs->model, &halflife) != 0)
		return -1;
	critical_spring(&rs->sim, factor, halflife);
	return 0;
}

/* --model inertialize: a critical spring decaying the switch's offset. */
static int
resolve_inertialize(struct run_setup *rs)
{
	/* Holden's decay_spring_damper_exact: y = 2 ln2 / H */
	if (critical_from_halflife(rs, 2.0) != 0)
		return EXIT_USAGE;
	return resolve_sources(rs);
}

/* --model timed, velocity, predict: a critical spring chasing a goal. */
static int
resolve_goal(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	int rc;

	/* Holden's simple_spring_damper_exact: y = 2 ln2 / H */
	if (critical_from_halflife(rs, 2.0) != 0)
		return EXIT_USAGE;
	sim->t_goal = rs->t_goal;
	sim->v_goal = rs->v_goal;
	sim->apprehension = rs->apprehension;
	if ((rc = refuse_flags(rs)) != EXIT_OK)
		return rc;
	if (sim->model == spring_model_predict) {
		/* the goal is a velocity: the target line is where moving at
		 * it from x0 would be */
		sim->target = sim->x0;
		sim->target_vel = sim->v_goal;
		sim->xi0 = 0.0;		/* at rest: a = 0 */
	}
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
	if (critical_from_halflife(rs, rs->sim.model != NULL ? 4.0 : 2.0) != 0)
		return EXIT_USAGE;
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
 * The models, one row each: the name --model takes and its line of
 * `springsim list` (or the library's model, lib, which gives both and
 * its rules), how its rule is chosen and its spring resolved (run's
 * models), or the command that runs it (a state of its own shape: many
 * bodies, rotations).  In the order `springsim list` gives them; the
 * spring first.  `springsim help NAME` answers for each (main.c).
 */
const struct run_model run_models[] = {
	{ .name = "spring", .summary = "the damped spring a = omega^2 (g - x) "
	  "+ 2 zeta omega (q - v)", .rules = RULES_SPRING,
	  .resolve = resolve_damped, .dim_as = "vector",
	  .checked = "the exact solution (x_ref, v_ref) at every frame" },
	{ .name = "critical", .summary = "Holden's critical spring: zeta 1, "
	  "omega 2 ln2 / H (--halflife H); rule exact (first order on a "
	  "moving target)",
	  .rules = RULES_CRITICAL, .resolve = resolve_critical,
	  .checked = "the exact critical spring (x_ref, v_ref)",
	  .refuses = "--float32" },
	/* MODEL COMMANDS: add a line here */
	{ .name = "quat", .summary = "Holden's quaternion spring: a rotation "
	  "toward a goal rotation (--q0, --target, --w0); rules "
	  "semi-implicit, exact, rk4", .rules = RULES_ROTATION,
	  .run = cmd_quat, .checked = "the closed form for a planar motion, "
	  "else RK4 at 64 steps a frame (its own error estimated: ref_err)",
	  .refuses = "--float32 --engine", .why = "the rotation steps by its "
	  "own rules (--integrator)" },
	{ .name = "vector", .summary = "2 or 3 independent damped springs "
	  "(--dim, --x0 LIST, --target LIST), each component exactly run's",
	  .rules = RULES_SPRING, .run = cmd_vector,
	  .checked = "each component's exact solution, as run's" },
	{ .name = "pair", .summary = "two bodies joined by a spring of rest "
	  "length: 1-D exact (Nissen); --dim 2|3 Fiedler's spring, rk4 "
	  "reference", .rules = RULES_LINE, .run = cmd_system,
	  .refuses = "--float32 --engine", .why = "its bodies step by its "
	  "own rules (--integrator)",
	  .dim_as = "mesh",
	  .dim_one_stays = 1, .checked = "the exact solution of its modes "
	  "(Nissen); with --dim 2|3 an rk4 reference" },
	{ .name = "angular", .summary = "a torsional spring between two "
	  "rotating bodies, wind-up, exact (Nissen)", .rules = RULES_LINE,
	  .run = cmd_system,
	  .checked = "the exact solution of its modes (Nissen)",
	  .refuses = "--float32 --engine", .why = "its bodies step by its "
	  "own rules (--integrator)" },
	{ .name = "chain", .summary = "a rope of --particles N hung from the "
	  "target: 1-D exact modes (Nissen); --dim 2|3 rest-length, rk4 "
	  "reference", .rules = RULES_LINE, .run = cmd_system,
	  .refuses = "--float32 --engine", .why = "its bodies step by its "
	  "own rules (--integrator)",
	  .dim_as = "mesh",
	  .dim_one_stays = 1, .checked = "the exact solution of its modes "
	  "(Nissen); with --dim 2|3 an rk4 reference" },
	{ .name = "mesh", .summary = "Nissen's mesh, --grid RxC hung by its "
	  "top row: --dim 1 linear, exact; --dim 2|3 rest-length springs, rk4 "
	  "reference (also pair and chain with --dim 2|3)",
	  .rules = RULES_NET, .run = cmd_network,
	  .checked = "--dim 1 the exact solution of its modes; --dim 2|3 an "
	  "rk4 reference at 96 steps a frame",
	  .refuses = "--float32 --engine", .why = "its bodies step by its "
	  "own rules (--integrator)" },
	/*
	 * the library's (spring_models[]): its row gives the name, the
	 * summary and the rules; the CLI's, how its spring is resolved and
	 * the flags it owns
	 */
	{ .lib = &spring_model_damper, .resolve = resolve_damper,
	  .params = "--factor --ft",
	  .refuses = "--float32 --v0", .why = "it is first order, its state x alone "
	  "(v is its rate)" },
	{ .lib = &spring_model_double, .resolve = resolve_critical,
	  .refuses = "--float32" },
	{ .lib = &spring_model_timed, .resolve = resolve_goal,
	  .owns = "--t-goal --apprehension",
	  .refuses = "--float32 --target-vel", .why = "its target is --target" },
	{ .lib = &spring_model_velocity, .resolve = resolve_goal,
	  .owns = "--v-goal --apprehension",
	  .refuses = "--float32 --target-vel", .why = "its target is --target" },
	{ .lib = &spring_model_predict, .resolve = resolve_goal,
	  .owns = "--v-goal --horizon",
	  .refuses = "--float32 --target --target-vel", .why = "its goal is --v-goal" },
	{ .lib = &spring_model_inertialize, .resolve = resolve_inertialize,
	  .owns = "--switch-at --source-a --source-b",
	  .refuses = "--float32 --x0 --v0", .why = "it starts on --source-a" },
	{ .name = NULL, .lib = NULL }
};

/* See run.h: the library model's name, or the row's own. */
const char *
run_model_name(const struct run_model *m)
{
	return m->lib != NULL ? (*m->lib)->name : m->name;
}

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
	for (m = run_models; run_model_name(m) != NULL; m++)
		if (owns(m, flag))
			snprintf(who + strlen(who), sizeof(who) - strlen(who),
			    "%s%s", who[0] != '\0' ? " or " : "",
			    run_model_name(m));
	if (who[0] == '\0')
		return EXIT_OK;
	return usage_error("%s goes with --model %s", flag, who);
}

/*
 * The spring of the model --model names (its row's resolve), then what
 * every model checks: the flags that go with one model only, the
 * prediction's rows, substeps and signals.
 */
int
resolve_spring(struct run_setup *rs)
{
	spring_sim *sim = &rs->sim;
	int rc;

	sim->xi0 = sim->x0;
	sim->vi0 = sim->v0;
	if ((rc = rs->mdl->resolve(rs)) != EXIT_OK ||
	    (rc = refuse_flags(rs)) != EXIT_OK)
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
	/* the models it does not go with refuse it (their rows) */
	if (rs->float32)
		sim->rule = spring_rule_float32(sim->rule);
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
 * alone, the damped spring's (resolve_damped) or Holden's critical
 * spring's (resolve_critical without a model of the library's: --model
 * critical), with nothing else in its checks that reads the spring (no
 * signal: the lag search's bound reads omega).
 */
int
run_spring_plan(const struct run_setup *rs, struct param_plan *pl)
{
	/* an engine's setup (esu) is made from the spring: the full path */
	if (rs->mdl == NULL || rs->sim.model != NULL ||
	    rs->sim.signal != NULL || rs->sim.engine != NULL)
		return -1;
	if (rs->mdl->resolve == resolve_damped)
		return param_plan(&rs->ps, pl);
	if (rs->mdl->resolve == resolve_critical)
		return param_plan_halflife(&rs->ps, pl);
	return -1;
}

/*
 * See run.h: resolve_damped's spring and resolve_spring's lines around
 * it, for the values value[] and --mass mass, into sim (a copy of
 * rs->sim, its start and target line set: run_flag_state); everything
 * else resolve_spring checks does not read them.
 */
int
run_spring_params(const struct run_setup *rs, const struct param_plan *pl,
    const double *value, double mass, spring_sim *sim)
{
	double h = sim->policy == spring_policy_none ? rs->dt : rs->max_dt;

	sim->xi0 = sim->x0;
	sim->vi0 = sim->v0;
	if (rs->mdl->resolve == resolve_critical) {
		/* resolve_critical's spring: its plan is the half-life's */
		if (!param_planned_fit(pl, value))
			return -1;
		critical_spring(sim, 2.0, pl->nids > 0 ? value[P_HALFLIFE] :
		    PARAM_HALFLIFE_DEFAULT);
	} else if (param_resolve_planned(pl, value, mass, h,
	    &sim->params) != 0)
		return -1;
	if (pl->uses_step) {
		sim->nissen = 1;
		sim->ck = value[P_CK];
		sim->cd = value[P_CD];
	}
	if (sim->model != NULL || sim->rule == spring_rule_critical)
		sim->params.mass = mass;
	sim->params.fast_exp = rs->fast_exp;
	return 0;
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
 * The name of run's long option arg stands for as getopt_long reads it
 * (--name or --name=value, the name whole or a prefix of one option's
 * alone), or NULL: so that `--mod quat` finds the model getopt would.
 */
static const char *
run_flag_named(const struct option *all, const char *arg)
{
	const struct option *o, *found = NULL;
	size_t n;

	if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0')
		return NULL;
	arg += 2;
	n = strcspn(arg, "=");
	for (o = all; o->name != NULL; o++) {
		if (strncmp(o->name, arg, n) != 0)
			continue;
		if (strlen(o->name) == n)
			return o->name;		/* whole: always this one */
		if (found != NULL)
			return NULL;		/* ambiguous */
		found = o;
	}
	return found != NULL ? found->name : NULL;
}

/*
 * The value argv gives run's long option `want` (its last), read before
 * getopt sees argv as getopt_long reads it (the name whole or a prefix,
 * =value or the next argument), or NULL; *given whether the option is
 * there at all, value or not (unless given is NULL); *dim_arg (unless
 * dim_arg is NULL) the value of --dim ("" without one), or NULL without
 * --dim.
 */
static const char *
flag_arg(int argc, char **argv, const char *want, int *given,
    const char **dim_arg)
{
	struct option all[MAX_LONGOPTS];
	const char *name = NULL, *dim = NULL, *flag, *eq;
	int i;

	if (run_longopts(NULL, all, sizeof(all) / sizeof(all[0])) != 0)
		abort();	/* the tables are ours: a bug, not input */
	if (given != NULL)
		*given = 0;
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--") == 0)
			break;
		/* --dim is no run flag but the model commands' */
		if (strcmp(argv[i], "--dim") == 0 ||
		    strncmp(argv[i], "--dim=", 6) == 0) {
			dim = argv[i][5] == '=' ? argv[i] + 6 :
			    i + 1 < argc ? argv[i + 1] : "";
			continue;
		}
		flag = run_flag_named(all, argv[i]);
		if (flag == NULL || strcmp(flag, want) != 0)
			continue;
		if (given != NULL)
			*given = 1;
		eq = strchr(argv[i], '=');
		if (eq != NULL || i + 1 < argc)
			name = eq != NULL ? eq + 1 : argv[++i];
	}
	if (dim_arg != NULL)
		*dim_arg = dim;
	return name;
}

/* See run.h. */
const char *
run_model_arg(int argc, char **argv, const char **dim_arg)
{
	return flag_arg(argc, argv, "model", NULL, dim_arg);
}

/* See run.h. */
int
run_flag_in(int argc, char **argv, const char *name)
{
	int given;

	flag_arg(argc, argv, name, &given, NULL);
	return given;
}


/*
 * See run.h: the row of model name (any: run's, a command's, the
 * library's), or NULL.
 */
const struct run_model *
run_model_find(const char *name)
{
	const struct run_model *m;

	for (m = run_models; run_model_name(m) != NULL; m++)
		if (strcmp(run_model_name(m), name) == 0)
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
	const struct run_model *m = run_model_find(name != NULL ? name :
	    "spring");

	if (m != NULL && dim_arg != NULL && m->dim_as != NULL &&
	    !(m->dim_one_stays && names_one(dim_arg)))
		m = run_model_find(m->dim_as);
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

	for (m = run_models; run_model_name(m) != NULL; m++) {
		if (m->lib == NULL) {
			fprintf(fp, "  %-20s %s\n", m->name, m->summary);
			continue;
		}
		o = *m->lib;
		fprintf(fp, "  %-20s %s [%s]\n", o->name,
		    cli_summary(o->summary), o->source);
		for (r = o->rules; *r != NULL; r++)
			fprintf(fp, "    %-18s %-8s %s [%s]\n", (*r)->name,
			    (*r)->order ? "order 1" : "exact", (*r)->summary,
			    (*r)->source);
	}
}
