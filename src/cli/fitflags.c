/*
 * fitflags.c - the flags of `springsim fit` (fit.c), as rows
 * (optparse.h): apart from fit.c, which needs MINPACK, so that the
 * commands' tables hold them in every build.
 */
#include <stddef.h>
#include <stdio.h>

#include "fit.h"
#include "optparse.h"

#define FFIELD(T, f) FIELD_OF(struct fit, T, f)

/* fit's flags and --help, a row each; FILE is its one operand. */
static const struct flag_row fit_rows[] = {
	{ .help =
"usage: springsim fit FILE [--x0 X] [--v0 V] [--target G] [--mass M]\n"
"                     [--dt H] [--max-rms F] [--precision N] [-o FILE]\n"
"\n"
"The spring that best explains a recorded trajectory.  FILE (- for stdin)\n"
"is CSV with a header naming columns t and x, and optionally target\n"
"(other columns are ignored: `springsim run` output is read as is); t\n"
"increasing.  The exact solution x(t) = the spring from (x0, v0) at the\n"
"first t toward the target is fitted by nonlinear least squares (MINPACK's\n"
"Levenberg-Marquardt, started from a grid over omega and zeta on which x0,\n"
"v0 and the target are solved linearly): omega, zeta, and x0, v0 and the\n"
"target unless given.  A target column is the target, piecewise linear\n"
"between its rows (as run's --target-file).\n"
"\n" },
	{ .flag = "--x0", .kind = FK_ANY,
	  .at = FFIELD(double, fixed[P_X0]), .help =
"  --x0 X, --v0 V      the initial state, when known (not fitted)\n" },
	{ .flag = "--v0", .kind = FK_ANY, .at = FFIELD(double, fixed[P_V0]) },
	{ .flag = "--target", .kind = FK_ANY,
	  .at = FFIELD(double, fixed[P_TARGET]), .help =
"  --target G          the constant target, when known (not fitted)\n" },
	{ .flag = "--mass", .kind = FK_POSITIVE, .at = FFIELD(double, mass),
	  .help =
"  --mass M            the mass of the block's stiffness and damping\n" },
	{ .flag = "--dt", .kind = FK_POSITIVE, .at = FFIELD(double, dt),
	  .help =
"  --dt H              the step of the block's Ck and Cd (default 1/60 s)\n" },
	{ .flag = "--max-rms", .kind = FK_POSITIVE,
	  .at = FFIELD(double, max_rms), .help =
"  --max-rms F         refuse a fit whose RMS residual is above F times the\n"
"                      range of x (default 0.05): not spring-like\n" },
	{ .flag = "--precision", .kind = FK_COUNT, .min = 1, .max = 17,
	  .at = FFIELD(long, precision), .help =
"  --precision N       N significant digits (1-17)\n" },
	OPT_ROW_OUTPUT,
	OPT_ROWS_HELP_VERSION,
	{ .help =
"\n"
"Output: convert's name=value block for the fitted spring (omega=, zeta=,\n"
"every convention), then x0=, v0=, target= (no target= with a target\n"
"column), rms_residual= (sqrt of the mean squared residual), samples=,\n"
"and omega_sigma=, zeta_sigma=, x0_sigma=, v0_sigma=, target_sigma=: the\n"
"standard uncertainties, square roots of the diagonal of s^2 (J^T J)^-1,\n"
"s^2 = the residual sum of squares / (rows - parameters fitted), J the\n"
"Jacobian at the solution (central differences); 0 for a parameter given.\n"
"They assume independent errors of equal spread.\n"
"\n"
EXIT_STATUS_HEAD ";\n"
"fewer than 8 rows, t not increasing, x constant, or not spring-like\n"
"among them (the message names which, with the file's line).\n" },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command fit_options = { .name = "fit", .rows = fit_rows,
    .operands = 1 };
