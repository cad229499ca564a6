/*
 * test_rowcache.c - sink.c's metrics_format_cached, which copies a
 * sweep row's unchanged cells from the row before, against
 * metrics_format, which formats every cell: rows of values drawn from
 * small pools (so that cells repeat, a metric equals its same_as
 * column's, a value is NaN, a text changes length), names that change,
 * selections in order and not, a precision that changes; each row must
 * be metrics_format's, byte for byte.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli/run.h"
#include "spring.h"
#include "suites.h"

/* A small deterministic generator (Knuth's MMIX LCG), its top bits. */
static unsigned
next(unsigned long long *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (unsigned)(*s >> 33);
}

/*
 * Row values: each column from a pool, sometimes the one two before or
 * the one before (a count too: metrics_format writes what it is given),
 * or its same_as column's.
 */
static void
draw(unsigned long long *s, struct metric_row *r)
{
	double v[METRIC_NCOLS];
	int same;
	static const double pool[] = {
		0.0, 1.0, 0.5, 0.1, 1e-7, 123456.789, 0.30000000000000004,
		2.5e-300, -3.75, 1.0 / 3.0, 6.02214076e23, NAN, INFINITY
	};
	static const double counts[] = { 0.0, 1.0, 7.0, 100.0, 12345.0, NAN };
	int j;

	for (j = 0; j < METRIC_NCOLS; j++) {
		if (metric_cols[j].kind == COL_COUNT)
			v[j] = counts[next(s) % 6];
		else if (j >= 2 && next(s) % 4 == 0)
			v[j] = v[j - 2];
		else
			v[j] = pool[next(s) % 13];
		if (next(s) % 3 == 0 && j > 0)
			v[j] = v[j - 1];	/* a run of equal cells */
		same = metric_cols[j].same_as != NULL ?
		    metric_col_find(metric_cols[j].same_as) : -1;
		if (same >= 0 && same < j && next(s) % 2 == 0)
			v[j] = v[same];
	}
	/* each column's value at its offset, v in the table's order */
	for (j = 0; j < METRIC_NCOLS; j++)
		memcpy((char *)r + metric_cols[j].offset, &v[j],
		    sizeof(v[j]));
}

void
test_rowcache(void)
{
	static const char *const models[] = { "spring", "critical" };
	static const char *const rules[] = { "semi-implicit", "rk4", "exact" };
	static const char *const engines[] = { NULL, "box2d" };
	static struct col_select some;
	const struct col_select *sels[3];
	struct run_setup *rs = calloc(1, sizeof(*rs));
	struct row_cache c;
	char *slot = calloc(64, METRIC_ROW_MAX + NUMFMT_MAX + 64);
	char want[METRIC_ROW_MAX + NUMFMT_MAX];
	struct metric_row v;
	unsigned long long s = 1;
	int row, differ = 0;

	sels[0] = metric_select_all(0);
	sels[1] = metric_select_all(1);
	sels[2] = &some;
	/* out of order, a same_as after its column and one before it */
	CHECK(metric_columns_parse("zeta,omega,final_err_x,max_err_x,"
	    "diverged,rms_err_x,model,substep,integrator,max_err_v,"
	    "final_err_v", &some, NULL, NULL) == 0);
	memset(&c, 0, sizeof(c));
	CHECK(rs != NULL && slot != NULL && row_cache_open(&c) == 0);
	if (rs == NULL || slot == NULL)
		return;
	rs->sim.policy = spring_policy_none;
	for (row = 0; row < 3000; row++) {
		/* a slot of rows: the row before is read where it is */
		size_t at = 0, len = 0;
		const struct col_select *sel = sels[(row / 500) % 3];
		int precision = (row / 250) % 2 == 0 ? 0 : 6, k;
		char *before = NULL;

		for (k = 0; k < 40; k++, row++) {
			size_t n, wn;

			rs->model = models[next(&s) % 7 == 0];
			rs->integrator = rules[next(&s) % 9 == 0 ?
			    next(&s) % 3 : 0];
			rs->engine = engines[next(&s) % 11 == 0];
			draw(&s, &v);
			n = metrics_format_cached(slot + at, before, rs, &v,
			    precision, sel, &c);
			wn = metrics_format(want, rs, &v, precision, sel);
			if (n != wn || memcmp(slot + at, want, n) != 0) {
				if (differ++ == 0)
					fprintf(stderr, "row %d: got\n%.*s\n"
					    "want\n%.*s\n", row, (int)n,
					    slot + at, (int)wn, want);
			}
			before = slot + at;
			len = n;
			slot[at + len] = '\n';
			at += len + 1;
		}
	}
	CHECK(differ == 0);
	row_cache_close(&c);
	free(slot);
	free(rs);
}
