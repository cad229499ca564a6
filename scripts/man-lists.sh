#!/bin/sh
# man-lists.sh BIN [--check] - the lists springsim(1) takes from the
# registry (`springsim list --json`), written between the page's
# ".\" BEGIN NAME" and ".\" END NAME" lines: the engines, and the
# columns that may hold inf (the registry's columns with an "inf" text,
# then docs/inf-columns, the keys of other commands' outputs).  With
# --check, nothing is written: exit 1 naming each list that differs
# from the registry (tests/cli/registry.bats runs it; `make man-lists`
# rewrites them).  Needs jq.
set -eu
bin=$1
check=${2:-}
cd "$(dirname "$0")/.."
page=docs/springsim.1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$bin" list --json >"$tmp/registry.json"

# mdoc text: a dash as \-
esc='gsub("-"; "\\-")'

# text lines wrapped at 78 columns (mandoc -Tlint's limit is 80), a word
# that would start a line with a control character escaped (\&)
wrap() {
	awk '/^\./ { print; next }
	{ n = 0; line = ""
	  for (i = 1; i <= NF; i++) {
		w = $i
		if (line != "" && length(line) + 1 + length(w) > 78) {
			print line; line = ""
		}
		if (line == "" && (w ~ /^[.\047]/)) w = "\\&" w
		line = line == "" ? w : line " " w
	  }
	  if (line != "") print line }' |
	    sed '/^\./!s/()/\\\&()/g'
}

# the engines: name, library and version, precision, what it is checked
# against
jq -r ".engines[] | \".It Cm \\(.name | $esc)\\n\\(.library) \\(.version),\" +
    \" \\(.precision); checked against the \\(.checked).\"" \
    "$tmp/registry.json" | wrap >"$tmp/engines"

# the columns that may hold inf and what it means there: --metrics's
# (metric_cols[]), then the other commands' (docs/inf-columns)
{
	jq -r ".columns[] | select(.inf != null) |
	    \".It Cm \\(.name | $esc)\\nin the \\\\-\\\\-metrics columns:\" +
	    \" \\(.inf).\"" "$tmp/registry.json"
	awk -F '\t' '!/^#/ && NF >= 3 { c = $2; gsub(/,/, ", ", c)
		gsub(/-/, "\\-", $1); print ".It Cm " $1
		print "of " c ": " $3 "." }' docs/inf-columns
} | wrap >"$tmp/inf"

# the page with block NAME replaced by file
replace() {
	awk -v name="$1" -v file="$2" '
	$0 == ".\\\" BEGIN " name { print; print ".Bl -tag -width Ds";
		while ((getline l < file) > 0) print l; print ".El"; skip = 1; next }
	$0 == ".\\\" END " name { skip = 0 }
	!skip { print }' "$3"
}

status=0
cp "$page" "$tmp/page"
for list in engines inf; do
	grep -qx ".\\\\\" BEGIN $list" "$page" ||
		{ echo "man-lists.sh: $page has no '.\\\" BEGIN $list'" >&2; exit 1; }
	replace "$list" "$tmp/$list" "$tmp/page" >"$tmp/page.new"
	mv "$tmp/page.new" "$tmp/page"
done
if cmp -s "$page" "$tmp/page"; then
	exit 0
fi
if [ "$check" = --check ]; then
	echo "man-lists.sh: $page's lists differ from '$bin list --json'" \
	    "(make man-lists):" >&2
	diff "$page" "$tmp/page" >&2 || true
	exit 1
fi
cp "$tmp/page" "$page"
