#!/usr/bin/env bats
# analyze.bats - `springsim analyze`: the CSV's shape, the articles'
# stability claims as the command computes them (checked against formulas
# written out here, never against the program's own output), and every
# error path.
bats_require_minimum_version 1.5.0
load helpers

ANALYZE_HEADER='integrator,omega,zeta,dt,hw,spectral_radius,stable,kind,omega_eff,zeta_eff,freq_error,damping_error,max_stable_dt,order'

# Column numbers of the header above.
C_RULE=1 C_OMEGA=2 C_ZETA=3 C_DT=4 C_HW=5 C_RADIUS=6 C_STABLE=7 C_KIND=8
C_WEFF=9 C_ZEFF=10 C_FERR=11 C_DERR=12 C_MAXDT=13 C_ORDER=14

# analyze ARGS... - run `springsim analyze ARGS`; it must succeed.
analyze() {
	sim analyze "$@"
	assert_status 0
}

@test "analyze: the header, then one row per rule in the table's order, default all" {
	analyze
	assert_stderr_empty
	[ "$(head -n 1 "$OUT")" = "$ANALYZE_HEADER" ] || fail_with "header"
	# the header and the 8 rules of RULES
	[ "$(nlines "$OUT")" -eq 9 ] || fail_with "want 9 lines"
	[ "$(tail -n +2 "$OUT" | cut -d, -f1 | tr '\n' ' ')" = "$RULES " ] ||
		fail_with "rules not in order"
	awk_check "$OUT" 'NF != 14 { print NR ": " NF " fields" }'
}

@test "analyze --integrator all gives 8 rows; a list gives its rules in its order" {
	analyze --integrator all --no-header
	[ "$(nlines "$OUT")" -eq 8 ] || fail_with "want 8 rows"
	analyze --integrator rk4,explicit --no-header
	[ "$(cut -d, -f1 "$OUT" | tr '\n' ' ')" = "rk4 explicit " ] ||
		fail_with "want rk4 then explicit"
}

@test "analyze: the default spring (omega 4 pi, zeta 0.3) at dt 1/60; order column" {
	analyze --no-header
	AWK_MIN_LINES=8 awk_check "$OUT" '
	    { pi = atan2(0, -1)
	      if ($2 + 0 != 4 * pi) print NR ": omega " $2
	      if ($3 + 0 != 0.3) print NR ": zeta " $3
	      if ($4 + 0 != 1 / 60) print NR ": dt " $4
	      d = $5 - 4 * pi / 60; if (d > 1e-15 || d < -1e-15) print NR ": hw " $5
	      want = $1 == "verlet" ? "2" : $1 == "rk4" ? "4" : $1 == "exact" ? "exact" : "1"
	      if ($14 != want) print NR ": order " $14 }'
}

@test "analyze: a stability map over (omega dt, zeta) is one call: 8 x 41 x 200 rows, no nan" {
	analyze --hw 0.01:10:200log --zeta 0:2:41
	[ "$(nlines "$OUT")" -eq $((8 * 41 * 200 + 1)) ] || fail_with "row count"
	AWK_MIN_LINES=65601 awk_check "$OUT" '
	    NF != 14 { print NR ": " NF " fields" }
	    /nan/ { print NR ": nan" }
	    NR > 1 && ($7 != 0 && $7 != 1) { print NR ": stable " $7 }'
	# rows: each rule, then each zeta, then each hw
	awk_check "$OUT" 'NR == 2 && ($1 != "explicit" || $3 != 0 || $5 != 0.01) { print "first " $0 }
	    NR == 201 && ($3 != 0 || $5 != 10) { print "200th " $0 }
	    NR == 202 && ($3 != 0.05 || $5 != 0.01) { print "201st " $0 }'
}

@test "explicit Euler grows at zeta = 0 for every dt: radius sqrt(1 + (omega dt)^2), never stable" {
	analyze --integrator explicit --zeta 0 --hw 0.001:1000:61log --no-header
	AWK_MIN_LINES=61 awk_check "$OUT" '
	    { want = sqrt(1 + $5 * $5); d = ($6 - want) / want
	      if (d > 1e-14 || d < -1e-14) print NR ": radius " $6 " want " want
	      if ($7 != 0) print NR ": stable at hw " $5
	      if ($13 != 0) print NR ": max_stable_dt " $13
	      if ($10 >= 0) print NR ": zeta_eff " $10 " not negative" }'
}

