/*
 * main.c - runs the unit-test suites and prints the closing count.
 *
 *	unit-tests		every suite, in the table's order
 *	unit-tests SUITE...	the suites named, in that order
 *	unit-tests --list	the suites' names, one a line
 *
 * The closing line, "unit: N passed, N failed", is what tests/run.sh
 * reads.  An unknown name: one line naming it and the suites, exit 2.
 * A new suite: its function in suites.h and one row here.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "suites.h"

int check_passed, check_failed;

struct suite {
	const char	*name;		/* on the command line */
	void		(*run)(void);
};

/* every suite, in the order a full run takes them */
static const struct suite suites[] = {
	{ "exact", test_exact },
	{ "params", test_params },
	{ "rules", test_rules },
	{ "metrics", test_metrics },
	{ "numfmt", test_numfmt },
	{ "parse", test_parse },
	{ "paramplan", test_paramplan },
	{ "rowcache", test_rowcache },
	{ "frame", test_frame },
	{ "signal", test_signal },
	{ "analyze", test_analyze },
	{ "dialects", test_dialects },
	{ "batch", test_batch },
	{ "models", test_models },
	{ "resonance", test_resonance },
	{ "system", test_system },
	{ "network", test_network },
	{ "rotation", test_rotation },
	{ "library", test_library },
	{ "tables", test_tables },
	{ "tune", test_tune },
	{ "easing", test_easing },
	{ "engine_js_a", test_engine_js_a },
	{ "engine_js_b", test_engine_js_b },
	{ "engine_reanimated", test_engine_reanimated },
	{ "engine_native", test_engine_native },
	{ "engine_remotion", test_engine_remotion },
	{ "engine_unreal", test_engine_unreal },
	{ NULL, NULL }
};

/* The suite called name, or NULL. */
static const struct suite *
suite_find(const char *name)
{
	const struct suite *s;

	for (s = suites; s->name != NULL; s++)
		if (strcmp(s->name, name) == 0)
			return s;
	return NULL;
}

/* The suites' names to f, sep between them, then a newline. */
static void
suite_names(FILE *f, const char *sep)
{
	const struct suite *s;

	for (s = suites; s->name != NULL; s++)
		fprintf(f, "%s%s", s == suites ? "" : sep, s->name);
	fputc('\n', f);
}

int
main(int argc, char **argv)
{
	const struct suite *s;
	int i;

	if (argc == 2 && strcmp(argv[1], "--list") == 0) {
		suite_names(stdout, "\n");
		return 0;
	}
	/* every name checked before any suite runs */
	for (i = 1; i < argc; i++) {
		if (suite_find(argv[i]) == NULL) {
			fprintf(stderr, "unit-tests: unknown suite '%s'; "
			    "the suites: ", argv[i]);
			suite_names(stderr, " ");
			return 2;
		}
	}
	if (argc == 1) {
		for (s = suites; s->name != NULL; s++)
			s->run();
	} else {
		for (i = 1; i < argc; i++)
			suite_find(argv[i])->run();
	}
	printf("unit: %d passed, %d failed\n", check_passed, check_failed);
	return check_failed != 0;
}
