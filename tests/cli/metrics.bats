#!/usr/bin/env bats
# metrics.bats - `springsim --metrics`: one header, one row; the row agrees
# with the trajectory of the same run and with closed forms.
bats_require_minimum_version 1.5.0
load helpers

# csv_metrics FILE OMEGA TARGET_VEL - the metrics of the README and --help,
# computed by awk from a trajectory CSV (header first), in the metrics
# row's order from max_err_x on:
#   max/rms/final of |err_x| and |err_v| over every row, t = 0 included;
#   overshoot: the furthest x goes past g(t) on the side away from x0, over
#     |x0 - g0| (over 1 when that is 0);
#   settle_time: the t from which |x - g(t)| stays within 2 % of |x0 - g0|
#     (of 1 when that is 0), inf if the last row is outside;
#   energy_drift: (E - E_ref) / E0 where |E - E_ref| is largest, with
#     E = (v - q)^2 + w^2 (x - g)^2 (m / 2 cancels; E0 = w^2 when 0).
csv_metrics() {
	awk -F, -v w="$2" -v q="$3" '
	function abs(a) { return a < 0 ? -a : a }
	NR == 2 {
		off = $2 - $4; dv = $3 - q; dist0 = abs(off)
		dir = off < 0 ? 1 : off > 0 ? -1 : dv > 0 ? 1 : dv < 0 ? -1 : 0
		band = 0.02 * (dist0 > 0 ? dist0 : 1)
		e0 = dv * dv + w * w * off * off; if (e0 == 0) e0 = w * w
		inside = 0; beyond = 0; drift = 0
	}
	NR > 1 {
		rows++
		ex = abs($7); ev = abs($8)
		if (ex > mx) mx = ex; if (ev > mv) mv = ev
		sx += $7 * $7; sv += $8 * $8; fx = ex; fv = ev
		off = $2 - $4
		if (dir * off > beyond) beyond = dir * off
		if (abs(off) <= band) { if (!inside) { inside = 1; from = $1 } } else inside = 0
		de = (($3 - q) ^ 2 + w * w * off * off) - (($6 - q) ^ 2 + w * w * ($5 - $4) ^ 2)
		if (abs(de) > abs(drift)) drift = de
	}
	END {
		printf "%.17g %.17g %.17g %.17g %.17g %.17g %.17g %s %.17g\n",
		    mx, sqrt(sx / rows), fx, mv, sqrt(sv / rows), fv,
		    beyond / (dist0 > 0 ? dist0 : 1), inside ? sprintf("%.17g", from) : "inf",
		    drift / e0
	}' "$1"
}

# close A B REL [ABS] - A and B agree to REL relative or ABS absolute
# (or both are inf).
close() {
	awk -v a="$1" -v b="$2" -v rel="$3" -v abs="${4:-0}" 'BEGIN {
		if (a == "" || b == "") exit 1
		if (a == "inf" || b == "inf") exit !(a == b)
		d = a - b; if (d < 0) d = -d
		m = a < 0 ? -a : a; n = b < 0 ? -b : b; if (n > m) m = n
		exit !(d <= rel * m || d <= abs || d < 1e-300)
	}'
}

@test "--metrics prints exactly one header and one row of 30 columns" {
	sim --metrics
	assert_status 0
	assert_stderr_empty
	[ "$(nlines "$OUT")" -eq 2 ] || fail_with "want 2 lines"
	[ "$(head -n 1 "$OUT")" = "$METRICS_HEADER" ] || fail_with "header differs"
	[ "$(sed -n 2p "$OUT" | awk -F, '{ print NF }')" -eq 30 ] || fail_with "want 30 fields"
}

@test "--metrics --no-header prints only the row" {
	"$SPRINGSIM" --metrics --model rk4 >"$BATS_TEST_TMPDIR/a"
	sim --metrics --model rk4 --no-header
	assert_status 0
	[ "$(nlines "$OUT")" -eq 1 ] || fail_with "want 1 line"
	sed -n 2p "$BATS_TEST_TMPDIR/a" | cmp - "$OUT"
}

@test "--metrics -o FILE writes the same bytes as stdout" {
	"$SPRINGSIM" --metrics --x0 2 >"$BATS_TEST_TMPDIR/a"
	sim --metrics --x0 2 -o "$BATS_TEST_TMPDIR/m.csv"
	assert_status 0
	assert_stdout_empty
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/m.csv"
}

