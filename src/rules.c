/*
 * rules.c - the update rules: one step of the damped spring each.
 *
 * Every rule is a static const table entry (name, order, prepare, step),
 * exported by one pointer, in the manner of GSL's odeiv2 steppers.  Adding
 * a rule is one entry here and one line in spring_rules[].
 *
 * Per unit mass the acceleration is
 *	a(x, v, g, q) = w2 (g - x) + c (q - v),  w2 = omega^2, c = 2 zeta omega.
 * Each rule reads the target at the time its formula evaluates the state
 * (DESIGN.md): explicit and semi-implicit at the start of the step,
 * implicit and backward-euler at the end, verlet and rk4 at their stage
 * times, exact over the whole step.  With that, every rule follows a
 * linearly moving target with no steady-state lag.
 */
#include <stddef.h>
#include <string.h>

#include "spring.h"

/* The acceleration of the spring toward target position g, velocity q. */
static inline double
accel(const spring_coef *k, double x, double v, double g, double q)
{
	return k->w2 * (g - x) + k->c * (q - v);
}

/* The constants every rule shares. */
static void
prepare_common(const spring_params *p, double h, spring_coef *k)
{
	memset(k, 0, sizeof(*k));
	k->h = h;
	k->w2 = p->omega * p->omega;
	k->c = 2.0 * p->zeta * p->omega;
}

/*
 * Explicit (forward) Euler, Studio Gobo's first listing: position moves
 * with the old velocity, velocity with the acceleration at the old state.
 */
static void
explicit_step(const spring_coef *k, spring_state *s,
    const spring_target_step *tg)
{
	double a = accel(k, s->x, s->v, tg->g0, tg->q0);

	s->x += k->h * s->v;
	s->v += k->h * a;
}

static const spring_rule explicit_rule = {
	"explicit", "forward Euler: x += h v_old; v += h a(x_old, v_old)",
	"Studio Gobo, first listing", 1, prepare_common, explicit_step
};

/*
 * Semi-implicit (symplectic) Euler, as Holden, Chou and Nissen write it:
 * velocity first, then position with the new velocity.
 */
static void
semi_implicit_step(const spring_coef *k, spring_state *s,
    const spring_target_step *tg)
{
	s->v += k->h * accel(k, s->x, s->v, tg->g0, tg->q0);
	s->x += k->h * s->v;
}

static const spring_rule semi_implicit_rule = {
	"semi-implicit", "symplectic Euler: v += h a(x, v); x += h v_new",
	"Holden, Chou, Nissen", 1, prepare_common, semi_implicit_step
};

/* Stable PD: 1 / (1 + h c), the implicit damping divisor. */
static void
implicit_prepare(const spring_params *p, double h, spring_coef *k)
{
	prepare_common(p, h, k);
	k->k[0] = 1.0 / (1.0 + h * k->c);
}

/*
 * Studio Gobo's implicit update (Tan et al.'s Stable PD): the spring pulls
 * from the position predicted at the end of the step, x + h v, toward the
 * target at the end of the step; damping is solved implicitly; position
 * moves with the old velocity.
 */
static void
implicit_step(const spring_coef *k, spring_state *s,
    const spring_target_step *tg)
{
	double h = k->h, x = s->x, v = s->v;
	double xp = x + h * v;

	s->v = v + h * (k->w2 * (tg->g1 - xp) + k->c * (tg->q1 - v)) *
	    k->k[0];
	s->x = x + h * v;
}

static const spring_rule implicit_rule = {
	"implicit", "Stable PD: spring at x + h v, damping solved implicitly, "
	"x += h v_old", "Studio Gobo (Tan et al.)", 1, implicit_prepare,
	implicit_step
};

/* Backward Euler: 1 / (1 + h c + h^2 w2), Chou's 1 / Delta. */
static void
backward_euler_prepare(const spring_params *p, double h, spring_coef *k)
{
	prepare_common(p, h, k);
	k->k[0] = 1.0 / (1.0 + h * k->c + h * h * k->w2);
}

/*
 * Fully implicit Euler, Allen Chou's Cramer-rule solution: x and v both at
 * the end of the step, v' = (v + h w2 (g1 - x) + h c q1) / Delta,
 * x' = x + h v'.  (Chou's Delta_x / Delta is the same x'.)
 */
static void
backward_euler_step(const spring_coef *k, spring_state *s,
    const spring_target_step *tg)
{
	double h = k->h;

	s->v = (s->v + h * k->w2 * (tg->g1 - s->x) + h * k->c * tg->q1) *
	    k->k[0];
	s->x += h * s->v;
}

static const spring_rule backward_euler_rule = {
	"backward-euler", "implicit Euler, x and v at the end of the step "
	"(Cramer's rule)", "Allen Chou", 1, backward_euler_prepare,
	backward_euler_step
};

/*
 * Velocity Verlet: 1 / (1 + h c / 2) for the implicit damping half, h / 2,
 * h^2 / 2, and the weight of the new position in the new velocity.
 */
