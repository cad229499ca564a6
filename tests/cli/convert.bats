#!/usr/bin/env bats
# convert.bats - `springsim convert`: one spring in every convention, as
# key=value lines or CSV; its numbers for a spring worked by hand (in awk
# here, never read back from the program); --decay-time and --dt; and
# every error path (exit 2, one line naming the flag, nothing on stdout).
bats_require_minimum_version 1.5.0
load helpers

# The keys, in the order the brief and --help give them.
KEYS='stiffness damping mass omega zeta halflife frequency envelope_halflife
hz decay decay_time ck cd dt critical_halflife critical_frequency period
damped_frequency settle_envelope settle_time swiftui_response swiftui_damping_fraction
swiftui_duration swiftui_bounce android_stiffness android_damping_ratio
unity_smooth_time react_tension react_friction react_mass react_frequency
react_damping_ratio motion_stiffness motion_damping motion_mass
motion_duration motion_bounce motion_visual_duration rebound_tension
rebound_friction origami_tension origami_friction box2d_hertz
box2d_damping_ratio popmotion_stiffness popmotion_damping popmotion_mass
popmotion_duration popmotion_bounce wobble_stiffness wobble_damping
wobble_mass react_motion_stiffness react_motion_damping motion_one_stiffness
motion_one_damping motion_one_mass remotion_stiffness remotion_damping
remotion_mass svelte_stiffness svelte_damping anime_stiffness anime_damping
anime_mass anime_duration anime_bounce rn_stiffness rn_damping rn_mass
reanimated_stiffness reanimated_damping reanimated_mass unreal_smoothing_time
unreal_damping_ratio unreal_undamped_frequency unreal_stiffness
unreal_critical_damping_factor unreal_mass compose_stiffness
compose_damping_ratio
flutter_stiffness flutter_damping flutter_mass flutter_duration
flutter_bounce'

# assert_near GOT WANT REL WHAT - |GOT - WANT| <= REL |WANT|; inf and the
# empty value (a convention that cannot express the spring) must match.
assert_near() {
	case $2 in inf|"")
		[ "$1" = "$2" ] || fail_with "$4 is $1, want $2"
		return ;;
	esac
	awk -v a="$1" -v b="$2" -v rel="$3" 'BEGIN { if (a == "" || b == "") exit 1
		d = a - b; m = b < 0 ? -b : b
		exit !(d <= rel * m && -d <= rel * m) }' ||
		fail_with "$4 is $1, want $2 (to $3 relative)"
}

@test "convert prints every key, in order, one key=value line each" {
	sim convert
	assert_status 0
	assert_stderr_empty
	cut -d= -f1 "$OUT" >"$BATS_TEST_TMPDIR/got"
	printf '%s\n' $KEYS >"$BATS_TEST_TMPDIR/want"
	cmp "$BATS_TEST_TMPDIR/got" "$BATS_TEST_TMPDIR/want" ||
		fail_with "keys differ: $(diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got" | head -5)"
	awk -F= 'NF != 2 || $2 !~ /^(-?[0-9.]+(e[-+][0-9]+)?|inf|)$/ { print; bad = 1 }
	    END { exit bad }' "$OUT" || fail_with "a line is not key=number"
}

@test "--csv: one header (the keys) and one row with the same values" {
	sim convert --halflife 0.3 --frequency 1.5
	cp "$OUT" "$BATS_TEST_TMPDIR/kv"
	sim convert --halflife 0.3 --frequency 1.5 --csv
	assert_status 0
	assert_stderr_empty
	[ "$(nlines "$OUT")" -eq 2 ] || fail_with "want 2 lines"
	[ "$(head -n 1 "$OUT")" = "$(printf '%s\n' $KEYS | paste -sd, -)" ] ||
		fail_with "the header is not the keys"
	sed -n 2p "$OUT" | tr , '\n' | cmp - <(cut -d= -f2 "$BATS_TEST_TMPDIR/kv") ||
		fail_with "the CSV row differs from the key=value values"
}

