/*
 * scaled.h - products and quotients of a few doubles whose intermediate
 * results could leave the range of double although the result does not:
 * K / M at K = 1e-155, M = 1e155 underflows, omega^2 overflows past
 * 1.3e154, and a program that flushes subnormals to zero loses anything
 * below 2.2e-308.  Each factor is split by frexp into a fraction in
 * [0.5, 1) and a power of two; the fractions are combined (a product of
 * three stays within [1/8, 1), a quotient of two within (1/2, 2)), the
 * powers added, and ldexp scales once at the end.  Where the plain
 * expression stays in the normal range the roundings are the same, so
 * are the bits.  And Holden's critical step in the same spirit.
 * Library-internal.
 */
#ifndef SCALED_H
#define SCALED_H

#include <math.h>

/* a b c, finite factors (a zero gives 0). */
static inline double
scaled_mul3(double a, double b, double c)
{
	int ea, eb, ec;
	double fa = frexp(a, &ea), fb = frexp(b, &eb), fc = frexp(c, &ec);

	return ldexp(fa * fb * fc, ea + eb + ec);
}

/* a b / (c d), finite factors, c and d not zero. */
static inline double
scaled_ratio(double a, double b, double c, double d)
{
	int ea, eb, ec, ed;
	double fa = frexp(a, &ea), fb = frexp(b, &eb);
	double fc = frexp(c, &ec), fd = frexp(d, &ed);

	return ldexp(fa * fb / (fc * fd), ea + eb - ec - ed);
}

/*
 * sqrt(a / b) for a >= 0, b > 0 finite: the power of two made even
 * (the fraction doubled if not) so that its half is exact.
 */
static inline double
scaled_sqrt_ratio(double a, double b)
{
	int ea, eb, e;
	double fa = frexp(a, &ea), fb = frexp(b, &eb);

	e = ea - eb;
	if (e % 2 != 0) {
		fa *= 2.0;
		e -= 1;
	}
	return ldexp(sqrt(fa / fb), e / 2);
}

/* a / (2 sqrt(b c)) for a >= 0, b, c > 0 finite, as above. */
static inline double
scaled_half_over_sqrt(double a, double b, double c)
{
	int ea, eb, ec, e;
	double fa = frexp(a, &ea), fb = frexp(b, &eb), fc = frexp(c, &ec);

	e = eb + ec;
	if (e % 2 != 0) {
		fb *= 2.0;
		e -= 1;
	}
	return ldexp(fa / (2.0 * sqrt(fb * fc)), ea - e / 2);
}

/*
 * sqrt(z^2 - 1) for z >= 1, as sqrt((z - 1)(z + 1)) (exact near 1);
 * beyond 2^27 the root is z to within 2^-55 of it, z itself, where
 * (z - 1)(z + 1) would overflow past 1.3e154.
 */
static inline double
scaled_zeta_root(double z)
{
	return z > 0x1p27 ? z : sqrt((z - 1.0) * (z + 1.0));
}

/*
 * A critical spring y over h from the offset j0 and its rate v, E =
 * e^(-yh) given: Holden's E (j0 + j1 h) and E (v - j1 y h), j1 = v + j0 y,
 * written with z = y h and J = j1 / y = v / y + j0 as E j0 + J (z E) and
 * E v - y (J (z E)).  j0 y and j1 y h overflow past y = 1e154 or so,
 * and times an E that vanished gave NaN; z E is at most 1 / e, and once
 * E is 0 (or z infinite) both are 0.
 */
static inline void
critical_offset(double y, double h, double e, double *j0, double *v)
{
	double ze, j;

	if (e == 0.0) {
		*j0 = *v = 0.0;
		return;
	}
	ze = y * h * e;
	j = *v / y + *j0;
	*j0 = e * *j0 + j * ze;
	*v = e * *v - y * (j * ze);
}

#endif
