#!/usr/bin/env bats
# contract.bats - the random-argv contract checker (tests/contract/run.sh)
# on a bounded number of cases from a fixed seed: every command, model
# and engine, drawn from `springsim list --json`, must exit 0, 1, 2 or 3,
# on 2 with one stderr line and nothing on stdout or on disk, never print
# nan, and print inf only where springsim(1) says it may (make contract
# and make fuzz run more cases).  Also: the checker itself catches a
# broken contract, and the man page's inf list is the registry's.
bats_require_minimum_version 1.5.0
load helpers

ROOT=$BATS_TEST_DIRNAME/../..
# a sanitizer build runs two to three times slower: more time per case
case $SPRINGSIM in
*build-san/* | *build-tsan/*) export CONTRACT_TIMEOUT=30 ;;
esac

setup() {
	command -v jq >/dev/null || skip "jq is not installed (scripts/setup.sh installs it)"
	command -v timeout >/dev/null || skip "no timeout(1)"
}

@test "300 random argv from seed 41 keep the CLI contract (known defects aside)" {
	run sh "$ROOT/tests/contract/run.sh" "$SPRINGSIM" 300 41
	[ "$status" -eq 0 ] || fail_with "$(printf '%s\n' "$output" | grep -v '^KNOWN')"
	assert_line --regexp '^contract: 300 cases, [0-9]+ known failures, 0 new failures$'
}

# a springsim that breaks the contract where told (BROKEN), the real one
# otherwise
fake() {
	local f=$BATS_TEST_TMPDIR/springsim
	cat >"$f" <<-EOS
	#!/bin/sh
	case "\$1" in
	list|--integrator) exec "$SPRINGSIM" "\$@" ;;
	esac
	case "$1" in
	nan) echo omega=nan ;;
	inf) printf 'a,max_err_x\n1,inf\n' ;;
	twolines) echo "springsim: first" >&2; echo "springsim: bad" >&2; exit 2 ;;
	partial) for a; do [ "\$p" = 1 ] && echo x >"\$a"; p=0
		[ "\$a" = -o ] && p=1; done; echo "springsim: bad" >&2; exit 2 ;;
	signal) kill -SEGV \$\$ ;;
	esac
	EOS
	chmod +x "$f"
	FAKE=$f
}

@test "the checker reports nan, an undocumented inf, two stderr lines, a left file, a signal" {
	local what
	for what in nan inf twolines partial signal; do
		fake "$what"
		run sh "$ROOT/tests/contract/run.sh" "$FAKE" 20 41
		[ "$status" -eq 1 ] || fail_with "$what: status $status: $output"
		case $what in
		nan) assert_line --regexp '^FAIL nan omega: springsim( |$)' ;;
		inf) assert_line --regexp '^FAIL inf max_err_x: springsim( |$)' ;;
		twolines) assert_line --regexp '^FAIL stderr exit 2 with 2 stderr lines' ;;
		partial) assert_line --regexp '^FAIL file exit 2 left out.csv.*-o out.csv' ;;
		signal) assert_line --regexp '^FAIL signal signal 11: springsim' ;;
		esac
	done
}

@test "the same seed draws the same cases" {
	fake nan
	run sh "$ROOT/tests/contract/run.sh" "$FAKE" 15 7
	local first=$output
	run sh "$ROOT/tests/contract/run.sh" "$FAKE" 15 7
	[ "$output" = "$first" ] || fail_with "two runs differ"
	run sh "$ROOT/tests/contract/run.sh" "$FAKE" 15 8
	[ "$output" != "$first" ] || fail_with "seeds 7 and 8 drew the same"
}

@test "every known failure is keyed to a defect of issue 40 or 41" {
	run awk -F '\t' '!/^#/ && NF && ($1 !~ /^4[01]\.[0-9]+$/ || NF < 3)' \
	    "$ROOT/tests/contract/known-failures"
	[ -z "$output" ] || fail_with "not keyed: $output"
}

@test "springsim(1)'s inf list is the registry's and docs/inf-columns (man-lists.sh --check)" {
	run sh "$ROOT/scripts/man-lists.sh" "$SPRINGSIM" --check
	[ "$status" -eq 0 ] || fail_with "$output"
	# every column with an inf text is named between the markers
	local col
	for col in $("$SPRINGSIM" list --json | jq -r '.columns[] | select(.inf) | .name') \
	    $(awk -F '\t' '!/^#/ && NF >= 3 { print $1 }' "$ROOT/docs/inf-columns"); do
		sed -n '/^\.\\" BEGIN inf$/,/^\.\\" END inf$/p' "$ROOT/docs/springsim.1" |
		    grep -qx ".It Cm $col" || fail_with "$col is not in the list"
	done
}
