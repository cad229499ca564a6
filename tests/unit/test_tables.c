/*
 * test_tables.c - the CLI's tables agree with themselves and with the
 * library: every model of the library has its row in run_models[], every
 * row resolves or runs, the flags a model owns and --dim's models exist,
 * and run's getopt table names each flag once; the --metrics columns'
 * table (columns.c) is whole, and each column prints its own field.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cli/optparse.h"
#include "cli/run.h"
#include "internal.h"
#include "suites.h"

/* The row of run_models[] named name, or NULL (a walk of our own). */
static const struct run_model *
row(const char *name)
{
	const struct run_model *m;

	for (m = run_models; run_model_name(m) != NULL; m++)
		if (strcmp(run_model_name(m), name) == 0)
			return m;
	return NULL;
}

/*
 * Every rule's row complete: name, summary, source, prepare and step;
 * its float twin (or none: critical alone), a twin of the same name and
 * order and stability limit, its own twin, stepped by a call; the
 * stability limit in closed form or none (rk4, critical: searched),
 * agreeing with the search; a kernel (sim.c's inlined loop, the batch's
 * tiles) for every rule of spring_rules[] and critical.
 */
static void
rule_rows(void)
{
	const spring_rule *all[16];
	int n = 0, i, j;

	for (i = 0; spring_rules[i] != NULL; i++)
		all[n++] = spring_rules[i];
	all[n++] = spring_rule_critical;
	CHECK(n == 9);
	for (i = 0; i < n; i++) {
		const spring_rule *r = all[i], *tw = r->float32;

		CHECK(r->name != NULL && r->summary != NULL &&
		    r->source != NULL && r->prepare != NULL && r->step != NULL);
		CHECK(r->order >= 0 && r->order <= 4);
		CHECK(spring_rule_find(r->name) == (r == spring_rule_critical ?
		    NULL : r));
		CHECK(r->kernel != 0);
		CHECK(spring_batch_has_runner(r) ==
		    spring_batch_has_runner(spring_rule_explicit));
		for (j = 0; j < i; j++)
			CHECK(all[j]->kernel != r->kernel);
		CHECK((tw == NULL) == (r == spring_rule_critical));
		if (tw != NULL) {
			CHECK(tw != r && strcmp(tw->name, r->name) == 0);
			CHECK(tw->order == r->order && tw->float32 == tw);
			CHECK(tw->stable_hw == r->stable_hw);
			CHECK(tw->kernel == 0 && tw->step != r->step);
			CHECK(!spring_batch_has_runner(tw));
		}
		/* the closed forms: rk4 and critical have none */
		CHECK((r->stable_hw == NULL) == (r == spring_rule_rk4 ||
		    r == spring_rule_critical));
		if (r->stable_hw != NULL && isfinite(r->stable_hw(0.5)))
			CHECK_NEAR(r->stable_hw(0.5),
			    spring_search_stable_hw(r, 0.5), 1e-9);
		else if (r->stable_hw != NULL)
			CHECK(isinf(spring_search_stable_hw(r, 0.5)));
	}
}

/*
 * Every model's row complete, the library's and the CLI's: a name,
 * a summary, rules (each complete); the CLI's row of a library model
 * points at it and takes nothing of its own but how it resolves and
 * the flags it owns.
 */
static void
model_rows(void)
{
	const spring_model *const *o;
	const spring_model_rule *const *r;
	const struct run_model *m;

	for (o = spring_models; *o != NULL; o++) {
		CHECK((*o)->name != NULL && (*o)->summary != NULL &&
		    (*o)->source != NULL && (*o)->reference != NULL &&
		    (*o)->velocity != NULL && (*o)->rules[0] != NULL);
		CHECK(spring_model_find((*o)->name) == *o);
		for (r = (*o)->rules; *r != NULL; r++)
			CHECK((*r)->name != NULL && (*r)->summary != NULL &&
			    (*r)->source != NULL && (*r)->prepare != NULL &&
			    (*r)->step != NULL &&
			    spring_model_rule_find(*o, (*r)->name) == *r);
	}
	for (m = run_models; run_model_name(m) != NULL; m++) {
		CHECK(run_model_find(run_model_name(m)) == m);
		if (m->lib != NULL)
			CHECK(m->name == NULL && m->summary == NULL &&
			    spring_model_find((*m->lib)->name) == *m->lib);
		else
			CHECK(m->name != NULL && m->summary != NULL);
	}
	CHECK(run_model_find("no-such-model") == NULL);
}

/* Whether all[] (getopt_long's table) has --name. */
static int
has_flag(const struct option *all, const char *name, size_t len)
{
	for (; all->name != NULL; all++)
		if (strlen(all->name) == len && strncmp(all->name, name, len) == 0)
			return 1;
	return 0;
}

