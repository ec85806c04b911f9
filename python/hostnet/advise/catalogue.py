"""The receive settings ``hostnet advise`` compares, and the workloads it runs them under.

A setting is what an operator changes on a Linux server: the NIC's interrupt moderation
(``ethtool -C``), the NAPI instances' deferral and IRQ suspension (sysfs, netdev netlink),
epoll busy polling (sysctl or ``EPIOCSPARAMS``), where the queues' IRQs go and how many
server threads serve the queues. The catalogue is the one of
``examples/studies/datacenter.toml``, each setting deployed as its authors measured it:
``napibusy`` and ``suspend`` busy-poll their queues from the threads and get one thread per
queue (Damato and Karsten, "Suspend IRQs during application busy periods", Linux 6.13).

A workload is one of the shipped programs with the parameters that deploy a setting on it
(:meth:`Workload.parameters`), its latency and CPU metrics and its starvation test.
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Setting", "SETTINGS", "Workload", "WORKLOADS", "AdviseError"]


class AdviseError(ValueError):
    """Bad input to ``hostnet advise``: the message names what was typed and what is
    allowed (exit status 2)."""


@dataclass(frozen=True)
class Setting:
    """One receive setting, as an operator would deploy it."""

    label: str
    summary: str
    moderation: str = "adaptive"        # "adaptive": the profile's own; else rx-usecs (int)
    rx_usecs: int | None = None
    defer_hard_irqs: int = 0
    gro_flush_timeout_us: int = 0
    irq_suspend_timeout_us: int = 0
    busy_poll_usecs: int = 0
    busy_poll_budget: int = 8
    prefer_busy_poll: bool = False
    busy_poll_sysctl: bool = False      # busy polling through net.core.busy_poll (all epolls)
    irq_placement: str = "spread"       # spread | dedicated
    threads_per_queue: bool = False     # one server thread per queue (-N), else the default
    needs_napi: bool = False            # needs the host's receive mode to be NAPI

    def uses_epoll_params(self) -> bool:
        """Whether the application sets its epoll instances' parameters (EPIOCSPARAMS)."""
        return not self.busy_poll_sysctl and (self.busy_poll_usecs > 0 or self.prefer_busy_poll)


SETTINGS = (
    Setting("adaptive-rx", "the driver's own interrupt moderation (mlx5: adaptive-rx, net_dim "
            "on the CQE profile); no deferral, no busy polling"),
    Setting("rx-usecs-0", "adaptive-rx off, rx-usecs 0: an interrupt per completion, NAPI "
            "bounds the rate", moderation="fixed", rx_usecs=0),
    Setting("rx-usecs-8", "adaptive-rx off, rx-usecs 8", moderation="fixed", rx_usecs=8),
    Setting("rx-usecs-50", "adaptive-rx off, rx-usecs 50", moderation="fixed", rx_usecs=50),
    Setting("defer-irqs", "rx-usecs 0 + napi_defer_hard_irqs 10 + gro_flush_timeout 20 us",
            moderation="fixed", rx_usecs=0, defer_hard_irqs=10, gro_flush_timeout_us=20,
            needs_napi=True),
    Setting("busy-poll", "the driver's moderation + epoll busy polling 50 us "
            "(net.core.busy_poll = 50: budget 8, no prefer_busy_poll)", busy_poll_usecs=50,
            busy_poll_sysctl=True, needs_napi=True),
    Setting("irq-dedicated", "the driver's moderation + every queue's IRQ on cores 0-1; the "
            "server threads on cores 0-1 get the connections by NAPI id",
            irq_placement="dedicated"),
    Setting("napibusy", "rx-usecs 0 + napi_defer_hard_irqs 100 + gro_flush_timeout 200 us + "
            "epoll busy_poll_usecs 64, budget 64, prefer_busy_poll; one thread per queue",
            moderation="fixed", rx_usecs=0, defer_hard_irqs=100, gro_flush_timeout_us=200,
            busy_poll_usecs=64, busy_poll_budget=64, prefer_busy_poll=True,
            threads_per_queue=True, needs_napi=True),
    Setting("suspend", "rx-usecs 0 + napi_defer_hard_irqs 100 + gro_flush_timeout 20 us + "
            "irq_suspend_timeout 20 ms + prefer_busy_poll, busy_poll_usecs 0, budget 64; "
            "one thread per queue", moderation="fixed", rx_usecs=0, defer_hard_irqs=100,
            gro_flush_timeout_us=20, irq_suspend_timeout_us=20000, busy_poll_budget=64,
            prefer_busy_poll=True, threads_per_queue=True, needs_napi=True),
)
"""Every setting advise knows, in the order the report lists them."""


