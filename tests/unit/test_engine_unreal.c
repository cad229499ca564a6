/*
 * test_engine_unreal.c - Unreal Engine 5.8's springs (engine_unreal.c):
 * unreal-smoothing, unreal-spring-damper, unreal-float-spring.
 *
 * No Unreal runtime here.  Checked against (1) frames computed by hand
 * from the formulas read in UnrealMathUtility.h and KismetMathLibrary.cpp,
 * in float, written out below with the values they give (computed apart
 * from springsim, by a float32 emulation rounding after every operation);
 * (2) InvExpApprox against exp over the range its comment documents; and
 * (3) the exact spring where the functions claim exactness: each is the
 * exact step but for InvExpApprox (and SinCos), so after k frames of dt
 * each mode of the exact spring is scaled by r^k, r = InvExpApprox(a dt)
 * e^(a dt) for the mode's decay rate a.  That closed form, in double,
 * must match the engine to float precision.
 */
#include <math.h>
#include <string.h>

#include "check.h"
#include "golden.h"
#include "suites.h"
#include "spring.h"
#include "spring/engine.h"

#define PI 3.14159265358979323846

/* InvExpApprox in double, with the header's coefficients. */
static double
inv_exp(double x)
{
	return 1.0 / (1.0 + 1.00746054 * x + 0.45053901 * x * x +
	    0.25724632 * x * x * x);
}

/*
 * InvExpApprox: 1 at 0; its comment's "below 0.1 %" on 0 < x < 1 holds
 * to x = 0.98 and is 0.112 % at x = 1; above e^-x past 1; its slope at 0
 * is -1.00746 (0.746 % fast), the error at high frame rates.
 */
static void
test_inv_exp(void)
{
	double worst = 0.0, worst98 = 0.0, x, r;
	int i;

	CHECK_EQ(inv_exp(0.0), 1.0);
	for (i = 1; i <= 10000; i++) {
		x = i / 10000.0;
		r = fabs(inv_exp(x) * exp(x) - 1.0);
		worst = fmax(worst, r);
		if (x <= 0.98)
			worst98 = fmax(worst98, r);
	}
	CHECK(worst98 < 1e-3);
	CHECK(worst > 1.1e-3 && worst < 1.12e-3);	/* at x = 1 */
	for (x = 1.01; x < 20.0; x += 0.01)
		CHECK(inv_exp(x) > exp(-x));
	/* d/dx at 0: -1.00746054 */
	CHECK_NEAR((inv_exp(1e-7) - 1.0) / 1e-7, -1.00746054, 1e-6);
}

/*
 * e started on su, its first n frames at 60 fps: x and v bit for bit the
 * frames computed by hand.
 */
static void
hand_frames(const spring_engine *e, const spring_engine_setup *su,
    spring_engine_state *st, const double (*hand)[2], int n)
{
	int k;

	e->start(su, st);
	for (k = 0; k < n; k++) {
		e->frame(st, (k + 1) / 60.0);
		CHECK_EQ(st->x, hand[k][0]);
		CHECK_EQ(st->v, hand[k][1]);
	}
}

/*
 * unreal-smoothing, SmoothingTime 0.2 s (omega 10), 0 -> 1, 60 fps:
 *   dt = float(1/60) = 0.016666668; W = 2 / 0.2f = 10; A = W dt;
 *   E = InvExpApprox(A); X0 = x - 1; B = (v + X0 W) dt;
 *   x' = 1 + (X0 + B) E; v' = (v - B W) E
 * frame 1: x 0.012651562690734863, v 1.4104979038238525
 * frame 2: x 0.04503810405731201, v 2.3874051570892334
 * frame 3: x 0.0907941460609436, v 3.030686616897583
 */
