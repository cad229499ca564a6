#!/usr/bin/env bats
# resonance.bats - springsim resonance: the spring driven by a sine at each
# drive frequency; its CSV, the closed forms written out again in awk, the
# measured peak of a fine sweep against the closed-form peak and Holden's,
# and the errors.
bats_require_minimum_version 1.5.0
load helpers

RES_HEADER='hz,drive_omega,omega,zeta,integrator,dt,settle,frames,energy,energy_ss,amplitude_ss,diverged,peak_hz,peak_hz_ss,holden_hz'

# col FILE NAME - column NAME of every row, by the header.
col() {
	awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    { print $(c[name]) }' "$1"
}

@test "resonance: the header, one row per drive frequency in the grid's order" {
	sim resonance --hz 2,0.5,1,2,3
	assert_status 0
	assert_stderr_empty
	[ "$(head -n 1 "$OUT")" = "$RES_HEADER" ] || fail_with "header"
	[ "$(col "$OUT" hz | tr '\n' ' ')" = "2 0.5 1 2 3 " ] ||
		fail_with "hz column: $(col "$OUT" hz | tr '\n' ' ')"
	[ "$(col "$OUT" integrator | sort -u)" = semi-implicit ] ||
		fail_with "integrator"
	! grep -qi nan "$OUT" || fail_with "a nan printed"
	# the peak columns are the same on every row
	for c in peak_hz peak_hz_ss holden_hz omega zeta; do
		[ "$(col "$OUT" "$c" | sort -u | wc -l)" -eq 1 ] ||
			fail_with "$c differs between rows"
	done
	sim resonance --hz 1,2 --no-header --precision 5
	assert_status 0
	[ "$(nlines "$OUT")" -eq 2 ] || fail_with "--no-header"
	[ "$(cut -d, -f2 "$OUT" | head -n 1)" = 6.2832 ] || fail_with "--precision"
}

@test "resonance: energy_ss, amplitude_ss, peak_hz_ss and holden_hz are the derived closed forms" {
	# kappa 1 (the signal's velocity fed): |H|^2 = (w0^4 + c^2 W^2) /
	# ((w0^2 - W^2)^2 + c^2 W^2), E = A^2 |H|^2 (W^2 + w0^2) / 4; the peak
	# 3 / (1 - a + sqrt((4 - a)(1 + 2a))), a = 4 zeta^2, in units of w0^2
	sim resonance --hz 0.3,1,1.9,2,3.5,8 --uaf 12 --dr 0.25 --signal-amp 0.7
	assert_status 0
	awk_check "$OUT" 'NR > 1 { k = 1; A = 0.7; w0 = 12; z = 0.25; c = 2 * z * w0
		W = 2 * 3.141592653589793 * $1; d = w0 * w0 - W * W
		h2 = (w0 ^ 4 + k * c * c * W * W) / (d * d + c * c * W * W)
		e = A * A * h2 * (W * W + w0 * w0) / 4
		if ((e - $10) ^ 2 > (1e-12 * e) ^ 2) print NR ": energy_ss " $10 " want " e
		if ((A * sqrt(h2) - $11) ^ 2 > 1e-24) print NR ": amplitude_ss " $11
		a = 4 * z * z; u = 3 / (1 - a + sqrt((4 - a) * (1 + 2 * a)))
		p = w0 * sqrt(u) / (2 * 3.141592653589793)
		if ((p - $14) ^ 2 > 1e-24) print NR ": peak_hz_ss " $14 " want " p
		# Holden: stiffness W^2 - d^2 / 4, d = 2 z w0, solved for W
		hh = sqrt(w0 * w0 + (2 * z * w0) ^ 2 / 4) / (2 * 3.141592653589793)
		if ((hh - $15) ^ 2 > 1e-24) print NR ": holden_hz " $15 " want " hh }'
	# kappa 0 (fed zero): the peak 2 sqrt(1 - zeta^2) - 1
	sim resonance --hz 1,2 --uaf 12 --dr 0.25 --target-vel-source zero
	assert_status 0
	awk_check "$OUT" 'NR > 1 { w0 = 12; z = 0.25; c = 2 * z * w0
		W = 2 * 3.141592653589793 * $1; d = w0 * w0 - W * W
		e = (w0 ^ 4 / (d * d + c * c * W * W)) * (W * W + w0 * w0) / 4
		if ((e - $10) ^ 2 > (1e-12 * e) ^ 2) print NR ": energy_ss " $10 " want " e
		p = w0 * sqrt(2 * sqrt(1 - z * z) - 1) / (2 * 3.141592653589793)
		if ((p - $14) ^ 2 > 1e-24) print NR ": peak_hz_ss " $14 " want " p }'
}

