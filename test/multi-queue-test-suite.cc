/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Multi-queue receive through HostNetDevice: RSS spreads flows over the queues and keeps a
// flow on one queue; RPS spreads the protocol processing of one queue over other cores
// (more capacity, no reordering); RFS moves a TCP flow's processing to the core its
// application reads on.

#include "hostnet-test-utils.h"

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <map>

using namespace ns3;
using namespace hostnet_test;

namespace
{

/**
 * A UDP/IPv4 frame of flow @p flow (its source port) with sequence number @p seq in the IP
 * identification field.
 * @param flow flow index
 * @param seq sequence number within the flow
 * @return the frame (IP header first)
 */
Ptr<Packet>
FlowFrame(uint32_t flow, uint16_t seq)
{
    Ptr<Packet> p = Create<Packet>(100);
    UdpHeader udp;
    udp.SetSourcePort(static_cast<uint16_t>(10000 + flow));
    udp.SetDestinationPort(9);
    p->AddHeader(udp);
    Ipv4Header ip;
    ip.SetSource(Ipv4Address("10.0.0.1"));
    ip.SetDestination(Ipv4Address("10.0.0.2"));
    ip.SetProtocol(17);
    ip.SetIdentification(seq);
    ip.SetPayloadSize(p->GetSize());
    p->AddHeader(ip);
    return p;
}

/// Chi-square statistic of @p counts against a uniform spread.
double
ChiSquare(const std::vector<double>& counts)
{
    double total = 0;
    for (double c : counts)
    {
        total += c;
    }
    double expected = total / counts.size();
    double chi2 = 0;
    for (double c : counts)
    {
        chi2 += (c - expected) * (c - expected) / expected;
    }
    return chi2;
}

/**
 * RSS through the device: 512 UDP flows, 4 frames each, sent one flow at a time; each
 * flow's frames are all delivered by one queue, and the flows spread over the 8 queues as
 * a uniform spread would (chi-square, 7 degrees of freedom, P = 0.001 bound 24.32).
 */
class RssDeviceTestCase : public TestCase
{
  public:
    RssDeviceTestCase()
        : TestCase("RSS in the device: one flow stays on one queue; flows spread evenly "
                   "(chi-square)")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t queues = 8;
        const uint32_t flows = 512;
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetScheme("napi");
        helper.SetCpuAttribute("NCores", UintegerValue(queues));
        helper.SetDeviceAttribute("NQueues", UintegerValue(queues));
        HostPair p = MakeHostPair(helper);
        std::vector<double> flowsPerQueue(queues, 0);
        uint32_t oneQueue = 0;
        std::vector<uint64_t> before(queues, 0);
        for (uint32_t f = 0; f < flows; ++f)
        {
            Time t = MicroSeconds(100 * f);
            Simulator::Schedule(t, [&, f]() {
                for (uint32_t q = 0; q < queues; ++q)
                {
                    before[q] = p.host->GetQueue(q)->GetDelivered();
                }
                for (uint16_t s = 0; s < 4; ++s)
                {
                    p.senderPhy->Send(FlowFrame(f, s), p.host->GetAddress(), 0x0800);
                }
            });
            Simulator::Schedule(t + MicroSeconds(90), [&]() {
                uint32_t grew = 0;
                uint64_t total = 0;
                uint32_t which = 0;
                for (uint32_t q = 0; q < queues; ++q)
                {
                    uint64_t n = p.host->GetQueue(q)->GetDelivered() - before[q];
                    if (n > 0)
                    {
                        grew++;
                        total += n;
                        which = q;
                    }
                }
                if (grew == 1 && total == 4)
                {
                    oneQueue++;
                    flowsPerQueue[which] += 1;
                }
            });
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(oneQueue, flows, "every flow's 4 frames came from one queue");
        double chi2 = ChiSquare(flowsPerQueue);
        std::cout << "512 flows over 8 queues: chi-square " << chi2 << std::endl;
        NS_TEST_ASSERT_MSG_LT(chi2, 24.32, "flows spread unevenly over the queues");
        for (uint32_t q = 0; q < queues; ++q)
        {
            NS_TEST_EXPECT_MSG_EQ(p.host->GetQueue(q)->GetIrqCore(), q, "IRQ affinity");
            NS_TEST_EXPECT_MSG_GT(p.host->GetCpu()->GetCoreStats(q).softIrqShare,
                                  0,
                                  "queue " << q << "'s core did its protocol work");
        }
        Simulator::Destroy();
    }
};

/// What the RPS load test measured.
struct RpsResult
{
    uint64_t sent{0};                ///< frames sent
    uint64_t delivered{0};           ///< frames delivered (after draining)
    uint64_t deliveredInTime{0};     ///< frames delivered while the load was offered
    uint64_t steered{0};             ///< frames steered to other cores
    uint64_t outOfOrder{0};          ///< frames delivered before an earlier one of their flow
    std::vector<double> coreBusy;    ///< non-idle share per core
    std::vector<double> flowsOnCore; ///< flows whose frames a core's backlog processed
};

/**
 * Offer @p rate frames/s, round robin over 240 UDP flows, to a one-queue host with 4 cores
 * (deterministic costs: ISR 3 us, protocol 5 us, NAPI), with or without RPS over cores
 * 1..3, for 20 ms.
 * @param rate frames per second
 * @param rps RxSteering = rps
 * @return the measurements
 */
RpsResult
RunRps(double rate, bool rps)
{
    const uint32_t flows = 240;
    HostNetDeviceHelper helper = DeterministicHelper();
    helper.SetScheme("napi");
    helper.SetCpuAttribute("NCores", UintegerValue(4));
    helper.SetRxRingAttribute("Descriptors", UintegerValue(1024));
    if (rps)
    {
        helper.SetSteeringAttribute("Mode", StringValue("rps"));
        helper.SetSteeringAttribute("RpsCores", StringValue("1,2,3"));
    }
    HostPair p = MakeHostPair(helper);
    RpsResult r;
    std::vector<int32_t> lastSeq(flows, -1);
    std::map<std::pair<uint32_t, uint32_t>, bool> flowCore; // (core, flow) seen
    p.host->TraceConnectWithoutContext(
        "Delivered",
        Callback<void, Ptr<const Packet>, Time>([&](Ptr<const Packet> packet, Time) {
            Ptr<Packet> copy = packet->Copy();
            Ipv4Header ip;
            copy->RemoveHeader(ip);
            UdpHeader udp;
            copy->RemoveHeader(udp);
            uint32_t flow = udp.GetSourcePort() - 10000;
            int32_t seq = ip.GetIdentification();
            r.outOfOrder += seq < lastSeq[flow] ? 1 : 0;
            lastSeq[flow] = std::max(lastSeq[flow], seq);
            r.delivered++;
        }));
    Time gap = Seconds(1.0 / rate);
    Time stop = MilliSeconds(20);
    uint64_t n = static_cast<uint64_t>(stop.GetSeconds() * rate);
    for (uint64_t i = 0; i < n; ++i)
    {
        Simulator::Schedule(gap * i, [&p, i, flows]() {
            p.senderPhy->Send(FlowFrame(i % flows, static_cast<uint16_t>(i / flows)),
                              p.host->GetAddress(),
                              0x0800);
        });
    }
    r.sent = n;
    Ptr<HostCpu> cpu = p.host->GetCpu();
    Ptr<HostNetStack> stack = HostNetStack::GetOrCreate(p.host->GetNode());
    Simulator::Schedule(stop, [&]() {
        for (uint32_t c = 0; c < 4; ++c)
        {
            r.coreBusy.push_back(1 - cpu->GetCoreStats(c).idleShare);
        }
        r.deliveredInTime = r.delivered;
    });
    Simulator::Stop(stop + MilliSeconds(5)); // drain
    Simulator::Run();
    r.steered = p.host->GetStats().rxSteered;
    if (rps)
    {
        // Which core processed each flow: RPS keeps a flow on one core, so each core's
        // backlog processed whole flows (frames / frames per flow).
        for (uint32_t c = 1; c < 4; ++c)
        {
            r.flowsOnCore.push_back(double(stack->GetBacklog(c)->GetStats().processed) /
                                    (double(n) / flows));
        }
    }
    Simulator::Destroy();
    return r;
}

/**
 * RPS: one queue whose core saturates at 1 / (protocol 5 us) = 200 Kpps without steering
 * delivers an offered 400 Kpps when RPS spreads the protocol processing over three other
 * cores; flows stay in order and spread evenly over the RPS cores.
 */
class RpsTestCase : public TestCase
{
  public:
    RpsTestCase()
        : TestCase("RPS: one queue's protocol work spreads over other cores (capacity x3, "
                   "flows in order, even spread)")
    {
    }

