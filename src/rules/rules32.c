/*
 * rules32.c - the update rules in single precision: the same steps
 * (rulestep.h) done in float, the way a game ships them, each the float
 * twin of a rule of spring_rules[]: one for each kernel of internal.h's
 * SPRING_KERNELS, whose rows (rules.c) point at them.
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
#include "internal.h"

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

/*
 * A kernel's float twin, its prepare and step (rules.c's RULE makes the
 * twin's row of them): the double rule's coefficients rounded to float;
 * the double arguments rounded to float, then stepped.
 */
#define FLOAT_TWIN(id)							\
void									\
spring_twin_##id##_prepare(const spring_params *p, double h,		\
    spring_coef *k)							\
{									\
	spring_rule_##id->prepare(p, h, k);				\
	round_coef(k);							\
}									\
void									\
spring_twin_##id##_step(const spring_coef *k, spring_state *s,		\
    const spring_target_step *tg)					\
{									\
	coef32 kf = { (float)k->h, (float)k->w2, (float)k->c,		\
	    { (float)k->k[0], (float)k->k[1], (float)k->k[2],		\
	      (float)k->k[3], (float)k->k[4], (float)k->k[5] } };	\
	state32 sf = { (float)s->x, (float)s->v };			\
	target32 tf = { (float)tg->g0, (float)tg->q0, (float)tg->gm,	\
	    (float)tg->qm, (float)tg->g1, (float)tg->q1 };		\
									\
	id##_step32(&kf, &sf, &tf);					\
	s->x = sf.x;							\
	s->v = sf.v;							\
}
SPRING_KERNELS(FLOAT_TWIN)
#undef FLOAT_TWIN
