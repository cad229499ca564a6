/*
 * test_numfmt.c - numfmt_roundtrip() reads back bit for bit through
 * strtod(), is exactly the shortest such decimal (and of that length the
 * nearest) as printf and strtod find it, and lays numbers out as
 * numfmt.h documents; numfmt_precision() rounds as printf("%.*g") does.
 *
 * The big random loops count as one CHECK per category and print their
 * first few failures.  NUMFMT_TEST_RANDOM sets the number of random bit
 * patterns read back: 2 million, or a quarter of that under
 * AddressSanitizer to keep the sanitizer run as short as the plain one;
 * NUMFMT_TEST_SHORTEST the number per family compared digit for digit
 * with the printf reference, which is slower.  The environment variable
 * NUMFMT_CHECK=N (make numfmt-check: 10^7) replaces the latter by N.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "check.h"
#include "cli/numfmt.h"
#include "suites.h"

#ifndef NUMFMT_TEST_RANDOM
#if defined(__SANITIZE_ADDRESS__)
#define NUMFMT_TEST_RANDOM	500000
#else
#define NUMFMT_TEST_RANDOM	2000000
#endif
#endif
#ifndef NUMFMT_TEST_SHORTEST
#if defined(__SANITIZE_ADDRESS__)
#define NUMFMT_TEST_SHORTEST	50000
#else
#define NUMFMT_TEST_SHORTEST	200000
#endif
#endif
#define TYPICAL		200000	/* per typical-range family */
#define PRECISION_SAMPLE 5000	/* values, each at 1..17 digits */
#define SHOW		5	/* failures printed per category */
#define SHAPE_EVERY	4	/* notation checked on every 4th value */

static uint64_t rng_state;	/* each test seeds its own */

/* The test's sequence (splitmix64, bits.h). */
static uint64_t
rng(void)
{
	return splitmix64(&rng_state);
}

/* Uniform in [lo, hi), from 53 random bits. */
static double
uniform(double lo, double hi)
{
	return lo + (hi - lo) * ((double)(rng() >> 11) * 0x1p-53);
}

/* Random finite doubles: any pattern whose exponent is not all ones. */
static double
random_finite(void)
{
	uint64_t u;

	do
		u = rng();
	while ((u >> 52 & 0x7ff) == 0x7ff);
	return from_bits(u);
}

/*
 * Significant digits of a decimal text: from the first nonzero digit to
 * the last nonzero digit of the mantissa (so "100" has 1, "0.0025" 2).
 */
static int
sig_digits(const char *s)
{
	int n = 0, zeros = 0, started = 0;

	for (; *s != '\0' && *s != 'e'; s++) {
		if (*s < '0' || *s > '9')
			continue;
		if (*s == '0' && !started)
			continue;
		started = 1;
		if (*s == '0')
			zeros++;
		else {
			n += zeros + 1;
			zeros = 0;
		}
	}
	return n;
}

/*
 * Whether s is written the way numfmt.h promises: -?, then plain
 * digits with an optional fraction that ends in a nonzero digit and a
 * leading digit exponent in [-5, 16], or d[.ddd]e[+-]XX[X] with the
 * exponent outside that range; at most 17 significant digits.
 */
