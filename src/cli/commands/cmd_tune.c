/*
 * cmd_tune.c - `springsim tune`: the inverse of run.  From a designer's
 * targets (overshoot and settle time, rise time, period and decay) to the
 * spring that meets them; from a designed spring to the parameters an
 * update rule needs at a frame time to move like it (--match modes or
 * response, over one rate or a range); the stiffest spring a rule takes
 * at a frame time.  Printed as convert's name=value block (every
 * convention and dialect), then tune's own keys.
 *
 * The runs are run's (run_setup, spring_simulate), so every run flag
 * (--duration, --x0, --target, --frames-from, --substep, ...) shapes the
 * step response tuned against, and max_err_x is the figure `run
 * --metrics` prints for the same flags.  An engine (--engine, a
 * library's spring, spring/engine.h) plugs in where the rule is stepped:
 * tune only asks a spring_sim for its rows, and gives the engine each
 * candidate (omega, zeta) as physical parameters; --match modes needs a
 * rule's linear step and stays a rule's.  The flags are tuneflags.c's.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grid.h"
#include "numfmt.h"
#include "run.h"
#include "optparse.h"
#include "tuneflags.h"

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

/* The band of settle_time and --settle: --tolerance, or run's 2 %. */
static double
settle_band(const struct tune_opts *to)
{
	return tune_given(to, OPT_TOLERANCE) ? to->tolerance : 0.02;
}

/*
 * The targets as typed but the one of index except (-1: none), for a
 * message: "--overshoot '0.1' --settle '1e-100'" (--decay from ps), into
 * buf.
 */
static const char *
targets_text(const struct tune_opts *to, const struct param_set *ps,
    int except, char *buf, size_t len)
{
	static const struct { int opt; const char *flag; } names[] = {
		{ OPT_OVERSHOOT, "--overshoot" }, { OPT_SETTLE, "--settle" },
		{ OPT_TOLERANCE, "--tolerance" },
		{ OPT_RISE_TIME, "--rise-time" }, { OPT_PERIOD, "--period" }
	};
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < sizeof(names) / sizeof(names[0]) && n < len; i++)
		if (tune_given(to, names[i].opt) && names[i].opt != except)
			n += (size_t)snprintf(buf + n, len - n, "%s%s '%s'",
			    n > 0 ? " " : "", names[i].flag,
			    to->arg[names[i].opt]);
	if (n < len && ps->arg[P_DECAY] != NULL && tune_given(to, OPT_PERIOD))
		snprintf(buf + n, len - n, "%s--decay '%s'", n > 0 ? " " : "",
		    ps->arg[P_DECAY]);
	return buf;
}

/*
 * The spring the targets ask for (mass left as it is): 0, or EXIT_USAGE
 * after a line naming the target that cannot be met and why.
 */
