#!/usr/bin/env bats
# scale-out.bats - a sweep beyond one machine: springsim-merge (the parts
# of a sharded sweep joined, checked, and gated as one), and docs/ci.md's
# Slurm and ssh recipes run as written on real engines: a one-node Slurm
# cluster (munged, slurmctld, slurmd) and a loopback sshd with throwaway
# keys, both started here by hand (tests/scale-out/*-up.sh, every file in
# a directory of their own, ports free on 127.0.0.1) and stopped by PID
# in teardown_file. Their tests need root and Debian's slurmctld slurmd
# slurm-client munge openssh-server openssh-client parallel
# (scripts/setup.sh test installs them); they skip, saying so, without.
bats_require_minimum_version 1.5.0
load helpers

REPO=$BATS_TEST_DIRNAME/../..
README=$REPO/docs/ci.md
UP=$REPO/tests/scale-out
MERGE=$REPO/scripts/merge
# the sweep of docs/ci.md's recipes, and its size: 8 rules x 50 x 21
SWEEP=(--integrator all --dt 0.03333333333333333 --uaf 1:100:50log --dr 0:2:21)
ROWS=8400

# --------------------------------------------------------------- set-up

# The daemons are started once for the file. What could not be started
# is kept as a reason: the tests that need it skip (not root, packages
# missing) or fail (the daemons would not come up) with it.
setup_file() {
	local bin=$BATS_FILE_TMPDIR/bin shim=$BATS_FILE_TMPDIR/shim c
	# springsim and springsim-merge as the recipes call them, first on
	# PATH here, in Slurm's jobs (sbatch passes PATH on) and in the ssh
	# sessions; shim/ is empty but for the tests that break a shard
	mkdir -p "$bin" "$shim" "$BATS_FILE_TMPDIR/home"
	ln -sf "$SPRINGSIM" "$bin/springsim"
	ln -sf "$(cd "$REPO" && pwd)/scripts/merge" "$bin/springsim-merge"
	export SO_PATH=$shim:$bin

	export SLURM_NO= SLURM_DIR= SSH_NO= SSH_DIR=
	if [ "$(id -u)" -ne 0 ]; then
		SLURM_NO="needs root: munged, slurmctld and slurmd are started by hand"
		SSH_NO="needs root: a throwaway sshd for root is started by hand"
	fi
	for c in /usr/sbin/munged /usr/sbin/slurmctld /usr/sbin/slurmd sbatch \
	    scontrol sinfo squeue scancel parallel; do
		command -v "$c" >/dev/null 2>&1 || : "${SLURM_NO:="needs slurm: no $c (apt-get install slurmctld slurmd slurm-client munge parallel; scripts/setup.sh test does)"}"
	done
	for c in /usr/sbin/sshd ssh ssh-keygen parallel perl; do
		command -v "$c" >/dev/null 2>&1 || : "${SSH_NO:="needs ssh: no $c (apt-get install openssh-server openssh-client parallel; scripts/setup.sh test does)"}"
	done
	parallel --version 2>/dev/null | grep -q 'GNU parallel' ||
		: "${SSH_NO:="needs GNU parallel ('parallel' is not GNU parallel)"}"

	if [ -z "$SLURM_NO" ]; then
		# not under bats' temporary directory: munged wants every
		# directory above its socket searchable by all
		SLURM_DIR=$(mktemp -d /tmp/springsim-slurm.XXXXXX)
		if ! sh "$UP/slurm-up.sh" "$SLURM_DIR" >"$SLURM_DIR/up.log" 2>&1; then
			export SLURM_DOWN="the one-node Slurm cluster did not come up: $(tail -n 20 "$SLURM_DIR/up.log")"
		fi
	fi
	if [ -z "$SSH_NO" ]; then
		SSH_DIR=$BATS_FILE_TMPDIR/sshd
		if ! sh "$UP/sshd-up.sh" "$SSH_DIR" "$SO_PATH" >"$BATS_FILE_TMPDIR/sshd-up.log" 2>&1; then
			export SSH_DOWN="the loopback sshd did not come up: $(cat "$BATS_FILE_TMPDIR/sshd-up.log")"
		elif [ "$(ssh -F "$SSH_DIR/ssh_config" host1 'command -v springsim')" != "$bin/springsim" ]; then
			export SSH_DOWN="an ssh session's springsim is not the one under test ($bin/springsim)"
		fi
	fi
}

