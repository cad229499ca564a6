/*
 * cmd_system.c - `springsim --model pair|angular|chain`: systems of springs
 * after Nissen ("Towards a Simpler, Stiffer, and more Stable Spring"),
 * stepped by the damped spring's rules beside
 * their exact modal solution (src/systems/system.c).  run hands the whole
 * command line here (model_commands[] in run.c).
 *
 *   pair      two bodies, --m1 --m2, joined by a spring of rest length
 *             --rest, 1-D: the relative coordinate is one damped spring
 *             on the reduced mass, the centre of mass moves uniformly
 *   angular   Nissen's angular spring: two bodies of moments of inertia
 *             --i1 --i2 and a rest angle, no wrapping (it winds up)
 *   chain     Nissen's rope: --particles N bodies of --mass M, body 1
 *             hung from the target, 1-D longitudinal
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spring.h"
#include "numfmt.h"
#include "optparse.h"
#include "run.h"

#define MAX_PARTICLES 2000

enum sys_kind { SYS_PAIR, SYS_ANGULAR, SYS_CHAIN };

/* The system's own flags, as given. */
struct sys_opts {
	enum sys_kind kind;
	double m[2], rest, x[2], v[2];
	long particles;
	int summary, have_x2;
	int no_ref;			/* --no-reference: the rule alone */
	const char *m_flag, *i_flag;	/* --m1/--m2, --i1/--i2 given */
	const char *body_flag;		/* a two-body flag given, for messages */
	const char *chain_flag;		/* a chain flag given */
	const char *dim_arg;		/* --dim as given: only 1 is ours */
};

/* The line rules under --integrator. */
static void
list_line_rules(FILE *fp)
{
	const spring_line_rule *const *r;

	for (r = spring_line_rules; *r != NULL; r++)
		fprintf(fp, "      %-16s %s\n", (*r)->name, (*r)->summary);
}

/* A positive number flag: 0, or -1 after a message. */
static int
positive(const char *flag, const char *arg, double *out)
{
	if (parse_double(flag, arg, out) != 0)
		return -1;
	if (!(*out > 0.0) || *out > MAX_MAGNITUDE) {
		warn_msg("%s: '%s' must be > 0 and at most %g", flag, arg,
		    MAX_MAGNITUDE);
		return -1;
	}
	return 0;
}

/* A body's number flag: --m1, --m2, --i1, --i2 (index i), > 0. */
static int
body_mass(struct sys_opts *so, const char *nm, int i, const char *arg)
{
	char flag[32];

	snprintf(flag, sizeof(flag), "--%s", nm);
	so->body_flag = nm;
	if (nm[0] == 'm')
		so->m_flag = nm;
	else
		so->i_flag = nm;
	return positive(flag, arg, &so->m[i]);
}

/* --m1 M. */
static int
parse_m1(void *own, const char *arg)
{
	return body_mass(own, "m1", 0, arg);
}

/* --m2 M. */
static int
parse_m2(void *own, const char *arg)
{
	return body_mass(own, "m2", 1, arg);
}

/* --i1 I. */
static int
parse_i1(void *own, const char *arg)
{
	return body_mass(own, "i1", 0, arg);
}

/* --i2 I. */
static int
parse_i2(void *own, const char *arg)
{
	return body_mass(own, "i2", 1, arg);
}

/* A body's state flag or --rest: any number, into *out. */
static int
body_number(struct sys_opts *so, const char *nm, const char *arg,
    double *out)
{
	char flag[32];

	snprintf(flag, sizeof(flag), "--%s", nm);
	so->body_flag = nm;
	return parse_bounded(flag, arg, out);
}

/* --rest L. */
static int
parse_rest(void *own, const char *arg)
{
	struct sys_opts *so = own;

	return body_number(so, "rest", arg, &so->rest);
}

/* --x1 X. */
static int
parse_x1(void *own, const char *arg)
{
	struct sys_opts *so = own;

	return body_number(so, "x1", arg, &so->x[0]);
}

/* --x2 X. */
static int
parse_x2(void *own, const char *arg)
{
	struct sys_opts *so = own;

	so->have_x2 = 1;
	return body_number(so, "x2", arg, &so->x[1]);
}

