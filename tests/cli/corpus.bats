#!/usr/bin/env bats
# corpus.bats - the output corpus: every command of tests/corpus/commands.txt
# (each subcommand and model, their errors and --help) must print, byte for
# byte, the stdout, stderr, exit status and -o file recorded in
# tests/corpus/expected/ (tests/corpus/run.sh's records), so that a
# rewrite of the CLI changes no output unnoticed.  One test per group of
# commands.txt.  A failure names the first command whose output differs
# and shows the diff of its record; tests/corpus/record.sh re-records,
# only for an intended change (see there).

load helpers

CORPUS=$BATS_TEST_DIRNAME/../corpus

# record N FILE - the N-th record (from 1) of a records file
record() {
	awk -v n="$1" '/^### / { i++ } i == n' "$2"
}

# check_group GROUP - run GROUP's commands and compare with expected/
check_group() {
	local group=$1 want=$CORPUS/expected/$1.txt
	local got=$BATS_TEST_TMPDIR/$1.txt n count cmd
	[ -f "$want" ] || fail "no $want: record it (tests/corpus/record.sh)"
	bash "$CORPUS/run.sh" "$SPRINGSIM" "$group" >"$got" ||
		fail "tests/corpus/run.sh failed on group $group"
	cmp -s "$want" "$got" && return 0
	# the first record that differs, and how many do
	read -r n count < <(awk '
	    FNR == 1 { f++ }
	    /^### / { i[f]++ }
	    { r[f, i[f]] = r[f, i[f]] $0 "\n" }
	    END {
		m = i[1] > i[2] ? i[1] : i[2]
		for (k = 1; k <= m; k++)
			if (r[1, k] != r[2, k]) { if (!first) first = k; c++ }
		print first + 0, c + 0
	    }' "$want" "$got")
	[ "$n" -gt 0 ] || fail "group $group: the records differ before the first command"
	cmd=$(record "$n" "$got" | head -n 1)
	[ -n "$cmd" ] || cmd=$(record "$n" "$want" | head -n 1)
	{
		printf 'group %s: %s of %s commands differ from tests/corpus/expected/%s.txt\n' \
		    "$group" "$count" "$(grep -c '^### ' "$want")" "$group"
		printf 'first: springsim %s\n' "${cmd#'### '}"
		printf -- '-- diff (expected, got) --\n'
		diff -u --label expected --label got <(record "$n" "$want") \
		    <(record "$n" "$got") | head -n 60
		printf -- '--\n'
	} | fail
}

@test "corpus: help" { check_group help; }
@test "corpus: list" { check_group list; }
@test "corpus: run" { check_group run; }
@test "corpus: models" { check_group models; }
@test "corpus: dialects" { check_group dialects; }
@test "corpus: signals" { check_group signals; }
@test "corpus: substeps" { check_group substeps; }
@test "corpus: frames" { check_group frames; }
@test "corpus: quat" { check_group quat; }
@test "corpus: vector" { check_group vector; }
@test "corpus: systems" { check_group systems; }
@test "corpus: networks" { check_group networks; }
@test "corpus: errors" { check_group errors; }
@test "corpus: fps" { check_group fps; }
@test "corpus: analyze" { check_group analyze; }
@test "corpus: convert" { check_group convert; }
@test "corpus: sweep" { check_group sweep; }
@test "corpus: resonance" { check_group resonance; }

@test "corpus: a test for every group of commands.txt, and its expected file" {
	local groups tested files
	# the groups in commands.txt's order, the tests' in this file's
	groups=$(sed -n 's/^## //p' "$CORPUS/commands.txt" | tr '\n' ' ')
	tested=$(sed -n 's/^@test .*{ check_group \([^ ;]*\); }$/\1/p' \
	    "$BATS_TEST_FILENAME" | tr '\n' ' ')
	[ "$groups" = "$tested" ] ||
		fail "commands.txt's groups: $groups; corpus.bats tests: $tested"
	files=$(cd "$CORPUS/expected" && printf '%s\n' *.txt | sed 's/\.txt$//' |
	    sort | tr '\n' ' ')
	tested=$(tr ' ' '\n' <<<"$groups" | sed '/^$/d' | sort | tr '\n' ' ')
	[ "$files" = "$tested" ] ||
		fail "tests/corpus/expected/ holds: $files; commands.txt's groups: $tested"
}
