# stop.sh - sourced by slurm-down.sh and sshd-down.sh: stop a daemon
# started by hand, by the PID in its file, and wait for it.  The caller
# sets me (its name, for the message).

# alive PID - PID exists and is no zombie (an init that reaps late)
alive() {
	[ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status"
}

# stop PIDFILE - TERM the process PIDFILE names, wait up to 10 s, then
# KILL; the file is removed
stop() {
	[ -s "$1" ] || return 0
	pid=$(cat "$1")
	kill "$pid" 2>/dev/null || { rm -f "$1"; return 0; }
	i=0
	while alive "$pid" && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if alive "$pid"; then
		echo "$me: $1 ($pid) still running after 10 s; KILL" >&2
		kill -KILL "$pid" 2>/dev/null
	fi
	rm -f "$1"
}
