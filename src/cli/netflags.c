/*
 * netflags.c - the flags of the network models' command (cmd_network.c:
 * --model pair|chain --dim 2|3, --model mesh): its option table, its
 * --help, each flag read and checked, the flags refused with the wrong
 * model, and the per-component lists (--x0 X,Y ...).
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "run.h"
#include "netflags.h"
#include "optparse.h"

/*
 * A number flag within +-MAX_MAGNITUDE; positive 1: > 0, 2: >= 0.  0, or
 * -1 after one line naming the flag and the value.
 */
static int
number_flag(const char *flag, const char *arg, int positive, double *out)
{
	if (parse_bounded(flag, arg, out) != 0)
		return -1;
	if (positive == 1 && !(*out > 0.0)) {
		warn_msg("%s: '%s' must be > 0", flag, arg);
		return -1;
	}
	if (positive == 2 && !(*out >= 0.0)) {
		warn_msg("%s: '%s' must be >= 0", flag, arg);
		return -1;
	}
	return 0;
}

/* --grid RxC: whole numbers >= 1, R C <= MAX_PARTICLES; 0 or -1. */
static int
parse_grid(const char *arg, long *rows, long *cols)
{
	const char *p = arg;
	long v[2] = { 0, 0 };
	int i;

	for (i = 0; i < 2; i++) {
		if (*p < '0' || *p > '9')
			goto bad;
		for (; *p >= '0' && *p <= '9'; p++) {
			v[i] = 10 * v[i] + (*p - '0');
			if (v[i] > MAX_PARTICLES)
				goto bad;
		}
		if (i == 0 && *p++ != 'x')
			goto bad;
	}
	if (*p != '\0' || v[0] < 1 || v[1] < 1 || v[0] * v[1] > MAX_PARTICLES)
		goto bad;
	*rows = v[0];
	*cols = v[1];
	return 0;
bad:
	warn_msg("--grid: '%s' is not RxC with whole numbers R, C >= 1 and "
	    "R C at most %d bodies", arg, MAX_PARTICLES);
	return -1;
}

/* The network rules under --integrator. */
static void
list_net_rules(FILE *fp)
{
	const spring_net_rule *const *r;

	for (r = spring_net_rules; *r != NULL; r++)
		fprintf(fp, "      %-16s %s\n", (*r)->name, (*r)->summary);
}

/* --dim N, 1 to SPRING_NET_MAX_DIM. */
static int
parse_dim(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->dim_arg = arg;
	return parse_long("--dim", arg, 1, SPRING_NET_MAX_DIM, &no->dim);
}

/* --x0 LIST, checked with the others at the end. */
static int
parse_x0(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->start_flag = "x0";
	no->list_arg[L_X0] = arg;
	return 0;
}

/* --v0 LIST, checked with the others at the end. */
static int
parse_v0(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->start_flag = "v0";
	no->list_arg[L_V0] = arg;
	return 0;
}

/* --target LIST, checked with the others at the end. */
static int
parse_target(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->start_flag = "target";
	no->list_arg[L_TARGET] = arg;
	return 0;
}

/* --target-vel LIST, checked with the others at the end. */
static int
parse_target_vel(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->start_flag = "target-vel";
	no->list_arg[L_TARGET_VEL] = arg;
	return 0;
}

/* --x1 LIST, checked with the others at the end. */
static int
parse_x1(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->pair_flag = "x1";
	no->list_arg[L_X1] = arg;
	return 0;
}

/* --x2 LIST, checked with the others at the end. */
static int
parse_x2(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->pair_flag = "x2";
	no->list_arg[L_X2] = arg;
	return 0;
}

/* --v1 LIST, checked with the others at the end. */
static int
parse_v1(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->pair_flag = "v1";
	no->list_arg[L_V1] = arg;
	return 0;
}

/* --v2 LIST, checked with the others at the end. */
static int
parse_v2(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->pair_flag = "v2";
	no->list_arg[L_V2] = arg;
	return 0;
}

/* --m1 M, > 0. */
static int
parse_m1(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->pair_flag = "m1";
	return number_flag("--m1", arg, 1, &no->m[0]);
}

