#!/bin/sh
# record.sh BIN - (re)write expected/GROUP.txt for every group of
# commands.txt from the springsim binary BIN (run.sh's records).
#
# Use it deliberately, never to make tests/cli/corpus.bats pass: the
# corpus pins springsim's outputs byte for byte (kept across the CLI's
# redesign), so re-record only when a change of output is intended and
# justified, say why in the commit message, and read the diff of
# expected/ (git diff) before committing it.  Record from a plain build
# (make) of the commit whose outputs are to be kept; the corpus must then
# pass unchanged against the sanitizer build too.
set -u
[ $# -eq 1 ] || { echo "usage: record.sh BIN" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
groups=$(sed -n 's/^## //p' "$here/commands.txt")
rm -f "$here"/expected/*.txt
mkdir -p "$here/expected"
for g in $groups; do
	bash "$here/run.sh" "$1" "$g" >"$here/expected/$g.txt" || exit 1
	printf '%s: %s commands\n' "$g" "$(grep -c '^### ' "$here/expected/$g.txt")"
done
