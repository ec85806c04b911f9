/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// Config paths to the objects of every queue of a multi-queue HostNetDevice (the device's
// Queues attribute, an ObjectVectorValue, and HostNetQueue's Pointer attributes) and to the
// device's parts (Costs, Steering, TxPath).
// Topology: two i40e-10g hosts (8 queues) on a 10 Gb/s point-to-point link, several UDP
// flows from host 0 to host 1 that RSS spreads over the receiver's queues.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"

#include <cmath>
#include <map>
#include <sstream>
#include <string>

using namespace ns3;

namespace
{

/// The two hosts and their HostNetDevices.
struct Topology
{
    NodeContainer nodes;   ///< node 0 sends, node 1 receives
    Ptr<HostNetDevice> tx; ///< sender's device
    Ptr<HostNetDevice> rx; ///< receiver's device
    std::string rxDevPath; ///< Config path of the receiver's device
};

/**
 * Build the topology and install @p flows constant-rate UDP flows (1000-byte datagrams every
 * 20 us each, 1 ms to 6 ms): the receiver runs far below its capacity, so nothing is dropped
 * and every frame is delivered long before the end of the simulation.
 * @param flows number of flows (distinct destination ports)
 * @return the topology
 */
Topology
Build(uint32_t flows)
{
    Topology t;
    t.nodes.Create(2);
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("5us"));
    NetDeviceContainer phys = p2p.Install(t.nodes);
    InternetStackHelper().Install(t.nodes);
    HostNetDeviceHelper host;
    host.SetPreset("i40e-10g");
    NetDeviceContainer devices = host.Install(phys);
    host.AssignStreams(devices, 1);
    Ipv4InterfaceContainer ifaces = Ipv4AddressHelper("10.1.1.0", "255.255.255.0").Assign(devices);
    t.tx = DynamicCast<HostNetDevice>(devices.Get(0));
    t.rx = DynamicCast<HostNetDevice>(devices.Get(1));
    std::ostringstream path;
    path << "/NodeList/" << t.rx->GetNode()->GetId() << "/DeviceList/" << t.rx->GetIfIndex()
         << "/$ns3::HostNetDevice";
    t.rxDevPath = path.str();
    for (uint32_t f = 0; f < flows; ++f)
    {
        uint16_t port = 5000 + f;
        PacketSinkHelper sink("ns3::UdpSocketFactory",
                              InetSocketAddress(Ipv4Address::GetAny(), port));
        sink.Install(t.nodes.Get(1));
        UdpClientHelper client(ifaces.GetAddress(1), port);
        client.SetAttribute("MaxPackets", UintegerValue(250));
        client.SetAttribute("Interval", TimeValue(MicroSeconds(20)));
        client.SetAttribute("PacketSize", UintegerValue(1000));
        ApplicationContainer app = client.Install(t.nodes.Get(0));
        app.Start(MilliSeconds(1) + MicroSeconds(f));
        app.Stop(MilliSeconds(6) + MicroSeconds(f));
    }
    return t;
}

/**
 * @param context a Config context ".../NodeList/<n>/.../Queues/<q>/..."
 * @param key "NodeList" or "Queues"
 * @return the index after "/<key>/" (the test fails on a context without it)
 */
uint32_t
IndexIn(const std::string& context, const std::string& key)
{
    std::string marker = "/" + key + "/";
    size_t at = context.find(marker);
    NS_ABORT_MSG_IF(at == std::string::npos, "no " << key << " in context " << context);
    return std::stoul(context.substr(at + marker.size()));
}

/// Frames written back, per (node, queue) read from the trace context.
using CountMap = std::map<std::pair<uint32_t, uint32_t>, uint64_t>;

/// WriteBack sink with context.
void
CountWriteBack(CountMap* counts, std::string context, Ptr<const Packet>)
{
    (*counts)[{IndexIn(context, "NodeList"), IndexIn(context, "Queues")}]++;
}

/// WriteBack sink without context.
void
CountPlain(uint64_t* count, Ptr<const Packet>)
{
    (*count)++;
}

/**
 * Queues with a wildcard (and wildcards over nodes and devices): every queue's RxRing
 * WriteBack reaches the sink, with the queue in the context; per host the callbacks equal the
 * frames that arrived (nothing is dropped or left in the host), per queue the frames that
 * queue delivered.
 */
class WildcardQueuesTestCase : public TestCase
{
  public:
    WildcardQueuesTestCase()
        : TestCase("every queue's RxRing WriteBack through the Queues wildcard, counted per queue")
    {
    }

