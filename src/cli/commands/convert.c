/*
 * convert.c - `springsim convert`: one spring in every convention, as
 * key=value lines or, with --csv, one header and one row.  The numbers
 * are the library's (spring_describe, dialects.c); this file reads the
 * flags and prints the table below.
 */
#include <getopt.h>
#include <stddef.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "optparse.h"
#include "numfmt.h"
#include "paramflags.h"
#include "spring.h"

/*
 * The output, in order: springsim's own keys (a key and where its value
 * is), then every dialect's parameters (spring_dialects[]), then v0's.
 */
static const struct column {
	const char *key;
	size_t off;
} columns[] = {
#define COL(f) { #f, offsetof(spring_conventions, f) }
	COL(stiffness), COL(damping), COL(mass), COL(omega), COL(zeta),
	COL(halflife), COL(frequency), COL(envelope_halflife),
	COL(hz), COL(decay), COL(decay_time),
	COL(ck), COL(cd), COL(dt),
	COL(critical_halflife), COL(critical_frequency),
	COL(period), COL(damped_frequency), COL(settle_time),
#undef COL
	{ NULL, 0 }
};

/* Everything convert's flags say. */
struct convert_opts {
	struct param_set ps;
	double dt, decay_time;
	double v0;			/* --v0, NaN when not given */
	const char *output;
	int csv;
	int header;		/* --csv's header line: 0 with --no-header */
	long precision;		/* 0: round-trip */
};

/* --dt H: a number > 0. */
static int
parse_dt(void *own, const char *arg)
{
	struct convert_opts *o = own;

	if (parse_bounded("--dt", arg, &o->dt) != 0)
		return -1;
	if (!(o->dt > 0.0)) {
		warn_msg("--dt: '%s' must be > 0", arg);
		return -1;
	}
	return 0;
}

/* --v0 V: a number, |v0| <= 1e100. */
static int
parse_v0(void *own, const char *arg)
{
	struct convert_opts *o = own;

	if (parse_double("--v0", arg, &o->v0) != 0)
		return -1;
	if (!(fabs(o->v0) <= MAX_MAGNITUDE)) {
		usage_error("--v0: '%s' is out of range (|v0| <= 1e100)", arg);
		return -1;
	}
	return 0;
}

#define CFIELD(T, f) FIELD_OF(struct convert_opts, T, f)

