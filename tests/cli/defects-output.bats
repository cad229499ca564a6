#!/usr/bin/env bats
# defects-output.bats - -o FILE as the man page promises it: written whole
# or not at all, no temporary file left even when a signal ends the run,
# any legal name, links and modes kept, FIFOs and devices written into
# with no silent hang.  One test per defect of the issue.
bats_require_minimum_version 1.5.0
load helpers

# --frames 3 writes the header and the rows at frames 0, 1, 2, 3: 5 lines.
assert_three_frames() {
	[ "$(head -n 1 "$1")" = "$TRAJ_HEADER" ] || fail "$1: header $(head -n 1 "$1")"
	[ "$(nlines "$1")" -eq 5 ] || fail "$1: $(nlines "$1") lines, want 5"
}

# signal_run SIG DIR ARGS... - springsim ARGS -o DIR/big.csv in the
# background with every signal at its default (a script's background job
# ignores SIGINT and SIGQUIT), SIG sent once the temporary file is there;
# its status in $status.  A watchdog kills a run that outlives the signal
# after 60 s (status 137), so a regression fails rather than hangs.
signal_run() {
	local sig=$1 d=$2 pid wd i
	shift 2
	env --default-signal "$SPRINGSIM" "$@" -o "$d/big.csv" 2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	sh -c 'sleep 60; kill -KILL "$1" 2>/dev/null' _ "$pid" 3>&- >/dev/null 2>&1 &
	wd=$!
	for i in $(seq 200); do
		[ -z "$(ls -A "$d")" ] || break
		sleep 0.05
	done
	kill -s "$sig" "$pid"
	status=0
	wait "$pid" || status=$?
	kill "$wd" 2>/dev/null || true
}

