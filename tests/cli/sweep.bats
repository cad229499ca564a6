#!/usr/bin/env bats
# sweep.bats - `springsim sweep`: grids, rows equal to run --metrics, -j,
# shards, gates, --grid-from, progress, bad input.
bats_require_minimum_version 1.5.0
load helpers

# same_as_run CSV - each row's first 30 fields equal `springsim run
# --metrics --no-header` of the configuration in its swept columns (the
# columns named after run flags: integrator, dt, ... and the extra ones).
# The flags come from the header: every column whose name is a run flag
# with a value in that row.  FIXED are flags every row shares.
same_as_run() {
	local csv=$1 n=0 line flags want got
	shift
	local IFS_save=$IFS header
	header=$(head -n 1 "$csv")
	IFS=, read -r -a names <<<"$header"
	while IFS= read -r line; do
		IFS=, read -r -a vals <<<"$line"
		flags=()
		for k in "${!names[@]}"; do
			case ${names[$k]} in
			integrator|dt|x0|v0|target|target_vel) ;;
			uaf|dr|halflife|frequency|duration|signal_period) ;;
			*) continue ;;
			esac
			flags+=("--${names[$k]//_/-}" "${vals[$k]}")
		done
		want=$("$SPRINGSIM" run --metrics --no-header "$@" "${flags[@]}")
		got=$(cut -d, -f1-30 <<<"$line")
		[ "$want" = "$got" ] || fail_with "row $((n + 1)) (${flags[*]}): sweep
$got
run
$want"
		n=$((n + 1))
	done < <(tail -n +2 "$csv")
	IFS=$IFS_save
	[ "$n" -gt 0 ] || fail_with "no rows"
}

@test "sweep: the header is run --metrics's, then the swept flags that are no column" {
	sim sweep --dt 0.01,0.02 --uaf 5,10 --dr 0.5 -q
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$METRICS_HEADER,uaf" ] ||
		fail_with "header: $(head -n 1 "$OUT")"
}

@test "sweep: every rule x dt x uaf x dr row equals run --metrics, digit for digit" {
	sim sweep --integrator all --dt 0.01,0.05 --uaf 5,50 --dr 0,1 \
	    -q -o "$BATS_TEST_TMPDIR/s.csv"
	assert_status 0
	# 8 rules x 2 dt x 2 uaf x 2 dr
	[ "$(nlines "$BATS_TEST_TMPDIR/s.csv")" -eq 65 ] || fail_with "want 64 rows"
	same_as_run "$BATS_TEST_TMPDIR/s.csv"
}

@test "sweep: keyed flags varying fastest (a key that comes back) give run's rows too" {
	# --dt and --integrator last: each row's key differs from the row
	# before's and comes back (kept setups, sweeprows.c), on 3 threads
	sim sweep --uaf 5,50 --dr 0,1 --dt 0.01,0.05 --integrator all -j 3 \
	    -q -o "$BATS_TEST_TMPDIR/s.csv"
	assert_status 0
	[ "$(nlines "$BATS_TEST_TMPDIR/s.csv")" -eq 65 ] || fail_with "want 64 rows"
	same_as_run "$BATS_TEST_TMPDIR/s.csv"
	# the same rows as with those flags first, in another order
	sim sweep --integrator all --dt 0.01,0.05 --uaf 5,50 --dr 0,1 -q \
	    -o "$BATS_TEST_TMPDIR/t.csv"
	assert_status 0
	[ "$(cut -d, -f1-30 "$BATS_TEST_TMPDIR/s.csv" | sort)" = \
	    "$(cut -d, -f1-30 "$BATS_TEST_TMPDIR/t.csv" | sort)" ] ||
		fail_with "the rows differ from the keyed-first sweep's"
}

