/*
 * main.c - springsim: a bench for damped springs.  Subcommand dispatch;
 * each subcommand lives in its own file and returns an exit status.
 * The short --help (the commands, the models, the flags most used, where
 * to look next) and `springsim help [COMMAND | MODEL]` are here.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* Subcommands by name, walked by a plain loop, ending in NULL. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "run", cmd_run },
	{ "list", cmd_list },
	{ "fps", cmd_fps },
	{ "analyze", cmd_analyze },
	{ "convert", cmd_convert },
	{ "sweep", cmd_sweep },
	{ "resonance", cmd_resonance },
	{ "tune", cmd_tune },
	{ "fit", cmd_fit },
	{ "help", cmd_help },
	{ NULL, NULL }
};

/*
 * The models `springsim help NAME` answers for: those with a --help of
 * their own (a command of their own, run_models[] in setup.c), and run's
 * models, whose help is run's.
 */
static const char *const help_models[] = {
	"quat", "vector", "pair", "angular", "chain", "mesh",
	"spring", "critical", "damper", "double", "timed", "velocity",
	"predict", "inertialize", NULL
};

/* See cli.h: `springsim --help`, a page that fits a terminal. */
void
springsim_usage(FILE *fp)
{
	fputs(
"usage: springsim [run] [options]\n"
"       springsim COMMAND [options]\n"
"       springsim help [COMMAND | MODEL]\n"
"\n"
"Step a damped spring, a = omega^2 (g - x) + 2 zeta omega (q - v), with a\n"
"game's update rule at a frame time, and print it beside the exact solution\n"
"as CSV; or measure, map, convert, tune or fit springs.\n"
"\n"
"Commands (each has its own help: springsim help COMMAND, or COMMAND --help):\n"
"  run         one spring: its trajectory, or with --metrics one row of\n"
"              errors (the command when none is named)\n"
"  fps         the same spring at several frame rates, one row each\n"
"  analyze     what each rule does to the spring at a step: stability,\n"
"              the spring it really simulates (no simulation)\n"
"  convert     one spring in every parameter convention and dialect\n"
"  sweep       every configuration of a grid of run options, one --metrics\n"
"              row each, on every core, in shards; --fail-if gates\n"
"  resonance   the spring driven by a sine at each frequency of a list\n"
"  tune        the parameters for a wanted motion at a frame rate\n"
"  fit         the spring behind a recorded curve (a CSV file)\n"
"  list        the models, rules, engines, parameter conventions, signals,\n"
"              substep policies and output columns, by name\n"
"  help        this help; help COMMAND, help MODEL: theirs\n"
"\n"
"Models (--model NAME; the default is spring):\n"
"  spring, critical, damper, double, timed, velocity, predict, inertialize\n"
"              one spring of run's (springsim help run)\n"
"  quat        a rotation toward a goal (springsim --model quat --help)\n"
"  vector      2 or 3 independent springs (springsim --model vector --help)\n"
"  pair, angular, chain\n"
"              two bodies, a torsion spring, a rope of N bodies\n"
"              (springsim --model chain --help)\n"
"  mesh        a grid of bodies; pair and chain with --dim 2|3\n"
"              (springsim --model mesh --help)\n"
"\n"
"Most used options of run (fps, sweep, resonance and tune take them too):\n"
"  --model NAME        the model, or a rule's name: --model implicit\n"
"  --integrator NAME   the update rule: explicit, semi-implicit (default),\n"
"                      implicit, rigidbody, backward-euler, verlet, rk4, exact\n"
"  --engine NAME       another library's spring as that library steps it\n"
"                      (react-spring, motion, rebound ...: springsim list)\n"
"  --uaf W --dr Z      the spring's omega (rad/s) and damping ratio\n"
"                      (default 4 pi, 0.3); or one other group: --stiffness\n"
"                      K --damping D, --halflife H --frequency F, --hz F\n"
"                      --decay P --decay-time T ... (springsim list)\n"
"  --mass M            kg (default 1)\n"
"  --x0 X --v0 V       the initial state (default 0, 0)\n"
"  --target G          the target (default 1); --target-signal NAME a\n"
"                      moving one, --target-file FILE a recorded one\n"
"  --dt S              the frame time (default 1/60 s)\n"
"  --duration S        the run's length (default 2 s), or --frames N\n"
"  --substep POLICY    none (default), max, uniform or fixed substeps\n"
"  --metrics           one row of error metrics, not the trajectory\n"
"  -o, --output FILE   write FILE instead of stdout\n"
"  -h, --help          this help;  -V, --version  the version\n"
"Every option of run: springsim help run (or springsim run --help).\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 usage error or bad input,\n"
"3 a sweep --fail-if gate failed.\n"
"See springsim(1) (man springsim) for everything; docs/guide.md in the\n"
"source tree for a tour.\n", fp);
}

/* See cli.h: the one place statuses become exit codes. */
int
exit_code(int status)
{
	switch (status) {
	case EXIT_OK:
	case EXIT_IO:
	case EXIT_USAGE:
	case EXIT_GATE:
		return status;
	case CMD_DONE:
		return EXIT_OK;
	default:
		return EXIT_USAGE;
	}
}

/*
 * `springsim help [COMMAND | MODEL]`: this help, a command's --help (the
 * command run with --help alone), or a model's (--model NAME --help), so
 * that every help is found from one name.
 */
int
cmd_help(int argc, char **argv)
{
	const struct command *c;
	const char *const *m;
	char help[] = "--help", model[] = "--model", run[] = "run";
	char *args[5];

	if (argc > 2)
		return usage_error("help: unexpected argument '%s'", argv[2]);
	if (argc < 2 || strcmp(argv[1], "help") == 0 ||
	    strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		springsim_usage(stdout);
		return flush_stdout() == 0 ? CMD_DONE : EXIT_IO;
	}
	args[0] = argv[1];
	args[1] = help;
	args[2] = NULL;
	for (c = commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[1]) == 0)
			return c->run(2, args);
	for (m = help_models; *m != NULL; m++)
		if (strcmp(*m, argv[1]) == 0) {
			args[0] = run;
			args[1] = model;
			args[2] = argv[1];
			args[3] = help;
			args[4] = NULL;
			return cmd_run(4, args);
		}
	return usage_error("help: unknown command or model '%s'", argv[1]);
}

int
main(int argc, char **argv)
{
	const struct command *c;

	flush_subnormals();
	/* no subcommand, or an option first: `springsim [run] [options]` */
	if (argc < 2 || argv[1][0] == '-')
		return exit_code(cmd_default(argc, argv));
	for (c = commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[1]) == 0)
			return exit_code(c->run(argc - 1, argv + 1));
	return exit_code(usage_error("unknown command '%s'", argv[1]));
}
