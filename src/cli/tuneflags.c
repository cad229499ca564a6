/*
 * tuneflags.c - the flags of `springsim tune` (cmd_tune.c): its rows
 * (optparse.h), its --help, and each flag read and range-checked into struct
 * tune_opts (the targets, --match, --fps rates, --max-stiffness).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "grid.h"
#include "numfmt.h"
#include "optparse.h"
#include "run.h"
#include "tuneflags.h"

/* --fps A:B: every whole rate from A to B, the ends included. */
static int
parse_rate_span(struct tune_opts *to, const char *arg)
{
	const char *colon = strchr(arg, ':');
	char a[64], b[64];
	double lo, hi, r;
	size_t n = (size_t)(colon - arg);

	if (n >= sizeof(a) || strlen(colon + 1) >= sizeof(b))
		goto bad;
	memcpy(a, arg, n);
	a[n] = '\0';
	strcpy(b, colon + 1);
	if (scan_double(a, &lo) != 0 || scan_double(b, &hi) != 0 ||
	    !(lo > 0.0) || !(hi >= lo) || hi > 1e9)
		goto bad;
	if (hi - lo > MAX_TUNE_RATES - 2) {
		warn_msg("--fps: '%s' is more than %d rates", arg,
		    MAX_TUNE_RATES);
		return -1;
	}
	to->nrates = 0;
	to->rate[to->nrates++] = lo;
	for (r = floor(lo) + 1.0; r < hi; r += 1.0)
		to->rate[to->nrates++] = r;
	if (hi > lo)
		to->rate[to->nrates++] = hi;
	return 0;
bad:
	warn_msg("--fps: '%s' is not A:B with rates 0 < A <= B", arg);
	return -1;
}

/* --fps RATES: one, a list, A:B or A:B:N. */
static int
parse_rates(void *own, const char *arg)
{
	struct tune_opts *to = own;
	static const struct grid_bounds rates = { 0.0, 1e9, 1 };
	const char *colon = strchr(arg, ':');
	struct grid g;

	if (colon != NULL && strchr(colon + 1, ':') == NULL)
		return parse_rate_span(to, arg);
	if (grid_parse("--fps", arg, &rates, &g) != 0)
		return -1;
	if (grid_count(&g) > MAX_TUNE_RATES) {
		warn_msg("--fps: '%s' is more than %d rates", arg,
		    MAX_TUNE_RATES);
		return -1;
	}
	to->nrates = (int)grid_fill(&g, to->rate, MAX_TUNE_RATES);
	return 0;
}

/* A number > 0 (positive) or in [0, 1) (fraction) or (0, 1) (open). */
static int
parse_ranged(const char *flag, const char *arg, double *x, int kind)
{
	if (parse_bounded(flag, arg, x) != 0)
		return -1;
	if (kind == 0 && !(*x > 0.0)) {
		warn_msg("%s: '%s' must be > 0", flag, arg);
		return -1;
	}
	if (kind == 1 && !(*x >= 0.0 && *x < 1.0)) {
		warn_msg("%s: '%s' must be in [0, 1)", flag, arg);
		return -1;
	}
	if (kind == 2 && !(*x > 0.0 && *x < 1.0)) {
		warn_msg("%s: '%s' must be in (0, 1)", flag, arg);
		return -1;
	}
	return 0;
}

/* --overshoot F: a fraction of the distance in [0, 1). */
static int
parse_overshoot(void *own, const char *arg)
{
	struct tune_opts *to = own;

	to->arg[OPT_OVERSHOOT] = arg;
	if (parse_bounded("--overshoot", arg, &to->overshoot) != 0)
		return -1;
	if (!(to->overshoot >= 0.0 && to->overshoot < 1.0)) {
		warn_msg("--overshoot: '%s' cannot be met: a fraction of "
		    "the distance in [0, 1) (%s)", arg,
		    to->overshoot >= 1.0 ? "at 1 and beyond the spring "
		    "would never settle: zeta would be 0 or less" :
		    "a negative overshoot is none");
		return -1;
	}
	return 0;
}

/* --settle T, > 0. */
static int
parse_settle(void *own, const char *arg)
{
	struct tune_opts *to = own;

	to->arg[OPT_SETTLE] = arg;
	return parse_ranged("--settle", arg, &to->settle, 0);
}

/* --tolerance F, in (0, 1). */
static int
parse_tolerance(void *own, const char *arg)
{
	struct tune_opts *to = own;

	to->arg[OPT_TOLERANCE] = arg;
	return parse_ranged("--tolerance", arg, &to->tolerance, 2);
}

