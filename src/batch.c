/*
 * batch.c - many runs at once, for their metrics: springs of one rule and
 * one frame count stepped side by side, a chunk of them in
 * structure-of-arrays form, so that the loop over springs vectorises.
 *
 * Each spring's numbers are those of spring_simulate's constant-dt loop
 * (sim.c, run_constant) to the bit: the rule's step is the same inline
 * code (rulestep.h), the reference takes the same products in the same
 * order and re-anchors at the same frames (reference.h), and the sums are
 * metrics_add's (metrics.h), written as selects instead of branches.  Two
 * things that loop does by branching are left to it instead: a spring
 * that diverges (the loop stops there; here the chunk runs to its end and
 * the spring is run again alone) and an error beyond 2^480, where
 * metrics_add starts rescaling its sums of squares (run again alone too).
 * Neither costs the springs that do neither.
 */
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "metrics.h"
#include "reference.h"
#include "rulestep.h"

/* Springs stepped side by side: their state fits the L1 cache. */
#define CHUNK 64

/* A chunk's springs, structure of arrays. */
struct chunk {
	int n;
	long frames;
	long index[CHUNK];		/* which of the batch's springs */
	/* the rule's coefficients and the target, g + q t */
	double h[CHUNK], w2[CHUNK], c[CHUNK];
	double k0[CHUNK], k1[CHUNK], k2[CHUNK], k3[CHUNK];
	double g[CHUNK], q[CHUNK];
	/* the state, and the reference's offset and propagator Phi(h) */
	double x[CHUNK], v[CHUNK];
	double e[CHUNK], de[CHUNK];
	double pa[CHUNK], pb[CHUNK], pc[CHUNK], pd[CHUNK];
	/* metrics_add's sums, inside as 0 or 1 */
	double max_ex[CHUNK], max_ev[CHUNK], sum_ex2[CHUNK], sum_ev2[CHUNK];
	double dir[CHUNK], band[CHUNK], beyond[CHUNK];
	double inside[CHUNK], settle[CHUNK], drift[CHUNK];
	double max_off[CHUNK];		/* largest |x - g|: divergence */
	spring_reference ref[CHUNK];	/* for the anchors */
	spring_metrics_acc acc[CHUNK];	/* the t = 0 row's sums */
};

/*
 * Every frame of every spring of the chunk, step is the rule's.  The loop
 * over springs has no branch: the metrics' ifs are selects, divergence is
 * the largest |x - g| and the state's finiteness, looked at afterwards
 * (a state that stops being finite stays so: the steps are linear).
 */
static inline __attribute__((always_inline)) void
run_chunk(struct chunk *ck, void (*step)(const spring_coef *, spring_state *,
    const spring_target_step *))
{
	long n, frames = ck->frames;
	int i, m = ck->n;

	for (n = 1; n <= frames; n++) {
		double n0 = (double)(n - 1), n1 = (double)n;

		if ((unsigned long)n % SPRING_REFERENCE_ANCHOR == 0)
			for (i = 0; i < m; i++) {
				ck->ref[i].k = n;
				reference_anchor(&ck->ref[i]);
				ck->e[i] = ck->ref[i].e;
				ck->de[i] = ck->ref[i].de;
			}
		else
			for (i = 0; i < m; i++) {
				double e = ck->e[i], de = ck->de[i];

				ck->e[i] = ck->pa[i] * e + ck->pb[i] * de;
				ck->de[i] = ck->pc[i] * e + ck->pd[i] * de;
			}
		for (i = 0; i < m; i++) {
			spring_coef k;
			spring_state s;
			spring_target_step tg;
			double t0 = n0 * ck->h[i], t1 = n1 * ck->h[i];
			double g = ck->g[i], q = ck->q[i], xr, vr;
			double ex, ev, off, dv, roff, rdv, a, b, de, in;

			k.h = ck->h[i];
			k.w2 = ck->w2[i];
			k.c = ck->c[i];
			k.k[0] = ck->k0[i];
			k.k[1] = ck->k1[i];
			k.k[2] = ck->k2[i];
			k.k[3] = ck->k3[i];
			tg.g0 = g + q * t0;
			tg.g1 = g + q * t1;
			tg.gm = 0.5 * (tg.g0 + tg.g1);
			tg.q0 = tg.qm = tg.q1 = q;
			s.x = ck->x[i];
			s.v = ck->v[i];
			step(&k, &s, &tg);
			ck->x[i] = s.x;
			ck->v[i] = s.v;

			/* reference_next's output, metrics_add's sums */
			xr = g + q * t1 + ck->e[i];
			vr = q + ck->de[i];
			ex = s.x - xr;
			ev = s.v - vr;
			off = s.x - tg.g1;
			dv = s.v - q;
			roff = xr - tg.g1;
			rdv = vr - q;
			a = fabs(ex);
			ck->max_ex[i] = a > ck->max_ex[i] ? a : ck->max_ex[i];
			a = fabs(ev);
			ck->max_ev[i] = a > ck->max_ev[i] ? a : ck->max_ev[i];
			ck->sum_ex2[i] += ex * ex;
			ck->sum_ev2[i] += ev * ev;
			b = ck->dir[i] * off;
			ck->beyond[i] = b > ck->beyond[i] ? b : ck->beyond[i];
			a = fabs(off);
			in = a <= ck->band[i] ? 1.0 : 0.0;
			/* just come inside: in 1, inside 0 */
			ck->settle[i] = in > ck->inside[i] ? t1 : ck->settle[i];
			ck->inside[i] = in;
			ck->max_off[i] = a > ck->max_off[i] ? a : ck->max_off[i];
			de = ev * (dv + rdv) + ck->w2[i] * ex * (off + roff);
			ck->drift[i] = fabs(de) > fabs(ck->drift[i]) ? de :
			    ck->drift[i];
		}
	}
}