def _napi_parameters(s: Setting) -> dict:
    return {"deferHardIrqs": s.defer_hard_irqs, "groFlushTimeout": s.gro_flush_timeout_us,
            "irqSuspendTimeout": s.irq_suspend_timeout_us}


def _epoll_parameters(s: Setting) -> dict:
    return {"busyPollUsecs": s.busy_poll_usecs, "busyPollBudget": s.busy_poll_budget,
            "preferBusyPoll": s.prefer_busy_poll}


@dataclass(frozen=True)
class Workload:
    """One shipped program as advise runs it."""

    name: str
    program: str
    summary: str
    host_parameters: tuple          # the program's options that take the host profile
    load: str                       # the swept load parameter
    load_meaning: str
    default_loads: tuple
    quantiles: dict                 # "p99" -> metric name
    samples: str                    # the metric that counts the latency samples
    cpu: str                        # the CPU metric (lower is cheaper)
    cpu_meaning: str
    require: tuple = ()             # starvation tests ("metric>=value")
    metrics: tuple = ()             # the metrics every run must report
    unsupported: tuple = ()         # settings this program cannot deploy, with the reason
    fixed_queues: int | None = None  # the program reduces the host to this many queues
    knobs: dict = field(default_factory=dict)   # advise option -> default

    def parameters(self, setting: Setting, host, options) -> dict:
        """The program's parameters (besides the host profile and the load) that deploy
        @p setting on @p host (an advise.host.HostInfo) with the workload knobs
        @p options (a dict of the advise options)."""
        if self.name == "memcached":
            params = {"duration": options["duration"], "warmup": options["warmup"],
                      "clientHosts": options["clients"], "threads": options["threads"],
                      "connections": options["connections"]}
            params.update(_napi_parameters(setting))
            params.update(_epoll_parameters(setting))
            return params
        if self.name == "leaf-spine":
            per_queue = min(host.queues, host.cores)
            params = {"spines": 2, "leaves": 2, "hostsPerLeaf": 4, "hostLinkRate": "25Gbps",
                      "fabricLinkRate": "100Gbps", "switchQueue": "400KB", "traffic": "kv",
                      "tcpFlows": 0, "rpcRate": options["rate"], "rpcSizes": "etc",
                      "kvConnections": options["connections"], "appCores": "separate",
                      "irqCores": 2, "duration": options["duration"],
                      "warmup": options["warmup"], "scheme": "preset",
                      "irqPlacement": setting.irq_placement,
                      "kvThreads": per_queue if setting.threads_per_queue else options["threads"]}
            if options["sizes"] != "etc":
                request, response = options["sizes"]
                params.update(rpcSizes="fixed", rpcRequestSize=request,
                              rpcResponseSize=response)
            params.update(_napi_parameters(setting))
            params.update(_epoll_parameters(setting))
            return params
        # tcp-rr: closed loop; the load is the number of flows
        params = {"duration": options["duration"], "warmup": options["warmup"],
                  "scheme": "preset"}
        if options["sizes"] != "etc":
            params.update(requestSize=options["sizes"][0], responseSize=options["sizes"][1])
        params.update(_napi_parameters(setting))
        if setting.busy_poll_sysctl:
            params.update(busyPoll=setting.busy_poll_usecs, busyPollUsecs=0,
                          busyPollBudget=setting.busy_poll_budget, preferBusyPoll=False)
        else:
            params.update(busyPoll=0, **_epoll_parameters(setting))
        return params

    def threads(self, setting: Setting, host, options, load) -> int:
        """The server threads @p setting runs with (for the report and the commands)."""
        if self.name == "memcached":
            return self.fixed_queues
        if self.name == "leaf-spine":
            return min(host.queues, host.cores) if setting.threads_per_queue \
                else options["threads"]
        return tcp_rr_threads(setting, host, options, load)