  private:
    void DoRun() override
    {
        Topology t = Build(16);
        uint32_t nQueues = t.rx->GetNQueues();
        NS_TEST_ASSERT_MSG_EQ(nQueues, 8, "i40e-10g has 8 queues");
        NS_TEST_ASSERT_MSG_EQ(
            Config::LookupMatches("/NodeList/*/DeviceList/*/$ns3::HostNetDevice/Queues/*").GetN(),
            2 * nQueues,
            "Queues/* matches every queue of both hosts");
        CountMap counts;
        Config::Connect("/NodeList/*/DeviceList/*/$ns3::HostNetDevice/Queues/*/RxRing/WriteBack",
                        MakeBoundCallback(&CountWriteBack, &counts));
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();

        for (Ptr<HostNetDevice> dev : {t.tx, t.rx})
        {
            uint32_t node = dev->GetNode()->GetId();
            HostNetDeviceStats s = dev->GetStats();
            // Preconditions of the equality below: no frame lost or still in the host.
            NS_TEST_ASSERT_MSG_EQ(s.dropFifoOverrun + s.dropNoDescriptor + s.dropBacklog,
                                  0,
                                  "node " << node << ": no drops");
            NS_TEST_ASSERT_MSG_EQ(s.rxInHost, 0, "node " << node << ": every frame delivered");
            uint64_t sum = 0;
            for (uint32_t q = 0; q < dev->GetNQueues(); ++q)
            {
                uint64_t n = counts[{node, q}];
                sum += n;
                NS_TEST_EXPECT_MSG_EQ(n,
                                      dev->GetQueue(q)->GetDelivered(),
                                      "node " << node << " queue " << q
                                              << ": one WriteBack per frame it delivered");
            }
            NS_TEST_EXPECT_MSG_EQ(sum,
                                  s.rxArrived,
                                  "node " << node << ": one WriteBack per arrived frame");
        }
        // The UDP flows: 16 x 250 datagrams at the receiver.
        NS_TEST_EXPECT_MSG_EQ(t.rx->GetStats().rxArrived, 16 * 250, "every datagram arrived");
        uint32_t fired = 0;
        for (uint32_t q = 0; q < nQueues; ++q)
        {
            fired += counts[{t.rx->GetNode()->GetId(), q}] > 0 ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_GT(fired, 1, "RSS spread the flows: more than one queue fired");
        for (const auto& [key, n] : counts)
        {
            NS_TEST_EXPECT_MSG_LT(key.second, nQueues, "contexts name existing queues only");
        }
        Simulator::Destroy();
        Config::Reset();
    }
};

/**
 * One queue by index reaches that queue's ring only; the device-level RxRing attribute is
 * queue 0's ring (the template the other queues copy). The attributes hand out the queues'
 * own objects.
 */
class IndexedQueueTestCase : public TestCase
{
  public:
    IndexedQueueTestCase()
        : TestCase("Queues index 3 reaches queue 3's ring; the device's RxRing is queue 0's")
    {
    }

