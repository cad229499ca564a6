/*
 * golden.h - the engines' golden trajectories (tests/engines/golden/,
 * written by the real libraries: tests/engines/README.md) read and
 * replayed through an engine, for the three engine test files
 * (test_engine_js_a.c, test_engine_js_b.c, test_engine_native.c).  Paths
 * are relative to the repository's root, where the unit tests run.
 */
#ifndef GOLDEN_H
#define GOLDEN_H

#include "spring.h"
#include "spring/engine.h"

/*
 * The tree the files are in: the Makefile gives the checkout's path, so
 * that the tests run from any directory; else the working directory.
 */
#ifndef SPRINGSIM_TREE
#define SPRINGSIM_TREE "."
#endif
#define GOLDEN_DIR SPRINGSIM_TREE "/tests/engines/golden"
#define GOLDEN_MAX_ROWS 1024

/* A frame: wall time (s), x, v (NaN: the library keeps none), done. */
struct golden_row {
	double t, x, v;
	int done;
};

/* A golden file: its `# springsim:` line ("" if none) and its rows. */
struct golden {
	char springsim[1024];
	struct golden_row row[GOLDEN_MAX_ROWS];
	int n;
};

/* Read path into g: 0, or -1 (said on stderr) if it cannot be read. */
int golden_read(const char *path, struct golden *g);

/*
 * The wall times of a case's frames as springsim's clock makes them: k /
 * fps for ceil(duration fps) frames (a product within 1e-9 of a whole
 * number taken as that), or with fps 0 tests/engines/frames/irregular.txt
 * summed as spring_clock_next sums a recorded schedule (Neumaier).  Their
 * count (at most max), 0 if the file cannot be read.
 */
int golden_frame_times(double fps, double duration, double *t, int max);

/*
 * A setup for engine tests: omega, zeta, mass, from x0, v0 toward g (the
 * rest as spring_engine_setup_init leaves it).
 */
spring_engine_setup engine_setup(double omega, double zeta, double mass,
    double x0, double v0, double g);

/*
 * The p1 spring of every engine's golden cases (omega 4 pi, zeta 0.3,
 * mass 1, from rest at 0 toward 1) in su, started in st on engine name:
 * the engine (one CHECK that it exists), NULL without one.
 */
const spring_engine *golden_p1(const char *name, spring_engine_setup *su,
    spring_engine_state *st);

/*
 * Give su engine name's knob (its flag or the library's name) the value
 * x, as a library user does: the row spring_engine_knob_find gives, its
 * bit set (one CHECK that the engine has it).
 */
void golden_knob(spring_engine_setup *su, const char *engine,
    const char *knob, double x);

/*
 * The knobs of engine name a `# springsim:` line (line, left as it is)
 * gives: each --FLAG of the engine's knobs[] rows, a switch's 1, a
 * number's next word; the count set.
 */
int golden_knobs(spring_engine_setup *su, const char *engine,
    const char *line);

/* The motion's scale: |target - x0| + |v0| / omega. */
double golden_scale(const spring_engine_setup *su);

/*
 * Run engine e from su over g's frames, frame k at times[k] (NULL: the
 * row's own t) and compare: x within xtol, v within vtol where the row
 * has one, done exactly, and given times within 1e-12 of the rows'.  One
 * CHECK each (times only when given); the first frame off is printed,
 * named by path.
 */
void golden_replay(const char *path, const struct golden *g,
    const spring_engine *e, const spring_engine_setup *su,
    const double *times, double xtol, double vtol);

#endif
