#!/bin/sh
# tsan.sh TSAN_BIN BIN - sweep's threads under ThreadSanitizer: each
# invocation run by TSAN_BIN (built with -fsanitize=thread: make tsan)
# must exit with the status expected, report no race, and write what
# BIN (the plain build) writes, byte for byte.  The runs cover both
# passes (the check before a device, none before a file), more threads
# than cores and than slots, shards, gates, a configuration that is no
# valid run (found by the check, or in the main pass with a file), and
# sweeps too small for every thread to get a block.  Prints a line per
# invocation and a closing count; exits 1 on any failure.
set -u
tbin=${1:-build-tsan/springsim}
bin=${2:-build/springsim}
for b in "$tbin" "$bin"; do
	[ -x "$b" ] || { echo "tsan.sh: no $b (make tsan builds both)" >&2; exit 1; }
done
# TSan's runtime refuses some kernels' address-space layouts ("unexpected
# memory mapping", with many bits of mmap randomisation): then without
# randomisation (setarch -R), as its authors advise
run=
if ! "$tbin" --version >/dev/null 2>&1; then
	if setarch "$(uname -m)" -R "$tbin" --version >/dev/null 2>&1; then
		run="setarch $(uname -m) -R"
		echo "tsan.sh: $tbin runs only without address randomisation:" \
		    "$run"
	else
		echo "tsan.sh: $tbin does not start:" >&2
		"$tbin" --version >&2
		exit 1
	fi
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
# a race is an error (exit status 66), said once, with both stacks
TSAN_OPTIONS="halt_on_error=1 exitcode=66 second_deadlock_stack=1"
export TSAN_OPTIONS

# verdict SAME LABEL - the invocation's outcome, counted and said: it
# passes when it exited $want ($got), reported no race, and SAME is 0
# (its output was the plain build's)
verdict() {
	if [ "$got" -eq "$want" ] && ! grep -q ThreadSanitizer "$tmp/err" &&
	    [ "$1" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok   $2"
	else
		failed=$((failed + 1))
		echo "FAIL $2 (status $got, want $want)"
		head -n 60 "$tmp/err"
	fi
}

# check STATUS ARGS... - springsim ARGS under TSan must exit STATUS, say
# nothing of a race, and print what BIN does (stdout and stderr).
check() {
	want=$1
	shift
	$run "$tbin" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	"$bin" "$@" >"$tmp/want" 2>"$tmp/want-err"
	cmp -s "$tmp/out" "$tmp/want" && cmp -s "$tmp/err" "$tmp/want-err"
	verdict $? "$*"
}

# check_file STATUS ARGS... - the same with -o a file, the files compared
# (or neither written)
check_file() {
	want=$1
	shift
	rm -f "$tmp/a.csv" "$tmp/b.csv"
	$run "$tbin" "$@" -o "$tmp/a.csv" >"$tmp/out" 2>"$tmp/err"
	got=$?
	"$bin" "$@" -o "$tmp/b.csv" >/dev/null 2>&1
	{ [ ! -e "$tmp/b.csv" ] && [ ! -e "$tmp/a.csv" ]; } ||
	    cmp -s "$tmp/a.csv" "$tmp/b.csv"
	verdict $? "$* -o FILE"
}

grid="--uaf 1:100:40log --dr 0:2:50 --dt 0.02 --frames 50 -q"
for j in 1 2 3 8 16; do
	check 0 sweep $grid -j $j
	check_file 0 sweep $grid -j $j
done
# fewer configurations than threads, than blocks, than one block
check 0 sweep --uaf 1:10:3 --dr 0:1:2 -j 8 -q
check 0 sweep --uaf 1:10:70 --dr 0.5 -j 4 -q
check_file 0 sweep --uaf 2 --dr 0.3 -j 8 -q
# every rule, the moving target, shards, the identity columns
check 0 sweep --integrator all --uaf 1:50:20log --dr 0:1:5 -j 3 -q
# keyed flags last: the keys come back, each worker's kept setups
check 0 sweep --uaf 1:50:20log --dr 0:1:5 --dt 0.01,0.03 --integrator all -j 3 -q
check 0 sweep --target-signal sine --uaf 1:40:30 --dr 0.1:1:20 -j 2 -q
check 0 sweep $grid -j 3 --shard 2/3
check 0 sweep $grid -j 2 --columns omega,zeta,max_err_x,diverged
# gates: a row that fails them (exit 3), one that no row can fill (2)
check 3 sweep --integrator explicit --dt 0.1 --uaf 1:60:200 --dr 0:1:20 \
    --fail-if 'diverged == 1' -j 4 -q
check 2 sweep $grid -j 4 --fail-if 'done_time > 1'
check_file 2 sweep $grid -j 4 --fail-if 'done_time > 1'
# no valid run: found by the check (a device), in the main pass (a file)
check 2 sweep --substep max,none --max-dt 0.01 --uaf 1:10:300 -j 4 -q
check_file 2 sweep --substep max,none --max-dt 0.01 --uaf 1:10:300 -j 4 -q
echo "tsan: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