teardown_file() {
	if [ -n "${SLURM_DIR:-}" ]; then
		sh "$UP/slurm-down.sh" "$SLURM_DIR"
		rm -rf "$SLURM_DIR"
	fi
	if [ -n "${SSH_DIR:-}" ]; then
		sh "$UP/sshd-down.sh" "$SSH_DIR"
	fi
}

# the failing-shard tests put a springsim in shim/; never left for the next
teardown() {
	rm -f "$BATS_FILE_TMPDIR/shim/springsim"
}

need_slurm() {
	[ -z "$SLURM_NO" ] || skip "$SLURM_NO"
	[ -z "${SLURM_DOWN:-}" ] || fail "$SLURM_DOWN"
	export SLURM_CONF=$SLURM_DIR/slurm.conf
}

need_ssh() {
	[ -z "$SSH_NO" ] || skip "$SSH_NO"
	[ -z "${SSH_DOWN:-}" ] || fail "$SSH_DOWN"
	export PARALLEL_SSH="ssh -F $SSH_DIR/ssh_config"
}

# readme_block MARKER - docs/ci.md's code block from the line MARKER to
# the block's end, in $BATS_TEST_TMPDIR/recipe.sh
readme_block() {
	awk -v m="$1" '$0 == m { f = 1 } f && /^```/ { exit } f' "$README" \
	    >"$BATS_TEST_TMPDIR/recipe.sh"
	[ -s "$BATS_TEST_TMPDIR/recipe.sh" ] || fail "no line '$1' in docs/ci.md"
}

# run_recipe FILE - FILE run by sh -e in $WORK (where examples/ is the
# repository's), springsim and springsim-merge first on PATH, a HOME of
# its own (parallel keeps files there), at most 2 minutes; stdout in $OUT,
# stderr in $ERR, the status in $status
run_recipe() {
	WORK=$BATS_TEST_TMPDIR/work
	mkdir -p "$WORK"
	ln -sfn "$(cd "$REPO" && pwd)/examples" "$WORK/examples"
	OUT=$BATS_TEST_TMPDIR/stdout
	ERR=$BATS_TEST_TMPDIR/stderr
	status=0
	(cd "$WORK" && PATH=$SO_PATH:$PATH HOME=$BATS_FILE_TMPDIR/home \
	    timeout 120 sh -e "$1") >"$OUT" 2>"$ERR" </dev/null || status=$?
	[ "$status" -ne 124 ] || fail_with "the recipe still ran after 2 minutes"
}

# run_script SCRIPT ARGS... - examples/SCRIPT ARGS as run_recipe runs a file
run_script() {
	local s=$1
	shift
	printf '%s\n' "sh examples/$s$(printf ' %q' "$@")" >"$BATS_TEST_TMPDIR/cmd.sh"
	run_recipe "$BATS_TEST_TMPDIR/cmd.sh"
}

