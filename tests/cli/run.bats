#!/usr/bin/env bats
# run.bats - `springsim [run]`: the trajectory CSV.
#
# Every expected number here comes from the spring's math (the README's
# "Update rules" and "The exact reference"), worked by hand in
# a comment or computed by awk from a closed form written in the test; none
# is the program's own output pasted back.
bats_require_minimum_version 1.5.0
load helpers

# ---------------------------------------------------------------- shape

@test "the trajectory starts with the header t,x,v,target,x_ref,v_ref,err_x,err_v" {
	sim
	assert_status 0
	assert_stderr_empty
	[ "$(head -n 1 "$OUT")" = "$TRAJ_HEADER" ] ||
		fail_with "first line is not the header"
}

@test "every row has 8 plain decimal numbers and ends in a newline" {
	sim --target-vel 0.5 --v0 -2
	assert_status 0
	AWK_MIN_LINES=122 awk_check "$OUT" 'NR > 1 {
		if (NF != 8) print "row " NR ": " NF " fields"
		for (i = 1; i <= NF; i++)
			if ($i !~ /^-?[0-9]+(\.[0-9]+)?(e[-+][0-9]+)?$/)
				print "row " NR " field " i ": [" $i "]"
	}'
	[ -z "$(tail -c 1 "$OUT")" ] || fail_with "no newline at the end"
}

@test "the first row is t = 0 with the initial state, the target and zero error" {
	sim --x0 0.25 --v0 -3 --target 2 --target-vel 0.5 --frames 1
	assert_status 0
	[ "$(sed -n 2p "$OUT")" = "0,0.25,-3,2,0.25,-3,0,0" ] ||
		fail_with "first row is not the initial state"
}

# ------------------------------------------------------------ row counts

@test "row count = 1 + ceil(duration/dt) with the 1e-9 tolerance: hand-worked cases" {
	# duration dt  -> rows (header not counted), worked by hand:
	#   2      0.02   2/0.02 = 100 (within 1e-9)             -> 101
	#   2      0.033  2/0.033 = 60.6..., ceil 61             -> 62
	#   1      0.3    3.33..., ceil 4                        -> 5
	#   0.3    0.1    2.9999999999999996 in doubles, ~ 3     -> 4
	#   0.7    0.1    6.999999999999999 in doubles, ~ 7      -> 8
	#   0.001  1      0.001, ceil 1                          -> 2
	#   1.0000000001 1  1e-10 off 1, within 1e-9: 1 frame    -> 2
	#   1.00000001   1  1e-8 off 1, beyond 1e-9: 2 frames    -> 3
	#   0.001  0.0001 10 (9.999999999999998 in doubles)      -> 11
	local d h want
	while read -r d h want; do
		sim --duration "$d" --dt "$h"
		assert_status 0
		[ "$(nlines "$OUT")" -eq $((want + 1)) ] ||
			fail_with "--duration $d --dt $h: $(nlines "$OUT") lines, want $want rows + header"
	done <<-'EOF'
	2 0.02 101
	2 0.033 62
	1 0.3 5
	0.3 0.1 4
	0.7 0.1 8
	0.001 1 2
	1.0000000001 1 2
	1.00000001 1 3
	0.001 0.0001 11
	EOF
}

@test "the defaults (duration 2, dt 1/60) give 2 * 60 = 120 frames: 121 rows" {
	sim
	assert_status 0
	[ "$(nlines "$OUT")" -eq 122 ] || fail_with "want 121 rows + header"
}

@test "row count = 1 + frames, frames from the closed form, over a grid of duration and dt" {
	local d h n
	for d in 0.5 1 2.5 3.3; do
		for h in 0.01 0.0125 0.03 0.1 0.7; do
			n=$(expected_frames "$d" "$h")
			# the exact rule: no step size makes it diverge
			sim --model exact --duration "$d" --dt "$h"
			assert_status 0
			[ "$(nlines "$OUT")" -eq $((n + 2)) ] ||
				fail_with "--duration $d --dt $h: want $n frames"
		done
	done
}

@test "--frames N gives N + 1 rows, the last at t = N dt" {
	local n h
	for n in 1 7 250; do
		for h in 0.05 0.004; do
			sim --frames "$n" --dt "$h"
			assert_status 0
			[ "$(nlines "$OUT")" -eq $((n + 2)) ] ||
				fail_with "--frames $n: want $((n + 1)) rows"
			awk_check "$OUT" 'END { if ($1 != n * h) print "last t " $1 " != " n * h }' \
			    -v n="$n" -v h="$h"
		done
	done
}

