#!/usr/bin/env bats
# columns.bats - --columns LIST (run --metrics, sweep): the columns named,
# in the order given, each the same text as the full row's column of that
# name (cut by header name with awk, never pasted back); bad lists exit 2
# with one line naming --columns and the value; sweep's swept columns.

load helpers

# cut FILE NAMES - the columns NAMES (comma list) of CSV FILE, picked by
# header name, in NAMES' order
cut_by_name() {
	awk -F, -v want="$2" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i;
	    n = split(want, w, ",") }
	    { line = ""; for (k = 1; k <= n; k++)
		line = line (k > 1 ? "," : "") (w[k] in col ? $(col[w[k]]) : "MISSING")
	      print line }' "$1"
}

# bad_columns ARGS... - exit 2, nothing on stdout, one stderr line naming
# --columns (the caller checks the value)
bad_columns() {
	sim "$@"
	[ "$status" -eq 2 ] || fail_with "exit $status, not 2"
	[ ! -s "$OUT" ] || fail_with "stdout not empty"
	[ "$(wc -l <"$ERR")" -eq 1 ] || fail_with "not one line on stderr"
	grep -q -- '--columns' "$ERR" || fail_with "stderr does not name --columns"
}

@test "columns: run --metrics prints the named columns, in order, as the full row has them" {
	args=(--model implicit --dt 0.033 --target-signal sine --metrics)
	sim "${args[@]}"
	[ "$status" -eq 0 ] || fail_with "full run failed"
	cp "$OUT" "$BATS_TEST_TMPDIR/full"
	for list in omega,max_err_x,model settle_time lag,integrator,frames,attenuation,dt; do
		sim "${args[@]}" --columns "$list"
		[ "$status" -eq 0 ] || fail_with "--columns $list: exit $status"
		[ "$(head -n 1 "$OUT")" = "$list" ] || fail_with "header is not $list"
		diff <(cut_by_name "$BATS_TEST_TMPDIR/full" "$list") "$OUT" ||
			fail_with "--columns $list differs from the full row's columns"
	done
}

