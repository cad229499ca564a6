# helpers.bash - loaded by every suite: bats-support, bats-assert and the
# binary under test ($SPRINGSIM, set by tests/run.sh; build/springsim by
# default).
bats_load_library bats-support 2>/dev/null || load /usr/lib/bats/bats-support/load
bats_load_library bats-assert 2>/dev/null || load /usr/lib/bats/bats-assert/load
: "${SPRINGSIM:=$BATS_TEST_DIRNAME/../../build/springsim}"
# absolute, and exported: some tests cd elsewhere or run it under bash -c
case $SPRINGSIM in /*) ;; *) SPRINGSIM=$PWD/$SPRINGSIM ;; esac
export SPRINGSIM

# The trajectory header and the --metrics header, as the README and
# springsim(1) spell them (never read back from the program).
TRAJ_HEADER='t,x,v,target,x_ref,v_ref,err_x,err_v'
METRICS_HEADER='model,integrator,substep,dt,frames,omega,zeta,mass,x0,v0,target,target_vel,max_err_x,rms_err_x,final_err_x,max_err_v,rms_err_v,final_err_v,overshoot,settle_time,energy_drift,diverged,max_dt,max_substeps,lost_time,max_lag,substeps,max_substeps_frame,lag,attenuation'
# The eight update rules, in the order of the README's "Update rules":
# the articles' seven and, after implicit, rigidbody (Studio Gobo's
# appendix B).
RULES='explicit semi-implicit implicit rigidbody backward-euler verlet rk4 exact'

# sim ARGS... - run "$SPRINGSIM" ARGS with stdout in $OUT and stderr in
# $ERR (files, byte for byte, no newline stripped) and the exit status in
# $status.  Unlike bats' `run`, the output is kept exactly as written.
sim() {
	OUT=$BATS_TEST_TMPDIR/stdout
	ERR=$BATS_TEST_TMPDIR/stderr
	status=0
	"$SPRINGSIM" "$@" >"$OUT" 2>"$ERR" || status=$?
}

# fail_with MESSAGE - fail the test, showing MESSAGE, stdout and stderr.
fail_with() {
	{
		printf '%s\n' "$1"
		if [ -n "${OUT:-}" ] && [ -f "$OUT" ]; then
			printf -- '-- stdout (first 5 lines) --\n'
			head -n 5 "$OUT"
		fi
		if [ -n "${ERR:-}" ] && [ -f "$ERR" ]; then
			printf -- '-- stderr --\n'
			cat "$ERR"
		fi
		printf -- '--\n'
	} | fail
}

# assert_status N - the last sim exited with N.
assert_status() {
	[ "$status" -eq "$1" ] ||
		fail_with "expected exit status $1, got $status"
}

# assert_stdout_empty / assert_stderr_empty - not one byte.
assert_stdout_empty() {
	[ ! -s "$OUT" ] || fail_with "expected nothing on stdout"
}
assert_stderr_empty() {
	[ ! -s "$ERR" ] || fail_with "expected nothing on stderr"
}

# stderr_text - the whole of $ERR in $STDERR_TEXT, read without a fork.
stderr_text() {
	STDERR_TEXT=
	IFS= read -r -d '' STDERR_TEXT <"$ERR" || true
}

# assert_one_stderr_line - stderr is exactly one newline-terminated line.
assert_one_stderr_line() {
	local nl
	stderr_text
	nl=${STDERR_TEXT//[!$'\n']/}
	[ "${#nl}" -eq 1 ] && [[ $STDERR_TEXT == *$'\n' ]] ||
		fail_with "expected exactly one line on stderr, got ${#nl}"
}

# assert_stderr_has TEXT... - stderr contains each TEXT (fixed strings).
assert_stderr_has() {
	local s
	stderr_text
	for s in "$@"; do
		[[ $STDERR_TEXT == *"$s"* ]] ||
			fail_with "stderr does not contain: $s"
	done
}

# assert_usage_error NEEDLE... -- ARGS... - run ARGS: exit status 2,
# nothing on stdout, one line on stderr containing every NEEDLE.  (Few
# commands on the passing path: bats traps every command, and the error
# suites call this hundreds of times.)
assert_usage_error() {
	local i=1 s nl
	while [ "$i" -le $# ] && [ "${!i}" != -- ]; do i=$((i + 1)); done
	[ "$i" -le $# ] || fail "assert_usage_error: no -- before the arguments"
	local needles=("${@:1:i-1}")
	shift "$i"
	sim "$@"
	stderr_text
	nl=${STDERR_TEXT//[!$'\n']/}
	if ! [ "$status" -eq 2 ] || [ -s "$OUT" ] || [ "${#nl}" -ne 1 ] ||
	    [[ $STDERR_TEXT != *$'\n' ]]; then
		fail_with "$* : want exit status 2 (got $status), nothing on stdout, one line on stderr"
	fi
	for s in "${needles[@]}"; do
		[[ $STDERR_TEXT == *"$s"* ]] ||
			fail_with "$* : stderr does not contain: $s"
	done
}

# nlines FILE - the number of lines in FILE.
nlines() {
	wc -l <"$1" | tr -d ' '
}

# metrics_field FILE NAME - the value of column NAME in a --metrics output
# (header line, then one row), found by the header's name.
metrics_field() {
	awk -F, -v name="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i }
	    NR == 2 { print $(col[name]) }' "$1"
}

# expected_frames DURATION DT - springsim(1)'s frame count, written out here
# independently: r = duration / dt; the nearest whole number n when
# |r - n| <= 1e-9 max(n, 1), else ceil(r).
expected_frames() {
	awk -v d="$1" -v h="$2" 'BEGIN {
		r = d / h; n = int(r + 0.5)
		tol = 1e-9 * (n > 1 ? n : 1)
		if (r - n <= tol && n - r <= tol) { print n; exit }
		c = int(r); if (c < r) c++
		print c
	}'
}

# awk_check FILE PROGRAM [awk -v assignments...] - run an awk program that
# prints a diagnostic line for every violation; fail if it prints any, if
# awk fails (a typo in PROGRAM must not pass), or if FILE has fewer than
# $AWK_MIN_LINES lines (default 2: a header and a row), so that a check
# over no rows cannot pass.  PROGRAM sees the numbers as doubles (mawk and
# gawk read fields with strtod).
awk_check() {
	local file=$1 prog=$2 bad rc=0
	shift 2
	bad=$(awk -F, -v awk_check_min="${AWK_MIN_LINES:-2}" "$@" "$prog
	    END { if (NR < awk_check_min) print \"only \" NR \" lines\" }" "$file") || rc=$?
	[ "$rc" -eq 0 ] || fail_with "awk exited $rc on $file"
	[ -z "$bad" ] || fail_with "awk check failed on $file:
$(printf '%s\n' "$bad" | head -n 10)"
}

# awk_check_ref REF FILE PROGRAM [awk -v assignments...] - the same, with
# REF read first (PROGRAM tells them apart by NR == FNR); each file must
# have $AWK_MIN_LINES lines, and both the same number.
awk_check_ref() {
	local ref=$1 file=$2 prog=$3 bad rc=0
	shift 3
	bad=$(awk -F, -v awk_check_min="${AWK_MIN_LINES:-2}" "$@" "
	    FNR == 1 { files++ }
	    files == 1 { nref = FNR }
	    $prog
	    END { if (files != 2 || FNR < awk_check_min || FNR != nref) print \"line counts \" nref \" and \" FNR }" \
	    "$ref" "$file") || rc=$?
	[ "$rc" -eq 0 ] || fail_with "awk exited $rc on $file"
	[ -z "$bad" ] || fail_with "awk check failed on $file against $ref:
$(printf '%s\n' "$bad" | head -n 10)"
}

# identity ARGS... - one frame with --metrics; sets OMEGA, ZETA and MASS
# from the identity columns.
identity() {
	sim "$@" --metrics --no-header --frames 1
	assert_status 0
	OMEGA=$(cut -d, -f6 "$OUT")
	ZETA=$(cut -d, -f7 "$OUT")
	MASS=$(cut -d, -f8 "$OUT")
}

# assert_near GOT WANT REL WHAT - |GOT - WANT| <= REL |WANT| (a suite may
# define its own, wider one).
assert_near() {
	awk -v a="$1" -v b="$2" -v rel="$3" 'BEGIN { if (a == "" || b == "") exit 1
		d = a - b; m = b < 0 ? -b : b
		exit !(d <= rel * m && -d <= rel * m) }' ||
		fail_with "$4 is $1, want $2 (to $3 relative)"
}

# same_columns FIELDS ARGS... - ARGS with the reference, cut to FIELDS,
# is ARGS --no-reference byte for byte, and so is stderr (a divergence's
# warning included).
same_columns() {
	local fields=$1 ref=$BATS_TEST_TMPDIR/ref.csv
	shift
	sim "$@"
	assert_status 0
	cut -d, -f"$fields" "$OUT" >"$ref"
	cp "$ERR" "$ref.err"
	sim "$@" --no-reference
	assert_status 0
	[ "$(nlines "$OUT")" -gt 1 ] || fail_with "$*: no rows"
	cmp -s "$ref" "$OUT" || fail_with "$* --no-reference: not columns $fields of the reference run"
	cmp -s "$ref.err" "$ERR" || fail_with "$* --no-reference: stderr differs"
}

# kv KEY - the value of KEY in the key=value output in $OUT (convert,
# tune, fit): exactly one line must hold it.
kv() {
	awk -F= -v k="$1" '$1 == k { print $2; n++ } END { exit n != 1 }' "$OUT" ||
		fail_with "no single line for key $1"
}

# near GOT WANT TOL WHAT - |GOT - WANT| <= TOL, else fail naming WHAT.
near() {
	awk -v g="$1" -v w="$2" -v t="$3" 'BEGIN {
		d = g - w; if (d < 0) d = -d; exit !(d <= t) }' ||
		fail_with "$4 is $1, want $2 within $3"
}

# calc EXPR - EXPR evaluated by awk (pi, ln2 known), as a round-trip
# decimal.
calc() {
	awk "BEGIN { pi = atan2(0, -1); ln2 = log(2); printf \"%.17g\", $1 }"
}

# omega_zeta_table - lines ARGS|OMEGA|ZETA on stdin (OMEGA and ZETA awk
# expressions for calc): each ARGS's omega and zeta (identity) within
# 1e-14 of them.
omega_zeta_table() {
	local args w z
	while IFS='|' read -r args w z; do
		# shellcheck disable=SC2086
		identity $args
		assert_near "$OMEGA" "$(calc "$w")" 1e-14 "omega of $args"
		assert_near "$ZETA" "$(calc "$z")" 1e-14 "zeta of $args"
	done
}