# --------------------------------------------------------------- columns

@test "t of row n is n * dt (as awk multiplies), not a running sum" {
	local h
	for h in 0.1 0.033 0.007 default; do
		if [ "$h" = default ]; then
			sim --frames 300
			h=''		# awk computes 1/60 below
		else
			sim --frames 300 --dt "$h"
		fi
		assert_status 0
		AWK_MIN_LINES=302 awk_check "$OUT" 'BEGIN { if (h == "") h = 1 / 60 }
		    NR > 1 { n = NR - 2; if ($1 != n * h) printf "row %d: t %s != %.17g\n", n, $1, n * h }' \
		    -v h="$h"
	done
}

@test "err_x == x - x_ref and err_v == v - v_ref exactly, every row, every rule" {
	local r
	for r in $RULES; do
		sim --model "$r" --x0 -0.5 --v0 2 --target 1.5 --target-vel -0.75 --dt 0.02 --duration 3
		assert_status 0
		AWK_MIN_LINES=152 awk_check "$OUT" 'NR > 1 {
			if ($7 != $2 - $5) printf "%s row %d: err_x %s != %.17g\n", r, NR - 2, $7, $2 - $5
			if ($8 != $3 - $6) printf "%s row %d: err_v %s != %.17g\n", r, NR - 2, $8, $3 - $6
		}' -v r="$r"
	done
}

@test "the target column is target + target_vel * t" {
	local g q h
	while read -r g q h; do
		sim --target "$g" --target-vel "$q" --dt "$h" --duration 1.5
		assert_status 0
		AWK_MIN_LINES=$(($(expected_frames 1.5 "$h") + 2)) awk_check "$OUT" 'NR > 1 { t = (NR - 2) * h
			if ($4 != g + q * t) printf "row %d: target %s != %.17g\n", NR - 2, $4, g + q * t }' \
		    -v g="$g" -v q="$q" -v h="$h"
	done <<-'EOF'
	1 0 0.1
	-2.5 0.75 0.02
	3 -1.3 0.033
	EOF
}

@test "x_ref and v_ref follow the closed form (under-, critically, over-damped, moving target)" {
	# e = x - g(t) obeys e'' + 2 zeta w e' + w^2 e = 0 with e(0) = x0 - g,
	# e'(0) = v0 - q; x_ref = g + q t + e, v_ref = q + e'.
	local w z
	while read -r w z; do
		sim --model semi-implicit --uaf "$w" --dr "$z" --x0 0.3 --v0 -1.2 --target 1 \
		    --target-vel 0.4 --dt 0.01 --duration 2
		assert_status 0
		AWK_MIN_LINES=202 awk_check "$OUT" '
		NR > 1 {
			t = $1; e0 = x0 - g; d0 = v0 - q
			if (z < 1) {
				wd = w * sqrt(1 - z * z); a = exp(-z * w * t)
				B = (d0 + z * w * e0) / wd
				e = a * (e0 * cos(wd * t) + B * sin(wd * t))
				de = -z * w * e + a * wd * (B * cos(wd * t) - e0 * sin(wd * t))
			} else if (z == 1) {
				a = exp(-w * t)
				e = (e0 + (d0 + w * e0) * t) * a
				de = (d0 + w * e0) * a - w * e
			} else {
				s = w * sqrt(z * z - 1); r1 = -z * w + s; r2 = -z * w - s
				A = (d0 - r2 * e0) / (r1 - r2); B = e0 - A
				e = A * exp(r1 * t) + B * exp(r2 * t)
				de = A * r1 * exp(r1 * t) + B * r2 * exp(r2 * t)
			}
			X = g + q * t + e; V = q + de
			if ((X - $5) ^ 2 > 1e-24) printf "w %s z %s t %s: x_ref %s, closed form %.17g\n", w, z, t, $5, X
			if ((V - $6) ^ 2 > 1e-22 * (1 + w * w)) printf "w %s z %s t %s: v_ref %s, closed form %.17g\n", w, z, t, $6, V
		}' -v w="$w" -v z="$z" -v x0=0.3 -v v0=-1.2 -v g=1 -v q=0.4
	done <<-'EOF'
	6 0.2
	6 0
	4 1
	3 2.5
	EOF
}

# ----------------------------------------------------------------- rules

