#!/usr/bin/env bats
# help.bats - --help, --version, `springsim list`, and the way a usage
# error points at the help.
bats_require_minimum_version 1.5.0
load helpers

# Every flag of the run command, long and short: run's table (flags.c)
# and the parameters', as the hidden `springsim list --flags` prints them.
run_flags() {
	"$SPRINGSIM" list --flags
}

# The flags springsim(1) names: .Fl entries and \-\-words.
man_flags() {
	perl -ne 'while (/\bFl\s+(\\?-?[\\\-a-zA-Z0-9]+)/g) {
		my $f = $1; $f =~ s/\\-/-/g; print "-$f\n" }
	    while (/(?<![a-zA-Z0-9])\\-\\-([a-z][a-z0-9]*(?:\\-[a-z0-9]+)*)/g) {
		my $f = $1; $f =~ s/\\-/-/g; print "--$f\n" }' \
	    "$BATS_TEST_DIRNAME/../../docs/springsim.1" | sort -u
}

# mentions FILE WORD - WORD appears in FILE as a whole word (--decay does
# not count inside --decay-time, --target not inside --target-vel).
mentions() {
	grep -qE -- "(^|[^-[:alnum:]])$2([^-[:alnum:]]|\$)" "$1"
}

@test "--help exits 0, prints the usage on stdout and nothing on stderr" {
	sim --help
	assert_status 0
	assert_stderr_empty
	[ "$(head -n 1 "$OUT" | cut -c 1-16)" = "usage: springsim" ] || fail_with "no usage line first"
}

@test "-h and 'help' print the same help as --help; 'run -h' and 'help run' as 'run --help'" {
	local d=$BATS_TEST_TMPDIR
	"$SPRINGSIM" --help >"$d/a"
	"$SPRINGSIM" -h >"$d/b"
	"$SPRINGSIM" help >"$d/c"
	"$SPRINGSIM" help --help >"$d/d"
	cmp "$d/a" "$d/b"
	cmp "$d/a" "$d/c"
	cmp "$d/a" "$d/d"
	"$SPRINGSIM" run --help >"$d/r1"
	"$SPRINGSIM" run -h >"$d/r2"
	"$SPRINGSIM" help run >"$d/r3"
	cmp "$d/r1" "$d/r2"
	cmp "$d/r1" "$d/r3"
	cmp -s "$d/a" "$d/r1" && fail "--help is run's whole flag reference again"
	true
}

# The commands main.c dispatches, and the models `springsim list` names.
COMMANDS='run fps analyze convert sweep resonance tune fit list help'
list_models() {
	"$SPRINGSIM" list | awk '/^models/ { on = 1; next } /^[^ ]/ { on = 0 }
	    on && /^  [^ ]/ { print $1 }'
}

@test "--help is short and names every command and every model" {
	local c m
	sim --help
	assert_status 0
	[ "$(nlines "$OUT")" -le 80 ] || fail_with "--help has $(nlines "$OUT") lines, want at most 80"
	awk 'length > 79 { exit 1 }' "$OUT" || fail_with "--help has a line over 79 columns"
	for c in $COMMANDS; do
		grep -qE "^  $c " "$OUT" || fail_with "--help does not list the command $c"
	done
	[ -n "$(list_models)" ] || fail "springsim list names no model"
	for m in $(list_models); do
		mentions "$OUT" "$m" || fail_with "--help does not name the model $m"
	done
	# where to look next: every help, the engines, the manual
	for m in 'springsim help run' 'springsim --model quat --help' \
	    'springsim --model vector --help' 'springsim --model chain --help' \
	    'springsim --model mesh --help' '--engine NAME' 'springsim list' \
	    'springsim(1)'; do
		grep -qF -- "$m" "$OUT" || fail_with "--help does not say: $m"
	done
	grep -q '3 a sweep --fail-if gate failed' "$OUT" ||
		fail_with "--help's exit statuses leave out 3"
}

@test "springsim help COMMAND is COMMAND --help, for every command" {
	local c d=$BATS_TEST_TMPDIR
	for c in $COMMANDS; do
		"$SPRINGSIM" "$c" --help >"$d/want" || fail "$c --help: status $?"
		sim help "$c"
		assert_status 0
		assert_stderr_empty
		cmp -s "$d/want" "$OUT" || fail_with "help $c is not $c --help"
	done
}

@test "springsim help MODEL is the model's page, which points at --model MODEL --help" {
	local m d=$BATS_TEST_TMPDIR
	for m in $(list_models); do
		"$SPRINGSIM" --model "$m" --help >"$d/want" || fail "--model $m --help: status $?"
		sim help "$m"
		assert_status 0
		assert_stderr_empty
		grep -q "^$m: a model, --model $m\$" "$OUT" || fail_with "help $m: not the model's page"
		grep -qF -- "springsim --model $m --help" "$OUT" ||
			fail_with "help $m does not point at --model $m --help"
	done
	# the models with a help of their own
	for m in quat vector pair angular chain mesh; do
		sim --model "$m" --help
		grep -q -- "^usage: springsim --model" "$OUT" ||
			fail_with "--model $m --help: not the model's own usage"
	done
}