/* --period P, > 0. */
static int
parse_period(void *own, const char *arg)
{
	struct tune_opts *to = own;

	to->arg[OPT_PERIOD] = arg;
	return parse_ranged("--period", arg, &to->period, 0);
}

/* --rise-time T, > 0. */
static int
parse_rise_time(void *own, const char *arg)
{
	struct tune_opts *to = own;

	to->arg[OPT_RISE_TIME] = arg;
	return parse_ranged("--rise-time", arg, &to->rise, 0);
}

/* --margin F, in [0, 1). */
static int
parse_margin(void *own, const char *arg)
{
	return parse_ranged("--margin", arg, &((struct tune_opts *)own)->margin,
	    1);
}

/* --match modes|response. */
static int
parse_match(void *own, const char *arg)
{
	struct tune_opts *to = own;

	if (strcmp(arg, "modes") == 0)
		to->match = MATCH_MODES;
	else if (strcmp(arg, "response") == 0)
		to->match = MATCH_RESPONSE;
	else {
		warn_msg("--match: '%s' is not modes or response", arg);
		return -1;
	}
	return 0;
}

#define TFIELD(T, f) FIELD_OF(struct tune_opts, T, f)

/*
 * tune's flags and --help, a row each (the --help's paragraphs of run's
 * flags, --integrator, --engine, and the parameters', as text); run's
 * are added.
 */
