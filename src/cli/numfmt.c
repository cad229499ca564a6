/*
 * numfmt.c - doubles to decimal text: Grisu2 for round-trip output,
 * snprintf for a fixed number of digits, one notation for both.
 *
 * Grisu2 (Florian Loitsch, "Printing Floating-Point Numbers Quickly and
 * Accurately with Integers", PLDI 2010), written from the paper's math:
 *
 * A positive double v = f * 2^e has neighbours v- and v+; every real
 * strictly between the midpoints m- = (v- + v) / 2 and m+ = (v + v+) / 2
 * reads back as v.  Scale m-, v and m+ by a cached 10^k so that the
 * product's binary exponent lands in [ALPHA, GAMMA] = [-60, -32]: then its
 * integer part fits 32 bits and its fraction times 10 fits 64 bits.  The
 * three products, M-, W and M+, share one binary exponent and each is
 * within 1 unit (unit = 2^(product exponent)) of the exact scaled value
 * (under 1/2 from rounding 10^k to 64 bits, 1/2 from rounding the
 * product), so [M- + 1, M+ - 1] lies strictly inside the exact interval.
 * Emit the decimal digits of M+ - 1 and stop at the first digit whose
 * truncation still lies in that narrowed interval: the result reads back
 * as v.  Last, lower the final digit while that stays in the interval and
 * brings the result closer to W.
 *
 * The paper finds the stopping digit by testing one digit at a time;
 * digit_gen() gets the same digit with a few multiplications instead
 * (see there), which is most of the speed.
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
#define EXP_BIAS	1075	/* 1023 + 52: v = f * 2^(biased - 1075) */
#define SIGN_BIT	(UINT64_C(1) << 63)
#define DIGIT_BUF	48	/* digits; layout() reads ahead of them */

#define M32		UINT64_C(0xffffffff)

/* digit_gen() relies on p = -(product exponent) in [32, 60] */
_Static_assert(POW10_ALPHA >= -60 && POW10_GAMMA <= -32,
    "pow10_table.h window does not fit digit_gen()");

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

/* The upper 64 bits of a * b, rounded to nearest (ties up). */
static inline uint64_t
mul_hi(uint64_t a, uint64_t b)
{
	uint64_t hi, lo;

	mul_full(a, b, &hi, &lo);
	return hi + (lo >> 63);
}

/* Leading zero bits of a nonzero x, to normalize a significand. */
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
 * Decimal digits in a nonzero 32-bit x, so digit_gen() knows where the
 * integer part ends: log10 from the bit length (1233 / 4096 is just under
 * log10 2), then one comparison to settle it.
 */
static int
ndigits32(uint32_t x)
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

/* Writes x < 10^n as exactly n digits (leading zeros) into d[0..n-1]. */
static void
put_digits(char *d, int n, uint32_t x)
{
	while (n-- > 0) {
		d[n] = (char)('0' + x % 10);
		x /= 10;
	}
}

/*
 * How many units to lower the last digit by so the output lands nearest
 * W.  The paper steps it down one unit at a time while the result stays
 * at or above the interval's bottom (M- + 1) and gets closer to W.  With
 * a = result - W = wp_w - rest, a step gets closer while W is more than
 * half a unit below, which allows ceil((a - unit/2) / unit) =
 * floor((a + unit/2 - 1) / unit) steps (0 when a <= unit/2); the
 * interval allows (delta - rest) / unit; take the fewer.  a + unit/2 fits:
 * a < delta and unit <= delta, where delta < 10 2^60 if unit = 2^p and
 * else delta <= 2/3 hi (m- >= m+ / 3).  Masks, not branches, since the
 * outcome is random; and unit is 2^p on the usual path: shifts.
 */
static uint64_t
lowering(uint64_t delta, uint64_t rest, uint64_t wp_w, uint64_t unit, int p)
{
	uint64_t a, t, cap;

	a = (wp_w - rest) & ((uint64_t)0 - (wp_w > rest));
	if (unit == UINT64_C(1) << p) {
		t = (a + (unit >> 1) - 1) >> p;
		cap = (delta - rest) >> p;
	} else {
		t = (a + (unit >> 1) - 1) / unit;
		cap = (delta - rest) / unit;
	}
	return t < cap ? t : cap;
}

/*
 * The digits of hi = M+ - 1, a fixed-point number with p fraction bits,
 * up to the first position where the truncation is within delta of hi,
 * i.e. still >= M- + 1; then lowering().  Writes up to 17 digits to d;
 * returns their count and the weight 10^kappa of the last one in *kappa.
 *
 * Say rest(K) is what truncating at the digit of weight 10^K leaves off.
 * Truncating at a finer digit leaves off less, so the paper's digit-by-
 * digit scan stops at the greatest K with rest(K) <= delta.  rest(K) is
 * below the weight 10^K 2^p, so that holds at the greatest K with
 * 10^K 2^p <= delta, found from the magnitudes; one digit higher it holds
 * if the digit there is small enough; from two higher up the weight alone
 * exceeds delta, so only zero digits can go.  So: compute the digits down
 * to K in bulk, try one digit shorter, strip zeros.  The last digit is
 * never 0.  The interval is wider than 1.1e-16 hi, so there are at most
 * 17 digits (a 17th digit weighs at most 1e-16 hi) and at most 16 after
 * the point (delta >= 764 > 2^60 / 10^16).
 */
