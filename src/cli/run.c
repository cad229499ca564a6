/*
 * run.c - `springsim [run]`: one spring, its CSV trajectory beside the
 * exact answer, or with --metrics one row of error metrics.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "numfmt.h"
#include "paramflags.h"
#include "spring.h"

#define PI 3.141592653589793238462643383280

/* Models: a damped spring stepped by a rule.  More arrive as entries. */
static const struct model {
	const char *name;
	const char *summary;
} models[] = {
	{ "spring", "the damped spring a = omega^2 (g - x) + "
	  "2 zeta omega (q - v)" },
	{ NULL, NULL }
};

/* Everything the run's flags say. */
struct run_opts {
	const char *model;
	const char *integrator;
	const char *output;
	struct param_set ps;
	double x0, v0, target, target_vel;
	double dt, duration;
	long frames;
	int have_duration, have_frames;
	int metrics, header;
	long precision;		/* 0: round-trip */
};

enum {
	OPT_DT = 256, OPT_DURATION, OPT_FRAMES, OPT_INTEGRATOR, OPT_METRICS,
	OPT_MODEL, OPT_NO_HEADER, OPT_PRECISION, OPT_TARGET, OPT_TARGET_VEL,
	OPT_V0, OPT_X0
};

/* The run's own flags; the parameter flags are added (paramflags.c). */
static const struct option run_own_opts[] = {
	{ "dt", required_argument, NULL, OPT_DT },
	{ "duration", required_argument, NULL, OPT_DURATION },
	{ "frames", required_argument, NULL, OPT_FRAMES },
	{ "help", no_argument, NULL, 'h' },
	{ "integrator", required_argument, NULL, OPT_INTEGRATOR },
	{ "metrics", no_argument, NULL, OPT_METRICS },
	{ "model", required_argument, NULL, OPT_MODEL },
	{ "no-header", no_argument, NULL, OPT_NO_HEADER },
	{ "output", required_argument, NULL, 'o' },
	{ "precision", required_argument, NULL, OPT_PRECISION },
	{ "target", required_argument, NULL, OPT_TARGET },
	{ "target-vel", required_argument, NULL, OPT_TARGET_VEL },
	{ "v0", required_argument, NULL, OPT_V0 },
	{ "version", no_argument, NULL, 'V' },
	{ "x0", required_argument, NULL, OPT_X0 },
	{ NULL, 0, NULL, 0 }
};

#define MAX_FRAMES 1000000000L

