/*
 * rulestep.h - the rules' steps, written once for any number type: rules.c
 * includes it for double (the table's steps), batch.c for vectors of
 * doubles (a tile of springs a step).  Element by element the vector code
 * does the same operations in the same order (the build forbids fused
 * multiply-adds), so the two agree to the bit.  Library-internal; no
 * include guard: the includer defines
 *	RS_REAL		the number type (double, or a GCC vector of doubles)
 *	RS_COEF		a struct with h, w2, c, k[6] of that type
 *	RS_STATE	x, v
 *	RS_TARGET	g0, q0, gm, qm, g1, q1
 *	RS_NAME(n)	the name the step n gets
 *	RS_INLINE	(optional) how the steps are declared
 *	RS_C(x)		(optional) a literal of the type: x for double
 *			(the default), x##f for float, so that a float
 *			build does every operation in float
 * once per RS_NAME.  Literal constants mix
 * with vectors as GCC broadcasts them.
 *
 * Per unit mass the acceleration is
 *	a(x, v, g, q) = w2 (g - x) + c (q - v),  w2 = omega^2, c = 2 zeta omega.
 */
#ifndef RS_INLINE
#define RS_INLINE static inline
#define RS_INLINE_DEFAULT
#endif
#ifndef RS_C
#define RS_C(x) x
#define RS_C_DEFAULT
#endif

/* The acceleration of the spring toward target position g, velocity q. */
RS_INLINE RS_REAL
RS_NAME(accel)(const RS_COEF *k, RS_REAL x, RS_REAL v, RS_REAL g,
    RS_REAL q)
{
	return k->w2 * (g - x) + k->c * (q - v);
}

/*
 * Explicit (forward) Euler, Studio Gobo's first listing: position moves
 * with the old velocity, velocity with the acceleration at the old state.
 */
RS_INLINE void
RS_NAME(explicit_step)(const RS_COEF *k, RS_STATE *s,
    const RS_TARGET *tg)
{
	RS_REAL a = RS_NAME(accel)(k, s->x, s->v, tg->g0, tg->q0);

	s->x += k->h * s->v;
	s->v += k->h * a;
}

/*
 * Semi-implicit (symplectic) Euler, as Holden, Chou and Nissen write it:
 * velocity first, then position with the new velocity.
 */
RS_INLINE void
RS_NAME(semi_implicit_step)(const RS_COEF *k, RS_STATE *s,
    const RS_TARGET *tg)
{
	s->v += k->h * RS_NAME(accel)(k, s->x, s->v, tg->g0, tg->q0);
	s->x += k->h * s->v;
}

/*
 * Studio Gobo's Stable PD velocity change (Tan et al.): the spring pulls
 * from the position predicted at the end of the step, x + h v, toward the
 * target at the end of the step, and the damping is solved implicitly:
 *	dv = h (w2 (g1 - (x + h v)) + c (q1 - v)) / (1 + h c),
 * k[0] = 1 / (1 + h c).  No mass in it: per unit mass, or an impulse.
 */
RS_INLINE RS_REAL
RS_NAME(stable_pd_dv)(const RS_COEF *k, RS_REAL x, RS_REAL v,
    const RS_TARGET *tg)
{
	RS_REAL h = k->h, xp = x + h * v;

	return h * (k->w2 * (tg->g1 - xp) + k->c * (tg->q1 - v)) * k->k[0];
}

/*
 * Studio Gobo's implicit update as in the article's main listing: the
 * Stable PD velocity change; position moves with the old velocity.
 */
RS_INLINE void
RS_NAME(implicit_step)(const RS_COEF *k, RS_STATE *s,
    const RS_TARGET *tg)
{
	RS_REAL h = k->h, x = s->x, v = s->v;

	s->v = v + RS_NAME(stable_pd_dv)(k, x, v, tg);
	s->x = x + h * v;
}

/*
 * Studio Gobo's appendix B, the spring driving a rigid body: the same
 * Stable PD velocity change, added to the body's velocity as an impulse;
 * then the physics engine moves the body with its new velocity (x += h
 * v_new, the semi-implicit Euler of PhysX, Box2D, Unity).  It differs
 * from implicit only in that last velocity.  Target at the end of the
 * step, as implicit: on a ramp g + q t the state x = g(t), v = q is then
 * a fixed point (dv = h w2 (g1 - g(t) - h q) / (1 + h c) = 0), where a
 * target read at the start would trail by h q.
 */
