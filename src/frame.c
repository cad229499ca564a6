/*
 * frame.c - advancing a spring by one frame: the substep policies.
 *
 * Studio Gobo ("Spring dynamics for production") gives three listings for
 * keeping a spring's behaviour independent of the frame rate, each with a
 * max-updates guard against a death spiral after a long hitch:
 *	max	steps of H while time is left, the remainder as a last,
 *		shorter step;
 *	uniform	n = ceil(frame / H) equal steps of frame / n;
 *	fixed	an accumulator stepping exactly H while the simulation is
 *		behind the clock, showing the state interpolated between the
 *		last two steps.
 * none is one step of the frame's length.  The guard's effect is measured,
 * never silent: time lost (max, uniform), the lag of what is shown behind
 * the wall clock, the steps taken.
 *
 * One liberty with the listings: their loops run while time left > 0, so
 * a rounding residue (0.05 - 3/60 is 7e-18, not 0) would buy a spurious
 * step of 7e-18 s, and ceil(0.05 / (1/60)) is 4, not 3.  Here time left
 * below 1e-9 H is rounding, and the uniform count is taken within 1e-9.
 */
#include <limits.h>
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "spring.h"

/*
 * ceil(duration / dt), but a ratio within 1e-9 (relative) of a whole
 * number counts as that number, so 2 / 0.02 is 100 frames, not 101.
 * A duration above 0 is at least one frame, however short (1e-10 of a
 * frame would round to none, and the run would stop at t = 0).
 * Returns -1 when the count does not fit a long.  (Here, not in sim.c:
 * the stepper and the models count frames too, and sim.c runs both.)
 */
long
spring_frame_count(double duration, double dt)
{
	double r = duration / dt, n = nearbyint(r);

	if (!isfinite(r) || r >= 9.2e18)
		return -1;
	if (n < 1.0 && r > 0.0)
		return 1;
	if (fabs(r - n) <= 1e-9 * (n > 1.0 ? n : 1.0))
		return (long)n;
	return (long)ceil(r);
}

/* Time left below this fraction of H is a rounding residue. */
#define RESIDUE 1e-9

/* The coefficients for a step of h: cached for the two sizes in use. */
static const spring_coef *
coef_for(spring_stepper *st, double h)
{
	spring_params p = st->params;
	int i;

	if (st->h_coef[0] == h)
		return &st->coef[0];
	if (st->h_coef[1] == h)
		return &st->coef[1];
	/* the main step stays in slot 0, any other size takes slot 1 */
	i = st->h_coef[0] == 0.0 ? 0 : 1;
	if (st->nissen)
		spring_from_nissen(st->ck, st->cd, st->params.mass, h, &p);
	st->rule->prepare(&p, h, &st->coef[i]);
	st->h_coef[i] = h;
	return &st->coef[i];
}

/*
 * A signal as a step sees it, at its start, middle and end (there with
 * the velocity during the step, not after a breakpoint), with the
 * velocity the rules are fed: the signal's, the frame's difference
 * quotient, or zero.
 */
static void
sample_signal(const spring_stepper *st, double t0, double t1,
    spring_target_step *tg)
{
	spring_signal_at(st->signal, t0, &tg->g0, &tg->q0);
	spring_signal_at(st->signal, 0.5 * (t0 + t1), &tg->gm, &tg->qm);
	spring_signal_end(st->signal, t1, &tg->g1, &tg->q1);
	if (st->vel_source == SPRING_VEL_DIFFERENCE)
		tg->q0 = tg->qm = tg->q1 = st->q_frame;
	else if (st->vel_source == SPRING_VEL_ZERO)
		tg->q0 = tg->qm = tg->q1 = 0.0;
}

/*
 * One step of the rule of size h over the times [t0, t1], the target
 * sampled on them (t1 - t0 is h but for rounding: frames end at n dt).
 */
static void
step(spring_stepper *st, double t0, double t1, double h)
{
	spring_target_step tg;

	if (st->signal == NULL) {
		tg.g0 = st->g0 + st->q * t0;
		tg.g1 = st->g0 + st->q * t1;
		tg.gm = 0.5 * (tg.g0 + tg.g1);
		tg.q0 = tg.qm = tg.q1 = st->q;
	} else
		sample_signal(st, t0, t1, &tg);
	st->prev = st->s;
	st->rule->step(coef_for(st, h), &st->s, &tg);
	st->substeps++;
	st->frame_substeps++;
}

/* Book-keeping at a frame's end: counts, the guard, the lag. */
static void
end_frame(spring_stepper *st, double wall, int capped)
{
	st->frames++;
	st->wall = wall;
	if (st->frame_substeps > st->max_substeps_frame)
		st->max_substeps_frame = st->frame_substeps;
	if (capped && st->first_capped == 0)
		st->first_capped = st->frames;
	if (wall - st->t_shown > st->max_lag)
		st->max_lag = wall - st->t_shown;
}

/*
 * none: one step of the frame's length.  The target is read on the wall
 * clock, [wall - frame_dt, wall], so that frames of n dt see it at n dt.
 */
static void
advance_none(spring_stepper *st, double frame_dt, double wall)
{
	st->frame_substeps = 0;
	step(st, st->wall, wall, frame_dt);
	st->t_sim += frame_dt;
	st->shown = st->s;
	st->t_shown = wall;
	end_frame(st, wall, 0);
}

/*
 * max (Gobo's first listing): steps of H while time is left, the
 * remainder last, at most N steps; what the guard cuts is lost.
 */
