/*
 * test_tables.c - the CLI's tables agree with themselves and with the
 * library: every model of the library has its row in run_models[], every
 * row resolves or runs, the flags a model owns and --dim's models exist,
 * and run's getopt table names each flag once.
 */
#include <getopt.h>
#include <string.h>

#include "check.h"
#include "cli/run.h"
#include "suites.h"

/* The row of run_models[] named name, or NULL. */
static const struct run_model *
row(const char *name)
{
	const struct run_model *m;

	for (m = run_models; m->name != NULL; m++)
		if (strcmp(m->name, name) == 0)
			return m;
	return NULL;
}

/* Whether all[] (getopt_long's table) has --name. */
static int
has_flag(const struct option *all, const char *name, size_t len)
{
	for (; all->name != NULL; all++)
		if (strlen(all->name) == len && strncmp(all->name, name, len) == 0)
			return 1;
	return 0;
}

/* Whether some engine's knobs[] has a row with flag. */
static const spring_engine_knob *
knob_named(const char *flag, int *engines)
{
	const spring_engine *const *e;
	const spring_engine_knob *k, *first = NULL;

	*engines = 0;
	for (e = spring_engines; *e != NULL; e++)
		for (k = (*e)->knobs; k != NULL && k->option != NULL; k++)
			if (k->flag != NULL && strcmp(k->flag, flag) == 0) {
				if (first == NULL)
					first = k;
				++*engines;
			}
	return first;
}

/*
 * The libraries' knobs as run's flags: one getopt entry a flag of the
 * engines' rows, whatever number of engines share it, each a knob's
 * code, taking a value but for a switch, swept as its kind; a value
 * stored by number, refused outside its row's range; and the flags in
 * the order of the kinds (--clamp, the numbers, the counts, the ranges).
 */
static void
test_knob_flags(const struct option *all)
{
	const spring_engine *const *e;
	const spring_engine_knob *k;
	struct run_setup rs;
	int j, n = 0, engines, rows = 0, last_kind = -1, code = -1;
	double x;

	for (e = spring_engines; *e != NULL; e++)
		for (k = (*e)->knobs; k != NULL && k->option != NULL; k++)
			rows += k->flag != NULL;
	for (j = 0; all[j].name != NULL; j++) {
		if (all[j].val < KNOB_OPT || all[j].val >= KNOB_OPT + KNOBS_MAX)
			continue;
		n++;
		k = knob_named(all[j].name, &engines);
		CHECK(k != NULL);
		if (k == NULL)
			continue;
		rows -= engines;
		CHECK(k->kind >= last_kind);
		last_kind = k->kind;
		CHECK((all[j].has_arg == no_argument) ==
		    (k->kind == SPRING_KNOB_SWITCH));
		CHECK(run_flag_sweep(all[j].val) == (k->kind ==
		    SPRING_KNOB_SWITCH ? SWEEP_NONE : k->kind ==
		    SPRING_KNOB_NUMBER ? SWEEP_NUMBER : k->kind ==
		    SPRING_KNOB_COUNT ? SWEEP_INTEGER : SWEEP_FIXED));
		CHECK(!run_flag_repeats(all[j].val));
		if (strcmp(all[j].name, "unity-max-speed") == 0)
			code = all[j].val;
	}
	CHECK(n >= 5 && n <= KNOBS_MAX);
	CHECK_EQ(rows, 0);		/* every row's flag has its entry */
	CHECK(strcmp(engine_knob_flag(0, &j), "clamp") == 0 && j == 0);
	CHECK(engine_knob_flag(n, &j) == NULL);
	/* a number knob: stored, and its range kept (message muted) */
	CHECK(code >= 0);
	run_setup_init(&rs);
	CHECK(!engine_knob_get(&rs, "unity-max-speed", &x));
	CHECK(run_apply(&rs, code, "2.5") == 0);
	CHECK(engine_knob_get(&rs, "unity-max-speed", &x) && x == 2.5);
	CHECK(run_value_fits(code, 3.0) && !run_value_fits(code, 0.0) &&
	    !run_value_fits(code, -1.0) && !run_value_fits(code, 1e101));
	message_mute = 1;
	CHECK(run_apply(&rs, code, "0") == -1);
	CHECK(run_apply(&rs, code, "x") == -1);
	CHECK(run_apply(&rs, KNOB_OPT + KNOBS_MAX - 1, "1") == -1);
	message_mute = 0;
	CHECK(run_apply_number(&rs, code, "4", 4.0) == 0);
	CHECK(engine_knob_get(&rs, "unity-max-speed", &x) && x == 4.0);
	CHECK(!engine_knob_get(&rs, "box2d-substeps", &x));
}

