/*
 * bench.c - the in-process speed figures behind `make bench` (never a
 * timed test): --metrics-style runs of every rule, and the number
 * formatter alone.  bench/run.sh adds the CLI's own timings.
 *
 * Every figure is the best of REPEATS runs, timed with CLOCK_MONOTONIC;
 * every result is summed into a volatile so the work cannot be dropped.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "spring.h"
#include "cli/cli.h"
#include "cli/run.h"
#include "cli/numfmt.h"

#ifdef __SSE2__
#include <xmmintrin.h>
#define FTZ_DAZ 0x8040u	/* MXCSR: flush to zero (15), denormals are zero (6) */
#endif

#define REPEATS		3
#define SIM_FRAMES	10000000L	/* frames of a --metrics run */
#define CSV_FRAMES	1000000L	/* the CLI bench's trajectory, as run.sh */
#define CSV_DT		0.001
#define CSV_STRIDE	5		/* keep every 5th row of it */
#define COLS		8		/* numbers in a trajectory row */
#define PI		3.14159265358979323846

/* Results go here, so that no measured work is optimised away. */
static volatile double sink;

/* CLOCK_MONOTONIC in nanoseconds. */
static double
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The CLI's default spring (omega 4 pi, x0 = v0 = 0, target 1). */
static spring_sim
default_sim(const spring_rule *rule, double zeta, double dt, long frames)
{
	spring_sim s;

	memset(&s, 0, sizeof(s));
	s.rule = rule;
	s.params.omega = 4.0 * PI;
	s.params.zeta = zeta;
	s.params.mass = 1.0;
	s.target = 1.0;
	s.dt = dt;
	s.frames = frames;
	return s;
}

/* Best-of-REPEATS ns per frame of spring_simulate(sim, NULL, NULL, m, NULL). */
static double
time_metrics(const spring_sim *sim, spring_metrics *m)
{
	double best = INFINITY, t0, t;
	int i;

	for (i = 0; i < REPEATS; i++) {
		t0 = now_ns();
		spring_simulate(sim, NULL, NULL, m, NULL);
		t = now_ns() - t0;
		sink += m->rms_err_x + m->energy_drift + (double)m->rows;
		if (t < best)
			best = t;
	}
	/* rows - 1 frames were stepped (fewer than asked if it diverged) */
	return m->rows > 1 ? best / (double)(m->rows - 1) : INFINITY;
}

/* One line of the rule table; target <= 0 means "for comparison". */
static void
rule_line(const spring_rule *rule, const char *ftz, double zeta,
    double target)
{
	spring_sim sim = default_sim(rule, zeta, 1.0 / 60.0, SIM_FRAMES);
	spring_metrics m;
	double ns = time_metrics(&sim, &m);

	printf("  %-15s %-4s %4.1f ", rule->name, ftz, zeta);
	if (m.diverged)
		printf("  diverged at frame %ld: not timed\n",
		    m.diverged_frame);
	else if (target > 0.0)
		printf("%9.2f   <= %2.0f   %s\n", ns, target,
		    ns <= target ? "met" : "MISSED");
	else
		printf("%9.2f   (comparison)\n", ns);
}

/* The ns/frame target of a rule: rk4 does four stages. */
static double
rule_target(const spring_rule *rule)
{
	return rule == spring_rule_rk4 ? 40.0 : 15.0;
}

#ifdef __SSE2__
/* A rule line with subnormals honoured: MXCSR saved, FTZ/DAZ off, restored. */
static void
rule_line_no_ftz(const spring_rule *rule, double zeta)
{
	unsigned csr = _mm_getcsr();

	_mm_setcsr(csr & ~FTZ_DAZ);
	rule_line(rule, "off", zeta, 0.0);
	_mm_setcsr(csr);
}
#endif