# break_shard K - from now on in this test, springsim fails shard K of
# any N (exit 1, a message naming it), and runs the real one otherwise
break_shard() {
	cat >"$BATS_FILE_TMPDIR/shim/springsim" <<EOF
#!/bin/sh
for a; do
	case \$a in $1/*) echo "springsim (test double): shard \$a broken on purpose" >&2; exit 1 ;; esac
done
exec "$SPRINGSIM" "\$@"
EOF
	chmod +x "$BATS_FILE_TMPDIR/shim/springsim"
}

# whole - the unsharded sweep of the recipes in $BATS_TEST_TMPDIR/whole.csv
whole() {
	"$SPRINGSIM" sweep "${SWEEP[@]}" -q >"$BATS_TEST_TMPDIR/whole.csv" ||
		fail "the unsharded sweep failed"
	[ "$(nlines "$BATS_TEST_TMPDIR/whole.csv")" -eq $((ROWS + 1)) ] ||
		fail "the unsharded sweep is not $ROWS rows and a header"
}

# parts N [all] - the recipes' sweep in N shards, part-K.csv in
# $BATS_TEST_TMPDIR, each but the first --no-header (all: every one with
# its header)
parts() {
	local k h
	for k in $(seq 1 "$1"); do
		h=--no-header
		[ "$k" -eq 1 ] || [ "${2:-}" = all ] && h=
		"$SPRINGSIM" sweep "${SWEEP[@]}" -q --shard "$k/$1" $h \
		    -o "$BATS_TEST_TMPDIR/part-$k.csv" || fail "shard $k/$1 failed"
	done
}

# merge ARGS... - springsim-merge ARGS, as sim runs springsim
merge() {
	OUT=$BATS_TEST_TMPDIR/stdout
	ERR=$BATS_TEST_TMPDIR/stderr
	status=0
	sh "$MERGE" "$@" >"$OUT" 2>"$ERR" || status=$?
}

# no_jobs_left - the cluster has no job pending or running (a job that
# has just ended may still be completing for a moment)
no_jobs_left() {
	local q i
	for i in $(seq 1 50); do
		q=$(squeue -h -o '%i %T %r')
		[ -n "$q" ] || return 0
		case $q in *PENDING* | *RUNNING*) break ;; esac
		sleep 0.1
	done
	fail_with "jobs left in the queue: $q"
}

# ------------------------------------------------------ springsim-merge

@test "springsim-merge: 3 and 7 parts, with or without their own headers, are the unsharded sweep byte for byte" {
	local n all p
	whole
	for n in 3 7; do
		for all in "" all; do
			rm -f "$BATS_TEST_TMPDIR"/part-*.csv "$BATS_TEST_TMPDIR/m.csv"
			parts "$n" $all
			p=$(seq -f "$BATS_TEST_TMPDIR/part-%g.csv" 1 "$n")
			# shellcheck disable=SC2086
			merge -o "$BATS_TEST_TMPDIR/m.csv" $p
			assert_status 0
			assert_stdout_empty
			assert_stderr_empty
			cmp "$BATS_TEST_TMPDIR/m.csv" "$BATS_TEST_TMPDIR/whole.csv" ||
				fail "$n parts ${all:+with headers }joined differ from the whole sweep"
			# and on stdout
			# shellcheck disable=SC2086
			merge $p
			assert_status 0
			cmp "$OUT" "$BATS_TEST_TMPDIR/whole.csv" ||
				fail "$n parts on stdout differ from the whole sweep"
		done
	done
}

@test "springsim-merge: more shards than rows (empty parts) still joins to the whole" {
	local k h
	"$SPRINGSIM" sweep --integrator exact,rk4 >"$BATS_TEST_TMPDIR/whole.csv"
	# 2 rows in 5 slices: 1, 1, 0, 0, 0
	for k in 1 2 3 4 5; do
		h=--no-header
		[ "$k" -ne 1 ] || h=
		"$SPRINGSIM" sweep --integrator exact,rk4 --shard "$k/5" $h \
		    -o "$BATS_TEST_TMPDIR/p$k.csv"
	done
	[ ! -s "$BATS_TEST_TMPDIR/p5.csv" ] || fail "part 5 of 5 has rows"
	merge -o "$BATS_TEST_TMPDIR/m.csv" "$BATS_TEST_TMPDIR"/p[1-5].csv
	assert_status 0
	cmp "$BATS_TEST_TMPDIR/m.csv" "$BATS_TEST_TMPDIR/whole.csv" ||
		fail "the joined parts differ from the whole sweep"
}

@test "springsim-merge: a missing, cut or foreign part is named, status 2, and nothing is written" {
	local p1 p2 p3 p4 out=$BATS_TEST_TMPDIR/m.csv
	parts 4
	p1=$BATS_TEST_TMPDIR/part-1.csv p2=$BATS_TEST_TMPDIR/part-2.csv
	p3=$BATS_TEST_TMPDIR/part-3.csv p4=$BATS_TEST_TMPDIR/part-4.csv
	printf 'an earlier result\n' >"$out"

	# part 3 missing
	merge -o "$out" "$p1" "$p2" "$BATS_TEST_TMPDIR/nothing.csv" "$p4"
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "part 3 of 4" "nothing.csv" "no such file" "shard 3/4"
	[ "$(cat "$out")" = "an earlier result" ] || fail "the output was touched"

	# part 2 cut in the middle of a line
	head -c 1000 "$p2" >"$BATS_TEST_TMPDIR/cut.csv"
	merge -o "$out" "$p1" "$BATS_TEST_TMPDIR/cut.csv" "$p3" "$p4"
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "part 2 of 4" "cut.csv" "cut short"

	# part 2 cut at the end of a line: one row short of the slice
	sed '$d' "$p2" >"$BATS_TEST_TMPDIR/short.csv"
	merge -o "$out" "$p1" "$BATS_TEST_TMPDIR/short.csv" "$p3" "$p4"
	assert_status 2
	assert_one_stderr_line
	# 8399 rows in 4 slices: 2100, 2100, 2100, 2099
	assert_stderr_has "part 2 of 4, '$BATS_TEST_TMPDIR/short.csv': 2099 rows, where slice 2 of 4 of the 8399 rows read has 2100"

	# the parts out of order: the first has no header
	merge -o "$out" "$p2" "$p1" "$p3" "$p4"
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "part 1 of 4" "does not begin with the header"

	# a row with a field missing
	sed '5s/,[^,]*$//' "$p3" >"$BATS_TEST_TMPDIR/field.csv"
	merge -o "$out" "$p1" "$p2" "$BATS_TEST_TMPDIR/field.csv" "$p4"
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "part 3 of 4" "field.csv" "line 5" "fields, the header has"

	# a part of another sweep: another header
	"$SPRINGSIM" sweep --integrator exact --uaf 1,2 --dr 1 --shard 2/4 \
	    >"$BATS_TEST_TMPDIR/other.csv"
	merge -o "$out" "$p1" "$p2" "$p3" "$BATS_TEST_TMPDIR/other.csv"
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "part 4 of 4" "its header is not that of part 1"

	[ "$(cat "$out")" = "an earlier result" ] || fail "the output was touched"
	[ -z "$(find "$BATS_TEST_TMPDIR" -name '.springsim-merge.*')" ] ||
		fail "a temporary file was left"
}

@test "springsim-merge --fail-if: the rows the unsharded sweep fails, by the same numbers and values; status 3, every row written" {
	local gates want
	gates=(--fail-if 'max_err_x > 0.01' --fail-if 'diverged == 1')
	sim sweep "${SWEEP[@]}" -q "${gates[@]}"
	assert_status 3
	cp "$OUT" "$BATS_TEST_TMPDIR/whole.csv"
	# springsim's own lines: row N fails --fail-if 'G' (M = V): identity
	sed -n "s/^springsim: \(row [0-9]* \)\(fails .*)\): .*/\1\2/p" "$ERR" \
	    >"$BATS_TEST_TMPDIR/want"
	want=$(sed -n 's/^springsim: --fail-if: \([0-9]* of [0-9]* rows failed.*\)/\1/p' "$ERR")
	[ "$(nlines "$BATS_TEST_TMPDIR/want")" -eq 20 ] && [ -n "$want" ] ||
		fail_with "the unsharded sweep did not name 20 rows and a count"
	parts 4
	merge "${gates[@]}" -o "$BATS_TEST_TMPDIR/m.csv" "$BATS_TEST_TMPDIR"/part-[1-4].csv
	assert_status 3
	cmp "$BATS_TEST_TMPDIR/m.csv" "$BATS_TEST_TMPDIR/whole.csv" ||
		fail_with "not every row written, or not the whole sweep's"
	sed -n "s/^springsim-merge: \(row [0-9]* \)(part [0-9]*) \(fails .*)\): .*/\1\2/p" "$ERR" \
	    >"$BATS_TEST_TMPDIR/got"
	cmp -s "$BATS_TEST_TMPDIR/got" "$BATS_TEST_TMPDIR/want" ||
		fail_with "not the rows springsim names: $(diff "$BATS_TEST_TMPDIR/want" "$BATS_TEST_TMPDIR/got" | head -n 5)"
	assert_stderr_has "springsim-merge: --fail-if: $want"
	# the count, found apart: rows over the bound or diverged, by awk
	want=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    ($(c["max_err_x"]) != "" && $(c["max_err_x"]) + 0 > 0.01) || $(c["diverged"]) == 1 { n++ }
	    END { print n + 0 }' "$BATS_TEST_TMPDIR/whole.csv")
	assert_stderr_has "--fail-if: $want of $ROWS rows failed (the first 20 shown)"
	# the row's part: rows 1 .. 2100 are part 1's, 2101 .. 4200 part 2's ...
	awk '/^springsim-merge: row/ { r = $3; p = $5 + 0
	    if (p != int((r - 1) / 2100) + 1) print }' "$ERR" | grep . &&
		fail_with "a row named with the wrong part"
	return 0
}

