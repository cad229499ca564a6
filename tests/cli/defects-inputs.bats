#!/usr/bin/env bats
# defects-inputs.bats - the input files (--target-file, --frames-from,
# --grid-from) against the adversarial review's defects 3, 4, 5, 10, 15
# (input half), 16 and 17: a line is at most 65536 bytes, a last line
# needs no line end, a NUL byte or a space around a number is refused,
# every refusal is one line naming the file and the line (and a cell's
# column), out of memory is exit 1, and a FIFO is read, never waited on
# in silence.
bats_require_minimum_version 1.5.0
load helpers

# The limit of a line, its line end included (the man page's figure).
LINE_MAX_BYTES=65536

setup() {
	D=$BATS_TEST_TMPDIR
	# an AddressSanitizer build reserves terabytes of address space:
	# ulimit -v would stop it before main
	ASAN=
	if ldd "$SPRINGSIM" 2>/dev/null | grep -q libasan; then
		ASAN=1
	fi
}

# refused NEEDLE... -- ARGS: exit 2, nothing on stdout, one line on stderr
# holding every NEEDLE, with -o FILE given and no file left beside it.
refused() {
	mkdir -p "$D/out"
	assert_usage_error "$@" -o "$D/out/result.csv"
	[ -z "$(ls -A "$D/out")" ] || fail_with "left in the -o directory: $(ls -A "$D/out")"
}

# bounded KB ARGS: sim ARGS -o FILE within 20 s and, but for an ASan
# build, KB kilobytes of address space, so that a reader that grows
# without end fails the test at once instead of eating the machine.
bounded() {
	local kb=$1
	shift
	mkdir -p "$D/out"
	OUT=$D/stdout
	ERR=$D/stderr
	status=0
	(
		[ -n "$ASAN" ] || ulimit -v "$kb"
		exec timeout 20 "$SPRINGSIM" "$@" -o "$D/out/result.csv"
	) >"$OUT" 2>"$ERR" || status=$?
}

# assert_refusal STATUS NEEDLE...: the last run exited STATUS, wrote
# nothing (stdout, the -o directory) and said one line holding each NEEDLE.
assert_refusal() {
	assert_status "$1"
	shift
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "$@"
	[ -z "$(ls -A "$D/out")" ] || fail_with "left in the -o directory: $(ls -A "$D/out")"
}

@test "defect 3: a line longer than 65536 bytes is refused naming file and line, memory bounded; out of memory is exit 1" {
	local zeros
	# at the limit: line 2 is 65533 zeros, ",0" and "\n", 65536 bytes,
	# read as the row 0,0
	printf 't,target\n%0*d,0\n1,1\n' $((LINE_MAX_BYTES - 3)) 0 >"$D/max.csv"
	printf 't,target\n0,0\n1,1\n' >"$D/short.csv"
	[ "$(sed -n 2p "$D/max.csv" | wc -c)" -eq "$LINE_MAX_BYTES" ] || fail "line 2 is not 65536 bytes"
	sim run --target-file "$D/short.csv" --metrics
	assert_status 0
	cp "$OUT" "$D/short.out"
	sim run --target-file "$D/max.csv" --metrics
	assert_status 0
	cmp -s "$OUT" "$D/short.out" || fail_with "a 65536-byte line does not read as 0,0"
	# one byte more, in each file
	zeros=$((LINE_MAX_BYTES - 2))
	printf 't,target\n%0*d,0\n1,1\n' "$zeros" 0 >"$D/t.csv"
	refused --target-file "t.csv line 2" "longer than 65536 bytes" -- \
	    run --target-file "$D/t.csv"
	printf 'dt\n0.5\n%0*d\n' $((LINE_MAX_BYTES)) 1 >"$D/f.csv"
	refused --frames-from "f.csv line 3" "longer than 65536 bytes" -- \
	    run --frames-from "$D/f.csv"
	printf 'dt\n%0*d\n' $((LINE_MAX_BYTES)) 1 >"$D/g.csv"
	refused --grid-from "g.csv line 2" "longer than 65536 bytes" -- \
	    sweep --grid-from "$D/g.csv"
	# no line end ever: /dev/zero (its first byte is a NUL) and an
	# endless line of 1s, in 100 MB of address space (the old reader
	# grew to 2.8 GB in 5 s)
	bounded 100000 run --target-file /dev/zero
	assert_refusal 2 "--target-file: /dev/zero line 1: a NUL byte"
	bounded 100000 run --frames-from /dev/zero
	assert_refusal 2 "--frames-from: /dev/zero line 1: a NUL byte"
	bounded 100000 sweep --grid-from /dev/zero
	assert_refusal 2 "--grid-from: /dev/zero line 1: a NUL byte"
	bounded 100000 run --target-file <(tr '\0' 1 </dev/zero)
	assert_refusal 2 "--target-file: /dev/fd/" "line 1: longer than 65536 bytes"
	bounded 100000 run --frames-from <(tr '\0' 1 </dev/zero)
	assert_refusal 2 "--frames-from: /dev/fd/" "line 1: longer than 65536 bytes"
	bounded 100000 sweep --grid-from <(tr '\0' 1 </dev/zero)
	assert_refusal 2 "--grid-from: /dev/fd/" "line 1: longer than 65536 bytes"
	# endless valid rows in 40 MB: out of memory, exit 1 (was 2)
	[ -z "$ASAN" ] || skip "ASan build: no ulimit -v for out of memory"
	bounded 40000 run --target-file <(printf 't,target\n'
	    awk 'BEGIN { for (i = 0; ; i++) print i ",0" }')
	assert_refusal 1 "--target-file: out of memory"
	bounded 40000 run --frames-from <(awk 'BEGIN { for (;;) print 0.001 }')
	assert_refusal 1 "--frames-from: out of memory"
	bounded 40000 sweep --grid-from <(printf 'dt\n'
	    awk 'BEGIN { for (;;) print 0.001 }')
	assert_refusal 1 "--grid-from: out of memory"
}

