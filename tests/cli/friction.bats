#!/usr/bin/env bats
# friction.bats - issue 19's first-five-minutes friction and UX defects:
# --fps N, the output's own names (--omega --zeta, --grid-from's header)
# and the missing dialect groups (--stiffness --dr, --hz --dr), - for
# stdin, convert --no-header, ambiguous abbreviations named as such, a
# gate on a metric empty in every row, the progress line kept out of the
# rows, a model a command does not run, sweep row 1's parentheses.
#
# The expected numbers are worked out here: 1/30 as a double is
# 0.03333333333333333 (Python's repr(1/30), the shortest digits that read
# back), 1/24 is 0.041666666666666664, 0.1 + 0.2 is 0.30000000000000004;
# omega = sqrt(K / M), 2 pi F and so on by hand in each test.

load helpers

# --- --fps N ---------------------------------------------------------------

@test "--fps 30: dt is the double 1/30, 0.03333333333333333, 60 frames in the default 2 s" {
	sim --fps 30 --metrics --columns dt,frames
	assert_status 0
	[ "$(sed -n 2p "$OUT")" = "0.03333333333333333,60" ] ||
		fail_with "--fps 30: want dt 0.03333333333333333 and 60 frames"
	sim --fps 30 --frames 1
	[ "$(sed -n 3p "$OUT" | cut -d, -f1)" = 0.03333333333333333 ] ||
		fail_with "--fps 30: the first frame ends at t = 1/30"
	sim --fps 24 --metrics --columns dt
	[ "$(sed -n 2p "$OUT")" = 0.041666666666666664 ] ||
		fail_with "--fps 24: want dt 0.041666666666666664"
}

@test "--fps N runs what --dt 1/N does, byte for byte" {
	"$SPRINGSIM" --fps 30 >"$BATS_TEST_TMPDIR/fps.csv"
	"$SPRINGSIM" --dt 0.03333333333333333 >"$BATS_TEST_TMPDIR/dt.csv"
	cmp -s "$BATS_TEST_TMPDIR/fps.csv" "$BATS_TEST_TMPDIR/dt.csv" ||
		fail "--fps 30 and --dt 0.03333333333333333 differ"
}

@test "--fps with --dt is refused, naming both; a bad rate names --fps and the value" {
	assert_usage_error "--fps 30" "--dt" -- --fps 30 --dt 0.1
	assert_usage_error "--fps 30" "--dt" -- --dt 0.1 --fps 30
	assert_usage_error "--fps: '0' must be > 0" -- --fps 0
	assert_usage_error "--fps: '-60' must be > 0" -- --fps -60
	assert_usage_error "--fps: 'x'" -- --fps x
	assert_usage_error "--fps: '1e-101'" -- --fps 1e-101
	assert_usage_error "--fps: '1e101'" -- --fps 1e101
}

@test "--fps in the commands on run's flags: the models, resonance" {
	sim --model damper --fps 30 --frames 1
	assert_status 0
	[ "$(sed -n 3p "$OUT" | cut -d, -f1)" = 0.03333333333333333 ] ||
		fail_with "--model damper --fps 30: t of frame 1"
	sim --model vector --dim 2 --fps 30 --frames 1
	assert_status 0
	[ "$(sed -n 3p "$OUT" | cut -d, -f1)" = 0.03333333333333333 ] ||
		fail_with "--model vector --fps 30: t of frame 1"
	sim resonance --hz 1 --fps 30 --periods 5
	assert_status 0
	[ "$(metrics_field "$OUT" dt)" = 0.03333333333333333 ] ||
		fail_with "resonance --fps 30: dt"
}

@test "fps and tune keep their own --fps (a list), abbreviations too" {
	sim fps --fps 30,60 --duration 0.1
	assert_status 0
	[ "$(cut -d, -f1,5 "$OUT" | tr '\n' ' ')" = "fps,dt 30,0.03333333333333333 60,0.016666666666666666 " ] ||
		fail_with "fps --fps 30,60: the rates and their dt"
	sim fps --fp 30 --duration 0.1
	assert_status 0
	[ "$(sed -n 2p "$OUT" | cut -d, -f1)" = 30 ] || fail_with "fps --fp 30"
	sim tune --integrator explicit --fps 30,60
	assert_status 0
	grep -q '^fps_30_max_err_x_untuned=' "$OUT" ||
		fail_with "tune --fps 30,60: no fps_30 key"
}

