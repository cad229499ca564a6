/*
 * test_engine_js_a.c - the engines react-spring, motion (and its WAAPI and
 * CSS linear() easings, motion-waapi and motion-css), popmotion, wobble
 * and rebound (src/engine_*.c) against the real libraries' golden
 * trajectories (tests/engines/golden, written by tests/engines/gen/ENGINE.mjs
 * driving the npm packages) and against frames computed here by hand from
 * each library's recurrence or closed form.
 *
 * A golden file's `# springsim:` line is read here for its parameters and
 * turned into the engine's setup with the dialect conversions springsim's
 * CLI uses (dialects.c); every frame of the file is then compared: x and v
 * within 1e-9 of the motion's scale (|target - x0| + |v0| / omega), t read
 * from the file (17 digits: the same double), done exactly.  The unit
 * tests run from the repository's root.
 */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "golden.h"
#include "spring.h"
#include "spring/engine.h"
#include "suites.h"

#define PI 3.14159265358979323846

/* The engines this file checks, and how many golden files each has. */
static const struct {
	const char *name;
	int files;
} js_a[] = {
	{ "react-spring", 12 },
	{ "motion", 14 },
	{ "motion-waapi", 23 },
	{ "motion-css", 23 },
	{ "popmotion", 10 },
	{ "wobble", 11 },
	{ "rebound", 12 },
};

/* The dialect flags a golden header may hold, NaN when absent. */
enum {
	F_REACT_TENSION, F_REACT_FRICTION, F_REACT_MASS, F_REACT_FREQUENCY,
	F_REACT_DAMPING_RATIO, F_MOTION_STIFFNESS, F_MOTION_DAMPING,
	F_MOTION_MASS, F_MOTION_DURATION, F_MOTION_BOUNCE,
	F_MOTION_VISUAL_DURATION, F_POPMOTION_STIFFNESS, F_POPMOTION_DAMPING,
	F_POPMOTION_MASS, F_POPMOTION_DURATION, F_POPMOTION_BOUNCE,
	F_WOBBLE_STIFFNESS, F_WOBBLE_DAMPING, F_WOBBLE_MASS,
	F_REBOUND_TENSION, F_REBOUND_FRICTION, F_ORIGAMI_TENSION,
	F_ORIGAMI_FRICTION, F_X0, F_V0, F_TARGET, F_DT, F_DURATION, NFLAGS
};

static const char *const flag_names[NFLAGS] = {
	"--react-tension", "--react-friction", "--react-mass",
	"--react-frequency", "--react-damping-ratio", "--motion-stiffness",
	"--motion-damping", "--motion-mass", "--motion-duration",
	"--motion-bounce", "--motion-visual-duration", "--popmotion-stiffness",
	"--popmotion-damping", "--popmotion-mass", "--popmotion-duration",
	"--popmotion-bounce", "--wobble-stiffness", "--wobble-damping",
	"--wobble-mass", "--rebound-tension", "--rebound-friction",
	"--origami-tension", "--origami-friction", "--x0", "--v0", "--target",
	"--dt", "--duration",
};

/* f[i], or dflt when the header did not give it. */
static double
flag_or(const double *f, int i, double dflt)
{
	return isnan(f[i]) ? dflt : f[i];
}

/*
 * The setup a `# springsim:` line asks for, as springsim's CLI converts
 * it (dialects.c).  Duration forms keep duration and bounce for the
 * engine; their params are the reference, Motion's formula (popmotion's
 * findSpring is Motion's for a bounce in 0..1 at velocity 0).  Returns
 * the engine's name, or NULL on a line this test does not know.
 */
