#!/bin/sh
# sshd-down.sh DIR - stop the sshd that sshd-up.sh DIR started, by the PID
# in DIR, waited for; then remove DIR's keys. Sessions still open end
# with their clients.
set -u
D=${1:?usage: sshd-down.sh DIR}
# alive PID - PID exists and is no zombie (an init that reaps late)
alive() {
	[ -r "/proc/$1/status" ] && ! grep -q '^State:[[:space:]]*Z' "/proc/$1/status"
}
if [ -s "$D/sshd.pid" ]; then
	pid=$(cat "$D/sshd.pid")
	if kill "$pid" 2>/dev/null; then
		i=0
		while alive "$pid" && [ $i -lt 100 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		if alive "$pid"; then
			echo "sshd-down: sshd $pid still running after 10 s; KILL" >&2
			kill -KILL "$pid" 2>/dev/null
		fi
	fi
	rm -f "$D/sshd.pid"
fi
rm -f "$D/host_key" "$D/host_key.pub" "$D/client_key" "$D/client_key.pub" \
    "$D/authorized_keys" "$D/known_hosts"
