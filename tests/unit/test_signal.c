/*
 * test_signal.c - target signals and their exact reference, against
 * solutions written out independently: a step hit while the spring moves
 * (two segments by hand), the sine's frequency response worked by hand
 * plus a long-double Runge-Kutta integration of the transient, the ramp's
 * lag 2 zeta / omega, the noise's reproducibility, a recorded file against
 * the same ramp.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define PI 3.14159265358979323846

/*
 * The under-damped spring toward a fixed goal g from (x0, v0), by the
 * textbook: x = g + e^{-a t} (A cos(b t) + B sin(b t)), a = zeta omega,
 * b = omega sqrt(1 - zeta^2), A = x0 - g, B = (v0 + a A) / b.
 */
static void
textbook(double w, double z, double g, double x0, double v0, double t,
    double *x, double *v)
{
	double a = z * w, b = w * sqrt(1 - z * z);
	double A = x0 - g, B = (v0 + a * A) / b, E = exp(-a * t);
	double c = cos(b * t), s = sin(b * t);

	*x = g + E * (A * c + B * s);
	*v = E * (-a * (A * c + B * s) + b * (-A * s + B * c));
}

/* A step at 0.5 s while the spring is moving: two segments by hand. */
static void
step_two_segments(void)
{
	spring_signal sig;
	spring_params p = { 3.0, 0.2, 1.0, 0 };
	spring_sigref r;
	spring_state s;
	double xm, vm, x, v;
	static const double ts[] = { 0.25, 0.5, 0.8, 2.0, 7.5 };
	size_t i;

	memset(&sig, 0, sizeof(sig));
	sig.kind = SPRING_SIGNAL_STEP;
	sig.g0 = 1.0;
	sig.amp = 1.0;
	sig.at = 0.5;
	sig.period = 1.0;
	spring_sigref_init(&r, &p, 0.0, 2.0, &sig, SPRING_VEL_SIGNAL);
	/* segment 1 toward 1 from (0, 2); at 0.5, segment 2 toward 2 */
	textbook(3.0, 0.2, 1.0, 0.0, 2.0, 0.5, &xm, &vm);
	for (i = 0; i < sizeof(ts) / sizeof(ts[0]); i++) {
		if (ts[i] < 0.5)
			textbook(3.0, 0.2, 1.0, 0.0, 2.0, ts[i], &x, &v);
		else
			textbook(3.0, 0.2, 2.0, xm, vm, ts[i] - 0.5, &x, &v);
		spring_sigref_at(&r, ts[i], &s);
		CHECK_NEAR(s.x, x, 1e-13);
		CHECK_NEAR(s.v, v, 1e-12);
	}
	/* the state is continuous across the jump: at 0.5 it is xm, vm */
	spring_sigref_init(&r, &p, 0.0, 2.0, &sig, SPRING_VEL_SIGNAL);
	spring_sigref_at(&r, 0.5, &s);
	CHECK_NEAR(s.x, xm, 1e-13);
	CHECK_NEAR(s.v, vm, 1e-12);
}

/* The sine target as a first-order system, for the Runge-Kutta check. */
static void
sine_rhs(long double t, long double x, long double v, long double kappa,
    long double *dx, long double *dv)
{
	long double w = 2.0L, z = 0.25L, W = 1.0L, A = 0.5L;
	long double g = 1.0L + A * sinl(W * t), q = A * W * cosl(W * t);

	*dx = v;
	*dv = w * w * (g - x) + 2.0L * z * w * (kappa * q - v);
}

/*
 * A sine target g = 1 + 0.5 sin(t) on the spring omega = 2, zeta = 0.25.
 * By hand: omega^2 = 4, W = 1, 2 zeta omega W = 1.  Fed zero velocity,
 * H = 4 / (3 + i): |H| = 4 / sqrt(10), arg H = -atan(1/3).  Fed the
 * signal's, H = (4 + i) / (3 + i): |H| = sqrt(17 / 10), arg H =
 * atan(1/4) - atan(1/3).  By t = 70 the transient, e^{-0.5 t}, is 6e-16.
 */
