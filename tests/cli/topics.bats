#!/usr/bin/env bats
# topics.bats - `springsim help NAME` for every engine, rule, model and
# dialect (issue 40, item 4), "did you mean" on a typo (item 5), and the
# exit statuses said the same way in --help and springsim(1) (item 8).
# The names and each one's flags are read from `springsim list --json`,
# not from the pages tested.
bats_require_minimum_version 1.5.0
load helpers

setup() {
	command -v jq >/dev/null || skip "no jq"
	LIST=$BATS_TEST_TMPDIR/list.json
	"$SPRINGSIM" list --json >"$LIST"
}

# mentions FILE WORD - WORD appears in FILE as a whole word.
mentions() {
	grep -qE -- "(^|[^-[:alnum:]])$2([^-[:alnum:]]|\$)" "$1"
}

# check_page KIND NAME FLAG... - `help NAME` exits 0 with nothing on
# stderr, has a paragraph "NAME: a KIND", mentions every FLAG, says what
# it is checked against, and its example runs (exit 0, and a --metrics
# example of one spring prints one header and one row).
check_page() {
	local kind=$1 name=$2 f ex
	shift 2
	sim help "$name"
	assert_status 0
	assert_stderr_empty
	grep -qE "^$name: an? $kind" "$OUT" || fail_with "help $name: no '$name: a $kind' paragraph"
	for f in "$@"; do
		mentions "$OUT" "$f" || fail_with "help $name does not mention $f"
	done
	# the paragraph of this kind: its fields up to the next blank line
	awk -v h="^$name: an? $kind" '$0 ~ h { on = 1 } on && /^$/ { exit }
	    on' "$OUT" >"$BATS_TEST_TMPDIR/para"
	grep -q '^  checked  ' "$BATS_TEST_TMPDIR/para" || fail_with "help $name ($kind): no 'checked'"
	# the example, its wrapped lines joined
	ex=$(awk '/^  example / { on = 1; sub(/^  example +springsim /, "");
	    printf "%s", $0; next } on && /^               *[^ ]/ {
	    sub(/^ +/, " "); printf "%s", $0; next } { on = 0 }' \
	    "$BATS_TEST_TMPDIR/para")
	[ -n "$ex" ] || fail_with "help $name ($kind): no example"
	# shellcheck disable=SC2086
	"$SPRINGSIM" $ex >"$BATS_TEST_TMPDIR/ex" 2>"$BATS_TEST_TMPDIR/exerr" ||
		fail "help $name ($kind): example 'springsim $ex' exits $?: $(cat "$BATS_TEST_TMPDIR/exerr")"
	if [[ $ex == *--metrics* && $kind != model ]]; then
		[ "$(nlines "$BATS_TEST_TMPDIR/ex")" -eq 2 ] ||
			fail "help $name: example 'springsim $ex' prints $(nlines "$BATS_TEST_TMPDIR/ex") lines, want 2"
	fi
	awk 'length > 79 { exit 1 }' "$OUT" || fail_with "help $name: a line over 79 columns"
}

@test "help ENGINE for every engine: how it steps, its knobs, checked against, an example that runs" {
	local e n=0
	for e in $(jq -r '.engines[].name' "$LIST"); do
		# shellcheck disable=SC2046
		check_page engine "$e" $(jq -r --arg e "$e" \
		    '.engines[] | select(.name == $e) | .knobs[] | .flag // .option' "$LIST")
		n=$((n + 1))
	done
	[ "$n" -ge 16 ] || fail "only $n engines"
	# the library's own words, read from its row
	sim help unity
	grep -qF -- '--unity-max-speed' "$OUT" || fail_with "help unity: no --unity-max-speed"
	grep -q 'maxSpeed' "$OUT" || fail_with "help unity: no maxSpeed"
	sim help react-spring
	grep -q 'react-spring: an engine' "$OUT" || fail_with "help react-spring: no engine"
	grep -qF -- '--react-tension' "$OUT" || fail_with "help react-spring: no example in its dialect"
}

