/*
 * numfmt.c - doubles to decimal text: Schubfach for round-trip output,
 * snprintf for a fixed number of digits, one notation for both.
 *
 * numfmt_roundtrip() writes the shortest decimal that reads back as
 * exactly the same double: the fewest significant digits, and when two
 * decimals of that length read back, the one nearer the double (an exact
 * tie, possible only for 17-digit outputs such as 2^50 + 0.25, goes to
 * the even last digit, as printf's correctly rounded %.17g does).  The
 * digits come from Schubfach (see schubfach()); with exact arithmetic
 * throughout, there is no approximation to narrow the interval, unlike
 * the Grisu2 it replaces, which wrote a digit too many for about 0.08 %
 * of random doubles and not the nearest digits for 0.06 % more.  The
 * powers of ten are tools/gen_pow10.py's, which also proves them precise
 * enough for every double.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli/numfmt.h"
#include "cli/pow10_table.h"

#define FRAC_BITS	52
#define FRAC_MASK	((UINT64_C(1) << FRAC_BITS) - 1)
#define HIDDEN_BIT	(UINT64_C(1) << FRAC_BITS)
#define EXP_MASK	0x7ff
#define SIGN_BIT	(UINT64_C(1) << 63)

#define M32		UINT64_C(0xffffffff)

/*
 * For the few small functions whose inlining matters (layout(): when it
 * is called, its words go through memory): compilers weigh the two
 * callers and may not inline otherwise.
 */
#if defined(__GNUC__)
#define ALWAYS_INLINE	inline __attribute__((always_inline))
#define NOINLINE	__attribute__((noinline))
#else
#define ALWAYS_INLINE	inline
#define NOINLINE
#endif

static const uint64_t pow10_u64[20] = {
	UINT64_C(1), UINT64_C(10), UINT64_C(100), UINT64_C(1000),
	UINT64_C(10000), UINT64_C(100000), UINT64_C(1000000),
	UINT64_C(10000000), UINT64_C(100000000), UINT64_C(1000000000),
	UINT64_C(10000000000), UINT64_C(100000000000),
	UINT64_C(1000000000000), UINT64_C(10000000000000),
	UINT64_C(100000000000000), UINT64_C(1000000000000000),
	UINT64_C(10000000000000000), UINT64_C(100000000000000000),
	UINT64_C(1000000000000000000), UINT64_C(10000000000000000000)
};

#if defined(__SIZEOF_INT128__) && !defined(NUMFMT_NO_INT128)
__extension__ typedef unsigned __int128 u128;

/* The 128-bit product a * b as *hi:*lo, where the compiler has it. */
static inline void
mul_full(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	u128 pr = (u128)a * b;

	*hi = (uint64_t)(pr >> 64);
	*lo = (uint64_t)pr;
}
#else
/*
 * The 128-bit product a * b as *hi:*lo from four 32 x 32 -> 64 bit
 * products, as in the paper: portable C has no wider integer.
 */
static inline void
mul_full(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t ah = a >> 32, al = a & M32, bh = b >> 32, bl = b & M32;
	uint64_t hl = ah * bl, lh = al * bh, ll = al * bl, mid;

	mid = (ll >> 32) + (hl & M32) + (lh & M32);	/* < 3 2^32 */
	*lo = mid << 32 | (ll & M32);
	*hi = ah * bh + (hl >> 32) + (lh >> 32) + (mid >> 32);
}
#endif

/* Leading zero bits of a nonzero x, to count a significand's digits. */
static int
clz64(uint64_t x)
{
#if defined(__GNUC__)
	return __builtin_clzll(x);
#else
	int n = 0;

	while (!(x & (UINT64_C(1) << 63))) {
		x <<= 1;
		n++;
	}
	return n;
#endif
}

/*
 * Decimal digits in a nonzero x < 10^19: log10 from the bit length
 * (1233 / 4096 is just under log10 2), then one comparison to settle it.
 */
static int
ndigits64(uint64_t x)
{
	int t = ((64 - clz64(x)) * 1233) >> 12;

	return t + (x >= pow10_u64[t]);
}

/*
 * 17 digits as text, as layout() takes them: the first digit, then the
 * next 8 and the last 8, each 8 as ASCII bytes packed into an integer,
 * the first of them in the low byte (memory order on a little-endian
 * machine).  The first digit apart, the d.ddd of the exponent form
 * needs no shifting.  layout() moves bytes within these registers and
 * stores each word once, so no byte is read back from memory after
 * being written a byte or a word at a time (the CPU cannot forward
 * several small stores into one wide load: the load waits until the
 * stores reach the cache).
 */
struct digits17 {
	uint64_t	a, b;		/* digits 2 to 9, 10 to 17 */
	char		first;
};

/* '0' in every byte */
#define ASCII0	UINT64_C(0x3030303030303030)

/* The 8 bytes of x to p[0..7], the low byte first, whatever the CPU. */
static inline void
store8(char *p, uint64_t x)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &x, 8);
#else
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (char)(x >> 8 * i);
#endif
}

/* p[0..7] as store8() would have stored them. */
static inline uint64_t
load8(const char *p)
{
	uint64_t x = 0;
	int i;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	(void)i;
	memcpy(&x, p, 8);
#else
	for (i = 0; i < 8; i++)
		x |= (uint64_t)(unsigned char)p[i] << 8 * i;
#endif
	return x;
}

