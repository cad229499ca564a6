#!/usr/bin/env bats
# engines.bats - --engine NAME: every golden trajectory of
# tests/engines/golden/ (written by the real libraries, or for
# springsim-exact by an independent closed form in JavaScript) against
# springsim's frame by frame; regenerating them reproduces the committed
# files (with node and the libraries make engines-golden installed; no
# test runs npm); the refusals; the engine's columns and metrics; the
# new dialects by their libraries' formulas, worked out in awk.
bats_require_minimum_version 1.5.0
load helpers

ROOT=$BATS_TEST_DIRNAME/../..
GOLDEN=$ROOT/tests/engines/golden

# kv KEY - the value of KEY in convert's key=value output in $OUT.
kv() {
	awk -F= -v k="$1" '$1 == k { print $2 }' "$OUT"
}

# is_float32 ENGINE - whether `springsim list` says ENGINE stores floats.
is_float32() {
	"$SPRINGSIM" list | awk -v e="$1" '$1 == e && / float32,/ { f = 1 }
	    END { exit !f }'
}

# golden_check FILE - run FILE's `# springsim:` arguments from the
# repository's root and compare every frame (compare.awk): t to 1e-12, x
# and v to 1e-9 of the motion's scale |target - x0| + |v0| / omega (times
# omega for v), 1e-6 for an engine in float32, done exactly.  Prints the
# first difference; status 1 then.
golden_check() {
	local f=$1 args engine met scale tol w
	args=$(sed -n 's/^# springsim: //p' "$f")
	[ -n "$args" ] || { echo "$f: no '# springsim:' line"; return 1; }
	engine=$(printf '%s\n' "$args" | awk '{ for (i = 1; i < NF; i++)
	    if ($i == "--engine") print $(i + 1) }')
	tol=1e-9
	is_float32 "$engine" && tol=1e-6
	# shellcheck disable=SC2086
	met=$(cd "$ROOT" && "$SPRINGSIM" $args --metrics --no-header \
	    --columns omega,x0,v0,target) || { echo "$f: springsim failed"; return 1; }
	w=${met%%,*}
	scale=$(echo "$met" | awk -F, '{ s = $4 - $2; s = s < 0 ? -s : s
	    v = $3 < 0 ? -$3 : $3; s += v / $1; printf "%.17g", (s > 0 ? s : 1) }')
	# shellcheck disable=SC2086
	(cd "$ROOT" && "$SPRINGSIM" $args) >"$BATS_TEST_TMPDIR/run.csv" ||
		{ echo "$f: springsim failed"; return 1; }
	awk -v tol_t=1e-12 -v tol_x="$(calc "$tol * $scale")" \
	    -v tol_v="$(calc "$tol * $scale * $w")" \
	    -f "$ROOT/tests/engines/compare.awk" "$f" \
	    "$BATS_TEST_TMPDIR/run.csv" | sed "s|^|${f##*/}: |"
	return "${PIPESTATUS[0]}"
}

@test "every golden trajectory: springsim --engine agrees frame by frame" {
	local f n=0 bad=0 msg
	for f in "$GOLDEN"/*.csv; do
		n=$((n + 1))
		msg=$(golden_check "$f") || { bad=$((bad + 1)); echo "$msg"; }
	done
	[ "$n" -ge 7 ] || fail "only $n golden files"
	[ "$bad" -eq 0 ] || fail "$bad of $n golden files differ"
}

@test "the comparison fails on a frame that differs (x by 1e-6, done)" {
	local f=$GOLDEN/springsim-exact-v0.csv bad=$BATS_TEST_TMPDIR/bad.csv
	run golden_check "$f"
	assert_success
	# the same file with frame 3's x moved by 1e-6, then its done set
	awk -F, -v OFS=, '!/^#/ && ++n == 4 { $2 = sprintf("%.17g", $2 + 1e-6) }
	    1' "$f" >"$bad"
	run golden_check "$bad"
	assert_failure
	assert_output --partial "frame 3 (t = 0.05): x: golden"
	awk -F, -v OFS=, '!/^#/ && ++n == 6 { $4 = 1 } 1' "$f" >"$bad"
	run golden_check "$bad"
	assert_failure
	assert_output --partial "frame 5 (t = 0.08333333333333333"
	assert_output --partial "): done: golden 1, springsim 0"
}

@test "make engines-golden's generators reproduce the committed files byte for byte" {
	# no test downloads: the libraries are there only after a make
	# engines-golden (its npm ci) or an npm ci run by hand
	command -v node >/dev/null || skip "node not found: golden files not regenerated"
	[ -d "$ROOT/tests/engines/node_modules" ] ||
		skip "no tests/engines/node_modules (make engines-golden installs the libraries): golden files not regenerated"
	local g d=$BATS_TEST_TMPDIR/golden
	mkdir -p "$d"
	for g in "$ROOT"/tests/engines/gen/*.mjs; do
		case ${g##*/} in common*) continue ;; esac
		node "$g" "$d" || fail "node $g failed"
	done
	# the JS libraries' files (their first line names gen/): each made
	# again, byte for byte; the native engines' come from
	# tests/engines/native (a Java and a C build, not run here)
	local f bad=''
	for f in "$GOLDEN"/*.csv; do
		head -n 1 "$f" | grep -q ' gen/' || continue
		cmp -s "$f" "$d/${f##*/}" || bad="$bad ${f##*/}"
	done
	for f in "$d"/*.csv; do
		[ -f "$GOLDEN/${f##*/}" ] || bad="$bad ${f##*/}(not committed)"
	done
	[ -z "$bad" ] || fail "not reproduced:$bad"
}

