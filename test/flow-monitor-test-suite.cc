/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// FlowMonitor with GRO and LRO hosts: HostNetFlowProbe and MergedSegmentsTag make
// FlowMonitor count every wire segment of a merged packet as received. Topology: two
// i40e-10g hosts on a 10 Gb/s point-to-point link (5 us), one finite TCP transfer whose
// window (256 KB) fits in the link's queue (1000 packets), so nothing is lost.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/flow-monitor-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

#include <sstream>

using namespace ns3;

namespace
{

/// How the receiving host merges segments.
enum class Merge
{
    GRO, ///< a GRO engine (the i40e-10g preset)
    LRO, ///< RxRing::LroEnabled instead of GRO
};

/// What FlowMonitor and the devices saw of one transfer.
struct TransferResult
{
    FlowMonitor::FlowStats data; ///< the data flow (to port 9)
    FlowMonitor::FlowStats acks; ///< the ACK flow (from port 9)
    uint32_t flows{0};           ///< flows FlowMonitor classified
    uint64_t sinkBytes{0};       ///< bytes the receiving application read
    HostNetDeviceStats rx;       ///< receiver's device
    std::string warnings;        ///< what the run printed on std::clog
};

/// Bytes of the transfer.
constexpr uint32_t TRANSFER = 4 << 20;

/**
 * One TCP transfer of TRANSFER bytes, run to completion (the simulation goes on for 100 ms,
 * about 25 times the transfer's duration), then FlowMonitor's lost-packet check with zero
 * tolerance: a packet sent and never received counts as lost.
 * @param merge GRO or LRO at the hosts
 * @param probe install HostNetFlowProbe next to FlowMonitor
 * @return the statistics
 */
TransferResult
RunTransfer(Merge merge, bool probe)
{
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    // Linux ACKs a GRO packet of several MSS at once (see the hostnet-offload suite).
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(1));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(256 << 10));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(256 << 10));
    NodeContainer nodes(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("5us"));
    p2p.SetQueue("ns3::DropTailQueue", "MaxSize", StringValue("1000p"));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper().Install(nodes);
    HostNetDeviceHelper host;
    host.SetPreset("i40e-10g");
    if (merge == Merge::LRO)
    {
        host.SetGroType("ns3::NoGro");
        host.SetRxRingAttribute("LroEnabled", BooleanValue(true));
    }
    NetDeviceContainer devices = host.Install(phys);
    host.AssignStreams(devices, 1);
    Ipv4InterfaceContainer ifaces = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);

    BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(ifaces.GetAddress(1), 9));
    bulk.SetAttribute("MaxBytes", UintegerValue(TRANSFER));
    bulk.SetAttribute("SendSize", UintegerValue(65536));
    bulk.Install(nodes.Get(0)).Start(MilliSeconds(1));
    PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                InetSocketAddress(Ipv4Address::GetAny(), 9));
    auto sink = DynamicCast<PacketSink>(sinkHelper.Install(nodes.Get(1)).Get(0));

    FlowMonitorHelper flowmon;
    Ptr<FlowMonitor> monitor = flowmon.InstallAll();
    if (probe)
    {
        HostNetFlowProbe::InstallAll(monitor);
    }
    Simulator::Stop(MilliSeconds(100));
    std::ostringstream warnings;
    std::streambuf* clog = std::clog.rdbuf(warnings.rdbuf());
    Simulator::Run();
    std::clog.rdbuf(clog);

    monitor->CheckForLostPackets(Time(0));
    TransferResult r;
    auto classifier = DynamicCast<Ipv4FlowClassifier>(flowmon.GetClassifier());
    for (const auto& [id, stats] : monitor->GetFlowStats())
    {
        Ipv4FlowClassifier::FiveTuple t = classifier->FindFlow(id);
        r.flows++;
        if (t.destinationPort == 9)
        {
            r.data = stats;
        }
        else if (t.sourcePort == 9)
        {
            r.acks = stats;
        }
    }
    r.sinkBytes = sink->GetTotalRx();
    r.rx = DynamicCast<HostNetDevice>(devices.Get(1))->GetStats();
    r.warnings = warnings.str();
    Simulator::Destroy();
    Config::Reset();
    return r;
}

/**
 * With HostNetFlowProbe, FlowMonitor counts every sent segment as received once, with its
 * own size and delay, although the receiver's stack got far fewer (merged) packets.
 */
class MergedSegmentsCountedTestCase : public TestCase
{
  public:
    /**
     * @param merge GRO or LRO
     * @param name test name
     */
    MergedSegmentsCountedTestCase(Merge merge, const std::string& name)
        : TestCase(name),
          m_merge(merge)
    {
    }