static void
test_smoothing(void)
{
	const spring_engine *e = spring_engine_find("unreal-smoothing");
	spring_engine_setup su = engine_setup(10.0, 1.0, 1.0, 0.0, 0.0, 1.0);
	spring_engine_state st;
	static const double hand[3][2] = {
		{ 0.012651562690734863, 1.4104979038238525 },
		{ 0.04503810405731201, 2.3874051570892334 },
		{ 0.0907941460609436, 3.030686616897583 },
	};
	static const int fps[3] = { 30, 60, 144 };
	double worst[3], t, rk, xe;
	char msg[256];
	int k, i;

	CHECK(e != NULL && e->float32 == 1);
	if (e == NULL)
		return;
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 0);
	hand_frames(e, &su, &st, hand, 3);
	/*
	 * the exact critical spring with e^-(W dt) replaced: offset
	 * (1 + W t) e^(-W t) r^k, r = InvExpApprox(W dt) e^(W dt), to float
	 * precision; and its distance from the exact spring at 30, 60, 144
	 * fps over 1.5 s, which grows with the frame rate toward
	 * 0.00746 max u (1 + u) e^-u = 0.00746 * 0.840 (u = W t = golden
	 * ratio): the approximation's slope at 0
	 */
	for (i = 0; i < 3; i++) {
		double h = 1.0 / fps[i];
		double r = inv_exp(10.0 * (float)h) * exp(10.0 * (float)h);

		worst[i] = 0.0;
		e->start(&su, &st);
		rk = 1.0;
		for (k = 1; k <= (int)(1.5 * fps[i]); k++) {
			e->frame(&st, k * h);
			t = k * (double)(float)h;
			rk *= r;
			xe = 1.0 - (1.0 + 10.0 * t) * exp(-10.0 * t) * rk;
			CHECK_NEAR(st.x, xe, 2e-6);
			xe = 1.0 - (1.0 + 10.0 * (k * h)) * exp(-10.0 * k * h);
			worst[i] = fmax(worst[i], fabs(st.x - xe));
		}
	}
	CHECK(worst[0] < worst[1] && worst[1] < worst[2]);
	CHECK(worst[2] < 0.00746 * 0.8399 && worst[2] > 0.003);
	CHECK(worst[0] < 5e-4);
	/* what it changes: zeta 0.3 runs critical; T <= 1e-4 snaps */
	su = engine_setup(10.0, 0.3, 1.0, 0.0, 0.0, 1.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 1);
	CHECK(strstr(msg, "critically") != NULL);
	su = engine_setup(1e-90, 1.0, 1.0, 0.0, 0.0, 1.0);	/* T 2e90: inf */
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), -1);
	CHECK(strstr(msg, "overflows a float") != NULL);
	su = engine_setup(1e5, 1.0, 1.0, 0.0, 0.0, 1.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 1);
	e->start(&su, &st);
	e->frame(&st, 0.5);
	CHECK_EQ(st.x, 1.0);
	CHECK_EQ(st.v, 2.0);	/* (1 - 0) / 0.5 */
}

/*
 * unreal-spring-damper, UndampedFrequency 2 Hz, DampingRatio 0.3, 0 -> 1,
 * 60 fps (the under-damped branch): W = 2 UE_TWO_PI; WD = W sqrt(1 -
 * z^2); B = (v + err z W) / WD; (S, C) = SinCos(WD dt); E =
 * InvExpApprox(z W dt); x' = 1 + E (err C + B S); v' = -(x' - 1) z W +
 * E (B WD C - err WD S)
 * frame 1: x 0.021237075328826904, v 2.454524517059326
 * frame 2: x 0.08017492294311523, v 4.51713752746582
 * frame 3: x 0.16992127895355225, v 6.149554252624512
 * DampingRatio 2 (over-damped: two InvExpApprox):
 * frame 1: x 0.017103906720876694, v 1.7689367532730103
 * frame 2: x 0.053730692714452744, v 2.4813270568847656
 */
