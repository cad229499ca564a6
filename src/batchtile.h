/*
 * batchtile.h - batch.c's tile loop, written once for a vector width:
 * batch.c includes it once per width, with
 *	TILE_VBYTES	the vector's bytes (32: AVX2, 64: AVX-512)
 *	TILE(n)		the name n gets in this width
 *	TILE_TARGET	the runners' target attribute
 *	TILE_INLINE_TARGET	the helpers' (empty, or TILE_TARGET)
 * and undefines them at its end.  Everything here is static and named
 * through TILE; the helpers are always inlined, so that no vector
 * crosses a call without the ISA the runner was built for, and
 * (TILE_INLINE_TARGET, AVX-512's and AVX2's) built for the runner's ISA
 * too: Clang refuses a 64-byte vector passed between
 * functions of different targets, and an intrinsic needs its ISA where
 * it is inlined.  Library-internal.
 */
#define TILE_INLINE static inline __attribute__((always_inline)) \
	TILE_INLINE_TARGET
#define vreal TILE(vreal)
#define vmask TILE(vmask)
#define vcoef TILE(vcoef)
#define vstate TILE(vstate)
#define vtarget TILE(vtarget)
#define vload TILE(vload)
#define vstore TILE(vstore)
#define vsel TILE(vsel)
#define vabs TILE(vabs)
#define vmax TILE(vmax)
#define run_tile TILE(run_tile)
#define run_chunk TILE(run_chunk)

/* A tile's types: LANES doubles in one GCC vector; NT tiles a loop. */
#define LANES (TILE_VBYTES / (int)sizeof(double))
#define NT TILE_NT
typedef double vreal __attribute__((vector_size(TILE_VBYTES)));
typedef long long vmask __attribute__((vector_size(TILE_VBYTES)));

typedef struct { vreal h, w2, c, k[6]; } vcoef;
typedef struct { vreal x, v; } vstate;
typedef struct { vreal g0, q0, gm, qm, g1, q1; } vtarget;

/* The steps, for tiles. */
#define RS_REAL vreal
#define RS_COEF vcoef
#define RS_STATE vstate
#define RS_TARGET vtarget
#define RS_NAME(n) TILE(tile_##n)
#define RS_INLINE TILE_INLINE
#include "rules/rulestep.h"
#undef RS_REAL
#undef RS_COEF
#undef RS_STATE
#undef RS_TARGET
#undef RS_NAME
#undef RS_INLINE

/* LANES doubles from p, and back. */
TILE_INLINE vreal
vload(const double *p)
{
	vreal v;

	memcpy(&v, p, sizeof(v));
	return v;
}

TILE_INLINE void
vstore(double *p, vreal v)
{
	memcpy(p, &v, sizeof(v));
}

/* m ? a : b, lane by lane (m all ones or all zeros). */
TILE_INLINE vreal
vsel(vmask m, vreal a, vreal b)
{
	return (vreal)(((vmask)a & m) | ((vmask)b & ~m));
}

/*
 * a > b ? a : b, lane by lane: vsel(a > b, a, b), b where either is NaN
 * or both are zeros.  That is x86's MAXPD to the bit (Intel SDM: the
 * second operand when unordered or equal), one instruction in AVX-512
 * where the compare and the blend are two on the two vector ports the
 * tile loop is bound by; other widths keep the select.
 */
TILE_INLINE vreal
vmax(vreal a, vreal b)
{
#if TILE_VBYTES == 64
	return (vreal)_mm512_max_pd((__m512d)a, (__m512d)b);
#else
	return vsel(a > b, a, b);
#endif
}

#if TILE_VBYTES == 64
/*
 * AVX-512's comparisons give a mask register, and a select by one is one
 * instruction (VMOVAPD with a mask): vkcmp(a, b, op) is a op b, op the
 * predicate GCC's vector a <= b (_CMP_LE_OS), a > b (_CMP_GT_OS) or
 * a != b (_CMP_NEQ_UQ) compiles to, the same lanes; vkmov(b, k, a) is
 * vsel with k.  The runners' selects on every lane (no redo) use them:
 * the vector extension's selects cost the vector ports two or three
 * instructions more (the mask made a vector, a blend).
 */