static int
shape_ok(const char *s)
{
	const char *p = s, *e = strchr(s, 'e'), *dot = strchr(s, '.');
	int ex, lead, nint = 0;

	if (*p == '-')
		p++;
	if (strcmp(p, "0") == 0)
		return 1;
	if (sig_digits(p) > 17 || sig_digits(p) < 1)
		return 0;
	if (e != NULL) {
		if (p[0] < '1' || p[0] > '9')
			return 0;
		if (dot != NULL && (dot != p + 1 || e[-1] == '0' ||
		    e == dot + 1))
			return 0;
		if (dot == NULL && e != p + 1)
			return 0;
		if ((e[1] != '+' && e[1] != '-') || strlen(e + 2) < 2 ||
		    strlen(e + 2) > 3 || strspn(e + 2, "0123456789") !=
		    strlen(e + 2) || (strlen(e + 2) == 3 && e[2] == '0'))
			return 0;
		ex = atoi(e + 1);
		return ex < -5 || ex > 16;
	}
	if (strspn(p, "0123456789.") != strlen(p))
		return 0;
	if (dot != NULL) {
		if (dot[1] == '\0' || p[strlen(p) - 1] == '0')
			return 0;
		nint = (int)(dot - p);
	} else
		nint = (int)strlen(p);
	if (nint > 1 && p[0] == '0')
		return 0;
	if (p[0] == '0' && dot != NULL) {	/* 0.000ddd */
		lead = -(int)strspn(dot + 1, "0") - 1;
		return lead >= -5;
	}
	return nint - 1 <= 16;
}

/* Failure counters for one category, printing the first few. */
struct tally {
	const char *what;
	long n, bad;
};

static void
fail(struct tally *t, double v, const char *got, const char *why)
{
	if (t->bad++ < SHOW)
		fprintf(stderr, "numfmt %s: %.17g (0x%016llx) -> \"%s\": %s\n",
		    t->what, v, (unsigned long long)to_bits(v), got, why);
}

/*
 * One value through numfmt_roundtrip: the length matches, strtod reads
 * back the same bits, nothing is written past NUMFMT_MAX bytes, and (for
 * every SHAPE_EVERY-th value, to save time) the text has the promised
 * shape.
 */
static void
roundtrip_one(struct tally *t, double v)
{
	char buf[NUMFMT_MAX + 8];
	double back;
	size_t i;
	int len;

	t->n++;
	memset(buf, 'U', sizeof buf);
	len = numfmt_roundtrip(buf, v);
	for (i = NUMFMT_MAX; i < sizeof buf; i++)
		if (buf[i] != 'U') {
			fail(t, v, "?", "wrote past NUMFMT_MAX");
			return;
		}
	if (len < 1 || len >= NUMFMT_MAX || (size_t)len != strlen(buf)) {
		fail(t, v, buf, "bad length");
		return;
	}
	back = strtod(buf, NULL);
	if (memcmp(&back, &v, sizeof v) != 0)
		fail(t, v, buf, "does not read back");
	else if (t->n % SHAPE_EVERY == 0 && !shape_ok(buf))
		fail(t, v, buf, "bad notation");
}

/* v and -v, if finite (a neighbour of DBL_MAX may be inf). */
static void
roundtrip_pm(struct tally *t, double v)
{
	if (!isfinite(v))
		return;
	roundtrip_one(t, v);
	roundtrip_one(t, -v);
}

/* The report line and the one CHECK for a category. */
static void
tally_check(struct tally *t)
{
	if (t->bad != 0)
		fprintf(stderr, "numfmt %s: %ld of %ld failed\n", t->what,
		    t->bad, t->n);
	CHECK(t->n > 0 && t->bad == 0);
}

/*
 * Zero, the extremes, 0.1 and friends, every power of two and of ten with
 * their neighbours, subnormals, integers around 2^53.
 */
