/*
 * batchtile.h - batch.c's tile loop, written once for a vector width:
 * batch.c includes it once per width, with
 *	TILE_VBYTES	the vector's bytes (32: AVX2, 64: AVX-512)
 *	TILE(n)		the name n gets in this width
 *	TILE_TARGET	the runners' target attribute
 * Everything here is static and named through TILE; the helpers are
 * always inlined, so that no vector crosses a call without the ISA the
 * runner was built for.  Library-internal.
 */
#define vreal TILE(vreal)
#define vmask TILE(vmask)
#define vcoef TILE(vcoef)
#define vstate TILE(vstate)
#define vtarget TILE(vtarget)
#define vload TILE(vload)
#define vstore TILE(vstore)
#define vsel TILE(vsel)
#define vabs TILE(vabs)
#define run_tile TILE(run_tile)
#define run_chunk TILE(run_chunk)

/* A tile's types: LANES doubles in one GCC vector. */
#define LANES (TILE_VBYTES / (int)sizeof(double))
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
#define RS_INLINE static inline __attribute__((always_inline))
#include "rulestep.h"
#undef RS_REAL
#undef RS_COEF
#undef RS_STATE
#undef RS_TARGET
#undef RS_NAME
#undef RS_INLINE

/* LANES doubles from p, and back. */
static inline __attribute__((always_inline)) vreal
vload(const double *p)
{
	vreal v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline __attribute__((always_inline)) void
vstore(double *p, vreal v)
{
	memcpy(p, &v, sizeof(v));
}

/* m ? a : b, lane by lane (m all ones or all zeros). */
static inline __attribute__((always_inline)) vreal
vsel(vmask m, vreal a, vreal b)
{
	return (vreal)(((vmask)a & m) | ((vmask)b & ~m));
}

/* |a|: the sign bit cleared, as fabs. */
static inline __attribute__((always_inline)) vreal
vabs(vreal a)
{
	return (vreal)((vmask)a & 0x7fffffffffffffffLL);
}

/*
 * Every frame of the tile of springs b .. b + LANES - 1; step is the
 * rule's.  The metrics' ifs are selects (a > m ? a : m keeps m when a is
 * NaN, as the scalar if does); divergence is the largest |x - g| and the
 * state's finiteness, looked at afterwards (a state that stops being
 * finite stays so: the steps are linear).
 */
static inline __attribute__((always_inline)) void
run_tile(struct chunk *ck, int b, void (*step)(const vcoef *, vstate *,
    const vtarget *))
{
	const vreal zero = { 0 };
	vcoef k;
	vstate s;
	vtarget tg;
	vreal g = vload(&ck->g[b]), q = vload(&ck->q[b]);
	vreal pa = vload(&ck->pa[b]), pb = vload(&ck->pb[b]);
	vreal pc = vload(&ck->pc[b]), pd = vload(&ck->pd[b]);
	vreal dir = vload(&ck->dir[b]), band = vload(&ck->band[b]);
	vreal x = vload(&ck->x[b]), v = vload(&ck->v[b]);
	vreal e = vload(&ck->e[b]), de = vload(&ck->de[b]);
	vreal max_ex = vload(&ck->max_ex[b]), max_ev = vload(&ck->max_ev[b]);
	vreal sum_ex2 = vload(&ck->sum_ex2[b]);
	vreal sum_ev2 = vload(&ck->sum_ev2[b]);
	vreal beyond = vload(&ck->beyond[b]), settle = vload(&ck->settle[b]);
	vreal drift = vload(&ck->drift[b]), max_off = vload(&ck->max_off[b]);
	vmask inside = vload(&ck->inside[b]) != zero;
	long n, frames = ck->frames;
	int l;

	k.h = vload(&ck->h[b]);
	k.w2 = vload(&ck->w2[b]);
	k.c = vload(&ck->c[b]);
	k.k[0] = vload(&ck->k0[b]);
	k.k[1] = vload(&ck->k1[b]);
	k.k[2] = vload(&ck->k2[b]);
	k.k[3] = vload(&ck->k3[b]);
	k.k[4] = k.k[5] = zero;
	for (n = 1; n <= frames; n++) {
		/* 0 + n is n: the frame number in every lane */
		vreal t0 = (zero + (double)(n - 1)) * k.h;
		vreal t1 = (zero + (double)n) * k.h;
		vreal xr, vr, ex, ev, off, dv, roff, rdv, a, c, d;
		vmask in;

		if ((unsigned long)n % SPRING_REFERENCE_ANCHOR == 0) {
			vstore(&ck->e[b], e);
			vstore(&ck->de[b], de);
			for (l = b; l < b + LANES; l++) {
				ck->ref[l].k = n;
				spring_reference_anchor(&ck->ref[l]);
				ck->e[l] = ck->ref[l].e;
				ck->de[l] = ck->ref[l].de;
			}
			e = vload(&ck->e[b]);
			de = vload(&ck->de[b]);
		} else {
			vreal e0 = e;

			e = pa * e0 + pb * de;
			de = pc * e0 + pd * de;
		}
		tg.g0 = g + q * t0;
		tg.g1 = g + q * t1;
		tg.gm = 0.5 * (tg.g0 + tg.g1);
		tg.q0 = tg.qm = tg.q1 = q;
		s.x = x;
		s.v = v;
		step(&k, &s, &tg);
		x = s.x;
		v = s.v;

		/* reference_next's output, metrics_add's sums */
		xr = g + q * t1 + e;
		vr = q + de;
		ex = x - xr;
		ev = v - vr;
		off = x - tg.g1;
		dv = v - q;
		roff = xr - tg.g1;
		rdv = vr - q;
		a = vabs(ex);
		max_ex = vsel(a > max_ex, a, max_ex);
		a = vabs(ev);
		max_ev = vsel(a > max_ev, a, max_ev);
		sum_ex2 += ex * ex;
		sum_ev2 += ev * ev;
		c = dir * off;
		beyond = vsel(c > beyond, c, beyond);
		a = vabs(off);
		in = a <= band;
		/* just come inside */
		settle = vsel(in & ~inside, t1, settle);
		inside = in;
		max_off = vsel(a > max_off, a, max_off);
		d = ev * (dv + rdv) + k.w2 * ex * (off + roff);
		drift = vsel(vabs(d) > vabs(drift), d, drift);
	}
	vstore(&ck->x[b], x);
	vstore(&ck->v[b], v);
	vstore(&ck->e[b], e);
	vstore(&ck->de[b], de);
	vstore(&ck->max_ex[b], max_ex);
	vstore(&ck->max_ev[b], max_ev);
	vstore(&ck->sum_ex2[b], sum_ex2);
	vstore(&ck->sum_ev2[b], sum_ev2);
	vstore(&ck->beyond[b], beyond);
	vstore(&ck->inside[b], vsel(inside, zero + 1.0, zero));
	vstore(&ck->settle[b], settle);
	vstore(&ck->drift[b], drift);
	vstore(&ck->max_off[b], max_off);
}

/* The chunk, tile by tile (its springs are padded to whole tiles). */
static inline __attribute__((always_inline)) void
run_chunk(struct chunk *ck, void (*step)(const vcoef *, vstate *,
    const vtarget *))
{
	int b;

	for (b = 0; b < ck->n; b += LANES)
		run_tile(ck, b, step);
}

/* One function a rule: run_chunk with the step inlined. */
#define CHUNK_RUNNER(name, step) \
	TILE_TARGET static void TILE(name)(struct chunk *ck) \
	{ run_chunk(ck, TILE(step)); }
CHUNK_RUNNER(chunk_explicit, tile_explicit_step)
CHUNK_RUNNER(chunk_semi_implicit, tile_semi_implicit_step)
CHUNK_RUNNER(chunk_implicit, tile_implicit_step)
CHUNK_RUNNER(chunk_rigidbody, tile_rigidbody_step)
CHUNK_RUNNER(chunk_backward_euler, tile_backward_euler_step)
CHUNK_RUNNER(chunk_verlet, tile_verlet_step)
CHUNK_RUNNER(chunk_rk4, tile_rk4_step)
CHUNK_RUNNER(chunk_exact, tile_exact_step)
#undef CHUNK_RUNNER

/* The runners, in the order of batch.c's rule table. */
static void (*const TILE(runners)[])(struct chunk *) = {
	TILE(chunk_explicit), TILE(chunk_semi_implicit), TILE(chunk_implicit),
	TILE(chunk_rigidbody), TILE(chunk_backward_euler), TILE(chunk_verlet),
	TILE(chunk_rk4), TILE(chunk_exact)
};

#undef LANES


#undef vreal
#undef vmask
#undef vcoef
#undef vstate
#undef vtarget
#undef vload
#undef vstore
#undef vsel
#undef vabs
#undef run_tile
#undef run_chunk