static int
digit_gen(char *d, uint64_t hi, uint64_t delta, uint64_t wp_w, int p,
    int *kappa)
{
	uint64_t one = UINT64_C(1) << p, mask = one - 1, fp = hi & mask;
	uint64_t unit, rest, dk, scale, ph, pl, all, x, t;
	uint32_t ip = (uint32_t)(hi >> p), top;	/* p >= 32; hi >= 2^62 */
	int len = ndigits32(ip), m, kap, j, shorter;

	if (delta >= one) {
		/*
		 * K >= 0, within the integer part: only subnormals with few
		 * significant bits have an interval this wide
		 */
		kap = ndigits32((uint32_t)(delta >> p)) - 1;
		m = len - kap;
		put_digits(d, m, (uint32_t)(ip / pow10_u64[kap]));
		rest = (ip % pow10_u64[kap]) << p | fp;
		unit = pow10_u64[kap] << p;	/* <= delta */
	} else {
		/*
		 * K = -j < 0: the least j with delta 10^j >= 2^p, between
		 * j0 = floor((p - bits of delta) log10 2) and 2 more, so
		 * x = delta 10^j0 fits and is tested against 2^p and 2^p / 10.
		 * Multiply everything by 10^j: the fraction's first j digits
		 * and rest come from one 128-bit product, the weight 10^K
		 * becomes 2^p, and delta 10^j < 10 2^p still fits.  All
		 * m <= 17 digits make one integer < 10^17, written out
		 * padded to 17.
		 */
		j = ((p - (64 - clz64(delta))) * 1233) >> 12;
		x = delta * pow10_u64[j];
		j += (x < one) + (x <= one / 10);
		scale = pow10_u64[j];
		mul_full(fp, scale, &ph, &pl);
		m = len + j;
		all = (ip * scale + (ph << (64 - p) | pl >> p)) *
		    pow10_u64[17 - m];
		top = (uint32_t)(all / 100000000);
		d[0] = (char)('0' + top / 100000000);
		put8(d + 1, top % 100000000);
		put8(d + 9, (uint32_t)(all % 100000000));
		kap = -j;
		rest = pl & mask;
		unit = one;
		delta *= scale;
		wp_w *= scale;
	}

	/*
	 * One digit shorter (dk * unit <= hi: no overflow), then strip
	 * zeros; or else lower the last digit, which then stays >= 1.
	 * Arithmetic rather than branches: which way it goes is random.
	 */
	dk = (uint64_t)(d[m - 1] - '0');
	shorter = delta - rest >= dk * unit;
	t = lowering(delta, rest, wp_w, unit, p) & ((uint64_t)shorter - 1);
	d[m - 1] = (char)(d[m - 1] - (int)t);
	m -= shorter;
	kap += shorter;
	while (d[m - 1] == '0') {
		m--;
		kap++;
	}
	*kappa = kap;
	return m;
}

/*
 * Grisu2 proper for a positive, finite, nonzero double with bit pattern
 * bits: digits into d, their count returned, and the decimal exponent of
 * the last digit in *x, so that the value is d * 10^*x.
 */
static int
grisu2(char *d, uint64_t bits, int *x)
{
	uint64_t frac = bits & FRAC_MASK, f, up, lo, w, hi;
	int bexp = (int)(bits >> FRAC_BITS & EXP_MASK);
	int e, ue, le, s, p, n, kappa;
	const struct pow10_entry *c;

	if (bexp == 0) {		/* subnormal */
		f = frac;
		e = 1 - EXP_BIAS;
	} else {
		f = frac | HIDDEN_BIT;
		e = bexp - EXP_BIAS;
	}

	/*
	 * Midpoints: m+ = (2f + 1) 2^(e-1); m- = (2f - 1) 2^(e-1), or
	 * (4f - 1) 2^(e-2) when v is a power of two above the least normal
	 * and the spacing below it is half that above.
	 */
	up = 2 * f + 1;
	ue = e - 1;
	if (frac == 0 && bexp > 1) {
		lo = 4 * f - 1;
		le = e - 2;
	} else {
		lo = 2 * f - 1;
		le = e - 1;
	}

	/* normalize m+; give m- and v its binary exponent (m- < m+) */
	s = clz64(up);
	up <<= s;
	ue -= s;
	lo <<= le - ue;
	w = f << (e - ue);

	/*
	 * The cached power that puts the product's binary exponent
	 * ue + c->e + 64 in [ALPHA, GAMMA]: the entries step by 8 log2 10
	 * in binary exponent, so the index is about -ue / 26.6 plus an
	 * offset; gen_pow10.py found the offset and checked the result for
	 * every ue a double can give.
	 */
	c = &pow10_table[((uint32_t)(POW10_IDX_C - ue) * POW10_IDX_M) >>
	    POW10_IDX_S];
	p = -(ue + c->e + 64);

	/* each product is within 1 unit; narrow by 1 at both ends */
	hi = mul_hi(up, c->f) - 1;
	lo = mul_hi(lo, c->f) + 1;
	w = mul_hi(w, c->f);

	n = digit_gen(d, hi, hi - lo, hi - w, p, &kappa);
	*x = kappa - c->k;
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

/* Grisu2: the fast path for every number a CSV row holds. */
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
	n = grisu2(d, bits & ~SIGN_BIT, &x);
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
