#!/usr/bin/env bats
# network.bats - springsim --model pair|chain --dim 2|3 and --model mesh:
# the headers and row counts, a rope along x against the 1-D chain (awk),
# the dim-1 mesh of one column against the 1-D chain, the pair's momentum
# and its length against the 1-D pair, a rope hanging under gravity where
# Hooke's law puts it, every rule, ref_err, divergence, the errors, -o and
# --help; --damper: Nissen's pair turning on under the axial damper and
# stopped by Fiedler's (by hand), the two the same along the springs, its
# errors and help; --no-reference (the state's columns alone, byte for
# byte, and no --force).
bats_require_minimum_version 1.5.0
load helpers

CHAIN1_HEADER='t,particle,x,v,x_ref,v_ref,err_x,err_v'
CHAIN2_HEADER='t,particle,x,y,vx,vy,x_ref,y_ref,vx_ref,vy_ref,err_x,err_v,ref_err'
CHAIN3_HEADER='t,particle,x,y,z,vx,vy,vz,x_ref,y_ref,z_ref,vx_ref,vy_ref,vz_ref,err_x,err_v,ref_err'
PAIR2_HEADER='t,x1,y1,vx1,vy1,x2,y2,vx2,vy2,length,x1_ref,y1_ref,vx1_ref,vy1_ref,x2_ref,y2_ref,vx2_ref,vy2_ref,length_ref,err_length,ref_err'
SUMMARY1_HEADER='t,max_stretch,energy,energy_ref,max_err_x,max_err_v'
SUMMARY_HEADER='t,max_stretch,energy,energy_ref,max_err_x,max_err_v,ref_err'
NET_RULES='semi-implicit explicit impulse implicit backward-euler verlet rk4'

@test "network headers and row counts: pair, chain, mesh, dim 1 to 3, --summary" {
	sim --model pair --dim 2 --frames 10
	assert_status 0
	assert_stderr_empty
	[ "$(head -n 1 "$OUT")" = "$PAIR2_HEADER" ] || fail_with "pair header"
	[ "$(nlines "$OUT")" -eq 12 ] || fail_with "pair rows"
	sim --model pair --dim 3 --frames 4 --no-header
	assert_status 0
	awk_check "$OUT" 'NF != 29 { print NR, NF }' -v AWK_MIN_LINES=5
	sim --model chain --dim 2 --particles 4 --frames 10
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$CHAIN2_HEADER" ] || fail_with "chain header"
	[ "$(nlines "$OUT")" -eq 45 ] || fail_with "chain rows"
	sim --model chain --dim 3 --particles 3 --frames 2
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$CHAIN3_HEADER" ] || fail_with "3-D header"
	[ "$(nlines "$OUT")" -eq 10 ] || fail_with "3-D rows"
	sim --model mesh --grid 3x4 --frames 5
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$CHAIN1_HEADER" ] || fail_with "mesh header"
	[ "$(nlines "$OUT")" -eq $((1 + 6 * 12)) ] || fail_with "mesh rows"
	# particles numbered row-major from 1, every one each frame
	awk_check "$OUT" 'NR > 1 { n[$1]++; if ($2 != (NR - 2) % 12 + 1) print NR, $2 }
	    END { for (t in n) if (n[t] != 12) print t, n[t] }'
	sim --model mesh --frames 5 --summary
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$SUMMARY1_HEADER" ] || fail_with "summary header"
	[ "$(nlines "$OUT")" -eq 7 ] || fail_with "summary rows"
	sim --model mesh --grid 2x3 --dim 3 --frames 5 --summary
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$SUMMARY_HEADER" ] || fail_with "3-D summary header"
	[ "$(nlines "$OUT")" -eq 7 ] || fail_with "3-D summary rows"
}