@test "omega = 2 pi, zeta = 0.5 at dt 0.01, worked by hand" {
	local k want
	sim convert --uaf 6.283185307179586 --dr 0.5 --dt 0.01
	assert_status 0
	# each key with its value from the formulas of --help
	while read -r k want; do
		assert_near "$(kv "$k")" "$(calc "$want")" 1e-12 "$k"
	done <<-'EOF'
	stiffness 4 * pi * pi
	damping 2 * pi
	mass 1
	omega 2 * pi
	zeta 0.5
	halflife 4 * ln2 / (2 * pi)
	frequency 1
	envelope_halflife ln2 / pi
	hz 1
	decay exp(-pi)
	decay_time 1
	ck 4 * pi * pi * 1e-4
	cd 2 * pi * 0.01
	dt 0.01
	critical_halflife ln2 / pi
	critical_frequency 0.5
	period 2 / sqrt(3)
	damped_frequency sqrt(3) / 2
	settle_envelope log(50) / pi
	swiftui_response 1
	swiftui_damping_fraction 0.5
	swiftui_duration 1
	swiftui_bounce 0.5
	android_stiffness 4 * pi * pi
	android_damping_ratio 0.5
	react_tension 4 * pi * pi
	react_friction 2 * pi
	react_mass 1
	react_frequency 1
	react_damping_ratio 0.5
	motion_stiffness 4 * pi * pi
	motion_damping 2 * pi
	motion_mass 1
	motion_duration log(0.5 / (0.001 * sqrt(0.75))) / pi
	motion_bounce 0.5
	motion_visual_duration 1 / 1.2
	rebound_tension 4 * pi * pi
	rebound_friction 2 * pi
	origami_friction (2 * pi - 25) / 3 + 8
	box2d_hertz 1
	box2d_damping_ratio 0.5
	EOF
	# what the conventions cannot say: SmoothDamp is critical only, and
	# Origami's tension (4 pi^2 - 194) / 3.62 + 30 would be negative
	assert_near "$(kv unity_smooth_time)" "" 0 unity_smooth_time
	assert_near "$(kv origami_tension)" "" 0 origami_tension
}

@test "the two half-lives: Holden's halflife is twice the envelope's (Chou's P = 0.5)" {
	local h e
	sim convert --halflife 0.3 --frequency 2
	assert_status 0
	h=$(kv halflife)
	e=$(kv envelope_halflife)
	assert_near "$h" 0.3 1e-14 halflife
	assert_near "$e" 0.15 1e-14 envelope_halflife
	# and Chou's decay over the envelope half-life leaves half
	sim convert --halflife 0.3 --frequency 2 --decay-time 0.15
	assert_near "$(kv decay)" 0.5 1e-14 "decay over 0.15 s"
}

@test "over-damped, critical and undamped springs: settle time, period, damped frequency" {
	# omega 2, zeta 1.25: roots -1 and -4, the slow mode settles in ln 50
	sim convert --uaf 2 --dr 1.25
	assert_near "$(kv settle_envelope)" "$(calc 'log(50)')" 1e-12 settle_envelope
	assert_near "$(kv period)" inf 0 period
	assert_near "$(kv damped_frequency)" 0 0 damped_frequency
	assert_near "$(kv swiftui_bounce)" -0.2 1e-12 swiftui_bounce
	# motion-dom 14 maps a negative bounce: zeta = 1 / (1 + B)
	assert_near "$(kv motion_bounce)" -0.2 1e-12 motion_bounce
	# critical: Unity's smoothTime is 2 / omega
	sim convert --stiffness 9 --damping 6
	assert_near "$(kv zeta)" 1 0 zeta
	assert_near "$(kv unity_smooth_time)" "$(calc '2 / 3')" 1e-12 unity_smooth_time
	assert_near "$(kv settle_envelope)" "$(calc 'log(50) / 3')" 1e-12 settle_envelope
	# undamped: never settles, keeps its amplitude
	sim convert --uaf 5 --dr 0
	assert_near "$(kv settle_envelope)" inf 0 settle_envelope
	assert_near "$(kv settle_time)" inf 0 settle_time
	assert_near "$(kv halflife)" inf 0 halflife
	assert_near "$(kv envelope_halflife)" inf 0 envelope_halflife
	assert_near "$(kv decay)" 1 0 decay
}

@test "--mass scales stiffness, damping and the libraries' masses, not the motion" {
	sim convert --uaf 3 --dr 0.2 --mass 2
	assert_near "$(kv stiffness)" 18 1e-14 stiffness
	assert_near "$(kv damping)" 2.4 1e-14 damping
	assert_near "$(kv react_mass)" 2 0 react_mass
	assert_near "$(kv react_tension)" 18 1e-14 react_tension
	assert_near "$(kv motion_mass)" 2 0 motion_mass
	# libraries without a mass get the same motion per unit mass
	assert_near "$(kv android_stiffness)" 9 1e-14 android_stiffness
	assert_near "$(kv rebound_friction)" 1.2 1e-14 rebound_friction
}

