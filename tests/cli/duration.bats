#!/usr/bin/env bats
# duration.bats - --duration auto: runs until both the rule (or engine)
# and the exact spring have settled in settle_time's 2 % band, twice the
# later settle time long; the settle times checked against their closed
# forms (the exact step response; explicit Euler's linear recurrence
# x_{n+1} = A x_n), computed here in awk; the cap and its warning; the
# commands that refuse it; --fail-if 'settle_time == inf'.

load helpers

# settle_exact OMEGA ZETA DT N - the first frame time from which the
# exact step response (x0 0, target 1, v0 0, zeta < 1) stays within
# 0.02 of 1, over N frames of DT
settle_exact() {
	awk -v w="$1" -v z="$2" -v dt="$3" -v n="$4" 'BEGIN {
		wd = w * sqrt(1 - z * z); last = -1
		for (i = 0; i <= n; i++) {
			t = i * dt
			x = 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
			if ((x - 1 > 0.02) || (1 - x > 0.02)) last = i
		}
		printf "%d\n", last + 1 }'
}

# settle_explicit OMEGA ZETA DT N - the same for explicit Euler's
# recurrence: x' = x + dt v, v' = v + dt (w^2 (1 - x) - 2 z w v)
settle_explicit() {
	awk -v w="$1" -v z="$2" -v dt="$3" -v n="$4" 'BEGIN {
		x = 0; v = 0; last = -1
		for (i = 0; i <= n; i++) {
			if ((x - 1 > 0.02) || (1 - x > 0.02)) last = i
			a = w * w * (1 - x) - 2 * z * w * v
			x += dt * v; v += dt * a
		}
		printf "%d\n", last + 1 }'
}

# frames_for SECONDS DT - ceil(SECONDS / DT), a ratio within 1e-9 of a
# whole number taken as that
frames_for() {
	awk -v s="$1" -v dt="$2" 'BEGIN { r = s / dt; f = int(r)
		if (r - f > 1e-9 * r) f++; print f }'
}

@test "duration: auto with the exact rule lasts twice the exact spring's settle time" {
	sim --model exact --omega 10 --zeta 0.3 --dt 0.01 --duration auto \
	    --metrics --columns frames,settle_time
	assert_status 0
	assert_stderr_empty
	k=$(settle_exact 10 0.3 0.01 20000)
	want_settle=$(awk -v k="$k" 'BEGIN { printf "%.6f", k * 0.01 }')
	got_settle=$(awk -F, 'NR == 2 { printf "%.6f", $2 }' "$OUT")
	[ "$got_settle" = "$want_settle" ] ||
		fail_with "settle_time $got_settle, closed form $want_settle"
	[ "$(awk -F, 'NR == 2 { print $1 }' "$OUT")" = "$(frames_for "$(awk -v k="$k" 'BEGIN { print 2 * k * 0.01 }')" 0.01)" ] ||
		fail_with "frames not twice the settle time"
}

@test "duration: auto shows explicit Euler at dt 0.033 settling (the README's spring)" {
	# the default spring: 2 Hz (omega 4 pi), zeta 0.3
	w=$(awk 'BEGIN { printf "%.17g", 4 * atan2(0, -1) }')
	sim --model explicit --dt 0.033 --metrics --columns frames,settle_time
	assert_status 0
	[ "$(awk -F, 'NR == 2 { print $2 }' "$OUT")" = inf ] ||
		fail_with "the 2 s run has settled"
	sim --model explicit --dt 0.033 --duration auto --metrics \
	    --columns frames,settle_time
	assert_status 0
	assert_stderr_empty
	ke=$(settle_explicit "$w" 0.3 0.033 20000)
	kx=$(settle_exact "$w" 0.3 0.033 20000)
	got=$(awk -F, 'NR == 2 { printf "%.9f", $2 }' "$OUT")
	want=$(awk -v k="$ke" 'BEGIN { printf "%.9f", k * 0.033 }')
	[ "$got" = "$want" ] || fail_with "settle_time $got, recurrence $want"
	k=$(( ke > kx ? ke : kx ))
	[ "$(awk -F, 'NR == 2 { print $1 }' "$OUT")" = "$(frames_for "$(awk -v k="$k" 'BEGIN { printf "%.17g", 2 * k * 0.033 }')" 0.033)" ] ||
		fail_with "frames not twice the later settle time ($ke, $kx)"
}

