#!/usr/bin/env bash
# run.sh BIN [GROUP...] - run the corpus's commands (tests/corpus/commands.txt)
# of each GROUP (default: every group, in the file's order) with the
# springsim binary BIN and print one record per command, in the form kept
# in tests/corpus/expected/GROUP.txt:
#
#	### ARGS                      the line of commands.txt, as written
#	status N                      the exit status
#	stdout BYTES SHA256           then the bytes, each line prefixed "|"
#	stderr BYTES SHA256           likewise
#	file NAME BYTES SHA256        likewise, for each file left in the
#	                              command's directory (-o), by name
#
# The size and the hash pin every byte; the text is there to read a
# difference.  A stream without a final newline gets a last line
# "\ no newline at end"; a stream over 40000 bytes is shown only by its
# first 5 lines and a line "... N lines in all".
#
# commands.txt: a line "## NAME" starts group NAME; other lines starting
# with "#", and blank lines, are comments; every other line is the
# arguments after springsim, read by the shell (eval: quote as in a
# shell, and use no $, backquote or glob).  Each command runs in an empty
# directory of its own holding only "fixtures", a link to
# tests/corpus/fixtures, so paths in the commands (fixtures/ramp.csv,
# -o out.csv) and in the messages are the same on every machine.
# Used by record.sh and tests/cli/corpus.bats.
set -u
[ $# -ge 1 ] || { echo "usage: run.sh BIN [GROUP...]" >&2; exit 2; }
bin=$1
shift
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "run.sh: $bin: not an executable" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
export LC_ALL=C
limit=40000

tmp=$(mktemp -d "${TMPDIR:-/tmp}/corpus.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
work=$tmp/work
out=$tmp/stdout
err=$tmp/stderr
# the sha256 of nothing
empty=e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855
mkdir "$work" && ln -s "$here/fixtures" "$work/fixtures" || exit 1

# show LABEL FILE - the header line of FILE (bytes, sha256), then its text
show() {
	local label=$1 file=$2 bytes sum lines last
	if [ ! -s "$file" ]; then
		printf '%s 0 %s\n' "$label" "$empty"
		return 0
	fi
	bytes=$(($(wc -c <"$file")))
	sum=$(sha256sum <"$file")
	printf '%s %s %s\n' "$label" "$bytes" "${sum%% *}"
	if [ "$bytes" -gt "$limit" ]; then
		lines=$(($(wc -l <"$file")))
		head -n 5 "$file" | sed 's/^/|/'
		printf '... %s lines in all\n' "$lines"
		return 0
	fi
	sed 's/^/|/' "$file"
	# $(...) drops a final newline: empty if the file ends in one
	last=$(tail -c 1 "$file")
	[ -z "$last" ] || printf '\n\\ no newline at end\n'
}

# run_one LINE - run one command line in $work and print its record
run_one() {
	local line=$1 status f
	printf '### %s\n' "$line"
	status=0
	(
		cd "$work" || exit 125
		eval "set -- $line"
		exec "$bin" "$@"
	) </dev/null >"$out" 2>"$err" || status=$?
	printf 'status %s\n' "$status"
	show stdout "$out"
	show stderr "$err"
	# the files it left (-o), then an empty directory for the next
	for f in "$work"/* "$work"/.[!.]*; do
		[ -e "$f" ] || [ -L "$f" ] || continue
		[ "$f" != "$work/fixtures" ] || continue
		if [ -f "$f" ] && [ ! -L "$f" ]; then
			show "file ${f#"$work"/}" "$f"
		else
			printf 'file %s (not a regular file)\n' "${f#"$work"/}"
		fi
		rm -rf "$f"
	done
}

want=" $* "
group=
while IFS= read -r line || [ -n "$line" ]; do
	case $line in
	'## '*)
		group=${line#'## '}
		continue
		;;
	'#'* | '')
		continue
		;;
	esac
	[ $# -eq 0 ] || [[ $want == *" $group "* ]] || continue
	run_one "$line"
done <"$here/commands.txt"