  private:
    void DoRun() override
    {
        const double rate = 400e3;
        RpsResult plain = RunRps(rate, false);
        RpsResult rps = RunRps(rate, true);
        double plainShare = double(plain.deliveredInTime) / plain.sent;
        double rpsShare = double(rps.deliveredInTime) / rps.sent;
        std::cout << "offered 400 Kpps: delivered " << plainShare * 100 << " % without RPS, "
                  << rpsShare * 100 << " % with RPS; busy cores with RPS " << rps.coreBusy[0] << " "
                  << rps.coreBusy[1] << " " << rps.coreBusy[2] << " " << rps.coreBusy[3]
                  << std::endl;
        // Without RPS the IRQ core serves at most 200 Kpps (half the offered load, less the
        // ISR time); with RPS the IRQ core pays ISRs, unmask writes and 0.2 us per packet.
        NS_TEST_EXPECT_MSG_LT(plainShare, 0.51, "one core cannot process 400 Kpps");
        NS_TEST_EXPECT_MSG_GT(plain.coreBusy[0], 0.97, "the IRQ core saturates without RPS");
        NS_TEST_EXPECT_MSG_GT(rpsShare, 0.99, "RPS keeps up with the offered load");
        NS_TEST_EXPECT_MSG_EQ(rps.delivered, rps.sent, "RPS delivers the whole offered load");
        NS_TEST_EXPECT_MSG_EQ(rps.steered, rps.sent, "core 0 is not in RpsCores: all steered");
        NS_TEST_EXPECT_MSG_EQ(rps.outOfOrder, 0, "RPS keeps each flow in order");
        NS_TEST_EXPECT_MSG_EQ(plain.outOfOrder, 0, "in order without RPS");
        // Each RPS core carries a third of 400 Kpps x 5 us = 2 cores' worth (0.67), plus
        // its IPIs. The IRQ core finishes a poll quickly (0.2 us per packet), unmasks and
        // takes the next interrupt: ISRs (3 us) keep it busy but not saturated.
        for (uint32_t c = 1; c < 4; ++c)
        {
            NS_TEST_EXPECT_MSG_GT(rps.coreBusy[c], 0.45, "core " << c << " does protocol work");
            NS_TEST_EXPECT_MSG_LT(rps.coreBusy[c], 0.95, "core " << c << " is not saturated");
        }
        NS_TEST_EXPECT_MSG_LT(rps.coreBusy[0], 0.9, "the IRQ core is no longer saturated");
        double wholeFlows = 0;
        for (double f : rps.flowsOnCore)
        {
            wholeFlows += f;
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(wholeFlows, 240.0, 1e-9, "every flow processed once");
        // 240 flows over 3 cores, 2 degrees of freedom: P(chi2 > 13.82) = 0.001.
        NS_TEST_EXPECT_MSG_LT(ChiSquare(rps.flowsOnCore), 13.82, "uneven RPS spread");
    }
};

/// Two hosts on a 10 Gb/s point-to-point link, ready for TCP.
struct TcpPair
{
    NodeContainer nodes;           ///< sender 0, receiver 1
    NetDeviceContainer devices;    ///< their HostNetDevices
    Ipv4InterfaceContainer ifaces; ///< their addresses
};

/**
 * Build the pair with @p host's devices (streams assigned), 1448-byte segments and one ACK
 * per packet (GRO hosts ACK every GRO packet: doc/model.rst).
 * @param host the configured helper
 * @return the pair
 */
TcpPair
BuildTcpPair(HostNetDeviceHelper& host)
{
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    TcpPair pair;
    pair.nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("5us"));
    NetDeviceContainer phys = p2p.Install(pair.nodes);
    InternetStackHelper().Install(pair.nodes);
    pair.devices = host.Install(phys);
    host.AssignStreams(pair.devices, 1);
    pair.ifaces = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(pair.devices);
    return pair;
}

/// What the RFS transfer measured.
struct RfsResult
{
    double goodputGbps{0};             ///< receiving application
    uint64_t rxPackets{0};             ///< packets the receiver's device delivered
    std::vector<uint64_t> processedOn; ///< packets each core's backlog processed
};

/**
 * A bulk TCP transfer over 10 Gb/s into a HostSinkApplication pinned to core @p appCore of
 * a 4-core receiver with one queue on core 0 and RxSteering @p steering.
 * @param steering "none", "rps" or "rfs"
 * @param appCore the application's core
 * @return the measurements
 */
RfsResult
RunRfs(const std::string& steering, uint32_t appCore)
{
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(4 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(4 << 20));
    HostNetDeviceHelper host;
    host.SetPreset("i40e-10g");
    host.SetCpuAttribute("NCores", UintegerValue(4));
    host.SetDeviceAttribute("NQueues", UintegerValue(1));
    host.SetSteeringAttribute("Mode", StringValue(steering));
    TcpPair pair = BuildTcpPair(host);
    NodeContainer& nodes = pair.nodes;
    NetDeviceContainer& devices = pair.devices;
    Ipv4InterfaceContainer& ifaces = pair.ifaces;
    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(ifaces.GetAddress(1), 9));
    bulk.SetAttribute("SendSize", UintegerValue(65536));
    bulk.Install(nodes.Get(0)).Start(Seconds(0));
    auto sink = CreateObject<HostSinkApplication>();
    sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
    sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
    sink->SetAttribute("ReadSize", UintegerValue(65536));
    sink->SetAttribute("Core", UintegerValue(appCore));
    nodes.Get(1)->AddApplication(sink);
    auto rx = DynamicCast<HostNetDevice>(devices.Get(1));
    Ptr<HostNetStack> stack = HostNetStack::GetOrCreate(rx->GetNode());
    const Time warmup = MilliSeconds(10);
    const Time measure = MilliSeconds(20);
    uint64_t start = 0;
    Simulator::Schedule(warmup, [&]() {
        rx->ResetStats();
        for (uint32_t c = 0; c < 4; ++c)
        {
            stack->GetBacklog(c)->ResetStats();
        }
        start = sink->GetTotalRx();
    });
    RfsResult r;
    Simulator::Schedule(warmup + measure, [&]() {
        r.goodputGbps = (sink->GetTotalRx() - start) * 8.0 / measure.GetSeconds() / 1e9;
        r.rxPackets = rx->GetStats().rxPackets;
        for (uint32_t c = 0; c < 4; ++c)
        {
            r.processedOn.push_back(stack->GetBacklog(c)->GetStats().processed);
        }
        Simulator::Stop();
    });
    Simulator::Run();
    Simulator::Destroy();
    Config::Reset();
    return r;
}