static void
test_spring_damper(void)
{
	const spring_engine *e = spring_engine_find("unreal-spring-damper");
	const double w = 4.0 * PI;
	spring_engine_setup su = engine_setup(w, 0.3, 1.0, 0.0, 0.0, 1.0);
	spring_engine_state st;
	static const double under[3][2] = {
		{ 0.021237075328826904, 2.454524517059326 },
		{ 0.08017492294311523, 4.51713752746582 },
		{ 0.16992127895355225, 6.149554252624512 },
	};
	static const double over[2][2] = {
		{ 0.017103906720876694, 1.7689367532730103 },
		{ 0.053730692714452744, 2.4813270568847656 },
	};
	double h = (float)(1.0 / 60.0), wd, r, rk, t, xe, a1, a2, c1, c2;
	double r1, r2;
	char msg[256];
	int k;

	CHECK(e != NULL && e->float32 == 1);
	if (e == NULL)
		return;
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 0);
	hand_frames(e, &su, &st, under, 3);
	/*
	 * under-damped: the exact offset e^(-z W t) (cos WD t + z W / WD
	 * sin WD t), its envelope scaled by r^k, r = InvExpApprox(z W dt)
	 * e^(z W dt); SinCos's error (1e-7) and float on top
	 */
	wd = w * sqrt(1.0 - 0.09);
	r = inv_exp(0.3 * w * h) * exp(0.3 * w * h);
	e->start(&su, &st);
	rk = 1.0;
	for (k = 1; k <= 120; k++) {
		e->frame(&st, k / 60.0);
		t = k * h;
		rk *= r;
		xe = 1.0 - exp(-0.3 * w * t) * rk * (cos(wd * t) +
		    0.3 * w / wd * sin(wd * t));
		CHECK_NEAR(st.x, xe, 1e-5);
	}
	/* over-damped: modes a1, a2, each scaled by its own r */
	su = engine_setup(w, 2.0, 1.0, 0.0, 0.0, 1.0);
	hand_frames(e, &su, &st, over, 2);
	a1 = -w * (2.0 - sqrt(3.0));
	a2 = -w * (2.0 + sqrt(3.0));
	/* offset -1 = c1 + c2, velocity 0 = c1 a1 + c2 a2 */
	c2 = a1 / (a2 - a1);
	c1 = -1.0 - c2;
	r1 = inv_exp(-a1 * h) * exp(-a1 * h);
	r2 = inv_exp(-a2 * h) * exp(-a2 * h);
	e->start(&su, &st);
	for (k = 1; k <= 120; k++) {
		e->frame(&st, k / 60.0);
		t = k * h;
		xe = 1.0 + c1 * exp(a1 * t) * pow(r1, k) +
		    c2 * exp(a2 * t) * pow(r2, k);
		CHECK_NEAR(st.x, xe, 2e-6);
	}
	/* undamped (z < 1e-8): SinCos alone, the amplitude kept */
	su = engine_setup(w, 0.0, 1.0, 0.0, 0.0, 1.0);
	e->start(&su, &st);
	for (k = 1; k <= 120; k++) {
		e->frame(&st, k / 60.0);
		CHECK_NEAR(st.x, 1.0 - cos(w * k * h), 2e-5);
	}
	/* a frequency past FLT_MAX: Unreal's float W is inf, refused */
	su = engine_setup(1e50, 0.5, 1.0, 0.0, 0.0, 1.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), -1);
	CHECK(strstr(msg, "overflows a float") != NULL);
	/* a ratio 1 only as a float runs the critical branch: said */
	su = engine_setup(w, 1.0 + 1e-9, 1.0, 0.0, 0.0, 1.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 1);
	CHECK(strstr(msg, "critical") != NULL);
}

/*
 * unreal-float-spring, Stiffness 100, CriticalDampingFactor 0.3, Mass 1,
 * 0 -> 1, 60 fps: Omega = sqrt(100 / 1) = 10, f = Omega / (2 UE_PI),
 * then SpringDamper as above (TargetVel 0: no previous target, then the
 * same target)
 * frame 1: x 0.013650774955749512, v 1.5783209800720215
 * frame 2: x 0.05202615261077881, v 2.964085340499878
 */
