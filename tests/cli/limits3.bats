#!/usr/bin/env bats
# limits3.bats - issue #41's numerics at extreme inputs and up-front work
# limits (items 9, 10, 13, 14), one test each, named after the item.
bats_require_minimum_version 1.5.0
load helpers

@test "#41.13 mesh --no-reference skips the modes" {
	ldd "$SPRINGSIM" 2>/dev/null | grep -q libasan &&
		skip "ASan build: no ulimit -v"
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

# field NAME FILE - the value of column NAME in the last row of CSV FILE.
field() {
	awk -F, -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c)
	    n = i } END { print $n }' "$2"
}

@test "#41.10 quat: the reference is kept above |w0| 1e41, and unknown (empty), never 0, when lost" {
	local w
	# |w0| 1e42..1e79 about x at 60 fps: h |w| up to 2.6e75 at 64 steps a
	# frame; the RK4 reference stays finite, so its error is a number
	# (the spin about x is the same in both, the angle to the goal is not
	# 0 and the two differ: above 0)
	for w in 1e42 1e60 1e79; do
		sim --model quat --w0 "$w,0,1" --metrics
		assert_status 0
		[ -n "$(field max_angle_err "$OUT")" ] || fail_with "$w: max_angle_err empty"
		[ -n "$(field rms_angle_err "$OUT")" ] || fail_with "$w: rms_angle_err empty"
		awk -v v="$(field max_angle_err "$OUT")" 'BEGIN { exit !(v > 0) }' ||
			fail_with "$w: max_angle_err $(field max_angle_err "$OUT") not above 0"
		sim --model quat --w0 "$w,0,1" --frames 3
		! grep -q ',,' "$OUT" || fail_with "$w: an empty _ref column"
	done
	# past h |w| 1e77 the reference overflows: the errors are unknown
	for w in 1e90 1e100; do
		sim --model quat --w0 "$w,0,1" --metrics
		assert_status 0
		for f in max_angle_err final_angle_err max_w_err ref_err; do
			[ -z "$(field $f "$OUT")" ] ||
				fail_with "$w: $f is '$(field $f "$OUT")', not empty"
		done
	done
}

@test "#41.9 quat rk4: max_norm_err stays finite at --w0 1e45" {
	# RK4 at h |w| 1.7e43 makes q about 1e170 long before the projection:
	# its norm is rescaled, never squared to inf; the projection then
	# makes |q| 1 to rounding, so the largest ||q| - 1| is below 1e-12
	sim --model quat --integrator rk4 --w0 1e45,0,1 --metrics
	assert_status 0
	awk -v v="$(field max_norm_err "$OUT")" 'BEGIN { exit !(v != "" && v < 1e-12) }' ||
		fail_with "max_norm_err '$(field max_norm_err "$OUT")'"
}

