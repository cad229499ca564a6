/*
 * rules.c - the update rules: one step of the damped spring each.
 *
 * Every rule is one row (RULE: name, order, prepare, step, stability
 * limit, kernel, and its float twin made beside it), exported by one
 * pointer, in the manner of GSL's odeiv2 steppers.  Adding a rule is its
 * step in rulestep.h, its id in internal.h's SPRING_KERNELS, one row
 * here and its public pointer's declaration in core.h; spring_rules[],
 * the pointers, sim.c's loops, batch.c's tiles, rules32.c's twins and
 * analyze.c's limits derive from those.
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

#include "internal.h"
#include "scaled.h"

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

/*
 * The stability limits on H = omega dt in closed form, a row's
 * stable_hw (analyze.c's spring_max_stable_hw), derived in springsim(1)
 * from the Schur-Cohn (Jury) conditions on M's characteristic polynomial
 * mu^2 - T mu + D: stable iff |D| <= 1 and |T| <= 1 + D.
 */

/*
 * Explicit Euler: M = I + h A, mu = 1 + h lambda.  Under-damped:
 * |mu|^2 = 1 - 2 zeta H + H^2 <= 1 iff H <= 2 zeta (0 undamped: Studio
 * Gobo's explicit spring grows at every step size).  Over-damped: the
 * fast root -omega (zeta + sqrt(zeta^2 - 1)) needs H (zeta + sqrt(zeta^2
 * - 1)) <= 2.
 */
static double
explicit_limit(double zeta)
{
	if (zeta < 1.0)
		return 2.0 * zeta;
	return 2.0 / (zeta + sqrt((zeta - 1.0) * (zeta + 1.0)));
}

/*
 * Semi-implicit Euler (Holden, Chou, Nissen): D = 1 - 2 zeta H, T = 2 -
 * 2 zeta H - H^2; 1 + T + D >= 0 is H^2 + 4 zeta H <= 4, so H <= 2
 * (sqrt(zeta^2 + 1) - zeta), written without the cancellation.  Damping
 * makes the limit smaller: 2 undamped, 2 (sqrt 2 - 1) critically damped.
 */
static double
semi_implicit_limit(double zeta)
{
	return 2.0 / (zeta + hypot(zeta, 1.0));
}

/*
 * Studio Gobo's implicit (Stable PD) update as written: with u = 2 zeta
 * H, D = 1 / (1 + u), T = (2 + u - H^2) / (1 + u); 1 + T + D >= 0 is
 * H^2 - 4 zeta H <= 4: H <= 2 (zeta + sqrt(zeta^2 + 1)).  Finite: not
 * "unconditionally stable".
 */
static double
implicit_limit(double zeta)
{
	return 2.0 * (zeta + hypot(zeta, 1.0));
}

/*
 * Studio Gobo's appendix B (rigidbody): the same velocity change, position
 * moved with the new velocity.  With u = 2 zeta H, T = (2 + u - 2 H^2) /
 * (1 + u), D = (1 - H^2) / (1 + u); 1 - T + D = H^2 / (1 + u) > 0;
 * 1 + T + D = (4 + 2 u - 3 H^2) / (1 + u) >= 0 is 3 H^2 - 4 zeta H <= 4:
 * H <= 2 (zeta + sqrt(zeta^2 + 3)) / 3; D >= -1, H <= zeta + sqrt(zeta^2
 * + 2), is weaker (9 (zeta^2 + 2) > 4 (zeta^2 + 3)).  2 / sqrt 3 undamped,
 * 4/3 at zeta 1/4, 2 at zeta 1: finite, a third of implicit's for large
 * zeta and below it everywhere; below semi-implicit's for zeta < 1 /
 * (2 sqrt 2), where both are sqrt 2, above it beyond.
 */
static double
rigidbody_limit(double zeta)
{
	return 2.0 * (zeta + sqrt(zeta * zeta + 3.0)) / 3.0;
}

/*
 * Velocity Verlet with the damping solved at the new velocity: with
 * s = zeta H, D = (1 - s) / (1 + s), T = 2 (1 - H^2 / 2) / (1 + s);
 * 1 + T + D = (4 - H^2) / (1 + s): H <= 2 whatever the damping.
 */
static double
verlet_limit(double zeta)
{
	(void)zeta;
	return 2.0;
}

/*
 * Backward Euler, mu = 1 / (1 - h lambda), and the exact rule, mu =
 * e^(h lambda): |mu| <= 1 whenever Re lambda <= 0, at every step.
 */
static double
unconditional(double zeta)
{
	(void)zeta;
	return INFINITY;
}

/* rk4 has no closed form: its limit is searched (stable_hw NULL). */
#define no_limit NULL

/*
 * A rule with a kernel (internal.h's SPRING_KERNELS id): its row,
 * id##_rule, and its float twin's, id##_twin (rules32.c's step; the
 * rule's name, order and limit, the summary sum32, its own twin), from
 * one line.  sum and src: the row's summary and source.
 */
#define RULE(id, nm, ord, prep, limit, sum, src, sum32)		\
static const spring_rule id##_twin = {					\
	nm, sum32, "a game's float build of the rule", ord,		\
	spring_twin_##id##_prepare, spring_twin_##id##_step,		\
	&id##_twin, limit, SPRING_KERNEL_NONE				\
};									\
static const spring_rule id##_rule = {					\
	nm, sum, src, ord, prep, id##_step, &id##_twin, limit,		\
	SPRING_KERNEL_##id						\
}

