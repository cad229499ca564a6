#!/usr/bin/env bats
# tune.bats - `springsim tune`: targets to a spring, round-tripped through
# run --metrics; a rule matched to the spring (modes: derived by hand
# here; response: below untuned and modes); rates; the stiffest spring;
# and every error path (exit 2, one line naming the flag, nothing on
# stdout).
bats_require_minimum_version 1.5.0
load helpers

# refused ARGS... - exit 2, one line on stderr, nothing on stdout.
refused() {
	sim tune "$@"
	[ "$status" -eq 2 ] || fail_with "tune $* exited $status, want 2"
	[ ! -s "$OUT" ] || fail_with "tune $* wrote to stdout"
	[ "$(wc -l < "$ERR")" -eq 1 ] || fail_with "tune $*: not one line"
}

@test "tune: overshoot + settle round trip through run --metrics (exact rule)" {
	sim tune --overshoot 0.1 --settle 0.5
	[ "$status" -eq 0 ] || fail_with "tune failed"
	w=$(kv omega) z=$(kv zeta)
	# zeta from the overshoot by the closed form, computed here
	near "$z" "$(awk 'BEGIN { l = -log(0.1); printf "%.17g", l / sqrt(atan2(0, -1)^2 + l*l) }')" 1e-15 zeta
	# a frame at the peak time pi / omega_d exactly (dt = t_peak / 400):
	# the overshoot to 1e-9; settle_time the first frame at or after 0.5
	dt=$(awk -v w="$w" -v z="$z" 'BEGIN { printf "%.17g", atan2(0, -1) / (w * sqrt(1 - z*z)) / 400 }')
	sim run --uaf "$w" --dr "$z" --integrator exact --dt "$dt" --duration 3 \
	    --metrics --columns overshoot,settle_time --no-header
	IFS=, read -r os st < "$OUT"
	near "$os" 0.1 1e-9 overshoot
	awk -v s="$st" -v d="$dt" 'BEGIN { exit !(s >= 0.5 && s < 0.5 + d) }' ||
		fail_with "settle_time $st not in [0.5, 0.5 + $dt)"
}

@test "tune: overshoot 0 is critical; settle with another tolerance" {
	sim tune --overshoot 0 --settle 2 --tolerance 0.05
	[ "$status" -eq 0 ]
	[ "$(kv zeta)" = 1 ] || fail_with "zeta $(kv zeta)"
	# (1 + w T) e^(-w T) = 0.05 at T = 2
	w=$(kv omega)
	near "$(awk -v w="$w" 'BEGIN { print (1 + 2*w) * exp(-2*w) }')" 0.05 1e-14 band
}

@test "tune: period + decay and overshoot + period, closed forms" {
	sim tune --period 0.5 --decay 0.1 --decay-time 0.25
	[ "$status" -eq 0 ]
	near "$(kv period)" 0.5 1e-14 period
	near "$(kv decay)" 0.1 1e-14 decay
	[ "$(kv decay_time)" = 0.25 ] || fail_with "decay_time $(kv decay_time)"
	sim tune --overshoot 0.2 --period 1
	[ "$status" -eq 0 ]
	near "$(kv period)" 1 1e-14 period
}

@test "tune: rise time 10-90 % by the closed form, checked on a fine run" {
	sim tune --overshoot 0.05 --rise-time 0.3
	[ "$status" -eq 0 ]
	w=$(kv omega) z=$(kv zeta)
	# the crossings of the closed form, found here by a scan of 1e-7 s
	awk -v w="$w" -v z="$z" 'BEGIN {
		wd = w * sqrt(1 - z*z)
		for (t = 0; t < 1; t += 1e-7) {
			x = 1 - exp(-z*w*t) * (cos(wd*t) + z*w/wd * sin(wd*t))
			if (!a && x >= 0.1) a = t
			if (!b && x >= 0.9) { b = t; break }
		}
		d = b - a - 0.3; if (d < 0) d = -d
		exit !(d < 3e-7) }' || fail_with "rise time is not 0.3"
}

@test "tune: SwiftUI and Motion groups are converted as convert does" {
	sim tune --swiftui-duration 0.5 --swiftui-bounce 0.2
	[ "$status" -eq 0 ]
	# both print settle_envelope and the true settle_time (tune's in its
	# --tolerance band, 2 % by default, as convert's)
	cp "$OUT" "$BATS_TEST_TMPDIR/tune"
	sim convert --swiftui-duration 0.5 --swiftui-bounce 0.2
	cmp "$OUT" "$BATS_TEST_TMPDIR/tune" || fail_with "tune differs from convert"
	sim tune --motion-visual-duration 0.4 --motion-bounce 0.3
	[ "$status" -eq 0 ]
	# omega = 2 pi / (1.2 V)
	near "$(kv omega)" "$(awk 'BEGIN { printf "%.17g", 2*atan2(0,-1)/(1.2*0.4) }')" 1e-13 omega
}