@test "each of the 8 rules runs: exit 0, nothing on stderr, 121 rows" {
	local r
	for r in $RULES; do
		sim --integrator "$r"
		assert_status 0
		assert_stderr_empty
		[ "$(nlines "$OUT")" -eq 122 ] || fail_with "$r: want 121 rows + header"
	done
}

@test "--model implicit equals --model spring --integrator implicit byte for byte" {
	"$SPRINGSIM" --model implicit --dt 0.033 >"$BATS_TEST_TMPDIR/a"
	"$SPRINGSIM" --model spring --integrator implicit --dt 0.033 >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	# and it is not the default rule's trajectory
	"$SPRINGSIM" --dt 0.033 >"$BATS_TEST_TMPDIR/c"
	if cmp -s "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/c"; then
		fail "implicit gave the default rule's trajectory"
	fi
}

@test "--model RULE equals --integrator RULE for every rule, and --model R --integrator R is allowed" {
	local r
	for r in $RULES; do
		"$SPRINGSIM" --model "$r" --x0 2 --target-vel 1 >"$BATS_TEST_TMPDIR/a"
		"$SPRINGSIM" --integrator "$r" --x0 2 --target-vel 1 >"$BATS_TEST_TMPDIR/b"
		"$SPRINGSIM" --model "$r" --integrator "$r" --x0 2 --target-vel 1 >"$BATS_TEST_TMPDIR/c"
		cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
		cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/c"
	done
}

@test "the default rule is semi-implicit" {
	"$SPRINGSIM" >"$BATS_TEST_TMPDIR/a"
	"$SPRINGSIM" --integrator semi-implicit >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

# One step by hand: x0 = 0.5, v0 = -1, target 1 (fixed), omega 2, zeta 0.25,
# h = 0.1: w2 = 4, c = 2 zeta omega = 1, a0 = 4 (1 - 0.5) + 1 (0 + 1) = 3.
STEP1='--x0 0.5 --v0 -1 --target 1 --uaf 2 --dr 0.25 --dt 0.1 --frames 2'

# assert_row1 X V - the first row after t = 0 is t = 0.1, x = X, v = V
# (to 1e-12).
assert_row1() {
	AWK_MIN_LINES=4 awk_check "$OUT" 'NR == 3 {
		if ($1 != 0.1) print "t " $1 " != 0.1"
		if (($2 - x) ^ 2 > 1e-24) print "x " $2 " != " x
		if (($3 - v) ^ 2 > 1e-24) print "v " $3 " != " v
	}' -v x="$1" -v v="$2"
}

@test "explicit, one step by hand: x = 0.5 + 0.1 (-1) = 0.4, v = -1 + 0.1 * 3 = -0.7" {
	sim --model explicit $STEP1
	assert_status 0
	assert_row1 0.4 -0.7
}

@test "semi-implicit, one step by hand: v = -0.7, x = 0.5 + 0.1 (-0.7) = 0.43" {
	sim --model semi-implicit $STEP1
	assert_status 0
	assert_row1 0.43 -0.7
}

@test "implicit (Stable PD), one step by hand: x = 0.4, v = -1 + 0.1 (4 * 0.6 + 1) / 1.1 = -38/55" {
	# x_p = 0.5 + 0.1 (-1) = 0.4; v = -1 + 0.1 (4 (1 - 0.4) + 1 (0 + 1)) /
	# (1 + 0.1 * 1) = -1 + 0.34 / 1.1 = -38/55; x = 0.5 + 0.1 v_old = 0.4
	sim --model implicit $STEP1
	assert_status 0
	assert_row1 0.4 "$(awk 'BEGIN { printf "%.17g", -38 / 55 }')"
}

@test "rigidbody, one step by hand: implicit's v = -38/55, then x = 0.5 + 0.1 v_new = 237/550" {
	# Studio Gobo's appendix B: the same velocity change as implicit,
	# then the engine moves the body with the new velocity
	sim --model rigidbody $STEP1
	assert_status 0
	assert_row1 "$(awk 'BEGIN { printf "%.17g", 237 / 550 }')" \
	    "$(awk 'BEGIN { printf "%.17g", -38 / 55 }')"
}

@test "backward-euler, one step by hand: v = -0.8 / 1.14, x = 0.5 + 0.1 v" {
	# v1 = v0 + h (4 (1 - x1) - v1), x1 = x0 + h v1
	# => v1 (1 + h^2 4 + h) = v0 + h 4 (1 - x0) => v1 = (-1 + 0.2) / 1.14
	sim --model backward-euler $STEP1
	assert_status 0
	assert_row1 "$(awk 'BEGIN { printf "%.17g", 0.5 - 0.08 / 1.14 }')" \
	    "$(awk 'BEGIN { printf "%.17g", -0.8 / 1.14 }')"
}

