"""The Linux commands that apply a receive setting, each with the kernel it needs.

Kernel versions (the release that merged each interface):

* ``ethtool -C`` rx-usecs / adaptive-rx, ``ethtool -L``, ``ethtool -X``, ``/proc/irq/N/
  smp_affinity_list``: every kernel hostnet models (2.6); whether the *driver* has them is
  checked against its ethtool_ops (advise.host.DRIVERS).
* ``/sys/class/net/<if>/gro_flush_timeout``: 3.19 (net: gro: add a per device gro flush timer).
* ``/sys/class/net/<if>/napi_defer_hard_irqs``: 5.8 (net: napi: add hard irqs deferral
  feature, 6f8b12d661d0, April 2020, after the 5.7 merge window: first in 5.8).
* ``net.core.busy_poll`` applied to ``epoll_wait``: 4.12 (epoll: Add busy poll support to
  epoll with socket fds); the sysctl itself is 3.11.
* ``EPIOCSPARAMS`` (per-epoll busy_poll_usecs, busy_poll_budget, prefer_busy_poll): 6.9
  (ioctl_eventpoll(2)).
* netdev netlink ``napi-set`` (per-NAPI defer-hard-irqs, gro-flush-timeout) and
  ``irq-suspend-timeout``: 6.13 (per-NAPI configuration; "Suspend IRQs during application
  busy periods").

A command whose kernel is newer than the profile's ``[stack] KernelVersion``, or that the
driver does not have, is refused: it is listed with the reason and never printed as a
command to run.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalogue import Setting

__all__ = ["Command", "setting_commands", "KERNEL"]

KERNEL = {
    "ethtool": (2, 6),
    "gro_flush_timeout": (3, 19),
    "napi_defer_hard_irqs": (5, 8),
    "epoll_busy_poll": (4, 12),
    "EPIOCSPARAMS": (6, 9),
    "napi-set": (6, 13),
    "irq-suspend-timeout": (6, 13),
}
"""The first Linux release with each interface."""


def _version(v: tuple) -> str:
    return ".".join(str(p) for p in v)


@dataclass
class Command:
    """One step of applying a setting."""

    text: str            # the shell command (or, for the application, what to set)
    what: str            # what it does
    kernel: tuple        # the first Linux release that has it
    kind: str = "shell"  # shell | application
    refused: str = ""    # why it is not printed for this host ('' if it is)

    def to_dict(self) -> dict:
        return {"command": self.text, "what": self.what, "kind": self.kind,
                "min_kernel": _version(self.kernel), "refused": self.refused or None}


def _check(cmd: Command, host, driver_needs: str | None = None) -> Command:
    have = host.kernel_version
    if not have:
        cmd.refused = (f"needs Linux >= {_version(cmd.kernel)} (the profile gives no kernel "
                       "version: [stack] KernelVersion)")
    elif have < cmd.kernel:
        cmd.refused = (f"needs Linux >= {_version(cmd.kernel)} (the profile's kernel: "
                       f"{host.kernel})")
    caps = host.capabilities()
    if driver_needs and caps is not None and not caps.get(driver_needs, True):
        why = {"adaptive_rx": "has no adaptive-rx in ethtool -C",
               "channels": "has one receive queue (no ethtool -L)",
               "rss": "has no RSS indirection table (no ethtool -X)"}[driver_needs]
        cmd.refused = (cmd.refused + "; " if cmd.refused else "") + \
            f"the driver {host.driver} {why}"
    return cmd


def setting_commands(setting: Setting, host, queues: int, threads: int, workload) -> list:
    """The commands that deploy @p setting on @p host (an advise.host.HostInfo) with
    @p queues receive queues and @p threads server threads, in the order to run them."""
    iface = host.interface
    caps = host.capabilities() or {}
    cmds = []
    cores = min(host.cores, queues) if workload.fixed_queues else host.cores
    if queues > 1:
        cmds.append(_check(Command(f"ethtool -L {iface} combined {queues}",
                                   f"{queues} receive queues (channels)", KERNEL["ethtool"]),
                           host, "channels"))
        cmds.append(_check(Command(f"ethtool -X {iface} equal {queues}",
                                   f"RSS spreads flows over the {queues} queues",
                                   KERNEL["ethtool"]), host, "rss"))
    # interrupt moderation
    if setting.moderation == "adaptive":
        if caps.get("adaptive_rx", True):
            cmds.append(_check(Command(f"ethtool -C {iface} adaptive-rx on",
                                       "the driver's adaptive interrupt moderation",
                                       KERNEL["ethtool"]), host, "adaptive_rx"))
        else:  # e1000 family: dynamic conservative throttling is rx-usecs 3
            cmds.append(_check(Command(f"ethtool -C {iface} rx-usecs 3",
                                       "the driver's dynamic (conservative) interrupt "
                                       "throttling", KERNEL["ethtool"]), host))
    else:
        off = "adaptive-rx off " if caps.get("adaptive_rx", True) else ""
        cmds.append(_check(Command(f"ethtool -C {iface} {off}rx-usecs {setting.rx_usecs}",
                                   f"fixed interrupt moderation, rx-usecs {setting.rx_usecs}",
                                   KERNEL["ethtool"]), host))
    # IRQ placement
    pattern = caps.get("irq_pattern", "{if}").format(**{"if": iface})
    if setting.irq_placement == "dedicated":
        affinity, what = "$((i % 2))", "every queue's IRQ on cores 0-1 (set_irq_affinity_cpulist.sh 0-1)"
    else:
        affinity, what = f"$((i % {cores}))", f"queue q's IRQ on core q mod {cores}"
    cmds.append(_check(Command("systemctl stop irqbalance; i=0; for irq in $(awk -F: "
                               f"'/{pattern}/ {{print $1}}' /proc/interrupts); do echo "
                               f"{affinity} > /proc/irq/$irq/smp_affinity_list; i=$((i+1)); "
                               "done", what, KERNEL["ethtool"]), host))
    # NAPI deferral and IRQ suspension
    if setting.irq_suspend_timeout_us:
        ns = setting.irq_suspend_timeout_us * 1000
        cmds.append(_check(Command(
            f"for id in $(ynl --family netdev --dump napi-get --json '{{\"ifindex\": "
            f"'$(cat /sys/class/net/{iface}/ifindex)'}}' --output-json | jq '.[].id'); do "
            f"ynl --family netdev --do napi-set --json \"{{\\\"id\\\": $id, "
            f"\\\"defer-hard-irqs\\\": {setting.defer_hard_irqs}, \\\"gro-flush-timeout\\\": "
            f"{setting.gro_flush_timeout_us * 1000}, \\\"irq-suspend-timeout\\\": {ns}}}\"; "
            "done", f"per NAPI instance: napi_defer_hard_irqs {setting.defer_hard_irqs}, "
            f"gro_flush_timeout {setting.gro_flush_timeout_us} us, irq_suspend_timeout "
            f"{setting.irq_suspend_timeout_us // 1000} ms", KERNEL["irq-suspend-timeout"]),
            host))
    elif setting.defer_hard_irqs or setting.gro_flush_timeout_us:
        cmds.append(_check(Command(
            f"echo {setting.defer_hard_irqs} > /sys/class/net/{iface}/napi_defer_hard_irqs",
            "NAPI keeps the IRQ masked for this many polls that found work",
            KERNEL["napi_defer_hard_irqs"]), host))
        cmds.append(_check(Command(
            f"echo {setting.gro_flush_timeout_us * 1000} > /sys/class/net/{iface}/"
            "gro_flush_timeout", f"... and polls again after {setting.gro_flush_timeout_us} us "
            "(nanoseconds in the file)", KERNEL["gro_flush_timeout"]), host))
    else:  # back to the defaults, where the kernel has the knobs (else nothing to undo)
        for knob, what in (("napi_defer_hard_irqs", "no IRQ deferral"),
                           ("gro_flush_timeout", "no GRO flush timer")):
            reset = _check(Command(f"echo 0 > /sys/class/net/{iface}/{knob}", what,
                                   KERNEL[knob]), host)
            if not reset.refused:
                cmds.append(reset)
    # busy polling
    if setting.busy_poll_sysctl:
        cmds.append(_check(Command(
            f"sysctl -w net.core.busy_poll={setting.busy_poll_usecs}",
            f"epoll_wait busy-polls {setting.busy_poll_usecs} us before it sleeps (budget 8)",
            KERNEL["epoll_busy_poll"]), host))
    else:
        reset = _check(Command("sysctl -w net.core.busy_poll=0", "no system-wide busy polling",
                               KERNEL["epoll_busy_poll"]), host)
        if not reset.refused:
            cmds.append(reset)
    if setting.uses_epoll_params():
        cmds.append(_check(Command(
            "ioctl(epfd, EPIOCSPARAMS, &(struct epoll_params){ .busy_poll_usecs = "
            f"{setting.busy_poll_usecs}, .busy_poll_budget = {setting.busy_poll_budget}, "
            f".prefer_busy_poll = {int(setting.prefer_busy_poll)} }})",
            "in the server, on each thread's epoll instance after epoll_create1",
            KERNEL["EPIOCSPARAMS"], kind="application"), host))
    # the server's threads
    if workload.name in ("memcached", "leaf-spine"):
        cmds.append(Command(
            f"memcached -t {threads} -N {queues}  (thread t pinned on core t)",
            f"{threads} worker threads, connections given to threads by NAPI id",
            KERNEL["ethtool"], kind="application"))
    else:
        cmds.append(Command(f"tcp_rr -T {threads}  (thread t pinned on core t)",
                            f"{threads} thread(s) per side", KERNEL["ethtool"],
                            kind="application"))
    return cmds


def available(commands) -> bool:
    """Whether every command of a setting can be run on the host."""
    return not any(c.refused for c in commands)


def missing_kernel(commands) -> tuple:
    """The newest kernel a refused command needs (() if none is refused for its kernel)."""
    needs = [c.kernel for c in commands if c.refused and "needs Linux" in c.refused]
    return max(needs) if needs else ()