RULE(explicit, "explicit", 1, prepare_common, explicit_limit,
    "forward Euler: x += h v_old; v += h a(x_old, v_old)",
    "Studio Gobo, first listing", "forward Euler, in float");

RULE(semi_implicit, "semi-implicit", 1, prepare_common,
    semi_implicit_limit, "symplectic Euler: v += h a(x, v); x += h v_new",
    "Holden, Chou, Nissen", "symplectic Euler, in float");

/* Stable PD: 1 / (1 + h c), the implicit damping divisor. */
static void
implicit_prepare(const spring_params *p, double h, spring_coef *k)
{
	prepare_common(p, h, k);
	k->k[0] = 1.0 / (1.0 + h * k->c);
}

RULE(implicit, "implicit", 1, implicit_prepare, implicit_limit,
    "Stable PD: spring at x + h v, damping solved implicitly, "
    "x += h v_old", "Studio Gobo (Tan et al.)", "Stable PD, in float");

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
RULE(rigidbody, "rigidbody", 1, implicit_prepare, rigidbody_limit,
    "Stable PD as an impulse, then the engine's x += h v_new "
    "(rigid-body control)", "Studio Gobo, appendix B",
    "Stable PD as an impulse, in float");

/* Backward Euler: 1 / (1 + h c + h^2 w2), Chou's 1 / Delta. */
static void
backward_euler_prepare(const spring_params *p, double h, spring_coef *k)
{
	prepare_common(p, h, k);
	k->k[0] = 1.0 / (1.0 + h * k->c + h * h * k->w2);
}

RULE(backward_euler, "backward-euler", 1, backward_euler_prepare,
    unconditional, "implicit Euler, x and v at the end of the step "
    "(Cramer's rule)", "Allen Chou", "implicit Euler, in float");

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

RULE(verlet, "verlet", 2, verlet_prepare, verlet_limit,
    "velocity Verlet, damping at the new velocity solved exactly",
    "Nissen (comments)", "velocity Verlet, in float");

RULE(rk4, "rk4", 4, prepare_common, no_limit,
    "classic fourth-order Runge-Kutta, target at the stage times",
    "Fiedler", "classic Runge-Kutta, in float");

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

RULE(exact, "exact", 0, exact_prepare, unconditional,
    "the closed form over each step (equals the reference)", "Holden",
    "the closed-form propagator rounded to float, stepped in float");

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

/* No float twin; its limit searched; batch.c's tiles step it. */
static const spring_rule critical_rule = {
	"critical", "Holden's critical spring: (j0 + j1 t) e^-yt toward "
	"c = g + 2q/y, the goal held over the step", "Holden", 1,
	critical_prepare, critical_step, NULL, NULL, SPRING_KERNEL_critical
};
#undef RULE

/* Each kernel's rule by its public name (core.h), and critical. */
#define RULE_PTR(id) const spring_rule *const spring_rule_##id = &id##_rule;
SPRING_KERNELS(RULE_PTR)
#undef RULE_PTR
const spring_rule *const spring_rule_critical = &critical_rule;

/*
 * The table: the kernels' rules in SPRING_KERNELS's order (a rule with no
 * kernel would be added by name after them); critical is a model's.
 */
#define RULE_ROW(id) &id##_rule,
const spring_rule *const spring_rules[] = {
	SPRING_KERNELS(RULE_ROW)
	NULL
};
#undef RULE_ROW

/* Walk the table for a rule by name: the one look-up by name. */
const spring_rule *
spring_rule_find(const char *name)
{
	const spring_rule *const *r;

	for (r = spring_rules; *r != NULL; r++)
		if (strcmp((*r)->name, name) == 0)
			return *r;
	return NULL;
}

/*
 * See core.h: one frame of one spring in one call.  The coefficients are
 * prepared anew at each call (a few exp and sqrt for the exact rule), the
 * price of needing no struct; the target is at rest, so every sample of
 * the step is the same point.  Nothing is written unless all is valid.
 */
int
spring_step_named(const char *rule_name, double omega, double zeta,
    double h, double target, double *x, double *v)
{
	const spring_rule *r;
	spring_params p;
	spring_coef k;
	spring_state s;
	spring_target_step tg;

	if (rule_name == NULL || x == NULL || v == NULL ||
	    (r = spring_rule_find(rule_name)) == NULL ||
	    spring_params_set(omega, zeta, 1.0, &p) != 0 ||
	    !(h > 0.0) || !isfinite(h) || !isfinite(target) ||
	    !isfinite(*x) || !isfinite(*v))
		return -1;
	tg.g0 = tg.gm = tg.g1 = target;
	tg.q0 = tg.qm = tg.q1 = 0.0;
	s.x = *x;
	s.v = *v;
	r->prepare(&p, h, &k);
	r->step(&k, &s, &tg);
	if (!isfinite(s.x) || !isfinite(s.v))
		return -1;
	*x = s.x;
	*v = s.v;
	return 0;
}

/* See core.h: the row's twin. */
const spring_rule *
spring_rule_float32(const spring_rule *r)
{
	return r->float32;
}