/* Section 1: every rule, settled and unsettled, and without FTZ. */
static void
bench_rules(void)
{
	const spring_rule *const *r;

	printf("1. --metrics runs: spring_simulate(&sim, NULL, NULL, &m, NULL), "
	    "10^7 frames, dt 1/60,\n   omega 4 pi, x0 0, v0 0, target 1; "
	    "reference and metrics alongside; best of %d\n\n", REPEATS);
	printf("  %-15s %-4s %4s %9s   %s\n", "rule", "FTZ", "zeta",
	    "ns/frame", "target");
	printf("  zeta 0.3: settles, v decays into subnormals "
	    "(what springsim does: FTZ on)\n");
	for (r = spring_rules; *r != NULL; r++)
		rule_line(*r, "on", 0.3, rule_target(*r));
	printf("  zeta 0: stays unsettled (implicit, backward-euler damp "
	    "numerically, explicit grows)\n");
	for (r = spring_rules; *r != NULL; r++)
		rule_line(*r, "on", 0.0, 0.0);
#ifdef __SSE2__
	printf("  FTZ off (MXCSR saved and restored): why springsim "
	    "needs it\n");
	rule_line_no_ftz(spring_rule_semi_implicit, 0.3);
	rule_line_no_ftz(spring_rule_semi_implicit, 0.0);
	rule_line_no_ftz(spring_rule_exact, 0.3);
	rule_line_no_ftz(spring_rule_exact, 0.0);
#else
	printf("  FTZ off: not measured (no SSE2 MXCSR to save and "
	    "restore)\n");
#endif
	printf("\n");
}

/* Numbers collected from a trajectory, COLS a row. */
struct values {
	double *v;
	size_t n, cap;
	long row;
};

/* Keep every CSV_STRIDE-th row's columns (spring_row_fn). */
static int
collect_row(void *ctx, const spring_row *r, double dt)
{
	(void)dt;
	struct values *vs = ctx;

	if (vs->row++ % CSV_STRIDE != 0 || vs->n + COLS > vs->cap)
		return 0;
	row_columns(r, vs->v + vs->n);
	vs->n += COLS;
	return 0;
}

/* Format one number: numfmt_roundtrip or snprintf("%.17g"). */
static int
format_number(char *buf, double v, int use_printf)
{
	if (use_printf)
		return snprintf(buf, NUMFMT_MAX + 1, "%.17g", v);
	return numfmt_roundtrip(buf, v);
}

/* Best-of-REPEATS ns per number, one number at a time. */
static double
time_numbers(const struct values *vs, int use_printf)
{
	char buf[NUMFMT_MAX + 1];
	double best = INFINITY, t0, t;
	size_t i;
	long len;
	int k;

	for (k = 0; k < REPEATS; k++) {
		len = 0;
		t0 = now_ns();
		for (i = 0; i < vs->n; i++)
			len += format_number(buf, vs->v[i], use_printf);
		t = now_ns() - t0;
		sink += (double)len;
		if (t < best)
			best = t;
	}
	return best / (double)vs->n;
}

/* A row buffer the size of the CLI's out_file buffer, never written out. */
struct rowbuf {
	char buf[1 << 16];
	size_t len;
	int use_printf;
};

/* Format a row's numbers, commas and newline into b, as emit_row does. */
static void
format_row(struct rowbuf *b, const double *col)
{
	char *p;
	int i;

	if (b->len > sizeof(b->buf) - COLS * (NUMFMT_MAX + 1)) {
		sink += (double)b->buf[b->len - 1];
		b->len = 0;
	}
	p = b->buf + b->len;
	for (i = 0; i < COLS; i++) {
		p += format_number(p, col[i], b->use_printf);
		*p++ = i < COLS - 1 ? ',' : '\n';
	}
	b->len = (size_t)(p - b->buf);
}

/* Best-of-REPEATS rows per second, formatting the collected rows. */
static double
time_rows(const struct values *vs, struct rowbuf *b)
{
	double best = INFINITY, t0, t;
	size_t i;
	int k;

	for (k = 0; k < REPEATS; k++) {
		b->len = 0;
		t0 = now_ns();
		for (i = 0; i < vs->n; i += COLS)
			format_row(b, vs->v + i);
		t = now_ns() - t0;
		sink += (double)b->len;
		if (t < best)
			best = t;
	}
	return (double)(vs->n / COLS) / best * 1e9;
}