/**
 * RFS: the packets of a TCP flow are protocol-processed on the core its application reads
 * on (core 2 and core 3 in turn), not on the IRQ core or an RPS hash core, and the transfer
 * runs at line rate.
 */
class RfsTestCase : public TestCase
{
  public:
    RfsTestCase()
        : TestCase("RFS: a TCP flow is processed on its application's core")
    {
    }

  private:
    void DoRun() override
    {
        RfsResult none = RunRfs("none", 2);
        std::cout << "no steering, application on core 2: " << none.goodputGbps << " Gb/s"
                  << std::endl;
        for (uint32_t c = 0; c < 4; ++c)
        {
            NS_TEST_EXPECT_MSG_EQ(none.processedOn[c], 0, "no steering: no backlog work");
        }
        for (uint32_t appCore : {2u, 3u})
        {
            RfsResult rfs = RunRfs("rfs", appCore);
            std::cout << "RFS, application on core " << appCore << ": " << rfs.goodputGbps
                      << " Gb/s; backlog packets per core " << rfs.processedOn[0] << " "
                      << rfs.processedOn[1] << " " << rfs.processedOn[2] << " "
                      << rfs.processedOn[3] << " of " << rfs.rxPackets << std::endl;
            NS_TEST_EXPECT_MSG_GT(rfs.goodputGbps, 9.0, "line rate with RFS");
            NS_TEST_EXPECT_MSG_GT(rfs.rxPackets, 0, "packets delivered");
            for (uint32_t c = 0; c < 4; ++c)
            {
                if (c == appCore)
                {
                    // Every data packet of the flow (the SYN and the first segments come
                    // before the first read recorded the flow, in the warm-up).
                    NS_TEST_EXPECT_MSG_EQ(rfs.processedOn[c],
                                          rfs.rxPackets,
                                          "all packets processed on the application's core");
                }
                else
                {
                    NS_TEST_EXPECT_MSG_EQ(rfs.processedOn[c], 0, "nothing on core " << c);
                }
            }
        }
    }
};