@test "explicit Euler: stable iff omega dt <= 2 zeta (under-damped)" {
	analyze --integrator explicit --zeta 0.1,0.3,0.6 --no-header
	AWK_MIN_LINES=3 awk_check "$OUT" '
	    { d = $13 * $2 - 2 * $3; if (d > 1e-15 || d < -1e-15) print NR ": limit " $13 }'
	analyze --integrator explicit --zeta 0.3 --hw 0.599,0.601 --no-header
	[ "$(cut -d, -f7 "$OUT" | tr '\n' ' ')" = "1 0 " ] || fail_with "around 0.6"
}

@test "semi-implicit at zeta = 0 is stable iff omega dt < 2 (at 2 exactly: a defective -1)" {
	analyze --integrator semi-implicit --zeta 0 --hw 0.5,1.99,1.999999,2,2.000001,2.01,3 --no-header
	[ "$(cut -d, -f7 "$OUT" | tr '\n' ' ')" = "1 1 1 0 0 0 0 " ] ||
		fail_with "stable column"
	AWK_MIN_LINES=7 awk_check "$OUT" '
	    { d = $13 * $2 - 2; if (d > 4e-16 || d < -4e-16) print NR ": limit " $13 * $2 }'
}

@test "semi-implicit with damping: the limit 2 / (zeta + sqrt(zeta^2 + 1)) shrinks" {
	analyze --integrator semi-implicit --zeta 0:3:31 --no-header
	AWK_MIN_LINES=31 awk_check "$OUT" '
	    { want = 2 / ($3 + sqrt($3 * $3 + 1)); d = ($13 * $2 - want) / want
	      if (d > 1e-14 || d < -1e-14) print NR ": limit " $13 * $2 " want " want }'
}

@test "rk4's undamped limit is omega dt = 2 sqrt(2)" {
	analyze --integrator rk4 --zeta 0 --hw 2.8284,2.8285 --no-header
	[ "$(cut -d, -f7 "$OUT" | tr '\n' ' ')" = "1 0 " ] || fail_with "around 2 sqrt 2"
	AWK_MIN_LINES=2 awk_check "$OUT" '
	    { d = $13 * $2 - 2 * sqrt(2); if (d > 1e-9 || d < -1e-9) print NR ": limit " $13 * $2 }'
}

@test "backward-euler and exact are stable at every dt and zeta: max_stable_dt inf" {
	analyze --integrator backward-euler,exact --hw 0.001:1000000:37log --zeta 0:3:13 --no-header
	AWK_MIN_LINES=962 awk_check "$OUT" '
	    $7 != 1 { print NR ": unstable " $0 }
	    $13 != "inf" { print NR ": max_stable_dt " $13 }
	    $6 > 1 + 1e-12 { print NR ": radius " $6 }'
}

@test "Studio Gobo's implicit update is not unconditionally stable: omega dt <= 2 (zeta + sqrt(zeta^2 + 1))" {
	analyze --integrator implicit --zeta 0:3:31 --no-header
	AWK_MIN_LINES=31 awk_check "$OUT" '
	    { want = 2 * ($3 + sqrt($3 * $3 + 1)); d = ($13 * $2 - want) / want
	      if (d > 1e-14 || d < -1e-14) print NR ": limit " $13 * $2 " want " want }'
	# the stable column agrees with the formula across a map
	analyze --integrator implicit --hw 0.1:30:80log --zeta 0:3:16 --no-header
	AWK_MIN_LINES=1280 awk_check "$OUT" '
	    { lim = 2 * ($3 + sqrt($3 * $3 + 1)); r = $5 / lim
	      if (r > 1 - 1e-9 && r < 1 + 1e-9) next
	      if ($7 != (r < 1)) print NR ": hw " $5 " zeta " $3 " stable " $7 }'
}

@test "the README's implicit runs: --uaf 66 --dr 0 at 0.033 unstable, --uaf 60 stable, --uaf 200 --dr 0.5 unstable" {
	analyze --integrator implicit --uaf 66 --dr 0 --dt 0.033 --no-header
	[ "$(cut -d, -f7 "$OUT")" = 0 ] || fail_with "uaf 66"
	analyze --integrator implicit --uaf 60 --dr 0 --dt 0.033 --no-header
	[ "$(cut -d, -f7 "$OUT")" = 1 ] || fail_with "uaf 60"
	analyze --integrator implicit --uaf 200 --dr 0.5 --dt 0.033 --no-header
	[ "$(cut -d, -f7 "$OUT")" = 0 ] || fail_with "uaf 200"
	# ... and run agrees: --uaf 66 diverges, --uaf 60 does not
	sim run --model implicit --uaf 66 --dr 0 --dt 0.033 --metrics
	[ "$(metrics_field "$OUT" diverged)" = 1 ] || fail_with "run uaf 66"
	sim run --model implicit --uaf 60 --dr 0 --dt 0.033 --metrics
	[ "$(metrics_field "$OUT" diverged)" = 0 ] || fail_with "run uaf 60"
}

