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
"Levenberg-Marquardt, lmstr, started from a grid over omega and zeta on\n"
"which x0, v0 and the target are solved linearly): omega, zeta, and x0, v0\n"
"and the target unless given.  A target column is the target, piecewise\n"
"linear between its rows (as run's --target-file).  The fit works with t\n"
"over its span and x over its range, so any scale of the data fits alike;\n"
"it takes about 32 bytes a sample (40 with a target column) and a time\n"
"linear in the samples.\n"
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
"They assume independent errors of equal spread.  The model is continued\n"
"smoothly below zeta 0, so a plain oscillation has finite uncertainties;\n"
"a fit ending below 0 is put at zeta=0, the others fitted again.\n"
"\n"
"A warning (the fit goes ahead) names the parameters the capture does not\n"
"determine: those whose standard uncertainty, with the residuals' spread\n"
"taken as at least 1e-6 of the range of x (6 significant digits), is above\n"
"half its scale: omega's value, zeta's value (at least 1), the range of x\n"
"for x0 and the target, that range over the span of t for v0.  A capture\n"
"much shorter than the spring's time (omega * span << 1, a ramp) does not\n"
"determine omega, zeta or the target.\n"
"\n"
EXIT_STATUS_HEAD ";\n"
"fewer than 8 rows, t not increasing, x constant, not spring-like, or a\n"
"best spring outside what springsim takes (omega beyond 1e-100..1e100, a\n"
"value beyond +-1e100) among them (the message names which, with the\n"
"file's line).\n" },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command fit_options = { .name = "fit", .rows = fit_rows,
    .operands = 1 };
