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
#include <math.h>
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

/* "00" to "99": two digits per step when writing an integer */
static const char digits2[201] =
    "00010203040506070809101112131415161718192021222324"
    "25262728293031323334353637383940414243444546474849"
    "50515253545556575859606162636465666768697071727374"
    "75767778798081828384858687888990919293949596979899";

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
 * machine).  So each 8 go out with one store, and none is read back
 * from memory after being written a byte at a time (which would wait
 * for the stores: the CPU cannot forward several small stores into one
 * wide load).
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
 * The 8 decimal digits of y < 10^8 (leading zeros kept) as 8 byte
 * values 0-9, the first in the low byte, without dividing: y is split
 * into two 4-digit halves in two 32-bit lanes, each lane into two 2-digit
 * quarters in 16-bit lanes, each into two digits in bytes.  Each split
 * divides all lanes at once by a multiply and a shift: x / 100 is
 * (x * 5243) >> 19 for x < 10^4 and x / 10 is (x * 103) >> 10 for
 * x < 100 (checked exhaustively when written); the products stay below
 * 2^26 and 2^14, inside their lanes, and the mask drops what the shift
 * brings down from the lane above.
 */
static inline uint64_t
digits8(uint32_t y)
{
	uint64_t v = (uint64_t)(y / 10000) | (uint64_t)(y % 10000) << 32;
	uint64_t q;

	q = (v * 5243 >> 19) & UINT64_C(0x0000007f0000007f);
	v = q | (v - q * 100) << 16;
	q = (v * 103 >> 10) & UINT64_C(0x000f000f000f000f);
	return q | (v - q * 10) << 8;
}

/*
 * dec 10^k, 0 < dec < 10^17, as 17 digits (dec's own, then zeros) in s;
 * returns how many are significant (up to the last nonzero one) and puts
 * the decimal exponent of the last of those in *x.  The zeros at the end
 * are the high zero bytes of the digit values.
 */
static int
to_digits17(struct digits17 *s, uint64_t dec, int k, int *x)
{
	int m = ndigits64(dec), n;
	uint64_t all = dec * pow10_u64[17 - m], hi, lo;
	uint32_t top = (uint32_t)(all / 100000000);

	hi = digits8(top % 100000000);
	lo = digits8((uint32_t)(all % 100000000));
	if (lo != 0)
		n = 17 - clz64(lo) / 8;
	else if (hi != 0)
		n = 9 - clz64(hi) / 8;
	else
		n = 1;
	s->first = (char)('0' + top / 100000000);
	s->a = hi + ASCII0;
	s->b = lo + ASCII0;
	*x = k + m - n;
	return n;
}

/*
 * x = u 2^q 10^-k rounded to odd (floor(x), its last bit set when x is
 * not whole), given g = pow10_table[k - POW10_K_MIN] and cp = u << h:
 * the top 64 bits of the 192-bit product g cp, odd when its low 128 bits
 * reach 2^59.  g exceeds the exact power by less than 1 in its last
 * place, so the product exceeds x 2^128 by less than cp < 2^59;
 * tools/gen_pow10.py proves that every u a double gives has x whole or
 * its fraction in [2^-69, 1 - 2^-69], which makes both parts exact.
 * (The products for the midpoints could come from this one by adding g
 * shifted, the product being linear in u, but the carries through three
 * words cost more than the two multiplications they save.)
 */
static inline uint64_t
round_odd(const uint64_t *g, uint64_t cp)
{
	uint64_t hi1, lo1, hi0, lo0, mid;

	mul_full(cp, g[0], &hi1, &lo1);		/* bits 64 to 191 */
	mul_full(cp, g[1], &hi0, &lo0);		/* bits 0 to 127 */
	mid = lo1 + hi0;
	hi1 += mid < lo1;
	return hi1 | ((mid | lo0 >> 59) != 0);
}

/*
 * The shortest decimal dec 10^*exp10 in the rounding interval of a
 * positive, finite, nonzero double with bit pattern bits; when there are
 * two, the nearer, and of two equally near the one with an even last
 * digit.  dec < 10^17 may end in zeros.
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
 *  - if exactly one of the multiples of 10^(k+1) beside v, 10 floor(s /
 *    10) and 10 floor(s / 10) + 10, is in the interval, it is the
 *    answer (fewer digits, unique);
 *  - else of s and s + 1 the one in the interval, or if both are, the
 *    nearer to v (vb against the midpoint 4s + 2), s if even on a tie.
 */
