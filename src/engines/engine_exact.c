/*
 * engine_exact.c - springsim's own baseline engine, springsim-exact: the
 * exact continuous spring evaluated at each frame's wall time, what a
 * library that evaluates the closed form (Motion, anime.js) shows modulo
 * its clock.  It has no clock of its own, no rest test and no snap: its
 * err_x is rounding, a few ulps of the motion's scale, and it is the
 * line the other engines are measured from.
 */
#include <string.h>

#include "spring.h"

/* The reference trajectory lives in the engine's words. */
_Static_assert(sizeof(spring_reference) <= SPRING_ENGINE_WORDS *
    sizeof(double), "spring_reference fits an engine's state");

/* Every spring, every knob at its default: springsim's own takes none. */
static int
exact_check(const spring_engine_setup *su, char *msg, unsigned long len)
{
	(void)su;
	if (msg != NULL && len > 0)
		msg[0] = '\0';
	return 0;
}

/* The closed form from (x0, v0) toward the constant target. */
static void
exact_start(const spring_engine_setup *su, spring_engine_state *st)
{
	spring_reference ref;

	spring_reference_init(&ref, &su->params, su->x0, su->v0, su->target,
	    0.0, 1.0);
	memcpy(st->w, &ref, sizeof(ref));
	st->x = su->x0;
	st->v = su->v0;
	st->done = 0;
	st->snap = 0.0;
}

/* The closed form at the frame's wall time (exact.c, spring_reference_at). */
static void
exact_frame(spring_engine_state *st, double t)
{
	spring_reference ref;
	spring_state s;

	memcpy(&ref, st->w, sizeof(ref));
	spring_reference_at(&ref, t, &s);
	st->x = s.x;
	st->v = s.v;
}

/* engine.c's table holds its address (a constant expression). */
extern const spring_engine spring_engine_springsim_exact;
/* Not static: engine.c's table points at it (an address is constant). */
const spring_engine spring_engine_springsim_exact = {
	.name = "springsim-exact",
	.library = "springsim",
	.version = SPRING_VERSION,
	.summary = "the exact spring at each frame's wall time: the baseline, "
	    "no clock, no rest test",
	.source = "src/exact.c, spring_reference_at",
	.checked = "closed form (exact.c)",
	.float32 = 0,
	.check = exact_check,
	.start = exact_start,
	.frame = exact_frame,
};
