/*
 * metrics.h - the per-row metrics update, inline so that the simulation
 * loop (sim.c) pays no call for it.  Library-internal.
 */
#ifndef METRICS_H
#define METRICS_H

#include <math.h>

#include "spring.h"

/*
 * Add e^2 to a sum of squares kept as sum * inv^-2, inv a power of two:
 * 1 (so the sum is the plain one, to the bit) until an e beyond 2^480
 * would overflow it, then smaller.  Powers of two scale without rounding.
 */
static inline void
sumsq_add(double *sum, double *inv, double e)
{
	double s = e * *inv;

	while (fabs(s) > 0x1p480) {
		*inv *= 0x1p-600;
		*sum *= 0x1p-600;
		*sum *= 0x1p-600;
		s = e * *inv;
	}
	*sum += s * s;
}

/* Fold one row into the running sums; O(1) memory whatever the run. */
static inline void
metrics_add(spring_metrics_acc *a, const spring_row *r)
{
	double ex = r->x - r->x_ref, ev = r->v - r->v_ref;
	double off = r->x - r->g, dv = r->v - r->q;
	double roff = r->x_ref - r->g, rdv = r->v_ref - r->q;
	double de;

	sumsq_add(&a->sum_ex2, &a->inv_ex, ex);
	sumsq_add(&a->sum_ev2, &a->inv_ev, ev);
	if (fabs(ex) > a->max_ex)
		a->max_ex = fabs(ex);
	if (fabs(ev) > a->max_ev)
		a->max_ev = fabs(ev);
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
	/* energies per unit mass, doubled: m / 2 cancels in the ratio */
	de = (dv * dv + a->w2 * off * off) -
	    (rdv * rdv + a->w2 * roff * roff);
	if (fabs(de) > fabs(a->drift))
		a->drift = de;
	a->rows++;
}

#endif
