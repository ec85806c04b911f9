/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

/**
 * @file
 * @ingroup hostnet
 * The command line of LeafSpineScenario (helper/leaf-spine-scenario.h): a two-tier leaf-spine
 * whose every server is a hostnet host, for network-wide what-if studies: "which interrupt scheme
 * on every server keeps the RPC p99 under 200 us at 60 % load?". Each host sends background traffic
 * to a host under the next leaf at --load of its link rate, runs a request/response server and a
 * client that calls a server under another leaf at --rpcRate, and --tcpFlows long TCP transfers
 * cross the fabric. Every host uses the same --scheme preset. With --traffic=kv the background
 * is --traffic=tcp's bulk transfers and the RPCs are a memcached-like KeyValueServer
 * (--kvThreads threads pinned on cores 0.., each with an epoll instance: --busyPollUsecs,
 * --busyPollBudget, --preferBusyPoll, --epollTimeout) and a mutilate-like KeyValueClient agent
 * (--kvConnections depth-1 connections, ETC keys and values, 3 % SETs) on every host; the rpc_*
 * metrics are then the agents' request latencies. --irqSuspendTimeout (Linux 6.13 IRQ
 * suspension) and --threadedNapi set every queue's NAPI context.
 *
 * One run = one configuration; the study runner (python -m hostnet run) sweeps them. Metrics
 * go to stdout and, with --metrics=<path>, to a JSON object:
 *   rpc_p50_us rpc_p99_us rpc_p999_us rpc_mean_us rpc_completed   RPC response times
 *   rpc_sent rpc_answered                                           requests sent, share answered
 *   tcp_goodput_mbps tcp_goodput_total_mbps tcp_flows               long flows (mean, sum, n)
 *   bg_goodput_mbps                                                 --traffic=tcp, per host
 *   cpu_availability cpu_availability_min                           hosts (mean, worst)
 *   cpu_cores_busy cpu_kernel_cores cpu_app_cores                   cores' worth per host
 *   cpu_busiest_core cpu_busiest_core_max                           busiest core (mean, max)
 *   busy_poll_cores                                                 RPC busy-poll spin per host
 *                                                                   (kv: epoll busy loops)
 *   interrupts_per_s                                                Rx ISRs per host
 *   drops_fifo drops_no_descriptor drops_backlog drops_socket       hosts, by cause
 *   drops_switch drops_leaf drops_spine                             switch ports
 *   offered_load_mbps delivered_mbps                                per host (mean)
 * A metric without samples (no RPC completed, no TCP flow) is null in the JSON and "nan" on
 * stdout, never 0; --PrintMetrics lists the names.
 *
 * One large run can be split over processes with ns-3's MPI distributed simulator (an ns-3
 * tree configured with --enable-mpi): mpirun -np 2 <program> --distributed=window ...
 * simulates each leaf with its hosts in one process and prints the whole network's metrics
 * (rank 0 prints them), equal to the sequential run's (switches take ties in input-port
 * order, --portOrderTies; doc/user-guide.rst, "Distributed runs").
 */

#include "hostnet-example-options.h"
#include "hostnet-example-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"

#include <cmath>
#include <iostream>
#include <string>

using namespace ns3;
using namespace hostnet_example;

NS_LOG_COMPONENT_DEFINE("HostnetLeafSpine");

namespace
{

/// The options this example reads as text or converts; the rest go to the scenario's Parameters.
struct RunOptions
{
    std::string hostLinkRate{"1Gbps"};
    std::string fabricLinkRate{"2Gbps"};
    double linkDelay{1e-6}; ///< seconds
    std::string scheme{"napi"};
    double duration{0.05}; ///< seconds
    double warmup{0.01};   ///< seconds
    std::string metrics;
    std::string hosts{"scheme"};
    bool progress{true}; ///< the progress line on a terminal
    double busyPollUs{0};
    uint32_t deferHardIrqs{0};
    double groFlushTimeoutUs{0};
    double irqSuspendTimeoutUs{0};
    double epollTimeoutMs{-1};
    std::string label;
    std::string distributed{"none"};
};

} // namespace

