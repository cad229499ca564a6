#!/usr/bin/env bats
# plots.bats - the plot scripts of scripts/ (issue 7): each writes a PNG of
# the requested size and a well-formed SVG from springsim's CSV, answers
# --help, refuses bad arguments (exit 2) and bad input with a clear
# message, says how to install a missing gnuplot (exit 1), and never
# leaves gnuplot waiting on a terminal (every run here has stdin from
# /dev/null and a time limit).
load helpers

SCRIPTS=$BATS_TEST_DIRNAME/../../scripts

setup() {
	command -v gnuplot >/dev/null 2>&1 || skip "gnuplot is not installed"
	D=$BATS_TEST_TMPDIR
}

# plot NAME ARGS... - run scripts/NAME with ARGS, stdin from $STDIN
# (default /dev/null), at most 60 s; stdout in $OUT, stderr in $ERR, exit
# status in $status.
plot() {
	local name=$1
	shift
	OUT=$D/stdout ERR=$D/stderr status=0
	timeout 60 sh "$SCRIPTS/$name" "$@" <"${STDIN:-/dev/null}" >"$OUT" 2>"$ERR" ||
		status=$?
}

# png_size FILE - "WxH" from the PNG's IHDR (bytes 17 to 24, big-endian).
png_size() {
	od -An -tu1 -j16 -N8 "$1" | awk '{
	    printf "%dx%d\n", (($1 * 256 + $2) * 256 + $3) * 256 + $4,
	        (($5 * 256 + $6) * 256 + $7) * 256 + $8 }'
}

# assert_png FILE WxH - a PNG (signature) of that size.
assert_png() {
	[ -s "$1" ] || fail_with "no $1 written"
	[ "$(od -An -tx1 -N8 "$1" | tr -d ' \n')" = 89504e470d0a1a0a ] ||
		fail_with "$1 is not a PNG"
	[ "$(png_size "$1")" = "$2" ] ||
		fail_with "$1 is $(png_size "$1"), not $2"
}

# assert_svg FILE - starts with <?xml or <svg, ends with </svg> (then at
# most white space: gnuplot ends with a blank line).
assert_svg() {
	[ -s "$1" ] || fail_with "no $1 written"
	case $(head -c 5 "$1") in '<?xml'|'<svg'*) ;;
	*) fail_with "$1 does not start with <?xml or <svg" ;; esac
	[ "$(awk 'NF { last = $0 } END { print last }' "$1")" = '</svg>' ] ||
		fail_with "$1 does not end with </svg>"
}

# no_gnuplot NAME ARGS... - run the script with a PATH holding the tools
# it uses but no gnuplot.
no_gnuplot() {
	local c bin=$D/nognuplot
	mkdir -p "$bin"
	for c in sh mktemp rm cat cp mv head tail grep wc sed awk sort tr od; do
		ln -sf "$(command -v "$c")" "$bin/$c"
	done
	local name=$1
	shift
	OUT=$D/stdout ERR=$D/stderr status=0
	PATH=$bin /bin/sh "$SCRIPTS/$name" "$@" </dev/null >"$OUT" 2>"$ERR" ||
		status=$?
}

# --- plot-compare -----------------------------------------------------------

@test "plot-compare: three rules on one reference, a PNG of the requested size" {
	plot plot-compare -o "$D/c.png" --size 640x400 \
	    --vary integrator=explicit,implicit,exact -- --dt 0.033
	assert_status 0
	assert_png "$D/c.png" 640x400
	grep -q 'wrote' "$OUT" || fail_with "no 'wrote' line"
}

@test "plot-compare: dt's and substep policies as a well-formed SVG" {
	plot plot-compare -o "$D/c.svg" --vary dt=0.033,0.016
	assert_status 0
	assert_svg "$D/c.svg"
	plot plot-compare -o "$D/s.svg" --size 500x300 --vary substep=max,fixed \
	    -- --dt 0.05 --max-dt 0.0166
	assert_status 0
	assert_svg "$D/s.svg"
	grep -q 'width="500"' "$D/s.svg" || fail_with "the SVG is not 500 wide"
}

@test "plot-compare: --csv files, and a malformed or missing one is a clear error" {
	"$SPRINGSIM" --model explicit --dt 0.05 -o "$D/explicit.csv"
	"$SPRINGSIM" --model implicit --dt 0.05 -o "$D/implicit.csv"
	plot plot-compare -o "$D/f.png" --csv "$D/explicit.csv" --csv "$D/implicit.csv"
	assert_status 0
	assert_png "$D/f.png" 900x500
	printf 'a,b\n1,2\n' >"$D/bad.csv"
	plot plot-compare -o "$D/g.png" --csv "$D/bad.csv"
	assert_status 2
	assert_stderr_has "plot-compare:" "not a springsim trajectory CSV"
	[ ! -e "$D/g.png" ] || fail_with "a picture was written from bad input"
	plot plot-compare -o "$D/g.png" --csv "$D/nonexistent.csv"
	assert_status 2
	assert_stderr_has "cannot read" "nonexistent.csv"
	"$SPRINGSIM" --metrics -o "$D/metrics.csv"
	STDIN=$D/metrics.csv plot plot-compare -o "$D/g.png" --csv -
	assert_status 2
	assert_stderr_has "not a springsim trajectory CSV"
	STDIN=$D/explicit.csv plot plot-compare -o "$D/h.svg" --csv -
	assert_status 0
	assert_svg "$D/h.svg"
}