static void
test_edges(void)
{
	static const double fixed[] = { 0.0, 1.0, 0.1, 0.2, 0.3, 0.5,
	    1.0 / 3.0, 2.0 / 3.0, 0.7, 1e-5, 1e-6, 1.5e-7, DBL_TRUE_MIN, 1e-323,
	    DBL_MIN, DBL_MAX, DBL_EPSILON, 9007199254740992.0,
	    9007199254740993.0, 9007199254740995.0, 18014398509481984.0,
	    123456789012345678.0, 1e23, 8.41e21, 5.5e-7, 0.016666666666666666,
	    2.2250738585072009e-308, 4.9406564584124654e-324, 1.7e308 };
	struct tally t = { "edges", 0, 0 };
	char s[64];
	double v;
	size_t i;
	int k;

	rng_state = 1;
	for (i = 0; i < sizeof(fixed) / sizeof(fixed[0]); i++) {
		roundtrip_pm(&t, fixed[i]);
		roundtrip_pm(&t, nextafter(fixed[i], 0.0));
		roundtrip_pm(&t, nextafter(fixed[i], INFINITY));
	}
	for (k = -1074; k <= 1023; k++) {	/* powers of two */
		v = ldexp(1.0, k);
		roundtrip_pm(&t, v);
		roundtrip_pm(&t, nextafter(v, 0.0));
		roundtrip_pm(&t, nextafter(v, INFINITY));
		roundtrip_pm(&t, ldexp(1.5, k - 1));
	}
	for (k = -323; k <= 308; k++) {		/* powers of ten */
		snprintf(s, sizeof s, "1e%d", k);
		v = strtod(s, NULL);
		roundtrip_pm(&t, v);
		roundtrip_pm(&t, nextafter(v, 0.0));
		roundtrip_pm(&t, nextafter(v, INFINITY));
		snprintf(s, sizeof s, "9.999999999999999e%d", k);
		roundtrip_pm(&t, strtod(s, NULL));
	}
	for (k = 1; k <= 5000; k++) {		/* subnormals, low and high */
		roundtrip_pm(&t, from_bits((uint64_t)k));
		roundtrip_pm(&t, from_bits(UINT64_C(0x000fffffffffffff) -
		    (uint64_t)k + 1));
		roundtrip_pm(&t, from_bits(rng() >> 12));
	}
	for (k = 0; k < 2000; k++) {		/* integers near 2^53 */
		roundtrip_pm(&t, 9007199254740992.0 - 1000 + k);
		roundtrip_pm(&t, 9007199254740992.0 + 2.0 * k);
	}
	tally_check(&t);
}

/* Uniformly random bit patterns: every exponent equally likely. */
static void
test_random_bits(void)
{
	struct tally t = { "random bits", 0, 0 };
	long i;

	rng_state = 2;
	for (i = 0; i < NUMFMT_TEST_RANDOM; i++)
		roundtrip_one(&t, random_finite());
	tally_check(&t);
}

/* The numbers a trajectory holds: small, time steps, near 1. */
static void
test_typical(void)
{
	struct tally u = { "uniform [-10, 10]", 0, 0 };
	struct tally h = { "n * h", 0, 0 };
	struct tally o = { "1 +- k ulp", 0, 0 };
	static const double steps[] = { 0.016666666666666666, 0.001, 0.01,
	    1.0 / 3.0, 0.1, 1e-4 };
	double v;
	long i;
	size_t k;

	rng_state = 4;
	for (i = 0; i < TYPICAL; i++) {
		roundtrip_one(&u, uniform(-10.0, 10.0));
		roundtrip_one(&u, uniform(-1e-3, 1e-3));
		roundtrip_one(&u, uniform(-1e6, 1e6));
	}
	for (k = 0; k < sizeof(steps) / sizeof(steps[0]); k++)
		for (i = 1; i <= TYPICAL / 4; i++)
			roundtrip_one(&h, (double)i * steps[k]);
	for (v = 1.0, i = 0; i < 10000; i++)
		roundtrip_one(&o, v = nextafter(v, 2.0));
	for (v = 1.0, i = 0; i < 10000; i++)
		roundtrip_one(&o, v = nextafter(v, 0.0));
	tally_check(&u);
	tally_check(&h);
	tally_check(&o);
}

/*
 * The reference, from printf and strtod alone: a p-digit decimal that
 * reads back as v > 0, in ref (room for 64 bytes), if there is one.
 * printf's correctly rounded %.*e is the nearest p-digit decimal (an
 * exact tie to the even digit); if it does not read back, the only other
 * that might is its neighbour on the far side of v, one unit in the last
 * place away: below a power of two the round-trip interval is half as
 * wide below v as above, so the nearest may fall outside while the next
 * one up, farther but on the wide side, is inside.  Any other p-digit
 * decimal is farther on the same side as one of these two.
 */
