#!/usr/bin/env bats
# registry.bats - `springsim list --json`, the machine-readable registry
# (every command, flag, model, rule, engine and its knobs, dialect and
# column, from the program's own tables), held against what the program
# accepts and against springsim(1): each name it lists must work where
# it says, and the man page must name it.  The names are never pasted
# here: the tables are the one source, the program and the man page are
# what is checked.
bats_require_minimum_version 1.5.0
load helpers

MAN=$BATS_TEST_DIRNAME/../../docs/springsim.1

setup_file() {
	command -v jq >/dev/null || skip "jq is not installed (scripts/setup.sh installs it)"
	"$SPRINGSIM" list --json >"$BATS_FILE_TMPDIR/registry.json"
	# the page's words as it shows them: \- is a dash, Fl a flag's
	# first one (".It Fl \-clamp" shows --clamp)
	perl -pe 's/\\-/-/g; s/\bFl\s+/-/g' "$MAN" >"$BATS_FILE_TMPDIR/man.txt"
}

setup() {
	command -v jq >/dev/null || skip "jq is not installed (scripts/setup.sh installs it)"
	REG=$BATS_FILE_TMPDIR/registry.json
}

# q FILTER - jq -r FILTER over the registry, one value a line.
q() {
	jq -r "$1" "$REG"
}

# man_has WORD - springsim(1) shows WORD, as a whole word.
man_has() {
	grep -qE -- "(^|[^-[:alnum:]_])$1([^-[:alnum:]_]|\$)" \
	    "$BATS_FILE_TMPDIR/man.txt"
}

@test "list --json: exit 0, one JSON document, nothing on stderr" {
	sim list --json
	assert_status 0
	assert_stderr_empty
	jq -e . "$OUT" >/dev/null || fail_with "not JSON"
	[ "$(jq -r .version "$OUT")" = "$("$SPRINGSIM" --version | cut -d' ' -f2)" ] ||
		fail_with "version differs from --version"
	for k in commands flags models rules engines dialects columns signals policies; do
		[ "$(jq -r ".$k | type" "$OUT")" = array ] || fail_with "no array $k"
		[ "$(jq -r ".$k | length" "$OUT")" -gt 0 ] || fail_with "$k is empty"
	done
}

@test "list --json onto a full device: exit 1 and one message line" {
	[ -w /dev/full ] || skip "no /dev/full"
	run bash -c '"$SPRINGSIM" list --json >/dev/full'
	[ "$status" -eq 1 ] || fail_with "status $status"
	[ "${#lines[@]}" -eq 1 ] || fail_with "${#lines[@]} lines: $output"
}

@test "list --json takes no other argument: exit 2, one line, nothing on stdout" {
	sim list --json extra
	assert_status 2
	assert_stdout_empty
	[ "$(wc -l <"$ERR")" -eq 1 ] || fail_with "not one line"
}

@test "every command in the registry has its help, and springsim(1) names it" {
	local c n=0
	for c in $(q '.commands[].name'); do
		sim help "$c"
		assert_status 0
		man_has "$c" || fail_with "springsim(1) does not name command $c"
		n=$((n + 1))
	done
	[ "$n" -ge 9 ] || fail_with "only $n commands"
}

@test "every flag in the registry has a kind, help, and commands or models that take it" {
	local bad
	bad=$(q '.flags[] | select((.kind | type) != "string" or (.help | type) != "string"
	    or (.help | length) == 0
	    or ((.commands | length) == 0 and (.models | length) == 0)) | .flag')
	[ -z "$bad" ] || fail_with "incomplete rows: $bad"
	bad=$(q '.flags | group_by(.flag)[] | select(length > 1) | .[0].flag')
	[ -z "$bad" ] || fail_with "flags listed twice: $bad"
	bad=$(q '.flags[] | select(.min != null and .max != null and .min > .max) | .flag')
	[ -z "$bad" ] || fail_with "min above max: $bad"
}

