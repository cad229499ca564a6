/*
 * spring/dialects.h - other libraries' spring parameters ("dialects") to and
 * from the canonical (omega, zeta, mass): the table of every convention
 * (spring_dialects[]) and springsim's own numbers for one spring.
 *
 * Numbers only: no I/O, no allocation, no global state, like spring.h.
 * The sources and formulas are in dialects.c, the README and
 * springsim(1).  Each spring_from_* fills p and returns 0, or returns -1
 * when the inputs have no meaning (the range checks that name a flag are
 * the CLI's); where a library silently clamps an input, the function
 * applies the same clamp, so that it gives the library's own spring.
 *
 * STABLE: part of the library's stable core (spring.h).
 */
#ifndef SPRING_DIALECTS_H
#define SPRING_DIALECTS_H

#include "core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* SwiftUI Spring(response:dampingFraction:): omega = 2 pi / R, zeta = F. */
int spring_from_swiftui_response(double response, double damping_fraction,
    spring_params *p);
/*
 * SwiftUI Spring(duration:bounce:): omega = 2 pi / D; zeta = 1 - B for
 * B >= 0, 1 / (1 + B) for B < 0 (B > -1).
 */
int spring_from_swiftui_duration(double duration, double bounce,
    spring_params *p);
/* Android SpringForce: mass 1, omega = sqrt(K), zeta = the ratio. */
int spring_from_android(double stiffness, double damping_ratio,
    spring_params *p);
/*
 * Unreal FloatSpringInterp's Stiffness, CriticalDampingFactor and Mass:
 * omega = sqrt(K / M), zeta = the factor.
 */
int spring_from_unreal(double stiffness, double damping_ratio, double mass,
    spring_params *p);
/* Unity SmoothDamp: critically damped, omega = 2 / smoothTime. */
int spring_from_unity(double smooth_time, spring_params *p);
/* react-spring's tension, friction and mass (stiffness, damping, mass). */
int spring_from_react(double tension, double friction, double mass,
    spring_params *p);
/* react-spring's "frequency" (a period, s) and damping ratio. */
int spring_from_react_frequency(double frequency, double damping_ratio,
    double mass, spring_params *p);
/* Motion's stiffness, damping and mass. */
int spring_from_motion(double stiffness, double damping, double mass,
    spring_params *p);
/*
 * Motion's duration (s) and bounce: Motion's own root search (findSpring,
 * 11 Newton steps from 5 / duration), with its clamps, at velocity 0.
 */
int spring_from_motion_duration(double duration, double bounce,
    spring_params *p);
/* Motion's visualDuration (s) and bounce: omega = 2 pi / (1.2 V). */
int spring_from_motion_visual(double visual_duration, double bounce,
    spring_params *p);
/* Facebook Rebound's tension and friction: mass 1. */
int spring_from_rebound(double tension, double friction, spring_params *p);
/* Origami's tension and friction, through Rebound's OrigamiValueConverter. */
int spring_from_origami(double tension, double friction, spring_params *p);
/* Box2D's soft constraint: omega = 2 pi hertz, zeta = the ratio. */
int spring_from_box2d(double hertz, double damping_ratio, spring_params *p);

/*
 * The libraries --engine runs (engine.h), in their own dialects.
 * popmotion's duration (s) and bounce: findSpring, Motion's search.
 */
int spring_from_popmotion_duration(double duration, double bounce,
    spring_params *p);
/*
 * svelte's spring (svelte/motion): stiffness K and damping B are per
 * 60 fps frame, so the spring they stand for at 60 fps is omega =
 * 60 sqrt(K), zeta = B / (2 sqrt(K)), mass 1.
 */
int spring_from_svelte(double stiffness, double damping, spring_params *p);
/*
 * anime.js spring({ bounce, duration }) (calculateSDFromBD): the
 * perceived duration D (s, 0.01..10) gives stiffness (2 pi / D)^2 and
 * damping (1 - B) 4 pi / D (B >= 0) or 4 pi / (D (1 + B)), each clamped
 * (damping to 300) and rounded to 3 decimals; mass 1.
 */
int spring_from_anime_duration(double duration, double bounce,
    spring_params *p);
/*
 * React Native's bounciness and speed (SpringConfig.js,
 * fromBouncinessAndSpeed), Origami's tension and friction under it;
 * mass 1.  -1 when the damping comes out <= 0 (React Native refuses it).
 */
int spring_from_react_native_bounciness(double bounciness, double speed,
    spring_params *p);
/*
 * Flutter's SpringDescription.withDurationAndBounce: the duration in
 * whole milliseconds (Duration.inMilliseconds of the duration given, s),
 * stiffness 4 pi^2 / D^2, damping ratio 1 - B (B > 0) or 1 / (1 + B);
 * mass 1.  -1 below 1 ms.
 */
int spring_from_flutter_duration(double duration, double bounce,
    spring_params *p);

