/*
 * help.c - `springsim help [COMMAND | MODEL]`, and `springsim --help`:
 * the commands, the models (and where each one's own help is), the
 * flags most used, the exit statuses and where to look next, on one
 * screen.  Run's whole flag reference is run.c's
 * (`springsim help run`).  Apart from main.c, as run.c prints it too
 * (a lone `springsim --help`) and the unit tests link run.c without
 * main.c.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "run.h"

/* See cli.h: `springsim --help`, a page that fits a terminal. */
void
springsim_usage(FILE *fp)
{
	const struct command *c;

	fputs(
"usage: springsim [run] [options]\n"
"       springsim COMMAND [options]\n"
"       springsim help [COMMAND | MODEL]\n"
"\n"
"Step a damped spring, a = omega^2 (g - x) + 2 zeta omega (q - v), with a\n"
"game's update rule at a frame time, and print it beside the exact solution\n"
"as CSV; or measure, map, convert, tune or fit springs.\n"
"\n"
"Commands (each has its own help: springsim help COMMAND, or COMMAND --help):\n",
	    fp);
	for (c = cli_commands; c->name != NULL; c++)
		fputs(c->help, fp);
	fputs("\n"
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
"  --omega W --zeta Z  the spring's omega (rad/s) and damping ratio\n"
"                      (default 4 pi, 0.3; --uaf W --dr Z too); or one other\n"
"                      group: --stiffness K --damping D, --halflife H\n"
"                      --frequency F, a library's (--react-tension T\n"
"                      --react-friction F ...): springsim list\n"
"  --mass M            kg (default 1)\n"
"  --x0 X --v0 V       the initial state (default 0, 0)\n"
"  --target G          the target (default 1); --target-signal NAME a\n"
"                      moving one, --target-file FILE a recorded one\n"
"  --dt S, --fps N     the frame time (default 1/60 s), or the frame rate\n"
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

/*
 * `springsim help [COMMAND | MODEL]`: this help, a command's --help (the
 * command run with --help alone), or a model's (--model NAME --help), so
 * that every help is found from one name.
 */
int
cmd_help(int argc, char **argv)
{
	const struct command *c;
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
	for (c = cli_commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[1]) == 0)
			return c->run(2, args);
	/* every model of run_models[] (runmodels.c): its help is
	 * --model NAME --help, run's or its own command's */
	if (run_model_find(argv[1]) != NULL) {
		args[0] = run;
		args[1] = model;
		args[2] = argv[1];
		args[3] = help;
		args[4] = NULL;
		return cmd_run(4, args);
	}
	return usage_error("help: unknown command or model '%s'", argv[1]);
}