int
main(int argc, char* argv[])
{
    LeafSpineScenario::Parameters params;
    RunOptions opt;
    Options opts(__FILE__,
                 "A leaf-spine of hostnet hosts: RPC latency, TCP goodput, CPU and drops under "
                 "one interrupt scheme. --RngRun=<n> selects the replication.");
    opts.Add("spines", "Spine switches", params.spines);
    opts.Add("leaves", "Leaf switches (1..254)", params.leaves);
    opts.Add("hostsPerLeaf", "Hosts under each leaf (1..254)", params.hostsPerLeaf);
    opts.Add("hostLinkRate", "Host-leaf link rate", opt.hostLinkRate, Rate());
    opts.Add("fabricLinkRate", "Leaf-spine link rate", opt.fabricLinkRate, Rate());
    opts.AddSeconds("linkDelay", "Propagation delay of every link", opt.linkDelay);
    opts.Add("switchQueue",
             "Drop-tail buffer per switch port (e.g. 100p, 150KB)",
             params.switchQueue,
             QueueSizeText());
    opts.Add("scheme",
             "Interrupt scheme of every host (HostNetDeviceHelper::SetScheme), or preset: "
             "keep the moderation and receive mode of the --hosts preset (e.g. mlx5-100g's "
             "adaptive-rx, net_dim)",
             opt.scheme,
             [](const std::string& v) { return v == "preset" ? std::string() : Scheme()(v); });
    opts.Add("load",
             "Background load per host as a fraction of its link rate (0..<1)",
             params.load);
    opts.Add("traffic",
             "Background traffic: selfsimilar (Salah et al. 2008: 8 Pareto ON/OFF streams) | "
             "poisson (UDP datagrams) | tcp (one bulk TCP transfer per host, its writes "
             "rate-limited by the application to --load of the link, each a line-rate burst: "
             "storage or replication traffic) | kv (tcp's bulk transfers, and the RPCs are a "
             "memcached-like key-value server with epoll threads on every host and a "
             "mutilate-like agent calling a server under another leaf: see --kvThreads)",
             params.traffic,
             AnyText());
    opts.Add("frameSizes",
             "Self-similar frame sizes: backbone | <bytes> | <size,cdf CSV file>",
             params.frameSizes,
             FrameSizesText());
    opts.Add("bgPayload",
             "UDP payload bytes of Poisson background datagrams (1..1472)",
             params.bgPayload);
    opts.Add("tcpFlows", "Long TCP flows between hosts of different leaves", params.tcpFlows);
    opts.Add("rpcRate",
             "RPC requests per second per client host (Poisson; 0 = none)",
             params.rpcRate);
    opts.Add("rpcRequestSize", "RPC request bytes", params.rpcRequestSize);
    opts.Add("rpcResponseSize", "RPC response bytes", params.rpcResponseSize);
    opts.Add("rpcSizes",
             "RPC sizes: fixed (--rpcRequestSize, --rpcResponseSize) | etc (Facebook's ETC "
             "memcached keys and values, Atikoglu et al. 2012: median response 192 B, p99 2.5 "
             "KB)",
             params.rpcSizes,
             AnyText());
    opts.Add("busyPoll",
             "net.core.busy_poll of the RPC clients and servers, microseconds (0 = off; needs "
             "a NAPI scheme): an idle RPC thread spins this long on its connection's NAPI "
             "context before it sleeps",
             opt.busyPollUs);
    opts.Add("kvThreads",
             "--traffic=kv: worker threads of every key-value server (memcached -t), thread t "
             "pinned on core t, connections given by NAPI id (memcached -N)",
             params.kvThreads);
    opts.Add("kvConnections",
             "--traffic=kv: TCP connections of every agent, one request outstanding on each; "
             "--rpcRate is shared among them",
             params.kvConnections);
    opts.Add("busyPollUsecs",
             "--traffic=kv: busy_poll_usecs of the server threads' epoll instances "
             "(EPIOCSPARAMS, Linux 6.9): epoll_wait with nothing ready busy-polls the NAPI "
             "context of its connections this long before it sleeps (0 = off, or one poll "
             "with --preferBusyPoll)",
             params.busyPollUsecs);
    opts.Add("busyPollBudget",
             "--traffic=kv: busy_poll_budget, frames per busy poll call (Linux's default 8)",
             params.busyPollBudget);
    opts.Add("preferBusyPoll",
             "--traffic=kv: prefer_busy_poll of the epoll instances: the softirq leaves a "
             "context to the busy-polling thread (with --deferHardIrqs and --groFlushTimeout), "
             "and IRQ suspension can start",
             params.preferBusyPoll);
    opts.Add("epollTimeout",
             "--traffic=kv: epoll_wait timeout of the server threads, whole milliseconds (-1 = "
             "block until an event, 0 = non-blocking: the threads spin calling epoll_wait)",
             opt.epollTimeoutMs);
    opts.Add("irqSuspendTimeout",
             "--traffic=kv: irq_suspend_timeout of every queue, microseconds (Linux 6.13; 0 = "
             "off): while the epoll threads keep finding events the IRQ stays masked up to "
             "this long; needs --preferBusyPoll, --deferHardIrqs and --groFlushTimeout",
             opt.irqSuspendTimeoutUs);
    opts.Add("threadedNapi",
             "Threaded NAPI on every queue (/sys/class/net/<if>/threaded): a kernel thread "
             "per NAPI context polls it instead of the NET_RX softirq",
             params.threadedNapi);
    opts.Add("irqPlacement",
             "Rx IRQ affinity: spread (queue q on core q mod NCores, as irqbalance or the "
             "driver's default) | dedicated (every queue on the first --irqCores cores, the "
             "applications elsewhere with --appCores=separate)",
             params.irqPlacement,
             AnyText());
    opts.Add("irqCores", "Cores that take the IRQs with --irqPlacement=dedicated", params.irqCores);
    opts.Add("appCores",
             "Application threads: same (all on core 0) | separate (pinned one per core after "
             "the IRQ cores: RPC server, RPC client, background sender, background sink; needs "
             "--irqCores + 4 cores)",
             params.appCores,
             AnyText());
    opts.Add("deferHardIrqs",
             "napi_defer_hard_irqs of every queue (0 = off): a NAPI poll that ends with work "
             "done keeps the IRQ masked this many times and lets the gro_flush_timeout "
             "timer poll again (needs --groFlushTimeout > 0)",
             opt.deferHardIrqs,
             WholeFor("ns3::NapiRxMode", "DeferHardIrqs"));
    opts.Add("groFlushTimeout",
             "gro_flush_timeout of every queue, microseconds (0 = off)",
             opt.groFlushTimeoutUs,
             MicrosecondsFor("ns3::NapiRxMode", "GroFlushTimeout"));
    opts.Add("label",
             "A name for this configuration in study results (not used by the simulation)",
             opt.label,
             [](const std::string&) { return std::string(); });
    opts.AddSeconds("duration", "Measured time (after the warm-up)", opt.duration);
    opts.AddSeconds("warmup", "Warm-up time, deleted", opt.warmup);
    opts.Add("routing",
             "static (fixed paths computed per packet in O(1), see --ecmp) | global (ns-3's "
             "global routing; add --ns3::Ipv4GlobalRouting::RandomEcmpRouting=true for "
             "per-packet ECMP) | table (static's destination paths as Ipv4StaticRouting "
             "tables, scanned per packet: same results, slower with many hosts)",
             params.routing,
             AnyText());
    opts.Add("ecmp",
             "Spine choice of --routing=static: destination (one path per destination host) | "
             "flow (5-tuple hash, one path per flow)",
             params.ecmp,
             AnyText());
    opts.Add("hosts",
             "The hosts: scheme (HostNetDevices configured by --scheme) | plain (no host "
             "model: ns-3's point-to-point devices, the baseline of --cost; host metrics are "
             "undefined) | a host profile of HostNetDeviceHelper::SetPreset, shipped (" +
                 JoinNames(HostNetDeviceHelper::GetPresetNames()) +
                 ") or a .toml file (with --scheme on top)",
             opt.hosts,
             ProfileName({"scheme", "plain"}));
    opts.Add("portOrderTies",
             "Switches take frames that arrive at the same nanosecond in input-port order "
             "(SwitchArrivalOrder: --distributed runs then equal the sequential run); 0: in "
             "ns-3's scheduling order",
             params.portOrderTies);
    opts.Add("progress",
             "Show a progress line on stderr (simulated time, speed, time left) when the run "
             "takes more than a couple of seconds; only when stderr is a terminal",
             opt.progress);
    opts.Add("cost",
             "Also print the simulator's own cost after the metrics: process CPU time of the "
             "run, events, packets delivered to hosts, per-packet ratios and peak RSS",
             params.measureCost);
    opts.Add("metrics",
             "Write the metrics as a JSON object to this file",
             opt.metrics,
             OutputFile(true));
    opts.Add("distributed",
             "Split the run over MPI processes (mpirun -np N ...), by leaf: none | window "
             "(ns-3's DistributedSimulatorImpl) | nullmsg (NullMessageSimulatorImpl); needs "
             "an ns-3 tree configured with --enable-mpi",
             opt.distributed,
             OneOf({"none", "window", "nullmsg"}));
    opts.SetMetrics(LeafSpineScenario::GetMetricNames());
    // PurgingHeapScheduler (a binary heap in one vector that moves cancelled events out)
    // instead of ns-3's default MapScheduler (a red-black tree, one heap node per event):
    // events run in the same order, so the results are identical. Tens of thousands of
    // events are pending here, most of them cancelled TCP timers that ns-3 keeps until their
    // time; the purging heap releases them and keeps the live list short (5-13 % less CPU
    // time than MapScheduler at 16 to 1024 hosts, less memory). --SchedulerType overrides.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PurgingHeapScheduler"));
    opts.Parse(argc, argv);
    SimulationProgress::SetEnabled(opt.progress);
    if (opt.distributed != "none" && !DistributedRun::IsAvailable())
    {
        opts.Refuse("--distributed=" + opt.distributed +
                    " needs ns-3's MPI module: this build has none (build hostnet in an ns-3 "
                    "tree configured with --enable-mpi)");
    }
    DistributedRun::Enable(&argc, &argv, opt.distributed);
    params.hostLinkRate = DataRate(opt.hostLinkRate);
    params.fabricLinkRate = DataRate(opt.fabricLinkRate);
    params.linkDelay = Seconds(opt.linkDelay);
    params.busyPoll = FromMicroSeconds(opt.busyPollUs);
    params.duration = Seconds(opt.duration);
    params.warmup = Seconds(opt.warmup);
    params.plainHosts = opt.hosts == "plain";
    if (opt.epollTimeoutMs != std::floor(opt.epollTimeoutMs))
    {
        opts.Refuse("--epollTimeout=" + Show(opt.epollTimeoutMs) +
                    ": epoll_wait takes whole milliseconds (-1, 0, 1, ...)");
    }
    params.epollTimeoutMs = static_cast<int32_t>(opt.epollTimeoutMs);
    params.irqSuspendTimeout = FromMicroSeconds(opt.irqSuspendTimeoutUs);
    // Every range and combination of the scenario's parameters is LeafSpineScenario's own
    // check (the same that Build makes); it is told here with the options' names.
    opts.SetOptionOf("epollTimeoutMs", "epollTimeout");
    opts.SetOptionOf("plainHosts", "hosts=plain");
    opts.RefuseConfigError(LeafSpineScenario::FindConfigError(params));

    // The hosts' NICs: a preset, a scheme, or a scheme on top of a preset.
    HostNetDeviceHelper nic;
    bool preset = opt.hosts != "scheme" && !params.plainHosts;
    if (opt.scheme == "preset" && !preset)
    {
        opts.Refuse("--scheme=preset keeps the moderation of a --hosts preset; --hosts=" +
                    opt.hosts + " has none (choose a preset, or a scheme)");
    }
    if (preset)
    {
        nic.SetPreset(opt.hosts);
    }
    if (opt.scheme != "preset")
    {
        nic.SetScheme(opt.scheme);
    }
    if (opt.deferHardIrqs > 0 && opt.groFlushTimeoutUs == 0)
    {
        opts.Refuse("--deferHardIrqs=" + std::to_string(opt.deferHardIrqs) +
                    " needs --groFlushTimeout > 0: without the timer Linux re-arms the IRQ at "
                    "once (napi_complete_done), so the deferral would do nothing");
    }
    if (opt.deferHardIrqs > 0)
    {
        nic.SetRxModeAttribute("DeferHardIrqs", UintegerValue(opt.deferHardIrqs));
    }
    if (opt.groFlushTimeoutUs > 0)
    {
        nic.SetRxModeAttribute("GroFlushTimeout",
                               TimeValue(FromMicroSeconds(opt.groFlushTimeoutUs)));
    }
    if (opt.irqSuspendTimeoutUs > 0 && (opt.deferHardIrqs == 0 || opt.groFlushTimeoutUs == 0))
    {
        opts.Refuse("--irqSuspendTimeout needs --deferHardIrqs > 0 and --groFlushTimeout > 0: "
                    "they keep the IRQ masked between the application's busy polls, which "
                    "the suspension extends");
    }
    LeafSpineScenario scenario(params);
    scenario.SetHostNetDeviceHelper(nic);
    scenario.InstallFabric();
    // LeafSpineScenario::InstallApplications checks the same (GetRequiredCores), naming its
    // Parameters; the hosts' cores are known once they are made.
    if (!params.plainHosts)
    {
        uint32_t cores = scenario.GetFabric().GetHosts().Get(0)->GetObject<HostCpu>()->GetNCores();
        if (scenario.GetRequiredCores() > cores)
        {
            opts.Refuse("--appCores=" + params.appCores +
                        " with --irqCores=" + std::to_string(params.irqCores) + " needs " +
                        std::to_string(scenario.GetRequiredCores()) + " cores; the hosts have " +
                        std::to_string(cores) + " (HostCpu::NCores, set by --hosts)");
        }
    }
    scenario.InstallApplications();
    scenario.Run();

    const uint32_t rank = DistributedRun::GetRank();
    Simulator::Destroy();
    DistributedRun::Disable();
    if (rank != 0)
    {
        return 0; // rank 0 prints the whole run's metrics
    }
    const auto metrics = scenario.GetNamedMetrics();
    for (const auto& [name, value] : metrics)
    {
        std::cout << name << " " << value << "\n";
    }
    if (params.measureCost)
    {
        std::cout << "cost_hosts " << opt.hosts << "\n"
                  << "cost_n_hosts " << scenario.GetFabric().GetNHosts() << "\n";
        PrintCost(std::cout, scenario.GetCost());
    }
    if (!opt.metrics.empty() && !WriteMetricsJson(opt.metrics, metrics))
    {
        std::cerr << "hostnet-leaf-spine: cannot write --metrics file '" << opt.metrics << "'\n";
        return 1;
    }
    return 0;
}