@test "resonance: no peak, no number: empty fields past the derived limits" {
	# zeta 2, kappa 1: E rises toward A^2 c^2 / 4 for ever (no peak);
	# Holden's formula still names a frequency, 10 sqrt(1 + 4) / (2 pi)
	sim resonance --hz 1,2,3 --uaf 10 --dr 2
	assert_status 0
	awk_check "$OUT" 'NR > 1 && ($13 != "" || $14 != "") { print NR ": " $0 }
		NR > 1 && ($15 - 10 * sqrt(5) / (2 * 3.141592653589793)) ^ 2 > 1e-24 {
			print NR ": holden_hz " $15 }'
	assert_stderr_has "warning: --hz: the measured energy is largest at 3 Hz"
	assert_one_stderr_line
}

@test "resonance: a fine rk4 sweep peaks on the closed-form peak; Holden's is as far off as derived" {
	# omega 2 pi (1 Hz), zeta 0.3, kappa 1: the energy peaks at
	# sqrt(3 / (1 - a + sqrt((4 - a)(1 + 2a)))) Hz = 0.97712, Holden's
	# sqrt(1 + zeta^2) = 1.04403; grid step 0.002 Hz
	sim resonance --hz 0.9:1.05:76 --uaf 6.283185307179586 --dr 0.3 \
	    --integrator rk4 --dt 0.004
	assert_status 0
	awk_check "$OUT" 'NR == 2 { step = 0.002; z = 0.3; a = 4 * z * z
		we = sqrt(3 / (1 - a + sqrt((4 - a) * (1 + 2 * a)))); wh = sqrt(1 + z * z)
		if (($13 - $14) ^ 2 > step ^ 2) print "peak_hz " $13 " vs peak_hz_ss " $14
		if (($15 - $13 - (wh - we)) ^ 2 > step ^ 2) print "holden_hz - peak_hz " $15 - $13 " want " wh - we
		if ((wh - we) < 5 * step) print "the grid cannot tell them apart" }'
	# the same, kappa 0 and zeta 0.5: peak sqrt(2 sqrt(1 - z^2) - 1)
	sim resonance --hz 0.8:0.95:76 --uaf 6.283185307179586 --dr 0.5 \
	    --integrator rk4 --dt 0.004 --target-vel-source zero
	assert_status 0
	awk_check "$OUT" 'NR == 2 { step = 0.002; z = 0.5
		we = sqrt(2 * sqrt(1 - z * z) - 1); wh = sqrt(1 + z * z)
		if (($13 - $14) ^ 2 > step ^ 2) print "peak_hz " $13 " vs peak_hz_ss " $14
		# W_H^2 - W_E^2 = 2 + z^2 - 2 sqrt(1 - z^2)
		s = 2 + z * z - 2 * sqrt(1 - z * z)
		if (($15 - $13 - s / (wh + we)) ^ 2 > step ^ 2) print "holden_hz - peak_hz " $15 - $13
		if (s / (wh + we) < 4 * step) print "the grid cannot tell them apart" }'
}

