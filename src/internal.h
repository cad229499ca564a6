/*
 * internal.h - what one library file calls in another and nothing outside
 * the library should: declared here, not in the installed headers
 * (include/).  The names still carry the spring_ prefix, since a static
 * library cannot hide them from the linker.  Library-internal; the unit
 * tests include it for the batch's test hooks.
 */
#ifndef SPRING_INTERNAL_H
#define SPRING_INTERNAL_H

#include <stddef.h>

#include "spring.h"

/*
 * The rules whose step rulestep.h writes once for every number type,
 * X(id) each: id##_step is the step's stem, spring_rule_##id the rule.
 * Each is a kernel: sim.c inlines it in its constant-dt loop, batch.c in
 * its tiles, rules32.c builds its float twin from it, all by expanding
 * this list; a rule's row (rules.c) names its kernel by the id
 * SPRING_KERNEL_##id in spring_rule's kernel field, so that no loop
 * looks a rule up by name or pointer.  A rule with an inlined step is
 * its step in rulestep.h, its id here, its row in rules.c.
 */
#define SPRING_KERNELS(X) X(explicit) X(semi_implicit) X(implicit) \
	X(rigidbody) X(backward_euler) X(verlet) X(rk4) X(exact)

#define SPRING_KERNEL_ID(id) SPRING_KERNEL_##id,
enum spring_kernel {
	SPRING_KERNEL_NONE,		/* the row's step, called */
	SPRING_KERNELS(SPRING_KERNEL_ID)
	SPRING_KERNEL_critical,		/* batch.c's tiles only (batchtile.h) */
	SPRING_NKERNELS
};
#undef SPRING_KERNEL_ID

/*
 * The kernel of rule: its row's, or SPRING_KERNEL_NONE if out of range
 * or no rule (a model's sim).
 */
static inline int
spring_kernel_of(const spring_rule *rule)
{
	return rule != NULL && rule->kernel > SPRING_KERNEL_NONE &&
	    rule->kernel < SPRING_NKERNELS ? rule->kernel : SPRING_KERNEL_NONE;
}

/* The float twins' prepare and step of each kernel (rules32.c). */
#define SPRING_TWIN_DECL(id)						\
void spring_twin_##id##_prepare(const spring_params *p, double h,	\
    spring_coef *k);							\
void spring_twin_##id##_step(const spring_coef *k, spring_state *s,	\
    const spring_target_step *tg);
SPRING_KERNELS(SPRING_TWIN_DECL)
#undef SPRING_TWIN_DECL

/* Run sim->model (models.c): spring_simulate does, for a sim with one. */
int spring_model_simulate(const spring_sim *sim, spring_row_fn emit,
    void *ctx, spring_metrics *m, spring_frame_stats *fs);
/* spring_sample_at for sim->model (models.c): it hands it over. */
long spring_model_sample_at(const spring_sim *sim, const double *tq, long nq,
    double *xq);

/*
 * Knob i of an engine's setup, or the library's default (the row's def)
 * when it was not given: what an engine's start reads, once.
 */
static inline double
spring_engine_knob_or(const spring_engine_setup *su,
    const spring_engine_knob *knobs, int i)
{
	return su->knob_given >> i & 1u ? su->knob[i] : knobs[i].def;
}

/* Re-anchor the reference on the closed form at frame r->k (exact.c). */
void spring_reference_anchor(spring_reference *r);

/*
 * What the propagator needs of omega and zeta alone, whatever t (exact.c):
 * below critical the damped frequency as hi + lo, above it the roots'
 * s = sqrt(zeta^2 - 1), y = zeta + s (zeta past 2^27) and y's factor two
 * and its inverse half.  Worked out once, it spares the batch's anchors
 * (and the init's Phi(dt)) a square root, a division and three fmas each;
 * the results are the same bits.
 */
typedef struct spring_regime {
	double omega, zeta;
	double bhi, blo;		/* zeta < 1 */
	double s, y, two, half;		/* zeta > 1 */
} spring_regime;

void spring_regime_init(spring_regime *g, double omega, double zeta);
/* spring_reference_init and _anchor for omega and zeta's regime g. */
void spring_reference_init_in(spring_reference *r, const spring_regime *g,
    double x0, double v0, double g0, double q, double dt);
void spring_reference_anchor_in(spring_reference *r, const spring_regime *g);

/*
 * spring_simulate_batch in tiles of the given width (batch.c): 64 bytes
 * (AVX-512), 32 (AVX2 or SSE2 pairs on x86-64, the compiler's generic
 * vectors elsewhere), 16 (on x86-64, the 32-byte tiles in SSE2 pairs
 * even where AVX2 runs: a processor without it), or 0 for the widest
 * this processor runs; want as
 * spring_simulate_batch_some's.  0, or -1
 * (nothing run) if the processor or the build lacks that width.  For the
 * tests, which compare every width.
 */
int spring_simulate_batch_tiles(const spring_sim *const *sims, long n,
    spring_metrics *m, spring_frame_stats *fs, int bytes, unsigned want);
/* Whether the batch steps rule in tiles (1) or alone (0): its kernel. */
int spring_batch_has_runner(const spring_rule *rule);

/*
 * Motion's bounceToDampingRatio and overdampedFreqScale (dialects.c), for
 * its dialect and its engine (engine_motion.c) alike.
 */
double spring_motion_zeta(double bounce);
double spring_motion_overdamped_scale(double zeta, double u);

/*
 * Reanimated's duration mode: the stiffness its search finds for a
 * duration (ms), dampingRatio, mass, start offset and velocity and
 * energyThreshold (engine_reanimated.c), for its dialect and its engine.
 */
double spring_reanimated_stiffness(double dur_ms, double zeta, double m,
    double x0, double v0, double thresh);

/*
 * motion-dom 14.14.0's springGenerator (engine_motion.c), shared by the
 * JS tick (--engine motion) and the WAAPI and CSS linear() easings
 * (engine_motion_web.c): the generator on keyframes [origin, target]
 * with velocity (units/s) and restSpeed, restDelta (NaN or 0: unset)
 * into w[SPRING_MOTION_GEN_WORDS]; calcGeneratorDuration's scan (ms, or
 * inf from 20 s); next(t).value and .done at t (ms).
 */
#define SPRING_MOTION_GEN_WORDS 24
void spring_motion_generator(const spring_engine_setup *su, double origin,
    double target, double velocity, double rest_speed, double rest_delta,
    double *w);
double spring_motion_generator_scan(const double *w);
double spring_motion_generator_value(const double *w, double t);
int spring_motion_generator_done(const double *w, double t);

#endif
