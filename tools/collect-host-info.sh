#!/usr/bin/env bash
# Collect what `hostnet profile from-host` reads about this host and one network interface.
#
#   tools/collect-host-info.sh IFACE [OUTDIR]
#
# Writes one file per command into OUTDIR (default: hostinfo-<hostname>-<IFACE>), named as
# python/hostnet/profile/from_host.py expects them, plus README.txt (date, host, interface) and
# errors.txt (every command that failed, with its message). Needs no root on most drivers
# (ethtool -i/-c/-g/-l/-k only read); a command that fails is recorded and skipped. Nothing is
# changed on the host. Then: python -m hostnet profile from-host OUTDIR --interface IFACE
set -u

if [ $# -lt 1 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
    echo "usage: $0 IFACE [OUTDIR]" >&2
    exit 2
fi
IFACE=$1
HOST=$(hostname 2>/dev/null || echo host)
OUT=${2:-hostinfo-$HOST-$IFACE}
SYS=/sys/class/net/$IFACE

if [ ! -d "$SYS" ]; then
    echo "$0: no interface $IFACE (no $SYS)" >&2
    exit 2
fi
mkdir -p "$OUT" || exit 2
: > "$OUT/errors.txt"

# run FILE CMD...: CMD's output into OUT/FILE; on failure, its message into errors.txt.
run() {
    file=$1
    shift
    if ! command -v "$1" > /dev/null 2>&1; then
        echo "$*: $1 not installed" >> "$OUT/errors.txt"
        return 1
    fi
    if "$@" > "$OUT/$file.tmp" 2> "$OUT/$file.err"; then
        mv "$OUT/$file.tmp" "$OUT/$file"
    else
        echo "$*: exit $?: $(head -c 300 "$OUT/$file.err" | tr '\n' ' ')" >> "$OUT/errors.txt"
        rm -f "$OUT/$file.tmp"
    fi
    rm -f "$OUT/$file.err"
}

# copy FILE PATH: a sysfs/procfs file into OUT/FILE, or a line in errors.txt.
copy() {
    if [ -r "$2" ]; then
        cat "$2" > "$OUT/$1" 2>> "$OUT/errors.txt" || echo "cat $2: failed" >> "$OUT/errors.txt"
    else
        echo "cat $2: not readable" >> "$OUT/errors.txt"
    fi
}

{
    echo "collected by tools/collect-host-info.sh for hostnet profile from-host"
    echo "date: $(date -u '+%Y-%m-%dT%H:%M:%SZ')"
    echo "hostname: $HOST"
    echo "interface: $IFACE"
} > "$OUT/README.txt"

run ethtool.txt ethtool "$IFACE"
run ethtool-i.txt ethtool -i "$IFACE"
run ethtool-c.txt ethtool -c "$IFACE"
run ethtool-g.txt ethtool -g "$IFACE"
run ethtool-l.txt ethtool -l "$IFACE"
run ethtool-k.txt ethtool -k "$IFACE"
run ethtool-x.txt ethtool -x "$IFACE"
run lscpu.txt lscpu
run uname-r.txt uname -r
if command -v sysctl > /dev/null 2>&1; then
    { sysctl net.core 2>/dev/null; sysctl net.ipv4 2>/dev/null | grep '^net\.ipv4\.tcp_'; } \
        > "$OUT/sysctl-net.txt" || echo "sysctl net.core: failed" >> "$OUT/errors.txt"
    [ -s "$OUT/sysctl-net.txt" ] || { rm -f "$OUT/sysctl-net.txt"; echo "sysctl: no output" >> "$OUT/errors.txt"; }
else
    echo "sysctl: not installed" >> "$OUT/errors.txt"
fi
copy proc-interrupts.txt /proc/interrupts
copy threaded.txt "$SYS/threaded"
copy ifindex.txt "$SYS/ifindex"
copy numa-node.txt "$SYS/device/numa_node"
copy napi-defer-hard-irqs.txt "$SYS/napi_defer_hard_irqs"
copy gro-flush-timeout.txt "$SYS/gro_flush_timeout"
# The device behind the interface: a PCI address (0000:01:00.0) or a virtio device (virtio2),
# which names its IRQs in /proc/interrupts.
if [ -e "$SYS/device" ]; then
    basename "$(readlink -f "$SYS/device")" > "$OUT/device.txt"
fi
if [ -L "$SYS/device/driver" ]; then
    basename "$(readlink "$SYS/device/driver")" > "$OUT/driver.txt"
fi

# Receive packet steering masks: "rx-N: mask", one line per queue.
: > "$OUT/rps-cpus.txt"
for q in "$SYS"/queues/rx-*; do
    [ -r "$q/rps_cpus" ] && echo "$(basename "$q"): $(cat "$q/rps_cpus")" >> "$OUT/rps-cpus.txt"
done
[ -s "$OUT/rps-cpus.txt" ] || rm -f "$OUT/rps-cpus.txt"

# Affinity of the interface's IRQs: "IRQ: cpu-list" for every /proc/interrupts line that names
# the interface, its PCI address (mlx5_comp0@pci:0000:01:00.0) or its virtio device.
BUS=$(basename "$(readlink -f "$SYS/device" 2>/dev/null)" 2>/dev/null)
PCI=$(basename "$(dirname "$(readlink -f "$SYS/device" 2>/dev/null)")" 2>/dev/null)
: > "$OUT/irq-affinity.txt"
if [ -r /proc/interrupts ]; then
    awk -v a="$IFACE" -v b="$BUS" -v c="$PCI" '
        $1 ~ /^[0-9]+:$/ && (index($0, a) || (b != "" && index($0, b)) ||
                             (c ~ /^[0-9a-f]{4}:/ && index($0, c))) { sub(":", "", $1); print $1 }
    ' /proc/interrupts | while read -r irq; do
        if [ -r "/proc/irq/$irq/smp_affinity_list" ]; then
            echo "$irq: $(cat "/proc/irq/$irq/smp_affinity_list")" >> "$OUT/irq-affinity.txt"
        fi
    done
fi
[ -s "$OUT/irq-affinity.txt" ] || rm -f "$OUT/irq-affinity.txt"

# Per-NAPI settings (netdev netlink, Linux 6.13+ for irq-suspend-timeout): ynl if installed,
# else the kernel tree's tools/net/ynl/cli.py (pyynl/cli.py in newer trees).
NAPI_DONE=0
if command -v ynl > /dev/null 2>&1; then
    ynl --family netdev --dump napi-get --output-json > "$OUT/napi-get.json" 2>> "$OUT/errors.txt" \
        || ynl --family netdev --dump napi-get > "$OUT/napi-get.json" 2>> "$OUT/errors.txt" && NAPI_DONE=1
fi
if [ $NAPI_DONE = 0 ]; then
    for cli in /usr/src/linux/tools/net/ynl/cli.py /usr/src/linux/tools/net/ynl/pyynl/cli.py; do
        spec=/usr/src/linux/Documentation/netlink/specs/netdev.yaml
        if [ -r "$cli" ] && [ -r "$spec" ]; then
            python3 "$cli" --spec "$spec" --dump napi-get --output-json > "$OUT/napi-get.json" \
                2>> "$OUT/errors.txt" && NAPI_DONE=1 && break
        fi
    done
fi
if [ $NAPI_DONE = 0 ]; then
    rm -f "$OUT/napi-get.json"
    echo "napi-get: ynl not found (pip install or build tools/net/ynl); per-NAPI settings not collected" >> "$OUT/errors.txt"
fi

echo "wrote $OUT ($(ls "$OUT" | wc -l) files; failures in $OUT/errors.txt: $(wc -l < "$OUT/errors.txt"))"
