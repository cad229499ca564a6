#!/bin/sh
# samemath.sh LIBC.a OUT.a OBJECT... - write OUT.a, the objects of musl's
# static libc (Debian's musl-dev 1.2.3: /usr/lib/x86_64-linux-musl/libc.a)
# that define the libm functions the OBJECTs call, with everything those
# need of musl's math internals, so that the native build computes exp,
# sin, pow... with the same C code (musl's src/math/*.c) as the wasm32-wasi
# build, whose wasi-libc libm is musl's: the same bits on both.
#
# Left out, to the platform's libm: the functions whose result IEEE 754
# and C's Annex F fix to the bit (sqrt, fma, floor, fmod, ldexp,
# nextafter...): every libm gives the same bits, and glibc's are faster
# (fma in hardware where musl's x86_64 fma.c is software without -mfma).
#
# Fails, naming the symbol, if the closure reaches anything that is not
# math: errno, stdio, malloc or any other part of musl's libc would be a
# second C library in the program.  The one exception is
# __stack_chk_fail (Debian builds musl with -fstack-protector): the
# platform's C library defines it with the same ABI (x86_64's canary at
# %fs:0x28 in both glibc and musl).
set -eu
[ $# -ge 3 ] || { echo "usage: samemath.sh LIBC.a OUT.a OBJECT..." >&2; exit 2; }
libc=$1 out=$2
case $libc in /*) ;; *) libc=$PWD/$libc ;; esac
shift 2
NM=${NM:-nm}
AR=${AR:-ar}
tmp=$out.d
rm -rf "$tmp" "$out"
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT

# musl's math.h, beside its libc.a (.../lib/TRIPLE/libc.a ->
# .../include/TRIPLE/math.h): every name it declares is math
inc=$(dirname "$(dirname "$(dirname "$libc")")")/include/$(basename "$(dirname "$libc")")
[ -f "$inc/math.h" ] || { echo "samemath: no $inc/math.h beside $libc" >&2; exit 1; }
grep -oE '\<[a-z][a-z0-9_]*[[:space:]]*\(' "$inc/math.h" | tr -d ' \t(' |
    sort -u >"$tmp/math"
# the exactly rounded ones, left to the platform (see above)
printf '%s\n' fabs fabsf sqrt sqrtf fma fmaf floor floorf ceil ceilf \
    trunc truncf round roundf lround llround rint rintf lrint llrint \
    nearbyint nearbyintf fmin fminf fmax fmaxf fdim fmod fmodf remainder \
    remquo frexp frexpf ldexp ldexpf scalbn scalbnf scalbln ilogb logb \
    modf copysign copysignf nextafter nextafterf nexttoward |
    sort -u >"$tmp/exact"
# "member symbol" for every global musl's libc.a defines
"$NM" -A -g --defined-only "$libc" 2>/dev/null |
    awk 'NF >= 3 { n = split($1, p, ":"); print p[n - 1], $NF }' |
    sort -k2 >"$tmp/defs"
# math: a name math.h declares, or musl's math internals (src/math/:
# __math_oflow and its kin, the tables __exp_data..., the kernels __sin,
# __cos, __tan, __rem_pio2*, __expo2)
ismath() {
	grep -qx "$1" "$tmp/math" ||
	    printf '%s\n' "$1" | grep -qE '^__(math_[a-z]+|[a-z0-9_]+_data|sin|cos|tan|sindf|cosdf|tandf|rem_pio2[a-z_]*|expo2f?)$'
}

# the seeds: math names the objects call, musl defines and are not exact
"$NM" -u "$@" | awk 'NF == 2 { print $2 }' | sort -u >"$tmp/und"
todo=$(comm -12 "$tmp/und" "$tmp/math" | comm -23 - "$tmp/exact")
members=""
seen=" "
while [ -n "$todo" ]; do
	next=""
	for s in $todo; do
		case $seen in *" $s "*) continue ;; esac
		seen="$seen$s "
		grep -qx "$s" "$tmp/exact" && continue
		[ "$s" = __stack_chk_fail ] && continue
		m=$(awk -v s="$s" '$2 == s { print $1; exit }' "$tmp/defs")
		if [ -z "$m" ] || ! ismath "$s"; then
			echo "samemath: musl's math needs $s${m:+ ($m)}, which is" \
			    "not math: refusing to link a second C library" >&2
			exit 1
		fi
		case " $members " in *" $m "*) continue ;; esac
		members="$members $m"
		(cd "$tmp" && "$AR" x "$libc" "$m")
		next="$next $("$NM" -u "$tmp/$m" | awk 'NF == 2 { print $2 }' | tr '\n' ' ')"
	done
	todo=$next
done
[ -n "$members" ] || { echo "samemath: no libm function to take" >&2; exit 1; }
# shellcheck disable=SC2086
(cd "$tmp" && "$AR" rcs "$(basename "$out")" $members)
mv "$tmp/$(basename "$out")" "$out"
echo "samemath: $out: musl's$(printf ' %s' $members | sed 's/\.lo//g')"
