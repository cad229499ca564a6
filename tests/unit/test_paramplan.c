/*
 * test_paramplan.c - param_resolve_planned, the sweep's resolve of a
 * configuration's values on a plan made once (paramflags.c), against
 * param_resolve, the full resolve run uses: for every group of flags and
 * each flag's value at, just inside and just outside every bound a range
 * has (the dialects' limits, 0, 1, -1, the largest double), both accept
 * the same values and give the same spring, bit for bit.
 */
#include <float.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "cli/cli.h"
#include "cli/paramflags.h"
#include "cli/paramgroups.h"
#include "spring.h"
#include "suites.h"

/* Whether flag p is in mask m (paramflags.c's mask_has). */
static int
has(param_mask m, int p)
{
	return (m.w[p / 64] >> (p % 64)) & 1;
}

/* One set of values: both resolves, compared; 1 if they accept it. */
static int
same_resolve(const struct param_set *ps)
{
	struct param_plan pl;
	spring_params a, b;
	int ra, rb;

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	message_mute = 1;
	ra = param_resolve(ps, 0.01, &a);
	message_mute = 0;
	if (param_plan(ps, &pl) != 0) {
		CHECK(ra != 0);		/* no group: param_resolve refuses */
		return 0;
	}
	rb = param_resolve_planned(&pl, ps->value, ps->mass, 0.01, &b);
	CHECK((ra == 0) == (rb == 0));
	if (ra == 0 && rb == 0)
		CHECK(memcmp(&a.omega, &b.omega, sizeof(a.omega)) == 0 &&
		    memcmp(&a.zeta, &b.zeta, sizeof(a.zeta)) == 0 &&
		    a.mass == b.mass && a.fast_exp == b.fast_exp);
	return ra == 0;
}

/*
 * --model critical's plan (param_plan_halflife): at, just inside and just
 * outside every bound, it accepts the half-lives param_halflife_only
 * accepts; with another parameter flag there is no plan.
 */
static void
halflife_plan(const double *bound, size_t nbound)
{
	struct param_set ps;
	struct param_plan pl;
	double h;
	size_t b;
	int k, ra, rb, accepted = 0;

	for (b = 0; b < nbound; b++)
		for (k = -1; k <= 1; k++) {
			param_set_init(&ps);
			param_set_value(&ps, PARAM_OPT + P_HALFLIFE, "x", 0.5);
			ps.value[P_HALFLIFE] = k == 0 ? bound[b] :
			    nextafter(bound[b], k * INFINITY);
			message_mute = 1;
			ra = param_halflife_only(&ps, "critical", &h);
			message_mute = 0;
			CHECK(param_plan_halflife(&ps, &pl) == 0);
			rb = param_planned_fit(&pl, ps.value);
			CHECK((ra == 0) == rb);
			accepted += ra == 0;
		}
	CHECK(accepted > 10 && accepted < 3 * (int)nbound);
	param_set_value(&ps, PARAM_OPT + P_UAF, "x", 2.0);
	CHECK(param_plan_halflife(&ps, &pl) != 0);
}

void
test_paramplan(void)
{
	/* every bound of a range in paramflags.c's range_rules */
	static const double bound[] = {
		0.0, 1.0, -1.0, DBL_MAX, -DBL_MAX,
		SPRING_MOTION_MIN_DAMPING - 1.0, 1.0 - SPRING_MOTION_MIN_DAMPING,
		SPRING_MOTION_MIN_DURATION, SPRING_MOTION_MAX_DURATION,
		SPRING_UNITY_MIN_SMOOTH_TIME, SPRING_REACT_MIN_FREQUENCY,
		SPRING_ANIME_MIN_DURATION, SPRING_ANIME_MAX_DURATION, 0.001
	};
	static const double others[] = { 0.5, 2.0, 0.03 };
	const struct param_group *g;
	int accepted = 0, refused = 0;

	for (g = param_group_table(); g->d != NULL; g++) {
		size_t b, o;
		int p, q, k;

		for (p = 0; p < P_COUNT; p++) {
			if (!has(g->flags, p))
				continue;
			for (b = 0; b < sizeof(bound) / sizeof(bound[0]); b++)
				for (k = -1; k <= 1; k++)
					for (o = 0; o < 3; o++) {
				struct param_set ps;
				double x = k == 0 ? bound[b] :
				    nextafter(bound[b], k * INFINITY);

				param_set_init(&ps);
				for (q = 0; q < P_COUNT; q++)
					if (has(g->flags, q))
						param_set_value(&ps, PARAM_OPT +
						    q, "x", others[o]);
				ps.value[p] = x;
				if (same_resolve(&ps))
					accepted++;
				else
					refused++;
					}
		}
	}
	/* both kinds met: the comparison tested something */
	CHECK(accepted > 100 && refused > 100);
	halflife_plan(bound, sizeof(bound) / sizeof(bound[0]));
}