/* The usage, in the manner of a manual page. */
static void
usage(FILE *fp)
{
	const spring_rule *const *r;

	fputs(
"usage: springsim [run] [options]\n"
"       springsim list\n"
"\n"
"Simulate one damped spring, a = omega^2 (g - x) + 2 zeta omega (q - v),\n"
"with an update rule at a frame time, and print its trajectory beside the\n"
"exact solution as CSV: t,x,v,target,x_ref,v_ref,err_x,err_v.\n"
"\n"
"Model and rule:\n"
"  --model NAME        spring (default), or a rule's name: --model implicit\n"
"                      is --model spring --integrator implicit\n"
"  --integrator NAME   the update rule (default semi-implicit):\n", fp);
	for (r = spring_rules; *r != NULL; r++)
		fprintf(fp, "      %-16s %s [%s]\n", (*r)->name, (*r)->summary,
		    (*r)->source);
	fputs("\n", fp);
	param_usage(fp);
	fputs(
"\n"
"Initial state and target (units of x, and per second):\n"
"  --x0 X              initial position (default 0)\n"
"  --v0 V              initial velocity (default 0)\n"
"  --target G          target position at t = 0 (default 1)\n"
"  --target-vel Q      target velocity (default 0); the target moves,\n"
"                      g(t) = G + Q t\n"
"\n"
"Time:\n"
"  --dt S              frame time, s (default 1/60)\n"
"  --duration S        simulated time, s (default 2): ceil(duration / dt)\n"
"                      frames, a ratio within 1e-9 of a whole number taken\n"
"                      as that\n"
"  --frames N          the number of frames instead of --duration\n"
"\n"
"Output:\n"
"  -o, --output FILE   write FILE (whole or not at all) instead of stdout\n"
"  --metrics           one header and one row of metrics, not the trajectory\n"
"  --precision N       N significant digits (1-17); default: digits that\n"
"                      read back to the same double (Grisu2: the shortest\n"
"                      such in all but ~0.1 % of cases, never over 17)\n"
"  --no-header         leave out the header line\n"
"  -h, --help          this help;  -V, --version  the version\n"
"\n"
"Metrics (--metrics), after the run's identity:\n"
"  max_err_x, rms_err_x, final_err_x   max, root-mean-square and last\n"
"                      |x - x_ref| over every row, t = 0 included; _v alike\n"
"  overshoot           how far x goes past the target (on the side away\n"
"                      from x0) as a fraction of |x0 - target|; in units of\n"
"                      x when that is 0\n"
"  settle_time         the time from which |x - g(t)| stays within 2 % of\n"
"                      |x0 - target| (of 1 when that is 0); inf if the\n"
"                      last row is outside\n"
"  energy_drift        (E - E_ref) / E0 where |E - E_ref| is largest, E =\n"
"                      m (v - q)^2 / 2 + k (x - g)^2 / 2; > 0: energy gained\n"
"  diverged            1 if x or v became non-finite or |x - g(t)| passed\n"
"                      1e6 (|x0 - target| + |v0 - Q| / omega + 1); the run\n"
"                      stops there, rows so far kept, exit status still 0\n"
"\n"
"Exit status: 0 success, 1 I/O failure, 2 usage error or bad input.\n"
"See springsim(1) and README.md for the math and the articles.\n", fp);
}

/* The defaults of DESIGN.md. */
static void
run_defaults(struct run_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->model = "spring";
	param_set_init(&o->ps);
	o->target = 1.0;
	o->dt = 1.0 / 60.0;
	o->duration = 2.0;
	o->header = 1;
}

/* The message for a value that must be > 0; returns -1. */
static int
positive_error(const char *flag, const char *arg)
{
	warn_msg("%s: '%s' must be > 0", flag, arg);
	return -1;
}

/* parse_run's "all done" (after --help, --version): exit 0. */
#define DONE (-1)

/* After --help or --version: DONE, or EXIT_IO if the text was lost. */
static int
stdout_done(void)
{
	return flush_stdout() == 0 ? DONE : EXIT_IO;
}

/*
 * Read the run's flags into o; EXIT_OK, DONE, or the status to exit with.
 */
