#!/usr/bin/env bats
# errors.bats - every error path: exit status 2 for a usage error or bad
# input, exactly one line on stderr naming the flag and the value, nothing
# on stdout, and with -o FILE no file created and an existing one left
# byte for byte; exit status 1 and a message for an I/O failure.
bats_require_minimum_version 1.5.0
load helpers

# assert_output_untouched NEEDLE... -- ARGS... - ARGS (a usage error) with
# -o NEW (absent) creates nothing, with -o OLD (existing) leaves OLD as it
# was, and the directory holds nothing else afterwards (no temporary
# file).  -o comes first, so it is parsed before whatever is wrong.
assert_output_untouched() {
	local needles=() d=$BATS_TEST_TMPDIR/outdir
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		needles+=("$1")
		shift
	done
	shift
	rm -rf "$d"
	mkdir "$d"
	printf 'precious,1\n2,3\n' >"$d/old.csv"
	cp "$d/old.csv" "$BATS_TEST_TMPDIR/old.copy"
	assert_usage_error "${needles[@]}" -- -o "$d/new.csv" "$@"
	assert_usage_error "${needles[@]}" -- --output "$d/old.csv" "$@"
	cmp "$d/old.csv" "$BATS_TEST_TMPDIR/old.copy" || fail_with "-o OLD changed OLD"
	[ "$(ls -A "$d")" = old.csv ] || fail_with "left in the directory: $(ls -A "$d" | tr '\n' ' ')"
}

# bad_numbers FLAG [ARGS...] - FLAG with each malformed number: exit 2,
# one line naming FLAG and the value (quoted as given), nothing on
# stdout.
bad_numbers() {
	local flag=$1 v
	shift
	for v in '' abc 1x ' 1' 0x10 inf nan 1e999; do
		assert_usage_error "$flag" "'$v'" -- "$flag" "$v" "$@"
	done
}

@test "bad numbers: --stiffness" { bad_numbers --stiffness --damping 1; }
@test "bad numbers: --damping" { bad_numbers --damping --stiffness 1; }
@test "bad numbers: --uaf" { bad_numbers --uaf --dr 1; }
@test "bad numbers: --dr" { bad_numbers --dr --uaf 1; }
@test "bad numbers: --halflife" { bad_numbers --halflife --frequency 1; }
@test "bad numbers: --frequency" { bad_numbers --frequency --halflife 1; }
@test "bad numbers: --ck" { bad_numbers --ck --cd 1; }
@test "bad numbers: --cd" { bad_numbers --cd --ck 1; }
@test "bad numbers: --hz" { bad_numbers --hz --decay 0.5 --decay-time 1; }
@test "bad numbers: --decay" { bad_numbers --decay --hz 1 --decay-time 1; }
@test "bad numbers: --decay-time" { bad_numbers --decay-time --hz 1 --decay 0.5; }
@test "bad numbers: --mass" { bad_numbers --mass; }
@test "bad numbers: --x0" { bad_numbers --x0; }
@test "bad numbers: --v0" { bad_numbers --v0; }
@test "bad numbers: --target" { bad_numbers --target; }
@test "bad numbers: --target-vel" { bad_numbers --target-vel; }
@test "bad numbers: --dt" { bad_numbers --dt; }
@test "bad numbers: --duration" { bad_numbers --duration; }
@test "bad numbers: --frames" { bad_numbers --frames; }
@test "bad numbers: --precision" { bad_numbers --precision; }

@test "more malformed numbers: -inf, 1e, 1.2.3, 1,5, +-, 1e+, ., 1_000, a decimal comma" {
	local v
	for v in -inf 1e 1.2.3 '1,5' +- 1e+ . 1_000 '0,5' '1 ' 1d 1f 0b1 '1e1.5' '--1' '++1'; do
		assert_usage_error --dt "'$v'" -- --dt "$v"
	done
}

@test "plain decimal forms are accepted: +1, .5, 5., 1E-2, 2e+0, -0.5 as x0" {
	local v
	for v in +0.1 .05 1. 1E-2 2e+0 0.125e1; do
		sim --dt "$v" --frames 1
		assert_status 0
		assert_stderr_empty
	done
	sim --x0 -0.5 --frames 1
	assert_status 0
}

