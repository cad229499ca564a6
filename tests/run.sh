#!/bin/sh
# run.sh BUILD... - run the unit tests and the bats suites against each
# build directory and print one closing line, "N passed, N failed", the
# sum of every C check and every bats test.  Exits 1 if any failed.
set -u
cd "$(dirname "$0")/.." || exit 1
[ $# -gt 0 ] || set -- build
passed=0
failed=0
for build in "$@"; do
	echo "== unit tests ($build)"
	out=$("$build/unit-tests" 2>&1)
	rc=$?
	printf '%s\n' "$out" | tail -n 20
	line=$(printf '%s\n' "$out" | sed -n 's/^unit: \([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p')
	if [ -z "$line" ]; then
		echo "unit tests ($build) did not finish (status $rc)"
		failed=$((failed + 1))
	else
		p=${line% *}
		f=${line#* }
		passed=$((passed + p))
		failed=$((failed + f))
		[ "$rc" -eq 0 ] || [ "$f" -gt 0 ] || failed=$((failed + 1))
	fi
	echo "== bats suites ($build)"
	tap=$(SPRINGSIM="$PWD/$build/springsim" bats --tap tests/cli 2>&1)
	# the failures, and the tests skipped with their reasons
	printf '%s\n' "$tap" | awk '!/^ok / || / # skip/'
	p=$(printf '%s\n' "$tap" | grep -c '^ok ')
	f=$(printf '%s\n' "$tap" | grep -c '^not ok ')
	[ $((p + f)) -gt 0 ] || { echo "bats ran no test"; f=$((f + 1)); }
	echo "bats: $p passed, $f failed"
	passed=$((passed + p))
	failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
