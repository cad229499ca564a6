#!/bin/sh
# sshd-up.sh DIR PATHDIRS - a throwaway sshd for the scale-out tests, on
# 127.0.0.1 only, at a port nothing else listens on; root by key only,
# every file in DIR (host and client keys, made here, configuration, PID
# file, log): /etc/ssh and ~/.ssh are not touched. Its sessions get
# PATH=PATHDIRS:/usr/bin:/bin. Writes DIR/ssh_config, to be used as
#   PARALLEL_SSH="ssh -F DIR/ssh_config"
# where host1 .. host4 all name this sshd, and "dead" a port of 127.0.0.1
# where nothing listens. sshd-down.sh DIR stops it. Needs (Debian 12):
# openssh-server openssh-client.
set -eu
D=${1:?usage: sshd-up.sh DIR PATHDIRS}
P=${2:?usage: sshd-up.sh DIR PATHDIRS}
mkdir -p "$D" /run/sshd	# /run/sshd: sshd's privilege separation directory
chmod 0755 /run/sshd
D=$(cd "$D" && pwd)

# port_free PORT - nothing on this machine has PORT open (IPv4 or IPv6)
port_free() {
	hex=$(printf ':%04X ' "$1")
	! cat /proc/net/tcp /proc/net/tcp6 2>/dev/null | grep -qi "$hex"
}
port=$((40000 + $$ % 10000 * 2))
until port_free "$port" && port_free $((port + 1)); do
	port=$((port + 2))
	[ "$port" -lt 60000 ] || port=40000
done
# its neighbour, closed: the dead host
dead=$((port + 1))

rm -f "$D/host_key" "$D/host_key.pub" "$D/client_key" "$D/client_key.pub"
ssh-keygen -q -t ed25519 -N '' -C springsim-test-host -f "$D/host_key"
ssh-keygen -q -t ed25519 -N '' -C springsim-test-client -f "$D/client_key"
cp "$D/client_key.pub" "$D/authorized_keys"
chmod 0600 "$D/authorized_keys"
cat >"$D/sshd_config" <<EOC
ListenAddress 127.0.0.1
Port $port
HostKey $D/host_key
PidFile $D/sshd.pid
AuthorizedKeysFile $D/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
# DIR may be under a directory that StrictModes would refuse
StrictModes no
# GNU parallel opens one ssh per job, and a few to probe a host
MaxStartups 100
MaxSessions 100
SetEnv PATH=$P:/usr/bin:/bin
EOC
# the host key pinned, checked strictly, never a prompt
printf 'springsim-test-sshd %s\n' "$(cut -d' ' -f1,2 "$D/host_key.pub")" \
    >"$D/known_hosts"
cat >"$D/ssh_config" <<EOC
Host host1 host2 host3 host4
	HostName 127.0.0.1
	Port $port
Host dead
	HostName 127.0.0.1
	Port $dead
Host *
	User root
	IdentityFile $D/client_key
	IdentitiesOnly yes
	HostKeyAlias springsim-test-sshd
	UserKnownHostsFile $D/known_hosts
	StrictHostKeyChecking yes
	BatchMode yes
	ConnectTimeout 5
EOC
/usr/sbin/sshd -t -f "$D/sshd_config"
# an absolute path: sshd re-executes itself with it for every connection
/usr/sbin/sshd -f "$D/sshd_config" -E "$D/sshd.log"
i=0
until ssh -F "$D/ssh_config" host1 true 2>/dev/null; do
	i=$((i + 1))
	if [ $i -gt 100 ]; then
		echo "sshd-up: no answer on 127.0.0.1:$port after 10 s" >&2
		cat "$D/sshd.log" >&2
		exit 1
	fi
	sleep 0.1
done
