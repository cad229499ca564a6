/*
 * listjson.c - `springsim list --json`: the registry, machine-readable.
 * Every table springsim parses, prints or documents from (commands,
 * flags, models, rules, engines and their knobs, dialects, columns,
 * signals, substep policies) walked row by row into one JSON document,
 * so that the man page's lists, the docs' tables and the web page's
 * controls can be built from, or checked against, the program's own
 * tables and nothing written twice.  Nothing here knows a name: each
 * section is a loop over its table.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "json.h"
#include "run.h"
#include "spring.h"

/* The version of the document's layout: bumped when a key changes. */
#define REGISTRY_SCHEMA 1

/* A column's kind and group, as the document spells them. */
static const char *const col_kinds[] = { "name", "number", "count" };
static const char *const col_groups[] = {
	"identity", "metric", "run", "engine"
};

/* The --metrics columns (columns.c's metric_cols). */
static void
json_columns(struct json *j)
{
	const struct metric_col *c;

	json_array(j, "columns");
	for (c = metric_cols; c->name != NULL; c++) {
		json_object(j, NULL);
		json_string(j, "name", c->name);
		json_string(j, "kind", col_kinds[c->kind]);
		json_string(j, "group", col_groups[c->group]);
		json_bool(j, "engine", c->group == COL_ENGINE);
		json_string(j, "inf", c->inf);
		json_string(j, "help", c->help);
		json_close(j);
	}
	json_close(j);
}

/* The target signals (signal.h: a kind a name). */
static void
json_signals(struct json *j)
{
	int kind;

	json_array(j, "signals");
	for (kind = 0; kind < SPRING_SIGNAL_KINDS; kind++) {
		json_object(j, NULL);
		json_string(j, "name", spring_signal_name(kind));
		json_string(j, "summary",
		    cli_summary(spring_signal_summary(kind)));
		json_close(j);
	}
	json_close(j);
}

/* The substep policies (frame.h's spring_policies). */
static void
json_policies(struct json *j)
{
	const spring_policy *const *p;

	json_array(j, "policies");
	for (p = spring_policies; *p != NULL; p++) {
		json_object(j, NULL);
		json_string(j, "name", (*p)->name);
		json_string(j, "summary", cli_summary((*p)->summary));
		json_close(j);
	}
	json_close(j);
}

/* A rule's order as the document gives it: a number, or "exact". */
static void
json_order(struct json *j, int order)
{
	if (order > 0)
		json_integer(j, "order", order);
	else
		json_string(j, "order", "exact");
}

/* The spring's update rules (core.h's spring_rules). */
static void
json_rules(struct json *j)
{
	const spring_rule *const *r;

	json_array(j, "rules");
	for (r = spring_rules; *r != NULL; r++) {
		json_object(j, NULL);
		json_string(j, "name", (*r)->name);
		json_order(j, (*r)->order);
		json_string(j, "summary", (*r)->summary);
		json_string(j, "source", (*r)->source);
		json_bool(j, "float32", (*r)->float32 != NULL);
		json_bool(j, "stability_closed_form", (*r)->stable_hw != NULL);
		json_close(j);
	}
	json_close(j);
}

/* The names of the rules a model of run_models[] takes. */
static void
json_model_rules(struct json *j, const struct run_model *m)
{
	const spring_model_rule *const *mr;
	const spring_rule *const *r;
	const spring_rot_rule *const *q;
	const spring_line_rule *const *l;
	const spring_net_rule *const *n;

	json_array(j, "rules");
	if (m->lib != NULL)
		for (mr = (*m->lib)->rules; *mr != NULL; mr++)
			json_string(j, NULL, (*mr)->name);
	else
		switch (m->rules) {
		case RULES_SPRING:
			for (r = spring_rules; *r != NULL; r++)
				json_string(j, NULL, (*r)->name);
			break;
		case RULES_CRITICAL:
			json_string(j, NULL, spring_rule_critical->name);
			break;
		case RULES_ROTATION:
			for (q = spring_rot_rules; *q != NULL; q++)
				json_string(j, NULL, (*q)->name);
			break;
		case RULES_LINE:
			for (l = spring_line_rules; *l != NULL; l++)
				json_string(j, NULL, (*l)->name);
			break;
		case RULES_NET:
			for (n = spring_net_rules; *n != NULL; n++)
				json_string(j, NULL, (*n)->name);
			break;
		}
	json_close(j);
}

/* A space-separated list of words as an array (NULL: empty). */
static void
json_words(struct json *j, const char *key, const char *words)
{
	const char *p = words, *end;
	char w[64];
	size_t n;

	json_array(j, key);
	while (p != NULL && *p != '\0') {
		while (*p == ' ')
			p++;
		end = p;
		while (*end != '\0' && *end != ' ')
			end++;
		n = (size_t)(end - p);
		if (n > 0 && n < sizeof(w)) {
			memcpy(w, p, n);
			w[n] = '\0';
			json_string(j, NULL, w);
		}
		p = end;
	}
	json_close(j);
}