/*
 * Each number field of struct metric_row, set by its name to a value
 * whose text (its literal, as the round-trip format writes it) says
 * which field it is: metric_cols' offsets are checked against these.
 */
#define METRIC_FIELDS(X) \
	X(dt, 3.5) X(frames, 4) X(omega, 5.5) X(zeta, 6.5) X(mass, 7.5) \
	X(x0, 8.5) X(v0, 9.5) X(target, 10.5) X(target_vel, 11.5) \
	X(max_err_x, 12.5) X(rms_err_x, 13.5) X(final_err_x, 14.5) \
	X(max_err_v, 15.5) X(rms_err_v, 16.5) X(final_err_v, 17.5) \
	X(overshoot, 18.5) X(settle_time, 19.5) X(energy_drift, 20.5) \
	X(diverged, 21) X(max_dt, 22.5) X(max_substeps, 23) \
	X(lost_time, 24.5) X(max_lag, 25.5) X(substeps, 26) \
	X(max_substeps_frame, 27) X(lag, 28.5) X(attenuation, 29.5) \
	X(done_time, 31.5) X(snap_jump, 32.5) X(first_move_frame, 33) \
	X(first_move_time, 34.5) X(asked_duration, 35.5) X(done_error, 36.5) \
	X(settle_error, 37.5)
#define FIELD_SET(f, x)		r.f = x;
#define FIELD_TEXT(f, x)	{ #f, #x },

/*
 * The --metrics columns' table: every row named once, with a help line,
 * a field of its own in struct metric_row (one a row, all of them), a
 * SPRING_WANT_* bit the library has, a name's source for a name alone,
 * a same_as of its own kind; and metrics_format of a row built field by
 * field puts each value under its own column's name.
 */
static void
metric_columns(void)
{
	static const struct {
		const char *name, *text;
	} fields[] = { METRIC_FIELDS(FIELD_TEXT) };
	static const struct {
		const char *name, *text;
	} names[] = { { "model", "m0" }, { "integrator", "i0" },
	    { "substep", "none" }, { "engine", "e0" } };
	unsigned char seen[sizeof(struct metric_row) / sizeof(double)] = {
		0 };
	struct run_setup *rs = calloc(1, sizeof(*rs));
	struct col_select one = { 1, { 0 } };
	struct metric_row r;
	char buf[METRIC_ROW_MAX];
	const struct metric_col *c;
	size_t n, k, found;
	int j, same, nrun = 0;

	CHECK(sizeof(fields) / sizeof(fields[0]) + 4 ==
	    (size_t)METRIC_NCOLS);
	for (j = 0; metric_cols[j].name != NULL; j++) {
		c = &metric_cols[j];
		CHECK(metric_col_find(c->name) == j);	/* once */
		CHECK(c->help != NULL && c->help[0] != '\0');
		CHECK(c->offset % sizeof(double) == 0 &&
		    c->offset + sizeof(double) <= sizeof(struct metric_row));
		if (c->offset + sizeof(double) <= sizeof(struct metric_row))
			CHECK(seen[c->offset / sizeof(double)]++ == 0);
		CHECK((c->want & ~(unsigned)SPRING_WANT_ALL) == 0 &&
		    (c->want & (c->want - 1)) == 0);
		CHECK((c->kind == COL_NAME) == (c->source != SRC_NONE));
		CHECK(c->inf == NULL || c->kind == COL_VALUE);
		same = c->same_as != NULL ? metric_col_find(c->same_as) : -1;
		CHECK(c->same_as == NULL || (same >= 0 && same != j &&
		    metric_cols[same].kind == c->kind && c->kind != COL_NAME));
		nrun += c->group != COL_ENGINE;
	}
	CHECK(j == METRIC_NCOLS);
	/* the defaults: the engine's columns with --engine alone */
	CHECK(metric_select_all(0)->n == nrun && nrun < METRIC_NCOLS);
	CHECK(metric_select_all(1)->n == METRIC_NCOLS);
	/* each column prints its own field, set here by the field's name */
	if (rs == NULL)
		return;
	rs->model = "m0";
	rs->integrator = "i0";
	rs->engine = "e0";
	rs->sim.policy = spring_policy_none;
	r.model = r.integrator = r.substep = r.engine = NAN;
	METRIC_FIELDS(FIELD_SET)
	for (j = 0; metric_cols[j].name != NULL; j++) {
		one.idx[0] = (unsigned char)j;
		n = metrics_format(buf, rs, &r, 0, &one);
		found = 0;
		for (k = 0; k < sizeof(fields) / sizeof(fields[0]); k++)
			if (strcmp(fields[k].name, metric_cols[j].name) == 0) {
				found++;
				CHECK(n == strlen(fields[k].text) &&
				    memcmp(buf, fields[k].text, n) == 0);
			}
		for (k = 0; k < sizeof(names) / sizeof(names[0]); k++)
			if (strcmp(names[k].name, metric_cols[j].name) == 0) {
				found++;
				CHECK(n == strlen(names[k].text) &&
				    memcmp(buf, names[k].text, n) == 0);
			}
		CHECK(found == 1);
	}
	free(rs);
}

