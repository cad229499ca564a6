#!/usr/bin/env bats
# engine_remotion.bats - --engine remotion's CLI: its frames at the clock's
# fps (--fps N and --dt 1/N the same run), the clocks it refuses (Remotion's
# spring() is a function of integer frames), its refusals and warning, its
# knobs in `springsim help remotion`.  The frames themselves are checked
# against the library's goldens by engines.bats and the unit tests.
bats_require_minimum_version 1.5.0
load helpers

P1="--remotion-stiffness 157.91367041742973 --remotion-damping 7.5398223686155035"

@test "remotion: --fps 30 runs the frames of --dt 1/30" {
	# shellcheck disable=SC2086
	sim --engine remotion $P1 --fps 30 --duration 1
	assert_status 0
	cp "$OUT" "$BATS_TEST_TMPDIR/fps.csv"
	# shellcheck disable=SC2086
	sim --engine remotion $P1 --dt 0.03333333333333333 --duration 1
	assert_status 0
	cmp -s "$OUT" "$BATS_TEST_TMPDIR/fps.csv" || fail_with "--fps 30 differs"
	[ "$(nlines "$OUT")" -eq 32 ] || fail_with "a header, t = 0, 30 frames"
}

@test "remotion: irregular frames, a start velocity, damping 0 refused" {
	# shellcheck disable=SC2086
	assert_usage_error "--engine remotion:" "integer frames" -- \
	    --engine remotion $P1 --fps 30 --dt-jitter 0.2
	# shellcheck disable=SC2086
	assert_usage_error "--engine remotion:" "integer frames" -- \
	    --engine remotion $P1 --dt 0.02 --hitch 0.5:0.1
	# shellcheck disable=SC2086
	assert_usage_error "--engine remotion:" "integer frames" -- \
	    --engine remotion $P1 --frames-from tests/engines/frames/irregular.txt
	# shellcheck disable=SC2086
	assert_usage_error "--v0 2" "starts at rest" -- \
	    --engine remotion $P1 --v0 2 --fps 30
	assert_usage_error "--remotion-damping" -- \
	    --engine remotion --remotion-stiffness 100 --remotion-damping 0 --fps 30
	# shellcheck disable=SC2086
	assert_usage_error "--remotion-duration-in-frames" -- \
	    --engine remotion $P1 --remotion-duration-in-frames 0 --fps 30
	assert_usage_error "--remotion-overshoot-clamping" "--engine remotion" -- \
	    --engine motion --motion-stiffness 100 --motion-damping 10 \
	    --remotion-overshoot-clamping
}

@test "remotion: damping 0, the hang of remotion #3771, refused; no endless measureSpring" {
	# 4.0.541's advance() throws "Spring damping must be greater than 0";
	# before it, a durationInFrames spring with damping 0 hung the page
	# (remotion-dev/remotion#3771): measureSpring's loop never ends
	assert_usage_error "--engine remotion" "damping 0" -- \
	    --engine remotion --uaf 10 --dr 0 --fps 30
	# damping 1e-6 (zeta 5e-8) comes within 0.005 of the target after
	# about 3e8 frames at 30 fps: refused at springsim's 1e7, not a hang
	assert_usage_error "--remotion-duration-in-frames" "does not settle" -- \
	    --engine remotion --remotion-stiffness 100 --remotion-damping 1e-6 \
	    --remotion-duration-in-frames 25 --fps 30
	# without durationInFrames nothing is measured: the run goes ahead
	sim --engine remotion --remotion-stiffness 100 --remotion-damping 1e-6 \
	    --fps 30 --duration 1
	assert_status 0
}

@test "remotion: over-damping runs critical, one warning line" {
	sim --engine remotion --remotion-stiffness 100 --remotion-damping 40 \
	    --fps 60 --duration 0.5
	assert_status 0
	[ "$(wc -l <"$ERR")" -eq 1 ] || fail_with "one warning line"
	grep -q "critically damped" "$ERR" || fail_with "the warning"
}

@test "remotion: past --remotion-duration-in-frames the target, done" {
	sim --engine remotion --remotion-stiffness 100 --remotion-damping 10 \
	    --remotion-duration-in-frames 12 --x0 2 --target 5 --fps 30 \
	    --duration 1 --metrics --columns done_time
	assert_status 0
	# frame 13 at 30 fps is the first past 12 frames
	awk -F, 'NR == 2 { exit !($1 > 0.4333 && $1 < 0.4334) }' "$OUT" ||
		fail_with "done_time 13/30"
}

@test "remotion: --remotion-duration-in-frames 1e-100 ends at once, no endless catch-up" {
	# spring() returns `to` for every frame past durationInFrames; the
	# jump's size is the spring at frame 1 stretched to 1e100 natural
	# durations (a closed form, not 1e100 steps): the target, snap 0
	run timeout 10 "$SPRINGSIM" --engine remotion --fps 60 --frames 3 \
	    --remotion-duration-in-frames 1e-100 --x0 2 --target 5
	[ "$status" -eq 0 ] || fail "exit $status (124: a hang)"
	printf '%s\n' "$output" | awk -F, 'NR > 2 && !($2 == 5 && $9 == 1) { bad = 1 }
	    END { exit bad || NR != 5 }' || fail_with "frames 1..3 at 5, done"
	sim --engine remotion --fps 60 --frames 3 --metrics \
	    --remotion-duration-in-frames 1e-100 --columns snap_jump
	assert_status 0
	awk -F, 'NR == 2 { exit !($1 == 0) }' "$OUT" || fail_with "snap_jump 0"
}

@test "springsim help remotion: its knobs and dialect" {
	sim help remotion
	assert_status 0
	for f in --remotion-stiffness --remotion-damping --remotion-mass \
	    --remotion-overshoot-clamping --remotion-duration-in-frames; do
		grep -q -- "$f" "$OUT" || fail_with "no $f"
	done
}

@test "remotion: fps and sweep count frames at each rate (the 64 ms cap at 10 fps)" {
	# at 10 fps a frame advances 64 ms of spring: frame 1 is the spring
	# at 0.064 s, far from it at 0.1 s; at 30 fps the frames are exact
	# shellcheck disable=SC2086
	sim fps --engine remotion $P1 --fps 10,30 --columns fps,max_err_x
	assert_status 0
	awk -F, '$1 == 10 { a = $2 } $1 == 30 { b = $2 }
	    END { exit !(a > 0.1 && b < 1e-12) }' "$OUT" || fail_with "fps 10, 30"
	# shellcheck disable=SC2086
	sim sweep --engine remotion $P1 --dt 0.1,0.03333333333333333 \
	    --columns dt,max_err_x
	assert_status 0
	awk -F, 'NR == 2 { a = $2 } NR == 3 { b = $2 }
	    END { exit !(a > 0.1 && b < 1e-12) }' "$OUT" || fail_with "sweep"
	# shellcheck disable=SC2086
	sim --engine remotion $P1 --dt 0.1 --frames 1
	assert_status 0
	# frame 1: the closed form of omega 4 pi, zeta 0.3 at t = 0.064
	awk -F, 'NR == 3 { pi = atan2(0, -1); w = 4 * pi; z = 0.3
	    wd = w * sqrt(1 - z * z); t = 0.064
	    x = 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
	    d = $2 - x; exit !(d < 1e-12 && d > -1e-12) }' "$OUT" ||
		fail_with "frame 1 at 10 fps"
}
