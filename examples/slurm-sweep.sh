#!/bin/sh
# slurm-sweep.sh - a springsim sweep on a Slurm cluster: a job array of N
# tasks, task K computing sweep --shard K/N into a part file, then a
# merge job that joins the parts (springsim-merge) once every task has
# ended. It waits for the merge job and exits with its verdict.
#
#   sh slurm-sweep.sh [-n SHARDS] [-c CPUS] [-o FILE] -- SWEEP-ARGUMENTS...
#
#   -n SHARDS  tasks in the array (default 8)
#   -c CPUS    CPUs a task (sbatch --cpus-per-task, sweep -j), default 1;
#              no more than a node has, or the array would wait for ever
#   -o FILE    the joined sweep (default sweep.csv), the file the
#              unsharded sweep would write, byte for byte; the parts and
#              the jobs' logs go to FILE.parts/, removed once FILE is
#              written
#
# Run it on a login node, in a directory that every node sees (NFS or the
# like): the tasks write their parts there and the merge job reads them.
# Every node needs the same springsim on its PATH (the same version, built
# the same way, or the parts need not match an unsharded sweep), and sh
# and awk; the submitting one springsim-merge too (make install puts it
# beside springsim). Other sbatch options through sbatch's environment:
# SBATCH_PARTITION, SBATCH_ACCOUNT, SBATCH_TIMELIMIT ...
#
# --fail-if gates among SWEEP-ARGUMENTS are taken out of the shards and
# applied once, by the merge job, to all the rows: one verdict, the
# failing rows named by their numbers in the whole sweep.
#
# Interrupted, it leaves the jobs be: the merge job still writes FILE.
#
# Exit status: 0 FILE written; 3 FILE written and a gate failed (the
# failing rows on stderr); 1 a shard or a job failed, each failing shard
# named with the end of its log, FILE not written; 2 a usage error, or
# SWEEP-ARGUMENTS that springsim refuses (nothing submitted).
set -eu
me=slurm-sweep.sh
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	echo "usage: sh $me [-n SHARDS] [-c CPUS] [-o FILE] -- SWEEP-ARGUMENTS..." >&2
	exit 2
}

# quote WORD - WORD in single quotes, one word again after eval
quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

n=8
cpus=1
out=sweep.csv
while getopts :n:c:o: opt; do
	case $opt in
	n) n=$OPTARG ;;
	c) cpus=$OPTARG ;;
	o) out=$OPTARG ;;
	:)
		echo "$me: -$OPTARG: needs a value" >&2
		exit 2
		;;
	*)
		echo "$me: -$OPTARG: unknown option (see the head of $me)" >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