@test "sweep sweeps --fps as a list or a range: dt 1/N, a column fps" {
	sim sweep --fps 24:60:3 --frames 2 --columns dt
	assert_status 0
	[ "$(tr '\n' ' ' <"$OUT")" = "dt,fps 0.041666666666666664,24 0.023809523809523808,42 0.016666666666666666,60 " ] ||
		fail_with "sweep --fps 24:60:3: want 1/24, 1/42, 1/60"
	assert_usage_error "--fps 30" "--dt" -- sweep --fps 30,60 --dt 0.1 --frames 2
}

# --- the output's names, the new groups --------------------------------------

@test "--omega W --zeta Z is the spring the omega and zeta columns print" {
	sim --omega 10 --zeta 0.5 --metrics --columns omega,zeta,mass
	assert_status 0
	[ "$(sed -n 2p "$OUT")" = "10,0.5,1" ] || fail_with "--omega 10 --zeta 0.5"
	"$SPRINGSIM" --omega 7 --zeta 0.2 --metrics >"$BATS_TEST_TMPDIR/a"
	"$SPRINGSIM" --uaf 7 --dr 0.2 --metrics >"$BATS_TEST_TMPDIR/b"
	cmp -s "$BATS_TEST_TMPDIR/a" "$BATS_TEST_TMPDIR/b" ||
		fail "--omega --zeta and --uaf --dr give different rows"
	assert_usage_error "--omega needs --zeta" -- --omega 3
	assert_usage_error "--zeta: '-1' must be >= 0" -- --omega 3 --zeta -1
	assert_usage_error "--omega: '0' must be > 0" -- --omega 0 --zeta 1
}

@test "convert's keys omega and zeta work as flags: k = omega^2, d = 2 zeta omega" {
	sim convert --omega 10 --zeta 0.5
	assert_status 0
	grep -qx 'stiffness=100' "$OUT" || fail_with "stiffness = 10^2"
	grep -qx 'damping=10' "$OUT" || fail_with "damping = 2 0.5 10"
}

@test "--stiffness K --dr Z (Unreal FloatSpringInterp): omega = sqrt(K / M), zeta = Z" {
	sim --stiffness 400 --dr 0.5 --mass 4 --metrics --columns omega,zeta,mass
	assert_status 0
	[ "$(sed -n 2p "$OUT")" = "10,0.5,4" ] || fail_with "sqrt(400 / 4) = 10"
	sim --stiffness 9 --dr 0 --metrics --columns omega,zeta,mass
	[ "$(sed -n 2p "$OUT")" = "3,0,1" ] || fail_with "sqrt(9) = 3, mass 1"
	assert_usage_error "--stiffness needs --damping or --dr" -- --stiffness 2
	assert_usage_error "--dr: '-1' must be >= 0" -- --stiffness 2 --dr -1
}

@test "--hz F --dr Z: omega = 2 pi F, zeta = Z" {
	# 2 pi 2 = 4 pi = 12.566370614359172, the default spring's omega
	sim --hz 2 --dr 0.25 --metrics --columns omega,zeta
	assert_status 0
	[ "$(sed -n 2p "$OUT")" = "12.566370614359172,0.25" ] ||
		fail_with "--hz 2 --dr 0.25"
	assert_usage_error "--hz needs --decay and --decay-time or --dr" -- --hz 2
	# convert: with --hz --dr, --decay-time is convert's own (the time
	# Chou's fraction is printed over): e^(-0.25 4 pi 2) = e^(-2 pi)
	sim convert --hz 2 --dr 0.25 --decay-time 2
	assert_status 0
	grep -qx 'decay_time=2' "$OUT" || fail_with "convert --hz --dr --decay-time 2"
	awk -F= '$1 == "decay" { d = $2 - exp(-2 * 3.141592653589793)
	    exit !(d < 1e-15 && d > -1e-15) }' "$OUT" ||
		fail_with "convert --hz 2 --dr 0.25: decay over 2 s is e^(-2 pi)"
}