static int
ref_digits(double v, int p, char *ref)
{
	char s[64], *e;
	unsigned long long m = 0;
	int exp10;

	snprintf(s, sizeof s, "%.*e", p - 1, v);
	if (strtod(s, NULL) == v) {
		memcpy(ref, s, strlen(s) + 1);
		return 1;
	}
	for (e = s; *e != 'e'; e++)
		if (*e != '.')
			m = m * 10 + (unsigned long long)(*e - '0');
	exp10 = atoi(e + 1) - (p - 1);
	m = strtod(s, NULL) < v ? m + 1 : m - 1;
	snprintf(ref, 64, "%llue%d", m, exp10);
	return strtod(ref, NULL) == v;
}

/*
 * The shortest decimal that reads back as v > 0, and of that length the
 * nearest: the least p with a p-digit decimal that reads back.  That
 * search may bisect: if a p-digit decimal reads back, it is also a
 * (p+1)-digit one, so ref_digits() finds one at p + 1 too.  17 always do.
 */
static void
ref_shortest(double v, char *ref)
{
	int lo = 1, hi = 17, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (ref_digits(v, mid, ref))
			hi = mid;
		else
			lo = mid + 1;
	}
	ref_digits(v, lo, ref);
}

/*
 * A decimal text as its significant digits (no leading or trailing
 * zeros, NUL-terminated in dig, room for 400) and the decimal exponent
 * of the first, so that "0.0012", "1.2e-03" and "12e-4" compare equal.
 * The sign is skipped.  "0" gives "" and 0.
 */
static void
decimal_parts(const char *s, char *dig, int *exp10)
{
	int n = 0, point = -1, lead = 0, i = 0;

	if (*s == '-')
		s++;
	for (; *s != '\0' && *s != 'e'; s++, i++) {
		if (*s == '.') {
			point = i--;
			continue;
		}
		if (n == 0 && *s == '0') {
			lead++;
			continue;
		}
		dig[n++] = *s;
	}
	while (n > 0 && dig[n - 1] == '0')
		n--;
	dig[n] = '\0';
	if (point < 0)
		point = i;
	/* the first nonzero digit is digit number lead of i */
	*exp10 = point - lead - 1 + (*s == 'e' ? atoi(s + 1) : 0);
	if (n == 0)
		*exp10 = 0;
}

/*
 * One value: numfmt_roundtrip's digits and exponent are the reference's
 * (the sign is the value's; zero, inf and NaN are test_strings' job).
 */
static void
shortest_one(struct tally *t, double v)
{
	char buf[NUMFMT_MAX], ref[64], d1[400], d2[400], why[160];
	int e1, e2;

	if (!isfinite(v) || v == 0.0)
		return;
	t->n++;
	numfmt_roundtrip(buf, v);
	ref_shortest(fabs(v), ref);
	decimal_parts(buf, d1, &e1);
	decimal_parts(ref, d2, &e2);
	if (strcmp(d1, d2) != 0 || e1 != e2 || (buf[0] == '-') != (v < 0)) {
		snprintf(why, sizeof why, "the shortest nearest is %s%s",
		    v < 0 ? "-" : "", ref);
		fail(t, v, buf, why);
	}
}

/* v and -v, and its two neighbours, against the reference. */
static void
shortest_near(struct tally *t, double v)
{
	shortest_one(t, v);
	shortest_one(t, -v);
	shortest_one(t, nextafter(v, 0.0));
	shortest_one(t, nextafter(v, INFINITY));
}

/*
 * The reference's own checks, values worked out by hand: 0.3's nearest
 * 1-digit decimal reads back; 2^-1074 = 4.94e-324 reads back from
 * anything strictly between 2.47e-324 and 7.41e-324, and of the 1-digit
 * decimals there 5e-324 is the nearest; 2^50 + 0.25 (it reads back from
 * within 1/8) has no 16-digit decimal that close, and ties between the
 * 17-digit ...4.2 and ...4.3, which printf rounds to the even 2.  Then
 * decimal_parts() on three spellings of 12 10^k.
 */
