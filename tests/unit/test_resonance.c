/*
 * test_resonance.c - the sine-driven spring's closed forms (resonance.c)
 * against computations of their own: a hand-worked case (zeta 0.1,
 * omega 2 pi at W = omega), a long-double Runge-Kutta integration of the
 * driven spring's late-time energy, a golden-section search for the
 * peaks; Holden's resonant frequency against the energy peak by the
 * derived expressions; and the peak of a fine simulated sweep.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "spring.h"
#include "suites.h"

#define PI 3.14159265358979323846

/*
 * x'' = w0^2 (A sin(W t) - x) + c (kappa A W cos(W t) - v) from rest,
 * by classic RK4 in long double with n steps a drive period, then the
 * mean of (v^2 + w0^2 x^2) / 2 over the next `periods` periods (by the
 * trapezoid rule, exact for the steady state's trigonometric polynomial).
 */
static double
rk4_energy(double w0, double zeta, double kappa, double amp, double w,
    double settle, int periods)
{
	long double x = 0, v = 0, t = 0, c = 2.0L * zeta * w0, w2 = w0 * w0;
	long double h, k1x, k1v, k2x, k2v, k3x, k3v, k4x, k4v, sum = 0, e;
	long i, n = 2000, skip;

#define ACC(T, X, V) (w2 * (amp * sinl(w * (T)) - (X)) +		\
	c * (kappa * amp * w * cosl(w * (T)) - (V)))
	h = 2.0L * PI / w / n;
	skip = (long)ceill(settle / h);
	for (i = 0; i < skip + (long)periods * n; i++) {
		if (i >= skip) {
			e = 0.5L * (v * v + w2 * x * x);
			sum += i == skip ? 0.5L * e : e;
		}
		k1x = v;
		k1v = ACC(t, x, v);
		k2x = v + 0.5L * h * k1v;
		k2v = ACC(t + 0.5L * h, x + 0.5L * h * k1x, k2x);
		k3x = v + 0.5L * h * k2v;
		k3v = ACC(t + 0.5L * h, x + 0.5L * h * k2x, k3x);
		k4x = v + h * k3v;
		k4v = ACC(t + h, x + h * k3x, k4x);
		x += h / 6.0L * (k1x + 2.0L * k2x + 2.0L * k3x + k4x);
		v += h / 6.0L * (k1v + 2.0L * k2v + 2.0L * k3v + k4v);
		t = (i + 1) * h;
	}
#undef ACC
	e = 0.5L * (v * v + w2 * x * x);
	sum += 0.5L * e;
	return (double)(sum / ((long double)periods * n));
}

/* The hand-worked case: zeta 0.1, omega 2 pi, driven at W = omega. */
static void
hand_case(void)
{
	double w0 = 2.0 * PI, z = 0.1;

	/* kappa 0: |H| = w0^2 / (c w0) = 1 / (2 zeta) = 5 */
	CHECK_NEAR(spring_resonance_gain(w0, z, 0.0, w0), 5.0, 1e-14);
	/* E = A^2 |H|^2 (W^2 + w0^2) / 4 = 25 * 2 w0^2 / 4, A = 2: x4 */
	CHECK_NEAR(spring_resonance_energy(w0, z, 0.0, 2.0, w0),
	    4.0 * 12.5 * w0 * w0, 1e-12 * w0 * w0);
	/* kappa 1: |H| = |w0^2 + i c w0| / (c w0) = sqrt(1 + 4 z^2) / 2z */
	CHECK_NEAR(spring_resonance_gain(w0, z, 1.0, w0),
	    sqrt(1.04) / 0.2, 1e-14);
	/* far below: |H| -> 1; far above, kappa 0: ~ w0^2 / W^2 */
	CHECK_NEAR(spring_resonance_gain(w0, z, 0.0, 1e-6), 1.0, 1e-12);
	CHECK_NEAR(spring_resonance_gain(w0, z, 0.0, 1e3 * w0) * 1e6, 1.0,
	    1e-5);
}

