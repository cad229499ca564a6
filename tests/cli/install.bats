#!/usr/bin/env bats
# install.bats - make install and make uninstall into a temporary DESTDIR:
# the binary under test, the plot scripts as springsim-plot-*, the man
# page, the examples and the library (libspring.a, libspring.so.VERSION
# with its soname's and -lspring's symlinks, its headers, springsim.pc) go
# in, and all of them come out again; a C and a C++ program build against
# the installed library with pkg-config alone, linked with the shared
# library and with the static one.
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
	# installed, it calls itself by its installed name
	assert_output --partial "usage: springsim-plot-trajectory"
}

@test "make install twice is harmless; make uninstall removes every file it installed" {
	mk install
	mk install
	find "$DEST" -type f | sort >"$BATS_TEST_TMPDIR/installed"
	[ -s "$BATS_TEST_TMPDIR/installed" ] || fail "nothing installed"
	mk uninstall
	local left
	left=$(find "$DEST" ! -type d)
	[ -z "$left" ] || fail "left after uninstall: $left"
	[ ! -e "$DEST$PREFIX/share/doc/springsim" ] ||
		fail "share/doc/springsim left behind"
	# and again, on nothing: not an error
	mk uninstall
}

# version - SPRING_VERSION, from the header.
version() {
	sed -n 's/^#define SPRING_VERSION "\(.*\)"$/\1/p' \
	    "$REPO/include/spring/core.h"
}