@test "Unity's SmoothDamp and Compose's spring, their original code run: every frame bit for bit" {
	# tests/engines/native/unity (mcs + mono) and compose (kotlinc) wrote
	# these from the libraries' own sources: springsim's float engines
	# give the same floats, and end on the same frame
	local f n=0 args msg bad=''
	cd "$ROOT"
	for f in "$GOLDEN"/unity-*.csv "$GOLDEN"/compose-*.csv; do
		[ -f "$f" ] || continue
		n=$((n + 1))
		args=$(sed -n 's/^# springsim: //p' "$f")
		# shellcheck disable=SC2086
		"$SPRINGSIM" $args >"$BATS_TEST_TMPDIR/run.csv" ||
			fail "${f##*/}: springsim failed"
		msg=$(awk -v tol_t=0 -v tol_x=0 -v tol_v=0 \
		    -f tests/engines/compare.awk "$f" "$BATS_TEST_TMPDIR/run.csv") ||
			bad="$bad ${f##*/}: $msg;"
	done
	[ "$n" -ge 22 ] || fail "only $n unity and compose golden files"
	[ -z "$bad" ] || fail "not bit for bit:$bad"
}

# regen_native NAME VAR TOOL... - run tests/engines/native/NAME/gen.sh
# into a scratch directory and compare each NAME-*.csv it writes with the
# committed file byte for byte; skips (saying why) without TOOL or $VAR.
regen_native() {
	local name=$1 var=$2 tool f d=$BATS_TEST_TMPDIR/native bad=''
	shift 2
	for tool in "$@"; do
		command -v "$tool" >/dev/null ||
			skip "$tool not found: $name's golden files not regenerated"
	done
	[ -n "${!var:-}" ] ||
		skip "$var not set (see tests/engines/native/README.md): $name's golden files not regenerated"
	mkdir -p "$d"
	(cd "$ROOT" && sh "tests/engines/native/$name/gen.sh" "$d") ||
		fail "tests/engines/native/$name/gen.sh failed"
	for f in "$GOLDEN/$name"-*.csv; do
		cmp -s "$f" "$d/${f##*/}" || bad="$bad ${f##*/}"
	done
	for f in "$d/$name"-*.csv; do
		[ -f "$GOLDEN/${f##*/}" ] || bad="$bad ${f##*/}(not committed)"
	done
	[ -z "$bad" ] || fail "not reproduced:$bad"
}

@test "Unity's Mathf.cs compiled with mcs and run on mono reproduces golden/unity-*.csv byte for byte" {
	# Unity's reference source may be read, not redistributed: UNITY_SRC
	# names a copy of Mathf.cs (or of UnityCsReference)
	regen_native unity UNITY_SRC mcs mono
}

@test "Compose's spring compiled with kotlinc reproduces golden/compose-*.csv byte for byte" {
	regen_native compose COMPOSE_SRC kotlinc java
}