static int
parse_run(int argc, char **argv, struct run_opts *o)
{
	struct option longopts[64];
	int c, p;

	run_defaults(o);
	if (param_longopts(run_own_opts, longopts, 64) != 0)
		abort();	/* the table is ours: a bug, not input */
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":ho:V", longopts, NULL)) != -1) {
		const char *flag = argv[optind - 1];
		int rc = 0;

		if ((p = param_option(&o->ps, c, optarg)) != 0) {
			if (p < 0)
				return EXIT_USAGE;
			continue;
		}
		switch (c) {
		case 'h':
			usage(stdout);
			return stdout_done();
		case 'o':
			if (*optarg == '\0') {
				warn_msg("-o: '' is not a file name");
				return EXIT_USAGE;
			}
			o->output = optarg;
			break;
		case 'V':
			printf("springsim %s\n", SPRING_VERSION);
			return stdout_done();
		case OPT_DT:
			rc = parse_bounded("--dt", optarg, &o->dt);
			if (rc == 0 && !(o->dt > 0.0))
				rc = positive_error("--dt", optarg);
			break;
		case OPT_DURATION:
			rc = parse_bounded("--duration", optarg, &o->duration);
			if (rc == 0 && !(o->duration > 0.0))
				rc = positive_error("--duration", optarg);
			o->have_duration = 1;
			break;
		case OPT_FRAMES:
			rc = parse_long("--frames", optarg, 1, MAX_FRAMES,
			    &o->frames);
			o->have_frames = 1;
			break;
		case OPT_INTEGRATOR:
			o->integrator = optarg;
			break;
		case OPT_METRICS:
			o->metrics = 1;
			break;
		case OPT_MODEL:
			o->model = optarg;
			break;
		case OPT_NO_HEADER:
			o->header = 0;
			break;
		case OPT_PRECISION:
			rc = parse_long("--precision", optarg, 1, 17,
			    &o->precision);
			break;
		case OPT_TARGET:
			rc = parse_bounded("--target", optarg, &o->target);
			break;
		case OPT_TARGET_VEL:
			rc = parse_bounded("--target-vel", optarg,
			    &o->target_vel);
			break;
		case OPT_V0:
			rc = parse_bounded("--v0", optarg, &o->v0);
			break;
		case OPT_X0:
			rc = parse_bounded("--x0", optarg, &o->x0);
			break;
		case ':':
			return usage_error("%s needs a value", flag);
		default:
			if (optopt != 0 && strchr(flag, '=') != NULL)
				return usage_error("%.*s takes no value",
				    (int)(strchr(flag, '=') - flag), flag);
			return usage_error("unknown option '%s'", flag);
		}
		if (rc != 0)
			return EXIT_USAGE;
	}
	if (optind < argc)
		return usage_error("unexpected argument '%s'", argv[optind]);
	return EXIT_OK;
}

/* The model and rule the flags name, DESIGN.md's shorthand included. */
static int
resolve_rule(struct run_opts *o, const spring_rule **rule)
{
	const struct model *m;
	const spring_rule *as_model = spring_rule_find(o->model);

	if (as_model != NULL) {
		if (o->integrator != NULL &&
		    strcmp(o->integrator, o->model) != 0)
			return usage_error("--model %s (the spring with that "
			    "rule) contradicts --integrator %s", o->model,
			    o->integrator);
		o->model = "spring";
		*rule = as_model;
		return EXIT_OK;
	}
	for (m = models; m->name != NULL; m++)
		if (strcmp(m->name, o->model) == 0)
			break;
	if (m->name == NULL)
		return usage_error("--model: unknown model '%s'; "
		    "'springsim list' shows them", o->model);
	if (o->integrator == NULL)
		o->integrator = "semi-implicit";
	if ((*rule = spring_rule_find(o->integrator)) == NULL)
		return usage_error("--integrator: unknown rule '%s'; "
		    "'springsim list' shows them", o->integrator);
	return EXIT_OK;
}

/* Where the rows go, and how numbers are written. */
struct sink {
	out_file out;
	int precision;
};

/* A number in the run's format; returns its length. */
static inline int
put_number(const struct sink *k, char *buf, double v)
{
	if (k->precision > 0)
		return numfmt_precision(buf, v, k->precision);
	return numfmt_roundtrip(buf, v);
}

/* Write one trajectory row (spring_row_fn). */
static int
emit_row(void *ctx, const spring_row *r)
{
	struct sink *k = ctx;
	const double col[8] = { r->t, r->x, r->v, r->g, r->x_ref, r->v_ref,
	    r->x - r->x_ref, r->v - r->v_ref };
	char *buf = out_reserve(&k->out, 8 * (NUMFMT_MAX + 1));
	char *p = buf;
	int i;

	if (buf == NULL)
		return EXIT_IO;
	for (i = 0; i < 8; i++) {
		p += put_number(k, p, col[i]);
		*p++ = i < 7 ? ',' : '\n';
	}
	out_commit(&k->out, (size_t)(p - buf));
	return 0;
}

/* Write a field and its separator. */
static void
put_field(struct sink *k, const char *s, int last)
{
	out_write(&k->out, s, strlen(s));
	out_write(&k->out, last ? "\n" : ",", 1);
}