@test "malformed numbers leave -o files alone (a parameter, a time flag, a whole-number flag)" {
	assert_output_untouched --stiffness "'abc'" -- --stiffness abc --damping 1
	assert_output_untouched --dt "'1x'" -- --dt 1x
	assert_output_untouched --frames "'1e999'" -- --frames 1e999
	assert_output_untouched --precision "'nan'" -- --precision nan
	assert_output_untouched --x0 "'inf'" -- --x0 inf
}

@test "a value given as --flag=VALUE is checked the same way" {
	assert_usage_error --dt "'abc'" -- --dt=abc
	assert_usage_error --dt "'0'" -- --dt=0
}

@test "out-of-range values: exit 2, one line naming the flag and the value" {
	# NEEDLE(flag) NEEDLE(value) | ARGS...
	local flag val args
	while IFS='|' read -r flag val args; do
		# shellcheck disable=SC2086
		assert_usage_error "$flag" "'$val'" -- $args
	done <<-'EOF'
	--dt|0|--dt 0
	--dt|-1|--dt -1
	--dt|-0|--dt -0
	--duration|0|--duration 0
	--duration|-2|--duration -2
	--frames|0|--frames 0
	--frames|1.5|--frames 1.5
	--frames|-3|--frames -3
	--mass|0|--mass 0
	--mass|-2|--mass -2
	--stiffness|0|--stiffness 0 --damping 1
	--damping|-1|--damping -1 --stiffness 1
	--uaf|0|--uaf 0 --dr 1
	--dr|-1|--dr -1 --uaf 1
	--halflife|0|--halflife 0 --frequency 1
	--halflife|0|--halflife 0 --dr 1
	--dr|0|--halflife 1 --dr 0
	--frequency|0|--frequency 0 --halflife 1
	--ck|0|--ck 0 --cd 1
	--cd|-1|--cd -1 --ck 1
	--decay|1|--decay 1 --hz 1 --decay-time 1
	--decay|0|--decay 0 --hz 1 --decay-time 1
	--decay|2|--decay 2 --hz 1 --decay-time 1
	--decay-time|0|--decay-time 0 --hz 1 --decay 0.5
	--hz|0|--hz 0 --decay 0.5 --decay-time 1
	--precision|0|--precision 0
	--precision|18|--precision 18
	--x0|1e101|--x0 1e101
	--target-vel|-1e101|--target-vel -1e101
	EOF
}

@test "out-of-range values leave -o files alone" {
	assert_output_untouched --dt "'0'" -- --dt 0
	assert_output_untouched --decay "'1'" -- --hz 1 --decay 1 --decay-time 1
	assert_output_untouched --precision "'18'" -- --precision 18
}

@test "an out-of-range parameter's message shows the value as given" {
	# not the parsed double reprinted ('-0.10000000000000001')
	assert_usage_error --dr "'-0.1'" -- --uaf 1 --dr -0.1
}

@test "a run that would exceed the frame limit is refused, naming --duration and --dt" {
	assert_usage_error --duration --dt -- --duration 1e6 --dt 1e-6
}

@test "an unknown option: exit 2, one line naming it" {
	assert_usage_error "'--bogus'" -- --bogus
	assert_usage_error "'--bogus'" -- --dt 0.1 --bogus 3
	assert_usage_error "'-x'" -- -x
	assert_output_untouched "'--bogus'" -- --bogus
}

