/*
 * help.c - `springsim help [NAME]` and `springsim --help`: the commands,
 * the models (and where each one's own help is), the engines, the flags
 * most used, the exit statuses and where to look next, on one screen;
 * and a page per model, rule, engine and dialect, built from their rows
 * (run_models[], spring_rules[], spring_engines[] and their knobs[],
 * spring_dialects[]).  Run's whole flag reference is run.c's
 * (`springsim help run`).  Apart from main.c, as run.c prints it too
 * (a lone `springsim --help`) and the unit tests link run.c without
 * main.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "run.h"

/* The column a topic's values start at, and the page's width. */
#define TOPIC_INDENT 14
#define TOPIC_WIDTH 79

/*
 * Every engine's name (spring_engines[]), wrapped under --engine's line
 * of springsim --help, so that a new engine is named there as its row.
 */
static void
engine_names(FILE *fp)
{
	static const char tail[] = " (springsim help NAME)";
	const spring_engine *const *e;
	size_t col = 0, n;

	for (e = spring_engines; *e != NULL; e++) {
		n = 1 + strlen((*e)->name) + (e[1] != NULL ? 1 : strlen(tail));
		if (col == 0 || col + n > TOPIC_WIDTH) {
			fprintf(fp, "%s%*s", col > 0 ? "\n" : "", 21, "");
			col = 21;
		}
		col += (size_t)fprintf(fp, " %s%s", (*e)->name,
		    e[1] != NULL ? "," : tail);
	}
	fputc('\n', fp);
}

/* See cli.h: `springsim --help`, a page that fits a terminal. */
void
springsim_usage(FILE *fp)
{
	const struct command *c;

	fputs(
"usage: springsim [run] [options]\n"
"       springsim COMMAND [options]\n"
"       springsim help [COMMAND | MODEL | RULE | ENGINE | DIALECT]\n"
"\n"
"Step a damped spring, a = omega^2 (g - x) + 2 zeta omega (q - v), with a\n"
"game's update rule at a frame time, and print it beside the exact solution\n"
"as CSV; or measure, map, convert, tune or fit springs.\n"
"\n"
"Commands (each has its own help: springsim help COMMAND, or COMMAND --help):\n",
	    fp);
	for (c = cli_commands; c->name != NULL; c++)
		fputs(c->help, fp);
	fputs("\n"
"Models (--model NAME; the default is spring):\n"
"  spring, critical, damper, double, timed, velocity, predict, inertialize\n"
"              one spring of run's (springsim help run)\n"
"  quat        a rotation toward a goal (springsim --model quat --help)\n"
"  vector      2 or 3 independent springs (springsim --model vector --help)\n"
"  pair, angular, chain\n"
"              two bodies, a torsion spring, a rope of N bodies\n"
"              (springsim --model chain --help)\n"
"  mesh        a grid of bodies; pair and chain with --dim 2|3\n"
"              (springsim --model mesh --help)\n"
"\n"
"Most used options of run (fps, sweep, resonance and tune take them too):\n"
"  --model NAME        the model, or a rule's name: --model implicit\n"
"  --integrator NAME   the update rule: explicit, semi-implicit (default),\n"
"                      implicit, rigidbody, backward-euler, verlet, rk4, exact\n"
"  --engine NAME       another library's spring as that library steps it:\n",
	    fp);
	engine_names(fp);
	fputs(
"  --omega W --zeta Z  the spring's omega (rad/s) and damping ratio\n"
"                      (default 4 pi, 0.3; --uaf W --dr Z too); or one other\n"
"                      group: --stiffness K --damping D, --halflife H\n"
"                      --frequency F, a library's (--react-tension T\n"
"                      --react-friction F ...): springsim list\n"
"  --mass M            kg (default 1)\n"
"  --x0 X --v0 V       the initial state (default 0, 0)\n"
"  --target G          the target (default 1); --target-signal NAME a\n"
"                      moving one, --target-file FILE a recorded one\n"
"  --dt S, --fps N     the frame time (default 1/60 s), or the frame rate\n"
"  --duration S        the run's length (default 2 s), or --frames N\n"
"  --substep POLICY    none (default), max, uniform or fixed substeps\n"
"  --metrics           one row of error metrics, not the trajectory\n"
"  -o, --output FILE   write FILE instead of stdout\n"
"  -h, --help          this help;  -V, --version  the version\n"
"Every option of run: springsim help run (or springsim run --help).\n"
"\n"
EXIT_STATUS_HEAD ",\n"
EXIT_STATUS_GATE
"See springsim(1) (man springsim) for everything; docs/guide.md in the\n"
"source tree for a tour.\n", fp);
}