/**
 * RFS moves a flow to its application's new core only after the old core's backlog has
 * processed the flow's queued packets (rps_dev_flow last_qtail): no reordering.
 */
class RfsMoveTestCase : public TestCase
{
  public:
    RfsMoveTestCase()
        : TestCase("RFS: a flow moves to the new core only after its old backlog drained")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetScheme("napi");
        helper.SetCpuAttribute("NCores", UintegerValue(3));
        helper.SetSteeringAttribute("Mode", StringValue("rfs"));
        HostPair p = MakeHostPair(helper);
        Ptr<RfsFlowTable> table = RfsFlowTable::GetOrCreate(p.receiver);
        uint32_t hash =
            RssHash().HashFlow(Ipv4Address("10.0.0.1"), Ipv4Address("10.0.0.2"), 10000, 9);
        int32_t last = -1;
        uint32_t outOfOrder = 0;
        p.host->TraceConnectWithoutContext(
            "Delivered",
            Callback<void, Ptr<const Packet>, Time>([&](Ptr<const Packet> packet, Time) {
                Ipv4Header ip;
                packet->PeekHeader(ip);
                outOfOrder += int32_t(ip.GetIdentification()) < last ? 1 : 0;
                last = ip.GetIdentification();
            }));
        auto burst = [&p](uint16_t first) {
            for (uint16_t s = first; s < first + 20; ++s)
            {
                p.senderPhy->Send(FlowFrame(0, s), p.host->GetAddress(), 0x0800);
            }
        };
        Ptr<HostNetStack> stack = HostNetStack::GetOrCreate(p.host->GetNode());
        // 20 packets to core 1 (5 us each there: 100 us of backlog).
        table->Record(hash, 1);
        Simulator::Schedule(Time(0), [&]() { burst(0); });
        // The application moves to core 2 while core 1 still holds the flow's packets:
        // the next 20 packets must follow the first ones to core 1.
        Simulator::Schedule(MicroSeconds(10), [&]() {
            NS_TEST_EXPECT_MSG_GT(stack->GetBacklog(1)->GetLength(), 0, "core 1 still busy");
            table->Record(hash, 2);
            burst(20);
        });
        // Core 1 has drained: the flow moves.
        Simulator::Schedule(MicroSeconds(400), [&]() {
            NS_TEST_EXPECT_MSG_EQ(stack->GetBacklog(1)->GetLength(), 0, "core 1 drained");
            burst(40);
        });
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(outOfOrder, 0, "the flow was never reordered");
        NS_TEST_EXPECT_MSG_EQ(stack->GetBacklog(1)->GetStats().processed, 40, "old core");
        NS_TEST_EXPECT_MSG_EQ(stack->GetBacklog(2)->GetStats().processed, 20, "new core");
        NS_TEST_EXPECT_MSG_EQ(p.host->GetStats().rxDelivered, 60, "all delivered");
        Simulator::Destroy();
    }
};

