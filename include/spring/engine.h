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

/* What an engine knob takes (spring_engine_knob's kind). */
enum spring_knob_kind {
	SPRING_KNOB_SWITCH,	/* on or off: 1 or 0 */
	SPRING_KNOB_NUMBER,	/* a double in [min, max] */
	SPRING_KNOB_COUNT,	/* a whole number in [min, max] */
	SPRING_KNOB_RANGE	/* LO:HI, min <= LO < HI <= max: two doubles */
};

/*
 * One of a library's own knobs, a row of its engine's knobs[] (ending in
 * a NULL option): the library's name for it, springsim's flag (the CLI
 * builds --FLAG from the rows; engines whose libraries share a knob list
 * a row each with the same flag), what it takes and the library's default.
 */
typedef struct spring_engine_knob {
	const char *option;	/* the library's: "maxSpeed"; NULL ends */
	const char *flag;	/* springsim's, no dashes: "unity-max-speed";
				 * NULL: none (the library's API alone) */
	const char *arg;	/* its value in the help: "S"; NULL: a switch */
	int kind;		/* enum spring_knob_kind */
	double min, max;	/* the values taken (a range's LO and HI) */
	int min_open, max_open;	/* min, max themselves excluded */
	int float_normal;	/* kept in a float that must stay normal:
				 * below FLT_MIN refused */
	double def;		/* the library's value without it (NaN:
				 * none) */
	const char *def_text;	/* the same, in words: "none", "4" */
	const char *help;	/* one line */
	int work;		/* 1: a count of substeps a step, the
				 * library's work a frame (the CLI's
				 * up-front estimate multiplies by it) */
} spring_engine_knob;

/* The most knobs an engine has (its knobs[] rows). */
#define SPRING_ENGINE_KNOBS_MAX 8

/* What an engine is started with. */
typedef struct spring_engine_setup {
	spring_params params;	/* the spring asked for: the reference */
	double x0, v0, target;	/* units, units/s */
	int form;		/* enum spring_engine_form */
	double duration, bounce;	/* SPRING_ENGINE_DURATION */
	/*
	 * The clock's frame rate when its frames fall at t_k = k / fps
	 * (--fps or --dt, no irregular frames); 0 otherwise.  Read by the
	 * engines that are functions of the frame number (remotion).
	 */
	double fps;
	/*
	 * The library's own knobs, by the row of the engine's knobs[]
	 * (spring_engine_knob_find): knob[i] is row i's value (a switch's
	 * 1 or 0, a count's whole number, a range's LO; knob_hi[i] its
	 * HI), read when bit i of knob_given is set; the engine runs the
	 * library's default (the row's def) for the others, and refuses a
	 * bit past its rows (spring_engine_check).
	 */
	double knob[SPRING_ENGINE_KNOBS_MAX];
	double knob_hi[SPRING_ENGINE_KNOBS_MAX];
	unsigned knob_given;
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
	/* its library's knobs (ending in a NULL option), or NULL: none */
	const spring_engine_knob *knobs;
} spring_engine;

/* Every engine, in a fixed order, ending in NULL; the one called name. */
extern const spring_engine *const spring_engines[];
const spring_engine *spring_engine_find(const char *name);

/*
 * A setup with every knob at the library's default: none given, the
 * values NaN.
 */
void spring_engine_setup_init(spring_engine_setup *su);
/*
 * The row of e's knobs[] whose flag or option is name ("unity-max-speed"
 * or "maxSpeed"), the index of su->knob[] it sets; -1 if e has none.
 */
int spring_engine_knob_find(const spring_engine *e, const char *name);
/* The rows of e's knobs[]. */
int spring_engine_knob_count(const spring_engine *e);
/*
 * e->check, after refusing a knob given past e's rows (-1, msg naming
 * it): 0, 1 or -1 as check says.
 */
int spring_engine_check(const spring_engine *e, const spring_engine_setup *su,
    char *msg, unsigned long len);

#ifdef __cplusplus
}
#endif

#endif