/*
 * One field of a topic: "  label" then text from TOPIC_INDENT, wrapped
 * at spaces within TOPIC_WIDTH (a word longer than a line is kept
 * whole).  Nothing for NULL or empty text.
 */
static void
field(FILE *fp, const char *label, const char *text)
{
	const char *p = text, *end, *space;
	size_t room = TOPIC_WIDTH - TOPIC_INDENT, n;

	if (text == NULL || *text == '\0')
		return;
	fprintf(fp, "  %-*s", TOPIC_INDENT - 2, label);
	while (*p != '\0') {
		n = strlen(p);
		if (n > room) {
			for (end = p + room; end > p && *end != ' '; end--)
				;
			if (end == p && (space = strchr(p, ' ')) != NULL)
				end = space;
			else if (end == p)
				end = p + n;
			n = (size_t)(end - p);
		}
		fprintf(fp, "%.*s\n", (int)n, p);
		p += n;
		while (*p == ' ')
			p++;
		if (*p != '\0')
			fprintf(fp, "%*s", TOPIC_INDENT, "");
	}
}

/* field with a printf format: the text built in a buffer first. */
static void
fieldf(FILE *fp, const char *label, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void
fieldf(FILE *fp, const char *label, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	field(fp, label, buf);
}

/* Append "--flag VALUE" for each parameter of d but its mass to buf. */
static void
dialect_args(char *buf, size_t size, const spring_dialect *d)
{
	const spring_dialect_param *q;
	size_t used;

	for (q = d->params; q->name != NULL; q++) {
		if (q->is_mass)
			continue;
		used = strlen(buf);
		snprintf(buf + used, size - used, " --%s %.6g", q->flag, q->def);
	}
}

/* Whether engine e takes dialect d (d's engines name it, or every). */
static int
engine_takes(const spring_engine *e, const spring_dialect *d)
{
	return d->engines == NULL || list_has_word(d->engines, e->name);
}

/*
 * The library's own dialect of engine e: the one of its name, else the
 * first not springsim's it takes; NULL: none (springsim-exact).
 */
static const spring_dialect *
engine_dialect(const spring_engine *e)
{
	const spring_dialect *const *d;

	for (d = spring_dialects; *d != NULL; d++)
		if (strcmp((*d)->name, e->name) == 0 && engine_takes(e, *d))
			return *d;
	for (d = spring_dialects; *d != NULL; d++)
		if ((*d)->kind != SPRING_DIALECT_OWN && engine_takes(e, *d))
			return *d;
	return NULL;
}

/*
 * `springsim help ENGINE`: the engine's row (how it steps, where it was
 * read, what it is checked against), its knobs' rows, the dialects of
 * its library, and an example in its library's own words.
 */
static void
topic_engine(FILE *fp, const spring_engine *e)
{
	const spring_engine_knob *k;
	const spring_dialect *const *d, *own = engine_dialect(e);
	char buf[1024] = "";

	fprintf(fp, "%s: an engine, --engine %s\n", e->name, e->name);
	fieldf(fp, "library", "%s %s", e->library, e->version);
	field(fp, "steps", e->summary);
	field(fp, "read from", e->source);
	fieldf(fp, "checked", "against the %s", e->checked);
	field(fp, "precision", e->float32 ? "float (its state in single "
	    "precision)" : "double");
	for (k = e->knobs; k != NULL && k->option != NULL; k++) {
		if (k->flag == NULL)
			fieldf(fp, k == e->knobs ? "knobs" : "", "%s (the "
			    "library's API alone, no flag; default %s): %s",
			    k->option, k->def_text, k->help);
		else
			fieldf(fp, k == e->knobs ? "knobs" : "", "--%s%s%s (the "
			    "library's %s, default %s): %s", k->flag,
			    k->arg != NULL ? " " : "", k->arg != NULL ?
			    k->arg : "", k->option, k->def_text, k->help);
	}
	if (e->knobs == NULL || e->knobs->option == NULL)
		field(fp, "knobs", "none");
	for (d = spring_dialects; *d != NULL; d++)
		if ((*d)->kind != SPRING_DIALECT_OWN && (*d)->engines != NULL &&
		    engine_takes(e, *d)) {
			strcat(buf, buf[0] != '\0' ? ", " : "");
			strcat(buf, (*d)->name);
		}
	if (buf[0] != '\0')
		fieldf(fp, "dialects", "%s (springsim help NAME); or any of "
		    "springsim's parameter groups", buf);
	else
		field(fp, "dialects", "springsim's parameter groups "
		    "(springsim list)");
	snprintf(buf, sizeof(buf), "springsim --engine %s", e->name);
	if (own != NULL)
		dialect_args(buf, sizeof(buf), own);
	strcat(buf, " --fps 60 --metrics");
	field(fp, "example", buf);
}

/* `springsim help RULE`: the rule's row, and where it is used. */
static void
topic_rule(FILE *fp, const spring_rule *r)
{
	char order[32];

	fprintf(fp, "%s: an update rule of the damped spring\n", r->name);
	field(fp, "steps", r->summary);
	field(fp, "from", r->source);
	if (r->order > 0)
		snprintf(order, sizeof(order), "%d (global)", r->order);
	else
		snprintf(order, sizeof(order), "exact");
	field(fp, "order", order);
	field(fp, "checked", "against the exact solution, printed beside it "
	    "(x_ref, err_x; --metrics: max_err_x ...)");
	fieldf(fp, "stability", "%s: springsim analyze --integrator %s",
	    r->stable_hw != NULL ? "in closed form" : "searched", r->name);
	field(fp, "float32", r->float32 != NULL ? "yes, --float32" : "no");
	fieldf(fp, "flags", "--integrator %s, or --model %s; run's --dt, "
	    "--fps, --substep, --float32 (springsim help run)", r->name,
	    r->name);
	fieldf(fp, "example", "springsim --integrator %s --dt 0.033 "
	    "--metrics", r->name);
}

/* The rules a model's row says it has, comma separated, into buf. */
static void
model_rules(char *buf, size_t size, const struct run_model *m)
{
	const spring_rule *const *r;
	const spring_rot_rule *const *q;
	const spring_line_rule *const *l;
	const spring_net_rule *const *n;
	const spring_model_rule *const *mr;
	size_t used;

#define ADD(name) (used = strlen(buf), snprintf(buf + used, size - used, \
	"%s%s", used > 0 ? ", " : "", (name)))
	buf[0] = '\0';
	if (m->lib != NULL) {
		for (mr = (*m->lib)->rules; *mr != NULL; mr++)
			ADD((*mr)->name);
		return;
	}
	switch (m->rules) {
	case RULES_SPRING:
		for (r = spring_rules; *r != NULL; r++)
			ADD((*r)->name);
		break;
	case RULES_CRITICAL:
		ADD(CRITICAL_RULE_NAME);
		break;
	case RULES_ROTATION:
		for (q = spring_rot_rules; *q != NULL; q++)
			ADD((*q)->name);
		break;
	case RULES_LINE:
		for (l = spring_line_rules; *l != NULL; l++)
			ADD((*l)->name);
		break;
	case RULES_NET:
		for (n = spring_net_rules; *n != NULL; n++)
			ADD((*n)->name);
		break;
	}
