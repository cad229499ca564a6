/*
 * check.h - the smallest unit-test harness that does the job.
 *
 * Each CHECK counts one assertion; a failure prints file:line and the
 * values, and the run goes on.  check_summary() prints the closing line
 * "unit: N passed, M failed" that tests/run.sh adds to the bats count.
 */
#ifndef CHECK_H
#define CHECK_H

#include <math.h>
#include <stdio.h>

extern int check_passed, check_failed;

/* Record one assertion; report it when it fails. */
#define CHECK(cond) do {						\
	if (cond) check_passed++;					\
	else { check_failed++;						\
		fprintf(stderr, "%s:%d: CHECK(%s) failed\n",		\
		    __FILE__, __LINE__, #cond); }			\
} while (0)

/* |got - want| <= tol, with both values printed on failure. */
#define CHECK_NEAR(got, want, tol) do {					\
	double got_ = (got), want_ = (want), tol_ = (tol);		\
	if (fabs(got_ - want_) <= tol_) check_passed++;			\
	else { check_failed++;						\
		fprintf(stderr, "%s:%d: %s = %.17g, want %.17g "	\
		    "(tol %.3g, off by %.3g)\n", __FILE__, __LINE__,	\
		    #got, got_, want_, tol_, fabs(got_ - want_)); }	\
} while (0)

/* Exact equality of doubles, bit for bit but for the sign of zero. */
#define CHECK_EQ(got, want) CHECK_NEAR(got, want, 0.0)

#endif
