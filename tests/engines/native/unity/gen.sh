#!/bin/sh
# gen.sh - compile Unity's Mathf.SmoothDamp from UnityCsReference's C#
# source with Debian's mono-mcs, run it on mono (float arithmetic as mono
# does it) on a controlled clock (Drive.cs), and write
# golden/unity-*.csv.  Unity's reference source is licensed for reading,
# not redistribution: it is not in this repository; this script copies
# the four members SmoothDamp uses (Max(float, float), Infinity,
# Clamp(float, float, float) and SmoothDamp(..., maxSpeed, deltaTime)),
# unchanged, out of Mathf.cs at generation time.  From the repository's
# root:
#
#   UNITY_SRC=FILE tests/engines/native/unity/gen.sh [OUTDIR]
#
# FILE is Runtime/Export/Math/Mathf.cs of Unity-Technologies/
# UnityCsReference (d253e09a read here), or a checkout holding it.
# Needs mcs and mono (Debian: mono-mcs, mono-runtime).
set -eu
: "${UNITY_SRC:?set UNITY_SRC to the Mathf.cs of UnityCsReference (or its checkout)}"
out=${1:-tests/engines/golden}
here=$(dirname "$0")
src=$UNITY_SRC
[ -d "$src" ] && src=$src/Runtime/Export/Math/Mathf.cs
work=${TMPDIR:-/tmp}/springsim-unity.$$
trap 'rm -rf "$work"' EXIT
mkdir -p "$work" "$out"

# Mathf's members as written; the DefaultValue attribute's class is the
# one thing of UnityEngine.Internal the method's signature names
{
	echo 'namespace UnityEngine.Internal {'
	echo '	public class DefaultValueAttribute : System.Attribute {'
	echo '		public DefaultValueAttribute(string value) { }'
	echo '	}'
	echo '}'
	echo 'namespace UnityEngine {'
	echo 'using System;'
	echo 'using uei = UnityEngine.Internal;'
	echo 'public partial struct Mathf {'
	awk '
	/public static float Max\(float a, float b\) =>/ ||
	/public const float Infinity = / ||
	/public static float Clamp\(float value, float min, float max\) =>/ { print; next }
	/public static float SmoothDamp\(float current, float target, ref float currentVelocity, float smoothTime, \[uei\.DefaultValue/ { on = 1 }
	on { print }
	on && /^        }$/ { on = 0; n++ }
	END { if (n != 1) { print "gen.sh: SmoothDamp not found once" > "/dev/stderr"; exit 1 } }
	' "$src"
	echo '}'
	echo '}'
} >"$work/Mathf.cs"
[ "$(grep -c 'public' "$work/Mathf.cs")" -ge 6 ] ||
	{ echo "gen.sh: Mathf's members not found in $src" >&2; exit 1; }
mcs -nologo -optimize+ -out:"$work/drive.exe" "$work/Mathf.cs" "$here/Drive.cs"

. "$here/../golden.sh"

# rows TIME... - the driver's rows with C's %.17g (awk reads them exactly)
rows() {
	mono "$work/drive.exe" "$@" | awk -F, -v OFS=, 'NR == 1 { print; next }
	    { printf "%.17g,%.17g,%.17g,%s\n", $1, $2, $3, $4 }'
}

# case SMOOTH_TIME MAX_SPEED X0 V0 TARGET DURATION CLOCK NAME
case_() {
	ms=
	[ "$2" = inf ] || ms=" --unity-max-speed $2"
	golden_write "$out/unity-$8.csv" "unity (UnityCsReference d253e09a Runtime/Export/Math/Mathf.cs SmoothDamp, mcs + mono), native/unity/Drive.cs" \
	    "--engine unity --unity-smooth-time $1$ms --x0 $3 --v0 $4 --target $5" \
	    "$6" "$7" rows "$1" "$2" "$3" "$4" "$5" "$6" "$7"
}

T=0.15915494309189535	# 2 / (4 pi): omega 4 pi
irr=@tests/engines/frames/irregular.txt
case_ $T inf 0 0 1 1.5 0.033333333333333333 p1-30fps
case_ $T inf 0 0 1 1.5 0.016666666666666666 p1-60fps
case_ $T inf 0 0 1 1.5 0.0069444444444444441 p1-144fps
case_ $T inf 0 0 1 1.5 $irr p1-irregular
# maxSpeed clamps the distance the spring sees; a start velocity away from
# the target; one toward it fast enough to overshoot (the clamp fires);
# downward; frames of 0.5 s, past Time.maximumDeltaTime
case_ 0.3 2 0 0 5 2 0.016666666666666666 maxspeed-60fps
case_ $T inf 0 -3 1 1.5 0.016666666666666666 v0-away-60fps
case_ $T inf 0 20 1 1.5 0.016666666666666666 overshoot-60fps
case_ 0.5 inf 2 0 -1 2 0.033333333333333333 down-30fps
case_ $T inf 0 0 1 3 0.5 cap-2fps
# the irregular frames with maxSpeed and a start velocity
case_ 0.25 3 0 4 2 1.5 $irr maxspeed-v0-irregular
