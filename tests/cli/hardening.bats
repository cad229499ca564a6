#!/usr/bin/env bats
# hardening.bats - springsim fed what nobody checked (issue 10): the fuzz
# corpus and every crash the fuzzers found, output that survives (a reader
# that leaves, a full or missing output, devices, the locale), every
# numeric flag at its edges, the up-front refusals and --force, and the
# man page against every --help.
bats_require_minimum_version 1.5.0
load helpers

REPO=$BATS_TEST_DIRNAME/../..

# A locale with a decimal comma, made into a private directory (LOCPATH)
# so that nothing is installed: de_DE.UTF-8 if localedef and the locale
# sources (Debian's locales package) are there, else C.UTF-8.
setup_file() {
	local dir=$BATS_FILE_TMPDIR/locale
	mkdir -p "$dir"
	if localedef -i de_DE -f UTF-8 "$dir/de_DE.UTF-8" >/dev/null 2>&1 &&
	    [ "$(LOCPATH=$dir LC_ALL=de_DE.UTF-8 locale decimal_point 2>/dev/null)" = "," ]; then
		export HARDENING_LOCALE=de_DE.UTF-8 HARDENING_LOCPATH=$dir
	else
		export HARDENING_LOCALE=C.UTF-8 HARDENING_LOCPATH=
	fi
}

# quick_usage_error NEEDLE... -- ARGS: assert_usage_error, within 2 s.
quick_usage_error() {
	local start=$SECONDS
	assert_usage_error "$@"
	[ $((SECONDS - start)) -le 2 ] || fail "took $((SECONDS - start)) s to refuse"
}

# ---- fuzzing: the stored corpus and crashes, replayed -------------------

@test "fuzz: every stored input and every crash found replays through its harness" {
	local replay
	replay=$(dirname "$SPRINGSIM")/fuzz-replay
	[ -x "$replay" ] || skip "no $replay (make test builds it)"
	local err=$BATS_TEST_TMPDIR/replay.err n files rc=0
	"$replay" "$REPO/tests/fuzz" >/dev/null 2>"$err" || rc=$?
	[ "$rc" -eq 0 ] || fail "fuzz-replay exited $rc: $(tail -n 30 "$err")"
	n=$(sed -n 's/^fuzz-replay: \([0-9]*\) inputs$/\1/p' "$err")
	files=$(find "$REPO/tests/fuzz/corpus" "$REPO/tests/fuzz/crashes" \
	    -type f ! -name '.*' | wc -l)
	[ -n "$n" ] && [ "$n" -eq "$files" ] ||
		fail "replayed '${n}' inputs of $files files"
}

@test "fuzz regression (args_run crash-fef0d947): noise at a period of 5e-84 s is refused, not cast past a long" {
	# UBSan: signal.c, 1.7e+81 is outside the range of long; before that
	# an endless loop (k and k + 1 the same double)
	assert_usage_error --signal-period "too many" -- --target-signal noise \
	    --signal-period 0.000000000000000000000000000000000000000000000000000000000000000000000000000000000005 \
	    --signal-shape linear --signal-seed 1 --metrics
}

@test "fuzz regression (csv_frames timeout-bc3eb5f4): a frame file's long frame under a square wave is counted in pieces" {
	# one frame of 1.1e7 s under a square wave of 0.1 s is 2.2e8 pieces
	# (allowed, slow); at 1e100 s it is refused up front
	local f=$BATS_TEST_TMPDIR/frames.csv
	printf '1e100\n' >"$f"
	assert_usage_error --signal-period pieces -- --frames-from "$f" \
	    --substep max --duration 0.5 --target-signal square --signal-period 0.1
}

@test "fuzz regression (args_fps timeout-072fd854): a rate of 2.1e-99 fps beside 60 is refused, not sampled for 1e100 frames" {
	# max_dev_x advanced the 60 fps spring to the end of the slow run's
	# one frame, 4.8e98 s: an endless loop
	quick_usage_error --fps --force -- fps --fps 021e-100,60 --substep fixed --metrics
	quick_usage_error --fps "can count" -- fps --fps 1e-90,60 --force
	# a slow rate that is merely slow still runs
	sim fps --fps 0.3,60
	assert_status 0
}