@test "a 2-D rope moving along x is the 1-D chain, rule by rule (awk)" {
	# 1-D: displacements, anchor at 0, bodies at 0.3.  2-D: bodies at rest
	# spacing 1 from the anchor, moved by 0.3: x = particle + x_1d, y = 0.
	ref=$BATS_TEST_TMPDIR/line.csv
	for r in semi-implicit explicit impulse implicit backward-euler; do
		sim --model chain --particles 5 --target 0 --x0 0.3 --v0 0.1 \
		    --target-vel 0.2 --integrator "$r" --frames 60 --no-header
		assert_status 0
		cp "$OUT" "$ref"
		sim --model chain --dim 2 --particles 5 --target 0,0 --x0 0.3,0 \
		    --v0 0.1,0 --target-vel 0.2,0 --integrator "$r" --frames 60 \
		    --no-header
		assert_status 0
		assert_stderr_empty
		awk_check_ref "$ref" "$OUT" '
		    function off(a, b, tol) { d = a - b; return d > tol || -d > tol }
		    NR == FNR { x[FNR] = $3; v[FNR] = $4; xr[FNR] = $5; vr[FNR] = $6; next }
		    {   i = FNR
			if (off($3 - $2, x[i], 1e-12) || $4 != 0 || off($5, v[i], 1e-11) || $6 != 0)
				print r, FNR, "x", $3 - $2, x[i], "v", $5, v[i]
			# the rk4 reference at dt/64 against the exact modes
			if (off($7 - $2, xr[i], 1e-10) || off($9, vr[i], 1e-9))
				print r, FNR, "ref", $7 - $2, xr[i], $9, vr[i]
			if (!($13 >= 0 && $13 < 1e-11)) print r, FNR, "ref_err", $13
		    }' -v r="$r"
	done
}

@test "the dim-1 mesh of one column is the 1-D chain" {
	ref=$BATS_TEST_TMPDIR/line.csv
	for r in semi-implicit implicit backward-euler impulse exact; do
		sim --model chain --particles 4 --x0 0.2 --v0 -0.5 --target-vel 0.3 \
		    --ck 0.3 --cd 0.2 --integrator "$r" --frames 40 --no-header
		assert_status 0
		cp "$OUT" "$ref"
		sim --model mesh --grid 4x1 --x0 0.2 --v0 -0.5 --target-vel 0.3 \
		    --ck 0.3 --cd 0.2 --integrator "$r" --frames 40 --no-header
		assert_status 0
		awk_check_ref "$ref" "$OUT" '
		    function off(a, b, tol) { d = a - b; return d > tol || -d > tol }
		    NR == FNR { for (j = 1; j <= 8; j++) c[FNR, j] = $j; next }
		    { for (j = 1; j <= 8; j++) if (off($j, c[FNR, j], 1e-12)) print FNR, j, $j, c[FNR, j] }'
	done
}

@test "the dim-1 mesh: exact equals the reference; every rule converges on it" {
	sim --model mesh --grid 6x5 --integrator exact --frames 50 --summary \
	    --target-vel 0.5
	assert_status 0
	awk_check "$OUT" 'NR > 1 { if ($5 > 1e-12 || $6 > 1e-11) print NR, $5, $6 }'
	for r in semi-implicit explicit impulse implicit backward-euler; do
		sim --model mesh --grid 3x3 --integrator "$r" --dt 0.002 \
		    --duration 0.5 --summary --no-header
		a=$(tail -n 1 "$OUT" | cut -d, -f5)
		sim --model mesh --grid 3x3 --integrator "$r" --dt 0.001 \
		    --duration 0.5 --summary --no-header
		b=$(tail -n 1 "$OUT" | cut -d, -f5)
		assert_near "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')" 2 0.1 "$r error ratio"
	done
	sim --model mesh --grid 3x3 --integrator verlet --dt 0.002 --duration 0.5 \
	    --summary --no-header
	a=$(tail -n 1 "$OUT" | cut -d, -f5)
	sim --model mesh --grid 3x3 --integrator verlet --dt 0.001 --duration 0.5 \
	    --summary --no-header
	b=$(tail -n 1 "$OUT" | cut -d, -f5)
	assert_near "$(awk -v a="$a" -v b="$b" 'BEGIN { print a / b }')" 4 0.2 "verlet error ratio"
}

