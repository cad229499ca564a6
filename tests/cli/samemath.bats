#!/usr/bin/env bats
# samemath.bats - the native build's libm is the wasm32-wasi build's: the
# functions springsim takes from musl (build/samemath/libm-musl.a, see the
# Makefile's SAMEMATH and scripts/samemath.sh) give, bit for bit, what
# wasi-libc's libm gives at the same arguments (tests/samemath/
# libm_probe.c, built natively against the archive and for wasm32-wasi by
# clang, run under Node's node:wasi).  With glibc 2.36's libm instead, 0.5
# to 10 % of the probe's results differ in the last bit (log10, hypot and
# atan2 the most), and the CLI's numbers with them.
load helpers

setup() {
	B=$(dirname "$SPRINGSIM")
	A=$B/samemath/libm-musl.a
	P=$BATS_TEST_DIRNAME/../samemath
	[ -f "$A" ] || skip "built with the platform's libm (SAMEMATH=no, or no musl-dev: see docs/building.md)"
}

# wasm_probe - build the probe for wasm32-wasi into $BATS_TEST_TMPDIR, or
# skip, saying what is missing
wasm_probe() {
	command -v clang >/dev/null || skip "no clang (scripts/setup.sh test installs it)"
	command -v node >/dev/null || skip "no node"
	node --experimental-wasi-unstable-preview1 -e "require('node:wasi')" \
	    2>/dev/null || skip "this node has no node:wasi"
	clang --target=wasm32-wasi -std=c11 -O2 -Wall -Wextra -Werror \
	    -ffp-contract=off -o "$BATS_TEST_TMPDIR/probe.wasm" \
	    "$P/libm_probe.c" -lm 2>"$BATS_TEST_TMPDIR/clang.err" ||
	    skip "clang cannot build for wasm32-wasi (wasi-libc, lld, libclang-rt-dev-wasm32): $(head -n 1 "$BATS_TEST_TMPDIR/clang.err")"
}

# native_probe - the probe linked as springsim is: the archive before -lm
native_probe() {
	${CC:-cc} -std=c11 -O2 -Wall -Wextra -Werror -ffp-contract=off \
	    -o "$BATS_TEST_TMPDIR/probe" "$P/libm_probe.c" "$A" -lm
}

@test "samemath: musl's libm natively and wasi-libc's give the same bits" {
	native_probe
	wasm_probe
	"$BATS_TEST_TMPDIR/probe" >"$BATS_TEST_TMPDIR/native.txt"
	node --no-warnings --experimental-wasi-unstable-preview1 \
	    "$P/wasi-run.mjs" "$BATS_TEST_TMPDIR/probe.wasm" \
	    >"$BATS_TEST_TMPDIR/wasm.txt"
	# the probe wrote every line on both sides
	[ "$(wc -l <"$BATS_TEST_TMPDIR/native.txt")" -gt 300000 ]
	run sh "$P/compare.sh" "$BATS_TEST_TMPDIR/native.txt" \
	    "$BATS_TEST_TMPDIR/wasm.txt"
	assert_success
	assert_line "exp 0/20030"
	assert_line "atan2 0/20300"
}

@test "samemath: every function the archive holds is probed" {
	native_probe
	"$BATS_TEST_TMPDIR/probe" -l | sort >"$BATS_TEST_TMPDIR/probed"
	nm -g --defined-only "$A" | awk 'NF == 3 && $2 == "T" && $3 !~ /^__/ { print $3 }' |
	    sort >"$BATS_TEST_TMPDIR/held"
	[ -s "$BATS_TEST_TMPDIR/held" ]
	run comm -23 "$BATS_TEST_TMPDIR/held" "$BATS_TEST_TMPDIR/probed"
	assert_output ""
}

@test "samemath: springsim links musl's, libspring.so hides them" {
	nm -g --defined-only "$A" | awk 'NF == 3 { print $3 }' | sort -u \
	    >"$BATS_TEST_TMPDIR/held"
	# springsim defines exp, sin, pow itself (no exp@GLIBC), and sincos
	# (gcc's fusion of a sin and a cos; libasan.so defines one too)
	run sh -c "nm '$SPRINGSIM' | grep -E ' T (exp|sin|pow|sincos)\$'"
	assert_success
	[ "${#lines[@]}" -eq 4 ]
	# the shared library uses them but exports none
	so=$(ls "$B"/libspring.so.*.*.*)
	run sh -c "nm '$so' | grep -E ' t (exp|sin|pow)\$'"
	[ "${#lines[@]}" -eq 3 ]
	nm -D --defined-only "$so" | awk 'NF == 3 { print $3 }' | sort -u \
	    >"$BATS_TEST_TMPDIR/exported"
	run comm -12 "$BATS_TEST_TMPDIR/held" "$BATS_TEST_TMPDIR/exported"
	assert_output ""
}

# The library itself, end to end: src/ compiled by clang for wasm32-wasi
# and build/libspring.a (gcc) with the archive print the same 265000
# numbers (tests/samemath/library_bits.c).  With glibc's libm instead,
# 2218 of them differ (on 2026-12-07).
@test "samemath: the library natively and in wasm32-wasi: the same bits" {
	wasm_probe
	# (a sanitizer build's libspring.a needs its runtime: the plain
	# build's run of this test covers the library)
	! nm "$B/libspring.a" 2>/dev/null | grep -q ' U __asan_' ||
	    skip "$B is a sanitizer build"
	local repo=$BATS_TEST_DIRNAME/../.. w=$BATS_TEST_TMPDIR/w f
	local flags="-std=c11 -O2 -ffp-contract=off -D_POSIX_C_SOURCE=200809L -DSPRING_EXPERIMENTAL -I$repo/include -I$repo/src"
	mkdir -p "$w"
	for f in "$repo"/src/*.c "$repo"/src/engines/*.c "$repo"/src/rules/*.c \
	    "$repo"/src/systems/*.c; do
		printf '%s\n' "$f"
	done | xargs -P 2 -I{} sh -c 'f={}; clang --target=wasm32-wasi '"$flags"' -c "$f" -o "$1/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"' sh "$w"
	# shellcheck disable=SC2086
	clang --target=wasm32-wasi $flags -o "$w/bits.wasm" \
	    "$P/library_bits.c" "$w"/*.o -lm
	# shellcheck disable=SC2086
	${CC:-cc} $flags -o "$w/bits" "$P/library_bits.c" "$B/libspring.a" \
	    "$A" -lm
	"$w/bits" >"$w/native.txt"
	node --no-warnings --experimental-wasi-unstable-preview1 \
	    "$P/wasi-run.mjs" "$w/bits.wasm" >"$w/wasm.txt"
	[ "$(wc -l <"$w/native.txt")" -eq 1000 ]
	cmp "$w/native.txt" "$w/wasm.txt"
}