@test "springsim-merge --fail-if: an empty field fails no gate, inf and -inf compare as infinities; one verdict over all parts" {
	# the metrics from max_err_x to attenuation; a row is named by the
	# other columns whose values vary: integrator and uaf, not model
	local h=model,integrator,max_err_x,diverged,attenuation,uaf
	printf '%s\n' "$h" 'spring,rk4,0.5,0,0,1' 'spring,rk4,,1,0,2' >"$BATS_TEST_TMPDIR/a.csv"
	printf '%s\n' 'spring,exact,inf,1,0,3' 'spring,exact,-inf,0,0,4' >"$BATS_TEST_TMPDIR/b.csv"
	set -- "$BATS_TEST_TMPDIR/a.csv" "$BATS_TEST_TMPDIR/b.csv"
	# row 1 0.5, row 2 empty, row 3 inf, row 4 -inf
	merge --fail-if 'max_err_x > 1e300' "$@"
	assert_status 3
	assert_stderr_has "row 3 (part 2) fails --fail-if 'max_err_x > 1e300' (max_err_x = inf): integrator=exact uaf=3"
	assert_stderr_has "--fail-if: 1 of 4 rows failed"
	merge --fail-if 'max_err_x < -1e300' "$@"
	assert_status 3
	assert_stderr_has "row 4 (part 2) fails" "--fail-if: 1 of 4 rows failed"
	merge --fail-if 'max_err_x != 0.5' "$@"
	assert_status 3
	assert_stderr_has "row 3 (part 2)" "row 4 (part 2)" "--fail-if: 2 of 4 rows failed"
	merge --fail-if='max_err_x<=0.5' "$@"
	assert_status 3
	assert_stderr_has "row 1 (part 1)" "row 4 (part 2)" "--fail-if: 2 of 4 rows failed"
	# a row fails when any gate does: 0.5 (row 1), and diverged rows 2, 3
	merge --fail-if 'max_err_x == 0.5' --fail-if 'diverged == 1' "$@"
	assert_status 3
	assert_stderr_has "row 1 (part 1)" "row 2 (part 1)" "row 3 (part 2)" "--fail-if: 3 of 4 rows failed"
	merge --fail-if 'max_err_x >= 1' --fail-if 'diverged > 1' "$@"
	assert_status 3
	assert_stderr_has "--fail-if: 1 of 4 rows failed"
	merge --fail-if 'diverged > 1' "$@"
	assert_status 0
	assert_stderr_empty
	[ "$(nlines "$OUT")" -eq 5 ] || fail_with "not a header and 4 rows"
	# a swept column of the header too (uaf: rows 3 and 4), which
	# sweep's own gates refuse (its --help and the page say so)
	merge --fail-if 'uaf > 2' "$@"
	assert_status 3
	assert_stderr_has "row 3 (part 2)" "row 4 (part 2)" "--fail-if: 2 of 4 rows failed"
	run "$SPRINGSIM" sweep --uaf 1,3 --dr 0.5 --fail-if 'uaf > 2'
	[ "$status" -eq 2 ] && [[ $output == *"unknown metric 'uaf'"* ]] ||
		fail_with "sweep took a gate on uaf: $status $output"
}

