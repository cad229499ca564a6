#!/usr/bin/env bats
# float32.bats - --float32: the spring's rules stepped in single precision.
#
# The expected numbers come from float arithmetic worked in the comments:
# near 1 a float's ulp is 2^-24 (below 1) and x + d rounds back to x when
# |d| < 2^-25.
bats_require_minimum_version 1.5.0
load helpers

# Semi-implicit, omega 10, zeta 1 (uaf 10, dr 1), h = 0.01, from 0 to 1:
# v' = v + h (100 (1 - x) - 20 v), x' = x + h v'.  In double the spring
# settles to 1 within 1e-9 by t = 3.  In float, x stops moving once
# h v < 2^-25: there v's own update balances at v = 100 (1 - x) / 20, so
# x stalls where 0.01 * 5 (1 - x) < 2^-25, 1 - x < 2^-25 / 0.05 = 6.0e-7,
# on a float below 1: a whole number of ulps, 1 - x = n 2^-24, n <= 10.
@test "--float32: the float spring stalls a few ulps short of the target" {
	sim --float32 --uaf 10 --dr 1 --dt 0.01 --duration 3
	assert_status 0
	assert_stderr_empty
	tail -n 2 "$OUT" | awk -F, '
		NR == 1 { x1 = $2 }
		NR == 2 {
			ulp = 2 ^ -24; gap = 1 - $2; n = gap / ulp
			if ($2 != x1) print "x still moves: " x1 " then " $2
			if (n != int(n) || n < 1 || n > 10)
				print "1 - x = " gap " is not 1..10 ulps of 2^-24"
			if (0.01 * $3 >= 2 ^ -25)
				print "h v = " 0.01 * $3 " would still move x"
			if ($3 < 0.9 * 5 * gap || $3 > 1.1 * 5 * gap)
				print "v = " $3 ", not 100 (1 - x) / 20 = " 5 * gap
		}' >"$BATS_TEST_TMPDIR/bad"
	[ ! -s "$BATS_TEST_TMPDIR/bad" ] || fail_with "$(cat "$BATS_TEST_TMPDIR/bad")"
	sim --uaf 10 --dr 1 --dt 0.01 --duration 3
	tail -n 1 "$OUT" | awk -F, '{ exit !($2 > 1 - 1e-9) }' ||
		fail_with "the double run does not settle within 1e-9"
}

@test "--float32 with another model: exit 2, naming the flag and model" {
	sim --float32 --model damper
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "--float32 goes with the spring's rules"
	assert_stderr_has "--model damper"
}
