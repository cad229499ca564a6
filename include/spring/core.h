/*
 * spring/core.h - the damped spring's types and its update rules
 * (rules.c).  Part of the springsim library: include "spring.h" for all of
 * it.
 *
 * STABLE: part of the library's stable core (spring.h).
 */
#ifndef SPRING_CORE_H
#define SPRING_CORE_H

#ifdef __cplusplus
extern "C" {
#endif

#define SPRING_VERSION "0.2.0"

/* Canonical parameters: every convention converts to and from these. */
typedef struct spring_params {
	double omega;		/* undamped angular frequency, rad/s, > 0 */
	double zeta;		/* damping ratio, >= 0 */
	double mass;		/* kg, > 0; scales forces and energy only */
	int fast_exp;		/* exact rules: Holden's fast_negexp for e^-x;
				 * the reference never */
} spring_params;

/* Position and velocity of the spring's free end. */
typedef struct spring_state {
	double x, v;
} spring_state;

/*
 * The target as one step of size h sees it: position g and velocity q at
 * the start (0), the middle (m) and the end (1) of the step.  Each rule
 * reads the samples at the times its formula evaluates the state.
 */
typedef struct spring_target_step {
	double g0, q0, gm, qm, g1, q1;
} spring_target_step;

/* A 2x2 matrix [[a, b], [c, d]] acting on (x, v). */
typedef struct spring_mat2 {
	double a, b, c, d;
} spring_mat2;

/*
 * What a rule precomputes for one (omega, zeta, h), so that a step costs a
 * handful of multiplications.  w2 = omega^2, c = 2 zeta omega; k[] holds
 * the rule's own constants.
 */
typedef struct spring_coef {
	double h, w2, c;
	double k[6];
} spring_coef;

/*
 * An update rule, in the manner of GSL's odeiv2 steppers: a name, its
 * order of accuracy, a function that precomputes the coefficients and a
 * function that advances the state by one step; then what the library
 * knows of it beside: its float twin, its stability limit, and which of
 * the library's inlined loops step it.  One row holds all of a rule
 * (rules.c); nothing looks a rule's facts up by its name.  A rule of an
 * embedder's own sets the first six (the others zero: no twin, the limit
 * searched, its step called).
 */
typedef struct spring_rule {
	const char *name;
	const char *summary;	/* what it does, in one line */
	const char *source;	/* the article it comes from */
	int order;		/* global order of accuracy; 0: exact */
	void (*prepare)(const spring_params *p, double h, spring_coef *k);
	void (*step)(const spring_coef *k, spring_state *s,
	    const spring_target_step *tg);
	/* its float twin (spring_rule_float32), NULL: none */
	const struct spring_rule *float32;
	/* the largest stable omega h for zeta in closed form (analyze.h),
	 * NULL: none, searched */
	double (*stable_hw)(double zeta);
	/* library-internal: which inlined step sim.c's constant-dt loop
	 * and the batch's tiles use (src/internal.h); 0: none, the step
	 * is called */
	int kernel;
} spring_rule;

extern const spring_rule *const spring_rule_explicit;
extern const spring_rule *const spring_rule_semi_implicit;
extern const spring_rule *const spring_rule_implicit;
extern const spring_rule *const spring_rule_rigidbody;
extern const spring_rule *const spring_rule_backward_euler;
extern const spring_rule *const spring_rule_verlet;
extern const spring_rule *const spring_rule_rk4;
extern const spring_rule *const spring_rule_exact;

/* Every rule, in a fixed order, ending in NULL. */
extern const spring_rule *const spring_rules[];

/* The rule called name, or NULL. */
const spring_rule *spring_rule_find(const char *name);

/*
 * One frame of one spring, for a program that steps a single spring and
 * wants no struct: the rule called rule_name (as spring_rule_find names
 * it: "implicit", "exact" ...) advances the position *x and velocity *v
 * by h seconds toward a target at rest at `target`, the spring of
 * undamped angular frequency omega (rad/s, > 0) and damping ratio zeta
 * (>= 0).  0; -1, *x and *v unchanged, for an unknown rule, a parameter
 * out of range, a value that is not finite, or a step that overflows.
 * It prepares the rule's coefficients at each call: for many frames of
 * one (omega, zeta, h), prepare once (rule->prepare) and call rule->step.
 */
int spring_step_named(const char *rule_name, double omega, double zeta,
    double h, double target, double *x, double *v);

/*
 * The rule r done in single precision (rules32.c), as a game ships it:
 * state, target and every operation of the step in float, the
 * coefficients rounded to float; the same name.  NULL for a rule that has
 * no float twin (the models' rules).  A twin's twin is itself.  It is
 * r->float32.
 */
const spring_rule *spring_rule_float32(const spring_rule *r);

#ifdef __cplusplus
}
#endif

#endif