static void
sine_response(void)
{
	spring_signal sig;
	spring_params p = { 2.0, 0.25, 1.0, 0 };
	spring_sigref r;
	spring_state s;
	double mag[2] = { 4.0 / sqrt(10.0), sqrt(17.0 / 10.0) };
	double arg[2] = { -atan(1.0 / 3.0), atan(0.25) - atan(1.0 / 3.0) };
	int src[2] = { SPRING_VEL_ZERO, SPRING_VEL_SIGNAL }, j, i;

	memset(&sig, 0, sizeof(sig));
	sig.kind = SPRING_SIGNAL_SINE;
	sig.g0 = 1.0;
	sig.amp = 0.5;
	sig.period = 2.0 * PI;
	for (j = 0; j < 2; j++) {
		double worst = 0.0;

		spring_sigref_init(&r, &p, 0.0, 0.0, &sig, src[j]);
		for (i = 0; i < 100; i++) {
			double t = 70.0 + 0.1 * i;
			double want = 1.0 + 0.5 * mag[j] * sin(t + arg[j]);

			spring_sigref_at(&r, t, &s);
			worst = fmax(worst, fabs(s.x - want));
		}
		CHECK_NEAR(worst, 0.0, 1e-12);
	}
	/* the transient too: long-double RK4 at h = 1e-4 over [0, 3] */
	for (j = 0; j < 2; j++) {
		long double x = 0.0L, v = 0.0L, t = 0.0L, h = 1e-4L;
		long double kappa = src[j] == SPRING_VEL_ZERO ? 0.0L : 1.0L;
		long double k1x, k1v, k2x, k2v, k3x, k3v, k4x, k4v;
		double worst = 0.0;
		int n;

		spring_sigref_init(&r, &p, 0.0, 0.0, &sig, src[j]);
		for (n = 1; n <= 30000; n++) {
			sine_rhs(t, x, v, kappa, &k1x, &k1v);
			sine_rhs(t + h / 2, x + h / 2 * k1x, v + h / 2 * k1v, kappa,
			    &k2x, &k2v);
			sine_rhs(t + h / 2, x + h / 2 * k2x, v + h / 2 * k2v, kappa,
			    &k3x, &k3v);
			sine_rhs(t + h, x + h * k3x, v + h * k3v, kappa, &k4x,
			    &k4v);
			x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x);
			v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v);
			t = n * h;
			if (n % 1000 == 0) {
				spring_sigref_at(&r, (double)t, &s);
				worst = fmax(worst, fabs(s.x - (double)x));
			}
		}
		CHECK_NEAR(worst, 0.0, 1e-12);
	}
}

/*
 * A ramp of slope s from rest: fed zero velocity, the exact spring settles
 * at g - 2 zeta s / omega (x'' = 0, x' = s: omega^2 (g - x) = 2 zeta omega
 * s), a lag of 2 zeta / omega in time; fed the slope, on the ramp itself.
 */
static void
ramp_lag(void)
{
	spring_signal sig;
	spring_params p = { 10.0, 0.5, 1.0, 0 };
	spring_sigref r;
	spring_state s;
	double g;

	memset(&sig, 0, sizeof(sig));
	sig.kind = SPRING_SIGNAL_RAMP;
	sig.g0 = 1.0;
	sig.amp = 3.0;
	sig.period = 1.5;		/* slope 2 from t = 0.25 */
	sig.at = 0.25;
	spring_sigref_init(&r, &p, 1.0, 0.0, &sig, SPRING_VEL_ZERO);
	spring_sigref_at(&r, 12.0, &s);
	g = 1.0 + 2.0 * (12.0 - 0.25);
	CHECK_NEAR(s.x, g - 2 * 0.5 * 2.0 / 10.0, 1e-12);
	CHECK_NEAR(s.v, 2.0, 1e-12);
	spring_sigref_init(&r, &p, 1.0, 0.0, &sig, SPRING_VEL_SIGNAL);
	spring_sigref_at(&r, 12.0, &s);
	CHECK_NEAR(s.x, g, 1e-12);
}

