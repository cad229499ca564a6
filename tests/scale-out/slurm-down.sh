#!/bin/sh
# slurm-down.sh DIR - stop the cluster slurm-up.sh DIR started: cancel
# its jobs while its controller is up, wait for them to end, then stop
# slurmd, slurmctld and munged by the PIDs in DIR, each waited for.
set -u
D=${1:?usage: slurm-down.sh DIR}
export SLURM_CONF="$D/slurm.conf"

me=slurm-down
# shellcheck source=tests/scale-out/stop.sh
. "$(dirname "$0")/stop.sh"

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
