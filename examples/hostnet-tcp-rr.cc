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
 * A neper tcp_rr / netperf TCP_RR-like request/response benchmark between two hostnet hosts:
 * a server (--server profile) and a client (--client profile), default both mlx5-100g, on one
 * --linkRate link with --linkDelay. --flows TCP connections over --threads threads on each
 * side, each flow with one transaction outstanding (closed loop): the client thread writes a
 * --requestSize request, the server thread reads it and writes a --responseSize response, the
 * client thread reads it and writes the next request. Every thread is a task pinned to core t
 * mod cores with its own epoll loop (KeyValueServer on the server, KeyValueClient on the
 * client, with fixed sizes); every system call costs --syscallCost. Every receive setting is
 * an option and applies to both hosts: interrupt moderation (--scheme, or the profile's),
 * busy polling (--busyPoll: net.core.busy_poll; --busyPollUsecs, --busyPollBudget,
 * --preferBusyPoll: the epoll instances' EPIOCSPARAMS), threaded NAPI, napi_defer_hard_irqs
 * with gro_flush_timeout, IRQ suspension, RPS/RFS (--steering).
 *
 * Metrics over --duration after --warmup, as "name value" lines on stdout, a JSON object
 * (--metrics) or a CSV header and row (--csv):
 *   transactions transactions_per_s                         the load
 *   latency_count latency_avg_us latency_p50_us              at the client: start of the
 *   latency_p90_us latency_p99_us latency_p999_us            write to end of the read
 *   <host>_cpu_busy_pct <host>_cpu_user_pct                 per host (server_, client_), %
 *   <host>_cpu_system_pct <host>_cpu_softirq_pct            of all its cores
 *   <host>_cpu_hardirq_pct <host>_interrupts_per_s
 *   <host>_cpu_us_per_transaction
 * A statistic without samples is "nan" (null in JSON, empty in CSV) next to its count 0.
 */

#include "hostnet-example-options.h"
#include "hostnet-example-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace hostnet_example;

NS_LOG_COMPONENT_DEFINE("HostnetTcpRr");

namespace
{

/// The port the server listens on (netperf's).
constexpr uint16_t PORT = 12865;

/// The options.
struct RunOptions
{
    std::string server{"mlx5-100g"}; ///< the server's host profile
    std::string client{"mlx5-100g"}; ///< the client's host profile
    std::string linkRate{"100Gbps"}; ///< the link
    double linkDelay{1e-6};          ///< seconds
    uint32_t flows{1};               ///< connections
    uint32_t threads{1};             ///< threads per side
    uint32_t requestSize{1};         ///< bytes
    uint32_t responseSize{1};        ///< bytes
    uint32_t cores{0};               ///< 0: the profile's
    uint32_t queues{0};              ///< 0: the profile's
    double syscallCostUs{1};         ///< per system call
    double serverWorkUs{0};          ///< server user time per transaction
    std::string scheme{"preset"};    ///< moderation and receive mode
    double busyPollUs{0};            ///< net.core.busy_poll
    uint32_t busyPollUsecs{0};       ///< EPIOCSPARAMS busy_poll_usecs
    uint32_t busyPollBudget{8};      ///< EPIOCSPARAMS busy_poll_budget
    bool preferBusyPoll{false};      ///< EPIOCSPARAMS prefer_busy_poll
    bool threadedNapi{false};        ///< threaded NAPI
    uint32_t deferHardIrqs{0};       ///< napi_defer_hard_irqs
    double groFlushTimeoutUs{0};     ///< gro_flush_timeout
    double irqSuspendTimeoutUs{0};   ///< irq_suspend_timeout
    std::string steering{"none"};    ///< none | rps | rfs
    uint32_t groPushBelow{0};        ///< GroEngine::PushBelow
    double duration{0.02};           ///< seconds
    double warmup{0.005};            ///< seconds
    bool perCore{false};             ///< print the CPU per core
    bool cost{false};                ///< print the simulator's cost
    std::string metrics;             ///< JSON output
    std::string csv;                 ///< CSV output
    std::string label;               ///< study label
};

/// A host of the run.
struct Host
{
    std::string name;                     ///< "server" or "client"
    Ptr<HostNetDevice> device;            ///< its NIC
    std::vector<HostCpu::TaskId> threads; ///< its application threads
    Time user;                            ///< the threads' user time in the window
};

/// The CPU split of one host (or core) in percent.
struct CpuSplit
{
    double busy{0};    ///< not idle
    double user{0};    ///< the application's own work
    double system{0};  ///< the threads' other time (system calls, TCP, busy polling)
    double softIrq{0}; ///< softirq and kernel threads (ksoftirqd, NAPI threads)
    double hardIrq{0}; ///< interrupt handlers (timer interrupts included)
};

/**
 * @param host the host
 * @param core a core, or -1 for the whole host
 * @return its CPU split over the window (NaN for an empty window)
 */
CpuSplit
Split(const Host& host, int64_t core)
{
    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    Ptr<HostCpu> cpu = host.device->GetCpu();
    HostCpuStats s = core < 0 ? cpu->GetStats() : cpu->GetCoreStats(core);
    if (!(s.elapsed > 0))
    {
        return {undefined, undefined, undefined, undefined, undefined};
    }
    Time threads;
    for (HostCpu::TaskId t : host.threads)
    {
        if (core < 0 || cpu->GetTaskCore(t) == uint32_t(core))
        {
            threads += cpu->GetTaskTime(t);
        }
    }
    // User time is the server's per-transaction work; it is spread over its threads' cores
    // in proportion to their time (only the whole host's is exact).
    double user = host.user.GetSeconds();
    if (core >= 0)
    {
        Time all;
        for (HostCpu::TaskId t : host.threads)
        {
            all += cpu->GetTaskTime(t);
        }
        user = all.IsStrictlyPositive() ? user * threads.GetSeconds() / all.GetSeconds() : 0;
    }
    CpuSplit c;
    c.busy = (1 - s.idleShare) * 100;
    c.user = user / s.elapsed * 100;
    c.system = (threads.GetSeconds() - user) / s.elapsed * 100;
    c.softIrq = (s.softIrqShare + s.kernelTaskShare) * 100;
    c.hardIrq = s.hardIrqShare * 100;
    return c;
}

/// @return the metric names, in output order
std::vector<std::string>
MetricNames()
{
    std::vector<std::string> names{"transactions",
                                   "transactions_per_s",
                                   "latency_count",
                                   "latency_avg_us",
                                   "latency_p50_us",
                                   "latency_p90_us",
                                   "latency_p99_us",
                                   "latency_p999_us"};
    for (const char* host : {"server", "client"})
    {
        for (const char* m : {"cpu_busy_pct",
                              "cpu_user_pct",
                              "cpu_system_pct",
                              "cpu_softirq_pct",
                              "cpu_hardirq_pct",
                              "interrupts_per_s",
                              "cpu_us_per_transaction"})
        {
            names.push_back(std::string(host) + "_" + m);
        }
    }
    return names;
}

} // namespace

int
main(int argc, char* argv[])
{
    RunOptions opt;
    Options opts(__FILE__,
                 "A neper tcp_rr / netperf TCP_RR-like benchmark between two hostnet hosts: "
                 "--flows closed-loop TCP flows (one transaction outstanding each) over "
                 "--threads epoll threads per side; transactions per second, latency "
                 "quantiles, CPU split and interrupts of both hosts, under every receive "
                 "setting. --RngRun=<n> selects the replication.");
    opts.Add("server",
             "The server's host profile, shipped (" +
                 JoinNames(HostNetDeviceHelper::GetPresetNames()) + ") or a .toml file",
             opt.server,
             ProfileName({}));
    opts.Add("client", "The client's host profile (as --server)", opt.client, ProfileName({}));
    opts.Add("linkRate", "Rate of the link between the hosts", opt.linkRate, Rate(1e3, 1e13));
    opts.AddSeconds("linkDelay", "Propagation delay of the link", opt.linkDelay, 0, 1);
    opts.Add("flows",
             "TCP flows (connections), each one transaction outstanding",
             opt.flows,
             1,
             16384);
    opts.Add("threads",
             "Threads on each side (--flows must be a multiple): thread t pinned to core t mod "
             "cores, each with its own epoll instance serving --flows / --threads flows",
             opt.threads,
             1,
             4096);
    opts.Add("requestSize",
             "Request bytes (neper -Q; at least 24 go on the wire: the message header)",
             opt.requestSize,
             1,
             1 << 24);
    opts.Add("responseSize",
             "Response bytes (neper -R; at least 25 go on the wire: the message header)",
             opt.responseSize,
             1,
             1 << 24);
    opts.Add("cores", "CPU cores of each host (0: the profile's)", opt.cores, 0, 1024);
    opts.Add("queues",
             "Receive queues of each NIC (0: the profile's); queue q's IRQ on core q mod cores",
             opt.queues,
             0,
             1024);
    opts.Add("syscallCost",
             "CPU time of each system call of the threads (epoll_wait with events, read, "
             "write), microseconds",
             opt.syscallCostUs,
             MicrosecondsFor("ns3::HostSocketCosts", "SyscallCost"));
    opts.Add("serverWork",
             "Server CPU time per transaction besides its system calls (user time), "
             "microseconds (neper: 0)",
             opt.serverWorkUs,
             0,
             1e6);
    opts.Add("scheme",
             "Interrupt moderation and receive mode of both hosts (HostNetDeviceHelper::"
             "SetScheme, e.g. napi, time-50us, count-8, net-dim, i40e-adaptive), or preset: "
             "the profiles' own (mlx5-100g: adaptive-rx, net_dim)",
             opt.scheme,
             [](const std::string& v) { return v == "preset" ? std::string() : Scheme()(v); });
    opts.Add("busyPoll",
             "net.core.busy_poll, microseconds (0 = off): the busy_poll_usecs of every epoll "
             "instance that has none of its own (--busyPollUsecs 0), both hosts",
             opt.busyPollUs,
             0,
             1e6);
    opts.Add("busyPollUsecs",
             "busy_poll_usecs of every thread's epoll instance (EPIOCSPARAMS, Linux 6.9): "
             "epoll_wait with nothing ready busy-polls the NAPI context of its flows this long "
             "before it sleeps (0 = --busyPoll)",
             opt.busyPollUsecs,
             WholeFor("ns3::EpollInstance", "BusyPollUsecs"));
    opts.Add("busyPollBudget",
             "busy_poll_budget of the epoll instances, frames per busy poll call (Linux's "
             "default 8)",
             opt.busyPollBudget,
             WholeFor("ns3::EpollInstance", "BusyPollBudget"));
    opts.Add("preferBusyPoll",
             "prefer_busy_poll of the epoll instances: the softirq leaves a context to the "
             "busy-polling thread (with --deferHardIrqs and --groFlushTimeout), and IRQ "
             "suspension can start",
             opt.preferBusyPoll);
    opts.Add("threadedNapi",
             "Threaded NAPI on every queue: a kernel thread per NAPI context polls it instead "
             "of the NET_RX softirq",
             opt.threadedNapi);
    opts.Add("deferHardIrqs",
             "napi_defer_hard_irqs of every queue (0 = off; needs --groFlushTimeout > 0)",
             opt.deferHardIrqs,
             WholeFor("ns3::NapiRxMode", "DeferHardIrqs"));
    opts.Add("groFlushTimeout",
             "gro_flush_timeout of every queue, microseconds (0 = off)",
             opt.groFlushTimeoutUs,
             MicrosecondsFor("ns3::NapiRxMode", "GroFlushTimeout"));
    opts.Add("irqSuspendTimeout",
             "irq_suspend_timeout of every queue, microseconds (Linux 6.13; 0 = off; needs "
             "--preferBusyPoll)",
             opt.irqSuspendTimeoutUs,
             MicrosecondsFor("ns3::NapiRxMode", "IrqSuspendTimeout"));
    opts.Add("steering",
             "Software steering of both hosts (ReceiveSteering Mode): none | rps (rps_cpus = "
             "every core) | rfs (to the core of the flow's reading thread)",
             opt.steering,
             OneOf({"none", "rps", "rfs"}));
    opts.Add("groPushBelow",
             "GroEngine::PushBelow of every queue of both hosts, bytes (0 = off, the default: "
             "both hosts set PSH on each write's last segment as Linux does, TcpPushMarker): "
             "GRO also lets a shorter segment go at once (an ablation)",
             opt.groPushBelow,
             WholeFor("ns3::GroEngine", "PushBelow"));
    opts.AddSeconds("duration", "Measured time (after the warm-up)", opt.duration, 1e-6, 1e5);
    opts.AddSeconds("warmup", "Warm-up time, deleted", opt.warmup, 0, 1e5);
    opts.Add("perCore",
             "Also print each host's CPU per core (busy, user, system, softirq, hard IRQ, %)",
             opt.perCore);
    opts.Add("cost", "Also print the simulator's own cost after the metrics", opt.cost);
    opts.Add("metrics",
             "Write the metrics as a JSON object to this file",
             opt.metrics,
             OutputFile(true));
    opts.Add("csv",
             "Write the metrics as CSV to this file: a header of their names and one row",
             opt.csv,
             OutputFile(true));
    opts.Add("label",
             "A name for this configuration in study results (not used by the simulation)",
             opt.label,
             [](const std::string&) { return std::string(); });
    opts.SetMetrics(MetricNames());
    opts.Parse(argc, argv);
    if (opt.flows % opt.threads != 0)
    {
        opts.Refuse("--flows=" + std::to_string(opt.flows) +
                    " with --threads=" + std::to_string(opt.threads) +
                    ": --flows must be a multiple of --threads (each thread serves "
                    "--flows / --threads flows)");
    }
    if (opt.deferHardIrqs > 0 && opt.groFlushTimeoutUs == 0)
    {
        opts.Refuse("--deferHardIrqs=" + std::to_string(opt.deferHardIrqs) +
                    " needs --groFlushTimeout > 0: without the timer Linux re-arms the IRQ at "
                    "once, so the deferral would do nothing");
    }
    if (opt.irqSuspendTimeoutUs > 0 && !opt.preferBusyPoll)
    {
        opts.Refuse("--irqSuspendTimeout needs --preferBusyPoll: Linux suspends IRQs only "
                    "from epoll_wait of an epoll instance with prefer_busy_poll");
    }
    const bool napiSettings = opt.threadedNapi || opt.deferHardIrqs > 0 ||
                              opt.groFlushTimeoutUs > 0 || opt.irqSuspendTimeoutUs > 0;

    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));

    NodeContainer nodes(2); // server, client
    InternetStackHelper().Install(nodes);
    PointToPointHelper link;
    link.SetDeviceAttribute("DataRate", DataRateValue(DataRate(opt.linkRate)));
    link.SetChannelAttribute("Delay", TimeValue(Seconds(opt.linkDelay)));
    NetDeviceContainer phys = link.Install(nodes);
    std::vector<Host> hosts(2);
    NetDeviceContainer devices;
    int64_t stream = 1;
    for (uint32_t i = 0; i < 2; ++i)
    {
        HostNetDeviceHelper nic;
        nic.SetPreset(i == 0 ? opt.server : opt.client);
        if (opt.scheme != "preset")
        {
            nic.SetScheme(opt.scheme);
        }
        if (opt.cores > 0)
        {
            nic.SetCpuAttribute("NCores", UintegerValue(opt.cores));
        }
        if (opt.queues > 0)
        {
            nic.SetDeviceAttribute("NQueues", UintegerValue(opt.queues));
        }
        nic.SetStatisticsAttribute("StageLatencies", BooleanValue(false));
        if (napiSettings)
        {
            // NapiRxMode's settings: a scheme without NAPI stops here with the attribute named.
            nic.SetRxModeAttribute("DeferHardIrqs", UintegerValue(opt.deferHardIrqs));
            nic.SetRxModeAttribute("GroFlushTimeout",
                                   TimeValue(FromMicroSeconds(opt.groFlushTimeoutUs)));
            nic.SetRxModeAttribute("IrqSuspendTimeout",
                                   TimeValue(FromMicroSeconds(opt.irqSuspendTimeoutUs)));
            nic.SetRxModeAttribute("Threaded", BooleanValue(opt.threadedNapi));
        }
        if (opt.steering != "none")
        {
            nic.SetSteeringAttribute("Mode", StringValue(opt.steering));
        }
        hosts[i].name = i == 0 ? "server" : "client";
        nic.SetGroAttribute("PushBelow", UintegerValue(opt.groPushBelow));
        hosts[i].device = nic.Install(phys.Get(i));
        stream += nic.AssignStreams(NetDeviceContainer(hosts[i].device), stream);
        devices.Add(hosts[i].device);
    }
    Ipv4InterfaceContainer ifs = Ipv4AddressHelper("10.0.0.0", "255.255.255.0").Assign(devices);

    auto epoll = CreateObject<EpollInstance>();
    const uint32_t busyPollUsecs =
        opt.busyPollUsecs > 0 ? opt.busyPollUsecs : static_cast<uint32_t>(opt.busyPollUs);
    epoll->SetAttribute("BusyPollUsecs", UintegerValue(busyPollUsecs));
    epoll->SetAttribute("BusyPollBudget", UintegerValue(opt.busyPollBudget));
    epoll->SetAttribute("PreferBusyPoll", BooleanValue(opt.preferBusyPoll));
    const Time syscall = FromMicroSeconds(opt.syscallCostUs);

    // The server: one thread per --threads, flows given round robin (--flows / --threads each).
    auto server = CreateObject<KeyValueServer>();
    server->SetAttribute("Port", UintegerValue(PORT));
    server->SetAttribute("Threads", UintegerValue(opt.threads));
    server->SetAttribute("Assignment", StringValue("round-robin"));
    server->SetAttribute("PinThreads", BooleanValue(true));
    server->SetAttribute("GetCost", TimeValue(FromMicroSeconds(opt.serverWorkUs)));
    server->SetAttribute("SetCost", TimeValue(FromMicroSeconds(opt.serverWorkUs)));
    server->SetAttribute("SyscallCost", TimeValue(syscall));
    server->SetAttribute("Epoll", PointerValue(epoll));
    nodes.Get(0)->AddApplication(server);
    server->SetStartTime(Seconds(0));
    stream += server->AssignStreams(stream);

    // The client: closed loop, depth 1, fixed sizes.
    KeyValueClientHelper helper(InetSocketAddress(ifs.GetAddress(0), PORT));
    helper.SetAttribute("Cpu", StringValue("threads"));
    helper.SetAttribute("Threads", UintegerValue(opt.threads));
    helper.SetAttribute("Connections", UintegerValue(opt.flows / opt.threads));
    helper.SetAttribute("Rate", DoubleValue(0));
    helper.SetAttribute("Depth", UintegerValue(1));
    helper.SetAttribute("RequestSize", UintegerValue(opt.requestSize));
    helper.SetAttribute("ResponseSize", UintegerValue(opt.responseSize));
    helper.SetAttribute("SyscallCost", TimeValue(syscall));
    helper.SetAttribute("Epoll", PointerValue(epoll));
    ApplicationContainer apps = helper.Install(nodes.Get(1));
    stream += KeyValueClientHelper::AssignStreams(apps, stream);
    auto client = DynamicCast<KeyValueClient>(apps.Get(0));
    const Time end = Seconds(opt.warmup + opt.duration);
    apps.Start(MicroSeconds(10));
    apps.Stop(end);

    uint64_t packets = 0;
    for (uint32_t i = 0; i < 2; ++i)
    {
        nodes.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeBoundCallback(&CountIpv4Packets, &packets));
    }
    Simulator::Schedule(Seconds(opt.warmup), [&]() {
        for (auto& h : hosts)
        {
            h.device->ResetStats();
            h.device->GetCpu()->ResetStats();
        }
        server->ResetStats();
        client->ResetStats();
    });
    Simulator::Stop(end);
    SimulationCostMeter meter;
    meter.Start();
    Simulator::Run();
    SimulationCost cost = meter.Stop(packets);

    // The hosts' threads and user time.
    for (uint32_t t = 0; t < opt.threads; ++t)
    {
        hosts[0].threads.push_back(server->GetThreadTask(t));
        hosts[0].user += server->GetThreadUserTime(t);
        hosts[1].threads.push_back(client->GetThreadTask(t));
    }

    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    const double duration = opt.duration;
    KeyValueClientStats stats = client->GetStats();
    const LatencyHistogram& h = client->GetLatencyHistogram();
    const bool measured = h.GetCount() > 0;
    std::vector<std::pair<std::string, double>> metrics{
        {"transactions", double(stats.responsesReceived)},
        {"transactions_per_s", stats.responsesReceived / duration},
        {"latency_count", double(h.GetCount())},
        {"latency_avg_us", measured ? h.GetMean() * 1e6 : undefined},
        {"latency_p50_us", measured ? h.GetQuantile(0.5) * 1e6 : undefined},
        {"latency_p90_us", measured ? h.GetQuantile(0.9) * 1e6 : undefined},
        {"latency_p99_us", measured ? h.GetQuantile(0.99) * 1e6 : undefined},
        {"latency_p999_us", measured ? h.GetQuantile(0.999) * 1e6 : undefined},
    };
    for (const auto& host : hosts)
    {
        CpuSplit c = Split(host, -1);
        HostCpuStats s = host.device->GetCpu()->GetStats();
        const double busySeconds = (1 - s.idleShare) * s.elapsed;
        metrics.emplace_back(host.name + "_cpu_busy_pct", c.busy);
        metrics.emplace_back(host.name + "_cpu_user_pct", c.user);
        metrics.emplace_back(host.name + "_cpu_system_pct", c.system);
        metrics.emplace_back(host.name + "_cpu_softirq_pct", c.softIrq);
        metrics.emplace_back(host.name + "_cpu_hardirq_pct", c.hardIrq);
        metrics.emplace_back(host.name + "_interrupts_per_s",
                             host.device->GetStats().interrupts / duration);
        metrics.emplace_back(host.name + "_cpu_us_per_transaction",
                             stats.responsesReceived > 0 && s.elapsed > 0
                                 ? busySeconds / stats.responsesReceived * 1e6
                                 : undefined);
    }
    std::ostringstream perCore;
    for (const auto& host : hosts)
    {
        for (uint32_t k = 0; opt.perCore && k < host.device->GetCpu()->GetNCores(); ++k)
        {
            CpuSplit c = Split(host, k);
            perCore << host.name << " core " << k << ": busy " << c.busy << " % user " << c.user
                    << " % system " << c.system << " % softirq " << c.softIrq << " % hardirq "
                    << c.hardIrq << " %\n";
        }
    }
    Simulator::Destroy();

    for (const auto& [name, value] : metrics)
    {
        std::cout << name << " " << value << "\n";
    }
    std::cout << perCore.str();
    if (opt.cost)
    {
        PrintCost(std::cout, cost);
    }
    if (!opt.metrics.empty() && !WriteMetricsJson(opt.metrics, metrics))
    {
        std::cerr << "hostnet-tcp-rr: cannot write --metrics file '" << opt.metrics << "'\n";
        return 1;
    }
    if (!opt.csv.empty())
    {
        std::ofstream out(opt.csv);
        for (std::size_t i = 0; i < metrics.size(); ++i)
        {
            out << (i ? "," : "") << metrics[i].first;
        }
        out << "\n";
        for (std::size_t i = 0; i < metrics.size(); ++i)
        {
            out << (i ? "," : "") << Csv(metrics[i].second);
        }
        out << "\n";
        out.close();
        if (out.fail())
        {
            std::cerr << "hostnet-tcp-rr: cannot write --csv file '" << opt.csv << "'\n";
            return 1;
        }
    }
    return 0;
}
