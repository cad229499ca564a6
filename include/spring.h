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
#ifdef SPRING_EXPERIMENTAL
#include "spring/signal.h"	/* target signals */
#include "spring/analyze.h"	/* stability of a rule */
#include "spring/resonance.h"	/* sine drive */
#include "spring/rotation.h"	/* quaternion spring */
#include "spring/system.h"	/* springs on a line */
#include "spring/network.h"	/* networks in 1-3 dimensions */
#include "spring/tune.h"		/* the inverse: targets, matching */
#endif

#endif
