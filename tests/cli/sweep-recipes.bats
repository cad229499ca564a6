#!/usr/bin/env bats
# sweep-recipes.bats - the recipes docs/ci.md gives for `springsim sweep`:
# the GNU parallel sharding recipe, run as written; examples/ci-gate.sh,
# its failures checked against the CSV it writes; and the man page against
# `springsim sweep --help`.
bats_require_minimum_version 1.5.0
load helpers

REPO=$BATS_TEST_DIRNAME/../..
README=$REPO/docs/ci.md
MAN=$REPO/docs/springsim.1
GATE=$REPO/examples/ci-gate.sh

# mentions FILE WORD - WORD appears in FILE as a whole word (as in
# help.bats: --target does not count inside --target-vel).
mentions() {
	grep -qE -- "(^|[^-[:alnum:]])$2([^-[:alnum:]]|\$)" "$1"
}

# path_bin - a directory with `springsim` (the binary under test) in it,
# first on PATH, as docs/ci.md's recipes call it.
path_bin() {
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	ln -sf "$SPRINGSIM" "$BATS_TEST_TMPDIR/bin/springsim"
	PATH=$BATS_TEST_TMPDIR/bin:$PATH
}

# readme_recipe - docs/ci.md's recipe (a) in $BATS_TEST_TMPDIR/recipe.sh:
# from the line "# (a) one machine: GNU parallel" to the end of its code
# block.
readme_recipe() {
	awk '/^# \(a\) one machine: GNU parallel/ { f = 1 }
	    f && /^```/ { exit } f' "$README" >"$BATS_TEST_TMPDIR/recipe.sh"
	[ -s "$BATS_TEST_TMPDIR/recipe.sh" ] ||
		fail "no recipe '# (a) one machine: GNU parallel' in docs/ci.md"
	grep -q 'parallel -k' "$BATS_TEST_TMPDIR/recipe.sh" &&
	    grep -qF -- '--shard {}/4' "$BATS_TEST_TMPDIR/recipe.sh" ||
		fail "docs/ci.md's recipe (a) is not parallel -k ... --shard {}/4"
}

need_parallel() {
	command -v parallel >/dev/null 2>&1 ||
		skip "GNU parallel is not installed (Debian package 'parallel')"
	parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
		skip "'parallel' is not GNU parallel (moreutils' has no -k or :::)"
}

# run_recipe FILE - run FILE with sh in $BATS_TEST_TMPDIR/work, springsim
# on PATH and a HOME of its own (parallel keeps files there); stdout in
# $OUT, stderr in $ERR, the status in $status.
run_recipe() {
	local work=$BATS_TEST_TMPDIR/work
	mkdir -p "$work" "$BATS_TEST_TMPDIR/home"
	OUT=$BATS_TEST_TMPDIR/stdout
	ERR=$BATS_TEST_TMPDIR/stderr
	status=0
	(cd "$work" && HOME=$BATS_TEST_TMPDIR/home sh -e "$1") \
	    >"$OUT" 2>"$ERR" </dev/null || status=$?
}

# -------------------------------------------------- (a) GNU parallel recipe

@test "docs/ci.md recipe (a): parallel -k over 4 shards is the unsharded sweep byte for byte" {
	need_parallel
	readme_recipe
	path_bin
	run_recipe "$BATS_TEST_TMPDIR/recipe.sh"
	assert_status 0
	local work=$BATS_TEST_TMPDIR/work
	[ -s "$work/sharded.csv" ] && [ -s "$work/whole.csv" ] ||
		fail_with "the recipe wrote no sharded.csv or whole.csv"
	cmp "$work/sharded.csv" "$work/whole.csv" ||
		fail_with "the shards' concatenation differs from the sweep"
	grep -qx identical "$OUT" || fail_with "the recipe did not print 'identical'"
	# one header, first; 8 rules (RULES) x 50 uaf x 21 dr rows
	[ "$(grep -c '^model,' "$work/sharded.csv")" -eq 1 ] &&
	    [ "$(head -c 6 "$work/sharded.csv")" = model, ] ||
		fail_with "want exactly one header line, the first"
	[ "$(nlines "$work/sharded.csv")" -eq $((1 + 8 * 50 * 21)) ] ||
		fail_with "want 8401 lines, got $(nlines "$work/sharded.csv")"
}

@test "docs/ci.md recipe (a) with 3 and with 7 shards (unequal slices) is still the whole sweep" {
	need_parallel
	readme_recipe
	path_bin
	local n list
	for n in 3 7; do
		list=$(seq 1 "$n" | tr '\n' ' ')
		sed -e "s|--shard {}/4|--shard {}/$n|" -e "s|::: 1 2 3 4|::: $list|" \
		    "$BATS_TEST_TMPDIR/recipe.sh" >"$BATS_TEST_TMPDIR/recipe$n.sh"
		grep -qF -- "--shard {}/$n" "$BATS_TEST_TMPDIR/recipe$n.sh" ||
			fail "could not make the recipe for $n shards"
		rm -rf "$BATS_TEST_TMPDIR/work"
		run_recipe "$BATS_TEST_TMPDIR/recipe$n.sh"
		assert_status 0
		cmp "$BATS_TEST_TMPDIR/work/sharded.csv" "$BATS_TEST_TMPDIR/work/whole.csv" ||
			fail_with "$n shards: the concatenation differs from the sweep"
	done
}

@test "gating each shard adds up to gating the whole sweep, rows numbered as in the whole" {
	# the CI-matrix recipe (d): each shard gates itself
	local args k n total=0 whole first want
	args=(--integrator all --dt 0.03333333333333333 --uaf 1:100:50log
	    --dr 0:2:21 -q --fail-if 'max_err_x > 0.01' --fail-if 'diverged == 1')
	sim sweep "${args[@]}"
	assert_status 3
	cp "$OUT" "$BATS_TEST_TMPDIR/whole.csv"
	# 8 rules x 50 uaf x 21 dr
	whole=$(sed -n 's/^springsim: --fail-if: \([0-9]*\) of 8400 rows failed.*/\1/p' "$ERR")
	[ -n "$whole" ] || fail_with "no count line for the whole sweep"
	for k in 1 2 3 4; do
		sim sweep "${args[@]}" --shard "$k/4"
		assert_status 3
		n=$(sed -n 's/^springsim: --fail-if: \([0-9]*\) of [0-9]* rows failed.*/\1/p' "$ERR")
		[ -n "$n" ] || fail_with "shard $k/4: no count line"
		total=$((total + n))
		# its first failing row, by number, is a failing line of the whole
		first=$(sed -n '1s/^springsim: row \([0-9]*\) fails.*/\1/p' "$ERR")
		want=$(awk -F, -v r="$first" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
		    NR == r + 1 { print ($(c["max_err_x"]) > 0.01 || $(c["diverged"]) == 1) }' \
		    "$BATS_TEST_TMPDIR/whole.csv")
		[ "$want" = 1 ] || fail_with "shard $k/4 names row $first, which passes in the whole sweep"
	done
	[ "$total" -eq "$whole" ] ||
		fail "the shards fail $total rows, the whole sweep $whole"
}

# ------------------------------------------------------ (b) ci-gate.sh

# gate [ARGS...] - run examples/ci-gate.sh with sh (springsim from
# $SPRINGSIM); stdout, stderr and status as sim leaves them.
gate() {
	OUT=$BATS_TEST_TMPDIR/stdout
	ERR=$BATS_TEST_TMPDIR/stderr
	status=0
	sh "$GATE" "$@" >"$OUT" 2>"$ERR" || status=$?
}

# failing_rows CSV - the numbers (1 = the first row after the header) of
# the rows where max_err_x > 0.01 or diverged == 1, columns by name.
failing_rows() {
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $(c["max_err_x"]) > 0.01 || $(c["diverged"]) == 1 { print NR - 1 }' "$1"
}

@test "ci-gate.sh fails (status 3) on the default springs; its failures are the CSV's rows over 1 %" {
	gate
	assert_status 3
	cp "$OUT" "$BATS_TEST_TMPDIR/gate.csv"
	# 4 springs x 8 rules at 1/30 s, 2 s: 60 frames, from 0 to 1
	AWK_MIN_LINES=33 awk_check "$OUT" '
	    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $(c["dt"]) != "0.03333333333333333" || $(c["frames"]) != 60 ||
	    $(c["x0"]) != 0 || $(c["target"]) != 1 { print "row " NR - 1 ": " $0 }
	    END { if (NR != 33) print NR " lines, want 33" }'
	failing_rows "$BATS_TEST_TMPDIR/gate.csv" >"$BATS_TEST_TMPDIR/want"
	local want n
	want=$(nlines "$BATS_TEST_TMPDIR/want")
	[ "$want" -gt 0 ] || fail_with "no row of the CSV drifts: the gate cannot fail"
	n=$(sed -n 's/^springsim: --fail-if: \([0-9]*\) of 32 rows failed.*/\1/p' "$ERR")
	[ "$n" = "$want" ] ||
		fail_with "springsim reports '$n' failing rows, the CSV has $want over 1 % or diverged"
	# the rows named are the CSV's first 20 failing rows
	sed -n 's/^springsim: row \([0-9]*\) fails .*/\1/p' "$ERR" >"$BATS_TEST_TMPDIR/got"
	head -n 20 "$BATS_TEST_TMPDIR/want" | cmp -s - "$BATS_TEST_TMPDIR/got" ||
		fail_with "the rows named are not the CSV's failing rows: $(tr '\n' ' ' <"$BATS_TEST_TMPDIR/got")"
	tail -n 1 "$ERR" | grep -q '^ci-gate.sh: FAIL' || fail_with "no FAIL line last"
	# the exact rule is the reference: it never fails
	AWK_MIN_LINES=33 awk_check "$BATS_TEST_TMPDIR/gate.csv" '
	    NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $(c["integrator"]) == "exact" && $(c["max_err_x"]) > 1e-12 { print "exact drifts: " $0 }'
}

@test "ci-gate.sh passes (status 0) when restricted to the rules and springs that do not drift" {
	gate
	assert_status 3
	cp "$OUT" "$BATS_TEST_TMPDIR/gate.csv"
	local rules springs
	# the rules that pass on every default spring, found in the CSV
	rules=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    { r = $(c["integrator"]); if (!(r in seen)) { seen[r] = 1; o[++n] = r }
	      if ($(c["max_err_x"]) > 0.01 || $(c["diverged"]) == 1) bad[r] = 1 }
	    END { for (i = 1; i <= n; i++) if (!(o[i] in bad)) s = s (s == "" ? "" : ",") o[i]; print s }' \
	    "$BATS_TEST_TMPDIR/gate.csv")
	[ -n "$rules" ] || fail "no rule passes on every default spring"
	CI_GATE_RULES=$rules gate
	assert_status 0
	[ "$(nlines "$OUT")" -eq 5 ] || fail_with "want a header and 4 rows for $rules"
	[ -z "$(failing_rows "$OUT")" ] || fail_with "rows over 1 % yet status 0"
	tail -n 1 "$ERR" | grep -q '^ci-gate.sh: ok' || fail_with "no ok line"
	# the springs on which rk4 passes, as UAF:DR arguments
	springs=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $(c["integrator"]) == "rk4" && $(c["max_err_x"]) <= 0.01 && $(c["diverged"]) == 0 {
	        print $(c["uaf"]) ":" $(c["dr"]) }' "$BATS_TEST_TMPDIR/gate.csv")
	[ -n "$springs" ] || fail "rk4 passes on no default spring"
	# shellcheck disable=SC2086
	CI_GATE_RULES=rk4,exact gate $springs
	assert_status 0
	[ -z "$(failing_rows "$OUT")" ] || fail_with "rows over 1 % yet status 0"
}

@test "ci-gate.sh: CI_GATE_TOLERANCE moves the 1 %; diverged == 1 still fails" {
	gate
	cp "$OUT" "$BATS_TEST_TMPDIR/gate.csv"
	local diverged n
	diverged=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $(c["diverged"]) == 1 { n++ } END { print n + 0 }' "$BATS_TEST_TMPDIR/gate.csv")
	CI_GATE_TOLERANCE=1e300 gate
	if [ "$diverged" -eq 0 ]; then
		assert_status 0
	else
		assert_status 3
		n=$(sed -n 's/^springsim: --fail-if: \([0-9]*\) of 32 rows failed.*/\1/p' "$ERR")
		[ "$n" = "$diverged" ] ||
			fail_with "'$n' rows fail with no error bound, $diverged diverged"
	fi
}

@test "ci-gate.sh: a bad spring is status 2 with nothing on stdout; so is no springsim" {
	local s
	for s in 1:x 5 1:2:3 -1:0.5 ""; do
		gate "$s"
		assert_status 2
		assert_stdout_empty
		[ -s "$ERR" ] || fail_with "ci-gate.sh '$s': no message"
	done
	SPRINGSIM=$BATS_TEST_TMPDIR/no-such-springsim gate
	assert_status 2
	assert_stdout_empty
}

@test "ci-gate.sh is POSIX sh: dash -n parses it, and it runs under dash" {
	command -v dash >/dev/null 2>&1 || skip "no dash"
	dash -n "$GATE" || fail "dash -n fails"
	status=0
	CI_GATE_RULES=exact dash "$GATE" 6:1 >"$BATS_TEST_TMPDIR/out" 2>/dev/null || status=$?
	[ "$status" -eq 0 ] || fail "under dash: status $status"
	[ "$(nlines "$BATS_TEST_TMPDIR/out")" -eq 2 ] || fail "under dash: want a header and a row"
}

# ------------------------------------------- (c) the man page and --help

# man_text [SUBSECTION] - the man page's source as text: \- as -, the Fl
# macro as the dash it prints (".Fl \-shard" is --shard, "Fl j" -j);
# with SUBSECTION only that .Ss subsection.
man_text() {
	awk -v ss="${1:-}" 'ss == "" { print; next }
	    $0 == ".Ss " ss { f = 1; next }
	    f && /^\.S[sh] / { exit } f' "$MAN" |
	    sed -e 's/\\-/-/g' -e 's/\(^\|[ .(]\)Fl /\1-/g'
}

# flags_in FILE - the flags FILE mentions, one a line: every --long, and
# -X where it stands as a flag (after a blank or '[', before a blank, ','
# or the end), not the -x of "e^-x".
flags_in() {
	{
		grep -oE -- '--[a-z][a-z0-9-]*' "$1"
		grep -oE -- '(^|[ [])-[a-zA-Z]([ ,]|$)' "$1" | grep -oE -- '-[a-zA-Z]'
	} | sort -u
}

@test "springsim sweep --help: usage first, status 0, nothing on stderr" {
	sim sweep --help
	assert_status 0
	assert_stderr_empty
	[ "$(head -n 1 "$OUT" | cut -c 1-22)" = "usage: springsim sweep" ] ||
		fail_with "no 'usage: springsim sweep' line first"
}

@test "the man page mentions every flag springsim sweep --help mentions" {
	local f
	sim sweep --help
	assert_status 0
	cp "$OUT" "$BATS_TEST_TMPDIR/help"
	man_text >"$BATS_TEST_TMPDIR/man"
	cd "$BATS_TEST_TMPDIR"
	for f in $(flags_in "$BATS_TEST_TMPDIR/help"); do
		mentions "$BATS_TEST_TMPDIR/man" "$f" && continue
		# a flag sweep does not know is the help's error (the next test)
		sim sweep "$f" 1
		grep -q 'unknown option' "$ERR" ||
			fail "sweep --help mentions $f, the man page does not"
	done
}

@test "every flag springsim sweep --help mentions is one sweep accepts" {
	local f
	cd "$BATS_TEST_TMPDIR"	# --output 1 writes a file named 1
	"$SPRINGSIM" sweep --help >help
	for f in $(flags_in help); do
		sim sweep "$f" 1
		if grep -q 'unknown option' "$ERR"; then
			fail_with "sweep --help mentions $f, sweep does not know it"
		fi
	done
}

@test "the man page's sweep subsection names sweep's own flags, and only flags sweep --help (or run's, which it points at) mentions" {
	local f
	sim sweep --help
	assert_status 0
	grep -qF 'springsim help run' "$OUT" || fail_with "sweep --help does not point at run's flags"
	cp "$OUT" "$BATS_TEST_TMPDIR/help"
	"$SPRINGSIM" help run >>"$BATS_TEST_TMPDIR/help"
	man_text "The sweep command" >"$BATS_TEST_TMPDIR/ss"
	[ -s "$BATS_TEST_TMPDIR/ss" ] || fail "no '.Ss The sweep command' in the man page"
	for f in -j --jobs --shard --fail-if --grid-from -q --quiet --no-header \
	    --precision -o --output; do
		mentions "$BATS_TEST_TMPDIR/ss" "$f" ||
			fail "the sweep subsection does not describe $f"
	done
	for f in $(flags_in "$BATS_TEST_TMPDIR/ss"); do
		mentions "$BATS_TEST_TMPDIR/help" "$f" ||
			fail "the man page's sweep subsection mentions $f, sweep --help does not"
	done
}

@test "the man page has sweep in its SYNOPSIS and exit status 3 for a failed gate" {
	awk '/^\.Sh SYNOPSIS/ { f = 1; next } f && /^\.Sh / { exit } f' "$MAN" |
	    grep -qx '\.Cm sweep' || fail "no '.Cm sweep' in the SYNOPSIS"
	awk '/^\.Sh EXIT STATUS/ { f = 1; next } f && /^\.Sh / { exit } f' "$MAN" |
	    awk '/^\.It 3$/ { f = 1; next } f && /^\.It / { exit } f' |
	    grep -q 'fail' || fail "EXIT STATUS does not give 3 as a failed --fail-if gate"
}

@test "mandoc -Tlint finds nothing in the man page" {
	command -v mandoc >/dev/null 2>&1 || skip "no mandoc"
	local out
	# a stale mandoc.db of the machine is not the page's fault
	out=$(mandoc -Tlint "$MAN" 2>&1 | grep -v 'outdated mandoc.db' || true)
	[ -z "$out" ] || fail "mandoc -Tlint: $out"
}
