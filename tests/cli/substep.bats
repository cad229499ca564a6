#!/usr/bin/env bats
# substep.bats - substep policies, frame-time schedules and fps, as a user
# sees them.  Expected values are worked out in the comments.
bats_require_minimum_version 1.5.0
load helpers

# field FILE NAME - column NAME of a --metrics output's row.
field() {
	metrics_field "$1" "$2"
}

# near A B TOL - |A - B| <= TOL (awk, as doubles).
near() {
	awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= t) }'
}

@test "max, 0.05 s frames, H = 1/60, guard 2: each frame loses 1/60 s, one warning names frame 1" {
	# 2 / 0.05 = 40 frames; each does 2 steps of 1/60 and loses
	# 0.05 - 2/60 = 1/60: lost 40/60, the lag the same at the end
	sim --substep max --dt 0.05 --max-substeps 2 --metrics
	assert_status 0
	near "$(field "$OUT" lost_time)" 0.6666666666666666 1e-12 || fail_with "lost_time"
	near "$(field "$OUT" max_lag)" 0.6666666666666666 1e-12 || fail_with "max_lag"
	[ "$(field "$OUT" substeps)" = 80 ] || fail_with "substeps"
	[ "$(field "$OUT" max_substeps_frame)" = 2 ] || fail_with "max_substeps_frame"
	[ "$(field "$OUT" substep)" = max ] || fail_with "substep column"
	[ "$(wc -l <"$ERR")" -eq 1 ] || fail_with "want one warning line"
	grep -q 'frame 1 ' "$ERR" || fail_with "the warning does not name frame 1"
}

@test "uniform, 0.05 s frames, guard 2: two of three steps of 1/60, a third of each frame lost" {
	sim --substep uniform --dt 0.05 --max-substeps 2 --metrics
	assert_status 0
	# 40 frames x 0.05 / 3
	near "$(field "$OUT" lost_time)" 0.6666666666666666 1e-12 || fail_with "lost_time"
	[ "$(field "$OUT" substeps)" = 80 ] || fail_with "substeps"
}

@test "fixed, guard 2: no time lost, it carries over and the lag grows by 1/60 a frame" {
	sim --substep fixed --dt 0.05 --max-substeps 2 --metrics
	assert_status 0
	[ "$(field "$OUT" lost_time)" = 0 ] || fail_with "lost_time"
	# after 40 frames the accumulator holds 40/60 s, not yet simulated
	near "$(field "$OUT" max_lag)" 0.6666666666666666 1e-12 || fail_with "max_lag"
	grep -q 'carries over' "$ERR" || fail_with "warning"
}

@test "no warning and no lost time when the guard never bites" {
	local p
	for p in max uniform fixed; do
		sim --substep "$p" --dt 0.05 --metrics
		assert_status 0
		assert_stderr_empty
		[ "$(field "$OUT" lost_time)" = 0 ] || fail_with "$p: lost_time"
		[ "$(field "$OUT" max_substeps_frame)" = 3 ] || fail_with "$p: 3 steps a frame"
	done
}

@test "Nissen's Ck = Cd = 1 takes the substep actually taken: on target after a frame of three substeps" {
	# uniform: steps of 0.05/3; with k = m/h^2, d = m/h for that h the first
	# step lands on the target and the second stops it: row 1 is x = 2, v = 0
	sim --substep uniform --dt 0.05 --ck 1 --cd 1 --x0 -1 --target 2 --frames 2
	assert_status 0
	awk_check "$OUT" 'NR == 3 { d = $2 - 2; if (d < 0) d = -d; if (d > 1e-12) print "x " $2
		v = $3 < 0 ? -$3 : $3; if (v > 1e-9) print "v " $3 }'
}

@test "--max-dt or --max-substeps without a policy is a usage error" {
	assert_usage_error --max-dt -- --max-dt 0.01
	assert_usage_error --max-substeps -- --max-substeps 4
	assert_usage_error "--substep" "'sometimes'" -- --substep sometimes
	assert_usage_error --max-dt "'0'" -- --substep max --max-dt 0
	assert_usage_error --max-substeps "'0'" -- --substep max --max-substeps 0
}

@test "--frames-from: a dt column (header) or one dt per line; a dt column in the output" {
	local f=$BATS_TEST_TMPDIR/frames.csv
	printf 't,dt\n0,0.01\n1,"0.02"\r\n2,0.04\n' >"$f"
	sim --frames-from "$f"
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$TRAJ_HEADER,dt" ] || fail_with "header"
	[ "$(wc -l <"$OUT")" -eq 5 ] || fail_with "want t = 0 and 3 frames"
	# t: 0.01, 0.03, 0.07 (sums: within an ulp); dt: the file's, exactly
	awk_check "$OUT" 'function off(a, b) { return a > b ? a - b : b - a }
		NR == 3 && ($9 != 0.01 || $1 != 0.01) { print "frame 1: " $1 " " $9 }
		NR == 4 && ($9 != 0.02 || off($1, 0.03) > 1e-17) { print "frame 2: " $1 " " $9 }
		NR == 5 && ($9 != 0.04 || off($1, 0.07) > 1e-16) { print "frame 3: " $1 " " $9 }'
	printf '0.01\n0.02\n' >"$f"
	sim --frames-from "$f" --metrics
	assert_status 0
	[ "$(field "$OUT" frames)" = 2 ] || fail_with "frames"
}