@test "make install puts libspring.a, libspring.so.*, its headers and springsim.pc under DESTDIR/PREFIX" {
	local build h v lib
	build=$(dirname "$SPRINGSIM")
	v=$(version)
	lib=$DEST$PREFIX/lib
	mk install
	cmp -s "$build/libspring.a" "$lib/libspring.a" ||
		fail "lib/libspring.a is not the build's"
	# the shared library under its full version, the soname (SPRING_ABI,
	# the stable core's ABI, read from the header) and -lspring's name
	# symlinks to it
	local abi
	abi=$(sed -n 's/^#define SPRING_ABI \([0-9]*\)$/\1/p' "$REPO/include/spring.h")
	[ -n "$abi" ] || fail "no SPRING_ABI in include/spring.h"
	[ -f "$lib/libspring.so.$v" ] && [ ! -L "$lib/libspring.so.$v" ] ||
		fail "no lib/libspring.so.$v"
	cmp -s "$build/libspring.so.$v" "$lib/libspring.so.$v" ||
		fail "lib/libspring.so.$v is not the build's"
	[ "$(readlink "$lib/libspring.so.$abi")" = "libspring.so.$v" ] ||
		fail "lib/libspring.so.$abi is not a symlink to libspring.so.$v"
	[ "$(readlink "$lib/libspring.so")" = "libspring.so.$abi" ] ||
		fail "lib/libspring.so is not a symlink to libspring.so.$abi"
	readelf -d "$lib/libspring.so.$v" |
	    grep -q "(SONAME).*\[libspring\.so\.$abi\]" ||
		fail "soname: $(readelf -d "$lib/libspring.so.$v" | grep SONAME)"
	cmp -s "$REPO/include/spring.h" "$DEST$PREFIX/include/spring.h" ||
		fail "no include/spring.h"
	for h in "$REPO"/include/spring/*.h; do
		cmp -s "$h" "$DEST$PREFIX/include/spring/$(basename "$h")" ||
			fail "include/spring/$(basename "$h") not installed"
	done
	# the library's private headers stay in the source tree
	[ ! -e "$DEST$PREFIX/include/internal.h" ] &&
	    [ ! -e "$DEST$PREFIX/include/spring/internal.h" ] ||
		fail "internal.h was installed"
	grep -qx "prefix=$PREFIX" "$DEST$PREFIX/lib/pkgconfig/springsim.pc" ||
		fail "springsim.pc does not name PREFIX"
}

# cc_flags - what a program linked with this build's libspring.a needs
# besides pkg-config's flags: the sanitizers' runtime when the build is
# make sanitize's.
cc_flags() {
	if nm "$(dirname "$SPRINGSIM")/libspring.a" 2>/dev/null |
	    grep -q __asan_; then
		echo -fsanitize=address,undefined
	fi
}

@test "a C and a C++ program build against the installed library with pkg-config, and find the closed forms" {
	local flags static san version p
	command -v pkg-config >/dev/null ||
		fail "no pkg-config (scripts/setup.sh installs it)"
	command -v g++ >/dev/null || fail "no g++ (scripts/setup.sh installs it)"
	# a real PREFIX, no DESTDIR: springsim.pc's paths are where the files are
	PREFIX=$BATS_TEST_TMPDIR/prefix
	DEST=
	mk install
	export PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig
	flags=$(pkg-config --cflags --libs springsim) ||
		fail "pkg-config does not find springsim"
	# the static library, asked for by name (-lspring alone takes the
	# shared one)
	static="$(pkg-config --cflags --libs-only-L springsim) -Wl,-Bstatic -lspring -Wl,-Bdynamic -lm"
	san=$(cc_flags)
	version=$(version)
	[ "$(pkg-config --modversion springsim)" = "$version" ] ||
		fail "springsim.pc's version is not SPRING_VERSION ($version)"
	# shellcheck disable=SC2086
	cc -std=c11 -Wall -Wextra -pedantic -Werror $san \
	    -o "$BATS_TEST_TMPDIR/embed-c" "$REPO/tests/embed/embed.c" $flags ||
		fail "the C program does not build"
	# shellcheck disable=SC2086
	cc -std=c11 -Wall -Wextra -pedantic -Werror $san \
	    -o "$BATS_TEST_TMPDIR/embed-c-static" "$REPO/tests/embed/embed.c" \
	    $static || fail "the C program does not build with libspring.a"
	# shellcheck disable=SC2086
	g++ -std=c++11 -Wall -Wextra -pedantic -Werror $san \
	    -o "$BATS_TEST_TMPDIR/embed-cxx" "$REPO/tests/embed/embed.cc" \
	    $flags || fail "the C++ program does not build"
	# shellcheck disable=SC2086
	g++ -std=c++11 -Wall -Wextra -pedantic -Werror $san \
	    -o "$BATS_TEST_TMPDIR/embed-cxx-static" \
	    "$REPO/tests/embed/embed.cc" $static ||
		fail "the C++ program does not build with libspring.a"
	for p in embed-c embed-cxx; do
		# linked with the shared library, by its soname
		readelf -d "$BATS_TEST_TMPDIR/$p" |
		    grep -q '(NEEDED).*\[libspring\.so\.0\]' ||
			fail "$p does not need libspring.so.0"
		run env LD_LIBRARY_PATH="$PREFIX/lib" "$BATS_TEST_TMPDIR/$p"
		assert_success
		assert_output "springsim $version"
		# with the static one, no libspring.so
		! readelf -d "$BATS_TEST_TMPDIR/$p-static" | grep -q 'libspring' ||
			fail "$p-static needs a libspring.so"
		run "$BATS_TEST_TMPDIR/$p-static"
		assert_success
		assert_output "springsim $version"
	done
	mk uninstall
	[ -z "$(find "$PREFIX" ! -type d)" ] || fail "uninstall left files"
}

@test "the installed library exports only spring_ names and keeps no writable global state" {
	local lib names state
	mk install
	lib=$DEST$PREFIX/lib/libspring.a
	# (make sanitize's build adds AddressSanitizer's __odr_asan.NAME, a
	# byte for each global; those are the compiler's, not the library's)
	names=$(nm -g --defined-only "$lib" |
	    awk 'NF == 3 && $3 !~ /^__odr_asan\./ { print $3 }')
	[ -n "$names" ] || fail "nm read no symbol from $lib"
	! printf '%s\n' "$names" | grep -v '^spring_' ||
		fail "exported without the spring_ prefix (above)"
	# objects in .data, .bss and their thread-local kin; the tables are
	# const (.rodata, or .data.rel.ro for their pointers)
	state=$(objdump -t "$lib" | awk '$3 == "O" &&
	    $4 ~ /^\.(data|bss|tdata|tbss)($|\.)/ &&
	    $4 !~ /^\.data\.rel\.ro/ && $NF !~ /^__odr_asan\./')
	[ -z "$state" ] || fail "writable globals: $state"
}

@test "the shared library exports the public headers' names only, none of internal.h's" {
	local lib pub names internal
	mk install
	lib=$DEST$PREFIX/lib/libspring.so.$(version)
	names=$(nm -D --defined-only "$lib" | awk 'NF == 3 { print $3 }' | sort)
	[ -n "$names" ] || fail "nm read no symbol from $lib"
	# every name the public headers mention, and internal.h's functions
	pub=$(grep -ohE '\<spring_[A-Za-z0-9_]+' "$REPO"/include/spring.h \
	    "$REPO"/include/spring/*.h | sort -u)
	internal=$(grep -oE '\<spring_[A-Za-z0-9_]+\(' "$REPO/src/internal.h" |
	    tr -d '(' | sort -u | comm -23 - <(printf '%s\n' "$pub"))
	[ -n "$internal" ] || fail "read no function of internal.h"
	! comm -23 <(printf '%s\n' "$names") <(printf '%s\n' "$pub") | grep . ||
		fail "exported, not in include/ (above)"
	! comm -12 <(printf '%s\n' "$names") <(printf '%s\n' "$internal") | grep . ||
		fail "internal.h's functions exported (above)"
	# the public API is there: the calls of tests/embed
	for f in spring_params_set spring_rule_find spring_rule_exact \
	    spring_reference_init spring_reference_at spring_simulate; do
		grep -qx "$f" <<<"$names" || fail "$f not exported"
	done
}

@test "examples/step.c, shown in full in docs/library.md, is installed and builds with PKG_CONFIG_PATH; its exact rule is the closed form" {
	command -v pkg-config >/dev/null || fail "no pkg-config (scripts/setup.sh installs it)"
	# the page shows the file whole: the lines between the fences that
	# follow "examples/step.c" are the file
	awk '/^```c$/ && seen { on = 1; next } /^```$/ && on { exit }
	    on { print } /examples\/step\.c/ { seen = 1 }' \
	    "$REPO/docs/library.md" >"$BATS_TEST_TMPDIR/shown.c"
	cmp -s "$BATS_TEST_TMPDIR/shown.c" "$REPO/examples/step.c" ||
		fail "docs/library.md does not show examples/step.c as it is"
	PREFIX=$BATS_TEST_TMPDIR/prefix
	DEST=
	mk install
	[ -f "$PREFIX/share/doc/springsim/examples/step.c" ] ||
		fail "step.c was not installed with the examples"
	# a prefix outside pkg-config's own search path: PKG_CONFIG_PATH, as
	# the page says
	PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig pkg-config --exists springsim ||
		fail "pkg-config does not find springsim through PKG_CONFIG_PATH"
	# shellcheck disable=SC2046
	cc -std=c11 -Wall -Wextra -pedantic -Werror $(cc_flags) \
	    -o "$BATS_TEST_TMPDIR/step" "$PREFIX/share/doc/springsim/examples/step.c" \
	    $(PKG_CONFIG_PATH=$PREFIX/lib/pkgconfig pkg-config --cflags --libs springsim) ||
		fail "step.c does not build"
	run env LD_LIBRARY_PATH="$PREFIX/lib" "$BATS_TEST_TMPDIR/step" exact
	assert_success
	# x(t) = 1 - e^(-zeta omega t) (cos(wd t) + zeta omega / wd sin(wd t)),
	# omega 12, zeta 0.5, from rest at 0, at frames 10, 20 .. 60 of 1/60 s
	printf '%s\n' "$output" | awk 'BEGIN { w = 12; z = 0.5; wd = w * sqrt(1 - z*z) }
	    { t = $1 / 60; want = 1 - exp(-z*w*t) * (cos(wd*t) + z*w/wd * sin(wd*t))
	      d = $2 - want; if (d < 0) d = -d
	      if (d > 1e-12) { print "frame " $1 ": " $2 ", want " want; bad = 1 }
	      n++ }
	    END { if (n != 6) { print n " lines, want 6"; bad = 1 }; exit bad }' ||
		fail "the exact rule is not the closed form"
	run env LD_LIBRARY_PATH="$PREFIX/lib" "$BATS_TEST_TMPDIR/step" implicit
	assert_success
	[ "${#lines[@]}" -eq 6 ] || fail "implicit: ${#lines[@]} lines"
	run env LD_LIBRARY_PATH="$PREFIX/lib" "$BATS_TEST_TMPDIR/step" nosuchrule
	[ "$status" -eq 2 ] || fail "an unknown rule: status $status"
	mk uninstall
}