@test "springsim-merge: a bad gate or argument is a usage error, one line, status 2, nothing written" {
	local p=$BATS_TEST_TMPDIR/part-1.csv g
	parts 1
	for g in 'nosuch > 1' 'max_err_x >' 'max_err_x ~ 1' '> 1' 'max_err_x > 1x' \
	    'max_err_x > 0x10' 'integrator > 1'; do
		merge -o "$BATS_TEST_TMPDIR/m.csv" --fail-if "$g" "$p"
		assert_status 2
		assert_one_stderr_line
		assert_stderr_has "springsim-merge: --fail-if" "$g"
		[ ! -e "$BATS_TEST_TMPDIR/m.csv" ] || fail_with "--fail-if '$g': a file was written"
	done
	merge
	assert_status 2
	assert_one_stderr_line
	merge --bogus "$p"
	assert_status 2
	assert_one_stderr_line
	assert_stderr_has "--bogus"
	merge -o "$BATS_TEST_TMPDIR/no/such/dir/m.csv" "$p"
	assert_status 2
	assert_one_stderr_line
	merge --help
	assert_status 0
	grep -q '^usage: springsim-merge' "$OUT" || fail_with "no usage line"
}

@test "docs/ci.md's springsim-merge example is what it prints, on the parts of recipe (d)" {
	local k h line gates
	gates=(--fail-if 'max_err_x > 0.01' --fail-if 'diverged == 1')
	# recipe (d)'s shards: each gated, so each exits 3 with its part whole
	for k in 1 2 3 4; do
		h=--no-header
		[ "$k" -ne 1 ] || h=
		sim sweep "${SWEEP[@]}" -q --shard "$k/4" $h \
		    -o "$BATS_TEST_TMPDIR/part-$k.csv" "${gates[@]}"
		assert_status 3
	done
	cd "$BATS_TEST_TMPDIR"
	merge "${gates[@]}" -o sweep.csv part-1.csv part-2.csv part-3.csv part-4.csv
	assert_status 3
	awk '/^\$ springsim-merge --fail-if/ { f = 1 } f && /^```/ { exit }
	    f && /^springsim-merge: / { print }' "$README" >"$BATS_TEST_TMPDIR/want"
	[ "$(nlines "$BATS_TEST_TMPDIR/want")" -ge 2 ] ||
		fail "no springsim-merge example in docs/ci.md"
	while IFS= read -r line; do
		grep -qxF -- "$line" "$ERR" ||
			fail_with "docs/ci.md shows a line springsim-merge does not print: $line"
	done <"$BATS_TEST_TMPDIR/want"
	grep -qxF 'springsim-merge: --fail-if: 5641 of 8400 rows failed (the first 20 shown)' \
	    "$BATS_TEST_TMPDIR/want" || fail "docs/ci.md's example has no count line"
}