static const char *
parse_header(char *line, spring_engine_setup *su)
{
	double f[NFLAGS];
	const char *engine = NULL;
	char *tok, *save = NULL;
	int i, rc = 0, clamp = 0;

	for (i = 0; i < NFLAGS; i++)
		f[i] = NAN;
	spring_engine_setup_init(su);
	su->target = 1.0;
	for (tok = strtok_r(line, " \n", &save); tok != NULL;
	    tok = strtok_r(NULL, " \n", &save)) {
		if (strcmp(tok, "--engine") == 0) {
			engine = strtok_r(NULL, " \n", &save);
			continue;
		}
		if (strcmp(tok, "--clamp") == 0) {
			clamp = 1;
			continue;
		}
		if (strcmp(tok, "--frames-from") == 0) {
			(void)strtok_r(NULL, " \n", &save);
			continue;
		}
		for (i = 0; i < NFLAGS; i++)
			if (strcmp(tok, flag_names[i]) == 0)
				break;
		if (i == NFLAGS || (tok = strtok_r(NULL, " \n", &save)) == NULL)
			continue;	/* "# springsim:" */
		f[i] = strtod(tok, NULL);
	}
	/* the knob's row is the engine's, named after the line */
	if (clamp && engine != NULL)
		golden_knob(su, engine, "clamp", 1.0);
	su->x0 = flag_or(f, F_X0, 0.0);
	su->v0 = flag_or(f, F_V0, 0.0);
	su->target = flag_or(f, F_TARGET, 1.0);
	if (!isnan(f[F_REACT_TENSION]))
		rc = spring_from_react(f[F_REACT_TENSION], f[F_REACT_FRICTION],
		    flag_or(f, F_REACT_MASS, 1.0), &su->params);
	else if (!isnan(f[F_REACT_FREQUENCY]))
		rc = spring_from_react_frequency(f[F_REACT_FREQUENCY],
		    f[F_REACT_DAMPING_RATIO], flag_or(f, F_REACT_MASS, 1.0),
		    &su->params);
	else if (!isnan(f[F_MOTION_STIFFNESS]))
		rc = spring_from_motion(f[F_MOTION_STIFFNESS],
		    f[F_MOTION_DAMPING], flag_or(f, F_MOTION_MASS, 1.0),
		    &su->params);
	else if (!isnan(f[F_MOTION_VISUAL_DURATION]))
		rc = spring_from_motion_visual(f[F_MOTION_VISUAL_DURATION],
		    f[F_MOTION_BOUNCE], &su->params);
	else if (!isnan(f[F_MOTION_DURATION]) ||
	    !isnan(f[F_POPMOTION_DURATION])) {
		su->form = SPRING_ENGINE_DURATION;
		su->duration = !isnan(f[F_MOTION_DURATION]) ?
		    f[F_MOTION_DURATION] : f[F_POPMOTION_DURATION];
		su->bounce = !isnan(f[F_MOTION_DURATION]) ?
		    f[F_MOTION_BOUNCE] : f[F_POPMOTION_BOUNCE];
		rc = spring_from_motion_duration(su->duration,
		    fmax(su->bounce, !isnan(f[F_MOTION_DURATION]) ? -2.0 : 0.0),
		    &su->params);
	} else if (!isnan(f[F_POPMOTION_STIFFNESS]))
		rc = spring_from_stiffness(f[F_POPMOTION_STIFFNESS],
		    f[F_POPMOTION_DAMPING], flag_or(f, F_POPMOTION_MASS, 1.0),
		    &su->params);
	else if (!isnan(f[F_WOBBLE_STIFFNESS]))
		rc = spring_from_stiffness(f[F_WOBBLE_STIFFNESS],
		    f[F_WOBBLE_DAMPING], flag_or(f, F_WOBBLE_MASS, 1.0),
		    &su->params);
	else if (!isnan(f[F_REBOUND_TENSION]))
		rc = spring_from_rebound(f[F_REBOUND_TENSION],
		    f[F_REBOUND_FRICTION], &su->params);
	else if (!isnan(f[F_ORIGAMI_TENSION]))
		rc = spring_from_origami(f[F_ORIGAMI_TENSION],
		    f[F_ORIGAMI_FRICTION], &su->params);
	return rc == 0 ? engine : NULL;
}

/*
 * Run the engine over one golden file and compare every frame at the
 * file's times; returns the number of frames (0 if the file could not be
 * read or its header not understood).
 */
static int
check_golden(const char *path, const char *want_engine)
{
	static struct golden g;
	char line[sizeof(g.springsim)];
	spring_engine_setup su;
	const spring_engine *e;
	const char *name;
	double tol;

	CHECK(golden_read(path, &g) == 0 && g.n > 0);
	if (g.n == 0)
		return 0;
	/* parse_header cuts its line into words: the knobs read a copy */
	memcpy(line, g.springsim, sizeof(line));
	name = parse_header(g.springsim, &su);
	CHECK(name != NULL && strcmp(name, want_engine) == 0);
	e = name != NULL ? spring_engine_find(name) : NULL;
	CHECK(e != NULL);
	if (e == NULL)
		return 0;
	/* the library's options the case sets: their flags in the header */
	(void)golden_knobs(&su, name, line);
	CHECK(e->check(&su, NULL, 0) >= 0);
	tol = 1e-9 * golden_scale(&su);
	golden_replay(path, &g, e, &su, NULL, tol, tol);
	return g.n;
}

