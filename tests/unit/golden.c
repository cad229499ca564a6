/*
 * golden.c - reading the engines' golden files and replaying them through
 * an engine (golden.h): what the three engine test files share.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "golden.h"

#define IRREGULAR SPRINGSIM_TREE "/tests/engines/frames/irregular.txt"
#define GOLDEN_PI 3.14159265358979323846

/* See golden.h: the header's springsim line, then t,x,v,done rows. */
int
golden_read(const char *path, struct golden *g)
{
	FILE *f = fopen(path, "r");
	char line[1024], *p, *e;
	struct golden_row *r;

	g->springsim[0] = '\0';
	g->n = 0;
	if (f == NULL) {
		fprintf(stderr, "%s: cannot open\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f) != NULL && g->n < GOLDEN_MAX_ROWS) {
		if (strncmp(line, "# springsim:", 12) == 0) {
			snprintf(g->springsim, sizeof(g->springsim), "%s", line);
			continue;
		}
		if (line[0] == '#' || line[0] == 't')
			continue;
		r = &g->row[g->n++];
		r->t = strtod(line, &e);
		r->x = strtod(e + 1, &e);
		p = e + 1;
		r->v = *p == ',' ? NAN : strtod(p, &e);
		if (*p != ',')
			p = e;
		r->done = atoi(p + 1);
	}
	fclose(f);
	return 0;
}

/* See golden.h. */
int
golden_frame_times(double fps, double duration, double *t, int max)
{
	FILE *f;
	double dt, wall = 0, comp = 0, sum, r;
	int n = 0, k;

	if (fps > 0) {
		r = duration * fps;
		n = fabs(r - nearbyint(r)) <= 1e-9 * fmax(nearbyint(r), 1.0) ?
		    (int)nearbyint(r) : (int)ceil(r);
		for (k = 0; k < n && k < max; k++)
			t[k] = (double)(k + 1) * (1.0 / fps);
		return k;
	}
	if ((f = fopen(IRREGULAR, "r")) == NULL)
		return 0;
	while (n < max && fscanf(f, "%lf", &dt) == 1) {
		sum = wall + dt;
		if (fabs(wall) >= fabs(dt))
			comp += (wall - sum) + dt;
		else
			comp += (dt - sum) + wall;
		wall = sum;
		t[n++] = wall + comp;
	}
	fclose(f);
	return n;
}

/* See golden.h. */
const spring_engine *
golden_p1(const char *name, spring_engine_setup *su, spring_engine_state *st)
{
	const spring_engine *e = spring_engine_find(name);

	*su = engine_setup(4.0 * GOLDEN_PI, 0.3, 1.0, 0.0, 0.0, 1.0);
	memset(st, 0, sizeof(*st));
	CHECK(e != NULL);
	if (e != NULL)
		e->start(su, st);
	return e;
}

/* See golden.h. */
void
golden_knob(spring_engine_setup *su, const char *engine, const char *knob,
    double x)
{
	const spring_engine *e = spring_engine_find(engine);
	int i = e != NULL ? spring_engine_knob_find(e, knob) : -1;

	CHECK(i >= 0);
	if (i < 0)
		return;
	su->knob[i] = x;
	su->knob_given |= 1u << i;
}

/* See golden.h: the header's words in a copy, each a flag or not. */
int
golden_knobs(spring_engine_setup *su, const char *engine, const char *line)
{
	const spring_engine *e = spring_engine_find(engine);
	char buf[1024], *tok, *save = NULL;
	int i, n = 0;

	if (e == NULL || e->knobs == NULL)
		return 0;
	snprintf(buf, sizeof(buf), "%s", line);
	for (tok = strtok_r(buf, " \n", &save); tok != NULL;
	    tok = strtok_r(NULL, " \n", &save)) {
		if (strncmp(tok, "--", 2) != 0 ||
		    (i = spring_engine_knob_find(e, tok + 2)) < 0 ||
		    e->knobs[i].flag == NULL ||
		    strcmp(e->knobs[i].flag, tok + 2) != 0)
			continue;
		if (e->knobs[i].kind == SPRING_KNOB_SWITCH)
			su->knob[i] = 1.0;
		else if ((tok = strtok_r(NULL, " \n", &save)) != NULL)
			su->knob[i] = strtod(tok, NULL);
		su->knob_given |= 1u << i;
		n++;
	}
	return n;
}

/* See golden.h. */
double
golden_scale(const spring_engine_setup *su)
{
	return fabs(su->target - su->x0) + fabs(su->v0) / su->params.omega;
}

/* Keep the worst |d| in *w, a NaN as infinitely bad. */
static void
worse(double *w, double d)
{
	if (!(fabs(d) <= *w))
		*w = isnan(d) ? INFINITY : fabs(d);
}

/* See golden.h. */
void
golden_replay(const char *path, const struct golden *g,
    const spring_engine *e, const spring_engine_setup *su,
    const double *times, double xtol, double vtol)
{
	const struct golden_row *r;
	spring_engine_state st;
	double t, wx = 0.0, wv = 0.0, wt = 0.0;
	int k, bad_done = 0, first = 1;

	memset(&st, 0, sizeof(st));
	e->start(su, &st);
	for (k = 0; k < g->n; k++) {
		r = &g->row[k];
		t = times != NULL ? times[k] : r->t;
		e->frame(&st, t);
		worse(&wt, t - r->t);
		worse(&wx, st.x - r->x);
		if (!isnan(r->v))
			worse(&wv, st.v - r->v);
		bad_done += st.done != r->done;
		if (first && (fabs(t - r->t) > 1e-12 ||
		    !(fabs(st.x - r->x) <= xtol) || (!isnan(r->v) &&
		    !(fabs(st.v - r->v) <= vtol)) || st.done != r->done)) {
			fprintf(stderr, "%s: frame %d t %.17g: x %.17g want "
			    "%.17g, v %.17g want %.17g, done %d want %d\n",
			    path, k + 1, t, st.x, r->x, st.v, r->v, st.done,
			    r->done);
			first = 0;
		}
	}
	CHECK_NEAR(wx, 0.0, xtol);
	CHECK_NEAR(wv, 0.0, vtol);
	CHECK_EQ(bad_done, 0);
	if (times != NULL)
		CHECK_NEAR(wt, 0.0, 1e-12);
}

/* See golden.h. */
spring_engine_setup
engine_setup(double omega, double zeta, double mass, double x0, double v0,
    double g)
{
	spring_engine_setup su;

	spring_engine_setup_init(&su);
	su.params.omega = omega;
	su.params.zeta = zeta;
	su.params.mass = mass;
	su.x0 = x0;
	su.v0 = v0;
	su.target = g;
	return su;
}