@test "defect 4: a last line without a line end, and CRLF files, are read like any other" {
	local f
	# the target t,target / 0,0 / 1,1 four ways: one output
	printf 't,target\n0,0\n1,1\n' >"$D/lf.csv"
	printf 't,target\n0,0\n1,1' >"$D/lf-open.csv"
	printf 't,target\r\n0,0\r\n1,1\r\n' >"$D/crlf.csv"
	printf 't,target\r\n0,0\r\n1,1' >"$D/crlf-open.csv"
	sim run --target-file "$D/lf.csv" --metrics
	assert_status 0
	cp "$OUT" "$D/lf.out"
	for f in lf-open crlf crlf-open; do
		sim run --target-file "$D/$f.csv" --metrics
		assert_status 0
		assert_stderr_empty
		cmp -s "$OUT" "$D/lf.out" || fail_with "$f.csv does not read as lf.csv"
	done
	# frames of 0.5 and 0.25 s (two columns, so the last line has a
	# comma): the trajectory's times are 0, 0.5, 0.75
	printf 'dt,note\n0.5,9\n0.25,9' >"$D/frames-open.csv"
	printf 'dt,note\r\n0.5,9\r\n0.25,9' >"$D/frames-crlf.csv"
	for f in frames-open frames-crlf; do
		sim run --frames-from "$D/$f.csv"
		assert_status 0
		assert_stderr_empty
		[ "$(cut -d, -f1 "$OUT" | tr '\n' ' ')" = "t 0 0.5 0.75 " ] ||
			fail_with "$f.csv: times are not 0, 0.5, 0.75"
	done
	# two configurations, dt,x0 = 0.5,1 and 0.25,2 (dt is column 4 of
	# the metrics row, x0 column 9)
	printf 'dt,x0\n0.5,1\n0.25,2' >"$D/grid-open.csv"
	printf 'dt,x0\r\n0.5,1\r\n0.25,2' >"$D/grid-crlf.csv"
	for f in grid-open grid-crlf; do
		sim sweep --grid-from "$D/$f.csv" -q
		assert_status 0
		assert_stderr_empty
		[ "$(sed 1d "$OUT" | cut -d, -f4,9 | tr '\n' ' ')" = "0.5,1 0.25,2 " ] ||
			fail_with "$f.csv: not the two configurations"
	done
	# a quoted field still open at the end of the file is refused, on its
	# line
	printf 't,target\n0,0\n1,"1' >"$D/open-quote.csv"
	refused "--target-file" "open-quote.csv line 3" "quoted field" -- \
	    run --target-file "$D/open-quote.csv"
}