# whole FLAG VALUE - VALUE is a whole number > 0, or a usage error
whole() {
	case $2 in
	'' | *[!0-9]* | 0*)
		echo "$me: $1: '$2' is not a whole number > 0" >&2
		exit 2
		;;
	esac
}
whole -n "$n"
whole -c "$cpus"
[ $# -gt 0 ] && [ -n "$out" ] || usage

# the gates go to the merge, the rest to every shard
sweep=
gates=
while [ $# -gt 0 ]; do
	case $1 in
	--fail-if)
		[ $# -ge 2 ] || usage
		gates="$gates --fail-if $(quote "$2")"
		shift 2
		;;
	--fail-if=*)
		gates="$gates --fail-if $(quote "${1#--fail-if=}")"
		shift
		;;
	*)
		sweep="$sweep $(quote "$1")"
		shift
		;;
	esac
done

merge=$(command -v springsim-merge) || {
	echo "$me: no springsim-merge on PATH (make install puts it beside springsim)" >&2
	exit 2
}
# the arguments checked here, before anything is queued: the last of a
# million shards is empty (for fewer configurations), so this reads every
# flag and file and computes nothing
if command -v springsim >/dev/null 2>&1 &&
    ! eval "springsim sweep $sweep $gates -j $cpus --shard 1000000/1000000 \
    --no-header -o /dev/null"; then
	echo "$me: springsim sweep refuses these arguments; nothing submitted" >&2
	exit 2
fi
# more CPUs a task than the largest node has would wait for ever
most=$(sinfo -h -N -o %c ${SBATCH_PARTITION:+-p "$SBATCH_PARTITION"} |
    tr -d '+' | sort -n | tail -n 1)
if [ -n "$most" ] && [ "$cpus" -gt "$most" ]; then
	echo "$me: -c: '$cpus' is more CPUs than any node has (at most $most)" >&2
	exit 2
fi

# the parts' directory, absolute (the jobs start elsewhere), emptied of
# an earlier run's parts
dir=$(cd "$(dirname "$out")" && pwd)
out=$dir/$(basename "$out")
parts=$out.parts
rm -rf "$parts"
mkdir -p "$parts"

jid=$(eval "sbatch --parsable --job-name=springsim-sweep --array=1-$n \
    --cpus-per-task=$cpus --output=\"\$parts/shard-%a.log\" \
    \"\$here/slurm-shard.sh\" \"\$parts\" $n $sweep")
jid=${jid%%;*}
# afterany: the merge runs whatever became of the tasks, and says which
# part is missing; a task that failed would leave an afterok merge
# pending for ever (DependencyNeverSatisfied). --kill-on-invalid-dep for
# a dependency that cannot be met at all.
list=
k=1
while [ "$k" -le "$n" ]; do
	list="$list $(quote "$parts/part-$k.csv")"
	k=$((k + 1))
done
mid=$(eval "sbatch --parsable --job-name=springsim-merge \
    --dependency=afterany:$jid --kill-on-invalid-dep=yes \
    --output=\"\$parts/merge.log\" \"\$merge\" -o \"\$out\" $gates $list")
mid=${mid%%;*}
echo "$me: array job $jid ($n shards), merge job $mid; parts in $parts" >&2

# wait for the merge job (not sbatch --wait: that one looks after 2, 10,
# 42 ... s, and exits 0 for a job cancelled before it ran), each second
# for a minute, then each 10 s; and give up on an array that can never
# start rather than wait for ever
state=
polls=0
lost=0
while :; do
	# the controller may be away for a moment (a restart, a fail-over)
	if ! info=$(scontrol show job -o "$mid" 2>&1); then
		lost=$((lost + 1))
		if [ "$lost" -lt 30 ]; then
			sleep 2
			continue
		fi
		echo "$me: scontrol show job $mid: $info" >&2
		info=
	fi
	lost=0
	state=$(printf '%s\n' "$info" | sed -n 's/.* JobState=\([A-Z_]*\).*/\1/p')
	case $state in
	PENDING | CONFIGURING | RUNNING | COMPLETING | REQUEUED | RESIZING | \
	    SUSPENDED | REQUEUE_HOLD | REQUEUE_FED | SIGNALING | STAGE_OUT) ;;
	*) break ;;
	esac
	why=$({ printf '%s\n' "$info"; scontrol show job -o "$jid" 2>/dev/null; } |
	    sed -n 's/.* JobState=PENDING Reason=\([A-Za-z_]*\).*/\1/p' |
	    grep -v '^Dependency$' | head -n 1)
	case $why in
	PartitionConfig | PartitionTimeLimit | BadConstraints | InvalidAccount | \
	    InvalidQOS | DependencyNeverSatisfied)
		scancel "$jid" "$mid" 2>/dev/null || true
		echo "$me: array job $jid or merge job $mid can never start" \
		    "(Reason=$why); both cancelled" >&2
		exit 1
		;;
	esac
	polls=$((polls + 1))
	if [ "$polls" -le 60 ]; then sleep 1; else sleep 10; fi
done
code=$(printf '%s\n' "$info" | sed -n 's/.* ExitCode=\([0-9]*\):.*/\1/p')
[ ! -s "$parts/merge.log" ] || cat "$parts/merge.log" >&2
case $state:$code in
COMPLETED:0)
	rm -rf "$parts"
	exit 0
	;;
FAILED:3)
	rm -rf "$parts"
	exit 3
	;;
esac
# the shards that left no part, with Slurm's word on them and their logs
k=1
while [ "$k" -le "$n" ]; do
	if [ ! -f "$parts/part-$k.csv" ]; then
		st=$(scontrol show job -o "$jid" 2>/dev/null | awk -v k="$k" '{
		    s = ""; t = ""
		    for (i = 1; i <= NF; i++) {
		        if ($i == "ArrayTaskId=" k) t = 1
		        if ($i ~ /^(JobState|ExitCode)=/) s = s " " $i
		    }
		    if (t) print s }')
		echo "$me: shard $k/$n (job ${jid}_$k) failed:${st:- unknown to Slurm};" \
		    "the end of $parts/shard-$k.log:" >&2
		tail -n 5 "$parts/shard-$k.log" 2>/dev/null | sed 's/^/    /' >&2 || true
	fi
	k=$((k + 1))
done
echo "$me: merge job $mid ${state:-gone} (exit ${code:-?}); $out not written" >&2
exit 1