#define vkcmp(a, b, op) \
	_mm512_cmp_pd_mask((__m512d)(a), (__m512d)(b), (op))

TILE_INLINE vreal
vkmov(vreal b, __mmask8 k, vreal a)
{
	return (vreal)_mm512_mask_mov_pd((__m512d)b, k, (__m512d)a);
}
#endif

/* |a|: the sign bit cleared, as fabs. */
TILE_INLINE vreal
vabs(vreal a)
{
	return (vreal)((vmask)a & 0x7fffffffffffffffLL);
}

/*
 * Holden's critical spring for a tile: rules.c's critical_step, with
 * scaled.h's critical_offset, the same operations in the same order
 * (k[0] = e^(-yh), k[1] = y); a lane whose e is 0 gets offset and rate
 * 0, as critical_offset's early return gives, by a select instead of a
 * branch (the lane's arithmetic, NaN or not, is dropped).
 */
TILE_INLINE void
TILE(tile_critical_step)(const vcoef *k, vstate *s, const vtarget *tg)
{
	const vreal zero = { 0 };
	vreal y = k->k[1], e = k->k[0];
	vreal c = tg->g1 + 2.0 * tg->q1 / y;
	vreal j0 = s->x - c, ze, j;
	vmask gone = e == zero;

	ze = y * k->h * e;
	j = s->v / y + j0;
	j0 = vsel(gone, zero, e * j0 + j * ze);
	s->v = vsel(gone, zero, e * s->v - y * (j * ze));
	s->x = j0 + c;
}

/*
 * Every frame of the NT tiles of springs b .. b + NT LANES - 1; step is
 * the rule's.  The tiles are independent, stepped side by side in one
 * loop: a frame's step is a chain of dependent operations (semi-implicit
 * Euler's is seven, 28 cycles of latency), so one tile alone leaves the
 * processor waiting; NT of them fill the wait (with every sum too: some
 * sums then live on the stack, off the step's chain, and 1000 frames of
 * the sweep's grid run 8 % faster than one tile a loop, AVX-512 and AVX2
 * alike).  The u loops have a constant count and unroll, the arrays
 * staying in registers where they fit.  The
 * metrics' ifs are selects (a > m ? a : m keeps m when a is NaN, as the
 * scalar if does); divergence is the largest |x - g| and the state's
 * finiteness, looked at afterwards (a state that stops being finite
 * stays so: the steps are linear).  full 0: the x errors alone.
 *
 * The target at a frame's start is the one at the last frame's end, the
 * same product of the same t (n h), so it is carried over, not formed
 * again.  still 1: every lane's q is a zero and its times n h finite and
 * not negative (see chunk_still), so q t is that same zero at every
 * frame, g + q t the same double, and the target's values are formed
 * once, before the frames, bit for bit as each frame would.
 *
 * redo 1: the springs diverged in the chunk's run, run again from their
 * start as run_constant runs them: a lane whose |x - g| passes its limit
 * or whose v stops being finite stops there (alive 0), that frame and
 * the later ones unsummed (the sums' updates masked), its last row's
 * errors and the frame kept; the anchors skip it, and the frames stop
 * when no lane is left.
 */
