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
#include <float.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "columns.h"
#include "json.h"
#include "optparse.h"
#include "paramflags.h"
#include "paramgroups.h"
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
			json_string(j, NULL, CRITICAL_RULE_NAME);
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
		json_words(j, "refuses", m->refuses);
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
	if (isinf(v) || fabs(v) >= DBL_MAX)
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

/*
 * The flags: every command's rows, the engines' knobs, the parameter
 * flags of the dialects, and the flags of a command not yet in rows,
 * each once, with the commands (and models) that take it.  Gathered
 * into entries first, since one flag (-o, --integrator) is a row of
 * several commands.
 */
#define MAX_ENTRIES 512

/*
 * The parameter flags of no dialect's rows that a model alone takes
 * (run_models[]'s params: the damper's P_FACTOR, P_FT): the range is
 * their row's (paramgroups.c), the rest as run's help and springsim(1)
 * give it.
 */
static const struct damper_flag {
	int id;
	const char *arg;
	double def;			/* NaN: none */
	const char *help;
} damper_params[] = {
	{ P_FACTOR, "F", NAN, "a lerp factor a frame of --ft, 0 < F <= 1: "
	    "lambda = -ln(1 - F) / ft (--model damper)" },
	{ P_FT, "S", 1.0 / 60.0, "the frame time --factor is for, s "
	    "(default 1/60; --model damper)" },
};
#define MAX_MODELS 32	/* above run_models[]'s rows: every model can be named */

struct entry {
	const char *flag;			/* "--dt" */
	const struct flag_row *row;		/* a row's, or NULL */
	const struct flag_row *rows;		/* the table it is in */
	const struct opt_command *cmd;		/* that table's command */
	const spring_engine_knob *knob;		/* a knob's, or NULL */
	const spring_dialect_param *param;	/* a parameter's, or NULL */
	const spring_dialect *dialect;		/* and its dialect */
	const struct option *opt;		/* a getopt entry's, or NULL */
	void (*usage)(FILE *);			/* its command's --help */
	unsigned commands;			/* a bit a cli_commands row */
	int mass;				/* --mass, a parameter flag too */
	const struct damper_flag *damper;	/* --factor, --ft, or NULL */
	const char *models[MAX_MODELS];		/* a model's own: its models */
	int nmodels;
	const char *refused[MAX_MODELS];	/* models that refuse it */
	int nrefused;
};

struct registry {
	struct entry e[MAX_ENTRIES];
	int n;
	char text[16384];	/* the "--name" of the flags kept without */
	size_t used;
};

/* "--" and name, kept in r (NULL: no room). */
static const char *
dashed(struct registry *r, const char *name)
{
	size_t n = strlen(name) + 3;
	char *p;

	if (r->used + n > sizeof(r->text))
		return NULL;
	p = r->text + r->used;
	snprintf(p, n, "--%s", name);
	r->used += n;
	return p;
}

/* The entry of flag, made if it is new (NULL: the table is full). */
static struct entry *
entry_of(struct registry *r, const char *flag)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (strcmp(r->e[i].flag, flag) == 0)
			return &r->e[i];
	if (r->n == MAX_ENTRIES)
		return NULL;
	memset(&r->e[r->n], 0, sizeof(r->e[r->n]));
	r->e[r->n].flag = flag;
	return &r->e[r->n++];
}

/* The bit of the cli_commands row of cmd's name, or 0: a model's. */
static unsigned
command_bit(const char *name)
{
	int i;

	for (i = 0; cli_commands[i].name != NULL; i++)
		if (strcmp(cli_commands[i].name, name) == 0)
			return 1u << i;
	return 0;
}

/* The commands that take run's flags: run and each TAKES_RUN. */
static unsigned
run_commands(void)
{
	unsigned bits = command_bit("run");
	int i;

	for (i = 0; cli_commands[i].name != NULL; i++)
		if (cli_commands[i].takes & TAKES_RUN)
			bits |= 1u << i;
	return bits;
}

