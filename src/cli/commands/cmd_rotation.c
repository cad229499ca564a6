/*
 * cmd_rotation.c - `springsim --model quat` and `springsim --model vector`:
 * the springs whose state is not one number (run hands them the whole
 * command line through model_commands).
 *
 * quat: Holden's quaternion spring ("Spring-It-On: The Game Developer's
 * Spring-Roll-Call", "Quaternion Spring"), a
 * rotation pulled toward a goal rotation by the rotation vector between
 * them (src/systems/rotation.c has the math), beside the exact planar solution
 * or a fine RK4 reference.  vector: 2 or 3 independent damped springs,
 * each component exactly `springsim run` with its own x0, v0, target.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "optparse.h"
#include "run.h"

#define PI 3.141592653589793238462643383279502884
/* A reference of RK4 at 192 steps a frame: refused beyond, unless --force. */
#define QUAT_MAX_RK4_FRAMES 10000000L

/* How many comma-separated fields arg has. */
static int
count_fields(const char *arg)
{
	int n = 1;

	for (; *arg != '\0'; arg++)
		n += *arg == ',';
	return n;
}

/*
 * The frames a run of rs will have at most (constant frames: exactly),
 * for the up-front cost checks.
 */
static double
frames_estimate(const struct run_setup *rs)
{
	if (rs->sim.frames > 0)
		return (double)rs->sim.frames;
	if (rs->frames_from != NULL)
		return (double)rs->list_len;
	return rs->duration / (rs->dt * (1.0 - rs->jitter)) + 1.0;
}

/* Text, as is, into the sink. */
static void
put_text(struct sink *k, const char *s)
{
	out_write(&k->out, s, strlen(s));
}

/* --- quat ------------------------------------------------------------ */

/* What quat's own flags say; a rotation given twice ways is refused. */
struct quat_opts {
	const char *model;	/* --model quat, which run routed on */
	const char *integrator;
	spring_quat q0, goal;
	double angle0, target_angle, axis0[3], target_axis[3], w0[3];
	const char *q0_flag, *goal_flag;	/* the flag that gave each */
	int have_angle0, have_target_angle, have_axis0, have_target_axis;
	int long_way, fast_exp;
};

/* A unit quaternion from W,X,Y,Z text: 0, or -1 after a message. */
static int
parse_quat(const char *flag, const char *arg, spring_quat *q)
{
	double v[4];

	if (parse_number_list(flag, arg, 4, v, "a quaternion W,X,Y,Z") != 0)
		return -1;
	q->w = v[0];
	q->x = v[1];
	q->y = v[2];
	q->z = v[3];
	if (spring_quat_normalize(q) != 0) {
		warn_msg("%s: '%s' is not a rotation (length 0)", flag, arg);
		return -1;
	}
	return 0;
}

/* An axis from X,Y,Z text, not zero: 0, or -1 after a message. */
static int
parse_axis(const char *flag, const char *arg, double *a)
{
	double n;

	if (parse_number_list(flag, arg, 3, a, "an axis X,Y,Z") != 0)
		return -1;
	n = sqrt(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]);
	if (!(n > 0.0) || !isfinite(n)) {
		warn_msg("%s: '%s' is not an axis (length 0)", flag, arg);
		return -1;
	}
	a[0] /= n;
	a[1] /= n;
	a[2] /= n;
	return 0;
}

/* An angle in degrees, |a| <= 1e6: 0, or -1 after a message. */
static int
parse_angle(const char *flag, const char *arg, double *a)
{
	if (parse_double(flag, arg, a) != 0)
		return -1;
	if (!(fabs(*a) <= 1e6)) {
		warn_msg("%s: '%s' is not an angle in degrees within +-1e6",
		    flag, arg);
		return -1;
	}
	return 0;
}

/* The rotation rules under --integrator. */
static void
list_rot_rules(FILE *fp)
{
	const spring_rot_rule *const *r;

	for (r = spring_rot_rules; *r != NULL; r++)
		fprintf(fp, "    %-16s  %s [%s]\n", (*r)->name, (*r)->summary,
		    (*r)->source);
}

/* --q0 W,X,Y,Z. */
static int
parse_q0(void *own, const char *arg)
{
	struct quat_opts *qo = own;

	qo->q0_flag = "--q0";
	return parse_quat("--q0", arg, &qo->q0);
}