@test "springsim-merge is POSIX sh: dash runs it" {
	command -v dash >/dev/null 2>&1 || skip "no dash"
	parts 2
	dash "$MERGE" -o "$BATS_TEST_TMPDIR/m.csv" "$BATS_TEST_TMPDIR"/part-[12].csv ||
		fail "under dash: status $?"
	"$SPRINGSIM" sweep "${SWEEP[@]}" -q | cmp -s - "$BATS_TEST_TMPDIR/m.csv" ||
		fail "under dash: not the whole sweep"
}

# ------------------------------------------- the recipes' usage errors

@test "slurm-sweep.sh and ssh-sweep.sh: a usage error or sweep arguments springsim refuses: one line, status 2, nothing run" {
	local args
	# these stop before any engine is asked: no cluster, no sshd needed
	for args in "slurm-sweep.sh -n x -- --integrator all" \
	    "slurm-sweep.sh -c 0 -- --integrator all" \
	    "slurm-sweep.sh -q -- --integrator all" \
	    "slurm-sweep.sh -n" \
	    "ssh-sweep.sh -S host1 -n 1x -- --integrator all" \
	    "ssh-sweep.sh -Z -- --integrator all" \
	    "ssh-sweep.sh -- --integrator all"; do
		# shellcheck disable=SC2086
		run_script $args
		assert_status 2
		assert_stdout_empty
		assert_one_stderr_line
	done
	for args in slurm-sweep.sh "ssh-sweep.sh -S host1"; do
		# shellcheck disable=SC2086
		run_script $args -o out.csv -- --integrator all --nosuch 1
		assert_status 2
		assert_stderr_has "--nosuch" "nothing"
		[ ! -e "$WORK/out.csv" ] && [ ! -e "$WORK/out.csv.parts" ] ||
			fail_with "$args: something was written"
	done
}

