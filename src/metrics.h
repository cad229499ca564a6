/*
 * metrics.h - the per-row metrics update, inline so that the simulation
 * loop (sim.c) pays no call for it.  Library-internal.
 */
#ifndef METRICS_H
#define METRICS_H

#include <math.h>

#include "spring.h"

/*
 * The sums of squares are kept as sum * inv^2, inv a power of two: 1 (so
 * the sum is the plain one, to the bit) until an error beyond 2^480 would
 * overflow it, then smaller; powers of two scale without rounding.  Only
 * a new largest error can need that, so it is checked there.
 */
static inline void
sumsq_rescale(double *sum, double *inv, double e)
{
	while (e * *inv > 0x1p480) {
		*inv *= 0x1p-600;
		*sum *= 0x1p-600;
		*sum *= 0x1p-600;
	}
}

/* Fold one row into the running sums; O(1) memory whatever the run. */
static inline void
metrics_add(spring_metrics_acc *a, const spring_row *r)
{
	double ex = r->x - r->x_ref, ev = r->v - r->v_ref;
	double off = r->x - r->g, dv = r->v - r->q;
	double roff = r->x_ref - r->g, rdv = r->v_ref - r->q;
	double de, ex2, ev2;

	if (fabs(ex) > a->max_ex) {
		a->max_ex = fabs(ex);
		sumsq_rescale(&a->sum_ex2, &a->inv_ex, fabs(ex));
	}
	if (fabs(ev) > a->max_ev) {
		a->max_ev = fabs(ev);
		sumsq_rescale(&a->sum_ev2, &a->inv_ev, fabs(ev));
	}
	ex2 = ex * a->inv_ex;
	ev2 = ev * a->inv_ev;
	a->sum_ex2 += ex2 * ex2;
	a->sum_ev2 += ev2 * ev2;
	a->last_ex = ex;
	a->last_ev = ev;
	if (a->dir * off > a->beyond)
		a->beyond = a->dir * off;
	if (fabs(off) <= a->band) {
		if (!a->inside) {
			a->inside = 1;
			a->settle_from = r->t;
		}
	} else
		a->inside = 0;
	/*
	 * Energies per unit mass, doubled (m / 2 cancels in the ratio):
	 * (dv^2 + w2 off^2) - (rdv^2 + w2 roff^2), factored as differences
	 * of squares: no cancellation, and dv - rdv = ev, off - roff = ex.
	 */
	de = ev * (dv + rdv) + a->w2 * ex * (off + roff);
	if (fabs(de) > fabs(a->drift))
		a->drift = de;
	a->rows++;
}

#endif
