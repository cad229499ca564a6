#!/usr/bin/env bats
# signals.bats - moving targets: signals, recorded files, the velocity the
# rules are fed, the tracking metrics.  Expected values worked out in the
# comments.
bats_require_minimum_version 1.5.0
load helpers

@test "the target column is the signal: step, ramp, sine, square" {
	# dt 0.25: rows at t = 0, 0.25, 0.5, ...
	sim --target-signal step --signal-at 0.5 --signal-amp 2 --dt 0.25 --frames 4
	assert_status 0
	# 1 before 0.5, 3 from 0.5 on
	[ "$(cut -d, -f4 "$OUT" | tr '\n' ' ')" = "target 1 1 3 3 3 " ] ||
		fail_with "step: $(cut -d, -f4 "$OUT" | tr '\n' ' ')"
	sim --target-signal ramp --signal-amp 2 --signal-period 0.5 --dt 0.25 --frames 4
	# slope 2 / 0.5 = 4 from t = 0: 1, 2, 3, 4, 5
	[ "$(cut -d, -f4 "$OUT" | tr '\n' ' ')" = "target 1 2 3 4 5 " ] ||
		fail_with "ramp"
	sim --target-signal square --signal-period 1 --dt 0.25 --frames 4
	# +1 on [0, 0.5), -1 on [0.5, 1), +1 from 1: 2, 2, 0, 0, 2
	[ "$(cut -d, -f4 "$OUT" | tr '\n' ' ')" = "target 2 2 0 0 2 " ] ||
		fail_with "square"
	sim --target-signal sine --signal-amp 0.5 --signal-period 1 --dt 0.25 --frames 4
	# 1 + 0.5 sin(2 pi t): 1, 1.5, 1, 0.5, 1 (to rounding)
	awk_check "$OUT" 'NR > 1 { w[NR] = $4 } END { split("1 1.5 1 0.5 1", e, " ")
		for (i = 2; i <= 6; i++) { d = w[i] - e[i - 1]; if (d < 0) d = -d; if (d > 1e-15) print i ": " w[i] } }'
}

@test "a ramp fed zero velocity lags 2 zeta / omega; fed its slope, not at all" {
	# omega 10, zeta 0.5: lag 0.1 s, found to dt / 10 = 1/600
	sim --target-signal ramp --target-vel-source zero --uaf 10 --dr 0.5 --duration 6 --metrics
	assert_status 0
	awk -v l="$(metrics_field "$OUT" lag)" 'BEGIN { d = l - 0.1; if (d < 0) d = -d; exit !(d <= 1/600) }' ||
		fail_with "lag $(metrics_field "$OUT" lag), want 0.1"
	sim --target-signal ramp --uaf 10 --dr 0.5 --duration 6 --metrics
	awk -v l="$(metrics_field "$OUT" lag)" 'BEGIN { d = l < 0 ? -l : l; exit !(d <= 1/600) }' ||
		fail_with "lag $(metrics_field "$OUT" lag), want 0"
	# the exact spring fed zero sits 2 zeta s / omega = 0.1 below the ramp
	sim --model exact --target-signal ramp --target-vel-source zero --uaf 10 --dr 0.5 --duration 6
	awk_check "$OUT" 'END { d = $4 - $5 - 0.1; if (d < 0) d = -d; if (d > 1e-9) print "x_ref " $5 " target " $4 }'
}

@test "a sine's attenuation is the gain of the frequency response" {
	# omega 2, zeta 0.25, W = 1 (period 2 pi): fed zero, |H| = 4 / sqrt(10)
	# = 1.2649; fed the slope, sqrt(17 / 10) = 1.3038.  The exact rule at
	# dt 1/600 over 60 s, the transient long gone
	sim --model rk4 --target-signal sine --signal-period 6.283185307179586 --uaf 2 --dr 0.25 \
	    --target-vel-source zero --dt 0.01 --duration 62.83185307179586 --metrics
	assert_status 0
	awk -v a="$(metrics_field "$OUT" attenuation)" 'BEGIN { d = a - 4 / sqrt(10); if (d < 0) d = -d; exit !(d < 2e-3) }' ||
		fail_with "attenuation $(metrics_field "$OUT" attenuation), want 1.2649"
	sim --model rk4 --target-signal sine --signal-period 6.283185307179586 --uaf 2 --dr 0.25 \
	    --dt 0.01 --duration 62.83185307179586 --metrics
	awk -v a="$(metrics_field "$OUT" attenuation)" 'BEGIN { d = a - sqrt(1.7); if (d < 0) d = -d; exit !(d < 2e-3) }' ||
		fail_with "attenuation $(metrics_field "$OUT" attenuation), want 1.3038"
}

