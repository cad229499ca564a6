#!/bin/sh
# slurm-up.sh DIR - a one-node Slurm cluster on this machine for the
# scale-out tests: munged, slurmctld and slurmd started by hand, as root,
# without systemd or cgroups, every file of theirs in DIR (configuration,
# munge key and socket, spool and state directories, logs, PID files) and
# only 127.0.0.1 ports that nothing else listens on. /etc is not touched,
# so a cluster of the machine's own, or another test run's, is left alone.
# Clients find it through SLURM_CONF=DIR/slurm.conf. slurm-down.sh DIR
# stops it. Needs (Debian 12): slurmctld slurmd slurm-client munge.
# Exits 1, the daemons' logs on stderr, if the node is not idle in 30 s.
set -eu
D=${1:?usage: slurm-up.sh DIR}
mkdir -p "$D"
D=$(cd "$D" && pwd)
# munged wants every directory above its socket searchable by all
chmod 0755 "$D"
mkdir -p "$D/ctld" "$D/slurmd"
H=$(hostname -s)
# the node says it has 8 CPUs at least (config_overrides lets it claim
# more than it has): the array's 8 one-CPU tasks start at once, not in
# waves a scheduler pass apart (about 1 s each)
NCPU=$(nproc)
[ "$NCPU" -ge 8 ] || NCPU=8

# port_free PORT - nothing on this machine has PORT open (IPv4 or IPv6)
port_free() {
	hex=$(printf ':%04X ' "$1")
	! cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | grep -qi "$hex"
}
# two free neighbouring ports, from a start that differs between runs
p=$((20000 + $$ % 20000 * 2))
until port_free "$p" && port_free $((p + 1)); do
	p=$((p + 2))
	[ "$p" -lt 60000 ] || p=20000
done

# a fresh key: no other munged can vouch for this cluster's messages
dd if=/dev/urandom of="$D/munge.key" bs=1024 count=1 2>/dev/null
chmod 0400 "$D/munge.key"
/usr/sbin/munged --key-file="$D/munge.key" --socket="$D/munge.socket" \
    --pid-file="$D/munged.pid" --log-file="$D/munged.log" \
    --seed-file="$D/munged.seed"

cat >"$D/slurm.conf" <<EOF
ClusterName=springsim-test
SlurmctldHost=$H(127.0.0.1)
SlurmctldPort=$p
SlurmdPort=$((p + 1))
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$D/munge.socket
StateSaveLocation=$D/ctld
SlurmdSpoolDir=$D/slurmd
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
PlugStackConfig=$D/plugstack.conf
MailProg=/bin/true
# no cgroups and no systemd here: track processes through /proc
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/backfill
# start queued batch jobs at once, not up to 3 s later (the default)
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SlurmdParameters=config_overrides
NodeName=$H NodeAddr=127.0.0.1 CPUs=$NCPU State=UNKNOWN
# a finite time limit (minutes): a test asks for more than it
PartitionName=debug Nodes=ALL Default=YES MaxTime=60 State=UP
EOF
: >"$D/plugstack.conf"
export SLURM_CONF="$D/slurm.conf"

/usr/sbin/slurmctld -c -f "$D/slurm.conf"	# -c: no state of an earlier run
/usr/sbin/slurmd -f "$D/slurm.conf" -N "$H"

# wait until the node takes jobs
i=0
until [ "$(sinfo -h -N -o %T 2>/dev/null)" = idle ]; do
	i=$((i + 1))
	if [ $i -gt 300 ]; then
		echo "slurm-up: the node is not idle after 30 s" >&2
		sinfo -N -l >&2 || true
		tail -n 20 "$D/munged.log" "$D/slurmctld.log" "$D/slurmd.log" >&2 || true
		exit 1
	fi
	sleep 0.1
done
