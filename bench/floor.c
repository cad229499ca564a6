/*
 * floor.c - the C floor under `springsim sweep` (make bench; never a
 * timed test): how fast the sweep's arithmetic can go on this machine
 * when nothing else is done, so that springsim's sweep and the NumPy
 * baseline (bench/sweep_numpy.py) can be read against it.
 *
 * The sweep: 1000 x 1000 springs (omega 1..100 log-spaced, zeta 0..2),
 * 100 frames of dt 0.01, semi-implicit Euler, target 1 from rest at 0:
 * 10^8 spring-steps.  Springs are stepped in blocks of BLOCK (default
 * 4096) held as structure-of-arrays, x[], v[], w2[], c[], h[]: the outer
 * loop over frames, the inner over the block's springs, so the compiler
 * vectorises the inner loop.  With T threads, thread t takes blocks
 * t, t + T, ... into arrays of its own.
 *
 *   floor      the step alone: v += h (w2 (g - x) + c (q - v)); x += h v
 *   metrics    the step, the exact reference ((e, de) times each spring's
 *              2x2 propagator, computed per block) and the running
 *              metrics (max and sum of squares of both errors, overshoot,
 *              the last row outside the settling band, the energy drift
 *              by magnitude, a divergence flag), written plainly in the
 *              same style: no early stop at divergence, no attempt at
 *              springsim's bit-identity
 *
 * Each figure is ns per spring-step, the wall time of the whole sweep
 * (threads started and joined inside the clock) over 10^8, best of
 * REPEATS; every result is summed into a volatile sink.
 *
 * Usage: bench-floor [BLOCK], BLOCK at most MAX_BLOCK
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef FLOOR_FLAGS
#define FLOOR_FLAGS "(not recorded)"
#endif

#define NOMEGA		1000
#define NZETA		1000
#define NSPRINGS	(NOMEGA * NZETA)
#define FRAMES		100
#define DT		0.01
#define TARGET		1.0
#define TARGET_VEL	0.0
#define REPEATS		3
#define MAX_THREADS	2

/* Results go here, so that no measured work is optimised away. */
static volatile double sink;

static long block_size = 4096;

/* CLOCK_MONOTONIC in seconds. */
static double
now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The grid's axes, filled once before any timing. */
static double omegas[NOMEGA], zetas[NZETA];

static void
grid_fill(void)
{
	int i;

	for (i = 0; i < NOMEGA; i++)
		omegas[i] = pow(10.0, 2.0 * i / (NOMEGA - 1));
	for (i = 0; i < NZETA; i++)
		zetas[i] = 2.0 * i / (NZETA - 1);
}

/*
 * A thread's arrays, one block of springs.  Members of one struct, so
 * the compiler knows they never overlap (it vectorises the loops); each
 * 64 bytes longer than the largest block, so the streams do not alias in
 * the cache every 4 kB.
 */
#define MAX_BLOCK	16384
#define ROW		(MAX_BLOCK + 8)

struct arrays {
	double x[ROW], v[ROW], w2[ROW], c[ROW], h[ROW];
	/* the metrics variant */
	double e[ROW], de[ROW], pa[ROW], pb[ROW], pc[ROW], pd[ROW];
	double max_ex[ROW], max_ev[ROW], sum_ex2[ROW], sum_ev2[ROW];
	double beyond[ROW], last_out[ROW], drift[ROW], max_off[ROW];
};

struct job {
	int thread, nthreads, metrics;
	struct arrays *a;
	double sum;		/* what the thread's blocks add up to */
};

/* The step alone, FRAMES frames of a block of n springs. */
static void
floor_block(double *restrict x, double *restrict v,
    const double *restrict w2, const double *restrict c,
    const double *restrict h, long n)
{
	const double g = TARGET, q = TARGET_VEL;
	long i;
	int f;

	for (f = 0; f < FRAMES; f++)
		for (i = 0; i < n; i++) {
			double vi = v[i] + h[i] * (w2[i] * (g - x[i]) +
			    c[i] * (q - v[i]));

			v[i] = vi;
			x[i] += h[i] * vi;
		}
}

/*
 * Phi(h) of the offset (x - g, v - q): E [[C + zw S, S], [-w2 S,
 * C - zw S]], E = exp(-zeta omega h), C and S = sin(y) / y h or their
 * hyperbolic forms, y = omega sqrt(|1 - zeta^2|) h (sinc: no 0/0 at
 * critical).
 */
