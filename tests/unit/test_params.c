/*
 * test_params.c - every parameter convention against values worked out
 * from the articles' formulas, and the round trips through canonical form.
 */
#include <math.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define PI 3.14159265358979323846
#define LN2 0.69314718055994530942

/* |got - want| <= 1e-14 |want| */
#define CHECK_REL(got, want) CHECK_NEAR(got, want, 1e-14 * fabs(want))

/* Allen Chou's example: 2 Hz, 90 % of the amplitude gone in 0.5 s. */
static void
chou(void)
{
	spring_params p = { 0 };

	CHECK(spring_from_chou(2.0, 0.1, 0.5, &p) == 0);
	CHECK_NEAR(p.zeta, 0.3665, 5e-5);	/* the article's 4 digits */
	CHECK_REL(p.zeta, log(10.0) / (2 * PI));	/* ln 10 / (4 pi 0.5) */
	CHECK_REL(p.omega, 4 * PI);
	/* his closing example: omega 8 pi, zeta 0.23 loses 99.7 % a second */
	CHECK_NEAR(exp(-0.23 * 8 * PI * 1.0), 0.003, 0.0005);
	CHECK(spring_from_chou(2.0, 1.0, 0.5, &p) == -1);
	CHECK(spring_from_chou(2.0, 0.0, 0.5, &p) == -1);
	CHECK(spring_from_chou(2.0, 0.5, 0.0, &p) == -1);
	CHECK(spring_from_chou(0.0, 0.5, 1.0, &p) == -1);
}

/* Stiffness and damping: omega = sqrt(K/M), zeta = D / (2 sqrt(K M)). */
static void
stiffness(void)
{
	spring_params p = { 0 };

	/* K = 200, M = 2: omega = 10; D = 8: zeta = 8 / (2 * 20) = 0.2 */
	CHECK(spring_from_stiffness(200, 8, 2, &p) == 0);
	CHECK_REL(p.omega, 10.0);
	CHECK_REL(p.zeta, 0.2);
	CHECK_REL(p.mass, 2.0);
	CHECK_REL(spring_stiffness(&p), 200.0);
	CHECK_REL(spring_damping(&p), 8.0);
	CHECK(spring_from_stiffness(0, 1, 1, &p) == -1);
	CHECK(spring_from_stiffness(1, -1, 1, &p) == -1);
	CHECK(spring_from_stiffness(1, 1, 0, &p) == -1);
}

/* Holden's half-life with a frequency or with a damping ratio. */
static void
holden(void)
{
	spring_params p = { 0 };
	double d;

	/* H = 0.1: d = 4 ln2 / 0.1 = 27.7258...; F = 2: omega = 4 pi */
	CHECK(spring_from_halflife_frequency(0.1, 2.0, &p) == 0);
	d = 40 * LN2;
	CHECK_REL(p.omega, 4 * PI);
	CHECK_REL(p.zeta, d / (2 * 4 * PI));
	CHECK_REL(spring_damping(&p), d);
	CHECK_REL(spring_stiffness(&p), 16 * PI * PI);
	CHECK_REL(spring_halflife_to_damping(0.1), d);
	CHECK_REL(spring_damping_to_halflife(d), 0.1);

	/* H = 0.2, Z = 0.5: d = 20 ln2, s = (d / (2 Z))^2 = d^2 */
	CHECK(spring_from_halflife_dr(0.2, 0.5, &p) == 0);
	d = 20 * LN2;
	CHECK_REL(p.zeta, 0.5);
	CHECK_REL(p.omega, d);
	CHECK_REL(spring_damping(&p), d);
	CHECK(spring_from_halflife_dr(0.2, 0.0, &p) == -1);

	/*
	 * Holden's critical spring: with Z = 1, the exponent of the decay
	 * is d / 2 = 2 ln2 / H; its envelope e^{-omega t} halves in H / 2.
	 */
	CHECK(spring_from_halflife_dr(0.3, 1.0, &p) == 0);
	CHECK_REL(exp(-p.omega * 0.15), 0.5);
}