/*
 * The 8 decimal digits of x < 10^8 (leading zeros kept) as 8 byte
 * values 0-9, the first in the low byte, without dividing: x is split
 * into its two 4-digit halves in 32-bit lanes, each lane into two
 * 2-digit quarters in 16-bit lanes, each into two digits in bytes.  Each
 * split divides all lanes at once by a multiply and a shift: x / 10^4 is
 * (x * 109951163) >> 40 for x < 10^8, x / 100 is (x * 5243) >> 19 for
 * x < 10^4 and x / 10 is (x * 103) >> 10 for x < 100 (each checked
 * exhaustively when written); the first product stays below 2^54, the
 * others below 2^26 and 2^14, inside their lanes, and the mask drops
 * what the shift brings down from the lane above.  The quotient q and
 * remainder x - d q go to the low and high half of a lane in one
 * multiply-add, (x << w) + q (1 - d 2^w), exact modulo 2^64 (Xiang
 * JunBo's trick, as used in Victor Zverovich's zmij, zmij.c,
 * to_bcd8()).
 */
static inline uint64_t
digits8(uint64_t x)
{
	uint64_t v, q;

	q = x * 109951163 >> 40;
	v = (x << 32) + q * (1 - (UINT64_C(10000) << 32));
	q = (v * 5243 >> 19) & UINT64_C(0x0000007f0000007f);
	v = (v << 16) + q * (1 - (UINT64_C(100) << 16));
	q = (v * 103 >> 10) & UINT64_C(0x000f000f000f000f);
	return (v << 8) + q * (1 - (UINT64_C(10) << 8));
}

/* 10^8: one 8-digit word's worth */
#define P8	UINT64_C(100000000)
#define P9	UINT64_C(1000000000)

/*
 * The 17 digits of 10^16 <= all < 10^17, cut where struct digits17 cuts
 * them, 1 + 8 + 8: one 64-bit division (a multiply) by 10^8, whose
 * 9-digit quotient gives the first digit by a 32-bit one ((x *
 * 1441151881) >> 57 is x / 10^8 for x < 10^9, checked exhaustively),
 * then digits8() on each 8 (the earlier cut into four 4-digit pieces
 * took four 64-bit divisions; digits8()'s first multiply does their
 * work on 8 digits at once).  (Dragonbox's to_chars, Junekey Jeon,
 * "Dragonbox: A New Floating-Point Binary-to-Decimal Conversion
 * Algorithm", 2020, and James Anhalt's jeaiii itoa take two digits per
 * fixed-point multiply instead, one pair after the other.)
 */
static inline void
digits17_raw(uint64_t all, uint64_t *first, uint64_t *a, uint64_t *b)
{
	uint64_t hi9 = all / P8;

	*first = hi9 * 1441151881 >> 57;
	*a = digits8(hi9 - *first * P8);		/* 2 to 9 */
	*b = digits8(all - hi9 * P8);			/* 10 to 17 */
}

/*
 * The digit values as text in s; how many are significant: the zeros at
 * the end are the high zero bytes of the digit values, counted with
 * clz, no loop, where Dragonbox divides them off.
 */
static inline int
finish_digits17(struct digits17 *s, uint64_t first, uint64_t a, uint64_t b)
{
	s->first = (char)('0' + first);
	s->a = a + ASCII0;
	s->b = b + ASCII0;
	if (b == 0)
		return a != 0 ? 9 - (int)((unsigned)clz64(a) >> 3) : 1;
	return 17 - (int)((unsigned)clz64(b) >> 3);
}

/* digits17_raw() and finish_digits17(): the general path's digits. */
static inline int
to_digits17(struct digits17 *s, uint64_t all)
{
	uint64_t first, a, b;

	digits17_raw(all, &first, &a, &b);
	return finish_digits17(s, first, a, b);
}

/*
 * The 192-bit product g cp, g = pow10_table[k - POW10_K_MIN] and cp =
 * u << h: returns its top 64 bits, floor(x) for x = u 2^q 10^-k, and
 * sets *mid to the next 64 and *sticky nonzero when the low 128 bits
 * reach 2^59, i.e. when x is not whole.  g exceeds the exact power by
 * less than 1 in its last place, so the product exceeds x 2^128 by less
 * than cp < 2^59; tools/gen_pow10.py proves that every u a double gives
 * has x whole or its fraction in [2^-69, 1 - 2^-69], which makes both
 * parts exact.
 */
static inline uint64_t
product(const uint64_t *g, uint64_t cp, uint64_t *mid, uint64_t *sticky)
{
	uint64_t hi1, lo1, hi0, lo0;

	mul_full(cp, g[0], &hi1, &lo1);		/* bits 64 to 191 */
	mul_full(cp, g[1], &hi0, &lo0);		/* bits 0 to 127 */
	*mid = lo1 + hi0;
	*sticky = *mid | lo0 >> 59;
	return hi1 + (*mid < lo1);
}

/* x rounded to odd: floor(x), its last bit set when x is not whole. */
static inline uint64_t
round_odd(const uint64_t *g, uint64_t cp)
{
	uint64_t mid, sticky, hi = product(g, cp, &mid, &sticky);

	return hi | (sticky != 0);
}

