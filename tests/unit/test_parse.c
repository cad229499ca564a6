/*
 * test_parse.c - the strict number parser: the whole string, decimal,
 * finite, or nothing.
 */
#include <float.h>

#include "check.h"
#include "cli/cli.h"
#include "suites.h"

void
test_parse(void)
{
	static const char *const bad[] = {
		"", " 1", "1 ", "1x", "0x10", "0X1p3", "inf", "-inf", "nan",
		"infinity", "1e", "e5", "--1", "+-1", "1.2.3", ".", "-", "1,5",
		"1e+", "١", NULL
	};
	const char *const *s;
	double x;
	long n;

	CHECK(scan_double("1", &x) == 0 && x == 1.0);
	CHECK(scan_double("-0.5", &x) == 0 && x == -0.5);
	CHECK(scan_double(".5", &x) == 0 && x == 0.5);
	CHECK(scan_double("5.", &x) == 0 && x == 5.0);
	CHECK(scan_double("+2.5e-3", &x) == 0 && x == 2.5e-3);
	CHECK(scan_double("1E3", &x) == 0 && x == 1000.0);
	CHECK(scan_double("0.033", &x) == 0 && x == 0.033);
	CHECK(scan_double("1e308", &x) == 0 && x == 1e308);
	CHECK(scan_double("2.2250738585072014e-308", &x) == 0 &&
	    x == DBL_MIN);
	for (s = bad; *s != NULL; s++) {
		if (scan_double(*s, &x) != -1)
			fprintf(stderr, "scan_double accepted '%s'\n", *s);
		CHECK(scan_double(*s, &x) == -1);
	}
	CHECK(scan_double("1e400", &x) == -2);
	CHECK(scan_double("-1e400", &x) == -2);
	CHECK(scan_double("1e-400", &x) == -2);
	CHECK(scan_double("1e-310", &x) == -2);	/* subnormal */

	CHECK(scan_long("42", &n) == 0 && n == 42);
	CHECK(scan_long("-7", &n) == 0 && n == -7);
	CHECK(scan_long("1.5", &n) == -1);
	CHECK(scan_long("1e3", &n) == -1);
	CHECK(scan_long(" 1", &n) == -1);
	CHECK(scan_long("", &n) == -1);
	CHECK(scan_long("99999999999999999999", &n) == -1);
}
