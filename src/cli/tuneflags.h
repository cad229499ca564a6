/*
 * tuneflags.h - tune's flags (tuneflags.c) as the command (cmd_tune.c)
 * reads them; private to the two.
 */
#ifndef TUNEFLAGS_H
#define TUNEFLAGS_H

#include <getopt.h>
#include <stdio.h>

#include "paramflags.h"

#define MAX_TUNE_RATES 1000

/* tune's flags whose giving counts: their place in given[]. */
enum {
	OPT_OVERSHOOT, OPT_SETTLE, OPT_TOLERANCE, OPT_PERIOD,
	OPT_RISE_TIME, OPT_MATCH, OPT_FPS, OPT_MAX_STIFFNESS, OPT_MARGIN,
	OPT_KEYS
};

/* How the rule is matched to the spring. */
enum match { MATCH_DEFAULT, MATCH_MODES, MATCH_RESPONSE };

/* What tune's flags say. */
struct tune_opts {
	double overshoot, settle, tolerance, period, rise, margin;
	int given[OPT_KEYS];
	const char *arg[OPT_KEYS];	/* the targets as typed, for messages */
	enum match match;
	double rate[MAX_TUNE_RATES];
	int nrates;
	int max_stiffness;
};

/* tune's rows (optparse.h): tune_options. */
/* Whether tune's flag c was given. */
int tune_given(const struct tune_opts *to, int c);

#endif