static int
solve_targets(const struct tune_opts *to, const struct param_set *ps,
    double decay, double decay_time, spring_params *p)
{
	char given[400];
	int lead;

	int with = tune_given(to, OPT_SETTLE) + tune_given(to, OPT_RISE_TIME) +
	    tune_given(to, OPT_PERIOD);
	double zeta, omega, tau, sigma;

	if (tune_given(to, OPT_TOLERANCE) && !tune_given(to, OPT_SETTLE))
		return usage_error("--tolerance goes with --settle");
	if (!tune_given(to, OPT_OVERSHOOT)) {
		if (tune_given(to, OPT_PERIOD) && with == 1) {
			if (isnan(decay))
				return usage_error("--period needs --overshoot F "
				    "or --decay P (the period alone leaves the "
				    "damping free)");
			/* omega_d = 2 pi / P, zeta omega = -ln P / T */
			sigma = -log(decay) / decay_time;
			omega = hypot(2.0 * M_PI / to->period, sigma);
			zeta = sigma / omega;
			goto done;
		}
		return usage_error("%s needs --overshoot F (it fixes omega "
		    "only once the damping ratio is known)",
		    tune_given(to, OPT_SETTLE) ? "--settle" : "--rise-time");
	}
	if (with != 1)
		return usage_error("--overshoot needs exactly one of --settle, "
		    "--rise-time, --period (%s)", with == 0 ? "the overshoot "
		    "fixes only the damping ratio" : "each fixes omega: they "
		    "would contradict");
	if (!isnan(decay))
		return usage_error("--decay does not go with --overshoot: both "
		    "fix the damping");
	zeta = spring_zeta_for_overshoot(to->overshoot);
	if (tune_given(to, OPT_SETTLE)) {
		tau = spring_settle_hw(zeta, settle_band(to));
		omega = tau / to->settle;
	} else if (tune_given(to, OPT_RISE_TIME)) {
		tau = spring_rise_hw(zeta, 0.1, 0.9);
		omega = tau / to->rise;
	} else {
		if (to->overshoot == 0.0)
			return usage_error("--period cannot be met with "
			    "--overshoot 0: a spring that does not overshoot "
			    "does not oscillate (no period)");
		omega = 2.0 * M_PI / (to->period * sqrt((1.0 - zeta) *
		    (1.0 + zeta)));
	}
done:
	/* run's range of omega (paramflags.c's); the flag that fixes it */
	if (!(omega >= 1e-100 && omega <= MAX_MAGNITUDE) || !(zeta >= 0.0)) {
		lead = tune_given(to, OPT_SETTLE) ? OPT_SETTLE :
		    tune_given(to, OPT_RISE_TIME) ? OPT_RISE_TIME : OPT_PERIOD;
		warn_msg("%s: '%s' cannot be met (with %s): it gives omega = "
		    "%g rad/s and zeta = %g, outside 1e-100..1e100",
		    lead == OPT_SETTLE ? "--settle" : lead == OPT_RISE_TIME ?
		    "--rise-time" : "--period", to->arg[lead], targets_text(to,
		    ps, lead, given, sizeof(given)), omega, zeta);
		return EXIT_USAGE;
	}
	p->omega = omega;
	p->zeta = zeta;
	return 0;
}

/* One frame rate's run of the designed spring, and its reference. */
struct rate_run {
	spring_sim sim;
	spring_schedule sched;
	double rate;		/* fps, or 0: --dt or a frame-time file */
	double *ref;		/* x_ref of each row */
	long n, cap;
	double untuned;		/* max_err_x of the designed spring */
	int diverged;		/* and whether that run diverged */
};

/* What a candidate's run compares with (spring_row_fn's ctx). */
struct compare {
	const struct rate_run *rr;
	long i;
	double max;
};

/* Keep a row's x_ref (spring_row_fn). */
static int
keep_ref(void *ctx, const spring_row *r, double dt)
{
	struct rate_run *rr = ctx;
	double *p;

	(void)dt;
	if (rr->n == rr->cap) {
		rr->cap = rr->cap ? 2 * rr->cap : 1024;
		if ((p = realloc(rr->ref, (size_t)rr->cap * sizeof(*p))) ==
		    NULL)
			return EXIT_IO;
		rr->ref = p;
	}
	rr->ref[rr->n++] = r->x_ref;
	return 0;
}

/* |x - x_ref of the designed spring| at each row (spring_row_fn). */
static int
compare_row(void *ctx, const spring_row *r, double dt)
{
	struct compare *c = ctx;
	double d;

	(void)dt;
	if (c->i >= c->rr->n)
		return 1;
	d = fabs(r->x - c->rr->ref[c->i++]);
	if (!(d <= c->max))
		c->max = isnan(d) ? INFINITY : d;
	return 0;
}

/*
 * max_err_x of the rule given p, against the designed spring's
 * reference, at one rate: +inf if the run diverges (stops early).
 */
static double
rate_error(const struct rate_run *rr, const spring_params *p)
{
	spring_sim sim = rr->sim;
	struct compare c = { rr, 0, 0.0 };
	spring_metrics m;
	spring_frame_stats fs;

	sim.params = *p;
	/* an engine given a duration form is tried with physical numbers */
	sim.esu.form = SPRING_ENGINE_PHYSICAL;
	if (sim.schedule != NULL)
		sim.schedule = &rr->sched;
	spring_simulate(&sim, compare_row, &c, &m, &fs);
	return c.i < rr->n ? INFINITY : c.max;
}

/* The runs, and the mass, for the response's objective. */
struct response {
	const struct rate_run *runs;
	int nruns;
	double mass;
	long evals;
};