@test "the identity columns of a default run: spring, semi-implicit, none, 1/60, 120, 4 pi, 0.3, 1, 0, 0, 1, 0" {
	sim --metrics
	assert_status 0
	[ "$(nlines "$OUT")" -eq 2 ] || fail_with "want 2 lines"
	awk_check "$OUT" 'NR == 2 {
		pi = atan2(0, -1)
		if ($1 != "spring") print "model " $1
		if ($2 != "semi-implicit") print "integrator " $2
		if ($3 != "none") print "substep " $3
		if ($4 != 1 / 60) print "dt " $4
		if ($5 != 120) print "frames " $5
		if (($6 - 4 * pi) ^ 2 > (4 * pi * 1e-15) ^ 2) print "omega " $6
		if ($7 != 0.3) print "zeta " $7
		if ($8 != 1 || $9 != 0 || $10 != 0 || $11 != 1 || $12 != 0) print "mass..target_vel " $8 "," $9 "," $10 "," $11 "," $12
	}'
}

@test "the identity columns echo the run's flags (--model R names model spring, integrator R)" {
	sim --metrics --model rk4 --dt 0.02 --duration 3 --x0 -0.5 --v0 2 --target 1.5 \
	    --target-vel -0.75 --uaf 7 --dr 0.4
	assert_status 0
	# 3 / 0.02 = 150 frames (within 1e-9)
	[ "$(sed -n 2p "$OUT" | cut -d, -f1-12)" = "spring,rk4,none,0.02,150,7,0.4,1,-0.5,2,1.5,-0.75" ] ||
		fail_with "identity columns differ"
	sim --metrics --integrator verlet --frames 37 --dt 0.01
	assert_status 0
	[ "$(sed -n 2p "$OUT" | cut -d, -f1-5)" = "spring,verlet,none,0.01,37" ] ||
		fail_with "identity columns differ"
}

@test "max, rms and final err_x / err_v equal those awk computes from the same run's trajectory, every rule" {
	local r args="--x0 -0.5 --v0 2 --target 1.5 --target-vel -0.75 --uaf 9 --dr 0.35 --dt 0.03 --duration 4"
	local want got i n
	for r in $RULES; do
		"$SPRINGSIM" --model "$r" $args >"$BATS_TEST_TMPDIR/traj"
		sim --model "$r" $args --metrics --no-header
		assert_status 0
		read -r -a want <<<"$(csv_metrics "$BATS_TEST_TMPDIR/traj" 9 -0.75)"
		IFS=, read -r -a got <"$OUT"
		# max and final are exact (the same doubles); rms to ~1e-15
		for n in 0 2 3 5; do
			close "${got[12 + n]}" "${want[n]}" 0 ||
				fail_with "$r: column $((13 + n)) is ${got[12 + n]}, the trajectory gives ${want[n]}"
		done
		for n in 1 4; do
			close "${got[12 + n]}" "${want[n]}" 2e-15 ||
				fail_with "$r: column $((13 + n)) is ${got[12 + n]}, the trajectory gives ${want[n]}"
		done
	done
}

@test "overshoot, settle_time and energy_drift agree with the trajectory of the same run, every rule" {
	local r args want got
	while read -r args; do
		for r in $RULES; do
			"$SPRINGSIM" --model "$r" --uaf 9 $args >"$BATS_TEST_TMPDIR/traj"
			sim --model "$r" --uaf 9 $args --metrics --no-header
			assert_status 0
			read -r -a want <<<"$(csv_metrics "$BATS_TEST_TMPDIR/traj" 9 "$(awk -v a="$args" 'BEGIN { n = split(a, f, " "); for (i = 1; i < n; i++) if (f[i] == "--target-vel") q = f[i + 1]; print q + 0 }')")"
			IFS=, read -r -a got <"$OUT"
			close "${got[18]}" "${want[6]}" 1e-15 || fail_with "$r $args: overshoot ${got[18]}, want ${want[6]}"
			close "${got[19]}" "${want[7]}" 0 || fail_with "$r $args: settle_time ${got[19]}, want ${want[7]}"
			# energy_drift is in units of E0: the exact rule's is
			# rounding noise, which awk's sums see differently
			close "${got[20]}" "${want[8]}" 1e-9 1e-14 || fail_with "$r $args: energy_drift ${got[20]}, want ${want[8]}"
		done
	done <<-'EOF'
	--dr 0.2 --x0 -0.5 --target 1.5 --dt 0.03 --duration 4
	--dr 0.5 --x0 3 --v0 1 --target 1 --target-vel 0.25 --dt 0.02 --duration 3
	--dr 1.5 --x0 1 --v0 2 --target 1 --dt 0.05 --duration 3
	EOF
}

