/*
 * cmd_network.c - `springsim --model pair|chain --dim 2|3` and `springsim
 * --model mesh [--dim 1|2|3]`: Nissen's systems of springs ("Towards a
 * Simpler, Stiffer, and more Stable Spring") in the plane and in space
 * with Fiedler's rest-length springs ("Spring Physics"),
 * and Nissen's linear mesh, stepped by the network rules (src/systems/network.c)
 * beside a reference.  run hands the whole command line here
 * (run_models[] in runmodels.c); the command's flags are netflags.c's.
 *
 * The reference: the dim-1 mesh is linear and separable, so its closed
 * form is exact (spring_net_exact).  Every rest-length system is
 * nonlinear: its reference is rk4 at 64 steps a frame, and a second rk4
 * at 32 steps a frame estimates its error by step halving (Richardson,
 * order 4: the error of the 64 is |x_64 - x_32| / 15), ref_err.
 * --no-reference skips it: the rule alone, the state's columns.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "run.h"
#include "netflags.h"
#include "optparse.h"

/* The rk4 reference's steps a frame, and its step-halving partner's. */
#define REF_STEPS 64
#define REF_HALF 32

/*
 * What a run needs: the net, the state, the reference, the scratch.
 * Without the reference (--no-reference) xr, vr, xh, vh and rwork are
 * NULL.
 */
struct net_run {
	spring_net net;
	const spring_net_rule *rule;
	long *ends;
	double *mass, *anchor, *x, *v, *x0, *v0, *xr, *vr, *xh, *vh;
	double *work, *rwork, *modes, *tmp;
	int exact_ref;			/* the dim-1 mesh: closed form */
	double stretch;			/* the state's max stretch, this frame */
};

/*
 * The springs' constants, mirroring the 1-D systems (make_line in
 * cli/cmd_system.c): the parameter group is converted with the reference
 * mass, the reduced mass for the pair; for the chain and mesh the body's
 * mass, or with Nissen's Ck/Cd the reduced mass m / 2 of two bodies (the
 * anchor spring, m_red = m, then weighs 2).
 */
static int
make_springs(struct run_setup *rs, const struct net_opts *no, double *body,
    spring_net *net)
{
	struct param_set ps = rs->ps;
	spring_params p;
	double ref;

	net->w0 = 0.0;
	if (no->kind == NET_PAIR) {
		ref = no->m[0] * no->m[1] / (no->m[0] + no->m[1]);
		ps.mass = ref;
		if (param_resolve_again(&ps, rs->dt, &p) != 0)
			return EXIT_USAGE;
		if (p.mass != ref)
			return usage_error("a mass flag does not go with --model "
			    "pair: --m1 and --m2 give the masses");
		*body = NAN;
	} else {
		if (param_resolve_again(&ps, rs->dt, &p) != 0)
			return EXIT_USAGE;
		*body = p.mass;
		net->w0 = 1.0;
		if (param_uses_step(&rs->ps)) {
			ps.mass = 0.5 * p.mass;
			if (param_resolve_again(&ps, rs->dt, &p) != 0)
				return EXIT_USAGE;
			net->w0 = 2.0;
		}
	}
	net->k = p.mass * p.omega * p.omega;
	net->d = 2.0 * p.mass * p.zeta * p.omega;
	return EXIT_OK;
}

/*
 * Allocate the run's arrays (one block each): the state, the rule's work,
 * with modes the modes (rows^2 + cols^2) and their scratch, and with ref
 * the reference's states (rk4's at dt/64 and dt/32) and its work.  0 or
 * -1.
 */