/* The models (runmodels.c's run_models, the library's behind them). */
static void
json_models(struct json *j)
{
	const struct run_model *m;

	json_array(j, "models");
	for (m = run_models; run_model_name(m) != NULL; m++) {
		json_object(j, NULL);
		json_string(j, "name", run_model_name(m));
		json_string(j, "summary", m->lib != NULL ?
		    cli_summary((*m->lib)->summary) : m->summary);
		json_string(j, "source", m->lib != NULL ? (*m->lib)->source :
		    NULL);
		json_model_rules(j, m);
		json_words(j, "owns", m->owns);
		json_string(j, "dim_as", m->dim_as);
		json_close(j);
	}
	json_close(j);
}

/* What a knob takes, as the document spells it (engine.h's kinds). */
static const char *const knob_kinds[] = {
	"switch", "number", "count", "range"
};

/* A bound of a range: the number, or null when it is unbounded. */
static void
json_bound(struct json *j, const char *key, double v)
{
	if (isinf(v))
		json_null(j, key);
	else
		json_number(j, key, v);
}

/* "--" and a flag's name (the tables keep it without the dashes). */
static void
json_flag(struct json *j, const char *key, const char *name)
{
	char buf[96];

	if (name == NULL) {
		json_null(j, key);
		return;
	}
	snprintf(buf, sizeof(buf), "--%s", name);
	json_string(j, key, buf);
}

/* An engine's knobs (its knobs[] rows, engine.h). */
static void
json_knobs(struct json *j, const spring_engine *e)
{
	const spring_engine_knob *k;

	json_array(j, "knobs");
	for (k = e->knobs; k != NULL && k->option != NULL; k++) {
		json_object(j, NULL);
		json_flag(j, "flag", k->flag);
		json_string(j, "option", k->option);
		json_string(j, "argument", k->arg);
		json_string(j, "kind", knob_kinds[k->kind]);
		json_bound(j, "min", k->min);
		json_bound(j, "max", k->max);
		json_bool(j, "min_open", k->min_open);
		json_bool(j, "max_open", k->max_open);
		json_number(j, "default", k->def);
		json_string(j, "default_text", k->def_text);
		json_string(j, "help", k->help);
		json_close(j);
	}
	json_close(j);
}

/* Whether dialect d is one engine e takes (its engines, dialects.h). */
static int
takes_dialect(const spring_dialect *d, const spring_engine *e)
{
	return d->engines == NULL || list_has_word(d->engines, e->name);
}

/* The engines (engine.h's spring_engines): the libraries' springs. */
static void
json_engines(struct json *j)
{
	const spring_engine *const *e;
	const spring_dialect *const *d;

	json_array(j, "engines");
	for (e = spring_engines; *e != NULL; e++) {
		json_object(j, NULL);
		json_string(j, "name", (*e)->name);
		json_string(j, "library", (*e)->library);
		json_string(j, "version", (*e)->version);
		json_string(j, "precision", (*e)->float32 ? "float32" :
		    "double");
		json_string(j, "checked", (*e)->checked);
		json_string(j, "summary", (*e)->summary);
		json_string(j, "source", (*e)->source);
		json_array(j, "dialects");
		for (d = spring_dialects; *d != NULL; d++)
			if (takes_dialect(*d, *e))
				json_string(j, NULL, (*d)->name);
		json_close(j);
		json_knobs(j, *e);
		json_close(j);
	}
	json_close(j);
}

/* A dialect's kind, as the document spells it (dialects.h's kinds). */
static const char *const dialect_kinds[] = { "springsim", "library",
	"engine" };

/* The dialects (dialects.h's spring_dialects): the parameter groups. */
static void
json_dialects(struct json *j)
{
	const spring_dialect *const *d;
	const spring_dialect_param *p;

	json_array(j, "dialects");
	for (d = spring_dialects; *d != NULL; d++) {
		json_object(j, NULL);
		json_string(j, "name", (*d)->name);
		json_string(j, "library", (*d)->library);
		json_string(j, "source", (*d)->source);
		json_string(j, "kind", dialect_kinds[(*d)->kind]);
		json_array(j, "parameters");
		for (p = (*d)->params; p->name != NULL; p++) {
			json_object(j, NULL);
			json_string(j, "name", p->name);
			json_flag(j, "flag", p->flag);
			json_string(j, "unit", p->unit);
			json_bound(j, "min", p->min);
			json_bound(j, "max", p->max);
			json_bool(j, "min_open", p->min_open);
			json_bool(j, "max_open", p->max_open);
			json_string(j, "outside", p->clamps ? "clamped" :
			    "refused");
			json_number(j, "default", p->def);
			json_bool(j, "mass", p->is_mass);
			json_close(j);
		}
		json_close(j);
		json_bool(j, "converts_back", (*d)->from_spring != NULL);
		json_close(j);
	}
	json_close(j);
}

/* See cli.h. */
int
list_json(FILE *fp)
{
	struct json j;

	json_start(&j, fp);
	json_object(&j, NULL);
	json_integer(&j, "schema", REGISTRY_SCHEMA);
	json_string(&j, "version", SPRING_VERSION);
	json_models(&j);
	json_rules(&j);
	json_engines(&j);
	json_dialects(&j);
	json_columns(&j);
	json_signals(&j);
	json_policies(&j);
	json_close(&j);
	json_end(&j);
	return 0;
}