@test "the 2-D pair: momentum kept, its length along x the 1-D pair's" {
	# m1 = 1, m2 = 3, spinning: the momentum (0.5, -1 + 3 * 0.4) stays put
	sim --model pair --dim 2 --m1 1 --m2 3 --stiffness 12 --damping 0.6 \
	    --x2 1.5,0.2 --v1 0.5,-1 --v2 0,0.4 --frames 120
	assert_status 0
	awk_check "$OUT" 'function off(a, b) { d = a - b; return d > 1e-12 || -d > 1e-12 }
	    NR > 1 { if (off($4 + 3 * $8, 0.5) || off($5 + 3 * $9, 0.2)) print NR, "momentum", $4 + 3 * $8, $5 + 3 * $9
		if (off($13 + 3 * $17, 0.5) || off($14 + 3 * $18, 0.2)) print NR, "ref momentum"
		if (!($21 >= 0 && $21 < 1e-10)) print NR, "ref_err", $21 }'
	ref=$BATS_TEST_TMPDIR/pair1.csv
	sim --model pair --m1 1 --m2 3 --stiffness 12 --damping 0.6 --x2 1.5 \
	    --v1 0.2 --frames 120 --no-header
	cp "$OUT" "$ref"
	sim --model pair --dim 2 --m1 1 --m2 3 --stiffness 12 --damping 0.6 \
	    --x2 1.5,0 --v1 0.2,0 --frames 120 --no-header
	assert_status 0
	awk_check_ref "$ref" "$OUT" '
	    function off(a, b, tol) { d = a - b; return d > tol || -d > tol }
	    NR == FNR { len[FNR] = $6; lref[FNR] = $11; next }
	    { if (off($10, len[FNR], 1e-12) || off($19, lref[FNR], 1e-10)) print FNR, $10, len[FNR], $19, lref[FNR] }'
}

@test "a rope and a mesh hanging under gravity come to rest where Hooke puts them" {
	# k = 100, m = 1, g = 9.81: a spring holding j bodies stretches j g / k
	sim --model chain --dim 2 --particles 3 --stiffness 100 --damping 10 \
	    --gravity 9.81 --duration 30 --no-header
	assert_status 0
	tail -n 3 "$OUT" >"$BATS_TEST_TMPDIR/last"
	awk_check "$BATS_TEST_TMPDIR/last" '{ want = 0; for (j = 1; j <= $2; j++) want -= 1 + (4 - j) * 0.0981
	    if ($3 > 1e-6 || -$3 > 1e-6 || $4 - want > 1e-6 || want - $4 > 1e-6) print $2, $3, $4, want }' \
	    -v AWK_MIN_LINES=3
	sim --model mesh --grid 2x3 --dim 3 --stiffness 100 --damping 10 \
	    --gravity 9.81 --duration 30 --no-header
	assert_status 0
	tail -n 6 "$OUT" >"$BATS_TEST_TMPDIR/last"
	awk_check "$BATS_TEST_TMPDIR/last" '{ r = int(($2 - 1) / 3); c = ($2 - 1) % 3
	    want = r == 0 ? -(1 + 2 * 0.0981) : -(2 + 3 * 0.0981)
	    if ($3 - c > 1e-5 || c - $3 > 1e-5 || $4 - want > 1e-5 || want - $4 > 1e-5 || $5 != 0) print $2, $3, $4, $5, want }' \
	    -v AWK_MIN_LINES=6
}

@test "every network rule runs in 2-D and 3-D, and the dim-1 mesh's exact" {
	for r in $NET_RULES; do
		sim --model chain --dim 3 --particles 4 --x0 0.1,0.2,-0.1 \
		    --gravity 9.81 --integrator "$r" --frames 20 --summary
		assert_status 0
		assert_stderr_empty
		[ "$(nlines "$OUT")" -eq 22 ] || fail_with "$r rows"
		sim --model mesh --grid 3x2 --dim 2 --integrator "$r" --frames 5 \
		    --v0 0,1
		assert_status 0
		sim --model pair --dim 2 --integrator "$r" --frames 5 --v2 0,1
		assert_status 0
		sim --model mesh --grid 2x2 --integrator "$r" --frames 5
		assert_status 0
	done
	sim --model mesh --grid 2x2 --integrator exact --frames 5
	assert_status 0
	# no NaN anywhere, whatever the rule
	grep -qi nan "$OUT" && fail_with "nan in the output"
	true
}