/* The closed-form energy against the RK4 integration's, both kappas. */
static void
against_rk4(void)
{
	static const double ratio[] = { 0.3, 0.9, 1.0, 1.05, 1.6, 3.0 };
	double w0 = 2.0 * PI, z = 0.1, settle, want, got;
	size_t i;
	int kappa;

	settle = spring_resonance_settle(w0, z);
	for (kappa = 0; kappa <= 1; kappa++)
		for (i = 0; i < sizeof(ratio) / sizeof(ratio[0]); i++) {
			want = rk4_energy(w0, z, kappa, 0.7, ratio[i] * w0,
			    settle, 3);
			got = spring_resonance_energy(w0, z, kappa, 0.7,
			    ratio[i] * w0);
			CHECK_NEAR(got / want, 1.0, 1e-5);
		}
}

/* f's maximum on [lo, hi] by golden-section search (f unimodal there). */
static double
golden_max(double w0, double z, double kappa, int measure, double lo,
    double hi)
{
	double g = (sqrt(5.0) - 1.0) / 2.0, a = lo, b = hi, c, d, fc, fd;
	int i;

#define F(W) (measure == SPRING_RES_ENERGY ?				\
	spring_resonance_energy(w0, z, kappa, 1.0, W) :			\
	measure == SPRING_RES_AMPLITUDE ?				\
	spring_resonance_gain(w0, z, kappa, W) :			\
	(W) * spring_resonance_gain(w0, z, kappa, W))
	for (i = 0; i < 200; i++) {
		c = b - g * (b - a);
		d = a + g * (b - a);
		fc = F(c);
		fd = F(d);
		if (fc > fd)
			b = d;
		else
			a = c;
	}
#undef F
	return 0.5 * (a + b);
}

/* The peaks: the textbook kappa 0 forms, the kappa 1 ones, a search. */
static void
peaks(void)
{
	static const double zs[] = { 0.02, 0.1, 0.3, 0.5, 0.6 };
	double w0 = 3.7, z, a, want;
	size_t i;
	int kappa, m;

	for (i = 0; i < sizeof(zs) / sizeof(zs[0]); i++) {
		z = zs[i];
		a = 4.0 * z * z;
		/* kappa 0: energy 2 sqrt(1 - z^2) - 1, amplitude
		 * sqrt(w0^2 - 2 gamma^2), velocity w0 */
		CHECK_NEAR(spring_resonance_peak(w0, z, 0.0, SPRING_RES_ENERGY),
		    w0 * sqrt(2.0 * sqrt(1.0 - z * z) - 1.0), 1e-13 * w0);
		CHECK_NEAR(spring_resonance_peak(w0, z, 0.0,
		    SPRING_RES_AMPLITUDE), sqrt(w0 * w0 - 2.0 * z * z * w0 *
		    w0), 1e-13 * w0);
		CHECK_NEAR(spring_resonance_peak(w0, z, 0.0,
		    SPRING_RES_VELOCITY), w0, 1e-13 * w0);
		/* kappa 1: energy 3 / (1 - a + sqrt((4 - a)(1 + 2a))),
		 * amplitude 2 / (1 + sqrt(1 + 2a)), velocity 1 /
		 * (sqrt(1 + 2a) - a) */
		CHECK_NEAR(spring_resonance_peak(w0, z, 1.0, SPRING_RES_ENERGY),
		    w0 * sqrt(3.0 / (1.0 - a + sqrt((4.0 - a) *
		    (1.0 + 2.0 * a)))), 1e-13 * w0);
		CHECK_NEAR(spring_resonance_peak(w0, z, 1.0,
		    SPRING_RES_AMPLITUDE), w0 * sqrt(2.0 / (1.0 +
		    sqrt(1.0 + 2.0 * a))), 1e-13 * w0);
		CHECK_NEAR(spring_resonance_peak(w0, z, 1.0,
		    SPRING_RES_VELOCITY), w0 / sqrt(sqrt(1.0 + 2.0 * a) - a),
		    1e-13 * w0);
		/* and each against a search of the closed form itself */
		for (kappa = 0; kappa <= 1; kappa++)
			for (m = SPRING_RES_ENERGY; m <= SPRING_RES_VELOCITY;
			    m++) {
				want = golden_max(w0, z, kappa, m, 0.05 * w0,
				    3.0 * w0);
				CHECK_NEAR(spring_resonance_peak(w0, z, kappa, m),
				    want, 1e-6 * w0);
			}
	}
	/* no peak: kappa 0 beyond sqrt(3) / 2 falls from 0; kappa 1 beyond
	 * a^2 - 3a - 1 = 0 rises for ever; zeta 0 peaks at w0 */
	CHECK_EQ(spring_resonance_peak(w0, 0.9, 0.0, SPRING_RES_ENERGY), 0.0);
	CHECK(spring_resonance_peak(w0, 0.85, 0.0, SPRING_RES_ENERGY) > 0.0);
	CHECK(isinf(spring_resonance_peak(w0, 0.95, 1.0, SPRING_RES_ENERGY)));
	CHECK(isfinite(spring_resonance_peak(w0, 0.9, 1.0,
	    SPRING_RES_ENERGY)));
	CHECK_EQ(spring_resonance_peak(w0, 0.0, 1.0, SPRING_RES_ENERGY), w0);
	CHECK_EQ(spring_resonance_peak(w0, 0.0, 0.0, SPRING_RES_ENERGY), w0);
}