@test "rigidbody (Studio Gobo's appendix B): omega dt <= 2 (zeta + sqrt(zeta^2 + 3)) / 3, radius from T and D" {
	# M = [[1 + u - H^2, h (1 - H^2)], [-w2 h, 1 - H^2]] / (1 + u), u = 2
	# zeta H: T = (2 + u - 2 H^2) / (1 + u), D = (1 - H^2) / (1 + u);
	# 1 + T + D >= 0 is 3 H^2 - 4 zeta H <= 4
	analyze --integrator rigidbody --zeta 0:3:31 --no-header
	AWK_MIN_LINES=31 awk_check "$OUT" '
	    { want = 2 * ($3 + sqrt($3 * $3 + 3)) / 3; d = ($13 * $2 - want) / want
	      if (d > 1e-14 || d < -1e-14) print NR ": limit " $13 * $2 " want " want }'
	analyze --integrator rigidbody --hw 0.01:5:60log --zeta 0:3:13 --no-header
	AWK_MIN_LINES=780 awk_check "$OUT" '
	    { z = $3; H = $5; u = 2 * z * H
	      T = (2 + u - 2 * H * H) / (1 + u); D = (1 - H * H) / (1 + u)
	      disc = T * T / 4 - D
	      if (disc < 0) r = sqrt(D)
	      else { a = T / 2 + sqrt(disc); b = T / 2 - sqrt(disc)
	             if (a < 0) a = -a; if (b < 0) b = -b; r = a > b ? a : b }
	      if ($6 - r > 1e-7 || r - $6 > 1e-7) print NR ": radius " $6 " want " r
	      lim = 2 * (z + sqrt(z * z + 3)) / 3; q = H / lim
	      if (q > 1 - 1e-9 && q < 1 + 1e-9) next
	      if ($7 != (q < 1)) print NR ": hw " H " zeta " z " stable " $7 }'
	# undamped at dt 0.033 the limit is omega < 2 / (sqrt 3 0.033) = 34.99
	# (implicit: 60.6); run agrees (at 36 the radius is 1.17: 10 s, 303
	# frames, are enough to pass the divergence bound)
	analyze --integrator rigidbody --uaf 34 --dr 0 --dt 0.033 --no-header
	[ "$(cut -d, -f7 "$OUT")" = 1 ] || fail_with "uaf 34"
	analyze --integrator rigidbody --uaf 36 --dr 0 --dt 0.033 --no-header
	[ "$(cut -d, -f7 "$OUT")" = 0 ] || fail_with "uaf 36"
	sim run --model rigidbody --uaf 36 --dr 0 --dt 0.033 --duration 10 --metrics
	[ "$(metrics_field "$OUT" diverged)" = 1 ] || fail_with "run uaf 36"
	sim run --model rigidbody --uaf 34 --dr 0 --dt 0.033 --duration 10 --metrics
	[ "$(metrics_field "$OUT" diverged)" = 0 ] || fail_with "run uaf 34"
}

@test "verlet: stable iff omega dt < 2, whatever the damping" {
	analyze --integrator verlet --zeta 0.1,1,5 --hw 1.999,2.001 --no-header
	[ "$(cut -d, -f7 "$OUT" | tr '\n' ' ')" = "1 0 1 0 1 0 " ] || fail_with "stable column"
}

@test "Nissen: Ck = Cd = 1 (semi-implicit) and Ck = Cd = 2 (verlet) are deadbeat: radius 0" {
	analyze --integrator semi-implicit --ck 1 --cd 1 --dt 0.1 --no-header
	[ "$(cut -d, -f6-8 "$OUT")" = "0,1,deadbeat" ] || fail_with "semi-implicit"
	sim analyze --integrator verlet --ck 2 --cd 2 --dt 0.1 --no-header
	assert_status 0
	[ "$(cut -d, -f6-8 "$OUT")" = "0,1,deadbeat" ] || fail_with "verlet"
	# omega dt = sqrt 2, zeta = 2 / (2 sqrt 2) = 1 / sqrt 2
	AWK_MIN_LINES=1 awk_check "$OUT" '{ d = $5 - sqrt(2); e = $3 - 1 / sqrt(2)
	    if (d > 1e-15 || d < -1e-15 || e > 1e-15 || e < -1e-15) print $0 }'
}