@test "overshoot, closed form: an exact underdamped step overshoots by exp(-zeta pi / sqrt(1 - zeta^2)), both directions" {
	# zeta 0.6: sqrt(1 - 0.36) = 0.8; omega = pi / 0.8 puts the first peak
	# at t = pi / (omega 0.8) = 1, a sample at dt 0.01.  Overshoot
	# exp(-0.6 pi / 0.8) = exp(-0.75 pi), whatever the step size.
	local w want
	w=$(awk 'BEGIN { printf "%.17g", atan2(0, -1) / 0.8 }')
	want=$(awk 'BEGIN { printf "%.17g", exp(-0.75 * atan2(0, -1)) }')
	sim --model exact --uaf "$w" --dr 0.6 --dt 0.01 --frames 300 --metrics --no-header
	assert_status 0
	close "$(cut -d, -f19 "$OUT")" "$want" 1e-9 || fail_with "overshoot, want $want"
	# from above: x0 = 3 to target 1 (distance 2): x dips below 1 by
	# 2 exp(-0.75 pi), the same fraction
	sim --model exact --uaf "$w" --dr 0.6 --dt 0.01 --frames 300 --x0 3 --metrics --no-header
	assert_status 0
	close "$(cut -d, -f19 "$OUT")" "$want" 1e-9 || fail_with "overshoot from above, want $want"
	# undamped: 1 - cos(pi t) reaches 2 at t = 1: overshoot 1
	sim --model exact --uaf "$(awk 'BEGIN { printf "%.17g", atan2(0, -1) }')" --dr 0 \
	    --dt 0.01 --frames 150 --metrics --no-header
	assert_status 0
	close "$(cut -d, -f19 "$OUT")" 1 1e-12 || fail_with "undamped overshoot, want 1"
	# critically damped from rest never passes the target: 0
	sim --model exact --uaf 10 --dr 1 --metrics --no-header
	assert_status 0
	[ "$(cut -d, -f19 "$OUT")" = 0 ] || fail_with "critically damped overshoot, want 0"
}

@test "settle_time, closed form: a critically damped step settles at the first sample with (1 + w t) e^(-w t) <= 0.02" {
	# omega 10, dt 0.01: |x - 1| = (1 + 10 t) e^(-10 t): at t = 0.58
	# 6.8 e^-5.8 = 0.02059 (outside), at t = 0.59 6.9 e^-5.9 = 0.01890
	# (inside), and it only shrinks after: settle_time = 0.59.
	local want
	want=$(awk 'BEGIN { for (n = 0; ; n++) { t = n * 0.01; if ((1 + 10 * t) * exp(-10 * t) <= 0.02) break }; printf "%.17g", t }')
	[ "$want" = 0.58999999999999997 ] || fail "the closed form gives $want, not 0.59"
	sim --model exact --uaf 10 --dr 1 --dt 0.01 --frames 100 --metrics --no-header
	assert_status 0
	close "$(cut -d, -f20 "$OUT")" "$want" 0 || fail_with "settle_time, want 0.59"
}

@test "a spring at rest on its target: every metric is 0, for every rule" {
	# x0 = target = 1, v0 = target_vel = 0: nothing moves, x = x_ref = g,
	# so errors, overshoot and energy drift are 0, and it is inside the
	# band from t = 0
	local r
	for r in $RULES; do
		sim --model "$r" --x0 1 --metrics --no-header
		assert_status 0
		[ "$(cut -d, -f13-22 "$OUT")" = "0,0,0,0,0,0,0,0,0,0" ] ||
			fail_with "$r: want every metric 0"
	done
}

@test "overshoot when x0 is on the target: in units of x, in the direction of the initial velocity" {
	# x0 = g = 1, v0 = 2, undamped, omega 4: x = 1 + (2/4) sin(4 t), which
	# peaks at 1.5 at t = pi/8, sample 10 at dt = pi/80: overshoot 0.5.
	# With v0 = -2 the dip below 1 counts the same.
	local h v
	h=$(awk 'BEGIN { printf "%.17g", atan2(0, -1) / 80 }')
	for v in 2 -2; do
		sim --model exact --x0 1 --v0 "$v" --uaf 4 --dr 0 --dt "$h" --frames 40 --metrics --no-header
		assert_status 0
		close "$(cut -d, -f19 "$OUT")" 0.5 1e-12 || fail_with "v0 $v: overshoot, want 0.5"
	done
}

