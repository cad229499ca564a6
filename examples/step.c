/*
 * step.c - one spring stepped by a rule named as springsim names it, with
 * the library's one-call helper: a UI element at 0 springs toward 1 at
 * 60 frames a second (omega 12 rad/s, zeta 0.5), printed every 10 frames.
 * Build it against the installed library and run it:
 *   cc step.c $(pkg-config --cflags --libs springsim) -o step
 *   ./step implicit        (or any update rule `springsim list` names)
 */
#include <stdio.h>

#include <spring.h>

int
main(int argc, char **argv)
{
	const char *rule = argc > 1 ? argv[1] : "implicit";
	double x = 0.0, v = 0.0;	/* position and velocity */
	int frame;

	for (frame = 1; frame <= 60; frame++) {
		if (spring_step_named(rule, 12.0, 0.5, 1.0 / 60, 1.0,
		    &x, &v) != 0) {
			fprintf(stderr, "step: '%s' is no rule\n", rule);
			return 2;
		}
		if (frame % 10 == 0)
			printf("%d %.17g\n", frame, x);
	}
	return 0;
}