  private:
    void DoRun() override
    {
        TransferResult r = RunTransfer(m_merge, true);
        double merge = double(r.rx.rxDelivered) / r.rx.rxPackets;
        double meanDelay = r.data.delaySum.GetSeconds() / r.data.rxPackets;
        std::cout << GetName() << ": data tx " << r.data.txPackets << " rx " << r.data.rxPackets
                  << " lost " << r.data.lostPackets << ", bytes tx " << r.data.txBytes << " rx "
                  << r.data.rxBytes << ", delay mean " << meanDelay * 1e6 << " us min "
                  << r.data.minDelay.GetMicroSeconds() << " us max "
                  << r.data.maxDelay.GetMicroSeconds() << " us; acks tx " << r.acks.txPackets
                  << " rx " << r.acks.rxPackets << "; device: " << r.rx.rxDelivered << " frames in "
                  << r.rx.rxPackets << " packets (x" << merge << ")\n";
        // Preconditions: the whole transfer arrived, and the receiver merged heavily (or the
        // equalities below would not test merged packets).
        NS_TEST_ASSERT_MSG_EQ(r.sinkBytes, TRANSFER, "the transfer completed");
        NS_TEST_ASSERT_MSG_GT(merge, 4.0, "the receiver merged segments");
        NS_TEST_ASSERT_MSG_EQ(r.flows, 2, "two flows: data and ACKs");
        // More segments than the transfer's payload needs: at least TRANSFER / MSS.
        NS_TEST_ASSERT_MSG_GT_OR_EQ(r.data.txPackets, TRANSFER / 1448, "data segments sent");
        NS_TEST_EXPECT_MSG_EQ(r.data.rxPackets, r.data.txPackets, "every segment counted");
        NS_TEST_EXPECT_MSG_EQ(r.data.rxBytes, r.data.txBytes, "every byte counted");
        NS_TEST_EXPECT_MSG_EQ(r.data.lostPackets, 0, "nothing counted as lost");
        NS_TEST_EXPECT_MSG_EQ(r.acks.rxPackets, r.acks.txPackets, "ACKs (not merged) counted");
        NS_TEST_EXPECT_MSG_EQ(r.acks.lostPackets, 0, "no ACK counted as lost");
        NS_TEST_EXPECT_MSG_EQ(r.warnings, "", "no warning with HostNetFlowProbe installed");
        // Delays: at least the propagation delay plus one 1500-byte frame at 10 Gb/s; at
        // most a 256 KB window queued at 10 Gb/s (210 us) plus a few interrupt intervals.
        Time floor = MicroSeconds(5) + NanoSeconds(1200);
        NS_TEST_EXPECT_MSG_GT_OR_EQ(r.data.minDelay, floor, "no segment faster than the wire");
        NS_TEST_EXPECT_MSG_LT(meanDelay, 1e-3, "mean one-way delay below 1 ms");
        NS_TEST_EXPECT_MSG_LT(r.data.maxDelay, MilliSeconds(2), "no delay above 2 ms");
    }

    Merge m_merge; ///< GRO or LRO
};

/**
 * Without HostNetFlowProbe, ns-3's Ipv4FlowProbe counts one packet per merged packet: the
 * problem the probe solves, reproduced by the same scenario (so the test above exercises it).
 */
class WithoutProbeTestCase : public TestCase
{
  public:
    WithoutProbeTestCase()
        : TestCase("without HostNetFlowProbe FlowMonitor counts GRO packets, not segments")
    {
    }

  private:
    void DoRun() override
    {
        TransferResult r = RunTransfer(Merge::GRO, false);
        std::cout << GetName() << ": data tx " << r.data.txPackets << " rx " << r.data.rxPackets
                  << " lost " << r.data.lostPackets << "; device: " << r.rx.rxPackets
                  << " packets\n";
        NS_TEST_ASSERT_MSG_EQ(r.sinkBytes, TRANSFER, "the transfer completed");
        NS_TEST_EXPECT_MSG_LT(r.data.rxPackets * 4, r.data.txPackets, "merged segments missing");
        NS_TEST_EXPECT_MSG_GT(r.data.lostPackets, 0, "missing segments counted as lost");
        // Ipv4FlowProbe counts one received packet per data packet the stack got.
        NS_TEST_EXPECT_MSG_LT_OR_EQ(r.data.rxPackets, r.rx.rxPackets, "one per stack packet");
        // The unchanged script is told how to count right, once per run.
        const std::string line = "HostNetFlowProbe::InstallAll(monitor);";
        NS_TEST_EXPECT_MSG_NE(r.warnings.find(line), std::string::npos, r.warnings);
        NS_TEST_EXPECT_MSG_EQ(r.warnings.find(line), r.warnings.rfind(line), "warned once");
        // ... in every run, not once per process.
        TransferResult again = RunTransfer(Merge::GRO, false);
        NS_TEST_EXPECT_MSG_NE(again.warnings.find(line), std::string::npos, "second run");
    }
};