/* Whether some engine's knobs[] has a row with flag. */
static const spring_engine_knob *
knob_named(const char *flag, int *engines)
{
	const spring_engine *const *e;
	const spring_engine_knob *k, *first = NULL;

	*engines = 0;
	for (e = spring_engines; *e != NULL; e++)
		for (k = (*e)->knobs; k != NULL && k->option != NULL; k++)
			if (k->flag != NULL && strcmp(k->flag, flag) == 0) {
				if (first == NULL)
					first = k;
				++*engines;
			}
	return first;
}

/*
 * The libraries' knobs as run's flags: one getopt entry a flag of the
 * engines' rows, whatever number of engines share it, each a knob's
 * code, taking a value but for a switch, swept as its kind; a value
 * stored by number, refused outside its row's range; and the flags in
 * the order of the kinds (--clamp, the numbers, the counts, the ranges).
 */
static void
test_knob_flags(const struct option *all)
{
	const spring_engine *const *e;
	const spring_engine_knob *k;
	struct run_setup rs;
	int j, n = 0, engines, rows = 0, last_kind = -1, code = -1;
	double x;

	for (e = spring_engines; *e != NULL; e++)
		for (k = (*e)->knobs; k != NULL && k->option != NULL; k++) {
			rows += k->flag != NULL;
			/* a work knob multiplies the estimate: a count >= 1 */
			CHECK(!k->work || (k->kind == SPRING_KNOB_COUNT &&
			    k->min >= 1.0 && k->def >= 1.0 && k->flag != NULL));
		}
	for (j = 0; all[j].name != NULL; j++) {
		if (all[j].val < KNOB_OPT || all[j].val >= KNOB_OPT + KNOBS_MAX)
			continue;
		n++;
		k = knob_named(all[j].name, &engines);
		CHECK(k != NULL);
		if (k == NULL)
			continue;
		rows -= engines;
		CHECK(k->kind >= last_kind);
		last_kind = k->kind;
		CHECK((all[j].has_arg == no_argument) ==
		    (k->kind == SPRING_KNOB_SWITCH));
		CHECK(run_flag_sweep(all[j].val) == (k->kind ==
		    SPRING_KNOB_SWITCH ? SWEEP_NONE : k->kind ==
		    SPRING_KNOB_NUMBER ? SWEEP_NUMBER : k->kind ==
		    SPRING_KNOB_COUNT ? SWEEP_INTEGER : SWEEP_FIXED));
		CHECK(!run_flag_repeats(all[j].val));
		if (strcmp(all[j].name, "unity-max-speed") == 0)
			code = all[j].val;
	}
	CHECK(n >= 5 && n <= KNOBS_MAX);
	CHECK_EQ(rows, 0);		/* every row's flag has its entry */
	CHECK(strcmp(engine_knob_flag(0, &j), "clamp") == 0 && j == 0);
	CHECK(engine_knob_flag(n, &j) == NULL);
	/* a number knob: stored, and its range kept (message muted) */
	CHECK(code >= 0);
	run_setup_init(&rs);
	CHECK(!engine_knob_get(&rs, "unity-max-speed", &x));
	CHECK(run_apply(&rs, code, "2.5") == 0);
	CHECK(engine_knob_get(&rs, "unity-max-speed", &x) && x == 2.5);
	CHECK(run_value_fits(code, 3.0) && !run_value_fits(code, 0.0) &&
	    !run_value_fits(code, -1.0) && !run_value_fits(code, 1e101));
	message_mute = 1;
	CHECK(run_apply(&rs, code, "0") == -1);
	CHECK(run_apply(&rs, code, "x") == -1);
	CHECK(run_apply(&rs, KNOB_OPT + KNOBS_MAX - 1, "1") == -1);
	message_mute = 0;
	CHECK(run_apply_number(&rs, code, "4", 4.0) == 0);
	CHECK(engine_knob_get(&rs, "unity-max-speed", &x) && x == 4.0);
	CHECK(!engine_knob_get(&rs, "box2d-substeps", &x));
}

/*
 * A command's flag rows (optparse.h): a flag is --name, once in its
 * command; what a row takes has what it needs (a hook its function, a
 * count its range, a letter a common flag's kind).
 */
