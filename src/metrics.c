/*
 * metrics.c - error and behaviour metrics over a run, streamed in O(1)
 * memory.  The definitions are in spring.h (and --help, the README).
 */
#include <math.h>
#include <string.h>

#include "metrics.h"

/*
 * Start the sums with the t = 0 row.  The initial distance |x0 - g0| sets
 * the scale of overshoot and of the settling band; where it is zero the
 * scale is one unit of x, and "past the target" is taken in the direction
 * the spring first moves relative to the target.
 */
void
spring_metrics_begin(spring_metrics_acc *a, const spring_params *p,
    const spring_row *first)
{
	double off = first->x - first->g, dv = first->v - first->q;

	memset(a, 0, sizeof(*a));
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

/* Fold one row into the sums (the out-of-line form of metrics_add). */
void
spring_metrics_add(spring_metrics_acc *a, const spring_row *row)
{
	metrics_add(a, row);
}

/* Turn the sums into the metrics. */
void
spring_metrics_end(const spring_metrics_acc *a, spring_metrics *m)
{
	memset(m, 0, sizeof(*m));
	m->rows = a->rows;
	m->max_err_x = a->max_ex;
	m->max_err_v = a->max_ev;
	m->rms_err_x = sqrt(a->sum_ex2 / (double)a->rows) / a->inv_ex;
	m->rms_err_v = sqrt(a->sum_ev2 / (double)a->rows) / a->inv_ev;
	m->final_err_x = fabs(a->last_ex);
	m->final_err_v = fabs(a->last_ev);
	m->overshoot = a->beyond / (a->dist0 > 0.0 ? a->dist0 : 1.0);
	m->settle_time = a->inside ? a->settle_from : INFINITY;
	m->energy_drift = a->drift / a->e0_energy;
	m->diverged = 0;
	m->diverged_frame = -1;
	m->done_time = m->snap_jump = m->first_move_time = NAN;
	m->first_move_frame = -1;
}
