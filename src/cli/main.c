/*
 * main.c - springsim: a bench for damped springs.  Subcommand dispatch
 * over commands.c's table; each subcommand lives in its own file and
 * returns an exit status, which exit_code alone maps to an exit code.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "run.h"


/* The exit code for a status (see exit_code). */
static int
status_code(int status)
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
 * See cli.h: the one place statuses become exit codes, and so where the
 * warnings held back are said (a run that went ahead) or dropped (a
 * refusal, whose one line is the whole of stderr).
 */
int
exit_code(int status)
{
	int code = status_code(status);

	if (code == EXIT_USAGE)
		warnings_drop();
	else
		warnings_release();
	return code;
}

int
main(int argc, char **argv)
{
	const struct command *c;
	const char *h;
	char hint[96];

	flush_subnormals();
	/* no subcommand, or an option first: `springsim [run] [options]` */
	if (argc < 2 || argv[1][0] == '-')
		return exit_code(cmd_default(argc, argv));
	for (c = cli_commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[1]) == 0)
			return exit_code(c->run(argc - 1, argv + 1));
	h = suggest_name(argv[1], SUGGEST_COMMANDS, hint, sizeof(hint), NULL);
	return exit_code(usage_error("unknown command '%s'%s%s", argv[1],
	    h != NULL ? "; " : "", h != NULL ? h : ""));
}
