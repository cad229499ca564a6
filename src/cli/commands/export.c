/*
 * export.c - `springsim export`: one spring as something to paste into
 * another tool: a CSS linear() easing with the fewest points for a
 * tolerance and the largest error it really has (the library's
 * spring/easing.h), and the spring's config in each library's own words
 * (the dialects of spring_dialects[]).
 */
#include <getopt.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "numfmt.h"
#include "optparse.h"
#include "paramflags.h"
#include "run.h"
#include "spring.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

#define EXPORT_POINTS_MAX 1000	/* linear()'s points, at most */
#define EXPORT_ENGINE_DURATION 10.0	/* --engine's run, at most (s) */
#define PIECES_A_PERIOD 16	/* css_max_error's pieces, a period */

/* Everything export's flags say. */
struct export_opts {
	struct param_set ps;
	double x0, v0, target;
	double tolerance;	/* of the easing, in units of the travel */
	double duration;	/* seconds; 0: when the spring settles */
	long max_points;
	const char *output;
};

/* --tolerance T: 0 < T < 0.5 of the travel. */
static int
parse_tolerance(void *own, const char *arg)
{
	struct export_opts *o = own;

	if (parse_bounded("--tolerance", arg, &o->tolerance) != 0)
		return -1;
	if (!(o->tolerance >= 1e-9 && o->tolerance < 0.5)) {
		usage_error("--tolerance: '%s' is not in 1e-9..0.5 (of the "
		    "travel)", arg);
		return -1;
	}
	return 0;
}

#define EFIELD(T, f) FIELD_OF(struct export_opts, T, f)

