/*
 * test_library.c - the library as a game embeds it: none of its strings
 * names a flag of the CLI (the CLI puts the flags in, cli_summary), and
 * the batch's tile widths are chosen per call, from what the processor
 * and the build have, with nothing kept between calls.
 */
#include <string.h>

#include "check.h"
#include "cli/cli.h"
#include "internal.h"
#include "spring.h"
#include "suites.h"

/* Whether s names something the way a command line does: "--flag". */
static int
names_flag(const char *s)
{
	return s != NULL && strstr(s, "--") != NULL;
}

/* Every name, summary and source in the library's tables. */
static void
no_flags(void)
{
	const spring_rule *const *r;
	const spring_policy *const *p;
	const spring_model *const *m;
	const spring_model_rule *const *mr;
	const spring_rot_rule *const *q;
	const spring_line_rule *const *l;
	const spring_net_rule *const *n;
	int kind, bad = 0, seen = 0;

	for (r = spring_rules; *r != NULL; r++, seen++)
		bad += names_flag((*r)->name) + names_flag((*r)->summary) +
		    names_flag((*r)->source);
	for (p = spring_policies; *p != NULL; p++, seen++)
		bad += names_flag((*p)->name) + names_flag((*p)->summary);
	for (m = spring_models; *m != NULL; m++, seen++) {
		bad += names_flag((*m)->name) + names_flag((*m)->summary) +
		    names_flag((*m)->source) + names_flag((*m)->columns);
		for (mr = (*m)->rules; *mr != NULL; mr++, seen++)
			bad += names_flag((*mr)->name) +
			    names_flag((*mr)->summary) +
			    names_flag((*mr)->source);
	}
	for (kind = 0; kind < SPRING_SIGNAL_KINDS; kind++, seen++)
		bad += names_flag(spring_signal_name(kind)) +
		    names_flag(spring_signal_summary(kind));
	for (q = spring_rot_rules; *q != NULL; q++, seen++)
		bad += names_flag((*q)->name) + names_flag((*q)->summary) +
		    names_flag((*q)->source);
	for (l = spring_line_rules; *l != NULL; l++, seen++)
		bad += names_flag((*l)->name) + names_flag((*l)->summary);
	for (n = spring_net_rules; *n != NULL; n++, seen++)
		bad += names_flag((*n)->name) + names_flag((*n)->summary);
	CHECK(bad == 0);
	/* 8 rules, 4 policies, 6 models, 7 signals at the least */
	CHECK(seen >= 25);
}

/* The CLI names the flag the library's words stand for. */
static void
flags_put_in(void)
{
	const spring_model *timed = spring_model_find("timed");
	const char *s;

	s = cli_summary(spring_policy_max->summary);
	CHECK(strstr(s, "steps of --max-dt,") != NULL);
	CHECK(strstr(cli_summary(spring_policy_uniform->summary),
	    "/ max-dt)") != NULL);
	CHECK(timed != NULL);
	if (timed != NULL)
		CHECK(strstr(cli_summary(timed->summary), "--t-goal T") !=
		    NULL);
	CHECK(strstr(cli_summary(spring_signal_summary(SPRING_SIGNAL_STEP)),
	    "from --signal-at on") != NULL);
	CHECK(strstr(cli_summary(spring_signal_summary(SPRING_SIGNAL_FILE)),
	    "(--target-file)") != NULL);
	/* a summary with nothing to put in is the library's own */
	s = spring_rule_exact->summary;
	CHECK(cli_summary(s) == s);
	s = spring_policy_none->summary;
	CHECK(cli_summary(s) == s);
}

/* Tile widths: asked for each call; one the build lacks runs nothing. */
static void
tile_widths(void)
{
	spring_sim sim;
	const spring_sim *ptr = &sim;
	spring_metrics a, b;

	memset(&sim, 0, sizeof(sim));
	sim.rule = spring_rule_exact;
	sim.params.omega = 2.0;
	sim.params.zeta = 1.0;
	sim.params.mass = 1.0;
	sim.x0 = 1.0;
	sim.dt = 0.01;
	sim.frames = 200;
	memset(&a, 0xff, sizeof(a));
	/* no such tiles: -1, m untouched */
	CHECK(spring_simulate_batch_tiles(&ptr, 1, &a, NULL, 48,
	    SPRING_WANT_ALL) == -1);
	CHECK(a.rows == -1);
	/*
	 * the widest, and 32 bytes, are there on every build with tiles;
	 * without (SPRING_NO_TILES, another compiler) 0 runs them alone
	 */
	CHECK(spring_simulate_batch_tiles(&ptr, 1, &a, NULL, 0,
	    SPRING_WANT_ALL) == 0);
	CHECK(a.rows == 201);
#ifdef SPRING_NO_TILES
	CHECK(spring_simulate_batch_tiles(&ptr, 1, &b, NULL, 32,
	    SPRING_WANT_ALL) == -1);
	spring_simulate(&sim, NULL, NULL, &b, NULL);
#else
	CHECK(spring_simulate_batch_tiles(&ptr, 1, &b, NULL, 32,
	    SPRING_WANT_ALL) == 0);
#endif
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
	/* a 64-byte call leaves the next default call as it was */
	(void)spring_simulate_batch_tiles(&ptr, 1, &b, NULL, 64,
	    SPRING_WANT_ALL);
	spring_simulate_batch(&ptr, 1, &b, NULL);
	CHECK(memcmp(&a, &b, sizeof(a)) == 0);
}

