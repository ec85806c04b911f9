/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// The leaf-spine fabric of hostnet hosts: every datagram is accounted for (delivered or
// dropped at a named place), per-destination ECMP keeps each destination on its spine, and a
// heavier moderation setting on every host moves the metrics the way it must.

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

#include <limits>

using namespace ns3;

namespace
{

/// What one fabric run produced.
struct FabricRun
{
    uint64_t sent{0};              ///< datagrams the sources sent
    uint64_t read{0};              ///< datagrams the sinks read
    uint64_t hostDrops{0};         ///< NIC and host drops (FIFO, descriptor, backlog)
    uint64_t socketDrops{0};       ///< UDP socket buffer drops
    uint64_t switchDrops{0};       ///< switch port drops
    uint64_t inHost{0};            ///< frames still inside a host model at the end
    uint64_t interrupts{0};        ///< Rx ISRs on all hosts
    double meanHostLatency{0};     ///< mean NIC arrival -> end of processing, all hosts (us)
    std::vector<uint64_t> spineTx; ///< packets sent by each spine port (leaf-major)
};

/**
 * Run a fabric where host i sends Poisson UDP to host (i + hostsPerLeaf) mod n, stop the
 * sources at @p sendFor and let the network drain for 50 ms.
 */
FabricRun
RunFabric(const std::string& scheme,
          uint32_t spines,
          uint32_t leaves,
          uint32_t hostsPerLeaf,
          double ratePps,
          Time sendFor,
          const std::string& switchQueue,
          const std::string& fabricRate = "2Gbps",
          const std::string& routing = "static")
{
    HostNetDeviceHelper nic;
    nic.SetScheme(scheme);
    LeafSpineHelper fabric;
    fabric.SetShape(spines, leaves, hostsPerLeaf);
    fabric.SetSwitchQueueSize(switchQueue);
    fabric.SetFabricLinkAttribute("DataRate", StringValue(fabricRate));
    fabric.SetHostNetDeviceHelper(nic);
    fabric.SetRouting(routing);
    fabric.Install();
    int64_t stream = 10 + fabric.AssignStreams(10);
    NodeContainer hosts = fabric.GetHosts();
    uint32_t n = fabric.GetNHosts();
    std::vector<Ptr<PoissonSourceApplication>> sources;
    std::vector<Ptr<HostSinkApplication>> sinks;
    for (uint32_t i = 0; i < n; ++i)
    {
        auto sink = CreateObject<HostSinkApplication>();
        sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 9)));
        hosts.Get(i)->AddApplication(sink);
        sinks.push_back(sink);
        auto src = CreateObject<PoissonSourceApplication>();
        uint32_t to = (i + hostsPerLeaf) % n;
        src->SetAttribute("Remote", AddressValue(InetSocketAddress(fabric.GetHostAddress(to), 9)));
        src->SetAttribute("Rate", DoubleValue(ratePps));
        src->SetAttribute("PacketSize", UintegerValue(512));
        hosts.Get(i)->AddApplication(src);
        src->SetStartTime(MilliSeconds(1));
        src->SetStopTime(sendFor);
        stream += src->AssignStreams(stream);
        sources.push_back(src);
    }
    Simulator::Stop(sendFor + MilliSeconds(50));
    Simulator::Run();

    FabricRun r;
    NetDeviceContainer devices = fabric.GetHostDevices();
    double latencySum = 0;
    uint64_t latencyCount = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        r.sent += sources[i]->GetSent();
        r.read += sinks[i]->GetPacketsRead();
        r.socketDrops += sinks[i]->GetSocketDrops();
        HostNetDeviceStats s = DynamicCast<HostNetDevice>(devices.Get(i))->GetStats();
        r.hostDrops += s.dropFifoOverrun + s.dropNoDescriptor + s.dropBacklog;
        r.inHost += s.rxInHost;
        r.interrupts += s.interrupts;
        if (s.hostLatency.count > 0) // the mean is NaN without samples
        {
            latencySum += s.hostLatency.meanUs * s.hostLatency.count;
            latencyCount += s.hostLatency.count;
        }
    }
    r.meanHostLatency =
        latencyCount ? latencySum / latencyCount : std::numeric_limits<double>::quiet_NaN();
    r.switchDrops = fabric.GetLeafDrops() + fabric.GetSpineDrops();
    NetDeviceContainer spinePorts = fabric.GetSpinePorts();
    for (uint32_t i = 0; i < spinePorts.GetN(); ++i)
    {
        r.spineTx.push_back(DynamicCast<PointToPointNetDevice>(spinePorts.Get(i))
                                ->GetQueue()
                                ->GetTotalReceivedPackets());
    }
    Simulator::Destroy();
    return r;
}