@test "plot-compare: --help, bad arguments exit 2, springsim's refusal passed on" {
	plot plot-compare --help
	assert_status 0
	grep -q 'usage: plot-compare' "$OUT" || fail_with "no usage"
	grep -q -- '--vary' "$OUT" || fail_with "--vary not in --help"
	for args in "-o x.png" "-o x.jpg --vary dt=0.1" "--size 12 --vary dt=0.1" \
	    "--vary dt" "--vary =1,2" "--vary dt=0.1,,0.2" "--vary --dt=1" \
	    "--title"; do
		# shellcheck disable=SC2086
		plot plot-compare $args
		[ "$status" -eq 2 ] || fail_with "$args: exit $status, not 2"
		grep -q '^plot-compare: ' "$ERR" || fail_with "$args: no message"
	done
	plot plot-compare -o "$D/x.png" --vary integrator=explicit,nosuchrule
	assert_status 2
	assert_stderr_has "nosuchrule"
	[ ! -e "$D/x.png" ] || fail_with "a picture was written"
}

@test "plot-compare: a missing gnuplot names the install command, exit 1" {
	no_gnuplot plot-compare -o "$D/x.png" --vary dt=0.1,0.05
	assert_status 1
	assert_stderr_has "gnuplot not found" "apt-get install gnuplot-nox"
}

# --- plot-error -------------------------------------------------------------

@test "plot-error: linear and --log, PNG of the requested size and SVG" {
	plot plot-error -o "$D/e.png" --size 700x450 \
	    --vary integrator=explicit,semi-implicit,exact -- --dt 0.033
	assert_status 0
	assert_png "$D/e.png" 700x450
	plot plot-error --log -o "$D/l.svg" --vary integrator=explicit,rk4,exact \
	    -- --dt 0.033
	assert_status 0
	assert_svg "$D/l.svg"
	plot plot-error --log -o "$D/d.png" --vary dt=0.05,0.025
	assert_status 0
	assert_png "$D/d.png" 900x500
}

@test "plot-error: bad input and arguments are clear errors, gnuplot missing exit 1" {
	plot plot-error --help
	assert_status 0
	grep -q -- '--log' "$OUT" || fail_with "--log not in --help"
	printf 't,x\n0,0\n' >"$D/bad.csv"
	plot plot-error -o "$D/g.png" --csv "$D/bad.csv"
	assert_status 2
	assert_stderr_has "plot-error:" "not a springsim trajectory CSV"
	plot plot-error -o "$D/g.png" --csv "$D/none.csv"
	assert_status 2
	assert_stderr_has "cannot read"
	plot plot-error -o "$D/g.png"
	assert_status 2
	assert_stderr_has "--vary"
	plot plot-error --vary dt=0.1 --csv "$D/bad.csv"
	assert_status 2
	no_gnuplot plot-error --log -o "$D/x.png" --vary dt=0.1,0.05
	assert_status 1
	assert_stderr_has "apt-get install gnuplot-nox"
}

# --- plot-fps ---------------------------------------------------------------

@test "plot-fps: several rates, PNG of the requested size and SVG" {
	plot plot-fps -o "$D/f.png" --size 800x480 --fps 20,30,60 -- --model explicit
	assert_status 0
	assert_png "$D/f.png" 800x480
	plot plot-fps -o "$D/f.svg"
	assert_status 0
	assert_svg "$D/f.svg"
	"$SPRINGSIM" fps --fps 30,144 --trajectories -o "$D/fps.csv"
	STDIN=$D/fps.csv plot plot-fps -o "$D/c.png" --csv -
	assert_status 0
	assert_png "$D/c.png" 900x500
}

@test "plot-fps: bad input and arguments are clear errors, gnuplot missing exit 1" {
	plot plot-fps --help
	assert_status 0
	grep -q 'usage: plot-fps' "$OUT" || fail_with "no usage"
	"$SPRINGSIM" --dt 0.05 -o "$D/traj.csv"
	plot plot-fps -o "$D/g.png" --csv "$D/traj.csv"
	assert_status 2
	assert_stderr_has "plot-fps:" "not the CSV of springsim fps --trajectories"
	[ ! -e "$D/g.png" ] || fail_with "a picture was written from bad input"
	plot plot-fps -o "$D/g.png" --csv "$D/none.csv"
	assert_status 2
	assert_stderr_has "cannot read"
	printf 'fps,t,x,v,target,x_ref,v_ref,err_x,err_v\n' >"$D/empty.csv"
	plot plot-fps -o "$D/g.png" --csv "$D/empty.csv"
	assert_status 2
	assert_stderr_has "no rows"
	plot plot-fps -o "$D/g.png" --fps 30,abc
	assert_status 2
	assert_stderr_has "abc"
	plot plot-fps -o g.gif
	assert_status 2
	plot plot-fps --csv "$D/traj.csv" --dt 0.1
	assert_status 2
	no_gnuplot plot-fps -o "$D/x.png"
	assert_status 1
	assert_stderr_has "apt-get install gnuplot-nox"
}

