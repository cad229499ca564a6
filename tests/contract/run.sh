#!/bin/sh
# run.sh BIN [N [SEED]] - the random-argv contract checker: N (300) argv
# drawn from BIN's registry (`BIN list --json`, gen.awk) from SEED (41),
# each run in an empty directory with a timeout (CONTRACT_TIMEOUT, 10 s)
# and checked against the CLI's contract:
#   - exit status 0, 1, 2 or 3; no signal; done within the timeout;
#   - on 2: exactly one stderr line, nothing on stdout, no file left;
#   - no nan in any output, no stray file beside the -o file;
#   - inf only in a column documented to hold it: the registry's columns
#     with an "inf" text (metric_cols[]), and docs/inf-columns.
# A failure is printed as its kind and the command, one a line, quoted
# so it can be pasted to a shell: FX/ is the directory of the input
# files it writes (CONTRACT_DIR=dir keeps them in dir/fx), out.csv the
# -o file.  A failure matched by known-failures (the open defects of
# issue 41) is printed as KNOWN and does not fail.  Exit 1 when any
# other failure is found.  Needs jq and timeout(1).
# CONTRACT_LOG=file appends every case's status, command and first
# stderr line to file.
# make contract (CONTRACT_N) runs it; tests/cli/contract.bats runs a
# bounded number of cases in the test suite, make fuzz more.
set -u
bin=$1
n=${2:-300}
seed=${3:-41}
limit=${CONTRACT_TIMEOUT:-10}
here=$(cd "$(dirname "$0")" && pwd)
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
if [ -n "${CONTRACT_DIR:-}" ]; then
	tmp=$CONTRACT_DIR
	rm -rf "$tmp/fx" "$tmp/failures"
	mkdir -p "$tmp"
else
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
fi
us=$(printf '\037')

# the registry, one row a line (see gen.awk)
"$bin" list --json >"$tmp/registry.json" ||
	{ echo "run.sh: $bin list --json failed" >&2; exit 1; }