@test "--frames-from: a bad row, an empty file, a zero or negative dt: exit 2 naming the line" {
	local f=$BATS_TEST_TMPDIR/frames.csv
	printf 'dt\n0.01\nabc\n' >"$f"
	assert_usage_error "line 3" "'abc'" -- --frames-from "$f"
	printf 'dt\n0.01\n0\n' >"$f"
	assert_usage_error "line 3" "'0'" -- --frames-from "$f"
	printf '0.01\n-0.02\n' >"$f"
	assert_usage_error "line 2" "'-0.02'" -- --frames-from "$f"
	: >"$f"
	assert_usage_error "no frame times" -- --frames-from "$f"
	printf 'a,b\n1,2\n' >"$f"
	assert_usage_error "line 1" "no 'dt' column" -- --frames-from "$f"
	assert_usage_error --frames-from -- --frames-from "$BATS_TEST_TMPDIR/none.csv"
}

@test "--dt-jitter: the same seed gives the same frames, another seed others" {
	sim --dt-jitter 0.5 --seed 7
	cp "$OUT" "$BATS_TEST_TMPDIR/a"
	sim --dt-jitter 0.5 --seed 7
	cmp "$OUT" "$BATS_TEST_TMPDIR/a" || fail_with "same seed, different output"
	sim --dt-jitter 0.5 --seed 8
	! cmp -s "$OUT" "$BATS_TEST_TMPDIR/a" || fail_with "different seeds, same output"
	# every dt within dt (1 +- J) of 1/60
	awk_check "$OUT" 'NR > 2 && ($9 < 1/60 * 0.5 - 1e-15 || $9 > 1/60 * 1.5 + 1e-15) { print "dt " $9 }'
	assert_usage_error --dt-jitter "'1'" -- --dt-jitter 1
	assert_usage_error --seed "'-1'" -- --seed -1
}

@test "--hitch AT:LEN: the frame starting at or after AT lasts LEN" {
	# frames of 0.1: the one starting at 0.3 (>= 0.25) lasts 0.5, ending
	# at 0.8; then 0.9, 1.0
	sim --dt 0.1 --hitch 0.25:0.5 --frames 6
	assert_status 0
	# (row 1 is the header, row 2 t = 0, row n + 2 frame n)
	awk_check "$OUT" 'NR == 6 && $9 != 0.5 { print "frame 4 dt " $9 }
		NR == 7 && $9 != 0.1 { print "frame 5 dt " $9 }
		NR == 6 { d = $1 - 0.8; if (d < 0) d = -d; if (d > 1e-15) print "frame 4 ends at " $1 }'
	assert_usage_error --hitch "'0.5'" -- --hitch 0.5
	assert_usage_error --hitch "'1:0'" -- --hitch 1:0
	assert_usage_error --hitch "'-1:1'" -- --hitch -1:1
}

@test "fps: the exact rule is exact at every rate, and max_dev_x is at rounding level" {
	sim fps --fps 30,60,144,240 --model exact
	assert_status 0
	[ "$(wc -l <"$OUT")" -eq 5 ] || fail_with "want a header and 4 rows"
	[ "$(head -n 1 "$OUT")" = "fps,$METRICS_HEADER,max_dev_x" ] || fail_with "header"
	awk_check "$OUT" 'NR > 1 && ($14 > 1e-12 || $NF > 1e-12) { print $1 ": " $14 " " $NF }'
}

@test "fps: explicit Euler's error and deviation grow with the frame time" {
	sim fps --fps 240,144,60,30 --model explicit
	assert_status 0
	# rows in the order given: 240 first (max_dev_x 0 by definition)
	awk_check "$OUT" 'NR == 2 && $NF != 0 { print "top deviation " $NF }
		NR > 2 && !($14 > e && $NF > d) { print $1 ": no growth" }
		NR > 1 { e = $14; d = $NF }'
}

@test "fps --trajectories: one long CSV, fps first, each rate's rows" {
	sim fps --fps 30,60 --trajectories --duration 1
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "fps,$TRAJ_HEADER" ] || fail_with "header"
	[ "$(grep -c '^30,' "$OUT")" -eq 31 ] || fail_with "30 fps: 31 rows"
	[ "$(grep -c '^60,' "$OUT")" -eq 61 ] || fail_with "60 fps: 61 rows"
}

@test "fps: errors" {
	assert_usage_error "--fps" -- fps
	assert_usage_error --fps "'0'" -- fps --fps 30,0
	assert_usage_error --fps "'x'" -- fps --fps 30,x
	assert_usage_error --dt -- fps --fps 30 --dt 0.1
	assert_usage_error --frames -- fps --fps 30 --frames 10
}