/// Every datagram sent is read by a sink or dropped at a counted place.
class LeafSpineConservationTestCase : public TestCase
{
  public:
    /**
     * @param scheme host scheme preset
     * @param ratePps per-host sending rate
     * @param switchQueue switch port buffer
     * @param fabricRate leaf-spine link rate
     */
    LeafSpineConservationTestCase(const std::string& scheme,
                                  double ratePps,
                                  const std::string& switchQueue,
                                  const std::string& fabricRate = "2Gbps")
        : TestCase("conservation, " + scheme + " at " + std::to_string(int(ratePps)) +
                   " pps per host, switch buffer " + switchQueue + ", fabric " + fabricRate),
          m_scheme(scheme),
          m_rate(ratePps),
          m_queue(switchQueue),
          m_fabricRate(fabricRate)
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(3);
        // 2 spines, 3 leaves, 3 hosts per leaf; 20 ms of traffic.
        FabricRun r = RunFabric(m_scheme, 2, 3, 3, m_rate, MilliSeconds(21), m_queue, m_fabricRate);
        NS_TEST_ASSERT_MSG_GT(r.sent, 1000u, "the sources sent too little to test anything");
        NS_TEST_ASSERT_MSG_EQ(r.inHost, 0u, "the hosts did not drain in 50 ms");
        NS_TEST_ASSERT_MSG_EQ(r.sent,
                              r.read + r.hostDrops + r.socketDrops + r.switchDrops,
                              "datagrams lost without a drop counter (read "
                                  << r.read << ", host " << r.hostDrops << ", socket "
                                  << r.socketDrops << ", switch " << r.switchDrops << ")");
        if (m_expectSwitchDrops)
        {
            NS_TEST_ASSERT_MSG_GT(r.switchDrops, 0u, "no switch drops on an overloaded fabric");
        }
    }

  public:
    bool m_expectSwitchDrops{false}; ///< the buffer is small enough to overflow

  private:
    std::string m_scheme;     ///< host scheme
    double m_rate;            ///< pps per host
    std::string m_queue;      ///< switch buffer
    std::string m_fabricRate; ///< leaf-spine link rate
};

/// Per-destination ECMP: traffic for host i leaves leaf l through spine i mod spines.
class LeafSpineEcmpTestCase : public TestCase
{
  public:
    LeafSpineEcmpTestCase()
        : TestCase("per-destination ECMP spreads the destinations over the spines")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        // 2 spines, 2 leaves, 2 hosts per leaf: host i sends to host i+2 (other leaf).
        FabricRun r = RunFabric("napi", 2, 2, 2, 5000, MilliSeconds(21), "100p");
        // Spine ports are leaf-major: spine s's port towards leaf l is spineTx[l * 2 + s].
        // Host 0 and 1 (leaf 0) send to hosts 2 and 3 (leaf 1): host 2 via spine 0, host 3 via
        // spine 1, so each spine's port down to leaf 1 carries one destination's traffic.
        // Traffic back to leaf 0 (hosts 2, 3 send to 0, 1) takes spine 0 (host 0) and 1 (1).
        for (uint32_t l = 0; l < 2; ++l)
        {
            for (uint32_t s = 0; s < 2; ++s)
            {
                NS_TEST_ASSERT_MSG_GT(r.spineTx[l * 2 + s],
                                      50u,
                                      "spine " << s << " carries nothing down to leaf " << l);
            }
        }
        double a = r.spineTx[2];
        double b = r.spineTx[3];
        // Two Poisson streams of ~100 packets each over 20 ms: the two spines' shares differ
        // by less than 40 % (about 3 standard deviations of the difference).
        NS_TEST_ASSERT_MSG_LT(std::abs(a - b) / (a + b) * 2, 0.4, "ECMP shares " << a << "/" << b);
    }
};

/**
 * SetRouting("global"): ns-3's global routing through the hostnet hosts delivers every
 * datagram of a lightly loaded fabric (the same traffic as the conservation cases), and
 * with RandomEcmpRouting both spines carry packets down to each leaf.
 */
class LeafSpineGlobalRoutingTestCase : public TestCase
{
  public:
    LeafSpineGlobalRoutingTestCase()
        : TestCase("global routing (with RandomEcmpRouting) through the hostnet hosts")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(3);
        Config::SetDefault("ns3::Ipv4GlobalRouting::RandomEcmpRouting", BooleanValue(true));
        FabricRun r =
            RunFabric("napi", 2, 3, 3, 20000, MilliSeconds(21), "100p", "2Gbps", "global");
        Config::Reset();
        NS_TEST_ASSERT_MSG_GT(r.sent, 1000u, "the sources sent too little to test anything");
        NS_TEST_ASSERT_MSG_EQ(r.read + r.hostDrops + r.socketDrops + r.switchDrops,
                              r.sent,
                              "every datagram is read or dropped at a counted place");
        NS_TEST_ASSERT_MSG_EQ(r.hostDrops + r.switchDrops, 0u, "a light load loses nothing");
        for (uint32_t i = 0; i < r.spineTx.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_GT(r.spineTx[i], 100u, "spine port " << i << " carries nothing");
        }
    }
};