@test "fuzz regression (args_run timeout-e94c65e5): --engine '' beside a library's knob is refused, not an endless search for the empty word" {
	# list_has (setup.c) looked for the engine's name among the knob's
	# engines: strstr finds "" at once and the loop never moved on
	local rc=0
	timeout 10 "$SPRINGSIM" --engine '' --unity-max-speed 3 --frames 10 \
	    >/dev/null 2>&1 || rc=$?
	[ "$rc" -eq 2 ] || fail "exit status $rc (124: it never returned)"
	quick_usage_error "--engine: unknown engine ''" -- --engine '' --clamp
	quick_usage_error "--engine: unknown engine 'nope'" -- --engine nope \
	    --box2d-substeps 4
}

# ---- output that survives ------------------------------------------------

# piped ARGS... - run springsim ARGS | head -n 1; $pipe_status is
# springsim's status, $HEAD_OUT and $ERR its first line and its stderr.
piped() {
	ERR=$BATS_TEST_TMPDIR/stderr
	HEAD_OUT=$("$SPRINGSIM" "$@" 2>"$ERR" | head -n 1; echo "status=${PIPESTATUS[0]}")
	pipe_status=${HEAD_OUT##*status=}
	HEAD_OUT=${HEAD_OUT%status=*}
}

@test "piped into head -1: no message, killed by SIGPIPE (status 141) when the output outlives the reader" {
	piped --duration 100 --dt 0.001
	[ "$pipe_status" -eq 141 ] || fail "status $pipe_status, want 141"
	[ "$HEAD_OUT" = "$TRAJ_HEADER"$'\n' ] || fail "first line: $HEAD_OUT"
	[ ! -s "$ERR" ] || fail "stderr: $(cat "$ERR")"
	piped fps --fps 1000,2000 --duration 100 --trajectories
	[ "$pipe_status" -eq 141 ] || fail "fps: status $pipe_status, want 141"
	[ ! -s "$ERR" ] || fail "fps: stderr: $(cat "$ERR")"
	piped analyze --integrator all --hw 0.01:10:3000log
	[ "$pipe_status" -eq 141 ] || fail "analyze: status $pipe_status, want 141"
	[ ! -s "$ERR" ] || fail "analyze: stderr: $(cat "$ERR")"
}

@test "piped into head -1, short outputs: no message, status 0 or 141" {
	local args
	for args in "--frames 3" "--metrics" "list" "--help" "fps --help" \
	    "convert" "convert --csv" "analyze" "--version"; do
		# shellcheck disable=SC2086
		piped $args
		[ "$pipe_status" -eq 0 ] || [ "$pipe_status" -eq 141 ] ||
			fail "$args: status $pipe_status"
		[ ! -s "$ERR" ] || fail "$args: stderr: $(cat "$ERR")"
		[ -n "$HEAD_OUT" ] || fail "$args: no first line"
	done
}

@test "piped into head -1 with SIGPIPE ignored: no message, exit 1" {
	run --separate-stderr bash -c 'trap "" PIPE
	    "$SPRINGSIM" --duration 100 --dt 0.001 | head -n 1
	    echo "status=${PIPESTATUS[0]}"'
	[ "$stderr" = "" ] || fail "stderr: $stderr"
	[ "${lines[1]}" = "status=1" ] || fail "got: $output"
}

@test "-o /dev/full: exit 1, one line naming it, and /dev/full is still the device" {
	[ -c /dev/full ] || skip "no /dev/full"
	local args
	for args in "" "--metrics" "fps --fps 30,60" "convert" "analyze"; do
		# shellcheck disable=SC2086
		sim $args -o /dev/full
		assert_status 1
		assert_stdout_empty
		assert_one_stderr_line
		assert_stderr_has /dev/full
		[ -c /dev/full ] || fail "$args: /dev/full is no longer a device"
	done
}

@test "-o onto a FIFO or a device writes into it, never replaces it with a file" {
	local d=$BATS_TEST_TMPDIR
	mkfifo "$d/fifo"
	timeout 20 cat "$d/fifo" >"$d/got" &
	sim --frames 3 -o "$d/fifo"
	wait
	assert_status 0
	[ -p "$d/fifo" ] || fail "the FIFO was replaced"
	[ "$(nlines "$d/got")" -eq 5 ] || fail "read $(nlines "$d/got") lines"
	if mknod "$d/null" c 1 3 2>/dev/null; then
		sim --frames 3 -o "$d/null"
		assert_status 0
		[ -c "$d/null" ] || fail "the device was replaced by a file"
	fi
	[ -z "$(find "$d" -name '*.tmp.*')" ] || fail "temporary files left"
}

@test "-o into a directory that does not exist: exit 1, one line, nothing created" {
	local d=$BATS_TEST_TMPDIR/out
	mkdir "$d"
	for args in "" "--metrics" "fps --fps 30" "convert" "analyze"; do
		# shellcheck disable=SC2086
		sim $args -o "$d/missing/run.csv"
		assert_status 1
		assert_stdout_empty
		assert_one_stderr_line
		assert_stderr_has "$d/missing/run.csv"
	done
	[ -z "$(ls -A "$d")" ] || fail "created: $(ls -A "$d")"
}

@test "-o on a full file system (a file size limit): exit 1, one line, the old file untouched, no temporary file left" {
	local d=$BATS_TEST_TMPDIR/full args
	mkdir "$d"
	for args in "--duration 100 --dt 0.001" \
	    "fps --fps 1000,2000 --duration 20 --trajectories" \
	    "analyze --integrator all --hw 0.01:10:3000log"; do
		printf 'old\n' >"$d/out.csv"
		# ulimit -f: writes past 16 KiB fail with EFBIG (SIGXFSZ ignored)
		# shellcheck disable=SC2086
		run --separate-stderr bash -c 'ulimit -f 16; trap "" XFSZ
		    exec "$SPRINGSIM" "$@"' _ $args -o "$d/out.csv"
		[ "$status" -eq 1 ] || fail "$args: status $status, want 1"
		[ "${#stderr_lines[@]}" -eq 1 ] || fail "$args: stderr: $stderr"
		[[ $stderr == *"$d/out.csv"* ]] || fail "$args: stderr: $stderr"
		[ "$output" = "" ] || fail "$args: stdout: $output"
		[ "$(cat "$d/out.csv")" = old ] || fail "$args: the old file changed"
		[ "$(ls -A "$d")" = out.csv ] || fail "$args: left: $(ls -A "$d")"
	done
}

@test "stdout on /dev/full, every command: exit 1, one line" {
	[ -w /dev/full ] || skip "no /dev/full"
	local args
	for args in "fps --fps 30,60" "fps --fps 30 --trajectories" "convert" \
	    "convert --csv" "analyze" "list" "--help" "fps --help" \
	    "convert --help" "analyze --help" "list --help" "--version"; do
		# shellcheck disable=SC2086
		run --separate-stderr bash -c '"$SPRINGSIM" "$@" >/dev/full' _ $args
		[ "$status" -eq 1 ] || fail "$args: status $status, want 1"
		[ "${#stderr_lines[@]}" -eq 1 ] || fail "$args: stderr: $stderr"
	done
}

# ---- the locale ------------------------------------------------------------

# in_locale ARGS... - springsim ARGS under the test locale, to $OUT, $ERR.
in_locale() {
	OUT=$BATS_TEST_TMPDIR/stdout
	ERR=$BATS_TEST_TMPDIR/stderr
	status=0
	if [ -n "$HARDENING_LOCPATH" ]; then
		LOCPATH=$HARDENING_LOCPATH LC_ALL=$HARDENING_LOCALE LANG=$HARDENING_LOCALE \
		    "$SPRINGSIM" "$@" >"$OUT" 2>"$ERR" || status=$?
	else
		LC_ALL=$HARDENING_LOCALE LANG=$HARDENING_LOCALE \
		    "$SPRINGSIM" "$@" >"$OUT" 2>"$ERR" || status=$?
	fi
}

@test "the locale (de_DE.UTF-8, decimal comma) changes no output: byte for byte as in C" {
	echo "# locale: $HARDENING_LOCALE" >&3
	local d=$BATS_TEST_TMPDIR args
	printf 't,target\n0,0\n0.25,1.5\n1,-0.5\n' >"$d/target.csv"
	printf 'dt\n0.0125\n0.02\n0.033\n' >"$d/frames.csv"
	for args in "--model implicit --dt 0.033" "--metrics --precision 6" \
	    "--target-file $d/target.csv --metrics" "--frames-from $d/frames.csv" \
	    "--target-signal sine --signal-period 0.5 --metrics" \
	    "fps --fps 30,60" "convert" "convert --csv --halflife 0.2 --dr 0.7" \
	    "analyze --dt 0.033" "list" "--help"; do
		# shellcheck disable=SC2086
		LC_ALL=C "$SPRINGSIM" $args >"$d/c.out" 2>&1
		# shellcheck disable=SC2086
		in_locale $args
		cat "$ERR" >>"$OUT"
		cmp -s "$d/c.out" "$OUT" ||
			fail "$args differs under $HARDENING_LOCALE: $(diff "$d/c.out" "$OUT" | head -n 4)"
	done
}

@test "the locale changes no parsing: 1,5 is refused and 1.5 taken, in flags and in files" {
	in_locale --dt 1,5 --frames 1
	[ "$status" -eq 2 ] || fail "--dt 1,5: status $status"
	grep -q -- "--dt" "$ERR" || fail "--dt 1,5: $(cat "$ERR")"
	in_locale --dt 1.5 --frames 1
	[ "$status" -eq 0 ] || fail "--dt 1.5: status $status: $(cat "$ERR")"
	grep -q '^1\.5,' "$OUT" || fail "--dt 1.5: no row at t = 1.5"
	in_locale convert --halflife 0,2 --dr 1
	[ "$status" -eq 2 ] || fail "convert --halflife 0,2: status $status"
	in_locale analyze --dt 0,1
	[ "$status" -eq 2 ] || fail "analyze --dt 0,1: status $status"
	printf 't;target\n0;"1,5"\n' >"$BATS_TEST_TMPDIR/comma.csv"
	in_locale --target-file "$BATS_TEST_TMPDIR/comma.csv"
	[ "$status" -eq 2 ] || fail "a target file in a comma locale's style: status $status"
	printf 't,target\n0,"1.5"\n1,2\n' >"$BATS_TEST_TMPDIR/point.csv"
	in_locale --target-file "$BATS_TEST_TMPDIR/point.csv" --frames 2 --dt 0.5
	[ "$status" -eq 0 ] || fail "a target file with points: status $status: $(cat "$ERR")"
}

# ---- every numeric flag at its edges --------------------------------------

# The numeric flags of run, each with what it needs beside it ('-' for
# a flag that sets the length of the run itself, which runs without
# --frames 3).  The test below checks this is every flag of --help that
# takes a value, less NOT_NUMERIC.
EDGE_TABLE='--x0|
--v0|
--target|
--target-vel|
--signal-amp|--target-signal sine
--signal-period|--target-signal square
--signal-at|--target-signal step
--signal-seed|--target-signal noise
--dt|
--fps|
--duration|-
--frames|-
--dt-jitter|
--seed|--dt-jitter 0.1
--max-dt|--substep max
--max-substeps|--substep uniform
--precision|
--mass|--stiffness 100 --damping 5
--stiffness|--damping 5
--damping|--stiffness 100
--uaf|--dr 0.3
--dr|--uaf 10
--halflife|--frequency 2
--frequency|--halflife 0.2
--ck|--cd 0.5
--cd|--ck 0.5
--hz|--decay 0.5 --decay-time 1
--decay|--hz 2 --decay-time 1
--decay-time|--hz 2 --decay 0.5
--omega|--zeta 0.3
--zeta|--omega 10
--swiftui-response|--swiftui-damping-fraction 0.8
--swiftui-damping-fraction|--swiftui-response 0.5
--swiftui-duration|--swiftui-bounce 0.2
--swiftui-bounce|--swiftui-duration 0.5
--android-stiffness|--android-damping-ratio 0.5
--android-damping-ratio|--android-stiffness 1500
--unity-smooth-time|
--react-tension|--react-friction 26
--react-friction|--react-tension 170
--react-mass|--react-tension 170 --react-friction 26
--react-frequency|--react-damping-ratio 0.7
--react-damping-ratio|--react-frequency 0.5
--motion-stiffness|--motion-damping 10
--motion-damping|--motion-stiffness 100
--motion-mass|--motion-stiffness 100 --motion-damping 10
--motion-duration|--motion-bounce 0.3
--motion-bounce|--motion-duration 0.8
--motion-visual-duration|--motion-bounce 0.3
--rebound-tension|--rebound-friction 7
--rebound-friction|--rebound-tension 40
--origami-tension|--origami-friction 7
--origami-friction|--origami-tension 40
--box2d-hertz|--box2d-damping-ratio 10
--box2d-damping-ratio|--box2d-hertz 30
--factor|--model damper --integrator lerp
--ft|--model damper --integrator exponential --damping 5
--t-goal|--model timed
--v-goal|--model velocity
--apprehension|--model timed
--horizon|--model predict --dt 0.1
--switch-at|--model inertialize
--hitch|AT
--hitch|LEN
--popmotion-stiffness|--popmotion-damping 10
--popmotion-damping|--popmotion-stiffness 100
--popmotion-mass|--popmotion-stiffness 100 --popmotion-damping 10
--popmotion-duration|--popmotion-bounce 0.3
--popmotion-bounce|--popmotion-duration 0.8
--wobble-stiffness|--wobble-damping 10
--wobble-damping|--wobble-stiffness 100
--wobble-mass|--wobble-stiffness 100 --wobble-damping 10
--react-motion-stiffness|--react-motion-damping 10
--react-motion-damping|--react-motion-stiffness 100
--motion-one-stiffness|--motion-one-damping 10
--motion-one-damping|--motion-one-stiffness 100
--motion-one-mass|--motion-one-stiffness 100 --motion-one-damping 10
--remotion-stiffness|--remotion-damping 10
--remotion-damping|--remotion-stiffness 100
--remotion-mass|--remotion-stiffness 100 --remotion-damping 10
--svelte-stiffness|--svelte-damping 0.5
--svelte-damping|--svelte-stiffness 0.15
--anime-stiffness|--anime-damping 10
--anime-damping|--anime-stiffness 100
--anime-mass|--anime-stiffness 100 --anime-damping 10
--anime-duration|--anime-bounce 0.3
--anime-bounce|--anime-duration 0.8
--rn-stiffness|--rn-damping 10
--rn-damping|--rn-stiffness 100
--rn-mass|--rn-stiffness 100 --rn-damping 10
--rn-bounciness|--rn-speed 12
--rn-speed|--rn-bounciness 8
--reanimated-stiffness|--reanimated-damping 10
--reanimated-damping|--reanimated-stiffness 100
--reanimated-mass|--reanimated-stiffness 100 --reanimated-damping 10
--reanimated-duration|--reanimated-damping-ratio 0.5
--reanimated-damping-ratio|--reanimated-duration 0.55
--reanimated-energy-threshold|--engine reanimated
--compose-stiffness|--compose-damping-ratio 0.5
--compose-damping-ratio|--compose-stiffness 400
--flutter-stiffness|--flutter-damping 10
--flutter-damping|--flutter-stiffness 100
--flutter-mass|--flutter-stiffness 100 --flutter-damping 10
--flutter-duration|--flutter-bounce 0.3
--flutter-bounce|--flutter-duration 0.8
--unity-max-speed|--engine unity --unity-smooth-time 0.2
--unreal-smoothing-time|--engine unreal-smoothing
--unreal-damping-ratio|--unreal-undamped-frequency 2
--unreal-undamped-frequency|--unreal-damping-ratio 0.5
--unreal-stiffness|--unreal-critical-damping-factor 0.5
--unreal-critical-damping-factor|--unreal-stiffness 100
--unreal-mass|--unreal-stiffness 100 --unreal-critical-damping-factor 0.5
--unreal-target-velocity-amount|--engine unreal-float-spring
--unreal-min-value|--engine unreal-float-spring --unreal-clamp
--unreal-max-value|--engine unreal-float-spring --unreal-clamp
--android-min-visible-change|--engine android
--box2d-substeps|--engine box2d
--svelte-precision|--engine svelte
--react-spring-precision|--engine react-spring
--react-spring-rest-velocity|--engine react-spring
--motion-rest-speed|--engine motion
--motion-rest-delta|--engine motion
--popmotion-rest-speed|--engine popmotion
--popmotion-rest-delta|--engine popmotion
--react-native-rest-displacement-threshold|--engine react-native
--react-native-rest-speed-threshold|--engine react-native
--rebound-rest-speed-threshold|--engine rebound
--rebound-rest-displacement-threshold|--engine rebound
--wobble-rest-velocity-threshold|--engine wobble
--wobble-rest-displacement-threshold|--engine wobble
--react-motion-precision|--engine react-motion
--compose-visibility-threshold|--engine compose
--flutter-tolerance-distance|--engine flutter
--flutter-tolerance-velocity|--engine flutter
--remotion-duration-in-frames|--engine remotion'
# flags of run's --help that take a value that is not a number
NOT_NUMERIC='--model --integrator --target-signal --signal-shape --target-file
--target-vel-source --frames-from --substep --output --source-a
--source-b --columns --engine --flutter-bounds'
# 0, negative, huge, tiny, subnormal, inf, nan, hex, trailing junk, empty,
# leading space; and both sides of the 1e100 bound, and -0
EDGE_VALUES=(0 -0 -1 1e308 -1e308 1e-308 4e-320 inf -inf nan 0x1p3 1x ''
    ' 1' 1e100 1e-100 1e101)

@test "the edge table has every numeric flag of run --help" {
	local flags table missing=''
	flags=$("$SPRINGSIM" run --help | grep -oE -- '(^|[^a-zA-Z0-9-])--[a-z][a-z0-9-]* [A-Z]' |
	    sed 's/^[^-]*//; s/ [A-Z]$//' | sort -u)
	table=$(printf '%s\n' "$EDGE_TABLE" | cut -d'|' -f1 | sort -u)
	for f in $flags; do
		case " ${NOT_NUMERIC//$'\n'/ } " in *" $f "*) continue ;; esac
		printf '%s\n' "$table" | grep -qx -- "$f" || missing="$missing $f"
	done
	[ -z "$missing" ] || fail "not in the edge table:$missing"
}