@test "impulse: undamped it is semi-implicit (the order acts only through the damping)" {
	# positions are read at the step's start, so only the damping sees the
	# velocities earlier springs changed
	ref=$BATS_TEST_TMPDIR/semi.csv
	sim --model mesh --grid 5x4 --dim 2 --gravity 9.81 --stiffness 2000 \
	    --damping 0 --integrator semi-implicit --frames 30 --no-header
	cp "$OUT" "$ref"
	sim --model mesh --grid 5x4 --dim 2 --gravity 9.81 --stiffness 2000 \
	    --damping 0 --integrator impulse --frames 30 --no-header
	assert_status 0
	awk_check_ref "$ref" "$OUT" '
	    NR == FNR { for (j = 3; j <= 6; j++) c[FNR, j] = $j; next }
	    { for (j = 3; j <= 6; j++) { d = $j - c[FNR, j]; if (d > 1e-11 || -d > 1e-11) print FNR, j, $j, c[FNR, j] } }'
	# damped, they part
	sim --model mesh --grid 5x4 --dim 2 --gravity 9.81 --stiffness 2000 \
	    --damping 20 --integrator semi-implicit --frames 30 --no-header
	cp "$OUT" "$ref"
	sim --model mesh --grid 5x4 --dim 2 --gravity 9.81 --stiffness 2000 \
	    --damping 20 --integrator impulse --frames 30 --no-header
	awk_check_ref "$ref" "$OUT" '
	    NR == FNR { y[FNR] = $4; next }
	    { d = $4 - y[FNR]; if (d < 0) d = -d; if (d > m) m = d }
	    END { if (!(m > 1e-4)) print "impulse and semi-implicit differ by", m }'
}

@test "the dim-1 mesh, plucked, diverges just above analyze's limits and not below" {
	# analyze --model mesh --grid 10x10 (the modes): semi-implicit 0.3385 at
	# Cd = Ck, 1.0156 at Cd = 0; impulse (its 2n x 2n step) 1.336 at Cd = Ck
	sim analyze --model mesh --grid 10x10 --no-header
	assert_status 0
	awk_check "$OUT" '
	    $4 == "semi-implicit" && $5 == 1 && !($6 > 0.33 && $6 < 0.36) { print "semi", $6 }
	    $4 == "semi-implicit" && $5 == 0 && !($6 > 0.98 && $6 < 1.05) { print "semi cd 0", $6 }
	    $4 == "impulse" && $5 == 1 && !($6 > 1.30 && $6 < 1.40) { print "impulse", $6 }'
	for c in "semi-implicit 0.36 0.36 0.33 0.33" "semi-implicit 1.05 0 0.98 0" \
	    "impulse 1.40 1.40 1.30 1.30"; do
		set -- $c
		sim --model mesh --grid 10x10 --pluck 1 --x0 0 --integrator "$1" \
		    --ck "$2" --cd "$3" --frames 3000 --summary
		assert_status 0
		assert_stderr_has "diverged at frame"
		sim --model mesh --grid 10x10 --pluck 1 --x0 0 --integrator "$1" \
		    --ck "$4" --cd "$5" --frames 3000 --summary
		assert_status 0
		stderr_text
		[[ $STDERR_TEXT != *diverged* ]] || fail_with "$1 at $4 diverged"
	done
	# unplucked, every column starts alike and stays so: the chain's limit
	sim --model mesh --grid 10x10 --ck 0.36 --cd 0.36 --frames 3000 --summary
	assert_status 0
	assert_stderr_empty
}

@test "ref_err: positive and small for a gentle rope" {
	sim --model chain --dim 2 --particles 6 --gravity 9.81 --ck 0.3 --cd 0.1 \
	    --frames 60 --summary --no-header
	assert_status 0
	awk_check "$OUT" '$1 > 0 && !($7 > 0 && $7 < 1e-9) { print NR, $7 }' \
	    -v AWK_MIN_LINES=61
}

@test "a rope beyond its limit diverges: a warning, the rows so far, exit 0" {
	sim --model chain --dim 2 --integrator explicit --ck 2 --cd 0 \
	    --x0 0.1,0 --frames 300 --summary
	assert_status 0
	assert_stderr_has "diverged at frame"
	n=$(nlines "$OUT")
	[ "$n" -gt 2 ] && [ "$n" -lt 302 ] || fail_with "rows kept: $n"
	grep -qi nan "$OUT" && fail_with "nan in the output"
	true
}

