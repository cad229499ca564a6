/*
 * engine.c - the engines' table: every library's spring (engine_*.c), by
 * name, as --engine takes them; and the knobs' rows each engine points
 * to, found by name.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "spring.h"
#include "spring/engine.h"

/*
 * Each engine_*.c defines one engine, spring_engine_NAME (a struct, not a
 * pointer: the table below needs constant addresses); engine_unreal.c
 * defines Unreal's three, which share FMath's code.  The order is the
 * one `springsim list` prints and `--engine all` runs: the npm libraries,
 * then the native ones.
 */
/* ENGINE-DECLS: one extern line an engine, in the table's order */
extern const spring_engine spring_engine_react_spring;
extern const spring_engine spring_engine_motion;
extern const spring_engine spring_engine_motion_waapi;
extern const spring_engine spring_engine_motion_css;
extern const spring_engine spring_engine_popmotion;
extern const spring_engine spring_engine_wobble;
extern const spring_engine spring_engine_rebound;
extern const spring_engine spring_engine_react_motion;
extern const spring_engine spring_engine_motion_one;
extern const spring_engine spring_engine_svelte;
extern const spring_engine spring_engine_anime;
extern const spring_engine spring_engine_react_native;
extern const spring_engine spring_engine_reanimated;
extern const spring_engine spring_engine_remotion;
extern const spring_engine spring_engine_unity;
extern const spring_engine spring_engine_unreal_smoothing;
extern const spring_engine spring_engine_unreal_spring_damper;
extern const spring_engine spring_engine_unreal_float_spring;
extern const spring_engine spring_engine_android;
extern const spring_engine spring_engine_compose;
extern const spring_engine spring_engine_flutter;
extern const spring_engine spring_engine_box2d;
/* springsim's own baseline, the exact spring: last in the table */
extern const spring_engine spring_engine_springsim_exact;

const spring_engine *const spring_engines[] = {
	/* ENGINE-ROWS: one row an engine */
	&spring_engine_react_spring,
	&spring_engine_motion,
	&spring_engine_motion_waapi,
	&spring_engine_motion_css,
	&spring_engine_popmotion,
	&spring_engine_wobble,
	&spring_engine_rebound,
	&spring_engine_react_motion,
	&spring_engine_motion_one,
	&spring_engine_svelte,
	&spring_engine_anime,
	&spring_engine_react_native,
	&spring_engine_reanimated,
	&spring_engine_remotion,
	&spring_engine_unity,
	&spring_engine_unreal_smoothing,
	&spring_engine_unreal_spring_damper,
	&spring_engine_unreal_float_spring,
	&spring_engine_android,
	&spring_engine_compose,
	&spring_engine_flutter,
	&spring_engine_box2d,
	&spring_engine_springsim_exact,
	NULL
};

/* The engine called name, or NULL. */
const spring_engine *
spring_engine_find(const char *name)
{
	const spring_engine *const *e;

	for (e = spring_engines; *e != NULL; e++)
		if (strcmp((*e)->name, name) == 0)
			return *e;
	return NULL;
}

/* Every knob at the library's default: none given, NaN the values. */
void
spring_engine_setup_init(spring_engine_setup *su)
{
	int i;

	memset(su, 0, sizeof(*su));
	su->params.omega = 2.0 * 6.283185307179586476925286766559;
	su->params.zeta = 0.3;
	su->params.mass = 1.0;
	su->target = 1.0;
	su->form = SPRING_ENGINE_PHYSICAL;
	su->duration = su->bounce = NAN;
	for (i = 0; i < SPRING_ENGINE_KNOBS_MAX; i++)
		su->knob[i] = su->knob_hi[i] = NAN;
}

/* The rows of e's knobs[]: a plain walk to the NULL option. */
int
spring_engine_knob_count(const spring_engine *e)
{
	int n = 0;

	while (e->knobs != NULL && e->knobs[n].option != NULL)
		n++;
	return n;
}

/* The row of e's knob by springsim's flag or the library's name, or -1. */
int
spring_engine_knob_find(const spring_engine *e, const char *name)
{
	const spring_engine_knob *k;

	for (k = e->knobs; k != NULL && k->option != NULL; k++)
		if (strcmp(k->option, name) == 0 ||
		    (k->flag != NULL && strcmp(k->flag, name) == 0))
			return (int)(k - e->knobs);
	return -1;
}

/* knob_given has a bit for each row (an unsigned has 16 at least). */
_Static_assert(SPRING_ENGINE_KNOBS_MAX < 16, "knob_given's bits");

/*
 * A knob given past e's rows is another library's: refused here, once
 * for every engine, before the engine's own check.
 */
int
spring_engine_check(const spring_engine *e, const spring_engine_setup *su,
    char *msg, unsigned long len)
{
	int n = spring_engine_knob_count(e), i;

	if (su->knob_given >> n != 0) {
		for (i = n; !(su->knob_given >> i & 1u); i++)
			;
		if (msg != NULL && len > 0)
			snprintf(msg, len, "%s has no knob %d (it has %d)",
			    e->name, i, n);
		return -1;
	}
	return e->check(su, msg, len);
}
