/*
 * suggest.c - "did you mean ...": the name of a table nearest a name the
 * user typed, by Damerau-Levenshtein distance (the optimal string
 * alignment form: a swap of two neighbours is one edit) under a
 * threshold that grows with the name's length, or by a prefix.  The
 * callers hand it every name of the table the lookup failed in, so a
 * suggestion is always a name that table takes.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "run.h"
#include "spring.h"
#include "spring/engine.h"

/* The longest name compared; longer ones are never suggested. */
#define SUGGEST_MAX 64

/*
 * The edit distance of a[0..n) and b[0..m) (both at most SUGGEST_MAX):
 * insertions, deletions, substitutions and swaps of neighbours, one
 * each.  Three rows of the classic table are enough.
 */
static int
osa_distance(const char *a, size_t n, const char *b, size_t m)
{
	int rows[3][SUGGEST_MAX + 1];
	int *pp = rows[0], *p = rows[1], *c = rows[2], *t;
	size_t i, j;
	int cost, d;

	for (j = 0; j <= m; j++)
		p[j] = (int)j;
	for (i = 1; i <= n; i++) {
		c[0] = (int)i;
		for (j = 1; j <= m; j++) {
			cost = a[i - 1] != b[j - 1];
			d = p[j - 1] + cost;
			if (p[j] + 1 < d)
				d = p[j] + 1;
			if (c[j - 1] + 1 < d)
				d = c[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && pp[j - 2] + 1 < d)
				d = pp[j - 2] + 1;
			c[j] = d;
		}
		t = pp;
		pp = p;
		p = c;
		c = t;
	}
	return p[m];
}

/* See cli.h: start looking for the name nearest typo[0..len). */
void
suggest_init(struct suggest *s, const char *typo, size_t len)
{
	s->typo = typo;
	s->len = len;
	s->best = NULL;
	s->score = 0;
}

/*
 * See cli.h: weigh name, in half edits.  Its distance, if within a third
 * of the longer length (at least 1): "implict" is one from "implicit",
 * "reactspring" one from "react-spring"; else a name that typo starts,
 * or that starts typo (either of 3 letters or more), as one and a half
 * (so "motion-on" is motion-one's, one edit, not motion's, a prefix).
 * The first of equals is kept (the table's order).
 */
void
suggest_try(struct suggest *s, const char *name)
{
	size_t m = strlen(name), longer;
	int d, limit;

	if (s->len == 0 || s->len > SUGGEST_MAX || m > SUGGEST_MAX ||
	    (m == s->len && strncmp(name, s->typo, m) == 0))
		return;
	longer = m > s->len ? m : s->len;
	limit = longer / 3 > 1 ? (int)(longer / 3) : 1;
	d = osa_distance(s->typo, s->len, name, m);
	if (d <= limit)
		d *= 2;
	else if ((s->len >= 3 && s->len < m &&
	    strncmp(name, s->typo, s->len) == 0) || (m >= 3 && m < s->len &&
	    strncmp(s->typo, name, m) == 0))
		d = 3;
	else
		return;
	if (s->best == NULL || d < s->score) {
		s->best = name;
		s->score = d;
	}
}

/* See cli.h: "did you mean NAME?", or otherwise when there is none. */
const char *
suggest_text(const struct suggest *s, char *buf, size_t size,
    const char *otherwise)
{
	if (s->best == NULL)
		return otherwise;
	snprintf(buf, size, "did you mean %s?", s->best);
	return buf;
}

/*
 * See cli.h: "did you mean" among the names of the tables which names
 * (SUGGEST_*), in this order; otherwise when none is near.
 */
const char *
suggest_name(const char *typo, unsigned which, char *buf, size_t size,
    const char *otherwise)
{
	const struct command *c;
	const struct run_model *m;
	struct suggest s;
	int i;

	suggest_init(&s, typo, strlen(typo));
	if (which & SUGGEST_COMMANDS)
		for (c = cli_commands; c->name != NULL; c++)
			suggest_try(&s, c->name);
	if (which & SUGGEST_MODELS)
		for (m = run_models; run_model_name(m) != NULL; m++)
			suggest_try(&s, run_model_name(m));
	if (which & SUGGEST_RULES)
		for (i = 0; spring_rules[i] != NULL; i++)
			suggest_try(&s, spring_rules[i]->name);
	if (which & SUGGEST_ENGINES)
		for (i = 0; spring_engines[i] != NULL; i++)
			suggest_try(&s, spring_engines[i]->name);
	if (which & SUGGEST_DIALECTS)
		for (i = 0; spring_dialects[i] != NULL; i++)
			suggest_try(&s, spring_dialects[i]->name);
	if (which & SUGGEST_COLUMNS)
		for (i = 0; metric_cols[i].name != NULL; i++)
			suggest_try(&s, metric_cols[i].name);
	return suggest_text(&s, buf, size, otherwise);
}
