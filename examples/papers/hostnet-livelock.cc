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
 * Receive livelock study (Salah et al. 2007 Sec. 3-4): offered load sweep between two hosts for
 * the ideal system, normal interruption and NAPI, then a TCP transfer through a switch.
 *
 * Host A sends UDP datagrams at Poisson times over a 1 Gb/s point-to-point link to host
 * B; both hosts have HostNetDevices with Salah et al. 2007's costs (exponential ISR 1/r and
 * protocol 1/mu, buffer B). For every scheme, load and replication the receiver's
 * throughput, CPU availability and system latency (host memory -> end of protocol
 * processing, Salah et al. 2007's definition) are measured after a warm-up and written to
 * <out>/livelock.csv. With --tcp, a BulkSend TCP transfer between two hosts on a CSMA
 * switch (BridgeNetDevice) is run for each scheme and written to <out>/tcp.csv.
 *
 * ./hostnet-livelock --schemes=ideal,normal,napi --loads=10,50,100 --duration=1
 *                    --replications=2 --out=results/livelock
 *
 * One-point mode (for the study runner, python -m hostnet run examples/studies/livelock.toml):
 * one scheme, one load and the replication given by --RngRun; the metrics are written as a
 * JSON object to the --metrics file and nothing else is written. The numbers equal the sweep's
 * row for the same scheme, load and replication (same streams):
 *
 * ./hostnet-livelock --scheme=napi --load=150 --RngRun=2 --metrics=point.json
 */

#include "../hostnet-example-options.h"
#include "../hostnet-example-utils.h"

#include "ns3/applications-module.h"
#include "ns3/bridge-module.h"
#include "ns3/core-module.h"
#include "ns3/csma-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;
using namespace hostnet_example;

NS_LOG_COMPONENT_DEFINE("HostnetLivelock");

namespace
{

/// Command-line parameters of the study.
struct StudyConfig
{
    std::string schemes{"ideal,normal,napi"};           ///< schemes to compare
    std::string loads{"10,50,100,127,150,200,250,300"}; ///< offered loads (Kpps)
    double duration{1.0};                               ///< measured seconds per run
    double warmup{0.1};                                 ///< deleted seconds per run
    uint32_t replications{2};                           ///< runs per point (RngRun 1..n)
    std::string out{"results/livelock"};                ///< output directory
    double isrUs{3.73};                                 ///< 1/r
    double protoUs{5.34};                               ///< 1/mu
    uint32_t bufferSize{1024};                          ///< B
    uint32_t payload{18};                               ///< UDP payload bytes (64-byte frames)
    bool tcp{true};                                     ///< run the TCP transfer too
    double tcpDuration{1.0};                            ///< TCP transfer seconds
    std::string scheme;                                 ///< one-point mode: the scheme
    double load{0};                                     ///< one-point mode: Kpps
    std::string metrics;                                ///< one-point mode: JSON output
};

/**
 * Configure a helper for a scheme preset with the study's costs: Salah et al. 2007's host
 * (the "salah-2007" preset: exponential ISR and protocol times, no per-byte cost, buffer
 * B: the backlog in per-packet modes, the ring itself in the others, returned descriptor
 * by descriptor) with the ISR and protocol means and B of the options.
 */
HostNetDeviceHelper
MakeHostHelper(const std::string& scheme, const StudyConfig& cfg)
{
    HostNetDeviceHelper helper;
    helper.SetPreset("salah-2007");
    // The options' defaults are the preset's means: set them only when they differ. (Every
    // random variable setting draws automatic stream numbers, which the TCP run's CSMA
    // backoff sees: setting the preset's values again would change its results.)
    const StudyConfig defaults;
    if (cfg.isrUs != defaults.isrUs)
    {
        helper.SetCostAttribute(
            "IsrCost",
            StringValue(HostNetDeviceHelper::ExponentialCost(Seconds(cfg.isrUs * 1e-6))));
    }
    if (cfg.protoUs != defaults.protoUs)
    {
        helper.SetCostAttribute(
            "ProtocolCost",
            StringValue(HostNetDeviceHelper::ExponentialCost(Seconds(cfg.protoUs * 1e-6))));
    }
    helper.SetScheme(scheme);
    // B is the backlog of the per-packet modes (a default, so that it also reaches the TCP
    // run's hosts) and the ring of the others (NAPI, disable-enable, polling).
    Config::SetDefault("ns3::PerPacketRxMode::BacklogSize", UintegerValue(cfg.bufferSize));
    helper.SetRxRingAttribute("Descriptors", UintegerValue(cfg.bufferSize));
    return helper;
}

/// One row of livelock.csv.
struct LoadResult
{
    double throughputKpps;    ///< delivered Kpps
    double availability;      ///< receiver CPU availability
    double latencyMeanUs;     ///< mean system latency
    double latencyP99Us;      ///< 99th percentile
    uint64_t drops;           ///< NIC + host drops
    HostNetDeviceStats stats; ///< the receiver's statistics over the measured window
};

/// Run one (scheme, load, replication) point.
LoadResult
RunLoad(const std::string& scheme, double kpps, uint32_t replication, const StudyConfig& cfg)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(replication);
    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1us"));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper stack;
    stack.Install(nodes);
    HostNetDeviceHelper host = MakeHostHelper(scheme, cfg);
    NetDeviceContainer devices = host.Install(phys);
    host.AssignStreams(devices, 100);
    Ipv4AddressHelper ipv4("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);

    auto source = CreateObject<PoissonSourceApplication>();
    source->SetAttribute("Remote", AddressValue(InetSocketAddress(ifaces.GetAddress(1), 9)));
    source->SetAttribute("Rate", DoubleValue(kpps * 1e3));
    source->SetAttribute("PacketSize", UintegerValue(cfg.payload));
    source->AssignStreams(200);
    nodes.Get(0)->AddApplication(source);
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    nodes.Get(1)->AddApplication(sink);
    Time end = Seconds(cfg.warmup + cfg.duration);
    source->SetStartTime(Seconds(0));
    source->SetStopTime(end);

    auto receiver = DynamicCast<HostNetDevice>(devices.Get(1));
    Simulator::Schedule(Seconds(cfg.warmup), [receiver]() {
        receiver->ResetStats();
        receiver->GetCpu()->ResetStats();
    });
    Simulator::Stop(end);
    Simulator::Run();
    HostNetDeviceStats s = receiver->GetStats();
    LoadResult r{s.throughputPps / 1e3,
                 receiver->GetCpu()->GetStats().availability,
                 s.systemLatency.meanUs,
                 s.systemLatency.p99Us,
                 s.dropFifoOverrun + s.dropNoDescriptor + s.dropBacklog,
                 s};
    Simulator::Destroy();
    return r;
}

/// One row of tcp.csv.
struct TcpResult
{
    double goodputMbps;         ///< bytes read by the receiving application
    double availability;        ///< receiver CPU availability
    double interruptsPerSec;    ///< receiver Rx interrupts per second
    double packetsPerInterrupt; ///< receiver packets per interrupt
};

/// A BulkSend TCP transfer between two hosts on a CSMA switch (a BridgeNetDevice).
TcpResult
RunTcp(const std::string& scheme, const StudyConfig& cfg)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    // Full-size segments and Linux-like buffers instead of ns-3's 536-byte defaults.
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(4 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(4 << 20));
    NodeContainer hosts(2);
    Ptr<Node> sw = CreateObject<Node>();
    CsmaHelper csma;
    csma.SetChannelAttribute("DataRate", StringValue("1Gbps"));
    csma.SetChannelAttribute("Delay", TimeValue(MicroSeconds(5)));
    NetDeviceContainer hostPhys;
    NetDeviceContainer switchPorts;
    for (uint32_t i = 0; i < hosts.GetN(); ++i)
    {
        NetDeviceContainer link = csma.Install(NodeContainer(hosts.Get(i), sw));
        hostPhys.Add(link.Get(0));
        switchPorts.Add(link.Get(1));
    }
    BridgeHelper bridge;
    bridge.Install(sw, switchPorts);
    InternetStackHelper stack;
    stack.Install(hosts);
    // Realistic per-packet costs for TCP: Salah et al. 2007's 5.25 us + size / 748 MB/s.
    HostNetDeviceHelper host;
    host.SetScheme(scheme);
    NetDeviceContainer devices = host.Install(hostPhys);
    host.AssignStreams(devices, 100);
    // Every random variable of the run gets a fixed stream (CSMA backoff, the stack's jitter):
    // its results do not depend on what the process made before (the sweep, the checks).
    int64_t stream = 1000;
    stream += csma.AssignStreams(hostPhys, stream);
    stream += csma.AssignStreams(switchPorts, stream);
    stack.AssignStreams(hosts, stream);
    Ipv4AddressHelper ipv4("10.2.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifaces = ipv4.Assign(devices);

    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(ifaces.GetAddress(1), 5000));
    bulk.SetAttribute("MaxBytes", UintegerValue(0));
    ApplicationContainer senders = bulk.Install(hosts.Get(0));
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 5000)));
    hosts.Get(1)->AddApplication(sink);
    Time warmup = Seconds(0.1);
    Time end = warmup + Seconds(cfg.tcpDuration);
    senders.Start(Seconds(0));
    senders.Stop(end);
    auto receiver = DynamicCast<HostNetDevice>(devices.Get(1));
    uint64_t bytesAtWarmup = 0;
    Simulator::Schedule(warmup, [&]() {
        receiver->ResetStats();
        receiver->GetCpu()->ResetStats();
        bytesAtWarmup = sink->GetTotalRx();
    });
    Simulator::Stop(end);
    Simulator::Run();
    HostNetDeviceStats s = receiver->GetStats();
    TcpResult r{(sink->GetTotalRx() - bytesAtWarmup) * 8.0 / cfg.tcpDuration / 1e6,
                receiver->GetCpu()->GetStats().availability,
                s.interrupts / s.elapsed,
                s.packetsPerInterrupt};
    Simulator::Destroy();
    return r;
}

} // namespace

