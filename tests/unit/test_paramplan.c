/*
 * test_paramplan.c - param_resolve_planned, the sweep's resolve of a
 * configuration's values on a plan made once (paramflags.c), against
 * param_resolve, the full resolve run uses: for every group of flags and
 * each flag's value at, just inside and just outside every bound a range
 * has (the dialects' limits, 0, 1, -1, the largest double), both accept
 * the same values and give the same spring, bit for bit.
 */
#include <float.h>
#include <getopt.h>
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

/*
 * The flags and groups the CLI builds from spring_dialects[]: one group
 * a dialect, in its order; every parameter's flag once in the getopt
 * table, named as the row names it, its id's row that name; springsim's
 * own flags at their fixed ids; a library's mass optional.
 */
static void
flags_from_table(void)
{
	static const struct option none[] = { { NULL, 0, NULL, 0 } };
	struct option all[MAX_LONGOPTS];
	const struct param_group *g = param_group_table();
	const spring_dialect_param *q;
	int r, i, n, j, found;

	CHECK(param_longopts(none, all, MAX_LONGOPTS) == 0);
	for (n = 0; all[n].name != NULL; n++)
		for (j = 0; j < n; j++)
			CHECK(strcmp(all[j].name, all[n].name) != 0 &&
			    all[j].val != all[n].val);
	for (r = 0; spring_dialects[r] != NULL; r++) {
		CHECK(g[r].d == spring_dialects[r]);
		for (i = 0, q = g[r].d->params; q->name != NULL; i++, q++) {
			CHECK(strcmp(param_flag_row(g[r].id[i])->name,
			    q->flag) == 0);
			CHECK(has(q->is_mass ? g[r].optional : g[r].flags,
			    g[r].id[i]));
			for (found = 0, j = 0; j < n; j++)
				found += strcmp(all[j].name, q->flag) == 0 &&
				    all[j].val == PARAM_OPT + g[r].id[i];
			CHECK(found == 1);
		}
		CHECK(i == g[r].n);
	}
	CHECK(g[r].d == NULL);
	CHECK(strcmp(param_flag_row(P_DR)->name, "dr") == 0);
	CHECK(strcmp(param_flag_row(P_DECAY_TIME)->name, "decay-time") == 0);
	CHECK(strcmp(param_flag_row(P_FT)->name, "ft") == 0);
}

/* bound[] with x added if it is not in it yet; the new count. */
static size_t
add_bound(double *bound, size_t nb, double x)
{
	size_t i;

	for (i = 0; i < nb; i++)
		if (bound[i] == x)
			return nb;
	bound[nb] = x;
	return nb + 1;
}

void
test_paramplan(void)
{
	/* 0, 1, -1, the largest doubles and every bound of a dialect's range */
	double bound[5 + 2 * 4 * 64] = { 0.0, 1.0, -1.0, DBL_MAX, -DBL_MAX };
	static const double others[] = { 0.5, 2.0, 0.03 };
	const struct param_group *g;
	const spring_dialect_param *r;
	size_t nb = 5;
	int accepted = 0, refused = 0;

	for (g = param_group_table(); g->d != NULL; g++)
		for (r = g->d->params; r->name != NULL; r++) {
			nb = add_bound(bound, nb, r->min);
			nb = add_bound(bound, nb, r->max);
		}

	for (g = param_group_table(); g->d != NULL; g++) {
		size_t b, o;
		int p, q, k;

		for (p = 0; p < P_COUNT; p++) {
			if (!has(g->flags, p))
				continue;
			for (b = 0; b < nb; b++)
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
	halflife_plan(bound, nb);
	flags_from_table();
}
