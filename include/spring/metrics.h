/*
 * spring/metrics.h - error metrics over a run (metrics.c).  Part of the
 * springsim library: include "spring.h" for all of it.
 *
 * STABLE: part of the library's stable core (spring.h).
 */
#ifndef SPRING_METRICS_H
#define SPRING_METRICS_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Error metrics over a run (metrics.c), in O(1) memory.  Definitions, the
 * same as in the README:
 *   max_err_x    max |x - x_ref| over every row (t = 0 included)
 *   rms_err_x    sqrt(mean((x - x_ref)^2)) over every row
 *   final_err_x  |x - x_ref| at the last row (likewise for v)
 *   overshoot    how far x goes past the target, on the far side from
 *                where it started, as a fraction of the initial distance
 *                |x0 - g0| (in units of x when that distance is 0)
 *   settle_time  the time from which |x - g(t)| stays within 2 % of the
 *                initial distance (of 1 unit when that is 0) to the end
 *                of the run; infinite when the last row is outside
 *   energy_drift (E - E_ref) / E0 at the row where |E - E_ref| is largest,
 *                E = m (v - q)^2 / 2 + k (x - g)^2 / 2 the energy relative
 *                to the target; > 0 means the rule gained energy.  E0 is
 *                the initial energy (m omega^2 / 2 when that is 0)
 *   diverged     1 if the run stopped because it diverged
 * and, for a run of another library's engine (spring_sim.engine; NaN and
 * -1 otherwise, and where the engine never does it):
 *   done_time    the wall time of the first frame on which the library
 *                declared the animation over
 *   snap_jump    the largest |jump| of a frame's rest snap (0: none)
 *   first_move_frame, first_move_time  the first frame whose x differs
 *                from x0, and its wall time: the library's frame delay
 */
typedef struct spring_metrics {
	double max_err_x, rms_err_x, final_err_x;
	double max_err_v, rms_err_v, final_err_v;
	double overshoot, settle_time, energy_drift;
	int diverged;
	long rows;		/* rows measured, t = 0 included */
	long diverged_frame;	/* first frame that diverged, or -1 */
	double done_time, snap_jump, first_move_time;	/* engines */
	long first_move_frame;
} spring_metrics;

/* A row of the trajectory: the simulated state beside the exact one. */
typedef struct spring_row {
	double t, x, v;
	double g, q;		/* target position and velocity */
	double x_ref, v_ref;
	/* a model with an intermediate spring (double): its state */
	double xi, vi, xi_ref, vi_ref;
	/* an engine's (spring_sim.engine): the library declared it over */
	int done;
} spring_row;

/* Running sums behind spring_metrics. */
typedef struct spring_metrics_acc {
	double sum_ex2, sum_ev2, inv_ex, inv_ev;	/* see sumsq_add */
	double max_ex, max_ev, last_ex, last_ev;
	double dir, dist0, band, beyond;
	double settle_from;
	int inside;
	double w2, e0_energy, drift;
	long rows;
} spring_metrics_acc;

void spring_metrics_begin(spring_metrics_acc *a, const spring_params *p,
    const spring_row *first);
void spring_metrics_add(spring_metrics_acc *a, const spring_row *row);
void spring_metrics_end(const spring_metrics_acc *a, spring_metrics *m);

#ifdef __cplusplus
}
#endif

#endif