@test "every run flag in the registry is in springsim(1) and in list --flags" {
	local f missing=
	for f in $(q '.flags[] | select(.commands | index("run")) | .flag'); do
		man_has "$f" || missing="$missing $f"
	done
	[ -z "$missing" ] || fail_with "not in springsim(1):$missing"
	missing=$(comm -13 <("$SPRINGSIM" list --flags | sort -u) \
	    <(q '.flags[] | select(.commands | index("run")) | .flag' | sort -u))
	[ -z "$missing" ] || fail_with "not in list --flags: $missing"
}

@test "every long flag run's getopt takes (list --flags) is a run flag of the registry" {
	# the other way round from the test above: --mass (the parameter
	# flags' mass), --factor and --ft (the damper's) were taken by run
	# and missing from list --json, or given to fit alone
	local missing
	missing=$(comm -23 <("$SPRINGSIM" list --flags | grep -- '^--' | sort -u) \
	    <(q '.flags[] | select(.commands | index("run")) | .flag' | sort -u))
	[ -z "$missing" ] || fail_with "taken by run, not a run flag in list --json: $missing"
	# and --mass is a number sweep varies, default 1, as run's help says
	[ "$(q '.flags[] | select(.flag == "--mass") | "\(.sweep) \(.default)"')" = "number 1" ] ||
		fail_with "--mass: $(q '.flags[] | select(.flag == "--mass")')"
	sim sweep --stiffness 100 --damping 10 --mass 1,2 --columns omega -q
	assert_status 0
	[ "$(wc -l <"$OUT")" -eq 3 ] || fail_with "sweep --mass 1,2: $(cat "$OUT")"
}

@test "a flag the registry gives to a command is one that command accepts" {
	local c f out
	# each command once with each of its flags and --help: a flag it does
	# not know fails before --help is looked at
	for c in $(q '.commands[].name'); do
		[ "$c" = help ] && continue
		[ "$c" = list ] && continue
		for f in $(q ".flags[] | select(.commands | index(\"$c\")) |
		    select(.argument == null) | .flag"); do
			out=$("$SPRINGSIM" "$c" "$f" --help 2>&1 >/dev/null) || true
			case $out in
			*"unknown option"*|*"not a flag of"*|*"is a flag of"*)
				fail_with "$c does not take $f: $out" ;;
			esac
		done
	done
}

@test "every model in the registry runs its own help, and runs with each of its rules" {
	local m r n=0
	for m in $(q '.models[].name'); do
		sim help "$m"
		assert_status 0
		for r in $(q ".models[] | select(.name == \"$m\") | .rules[]"); do
			sim --model "$m" --integrator "$r" --frames 2
			assert_status 0
			n=$((n + 1))
		done
	done
	[ "$n" -ge 40 ] || fail_with "only $n model rules"
}

@test "every rule in the registry runs with --integrator and is in springsim(1)" {
	local r
	for r in $(q '.rules[].name'); do
		sim --integrator "$r" --frames 2 --metrics
		assert_status 0
		man_has "$r" || fail_with "springsim(1) does not name rule $r"
	done
	[ "$(q '.rules | length')" -eq "$(echo $RULES | wc -w)" ] ||
		fail_with "the registry's rules are not the README's eight"
}

@test "every engine in the registry runs, and names its version and check" {
	local e
	for e in $(q '.engines[].name'); do
		sim --engine "$e" --frames 3
		assert_status 0
		man_has "$e" || fail_with "springsim(1) does not name engine $e"
	done
	bad=$(q '.engines[] | select((.version | length) == 0 or
	    (.checked | length) == 0 or (.library | length) == 0) | .name')
	[ -z "$bad" ] || fail_with "engines without version/check: $bad"
}

