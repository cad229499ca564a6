#!/bin/sh
# run.sh [BUILD] - the speed figures (`make bench`; never a timed test):
# build/bench-springsim's in-process table, then the springsim program
# itself timed by wall clock, best of 3.  Prints every figure beside its
# target; the exit status is 0 whether or not the targets are met.
set -u
cd "$(dirname "$0")/.." || exit 1
build=${1:-build}
bin=$build/springsim
bench=$build/bench-springsim
csv_frames=1000000
metrics_frames=10000000

for f in "$bin" "$bench"; do
	if [ ! -x "$f" ]; then
		echo "bench/run.sh: no $f; run 'make bench'" >&2
		exit 1
	fi
done
case $(date +%N) in
*[!0-9]*)
	echo "bench/run.sh: date +%N gives no nanoseconds here" >&2
	exit 1 ;;
esac

# The best of 3 wall-clock times, in seconds, of a command run with its
# output thrown away.
best_of_3() {
	best=
	for _ in 1 2 3; do
		t0=$(date +%s.%N)
		"$@" > /dev/null || return 1
		t1=$(date +%s.%N)
		best=$(awk -v a="$t0" -v b="$t1" -v best="$best" 'BEGIN {
			d = b - a
			if (best == "" || d < best) best = d
			printf "%.6f", best }')
	done
	echo "$best"
}

# One table line: label, seconds, figure (awk expression in s), unit,
# target relation (">=" or "<="), target.
line() {
	awk -v label="$1" -v s="$2" -v unit="$4" -v rel="$5" -v target="$6" \
	    "BEGIN {
		f = $3
		met = (rel == \">=\") ? f >= target : f <= target
		printf \"  %-44s %6.3f s %7.2f %-9s %s %-4s %s\\n\", label, s, \
		    f, unit, rel, target, met ? \"met\" : \"MISSED\" }"
}

echo "== springsim speed figures ($(uname -m), $(nproc 2>/dev/null || echo ?) cores)"
echo
"$bench" || exit 1

rows=$("$bin" --frames $csv_frames --dt 0.001 | wc -l)
rows=$((rows - 1))	# the header
if [ "$rows" -ne $((csv_frames + 1)) ]; then
	echo "bench/run.sh: springsim wrote $rows rows, not $((csv_frames + 1))" >&2
	exit 1
fi
csv=$(best_of_3 "$bin" --frames $csv_frames --dt 0.001) || exit 1
met=$(best_of_3 "$bin" --metrics --frames $metrics_frames) || exit 1

echo "3. The springsim program, wall clock (date +%s.%N), process start"
echo "   included, output to /dev/null; best of 3"
echo
line "springsim --frames $csv_frames --dt 0.001" "$csv" \
    "$rows / s / 1e6" "M rows/s" ">=" 3
line "springsim --metrics --frames $metrics_frames" "$met" \
    "s * 1e9 / $metrics_frames" "ns/frame" "<=" 15
echo "   (--metrics uses the default rule, semi-implicit, FTZ on)"