static void
advance_max(spring_stepper *st, double frame_dt, double wall)
{
	double left = frame_dt, t = st->wall, h;
	double residue = RESIDUE * st->max_dt;
	int c = 0;

	st->frame_substeps = 0;
	while (left > residue && c < st->max_substeps) {
		h = left < st->max_dt ? left : st->max_dt;
		step(st, t, t + h, h);
		t += h;
		left -= h;
		c++;
	}
	if (left <= residue)
		left = 0.0;
	st->t_sim += frame_dt - left;
	st->lost_time += left;
	st->shown = st->s;
	st->t_shown = st->t_shown + (frame_dt - left);
	end_frame(st, wall, left > 0.0);
}

/*
 * uniform (Gobo's second listing): n = ceil(frame / H) equal steps of
 * frame / n, at most N of them; a capped frame loses n - N of its steps.
 */
static void
advance_uniform(spring_stepper *st, double frame_dt, double wall)
{
	long n = spring_frame_count(frame_dt, st->max_dt);
	double h, t = st->wall, done;
	int i, steps;

	if (n < 0) {
		/* more steps than a long counts (frame / H >= 9.2e18): the
		 * guard cuts them in any case; the steps are still ~H */
		h = frame_dt / ceil(frame_dt / st->max_dt);
		n = LONG_MAX;
	} else {
		if (n < 1)
			n = 1;
		h = frame_dt / (double)n;
	}
	steps = n > st->max_substeps ? st->max_substeps : (int)n;
	st->frame_substeps = 0;
	for (i = 0; i < steps; i++) {
		step(st, t, t + h, h);
		t += h;
	}
	done = steps == n ? frame_dt : (double)steps * h;
	st->t_sim += done;
	st->lost_time += frame_dt - done;
	st->shown = st->s;
	st->t_shown += done;
	end_frame(st, wall, steps < n);
}

/*
 * fixed (Gobo's third listing): add the frame to the time to simulate,
 * step exactly H while it is positive, at most N times; show the state
 * interpolated between the last two steps with alpha = 1 + left / H,
 * clamped to [0, 1].  The next frame goes on from the true state; time
 * the guard left carries over.
 */
static void
advance_fixed(spring_stepper *st, double frame_dt, double wall)
{
	double H = st->max_dt, alpha;
	int c = 0;

	st->frame_substeps = 0;
	st->accumulator += frame_dt;
	while (st->accumulator > RESIDUE * H && c < st->max_substeps) {
		step(st, st->t_sim, st->t_sim + H, H);
		st->t_sim += H;
		st->accumulator -= H;
		c++;
	}
	/* with no step this frame, still between the last two steps */
	alpha = 1.0 + st->accumulator / H;
	if (alpha > 1.0)
		alpha = 1.0;
	if (alpha < 0.0)
		alpha = 0.0;
	st->shown.x = st->prev.x + alpha * (st->s.x - st->prev.x);
	st->shown.v = st->prev.v + alpha * (st->s.v - st->prev.v);
	st->t_shown = st->t_sim - (1.0 - alpha) * H;
	end_frame(st, wall, st->accumulator > RESIDUE * H);
}

static const spring_policy none_policy = {
	"none", "one step of the frame's length", advance_none
};
static const spring_policy max_policy = {
	"max", "steps of max_dt, the remainder as a last shorter step "
	"(Studio Gobo 1)", advance_max
};
static const spring_policy uniform_policy = {
	"uniform", "ceil(frame / max_dt) equal steps (Studio Gobo 2)",
	advance_uniform
};
static const spring_policy fixed_policy = {
	"fixed", "steps of exactly max_dt, the state shown interpolated "
	"(Studio Gobo 3)", advance_fixed
};

const spring_policy *const spring_policy_none = &none_policy;
const spring_policy *const spring_policy_max = &max_policy;
const spring_policy *const spring_policy_uniform = &uniform_policy;
const spring_policy *const spring_policy_fixed = &fixed_policy;

const spring_policy *const spring_policies[] = {
	&none_policy, &max_policy, &uniform_policy, &fixed_policy, NULL
};

/* Walk the table for a policy by name. */
const spring_policy *
spring_policy_find(const char *name)
{
	const spring_policy *const *p;

	for (p = spring_policies; *p != NULL; p++)
		if (strcmp((*p)->name, name) == 0)
			return *p;
	return NULL;
}

/* A spring at (x0, v0), wall time 0, nothing stepped yet. */
void
spring_stepper_init(spring_stepper *st, const spring_rule *rule,
    const spring_policy *policy, const spring_params *p, double max_dt,
    int max_substeps, double x0, double v0, double g0, double q)
{
	memset(st, 0, sizeof(*st));
	st->rule = rule;
	st->policy = policy != NULL ? policy : &none_policy;
	st->params = *p;
	st->max_dt = max_dt;
	st->max_substeps = max_substeps;
	st->g0 = g0;
	st->q = q;
	st->s.x = st->prev.x = st->shown.x = x0;
	st->s.v = st->prev.v = st->shown.v = v0;
}

/*
 * One frame under the stepper's policy.  Fed the difference, the rules
 * see (g(wall) - g(last wall)) / frame for the whole frame, as a game
 * that knows only this frame's target and the last one's.
 */
void
spring_stepper_advance(spring_stepper *st, double frame_dt, double wall)
{
	double g0, g1, q;

	if (st->signal != NULL && st->vel_source == SPRING_VEL_DIFFERENCE) {
		spring_signal_at(st->signal, st->wall, &g0, &q);
		spring_signal_at(st->signal, wall, &g1, &q);
		st->q_frame = (g1 - g0) / frame_dt;
	}
	st->policy->advance(st, frame_dt, wall);
}