@test "help RULE for every rule: its summary, order, checked against, an example that runs" {
	local r summary
	for r in $(jq -r '.rules[].name' "$LIST"); do
		check_page 'update rule' "$r" --integrator
		summary=$(jq -r --arg r "$r" '.rules[] | select(.name == $r) | .summary' "$LIST")
		# the summary is wrapped: its first three words
		grep -qF -- "$(cut -d' ' -f1-3 <<<"$summary")" "$OUT" ||
			fail_with "help $r does not give its summary"
	done
	sim help implicit
	grep -qE '^  order +1 ' "$OUT" || fail_with "help implicit: not order 1"
	sim help rk4
	grep -qE '^  order +4 ' "$OUT" || fail_with "help rk4: not order 4"
}

@test "help RULE for every rule of every model (damper's lerp, the chain's impulse): examples that run" {
	local m r ex
	for m in $(jq -r '.models[].name' "$LIST"); do
		for r in $(jq -r --arg m "$m" '.models[] | select(.name == $m) | .rules[]' "$LIST"); do
			sim help "$r"
			assert_status 0
			assert_stderr_empty
			grep -q "^$r: an update rule" "$OUT" || fail_with "help $r: no rule paragraph"
		done
	done
	# every example of the pages of lerp and impulse runs
	for r in lerp impulse; do
		sim help "$r"
		while read -r ex; do
			# shellcheck disable=SC2086
			"$SPRINGSIM" $ex >/dev/null 2>&1 || fail "help $r: 'springsim $ex' exits $?"
		done < <(awk '/^  example / { sub(/^  example +springsim /, ""); print }' "$OUT")
	done
}

@test "help MODEL for every model: its rules, its own flags, checked against, an example that runs" {
	local m
	for m in $(jq -r '.models[].name' "$LIST"); do
		# shellcheck disable=SC2046
		check_page model "$m" $(jq -r --arg m "$m" '
		    (.models[] | select(.name == $m) | .owns[]),
		    (.flags[] | select(.models | index($m)) | .flag)' "$LIST" |
		    grep -vxE -- '--(help|version|output)' | sort -u)
		for r in $(jq -r --arg m "$m" '.models[] | select(.name == $m) | .rules[]' "$LIST"); do
			mentions "$OUT" "$r" || fail_with "help $m does not name its rule $r"
		done
		grep -qF -- "springsim --model $m --help" "$OUT" || fail_with "help $m: no pointer at its --help"
	done
	# a flag of the chain alone is not the pair's
	sim help pair
	mentions "$OUT" --summary && fail_with "help pair names the chain's --summary"
	sim help chain
	mentions "$OUT" --summary || fail_with "help chain does not name --summary"
}

@test "help DIALECT for every dialect: its parameters, engines, an example that runs" {
	local d
	for d in $(jq -r '.dialects[].name' "$LIST"); do
		# shellcheck disable=SC2046
		check_page 'parameter dialect' "$d" $(jq -r --arg d "$d" \
		    '.dialects[] | select(.name == $d) | .parameters[].flag' "$LIST")
	done
}

@test "springsim --help names every engine of the table" {
	local e
	sim --help
	assert_status 0
	for e in $(jq -r '.engines[].name' "$LIST"); do
		mentions "$OUT" "$e" || fail_with "--help does not name the engine $e"
	done
}

@test "help with a name of nothing: exit 2, one line, a suggestion when one is near" {
	sim help unty
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "'unty'" "did you mean unity?"
	sim help zzzzzz
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "'springsim list' shows them"
}

# suggests WANT ARGS... - ARGS is a usage error (exit 2, one stderr line,
# nothing on stdout) saying "did you mean WANT?".
suggests() {
	local want=$1
	shift
	sim "$@"
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "did you mean $want?"
}

@test "a typo of a flag, model, rule, engine, column, metric or command: did you mean" {
	suggests --model --modle spring
	suggests --metrics --metrcs
	suggests --unity-max-speed --engine unity --unity-max-sped 3
	suggests implicit --model implict
	suggests implicit --integrator implict
	suggests rk4 --integrator rk5
	suggests react-spring --engine reactspring
	suggests unity --engine untiy
	suggests max_err_x --metrics --columns max_er_x
	suggests settle_time sweep --frames 5 --fail-if 'setle_time > 1'
	suggests fps fsp --fps 30
	suggests --fps fps --fsp 30
	suggests explicit analyze --integrator explict
}