@test "springsim help with an unknown name or two names: exit 2, one line" {
	sim help frobnicate
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "frobnicate" --help
	[ ! -s "$OUT" ] || fail_with "stdout not empty"
	sim help run fps
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "'fps'"
}

@test "fps, sweep, resonance and vector --help give their own flags and point at run's" {
	local args
	for args in "fps --help" "sweep --help" "resonance --help" \
	    "--model vector --help"; do
		# shellcheck disable=SC2086
		sim $args
		assert_status 0
		grep -qF 'springsim help run' "$OUT" || fail_with "$args: no pointer at springsim help run"
		# run's table is not repeated: its paragraph headings are absent
		grep -q '^Spring parameters' "$OUT" && fail_with "$args repeats run's flags"
		[ "$(nlines "$OUT")" -le 120 ] || fail_with "$args: $(nlines "$OUT") lines"
		grep -q '^Exit status' "$OUT" || fail_with "$args: no exit status"
	done
	true
}

@test "list --flags gives run's flags: long and short, each once, known to run" {
	local f
	sim list --flags
	assert_status 0
	assert_stderr_empty
	# a few of each family: run's own, the parameters', the letters
	for f in --model --integrator --dt --hitch --no-header --uaf --mass -o -h -V; do
		grep -qxF -- "$f" "$OUT" || fail_with "list --flags does not give $f"
	done
	[ -z "$(sort "$OUT" | uniq -d)" ] || fail_with "list --flags repeats: $(sort "$OUT" | uniq -d)"
	grep -vqE -- '^--?[a-zA-Z0-9-]+$' "$OUT" && fail_with "list --flags: a line not a flag"
	cd "$BATS_TEST_TMPDIR"	# --output 1 writes a file named 1
	for f in $(grep -- '^--' "$OUT"); do
		"$SPRINGSIM" "$f" 1 --frames 1 >/dev/null 2>"$BATS_TEST_TMPDIR/err" || true
		grep -q 'unknown option' "$BATS_TEST_TMPDIR/err" &&
			fail_with "list --flags gives $f, run does not know it"
	done
	true
}

@test "run --help mentions every flag of the run command" {
	local f
	sim run --help
	for f in $(run_flags); do
		mentions "$OUT" "$f" || fail_with "--help does not mention $f"
	done
}

@test "springsim(1) names every flag of the run command" {
	local missing
	missing=$(comm -23 <(run_flags | sort -u) <(man_flags))
	[ -z "$missing" ] || fail_with "not in docs/springsim.1: ${missing//$'\n'/ }"
}

@test "every --flag the help mentions is one the program accepts" {
	local f
	cd "$BATS_TEST_TMPDIR"	# --output 1 writes a file named 1
	# --help names run's flags, and sweep's --fail-if (its gates)
	{ "$SPRINGSIM" --help; "$SPRINGSIM" run --help; } >"$BATS_TEST_TMPDIR/both"
	for f in $(grep -oE -- '--[a-z][a-z0-9-]*' "$BATS_TEST_TMPDIR/both" |
	    sort -u); do
		sim "$f" 1
		if [ "$f" = --fail-if ]; then
			sim sweep --frames 1 "$f" 'diverged == 2'
			assert_status 0
		elif grep -q 'unknown option' "$ERR"; then
			fail_with "--help mentions $f, the program does not know it"
		fi
	done
}

@test "every --flag fps --help mentions is one fps accepts" {
	local f
	cd "$BATS_TEST_TMPDIR"
	sim fps --help
	assert_status 0
	for f in $(grep -oE -- '--[a-z][a-z0-9-]*' "$OUT" | sort -u); do
		sim fps --fps 30 "$f" 1
		if grep -q 'unknown option' "$ERR"; then
			fail_with "fps --help mentions $f, fps does not know it"
		fi
	done
}

@test "--help and run --help mention every rule" {
	local r args
	for args in --help "run --help"; do
		# shellcheck disable=SC2086
		sim $args
		for r in $RULES; do
			mentions "$OUT" "$r" || fail_with "$args does not mention $r"
		done
	done
}

@test "run --help describes every metric and the exit statuses" {
	local m
	sim run --help
	# the _v metrics are described as "_v alike"
	for m in max_err_x rms_err_x final_err_x _v overshoot settle_time energy_drift diverged; do
		grep -qw -- "$m" "$OUT" || fail_with "--help does not mention $m"
	done
	grep -q 'Exit status' "$OUT" || fail_with "--help does not give the exit statuses"
}

@test "--version and -V print 'springsim <version>' and exit 0" {
	local f
	for f in --version -V; do
		sim "$f"
		assert_status 0
		assert_stderr_empty
		[ "$(nlines "$OUT")" -eq 1 ] || fail_with "$f: want one line"
		grep -qE '^springsim [0-9]+\.[0-9]+(\.[0-9]+)?$' "$OUT" || fail_with "$f: not 'springsim <version>'"
	done
}

