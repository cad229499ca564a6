/*
 * params.c - every parameter convention to and from the canonical
 * (omega, zeta, mass).
 *
 * The conventions, with the article each comes from:
 *	stiffness K, damping D, mass M (Fiedler, Holden)
 *		omega = sqrt(K / M), zeta = D / (2 sqrt(K M))
 *	UAF W, DR Z (Studio Gobo)	omega = W, zeta = Z
 *	half-life H, frequency F (Holden)
 *		d = 4 ln2 / H, s = (2 pi F)^2 per unit mass
 *	half-life H, damping ratio Z (Holden)
 *		d = 4 ln2 / H, s = (d / (2 Z))^2
 *	Ck, Cd, mass M, step h (Nissen)
 *		k = Ck M / h^2, d = Cd M / h
 *	frequency F in Hz, amplitude fraction P left after T (Chou)
 *		omega = 2 pi F, zeta = ln(P) / (-omega T)
 *
 * Every product and quotient of the inputs is formed scaled (scaled.h):
 * K = D = M = 1e-155 is omega 1 and zeta 0.5 although K M underflows,
 * and K = M = 1e155 although K M overflows.  A conversion fails only
 * when omega or zeta itself is beyond the range of double.
 */
#include <math.h>

#include "scaled.h"
#include "spring.h"

#define TWO_PI 6.283185307179586476925286766559
#define LN2 0.693147180559945309417232121458

/* A finite, strictly positive number. */
static int
positive(double x)
{
	return isfinite(x) && x > 0.0;
}

/* A finite number that is not negative. */
static int
nonnegative(double x)
{
	return isfinite(x) && x >= 0.0;
}

/*
 * Accept a conversion only if it produced usable canonical values: omega
 * finite and > 0, zeta finite and >= 0, mass finite and > 0.
 */
int
spring_params_set(double omega, double zeta, double mass, spring_params *p)
{
	if (!positive(omega) || !nonnegative(zeta) || !positive(mass))
		return -1;
	p->omega = omega;
	p->zeta = zeta;
	p->mass = mass;
	p->fast_exp = 0;
	return 0;
}

/* Stiffness k and damping d of a body of mass m (Hooke with a damper). */
int
spring_from_stiffness(double k, double d, double m, spring_params *p)
{
	if (!positive(k) || !nonnegative(d) || !positive(m))
		return -1;
	return spring_params_set(scaled_sqrt_ratio(k, m),
	    scaled_half_over_sqrt(d, k, m), m, p);
}

/* Studio Gobo's undamped angular frequency and damping ratio. */
int
spring_from_uaf(double uaf, double dr, spring_params *p)
{
	return spring_params_set(uaf, dr, 1.0, p);
}

/*
 * Holden's half-life and frequency: damping d = 4 ln2 / H, stiffness
 * s = (2 pi F)^2, so omega = 2 pi F and zeta = d / (2 omega).  Neither name
 * is quite honest (Holden says so): the spring is not half-way after H, and
 * it oscillates at omega sqrt(1 - zeta^2), not at F.  zeta = 2 ln2 /
 * (H omega), the product scaled.
 */
int
spring_from_halflife_frequency(double halflife, double freq, spring_params *p)
{
	double omega;

	if (!positive(halflife) || !positive(freq))
		return -1;
	omega = TWO_PI * freq;
	if (!isfinite(omega))
		return -1;
	return spring_params_set(omega,
	    scaled_ratio(2.0 * LN2, 1.0, halflife, omega), 1.0, p);
}

/*
 * Holden's half-life with a damping ratio: s = (d / (2 Z))^2, so omega =
 * 2 ln2 / (H Z), the product scaled.
 */
int
spring_from_halflife_dr(double halflife, double dr, spring_params *p)
{
	if (!positive(halflife) || !positive(dr))
		return -1;
	return spring_params_set(scaled_ratio(2.0 * LN2, 1.0, halflife, dr), dr,
	    1.0, p);
}

/*
 * Nissen's normalised coefficients for the step h actually taken:
 * k = Ck m / h^2 and d = Cd m / h, so omega = sqrt(Ck) / h and
 * zeta = Cd / (2 sqrt(Ck)), whatever the mass.
 */
int
spring_from_nissen(double ck, double cd, double m, double h, spring_params *p)
{
	if (!positive(ck) || !nonnegative(cd) || !positive(m) || !positive(h))
		return -1;
	return spring_params_set(sqrt(ck) / h, cd / (2.0 * sqrt(ck)), m, p);
}

/*
 * Allen Chou's designer parameters: oscillation frequency in Hz and the
 * fraction P of the amplitude left after T seconds; the envelope
 * exp(-zeta omega t) gives zeta = ln(P) / (-omega T), omega T scaled.
 */
int
spring_from_chou(double hz, double decay, double decay_time, spring_params *p)
{
	double omega;

	if (!positive(hz) || !positive(decay) || !(decay < 1.0) ||
	    !positive(decay_time))
		return -1;
	omega = TWO_PI * hz;
	if (!isfinite(omega))
		return -1;
	return spring_params_set(omega,
	    scaled_ratio(-log(decay), 1.0, omega, decay_time), 1.0, p);
}

/* Stiffness k = m omega^2, scaled: omega^2 may overflow, m k not. */
double
spring_stiffness(const spring_params *p)
{
	return scaled_mul3(p->mass, p->omega, p->omega);
}

/* Damping d = 2 m zeta omega, scaled likewise. */
double
spring_damping(const spring_params *p)
{
	return ldexp(scaled_mul3(p->mass, p->zeta, p->omega), 1);
}

/*
 * Holden: a half-life H means a damping of 4 ln2 / H per unit mass (the
 * exponent of the critical spring is d / 2, halving over H takes ln2).
 */
double
spring_halflife_to_damping(double halflife)
{
	return 4.0 * LN2 / halflife;
}

/* The inverse of spring_halflife_to_damping. */
double
spring_damping_to_halflife(double damping)
{
	return 4.0 * LN2 / damping;
}