static void
check_rows_of(const struct opt_command *c)
{
	const struct flag_row *f, *g;

	CHECK(c->name != NULL && c->rows != NULL);
	for (f = c->rows; !row_end(f); f++) {
		if (f->flag == NULL) {
			CHECK(f->kind == FK_TEXT || f->kind == FK_KNOBS);
			continue;
		}
		CHECK(strncmp(f->flag, "--", 2) == 0 &&
		    f->flag[2] != '\0' && f->flag[2] != '-');
		CHECK(f->kind != FK_HOOK || f->parse != NULL);
		CHECK(f->parse == NULL || f->kind == FK_HOOK ||
		    f->kind == FK_ON);
		/* a run flag's refused is why models refuse it */
		CHECK((f->kind == FK_REFUSED) <= (f->refused != NULL));
		CHECK(f->kind != FK_COUNT || f->min <= f->max);
		/* 'auto' is a word a number flag of run's also takes */
		CHECK(f->auto_at == 0 || f->kind == FK_POSITIVE ||
		    f->kind == FK_ANY);
		CHECK(f->kind != FK_TEXT);
		CHECK(f->letter == 0 || f->kind == FK_COMMON ||
		    f->kind == FK_COMMON_VALUE || f->letter == 'j' ||
		    f->letter == 'q');
		for (g = c->rows; g < f; g++)
			CHECK(g->flag == NULL ||
			    strcmp(g->flag, f->flag) != 0);
	}
}

/*
 * Every command's rows (and analyze --model chain|mesh's); a flag of one
 * command given to another is refused naming the first, an unknown one
 * is not.
 */
static void
check_flag_rows(void)
{
	const struct opt_command *const *c;
	int status = 0, ncmd = 0;

	for (c = opt_commands; *c != NULL; c++, ncmd++)
		check_rows_of(*c);
	check_rows_of(&analyze_system_options);
	CHECK(ncmd >= 2);
	message_mute = 1;
	CHECK(opt_elsewhere("--fail-if", &status) == 1 &&
	    status == EXIT_USAGE);
	status = 0;
	CHECK(opt_elsewhere("--zeta=1", &status) == 1 && status == EXIT_USAGE);
	status = 0;
	status = 0;
	/* an engine's knob, at run's FK_KNOBS row */
	CHECK(opt_elsewhere("--unity-max-speed=2", &status) == 1 &&
	    status == EXIT_USAGE);
	status = 0;
	CHECK(opt_elsewhere("--unity-max", &status) == 0 && status == 0);
	CHECK(opt_elsewhere("--no-such-flag", &status) == 0 && status == 0);
	CHECK(opt_elsewhere("--fail", &status) == 0 && status == 0);
	CHECK(opt_elsewhere("-x", &status) == 0 && status == 0);
	message_mute = 0;
}

/* What a dry parse's tap was handed: the flags, their values. */
struct scan_seen {
	const char *flag[8], *arg[8];
	int n;
};

static int
scan_tap(void *ctx, const struct flag_row *f, const char *arg)
{
	struct scan_seen *ss = ctx;

	if (ss->n == 8)
		return -1;
	ss->flag[ss->n] = f->flag;
	ss->arg[ss->n++] = arg;
	return strcmp(f->flag, "--settle") == 0 ? -1 : 0;
}

/*
 * opt_scan: the command's own flags (abbreviated or not) handed to the
 * tap, full names and values as given, nothing stored; run's flags into
 * the setup; --help and --version CMD_DONE; a refused row still
 * refused, and a tap's -1 a usage error.
 */
static void
check_opt_scan(void)
{
	char a0[] = "fps", a1[] = "--fps", a2[] = "30,x", a3[] = "--dt=0.5",
	    a4[] = "--traj", a5[] = "-V", b0[] = "analyze", b1[] = "--model",
	    b2[] = "chain", b3[] = "--part", b4[] = "0", b5[] = "--no-h",
	    c0[] = "quat", c1[] = "--x0", c2[] = "1", d0[] = "resonance",
	    d1[] = "--settle", d2[] = "2";
	char *fps[] = { a0, a1, a2, a3, a4, NULL };
	char *ver[] = { a0, a5, a1, a2, NULL };
	char *sys[] = { b0, b1, b2, b3, b4, b5, NULL };
	char *quat[] = { c0, c1, c2, NULL };
	char *res[] = { d0, d1, d2, NULL };
	struct run_setup *rs = malloc(sizeof(*rs));
	struct scan_seen ss = { .n = 0 };

	CHECK(rs != NULL);
	run_setup_init(rs);
	CHECK(opt_scan(&fps_options, 5, fps, NULL, rs, scan_tap, &ss) ==
	    EXIT_OK);
	CHECK(ss.n == 2 && strcmp(ss.flag[0], "--fps") == 0 &&
	    ss.arg[0] == a2 && strcmp(ss.flag[1], "--trajectories") == 0 &&
	    ss.arg[1] == NULL);
	CHECK(rs->dt == 0.5 && rs->have_dt);
	run_setup_init(rs);
	ss.n = 0;
	CHECK(opt_scan(&fps_options, 4, ver, NULL, rs, scan_tap, &ss) ==
	    CMD_DONE && ss.n == 0);
	ss.n = 0;
	CHECK(opt_scan(&analyze_system_options, 6, sys, NULL, NULL, scan_tap,
	    &ss) == EXIT_OK);
	CHECK(ss.n == 3 && strcmp(ss.flag[0], "--model") == 0 &&
	    strcmp(ss.flag[1], "--particles") == 0 && ss.arg[1] == b4 &&
	    strcmp(ss.flag[2], "--no-header") == 0);
	message_mute = 1;
	run_setup_init(rs);
	ss.n = 0;
	CHECK(opt_scan(&quat_options, 3, quat, NULL, rs, scan_tap, &ss) ==
	    EXIT_USAGE && ss.n == 0);
	run_setup_init(rs);
	CHECK(opt_scan(&resonance_options, 3, res, NULL, rs, scan_tap, &ss) ==
	    EXIT_USAGE && ss.n == 1);
	message_mute = 0;
	run_setup_free(rs);
	free(rs);
}

