/*
 * test_parse.c - the strict number parser: the whole string, decimal,
 * finite, or nothing.
 */
#include <float.h>
#include <string.h>

#include "check.h"
#include "cli/cli.h"
#include "cli/paramflags.h"
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
	char buf[32];
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

	/*
	 * scan_bounded, the command line's and every file's reading: within
	 * +-1e100, or the words of the message; MAX_MAGNITUDE_TEXT is how
	 * %g writes MAX_MAGNITUDE
	 */
	snprintf(buf, sizeof(buf), "%g", MAX_MAGNITUDE);
	CHECK(strcmp(buf, MAX_MAGNITUDE_TEXT) == 0);
	CHECK(scan_bounded("1e100", &x) == NULL && x == 1e100);
	CHECK(scan_bounded("-1e100", &x) == NULL && x == -1e100);
	CHECK(scan_bounded("0", &x) == NULL && x == 0.0);
	x = 7.0;
	CHECK(strcmp(scan_bounded("2e100", &x), "is beyond +-1e+100") == 0);
	CHECK(strcmp(scan_bounded("-1.1e100", &x), "is beyond +-1e+100") ==
	    0);
	CHECK(strcmp(scan_bounded("1e-320", &x),
	    "is out of the range of a double") == 0);
	CHECK(strcmp(scan_bounded("1e400", &x),
	    "is out of the range of a double") == 0);
	CHECK(strcmp(scan_bounded("abc", &x), "is not a decimal number") ==
	    0);
	CHECK(x == 7.0);	/* left alone when refused */

	CHECK(scan_long("42", &n) == 0 && n == 42);
	CHECK(scan_long("-7", &n) == 0 && n == -7);
	CHECK(scan_long("1.5", &n) == -1);
	CHECK(scan_long("1e3", &n) == -1);
	CHECK(scan_long(" 1", &n) == -1);
	CHECK(scan_long("", &n) == -1);
	CHECK(scan_long("99999999999999999999", &n) == -1);
}