/* Format each row as it is simulated (spring_row_fn). */
static int
format_emit(void *ctx, const spring_row *r, double dt)
{
	double col[COLS];

	(void)dt;
	row_columns(r, col);
	format_row(ctx, col);
	return 0;
}

/* Best-of-REPEATS rows per second of the whole CSV run, minus the I/O. */
static double
time_pipeline(struct rowbuf *b)
{
	spring_sim sim = default_sim(spring_rule_semi_implicit, 0.3, CSV_DT,
	    CSV_FRAMES);
	spring_metrics m;
	double best = INFINITY, t0, t;
	int k;

	for (k = 0; k < REPEATS; k++) {
		b->len = 0;
		t0 = now_ns();
		spring_simulate(&sim, format_emit, b, &m, NULL);
		t = now_ns() - t0;
		sink += (double)b->len + m.rms_err_x;
		if (t < best)
			best = t;
	}
	return (double)m.rows / best * 1e9;
}

/* Section 2: the formatter alone, on the CLI bench's own numbers. */
static int
bench_format(void)
{
	spring_sim sim = default_sim(spring_rule_semi_implicit, 0.3, CSV_DT,
	    CSV_FRAMES);
	struct values vs = { NULL, 0, 0, 0 };
	struct rowbuf *b;
	spring_metrics m;
	double ns_fmt, ns_printf, rows_fmt, rows_printf, rows_all;

	vs.cap = (size_t)(CSV_FRAMES / CSV_STRIDE + 1) * COLS;
	vs.v = malloc(vs.cap * sizeof(*vs.v));
	b = malloc(sizeof(*b));
	if (vs.v == NULL || b == NULL) {
		fprintf(stderr, "bench-springsim: out of memory\n");
		free(vs.v);
		free(b);
		return 1;
	}
	spring_simulate(&sim, collect_row, &vs, &m, NULL);

	ns_fmt = time_numbers(&vs, 0);
	ns_printf = time_numbers(&vs, 1);
	b->use_printf = 0;
	rows_fmt = time_rows(&vs, b);
	rows_all = time_pipeline(b);
	b->use_printf = 1;
	rows_printf = time_rows(&vs, b);

	printf("2. Trajectory CSV, in process, no I/O: the numbers of "
	    "`springsim --frames %ld\n   --dt %g` (every %dth row, %zu "
	    "numbers); best of %d\n\n", CSV_FRAMES, CSV_DT, CSV_STRIDE,
	    vs.n, REPEATS);
	printf("  %-46s %8.1f ns/number\n", "numfmt_roundtrip", ns_fmt);
	printf("  %-46s %8.1f ns/number  (%.1fx)\n", "snprintf(\"%.17g\")",
	    ns_printf, ns_printf / ns_fmt);
	printf("  %-46s %8.2f M rows/s\n",
	    "rows formatted into a buffer, numfmt", rows_fmt / 1e6);
	printf("  %-46s %8.2f M rows/s\n",
	    "rows formatted into a buffer, snprintf", rows_printf / 1e6);
	printf("  %-46s %8.2f M rows/s   (the CLI's target, >= 3, is "
	    "below)\n", "simulate + format rows, numfmt", rows_all / 1e6);
	printf("\n");
	free(vs.v);
	free(b);
	return 0;
}

/* The sweep's grid: 1000 omegas (1 to 100, log) x 1000 zetas (0 to 2). */
#define GRID_SIDE	1000
#define GRID_BLOCK	4096

/*
 * Seconds of spring_simulate_batch_some for the metrics want names
 * (SPRING_WANT_ALL: spring_simulate_batch's) or of spring_simulate one
 * by one (want 0) over the grid at dt 0.01, `frames` frames, in blocks of
 * GRID_BLOCK springs as springsim sweep hands them over; the springs are
 * built outside the clock.  *steps gets the frames stepped.
 */