/* What an opt_command's other hook was handed: names and values. */
struct other_seen {
	struct run_setup rs;
	const char *name[8], *arg[8];
	int code[8], n;
};

static int
other_tap(void *own, int code, const char *name, const char *arg)
{
	struct other_seen *os = own;

	if (os->n == 8)
		return EXIT_IO;
	os->code[os->n] = code;
	os->name[os->n] = name;
	os->arg[os->n++] = arg;
	return strcmp(name, "frames") == 0 ? EXIT_IO : EXIT_OK;
}

/*
 * opt_command's other hook (sweep's): each of run's and the parameters'
 * flags goes to it, name without dashes and value as given (NULL for a
 * switch), a flag given twice too; nothing of it reaches the setup; its
 * status is opt_parse's.  The command's own rows are still stored, -o
 * still once.  And sweep's rows: in opt_commands, with its hook, usage
 * and -j's range, its flags named as sweep's to other commands.
 */
static void
check_opt_other(void)
{
	static const struct flag_row rows[] = {
		{ .flag = "--quiet", .letter = 'q', .kind = FK_ON,
		  .at = FIELD_OF(struct other_seen, int, n) },
		{ .flag = NULL }
	};
	const struct opt_command cmd = { .name = "t", .rows = rows,
	    .other = other_tap };
	const struct opt_command *const *c;
	const struct flag_row *f;
	char a0[] = "t", a1[] = "--dt", a2[] = "0.1,0.2", a3[] = "--no-h",
	    a4[] = "--dt=3", a5[] = "--zeta", a6[] = "0.5", a7[] = "--frames",
	    a8[] = "2", b1[] = "-o", b2[] = "x", b3[] = "-q";
	char *argv[] = { a0, a1, a2, a3, a4, a5, a6, NULL };
	char *fail[] = { a0, a7, a8, NULL };
	char *twice[] = { a0, b1, b2, b1, b2, NULL };
	char *own[] = { a0, b3, NULL };
	struct other_seen *os = calloc(1, sizeof(*os));
	int status = 0, found = 0;

	CHECK(os != NULL);
	run_setup_init(&os->rs);
	CHECK(opt_parse(&cmd, 7, argv, os, NULL, &os->rs, &os->rs.output) ==
	    EXIT_OK);
	CHECK(os->n == 4 && strcmp(os->name[0], "dt") == 0 &&
	    os->arg[0] == a2 && strcmp(os->name[1], "no-header") == 0 &&
	    os->arg[1] == NULL && os->code[2] == os->code[0] &&
	    strcmp(os->arg[2], "3") == 0 && strcmp(os->name[3], "zeta") == 0 &&
	    os->arg[3] == a6);
	CHECK(!os->rs.have_dt && os->rs.dt != 3.0);
	os->n = 0;
	CHECK(opt_parse(&cmd, 3, fail, os, NULL, &os->rs, &os->rs.output) ==
	    EXIT_IO && os->n == 1);
	message_mute = 1;
	CHECK(opt_parse(&cmd, 5, twice, os, NULL, &os->rs, &os->rs.output) ==
	    EXIT_USAGE);
	message_mute = 0;
	os->n = 0;
	CHECK(opt_parse(&cmd, 2, own, os, NULL, &os->rs, &os->rs.output) ==
	    EXIT_OK && os->n == 1);	/* --quiet stored, in n */
	run_setup_free(&os->rs);
	free(os);
	for (c = opt_commands; *c != NULL; c++)
		found += *c == &sweep_options;
	CHECK(found == 1 && sweep_options.other != NULL &&
	    sweep_options.usage != NULL);
	for (f = sweep_options.rows; !row_end(f); f++)
		if (f->letter == 'j')
			CHECK(f->kind == FK_COUNT && f->min == 1 &&
			    f->max == 256 && strcmp(f->flag, "--jobs") == 0);
	message_mute = 1;
	CHECK(opt_elsewhere("--grid-from=x", &status) == 1 &&
	    status == EXIT_USAGE);
	status = 0;
	CHECK(opt_elsewhere("--shard", &status) == 1 && status == EXIT_USAGE);
	message_mute = 0;
}

