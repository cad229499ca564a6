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