@test "resonance: the measured energy is the rule's: rk4 and exact converge on energy_ss as dt shrinks" {
	sim resonance --hz 1.5,2,2.5 --integrator rk4 --dt 0.001
	assert_status 0
	awk_check "$OUT" 'NR > 1 && (($9 / $10 - 1) ^ 2 > 1e-8) { print NR ": " $9 " vs " $10 }'
	# the exact rule holds the target linear over each frame: first order
	# in dt on a sine (8 % low at 60 fps, 0.55 % at dt 0.001 at 2 Hz)
	sim resonance --hz 2 --integrator exact --no-header
	e60=$(cut -d, -f9 "$OUT"); ess=$(cut -d, -f10 "$OUT")
	sim resonance --hz 2 --integrator exact --dt 0.001 --no-header
	e1=$(cut -d, -f9 "$OUT")
	awk -v a="$e60" -v b="$e1" -v s="$ess" 'BEGIN {
		r = (s - a) / (s - b); exit !(a < b && b < s && r > 10 && r < 25) }' ||
		fail "exact: $e60 at 60 fps, $e1 at 1 kHz, steady state $ess"
}

@test "resonance: a diverged run has an empty energy and diverged 1, with a warning" {
	sim resonance --hz 1,2 --integrator explicit --dt 0.1
	assert_status 0
	awk_check "$OUT" 'NR > 1 && ($9 != "" || $12 != 1) { print NR ": " $0 }'
	assert_stderr_has "--hz 1: warning: diverged" "--hz 2: warning: diverged"
}

@test "resonance --help" {
	sim resonance --help
	assert_status 0
	assert_stderr_empty
	grep -q '^usage: springsim resonance --hz LIST' "$OUT" || fail_with "usage line"
	for f in --hz --settle --periods --integrator --target-vel-source; do
		grep -q -- "$f" "$OUT" || fail_with "no $f"
	done
}

@test "resonance: bad --hz values exit 2, one line naming the flag and the value" {
	local v
	for v in 0 -1 abc '' 1:2:0 1:2:x 1:2 0:1:3log nan inf 0x10 '1,,2' 2e9 ' 1'; do
		assert_usage_error "--hz" "'$v'" -- resonance --hz "$v"
	done
	assert_usage_error "--hz needs a value" -- resonance --hz
	assert_usage_error "resonance needs --hz" -- resonance --uaf 3 --dr 0.5
	assert_usage_error "--hz" "--force" -- resonance --hz 1e-7
	assert_usage_error "--settle" "'-1'" -- resonance --hz 1 --settle -1
	assert_usage_error "--periods" "'0'" -- resonance --hz 1 --periods 0
	assert_usage_error "--periods" "'2.5'" -- resonance --hz 1 --periods 2.5
}

@test "resonance: the run flags it sets itself are refused" {
	assert_usage_error "--duration" -- resonance --hz 1 --duration 3
	assert_usage_error "--frames" -- resonance --hz 1 --frames 3
	assert_usage_error "--signal-period" -- resonance --hz 1 --signal-period 2
	assert_usage_error "--target-signal" "'square'" -- resonance --hz 1 --target-signal square
	assert_usage_error "--metrics" -- resonance --hz 1 --metrics
	assert_usage_error "zeta 0" "--settle" -- resonance --hz 1 --uaf 3 --dr 0
	# with --settle an undamped spring runs
	sim resonance --hz 1 --uaf 3 --dr 0 --settle 1
	assert_status 0
}

@test "resonance -o: the same bytes as stdout; on an error, no file and an old one kept" {
	sim resonance --hz 1:3:5
	cp "$OUT" "$BATS_TEST_TMPDIR/want"
	sim resonance --hz 1:3:5 -o "$BATS_TEST_TMPDIR/got.csv"
	assert_status 0
	assert_stdout_empty
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got.csv" || fail "-o differs"
	assert_usage_error "--hz" -- resonance --hz 1,x -o "$BATS_TEST_TMPDIR/new.csv"
	[ ! -e "$BATS_TEST_TMPDIR/new.csv" ] || fail "a file on error"
	printf 'old\n' >"$BATS_TEST_TMPDIR/old.csv"
	assert_usage_error "--duration" -- resonance --hz 1 --duration 2 -o "$BATS_TEST_TMPDIR/old.csv"
	[ "$(cat "$BATS_TEST_TMPDIR/old.csv")" = old ] || fail "old file changed"
	[ -z "$(ls "$BATS_TEST_TMPDIR" | grep -v -e '^want$' -e '\.csv$' -e '^std')" ] ||
		fail "a temporary file left: $(ls "$BATS_TEST_TMPDIR")"
}