static void
test_reference(void)
{
	char ref[64], d[400];
	int e;

	ref_shortest(0.3, ref);
	decimal_parts(ref, d, &e);
	CHECK(strcmp(d, "3") == 0 && e == -1);
	ref_shortest(DBL_TRUE_MIN, ref);
	decimal_parts(ref, d, &e);
	CHECK(strcmp(d, "5") == 0 && e == -324);
	ref_shortest(1125899906842624.25, ref);
	decimal_parts(ref, d, &e);
	CHECK(strcmp(d, "11258999068426242") == 0 && e == 15);
	decimal_parts("0.00120", d, &e);
	CHECK(strcmp(d, "12") == 0 && e == -3);
	decimal_parts("-12e-4", d, &e);
	CHECK(strcmp(d, "12") == 0 && e == -3);
	decimal_parts("1200", d, &e);
	CHECK(strcmp(d, "12") == 0 && e == 3);
}

/*
 * Exactly the shortest, and the nearest of that length, against the
 * reference: the edge cases (powers of two and of ten and their
 * neighbours, subnormals, the extremes, whole numbers up to 2^53 and
 * beyond), then random values of every magnitude (bit patterns) and
 * random values uniform within the ranges a trajectory holds.
 */
static void
test_shortest(void)
{
	struct tally e = { "shortest, edges", 0, 0 };
	struct tally b = { "shortest, random bits", 0, 0 };
	struct tally u = { "shortest, uniform", 0, 0 };
	const char *env = getenv("NUMFMT_CHECK");
	long n = NUMFMT_TEST_SHORTEST, i;
	char s[64], *end;
	double v;
	int k;

	if (env != NULL) {
		n = strtol(env, &end, 10);
		if (*env == '\0' || *end != '\0' || n < 1) {
			fprintf(stderr, "numfmt: NUMFMT_CHECK: '%s' is not a "
			    "positive count\n", env);
			CHECK(0);
			return;
		}
	}
	rng_state = 6;
	for (k = -1074; k <= 1023; k++) {
		shortest_near(&e, ldexp(1.0, k));
		shortest_near(&e, ldexp(1.5, k - 1));
	}
	for (k = -323; k <= 308; k++) {
		snprintf(s, sizeof s, "1e%d", k);
		shortest_near(&e, strtod(s, NULL));
		snprintf(s, sizeof s, "9.999999999999999e%d", k);
		shortest_near(&e, strtod(s, NULL));
	}
	for (k = 1; k <= 5000; k++) {		/* subnormals */
		shortest_near(&e, from_bits((uint64_t)k));
		shortest_near(&e, from_bits(UINT64_C(0x0010000000000000) -
		    (uint64_t)k));
		shortest_near(&e, from_bits(rng() >> 12));
	}
	shortest_near(&e, DBL_MAX);
	shortest_near(&e, DBL_MIN);
	/* from 2^54 to 2^70 or so many midpoints are multiples of
	 * 10^(k+1) exactly: the digit search's rare, exact branch */
	for (k = 0; k < 3000; k++) {
		shortest_one(&e, ldexp(1.0, 54) + 4.0 * k);
		shortest_one(&e, ldexp(1.0, 55) + 8.0 * k);
		shortest_one(&e, ldexp(1.0, 60) + 256.0 * k);
		shortest_one(&e, 1e17 + 16.0 * k);
	}
	/* short decimals, k 10^-3 or 10^-7 (s ends in 999x or 000x: half
	 * of them carry out of s's last three digits, which the fast path
	 * leaves to the general one), and repeating ones like the sweep's
	 * 2/999 = 0.002002... */
	for (k = 1; k <= 20000; k++) {
		shortest_one(&e, k / 1000.0);
		shortest_one(&e, k * 1e-7);
		shortest_one(&e, k / 999.0);
	}
	for (k = 0; k < 20000; k++) {		/* whole numbers to 2^54 */
		shortest_one(&e, (double)(rng() >> (10 + k % 54)));
		shortest_one(&e, 9007199254740992.0 - 1000 + k);
		shortest_one(&e, 9007199254740992.0 + 2.0 * k);
		shortest_one(&e, 1e15 - 1000 + k);
	}
	for (i = 0; i < n; i++)
		shortest_one(&b, random_finite());
	for (i = 0; i < n; i++) {
		switch (i % 4) {
		case 0:
			v = uniform(-10.0, 10.0);
			break;
		case 1:
			v = uniform(-1e-3, 1e-3);
			break;
		case 2:
			v = uniform(-1e6, 1e6);
			break;
		default:			/* 1e-30 to 1e30, log-uniform */
			v = pow(10.0, uniform(-30.0, 30.0));
			break;
		}
		shortest_one(&u, v);
	}
	printf("numfmt: shortest and nearest: %ld edge cases, %ld random bit "
	    "patterns, %ld uniform: %ld differ from printf's\n", e.n, b.n,
	    u.n, e.bad + b.bad + u.bad);
	tally_check(&e);
	tally_check(&b);
	tally_check(&u);
}

