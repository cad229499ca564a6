#!/usr/bin/env bats
# rotation.bats - --model quat (Holden's quaternion spring) and --model
# vector from the command line: closed forms in awk, the hemisphere, the
# vector-equals-scalar identity, the errors.
bats_require_minimum_version 1.5.0
load helpers

QUAT_HEAD='t,qw,qx,qy,qz,wx,wy,wz,qw_ref,qx_ref,qy_ref,qz_ref,wx_ref,wy_ref,wz_ref,angle,angle_ref,angle_err,ref_err'

@test "quat: 90 degrees about z, exact rule: the angle is the scalar spring's closed form" {
	sim --model quat --integrator exact --uaf 12 --dr 0.3 --duration 2
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$QUAT_HEAD" ] || fail_with "header"
	# theta(t) = pi/2 e^(-z w t) (cos bt + z w sin(bt) / b), b = w sqrt(1 - z^2);
	# the angle to the goal is |theta|; qz = sin((pi/2 - theta) / 2)
	awk_check "$OUT" 'NR > 1 { w = 12; z = 0.3; b = w * sqrt(1 - z * z); t = $1
	    th = 3.141592653589793 / 2 * exp(-z * w * t) * (cos(b * t) + z * w * sin(b * t) / b)
	    a = th < 0 ? -th : th
	    if ((d = $16 - a) > 1e-12 || -d > 1e-12) print NR, "angle", $16, a
	    if ((d = $17 - a) > 1e-12 || -d > 1e-12) print NR, "angle_ref", $17, a
	    if ($18 > 1e-12) print NR, "angle_err", $18
	    if ($19 != "") print NR, "ref_err not empty for the closed form"
	    if ($3 != 0 || $4 != 0) print NR, "left the z axis" }'
	[ "$(nlines "$OUT")" -eq 122 ] || fail_with "rows"
}

@test "quat: semi-implicit equals the scalar semi-implicit spring on the angle" {
	# e = log(q conj(g)) = x z, x from -pi/2 toward 0 (run's), w = v z
	sim --model quat --uaf 12 --dr 0.3 --dt 0.033 --frames 60
	assert_status 0
	cp "$OUT" "$BATS_TEST_TMPDIR/quat.csv"
	sim run --uaf 12 --dr 0.3 --dt 0.033 --frames 60 --x0 -1.5707963267948966 --target 0
	assert_status 0
	awk_check_ref "$OUT" "$BATS_TEST_TMPDIR/quat.csv" 'NR == FNR { x[FNR] = $2; v[FNR] = $3; next }
	    FNR > 1 { a = x[FNR] < 0 ? -x[FNR] : x[FNR]
	    if ((d = $16 - a) > 1e-12 || -d > 1e-12) print FNR, "angle", $16, a
	    if ((d = $8 - v[FNR]) > 1e-10 || -d > 1e-10) print FNR, "wz", $8, v[FNR] }'
}

@test "quat: a goal 179 degrees one way turns +z, 181 turns -z: the short way" {
	sim --model quat --target-angle 179 --frames 3
	assert_status 0
	awk_check "$OUT" 'NR > 2 && !($8 > 0) { print NR, "wz", $8 }'
	sim --model quat --target-angle 181 --frames 3
	assert_status 0
	awk_check "$OUT" 'NR > 2 && !($8 < 0) { print NR, "wz", $8 }
	    NR == 2 && ($16 - 3.12413936106985 > 1e-12 || 3.12413936106985 - $16 > 1e-12) { print "angle0", $16 }'
	# Holden's code as printed (no hemisphere check) turns the long way
	sim --model quat --target-angle 181 --frames 3 --no-hemisphere
	assert_status 0
	awk_check "$OUT" 'NR > 2 && !($8 > 0) { print NR, "wz", $8 }'
	sim --model quat --target-angle 181 --no-hemisphere --integrator exact --metrics
	assert_status 0
	awk_check "$OUT" 'NR == 2 && !($9 > 2.5) { print "max_angle_err", $9 }'
}

@test "quat: q0 and -q0 are the same rotation and give the same motion" {
	local r
	for r in exact semi-implicit rk4; do
		sim --model quat --integrator "$r" --q0 0.8,0.6,0,0 --w0 1,0,-2 --frames 30
		assert_status 0
		cp "$OUT" "$BATS_TEST_TMPDIR/a.csv"
		sim --model quat --integrator "$r" --q0 -0.8,-0.6,0,0 --w0 1,0,-2 --frames 30
		assert_status 0
		# q up to its sign; w and the angles alike
		awk_check_ref "$BATS_TEST_TMPDIR/a.csv" "$OUT" 'NR == FNR { for (i = 1; i <= NF; i++) a[FNR, i] = $i; next }
		    FNR > 1 { s = ($2 * a[FNR, 2] < 0 || ($2 == 0 && $3 * a[FNR, 3] < 0)) ? -1 : 1
		    for (i = 2; i <= 5; i++) if ((d = $i - s * a[FNR, i]) > 1e-12 || -d > 1e-12) print FNR, i, $i, a[FNR, i]
		    for (i = 6; i <= 8; i++) if ((d = $i - a[FNR, i]) > 1e-11 || -d > 1e-11) print FNR, i
		    if ((d = $18 - a[FNR, 18]) > 1e-12 || -d > 1e-12) print FNR, "angle_err" }'
	done
}