/* The commands that take the parameter flags. */
static unsigned
param_commands(void)
{
	unsigned bits = 0;
	int i;

	for (i = 0; cli_commands[i].name != NULL; i++)
		if (cli_commands[i].takes & (TAKES_RUN | TAKES_PARAMS))
			bits |= 1u << i;
	return bits;
}

/* Add name to list (once), if there is room. */
static void
add_name(const char **list, int *n, const char *name)
{
	int i;

	for (i = 0; i < *n; i++)
		if (strcmp(list[i], name) == 0)
			return;
	if (*n < MAX_MODELS)
		list[(*n)++] = name;
}

/*
 * The models whose command reads row f of cmd, a model's command (its
 * name is a model's): every model run by the same function (pair,
 * angular and chain are one command) that the row's models name.
 */
static void
add_models(struct entry *e, const struct opt_command *cmd,
    const struct flag_row *f)
{
	const struct run_model *m = run_model_find(cmd->name), *o;

	if (m == NULL || m->run == NULL)
		return;
	for (o = run_models; run_model_name(o) != NULL; o++)
		if (o->run == m->run && (f->models == NULL ||
		    list_has_word(f->models, run_model_name(o))))
			add_name(e->models, &e->nmodels, run_model_name(o));
}

/* The models that own run flag e (a word of run_models' owns). */
static void
add_owners(struct entry *e)
{
	const struct run_model *m;

	for (m = run_models; run_model_name(m) != NULL; m++)
		if (m->owns != NULL && list_has_word(m->owns, e->flag))
			add_name(e->models, &e->nmodels, run_model_name(m));
}

/* The models whose row refuses run flag e (a word of their refuses). */
static void
add_refusers(struct entry *e)
{
	const struct run_model *m;

	for (m = run_models; run_model_name(m) != NULL; m++)
		if (m->refuses != NULL && list_has_word(m->refuses, e->flag))
			add_name(e->refused, &e->nrefused, run_model_name(m));
}

/* The rows of one command's table. */
static void
gather_rows(struct registry *r, const struct opt_command *cmd,
    unsigned bits, void (*usage)(FILE *))
{
	const struct flag_row *f;
	struct entry *e;

	for (f = cmd->rows; !row_end(f); f++) {
		if (f->flag == NULL || (e = entry_of(r, f->flag)) == NULL)
			continue;
		if (f->kind == FK_REFUSED) {
			add_name(e->refused, &e->nrefused, cmd->name);
			continue;
		}
		if (e->row == NULL && e->opt == NULL) {
			e->row = f;
			e->rows = cmd->rows;
			e->cmd = cmd;
			/* a command whose rows hold no help: its usage's */
			e->usage = usage != NULL ? usage : cmd->usage;
		}
		e->commands |= bits;
		if (bits == 0)
			add_models(e, cmd, f);
		if (f->owned)
			add_owners(e);
		if (cmd == &run_options)
			add_refusers(e);
	}
}