static uint64_t
schubfach(uint64_t bits, int *exp10)
{
	uint64_t frac = bits & FRAC_MASK, c, cb, lower, vb, vbl, vbr, s, sp;
	uint64_t dec;
	uint32_t be = (uint32_t)(bits >> FRAC_BITS), i;
	int h, k, out, upin, wpin, uin, win;
	const uint64_t *g;

	if (be == 0) {			/* subnormal: q = 1 - 1075 too */
		c = frac;
		be = 1;
	} else
		c = frac | HIDDEN_BIT;
	cb = c << 2;
	if (frac == 0 && be > 1) {	/* a power of two, gap below half */
		i = (be * POW10_IDX_M + POW10_IDX_C34) >> POW10_IDX_S;
		lower = cb - 1;
	} else {
		i = (be * POW10_IDX_M + POW10_IDX_C) >> POW10_IDX_S;
		lower = cb - 2;
	}
	/* h = q + floor(-k log2 10) + 1, in 1..4: u << h scales u 2^q */
	h = (int)be - POW10_H_OFF + (int)(((POW10_COUNT - 1 - i) *
	    POW10_H_M + POW10_H_C) >> POW10_H_S);
	k = (int)i + POW10_K_MIN;
	g = pow10_table[i];
	vb = round_odd(g, cb << h);
	vbl = round_odd(g, lower << h);
	vbr = round_odd(g, (cb + 2) << h);
	out = (int)(c & 1);		/* odd c: the midpoints are out */

	s = vb >> 2;
	sp = s / 10 * 40;		/* 4 * 10 floor(s / 10) */
	upin = vbl + (uint64_t)out <= sp;
	wpin = sp + 40 + (uint64_t)out <= vbr;
	if (upin != wpin) {
		dec = s / 10 + (uint64_t)wpin;
		k++;
	} else {
		uin = vbl + (uint64_t)out <= s << 2;
		win = (s << 2) + 4 + (uint64_t)out <= vbr;
		if (uin != win)
			dec = s + (uint64_t)win;
		else		/* both: the nearer, even on a tie */
			dec = s + (vb > (s << 2) + 2 ||
			    (vb == (s << 2) + 2 && (s & 1)));
	}

	*exp10 = k;
	return dec;
}

/*
 * Lay out the first n digits of s (s's first digit nonzero, the digits
 * after the n-th zeros, n <= 17) times 10^x in the module's notation:
 * plain when the leading digit's exponent is in [-5, 16], else
 * d.ddde+XX.  Shared so both entry points agree; inline, so that s stays
 * in registers (about a fifth of the time otherwise).  Fixed-size stores
 * that may write junk past the end, but never past buf[NUMFMT_MAX - 1]:
 * the text has at most 24 bytes and the bounds are noted case by case.
 * The digits after a point inside are copied from a local array: one
 * copy at any offset, cheaper than shifting the packed digits.
 */
static inline int
layout(char *buf, int neg, const struct digits17 *s, int n, int x)
{
	char *b = buf, d[32];
	int e = n - 1 + x;

	*b = '-';
	b += neg;				/* b <= buf + 1 */
	if (e >= -5 && e <= 16) {
		if (x >= 0) {		/* whole: e + 1 <= 17 digits, */
			b[0] = s->first;	/* zeros past the n-th */
			store8(b + 1, s->a);
			store8(b + 9, s->b);	/* to buf + 18 */
			b += e + 1;
		} else if (e >= 0) {	/* point after digit e + 1 */
			d[0] = s->first;	/* e <= 15 */
			store8(d + 1, s->a);
			store8(d + 9, s->b);
			b[0] = s->first;
			store8(b + 1, s->a);
			store8(b + 9, s->b);
			b[e + 1] = '.';	/* to buf + e + 19 <= 32, */
			if (e <= 13)	/* or else 2 digits left */
				memcpy(b + e + 2, d + e + 1, 16);
			else
				memcpy(b + e + 2, d + e + 1, 2);
			b += n + 1;
		} else {			/* 0.000ddd: to buf + 24 */
			memcpy(b, "0.00000", 8);
			b[1 - e] = s->first;
			store8(b + 2 - e, s->a);
			store8(b + 10 - e, s->b);
			b += n + 1 - e;
		}
	} else {				/* to buf + 19, then 6 */
		b[0] = s->first;
		b[1] = '.';
		store8(b + 2, s->a);
		store8(b + 10, s->b);
		b += n > 1 ? n + 1 : 1;
		*b++ = 'e';
		*b++ = e < 0 ? '-' : '+';
		if (e < 0)
			e = -e;
		if (e >= 100) {
			*b++ = (char)('0' + e / 100);
			e %= 100;
		}
		memcpy(b, digits2 + 2 * e, 2);
		b += 2;
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

/*
 * The texts that are not digits: zero, infinities and NaN, for bits
 * that IS_SPECIAL.  Returns the length.
 */
static int
special(char *buf, uint64_t bits)
{
	const char *s;

	if ((bits & ~SIGN_BIT) == 0)
		s = bits ? "-0" : "0";
	else if (bits & FRAC_MASK)
		s = "nan";
	else
		s = bits & SIGN_BIT ? "-inf" : "inf";
	memcpy(buf, s, strlen(s) + 1);
	return (int)strlen(s);
}

/* Shortest round trip: the fast path for every number a CSV row holds. */
int
numfmt_roundtrip(char *buf, double v)
{
	struct digits17 s;
	uint64_t bits, dec;
	int n, x, k;

	memcpy(&bits, &v, sizeof bits);
	if (IS_SPECIAL(bits))
		return special(buf, bits);
	/* whole numbers (counts, 0, 1: half a metrics row) print as
	 * layout would print them, without the digit search */
	if (fabs(v) < 1e15 && v == (double)(int64_t)v && bits != SIGN_BIT)
		return numfmt_integer(buf, (long long)v);
	dec = schubfach(bits & ~SIGN_BIT, &k);
	n = to_digits17(&s, dec, k, &x);
	return layout(buf, (int)(bits >> 63), &s, n, x);
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
	return layout(buf, (int)(bits >> 63), &s, n, ex - (n - 1));
}
