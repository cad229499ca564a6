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
 * (README, "Update rules"): explicit and semi-implicit at the start of
 * the step, implicit, rigidbody and backward-euler at the end, verlet and
 * rk4 at their stage times, exact over the whole step.  With that, every rule
 * follows a linearly moving target with no steady-state lag.
 */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "scaled.h"
#include "spring.h"

/* The steps, for doubles. */
#define RS_REAL double
#define RS_COEF spring_coef
#define RS_STATE spring_state
#define RS_TARGET spring_target_step
#define RS_NAME(n) n
#include "rulestep.h"

/* The constants every rule shares. */
static void
prepare_common(const spring_params *p, double h, spring_coef *k)
{
	memset(k, 0, sizeof(*k));
	k->h = h;
	k->w2 = p->omega * p->omega;
	k->c = 2.0 * p->zeta * p->omega;
}

static const spring_rule explicit_rule = {
	"explicit", "forward Euler: x += h v_old; v += h a(x_old, v_old)",
	"Studio Gobo, first listing", 1, prepare_common, explicit_step
};

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

static const spring_rule implicit_rule = {
	"implicit", "Stable PD: spring at x + h v, damping solved implicitly, "
	"x += h v_old", "Studio Gobo (Tan et al.)", 1, implicit_prepare,
	implicit_step
};

/*
 * Studio Gobo's appendix B: the spring drives a physics rigid body.  Each
 * physics update adds the Stable PD velocity change
 *	dv = h (w2 (g1 - (x + h v)) + c (q1 - v)) / (1 + h c)
 * to the body's velocity (an impulse per unit mass: the article leaves
 * the mass out), and the engine then moves the body with the new
 * velocity, x += h v'.  Per step, with H = omega h, u = 2 zeta H = h c:
 *	M = [[1 + u - H^2, h (1 - H^2)], [-w2 h, 1 - H^2]] / (1 + u)
 *	T = (2 + u - 2 H^2) / (1 + u),  D = (1 - H^2) / (1 + u)
 * (implicit's second row; the first is [1, 0] + h times it).  Taylor
 * against e^(hA) differs at h^2 (M11 = 1 - H^2 + ..., e^(hA)11 = 1 -
 * H^2 / 2 + ...): order 1.  Stable iff H <= 2 (zeta + sqrt(zeta^2 + 3))
 * / 3 (analyze.c): not unconditionally, and below implicit's limit.  The
 * same dv is the force form's h F / m for Tan et al.'s F = (k (g1 - x -
 * h v) + d (q1 - v)) / (1 + h d / m) with k = m w2, d = 2 m zeta omega:
 * the mass only renames the parameters.  Same coefficient as implicit.
 */
static const spring_rule rigidbody_rule = {
	"rigidbody", "Stable PD as an impulse, then the engine's x += h v_new "
	"(rigid-body control)", "Studio Gobo, appendix B", 1,
	implicit_prepare, rigidbody_step
};

/* Backward Euler: 1 / (1 + h c + h^2 w2), Chou's 1 / Delta. */
static void
backward_euler_prepare(const spring_params *p, double h, spring_coef *k)
{
	prepare_common(p, h, k);
	k->k[0] = 1.0 / (1.0 + h * k->c + h * h * k->w2);
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

static const spring_rule verlet_rule = {
	"verlet", "velocity Verlet, damping at the new velocity solved exactly",
	"Nissen (comments)", 2, verlet_prepare, verlet_step
};

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
	if (p->fast_exp)
		spring_propagator_fast(p->omega, p->zeta, h, &phi);
	else
		spring_propagator(p->omega, p->zeta, h, &phi);
	k->k[0] = phi.a;
	k->k[1] = phi.b;
	k->k[2] = phi.c;
	k->k[3] = phi.d;
}

static const spring_rule exact_rule = {
	"exact", "the closed form over each step (equals the reference)",
	"Holden", 0, exact_prepare, exact_step
};

/*
 * Holden's critical spring damper (y = d / 2 = omega, zeta 1): the
 * damping toward q is folded into the goal, c = g + 2 q / y, then
 * x = e^(-yh) (j0 + j1 h) + c, v = e^(-yh) (v - j1 y h) with j0 = x - c,
 * j1 = v + j0 y.  Exact for a goal held over the step, so exact for a
 * target at rest; a moving target is held at its value at the step's end
 * (g1, q1), which makes the rule first order there (the error halves with
 * the step: 9.9e-3, 5.0e-3, 2.5e-3 at dt 0.02, 0.01, 0.005 for q = 1,
 * H = 0.4 s; models.bats checks it), hence order 1 in the table though
 * its name, as --model critical takes it, stays "exact".  e^(-yh) is
 * cached per step (k[0]), with --fast-exp Holden's fast_negexp.
 */
static void
critical_prepare(const spring_params *p, double h, spring_coef *k)
{
	prepare_common(p, h, k);
	k->k[0] = p->fast_exp ? spring_fast_negexp(p->omega * h) :
	    exp(-p->omega * h);
	k->k[1] = p->omega;
}

static void
critical_step(const spring_coef *k, spring_state *s,
    const spring_target_step *tg)
{
	double y = k->k[1], c = tg->g1 + 2.0 * tg->q1 / y;
	double j0 = s->x - c;

	/* Holden's arithmetic kept within range (scaled.h) */
	critical_offset(y, k->h, k->k[0], &j0, &s->v);
	s->x = j0 + c;
}

static const spring_rule critical_rule = {
	"critical", "Holden's critical spring: (j0 + j1 t) e^-yt toward "
	"c = g + 2q/y, the goal held over the step", "Holden", 1,
	critical_prepare, critical_step
};

const spring_rule *const spring_rule_critical = &critical_rule;
const spring_rule *const spring_rule_explicit = &explicit_rule;
const spring_rule *const spring_rule_semi_implicit = &semi_implicit_rule;
const spring_rule *const spring_rule_implicit = &implicit_rule;
const spring_rule *const spring_rule_rigidbody = &rigidbody_rule;
const spring_rule *const spring_rule_backward_euler = &backward_euler_rule;
const spring_rule *const spring_rule_verlet = &verlet_rule;
const spring_rule *const spring_rule_rk4 = &rk4_rule;
const spring_rule *const spring_rule_exact = &exact_rule;

const spring_rule *const spring_rules[] = {
	&explicit_rule,
	&semi_implicit_rule,
	&implicit_rule,
	&rigidbody_rule,
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
