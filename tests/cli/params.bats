#!/usr/bin/env bats
# params.bats - every parameter convention gives the omega and zeta of
# the README's table ("Parameter conventions", read from the --metrics
# identity columns), and
# Nissen's Ck/Cd spring does what his article says, and no more.
bats_require_minimum_version 1.5.0
load helpers

@test "no group: the defaults, omega 4 pi (2 Hz) and zeta 0.3" {
	identity
	assert_near "$OMEGA" "$(awk 'BEGIN { printf "%.17g", 4 * atan2(0, -1) }')" 1e-15 omega
	assert_near "$ZETA" 0.3 0 zeta
	assert_near "$MASS" 1 0 mass
}

@test "--stiffness 200 --damping 8 --mass 2: omega sqrt(200/2) = 10, zeta 8 / (2 sqrt(400)) = 0.2" {
	identity --stiffness 200 --damping 8 --mass 2
	assert_near "$OMEGA" 10 1e-15 omega
	assert_near "$ZETA" 0.2 1e-15 zeta
	assert_near "$MASS" 2 0 mass
}

@test "--stiffness K --damping D [--mass M]: omega = sqrt(K/M), zeta = D / (2 sqrt(K M)), several values" {
	local k d m
	while read -r k d m; do
		identity --stiffness "$k" --damping "$d" --mass "$m"
		assert_near "$OMEGA" "$(awk -v k="$k" -v m="$m" 'BEGIN { printf "%.17g", sqrt(k / m) }')" 1e-15 "omega ($k $d $m)"
		assert_near "$ZETA" "$(awk -v k="$k" -v d="$d" -v m="$m" 'BEGIN { printf "%.17g", d / (2 * sqrt(k * m)) }')" 1e-15 "zeta ($k $d $m)"
	done <<-'EOF'
	1 0 1
	50 3 0.5
	1e4 250 7
	0.03 0.001 1e-3
	EOF
	# without --mass, the mass is 1
	identity --stiffness 9 --damping 1.2
	assert_near "$OMEGA" 3 1e-15 omega
	assert_near "$ZETA" 0.2 1e-15 zeta
	assert_near "$MASS" 1 0 mass
}

@test "--uaf W --dr Z: omega = W, zeta = Z exactly" {
	local w z
	for w in 0.5 7.25 1000; do
		for z in 0 0.35 1 4; do
			identity --uaf "$w" --dr "$z"
			assert_near "$OMEGA" "$w" 0 omega
			assert_near "$ZETA" "$z" 0 zeta
		done
	done
}

@test "--halflife H --frequency F: omega = 2 pi F, zeta = 2 ln2 / (H 2 pi F)" {
	# Holden: d = 4 ln2 / H, s = (2 pi F)^2, so omega = 2 pi F and
	# zeta = d / (2 omega) = 2 ln2 / (H 2 pi F)
	local h f
	while read -r h f; do
		identity --halflife "$h" --frequency "$f"
		assert_near "$OMEGA" "$(awk -v f="$f" 'BEGIN { printf "%.17g", 2 * atan2(0, -1) * f }')" 1e-15 "omega ($h $f)"
		assert_near "$ZETA" "$(awk -v h="$h" -v f="$f" 'BEGIN { printf "%.17g", 2 * log(2) / (h * 2 * atan2(0, -1) * f) }')" 1e-14 "zeta ($h $f)"
	done <<-'EOF'
	0.1 2
	0.5 0.25
	0.02 30
	EOF
}

@test "--halflife H --dr Z: omega = 2 ln2 / (H Z), zeta = Z" {
	# s = (d / (2 Z))^2 with d = 4 ln2 / H: omega = 2 ln2 / (H Z)
	local h z
	while read -r h z; do
		identity --halflife "$h" --dr "$z"
		assert_near "$OMEGA" "$(awk -v h="$h" -v z="$z" 'BEGIN { printf "%.17g", 2 * log(2) / (h * z) }')" 1e-14 "omega ($h $z)"
		assert_near "$ZETA" "$z" 0 zeta
	done <<-'EOF'
	0.1 1
	0.25 0.3
	2 4
	EOF
}

