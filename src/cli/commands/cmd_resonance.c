/*
 * cmd_resonance.c - `springsim resonance`: drive a spring with a sine target
 * at each frequency of a list and measure its energy, to see where it
 * resonates, how a rule's frame rate moves that, and how Holden's
 * resonant_frequency ("Spring-It-On: The Game Developer's
 * Spring-Roll-Call", "Resonance") compares.
 *
 * One row per drive frequency: the energy of the simulated spring (the
 * chosen rule at the chosen frame time), Holden's measure (v^2 + omega^2
 * x^2) / 2 per unit mass relative to the rest state, averaged over whole
 * drive periods after the transient has died down, beside the closed-form
 * steady state's (src/resonance.c); and, the same on every row, the
 * measured peak (a parabola through the three best points), the closed-
 * form peak and Holden's prediction.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "numfmt.h"
#include "optparse.h"
#include "run.h"

#define TWO_PI 6.283185307179586476925286766559
/* The window holds at least this many frames and --periods periods. */
#define RES_MIN_FRAMES 1000
#define RES_PERIODS 10

/* resonance's own flags. */
struct res_opts {
	struct grid hz;
	int have_hz, have_settle;
	double settle;
	long periods;
};

/* What one drive frequency gave. */
struct res_row {
	double hz, settle, frames, energy, energy_ss, amp_ss;
	int diverged;
};

/* The columns, in order; the last three are the same on every row. */
static const char *const res_cols[] = {
	"hz", "drive_omega", "omega", "zeta", "integrator", "dt", "settle",
	"frames", "energy", "energy_ss", "amplitude_ss", "diverged",
	"peak_hz", "peak_hz_ss", "holden_hz", NULL
};

/* --hz LIST: the drive frequencies. */
static int
parse_hz(void *own, const char *arg)
{
	static const struct grid_bounds hz_bounds = { 0.0, 1e9, 1 };
	struct res_opts *ro = own;

	if (grid_parse("--hz", arg, &hz_bounds, &ro->hz) != 0)
		return -1;
	ro->have_hz = 1;
	return 0;
}

/* --settle S: s >= 0. */
static int
parse_settle(void *own, const char *arg)
{
	struct res_opts *ro = own;

	if (parse_double("--settle", arg, &ro->settle) != 0)
		return -1;
	if (!(ro->settle >= 0.0)) {
		warn_msg("--settle: '%s' must be >= 0", arg);
		return -1;
	}
	ro->have_settle = 1;
	return 0;
}

#define RFIELD(T, f) FIELD_OF(struct res_opts, T, f)

/*
 * resonance's flags and --help, a row each; run's are added.  --hz here
 * is the drive, shadowing Chou's --hz.
 */