@test "a flag of another command: exit 2, one line naming the command that takes it" {
	local msg="springsim: --fail-if is a flag of sweep; see 'springsim help sweep'"
	assert_usage_error "$msg" -- --metrics --fail-if 'x>1'
	[ "$STDERR_TEXT" = "$msg"$'\n' ] || fail_with "stderr: $STDERR_TEXT"
	assert_usage_error "$msg" -- --fail-if='x>1'
	assert_usage_error "--hw is a flag of analyze; see 'springsim help analyze'" -- \
		convert --hw 0.5
	assert_usage_error "--duration is a flag of run; see 'springsim help run'" -- \
		analyze --duration 2
	assert_usage_error "--fps is a flag of run; see 'springsim help run'" -- \
		convert --fps 30
	assert_usage_error "--axis0 is a flag of --model quat; see 'springsim help quat'" -- \
		--axis0 1,0,0
	assert_usage_error "--trajectories is a flag of fps; see 'springsim help fps'" -- \
		sweep --trajectories
	assert_usage_error "--fail-if is a flag of sweep" -- fps --fps 30 --fail-if 'x>1'
	assert_usage_error "--max-rms is a flag of fit; see 'springsim help fit'" -- \
		tune --overshoot 0.1 --max-rms 0.1
	assert_usage_error "--overshoot is a flag of tune; see 'springsim help tune'" -- \
		fit --overshoot 0.1 -
	assert_usage_error "--grid is a flag of --model mesh; see 'springsim help mesh'" -- \
		--model quat --grid 3x3
	assert_usage_error "--settle is a flag of resonance" -- convert --settle 1
	assert_output_untouched "is a flag of sweep" -- --fail-if 'x>1'
	# the help it points to is that command's own
	sim help sweep
	assert_status 0
	grep -q -- '--fail-if' "$OUT" || fail_with "help sweep does not name --fail-if"
}

@test "an engine knob's flag given elsewhere is run's, as run's own flags are" {
	local knob
	# one knob of each kind: a switch, a number, a count, a range
	for knob in --clamp '--unity-max-speed 2' '--box2d-substeps=3' \
	    '--flutter-bounds 0:1'; do
		# shellcheck disable=SC2086 # the knob and its value: two words
		assert_usage_error "${knob%%[ =]*} is a flag of run; see 'springsim help run'" -- \
			analyze $knob
		# shellcheck disable=SC2086
		assert_usage_error "${knob%%[ =]*} is a flag of run" -- convert $knob
	done
	assert_usage_error "--unity-max-speed is a flag of run" -- \
		fit --unity-max-speed 2 -
	# run takes them (with their engine)
	sim --engine unity --unity-max-speed 2 --frames 2
	assert_status 0
}

@test "a flag no command takes is still an unknown option, an abbreviation too" {
	assert_usage_error "unknown option '--bogus-flag'" -- analyze --bogus-flag
	assert_usage_error "unknown option '--fail'" -- --fail 1
	assert_usage_error "unknown option '--trajectories-x'" -- fps --trajectories-x
}

@test "a missing value (--dt at the end): exit 2, one line naming the flag" {
	assert_usage_error --dt -- --dt
	assert_usage_error --model -- --model
	assert_usage_error -o -- -o
	assert_output_untouched --frames -- --frames
}

@test "two parameter groups: exit 2, one line naming every flag given" {
	assert_usage_error --uaf --dr --stiffness --damping -- --uaf 5 --dr 1 --stiffness 3 --damping 1
	assert_usage_error --ck --hz -- --ck 1 --cd 1 --hz 2 --decay 0.5 --decay-time 1
	assert_output_untouched --uaf --stiffness -- --uaf 5 --dr 1 --stiffness 3 --damping 1
}

@test "a missing partner: exit 2, one line naming the missing flag" {
	# given -> the partner(s) the message must name
	local need args
	while IFS='|' read -r need args; do
		# shellcheck disable=SC2086
		assert_usage_error "$need" -- $args
	done <<-'EOF'
	--dr|--uaf 5
	--damping|--stiffness 3
	--stiffness|--damping 3
	--cd|--ck 1
	--ck|--cd 1
	--frequency|--halflife 1
	--decay-time|--decay 0.5 --hz 2
	--decay|--hz 2 --decay-time 1
	--hz|--decay 0.5 --decay-time 1
	--uaf|--dr 0.3
	--halflife|--dr 0.3
	--decay-time|--hz 2 --mass 2
	EOF
	assert_output_untouched --dr -- --uaf 5
}

@test "--duration with --frames: exit 2, one line naming both" {
	assert_usage_error --duration --frames -- --duration 2 --frames 10
	assert_output_untouched --duration --frames -- --frames 10 --duration 2
}

