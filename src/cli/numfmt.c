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
 * integer part fits 32 bits and its fraction can be multiplied by 10 in 64
 * bits.  The three products, M-, W and M+, share one binary exponent and
 * each is within 1 unit (unit = 2^(product exponent)) of the exact scaled
 * value (1/2 from rounding 10^k to 64 bits, 1/2 from rounding the
 * product), so [M- + 1, M+ - 1] lies strictly inside the exact interval.
 * Emit the decimal digits of M+ - 1 and stop at the first digit whose
 * truncation still lies in that narrowed interval: the result reads back
 * as v.  Last, lower the final digit while that stays in the interval and
 * brings the result closer to W.
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
#define EXP_BIAS	1075	/* 1023 + 52: v = f * 2^(biased - 1075) */
#define LOG10_2		0.30102999566398114	/* gen_pow10.py uses the same */
#define MAX_DIGITS	20	/* Grisu2 stops by 18; see digit_gen() */

static const uint32_t pow10_u32[10] = {
	1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000,
	1000000000
};

/*
 * The upper 64 bits of the 128-bit product a * b, rounded to nearest,
 * from four 32 x 32 -> 64 bit products: portable C has no wider integer.
 */
static inline uint64_t
mul_hi(uint64_t a, uint64_t b)
{
	uint64_t ah = a >> 32, al = a & 0xffffffffu;
	uint64_t bh = b >> 32, bl = b & 0xffffffffu;
	uint64_t hh = ah * bh, hl = ah * bl, lh = al * bh, ll = al * bl;
	uint64_t mid;

	/* bits 32..63 of the product, plus 2^31 to round the low half */
	mid = (ll >> 32) + (hl & 0xffffffffu) + (lh & 0xffffffffu) +
	    (UINT64_C(1) << 31);
	return hh + (hl >> 32) + (lh >> 32) + (mid >> 32);
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

/* Decimal digits in a nonzero 32-bit x: where digit_gen() starts. */
static int
ndigits32(uint32_t x)
{
	int n = 1;

	while (n < 10 && x >= pow10_u32[n])
		n++;
	return n;
}

/*
 * Lower the last digit while the result stays at or above the interval's
 * bottom and moves closer to W, so the output is the digit string nearest
 * v among those of its length, as far as W's 1-unit error lets us tell.
 * rest is (M+ - 1) minus the result, delta the interval's width, wp_w is
 * (M+ - 1) - W and unit the weight of the last digit, all in one scale.
 */
static void
round_last(char *d, int n, uint64_t delta, uint64_t rest, uint64_t unit,
    uint64_t wp_w)
{
	while (rest < wp_w && delta - rest >= unit &&
	    (rest + unit < wp_w || wp_w - rest > rest + unit - wp_w)) {
		d[n - 1]--;
		rest += unit;
	}
}

/*
 * The digits of hi = M+ - 1, a fixed-point number with p fraction bits,
 * up to the first position where the truncation is within delta of hi,
 * i.e. still >= M- + 1.  Stores the digits in d (the last one is never 0,
 * else the previous position would have stopped) and the weight
 * 10^kappa of the last one in *kappa; returns how many.  The interval is
 * at least ~2^-54 of hi wide, so at most 18 digits come out.
 */
static int
digit_gen(char *d, uint64_t hi, uint64_t delta, uint64_t wp_w, int p,
    int *kappa)
{
	uint64_t one = UINT64_C(1) << p, mask = one - 1;
	uint32_t ip = (uint32_t)(hi >> p), t, prefix, rem;
	uint64_t fp = hi & mask, rest;
	int n = ndigits32(ip), i, kap;

	/*
	 * integer part (p >= 32, so it fits 32 bits): all its digits at
	 * once, dividing by the constant 10 only, then the stopping test
	 * for each prefix, whose remainder costs a multiplication
	 */
	for (i = n - 1, t = ip; i >= 0; i--, t /= 10)
		d[i] = (char)('0' + t % 10);
	prefix = 0;
	for (i = 0; i < n; i++) {
		prefix = prefix * 10 + (uint32_t)(d[i] - '0');
		kap = n - 1 - i;
		rem = ip - prefix * pow10_u32[kap];
		rest = ((uint64_t)rem << p) + fp;
		if (rest <= delta) {
			/* 10^kap << p <= the leading digit's weight <= hi */
			round_last(d, i + 1, delta, rest,
			    (uint64_t)pow10_u32[kap] << p, wp_w);
			*kappa = kap;
			return i + 1;
		}
	}
	kap = 0;

	/*
	 * fraction: fp < 2^p <= 2^60, and delta < fp while we go on, so
	 * neither overflows when multiplied by 10; wp_w < delta likewise
	 */
	for (;;) {
		fp *= 10;
		delta *= 10;
		wp_w *= 10;
		d[n++] = (char)('0' + (fp >> p));
		fp &= mask;
		kap--;
		if (fp <= delta) {
			round_last(d, n, delta, fp, one, wp_w);
			*kappa = kap;
			return n;
		}
	}
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
	int e, ue, le, s, k, p, n, kappa;
	const struct pow10_entry *c;
	double t;

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
	 * The least k with e(10^k) >= ALPHA - ue - 64, that is with
	 * floor(k log2 10) >= ALPHA - ue - 1, then the first table entry at
	 * or above it: it is under 8 steps of 10 further, which adds at most
	 * 24 + 3 to the exponent, so the product's exponent ue + c->e + 64
	 * is in [ALPHA, ALPHA + 27] within [ALPHA, GAMMA].  gen_pow10.py
	 * checks this for every ue a double can give.
	 */
	t = (POW10_ALPHA - ue - 1) * LOG10_2;
	k = (int)t;
	if (t > k)
		k++;
	c = &pow10_table[(k - POW10_FIRST_K + POW10_STEP - 1) / POW10_STEP];
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
 * Lay out digits d[0..n-1] times 10^x (d[0] nonzero, n <= 18) in the
 * module's notation: plain when the leading digit's exponent is in
 * [-5, 16], else d.ddde+XX.  Shared so both entry points agree.
 */
static int
layout(char *buf, int neg, const char *d, int n, int x)
{
	char *b = buf;
	int e = n - 1 + x, i;

	if (neg)
		*b++ = '-';
	if (e >= -5 && e <= 16) {
		if (x >= 0) {			/* integer: pad zeros */
			memcpy(b, d, (size_t)n);
			b += n;
			for (i = 0; i < x; i++)
				*b++ = '0';
		} else if (e >= 0) {		/* point inside the digits */
			memcpy(b, d, (size_t)e + 1);
			b += e + 1;
			*b++ = '.';
			memcpy(b, d + e + 1, (size_t)(n - e - 1));
			b += n - e - 1;
		} else {			/* 0.000ddd */
			*b++ = '0';
			*b++ = '.';
			for (i = 0; i < -e - 1; i++)
				*b++ = '0';
			memcpy(b, d, (size_t)n);
			b += n;
		}
	} else {
		*b++ = d[0];
		if (n > 1) {
			*b++ = '.';
			memcpy(b, d + 1, (size_t)n - 1);
			b += n - 1;
		}
		*b++ = 'e';
		if (e < 0) {
			*b++ = '-';
			e = -e;
		} else
			*b++ = '+';
		if (e >= 100) {
			*b++ = (char)('0' + e / 100);
			e %= 100;
		}
		*b++ = (char)('0' + e / 10);
		*b++ = (char)('0' + e % 10);
	}
	*b = '\0';
	return (int)(b - buf);
}

/*
 * The texts that are not digits: zero, infinities and NaN.  Returns the
 * length, or -1 when v is finite and nonzero.
 */
static int
special(char *buf, uint64_t bits)
{
	int neg = (int)(bits >> 63);
	const char *s;

	if ((bits & ~(UINT64_C(1) << 63)) == 0)
		s = neg ? "-0" : "0";
	else if ((bits >> FRAC_BITS & EXP_MASK) == EXP_MASK) {
		if (bits & FRAC_MASK)
			s = "nan";
		else
			s = neg ? "-inf" : "inf";
	} else
		return -1;
	memcpy(buf, s, strlen(s) + 1);
	return (int)strlen(s);
}

/* Grisu2: the fast path for every number a CSV row holds. */
int
numfmt_roundtrip(char *buf, double v)
{
	char d[MAX_DIGITS];
	uint64_t bits;
	int n, x, len;

	memcpy(&bits, &v, sizeof bits);
	if ((len = special(buf, bits)) >= 0)
		return len;
	n = grisu2(d, bits & ~(UINT64_C(1) << 63), &x);
	return layout(buf, (int)(bits >> 63), d, n, x);
}

/*
 * Fixed significant digits: snprintf("%.*e") rounds correctly; take its
 * digits and exponent (skipping whatever radix character the locale put
 * in), drop trailing zeros as %g does, and lay them out like the rest.
 */
int
numfmt_precision(char *buf, double v, int digits)
{
	char tmp[48], d[MAX_DIGITS];
	const char *s;
	uint64_t bits;
	int len, n = 0, ex = 0, eneg = 0;

	memcpy(&bits, &v, sizeof bits);
	if ((len = special(buf, bits)) >= 0)
		return len;
	if (digits < 1)
		digits = 1;
	if (digits > 17)
		digits = 17;
	snprintf(tmp, sizeof tmp, "%.*e", digits - 1, v);

	for (s = tmp; *s != '\0' && *s != 'e'; s++)
		if (*s >= '0' && *s <= '9' && n < MAX_DIGITS)
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