/* One function a rule: run_chunk with the step inlined. */
#define CHUNK_RUNNER(name, step) \
	static void name(struct chunk *ck) { run_chunk(ck, step); }
CHUNK_RUNNER(chunk_explicit, explicit_step)
CHUNK_RUNNER(chunk_semi_implicit, semi_implicit_step)
CHUNK_RUNNER(chunk_implicit, implicit_step)
CHUNK_RUNNER(chunk_backward_euler, backward_euler_step)
CHUNK_RUNNER(chunk_verlet, verlet_step)
CHUNK_RUNNER(chunk_rk4, rk4_step)
CHUNK_RUNNER(chunk_exact, exact_step)

/* The rules that have a chunk runner; the others run alone. */
static const struct runner {
	const spring_rule *const *rule;
	void (*run)(struct chunk *ck);
} runners[] = {
	{ &spring_rule_explicit, chunk_explicit },
	{ &spring_rule_semi_implicit, chunk_semi_implicit },
	{ &spring_rule_implicit, chunk_implicit },
	{ &spring_rule_backward_euler, chunk_backward_euler },
	{ &spring_rule_verlet, chunk_verlet },
	{ &spring_rule_rk4, chunk_rk4 },
	{ &spring_rule_exact, chunk_exact },
};
#define NRUNNERS ((int)(sizeof(runners) / sizeof(runners[0])))

/* Springs waiting for a chunk of their rule, all of one frame count. */
struct pending {
	int n;
	long frames;
	long index[CHUNK];
};

/*
 * Put spring j of the batch in the chunk: its coefficients, its
 * reference, its t = 0 row's sums, as spring_simulate starts them.
 */
static void
chunk_add(struct chunk *ck, const spring_sim *sim, long j)
{
	const spring_params *p = &sim->params;
	spring_coef k;
	spring_row row;
	spring_reference *r;
	spring_metrics_acc *a;
	int i = ck->n++;

	ck->index[i] = j;
	sim->rule->prepare(p, sim->dt, &k);
	ck->h[i] = k.h;
	ck->w2[i] = k.w2;
	ck->c[i] = k.c;
	ck->k0[i] = k.k[0];
	ck->k1[i] = k.k[1];
	ck->k2[i] = k.k[2];
	ck->k3[i] = k.k[3];
	ck->g[i] = sim->target;
	ck->q[i] = sim->target_vel;
	ck->x[i] = sim->x0;
	ck->v[i] = sim->v0;

	r = &ck->ref[i];
	spring_reference_init(r, p, sim->x0, sim->v0, sim->target,
	    sim->target_vel, sim->dt);
	ck->e[i] = r->e;
	ck->de[i] = r->de;
	ck->pa[i] = r->frame.a;
	ck->pb[i] = r->frame.b;
	ck->pc[i] = r->frame.c;
	ck->pd[i] = r->frame.d;

	row.t = 0.0;
	row.x = row.x_ref = sim->x0;
	row.v = row.v_ref = sim->v0;
	row.g = sim->target;
	row.q = sim->target_vel;
	a = &ck->acc[i];
	spring_metrics_begin(a, p, &row);
	ck->max_ex[i] = a->max_ex;
	ck->max_ev[i] = a->max_ev;
	ck->sum_ex2[i] = a->sum_ex2;
	ck->sum_ev2[i] = a->sum_ev2;
	ck->dir[i] = a->dir;
	ck->band[i] = a->band;
	ck->beyond[i] = a->beyond;
	ck->inside[i] = a->inside ? 1.0 : 0.0;
	ck->settle[i] = a->settle_from;
	ck->drift[i] = a->drift;
	ck->max_off[i] = fabs(sim->x0 - sim->target);
}

