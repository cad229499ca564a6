/*
 * netflags.h - the network models' flags (netflags.c) as their command
 * (cmd_network.c) reads them; private to the two.
 */
#ifndef NETFLAGS_H
#define NETFLAGS_H

#include <getopt.h>
#include <stdio.h>

#include "run.h"

/* Bodies at most, as the 1-D chain (cli/cmd_system.c). */
#define MAX_PARTICLES 2000

/* The lists: the state flags', then the pair's. */
enum { L_X0, L_V0, L_TARGET, L_TARGET_VEL, L_X1, L_X2, L_V1, L_V2, L_COUNT };

enum net_kind { NET_PAIR, NET_CHAIN, NET_MESH };

/* The command's own flags, as given. */
struct net_opts {
	enum net_kind kind;
	long dim, particles, rows, cols, pluck;
	const char *dim_arg, *pluck_arg;
	const char *list_arg[L_COUNT];
	double list[L_COUNT][SPRING_NET_MAX_DIM];
	double m[2], rest, gravity;
	const char *rest_arg, *gravity_arg;
	int summary;
	int no_ref;			/* --no-reference: the rule alone */
	int axial;			/* --damper axial */
	const char *damper_arg;		/* --damper */
	const char *pair_flag;		/* --m1 .. --v2 given, for messages */
	const char *chain_flag;		/* --particles */
	const char *grid_arg;		/* --grid */
	const char *start_flag;		/* --x0, --v0, --target(-vel) */
};

/* The command's flags are rows (optparse.h): network_options. */
/*
 * Whether a flag went to the wrong model, or one that never applies:
 * EXIT_OK, or an exit status after a message.
 */
int net_check_flags(const struct net_opts *no, const char *model,
    const struct run_setup *rs);
/* Every list, each of exactly dim numbers, and the defaults. */
int net_parse_lists(struct net_opts *no);

#endif
