/*
 * embed.c - a C program built against the installed library alone
 * (tests/cli/install.bats compiles it with pkg-config's flags): an
 * undamped spring let go at x0 = 1, at rest, toward a target at 0 moves
 * as x(t) = cos(omega t), v(t) = -omega sin(omega t).  The exact rule,
 * stepped 100 times, and the reference's closed form must both give that.
 * First, SPRING_ABI_CHECK(): the library it runs with is the ABI its
 * header describes.  Prints the library's version; exits 0 when every
 * value agrees.
 */
#include <math.h>
#include <stdio.h>

#include <spring.h>

/* |got - want| within tol, else a line saying which and 1. */
static int
off(const char *what, double got, double want, double tol)
{
	if (fabs(got - want) <= tol)
		return 0;
	printf("%s: %.17g, want %.17g\n", what, got, want);
	return 1;
}

int
main(void)
{
	const double omega = 3.0, h = 0.01, t = 100 * h;
	spring_params p;
	spring_coef k;
	spring_state s = { 1.0, 0.0 }, r;
	spring_target_step tg = { 0.0, 0.0, 0.0, 0.0, 0.0, 0.0 };
	spring_reference ref;
	int i, bad = 0;

	if (SPRING_ABI_CHECK() != 0) {
		printf("the library's ABI is not the header's (%d)\n",
		    SPRING_ABI);
		return 1;
	}
	if (spring_params_set(omega, 0.0, 1.0, &p) != 0 ||
	    spring_rule_find("exact") != spring_rule_exact)
		return 1;
	spring_rule_exact->prepare(&p, h, &k);
	for (i = 0; i < 100; i++)
		spring_rule_exact->step(&k, &s, &tg);
	spring_reference_init(&ref, &p, 1.0, 0.0, 0.0, 0.0, h);
	spring_reference_at(&ref, t, &r);
	bad += off("exact rule x", s.x, cos(omega * t), 1e-12);
	bad += off("exact rule v", s.v, -omega * sin(omega * t), 1e-12);
	bad += off("reference x", r.x, cos(omega * t), 1e-14);
	bad += off("reference v", r.v, -omega * sin(omega * t), 1e-14);
	printf("springsim %s\n", SPRING_VERSION);
	return bad != 0;
}