@test "defect 5: a NUL byte in a file is refused naming file and line" {
	printf 't,target\n0,0\n1\0junk,1\n' >"$D/t.csv"
	refused "--target-file: $D/t.csv line 3: a NUL byte" -- \
	    run --target-file "$D/t.csv"
	printf 'dt\n0.5\n0.25\0junk\n' >"$D/f.csv"
	refused "--frames-from: $D/f.csv line 3: a NUL byte" -- \
	    run --frames-from "$D/f.csv"
	printf 'dt\n0.5\n0.25\0junk\n' >"$D/g.csv"
	refused "--grid-from: $D/g.csv line 3: a NUL byte" -- \
	    sweep --grid-from "$D/g.csv"
	# in the header, in a last line without a line end
	printf 't\0,target\n0,0\n' >"$D/h.csv"
	refused "--target-file: $D/h.csv line 1: a NUL byte" -- \
	    run --target-file "$D/h.csv"
	printf 'dt\n0.5\n0.25\0' >"$D/e.csv"
	refused "--frames-from: $D/e.csv line 3: a NUL byte" -- \
	    run --frames-from "$D/e.csv"
}

@test "defect 10: a --grid-from column that is the sweep's own option is refused with one line" {
	local o name
	for name in grid-from fail-if shard grid_from fail_if; do
		printf '%s,dt\nx,0.5\n' "$name" >"$D/g.csv"
		refused "--grid-from: $D/g.csv line 1: column 1: '$name'" \
		    "not a run option that sweeps" -- sweep --grid-from "$D/g.csv"
	done
	# every option sweep --help names, as a column holding 'x': never
	# a silent exit 2
	for o in $("$SPRINGSIM" sweep --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		printf '%s\nx\n' "${o#--}" >"$D/c.csv"
		refused "--grid-from" "line" -- sweep --grid-from "$D/c.csv"
	done
}

# fifo_run FLAG FILE ARGS...: springsim ARGS FLAG FIFO, with no writer
# at first; once it says it waits (within 10 s), FILE is written into
# the FIFO.  Sets OUT, ERR and status.
fifo_run() {
	local flag=$1 file=$2 i pid
	shift 2
	OUT=$D/stdout
	ERR=$D/stderr
	status=0
	rm -f "$D/fifo"
	mkfifo "$D/fifo"
	timeout 20 "$SPRINGSIM" "$@" "$flag" "$D/fifo" >"$OUT" 2>"$ERR" &
	pid=$!
	for i in $(seq 100); do
		grep -q "waiting for a writer" "$ERR" && break
		sleep 0.1
	done
	if ! grep -q "waiting for a writer" "$ERR"; then
		kill "$pid" 2>/dev/null || true
		wait "$pid" || true
		fail_with "$flag on a FIFO without a writer: no word in 10 s"
	fi
	cat "$file" >"$D/fifo"
	wait "$pid" || status=$?
}

@test "defect 15: a FIFO without a writer is said to wait, then read; pipes, empty pipes and directories" {
	local flag file args
	printf 't,target\n0,0\n1,1\n' >"$D/t.csv"
	printf 'dt\n0.5\n0.25\n' >"$D/f.csv"
	printf 'dt,x0\n0.5,1\n0.25,2\n' >"$D/g.csv"
	for flag in --target-file --frames-from --grid-from; do
		case $flag in
		--target-file) file=$D/t.csv args="run --metrics" ;;
		--frames-from) file=$D/f.csv args="run --metrics" ;;
		--grid-from) file=$D/g.csv args="sweep -q" ;;
		esac
		# the file itself: the reference
		sim $args "$flag" "$file"
		assert_status 0
		cp "$OUT" "$D/ref.out"
		# a named FIFO whose writer comes late: one line, then the file
		fifo_run "$flag" "$file" $args
		assert_status 0
		assert_one_stderr_line
		assert_stderr_has "springsim: $flag: $D/fifo: waiting for a writer"
		cmp -s "$OUT" "$D/ref.out" || fail_with "$flag: the FIFO does not read as the file"
		# an anonymous pipe (bash's <(...), /dev/stdin): read, no word
		sim $args "$flag" <(cat "$file")
		assert_status 0
		assert_stderr_empty
		cmp -s "$OUT" "$D/ref.out" || fail_with "$flag <(...): not the file"
		OUT=$D/stdout ERR=$D/stderr status=0
		cat "$file" | "$SPRINGSIM" $args "$flag" /dev/stdin >"$OUT" 2>"$ERR" || status=$?
		assert_status 0
		cmp -s "$OUT" "$D/ref.out" || fail_with "$flag /dev/stdin: not the file"
		# an empty pipe: empty, one line, no wait
		refused "$flag" "/dev/fd/" -- $args "$flag" <(true)
		# a directory
		refused "$flag: $D: a directory, not a file" -- $args "$flag" "$D"
	done
}