/* Expected texts, hand-written from the notation rules. */
static void
test_strings(void)
{
	static const struct {
		double v;
		const char *want;
	} cases[] = {
		{ 0.0, "0" }, { -0.0, "-0" }, { 1.0, "1" }, { -1.0, "-1" },
		{ 100.0, "100" }, { 0.1, "0.1" }, { 0.3, "0.3" },
		{ 0.25, "0.25" }, { -0.5, "-0.5" }, { 123.456, "123.456" },
		{ 1.0 / 3.0, "0.3333333333333333" },
		{ 2.0 / 3.0, "0.6666666666666666" },
		{ 0.016666666666666666, "0.016666666666666666" },
		{ 1e20, "1e+20" }, { 1e22, "1e+22" }, { -1e20, "-1e+20" },
		{ 1.5e-7, "1.5e-07" }, { 1e-5, "0.00001" },
		{ 1.5e-5, "0.000015" }, { 0.0001234, "0.0001234" },
		{ 1e-6, "1e-06" }, { 9.5e-6, "9.5e-06" },
		{ 1.25e-6, "1.25e-06" }, { 1e16, "10000000000000000" },
		{ 1e17, "1e+17" }, { 1.5e16, "15000000000000000" },
		{ 12345678901234567.0, "12345678901234568" },
		{ 123456789012345678.0, "1.2345678901234568e+17" },
		{ 9007199254740993.0, "9007199254740992" },
		{ 1e15 + 0.5, "1000000000000000.5" },
		{ 4503599627370495.5, "4503599627370495.5" },
		{ 5e-324, "5e-324" }, { 1e-323, "1e-323" },
		{ DBL_MIN, "2.2250738585072014e-308" },
		{ DBL_MAX, "1.7976931348623157e+308" },
		{ 1e308, "1e+308" }, { 1e-300, "1e-300" },
		{ 1e100, "1e+100" }, { 2.5e-100, "2.5e-100" },
		{ INFINITY, "inf" }, { -INFINITY, "-inf" }, { NAN, "nan" },
		/*
		 * where Grisu2 was not shortest (it wrote
		 * 9.999999999999999e+22, 5.5511092260312616,
		 * 0.35269286632943597): each literal is the shortest
		 * decimal of its double, so it comes back as written
		 */
		{ 1e23, "1e+23" }, { 5.551109226031262, "5.551109226031262" },
		{ 0.352692866329436, "0.352692866329436" },
		/*
		 * and where it was not nearest: the double is
		 * -5.43532765543079054993 (nearer ...905 than ...906) and
		 * 2^-417 = 2.95455315769143544984e-126 (Grisu2: ...355);
		 * 2^50 + 1/4 and 2^50 + 3/4 read back from within 1/8, so
		 * of the two 17-digit decimals 1/20 away the even one
		 * (Grisu2 wrote ...4.3 for the first)
		 */
		{ -5.4353276554307905, "-5.4353276554307905" },
		{ 0x1p-417, "2.9545531576914354e-126" },
		{ 1125899906842624.25, "1125899906842624.2" },
		{ 1125899906842624.75, "1125899906842624.8" },
		/*
		 * the fast paths' seams: 0.1 + 0.2 and 1 + 2^-52 need all
		 * 17 digits (16 give the neighbours); 2^53 - 1 is the
		 * largest whole number the integer path takes, 2^53 + 2
		 * the digit search's (16 digits: 15 give ...4990); 1e23
		 * above carries s = 9999999999999999 into an 18th digit
		 */
		{ 0.1 + 0.2, "0.30000000000000004" },
		{ 1.0000000000000002, "1.0000000000000002" },
		{ -9007199254740991.0, "-9007199254740991" },
		{ 9007199254740994.0, "9007199254740994" },
		{ 0.001, "0.001" }, { 499.998, "499.998" },
		/*
		 * a midpoint exactly on a multiple of 10, which the digit
		 * search settles with its two extra products: above 2^54
		 * = 18014398509481984 doubles are 4 apart, so 2^54 + 8's
		 * lower midpoint is ...990, in its interval as its
		 * significand (2^52 + 2) is even, and 2^54 + 4's upper
		 * midpoint is ...990 too, out as 2^52 + 1 is odd
		 */
		{ 18014398509481992.0, "18014398509481990" },
		{ 18014398509481988.0, "18014398509481988" },
	};
	char buf[NUMFMT_MAX];
	size_t i;
	int len, bad = 0;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		len = numfmt_roundtrip(buf, cases[i].v);
		if (strcmp(buf, cases[i].want) != 0 ||
		    (size_t)len != strlen(buf)) {
			fprintf(stderr, "numfmt: %.17g -> \"%s\" (%d), want "
			    "\"%s\"\n", cases[i].v, buf, len, cases[i].want);
			bad++;
		}
	}
	CHECK(bad == 0);
}