@test "network errors: one line naming the flag and the value, exit 2" {
	assert_usage_error "--grid" "'3x'" -- --model mesh --grid 3x
	assert_usage_error "--grid" "'0x4'" -- --model mesh --grid 0x4
	assert_usage_error "--grid" "'3x4x5'" -- --model mesh --grid 3x4x5
	assert_usage_error "--grid" "'50x50'" "2000" -- --model mesh --grid 50x50
	assert_usage_error "--grid" "'-3x4'" -- --model mesh --grid -3x4
	assert_usage_error "--x0" "'1'" -- --model chain --dim 2 --x0 1
	assert_usage_error "--x0" "'1,2,3'" -- --model chain --dim 2 --x0 1,2,3
	assert_usage_error "--target" "'1,2'" -- --model mesh --target 1,2
	assert_usage_error "--v2" "'1,x'" -- --model pair --dim 2 --v2 1,x
	assert_usage_error "--dim" "'4'" -- --model chain --dim 4
	assert_usage_error "--dim" "'4'" -- --model mesh --dim 4
	assert_usage_error "--dim" "'0'" -- --model pair --dim 0
	assert_usage_error "--integrator" "'exact'" "rk4" -- --model chain --dim 2 --integrator exact
	assert_usage_error "--integrator" "'nope'" -- --model mesh --integrator nope
	assert_usage_error "--rest" "'2'" -- --model mesh --rest 2
	assert_usage_error "--rest" "'-1'" -- --model chain --dim 2 --rest -1
	assert_usage_error "--gravity" "'9'" -- --model mesh --gravity 9
	assert_usage_error "--gravity" "'abc'" -- --model chain --dim 2 --gravity abc
	assert_usage_error "--m1" "chain" -- --model chain --dim 3 --m1 2
	assert_usage_error "--m1" "'0'" -- --model pair --dim 3 --m1 0
	assert_usage_error "--x0" "pair" -- --model pair --dim 2 --x0 1,1
	assert_usage_error "--particles" "mesh" -- --model mesh --particles 3
	assert_usage_error "--grid" "chain" -- --model chain --dim 2 --grid 3x3
	assert_usage_error "--summary" -- --model pair --dim 2 --summary
	assert_usage_error "--pluck" "'7'" "6 bodies" -- --model mesh --grid 2x3 --pluck 7
	assert_usage_error "--pluck" "'0'" -- --model chain --dim 2 --pluck 0
	assert_usage_error "--pluck" "pair" -- --model pair --dim 2 --pluck 1
	assert_usage_error "--mass" -- --model pair --dim 2 --mass 2
	assert_usage_error "--metrics" -- --model mesh --metrics
	assert_usage_error "--substep" -- --model chain --dim 2 --substep max
	assert_usage_error "--target-signal" -- --model mesh --target-signal sine
	assert_usage_error "--dt-jitter" -- --model mesh --dt-jitter 0.1
	assert_usage_error "--hitch" -- --model chain --dim 2 --hitch 1:0.1
	assert_usage_error "--fast-exp" -- --model mesh --integrator exact --fast-exp
	assert_usage_error "--force" -- --model mesh --grid 40x50 --dim 2 --frames 100000
}

@test "--no-reference: the headers drop every reference column" {
	sim --model pair --dim 2 --frames 2 --no-reference
	assert_status 0
	assert_stderr_empty
	[ "$(head -n 1 "$OUT")" = "t,x1,y1,vx1,vy1,x2,y2,vx2,vy2,length" ] || fail_with "pair header"
	[ "$(nlines "$OUT")" -eq 4 ] || fail_with "pair rows"
	sim --model pair --dim 3 --frames 2 --no-reference
	[ "$(head -n 1 "$OUT")" = "t,x1,y1,z1,vx1,vy1,vz1,x2,y2,z2,vx2,vy2,vz2,length" ] ||
		fail_with "3-D pair header"
	sim --model chain --dim 2 --particles 3 --frames 2 --no-reference
	[ "$(head -n 1 "$OUT")" = "t,particle,x,y,vx,vy" ] || fail_with "chain header"
	[ "$(nlines "$OUT")" -eq 10 ] || fail_with "chain rows"
	sim --model mesh --grid 2x3 --dim 3 --frames 2 --no-reference
	[ "$(head -n 1 "$OUT")" = "t,particle,x,y,z,vx,vy,vz" ] || fail_with "3-D mesh header"
	[ "$(nlines "$OUT")" -eq 19 ] || fail_with "mesh rows"
	sim --model mesh --grid 2x3 --frames 2 --no-reference
	[ "$(head -n 1 "$OUT")" = "t,particle,x,v" ] || fail_with "dim-1 mesh header"
	for args in "--model mesh" "--model mesh --dim 2" "--model chain --dim 3"; do
		# shellcheck disable=SC2086
		sim $args --frames 2 --summary --no-reference
		assert_status 0
		[ "$(head -n 1 "$OUT")" = "t,max_stretch,energy" ] || fail_with "$args: summary header"
		[ "$(nlines "$OUT")" -eq 4 ] || fail_with "$args: summary rows"
	done
}