@test "tune: semi-implicit --match modes at 1/30 equals the hand derivation" {
	# Semi-implicit: v' = v + h(-w'^2 x - c' v), x' = x + h v', so its map
	# M = [[1 - h^2 w'^2, h (1 - h c')], [-h w'^2, 1 - h c']] has det M =
	# 1 - h c' and tr M = 2 - h^2 w'^2 - h c'.  The exact map over h has
	# det = e^(-2 zeta w h), tr = 2 e^(-zeta w h) cos(w_d h).  Equal traces
	# and determinants, equal eigenvalues: h c' = 1 - det, h^2 w'^2 =
	# 1 + det - tr, zeta' = c' / (2 w').  w = 20, zeta = 0.3, h = 1/30.
	sim tune --uaf 20 --dr 0.3 --integrator semi-implicit --fps 30 --match modes
	[ "$status" -eq 0 ] || fail_with "tune failed"
	read -r w z < <(awk 'BEGIN { h = 1/30; w = 20; z = 0.3
		det = exp(-2*z*w*h); tr = 2*exp(-z*w*h)*cos(w*sqrt(1-z*z)*h)
		wp = sqrt(1 + det - tr) / h; c = (1 - det) / h
		printf "%.17g %.17g\n", wp, c / (2*wp) }')
	near "$(kv omega)" "$w" 1e-11 omega
	near "$(kv zeta)" "$z" 1e-13 zeta
	[ "$(kv match)" = modes ]
	# the tuned map's eigenvalues are the spring's: analyze's effective
	# spring of the tuned parameters is the designed one
	sim analyze --integrator semi-implicit --uaf "$w" --dr "$z" --dt "$(awk 'BEGIN { printf "%.17g", 1/30 }')" --no-header
	IFS=, read -r _ _ _ _ _ _ _ _ weff zeff _ < "$OUT"
	near "$weff" 20 1e-12 omega_eff
	near "$zeff" 0.3 1e-13 zeta_eff
}

@test "tune: modes note and figures; response below untuned and modes" {
	sim tune --uaf 20 --dr 0.3 --integrator semi-implicit --fps 30 --match modes
	grep -q "not its positions" "$ERR" || fail_with "no note"
	u=$(kv max_err_x_untuned) m=$(kv max_err_x_tuned)
	# untuned is the figure run --metrics prints for the same flags
	cp "$OUT" "$BATS_TEST_TMPDIR/modes"
	sim run --uaf 20 --dr 0.3 --integrator semi-implicit --dt "$(awk 'BEGIN { printf "%.17g", 1/30 }')" --metrics --columns max_err_x --no-header
	[ "$(cat "$OUT")" = "$u" ] || fail_with "untuned $u, run says $(cat "$OUT")"
	sim tune --uaf 20 --dr 0.3 --integrator semi-implicit --fps 30 --match response
	[ "$status" -eq 0 ]
	r=$(kv max_err_x_tuned)
	[ "$(kv max_err_x_modes)" = "$m" ] || fail_with "modes figure differs"
	awk -v r="$r" -v m="$m" -v u="$u" 'BEGIN { exit !(r < m && m < u) }' ||
		fail_with "response $r, modes $m, untuned $u"
}

@test "tune: --fps range prints each rate, the worst is the tuned figure" {
	sim tune --uaf 20 --dr 0.3 --integrator semi-implicit --fps 30:40
	[ "$status" -eq 0 ]
	[ "$(kv match)" = response ]
	n=$(grep -c '^fps_[0-9.]*_max_err_x_tuned=' "$OUT")
	[ "$n" -eq 11 ] || fail_with "$n rates, want 11"
	worst=$(awk -F= '/^fps_.*_tuned=/ { if ($2 > w) w = $2 } END { printf "%.17g", w }' "$OUT")
	near "$(kv max_err_x_tuned)" "$worst" 0 worst
	uw=$(awk -F= '/^fps_.*_untuned=/ { if ($2 > w) w = $2 } END { printf "%.17g", w }' "$OUT")
	awk -v a="$worst" -v b="$uw" 'BEGIN { exit !(a < b) }' || fail_with "not better"
}