# --- plot-stability ---------------------------------------------------------

@test "plot-stability: one panel per rule, PNG of the requested size and SVG" {
	plot plot-stability -o "$D/s.png" --size 1000x600 --hw 0.1:4:20 --zeta 0:2:11
	assert_status 0
	assert_png "$D/s.png" 1000x600
	plot plot-stability -o "$D/s.svg" --integrator explicit,implicit \
	    --hw 0.01:10:20log --logx --zeta 0:1:6 --clip 3
	assert_status 0
	assert_svg "$D/s.svg"
	"$SPRINGSIM" analyze --integrator rk4 --hw 0.5:3:10 --zeta 0:1:5 -o "$D/a.csv"
	STDIN=$D/a.csv plot plot-stability -o "$D/c.png" --csv -
	assert_status 0
	assert_png "$D/c.png" 1200x700
}

@test "plot-stability: bad input and arguments are clear errors, gnuplot missing exit 1" {
	plot plot-stability --help
	assert_status 0
	grep -q 'usage: plot-stability' "$OUT" || fail_with "no usage"
	"$SPRINGSIM" --dt 0.05 -o "$D/traj.csv"
	plot plot-stability -o "$D/g.png" --csv "$D/traj.csv"
	assert_status 2
	assert_stderr_has "plot-stability:" "not the CSV of springsim analyze"
	[ ! -e "$D/g.png" ] || fail_with "a picture was written from bad input"
	"$SPRINGSIM" analyze -o "$D/one.csv"
	plot plot-stability -o "$D/g.png" --csv "$D/one.csv"
	assert_status 2
	assert_stderr_has "too few points"
	plot plot-stability -o "$D/g.png" --csv "$D/none.csv"
	assert_status 2
	assert_stderr_has "cannot read"
	plot plot-stability -o "$D/g.png" --clip 0.5
	assert_status 2
	assert_stderr_has "--clip"
	plot plot-stability -o "$D/g.png" --integrator nosuchrule
	assert_status 2
	assert_stderr_has "nosuchrule"
	no_gnuplot plot-stability -o "$D/x.png"
	assert_status 1
	assert_stderr_has "apt-get install gnuplot-nox"
}

# --- plot-convergence -------------------------------------------------------

@test "plot-convergence: a dt sweep of every rule, PNG of the requested size and SVG" {
	plot plot-convergence -o "$D/v.png" --size 700x450 --levels 4 \
	    -- --duration 1 --target-vel 0.5
	assert_status 0
	assert_png "$D/v.png" 700x450
	grep -q 'wrote' "$OUT" || fail_with "no 'wrote' line"
	plot plot-convergence -o "$D/v.svg" --integrator explicit,rk4,exact \
	    --dt-max 0.02 --levels 3
	assert_status 0
	assert_svg "$D/v.svg"
	grep -q 'rk4 (order ' "$D/v.svg" || fail_with "no fitted order in the legend"
	grep -q 'exact (order n/a)' "$D/v.svg" ||
		fail_with "the exact rule's round-off was fitted"
}

@test "plot-convergence: --print-orders gives each rule's order (1,1,1,1,2,4 on a smooth run)" {
	plot plot-convergence --print-orders --dt-max 0.025 \
	    -- --duration 1 --target-vel 0.5
	assert_status 0
	printf '%s\n' 'explicit 1' 'semi-implicit 1' 'implicit 1' \
	    'backward-euler 1' 'verlet 2' 'rk4 4' >"$D/want"
	awk 'NR == FNR { want[$1] = $2; n++; next }
	    { seen++
	      if (!($1 in want)) { print "unexpected rule " $1; bad = 1; next }
	      d = $2 - want[$1]; if (d < 0) d = -d
	      if ($2 == "n/a" || d > 0.15) {
	          print $1 " order " $2 ", not within 0.15 of " want[$1]; bad = 1 } }
	    END { if (seen != n) { print seen " lines, not " n; bad = 1 }
	      exit bad }' "$D/want" "$OUT" >"$D/why" ||
		fail_with "$(cat "$D/why") (got: $(tr '\n' ';' <"$OUT"))"
	# round-off is not fitted: the exact rule has no order
	plot plot-convergence --print-orders --integrator exact --levels 3
	assert_status 0
	[ "$(cat "$OUT")" = "exact n/a" ] || fail_with "exact: '$(cat "$OUT")'"
}

