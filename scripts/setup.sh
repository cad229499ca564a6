#!/bin/sh
# setup.sh - install what springsim needs on Debian, then build it.
# As root it installs the missing packages with apt-get; otherwise it
# prints the exact apt-get line to run and stops.
set -eu
cd "$(dirname "$0")/.."
# parallel: the sweep sharding recipe (tests/cli/sweep-recipes.bats)
# g++, pkg-config: a C++ program built against the installed library
# (tests/cli/install.bats)
# gcc-aarch64-linux-gnu, qemu-user, libcsv-dev:arm64: make cross-aarch64
# (the unit tests built for aarch64 and run emulated; part of make check)
packages="gcc make libc6-dev libcsv-dev gnuplot-nox bats bats-assert bats-support valgrind parallel"
packages="$packages g++ pkg-config gcc-aarch64-linux-gnu qemu-user libcsv-dev:arm64"
missing=""
for p in $packages; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
	    missing="$missing $p"
done
# libcsv-dev:arm64 comes from Debian's arm64 archive (multiarch)
arch=""
case $missing in
*:arm64*) dpkg --print-foreign-architectures | grep -qx arm64 ||
	    arch="dpkg --add-architecture arm64 && " ;;
esac
if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "springsim setup: missing packages; as root, run:" >&2
		echo "  ${arch}apt-get update && apt-get install -y$missing" >&2
		exit 1
	fi
	echo "setup: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	[ -z "$arch" ] || dpkg --add-architecture arm64
	apt-get update -q
	# shellcheck disable=SC2086
	apt-get install -y -q $missing
fi
make
