/*
 * main.c - springsim: a bench for damped springs.  Subcommand dispatch;
 * each subcommand lives in its own file and returns an exit status.
 * `springsim help [COMMAND | MODEL]` is here, the short --help it prints
 * in help.c.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "run.h"


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

int
main(int argc, char **argv)
{
	const struct command *c;

	flush_subnormals();
	/* no subcommand, or an option first: `springsim [run] [options]` */
	if (argc < 2 || argv[1][0] == '-')
		return exit_code(cmd_default(argc, argv));
	for (c = cli_commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[1]) == 0)
			return exit_code(c->run(argc - 1, argv + 1));
	return exit_code(usage_error("unknown command '%s'", argv[1]));
}