@test "plot-convergence: bad arguments exit 2, springsim's refusal passed on, gnuplot missing exit 1" {
	plot plot-convergence --help
	assert_status 0
	grep -q 'usage: plot-convergence' "$OUT" || fail_with "no usage"
	grep -q '1e-13' "$OUT" || fail_with "the rounding cut is not in --help"
	for args in "-o x.jpg" "--size 12" "--levels 1" "--levels x" \
	    "--dt-max 0" "--dt-max abc" "--integrator rk4,,verlet" "--title" \
	    "-- --dt 0.1" "-- --integrator=rk4" "-- --metrics"; do
		# shellcheck disable=SC2086
		plot plot-convergence $args
		[ "$status" -eq 2 ] || fail_with "$args: exit $status, not 2"
		grep -q '^plot-convergence: ' "$ERR" || fail_with "$args: no message"
	done
	plot plot-convergence -o "$D/x.png" --integrator rk4,nosuchrule --levels 2
	assert_status 2
	assert_stderr_has "nosuchrule"
	[ ! -e "$D/x.png" ] || fail_with "a picture was written"
	no_gnuplot plot-convergence -o "$D/x.png"
	assert_status 1
	assert_stderr_has "gnuplot not found" "apt-get install gnuplot-nox"
	no_gnuplot plot-convergence --print-orders --integrator rk4 --levels 3
	assert_status 0
	grep -q '^rk4 [0-9]' "$OUT" || fail_with "--print-orders needed gnuplot"
}

# --- plot-work-precision ----------------------------------------------------

@test "plot-work-precision: error against cost, PNG of the requested size and SVG" {
	plot plot-work-precision -o "$D/w.png" --size 800x480 --levels 4 \
	    -- --duration 1 --target-vel 0.5
	assert_status 0
	assert_png "$D/w.png" 800x480
	grep -q 'wrote' "$OUT" || fail_with "no 'wrote' line"
	plot plot-work-precision -o "$D/w.svg" --size 500x300 --levels 3 \
	    --integrator semi-implicit,verlet,rk4 -- --substep max --max-dt 0.01
	assert_status 0
	assert_svg "$D/w.svg"
	grep -q 'width="500"' "$D/w.svg" || fail_with "the SVG is not 500 wide"
	grep -q 'rk4 (4/step)' "$D/w.svg" || fail_with "rk4's stages not in the legend"
}

@test "plot-work-precision: bad arguments exit 2, gnuplot missing exit 1" {
	plot plot-work-precision --help
	assert_status 0
	grep -q 'usage: plot-work-precision' "$OUT" || fail_with "no usage"
	grep -q 'Cost model' "$OUT" || fail_with "the cost model is not in --help"
	for args in "-o x.svgz" "--size 3x" "--levels 0" "--dt-max -1" \
	    "--integrator rk4,nosuchrule" "--title" "-- --frames 10" \
	    "-- -o x.csv"; do
		# shellcheck disable=SC2086
		plot plot-work-precision $args
		[ "$status" -eq 2 ] || fail_with "$args: exit $status, not 2"
		grep -q '^plot-work-precision: ' "$ERR" || fail_with "$args: no message"
	done
	no_gnuplot plot-work-precision -o "$D/x.png"
	assert_status 1
	assert_stderr_has "gnuplot not found" "apt-get install gnuplot-nox"
}

# --- plot-sweep -------------------------------------------------------------

# sweep_csv FILE - a hand-written sweep CSV over uaf (1, 10, 100) and dr
# (0, 1): max_err_x 0.5, 0 (a zero), 0.01 / empty, 1e9 (diverged), 2;
# settle_time inf at (10, 0) and (10, 1).
sweep_csv() {
	local r
	{
		printf '%s,uaf,dr\n' "$METRICS_HEADER"
		for r in '1 0 0.5 0.4 0' '10 0 0 inf 0' '100 0 0.01 0.2 0' \
		    '1 1 - 0.3 0' '10 1 1e9 inf 1' '100 1 2 1 0'; do
			# shellcheck disable=SC2086
			set -- $r
			[ "$3" != - ] || set -- "$1" "$2" '' "$4" "$5"
			printf 'spring,semi-implicit,none,0.033,61,%s,%s,1,0,0,1,0,%s,0,0,0,0,0,0,%s,0,%s,0,0,0,0,61,1,0,0,%s,%s\n' \
			    "$1" "$2" "$3" "$4" "$5" "$1" "$2"
		done
	} >"$1"
}

