#!/usr/bin/env bats
# defects-numerics.bats - the numeric defects of the adversarial review,
# one test each: closed forms at any half-life, the inertialization
# sources' checks, conversions whose products leave the range of a
# double, and the message that names --mass.
bats_require_minimum_version 1.5.0
load helpers

@test "defect 2: the double spring at half-lives 1e-70..1e-300 is at the target at rest after a frame, never nan; --metrics errors 0, not empty" {
	local h rule f
	# y = 4 ln2 / H: y dt is at least 4.6e68 at 60 fps, e^(-y dt) is 0,
	# so after one frame x = xi = 1 and v = vi = 0, by hand; the exact
	# rule is the reference, and so is the series (each spring exact)
	for h in 1e-70 1e-80 1e-100 1e-160 1e-200 1e-300; do
		for rule in series exact; do
			sim --model double --integrator "$rule" --halflife "$h" --frames 5
			assert_status 0
			assert_stderr_empty
			[ "$(nlines "$OUT")" -eq 7 ] || fail_with "$h $rule: not 6 rows"
			! grep -qi nan "$OUT" || fail_with "$h $rule: nan in the CSV"
			awk_check "$OUT" 'NR > 2 && ($2 != 1 || $3 != 0 || $5 != 1 ||
			    $6 != 0 || $7 != 0 || $8 != 0 || $9 != 1 || $10 != 0 ||
			    $11 != 1 || $12 != 0) { print NR ": " $0 }'
			sim --model double --integrator "$rule" --halflife "$h" --frames 5 --metrics
			assert_status 0
			for f in max_err_x rms_err_x final_err_x max_err_v rms_err_v final_err_v; do
				[ "$(metrics_field "$OUT" "$f")" = 0 ] ||
					fail_with "$h $rule: $f is '$(metrics_field "$OUT" "$f")', not 0"
			done
		done
	done
}

@test "defect 8: --source-a/--source-b square and noise are held to --target-signal's piece count, naming the flag and the value" {
	# 4 frames of 1/60 s at a period of 1e-300 s: some 1e298 pieces,
	# beyond 2^52, where k and k + 1 are one double (and k no long)
	assert_usage_error --source-a "'noise:1:1e-300'" "too many to tell apart" -- \
	    --model inertialize --source-a noise:1:1e-300 --frames 4
	assert_usage_error --source-b "'square:1:1e-300'" "too many to tell apart" -- \
	    --model inertialize --source-b square:1:1e-300 --frames 4
	# the target signal says the same of the same period
	assert_usage_error --signal-period "too many to tell apart" -- \
	    --target-signal noise --signal-period 1e-300 --frames 4
	# 6.7e10 pieces: more than 1e9, refused unless --force ...
	assert_usage_error --source-a "'noise:1:1e-12'" --force -- \
	    --model inertialize --source-a noise:1:1e-12 --frames 4
	assert_usage_error --signal-period --force -- \
	    --target-signal noise --signal-period 1e-12 --frames 4
	# ... which runs it: the output is source a, within its amplitude
	# around the base target 1 (0 to 2), before the switch at 1 s
	sim --model inertialize --source-a noise:1:1e-12 --frames 4 --force
	assert_status 0
	assert_stderr_empty
	[ "$(nlines "$OUT")" -eq 6 ] || fail_with "not 5 rows"
	awk_check "$OUT" 'NR > 1 && !($2 >= 0 && $2 <= 2 && $2 == $5 &&
	    $2 == $9) { print NR ": " $0 }'
	# a sine has no pieces: its period is free
	sim --model inertialize --source-a sine:1:1e-300 --frames 4
	assert_status 0
	! grep -qi nan "$OUT" || fail_with "nan in the CSV"
}

@test "defect 12: K = D = M = 1e-155 (K M underflows) is omega 1, zeta 0.5; so at 1e-300 and 1e100, and for the tension/friction dialects" {
	local v
	# omega = sqrt(K / M) = 1, zeta = D / (2 sqrt(K M)) = 1 / 2, by hand
	for v in 1e-155 1e-170 1e-300 1e+100; do
		identity --stiffness "$v" --damping "$v" --mass "$v"
		[ "$OMEGA" = 1 ] && [ "$ZETA" = 0.5 ] && [ "$MASS" = "$v" ] ||
			fail_with "$v: omega $OMEGA, zeta $ZETA, mass $MASS"
		identity --react-tension "$v" --react-friction "$v" --react-mass "$v"
		[ "$OMEGA" = 1 ] && [ "$ZETA" = 0.5 ] ||
			fail_with "react $v: omega $OMEGA, zeta $ZETA"
		identity --motion-stiffness "$v" --motion-damping "$v" --motion-mass "$v"
		[ "$OMEGA" = 1 ] && [ "$ZETA" = 0.5 ] ||
			fail_with "motion $v: omega $OMEGA, zeta $ZETA"
	done
	# K / M = 1e-200 / 1e-300 = 1e100 (K M = 1e-500): omega 1e50 and
	# zeta = D / (2 1e-250) = 0.5 at D = 1e-250 (to rounding: the
	# decimals are not binary)
	identity --stiffness 1e-200 --damping 1e-250 --mass 1e-300 --integrator exact
	assert_near "$OMEGA" 1e50 1e-15 omega
	assert_near "$ZETA" 0.5 1e-15 zeta
	# and back: the conventions' stiffness and damping are K and D
	sim convert --stiffness 1e-155 --damping 1e-155 --mass 1e-155
	assert_status 0
	grep -qx 'stiffness=1e-155' "$OUT" && grep -qx 'damping=1e-155' "$OUT" &&
	    grep -qx 'omega=1' "$OUT" && grep -qx 'zeta=0.5' "$OUT" ||
		fail_with "convert is not K, D, omega 1, zeta 0.5"
}

@test "defect 16: a mass that puts omega out of range is named, with its value" {
	# omega = sqrt(1 / 1e-300) = 1e150, past 1e100
	assert_usage_error "springsim: --mass: '1e-300'" --stiffness --damping \
	    "omega = 1e+150" "1e-100..1e100" -- --stiffness 1 --damping 0 --mass 1e-300
	# the flag furthest from 1 leads: here the stiffness (omega 1e-105)
	assert_usage_error "springsim: --stiffness: '1e-150'" "--mass '1e60'" -- \
	    --stiffness 1e-150 --damping 1 --mass 1e60
	# the mass of a group it does not move is not blamed
	assert_usage_error "springsim: --uaf: '1e-200'" -- --uaf 1e-200 --dr 1 --mass 1e-300
	STDERR_TEXT=
	stderr_text
	[[ $STDERR_TEXT != *--mass* ]] || fail_with "--mass named for --uaf"
}