/* Studio Gobo's UAF and DR are omega and zeta. */
static void
gobo(void)
{
	spring_params p = { 0 };

	CHECK(spring_from_uaf(12.5, 0.0, &p) == 0);
	CHECK_EQ(p.omega, 12.5);
	CHECK_EQ(p.zeta, 0.0);
	CHECK(spring_from_uaf(0.0, 0.5, &p) == -1);
	CHECK(spring_from_uaf(1.0, -0.5, &p) == -1);
}

/* Nissen: k = Ck m / h^2, d = Cd m / h, for the step h actually taken. */
static void
nissen(void)
{
	spring_params p = { 0 };

	/* Ck = 0.25, Cd = 0.5, m = 3, h = 0.1: k = 75, d = 15 */
	CHECK(spring_from_nissen(0.25, 0.5, 3.0, 0.1, &p) == 0);
	CHECK_REL(spring_stiffness(&p), 75.0);
	CHECK_REL(spring_damping(&p), 15.0);
	CHECK_REL(p.omega, 5.0);		/* sqrt(75 / 3) */
	CHECK_REL(p.zeta, 0.5);		/* 15 / (2 sqrt(75 * 3)) */
	CHECK(spring_from_nissen(0.0, 0.5, 1.0, 0.1, &p) == -1);
}

/*
 * Values whose products leave the range of double although the spring
 * does not: K = D = M = 1e-155 is omega = sqrt(1) = 1 and zeta = 1 /
 * (2 sqrt(1)) = 0.5, yet K M underflows (below 1e-308, or to 0 where
 * subnormals are flushed); at 1e155 K M overflows.  And the way back.
 */
static void
extreme_values(void)
{
	static const double v[] = { 1e-300, 1e-170, 1e-155, 1e-100, 1e100,
		1e155, 1e170, 1e300 };
	spring_params p = { 0 };
	size_t i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		CHECK(spring_from_stiffness(v[i], v[i], v[i], &p) == 0);
		CHECK_EQ(p.omega, 1.0);
		CHECK_REL(p.zeta, 0.5);
		CHECK_REL(spring_stiffness(&p), v[i]);
		CHECK_REL(spring_damping(&p), v[i]);
	}
	/* K / M = 1e-600 has no double, its root has: omega = 1e-300 */
	CHECK(spring_from_stiffness(1e-300, 1.0, 1e300, &p) == 0);
	CHECK_REL(p.omega, 1e-300);
	CHECK_REL(p.zeta, 0.5);			/* 1 / (2 sqrt(1)) */
	CHECK(spring_from_stiffness(1e300, 1.0, 1e-300, &p) == 0);
	CHECK_REL(p.omega, 1e300);
	CHECK_REL(p.zeta, 0.5);
	/* 2 m zeta = 2e310 overflows; 2 m zeta omega = 2e210 does not */
	p.omega = 1e-100;
	p.zeta = 1e10;
	p.mass = 1e300;
	CHECK_REL(spring_damping(&p), 2e210);
	/* Holden: d = 4 ln2 / 1e-308 overflows; omega = 2 ln2 / (H Z) */
	CHECK(spring_from_halflife_dr(1e-308, 1e10, &p) == 0);
	CHECK_REL(p.omega, 2 * LN2 * 1e298);
	CHECK(spring_from_halflife_frequency(1e-308, 1e300, &p) == 0);
	CHECK_REL(p.omega, 2 * PI * 1e300);
	CHECK_REL(p.zeta, LN2 / PI * 1e8);	/* 2 ln2 / (H 2 pi F) */
	/* what has no double is refused, not made 0 or inf */
	CHECK(spring_from_stiffness(1e-300, 1e300, 1e-300, &p) == -1);
	CHECK(spring_from_halflife_dr(1e-300, 1e-300, &p) == -1);
}

void
test_params(void)
{
	chou();
	stiffness();
	holden();
	gobo();
	nissen();
	extreme_values();
}