@test "sweep: more keys than the workers keep, coming back, give run's rows too" {
	# --dt last with 2100 points: each row's key is new to the row
	# before.  On 2 threads keys 0 to 2047 are kept (each thread keeps
	# 4096 / 2 at most, sweepwork.h's KEPT_ALL) and the configurations
	# of the other 52 are resolved alone; on 3, 1365 kept and 735 alone;
	# on 1 every key is kept.  Every 97th row against run, and all of
	# them against the sweep with --dt first (a key a run of rows)
	local j
	sim sweep --dt 0.001:0.05:2100 --uaf 5,50 --dr 0.3,1 -j 2 -q \
	    -o "$BATS_TEST_TMPDIR/t.csv"
	assert_status 0
	for j in 2 3 1; do
		sim sweep --uaf 5,50 --dr 0.3,1 --dt 0.001:0.05:2100 -j $j -q \
		    -o "$BATS_TEST_TMPDIR/s.csv"
		assert_status 0
		[ "$(nlines "$BATS_TEST_TMPDIR/s.csv")" -eq 8401 ] ||
			fail_with "-j $j: want 8400 rows"
		awk 'NR == 1 || NR % 97 == 0' "$BATS_TEST_TMPDIR/s.csv" \
		    >"$BATS_TEST_TMPDIR/some.csv"
		same_as_run "$BATS_TEST_TMPDIR/some.csv"
		[ "$(cut -d, -f1-30 "$BATS_TEST_TMPDIR/s.csv" | sort)" = \
		    "$(cut -d, -f1-30 "$BATS_TEST_TMPDIR/t.csv" | sort)" ] ||
			fail_with "-j $j: the rows differ from the keyed-first sweep's"
	done
}

@test "sweep: start and target axes, set by number on a resolved setup, equal run's" {
	# --x0, --v0, --target, --target-vel are no part of a key (sweep_plan):
	# a row's sim takes them by number, slowest, fastest and between
	# keyed and parameter axes, on 3 threads
	sim sweep --x0 -1,0.5 --integrator semi-implicit,rk4 --uaf 20,60 \
	    --dr 0.2 --target 0,2 --v0 -3:3:3 --target-vel 0,0.7 -j 3 -q \
	    -o "$BATS_TEST_TMPDIR/s.csv"
	assert_status 0
	[ "$(nlines "$BATS_TEST_TMPDIR/s.csv")" -eq 97 ] || fail_with "want 96 rows"
	same_as_run "$BATS_TEST_TMPDIR/s.csv" --dr 0.2
	# and each row is its own configuration's (a row of another start
	# is run's too): the product, in order, the last flag fastest
	local want= x i u g v q
	for x in -1 0.5; do for i in semi-implicit rk4; do for u in 20 60; do
	for g in 0 2; do for v in -3 0 3; do for q in 0 0.7; do
		want+="$x $i $u $g $v $q"$'\n'
	done; done; done; done; done; done
	[ "$(awk -F, 'NR > 1 { print $9, $2, $31, $11, $10, $12 }' \
	    "$BATS_TEST_TMPDIR/s.csv")"$'\n' = "$want" ] ||
		fail_with "the rows are not the grid's, in order"
	# alone: every row one key's
	sim sweep --x0 0:2:3 --v0 1,-1 -q -o "$BATS_TEST_TMPDIR/t.csv"
	assert_status 0
	same_as_run "$BATS_TEST_TMPDIR/t.csv"
	[ "$(cut -d, -f9,10 "$BATS_TEST_TMPDIR/t.csv" | tr '\n' ' ')" = \
	    "x0,v0 0,1 0,-1 1,1 1,-1 2,1 2,-1 " ] ||
		fail_with "x0, v0: $(cut -d, -f9,10 "$BATS_TEST_TMPDIR/t.csv")"
}