@test "quat: unit norm over a long run, never renormalized" {
	sim --model quat --integrator semi-implicit --w0 0,0,-3 --frames 1000000 --metrics
	assert_status 0
	awk_check "$OUT" 'NR == 2 && !($17 < 1e-12) { print "max_norm_err", $17 }
	    NR == 2 && $8 != "closed-form" { print "reference", $8 }'
}

@test "quat: w0 off e0's axis: RK4 reference with its halving estimate; Holden's exact rule is not exact" {
	sim --model quat --integrator exact --w0 4,0,0 --metrics
	assert_status 0
	assert_equal "$(metrics_field "$OUT" reference)" "rk4/64"
	awk_check "$OUT" 'NR == 2 && !($18 < 1e-10) { print "ref_err", $18 }
	    NR == 2 && !($9 > 0.1) { print "max_angle_err", $9 }'
	sim --model quat --integrator rk4 --w0 4,0,0 --metrics --dt 0.004
	assert_status 0
	awk_check "$OUT" 'NR == 2 && !($9 < 1e-6) { print "rk4 max_angle_err", $9 }'
	# the trajectory's ref_err column is filled
	sim --model quat --w0 4,0,0 --frames 5
	assert_status 0
	awk_check "$OUT" 'NR > 1 && $19 == "" { print NR, "empty ref_err" }'
}

@test "quat: --angle0/--axis0 is the same rotation as --q0; -o and --metrics" {
	sim --model quat --angle0 60 --axis0 1,0,0 --frames 10
	assert_status 0
	cp "$OUT" "$BATS_TEST_TMPDIR/a.csv"
	sim --model quat --q0 0.8660254037844387,0.5,0,0 --frames 10
	assert_status 0
	awk_check_ref "$BATS_TEST_TMPDIR/a.csv" "$OUT" 'NR == FNR { q[FNR] = $2; next }
	    FNR > 1 { if ((d = $2 - q[FNR]) > 1e-14 || -d > 1e-14) print FNR, $2, q[FNR] }'
	sim --model quat --metrics -o "$BATS_TEST_TMPDIR/m.csv"
	assert_status 0
	assert_stdout_empty
	[ "$(head -n 1 "$BATS_TEST_TMPDIR/m.csv")" = "model,integrator,dt,frames,omega,zeta,angle0,reference,max_angle_err,rms_angle_err,final_angle_err,max_w_err,rms_w_err,final_w_err,overshoot,settle_time,max_norm_err,ref_err,diverged" ] ||
		fail_with "metrics header"
	! grep -qi nan "$BATS_TEST_TMPDIR/m.csv" || fail_with "nan printed"
}

@test "vector: component k of a --dim 3 run is springsim run with its x0, v0, target, digit for digit" {
	local k x0 v0 g q
	sim --model vector --dim 3 --x0 0,1,2 --v0 1,0,-1 --target 1,0,0.5 \
	    --target-vel 0,0.5,0 --integrator implicit --dt 0.033 --duration 1
	assert_status 0
	cp "$OUT" "$BATS_TEST_TMPDIR/vec.csv"
	[ "$(head -n 1 "$OUT")" = "t,x0,x1,x2,v0,v1,v2,target0,target1,target2,x0_ref,x1_ref,x2_ref,v0_ref,v1_ref,v2_ref,err_x0,err_x1,err_x2,err_v0,err_v1,err_v2" ] ||
		fail_with "header"
	for k in 1 2 3; do
		x0=$(echo 0,1,2 | cut -d, -f$k)
		v0=$(echo 1,0,-1 | cut -d, -f$k)
		g=$(echo 1,0,0.5 | cut -d, -f$k)
		q=$(echo 0,0.5,0 | cut -d, -f$k)
		sim run --x0 "$x0" --v0 "$v0" --target "$g" --target-vel "$q" \
		    --integrator implicit --dt 0.033 --duration 1
		assert_status 0
		# run's t,x,v,target,x_ref,v_ref,err_x,err_v as text
		awk -F, -v k="$k" 'NR > 1 { print $1, $(1 + k), $(4 + k), $(7 + k), $(10 + k), $(13 + k), $(16 + k), $(19 + k) }' \
		    "$BATS_TEST_TMPDIR/vec.csv" >"$BATS_TEST_TMPDIR/comp"
		awk -F, 'NR > 1 { print $1, $2, $3, $4, $5, $6, $7, $8 }' "$OUT" >"$BATS_TEST_TMPDIR/run"
		cmp -s "$BATS_TEST_TMPDIR/comp" "$BATS_TEST_TMPDIR/run" ||
			fail_with "component $k differs from run"
	done
}