static void
propagator(double omega, double zeta, double h, double *pa, double *pb,
    double *pc, double *pd)
{
	double y = omega * sqrt(fabs((1.0 - zeta) * (1.0 + zeta))) * h;
	double cc = 1.0, s = 1.0, zw = zeta * omega, e = exp(-zw * h);

	if (zeta < 1.0) {
		cc = cos(y);
		s = y > 0.0 ? sin(y) / y : 1.0;
	} else if (zeta > 1.0) {
		cc = cosh(y);
		s = y > 0.0 ? sinh(y) / y : 1.0;
	}
	s *= h;
	*pa = e * (cc + zw * s);
	*pb = e * s;
	*pc = -(omega * omega) * (e * s);
	*pd = e * (cc - zw * s);
}

/*
 * The step, the reference and the running metrics, FRAMES frames of a
 * block of n springs whose arrays are set up; returns the sum of the
 * finished metrics.
 */
static double
metrics_block(struct arrays *a, long n)
{
	const double g = TARGET, q = TARGET_VEL, band = 0.02 * 1.0;
	double sum = 0.0, limit = 1e6 * (1.0 + 1.0);
	long i;
	int f;

	for (f = 1; f <= FRAMES; f++) {
		double k = (double)f;

		for (i = 0; i < n; i++) {
			double vi = a->v[i] + a->h[i] * (a->w2[i] *
			    (g - a->x[i]) + a->c[i] * (q - a->v[i]));
			double xi = a->x[i] + a->h[i] * vi;
			double ei = a->pa[i] * a->e[i] + a->pb[i] * a->de[i];
			double dei = a->pc[i] * a->e[i] + a->pd[i] * a->de[i];
			double xr = g + ei, vr = q + dei;
			double ex = xi - xr, ev = vi - vr;
			double off = xi - g, aoff = fabs(off);
			double aex = fabs(ex), aev = fabs(ev);
			double de = ev * ((vi - q) + (vr - q)) +
			    a->w2[i] * ex * (off + (xr - g));

			a->x[i] = xi;
			a->v[i] = vi;
			a->e[i] = ei;
			a->de[i] = dei;
			/* selects, not branches: the loop vectorises */
			a->max_ex[i] = aex > a->max_ex[i] ? aex : a->max_ex[i];
			a->max_ev[i] = aev > a->max_ev[i] ? aev : a->max_ev[i];
			a->sum_ex2[i] += ex * ex;
			a->sum_ev2[i] += ev * ev;
			/* past the target, away from x0 < g */
			a->beyond[i] = off > a->beyond[i] ? off : a->beyond[i];
			/* the last row outside the settling band */
			a->last_out[i] = aoff > band ? k : a->last_out[i];
			a->drift[i] = fabs(de) > fabs(a->drift[i]) ? de :
			    a->drift[i];
			/* diverged if it ever passed the limit */
			a->max_off[i] = aoff > a->max_off[i] ? aoff :
			    a->max_off[i];
		}
	}
	/* finish: rms, settle time, final errors, the drift over E0 */
	for (i = 0; i < n; i++) {
		double settle = a->last_out[i] >= FRAMES ? INFINITY :
		    (a->last_out[i] + 1.0) * a->h[i];

		sum += a->max_ex[i] + sqrt(a->sum_ex2[i] / (FRAMES + 1)) +
		    a->max_ev[i] + sqrt(a->sum_ev2[i] / (FRAMES + 1)) +
		    fabs(a->x[i] - (g + a->e[i])) +
		    fabs(a->v[i] - (q + a->de[i])) + a->beyond[i] +
		    (settle < INFINITY ? settle : -1.0) +
		    a->drift[i] / a->w2[i] + (a->max_off[i] > limit);
	}
	return sum;
}