@test "--decay-time alone is the time Chou's fraction is printed over (default 1 s)" {
	sim convert --uaf 4 --dr 0.25
	assert_near "$(kv decay_time)" 1 0 decay_time
	assert_near "$(kv decay)" "$(calc 'exp(-1)')" 1e-14 decay
	sim convert --uaf 4 --dr 0.25 --decay-time 3
	assert_status 0
	assert_near "$(kv decay_time)" 3 0 decay_time
	assert_near "$(kv decay)" "$(calc 'exp(-3)')" 1e-14 decay
	# with no group at all: the default spring
	sim convert --decay-time 2
	assert_status 0
	assert_near "$(kv omega)" "$(calc '4 * pi')" 1e-15 omega
	assert_near "$(kv decay_time)" 2 0 decay_time
}

@test "--decay-time with --hz and --decay is the group's own, and the decay printed is P" {
	sim convert --hz 2 --decay 0.1 --decay-time 0.5
	assert_status 0
	assert_near "$(kv zeta)" "$(calc 'log(10) / (2 * pi)')" 1e-14 zeta
	assert_near "$(kv decay_time)" 0.5 0 decay_time
	assert_near "$(kv decay)" 0.1 1e-14 decay
	assert_near "$(kv hz)" 2 1e-15 hz
	# the group without it is incomplete, as in run
	assert_usage_error "--hz and --decay need --decay-time" -- convert --hz 2 --decay 0.1
	assert_usage_error "--hz and --decay-time need --decay" -- convert --hz 2 --decay-time 1
}

@test "--dt is the step Nissen's Ck and Cd are read at and printed for" {
	# Ck = Cd = 1 at dt 0.1: omega = 1 / dt = 10, zeta = 0.5
	sim convert --ck 1 --cd 1 --dt 0.1
	assert_status 0
	assert_near "$(kv omega)" 10 1e-14 omega
	assert_near "$(kv zeta)" 0.5 1e-14 zeta
	assert_near "$(kv ck)" 1 1e-14 ck
	assert_near "$(kv cd)" 1 1e-14 cd
	assert_near "$(kv dt)" 0.1 0 dt
	# the default step is 1/60 s
	sim convert --uaf 60 --dr 0.5
	assert_near "$(kv ck)" 1 1e-14 "ck at 1/60"
	assert_near "$(kv cd)" 1 1e-14 "cd at 1/60"
}

@test "--precision N rounds every number to N significant digits" {
	sim convert --precision 3
	assert_status 0
	awk -F= '$2 !~ /^(inf|)$/ { s = $2; sub(/e.*/, "", s); gsub(/[-.]/, "", s)
	    sub(/^0+/, "", s); if (length(s) > 3) { print; bad = 1 } } END { exit bad }' "$OUT" ||
		fail_with "more than 3 significant digits"
	assert_near "$(kv omega)" 12.6 0 omega
}

@test "-o FILE gets exactly what stdout would, and stdout nothing" {
	local f=$BATS_TEST_TMPDIR/conv.csv
	"$SPRINGSIM" convert --csv --android-stiffness 1500 --android-damping-ratio 0.5 >"$BATS_TEST_TMPDIR/want"
	sim convert --csv --android-stiffness 1500 --android-damping-ratio 0.5 -o "$f"
	assert_status 0
	assert_stdout_empty
	assert_stderr_empty
	cmp "$f" "$BATS_TEST_TMPDIR/want" || fail_with "-o differs from stdout"
}

@test "convert --help: exit 0, every key and every flag it mentions are real" {
	local k f
	sim convert --help
	assert_status 0
	assert_stderr_empty
	[ "$(head -n 1 "$OUT" | cut -c 1-24)" = "usage: springsim convert" ] || fail_with "no usage line"
	for k in stiffness omega zeta halflife envelope_halflife decay_time ck cd critical_halflife critical_frequency period damped_frequency settle_envelope settle_time unity_smooth_time; do
		grep -qw -- "$k" "$OUT" || fail_with "--help does not mention $k"
	done
	cd "$BATS_TEST_TMPDIR"	# --output 1 writes a file named 1
	for f in $(grep -oE -- '--[a-z][a-z0-9-]*' "$OUT" | sort -u); do
		sim convert "$f" 1
		if grep -q 'unknown option' "$ERR"; then
			fail_with "convert --help mentions $f, convert does not know it"
		fi
	done
	sim convert -V
	assert_status 0
	grep -qE '^springsim [0-9]' "$OUT" || fail_with "-V"
}

