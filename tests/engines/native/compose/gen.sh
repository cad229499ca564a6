#!/bin/sh
# gen.sh - compile Jetpack Compose's spring (androidx animation-core's
# SpringSimulation.kt, SpringEstimation.kt, ComplexDouble.kt and
# FloatAnimationSpec.kt's FloatSpringSpec) with Debian's kotlinc 1.3, run
# it on a controlled clock (Drive.kt), and write golden/compose-*.csv.
# From the repository's root:
#
#   COMPOSE_SRC=DIR tests/engines/native/compose/gen.sh [OUTDIR]
#
# DIR holds the four files from androidx/androidx compose/animation/
# animation-core/src/commonMain/kotlin/androidx/compose/animation/core/:
# SpringSimulation.kt (13d5e2ef), SpringEstimation.kt (1d7dc4d1),
# ComplexDouble.kt (55c737bf), FloatAnimationSpec.kt (7a915f44; only
# its FloatSpringSpec class is taken).  The edits, all textual and none
# in the arithmetic: kotlinc 1.3 has no `value class` (Motion becomes an
# `inline class`); FloatSpringSpec is taken alone, so it implements no
# interface (`: FloatAnimationSpec` and `override` dropped).  Spring's
# constants, MillisToNanos and androidx.compose.ui.util's Float packing
# are written from their API in Stubs.kt and Util.kt.  Needs kotlinc
# (Debian: kotlin) and java.
set -eu
: "${COMPOSE_SRC:?set COMPOSE_SRC to the directory of the androidx sources}"
out=${1:-tests/engines/golden}
here=$(dirname "$0")
work=${TMPDIR:-/tmp}/springsim-compose.$$
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src" "$work/classes" "$out"
cp "$COMPOSE_SRC/SpringEstimation.kt" "$COMPOSE_SRC/ComplexDouble.kt" "$work/src/"
sed -e '/^@kotlin\.jvm\.JvmInline$/d' \
    -e 's/^internal value class Motion(/internal inline class Motion(/' \
    "$COMPOSE_SRC/SpringSimulation.kt" >"$work/src/SpringSimulation.kt"
grep -q '^internal inline class Motion(' "$work/src/SpringSimulation.kt" ||
	{ echo "gen.sh: Motion's value class not found" >&2; exit 1; }
# FloatSpringSpec alone, with the file's package line
{
	sed -n '/^package /p' "$COMPOSE_SRC/FloatAnimationSpec.kt"
	awk '/^class FloatSpringSpec\(/ { on = 1 } on { print } on && /^}$/ { exit }' \
	    "$COMPOSE_SRC/FloatAnimationSpec.kt" |
	    sed -e 's/^) : FloatAnimationSpec {$/) {/' -e 's/^    override fun /    fun /'
} >"$work/src/FloatSpringSpec.kt"
grep -q 'fun getDurationNanos' "$work/src/FloatSpringSpec.kt" ||
	{ echo "gen.sh: FloatSpringSpec not found" >&2; exit 1; }
kotlinc -nowarn -XXLanguage:+InlineClasses -d "$work/classes" \
    "$work/src"/*.kt "$here/Stubs.kt" "$here/Util.kt" "$here/Drive.kt" 2>"$work/kotlinc.log" ||
	{ cat "$work/kotlinc.log" >&2; exit 1; }
kotlin=$(dirname "$(readlink -f "$(command -v kotlinc)")")/../lib/kotlin-stdlib.jar
[ -f "$kotlin" ] || kotlin=/usr/share/java/kotlin-stdlib.jar

. "$here/../golden.sh"

# rows ARG... - the driver's rows with C's %.17g (awk reads them exactly)
rows() {
	java -cp "$work/classes:$kotlin" androidx.compose.animation.core.DriveKt "$@" |
	    awk -F, -v OFS=, 'NR == 1 { print; next }
	    { printf "%.17g,%.17g,%.17g,%s\n", $1, $2, $3, $4 }'
}

# case STIFFNESS RATIO X0 V0 TARGET DURATION CLOCK NAME
case_() {
	golden_write "$out/compose-$8.csv" "compose (androidx animation-core SpringSimulation.kt 13d5e2ef, SpringEstimation.kt 1d7dc4d1, FloatSpringSpec; kotlinc), native/compose/Drive.kt" \
	    "--engine compose --compose-stiffness $1 --compose-damping-ratio $2 --x0 $3 --v0 $4 --target $5" \
	    "$6" "$7" rows "$1" "$2" "$3" "$4" "$5" "$6" "$7"
}

k=157.91367041742973	# (4 pi)^2: omega 4 pi
irr=@tests/engines/frames/irregular.txt
case_ $k 0.3 0 0 1 1.5 0.033333333333333333 p1-30fps
case_ $k 0.3 0 0 1 1.5 0.016666666666666666 p1-60fps
case_ $k 0.3 0 0 1 1.5 0.0069444444444444441 p1-144fps
case_ $k 0.3 0 0 1 1.5 $irr p1-irregular
# critical and over-damped (Newton's estimates) with start velocities,
# one toward the target fast enough to cross it; Compose's default
# spring() (1500, 1) over 300 units; a bouncy spring that ends early
case_ $k 1 0 -3 1 1.5 0.016666666666666666 critical-v0-60fps
case_ $k 2 0 8 1 2 0.016666666666666666 over-v0-60fps
case_ $k 1 0 30 1 1.5 0.016666666666666666 critical-cross-60fps
case_ 1500 1 0 0 300 1 0.0069444444444444441 default-144fps
case_ 400 0.2 1 0 -1 2 0.033333333333333333 bouncy-30fps
# no damping (the estimate's Long.MAX_VALUE / 1e6 ms: it never ends);
# starting at rest on the target (duration 0: ends on the first frame);
# strongly over-damped on the irregular frames
case_ $k 0 0 0 1 1.5 0.016666666666666666 undamped-60fps
case_ $k 0.3 1 0 1 0.5 0.016666666666666666 rest-60fps
case_ $k 3 0 -5 1 1.5 $irr over-irregular
