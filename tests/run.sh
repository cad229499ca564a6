#!/bin/sh
# run.sh [-u] BUILD... - run the unit tests and the bats suites against
# each build directory and print one closing line, "N passed, N failed",
# the sum of every C check and every bats test.  Exits 1 if any failed.
# -u: the unit tests only.
# A cross build (make cross-build) holds a file "emulator", the command
# its unit tests run under; it has no CLI, so no bats run for it, and its
# unit tests must pass as many checks as a native build's given before it.
# A build holding a file "unit-only" (make portable-build) is run the
# same way, natively.
# The builds run at the same time, RUN_JOBS at once (default: the number
# of processors; the suites are serial, so one build alone keeps one core
# busy), each into its own log; the logs are then printed and counted in
# the order given, as if the builds had run one after another.
set -u
cd "$(dirname "$0")/.." || exit 1
unit_only=
[ "${1:-}" = -u ] && { unit_only=1; shift; }
[ $# -gt 0 ] || set -- build
jobs=${RUN_JOBS:-$(nproc 2>/dev/null || echo 1)}
logs=$(mktemp -d) || exit 1
trap 'rm -rf "$logs"' EXIT

# one_build BUILD DIR - BUILD's suites: DIR/unit (the unit tests' output),
# DIR/unit.rc, DIR/tap (bats), if any
one_build() {
	emulator=
	[ -f "$1/emulator" ] && emulator=$(cat "$1/emulator")
	# shellcheck disable=SC2086
	$emulator "$1/unit-tests" >"$2/unit" 2>&1
	echo $? >"$2/unit.rc"
	[ -z "$emulator" ] && [ ! -f "$1/unit-only" ] && [ -z "$unit_only" ] ||
		return 0
	SPRINGSIM="$PWD/$1/springsim" bats --tap tests/cli >"$2/tap" 2>&1
}

# start every build, at most $jobs at once (wait for the oldest)
builds="$*"
i=0
running=
for build in $builds; do
	i=$((i + 1))
	mkdir "$logs/$i"
	one_build "$build" "$logs/$i" &
	running="$running $!"
	# shellcheck disable=SC2086
	set -- $running
	if [ $# -ge "$jobs" ]; then
		wait "$1"
		shift
		running="$*"
	fi
done
wait

passed=0
failed=0
native=
i=0
for build in $builds; do
	i=$((i + 1))
	emulator= only=
	[ -f "$build/emulator" ] && emulator=$(cat "$build/emulator")
	[ -f "$build/unit-only" ] && only=$(cat "$build/unit-only")
	echo "== unit tests ($build${emulator:+, under $emulator}${only:+, $only})"
	out=$(cat "$logs/$i/unit")
	rc=$(cat "$logs/$i/unit.rc")
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
		if [ -z "$emulator" ] && [ -z "$only" ]; then
			[ -n "$native" ] || native=$p
		elif [ -n "$native" ] && [ "$p" -ne "$native" ]; then
			echo "unit tests ($build): $p passed, natively $native"
			failed=$((failed + 1))
		fi
	fi
	[ -f "$logs/$i/tap" ] || continue
	echo "== bats suites ($build)"
	tap=$(cat "$logs/$i/tap")
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
