#!/usr/bin/env bats
# defects.bats - the second adversarial review (issue 20), one test per
# defect of the command line's checks: each asserts the promised
# behaviour (exit status, one line naming the flag and the value, nothing
# on stdout, no file left).  The input files' defects are in
# defects-inputs.bats, -o's in defects-output.bats, the numbers' in
# defects-numerics.bats.
bats_require_minimum_version 1.5.0
load helpers

# 1: a bad single value in sweep is a usage error, so a CI gate fails on
# a typo instead of passing.
@test "defect 1: sweep exits 2 on a bad single value, writes no file" {
	local f=$BATS_TEST_TMPDIR/f.csv a
	for a in "--dt 0" "--dt abc" "--frames 0" "--hitch bad" \
	    "--precision 99" "--x0 nan" "--signal-seed -1"; do
		# shellcheck disable=SC2086
		assert_usage_error "${a%% *}" "'${a#* }'" -- sweep $a \
		    --fail-if 'diverged == 1' -o "$f"
		[ ! -e "$f" ] || fail "sweep $a left $f"
	done
	[ -z "$(ls -A "$BATS_TEST_TMPDIR" | grep -v '^std')" ] ||
		fail "files left: $(ls -A "$BATS_TEST_TMPDIR")"
}

@test "defect 1: --help and --version still exit 0 in every command" {
	local c
	for c in run list fps analyze convert sweep resonance; do
		sim "$c" --help
		assert_status 0
		[ -s "$OUT" ] || fail "$c --help printed nothing"
		sim "$c" --version
		assert_status 0
		grep -q '^springsim [0-9]' "$OUT" || fail_with "$c --version"
	done
	sim --model chain --help
	assert_status 0
	sim analyze --model mesh --help
	assert_status 0
}

# 7: the prediction's rows are counted and refused as --duration's are.
@test "defect 7: --horizon too long is refused up front, never a header alone" {
	assert_usage_error "--horizon" "1e+18" "can count" -- \
	    --model predict --horizon 1e18
	assert_usage_error "--horizon" "1e+10" "--force" -- \
	    --model predict --horizon 1e10 --dt 1e-3
	# a horizon of 4 frames: the t = 0 row and 4 more
	sim --model predict --horizon 1 --dt 0.25
	assert_status 0
	[ "$(nlines "$OUT")" -eq 6 ] || fail_with "want a header and 5 rows"
}

# 9: the 1-D chain takes run's up-front refusals, and its own cost.
@test "defect 9: the chain refuses a signal of too many pieces, as the spring does" {
	assert_usage_error "--signal-period" "pieces" -- --model chain \
	    --target-signal square --signal-period 1e-12 --frames 3
}

@test "defect 9: the chain refuses days of work without --force" {
	local start=$SECONDS
	# 2000 bodies over 6e7 frames: the exact reference alone is
	# 2000^2 * 6e7 = 2.4e14 body updates
	assert_usage_error "--model chain" "2.4e+14" "--force" -- \
	    --model chain --particles 2000 --duration 1e6 --summary
	# without the reference: 2000 * 6e7 = 1.2e11
	assert_usage_error "--model chain" "1.2e+11" "--force" -- \
	    --model chain --particles 2000 --duration 1e6 --summary \
	    --no-reference
	# the long CSV: a row a body a frame, 2000 * 1e6 = 2e9 rows
	assert_usage_error "--model chain" "2e+09 rows" -- \
	    --model chain --particles 2000 --frames 1000000
	[ $((SECONDS - start)) -le 5 ] || fail "took $((SECONDS - start)) s"
}

@test "defect 9: analyze's rope is bounded (N^2 modes), and says so" {
	assert_usage_error "--particles" "'100000'" "10000" -- \
	    analyze --model chain --particles 100000
	sim analyze --model chain --help
	assert_status 0
	grep -q 'at most 10000' "$OUT" || fail_with "--help does not give the bound"
}

# 11: one rule for every model: a duration above 0 is a frame at least.
@test "defect 11: a duration shorter than a frame is one frame, in every model" {
	local m
	for m in "" "--target-signal sine" "--substep max --max-dt 0.5" \
	    "--dt-jitter 0.1" "--model damper" "--model vector" \
	    "--model quat" "--model pair" "--model angular" \
	    "--model chain --particles 1" "--model mesh --grid 1x1" \
	    "--model pair --dim 2"; do
		# shellcheck disable=SC2086
		sim --dt 1 --duration 1e-10 $m
		assert_status 0
		# the header, the t = 0 row and one frame
		[ "$(nlines "$OUT")" -eq 3 ] ||
			fail_with "$m: $(nlines "$OUT") lines, want 3"
	done
	sim --dt 1 --duration 1e-10 --metrics
	assert_status 0
	[ "$(metrics_field "$OUT" frames)" = 1 ] || fail_with "frames is not 1"
}

