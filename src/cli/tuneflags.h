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

/* tune's own flags, CMD_OPT + their row of tune_opts[]. */
enum {
	OPT_OVERSHOOT = CMD_OPT, OPT_SETTLE, OPT_TOLERANCE, OPT_PERIOD,
	OPT_RISE_TIME, OPT_MATCH, OPT_FPS, OPT_MAX_STIFFNESS, OPT_MARGIN,
	OPT_KEYS
};

/* How the rule is matched to the spring. */
enum match { MATCH_DEFAULT, MATCH_MODES, MATCH_RESPONSE };

/* What tune's flags say. */
struct tune_opts {
	double overshoot, settle, tolerance, period, rise, margin;
	const char *arg[OPT_KEYS - OPT_OVERSHOOT];	/* as typed */
	int given[OPT_KEYS - OPT_OVERSHOOT];
	enum match match;
	double rate[MAX_TUNE_RATES];
	int nrates;
	int max_stiffness;
};

/* tune's own flags, before run's. */
extern const struct option tune_opts[];

/* `springsim tune --help`. */
void tune_usage(FILE *fp);
/* tune's own options (extra_opt_fn). */
int tune_option(void *ctx, int c, const char *arg);
/* Whether tune's flag c was given. */
int tune_given(const struct tune_opts *to, int c);

#endif