/* --v1 V. */
static int
parse_v1(void *own, const char *arg)
{
	struct sys_opts *so = own;

	return body_number(so, "v1", arg, &so->v[0]);
}

/* --v2 V. */
static int
parse_v2(void *own, const char *arg)
{
	struct sys_opts *so = own;

	return body_number(so, "v2", arg, &so->v[1]);
}

/* --particles N, 1 to MAX_PARTICLES. */
static int
parse_particles(void *own, const char *arg)
{
	struct sys_opts *so = own;

	so->chain_flag = "particles";
	return parse_long("--particles", arg, 1, MAX_PARTICLES,
	    &so->particles);
}

/* --summary: the chain's summary rows (an FK_ON row's hook). */
static int
parse_summary(void *own, const char *arg)
{
	struct sys_opts *so = own;

	(void)arg;
	so->chain_flag = "summary";
	return 0;
}

/* --damper: known, so that the message says why, not "unknown option". */
static int
parse_damper(void *own, const char *arg)
{
	(void)own;
	usage_error("--damper: '%s' is for --dim 2|3: on one axis the "
	    "relative and the axial damper are the same", arg);
	return -1;
}

#define SFIELD(T, f) FIELD_OF(struct sys_opts, T, f)

/*
 * The systems' flags and --help (paragraphs: the models' flags are told
 * in their model's), a row each; run's are added.
 */