#undef ADD
}

/*
 * The flag table of a model's own command (quat, pair ...): the one
 * named after a model run by the same function; NULL for run's models.
 */
static const struct opt_command *
model_command(const struct run_model *m)
{
	const struct opt_command *const *c;
	const struct run_model *o;

	if (m->run == NULL)
		return NULL;
	for (c = opt_commands; *c != NULL; c++)
		if ((o = run_model_find((*c)->name)) != NULL && o->run == m->run)
			return *c;
	return NULL;
}

/*
 * `springsim help MODEL`: its row (what it is, from where, its rules),
 * its own flags (run's it owns, or its command's rows that it takes),
 * what it is checked against and an example.
 */
static void
topic_model(FILE *fp, const struct run_model *m)
{
	const char *name = run_model_name(m);
	const struct opt_command *cmd = model_command(m);
	const struct flag_row *f;
	char buf[1024] = "";
	size_t used;

	fprintf(fp, "%s: a model, --model %s\n", name, name);
	field(fp, "is", m->lib != NULL ? (*m->lib)->summary : m->summary);
	field(fp, "from", m->lib != NULL ? (*m->lib)->source : NULL);
	model_rules(buf, sizeof(buf), m);
	fieldf(fp, "rules", "%s (--integrator; the first the default)", buf);
	buf[0] = '\0';
	snprintf(buf, sizeof(buf), "%s%s%s", m->params != NULL ? m->params :
	    "", m->params != NULL && m->owns != NULL ? " " : "",
	    m->owns != NULL ? m->owns : "");
	for (f = cmd != NULL ? cmd->rows : NULL; f != NULL && !row_end(f);
	    f++) {
		if (f->flag == NULL || f->kind == FK_COMMON ||
		    f->kind == FK_COMMON_VALUE || f->kind == FK_REFUSED ||
		    strcmp(f->flag, "--model") == 0 || (f->models != NULL &&
		    !list_has_word(f->models, name)) ||
		    list_has_word(buf, f->flag))
			continue;
		used = strlen(buf);
		snprintf(buf + used, sizeof(buf) - used, "%s%s",
		    used > 0 ? " " : "", f->flag);
	}
	fieldf(fp, "flags", "%s%srun's parameters and frame flags",
	    buf, buf[0] != '\0' ? "; " : "");
	fieldf(fp, "checked", "against %s", m->checked != NULL ? m->checked :
	    "the model's exact solution, its closed form (x_ref) at every "
	    "frame");
	if (m->rules == RULES_LINE || m->rules == RULES_NET)
		fieldf(fp, "example", "springsim --model %s --frames 3", name);
	else
		fieldf(fp, "example", "springsim --model %s --duration 1 "
		    "--metrics", name);
	fieldf(fp, "every flag", "springsim --model %s --help", name);
}