/* --target W,X,Y,Z. */
static int
parse_goal(void *own, const char *arg)
{
	struct quat_opts *qo = own;

	qo->goal_flag = "--target";
	return parse_quat("--target", arg, &qo->goal);
}

/* --angle0 DEG. */
static int
parse_angle0(void *own, const char *arg)
{
	return parse_angle("--angle0", arg, &((struct quat_opts *)own)->angle0);
}

/* --target-angle DEG. */
static int
parse_target_angle(void *own, const char *arg)
{
	struct quat_opts *qo = own;

	return parse_angle("--target-angle", arg, &qo->target_angle);
}

/* --axis0 X,Y,Z. */
static int
parse_axis0(void *own, const char *arg)
{
	return parse_axis("--axis0", arg, ((struct quat_opts *)own)->axis0);
}

/* --target-axis X,Y,Z. */
static int
parse_target_axis(void *own, const char *arg)
{
	struct quat_opts *qo = own;

	return parse_axis("--target-axis", arg, qo->target_axis);
}

/* --w0 X,Y,Z. */
static int
parse_w0(void *own, const char *arg)
{
	return parse_number_list("--w0", arg, 3, ((struct quat_opts *)own)->w0,
	    "an angular velocity X,Y,Z");
}

#define QFIELD(T, f) FIELD_OF(struct quat_opts, T, f)
#define QUAT_STATE "does not go with --model quat: --q0, --w0, --target " \
	"give its state and goal"

/*
 * quat's flags and --help, a row each; run's are added.  These names
 * mean the rotation's here; run's state flags are refused.
 */