static const struct flag_row sys_rows[] = {
	{ .help =
"usage: springsim --model pair [--m1 M] [--m2 M] [--rest L] [--x1 X]\n"
"                 [--x2 X] [--v1 V] [--v2 V] [options]\n"
"       springsim --model angular [--i1 I] [--i2 I] [--rest A] [--x1 A]\n"
"                 [--x2 A] [--v1 W] [--v2 W] [options]\n"
"       springsim --model chain [--particles N] [--mass M] [--summary]\n"
"                 [options]\n"
"\n"
"Systems of springs after Nissen, 1-D, stepped by the damped spring's\n"
"rules beside the exact solution (every spring has the same damping over\n"
"stiffness, so the system splits into modes, each a damped spring; the\n"
"modes come from implicit QL on the tridiagonal system, once).\n"
"\n"
"  pair      two bodies of mass --m1, --m2 (default 1, 1) joined by a\n"
"            spring of rest length --rest (default 1) at --x1 (default 0)\n"
"            and --x2 (default rest + 1), velocities --v1, --v2 (default 0).\n"
"            The parameters describe the relative motion: a spring on the\n"
"            reduced mass m1 m2 / (m1 + m2) (Nissen's Ck, Cd: k = Ck m_red /\n"
"            dt^2, d = Cd m_red / dt; --stiffness K is the spring's own K).\n"
"            CSV: t,x1,v1,x2,v2,length,x1_ref,v1_ref,x2_ref,v2_ref,\n"
"            length_ref,err_length\n"
"  angular   the same for two rotating bodies of moments of inertia --i1,\n"
"            --i2 (default 1, 1), a torsional spring of rest angle --rest\n"
"            (default 0), angles --x1, --x2 (rad, default 0 and 1), angular\n"
"            velocities --v1, --v2 (rad/s); angles are never wrapped, so a\n"
"            spring wound past a full turn unwinds the whole way.  CSV: t,\n"
"            theta1,omega1,theta2,omega2,angle,... as for pair\n"
"  chain     Nissen's rope: --particles N (default 10, at most 2000) bodies\n"
"            of --mass M (default 1), body 1 hung by a spring from the\n"
"            target g(t) = --target + --target-vel t, or any signal of run's\n"
"            (--target-signal, --target-file, --target-vel-source), body i\n"
"            joined to i + 1; x is each body's displacement along the rope\n"
"            from rest, all starting at --x0 with --v0.  With a signal the\n"
"            reference is each mode's exact signal reference (run's), scaled\n"
"            by the mode's share of the anchor.  The parameters: each spring\n"
"            k = M omega^2; with Nissen's Ck, Cd each spring's own reduced\n"
"            mass: M / 2 between bodies, M to the anchor (infinitely heavy;\n"
"            that spring is twice as stiff).  CSV, one row per body and\n"
"            frame: t,particle,x,v,x_ref,v_ref,err_x,err_v; with --summary\n"
"            one row per frame: t,max_stretch,energy,energy_ref,max_err_x,\n"
"            max_err_v (energy: kinetic in the anchor's frame plus the\n"
"            springs'; max_stretch the largest |extension| of a spring)\n"
"\n"
"  --integrator NAME   the rule applied to every body at once (default\n"
"                      semi-implicit):\n",
	  .list = list_line_rules, .tail =
"\n" },
	{ .flag = "--dim", .kind = FK_NAME,
	  .at = SFIELD(const char *, dim_arg), .help =
"  --dim 1             these models are 1-D (the default); the pair and the\n"
"                      chain with --dim 2|3 are networks (springsim --model\n"
"                      mesh --help), where --damper relative|axial chooses\n"
"                      the damper; on one axis the two are the same\n" },
	{ .flag = "--no-reference", .kind = FK_ON,
	  .at = SFIELD(int, no_ref), .help =
"  --no-reference      the rule alone: the exact solution is not computed\n"
"                      (the chain's costs N^2 a frame, the rule N), nor its\n"
"                      columns: pair t,x1,v1,x2,v2,length; angular\n"
"                      t,theta1,omega1,theta2,omega2,angle; chain\n"
"                      t,particle,x,v, --summary t,max_stretch,energy.  The\n"
"                      columns kept are the same, byte for byte (exact\n"
"                      still finds the modes: it steps by them)\n" },
	{ .help =
"\n"
"Also: the parameter flags of run (any one convention), --dt, --duration or\n"
"--frames, -o FILE, --precision N, --no-header; the chain: run's signals.\n"
"Not: --substep, --frames-from, --dt-jitter, --hitch, --metrics,\n"
"--fast-exp; signals for pair and angular (no anchor).  A run that\n"
"diverges stops there with a warning; rows so far are kept.\n"
"\n"
EXIT_STATUS_TEXT },
	{ .flag = "--m1", .kind = FK_HOOK, .parse = parse_m1,
	  .models = "pair" },
	{ .flag = "--m2", .kind = FK_HOOK, .parse = parse_m2,
	  .models = "pair" },
	{ .flag = "--i1", .kind = FK_HOOK, .parse = parse_i1,
	  .models = "angular" },
	{ .flag = "--i2", .kind = FK_HOOK, .parse = parse_i2,
	  .models = "angular" },
	{ .flag = "--rest", .kind = FK_HOOK, .parse = parse_rest,
	  .models = "pair angular" },
	{ .flag = "--x1", .kind = FK_HOOK, .parse = parse_x1,
	  .models = "pair angular" },
	{ .flag = "--x2", .kind = FK_HOOK, .parse = parse_x2,
	  .models = "pair angular" },
	{ .flag = "--v1", .kind = FK_HOOK, .parse = parse_v1,
	  .models = "pair angular" },
	{ .flag = "--v2", .kind = FK_HOOK, .parse = parse_v2,
	  .models = "pair angular" },
	{ .flag = "--particles", .kind = FK_HOOK, .parse = parse_particles,
	  .models = "chain" },
	{ .flag = "--summary", .kind = FK_ON, .at = SFIELD(int, summary),
	  .parse = parse_summary, .models = "chain" },
	{ .flag = "--damper", .kind = FK_HOOK, .parse = parse_damper },
	{ .flag = "--gravity", .kind = FK_REFUSED, .refused = "needs --dim 2 "
	  "or 3 (--model pair or chain, or mesh): the 1-D line has no y "
	  "axis" },
	{ .flag = "--pluck", .kind = FK_REFUSED, .refused = "needs --dim 2 or "
	  "3 (--model chain, or mesh): the 1-D chain starts at --x0, --v0" },
	{ .flag = NULL }
};

/* See optparse.h: pair, angular and chain, `springsim help pair`. */
const struct opt_command system_options = { .name = "pair",
    .rows = sys_rows };