/*
 * The shortest decimal dec 10^x in the rounding interval of a positive,
 * finite, nonzero double with bit pattern bits; when there are two, the
 * nearer, and of two equally near the one with an even last digit.
 * Returned as its 17 leading digits, dec times a power of ten in
 * [10^16, 10^17), with *e the decimal exponent of the first digit; dec
 * may end in zeros.
 *
 * Schubfach (Raffaello Giulietti, "The Schubfach way to render
 * doubles", 2020), written from the paper's math.  v = c 2^q; every real
 * strictly between the midpoints to its neighbours, (4c - 2) 2^(q-2)
 * and (4c + 2) 2^(q-2), reads back as v, the midpoints too when c is
 * even (strtod rounds a tie to even); below a power of two the gap is
 * half, so the lower midpoint is (4c - 1) 2^(q-2).  Take the k with
 * 10^k <= 2^q < 10^(k+1) (10^k <= 3/4 2^q below a power of two): the
 * interval is then at least 10^k wide and less than 10^(k+1), so it
 * holds at least one multiple of 10^k and at most one of 10^(k+1).
 * In units of 10^k / 4, v, the lower and the upper midpoint are vb, vbl
 * and vbr, rounded to odd, which keeps every comparison with an even
 * integer exact.  s = floor(v / 10^k) = vb / 4:
 *  - if one of the multiples of 10^(k+1) beside v, 10 floor(s / 10)
 *    and 10 floor(s / 10) + 10, is in the interval, it is the answer
 *    (fewer digits; never both, the interval being narrower than
 *    10^(k+1));
 *  - else of s and s + 1 the one in the interval, or if both are, the
 *    nearer to v (vb against the midpoint 4s + 2), s if even on a tie.
 *    s + 1 is always in when it is the nearer: the upper half-gap,
 *    2^(q-1), is at least 10^k / 2 (equal only for q = k = 0, where s
 *    is v); s likewise, but for the narrower gap below a power of two,
 *    the only place where s can be out (and s + 1 then in).
 * vbl and vbr are needed only to compare them with the even sp = 40
 * floor(s / 10) and sp + 40, and one product gives both in all but rare
 * cases.  The products are linear in u: the lower midpoint's is vb's
 * minus G = g << (h + 1) (g << h below a power of two), the upper's is
 * vb's plus g << (h + 1), exactly.  With R = vb's product minus sp
 * 2^128 (below 40 2^128), rounding to odd makes "vbl + out <= sp" the
 * same as "R < G + 2^59 (c even) or R < G (c odd)", and "sp + 40 + out
 * <= vbr" the same as "R + G >= 40 2^128, + 2^59 when c is odd".  Cut
 * R and G to their bits from 2^71 up (r, gl and gr, each less than 1
 * there below the uncut value; r < 40 2^57 and gr < 2^62, so r + gr
 * cannot overflow): r < gl gives R < G, and r >= gl + 2 gives R >= G +
 * 2^71 > G + 2^59; r + gr > 40 2^57 gives R + G >= 40 2^128 + 2^71, and
 * r + gr <= 40 2^57 - 2 gives R + G < 40 2^128.  Only when r - gl is 0
 * or 1, or r + gr is 40 2^57 - 1 or 40 2^57 (a midpoint within about
 * 2^-56, relatively, of a multiple of 10^(k+1): doubles from 2^54 to
 * 2^70 or so, whose midpoints are often such multiples exactly), are
 * the products for vbl and vbr computed, as the comparisons are
 * written.  (Dragonbox, Junekey Jeon, 2020, likewise settles most
 * doubles from one product and the interval's width, computing the
 * parity of another product only in the rare equal case.)
 * The choice is a mask, not a branch: it is a coin toss even within a
 * CSV's column (half the sweep's metric values, a third of a
 * trajectory's, come out a digit shorter), and a mispredicted branch
 * cost more (about 6 ns a number on the sweep's values) than computing
 * both answers.  The answer times 1 or 10 gives the 17 leading
 * digits: a normal double's answer has 16 or 17 digits (c >= 2^52 and
 * 10^k <= 2^q give s >= 4.5 10^15, and the answer is at most s + 10 <
 * 10 2^53 + 10 < 10^17).  schubfach() counts the answer's digits, not
 * s's, so that the carry of s + 1 (s = 9999999999999999) needs no
 * fixing (fast_digits() leaves it to schubfach()); a subnormal's answer
 * may be shorter, never 0 (no interval holds 0).
 */
/* 10^16: a 17-digit significand's least */
#define P16	UINT64_C(10000000000000000)

/* 40 in units of 2^71 / 2^128, for the cut comparisons */
#define CUT40	(UINT64_C(40) << 57)

/* What the search decided: the answer is (s10 + wpin) 10 where fewer
 * is all ones, else s + up; k is the decimal exponent of s's last digit */
struct decision {
	uint64_t	s, s10, up, wpin, fewer;
	int		k;
};

/*
 * h as decide() computes it for a double that is not a power of two,
 * by biased exponent: one load where the formula is two multiplies,
 * after one another, ahead of the product.  2048 bytes built by the
 * preprocessor from the same formula.
 */
#define I_OF(be)	(((be) * (uint32_t)POW10_IDX_M + POW10_IDX_C) >> \
			    POW10_IDX_S)
#define H_OF(be)	((signed char)((int)(be) - POW10_H_OFF + \
			    (int)(((POW10_COUNT - 1u - I_OF(be)) * POW10_H_M + \
			    POW10_H_C) >> POW10_H_S)))
#define H_4(b)		H_OF(b), H_OF((b) + 1), H_OF((b) + 2), H_OF((b) + 3)
#define H_16(b)		H_4(b), H_4((b) + 4), H_4((b) + 8), H_4((b) + 12)
#define H_64(b)		H_16(b), H_16((b) + 16), H_16((b) + 32), H_16((b) + 48)
#define H_256(b)	H_64(b), H_64((b) + 64), H_64((b) + 128), H_64((b) + 192)
static const signed char h_by_be[2048] = {
	H_256(0u), H_256(256u), H_256(512u), H_256(768u),
	H_256(1024u), H_256(1280u), H_256(1536u), H_256(1792u)
};

/*
 * The search above for every double (exact != 0), or (exact == 0, for
 * the fast path) only for a normal double that is not a power of two,
 * returning 0 where vbl and vbr would need their own products: a
 * constant, so each caller gets its own copy with the other case's
 * branches gone (the fast copy keeps fewer values live: no spills).
 */