static const struct flag_row quat_rows[] = {
	/* run routed on it: quat */
	{ .flag = "--model", .kind = FK_NAME,
	  .at = QFIELD(const char *, model) },
	{ .help =
"usage: springsim --model quat [--q0 W,X,Y,Z | --angle0 DEG [--axis0 X,Y,Z]]\n"
"                 [--target W,X,Y,Z | --target-angle DEG [--target-axis\n"
"                 X,Y,Z]] [--w0 X,Y,Z] [--integrator RULE] [--no-hemisphere]\n"
"                 [run options]\n"
"\n"
"Holden's quaternion spring (\"Quaternion Spring\"): a rotation q, a unit\n"
"quaternion w + xi + yj + zk, with angular velocity w (rad/s, world frame:\n"
"q' = (0, w) q / 2), pulled toward a fixed goal rotation g by\n"
"  w' = -omega^2 e - 2 zeta omega w,  e = log(q conj(g)),\n"
"e the rotation vector (angle times unit axis) from g to q, the shorter\n"
"way round (q conj(g) negated when its w < 0: |e| <= pi, q and -q alike).\n"
"Prints t,qw,qx,qy,qz,wx,wy,wz, the reference's quaternion and velocity\n"
"(_ref; the quaternion on q's side), angle and angle_ref (to the goal,\n"
"rad), angle_err (between q and the reference, rad) and ref_err (below).\n"
"\n" },
	{ .flag = "--q0", .kind = FK_HOOK, .parse = parse_q0,
	  .help =
"  --q0 W,X,Y,Z        initial rotation (default 1,0,0,0), normalized;\n"
"                      or --angle0 DEG about --axis0 X,Y,Z (default 0,0,1)\n" },
	{ .flag = "--target", .kind = FK_HOOK, .parse = parse_goal,
	  .help =
"  --target W,X,Y,Z    goal rotation (default 90 degrees about z), or\n"
"                      --target-angle DEG about --target-axis X,Y,Z\n"
"                      (default 0,0,1)\n" },
	{ .flag = "--w0", .kind = FK_HOOK, .parse = parse_w0,
	  .help =
"  --w0 X,Y,Z          initial angular velocity, rad/s (default 0,0,0)\n" },
	{ .flag = "--integrator", .kind = FK_NAME,
	  .at = QFIELD(const char *, integrator), .list = list_rot_rules,
	  .help =
"  --integrator RULE   (default semi-implicit):\n" },
	{ .flag = "--fast-exp", .kind = FK_ON, .at = QFIELD(int, fast_exp),
	  .help =
"  --fast-exp          exact: Holden's fast_negexp for e^-x\n" },
	{ .flag = "--no-hemisphere", .kind = FK_ON,
	  .at = QFIELD(int, long_way), .help =
"  --no-hemisphere     the rules take e as it comes (Holden's code as\n"
"                      printed): past 180 degrees they turn the long way;\n"
"                      the reference keeps the shorter way\n" },
	{ .help =
"\n"
"The reference: when w0 is parallel to e0 (or either is 0) and\n"
"sqrt(|e0|^2 + |w0|^2 / omega^2) < pi (the energy bound: e never reaches\n"
"the far side), e keeps its axis and its length is the scalar damped\n"
"spring toward 0, in closed form (ref_err empty).  Otherwise the motion\n"
"is not planar and the reference is RK4 of the equations above at 64\n"
"steps a frame; ref_err is its angle error, estimated by a second run at\n"
"128 (16/15 of their difference).  The parameter flags, --dt, --duration,\n"
"--frames, --frames-from, --dt-jitter, --hitch, -o, --precision and\n"
"--no-header are run's; no substeps, target signals or --mass (per unit\n"
"inertia).\n"
"\n"
"--metrics: model,integrator,dt,frames,omega,zeta, angle0 (rad, the\n"
"shorter way), reference (closed-form or rk4/64), max/rms/final_angle_err\n"
"(rad), max/rms/final_w_err (|w - w_ref|, rad/s), overshoot (the largest\n"
"component of e against e0's direction, over |e0|; empty when e0 = 0),\n"
"settle_time (from when the angle to the goal stays within 2 % of angle0,\n"
"of 1 rad when that is 0; inf if the last row is outside), max_norm_err\n"
"(the largest ||q| - 1|: exact and semi-implicit never renormalize, rk4\n"
"does), ref_err (the largest; empty for the closed form), diverged (q or\n"
"w not finite, or |w| past 1e6 (omega angle0 + |w0| + omega)).  The RK4\n"
"reference stays finite (q rescaled) while h |w| is below about 1e77 (|w0|\n"
"1e80 at 60 fps); past that it is lost, its columns empty from the frame it\n"
"overflows, and so are the angle and w errors and ref_err (unknown, never\n"
"0).  With --columns LIST, only the columns it names, in its order.\n"
"\n"
EXIT_STATUS_TEXT },
	{ .flag = "--angle0", .kind = FK_HOOK, .parse = parse_angle0,
	  .have = QFIELD(int, have_angle0) },
	{ .flag = "--axis0", .kind = FK_HOOK, .parse = parse_axis0,
	  .have = QFIELD(int, have_axis0) },
	{ .flag = "--target-angle", .kind = FK_HOOK,
	  .parse = parse_target_angle, .have = QFIELD(int, have_target_angle) },
	{ .flag = "--target-axis", .kind = FK_HOOK, .parse = parse_target_axis,
	  .have = QFIELD(int, have_target_axis) },
	{ .flag = "--x0", .kind = FK_REFUSED, .refused = QUAT_STATE },
	{ .flag = "--v0", .kind = FK_REFUSED, .refused = QUAT_STATE },
	{ .flag = "--target-vel", .kind = FK_REFUSED, .refused = QUAT_STATE },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command quat_options = { .name = "quat",
    .rows = quat_rows };

/* A rotation of deg degrees about the unit axis a. */
static spring_quat
about(const double *a, double deg)
{
	double r[3], rad = deg * (PI / 180.0);

	r[0] = rad * a[0];
	r[1] = rad * a[1];
	r[2] = rad * a[2];
	return spring_quat_exp(r);
}

/* The run flags quat has no use for, and its own that conflict. */
static int
quat_check(const struct run_setup *rs, struct quat_opts *qo,
    spring_rot_sim *sim)
{
	static const double z[3] = { 0.0, 0.0, 1.0 };

	if (qo->q0_flag != NULL && (qo->have_angle0 || qo->have_axis0))
		return usage_error("--q0 and %s both give the initial rotation: "
		    "give one", qo->have_angle0 ? "--angle0" : "--axis0");
	if (qo->goal_flag != NULL && (qo->have_target_angle ||
	    qo->have_target_axis))
		return usage_error("--target and %s both give the goal: give "
		    "one", qo->have_target_angle ? "--target-angle" :
		    "--target-axis");
	if (qo->have_axis0 && !qo->have_angle0)
		return usage_error("--axis0 goes with --angle0");
	if (qo->have_target_axis && !qo->have_target_angle)
		return usage_error("--target-axis goes with --target-angle");
	if (run_model_refuses(rs, "quat") != EXIT_OK)
		return EXIT_USAGE;
	if (rs->substep != NULL)
		return usage_error("--substep goes with the spring and critical "
		    "models, not --model quat");
	if (rs->signal_name != NULL || rs->target_file != NULL ||
	    rs->vel_source != NULL)
		return usage_error("--model quat has a fixed goal: no "
		    "--target-signal, --target-file or --target-vel-source");
	if (rs->ps.mass_arg != NULL || param_uses_step(&rs->ps))
		return usage_error("%s does not go with --model quat (per unit "
		    "inertia, one spring at every step)",
		    rs->ps.mass_arg != NULL ? "--mass" : "--ck/--cd");
	if ((sim->rule = spring_rot_rule_find(qo->integrator != NULL ?
	    qo->integrator : "semi-implicit")) == NULL)
		return usage_error("--integrator: --model quat has no rule '%s' "
		    "(semi-implicit, exact, rk4)", qo->integrator);
	if (qo->fast_exp && sim->rule->order != 0)
		return usage_error("--fast-exp applies to the exact rule, not %s",
		    sim->rule->name);
	sim->q0 = qo->q0;
	if (qo->have_angle0)
		sim->q0 = about(qo->have_axis0 ? qo->axis0 : z, qo->angle0);
	sim->goal = qo->goal;
	if (qo->have_target_angle)
		sim->goal = about(qo->have_target_axis ? qo->target_axis : z,
		    qo->target_angle);
	memcpy(sim->w0, qo->w0, sizeof(sim->w0));
	sim->params = rs->sim.params;
	sim->params.fast_exp = qo->fast_exp;
	sim->long_way = qo->long_way;
	sim->dt = rs->sim.dt;
	sim->frames = rs->sim.frames;
	sim->duration = rs->sim.duration;
	sim->schedule = rs->sim.schedule;
	if (!spring_rot_closed_form(sim) && !rs->force &&
	    frames_estimate(rs) > (double)QUAT_MAX_RK4_FRAMES)
		return usage_error("--model quat: %.3g frames of an RK4 reference "
		    "(192 steps a frame), more than %ld (--force to run it "
		    "anyway)", frames_estimate(rs), QUAT_MAX_RK4_FRAMES);
	return EXIT_OK;
}

static const char quat_head[] = "t,qw,qx,qy,qz,wx,wy,wz,qw_ref,qx_ref,qy_ref,"
    "qz_ref,wx_ref,wy_ref,wz_ref,angle,angle_ref,angle_err,ref_err";

/* Write one rotation row (spring_rot_row_fn). */
static int
quat_row(void *ctx, const spring_rot_row *r, double dt)
{
	struct sink *k = ctx;
	double v[20] = { r->t, r->q.w, r->q.x, r->q.y, r->q.z, r->w[0],
	    r->w[1], r->w[2], r->q_ref.w, r->q_ref.x, r->q_ref.y, r->q_ref.z,
	    r->w_ref[0], r->w_ref[1], r->w_ref[2], r->angle, r->angle_ref,
	    r->angle_err, r->ref_err, dt };

	int i;

	for (i = 0; i < 20; i++)
		v[i] += 0.0;	/* -0 (a conjugate's zero) reads as 0 */
	write_numbers_row(k, v, k->dt_column ? 20 : 19);
	return k->out.failed ? EXIT_IO : 0;
}

/* quat's --metrics columns, in the row's order (--columns names them). */
static const char *const quat_cols[] = {
	"model", "integrator", "dt", "frames", "omega", "zeta", "angle0",
	"reference", "max_angle_err", "rms_angle_err", "final_angle_err",
	"max_w_err", "rms_w_err", "final_w_err", "overshoot", "settle_time",
	"max_norm_err", "ref_err", "diverged", NULL
};
#define QUAT_NCOLS ((int)(sizeof(quat_cols) / sizeof(quat_cols[0])) - 1)
_Static_assert(QUAT_NCOLS <= COLUMNS_MAX, "columns_parse's seen[]");

/* The columns a row prints: all, or those --columns names, in order. */
struct quat_select {
	int n;
	unsigned char idx[QUAT_NCOLS];
};

/* quat's column name's index, or -1 (columns_parse's find). */
static int
quat_col_find(const char *name)
{
	int j;

	for (j = 0; j < QUAT_NCOLS; j++)
		if (strcmp(quat_cols[j], name) == 0)
			return j;
	return -1;
}

/* The --metrics header: the columns sel chooses. */
static void
quat_metrics_header(struct sink *k, const struct quat_select *sel)
{
	int i;

	for (i = 0; i < sel->n; i++) {
		if (i > 0)
			put_text(k, ",");
		put_text(k, quat_cols[sel->idx[i]]);
	}
	put_text(k, "\n");
}

/* The --metrics row: every cell formatted, those sel chooses written. */
static void
quat_metrics(struct sink *k, const spring_rot_sim *sim,
    const spring_rot_metrics *m, const struct quat_select *sel)
{
	char cell[QUAT_NCOLS][NUMFMT_MAX + 1];
	size_t len[QUAT_NCOLS];
	double v[QUAT_NCOLS] = { 0, 0, sim->dt, (double)(sim->frames > 0 &&
	    sim->schedule == NULL ? sim->frames : m->rows - 1),
	    sim->params.omega, sim->params.zeta, m->angle0, 0,
	    m->max_angle_err, m->rms_angle_err, m->final_angle_err,
	    m->max_w_err, m->rms_w_err, m->final_w_err, m->overshoot,
	    m->settle_time, m->max_norm_err, m->ref_err, m->diverged };
	const char *text[QUAT_NCOLS] = { "quat", sim->rule->name };
	int i, j;

	text[7] = m->closed_form ? "closed-form" : "rk4/64";
	for (j = 0; j < QUAT_NCOLS; j++)
		if (text[j] != NULL)
			len[j] = (size_t)snprintf(cell[j], sizeof(cell[j]), "%s",
			    text[j]);
		else if (j == 3 || j == QUAT_NCOLS - 1)	/* frames, diverged */
			len[j] = (size_t)numfmt_integer(cell[j],
			    (long long)v[j]);
		else
			len[j] = (size_t)put_number(k, cell[j], v[j]);
	for (i = 0; i < sel->n; i++) {
		if (i > 0)
			out_write(&k->out, ",", 1);
		j = sel->idx[i];
		out_write(&k->out, cell[j], len[j]);
	}
	out_write(&k->out, "\n", 1);
}

/* `springsim --model quat`. */
int
cmd_quat(int argc, char **argv)
{
	struct quat_opts qo;
	struct run_setup *rs;
	struct sink *k;
	spring_rot_sim sim;
	spring_rot_metrics m;
	struct quat_select sel;
	int rc;

	memset(&qo, 0, sizeof(qo));
	memset(&sim, 0, sizeof(sim));
	for (sel.n = 0; sel.n < QUAT_NCOLS; sel.n++)
		sel.idx[sel.n] = (unsigned char)sel.n;
	qo.q0.w = 1.0;
	qo.goal.w = qo.goal.z = sqrt(0.5);	/* 90 degrees about z */
	if (run_alloc(&rs, &k) != 0)
		return EXIT_IO;
	/* --columns read here, against quat's columns, not run's */
	if ((rc = run_parse_rows(rs, &quat_options, &qo, argc, argv)) !=
	    EXIT_OK)
		goto done;
	if (rs->columns != NULL && !rs->metrics) {
		rc = usage_error("--columns goes with --metrics");
		goto done;
	}
	if (rs->columns != NULL && columns_parse(rs->columns, quat_col_find,
	    "--model quat", sel.idx, &sel.n, NULL, NULL) != 0) {
		rc = EXIT_USAGE;
		goto done;
	}
	rs->columns = NULL;
	if ((rc = run_setup_resolve(rs)) != EXIT_OK)
		goto done;
	if ((rc = quat_check(rs, &qo, &sim)) != EXIT_OK)
		goto done;
	k->precision = (int)rs->precision;
	k->dt_column = rs->sim.schedule != NULL;
	if (out_open(&k->out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	if (rs->header && rs->metrics)
		quat_metrics_header(k, &sel);
	else if (rs->header) {
		put_text(k, quat_head);
		put_text(k, k->dt_column ? ",dt\n" : "\n");
	}
	rc = spring_rot_simulate(&sim, rs->metrics ? NULL : quat_row, k, &m);
	if (m.diverged)
		warn_msg("warning: diverged at frame %ld: stopped, %ld rows "
		    "kept", m.diverged_frame, m.rows);
	if (rs->metrics && rc == 0)
		quat_metrics(k, &sim, &m, &sel);
	rc = out_finish(&k->out, rc != 0);
done:
	run_setup_free(rs);
	free(rs);
	free(k);
	return rc;
}

/* --- vector ---------------------------------------------------------- */

#define VEC_MAX 3

/* The four lists, in the order of vec_rows' state flags. */
static const char *const vec_flags[4] = {
	"--x0", "--v0", "--target", "--target-vel"
};

/* What vector's own flags say: each list as typed, parsed at the end. */
struct vec_opts {
	const char *model;	/* --model vector, which run routed on */
	long dim;
	int have_dim;
	const char *arg[4];
	double val[4][VEC_MAX];
};

#define VFIELD(T, f) FIELD_OF(struct vec_opts, T, f)

/*
 * vector's flags and --help, a row each; run's are added.  The state
 * flags take a value per component, each list checked at the end.
 */
static const struct flag_row vec_rows[] = {
	/* run routed on it: vector */
	{ .flag = "--model", .kind = FK_NAME,
	  .at = VFIELD(const char *, model) },
	{ .help =
"usage: springsim --model vector [--dim 2|3] [--x0 LIST] [--v0 LIST]\n"
"                 [--target LIST] [--target-vel LIST] [run options]\n"
"\n"
"A spring in 2 or 3 dimensions: each component an independent damped\n"
"spring, run exactly as `springsim run` runs it with that component's\n"
"x0, v0, target and target velocity (same rule, parameters, frames,\n"
"substeps and signal, the signal riding on each component's base line),\n"
"so component k's numbers are that run's digit for digit.  Prints t, then\n"
"per component x0..,v0..,target0..,x0_ref..,v0_ref..,err_x0..,err_v0..\n"
"(x1, x2 ... likewise; the column names count components, not the flags);\n"
"a last column dt when the frame time varies.  If a component diverges,\n"
"the rows stop where it did.\n"
"\n" },
	{ .flag = "--dim", .kind = FK_COUNT, .min = 2, .max = VEC_MAX,
	  .at = VFIELD(long, dim), .have = VFIELD(int, have_dim), .help =
"  --dim N             2 or 3 (default: the length of the lists given,\n"
"                      else 3)\n" },
	{ .flag = "--x0", .kind = FK_NAME,
	  .at = VFIELD(const char *, arg[0]), .help =
"  --x0 LIST           initial position, one number a component\n"
"                      (default 0 each), e.g. --x0 0,1,0\n" },
	{ .flag = "--v0", .kind = FK_NAME,
	  .at = VFIELD(const char *, arg[1]), .help =
"  --v0 LIST           initial velocity (default 0 each)\n" },
	{ .flag = "--target", .kind = FK_NAME,
	  .at = VFIELD(const char *, arg[2]), .help =
"  --target LIST       target position (default 1 each)\n" },
	{ .flag = "--target-vel", .kind = FK_NAME,
	  .at = VFIELD(const char *, arg[3]), .help =
"  --target-vel LIST   target velocity (default 0 each)\n"
"  Every list given has exactly --dim numbers.  --model is the damped\n"
"  spring with --integrator (default semi-implicit); no --target-file.\n"
"\n"
"--metrics: one row per component, `springsim run --metrics`'s columns\n"
"(or those --columns names) after a first column, component (0, 1, 2).\n" },
	OPT_ROWS_HELP_VERSION,
	{ .help =
"\n"
"and run's flags (--integrator, the spring's parameters, --dt, --substep,\n"
"--target-signal, --metrics, -o ...): springsim help run.\n"
"\n"
EXIT_STATUS_TEXT },
	{ .flag = NULL }
};

/* See optparse.h. */
const struct opt_command vector_options = { .name = "vector",
    .rows = vec_rows };

/* The dimension and every list, each of exactly dim numbers. */
static int
vec_check(const struct run_setup *rs, struct vec_opts *vo)
{
	char want[64];
	int i, j, n;

	if (rs->target_file != NULL)
		return usage_error("--target-file does not go with --model "
		    "vector: one file is one target");
	for (i = 0; i < 4 && !vo->have_dim; i++)
		if (vo->arg[i] != NULL) {
			n = count_fields(vo->arg[i]);
			if (n < 2 || n > VEC_MAX)
				return usage_error("%s: '%s' has %d "
				    "component%s; --model vector is 2 or 3 "
				    "(--dim)", vec_flags[i], vo->arg[i], n,
				    n == 1 ? "" : "s");
			vo->dim = n;
			vo->have_dim = 1;
		}
	if (!vo->have_dim)
		vo->dim = VEC_MAX;
	snprintf(want, sizeof(want), "%ld numbers (--dim %ld)", vo->dim,
	    vo->dim);
	for (i = 0; i < 4; i++) {
		for (j = 0; j < VEC_MAX; j++)
			vo->val[i][j] = i == 2 ? 1.0 : 0.0;
		if (vo->arg[i] != NULL && parse_number_list(vec_flags[i],
		    vo->arg[i], vo->dim, vo->val[i], want) != 0)
			return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* One component's row, as run's spring_row gives it. */
struct vec_cell {
	double x, v, g, x_ref, v_ref;
};

/* A component's rows, kept (spring_row_fn); t and dt from the first. */
struct vec_keep {
	struct vec_cell *cell;
	double *t, *dt;
	long n, cap;
	int times;			/* keep t and dt too */
};

static int
vec_keep_row(void *ctx, const spring_row *r, double dt)
{
	struct vec_keep *kp = ctx;

	if (kp->n == kp->cap) {
		kp->cap = kp->cap ? 2 * kp->cap : 4096;
		struct vec_cell *c = realloc(kp->cell, (size_t)kp->cap *
		    sizeof(*c));
		double *t = NULL, *d = NULL;

		if (c != NULL)
			kp->cell = c;
		if (kp->times && (t = realloc(kp->t, (size_t)kp->cap *
		    sizeof(*t))) != NULL)
			kp->t = t;
		if (kp->times && (d = realloc(kp->dt, (size_t)kp->cap *
		    sizeof(*d))) != NULL)
			kp->dt = d;
		if (c == NULL || (kp->times && (t == NULL || d == NULL))) {
			warn_msg("out of memory");
			return EXIT_IO;
		}
	}
	kp->cell[kp->n].x = r->x;
	kp->cell[kp->n].v = r->v;
	kp->cell[kp->n].g = r->g;
	kp->cell[kp->n].x_ref = r->x_ref;
	kp->cell[kp->n].v_ref = r->v_ref;
	if (kp->times) {
		kp->t[kp->n] = r->t;
		kp->dt[kp->n] = dt;
	}
	kp->n++;
	return 0;
}

/* Point rs->sim at component i of the lists (and its signal at sig). */
static void
vec_component(struct run_setup *rs, const struct vec_opts *vo, int i,
    const spring_signal *base, spring_signal *sig)
{
	rs->sim.x0 = vo->val[0][i];
	rs->sim.v0 = vo->val[1][i];
	rs->sim.target = vo->val[2][i];
	rs->sim.target_vel = vo->val[3][i];
	if (base != NULL) {
		*sig = *base;
		sig->g0 = rs->sim.target;
		sig->q0 = rs->sim.target_vel;
		rs->sim.signal = sig;
	}
}

/* The header: t, then each quantity for every component. */
static void
vec_header(struct sink *k, int dim)
{
	static const char *const name[7] = {
		"x%d", "v%d", "target%d", "x%d_ref", "v%d_ref", "err_x%d",
		"err_v%d"
	};
	char buf[32];
	int q, i;

	put_text(k, "t");
	for (q = 0; q < 7; q++)
		for (i = 0; i < dim; i++) {
			buf[0] = ',';
			snprintf(buf + 1, sizeof(buf) - 1, name[q], i);
			put_text(k, buf);
		}
	put_text(k, k->dt_column ? ",dt\n" : "\n");
}

/* Run every component and write the rows side by side. */
static int
vec_trajectory(struct run_setup *rs, const struct vec_opts *vo,
    struct sink *k)
{
	struct vec_keep kp[VEC_MAX];
	const spring_signal *base = rs->sim.signal;
	spring_signal sig;
	spring_metrics m;
	spring_frame_stats fs;
	double row[1 + 7 * VEC_MAX + 1];
	char ctx[32];
	long r, n = -1;
	int i, dim = (int)vo->dim, rc = 0, c;

	memset(kp, 0, sizeof(kp));
	kp[0].times = 1;
	for (i = 0; i < dim && rc == 0; i++) {
		vec_component(rs, vo, i, base, &sig);
		rc = spring_simulate(&rs->sim, vec_keep_row, &kp[i], &m, &fs);
		snprintf(ctx, sizeof(ctx), "component %d: ", i);
		message_context = ctx;
		run_warnings(rs, &m, &fs);
		message_context = NULL;
		if (n < 0 || kp[i].n < n)
			n = kp[i].n;
	}
	if (rc == 0 && rs->header)
		vec_header(k, dim);
	for (r = 0; rc == 0 && r < n; r++) {
		row[0] = kp[0].t[r];
		for (i = 0; i < dim; i++) {
			const struct vec_cell *e = &kp[i].cell[r];

			row[1 + i] = e->x;
			row[1 + dim + i] = e->v;
			row[1 + 2 * dim + i] = e->g;
			row[1 + 3 * dim + i] = e->x_ref;
			row[1 + 4 * dim + i] = e->v_ref;
			row[1 + 5 * dim + i] = e->x - e->x_ref;
			row[1 + 6 * dim + i] = e->v - e->v_ref;
		}
		c = 1 + 7 * dim;
		if (k->dt_column)
			row[c++] = kp[0].dt[r];
		write_numbers_row(k, row, c);
	}
	for (i = 0; i < VEC_MAX; i++) {
		free(kp[i].cell);
		free(kp[i].t);
		free(kp[i].dt);
	}
	return rc;
}

/*
 * One run --metrics row per component, component first (then the columns
 * --columns names, k->cols).
 */
static int
vec_metrics(struct run_setup *rs, const struct vec_opts *vo, struct sink *k)
{
	const spring_signal *base = rs->sim.signal;
	spring_signal sig;
	spring_metrics m;
	spring_frame_stats fs;
	double lag, attenuation;
	char ctx[32], buf[24];
	int i, rc = 0;

	if (rs->header) {
		put_text(k, "component,");
		write_metrics_header(k, 1);
	}
	for (i = 0; i < (int)vo->dim && rc == 0; i++) {
		vec_component(rs, vo, i, base, &sig);
		if ((rc = run_metrics(rs, &m, &fs, &lag, &attenuation)) != 0)
			break;
		snprintf(ctx, sizeof(ctx), "component %d: ", i);
		message_context = ctx;
		run_warnings(rs, &m, &fs);
		message_context = NULL;
		snprintf(buf, sizeof(buf), "%d,", i);
		put_text(k, buf);
		write_metrics(k, rs, &m, &fs, lag, attenuation, 1);
	}
	return rc;
}

/* `springsim --model vector`. */
int
cmd_vector(int argc, char **argv)
{
	struct vec_opts vo;
	struct run_setup *rs;
	struct sink *k;
	double kept = 0.0, frames;
	int rc, tracking;

	memset(&vo, 0, sizeof(vo));
	if (run_alloc(&rs, &k) != 0)
		return EXIT_IO;
	if ((rc = run_parse_rows(rs, &vector_options, &vo, argc, argv)) !=
	    EXIT_OK || (rc = run_setup_resolve(rs)) != EXIT_OK)
		goto done;
	if ((rc = vec_check(rs, &vo)) != EXIT_OK)
		goto done;
	/* the trajectory keeps every component's rows: 6 + 40 dim bytes a
	 * frame, counted in run's 16-byte frames */
	frames = frames_estimate(rs);
	kept = rs->metrics ? 0.0 : frames * (2.5 * (double)vo.dim);
	tracking = rs->metrics && rs->sim.signal != NULL;
	if ((rc = run_check_cost(rs, rs->dt, &kept, tracking, rs->metrics ?
	    "--metrics" : "--model vector")) != EXIT_OK)
		goto done;
	k->precision = (int)rs->precision;
	k->dt_column = rs->sim.schedule != NULL;
	/* --columns: run's, after the component */
	k->cols = rs->columns != NULL ? &rs->cols : NULL;
	if (out_open(&k->out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	rc = rs->metrics ? vec_metrics(rs, &vo, k) : vec_trajectory(rs, &vo, k);
	rc = out_finish(&k->out, rc != 0);
done:
	run_setup_free(rs);
	free(rs);
	free(k);
	return rc;
}
