#!/bin/sh
# doctest.sh [-l] FILE... - run every example of the documentation that
# shows a command and its output, and compare the output shown with what
# the command prints now, so that no number in an example goes stale.
#
# What counts as an example:
#   - Markdown: a fenced block (```) whose first line starts with "$ ".
#     A line "$ CMD" starts a command; the lines after it that begin with
#     a blank (space or tab), or "> " (the shell's second prompt, taken
#     off), continue it (after a trailing \, an open quote, a do);
#     every other line is output.  A block is checked when it shows some
#     output; a block of commands alone (nothing shown) is not run.
#   - springsim(1): the .Bd -literal blocks and .Dl lines of its EXAMPLES
#     section, read the same way once the roff escapes are undone (\- is
#     -, \e is \); an output line ending in \ goes on in the next line
#     (the page wraps long rows so).
# A line "..." in the output shown stands for any number of lines left
# out; "| head" in the command itself is the other way to abbreviate.
# The block runs as one sh script, stdout and stderr together, in an
# empty directory holding examples/ and scripts/ of this tree, with
# `springsim` (the binary under test: $SPRINGSIM, else build/springsim)
# and `springsim-merge` (scripts/merge) first on PATH, and $SPRINGSIM
# naming it for the scripts of scripts/ and examples/.  So a block may
# write files, read them in a later command, and show `echo $?`.
#
# Marks, on the line before the block (Markdown) or before .Bd (the page):
#   <!-- doctest: skip REASON -->     .\" doctest: skip REASON
#   <!-- doctest: needs PROGRAM -->   .\" doctest: needs PROGRAM
# skip: never run (say why); needs: run only when PROGRAM is on PATH,
# else reported as skipped, naming it.
#
# Prints one line per example checked ("ok", "FAIL" with a diff, "skip"
# with its reason) and a count; exits 1 when an example fails.
# -l: list the examples found (file, line, first command) and run none.
set -u
list=
[ "${1:-}" = -l ] && { list=1; shift; }
[ $# -gt 0 ] || { echo "usage: doctest.sh [-l] FILE..." >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${SPRINGSIM:-$repo/build/springsim}
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "doctest.sh: no springsim at $bin" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir "$tmp/bin"
ln -s "$bin" "$tmp/bin/springsim"
ln -s "$repo/scripts/merge" "$tmp/bin/springsim-merge"

# extract FILE - write each example of FILE as $tmp/ex/N.sh (the
# commands), N.want (the output shown), N.where (FILE:LINE first-command)
# and N.mark (skip REASON / needs PROGRAM, or nothing).
extract() {
	case $1 in
	*.1) kind=man ;;
	*) kind=md ;;
	esac
	awk -v kind="$kind" -v dir="$tmp/ex" -v file="$1" -v start="$n" '
	function unroff(s) {
		gsub(/\\-/, "-", s); gsub(/\\\(aq/, "\047", s)
		gsub(/\\&/, "", s); gsub(/\\e/, "\\", s)
		return s
	}
	function flush(   i, f, out, cont) {
		if (nl == 0 || substr(L[1], 1, 2) != "$ ") { nl = 0; mark = ""; return }
		ncmd = 0; nout = 0; incmd = 0
		for (i = 1; i <= nl; i++) {
			if (substr(L[i], 1, 2) == "$ ") {
				C[++ncmd] = substr(L[i], 3); incmd = 1
			} else if (incmd && L[i] ~ /^[ \t]/) {
				C[ncmd] = C[ncmd] "\n" L[i]
			} else if (incmd && substr(L[i], 1, 2) == "> ") {
				C[ncmd] = C[ncmd] "\n" substr(L[i], 3)
			} else {
				incmd = 0; O[++nout] = L[i]
			}
		}
		if (nout > 0) {
			f = dir "/" (++count + start)
			for (i = 1; i <= ncmd; i++) print C[i] > (f ".sh")
			cont = ""
			for (i = 1; i <= nout; i++) {
				if (kind == "man" && O[i] ~ /\\$/) {
					cont = cont substr(O[i], 1, length(O[i]) - 1); continue
				}
				print cont O[i] > (f ".want"); cont = ""
			}
			first = C[1]; sub(/\n.*/, "", first)
			printf "%s:%d: %s\n", file, line0, first > (f ".where")
			printf "%s", mark > (f ".mark")
			close(f ".sh"); close(f ".want"); close(f ".where"); close(f ".mark")
		}
		nl = 0; mark = ""
	}
	kind == "md" && /^<!-- doctest: (skip|needs) .* -->$/ {
		pend = $0; sub(/^<!-- doctest: /, "", pend); sub(/ -->$/, "", pend)
		next
	}
	kind == "md" && /^```/ {
		if (inb) { flush(); inb = 0 }
		else { inb = 1; nl = 0; line0 = NR + 1; mark = pend }
		pend = ""; next
	}
	kind == "md" && inb { L[++nl] = $0; next }
	kind == "md" && NF { pend = "" }
	kind == "man" && /^\.Sh / { ex = ($0 == ".Sh EXAMPLES"); next }
	kind == "man" && !ex { next }
	kind == "man" && /^\.\\" doctest: (skip|needs) / {
		pend = $0; sub(/^\.\\" doctest: /, "", pend); next
	}
	kind == "man" && /^\.Bd -literal/ { inb = 1; nl = 0; line0 = NR + 1; mark = pend; pend = ""; next }
	kind == "man" && /^\.Ed/ { flush(); inb = 0; next }
	kind == "man" && inb { L[++nl] = unroff($0); next }
	kind == "man" && /^\.Dl / { line0 = NR; nl = 1; L[1] = unroff(substr($0, 5)); mark = pend; pend = ""; flush(); next }
	END { print count + 0 > (dir "/count") }
	' "$1"
	n=$((n + $(cat "$tmp/ex/count")))
}

mkdir "$tmp/ex"
n=0
for f in "$@"; do
	[ -r "$f" ] || { echo "doctest.sh: cannot read $f" >&2; exit 2; }
	extract "$f"
done

# match WANT GOT - GOT's lines are WANT's, a WANT line "..." standing for
# any number of lines (the shortest run that lets the rest match).
match() {
	awk 'NR == FNR { w[++nw] = $0; next } { g[++ng] = $0 }
	function m(i, j,   k) {
		if (i > nw) return j > ng
		if (w[i] == "...") {
			for (k = j; k <= ng + 1; k++) if (m(i + 1, k)) return 1
			return 0
		}
		return j <= ng && w[i] == g[j] && m(i + 1, j + 1)
	}
	END { exit !m(1, 1) }' "$1" "$2"
}

ok=0 failed=0 skipped=0 i=1
while [ "$i" -le "$n" ]; do
	ex=$tmp/ex/$i
	where=$(cat "$ex.where")
	mark=$(cat "$ex.mark")
	i=$((i + 1))
	if [ -n "$list" ]; then echo "$where"; continue; fi
	case $mark in
	skip\ *) echo "skip $where (${mark#skip })"; skipped=$((skipped + 1)); continue ;;
	needs\ *)
		if ! command -v "${mark#needs }" >/dev/null 2>&1; then
			echo "skip $where (needs ${mark#needs }, not installed)"
			skipped=$((skipped + 1)); continue
		fi ;;
	esac
	work=$tmp/work
	rm -rf "$work"
	mkdir "$work"
	ln -s "$repo/examples" "$work/examples"
	ln -s "$repo/scripts" "$work/scripts"
	(cd "$work" && PATH=$tmp/bin:$PATH SPRINGSIM=$tmp/bin/springsim LC_ALL=C \
	    timeout 60 sh "$ex.sh" </dev/null >"$ex.got" 2>&1)
	if match "$ex.want" "$ex.got"; then
		echo "ok $where"
		ok=$((ok + 1))
	else
		echo "FAIL $where"
		diff "$ex.want" "$ex.got" | sed 's/^/    /' | head -n 40
		failed=$((failed + 1))
	fi
done
[ -n "$list" ] && exit 0
echo "doctest: $ok ok, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
