#!/bin/sh
# demo.sh BIN - the main job: the typical call, its CSV and its plot.
set -eu
bin=${1:-build/springsim}
cd "$(dirname "$0")/.."
"$bin" --model implicit --dt 0.033 -o examples/implicit.csv
echo "demo: wrote examples/implicit.csv ($(wc -l < examples/implicit.csv) lines)"
"$bin" --model implicit --dt 0.033 --metrics
SPRINGSIM=$bin sh scripts/plot-trajectory -o examples/implicit.png \
    --title "implicit (Stable PD) at dt = 0.033 s vs the exact spring" \
    -- --model implicit --dt 0.033
