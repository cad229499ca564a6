/*
 * dtoa_libs.cc - numfmt_roundtrip (and numfmt_roundtrip_n, its batch)
 * beside the shortest-digits libraries
 * Debian ships, Dragonbox (libdragonbox-dev, Junekey Jeon) and
 * double-conversion (libdouble-conversion-dev, Google's Grisu3 with a
 * bignum fallback), and snprintf("%.17g"): ns per number, best of
 * REPEATS, on the numbers of a springsim CSV read from standard input
 * and on random bit patterns.  `make bench-dtoa` builds and runs it; it
 * is no part of springsim, which depends on neither library.
 *
 * Two figures per library: the whole text (each in its own notation,
 * which is about as much work as numfmt's), and the digits and exponent
 * alone, the part numfmt would take from it.
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>

#include <double-conversion/double-conversion.h>
#include <dragonbox/dragonbox.h>
#include <dragonbox/dragonbox_to_chars.h>

extern "C" {
#include "cli/numfmt.h"
}
#include "../tests/unit/bits.h"

#define REPEATS	5
#define RANDOM	1000000

/* Results go here, so that no measured work is optimised away. */
static volatile long sink;

/* CLOCK_MONOTONIC in nanoseconds. */
static double
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

/* The contenders: a text into buf (64 bytes) or digits; a length. */
static long
f_numfmt(char *buf, double v)
{
	return numfmt_roundtrip(buf, v);
}

static long
f_printf(char *buf, double v)
{
	return snprintf(buf, 64, "%.17g", v);
}

static long
f_dragonbox(char *buf, double v)
{
	return jkj::dragonbox::to_chars_n(v, buf) - buf;
}

static long
f_dragonbox_digits(char *buf, double v)
{
	(void)buf;
	if (v == 0.0 || v - v != 0.0)
		return 0;
	auto d = jkj::dragonbox::to_decimal(v);
	return (long)d.significand + d.exponent;
}

static long
f_dconv(char *buf, double v)
{
	double_conversion::StringBuilder sb(buf, 64);

	double_conversion::DoubleToStringConverter::EcmaScriptConverter()
	    .ToShortest(v, &sb);
	return sb.position();
}

static long
f_dconv_digits(char *buf, double v)
{
	bool sign;
	int len, point;

	double_conversion::DoubleToStringConverter::DoubleToAscii(v,
	    double_conversion::DoubleToStringConverter::SHORTEST, 0, buf, 64,
	    &sign, &len, &point);
	return len + point;
}

/* Best-of-REPEATS ns per number of f over vs. */
static double
time_f(long (*f)(char *, double), const std::vector<double> &vs)
{
	char buf[64];
	double best = 1e300, t0, t;
	long len;
	int k;

	for (k = 0; k < REPEATS; k++) {
		len = 0;
		t0 = now_ns();
		for (double v : vs)
			len += f(buf, v);
		t = now_ns() - t0;
		sink += len;
		if (t < best)
			best = t;
	}
	return best / (double)vs.size();
}

/*
 * Best-of-REPEATS ns per number of numfmt_roundtrip_n, at most `at` at a
 * time (BATCH_MAX or fewer; a sweep's sixteen rows give it a hundred
 * or so): the same texts.
 */
#define BATCH_MAX 128
static double
time_batch(const std::vector<double> &vs, size_t at)
{
	static char out[BATCH_MAX][NUMFMT_MAX];
	unsigned char len[BATCH_MAX];
	double best = 1e300, t0, t;
	long total;
	size_t i, n;
	int k, j;

	for (k = 0; k < REPEATS; k++) {
		total = 0;
		t0 = now_ns();
		for (i = 0; i < vs.size(); i += n) {
			n = vs.size() - i < at ? vs.size() - i : at;
			numfmt_roundtrip_n(out, len, &vs[i], (int)n);
			for (j = 0; j < (int)n; j++)
				total += len[j];
		}
		t = now_ns() - t0;
		sink += total;
		if (t < best)
			best = t;
	}
	return best / (double)vs.size();
}

/* Every number of a CSV on stdin (fields strtod reads whole). */
static std::vector<double>
read_csv(void)
{
	std::vector<double> vs;
	char line[4096], *p, *end;
	double v;

	while (fgets(line, sizeof line, stdin) != NULL)
		for (p = line; *p != '\0'; p = *end != '\0' ? end + 1 : end) {
			v = strtod(p, &end);
			if (end == p) {
				end = p + strcspn(p, ",");
				continue;
			}
			vs.push_back(v);
		}
	return vs;
}

int
main(void)
{
	static const struct {
		const char *name;
		long (*f)(char *, double);
	} fs[] = {
		{ "numfmt_roundtrip (text)", f_numfmt },
		{ "dragonbox to_chars (text)", f_dragonbox },
		{ "dragonbox to_decimal (digits only)", f_dragonbox_digits },
		{ "double-conversion ToShortest (text)", f_dconv },
		{ "double-conversion SHORTEST (digits only)", f_dconv_digits },
		{ "snprintf %.17g (text, not shortest)", f_printf },
	};
	std::vector<double> csv = read_csv(), bits;
	uint64_t state = 1;
	double v;
	size_t i;

	while (bits.size() < RANDOM) {
		v = from_bits(splitmix64(&state));
		if (v - v == 0.0)
			bits.push_back(v);
	}
	printf("ns per number, best of %d: %zu numbers of the CSV on stdin, "
	    "%zu random bit patterns\n\n", REPEATS, csv.size(), bits.size());
	printf("  %-44s %8s %8s\n", "", "CSV", "random");
	for (i = 0; i < sizeof fs / sizeof fs[0]; i++) {
		printf("  %-44s %8.1f %8.1f\n", fs[i].name,
		    csv.empty() ? 0.0 : time_f(fs[i].f, csv),
		    time_f(fs[i].f, bits));
		if (i == 0) {
			printf("  %-44s %8.1f %8.1f\n",
			    "numfmt_roundtrip_n, 16 at a time (text)",
			    csv.empty() ? 0.0 : time_batch(csv, 16),
			    time_batch(bits, 16));
			printf("  %-44s %8.1f %8.1f\n",
			    "numfmt_roundtrip_n, 128 at a time (text)",
			    csv.empty() ? 0.0 : time_batch(csv, BATCH_MAX),
			    time_batch(bits, BATCH_MAX));
		}
	}
	return 0;
}