# ---------------------------------------------------------------- Slurm

@test "docs/ci.md recipe (c): the Slurm job array and merge job give the unsharded sweep byte for byte" {
	need_slurm
	readme_block '# (c) a Slurm job array of 8 shards and a merge job'
	grep -q '^sh examples/slurm-sweep.sh -n 8 ' "$BATS_TEST_TMPDIR/recipe.sh" ||
		fail "docs/ci.md's recipe (c) does not run examples/slurm-sweep.sh -n 8"
	run_recipe "$BATS_TEST_TMPDIR/recipe.sh"
	assert_status 0
	grep -qx identical "$OUT" || fail_with "the recipe did not print 'identical'"
	whole
	cmp "$WORK/sweep.csv" "$BATS_TEST_TMPDIR/whole.csv" ||
		fail_with "sweep.csv is not the unsharded sweep"
	[ ! -e "$WORK/sweep.csv.parts" ] || fail_with "the parts were left"
	no_jobs_left
}

@test "Slurm: a failing shard makes the recipe fail, the shard named with its log; no merged file, no job left" {
	need_slurm
	break_shard 3
	run_script slurm-sweep.sh -n 4 -o out.csv -- "${SWEEP[@]}"
	assert_status 1
	[ ! -e "$WORK/out.csv" ] || fail_with "a merged file was written"
	assert_stderr_has "shard 3/4" "failed: JobState=FAILED ExitCode=1:0" \
	    "shard 3/4 broken on purpose" "out.csv not written"
	# only shard 3 named
	grep -E 'shard [124]/4 .*failed' "$ERR" && fail_with "another shard named"
	[ -s "$WORK/out.csv.parts/part-4.csv" ] || fail_with "the parts were not kept"
	no_jobs_left
}

@test "Slurm: --fail-if is applied to all the rows once: status 3, the failing rows named, the merged file whole" {
	need_slurm
	local n
	run_script slurm-sweep.sh -n 4 -o out.csv -- "${SWEEP[@]}" \
	    --fail-if 'max_err_x > 0.01' --fail-if 'diverged == 1'
	assert_status 3
	whole
	cmp "$WORK/out.csv" "$BATS_TEST_TMPDIR/whole.csv" ||
		fail_with "out.csv is not the unsharded sweep"
	# the count, found apart from the rows
	n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    ($(c["max_err_x"]) != "" && $(c["max_err_x"]) + 0 > 0.01) || $(c["diverged"]) == 1 { n++ }
	    END { print n + 0 }' "$BATS_TEST_TMPDIR/whole.csv")
	assert_stderr_has "springsim-merge: row 1 (part 1) fails --fail-if 'max_err_x > 0.01'" \
	    "springsim-merge: --fail-if: $n of $ROWS rows failed"
	no_jobs_left
}

@test "Slurm: more CPUs a task than a node has, or a task the partition never runs, fails at once; nothing left pending" {
	need_slurm
	local t0 cpus
	# the node as slurm-up.sh declares it: nproc CPUs, 8 at least
	cpus=$(nproc)
	[ "$cpus" -ge 8 ] || cpus=8
	run_script slurm-sweep.sh -c $((cpus + 1)) -- "${SWEEP[@]}"
	assert_status 2
	assert_stderr_has "-c: '$((cpus + 1))' is more CPUs than any node has (at most $cpus)"
	assert_one_stderr_line
	# a time limit over the partition's (60 min): Reason=PartitionConfig
	t0=$(date +%s)
	SBATCH_TIMELIMIT=120 run_script slurm-sweep.sh -n 2 -- "${SWEEP[@]}"
	assert_status 1
	assert_stderr_has "can never start (Reason=Partition" "both cancelled"
	[ $(($(date +%s) - t0)) -lt 30 ] || fail_with "it waited $(($(date +%s) - t0)) s"
	[ ! -e "$WORK/sweep.csv" ] || fail_with "a merged file was written"
	no_jobs_left
}