jq -r '
	(.commands[] | ["C", .name, (.takes_run_flags | tostring)]),
	(.flags[] | ["F", .flag, .kind, (.min // "" | tostring),
	    (.max // "" | tostring), (.commands | join(",")),
	    (.models | join(","))]),
	(.engines[] | .name as $e | .knobs[] | select(.flag != null and
	    .flag != "") | ["K", $e, .flag, .kind, (.min // "" | tostring),
	    (.max // "" | tostring)]),
	(.engines[] | ["E", .name]),
	(.models[] | ["M", .name, (.rules | join(","))]),
	(.rules[] | ["R", .name]),
	(.signals[] | ["S", .name]),
	(.policies[] | ["P", .name]),
	(.dialects[] | ["D", .name, ([.parameters[].flag] | join(","))]),
	(.columns[] | ["L", .name, (.inf // "")])
	| @tsv' "$tmp/registry.json" >"$tmp/registry" || exit 1

infdoc=$here/../../docs/inf-columns
[ -r "$infdoc" ] || { echo "run.sh: no $infdoc" >&2; exit 1; }
# the columns that may hold inf, "NAME COMMAND" a line: the registry's
# (in every command), and docs/inf-columns
{
	awk -F '\t' '$1 == "L" && $3 != "" { print $2, "*" }' "$tmp/registry"
	awk -F '\t' '!/^#/ && NF >= 3 { n = split($2, c, ",")
		for (i = 1; i <= n; i++) print $1, c[i] }' \
	    "$infdoc"
} >"$tmp/infok"

# the files the flags read: the corpus's fixtures and a few edges
fx=$tmp/fx
mkdir "$fx"
cp "$here/../corpus/fixtures/"* "$fx/"
"$bin" --integrator exact --frames 60 | cut -d, -f1,2 >"$fx/fit.csv"
"$bin" --integrator exact --omega 12.566 --zeta 0 --frames 60 | cut -d, -f1,2 \
    >"$fx/fit-zeta0.csv"
printf 'dt\r0.1\r-5\r' >"$fx/crdt.csv"
printf 'abc\r"x"y\n' >"$fx/cr.csv"
printf 't,target\n0,0\n0.1,2e100\n' >"$fx/big.csv"
printf 't,target\n0,0\n0.1,1e-320\n' >"$fx/sub.csv"
printf 'dt\n0.01\n2e100\n' >"$fx/bigdt.csv"
: >"$fx/empty.csv"

awk -v seed="$seed" -v n="$n" -v us="$us" -f "$here/gen.awk" \
    "$tmp/registry" >"$tmp/cases" &&
    [ "$(wc -l <"$tmp/cases")" -eq "$n" ] ||
	{ echo "run.sh: gen.awk drew no $n cases" >&2; exit 1; }

# the argv quoted for a shell, on one line
quote() {
	printf '%s' "springsim"
	for a; do
		case $a in
		"" | *[!A-Za-z0-9_./:=,+-]*)
			printf " '%s'" "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")" ;;
		*)	printf ' %s' "$a" ;;
		esac
	done
	printf '\n'
}

# one failure: kind, detail, the case's argv
fail() {
	k=$1 det=$2
	shift 2
	printf '%s\t%s\t%s\n' "$k" "$det" "$(quote "$@")" |
	    sed -e "s|$fx/|FX/|g" -e "s|$tmp/cwd/||g" >>"$tmp/failures"
}

# the nan and inf fields of output files, with their column's name:
# "nan NAME" or "inf NAME" a line (key=value lines name their key; the
# rest is CSV under its first line, or under header file h)
scan() {
	h=$1
	shift
	awk -v h="$h" '
	BEGIN { if (h != "") { getline hl < h; nh = split(hl, head, ",") } }
	/^[A-Za-z_][A-Za-z0-9_.]*=/ {
		i = index($0, "="); k = substr($0, 1, i - 1)
		v = tolower(substr($0, i + 1))
		if (v ~ /^[-+]?nan$/) print "nan " k
		else if (v ~ /^[-+]?inf$/) print "inf " k
		next
	}
	FNR == 1 && h == "" { nh = split($0, head, ","); next }
	{
		nf = split($0, f, ",")
		for (i = 1; i <= nf; i++) {
			v = tolower(f[i])
			if (v ~ /^[-+]?nan$/)
				print "nan " (i <= nh ? head[i] : "#" i)
			else if (v ~ /^[-+]?inf$/)
				print "inf " (i <= nh ? head[i] : "#" i)
		}
	}' "$@"
}

# the header of the case "$@" run without --no-header, in $tmp/hdr
header() {
	mkdir -p "$tmp/h"
	for a; do
		shift
		case $a in
		--no-header) continue ;;
		"$d/out.csv") a=$tmp/h/out.csv ;;
		esac
		set -- "$@" "$a"
	done
	(cd "$tmp/h" && timeout -k 2 "$limit" "$bin" "$@" 2>/dev/null </dev/null |
	    head -n 1 >"$tmp/hdr")
	[ -s "$tmp/h/out.csv" ] && head -n 1 "$tmp/h/out.csv" >"$tmp/hdr"
	rm -rf "$tmp/h"
}

ran=0
while IFS= read -r line; do
	ran=$((ran + 1))
	d=$tmp/cwd
	rm -rf "$d"
	mkdir "$d"
	set -f
	IFS=$us
	set -- $line
	unset IFS
	set +f
	nohead=0 plain=0 givennan=0 cmd=run
	case $1 in
	fps | analyze | convert | sweep | resonance | tune | fit) cmd=$1 ;;
	esac
	for a; do
		shift
		case $a in
		@OUT@)	a=$d/out.csv ;;
		@DIR@)	a=$fx ;;
		@DIR@/*) a=$fx/${a#@DIR@/} ;;
		--no-header) nohead=1 ;;
		--help | --version | help | list) plain=1 ;;
		esac
		case $a in *[Nn][Aa][Nn]*) givennan=1 ;; esac
		set -- "$@" "$a"
	done
	(cd "$d" && exec timeout -k 2 "$limit" "$bin" "$@" \
	    >"$tmp/stdout" 2>"$tmp/stderr" </dev/null)
	rc=$?
	[ -n "${CONTRACT_LOG:-}" ] && printf "%s %s\t%s\n" "$rc" "$(quote "$@")" "$(head -n 1 "$tmp/stderr")" >>"$CONTRACT_LOG"
	case $rc in
	0 | 1 | 2 | 3) ;;
	124 | 137) fail time "over ${limit} s" "$@"; continue ;;
	*)	if [ "$rc" -gt 128 ]; then
			fail signal "signal $((rc - 128))" "$@"
		else
			fail status "exit $rc" "$@"
		fi
		continue ;;
	esac
	lines=$(wc -l <"$tmp/stderr")
	first=$(head -n 1 "$tmp/stderr")
	if [ "$rc" = 2 ]; then
		[ "$lines" = 1 ] && [ "$(wc -c <"$tmp/stderr")" -gt 1 ] ||
			fail stderr "exit 2 with $lines stderr lines: $(tr \
			    '\n' '|' <"$tmp/stderr")" "$@"
		[ -s "$tmp/stdout" ] && fail stdout "exit 2 with stdout: $(head \
		    -c 60 "$tmp/stdout" | tr '\n' '|')" "$@"
		[ -n "$(ls -A "$d")" ] && fail file "exit 2 left $(ls -A "$d" |
		    tr '\n' ' ')" "$@"
		continue
	fi
	[ "$rc" = 1 ] && [ "$lines" != 1 ] &&
		fail stderr "exit 1 with $lines stderr lines: $first" "$@"
	stray=$(ls -A "$d" | grep -vx out.csv)
	[ -n "$stray" ] && fail file "stray file $stray" "$@"
	[ "$givennan" = 0 ] && grep -iqE '(^|[^a-z])[-+]?nan([^a-z]|$)' \
	    "$tmp/stderr" && fail nan "stderr: $(grep -iE 'nan' "$tmp/stderr" |
	    head -n 1)" "$@"
	[ "$plain" = 1 ] && continue
	files=$tmp/stdout
	[ -s "$d/out.csv" ] && files="$files $d/out.csv"
	for f in $files; do
		[ -s "$f" ] || continue
		hdr=
		if [ "$nohead" = 1 ] && scan "$hdr" "$f" | grep -q .; then
			header "$@"
			hdr=$tmp/hdr
		fi
		scan "$hdr" "$f" | sort -u | while read -r what col; do
			if [ "$what" = nan ]; then
				fail nan "$col" "$@"
			elif ! grep -qxe "$col $cmd" -e "$col \\*" "$tmp/infok"
			then
				fail inf "$col" "$@"
			fi
		done
	done
done <"$tmp/cases"

touch "$tmp/failures"
# known failures: DEFECT<TAB>KIND-ERE<TAB>ARGV-ERE[<TAB>DETAIL-ERE]
sed -e 's/^#.*//' -e '/^[[:space:]]*$/d' "$here/known-failures" \
    >"$tmp/known"
awk -F '\t' -v ran="$ran" -v kf="$tmp/known" '
BEGIN {
	nk = known = bad = 0
	while ((getline l < kf) > 0) {
		split(l, e, "\t")
		d[nk] = e[1]; k[nk] = e[2]; a[nk] = e[3]; t[nk] = e[4]; nk++
	}
}
{
	for (i = 0; i < nk; i++)
		if ($1 ~ "^(" k[i] ")$" && $3 ~ a[i] && (t[i] == "" || $2 ~ t[i]))
			break
	if (i < nk) {
		known++
		printf "KNOWN %s %s %s: %s\n", d[i], $1, $2, $3
	} else {
		bad++
		printf "FAIL %s %s: %s\n", $1, $2, $3
	}
}
END {
	printf "contract: %d cases, %d known failures, %d new failures\n",
	    ran, known, bad
	exit bad > 0
}' "$tmp/failures"