/*
 * Each model's refused run flags (run_models[]' refuses): a reason with
 * them, each word a run flag whose giving its row records, and the
 * model refuses it: run's model resolved with it given, a model command
 * run with it (a switch given without the value "1").
 */
static void
check_model_refusals(void)
{
	static const struct flag_row none[] = { { .flag = NULL } };
	const struct opt_command run = { .name = "run", .rows = none };
	const struct run_model *m;
	struct run_setup *rs = malloc(sizeof(*rs));
	char a0[] = "run", a1[] = "--model", a2[32], a3[32], a4[] = "1";
	char *argv[] = { a0, a1, a2, a3, a4, NULL };
	const char *p;
	size_t n;
	int argc, nrefused = 0;

	CHECK(rs != NULL);
	message_mute = 1;
	for (m = run_models; run_model_name(m) != NULL; m++) {
		/* the library's models have no float32 rule, nor critical */
		CHECK(m->lib == NULL || list_has_word(m->refuses, "--float32"));
		CHECK(strcmp(run_model_name(m), "critical") != 0 ||
		    list_has_word(m->refuses, "--float32"));
		for (p = m->refuses; p != NULL && *p != '\0'; p += *p == ' ') {
			n = strcspn(p, " ");
			CHECK(n < sizeof(a3) && strncmp(p, "--", 2) == 0);
			snprintf(a2, sizeof(a2), "%s", run_model_name(m));
			snprintf(a3, sizeof(a3), "%.*s", (int)n, p);
			/* a reason: the flag's own or the row's */
			CHECK(run_flag_why(a3) != NULL || m->why != NULL);
			run_setup_init(rs);
			CHECK(!run_flag_given(rs, a3));
			/* a switch: "1" would be an operand */
			argc = run_parse_rows(rs, &run, NULL, 5, argv) ==
			    EXIT_OK ? 5 : 4;
			run_setup_free(rs);
			run_setup_init(rs);
			CHECK(run_parse_rows(rs, &run, NULL, argc, argv) ==
			    EXIT_OK);
			CHECK(run_flag_given(rs, a3));
			if (m->run != NULL)
				CHECK(m->run(argc, argv) == EXIT_USAGE);
			else
				CHECK(run_setup_resolve(rs) == EXIT_USAGE);
			run_setup_free(rs);
			nrefused++;
			p += n;
		}
	}
	message_mute = 0;
	CHECK(nrefused >= 22);
	free(rs);
}

/* The "did you mean" of s for typo among names (NULL ends), or NULL. */
static const char *
nearest(const char *typo, const char *const *names)
{
	struct suggest s;

	suggest_init(&s, typo, strlen(typo));
	for (; *names != NULL; names++)
		suggest_try(&s, *names);
	return s.best;
}

/*
 * suggest.c over the tables: a typo one edit from a name (a letter
 * dropped, two swapped, one changed) gets that name back from
 * suggest_name, for every engine, rule and model; a name itself is
 * never suggested; a name far from all gets none; and the distance
 * counts a swap of neighbours as one edit, within a third of the length.
 */
