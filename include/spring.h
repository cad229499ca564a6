/*
 * spring.h - the springsim core: a damped spring, the update rules that
 * step it, the exact solution it is measured against, and the metrics.
 *
 * The library does numbers only: no I/O, no allocation, no global state,
 * so a game can compile it in unchanged.  Everything that touches options,
 * files or text lives in the CLI (src/cli/).
 *
 * The model, per unit mass (Huw Bowles, "Spring dynamics for production",
 * in its undamped angular frequency and damping ratio; docs/references.md
 * lists the articles):
 *
 *	a = omega^2 (g(t) - x) + 2 zeta omega (q(t) - v)
 *
 * g(t) is the target position and q(t) its velocity; a target given with a
 * velocity moves, g(t) = g0 + q t.
 */
#ifndef SPRING_H
#define SPRING_H

#include <stddef.h>

/*
 * One header a family, in include/spring/, each usable alone (it
 * includes what it needs) and from C++ (extern "C").
 *
 * The stable core: the spring, its rules, the exact solution, whole runs
 * and other libraries' springs.  Their names and meanings stay; a
 * struct may gain fields at its end (set them with the *_init functions
 * or designated initializers, so that new fields start at their
 * defaults).
 */
#include "spring/core.h"		/* types, update rules */
#include "spring/params.h"	/* parameter conventions */
#include "spring/dialects.h"	/* other libraries' parameters */
#include "spring/exact.h"		/* closed form, reference */
#include "spring/metrics.h"	/* error metrics */
#include "spring/frame.h"		/* substeps, stepper, schedules */
#include "spring/sim.h"		/* runs, models, batches */
#include "spring/engine.h"	/* other libraries' springs */

/*
 * SPRING_EXPERIMENTAL: the studies built on the core, whose interfaces
 * still move from release to release (as zstd keeps its unstable part
 * behind ZSTD_STATIC_LINKING_ONLY): define SPRING_EXPERIMENTAL before
 * including spring.h to have them, and expect to follow their changes.
 * The springsim program and its tests define it (the Makefile's
 * CPPFLAGS); an embedder that wants only the core does not, and gets
 * nothing it could come to depend on by accident.  Each header can
 * still be included by name.  signal.h comes in with frame.h and sim.h
 * (a run's target can be a signal), but its interface is experimental
 * too.
 */
/*
 * The ABI of the stable core: raised whenever one of its structs changes
 * size or layout, or a function its meaning.  The shared library's
 * soname is libspring.so.SPRING_ABI (the Makefile reads it here), so a
 * program built against another ABI does not load; one linked without
 * the soname's guard (a copied library, dlopen) is caught by
 * SPRING_ABI_CHECK(): the library's ABI and the sizes of the structs a
 * caller allocates, against the header the caller was compiled with, as
 * zlib's deflateInit checks its version and sizeof(z_stream).  0, or -1:
 * rebuild against the installed headers.
 */
#define SPRING_ABI 0

#ifdef __cplusplus
extern "C" {
#endif

/* The SPRING_ABI the library was built with. */
int spring_abi(void);
/* See SPRING_ABI: call it as SPRING_ABI_CHECK(). */
int spring_abi_check(int abi, size_t params, size_t rule, size_t stepper,
    size_t sim, size_t engine_setup, size_t engine_state, size_t metrics,
    size_t reference, size_t conventions);

#ifdef __cplusplus
}
#endif

#define SPRING_ABI_CHECK() spring_abi_check(SPRING_ABI, \
	sizeof(spring_params), sizeof(spring_rule), sizeof(spring_stepper), \
	sizeof(spring_sim), sizeof(spring_engine_setup), \
	sizeof(spring_engine_state), sizeof(spring_metrics), \
	sizeof(spring_reference), sizeof(spring_conventions))

#ifdef SPRING_EXPERIMENTAL
#include "spring/signal.h"	/* target signals */
#include "spring/analyze.h"	/* stability of a rule */
#include "spring/resonance.h"	/* sine drive */
#include "spring/rotation.h"	/* quaternion spring */
#include "spring/system.h"	/* springs on a line */
#include "spring/network.h"	/* networks in 1-3 dimensions */
#include "spring/tune.h"		/* the inverse: targets, matching */
#include "spring/easing.h"	/* piecewise-linear easings (CSS) */
#endif

#endif