static void
verlet_prepare(const spring_params *p, double h, spring_coef *k)
{
	prepare_common(p, h, k);
	k->k[0] = 1.0 / (1.0 + 0.5 * h * k->c);
	k->k[1] = 0.5 * h;
	k->k[2] = 0.5 * h * h;
	k->k[3] = k->k[0] * 0.5 * h * k->w2;
}

/*
 * Velocity Verlet (Nissen's comments).  x' = x + h v + h^2 a0 / 2, then
 * v' = v + h (a0 + a1) / 2 with a1 = w2 (g1 - x') + c (q1 - v') evaluated
 * at the new velocity, solved exactly for v':
 *	v' = (v + h/2 (a0 + w2 g1 + c q1) - h/2 w2 x') / (1 + h c / 2).
 * A half-step velocity in the damping term would make it first order; this
 * is second order with damping.  The x' term comes last so that it does
 * not wait on the rest (the step is latency-bound).
 */
static void
verlet_step(const spring_coef *k, spring_state *s,
    const spring_target_step *tg)
{
	double v = s->v, a0 = accel(k, s->x, v, tg->g0, tg->q0);
	double x1 = s->x + k->h * v + k->k[2] * a0;
	double u = v + k->k[1] * (a0 + k->w2 * tg->g1 + k->c * tg->q1);

	s->v = k->k[0] * u - k->k[3] * x1;
	s->x = x1;
}

static const spring_rule verlet_rule = {
	"verlet", "velocity Verlet, damping at the new velocity solved exactly",
	"Nissen (comments)", 2, verlet_prepare, verlet_step
};

/*
 * Classic fourth-order Runge-Kutta (Fiedler), the target sampled at the
 * stage times t, t + h/2, t + h/2, t + h.
 */
static void
rk4_step(const spring_coef *k, spring_state *s, const spring_target_step *tg)
{
	double h = k->h, x = s->x, v = s->v;
	double x1 = v, v1 = accel(k, x, v, tg->g0, tg->q0);
	double x2 = v + 0.5 * h * v1;
	double v2 = accel(k, x + 0.5 * h * x1, x2, tg->gm, tg->qm);
	double x3 = v + 0.5 * h * v2;
	double v3 = accel(k, x + 0.5 * h * x2, x3, tg->gm, tg->qm);
	double x4 = v + h * v3;
	double v4 = accel(k, x + h * x3, x4, tg->g1, tg->q1);

	s->x = x + h / 6.0 * (x1 + 2.0 * (x2 + x3) + x4);
	s->v = v + h / 6.0 * (v1 + 2.0 * (v2 + v3) + v4);
}

static const spring_rule rk4_rule = {
	"rk4", "classic fourth-order Runge-Kutta, target at the stage times",
	"Fiedler", 4, prepare_common, rk4_step
};

/* The exact rule: the closed-form propagator over one step. */
static void
exact_prepare(const spring_params *p, double h, spring_coef *k)
{
	spring_mat2 phi;

	prepare_common(p, h, k);
	spring_propagator(p->omega, p->zeta, h, &phi);
	k->k[0] = phi.a;
	k->k[1] = phi.b;
	k->k[2] = phi.c;
	k->k[3] = phi.d;
}

/*
 * Holden's exact spring: carry the offset from the target over the step
 * with the closed form.  The goal is the target as it stands at the end of
 * the step, moving at its velocity there, g1 + q1 (t - t1) (Holden's
 * function is given this frame's goal): exact for a target moving
 * linearly over the step, where g1 - q1 h is g0; for a target that jumps
 * or is fed another velocity, the spring chases that line, never jumps.
 */
static void
exact_step(const spring_coef *k, spring_state *s, const spring_target_step *tg)
{
	double e = s->x - (tg->g1 - tg->q1 * k->h), de = s->v - tg->q1;

	s->x = tg->g1 + (k->k[0] * e + k->k[1] * de);
	s->v = tg->q1 + (k->k[2] * e + k->k[3] * de);
}

static const spring_rule exact_rule = {
	"exact", "the closed form over each step (equals the reference)",
	"Holden", 0, exact_prepare, exact_step
};

const spring_rule *const spring_rule_explicit = &explicit_rule;
const spring_rule *const spring_rule_semi_implicit = &semi_implicit_rule;
const spring_rule *const spring_rule_implicit = &implicit_rule;
const spring_rule *const spring_rule_backward_euler = &backward_euler_rule;
const spring_rule *const spring_rule_verlet = &verlet_rule;
const spring_rule *const spring_rule_rk4 = &rk4_rule;
const spring_rule *const spring_rule_exact = &exact_rule;

const spring_rule *const spring_rules[] = {
	&explicit_rule,
	&semi_implicit_rule,
	&implicit_rule,
	&backward_euler_rule,
	&verlet_rule,
	&rk4_rule,
	&exact_rule,
	NULL
};

/* Walk the table for a rule by name. */
const spring_rule *
spring_rule_find(const char *name)
{
	const spring_rule *const *r;

	for (r = spring_rules; *r != NULL; r++)
		if (strcmp((*r)->name, name) == 0)
			return *r;
	return NULL;
}