  private:
    void DoRun() override
    {
        Topology t = Build(16);
        uint32_t nQueues = t.rx->GetNQueues();
        // The attributes return the device's queues and each queue's own objects.
        ObjectVectorValue queues;
        t.rx->GetAttribute("Queues", queues);
        NS_TEST_ASSERT_MSG_EQ(queues.GetN(), nQueues, "one element per queue");
        for (uint32_t q = 0; q < nQueues; ++q)
        {
            Ptr<HostNetQueue> queue = DynamicCast<HostNetQueue>(queues.Get(q));
            NS_TEST_ASSERT_MSG_EQ(queue, t.rx->GetQueue(q), "element " << q << " is queue " << q);
            PointerValue ring;
            PointerValue txRing;
            PointerValue moderation;
            PointerValue rxMode;
            PointerValue gro;
            queue->GetAttribute("RxRing", ring);
            queue->GetAttribute("TxRing", txRing);
            queue->GetAttribute("Moderation", moderation);
            queue->GetAttribute("RxMode", rxMode);
            queue->GetAttribute("Gro", gro);
            NS_TEST_EXPECT_MSG_EQ(ring.Get<RxRing>(), queue->GetRxRing(), "queue " << q);
            NS_TEST_EXPECT_MSG_EQ(txRing.Get<TxRing>(), queue->GetTxRing(), "queue " << q);
            NS_TEST_EXPECT_MSG_EQ(moderation.Get<InterruptModeration>(),
                                  queue->GetModeration(),
                                  "queue " << q);
            NS_TEST_EXPECT_MSG_EQ(rxMode.Get<RxMode>(), queue->GetRxMode(), "queue " << q);
            NS_TEST_EXPECT_MSG_EQ(gro.Get<GroEngine>(), queue->GetGro(), "queue " << q);
            NS_TEST_EXPECT_MSG_NE(queue->GetGro(), nullptr, "i40e-10g: GRO on every queue");
            if (q > 0)
            {
                // No queue is the others' prototype: every queue has its own parts.
                Ptr<HostNetQueue> first = t.rx->GetQueue(0);
                NS_TEST_EXPECT_MSG_NE(queue->GetRxRing(), first->GetRxRing(), "queue " << q);
                NS_TEST_EXPECT_MSG_NE(queue->GetModeration(),
                                      first->GetModeration(),
                                      "queue " << q);
                NS_TEST_EXPECT_MSG_NE(queue->GetRxMode(), first->GetRxMode(), "queue " << q);
                NS_TEST_EXPECT_MSG_NE(queue->GetGro(), first->GetGro(), "queue " << q);
            }
        }
        // The queues are read-only.
        NS_TEST_EXPECT_MSG_EQ(t.rx->SetAttributeFailSafe("Queues", ObjectVectorValue()),
                              false,
                              "Queues cannot be set");

        uint64_t queue3 = 0;
        uint64_t queue0 = 0;
        Config::ConnectWithoutContext(t.rxDevPath + "/Queues/3/RxRing/WriteBack",
                                      MakeBoundCallback(&CountPlain, &queue3));
        Config::ConnectWithoutContext(t.rxDevPath + "/Queues/0/RxRing/WriteBack",
                                      MakeBoundCallback(&CountPlain, &queue0));
        // The device-level RxRing is a factory, not an object: no path through it.
        NS_TEST_EXPECT_MSG_EQ(Config::LookupMatches(t.rxDevPath + "/RxRing").GetN(),
                              0,
                              "no device-level ring");
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        HostNetDeviceStats s = t.rx->GetStats();
        NS_TEST_ASSERT_MSG_EQ(s.rxInHost, 0, "every frame delivered");
        uint64_t delivered0 = t.rx->GetQueue(0)->GetDelivered();
        uint64_t delivered3 = t.rx->GetQueue(3)->GetDelivered();
        // Both queues must have traffic, or the equalities below would prove nothing.
        NS_TEST_ASSERT_MSG_GT(delivered0, 0, "queue 0 has frames");
        NS_TEST_ASSERT_MSG_GT(delivered3, 0, "queue 3 has frames");
        NS_TEST_ASSERT_MSG_LT(delivered3, s.rxArrived, "queue 3 does not have every frame");
        NS_TEST_EXPECT_MSG_EQ(queue3, delivered3, "Queues/3: queue 3's frames only");
        NS_TEST_EXPECT_MSG_EQ(queue0, delivered0, "Queues/0: queue 0's frames only");
        Simulator::Destroy();
        Config::Reset();
    }
};

/**
 * The device's parts (Costs, Steering, TxPath) through Config paths: each path reaches the
 * part the device uses, the preset's values are there, and a cost set through the path
 * after installation is the cost the queues charge (the queues read the costs through the
 * part, nothing was copied): with IsrCost set to 20 us on the receiver, its hard IRQ time
 * is at least 20 us per interrupt (the preset's ISR costs 1 us) and less than twice that.
 */
class DevicePartsTestCase : public TestCase
{
  public:
    DevicePartsTestCase()
        : TestCase("Costs, Steering and TxPath reached by Config paths; a cost set there is "
                   "charged")
    {
    }