@test "vector: --metrics rows are run's --metrics rows, with substeps and a signal" {
	local k
	sim --model vector --x0 0,2 --target 1,-1 --substep fixed --dt 0.05 \
	    --target-signal sine --metrics
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "component,$METRICS_HEADER" ] || fail_with "header"
	cp "$OUT" "$BATS_TEST_TMPDIR/vec.csv"
	for k in 0 1; do
		sim run --x0 "$(echo 0,2 | cut -d, -f$((k + 1)))" \
		    --target "$(echo 1,-1 | cut -d, -f$((k + 1)))" --substep fixed \
		    --dt 0.05 --target-signal sine --metrics --no-header
		assert_status 0
		[ "$(sed -n "$((k + 2))p" "$BATS_TEST_TMPDIR/vec.csv")" = "$k,$(cat "$OUT")" ] ||
			fail_with "component $k"
	done
}

@test "vector: --dim from the lists, default 3" {
	sim --model vector --x0 0,1 --frames 2
	assert_status 0
	[ "$(head -n 1 "$OUT" | tr ',' '\n' | grep -c '^x[0-9]$')" -eq 2 ] || fail_with "dim 2"
	sim --model vector --frames 2
	assert_status 0
	[ "$(head -n 1 "$OUT" | tr ',' '\n' | grep -c '^x[0-9]$')" -eq 3 ] || fail_with "dim 3"
}

@test "quat and vector: errors name the flag and the value, exit 2, no output file" {
	assert_usage_error "--q0" "'1,0,0'" -- --model quat --q0 1,0,0
	assert_usage_error "--q0" "'1,x,0,0'" -- --model quat --q0 1,x,0,0
	assert_usage_error "--q0" "'0,0,0,0'" "length 0" -- --model quat --q0 0,0,0,0
	assert_usage_error "--target" "'0,0,0,0'" -- --model quat --target 0,0,0,0
	assert_usage_error "--target" "'1,0,0,nan'" -- --model quat --target 1,0,0,nan
	assert_usage_error "--w0" "'1,2'" -- --model quat --w0 1,2
	assert_usage_error "--axis0" "'0,0,0'" -- --model quat --angle0 5 --axis0 0,0,0
	assert_usage_error "--angle0" "'1e9'" -- --model quat --angle0 1e9
	assert_usage_error "--integrator" "verlet" -- --model quat --integrator verlet
	assert_usage_error "--x0" -- --model quat --x0 1
	assert_usage_error "--target-angle" -- --model quat --target 1,0,0,0 --target-angle 3
	assert_usage_error "--substep" -- --model quat --substep max
	assert_usage_error "--target-signal" -- --model quat --target-signal sine
	assert_usage_error "--fast-exp" -- --model quat --fast-exp
	assert_usage_error "--dim" "'4'" -- --model vector --dim 4
	assert_usage_error "--x0" "'0,1'" "--dim 3" -- --model vector --dim 3 --x0 0,1
	assert_usage_error "--target" "'1,0,0'" -- --model vector --x0 0,1 --target 1,0,0
	assert_usage_error "--x0" "'1,2,3,4'" -- --model vector --x0 1,2,3,4
	assert_usage_error "--v0" "'1,,2'" -- --model vector --v0 1,,2
	assert_usage_error "--target-file" -- --model vector --target-file /dev/null
	sim --model quat --q0 1,0,0 -o "$BATS_TEST_TMPDIR/no.csv"
	assert_status 2
	[ ! -e "$BATS_TEST_TMPDIR/no.csv" ] || fail_with "partial output file"
	sim --model vector --dim 4 -o "$BATS_TEST_TMPDIR/no.csv"
	assert_status 2
	[ ! -e "$BATS_TEST_TMPDIR/no.csv" ] || fail_with "partial output file"
}

@test "quat and vector: --help and springsim list name them" {
	sim --model quat --help
	assert_status 0
	grep -q 'no-hemisphere' "$OUT" || fail_with "quat help"
	sim --model vector --help
	assert_status 0
	grep -q -- '--dim N' "$OUT" || fail_with "vector help"
	sim list
	assert_status 0
	grep -q '^  quat ' "$OUT" && grep -q '^  vector ' "$OUT" || fail_with "list"
}
