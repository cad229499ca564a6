#!/bin/sh
# ssh-sweep.sh - a springsim sweep over a few hosts reached by ssh: GNU
# parallel runs shard K of N of the sweep on one of the hosts, its output
# comes back over ssh into a local part file, and springsim-merge joins
# the parts once every shard has succeeded.
#
#   sh ssh-sweep.sh -S HOSTS [-n SHARDS] [-o FILE] -- SWEEP-ARGUMENTS...
#
#   -S HOSTS   the hosts, as parallel's --sshlogin: host1,host2,user@host3;
#              one shard at a time on each, using all its CPUs; N/host
#              runs N shards at once there (a host named twice is still
#              one host: 1/h,1/h is one shard at a time, 2/h two)
#   -n SHARDS  default: one per host
#   -o FILE    the joined sweep (default sweep.csv), the file the
#              unsharded sweep would write, byte for byte; the parts and
#              parallel's job log go to FILE.parts/, removed once FILE is
#              written
#
# Every host needs the same springsim on the PATH of a non-interactive
# ssh session there (the same version, built the same way, or the parts
# need not match an unsharded sweep), and perl (parallel's remote
# wrapper); this one GNU parallel and springsim-merge (make install puts
# it beside springsim). No shared filesystem: outputs come back over ssh.
# ssh is $PARALLEL_SSH (default ssh): e.g. PARALLEL_SSH='ssh -F cfg'.
# A shard that fails (on a dead host too: ssh's status 255) is tried
# again, on another host when there is one: three tries in all.
#
# --fail-if gates among SWEEP-ARGUMENTS are taken out of the shards and
# applied once, by springsim-merge, to all the rows: one verdict, the
# failing rows named by their numbers in the whole sweep.
#
# Exit status: 0 FILE written; 3 FILE written and a gate failed (the
# failing rows on stderr); 1 a shard failed, each failing shard named
# with its host and the end of its stderr, FILE not written; 2 a usage
# error, or SWEEP-ARGUMENTS that springsim refuses (nothing run).
set -eu
me=ssh-sweep.sh

usage() {
	echo "usage: sh $me -S HOSTS [-n SHARDS] [-o FILE] -- SWEEP-ARGUMENTS..." >&2
	exit 2
}

# quote WORD - WORD in single quotes, one word again for a shell
quote() {
	printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"
}

hosts=
n=
out=sweep.csv
while getopts :S:n:o: opt; do
	case $opt in
	S) hosts=$OPTARG ;;
	n) n=$OPTARG ;;
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
[ -n "$hosts" ] && [ $# -gt 0 ] && [ -n "$out" ] || usage
# one shard a host by default
[ -n "$n" ] || n=$(printf '%s\n' "$hosts" | tr ',' '\n' | grep -c .)
case $n in
'' | *[!0-9]* | 0*)
	echo "$me: -n: '$n' is not a whole number > 0" >&2
	exit 2
	;;
esac

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

command -v springsim-merge >/dev/null 2>&1 || {
	echo "$me: no springsim-merge on PATH (make install puts it beside springsim)" >&2
	exit 2
}
# the arguments checked here, before anything runs: the last of a million
# shards is empty (for fewer configurations), so this reads every flag
# and file and computes nothing
if command -v springsim >/dev/null 2>&1 &&
    ! eval "springsim sweep $sweep $gates --shard 1000000/1000000 \
    --no-header -o /dev/null"; then
	echo "$me: springsim sweep refuses these arguments; nothing run" >&2
	exit 2
fi

parts=$out.parts
rm -rf "$parts"
mkdir -p "$parts"
# each shard's stdout in parts/part-K, its stderr in parts/part-K.err;
# the command goes through each host's shell, so the arguments were
# quoted for it above, and $(...) gives every shard but the first
# --no-header there
status=0
parallel --sshlogin "$hosts" -j 1 --retries 3 --joblog "$parts/joblog" \
    --results "$parts/part-{}" \
    "springsim sweep $sweep --shard {}/$n \$(test {} = 1 || echo --no-header)" \
    ::: $(seq 1 "$n") </dev/null || status=$?

# each shard's last try, from the job log: seq host ... exitval signal
failed=$(awk -F '\t' -v n="$n" 'NR > 1 { host[$1] = $2; code[$1] = $7; sig[$1] = $8 }
    END {
        for (k = 1; k <= n; k++)
            if (!(k in code))
                print k "\tnowhere\tnot run"
            else if (code[k] != 0 || sig[k] != 0)
                print k "\t" host[k] "\texit " code[k] (sig[k] ? ", signal " sig[k] : "")
    }' "$parts/joblog" 2>/dev/null) || failed="1	nowhere	no job log"
if [ -n "$failed" ] || [ "$status" -ne 0 ]; then
	printf '%s\n' "$failed" | while IFS='	' read -r k host what; do
		[ -n "$k" ] || continue
		echo "$me: shard $k/$n failed on $host ($what); the end of its stderr:" >&2
		tail -n 5 "$parts/part-$k.err" 2>/dev/null | sed 's/^/    /' >&2 || true
	done
	echo "$me: parallel exited $status; $out not written" >&2
	exit 1
fi

list=
k=1
while [ "$k" -le "$n" ]; do
	list="$list $(quote "$parts/part-$k")"
	k=$((k + 1))
done
status=0
eval "springsim-merge -o \"\$out\" $gates $list" || status=$?
case $status in
0 | 3) rm -rf "$parts" ;;
*) echo "$me: $out not written; the parts are in $parts" >&2 ;;
esac
exit "$status"