static void
suggest_rows(void)
{
	static const char *const few[] = { "model", "metrics", "mass",
	    "max-dt", NULL };
	const spring_engine *const *e;
	const spring_rule *const *r;
	const struct run_model *m;
	char typo[80], buf[96], want[96];
	const char *got;
	size_t n;

	for (e = spring_engines; *e != NULL; e++) {
		n = strlen((*e)->name);
		/* the last letter dropped: "react-sprin" */
		memcpy(typo, (*e)->name, n - 1);
		typo[n - 1] = '\0';
		got = suggest_name(typo, SUGGEST_ENGINES, buf, sizeof(buf), NULL);
		snprintf(want, sizeof(want), "did you mean %s?", (*e)->name);
		CHECK(got != NULL && strcmp(got, want) == 0);
	}
	for (r = spring_rules; *r != NULL; r++) {
		/* the first two letters swapped: "xeplicit" */
		n = strlen((*r)->name);
		memcpy(typo, (*r)->name, n + 1);
		typo[0] = (*r)->name[1];
		typo[1] = (*r)->name[0];
		got = suggest_name(typo, SUGGEST_RULES, buf, sizeof(buf), NULL);
		snprintf(want, sizeof(want), "did you mean %s?", (*r)->name);
		CHECK(got != NULL && strcmp(got, want) == 0);
	}
	for (m = run_models; run_model_name(m) != NULL; m++) {
		/* the first letter changed: "zpring" */
		n = strlen(run_model_name(m));
		memcpy(typo, run_model_name(m), n + 1);
		typo[0] = typo[0] == 'z' ? 'y' : 'z';
		got = suggest_name(typo, SUGGEST_MODELS, buf, sizeof(buf), NULL);
		snprintf(want, sizeof(want), "did you mean %s?",
		    run_model_name(m));
		CHECK(got != NULL && strcmp(got, want) == 0);
		/* every row of the CLI's own says what it is checked against */
		CHECK(m->lib != NULL || m->checked != NULL);
	}
	CHECK(strcmp(suggest_name("implict", SUGGEST_MODELS | SUGGEST_RULES,
	    buf, sizeof(buf), "x"), "did you mean implicit?") == 0);
	CHECK(strcmp(suggest_name("reactspring", SUGGEST_ENGINES, buf,
	    sizeof(buf), "x"), "did you mean react-spring?") == 0);
	CHECK(strcmp(suggest_name("rk5", SUGGEST_RULES, buf, sizeof(buf),
	    "x"), "did you mean rk4?") == 0);
	CHECK(strcmp(suggest_name("zzzzzzzz", SUGGEST_COMMANDS |
	    SUGGEST_MODELS | SUGGEST_RULES | SUGGEST_ENGINES |
	    SUGGEST_DIALECTS | SUGGEST_COLUMNS, buf, sizeof(buf), "none"),
	    "none") == 0);
	/* a swap is one edit; two edits in 5 letters are too many */
	CHECK(nearest("modle", few) != NULL &&
	    strcmp(nearest("modle", few), "model") == 0);
	CHECK(nearest("mdoel", few) != NULL);
	CHECK(nearest("xyzzy", few) == NULL);
	CHECK(nearest("model", few) == NULL);	/* the name itself */
	/* a prefix of 3 letters or more: "metric" and "metricsx" */
	CHECK(nearest("metric", few) != NULL &&
	    strcmp(nearest("metric", few), "metrics") == 0);
	CHECK(nearest("metricsx", few) != NULL &&
	    strcmp(nearest("metricsx", few), "metrics") == 0);
	CHECK(nearest("", few) == NULL);
}

/* A value row f of run's table takes (run_flag_given's test). */
static const char *
sample_value(const struct flag_row *f, char *buf, size_t len)
{
	switch (f->kind) {
	case FK_FRACTION:
		return "0.5";
	case FK_COUNT:
		snprintf(buf, len, "%ld", f->min > 0 ? f->min : 1);
		return buf;
	case FK_RATE:
		return "30";
	case FK_HITCH:
		return "0.1:0.1";
	case FK_NAME:
		return "x";
	default:
		return "1";
	}
}

/*
 * Every flag of run's table records its giving (tune refuses a run flag
 * given without a rule by run_flags_given_all): none on a fresh setup
 * but --model (its default is a name, "spring"), and each given alone is
 * given.
 */
static int
count_given(void *ctx, const char *flag)
{
	if (strcmp(flag, "--model") != 0)
		++*(int *)ctx;
	return 0;
}

static void
check_run_flags_given(void)
{
	static const struct flag_row none[] = { { .flag = NULL } };
	const struct opt_command run = { .name = "run", .rows = none };
	const struct flag_row *f;
	struct run_setup *rs = malloc(sizeof(*rs));
	char a1[64], a2[64], num[32], a0[] = "run";
	char *argv[] = { a0, a1, a2, NULL };
	int n, argc, flags = 0;

	CHECK(rs != NULL);
	run_setup_init(rs);
	n = 0;
	CHECK(run_flags_given_all(rs, count_given, &n) == 0 && n == 0);
	for (f = run_options.rows; !row_end(f); f++) {
		if (f->flag == NULL || f->kind == FK_COMMON ||
		    f->kind == FK_COMMON_VALUE)
			continue;
		snprintf(a1, sizeof(a1), "%s", f->flag);
		argc = 2;
		if (f->kind != FK_ON && f->kind != FK_OFF) {
			snprintf(a2, sizeof(a2), "%s",
			    sample_value(f, num, sizeof(num)));
			argc = 3;
		}
		argv[argc] = NULL;
		CHECK(run_parse_rows(rs, &run, NULL, argc, argv) == EXIT_OK);
		CHECK(run_flag_given(rs, f->flag));
		n = 0;
		CHECK(run_flags_given_all(rs, count_given, &n) == 0 &&
		    n == (strcmp(f->flag, "--model") != 0));
		run_setup_free(rs);
		argv[2] = a2;
		flags++;
	}
	CHECK(flags > 30);
	free(rs);
}

