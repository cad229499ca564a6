/*
 * dialectmath.h - what the two halves of the dialects share
 * (dialects.c, the table and each convention's numbers; dialectfrom.c,
 * the libraries' formulas to the canonical spring): the libraries'
 * constants and one helper.  Library-private.
 */
#ifndef SPRING_DIALECTMATH_H
#define SPRING_DIALECTMATH_H

#include <math.h>

#define TWO_PI	6.283185307179586476925286766559
#define LN2	0.693147180559945309417232121458
#define LN50	3.912023005428146058618750787910

/* Motion's envelope threshold (safeMin) and root search (find.ts). */
#define MOTION_SAFE_MIN		0.001
#define MOTION_NEWTON_STEPS	11
/* Motion's visualDuration is 1 / 1.2 of the undamped period. */
#define MOTION_VISUAL_RATIO	1.2
/* Rebound's OrigamiValueConverter. */
#define ORIGAMI_T_SCALE		3.62
#define ORIGAMI_T_OFFSET	194.0
#define ORIGAMI_T_ORIGIN	30.0
#define ORIGAMI_F_SCALE		3.0
#define ORIGAMI_F_OFFSET	25.0
#define ORIGAMI_F_ORIGIN	8.0

/* sqrt(1 - z^2) without cancellation near z = 1. */
static inline double
sqrt_one_minus_sq(double z)
{
	return sqrt((1.0 - z) * (1.0 + z));
}

#endif