/* Every flag springsim takes, gathered. */
static void
gather(struct registry *r)
{
	const struct opt_command *const *c;
	const struct command *k;
	const spring_engine *const *eng;
	const spring_engine_knob *kn;
	const spring_dialect *const *d;
	const spring_dialect_param *p;
	const struct option *o;
	struct entry *e;
	const char *name;
	unsigned bits;
	size_t i;

	r->n = 0;
	r->used = 0;
	/* run's rows first: they describe the flags the others share */
	gather_rows(r, &run_options, run_commands(), NULL);
	for (k = cli_commands; k->name != NULL; k++)
		if (k->options != NULL && k->options != &run_options)
			gather_rows(r, k->options, command_bit(k->name), NULL);
	for (c = opt_commands; *c != NULL; c++)
		if (command_bit((*c)->name) == 0)
			gather_rows(r, *c, 0, NULL);
	for (eng = spring_engines; *eng != NULL; eng++)
		for (kn = (*eng)->knobs; kn != NULL && kn->option != NULL;
		    kn++) {
			if (kn->flag == NULL)
				continue;	/* the library's API alone */
			if ((name = dashed(r, kn->flag)) == NULL ||
			    (e = entry_of(r, name)) == NULL)
				continue;
			if (e->knob == NULL)
				e->knob = kn;
			e->commands |= run_commands();
		}
	for (d = spring_dialects; *d != NULL; d++)
		for (p = (*d)->params; p->name != NULL; p++) {
			if ((name = dashed(r, p->flag)) == NULL ||
			    (e = entry_of(r, name)) == NULL)
				continue;
			if (e->param == NULL && e->row == NULL) {
				e->param = p;
				e->dialect = *d;
			}
			e->commands |= param_commands();
		}
	/*
	 * --mass: the mass of springsim's own dialects (paramflags.c's
	 * PARAM_OPT_MASS), in no dialect's rows, taken where the parameter
	 * flags are, a number sweep varies; its row is fit's own (the
	 * block's mass), which says the rest
	 */
	if ((name = dashed(r, "mass")) != NULL &&
	    (e = entry_of(r, name)) != NULL) {
		e->commands |= param_commands();
		e->mass = 1;
	}
	for (i = 0; i < sizeof(damper_params) / sizeof(damper_params[0]);
	    i++) {
		const struct run_model *m;

		if ((name = dashed(r, param_flag_row(damper_params[i].id)->
		    name)) == NULL || (e = entry_of(r, name)) == NULL)
			continue;
		e->damper = &damper_params[i];
		e->commands |= run_commands();
		for (m = run_models; run_model_name(m) != NULL; m++)
			if (m->params != NULL && list_has_word(m->params, name))
				add_name(e->models, &e->nmodels,
				    run_model_name(m));
	}
	for (k = cli_commands; k->name != NULL; k++)
		for (o = k->opts; o != NULL && o->name != NULL; o++) {
			if ((name = dashed(r, o->name)) == NULL ||
			    (e = entry_of(r, name)) == NULL)
				continue;
			bits = command_bit(k->name);
			if (e->row == NULL && e->opt == NULL) {
				e->opt = o;
				e->usage = k->usage;
			}
			e->commands |= bits;
		}
}

/* What a row takes, as the document spells it (optparse.h's kinds). */
static const char *
row_kind(enum flag_kind k)
{
	switch (k) {
	case FK_COMMON:
	case FK_ON:
	case FK_OFF:
		return "switch";
	case FK_COMMON_VALUE:
		return "file";
	case FK_ANY:
		return "number";
	case FK_POSITIVE:
		return "positive";
	case FK_FRACTION:
		return "fraction";
	case FK_COUNT:
		return "count";
	case FK_RATE:
		return "rate";
	case FK_NAME:
		return "name";
	case FK_HITCH:
		return "hitch";
	default:
		return "text";	/* a hook's: its own syntax */
	}
}

/* Whether a row of kind k takes a value. */
static int
row_takes_value(enum flag_kind k)
{
	return k != FK_COMMON && k != FK_ON && k != FK_OFF;
}

/* How sweep varies a flag, as the document spells it. */
static const char *const sweep_kinds[] = {
	"none", "number", "integer", "name", "fixed"
};

/* Append p..end to buf (n used of len), whitespace folded to one space. */
static size_t
fold(char *buf, size_t n, size_t len, const char *p, const char *end)
{
	if (n > 0 && buf[n - 1] != ' ' && n + 1 < len)
		buf[n++] = ' ';
	for (; p < end && n + 1 < len; p++) {
		if (*p == ' ' && (n == 0 || buf[n - 1] == ' '))
			continue;
		buf[n++] = *p;
	}
	return n;
}

/* The end of the line at p (its newline, or the text's end). */
static const char *
line_end(const char *p)
{
	const char *end = strchr(p, '\n');

	return end != NULL ? end : p + strlen(p);
}

/*
 * What text says of flag, into buf, whitespace folded: in a help
 * paragraph whose line starts with the flag (or "-x, " and the flag),
 * its description after the value's name and the lines indented under
 * it; else the first line that mentions it.  0 if the text does not.
 */