@test "plot-sweep: a sweep run by the script, PNG of the requested size and SVG" {
	plot plot-sweep -o "$D/m.png" --size 700x500 --logx --logz \
	    -- --integrator semi-implicit --dt 0.033 --uaf 1:100:12log --dr 0:2:9
	assert_status 0
	assert_png "$D/m.png" 700x500
	grep -q 'wrote' "$OUT" || fail_with "no 'wrote' line"
	"$SPRINGSIM" sweep --integrator semi-implicit --dt 0.033 \
	    --uaf 1:100:12log --dr 0:2:9 -q -o "$D/s.csv"
	plot plot-sweep -o "$D/m.svg" --size 500x300 --csv "$D/s.csv" --logx \
	    --z rms_err_x --logz --curve '(4 - (x*0.033)**2) / (4*x*0.033)' \
	    --curve-title 'stability boundary'
	assert_status 0
	assert_svg "$D/m.svg"
	grep -q 'width="500"' "$D/m.svg" || fail_with "the SVG is not 500 wide"
	for s in 'omega (rad/s, log scale)' 'zeta (damping ratio)' \
	    'rms_err_x (log scale)' 'diverged (' 'stability boundary'; do
		grep -qF "$s" "$D/m.svg" || fail_with "no '$s' in the SVG"
	done
	# the swept axes by name, a linear dt axis, and from standard input
	"$SPRINGSIM" sweep --dt 0.01:0.05:5 --uaf 5:50:6 --dr 0.5 -q -o "$D/d.csv"
	STDIN=$D/d.csv plot plot-sweep -o "$D/d.png" --csv - --x dt --y uaf \
	    --z final_err_x
	assert_status 0
	assert_png "$D/d.png" 900x650
}

@test "plot-sweep: the cells carry the CSV's values; diverged, inf, empty and 0 apart" {
	sweep_csv "$D/t.csv"
	plot plot-sweep --csv "$D/t.csv" --logx --logz --print-cells
	assert_status 0
	# x y z shown class xlo xhi ylo yhi; log x: edges at the geometric
	# midpoints; the 0 drawn at the floor, the smallest positive value
	printf '%s\n' 'x y z shown class xlo xhi ylo yhi' \
	    '1 0 0.5 0.5 value 0.316227766 3.16227766 -0.5 0.5' \
	    '10 0 0 0.01 below 3.16227766 31.6227766 -0.5 0.5' \
	    '100 0 0.01 0.01 value 31.6227766 316.227766 -0.5 0.5' \
	    '1 1 - - empty 0.316227766 3.16227766 0.5 1.5' \
	    '10 1 1e9 - diverged 3.16227766 31.6227766 0.5 1.5' \
	    '100 1 2 2 value 31.6227766 316.227766 0.5 1.5' >"$D/want"
	diff "$D/want" "$OUT" >"$D/diff" || fail_with "cells differ: $(cat "$D/diff")"
	# a linear axis, inf, --zmax: 2 drawn as 1
	plot plot-sweep --csv "$D/t.csv" --z settle_time --zmax 1 --print-cells
	assert_status 0
	awk '$1 == 10 && $2 == 0 && $5 == "inf" && $4 == "-" { a = 1 }
	    $1 == 10 && $2 == 1 && $5 == "diverged" { b = 1 }
	    $1 == 100 && $2 == 1 && $3 == 1 && $5 == "value" { c = 1 }
	    $1 == 1 && $6 == -3.5 && $7 == 5.5 { e = 1 }
	    END { exit !(a && b && c && e) }' "$OUT" ||
		fail_with "settle_time cells: $(cat "$OUT")"
	# what the picture says about them
	plot plot-sweep -o "$D/t.svg" --csv "$D/t.csv" --logx --logz --zmax 1
	assert_status 0
	for s in 'diverged (1 cell)' 'no value (1 cell)' \
	    'drawn as 0.01' '1 cell above 1 drawn as 1'; do
		grep -qF "$s" "$D/t.svg" || fail_with "no '$s' in the SVG"
	done
	grep -q '1e9\|1e+09\|10\^{9}' "$D/t.svg" &&
		fail_with "the diverged row's value reached the colour scale"
	# --print-cells needs no gnuplot
	no_gnuplot plot-sweep --csv "$D/t.csv" --print-cells
	assert_status 0
	[ "$(nlines "$OUT")" -eq 7 ] || fail_with "not 7 lines"
}

@test "plot-sweep: missing, malformed and ambiguous input is a clear error" {
	plot plot-sweep -o "$D/g.png" --csv "$D/none.csv"
	assert_status 2
	assert_stderr_has "plot-sweep:" "cannot read" "none.csv"
	"$SPRINGSIM" --dt 0.05 -o "$D/traj.csv"
	plot plot-sweep -o "$D/g.png" --csv "$D/traj.csv"
	assert_status 2
	assert_stderr_has "not the CSV of springsim sweep"
	sweep_csv "$D/t.csv"
	head -n 1 "$D/t.csv" >"$D/empty.csv"
	plot plot-sweep -o "$D/g.png" --csv "$D/empty.csv"
	assert_status 2
	assert_stderr_has "no rows"
	sed '2s/,0\.5,/,abc,/' "$D/t.csv" >"$D/abc.csv"
	plot plot-sweep -o "$D/g.png" --csv "$D/abc.csv"
	assert_status 2
	assert_stderr_has "max_err_x" "abc" "not a number"
	sed '4s/,[^,]*$//' "$D/t.csv" >"$D/short.csv"
	plot plot-sweep -o "$D/g.png" --csv "$D/short.csv"
	assert_status 2
	assert_stderr_has "fields"
	[ ! -e "$D/g.png" ] || fail_with "a picture was written from bad input"
	# one swept column beyond the metrics: the axes must be named
	"$SPRINGSIM" sweep --dt 0.01,0.02 --uaf 5,10 --dr 0.5 -q -o "$D/one.csv"
	plot plot-sweep -o "$D/g.png" --csv "$D/one.csv"
	assert_status 2
	assert_stderr_has "--x and --y are needed" "uaf"
	# a third option varying: two rows on a cell, unless --where picks one
	"$SPRINGSIM" sweep --integrator explicit,rk4 --uaf 5,10 --dr 0,1 -q \
	    -o "$D/three.csv"
	plot plot-sweep -o "$D/g.png" --csv "$D/three.csv"
	assert_status 2
	assert_stderr_has "--where"
	plot plot-sweep -o "$D/w.png" --csv "$D/three.csv" --where integrator=rk4
	assert_status 0
	assert_png "$D/w.png" 900x650
}