static double
grid_seconds(const spring_rule *rule, long frames, unsigned want,
    double *steps)
{
	static spring_sim sims[GRID_BLOCK];
	static const spring_sim *ptr[GRID_BLOCK];
	static spring_metrics m[GRID_BLOCK];
	static spring_frame_stats fs[GRID_BLOCK];
	double t = 0.0, t0;
	long i, j, n, total = (long)GRID_SIDE * GRID_SIDE;

	*steps = 0.0;
	for (i = 0; i < total; i += n) {
		n = total - i < GRID_BLOCK ? total - i : GRID_BLOCK;
		for (j = 0; j < n; j++) {
			long k = i + j;

			sims[j] = default_sim(rule, 2.0 * (double)(k %
			    GRID_SIDE) / (GRID_SIDE - 1), 0.01, frames);
			sims[j].params.omega = pow(10.0, 2.0 * (double)(k /
			    GRID_SIDE) / (GRID_SIDE - 1));
			ptr[j] = &sims[j];
		}
		t0 = now_ns();
		if (want != 0)
			spring_simulate_batch_some(ptr, n, m, fs, want);
		else
			for (j = 0; j < n; j++)
				spring_simulate(ptr[j], NULL, NULL, &m[j],
				    &fs[j]);
		t += now_ns() - t0;
		for (j = 0; j < n; j++) {
			sink += m[j].max_err_x;
			*steps += (double)(m[j].rows - 1);
		}
	}
	return t * 1e-9;
}

/* Section 0: the simulation part of springsim sweep's benchmark. */
static void
bench_batch(void)
{
	double best = INFINITY, longer = INFINITY, alone, t;
	double x_best = INFINITY, x_longer = INFINITY;
	double steps, steps_long, steps_alone, per_step, x_step;
	int i;

	for (i = 0; i < REPEATS; i++) {
		if ((t = grid_seconds(spring_rule_semi_implicit, 100,
		    SPRING_WANT_ALL, &steps)) < best)
			best = t;
		if ((t = grid_seconds(spring_rule_semi_implicit, 1000,
		    SPRING_WANT_ALL, &steps_long)) < longer)
			longer = t;
		if ((t = grid_seconds(spring_rule_semi_implicit, 100,
		    SPRING_WANT_ERR_X, &steps)) < x_best)
			x_best = t;
		if ((t = grid_seconds(spring_rule_semi_implicit, 1000,
		    SPRING_WANT_ERR_X, &steps_long)) < x_longer)
			x_longer = t;
	}
	alone = grid_seconds(spring_rule_semi_implicit, 100, 0, &steps_alone);
	per_step = (longer - best) * 1e9 / (steps_long - steps);
	printf("0. The sweep's simulation part: 10^6 semi-implicit springs "
	    "(omega 1..100 log x\n   zeta 0..2, as the sweep bench), dt "
	    "0.01, reference and metrics, one thread,\n   blocks of %d; a "
	    "spring that diverges stops there; best of %d\n\n", GRID_BLOCK,
	    REPEATS);
	printf("  %-52s %6.3f s %6.2f ns/spring-step\n",
	    "spring_simulate_batch, 100 frames", best, best * 1e9 / steps);
	printf("  %-52s %6.3f s %6.2f ns/spring-step\n",
	    "spring_simulate one by one, 100 frames (comparison)", alone,
	    alone * 1e9 / steps_alone);
	printf("  %-52s %6.3f s %6.2f ns/spring-step\n",
	    "spring_simulate_batch, 1000 frames", longer,
	    longer * 1e9 / steps_long);
	printf("  %-52s %15.2f ns/spring-step\n",
	    "  so a frame of a spring (the tile loop) costs", per_step);
	printf("  %-52s %15.1f ns/spring\n",
	    "  and a spring's setup (exp, sin, cos, sums)",
	    (best * 1e9 - per_step * steps) / 1e6);
	x_step = (x_longer - x_best) * 1e9 / (steps_long - steps);
	printf("  %-52s %6.3f s %6.2f ns/spring-step\n",
	    "spring_simulate_batch_some, x errors alone, 100 fr.", x_best,
	    x_best * 1e9 / steps);
	printf("  %-52s %15.2f ns/spring-step\n",
	    "  a frame of a spring, the x errors alone", x_step);
	printf("  tiles: %s\n\n", __builtin_cpu_supports("avx512f") ?
	    "8 springs in AVX-512 registers" : __builtin_cpu_supports("avx2") ?
	    "4 springs in AVX2 registers" : "4 springs in SSE2 register pairs");
}

