/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// A two-tier leaf-spine whose every server is a hostnet host, for network-wide what-if
// studies: "which interrupt scheme on every server keeps the RPC p99 under 200 us at 60 %
// load?". Each host sends background traffic to a host under the next leaf at --load of its
// link rate, runs a request/response server and a client that calls a server under another
// leaf at --rpcRate, and --tcpFlows long TCP transfers cross the fabric. Every host uses the
// same --scheme preset.
//
// One run = one configuration; the study runner (python -m hostnet run) sweeps them. Metrics
// go to stdout and, with --metrics=<path>, to a JSON object:
//   rpc_p50_us rpc_p99_us rpc_p999_us rpc_mean_us rpc_completed   RPC response times
//   rpc_sent rpc_answered                                           requests sent, share answered
//   tcp_goodput_mbps tcp_goodput_total_mbps tcp_flows               long flows (mean, sum, n)
//   bg_goodput_mbps                                                 --traffic=tcp, per host
//   cpu_availability cpu_availability_min                           hosts (mean, worst)
//   cpu_cores_busy cpu_kernel_cores cpu_app_cores                   cores' worth per host
//   cpu_busiest_core cpu_busiest_core_max                           busiest core (mean, max)
//   busy_poll_cores                                                 RPC busy-poll spin per host
//   interrupts_per_s                                                Rx ISRs per host
//   drops_fifo drops_no_descriptor drops_backlog drops_socket       hosts, by cause
//   drops_switch drops_leaf drops_spine                             switch ports
//   offered_load_mbps delivered_mbps                                per host (mean)
// A metric without samples (no RPC completed, no TCP flow) is null in the JSON and "nan" on
// stdout, never 0; --PrintMetrics lists the names.
//
// One large run can be split over processes with ns-3's MPI distributed simulator (an ns-3
// tree configured with --enable-mpi): mpirun -np 2 <program> --distributed=window ...
// simulates each leaf with its hosts in one process and prints the same metrics as the
// sequential run (rank 0 prints them).

#include "hostnet-example-options.h"
#include "hostnet-example-utils.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"

#include <chrono>
#include <iostream>
#include <limits>
#include <map>
#include <sys/resource.h>

using namespace ns3;
using namespace hostnet_example;

NS_LOG_COMPONENT_DEFINE("HostnetLeafSpine");

namespace
{

/// Command-line configuration of one run.
struct RunConfig
{
    uint32_t spines{2};
    uint32_t leaves{4};
    uint32_t hostsPerLeaf{4};
    std::string hostLinkRate{"1Gbps"};
    std::string fabricLinkRate{"2Gbps"};
    double linkDelay{1e-6}; ///< seconds
    std::string switchQueue{"100p"};
    std::string scheme{"napi"};
    double load{0.3};
    std::string traffic{"selfsimilar"};
    std::string frameSizes{"backbone"};
    uint32_t bgPayload{512};
    uint32_t tcpFlows{2};
    double rpcRate{2000};
    uint32_t rpcRequestSize{100};
    uint32_t rpcResponseSize{1000};
    double duration{0.05};
    double warmup{0.01};
    std::string metrics;
    std::string routing{"static"};
    std::string ecmp{"destination"};
    std::string hosts{"scheme"};
    bool cost{false};
    std::string rpcSizes{"fixed"};
    double busyPollUs{0};
    std::string irqPlacement{"spread"};
    uint32_t irqCores{2};
    std::string appCores{"same"};
    uint32_t deferHardIrqs{0};
    double groFlushTimeoutUs{0};
    std::string label;
    std::string distributed{"none"};
};

/// Count the bytes (with the IP header) delivered to a host's IP layer.
void
CountLocalDeliverBytes(uint64_t* bytes, const Ipv4Header& header, Ptr<const Packet> p, uint32_t)
{
    *bytes += p->GetSize() + header.GetSerializedSize();
}

/// @return the metric names this example writes, in the order of its --metrics JSON
std::vector<std::string>
MetricNames()
{
    return {"rpc_p50_us",
            "rpc_p99_us",
            "rpc_p999_us",
            "rpc_mean_us",
            "rpc_completed",
            "rpc_sent",
            "rpc_answered",
            "tcp_goodput_mbps",
            "tcp_goodput_total_mbps",
            "tcp_flows",
            "bg_goodput_mbps",
            "cpu_availability",
            "cpu_availability_min",
            "cpu_cores_busy",
            "cpu_kernel_cores",
            "cpu_app_cores",
            "cpu_busiest_core",
            "cpu_busiest_core_max",
            "busy_poll_cores",
            "interrupts_per_s",
            "delivered_mbps",
            "offered_load_mbps",
            "drops_fifo",
            "drops_no_descriptor",
            "drops_backlog",
            "drops_socket",
            "drops_leaf",
            "drops_spine",
            "drops_switch"};
}

} // namespace