/* The chunk's metrics; a spring it cannot vouch for runs again alone. */
static void
chunk_finish(const struct chunk *ck, const spring_sim *const *sims,
    spring_metrics *m, spring_frame_stats *fs)
{
	int i;

	for (i = 0; i < ck->n; i++) {
		long j = ck->index[i];
		const spring_sim *sim = sims[j];
		spring_metrics_acc a = ck->acc[i];
		double limit = SPRING_DIVERGE_FACTOR * (fabs(sim->x0 -
		    sim->target) + fabs(sim->v0 - sim->target_vel) /
		    sim->params.omega + 1.0);
		double xr, vr, t1 = (double)ck->frames * ck->h[i];

		if (!(ck->max_off[i] <= limit) || !isfinite(ck->x[i]) ||
		    !isfinite(ck->v[i]) || ck->max_ex[i] > 0x1p480 ||
		    ck->max_ev[i] > 0x1p480) {
			spring_simulate(sim, NULL, NULL, &m[j],
			    fs != NULL ? &fs[j] : NULL);
			continue;
		}
		xr = ck->g[i] + ck->q[i] * t1 + ck->e[i];
		vr = ck->q[i] + ck->de[i];
		a.max_ex = ck->max_ex[i];
		a.max_ev = ck->max_ev[i];
		a.sum_ex2 = ck->sum_ex2[i];
		a.sum_ev2 = ck->sum_ev2[i];
		a.last_ex = ck->frames > 0 ? ck->x[i] - xr : a.last_ex;
		a.last_ev = ck->frames > 0 ? ck->v[i] - vr : a.last_ev;
		a.beyond = ck->beyond[i];
		a.inside = ck->inside[i] != 0.0;
		a.settle_from = ck->settle[i];
		a.drift = ck->drift[i];
		a.rows += ck->frames;
		spring_metrics_end(&a, &m[j]);
		if (fs != NULL) {
			memset(&fs[j], 0, sizeof(fs[j]));
			fs[j].frames = fs[j].substeps = ck->frames;
			fs[j].max_substeps_frame = ck->frames > 0;
		}
	}
}

/* Run the springs waiting in p with runner r, and empty p. */
static void
flush(struct pending *p, const struct runner *r, struct chunk *ck,
    const spring_sim *const *sims, spring_metrics *m, spring_frame_stats *fs)
{
	int i;

	if (p->n == 0)
		return;
	ck->n = 0;
	ck->frames = p->frames;
	for (i = 0; i < p->n; i++)
		chunk_add(ck, sims[p->index[i]], p->index[i]);
	r->run(ck);
	chunk_finish(ck, sims, m, fs);
	p->n = 0;
}

/* Whether a spring runs spring_simulate's constant-dt loop. */
static int
steady(const spring_sim *sim)
{
	return (sim->policy == NULL || sim->policy == spring_policy_none) &&
	    spring_schedule_constant(sim->schedule) && sim->signal == NULL;
}

/* See spring.h. */
void
spring_simulate_batch(const spring_sim *const *sims, long n,
    spring_metrics *m, spring_frame_stats *fs)
{
	struct pending pend[NRUNNERS];
	struct chunk ck;
	long j;
	int r;

	for (r = 0; r < NRUNNERS; r++)
		pend[r].n = 0;
	for (j = 0; j < n; j++) {
		const spring_sim *sim = sims[j];
		long frames = sim->frames;
		struct pending *p;

		for (r = 0; r < NRUNNERS; r++)
			if (*runners[r].rule == sim->rule)
				break;
		if (r == NRUNNERS || !steady(sim)) {
			spring_simulate(sim, NULL, NULL, &m[j],
			    fs != NULL ? &fs[j] : NULL);
			continue;
		}
		if (frames == 0)
			frames = spring_frame_count(sim->duration, sim->dt);
		p = &pend[r];
		if (p->n > 0 && p->frames != frames)
			flush(p, &runners[r], &ck, sims, m, fs);
		p->frames = frames;
		p->index[p->n++] = j;
		if (p->n == CHUNK)
			flush(p, &runners[r], &ck, sims, m, fs);
	}
	for (r = 0; r < NRUNNERS; r++)
		flush(&pend[r], &runners[r], &ck, sims, m, fs);
}