static ALWAYS_INLINE int
decide(uint64_t bits, struct decision *d, int exact)
{
	uint64_t frac = bits & FRAC_MASK, c, cb, lower, hi, mid, sticky, vb;
	uint64_t s, sp, s10, r, gl, gr, out, upin, wpin, up;
	uint32_t be = (uint32_t)(bits >> FRAC_BITS), i;
	int h;
	const uint64_t *g;

	if (exact && be == 0) {		/* subnormal: q = 1 - 1075 too */
		c = frac;
		be = 1;
	} else
		c = frac | HIDDEN_BIT;
	cb = c << 2;
	if (exact && frac == 0 && be > 1) {	/* a power of two, */
		i = (be * POW10_IDX_M + POW10_IDX_C34) >> POW10_IDX_S;
		lower = cb - 1;			/* gap below half */
	} else {
		i = (be * POW10_IDX_M + POW10_IDX_C) >> POW10_IDX_S;
		lower = cb - 2;
	}
	/* h = q + floor(-k log2 10) + 1, in 1..4: u << h scales u 2^q */
	if (exact)
		h = (int)be - POW10_H_OFF + (int)(((POW10_COUNT - 1 - i) *
		    POW10_H_M + POW10_H_C) >> POW10_H_S);
	else
		h = h_by_be[be];
	g = pow10_table[i];
	hi = product(g, cb << h, &mid, &sticky);
	vb = hi | (sticky != 0);
	out = c & 1;			/* odd c: the midpoints are out */

	s = vb >> 2;
	s10 = s / 10;
	sp = (s10 << 5) + (s10 << 3);		/* 40 s10 */			/* 4 * 10 floor(s / 10) */
	r = (hi - sp) << 57 | mid >> 7;	/* R, G from 2^71 up */
	gr = g[0] >> (6 - h);
	gl = exact ? gr >> (lower & 1) : gr;	/* 4c - 1: half the gap */
	if (r - gl <= 1 || r + gr - (CUT40 - 1) <= 1) {	/* too near */
		if (!exact)
			return 0;
		upin = round_odd(g, lower << h) + out <= sp;
		wpin = sp + 40 + out <= round_odd(g, (cb + 2) << h);
	} else {
		upin = r < gl;
		wpin = r + gr > CUT40;
	}
	/* s + 1 is nearer when vb - 4s is 3, or 2 (a tie) with s odd:
	 * vb's low 3 bits (s's last, then vb - 4s) are 3, 6 or 7 */
	up = UINT64_C(0xc8) >> (vb & 7) & 1;
	if (exact && frac == 0)		/* s may be out, below a power of 2 */
		up |= round_odd(g, lower << h) + out > s << 2;
	d->s = s;
	d->s10 = s10;
	d->up = up;
	d->wpin = wpin;
	d->fewer = 0 - (upin | wpin);	/* 10^(k+1) decides */
	d->k = (int)i + POW10_K_MIN;
	return 1;
}

/* Every positive, finite, nonzero double: the general path's search. */
static uint64_t
schubfach(uint64_t bits, int *e)
{
	struct decision d;
	uint64_t all;
	int m;

	decide(bits, &d, 1);
	all = ((d.s10 + d.wpin) * 10 & d.fewer) | ((d.s + d.up) & ~d.fewer);
	/* its digits, m, and 10^(17 - m) to scale them to 17 */
	if (bits >> FRAC_BITS != 0) {
		m = 16 + (all >= P16);
		all *= m == 16 ? 10 : 1;
	} else {			/* a subnormal: all may be short */
		m = ndigits64(all);
		all *= pow10_u64[17 - m];
	}
	*e = d.k + m - 1;
	return all;
}

/*
 * The fast path's search and digits, for a normal double that is not a
 * power of two: returns how many digits are significant, or 0 to leave
 * the double to the general path (a midpoint too near, or a carry to
 * 10^17).
 * The answer, s + up or 10 (s10 + wpin), differs from s by fix, -9 to
 * +10, so its 17 digits differ from s's (scaled to 17) only in the last
 * 8, unless adding fix carries out of them (s ending in 9999999x: a
 * short decimal just above its double, such as a grid's 0.99, s =
 * 98999999999999999, or a trajectory's t = k dt), when the carry goes
 * into the first 9; only a carry out of all 17 (s = 10^16 - 1 and its
 * kin: 10^17) is the general path's.  Sending every carry there, as
 * before, sent 4.6 % of a trajectory's numbers and 2 % of a 10^4-spring
 * sweep's (6 in 10^8 random doubles) through the slower path.  So the
 * first 9 digits are cut while the search decides, and fix goes into
 * the last 8 before digits8().  An
 * earlier version cut all 17 of s, then replaced the last three from a
 * table of 1000: a division by 1000, the table, the masks, and 0.5 % of
 * a sweep's numbers (s ending in 999x) sent to the general path.  s's
 * 16 or 17 digits are a branch, not a multiply by 1 or 10: predicted,
 * it keeps the scaling off the chain after the search (in the tight
 * loop, 2 ns a number faster on the sweep's numbers, 1 ns on random
 * doubles, where it is a coin toss).
 * Cutting the last 8 into 4 + 4 before the search decides, fix going
 * into the last 4, or cutting the three candidates' digits at once,
 * measured slower: more values live, spilled, and more instructions.
 */
static ALWAYS_INLINE int
fast_digits(uint64_t bits, struct digits17 *ds, int *e)
{
	struct decision d;
	uint64_t long17, all, hi9, lo8, fix, first;

	if (!decide(bits, &d, 0))
		return 0;
	long17 = d.s >= P16;
	all = long17 ? d.s : d.s * 10;
	hi9 = all / P8;
	/* + up, or - the last digit (+ 10 when wpin): modulo 2^64 */
	fix = (((UINT64_C(10) & (0 - d.wpin)) - (d.s - d.s10 * 10)) &
	    d.fewer) | (d.up & ~d.fewer);
	lo8 = all - hi9 * P8 + (long17 ? fix : fix * 10);
	if (lo8 >= P8) {	/* fix carried out of the last 8 */
		lo8 -= P8;
		if (++hi9 >= P9)	/* and out of all 17: 10^17 */
			return 0;
	}
	first = hi9 * 1441151881 >> 57;
	*e = d.k + 15 + (int)long17;
	return finish_digits17(ds, first, digits8(hi9 - first * P8),
	    digits8(lo8));
}