/* numfmt_precision: exact texts, then value equality with printf. */
static void
test_precision(void)
{
	static const struct {
		double v;
		int digits;
		const char *want;
	} cases[] = {
		{ 3.14159, 3, "3.14" }, { 1234567.0, 3, "1230000" },
		{ 1e20, 5, "1e+20" }, { 0.000123456, 2, "0.00012" },
		{ 1.5e-7, 3, "1.5e-07" }, { 9.99, 2, "10" },
		{ 0.1, 17, "0.10000000000000001" }, { -2.0, 6, "-2" },
		{ 123456789.0, 0, "100000000" },
		{ 1.0 / 3.0, 40, "0.33333333333333331" },
		{ 1e-6, 4, "1e-06" }, { 1.234e-5, 3, "0.0000123" },
		{ 6.02214076e23, 4, "6.022e+23" },
		{ -0.0, 3, "-0" }, { 0.0, 3, "0" },
		{ INFINITY, 5, "inf" }, { -INFINITY, 5, "-inf" },
		{ NAN, 5, "nan" },
	};
	struct tally t = { "precision vs %.*g", 0, 0 };
	char buf[NUMFMT_MAX], ref[64];
	size_t i;
	double v;
	long k;
	int d, bad = 0;

	rng_state = 5;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		numfmt_precision(buf, cases[i].v, cases[i].digits);
		if (strcmp(buf, cases[i].want) != 0) {
			fprintf(stderr, "numfmt_precision(%.17g, %d) -> \"%s\","
			    " want \"%s\"\n", cases[i].v, cases[i].digits, buf,
			    cases[i].want);
			bad++;
		}
	}
	CHECK(bad == 0);

	for (k = 0; k < PRECISION_SAMPLE; k++) {
		v = k % 2 ? random_finite() : uniform(-100.0, 100.0);
		for (d = 1; d <= 17; d++) {
			t.n++;
			if (numfmt_precision(buf, v, d) != (int)strlen(buf) ||
			    !shape_ok(buf) || sig_digits(buf) > d) {
				fail(&t, v, buf, "bad text");
				continue;
			}
			snprintf(ref, sizeof ref, "%.*g", d, v);
			if (strtod(buf, NULL) != strtod(ref, NULL))
				fail(&t, v, buf, ref);
		}
	}
	tally_check(&t);
}