/**
 * Frame and descriptor conservation with merged packets (GRO, LRO) and steering (RPS,
 * RFS): during a 10 Gb/s TCP transfer into a 4-core, 4-queue host (four flows), at an
 * arbitrary instant, arrived = delivered + dropped + in host (wire frames), and every ring
 * has each descriptor in exactly one place.
 */
class MergeSteerConservationTestCase : public TestCase
{
  public:
    MergeSteerConservationTestCase()
        : TestCase("conservation of frames and descriptors with GRO or LRO, RPS or RFS, Tx rings")
    {
    }

  private:
    void DoRun() override
    {
        struct Variant
        {
            const char* name;     ///< label
            bool gro;             ///< GRO on (Gro = ns3::GroEngine)
            bool lro;             ///< LroEnabled
            const char* steering; ///< RxSteering
        };

        for (const Variant& v : {Variant{"GRO", true, false, "none"},
                                 Variant{"LRO", false, true, "none"},
                                 Variant{"GRO + RPS", true, false, "rps"},
                                 Variant{"LRO + RFS", false, true, "rfs"}})
        {
            HostNetDeviceHelper host;
            host.SetPreset("i40e-10g");
            host.SetCpuAttribute("NCores", UintegerValue(4));
            host.SetDeviceAttribute("NQueues", UintegerValue(4));
            host.SetGroType(v.gro ? "ns3::GroEngine" : "ns3::NoGro");
            host.SetRxRingAttribute("LroEnabled", BooleanValue(v.lro));
            host.SetSteeringAttribute("Mode", StringValue(v.steering));
            // A small ring and FIFO so that the drop paths run too.
            host.SetRxRingAttribute("Descriptors", UintegerValue(16));
            host.SetRxRingAttribute("TailWriteBatch", UintegerValue(4));
            host.SetRxRingAttribute("FifoSize", UintegerValue(4500));
            TcpPair pair = BuildTcpPair(host);
            NodeContainer& nodes = pair.nodes;
            NetDeviceContainer& devices = pair.devices;
            Ipv4InterfaceContainer& ifaces = pair.ifaces;
            for (uint16_t port = 9; port < 13; ++port)
            {
                BulkSendHelper bulk("ns3::TcpSocketFactory",
                                    InetSocketAddress(ifaces.GetAddress(1), port));
                bulk.Install(nodes.Get(0)).Start(Seconds(0));
                auto sink = CreateObject<HostSinkApplication>();
                sink->SetAttribute("Local",
                                   AddressValue(InetSocketAddress(Ipv4Address::GetAny(), port)));
                sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
                sink->SetAttribute("ReadSize", UintegerValue(65536));
                sink->SetAttribute("Core", UintegerValue(port % 4));
                nodes.Get(1)->AddApplication(sink);
            }
            auto rx = DynamicCast<HostNetDevice>(devices.Get(1));
            Simulator::Stop(MicroSeconds(7919)); // mid-transfer
            Simulator::Run();
            HostNetDeviceStats st = rx->GetStats();
            uint64_t accounted = st.rxDelivered + st.dropFifoOverrun + st.dropNoDescriptor +
                                 st.dropBacklog + st.rxInHost;
            std::cout << v.name << ": arrived " << st.rxArrived << ", delivered " << st.rxDelivered
                      << " in " << st.rxPackets << " packets, steered " << st.rxSteered
                      << ", dropped " << st.dropFifoOverrun + st.dropNoDescriptor + st.dropBacklog
                      << ", in host " << st.rxInHost << std::endl;
            NS_TEST_EXPECT_MSG_GT(st.rxDelivered, st.rxPackets, v.name << ": packets merged");
            NS_TEST_EXPECT_MSG_GT(st.dropFifoOverrun + st.dropNoDescriptor + st.dropBacklog,
                                  0,
                                  v.name << ": the drop paths ran");
            NS_TEST_EXPECT_MSG_EQ(accounted, st.rxArrived, v.name << ": conservation of frames");
            for (uint32_t q = 0; q < rx->GetNQueues(); ++q)
            {
                Ptr<RxRing> ring = rx->GetQueue(q)->GetRxRing();
                uint32_t placed = ring->GetNicDescriptors() + ring->GetNLroHeld() +
                                  ring->GetNReadySegments() + ring->GetHostDescriptors() +
                                  ring->GetPendingTailDescriptors();
                // The frame in DMA (if any) holds the one descriptor not counted above.
                uint32_t inDma = ring->GetNDescriptors() - placed;
                NS_TEST_EXPECT_MSG_LT(inDma, 2u, v.name << ", queue " << q << ": descriptors");
            }
            // The sender's four flows go out through the Tx rings of their queue pairs; every
            // frame handed to the PHY came from one ring, and no ring overflows.
            auto tx = DynamicCast<HostNetDevice>(devices.Get(0));
            uint64_t sent = 0;
            uint32_t ringsUsed = 0;
            for (uint32_t q = 0; q < tx->GetNQueues(); ++q)
            {
                Ptr<TxRing> ring = tx->GetQueue(q)->GetTxRing();
                sent += ring->GetSent();
                ringsUsed += ring->GetSent() > 0 ? 1 : 0;
                NS_TEST_EXPECT_MSG_LT_OR_EQ(ring->GetNInUse(),
                                            ring->GetNDescriptors(),
                                            v.name << ": Tx ring " << q);
            }
            NS_TEST_EXPECT_MSG_EQ(sent, tx->GetStats().txPackets, v.name << ": Tx frames");
            NS_TEST_EXPECT_MSG_GT(ringsUsed, 1, v.name << ": flows use several Tx rings");
            if (std::string(v.steering) != "none")
            {
                NS_TEST_EXPECT_MSG_GT(st.rxSteered, 0, v.name << ": packets were steered");
            }
            Simulator::Destroy();
            Config::Reset();
        }
    }
};

} // namespace

/// The hostnet-multi-queue suite.
class MultiQueueTestSuite : public TestSuite
{
  public:
    MultiQueueTestSuite()
        : TestSuite("hostnet-multi-queue", Type::UNIT)
    {
        AddTestCase(new RssDeviceTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new RpsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new RfsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new RfsMoveTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new MergeSteerConservationTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance that registers the suite.
static MultiQueueTestSuite g_multiQueueTestSuite;