@test "--ck C --cd D --mass M --dt h: omega = sqrt(C) / h, zeta = D / (2 sqrt(C)), whatever M" {
	# k = C M / h^2, d = D M / h: omega = sqrt(k / M) = sqrt(C) / h,
	# zeta = d / (2 sqrt(k M)) = D / (2 sqrt(C))
	local c d m h
	while read -r c d m h; do
		identity --ck "$c" --cd "$d" --mass "$m" --dt "$h"
		assert_near "$OMEGA" "$(awk -v c="$c" -v h="$h" 'BEGIN { printf "%.17g", sqrt(c) / h }')" 1e-15 "omega ($c $d $m $h)"
		assert_near "$ZETA" "$(awk -v c="$c" -v d="$d" 'BEGIN { printf "%.17g", d / (2 * sqrt(c)) }')" 1e-15 "zeta ($c $d $m $h)"
		assert_near "$MASS" "$m" 0 "mass ($c $d $m $h)"
	done <<-'EOF'
	1 1 1 0.016666666666666666
	0.25 0.5 3 0.02
	0.04 0.1 0.5 0.001
	1 0 2 0.1
	EOF
}

@test "Chou --hz 2 --decay 0.1 --decay-time 0.5: omega 4 pi, zeta = ln 0.1 / (-4 pi 0.5) = 0.3665" {
	# ln 0.1 = -2.302585, 2 pi 2 * 0.5 = 6.283185: zeta = 0.366468
	identity --hz 2 --decay 0.1 --decay-time 0.5
	assert_near "$OMEGA" "$(awk 'BEGIN { printf "%.17g", 4 * atan2(0, -1) }')" 1e-15 omega
	[ "$(awk -v z="$ZETA" 'BEGIN { printf "%.4f", z }')" = 0.3665 ] || fail_with "zeta $ZETA is not 0.3665"
	assert_near "$ZETA" "$(awk 'BEGIN { printf "%.17g", log(0.1) / (-2 * atan2(0, -1) * 2 * 0.5) }')" 1e-14 zeta
}

@test "Chou --hz F --decay P --decay-time T: zeta = ln P / (-2 pi F T), several values" {
	local f p t
	while read -r f p t; do
		identity --hz "$f" --decay "$p" --decay-time "$t"
		assert_near "$OMEGA" "$(awk -v f="$f" 'BEGIN { printf "%.17g", 2 * atan2(0, -1) * f }')" 1e-15 "omega ($f $p $t)"
		assert_near "$ZETA" "$(awk -v f="$f" -v p="$p" -v t="$t" 'BEGIN { printf "%.17g", log(p) / (-2 * atan2(0, -1) * f * t) }')" 1e-14 "zeta ($f $p $t)"
	done <<-'EOF'
	1 0.5 1
	5 0.01 0.2
	0.3 0.9 3
	EOF
}

@test "--mass with uaf/dr does not change the motion; with stiffness/damping it does" {
	"$SPRINGSIM" --uaf 5 --dr 0.3 --x0 2 >"$BATS_TEST_TMPDIR/a"
	"$SPRINGSIM" --uaf 5 --dr 0.3 --x0 2 --mass 3 >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	"$SPRINGSIM" --stiffness 25 --damping 3 --x0 2 >"$BATS_TEST_TMPDIR/c"
	"$SPRINGSIM" --stiffness 25 --damping 3 --x0 2 --mass 3 >"$BATS_TEST_TMPDIR/d"
	if cmp -s "$BATS_TEST_TMPDIR/c" "$BATS_TEST_TMPDIR/d"; then
		fail "--mass 3 did not change the stiffness/damping spring"
	fi
}

@test "--stiffness 100 --damping 8 --mass 4 is the spring --uaf 5 --dr 0.2, byte for byte" {
	# omega = sqrt(100 / 4) = 5, zeta = 8 / (2 sqrt(400)) = 0.2, both
	# correctly rounded, so the same doubles as the flags 5 and 0.2
	local r
	for r in $RULES; do
		"$SPRINGSIM" --model "$r" --stiffness 100 --damping 8 --mass 4 --x0 -1 >"$BATS_TEST_TMPDIR/a"
		"$SPRINGSIM" --model "$r" --uaf 5 --dr 0.2 --x0 -1 >"$BATS_TEST_TMPDIR/b"
		cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	done
}

