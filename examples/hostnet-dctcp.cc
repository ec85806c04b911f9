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
 * DCTCP over one 10 Gb/s bottleneck with step ECN marking at K bytes, with plain or hostnet
 * end hosts: "how small can the marking threshold K be before the link goes idle, and does
 * the end host change the answer?"
 *
 * Topology (every link --linkRate, --linkDelay; routers with IP forwarding as switches):
 *
 *   C0 --+                       +-- R0
 *        S0 ===== bottleneck ===== S1
 *   C1 --+   (RED, step mark K)  +-- R1
 *
 * One long DCTCP flow per pair (BulkSend C0 -> PacketSink R0, C1 -> R1), started --stagger
 * apart. S0's device towards S1 has a RED queue disc configured as DCTCP's switch: mark
 * (ECN CE) every packet that arrives while more than K bytes wait, never drop below the
 * buffer (--bufferBytes). --hosts=plain uses plain point-to-point devices on the four hosts;
 * --hosts=<preset> wraps each host's device in a HostNetDevice (NIC, interrupts, NAPI, CPU).
 *
 * K counts the bytes in the queue disc; the port also holds one frame in its device queue and
 * one on the wire. DCTCP's reduced window has Linux's floor of 2 segments (ns-3's TcpDctcp
 * has none; --ssthreshFloor=0 for stock ns-3, where a late-starting flow can starve).
 *
 * Goodput = bytes the two PacketSinks received during --duration after --warmup. The last
 * line printed is "throughput_gbps <aggregate goodput in Gb/s>"; --metrics=<file> writes the
 * metrics as a flat JSON object for the study runner (examples/studies/dctcp.toml):
 *   throughput_gbps goodput_flow0_gbps goodput_flow1_gbps   goodput (sum, per flow)
 *   queue_mean_bytes queue_p99_bytes queue_max_bytes        bottleneck queue disc, time-weighted
 *   marks marked_fraction drops                             bottleneck queue disc
 *   base_rtt_us k_min_bytes                                 propagation + serialization RTT and
 *                                                           C x RTT / 7 (DCTCP paper, eq. 13)
 *   rx_cpu_availability tx_cpu_availability                 hostnet hosts only (else null):
 *   rx_interrupts_per_s tx_interrupts_per_s host_drops      receivers R*, senders C* (mean)
 */

#include "hostnet-example-options.h"
#include "hostnet-example-utils.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <algorithm>
#include <iostream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;
using namespace hostnet_example;

NS_LOG_COMPONENT_DEFINE("HostnetDctcp");

namespace
{

/// IPv4 header bytes (no options).
constexpr uint32_t IPV4_HEADER = 20;
/// TCP header bytes with ns-3's timestamp option on every segment (20 + 10, padded to 32).
constexpr uint32_t TCP_HEADER_WITH_TIMESTAMP = 32;
/// Point-to-point (PPP) framing bytes added to every IP packet on the wire.
constexpr uint32_t PPP_HEADER = 2;

/// Command-line configuration of one run.
struct RunConfig
{
    uint32_t thresholdBytes{65000};
    uint32_t mtu{1500};
    std::string hosts{"plain"};
    std::string linkRate{"10Gbps"};
    double linkDelay{10e-6}; ///< seconds
    uint32_t bufferBytes{4000000};
    double duration{0.05};
    double warmup{0.01};
    double stagger{0.002};
    double startJitter{100e-6}; ///< seconds
    double minRto{0.01};        ///< seconds
    bool ssthreshFloor{true};
    std::string metrics;
};

/**
 * ns-3's TcpDctcp with Linux's floor on the reduced window.
 *
 * ns-3.44's TcpDctcp::GetSsThresh returns (1 - alpha / 2) x cwnd with no lower bound
 * (src/internet/model/tcp-dctcp.cc), so a flow that keeps being marked with alpha near 1
 * (a flow starting next to an established one: DctcpAlphaOnInit = 1) shrinks below one
 * segment; a one-segment window then waits for the receiver's delayed ACK and every segment
 * ends in a retransmission timeout. Linux's dctcp_ssthresh returns max(cwnd - cwnd x alpha /
 * 2, 2 segments); this class adds the same floor (--ssthreshFloor=0 runs stock TcpDctcp).
 */
class TcpDctcpWithFloor : public TcpDctcp
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("TcpDctcpWithFloor")
                                .SetParent<TcpDctcp>()
                                .SetGroupName("Hostnet")
                                .AddConstructor<TcpDctcpWithFloor>();
        return tid;
    }

    TcpDctcpWithFloor() = default;

    /**
     * @brief Copy constructor (Fork)
     * @param sock the object to copy
     */
    TcpDctcpWithFloor(const TcpDctcpWithFloor& sock) = default;

    std::string GetName() const override
    {
        return "TcpDctcpWithFloor";
    }

    uint32_t GetSsThresh(Ptr<const TcpSocketState> tcb, uint32_t bytesInFlight) override
    {
        return std::max(TcpDctcp::GetSsThresh(tcb, bytesInFlight), 2 * tcb->m_segmentSize);
    }

    Ptr<TcpCongestionOps> Fork() override
    {
        return CopyObject<TcpDctcpWithFloor>(this);
    }
};

