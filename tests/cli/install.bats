#!/usr/bin/env bats
# install.bats - make install and make uninstall into a temporary DESTDIR:
# the binary under test, the plot scripts as springsim-plot-*, the man
# page and the examples go in, and all of them come out again.
load helpers

REPO=$BATS_TEST_DIRNAME/../..
PREFIX=/usr/local

# mk TARGET... - make in the repository, with the build directory of the
# binary under test (already built: nothing is rebuilt), quietly, and
# without the variables of a make that may be running this suite.
mk() {
	local build
	build=$(dirname "$SPRINGSIM")
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
	    make -s -C "$REPO" BUILD="$(basename "$build")" PREFIX="$PREFIX" \
	    DESTDIR="$DEST" "$@"
}

setup() {
	DEST=$BATS_TEST_TMPDIR/dest
	# only a binary built in the repository can be installed by make
	[ "$(cd "$(dirname "$SPRINGSIM")/.." && pwd -P)" = "$(cd "$REPO" && pwd -P)" ] ||
		skip "$SPRINGSIM is not a build of this repository"
}

@test "make install puts the binary, the plot scripts, the man page and the examples under DESTDIR/PREFIX" {
	local p name
	mk install
	[ -x "$DEST$PREFIX/bin/springsim" ] || fail "no bin/springsim"
	cmp -s "$SPRINGSIM" "$DEST$PREFIX/bin/springsim" ||
		fail "bin/springsim is not the binary under test"
	"$DEST$PREFIX/bin/springsim" --version | grep -q '^springsim ' ||
		fail "the installed binary does not run"
	for p in "$REPO"/scripts/plot-*; do
		name=springsim-$(basename "$p")
		[ -x "$DEST$PREFIX/bin/$name" ] || fail "no bin/$name"
		cmp -s "$p" "$DEST$PREFIX/bin/$name" || fail "bin/$name differs"
	done
	[ -x "$DEST$PREFIX/bin/springsim-plot-trajectory" ] ||
		fail "no bin/springsim-plot-trajectory"
	[ -x "$DEST$PREFIX/bin/springsim-merge" ] &&
	    cmp -s "$REPO/scripts/merge" "$DEST$PREFIX/bin/springsim-merge" ||
		fail "no bin/springsim-merge, or not scripts/merge"
	[ ! -e "$DEST$PREFIX/bin/springsim-setup.sh" ] &&
	    [ ! -e "$DEST$PREFIX/bin/setup.sh" ] || fail "setup.sh was installed"
	cmp -s "$REPO/docs/springsim.1" "$DEST$PREFIX/share/man/man1/springsim.1" ||
		fail "no man page"
	for p in "$REPO"/examples/*; do
		cmp -s "$p" "$DEST$PREFIX/share/doc/springsim/examples/$(basename "$p")" ||
			fail "example $(basename "$p") not installed"
	done
	# nothing outside PREFIX
	[ "$(ls -A "$DEST")" = usr ] && [ "$(ls -A "$DEST/usr")" = local ] ||
		fail "installed outside $PREFIX: $(find "$DEST" -maxdepth 2)"
}

@test "the installed man page renders, and the plot script answers --help" {
	mk install
	if command -v mandoc >/dev/null 2>&1; then
		mandoc -Tascii "$DEST$PREFIX/share/man/man1/springsim.1" |
		    sed 's/.\x08//g' | grep -q -- '--force' ||
			fail "the man page does not render"
	fi
	run "$DEST$PREFIX/bin/springsim-plot-trajectory" --help
	assert_success
	assert_output --partial "usage: plot-trajectory"
}

@test "make install twice is harmless; make uninstall removes every file it installed" {
	mk install
	mk install
	find "$DEST" -type f | sort >"$BATS_TEST_TMPDIR/installed"
	[ -s "$BATS_TEST_TMPDIR/installed" ] || fail "nothing installed"
	mk uninstall
	local left
	left=$(find "$DEST" -type f)
	[ -z "$left" ] || fail "left after uninstall: $left"
	[ ! -e "$DEST$PREFIX/share/doc/springsim" ] ||
		fail "share/doc/springsim left behind"
	# and again, on nothing: not an error
	mk uninstall
}
