#!/usr/bin/env bats
# system.bats - systems of springs after Nissen: --model pair, angular and
# chain (the relative motion against the single spring's closed form in
# awk, momentum, wind-up, the rope's columns and summary), analyze --model
# chain|mesh (the limits against the closed forms), --no-reference (the
# state's columns alone, byte for byte), and the errors.
bats_require_minimum_version 1.5.0
load helpers

PAIR_HEADER='t,x1,v1,x2,v2,length,x1_ref,v1_ref,x2_ref,v2_ref,length_ref,err_length'
CHAIN_HEADER='t,particle,x,v,x_ref,v_ref,err_x,err_v'
SUMMARY_HEADER='t,max_stretch,energy,energy_ref,max_err_x,max_err_v'

@test "pair: the length is the spring on the reduced mass, exactly (awk's closed form)" {
	# m_red = 0.75; --stiffness 12 --damping 0.6: omega = 4, zeta = 0.1
	sim --model pair --m1 1 --m2 3 --stiffness 12 --damping 0.6 --rest 1 \
	    --x2 1.5 --frames 120
	assert_status 0
	assert_stderr_empty
	[ "$(head -n 1 "$OUT")" = "$PAIR_HEADER" ] || fail_with "header"
	[ "$(nlines "$OUT")" -eq 122 ] || fail_with "rows"
	awk_check "$OUT" 'NR > 1 {
		w = 4; z = 0.1; wd = w * sqrt(1 - z * z); t = $1
		e = exp(-z * w * t) * 0.5 * (cos(wd * t) + z * w / wd * sin(wd * t))
		if (($11 - 1 - e) > 1e-12 || (1 + e - $11) > 1e-12) print NR, $11, 1 + e
		# momentum stays 0
		if ($3 + 3 * $5 > 1e-12 || -($3 + 3 * $5) > 1e-12) print NR, "momentum", $3 + 3 * $5
	}'
}

@test "pair: every rule runs; exact equals the reference to rounding" {
	for r in semi-implicit explicit implicit backward-euler impulse exact; do
		sim --model pair --integrator "$r" --frames 60 --v1 2
		assert_status 0
	done
	awk_check "$OUT" 'NR > 1 { if ($12 > 1e-12 || -$12 > 1e-12) print NR, $12 }'
}

@test "pair: Nissen's Ck = Cd = 1 on the reduced mass brings the length to rest in two steps" {
	sim --model pair --m1 2 --m2 0.5 --ck 1 --cd 1 --frames 4 --x2 3
	assert_status 0
	awk_check "$OUT" 'NR >= 4 { if ($6 - 1 > 1e-12 || 1 - $6 > 1e-12) print NR, $6 }'
}

@test "angular: three turns wound up unwind the whole way (no wrapping)" {
	sim --model angular --i1 1 --i2 2 --uaf 3 --dr 0.1 --x2 18.84955592153876 \
	    --integrator exact --dt 0.05 --frames 800
	assert_status 0
	head -n 1 "$OUT" | grep -q '^t,theta1,omega1,theta2,omega2,angle,' ||
		fail_with "header"
	awk_check "$OUT" 'NR > 1 { if ($6 < lo) lo = $6 }
	    END { if (!(lo < -4)) print "min angle", lo
	          if (!($6 < 1e-3 && $6 > -1e-3)) print "final angle", $6 }'
}

@test "chain: one row per body and frame; the summary a row a frame" {
	sim --model chain --particles 4 --frames 10
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$CHAIN_HEADER" ] || fail_with "header"
	[ "$(nlines "$OUT")" -eq 45 ] || fail_with "rows"
	sim --model chain --particles 50 --frames 30 --summary --integrator exact
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$SUMMARY_HEADER" ] || fail_with "header"
	[ "$(nlines "$OUT")" -eq 32 ] || fail_with "rows"
	awk_check "$OUT" 'NR > 1 { if ($5 > 1e-9) print NR, $5 }'
}