@test "defect 16: a bad --grid-from cell names the file, the line, the column and the value" {
	printf 'dt,x0\n0.5,1\n0.25,abc\n' >"$D/g.csv"
	refused "--grid-from: $D/g.csv line 3: column 2: " "--x0" "'abc'" -- \
	    sweep --grid-from "$D/g.csv"
	printf 'dt,seed\n0.5,1\n0.5,1.5\n' >"$D/g.csv"
	refused "--grid-from: $D/g.csv line 3: column 2: " "--seed" "'1.5'" -- \
	    sweep --grid-from "$D/g.csv"
	# a value checked with the rest of its configuration (a bound, a
	# name): the configuration's row names the file's line
	printf 'dt,uaf,dr\n0.5,1,1\n0.5,-2,1\n' >"$D/g.csv"
	refused "sweep row 2 (--grid-from $D/g.csv line 3: " "--uaf" "'-2'" -- \
	    sweep --grid-from "$D/g.csv"
	printf 'dt,integrator\n0.5,explicit\n0.25,bogus\n' >"$D/g.csv"
	refused "sweep row 2 (--grid-from $D/g.csv line 3: " "'bogus'" -- \
	    sweep --x0 0,1 --grid-from "$D/g.csv"
	printf 'integrator\nbogus\n' >"$D/g.csv"
	refused "sweep row 1 (--grid-from $D/g.csv line 2): " "'bogus'" -- \
	    sweep --grid-from "$D/g.csv"
	printf 'dt,x0\n0.5,\n' >"$D/g.csv"
	refused "--grid-from: $D/g.csv line 2: column 2: '' is empty" -- \
	    sweep --grid-from "$D/g.csv"
	printf 'dt,x0\n0.5,1,2\n' >"$D/g.csv"
	refused "--grid-from: $D/g.csv line 2: 3 fields, the header has 2" -- \
	    sweep --grid-from "$D/g.csv"
	printf 'dt,bogus\n0.5,1\n' >"$D/g.csv"
	refused "--grid-from: $D/g.csv line 1: column 2: 'bogus'" -- \
	    sweep --grid-from "$D/g.csv"
}

@test "defect 17: a cell is a number as strictly as on the command line: no space around it" {
	local cell
	# the command line's rule, for reference
	assert_usage_error "--x0" "' 1'" -- run --x0 ' 1'
	for cell in '0 ' ' 0' "0$(printf '\t')" '" 0"'; do
		printf 't,target\n%s,0\n1,1\n' "$cell" >"$D/t.csv"
		refused "--target-file: $D/t.csv line 2 column 1 (t): '" \
		    "is not a decimal number" -- run --target-file "$D/t.csv"
	done
	printf 't,target\n0,0\n1, 1\n' >"$D/t.csv"
	refused "--target-file: $D/t.csv line 3 column 2 (target): ' 1'" -- \
	    run --target-file "$D/t.csv"
	# a header's names are as strict: ' target' is not target
	printf 't, target\n0,0\n' >"$D/t.csv"
	refused "--target-file: $D/t.csv line 1 column 2: ' target'" -- \
	    run --target-file "$D/t.csv"
	printf 'dt\n0.5\n0.25 \n' >"$D/f.csv"
	refused "--frames-from: $D/f.csv line 3: '0.25 '" -- \
	    run --frames-from "$D/f.csv"
	printf ' 0.5\n0.25\n' >"$D/f.csv"
	refused "--frames-from: $D/f.csv line 1: " "' 0.5'" -- \
	    run --frames-from "$D/f.csv"
	printf 'dt,x0\n0.5,1\n0.25, 2\n' >"$D/g.csv"
	refused "--grid-from: $D/g.csv line 3: column 2: " "' 2'" -- \
	    sweep --grid-from "$D/g.csv"
}