/// Longer interrupt coalescing on every host: fewer interrupts, more host latency.
class LeafSpineHeavierSchemeTestCase : public TestCase
{
  public:
    LeafSpineHeavierSchemeTestCase()
        : TestCase("time-200us on every host: fewer interrupts and higher latency than time-20us")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(5);
        FabricRun light = RunFabric("time-20us", 2, 3, 3, 20000, MilliSeconds(21), "100p");
        RngSeedManager::SetRun(5);
        FabricRun heavy = RunFabric("time-200us", 2, 3, 3, 20000, MilliSeconds(21), "100p");
        // At 20 Kpps a 20 us timer fires at most every 20 us per host (<= 50 K/s) but usually
        // sooner than the next-but-one frame; a 200 us timer gathers ~4 frames per interrupt.
        NS_TEST_ASSERT_MSG_LT(heavy.interrupts * 2, light.interrupts, "interrupts did not fall");
        // Waiting for the timer dominates: mean moderation delay ~T/2 for Poisson arrivals
        // gathered from the first frame, so the heavy latency exceeds the light by > 50 us.
        NS_TEST_ASSERT_MSG_GT(heavy.meanHostLatency - light.meanHostLatency,
                              50.0,
                              "host latency " << light.meanHostLatency << " -> "
                                              << heavy.meanHostLatency);
        NS_TEST_ASSERT_MSG_EQ(heavy.sent,
                              heavy.read + heavy.hostDrops + heavy.socketDrops + heavy.switchDrops,
                              "conservation (heavy)");
    }
};

/**
 * SetRouting("static") (LeafSpineRouting, O(1) per packet) and SetRouting("table") (the
 * Ipv4StaticRouting tables it replaced) give identical runs: same paths, same TTL handling,
 * hence the same counts, drops, latencies and per-port loads, bit for bit.
 */
class LeafSpineRoutingIdentityTestCase : public TestCase
{
  public:
    /**
     * @param scheme host scheme preset
     * @param ratePps per-host sending rate
     * @param switchQueue switch port buffer
     * @param fabricRate leaf-spine link rate
     */
    LeafSpineRoutingIdentityTestCase(const std::string& scheme,
                                     double ratePps,
                                     const std::string& switchQueue,
                                     const std::string& fabricRate)
        : TestCase("routing static (LeafSpineRouting) = table (static routes), " + scheme +
                   ", buffer " + switchQueue + ", fabric " + fabricRate),
          m_scheme(scheme),
          m_rate(ratePps),
          m_queue(switchQueue),
          m_fabricRate(fabricRate)
    {
    }

  private:
    void DoRun() override
    {
        FabricRun r[2];
        const char* routing[2] = {"table", "static"};
        for (int k = 0; k < 2; ++k)
        {
            RngSeedManager::SetSeed(1);
            RngSeedManager::SetRun(7);
            r[k] = RunFabric(m_scheme,
                             3,
                             3,
                             3,
                             m_rate,
                             MilliSeconds(21),
                             m_queue,
                             m_fabricRate,
                             routing[k]);
        }
        NS_TEST_ASSERT_MSG_GT(r[0].read, 1000u, "too little traffic to compare");
        NS_TEST_ASSERT_MSG_EQ(r[1].sent, r[0].sent, "sent");
        NS_TEST_ASSERT_MSG_EQ(r[1].read, r[0].read, "read");
        NS_TEST_ASSERT_MSG_EQ(r[1].hostDrops, r[0].hostDrops, "host drops");
        NS_TEST_ASSERT_MSG_EQ(r[1].socketDrops, r[0].socketDrops, "socket drops");
        NS_TEST_ASSERT_MSG_EQ(r[1].switchDrops, r[0].switchDrops, "switch drops");
        NS_TEST_ASSERT_MSG_EQ(r[1].interrupts, r[0].interrupts, "interrupts");
        NS_TEST_ASSERT_MSG_EQ(r[1].meanHostLatency, r[0].meanHostLatency, "host latency");
        NS_TEST_ASSERT_MSG_EQ(r[1].spineTx.size(), r[0].spineTx.size(), "spine ports");
        for (size_t i = 0; i < r[0].spineTx.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(r[1].spineTx[i], r[0].spineTx[i], "spine port " << i);
        }
        if (m_queue == "10p")
        {
            NS_TEST_ASSERT_MSG_GT(r[0].switchDrops, 0u, "the overloaded case drops at switches");
        }
    }

