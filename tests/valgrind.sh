#!/bin/sh
# valgrind.sh BIN - a representative run of every command under valgrind
# (memcheck, every leak kind an error): prints one line per invocation and
# a closing count, and exits 1 on any error or leak, or if an invocation's
# exit status is not the one expected (so a crash cannot pass).
set -u
bin=${1:-build/springsim}
command -v valgrind >/dev/null 2>&1 || {
	echo "valgrind.sh: valgrind is not installed (apt-get install valgrind)" >&2
	exit 1
}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
printf 'dt\n0.01\n0.02\n0.015\n0.05\n0.0167\n' >"$tmp/frames.csv"
printf 't,target,target_vel\n0,0,0\n0.5,1,2\n1,-1,0\n1.5,0.5,0\n' >"$tmp/target.csv"
passed=0
failed=0

# check STATUS ARGS... - springsim ARGS under valgrind must exit STATUS.
check() {
	want=$1
	shift
	valgrind --leak-check=full --show-leak-kinds=all \
	    --errors-for-leak-kinds=all --error-exitcode=99 --quiet \
	    --log-file="$tmp/vg.log" "$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	got=$?
	if [ "$got" -eq "$want" ] && [ ! -s "$tmp/vg.log" ]; then
		passed=$((passed + 1))
		echo "ok   $*"
	else
		failed=$((failed + 1))
		echo "FAIL $* (status $got, want $want)"
		head -n 40 "$tmp/vg.log"
		head -n 5 "$tmp/err"
	fi
}

check 0 --model implicit --dt 0.033
check 0 --model implicit --dt 0.033 --metrics
check 0 run --stiffness 100 --damping 5 --mass 2 --model rk4 --precision 6
check 0 --substep max --dt 0.05 --max-substeps 2 --metrics
check 0 --substep uniform --dt 0.05 --model verlet
check 0 --substep fixed --dt-jitter 0.5 --seed 3 --hitch 0.5:0.2 --metrics
check 0 --frames-from "$tmp/frames.csv" --model backward-euler
check 0 --target-file "$tmp/target.csv" --metrics --target-vel-source difference
check 0 --target-signal sine --signal-period 0.5 --metrics
check 0 --target-signal noise --signal-period 0.05 --signal-shape linear --metrics
check 0 --target-signal square --target-vel-source zero --model exact
check 0 --target-signal ramp --signal-at 0.2 --duration 1 -o "$tmp/run.csv"
check 0 --uaf 66 --dr 0 --model implicit --dt 0.033
check 0 fps --fps 30,60,144,240
check 0 resonance --hz 1:3:5 --uaf 12 --dr 0.3
check 0 --model damper --integrator lerp --factor 0.1 --dt-jitter 0.2
check 0 --model double --halflife 0.5 --metrics --fast-exp
check 0 --model timed --t-goal 0.5 --metrics
check 0 --model predict --v-goal 2 --horizon 1
check 0 --model inertialize --source-b noise:0.5:0.1 -o "$tmp/inert.csv"
check 0 fps --fps 30,60 --model damper --integrator lerp-dt --damping 8
check 0 fps --fps 30,60 --trajectories --substep fixed --target-signal sine
check 0 list
check 0 list --json
check 0 convert --swiftui-response 0.5 --swiftui-damping-fraction 0.825
check 0 convert --ck 1 --cd 1 --dt 0.1 --csv -o "$tmp/convert.csv"
check 0 sweep --integrator all --uaf 1:50:20log --dr 0:1:3 -j 2 -q
check 0 sweep --substep none,fixed --dt 0.05 --target-signal sine --uaf 5 --dr 0.5 -j 2 -q -o "$tmp/sweep.csv"
check 3 sweep --integrator explicit,exact --dt 0.1 --uaf 30 --dr 0 --fail-if 'diverged == 1' -q
# the files are read once, by the base, not once (and leaked) a row
check 0 sweep --frames-from "$tmp/frames.csv" --dt 0.1,0.2 -q
check 0 sweep --target-file "$tmp/target.csv" --dt 0.1,0.2 -q
check 0 analyze --dt 0.033 --precision 4
check 0 analyze --integrator all --hw 0.01:10:20log --zeta 0:2:5
check 0 --help
check 0 fps --help
check 0 convert --help
check 0 analyze --help
check 0 list --help
check 0 --version
check 2 --dt 1x
check 2 --target-file "$tmp/frames.csv"
check 2 --frames-from "$tmp/target.csv"
check 2 fps --fps 30,,60
check 2 convert --stiffness 1
check 2 --model damper --halflife 1 --factor 0.5
check 2 resonance --hz 0,1
check 2 sweep --substep max,none --max-dt 0.01 -j 2
check 2 sweep --substep max,none --max-dt 0.01 -o "$tmp/sweep-bad.csv"
check 2 sweep --fail-if 'nope > 1'
check 2 analyze --dt 0.1 --hw 1
check 2 --duration 1e9 --dt 1e-9
check 1 -o "$tmp/missing/run.csv"
check 1 fps --fps 30 -o "$tmp/missing/fps.csv"
check 0 --model quat --integrator exact --w0 1,0,0 --frames 20 --metrics
check 0 --model quat --target-angle 181 --dt-jitter 0.2 -o "$tmp/quat.csv"
check 0 --model vector --x0 0,1,2 --substep fixed --target-signal sine
check 0 --model vector --x0 0,1 --metrics --target-signal noise
check 0 --model quat --help
check 2 --model quat --q0 0,0,0,0
check 2 --model vector --dim 3 --x0 0,1 -o "$tmp/vec.csv"
check 0 --model pair --integrator implicit --frames 20 --ck 0.3 --cd 0.3
check 0 --model angular --integrator exact --frames 20 -o "$tmp/angular.csv"
check 0 --model chain --particles 20 --integrator backward-euler --frames 20 --summary
check 0 --model chain --particles 5 --integrator exact --frames 5
check 0 analyze --model mesh --grid 5x5
check 2 --model chain --particles 0
check 0 --model pair --dim 2 --x2 1.5,0.2 --v2 0,1 --frames 10
check 0 --model chain --dim 3 --particles 4 --gravity 9.81 --integrator backward-euler --frames 5 --summary
check 0 --model mesh --grid 3x3 --pluck 5 --integrator exact --frames 5
check 0 --model mesh --grid 3x2 --dim 2 --integrator verlet --frames 5 -o "$tmp/mesh.csv"
check 0 --model mesh --grid 3x3 --integrator impulse --frames 5 --summary
check 0 --model chain --dim 1 --particles 3 --frames 5
check 0 analyze --model chain --particles 6 --integrator impulse
check 0 --model chain --dim 2 --particles 4 --damper axial --integrator implicit --frames 5 --summary
check 0 --model chain --particles 6 --integrator exact --frames 10 --summary --no-reference
check 0 --model angular --x2 7 --frames 10 --no-reference -o "$tmp/angular-noref.csv"
check 0 --model mesh --grid 3x2 --dim 2 --gravity 9.81 --frames 5 --no-reference
check 2 --model mesh --grid 3x
check 2 --model pair --dim 2 --x2 1,2,3 -o "$tmp/bad.csv"
echo "valgrind: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