@test "the exact rule's err_x and err_v are rounding only (< 1e-12) everywhere" {
	local args
	while read -r args; do
		sim --model exact $args
		assert_status 0
		AWK_MIN_LINES=10 awk_check "$OUT" 'NR > 1 {
			if ($7 > 1e-12 || $7 < -1e-12) print a ": row " NR - 2 " err_x " $7
			if ($8 > 1e-12 || $8 < -1e-12) print a ": row " NR - 2 " err_v " $8
		}' -v a="$args"
	done <<-'EOF'
	--dt 0.05
	--uaf 5 --dr 1 --x0 -1 --v0 3
	--uaf 5 --dr 0 --duration 5
	--uaf 5 --dr 3 --target -2
	--x0 0.3 --v0 -1 --target-vel 2
	--uaf 30 --dr 1 --target-vel -3 --dt 0.1 --duration 5
	EOF
}

@test "convergence: halving dt divides the error by 2^order (1,1,1,1,1,2,4 for the seven stepping rules)" {
	# The orders are the textbook ones: Euler forms are first order,
	# velocity Verlet second, classic Runge-Kutta fourth.  Observed order
	# log2(err(h) / err(h/2)) must be within 0.2 of it.
	local r p e1 e2
	while read -r r p; do
		e1=$("$SPRINGSIM" --model "$r" --v0 1 --target-vel 0.5 --duration 1 --dt 0.005 --metrics --no-header | cut -d, -f13)
		e2=$("$SPRINGSIM" --model "$r" --v0 1 --target-vel 0.5 --duration 1 --dt 0.0025 --metrics --no-header | cut -d, -f13)
		awk -v a="$e1" -v b="$e2" -v p="$p" -v r="$r" 'BEGIN {
			o = log(a / b) / log(2)
			if (!(o > p - 0.2 && o < p + 0.2)) { printf "%s: order %.3f, want %d\n", r, o, p; exit 1 }
		}' || fail_with "observed order of $r is off"
	done <<-'EOF'
	explicit 1
	semi-implicit 1
	implicit 1
	rigidbody 1
	backward-euler 1
	verlet 2
	rk4 4
	EOF
}

@test "every rule follows a linearly moving target with no steady-state lag" {
	# README, "Update rules": with the target read at the rule's own
	# times, x - g(t) and v - q go to 0 (here after 20 s at zeta 0.7,
	# omega 10).
	local r
	for r in $RULES; do
		sim --model "$r" --uaf 10 --dr 0.7 --target-vel 1.5 --duration 20
		assert_status 0
		AWK_MIN_LINES=1202 awk_check "$OUT" 'END {
			if (($2 - $4) ^ 2 > 1e-18) print r ": x - g = " $2 - $4
			if (($3 - 1.5) ^ 2 > 1e-18) print r ": v - q = " $3 - 1.5
		}' -v r="$r"
	done
}

# ---------------------------------------------------------------- output

@test "--no-header leaves out exactly the header line" {
	"$SPRINGSIM" --dt 0.05 >"$BATS_TEST_TMPDIR/a"
	"$SPRINGSIM" --dt 0.05 --no-header >"$BATS_TEST_TMPDIR/b"
	tail -n +2 "$BATS_TEST_TMPDIR/a" | cmp - "$BATS_TEST_TMPDIR/b"
	[ "$(head -n 1 "$BATS_TEST_TMPDIR/b")" != "$TRAJ_HEADER" ]
}

