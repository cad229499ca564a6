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