@test "springsim list exits 0 and lists the 8 rules, and only them, in the rules section" {
	sim list
	assert_status 0
	assert_stderr_empty
	awk '/^rules/ { on = 1; next } /^[^ ]/ { on = 0 } on { print $1 }' "$OUT" >"$BATS_TEST_TMPDIR/got"
	printf '%s\n' $RULES | sort >"$BATS_TEST_TMPDIR/want"
	sort "$BATS_TEST_TMPDIR/got" | cmp - "$BATS_TEST_TMPDIR/want" ||
		fail_with "the rules section is not the 8 rules: $(tr '\n' ' ' <"$BATS_TEST_TMPDIR/got")"
}

@test "springsim list gives each rule its textbook order (Euler forms 1, Verlet 2, RK4 4, exact)" {
	local r o
	sim list
	assert_status 0
	while read -r r o; do
		grep -qE "^ +$r +$o( |\$)" "$OUT" || fail_with "list does not give $r as $o"
	done <<-'EOF'
	explicit order 1
	semi-implicit order 1
	implicit order 1
	rigidbody order 1
	backward-euler order 1
	verlet order 2
	rk4 order 4
	exact exact
	EOF
}

@test "every rule that springsim list names is accepted by --integrator and --model" {
	local r
	for r in $("$SPRINGSIM" list | awk '/^rules/ { on = 1; next } /^[^ ]/ { on = 0 } on { print $1 }'); do
		sim --integrator "$r" --frames 1
		assert_status 0
		sim --model "$r" --frames 1
		assert_status 0
	done
}

@test "springsim list names the models, the 6 conventions with their flags, and the metrics" {
	local c m
	sim list
	assert_status 0
	awk '/^models/ { on = 1; next } /^[^ ]/ { on = 0 } on { print $1 }' "$OUT" | grep -qx spring ||
		fail_with "no model spring"
	while read -r c; do
		grep -qF -- "$c" "$OUT" || fail_with "list does not show: $c"
	done <<-'EOF'
	--stiffness and --damping
	--uaf and --dr
	--halflife and --frequency
	--dr and --halflife
	--ck and --cd
	--hz, --decay and --decay-time
	EOF
	for m in max_err_x rms_err_x final_err_x max_err_v rms_err_v final_err_v overshoot settle_time energy_drift diverged; do
		grep -qw -- "$m" "$OUT" || fail_with "list does not show the metric $m"
	done
}

@test "a usage error's message says how to get help (springsim help run)" {
	local args
	sim frobnicate
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "(see 'springsim --help')"
	while read -r args; do
		# shellcheck disable=SC2086
		sim $args
		assert_status 2
		assert_one_stderr_line
		assert_stderr_has "(see 'springsim help run')"
	done <<-'EOF'
	--bogus
	--dt
	run extra
	--uaf 5
	--uaf 5 --dr 1 --stiffness 3 --damping 1
	--duration 2 --frames 10
	--model nope
	--integrator nope
	--model implicit --integrator rk4
	EOF
}

# ------------------------------------------------------- writing the help

@test "--help onto a full device: exit 1 and a message" {
	# README, "Exit status": 1 on an I/O failure
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c '"$SPRINGSIM" --help > /dev/full'
	[ "$status" -eq 1 ] || fail "exit status $status, want 1"
	[ -n "$stderr" ] || fail "no message on stderr"
}

@test "--version onto a full device: exit 1 and a message" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c '"$SPRINGSIM" --version > /dev/full'
	[ "$status" -eq 1 ] || fail "exit status $status, want 1"
	[ -n "$stderr" ] || fail "no message on stderr"
}

@test "springsim list onto a full device: exit 1 and one message line" {
	[ -w /dev/full ] || skip "no /dev/full"
	run --separate-stderr bash -c '"$SPRINGSIM" list > /dev/full'
	[ "$status" -eq 1 ] || fail "exit status $status, want 1"
	[ "${#stderr_lines[@]}" -eq 1 ] || fail "want one message line on stderr, got: '$stderr'"
}

@test "the guide's examples are what the program prints" {
	local readme=$BATS_TEST_DIRNAME/../../docs/guide.md want
	want=$(awk '/^\$ springsim --model implicit --dt 0.033 --metrics$/ { f = 1; next }
	    f && /^```/ { exit } f' "$readme")
	[ -n "$want" ] || fail "no --metrics example in docs/guide.md"
	run "$SPRINGSIM" --model implicit --dt 0.033 --metrics
	assert_success
	assert_output "$want"
	want=$(awk '/^\$ springsim --model implicit --dt 0.033 \| head -4$/ { f = 1; next }
	    f && /^```/ { exit } f' "$readme")
	[ -n "$want" ] || fail "no trajectory example in docs/guide.md"
	run bash -c '"$SPRINGSIM" --model implicit --dt 0.033 | head -4'
	assert_success
	assert_output "$want"
}