@test "sweep: the slowest range's points, written as the rows meet them, are run's" {
	# the first axis keeps no texts (sweep_cache_texts): each worker
	# formats its points as its rows reach them, mid-axis in a shard too
	sim sweep --uaf 1:100:7log --dr 0,0.5,1 --frames 30 -j 3 -q \
	    -o "$BATS_TEST_TMPDIR/a.csv"
	assert_status 0
	same_as_run "$BATS_TEST_TMPDIR/a.csv" --frames 30
	# the same texts as when the axis is the fastest (texts made once)
	sim sweep --dr 0,0.5,1 --uaf 1:100:7log --frames 30 -q \
	    -o "$BATS_TEST_TMPDIR/b.csv"
	assert_status 0
	[ "$(sort "$BATS_TEST_TMPDIR/a.csv")" = "$(awk -F, -v OFS=, \
	    '{ t = $31; $31 = $32; $32 = t; print }' \
	    "$BATS_TEST_TMPDIR/b.csv" | sort)" ] ||
		fail_with "the rows differ from the fastest-axis sweep's"
	local k
	for k in 1 2 3; do
		sim sweep --uaf 1:100:7log --dr 0,0.5,1 --frames 30 -j 2 -q \
		    --shard $k/3 --no-header
		assert_status 0
		printf '%s\n' "$(cat "$OUT")" >>"$BATS_TEST_TMPDIR/c.csv"
	done
	[ "$(tail -n +2 "$BATS_TEST_TMPDIR/a.csv")" = \
	    "$(cat "$BATS_TEST_TMPDIR/c.csv")" ] || fail_with "shards differ"
}

@test "sweep: rows with a moving target, a start state and a signal equal run's" {
	"$SPRINGSIM" sweep --integrator implicit,rk4 --x0 0,2 --v0 -1,3 \
	    --target-vel 0,0.5 --halflife 0.1,0.4 --frequency 2 -q \
	    >"$BATS_TEST_TMPDIR/a.csv"
	same_as_run "$BATS_TEST_TMPDIR/a.csv" --frequency 2
	"$SPRINGSIM" sweep --integrator semi-implicit,exact --uaf 8 --dr 0.3 \
	    --target-signal sine --signal-period 0.5,1.5 -q \
	    >"$BATS_TEST_TMPDIR/b.csv"
	same_as_run "$BATS_TEST_TMPDIR/b.csv" --uaf 8 --dr 0.3 \
	    --target-signal sine
	# the tracking metrics are there: a sine has a lag
	awk -F, 'NR > 1 && $29 == "" { exit 1 }' "$BATS_TEST_TMPDIR/b.csv" ||
		fail_with "an empty lag"
}

@test "sweep: --model critical's rows, stepped side by side, equal run's" {
	# Holden's critical spring runs in the batch's tiles (batch.c): a
	# moving target and a still one, a start state, two frame times
	"$SPRINGSIM" sweep --model critical --halflife 0.05,0.4,2 --x0 0,2 \
	    --v0 -1,3 --target 0,1 --target-vel 0,0.5 --dt 0.01,0.05 -j 2 -q \
	    >"$BATS_TEST_TMPDIR/a.csv"
	[ "$(nlines "$BATS_TEST_TMPDIR/a.csv")" -eq 97 ] || fail_with "want 96 rows"
	same_as_run "$BATS_TEST_TMPDIR/a.csv" --model critical
}

@test "sweep: --model critical's half-life, set by number, is checked as run checks it" {
	# the half-life is set by number on the resolved setup (its plan,
	# paramflags.c); 0 is refused there as by run, flush_subnormals on
	assert_usage_error "sweep row 2 (--x0 0 --halflife 0)" "must be > 0" -- \
	    sweep --model critical --x0 0,1 --halflife 0.1,0
	sim sweep --model critical --halflife 0.1,0.2,0 --x0 0,1 \
	    -o "$BATS_TEST_TMPDIR/x.csv"
	assert_status 2
	[ ! -e "$BATS_TEST_TMPDIR/x.csv" ] || fail_with "a file was left"
	assert_stderr_has "sweep row 5 (--halflife 0 --x0 0)"
}

@test "sweep: a parameter axis with one point out of range stops at that row, past the first block" {
	# --motion-bounce 0:0.99:100 steps by 0.01: point 96 (counted from
	# 0), 0.96, is past the 0.95 of the flag's range, though Motion's
	# converter would take it.  The axes' points are tested once, as
	# the grid is read (sweepgrid.c, in_range), and, unless all fit, each
	# configuration: row 97 must still be refused, in a file (no check
	# first) and on stdout (checked first)
	sim sweep --motion-duration 0.5 --motion-bounce 0:0.99:100 --frames 10 \
	    -j 2 -o "$BATS_TEST_TMPDIR/x.csv"
	assert_status 2
	[ ! -e "$BATS_TEST_TMPDIR/x.csv" ] || fail_with "a file was left"
	assert_stderr_has "sweep row 97 (--motion-bounce 0.96): --motion-bounce: '0.96' must be between -0.95 and 0.95"
	assert_usage_error "sweep row 97 (--motion-bounce 0.96)" -- \
	    sweep --motion-duration 0.5 --motion-bounce 0:0.99:100 --frames 10 -j 2
	# --dr 1:-1:2001 steps by -0.001: with --uaf slowest, row 1002 is
	# --dr -0.001, below its range
	assert_usage_error "sweep row 1002 (--uaf 1 --dr -0.001)" \
	    "must be >= 0" -- sweep --uaf 1:10:2 --dr 1:-1:2001 -j 2
	# a fixed value is the key's, checked when it is resolved
	assert_usage_error "--uaf: '0' must be > 0" -- \
	    sweep --uaf 0 --dr 0:1:2001 -j 2
}

