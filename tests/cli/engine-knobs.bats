#!/usr/bin/env bats
# engine-knobs.bats - the libraries' own options as engine knobs
# (--ENGINE-OPTION, issue 39 item 2): each row as the library documents it
# (its name, its default, written here from the libraries' sources, not
# read back from springsim), in springsim help ENGINE and springsim list
# --json; a value the library refuses exits 2 naming the flag; a value it
# silently changes runs with one warning line.  That each runs as the
# library does is engines.bats' golden check (tests/engines/golden/*-rest*,
# *-precision*, written by the real libraries with the option set).
bats_require_minimum_version 1.5.0
load helpers

# engine flag option default (NaN: computed by the library from the move)
KNOBS='svelte svelte-precision precision 0.01
react-spring react-spring-precision precision NaN
react-spring react-spring-rest-velocity restVelocity NaN
motion motion-rest-speed restSpeed NaN
motion motion-rest-delta restDelta NaN
motion-waapi motion-rest-speed restSpeed NaN
motion-waapi motion-rest-delta restDelta NaN
motion-css motion-rest-speed restSpeed NaN
motion-css motion-rest-delta restDelta NaN
popmotion popmotion-rest-speed restSpeed 2
popmotion popmotion-rest-delta restDelta NaN
react-native react-native-rest-displacement-threshold restDisplacementThreshold 0.001
react-native react-native-rest-speed-threshold restSpeedThreshold 0.001
rebound rebound-rest-speed-threshold restSpeedThreshold 0.001
rebound rebound-rest-displacement-threshold restDisplacementThreshold 0.001
wobble wobble-rest-velocity-threshold restVelocityThreshold 0.001
wobble wobble-rest-displacement-threshold restDisplacementThreshold 0.001
react-motion react-motion-precision precision 0.01
flutter flutter-tolerance-distance tolerance.distance 0.001
flutter flutter-tolerance-velocity tolerance.velocity 0.001'

@test "each library option is a knob: its engine's row, its default, its help" {
	local e f o d json got
	json=$BATS_TEST_TMPDIR/list.json
	"$SPRINGSIM" list --json >"$json"
	while read -r e f o d; do
		got=$(jq -r --arg e "$e" --arg f "--$f" '.engines[] |
		    select(.name == $e) | .knobs[] | select(.flag == $f) |
		    "\(.option) \(.default) \(.kind)"' "$json")
		[ "$d" = NaN ] && d=null
		[ "$got" = "$o $d number" ] ||
			fail "$e --$f: list --json says '$got', want '$o $d number'"
		"$SPRINGSIM" help "$e" | grep -qF -- "--$f" ||
			fail "springsim help $e: no --$f"
	done <<<"$KNOBS"
}

@test "a knob's value below the library's range, or without its engine: exit 2 naming the flag" {
	local e f o d
	while read -r e f o d; do
		assert_usage_error "--$f: '-1' must be >= 0" -- \
		    --engine "$e" --duration 0.1 "--$f" -1
		# a flag Motion's three engines share names all three
		assert_usage_error "--$f '0.5' goes with --engine " " $e" -- \
		    --duration 0.1 "--$f" 0.5
		assert_usage_error "--$f '0.5' goes with --engine " " $e" \
		    ", not --engine anime" -- \
		    --engine anime --duration 0.1 "--$f" 0.5
	done <<<"$KNOBS"
}

@test "what the library silently changes: one warning line, and the run goes ahead" {
	# react-spring and Motion read `option || default`: 0 is unset
	sim --engine react-spring --react-spring-precision 0 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine react-spring" "precision 0 is unset"
	[ "$(wc -l <"$OUT")" -gt 10 ] || fail_with "no trajectory"
	sim --engine react-spring --react-spring-rest-velocity 0 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "restVelocity 0 is unset"
	sim --engine motion --motion-rest-speed 0 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine motion" "restSpeed 0 is unset"
	# a duration spring ends at its duration: the rest options unread
	sim --engine motion --motion-duration 0.8 --motion-bounce 0.2 \
	    --motion-rest-delta 0.1 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "duration spring ends at its duration"
	sim --engine popmotion --popmotion-duration 0.8 --popmotion-bounce 0.2 \
	    --popmotion-rest-speed 1 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine popmotion" "not read"
	# popmotion, React Native, rebound, wobble, svelte, react-motion keep 0
	sim --engine popmotion --popmotion-rest-delta 0 --duration 0.5
	assert_status 0
	assert_stderr_empty
	sim --engine svelte --svelte-precision 0 --duration 0.5
	assert_status 0
	assert_stderr_empty
}

@test "svelte's precision: 1e-4 rests later and nearer than the default 0.01" {
	# the default spring (0.15, 0.8) at 144 fps: with 0.01 svelte snaps
	# from within 0.01 of the target; with 1e-4 from within 1e-4
	local a b
	sim --engine svelte --svelte-stiffness 0.15 --svelte-damping 0.8 \
	    --fps 144 --duration 2 --metrics
	assert_status 0
	a=$(metrics_field "$OUT" done_time)
	sim --engine svelte --svelte-stiffness 0.15 --svelte-damping 0.8 \
	    --fps 144 --duration 2 --metrics --svelte-precision 1e-4
	assert_status 0
	b=$(metrics_field "$OUT" done_time)
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(a + 0 > 0 && b > a) }' ||
		fail "done_time: default $a, precision 1e-4 $b"
}

@test "compose's visibilityThreshold: its row, its float default, refused at 0 and without its engine" {
	local got
	got=$("$SPRINGSIM" list --json | jq -r '.engines[] |
	    select(.name == "compose") | .knobs[] |
	    select(.flag == "--compose-visibility-threshold") |
	    "\(.option) \(.default) \(.kind)"')
	# Spring.DefaultDisplacementThreshold, 0.01f: the float nearest 0.01
	[ "$got" = "visibilityThreshold $(awk 'BEGIN { printf "%.16g", 10737418 / 2^30 }') number" ] ||
		fail "list --json says '$got'"
	"$SPRINGSIM" help compose | grep -qF -- "--compose-visibility-threshold" ||
		fail "springsim help compose: no --compose-visibility-threshold"
	assert_usage_error "--compose-visibility-threshold: '0' must be > 0" -- \
	    --engine compose --duration 0.1 --compose-visibility-threshold 0
	assert_usage_error "--compose-visibility-threshold '0.5' goes with --engine compose" -- \
	    --duration 0.1 --compose-visibility-threshold 0.5
}