/*
 * Holden's resonant_frequency(W, H) gives the stiffness W^2 - d^2 / 4, so
 * the spring (w0, d = 2 z w0) is his for W_H^2 = w0^2 + d^2 / 4 = w0^2
 * (1 + z^2): for w0 = 5, z = 0.75, W_H = 5 sqrt(1.5625) = 6.25.  Against
 * the energy peak: kappa 0, u_E = 2 sqrt(1 - z^2) - 1, so W_H^2 - W_E^2 =
 * w0^2 (2 + z^2 - 2 sqrt(1 - z^2)) exactly; kappa 1, u_E = 3 / (1 - a +
 * sqrt((4 - a)(1 + 2a))), a = 4 z^2, = 1 - z^2 + O(z^4), so
 * (W_H^2 - W_E^2) / (w0^2 z^2) -> 2.
 */
static void
holden(void)
{
	static const double zs[] = { 0.05, 0.1, 0.3, 0.5, 0.7 };
	double w0 = 5.0, z, wh, we, s;
	size_t i;

	CHECK_NEAR(spring_resonance_holden(w0, 0.75), 6.25, 1e-15);
	/* over-damped springs too: 5 sqrt(1 + 2.25) */
	CHECK_NEAR(spring_resonance_holden(w0, 1.5), 5.0 * sqrt(3.25), 1e-14);
	for (i = 0; i < sizeof(zs) / sizeof(zs[0]); i++) {
		z = zs[i];
		s = 2.0 + z * z - 2.0 * sqrt(1.0 - z * z);
		wh = spring_resonance_holden(w0, z);
		we = spring_resonance_peak(w0, z, 0.0, SPRING_RES_ENERGY);
		CHECK_NEAR((wh * wh - we * we) / (w0 * w0), s, 1e-13 * s);
	}
	z = 0.001;
	wh = spring_resonance_holden(w0, z);
	we = spring_resonance_peak(w0, z, 1.0, SPRING_RES_ENERGY);
	CHECK_NEAR((wh * wh - we * we) / (w0 * w0 * z * z), 2.0, 1e-4);
}

/* A parabola's vertex, the settling time. */
static void
helpers(void)
{
	double x[3] = { 1.0, 2.0, 4.0 }, y[3];
	int i;

	for (i = 0; i < 3; i++)		/* -3 (x - 2.3)^2 + 7 */
		y[i] = -3.0 * (x[i] - 2.3) * (x[i] - 2.3) + 7.0;
	CHECK_NEAR(spring_parabola_vertex(x, y), 2.3, 1e-14);
	y[0] = y[1] = y[2] = 1.0;
	CHECK_EQ(spring_parabola_vertex(x, y), 2.0);
	CHECK_NEAR(spring_resonance_settle(4.0 * PI, 0.3),
	    log(1e6) / (0.3 * 4.0 * PI), 1e-14);
	/* over-damped: the slow root omega (zeta - sqrt(zeta^2 - 1)) */
	CHECK_NEAR(spring_resonance_settle(2.0, 1.25),
	    log(1e6) / (2.0 * (1.25 - 0.75)), 1e-12);
	CHECK(isinf(spring_resonance_settle(2.0, 0.0)));
}