@test "plot-sweep: an unknown column is named, exit 2" {
	sweep_csv "$D/t.csv"
	for args in "--x nosuch" "--y nosuch" "--z nosuch" "--where nosuch=1"; do
		# shellcheck disable=SC2086
		plot plot-sweep -o "$D/g.png" --csv "$D/t.csv" $args
		[ "$status" -eq 2 ] || fail_with "$args: exit $status, not 2"
		assert_stderr_has "plot-sweep:" '"nosuch"'
	done
	plot plot-sweep -o "$D/g.png" --csv "$D/t.csv" --x integrator --y dr
	assert_status 2
	assert_stderr_has "integrator" "not a number"
	plot plot-sweep -o "$D/g.png" --csv "$D/t.csv" --z model
	assert_status 2
	assert_stderr_has "model" "not a number"
	[ ! -e "$D/g.png" ] || fail_with "a picture was written"
}

@test "plot-sweep: --help, bad arguments exit 2, springsim's refusal passed on, gnuplot missing exit 1" {
	plot plot-sweep --help
	assert_status 0
	grep -q 'usage: plot-sweep' "$OUT" || fail_with "no usage"
	grep -q 'diverged' "$OUT" || fail_with "diverged not in --help"
	for args in "" "-o x.jpg -- --uaf 1,2 --dr 0,1" "--size 12" "--title" \
	    "--zmin abc" "--zmin 2 --zmax 1" "--logz --zmin 0" "--where x" \
	    "--x a-b" "-- --uaf 1,2 --dr 0,1 -o x.csv" \
	    "-- --uaf 1,2 --dr 0,1 --no-header" "--curve system('ls')"; do
		# shellcheck disable=SC2086
		plot plot-sweep $args
		[ "$status" -eq 2 ] || fail_with "'$args': exit $status, not 2"
		grep -q '^plot-sweep: ' "$ERR" || fail_with "'$args': no message"
	done
	plot plot-sweep -o "$D/x.png" -- --uaf 1,2 --dr 0,1 --integrator nosuchrule
	assert_status 2
	assert_stderr_has "nosuchrule"
	[ ! -e "$D/x.png" ] || fail_with "a picture was written"
	no_gnuplot plot-sweep -o "$D/x.png" -- --uaf 1,2 --dr 0,1
	assert_status 1
	assert_stderr_has "gnuplot not found" "apt-get install gnuplot-nox"
}

# --- plot-limits ------------------------------------------------------------

@test "plot-limits: the measured limits beside Nissen's, PNG of the requested size and SVG" {
	plot plot-limits -o "$D/l.png" --size 800x400 --rope 1,2,3 --mesh 1,2
	assert_status 0
	assert_png "$D/l.png" 800x400
	grep -q 'wrote' "$OUT" || fail_with "no 'wrote' line"
	plot plot-limits -o "$D/l.svg" --cd 0 --rope 2,4 --mesh none \
	    --integrator semi-implicit,impulse
	assert_status 0
	assert_svg "$D/l.svg"
	# the analyze rows read back: a rope alone is one panel
	"$SPRINGSIM" analyze --model chain --particles 3 -o "$D/a.csv"
	STDIN=$D/a.csv plot plot-limits -o "$D/c.png" --csv -
	assert_status 0
	assert_png "$D/c.png" 1100x520
}

@test "plot-limits: bad input and arguments are clear errors, gnuplot missing exit 1" {
	plot plot-limits --help
	assert_status 0
	grep -q 'usage: plot-limits' "$OUT" || fail_with "no usage"
	for args in "--cd 2" "--rope 0" "--rope 1,x" "--mesh 101" \
	    "--rope none --mesh none" "--size 12" "-o x.jpg" "--bogus"; do
		# shellcheck disable=SC2086
		plot plot-limits $args
		[ "$status" -eq 2 ] || fail_with "'$args': exit $status, not 2"
		grep -q '^plot-limits: ' "$ERR" || fail_with "'$args': no message"
	done
	"$SPRINGSIM" --dt 0.05 -o "$D/traj.csv"
	plot plot-limits -o "$D/g.png" --csv "$D/traj.csv"
	assert_status 2
	assert_stderr_has "not the CSV of springsim analyze"
	plot plot-limits -o "$D/g.png" --rope 2 --mesh none --integrator nosuchrule
	assert_status 2
	assert_stderr_has "no rows for rule nosuchrule"
	[ ! -e "$D/g.png" ] || fail_with "a picture was written"
	no_gnuplot plot-limits -o "$D/x.png"
	assert_status 1
	assert_stderr_has "apt-get install gnuplot-nox"
}

