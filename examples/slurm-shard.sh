#!/bin/sh
# slurm-shard.sh PARTS N SWEEP-ARGUMENTS... - one task of the job array
# that slurm-sweep.sh submits: shard K = $SLURM_ARRAY_TASK_ID of N, into
# PARTS/part-K.csv (sweep's -o: written whole or not at all, so the part
# is there only if the shard finished), the header in part 1 only, with
# as many threads as the task was given CPUs.
set -eu
k=$SLURM_ARRAY_TASK_ID
parts=$1
n=$2
shift 2
h=--no-header
[ "$k" -ne 1 ] || h=
# $h unquoted: no word at all for part 1
exec springsim sweep "$@" -j "${SLURM_CPUS_PER_TASK:-1}" --shard "$k/$n" \
    $h -o "$parts/part-$k.csv"