@test "duration: auto at its cap warns in one line, runs, and settle_time is inf" {
	# zeta 0: the exact spring never settles; the cap is 10^6 frames
	sim --model exact --omega 10 --zeta 0 --dt 0.01 --duration auto \
	    --metrics --columns frames,settle_time
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "--duration auto: not settled by its cap" "inf"
	[ "$(sed -n 2p "$OUT")" = "1000000,inf" ] || fail_with "not the cap"
}

@test "duration: auto with an engine and in fps, each rate to its own length" {
	sim --engine react-spring --duration auto --metrics \
	    --columns frames,settle_time
	assert_status 0
	assert_stderr_empty
	awk -F, 'NR == 2 && $2 != "inf" && $1 > 0 { ok = 1 } END { exit !ok }' \
	    "$OUT" || fail_with "react-spring not settled"
	sim fps --fps 30,60,144 --model exact --omega 10 --zeta 0.3 \
	    --duration auto --columns fps,frames,settle_time
	assert_status 0
	assert_stderr_empty
	for r in 30 60 144; do
		dt=$(awk -v r=$r 'BEGIN { printf "%.17g", 1 / r }')
		k=$(settle_exact 10 0.3 "$dt" 100000)
		want=$(awk -v k="$k" -v dt="$dt" 'BEGIN { printf "%.6f", k * dt }')
		got=$(awk -F, -v r=$r '$1 == r { printf "%.6f", $3 }' "$OUT")
		[ "$got" = "$want" ] || fail_with "$r fps: $got, not $want"
	done
}

@test "duration: auto is refused where it cannot apply, in one line" {
	for args in "sweep --duration auto" "sweep --uaf 1,2 --dr 1 --duration auto" \
	    "tune --overshoot 0.1 --settle 0.4 --duration auto" \
	    "--model quat --duration auto --metrics" \
	    "--duration auto --frames 10" \
	    "--model predict --duration auto --horizon 1" \
	    "resonance --hz 1 --duration auto"; do
		# shellcheck disable=SC2086
		sim $args
		assert_status 2
		assert_stdout_empty
		assert_one_stderr_line
		assert_stderr_has "--duration"
	done
	printf 'dt\n0.1\n' >"$BATS_TEST_TMPDIR/f.csv"
	sim --duration auto --frames-from "$BATS_TEST_TMPDIR/f.csv"
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "--duration auto" "--frames-from"
}

@test "duration: --fail-if 'settle_time == inf' fails the rows that ended unsettled" {
	sim sweep --model exact --omega 10 --zeta 0.3 --duration 0.3,5 \
	    --columns duration,settle_time --fail-if 'settle_time == inf'
	assert_status 3
	[ "$(sed -n 2p "$OUT" | cut -d, -f2)" = inf ] || fail_with "row 1"
	[ "$(sed -n 3p "$OUT" | cut -d, -f2)" != inf ] || fail_with "row 2"
	assert_stderr_has "row 1 fails --fail-if 'settle_time == inf'" \
	    "1 of 2 rows failed"
	sim sweep --model exact --omega 10 --zeta 0.3 --duration 5 \
	    --fail-if 'settle_time >= inf' --fail-if 'overshoot <= -inf'
	assert_status 0
}

@test "duration: springsim-merge gates 'settle_time == inf' as sweep does" {
	cd "$BATS_TEST_TMPDIR"
	g=(sweep --model exact --omega 10 --zeta 0.3 --duration 0.3,5,0.4,6)
	"$SPRINGSIM" "${g[@]}" --shard 1/2 >p1.csv
	"$SPRINGSIM" "${g[@]}" --shard 2/2 >p2.csv
	status=0
	sh "$BATS_TEST_DIRNAME/../../scripts/merge" \
	    --fail-if 'settle_time == inf' p1.csv p2.csv >m.csv 2>err || status=$?
	[ "$status" -eq 3 ] || fail_with "merge exit $status"
	grep -q "2 of 4 rows failed" err || fail_with "$(cat err)"
	status=0
	sh "$BATS_TEST_DIRNAME/../../scripts/merge" \
	    --fail-if 'settle_time > -inf' --fail-if 'settle_time != inf' \
	    p1.csv p2.csv >m.csv 2>err || status=$?
	[ "$status" -eq 3 ] && grep -q "4 of 4 rows failed" err ||
		fail_with "merge: $(cat err)"
}