@test "sweep: substep policies and a jittered clock equal run's rows" {
	"$SPRINGSIM" sweep --substep max,uniform,fixed --max-dt 0.01 \
	    --dt 0.033 --dt-jitter 0.2 --seed 1:3:3 --uaf 20 --dr 0.4 -q \
	    >"$BATS_TEST_TMPDIR/a.csv"
	[ "$(nlines "$BATS_TEST_TMPDIR/a.csv")" -eq 10 ] || fail_with "want 9 rows"
	local row=2 p s
	for p in max uniform fixed; do
		for s in 1 2 3; do
			want=$("$SPRINGSIM" run --metrics --no-header --substep $p \
			    --max-dt 0.01 --dt 0.033 --dt-jitter 0.2 --seed $s \
			    --uaf 20 --dr 0.4)
			got=$(sed -n "${row}p" "$BATS_TEST_TMPDIR/a.csv" | cut -d, -f1-30)
			[ "$want" = "$got" ] || fail_with "$p seed $s: $got vs $want"
			row=$((row + 1))
		done
	done
	# --seed is swept and no metrics column: it is the last column
	[ "$(head -n 1 "$BATS_TEST_TMPDIR/a.csv" | awk -F, '{ print $NF }')" = seed ] ||
		fail_with "no seed column"
}

@test "sweep: the last flag varies fastest; ranges and lists give their points" {
	sim sweep --uaf 1:100:3log --dt 0.01:0.03:3 --dr 0:1:5 -q
	assert_status 0
	[ "$(nlines "$OUT")" -eq 46 ] || fail_with "want 45 rows"
	# row k (0-based): uaf index k / 15, dt index (k / 5) % 3, dr k % 5
	awk -F, 'NR > 1 {
		k = NR - 2
		u = (k - k % 15) / 15; d = ((k - k % 5) / 5) % 3; z = k % 5
		split("1 10 100", U, " "); split("0.01 0.02 0.03", D, " ")
		split("0 0.25 0.5 0.75 1", Z, " ")
		if ($6 != U[u + 1] || $4 != D[d + 1] || $7 != Z[z + 1] ||
		    $31 != U[u + 1] || $32 != Z[z + 1]) {
			print "row " NR - 1 ": " $4 " " $6 " " $7; bad = 1 }
	} END { exit bad }' "$OUT" || fail_with "order or points wrong"
}

@test "sweep: a parameter group sweeps as a group: 50 x 21 springs" {
	sim sweep --uaf 1:100:50log --dr 0:2:21 --frames 3 -q
	assert_status 0
	[ "$(nlines "$OUT")" -eq 1051 ] || fail_with "$(nlines "$OUT") lines"
	# 50 distinct omegas, 21 distinct zetas
	[ "$(tail -n +2 "$OUT" | cut -d, -f6 | sort -u | wc -l)" -eq 50 ] || fail_with omegas
	[ "$(tail -n +2 "$OUT" | cut -d, -f7 | sort -u | wc -l)" -eq 21 ] || fail_with zetas
}

@test "sweep: --integrator all and --substep all are every rule and policy" {
	sim sweep --integrator all --substep all --frames 2 -q
	assert_status 0
	[ "$(tail -n +2 "$OUT" | cut -d, -f2 | sort -u | tr '\n' ' ')" = \
	    "$(tr ' ' '\n' <<<"$RULES" | sort | tr '\n' ' ')" ] || fail_with "rules"
	[ "$(tail -n +2 "$OUT" | cut -d, -f3 | sort -u | tr '\n' ' ')" = \
	    "fixed max none uniform " ] || fail_with "policies"
}