@test "--precision N (1, 3, 5, 12): at most N significant digits, each the correctly rounded value" {
	local p
	"$SPRINGSIM" --x0 -3 --v0 7 --target-vel 0.3 >"$BATS_TEST_TMPDIR/full"
	for p in 5 1 3 12; do
		sim --x0 -3 --v0 7 --target-vel 0.3 --precision "$p"
		assert_status 0
		[ "$(head -n 1 "$OUT")" = "$TRAJ_HEADER" ] || fail_with "header changed"
		# significant digits: the mantissa without sign, point and leading
		# zeros, and without trailing zeros when it is a whole number
		# (20 at --precision 1 is 2e1)
		AWK_MIN_LINES=122 awk_check_ref "$BATS_TEST_TMPDIR/full" "$OUT" 'NR == FNR { ref[FNR] = $0; next }
		FNR > 1 {
			split(ref[FNR], a, ",")
			for (i = 1; i <= NF; i++) {
				m = $i; sub(/e.*/, "", m); sub(/^-/, "", m)
				if (m !~ /\./) sub(/0+$/, "", m)
				sub(/\./, "", m); sub(/^0+/, "", m)
				if (length(m) > p) print "row " FNR - 1 " field " i ": " $i " has " length(m) " digits"
				if ($i != sprintf("%." p "g", a[i]) + 0) print "row " FNR - 1 " field " i ": " $i " != %." p "g of " a[i]
			}
		}' -v p="$p"
	done
}

@test "--precision 17 and the default output denote the same doubles (round trip)" {
	"$SPRINGSIM" --x0 -3 --v0 7 --target-vel 0.3 --model rk4 --precision 17 >"$BATS_TEST_TMPDIR/p17"
	sim --x0 -3 --v0 7 --target-vel 0.3 --model rk4
	assert_status 0
	AWK_MIN_LINES=122 awk_check_ref "$BATS_TEST_TMPDIR/p17" "$OUT" 'NR == FNR { ref[FNR] = $0; next }
	FNR > 1 {
		split(ref[FNR], a, ",")
		for (i = 1; i <= NF; i++)
			if ($i != a[i] + 0) print "row " FNR - 1 " field " i ": " $i " vs " a[i]
	}'
}

@test "a double whose Grisu2 form is not the shortest still reads back, in at most 17 digits" {
	# -45240781.81459013 is a double's shortest round-trip form (16
	# digits; awk checks below that 15 do not read back and that these
	# 16 do).  Grisu2 prints it with 17; --help says the default is the
	# shortest "in all but ~0.1 % of cases", and what counts is that the
	# t = 0 row's x reads back to the very double given.
	local x=-45240781.81459013
	awk -v x="$x" 'BEGIN { exit !(sprintf("%.15g", x) + 0 != x + 0 && sprintf("%.16g", x) + 0 == x + 0) }'
	sim --x0 "$x" --target 0 --frames 1
	assert_status 0
	local got
	got=$(sed -n 2p "$OUT" | cut -d, -f2)
	awk -v a="$got" -v b="$x" 'BEGIN { exit !(a + 0 == b + 0) }' ||
		fail_with "x0 printed as $got, which does not read back to $x"
	local digits
	digits=$(printf '%s' "$got" | sed 's/e.*//; s/[^0-9]//g; s/^0*//')
	[ "${#digits}" -le 17 ] || fail_with "$got has more than 17 digits"
}

@test "-o FILE writes the same bytes as stdout, and creates nothing else" {
	local d=$BATS_TEST_TMPDIR/o
	mkdir "$d"
	"$SPRINGSIM" --model rk4 --target-vel 1 >"$BATS_TEST_TMPDIR/stdout.csv"
	sim --model rk4 --target-vel 1 -o "$d/traj.csv"
	assert_status 0
	assert_stdout_empty
	assert_stderr_empty
	cmp "$BATS_TEST_TMPDIR/stdout.csv" "$d/traj.csv"
	[ "$(ls -A "$d")" = traj.csv ] || fail_with "left behind: $(ls -A "$d")"
}

@test "--output FILE replaces an existing file whole; -o - is stdout" {
	local f=$BATS_TEST_TMPDIR/traj.csv
	head -c 200000 /dev/zero | tr '\0' 'z' >"$f"	# longer than the new output
	"$SPRINGSIM" --dt 0.05 >"$BATS_TEST_TMPDIR/want"
	sim --dt 0.05 --output "$f"
	assert_status 0
	cmp "$BATS_TEST_TMPDIR/want" "$f"
	sim --dt 0.05 -o -
	assert_status 0
	cmp "$BATS_TEST_TMPDIR/want" "$OUT"
	[ ! -e ./- ] || fail_with "-o - created a file named -"
}

@test "-o FILE: a large output (over the 64 KiB buffer) is written whole" {
	local f=$BATS_TEST_TMPDIR/big.csv
	"$SPRINGSIM" --frames 20000 --dt 0.001 >"$BATS_TEST_TMPDIR/want"
	sim --frames 20000 --dt 0.001 -o "$f"
	assert_status 0
	[ "$(nlines "$f")" -eq 20002 ] || fail_with "want 20001 rows + header"
	cmp "$BATS_TEST_TMPDIR/want" "$f"
}

