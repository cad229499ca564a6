/*
 * list.c - `springsim list`: what there is to choose from, by name.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "paramflags.h"
#include "run.h"
#include "spring.h"

/* The names of the --metrics columns of group, on one line. */
static void
list_columns(enum col_group group)
{
	const char *sep = "  ";
	int j;

	for (j = 0; metric_cols[j].name != NULL; j++)
		if (metric_cols[j].group == group) {
			printf("%s%s", sep, metric_cols[j].name);
			sep = " ";
		}
	putchar('\n');
}

/* Every family of names, one section each. */
int
cmd_list(int argc, char **argv)
{
	const spring_rule *const *r;
	const spring_policy *const *p;
	const spring_engine *const *e;
	int kind;

	if (argc > 1 && (strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "--help") == 0)) {
		puts("usage: springsim list [--json]\n\nList the models, update "
		    "rules, engines, parameter conventions,\nsubstep policies "
		    "and metrics springsim knows, by name.\n\n  --json    "
		    "the registry: every command, flag (kind, range,\n"
		    "            default, scope, help), model, rule, engine "
		    "(its\n            version, dialects, knobs and what it is "
		    "checked\n            against), dialect and column, as one "
		    "JSON document");
		return flush_stdout() == 0 ? EXIT_OK : EXIT_IO;
	}
	if (argc == 2 && (strcmp(argv[1], "-V") == 0 ||
	    strcmp(argv[1], "--version") == 0)) {
		printf("springsim %s\n", SPRING_VERSION);
		return flush_stdout() == 0 ? EXIT_OK : EXIT_IO;
	}
	/* not in the help: the tests' list of run's flags (help.bats) */
	if (argc == 2 && strcmp(argv[1], "--flags") == 0) {
		list_flags(stdout);
		return flush_stdout() == 0 ? EXIT_OK : EXIT_IO;
	}
	if (argc == 2 && strcmp(argv[1], "--json") == 0) {
		if (list_json(stdout) != 0)
			return EXIT_IO;
		return flush_stdout() == 0 ? EXIT_OK : EXIT_IO;
	}
	if (argc > 1)
		return usage_error("list takes no argument but --json, not '%s'",
		    argv[1]);
	puts("models (--model):");
	list_models(stdout);
	puts("rules (--integrator, or --model NAME):");
	for (r = spring_rules; *r != NULL; r++) {
		char order[24];

		if ((*r)->order > 0)
			snprintf(order, sizeof(order), "order %d", (*r)->order);
		else
			snprintf(order, sizeof(order), "exact");
		printf("  %-20s %-8s %s [%s]\n", (*r)->name, order,
		    (*r)->summary, (*r)->source);
	}
	puts("engines (--engine; other libraries' springs, as each runs them):");
	for (e = spring_engines; *e != NULL; e++) {
		char groups[480];

		printf("  %-20s %s %s, %s, checked against the %s: %s [%s]\n",
		    (*e)->name, (*e)->library, (*e)->version,
		    (*e)->float32 ? "float32" : "double", (*e)->checked,
		    (*e)->summary, (*e)->source);
		param_engine_groups((*e)->name, groups, sizeof(groups));
		printf("  %-20s parameters: %s%sspringsim's conventions\n", "",
		    groups, groups[0] != '\0' ? "; " : "");
	}
	puts("parameter conventions (exactly one group; --mass with any):");
	list_conventions(stdout);
	puts("signals (--target-signal, or --target-file):");
	for (kind = 0; kind < SPRING_SIGNAL_KINDS; kind++)
		printf("  %-20s %s\n", spring_signal_name(kind),
		    cli_summary(spring_signal_summary(kind)));
	puts("substep policies (--substep):");
	for (p = spring_policies; *p != NULL; p++)
		printf("  %-20s %s\n", (*p)->name,
		    cli_summary((*p)->summary));
	puts("columns (--metrics, --columns): the run's identity, then the "
	    "metrics");
	list_columns(COL_IDENTITY);
	puts("metrics (--metrics):");
	list_columns(COL_METRIC);
	list_columns(COL_RUN_STAT);
	puts("engine metrics (--metrics with --engine, after the above):");
	list_columns(COL_ENGINE);
	return flush_stdout() == 0 ? EXIT_OK : EXIT_IO;
}