RS_INLINE void
RS_NAME(rigidbody_step)(const RS_COEF *k, RS_STATE *s,
    const RS_TARGET *tg)
{
	RS_REAL h = k->h, x = s->x, v = s->v;

	v = v + RS_NAME(stable_pd_dv)(k, x, v, tg);
	s->v = v;
	s->x = x + h * v;
}

/*
 * Fully implicit Euler, Allen Chou's Cramer-rule solution: x and v both at
 * the end of the step, v' = (v + h w2 (g1 - x) + h c q1) / Delta,
 * x' = x + h v'.  (Chou's Delta_x / Delta is the same x'.)
 */
RS_INLINE void
RS_NAME(backward_euler_step)(const RS_COEF *k, RS_STATE *s,
    const RS_TARGET *tg)
{
	RS_REAL h = k->h;

	s->v = (s->v + h * k->w2 * (tg->g1 - s->x) + h * k->c * tg->q1) *
	    k->k[0];
	s->x += h * s->v;
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
RS_INLINE void
RS_NAME(verlet_step)(const RS_COEF *k, RS_STATE *s,
    const RS_TARGET *tg)
{
	RS_REAL v = s->v, a0 = RS_NAME(accel)(k, s->x, v, tg->g0, tg->q0);
	RS_REAL x1 = s->x + k->h * v + k->k[2] * a0;
	RS_REAL u = v + k->k[1] * (a0 + k->w2 * tg->g1 + k->c * tg->q1);

	s->v = k->k[0] * u - k->k[3] * x1;
	s->x = x1;
}

/*
 * Classic fourth-order Runge-Kutta (Fiedler), the target sampled at the
 * stage times t, t + h/2, t + h/2, t + h.
 */
RS_INLINE void
RS_NAME(rk4_step)(const RS_COEF *k, RS_STATE *s, const RS_TARGET *tg)
{
	RS_REAL h = k->h, x = s->x, v = s->v;
	RS_REAL x1 = v, v1 = RS_NAME(accel)(k, x, v, tg->g0, tg->q0);
	RS_REAL x2 = v + RS_C(0.5) * h * v1;
	RS_REAL v2 = RS_NAME(accel)(k, x + RS_C(0.5) * h * x1, x2, tg->gm,
	    tg->qm);
	RS_REAL x3 = v + RS_C(0.5) * h * v2;
	RS_REAL v3 = RS_NAME(accel)(k, x + RS_C(0.5) * h * x2, x3, tg->gm,
	    tg->qm);
	RS_REAL x4 = v + h * v3;
	RS_REAL v4 = RS_NAME(accel)(k, x + h * x3, x4, tg->g1, tg->q1);

	s->x = x + h / RS_C(6.0) * (x1 + RS_C(2.0) * (x2 + x3) + x4);
	s->v = v + h / RS_C(6.0) * (v1 + RS_C(2.0) * (v2 + v3) + v4);
}

/*
 * Holden's exact spring: carry the offset from the target over the step
 * with the closed form.  The goal is the target as it stands at the end of
 * the step, moving at its velocity there, g1 + q1 (t - t1) (Holden's
 * function is given this frame's goal): exact for a target moving
 * linearly over the step, where g1 - q1 h is g0; for a target that jumps
 * or is fed another velocity, the spring chases that line, never jumps.
 */
RS_INLINE void
RS_NAME(exact_step)(const RS_COEF *k, RS_STATE *s, const RS_TARGET *tg)
{
	RS_REAL e = s->x - (tg->g1 - tg->q1 * k->h), de = s->v - tg->q1;

	s->x = tg->g1 + (k->k[0] * e + k->k[1] * de);
	s->v = tg->q1 + (k->k[2] * e + k->k[3] * de);
}

#ifdef RS_INLINE_DEFAULT
#undef RS_INLINE
#undef RS_INLINE_DEFAULT
#endif
#ifdef RS_C_DEFAULT
#undef RS_C
#undef RS_C_DEFAULT
#endif