@test "a name far from every name gets no suggestion, and the old hint" {
	sim --model zzzzzzzz
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "'springsim list' shows them"
	[[ $(cat "$ERR") != *"did you mean"* ]] || fail_with "a suggestion for zzzzzzzz"
	sim --zzzzzzzz 1
	assert_status 2
	assert_one_stderr_line
	[[ $(cat "$ERR") != *"did you mean"* ]] || fail_with "a suggestion for --zzzzzzzz"
}

@test "a flag of another command or model names it, and its help" {
	sim --metrics --fail-if 'diverged == 1'
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "--fail-if is a flag of sweep" "springsim help sweep"
	sim --summary
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "--summary is a flag of --model chain" "springsim help chain"
	sim --m1 2
	assert_stderr_has "--m1 is a flag of --model pair"
	sim --q0 1,0,0,0
	assert_stderr_has "--q0 is a flag of --model quat" "springsim help quat"
}

@test "a usage error points to the help of the command (or model) run" {
	local args want
	while IFS='|' read -r want args; do
		# shellcheck disable=SC2086
		sim $args
		assert_status 2
		assert_one_stderr_line
		assert_stderr_has "(see 'springsim help $want')"
	done <<-'EOF'
	run|--bogus
	run|--dt
	fps|fps --bogus
	sweep|sweep --bogus
	tune|tune --bogus
	fit|fit --bogus
	quat|--model quat --bogus
	chain|--model chain --bogus
	mesh|--model mesh --bogus
	EOF
	sim frobnicate
	assert_stderr_has "(see 'springsim --help')"
}

@test "an unknown short option in a cluster is named itself, not the argument before" {
	sim --metrics -qh
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "'-q'"
	[[ $(cat "$ERR") != *--metrics* ]] || fail_with "blames --metrics"
	sim --metrics -hq
	assert_status 0	# -h first: the help
	sim --frames 3 -Vq
	assert_status 0
}

# The statuses --help gives: "N meaning" for each, up to "(" or ",".
help_statuses() {
	"$SPRINGSIM" --help | awk '/^Exit status:/ { on = 1 } on { print }
	    on && /\.$/ { exit }' | tr '\n' ' ' | sed 's/^Exit status: //' |
	    grep -oE '(^|, )[0-9] [^,(]*' | sed -E 's/^, //; s/[ .]+$//'
}

# The statuses springsim(1)'s EXIT STATUS gives: each .It N, then the
# words of its text up to the first ':' ';' '(' or '.', macros dropped.
man_statuses() {
	awk '/^\.Sh EXIT STATUS/ { on = 1; next } on && /^\.Sh/ { exit }
	    on && /^\.El/ { exit }
	    on && /^\.It [0-9]/ { if (n != "") print n " " t; n = $2; t = ""
		next }
	    on && n != "" { line = $0
		if (line ~ /^\.(Pf|Pq|Sx)/) next
		sub(/^\.(Cm|Fl|Nm) /, "", line); gsub(/\\-/, "-", line)
		if ($0 ~ /^\.Fl /) line = "-" line
		t = t (t == "" ? "" : " ") line }
	    END { if (n != "") print n " " t }' \
	    "$BATS_TEST_DIRNAME/../../docs/springsim.1" |
	    sed -E 's/[,:;(.].*//; s/ +$//' | awk '{ $2 = tolower(substr($2, 1, 1)) substr($2, 2); print }'
}

@test "--help and springsim(1) give the same exit statuses, each with the same meaning" {
	local h m
	h=$(help_statuses)
	m=$(man_statuses)
	[ -n "$h" ] || fail "no exit statuses in --help"
	[ "$(wc -l <<<"$h")" -eq 4 ] || fail "--help gives $(wc -l <<<"$h") statuses: $h"
	[ "$h" = "$m" ] || fail "--help says:
$h
springsim(1) says:
$m"
	# the old wording that read a missing input as an I/O failure
	sim --help
	grep -q 'I/O failure' "$OUT" && fail_with "--help still says 'I/O failure'"
	# and the code: a missing input file is 2, as both say
	sim --target-file "$BATS_TEST_TMPDIR/none.csv"
	assert_status 2
	assert_one_stderr_line
}

@test "every command's --help gives the same exit status wording" {
	local c
	for c in run fps analyze convert sweep resonance tune fit; do
		sim "$c" --help
		grep -q '^Exit status: 0 success, 1 an output or system failure' "$OUT" ||
			fail_with "$c --help: not the one wording of the exit statuses"
	done
}