/* The suite: each table against the others and the library's lists. */
void
test_tables(void)
{
	const spring_model *const *o;
	const struct run_model *m;
	struct option all[MAX_LONGOPTS];
	const char *p;
	size_t i, j, n;

	rule_rows();
	model_rows();
	suggest_rows();
	/* the library's models, each a row choosing the library's rules */
	for (o = spring_models; *o != NULL; o++) {
		m = row((*o)->name);
		CHECK(m != NULL && m->lib != NULL && *m->lib == *o &&
		    m->resolve != NULL && m->summary == NULL);
	}
	for (m = run_models; run_model_name(m) != NULL; m++) {
		/* run resolves it, or a command of its own runs it */
		CHECK((m->resolve != NULL) != (m->run != NULL));
		CHECK(m->summary != NULL || m->lib != NULL);
		CHECK(m == row(run_model_name(m)));	/* once */
		CHECK(m->dim_as == NULL || (row(m->dim_as) != NULL &&
		    row(m->dim_as)->run != NULL));
	}
	CHECK(strcmp(run_models[0].name, "spring") == 0);
	/* run's getopt table: every name once, every code once */
	CHECK(run_longopts(NULL, all, sizeof(all) / sizeof(all[0])) == 0);
	for (n = 0; all[n].name != NULL; n++)
		for (j = 0; j < n; j++) {
			CHECK(strcmp(all[j].name, all[n].name) != 0);
			CHECK(all[j].val != all[n].val);
		}
	CHECK(n > 60);
	/* a command's code: its own, not a parameter's, and option_once's */
	{
		struct option own[] = { { "zz-own", required_argument, NULL,
		    CMD_OPT }, { NULL, 0, NULL, 0 } };

		CHECK(run_longopts(own, all, sizeof(all) / sizeof(all[0])) ==
		    0);
		own[0].val = PARAM_OPT;
		CHECK(run_longopts(own, all, sizeof(all) / sizeof(all[0])) ==
		    -1);
		own[0].val = 8 * OPTION_SEEN_BYTES;
		CHECK(run_longopts(own, all, sizeof(all) / sizeof(all[0])) ==
		    -1);
		/* run's own -o again: the exempt codes */
		own[0].val = 'o';
		CHECK(run_longopts(own, all, sizeof(all) / sizeof(all[0])) ==
		    0);
	}
	/* a model owns flags run takes; its own parameter flags too */
	for (m = run_models; run_model_name(m) != NULL; m++) {
		const char *lists[2] = { m->owns, m->params };

		for (j = 0; j < 2; j++)
			for (p = lists[j]; p != NULL && *p != '\0'; p += i) {
				while (*p == ' ')
					p++;
				i = strcspn(p, " ");
				CHECK(strncmp(p, "--", 2) == 0 &&
				    has_flag(all, p + 2, i - 2));
			}
	}
	/* a flag is marked owned exactly when some model owns it */
	for (j = 0; j < n; j++) {
		char flag[64];
		int owned = 0;

		snprintf(flag, sizeof(flag), "--%s", all[j].name);
		for (m = run_models; run_model_name(m) != NULL; m++)
			for (p = m->owns; p != NULL && *p != '\0'; p += i) {
				while (*p == ' ')
					p++;
				i = strcspn(p, " ");
				owned |= i == strlen(flag) &&
				    strncmp(p, flag, i) == 0;
			}
		CHECK(run_flag_owned(all[j].val) == owned);
	}
	/* 'all' of --integrator is every rule, of --substep every policy */
	for (j = 0; j < n; j++) {
		const spring_rule *const *r = spring_rules;
		const spring_policy *const *q = spring_policies;
		long k;

		if (strcmp(all[j].name, "integrator") == 0) {
			for (k = 0; r[k] != NULL; k++)
				CHECK(strcmp(run_flag_all(all[j].val, k),
				    r[k]->name) == 0);
			CHECK(run_flag_all(all[j].val, k) == NULL);
			CHECK(run_flag_sweep(all[j].val) == SWEEP_NAME);
		} else if (strcmp(all[j].name, "substep") == 0) {
			for (k = 0; q[k] != NULL; k++)
				CHECK(strcmp(run_flag_all(all[j].val, k),
				    q[k]->name) == 0);
			CHECK(run_flag_all(all[j].val, k) == NULL);
		} else if (strcmp(all[j].name, "engine") == 0) {
			/* 'all' of --engine is every engine */
			for (k = 0; spring_engines[k] != NULL; k++)
				CHECK(strcmp(run_flag_all(all[j].val, k),
				    spring_engines[k]->name) == 0);
			CHECK(run_flag_all(all[j].val, k) == NULL);
			CHECK(run_flag_sweep(all[j].val) == SWEEP_NAME);
		} else
			CHECK(run_flag_all(all[j].val, 0) == NULL);
		if (strcmp(all[j].name, "hitch") == 0)
			CHECK(run_flag_repeats(all[j].val) &&
			    run_flag_sweep(all[j].val) == SWEEP_FIXED);
		else
			CHECK(!run_flag_repeats(all[j].val));
	}
	metric_columns();
	test_knob_flags(all);
	check_flag_rows();
	check_opt_scan();
	check_opt_other();
	check_model_refusals();
	check_run_flags_given();
}