/* Whether a flag of two bodies or of the chain went to the wrong model. */
static int
check_model_flags(const struct sys_opts *so, const char *model,
    const struct run_setup *rs)
{
	int two = so->kind != SYS_CHAIN;
	const char *start = rs->have_x0 ? "x0" : rs->have_v0 ? "v0" :
	    rs->have_target ? "target" : rs->have_target_vel ? "target-vel" :
	    NULL;
	long dim;

	if (so->dim_arg != NULL && (scan_long(so->dim_arg, &dim) != 0 ||
	    dim != 1))
		return usage_error("--dim: '%s': --model %s here is 1-D (--dim "
		    "1)%s", so->dim_arg, model, so->kind == SYS_ANGULAR ?
		    "; the angle turns about one axis" : "; --dim 2|3 is the "
		    "network's (springsim --model mesh --help)");
	if (!two && so->body_flag != NULL)
		return usage_error("--%s goes with --model pair or angular, not "
		    "--model chain", so->body_flag);
	if (so->kind == SYS_PAIR && so->i_flag != NULL)
		return usage_error("--%s goes with --model angular, not --model "
		    "pair", so->i_flag);
	if (so->kind == SYS_ANGULAR && so->m_flag != NULL)
		return usage_error("--%s goes with --model pair, not --model "
		    "angular", so->m_flag);
	if (two && so->chain_flag != NULL)
		return usage_error("--%s goes with --model chain, not --model %s",
		    so->chain_flag, model);
	if (two && start != NULL)
		return usage_error("--%s does not go with --model %s: --x1, --x2, "
		    "--v1, --v2 give the bodies' start", start, model);
	if (rs->ps.mass_arg != NULL && two)
		return usage_error("--mass does not go with --model %s: %s give "
		    "the bodies'", model, so->kind == SYS_PAIR ? "--m1 and --m2"
		    : "--i1 and --i2");
	if (rs->sim.signal != NULL && two)
		return usage_error("--model %s has no anchor to follow a "
		    "signal: no --target-signal, --target-file or "
		    "--target-vel-source (the chain's)", model);
	return system_run_flags(rs, model, !two);
}

static int rule_needs_modes(const spring_line_rule *rule);

/*
 * The work, refused up front without --force as every run's
 * (run_check_work): the signal's pieces (run's check), a row a body a
 * frame (one a frame with --summary), and the body updates, N a frame,
 * N^2 more where the exact reference (and the exact rule) costs N^2.
 */
static int
check_cost(const struct run_setup *rs, const struct sys_opts *so,
    const spring_line_rule *rule, const char *model)
{
	double n = so->kind == SYS_CHAIN ? (double)so->particles : 2.0;
	double frames = (double)rs->sim.frames + 1.0;
	double rows = so->kind == SYS_CHAIN && !so->summary ? frames * n :
	    frames;
	double per = n + (!so->no_ref || rule_needs_modes(rule) ? n * n : 0.0);
	char what[160];
	size_t len;
	int rc;

	if ((rc = run_check_cost(rs, rs->dt, NULL, 0, model)) != EXIT_OK ||
	    rs->force || (rows <= (double)MAX_FRAMES &&
	    frames * per <= MAX_WORK))
		return rc;
	len = (size_t)snprintf(what, sizeof(what), "--model %s", model);
	if (so->kind == SYS_CHAIN)
		len += (size_t)snprintf(what + len, sizeof(what) - len,
		    " --particles %ld", so->particles);
	what[len++] = ' ';
	(void)run_length_flags(rs, what + len, sizeof(what) - len);
	return run_check_work(rs, what, frames, per, rows);
}

/* See run.h. */
int
system_run_flags(const struct run_setup *rs, const char *model,
    int has_summary)
{
	int rc;

	if ((rc = run_model_refuses(rs, model)) != EXIT_OK)
		return rc;
	if (rs->substep != NULL)
		return usage_error("--substep does not go with --model %s",
		    model);
	if (rs->sim.schedule != NULL)
		return usage_error("--model %s takes frames of one --dt: no "
		    "--frames-from, --dt-jitter or --hitch", model);
	if (rs->metrics)
		return usage_error("--metrics does not go with --model %s%s",
		    model, has_summary ? " (--summary: a row a frame)" : "");
	if (rs->fast_exp)
		return usage_error("--fast-exp does not go with --model %s",
		    model);
	return EXIT_OK;
}