static int
net_alloc(struct net_run *s, long n, long ns, long dim, long rows,
    long cols, int modes, int ref)
{
	size_t nn = (size_t)(n * dim), wk = SPRING_NET_WORK((size_t)n,
	    (size_t)ns, (size_t)dim);
	size_t ntmp = 4 * (size_t)n + 2 * (size_t)(rows + cols);
	size_t total = (size_t)n + (size_t)(cols * dim) + 4 * nn + wk +
	    (modes ? SPRING_NET_MODES((size_t)rows, (size_t)cols) : 0) + ntmp +
	    (ref ? 4 * nn + wk : 0);
	double *p = calloc(total, sizeof(double));

	s->ends = calloc((size_t)(2 * ns), sizeof(long));
	if (p == NULL || s->ends == NULL) {
		free(p);
		return -1;
	}
	s->mass = p;
	s->anchor = s->mass + n;
	s->x = s->anchor + cols * dim;
	s->v = s->x + nn;
	s->x0 = s->v + nn;
	s->v0 = s->x0 + nn;
	s->work = s->v0 + nn;
	s->modes = s->work + wk;
	s->tmp = s->modes + (modes ? SPRING_NET_MODES(rows, cols) : 0);
	if (ref) {
		s->xr = s->tmp + ntmp;
		s->vr = s->xr + nn;
		s->xh = s->vr + nn;
		s->vh = s->xh + nn;
		s->rwork = s->vh + nn;
	}
	return 0;
}

/*
 * The geometry: the springs in the impulse rule's order, the anchor
 * points' offsets, and every body's start, at rest from the anchor at
 * g(0) (the chain along +x, the mesh hanging along -y) moved by --x0
 * and given --v0 (dim 1: at --x0, the rest being x = g(0)); with --pluck
 * N only body N so, the others at rest.  The pair from --x1, --x2.
 */
static void
make_geometry(struct net_run *s, const struct net_opts *no)
{
	spring_net *net = &s->net;
	long i, r, c, dim = no->dim;
	int j;

	if (no->kind == NET_PAIR) {
		s->ends[0] = 0;
		s->ends[1] = 1;
		net->nsprings = 1;
		for (j = 0; j < dim; j++) {
			s->x0[j] = no->list[L_X1][j];
			s->x0[dim + j] = no->list[L_X2][j];
			s->v0[j] = no->list[L_V1][j];
			s->v0[dim + j] = no->list[L_V2][j];
		}
		return;
	}
	net->rows = no->kind == NET_CHAIN ? no->particles : no->rows;
	net->cols = no->kind == NET_CHAIN ? 1 : no->cols;
	net->nsprings = spring_net_grid(net->rows, net->cols, s->ends);
	for (c = 0; c < net->cols; c++)
		for (j = 0; j < dim; j++)
			s->anchor[c * dim + j] = j == 0 ? (double)c * no->rest :
			    0.0;
	for (r = 0; r < net->rows; r++)
		for (c = 0; c < net->cols; c++) {
			i = r * net->cols + c;
			for (j = 0; j < dim; j++) {
				s->x0[i * dim + j] = no->list[L_X0][j] +
				    (dim == 1 ? 0.0 : no->list[L_TARGET][j]);
				s->v0[i * dim + j] = no->list[L_V0][j];
			}
			if (dim == 1)
				continue;
			if (no->kind == NET_CHAIN)
				s->x0[i * dim] += (double)(r + 1) * no->rest;
			else {
				s->x0[i * dim] += (double)c * no->rest;
				s->x0[i * dim + 1] -= (double)(r + 1) *
				    no->rest;
			}
		}
	/* --pluck N: the others at rest where the anchor holds them */
	for (i = 0; no->pluck > 0 && i < net->n; i++)
		for (j = 0; j < dim && i != no->pluck - 1; j++) {
			s->x0[i * dim + j] -= no->list[L_X0][j] +
			    (dim == 1 ? -no->list[L_TARGET][j] : 0.0);
			s->v0[i * dim + j] = 0.0;
		}
}

/* A fixed string onto the output. */
static void
put_str(struct sink *k, const char *s)
{
	out_write(&k->out, s, strlen(s));
}

/*
 * The header line for the model, dim and --summary; with --no-reference
 * the state's columns alone.
 */
