#!/bin/sh
# gallery.sh [BIN] - regenerate the README gallery under examples/ with the
# plot scripts a user calls (make plots).
set -eu
bin=${1:-build/springsim}
cd "$(dirname "$0")/.."
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
SPRINGSIM=$bin
export SPRINGSIM
sh scripts/plot-compare -o examples/compare.png \
    --title "four rules at dt = 0.033 s against the exact spring" \
    --vary integrator=explicit,semi-implicit,implicit,exact -- --dt 0.033
sh scripts/plot-error --log -o examples/error.png \
    --title "|x - x_ref| at dt = 0.033 s: each order buys digits" \
    --vary integrator=explicit,semi-implicit,verlet,rk4,exact -- --dt 0.033
sh scripts/plot-fps -o examples/fps.png --fps 20,30,60,144 \
    --title "semi-implicit Euler at four frame rates" -- --model semi-implicit
sh scripts/plot-stability -o examples/stability.png
sh scripts/plot-convergence -o examples/convergence.png --dt-max 0.025 \
    --title "max |x - x_ref| against dt: the slope is the order" \
    -- --duration 1 --target-vel 0.5
sh scripts/plot-work-precision -o examples/work-precision.png --dt-max 0.025 \
    --title "max |x - x_ref| against evaluations of the acceleration" \
    -- --duration 1 --target-vel 0.5
sh scripts/plot-sweep -o examples/sweep.png --logx --logz \
    --title "semi-implicit Euler at dt = 0.033 s: max |x - x_ref| over omega and zeta" \
    --curve '(4 - (x*0.033)**2) / (4*x*0.033)' \
    --curve-title 'Nissen: (omega dt)^2 + 4 zeta omega dt = 4' \
    -- --integrator semi-implicit --dt 0.033 --uaf 1:100:80log --dr 0:2:41
sh scripts/plot-limits -o examples/nissen.png \
    --title "Nissen's safe limit 1/(n+1) against the largest stable Ck (Cd = Ck), per rule"
sh scripts/plot-tune -o examples/tune.png --duration 1 \
    --title "semi-implicit Euler at 30 fps, before and after springsim tune --match response" \
    -- --uaf 20 --dr 0.3 --integrator semi-implicit --fps 30 --match response
# a capture: omega 9, zeta 0.2 from (0.3, -1) toward 1.2, 300 samples 6 ms
# apart, Gaussian noise of sd 0.01 (awk's seeded rand, Box-Muller)
awk 'BEGIN { srand(3); pi = atan2(0, -1); w = 9; z = 0.2; wd = w * sqrt(1 - z*z)
	print "t,x"
	for (i = 0; i < 300; i++) { t = i * 0.006
		e = exp(-z*w*t) * (-0.9 * cos(wd*t) + (-1 - 0.9*z*w) / wd * sin(wd*t))
		u = rand(); if (u < 1e-300) u = 1e-300
		printf "%.17g,%.17g\n", t, 1.2 + e + 0.01 * sqrt(-2*log(u)) * cos(2*pi*rand()) } }' \
    > examples/capture.csv
sh scripts/plot-fit -o examples/fit.png -- examples/capture.csv
