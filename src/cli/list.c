/*
 * list.c - `springsim list`: what there is to choose from, by name.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "paramflags.h"
#include "spring.h"

/* Every family of names, one section each. */
int
cmd_list(int argc, char **argv)
{
	const spring_rule *const *r;
	const spring_policy *const *p;
	int kind;

	if (argc > 1 && (strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "--help") == 0)) {
		puts("usage: springsim list\n\nList the models, update rules, "
		    "parameter conventions, substep\npolicies and metrics "
		    "springsim knows, by name.");
		return flush_stdout() == 0 ? EXIT_OK : EXIT_IO;
	}
	if (argc > 1)
		return usage_error("list takes no arguments, not '%s'",
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
	puts("parameter conventions (exactly one group; --mass with any):");
	list_conventions(stdout);
	puts("signals (--target-signal, or --target-file):");
	for (kind = 0; kind < SPRING_SIGNAL_KINDS; kind++)
		printf("  %-20s %s\n", spring_signal_name(kind),
		    spring_signal_summary(kind));
	puts("substep policies (--substep):");
	for (p = spring_policies; *p != NULL; p++)
		printf("  %-20s %s\n", (*p)->name, (*p)->summary);
	puts("metrics (--metrics):");
	puts("  max_err_x rms_err_x final_err_x max_err_v rms_err_v "
	    "final_err_v overshoot settle_time energy_drift diverged");
	puts("  max_dt max_substeps lost_time max_lag substeps max_substeps_frame "
	    "lag attenuation");
	return flush_stdout() == 0 ? EXIT_OK : EXIT_IO;
}