/* '.' in every byte */
#define DOTS	UINT64_C(0x2e2e2e2e2e2e2e2e)

/*
 * The masks that put a point after string position p (0 to 16) into
 * the 17 digits as three words, for with_point(): keep, the bytes
 * at positions 0 to p (the low c bytes of a word, c clamped to 0..8);
 * up, those after the point, which take the digits moved up a byte; dot,
 * the point itself.  Built by the preprocessor: 17 entries.
 */
#define LOW_BYTES(c)	((c) <= 0 ? 0 : (c) >= 8 ? ~UINT64_C(0) : \
			    (UINT64_C(1) << 8 * ((c) & 7)) - 1)
#define POINT_W(p, j)	{ LOW_BYTES((p) + 1 - 8 * (j)), \
			    ~LOW_BYTES((p) + 2 - 8 * (j)), \
			    DOTS & LOW_BYTES((p) + 2 - 8 * (j)) & \
			    ~LOW_BYTES((p) + 1 - 8 * (j)) }
#define POINT(p)	{ POINT_W(p, 0), POINT_W(p, 1), POINT_W(p, 2) }
static const struct point_masks {
	uint64_t	keep, up, dot;
} point_masks[17][3] = {
	POINT(0), POINT(1), POINT(2), POINT(3), POINT(4), POINT(5),
	POINT(6), POINT(7), POINT(8), POINT(9), POINT(10), POINT(11),
	POINT(12), POINT(13), POINT(14), POINT(15), POINT(16)
};

/*
 * One word of the text with a point: the bytes of w up to the point,
 * the point, then up (the same word of the digits moved up a byte), as
 * m says.  Masks in registers, no branch on where the point is (as
 * unpredictable as the numbers), and no text stored then copied from an
 * offset (the copy would wait for the stores).
 */
static inline uint64_t
with_point(uint64_t w, uint64_t up, const struct point_masks *m)
{
	return (w & m->keep) | (up & m->up) | m->dot;
}

/*
 * The digits of 0 to 399 as text for an exponent, the first in the low
 * byte: two digits below 100 ("05"), three from 100.  400 words built by
 * the preprocessor, 1.6 KB, so the exponent is one load, not divisions.
 */
#define EXP_D(h, t, o)	((h) ? (uint32_t)('0' + (h)) | (uint32_t)('0' + (t)) \
			    << 8 | (uint32_t)('0' + (o)) << 16 : \
			    (uint32_t)('0' + (t)) | (uint32_t)('0' + (o)) << 8)
#define EXP_D10(h, t)	EXP_D(h, t, 0), EXP_D(h, t, 1), EXP_D(h, t, 2), \
			EXP_D(h, t, 3), EXP_D(h, t, 4), EXP_D(h, t, 5), \
			EXP_D(h, t, 6), EXP_D(h, t, 7), EXP_D(h, t, 8), \
			EXP_D(h, t, 9)
#define EXP_D100(h)	EXP_D10(h, 0), EXP_D10(h, 1), EXP_D10(h, 2), \
			EXP_D10(h, 3), EXP_D10(h, 4), EXP_D10(h, 5), \
			EXP_D10(h, 6), EXP_D10(h, 7), EXP_D10(h, 8), \
			EXP_D10(h, 9)
static const uint32_t exp_digits[400] = {
	EXP_D100(0), EXP_D100(1), EXP_D100(2), EXP_D100(3)
};

/*
 * "e+XX" or "e-XXX" for the decimal exponent e (|e| < 400),
 * NUL-terminated, as the bytes of a word (the first in the low byte) for
 * one store; *len gets the length, 4 or 5.  No branch: with random
 * numbers the sign and the third digit are coin tosses.
 */
static inline uint64_t
exponent_text(int e, int *len)
{
	uint32_t a = (uint32_t)(e < 0 ? -e : e);

	*len = 4 + (a >= 100);
	return 'e' | (uint64_t)('+' + 2 * (e < 0)) << 8 |
	    (uint64_t)exp_digits[a] << 16;
}

/*
 * Lay out the first n digits of s (s's first digit nonzero, the digits
 * after the n-th zeros, n <= 17), the first of them having the decimal
 * exponent e, in the module's notation: plain when e is in [-5, 16],
 * else d.ddde+XX.  Shared so both entry points agree; inline, so that s
 * stays in registers.  Fixed-size stores that may write junk past the
 * end, but never past buf[NUMFMT_MAX - 1]: the text has at most 24
 * bytes and the bounds are noted case by case.
 */
static ALWAYS_INLINE int
layout(char *buf, int neg, const struct digits17 *s, int n, int e)
{
	char *b = buf;
	const struct point_masks *m;
	uint64_t w0, w1, w2;
	int len;

	*b = '-';
	b += neg;				/* b <= buf + 1 */
	/* 0.000ddd first: 85 % of the sweep's numbers (errors from 1e-5
	 * to 1), one test, not two */
	if ((unsigned)(e + 5) < 5) {		/* 0.000ddd: to buf + 24 */
		memcpy(b, "0.00000", 8);
		b -= e;			/* the first digit at b + 1 */
		b[1] = s->first;
		store8(b + 2, s->a);
		store8(b + 10, s->b);
		b += n + 1;
	} else if (e > 16 || e < 1) {		/* d.ddd: to buf + 19 */
		b[0] = s->first;
		b[1] = '.';
		store8(b + 2, s->a);
		store8(b + 10, s->b);
		b += n > 1 ? n + 1 : 1;
		if (e != 0) {			/* then 8 */
			store8(b, exponent_text(e, &len));
			return (int)(b - buf) + len;
		}
	} else {			/* the point after digit e + 1, */
		m = point_masks[e];	/* or none: to buf + 25 */
		w0 = (unsigned char)s->first | s->a << 8;	/* 1 to 8 */
		w1 = s->a >> 56 | s->b << 8;			/* 9 to 16 */
		w2 = s->b >> 56;				/* 17 */
		store8(b, with_point(w0, w0 << 8, &m[0]));
		store8(b + 8, with_point(w1, w1 << 8 | w0 >> 56, &m[1]));
		store8(b + 16, with_point(w2, w2 << 8 | w1 >> 56, &m[2]));
		b += n > e + 1 ? n + 1 : e + 1;
	}
	*b = '\0';
	return (int)(b - buf);
}