static void
net_header(struct sink *k, const struct net_opts *no)
{
	static const char *const comp[3] = { "x", "y", "z" };
	char buf[32];
	int j, b, ref, dim = (int)no->dim;

	if (no->summary && no->no_ref) {
		put_str(k, "t,max_stretch,energy\n");
		return;
	}
	if (no->summary) {
		put_str(k, "t,max_stretch,energy,energy_ref,max_err_x,max_err_v");
		put_str(k, dim == 1 ? "\n" : ",ref_err\n");
		return;
	}
	if (dim == 1) {
		put_str(k, no->no_ref ? "t,particle,x,v\n" :
		    "t,particle,x,v,x_ref,v_ref,err_x,err_v\n");
		return;
	}
	put_str(k, no->kind == NET_PAIR ? "t" : "t,particle");
	for (ref = 0; ref < (no->no_ref ? 1 : 2); ref++) {
		for (b = 0; b < (no->kind == NET_PAIR ? 2 : 1); b++) {
			for (j = 0; j < 2 * dim; j++) {
				snprintf(buf, sizeof(buf), ",%s%s%.0d%s",
				    j < dim ? "" : "v", comp[j % dim],
				    no->kind == NET_PAIR ? b + 1 : 0,
				    ref ? "_ref" : "");
				put_str(k, buf);
			}
		}
		if (no->kind == NET_PAIR)
			put_str(k, ref ? ",length_ref" : ",length");
	}
	put_str(k, no->no_ref ? "\n" : no->kind == NET_PAIR ?
	    ",err_length,ref_err\n" : ",err_x,err_v,ref_err\n");
}

/* |a - b| over dim components. */
static double
distance(const double *a, const double *b, long dim)
{
	double s = 0.0;
	long j;

	for (j = 0; j < dim; j++)
		s += (a[j] - b[j]) * (a[j] - b[j]);
	return sqrt(s);
}

/* Body i's ref_err: Richardson's |x_64 - x_32| / 15; NaN when exact. */
static double
ref_error(const struct net_run *s, long i)
{
	long dim = s->net.dim;

	if (s->exact_ref)
		return NAN;
	return distance(s->xr + i * dim, s->xh + i * dim, dim) / 15.0;
}

/*
 * The rows of frame t: the pair, a body a row, or the summary; with
 * --no-reference the state's columns alone (the same bytes).
 */
static void
write_frame(struct sink *k, const struct net_run *s,
    const struct net_opts *no, double t)
{
	double col[1 + 4 * 2 * SPRING_NET_MAX_DIM + 8], ex, ev, re;
	long i, n = s->net.n, dim = s->net.dim, j, c;

	if (no->kind == NET_PAIR) {
		c = 0;
		col[c++] = t;
		for (i = 0; i < 2; i++) {
			for (j = 0; j < dim; j++)
				col[c++] = s->x[i * dim + j];
			for (j = 0; j < dim; j++)
				col[c++] = s->v[i * dim + j];
		}
		col[c++] = distance(s->x, s->x + dim, dim);
		for (i = 0; i < 2 && !no->no_ref; i++) {
			for (j = 0; j < dim; j++)
				col[c++] = s->xr[i * dim + j];
			for (j = 0; j < dim; j++)
				col[c++] = s->vr[i * dim + j];
		}
		if (!no->no_ref) {
			col[c++] = distance(s->xr, s->xr + dim, dim);
			col[c] = col[1 + 2 * dim * 2] - col[c - 1];
			c++;
			col[c++] = fmax(ref_error(s, 0), ref_error(s, 1));
		}
		write_numbers_row(k, col, (int)c);
		return;
	}
	if (no->summary && no->no_ref) {
		col[0] = t;
		col[1] = s->stretch;	/* diverged's, this frame */
		col[2] = spring_net_energy(&s->net, s->x, s->v, t);
		write_numbers_row(k, col, 3);
		return;
	}
	if (no->summary) {
		ex = ev = re = 0.0;
		for (i = 0; i < n; i++) {
			ex = fmax(ex, distance(s->x + i * dim, s->xr + i * dim,
			    dim));
			ev = fmax(ev, distance(s->v + i * dim, s->vr + i * dim,
			    dim));
			if (!s->exact_ref)
				re = fmax(re, ref_error(s, i));
		}
		col[0] = t;
		col[1] = s->stretch;	/* diverged's, this frame */
		col[2] = spring_net_energy(&s->net, s->x, s->v, t);
		col[3] = spring_net_energy(&s->net, s->xr, s->vr, t);
		col[4] = ex;
		col[5] = ev;
		col[6] = re;
		write_numbers_row(k, col, dim == 1 ? 6 : 7);
		return;
	}
	for (i = 0; i < n; i++) {
		c = 0;
		col[c++] = t;
		col[c++] = (double)(i + 1);
		for (j = 0; j < dim; j++)
			col[c++] = s->x[i * dim + j];
		for (j = 0; j < dim; j++)
			col[c++] = s->v[i * dim + j];
		if (no->no_ref) {
			write_numbers_row(k, col, (int)c);
			continue;
		}
		for (j = 0; j < dim; j++)
			col[c++] = s->xr[i * dim + j];
		for (j = 0; j < dim; j++)
			col[c++] = s->vr[i * dim + j];
		if (dim == 1) {
			col[c++] = s->x[i] - s->xr[i];
			col[c++] = s->v[i] - s->vr[i];
		} else {
			col[c++] = distance(s->x + i * dim, s->xr + i * dim,
			    dim);
			col[c++] = distance(s->v + i * dim, s->vr + i * dim,
			    dim);
			col[c++] = ref_error(s, i);
		}
		write_numbers_row(k, col, (int)c);
	}
}

