/*
 * nofit.c - fit's entry point for the programs that link the CLI's
 * objects without fit.o (MINPACK's): the unit tests (and the static
 * cross build, which has no MINPACK) and make bench's program.  The
 * command table (commands.c) names cmd_fit, so they need one; it is
 * never called there: the fit command is tested through springsim
 * itself (fit.bats) and the fuzz replay, which link the real one.
 */
#include "cli/cli.h"

/* Refuse, as a command would that is not there. */
int
cmd_fit(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	return EXIT_USAGE;
}
