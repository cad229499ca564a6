/*
 * rules32.c - the update rules in single precision: the same steps
 * (rulestep.h) done in float, the way a game ships them, each the float
 * twin of a rule of spring_rules[].
 *
 * A game keeps the spring's state in float and steps it in float; what
 * that changes is most visible near rest, where a float step can no
 * longer move x by less than half an ulp of x: the spring stalls a little
 * off the target, or jitters around it, instead of decaying (the README's
 * float32 section shows it).  Here the state, the target samples and the
 * step's every operation are float (rulestep.h's literals are float too,
 * RS_C); the coefficients are the double rule's, rounded to float once
 * per step size (a game computing them in float may differ in their last
 * bit).  The state goes back into the spring_state's doubles exactly,
 * so the run's loops, metrics and the reference stay double.
 */
#include <stddef.h>
#include <string.h>

#include "spring.h"

typedef struct {
	float h, w2, c;
	float k[6];
} coef32;

typedef struct {
	float x, v;
} state32;

typedef struct {
	float g0, q0, gm, qm, g1, q1;
} target32;

#define RS_REAL float
#define RS_COEF coef32
#define RS_STATE state32
#define RS_TARGET target32
#define RS_NAME(n) n##32
#define RS_C(x) x##f
#include "rulestep.h"

/* The double rule's coefficients, each rounded to float. */
static void
round_coef(spring_coef *k)
{
	int i;

	k->h = (float)k->h;
	k->w2 = (float)k->w2;
	k->c = (float)k->c;
	for (i = 0; i < 6; i++)
		k->k[i] = (float)k->k[i];
}

/* One float step: the double arguments rounded to float, then stepped. */
#define FLOAT_TWIN(name, dbl, step)					\
static void								\
name##_twin_prepare(const spring_params *p, double h, spring_coef *k)	\
{									\
	(dbl)->prepare(p, h, k);					\
	round_coef(k);							\
}									\
static void								\
name##_twin_step(const spring_coef *k, spring_state *s,			\
    const spring_target_step *tg)					\
{									\
	coef32 kf = { (float)k->h, (float)k->w2, (float)k->c,		\
	    { (float)k->k[0], (float)k->k[1], (float)k->k[2],		\
	      (float)k->k[3], (float)k->k[4], (float)k->k[5] } };	\
	state32 sf = { (float)s->x, (float)s->v };			\
	target32 tf = { (float)tg->g0, (float)tg->q0, (float)tg->gm,	\
	    (float)tg->qm, (float)tg->g1, (float)tg->q1 };		\
									\
	step(&kf, &sf, &tf);						\
	s->x = sf.x;							\
	s->v = sf.v;							\
}

FLOAT_TWIN(explicit, spring_rule_explicit, explicit_step32)
FLOAT_TWIN(semi_implicit, spring_rule_semi_implicit, semi_implicit_step32)
FLOAT_TWIN(implicit, spring_rule_implicit, implicit_step32)
FLOAT_TWIN(rigidbody, spring_rule_rigidbody, rigidbody_step32)
FLOAT_TWIN(backward_euler, spring_rule_backward_euler,
    backward_euler_step32)
FLOAT_TWIN(verlet, spring_rule_verlet, verlet_step32)
FLOAT_TWIN(rk4, spring_rule_rk4, rk4_step32)
FLOAT_TWIN(exact, spring_rule_exact, exact_step32)

/* A twin: the double rule's name and order; its own summary and steps. */
#define TWIN_ROW(name, str, order, sum)					\
	{ str, sum, "a game's float build of the rule", order,		\
	  name##_twin_prepare, name##_twin_step }

static const spring_rule twins[] = {
	TWIN_ROW(explicit, "explicit", 1, "forward Euler, in float"),
	TWIN_ROW(semi_implicit, "semi-implicit", 1,
	    "symplectic Euler, in float"),
	TWIN_ROW(implicit, "implicit", 1, "Stable PD, in float"),
	TWIN_ROW(rigidbody, "rigidbody", 1,
	    "Stable PD as an impulse, in float"),
	TWIN_ROW(backward_euler, "backward-euler", 1,
	    "implicit Euler, in float"),
	TWIN_ROW(verlet, "verlet", 2, "velocity Verlet, in float"),
	TWIN_ROW(rk4, "rk4", 4, "classic Runge-Kutta, in float"),
	TWIN_ROW(exact, "exact", 0,
	    "the closed-form propagator rounded to float, stepped in float"),
};

/* The float twin of rule r (by name), or NULL if it has none. */
const spring_rule *
spring_rule_float32(const spring_rule *r)
{
	size_t i;

	for (i = 0; i < sizeof(twins) / sizeof(twins[0]); i++)
		if (&twins[i] == r || strcmp(twins[i].name, r->name) == 0)
			return &twins[i];
	return NULL;
}