/*
 * The largest spring length plus the largest speed times h, at the
 * start: the scale a run that diverges leaves 1e6 times behind.
 */
static double
start_scale(const struct net_run *s, double h)
{
	const spring_net *net = &s->net;
	double len, m = 0.0;
	long i, nn = net->n * net->dim;

	len = spring_net_max_stretch(net, s->x0, 0.0) + (net->linear ? 0.0 :
	    net->rest);
	for (i = 0; i < nn; i++)
		m = fmax(m, fabs(s->v0[i]));
	for (i = 0; i < net->dim; i++)
		m = fmax(m, fabs(net->q[i]));
	return SPRING_DIVERGE_FACTOR * (len + 2.0 * m * h + 1.0);
}

/*
 * Whether a state ran away: not finite, or a spring beyond scale.  The
 * largest stretch goes to *stretch (not NULL), for the summary's row.
 */
static int
diverged(const spring_net *net, const double *x, const double *v, double t,
    double scale, double *stretch)
{
	long i, nn = net->n * net->dim;
	double m;

	for (i = 0; i < nn; i++)
		if (!isfinite(x[i]) || !isfinite(v[i]))
			return 1;
	m = spring_net_max_stretch(net, x, t);
	if (stretch != NULL)
		*stretch = m;
	return !(m <= scale);
}

/* The reference over frame [t0, t0 + h]: exact, or the two rk4 runs. */
static void
advance_reference(struct net_run *s, double h, double t0, double t1)
{
	const spring_net_rule *rk4 = spring_net_rule_find("rk4");
	double hs;
	long i;

	if (s->exact_ref) {
		spring_net_exact(&s->net, s->x0, s->v0, t1, s->xr, s->vr,
		    s->tmp);
		return;
	}
	hs = h / REF_STEPS;
	rk4->prepare(&s->net, hs, s->rwork);
	for (i = 0; i < REF_STEPS; i++)
		rk4->step(&s->net, hs, t0 + (double)i * hs, s->rwork, s->xr,
		    s->vr);
	hs = h / REF_HALF;
	rk4->prepare(&s->net, hs, s->rwork);
	for (i = 0; i < REF_HALF; i++)
		rk4->step(&s->net, hs, t0 + (double)i * hs, s->rwork, s->xh,
		    s->vh);
}

/*
 * Run the network frame by frame, writing each, beside the reference
 * (with --no-reference the rule alone: neither the reference nor its
 * divergence check).
 */