@test "every numeric flag at 0, -1, 1e308, 1e-308, 4e-320, inf, nan, 0x1p3, 1x, '', ' 1' ...: a clean run or exit 2 naming the flag" {
	local flag ctx v bad='' n=0 nl
	local -a args
	while IFS='|' read -r flag ctx; do
		for v in "${EDGE_VALUES[@]}"; do
			case $ctx in
			-) args=("$flag" "$v") ;;
			AT) args=(--frames 3 "$flag" "$v:0.1") ;;
			LEN) args=(--frames 3 "$flag" "0.01:$v") ;;
			*) # shellcheck disable=SC2206
			   args=(--frames 3 $ctx "$flag" "$v") ;;
			esac
			n=$((n + 1))
			sim "${args[@]}"
			case $status in
			0)	# no inf or nan anywhere in the trajectory
				if grep -Eiq '(^|,)[-+]?(inf|nan)(,|$)' "$OUT"; then
					bad="$bad
  ${args[*]}: exit 0 with inf or nan in the output"
				fi ;;
			2)	stderr_text
				nl=${STDERR_TEXT//[!$'\n']/}
				if [ -s "$OUT" ] || [ "${#nl}" -ne 1 ] ||
				    [[ $STDERR_TEXT != *"$flag"* ]]; then
					bad="$bad
  ${args[*]}: exit 2 but not one line naming $flag: $STDERR_TEXT"
				fi ;;
			*)	bad="$bad
  ${args[*]}: exit $status: $(head -c 200 "$ERR")" ;;
			esac
		done
	done <<<"$EDGE_TABLE"
	echo "# $n runs" >&3
	[ -z "$bad" ] || fail "edge cases that failed:$bad"
}

