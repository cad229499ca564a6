#!/bin/sh
# gen.sh - build Box2D v3 from its source and write golden/box2d-*.csv by
# driving one body on a distance-joint spring (drive.c) with the real
# library.  Not run by CI (the goldens are committed); to regenerate:
#
#   git clone https://github.com/erincatto/box2d   # commit 617d32ab
#   BOX2D_SRC=/path/to/box2d tests/engines/native/box2d/gen.sh [OUTDIR]
#
# from the repository's root.  Needs cmake and a C compiler.
set -eu
: "${BOX2D_SRC:?set BOX2D_SRC to a checkout of erincatto/box2d (617d32ab)}"
out=${1:-tests/engines/golden}
here=$(dirname "$0")
work=${TMPDIR:-/tmp}/springsim-box2d.$$
trap 'rm -rf "$work"' EXIT
mkdir -p "$work" "$out"
commit=$(git -C "$BOX2D_SRC" rev-parse --short=8 HEAD 2>/dev/null || echo unknown)
cmake -S "$BOX2D_SRC" -B "$work/build" -DCMAKE_BUILD_TYPE=Release \
    -DBOX2D_SAMPLES=OFF -DBOX2D_UNIT_TESTS=OFF -DBOX2D_BENCHMARKS=OFF \
    -DBOX2D_DOCS=OFF >/dev/null
cmake --build "$work/build" -j2 >/dev/null
cc -O2 -std=c11 -I "$BOX2D_SRC/include" "$here/drive.c" \
    "$work/build/src/libbox2d.a" -lm -lpthread -o "$work/drive"

. "$here/../golden.sh"

# case HERTZ ZETA SUBSTEPS X0 V0 TARGET DURATION CLOCK NAME
case_() {
	sub=""
	[ "$3" = 4 ] || sub=" --box2d-substeps $3"
	golden_write "$out/box2d-$9.csv" "box2d (box2d v3.2.0 $commit), native/box2d/drive.c" \
	    "--engine box2d --box2d-hertz $1 --box2d-damping-ratio $2$sub --x0 $4 --v0 $5 --target $6" \
	    "$7" "$8" "$work/drive" "$1" "$2" "$3" "$4" "$5" "$6" "$7" "$8"
}

irr=@tests/engines/frames/irregular.txt
case_ 2 0.3 4 0 0 1 1.5 0.033333333333333333 p1-30fps
case_ 2 0.3 4 0 0 1 1.5 0.016666666666666666 p1-60fps
case_ 2 0.3 4 0 0 1 1.5 0.0069444444444444441 p1-144fps
case_ 2 0.3 4 0 0 1 1.5 $irr p1-irregular
# one substep a step; a start velocity; the sleep at rest; the speed cap
case_ 2 0.3 1 0 0 1 1.5 0.033333333333333333 substeps1-30fps
case_ 2 0.7 4 0 -3 1 1.5 0.016666666666666666 v0-60fps
case_ 2 0.3 4 0 0 1 3 0.016666666666666666 sleep-60fps
case_ 5 0.5 4 0 1000 0 1 0.016666666666666666 speedcap-60fps