@test "columns: every column springsim list names is a --columns name; all of them in order is the full output" {
	names=$("$SPRINGSIM" list | awk '/^columns|^metrics/ { on = 1; next }
	    /^[a-z]/ { on = 0 } on { for (i = 1; i <= NF; i++) print $i }' | paste -sd, -)
	[ "$names" = "$METRICS_HEADER" ] || fail "list's columns: $names"
	sim --metrics --frames 20 --columns "$names"
	[ "$status" -eq 0 ] || fail_with "exit $status"
	cp "$OUT" "$BATS_TEST_TMPDIR/sel"
	sim --metrics --frames 20
	cmp "$OUT" "$BATS_TEST_TMPDIR/sel" || fail "all columns named differ from the default"
}

@test "columns: --no-header and --precision apply to the chosen columns" {
	sim --metrics --frames 30 --precision 3
	cp "$OUT" "$BATS_TEST_TMPDIR/full"
	sim --metrics --frames 30 --precision 3 --no-header --columns rms_err_x,zeta
	[ "$status" -eq 0 ] || fail_with "exit $status"
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" rms_err_x,zeta | tail -n 1) "$OUT" ||
		fail_with "differs"
}

@test "columns: an unknown name exits 2 naming it" {
	bad_columns --metrics --columns omega,nosuch
	[ "$(cat "$ERR")" = "springsim: --columns: 'nosuch' is not a column; 'springsim list' shows them" ] ||
		fail_with "message"
}

@test "columns: a name given twice exits 2" {
	bad_columns --metrics --columns omega,zeta,omega
	grep -q "'omega' is given twice" "$ERR" || fail_with "message"
}

@test "columns: an empty list or an empty item exits 2" {
	bad_columns --metrics --columns ''
	grep -q "''" "$ERR" || fail_with "message"
	bad_columns --metrics --columns omega,,zeta
	grep -q "'omega,,zeta' has an empty item" "$ERR" || fail_with "message"
	bad_columns --metrics --columns omega,
	grep -q "'omega,' has an empty item" "$ERR" || fail_with "message"
}

@test "columns: without --metrics, with fps --trajectories, or a name quat has not, exits 2" {
	bad_columns --columns omega
	grep -q -- "--columns goes with --metrics" "$ERR" || fail_with "message"
	bad_columns fps --fps 30,60 --trajectories --columns omega
	grep -q -- "--columns 'omega' does not go with --trajectories" "$ERR" ||
		fail_with "fps --trajectories"
	# quat reads the names against its own columns
	bad_columns --model quat --metrics --columns max_err_x
	grep -q -- "'max_err_x' is not a column of --model quat" "$ERR" ||
		fail_with "quat's message"
	bad_columns --model quat --columns max_angle_err
	grep -q -- "--columns goes with --metrics" "$ERR" || fail_with "quat"
}

@test "columns: run refuses -NAME (no swept columns)" {
	bad_columns --metrics --columns omega,-dt
	grep -q "'-dt'" "$ERR" || fail_with "message"
}

@test "columns: sweep prints the named columns then the swept ones, -j 1 and -j 2 alike" {
	grid=(--uaf 1,10 --dr 0.5,1,2 --dt 0.01,0.05 --frames 40)
	sim sweep "${grid[@]}" -j 1
	[ "$status" -eq 0 ] || fail_with "full sweep: exit $status"
	cp "$OUT" "$BATS_TEST_TMPDIR/full"
	# dt is a metrics column, uaf and dr extra ones: all swept, all kept
	want=max_err_x,omega,dt,uaf,dr
	for j in 1 2; do
		sim sweep "${grid[@]}" -j $j --columns max_err_x,omega
		[ "$status" -eq 0 ] || fail_with "-j $j: exit $status"
		diff <(cut_by_name "$BATS_TEST_TMPDIR/full" "$want") "$OUT" ||
			fail_with "-j $j differs from the full sweep's columns $want"
	done
	# a swept metrics column named takes its place
	sim sweep "${grid[@]}" --columns dt,max_err_x
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" dt,max_err_x,uaf,dr) "$OUT" ||
		fail_with "dt named in place"
}

@test "columns: sweep leaves a swept column out with -NAME" {
	grid=(--uaf 1,10 --dr 0.5,1,2 --dt 0.01,0.05 --frames 40)
	sim sweep "${grid[@]}"
	cp "$OUT" "$BATS_TEST_TMPDIR/full"
	sim sweep "${grid[@]}" --columns final_err_x,-uaf,-dt
	[ "$status" -eq 0 ] || fail_with "exit $status"
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" final_err_x,dr) "$OUT" ||
		fail_with "differs"
	bad_columns sweep "${grid[@]}" --columns final_err_x,-zeta
	grep -q "'-zeta': zeta is not a swept column" "$ERR" || fail_with "message"
	bad_columns sweep "${grid[@]}" --columns -uaf
	grep -q "names no column" "$ERR" || fail_with "message"
	bad_columns sweep "${grid[@]}" --columns dt,-dt
	grep -q "'dt' is named and left out" "$ERR" || fail_with "message"
	bad_columns sweep "${grid[@]}" --columns nosuch
	grep -q "'nosuch' is not a column" "$ERR" || fail_with "message"
}

@test "columns: sweep may not vary --columns" {
	# a comma list is one fixed value, not an axis of two
	sim sweep --frames 10 --dt 0.01,0.02 --columns omega,zeta
	[ "$status" -eq 0 ] || fail_with "a fixed list: exit $status"
	[ "$(head -n 1 "$OUT")" = omega,zeta,dt ] || fail_with "header"
	[ "$(wc -l <"$OUT")" -eq 3 ] || fail_with "not two rows"
	printf 'columns\nomega\n' >"$BATS_TEST_TMPDIR/g.csv"
	sim sweep --frames 10 --grid-from "$BATS_TEST_TMPDIR/g.csv"
	[ "$status" -eq 2 ] || fail_with "--grid-from columns: exit $status"
}

@test "columns: a --fail-if gate on a column not printed still fails the row" {
	# max_err_x is a largest |x - x_ref|: never below 0, so every row fails
	sim sweep --frames 10 --dt 0.01,0.02 --columns dt \
	    --fail-if 'max_err_x >= 0'
	[ "$status" -eq 3 ] || fail_with "exit $status, not 3"
	[ "$(cat "$OUT")" = "$(printf 'dt\n0.01\n0.02')" ] || fail_with "stdout"
	grep -q -- "--fail-if: 2 of 2 rows failed" "$ERR" || fail_with "not 2 failing rows"
	# and a gate no row fails passes with the column left out
	sim sweep --frames 10 --dt 0.01,0.02 --columns dt \
	    --fail-if 'max_err_x < 0'
	[ "$status" -eq 0 ] || fail_with "exit $status, not 0"
}

@test "columns: sweep with the x errors alone (the batch sums only those) equals the full rows, every rule, diverging springs too" {
	# 8 rules x 2 dt x 3 omegas x 3 zetas: the explicit rule and the
	# largest steps diverge; tiles and springs run alone both appear
	grid=(--integrator all --dt 0.01,0.08 --uaf 3,30,60 --dr 0,0.7,2
	    --frames 70)
	sim sweep "${grid[@]}" -q
	[ "$status" -eq 0 ] || fail_with "full sweep: exit $status"
	cp "$OUT" "$BATS_TEST_TMPDIR/full"
	d=$(cut_by_name "$BATS_TEST_TMPDIR/full" diverged | grep -c '^1$')
	[ "$d" -gt 5 ] && [ "$d" -lt 100 ] || fail_with "$d diverged of 144"
	want=rms_err_x,final_err_x,diverged,max_err_x
	sim sweep "${grid[@]}" -q --columns "$want,-integrator,-dt,-uaf,-dr"
	[ "$status" -eq 0 ] || fail_with "x errors: exit $status"
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" "$want") "$OUT" ||
		fail_with "the x errors differ from the full sweep's"
}

@test "columns: sweep takes its own swept columns by name, in the order given" {
	grid=(--uaf 1,10 --dr 0.5,2 --frames 40 -q)
	sim sweep "${grid[@]}"
	cp "$OUT" "$BATS_TEST_TMPDIR/full"
	sim sweep "${grid[@]}" --columns max_err_x,dr,uaf
	[ "$status" -eq 0 ] || fail_with "exit $status"
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" max_err_x,dr,uaf) "$OUT" ||
		fail_with "max_err_x,dr,uaf"
	# one named: the other swept one follows it
	sim sweep "${grid[@]}" --columns omega,dr
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" omega,dr,uaf) "$OUT" ||
		fail_with "omega,dr then uaf"
	# named before a run column: printed so; twice; and out
	sim sweep "${grid[@]}" --columns uaf,max_err_x
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" uaf,max_err_x,dr) "$OUT" ||
		fail_with "uaf,max_err_x then dr"
	bad_columns sweep "${grid[@]}" --columns max_err_x,uaf,uaf
	grep -q -- "'uaf' is given twice" "$ERR" || fail_with "twice"
	bad_columns sweep "${grid[@]}" --columns max_err_x,uaf,-uaf
	grep -q -- "'uaf' is named and left out" "$ERR" || fail_with "and out"
	bad_columns sweep "${grid[@]}" --columns uaf
	grep -q -- "names no column of the run's" "$ERR" || fail_with "alone"
	# run has no swept columns: uaf is no column of its
	bad_columns --metrics --uaf 3 --dr 1 --columns max_err_x,uaf
	grep -q -- "'uaf' is not a column" "$ERR" || fail_with "run"
}

@test "columns: fps --columns prints its own and the run's columns in the order named, as its full rows have them" {
	sim fps --fps 20,60,144 --engine unity
	assert_status 0
	full=$BATS_TEST_TMPDIR/full.csv
	cp "$OUT" "$full"
	for list in fps,max_err_x,max_dev_x max_dev_x,settle_time,fps,engine \
	    done_time,fps; do
		sim fps --fps 20,60,144 --engine unity --columns "$list"
		assert_status 0
		[ "$(cat "$OUT")" = "$(cut_by_name "$full" "$list")" ] ||
			fail_with "fps --columns $list"
	done
	bad_columns fps --fps 30 --columns fps,max_dev_x,fps
	grep -q -- "'fps' is given twice" "$ERR" || fail_with "twice"
	bad_columns fps --fps 30 --columns fps,nope
	grep -q -- "'nope' is not a column" "$ERR" || fail_with "unknown"
}

@test "columns: sweep --columns takes the swept columns anywhere in the list" {
	g=(sweep --fps 30,60 --uaf 10,20 --dr 0.5,1 --dt-jitter 0,0.1)
	sim "${g[@]}"
	assert_status 0
	full=$BATS_TEST_TMPDIR/full.csv
	cp "$OUT" "$full"
	for list in fps,max_err_x,uaf,settle_time,dr,dt_jitter \
	    dr,uaf,fps,dt_jitter,max_err_x max_err_x,dr,settle_time,uaf,fps,dt_jitter; do
		sim "${g[@]}" --columns "$list"
		assert_status 0
		[ "$(cat "$OUT")" = "$(cut_by_name "$full" "$list")" ] ||
			fail_with "sweep --columns $list"
	done
	# the swept columns not named follow, the run's then the sweep's
	sim "${g[@]}" --columns uaf,max_err_x,-dr
	assert_status 0
	[ "$(head -1 "$OUT")" = uaf,max_err_x,fps,dt_jitter ] ||
		fail_with "the columns not named"
	[ "$(cat "$OUT")" = "$(cut_by_name "$full" uaf,max_err_x,fps,dt_jitter)" ] ||
		fail_with "their values"
}

@test "columns: --model vector prints the component, then the columns named, as its full rows have them" {
	v=(--model vector --dim 3 --x0 0,1,2 --v0 0,0,3 --metrics)
	sim "${v[@]}"
	cp "$OUT" "$BATS_TEST_TMPDIR/full"
	sim "${v[@]}" --columns final_err_v,max_err_x
	[ "$status" -eq 0 ] || fail_with "exit $status"
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" component,final_err_v,max_err_x) \
	    "$OUT" || fail_with "not the full rows' columns"
	# component 1 starts at rest on its target: no error at all
	[ "$(sed -n 3p "$OUT")" = "1,0,0" ] || fail_with "component 1: $(sed -n 3p "$OUT")"
	bad_columns "${v[@]}" --columns max_angle_err
	grep -q -- "'max_angle_err' is not a column" "$ERR" || fail_with "quat's name"
}

@test "columns: --model quat prints its own columns named, in order, as its full row has them" {
	q=(--model quat --metrics --integrator rk4 --fps 30)
	sim "${q[@]}"
	cp "$OUT" "$BATS_TEST_TMPDIR/full"
	want=ref_err,max_angle_err,reference,frames,diverged
	sim "${q[@]}" --columns "$want"
	[ "$status" -eq 0 ] || fail_with "exit $status"
	diff <(cut_by_name "$BATS_TEST_TMPDIR/full" "$want") "$OUT" ||
		fail_with "not the full row's $want"
	# rk4's reference is the closed form (ref_err empty): the row says so
	[ "$(sed -n 2p "$OUT" | cut -d, -f1,3)" = ",closed-form" ] ||
		fail_with "ref_err, reference: $(sed -n 2p "$OUT")"
	bad_columns "${q[@]}" --columns max_angle_err,max_angle_err
	grep -q -- "'max_angle_err' is given twice" "$ERR" || fail_with "twice"
	bad_columns "${q[@]}" --columns -ref_err
	grep -q -- "'-ref_err' is not a column of --model quat" "$ERR" ||
		fail_with "-NAME"
}

# list_columns SECTION... - the names `springsim list` prints under the
# sections whose headings start with SECTION (the --metrics columns'
# table, group by group), one a line
list_columns() {
	local IFS='|'
	"$SPRINGSIM" list | awk -v want="$*" '
	    /^[^ ]/ { on = 0; n = split(want, w, "|");
		for (k = 1; k <= n; k++) if (index($0, w[k]) == 1) on = 1; next }
	    on { for (i = 1; i <= NF; i++) print $i }'
}

@test "columns: springsim(1) lists every column in the table's order and describes each metric; run --help names each" {
	man=$BATS_TEST_DIRNAME/../../docs/springsim.1
	all=$(list_columns "columns (" "metrics (" "engine metrics" | paste -sd, -)
	# the man page's lists (identity, metrics, the engine's), joined
	doc=$(awk '/^The first columns identify the run:/ { on = 1 }
	    / columns in all/ { on = 0 }
	    on && /^\.Bd -literal/ { lit = 1; next }
	    on && /^\.Ed/ { lit = 0; sep = ","; next }
	    on && lit { printf "%s%s", sep, $0; sep = "" }' "$man" | tr -d ' ')
	[ "$doc" = "$all" ] || fail_with "springsim(1): $doc, the table: $all"
	# without --engine, the header is every column but the engine's
	sim --metrics --duration 0.1
	eng=$(list_columns "engine metrics" | paste -sd, -)
	[ "$(head -n 1 "$OUT"),$eng" = "$all" ] || fail_with "run's header"
	# each metric a .It entry of springsim(1), and named in run --help
	# (max_err_v .. final_err_v as "_v alike" of their _x)
	"$SPRINGSIM" run --help >"$BATS_TEST_TMPDIR/help"
	for n in $(list_columns "metrics (" "engine metrics"); do
		grep -qE "^\.It (Cm [a-z_]+ , )*Cm $n( ,|\$)" "$man" ||
			fail_with "springsim(1) describes no $n"
	done
	for n in $(list_columns "metrics ("); do
		case $n in *_err_v) n=${n%_v}_x ;; esac
		grep -qE "(^|[^a-z_])$n([^a-z_]|\$)" "$BATS_TEST_TMPDIR/help" ||
			fail_with "run --help names no $n"
	done
}
