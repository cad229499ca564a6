/*
 * engine.c - the engines' table: every library's spring (engine_*.c), by
 * name, as --engine takes them.
 */
#include <math.h>
#include <string.h>

#include "spring.h"
#include "spring/engine.h"

/*
 * Each engine_*.c defines one engine, spring_engine_NAME (a struct, not a
 * pointer: the table below needs constant addresses).  The order is the
 * one `springsim list` prints and `--engine all` runs: the npm libraries,
 * then the native ones.
 */
/* ENGINE-DECLS: one extern line an engine, in the table's order */
extern const spring_engine spring_engine_react_spring;
extern const spring_engine spring_engine_motion;
extern const spring_engine spring_engine_popmotion;
extern const spring_engine spring_engine_wobble;
extern const spring_engine spring_engine_rebound;
extern const spring_engine spring_engine_react_motion;
extern const spring_engine spring_engine_motion_one;
extern const spring_engine spring_engine_svelte;
extern const spring_engine spring_engine_anime;
extern const spring_engine spring_engine_react_native;
extern const spring_engine spring_engine_unity;
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
	&spring_engine_popmotion,
	&spring_engine_wobble,
	&spring_engine_rebound,
	&spring_engine_react_motion,
	&spring_engine_motion_one,
	&spring_engine_svelte,
	&spring_engine_anime,
	&spring_engine_react_native,
	&spring_engine_unity,
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

/* Every knob at the library's default: NaN for the numbers, 0 else. */
void
spring_engine_setup_init(spring_engine_setup *su)
{
	memset(su, 0, sizeof(*su));
	su->params.omega = 2.0 * 6.283185307179586476925286766559;
	su->params.zeta = 0.3;
	su->params.mass = 1.0;
	su->target = 1.0;
	su->form = SPRING_ENGINE_PHYSICAL;
	su->duration = su->bounce = NAN;
	su->max_speed = su->min_visible = NAN;
	su->lower = su->upper = NAN;
}