@test "springsim list shows the new groups" {
	sim list
	assert_status 0
	grep -q '^  omega/zeta .*--omega and --zeta' "$OUT" || fail_with "omega/zeta"
	grep -q '^  stiffness/dr .*--stiffness and --dr.*Unreal' "$OUT" ||
		fail_with "stiffness/dr"
	grep -q '^  hz/dr ' "$OUT" || fail_with "hz/dr"
}

@test "sweep --grid-from reads run --metrics's identity columns back" {
	printf 'dt,frames,omega,zeta,mass,x0,v0,target,target_vel\n0.02,30,7,0.2,1,0.5,0,1,0\n' \
	    >"$BATS_TEST_TMPDIR/grid.csv"
	sim sweep --grid-from "$BATS_TEST_TMPDIR/grid.csv" --columns max_err_x,omega,zeta,x0
	assert_status 0
	"$SPRINGSIM" --dt 0.02 --frames 30 --uaf 7 --dr 0.2 --x0 0.5 --metrics \
	    --columns max_err_x,omega,zeta,x0 >"$BATS_TEST_TMPDIR/run.csv"
	[ "$(sed -n 2p "$OUT" | cut -d, -f1-4)" = "$(sed -n 2p "$BATS_TEST_TMPDIR/run.csv")" ] ||
		fail_with "the grid row is not run's row"
}

# --- - for stdin ------------------------------------------------------------

@test "--target-file - reads stdin: target 0 at t = 0, 2 at t = 1, 1 between" {
	printf 't,target\n0,0\n1,2\n' | "$SPRINGSIM" --target-file - --dt 0.5 \
	    --frames 2 >"$BATS_TEST_TMPDIR/out" 2>"$BATS_TEST_TMPDIR/err"
	[ "$(cut -d, -f1,4 "$BATS_TEST_TMPDIR/out" | tr '\n' ' ')" = "t,target 0,0 0.5,1 1,2 " ] ||
		fail "--target-file -: $(cat "$BATS_TEST_TMPDIR/out" "$BATS_TEST_TMPDIR/err")"
}

@test "--frames-from - reads stdin; its errors name stdin" {
	printf 'dt\n0.1\n0.2\n' | "$SPRINGSIM" --frames-from - >"$BATS_TEST_TMPDIR/out"
	[ "$(cut -d, -f1 "$BATS_TEST_TMPDIR/out" | tr '\n' ' ')" = "t 0 0.1 0.30000000000000004 " ] ||
		fail "--frames-from -: $(cat "$BATS_TEST_TMPDIR/out")"
	status=0
	printf 'dt\nx\n' | "$SPRINGSIM" --frames-from - >"$BATS_TEST_TMPDIR/out" \
	    2>"$BATS_TEST_TMPDIR/err" || status=$?
	[ "$status" -eq 2 ] && [ ! -s "$BATS_TEST_TMPDIR/out" ] &&
	    grep -q "^springsim: --frames-from: stdin line 2: 'x'" "$BATS_TEST_TMPDIR/err" ||
		fail "bad line on stdin: $status $(cat "$BATS_TEST_TMPDIR/err")"
}

@test "sweep --grid-from - reads the configurations from stdin" {
	printf 'omega,zeta\n10,0.5\n20,1\n' | "$SPRINGSIM" sweep --grid-from - \
	    --frames 2 --columns zeta >"$BATS_TEST_TMPDIR/out"
	[ "$(tr '\n' ' ' <"$BATS_TEST_TMPDIR/out")" = "zeta,omega 0.5,10 1,20 " ] ||
		fail "--grid-from -: $(cat "$BATS_TEST_TMPDIR/out")"
}

@test "two flags both - is an error naming both" {
	assert_usage_error "--target-file -" "--frames-from -" "stdin" -- \
	    --target-file - --frames-from - </dev/null
	assert_usage_error "--grid-from -" "--target-file -" -- \
	    sweep --grid-from - --target-file - <<<'uaf,dr'$'\n''10,0.5'
	assert_usage_error "--grid-from -" "--frames-from -" -- \
	    sweep --frames-from - --grid-from - <<<'uaf,dr'$'\n''10,0.5'
}

# --- convert --no-header -------------------------------------------------------

