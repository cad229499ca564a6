/*
 * reference.h - the reference's next frame, inline so that the simulation
 * loop (sim.c) pays no call for it.  Library-internal.
 */
#ifndef REFERENCE_H
#define REFERENCE_H

#include "internal.h"

/*
 * The next frame: between anchors (e, de) times Phi(dt), in the same order
 * as the exact rule, so the two agree to the bit there.
 */
static inline void
reference_next(spring_reference *r, spring_state *out)
{
	double e = r->e, de = r->de;

	if ((unsigned long)++r->k % SPRING_REFERENCE_ANCHOR == 0)
		spring_reference_anchor(r);
	else {
		r->e = r->frame.a * e + r->frame.b * de;
		r->de = r->frame.c * e + r->frame.d * de;
	}
	out->x = r->g0 + r->q * ((double)r->k * r->dt) + r->e;
	out->v = r->q + r->de;
}

#endif