@test "tune: --max-stiffness for semi-implicit at zeta 0: omega dt = 2 (1 - margin)" {
	# semi-implicit at zeta 0: stable up to omega h = 2 (tr M = 2 - (wh)^2 >= -2)
	sim tune --uaf 10 --dr 0 --integrator semi-implicit --dt 0.01 --max-stiffness --margin 0.25
	[ "$status" -eq 0 ]
	near "$(kv omega)" 150 1e-12 omega
	near "$(kv stiffness)" 22500 1e-8 stiffness
	[ "$(kv zeta)" = 0 ]
}

@test "tune: help and the refusals" {
	sim tune --help
	[ "$status" -eq 0 ]
	grep -q -- "--engine NAME       instead of RULE" "$OUT"
	refused --overshoot 1 --settle 1
	grep -q -- "--overshoot: '1' cannot be met" "$ERR"
	refused --overshoot -0.1 --settle 1
	refused --overshoot 0.1 --settle -1
	grep -q -- "--settle: '-1' must be > 0" "$ERR"
	refused --overshoot 0.1
	grep -q "needs exactly one of" "$ERR"
	refused --overshoot 0.1 --settle 1 --rise-time 0.2
	grep -q "contradict" "$ERR"
	refused --settle 1
	grep -q -- "--settle needs --overshoot" "$ERR"
	refused --overshoot 0 --period 1
	grep -q "does not oscillate" "$ERR"
	refused --period 1
	refused --overshoot 0.1 --settle 1 --tolerance 1
	refused --tolerance 0.1 --uaf 3 --dr 0.5
	refused --overshoot 0.1 --settle 1 --uaf 3 --dr 0.5
	refused --uaf 3 --dr 0.5 --fps 30
	grep -q -- "--fps needs --integrator" "$ERR"
	refused --uaf 3 --dr 0.5 --integrator rk4 --match nope
	grep -q -- "--match: 'nope'" "$ERR"
	refused --uaf 3 --dr 0.5 --integrator rk4 --fps 30:abc
	refused --uaf 3 --dr 0.5 --integrator rk4 --fps 30,60 --match modes
	grep -q "needs one frame time" "$ERR"
	refused --uaf 3 --dr 0.5 --integrator rk4 --fps 30 --dt 0.1
	refused --uaf 20 --dr 0.3 --integrator backward-euler --dt 0.0333
	grep -q "negative damping" "$ERR"
	refused --uaf 20 --dr 0.3 --integrator exact --max-stiffness
	grep -q "stable at every" "$ERR"
	refused --uaf 20 --dr 0.3 --integrator rk4 --margin 0.1
	refused --uaf 20 --dr 0.3 --integrator rk4 --max-stiffness --margin 1
	refused --uaf 20 --dr 0.3 --model damper
	refused --uaf 20 --dr 0.3 --integrator rk4 --metrics
}

@test "tune --engine: a library's spring matched by response, checked by running it" {
	local w z kv
	# react-spring at 30 fps, designed omega 4 pi, zeta 0.3
	sim tune --engine react-spring --uaf 12.566370614359172 --dr 0.3 --fps 30
	assert_status 0
	kv() { awk -F= -v k="$1" '$1 == k { print $2 }' "$OUT"; }
	w=$(kv omega) z=$(kv zeta)
	[ "$(kv engine)" = react-spring ] && [ "$(kv match)" = response ] ||
		fail_with "engine, match"
	local untuned tuned
	untuned=$(kv max_err_x_untuned) tuned=$(kv max_err_x_tuned)
	awk -v a="$tuned" -v b="$untuned" 'BEGIN { exit !(a < 0.8 * b) }' ||
		fail_with "tuned $tuned not below untuned $untuned"
	# the untuned figure is run --metrics' for the designed spring
	sim --engine react-spring --uaf 12.566370614359172 --dr 0.3 \
	    --dt 0.03333333333333333 --metrics --columns max_err_x --no-header
	[ "$(cat "$OUT")" = "$untuned" ] || fail_with "untuned $untuned, run says $(cat "$OUT")"
	# the tuned figure: the library run with the tuned spring against the
	# designed spring's exact positions (springsim-exact), frame by frame
	"$SPRINGSIM" --engine react-spring --uaf "$w" --dr "$z" \
	    --dt 0.03333333333333333 >"$BATS_TEST_TMPDIR/lib.csv"
	"$SPRINGSIM" --engine springsim-exact --uaf 12.566370614359172 --dr 0.3 \
	    --dt 0.03333333333333333 >"$BATS_TEST_TMPDIR/ref.csv"
	awk -F, -v want="$tuned" 'NR == FNR { x[FNR] = $2; next }
	    FNR > 1 { d = $2 - x[FNR]; if (d < 0) d = -d; if (d > m) m = d }
	    END { exit !((m - want) ^ 2 < 1e-24) }' \
	    "$BATS_TEST_TMPDIR/lib.csv" "$BATS_TEST_TMPDIR/ref.csv" ||
		fail_with "the tuned run is not $tuned from the designed spring"
	assert_usage_error "--match modes" "react-spring" -- tune --engine react-spring --dt 0.03 --match modes
	assert_usage_error "--max-stiffness" "--engine" -- tune --engine motion --dt 0.03 --max-stiffness
}