static void
test_float_spring(void)
{
	const spring_engine *e = spring_engine_find("unreal-float-spring");
	spring_engine_setup su = engine_setup(10.0, 0.3, 1.0, 0.0, 0.0, 1.0);
	spring_engine_state st;
	double vmax = 0.0, xmax = 0.0;
	char msg[256];
	int k, stopped = 0;

	CHECK(e != NULL && e->float32 == 1);
	if (e == NULL)
		return;
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 0);
	e->start(&su, &st);
	e->frame(&st, 1.0 / 60.0);
	CHECK_EQ(st.x, 0.013650774955749512);
	CHECK_EQ(st.v, 1.5783209800720215);
	e->frame(&st, 2.0 / 60.0);
	CHECK_EQ(st.x, 0.05202615261077881);
	CHECK_EQ(st.v, 2.964085340499878);
	/*
	 * the same spring as mass 4, stiffness 400: sqrt(400 / 4) is 10
	 * again, the same frames
	 */
	su = engine_setup(10.0, 0.3, 4.0, 0.0, 0.0, 1.0);
	e->start(&su, &st);
	e->frame(&st, 1.0 / 60.0);
	CHECK_EQ(st.x, 0.013650774955749512);
	/*
	 * bClamp with the defaults [-1, 1]: the overshoot past 1 is clipped
	 * and the velocity pointing out zeroed; it then falls back
	 */
	su = engine_setup(10.0, 0.3, 1.0, 0.0, 0.0, 1.0);
	golden_knob(&su, "unreal-float-spring", "bClamp", 1.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 0);
	e->start(&su, &st);
	for (k = 1; k <= 120; k++) {
		e->frame(&st, k / 60.0);
		xmax = fmax(xmax, st.x);
		if (st.x == 1.0 && st.v == 0.0)
			stopped++;
		if (st.x == 1.0)
			vmax = fmax(vmax, st.v);
	}
	CHECK_EQ(xmax, 1.0);
	CHECK(stopped >= 1);
	CHECK_EQ(vmax, 0.0);
	/* MaxValue 0.5: pinned there once it reaches it */
	golden_knob(&su, "unreal-float-spring", "unreal-max-value", 0.5);
	e->start(&su, &st);
	for (k = 1; k <= 60; k++)
		e->frame(&st, k / 60.0);
	CHECK(st.x <= 0.5);
	/* bInitializeFromTarget: starts on the target, never moves */
	su = engine_setup(10.0, 0.3, 1.0, 0.0, 0.0, 1.0);
	golden_knob(&su, "unreal-float-spring", "bInitializeFromTarget", 1.0);
	e->start(&su, &st);
	for (k = 1; k <= 10; k++) {
		e->frame(&st, k / 60.0);
		CHECK_EQ(st.x, 1.0);
		CHECK_EQ(st.v, 0.0);
	}
	/* TargetVelocityAmount: no effect on a fixed target */
	su = engine_setup(10.0, 0.3, 1.0, 0.0, 0.0, 1.0);
	golden_knob(&su, "unreal-float-spring", "TargetVelocityAmount", 0.0);
	e->start(&su, &st);
	e->frame(&st, 1.0 / 60.0);
	e->frame(&st, 2.0 / 60.0);
	CHECK_EQ(st.x, 0.05202615261077881);
	/* a Stiffness past FLT_MAX, refused */
	su = engine_setup(1e20, 0.5, 1.0, 0.0, 0.0, 1.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), -1);
	CHECK(strstr(msg, "Stiffness") != NULL);
	/* MinValue above MaxValue: runs, said */
	su = engine_setup(10.0, 0.3, 1.0, 0.0, 0.0, 1.0);
	golden_knob(&su, "unreal-float-spring", "bClamp", 1.0);
	golden_knob(&su, "unreal-float-spring", "MinValue", 2.0);
	CHECK_EQ(e->check(&su, msg, sizeof(msg)), 1);
	CHECK(strstr(msg, "MinValue") != NULL);
}

void
test_engine_unreal(void)
{
	test_inv_exp();
	test_smoothing();
	test_spring_damper();
	test_float_spring();
}