# refused LINE_NEEDLE... -- ARGS: exit 2, one stderr line holding every
# needle, nothing on stdout, within 10 s (refused up front).
refused() {
	local needles=() a
	while [ $# -gt 0 ] && [ "$1" != -- ]; do needles+=("$1"); shift; done
	shift
	OUT=$BATS_TEST_TMPDIR/stdout
	ERR=$BATS_TEST_TMPDIR/stderr
	status=0
	timeout 10 "$SPRINGSIM" "$@" >"$OUT" 2>"$ERR" || status=$?
	[ "$status" -eq 2 ] || fail_with "$*: status $status, not 2"
	[ ! -s "$OUT" ] || fail_with "$*: stdout not empty"
	[ "$(wc -l <"$ERR")" -eq 1 ] || fail_with "$*: not one stderr line"
	for a in "${needles[@]}"; do
		grep -qF -- "$a" "$ERR" || fail_with "$*: no '$a' in stderr"
	done
}

@test "#41.14 one work estimate: mesh, 3-D chain and box2d's substeps refused without --force" {
	# the 1-D mesh of 2000 bodies over 1e6 frames: a row a body a frame,
	# 2000 * 1e6 = 2e9 rows, as the chain of 2000 is refused
	refused "--grid 2000x1" "--frames 1000000" "2e+09 rows" "--force" -- \
	    --model mesh --grid 2000x1 --no-reference --frames 1000000
	refused "--particles 2000" "2e+09 rows" "--force" -- \
	    --model chain --particles 2000 --no-reference --frames 1000000
	# the 3-D chain: 2000 * 1e9 = 2e12 rows
	refused "--particles 2000" "--frames 1000000000" "2e+12 rows" -- \
	    --model chain --dim 3 --particles 2000 --no-reference \
	    --frames 1000000000
	# --summary writes a row a frame, but the steps are 1e8 frames of
	# 2000 bodies and 1999 springs: 4e11
	refused "--particles 2000" "4e+11 steps" -- \
	    --model chain --dim 3 --particles 2000 --no-reference --summary \
	    --frames 100000000
	# Box2D's substeps: 1e9 frames of 1000 substeps = 1e12 steps
	refused "--frames 1000000000" "--box2d-substeps 1000" "1e+12 steps" "--force" -- \
	    --engine box2d --box2d-substeps 1000 --frames 1000000000
	# its default, 4: 1e8 frames are 4e8 steps, below; 1e9 frames of 4
	# are refused by the frames alone
	# --substep fixed at --max-dt 1e-9: 1e9 frames of up to 1e6 substeps
	refused "--substep fixed" "--max-dt 1e-09" "1e+15 steps" -- \
	    --substep fixed --max-dt 1e-9 --max-substeps 1000000 \
	    --frames 1000000000
}

@test "#41.14 --force passes the estimate; a short run is not refused" {
	sim --model mesh --grid 2000x1 --no-reference --frames 1 --force
	assert_status 0
	sim --engine box2d --box2d-substeps 1000 --frames 3
	assert_status 0
	[ "$(nlines "$OUT")" -eq 5 ] || fail_with "not 5 lines"
}

@test "#41.9 rebound --clamp: an overflowed step is diverged, never an inf snap_jump" {
	# omega 1e53 (tension 1e106) over 2e100: rebound's RK4 overflows in
	# its first 1 ms step; the clamp would snap that inf back to the end
	sim --engine rebound --clamp --x0 -1e100 --target 1e100 --omega 1e53 \
	    --zeta 100 --metrics --frames 30
	assert_status 0
	[ "$(field diverged "$OUT")" = 1 ] || fail_with "not diverged"
	[ "$(field snap_jump "$OUT")" != inf ] || fail_with "snap_jump inf"
	# at omega 1e3 the clamp snaps a finite jump, as before
	sim --engine rebound --clamp --x0 -1e100 --target 1e100 --omega 1e3 \
	    --zeta 0 --metrics --frames 30
	assert_status 0
	[ "$(field diverged "$OUT")" = 0 ] || fail_with "diverged"
	awk -v v="$(field snap_jump "$OUT")" 'BEGIN { exit !(v > 0 && v < 1e101) }' ||
		fail_with "snap_jump '$(field snap_jump "$OUT")'"
}

@test "#41.9 the inf of energy_drift and the chain's energy is documented (out of range, not scaled)" {
	# the values are beyond the largest double (E / E0 1e382; omega^2 x^2
	# 1e400): springsim(1) says where inf comes from in each column
	local man=$BATS_TEST_DIRNAME/../../docs/springsim.1
	grep -q 'passed the largest double, about$' "$man" ||
		fail "energy_drift's inf undocumented"
	grep -q '^energy (and energy_ref) is$' "$man" ||
		fail "the chain's energy inf undocumented"
	sim --integrator explicit --omega 1e100 --zeta 0 --dt 1e-9 --frames 50 --metrics
	assert_status 0
	[ "$(field diverged "$OUT")" = 1 ] || fail_with "not diverged"
}