static int
net_simulate(struct sink *k, struct net_run *s, const struct net_opts *no,
    const struct run_setup *rs)
{
	double h = rs->dt, scale = start_scale(s, h), t0, t1;
	size_t bytes = (size_t)(s->net.n * s->net.dim) * sizeof(double);
	long f;

	memcpy(s->x, s->x0, bytes);
	memcpy(s->v, s->v0, bytes);
	if (!no->no_ref) {
		memcpy(s->xr, s->x0, bytes);
		memcpy(s->vr, s->v0, bytes);
		memcpy(s->xh, s->x0, bytes);
		memcpy(s->vh, s->v0, bytes);
	}
	s->stretch = spring_net_max_stretch(&s->net, s->x, 0.0);
	write_frame(k, s, no, 0.0);
	if (s->rule->prepare(&s->net, h, s->work) != 0)
		abort();	/* checked before: a bug */
	for (f = 1; f <= rs->sim.frames && !k->out.failed; f++) {
		t0 = (double)(f - 1) * h;
		t1 = (double)f * h;
		s->rule->step(&s->net, h, t0, s->work, s->x, s->v);
		if (diverged(&s->net, s->x, s->v, t1, scale, &s->stretch)) {
			warn_msg("warning: diverged at frame %ld: stopped, %ld "
			    "frames kept", f, f);
			break;
		}
		if (no->no_ref) {
			write_frame(k, s, no, t1);
			continue;
		}
		advance_reference(s, h, t0, t1);
		if (diverged(&s->net, s->xr, s->vr, t1, scale, NULL) ||
		    (!s->exact_ref && diverged(&s->net, s->xh, s->vh, t1,
		    scale, NULL))) {
			warn_msg("warning: the reference diverged at frame %ld "
			    "(the springs are too stiff even for rk4 at dt/%d): "
			    "stopped, %ld frames kept", f, REF_STEPS, f);
			break;
		}
		write_frame(k, s, no, t1);
	}
	/* a solve that stopped short makes the rule's numbers inexact */
	if (spring_net_solve_residual(&s->net, s->work) > 0.0)
		warn_msg("warning: --integrator %s: a conjugate-gradient solve "
		    "stopped at relative residual %.3g (tolerance 1e-14): its "
		    "steps are not the rule's exact ones", s->rule->name,
		    spring_net_solve_residual(&s->net, s->work));
	return k->out.failed ? EXIT_IO : EXIT_OK;
}

/* The rules of the model, for a message: "a, b, c". */
static void
rule_names(const spring_net *net, char *buf, size_t cap)
{
	const spring_net_rule *const *r;
	size_t len = 0;

	buf[0] = '\0';
	for (r = spring_net_rules; *r != NULL; r++) {
		if ((*r)->needs_modes && !net->linear)
			continue;
		len += (size_t)snprintf(buf + len, cap - len, "%s%s",
		    len > 0 ? ", " : "", (*r)->name);
		if (len >= cap)
			break;
	}
}

/* Build the run the options describe: the net, its rule, its reference. */
static int
net_build(struct run_setup *rs, struct net_opts *no, struct net_run *s,
    const char *model)
{
	spring_net *net = &s->net;
	const char *integrator;
	char names[256];
	double body = NAN;
	long n, ns, rows, cols, i;
	int modes;

	n = no->kind == NET_PAIR ? 2 : no->kind == NET_CHAIN ? no->particles :
	    no->rows * no->cols;
	rows = no->kind == NET_CHAIN ? no->particles : no->kind == NET_MESH ?
	    no->rows : 0;
	cols = no->kind == NET_CHAIN ? 1 : no->kind == NET_MESH ? no->cols : 0;
	ns = no->kind == NET_PAIR ? 1 : spring_net_grid(rows, cols, NULL);
	integrator = rs->integrator != NULL ? rs->integrator : "semi-implicit";
	s->rule = spring_net_rule_find(integrator);
	/* the modes cost N^2 (seconds at 2000 bodies): only when used */
	modes = no->dim == 1 && (!no->no_ref || (s->rule != NULL &&
	    s->rule->needs_modes));
	if (net_alloc(s, n, ns, no->dim, rows, cols, modes, !no->no_ref) !=
	    0) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	memset(net, 0, sizeof(*net));
	if (make_springs(rs, no, &body, net) != EXIT_OK)
		return EXIT_USAGE;
	net->dim = (int)no->dim;
	net->linear = no->dim == 1;
	net->axial_damping = no->axial;
	net->n = n;
	for (i = 0; i < n; i++)
		s->mass[i] = no->kind == NET_PAIR ? no->m[i] : body;
	net->mass = s->mass;
	net->ends = s->ends;
	net->anchor = s->anchor;
	net->rest = no->rest;
	net->gravity = no->dim >= 2 ? no->gravity : 0.0;
	for (i = 0; i < no->dim; i++) {
		net->g[i] = no->list[L_TARGET][i];
		net->q[i] = no->list[L_TARGET_VEL][i];
	}
	make_geometry(s, no);
	if (s->rule == NULL || (s->rule->needs_modes && !net->linear)) {
		rule_names(net, names, sizeof(names));
		return usage_error("--integrator: --model %s --dim %ld has no "
		    "rule '%s'; its rules: %s", model, no->dim, integrator,
		    names);
	}
	s->exact_ref = net->linear;
	if (modes) {
		if (spring_net_modes(net, s->modes, s->tmp) != 0) {
			warn_msg("--model %s: the modes did not converge", model);
			return EXIT_IO;
		}
		net->modes = s->modes;
	}
	return EXIT_OK;
}

