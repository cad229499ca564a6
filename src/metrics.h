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

/*
 * Start the sums with the t = 0 row.  The initial distance |x0 - g0| sets
 * the scale of overshoot and of the settling band; where it is zero the
 * scale is one unit of x, and "past the target" is taken in the direction
 * the spring first moves relative to the target.  Inline so that the
 * batch (batch.c) builds no row in memory for it.
 */
static inline void
metrics_begin(spring_metrics_acc *a, const spring_params *p,
    const spring_row *first)
{
	static const spring_metrics_acc zero;	/* padding too: zero bits */
	double off = first->x - first->g, dv = first->v - first->q;

	*a = zero;	/* memset's bytes, copied: no rep stos */
	a->inv_ex = a->inv_ev = 1.0;
	a->dist0 = fabs(off);
	if (off != 0.0)
		a->dir = off < 0.0 ? 1.0 : -1.0;
	else if (dv != 0.0)
		a->dir = dv > 0.0 ? 1.0 : -1.0;
	a->band = 0.02 * (a->dist0 > 0.0 ? a->dist0 : 1.0);
	a->w2 = p->omega * p->omega;
	a->e0_energy = dv * dv + a->w2 * off * off;
	if (a->e0_energy == 0.0)
		a->e0_energy = a->w2;
	a->settle_from = INFINITY;
	metrics_add(a, first);
}

/*
 * metrics_begin(a, p, first), given b, what it gave for the same row
 * (the same bits) and another spring: of p only omega enters, through
 * w2, the initial energy and the t = 0 row's energy drift (metrics_add's
 * de, the drift starting at 0), worked out again here; the rest is b's.
 * The batch (batch.c) starts a chunk's springs with it, most of which
 * start alike.
 */
static inline void
metrics_begin_as(spring_metrics_acc *a, const spring_metrics_acc *b,
    const spring_params *p, const spring_row *first)
{
	double ex = first->x - first->x_ref, ev = first->v - first->v_ref;
	double off = first->x - first->g, dv = first->v - first->q;
	double roff = first->x_ref - first->g, rdv = first->v_ref - first->q;
	double de;

	*a = *b;
	a->w2 = p->omega * p->omega;
	a->e0_energy = dv * dv + a->w2 * off * off;
	if (a->e0_energy == 0.0)
		a->e0_energy = a->w2;
	de = ev * (dv + rdv) + a->w2 * ex * (off + roff);
	a->drift = fabs(de) > fabs(0.0) ? de : 0.0;
}

/*
 * sqrt(sum / rows) / inv: the root mean square of errors summed as sum
 * (sumsq_rescale).  inv is 1 but where an error passed 2^480, and a
 * root divided by 1 is itself (a square root is never a signalling
 * NaN): that division, at the end of a chain of two, is left out.
 */
static inline double
rms_of(double sum, double inv, long rows)
{
	double r = sqrt(sum / (double)rows);

	return inv == 1.0 ? r : r / inv;
}

/*
 * Turn the sums into the metrics; full 0: the x errors alone, the others
 * NaN (spring_simulate_batch_some, which summed nothing else), without
 * the square root and divisions they would cost.
 */
static inline void
metrics_end(const spring_metrics_acc *a, spring_metrics *m, int full)
{
	static const spring_metrics zero;

	*m = zero;
	m->rows = a->rows;
	m->max_err_x = a->max_ex;
	m->rms_err_x = rms_of(a->sum_ex2, a->inv_ex, a->rows);
	m->final_err_x = fabs(a->last_ex);
	if (full) {
		m->max_err_v = a->max_ev;
		m->rms_err_v = rms_of(a->sum_ev2, a->inv_ev, a->rows);
		m->final_err_v = fabs(a->last_ev);
		m->overshoot = a->beyond / (a->dist0 > 0.0 ? a->dist0 : 1.0);
		m->settle_time = a->inside ? a->settle_from : INFINITY;
		m->energy_drift = a->drift / a->e0_energy;
	} else
		m->max_err_v = m->rms_err_v = m->final_err_v = m->overshoot =
		    m->settle_time = m->energy_drift = NAN;
	m->diverged = 0;
	m->diverged_frame = -1;
	m->done_time = m->snap_jump = m->first_move_time = NAN;
	m->first_move_frame = -1;
}

#endif