@test "every plot script: -o after -- is refused before springsim writes CSV there" {
	local s
	for s in compare convergence error fps stability sweep trajectory work-precision; do
		cd "$D"
		plot "plot-$s" -- --dt 0.02 -o "$D/j.png"
		[ "$status" -eq 2 ] || fail_with "plot-$s: status $status"
		assert_stdout_empty
		assert_one_stderr_line
		assert_stderr_has "plot-$s: -o after -- would reach springsim"
		[ ! -e "$D/j.png" ] || fail_with "plot-$s: wrote $D/j.png"
		plot "plot-$s" -- --output=x.png
		[ "$status" -eq 2 ] || fail_with "plot-$s --output=: status $status"
	done
}

@test "every plot script calls itself by the name it is run as (springsim-plot-NAME once installed)" {
	local s
	for s in compare convergence error fps limits stability sweep trajectory work-precision; do
		cp "$SCRIPTS/plot-$s" "$D/springsim-plot-$s"
		OUT=$D/stdout ERR=$D/stderr status=0
		sh "$D/springsim-plot-$s" --help >"$OUT" 2>"$ERR" || status=$?
		[ "$status" -eq 0 ] || fail_with "springsim-plot-$s --help: status $status"
		grep -q "^usage: springsim-plot-$s " "$OUT" ||
			fail_with "springsim-plot-$s --help does not name itself"
		grep -v "springsim-plot-$s" "$OUT" | grep -q "\bplot-$s\b" &&
			fail_with "springsim-plot-$s --help still says plot-$s"
		sh "$D/springsim-plot-$s" --size 3 >"$OUT" 2>"$ERR" || true
		assert_stderr_has "springsim-plot-$s: "
	done
}

# --- plot-tune --------------------------------------------------------------

@test "plot-tune: before and after tune, PNG of the requested size and SVG" {
	plot plot-tune -o "$D/t.png" --size 800x480 -- --uaf 20 --dr 0.3 \
	    --integrator semi-implicit --fps 30
	assert_status 0
	assert_png "$D/t.png" 800x480
	plot plot-tune -o "$D/t.svg" --duration 1 -- --uaf 20 --dr 0.3 \
	    --integrator semi-implicit --fps 30 --match response
	assert_status 0
	assert_svg "$D/t.svg"
	# the key's untuned error is max |x - x_ref| of the designed spring
	# stepped by the rule, read here from run's trajectory, not tune's
	local want
	want=$("$SPRINGSIM" run --uaf 20 --dr 0.3 --integrator semi-implicit \
	    --fps 30 --duration 1 | awk -F, 'NR > 1 { e = $7 < 0 ? -$7 : $7
	    if (e > m) m = e } END { printf "%.3g", m }')
	grep -q "untuned, max err $want<" "$D/t.svg" ||
		fail_with "the key does not say max err $want for the untuned rule"
}

@test "plot-tune: bad arguments exit 2, springsim's refusal passed on, gnuplot missing exit 1" {
	plot plot-tune --help
	assert_status 0
	grep -q -- '--duration' "$OUT" || fail_with "--duration not in --help"
	plot plot-tune -o "$D/t.png"
	assert_status 2
	assert_stderr_has "give tune options"
	plot plot-tune -o "$D/t.gif" -- --uaf 20 --integrator implicit --fps 30
	assert_status 2
	assert_stderr_has "must end in .png or .svg"
	plot plot-tune -o "$D/t.png" -- --uaf 20 --integrator nosuchrule --fps 30
	assert_status 2
	assert_stderr_has "nosuchrule"
	[ ! -e "$D/t.png" ] || fail_with "a picture was written"
	no_gnuplot plot-tune -o "$D/x.png" -- --uaf 20 --integrator implicit --fps 30
	assert_status 1
	assert_stderr_has "apt-get install gnuplot-nox"
}

# --- plot-fit ---------------------------------------------------------------

# capture FILE - 200 samples 5 ms apart of the spring omega 9, zeta 0.2
# from x 0.3, v -1 toward 1.2, from its closed form (no noise)
capture() {
	awk 'BEGIN { w = 9; z = 0.2; wd = w * sqrt(1 - z*z); print "t,x"
	    for (i = 0; i < 200; i++) { t = i * 0.005
		e = -0.9 * cos(wd*t) + (-1 - 0.9*z*w) / wd * sin(wd*t)
		printf "%.17g,%.17g\n", t, 1.2 + exp(-z*w*t) * e } }' >"$1"
}