/* A sim of rule at dt driven at W, over [settle, settle + periods T). */
static double
simulated(const spring_rule *rule, double w0, double z, double dt,
    double w, int vel, double q0, double *t0)
{
	spring_sim sim;
	spring_signal sig;
	double e, t1;

	memset(&sim, 0, sizeof(sim));
	memset(&sig, 0, sizeof(sig));
	sig.kind = SPRING_SIGNAL_SINE;
	sig.g0 = 1.0;
	sig.q0 = q0;
	sig.amp = 0.5;
	sig.period = 2.0 * PI / w;
	sim.rule = rule;
	spring_params_set(w0, z, 1.0, &sim.params);
	sim.target = 1.0;
	sim.target_vel = q0;
	sim.dt = dt;
	sim.policy = spring_policy_none;
	sim.max_dt = dt;
	sim.max_substeps = 1;
	sim.signal = &sig;
	sim.vel_source = vel;
	*t0 = spring_resonance_settle(w0, z);
	t1 = *t0 + 10.0 * sig.period;
	sim.frames = spring_frame_count(t1, dt);
	if (spring_resonance_mean_energy(&sim, *t0, t1, &e, NULL, NULL) != 0)
		return NAN;
	return e;
}

/*
 * The measured energy of a fine rule at a small dt against the closed
 * form (the rest state's lag with kappa 0 and a moving base included),
 * and the peak of a fine sweep: on the closed-form peak within the
 * grid's step, and as far from Holden's as the derived expression says.
 */
static void
sweep(void)
{
	/* zeta such that Holden's is several grid steps off */
	static const struct {
		int kappa;
		double zeta;
	} cases[] = { { 0, 0.5 }, { 1, 0.3 } };
	double w0 = 2.0 * PI, z, t0, e, best, x[3], y[3];
	double step = 0.002 * w0, lo = 0.8 * w0, w, wp, wh, we;
	double es[126];
	int i, k = 0, c;

	/*
	 * the window's edges fall within a frame of whole periods: off by at
	 * most dt / window of E's oscillating part, (W^2 - w0^2) / (W^2 +
	 * w0^2) of its mean; 1e-3 / 7.7 s * 0.26 = 3.4e-5 at 1.3 w0
	 */
	e = simulated(spring_rule_rk4, w0, 0.3, 1e-3, 1.3 * w0,
	    SPRING_VEL_SIGNAL, 0.0, &t0);
	CHECK_NEAR(e / spring_resonance_energy(w0, 0.3, 1.0, 0.5, 1.3 * w0),
	    1.0, 3.4e-5);
	e = simulated(spring_rule_rk4, w0, 0.3, 1e-3, 0.8 * w0,
	    SPRING_VEL_ZERO, 0.4, &t0);
	CHECK_NEAR(e / spring_resonance_energy(w0, 0.3, 0.0, 0.5, 0.8 * w0),
	    1.0, 1e-3 / 12.5 * 0.22);
	for (c = 0; c < 2; c++) {
		z = cases[c].zeta;
		best = -1.0;
		for (i = 0; i < 126; i++) {
			w = lo + i * step;
			es[i] = simulated(spring_rule_rk4, w0, z, 1.0 / 240.0,
			    w, cases[c].kappa ? SPRING_VEL_SIGNAL :
			    SPRING_VEL_ZERO, 0.0, &t0);
			if (es[i] > best) {
				best = es[i];
				k = i;
			}
		}
		CHECK(k > 0 && k < 125);
		if (!(k > 0 && k < 125))
			continue;
		for (i = 0; i < 3; i++) {
			x[i] = lo + (k - 1 + i) * step;
			y[i] = es[k - 1 + i];
		}
		wp = spring_parabola_vertex(x, y);
		we = spring_resonance_peak(w0, z, cases[c].kappa,
		    SPRING_RES_ENERGY);
		wh = spring_resonance_holden(w0, z);
		CHECK_NEAR(wp, we, step);
		/*
		 * how far from Holden's: the derived differences, W_H =
		 * w0 sqrt(1 + z^2) against the closed-form peaks
		 */
		if (cases[c].kappa == 0)
			CHECK_NEAR(wh - wp, w0 * w0 * (2.0 + z * z - 2.0 *
			    sqrt(1.0 - z * z)) / (wh + we), step);
		else
			CHECK_NEAR(wh - wp, w0 * sqrt(1.0 + z * z) - w0 *
			    sqrt(3.0 / (1.0 - 4 * z * z + sqrt((4.0 - 4 * z *
			    z) * (1.0 + 8 * z * z)))), step);
		/* several steps: the check above can tell them apart */
		CHECK(fabs(wh - we) > 4.0 * step);
	}
}

void
test_resonance(void)
{
	hand_case();
	against_rk4();
	peaks();
	holden();
	helpers();
	sweep();
}
