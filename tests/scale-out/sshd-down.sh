#!/bin/sh
# sshd-down.sh DIR - stop the sshd that sshd-up.sh DIR started, by the PID
# in DIR, waited for; then remove DIR's keys. Sessions still open end
# with their clients.
set -u
D=${1:?usage: sshd-down.sh DIR}
me=sshd-down
# shellcheck source=tests/scale-out/stop.sh
. "$(dirname "$0")/stop.sh"
stop "$D/sshd.pid"
rm -f "$D/host_key" "$D/host_key.pub" "$D/client_key" "$D/client_key.pub" \
    "$D/authorized_keys" "$D/known_hosts"
