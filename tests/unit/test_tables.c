/*
 * test_tables.c - the CLI's tables agree with themselves and with the
 * library: every model of the library has its row in run_models[], every
 * row resolves or runs, the flags a model owns and --dim's models exist,
 * and run's getopt table names each flag once.
 */
#include <getopt.h>
#include <string.h>

#include "check.h"
#include "cli/optparse.h"
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

/*
 * Every command's flag rows (optparse.h): a flag is --name, once in its
 * command; what a row takes has what it needs (a hook its function, a
 * count its range, a letter a common flag's kind); a flag of one command
 * given to another is refused naming the first, an unknown one is not.
 */
static void
check_flag_rows(void)
{
	const struct opt_command *const *c;
	const struct flag_row *f, *g;
	int status = 0, ncmd = 0;

	for (c = opt_commands; *c != NULL; c++, ncmd++) {
		CHECK((*c)->name != NULL && (*c)->rows != NULL);
		for (f = (*c)->rows; !row_end(f); f++) {
			if (f->flag == NULL) {
				CHECK(f->kind == FK_TEXT);
				continue;
			}
			CHECK(strncmp(f->flag, "--", 2) == 0 &&
			    f->flag[2] != '\0' && f->flag[2] != '-');
			CHECK(f->kind != FK_HOOK || f->parse != NULL);
			CHECK(f->parse == NULL || f->kind == FK_HOOK ||
			    f->kind == FK_ON);
			CHECK((f->kind == FK_REFUSED) == (f->refused != NULL));
			CHECK(f->kind != FK_COUNT || f->min <= f->max);
			CHECK(f->kind != FK_TEXT);
			CHECK(f->letter == 0 || f->kind == FK_COMMON ||
			    f->kind == FK_COMMON_VALUE || f->letter == 'j' ||
			    f->letter == 'q');
			for (g = (*c)->rows; g < f; g++)
				CHECK(g->flag == NULL ||
				    strcmp(g->flag, f->flag) != 0);
		}
	}
	CHECK(ncmd >= 2);
	message_mute = 1;
	CHECK(opt_elsewhere("--fail-if", &status) == 1 &&
	    status == EXIT_USAGE);
	status = 0;
	CHECK(opt_elsewhere("--zeta=1", &status) == 1 && status == EXIT_USAGE);
	status = 0;
	CHECK(opt_elsewhere("--no-such-flag", &status) == 0 && status == 0);
	CHECK(opt_elsewhere("--fail", &status) == 0 && status == 0);
	CHECK(opt_elsewhere("-x", &status) == 0 && status == 0);
	message_mute = 0;
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
	check_flag_rows();
}
