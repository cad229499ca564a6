#!/bin/sh
# gallery.sh [--sums] [BIN] - regenerate the gallery under examples/
# (make plots) with the plot scripts a user calls, and examples/gallery.sums:
# for each picture, the sha256 of the data it is drawn from, that is of
# every springsim command the plot script ran and what it printed.
#
# --sums: draw nothing; print the sums gallery.sums would hold, from the
# same springsim runs (gnuplot replaced by a stand-in that reads its
# script and writes nothing, so it need not be installed).
# tests/cli/doctest.bats compares them with the committed gallery.sums: a
# picture whose data springsim no longer gives fails there, until
# `make plots` has redrawn it (look at it) and both are committed.
set -eu
sums=
[ "${1:-}" = --sums ] && { sums=1; shift; }
bin=${1:-build/springsim}
cd "$(dirname "$0")/.."
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
[ -x "$bin" ] || { echo "gallery.sh: no springsim at $bin" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# springsim as the plot scripts see it: the real one, each command and
# its output also appended to $GALLERY_LOG (stderr passes through)
cat >"$tmp/springsim" <<EOF
#!/bin/sh
out=\$(mktemp) || exit 1
rc=0
"$bin" "\$@" >"\$out" || rc=\$?
{ printf '\$ springsim'
  # a file a plot script made in its own temporary directory has another
  # name each run: logged by its contents (an absolute path: a "1" is a
  # number, whatever file of that name the working directory has)
  for a in "\$@"; do
	case \$a in
	/*) if [ -f "\$a" ]; then printf ' <file %s>' "\$(sha256sum <"\$a" | cut -c1-16)"
	    else printf ' %s' "\$a"; fi ;;
	*) printf ' %s' "\$a" ;;
	esac
  done
  printf '\n'; cat "\$out"
  printf 'status %s\n' "\$rc"; } >>"\$GALLERY_LOG"
cat "\$out"
rm -f "\$out"
exit \$rc
EOF
chmod +x "$tmp/springsim"
SPRINGSIM=$tmp/springsim
export SPRINGSIM
if [ -n "$sums" ]; then
	mkdir "$tmp/fake"
	printf '#!/bin/sh\ncat >/dev/null\n' >"$tmp/fake/gnuplot"
	chmod +x "$tmp/fake/gnuplot"
	PATH=$tmp/fake:$PATH
	dest=$tmp
else
	dest=examples
fi

# pic NAME SCRIPT ARGS... - draw $dest/NAME.png with scripts/SCRIPT,
# springsim's part logged in $tmp/NAME.data
pic() {
	name=$1 script=$2
	shift 2
	GALLERY_LOG=$tmp/$name.data
	export GALLERY_LOG
	: >"$GALLERY_LOG"
	if [ -n "$sums" ]; then
		sh "scripts/$script" -o "$dest/$name.png" "$@" >/dev/null
	else
		sh "scripts/$script" -o "$dest/$name.png" "$@"
	fi
}

pic compare plot-compare \
    --title "four rules at dt = 0.033 s against the exact spring" \
    --vary integrator=explicit,semi-implicit,implicit,exact -- --dt 0.033
pic error plot-error --log \
    --title "|x - x_ref| at dt = 0.033 s: each order buys digits" \
    --vary integrator=explicit,semi-implicit,verlet,rk4,exact -- --dt 0.033
pic fps plot-fps --fps 20,30,60,144 \
    --title "semi-implicit Euler at four frame rates" -- --model semi-implicit
pic stability plot-stability
pic convergence plot-convergence --dt-max 0.025 \
    --title "max |x - x_ref| against dt: the slope is the order" \
    -- --duration 1 --target-vel 0.5
pic work-precision plot-work-precision --dt-max 0.025 \
    --title "max |x - x_ref| against evaluations of the acceleration" \
    -- --duration 1 --target-vel 0.5
pic sweep plot-sweep --logx --logz \
    --title "semi-implicit Euler at dt = 0.033 s: max |x - x_ref| over omega and zeta" \
    --curve '(4 - (x*0.033)**2) / (4*x*0.033)' \
    --curve-title 'Nissen: (omega dt)^2 + 4 zeta omega dt = 4' \
    -- --integrator semi-implicit --dt 0.033 --uaf 1:100:80log --dr 0:2:41
pic nissen plot-limits \
    --title "Nissen's safe limit 1/(n+1) against the largest stable Ck (Cd = Ck), per rule"
pic tune plot-tune --duration 1 \
    --title "semi-implicit Euler at 30 fps, before and after springsim tune --match response" \
    -- --uaf 20 --dr 0.3 --integrator semi-implicit --fps 30 --match response
# a capture: omega 9, zeta 0.2 from (0.3, -1) toward 1.2, 300 samples 6 ms
# apart, Gaussian noise of sd 0.01 (awk's seeded rand, Box-Muller: one
# awk's numbers are not another's, so --sums reads the committed file)
[ -n "$sums" ] || awk 'BEGIN { srand(3); pi = atan2(0, -1); w = 9; z = 0.2; wd = w * sqrt(1 - z*z)
	print "t,x"
	for (i = 0; i < 300; i++) { t = i * 0.006
		e = exp(-z*w*t) * (-0.9 * cos(wd*t) + (-1 - 0.9*z*w) / wd * sin(wd*t))
		u = rand(); if (u < 1e-300) u = 1e-300
		printf "%.17g,%.17g\n", t, 1.2 + e + 0.01 * sqrt(-2*log(u)) * cos(2*pi*rand()) } }' \
    > examples/capture.csv
pic fit plot-fit -- examples/capture.csv
pic engines plot-compare \
    --title "five libraries' springs at 30 fps against the exact spring (omega 4 pi, zeta 0.3)" \
    --vary engine=react-spring,rebound,svelte,box2d,android \
    -- --dt 0.03333333333333333 --duration 1.5
# the README's first recipe: a library's spring at three frame rates
pic react-spring-fps plot-fps --fps 30,60,144 \
    --title "react-spring (tension 170, friction 26) at 30, 60 and 144 fps" \
    -- --engine react-spring --react-tension 170 --react-friction 26 \
    --duration 1
# make demo's picture (examples/demo.sh), the same command
pic implicit plot-trajectory \
    --title "implicit (Stable PD) at dt = 0.033 s vs the exact spring" \
    -- --model implicit --dt 0.033

for name in compare error fps stability convergence work-precision sweep \
    nissen implicit tune fit engines react-spring-fps; do
	printf '%s  %s.png\n' "$(sha256sum <"$tmp/$name.data" | cut -d' ' -f1)" "$name"
done >"$tmp/sums"
if [ -n "$sums" ]; then
	cat "$tmp/sums"
else
	mv "$tmp/sums" examples/gallery.sums
	echo "gallery.sh: wrote examples/gallery.sums"
fi