/*
 * Every rule fed the ramp's slope follows it with no steady-state lag;
 * fed zero, semi-implicit Euler lags by 2 zeta s / omega too (its steady
 * state: v = s, so w2 (g - x) h = c s h).  The lag metric finds 2 zeta /
 * omega within its resolution dt / 10.
 */
static void
rules_on_ramp(void)
{
	spring_signal sig;
	spring_sim sim = {
	    .params = { 10.0, 0.5, 1.0, 0 },
	    .target = 1.0,
	    .dt = 1.0 / 60,
	    .frames = 600,
	};
	const spring_rule *const *rule;
	struct {
		double t[601], x[601];
		long n;
	} kept;
	spring_metrics m;
	double lag, att;

	memset(&sig, 0, sizeof(sig));
	sig.kind = SPRING_SIGNAL_RAMP;
	sig.g0 = 1.0;
	sig.amp = 2.0;
	sig.period = 1.0;
	sim.signal = &sig;
	for (rule = spring_rules; *rule != NULL; rule++) {
		sim.rule = *rule;
		sim.vel_source = SPRING_VEL_SIGNAL;
		spring_simulate(&sim, NULL, NULL, &m, NULL);
		/* the error at the end is the x - g of the rule's own */
		CHECK(m.final_err_x < 1e-9);
	}
	/* semi-implicit fed zero, frames kept for the lag */
	sim.rule = spring_rule_semi_implicit;
	sim.vel_source = SPRING_VEL_ZERO;
	kept.n = 0;
	{
		spring_stepper st;
		double wall;
		long n;

		spring_stepper_init(&st, sim.rule, NULL, &sim.params, 0, 0,
		    1.0, 0.0, 1.0, 0.0);
		st.signal = &sig;
		st.vel_source = SPRING_VEL_ZERO;
		for (n = 1; n <= 600; n++) {
			wall = (double)n / 60;
			spring_stepper_advance(&st, 1.0 / 60, wall);
			kept.t[kept.n] = wall;
			kept.x[kept.n++] = st.shown.x;
		}
		/* x = g - 2 zeta s / omega = g - 0.2 at the end */
		CHECK_NEAR(st.shown.x, 1.0 + 2.0 * 10.0 - 0.2, 1e-9);
	}
	spring_tracking(&sig, 10.0, kept.t, kept.x, kept.n, 1.0 / 60, &lag,
	    &att);
	CHECK_NEAR(lag, 0.1, 1.0 / 600);
	CHECK_EQ(att, 0.0);		/* a ramp has nothing to damp */
}

/* The noise: the same seed, the same values; hold and linear agree at k T. */
static void
noise(void)
{
	spring_signal a, b;
	double ga, gb, q;
	int i, same = 1, differ = 0;

	memset(&a, 0, sizeof(a));
	a.kind = SPRING_SIGNAL_NOISE;
	a.amp = 2.0;
	a.period = 0.1;
	a.seed = 5;
	b = a;
	for (i = 0; i < 200; i++) {
		spring_signal_at(&a, 0.037 * i, &ga, &q);
		spring_signal_at(&b, 0.037 * i, &gb, &q);
		same &= ga == gb && fabs(ga) <= 2.0;
	}
	CHECK(same);
	b.seed = 6;
	for (i = 0; i < 50; i++) {
		spring_signal_at(&a, 0.1 * i + 0.05, &ga, &q);
		spring_signal_at(&b, 0.1 * i + 0.05, &gb, &q);
		differ += ga != gb;
	}
	CHECK(differ == 50);
	/* held: constant over a period, velocity 0 */
	spring_signal_at(&a, 0.31, &ga, &q);
	spring_signal_at(&a, 0.39, &gb, &q);
	CHECK(ga == gb && q == 0.0);
	/* linear: at k T the held value (5 x 0.1 is 0.5 exactly) */
	b = a;
	b.linear = 1;
	spring_signal_at(&a, 0.5, &ga, &q);
	spring_signal_at(&b, 0.5, &gb, &q);
	CHECK_NEAR(gb, ga, 1e-15);
	{
		double g3, g4, gm;

		spring_signal_at(&a, 0.35, &g3, &q);
		spring_signal_at(&a, 0.45, &g4, &q);
		spring_signal_at(&b, 0.35, &gm, &q);
		/* halfway, the mean (3 x 0.1 is 0.30000000000000004) */
		CHECK_NEAR(gm, 0.5 * (g3 + g4), 1e-14);
	}
}