@test "convert --csv --no-header: the row alone, the same as --csv's second line" {
	sim convert --uaf 10 --dr 0.5 --csv
	sed -n 2p "$OUT" >"$BATS_TEST_TMPDIR/row"
	sim convert --uaf 10 --dr 0.5 --csv --no-header
	assert_status 0
	[ "$(nlines "$OUT")" -eq 1 ] || fail_with "want one line"
	cmp -s "$OUT" "$BATS_TEST_TMPDIR/row" || fail_with "not --csv's row"
	# the row starts k = 100, d = 2 0.5 10 = 10, m = 1
	[ "$(cut -d, -f1-3 "$OUT")" = "100,10,1" ] || fail_with "stiffness,damping,mass"
	assert_usage_error "--no-header goes with --csv" -- convert --no-header
}

# --- ambiguous abbreviations ------------------------------------------------------

@test "an ambiguous abbreviation is named so, with the options it starts" {
	assert_usage_error "ambiguous option '--ta'" "--target," "--target-vel" -- --ta 1
	assert_usage_error "ambiguous option '--ta'" -- --ta=1
	assert_usage_error "ambiguous option '--target-v': --target-vel, --target-vel-source" -- \
	    --target-v 1
	assert_usage_error "unknown option '--zz'" -- --zz
	# each command's own table
	assert_usage_error "ambiguous option '--c'" "--csv" "--ck" -- convert --c
	assert_usage_error "ambiguous option '--fa'" "--fail-if" "--fast-exp" -- sweep --fa 1
	assert_usage_error "ambiguous option '--h'" "--hw" "--halflife" -- analyze --h 1
	assert_usage_error "ambiguous option '--p'" "--particles" "--precision" -- \
	    analyze --model chain --p 3
	assert_usage_error "ambiguous option '--ma'" "--mass" "--max-rms" -- fit --ma 1 -
	assert_usage_error "ambiguous option '--t'" "--trajectories" "--target" -- \
	    fps --t 1
}

@test "a unique abbreviation still works" {
	sim --integrator explicit --frames 1
	"$SPRINGSIM" --integ explicit --frames 1 >"$BATS_TEST_TMPDIR/abbr"
	cmp -s "$OUT" "$BATS_TEST_TMPDIR/abbr" || fail "--integ is --integrator"
}

@test "an abbreviation of --model finds a model with a command of its own, as --model does" {
	"$SPRINGSIM" --model quat --metrics >"$BATS_TEST_TMPDIR/full"
	for a in "--mod quat" "--mode=quat" "run --mod quat"; do
		# shellcheck disable=SC2086
		sim $a --metrics
		[ "$status" -eq 0 ] || fail_with "$a: exit $status"
		cmp -s "$OUT" "$BATS_TEST_TMPDIR/full" || fail_with "$a: not quat's rows"
	done
	# the pair handed to mesh by --dim, the model's flag abbreviated
	sim --mod pair --dim 2 --metrics
	grep -q -- "--metrics does not go with --model pair" "$ERR" ||
		fail_with "--mod pair --dim 2: $(cat "$ERR")"
	assert_usage_error "ambiguous option '--mo'" "--model" "--motion-mass" -- --mo quat
}

# --- a gate on a metric empty in every row ----------------------------------

@test "a sharded sweep leaves the empty-metric gate to springsim-merge, which refuses it for the whole" {
	local d=$BATS_TEST_TMPDIR k
	# each part alone may hold no value of the metric (another part may):
	# the parts pass; an empty part (the recipes' argument check) too
	for k in 1 2; do
		sim sweep --model damper --halflife 0.1,0.2,0.3 --frames 3 \
		    --fail-if 'energy_drift > 0' --shard $k/2 -o "$d/p$k.csv"
		assert_status 0
	done
	sim sweep --model damper --frames 3 --fail-if 'energy_drift > 0' \
	    --shard 1000000/1000000 --no-header -o /dev/null
	assert_status 0
	# joined, every row is empty there: the gate tests nothing
	OUT=$d/stdout ERR=$d/stderr status=0
	sh "$BATS_TEST_DIRNAME/../../scripts/merge" --fail-if 'energy_drift > 0' "$d/p1.csv" "$d/p2.csv" \
	    >"$OUT" 2>"$ERR" || status=$?
	assert_status 2
	assert_stdout_empty
	assert_one_stderr_line
	assert_stderr_has "energy_drift is empty in every row (3 rows)"
}