NS_OBJECT_ENSURE_REGISTERED(TcpDctcpWithFloor);

/// @return the host presets --hosts accepts besides "plain"
std::vector<std::string>
PresetNames()
{
    return HostNetDeviceHelper::GetPresetNames();
}

/// Configure @p host for the preset @p name (one of PresetNames()).
void
ConfigureHostPreset(HostNetDeviceHelper& host, const std::string& name)
{
    host.SetPreset(name);
}

/**
 * Time-weighted distribution of a queue's byte count, fed by the queue disc's BytesInQueue
 * trace (one update per enqueue and dequeue).
 */
class QueueOccupancy
{
  public:
    /**
     * Trace sink of BytesInQueue.
     * @param oldValue bytes before the change
     * @param newValue bytes after the change
     */
    void Update(uint32_t oldValue, uint32_t newValue)
    {
        Accumulate();
        m_current = newValue;
    }

    /// Forget the past (warm-up deletion); the current value is kept.
    void Reset()
    {
        m_time.clear();
        m_last = Simulator::Now();
    }

    /// Close the window at the current time.
    void Finish()
    {
        Accumulate();
    }

    /// @return the time-weighted mean in bytes
    double GetMean() const
    {
        double total = 0;
        double weighted = 0;
        for (const auto& [bytes, seconds] : m_time)
        {
            total += seconds;
            weighted += seconds * bytes;
        }
        return total > 0 ? weighted / total : std::numeric_limits<double>::quiet_NaN();
    }

    /**
     * @param q the quantile in [0, 1]
     * @return the smallest byte count the queue was at or below for a share q of the time
     */
    double GetQuantile(double q) const
    {
        double total = 0;
        for (const auto& [bytes, seconds] : m_time)
        {
            total += seconds;
        }
        double seen = 0;
        for (const auto& [bytes, seconds] : m_time)
        {
            seen += seconds;
            if (seen >= q * total)
            {
                return bytes;
            }
        }
        return std::numeric_limits<double>::quiet_NaN();
    }

    /// @return the largest byte count held for a positive time
    double GetMax() const
    {
        return m_time.empty() ? std::numeric_limits<double>::quiet_NaN() : m_time.rbegin()->first;
    }

  private:
    /// Add the time since the last change to the current value.
    void Accumulate()
    {
        Time now = Simulator::Now();
        if (now > m_last)
        {
            m_time[m_current] += (now - m_last).GetSeconds();
        }
        m_last = now;
    }

    std::map<uint32_t, double> m_time; ///< seconds spent at each byte count
    uint32_t m_current{0};             ///< bytes now
    Time m_last;                       ///< time of the last update
};