/**
 * MergedSegmentsTag::Collect gathers the segment lists of a packet into one tag, in the order
 * of their bytes, keeps the other byte tags with their ranges, and leaves a packet without
 * FlowMonitor tags as it is.
 */
class CollectTestCase : public TestCase
{
  public:
    CollectTestCase()
        : TestCase("Collect: one tag with every segment in byte order; other byte tags kept")
    {
    }

  private:
    /**
     * @param packetId the packet id
     * @return a segment of flow 1 with that packet id
     */
    static MergedSegmentsTag::Segment Segment(uint32_t packetId)
    {
        MergedSegmentsTag::Segment s;
        s.flowId = 1;
        s.packetId = packetId;
        s.size = 1000 + packetId;
        s.src = Ipv4Address("10.1.1.1");
        s.dst = Ipv4Address("10.1.1.2");
        return s;
    }

    void DoRun() override
    {
        Ptr<Packet> plain = Create<Packet>(300);
        plain->AddByteTag(SendTimeTag(MicroSeconds(7)), 0, 100);
        NS_TEST_EXPECT_MSG_EQ(MergedSegmentsTag::Collect(plain),
                              plain,
                              "no FlowMonitor tag: the same packet");

        Ptr<Packet> packet = Create<Packet>(300);
        MergedSegmentsTag later;
        later.AddSegment(Segment(5));
        later.AddSegment(Segment(6));
        MergedSegmentsTag earlier;
        earlier.AddSegment(Segment(4));
        packet->AddByteTag(later, 100, 300); // added first, but its bytes come second
        packet->AddByteTag(earlier, 0, 100);
        packet->AddByteTag(SendTimeTag(MicroSeconds(7)), 50, 150);
        Ptr<const Packet> result = MergedSegmentsTag::Collect(packet);
        NS_TEST_ASSERT_MSG_NE(result, packet, "a modified copy");
        uint32_t merged = 0;
        uint32_t sendTimes = 0;
        for (ByteTagIterator it = result->GetByteTagIterator(); it.HasNext();)
        {
            ByteTagIterator::Item item = it.Next();
            if (item.GetTypeId() == MergedSegmentsTag::GetTypeId())
            {
                merged++;
                MergedSegmentsTag tag;
                item.GetTag(tag);
                NS_TEST_ASSERT_MSG_EQ(tag.GetSegments().size(), 3, "every segment");
                for (uint32_t k = 0; k < 3; ++k)
                {
                    const auto& s = tag.GetSegments()[k];
                    NS_TEST_EXPECT_MSG_EQ(s.packetId, 4 + k, "byte order");
                    NS_TEST_EXPECT_MSG_EQ(s.size, 1004 + k, "size kept");
                    NS_TEST_EXPECT_MSG_EQ(s.dst, Ipv4Address("10.1.1.2"), "address kept");
                }
                NS_TEST_EXPECT_MSG_EQ(item.GetStart(), 0, "over the whole packet");
                NS_TEST_EXPECT_MSG_EQ(item.GetEnd(), 300, "over the whole packet");
            }
            else if (item.GetTypeId() == SendTimeTag::GetTypeId())
            {
                sendTimes++;
                SendTimeTag tag;
                item.GetTag(tag);
                NS_TEST_EXPECT_MSG_EQ(tag.GetSendTime(), MicroSeconds(7), "value kept");
                NS_TEST_EXPECT_MSG_EQ(item.GetStart(), 50, "range kept");
                NS_TEST_EXPECT_MSG_EQ(item.GetEnd(), 150, "range kept");
            }
        }
        NS_TEST_EXPECT_MSG_EQ(merged, 1, "one MergedSegmentsTag");
        NS_TEST_EXPECT_MSG_EQ(sendTimes, 1, "the other byte tag kept once");
        // The original packet is unchanged.
        uint32_t original = 0;
        for (ByteTagIterator it = packet->GetByteTagIterator(); it.HasNext(); it.Next())
        {
            original++;
        }
        NS_TEST_EXPECT_MSG_EQ(original, 3, "the original keeps its tags");
    }
};

} // namespace

/// The hostnet-flow-monitor suite.
class FlowMonitorTestSuite : public TestSuite
{
  public:
    FlowMonitorTestSuite()
        : TestSuite("hostnet-flow-monitor", Type::SYSTEM)
    {
        AddTestCase(new MergedSegmentsCountedTestCase(
                        Merge::GRO,
                        "GRO: FlowMonitor counts every segment (rx = tx packets and bytes)"),
                    TestCase::Duration::QUICK);
        AddTestCase(new MergedSegmentsCountedTestCase(
                        Merge::LRO,
                        "LRO: FlowMonitor counts every segment (rx = tx packets and bytes)"),
                    TestCase::Duration::QUICK);
        AddTestCase(new WithoutProbeTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new CollectTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance that registers the suite.
static FlowMonitorTestSuite g_flowMonitorTestSuite;