static int
help_line(const char *text, const char *flag, char *buf, size_t len)
{
	const char *p, *q, *end, *start, *line = NULL;
	size_t fl = strlen(flag), n = 0, indent = 0;

	for (p = text; p != NULL && *p != '\0'; p = end + (*end != '\0')) {
		end = line_end(p);
		for (q = p; q < end && *q == ' '; q++)
			;
		indent = (size_t)(q - p);
		if (end - q > 4 && q[0] == '-' && q[1] != '-' && q[2] == ',' &&
		    q[3] == ' ')
			q += 4;
		if ((size_t)(end - q) >= fl && strncmp(q, flag, fl) == 0 &&
		    (q + fl == end || q[fl] == ' ' || q[fl] == ',')) {
			/* past the flag and its value's name: two spaces */
			start = p;
			q = strstr(q, "  ");
			n = fold(buf, 0, len, q != NULL && q < end ? q : end,
			    end);
			/* and the lines indented under it */
			for (p = end; *p == '\n'; p = end) {
				for (q = p + 1; *q == ' '; q++)
					;
				end = line_end(p + 1);
				if ((size_t)(q - p - 1) <= indent + 2 ||
				    *q == '-' || q == end)
					break;
				n = fold(buf, n, len, q, end);
			}
			buf[n] = '\0';
			if (n > 0)
				return 1;
			/* nothing after it: the line it starts is all */
			line = start;
			break;
		}
		for (q = p; line == NULL && q + fl <= end; q++)
			if (strncmp(q, flag, fl) == 0 &&
			    (q == p || strchr(" ([", q[-1]) != NULL) &&
			    (q + fl == end || strchr(" ,.):;=]", q[fl]) != NULL))
				line = p;
	}
	if (line == NULL)
		return 0;
	n = fold(buf, 0, len, line, line_end(line));
	buf[n] = '\0';
	return n > 0;
}

/* A command's --help text into buf (len bytes), by usage or its rows. */
static void
usage_text(const struct entry *e, char *buf, size_t len)
{
	FILE *f = fmemopen(buf, len, "w");

	buf[0] = '\0';
	if (f == NULL)
		return;
	if (e->usage != NULL)
		e->usage(f);
	else if (e->rows != NULL)
		opt_usage(f, e->rows);
	fputc('\0', f);
	fclose(f);
	buf[len - 1] = '\0';
}

/* The value's name in a row's help ("  --dt S   ..." gives "S"). */
static void
json_argument(struct json *j, const struct entry *e)
{
	const char *h = e->row->help, *p, *q;
	char arg[32];
	size_t n;

	if (!row_takes_value(e->row->kind)) {
		json_null(j, "argument");
		return;
	}
	if (h != NULL) {
		while (*h == ' ')
			h++;
		if (strncmp(h, e->flag, strlen(e->flag)) == 0 &&
		    h[strlen(e->flag)] == ' ' && h[strlen(e->flag) + 1] != ' ') {
			p = h + strlen(e->flag) + 1;
			q = p;
			while (*q != '\0' && *q != '\n' && strncmp(q, "  ", 2) != 0)
				q++;
			n = (size_t)(q - p);
			if (n > 0 && n < sizeof(arg)) {
				memcpy(arg, p, n);
				arg[n] = '\0';
				json_string(j, "argument", arg);
				return;
			}
		}
	}
	json_string(j, "argument", "VALUE");
}

/*
 * A run row's default: what its field holds in a setup fresh from
 * run_setup_init (null where that is "not given": a rate or a count of
 * none, a name not set).
 */
static void
json_run_default(struct json *j, const struct flag_row *f,
    const struct run_setup *rs)
{
	const char *base = (const char *)rs;
	double x;
	long n;

	switch (f->kind) {
	case FK_ANY:
	case FK_POSITIVE:
	case FK_FRACTION:
	case FK_RATE:
		memcpy(&x, base + f->at, sizeof(x));
		if ((f->kind == FK_POSITIVE || f->kind == FK_RATE) &&
		    x == 0.0)
			json_null(j, "default");
		else
			json_number(j, "default", x);
		break;
	case FK_COUNT:
		memcpy(&n, base + f->at, sizeof(n));
		if (n < f->min)
			json_null(j, "default");
		else
			json_integer(j, "default", n);
		break;
	case FK_NAME:
		json_string(j, "default", *(const char *const *)(const void *)
		    (base + f->at));
		break;
	case FK_ON:
	case FK_OFF:
		json_bool(j, "default", *(const int *)(const void *)
		    (base + f->at));
		break;
	default:
		json_null(j, "default");
	}
}