/*
 * The line the flags describe: its masses, springs and anchor.  The
 * parameter group is converted with the reference mass: the reduced mass
 * for two bodies; for the chain the body's mass, or with Nissen's Ck/Cd
 * the reduced mass m / 2 of two bodies (the anchor spring, m_red = m,
 * then weighs 2).
 */
static int
make_line(struct run_setup *rs, const struct sys_opts *so, double *mass,
    spring_line *l, spring_params *p)
{
	struct param_set ps = rs->ps;
	double ref;
	long i;

	memset(l, 0, sizeof(*l));
	if (so->kind != SYS_CHAIN) {
		mass[0] = so->m[0];
		mass[1] = so->m[1];
		l->n = 2;
		ref = so->m[0] * so->m[1] / (so->m[0] + so->m[1]);
		ps.mass = ref;
		if (param_resolve_again(&ps, rs->dt, p) != 0)
			return EXIT_USAGE;
		if (p->mass != ref)
			return usage_error("a mass flag does not go with --model "
			    "%s: %s give the masses", so->kind == SYS_PAIR ?
			    "pair" : "angular", so->kind == SYS_PAIR ?
			    "--m1 and --m2" : "--i1 and --i2");
	} else {
		if (param_resolve_again(&ps, rs->dt, p) != 0)
			return EXIT_USAGE;
		l->n = so->particles;
		for (i = 0; i < l->n; i++)
			mass[i] = p->mass;
		l->w0 = 1.0;
		if (param_uses_step(&rs->ps)) {
			ps.mass = 0.5 * p->mass;
			if (param_resolve_again(&ps, rs->dt, p) != 0)
				return EXIT_USAGE;
			l->w0 = 2.0;
		}
	}
	l->mass = mass;
	l->k = p->mass * p->omega * p->omega;
	l->d = 2.0 * p->mass * p->zeta * p->omega;
	return EXIT_OK;
}

/* The header line, a fixed string. */
static void
put_header(struct sink *k, const char *s)
{
	out_write(&k->out, s, strlen(s));
	out_write(&k->out, "\n", 1);
}

/*
 * What a run needs: the line, its state, the reference, the scratch.
 * Without the reference (--no-reference) xr, vr, tmp, z and a0 are NULL,
 * and so are lambda and vec unless the rule steps by the modes.
 */
struct sys_run {
	spring_line l;
	const spring_line_rule *rule;
	double *mass, *x, *v, *x0, *v0, *work;	/* one block, from mass */
	double *xr, *vr;		/* the reference's state */
	double *tmp;			/* the reference's scratch, 2n */
	double *lambda, *vec;		/* the modes, one block from lambda */
	spring_sigref *z;		/* a signal: each mode's reference */
	double *a0;			/* and its free part, 2n */
};

/*
 * The rows of frame t, the target at g moving at q: two bodies or the
 * chain, long or summary; with --no-reference the leading columns alone
 * (the state's, computed as with the reference: the same bytes).
 */