/* The worst max_err_x over the rates of (omega', zeta'). */
static double
worst_error(const struct response *rp, double omega, double zeta)
{
	spring_params p;
	double worst = 0.0, e;
	int i;

	if (!(zeta >= 0.0) || !(omega > 0.0) || !isfinite(omega))
		return INFINITY;
	p.omega = omega;
	p.zeta = zeta;
	p.mass = rp->mass;
	p.fast_exp = 0;
	for (i = 0; i < rp->nruns; i++) {
		e = rate_error(&rp->runs[i], &p);
		if (!(e <= worst))
			worst = e;
	}
	return worst;
}

/* The objective of spring_minimize2: x = (ln omega', zeta'). */
static double
response_objective(void *ctx, const double *x)
{
	struct response *rp = ctx;

	rp->evals++;
	return worst_error(rp, exp(x[0]), x[1]);
}

/*
 * --match response: Nelder-Mead from start (and once more from where it
 * stopped, the usual restart); the best of it, start and the designed
 * spring.  When both diverge, from alt instead (the modes match at the
 * longest step, where there is one).  *best its worst error.
 */
static void
match_response(struct response *rp, const spring_params *start,
    const spring_params *designed, const spring_params *alt,
    spring_params *out, double *best)
{
	double x[2], step[2], v, e;
	int round;

	*out = *start;
	*best = worst_error(rp, start->omega, start->zeta);
	e = worst_error(rp, designed->omega, designed->zeta);
	if (e < *best) {
		*out = *designed;
		*best = e;
	}
	if (!isfinite(*best) && alt != NULL) {
		*out = *alt;
		*best = worst_error(rp, alt->omega, alt->zeta);
	}
	x[0] = log(out->omega);
	x[1] = out->zeta;
	for (round = 0; round < 2; round++) {
		step[0] = 0.05;
		step[1] = 0.05 * fmax(x[1], 0.05);
		v = spring_minimize2(response_objective, rp, x, step, 1e-15,
		    400);
		if (v < *best) {
			*best = v;
			out->omega = exp(x[0]);
			out->zeta = x[1];
		}
	}
}

/* The frame time and spring the block's Ck and Cd are printed at. */
static double
block_dt(const struct run_setup *rs, const struct tune_opts *to)
{
	return to->nrates > 0 ? 1.0 / to->rate[0] : rs->dt;
}

/*
 * Print the block for p, Nissen's at dt, Chou's over decay_time; in the
 * band of --tolerance, the envelope's estimate ln(1 / tol) / r as
 * settle_envelope and p's true settle time as settle_time (run
 * --metrics' in continuous time, the step response from rest).
 */
static void
put_block(out_file *out, const spring_params *p, double dt,
    double decay_time, const struct tune_opts *to, long precision)
{
	spring_conventions c;
	double tol = settle_band(to);

	spring_describe(p, dt, decay_time, &c);
	conventions_write_settle(out, &c, p->zeta > 0.0 ? -log(tol) /
	    spring_decay_rate(p) : INFINITY, spring_settle_hw(p->zeta, tol) /
	    p->omega, precision);
}

/*
 * Where the spring's damping came from, for a message: its targets or
 * its parameter flags as typed, into buf.
 */
static const char *
spring_source(const struct run_setup *rs, const struct tune_opts *to,
    char *buf, size_t len)
{
	char name[64];
	size_t n = 0;
	int p;

	if (to->given[OPT_OVERSHOOT] || to->given[OPT_PERIOD])
		return targets_text(to, &rs->ps, -1, buf, len);
	buf[0] = '\0';
	for (p = 0; p < P_COUNT && n < len; p++) {
		if (!param_given(&rs->ps, (enum param_id)p))
			continue;
		param_flag_name(PARAM_OPT + p, name, sizeof(name));
		n += (size_t)snprintf(buf + n, len - n, "%s%s '%s'",
		    n > 0 ? " " : "", name, rs->ps.arg[p]);
	}
	if (n == 0)
		snprintf(buf, len, "the default spring");
	return buf;
}

/* The longest step the rule takes: the frame time, or --max-dt. */
static double
longest_step(const struct run_setup *rs, const struct tune_opts *to)
{
	double h = rs->dt;
	long i;
	int r;

	if (rs->sim.policy != spring_policy_none)
		return rs->max_dt;
	if (to->nrates > 0)
		for (r = 0, h = 0.0; r < to->nrates; r++)
			h = fmax(h, 1.0 / to->rate[r]);
	else if (rs->sim.schedule != NULL && rs->list != NULL)
		for (i = 0, h = 0.0; i < rs->list_len; i++)
			h = fmax(h, rs->list[i]);
	else if (rs->sim.schedule != NULL)
		h = rs->dt * (1.0 + rs->jitter);
	return h;
}