/// @return a container of @p a and @p b, in this order
NetDeviceContainer
Pair(Ptr<NetDevice> a, Ptr<NetDevice> b)
{
    NetDeviceContainer devices(a);
    devices.Add(b);
    return devices;
}

/// @return "plain, <preset>, ..." for error messages
std::string
AllowedHosts()
{
    std::string list = "plain";
    for (const auto& name : PresetNames())
    {
        list += ", " + name;
    }
    return list;
}

} // namespace

int
main(int argc, char* argv[])
{
    RunConfig cfg;
    Options opts(__FILE__,
                 "DCTCP through one bottleneck port with step ECN marking at --thresholdBytes: "
                 "two long flows, plain or hostnet end hosts. Last line: throughput_gbps "
                 "<Gb/s>. --RngRun=<n> selects the replication (flow start jitter, host costs).");
    opts.Add("thresholdBytes",
             "Marking threshold K: mark every packet arriving while more than K bytes "
             "wait in the bottleneck queue (0 = whenever the queue is not empty)",
             cfg.thresholdBytes,
             0,
             1u << 30);
    opts.Add("mtu",
             "IP MTU of every link in bytes; TCP segments carry "
             "mtu - 52 payload bytes (IP 20, TCP 20, timestamp option 12)",
             cfg.mtu,
             576,
             65535);
    opts.Add("hosts",
             "End hosts: plain | <host profile> (" + AllowedHosts() + ", or a .toml file)",
             cfg.hosts,
             ProfileName({"plain"}));
    opts.Add("linkRate", "Rate of every link (the bottleneck too)", cfg.linkRate, Rate(1e6, 1e13));
    opts.AddSeconds("linkDelay", "Propagation delay of every link", cfg.linkDelay, 0, 1);
    opts.Add("bufferBytes",
             "Bottleneck queue disc capacity in bytes (>= --mtu)",
             cfg.bufferBytes,
             576,
             1u << 31);
    opts.AddSeconds("duration", "Measured time (after the warm-up)", cfg.duration, 1e-6, 1e5);
    opts.AddSeconds("warmup",
                    "Warm-up from time 0, deleted (both flows start in it)",
                    cfg.warmup,
                    0,
                    1e5);
    opts.AddSeconds("stagger", "Time between the starts of the two flows", cfg.stagger, 0, 1e5);
    opts.AddSeconds("startJitter",
                    "Each flow starts up to this much later, uniformly at random (the "
                    "replication's randomness: --RngRun)",
                    cfg.startJitter,
                    0,
                    1);
    opts.AddSeconds("minRto", "TCP minimum retransmission timeout", cfg.minRto, 1e-6, 100);
    opts.Add("ssthreshFloor",
             "Linux's floor of 2 segments on DCTCP's reduced window (false: stock ns-3 TcpDctcp)",
             cfg.ssthreshFloor);
    opts.Add("metrics",
             "Write the metrics as a JSON object to this file",
             cfg.metrics,
             OutputFile(true));
    opts.SetMetrics({"throughput_gbps",
                     "goodput_flow0_gbps",
                     "goodput_flow1_gbps",
                     "queue_mean_bytes",
                     "queue_p99_bytes",
                     "queue_max_bytes",
                     "marks",
                     "marked_fraction",
                     "drops",
                     "base_rtt_us",
                     "k_min_bytes",
                     "rx_cpu_availability",
                     "tx_cpu_availability",
                     "rx_interrupts_per_s",
                     "tx_interrupts_per_s",
                     "host_drops"});
    opts.Parse(argc, argv);

    const bool plain = cfg.hosts == "plain";
    if (cfg.bufferBytes < cfg.mtu)
    {
        opts.Refuse("--bufferBytes=" + std::to_string(cfg.bufferBytes) +
                    ": the bottleneck buffer must hold one packet (>= --mtu=" +
                    std::to_string(cfg.mtu) + ")");
    }
    if (0.001 + cfg.stagger + cfg.startJitter >= cfg.warmup)
    {
        opts.Refuse("--warmup=" + Show(cfg.warmup) + "s: must exceed 1 ms + --stagger (" +
                    Show(cfg.stagger) + " s) + --startJitter (" + Show(cfg.startJitter) +
                    " s), so both flows run when measuring starts");
    }

    const DataRate rate(cfg.linkRate);
    const Time delay = Seconds(cfg.linkDelay);
    const uint32_t segmentSize = cfg.mtu - IPV4_HEADER - TCP_HEADER_WITH_TIMESTAMP;

    // DCTCP everywhere (TcpDctcp::Init forces DctcpEcn mode, which also puts ECT on SYNs and
    // pure ACKs), full-size segments for the MTU, buffers far above the bandwidth-delay
    // product so that the window is limited by DCTCP, not by flow control.
    Config::SetDefault(
        "ns3::TcpL4Protocol::SocketType",
        TypeIdValue(cfg.ssthreshFloor ? TcpDctcpWithFloor::GetTypeId() : TcpDctcp::GetTypeId()));
    Config::SetDefault("ns3::TcpSocketBase::UseEcn", StringValue("On"));
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(segmentSize));
    if (cfg.hosts != "plain")
    {
        // The presets merge with GRO; Linux ACKs a GRO packet of more than one MSS at once
        // (__tcp_ack_snd_check), which ns-3's packet-counting TCP does with DelAckCount 1.
        Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    }
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(cfg.bufferBytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(cfg.bufferBytes));
    // ns-3's timestamp clock ticks in milliseconds, so at these RTTs every timestamp RTT
    // sample is 0 (taken as 1 us) and the retransmission timeout is MinRto.
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(Seconds(cfg.minRto)));

    Ptr<Node> c0 = CreateObject<Node>();
    Ptr<Node> c1 = CreateObject<Node>();
    Ptr<Node> s0 = CreateObject<Node>();
    Ptr<Node> s1 = CreateObject<Node>();
    Ptr<Node> r0 = CreateObject<Node>();
    Ptr<Node> r1 = CreateObject<Node>();
    NodeContainer all;
    for (const auto& node : {c0, c1, s0, s1, r0, r1})
    {
        all.Add(node);
    }

    PointToPointHelper access;
    access.SetDeviceAttribute("DataRate", DataRateValue(rate));
    access.SetDeviceAttribute("Mtu", UintegerValue(cfg.mtu));
    access.SetChannelAttribute("Delay", TimeValue(delay));
    // The bottleneck device keeps one packet besides the one on the wire: the backlog builds
    // in the queue disc, where the marking decision sees it (ns-3's default device queue of
    // 100 packets would hide up to 100 x MTU bytes from RED).
    PointToPointHelper bottleneck = access;
    bottleneck.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1p"));

    NetDeviceContainer c0s0 = access.Install(c0, s0);
    NetDeviceContainer c1s0 = access.Install(c1, s0);
    NetDeviceContainer s0s1 = bottleneck.Install(s0, s1);
    NetDeviceContainer s1r0 = access.Install(s1, r0);
    NetDeviceContainer s1r1 = access.Install(s1, r1);

    InternetStackHelper stack;
    stack.SetRoutingHelper(Ipv4StaticRoutingHelper());
    stack.Install(all);

    // Host devices: index 0, 1 = C0, C1 (senders), 2, 3 = R0, R1 (receivers).
    NetDeviceContainer hostPhys;
    for (const auto& dev : {c0s0.Get(0), c1s0.Get(0), s1r0.Get(1), s1r1.Get(1)})
    {
        hostPhys.Add(dev);
    }
    NetDeviceContainer hostDevices = hostPhys;
    if (!plain)
    {
        HostNetDeviceHelper host;
        ConfigureHostPreset(host, cfg.hosts);
        hostDevices = host.Install(hostPhys); // before addresses are assigned
        host.AssignStreams(hostDevices, 100);
    }

    // DCTCP's switch marking with ns-3.44's RedQueueDisc (src/traffic-control/model/
    // red-queue-disc.cc), relying on:
    // - DoEnqueue compares m_qAvg with MinTh/MaxTh in the unit of MaxSize: bytes here
    //   (nQueued = internal queue's GetCurrentSize().GetValue(), before this packet).
    // - Estimator: qAvg = qAvg * (1 - QW)^(m + 1) + QW * nQueued, so QW = 1 makes it the
    //   instantaneous queue.
    // - "m_qAvg >= m_minTh && nQueued > 1", then with Gentle = false "m_qAvg >= m_maxTh" is a
    //   forced mark: Mark(item, FORCED_MARK) when UseEcn and !UseHardDrop (a packet without
    //   ECT is dropped instead). With the default Gentle = true, MinTh = MaxTh = K is not a
    //   step: between K and 2K the first packet is never marked (m_old) and later ones with
    //   a probability rising from 1/LInterm (default 1/50) to 1, spread by the count rule
    //   (Wait); only above 2K is every packet forced. LInterm = 1 as a second guard.
    // - InitializeParams treats MinTh = MaxTh = 0 as "choose automatically" (5 x
    //   MeanPktSize bytes), so K = 0 cannot be passed as 0.
    // Thresholds K + 0.5 bytes give "mark iff more than K bytes wait" for integer byte
    // counts, including K = 0 (any backlog: nQueued > 1 holds for every real packet).
    // The bytes counted are the queue disc's: besides them the port holds one frame in the
    // device queue ("1p" above) and one on the wire.
    const double threshold = cfg.thresholdBytes + 0.5;
    TrafficControlHelper red;
    red.SetRootQueueDisc("ns3::RedQueueDisc",
                         "MaxSize",
                         QueueSizeValue(QueueSize(QueueSizeUnit::BYTES, cfg.bufferBytes)),
                         "MinTh",
                         DoubleValue(threshold),
                         "MaxTh",
                         DoubleValue(threshold),
                         "QW",
                         DoubleValue(1.0),
                         "Gentle",
                         BooleanValue(false),
                         "LInterm",
                         DoubleValue(1.0),
                         "UseEcn",
                         BooleanValue(true),
                         "UseHardDrop",
                         BooleanValue(false),
                         "MeanPktSize",
                         UintegerValue(cfg.mtu),
                         "LinkBandwidth",
                         DataRateValue(rate),
                         "LinkDelay",
                         TimeValue(delay));
    // Installed before Ipv4AddressHelper::Assign, which gives every other device ns-3's
    // default queue disc (FqCoDel; its 5 ms target is never reached here).
    Ptr<QueueDisc> bottleneckQueue = red.Install(s0s1.Get(0)).Get(0);

    // Networks 10.0.1/24 C0-S0, 10.0.2/24 C1-S0, 10.0.3/24 S0-S1, 10.0.4/24 R0-S1,
    // 10.0.5/24 R1-S1; the host is .1 on its access network, the switch .2.
    Ipv4AddressHelper ipv4;
    ipv4.SetBase("10.0.1.0", "255.255.255.0");
    ipv4.Assign(Pair(hostDevices.Get(0), c0s0.Get(1)));
    ipv4.SetBase("10.0.2.0", "255.255.255.0");
    ipv4.Assign(Pair(hostDevices.Get(1), c1s0.Get(1)));
    ipv4.SetBase("10.0.3.0", "255.255.255.0");
    ipv4.Assign(s0s1);
    ipv4.SetBase("10.0.4.0", "255.255.255.0");
    Ipv4InterfaceContainer r0If = ipv4.Assign(Pair(hostDevices.Get(2), s1r0.Get(0)));
    ipv4.SetBase("10.0.5.0", "255.255.255.0");
    Ipv4InterfaceContainer r1If = ipv4.Assign(Pair(hostDevices.Get(3), s1r1.Get(0)));

    // Static routes (global routing cannot see through a HostNetDevice to its PHY's
    // channel): hosts send everything to their switch, each switch sends the other side's
    // networks across the bottleneck link (interface 3 of S0, 1 of S1; 0 is loopback).
    Ipv4StaticRoutingHelper staticRouting;
    auto routing = [&](Ptr<Node> node) {
        return staticRouting.GetStaticRouting(node->GetObject<Ipv4>());
    };
    const Ipv4Mask mask("255.255.255.0");
    const std::vector<std::string> gateways{"10.0.1.2", "10.0.2.2", "10.0.4.2", "10.0.5.2"};
    for (uint32_t i = 0; i < 4; ++i)
    {
        routing(hostDevices.Get(i)->GetNode())
            ->SetDefaultRoute(Ipv4Address(gateways[i].c_str()), 1);
    }
    routing(s0)->AddNetworkRouteTo("10.0.4.0", mask, "10.0.3.2", 3);
    routing(s0)->AddNetworkRouteTo("10.0.5.0", mask, "10.0.3.2", 3);
    routing(s1)->AddNetworkRouteTo("10.0.1.0", mask, "10.0.3.1", 1);
    routing(s1)->AddNetworkRouteTo("10.0.2.0", mask, "10.0.3.1", 1);

    // Flows: C0 -> R0 and C1 -> R1, started stagger apart.
    const Time start = MilliSeconds(1);
    const Time measureFrom = Seconds(cfg.warmup);
    const Time end = measureFrom + Seconds(cfg.duration);
    // The replication's randomness (--RngRun): each flow's start within --startJitter.
    auto jitter = CreateObject<UniformRandomVariable>();
    jitter->SetAttribute("Max", DoubleValue(cfg.startJitter));
    jitter->SetStream(1);
    const uint16_t port = 5000;
    std::vector<Ptr<PacketSink>> sinks;
    std::vector<Ipv4Address> to{r0If.GetAddress(0), r1If.GetAddress(0)};
    std::vector<Ptr<Node>> from{c0, c1};
    std::vector<Ptr<Node>> receivers{r0, r1};
    for (uint32_t k = 0; k < 2; ++k)
    {
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(to[k], port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        bulk.SetAttribute("SendSize", UintegerValue(segmentSize * 4));
        ApplicationContainer sender = bulk.Install(from[k]);
        sender.Start(start + Seconds(cfg.stagger * k + jitter->GetValue()));
        sender.Stop(end);
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sink = sinkHelper.Install(receivers[k]);
        sink.Start(Seconds(0));
        sinks.push_back(DynamicCast<PacketSink>(sink.Get(0)));
    }

    QueueOccupancy occupancy;
    NS_ABORT_MSG_IF(!bottleneckQueue->TraceConnectWithoutContext(
                        "BytesInQueue",
                        MakeCallback(&QueueOccupancy::Update, &occupancy)),
                    "cannot trace the bottleneck queue disc's BytesInQueue");

    // Warm-up deletion: counters at the start of the measured window.
    std::vector<uint64_t> rxAtWarmup(sinks.size());
    QueueDisc::Stats queueAtWarmup;
    Simulator::Schedule(measureFrom, [&]() {
        for (size_t k = 0; k < sinks.size(); ++k)
        {
            rxAtWarmup[k] = sinks[k]->GetTotalRx();
        }
        queueAtWarmup = bottleneckQueue->GetStats();
        occupancy.Reset();
        if (!plain)
        {
            for (uint32_t i = 0; i < hostDevices.GetN(); ++i)
            {
                auto dev = DynamicCast<HostNetDevice>(hostDevices.Get(i));
                dev->ResetStats();
                dev->GetCpu()->ResetStats();
            }
        }
    });

    Simulator::Stop(end);
    Simulator::Run();
    occupancy.Finish();

    std::vector<std::pair<std::string, double>> m;
    std::vector<double> goodput;
    double total = 0;
    for (size_t k = 0; k < sinks.size(); ++k)
    {
        goodput.push_back((sinks[k]->GetTotalRx() - rxAtWarmup[k]) * 8.0 / cfg.duration / 1e9);
        total += goodput.back();
    }
    const QueueDisc::Stats queue = bottleneckQueue->GetStats();
    const double received = queue.nTotalReceivedPackets - queueAtWarmup.nTotalReceivedPackets;
    const double marks = queue.nTotalMarkedPackets - queueAtWarmup.nTotalMarkedPackets;
    // Base RTT: propagation over three links each way, a data frame serialized on three
    // links and an ACK (IP + TCP with timestamp + PPP) on three links back.
    const double dataWire = (cfg.mtu + PPP_HEADER) * 8.0 / rate.GetBitRate();
    const double ackWire =
        (IPV4_HEADER + TCP_HEADER_WITH_TIMESTAMP + PPP_HEADER) * 8.0 / rate.GetBitRate();
    const double baseRtt = 6 * delay.GetSeconds() + 3 * (dataWire + ackWire);
    const double nan = std::numeric_limits<double>::quiet_NaN();

    m.emplace_back("throughput_gbps", total);
    m.emplace_back("goodput_flow0_gbps", goodput[0]);
    m.emplace_back("goodput_flow1_gbps", goodput[1]);
    m.emplace_back("queue_mean_bytes", occupancy.GetMean());
    m.emplace_back("queue_p99_bytes", occupancy.GetQuantile(0.99));
    m.emplace_back("queue_max_bytes", occupancy.GetMax());
    m.emplace_back("marks", marks);
    m.emplace_back("marked_fraction", received > 0 ? marks / received : nan);
    m.emplace_back("drops", queue.nTotalDroppedPackets - queueAtWarmup.nTotalDroppedPackets);
    m.emplace_back("base_rtt_us", baseRtt * 1e6);
    m.emplace_back("k_min_bytes", rate.GetBitRate() / 8.0 * baseRtt / 7);

    // Hosts: mean over the senders (C0, C1: they receive the ACKs) and the receivers.
    double cpu[2] = {nan, nan};
    double irqs[2] = {nan, nan};
    double hostDrops = nan;
    if (!plain)
    {
        hostDrops = 0;
        for (uint32_t side = 0; side < 2; ++side)
        {
            cpu[side] = 0;
            irqs[side] = 0;
            for (uint32_t i = 2 * side; i < 2 * side + 2; ++i)
            {
                auto dev = DynamicCast<HostNetDevice>(hostDevices.Get(i));
                HostNetDeviceStats s = dev->GetStats();
                cpu[side] += dev->GetCpu()->GetStats().availability / 2;
                irqs[side] += s.interrupts / cfg.duration / 2;
                hostDrops += s.dropFifoOverrun + s.dropNoDescriptor + s.dropBacklog;
            }
        }
    }
    m.emplace_back("rx_cpu_availability", cpu[1]);
    m.emplace_back("tx_cpu_availability", cpu[0]);
    m.emplace_back("rx_interrupts_per_s", irqs[1]);
    m.emplace_back("tx_interrupts_per_s", irqs[0]);
    m.emplace_back("host_drops", hostDrops);
    Simulator::Destroy();

    if (!cfg.metrics.empty())
    {
        if (!WriteMetricsJson(cfg.metrics, m))
        {
            std::cerr << "hostnet-dctcp: cannot write --metrics file '" << cfg.metrics << "'\n";
            return 1;
        }
    }
    // throughput_gbps last: scripts read the last line.
    for (size_t i = 1; i < m.size(); ++i)
    {
        std::cout << m[i].first << " " << m[i].second << "\n";
    }
    std::cout << m[0].first << " " << m[0].second << std::endl;
    return 0;
}