/* convert's flags and --help, a row each; the parameter flags are added. */
static const struct flag_row convert_rows[] = {
	{ .help =
"usage: springsim convert [parameter group] [--mass M] [--dt H]\n"
"                         [--decay-time T] [--v0 V] [--csv [--no-header]]\n"
"                         [--precision N] [-o FILE]\n"
"\n"
"Print one spring in every convention: key=value lines, or with --csv one\n"
"header line and one row.  The spring is the parameter group given (default\n"
"omega 4 pi rad/s, zeta 0.3), in any of the conventions below.\n"
"\n" },
	{ .flag = "--dt", .kind = FK_HOOK, .parse = parse_dt, .help =
"  --dt H              the step of Nissen's Ck and Cd, read and printed\n"
"                      (default 1/60 s)\n" },
	/* a parameter flag (Chou's group's), in convert's words */
	{ .help =
"  --decay-time T      the time Chou's decay fraction is printed over\n"
"                      (default 1 s); given with --hz and --decay it is that\n"
"                      group's own --decay-time, and serves as both\n" },
	{ .flag = "--v0", .kind = FK_HOOK, .parse = parse_v0, .help =
"  --v0 V              a start velocity, units/s: printed last as v0, and\n"
"                      as react_velocity and wobble_velocity in units/ms,\n"
"                      the unit react-spring's config.velocity and\n"
"                      wobble's initialVelocity take (every other library\n"
"                      an engine runs takes units/s, as springsim does)\n" },
	{ .flag = "--csv", .kind = FK_ON, .at = CFIELD(int, csv), .help =
"  --csv               one header line and one row instead of key=value\n" },
	{ .flag = "--no-header", .kind = FK_OFF, .at = CFIELD(int, header),
	  .help =
"  --no-header         with --csv: the row alone, no header line\n" },
	{ .flag = "--precision", .kind = FK_COUNT, .min = 1, .max = 17,
	  .at = CFIELD(long, precision), .help =
"  --precision N       N significant digits (1-17); default: digits that\n"
"                      read back to the same double\n" },
	OPT_ROW_OUTPUT,
	OPT_ROWS_HELP_VERSION,
	{ .help =
"\n"
"The keys, in order (empty where a convention cannot express the spring):\n"
"  stiffness, damping, mass   k = m omega^2, d = 2 m zeta omega, m\n"
"  omega, zeta         rad/s and the damping ratio (Gobo's --uaf, --dr)\n"
"  halflife            Holden's half-life, 4 ln2 / (d / m) = 2 ln2 /\n"
"                      (zeta omega): the --halflife that gives this damping\n"
"  frequency           Holden's frequency, omega / 2 pi Hz\n"
"  envelope_halflife   ln2 / (zeta omega) = halflife / 2: the time in which\n"
"                      the envelope e^(-zeta omega t) halves, the half-life\n"
"                      of Chou's decay and of physics (not Holden's)\n"
"  hz, decay, decay_time   Chou's: omega / 2 pi, the fraction\n"
"                      e^(-zeta omega T) of the amplitude left after T\n"
"  ck, cd, dt          Nissen's at the step dt: omega^2 dt^2, 2 zeta omega dt\n"
"  critical_halflife   Holden's critical_halflife(frequency) = 2 ln2 / omega\n"
"  critical_frequency  Holden's critical_frequency(halflife) =\n"
"                      zeta omega / 2 pi\n"
"  period              2 pi / omega_d, omega_d = omega sqrt(1 - zeta^2); inf\n"
"                      from zeta = 1 on\n"
"  damped_frequency    omega_d / 2 pi Hz; 0 from zeta = 1 on\n"
"  settle_time         ln 50 / r, the time the envelope takes to fall to\n"
"                      2 %: r = zeta omega up to zeta = 1, beyond it the slow\n"
"                      mode's omega / (zeta + sqrt(zeta^2 - 1)); inf at 0\n"
"  swiftui_*, android_*, unity_smooth_time, react_*, motion_*, rebound_*,\n"
"  origami_*, box2d_*  the other libraries' parameters, named as their\n"
"                      flags below; unity_smooth_time only for zeta = 1,\n"
"                      motion's bounce and durations for zeta 0.05 to 20,\n"
"                      origami's values where >= 0, react_frequency\n"
"                      from 0.01 s; motion_duration is the exact root of\n"
"                      Motion's envelope condition\n"
"  popmotion_*, wobble_*, react_motion_*, motion_one_*, svelte_*, anime_*,\n"
"  rn_*, compose_*, flutter_*   the libraries the engines run, likewise:\n"
"                      popmotion's duration and bounce for zeta 0.05 to 1,\n"
"                      svelte's fractions of a 60 fps frame where at most\n"
"                      1, anime's duration for 0.01 to 10 s (anime rounds\n"
"                      stiffness and damping to 3 decimals, Flutter the\n"
"                      duration to whole ms)\n"
"\n", .list = param_usage },
	{ .help =
"\n"
"Exit status: 0 success, 1 I/O failure, 2 usage error or bad input.\n" },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command convert_options = { .name = "convert",
    .rows = convert_rows };

/* Read convert's flags into o; EXIT_OK, CMD_DONE, or the status to exit with. */
static int
parse_convert(int argc, char **argv, struct convert_opts *o)
{
	int rc;

	memset(o, 0, sizeof(*o));
	param_set_init(&o->ps);
	o->dt = 1.0 / 60.0;
	o->decay_time = 1.0;
	o->v0 = NAN;
	o->header = 1;
	if ((rc = opt_parse(&convert_options, argc, argv, o, &o->ps, NULL,
	    &o->output)) != EXIT_OK)
		return rc;
	/* key=value lines have no header to leave out */
	if (!o->header && !o->csv)
		return usage_error("--no-header goes with --csv");
	return EXIT_OK;
}

/*
 * --decay-time: Chou's group's own when --decay, or --hz without --dr,
 * is given (the group then needs it, and prints over it), otherwise
 * convert's.
 */
static int
take_decay_time(struct convert_opts *o)
{
	if (param_given(&o->ps, P_DECAY) || (param_given(&o->ps, P_HZ) &&
	    !param_given(&o->ps, P_DR))) {
		if (param_given(&o->ps, P_DECAY_TIME))
			o->decay_time = o->ps.value[P_DECAY_TIME];
		return 0;
	}
	return param_take(&o->ps, P_DECAY_TIME, &o->decay_time) < 0 ? -1 : 0;
}

/*
 * A number in the output's format, NUL-terminated; returns buf.  A value
 * a convention cannot express (NaN inside) is an empty field: springsim
 * never prints nan.
 */
static const char *
format(char *buf, double v, long precision)
{
	int n = isnan(v) ? 0 : precision > 0 ?
	    numfmt_precision(buf, v, (int)precision) :
	    numfmt_roundtrip(buf, v);

	buf[n] = '\0';
	return buf;
}

/*
 * The table of columns for c, in the chosen format, into out: convert's
 * output, and the block tune and fit print (cli.h).
 */
void
conventions_write(out_file *out, const spring_conventions *c, int csv,
    long precision)
{
	conventions_write_v0(out, c, NAN, csv, 1, precision);
}

/*
 * key=text, a line of the key=value output: the keys tune and fit print
 * after the block (cli.h).
 */
void
key_write_text(out_file *out, const char *key, const char *text)
{
	out_write(out, key, strlen(key));
	out_write(out, "=", 1);
	out_write(out, text, strlen(text));
	out_write(out, "\n", 1);
}

/* See cli.h: key=v in the block's number format (NaN: empty). */
void
key_write(out_file *out, const char *key, double v, long precision)
{
	char buf[NUMFMT_MAX + 1];

	key_write_text(out, key, format(buf, v, precision));
}

/*
 * A start velocity v0 (units/s) in the libraries' units, after the
 * block: react-spring's config.velocity and wobble's initialVelocity are
 * per millisecond (react-spring SpringValue.ts, wobble src/index.ts).
 */
static const char *const velocity_keys[] = {
	"v0", "react_velocity", "wobble_velocity", NULL
};

/* The block's fields as they are written: key=value lines or a row. */
struct block {
	out_file *out;
	int csv, header;	/* header: --csv's header line, the keys */
	long precision;
	int n;			/* fields written on the row */
	/* tune's: settle_time's row as settle_envelope, settle; or NaN */
	double envelope, settle;
};

/* One field: key=value, or the key or value after a comma. */
static void
field(struct block *b, const char *key, double v)
{
	char buf[NUMFMT_MAX + 1];
	const char *text = b->header ? key : format(buf, v, b->precision);

	if (!b->csv) {
		key_write_text(b->out, key, text);
		return;
	}
	if (b->n++ > 0)
		out_write(b->out, ",", 1);
	out_write(b->out, text, strlen(text));
}

/*
 * Whether dialect d's values are printed: another library's, with an
 * inverse (React Native's bounciness has none).
 */
static int
printed(const spring_dialect *d)
{
	return d->kind != SPRING_DIALECT_OWN && d->from_spring != NULL;
}

/*
 * Whether flag f is a parameter of a printed dialect before *d: a flag
 * two groups share (Motion's bounce, react-spring's mass) is printed once.
 */
static int
printed_before(const spring_dialect *const *d, const char *f)
{
	const spring_dialect *const *e;
	const spring_dialect_param *q;

	for (e = spring_dialects; e != d; e++)
		for (q = (*e)->params; printed(*e) && q->name != NULL; q++)
			if (strcmp(q->flag, f) == 0)
				return 1;
	return 0;
}

/*
 * Every printed dialect's values for the spring of c, each keyed by its
 * flag with '_' for '-' (react-tension: react_tension).
 */
static void
dialect_fields(struct block *b, const spring_conventions *c)
{
	const spring_dialect *const *d;
	spring_params p = { c->omega, c->zeta, c->mass, 0 };
	double v[SPRING_DIALECT_MAX_PARAMS];
	char key[64], *s;
	int i;

	for (d = spring_dialects; *d != NULL; d++) {
		if (!printed(*d))
			continue;
		(*d)->from_spring(&p, c->dt, v);
		for (i = 0; (*d)->params[i].name != NULL; i++) {
			if (printed_before(d, (*d)->params[i].flag))
				continue;
			snprintf(key, sizeof(key), "%s", (*d)->params[i].flag);
			for (s = key; (s = strchr(s, '-')) != NULL; s++)
				*s = '_';
			field(b, key, v[i]);
		}
	}
}

/* The block's fields once: the keys (header) or the values. */
static void
block_fields(struct block *b, const spring_conventions *c, double v0)
{
	const struct column *col;
	const char *const *k;
	double vel[3] = { v0, v0 / 1000.0, v0 / 1000.0 };
	int i;

	b->n = 0;
	for (col = columns; col->key != NULL; col++) {
		if (col->off == offsetof(spring_conventions, settle_time) &&
		    !isnan(b->settle)) {
			field(b, "settle_envelope", b->envelope);
			field(b, "settle_time", b->settle);
			continue;
		}
		field(b, col->key, *(const double *)(const void *)
		    ((const char *)c + col->off));
	}
	dialect_fields(b, c);
	for (i = 0, k = velocity_keys; !isnan(v0) && *k != NULL; i++, k++)
		field(b, *k, vel[i]);
	if (b->csv)
		out_write(b->out, "\n", 1);
}

/* See cli.h: the block, then v0's keys unless v0 is NaN. */
void
conventions_write_v0(out_file *out, const spring_conventions *c, double v0,
    int csv, int header, long precision)
{
	struct block b = { out, csv, 0, precision, 0, NAN, NAN };

	if (csv && header) {
		b.header = 1;
		block_fields(&b, c, v0);
		b.header = 0;
	}
	block_fields(&b, c, v0);
}

/* See cli.h: tune's block, its two settle times named apart. */
void
conventions_write_settle(out_file *out, const spring_conventions *c,
    double envelope, double settle, long precision)
{
	struct block b = { out, 0, 0, precision, 0, envelope, settle };

	block_fields(&b, c, NAN);
}

/* `springsim convert`. */
int
cmd_convert(int argc, char **argv)
{
	struct convert_opts o;
	spring_params sp;
	spring_conventions c;
	out_file *out;
	int rc;

	if ((rc = parse_convert(argc, argv, &o)) != EXIT_OK)
		return rc;
	if (take_decay_time(&o) != 0)
		return EXIT_USAGE;
	/* Nissen's Ck/Cd are read at the step --dt, as they are printed */
	if (param_resolve(&o.ps, o.dt, &sp) != 0)
		return EXIT_USAGE;
	spring_describe(&sp, o.dt, o.decay_time, &c);

	if ((out = malloc(sizeof(*out))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	if (out_open(out, o.output) != 0) {
		free(out);
		return EXIT_IO;
	}
	conventions_write_v0(out, &c, o.v0, o.csv, o.header, o.precision);
	if (out->failed) {
		out_abort(out);
		rc = EXIT_IO;
	} else
		rc = out_close(out) != 0 ? EXIT_IO : EXIT_OK;
	free(out);
	return rc;
}
