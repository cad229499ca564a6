#!/usr/bin/env bats
# limits3.bats - issue #41's numerics at extreme inputs and up-front work
# limits (items 9, 10, 13, 14), one test each, named after the item.
bats_require_minimum_version 1.5.0
load helpers

@test "#41.13 mesh --no-reference skips the modes" {
	# the 1-D mesh's modes are a block of rows^2 doubles (2000^2 x 8
	# bytes: 32 MB) and seconds of eigen-solving; without the reference
	# (and with a rule that does not step by them) neither is needed, so
	# the run fits in 20 MB of address space and in 20 s, as the chain
	# of the same 2000 bodies does
	local out=$BATS_TEST_TMPDIR/mesh.csv
	status=0
	( ulimit -v 20000; exec timeout 20 "$SPRINGSIM" --model mesh \
	    --grid 2000x1 --no-reference --frames 1 ) >"$out" 2>"$BATS_TEST_TMPDIR/err" ||
		status=$?
	[ "$status" -eq 0 ] || fail "status $status: $(cat "$BATS_TEST_TMPDIR/err")"
	[ ! -s "$BATS_TEST_TMPDIR/err" ] || fail "stderr: $(cat "$BATS_TEST_TMPDIR/err")"
	# a header, then 2000 bodies at t = 0 and at t = dt
	[ "$(wc -l <"$out")" -eq 4001 ] || fail "not 4001 lines"
	# the exact rule steps by the modes: still solved, still exact
	sim --model mesh --grid 3x1 --no-reference --integrator exact --frames 2
	assert_status 0
	[ "$(nlines "$OUT")" -eq 10 ] || fail_with "exact: not 10 lines"
}
