/* libm_probe.c - print the bits of every libm function springsim calls
 * whose result the C standard leaves to the library (not the exactly
 * rounded ones: sqrt, fma, floor, fmod, ldexp...), at the same arguments on
 * every target, so two builds' libms can be compared line for line
 * (tests/cli/samemath.bats: the native build, linked with the musl objects
 * of build/samemath/libm-musl.a, against wasm32-wasi's wasi-libc).
 *
 *   libm_probe [N]    N arguments a function (default 20000) and the edge
 *                     cases; one line each: "name x [y] result" in hex bits
 *   libm_probe -l     the functions probed, one a line
 *
 * The arguments come from a fixed splitmix64 stream, drawn in the ranges
 * springsim's code reaches (exp of -zeta*omega*t, sin/cos of omega*t,
 * pow's decay factors, hypot's amplitudes) and, for each function, its
 * whole domain on a log scale; a NaN result is printed as "nan" (its sign
 * and payload are not the library's to fix: WebAssembly leaves them open).
 * Built by the test with the build's own flags; no springsim code in it. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sincos is a GNU extension (musl and wasi-libc have it too); gcc turns a
 * sin and a cos of one argument into it, so springsim's objects call it */
void sincos(double, double *, double *);

static uint64_t state = 0x5eed5eed5eedULL;