@test "chain: every rule converges on the exact modes as dt halves" {
	for r in semi-implicit explicit implicit backward-euler impulse rigidbody; do
		sim --model chain --particles 6 --integrator "$r" --dt 0.001 \
		    --duration 0.5 --summary --no-header
		a=$(tail -n 1 "$OUT" | cut -d, -f5)
		sim --model chain --particles 6 --integrator "$r" --dt 0.0005 \
		    --duration 0.5 --summary --no-header
		b=$(tail -n 1 "$OUT" | cut -d, -f5)
		assert_near "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')" 2 0.1 "$r error ratio"
	done
	# the higher orders: 2^2 for verlet, 2^4 for rk4 (coarser steps, so
	# rk4's error stays well above rounding)
	for ro in verlet:2:0.01 rk4:4:0.02; do
		r=${ro%%:*}; o=$(echo "$ro" | cut -d: -f2); dt=${ro##*:}
		# the largest error over the run (one instant's error swings)
		sim --model chain --particles 6 --integrator "$r" --dt "$dt" \
		    --duration 0.6 --summary --no-header
		a=$(awk -F, '$5 > m { m = $5 } END { print m }' "$OUT")
		sim --model chain --particles 6 --integrator "$r" \
		    --dt "$(awk -v d="$dt" 'BEGIN { print d / 2 }')" \
		    --duration 0.6 --summary --no-header
		b=$(awk -F, '$5 > m { m = $5 } END { print m }' "$OUT")
		assert_near "$(awk -v a="$a" -v b="$b" -v o="$o" 'BEGIN { print log(a / b) / log(2) / o }')" 1 0.1 "$r order ratio"
	done
}

@test "chain: beyond the limit analyze gives, the rope diverges with a warning" {
	sim --model chain --particles 10 --ck 0.7 --cd 0.7 --frames 3000 --summary
	assert_status 0
	assert_stderr_has "diverged at frame"
	sim --model chain --particles 10 --ck 0.66 --cd 0.66 --frames 3000 --summary
	assert_status 0
	assert_stderr_empty
}

@test "analyze --model chain|mesh: the limits against 4 / (3 mu_max) and 4 / mu_max" {
	sim analyze --model chain --particles 10
	assert_status 0
	head -n 1 "$OUT" | grep -q '^model,bodies,n,integrator,cd_over_ck,ck_limit,mu_max,nissen_cmax,verdict$' ||
		fail_with header
	# two rows (Cd = Ck, Cd = 0) for every rule, impulse last
	awk_check "$OUT" 'NR > 1 { n[$4]++; rows++; last = $4 }
	    END { for (r in n) if (n[r] != 2) print r, n[r]
	          if (last != "impulse" || rows < 16) print "rows", rows, last }'
	awk_check "$OUT" '$4 == "semi-implicit" {
		want = ($5 == 1 ? 4 / (3 * $7) : 4 / $7)
		if ($6 - want > 1e-9 || want - $6 > 1e-9) print NR, $6, want
		if ($9 != "conservative") print NR, $9 }
	    $4 == "backward-euler" && $6 != "" { print NR, "BE limit", $6 }
	    $4 == "explicit" && $5 == 0 && $6 != 0 { print NR, "explicit", $6 }
	    # explicit at Cd = Ck: det = 1 for every mode until Ck mu = 4
	    $4 == "explicit" && $5 == 1 {
		want = 4 / $7
		if ($6 - want > 1e-9 || want - $6 > 1e-9) print NR, $6, want
		if ($9 != "marginal") print NR, "explicit", $9 }
	    # impulse undamped reads no velocity: semi-implicit, 4 / mu_max
	    $4 == "impulse" && $5 == 0 {
		want = 4 / $7
		if ($6 - want > 1e-9 * want || want - $6 > 1e-9 * want) print NR, $6, want }
	    $4 == "impulse" && $5 == 1 && ($6 < 1 || $9 != "conservative") { print NR, $6, $9 }'
	sim analyze --model mesh --grid 12x12 --integrator semi-implicit --no-header
	assert_status 0
	[ "$(nlines "$OUT")" -eq 2 ] || fail_with "rows"
	awk_check "$OUT" '{ if ($3 != 4 || $8 != 0.2) print NR, $3, $8 }' -v AWK_MIN_LINES=1
}