@test "sweep: the exact rule's rows are exact, the explicit rule's are not" {
	sim sweep --integrator exact,explicit --dt 0.001:0.05:7 --uaf 12 --dr 0.2 -q
	assert_status 0
	# independent of any pasted value: the exact rule is the reference to
	# rounding; explicit Euler's error grows with dt (first order)
	awk -F, 'NR > 1 && $2 == "exact" && $13 > 1e-12 { exit 1 }' "$OUT" ||
		fail_with "exact rule not exact"
	awk -F, 'NR > 1 && $2 == "explicit" { if (n++ && $13 <= last) exit 1; last = $13 }' \
	    "$OUT" || fail_with "explicit error not growing with dt"
}

@test "sweep: -j 1, 2 and 3 write the same bytes" {
	local j
	for j in 1 2 3; do
		"$SPRINGSIM" sweep --integrator all --uaf 1:200:30log --dr 0:2:11 \
		    --dt 0.02 --frames 70 -j $j -q >"$BATS_TEST_TMPDIR/j$j.csv"
	done
	# 8 rules x 30 uaf x 11 dr
	[ "$(nlines "$BATS_TEST_TMPDIR/j1.csv")" -eq 2641 ] || fail_with "rows"
	cmp "$BATS_TEST_TMPDIR/j1.csv" "$BATS_TEST_TMPDIR/j2.csv"
	cmp "$BATS_TEST_TMPDIR/j1.csv" "$BATS_TEST_TMPDIR/j3.csv"
}

@test "sweep: diverging configurations are rows with diverged = 1, exit 0" {
	sim sweep --integrator explicit,exact --dt 0.05 --uaf 10,100 --dr 0
	assert_status 0
	# explicit Euler grows at any dt with zeta = 0 (|1 + i omega dt| > 1)
	# and leaves 1e6 times its scale within 2 s at omega dt = 5; exact never
	awk -F, 'NR > 1 && $2 == "exact" && $22 != 0 { exit 1 }' "$OUT" ||
		fail_with "exact diverged"
	awk -F, 'NR > 1 && $2 == "explicit" && $6 == 100 && $22 != 1 { exit 1 }' "$OUT" ||
		fail_with "explicit at omega dt 5 did not diverge"
	assert_stderr_has "configurations diverged"
}

@test "sweep: --shard K/N slices concatenate to the whole sweep, byte for byte" {
	local args=(--integrator all --uaf 1:50:9log --dr 0:1.5:7 --frames 20 -q)
	"$SPRINGSIM" sweep "${args[@]}" >"$BATS_TEST_TMPDIR/all.csv"
	: >"$BATS_TEST_TMPDIR/cat.csv"
	for k in 1 2 3 4 5; do
		if [ $k -eq 1 ]; then h=(); else h=(--no-header); fi
		"$SPRINGSIM" sweep "${args[@]}" --shard $k/5 "${h[@]}" \
		    >>"$BATS_TEST_TMPDIR/cat.csv"
	done
	cmp "$BATS_TEST_TMPDIR/all.csv" "$BATS_TEST_TMPDIR/cat.csv"
	# 8 rules x 9 uaf x 7 dr = 504 rows in 5 slices: 504 = 5 * 100 + 4,
	# the first four one longer
	sim sweep "${args[@]}" --shard 1/5 --no-header
	[ "$(nlines "$OUT")" -eq 101 ] || fail_with "shard 1: $(nlines "$OUT")"
	sim sweep "${args[@]}" --shard 4/5 --no-header
	[ "$(nlines "$OUT")" -eq 101 ] || fail_with "shard 4: $(nlines "$OUT")"
	sim sweep "${args[@]}" --shard 5/5 --no-header
	[ "$(nlines "$OUT")" -eq 100 ] || fail_with "shard 5: $(nlines "$OUT")"
	# more shards than rows: empty slices are fine
	sim sweep --uaf 1,2 --dr 1 --shard 3/3 --no-header -q
	assert_status 0
	assert_stdout_empty
}