@test "Nissen's limits: semi-implicit is stable iff Ck + 2 Cd < 4, verlet iff Ck < 4" {
	local ck cd want got
	for ck_cd_want in "1.9 1 1" "2.1 1 0" "3.9 0 1" "4.1 0 0" "0.5 1.7 1" "0.5 1.8 0"; do
		set -- $ck_cd_want
		sim analyze --integrator semi-implicit --ck "$1" --cd "$2" --dt 0.02 --no-header
		got=$(cut -d, -f7 "$OUT")
		[ "$got" = "$3" ] || fail_with "semi-implicit Ck $1 Cd $2: stable $got"
	done
	for ck_cd_want in "3.9 2 1" "4.1 2 0" "3.9 0.1 1" "4.1 10 0"; do
		set -- $ck_cd_want
		sim analyze --integrator verlet --ck "$1" --cd "$2" --dt 0.02 --no-header
		got=$(cut -d, -f7 "$OUT")
		[ "$got" = "$3" ] || fail_with "verlet Ck $1 Cd $2: stable $got"
	done
}

@test "Nissen's 'rest in one loop': verlet at Ck = Cd = 2 puts x on the target, v = (target - x0) / (2 dt), at rest after two steps" {
	sim run --model verlet --ck 2 --cd 2 --x0 0 --v0 3 --target 1 --dt 0.1 --frames 2 --no-header
	assert_status 0
	AWK_MIN_LINES=3 awk_check "$OUT" '
	    function off(a, b) { return a - b > 1e-12 || b - a > 1e-12 }
	    NR == 2 && (off($2, 1) || off($3, 5)) { print "step 1: " $0 }
	    NR == 3 && (off($2, 1) || off($3, 0)) { print "step 2: " $0 }'
}

@test "the exact rule's effective omega and zeta are the spring's own" {
	analyze --integrator exact --uaf 7 --dr 0.3 --hw 0.01,0.3,1,2.5 --zeta 0,0.3,0.999,1,1.001,2 --no-header
	AWK_MIN_LINES=24 awk_check "$OUT" '
	    { d = $9 / 7 - 1; e = $10 - $3
	      if (d > 1e-12 || d < -1e-12) print NR ": omega_eff " $9
	      if (e > 1e-12 || e < -1e-12) print NR ": zeta_eff " $10 " for " $3
	      if ($11 > 1e-12 || $11 < -1e-12) print NR ": freq_error " $11
	      if ($12 > 1e-12 || $12 < -1e-12) print NR ": damping_error " $12 }'
}

@test "--zeta replaces the group's zeta and keeps its omega; --hw gives dt = hw / omega" {
	analyze --integrator exact --uaf 5 --dr 0.9 --zeta 0.2 --hw 0.5 --no-header
	AWK_MIN_LINES=1 awk_check "$OUT" '($2 != 5 || $3 != 0.2 || $4 != 0.1 || $5 != 0.5) { print $0 }'
}

@test "no effective spring, empty fields: a negative real eigenvalue, a deadbeat mode" {
	analyze --integrator semi-implicit --zeta 0 --hw 2.5 --no-header
	[ "$(cut -d, -f8-12 "$OUT")" = "negative-real,,,," ] || fail_with "negative-real"
	analyze --integrator semi-implicit --ck 1 --cd 1 --dt 0.1 --no-header
	[ "$(cut -d, -f9-12 "$OUT")" = ",,," ] || fail_with "deadbeat"
}

@test "-o FILE holds what stdout would; --precision N digits" {
	analyze --hw 0.1:3:7 --zeta 0,1
	cp "$OUT" "$BATS_TEST_TMPDIR/stdout.csv"
	analyze --hw 0.1:3:7 --zeta 0,1 -o "$BATS_TEST_TMPDIR/file.csv"
	assert_stdout_empty
	cmp "$BATS_TEST_TMPDIR/stdout.csv" "$BATS_TEST_TMPDIR/file.csv" || fail_with "-o differs"
	analyze --integrator exact --precision 3 --no-header
	[ "$(cut -d, -f2,6 "$OUT")" = "12.6,0.939" ] || fail_with "--precision 3"
}

@test "analyze --help: usage, the columns, exit 0; -V the version" {
	analyze --help
	assert_stderr_empty
	grep -q '^usage: springsim analyze' "$OUT" || fail_with "usage line"
	for w in spectral_radius max_stable_dt omega_eff negative-real A:B:Nlog; do
		grep -q -- "$w" "$OUT" || fail_with "help lacks $w"
	done
	analyze -V
	grep -q '^springsim ' "$OUT" || fail_with "version"
}

