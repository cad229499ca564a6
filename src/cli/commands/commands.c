/*
 * commands.c - the subcommands, one row each (cli_commands[]): the name
 * main.c dispatches on, its function, its lines in `springsim --help`
 * (help.c prints them in this order), its flag rows where it has them,
 * and whether it takes run's flags or the parameter flags besides its
 * own; a command not yet in rows (sweep) names its getopt table and
 * its --help instead.  `springsim list --json` reads the same rows.  A new command is a
 * row here and its file.
 */
#include <getopt.h>
#include <stddef.h>

#include "cli.h"
#include "optparse.h"

/* See cli.h. */
const struct command cli_commands[] = {
	{ "run", cmd_run, &run_options, TAKES_PARAMS, NULL, NULL,
"  run         one spring: its trajectory, or with --metrics one row of\n"
"              errors (the command when none is named)\n" },
	{ "fps", cmd_fps, &fps_options, TAKES_RUN | TAKES_PARAMS, NULL, NULL,
"  fps         the same spring at several frame rates, one row each\n" },
	{ "analyze", cmd_analyze, &analyze_options, TAKES_PARAMS, NULL, NULL,
"  analyze     what each rule does to the spring at a step: stability,\n"
"              the spring it really simulates (no simulation)\n" },
	{ "convert", cmd_convert, &convert_options, TAKES_PARAMS, NULL, NULL,
"  convert     one spring in every parameter convention and dialect\n" },
	{ "export", cmd_export, &export_options, TAKES_PARAMS, NULL, NULL,
"  export      a spring, or an engine's frames, as a CSS linear() easing\n"
"              with its error, and as each library's config\n" },
	{ "sweep", cmd_sweep, &sweep_options, TAKES_RUN | TAKES_PARAMS, NULL,
	  NULL,
"  sweep       every configuration of a grid of run options, one --metrics\n"
"              row each, on every core, in shards; --fail-if gates\n" },
	{ "resonance", cmd_resonance, &resonance_options,
	  TAKES_RUN | TAKES_PARAMS, NULL, NULL,
"  resonance   the spring driven by a sine at each frequency of a list\n" },
	{ "tune", cmd_tune, &tune_options, TAKES_RUN | TAKES_PARAMS, NULL, NULL,
"  tune        the parameters for a wanted motion at a frame rate\n" },
	{ "fit", cmd_fit, &fit_options, 0, NULL, NULL,
"  fit         the spring behind a recorded curve (a CSV file)\n" },
	{ "list", cmd_list, NULL, 0, NULL, NULL,
"  list        the models, rules, engines, parameter conventions, signals,\n"
"              substep policies and output columns, by name\n" },
	{ "help", cmd_help, NULL, 0, NULL, NULL,
"  help        this help; help NAME: a command's, model's, rule's,\n"
"              engine's or dialect's\n" },
	{ NULL, NULL, NULL, 0, NULL, NULL, NULL }
};