@test "--no-reference: the columns kept are the reference run's, byte for byte" {
	for r in semi-implicit explicit impulse implicit backward-euler verlet rk4; do
		same_columns 1-10 --model pair --dim 2 --m1 1 --m2 3 --x2 1.5,0.2 \
		    --v1 0.5,-1 --integrator "$r" --frames 30
		same_columns 1-14 --model pair --dim 3 --v2 0,1,0.5 --damper axial \
		    --integrator "$r" --frames 20
		same_columns 1-6 --model chain --dim 2 --particles 4 --gravity 9.81 \
		    --integrator "$r" --frames 20
		same_columns 1-8 --model chain --dim 3 --particles 3 \
		    --x0 0.1,0.2,-0.1 --integrator "$r" --frames 20
		same_columns 1-3 --model mesh --grid 3x3 --dim 2 --gravity 9.81 \
		    --v0 0,1 --pluck 5 --integrator "$r" --frames 20 --summary
		same_columns 1-4 --model mesh --grid 3x2 --pluck 2 --integrator "$r" \
		    --frames 20
		same_columns 1-3 --model mesh --grid 3x2 --pluck 2 --integrator "$r" \
		    --frames 20 --summary
	done
	same_columns 1-4 --model mesh --grid 3x3 --pluck 4 --integrator exact --frames 20
	same_columns 1-3 --model mesh --grid 4x2 --integrator exact --frames 20 --summary
	# the state's divergence stops it at the same frame, the same warning
	same_columns 1-3 --model chain --dim 2 --integrator explicit --ck 2 --cd 0 \
	    --x0 0.1,0 --frames 300 --summary
	assert_stderr_has "diverged at frame"
}

@test "--no-reference: no --force, the reference's cost is gone" {
	# with the reference: refused up front; without it the run goes on to
	# open its output (here a missing directory: exit 1, naming the file)
	f=$BATS_TEST_TMPDIR/missing/mesh.csv
	assert_usage_error "--force" -- --model mesh --grid 40x50 --dim 2 \
	    --frames 100000 -o "$f"
	sim --model mesh --grid 40x50 --dim 2 --frames 100000 --no-reference -o "$f"
	assert_status 1
	assert_stderr_has "$f"
	stderr_text
	[[ $STDERR_TEXT != *--force* ]] || fail_with "--force asked for"
	# a 32x32 mesh hanging under gravity, the rule alone
	sim --model mesh --grid 32x32 --dim 2 --gravity 9.81 --ck 0.3 --cd 0.3 \
	    --frames 200 --summary --no-reference
	assert_status 0
	assert_stderr_empty
	[ "$(nlines "$OUT")" -eq 202 ] || fail_with "rows"
	for args in "--model mesh --help" "--model pair --dim 2 --help"; do
		# shellcheck disable=SC2086
		sim $args
		grep -qF -- "--no-reference" "$OUT" || fail_with "$args: help"
	done
	assert_usage_error "--no-reference" -- --model mesh --no-reference=yes
}

@test "network: -o writes the file whole, and nothing on an error" {
	f=$BATS_TEST_TMPDIR/mesh.csv
	sim --model mesh --grid 2x2 --dim 2 --frames 5 -o "$f"
	assert_status 0
	assert_stdout_empty
	[ "$(nlines "$f")" -eq 25 ] || fail_with "rows in the file"
	rm -f "$f"
	sim --model mesh --grid 2x2x2 --frames 5 -o "$f"
	assert_status 2
	[ ! -e "$f" ] || fail_with "a file written on an error"
	sim --model chain --dim 2 --x0 1 -o "$f"
	assert_status 2
	[ ! -e "$f" ] || fail_with "a file written on an error"
}