/*
 * `springsim help DIALECT`: the dialect's row (its library and what in
 * it, its parameters with their units, ranges and defaults, the engines
 * that take it) and an example with its defaults.
 */
static void
topic_dialect(FILE *fp, const spring_dialect *d)
{
	const spring_dialect_param *q;
	char buf[1024];

	fprintf(fp, "%s: a parameter dialect\n", d->name);
	fieldf(fp, "from", "%s (%s)", d->source, d->library);
	for (q = d->params; q->name != NULL; q++)
		fieldf(fp, q == d->params ? "parameters" : "", "--%s: %s, %s "
		    "(%s; default %.6g%s)", q->flag, q->name, q->unit,
		    q->range != NULL ? q->range : "any", q->def,
		    q->is_mass ? ", optional" : "");
	if (d->engines == NULL)
		field(fp, "engines", "every engine, and springsim's rules");
	else if (d->engines[0] == '\0')
		field(fp, "engines", "none: springsim's rules");
	else
		fieldf(fp, "engines", "%s; and springsim's rules", d->engines);
	field(fp, "checked", d->from_spring != NULL ? "against its inverse: "
	    "the unit tests convert springs there and back (springsim "
	    "convert prints it)" : "one way: the library has no inverse");
	if (d->help != NULL)
		field(fp, "help", "springsim help run, Spring parameters");
	snprintf(buf, sizeof(buf), "springsim");
	dialect_args(buf, sizeof(buf), d);
	strcat(buf, " --metrics");
	field(fp, "example", buf);
}

/*
 * `springsim help RULE` for a rule of one of the library's models
 * (damper's lerp, timed's holden): its row, and the model it steps.
 */
static void
topic_model_rule(FILE *fp, const spring_model *m, const spring_model_rule *r)
{
	fprintf(fp, "%s: an update rule of --model %s\n", r->name, m->name);
	field(fp, "steps", r->summary);
	field(fp, "from", r->source);
	if (r->order > 0)
		fieldf(fp, "order", "%d (global)", r->order);
	else
		field(fp, "order", "exact");
	fieldf(fp, "checked", "against the model's exact solution, its closed "
	    "form (x_ref) at every frame");
	fieldf(fp, "flags", "--model %s --integrator %s; springsim help %s",
	    m->name, r->name, m->name);
	fieldf(fp, "example", "springsim --model %s --integrator %s "
	    "--duration 1 --metrics", m->name, r->name);
}

/*
 * `springsim help RULE` for a rule of the systems' or the mesh's alone
 * (impulse): its summary, the models it steps and an example.
 */