@test "convert errors: exit 2, one line naming the flag, nothing on stdout" {
	local needle args
	while IFS='|' read -r needle args; do
		# shellcheck disable=SC2086
		assert_usage_error $needle -- convert $args
	done <<-'EOF'
	'--bogus'|--bogus
	--dt|--dt
	--dt '0'|--dt 0
	--dt 'x'|--dt x
	--decay-time '0'|--decay-time 0
	--decay-time '-1'|--uaf 1 --dr 1 --decay-time -1
	--precision|--precision 0
	--precision|--precision 18
	--csv|--csv=1
	'extra'|extra
	--uaf --stiffness|--uaf 1 --dr 1 --stiffness 1 --damping 1
	--dr|--uaf 3
	--mass '0'|--mass 0
	--swiftui-bounce '-1'|--swiftui-duration 1 --swiftui-bounce -1
	--react-mass --mass|--react-tension 1 --react-friction 1 --react-mass 2 --mass 2
	EOF
}

@test "convert errors leave -o files alone" {
	local d=$BATS_TEST_TMPDIR/outdir
	mkdir "$d"
	printf 'precious\n' >"$d/old"
	assert_usage_error --dt -- convert -o "$d/old" --dt 0
	assert_usage_error --bogus -- convert -o "$d/new" --bogus
	[ "$(cat "$d/old")" = precious ] || fail_with "-o OLD changed"
	[ "$(ls -A "$d")" = old ] || fail_with "left behind: $(ls -A "$d" | tr '\n' ' ')"
}

@test "convert onto a full device: exit 1 and a message" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c '"$SPRINGSIM" convert > /dev/full'
	[ "$status" -eq 1 ] || fail "exit status $status, want 1"
	[ "${#stderr_lines[@]}" -eq 1 ] || fail "want one line on stderr, got: $stderr"
}