@test "sweep: --fail-if writes every row, names the first 20 failing, exits 3" {
	sim sweep --integrator explicit,semi-implicit,exact --dt 0.033 \
	    --uaf 1:60:12 --dr 0:1:5 --fail-if 'max_err_x > 0.01' -q
	assert_status 3
	[ "$(nlines "$OUT")" -eq 181 ] || fail_with "not every row written"
	local want
	want=$(awk -F, 'NR > 1 && $13 > 0.01' "$OUT" | wc -l)
	[ "$want" -gt 20 ] || fail_with "the grid should fail more than 20 rows"
	grep -q "springsim: --fail-if: $want of 180 rows failed (the first 20 shown)" "$ERR" ||
		fail_with "count line: $(tail -n 1 "$ERR")"
	[ "$(grep -c '^springsim: row [0-9]* fails --fail-if' "$ERR")" -eq 20 ] ||
		fail_with "not 20 rows named"
	# the first one named is the first failing row, and its flags rebuild it
	local first
	first=$(awk -F, 'NR > 1 && $13 > 0.01 { print NR - 1; exit }' "$OUT")
	grep -q "^springsim: row $first fails --fail-if 'max_err_x > 0.01' (max_err_x = .*): --integrator " "$ERR" ||
		fail_with "first named: $(head -n 1 "$ERR")"
}

@test "sweep: gates combine (any failing fails the row); passing gates exit 0" {
	sim sweep --integrator exact --uaf 5:50:4 --dr 0.5 \
	    --fail-if 'diverged == 1' --fail-if 'max_err_x >= 1e-9' -q
	assert_status 0
	sim sweep --integrator exact,explicit --dt 0.1 --uaf 30 --dr 0 \
	    --fail-if 'max_err_x > 1e9' --fail-if 'diverged != 0' -q
	assert_status 3
	assert_stderr_has "1 of 2 rows failed"
	assert_stderr_has "--integrator explicit"
}

@test "sweep: bad gates are usage errors" {
	assert_usage_error "--fail-if" "max_err" -- sweep --uaf 1 --dr 1 --fail-if 'max_err > 1'
	assert_usage_error "--fail-if" "METRIC OP VALUE" -- sweep --uaf 1 --dr 1 --fail-if 'max_err_x 1'
	assert_usage_error "--fail-if" "METRIC OP VALUE" -- sweep --uaf 1 --dr 1 --fail-if 'max_err_x > abc'
	assert_usage_error "--fail-if" "integrator" -- sweep --uaf 1 --dr 1 --fail-if 'integrator == 1'
}

@test "sweep: --grid-from rows are configurations, equal to run's" {
	cat >"$BATS_TEST_TMPDIR/g.csv" <<-EOF
	integrator,dt,uaf,dr
	explicit,0.033,10,0.5
	exact,0.0167,40,1
	"rk4",0.01,3,0
	EOF
	sim sweep --grid-from "$BATS_TEST_TMPDIR/g.csv" -q
	assert_status 0
	[ "$(head -n 1 "$OUT")" = "$METRICS_HEADER,uaf,dr" ] || fail_with "header"
	cp "$OUT" "$BATS_TEST_TMPDIR/out.csv"
	same_as_run "$BATS_TEST_TMPDIR/out.csv"
	# crossed with a flag's values: the file's rows vary slower
	sim sweep --grid-from "$BATS_TEST_TMPDIR/g.csv" --x0 0,0.5 -q
	[ "$(nlines "$OUT")" -eq 7 ] || fail_with "3 x 2 rows"
	[ "$(sed -n 2,3p "$OUT" | cut -d, -f2,9 | tr '\n' ' ')" = "explicit,0 explicit,0.5 " ] ||
		fail_with "order"
}