/* export's flags and --help, a row each; the parameter flags are added. */
static const struct flag_row export_rows[] = {
	{ .help =
"usage: springsim export [parameter group] [--mass M] [--x0 X] [--v0 V]\n"
"                        [--target G] [--tolerance T] [--duration S]\n"
"                        [--max-points N] [-o FILE]\n"
"       springsim export --engine NAME [run options] [--tolerance T]\n"
"                        [--max-points N] [-o FILE]\n"
"\n"
"One spring (default omega 4 pi rad/s, zeta 0.3, in any convention below)\n"
"as key=value lines to paste elsewhere: a CSS linear() easing of its motion\n"
"from --x0 toward --target, with the fewest points that keep it within\n"
"--tolerance of the exact spring and the largest error it really has, and\n"
"the spring as each library's config.\n"
"\n"
"With --engine NAME, the frames of the library's spring instead, run as\n"
"`springsim --engine NAME ...` runs it (the same flags: the engine's\n"
"parameters and knobs, --fps or --dt, --x0, --v0, --target, --frames-from\n"
"...) up to the frame the library ends the animation on (done), at most\n"
"--duration (default 10 s here; a library not done by then ends at the\n"
"frame from which it stays within T/4 of the target, with a warning).\n"
"The points are frames only, the fewest whose straight lines pass within\n"
"T of every frame between them (a shortest path over such chords);\n"
"css_duration_ms is the last frame's time.  Refused: frames not forward\n"
"in time, a travel of 0, a run whose last frame is neither done nor\n"
"within T of the target (raise --duration), more than 20000 frames.\n"
"\n" },
	{ .flag = "--x0", .kind = FK_ANY, .at = EFIELD(double, x0), .help =
"  --x0 X              the start (default 0)\n" },
	{ .flag = "--v0", .kind = FK_ANY, .at = EFIELD(double, v0), .help =
"  --v0 V              the start velocity, units/s (default 0)\n" },
	{ .flag = "--target", .kind = FK_ANY, .at = EFIELD(double, target),
	  .help =
"  --target G          the target, at rest (default 1; not --x0)\n" },
	{ .flag = "--tolerance", .kind = FK_HOOK, .parse = parse_tolerance,
	  .help =
"  --tolerance T       the easing's largest distance from the spring, in\n"
"                      units of the travel --target - --x0 (default 0.001)\n" },
	{ .flag = "--duration", .kind = FK_POSITIVE, .at = EFIELD(double,
	  duration), .help =
"  --duration S        the animation's length (default: when the spring\n"
"                      stays within T/4 of the target, in whole ms)\n" },
	{ .flag = "--max-points", .kind = FK_COUNT, .min = 2,
	  .max = EXPORT_POINTS_MAX, .at = EFIELD(long, max_points), .help =
"  --max-points N      at most N points (2-1000, default 1000): a\n"
"                      tolerance that needs more is refused\n" },
	OPT_ROW_OUTPUT,
	OPT_ROWS_HELP_VERSION,
	{ .help =
"\n"
"The keys, in order:\n"
"  css_easing          linear(...): the progress 0 -> 1 (overshoot above 1)\n"
"                      at points of the animation's time, as CSS's\n"
"                      linear() takes them; the points are chords of the\n"
"                      exact spring, each reaching as far as the tolerance\n"
"                      lets it, the last 1\n"
"  css_duration_ms     the animation's length to give it, in ms\n"
"  css_points          the number of points\n"
"  css_max_error       the largest |easing - spring| over the animation and\n"
"                      after it (where a finished animation shows 1), in\n"
"                      units of the travel, from the numbers as printed;\n"
"                      with --engine, against the exact spring of the\n"
"                      same parameters: each chord cut in pieces of at\n"
"                      most 1/16 of the spring's period (of its fast\n"
"                      decay time over critical), 64 samples a piece, the\n"
"                      largest refined by golden section; after the end,\n"
"                      where the easing shows its last point, the closed\n"
"                      form's peaks\n"
"  css_max_error_frames  with --engine: the largest |easing - frame| over\n"
"                      the library's frames (at most T)\n"
"  react_spring, motion, swiftui, android, compose, flutter, reanimated,\n"
"  unity               the spring as each library's config (its velocity\n"
"                      not included); empty where the library cannot say\n"
"                      it (Unity's SmoothDamp is critically damped only)\n"
"\n", .list = param_usage },
	{ .help =
"\n"
"Exit status: 0 success, 1 I/O failure, 2 usage error or bad input.\n" },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command export_options = { .name = "export",
    .rows = export_rows };

/* export's --help, also with --engine (run's flags are not listed). */
static void
export_usage(FILE *fp)
{
	opt_usage(fp, export_rows);
}

/* export --engine's own flags; run's and the parameters' are added. */
static const struct flag_row export_engine_rows[] = {
	{ .flag = "--tolerance", .kind = FK_HOOK, .parse = parse_tolerance },
	{ .flag = "--max-points", .kind = FK_COUNT, .min = 2,
	  .max = EXPORT_POINTS_MAX, .at = EFIELD(long, max_points) },
	{ .flag = NULL }
};

static const struct opt_command export_engine_options = { .name = "export",
    .rows = export_engine_rows, .usage = export_usage };

/* A number with `decimals` digits after the point, trailing zeros cut. */
static void
fixed(char *buf, size_t size, double v, int decimals)
{
	char *end;

	snprintf(buf, size, "%.*f", decimals, v);
	if (strchr(buf, '.') == NULL)
		return;
	end = buf + strlen(buf) - 1;
	while (*end == '0')
		*end-- = '\0';
	if (*end == '.')
		*end = '\0';
	if (strcmp(buf, "-0") == 0)
		strcpy(buf, "0");
}

/* v rounded to `decimals` digits after the point, as fixed() prints it. */
static double
rounded(double v, int decimals)
{
	char buf[64];

	fixed(buf, sizeof(buf), v, decimals);
	return strtod(buf, NULL);
}

/* The easing found: its points as printed, and their digits. */
struct easing {
	spring_easing_point pts[EXPORT_POINTS_MAX];
	int n;
	int y_decimals, tau_decimals;	/* tau's as a fraction */
	double error;
};

/*
 * e's digits for tolerance tol, and its points rounded to them: output
 * values to a tenth of tol, input positions so that the steepest segment
 * moves by at most a tenth of tol (3 at least; with apart, enough too to
 * keep the closest points apart); the ends' positions stay (0 and 1),
 * the first value is 0.
 */
static void
easing_round(struct easing *e, double tol, int apart)
{
	double slope = 0.0, gap = 1.0;
	int i;

	e->y_decimals = (int)ceil(-log10(tol / 10.0));
	for (i = 1; i < e->n; i++) {
		double d = e->pts[i].tau - e->pts[i - 1].tau;

		slope = fmax(slope, fabs(e->pts[i].y - e->pts[i - 1].y) / d);
		gap = fmin(gap, d);
	}
	e->tau_decimals = (int)ceil(log10(fmax(1.0, 5.0 * slope / tol)));
	if (apart)
		e->tau_decimals = (int)fmax(e->tau_decimals,
		    ceil(-log10(gap)) + 1.0);
	if (e->tau_decimals < 3)
		e->tau_decimals = 3;
	for (i = 0; i < e->n; i++) {
		if (i > 0 && i + 1 < e->n)
			e->pts[i].tau = rounded(e->pts[i].tau, e->tau_decimals);
		e->pts[i].y = rounded(e->pts[i].y, e->y_decimals);
	}
	e->pts[0].y = 0.0;
}

/*
 * The points for tolerance tol, rounded to the digits they are printed
 * with (easing_round); the last point is 1, where the finished animation
 * stays.  Chords are sought within a
 * shrinking share of tol until the printed points are within it.
 * 0, or -1 when max points do not reach.
 */
static int
easing_fit(const spring_progress *pr, double tol, long max, struct easing *e)
{
	double share = 0.7 * tol, tail = spring_progress_tail(pr);
	int tries;

	for (tries = 0; tries < 40; tries++, share *= 0.8) {
		e->n = spring_easing_chords(spring_progress_at, pr, share,
		    e->pts, (int)max);
		if (e->n < 0)
			return -1;
		easing_round(e, tol, 0);
		e->pts[e->n - 1].y = 1.0;
		e->error = fmax(tail, spring_easing_error(spring_progress_at,
		    pr, e->pts, e->n));
		if (e->error <= tol || tail > tol)
			return 0;
	}
	return 0;
}

static void out_puts(out_file *out, const char *s);

/* css_easing's value, linear(...), into out. */
static void
easing_write(out_file *out, const struct easing *e)
{
	char buf[80];
	int i;

	out_puts(out, "css_easing=linear(0");
	for (i = 1; i < e->n; i++) {
		out_puts(out, ", ");
		fixed(buf, sizeof(buf), e->pts[i].y, e->y_decimals);
		out_puts(out, buf);
		if (i + 1 == e->n)
			break;
		out_puts(out, " ");
		fixed(buf, sizeof(buf), 100.0 * e->pts[i].tau,
		    e->tau_decimals - 2);
		out_puts(out, buf);
		out_puts(out, "%");
	}
	out_puts(out, ")\n");
}

/*
 * Each library's config: its key, the dialect whose values it takes,
 * and the text around them (%s the values in the dialect's order).
 */
static const struct library_config {
	const char *key;
	const char *dialect;
	const char *format;
} library_configs[] = {
	{ "react_spring", "react",
	  "{ tension: %s, friction: %s, mass: %s }" },
	{ "motion", "motion",
	  "{ type: \"spring\", stiffness: %s, damping: %s, mass: %s }" },
	{ "swiftui", "swiftui-response",
	  ".spring(response: %s, dampingFraction: %s)" },
	{ "android", "android",
	  "SpringForce().setStiffness(%sf).setDampingRatio(%sf)" },
	{ "compose", "compose",
	  "spring(stiffness = %sf, dampingRatio = %sf)" },
	{ "flutter", "flutter",
	  "SpringDescription(stiffness: %s, damping: %s, mass: %s)" },
	{ "reanimated", "react-native",
	  "{ stiffness: %s, damping: %s, mass: %s }" },
	{ "unity", "unity", "Mathf.SmoothDamp(x, target, ref v, %s)" },
	{ NULL, NULL, NULL }
};

/* out's text s, NUL-terminated. */
static void
out_puts(out_file *out, const char *s)
{
	out_write(out, s, strlen(s));
}

/*
 * One library's config line: the dialect's first values as the format
 * says (as many as it has %s), or an empty value when one of them is NaN
 * (the library cannot say this spring).
 */
static void
config_write(out_file *out, const struct library_config *c,
    const spring_params *p)
{
	const spring_dialect *d = spring_dialect_find(c->dialect);
	double v[SPRING_DIALECT_MAX_PARAMS];
	char num[3][NUMFMT_MAX + 1], line[512];
	const char *s;
	int i, used = 0;

	for (s = c->format; (s = strstr(s, "%s")) != NULL; s += 2)
		used++;
	out_puts(out, c->key);
	out_puts(out, "=");
	if (d == NULL || d->from_spring == NULL) {
		out_puts(out, "\n");
		return;
	}
	d->from_spring(p, 1.0 / 60.0, v);
	for (i = 0; i < 3; i++) {
		num[i][0] = '\0';
		if (i >= used)
			continue;
		if (isnan(v[i])) {
			out_puts(out, "\n");
			return;
		}
		num[i][numfmt_roundtrip(num[i], v[i])] = '\0';
	}
	snprintf(line, sizeof(line), c->format, num[0], num[1], num[2]);
	out_puts(out, line);
	out_puts(out, "\n");
}

/* Read export's flags into o; EXIT_OK, CMD_DONE, or the status. */
static int
parse_export(int argc, char **argv, struct export_opts *o)
{
	memset(o, 0, sizeof(*o));
	param_set_init(&o->ps);
	o->target = 1.0;
	o->tolerance = 0.001;
	o->max_points = EXPORT_POINTS_MAX;
	return opt_parse(&export_options, argc, argv, o, &o->ps, NULL,
	    &o->output);
}

/* The frames an engine's run shows, kept up to the one it ends on. */
struct frames_kept {
	spring_easing_point *f;	/* t (in tau, once the end is known), x */
	long n, cap;
	long done;		/* the done frame's index, or -1 */
	long back;		/* the first frame not after the one before: -1 */
};

#define EXPORT_STOP 99	/* the emit's return once the library is done */
/*
 * The most frames export reads: choosing the fewest chords costs about
 * the square of the frames where they all lie near one line (0.5 s at
 * 10^4 frames here, 17 s at 6 x 10^4), so a longer run is refused, not
 * left to run for minutes.  An easing of 20000 frames is 330 s at 60 fps.
 */
#define EXPORT_MAX_FRAMES 20000

/* Keep one row (spring_row_fn); stop at the first done frame. */
static int
keep_frame(void *ctx, const spring_row *r, double dt)
{
	struct frames_kept *fk = ctx;

	(void)dt;
	if (fk->n == fk->cap) {
		long cap = fk->cap ? 2 * fk->cap : 1024;
		spring_easing_point *f = realloc(fk->f, (size_t)cap *
		    sizeof(*f));

		if (f == NULL) {
			warn_msg("out of memory");
			return EXIT_IO;
		}
		fk->f = f;
		fk->cap = cap;
	}
	if (fk->n == EXPORT_MAX_FRAMES)
		return EXPORT_STOP;	/* fk->n stays: too many, said after */
	if (fk->n > 0 && !(r->t > fk->f[fk->n - 1].tau) && fk->back < 0)
		fk->back = fk->n;
	fk->f[fk->n].tau = r->t;
	fk->f[fk->n++].y = r->x;
	if (r->done) {
		fk->done = fk->n - 1;
		return EXPORT_STOP;
	}
	return 0;
}

/*
 * The frames' easing for tolerance tol: the fewest frames within a
 * shrinking share of tol, rounded as easing_fit rounds (and with tau's
 * digits enough to keep the points apart), until the printed points are
 * within tol of every frame.  0, or -1 when max points do not reach.
 */
static int
frames_fit(const spring_easing_point *fr, long n, double tol, long max,
    struct easing *e, double *frames_error)
{
	long *work, *idx, m = 0, i;
	double share = 0.8 * tol;
	int tries, rc = -1;

	work = malloc((size_t)n * 2 * sizeof(*work));
	idx = malloc((size_t)n * sizeof(*idx));
	if (work == NULL || idx == NULL) {
		free(work);
		free(idx);
		return -2;
	}
	for (tries = 0; tries < 40; tries++, share *= 0.8) {
		m = spring_easing_frame_chords(fr, n, share, work, idx, max);
		if (m < 0)
			break;
		for (i = 0; i < m; i++)
			e->pts[i] = fr[idx[i]];
		e->n = (int)m;
		easing_round(e, tol, 1);
		*frames_error = spring_easing_frames_error(e->pts, e->n, fr, n);
		if (*frames_error <= tol) {
			rc = 0;
			break;
		}
	}
	free(work);
	free(idx);
	return rc;
}

/*
 * The largest |easing - exact spring| over the animation: each segment
 * cut into pieces of at most 1/PIECES_A_PERIOD of the spring's period
 * (below critical; of 2 pi times its fast mode's time constant at or
 * above), each piece's error by spring_easing_error (64 samples, the
 * largest refined by golden section).
 */
static double
exact_error(const spring_progress *pr, const spring_params *p,
    const struct easing *e)
{
	double w = p->omega, z = p->zeta, rate, piece, worst = 0.0;
	int i;

	rate = z < 1.0 ? w : w * (z + sqrt((z - 1.0) * (z + 1.0)));
	piece = 2.0 * M_PI / rate / PIECES_A_PERIOD / pr->duration;
	for (i = 0; i + 1 < e->n; i++) {
		const spring_easing_point *a = &e->pts[i], *b = &e->pts[i + 1];
		double len = b->tau - a->tau, m = ceil(len / piece), k;

		if (m > 1e6)
			m = 1e6;
		for (k = 0; k < m; k++) {
			spring_easing_point q[2];

			q[0].tau = a->tau + len * k / m;
			q[0].y = a->y + (b->y - a->y) * k / m;
			q[1].tau = k + 1 < m ? a->tau + len * (k + 1) / m : b->tau;
			q[1].y = k + 1 < m ? a->y + (b->y - a->y) * (k + 1) / m :
			    b->y;
			worst = fmax(worst, spring_easing_error(spring_progress_at,
			    pr, q, 2));
		}
	}
	return worst;
}

/* The run flags export's key=value lines have no use for. */
static const char *const export_refuses[] = {
	"--metrics", "--columns", "--precision", "--no-header", NULL
};

/* `springsim export --engine NAME ...`: the library's frames as linear(). */
static int
cmd_export_engine(int argc, char **argv)
{
	struct export_opts o;
	struct run_setup *rs;
	struct frames_kept fk = { NULL, 0, 0, -1, -1 };
	struct easing *e = NULL;
	out_file *out = NULL;
	spring_metrics m;
	spring_frame_stats fs;
	spring_progress pr;
	const struct library_config *c;
	const char *const *r;
	char buf[NUMFMT_MAX + 1];
	double x0, travel, end, t_run, last, frames_error = 0.0, error;
	long i;
	int rc;

	memset(&o, 0, sizeof(o));
	o.tolerance = 0.001;
	o.max_points = EXPORT_POINTS_MAX;
	if ((rs = malloc(sizeof(*rs))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	if ((rc = run_parse_rows(rs, &export_engine_options, &o, argc,
	    argv)) != EXIT_OK)
		goto done;
	for (r = export_refuses; *r != NULL; r++)
		if (run_flag_given(rs, *r)) {
			rc = usage_error("%s does not go with export (its "
			    "output is key=value lines)", *r);
			goto done;
		}
	if (!rs->have_duration && !rs->have_frames && rs->frames_from == NULL)
		rs->duration = EXPORT_ENGINE_DURATION;
	if ((rc = run_setup_resolve(rs)) != EXIT_OK)
		goto done;
	x0 = rs->sim.x0;
	travel = rs->sim.target - x0;
	if (travel == 0.0) {
		rc = usage_error("--target: '%g' is --x0: the easing needs a "
		    "travel", rs->sim.target);
		goto done;
	}
	rc = spring_simulate(&rs->sim, keep_frame, &fk, &m, &fs);
	if (rc != 0 && rc != EXPORT_STOP) {
		rc = EXIT_IO;
		goto done;
	}
	run_warnings(rs, &m, &fs);
	if (fk.n == EXPORT_MAX_FRAMES && fk.done < 0) {
		rc = usage_error("--engine %s: more than %d frames before the "
		    "run ends; export reads at most %d: lower --fps or "
		    "--duration", rs->engine, EXPORT_MAX_FRAMES,
		    EXPORT_MAX_FRAMES);
		goto done;
	}
	if (fk.back >= 0) {
		rc = usage_error("--engine %s: frame %ld at t %.17g is not "
		    "after the one before it; linear() needs time to go "
		    "forward", rs->engine, fk.back, fk.f[fk.back].tau);
		goto done;
	}
	if (fk.n < 2) {
		rc = usage_error("--engine %s: one frame; the easing needs "
		    "two", rs->engine);
		goto done;
	}
	end = t_run = fk.f[fk.n - 1].tau;
	last = (fk.f[fk.n - 1].y - x0) / travel;
	if (fk.done < 0 && !(fabs(last - 1.0) <= o.tolerance)) {
		rc = usage_error("--engine %s: not done by its last frame at "
		    "%g s and %g of the travel from the target there; raise "
		    "%s", rs->engine, end, fabs(last - 1.0), rs->have_frames ?
		    "--frames" : rs->frames_from != NULL && !rs->have_duration ?
		    "--frames-from's frames" : "--duration");
		goto done;
	}
	/* never done, no length given: end where it stays within T/4 */
	if (fk.done < 0 && !rs->have_duration && !rs->have_frames &&
	    rs->frames_from == NULL) {
		for (i = fk.n - 1; i > 1 && fabs((fk.f[i - 1].y - x0) / travel -
		    1.0) <= o.tolerance / 4.0; i--)
			;
		fk.n = i + 1;
		end = fk.f[fk.n - 1].tau;
	}
	for (i = 0; i < fk.n; i++) {
		fk.f[i].tau /= end;
		fk.f[i].y = (fk.f[i].y - x0) / travel;
	}
	if ((e = malloc(sizeof(*e))) == NULL ||
	    (out = malloc(sizeof(*out))) == NULL) {
		warn_msg("out of memory");
		rc = EXIT_IO;
		goto done;
	}
	if ((rc = frames_fit(fk.f, fk.n, o.tolerance, o.max_points, e,
	    &frames_error)) != 0) {
		if (rc == -2) {
			warn_msg("out of memory");
			rc = EXIT_IO;
		} else
			rc = usage_error("--tolerance: %g needs more than %ld "
			    "points (--max-points)", o.tolerance, o.max_points);
		goto done;
	}
	if (spring_progress_init(&pr, &rs->sim.params, x0, rs->sim.v0,
	    rs->sim.target, end) != 0) {
		rc = usage_error("--target: %g - %g overflows", rs->sim.target,
		    x0);
		goto done;
	}
	error = fmax(exact_error(&pr, &rs->sim.params, e),
	    spring_progress_tail_at(&pr, e->pts[e->n - 1].y));
	if (fk.done < 0)
		warn_msg("warning: --engine %s ends no animation in its run "
		    "(%g s of frames); the easing ends at %g s, within "
		    "--tolerance of the target", rs->engine, t_run, end);
	if (out_open(out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	easing_write(out, e);
	key_write(out, "css_duration_ms", end * 1000.0, 0);
	snprintf(buf, sizeof(buf), "%d", e->n);
	key_write_text(out, "css_points", buf);
	key_write(out, "css_max_error", error, 0);
	key_write(out, "css_max_error_frames", frames_error, 0);
	for (c = library_configs; c->key != NULL; c++)
		config_write(out, c, &rs->sim.params);
	if (out->failed) {
		out_abort(out);
		rc = EXIT_IO;
	} else
		rc = out_close(out) != 0 ? EXIT_IO : EXIT_OK;
done:
	free(fk.f);
	free(e);
	free(out);
	run_setup_free(rs);
	free(rs);
	return rc;
}

/* `springsim export`. */
int
cmd_export(int argc, char **argv)
{
	struct export_opts o;
	spring_params sp;
	spring_progress pr;
	struct easing *e;
	const struct library_config *c;
	char buf[NUMFMT_MAX + 1];
	out_file *out;
	double duration, duration_ms;
	int rc;

	if (run_flag_in(argc, argv, "engine"))
		return cmd_export_engine(argc, argv);
	if ((rc = parse_export(argc, argv, &o)) != EXIT_OK)
		return rc;
	if (param_resolve(&o.ps, 1.0 / 60.0, &sp) != 0)
		return EXIT_USAGE;
	if (o.target == o.x0)
		return usage_error("--target: '%g' is --x0: the easing needs "
		    "a travel", o.target);
	duration = o.duration;
	if (duration == 0.0) {
		if (spring_progress_init(&pr, &sp, o.x0, o.v0, o.target,
		    1.0) != 0)
			return usage_error("--target: %g - %g overflows", o.target,
			    o.x0);
		duration = spring_progress_settle(&pr, o.tolerance / 4.0);
		if (duration < 0.0)
			return usage_error("zeta %g: the spring does not settle "
			    "within T/4 = %g of the target; give --duration",
			    sp.zeta, o.tolerance / 4.0);
		duration_ms = fmax(1.0, ceil(duration * 1000.0));
		duration = duration_ms / 1000.0;
	} else
		duration_ms = duration * 1000.0;
	if (spring_progress_init(&pr, &sp, o.x0, o.v0, o.target,
	    duration) != 0)
		return usage_error("--target: %g - %g overflows", o.target, o.x0);
	if ((e = malloc(sizeof(*e))) == NULL || (out = malloc(sizeof(*out))) ==
	    NULL) {
		free(e);
		warn_msg("out of memory");
		return EXIT_IO;
	}
	if (easing_fit(&pr, o.tolerance, o.max_points, e) != 0) {
		free(e);
		free(out);
		return usage_error("--tolerance: %g needs more than %ld points "
		    "(--max-points)", o.tolerance, o.max_points);
	}
	if (e->error > o.tolerance)
		warn_msg("warning: --duration %g: the spring is still %g of "
		    "the travel from the target after it; css_max_error says "
		    "so", duration, e->error);
	if (out_open(out, o.output) != 0) {
		free(e);
		free(out);
		return EXIT_IO;
	}
	easing_write(out, e);
	key_write(out, "css_duration_ms", duration_ms, 0);
	snprintf(buf, sizeof(buf), "%d", e->n);
	key_write_text(out, "css_points", buf);
	key_write(out, "css_max_error", e->error, 0);
	for (c = library_configs; c->key != NULL; c++)
		config_write(out, c, &sp);
	free(e);
	if (out->failed) {
		out_abort(out);
		rc = EXIT_IO;
	} else
		rc = out_close(out) != 0 ? EXIT_IO : EXIT_OK;
	free(out);
	return rc;
}