    std::string m_scheme;     ///< host scheme
    double m_rate;            ///< pps per host
    std::string m_queue;      ///< switch buffer
    std::string m_fabricRate; ///< leaf-spine link rate
};

/**
 * SetPartitions splits the fabric by leaf: leaf l and its hosts get system id
 * floor(l * ranks / leaves), spine s floor(s * ranks / spines), so only leaf-spine links join
 * nodes of different ranks. Without MPI the ids change nothing: DistributedRun finds every
 * node local and its reductions leave their arguments as they are.
 */
class LeafSpinePartitionTestCase : public TestCase
{
  public:
    LeafSpinePartitionTestCase()
        : TestCase("SetPartitions(2) of 3 spines x 5 leaves x 2 hosts: system ids by leaf")
    {
    }

  private:
    void DoRun() override
    {
        LeafSpineHelper fabric;
        fabric.SetShape(3, 5, 2);
        fabric.SetPartitions(2);
        fabric.Install();
        const uint32_t leafRank[5] = {0, 0, 0, 1, 1}; // floor(l * 2 / 5)
        const uint32_t spineRank[3] = {0, 0, 1};      // floor(s * 2 / 3)
        for (uint32_t l = 0; l < 5; ++l)
        {
            NS_TEST_ASSERT_MSG_EQ(fabric.GetRankOfLeaf(l), leafRank[l], "leaf " << l);
            NS_TEST_ASSERT_MSG_EQ(fabric.GetLeaves().Get(l)->GetSystemId(),
                                  leafRank[l],
                                  "leaf node " << l);
        }
        for (uint32_t s = 0; s < 3; ++s)
        {
            NS_TEST_ASSERT_MSG_EQ(fabric.GetRankOfSpine(s), spineRank[s], "spine " << s);
            NS_TEST_ASSERT_MSG_EQ(fabric.GetSpines().Get(s)->GetSystemId(),
                                  spineRank[s],
                                  "spine node " << s);
        }
        for (uint32_t i = 0; i < fabric.GetNHosts(); ++i)
        {
            Ptr<Node> host = fabric.GetHosts().Get(i);
            NS_TEST_ASSERT_MSG_EQ(host->GetSystemId(),
                                  leafRank[fabric.GetLeafOf(i)],
                                  "host " << i << " is on its leaf's rank");
            NS_TEST_ASSERT_MSG_EQ(DistributedRun::IsLocal(host), true, "local without MPI");
        }
        // Node ids are the sequential run's: hosts, then leaves, then spines.
        NS_TEST_ASSERT_MSG_EQ(fabric.GetLeaves().Get(0)->GetId(),
                              fabric.GetHosts().Get(9)->GetId() + 1,
                              "creation order");
        if (!DistributedRun::IsEnabled())
        {
            std::map<std::string, double> values{{"a", 0.1}, {"b", 7}};
            DistributedRun::Sum(values);
            DistributedRun::Min(values);
            DistributedRun::Max(values);
            NS_TEST_ASSERT_MSG_EQ(values["a"], 0.1, "one process: Sum/Min/Max change nothing");
            std::vector<double> perHost{0.25, 0.5};
            DistributedRun::Share(perHost);
            NS_TEST_ASSERT_MSG_EQ(perHost[1], 0.5, "one process: Share changes nothing");
            NS_TEST_ASSERT_MSG_EQ(DistributedRun::GetSize(), 1u, "one process");
        }
        Simulator::Destroy();
    }
};

} // namespace

/// The hostnet-leaf-spine suite.
class LeafSpineTestSuite : public TestSuite
{
  public:
    LeafSpineTestSuite()
        : TestSuite("hostnet-leaf-spine", Type::UNIT)
    {
        AddTestCase(new LeafSpineConservationTestCase("napi", 20000, "100p"),
                    TestCase::Duration::QUICK);
        // Past normal interruption's cliff: the hosts drop in their backlog.
        AddTestCase(new LeafSpineConservationTestCase("normal", 180000, "100p"),
                    TestCase::Duration::QUICK);
        // 3 hosts x 60 Kpps x 542 bytes (780 Mb/s) into two 200 Mb/s uplinks: the leaves drop.
        auto* tiny = new LeafSpineConservationTestCase("disable-enable", 60000, "10p", "200Mbps");
        tiny->m_expectSwitchDrops = true;
        AddTestCase(tiny, TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineEcmpTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new LeafSpinePartitionTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineGlobalRoutingTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineHeavierSchemeTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineRoutingIdentityTestCase("napi", 20000, "100p", "2Gbps"),
                    TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineRoutingIdentityTestCase("disable-enable", 60000, "10p", "200Mbps"),
                    TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static LeafSpineTestSuite g_leafSpineTestSuite;