/* Best-of-REPEATS ns per frame of a run of sim (metrics only). */
static double
frame_ns(const spring_sim *sim)
{
	spring_metrics m;
	double best = INFINITY, t0, t;
	int i;

	for (i = 0; i < REPEATS; i++) {
		t0 = now_ns();
		spring_simulate(sim, NULL, NULL, &m, NULL);
		t = now_ns() - t0;
		sink += m.max_err_x;
		if (t < best)
			best = t;
	}
	return best / (double)(m.rows - 1);
}

/*
 * 6. The engines: ns per frame of each library's spring run by
 * spring_simulate for its metrics (the CLI's --metrics run), the default
 * spring at 30 and 144 fps over 10 s.  An engine costs what its library
 * costs: react-spring and rebound step every millisecond (34 steps a 30
 * fps frame), Box2D four substeps, the closed-form ones one evaluation
 * (remotion one exact step from the frame before, its frames at fps).
 */
static void
bench_engines(void)
{
	static const double fps[] = { 30.0, 144.0 };
	const spring_engine *const *e;
	spring_metrics m;
	spring_sim sim;
	int i;

	printf("6. Engines (--engine): spring_simulate for the metrics, the "
	    "default spring, 10 s\n");
	printf("  %-20s %12s %12s\n", "engine", "ns/frame 30", "ns/frame 144");
	for (e = spring_engines; *e != NULL; e++) {
		printf("  %-20s", (*e)->name);
		for (i = 0; i < 2; i++) {
			sim = default_sim(spring_rule_exact, 0.3, 1.0 / fps[i],
			    (long)(10.0 * fps[i]));
			sim.rule = NULL;
			sim.engine = *e;
			spring_engine_setup_init(&sim.esu);
			/* the clock's rate, for the engines counting frames */
			sim.esu.fps = fps[i];
			printf(" %12.1f", time_metrics(&sim, &m));
		}
		printf("\n");
	}
	printf("\n");
}

/*
 * Section 2b: what --fast-exp buys.  exp against Holden's fast_negexp per
 * call, and a damper whose frame time jitters (so its factor is computed
 * every frame, as Holden's damper_exact does) with each.
 */
static void
bench_fast_exp(void)
{
	static spring_schedule jitter = { .dt = 1.0 / 60, .jitter = 0.3,
	    .seed = 1 };
	spring_sim s;
	double t0, e_exp = INFINITY, e_fast = INFINITY, x, acc;
	long i, n = 20000000;
	int r;

	for (r = 0; r < REPEATS; r++) {
		acc = 0;
		t0 = now_ns();
		for (i = 0, x = 0.01; i < n; i++, x += 1e-7)
			acc += exp(-x);
		e_exp = fmin(e_exp, (now_ns() - t0) / (double)n);
		sink += acc;
		acc = 0;
		t0 = now_ns();
		for (i = 0, x = 0.01; i < n; i++, x += 1e-7)
			acc += spring_fast_negexp(x);
		e_fast = fmin(e_fast, (now_ns() - t0) / (double)n);
		sink += acc;
	}
	memset(&s, 0, sizeof(s));
	s.model = spring_model_damper;
	s.mrule = spring_model_rule_find(spring_model_damper, "exact");
	s.rate = 0.693147180559945309 / 0.1;
	s.params.omega = s.rate;
	s.params.mass = 1;
	s.policy = spring_policy_none;
	s.schedule = &jitter;
	s.target = 1;
	s.dt = 1.0 / 60;
	s.frames = 2000000;
	printf("2b. --fast-exp: e^-x by libm exp and by Holden's fast_negexp, "
	    "x in [0.01, 2.01];\n   the exact damper with a jittered frame "
	    "time (its factor computed every frame);\n   best of %d\n\n",
	    REPEATS);
	printf("  %-52s %6.2f ns/call\n", "exp(-x)", e_exp);
	printf("  %-52s %6.2f ns/call\n", "fast_negexp(x)", e_fast);
	printf("  %-52s %6.2f ns/frame\n", "damper exact, jittered dt, exp",
	    frame_ns(&s));
	s.params.fast_exp = 1;
	printf("  %-52s %6.2f ns/frame\n",
	    "damper exact, jittered dt, --fast-exp", frame_ns(&s));
	printf("\n");
}

