/*
 * bits.h - what the numeric tests and the formatter benches share: a
 * double's bit pattern and back, and splitmix64 (Steele, Lea and Flood,
 * "Fast splittable pseudorandom number generators", 2014), a fixed,
 * portable sequence, so that a failure reproduces.  Header-only: the
 * benches (bench/numfmt_cmp.c, bench/dtoa_libs.cc) include it too.
 */
#ifndef BITS_H
#define BITS_H

#include <stdint.h>
#include <string.h>

/* The next number of the sequence *state stands in. */
static inline uint64_t
splitmix64(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

/* A double from its bit pattern, and back: the unit of identity. */
static inline double
from_bits(uint64_t u)
{
	double v;

	memcpy(&v, &u, sizeof v);
	return v;
}

static inline uint64_t
to_bits(double v)
{
	uint64_t u;

	memcpy(&u, &v, sizeof u);
	return u;
}

#endif