/* The range of a row of kind k: min, max and whether each is open. */
static void
json_row_range(struct json *j, const struct flag_row *f)
{
	switch (f->kind) {
	case FK_ANY:
		json_number(j, "min", -MAX_MAGNITUDE);
		json_number(j, "max", MAX_MAGNITUDE);
		json_bool(j, "min_open", 0);
		break;
	case FK_POSITIVE:
	case FK_RATE:
		json_number(j, "min", 0.0);
		json_number(j, "max", MAX_MAGNITUDE);
		json_bool(j, "min_open", 1);
		break;
	case FK_FRACTION:
		json_number(j, "min", 0.0);
		json_number(j, "max", 1.0);
		json_bool(j, "min_open", 0);
		json_bool(j, "max_open", 1);
		return;
	case FK_COUNT:
		json_integer(j, "min", f->min);
		json_integer(j, "max", f->max);
		json_bool(j, "min_open", 0);
		break;
	default:
		json_null(j, "min");
		json_null(j, "max");
		json_bool(j, "min_open", 0);
	}
	json_bool(j, "max_open", 0);
}

/* A list of names as an array. */
static void
json_names(struct json *j, const char *key, const char *const *list, int n)
{
	int i;

	json_array(j, key);
	for (i = 0; i < n; i++)
		json_string(j, NULL, list[i]);
	json_close(j);
}

/* One entry: the flag, what it takes, who takes it, its help. */
static void
json_entry(struct json *j, const struct entry *e, const struct run_setup *rs,
    char *text, size_t len)
{
	char help[1024];
	int i;

	json_object(j, NULL);
	json_string(j, "flag", e->flag);
	if (e->row != NULL) {
		json_string(j, "kind", row_kind(e->row->kind));
		json_argument(j, e);
		json_row_range(j, e->row);
		if (e->cmd == &run_options)
			json_run_default(j, e->row, rs);
		else if (e->mass)
			json_number(j, "default", 1.0);
		else
			json_null(j, "default");
		json_string(j, "sweep", e->mass ? "number" :
		    e->cmd == &run_options && row_takes_value(e->row->kind) ?
		    sweep_kinds[e->row->sweep] : "none");
		help[0] = '\0';
		if (e->mass)
			snprintf(help, sizeof(help), "kg, > 0 (default 1): "
			    "the mass of springsim's own dialects (a library's "
			    "mass flag stands for it); fit's: the block's");
		else if (e->row->help == NULL ||
		    !help_line(e->row->help, e->flag, help, sizeof(help))) {
			usage_text(e, text, len);
			help_line(text, e->flag, help, sizeof(help));
		}
	} else if (e->knob != NULL) {
		json_string(j, "kind", knob_kinds[e->knob->kind]);
		json_string(j, "argument", e->knob->arg);
		json_bound(j, "min", e->knob->min);
		json_bound(j, "max", e->knob->max);
		json_bool(j, "min_open", e->knob->min_open);
		json_bool(j, "max_open", e->knob->max_open);
		json_number(j, "default", e->knob->def);
		json_string(j, "sweep", e->knob->kind == SPRING_KNOB_SWITCH ?
		    "none" : e->knob->kind == SPRING_KNOB_RANGE ? "fixed" :
		    e->knob->kind == SPRING_KNOB_COUNT ? "integer" : "number");
		snprintf(help, sizeof(help), "%s", e->knob->help);
	} else if (e->param != NULL) {
		json_string(j, "kind", "number");
		json_string(j, "argument", "X");
		json_bound(j, "min", e->param->min);
		json_bound(j, "max", e->param->max);
		json_bool(j, "min_open", e->param->min_open);
		json_bool(j, "max_open", e->param->max_open);
		json_number(j, "default", e->param->def);
		json_string(j, "sweep", "number");
		snprintf(help, sizeof(help), "%s's %s, %s", e->dialect->source,
		    e->param->name, e->param->unit);
	} else if (e->damper != NULL) {
		const struct param_flag *pf = param_flag_row(e->damper->id);

		json_string(j, "kind", "number");
		json_string(j, "argument", e->damper->arg);
		json_bound(j, "min", pf->lo);
		json_bound(j, "max", pf->hi);
		json_bool(j, "min_open", pf->lo_open);
		json_bool(j, "max_open", pf->hi_open);
		if (isnan(e->damper->def))
			json_null(j, "default");
		else
			json_number(j, "default", e->damper->def);
		json_string(j, "sweep", "number");
		snprintf(help, sizeof(help), "%s", e->damper->help);
	} else {
		json_string(j, "kind", e->opt->has_arg ? "text" : "switch");
		json_string(j, "argument", e->opt->has_arg ? "VALUE" : NULL);
		json_null(j, "min");
		json_null(j, "max");
		json_bool(j, "min_open", 0);
		json_bool(j, "max_open", 0);
		json_null(j, "default");
		json_string(j, "sweep", "none");
		usage_text(e, text, len);
		help[0] = '\0';
		help_line(text, e->flag, help, sizeof(help));
	}
	json_array(j, "commands");
	for (i = 0; cli_commands[i].name != NULL; i++)
		if (e->commands & (1u << i))
			json_string(j, NULL, cli_commands[i].name);
	json_close(j);
	json_names(j, "models", e->models, e->nmodels);
	json_names(j, "refused_by", e->refused, e->nrefused);
	json_string(j, "help", help);
	json_close(j);
}