@test "settle_time is inf when the last row is outside the band" {
	# undamped, omega 1, 1 s: |x - 1| = cos t >= cos 1 = 0.54 > 0.02
	sim --model exact --uaf 1 --dr 0 --duration 1 --metrics --no-header
	assert_status 0
	[ "$(cut -d, -f20 "$OUT")" = inf ] || fail_with "settle_time is not inf"
}

@test "energy_drift, closed form: undamped explicit Euler gains (1 + h^2 w^2)^N - 1, backward Euler (1 + h^2 w^2)^-N - 1" {
	# explicit: x' = x + h v, v' = v - h w^2 x gives v'^2 + w^2 x'^2 =
	# (1 + h^2 w^2)(v^2 + w^2 x^2); backward Euler divides by the same.
	# The exact reference keeps E0, so the largest |E - E_ref| is at the
	# last row.  w = 2, h = 0.1, N = 10: 1.04^10 - 1 and 1.04^-10 - 1.
	local want
	want=$(awk 'BEGIN { printf "%.17g", 1.04 ^ 10 - 1 }')
	sim --model explicit --uaf 2 --dr 0 --dt 0.1 --frames 10 --metrics --no-header
	assert_status 0
	close "$(cut -d, -f21 "$OUT")" "$want" 1e-12 || fail_with "explicit drift, want $want"
	want=$(awk 'BEGIN { printf "%.17g", 1.04 ^ -10 - 1 }')
	sim --model backward-euler --uaf 2 --dr 0 --dt 0.1 --frames 10 --metrics --no-header
	assert_status 0
	close "$(cut -d, -f21 "$OUT")" "$want" 1e-12 || fail_with "backward-euler drift, want $want"
	# the same spring in stiffness/damping with mass 3 (k = 3 * 4): the
	# mass cancels in the ratio
	sim --model explicit --stiffness 12 --damping 0 --mass 3 --dt 0.1 --frames 10 --metrics --no-header
	assert_status 0
	want=$(awk 'BEGIN { printf "%.17g", 1.04 ^ 10 - 1 }')
	close "$(cut -d, -f21 "$OUT")" "$want" 1e-12 || fail_with "drift with mass 3, want $want"
}

@test "the exact rule's metrics are rounding only: errors and energy_drift < 1e-12" {
	sim --model exact --x0 -1 --v0 3 --target-vel 0.5 --metrics --no-header
	assert_status 0
	AWK_MIN_LINES=1 awk_check "$OUT" '{ for (i = 13; i <= 18; i++) if ($i > 1e-12) print "column " i ": " $i
		if ($21 > 1e-12 || $21 < -1e-12) print "energy_drift " $21 }'
}

@test "a diverged run's metrics cover the rows kept" {
	local args="--model explicit --uaf 100 --dr 0 --dt 0.1 --duration 100" want got n
	"$SPRINGSIM" $args >"$BATS_TEST_TMPDIR/traj" 2>/dev/null
	sim $args --metrics --no-header
	assert_status 0
	read -r -a want <<<"$(csv_metrics "$BATS_TEST_TMPDIR/traj" 100 0)"
	IFS=, read -r -a got <"$OUT"
	for n in 0 2 3 5; do
		close "${got[12 + n]}" "${want[n]}" 0 ||
			fail_with "column $((13 + n)) is ${got[12 + n]}, the rows kept give ${want[n]}"
	done
	[ "${got[21]}" = 1 ] || fail_with "diverged is not 1"
}

@test "rms_err_x stays <= max_err_x when the squares would overflow a double" {
	# An rms is never larger than the max of the same numbers.  Values of
	# 1e100 are accepted (the flags allow |value| <= 1e100); the errors
	# reach ~1e200, whose squares overflow a double.
	local args="--model explicit --uaf 1e-100 --dr 1 --dt 1e100 --frames 3 --target-vel 1e100"
	sim $args
	assert_status 0
	if grep -qi 'inf\|nan' "$OUT"; then fail_with "the trajectory itself is not finite"; fi
	sim $args --metrics --no-header
	assert_status 0
	AWK_MIN_LINES=1 awk_check "$OUT" '{ if (!($14 <= $13)) print "rms_err_x " $14 " > max_err_x " $13
		if (!($17 <= $16)) print "rms_err_v " $17 " > max_err_v " $16 }'
}
