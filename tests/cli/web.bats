#!/usr/bin/env bats
# web.bats - the page (make web, build/web/index.html) in a real browser:
# tests/web/page.test.mjs, Debian's chromium-headless-shell driven by
# playwright-core (tests/web/package-lock.json), each group against
# $SPRINGSIM, the native program (docs/web.md).  Skips, saying why, when
# the browser, tests/web/node_modules (npm ci there; scripts/setup.sh
# test runs it) or the built page is missing.

ROOT=$BATS_TEST_DIRNAME/../..

# page GROUP - run one group; 77 is the script's "missing: skip"
page() {
	command -v node >/dev/null || skip "no node"
	run node "$ROOT/tests/web/page.test.mjs" "$1"
	[ "$status" -ne 77 ] || skip "${output#\# skip: }"
	printf '%s\n' "$output"
	[ "$status" -eq 0 ]
}

@test "web: a dozen queries give the CLI's table, command and CSVs" {
	page contract
}

@test "web: controls write the URL, which reloads to the same view" {
	page roundtrip
}

@test "web: export's outputs, the copy buttons and tune" {
	page export
}

@test "web: every bad query of the corpus shows the CLI's message" {
	page bad
}

@test "web: a label for every control, no request outside the folder" {
	page a11y
}

@test "web: a paused Web Animation with export's linear() agrees (#39)" {
	page easing
}

@test "web: an instance run again is put back byte for byte as made" {
	command -v node >/dev/null || skip "no node"
	run node "$ROOT/tests/web/instance.test.mjs"
	[ "$status" -ne 77 ] || skip "${output#\# skip: }"
	printf '%s\n' "$output"
	[ "$status" -eq 0 ]
}