def tcp_rr_threads(setting: Setting, host, options, flows) -> int:
    """tcp-rr: the threads per side: --threads, or with one thread per queue the largest
    divisor of the flows that is at most the queue count (--flows must be a multiple)."""
    if not setting.threads_per_queue:
        return options["threads"]
    best = 1
    for t in range(1, min(int(flows), host.queues) + 1):
        if int(flows) % t == 0:
            best = t
    return best


WORKLOADS = {
    "memcached": Workload(
        name="memcached", program="hostnet-memcached",
        summary="a memcached server (8 cores and queues, 8 threads pinned one per core, "
        "connections by NAPI id: memcached -t 8 -N 8) under a mutilate load of 7 machines "
        "(ETC sizes and gaps, 3 % updates)",
        host_parameters=("server",), load="qps", load_meaning="requests/s of all clients",
        default_loads=(200000, 400000, 600000, 800000),
        quantiles={"p50": "latency_p50_us", "p95": "latency_p95_us", "p99": "latency_p99_us",
                   "p999": "latency_p999_us"},
        samples="latency_count", cpu="cpu_busy_pct",
        cpu_meaning="server CPU busy, % of its 8 cores",
        require=("answered>=0.95",),
        metrics=("answered", "achieved_qps", "latency_count", "latency_p50_us",
                 "latency_p99_us", "cpu_busy_pct", "interrupts_per_s"),
        unsupported=(("irq-dedicated", "hostnet-memcached puts queue q's IRQ on core q, "
                      "next to thread q (the measured set-up); it has no IRQ placement "
                      "option"),),
        fixed_queues=8,
        knobs={"threads": 32, "connections": 20, "clients": "plain", "duration": 0.02,
               "warmup": 0.01}),
    "leaf-spine": Workload(
        name="leaf-spine", program="hostnet-leaf-spine",
        summary="a 2x2 leaf-spine of 8 servers on 25 Gb/s links, each a memcached-like "
        "key-value server with epoll threads (connections by NAPI id) beside a bulk TCP "
        "transfer at `load` of its link, and a mutilate-like agent calling a server under "
        "the other leaf (the data-centre study of the README)",
        host_parameters=("hosts",), load="load",
        load_meaning="bulk TCP load, fraction of the 25 Gb/s host link",
        default_loads=(0.2, 0.5, 0.8),
        quantiles={"p50": "rpc_p50_us", "p99": "rpc_p99_us", "p999": "rpc_p999_us"},
        samples="rpc_completed", cpu="cpu_cores_busy",
        cpu_meaning="CPU per server, cores busy",
        require=("rpc_answered>=0.95",),
        metrics=("rpc_p50_us", "rpc_p99_us", "rpc_completed", "rpc_answered",
                 "cpu_cores_busy", "interrupts_per_s", "bg_goodput_mbps"),
        knobs={"threads": 4, "connections": 4, "rate": 20000, "sizes": "etc",
               "duration": 0.02, "warmup": 0.01}),
    "tcp-rr": Workload(
        name="tcp-rr", program="hostnet-tcp-rr",
        summary="neper tcp_rr between two hosts of the profile (both tuned alike), closed "
        "loop: `flows` TCP flows, one transaction outstanding each",
        host_parameters=("server", "client"), load="flows",
        load_meaning="concurrent flows (closed loop)", default_loads=(1, 16, 64),
        quantiles={"p50": "latency_p50_us", "p90": "latency_p90_us",
                   "p99": "latency_p99_us", "p999": "latency_p999_us"},
        samples="latency_count", cpu="server_cpu_busy_pct",
        cpu_meaning="server CPU busy, % of its cores",
        metrics=("transactions_per_s", "latency_count", "latency_p50_us", "latency_p99_us",
                 "server_cpu_busy_pct", "server_interrupts_per_s"),
        unsupported=(("irq-dedicated", "hostnet-tcp-rr puts queue q's IRQ on core q mod "
                      "cores; it has no IRQ placement option"),),
        knobs={"threads": 1, "sizes": (1, 1), "duration": 0.02, "warmup": 0.005}),
}
"""The workloads, by the name ``--workload`` takes."""