  private:
    void DoRun() override
    {
        Topology t = Build(4);
        const std::pair<std::string, Ptr<Object>> parts[] = {{"Costs", t.rx->GetCosts()},
                                                             {"Steering", t.rx->GetSteering()},
                                                             {"TxPath", t.rx->GetTxPath()}};
        for (const auto& [name, part] : parts)
        {
            Config::MatchContainer m = Config::LookupMatches(t.rxDevPath + "/" + name);
            NS_TEST_ASSERT_MSG_EQ(m.GetN(), 1, name << ": one match");
            NS_TEST_EXPECT_MSG_EQ(m.Get(0), part, name << ": the part the device uses");
        }
        NS_TEST_EXPECT_MSG_NE(t.rx->GetCosts(), t.tx->GetCosts(), "each device has its own");
        UintegerValue table;
        t.rx->GetSteering()->GetAttribute("RssTableSize", table);
        NS_TEST_EXPECT_MSG_EQ(table.Get(), 512, "i40e-10g preset: RSS table 512");
        BooleanValue tso;
        t.rx->GetTxPath()->GetAttribute("TsoEnabled", tso);
        NS_TEST_EXPECT_MSG_EQ(tso.Get(), true, "i40e-10g preset: TSO on");

        const double isr = 20e-6;
        Config::Set(t.rxDevPath + "/Costs/IsrCost",
                    StringValue("ns3::ConstantRandomVariable[Constant=2e-5]"));
        Ptr<HostCpu> cpu = t.rx->GetCpu();
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        HostCpuStats cpuStats = cpu->GetStats();
        double hardIrqSeconds = cpuStats.hardIrqShare * cpuStats.elapsed;
        uint64_t interrupts = t.rx->GetStats().interrupts;
        NS_TEST_ASSERT_MSG_GT(interrupts, 0, "the receiver took interrupts");
        NS_TEST_EXPECT_MSG_GT_OR_EQ(hardIrqSeconds,
                                    0.999 * isr * interrupts,
                                    "IsrCost set through Costs/IsrCost is charged");
        NS_TEST_EXPECT_MSG_LT(hardIrqSeconds,
                              2 * isr * interrupts,
                              "and is most of the hard IRQ time");
        Simulator::Destroy();
        Config::Reset();
    }
};

/**
 * The device's statistics are aggregated to it: StageLatencies set through
 * .../$ns3::HostNetStatistics/ on the receiver alone leaves its five stage summaries without
 * samples (count 0) and its system latency measured, and the sender's still on; the Gro
 * factory of the i40e-10g preset names the engine.
 */
class StatisticsPathTestCase : public TestCase
{
  public:
    StatisticsPathTestCase()
        : TestCase("HostNetStatistics aggregated to the device: StageLatencies through "
                   "$ns3::HostNetStatistics")
    {
    }

  private:
    void DoRun() override
    {
        Topology t = Build(4);
        const std::string path = t.rxDevPath + "/$ns3::HostNetStatistics";
        Config::MatchContainer m = Config::LookupMatches(path);
        NS_TEST_ASSERT_MSG_EQ(m.GetN(), 1, "one match");
        NS_TEST_EXPECT_MSG_EQ(m.Get(0),
                              t.rx->GetObject<HostNetStatistics>(),
                              "the receiver's own statistics");
        NS_TEST_EXPECT_MSG_NE(t.rx->GetObject<HostNetStatistics>(),
                              t.tx->GetObject<HostNetStatistics>(),
                              "each device has its own");
        NS_TEST_EXPECT_MSG_EQ(t.rx->IsGroEnabled(), true, "i40e-10g: Gro = ns3::GroEngine");
        Config::Set(path + "/StageLatencies", BooleanValue(false));
        BooleanValue senderStages;
        t.tx->GetObject<HostNetStatistics>()->GetAttribute("StageLatencies", senderStages);
        NS_TEST_EXPECT_MSG_EQ(senderStages.Get(), true, "the sender's are still recorded");
        Simulator::Stop(MilliSeconds(20));
        Simulator::Run();
        HostNetDeviceStats s = t.rx->GetStats();
        NS_TEST_ASSERT_MSG_GT(s.rxDelivered, 0, "the receiver delivered frames");
        NS_TEST_EXPECT_MSG_EQ(s.systemLatency.count, s.rxPackets, "system latency measured");
        for (const auto& [name, stage] : {std::pair{"fifoWait", s.fifoWait},
                                          std::pair{"dma", s.dma},
                                          std::pair{"moderationWait", s.moderationWait},
                                          std::pair{"cpuWait", s.cpuWait},
                                          std::pair{"processing", s.processing}})
        {
            NS_TEST_EXPECT_MSG_EQ(stage.count, 0, name << ": not recorded");
            NS_TEST_EXPECT_MSG_EQ(std::isnan(stage.meanUs), true, name << ": undefined, not 0");
        }
        Simulator::Destroy();
        Config::Reset();
    }
};

} // namespace

/// The hostnet-config-paths suite.
class ConfigPathTestSuite : public TestSuite
{
  public:
    ConfigPathTestSuite()
        : TestSuite("hostnet-config-paths", Type::UNIT)
    {
        AddTestCase(new WildcardQueuesTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new IndexedQueueTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new DevicePartsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new StatisticsPathTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance that registers the suite.
static ConfigPathTestSuite g_configPathTestSuite;