/*
 * Zero, infinity or NaN, in one unsigned comparison: with the sign bit
 * cleared, zero minus 1 wraps to the top, and infinities and NaNs are the
 * patterns from the all-ones exponent up.
 */
#define IS_SPECIAL(bits) \
	(((bits) & ~SIGN_BIT) - 1 >= ((uint64_t)EXP_MASK << FRAC_BITS) - 1)

/* The texts that are not digits, NUL-padded to 8 bytes for one copy. */
static const struct special_text {
	char	text[8];
	int	len;
} special_texts[] = {
	{ "0", 1 }, { "-0", 2 }, { "nan", 3 }, { "inf", 3 }, { "-inf", 4 }
};

/*
 * Zero, infinities and NaN, for bits that IS_SPECIAL: a fixed 8-byte
 * copy (strlen and a copy of that length cost a third of a number's
 * time in a trajectory with its many zeros).  Returns the length.
 */
static int
special(char *buf, uint64_t bits)
{
	uint64_t neg = bits >> 63;
	const struct special_text *t;

	if ((bits & ~SIGN_BIT) == 0)
		t = &special_texts[neg];
	else if (bits & FRAC_MASK)
		t = &special_texts[2];
	else
		t = &special_texts[3 + neg];
	memcpy(buf, t->text, 8);
	return t->len;
}

/*
 * The doubles the fast path leaves: zero, infinities, NaN, subnormals,
 * powers of two and the few whose midpoints lie too near a multiple of
 * 10^(k+1).  Out of line and reached by a tail call, so that the fast
 * path carries none of their branches or values (with them inline, GCC
 * 12 kept six values on the stack, 33 loads and stores in the function:
 * the fast path alone, on the sweep's numbers, runs 15 % fewer
 * instructions).
 */
static NOINLINE int
roundtrip_general(char *buf, uint64_t bits)
{
	struct digits17 s;
	uint64_t all;
	int n, e;

	if (IS_SPECIAL(bits))
		return special(buf, bits);
	all = schubfach(bits & ~SIGN_BIT, &e);
	n = to_digits17(&s, all);
	return layout(buf, (int)(bits >> 63), &s, n, e);
}

/* Shortest round trip: the fast path for every number a CSV row holds. */
int
numfmt_roundtrip(char *buf, double v)
{
	struct digits17 s;
	uint64_t bits;
	uint32_t be;
	long long whole;
	int n, e, sh;

	memcpy(&bits, &v, sizeof bits);
	be = (uint32_t)(bits >> FRAC_BITS) & EXP_MASK;
	if (be - 1 >= EXP_MASK - 1)	/* 0, subnormal, infinity, NaN */
		return roundtrip_general(buf, bits);
	/* whole numbers from 1 to 2^53 (counts, 1: half a metrics row)
	 * print as layout would print them, without the digit search:
	 * v = 1.f 2^sh with no bit of f below the binary point */
	sh = (int)be - 1023;
	if ((unsigned)sh <= FRAC_BITS && (bits << 12 << sh) == 0) {
		whole = (long long)(((bits & FRAC_MASK) | HIDDEN_BIT) >>
		    (FRAC_BITS - sh));
		return numfmt_integer(buf, bits >> 63 ? -whole : whole);
	}
	if ((bits & FRAC_MASK) == 0)	/* a power of two */
		return roundtrip_general(buf, bits);
	n = fast_digits(bits & ~SIGN_BIT, &s, &e);
	if (n == 0)			/* too near to settle, or a carry */
		return roundtrip_general(buf, bits);
	return layout(buf, (int)(bits >> 63), &s, n, e);
}

/* A whole number in decimal, as printf("%lld") writes it; its length. */
int
numfmt_integer(char *buf, long long v)
{
	char tmp[24];
	unsigned long long u = v < 0 ? 0ULL - (unsigned long long)v :
	    (unsigned long long)v;
	int n = 0, len = 0;

	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u != 0);
	if (v < 0)
		buf[len++] = '-';
	while (n > 0)
		buf[len++] = tmp[--n];
	buf[len] = '\0';
	return len;
}

/*
 * Fixed significant digits: snprintf("%.*e") rounds correctly; take its
 * digits and exponent (skipping whatever radix character the locale put
 * in), drop trailing zeros as %g does, and lay them out like the rest.
 */
int
numfmt_precision(char *buf, double v, int digits)
{
	char tmp[48], d[17];
	const char *t;
	struct digits17 s;
	uint64_t bits;
	int n = 0, ex = 0, eneg = 0;

	memcpy(&bits, &v, sizeof bits);
	if (IS_SPECIAL(bits))
		return special(buf, bits);
	if (digits < 1)
		digits = 1;
	if (digits > 17)
		digits = 17;
	snprintf(tmp, sizeof tmp, "%.*e", digits - 1, v);

	for (t = tmp; *t != '\0' && *t != 'e'; t++)
		if (*t >= '0' && *t <= '9' && n < 17)
			d[n++] = *t;
	if (*t == 'e')
		t++;
	if (*t == '-' || *t == '+')
		eneg = *t++ == '-';
	for (; *t >= '0' && *t <= '9'; t++)
		ex = ex * 10 + (*t - '0');
	if (eneg)
		ex = -ex;
	while (n > 1 && d[n - 1] == '0')
		n--;
	memset(d + n, '0', 17 - (size_t)n);
	s.first = d[0];
	s.a = load8(d + 1);
	s.b = load8(d + 9);
	return layout(buf, (int)(bits >> 63), &s, n, ex);
}

