#!/usr/bin/env bats
# files41.bats - issue 41's defects of the CSV readers (--frames-from,
# --target-file, --grid-from, fit's FILE): line ends, numbers out of
# range, and the identity columns a recorded target gives.  Every refusal
# is checked whole: exit 2, one stderr line naming the file, the line and
# the value, nothing on stdout, no -o file left.

load helpers

setup() {
	D=$BATS_TEST_TMPDIR
}

# refuse_file NEEDLE... -- ARGS... - ARGS with -o $D/out.csv: refused as
# assert_usage_error says, and $D/out.csv never written.
refuse_file() {
	local i=1
	while [ "$i" -le $# ] && [ "${!i}" != -- ]; do i=$((i + 1)); done
	rm -f "$D/out.csv"
	assert_usage_error "${@:1:i}" "${@:i+1}" -o "$D/out.csv"
	[ ! -e "$D/out.csv" ] || fail_with "$D/out.csv was left behind"
}

@test "#41.5 bare CR line ends: --frames-from blames the right line" {
	printf 'dt\r0.1\r-5\r' >"$D/q.csv"
	refuse_file "--frames-from: $D/q.csv line 3: '-5'" -- \
	    run --frames-from "$D/q.csv"
	# CR LF is one line end, a CR after it another: "" is line 3
	printf 'dt\r\n0.1\r\r-5\n' >"$D/q.csv"
	refuse_file "--frames-from: $D/q.csv line 4: '-5'" -- \
	    run --frames-from "$D/q.csv"
	# a good file of CR ends runs as the same file with LF ends
	printf 'dt\r0.1\r0.05\r' >"$D/cr.csv"
	printf 'dt\n0.1\n0.05\n' >"$D/lf.csv"
	sim --frames-from "$D/cr.csv"
	assert_status 0
	cp "$OUT" "$D/cr.out"
	sim --frames-from "$D/lf.csv"
	assert_status 0
	cmp -s "$OUT" "$D/cr.out" || fail_with "CR and LF files differ"
}

@test "#41.5 bare CR line ends: fit says one line, for the right line" {
	printf 'abc\r"x"y\n' >"$D/q.csv"
	refuse_file "fit: $D/q.csv line 1: the header needs columns t and x" \
	    -- fit "$D/q.csv"
	printf 't,x\r0,1\r0.1,abc\r' >"$D/q.csv"
	refuse_file "fit: $D/q.csv line 3 column 2 (x): 'abc'" -- \
	    fit "$D/q.csv"
}

@test "#41.5 bare CR line ends: --target-file says one line, for the right line" {
	printf 'abc\r"x"y\n' >"$D/q.csv"
	refuse_file "--target-file: $D/q.csv line 1 column 1: 'abc'" -- \
	    run --target-file "$D/q.csv"
	printf 't,target\r0,0\r1,abc\r' >"$D/q.csv"
	refuse_file "--target-file: $D/q.csv line 3 column 2 (target): 'abc'" \
	    -- run --target-file "$D/q.csv"
}

@test "#41.5 bare CR line ends: --grid-from says one line, for the right line" {
	printf 'abc\r"x"y\n' >"$D/q.csv"
	refuse_file "--grid-from: $D/q.csv line 1: column 1: 'abc'" -- \
	    sweep --grid-from "$D/q.csv"
	printf 'dt\r0.1\r-5\r' >"$D/q.csv"
	refuse_file "--grid-from: $D/q.csv line 3: column 1: " "'-5'" -- \
	    sweep --grid-from "$D/q.csv"
}

# The command line's words for a number past MAX_MAGNITUDE and for one
# that underflows, as springsim(1) gives them.
BEYOND='is beyond +-1e+100'
RANGE='is out of the range of a double'

@test "#41.6 out-of-range numbers in files: --target-file says beyond +-1e+100" {
	printf 't,target\n0,2e100\n' >"$D/t.csv"
	refuse_file "--target-file: $D/t.csv line 2 column 2 (target): '2e100' $BEYOND" \
	    -- run --target-file "$D/t.csv"
	printf 't,target\n0,1e-320\n' >"$D/t.csv"
	refuse_file "--target-file: $D/t.csv line 2 column 2 (target): '1e-320' $RANGE" \
	    -- run --target-file "$D/t.csv"
	# as the command line says it
	assert_usage_error "--target: '2e100' $BEYOND" -- run --target 2e100
}

@test "#41.6 out-of-range numbers in files: fit says beyond +-1e+100" {
	printf 't,x\n0,-2e100\n' >"$D/t.csv"
	refuse_file "fit: $D/t.csv line 2 column 2 (x): '-2e100' $BEYOND" -- \
	    fit "$D/t.csv"
	printf 't,x\n1e-320,0\n' >"$D/t.csv"
	refuse_file "fit: $D/t.csv line 2 column 1 (t): '1e-320' $RANGE" -- \
	    fit "$D/t.csv"
}

@test "#41.6 out-of-range numbers in files: --frames-from says beyond +-1e+100" {
	printf 'dt\n0.1\n2e100\n' >"$D/f.csv"
	refuse_file "--frames-from: $D/f.csv line 3: '2e100' $BEYOND" -- \
	    run --frames-from "$D/f.csv"
	printf '1e-320\n' >"$D/f.csv"
	refuse_file "--frames-from: $D/f.csv line 1: '1e-320' $RANGE" -- \
	    run --frames-from "$D/f.csv"
	# and --grid-from, as before, the same words
	printf 'dt\n2e100\n' >"$D/g.csv"
	refuse_file "--grid-from: $D/g.csv line 2: column 1: --dt: '2e100' $BEYOND" \
	    -- sweep --grid-from "$D/g.csv"
}

# The file's target at t = 0, worked by hand: rows (-1, 5) and (1, 7) are
# the line 6 + t, so target 6 and target_vel 1; rows (0, 5, 0.5) and
# (1, 5, 0.5) give target 5 and their own target_vel 0.5.
@test "#41.8 --target-file: run's identity columns hold the file's target at t = 0" {
	printf 't,target\n-1,5\n1,7\n' >"$D/t.csv"
	sim run --target-file "$D/t.csv" --frames 2 --metrics
	assert_status 0
	[ "$(metrics_field "$OUT" target)" = 6 ] ||
		fail_with "target is not 6"
	[ "$(metrics_field "$OUT" target_vel)" = 1 ] ||
		fail_with "target_vel is not 1"
	printf 't,target,target_vel\n0,5,0.5\n1,5,0.5\n' >"$D/t.csv"
	sim run --target-file "$D/t.csv" --frames 2 --metrics
	assert_status 0
	[ "$(metrics_field "$OUT" target),$(metrics_field "$OUT" target_vel)" \
	    = 5,0.5 ] || fail_with "target, target_vel are not 5, 0.5"
	# held before the first row: a still target
	printf 't,target\n1,5\n2,9\n' >"$D/t.csv"
	sim run --target-file "$D/t.csv" --frames 2 --metrics
	[ "$(metrics_field "$OUT" target),$(metrics_field "$OUT" target_vel)" \
	    = 5,0 ] || fail_with "target, target_vel are not 5, 0"
}

@test "#41.8 --target-file: sweep's identity columns hold the file's target at t = 0" {
	printf 't,target\n-1,5\n1,7\n' >"$D/t.csv"
	sim sweep --target-file "$D/t.csv" --frames 2 --dt 0.1,0.2 \
	    --columns dt,target,target_vel
	assert_status 0
	[ "$(cat "$OUT")" = "dt,target,target_vel
0.1,6,1
0.2,6,1" ] || fail_with "sweep's rows are not 6,1"
}

# A row of --grid-from holds its cells' text and 16 bytes (springsim(1)):
# here "0.001xxx" and a NUL, 9 or 10 bytes, so about 26 a row; before
# issue 41 a pointer and an allocation a cell, 47.  Peak RSS over a
# 10-row file's, by /usr/bin/time.
@test "#41.16 a 5*10^5-row --grid-from holds under 36 bytes a row" {
	[ -x /usr/bin/time ] || skip "no /usr/bin/time"
	# ASan's shadow memory and redzones are not springsim's rows
	ldd "$SPRINGSIM" 2>/dev/null | grep -q libasan &&
		skip "ASan build: its allocator's overhead is not the rows'"
	awk 'BEGIN { print "dt"; for (i = 0; i < 500000; i++)
	    printf "%.6g\n", 0.001 + i * 1e-9 }' >"$D/big.csv"
	head -n 11 "$D/big.csv" >"$D/small.csv"
	/usr/bin/time -f %M -o "$D/big.kb" "$SPRINGSIM" sweep --grid-from \
	    "$D/big.csv" --frames 1 --shard 1/500000 -o /dev/null
	/usr/bin/time -f %M -o "$D/small.kb" "$SPRINGSIM" sweep --grid-from \
	    "$D/small.csv" --frames 1 --shard 1/10 -o /dev/null
	per=$(awk -v a="$(tail -n 1 "$D/big.kb")" \
	    -v b="$(tail -n 1 "$D/small.kb")" \
	    'BEGIN { printf "%.1f", (a - b) * 1024 / 500000 }')
	awk -v p="$per" 'BEGIN { exit !(p < 36) }' ||
		fail "$per bytes a row, want under 36"
}