/* Every golden file of the five engines, by name prefix. */
static void
goldens(void)
{
	char path[512];
	struct dirent *d;
	DIR *dir = opendir(GOLDEN_DIR);
	size_t i, n;
	int count[sizeof(js_a) / sizeof(js_a[0])] = { 0 };

	CHECK(dir != NULL);
	if (dir == NULL)
		return;
	while ((d = readdir(dir)) != NULL) {
		for (i = 0; i < sizeof(js_a) / sizeof(js_a[0]); i++) {
			n = strlen(js_a[i].name);
			/* "react-spring-" but not "react-motion-" for "react" */
			if (strncmp(d->d_name, js_a[i].name, n) != 0 ||
			    d->d_name[n] != '-' ||
			    strstr(d->d_name, ".csv") == NULL)
				continue;
			/* "motion-" must not take "motion-one-", "-waapi-"... */
			if (strncmp(d->d_name + n, "-one-", 5) == 0 ||
			    strncmp(d->d_name + n, "-waapi-", 7) == 0 ||
			    strncmp(d->d_name + n, "-css-", 5) == 0)
				continue;
			snprintf(path, sizeof(path), "%s/%s", GOLDEN_DIR,
			    d->d_name);
			if (check_golden(path, js_a[i].name) > 0)
				count[i]++;
		}
	}
	closedir(dir);
	for (i = 0; i < sizeof(js_a) / sizeof(js_a[0]); i++) {
		if (count[i] != js_a[i].files)
			fprintf(stderr, "%s: %d golden files, want %d\n",
			    js_a[i].name, count[i], js_a[i].files);
		CHECK(count[i] == js_a[i].files);
	}
}

/*
 * react-spring at 30 fps: the first frame runs 17 steps of 1 ms (rafz's
 * first dt is 16.667 ms: ceil is 17), the second ceil(33.33) = 34 steps;
 * each step v += (-k 1e-6 (x - 1) - c 1e-3 v); x += v, k = 16 pi^2,
 * c = 2.4 pi.  Engine words are not read: only x and v.
 */
static void
hand_react_spring(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("react-spring", &su, &st);
	double k = 16.0 * PI * PI, c = 2.4 * PI, x = 0.0, v = 0.0;
	int i;

	if (e == NULL)
		return;
	for (i = 0; i < 17; i++) {
		v += -k * 1e-6 * (x - 1.0) - c * 1e-3 * v;
		x += v;
	}
	e->frame(&st, 1.0 / 30.0);
	CHECK_NEAR(st.x, x, 1e-12);
	CHECK_NEAR(st.v, v * 1000.0, 1e-9);
	for (i = 0; i < 34; i++) {
		v += -k * 1e-6 * (x - 1.0) - c * 1e-3 * v;
		x += v;
	}
	e->frame(&st, 2.0 / 30.0);
	CHECK_NEAR(st.x, x, 1e-12);
	/* two steps by hand: v1 = 1.579e-4, x1 = v1; v2 = ..., from k, c */
	CHECK(st.done == 0);
	/* the duration form is not a react-spring spring */
	su.form = SPRING_ENGINE_DURATION;
	CHECK(e->check(&su, NULL, 0) == -1);
}

/* springsim's exact x of the p1 spring at t (s): the closed form. */
static double
p1_exact(double t)
{
	spring_params p = { 4.0 * PI, 0.3, 1.0, 0 };
	spring_reference r;
	spring_state s;

	spring_reference_init(&r, &p, 0.0, 0.0, 1.0, 0.0, 0.01);
	spring_reference_at(&r, t, &s);
	return s.x;
}

/*
 * Motion: the closed form at whole milliseconds of the frame's timestamp
 * minus the start: 30 fps's first frame is round(33.33) = 33 ms, 144
 * fps's round(6.94) = 7 ms, its second round(13.89) = 14 ms.  A duration
 * spring of 0.8 s ends on the frame at 800 ms with the target; a first
 * frame more than 40 ms after the start restarts the clock there.
 */
static void
hand_motion(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("motion", &su, &st);
	char msg[200];
	int i;

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 30.0);
	CHECK_NEAR(st.x, p1_exact(0.033), 1e-12);
	e->start(&su, &st);
	e->frame(&st, 1.0 / 144.0);
	CHECK_NEAR(st.x, p1_exact(0.007), 1e-12);
	e->frame(&st, 2.0 / 144.0);
	CHECK_NEAR(st.x, p1_exact(0.014), 1e-12);
	su.form = SPRING_ENGINE_DURATION;
	su.duration = 0.8;
	su.bounce = 0.25;
	CHECK(e->check(&su, msg, sizeof(msg)) == 0);
	e->start(&su, &st);
	for (i = 1; i <= 47; i++)
		e->frame(&st, i / 60.0);
	CHECK(st.done == 0 && st.x != 1.0);
	e->frame(&st, 48.0 / 60.0);
	CHECK(st.done == 1);
	CHECK_EQ(st.x, 1.0);
	/* a first tick 783 ms after play(): the start moves to it (> 40 ms) */
	e->start(&su, &st);
	e->frame(&st, 47.0 / 60.0);
	CHECK_EQ(st.x, 0.0);
	CHECK(st.done == 0);
	/* bounce -0.99: 1 + B is raised to 0.05 (zeta 20), said */
	su.bounce = -0.99;
	CHECK(e->check(&su, msg, sizeof(msg)) == 1);
	CHECK(strstr(msg, "damping ratio 20") != NULL);
}