static const struct flag_row res_rows[] = {
	{ .help =
"usage: springsim resonance --hz LIST [--settle S] [--periods N]\n"
"                           [run options]\n"
"\n"
"Drive the spring with the target g0 + q0 t + AMP sin(2 pi hz t) at each\n"
"drive frequency of LIST and print one CSV row per frequency: hz,\n"
"drive_omega (2 pi hz), the spring's omega and zeta, the rule and dt,\n"
"settle (s) and frames (of the run), energy (measured), energy_ss (the\n"
"closed-form steady state), amplitude_ss (of x about rest), diverged, and\n"
"on every row peak_hz (measured), peak_hz_ss (closed form) and holden_hz.\n"
"\n" },
	{ .flag = "--hz", .kind = FK_HOOK, .parse = parse_hz,
	  .help =
"  --hz LIST           drive frequencies, Hz > 0: a comma list, A:B:N (N\n"
"                      points, ends included) or A:B:Nlog.  Here --hz is\n"
"                      the drive: give the spring in a convention other\n"
"                      than Chou's --hz/--decay/--decay-time\n" },
	{ .flag = "--settle", .kind = FK_HOOK, .parse = parse_settle,
	  .help =
"  --settle S          the time, s >= 0, before the energy is measured\n"
"                      (default: the exact spring's slowest transient\n"
"                      falls by 1e-6, ln(1e6) / (zeta omega) up to zeta 1)\n" },
	{ .flag = "--periods", .kind = FK_COUNT, .min = 1,
	  .max = 1000000000L, .at = RFIELD(long, periods), .help =
"  --periods N         measure over at least N whole drive periods (default\n"
"                      10), and over as many more as it takes to hold\n"
"                      1000 frames\n" },
	OPT_ROWS_HELP_VERSION,
	{ .help =
"\n"
"energy is Holden's (v^2 + omega^2 x^2) / 2 per unit mass, x and v taken\n"
"from the rest state (the spring's steady state on g0 + q0 t alone), its\n"
"mean over the window's frames, each weighted by its length; energy_ss is\n"
"A^2 |H|^2 (W^2 + omega^2) / 4, H = (omega^2 + i kappa c W) / (omega^2 -\n"
"W^2 + i c W), c = 2 zeta omega, kappa 0 with --target-vel-source zero,\n"
"else 1.  peak_hz is the vertex of the parabola (in hz) through the\n"
"largest measured energy and its neighbours in hz (empty when it is an end\n"
"of LIST); peak_hz_ss where energy_ss peaks (empty when it has no peak);\n"
"holden_hz is the frequency Holden's resonant_frequency() says the spring\n"
"resonates at, omega sqrt(1 + zeta^2) / (2 pi) (his stiffness W^2 - d^2 / 4\n"
"solved for W; the damped natural frequency is omega sqrt(1 - zeta^2)).\n"
"The target signal is the sine (--target-signal sine, the default here;\n"
"--signal-amp its amplitude); --hz sets its period, so --signal-period,\n"
"--duration, --frames and --frames-from do not apply.\n"
"\n"
"and run's flags (the model, --integrator, the spring's parameters,\n"
"--dt, --substep, -o ...): springsim help run.\n"
"\n"
EXIT_STATUS_TEXT },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command resonance_options = { .name = "resonance",
    .rows = res_rows };

/* The run flags that resonance sets itself, or has no use for. */
static int
check_flags(const struct run_setup *rs, const struct res_opts *ro)
{
	if (!ro->have_hz)
		return usage_error("resonance needs --hz LIST");
	if (rs->target_file != NULL)
		return usage_error("--target-file does not go with resonance: "
		    "it drives with the sine");
	if (rs->signal.kind != SPRING_SIGNAL_SINE)
		return usage_error("--target-signal: '%s' does not go with "
		    "resonance: it drives with the sine", rs->signal_name);
	if (rs->signal_flag != NULL &&
	    strcmp(rs->signal_flag, "--signal-period") == 0)
		return usage_error("--signal-period does not go with "
		    "resonance: --hz sets the period");
	if (rs->have_duration || rs->have_frames || rs->frames_from != NULL)
		return usage_error("%s does not go with resonance: --hz, "
		    "--settle and --periods set the length of each run",
		    rs->have_duration ? "--duration" : rs->have_frames ?
		    "--frames" : "--frames-from");
	if (rs->metrics)
		return usage_error("--metrics does not go with resonance");
	if (!(rs->sim.params.zeta > 0.0) && !ro->have_settle)
		return usage_error("resonance: zeta 0: an undamped spring "
		    "never settles into its steady state (--settle to "
		    "measure anyway)");
	return EXIT_OK;
}

/*
 * Each drive's settling time and window: t0 = the settling time, t1 =
 * t0 plus the fewest whole periods, at least --periods, that span
 * RES_MIN_FRAMES frames of dt.  Refuse up front, unless --force, more
 * frames in all than MAX_FRAMES.
 */
static int
plan(const struct run_setup *rs, const struct res_opts *ro,
    struct res_row *row, double *t1)
{
	double settle, total = 0.0, periods, frames;
	char what[160];
	struct grid_iter it;
	long i = 0;

	settle = ro->have_settle ? ro->settle :
	    spring_resonance_settle(rs->sim.params.omega, rs->sim.params.zeta);
	grid_begin(&ro->hz, &it);
	while (grid_next(&it, &row[i].hz)) {
		periods = fmax((double)ro->periods,
		    ceil(RES_MIN_FRAMES * rs->dt * row[i].hz));
		row[i].settle = settle;
		t1[i] = settle + periods / row[i].hz;
		frames = t1[i] / (rs->dt * (1.0 - rs->jitter)) + 1.0;
		row[i].frames = frames;
		total += frames;
		/* blame the flag that makes the window long */
		if (ro->have_settle && settle >= periods / row[i].hz)
			snprintf(what, sizeof(what), "--settle: '%g' s "
			    "(%s Hz)", settle, ro->hz.text);
		else
			snprintf(what, sizeof(what), "--hz: '%s'",
			    ro->hz.text);
		if (!(frames <= 9e18) || !(total <= 9e18))
			return usage_error("%s runs %.3g frames at --dt %g in "
			    "all, more than springsim can count", what, total,
			    rs->dt);
		if (total > (double)MAX_FRAMES && !rs->force)
			return usage_error("%s runs %.3g frames at --dt %g in "
			    "all, more than %ld (--force to run it anyway)",
			    what, total, rs->dt, MAX_FRAMES);
		i++;
	}
	return EXIT_OK;
}

/* Run each drive and measure its energy beside the closed form. */
static void
measure(struct run_setup *rs, struct res_row *row, const double *t1,
    long n)
{
	spring_metrics m;
	spring_frame_stats fs;
	char ctx[64];
	double kappa = rs->sim.vel_source == SPRING_VEL_ZERO ? 0.0 : 1.0;
	double w, omega = rs->sim.params.omega, zeta = rs->sim.params.zeta;
	long i;

	for (i = 0; i < n; i++) {
		w = TWO_PI * row[i].hz;
		rs->signal_period = 1.0 / row[i].hz;
		rs->signal.period = 1.0 / row[i].hz;
		rs->sim.duration = t1[i];
		rs->sim.frames = rs->sim.schedule == NULL ?
		    spring_frame_count(t1[i], rs->dt) : 0;
		spring_resonance_mean_energy(&rs->sim, row[i].settle, t1[i],
		    &row[i].energy, &m, &fs);
		row[i].frames = (double)fs.frames;
		row[i].diverged = m.diverged;
		row[i].energy_ss = spring_resonance_energy(omega, zeta, kappa,
		    rs->signal.amp, w);
		row[i].amp_ss = fabs(rs->signal.amp) *
		    spring_resonance_gain(omega, zeta, kappa, w);
		snprintf(ctx, sizeof(ctx), "--hz %g: ", row[i].hz);
		message_context = ctx;
		run_warnings(rs, &m, &fs);
		message_context = NULL;
	}
}

/* Order of drive frequencies, for qsort of row pointers. */
static int
by_hz(const void *a, const void *b)
{
	const struct res_row *x = *(const struct res_row *const *)a;
	const struct res_row *y = *(const struct res_row *const *)b;

	return (x->hz > y->hz) - (x->hz < y->hz);
}

/*
 * The measured peak: the largest energy in order of hz, refined by the
 * vertex of the parabola through it and its two neighbours (their hz, not
 * their indices, so a log grid is fine); NaN, with a warning, when the
 * largest is an end of the list (the peak lies outside it), or NaN when
 * there are fewer than 3 points.
 */
static double
measured_peak(struct res_row *row, long n, const char *text)
{
	struct res_row **s;
	double x[3], y[3], best = -INFINITY, peak = NAN;
	long i, k = -1;

	if (n < 3 || (s = malloc((size_t)n * sizeof(*s))) == NULL)
		return NAN;
	for (i = 0; i < n; i++)
		s[i] = &row[i];
	qsort(s, (size_t)n, sizeof(*s), by_hz);
	for (i = 0; i < n; i++)
		if (s[i]->energy > best) {
			best = s[i]->energy;
			k = i;
		}
	if (k == 0 || k == n - 1)
		warn_msg("warning: --hz: the measured energy is largest at %g "
		    "Hz, an end of '%s': no peak inside it", s[k]->hz, text);
	else if (k > 0) {
		for (i = 0; i < 3; i++) {
			x[i] = s[k - 1 + i]->hz;
			y[i] = s[k - 1 + i]->energy;
		}
		peak = isfinite(y[0]) && isfinite(y[2]) ?
		    spring_parabola_vertex(x, y) : x[1];
	}
	free(s);
	return peak;
}

/* The header line. */
static void
write_header(struct sink *k)
{
	const char *const *c;

	for (c = res_cols; *c != NULL; c++) {
		if (c != res_cols)
			out_write(&k->out, ",", 1);
		out_write(&k->out, *c, strlen(*c));
	}
	out_write(&k->out, "\n", 1);
}

/* One row: the numbers of the columns, the rule's name in its place. */
static void
write_row(struct sink *k, const struct run_setup *rs,
    const struct res_row *r, const double *peaks)
{
	char buf[NUMFMT_MAX + 2];
	double v[15];
	const char *name = rs->sim.rule->name;
	int i, n;

	v[0] = r->hz;
	v[1] = TWO_PI * r->hz;
	v[2] = rs->sim.params.omega;
	v[3] = rs->sim.params.zeta;
	v[4] = NAN;			/* integrator: a name */
	v[5] = rs->dt;
	v[6] = r->settle;
	v[7] = r->frames;
	v[8] = r->energy;
	v[9] = r->energy_ss;
	v[10] = r->amp_ss;
	v[11] = r->diverged;
	v[12] = peaks[0];
	v[13] = peaks[1];
	v[14] = peaks[2];
	for (i = 0; res_cols[i] != NULL; i++) {
		if (i > 0)
			out_write(&k->out, ",", 1);
		if (i == 4) {
			out_write(&k->out, name, strlen(name));
			continue;
		}
		/* counts and flags are whole: no --precision rounding */
		n = i == 7 || i == 11 ? numfmt_integer(buf, (long long)v[i]) :
		    put_number(k, buf, v[i]);
		out_write(&k->out, buf, (size_t)n);
	}
	out_write(&k->out, "\n", 1);
}

/* `springsim resonance`. */
int
cmd_resonance(int argc, char **argv)
{
	struct res_opts ro;
	struct run_setup *rs;
	struct sink *k;
	struct res_row *row = NULL;
	double *t1 = NULL, peaks[3], w, kappa;
	long i, n = 0;
	int rc = EXIT_OK;

	if (run_alloc(&rs, &k) != 0)
		return EXIT_IO;
	memset(&ro, 0, sizeof(ro));
	ro.periods = RES_PERIODS;
	if ((rc = run_parse_rows(rs, &resonance_options, &ro, argc, argv)) !=
	    EXIT_OK)
		goto done;
	/* an engine's target is constant: refused before the sine is put */
	if (rs->engine != NULL) {
		rc = usage_error("--engine '%s' does not go with resonance: "
		    "it drives the spring with a sine, and an engine animates "
		    "toward a constant --target", rs->engine);
		goto done;
	}
	/* the sine is the default signal here (not with --target-file) */
	if (rs->signal_name == NULL && rs->target_file == NULL)
		rs->signal_name = "sine";
	if ((rc = run_setup_resolve(rs)) != EXIT_OK)
		goto done;
	if ((rc = check_flags(rs, &ro)) != EXIT_OK)
		goto done;
	n = grid_count(&ro.hz);
	row = calloc((size_t)n, sizeof(*row));
	t1 = calloc((size_t)n, sizeof(*t1));
	if (row == NULL || t1 == NULL) {
		warn_msg("out of memory");
		rc = EXIT_IO;
		goto done;
	}
	if ((rc = plan(rs, &ro, row, t1)) != EXIT_OK)
		goto done;
	k->precision = (int)rs->precision;
	if (out_open(&k->out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	measure(rs, row, t1, n);
	kappa = rs->sim.vel_source == SPRING_VEL_ZERO ? 0.0 : 1.0;
	w = spring_resonance_peak(rs->sim.params.omega, rs->sim.params.zeta,
	    kappa, SPRING_RES_ENERGY);
	peaks[0] = measured_peak(row, n, ro.hz.text);
	peaks[1] = w > 0.0 && isfinite(w) ? w / TWO_PI : NAN;
	peaks[2] = spring_resonance_holden(rs->sim.params.omega,
	    rs->sim.params.zeta) / TWO_PI;
	if (rs->header)
		write_header(k);
	for (i = 0; i < n; i++)
		write_row(k, rs, &row[i], peaks);
	rc = out_finish(&k->out, 0);
done:
	free(row);
	free(t1);
	run_setup_free(rs);
	free(rs);
	free(k);
	return rc;
}
