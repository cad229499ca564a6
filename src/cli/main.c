/*
 * main.c - springsim: a bench for damped springs.  Subcommand dispatch;
 * each subcommand lives in its own file and returns an exit status.
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
	{ NULL, NULL }
};

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

int
main(int argc, char **argv)
{
	const struct command *c;

	flush_subnormals();
	/* no subcommand, or an option first: `springsim [run] [options]` */
	if (argc < 2 || argv[1][0] == '-')
		return exit_code(cmd_run(argc, argv));
	for (c = commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[1]) == 0)
			return exit_code(c->run(argc - 1, argv + 1));
	return exit_code(usage_error("unknown command '%s'", argv[1]));
}
