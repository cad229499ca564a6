/*
 * fpenv.c - flush subnormal numbers to zero.
 *
 * A settled spring's velocity and error decay toward zero and, after a
 * few hundred time constants, into subnormal numbers, which cost about
 * 17 times as much per operation on x86.  Values below 2.2e-308 are far
 * below anything springsim reports, so the program (not the library: a
 * game sets its own floating-point environment) treats them as zero.
 */
#include "cli.h"

#if defined(__SSE2__) || defined(__x86_64__)
#include <xmmintrin.h>
#define FTZ_DAZ 0x8040	/* MXCSR: flush to zero (bit 15), denormals are zero (bit 6) */
#endif

/* Turn on flush-to-zero and denormals-are-zero where the CPU has them. */
void
flush_subnormals(void)
{
#if defined(FTZ_DAZ)
	_mm_setcsr(_mm_getcsr() | FTZ_DAZ);
#elif defined(__aarch64__)
	unsigned long fpcr;

	__asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
	fpcr |= 1UL << 24;	/* FZ */
	__asm__ __volatile__("msr fpcr, %0" : : "r"(fpcr));
#endif
}
