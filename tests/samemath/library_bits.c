/* library_bits.c - the library's own numbers in hex, for
 * tests/cli/samemath.bats: built natively against build/libspring.a and
 * the musl archive, and from src/ for wasm32-wasi, both must print the
 * same text.  It runs what calls libm the most: the exact reference
 * (exp, sin, cos, sincos) frame by frame, the propagator, every update
 * rule for 60 frames, and two dialects' conversions (pow, log, sqrt),
 * over a grid of 40 frequencies and 25 damping ratios, under-, critically
 * and over-damped.  No expected value: the other target is the reference. */
#include <stdio.h>

#include <spring.h>

/* one number, exactly (C99's %a) */
static void put(double d)
{
	printf(" %a", d);
}

int main(void)
{
	static const char *const rules[] = { "explicit", "semi-implicit",
	    "implicit", "rigidbody", "backward-euler", "verlet", "rk4",
	    "exact" };
	int i, j, k, q;

	for (i = 0; i < 40; i++)
		for (j = 0; j < 25; j++) {
			spring_params p = { 0.5 + i * 1.37, j * 0.09, 1.0, 0 };
			spring_params d;
			spring_reference r;
			spring_state s;
			spring_mat2 m;

			spring_reference_init(&r, &p, 0.0, 0.3, 1.0, 0.1,
			    1.0 / 60);
			for (k = 0; k < 120; k++) {
				spring_reference_next(&r, &s);
				put(s.x);
				put(s.v);
			}
			spring_propagator(p.omega, p.zeta, 0.0166 * (j + 1), &m);
			put(m.a);
			put(m.b);
			put(m.c);
			put(m.d);
			for (q = 0; q < 8; q++) {
				double x = 0.0, v = 0.0;

				for (k = 0; k < 60; k++)
					if (spring_step_named(rules[q], p.omega,
					    p.zeta, 1.0 / 60, 1.0, &x, &v) != 0)
						return 1;
				put(x);
				put(v);
			}
			if (spring_from_react(100.0 + i * 10, 5.0 + j, 1.0,
			    &d) == 0) {
				put(d.omega);
				put(d.zeta);
			}
			if (spring_from_swiftui_response(0.1 + i * 0.02,
			    j * 0.04, &d) == 0) {
				put(d.omega);
				put(d.zeta);
				put(spring_decay_rate(&d));
			}
			putchar('\n');
		}
	return fflush(stdout) != 0;
}