@test "the flags of a group may come in any order" {
	"$SPRINGSIM" --hz 2 --decay 0.1 --decay-time 0.5 --metrics >"$BATS_TEST_TMPDIR/a"
	"$SPRINGSIM" --decay-time 0.5 --hz 2 --decay 0.1 --metrics >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
	"$SPRINGSIM" --dr 0.3 --halflife 0.2 --metrics >"$BATS_TEST_TMPDIR/a"
	"$SPRINGSIM" --halflife 0.2 --dr 0.3 --metrics >"$BATS_TEST_TMPDIR/b"
	cmp "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b"
}

# ------------------------------------------------------------------ Nissen

# Semi-implicit with Ck = 1, Cd = 1 (w^2 = 1/h^2, c = 2 zeta w = 1/h),
# worked by hand, target g fixed:
#   v1 = v0 + h (w^2 (g - x0) - c v0) = v0 + (g - x0)/h - v0 = (g - x0)/h
#   x1 = x0 + h v1 = g                      <- at the target in one loop
#   v2 = v1 + h (w^2 (g - x1) - c v1) = v1 - v1 = 0
# so the position rests after one loop, the velocity only after two.
@test "Nissen --ck 1 --cd 1, semi-implicit: row 1 has x = target and v = (target - x0)/dt; row 2 has v = 0" {
	local m h x0 v0 g
	while read -r m h x0 v0 g; do
		sim --integrator semi-implicit --ck 1 --cd 1 --mass "$m" --dt "$h" --x0 "$x0" \
		    --v0 "$v0" --target "$g" --frames 3
		assert_status 0
		AWK_MIN_LINES=5 awk_check "$OUT" 'function abs(a) { return a < 0 ? -a : a }
		NR == 3 {
			v1 = (g - x0) / h
			if (abs($2 - g) > 1e-12 * (1 + abs(g))) printf "row 1: x %s != target %s\n", $2, g
			if (abs($3 - v1) > 1e-12 * abs(v1)) printf "row 1: v %s != (target - x0)/dt = %.17g\n", $3, v1
		}
		NR == 4 {
			if (abs($2 - g) > 1e-12 * (1 + abs(g))) printf "row 2: x %s != target %s\n", $2, g
			if (abs($3) > 1e-9 * abs(v1)) printf "row 2: v %s != 0\n", $3
		}' -v h="$h" -v x0="$x0" -v g="$g"
	done <<-'EOF'
	1 0.016666666666666666 0 0 1
	3 0.02 -2 5 4
	0.25 0.1 10 -3 -1
	7 0.001 0.5 100 0.75
	EOF
}

@test "Nissen --ck 1 --cd 1: one loop is not rest; the velocity after it is far from 0" {
	# v1 = (1 - 0) / (1/60) = 60, not 0: "rest in one loop" holds for the
	# position only
	sim --integrator semi-implicit --ck 1 --cd 1 --frames 2
	assert_status 0
	AWK_MIN_LINES=4 awk_check "$OUT" 'NR == 3 && ($3 - 60) ^ 2 > 1e-18 { print "v1 " $3 " != 60" }'
}

@test "--ck 1.5 --cd 0.5 runs (exit 0) with one warning on stderr naming --ck" {
	sim --ck 1.5 --cd 0.5
	assert_status 0
	assert_one_stderr_line
	assert_stderr_has --ck warning
	[ "$(head -n 1 "$OUT")" = "$TRAJ_HEADER" ] || fail_with "no trajectory"
	[ "$(nlines "$OUT")" -eq 122 ] || fail_with "want 121 rows"
}

@test "--ck 1 --cd 1 (at the limit) runs without a warning" {
	sim --ck 1 --cd 1
	assert_status 0
	assert_stderr_empty
}