@test "sweep: --grid-from's bad files are usage errors naming file and line" {
	printf 'dt,bogus\n0.1,2\n' >"$BATS_TEST_TMPDIR/a.csv"
	assert_usage_error "--grid-from" "a.csv line 1" "bogus" -- sweep --grid-from "$BATS_TEST_TMPDIR/a.csv"
	printf 'dt,uaf,dr\n0.1,2\n' >"$BATS_TEST_TMPDIR/b.csv"
	assert_usage_error "--grid-from" "b.csv line 2" -- sweep --grid-from "$BATS_TEST_TMPDIR/b.csv"
	printf 'dt,uaf,dr\n0.1,-2,1\n' >"$BATS_TEST_TMPDIR/c.csv"
	assert_usage_error "--uaf" "-2" -- sweep --grid-from "$BATS_TEST_TMPDIR/c.csv"
	printf 'dt,uaf,dr\n' >"$BATS_TEST_TMPDIR/d.csv"
	assert_usage_error "--grid-from" "no configurations" -- sweep --grid-from "$BATS_TEST_TMPDIR/d.csv"
	assert_usage_error "--grid-from" "nope.csv" -- sweep --grid-from "$BATS_TEST_TMPDIR/nope.csv"
	printf 'hitch\n1:2\n' >"$BATS_TEST_TMPDIR/e.csv"
	assert_usage_error "--grid-from" "hitch" -- sweep --grid-from "$BATS_TEST_TMPDIR/e.csv"
}

@test "sweep: bad values name the flag and the value; nothing is written" {
	assert_usage_error "--uaf" "1:2" -- sweep --uaf 1:2 --dr 1
	assert_usage_error "--uaf" "empty" -- sweep --uaf 1,,2 --dr 1
	assert_usage_error "--uaf" "-1" -- sweep --uaf -1,2 --dr 1
	assert_usage_error "--integrator" "foo" -- sweep --integrator exact,foo
	assert_usage_error "--frames" "whole" -- sweep --frames 1:2:3
	assert_usage_error "--dt" "twice" -- sweep --dt 0.1,0.2 --dt 0.3,0.4
	assert_usage_error "--shard" "3/2" -- sweep --shard 3/2
	assert_usage_error "--jobs" "0" -- sweep -j 0
	assert_usage_error "unexpected argument" -- sweep --uaf 1 --dr 1 extra
}