/*
 * Section: Nissen's rope, 1000 bodies stepped 10^4 frames by each line
 * rule (system.c), alone, with what --summary adds per frame (the
 * largest stretch and the energy) as two passes (spring_line_energy and
 * spring_line_max_stretch, each a serial chain of adds or fmax calls),
 * and as the one fused pass --summary uses (spring_line_summary); the
 * O(n^2) modal reference is not timed: it is the bench's answer, not the
 * game's work.  ns per body and step, best of REPEATS; the target 5 ns
 * is semi-implicit's with the summary.
 */
static void
bench_chain(void)
{
	enum { N = 1000, FRAMES = 10000 };
	static double mass[N], x[N], v[N], work[SPRING_LINE_WORK(N)];
	static const char *const names[] = { "semi-implicit", "impulse",
	    "explicit", "implicit", "backward-euler" };
	spring_line l = { N, mass, 0.0, 0.0, 2.0, NULL, NULL };
	spring_target_step tg = { 1, 0, 1, 0, 1, 0 };
	double t0, best[3], ns, e, st, h = 1.0 / 60.0;
	size_t r;
	int i, f, rep, summary;

	for (i = 0; i < N; i++)
		mass[i] = 1.0;
	/* Nissen's Ck = Cd = 0.3 on m_red = 1/2 */
	l.k = 0.3 * 0.5 / (h * h);
	l.d = 0.3 * 0.5 / h;
	printf("3. Nissen's rope: %d bodies, %d frames, Ck = Cd = 0.3; ns per "
	    "body-step, best of %d\n\n", N, FRAMES, REPEATS);
	printf("  %-15s %9s %14s %14s\n", "rule", "step", "+two passes",
	    "+summary");
	for (r = 0; r < sizeof(names) / sizeof(names[0]); r++) {
		const spring_line_rule *rule = spring_line_rule_find(names[r]);

		for (summary = 0; summary < 3; summary++) {
			best[summary] = INFINITY;
			for (rep = 0; rep < REPEATS; rep++) {
				memset(x, 0, sizeof(x));
				memset(v, 0, sizeof(v));
				t0 = now_ns();
				rule->prepare(&l, h, work);
				for (f = 0; f < FRAMES; f++) {
					rule->step(&l, h, work, x, v, &tg);
					if (summary == 1)
						sink += spring_line_energy(&l,
						    x, v, 1, 0) +
						    spring_line_max_stretch(&l,
						    x, 1);
					else if (summary == 2) {
						spring_line_summary(&l, x, v,
						    1, 0, &e, &st);
						sink += e + st;
					}
				}
				ns = (now_ns() - t0) / ((double)N * FRAMES);
				sink += x[N - 1];
				best[summary] = fmin(best[summary], ns);
			}
		}
		printf("  %-15s %9.2f %14.2f %14.2f%s\n", names[r], best[0],
		    best[1], best[2], r == 0 ? (best[2] <= 5.0 ?
		    "   <= 5 met" : "   <= 5 MISSED") : "");
	}
	printf("\n");
}

/*
 * 4. A 32 x 32 mesh in 2-D (network.c): Fiedler's rest-length springs,
 * Nissen's Ck = Cd = 0.3 on m_red = m / 2 (the anchor springs weigh 2),
 * gravity, from the rest layout, FRAMES frames per rule; ns per
 * spring-step (1024 bodies, 2016 springs), best of REPEATS.  The target
 * 10 ns is semi-implicit's.  "axial": the same rule with the damper along
 * the spring (--damper axial: a direction, d / |d| by dim divisions, and
 * a dot product more a spring).  Then the rk4 reference's cost per frame
 * (64 + 32 rk4 steps), which is the bench's answer, not the game's work.
 */