/* Motion's limits (framer-motion springDefaults). */
#define SPRING_MOTION_MIN_DAMPING	0.05
#define SPRING_MOTION_MAX_DAMPING	1.0
/* motion-dom 14's negative bounce: zeta = 1 / max(1 + bounce, 0.05) */
#define SPRING_MOTION_MAX_OVERDAMPING	20.0
#define SPRING_MOTION_MIN_DURATION	0.01
#define SPRING_MOTION_MAX_DURATION	10.0
/* Unity raises a smaller smoothTime to this; react-spring a frequency. */
#define SPRING_UNITY_MIN_SMOOTH_TIME	0.0001
#define SPRING_REACT_MIN_FREQUENCY	0.01
/* anime.js clamps the perceived duration to 10 ms .. 10 s (10 K ms). */
#define SPRING_ANIME_MIN_DURATION	0.01
#define SPRING_ANIME_MAX_DURATION	10.0

/*
 * The dialects' table, in the manner of GSL's odeiv2 steppers: one row a
 * dialect (a group of parameters that names a spring: springsim's own
 * conventions, the articles', and the other libraries'), each with its
 * parameters and the two ways between them and the canonical spring.
 * spring_dialects[] lists them in a fixed order, ending in NULL;
 * spring_dialect_find finds one by name.
 */
#define SPRING_DIALECT_MAX_PARAMS	3

/* One parameter of a dialect. */
typedef struct spring_dialect_param {
	const char *name;	/* the library's own name: "tension" */
	const char *flag;	/* springsim's flag, no "--": "react-tension" */
	const char *unit;	/* "N/m", "s", "1" for a pure number */
	double min, max;	/* the values the library takes */
	int min_open, max_open;	/* 1: the bound itself is not taken */
	int clamps;		/* outside: 1 the library clamps, 0 refuses */
	double def;		/* the library's default (see dialects.c) */
	int is_mass;		/* the library's mass: optional, --mass */
	const char *range;	/* the range in words: "must be > 0" */
} spring_dialect_param;

/* Which kind of convention a dialect is (and where --help lists it). */
enum spring_dialect_kind {
	SPRING_DIALECT_OWN,	/* springsim's and the articles' */
	SPRING_DIALECT_LIBRARY,	/* another library's */
	SPRING_DIALECT_ENGINE	/* a library an engine runs, its own words */
};

typedef struct spring_dialect {
	const char *name;	/* "react" */
	const char *library;	/* the package it comes from, or "springsim" */
	const char *source;	/* what in it: "react-spring config" */
	int kind;		/* enum spring_dialect_kind */
	/* its parameters, ending in a NULL name */
	spring_dialect_param params[SPRING_DIALECT_MAX_PARAMS + 1];
	/*
	 * The spring of the values v (one per parameter, a mass parameter
	 * too); mass: the mass of a dialect without a mass parameter; h:
	 * the step actually taken (Nissen's).  0, or -1 when the values
	 * have no meaning, as the spring_from_* functions.
	 */
	int (*to_spring)(const double *v, double mass, double h,
	    spring_params *p);
	/*
	 * The values of the spring p at the step h into v; NaN where the
	 * dialect cannot express p.  A value the spring leaves free
	 * (Chou's decay time) is read from v as given.  NULL: none (React
	 * Native's bounciness has no inverse).
	 */
	void (*from_spring)(const spring_params *p, double h, double *v);
	int mass_moves;		/* its mass changes omega and zeta */
	int rounds;		/* the library rounds its values (whole
				 * ms, 3 decimals): a round trip is a
				 * rounding away */
	const char *engines;	/* the engines (engine.h) that take it, by
				 * name; NULL every engine, "" none */
	int duration_form;	/* params 0 and 1 are a duration (s) and a
				 * bounce the engine takes as they are */
	const char *help;	/* springsim's --help lines for it */
} spring_dialect;

/* Every dialect, in a fixed order, ending in NULL. */
extern const spring_dialect *const spring_dialects[];

/* The dialect called name, or NULL. */
const spring_dialect *spring_dialect_find(const char *name);

/*
 * One spring in springsim's own terms and the articles': what `springsim
 * convert` prints before the dialects' values (spring_dialects[]'
 * from_spring).  Time-like values of a spring that never settles or
 * never oscillates are infinite.
 */
typedef struct spring_conventions {
	double stiffness, damping, mass, omega, zeta;
	double halflife;		/* Holden's: 4 ln2 / (d / m) */
	double frequency;		/* Holden's: omega / 2 pi */
	double envelope_halflife;	/* ln2 / (zeta omega) = halflife / 2 */
	double hz, decay, decay_time;	/* Chou's: decay = e^(-zeta omega T) */
	double ck, cd, dt;		/* Nissen's at the step dt */
	double critical_halflife;	/* Holden's critical_halflife(frequency) */
	double critical_frequency;	/* Holden's critical_frequency(halflife) */
	double period;			/* 2 pi / omega_d; inf if not oscillating */
	double damped_frequency;	/* omega_d / 2 pi Hz; 0 if not oscillating */
	double settle_time;		/* the envelope's 2 %: ln 50 / decay rate */
} spring_conventions;

/* Fill c for the spring p, Nissen's at step dt, Chou's over decay_time. */
void spring_describe(const spring_params *p, double dt, double decay_time,
    spring_conventions *c);

/*
 * The slowest decay rate of the spring's offset, 1/s: zeta omega up to
 * critical damping, the slow root omega / (zeta + sqrt(zeta^2 - 1))
 * beyond it (formed without cancellation); 0 at zeta = 0.
 */
double spring_decay_rate(const spring_params *p);

#ifdef __cplusplus
}
#endif

#endif