/*
 * SPRING_ABI_CHECK(): this build agrees with itself; another ABI, or any
 * one struct's size off by one, is refused.
 */
static void
abi_check(void)
{
	CHECK(spring_abi() == SPRING_ABI);
	CHECK(SPRING_ABI_CHECK() == 0);
	CHECK(spring_abi_check(SPRING_ABI + 1, sizeof(spring_params),
	    sizeof(spring_rule), sizeof(spring_stepper), sizeof(spring_sim),
	    sizeof(spring_engine_setup), sizeof(spring_engine_state),
	    sizeof(spring_metrics), sizeof(spring_reference),
	    sizeof(spring_conventions)) == -1);
	CHECK(spring_abi_check(SPRING_ABI, sizeof(spring_params),
	    sizeof(spring_rule), sizeof(spring_stepper),
	    sizeof(spring_sim) + 8, sizeof(spring_engine_setup),
	    sizeof(spring_engine_state), sizeof(spring_metrics),
	    sizeof(spring_reference), sizeof(spring_conventions)) == -1);
	CHECK(spring_abi_check(SPRING_ABI, sizeof(spring_params),
	    sizeof(spring_rule), sizeof(spring_stepper), sizeof(spring_sim),
	    sizeof(spring_engine_setup) - 8, sizeof(spring_engine_state),
	    sizeof(spring_metrics), sizeof(spring_reference),
	    sizeof(spring_conventions)) == -1);
}

/*
 * spring_step_named: one call is the rule's prepare and step toward a
 * target at rest, for every rule of the table; a bad call writes nothing.
 */
static void
step_named(void)
{
	const spring_rule *const *r;
	spring_params p;
	spring_coef k;
	spring_state s;
	spring_target_step tg = { 2.0, 0.0, 2.0, 0.0, 2.0, 0.0 };
	double x, v;
	int i;

	spring_params_set(7.0, 0.3, 1.0, &p);
	for (r = spring_rules; *r != NULL; r++) {
		x = 0.5, v = -1.0;
		s.x = x, s.v = v;
		(*r)->prepare(&p, 0.02, &k);
		for (i = 0; i < 10; i++) {
			(*r)->step(&k, &s, &tg);
			CHECK(spring_step_named((*r)->name, 7.0, 0.3, 0.02, 2.0,
			    &x, &v) == 0);
		}
		CHECK_EQ(x, s.x);
		CHECK_EQ(v, s.v);
	}
	x = 0.5, v = -1.0;
	CHECK(spring_step_named("nosuchrule", 7, 0.3, 0.02, 2, &x, &v) == -1);
	CHECK(spring_step_named(NULL, 7, 0.3, 0.02, 2, &x, &v) == -1);
	CHECK(spring_step_named("exact", 0, 0.3, 0.02, 2, &x, &v) == -1);
	CHECK(spring_step_named("exact", 7, -0.1, 0.02, 2, &x, &v) == -1);
	CHECK(spring_step_named("exact", 7, 0.3, 0, 2, &x, &v) == -1);
	CHECK(spring_step_named("exact", 7, 0.3, INFINITY, 2, &x, &v) == -1);
	CHECK(spring_step_named("exact", 7, 0.3, 0.02, NAN, &x, &v) == -1);
	CHECK(spring_step_named("exact", 7, 0.3, 0.02, 2, NULL, &v) == -1);
	CHECK(x == 0.5 && v == -1.0);
	/* explicit Euler far past its limit overflows: -1, nothing written */
	x = 1e300, v = 0.0;
	CHECK(spring_step_named("explicit", 1e200, 0.0, 1.0, 0, &x, &v) == -1);
	CHECK(x == 1e300 && v == 0.0);
}

void
test_library(void)
{
	no_flags();
	flags_put_in();
	tile_widths();
	abi_check();
	step_named();
}