int
main(int argc, char* argv[])
{
    StudyConfig cfg;
    Options opts(__FILE__,
                 "Receive livelock of one host (Mogul and Ramakrishnan 1997; Salah et al. 2008): "
                 "throughput, CPU availability and latency vs offered load per scheme.");
    opts.Add("schemes",
             "Comma-separated scheme presets (ideal, normal, disable-enable, "
             "prenapi-count-8, prenapi-time-50us, pure-polling, napi-salah2007, hybrid, napi, "
             "count-8, time-50us, itr-8000, e1000-dynamic, i40e-adaptive, net-dim, "
             "buffer-adaptive)",
             cfg.schemes,
             ListOf(Scheme()));
    opts.Add("loads",
             "Comma-separated offered loads in Kpps (Poisson)",
             cfg.loads,
             ListOf(Number(0.001, 10000)));
    opts.AddSeconds("duration",
                    "Measured time per run (after the warm-up)",
                    cfg.duration,
                    1e-6,
                    1e5);
    opts.AddSeconds("warmup", "Warm-up deleted at the start of each run", cfg.warmup, 0, 1e5);
    opts.Add("replications",
             "Independent replications per point (RngRun 1..n)",
             cfg.replications,
             1,
             10000);
    opts.Add("out", "Output directory (livelock.csv, tcp.csv)", cfg.out, OutputDirectory());
    opts.Add("isrUs", "Mean ISR cost 1/r in us (exponential)", cfg.isrUs, 0, 1e6);
    opts.Add("protoUs", "Mean protocol cost 1/mu in us (exponential)", cfg.protoUs, 1e-3, 1e6);
    opts.Add("bufferSize",
             "B: backlog (per-packet modes) or ring (NAPI) in packets",
             cfg.bufferSize,
             1,
             1 << 24);
    opts.Add("payload", "UDP payload bytes (18 = 64-byte Ethernet frames)", cfg.payload, 0, 1472);
    opts.Add("tcp", "Also run a TCP transfer through a switch per scheme", cfg.tcp);
    opts.AddSeconds("tcpDuration", "Time of the TCP transfer", cfg.tcpDuration, 1e-6, 1e5);
    opts.Add("scheme",
             "One-point mode: the scheme preset (with --load and --metrics)",
             cfg.scheme,
             [](const std::string& v) { return v.empty() ? std::string() : Scheme()(v); });
    opts.Add("load",
             "One-point mode: the offered load in Kpps (0: sweep mode)",
             cfg.load,
             0,
             10000);
    opts.Add("metrics",
             "One-point mode: write the metrics of --scheme, --load and the replication "
             "--RngRun as a JSON object to this file (no CSV, no TCP run)",
             cfg.metrics,
             OutputFile(true));
    opts.SetMetrics({"throughput_kpps",
                     "cpu_availability",
                     "latency_mean_us",
                     "latency_p99_us",
                     "latency_count",
                     "drops",
                     "drops_fifo",
                     "drops_no_descriptor",
                     "drops_backlog",
                     "arrived_kpps",
                     "interrupts_per_s",
                     "packets_per_interrupt"});
    opts.Parse(argc, argv);

    bool onePoint = !cfg.scheme.empty() || cfg.load != 0 || !cfg.metrics.empty();
    if (onePoint)
    {
        if (cfg.scheme.empty() || cfg.metrics.empty() || cfg.load == 0)
        {
            opts.Refuse("one-point mode needs --scheme=<preset>, --load=<Kpps, > 0> and "
                        "--metrics=<json path> together");
        }
        cfg.schemes = cfg.scheme;
        std::ostringstream load;
        load << std::setprecision(17) << cfg.load;
        cfg.loads = load.str();
    }
    // The options layer checked every item: no empty item, every scheme known, loads > 0.
    auto schemes = Split(cfg.schemes);
    std::vector<double> loads;
    for (const auto& l : Split(cfg.loads))
    {
        loads.push_back(std::stod(l));
    }

    if (onePoint)
    {
        // The replication is ns-3's run number (--RngRun, default 1), as in the sweep.
        auto replication = static_cast<uint32_t>(RngSeedManager::GetRun());
        LoadResult r = RunLoad(schemes[0], loads[0], replication, cfg);
        const HostNetDeviceStats& s = r.stats;
        bool written =
            WriteMetricsJson(cfg.metrics,
                             {{"throughput_kpps", r.throughputKpps},
                              {"cpu_availability", r.availability},
                              {"latency_mean_us", r.latencyMeanUs},
                              {"latency_p99_us", r.latencyP99Us},
                              {"latency_count", static_cast<double>(s.systemLatency.count)},
                              {"drops", static_cast<double>(r.drops)},
                              {"drops_fifo", static_cast<double>(s.dropFifoOverrun)},
                              {"drops_no_descriptor", static_cast<double>(s.dropNoDescriptor)},
                              {"drops_backlog", static_cast<double>(s.dropBacklog)},
                              {"arrived_kpps", s.rxArrived / s.elapsed / 1e3},
                              {"interrupts_per_s", s.interrupts / s.elapsed},
                              {"packets_per_interrupt", s.packetsPerInterrupt}});
        NS_ABORT_MSG_IF(!written, "--metrics: cannot write '" << cfg.metrics << "'");
        std::cout << std::fixed << std::setprecision(3) << schemes[0] << " load " << loads[0]
                  << " Kpps RngRun " << replication << ": throughput " << r.throughputKpps
                  << " Kpps, CPU availability " << r.availability << ", latency " << r.latencyMeanUs
                  << " us (p99 " << r.latencyP99Us << "), " << s.interrupts / s.elapsed
                  << " interrupts/s; wrote " << cfg.metrics << "\n";
        return 0;
    }

    std::filesystem::create_directories(cfg.out);
    std::string csvPath = cfg.out + "/livelock.csv";
    std::ofstream csv(csvPath);
    NS_ABORT_MSG_IF(!csv, "cannot write " << csvPath);
    csv << "scheme,load_kpps,replication,throughput_kpps,cpu_availability,latency_mean_us,"
           "latency_p99_us,drops\n";
    std::cout << std::fixed << std::setprecision(3);
    for (const auto& scheme : schemes)
    {
        for (double kpps : loads)
        {
            for (uint32_t rep = 1; rep <= cfg.replications; ++rep)
            {
                LoadResult r = RunLoad(scheme, kpps, rep, cfg);
                csv << scheme << "," << kpps << "," << rep << "," << r.throughputKpps << ","
                    << r.availability << "," << Csv(r.latencyMeanUs) << "," << Csv(r.latencyP99Us)
                    << "," << r.drops << "\n"
                    << std::flush;
                std::cout << std::setw(7) << scheme << " load " << std::setw(7) << kpps
                          << " Kpps rep " << rep << ": throughput " << std::setw(8)
                          << r.throughputKpps << " Kpps, CPU availability " << r.availability
                          << ", latency " << r.latencyMeanUs << " us (p99 " << r.latencyP99Us
                          << ")\n";
            }
        }
    }
    std::cout << "wrote " << csvPath << "\n";

    if (cfg.tcp)
    {
        std::string tcpPath = cfg.out + "/tcp.csv";
        std::ofstream tcp(tcpPath);
        tcp << "scheme,goodput_mbps,cpu_availability,interrupts_per_s,packets_per_interrupt\n";
        for (const auto& scheme : schemes)
        {
            TcpResult r = RunTcp(scheme, cfg);
            tcp << scheme << "," << r.goodputMbps << "," << r.availability << ","
                << r.interruptsPerSec << "," << Csv(r.packetsPerInterrupt) << "\n";
            std::cout << "TCP through a switch, " << scheme << ": goodput " << r.goodputMbps
                      << " Mb/s, receiver CPU availability " << r.availability << ", "
                      << r.interruptsPerSec << " interrupts/s, " << r.packetsPerInterrupt
                      << " packets/interrupt\n";
        }
        std::cout << "wrote " << tcpPath << "\n";
    }
    return 0;
}