# settle W Z TOL - the last time |e(t)| = TOL of the step response from
# rest, e(t) = (x(t) - target) / (x0 - target), from its closed form
# (under, at and over critical): a scan of 1e-4 / W s for the last
# sample beyond TOL, then bisection between it and the next.
settle() {
	awk -v w="$1" -v z="$2" -v tol="$3" '
	function e(t,  wd, r, a, b) {
		if (z < 1) { wd = w * sqrt(1 - z*z)
			return exp(-z*w*t) * (cos(wd*t) + z*w/wd * sin(wd*t)) }
		if (z == 1) return (1 + w*t) * exp(-w*t)
		r = w * sqrt(z*z - 1); a = -z*w + r; b = -z*w - r
		return (b * exp(a*t) - a * exp(b*t)) / (b - a)
	}
	function ab(x) { return x < 0 ? -x : x }
	BEGIN {
		h = 1e-4 / w; last = 0
		for (t = 0; t < 200 / w; t += h) if (ab(e(t)) > tol) last = t
		lo = last; hi = last + h
		for (i = 0; i < 200; i++) {
			m = (lo + hi) / 2
			if (ab(e(m)) > tol) lo = m; else hi = m
		}
		printf "%.17g\n", hi }'
}

@test "#40.1 tune settle_time is the true settle time, settle_envelope the estimate" {
	local w z
	sim tune --overshoot 0.1 --settle 0.4
	assert_status 0
	near "$(kv settle_time)" 0.4 1e-12 settle_time
	w=$(kv omega) z=$(kv zeta)
	near "$(settle "$w" "$z" 0.02)" 0.4 1e-9 "the closed form's settle time"
	# the envelope's estimate, ln(1 / tol) / (zeta omega), under its name
	near "$(kv settle_envelope)" "$(calc "log(50) / ($z * $w)")" 1e-12 settle_envelope
	sim tune --overshoot 0 --settle 0.5
	assert_status 0
	near "$(kv settle_time)" 0.5 1e-12 settle_time
	near "$(settle "$(kv omega)" "$(kv zeta)" 0.02)" 0.5 1e-9 "critical settle"
	# --tolerance: the band of --settle and of both printed times
	sim tune --overshoot 0.1 --settle 0.4 --tolerance 0.3
	assert_status 0
	w=$(kv omega) z=$(kv zeta)
	near "$(kv settle_time)" 0.4 1e-12 settle_time
	near "$(settle "$w" "$z" 0.3)" 0.4 1e-9 "settle time in the 30 % band"
	near "$(kv settle_envelope)" "$(calc "log(1 / 0.3) / ($z * $w)")" 1e-12 settle_envelope
	# a parameter group: its spring's own settle time (over critical too)
	sim tune --uaf 10 --dr 2
	assert_status 0
	near "$(kv settle_time)" "$(settle 10 2 0.02)" 1e-9 "overdamped settle_time"
	sim tune --uaf 7 --dr 0.2
	assert_status 0
	near "$(kv settle_time)" "$(settle 7 0.2 0.02)" 1e-9 "underdamped settle_time"
}

@test "#41.2 tune --max-stiffness impossible spring refused" {
	refused --integrator explicit --max-stiffness --uaf 1 --dr 0
	grep -q -- "--max-stiffness: explicit .*--dr '0'" "$ERR" ||
		fail_with "$(cat "$ERR")"
	refused --integrator explicit --max-stiffness --uaf 1 --dr 1e-200
	grep -q -- "--max-stiffness: explicit .*--dr '1e-200'" "$ERR" ||
		fail_with "$(cat "$ERR")"
}