@test "the guide's convert example is what the program prints" {
	local readme=$BATS_TEST_DIRNAME/../../docs/guide.md want
	want=$(awk '/^\$ springsim convert --swiftui-response 0.5 --swiftui-damping-fraction 0.825 \| head -n 8$/ { f = 1; next }
	    f && /^```/ { exit } f' "$readme")
	[ -n "$want" ] || fail "no convert example in docs/guide.md"
	run bash -c '"$SPRINGSIM" convert --swiftui-response 0.5 --swiftui-damping-fraction 0.825 | head -n 8'
	assert_success
	assert_output "$want"
}

@test "convert: the engines' dialects, by hand for omega 20, zeta 0.5, and each read back" {
	# k = 400, d = 20 (mass 1); svelte K = (20/60)^2 = 1/9, B = 2 zeta
	# omega / 60 = 1/3; anime and Flutter D = 2 pi / 20, bounce 1 - zeta
	sim convert --uaf 20 --dr 0.5
	assert_status 0
	local k want
	for want in popmotion_stiffness=400 popmotion_damping=20 popmotion_bounce=0.5 \
	    wobble_stiffness=400 wobble_damping=20 react_motion_stiffness=400 \
	    react_motion_damping=20 motion_one_stiffness=400 anime_damping=20 \
	    remotion_stiffness=400 remotion_damping=20 remotion_mass=1 \
	    rn_stiffness=400 rn_damping=20 compose_stiffness=400 \
	    compose_damping_ratio=0.5 flutter_damping=20 flutter_bounce=0.5; do
		grep -qx -- "$want" "$OUT" || fail_with "no $want"
	done
	awk -F= '$1 == "svelte_stiffness" { s = $2 } $1 == "svelte_damping" { b = $2 }
	    $1 == "anime_duration" { a = $2 } $1 == "flutter_duration" { f = $2 }
	    END { pi = 3.141592653589793
		exit !((s - 1/9) ^ 2 < 1e-30 && (b - 1/3) ^ 2 < 1e-30 &&
		    (a - pi / 10) ^ 2 < 1e-30 && (f - pi / 10) ^ 2 < 1e-30) }' "$OUT" ||
		fail_with "svelte, anime or flutter duration off"
	# each group read back gives omega 20, zeta 0.5 again
	for k in "--popmotion-duration $(awk -F= '$1 == "popmotion_duration" { print $2 }' "$OUT") --popmotion-bounce 0.5" \
	    "--svelte-stiffness $(awk -F= '$1 == "svelte_stiffness" { print $2 }' "$OUT") --svelte-damping $(awk -F= '$1 == "svelte_damping" { print $2 }' "$OUT")" \
	    "--wobble-stiffness 400 --wobble-damping 20" \
	    "--react-motion-stiffness 400 --react-motion-damping 20" \
	    "--compose-stiffness 400 --compose-damping-ratio 0.5" \
	    "--flutter-stiffness 400 --flutter-damping 20"; do
		# shellcheck disable=SC2086
		sim convert $k
		assert_status 0
		awk -F= '$1 == "omega" { w = $2 } $1 == "zeta" { z = $2 }
		    END { exit !((w - 20) ^ 2 < 1e-18 && (z - 0.5) ^ 2 < 1e-22) }' "$OUT" ||
			fail_with "$k: not omega 20, zeta 0.5"
	done
}

@test "convert: what a convention cannot express is empty (svelte past a frame, popmotion over-damped)" {
	# omega 120: K = (120/60)^2 = 4 > 1; zeta 2: popmotion's bounce is 0..0.95
	sim convert --uaf 120 --dr 2
	assert_status 0
	for k in svelte_stiffness svelte_damping popmotion_duration popmotion_bounce; do
		grep -qx -- "$k=" "$OUT" || fail_with "$k is not empty"
	done
	# Flutter's over-damped bounce: 1 / zeta - 1 = -0.5
	grep -qx -- "flutter_bounce=-0.5" "$OUT" || fail_with "flutter_bounce"
}

@test "convert --v0: the start velocity in units/ms for react-spring and wobble" {
	sim convert --v0 2.5
	assert_status 0
	tail -n 3 "$OUT" | tr '\n' ' ' | grep -qx 'v0=2.5 react_velocity=0.0025 wobble_velocity=0.0025 ' ||
		fail_with "velocity keys"
	sim convert --v0 -4 --csv
	assert_status 0
	awk -F, 'NR == 1 { exit !($(NF - 2) == "v0" && $NF == "wobble_velocity") }' "$OUT" ||
		fail_with "csv header"
	awk -F, 'NR == 2 { exit !($(NF - 2) == -4 && $NF == -0.004) }' "$OUT" ||
		fail_with "csv row"
	assert_usage_error "--v0" "x" -- convert --v0 x
	assert_usage_error "--v0" "1e101" -- convert --v0 1e101
}

@test "#40.1 convert: settle_envelope is ln 50 / (zeta omega), settle_time the step response's true settle time" {
	run "$SPRINGSIM" convert --omega 10 --zeta 0.5
	assert_success
	local env st
	env=$(printf '%s\n' "$output" | sed -n 's/^settle_envelope=//p')
	st=$(printf '%s\n' "$output" | sed -n 's/^settle_time=//p')
	# the envelope: ln 50 / 5; the last time |e| > 0.02 of the closed form
	# e = e^(-5t) (cos wd t + 5/wd sin wd t), on a 1e-6 grid, then bisected
	awk -v env="$env" -v st="$st" 'BEGIN { w = 10; z = 0.5; zw = z * w
	    wd = w * sqrt(1 - z*z)
	    if ((env - log(50) / zw) ^ 2 > 1e-28) { print "envelope " env; exit 1 }
	    for (t = 0; t < 3; t += 1e-6) {
		e = exp(-zw*t) * (cos(wd*t) + zw/wd * sin(wd*t))
		if (e > 0.02 || e < -0.02) last = t }
	    d = st - last; if (d < 0) d = -d
	    if (d > 2e-6) { print "settle_time " st ", grid " last; exit 1 } }' ||
		fail "settle_envelope $env, settle_time $st"
	# over-damped, omega 2, zeta 1.25: e = (4 e^-t - e^-4t) / 3 from rest,
	# falling monotonically: |e| = 0.02 once, found by bisection
	run "$SPRINGSIM" convert --omega 2 --zeta 1.25
	st=$(printf '%s\n' "$output" | sed -n 's/^settle_time=//p')
	awk -v st="$st" 'BEGIN { lo = 0; hi = 10
	    for (i = 0; i < 200; i++) { m = (lo + hi) / 2
		if ((4 * exp(-m) - exp(-4 * m)) / 3 > 0.02) lo = m; else hi = m }
	    d = st - hi; if (d < 0) d = -d; exit !(d <= 1e-12 * hi) }' ||
		fail "over-damped settle_time $st"
	run "$SPRINGSIM" convert --omega 10 --zeta 0
	[[ $output == *$'settle_envelope=inf\n'* ]] && [[ $output == *$'settle_time=inf\n'* ]] ||
		fail "zeta 0: not inf"
}