static void
write_frame(struct sink *k, const struct sys_run *s,
    const struct sys_opts *so, double t, double g, double q)
{
	double col[12], ex = 0.0, ev = 0.0, d, unused;
	long i;

	if (so->kind != SYS_CHAIN) {
		col[0] = t;
		col[1] = s->x[0];
		col[2] = s->v[0];
		col[3] = s->x[1] + so->rest;
		col[4] = s->v[1];
		col[5] = col[3] - col[1];
		if (so->no_ref) {
			write_numbers_row(k, col, 6);
			return;
		}
		col[6] = s->xr[0];
		col[7] = s->vr[0];
		col[8] = s->xr[1] + so->rest;
		col[9] = s->vr[1];
		col[10] = col[8] - col[6];
		col[11] = col[5] - col[10];
		write_numbers_row(k, col, 12);
		return;
	}
	if (so->summary && so->no_ref) {
		col[0] = t;
		spring_line_summary(&s->l, s->x, s->v, g, q, &col[2], &col[1]);
		write_numbers_row(k, col, 3);
		return;
	}
	if (so->summary) {
		/* the state is finite here (diverged() stops first) */
		for (i = 0; i < s->l.n; i++) {
			d = fabs(s->x[i] - s->xr[i]);
			ex = d > ex ? d : ex;
			d = fabs(s->v[i] - s->vr[i]);
			ev = d > ev ? d : ev;
		}
		col[0] = t;
		spring_line_summary(&s->l, s->x, s->v, g, q, &col[2], &col[1]);
		spring_line_summary(&s->l, s->xr, s->vr, g, q, &col[3],
		    &unused);
		col[4] = ex;
		col[5] = ev;
		write_numbers_row(k, col, 6);
		return;
	}
	for (i = 0; i < s->l.n; i++) {
		col[0] = t;
		col[1] = (double)(i + 1);
		col[2] = s->x[i];
		col[3] = s->v[i];
		if (so->no_ref) {
			write_numbers_row(k, col, 4);
			continue;
		}
		col[4] = s->xr[i];
		col[5] = s->vr[i];
		col[6] = s->x[i] - s->xr[i];
		col[7] = s->v[i] - s->vr[i];
		write_numbers_row(k, col, 8);
	}
}

/* Whether the state ran away: non-finite, or 1e6 times the scale. */
static int
diverged(const struct sys_run *s, double g, double scale)
{
	double ref = s->l.w0 != 0.0 ? g : 0.0;
	long i;

	for (i = 0; i < s->l.n; i++)
		if (!(fabs(s->x[i] - ref) <= scale) || !isfinite(s->v[i]))
			return 1;
	return 0;
}

/*
 * Allocate the run's arrays in one block: the state and the rule's work,
 * with ref the reference's too, and for a signal its modes' references
 * (the modes have their own block, sys_modes).  0 or -1.
 */
static int
sys_alloc(struct sys_run *s, long n, int ref, int signal)
{
	size_t total = (size_t)(5 * n + SPRING_LINE_WORK(n) + (ref ? 6 * n :
	    0));
	double *p = calloc(total, sizeof(double));

	if (p == NULL || (ref && signal &&
	    (s->z = calloc((size_t)n, sizeof(*s->z))) == NULL)) {
		free(p);
		return -1;
	}
	s->mass = p;
	s->x = p + n;
	s->v = p + 2 * n;
	s->x0 = p + 3 * n;
	s->v0 = p + 4 * n;
	s->work = p + 5 * n;
	if (ref) {
		s->xr = s->work + SPRING_LINE_WORK(n);
		s->vr = s->xr + n;
		s->tmp = s->vr + n;
		s->a0 = s->tmp + 2 * n;
	}
	return 0;
}

/*
 * Whether the rule steps by the modes (exact): its prepare refuses a
 * line without them, so ask it about one body hung from an anchor.
 */
static int
rule_needs_modes(const spring_line_rule *rule)
{
	double mass = 1.0, work[SPRING_LINE_WORK(1)];
	spring_line l;

	memset(&l, 0, sizeof(l));
	l.n = 1;
	l.mass = &mass;
	l.k = l.d = l.w0 = 1.0;
	return rule->prepare(&l, 0.01, work) != 0;
}

/*
 * The modes (n + n * n doubles, QL with vectors: N^3 once) for the
 * reference and for exact; the line's work is QL's scratch.  EXIT_OK,
 * or the exit status after a message.
 */
