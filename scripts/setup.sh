#!/bin/sh
# setup.sh - install what springsim needs on Debian, then build it.
# As root it installs the missing packages with apt-get; otherwise it
# prints the exact apt-get line to run and stops.
set -eu
cd "$(dirname "$0")/.."
# parallel: the sweep sharding recipe (tests/cli/sweep-recipes.bats)
packages="gcc make libc6-dev libcsv-dev gnuplot-nox bats bats-assert bats-support valgrind parallel"
missing=""
for p in $packages; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
	    missing="$missing $p"
done
if [ -n "$missing" ]; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "springsim setup: missing packages; as root, run:" >&2
		echo "  apt-get update && apt-get install -y$missing" >&2
		exit 1
	fi
	echo "setup: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q
	# shellcheck disable=SC2086
	apt-get install -y -q $missing
fi
make