/*
 * popmotion: framesync's first delta is 1000/60 ms whatever the frame;
 * then timestamp differences within 1..40 ms.  At 30 fps the first frame
 * shows the exact spring at 1/60 s, the second at 1/60 + 1/30 s.  A
 * negative bounce is clamped to critical damping (said).
 */
static void
hand_popmotion(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("popmotion", &su, &st);

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 30.0);
	CHECK_NEAR(st.x, p1_exact(1.0 / 60.0), 1e-12);
	e->frame(&st, 2.0 / 30.0);
	CHECK_NEAR(st.x, p1_exact(1.0 / 60.0 + 1.0 / 30.0), 1e-12);
	/* a 100 ms frame: 40 ms only */
	e->frame(&st, 2.0 / 30.0 + 0.1);
	CHECK_NEAR(st.x, p1_exact(1.0 / 60.0 + 1.0 / 30.0 + 0.04), 1e-12);
	su.form = SPRING_ENGINE_DURATION;
	su.duration = 0.8;
	su.bounce = -0.5;
	CHECK(e->check(&su, NULL, 0) == 1);
}

/*
 * wobble: Date.now() is whole ms, floor(1700000000000 + 1000 t): at 30
 * fps the first frame is 33 ms in, the second 66; a 100 ms frame adds
 * 66.67 ms only.  zeta 1.5 runs critical: 1 - e^(-w t) (1 + w t).
 */
static void
hand_wobble(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("wobble", &su, &st);
	double w = 4.0 * PI, t;

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 30.0);
	CHECK_NEAR(st.x, p1_exact(0.033), 1e-12);
	e->frame(&st, 2.0 / 30.0);
	CHECK_NEAR(st.x, p1_exact(0.066), 1e-12);
	e->frame(&st, 2.0 / 30.0 + 0.1);
	CHECK_NEAR(st.x, p1_exact(0.066 + 0.2 / 3.0), 1e-12);
	su.params.zeta = 1.5;
	CHECK(e->check(&su, NULL, 0) == 1);
	e->start(&su, &st);
	e->frame(&st, 1.0 / 60.0);
	t = 0.016;
	CHECK_NEAR(st.x, 1.0 - exp(-w * t) * (1.0 + w * t), 1e-12);
	su.params.zeta = 0.0;
	CHECK(e->check(&su, NULL, 0) == -1);
}

/*
 * rebound: the first frame advances 1 ms: one RK4 step of h = 0.001 on
 * x'' = k (1 - x) - c x' from rest (its stale first stage is at x0 then,
 * so this first step is the textbook RK4), written out here.
 */
static void
hand_rebound(void)
{
	spring_engine_setup su;
	spring_engine_state st;
	const spring_engine *e = golden_p1("rebound", &su, &st);
	double k = 16.0 * PI * PI, c = 2.4 * PI, h = 0.001;
	double a1, v2, a2, v3, a3, v4, a4, x, v;

	if (e == NULL)
		return;
	e->frame(&st, 1.0 / 30.0);
	a1 = k;				/* x = 0, v = 0 */
	v2 = a1 * h / 2;
	a2 = k * (1.0 - 0.0) - c * v2;	/* x + 0 h / 2 */
	v3 = a2 * h / 2;
	a3 = k * (1.0 - v2 * h / 2) - c * v3;
	v4 = a3 * h;
	a4 = k * (1.0 - v3 * h) - c * v4;
	x = h / 6 * (0.0 + 2 * (v2 + v3) + v4);
	v = h / 6 * (a1 + 2 * (a2 + a3) + a4);
	CHECK_NEAR(st.x, x, 1e-15);
	CHECK_NEAR(st.v, v, 1e-12);
	CHECK_NEAR(x, k * h * h / 2, 5e-7);	/* about k h^2 / 2 */
}

void
test_engine_js_a(void)
{
	goldens();
	hand_react_spring();
	hand_motion();
	hand_popmotion();
	hand_wobble();
	hand_rebound();
}