# bad_values FLAG - FLAG with each malformed number: exit 2, one line
# naming FLAG and the value, nothing on stdout.
bad_values() {
	local v
	for v in '' abc 1x ' 1' 0x10 inf nan 1e999; do
		assert_usage_error "$1" "'$v'" -- analyze "$1" "$v"
	done
}

@test "analyze: bad numbers for --dt, --hw, --zeta" {
	bad_values --dt
	bad_values --hw
	bad_values --zeta
}

@test "analyze: values out of range, bad lists and ranges name the flag and the value" {
	assert_usage_error --dt "'0'" -- analyze --dt 0
	assert_usage_error --dt "'-1'" -- analyze --dt -1
	assert_usage_error --dt "'0.1,0'" -- analyze --dt 0.1,0
	assert_usage_error --dt "'0:1:3'" -- analyze --dt 0:1:3
	assert_usage_error --dt "'1e101'" -- analyze --dt 1e101
	assert_usage_error --hw "'0'" -- analyze --hw 0
	assert_usage_error --zeta "'-0.1'" -- analyze --zeta -0.1
	assert_usage_error --hw "'0:10:5log'" "log" -- analyze --hw 0:10:5log
	assert_usage_error --zeta "'0:1:0'" -- analyze --zeta 0:1:0
	assert_usage_error --zeta "'0:1:10000001'" -- analyze --zeta 0:1:10000001
	assert_usage_error --zeta "'0:1:x'" -- analyze --zeta 0:1:x
	assert_usage_error --hw "'1:2:1'" -- analyze --hw 1:2:1
	assert_usage_error --dt "'1:2'" -- analyze --dt 1:2
	assert_usage_error --dt "'1:2:3:4'" -- analyze --dt 1:2:3:4
	assert_usage_error --dt "'0.1,'" -- analyze --dt 0.1,
	assert_usage_error --dt "'0.1,,2'" -- analyze --dt 0.1,,2
	assert_usage_error --dt "'abc' in '0.1,abc'" -- analyze --dt 0.1,abc
}

@test "analyze: contradictory or incomplete flags" {
	assert_usage_error --dt --hw -- analyze --dt 0.1 --hw 1
	assert_usage_error --hw --ck -- analyze --hw 1 --ck 1 --cd 1
	assert_usage_error --integrator "'nosuch'" -- analyze --integrator nosuch
	assert_usage_error --integrator "'rk4,nosuch'" -- analyze --integrator rk4,nosuch
	assert_usage_error --integrator rk4 twice -- analyze --integrator rk4,rk4
	assert_usage_error --integrator "''" -- analyze --integrator ''
	assert_usage_error --stiffness --damping -- analyze --stiffness 1
	assert_usage_error --precision "'0'" -- analyze --precision 0
	assert_usage_error --precision "'18'" -- analyze --precision 18
	assert_usage_error "'--bogus'" -- analyze --bogus
	assert_usage_error --no-header -- analyze --no-header=1
	assert_usage_error "'stray'" -- analyze stray
	assert_usage_error --dt needs -- analyze --dt
	assert_usage_error --dt "'1e100'" "omega dt" -- analyze --dt 1e100 --uaf 10 --dr 0
	assert_usage_error rows -- analyze --hw 1:2:10000000 --zeta 0:1:1000
}

@test "analyze: a usage error with -o creates no file and leaves an existing one alone" {
	local d=$BATS_TEST_TMPDIR/outdir
	mkdir "$d"
	printf 'precious\n' >"$d/old.csv"
	assert_usage_error --hw -- analyze -o "$d/new.csv" --hw 0
	assert_usage_error --zeta -- analyze -o "$d/old.csv" --zeta -1
	assert_usage_error --dt --hw -- analyze -o "$d/new.csv" --dt 1 --hw 1
	[ "$(cat "$d/old.csv")" = precious ] || fail_with "old.csv changed"
	[ "$(ls -A "$d")" = old.csv ] || fail_with "left behind: $(ls -A "$d" | tr '\n' ' ')"
}

@test "analyze: an unwritable output is exit 1 with a message" {
	sim analyze -o "$BATS_TEST_TMPDIR/no/such/dir/x.csv"
	assert_status 1
	assert_stdout_empty
	assert_one_stderr_line
	if [ -w /dev/full ]; then
		status=0
		"$SPRINGSIM" analyze --hw 0.01:10:1000log >/dev/full 2>"$BATS_TEST_TMPDIR/err" || status=$?
		[ "$status" -eq 1 ] || fail_with "stdout on /dev/full: want exit 1, got $status"
	fi
}