/* --m2 M, > 0. */
static int
parse_m2(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->pair_flag = "m2";
	return number_flag("--m2", arg, 1, &no->m[1]);
}

/* --rest L. */
static int
parse_rest(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->rest_arg = arg;
	return number_flag("--rest", arg, 2, &no->rest);
}

/* --gravity G. */
static int
parse_gravity(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->gravity_arg = arg;
	return number_flag("--gravity", arg, 0, &no->gravity);
}

/* --particles N, 1 to MAX_PARTICLES. */
static int
parse_particles(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->chain_flag = "particles";
	return parse_long("--particles", arg, 1, MAX_PARTICLES,
	    &no->particles);
}

/* --grid RxC. */
static int
parse_grid_flag(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->grid_arg = arg;
	return parse_grid(arg, &no->rows, &no->cols);
}

/* --pluck N, 1 to MAX_PARTICLES. */
static int
parse_pluck(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->pluck_arg = arg;
	return parse_long("--pluck", arg, 1, MAX_PARTICLES, &no->pluck);
}

/* --damper relative|axial. */
static int
parse_damper(void *own, const char *arg)
{
	struct net_opts *no = own;

	no->damper_arg = arg;
	if (strcmp(arg, "relative") == 0 || strcmp(arg, "axial") == 0) {
		no->axial = arg[0] == 'a';
		return 0;
	}
	warn_msg("--damper: '%s' is not relative or axial", arg);
	return -1;
}

#define NFIELD(T, f) FIELD_OF(struct net_opts, T, f)

/*
 * The networks' flags and --help (the models' flags told in their
 * paragraphs), a row each; run's are added, these before them: the
 * state flags take a value per component.
 */