/* Set up block b (its first spring b * BLOCK) and run it. */
static double
run_block(struct job *j, long b)
{
	struct arrays *a = j->a;
	long i0 = b * block_size, n = NSPRINGS - i0, i;
	double omega, zeta, s = 0.0;

	if (n > block_size)
		n = block_size;
	for (i = 0; i < n; i++) {
		/* zeta varies fastest */
		omega = omegas[(i0 + i) / NZETA];
		zeta = zetas[(i0 + i) % NZETA];
		a->x[i] = 0.0;
		a->v[i] = 0.0;
		a->w2[i] = omega * omega;
		a->c[i] = 2.0 * zeta * omega;
		a->h[i] = DT;
		if (j->metrics) {
			propagator(omega, zeta, DT, &a->pa[i], &a->pb[i],
			    &a->pc[i], &a->pd[i]);
			a->e[i] = 0.0 - TARGET;
			a->de[i] = 0.0 - TARGET_VEL;
			a->max_ex[i] = a->max_ev[i] = 0.0;
			a->sum_ex2[i] = a->sum_ev2[i] = 0.0;
			a->beyond[i] = 0.0;
			a->last_out[i] = 0.0;	/* row 0 is outside */
			a->drift[i] = 0.0;
			a->max_off[i] = 1.0;
		}
	}
	if (j->metrics)
		return metrics_block(a, n);
	floor_block(a->x, a->v, a->w2, a->c, a->h, n);
	for (i = 0; i < n; i++)
		s += a->x[i] + a->v[i];
	return s;
}

/* A thread: blocks thread, thread + nthreads, ... */
static void *
run_thread(void *arg)
{
	struct job *j = arg;
	long nblocks = (NSPRINGS + block_size - 1) / block_size, b;

	j->sum = 0.0;
	for (b = j->thread; b < nblocks; b += j->nthreads)
		j->sum += run_block(j, b);
	return NULL;
}

/* Best-of-REPEATS wall seconds of the whole sweep on nthreads threads. */
static double
time_sweep(struct job *jobs, int nthreads, int metrics)
{
	pthread_t tid[MAX_THREADS];
	double best = INFINITY, t0, t;
	int r, k;

	for (r = 0; r < REPEATS; r++) {
		t0 = now_s();
		for (k = 0; k < nthreads; k++) {
			jobs[k].thread = k;
			jobs[k].nthreads = nthreads;
			jobs[k].metrics = metrics;
			if (k > 0 && pthread_create(&tid[k], NULL, run_thread,
			    &jobs[k]) != 0) {
				fprintf(stderr, "bench-floor: pthread_create "
				    "failed\n");
				exit(1);
			}
		}
		run_thread(&jobs[0]);	/* the main thread is thread 0 */
		for (k = 1; k < nthreads; k++)
			pthread_join(tid[k], NULL);
		t = now_s() - t0;
		for (k = 0; k < nthreads; k++)
			sink += jobs[k].sum;
		if (t < best)
			best = t;
	}
	return best;
}

/* One figure line: label, seconds. */
static void
figure(const char *label, double s)
{
	double steps = (double)NSPRINGS * FRAMES;

	printf("  %-44s %6.3f s %7.2f ns/spring-step\n", label, s,
	    s * 1e9 / steps);
}

int
main(int argc, char **argv)
{
	struct job jobs[MAX_THREADS];
	double f1, f2, m1, m2;
	int k, rc = 0;

	if (argc > 2 || (argc == 2 && ((block_size = atol(argv[1])) < 1 ||
	    block_size > MAX_BLOCK))) {
		fprintf(stderr, "usage: bench-floor [BLOCK], BLOCK 1 to %d\n",
		    MAX_BLOCK);
		return 2;
	}
	memset(jobs, 0, sizeof(jobs));
	for (k = 0; k < MAX_THREADS; k++)
		if ((jobs[k].a = malloc(sizeof(struct arrays))) == NULL) {
			fprintf(stderr, "bench-floor: out of memory\n");
			rc = 1;
		}
	grid_fill();
	if (rc == 0) {
		f1 = time_sweep(jobs, 1, 0);
		f2 = time_sweep(jobs, 2, 0);
		m1 = time_sweep(jobs, 1, 1);
		m2 = time_sweep(jobs, 2, 1);
		printf("  C floor (bench/floor.c): %d x %d springs x %d "
		    "frames = 10^8 spring-steps, SoA blocks\n  of %ld, "
		    "semi-implicit; wall time, best of %d; built with\n  %s\n",
		    NOMEGA, NZETA, FRAMES, block_size, REPEATS, FLOOR_FLAGS);
		figure("floor: the step alone, 1 thread", f1);
		figure("floor: the step alone, 2 threads", f2);
		figure("floor + reference + metrics, 1 thread", m1);
		figure("floor + reference + metrics, 2 threads", m2);
		printf("  (scaling 1 -> 2 threads: floor %.2fx, with metrics "
		    "%.2fx)\n", f1 / f2, m1 / m2);
	}
	for (k = 0; k < MAX_THREADS; k++)
		free(jobs[k].a);
	return rc;
}