/* --max-stiffness: the block of the stiffest spring, and its keys. */
static int
max_stiffness(out_file *out, const struct run_setup *rs,
    const struct tune_opts *to, double decay_time)
{
	spring_params p = rs->sim.params;
	double margin = tune_given(to, OPT_MARGIN) ? to->margin : 0.1;
	double hw = spring_max_stable_hw(rs->sim.rule, p.zeta);
	double h = longest_step(rs, to);

	char from[400];

	if (!isfinite(hw)) {
		warn_msg("--max-stiffness: %s is stable at every omega dt at "
		    "zeta %g: no stiffest spring", rs->integrator, p.zeta);
		return EXIT_USAGE;
	}
	p.omega = (1.0 - margin) * hw / h;
	/* run's range of omega: no spring of this damping meets it */
	if (!(hw > 0.0)) {
		warn_msg("--max-stiffness: %s is unstable at every omega dt "
		    "> 0 at zeta %g (%s): no spring of that damping is stable "
		    "with it", rs->integrator, p.zeta, spring_source(rs, to,
		    from, sizeof(from)));
		return EXIT_USAGE;
	}
	if (!(p.omega >= 1e-100 && p.omega <= MAX_MAGNITUDE)) {
		warn_msg("--max-stiffness: %s at zeta %g (%s) is stable up to "
		    "omega dt %g: its stiffest spring at the step %g s, omega "
		    "%g rad/s, is outside 1e-100..1e100", rs->integrator,
		    p.zeta, spring_source(rs, to, from, sizeof(from)), hw, h,
		    p.omega);
		return EXIT_USAGE;
	}
	put_block(out, &p, block_dt(rs, to), decay_time, to, rs->precision);
	key_write_text(out, "integrator", rs->integrator);
	key_write(out, "max_stable_hw", hw, rs->precision);
	key_write(out, "margin", margin, rs->precision);
	key_write(out, "step", h, rs->precision);
	return EXIT_OK;
}

/* Why no setting of the rule matches, in words. */
static const char *
match_why(int status)
{
	return status == SPRING_MATCH_NEGATIVE ? "the match would need a "
	    "negative damping ratio (the rule damps more than the spring at "
	    "this step)" : "no omega', zeta' give its step those eigenvalues "
	    "(beyond what the rule can do at this step)";
}

/*
 * A run that diverged stopped early, and its x_ref with it: the whole
 * reference from the exact rule over the same frames instead, so that
 * the tuned rule is matched over the whole run.
 */
static int
whole_reference(struct rate_run *rr)
{
	spring_sim ref = rr->sim;
	spring_metrics m;
	spring_frame_stats fs;

	ref.rule = spring_rule_exact;
	ref.engine = NULL;
	rr->n = 0;
	if (spring_simulate(&ref, keep_ref, rr, &m, &fs) != 0) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	return EXIT_OK;
}

/*
 * The designed spring at each rate: its runs and their references.
 * EXIT_OK or the exit status.
 */
static int
plan_runs(struct run_setup *rs, const struct tune_opts *to,
    struct rate_run *runs, int *nruns)
{
	spring_metrics m;
	spring_frame_stats fs;
	double kept = 0.0;
	int i, n = to->nrates > 0 ? to->nrates : 1, rc;

	for (i = 0; i < n; i++) {
		struct rate_run *rr = &runs[i];
		double dt = to->nrates > 0 ? 1.0 / to->rate[i] : rs->dt;

		rr->sim = rs->sim;
		rr->sched = rs->sched;
		rr->rate = to->nrates > 0 ? to->rate[i] : 0.0;
		if (to->nrates > 0) {
			rr->sim.dt = dt;
			rr->sched.dt = dt;
			/* an engine counting frames (remotion) at this rate */
			if (rr->sim.esu.fps > 0.0)
				rr->sim.esu.fps = to->rate[i];
			if (rs->sim.schedule == NULL && !rs->have_frames)
				rr->sim.frames = spring_frame_count(
				    rs->duration, dt);
		}
		if ((rc = run_check_cost(rs, dt, &kept, 0, "tune")) !=
		    EXIT_OK)
			return rc;
		if (rr->sim.schedule != NULL)
			rr->sim.schedule = &rr->sched;
		*nruns = i + 1;
		if (spring_simulate(&rr->sim, keep_ref, rr, &m, &fs) != 0) {
			warn_msg("out of memory");
			return EXIT_IO;
		}
		/* run --metrics' figures: over the rows before it diverged */
		rr->untuned = m.max_err_x;
		rr->diverged = m.diverged;
		if (m.diverged && (rc = whole_reference(rr)) != EXIT_OK)
			return rc;
	}
	return EXIT_OK;
}