@test "analyze --model chain --integrator impulse: one body is semi-implicit's 4/3 and 4" {
	sim analyze --model chain --particles 1 --integrator impulse --no-header
	assert_status 0
	assert_stderr_empty
	[ "$(nlines "$OUT")" -eq 2 ] || fail_with "rows"
	# semi-implicit on one spring: a + 2 b < 4 (a = b = Ck: 3 Ck < 4), a < 4
	awk_check "$OUT" '{ want = $5 == 1 ? 4 / 3 : 4
		if ($4 != "impulse" || $6 - want > 1e-9 || want - $6 > 1e-9) print NR, $4, $6, want }' \
	    -v AWK_MIN_LINES=2
	sim analyze --model mesh --grid 3x3 --integrator all --no-header
	assert_status 0
	grep -q '^mesh,9,4,impulse,1,' "$OUT" || fail_with "no impulse row"
	# past 32 bodies every rule but impulse, and one warning
	sim analyze --model chain --particles 33
	assert_status 0
	assert_stderr_has "impulse skipped"
	! grep -q impulse "$OUT" || fail_with "impulse rows past the cap"
	grep -q '^chain,33,2,semi-implicit,1,' "$OUT" || fail_with "rows"
	sim analyze --model chain --particles 32 --integrator impulse
	assert_status 0
	assert_stderr_empty
}

@test "impulse: one spring is semi-implicit digit for digit; the rope is not" {
	sim --model pair --m1 1 --m2 3 --ck 0.3 --cd 0.4 --frames 50 --integrator impulse
	assert_status 0
	cp "$OUT" "$BATS_TEST_TMPDIR/imp.csv"
	sim --model pair --m1 1 --m2 3 --ck 0.3 --cd 0.4 --frames 50
	cmp -s "$OUT" "$BATS_TEST_TMPDIR/imp.csv" || fail_with "pair: impulse differs"
	sim --model chain --particles 1 --ck 0.3 --cd 0.4 --target-vel 1 --frames 50 --integrator impulse
	cp "$OUT" "$BATS_TEST_TMPDIR/imp.csv"
	sim --model chain --particles 1 --ck 0.3 --cd 0.4 --target-vel 1 --frames 50
	cmp -s "$OUT" "$BATS_TEST_TMPDIR/imp.csv" || fail_with "one body: impulse differs"
	sim --model chain --particles 3 --ck 0.3 --cd 0.4 --frames 5 --integrator impulse
	cp "$OUT" "$BATS_TEST_TMPDIR/imp.csv"
	sim --model chain --particles 3 --ck 0.3 --cd 0.4 --frames 5
	! cmp -s "$OUT" "$BATS_TEST_TMPDIR/imp.csv" || fail_with "rope: impulse is semi-implicit"
	# past semi-implicit's 0.67 the rope under impulses still holds (1.34)
	sim --model chain --particles 10 --ck 1 --cd 1 --frames 3000 --summary --integrator impulse
	assert_status 0
	assert_stderr_empty
	sim --model chain --particles 10 --ck 1.4 --cd 1.4 --frames 3000 --summary --integrator impulse
	assert_stderr_has "diverged at frame"
	# the parameters' warnings (Ck, Cd above 1) said once each
	[ "$(grep -c 'is above 1' "$ERR")" -eq 2 ] || fail_with "warnings repeated"
}