@test "#41.3 tune max_err_x_untuned is run --metrics' when the run diverges, no inf" {
	local f tuned
	sim tune --integrator explicit --uaf 1e3 --dr 0
	assert_status 0
	! grep -q inf "$OUT" || fail_with "inf printed: $(grep inf "$OUT")"
	[ "$(kv diverged_untuned)" = 1 ] || fail_with "diverged_untuned"
	tuned=$(kv max_err_x_tuned)
	cp "$OUT" "$BATS_TEST_TMPDIR/tune"
	sim run --integrator explicit --uaf 1e3 --dr 0 --metrics \
	    --columns max_err_x,diverged --no-header
	[ "$(cat "$OUT")" = "$(awk -F= '$1 == "max_err_x_untuned" { print $2 }' \
	    "$BATS_TEST_TMPDIR/tune"),1" ] || fail_with "run says $(cat "$OUT")"
	# the tuned figure is over the whole run (120 frames), not the rows
	# before the designed spring diverged: explicit with the tuned spring
	# against the closed form of the designed one, frame by frame
	OUT="$BATS_TEST_TMPDIR/tune"
	"$SPRINGSIM" --integrator explicit --uaf "$(kv omega)" --dr "$(kv zeta)" \
	    >"$BATS_TEST_TMPDIR/rule.csv"
	awk -F, -v want="$tuned" 'NR > 1 { t = $1; x = $2; n++
	    d = x - (1 - cos(1000 * t)); if (d < 0) d = -d; if (d > m) m = d }
	    END { exit !(n == 121 && (m - want) ^ 2 < 1e-18) }' \
	    "$BATS_TEST_TMPDIR/rule.csv" || fail_with "tuned is not $tuned over the run"
	sim tune --integrator explicit --uaf 1e3 --dr 0 --fps 30,60
	assert_status 0
	! grep -q inf "$OUT" || fail_with "inf printed with --fps"
	cp "$OUT" "$BATS_TEST_TMPDIR/tune"
	for f in 30 60; do
		sim run --integrator explicit --uaf 1e3 --dr 0 --fps $f --metrics \
		    --columns max_err_x,diverged --no-header
		[ "$(cat "$OUT")" = "$(awk -F= -v k="fps_${f}_" '
		    $1 == k "max_err_x_untuned" { x = $2 }
		    $1 == k "diverged_untuned" { d = $2 }
		    END { print x "," d }' "$BATS_TEST_TMPDIR/tune")" ] ||
			fail_with "fps $f: run says $(cat "$OUT")"
	done
}

@test "#41.12 tune without a rule refuses the run options" {
	local a
	for a in "--x0 1" "--target 2" "--substep fixed" "--float32" \
	    "--hitch 0.1:0.1" "--target-signal sine" "--no-header" \
	    "--duration 3" "--frames 10" "--signal-amp 2" "--fast-exp"; do
		# shellcheck disable=SC2086
		refused --uaf 3 --dr 0.5 $a
		grep -q -- "^springsim: ${a%% *} needs --integrator" "$ERR" ||
			fail_with "$a: $(cat "$ERR")"
		# shellcheck disable=SC2086
		refused --overshoot 0.1 --settle 0.4 $a
	done
	# what the block reads goes ahead; with a rule the run options apply
	sim tune --uaf 3 --dr 0.5 --dt 0.1 --precision 5 --model spring
	assert_status 0
	[ "$(kv ck)" = 0.09 ] || fail_with "ck $(kv ck)"
	sim tune --uaf 3 --dr 0.5 --integrator rk4 --x0 1 --target 2
	assert_status 0
}

@test "#41.15 tune --settle 1e-100 names the flag and value" {
	refused --overshoot 0.1 --settle 1e-100
	grep -q -- "^springsim: --settle: '1e-100' cannot be met" "$ERR" ||
		fail_with "$(cat "$ERR")"
	refused --overshoot 0.1 --rise-time 1e-101
	grep -q -- "--rise-time: '1e-101'" "$ERR" || fail_with "$(cat "$ERR")"
}

@test "the guide's tune example, with its two settle times, is what the program prints" {
	local guide=$BATS_TEST_DIRNAME/../../docs/guide.md want cmd
	cmd="tune --overshoot 0.1 --settle 0.5 | grep -E '^(omega|zeta|settle_envelope|settle_time|swiftui_bounce)='"
	want=$(awk -v c="\$ springsim $cmd" '$0 == c { f = 1; next }
	    f && /^```/ { exit } f' "$guide")
	[ -n "$want" ] || fail_with "no tune example in docs/guide.md"
	[ "$(eval "\"\$SPRINGSIM\" $cmd")" = "$want" ] ||
		fail_with "the guide's tune example differs"
}
