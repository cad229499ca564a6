# helpers.bash - loaded by every suite: bats-support, bats-assert and the
# binary under test ($SPRINGSIM, set by tests/run.sh; build/springsim by
# default).
bats_load_library bats-support 2>/dev/null || load /usr/lib/bats/bats-support/load
bats_load_library bats-assert 2>/dev/null || load /usr/lib/bats/bats-assert/load
: "${SPRINGSIM:=$BATS_TEST_DIRNAME/../../build/springsim}"

# The trajectory header and the --metrics header, as DESIGN.md and the
# brief spell them (never read back from the program).
TRAJ_HEADER='t,x,v,target,x_ref,v_ref,err_x,err_v'
METRICS_HEADER='model,integrator,substep,dt,frames,omega,zeta,mass,x0,v0,target,target_vel,max_err_x,rms_err_x,final_err_x,max_err_v,rms_err_v,final_err_v,overshoot,settle_time,energy_drift,diverged'
# The seven update rules of DESIGN.md, in its order.
RULES='explicit semi-implicit implicit backward-euler verlet rk4 exact'

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

# assert_one_stderr_line - stderr is exactly one newline-terminated line.
assert_one_stderr_line() {
	local n
	n=$(wc -l <"$ERR")
	[ "$n" -eq 1 ] && [ -z "$(tail -c 1 "$ERR")" ] ||
		fail_with "expected exactly one line on stderr, got $n"
}

# assert_stderr_has TEXT... - stderr contains each TEXT (fixed strings).
assert_stderr_has() {
	local s
	for s in "$@"; do
		grep -qF -- "$s" "$ERR" ||
			fail_with "stderr does not contain: $s"
	done
}

# assert_usage_error NEEDLE... -- ARGS... - run ARGS: exit status 2,
# nothing on stdout, one line on stderr containing every NEEDLE.
assert_usage_error() {
	local needles=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		needles+=("$1")
		shift
	done
	shift
	sim "$@"
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "${needles[@]}"
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

# expected_frames DURATION DT - DESIGN.md's frame count, written out here
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
# prints a diagnostic line for every violation; fail if it prints any.
# PROGRAM sees the numbers as doubles (mawk/gawk read fields with strtod).
awk_check() {
	local file=$1 prog=$2 bad
	shift 2
	bad=$(awk -F, "$@" "$prog" "$file" | head -n 10)
	[ -z "$bad" ] || fail_with "awk check failed on $file:
$bad"
}

# awk_check_ref REF FILE PROGRAM [awk -v assignments...] - the same, with
# REF read first (PROGRAM tells them apart by NR == FNR).
awk_check_ref() {
	local ref=$1 file=$2 prog=$3 bad
	shift 3
	bad=$(awk -F, "$@" "$prog" "$ref" "$file" | head -n 10)
	[ -z "$bad" ] || fail_with "awk check failed on $file against $ref:
$bad"
}

# Constants in awk: pi and ln 2 from the math library, not from the program.
AWK_PI='atan2(0, -1)'
AWK_LN2='log(2)'