@test "sweep --fail-if on a metric empty in every row: exit 2, nothing written" {
	assert_usage_error "--fail-if 'energy_drift > 0'" "empty in every row" -- \
	    sweep --model damper --fail-if 'energy_drift > 0' --frames 3
	assert_usage_error "done_time" "empty in every row" -- \
	    sweep --fail-if 'done_time > 0' --frames 3
	sim sweep --model damper --fail-if 'energy_drift > 0' --frames 3 \
	    -o "$BATS_TEST_TMPDIR/g.csv"
	assert_status 2
	[ ! -e "$BATS_TEST_TMPDIR/g.csv" ] || fail_with "the file was written"
	# empty only after the run (the engine never says done in 3 frames)
	sim sweep --engine react-spring --fail-if 'done_time > 0' --frames 3 \
	    -o "$BATS_TEST_TMPDIR/e.csv"
	assert_status 2
	assert_stderr_has "done_time is empty in every row"
	[ ! -e "$BATS_TEST_TMPDIR/e.csv" ] || fail_with "the file was written"
}

@test "a gate whose metric some row fills is a gate as before" {
	# damper rows have no energy_drift, spring rows do (|drift| < 10)
	sim sweep --model damper,spring --fail-if 'energy_drift > 10' --frames 3
	assert_status 0
	[ "$(nlines "$OUT")" -eq 3 ] || fail_with "want the header and 2 rows"
	sim sweep --model damper,spring --fail-if 'energy_drift < 10' --frames 3
	assert_status 3
}

# --- the progress line --------------------------------------------------------

@test "no progress line in the rows when stdout and stderr are one terminal" {
	command -v script >/dev/null || skip "needs script(1)"
	script -qec "\"$SPRINGSIM\" sweep --uaf 10 --dr 0.1:1:3 --frames 3" /dev/null \
	    >"$BATS_TEST_TMPDIR/tty" </dev/null
	! grep -q 'ETA' "$BATS_TEST_TMPDIR/tty" ||
		fail "a progress line among the rows: $(cat -v "$BATS_TEST_TMPDIR/tty")"
	grep -q '^10,0.1' "$BATS_TEST_TMPDIR/tty" ||
		grep -q ',0.1' "$BATS_TEST_TMPDIR/tty" || fail "no rows: $(cat -v "$BATS_TEST_TMPDIR/tty")"
	# the rows into a file, stderr the terminal: the progress line shows
	script -qec "\"$SPRINGSIM\" sweep --uaf 10 --dr 0.1:1:3 --frames 3 >\"$BATS_TEST_TMPDIR/rows\"" \
	    /dev/null >"$BATS_TEST_TMPDIR/tty" </dev/null
	grep -q 'sweep 3/3' "$BATS_TEST_TMPDIR/tty" ||
		fail "no progress line on the terminal: $(cat -v "$BATS_TEST_TMPDIR/tty")"
	! grep -q 'ETA' "$BATS_TEST_TMPDIR/rows" || fail "progress in the file"
}

# --- models a command does not run; sweep row 1's parentheses --------------

@test "a model with a command of its own: which command runs it, not 'unknown model'" {
	local c
	for c in sweep fps resonance tune; do
		sim "$c" --model quat --fps 30 --hz 1 --integrator exact
		assert_status 2
		assert_stdout_empty
		assert_one_stderr_line
		assert_stderr_has "--model quat runs with 'springsim run' only" "not with $c"
		[[ $STDERR_TEXT != *"unknown model"* ]] || fail_with "$c: unknown model"
	done
	assert_usage_error "--model chain runs with 'springsim run' (its own command) and 'springsim analyze', not with fps" -- \
	    fps --model chain --fps 30
	assert_usage_error "unknown model 'nosuch'" -- fps --model nosuch --fps 30
}

@test "sweep row 1 (the only configuration), not doubled parentheses" {
	assert_usage_error "sweep row 1 (the only configuration): --model" -- \
	    sweep --model nosuch
	[[ $STDERR_TEXT != *"(("* ]] || fail_with "doubled parentheses"
	assert_usage_error "sweep row 2 (--model nosuch)" -- \
	    sweep --model spring,nosuch --frames 2
}