/*
 * The work, refused up front without --force as every run's
 * (run_check_work): a row a body a frame (one a frame with --summary),
 * and the steps, the rule's evaluation of every body and spring a frame
 * and the rk4 reference's 4 (REF_STEPS + REF_HALF) more (the dim-1
 * mesh's exact reference: its modes, N a frame).
 */
static int
check_cost(const struct run_setup *rs, const struct net_opts *no,
    const struct net_run *s, const char *model)
{
	double frames = (double)rs->sim.frames + 1.0;
	double n = (double)s->net.n, evals = n + (double)s->net.nsprings;
	double rows = no->summary || no->kind == NET_PAIR ? frames :
	    frames * n;
	double per = evals * (no->no_ref ? 1.0 : s->exact_ref ? 2.0 :
	    1.0 + 4.0 * (REF_STEPS + REF_HALF));
	char what[160];
	size_t len;

	if (rs->force || (rows <= (double)MAX_FRAMES &&
	    frames * per <= MAX_WORK))
		return EXIT_OK;
	len = (size_t)snprintf(what, sizeof(what), "--model %s --dim %ld",
	    model, no->dim);
	if (no->kind == NET_CHAIN)
		len += (size_t)snprintf(what + len, sizeof(what) - len,
		    " --particles %ld", no->particles);
	else if (no->kind == NET_MESH)
		len += (size_t)snprintf(what + len, sizeof(what) - len,
		    " --grid %ldx%ld", no->rows, no->cols);
	what[len++] = ' ';
	(void)run_length_flags(rs, what + len, sizeof(what) - len);
	return run_check_work(rs, what, frames, per, rows);
}

/* `springsim --model pair|chain --dim 2|3`, `--model mesh`. */
int
cmd_network(int argc, char **argv)
{
	static const char *const names[] = { "pair", "chain", "mesh" };
	struct run_setup *rs;
	struct net_opts no;
	struct net_run s;
	struct sink *k = NULL;
	const char *model, *integrator;
	int rc, i;

	memset(&no, 0, sizeof(no));
	memset(&s, 0, sizeof(s));
	no.m[0] = no.m[1] = 1.0;
	no.particles = 10;
	no.rows = no.cols = 10;
	no.rest = 1.0;
	no.dim = 0;
	if (run_alloc(&rs, &k) != 0)
		return EXIT_IO;
	if ((rc = run_parse_rows(rs, &network_options, &no, argc, argv)) !=
	    EXIT_OK)
		goto done;
	model = rs->model;
	for (i = 0; i < 3 && strcmp(model, names[i]) != 0; i++)
		;
	if (i == 3) {
		rc = usage_error("--model: '%s' is not pair, chain or mesh", model);
		goto done;
	}
	no.kind = (enum net_kind)i;
	if (no.dim == 0)
		no.dim = no.kind == NET_MESH ? 1 : 2;
	/* run's checks and schedule, for the spring it knows */
	integrator = rs->integrator;
	rs->model = "spring";
	rs->integrator = NULL;
	if ((rc = run_setup_resolve(rs)) != EXIT_OK ||
	    (rc = net_check_flags(&no, model, rs)) != EXIT_OK ||
	    (rc = net_parse_lists(&no)) != EXIT_OK)
		goto done;
	rs->integrator = integrator;
	if ((rc = net_build(rs, &no, &s, model)) != EXIT_OK ||
	    (rc = check_cost(rs, &no, &s, model)) != EXIT_OK)
		goto done;
	k->precision = (int)rs->precision;
	if (out_open(&k->out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	if (rs->header)
		net_header(k, &no);
	rc = net_simulate(k, &s, &no, rs);
	rc = out_finish(&k->out, rc != 0);
done:
	free(s.mass);
	free(s.ends);
	run_setup_free(rs);
	free(rs);
	free(k);
	return rc;
}