/*
 * A recorded file of the ramp's breakpoints gives the ramp's exact
 * reference (the file is the same piecewise-linear function).
 */
static void
file_equals_ramp(void)
{
	static const double t[] = { 0.0, 0.25, 40.0 };
	static const double g[] = { 1.0, 1.0, 1.0 + 2.0 * 39.75 };
	spring_signal ramp, file;
	spring_params p = { 7.0, 0.4, 1.0, 0 };
	spring_sigref ra, rb;
	spring_state sa, sb;
	double worst = 0.0;
	int i;

	memset(&ramp, 0, sizeof(ramp));
	ramp.kind = SPRING_SIGNAL_RAMP;
	ramp.g0 = 1.0;
	ramp.amp = 2.0;
	ramp.period = 1.0;
	ramp.at = 0.25;
	memset(&file, 0, sizeof(file));
	file.kind = SPRING_SIGNAL_FILE;
	file.t = t;
	file.g = g;
	file.n = 3;
	spring_sigref_init(&ra, &p, 0.5, -1.0, &ramp, SPRING_VEL_SIGNAL);
	spring_sigref_init(&rb, &p, 0.5, -1.0, &file, SPRING_VEL_SIGNAL);
	for (i = 1; i <= 300; i++) {
		spring_sigref_at(&ra, 0.1 * i, &sa);
		spring_sigref_at(&rb, 0.1 * i, &sb);
		worst = fmax(worst, fabs(sa.x - sb.x) / (1.0 + fabs(sa.x)));
	}
	CHECK_NEAR(worst, 0.0, 1e-13);
}

/*
 * The noise's value k is splitmix64 at counter k modulo 2^64, k =
 * floor(t / T) as a double: at t = 2^64 + 4096 (T = 1) the counter is
 * 4096, the value at t = 4096.5; at -(2^64 + 4096) it is -4096 modulo
 * 2^64, the value at -4095.5.  Such a k has no long (converting it was
 * undefined behaviour: a period of 1e-300 s gave k = 1.7e298), nor
 * does k = 1e298, which must still give a value within the amplitude.
 */
static void
noise_far(void)
{
	spring_signal a;
	double g, want, q;

	memset(&a, 0, sizeof(a));
	a.kind = SPRING_SIGNAL_NOISE;
	a.amp = 2.0;
	a.period = 1.0;
	a.seed = 5;
	spring_signal_at(&a, 4096.5, &want, &q);
	spring_signal_at(&a, 0x1p64 + 4096.0, &g, &q);
	CHECK_EQ(g, want);
	spring_signal_at(&a, -4095.5, &want, &q);
	spring_signal_at(&a, -0x1p64 - 4096.0, &g, &q);
	CHECK_EQ(g, want);
	a.period = 1e-300;
	a.linear = 1;
	spring_signal_at(&a, 1.0 / 60, &g, &q);
	CHECK(fabs(g) <= 2.0 && isfinite(q));
}

void
test_signal(void)
{
	step_two_segments();
	sine_response();
	ramp_lag();
	rules_on_ramp();
	noise();
	file_equals_ramp();
	noise_far();
}