@test "every engine knob in the registry is a run flag for its engine alone" {
	local e k other
	for e in $(q '.engines[].name'); do
		for k in $(q ".engines[] | select(.name == \"$e\") | .knobs[].flag | values"); do
			q '.flags[].flag' | grep -qx -- "$k" ||
				fail_with "knob $k of $e is not in .flags"
			man_has "$k" || fail_with "springsim(1) does not name $k"
			# without any engine, the knob is refused, naming it
			other=$(q ".engines[] | select(.name != \"$e\") |
			    select([.knobs[].flag] | index(\"$k\") | not) | .name" | head -n 1)
			[ -n "$other" ] || continue
			if [ "$(q ".engines[] | select(.name == \"$e\") |
			    .knobs[] | select(.flag == \"$k\") | .argument")" = null ]; then
				sim --engine "$other" "$k" --frames 2
			else
				sim --engine "$other" "$k" 1 --frames 2
			fi
			[ "$status" -eq 2 ] || fail_with "$k taken with --engine $other"
			grep -q -- "$k" "$ERR" || fail_with "message does not name $k"
		done
	done
}

@test "every dialect in the registry has parameters with units and flags springsim(1) names" {
	local f bad
	bad=$(q '.dialects[] | select((.parameters | length) == 0) | .name')
	[ -z "$bad" ] || fail_with "dialects without parameters: $bad"
	bad=$(q '.dialects[].parameters[] | select((.unit | type) != "string") | .flag')
	[ -z "$bad" ] || fail_with "parameters without a unit: $bad"
	for f in $(q '.dialects[].parameters[].flag' | sort -u); do
		man_has "$f" || fail_with "springsim(1) does not name $f"
	done
}

@test "every column in the registry is a --columns name, described in springsim(1)" {
	local c bad
	for c in $(q '.columns[] | select(.engine | not) | .name'); do
		sim --frames 3 --metrics --columns "$c"
		assert_status 0
		[ "$(head -n 1 "$OUT")" = "$c" ] || fail_with "header of --columns $c"
		man_has "$c" || fail_with "springsim(1) does not describe $c"
	done
	for c in $(q '.columns[] | select(.engine) | .name'); do
		sim --engine springsim-exact --frames 3 --metrics --columns "$c"
		assert_status 0
		man_has "$c" || fail_with "springsim(1) does not describe $c"
	done
	bad=$(q '.columns[] | select((.help | length) == 0) | .name')
	[ -z "$bad" ] || fail_with "columns without help: $bad"
}

@test "the registry's run columns, in order, are the --metrics header" {
	local want
	want=$(q '[.columns[] | select(.engine | not) | .name] | join(",")')
	[ "$want" = "$METRICS_HEADER" ] || fail_with "registry: $want"
}

@test "the columns that may hold inf say what it means" {
	local bad
	bad=$(q '.columns[] | select(.inf != null and (.inf | length) == 0) | .name')
	[ -z "$bad" ] || fail_with "inf without a meaning: $bad"
	[ "$(q '.columns[] | select(.name == "settle_time") | .inf | type')" = string ] ||
		fail_with "settle_time's inf is not explained"
}

@test "every signal and substep policy in the registry is accepted" {
	local s
	for s in $(q '.policies[].name'); do
		sim --substep "$s" --frames 2
		assert_status 0
	done
	for s in $(q '.signals[].name'); do
		[ "$s" = file ] && continue
		sim --target-signal "$s" --frames 2
		assert_status 0
	done
}

@test "springsim(1)'s engine list is the registry's (scripts/man-lists.sh --check)" {
	run sh "$BATS_TEST_DIRNAME/../../scripts/man-lists.sh" "$SPRINGSIM" --check
	[ "$status" -eq 0 ] || fail_with "$output"
}

@test "the guide's engines table has a row for every engine and no other" {
	local guide=$BATS_TEST_DIRNAME/../../docs/guide.md rows want
	rows=$(awk '/^\| engine \| how it steps/ { t = 1; next }
	    t && /^\|---/ { next } t && /^\|/ { split($0, c, "|");
	    gsub(/ /, "", c[2]); print c[2]; next } t { exit }' "$guide")
	want=$(q '.engines[].name')
	[ "$rows" = "$want" ] || fail_with "guide: $(echo $rows); registry: $(echo $want)"
}
