/*
 * cpufeat.h - whether this x86-64 processor runs AVX2 and AVX-512F and
 * the system saves their registers, for code that picks its vector
 * width at run time (batch.c's tiles, numfmt.c's batches).
 *
 * Not __builtin_cpu_supports or target_clones: either links libgcc's
 * constructor, which asks the processor some twenty times (cpuid) at
 * every start of the program, and on a virtual machine each cpuid traps
 * to the hypervisor: 7 us a cpuid on the machine make bench ran on,
 * 0.15 ms a start, an eighth of a one-configuration sweep.  glibc's
 * loader has asked already: from 2.33 on, <sys/platform/x86.h> answers
 * from what it read, with no cpuid.  Elsewhere the processor is asked
 * once (cpuid leaves 1 and 7, and xgetbv for what the system saves),
 * the answer kept.  Library-internal; x86-64 with GCC or Clang only.
 */
#ifndef SPRING_CPUFEAT_H
#define SPRING_CPUFEAT_H

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SPRING_CPUFEAT 1

#if defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#endif
#endif

#ifndef CPU_FEATURE_ACTIVE
#include <cpuid.h>
#include <stdatomic.h>
#endif

enum { CPUFEAT_AVX2 = 1, CPUFEAT_AVX512F = 2 };

#ifdef CPU_FEATURE_ACTIVE
/* The CPUFEAT_ bits of what runs here: glibc's reading. */
static inline int
cpufeat(void)
{
	return (CPU_FEATURE_ACTIVE(AVX2) ? CPUFEAT_AVX2 : 0) |
	    (CPU_FEATURE_ACTIVE(AVX512F) ? CPUFEAT_AVX512F : 0);
}
#else
/*
 * The CPUFEAT_ bits of what runs here, asked once a program (a race
 * between threads stores the same answer twice).  AVX2 needs the YMM
 * state saved (XCR0 bits 1, 2); AVX-512 the opmask and ZMM states too
 * (bits 5, 6, 7).
 */
static inline int
cpufeat(void)
{
	static atomic_int known;	/* the bits + 4; 0: not asked yet */
	unsigned a, b, c, d, xlo = 0, xhi = 0;
	int f = 0, k = atomic_load_explicit(&known, memory_order_relaxed);

	if (k != 0)
		return k - 4;
	if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_OSXSAVE) != 0) {
		__asm__ volatile ("xgetbv" : "=a" (xlo), "=d" (xhi) : "c" (0));
		if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
			if ((xlo & 0x06) == 0x06 && (b & bit_AVX2) != 0)
				f |= CPUFEAT_AVX2;
			if ((xlo & 0xe6) == 0xe6 && (b & bit_AVX512F) != 0)
				f |= CPUFEAT_AVX512F;
		}
	}
	(void)xhi;
	atomic_store_explicit(&known, f + 4, memory_order_relaxed);
	return f;
}
#endif

#endif
#endif