static void
topic_system_rule(FILE *fp, const char *name, const char *summary,
    const char *models, const char *checked, const char *example)
{
	fprintf(fp, "%s: an update rule of --model %s\n", name, models);
	field(fp, "steps", summary);
	fieldf(fp, "checked", "against %s", checked);
	fieldf(fp, "flags", "--integrator %s", name);
	fieldf(fp, "example", "springsim --model %s --integrator %s --frames "
	    "3", example, name);
}

/*
 * Every topic called name: the model, the rule, the engine, the dialect
 * and the library models' rules of that name, and the systems' and the
 * mesh's rules the spring has not, each a paragraph (unity is an engine
 * and a dialect, exact a rule of the spring's and of damper's).  How
 * many there were.
 */
static int
topics(FILE *fp, const char *name)
{
	const spring_engine *e = spring_engine_find(name);
	const spring_rule *r = spring_rule_find(name);
	const struct run_model *m = run_model_find(name);
	const spring_dialect *const *d;
	const spring_model *const *lm;
	const spring_model_rule *const *mr;
	const spring_line_rule *const *lr;
	const spring_net_rule *const *nr;
	int n = 0;

	if (m != NULL) {
		topic_model(fp, m);
		n++;
	}
	if (r != NULL) {
		if (n++ > 0)
			fputc('\n', fp);
		topic_rule(fp, r);
	}
	if (e != NULL) {
		if (n++ > 0)
			fputc('\n', fp);
		topic_engine(fp, e);
	}
	for (d = spring_dialects; *d != NULL; d++)
		if (strcmp((*d)->name, name) == 0) {
			if (n++ > 0)
				fputc('\n', fp);
			topic_dialect(fp, *d);
		}
	for (lm = spring_models; *lm != NULL; lm++)
		for (mr = (*lm)->rules; *mr != NULL; mr++)
			if (strcmp((*mr)->name, name) == 0) {
				if (n++ > 0)
					fputc('\n', fp);
				topic_model_rule(fp, *lm, *mr);
			}
	for (lr = spring_line_rules; r == NULL && *lr != NULL; lr++)
		if (strcmp((*lr)->name, name) == 0) {
			if (n++ > 0)
				fputc('\n', fp);
			topic_system_rule(fp, name, (*lr)->summary,
			    "pair, angular or chain", "the exact solution of "
			    "the modes (Nissen)", "chain");
		}
	for (nr = spring_net_rules; r == NULL && *nr != NULL; nr++)
		if (strcmp((*nr)->name, name) == 0) {
			if (n++ > 0)
				fputc('\n', fp);
			topic_system_rule(fp, name, (*nr)->summary, "mesh",
			    "--dim 1 the exact modes, --dim 2|3 an rk4 "
			    "reference", "mesh");
		}
	if (n > 0)
		fputs("\nSee springsim help run for every flag, springsim list "
		    "for every name.\n", fp);
	return n;
}

/*
 * `springsim help [COMMAND | TOPIC]`: this help, a command's --help (the
 * command run with --help alone), or the page of a model, rule, engine
 * or dialect, so that every help is found from one name.
 */
int
cmd_help(int argc, char **argv)
{
	const struct command *c;
	char help[] = "--help", hint[96];
	char *args[3];

	if (argc > 2)
		return usage_error("help: unexpected argument '%s'", argv[2]);
	if (argc < 2 || strcmp(argv[1], "help") == 0 ||
	    strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		springsim_usage(stdout);
		return flush_stdout() == 0 ? CMD_DONE : EXIT_IO;
	}
	args[0] = argv[1];
	args[1] = help;
	args[2] = NULL;
	for (c = cli_commands; c->name != NULL; c++)
		if (strcmp(c->name, argv[1]) == 0)
			return c->run(2, args);
	if (topics(stdout, argv[1]) > 0)
		return flush_stdout() == 0 ? CMD_DONE : EXIT_IO;
	return usage_error("help: '%s' is no command, model, rule, engine or "
	    "dialect; %s", argv[1], suggest_name(argv[1], SUGGEST_COMMANDS |
	    SUGGEST_MODELS | SUGGEST_RULES | SUGGEST_ENGINES |
	    SUGGEST_DIALECTS, hint, sizeof(hint), LIST_SHOWS));
}