/* Write a number field and its separator. */
static void
put_value(struct sink *k, double v, int last)
{
	char buf[NUMFMT_MAX + 1];
	int n = put_number(k, buf, v);

	buf[n] = '\0';
	put_field(k, buf, last);
}

static const char metrics_header[] =
    "model,integrator,substep,dt,frames,omega,zeta,mass,x0,v0,target,"
    "target_vel,max_err_x,rms_err_x,final_err_x,max_err_v,rms_err_v,"
    "final_err_v,overshoot,settle_time,energy_drift,diverged\n";

/* The one row of --metrics: the run's identity, then the metrics. */
static void
write_metrics(struct sink *k, const spring_sim *sim, const char *model,
    const spring_metrics *m)
{
	const double v[] = { sim->params.omega,
	    sim->params.zeta, sim->params.mass, sim->x0, sim->v0, sim->target,
	    sim->target_vel, m->max_err_x, m->rms_err_x, m->final_err_x,
	    m->max_err_v, m->rms_err_v, m->final_err_v, m->overshoot,
	    m->settle_time, m->energy_drift };
	char frames[24];
	size_t i;

	put_field(k, model, 0);
	put_field(k, sim->rule->name, 0);
	put_field(k, "none", 0);
	put_value(k, sim->dt, 0);
	/* a count, whatever --precision says */
	snprintf(frames, sizeof(frames), "%ld", sim->frames);
	put_field(k, frames, 0);
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		put_value(k, v[i], 0);
	put_field(k, m->diverged ? "1" : "0", 1);
}

/* `springsim [run]`. */
int
cmd_run(int argc, char **argv)
{
	struct run_opts o;
	spring_sim sim;
	spring_metrics m;
	struct sink *k;
	int rc;

	if ((rc = parse_run(argc, argv, &o)) != EXIT_OK)
		return rc == DONE ? EXIT_OK : rc;
	if (o.have_duration && o.have_frames)
		return usage_error("--duration and --frames both set the "
		    "length of the run: give one");
	if ((rc = resolve_rule(&o, &sim.rule)) != EXIT_OK)
		return rc;
	/* one step per frame: the step actually taken is dt */
	if (param_resolve(&o.ps, o.dt, &sim.params) != 0)
		return EXIT_USAGE;
	if (!o.have_frames) {
		o.frames = spring_frame_count(o.duration, o.dt);
		if (o.frames < 0 || o.frames > MAX_FRAMES)
			return usage_error("--duration %g at --dt %g is more "
			    "than %ld frames", o.duration, o.dt, MAX_FRAMES);
	}
	sim.x0 = o.x0;
	sim.v0 = o.v0;
	sim.target = o.target;
	sim.target_vel = o.target_vel;
	sim.dt = o.dt;
	sim.frames = o.frames;

	if ((k = malloc(sizeof(*k))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	k->precision = (int)o.precision;
	if (out_open(&k->out, o.output) != 0) {
		free(k);
		return EXIT_IO;
	}
	if (o.header && !o.metrics)
		out_write(&k->out, "t,x,v,target,x_ref,v_ref,err_x,err_v\n",
		    37);
	rc = spring_simulate(&sim, o.metrics ? NULL : emit_row, k, &m);
	if (m.diverged)
		warn_msg("warning: diverged at frame %ld (t = %g): stopped, "
		    "%ld rows kept", m.diverged_frame,
		    (double)m.diverged_frame * sim.dt, m.rows);
	if (o.metrics && rc == 0) {
		if (o.header)
			out_write(&k->out, metrics_header,
			    sizeof(metrics_header) - 1);
		write_metrics(k, &sim, o.model, &m);
	}
	if (rc != 0 || k->out.failed) {
		out_abort(&k->out);
		rc = EXIT_IO;
	} else if (out_close(&k->out) != 0)
		rc = EXIT_IO;
	free(k);
	return rc;
}

/* The models, for `springsim list`. */
void
list_models(FILE *fp)
{
	const struct model *m;

	for (m = models; m->name != NULL; m++)
		fprintf(fp, "  %-20s %s\n", m->name, m->summary);
}