/* The suite: each table against the others and the library's lists. */
void
test_tables(void)
{
	const spring_model *const *o;
	const struct run_model *m;
	struct option all[128];
	const char *p;
	size_t i, j, n;

	/* the library's models, each a row choosing the library's rules */
	for (o = spring_models; *o != NULL; o++) {
		m = row((*o)->name);
		CHECK(m != NULL && m->rules == RULES_LIBRARY &&
		    m->resolve != NULL && m->summary == NULL);
	}
	for (m = run_models; m->name != NULL; m++) {
		/* run resolves it, or a command of its own runs it */
		CHECK((m->resolve != NULL) != (m->run != NULL));
		CHECK(m->rules != RULES_LIBRARY ||
		    spring_model_find(m->name) != NULL);
		CHECK(m->summary != NULL || m->rules == RULES_LIBRARY);
		CHECK(m == row(m->name));	/* once */
		CHECK(m->dim_as == NULL || (row(m->dim_as) != NULL &&
		    row(m->dim_as)->run != NULL));
	}
	CHECK(strcmp(run_models[0].name, "spring") == 0);
	/* run's getopt table: every name once, every code once */
	CHECK(run_longopts(NULL, all, sizeof(all) / sizeof(all[0])) == 0);
	for (n = 0; all[n].name != NULL; n++)
		for (j = 0; j < n; j++) {
			CHECK(strcmp(all[j].name, all[n].name) != 0);
			CHECK(all[j].val != all[n].val);
		}
	CHECK(n > 60);
	/* a command's code: its own, not a parameter's, and option_once's */
	{
		struct option own[] = { { "zz-own", required_argument, NULL,
		    CMD_OPT }, { NULL, 0, NULL, 0 } };

		CHECK(run_longopts(own, all, sizeof(all) / sizeof(all[0])) ==
		    0);
		own[0].val = PARAM_OPT;
		CHECK(run_longopts(own, all, sizeof(all) / sizeof(all[0])) ==
		    -1);
		own[0].val = 8 * OPTION_SEEN_BYTES;
		CHECK(run_longopts(own, all, sizeof(all) / sizeof(all[0])) ==
		    -1);
		/* run's own -o again: the exempt codes */
		own[0].val = 'o';
		CHECK(run_longopts(own, all, sizeof(all) / sizeof(all[0])) ==
		    0);
	}
	/* a model owns flags run takes */
	for (m = run_models; m->name != NULL; m++)
		for (p = m->owns; p != NULL && *p != '\0'; p += i) {
			while (*p == ' ')
				p++;
			i = strcspn(p, " ");
			CHECK(strncmp(p, "--", 2) == 0 && has_flag(all, p + 2,
			    i - 2));
		}
	/* a flag is marked owned exactly when some model owns it */
	for (j = 0; j < n; j++) {
		char flag[64];
		int owned = 0;

		snprintf(flag, sizeof(flag), "--%s", all[j].name);
		for (m = run_models; m->name != NULL; m++)
			for (p = m->owns; p != NULL && *p != '\0'; p += i) {
				while (*p == ' ')
					p++;
				i = strcspn(p, " ");
				owned |= i == strlen(flag) &&
				    strncmp(p, flag, i) == 0;
			}
		CHECK(run_flag_owned(all[j].val) == owned);
	}
	/* 'all' of --integrator is every rule, of --substep every policy */
	for (j = 0; j < n; j++) {
		const spring_rule *const *r = spring_rules;
		const spring_policy *const *q = spring_policies;
		long k;

		if (strcmp(all[j].name, "integrator") == 0) {
			for (k = 0; r[k] != NULL; k++)
				CHECK(strcmp(run_flag_all(all[j].val, k),
				    r[k]->name) == 0);
			CHECK(run_flag_all(all[j].val, k) == NULL);
			CHECK(run_flag_sweep(all[j].val) == SWEEP_NAME);
		} else if (strcmp(all[j].name, "substep") == 0) {
			for (k = 0; q[k] != NULL; k++)
				CHECK(strcmp(run_flag_all(all[j].val, k),
				    q[k]->name) == 0);
			CHECK(run_flag_all(all[j].val, k) == NULL);
		} else if (strcmp(all[j].name, "engine") == 0) {
			/* 'all' of --engine is every engine */
			for (k = 0; spring_engines[k] != NULL; k++)
				CHECK(strcmp(run_flag_all(all[j].val, k),
				    spring_engines[k]->name) == 0);
			CHECK(run_flag_all(all[j].val, k) == NULL);
			CHECK(run_flag_sweep(all[j].val) == SWEEP_NAME);
		} else
			CHECK(run_flag_all(all[j].val, 0) == NULL);
		if (strcmp(all[j].name, "hitch") == 0)
			CHECK(run_flag_repeats(all[j].val) &&
			    run_flag_sweep(all[j].val) == SWEEP_FIXED);
		else
			CHECK(!run_flag_repeats(all[j].val));
	}
	test_knob_flags(all);
}