@test "the other commands' numbers at the edges: exit 0 or exit 2 naming the flag" {
	local v args bad='' nl
	for v in "${EDGE_VALUES[@]}"; do
		for args in "fps --duration 0.2 --fps" "convert --dt" \
		    "convert --decay-time" "analyze --dt" "analyze --hw" \
		    "analyze --zeta"; do
			# shellcheck disable=SC2086
			sim $args "$v"
			stderr_text
			nl=${STDERR_TEXT//[!$'\n']/}
			if [ "$status" -eq 2 ]; then
				[ ! -s "$OUT" ] && [ "${#nl}" -eq 1 ] &&
				    [[ $STDERR_TEXT == *"${args##* }"* ]] ||
					bad="$bad
  $args '$v': exit 2 but: $STDERR_TEXT"
			elif [ "$status" -ne 0 ]; then
				bad="$bad
  $args '$v': exit $status: $STDERR_TEXT"
			fi
		done
	done
	[ -z "$bad" ] || fail "edge cases that failed:$bad"
}

@test "--substep uniform at frame / H beyond a long (1 s at H = 1e-20) still takes the guard's 8 steps and loses the rest" {
	# it took one step of the whole frame: frame.c counted -1 steps
	local h
	for h in 1e-18 1e-20 1e-100; do
		sim --substep uniform --dt 1 --max-dt "$h" --frames 1 --metrics
		assert_status 0
		[ "$(metrics_field "$OUT" substeps)" = 8 ] ||
			fail_with "--max-dt $h: $(metrics_field "$OUT" substeps) substeps, want 8"
		[ "$(metrics_field "$OUT" lost_time)" = 1 ] ||
			fail_with "--max-dt $h: lost_time $(metrics_field "$OUT" lost_time), want 1"
	done
}

# ---- refused up front, and --force -----------------------------------------

@test "a run of days is refused up front, naming the flag and --force" {
	quick_usage_error --duration --force -- --duration 1e9 --dt 1e-9
	quick_usage_error --duration --force -- --duration 1e9 --dt 1e-9 --metrics
	quick_usage_error --frames 2000000000 --force -- --frames 2000000000
	quick_usage_error --duration --force -- --duration 1e8 --dt 0.01 \
	    --dt-jitter 0.5 --seed 1
	quick_usage_error --fps --force -- fps --fps 1e6,2e6 --duration 1e4
	quick_usage_error --signal-period --force -- --target-signal noise \
	    --signal-period 1e-9
	quick_usage_error --signal-period --force -- --target-signal square \
	    --signal-period 1e-3 --duration 1e6 --dt 1
	quick_usage_error --metrics --force -- --uaf 0.001 --dr 1 \
	    --target-signal noise --frames 10000000 --metrics
	quick_usage_error --fps --force -- fps --fps 100000,200000 --duration 400 \
	    --target-signal sine
}

@test "memory: a run whose kept frames would not fit is refused up front" {
	# --metrics with a moving target keeps t and x of every frame
	quick_usage_error --metrics "16 bytes" --force -- --frames 200000000 \
	    --metrics --target-signal sine
	# the trajectory alone streams: no limit but the frame count
	sim --frames 200000000 --target-signal sine -o "$BATS_TEST_TMPDIR/missing/x"
	assert_status 1
}

@test "--force takes the run past the refusals (it reaches the output)" {
	local out=$BATS_TEST_TMPDIR/missing/run.csv
	for args in "--duration 1e9 --dt 1e-9" "--frames 2000000000" \
	    "--target-signal noise --signal-period 1e-9" \
	    "--uaf 0.001 --dr 1 --target-signal noise --frames 10000000 --metrics" \
	    "--frames 200000000 --metrics --target-signal sine"; do
		# shellcheck disable=SC2086
		sim $args --force -o "$out"
		assert_status 1
		assert_stderr_has "cannot create"
	done
}

@test "--force does not take what cannot be counted" {
	quick_usage_error --duration "can count" -- --duration 1e100 --dt 1e-100 --force
	quick_usage_error --signal-period "too many" -- --target-signal noise \
	    --signal-period 1e-20 --force
}

# ---- the man page against --help --------------------------------------------

# flags mentioned (reserved, not an option of this version)
MAN_ONLY='--fail-if'

help_flags() {
	local c
	{
		"$SPRINGSIM" --help
		for c in run fps convert export analyze list sweep resonance tune fit; do
			"$SPRINGSIM" help "$c"
		done
		"$SPRINGSIM" --model quat --help
		"$SPRINGSIM" --model vector --help
		"$SPRINGSIM" --model pair --help
		"$SPRINGSIM" --model angular --help
		"$SPRINGSIM" --model chain --help
		"$SPRINGSIM" --model mesh --help
		"$SPRINGSIM" analyze --model chain --help
	} | grep -oE -- '(^|[][ (|,])(--[a-z][a-z0-9-]*|-[a-zA-Z](,| |$))' |
	    sed 's/^[^-]*//; s/[, ]$//' | sort -u
}

man_flags() {
	perl -ne 'while (/\bFl\s+(\\?-?[\\\-a-zA-Z0-9]+)/g) {
		my $f = $1; $f =~ s/\\-/-/g; print "-$f\n" }
	    while (/(?<![a-zA-Z0-9])\\-\\-([a-z][a-z0-9]*(?:\\-[a-z0-9]+)*)/g) {
		my $f = $1; $f =~ s/\\-/-/g; print "--$f\n" }' \
	    "$REPO/docs/springsim.1" | sort -u
}