/* The tuned rule's keys: the figures before and after, each rate's. */
static void
put_figures(out_file *out, const struct run_setup *rs,
    const struct rate_run *runs, int nruns, const spring_params *tuned,
    double untuned, double after)
{
	char key[96], num[NUMFMT_MAX + 1];
	int i, n, diverged = 0;

	for (i = 0; i < nruns; i++)
		diverged |= runs[i].diverged;
	key_write(out, "max_err_x_untuned", untuned, rs->precision);
	key_write_text(out, "diverged_untuned", diverged ? "1" : "0");
	key_write(out, "max_err_x_tuned", after, rs->precision);
	if (nruns < 2 && runs[0].rate == 0.0)
		return;
	for (i = 0; i < nruns; i++) {
		n = numfmt_roundtrip(num, runs[i].rate);
		num[n] = '\0';
		snprintf(key, sizeof(key), "fps_%s_max_err_x_untuned", num);
		key_write(out, key, runs[i].untuned, rs->precision);
		snprintf(key, sizeof(key), "fps_%s_diverged_untuned", num);
		key_write_text(out, key, runs[i].diverged ? "1" : "0");
		snprintf(key, sizeof(key), "fps_%s_max_err_x_tuned", num);
		key_write(out, key, rate_error(&runs[i], tuned), rs->precision);
	}
}