@test "an unknown model or rule: exit 2, one line naming the flag and the name" {
	assert_usage_error --model "'nope'" -- --model nope
	assert_usage_error --integrator "'nope'" -- --integrator nope
	assert_usage_error --integrator "'Explicit'" -- --integrator Explicit
	assert_output_untouched --model "'nope'" -- --model nope
}

@test "--model implicit --integrator rk4 contradict: exit 2, one line naming both" {
	assert_usage_error --model implicit --integrator rk4 -- --model implicit --integrator rk4
	assert_output_untouched implicit rk4 -- --model implicit --integrator rk4
}

@test "an unknown subcommand: exit 2, one line naming it" {
	assert_usage_error "'frobnicate'" -- frobnicate
	assert_usage_error "'frobnicate'" -- frobnicate --dt 0.1
}

@test "an unexpected positional argument: exit 2, one line naming it" {
	assert_usage_error "'extra'" -- run extra
	assert_usage_error "'extra'" -- run --dt 0.1 extra
	assert_usage_error "'extra'" -- --dt 0.1 extra
	assert_output_untouched "'extra'" -- --dt 0.1 extra
}

@test "springsim list with an argument names the argument" {
	assert_usage_error "'extra'" -- list extra
}

@test "a usage error is the only thing on stderr even after valid flags, and no output was started" {
	# the error comes after flags that would otherwise produce output
	assert_usage_error "'--bogus'" -- --metrics --frames 5 --bogus
	assert_usage_error --precision -- --no-header --precision 99
}

# ---------------------------------------------------------------- I/O

@test "-o into a directory that does not exist: exit 1, one line naming the path, nothing on stdout" {
	sim -o /nonexistent-dir/x.csv
	assert_status 1
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has /nonexistent-dir/x.csv
}

@test "-o onto an existing directory: exit 1, a message, and no temporary file left" {
	local d=$BATS_TEST_TMPDIR/parent
	mkdir -p "$d/target.csv"
	sim -o "$d/target.csv"
	assert_status 1
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "$d/target.csv"
	[ "$(ls -A "$d")" = target.csv ] || fail_with "left behind: $(ls -A "$d" | tr '\n' ' ')"
	[ -z "$(ls -A "$d/target.csv")" ] || fail_with "wrote into the directory"
}

@test "stdout on a full device (/dev/full): exit 1 and a message on stderr" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c '"$SPRINGSIM" > /dev/full'
	[ "$status" -eq 1 ] || fail "exit status $status, want 1"
	[ "${#stderr_lines[@]}" -eq 1 ] || fail "want one line on stderr, got: $stderr"
	[[ $stderr == *"standard output"* ]] || fail "the message does not say what failed: $stderr"
	run --separate-stderr bash -c '"$SPRINGSIM" --metrics > /dev/full'
	[ "$status" -eq 1 ] || fail "--metrics: exit status $status, want 1"
	[ "${#stderr_lines[@]}" -eq 1 ] || fail "--metrics: want one line on stderr, got: $stderr"
}

@test "stdout on a full device with a long run (the buffer flushes mid-run): exit 1 and one message" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c '"$SPRINGSIM" --frames 20000 --dt 0.001 > /dev/full'
	[ "$status" -eq 1 ] || fail "exit status $status, want 1"
	[ "${#stderr_lines[@]}" -eq 1 ] || fail "want one line on stderr, got: $stderr"
}

@test "a flag without a value given one with =: exit 2, naming the flag" {
	assert_usage_error "--metrics takes no value" -- --metrics=1
	assert_usage_error "--no-header takes no value" -- --no-header=yes
}

@test "-o with an empty name is a usage error" {
	assert_usage_error "-o: ''" -- -o ''
}

@test "a value with a newline in it still gives a one-line message" {
	assert_usage_error "--x0" -- --x0 "$(printf '1\n2')"
}

@test "two missing-partner flags read 'need', one reads 'needs'" {
	assert_usage_error "--hz and --decay need --decay-time" -- --hz 2 --decay 0.5
	assert_usage_error "--stiffness needs --damping" -- --stiffness 2
}