/* splitmix64 (Steele, Lea, Flood 2014): the same stream on every target */
static uint64_t next(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* a uniform double in [lo, hi], from 53 random bits */
static double uni(double lo, double hi)
{
	return lo + (hi - lo) * ((double)(next() >> 11) * 0x1p-53);
}

/* a double whose magnitude is log-uniform in [lo, hi] (every binary
 * exponent equally often, 52 random mantissa bits), with a random sign when
 * sign is set; built with ldexp, exact on every target (exp2 and log2
 * would bring the libms' differences into the arguments) */
static double logu(double lo, double hi, int sign)
{
	int e0 = ilogb(lo), e1 = ilogb(hi);
	int e = e0 + (int)(next() % (uint64_t)(e1 - e0 + 1));
	double x = ldexp(1.0 + (double)(next() >> 12) * 0x1p-52, e);

	x = fmin(fmax(x, lo), hi);
	return sign && (next() & 1) ? -x : x;
}

/* the bits of a double, NaNs as one word */
static void put(double r)
{
	uint64_t b;

	if (isnan(r)) {
		fputs(" nan", stdout);
		return;
	}
	memcpy(&b, &r, sizeof b);
	printf(" %016llx", (unsigned long long)b);
}

/* one line: name, the arguments' bits and the result's */
static void line1(const char *name, double x, double r)
{
	fputs(name, stdout);
	put(x);
	put(r);
	putchar('\n');
}
static void line2(const char *name, double x, double y, double r)
{
	fputs(name, stdout);
	put(x);
	put(y);
	put(r);
	putchar('\n');
}

/* each function's argument at draw i of n: half in springsim's range,
 * half over the domain */
typedef double (*draw1)(int i);
static double a_exp(int i) { return i & 1 ? uni(-50.0, 5.0) : uni(-746.0, 710.0); }
static double a_expm1(int i) { return i & 1 ? logu(1e-18, 40.0, 1) : uni(-40.0, 710.0); }
static double a_log(int i) { return i & 1 ? uni(0.0, 4.0) : logu(1e-310, 1e308, 0); }
static double a_log1p(int i) { return i & 1 ? logu(1e-18, 1.0, 1) * 0.999 : logu(1e-18, 1e300, 0); }
static double a_trig(int i) { return i & 1 ? uni(-2000.0, 2000.0) : logu(1e-12, 1e22, 1); }
static double a_hyp(int i) { return i & 1 ? uni(-30.0, 30.0) : uni(-711.0, 711.0); }
static double a_asin(int i) { return i & 1 ? uni(-1.0, 1.0) : logu(1e-18, 1.0, 1); }

static const struct fn1 {
	const char *name;
	double (*f)(double);
	draw1 arg;
} fns1[] = {
	{ "exp", exp, a_exp },
	{ "expm1", expm1, a_expm1 },
	{ "log", log, a_log },
	{ "log10", log10, a_log },
	{ "log1p", log1p, a_log1p },
	{ "sin", sin, a_trig },
	{ "cos", cos, a_trig },
	{ "sinh", sinh, a_hyp },
	{ "cosh", cosh, a_hyp },
	{ "asin", asin, a_asin },
	/* not called by springsim: atan2's (musl's atan2.c calls atan) */
	{ "atan", atan, a_trig },
};

/* the edge cases every one-argument function is also given */
static const double edges[] = {
	0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 1e-300, -1e-300, 0x1p-1074,
	-0x1p-1074, 0x1p-1022, 709.782712893384, -745.1332191019411, 710.0,
	-746.0, 3.141592653589793, 1.5707963267948966, 1e300, -1e300,
	1.7976931348623157e308, HUGE_VAL, -HUGE_VAL, NAN, 0.9999999999999999,
	1.0000000000000002, 1e22, 2.5e-8, -2.5e-8, 0.6931471805599453,
};

/* one line per argument of every function; sincos as two lines */
static void probe(int n)
{
	size_t k, e;
	int i;
	double x, y, s, c;

	for (k = 0; k < sizeof fns1 / sizeof fns1[0]; k++) {
		for (e = 0; e < sizeof edges / sizeof edges[0]; e++)
			line1(fns1[k].name, edges[e], fns1[k].f(edges[e]));
		for (i = 0; i < n; i++) {
			x = fns1[k].arg(i);
			line1(fns1[k].name, x, fns1[k].f(x));
		}
	}
	for (i = 0; i < n + (int)(sizeof edges / sizeof edges[0]); i++) {
		x = i < n ? a_trig(i) : edges[i - n];
		sincos(x, &s, &c);
		line2("sincos", x, s, c);
	}
	for (i = 0; i < n; i++) {
		/* decay factors (base in (0, 2), exponent a frame count or
		 * rate), then the whole domain, negative bases with integer
		 * exponents among them */
		if (i % 3 == 0) {
			x = uni(0.0, 2.0);
			y = uni(-200.0, 200.0);
		} else if (i % 3 == 1) {
			x = logu(1e-300, 1e300, 0);
			y = uni(-3.0, 3.0);
		} else {
			x = logu(1e-3, 1e3, 1);
			y = (double)(int)uni(-60.0, 60.0);
		}
		line2("pow", x, y, pow(x, y));
		x = logu(1e-200, 1e200, 1);
		y = i & 1 ? x * uni(-1e-3, 1e3) : logu(1e-200, 1e200, 1);
		line2("hypot", x, y, hypot(x, y));
		x = logu(1e-30, 1e30, 1);
		y = i & 1 ? uni(-10.0, 10.0) : logu(1e-30, 1e30, 1);
		line2("atan2", x, y, atan2(x, y));
	}
	for (e = 0; e < sizeof edges / sizeof edges[0]; e++)
		for (k = 0; k < sizeof edges / sizeof edges[0]; k += 3) {
			line2("pow", edges[e], edges[k], pow(edges[e], edges[k]));
			line2("hypot", edges[e], edges[k], hypot(edges[e], edges[k]));
			line2("atan2", edges[e], edges[k], atan2(edges[e], edges[k]));
		}
}

/* the names, for the test's check that every libm function the build
 * takes from musl is probed */
static void list(void)
{
	size_t k;

	for (k = 0; k < sizeof fns1 / sizeof fns1[0]; k++)
		puts(fns1[k].name);
	puts("sincos\npow\nhypot\natan2");
}

int main(int argc, char **argv)
{
	if (argc > 1 && strcmp(argv[1], "-l") == 0) {
		list();
		return 0;
	}
	probe(argc > 1 ? atoi(argv[1]) : 20000);
	return fflush(stdout) != 0;
}