@test "network --help: every flag and rule, and what ref_err is" {
	for args in "--model mesh --help" "--model pair --dim 2 --help" \
	    "--model chain --dim 3 --help"; do
		sim $args
		assert_status 0
		for s in "usage: springsim --model pair --dim 2|3" "--model mesh" \
		    --grid --gravity --rest --x1 --x2 --v1 --v2 --m1 --m2 \
		    --particles --x0 --v0 --target --target-vel --summary --pluck \
		    --integrator "ref_err" "/ 15" "dt/64" "2000 bodies" \
		    $NET_RULES exact; do
			grep -qF -- "$s" "$OUT" || fail_with "$args: no $s"
		done
	done
	# and run routes: 1-D without --dim, networks with it
	sim --model chain --frames 1
	[ "$(head -n 1 "$OUT")" = "$CHAIN1_HEADER" ] || fail_with "1-D chain"
	sim --model chain --dim=2 --frames 1
	[ "$(head -n 1 "$OUT")" = "$CHAIN2_HEADER" ] || fail_with "--dim=2"
	sim --model chain --dim 1 --frames 1
	[ "$(head -n 1 "$OUT")" = "$CHAIN1_HEADER" ] || fail_with "--dim 1"
	# --dim reads a whole number: 01 and +1 are 1 too, the 1-D chain
	for d in 01 +1 --dim=001; do
		if [ "$d" = --dim=001 ]; then sim --model pair "$d" --frames 1
		else sim --model chain --dim "$d" --frames 1; fi
		[ "$status" -eq 0 ] || fail_with "--dim $d: status $status"
	done
	sim --model chain --dim 01 --frames 1
	[ "$(head -n 1 "$OUT")" = "$CHAIN1_HEADER" ] || fail_with "--dim 01"
}

@test "--damper axial: Nissen's Ck = Cd = 1 pair keeps turning; relative stops it (by hand)" {
	# m1 = m2 = 1 (m_red 1/2), dt 1/60: k = 1800, c = 30; x2 = (1.5, 0),
	# v2 = (0, 1): d = x1 - x2 = (-1.5, 0), u = (-1, 0), stretch 0.5, the
	# spring's pull (900, 0) on body 1, semi-implicit.
	# relative: damping -c (v1 - v2) = (0, 30): v1 = (15, 0.5), v2 =
	# (-15, 0.5), x1 = (0.25, 1/120), x2 = (1.25, 1/120), length 1; the
	# next step's damping stops the relative (30, 0): both at (0, 0.5).
	# The reference (continuous): L = d x (v1 - v2) decays as 1.5 e^(-c t /
	# m_red) = 1.5 e^(-60 t) whatever the spring does.
	sim --model pair --dim 2 --ck 1 --cd 1 --x2 1.5,0 --v2 0,1 --frames 600 \
	    --no-header
	assert_status 0
	assert_stderr_empty
	awk_check "$OUT" 'function off(a, b, tol) { d = a - b; return d > tol || -d > tol }
	    NR == 2 { if (off($2, 0.25, 1e-15) || off($3, 1 / 120, 1e-17) || off($4, 15, 1e-13) ||
		off($5, 0.5, 1e-15) || off($6, 1.25, 1e-15) || off($7, 1 / 120, 1e-17) ||
		off($8, -15, 1e-13) || off($9, 0.5, 1e-15) || off($10, 1, 1e-15)) print "step 1:", $0 }
	    NR > 2 { if (off($4, 0, 1e-12) || off($8, 0, 1e-12) || off($5, 0.5, 1e-15) ||
		off($9, 0.5, 1e-15) || off($10, 1, 1e-14)) print "at rest:", NR, $4, $5, $8, $9, $10 }
	    { L = ($11 - $15) * ($14 - $18) - ($12 - $16) * ($13 - $17)
	      if (off(L, 1.5 * exp(-60 * $1), 1e-9)) print "ref L", NR, L, 1.5 * exp(-60 * $1) }' \
	    -v AWK_MIN_LINES=601
	# axial: v . u = 0, no damping: v1 = (15, 0), v2 = (-15, 1), x2 = (1.25,
	# 1/60): the stretch along the old axis gone, the turn kept, length
	# sqrt(1 + 1/3600).  Then every step replaces the part of v1 - v2 along
	# d by -stretch/dt and keeps L = d x (v1 - v2) = 1.5, so |d'|^2 = 1 +
	# dt^2 L^2 / |d|^2, settling at l^2 = (1 + sqrt(1 + 4 dt^2 L^2)) / 2.
	# The reference keeps L too (to rk4's error) and settles where the
	# spring holds the spin, 1800 (l - 1) = m_red L^2 / l^3 (Newton below).
	sim --model pair --dim 2 --ck 1 --cd 1 --x2 1.5,0 --v2 0,1 --frames 600 \
	    --no-header --damper axial
	assert_status 0
	assert_stderr_empty
	awk_check "$OUT" 'function off(a, b, tol) { d = a - b; return d > tol || -d > tol }
	    BEGIN { h = 1 / 60; ls = sqrt((1 + sqrt(1 + 4 * h * h * 2.25)) / 2)
		lc = 1; for (i = 0; i < 50; i++) lc -= (1800 * (lc - 1) - 1.125 / lc^3) / (1800 + 3.375 / lc^4) }
	    NR == 2 { if (off($2, 0.25, 1e-15) || off($3, 0, 0) || off($4, 15, 1e-13) ||
		off($5, 0, 0) || off($6, 1.25, 1e-15) || off($7, h, 1e-17) ||
		off($8, -15, 1e-13) || off($9, 1, 1e-15) || off($10, sqrt(1 + h * h), 1e-15)) print "step 1:", $0 }
	    NR > 2 { if (off($10 * $10, 1 + h * h * 2.25 / (p * p), 1e-14)) print "|d|", NR, $10, p }
	    { p = $10
	      L = ($2 - $6) * ($5 - $9) - ($3 - $7) * ($4 - $8)
	      if (off(L, 1.5, 1e-12)) print "L", NR, L
	      L = ($11 - $15) * ($14 - $18) - ($12 - $16) * ($13 - $17)
	      if (off(L, 1.5, 1e-10)) print "ref L", NR, L }
	    END { if (off($10, ls, 1e-14) || off($19, lc, 1e-9) || !(ls > 1.0003 && lc > 1.0006))
		print "settled", $10, ls, $19, lc }' -v AWK_MIN_LINES=601
}