TILE_INLINE void
run_tile(struct chunk *ck, int b, void (*step)(const vcoef *, vstate *,
    const vtarget *), int full, int still, int redo)
{
	const vreal zero = { 0 };
	vcoef k[NT];
	vstate s;
	vtarget tg;
	vreal g[NT], q[NT], pa[NT], pb[NT], pc[NT], pd[NT];
	vreal dir[NT], band[NT], x[NT], v[NT], e[NT], de[NT];
	vreal max_ex[NT], max_ev[NT], sum_ex2[NT], sum_ev2[NT];
	vreal beyond[NT], settle[NT], drift[NT];
	vreal max_off[NT], g0[NT], gm[NT];
	vreal limit[NT], last_ex[NT], last_ev[NT], dframe[NT];
	vmask inside[NT], alive[NT];
#if TILE_VBYTES == 64
	__mmask8 kinside[NT], kin;	/* inside, in mask registers */
#endif
	long long live[NT * LANES];
	long n, frames = ck->frames;
	int l, u;

	for (u = 0; u < NT; u++) {
		int o = b + u * LANES;

		g[u] = vload(&ck->g[o]);
		q[u] = vload(&ck->q[o]);
		pa[u] = vload(&ck->pa[o]);
		pb[u] = vload(&ck->pb[o]);
		pc[u] = vload(&ck->pc[o]);
		pd[u] = vload(&ck->pd[o]);
		dir[u] = vload(&ck->dir[o]);
		band[u] = vload(&ck->band[o]);
		x[u] = vload(&ck->x[o]);
		v[u] = vload(&ck->v[o]);
		e[u] = vload(&ck->e[o]);
		de[u] = vload(&ck->de[o]);
		max_ex[u] = vload(&ck->max_ex[o]);
		max_ev[u] = vload(&ck->max_ev[o]);
		sum_ex2[u] = vload(&ck->sum_ex2[o]);
		sum_ev2[u] = vload(&ck->sum_ev2[o]);
		beyond[u] = vload(&ck->beyond[o]);
		settle[u] = vload(&ck->settle[o]);
		drift[u] = vload(&ck->drift[o]);
		max_off[u] = vload(&ck->max_off[o]);
		inside[u] = vload(&ck->inside[o]) != zero;
#if TILE_VBYTES == 64
		kinside[u] = vkcmp(vload(&ck->inside[o]), zero, _CMP_NEQ_UQ);
#endif
		if (redo) {
			limit[u] = vload(&ck->limit[o]);
			last_ex[u] = vload(&ck->last_ex[o]);
			last_ev[u] = vload(&ck->last_ev[o]);
			dframe[u] = vload(&ck->dframe[o]);
			alive[u] = zero == zero;
		}
		k[u].h = vload(&ck->h[o]);
		k[u].w2 = vload(&ck->w2[o]);
		k[u].c = vload(&ck->c[o]);
		k[u].k[0] = vload(&ck->k0[o]);
		k[u].k[1] = vload(&ck->k1[o]);
		k[u].k[2] = vload(&ck->k2[o]);
		k[u].k[3] = vload(&ck->k3[o]);
		k[u].k[4] = k[u].k[5] = zero;
		/* frame 1's start, t0 = 0 h, as the frames form t */
		g0[u] = g[u] + q[u] * ((zero + (double)0) * k[u].h);
		gm[u] = 0.5 * (g0[u] + g0[u]);	/* still: every frame's */
	}
	for (n = 1; n <= frames; n++) {
		int anchor = (unsigned long)n % SPRING_REFERENCE_ANCHOR == 0;

		if (anchor) {
			/* the closed form's offset, every lane's e and de
			 * (but a padding lane's, and in a redo a stopped
			 * one's) */
			for (u = 0; u < NT && redo; u++)
				memcpy(&live[u * LANES], &alive[u],
				    sizeof(alive[u]));
			for (l = b; l < b + NT * LANES; l++) {
				if (ck->index[l] < 0 ||
				    (redo && live[l - b] == 0))
					continue;	/* unread */
				ck->ref[l].k = n;
				spring_reference_anchor_in(&ck->ref[l],
				    &ck->reg[l]);
				ck->e[l] = ck->ref[l].e;
				ck->de[l] = ck->ref[l].de;
			}
		}
		for (u = 0; u < NT; u++) {
			/* 0 + n is n: the frame number in every lane */
			vreal nv = zero + (double)n, t1 = nv * k[u].h;
			vreal xr, vr, ex, ev, off, dv, roff, rdv, a, c, d;
			vmask in, ok = zero == zero, m;

			if (anchor) {
				e[u] = vload(&ck->e[b + u * LANES]);
				de[u] = vload(&ck->de[b + u * LANES]);
			} else {
				vreal e0 = e[u];

				e[u] = pa[u] * e0 + pb[u] * de[u];
				de[u] = pc[u] * e0 + pd[u] * de[u];
			}
			tg.g0 = g0[u];
			if (still) {
				tg.g1 = g0[u];
				tg.gm = gm[u];
			} else {
				tg.g1 = g[u] + q[u] * t1;
				tg.gm = 0.5 * (tg.g0 + tg.g1);
				g0[u] = tg.g1;	/* the next frame's start */
			}
			tg.q0 = tg.qm = tg.q1 = q[u];
			s.x = x[u];
			s.v = v[u];
			step(&k[u], &s, &tg);
			x[u] = s.x;
			v[u] = s.v;

			/* reference_next's output, metrics_add's sums */
			xr = tg.g1 + e[u];
			ex = x[u] - xr;
			off = x[u] - tg.g1;
			if (redo) {
				/* run_constant's test: a lane that fails it
				 * stops at n, this row not summed */
				ok = alive[u] & (vabs(off) <= limit[u]) &
				    (vabs(v[u]) <= zero + DBL_MAX);
				dframe[u] = vsel(alive[u] & ~ok, nv,
				    dframe[u]);
				alive[u] = ok;
				last_ex[u] = vsel(ok, ex, last_ex[u]);
			}
			a = vabs(ex);
			max_ex[u] = vsel(ok, vmax(a, max_ex[u]), max_ex[u]);
			sum_ex2[u] = vsel(ok, sum_ex2[u] + ex * ex,
			    sum_ex2[u]);
			a = vabs(off);
			if (!redo)
				max_off[u] = vmax(a, max_off[u]);
			if (!full)
				continue;	/* the x errors only */
			vr = q[u] + de[u];
			ev = v[u] - vr;
			dv = v[u] - q[u];
			roff = xr - tg.g1;
			rdv = vr - q[u];
			if (redo)
				last_ev[u] = vsel(ok, ev, last_ev[u]);
			a = vabs(ev);
			max_ev[u] = vsel(ok, vmax(a, max_ev[u]), max_ev[u]);
			sum_ev2[u] = vsel(ok, sum_ev2[u] + ev * ev,
			    sum_ev2[u]);
			c = dir[u] * off;
			beyond[u] = vsel(ok, vmax(c, beyond[u]), beyond[u]);
			a = vabs(off);
			d = ev * (dv + rdv) + k[u].w2 * ex * (off + roff);
#if TILE_VBYTES == 64
			if (!redo) {
				/* ok is every lane: the same selects, in
				 * mask registers */
				kin = vkcmp(a, band[u], _CMP_LE_OS);
				settle[u] = vkmov(settle[u], kin & ~kinside[u],
				    t1);
				kinside[u] = kin;
				drift[u] = vkmov(drift[u], vkcmp(vabs(d),
				    vabs(drift[u]), _CMP_GT_OS), d);
				continue;
			}
#endif
			in = a <= band[u];
			/* just come inside */
			settle[u] = vsel(ok & in & ~inside[u], t1, settle[u]);
			inside[u] = (in & ok) | (inside[u] & ~ok);
			m = ok & (vabs(d) > vabs(drift[u]));
			drift[u] = vsel(m, d, drift[u]);
		}
		if (redo) {
			/* every lane stopped: the frames left change none */
			vmask any = alive[0];

			for (u = 1; u < NT; u++)
				any |= alive[u];
			memcpy(live, &any, sizeof(any));
			for (l = 1; l < LANES; l++)
				live[0] |= live[l];
			if (live[0] == 0)
				break;
		}
	}
	for (u = 0; u < NT; u++) {
		int o = b + u * LANES;
		vreal in1;	/* inside as 1 or 0 */

		vstore(&ck->x[o], x[u]);
		vstore(&ck->v[o], v[u]);
		vstore(&ck->e[o], e[u]);
		vstore(&ck->de[o], de[u]);
		vstore(&ck->max_ex[o], max_ex[u]);
		vstore(&ck->max_ev[o], max_ev[u]);
		vstore(&ck->sum_ex2[o], sum_ex2[u]);
		vstore(&ck->sum_ev2[o], sum_ev2[u]);
		vstore(&ck->beyond[o], beyond[u]);
		in1 = vsel(inside[u], zero + 1.0, zero);
#if TILE_VBYTES == 64
		if (!redo)
			in1 = vkmov(zero, kinside[u], zero + 1.0);
#endif
		vstore(&ck->inside[o], in1);
		vstore(&ck->settle[o], settle[u]);
		vstore(&ck->drift[o], drift[u]);
		vstore(&ck->max_off[o], max_off[u]);
		if (redo) {
			vstore(&ck->last_ex[o], last_ex[u]);
			vstore(&ck->last_ev[o], last_ev[u]);
			vstore(&ck->dframe[o], dframe[u]);
		}
	}
}

