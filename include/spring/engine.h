/*
 * spring/engine.h - other libraries' springs, stepped frame by frame the
 * way each library runs them (engine.c, engine_*.c).  Part of the
 * springsim library: include "spring.h" for all of it.
 *
 * An engine is a library's spring as it ships: its clock (what it reads
 * as the time, whole milliseconds or not, what its first frame advances,
 * the cap on a long frame), its integrator and sub-stepping, its
 * precision (float where the library stores floats), its rest test and
 * snap, and the parameter changes it makes silently.  Each engine file
 * cites the library's source file and function for every behaviour.
 *
 * The user's spring (omega, zeta, mass, x0, v0 in units and seconds) is
 * the reference; the engine turns it into the library's own parameters
 * (and units: react-spring and wobble keep velocities per millisecond)
 * and runs them.  Frames arrive at wall times t_1 < t_2 < ..., seconds
 * since the animation was started (at wall time 0, between frames).
 */
#ifndef SPRING_ENGINE_H
#define SPRING_ENGINE_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * How the user gave the parameters: a physical spring (params), or one
 * of the libraries' duration + bounce forms, which some libraries turn
 * into a spring by their own (rounded, clamped, iterated) formulas.
 */
enum spring_engine_form {
	SPRING_ENGINE_PHYSICAL,	/* params is the spring */
	SPRING_ENGINE_DURATION	/* duration (s) and bounce, as given */
};

/* What an engine is started with. */
typedef struct spring_engine_setup {
	spring_params params;	/* the spring asked for: the reference */
	double x0, v0, target;	/* units, units/s */
	int form;		/* enum spring_engine_form */
	double duration, bounce;	/* SPRING_ENGINE_DURATION */
	/*
	 * The libraries' own knobs; each engine reads those it has and
	 * names the rest in its check.  NaN (or 0 for the integers): the
	 * library's default.
	 */
	double max_speed;	/* Unity SmoothDamp maxSpeed, units/s */
	double min_visible;	/* Android minimumVisibleChange */
	int substeps;		/* Box2D substeps a step */
	int clamp;		/* overshoot clamping (react-spring clamp,
				 * wobble/rebound/React Native
				 * overshootClamping) */
	double lower, upper;	/* Flutter's bounded AnimationController */
} spring_engine_setup;

/* Room for an engine's own state, in doubles. */
#define SPRING_ENGINE_WORDS 48

/* A running engine: what the last frame showed, and the library's own. */
typedef struct spring_engine_state {
	double x, v;		/* shown at the last frame: units, units/s */
	int done;		/* the library declared the animation over */
	double snap;		/* the jump of the rest snap, on its frame
				 * (0 on every other frame) */
	double w[SPRING_ENGINE_WORDS];	/* the engine's */
} spring_engine_state;

typedef struct spring_engine {
	const char *name;	/* as --engine takes it: "react-spring" */
	const char *library;	/* the package or class: "@react-spring/core" */
	const char *version;	/* the version read and checked */
	const char *summary;	/* how it steps, in one line */
	const char *source;	/* repository and file read */
	const char *checked;	/* "running library" or "source reading" */
	int float32;		/* stores its state in single precision */
	/*
	 * Whether the library takes su: 0 if it runs it as given; 1 if it
	 * runs something else (msg says what it really runs: mass raised
	 * to 1, over-damping turned critical); -1 if the library refuses
	 * it (msg says why).  msg may be NULL.
	 */
	int (*check)(const spring_engine_setup *su, char *msg,
	    unsigned long len);
	/* Start the animation from su at wall time 0. */
	void (*start)(const spring_engine_setup *su, spring_engine_state *st);
	/* The frame at wall time t (s): the library's tick; sets x, v. */
	void (*frame)(spring_engine_state *st, double t);
} spring_engine;

/* Every engine, in a fixed order, ending in NULL; the one called name. */
extern const spring_engine *const spring_engines[];
const spring_engine *spring_engine_find(const char *name);

/* A setup with every knob at the library's default. */
void spring_engine_setup_init(spring_engine_setup *su);

#ifdef __cplusplus
}
#endif

#endif