@test "--target-vel-source difference feeds the frame's difference quotient" {
	# a ramp of slope 4 sampled at frame ends: the difference is the slope
	# too, so the run equals the signal-fed one but for the first frame
	sim --target-signal ramp --signal-amp 4 --target-vel-source difference --frames 30
	assert_status 0
	[ "$(wc -l <"$OUT")" -eq 32 ] || fail_with "rows"
	assert_usage_error --target-vel-source "'sometimes'" -- --target-vel-source sometimes
}

@test "noise: the same seed gives the same target, another seed another" {
	sim --target-signal noise --signal-seed 3 --signal-period 0.1
	cp "$OUT" "$BATS_TEST_TMPDIR/a"
	sim --target-signal noise --signal-seed 3 --signal-period 0.1
	cmp "$OUT" "$BATS_TEST_TMPDIR/a" || fail_with "same seed, different output"
	sim --target-signal noise --signal-seed 4 --signal-period 0.1
	! cmp -s "$OUT" "$BATS_TEST_TMPDIR/a" || fail_with "different seeds, same output"
	sim --target-signal noise --signal-shape linear
	assert_status 0
	# within base +- amp
	awk_check "$OUT" 'NR > 1 && ($4 < 0 || $4 > 2) { print "target " $4 }'
}

@test "a recorded target file: piecewise linear, held after the last row, quoted numbers and CRLF" {
	local f=$BATS_TEST_TMPDIR/target.csv
	printf 't,target\r\n0,"1"\r\n0.5,3\r\n1,3\r\n' >"$f"
	sim --target-file "$f" --dt 0.25 --frames 6
	assert_status 0
	# 1, 2, 3, 3, 3, 3, 3
	[ "$(cut -d, -f4 "$OUT" | tr '\n' ' ')" = "target 1 2 3 3 3 3 3 " ] ||
		fail_with "target: $(cut -d, -f4 "$OUT" | tr '\n' ' ')"
	printf 'target_vel,t,target\n0,0,1\n0,2,1\n' >"$f"
	sim --target-file "$f" --frames 3
	assert_status 0
}

@test "a malformed target file: exit 2 naming the row and column" {
	local f=$BATS_TEST_TMPDIR/target.csv
	printf 't,target\n0,1\n0.5,abc\n' >"$f"
	assert_usage_error "line 3" "column 2" "'abc'" -- --target-file "$f"
	printf 't,target\n0,1\n0,2\n' >"$f"
	assert_usage_error "line 3" "column 1" "not after" -- --target-file "$f"
	printf 't,where\n0,1\n' >"$f"
	assert_usage_error "line 1" "'where'" -- --target-file "$f"
	printf 't\n0\n' >"$f"
	assert_usage_error "line 1" "t and target" -- --target-file "$f"
	printf 't,target\n0,1,7\n' >"$f"
	assert_usage_error "line 2" "too many fields" -- --target-file "$f"
	printf 't,target\n0\n' >"$f"
	assert_usage_error "line 2" "missing column" -- --target-file "$f"
	: >"$f"
	assert_usage_error "no rows" -- --target-file "$f"
	printf 't,target\n' >"$f"
	assert_usage_error "no rows" -- --target-file "$f"
	assert_usage_error --target-file -- --target-file "$BATS_TEST_TMPDIR/none.csv"
}

@test "signal flags that do not fit: exit 2" {
	local f=$BATS_TEST_TMPDIR/target.csv
	printf 't,target\n0,1\n' >"$f"
	assert_usage_error --target-signal "'wobble'" -- --target-signal wobble
	assert_usage_error --signal-amp -- --signal-amp 2
	assert_usage_error --signal-period "'0'" -- --target-signal sine --signal-period 0
	assert_usage_error --signal-shape -- --target-signal sine --signal-shape linear
	assert_usage_error --signal-shape "'smooth'" -- --target-signal noise --signal-shape smooth
	assert_usage_error --target-file --target-signal -- --target-file "$f" --target-signal sine
	assert_usage_error --target -- --target-file "$f" --target 2
}

@test "springsim list names the signals" {
	sim list
	assert_status 0
	for s in constant step ramp sine square noise; do
		grep -qw -- "$s" "$OUT" || fail_with "list does not name $s"
	done
}
