#!/bin/sh
# ci-gate.sh - fail the build when one of the team's springs, stepped by
# any update rule at 30 fps, drifts more than 1 % from the exact spring.
#
# Keep it next to the game code and run it in CI:
#
#   sh examples/ci-gate.sh > springs.csv          # the default springs
#   sh examples/ci-gate.sh 12.566370614359172:0.3 40:0.7 > springs.csv
#   CI_GATE_RULES=exact,rk4 sh examples/ci-gate.sh > springs.csv
#   CI_GATE_SPRINGS_CSV=springs-in.csv sh examples/ci-gate.sh > out.csv
#
# Every configuration (spring x rule) is one CSV row on stdout, the row
# `springsim run --metrics` writes for it plus the swept columns (uaf, dr,
# ...).  The rows that fail, the first 20 and then a count, go to stderr,
# one line each naming the configuration.
#
# The springs, as UAF:DR pairs (omega in rad/s : damping ratio zeta,
# Studio Gobo's convention, springsim's --uaf and --dr), from the
# arguments, else from $CI_GATE_SPRINGS (whitespace-separated), else the
# defaults below.  $CI_GATE_SPRINGS_CSV instead names a CSV file in
# `springsim sweep --grid-from` form: a header of run options in any one
# convention (uaf,dr or halflife,dr or halflife,frequency ...) and one
# spring per row.
#
# Environment:
#   SPRINGSIM            the springsim to run (default: springsim on PATH)
#   CI_GATE_RULES        --integrator: all (default) or a comma list
#   CI_GATE_DT           the frame time (default 0.03333333333333333,
#                        the double nearest 1/30 s, i.e. 1.0/30 in C:
#                        60 frames in 2 s)
#   CI_GATE_DURATION     the simulated time, s (default 2)
#   CI_GATE_TOLERANCE    the drift allowed, a fraction of the distance
#                        moved (default 0.01, 1 %)
#   CI_GATE_SPRINGS, CI_GATE_SPRINGS_CSV   the springs (above)
#
# Exit status: 0 every configuration within the tolerance, 3 at least one
# drifts or diverges (all rows still on stdout), 2 a bad argument or a
# spring that is no valid run (nothing on stdout), 1 an I/O error.
#
# What "drifts more than 1 %" means.  Every spring moves from x0 = 0 to
# a target at 1 (pinned below, whatever springsim's defaults become), a
# unit step, so the distance |x0 - target| is 1 and springsim's max_err_x,
# the largest |x - x_ref| over every frame (t = 0 included) between the
# rule's spring and the exact one sampled at the same frames, is already a
# fraction of that distance.  A configuration drifts when
#
#   max_err_x > 0.01 x |x0 - target| = 0.01      (--fail-if 'max_err_x > 0.01')
#
# that is, when on some frame the player sees the spring more than 1 % of
# the way it travels away from where the spring it was tuned as would
# be.  It is the largest error, not the RMS or the final one: a spring
# that is wrong for a few frames of its overshoot and then settles onto
# the target is still wrong on screen, and every spring settles onto the
# target in the end.  Not energy_drift: energy goes as the square of the
# offset, so 1 % of energy is 0.5 % of amplitude, and a rule can lose
# energy (too much damping) while staying close.
#
# A second gate, --fail-if 'diverged == 1', catches the run that blows up:
# springsim stops it at the frame it diverges and does not measure that
# frame, so a spring that explodes within its first frames can stop with
# a small max_err_x (0 if it diverges on frame 1); diverged == 1 fails it
# whatever its error.  The gates are or-ed: a row failing either fails.
set -u

springsim=${SPRINGSIM:-springsim}
rules=${CI_GATE_RULES:-all}
dt=${CI_GATE_DT:-0.03333333333333333}
duration=${CI_GATE_DURATION:-2}
tol=${CI_GATE_TOLERANCE:-0.01}

# The team's springs, UAF:DR (omega rad/s : zeta):
#   12.566370614359172:0.3  the UI pop, 2 Hz, bouncy (springsim's default)
#   6:1                     the follow camera, critically damped
#   10:0.5                  the character's lean into a turn
#   40:0.7                  the weapon's recoil return, stiff
default_springs='12.566370614359172:0.3 6:1 10:0.5 40:0.7'

usage() {
	echo "usage: ci-gate.sh [UAF:DR]...  (see the comments at its top)" >&2
	exit 2
}

case ${1:-} in
-h | --help)
	sed -n '2,/^set -u$/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
	exit 0
	;;
-*) usage ;;
esac

if ! command -v "$springsim" >/dev/null 2>&1; then
	echo "ci-gate.sh: springsim not found: install it, or set SPRINGSIM" >&2
	exit 2
fi

tmp=$(mktemp "${TMPDIR:-/tmp}/ci-gate.XXXXXX") || exit 1
trap 'rm -f "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ $# -eq 0 ] && [ -n "${CI_GATE_SPRINGS_CSV:-}" ]; then
	cat -- "$CI_GATE_SPRINGS_CSV" >"$tmp" || exit 2
else
	set -f	# the list is split on blanks, never globbed
	# shellcheck disable=SC2086
	[ $# -gt 0 ] || set -- ${CI_GATE_SPRINGS:-$default_springs}
	[ $# -gt 0 ] || usage
	echo 'uaf,dr' >"$tmp" || exit 1
	for s in "$@"; do
		case $s in
		*:*:* | :* | *: | *,*) usage ;;
		*:*) ;;
		*) usage ;;
		esac
		# springsim checks the numbers themselves (exit 2, one line)
		echo "${s%%:*},${s#*:}" >>"$tmp" || exit 1
	done
fi

# The rows are one axis (--grid-from), every rule the other, the rule
# varying fastest: a spring's rules are consecutive rows.
"$springsim" sweep --quiet --x0 0 --v0 0 --target 1 --target-vel 0 \
    --dt "$dt" --duration "$duration" --grid-from "$tmp" \
    --integrator "$rules" \
    --fail-if "max_err_x > $tol" --fail-if 'diverged == 1'
status=$?
case $status in
0) echo "ci-gate.sh: ok: every configuration within $tol of the distance at dt $dt" >&2 ;;
3) echo "ci-gate.sh: FAIL: the configurations above drift more than $tol of the distance from the exact spring, or diverge, at dt $dt" >&2 ;;
esac
exit "$status"
