#!/usr/bin/env bats
# export.bats - springsim export: the CSS linear() easing, evaluated here
# independently (the string parsed in awk, interpolated as CSS does, and
# held against the spring's closed form), and the libraries' configs,
# held against the dialects' definitions worked by hand.
load helpers

# kv KEY - KEY's value in $output
kv() {
	printf '%s\n' "$output" | sed -n "s/^$1=//p"
}

# css_error W Z X0 V0 G - the largest |linear() - spring progress| of
# $output's css_easing over its duration and three durations after it
# (where the finished animation holds 1), 200000 samples, the spring
# underdamped (Z < 1) or critical (Z = 1) from its closed form
css_error() {
	printf '%s\n' "$output" | awk -F= -v w="$1" -v z="$2" -v x0="$3" \
	    -v v0="$4" -v g="$5" '
	$1 == "css_easing" { s = $2 }
	$1 == "css_duration_ms" { T = $2 / 1000 }
	END {
		sub(/^linear\(/, "", s); sub(/\)$/, "", s)
		n = split(s, part, /, /)
		for (i = 1; i <= n; i++) {
			k = split(part[i], f, / /)
			y[i] = f[1] + 0
			if (k == 2) { sub(/%$/, "", f[2]); x[i] = f[2] / 100 }
			else x[i] = (i == 1 ? 0 : 1)
		}
		e0 = x0 - g; de0 = v0; L = g - x0
		if (z < 1) wd = w * sqrt(1 - z * z)
		N = 200000; worst = 0; j = 1
		for (m = 0; m <= N; m++) {
			tau = 4 * m / N; t = tau * T
			if (tau >= 1) ease = y[n]
			else {
				while (j < n - 1 && x[j + 1] <= tau) j++
				ease = y[j] + (y[j + 1] - y[j]) * (tau - x[j]) / (x[j + 1] - x[j])
			}
			if (z < 1) e = exp(-z * w * t) * (e0 * cos(wd * t) + (de0 + z * w * e0) / wd * sin(wd * t))
			else e = exp(-w * t) * (e0 + (de0 + w * e0) * t)
			p = 1 + e / L
			d = ease - p; if (d < 0) d = -d
			if (d > worst) worst = d
		}
		printf "%.17g\n", worst
	}'
}

@test "export: the easing's stated error is the error of the string as printed, within the tolerance" {
	local z tol
	for z in 0.2 0.5 0.9 1; do
		for tol in 0.01 0.001; do
			run "$SPRINGSIM" export --omega 12 --zeta "$z" --tolerance "$tol"
			assert_success
			local got stated
			got=$(css_error 12 "$z" 0 0 1)
			stated=$(kv css_max_error)
			awk -v a="$got" -v s="$stated" -v t="$tol" 'BEGIN {
			    if (!(s <= t)) { print "stated " s " above " t; exit 1 }
			    d = a - s; if (d < 0) d = -d
			    if (d > 1e-3 * s + 1e-9) { print "measured " a ", stated " s; exit 1 } }' ||
				fail_with "zeta $z, tolerance $tol: $(css_error 12 "$z" 0 0 1) measured, $stated stated"
		done
	done
}

@test "export: a start velocity, a start and a target of any sign; the end settles within T/4" {
	run "$SPRINGSIM" export --omega 8 --zeta 0.4 --x0 5 --target -3 --v0 20 --tolerance 0.002
	assert_success
	local got stated
	got=$(css_error 8 0.4 5 20 -3)
	stated=$(kv css_max_error)
	awk -v a="$got" -v s="$stated" 'BEGIN { d = a - s; if (d < 0) d = -d
	    exit !(s <= 0.002 && d <= 1e-3 * s + 1e-9) }' ||
		fail_with "measured $got, stated $stated"
	# the duration: the last time the progress is outside 1 +- 0.0005,
	# found here on a fine grid of the closed form, rounded up to a ms
	local want
	want=$(awk 'BEGIN { w = 8; z = 0.4; e0 = 8; de0 = 20; L = -8
	    wd = w * sqrt(1 - z*z); last = 0
	    for (t = 0; t < 10; t += 1e-6) {
		e = exp(-z*w*t) * (e0*cos(wd*t) + (de0 + z*w*e0)/wd*sin(wd*t))
		if ((e / L > 0.0005 || e / L < -0.0005)) last = t }
	    printf "%d", last * 1000 + 1 }')
	[ "$(kv css_duration_ms)" = "$want" ] ||
		fail_with "css_duration_ms $(kv css_duration_ms), want $want"
}