@test "every flag of every --help is in the man page" {
	local missing
	missing=$(comm -23 <(help_flags) <(man_flags))
	[ -z "$missing" ] || fail "not in docs/springsim.1: ${missing//$'\n'/ }"
}

@test "every flag the man page names is in some --help (the options exist)" {
	local extra
	extra=$(comm -13 <(help_flags) <(man_flags) | grep -vxF -- "$MAN_ONLY" || true)
	[ -z "$extra" ] || fail "in docs/springsim.1 but in no --help: ${extra//$'\n'/ }"
}

# man_rules SECTION - the rule names the man page gives in SECTION:
# "integrator" (the --integrator entry's list), or the .It Cm entries of
# "UPDATE RULES" or "STABILITY".
man_rules() {
	awk -v want="$1" '
	    want == "integrator" && /^\.It Fl \\-integrator / { on = 1; next }
	    want == "integrator" && on && /^one of$/ { pr = 1; next }
	    want == "integrator" && pr && /^described in/ { exit }
	    want == "integrator" && pr && /^\.Cm / { print $2 }
	    want != "integrator" && /^\.Sh / { on = ($0 == ".Sh " want); next }
	    want != "integrator" && on && /^\.It Cm / { print $3 }' \
	    "$REPO/docs/springsim.1" | sed 's/\\-/-/g' | sort
}