@test "sweep: a range longer than the point texts kept (65536) is read and checked the same" {
	# 70000 whole-number points: row k's uaf is k, its omega k too
	sim sweep --uaf 1:70000:70000 --dr 0.5 --frames 2 --columns omega,uaf -q
	assert_status 0
	local got
	got=$(awk -F, 'NR > 1 && ($1 != NR - 1 || $2 != NR - 1) { bad++ }
	    END { print NR - 1, bad + 0 }' "$OUT")
	[ "$got" = "70000 0" ] || fail_with "rows, mismatches: $got"
	# a bad point is said as a short range's is (the flag's message, as
	# it is read, not a row's), and nothing is written
	assert_usage_error "--mass: '0' must be > 0" -- \
	    sweep --uaf 2 --dr 1 --mass 0:1:100001
	stderr_text
	[ "$STDERR_TEXT" = $'springsim: --mass: \'0\' must be > 0\n' ] ||
	    fail_with "not the flag's own message"
	assert_usage_error "--uaf: '1e+101' is beyond +-1e+100" -- \
	    sweep --uaf 1e101:1e102:70000log --dr 1
	stderr_text
	[[ $STDERR_TEXT != *"sweep row"* ]] || fail_with "not the flag's own message"
	# run's numbers alike: a start (set by number on each row), a step's
	# jitter in [0, 1), a frame time > 0
	sim sweep --uaf 3 --dr 0.5 --frames 2 --x0 -5:69994:70000 \
	    --columns x0 -q
	assert_status 0
	got=$(awk -F, 'NR > 1 && $1 != NR - 7 { bad++ }
	    END { print NR - 1, bad + 0 }' "$OUT")
	[ "$got" = "70000 0" ] || fail_with "x0 rows, mismatches: $got"
	assert_usage_error "--dt-jitter: '1' must be at least 0 and below 1" \
	    -- sweep --uaf 3 --dr 0.5 --dt-jitter 0:1:70001
	stderr_text
	[ "$STDERR_TEXT" = $'springsim: --dt-jitter: \'1\' must be at least 0 and below 1\n' ] ||
	    fail_with "not the flag's own message"
	assert_usage_error "--dt: '0' must be > 0" -- \
	    sweep --uaf 3 --dr 0.5 --dt 0:1:70001
}

@test "sweep: a combination that is no valid run fails before any row, naming it" {
	# --max-dt with substep none is an error; with max it is not
	assert_usage_error "sweep row 1 (--substep none)" "--max-dt" -- \
	    sweep --substep none,max --max-dt 0.01
	# with -o FILE: no file, not even a partial one
	sim sweep --substep max,max,none --max-dt 0.01 -o "$BATS_TEST_TMPDIR/x.csv"
	assert_status 2
	[ ! -e "$BATS_TEST_TMPDIR/x.csv" ] || fail_with "a file was left"
	[ -z "$(ls "$BATS_TEST_TMPDIR" | grep x.csv)" ] || fail_with "a temporary file was left"
	assert_stderr_has "sweep row 3 (--substep none)"
}

@test "sweep: no progress when stderr is no terminal; one with a terminal" {
	sim sweep --uaf 1:10:40 --dr 0:1:40
	assert_status 0
	assert_stderr_empty
	command -v script >/dev/null || skip "no script(1) for a terminal"
	script -qec "'$SPRINGSIM' sweep --uaf 1:10:40 --dr 0:1:40 -o /dev/null" \
	    /dev/null >"$BATS_TEST_TMPDIR/tty" </dev/null
	grep -q "sweep 1600/1600 (100%)\|sweep [0-9]*/1600" "$BATS_TEST_TMPDIR/tty" ||
		fail_with "no progress: $(cat -v "$BATS_TEST_TMPDIR/tty")"
	script -qec "'$SPRINGSIM' sweep --uaf 1:10:40 --dr 0:1:40 -q -o /dev/null" \
	    /dev/null >"$BATS_TEST_TMPDIR/tty2" </dev/null
	! grep -q "sweep [0-9]" "$BATS_TEST_TMPDIR/tty2" || fail_with "--quiet printed progress"
}

@test "sweep: --no-header and --precision shape the rows as run's do" {
	sim sweep --uaf 3,7 --dr 0.25 --precision 4 --no-header -q
	assert_status 0
	[ "$(nlines "$OUT")" -eq 2 ] || fail_with "rows"
	want=$("$SPRINGSIM" run --metrics --no-header --precision 4 --uaf 7 --dr 0.25)
	[ "$(sed -n 2p "$OUT" | cut -d, -f1-30)" = "$want" ] || fail_with "precision"
}

@test "sweep: --help is a man-page usage and mentions the grid syntax" {
	sim sweep --help
	assert_status 0
	assert_stderr_empty
	[ "$(head -c 22 "$OUT")" = "usage: springsim sweep" ] || fail_with "usage line"
	grep -q "A:B:Nlog" "$OUT" || fail_with "no grid syntax"
	grep -q -- "--fail-if" "$OUT" || fail_with "no --fail-if"
}

@test "sweep: an option given twice, or on the command line and in --grid-from, is an error" {
	assert_usage_error "--uaf" "twice" -- sweep --uaf 1,2 --dr 1 --uaf 3
	assert_usage_error "--dr" "twice" -- sweep --uaf 1,2 --dr 1 --dr 0.5,1
	printf 'integrator,uaf\nexact,3\n' >"$BATS_TEST_TMPDIR/g.csv"
	assert_usage_error "--grid-from" "integrator" "command line" -- \
	    sweep --integrator verlet,exact --grid-from "$BATS_TEST_TMPDIR/g.csv" --dr 1
	assert_usage_error "--grid-from" "integrator" "command line" -- \
	    sweep --grid-from "$BATS_TEST_TMPDIR/g.csv" --dr 1 --integrator rk4
	printf 'uaf,uaf\n1,3\n' >"$BATS_TEST_TMPDIR/h.csv"
	assert_usage_error "--grid-from" "twice in the file" -- \
	    sweep --grid-from "$BATS_TEST_TMPDIR/h.csv" --dr 1
	# --hitch is the one option that repeats, as in run
	sim sweep --hitch 0.5:0.1 --hitch 1:0.2 --uaf 3,4 --dr 1 -q
	assert_status 0
}