@test "export: the points are as few as a tolerance ten times looser needs fewer" {
	run "$SPRINGSIM" export --omega 12 --zeta 0.5 --tolerance 0.01
	local loose=$(kv css_points)
	run "$SPRINGSIM" export --omega 12 --zeta 0.5 --tolerance 0.001
	local tight=$(kv css_points)
	# chords of a smooth curve: the count grows as tol^(-1/2)
	[ "$loose" -lt "$tight" ] && [ "$tight" -le $((loose * 4)) ] ||
		fail_with "$loose points at 0.01, $tight at 0.001"
	[ "$(kv css_points)" -eq "$(kv css_easing | tr ',' '\n' | wc -l)" ] ||
		fail_with "css_points is not the count of linear()'s points"
}

@test "export: each library's config, from the dialects' definitions" {
	# omega 12, zeta 0.5, mass 1: stiffness 144, damping 2 zeta omega = 12;
	# SwiftUI's response 2 pi / omega; Unity only at zeta 1
	run "$SPRINGSIM" export --omega 12 --zeta 0.5
	assert_success
	[ "$(kv react_spring)" = "{ tension: 144, friction: 12, mass: 1 }" ]
	[ "$(kv motion)" = '{ type: "spring", stiffness: 144, damping: 12, mass: 1 }' ]
	[ "$(kv android)" = "SpringForce().setStiffness(144f).setDampingRatio(0.5f)" ]
	[ "$(kv compose)" = "spring(stiffness = 144f, dampingRatio = 0.5f)" ]
	[ "$(kv flutter)" = "SpringDescription(stiffness: 144, damping: 12, mass: 1)" ]
	[ "$(kv reanimated)" = "{ stiffness: 144, damping: 12, mass: 1 }" ]
	local r
	r=$(kv swiftui | sed 's/.*response: \([0-9.]*\),.*/\1/')
	awk -v r="$r" 'BEGIN { d = r - 2 * atan2(0, -1) / 12; exit !(d < 1e-15 && d > -1e-15) }' ||
		fail_with "swiftui response $r"
	[ "$(kv unity)" = "" ] || fail_with "unity: $(kv unity)"
	# SmoothDamp's omega is 2 / smoothTime
	run "$SPRINGSIM" export --omega 10 --zeta 1
	[ "$(kv unity)" = "Mathf.SmoothDamp(x, target, ref v, 0.2)" ] ||
		fail_with "unity: $(kv unity)"
}

@test "export: bad input is one line naming the flag, exit 2, nothing on stdout" {
	sim export --tolerance 0
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "--tolerance" "'0'"
	sim export --target 0 --x0 0
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "--target"
	sim export --omega 10 --zeta 0
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "--duration"
	sim export --tolerance 1e-6 --max-points 10
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "--max-points"
	sim export --omega 10 --zeta 0 --duration 1
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --duration 1"
}

# frames_error CSV - the largest |linear() - progress| of $output's
# css_easing over the frames of CSV (springsim --engine ...'s t,x,...,
# target columns, x0 its first x) up to css_duration_ms, the easing
# interpolated as CSS does at t / duration
frames_error() {
	{ printf '%s\n' "$output"; cat "$1"; } | awk -F'[=,]' '
	$1 == "css_easing" { s = substr($0, 12) }
	$1 == "css_duration_ms" { T = $2 / 1000 }
	$1 == "t" { csv = 1; next }
	csv { t[++m] = $1; x[m] = $2; g[m] = $4 }
	END {
		sub(/^linear\(/, "", s); sub(/\)$/, "", s)
		n = split(s, part, /, /)
		for (i = 1; i <= n; i++) {
			k = split(part[i], f, / /)
			y[i] = f[1] + 0
			if (k == 2) { sub(/%$/, "", f[2]); p[i] = f[2] / 100 }
			else p[i] = (i == 1 ? 0 : 1)
		}
		worst = 0; j = 1; used = 0
		for (r = 1; r <= m; r++) {
			tau = t[r] / T
			if (tau > 1 + 1e-12) break
			used++
			while (j < n - 1 && p[j + 1] <= tau) j++
			if (tau >= 1) ease = y[n]
			else ease = y[j] + (y[j + 1] - y[j]) * (tau - p[j]) / (p[j + 1] - p[j])
			d = ease - (x[r] - x[1]) / (g[r] - x[1]); if (d < 0) d = -d
			if (d > worst) worst = d
		}
		printf "%.17g %d\n", worst, used
	}'
}