/*
 * numfmt_roundtrip_n: the same texts, sixteen doubles at a time where
 * the processor has AVX-512 (its foundation, F, alone), the fast path's
 * arithmetic (decide() without the exact cases, fast_digits(),
 * digits8()) done in the 64-bit lanes of two vectors, then each lane
 * laid out as numfmt_roundtrip lays it out.  A
 * lane the fast path would leave (zero, a subnormal, an infinity, NaN, a
 * whole number, a power of two, a midpoint too near, a carry) is done by
 * numfmt_roundtrip itself.  The lanes' 128-bit products are four 32 x 32
 * bit ones each (AVX-512 multiplies 32-bit halves into 64 bits); a table
 * entry is a gather.  Elsewhere, and on a processor without them, one
 * numfmt_roundtrip after another.
 */
#include "cpufeat.h"
#if defined(SPRING_CPUFEAT) && !defined(NUMFMT_NO_SIMD)
#include <immintrin.h>

#define X8 __attribute__((target("avx512f")))
typedef uint64_t v8u __attribute__((vector_size(64)));
typedef int64_t v8i __attribute__((vector_size(64)));

/* The low 32 bits of each lane of a times those of b, 64-bit products. */
X8 static inline v8u
mul32(v8u a, v8u b)
{
	return (v8u)_mm512_mul_epu32((__m512i)a, (__m512i)b);
}

