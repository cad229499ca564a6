/*
 * engine.c - the engines' table: every library's spring (engine_*.c), by
 * name, as --engine takes them.
 */
#include <math.h>
#include <string.h>

#include "spring.h"
#include "spring/engine.h"

/*
 * Each engine_*.c exports one engine.  The order is the one `springsim
 * list` prints and `--engine all` runs: the npm libraries, then the
 * native ones.
 */
/* ENGINE-DECLS: one extern line an engine, in the table's order */
extern const spring_engine spring_engine_unity_def;
extern const spring_engine spring_engine_android_def;
extern const spring_engine spring_engine_compose_def;
extern const spring_engine spring_engine_flutter_def;
extern const spring_engine spring_engine_box2d_def;

const spring_engine *const spring_engines[] = {
	/* ENGINE-ROWS: one row an engine */
	&spring_engine_unity_def,
	&spring_engine_android_def,
	&spring_engine_compose_def,
	&spring_engine_flutter_def,
	&spring_engine_box2d_def,
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