@test "every rule springsim list gives is in the man page: --integrator, UPDATE RULES, STABILITY; and no other" {
	local want s
	want=$("$SPRINGSIM" list | awk '/^rules/ { on = 1; next } /^[^ ]/ { on = 0 }
	    on { print $1 }' | sort)
	[ "$(printf '%s\n' "$want" | wc -l)" -ge 8 ] || fail "list gives: $want"
	for s in integrator 'UPDATE RULES' STABILITY; do
		[ "$(man_rules "$s")" = "$want" ] ||
			fail "man page, $s: $(man_rules "$s" | tr '\n' ' '), list: $(tr '\n' ' ' <<<"$want")"
	done
}

# known_option FLAG - some command takes FLAG (it is not "unknown").
known_option() {
	local cmd
	for cmd in run fps convert export analyze sweep resonance tune fit; do
		sim "$cmd" "$1"
		stderr_text
		[[ $STDERR_TEXT == *"unknown option"* ]] || return 0
	done
	for cmd in quat vector chain mesh; do
		sim --model "$cmd" "$1"
		stderr_text
		[[ $STDERR_TEXT == *"unknown option"* ]] || return 0
	done
	sim analyze --model mesh "$1"
	stderr_text
	[[ $STDERR_TEXT == *"unknown option"* ]] || return 0
	# list refuses all but its one flag in words of its own
	sim list "$1"
	[ "$status" -ne 0 ] || return 0
	return 1
}

@test "the man page's flags are accepted by the program" {
	local f bad=''
	for f in $(man_flags | grep -vxF -- "$MAN_ONLY"); do
		known_option "$f" || bad="$bad $f"
	done
	[ -z "$bad" ] || fail "no command knows:$bad"
	# and the check can fail
	! known_option --no-such-flag || fail "--no-such-flag is known"
}