/* Tune the rule: the checks, the match, the block and the figures. */
static int
tune_rule(out_file *out, struct run_setup *rs, const struct tune_opts *to,
    double decay_time)
{
	struct rate_run *runs;
	struct response resp;
	spring_params designed = rs->sim.params, modes, tuned, alt;
	double h = rs->dt, resid = INFINITY, untuned = 0.0, after, e_modes;
	double alt_resid;
	enum match match = to->match;
	int nruns = 0, i, rc, ms = SPRING_MATCH_NONE, have_alt = 0;

	const char *who = rs->sim.engine != NULL ? rs->engine :
	    rs->integrator;

	if (rs->sim.engine != NULL && match == MATCH_MODES)
		return usage_error("--match modes needs a rule's one-step map: "
		    "--engine %s is matched by --match response", rs->engine);
	if (match == MATCH_DEFAULT)
		match = to->nrates > 1 || rs->sim.schedule != NULL ||
		    rs->sim.engine != NULL ? MATCH_RESPONSE : MATCH_MODES;
	if (to->nrates == 1)
		h = 1.0 / to->rate[0];
	if (match == MATCH_MODES && (to->nrates > 1 ||
	    rs->sim.schedule != NULL))
		return usage_error("--match modes needs one frame time (%s "
		    "gives several): use --match response", to->nrates > 1 ?
		    "--fps" : rs->frames_from != NULL ? "--frames-from" :
		    "the schedule");
	if (rs->sim.policy != spring_policy_none && match == MATCH_MODES)
		return usage_error("--match modes matches one step a frame: "
		    "not with --substep %s", rs->substep);
	if ((runs = calloc((size_t)(to->nrates > 0 ? to->nrates : 1),
	    sizeof(*runs))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	if ((rc = plan_runs(rs, to, runs, &nruns)) != EXIT_OK)
		goto done;
	for (i = 0; i < nruns; i++)
		if (!(runs[i].untuned <= untuned))
			untuned = runs[i].untuned;
	resp.runs = runs;
	resp.nruns = nruns;
	resp.mass = designed.mass;
	resp.evals = 0;
	/* the modes match: the answer, or the response's start */
	if (to->nrates <= 1 && rs->sim.schedule == NULL &&
	    rs->sim.policy == spring_policy_none && rs->sim.engine == NULL)
		ms = spring_match_modes(rs->sim.rule, &designed, h, &modes,
		    &resid);
	if (match == MATCH_MODES && ms != SPRING_MATCH_OK) {
		warn_msg("--match modes: %s at dt %g cannot decay and turn as "
		    "the spring (omega %g, zeta %g): %s", rs->integrator, h,
		    designed.omega, designed.zeta, match_why(ms));
		rc = EXIT_USAGE;
		goto done;
	}
	if (match == MATCH_MODES) {
		tuned = modes;
		after = worst_error(&resp, tuned.omega, tuned.zeta);
	} else {
		/* several rates: the modes match at the longest step */
		if (ms != SPRING_MATCH_OK && to->nrates > 1 &&
		    rs->sim.schedule == NULL && rs->sim.policy ==
		    spring_policy_none && rs->sim.engine == NULL &&
		    spring_match_modes(rs->sim.rule, &designed,
		    longest_step(rs, to), &alt, &alt_resid) == SPRING_MATCH_OK)
			have_alt = 1;
		match_response(&resp, ms == SPRING_MATCH_OK ? &modes :
		    &designed, &designed, have_alt ? &alt : NULL, &tuned,
		    &after);
	}
	if (!isfinite(after)) {
		warn_msg("--match response: no setting of %s tried keeps the "
		    "step response finite (every run diverged)", who);
		rc = EXIT_USAGE;
		goto done;
	}
	put_block(out, &tuned, block_dt(rs, to), decay_time, to,
	    rs->precision);
	key_write_text(out, rs->sim.engine != NULL ? "engine" : "integrator",
	    who);
	key_write_text(out, "match", match == MATCH_MODES ? "modes" :
	    "response");
	key_write(out, "designed_omega", designed.omega, rs->precision);
	key_write(out, "designed_zeta", designed.zeta, rs->precision);
	put_figures(out, rs, runs, nruns, &tuned, untuned, after);
	if (ms == SPRING_MATCH_OK) {
		e_modes = worst_error(&resp, modes.omega, modes.zeta);
		if (match == MATCH_RESPONSE)
			key_write(out, "max_err_x_modes", e_modes,
			    rs->precision);
		key_write(out, "modes_residual", resid, rs->precision);
	}
	if (match == MATCH_MODES)
		warn_msg("note: --match modes makes %s decay and turn as the "
		    "spring, not its positions equal frame by frame: max_err_x "
		    "%g untuned%s, %g tuned (--match response minimises it)",
		    rs->integrator, untuned, runs[0].diverged ? " (diverged)" :
		    "", after);
	rc = EXIT_OK;
done:
	for (i = 0; i < nruns; i++)
		free(runs[i].ref);
	free(runs);
	return rc;
}

/*
 * A run flag given without a rule to run (run_flags_given_all's fn):
 * refused, as convert refuses it, but for what the block reads (Ck and
 * Cd at --dt, --precision) and --model (spring, or the rule's name).
 */
static int
without_rule(void *ctx, const char *flag)
{
	static const char *const block[] = { "--model", "--dt", "--precision",
	    NULL };
	const char *const *b;

	(void)ctx;
	for (b = block; *b != NULL; b++)
		if (strcmp(flag, *b) == 0)
			return EXIT_OK;
	return usage_error("%s needs --integrator RULE or --engine NAME: "
	    "without a rule to run tune prints the spring only", flag);
}

/* The run flags tune's runs cannot honour, and other contradictions. */
static int
check_flags(const struct run_setup *rs, const struct tune_opts *to,
    int rule_mode)
{
	if (rs->metrics || rs->columns != NULL)
		return usage_error("%s does not go with tune: it prints the "
		    "block", rs->metrics ? "--metrics" : "--columns");
	if (!rule_mode) {
		if (to->nrates > 0 || to->match != MATCH_DEFAULT ||
		    to->max_stiffness || tune_given(to, OPT_MARGIN))
			return usage_error("%s needs --integrator RULE (the rule "
			    "to tune)", to->nrates > 0 ? "--fps" :
			    to->match != MATCH_DEFAULT ? "--match" :
			    to->max_stiffness ? "--max-stiffness" : "--margin");
		return run_flags_given_all(rs, without_rule, NULL);
	}
	if (tune_given(to, OPT_MARGIN) && !to->max_stiffness)
		return usage_error("--margin goes with --max-stiffness");
	if (to->max_stiffness && to->match != MATCH_DEFAULT)
		return usage_error("--max-stiffness does not go with --match");
	if (to->nrates > 0 && (rs->have_dt || rs->have_frames ||
	    rs->frames_from != NULL))
		return usage_error("%s does not go with --fps: --fps sets the "
		    "frame times", rs->have_dt ? "--dt" : rs->have_frames ?
		    "--frames" : "--frames-from");
	return EXIT_OK;
}

/*
 * --decay-time: Chou's group's own with --hz (not --hz --dr); with
 * --period, --decay P and --decay-time T are tune's decay target (taken
 * out of the groups); otherwise the time Chou's decay is printed over,
 * as in convert.
 */
static int
take_decay(struct run_setup *rs, const struct tune_opts *to, double *decay,
    double *decay_time)
{
	*decay = NAN;
	if (param_given(&rs->ps, P_HZ) && !param_given(&rs->ps, P_DR)) {
		if (param_given(&rs->ps, P_DECAY_TIME))
			*decay_time = rs->ps.value[P_DECAY_TIME];
		return 0;
	}
	if (tune_given(to, OPT_PERIOD) && param_take(&rs->ps, P_DECAY, decay) < 0)
		return -1;
	return param_take(&rs->ps, P_DECAY_TIME, decay_time) < 0 ? -1 : 0;
}

/* `springsim tune`. */
int
cmd_tune(int argc, char **argv)
{
	struct tune_opts *to;
	struct run_setup *rs = NULL;
	struct sink *k = NULL;
	spring_params designed;
	double decay, decay_time = 1.0;
	int rc, targets, rule_mode;

	if ((to = calloc(1, sizeof(*to))) == NULL) {
		warn_msg("out of memory");
		return EXIT_IO;
	}
	if (run_alloc(&rs, &k) != 0) {
		free(to);
		return EXIT_IO;
	}
	if ((rc = run_parse_rows(rs, &tune_options, to, argc, argv)) !=
	    EXIT_OK)
		goto done;
	rc = EXIT_USAGE;
	if (take_decay(rs, to, &decay, &decay_time) != 0)
		goto done;
	targets = tune_given(to, OPT_OVERSHOOT) || tune_given(to, OPT_SETTLE) ||
	    tune_given(to, OPT_PERIOD) || tune_given(to, OPT_RISE_TIME) ||
	    tune_given(to, OPT_TOLERANCE);
	if (targets && param_any_given(&rs->ps)) {
		rc = usage_error("the targets and a parameter group both give "
		    "the spring: give one");
		goto done;
	}
	rule_mode = rs->integrator != NULL || rs->engine != NULL ||
	    (rs->model != NULL && spring_rule_find(rs->model) != NULL);
	if (rs->engine != NULL && to->max_stiffness) {
		rc = usage_error("--max-stiffness needs a rule's stability limit: "
		    "not with --engine %s", rs->engine);
		goto done;
	}
	if ((rc = check_flags(rs, to, rule_mode)) != EXIT_OK)
		goto done;
	/* Ck/Cd at the tuning step: --dt, or the first --fps rate */
	if (to->nrates > 0) {
		rs->dt = 1.0 / to->rate[0];
		rs->sched.dt = rs->dt;
	}
	if ((rc = run_setup_resolve(rs)) != EXIT_OK)
		goto done;
	if (rs->sim.model != NULL || (rs->sim.rule == NULL &&
	    rs->sim.engine == NULL)) {
		rc = usage_error("--model %s: tune tunes the damped spring "
		    "(--model spring, or a rule's name)", rs->model);
		goto done;
	}
	rs->sim.nissen = 0;	/* the spring is resolved: tune varies it */
	designed = rs->sim.params;
	if (targets && (rc = solve_targets(to, &rs->ps, decay, decay_time,
	    &designed)) != 0) {
		rc = EXIT_USAGE;
		goto done;
	}
	rs->sim.params = designed;
	if (out_open(&k->out, rs->output) != 0) {
		rc = EXIT_IO;
		goto done;
	}
	if (!rule_mode) {
		put_block(&k->out, &designed, rs->dt, decay_time, to,
		    rs->precision);
		rc = EXIT_OK;
	} else if (to->max_stiffness)
		rc = max_stiffness(&k->out, rs, to, decay_time);
	else
		rc = tune_rule(&k->out, rs, to, decay_time);
	rc = rc == EXIT_OK ? out_finish(&k->out, 0) :
	    (out_finish(&k->out, 1), rc);
done:
	run_setup_free(rs);
	free(rs);
	free(k);
	free(to);
	return rc;
}
