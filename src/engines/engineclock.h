/*
 * engineclock.h - the clocks the engines read, as functions of the wall
 * time t (seconds since the animation started).  Library-internal.
 *
 * A browser's or a phone's clock has an arbitrary origin; where a library
 * floors it to whole milliseconds, the origin's fraction decides which
 * frames gain or lose a millisecond.  springsim fixes the origins to the
 * ones tests/engines/ drives the real libraries with, so that a run is
 * reproducible and comparable frame for frame with the library's own
 * output: performance.now() and rAF timestamps read 1000 + t ms,
 * Date.now() floor(1700000000000 + t ms), Android's uptimeMillis()
 * floor(123456 + t ms), Flutter's vsync whole microseconds round(t us).
 */
#ifndef SPRING_ENGINECLOCK_H
#define SPRING_ENGINECLOCK_H

#include <math.h>

/* performance.now() and requestAnimationFrame's timestamp, ms. */
static inline double
engine_perf_now(double t)
{
	return 1000.0 + t * 1000.0;
}

/* Date.now(): whole ms since 1970. */
static inline double
engine_date_now(double t)
{
	return floor(1700000000000.0 + t * 1000.0);
}

/* Android SystemClock.uptimeMillis(): whole ms since boot. */
static inline double
engine_uptime_millis(double t)
{
	return floor(123456.0 + t * 1000.0);
}

/* Flutter's vsync time stamp: a Duration, whole microseconds. */
static inline double
engine_vsync_micros(double t)
{
	return nearbyint(t * 1e6);
}

#endif