/*
 * The chunk, tile by tile (its springs are padded to whole tiles); full
 * 0: the x errors and divergence only, the other sums left as they were.
 */
TILE_INLINE void
run_chunk(struct chunk *ck, void (*step)(const vcoef *, vstate *,
    const vtarget *), int full, int still, int redo)
{
	int b;

	for (b = 0; b < ck->n; b += NT * LANES)
		run_tile(ck, b, step, full, still, redo);
}

/*
 * Six functions a rule: run_chunk with the step inlined, for every
 * metric and (name_x) for the x errors alone, with a moving target and
 * (name_s, name_xs) a still one, and the same two for the springs run
 * again (name_r, name_xr: redo), each a constant full, still and redo
 * the compiler folds.
 */
#define CHUNK_RUNNER(name, step) \
	TILE_TARGET static void TILE(name)(struct chunk *ck) \
	{ run_chunk(ck, TILE(step), 1, 0, 0); } \
	TILE_TARGET static void TILE(name##_x)(struct chunk *ck) \
	{ run_chunk(ck, TILE(step), 0, 0, 0); } \
	TILE_TARGET static void TILE(name##_s)(struct chunk *ck) \
	{ run_chunk(ck, TILE(step), 1, 1, 0); } \
	TILE_TARGET static void TILE(name##_xs)(struct chunk *ck) \
	{ run_chunk(ck, TILE(step), 0, 1, 0); } \
	TILE_TARGET static void TILE(name##_r)(struct chunk *ck) \
	{ run_chunk(ck, TILE(step), 1, 0, 1); } \
	TILE_TARGET static void TILE(name##_xr)(struct chunk *ck) \
	{ run_chunk(ck, TILE(step), 0, 0, 1); }
CHUNK_RUNNER(chunk_explicit, tile_explicit_step)
CHUNK_RUNNER(chunk_semi_implicit, tile_semi_implicit_step)
CHUNK_RUNNER(chunk_implicit, tile_implicit_step)
CHUNK_RUNNER(chunk_rigidbody, tile_rigidbody_step)
CHUNK_RUNNER(chunk_backward_euler, tile_backward_euler_step)
CHUNK_RUNNER(chunk_verlet, tile_verlet_step)
CHUNK_RUNNER(chunk_rk4, tile_rk4_step)
CHUNK_RUNNER(chunk_exact, tile_exact_step)
CHUNK_RUNNER(chunk_critical, tile_critical_step)
#undef CHUNK_RUNNER

/*
 * The runners, in the order of batch.c's rule table: every metric, the
 * x errors alone, then the same two with a still target, then the same
 * two run again (sfx: the runner's suffix, CHUNK_RUNNER's).
 */
#define RUNNERS_OF(sfx) \
	TILE(chunk_explicit##sfx), TILE(chunk_semi_implicit##sfx), \
	TILE(chunk_implicit##sfx), TILE(chunk_rigidbody##sfx), \
	TILE(chunk_backward_euler##sfx), TILE(chunk_verlet##sfx), \
	TILE(chunk_rk4##sfx), TILE(chunk_exact##sfx), \
	TILE(chunk_critical##sfx)
static void (*const TILE(runners)[6 * 9])(struct chunk *) = {
	RUNNERS_OF(), RUNNERS_OF(_x), RUNNERS_OF(_s), RUNNERS_OF(_xs),
	RUNNERS_OF(_r), RUNNERS_OF(_xr)
};
#undef RUNNERS_OF

#undef LANES
#undef NT


#undef vreal
#undef vmask
#undef vcoef
#undef vstate
#undef vtarget
#undef vload
#undef vstore
#undef vsel
#undef vabs
#undef vmax
#undef TILE_INLINE
#undef run_tile
#undef run_chunk
/* the includer's parameters too: the next width defines its own */
#undef TILE_VBYTES
#undef TILE_NT
#undef TILE
#undef TILE_TARGET
#undef TILE_INLINE_TARGET
