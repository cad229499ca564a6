#!/usr/bin/env bats
# doctest.bats - the documentation's numbers cannot go stale: every
# example in README.md, docs/*.md and springsim(1) that shows a command
# and its output is run and compared (tests/doctest.sh), and the gallery's
# pictures are pinned to the data they are drawn from
# (examples/gallery.sums, scripts/gallery.sh --sums).
bats_require_minimum_version 1.5.0
load helpers

REPO=$BATS_TEST_DIRNAME/../..
DOCTEST=$REPO/tests/doctest.sh

# doctest FILE... - run tests/doctest.sh on FILE... (relative to the
# repository) against the binary under test; its report in $OUT.
doctest() {
	OUT=$BATS_TEST_TMPDIR/report
	status=0
	(cd "$REPO" && sh "$DOCTEST" "$@") >"$OUT" 2>&1 || status=$?
}

# examples FILE - how many examples tests/doctest.sh finds in FILE.
examples() {
	(cd "$REPO" && sh "$DOCTEST" -l "$1") | wc -l
}

# assert_doctest - status 0 and no FAIL line, else the report.
assert_doctest() {
	[ "$status" -eq 0 ] && ! grep -q '^FAIL' "$OUT" || {
		cat "$OUT"
		fail "an example does not print what the page shows"
	}
	# skips are shown with their reasons in the TAP stream
	grep '^skip ' "$OUT" | sed 's/^/# /' >&3 || true
}

@test "README.md: every example prints what it shows" {
	[ "$(examples README.md)" -ge 6 ] || fail "fewer than 6 examples found in README.md"
	doctest README.md
	assert_doctest
}

@test "docs/*.md: every example prints what it shows" {
	local f n total=0
	for f in "$REPO"/docs/*.md; do
		n=$(examples "docs/${f##*/}")
		total=$((total + n))
	done
	[ "$total" -ge 20 ] || fail "only $total examples found in docs/*.md"
	# the pages with numbers in examples each have some
	for f in guide ci findings gallery; do
		[ "$(examples "docs/$f.md")" -ge 3 ] || fail "fewer than 3 examples found in docs/$f.md"
	done
	doctest $(cd "$REPO" && echo docs/*.md)
	assert_doctest
}

@test "springsim(1): every example of EXAMPLES prints what it shows" {
	[ "$(examples docs/springsim.1)" -ge 5 ] || fail "fewer than 5 examples found in docs/springsim.1"
	doctest docs/springsim.1
	assert_doctest
}

@test "doctest.sh fails on a wrong number, '...' skips lines, marks skip" {
	local d=$BATS_TEST_TMPDIR
	# the right output, abbreviated in the middle: passes
	cat >"$d/good.md" <<'EOF'
```
$ springsim list | head -n 4
models (--model):
...
  quat                 Holden's quaternion spring: a rotation toward a goal rotation (--q0, --target, --w0); rules semi-implicit, exact, rk4
$ printf 'a\nb\n' | awk '
>   { print NR ": " $0 }'
1: a
2: b
```
EOF
	# one digit off: fails, and the report shows the line
	# (one explicit step from rest: x = 0, v = h omega^2 = 2, shown as 3)
	cat >"$d/bad.md" <<'EOF'
Text before.

```
$ springsim --frames 1 --dt 0.5 --uaf 2 --dr 0 --model explicit | tail -n 1 | cut -d, -f1-4
0.5,0,3,1
```
EOF
	# marked: not run
	cat >"$d/skip.md" <<'EOF'
<!-- doctest: skip a sketch of a cluster run -->
```
$ false
true
```
<!-- doctest: needs no-such-program-here -->
```
$ false
true
```
EOF
	doctest "$d/good.md"
	[ "$status" -eq 0 ] || { cat "$OUT"; fail "the good example failed"; }
	grep -q '^doctest: 1 ok, 0 failed' "$OUT" || { cat "$OUT"; fail "no count line"; }
	doctest "$d/bad.md"
	[ "$status" -eq 1 ] || { cat "$OUT"; fail "a wrong output passed (status $status)"; }
	grep -q "^FAIL $d/bad.md:4: springsim --frames 1" "$OUT" || { cat "$OUT"; fail "the failure does not name the file and line"; }
	doctest "$d/skip.md"
	[ "$status" -eq 0 ] || { cat "$OUT"; fail "marked examples were run"; }
	grep -q '^skip .*(a sketch of a cluster run)$' "$OUT" &&
	    grep -q '^skip .*(needs no-such-program-here, not installed)$' "$OUT" ||
		{ cat "$OUT"; fail "the skips are not reported with their reasons"; }
}

@test "the man page's examples: roff escapes undone, wrapped output rows joined" {
	local d=$BATS_TEST_TMPDIR
	# x after one explicit step from rest is x0 = 0; v = h omega^2 = 0.5 * 4
	cat >"$d/t.1" <<'EOF'
.Sh EXAMPLES
.Bd -literal -offset indent
$ springsim \-\-frames 1 \-\-dt 0.5 \-\-uaf 2 \-\-dr 0 \e
    \-\-model explicit | cut \-d, \-f1\-4
t,x,v,\e
target
0,0,0,1
0.5,0,2,1
.Ed
.Sh SEE ALSO
.Bd -literal -offset indent
$ false
not an example: outside EXAMPLES
.Ed
EOF
	doctest "$d/t.1"
	[ "$status" -eq 0 ] || { cat "$OUT"; fail "the man page example failed"; }
	grep -q '^doctest: 1 ok, 0 failed, 0 skipped' "$OUT" || { cat "$OUT"; fail "want exactly one example"; }
}

@test "the gallery: every picture's data is what springsim gives now (gallery.sums)" {
	local sums=$REPO/examples/gallery.sums png
	[ -s "$sums" ] || fail "no examples/gallery.sums (make plots writes it)"
	for png in "$REPO"/examples/*.png; do
		grep -q "  ${png##*/}\$" "$sums" || fail "examples/${png##*/} has no line in gallery.sums"
	done
	run sh "$REPO/scripts/gallery.sh" --sums "$SPRINGSIM"
	assert_success
	[ "$output" = "$(cat "$sums")" ] || {
		diff <(printf '%s\n' "$output") "$sums" || true
		fail "springsim no longer gives the data of the pictures above: run make plots, look at them, commit them with examples/gallery.sums"
	}
}