@test "defect 6: a signal during -o leaves no temporary file and ends in that signal (128 + N)" {
	env --default-signal true 2>/dev/null || skip "env has no --default-signal"
	local d=$BATS_TEST_TMPDIR/sig sig n
	ulimit -c 0
	mkdir "$d"
	# the numbers of signal(7), Linux on x86 and ARM
	for sig in INT:2 TERM:15 HUP:1 QUIT:3 USR1:10 USR2:12 PIPE:13 ALRM:14; do
		n=${sig#*:}
		sig=${sig%:*}
		signal_run "$sig" "$d" --frames 100000000
		[ "$status" -eq $((128 + n)) ] ||
			fail "run, SIG$sig: status $status, want $((128 + n)); $(cat "$BATS_TEST_TMPDIR/err")"
		[ -z "$(ls -A "$d")" ] || fail "run, SIG$sig: left $(ls -A "$d")"
	done
	# sweep: the signal may land on any of its worker threads
	for sig in INT:2 TERM:15 HUP:1; do
		n=${sig#*:}
		sig=${sig%:*}
		signal_run "$sig" "$d" sweep --uaf 1:100:1000000log --dr 0.5 \
		    --duration 100 -j 2
		[ "$status" -eq $((128 + n)) ] ||
			fail "sweep, SIG$sig: status $status, want $((128 + n)); $(cat "$BATS_TEST_TMPDIR/err")"
		[ -z "$(ls -A "$d")" ] || fail "sweep, SIG$sig: left $(ls -A "$d")"
	done
	# past a file size limit the kernel sends SIGXFSZ (25): the same
	run bash -c 'ulimit -f 16; exec env --default-signal "$SPRINGSIM" "$@"' \
	    _ --frames 100000 -o "$d/big.csv"
	[ "$status" -eq $((128 + 25)) ] || fail "SIGXFSZ: status $status, want 153"
	[ -z "$(ls -A "$d")" ] || fail "SIGXFSZ: left $(ls -A "$d")"
	# a signal ignored on entry (nohup) stays ignored: HUP does nothing,
	# TERM then ends the run
	bash -c 'trap "" HUP; exec "$SPRINGSIM" "$@"' _ --frames 100000000 \
	    -o "$d/big.csv" &
	local pid=$!
	for i in $(seq 200); do
		[ -z "$(ls -A "$d")" ] || break
		sleep 0.05
	done
	kill -s HUP "$pid"
	sleep 0.2
	kill -0 "$pid" || fail "HUP ignored on entry ended the run"
	[ -n "$(ls -A "$d")" ] || fail "HUP ignored on entry removed the file"
	kill -s TERM "$pid"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 143 ] || fail "HUP ignored, then TERM: status $status, want 143"
	[ -z "$(ls -A "$d")" ] || fail "HUP ignored, then TERM: left $(ls -A "$d")"
	# stdout into a pipe its reader left: killed by SIGPIPE, silently, as
	# before (no temporary file there to remove)
	run --separate-stderr bash -c '"$SPRINGSIM" --frames 1000000 | head -n 1
	    exit "${PIPESTATUS[0]}"'
	[ "$status" -eq 141 ] || fail "stdout: status $status, want 141"
	[ "$output" = "$TRAJ_HEADER" ] || fail "stdout: $output"
	[ -z "$stderr" ] || fail "stdout: stderr: $stderr"
}

@test "defect 13: -o takes any legal name, 254 and 255 (NAME_MAX) bytes long" {
	local d=$BATS_TEST_TMPDIR/long name
	mkdir "$d"
	name=$(printf '%0250d' 0).csv
	[ "${#name}" -eq 254 ] || fail "the name is ${#name} bytes"
	sim --frames 3 -o "$d/$name"
	assert_status 0
	assert_stdout_empty
	assert_stderr_empty
	assert_three_frames "$d/$name"
	[ "$(ls -A "$d")" = "$name" ] || fail_with "left: $(ls -A "$d")"
	# over an existing file of that name too
	name=$(printf '%0251d' 0).csv
	printf 'old\n' >"$d/$name"
	rm "$d/$(printf '%0250d' 0).csv"
	sim --frames 3 -o "$d/$name"
	assert_status 0
	assert_three_frames "$d/$name"
	[ "$(ls -A "$d")" = "$name" ] || fail_with "left: $(ls -A "$d")"
}

@test "defect 14: -o writes through symlinks, keeps the mode, replaces a hard link's name only" {
	local d=$BATS_TEST_TMPDIR/links
	mkdir -p "$d/a" "$d/b"
	umask 022
	# a symlink to a 0600 file: still a symlink, the target rewritten, 0600
	printf 'old\n' >"$d/a/real.csv"
	chmod 600 "$d/a/real.csv"
	ln -s real.csv "$d/a/link.csv"
	sim --frames 3 -o "$d/a/link.csv"
	assert_status 0
	assert_stderr_empty
	[ -L "$d/a/link.csv" ] || fail "the symlink was replaced"
	[ "$(readlink "$d/a/link.csv")" = real.csv ] || fail "the symlink points elsewhere"
	assert_three_frames "$d/a/real.csv"
	[ "$(stat -c %a "$d/a/real.csv")" = 600 ] ||
		fail "mode $(stat -c %a "$d/a/real.csv"), want 600"
	[ "$(ls -A "$d/a" | tr '\n' ' ')" = "link.csv real.csv " ] ||
		fail "left: $(ls -A "$d/a")"
	# a chain across directories, the last link dangling: the file it
	# names is created there, 0644 (0666 under umask 022)
	ln -s ../b/hop "$d/a/chain.csv"
	ln -s new.csv "$d/b/hop"
	sim --frames 3 -o "$d/a/chain.csv"
	assert_status 0
	[ -L "$d/a/chain.csv" ] && [ -L "$d/b/hop" ] || fail "a link was replaced"
	assert_three_frames "$d/b/new.csv"
	[ "$(stat -c %a "$d/b/new.csv")" = 644 ] ||
		fail "mode $(stat -c %a "$d/b/new.csv"), want 644"
	[ "$(ls -A "$d/b" | tr '\n' ' ')" = "hop new.csv " ] || fail "left: $(ls -A "$d/b")"
	# an existing 0640 file stays 0640
	printf 'old\n' >"$d/b/g.csv"
	chmod 640 "$d/b/g.csv"
	sim --frames 3 -o "$d/b/g.csv"
	assert_status 0
	[ "$(stat -c %a "$d/b/g.csv")" = 640 ] || fail "mode $(stat -c %a "$d/b/g.csv"), want 640"
	# a hard link (as the man page says): the name given gets the new
	# file, the other name keeps the old one untouched
	printf 'old\n' >"$d/b/h1.csv"
	ln "$d/b/h1.csv" "$d/b/h2.csv"
	sim --frames 3 -o "$d/b/h1.csv"
	assert_status 0
	assert_three_frames "$d/b/h1.csv"
	[ "$(cat "$d/b/h2.csv")" = old ] || fail "the other link changed"
	grep -qi 'hard link' "$BATS_TEST_DIRNAME/../../docs/springsim.1" ||
		fail "the man page does not say what -o does to a hard link"
	[ "$(ls -A "$d/b" | tr '\n' ' ')" = "g.csv h1.csv h2.csv hop new.csv " ] ||
		fail "left: $(ls -A "$d/b")"
	# a loop of links: exit 1, one line naming the path
	ln -s loop2 "$d/b/loop1"
	ln -s loop1 "$d/b/loop2"
	sim --frames 3 -o "$d/b/loop1"
	assert_status 1
	assert_one_stderr_line
	assert_stderr_has "$d/b/loop1"
	[ -L "$d/b/loop1" ] && [ -L "$d/b/loop2" ] || fail "a looping link was replaced"
}

@test "defect 15: -o onto a FIFO with no reader says it waits, then writes; /dev/null stays a device" {
	local d=$BATS_TEST_TMPDIR/fifo pid i
	mkdir "$d"
	mkfifo "$d/fifo"
	timeout 20 "$SPRINGSIM" --frames 3 -o "$d/fifo" 2>"$d.err" &
	pid=$!
	for i in $(seq 100); do
		grep -q 'waiting for a reader' "$d.err" && break
		sleep 0.05
	done
	grep -q 'waiting for a reader' "$d.err" || {
		timeout 5 cat "$d/fifo" >/dev/null
		wait "$pid" || true
		fail "no word of waiting after 5 s: $(cat "$d.err")"
	}
	timeout 20 cat "$d/fifo" >"$d.got"
	status=0
	wait "$pid" || status=$?
	[ "$status" -eq 0 ] || fail "status $status"
	[ "$(wc -l <"$d.err")" -eq 1 ] || fail "stderr: $(cat "$d.err")"
	grep -qF "$d/fifo" "$d.err" || fail "the message does not name the FIFO: $(cat "$d.err")"
	assert_three_frames "$d.got"
	[ -p "$d/fifo" ] || fail "the FIFO was replaced"
	[ "$(ls -A "$d")" = fifo ] || fail "left: $(ls -A "$d")"
	# /dev/null, directly and through a symlink: written, still the device
	ln -s /dev/null "$d/null"
	for f in /dev/null "$d/null"; do
		sim --frames 3 -o "$f"
		assert_status 0
		assert_stdout_empty
		assert_stderr_empty
	done
	[ -c /dev/null ] || fail "/dev/null is no longer a device"
	[ -L "$d/null" ] || fail "the symlink to /dev/null was replaced"
	[ "$(ls -A "$d" | tr '\n' ' ')" = "fifo null " ] || fail "left: $(ls -A "$d")"
	# a pipe behind /dev/stdout or bash's >(...) (/dev/fd/N): written into
	run --separate-stderr bash -c '"$SPRINGSIM" --frames 3 -o /dev/stdout | cat'
	[ "$status" -eq 0 ] || fail "/dev/stdout: status $status: $stderr"
	[ "${#lines[@]}" -eq 5 ] && [ "${lines[0]}" = "$TRAJ_HEADER" ] ||
		fail "/dev/stdout: $output"
	run --separate-stderr bash -c '"$SPRINGSIM" --frames 3 -o >(cat >"$1"); wait $!' _ "$d.sub"
	[ "$status" -eq 0 ] || fail ">(...): status $status: $stderr"
	assert_three_frames "$d.sub"
}