int
main(int argc, char* argv[])
{
    RunConfig cfg;
    Options opts(__FILE__,
                 "A leaf-spine of hostnet hosts: RPC latency, TCP goodput, CPU and drops under "
                 "one interrupt scheme. --RngRun=<n> selects the replication.");
    opts.Add("spines", "Spine switches", cfg.spines, 1, 64);
    opts.Add("leaves", "Leaf switches", cfg.leaves, 1, 254);
    opts.Add("hostsPerLeaf", "Hosts under each leaf", cfg.hostsPerLeaf, 1, 254);
    opts.Add("hostLinkRate", "Host-leaf link rate", cfg.hostLinkRate, Rate(1e3, 1e13));
    opts.Add("fabricLinkRate", "Leaf-spine link rate", cfg.fabricLinkRate, Rate(1e3, 1e13));
    opts.AddSeconds("linkDelay", "Propagation delay of every link", cfg.linkDelay, 0, 1);
    opts.Add("switchQueue",
             "Drop-tail buffer per switch port (e.g. 100p, 150KB)",
             cfg.switchQueue,
             QueueSizeText());
    opts.Add("scheme",
             "Interrupt scheme of every host (HostNetDeviceHelper::SetScheme), or preset: "
             "keep the moderation and receive mode of the --hosts preset (e.g. mlx5-100g's "
             "adaptive-rx, net_dim)",
             cfg.scheme,
             [](const std::string& v) { return v == "preset" ? std::string() : Scheme()(v); });
    opts.Add("load", "Background load per host as a fraction of its link rate", cfg.load, 0, 0.99);
    opts.Add("traffic",
             "Background traffic: selfsimilar (Salah et al. 2008: 8 Pareto ON/OFF streams) | "
             "poisson (UDP datagrams) | tcp (one bulk TCP transfer per host, its writes "
             "rate-limited by the application to --load of the link, each a line-rate burst: "
             "storage or replication traffic)",
             cfg.traffic,
             OneOf({"selfsimilar", "poisson", "tcp"}));
    opts.Add("frameSizes",
             "Self-similar frame sizes: backbone | <bytes> | <size,cdf CSV file>",
             cfg.frameSizes,
             FrameSizesText());
    opts.Add("bgPayload",
             "UDP payload bytes of Poisson background datagrams",
             cfg.bgPayload,
             1,
             1472);
    opts.Add("tcpFlows", "Long TCP flows between hosts of different leaves", cfg.tcpFlows, 0, 4096);
    opts.Add("rpcRate",
             "RPC requests per second per client host (Poisson; 0 = none)",
             cfg.rpcRate,
             0,
             1e6);
    opts.Add("rpcRequestSize", "RPC request bytes", cfg.rpcRequestSize, 1, 1 << 24);
    opts.Add("rpcResponseSize", "RPC response bytes", cfg.rpcResponseSize, 1, 1 << 24);
    opts.Add("rpcSizes",
             "RPC sizes: fixed (--rpcRequestSize, --rpcResponseSize) | etc (Facebook's ETC "
             "memcached keys and values, Atikoglu et al. 2012: median response 192 B, p99 2.5 "
             "KB)",
             cfg.rpcSizes,
             OneOf(RequestResponseClientHelper::GetSizeWorkloadNames()));
    opts.Add("busyPoll",
             "net.core.busy_poll of the RPC clients and servers, microseconds (0 = off; needs "
             "a NAPI scheme): an idle RPC thread spins this long on its connection's NAPI "
             "context before it sleeps",
             cfg.busyPollUs,
             0,
             1e6);
    opts.Add("irqPlacement",
             "Rx IRQ affinity: spread (queue q on core q mod NCores, as irqbalance or the "
             "driver's default) | dedicated (every queue on the first --irqCores cores, the "
             "applications elsewhere with --appCores=separate)",
             cfg.irqPlacement,
             OneOf({"spread", "dedicated"}));
    opts.Add("irqCores",
             "Cores that take the IRQs with --irqPlacement=dedicated",
             cfg.irqCores,
             1,
             1024);
    opts.Add("appCores",
             "Application threads: same (all on core 0) | separate (pinned one per core after "
             "the IRQ cores: RPC server, RPC client, background sender, background sink; needs "
             "--irqCores + 4 cores)",
             cfg.appCores,
             OneOf({"same", "separate"}));
    opts.Add("deferHardIrqs",
             "napi_defer_hard_irqs of every queue (0 = off): a NAPI poll that ends with work "
             "done keeps the IRQ masked this many times and lets the gro_flush_timeout "
             "timer poll again (needs --groFlushTimeout > 0)",
             cfg.deferHardIrqs,
             0,
             1 << 30);
    opts.Add("groFlushTimeout",
             "gro_flush_timeout of every queue, microseconds (0 = off)",
             cfg.groFlushTimeoutUs,
             0,
             1e6);
    opts.Add("label",
             "A name for this configuration in study results (not used by the simulation)",
             cfg.label,
             [](const std::string&) { return std::string(); });
    opts.AddSeconds("duration", "Measured time (after the warm-up)", cfg.duration, 1e-6, 1e5);
    opts.AddSeconds("warmup", "Warm-up time, deleted", cfg.warmup, 0, 1e5);
    opts.Add("routing",
             "static (fixed paths computed per packet in O(1), see --ecmp) | global (ns-3's "
             "global routing; add --ns3::Ipv4GlobalRouting::RandomEcmpRouting=true for "
             "per-packet ECMP) | table (static's destination paths as Ipv4StaticRouting "
             "tables, scanned per packet: same results, slower with many hosts)",
             cfg.routing,
             OneOf({"static", "global", "table"}));
    opts.Add("ecmp",
             "Spine choice of --routing=static: destination (one path per destination host) | "
             "flow (5-tuple hash, one path per flow)",
             cfg.ecmp,
             OneOf({"destination", "flow"}));
    std::vector<std::string> hostChoices{"scheme", "plain"};
    for (const auto& preset : HostNetDeviceHelper::GetPresetNames())
    {
        hostChoices.push_back(preset);
    }
    opts.Add("hosts",
             "The hosts: scheme (HostNetDevices configured by --scheme) | plain (no host "
             "model: ns-3's point-to-point devices, the baseline of --cost; host metrics are "
             "undefined) | a preset of HostNetDeviceHelper::SetPreset (with --scheme on top)",
             cfg.hosts,
             OneOf(hostChoices));
    opts.Add("cost",
             "Also print the simulator's own cost after the metrics: process CPU time of the "
             "run, events, packets delivered to hosts, per-packet ratios and peak RSS",
             cfg.cost);
    opts.Add("metrics",
             "Write the metrics as a JSON object to this file",
             cfg.metrics,
             OutputFile(true));
    opts.Add("distributed",
             "Split the run over MPI processes (mpirun -np N ...), by leaf: none | window "
             "(ns-3's DistributedSimulatorImpl) | nullmsg (NullMessageSimulatorImpl); needs "
             "an ns-3 tree configured with --enable-mpi",
             cfg.distributed,
             OneOf({"none", "window", "nullmsg"}));
    opts.SetMetrics(MetricNames());
    // PurgingHeapScheduler (a binary heap in one vector that moves cancelled events out)
    // instead of ns-3's default MapScheduler (a red-black tree, one heap node per event):
    // events run in the same order, so the results are identical. Tens of thousands of
    // events are pending here, most of them cancelled TCP timers that ns-3 keeps until their
    // time; the purging heap releases them and keeps the live list short (5-13 % less CPU
    // time than MapScheduler at 16 to 1024 hosts, less memory). --SchedulerType overrides.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PurgingHeapScheduler"));
    opts.Parse(argc, argv);
    if (cfg.distributed != "none" && !DistributedRun::IsAvailable())
    {
        opts.Refuse("--distributed=" + cfg.distributed +
                    " needs ns-3's MPI module: this build has none (build hostnet in an ns-3 "
                    "tree configured with --enable-mpi)");
    }
    DistributedRun::Enable(&argc, &argv, cfg.distributed);

    // Full-size segments and Linux-like buffers instead of ns-3's 536-byte defaults.
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 20));
    // Linux's minimum RTO (TCP_RTO_MIN, 200 ms) instead of ns-3's RFC 6298 1 s.
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));

    HostNetDeviceHelper nic;
    bool plain = cfg.hosts == "plain";
    bool preset = cfg.hosts != "scheme" && !plain;
    if (cfg.scheme == "preset" && !preset)
    {
        opts.Refuse("--scheme=preset keeps the moderation of a --hosts preset; --hosts=" +
                    cfg.hosts + " has none (choose a preset, or a scheme)");
    }
    if (preset)
    {
        nic.SetPreset(cfg.hosts);
    }
    if (cfg.scheme != "preset")
    {
        nic.SetScheme(cfg.scheme);
    }
    if (cfg.deferHardIrqs > 0 && cfg.groFlushTimeoutUs == 0)
    {
        opts.Refuse("--deferHardIrqs=" + std::to_string(cfg.deferHardIrqs) +
                    " needs --groFlushTimeout > 0: without the timer Linux re-arms the IRQ at "
                    "once (napi_complete_done), so the deferral would do nothing");
    }
    if (cfg.deferHardIrqs > 0)
    {
        nic.SetRxModeAttribute("DeferHardIrqs", UintegerValue(cfg.deferHardIrqs));
    }
    if (cfg.groFlushTimeoutUs > 0)
    {
        nic.SetRxModeAttribute("GroFlushTimeout", TimeValue(MicroSeconds(cfg.groFlushTimeoutUs)));
    }
    // This study reports no per-stage host latency: skip those histograms (five updates
    // per packet and their memory in every host).
    nic.SetDeviceAttribute("StageLatencies", BooleanValue(false));
    LeafSpineHelper fabric;
    fabric.SetShape(cfg.spines, cfg.leaves, cfg.hostsPerLeaf);
    fabric.SetHostLinkAttribute("DataRate", StringValue(cfg.hostLinkRate));
    fabric.SetHostLinkAttribute("Delay", TimeValue(Seconds(cfg.linkDelay)));
    fabric.SetFabricLinkAttribute("DataRate", StringValue(cfg.fabricLinkRate));
    fabric.SetFabricLinkAttribute("Delay", TimeValue(Seconds(cfg.linkDelay)));
    fabric.SetSwitchQueueSize(cfg.switchQueue);
    if (cfg.irqPlacement == "dedicated")
    {
        // Mellanox's set_irq_affinity_cpulist.sh: the queues' IRQs round robin over a list.
        std::string affinity;
        for (uint32_t q = 0; q < nic.GetNQueues(); ++q)
        {
            affinity += (q ? "," : "") + std::to_string(q % cfg.irqCores);
        }
        nic.SetSteeringAttribute("IrqAffinity", StringValue(affinity));
    }
    fabric.SetHostNetDeviceHelper(nic);
    fabric.SetPlainHosts(plain);
    fabric.SetRouting(cfg.routing);
    if (cfg.ecmp != "destination" && cfg.routing != "static")
    {
        opts.Refuse("--ecmp=" + cfg.ecmp + " needs --routing=static (not " + cfg.routing + ")");
    }
    fabric.SetEcmp(cfg.ecmp);
    fabric.Install();
    int64_t stream = 1000;
    stream += fabric.AssignStreams(stream);

    NodeContainer hosts = fabric.GetHosts();
    uint32_t n = fabric.GetNHosts();
    // Application cores: all on core 0, or one core each after the IRQ cores.
    uint32_t firstAppCore = cfg.appCores == "separate" ? cfg.irqCores : 0;
    uint32_t step = cfg.appCores == "separate" ? 1 : 0;
    const uint32_t serverCore = firstAppCore;
    const uint32_t clientCore = firstAppCore + step;
    const uint32_t senderCore = firstAppCore + 2 * step;
    const uint32_t sinkCore = firstAppCore + 3 * step;
    if (!plain)
    {
        uint32_t cores = hosts.Get(0)->GetObject<HostCpu>()->GetNCores();
        if (sinkCore >= cores || (cfg.irqPlacement == "dedicated" && cfg.irqCores > cores))
        {
            opts.Refuse("--appCores=" + cfg.appCores +
                        " with --irqCores=" + std::to_string(cfg.irqCores) + " needs " +
                        std::to_string(std::max(sinkCore + 1, cfg.irqCores)) +
                        " cores; the hosts have " + std::to_string(cores) +
                        " (HostCpu::NCores, set by --hosts)");
        }
    }
    else if (cfg.busyPollUs > 0 || cfg.irqPlacement != "spread" || cfg.appCores != "same")
    {
        opts.Refuse("--hosts=plain has no host model: --busyPoll, --irqPlacement and "
                    "--appCores need HostNetDevice hosts");
    }
    // Partner of host i under the next leaf (or the next host with a single leaf).
    auto across = [&](uint32_t i, uint32_t leafShift) {
        if (cfg.leaves == 1)
        {
            return (i + 1) % n;
        }
        return (i + leafShift * cfg.hostsPerLeaf) % n;
    };

    Time start = Seconds(0.001);
    Time measureFrom = Seconds(cfg.warmup);
    Time end = measureFrom + Seconds(cfg.duration);
    double hostRateBps = DataRate(cfg.hostLinkRate).GetBitRate();

    // Background: UDP into a user-space sink on every host (port 9).
    std::vector<Ptr<HostSinkApplication>> bgSinks;
    std::vector<Ptr<Application>> bgSources;
    const double poissonFrameBits = (cfg.bgPayload + 8 + 20 + 2) * 8.0;
    // Bits a background source put on its link so far (self-similar: frames and gaps).
    auto sentBits = [&](const Ptr<Application>& app) {
        if (auto ss = DynamicCast<SelfSimilarTrafficApplication>(app))
        {
            return ss->GetSentBytes() * 8.0;
        }
        if (auto bulk = DynamicCast<HostBulkSendApplication>(app))
        {
            return bulk->GetTotalTx() * 8.0;
        }
        return DynamicCast<PoissonSourceApplication>(app)->GetSent() * poissonFrameBits;
    };
    double bgBitsAtWarmup = 0;
    const uint16_t bgPort = 9;
    for (uint32_t i = 0; i < n; ++i)
    {
        auto sink = CreateObject<HostSinkApplication>();
        sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), bgPort)));
        sink->SetAttribute("Core", UintegerValue(sinkCore));
        if (cfg.traffic == "tcp")
        {
            sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
        }
        hosts.Get(i)->AddApplication(sink);
        sink->SetStartTime(Seconds(0));
        bgSinks.push_back(sink);
    }
    if (cfg.load > 0)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            Address to = InetSocketAddress(fabric.GetHostAddress(across(i, 1)), bgPort);
            Ptr<Application> src;
            if (cfg.traffic == "selfsimilar")
            {
                auto ss = CreateObject<SelfSimilarTrafficApplication>();
                ss->SetAttribute("Remote", AddressValue(to));
                ss->SetAttribute("Load", DoubleValue(cfg.load));
                ss->SetAttribute("LinkRate", DataRateValue(DataRate(cfg.hostLinkRate)));
                ss->SetAttribute("FrameSizes", StringValue(cfg.frameSizes));
                stream += ss->AssignStreams(stream);
                src = ss;
            }
            else if (cfg.traffic == "tcp")
            {
                auto bulk = CreateObject<HostBulkSendApplication>();
                bulk->SetAttribute("Remote", AddressValue(to));
                bulk->SetAttribute("Rate", DataRateValue(DataRate(cfg.load * hostRateBps)));
                bulk->SetAttribute("Core", UintegerValue(senderCore));
                src = bulk;
            }
            else
            {
                auto poisson = CreateObject<PoissonSourceApplication>();
                poisson->SetAttribute("Remote", AddressValue(to));
                poisson->SetAttribute("Rate",
                                      DoubleValue(cfg.load * hostRateBps / poissonFrameBits));
                poisson->SetAttribute("PacketSize", UintegerValue(cfg.bgPayload));
                stream += poisson->AssignStreams(stream);
                src = poisson;
            }
            hosts.Get(i)->AddApplication(src);
            src->SetStartTime(start);
            src->SetStopTime(end);
            bgSources.push_back(src);
        }
    }

    // Long TCP flows: flow k from host k to the host two leaves on (port 6000 + k).
    std::vector<Ptr<HostSinkApplication>> tcpSinks;
    for (uint32_t k = 0; k < cfg.tcpFlows; ++k)
    {
        uint32_t from = k % n;
        uint32_t to = across(from, cfg.leaves > 2 ? 2 : 1);
        uint16_t port = 6000 + k;
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(fabric.GetHostAddress(to), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        ApplicationContainer sender = bulk.Install(hosts.Get(from));
        sender.Start(start);
        sender.Stop(end);
        auto sink = CreateObject<HostSinkApplication>();
        sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
        sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), port)));
        hosts.Get(to)->AddApplication(sink);
        sink->SetStartTime(Seconds(0));
        tcpSinks.push_back(sink);
    }

    // RPCs: a server on every host; the client on host i calls the host half the fabric away
    // (under another leaf), over TCP, at rpcRate requests per second.
    std::vector<Ptr<RequestResponseClient>> rpcClients;
    std::vector<Ptr<RequestResponseServer>> rpcServers;
    // Busy-poll spin of the RPC threads (their CPU time, counted apart).
    auto spinTime = [&]() {
        Time spin;
        for (auto& c : rpcClients)
        {
            spin += c->GetBusyPollSpinTime();
        }
        for (auto& s : rpcServers)
        {
            spin += s->GetBusyPollSpinTime();
        }
        return spin;
    };
    Time spinAtWarmup;
    std::vector<uint64_t> bgBytesAtWarmup(n, 0);
    if (cfg.rpcRate > 0)
    {
        RequestResponseServerHelper servers(5000);
        servers.SetAttribute("Core", UintegerValue(serverCore));
        servers.SetAttribute("BusyPoll", TimeValue(MicroSeconds(cfg.busyPollUs)));
        ApplicationContainer serverApps = servers.Install(hosts);
        serverApps.Start(Seconds(0));
        stream += RequestResponseServerHelper::AssignStreams(serverApps, stream);
        for (uint32_t i = 0; i < n; ++i)
        {
            uint32_t to =
                cfg.leaves == 1 ? (i + 1) % n : (i + (cfg.leaves / 2) * cfg.hostsPerLeaf) % n;
            RequestResponseClientHelper client(InetSocketAddress(fabric.GetHostAddress(to), 5000));
            client.SetAttribute("Rate", DoubleValue(cfg.rpcRate));
            client.SetAttribute("RequestSize", UintegerValue(cfg.rpcRequestSize));
            client.SetAttribute("ResponseSize", UintegerValue(cfg.rpcResponseSize));
            client.SetAttribute("Core", UintegerValue(clientCore));
            client.SetAttribute("BusyPoll", TimeValue(MicroSeconds(cfg.busyPollUs)));
            client.SetSizeWorkload(cfg.rpcSizes);
            ApplicationContainer apps = client.Install(hosts.Get(i));
            apps.Start(start);
            apps.Stop(end);
            stream += RequestResponseClientHelper::AssignStreams(apps, stream);
            rpcClients.push_back(DynamicCast<RequestResponseClient>(apps.Get(0)));
        }
        for (uint32_t i = 0; i < serverApps.GetN(); ++i)
        {
            rpcServers.push_back(DynamicCast<RequestResponseServer>(serverApps.Get(i)));
        }
    }

    // Warm-up deletion: reset every counter at the start of the measured window.
    std::vector<uint64_t> tcpBytesAtWarmup(tcpSinks.size());
    std::vector<uint64_t> socketDropsAtWarmup(n);
    // Plain hosts have no device statistics: their delivered bytes are counted at IP.
    std::vector<uint64_t> plainBytes(n, 0);
    std::vector<uint64_t> plainBytesAtWarmup(n, 0);
    if (plain)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            hosts.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                MakeBoundCallback(&CountLocalDeliverBytes, &plainBytes[i]));
        }
    }
    uint64_t hostPackets = 0;
    if (cfg.cost)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            hosts.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                MakeBoundCallback(&CountIpv4Packets, &hostPackets));
        }
    }
    NetDeviceContainer hostDevices = fabric.GetHostDevices();
    Simulator::Schedule(measureFrom, [&]() {
        for (uint32_t i = 0; i < n; ++i)
        {
            if (auto dev = DynamicCast<HostNetDevice>(hostDevices.Get(i)))
            {
                dev->ResetStats();
                dev->GetCpu()->ResetStats();
            }
            plainBytesAtWarmup[i] = plainBytes[i];
            socketDropsAtWarmup[i] = bgSinks[i]->GetSocketDrops();
            bgBytesAtWarmup[i] = bgSinks[i]->GetTotalRx();
        }
        for (size_t k = 0; k < tcpSinks.size(); ++k)
        {
            tcpBytesAtWarmup[k] = tcpSinks[k]->GetTotalRx();
        }
        fabric.ResetSwitchStats();
        for (auto& src : bgSources)
        {
            bgBitsAtWarmup += sentBits(src);
        }
        for (auto& c : rpcClients)
        {
            c->ResetStats();
        }
        spinAtWarmup = spinTime();
    });

    DistributedRun::HoldRemoteApplications();
    Simulator::Stop(end);
    uint64_t eventsBefore = Simulator::GetEventCount();
    double cpuBefore = ProcessCpuSeconds();
    auto wallBefore = std::chrono::steady_clock::now();
    Simulator::Run();
    double runCpu = ProcessCpuSeconds() - cpuBefore;
    double runWall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - wallBefore).count();
    uint64_t runEvents = Simulator::GetEventCount() - eventsBefore;

    std::map<std::string, double> m;
    double availabilitySum = 0;
    double availabilityMin = 1;
    double coresBusy = 0;
    double kernelCores = 0;
    double appCores = 0;
    double busiestSum = 0;
    double busiestMax = 0;
    double bgBytes = 0;
    double interrupts = 0;
    double deliveredBits = 0;
    uint64_t fifo = 0;
    uint64_t noDesc = 0;
    uint64_t backlog = 0;
    uint64_t socket = 0;
    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    // A distributed run reads its own hosts and switches here and DistributedRun combines
    // the ranks' parts below (a sequential run owns everything and combines nothing).
    // Per host: availability, busy, kernel and application cores, busiest core.
    constexpr uint32_t perHost = 5;
    std::vector<double> hostCpu(perHost * n, 0);
    for (uint32_t i = 0; i < n; ++i)
    {
        if (!DistributedRun::IsLocal(hosts.Get(i)))
        {
            continue;
        }
        socket += bgSinks[i]->GetSocketDrops() - socketDropsAtWarmup[i];
        bgBytes += bgSinks[i]->GetTotalRx() - bgBytesAtWarmup[i];
        auto dev = DynamicCast<HostNetDevice>(hostDevices.Get(i));
        if (!dev)
        {
            deliveredBits += (plainBytes[i] - plainBytesAtWarmup[i]) * 8.0;
            continue;
        }
        HostNetDeviceStats s = dev->GetStats();
        Ptr<HostCpu> cpu = dev->GetCpu();
        HostCpuStats cs = cpu->GetStats();
        double cores = cpu->GetNCores();
        double busiest = 0;
        for (uint32_t c = 0; c < cpu->GetNCores(); ++c)
        {
            busiest = std::max(busiest, 1 - cpu->GetCoreStats(c).idleShare);
        }
        hostCpu[perHost * i] = cs.availability;
        hostCpu[perHost * i + 1] = (1 - cs.idleShare) * cores;
        hostCpu[perHost * i + 2] = (cs.hardIrqShare + cs.softIrqShare + cs.kernelTaskShare) * cores;
        hostCpu[perHost * i + 3] = (cs.taskShare - cs.kernelTaskShare) * cores;
        hostCpu[perHost * i + 4] = busiest;
        interrupts += s.interrupts;
        deliveredBits += s.rxDeliveredBytes * 8.0;
        fifo += s.dropFifoOverrun;
        noDesc += s.dropNoDescriptor;
        backlog += s.dropBacklog;
    }
    std::vector<double> tcpBytes(tcpSinks.size(), 0);
    for (size_t k = 0; k < tcpSinks.size(); ++k)
    {
        if (DistributedRun::IsLocal(tcpSinks[k]->GetNode()))
        {
            tcpBytes[k] = tcpSinks[k]->GetTotalRx() - tcpBytesAtWarmup[k];
        }
    }
    LatencyHistogram rpc;
    uint64_t rpcSent = 0;
    for (auto& c : rpcClients)
    {
        if (DistributedRun::IsLocal(c->GetNode()))
        {
            rpc.Merge(c->GetResponseTimes());
            rpcSent += c->GetRequestsSent();
        }
    }
    double bgBits = -bgBitsAtWarmup;
    for (auto& src : bgSources)
    {
        bgBits += sentBits(src);
    }
    // The ranks' parts: integer counts (exact sums in any order), per-host and per-flow
    // values (each from its owner, then summed in the sequential order), the RPC samples.
    std::map<std::string, double> counts;
    counts["socket"] = socket;
    counts["bg_bytes"] = bgBytes;
    counts["interrupts"] = interrupts;
    counts["delivered_bits"] = deliveredBits;
    counts["fifo"] = fifo;
    counts["no_descriptor"] = noDesc;
    counts["backlog"] = backlog;
    counts["rpc_sent"] = rpcSent;
    counts["leaf"] = fabric.GetLeafDrops();
    counts["spine"] = fabric.GetSpineDrops();
    counts["bg_bits"] = bgBits;
    counts["spin_ns"] = spinTime().GetNanoSeconds();
    counts["spin_warmup_ns"] = spinAtWarmup.GetNanoSeconds();
    DistributedRun::Sum(counts);
    DistributedRun::Share(hostCpu);
    DistributedRun::Share(tcpBytes);
    DistributedRun::Merge(rpc);
    socket = counts["socket"];
    bgBytes = counts["bg_bytes"];
    interrupts = counts["interrupts"];
    deliveredBits = counts["delivered_bits"];
    fifo = counts["fifo"];
    noDesc = counts["no_descriptor"];
    backlog = counts["backlog"];
    rpcSent = counts["rpc_sent"];
    bgBits = counts["bg_bits"];
    for (uint32_t i = 0; i < n && !plain; ++i)
    {
        coresBusy += hostCpu[perHost * i + 1];
        kernelCores += hostCpu[perHost * i + 2];
        appCores += hostCpu[perHost * i + 3];
        busiestSum += hostCpu[perHost * i + 4];
        busiestMax = std::max(busiestMax, hostCpu[perHost * i + 4]);
        availabilitySum += hostCpu[perHost * i];
        availabilityMin = std::min(availabilityMin, hostCpu[perHost * i]);
    }
    double goodputSum = 0;
    for (double bytes : tcpBytes)
    {
        goodputSum += bytes * 8.0 / cfg.duration / 1e6;
    }
    m["rpc_p50_us"] = rpc.GetQuantile(0.5) * 1e6;
    m["rpc_p99_us"] = rpc.GetQuantile(0.99) * 1e6;
    m["rpc_p999_us"] = rpc.GetQuantile(0.999) * 1e6;
    m["rpc_mean_us"] = rpc.GetMean() * 1e6;
    m["rpc_completed"] = rpc.GetCount();
    m["rpc_sent"] = rpcSent;
    // Answered within the run (responses read / requests sent in the window; slightly above 1
    // when responses to warm-up requests arrive in it): far below 1, the clients starve and
    // their latency quantiles describe the lucky few.
    m["rpc_answered"] = rpcSent > 0 ? double(rpc.GetCount()) / rpcSent : undefined;
    auto leafDrops = static_cast<uint64_t>(counts["leaf"]);
    auto spineDrops = static_cast<uint64_t>(counts["spine"]);
    // Plain hosts have no CPU, interrupt or NIC model: those metrics are undefined.
    m["cpu_availability"] = plain ? undefined : availabilitySum / n;
    m["cpu_availability_min"] = plain ? undefined : availabilityMin;
    m["cpu_cores_busy"] = plain ? undefined : coresBusy / n;
    m["cpu_kernel_cores"] = plain ? undefined : kernelCores / n;
    m["cpu_app_cores"] = plain ? undefined : appCores / n;
    m["cpu_busiest_core"] = plain ? undefined : busiestSum / n;
    m["cpu_busiest_core_max"] = plain ? undefined : busiestMax;
    double spinSeconds = NanoSeconds(static_cast<uint64_t>(counts["spin_ns"])).GetSeconds() -
                         NanoSeconds(static_cast<uint64_t>(counts["spin_warmup_ns"])).GetSeconds();
    m["busy_poll_cores"] = plain ? undefined : spinSeconds / cfg.duration / n;
    m["bg_goodput_mbps"] =
        cfg.traffic == "tcp" && cfg.load > 0 ? bgBytes * 8.0 / n / cfg.duration / 1e6 : undefined;
    m["interrupts_per_s"] = plain ? undefined : interrupts / n / cfg.duration;
    m["delivered_mbps"] = deliveredBits / n / cfg.duration / 1e6;
    m["offered_load_mbps"] = bgBits / n / cfg.duration / 1e6;
    m["drops_fifo"] = plain ? undefined : fifo;
    m["drops_no_descriptor"] = plain ? undefined : noDesc;
    m["drops_backlog"] = plain ? undefined : backlog;
    m["drops_socket"] = socket;
    m["drops_leaf"] = leafDrops;
    m["drops_spine"] = spineDrops;
    m["drops_switch"] = leafDrops + spineDrops;
    m["tcp_goodput_total_mbps"] = goodputSum;
    // Without a flow there is no per-flow goodput (undefined, not 0).
    m["tcp_goodput_mbps"] =
        tcpSinks.empty() ? std::numeric_limits<double>::quiet_NaN() : goodputSum / tcpSinks.size();
    m["tcp_flows"] = tcpSinks.size();
    // --cost of a distributed run: CPU time, events and packets of all ranks; the wall time
    // of the slowest and the largest process.
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    std::map<std::string, double> costSum;
    costSum["cpu_s"] = runCpu;
    costSum["events"] = runEvents;
    costSum["packets"] = hostPackets;
    std::map<std::string, double> costMax;
    costMax["wall_s"] = runWall;
    costMax["rss_mb"] = usage.ru_maxrss / 1024.0;
    if (cfg.cost)
    {
        DistributedRun::Sum(costSum);
        DistributedRun::Max(costMax);
    }
    const uint32_t rank = DistributedRun::GetRank();
    const uint32_t ranks = DistributedRun::GetSize();
    Simulator::Destroy();
    DistributedRun::Disable();
    if (rank != 0)
    {
        return 0; // rank 0 prints the whole run's metrics
    }

    std::vector<std::pair<std::string, double>> ordered;
    for (const auto& name : MetricNames())
    {
        NS_ASSERT_MSG(m.count(name), "metric " << name << " not computed");
        ordered.emplace_back(name, m.at(name));
        std::cout << name << " " << m.at(name) << "\n";
    }
    if (cfg.cost)
    {
        runCpu = costSum["cpu_s"];
        runEvents = costSum["events"];
        hostPackets = costSum["packets"];
        std::cout << "cost_hosts " << cfg.hosts << "\n"
                  << "cost_n_hosts " << n << "\n"
                  << "cost_cpu_s " << runCpu << "\n"
                  << "cost_events " << runEvents << "\n"
                  << "cost_packets " << hostPackets << "\n";
        if (hostPackets > 0)
        {
            std::cout << "cost_cpu_us_per_packet " << runCpu / hostPackets * 1e6 << "\n"
                      << "cost_events_per_packet " << double(runEvents) / hostPackets << "\n";
        }
        else
        {
            std::cout << "cost_cpu_us_per_packet nan\ncost_events_per_packet nan\n";
        }
        std::cout << "cost_rss_mb " << costMax["rss_mb"] << "\n"
                  << "cost_wall_s " << costMax["wall_s"] << "\n"
                  << "cost_ranks " << ranks << "\n";
    }
    if (!cfg.metrics.empty() && !WriteMetricsJson(cfg.metrics, ordered))
    {
        std::cerr << "hostnet-leaf-spine: cannot write --metrics file '" << cfg.metrics << "'\n";
        return 1;
    }
    return 0;
}