@test "springsim-exact: the closed form, err_x within a few ulps, never done" {
	local args
	for args in "--dt 0.03333333333333333 --duration 3" \
	    "--uaf 40 --dr 0 --x0 -2 --v0 7 --target 3 --dt-jitter 0.5 --seed 4" \
	    "--stiffness 100 --damping 30 --mass 0.5 --hitch 0.5:0.2" \
	    "--uaf 5 --dr 1 --v0 -3 --frames-from tests/engines/frames/irregular.txt"; do
		# shellcheck disable=SC2086
		sim --engine springsim-exact $args --metrics \
		    --columns max_err_x,done_time,snap_jump,first_move_frame,integrator,engine
		assert_status 0
		awk -F, 'NR == 2 { exit !($1 <= 1e-13 && $2 == "" && $3 == 0 &&
		    $4 == 1 && $5 == "" && $6 == "springsim-exact") }' "$OUT" ||
			fail_with "springsim-exact $args"
	done
	# the trajectory adds done, 0 on every row, after dt when it varies
	sim --engine springsim-exact --frames 3 --dt-jitter 0.2
	assert_status 0
	[ "$(head -1 "$OUT")" = "$TRAJ_HEADER,dt,done" ] || fail_with "header"
	awk -F, 'NR > 1 && $10 != 0 { exit 1 }' "$OUT" || fail_with "done"
	[ "$(nlines "$OUT")" -eq 5 ] || fail_with "rows"
}

@test "without --engine the outputs keep their columns" {
	sim --frames 2
	[ "$(head -1 "$OUT")" = "$TRAJ_HEADER" ] || fail_with "trajectory header"
	sim --frames 2 --metrics
	[ "$(head -1 "$OUT")" = "$METRICS_HEADER" ] || fail_with "metrics header"
	# the engine's columns may be asked for: empty, never nan
	sim --frames 2 --metrics --columns done_time,snap_jump,first_move_frame,first_move_time,engine
	assert_status 0
	[ "$(sed -n 2p "$OUT")" = ",,,," ] || fail_with "empty cells"
}

@test "--engine with --metrics: the engine's columns after run's" {
	sim --engine springsim-exact --frames 2 --metrics
	assert_status 0
	[ "$(head -1 "$OUT")" = "$METRICS_HEADER,engine,done_time,snap_jump,first_move_frame,first_move_time,asked_duration,done_error,settle_error" ] ||
		fail_with "header"
}

