#!/bin/sh
# run.sh SECONDS NAME... - run each libFuzzer target build-fuzz/fuzzer-NAME
# for SECONDS: its corpus is build-fuzz/corpus/NAME (new inputs) on top of
# the stored tests/fuzz/corpus/NAME, its crashes, hangs and leaks go to
# tests/fuzz/crashes/NAME/ (commit them: every file there is replayed by
# make test as a regression).  Prints one line per target, executions and
# crashes, and exits 1 if any target found one.
set -u
cd "$(dirname "$0")/../.." || exit 1
secs=$1
shift
root=$PWD
total=0
bad=0
summary=""
for name in "$@"; do
	mkdir -p "build-fuzz/corpus/$name" "tests/fuzz/corpus/$name" \
	    "tests/fuzz/crashes/$name"
	log=build-fuzz/fuzz-$name.log
	before=$(find "tests/fuzz/crashes/$name" -type f | wc -l)
	dict=""
	case $name in args_*) dict=-dict=$root/tests/fuzz/args.dict ;; esac
	echo "== fuzz $name (${secs}s)"
	# shellcheck disable=SC2086
	"build-fuzz/fuzzer-$name" -max_total_time="$secs" -timeout=10 \
	    -rss_limit_mb=2048 -max_len=4096 -close_fd_mask=3 \
	    -print_final_stats=1 $dict \
	    -artifact_prefix="$root/tests/fuzz/crashes/$name/" \
	    "$root/build-fuzz/corpus/$name" "$root/tests/fuzz/corpus/$name" \
	    >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	after=$(find "tests/fuzz/crashes/$name" -type f | wc -l)
	found=$((after - before))
	if [ "$rc" -ne 0 ] || [ "$found" -gt 0 ]; then
		bad=1
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error|fuzz: |ALARM|artifact_prefix|Test unit written)' "$log" | head -n 12
		[ -n "$execs" ] || execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | tail -n 1 | sed 's/.*: //')
	fi
	execs=${execs:-0}
	total=$((total + execs))
	line=$(printf '%-14s %10s executions, %s new crash(es) (status %s)' \
	    "$name" "$execs" "$found" "$rc")
	echo "$line"
	summary="$summary$line
"
done
echo "== fuzz summary"
printf '%s' "$summary"
echo "total: $total executions; logs in build-fuzz/fuzz-NAME.log"
exit "$bad"
