#!/bin/sh
# gen.sh - compile androidx's dynamicanimation classes with javac (small
# stubs for android.* in stubs/) and write golden/android-*.csv by driving
# SpringAnimation with a controlled uptimeMillis (driver/).  Not run by CI
# (the goldens are committed).  To regenerate, from the repository's root:
#
#   ANDROIDX_SRC=DIR tests/engines/native/android/gen.sh [OUTDIR]
#
# DIR holds, from androidx/androidx dynamicanimation/dynamicanimation/src/
# main/java/androidx/dynamicanimation/animation/: SpringForce.java
# (fd79a569), DynamicAnimation.java (0ccdd90e), AnimationHandler.java
# (24607fc9), FrameCallbackScheduler.java (7fdba737); and the platform's
# copy of SpringAnimation.java (aosp-mirror/platform_frameworks_base
# core/java/com/android/internal/dynamicanimation/animation/, 42d96bb1),
# which this script moves back into androidx's package.  Force,
# FloatValueHolder and FloatPropertyCompat are written from their API in
# stubs/.  Needs javac and java 17.
set -eu
: "${ANDROIDX_SRC:?set ANDROIDX_SRC to the directory of the androidx sources}"
out=${1:-tests/engines/golden}
here=$(dirname "$0")
work=${TMPDIR:-/tmp}/springsim-android.$$
trap 'rm -rf "$work"' EXIT
pkg=$work/src/androidx/dynamicanimation/animation
mkdir -p "$pkg" "$work/classes" "$out"
for f in SpringForce DynamicAnimation AnimationHandler FrameCallbackScheduler; do
	cp "$ANDROIDX_SRC/$f.java" "$pkg/"
done
# the platform's SpringAnimation in androidx's package and types
sed -e 's/^package com\.android\.internal\.dynamicanimation\.animation;/package androidx.dynamicanimation.animation;/' \
    -e '/^import android\.util\.FloatProperty;/d' \
    -e 's/FloatProperty<K>/FloatPropertyCompat<K>/g' \
    -e 's/if (!isCurrentThread())/if (!getAnimationHandler().isCurrentThread())/' \
    "$ANDROIDX_SRC/SpringAnimation.java" >"$pkg/SpringAnimation.java"
javac -nowarn -d "$work/classes" $(find "$here/stubs" "$here/driver" "$work/src" -name '*.java')

. "$here/../golden.sh"

# case STIFFNESS ZETA MIN_VISIBLE X0 V0 TARGET DURATION CLOCK NAME
case_() {
	golden_write "$out/android-$9.csv" "android (androidx dynamicanimation SpringForce fd79a569, DynamicAnimation 0ccdd90e), native/android/driver" \
	    "--engine android --android-stiffness $1 --android-damping-ratio $2 --android-min-visible-change $3 --x0 $4 --v0 $5 --target $6" \
	    "$7" "$8" java -cp "$work/classes" \
	    androidx.dynamicanimation.animation.Drive "$1" "$2" "$3" "$4" "$5" \
	    "$6" "$7" "$8"
}

k=157.91367041742973	# (4 pi)^2: omega 4 pi
irr=@tests/engines/frames/irregular.txt
case_ $k 0.3 0.002 0 0 1 1.5 0.033333333333333333 p1-30fps
case_ $k 0.3 0.002 0 0 1 1.5 0.016666666666666666 p1-60fps
case_ $k 0.3 0.002 0 0 1 1.5 0.0069444444444444441 p1-144fps
case_ $k 0.3 0.002 0 0 1 1.5 $irr p1-irregular
# the pixel default (1) stops a 0 -> 1 spring early; critical, over-damped
# with a start velocity; the rest snap
case_ $k 0.3 1 0 0 1 1.5 0.016666666666666666 px-60fps
case_ $k 1 0.002 0 0 1 1.5 0.016666666666666666 critical-60fps
case_ $k 1.5 0.002 0 -4 1 1.5 0.016666666666666666 over-v0-60fps
case_ 1500 0.5 0.002 0 0 1 1.5 0.0069444444444444441 snap-144fps