static int
sys_modes(struct sys_run *s, const char *model)
{
	long n = s->l.n;

	if ((s->lambda = calloc((size_t)(n + n * n), sizeof(double))) ==
	    NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	s->vec = s->lambda + n;
	if (spring_line_modes(&s->l, s->lambda, s->vec, s->work) != 0) {
		warn_msg("--model %s: the modes did not converge", model);
		return EXIT_IO;
	}
	s->l.lambda = s->lambda;
	s->l.vec = s->vec;
	return EXIT_OK;
}

/*
 * The target over the step [t0, t1]: the line g0 + q t, or the signal at
 * the step's start, middle and end (the end's velocity its left limit),
 * fed the velocity --target-vel-source says (as run's frame.c does).
 */
static void
sample_step(const struct run_setup *rs, double t0, double t1,
    spring_target_step *tg)
{
	const spring_signal *sig = rs->sim.signal;
	double g0 = rs->sim.target, q = rs->sim.target_vel;

	if (sig == NULL) {
		tg->g0 = g0 + q * t0;
		tg->gm = g0 + q * 0.5 * (t0 + t1);
		tg->g1 = g0 + q * t1;
		tg->q0 = tg->qm = tg->q1 = q;
		return;
	}
	spring_signal_at(sig, t0, &tg->g0, &tg->q0);
	spring_signal_at(sig, 0.5 * (t0 + t1), &tg->gm, &tg->qm);
	spring_signal_end(sig, t1, &tg->g1, &tg->q1);
	if (rs->sim.vel_source == SPRING_VEL_DIFFERENCE)
		tg->q0 = tg->qm = tg->q1 = (tg->g1 - tg->g0) / (t1 - t0);
	else if (rs->sim.vel_source == SPRING_VEL_ZERO)
		tg->q0 = tg->qm = tg->q1 = 0.0;
}

/* The target at t and its own velocity: the line, or the signal. */
static void
target_at(const struct run_setup *rs, double t, double *g, double *q)
{
	if (rs->sim.signal != NULL)
		spring_signal_at(rs->sim.signal, t, g, q);
	else {
		*g = rs->sim.target + rs->sim.target_vel * t;
		*q = rs->sim.target_vel;
	}
}

/*
 * Run the system frame by frame, writing each, beside the exact modal
 * solution: for a line target spring_line_exact, for a signal each
 * mode's own signal reference (spring_line_sigref_*); with --no-reference
 * the rule alone.
 */
static int
sys_simulate(struct sink *k, struct sys_run *s, const struct sys_opts *so,
    const struct run_setup *rs)
{
	const spring_signal *sig = rs->sim.signal;
	spring_target_step tg;
	double h = rs->dt, g0 = rs->sim.target, q = rs->sim.target_vel;
	double scale, t0, t1, g, qt;
	long f, i, n = s->l.n;

	target_at(rs, 0.0, &g, &qt);
	scale = 0.0;
	for (i = 0; i < n; i++)
		scale = fmax(scale, fabs(s->x0[i] - (s->l.w0 != 0.0 ? g : 0.0))
		    + fabs(s->v0[i]) * h);
	scale = SPRING_DIVERGE_FACTOR * (scale + fabs(qt) * h + 1.0);
	if (!so->no_ref) {
		memcpy(s->xr, s->x0, (size_t)n * sizeof(double));
		memcpy(s->vr, s->v0, (size_t)n * sizeof(double));
	}
	if (!so->no_ref && sig != NULL && spring_line_sigref_init(&s->l, sig,
	    rs->sim.vel_source, s->x0, s->v0, s->z, s->a0) != 0)
		abort();	/* the chain has its anchor and modes: a bug */
	write_frame(k, s, so, 0.0, g, qt);
	if (s->rule->prepare(&s->l, h, s->work) != 0)
		abort();	/* the modes are there when needed: a bug */
	for (f = 1; f <= rs->sim.frames && !k->out.failed; f++) {
		t0 = (double)(f - 1) * h;
		t1 = (double)f * h;
		sample_step(rs, t0, t1, &tg);
		s->rule->step(&s->l, h, s->work, s->x, s->v, &tg);
		if (diverged(s, tg.g1, scale)) {
			warn_msg("warning: diverged at frame %ld: stopped, %ld "
			    "frames kept", f, f);
			break;
		}
		if (!so->no_ref && sig != NULL)
			spring_line_sigref_at(&s->l, s->z, s->a0, t1, s->xr,
			    s->vr, s->tmp);
		else if (!so->no_ref)
			spring_line_exact(&s->l, s->x0, s->v0, g0, q, t1,
			    s->xr, s->vr, s->tmp);
		target_at(rs, t1, &g, &qt);
		write_frame(k, s, so, t1, g, qt);
	}
	return k->out.failed ? EXIT_IO : EXIT_OK;
}

/* `springsim --model pair|angular|chain` (model_commands[] in run.c). */
int
cmd_system(int argc, char **argv)
{
	static const char *const names[] = { "pair", "angular", "chain" };
	struct run_setup *rs;
	struct sys_opts so;
	struct sys_run s;
	struct sink *k = NULL;
	spring_params p;
	const char *model, *integrator;
	int rc;
	long i;

	memset(&so, 0, sizeof(so));
	memset(&s, 0, sizeof(s));
	so.m[0] = so.m[1] = 1.0;
	so.particles = 10;
	so.rest = NAN;
	if (run_alloc(&rs, &k) != 0)
		return EXIT_IO;
	if ((rc = run_parse_rows(rs, &system_options, &so, argc, argv)) !=
	    EXIT_OK)
		goto done;
	model = rs->model;
	for (i = 0; i < 3 && strcmp(model, names[i]) != 0; i++)
		;
	so.kind = (enum sys_kind)i;
	if (isnan(so.rest))
		so.rest = so.kind == SYS_PAIR ? 1.0 : 0.0;
	integrator = rs->integrator != NULL ? rs->integrator : "semi-implicit";
	if ((s.rule = spring_line_rule_find(integrator)) == NULL) {
		rc = usage_error("--integrator: --model %s has no rule '%s'; "
		    "'springsim --model %s --help' shows them", model,
		    integrator, model);
		goto done;
	}
	/* run's checks and schedule, for the spring it knows */
	rs->model = "spring";
	rs->integrator = NULL;
	if ((rc = run_setup_resolve(rs)) != EXIT_OK ||
	    (rc = check_model_flags(&so, model, rs)) != EXIT_OK ||
	    (rc = check_cost(rs, &so, s.rule, model)) != EXIT_OK)
		goto done;
	if (sys_alloc(&s, so.kind == SYS_CHAIN ? so.particles : 2, !so.no_ref,
	    rs->sim.signal != NULL) != 0) {
		warn_msg("out of memory");
		rc = EXIT_IO;
		goto done;
	}
	if ((rc = make_line(rs, &so, s.mass, &s.l, &p)) != EXIT_OK)
		goto done;
	/* the reference's modes; without it only exact's (N^3 at 2000) */
	if ((!so.no_ref || rule_needs_modes(s.rule)) &&
	    (rc = sys_modes(&s, model)) != EXIT_OK)
		goto done;
	if (so.kind != SYS_CHAIN) {
		s.x0[0] = so.x[0];
		s.x0[1] = (so.have_x2 ? so.x[1] : so.rest + 1.0) - so.rest;
		s.v0[0] = so.v[0];
		s.v0[1] = so.v[1];
	} else
		for (i = 0; i < so.particles; i++) {
			s.x0[i] = rs->sim.x0;
			s.v0[i] = rs->sim.v0;
		}
	memcpy(s.x, s.x0, (size_t)s.l.n * sizeof(double));
	memcpy(s.v, s.v0, (size_t)s.l.n * sizeof(double));
	k->precision = (int)rs->precision;
	if (out_open(&k->out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	if (rs->header && !so.no_ref)
		put_header(k, so.kind == SYS_PAIR ?
		    "t,x1,v1,x2,v2,length,x1_ref,v1_ref,x2_ref,v2_ref,"
		    "length_ref,err_length" : so.kind == SYS_ANGULAR ?
		    "t,theta1,omega1,theta2,omega2,angle,theta1_ref,"
		    "omega1_ref,theta2_ref,omega2_ref,angle_ref,err_angle" :
		    so.summary ? "t,max_stretch,energy,energy_ref,max_err_x,"
		    "max_err_v" : "t,particle,x,v,x_ref,v_ref,err_x,err_v");
	else if (rs->header)
		put_header(k, so.kind == SYS_PAIR ? "t,x1,v1,x2,v2,length" :
		    so.kind == SYS_ANGULAR ? "t,theta1,omega1,theta2,omega2,"
		    "angle" : so.summary ? "t,max_stretch,energy" :
		    "t,particle,x,v");
	rc = sys_simulate(k, &s, &so, rs);
	rc = out_finish(&k->out, rc != 0);
done:
	free(s.mass);
	free(s.lambda);
	free(s.z);
	run_setup_free(rs);
	free(rs);
	free(k);
	return rc;
}