@test "sweep --engine all runs every engine springsim list names; fps --engine" {
	local names
	names=$("$SPRINGSIM" list | awk '/^engines/ { on = 1; next }
	    /^[a-z]/ { on = 0 } on && $1 != "parameters:" { print $1 }')
	[ -n "$names" ] || fail "no engines listed"
	sim sweep --engine all --frames 5 --columns engine,max_err_x
	assert_status 0
	[ "$(tail -n +2 "$OUT" | cut -d, -f1)" = "$names" ] ||
		fail_with "sweep --engine all: want $names"
	sim sweep --engine springsim-exact --dt 0.01,0.02 --frames 3
	assert_status 0
	[ "$(nlines "$OUT")" -eq 3 ] || fail_with "two rows"
	[[ $(head -1 "$OUT") == *,engine,done_time,snap_jump,first_move_frame,first_move_time* ]] ||
		fail_with "sweep's engine columns"
	sim fps --fps 30,60,144 --engine springsim-exact --duration 1
	assert_status 0
	[ "$(nlines "$OUT")" -eq 4 ] || fail_with "three rates"
	# every rate is the exact spring: max_err_x and max_dev_x rounding
	awk -F, 'NR > 1 && !($14 <= 1e-13 && $NF <= 1e-13) { exit 1 }' "$OUT" ||
		fail_with "fps --engine springsim-exact"
}

@test "--engine refusals: exit 2, one line naming the flag and value" {
	assert_usage_error "--engine: unknown engine 'nope'" "'springsim list' shows them" -- \
	    --engine nope
	assert_usage_error "--integrator 'rk4' does not apply" -- \
	    --engine springsim-exact --integrator rk4
	assert_usage_error "--model 'damper' does not apply" -- \
	    --engine springsim-exact --model damper
	assert_usage_error "--substep 'fixed' does not apply" -- \
	    --engine springsim-exact --substep fixed
	assert_usage_error "--fast-exp does not apply" -- \
	    --engine springsim-exact --fast-exp
	assert_usage_error "--target-vel '0.5' does not apply" -- \
	    --engine springsim-exact --target-vel 0.5
	assert_usage_error "--target-signal 'sine' does not apply" -- \
	    --engine springsim-exact --target-signal sine
	assert_usage_error "--target-file" "does not apply" -- \
	    --engine springsim-exact --target-file /dev/null
	# another library's dialect
	assert_usage_error "--react-tension: '170'" "not of --engine springsim-exact" -- \
	    --engine springsim-exact --react-tension 170 --react-friction 26
	assert_usage_error "--anime-duration: '0.8'" "not of --engine springsim-exact" -- \
	    --engine springsim-exact --anime-duration 0.8 --anime-bounce 0.3
	# a knob of another engine, or of none given
	assert_usage_error "--box2d-substeps '4' goes with --engine box2d, not --engine springsim-exact" -- \
	    --engine springsim-exact --box2d-substeps 4
	assert_usage_error "--clamp goes with --engine react-spring" -- --clamp
	assert_usage_error "--unity-max-speed '2' goes with --engine unity" -- \
	    --unity-max-speed 2
	assert_usage_error "--flutter-bounds" "goes with --engine flutter" -- \
	    --flutter-bounds 0:1
}

@test "the libraries' knobs are the engines' rows: --clamp is four engines'; a knob sweeps as its kind" {
	local v want
	# one flag for the four rows, their engines named in the table's order
	assert_usage_error "--clamp goes with --engine react-spring, wobble, rebound or react-native, not --engine unity" -- \
	    --engine unity --clamp
	sim --engine rebound --clamp --frames 2
	assert_status 0
	# a number is an axis, each row run's
	sim sweep --engine unity --unity-smooth-time 0.2 --unity-max-speed 1,3 \
	    --frames 30 --columns max_err_x
	assert_status 0
	[ "$(sed -n 1p "$OUT")" = max_err_x,unity_max_speed ] ||
		fail_with "sweep's header is not max_err_x,unity_max_speed"
	for v in 1 3; do
		want=$("$SPRINGSIM" --engine unity --unity-smooth-time 0.2 \
		    --unity-max-speed "$v" --frames 30 --metrics \
		    --columns max_err_x 2>/dev/null | sed -n 2p)
		grep -qx -- "$want,$v" "$OUT" ||
			fail_with "no row $want,$v (run --metrics's)"
	done
	# a count sweeps whole numbers, in its range
	sim sweep --engine box2d --box2d-substeps 1:3:3 --frames 5 \
	    --columns max_err_x
	assert_status 0
	[ "$(cut -d, -f2 "$OUT" | tr '\n' ' ')" = "box2d_substeps 1 2 3 " ] ||
		fail_with "box2d_substeps is not the axis 1 2 3"
	assert_usage_error "--box2d-substeps: '0' is not a whole number from 1 to 1000" -- \
	    sweep --engine box2d --box2d-substeps 0:2:3 --frames 5
}

@test "--engine refusals with the libraries' engines (after their merge)" {
	local have
	have=$("$SPRINGSIM" list | awk '/^engines/ { on = 1; next } /^[a-z]/ { on = 0 }
	    on { print $1 }')
	grep -qx motion <<<"$have" || skip "no motion engine in this build"
	assert_usage_error "--react-tension: '170'" "not of --engine motion" -- \
	    --engine motion --react-tension 170 --react-friction 26
	assert_usage_error "--box2d-substeps '4' goes with --engine box2d, not --engine motion" -- \
	    --engine motion --box2d-substeps 4
	sim --engine motion --motion-stiffness 100 --motion-damping 10 --frames 2
	assert_status 0
}

@test "the engines' dialects: each library's formula, worked out here" {
	omega_zeta_table <<-'EOF'
	--popmotion-stiffness 200 --popmotion-damping 20 --popmotion-mass 2|10|20 / (2 * sqrt(400))
	--wobble-stiffness 170 --wobble-damping 26|sqrt(170)|26 / (2 * sqrt(170))
	--react-motion-stiffness 120 --react-motion-damping 14|sqrt(120)|14 / (2 * sqrt(120))
	--motion-one-stiffness 100 --motion-one-damping 10 --motion-one-mass 4|5|10 / (2 * sqrt(400))
	--svelte-stiffness 0.15 --svelte-damping 0.8|60 * sqrt(0.15)|0.8 / (2 * sqrt(0.15))
	--anime-stiffness 100 --anime-damping 10|10|0.5
	--anime-duration 0.8 --anime-bounce 0.3|sqrt(61.685)|10.996 / (2 * sqrt(61.685))
	--anime-duration 0.5 --anime-bounce -0.5|sqrt(157.914)|50.265 / (2 * sqrt(157.914))
	--rn-stiffness 100 --rn-damping 10|10|0.5
	--rn-bounciness 8 --rn-speed 12|sqrt(342.10058823529414)|24.684019245284347 / (2 * sqrt(342.10058823529414))
	--compose-stiffness 1500 --compose-damping-ratio 0.5|sqrt(1500)|0.5
	--flutter-stiffness 100 --flutter-damping 10 --flutter-mass 1|10|0.5
	--flutter-duration 0.3 --flutter-bounce 0.3|2 * pi / 0.3|0.7
	--flutter-duration 0.3009 --flutter-bounce -0.5|2 * pi / 0.3|2
	EOF
	# popmotion's duration and bounce: Motion's search, the same spring
	identity --motion-duration 0.8 --motion-bounce 0.25
	local mw=$OMEGA mz=$ZETA
	identity --popmotion-duration 0.8 --popmotion-bounce 0.25
	[ "$OMEGA,$ZETA" = "$mw,$mz" ] || fail "popmotion $OMEGA,$ZETA vs motion $mw,$mz"
}

@test "the engines' dialects: ranges the libraries set" {
	assert_usage_error "--wobble-damping: '0' must be > 0" -- \
	    --wobble-stiffness 100 --wobble-damping 0
	assert_usage_error "--rn-damping: '0' must be > 0" -- \
	    --rn-stiffness 100 --rn-damping 0
	assert_usage_error "--anime-duration: '20'" "anime.js clamps it there" -- \
	    --anime-duration 20 --anime-bounce 0
	assert_usage_error "--flutter-duration: '0.0005'" "whole milliseconds" -- \
	    --flutter-duration 0.0005 --flutter-bounce 0
	assert_usage_error "--popmotion-bounce: '-0.2'" "popmotion clamps" -- \
	    --popmotion-duration 1 --popmotion-bounce -0.2
	assert_usage_error "--svelte-stiffness are not one parameter group" -- \
	    --svelte-stiffness 0.1 --stiffness 3 --damping 1
}

# metric NAME - the --metrics column NAME of the run in $OUT.
metric() {
	awk -F, -v k="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == k) c = i }
	    NR == 2 { print $c }' "$OUT"
}

@test "the engine metrics agree with the real libraries' golden runs: done_time, first_move_frame, snap_jump" {
	local f args want
	cd "$ROOT"
	# popmotion at 60 fps: the library's own first done frame
	f=$GOLDEN/popmotion-p1-60.csv
	args=$(sed -n 's/^# springsim: //p' "$f")
	want=$(awk -F, '!/^#/ && $4 == 1 { print $1; exit }' "$f")
	# shellcheck disable=SC2086
	sim $args --metrics
	assert_status 0
	awk -v a="$(metric done_time)" -v b="$want" 'BEGIN { exit !((a - b) ^ 2 < 1e-24) }' ||
		fail_with "done_time $(metric done_time), the library's $want"
	# popmotion snaps within restDelta = min(|to - from| / 100, 0.4) = 0.01
	awk -v j="$(metric snap_jump)" 'BEGIN { exit !(j > 0 && j <= 0.01) }' ||
		fail_with "snap_jump $(metric snap_jump)"
	# Android: the first frame only reads the clock; the real classes'
	# first moving frame
	f=$GOLDEN/android-p1-60fps.csv
	args=$(sed -n 's/^# springsim: //p' "$f")
	want=$(awk -F, '!/^#/ && $1 != "t" && $2 != 0 { print ++n; exit } !/^#/ && $1 != "t" { n++ }' "$f")
	# shellcheck disable=SC2086
	sim $args --metrics
	assert_status 0
	[ "$want" = 2 ] || fail_with "the golden's first move is frame $want"
	[ "$(metric first_move_frame)" = 2 ] || fail_with "first_move_frame $(metric first_move_frame)"
	# never done: empty, never nan
	sim --engine rebound --duration 0.2 --metrics
	assert_status 0
	[ -z "$(metric done_time)" ] || fail_with "rebound done_time $(metric done_time)"
}

@test "an engine that runs something else says so in one warning line and runs" {
	# wobble's allowsOverdamping is false: zeta 1.5 (k 100, c 30) runs critical
	sim --engine wobble --wobble-stiffness 100 --wobble-damping 30 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine wobble" "critically damped"
	[ "$(wc -l <"$OUT")" -gt 10 ] || fail_with "no trajectory"
	# anime.js raises a mass below 1 to 1 (--mass: --anime-mass refuses it)
	sim --engine anime --omega 10 --zeta 0.5 --mass 0.5 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine anime" "mass"
}

@test "reanimated: its flags, its refusals and its warnings" {
	# damping 0: Reanimated skips an invalid config; springsim refuses it
	assert_usage_error "--reanimated-damping: '0' must be > 0" -- \
	    --engine reanimated --reanimated-stiffness 100 --reanimated-damping 0
	assert_usage_error "--engine reanimated" "damping 0" -- \
	    --engine reanimated --uaf 10 --dr 0
	assert_usage_error "--reanimated-overshoot-clamping goes with --engine reanimated, not --engine react-native" -- \
	    --engine react-native --reanimated-overshoot-clamping
	assert_usage_error "--reanimated-energy-threshold: '0' must be > 0" -- \
	    --engine reanimated --reanimated-energy-threshold 0
	assert_usage_error "--reanimated-stiffness: '100'" "not of --engine motion" -- \
	    --engine motion --reanimated-stiffness 100 --reanimated-damping 10
	# over-damped runs critical; a duration too short for the search
	# runs at its bound 8000: one warning line each, and the run
	sim --engine reanimated --reanimated-stiffness 100 --reanimated-damping 30 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine reanimated" "critically damped"
	sim --engine reanimated --reanimated-duration 0.05 --reanimated-damping-ratio 0.5 --duration 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine reanimated" "stiffness 8000"
	# energyThreshold: p1 at 60 fps never rests within 1.5 s at the
	# default 6e-9; at 1e-3 it ends on the frame the library ended it
	local want
	want=$(awk -F, '$4 == 1 { print $1; exit }' \
	    "$GOLDEN/reanimated-threshold-60.csv")
	[ -n "$want" ] || fail_with "the golden run never ends"
	sim --engine reanimated --uaf 12.566370614359172 --dr 0.3 --fps 60 \
	    --duration 1.5 --metrics --columns done_time
	assert_status 0
	[ -z "$(sed -n 2p "$OUT")" ] || fail_with "done at 6e-9: $(sed -n 2p "$OUT")"
	sim --engine reanimated --uaf 12.566370614359172 --dr 0.3 --fps 60 \
	    --duration 1.5 --reanimated-energy-threshold 1e-3 --metrics \
	    --columns done_time
	assert_status 0
	awk -v a="$(sed -n 2p "$OUT")" -v b="$want" 'BEGIN {
	    d = a - b; exit !(a != "" && d < 1e-12 && d > -1e-12) }' ||
		fail_with "done_time $(sed -n 2p "$OUT"), the library's $want"
}

@test "motion-waapi, motion-css: Motion's flags, refusals, warning and end" {
	# damping 0 never goes to WAAPI (supportsBrowserAnimation)
	assert_usage_error "--engine motion-waapi" "damping 0" -- \
	    --engine motion-waapi --motion-stiffness 100 --motion-damping 0
	assert_usage_error "--motion-rest-speed '1' goes with --engine motion, motion-waapi or motion-css, not --engine popmotion" -- \
	    --engine popmotion --motion-rest-speed 1
	# restDelta 0 is unset (`options.restDelta || default`): a warning
	sim --engine motion-css --motion-rest-delta 0 --duration 0.1
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine motion-css" "restDelta 0"
	assert_usage_error "--motion-duration: '20'" -- \
	    --engine motion-css --motion-duration 20 --motion-bounce 0.3
	assert_usage_error "--reanimated-stiffness: '100'" "not of --engine motion-css" -- \
	    --engine motion-css --reanimated-stiffness 100 --reanimated-damping 10
	# still ringing at 20 s: the easing is cut there, one warning line
	sim --engine motion-css --motion-stiffness 100 --motion-damping 0 \
	    --duration 0.1
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine motion-css" "20000 ms"
	# the end: the frame the library's easing ends on (its duration, a
	# 50 ms multiple), read from the golden files; not the JS tick's
	local e want
	for e in motion-waapi motion-css; do
		want=$(awk -F, '$4 == 1 { print $1; exit }' \
		    "$GOLDEN/$e-p1-60.csv")
		[ -n "$want" ] || fail_with "$e: the golden run never ends"
		sim --engine "$e" --motion-stiffness 157.91367041742973 \
		    --motion-damping 7.5398223686155035 --fps 60 --duration 2 \
		    --metrics --columns done_time
		assert_status 0
		awk -v a="$(sed -n 2p "$OUT")" -v b="$want" 'BEGIN {
		    d = a - b; exit !(a != "" && d < 1e-12 && d > -1e-12) }' ||
			fail_with "$e: done_time $(sed -n 2p "$OUT"), the library's $want"
	done
	# a duration spring's easing lasts its duration: done at 0.8 s
	sim --engine motion-waapi --motion-duration 0.8 --motion-bounce 0.25 \
	    --fps 60 --duration 2 --metrics --columns done_time
	assert_status 0
	[ "$(sed -n 2p "$OUT")" = 0.8 ] || fail_with "done_time $(sed -n 2p "$OUT")"
}