@test "-o FILE gets the usual mode, 0666 less the umask" {
	local f=$BATS_TEST_TMPDIR/m.csv
	(umask 022 && "$SPRINGSIM" --frames 3 -o "$f")
	[ "$(stat -c %a "$f")" = 644 ] || fail_with "mode $(stat -c %a "$f"), want 644"
	rm -f "$f"
	(umask 077 && "$SPRINGSIM" --frames 3 -o "$f")
	[ "$(stat -c %a "$f")" = 600 ] || fail_with "mode $(stat -c %a "$f"), want 600"
}

@test "the default output never holds inf or nan, for any rule, even stiff or huge springs" {
	local r args
	while read -r args; do
		for r in $RULES; do
			sim --model "$r" $args
			assert_status 0
			if grep -qi 'inf\|nan' "$OUT"; then
				fail_with "--model $r $args printed inf or nan"
			fi
		done
	done <<-'EOF'
	--dt 0.05
	--uaf 100 --dr 0 --dt 0.1 --duration 100
	--uaf 1000 --dr 0.01 --dt 0.1 --duration 10
	--uaf 1e3 --dr 1e3 --dt 0.5 --duration 50
	--uaf 1e-3 --dr 0 --duration 1e4 --dt 10
	--uaf 10 --dr 1 --x0 1e100 --target -1e100 --v0 1e100 --target-vel -1e100 --dt 1e-3 --frames 50
	EOF
}

# ------------------------------------------------------------ divergence

# Explicit Euler, undamped (c = 0): x += h v; v += h w^2 (g - x), each
# reading the old state, until |x - g| > 1e6 (|x0 - g| + |v0 - q| / w + 1)
# = 2e6 for x0 = 0, v0 = 0, g = 1.  Prints the rows kept and the last
# kept x and v.
explicit_undamped_rows() {
	awk -v w="$1" -v h="$2" 'BEGIN {
		g = 1; x = 0; v = 0; lim = 1e6 * (1 + 0 + 1); rows = 1
		for (;;) {
			nx = x + h * v; nv = v + h * w * w * (g - x)
			if (nx - g > lim || g - nx > lim) break
			x = nx; v = nv; rows++
		}
		printf "%d %.17g %.17g\n", rows, x, v
	}'
}

@test "a diverging run exits 0, warns once on stderr, keeps only finite rows, fewer than asked" {
	local want rows x v
	read -r rows x v <<<"$(explicit_undamped_rows 100 0.1)"	# 7 rows by this recurrence
	sim --model explicit --uaf 100 --dr 0 --dt 0.1 --duration 100
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has diverged
	if grep -qi 'inf\|nan' "$OUT"; then fail_with "inf or nan in the rows"; fi
	[ "$(nlines "$OUT")" -lt 1002 ] || fail_with "not fewer rows than the 1001 asked"
	[ "$(nlines "$OUT")" -eq $((rows + 1)) ] ||
		fail_with "$(($(nlines "$OUT") - 1)) rows kept, the recurrence keeps $rows"
	awk_check "$OUT" 'END { if ($2 != x || $3 != v) print "last row " $2 "," $3 " != " x "," v }' \
	    -v x="$x" -v v="$v"
}

@test "a diverging run: --metrics says diverged=1, exit 0, one warning line" {
	sim --model explicit --uaf 100 --dr 0 --dt 0.1 --duration 100 --metrics
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has diverged
	[ "$(metrics_field "$OUT" diverged)" = 1 ] || fail_with "diverged is not 1"
}

@test "a diverging run with -o FILE writes the rows kept to the file, exit 0" {
	"$SPRINGSIM" --model explicit --uaf 100 --dr 0 --dt 0.1 --duration 100 \
	    >"$BATS_TEST_TMPDIR/want" 2>/dev/null
	sim --model explicit --uaf 100 --dr 0 --dt 0.1 --duration 100 -o "$BATS_TEST_TMPDIR/f.csv"
	assert_status 0
	assert_one_stderr_line
	cmp "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/f.csv"
}

@test "a stable run does not diverge: diverged=0, nothing on stderr" {
	local r
	for r in $RULES; do
		sim --model "$r" --metrics
		assert_status 0
		assert_stderr_empty
		[ "$(metrics_field "$OUT" diverged)" = 0 ] || fail_with "$r: diverged is not 0"
	done
}