static const struct flag_row tune_rows[] = {
	{ .help =
"usage: springsim tune TARGETS | [parameter group]   the spring, every convention\n"
"       springsim tune [spring] --integrator RULE [--dt H | --fps RATES |\n"
"                      --frames-from FILE] [--match modes|response] [run options]\n"
"       springsim tune [spring] --integrator RULE --max-stiffness [--margin F]\n"
"\n"
"The inverse of run: the parameters that give the motion wanted, printed\n"
"as `springsim convert` prints a spring (name=value lines, every\n"
"convention and dialect: omega=, zeta=, stiffness=, ...), then tune's own\n"
"keys.\n"
"\n"
"Targets (one consistent set; the step response from rest, as run\n"
"--metrics measures it):\n" },
	{ .flag = "--overshoot", .kind = FK_HOOK,
	  .parse = parse_overshoot,
	  .have = TFIELD(int, given[OPT_OVERSHOOT]), .help =
"  --overshoot F       how far x goes past the target, a fraction of the\n"
"                      distance, 0 <= F < 1: zeta = -ln F / sqrt(pi^2 +\n"
"                      ln^2 F) (closed form); F = 0 is zeta = 1, the\n"
"                      quickest spring that does not overshoot.  With one of:\n" },
	{ .flag = "--settle", .kind = FK_HOOK, .parse = parse_settle,
	  .have = TFIELD(int, given[OPT_SETTLE]), .help =
"  --settle T          the settle time, s: after T, |x - target| stays\n"
"                      within the tolerance for ever (run --metrics'\n"
"                      settle_time, in continuous time: a run at a frame time\n"
"                      dt shows the first frame at or after T, < T + dt);\n"
"                      solved exactly (bisection on the closed form)\n" },
	{ .flag = "--tolerance", .kind = FK_HOOK,
	  .parse = parse_tolerance,
	  .have = TFIELD(int, given[OPT_TOLERANCE]), .help =
"  --tolerance F       the settle band, a fraction of the distance, 0 < F\n"
"                      < 1 (default 0.02, the band of run --metrics), of\n"
"                      --settle and of the settle_time and settle_envelope\n"
"                      printed\n" },
	{ .flag = "--rise-time", .kind = FK_HOOK,
	  .parse = parse_rise_time,
	  .have = TFIELD(int, given[OPT_RISE_TIME]), .help =
"  --rise-time T       s from 10 % to 90 % of the distance (first\n"
"                      crossings); solved by bisection\n" },
	{ .flag = "--period", .kind = FK_HOOK, .parse = parse_period,
	  .have = TFIELD(int, given[OPT_PERIOD]), .help =
"  --period P          the damped period 2 pi / omega_d, s (convert's\n"
"                      period=); with --overshoot F > 0, or with\n" },
	{ .help =
"  --decay P --decay-time T   the fraction P of the amplitude left after T\n"
"                      s (default 1), as Chou's decay: zeta omega = -ln P / T\n"
"A parameter group instead of targets (--swiftui-duration D\n"
"--swiftui-bounce B, --motion-visual-duration V --motion-bounce B, any\n"
"convention below) is converted directly, as convert does.\n"
"\n"
"For a rule at a frame time (the spring above is the one designed):\n"
"  --integrator RULE   the rule to tune (or --model RULE); the frame time\n"
"                      is --dt H (default 1/60 s), --fps RATES, or the\n"
"                      frame times of --frames-from FILE\n" },
	{ .flag = "--match", .kind = FK_HOOK, .parse = parse_match,
	  .help =
"  --match modes       the rule's one-step map gets the eigenvalues of the\n"
"                      exact spring over h, e^(lambda h): the same decay and\n"
"                      turn per frame (trace and determinant matched;\n"
"                      semi-implicit in closed form, other rules by Newton's\n"
"                      method on the rule's own step).  The positions still\n"
"                      differ (the start of the response does): both\n"
"                      max_err_x figures are printed.  The default for one\n"
"                      frame time\n"
"  --match response    the (omega', zeta') that minimise max |x - x_ref|\n"
"                      over the step response (Nelder-Mead from the modes\n"
"                      match), the worst over every rate of --fps; the\n"
"                      default for several rates or a frame-time file\n" },
	{ .flag = "--fps", .kind = FK_HOOK, .parse = parse_rates,
	  .help =
"  --fps RATES         frames per second: one rate, a comma list, A:B\n"
"                      (every whole rate from A to B, at most 1000) or A:B:N\n"
"                      (N rates, ends included); max_err_x is printed for\n"
"                      each rate as fps_R_max_err_x_untuned= and _tuned=\n" },
	{ .flag = "--max-stiffness", .kind = FK_ON,
	  .at = TFIELD(int, max_stiffness), .help =
"  --max-stiffness     instead: the stiffest spring RULE takes at this\n"
"                      frame time (the longest, for several), at the spring's\n"
"                      damping ratio, in every convention: omega dt = (1 -\n"
"                      margin) times the rule's limit (analyze's)\n" },
	{ .flag = "--margin", .kind = FK_HOOK, .parse = parse_margin,
	  .have = TFIELD(int, given[OPT_MARGIN]), .help =
"  --margin F          the stability margin, 0 <= F < 1 (default 0.1)\n" },
	{ .help =
"  --engine NAME       instead of RULE: a library's spring as it runs it\n"
"                      (springsim list), tuned with --match response: the\n"
"                      omega and zeta to give the library (in the block, in\n"
"                      its dialect) so that its frames follow the spring\n"
"                      designed\n"
"\n"
"Two settle times in the block, one meaning each (the step response from\n"
"rest, in the band of --tolerance, 2 % by default):\n"
"  settle_time         the time after which |x - target| stays in the band\n"
"                      for ever: run --metrics' settle_time, in continuous\n"
"                      time, of the block's spring (omega, zeta); --settle T\n"
"                      prints T; inf at zeta 0\n"
"  settle_envelope     the envelope's estimate ln(1 / tol) / r, r the\n"
"                      decay rate (convert's settle_time); inf at zeta 0\n"
"\n"
"Keys after the block: integrator, match, designed_omega, designed_zeta,\n"
"max_err_x_untuned (the designed spring stepped by RULE, run --metrics'\n"
"max_err_x: over the rows before it diverged, if it did),\n"
"diverged_untuned (1 if it did, as run --metrics' diverged),\n"
"max_err_x_tuned, max_err_x_modes (response), modes_residual (largest\n"
"residual of trace and determinant), max_stable_hw and margin\n"
"(--max-stiffness); with --fps each rate's fps_R_max_err_x_untuned,\n"
"fps_R_diverged_untuned and fps_R_max_err_x_tuned.  Ck and Cd are read at\n"
"--dt (or the first --fps rate).\n"
"\n" },
	{ .list = param_usage, .tail =
"\n"
"Run options (--duration, --x0, --v0, --target, --substep, ...) shape the\n"
"step response of RULE or NAME as in run; `springsim run --help` lists\n"
"them.  Without --integrator or --engine there is no run: they are\n"
"refused (--dt, for Ck and Cd, and --precision are taken).\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 usage error, bad input, or\n"
"targets no spring (or no setting of the rule) can meet, a stiffest\n"
"spring outside 1e-100..1e100 rad/s among them (the message says which\n"
"and why).\n" },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command tune_options = { .name = "tune",
    .rows = tune_rows };

/* Whether tune's flag c was given. */
int
tune_given(const struct tune_opts *to, int c)
{
	return to->given[c];
}
