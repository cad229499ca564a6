#!/bin/sh
# compare.sh A B - the lines of two libm_probe outputs side by side: exit
# 2 if their arguments differ anywhere (the probe's stream is not the same
# on both targets: no comparison), else one line per function,
# "name differing/total", and exit 1 if any result differs.
set -eu
paste -d '|' "$1" "$2" | awk -F'|' '
{
	na = split($1, a, " "); nb = split($2, b, " ")
	if (na != nb || a[1] != b[1]) { bad = NR; exit }
	nr = a[1] == "sincos" ? 2 : 1	# results at the end of the line
	for (i = 2; i <= na - nr; i++) if (a[i] != b[i]) { bad = NR; exit }
	if (!(a[1] in tot)) order[++n] = a[1]
	tot[a[1]]++
	if (a[na] != b[nb] || (a[1] == "sincos" && a[na - 1] != b[nb - 1]))
		dif[a[1]]++
}
END {
	if (bad) { print "line " bad ": the arguments differ"; exit 2 }
	for (k = 1; k <= n; k++) {
		printf "%s %d/%d\n", order[k], dif[order[k]], tot[order[k]]
		any += dif[order[k]]
	}
	exit any > 0
}'