# ------------------------------------------------------------------ ssh

@test "docs/ci.md recipe (b): ssh-sweep.sh over four hosts (a loopback sshd) gives the unsharded sweep byte for byte" {
	need_ssh
	readme_block '# (b) across hosts over ssh: four hosts, one shard on each'
	grep -q '^sh examples/ssh-sweep.sh -S host1,host2,host3,host4 ' "$BATS_TEST_TMPDIR/recipe.sh" ||
		fail "docs/ci.md's recipe (b) does not run examples/ssh-sweep.sh -S host1,...,host4"
	local before after
	before=$(grep -c 'Accepted publickey' "$SSH_DIR/sshd.log")
	run_recipe "$BATS_TEST_TMPDIR/recipe.sh"
	assert_status 0
	grep -qx identical "$OUT" || fail_with "the recipe did not print 'identical'"
	whole
	cmp "$WORK/sweep.csv" "$BATS_TEST_TMPDIR/whole.csv" ||
		fail_with "sweep.csv is not the unsharded sweep"
	[ ! -e "$WORK/sweep.csv.parts" ] || fail_with "the parts were left"
	# every shard went through ssh: sshd let in four sessions at least
	after=$(grep -c 'Accepted publickey' "$SSH_DIR/sshd.log")
	[ $((after - before)) -ge 4 ] ||
		fail_with "sshd saw $((after - before)) sessions, not 4 or more"
}

@test "ssh: a dead host's shards run again on a live one, and the result is still whole" {
	need_ssh
	run_script ssh-sweep.sh -S dead,host1 -n 4 -o out.csv -- "${SWEEP[@]}"
	assert_status 0
	whole
	cmp "$WORK/out.csv" "$BATS_TEST_TMPDIR/whole.csv" ||
		fail_with "out.csv is not the unsharded sweep"
}

@test "ssh: a failing shard, or every host dead, fails the recipe, each failing shard named; no merged file" {
	need_ssh
	break_shard 2
	run_script ssh-sweep.sh -S host1,host2 -n 3 -o out.csv -- "${SWEEP[@]}"
	assert_status 1
	[ ! -e "$WORK/out.csv" ] || fail_with "a merged file was written"
	assert_stderr_has "shard 2/3 failed on host" "(exit 1)" \
	    "shard 2/3 broken on purpose" "out.csv not written"
	grep -E 'shard [13]/3 failed' "$ERR" && fail_with "another shard named"

	rm -f "$BATS_FILE_TMPDIR/shim/springsim"
	run_script ssh-sweep.sh -S dead -n 2 -o out.csv -- "${SWEEP[@]}"
	assert_status 1
	[ ! -e "$WORK/out.csv" ] || fail_with "a merged file was written"
	assert_stderr_has "shard 1/2 failed on dead (exit 255)" \
	    "shard 2/2 failed on dead (exit 255)" "Connection refused"
}

@test "ssh: --fail-if is applied to all the rows once: status 3, the failing rows named, the merged file whole" {
	need_ssh
	run_script ssh-sweep.sh -S host1,host2 -o out.csv -- "${SWEEP[@]}" \
	    --fail-if 'diverged == 1'
	assert_status 3
	whole
	cmp "$WORK/out.csv" "$BATS_TEST_TMPDIR/whole.csv" ||
		fail_with "out.csv is not the unsharded sweep"
	n=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	    $(c["diverged"]) == 1 { n++ } END { print n + 0 }' "$BATS_TEST_TMPDIR/whole.csv")
	[ "$n" -gt 0 ] || fail "no configuration of the sweep diverges"
	assert_stderr_has "springsim-merge: --fail-if: $n of $ROWS rows failed"
}