/*
 * numfmt_roundtrip_n against numfmt_roundtrip, text for text and length
 * for length, on batches of 1 to 150 values (the vector path takes up to
 * 64 at a time, 16 a step, where the processor has AVX-512: whole and
 * part steps, more than one batch; a part batch, and the values
 * it leaves to numfmt_roundtrip, each lane's own case): the edge values
 * test_edges() reads back, random bit patterns, the typical ranges, whole
 * numbers, zeros, infinities and NaN, both signs, mixed in one batch.
 * A guard slot after each batch must stay as it was.
 */
#define BATCH_MAX	150
static void
test_roundtrip_n(void)
{
	struct tally t = { "numfmt_roundtrip_n", 0, 0 };
	double v[BATCH_MAX], pool[6000];
	char out[BATCH_MAX + 1][NUMFMT_MAX], ref[NUMFMT_MAX];
	unsigned char len[BATCH_MAX];
	long round;
	int i, n, np = 0, k, m;

	rng_state = 9;
	for (k = -1074; k <= 1023; k++)	/* powers of two, times 1 or 1.5 */
		pool[np++] = ldexp(k % 3 ? 1.0 : 1.5, k);
	for (k = -323; k <= 308; k++) {		/* next to powers of ten */
		snprintf(ref, sizeof ref, "1e%d", k);
		pool[np++] = nextafter(strtod(ref, NULL), 0.0);
	}
	for (k = 0; k < 500; k++) {	/* whole, short and 17-digit decimals */
		pool[np++] = (double)(rng() % 100000);
		pool[np++] = (double)(rng() % 100000) / 1000.0;
		pool[np++] = 9007199254740992.0 - 250 + k;
	}
	pool[np++] = 0.0;
	pool[np++] = -0.0;
	pool[np++] = INFINITY;
	pool[np++] = -INFINITY;
	pool[np++] = NAN;
	pool[np++] = DBL_TRUE_MIN;
	pool[np++] = DBL_MAX;
	for (round = 0; round < NUMFMT_TEST_RANDOM / 8; round++) {
		n = 1 + (int)(round % BATCH_MAX);
		for (i = 0; i < n; i++)
			switch (rng() % 5) {
			case 0:
				v[i] = pool[rng() % (uint64_t)np];
				break;
			case 1:
				v[i] = from_bits(rng());
				break;
			case 2:
				v[i] = uniform(0.0, 1e-2);
				break;
			case 3:
				v[i] = -uniform(1.0, 1e6);
				break;
			default:
				v[i] = uniform(-1.0, 1.0) * ldexp(1.0,
				    (int)(rng() % 200) - 100);
			}
		memset(out[n], 'U', NUMFMT_MAX);
		numfmt_roundtrip_n(out, len, v, n);
		for (i = 0; i < n; i++) {
			t.n++;
			m = numfmt_roundtrip(ref, v[i]);
			if (len[i] != m || memcmp(out[i], ref, (size_t)m + 1) != 0)
				fail(&t, v[i], out[i], ref);
		}
		for (i = 0; i < NUMFMT_MAX; i++)
			if (out[n][i] != 'U') {
				fail(&t, v[0], "?", "wrote past the batch");
				break;
			}
	}
	tally_check(&t);
}

void
test_numfmt(void)
{
	test_strings();
	test_edges();
	test_typical();
	test_random_bits();
	test_reference();
	test_shortest();
	test_precision();
	test_roundtrip_n();
}
