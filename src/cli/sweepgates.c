/*
 * sweepgates.c - sweep's --fail-if gates: 'METRIC OP VALUE' read, tested
 * on each row's value, checked to test something (a metric empty in
 * every row is a usage error), and the failing rows reported on stderr.
 */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "numfmt.h"
#include "run.h"
#include "sweepdata.h"

/*
 * VALUE of a gate: a number, or inf, +inf, -inf (settle_time is inf for
 * a run that ended unsettled: 'settle_time == inf' tests it).  0, or -1.
 */
static int
gate_value(const char *text, double *x)
{
	if (strcmp(text, "inf") == 0 || strcmp(text, "+inf") == 0) {
		*x = INFINITY;
		return 0;
	}
	if (strcmp(text, "-inf") == 0) {
		*x = -INFINITY;
		return 0;
	}
	return scan_double(text, x);
}

/* Parse --fail-if 'METRIC OP VALUE' into g: 0, or -1 after a message. */
int
sweep_gate_parse(const char *text, struct gate *g)
{
	static const char *const ops[] = { "<=", ">=", "==", "!=", "<", ">" };
	static const enum gate_op codes[] = { OP_LE, OP_GE, OP_EQ, OP_NE,
	    OP_LT, OP_GT };
	char name[64], num[64], hint[96];
	const char *p = text, *q;
	size_t n, i;

	g->text = text;
	while (isspace((unsigned char)*p))
		p++;
	for (q = p; isalnum((unsigned char)*q) || *q == '_'; q++)
		;
	n = (size_t)(q - p);
	if (n == 0 || n >= sizeof(name))
		goto syntax;
	memcpy(name, p, n);
	name[n] = '\0';
	while (isspace((unsigned char)*q))
		q++;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (strncmp(q, ops[i], strlen(ops[i])) == 0)
			break;
	if (i == sizeof(ops) / sizeof(ops[0]))
		goto syntax;
	g->op = codes[i];
	q += strlen(ops[i]);
	while (isspace((unsigned char)*q))
		q++;
	n = strlen(q);
	while (n > 0 && isspace((unsigned char)q[n - 1]))
		n--;
	if (n == 0 || n >= sizeof(num))
		goto syntax;
	memcpy(num, q, n);
	num[n] = '\0';
	if (gate_value(num, &g->value) != 0)
		goto syntax;
	if ((g->col = metric_col_find(name)) < 0) {
		warn_msg("--fail-if: unknown metric '%s' in '%s'; %s", name,
		    text, suggest_name(name, SUGGEST_COLUMNS, hint,
		    sizeof(hint), "the metrics are the number columns of run "
		    "--metrics"));
		return -1;
	}
	if (metric_cols[g->col].kind == COL_NAME) {
		warn_msg("--fail-if: '%s' in '%s' is a name, not a number",
		    name, text);
		return -1;
	}
	g->offset = metric_cols[g->col].offset;
	return 0;
syntax:
	warn_msg("--fail-if: '%s' is not 'METRIC OP VALUE' (OP one of "
	    "< <= > >= == !=, VALUE a number)", text);
	return -1;
}

/* Whether value x fails gate g; an empty field (NaN) fails none. */
int
sweep_gate_fails(const struct gate *g, double x)
{
	if (isnan(x))
		return 0;
	switch (g->op) {
	case OP_LT:
		return x < g->value;
	case OP_LE:
		return x <= g->value;
	case OP_GT:
		return x > g->value;
	case OP_GE:
		return x >= g->value;
	case OP_EQ:
		return x == g->value;
	case OP_NE:
		return x != g->value;
	}
	return 0;
}

/* See sweepdata.h: what a run of rs leaves empty whatever its numbers. */
unsigned long long
sweep_gates_may_fill(const struct sweep *sw, const struct run_setup *rs)
{
	unsigned long long may = 0;
	int g, col;

	for (g = 0; g < sw->ngates; g++) {
		col = sw->gates[g].col;
		/* spring_model_simulate: NaN for a model without energy */
		if (rs->sim.model != NULL && !rs->sim.model->energy &&
		    (metric_cols[col].want & SPRING_WANT_ENERGY))
			continue;
		/* metrics_values_of: the engine's columns, NaN without one */
		if (metric_cols[col].group == COL_ENGINE &&
		    rs->sim.engine == NULL)
			continue;
		/* and the asked duration's, without a duration dialect */
		if (metric_col_asked(col) &&
		    isnan(param_asked_duration(&rs->ps)))
			continue;
		may |= 1ull << g;
	}
	return may;
}

/*
 * A gate whose metric is empty in every row (the --fail-if 'METRIC OP
 * VALUE' of a column no configuration fills) tests nothing: a usage
 * error, not a silent pass.  filled has bit g for each gate that had a
 * value somewhere.  EXIT_OK, or EXIT_USAGE after naming the first.
 */
int
sweep_gates_filled(const struct sweep *sw, unsigned long long filled)
{
	int g;

	/*
	 * a shard is one part: the rows another part holds may fill the
	 * metric, and springsim-merge gates the whole; an empty part (the
	 * recipes' check of the arguments, --shard N/N of fewer
	 * configurations) has no rows to say anything of
	 */
	if (sw->shard_n > 1 || sw->count == 0)
		return EXIT_OK;
	for (g = 0; g < sw->ngates; g++)
		if (!(filled >> g & 1u))
			return usage_error("--fail-if '%s': %s is empty in "
			    "every row (%ld %s): the gate tests nothing",
			    sw->gates[g].text,
			    metric_cols[sw->gates[g].col].name, sw->count,
			    sw->count == 1 ? "row" : "rows");
	return EXIT_OK;
}

/* The failing rows on stderr: the first MAX_SHOWN, then the count. */
void
sweep_report_failures(const struct sweep *sw, const struct failures *f)
{
	char id[512], val[NUMFMT_MAX + 1];
	int i, n;

	for (i = 0; i < f->nshown; i++) {
		const struct gate *g = &sw->gates[f->gate[i]];

		sweep_config_identity(sw, f->idx[i], id, sizeof(id));
		n = numfmt_roundtrip(val, f->value[i]);
		val[n] = '\0';
		warn_msg("row %ld fails --fail-if '%s' (%s = %s): %s",
		    f->idx[i] + 1, g->text, metric_cols[g->col].name, val, id);
	}
	warn_msg("--fail-if: %ld of %ld rows failed%s", f->nfail, sw->count,
	    f->nfail > f->nshown ? " (the first 20 shown)" : "");
}