@test "export --engine: the printed linear() passes within the tolerance of every frame the library shows" {
	local e tol csv="$BATS_TEST_TMPDIR/frames.csv"
	for e in react-spring motion svelte reanimated popmotion; do
		for tol in 0.01 0.001; do
			run "$SPRINGSIM" export --engine "$e" --omega 12 --zeta 0.5 --x0 2 --target -1 --fps 60 --tolerance "$tol"
			assert_success
			"$SPRINGSIM" --engine "$e" --omega 12 --zeta 0.5 --x0 2 --target -1 --fps 60 --duration 10 >"$csv"
			local got stated
			got=$(frames_error "$csv")
			stated=$(kv css_max_error_frames)
			awk -v a="${got% *}" -v used="${got#* }" -v s="$stated" -v t="$tol" 'BEGIN {
			    if (used < 10) { print used " frames"; exit 1 }
			    if (!(a <= t)) { print "measured " a " above " t; exit 1 }
			    d = a - s; if (d < 0) d = -d
			    if (d > 1e-12) { print "measured " a ", stated " s; exit 1 } }' ||
				fail_with "$e, tolerance $tol: measured $got, stated $stated"
			# the points are frames: fewer than the frames it spans
			[ "$(kv css_points)" -lt "${got#* }" ] ||
				fail_with "$e: $(kv css_points) points for ${got#* } frames"
		done
	done
}

@test "export --engine: css_max_error is the easing's distance from the closed-form spring, over the animation and after" {
	local e
	for e in react-spring svelte reanimated motion; do
		run "$SPRINGSIM" export --engine "$e" --omega 12 --zeta 0.5 --x0 2 --target -1 --v0 3
		assert_success
		local got stated
		got=$(css_error 12 0.5 2 3 -1)
		stated=$(kv css_max_error)
		awk -v a="$got" -v s="$stated" 'BEGIN { d = a - s; if (d < 0) d = -d
		    exit !(d <= 1e-3 * s + 1e-9) }' ||
			fail_with "$e: measured $got, stated $stated"
	done
	# the done frame ends the animation: svelte's at 0.48333 s here
	run "$SPRINGSIM" export --engine svelte --omega 12 --zeta 0.5
	awk -v d="$(kv css_duration_ms)" 'BEGIN { x = d - 29000 / 60; exit !(x < 1e-9 && x > -1e-9) }' ||
		fail_with "css_duration_ms $(kv css_duration_ms), want 29 frames at 60 fps"
}

@test "export --engine: a prefix getopt takes (--eng) is --engine, as in run" {
	run "$SPRINGSIM" export --engine react-spring --fps 30
	assert_success
	local whole=$output
	run "$SPRINGSIM" export --eng react-spring --fps 30
	assert_success
	[ "$output" = "$whole" ] || fail_with "export --eng differs from --engine"
}

@test "export --engine: refusals are one line naming the flag, exit 2, nothing on stdout" {
	sim export --engine react-spring --x0 1 --target 1
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "--target" "travel"
	# still ringing at 0.5 s: raise --duration
	sim export --engine react-spring --omega 12 --zeta 0.05 --duration 0.5
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "--engine react-spring" "raise --duration"
	# a frame of 1e-30 s after one at 0.01 s is no later in a double
	printf '0.01\n1e-30\n0.01\n' >"$BATS_TEST_TMPDIR/dt.txt"
	sim export --engine react-spring --frames-from "$BATS_TEST_TMPDIR/dt.txt"
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "not after the one before"
	sim export --engine react-spring --metrics
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "--metrics"
	sim export --engine react-spring --svelte-precision 0.1
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "--svelte-precision"
	sim export --engine react-spring --tolerance 1e-6 --max-points 3
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "--max-points"
	# 60000 frames of a spring that never says done: refused at once
	# (choosing chords costs the square of the frames), not minutes
	sim export --engine unity --fps 1000 --duration 60
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "more than 20000 frames" "--fps or --duration"
}

@test "export --engine: the help says how, and the configs are the engine's spring" {
	run "$SPRINGSIM" export --help
	assert_success
	printf '%s\n' "$output" | grep -q -- "--engine NAME" || fail_with "no --engine in the help"
	printf '%s\n' "$output" | grep -q "css_max_error_frames" || fail_with "no css_max_error_frames"
	printf '%s\n' "$output" | grep -q "64 samples a piece" || fail_with "the help does not say how it samples"
	run "$SPRINGSIM" export --engine react-spring --omega 12 --zeta 0.5
	[ "$(kv react_spring)" = "{ tension: 144, friction: 12, mass: 1 }" ]
	run "$SPRINGSIM" export --engine react-spring --omega 12 --zeta 0.5 --help
	assert_success
	printf '%s\n' "$output" | grep -q "css_max_error_frames" || fail_with "--engine --help is not export's"
}
