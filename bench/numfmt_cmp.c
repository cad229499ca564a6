/*
 * numfmt_cmp.c - this tree's numfmt against an older one, text for text:
 * numfmt_roundtrip() (and numfmt_precision() at 1 to 17 digits) must
 * write the same bytes, NUL included, for every double tried.  For a
 * change meant to be faster and nothing else, where printf cannot be
 * the reference (it does not choose the shortest digits).  `make
 * numfmt-cmp` builds the old file (NUMFMT_OLD, a commit, default main's
 * at the time: af4ce7a) with its functions renamed old_*, links both and
 * runs this on NUMFMT_CMP doubles per family (default 10^8; a part of
 * that for the slower families) and, a CSV being named as the argument,
 * on all its numbers and their neighbours (the target, a small sweep's
 * every column).  NUMFMT_SEED picks another random sequence.  Prints
 * the first differences and a count per family; exits 1 on any.  Not a
 * test (too slow).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/numfmt.h"
#include "../tests/unit/bits.h"

int	old_numfmt_roundtrip(char *buf, double v);
int	old_numfmt_precision(char *buf, double v, int digits);

#define SHOW	10	/* differences printed */

static uint64_t rng_state = 1;
static long long tried, differ;

/* The sequence (splitmix64, bits.h): a difference reproduces. */
static uint64_t
rng(void)
{
	return splitmix64(&rng_state);
}

/* One double through both roundtrip formatters: the text and its NUL. */
static void
cmp_bits(uint64_t u)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX];
	double v = from_bits(u);
	int na = numfmt_roundtrip(a, v), nb = old_numfmt_roundtrip(b, v);

	tried++;
	if (na == nb && memcmp(a, b, (size_t)na + 1) == 0)
		return;
	if (differ++ < SHOW)
		printf("  0x%016llx: new \"%.*s\" (%d), old \"%.*s\" (%d)\n",
		    (unsigned long long)u, na, a, na, nb, b, nb);
}

/* u and its n neighbours either side, as bit patterns (both signs). */
static void
cmp_around(uint64_t u, int n)
{
	int i;

	for (i = -n; i <= n; i++) {
		cmp_bits(u + (uint64_t)(int64_t)i);
		cmp_bits((u + (uint64_t)(int64_t)i) ^ (UINT64_C(1) << 63));
	}
}

/* v at 1 to 17 significant digits through both fixed formatters. */
static void
cmp_precision(double v)
{
	char a[NUMFMT_MAX], b[NUMFMT_MAX];
	int d, na, nb;

	for (d = 1; d <= 17; d++) {
		na = numfmt_precision(a, v, d);
		nb = old_numfmt_precision(b, v, d);
		tried++;
		if (na == nb && memcmp(a, b, (size_t)na + 1) == 0)
			continue;
		if (differ++ < SHOW)
			printf("  %.17g at %d: new \"%s\", old \"%s\"\n", v,
			    d, a, b);
	}
}

/* The families: each tries about n doubles of the kind it names. */

/* any bit pattern: infinities and NaNs too */
static void
fam_random(long long n)
{
	while (n-- > 0)
		cmp_bits(rng());
}

/* subnormals of every length, both signs */
static void
fam_subnormal(long long n)
{
	while (n-- > 0)
		cmp_bits(rng() >> (12 + rng() % 52) | (rng() & 1) << 63);
}

/* uniform in [10^-8, 10), as the metric columns are */
static void
fam_typical(long long n)
{
	while (n-- > 0)
		cmp_bits(to_bits(pow(10.0, -8.0 + 9.0 *
		    (double)(rng() >> 11) * 0x1p-53)));
}

/* short decimals: up to 17 digits times a power of ten, and a few
 * neighbours, where the shorter answers and the carries are */
static void
fam_short(long long n)
{
	char txt[64];
	unsigned long long k;
	int digits, p;

	while (n > 0) {
		digits = 1 + (int)(rng() % 17);
		k = rng() % 100000000000000000ULL;
		while (k >= 10 && (int)floor(log10((double)k)) + 1 > digits)
			k /= 10;
		p = (int)(rng() % 640) - 340;
		snprintf(txt, sizeof txt, "%llue%d", k, p);
		cmp_around(to_bits(strtod(txt, NULL)), 2);
		n -= 10;
	}
}