/* Every flag, in the order gathered: run's, the commands', the rest. */
static void
json_flags(struct json *j, struct registry *r, struct run_setup *rs,
    char *text, size_t len)
{
	int i;

	run_setup_init(rs);
	gather(r);
	json_array(j, "flags");
	for (i = 0; i < r->n; i++)
		if (r->e[i].commands != 0 || r->e[i].nmodels > 0)
			json_entry(j, &r->e[i], rs, text, len);
	json_close(j);
}

/* The commands (commands.c's cli_commands). */
static void
json_commands(struct json *j)
{
	const struct command *c;
	char help[512];

	json_array(j, "commands");
	for (c = cli_commands; c->name != NULL; c++) {
		json_object(j, NULL);
		json_string(j, "name", c->name);
		help[0] = '\0';
		help_line(c->help, c->name, help, sizeof(help));
		json_string(j, "summary", help);
		json_bool(j, "takes_run_flags", (c->takes & TAKES_RUN) != 0 ||
		    c->options == &run_options);
		json_bool(j, "takes_parameter_flags",
		    (c->takes & (TAKES_RUN | TAKES_PARAMS)) != 0);
		json_close(j);
	}
	json_close(j);
}

/*
 * See cli.h.  The room is taken before a byte is written: out of memory
 * leaves nothing on stdout.
 */
int
list_json(FILE *fp)
{
	struct registry *r = malloc(sizeof(*r));
	struct run_setup *rs = malloc(sizeof(*rs));
	size_t len = 1 << 16;
	char *text = malloc(len);
	struct json j;

	if (r == NULL || rs == NULL || text == NULL) {
		free(r);
		free(rs);
		free(text);
		warn_msg("out of memory");
		return -1;
	}
	json_start(&j, fp);
	json_object(&j, NULL);
	json_integer(&j, "schema", REGISTRY_SCHEMA);
	json_string(&j, "version", SPRING_VERSION);
	json_commands(&j);
	json_flags(&j, r, rs, text, len);
	json_models(&j);
	json_rules(&j);
	json_engines(&j);
	json_dialects(&j);
	json_columns(&j);
	json_signals(&j);
	json_policies(&j);
	json_close(&j);
	json_end(&j);
	free(r);
	free(rs);
	free(text);
	return 0;
}
