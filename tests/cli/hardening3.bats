#!/usr/bin/env bats
# hardening3.bats - issue 41's refusals (items 1, 7, 11 and 15's second
# and fourth cases): a refusal is one stderr line naming the flag and the
# value, exit 2, nothing on stdout; warnings belong only to a run that
# goes ahead; a flag a model does not use is refused, never ignored.
bats_require_minimum_version 1.5.0
load helpers

# ---- #41.1: warnings are said only for a run that goes ahead -------------

@test "#41.1 warnings before a refusal: --ck/--cd with --model pair" {
	assert_usage_error "--metrics" "pair" -- \
	    --ck 5 --cd 2 --model pair --frames 3 --metrics
}

@test "#41.1 warnings before a refusal: fps --engine unity with --frames" {
	assert_usage_error "--frames" "fps" -- \
	    fps --fps 30 --engine unity --frames 5
}

@test "#41.1 warnings before a refusal: tune --engine unity, 2e8 frames" {
	assert_usage_error "2e+08 frames" "--force" -- \
	    tune --engine unity --frames 200000000
}

@test "#41.1 a run that goes ahead still says its warnings, before its output" {
	local all=$BATS_TEST_TMPDIR/all
	sim --ck 5 --cd 2 --frames 3 --metrics
	assert_status 0
	assert_stderr_has "warning: --ck 5 is above 1" "warning: --cd 2 is above 1"
	[ "$(nlines "$ERR")" -eq 2 ] || fail_with "want the two warnings"
	[ "$(nlines "$OUT")" -eq 2 ] || fail_with "want a header and a row"
	# one stream: the warning comes first, the run's output after it
	"$SPRINGSIM" fps --fps 30 --engine unity --metrics >"$all" 2>&1
	head -n 1 "$all" | grep -q '^springsim: warning: --engine unity' ||
		fail "the warning is not the first line: $(head -n 1 "$all")"
}

# ---- #41.7: a run flag a model does not use is refused -------------------

@test "#41.7 --float32 is refused by every model that steps in double" {
	local m
	# the models with rules of their own (rotation, bodies, networks)
	for m in quat pair angular chain mesh; do
		assert_usage_error "--float32" "--model $m" -- \
		    --model "$m" --float32 --frames 3
	done
	# pair and chain with --dim 2 run as networks: refused there too
	assert_usage_error "--float32" "--model pair" -- \
	    --model pair --dim 2 --float32 --frames 3
	# the spring and vector step it in float: they still run it
	sim --model vector --float32 --frames 3
	assert_status 0
	sim --float32 --frames 3
	assert_status 0
}

@test "#41.7 --engine is refused by the models an engine cannot run" {
	local m
	for m in quat pair angular chain mesh; do
		assert_usage_error "--engine 'unity'" "--model $m" -- \
		    --model "$m" --engine unity --frames 3
	done
}

@test "#41.7 --v0 is refused by the first-order damper" {
	# x' = lambda (g - x): no velocity state to start from
	assert_usage_error "--v0 1.5" "--model damper" -- \
	    --model damper --v0 1.5 --frames 3
}

# ---- #41.11: anime.js's clamped ranges, one rule with or without engine --

@test "#41.11 anime.js dialect: a stiffness anime.js clamps is refused without --engine" {
	assert_usage_error "--anime-stiffness" "1e5" "1e4" -- \
	    --anime-stiffness 1e5 --anime-damping 10 --frames 3
	assert_usage_error "--anime-stiffness" "1e5" "1e4" -- \
	    --anime-stiffness 1e5 --anime-damping 10 --engine anime --frames 3
	assert_usage_error "--anime-damping" "20000" -- \
	    --anime-stiffness 100 --anime-damping 20000 --frames 3
	# anime.js raises a mass below 1 to 1
	assert_usage_error "--anime-mass" "0.5" -- \
	    --anime-stiffness 100 --anime-damping 10 --anime-mass 0.5 --frames 3
	# the edges are anime.js's own values: taken, omega sqrt(1e4 / 1)
	sim --anime-stiffness 1e4 --anime-damping 10 --frames 1 --metrics \
	    --columns omega --no-header
	assert_status 0
	assert_near "$(cat "$OUT")" 100 1e-12 "omega"
	sim --anime-stiffness 1e4 --anime-damping 10 --engine anime --frames 3
	assert_status 0
	assert_stderr_empty
}

@test "#41.11 the man page says anime.js's out-of-range values are refused" {
	local man=$BATS_TEST_DIRNAME/../../docs/springsim.1
	# the anime paragraph gives the ranges and no engine-only warning
	awk '/^\.It Fl \\-anime\\-stiffness/ { on = 1; next } on && /^\.It/ { exit }
	    on { print }' "$man" >"$BATS_TEST_TMPDIR/anime"
	grep -q "1e4" "$BATS_TEST_TMPDIR/anime" || fail "no range in: $(cat "$BATS_TEST_TMPDIR/anime")"
	grep -q "refused" "$BATS_TEST_TMPDIR/anime" || fail "no refusal in: $(cat "$BATS_TEST_TMPDIR/anime")"
	! grep -q "the engine warns" "$BATS_TEST_TMPDIR/anime" || fail "still says the engine warns"
}

# ---- #41.15: messages name what the user gave ------------------------------

@test "#41.15 resonance --engine names the engine, not a --target-signal never given" {
	assert_usage_error "--engine 'react-spring'" "resonance" -- \
	    resonance --hz 1,2 --engine react-spring
	[[ $STDERR_TEXT != *--target-signal* ]] ||
		fail_with "blames --target-signal, which was not given"
}

@test "#41.15 --model chain --gravity says it needs --dim 2 or 3" {
	assert_usage_error "--gravity '1'" "--dim 2 or 3" -- \
	    --model chain --gravity 1
	[[ $STDERR_TEXT != *"unknown option"* ]] || fail_with "says unknown option"
	assert_usage_error "--pluck '3'" "--dim 2 or 3" -- \
	    --model chain --pluck 3
	# and with --dim 2 both run
	sim --model chain --dim 2 --gravity 1 --pluck 3 --frames 1
	assert_status 0
}

@test "#41.7 every model but the spring and vector refuses --float32, and the registry says so" {
	local m refusers
	command -v jq >/dev/null || skip "jq is not installed (scripts/setup.sh installs it)"
	# the float32 rules are the spring's: run's spring and vector's
	for m in critical quat pair angular chain mesh damper double timed \
	    velocity predict inertialize; do
		assert_usage_error "--float32" "--model $m" -- \
		    --model "$m" --float32 --frames 3
	done
	"$SPRINGSIM" list --json >"$BATS_TEST_TMPDIR/reg.json"
	refusers=$(jq -r '.flags[] | select(.flag == "--float32") |
	    .refused_by | sort | join(" ")' "$BATS_TEST_TMPDIR/reg.json")
	[ "$refusers" = "angular chain critical damper double inertialize mesh pair predict quat timed velocity" ] ||
		fail "list --json: --float32 refused_by $refusers"
}
