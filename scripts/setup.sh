#!/bin/sh
# setup.sh [test | bench | web] - install what springsim needs on Debian,
# then build it.
# Without an argument: what the program, make demo and make test need.
# With test: also what make check needs (the C++ and pkg-config check of
# the installed library, the aarch64 cross build under qemu, and the
# scale-out recipes' Slurm and sshd), which a user who only wants the
# program should not get on their machine.
# With web: also what make web needs (the page, docs/web.md: clang, lld
# and wasi-libc for wasm32-wasi); test includes it, and the browser the
# page's tests run in, with their npm package (tests/web).
# With bench: also the peers make bench and make bench-dtoa measure
# springsim beside (NumPy; Dragonbox and double-conversion).
# As root it installs the missing packages with apt-get; otherwise it
# prints the exact apt-get line to run and stops (the scale-out tests'
# packages are not needed to build, and are only named).
set -eu
cd "$(dirname "$0")/.."
case ${1:-} in
"") check=0 ;;
test) check=1 ;;
bench) check=2 ;;
web) check=3 ;;
*) echo "usage: sh scripts/setup.sh [test | bench | web]" >&2; exit 2 ;;
esac
# parallel: the sweep sharding recipes (tests/cli/sweep-recipes.bats)
# g++, pkg-config: a C++ program built against the installed library
# (tests/cli/install.bats)
packages="gcc make libc6-dev libcsv-dev gnuplot-nox bats bats-assert bats-support valgrind parallel"
packages="$packages g++ pkg-config"
# jq: the registry's tests and make man-lists read springsim list --json
packages="$packages jq"
# libcminpack-dev: springsim fit's least squares (MINPACK lmder)
packages="$packages libcminpack-dev"
# musl-dev: musl's libm objects (its libc.a), which the build links
# before -lm so that its numbers are the wasm32-wasi build's (Makefile's
# SAMEMATH; without it the platform's libm, and make says so)
packages="$packages musl-dev"
scaleout=""
# clang, lld, wasi-libc, libclang-rt-dev-wasm32: make web (springsim
# built for wasm32-wasi with Debian's toolchain)
web="clang lld wasi-libc libclang-rt-dev-wasm32"
[ "$check" -eq 3 ] && packages="$packages $web"
if [ "$check" -eq 2 ]; then
	# python3-numpy: make bench's NumPy peer (bench/sweep_numpy.py, run
	# by /usr/bin/python3); time: its peak RSS (/usr/bin/time -f %M);
	# libdragonbox-dev, libdouble-conversion-dev: make bench-dtoa's
	# shortest-digits libraries (bench/dtoa_libs.cc)
	packages="$packages python3-numpy time libdragonbox-dev"
	packages="$packages libdouble-conversion-dev"
fi
if [ "$check" -eq 1 ]; then
	# gcc-aarch64-linux-gnu, qemu-user, libcsv-dev:arm64: make
	# cross-aarch64 (the unit tests built for aarch64 and run emulated)
	packages="$packages gcc-aarch64-linux-gnu qemu-user libcsv-dev:arm64"
	# mandoc: the man page's lint (mandoc -Tlint, sweep-recipes.bats)
	packages="$packages mandoc"
	# clang: make portable-build (the library without GCC's vectors,
	# built by another compiler)
	packages="$packages clang"
	# the page (make web) and its browser tests (tests/cli/web.bats):
	# Debian's chromium-headless-shell, driven by playwright-core from
	# npm (tests/web/package-lock.json; npm ci below), and node; $web
	# and node also build and run tests/cli/samemath.bats's wasm32-wasi probe
	packages="$packages $web chromium-headless-shell"
	command -v node >/dev/null || packages="$packages nodejs npm"
	# the scale-out recipes' engines (tests/cli/scale-out.bats starts
	# them by hand): a one-node Slurm cluster and a loopback sshd;
	# without their recommendations (openssh-server's would bring
	# systemd's PAM module)
	scaleout="slurmctld slurmd slurm-client munge openssh-server openssh-client"
fi

# missing PACKAGE... - those of the PACKAGEs not installed
missing() {
	for p; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		    printf ' %s' "$p"
	done
}
# shellcheck disable=SC2086
miss=$(missing $packages)
# shellcheck disable=SC2086
miss_so=$(missing $scaleout)
# libcsv-dev:arm64 comes from Debian's arm64 archive (multiarch)
arch=""
case $miss in
*:arm64*) dpkg --print-foreign-architectures | grep -qx arm64 ||
	    arch="dpkg --add-architecture arm64 && " ;;
esac
if [ "$(id -u)" -ne 0 ]; then
	if [ -n "$miss" ]; then
		echo "springsim setup: missing packages; as root, run:" >&2
		echo "  ${arch}apt-get update && apt-get install -y$miss" >&2
		exit 1
	fi
	# optional: their tests need root anyway, and skip without
	[ -z "$miss_so" ] ||
		echo "springsim setup: the scale-out tests need root and$miss_so" >&2
elif [ -n "$miss$miss_so" ]; then
	echo "setup: installing$miss$miss_so"
	export DEBIAN_FRONTEND=noninteractive
	[ -z "$arch" ] || dpkg --add-architecture arm64
	apt-get update -q
	# shellcheck disable=SC2086
	[ -z "$miss" ] || apt-get install -y -q $miss
	# shellcheck disable=SC2086
	[ -z "$miss_so" ] || apt-get install -y -q --no-install-recommends $miss_so
fi
make
# the browser tests' npm package, as pinned (no browser is downloaded:
# playwright-core has none, and the tests use /usr/bin's)
if [ "$check" -eq 1 ] && [ ! -d tests/web/node_modules ]; then
	(cd tests/web && npm ci --no-audit --no-fund) ||
	    echo "springsim setup: npm ci in tests/web failed: the browser tests will skip" >&2
fi