@test "chain: any signal; its reference is the line's for a line, and the rules converge on it" {
	# a constant signal rides the base line: the modal signal reference
	# (each mode's sigref) equals the line's closed form
	sim --model chain --particles 5 --target 0.5 --target-vel 0.3 --x0 0.2 --frames 60 --no-header
	assert_status 0
	cp "$OUT" "$BATS_TEST_TMPDIR/line.csv"
	sim --model chain --particles 5 --target 0.5 --target-vel 0.3 --x0 0.2 --frames 60 --no-header \
	    --target-signal constant
	assert_status 0
	assert_stderr_empty
	AWK_MIN_LINES=300 awk_check_ref "$BATS_TEST_TMPDIR/line.csv" "$OUT" '
	    NR == FNR { xr[FNR] = $5; vr[FNR] = $6; next }
	    { d = $5 - xr[FNR]; e = $6 - vr[FNR]
	      if (d > 1e-12 || -d > 1e-12 || e > 1e-12 || -e > 1e-12) print FNR, $5, xr[FNR] }'
	# a sine, a step and noise: every rule but exact converges at order 1
	for sig in "sine --signal-amp 0.5 --signal-period 0.7" \
	    "step --signal-amp 1 --signal-at 0.25" "noise --signal-amp 0.3 --signal-period 0.05"; do
		for r in semi-implicit impulse implicit; do
			# shellcheck disable=SC2086
			sim --model chain --particles 6 --integrator "$r" --dt 0.001 \
			    --duration 0.5 --summary --no-header --target-signal $sig
			assert_status 0
			a=$(tail -n 1 "$OUT" | cut -d, -f5)
			# shellcheck disable=SC2086
			sim --model chain --particles 6 --integrator "$r" --dt 0.0005 \
			    --duration 0.5 --summary --no-header --target-signal $sig
			b=$(tail -n 1 "$OUT" | cut -d, -f5)
			assert_near "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')" 2 0.15 "$r on $sig: error ratio"
		done
	done
	sim --model chain --particles 3 --target-signal square --target-vel-source zero --frames 30
	assert_status 0
}

@test "system: --dim 1 is the 1-D model itself; any other --dim at angular is refused" {
	for m in pair angular chain; do
		sim --model "$m" --frames 20
		assert_status 0
		cp "$OUT" "$BATS_TEST_TMPDIR/plain.csv"
		sim --model "$m" --dim 1 --frames 20
		assert_status 0
		assert_stderr_empty
		cmp -s "$OUT" "$BATS_TEST_TMPDIR/plain.csv" || fail_with "$m --dim 1 differs"
		sim --model "$m" --dim=1 --frames 20
		cmp -s "$OUT" "$BATS_TEST_TMPDIR/plain.csv" || fail_with "$m --dim=1 differs"
	done
	assert_usage_error "--dim" "'2'" "angular" -- --model angular --dim 2
	assert_usage_error "--dim" "'x'" -- --model angular --dim x
}

@test "--no-reference: the headers drop every reference column" {
	for args in "pair:t,x1,v1,x2,v2,length" \
	    "angular:t,theta1,omega1,theta2,omega2,angle" \
	    "chain:t,particle,x,v" "chain --summary:t,max_stretch,energy"; do
		# shellcheck disable=SC2086
		sim --model ${args%%:*} --frames 3 --no-reference
		assert_status 0
		assert_stderr_empty
		[ "$(head -n 1 "$OUT")" = "${args#*:}" ] || fail_with "${args%%:*}: header"
	done
	[ "$(nlines "$OUT")" -eq 5 ] || fail_with "summary rows"
	sim --model chain --particles 3 --frames 2 --no-reference --no-header
	assert_status 0
	[ "$(nlines "$OUT")" -eq 9 ] || fail_with "rows"
	awk_check "$OUT" 'NF != 4 { print NR, NF }' -v AWK_MIN_LINES=9
}

@test "--no-reference: the columns kept are the reference run's, byte for byte" {
	for r in semi-implicit explicit implicit impulse verlet rk4 exact; do
		same_columns 1-6 --model pair --m1 1 --m2 3 --ck 0.3 --cd 0.2 \
		    --v1 2 --integrator "$r" --frames 40
		same_columns 1-6 --model angular --i1 2 --x2 7 --integrator "$r" \
		    --frames 40
		same_columns 1-4 --model chain --particles 5 --target-vel 0.3 \
		    --x0 0.2 --integrator "$r" --frames 30
		same_columns 1-3 --model chain --particles 8 --v0 1 --summary \
		    --integrator "$r" --frames 40
	done
	# a signal (the rule sees it; only its modal reference goes)
	same_columns 1-3 --model chain --particles 6 --summary --frames 60 \
	    --target-signal sine --signal-period 0.5 --integrator backward-euler
	same_columns 1-4 --model chain --particles 3 --frames 30 \
	    --target-signal square --target-vel-source zero --integrator exact
	# the state's divergence stops it at the same frame, the same warning
	same_columns 1-3 --model chain --particles 10 --ck 0.7 --cd 0.7 \
	    --frames 3000 --summary
	assert_stderr_has "diverged at frame"
}