/* repeating decimals k / 999..9, whose digits end in runs of nines */
static void
fam_repeat(long long n)
{
	static const double den[] = { 9, 99, 999, 9999, 99999, 999999,
	    9999999, 11, 111, 101, 1001, 7, 3 };
	double v;
	int p;

	while (n > 0) {
		v = (double)(1 + rng() % 100000) /
		    den[rng() % (sizeof den / sizeof den[0])];
		p = (int)(rng() % 40) - 20;
		cmp_around(to_bits(v * pow(10.0, p)), 2);
		n -= 10;
	}
}

/* powers of ten and two, and ulps around them */
static void
fam_powers(long long n)
{
	char txt[32];
	int p, w = (int)(n / 2 / (650 + 2100) / 4);

	if (w < 1)
		w = 1;
	for (p = -330; p <= 310; p++) {
		snprintf(txt, sizeof txt, "1e%d", p);
		cmp_around(to_bits(strtod(txt, NULL)), w);
	}
	for (p = 0; p < 2047; p++)
		cmp_around((uint64_t)p << 52, w);
}

/* whole numbers to 2^64, and halves and ulps around them */
static void
fam_integer(long long n)
{
	uint64_t k;

	while (n > 0) {
		k = rng() >> (rng() % 64);
		cmp_around(to_bits((double)k), 1);
		cmp_bits(to_bits((double)k + 0.5));
		n -= 7;
	}
}

/* every number of a CSV and 50 ulps either side */
static void
fam_csv(const char *path)
{
	char line[8192], *p, *end;
	FILE *f = fopen(path, "r");
	double v;

	if (f == NULL) {
		perror(path);
		exit(2);
	}
	while (fgets(line, sizeof line, f) != NULL)
		for (p = line; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
			v = strtod(p, &end);
			if (end == p) {
				end = p + strcspn(p, ",");
				continue;
			}
			cmp_around(to_bits(v), 50);
		}
	fclose(f);
}

/* numfmt_precision(): random patterns and typical magnitudes */
static void
fam_precision(long long n)
{
	while (n > 0) {
		cmp_precision(rng() & 1 ? from_bits(rng()) :
		    (double)(rng() >> 11) * 0x1p-53 * pow(10.0,
		    (double)(rng() % 40) - 20));
		n -= 17;
	}
}

/* Every family, then the CSV if one is named; exits 1 on a difference. */
int
main(int argc, char **argv)
{
	static const struct family {
		const char *name;
		void (*run)(long long);
		int share;	/* n / share of them */
	} fams[] = {
		{ "random bit patterns", fam_random, 1 },
		{ "subnormals", fam_subnormal, 4 },
		{ "typical 1e-8 to 10", fam_typical, 1 },
		{ "short decimals", fam_short, 1 },
		{ "repeating decimals", fam_repeat, 1 },
		{ "powers of ten and two", fam_powers, 4 },
		{ "whole numbers", fam_integer, 4 },
		{ "precision 1..17", fam_precision, 100 },
	};
	const char *env = getenv("NUMFMT_CMP"), *seed = getenv("NUMFMT_SEED");
	long long n = env != NULL ? atoll(env) : 100000000LL, before;
	size_t i;
	int bad = 0;

	if (seed != NULL)		/* another sequence than the default */
		rng_state = (uint64_t)atoll(seed);
	for (i = 0; i < sizeof fams / sizeof fams[0]; i++) {
		before = tried;
		differ = 0;
		fams[i].run(n / fams[i].share);
		printf("%-24s %12lld tried, %lld differ\n", fams[i].name,
		    tried - before, differ);
		fflush(stdout);
		bad |= differ != 0;
	}
	if (argc > 1) {
		before = tried;
		differ = 0;
		fam_csv(argv[1]);
		printf("%-24s %12lld tried, %lld differ\n", argv[1],
		    tried - before, differ);
		bad |= differ != 0;
	}
	printf("%lld doubles in all: %s\n", tried, bad ? "DIFFERENT" :
	    "identical");
	return bad;
}