static const struct flag_row net_rows[] = {
	{ .help =
"usage: springsim --model pair --dim 2|3 [--m1 M] [--m2 M] [--rest L]\n"
"                 [--x1 LIST] [--x2 LIST] [--v1 LIST] [--v2 LIST]\n"
"                 [--gravity G] [--damper relative|axial] [options]\n"
"       springsim --model chain --dim 2|3 [--particles N] [--mass M]\n"
"                 [--rest L] [--x0 LIST] [--v0 LIST] [--pluck N]\n"
"                 [--target LIST] [--target-vel LIST] [--gravity G]\n"
"                 [--summary] [--damper relative|axial] [options]\n"
"       springsim --model mesh [--grid RxC] [--dim 1|2|3] [--mass M]\n"
"                 [--rest L] [--x0 LIST] [--v0 LIST] [--pluck N]\n"
"                 [--target LIST] [--target-vel LIST] [--gravity G]\n"
"                 [--summary] [--damper relative|axial] [options]\n"
"\n"
"Nissen's systems of springs in the plane and in space: every spring is\n"
"Fiedler's rest-length spring, on body a from body b (or an anchor),\n"
"d = x_a - x_b:  F = k (L - |d|) d / |d| - c (v_a - v_b), the damping on\n"
"the whole relative velocity as Fiedler writes it (it also damps a pair's\n"
"spin: its angular momentum about the centre of mass decays at the rate\n"
"c / m_red); |d| = 0 gives no elastic force.  LIST is dim comma-separated\n"
"numbers, e.g. --x0 0.5,0 (exactly --dim of them).  --gravity G pulls every\n"
"body toward negative y (default 0; dim 2 and 3; its m g y counts in the\n"
"energy).\n"
"\n" },
	{ .flag = "--damper", .kind = FK_HOOK, .parse = parse_damper,
	  .help =
"  --damper relative|axial (dim 2 and 3; default relative, the above).\n"
"            axial damps along the spring only, u = d / |d|:\n"
"            F = k (L - |d|) u - c ((v_a - v_b) . u) u, central as the\n"
"            elastic force is: no torque, so a spinning pair keeps its\n"
"            angular momentum (semi-implicit, impulse, implicit and verlet\n"
"            exactly; explicit, backward-euler and rk4 drift by their own\n"
"            error, damped or not) and, as Nissen says, may rotate around\n"
"            each other.  |d| = 0 has no u: no damping force.  The\n"
"            implicit rules' damping matrix is c u u^T a spring.  Along the\n"
"            spring the two are the same, bit for bit (and in 1-D, where\n"
"            --damper does not apply).\n" },
	{ .help =
"\n"
"  pair      two bodies of mass --m1, --m2 (default 1, 1), rest length\n"
"            --rest (default 1), at --x1 (default the origin) and --x2\n"
"            (default L + 1 along x), velocities --v1, --v2 (default 0).\n"
"            The parameters describe the relative motion, a spring on the\n"
"            reduced mass m1 m2 / (m1 + m2), as the 1-D pair's (Nissen's\n"
"            Ck, Cd: k = Ck m_red / dt^2; --stiffness K is the spring's K).\n"
"            CSV: t,x1,y1[,z1],vx1,vy1[,vz1],x2,..,vz2,length, the same\n"
"            with _ref, err_length, ref_err (the largest of the two bodies)\n"
"  chain     Nissen's rope: --particles N (default 10) bodies of --mass M\n"
"            (default 1), body 1 joined to the anchor g(t) = --target +\n"
"            --target-vel t (default the origin, at rest), body i to i + 1,\n"
"            by springs of rest length L; the bodies start at rest spacing\n"
"            along +x from the anchor, g(0) + i L, all moved by --x0 and\n"
"            given --v0 (default 0).  Parameters as the 1-D chain's: each\n"
"            spring k = M omega^2; with Nissen's Ck, Cd each spring's own\n"
"            reduced mass, M / 2 between bodies and M to the anchor (which\n"
"            is infinitely heavy: that spring is twice as stiff).\n"
"  mesh      --grid RxC bodies (default 10x10; R, C positive whole numbers,\n"
"            at most 2000 bodies in all) of --mass M, 4-neighbour springs,\n"
"            each body of the top row hung from its own anchor point, g(t) +\n"
"            (c L, 0); at rest body (r, c), counted from 0, sits at g(0) +\n"
"            (c L, -(r + 1) L), moved by --x0, given --v0; numbered\n"
"            row-major from 1.  The anchor springs weigh as the chain's.\n"
"            --dim 1 (the default) is Nissen's linear mesh, the one\n"
"            `springsim analyze --model mesh` analyses: x a scalar\n"
"            displacement per body, springs on differences, no rest length\n"
"            (--rest and --gravity do not apply), --target default 1 as the\n"
"            1-D chain's, and --x0 is each body's displacement (the rest\n"
"            state is x = target), so --grid Rx1 is that chain exactly.\n" },
	{ .flag = "--pluck", .kind = FK_HOOK, .parse = parse_pluck,
	  .help =
"  --pluck N (chain, mesh): only body N starts moved by --x0 and moving\n"
"            at --v0, every other at rest (dim 1: at x = target).  Without\n"
"            it a dim-1 mesh starts the same in every column and stays so:\n"
"            it is then C copies of the chain, its other modes never\n"
"            excited.\n" },
	{ .help =
"\n"
"  CSV of chain and mesh, one row per body and frame: t,particle,x,y[,z],\n"
"  vx,vy[,vz], the same with _ref, err_x,err_v (Euclidean norms of the\n"
"  differences), ref_err; dim 1: t,particle,x,v,x_ref,v_ref,err_x,err_v\n"
"  (signed differences).  --summary: one row per frame, t,max_stretch,\n"
"  energy,energy_ref,max_err_x,max_err_v[,ref_err]: max_stretch the largest\n"
"  | |x_i - x_j| - L | of a spring (anchor springs included); energy kinetic\n"
"  in the anchor's frame, the springs' k ext^2 / 2 and m g y (heights from\n"
"  the anchor).\n"
"\n"
"  The reference.  dim 1 (the mesh): exact.  The stiffness is a Kronecker\n"
"  sum, the rows' chain plus a free path across each row, so the modes are\n"
"  products of two tridiagonal eigenvectors, each a damped spring solved in\n"
"  closed form; O(n (R + C)) a frame.  dim 2 and 3: rk4 at dt/64; ref_err\n"
"  estimates its position error by step halving, a second rk4 at dt/32:\n"
"  ref_err = |x_dt/64 - x_dt/32| / 15 (Richardson, order 4), per body (the\n"
"  largest in the pair's and --summary's rows).  The unit tests check it\n"
"  against rk4 at dt/1024.\n"
"\n" },
	{ .flag = "--dim", .kind = FK_HOOK, .parse = parse_dim,
	  .help =
"  --dim N             1, 2 or 3 (pair and chain: 2 or 3; without --dim,\n"
"                      or --dim 1, they are the 1-D models of\n"
"                      `springsim --model chain --help`)\n" },
	{ .flag = "--no-reference", .kind = FK_ON,
	  .at = NFIELD(int, no_ref), .help =
"  --no-reference      the rule alone: no reference (rk4's 96 steps a\n"
"                      frame, or the dim-1 closed form), none of its\n"
"                      columns: t,particle,x,y[,z],vx,vy[,vz], dim 1\n"
"                      t,particle,x,v; the pair t, each body's columns,\n"
"                      length; --summary t,max_stretch,energy.  The columns\n"
"                      kept are the same, byte for byte; no --force (the\n"
"                      cost is the rule's)\n" },
	{ .help =
"  --integrator NAME   the rule (default semi-implicit):\n",
	  .list = list_net_rules, .tail =
"      impulse visits the anchor springs first (the top row's by column),\n"
"      then for each body in row-major order its spring to the right, then\n"
"      the one below (the chain: i to i + 1 in order); gravity comes after\n"
"      the springs.  verlet: velocity Verlet (Swope et al. 1982), x' = x +\n"
"      h v + h^2 a / 2, v' = v + h (a + a') / 2 with the damping in a' at v'\n"
"      solved exactly, as the spring's own verlet; order 2.  verlet,\n"
"      implicit and backward-euler solve by Jacobi-preconditioned conjugate\n"
"      gradients (CG) to a relative residual of 1e-14.  backward-euler is\n"
"      one linearised Newton step (Baraff and Witkin 1998) whose spring\n"
"      Jacobian drops the negative transverse stiffness of a compressed\n"
"      spring (clamped to stay positive definite): exact backward Euler for\n"
"      the linear mesh.  exact: the dim-1 mesh only.\n"
"\n"
"Also: the parameter flags of run (any one convention), --dt, --duration or\n"
"--frames, -o FILE, --precision N, --no-header, --force (more than 1e9 rows\n"
"or 1e11 steps: every body and spring a frame, 385 times that with the rk4\n"
"reference).  Not: --substep, signals, --frames-from,\n"
"--dt-jitter, --hitch, --metrics, --fast-exp.  A run that diverges (a value\n"
"not finite, or a spring 1e6 times its start) stops there with a warning;\n"
"rows so far are kept.\n"
"\n"
EXIT_STATUS_TEXT },
	{ .flag = "--x0", .kind = FK_HOOK, .parse = parse_x0 },
	{ .flag = "--v0", .kind = FK_HOOK, .parse = parse_v0 },
	{ .flag = "--target", .kind = FK_HOOK, .parse = parse_target },
	{ .flag = "--target-vel", .kind = FK_HOOK, .parse = parse_target_vel },
	{ .flag = "--x1", .kind = FK_HOOK, .parse = parse_x1 },
	{ .flag = "--x2", .kind = FK_HOOK, .parse = parse_x2 },
	{ .flag = "--v1", .kind = FK_HOOK, .parse = parse_v1 },
	{ .flag = "--v2", .kind = FK_HOOK, .parse = parse_v2 },
	{ .flag = "--m1", .kind = FK_HOOK, .parse = parse_m1 },
	{ .flag = "--m2", .kind = FK_HOOK, .parse = parse_m2 },
	{ .flag = "--rest", .kind = FK_HOOK, .parse = parse_rest },
	{ .flag = "--gravity", .kind = FK_HOOK, .parse = parse_gravity },
	{ .flag = "--particles", .kind = FK_HOOK, .parse = parse_particles },
	{ .flag = "--grid", .kind = FK_HOOK, .parse = parse_grid_flag },
	{ .flag = "--summary", .kind = FK_ON, .at = NFIELD(int, summary) },
	{ .flag = NULL }
};

