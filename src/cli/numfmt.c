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
 * the Grisu2 it replaces, which missed the shortest in about 0.05 % of
 * cases.  The powers of ten are tools/gen_pow10.py's, which also proves
 * them precise enough for every double.
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
#define DIGIT_BUF	48	/* digits; layout() reads ahead of them */

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
 * Writes y < 10^8 as exactly 8 digits without dividing: t / 2^57 is
 * y / 10^6 rounded up by less than 10^8 / 2^57 < 10^-6, too little to
 * carry into any of the four digit pairs (the fractions the error is
 * added to are multiples of 10^-6, 10^-4, 10^-2, 1 below 1), so the
 * integer part is the first pair and each multiplication of the
 * fraction by 100 brings up the next.  t < 100 2^57 < 2^64 throughout.
 */
static void
put8(char *d, uint32_t y)
{
	const uint64_t mask = (UINT64_C(1) << 57) - 1;
	uint64_t t = y * UINT64_C(144115188076);	/* ceil(2^57 / 10^6) */

	memcpy(d, digits2 + 2 * (t >> 57), 2);
	t = (t & mask) * 100;
	memcpy(d + 2, digits2 + 2 * (t >> 57), 2);
	t = (t & mask) * 100;
	memcpy(d + 4, digits2 + 2 * (t >> 57), 2);
	t = (t & mask) * 100;
	memcpy(d + 6, digits2 + 2 * (t >> 57), 2);
}

/*
 * x = u 2^q 10^-k rounded to odd (floor(x), its last bit set when x is
 * not whole), given g = pow10_table[k - POW10_K_MIN] and cp = u << h:
 * the top 64 bits of the 192-bit product g cp, odd when its low 128 bits
 * reach 2^59.  g exceeds the exact power by less than 1 in its last
 * place, so the product exceeds x 2^128 by less than cp < 2^59;
 * tools/gen_pow10.py proves that every u a double gives has x whole or
 * its fraction in [2^-69, 1 - 2^-69], which makes both parts exact.
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
 * The shortest decimal D 10^K in the rounding interval of a positive,
 * finite, nonzero double with bit pattern bits; when there are two, the
 * nearer, and of two equally near the one with an even last digit.
 * Writes D's digits to d without trailing zeros, returns their count and
 * the decimal exponent of the last one in *x (the value is d * 10^*x).
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
static int
schubfach(char *d, uint64_t bits, int *x)
{
	uint64_t frac = bits & FRAC_MASK, c, cb, lower, vb, vbl, vbr, s, sp;
	uint64_t dec, all;
	uint32_t be = (uint32_t)(bits >> FRAC_BITS), i, top;
	int h, k, out, upin, wpin, uin, win, n, m;
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
		else			/* both: the nearer, even on a tie */
			dec = s + (vb > (s << 2) + 2 ||
			    (vb == (s << 2) + 2 && (s & 1)));
	}

	/* dec < 10^17 as 17 digits, leading zeros last, then strip zeros */
	m = ndigits64(dec);
	all = dec * pow10_u64[17 - m];
	top = (uint32_t)(all / 100000000);
	d[0] = (char)('0' + top / 100000000);
	put8(d + 1, top % 100000000);
	put8(d + 9, (uint32_t)(all % 100000000));
	for (n = m; d[n - 1] == '0'; n--)
		;
	*x = k + m - n;
	return n;
}

/*
 * Lay out digits d[0..n-1] times 10^x (d[0] nonzero, n <= 17, d readable
 * for 32 bytes) in the module's notation: plain when the leading digit's
 * exponent is in [-5, 16], else d.ddde+XX.  Shared so both entry points
 * agree.  Fixed-size copies (no memcpy calls) that may write junk past
 * the end, but never past buf[NUMFMT_MAX - 1]: the text has at most 24
 * bytes and the bounds are noted case by case.
 */
static int
layout(char *buf, int neg, const char *d, int n, int x)
{
	char *b = buf;
	int e = n - 1 + x, i;

	*b = '-';
	b += neg;				/* b <= buf + 1 */
	if (e >= -5 && e <= 16) {
		if (x >= 0) {			/* integer: n + x <= 17 */
			memcpy(b, d, 17);
			for (i = 0; i < x; i++)
				b[n + i] = '0';
			b += n + x;
		} else if (e >= 0) {		/* point inside: e <= 15 */
			memcpy(b, d, 16);
			b[e + 1] = '.';
			if (e <= 13)		/* to b + e + 18 <= buf + 32 */
				memcpy(b + e + 2, d + e + 1, 16);
			else			/* n - e - 1 <= 2 digits */
				memcpy(b + e + 2, d + e + 1, 2);
			b += n + 1;
		} else {			/* 0.000ddd: to buf + 24 */
			memcpy(b, "0.00000", 8);
			memcpy(b + 1 - e, d, 17);
			b += n + 1 - e;
		}
	} else {				/* to buf + 19, then 6 */
		b[0] = d[0];
		b[1] = '.';
		memcpy(b + 2, d + 1, 16);
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
	char d[DIGIT_BUF];
	uint64_t bits;
	int n, x;

	memcpy(&bits, &v, sizeof bits);
	if (IS_SPECIAL(bits))
		return special(buf, bits);
	/* whole numbers (counts, 0, 1: half a metrics row) print as
	 * layout would print them, without the digit search */
	if (fabs(v) < 1e15 && v == (double)(int64_t)v && bits != SIGN_BIT)
		return numfmt_integer(buf, (long long)v);
	n = schubfach(d, bits & ~SIGN_BIT, &x);
	return layout(buf, (int)(bits >> 63), d, n, x);
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
	char tmp[48], d[DIGIT_BUF];
	const char *s;
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

	for (s = tmp; *s != '\0' && *s != 'e'; s++)
		if (*s >= '0' && *s <= '9' && n < 17)
			d[n++] = *s;
	if (*s == 'e')
		s++;
	if (*s == '-' || *s == '+')
		eneg = *s++ == '-';
	for (; *s >= '0' && *s <= '9'; s++)
		ex = ex * 10 + (*s - '0');
	if (eneg)
		ex = -ex;
	while (n > 1 && d[n - 1] == '0')
		n--;
	return layout(buf, (int)(bits >> 63), d, n, ex - (n - 1));
}