@test "plot-fit: a capture and its fitted spring, PNG of the requested size and SVG" {
	capture "$D/c.csv"
	plot plot-fit -o "$D/f.png" --size 700x500 -- "$D/c.csv"
	assert_status 0
	assert_png "$D/f.png" 700x500
	plot plot-fit -o "$D/f.svg" "$D/c.csv"
	assert_status 0
	assert_svg "$D/f.svg"
	# the title gives the spring the capture was made from
	grep -q 'omega 9, zeta 0.2,' "$D/f.svg" ||
		fail_with "the title does not give omega 9, zeta 0.2"
	STDIN=$D/c.csv plot plot-fit -o "$D/s.png" -
	assert_status 0
	assert_png "$D/s.png" 900x600
}

@test "plot-fit: missing input and bad arguments exit 2, gnuplot missing exit 1" {
	plot plot-fit --help
	assert_status 0
	plot plot-fit -o "$D/f.png"
	assert_status 2
	assert_stderr_has "give the data FILE"
	plot plot-fit -o "$D/f.png" "$D/none.csv"
	assert_status 2
	assert_stderr_has "cannot read"
	plot plot-fit --size 3 "$D/none.csv"
	assert_status 2
	assert_stderr_has "--size"
	capture "$D/c.csv"
	no_gnuplot plot-fit -o "$D/x.png" "$D/c.csv"
	assert_status 1
	assert_stderr_has "apt-get install gnuplot-nox"
}

# --- every script: what a reader sees ---------------------------------------

# fits SVG - no text of the SVG leaves the canvas or covers another
# (tests/cli/svgtext.awk's estimate, which errs wide of pngcairo's fonts)
fits() {
	local bad
	bad=$(awk -f "$BATS_TEST_DIRNAME/svgtext.awk" "$1")
	[ -z "$bad" ] || fail_with "$1: $bad"
}

@test "the text checker catches a clipped title and a covered label" {
	# gnuplot centres a title over the plot, which a key outside moves
	# left: 150 characters over 900 px leave the canvas on the left
	command -v gnuplot >/dev/null || skip "no gnuplot"
	gnuplot -e "set terminal svg size 900,500 font 'sans,10'; \
	    set output '$D/bad.svg'; set key outside right; \
	    set title '$(printf 'a long title %.0s' 1 2 3 4 5 6 7 8 9 10 11)'; \
	    set label 1 'over' at graph 0.5, graph 0.5; \
	    set label 2 'over' at graph 0.5, graph 0.5; plot x title 'line'"
	run awk -f "$BATS_TEST_DIRNAME/svgtext.awk" "$D/bad.svg"
	[[ $output == *"outside the 900x500 canvas: \"a long title"* ]] ||
		fail_with "the clipped title was not found: $output"
	[[ $output == *'overlap: "over" and "over"'* ]] ||
		fail_with "the covered label was not found: $output"
}

@test "every plot script at its default size: long titles wrap, no text clipped or covered" {
	local long='--dt 0.0333333333333 --duration 1.5 --x0 0.25 --v0 -0.5 --target 1.75'
	capture "$D/c.csv"
	# shellcheck disable=SC2086
	{
	plot plot-compare -o "$D/1.svg" --vary integrator=explicit,implicit -- $long
	assert_status 0; fits "$D/1.svg"
	plot plot-error -o "$D/2.svg" --vary integrator=explicit,implicit -- $long
	assert_status 0; fits "$D/2.svg"
	plot plot-fps -o "$D/3.svg" -- --model implicit ${long#--dt 0.0333333333333 }
	assert_status 0; fits "$D/3.svg"
	plot plot-trajectory -o "$D/4.svg" -- --model implicit $long
	assert_status 0; fits "$D/4.svg"
	plot plot-convergence -o "$D/5.svg" --dt-max 0.025 -- --duration 1 \
	    --target-vel 0.5 --x0 0.25 --v0 -0.5 --target 1.75 --uaf 12.5 --dr 0.5
	assert_status 0; fits "$D/5.svg"
	plot plot-work-precision -o "$D/6.svg" --dt-max 0.025 -- --duration 1 \
	    --target-vel 0.5 --x0 0.25 --v0 -0.5 --target 1.75 --uaf 12.5 --dr 0.5
	assert_status 0; fits "$D/6.svg"
	plot plot-sweep -o "$D/7.svg" --logx --curve '4/x' \
	    --curve-title 'a curve with a long title to be placed in the key' \
	    -- --integrator semi-implicit --dt 0.033 --uaf 1:100:20log --dr 0:2:11
	assert_status 0; fits "$D/7.svg"
	plot plot-tune -o "$D/8.svg" -- --uaf 20 --dr 0.3 --integrator \
	    semi-implicit --fps 30 --match response --x0 0 --target 1
	assert_status 0; fits "$D/8.svg"
	plot plot-fit -o "$D/9.svg" "$D/c.csv"
	assert_status 0; fits "$D/9.svg"
	plot plot-stability -o "$D/10.svg"
	assert_status 0; fits "$D/10.svg"
	plot plot-limits -o "$D/11.svg"
	assert_status 0; fits "$D/11.svg"
	}
}