# 16: the message names the flag that makes the window long.
@test "defect 16: resonance's too-long settle names --settle" {
	assert_usage_error "--settle" "1e+100" -- resonance --hz 1 --settle 1e100
	assert_usage_error "--hz" "'1e-100'" -- resonance --hz 1e-100
}

# 17: each option once, in every command; --seed with its partner.
@test "defect 17: a repeated option is refused in every command, never the last silently" {
	assert_usage_error "--dt is given twice" -- --dt 0.1 --dt 0.2
	assert_usage_error "-o is given twice" -- -o a -o b
	assert_usage_error "--dim is given twice" -- --model vector --dim 2 --dim 3
	assert_usage_error "--q0 is given twice" -- --model quat --q0 1,0,0,0 --q0 1,0,0,0
	assert_usage_error "--stiffness is given twice" -- \
	    --stiffness 1 --stiffness 4 --damping 0
	assert_usage_error "--particles is given twice" -- \
	    --model chain --particles 3 --particles 3
	assert_usage_error "--hz is given twice" -- convert --hz 1 --hz 2
	assert_usage_error "--dt is given twice" -- analyze --dt 0.1 --dt 0.1
	assert_usage_error "--particles is given twice" -- \
	    analyze --model chain --particles 3 --particles 4
	assert_usage_error "--fps is given twice" -- fps --fps 30 --fps 60
	assert_usage_error "--hz is given twice" -- \
	    resonance --hz 1 --hz 2
	assert_usage_error "-j is given twice" -- sweep -j 1 -j 2
	assert_usage_error "--dt is given twice" -- sweep --dt 0.1 --dt 0.2
	[ ! -e a ] && [ ! -e b ] || fail "a file was written"
}

@test "defect 17: the repeatable options and flags still repeat" {
	sim --hitch 0.5:0.1 --hitch 1:0.1 --frames 3
	assert_status 0
	sim --metrics --metrics --frames 1
	assert_status 0
	sim sweep --dt 0.1 --fail-if 'diverged == 1' --fail-if 'overshoot > 9'
	assert_status 0
}

@test "defect 17: --seed without --dt-jitter is refused, as --max-dt without --substep" {
	assert_usage_error "--seed" "--dt-jitter" -- --seed 3
	sim --seed 3 --dt-jitter 0.1 --frames 1
	assert_status 0
	# in a sweep, a jitter axis with a seed is fine
	sim sweep --dt-jitter 0,0.1 --seed 3 --frames 2
	assert_status 0
}

# 18: the sweep's cost guard counts configurations x frames.
@test "defect 18: a sweep of days is refused up front, without --force" {
	local start=$SECONDS
	# 1e14 configurations of 2 s at 1/60: 120 frames each
	assert_usage_error "1.2e+16 frames" "--force" -- \
	    sweep --uaf 1:100:10000000 --dr 0:2:10000000
	# the mean of dt's factor: frames 1000 s / 0.001 and / 0.01, mean
	# 5.5e5, times 2e5 configurations = 1.1e11
	assert_usage_error "1.1e+11 frames" -- \
	    sweep --dt 0.001,0.01 --duration 1000 --x0 0:1:100000
	[ $((SECONDS - start)) -le 30 ] || fail "took $((SECONDS - start)) s"
	# a million short configurations is a coffee break, not refused
	sim sweep --uaf 1:100:1000 --dr 0:2:1000 --frames 10 -o /dev/null -q
	assert_status 0
}

# Found while building the corpus: a sweep read --frames-from and
# --target-file again for every configuration and leaked each copy
# (the sanitizer build exits 1 on a leak; valgrind.sh checks it too).
@test "sweep reads --frames-from and --target-file once, and frees them" {
	printf 'dt\n0.1\n0.2\n' >"$BATS_TEST_TMPDIR/frames.csv"
	printf 't,target\n0,0\n1,1\n' >"$BATS_TEST_TMPDIR/target.csv"
	sim sweep --frames-from "$BATS_TEST_TMPDIR/frames.csv" --dt 0.1,0.2
	assert_status 0
	[ "$(nlines "$OUT")" -eq 3 ] || fail_with "want a header and 2 rows"
	sim sweep --target-file "$BATS_TEST_TMPDIR/target.csv" --dt 0.1,0.2
	assert_status 0
	[ "$(nlines "$OUT")" -eq 3 ] || fail_with "want a header and 2 rows"
}