@test "--no-reference: a 1000-body rope's summary over 10000 frames" {
	sim --model chain --particles 1000 --frames 10000 --ck 0.3 --cd 0.3 \
	    --x0 0.5 --summary --no-reference
	assert_status 0
	assert_stderr_empty
	[ "$(nlines "$OUT")" -eq 10002 ] || fail_with "rows"
	awk_check "$OUT" 'NR > 1 && !($2 >= 0 && $3 >= 0 && $3 < 1e6) { print NR, $0 }' \
	    -v AWK_MIN_LINES=10002
	# exact steps by the modes: still there without the reference
	sim --model chain --particles 200 --frames 20 --integrator exact \
	    --summary --no-reference
	assert_status 0
	[ "$(nlines "$OUT")" -eq 22 ] || fail_with "exact rows"
	sim --model chain --help
	grep -qF -- "--no-reference" "$OUT" || fail_with "help"
}

@test "system errors: one line naming the flag and the value, exit 2" {
	assert_usage_error -- --model pair --m1 0
	assert_usage_error "--m1" "'abc'" -- --model pair --m1 abc
	assert_usage_error "--i1" "pair" -- --model pair --i1 2
	assert_usage_error "--m2" "angular" -- --model angular --m2 2
	assert_usage_error "--particles" -- --model pair --particles 3
	assert_usage_error "--rest" "chain" -- --model chain --rest 2
	assert_usage_error "--particles" "'0'" -- --model chain --particles 0
	assert_usage_error "--particles" -- --model chain --particles 2001
	assert_usage_error "--x0" -- --model pair --x0 1
	assert_usage_error "--mass" -- --model pair --mass 2
	assert_usage_error "--integrator" "'nope'" -- --model chain --integrator nope
	assert_usage_error "--damper" "'axial'" "--dim 2|3" -- --model pair --damper axial
	assert_usage_error "--metrics" -- --model chain --metrics
	assert_usage_error "--substep" -- --model pair --substep max
	assert_usage_error "--target-signal" "pair" -- --model pair --target-signal sine
	assert_usage_error "--target-signal" "angular" -- --model angular --target-signal step
	assert_usage_error "--grid" "'3x'" -- analyze --model mesh --grid 3x
	assert_usage_error "--integrator" "'bogus'" -- analyze --model chain --integrator bogus
	assert_usage_error "--integrator impulse" "--particles" "101" -- analyze --model chain --particles 101 --integrator impulse
	assert_usage_error "--integrator impulse" "--grid" "11x10" -- analyze --model mesh --grid 11x10 --integrator impulse
	assert_usage_error "--integrator impulse" "--grid" "2x32" -- analyze --model mesh --grid 2x32 --integrator impulse
	assert_usage_error "--integrator impulse" "--particles" "33" -- analyze --model chain --particles 33 --integrator impulse
	assert_usage_error "--particles" -- analyze --model mesh --particles 3
	assert_usage_error "--no-reference" -- --model chain --no-reference=1
}

@test "system: -o writes the file whole, and nothing on an error" {
	f=$BATS_TEST_TMPDIR/pair.csv
	sim --model pair --frames 5 -o "$f"
	assert_status 0
	assert_stdout_empty
	[ "$(nlines "$f")" -eq 7 ] || fail_with "rows in the file"
	rm -f "$f"
	sim --model pair --frames 5 -o "$f" --m1 -1
	assert_status 2
	[ ! -e "$f" ] || fail_with "a file written on an error"
	sim --model chain --help
	assert_status 0
	grep -q 'usage: springsim --model pair' "$OUT" || fail_with "help"
}