static void
bench_network(void)
{
	enum { R = 32, C = 32, N = R * C, S = 2 * R * C - R, FRAMES = 1000 };
	static double mass[N], anchor[2 * C], x0[2 * N], x[2 * N], v[2 * N];
	static double work[SPRING_NET_WORK(N, S, 2)];
	static long ends[2 * S];
	static const char *const names[] = { "semi-implicit",
	    "semi-implicit", "impulse", "impulse", "explicit", "implicit",
	    "implicit", "backward-euler", "verlet", "rk4" };
	static const int axial[] = { 0, 1, 0, 1, 0, 0, 1, 0, 0, 0 };
	const spring_net_rule *rk4 = spring_net_rule_find("rk4");
	spring_net net;
	double t0, best, ns, h = 1.0 / 60.0;
	size_t r;
	int i, f, rep;

	memset(&net, 0, sizeof(net));
	net.dim = 2;
	net.n = N;
	net.mass = mass;
	net.nsprings = spring_net_grid(R, C, ends);
	net.ends = ends;
	net.anchor = anchor;
	net.k = 0.3 * 0.5 / (h * h);
	net.d = 0.3 * 0.5 / h;
	net.w0 = 2.0;
	net.rest = 0.1;
	net.gravity = 9.81;
	for (i = 0; i < C; i++)
		anchor[2 * i] = 0.1 * i;
	for (i = 0; i < N; i++) {
		mass[i] = 1.0;
		x0[2 * i] = 0.1 * (i % C);
		x0[2 * i + 1] = -0.1 * (i / C + 1);
	}
	printf("4. a %dx%d mesh in 2-D, rest-length springs, Ck = Cd = 0.3, "
	    "gravity; ns per spring-step, best of %d\n\n", R, C, REPEATS);
	for (r = 0; r < sizeof(names) / sizeof(names[0]); r++) {
		const spring_net_rule *rule = spring_net_rule_find(names[r]);

		net.axial_damping = axial[r];
		best = INFINITY;
		for (rep = 0; rep < REPEATS; rep++) {
			memcpy(x, x0, sizeof(x));
			memset(v, 0, sizeof(v));
			t0 = now_ns();
			rule->prepare(&net, h, work);
			for (f = 0; f < FRAMES; f++)
				rule->step(&net, h, f * h, work, x, v);
			ns = (now_ns() - t0) / ((double)S * FRAMES);
			sink += x[2 * N - 1];
			best = fmin(best, ns);
		}
		printf("  %-15s%-6s %9.2f%s\n", names[r], axial[r] ? " axial" :
		    "", best, r == 0 ? (best <= 10.0 ? "   <= 10 met" :
		    "   <= 10 MISSED") : "");
	}
	net.axial_damping = 0;
	memcpy(x, x0, sizeof(x));
	memset(v, 0, sizeof(v));
	t0 = now_ns();
	for (f = 0; f < 10; f++) {
		rk4->prepare(&net, h / 64, work);
		for (i = 0; i < 64; i++)
			rk4->step(&net, h / 64, f * h + i * (h / 64), work, x, v);
		rk4->prepare(&net, h / 32, work);
		for (i = 0; i < 32; i++)
			rk4->step(&net, h / 32, f * h + i * (h / 32), work, x, v);
	}
	printf("  the reference (rk4 at dt/64 and dt/32): %.2f ms a frame\n\n",
	    (now_ns() - t0) / 10.0 / 1e6);
	sink += x[0];
}

/* FTZ on, as springsim's main() sets it; then the sections. */
int
main(void)
{
	int rc;

	flush_subnormals();
	bench_batch();
	bench_rules();
	rc = bench_format();
	bench_fast_exp();
	bench_chain();
	bench_network();
	bench_engines();
	return rc;
}
