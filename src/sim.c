/*
 * sim.c - a whole run: frames of dt, one step of the rule per frame, the
 * exact reference and the metrics alongside.
 *
 * The loop does no allocation, no I/O of its own and no branching on
 * names: the rule was looked up once, its coefficients precomputed once.
 */
#include <math.h>
#include <stddef.h>

#include "metrics.h"
#include "reference.h"

/*
 * ceil(duration / dt), but a ratio within 1e-9 (relative) of a whole
 * number counts as that number, so 2 / 0.02 is 100 frames, not 101.
 * Returns -1 when the count does not fit a long.
 */
long
spring_frame_count(double duration, double dt)
{
	double r = duration / dt, n = nearbyint(r);

	if (!isfinite(r) || r >= 9.2e18)
		return -1;
	if (fabs(r - n) <= 1e-9 * (n > 1.0 ? n : 1.0))
		return (long)n;
	return (long)ceil(r);
}

/*
 * The target over the step [t0, t1]: linear, g(t) = g0 + q t, so its
 * middle is the mean of its ends.
 */
static inline void
sample_target(const spring_sim *sim, double t0, double t1,
    spring_target_step *tg)
{
	double g = sim->target, q = sim->target_vel;

	tg->g0 = g + q * t0;
	tg->g1 = g + q * t1;
	tg->gm = 0.5 * (tg->g0 + tg->g1);
	tg->q0 = tg->qm = tg->q1 = q;
}

/* Run the simulation; see spring.h. */
int
spring_simulate(const spring_sim *sim, spring_row_fn emit, void *ctx,
    spring_metrics *m)
{
	const spring_rule *rule = sim->rule;
	spring_coef k;
	spring_reference ref;
	spring_metrics_acc acc;
	spring_state s = { sim->x0, sim->v0 }, r;
	spring_target_step tg;
	spring_row row;
	double h = sim->dt, t0 = 0.0, limit;
	long n, diverged_frame = -1;
	int rc = 0;

	rule->prepare(&sim->params, h, &k);
	spring_reference_init(&ref, &sim->params, sim->x0, sim->v0,
	    sim->target, sim->target_vel, h);
	limit = SPRING_DIVERGE_FACTOR * (fabs(sim->x0 - sim->target) +
	    fabs(sim->v0 - sim->target_vel) / sim->params.omega + 1.0);

	row.t = 0.0;
	row.x = row.x_ref = sim->x0;
	row.v = row.v_ref = sim->v0;
	row.g = sim->target;
	row.q = sim->target_vel;
	spring_metrics_begin(&acc, &sim->params, &row);
	if (emit != NULL && (rc = emit(ctx, &row)) != 0)
		goto done;

	for (n = 1; n <= sim->frames; n++) {
		double t1 = (double)n * h;
		spring_row cur;

		sample_target(sim, t0, t1, &tg);
		t0 = t1;
		rule->step(&k, &s, &tg);
		/* !(a <= b) is also true when a is NaN */
		if (!(fabs(s.x - tg.g1) <= limit) || !isfinite(s.v)) {
			diverged_frame = n;
			break;
		}
		reference_next(&ref, &r);
		/* cur never escapes, so it can live in registers */
		cur.t = t1;
		cur.x = s.x;
		cur.v = s.v;
		cur.g = tg.g1;
		cur.q = tg.q1;
		cur.x_ref = r.x;
		cur.v_ref = r.v;
		metrics_add(&acc, &cur);
		if (emit != NULL) {
			row = cur;
			if ((rc = emit(ctx, &row)) != 0)
				break;
		}
	}
done:
	spring_metrics_end(&acc, m);
	m->diverged = diverged_frame >= 0;
	m->diverged_frame = diverged_frame;
	return rc;
}
