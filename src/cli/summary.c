/*
 * summary.c - the library's one-line summaries in the program's words:
 * where a summary names a parameter the CLI sets by a flag, the flag.
 * Apart from list.c, which prints them, since run's and the models'
 * help print them too.
 */
#include <stddef.h>
#include <string.h>

#include "cli.h"

/*
 * The library's summaries that name a parameter the CLI sets by a flag:
 * the library's words, then the CLI's (the flag named).  The library
 * knows nothing of the flags, so the CLI puts them in.
 */
static const struct {
	const char *lib, *cli;
} flag_words[] = {
	{ "steps of max_dt, the remainder as a last shorter step "
	  "(Studio Gobo 1)",
	  "steps of --max-dt, the remainder as a last shorter step "
	  "(Studio Gobo 1)" },
	{ "ceil(frame / max_dt) equal steps (Studio Gobo 2)",
	  "ceil(frame / max-dt) equal steps (Studio Gobo 2)" },
	{ "steps of exactly max_dt, the state shown interpolated "
	  "(Studio Gobo 3)",
	  "steps of exactly max-dt, the state shown interpolated "
	  "(Studio Gobo 3)" },
	{ "reach the target near t_goal: a critical spring tracking a "
	  "linear xi ahead",
	  "reach the target near --t-goal T: a critical spring tracking a "
	  "linear xi ahead" },
	{ "approach the target at v_goal: a critical spring tracking xi "
	  "ahead",
	  "approach the target at --v-goal V: a critical spring tracking xi "
	  "ahead" },
	{ "a critical spring on the velocity toward v_goal, x its exact "
	  "integral",
	  "a critical spring on the velocity toward --v-goal V, x its exact "
	  "integral" },
	{ "switch from source_a to source_b at switch_at, the offset "
	  "decayed by a critical spring",
	  "switch from --source-a to --source-b at --switch-at, the offset "
	  "decayed by a critical spring" },
	{ "the base, plus AMP from AT on",
	  "the base, plus AMP from --signal-at on" },
	{ "the base, plus AMP / PERIOD per second from AT on",
	  "the base, plus AMP / PERIOD per second from --signal-at on" },
	{ "the base plus AMP u_k, u_k uniform in [-1, 1) at t = k PERIOD, "
	  "held or linear between",
	  "the base plus AMP u_k, u_k uniform in [-1, 1) at t = k PERIOD, "
	  "held or linear between (--signal-shape)" },
	{ "recorded samples t, g[, q], piecewise linear, held before the "
	  "first and after the last",
	  "recorded t,target[,target_vel], piecewise linear, held before "
	  "the first row and after the last (--target-file)" },
};

/* See cli.h. */
const char *
cli_summary(const char *summary)
{
	size_t i;

	for (i = 0; i < sizeof(flag_words) / sizeof(flag_words[0]); i++)
		if (strcmp(summary, flag_words[i].lib) == 0)
			return flag_words[i].cli;
	return summary;
}