/* See optparse.h: pair and chain with --dim 2|3, and mesh. */
const struct opt_command network_options = { .name = "mesh",
    .rows = net_rows };

/* Whether a flag went to the wrong model, or one that never applies. */
int
net_check_flags(const struct net_opts *no, const char *model,
    const struct run_setup *rs)
{
	if (no->kind != NET_MESH && no->dim < 2)
		return usage_error("--dim: '%s' is not 2 or 3: --model %s in 1-D "
		    "is `springsim --model %s` without --dim", no->dim_arg,
		    model, model);
	if (no->kind != NET_PAIR && no->pair_flag != NULL)
		return usage_error("--%s goes with --model pair, not --model %s",
		    no->pair_flag, model);
	if (no->kind == NET_PAIR && no->start_flag != NULL)
		return usage_error("--%s does not go with --model pair: --x1, "
		    "--x2, --v1, --v2 give the bodies' start", no->start_flag);
	if (no->kind != NET_CHAIN && no->chain_flag != NULL)
		return usage_error("--%s goes with --model chain, not --model %s"
		    "%s", no->chain_flag, model, no->kind == NET_MESH ?
		    " (--grid RxC)" : "");
	if (no->kind != NET_MESH && no->grid_arg != NULL)
		return usage_error("--grid goes with --model mesh, not --model %s",
		    model);
	if (no->kind == NET_PAIR && no->summary)
		return usage_error("--summary goes with --model chain or mesh, not "
		    "--model pair");
	if (no->kind == NET_PAIR && no->pluck_arg != NULL)
		return usage_error("--pluck goes with --model chain or mesh, not "
		    "--model pair (--x1, --x2 place each body)");
	if (no->pluck > (no->kind == NET_CHAIN ? no->particles : no->rows *
	    no->cols))
		return usage_error("--pluck: '%s' is beyond the %ld bodies",
		    no->pluck_arg, no->kind == NET_CHAIN ? no->particles :
		    no->rows * no->cols);
	if (no->kind == NET_PAIR && rs->ps.mass_arg != NULL)
		return usage_error("--mass does not go with --model pair: --m1 "
		    "and --m2 give the bodies'");
	if (no->dim == 1 && no->rest_arg != NULL)
		return usage_error("--rest: '%s' does not go with --model mesh "
		    "--dim 1 (Nissen's linear springs have no rest length)",
		    no->rest_arg);
	if (no->dim == 1 && no->gravity_arg != NULL)
		return usage_error("--gravity: '%s' does not go with --model mesh "
		    "--dim 1 (no y axis)", no->gravity_arg);
	if (no->dim == 1 && no->damper_arg != NULL)
		return usage_error("--damper: '%s' does not go with --model mesh "
		    "--dim 1 (on one axis the two dampers are the same)",
		    no->damper_arg);
	if (rs->sim.signal != NULL)
		return usage_error("--model %s follows a target moving "
		    "linearly: no --target-signal, --target-file or "
		    "--target-vel-source", model);
	return system_run_flags(rs, model, no->kind != NET_PAIR);
}

/* Every list, each of exactly dim numbers, and the defaults. */
int
net_parse_lists(struct net_opts *no)
{
	static const char *const flag[L_COUNT] = {
		"--x0", "--v0", "--target", "--target-vel", "--x1", "--x2",
		"--v1", "--v2"
	};
	char want[64];
	int i;

	snprintf(want, sizeof(want), "%ld comma-separated number%s (--dim %ld)",
	    no->dim, no->dim == 1 ? "" : "s", no->dim);
	memset(no->list, 0, sizeof(no->list));
	/* dim 1 is the 1-D chain's line: its target 1 */
	if (no->dim == 1)
		no->list[L_TARGET][0] = 1.0;
	no->list[L_X2][0] = no->rest + 1.0;
	for (i = 0; i < L_COUNT; i++)
		if (no->list_arg[i] != NULL && parse_number_list(flag[i],
		    no->list_arg[i], no->dim, no->list[i], want) != 0)
			return EXIT_USAGE;
	return EXIT_OK;
}