@test "unreal: the three engines, their flags in Unreal's names, refusals and warnings" {
	# FloatSpringInterp's first frame, hand-computed in float (the
	# formulas of KismetMathLibrary.cpp and SpringDamper, written out in
	# tests/unit/test_engine_unreal.c): Stiffness 100, factor 0.3
	sim --engine unreal-float-spring --unreal-stiffness 100 \
	    --unreal-critical-damping-factor 0.3 --fps 60 --duration 0.02
	assert_status 0
	[ "$(sed -n 3p "$OUT" | cut -d, -f1-3)" = "0.016666666666666666,0.013650774955749512,1.5783209800720215" ] ||
		fail_with "frame 1: $(sed -n 3p "$OUT")"
	# the same spring as SpringDamper (f = 10 / 2 pi Hz) and as
	# SpringDamperSmoothing (T = 0.2 s: omega 10) at zeta 0.3
	sim --engine unreal-spring-damper --unreal-undamped-frequency 2 \
	    --unreal-damping-ratio 0.3 --fps 60 --duration 0.02
	assert_status 0
	[ "$(sed -n 3p "$OUT" | cut -d, -f2)" = "0.021237075328826904" ] ||
		fail_with "SpringDamper frame 1: $(sed -n 3p "$OUT")"
	sim --engine unreal-smoothing --unreal-smoothing-time 0.2 --fps 60 \
	    --duration 0.02
	assert_status 0
	[ "$(sed -n 3p "$OUT" | cut -d, -f2-3)" = "0.012651562690734863,1.4104979038238525" ] ||
		fail_with "CriticallyDampedSmoothing frame 1: $(sed -n 3p "$OUT")"
	sim --engine unreal-spring-damper --unreal-smoothing-time 0.2 \
	    --unreal-damping-ratio 0.3 --duration 0.1
	assert_status 0
	# bClamp with the defaults [-1, 1]: the overshoot clipped at 1
	sim --engine unreal-float-spring --unreal-stiffness 100 \
	    --unreal-critical-damping-factor 0.3 --unreal-clamp --metrics \
	    --columns overshoot
	assert_status 0
	[ "$(sed -n 2p "$OUT")" = 0 ] || fail_with "overshoot $(sed -n 2p "$OUT")"
	# refusals: a flag of another engine, a knob without its engine
	assert_usage_error "--unreal-stiffness: '100'" "not of --engine unreal-smoothing" -- \
	    --engine unreal-smoothing --unreal-stiffness 100 \
	    --unreal-critical-damping-factor 1
	assert_usage_error "--unreal-clamp goes with --engine unreal-float-spring" -- \
	    --engine unity --unreal-clamp
	assert_usage_error "--unreal-smoothing-time: '0' must be > 0" -- \
	    --engine unreal-smoothing --unreal-smoothing-time 0
	# what Unreal changes: one warning line, and the run
	sim --engine unreal-smoothing --uaf 10 --dr 0.5 --duration 0.1
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine unreal-smoothing" "critically damped"
	sim --engine unreal-float-spring --unreal-stiffness 100 \
	    --unreal-critical-damping-factor 0.3 --unreal-clamp \
	    --unreal-min-value 2 --duration 0.1
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has "warning: --engine unreal-float-spring" "MinValue"
	# the help says what was read and what was not
	run "$SPRINGSIM" help unreal-float-spring
	assert_status 0
	[[ $output == *"KismetMathLibrary.cpp"* ]] || fail_with "no source cited"
	[[ $output == *"no Unreal runtime"* ]] || fail_with "not said how checked"
}