@test "--damper: along the spring the two are the same, byte for byte; relative is the default" {
	ref=$BATS_TEST_TMPDIR/relative.csv
	for r in $NET_RULES; do
		for args in "--model chain --dim 2 --particles 4 --x0 0.2,0 --v0 0.5,0 --target-vel 0.3,0" \
		    "--model chain --dim 3 --particles 3 --x0 -0.1,0,0 --ck 0.3 --cd 0.4" \
		    "--model pair --dim 3 --x2 1.7,0,0 --v1 0.4,0,0 --m2 2 --ck 0.5 --cd 0.6"; do
			sim $args --integrator "$r" --frames 60
			assert_status 0
			cp "$OUT" "$ref"
			sim $args --integrator "$r" --frames 60 --damper axial
			assert_status 0
			assert_stderr_empty
			cmp -s "$ref" "$OUT" || fail_with "$r $args: axial differs along x"
		done
		# spinning, the default is relative, and axial is not it
		args="--model mesh --grid 3x2 --dim 3 --gravity 9.81 --v0 0.3,1,-0.5 --pluck 4"
		sim $args --integrator "$r" --frames 30
		cp "$OUT" "$ref"
		sim $args --integrator "$r" --frames 30 --damper relative
		assert_status 0
		cmp -s "$ref" "$OUT" || fail_with "$r: --damper relative is not the default"
		sim $args --integrator "$r" --frames 30 --damper axial
		assert_status 0
		! cmp -s "$ref" "$OUT" || fail_with "$r: axial is relative off the axis"
	done
}

@test "--damper: errors (one line naming the flag and the value, exit 2) and help" {
	assert_usage_error "--damper" "'foo'" "relative or axial" -- --model pair --dim 2 --damper foo
	assert_usage_error "--damper" "'Axial'" -- --model chain --dim 3 --damper Axial
	assert_usage_error "--damper" "''" -- --model mesh --dim 2 --damper ''
	assert_usage_error "--damper" "'axial '" -- --model mesh --dim 2 --damper 'axial '
	assert_usage_error "--damper" "'axial'" "--dim 1" -- --model mesh --damper axial
	assert_usage_error "--damper" "'relative'" "--dim 1" -- --model mesh --dim 1 --damper relative
	# 1-D pair and chain are the 1-D models: no such flag there
	assert_usage_error "--damper" -- --model pair --damper axial
	for args in "--model mesh --help" "--model pair --dim 3 --help"; do
		sim $args
		assert_status 0
		for s in "--damper relative|axial" "((v_a - v_b) . u) u" "c / m_red" \
		    "c u u^T" "|d| = 0 has no u"; do
			grep -qF -- "$s" "$OUT" || fail_with "$args: no $s"
		done
	done
}
