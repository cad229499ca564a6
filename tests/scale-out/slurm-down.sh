#!/bin/sh
# slurm-down.sh DIR - stop the cluster slurm-up.sh DIR started: cancel
# its jobs while its controller is up, wait for them to end, then stop
# slurmd, slurmctld and munged by the PIDs in DIR, each waited for.
set -u
D=${1:?usage: slurm-down.sh DIR}
export SLURM_CONF="$D/slurm.conf"

# alive PID - PID exists and is no zombie (an init that reaps late)
alive() {
	[ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status"
}

# stop PIDFILE - TERM the process PIDFILE names, wait up to 10 s
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
		echo "slurm-down: $1 ($pid) still running after 10 s; KILL" >&2
		kill -KILL "$pid" 2>/dev/null
	fi
	rm -f "$1"
}

# what still runs (a batch step outlives slurmd), only while the
# controller is up: scancel would wait about 20 s for a dead one
if [ -s "$D/slurmctld.pid" ] && alive "$(cat "$D/slurmctld.pid")"; then
	timeout 10 scancel --quiet --user=root 2>/dev/null || true
	i=0
	while [ -n "$(timeout 5 squeue -h -o %i 2>/dev/null)" ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
fi
stop "$D/slurmd.pid"
stop "$D/slurmctld.pid"
stop "$D/munged.pid"