/* Each lane's 128-bit product a b: the high 64 bits, *lo the low. */
X8 static inline v8u
mul_full8(v8u a, v8u b, v8u *lo)
{
	v8u ah = a >> 32, bh = b >> 32;
	v8u ll = mul32(a, b), lh = mul32(a, bh), hl = mul32(ah, b);
	v8u hh = mul32(ah, bh);
	v8u mid = (ll >> 32) + (lh & M32) + (hl & M32);

	*lo = mid << 32 | (ll & M32);
	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* Each lane's high 64 bits of a b. */
X8 static inline v8u
mul_hi8(v8u a, v8u b)
{
	v8u lo;

	return mul_full8(a, b, &lo);
}

/* A comparison's lanes (all ones or zero) as 1 or 0. */
#define ONE_IF(m)	((v8u)(m) & 1)

/*
 * digits8() in every lane, its products written so that none is a full
 * 64-bit multiply (VPMULLQ, three micro-ops and 15 cycles' latency on
 * Intel's cores by their manual, where digits8 chains six): by a
 * constant of a few bits, shifts and adds; else 32 x 32 bits (VPMULUDQ,
 * 5 cycles), the halves of a packed word apart; written so, the batch
 * took 14.7 ns a number where it took 19.9 (the same loop, alone).  The same products modulo 2^64: q (1 - d 2^w) is q - (d q << w).
 */
X8 static inline v8u
digits8_x8(v8u x)
{
	v8u v, q, c5243 = (v8u){ 0 } + 5243;

	q = mul32(x, (v8u){ 0 } + 109951163) >> 40;
	v = (x << 32) + q - (mul32(q, (v8u){ 0 } + 10000) << 32);
	q = ((mul32(v, c5243) + (mul32(v >> 32, c5243) << 32)) >> 19) &
	    UINT64_C(0x0000007f0000007f);
	v = (v << 16) + q - (((q << 6) + (q << 5) + (q << 2)) << 16);
	q = (((v << 6) + (v << 5)) + ((v << 2) + (v << 1)) + v) >> 10 &
	    UINT64_C(0x000f000f000f000f);
	return (v << 8) + q - (((q << 3) + (q << 1)) << 8);
}

/*
 * The fast path for the first n (1 to 8) of eight doubles v: in each
 * lane as decide(bits, d, 0) then fast_digits() compute them, the first
 * digit, the two 8-digit words (digit values, not yet text) and the
 * exponent; ok's lane all ones where the fast path settles it, else 0:
 * a lane numfmt_roundtrip leaves to its other paths (zero, subnormal,
 * infinity, NaN, a whole number, a power of two; their lanes computed
 * as 1.5, thrown away), a midpoint too near, a carry, a lane past n.
 * The doubles are loaded as a vector, not gathered from stores of each
 * (a wide load of narrow stores waits for them to reach the cache).
 */
X8 static ALWAYS_INLINE void
fast_digits_x8(const double *v, int n, uint64_t *first_out,
    uint64_t *a_out, uint64_t *b_out, int64_t *e_out, uint64_t *ok_out)
{
	v8u bits, frac, be, c, cb, i, g0, g1, cp, hi, mid, lo0, lo1, hi0;
	v8u vb, s, s10, sp, r, gr, up, upin, wpin, fewer, near, fast, sh;
	v8u long17, all, hi9, fix, lo8, first, carry;
	v8i h, k;

	bits = (v8u)_mm512_maskz_loadu_epi64((__mmask8)((1u << n) - 1), v);
	bits &= ~SIGN_BIT;
	/* numfmt_roundtrip's tests: normal, not whole, not 2^k */
	be = bits >> FRAC_BITS;
	sh = be - 1023;
	fast = (v8u)(be - 1 < EXP_MASK - 1) & (v8u)((bits & FRAC_MASK) != 0) &
	    ~((v8u)(sh <= FRAC_BITS) & (v8u)(bits << 12 << sh == 0));
	bits = (bits & fast) | (UINT64_C(0x3ff8000000000000) & ~fast);
	frac = bits & FRAC_MASK;
	be = bits >> FRAC_BITS;
	c = frac | HIDDEN_BIT;
	cb = c << 2;
	i = (mul32(be, (v8u){ 0 } + POW10_IDX_M) + POW10_IDX_C) >>
	    POW10_IDX_S;
	h = (v8i)be - POW10_H_OFF + (v8i)((mul32(POW10_COUNT - 1 - i,
	    (v8u){ 0 } + POW10_H_M) + POW10_H_C) >> POW10_H_S);
	g0 = (v8u)_mm512_i64gather_epi64((__m512i)(i * 2),
	    (const void *)pow10_table, 8);
	g1 = (v8u)_mm512_i64gather_epi64((__m512i)(i * 2 + 1),
	    (const void *)pow10_table, 8);
	cp = cb << (v8u)h;
	/* product(): bits 64 to 191 of cp g0 and 0 to 127 of cp g1 */
	hi = mul_full8(cp, g0, &lo1);
	hi0 = mul_full8(cp, g1, &lo0);
	mid = lo1 + hi0;
	hi += ONE_IF(mid < lo1);
	vb = hi | ONE_IF((mid | lo0 >> 59) != 0);
	s = vb >> 2;
	s10 = mul_hi8(s, (v8u){ 0 } + UINT64_C(0xcccccccccccccccd)) >> 3;
	sp = (s10 << 5) + (s10 << 3);		/* 40 s10 */
	r = (hi - sp) << 57 | mid >> 7;
	gr = g0 >> (6 - (v8u)h);
	near = (v8u)(r - gr <= 1) | (v8u)(r + gr - (CUT40 - 1) <= 1);
	upin = ONE_IF(r < gr);
	wpin = ONE_IF(r + gr > CUT40);
	up = (UINT64_C(0xc8) >> (vb & 7)) & 1;
	fewer = 0 - (upin | wpin);
	k = (v8i)i + POW10_K_MIN;
	/* fast_digits() */
	long17 = (v8u)(s >= P16);		/* all ones, or 0 */
	all = (s & long17) | (((s << 3) + (s << 1)) & ~long17);
	hi9 = mul_hi8(all, (v8u){ 0 } + UINT64_C(0xabcc77118461cefd)) >> 26;
	fix = (((10 & (0 - wpin)) - (s - ((s10 << 3) + (s10 << 1)))) &
	    fewer) | (up & ~fewer);
	lo8 = all - mul32(hi9, (v8u){ 0 } + P8) + ((fix & long17) |
	    (((fix << 3) + (fix << 1)) & ~long17));
	/* a carry out of the last 8 into the first 9 (all ones: -1) */
	carry = (v8u)(lo8 >= P8);
	lo8 -= P8 & carry;
	hi9 -= carry;
	first = mul32(hi9, (v8u){ 0 } + 1441151881) >> 57;
	{
		v8u ok = fast & ~near & (v8u)(hi9 < P9);
		v8u a = digits8_x8(hi9 - mul32(first, (v8u){ 0 } + P8));
		v8u b = digits8_x8(lo8);
		v8i e = k + 15 + (v8i)(long17 & 1);

		memcpy(ok_out, &ok, sizeof(ok));
		memcpy(first_out, &first, sizeof(first));
		memcpy(a_out, &a, sizeof(a));
		memcpy(b_out, &b, sizeof(b));
		memcpy(e_out, &e, sizeof(e));
	}
}

/*
 * Sixteen lanes, two vectors side by side: each vector's arithmetic is
 * one long chain of dependent steps (two 128-bit products, two more for
 * the divisions, digits8()), so a second, independent one fills the
 * cycles the first waits in (out of line, so the two are scheduled
 * together).
 */
X8 static void
fast_digits_x16(const double *v, int n, uint64_t *first, uint64_t *a,
    uint64_t *b, int64_t *e, uint64_t *ok)
{
	fast_digits_x8(v, n < 8 ? n : 8, first, a, b, e, ok);
	/* no lane past n is read (a masked load), nor pointed past */
	fast_digits_x8(v + (n > 8 ? 8 : 0), n > 8 ? n - 8 : 0, first + 8,
	    a + 8, b + 8, e + 8, ok + 8);
}

/*
 * Up to X16_BATCH at once (n <= X16_BATCH): see numfmt_roundtrip_n.  The
 * vector part for all of them first, then each one's text: each sixteen's
 * vector part is one chain of dependent steps that the processor, with
 * no text work between them, runs beside the next sixteen's.
 */
#define X16_BATCH 64
static void
roundtrip_x16(char (*out)[NUMFMT_MAX], unsigned char *len,
    const double *v, int n)
{
	uint64_t first[X16_BATCH], a[X16_BATCH], b[X16_BATCH];
	uint64_t ok[X16_BATCH];
	int64_t e[X16_BATCH];
	struct digits17 s;
	uint64_t bits;
	int j, nd;

	for (j = 0; j < n; j += 16)
		fast_digits_x16(v + j, n - j < 16 ? n - j : 16, first + j,
		    a + j, b + j, e + j, ok + j);
	for (j = 0; j < n; j++) {
		if (ok[j] == 0) {
			len[j] = (unsigned char)numfmt_roundtrip(out[j], v[j]);
			continue;
		}
		memcpy(&bits, &v[j], sizeof(bits));
		nd = finish_digits17(&s, first[j], a[j], b[j]);
		len[j] = (unsigned char)layout(out[j], (int)(bits >> 63), &s,
		    nd, (int)e[j]);
	}
}
#endif

/* See numfmt.h. */
void
numfmt_roundtrip_n(char (*out)[NUMFMT_MAX], unsigned char *len,
    const double *v, int n)
{
	int i = 0;

#ifdef X8
	/* asked at each call (a call and a load: cpufeat.h), no state
	 * between calls */
	if ((cpufeat() & CPUFEAT_AVX512F) != 0)
		for (; n - i >= 2; i += X16_BATCH)
			roundtrip_x16(out + i, len + i, v + i,
			    n - i < X16_BATCH ? n - i : X16_BATCH);
#endif
	for (; i < n; i++)
		len[i] = (unsigned char)numfmt_roundtrip(out[i], v[i]);
}
