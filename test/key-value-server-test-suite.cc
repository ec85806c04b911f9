/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-key-value-server: the memcached-like server answers every request of a
// mutilate-like load; with Assignment napi-id every connection is served by the thread of the
// NAPI context that delivers it (memcached -N), round robin ignores it; per-NAPI settings
// (a queue's RxMode through its Config path) leave the other queues at the device-wide value.

#include "ns3/config.h"
#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// What one run produced.
struct KvRun
{
    Ptr<KeyValueServer> server;  ///< the server (valid until Simulator::Destroy)
    uint64_t sent{0};            ///< requests the agent sent
    uint64_t received{0};        ///< responses it received
    uint64_t served{0};          ///< responses the server sent
    std::vector<uint32_t> queue; ///< deferral of each queue's NAPI context
};

/**
 * A 4-core, 4-queue mlx5-100g server and one agent of 4 x 4 closed-loop connections on a
 * 100 Gb/s link; 3 ms.
 * @param assignment the server's Assignment
 * @param configure called after installation (Config paths)
 * @return the counts
 */
KvRun
RunKv(const std::string& assignment, std::function<void()> configure = {})
{
    NodeContainer nodes(2); // agent, server
    PointToPointHelper p2p;
    p2p.SetDeviceAttribute("DataRate", StringValue("100Gbps"));
    p2p.SetChannelAttribute("Delay", StringValue("1us"));
    NetDeviceContainer phys = p2p.Install(nodes);
    InternetStackHelper().Install(nodes);
    HostNetDeviceHelper host;
    host.SetPreset("mlx5-100g");
    host.SetCpuAttribute("NCores", UintegerValue(4));
    host.SetDeviceAttribute("NQueues", UintegerValue(4));
    Ptr<HostNetDevice> serverDevice = host.Install(DynamicCast<PointToPointNetDevice>(phys.Get(1)));
    Ipv4AddressHelper ipv4("10.1.1.0", "255.255.255.0");
    Ipv4InterfaceContainer ifs =
        ipv4.Assign(NetDeviceContainer(phys.Get(0), Ptr<NetDevice>(serverDevice)));
    Ptr<KeyValueServer> server = CreateObject<KeyValueServer>();
    server->SetAttribute("Threads", UintegerValue(4));
    server->SetAttribute("Assignment", StringValue(assignment));
    nodes.Get(1)->AddApplication(server);
    KeyValueClientHelper agent(InetSocketAddress(ifs.GetAddress(1), 11211));
    agent.SetAttribute("Threads", UintegerValue(4));
    agent.SetAttribute("Connections", UintegerValue(4));
    ApplicationContainer agents = agent.Install(nodes.Get(0));
    KeyValueClientHelper::AssignStreams(agents, 1);
    agents.Start(MicroSeconds(10));
    agents.Stop(MilliSeconds(3));
    if (configure)
    {
        configure();
    }
    Simulator::Stop(MilliSeconds(4));
    Simulator::Run();
    KvRun r;
    r.server = server;
    auto client = DynamicCast<KeyValueClient>(agents.Get(0));
    r.sent = client->GetStats().requestsSent;
    r.received = client->GetStats().responsesReceived;
    r.served = server->GetStats().gets + server->GetStats().sets;
    for (uint32_t q = 0; q < serverDevice->GetNQueues(); ++q)
    {
        UintegerValue v;
        serverDevice->GetQueue(q)->GetRxMode()->GetAttribute("DeferHardIrqs", v);
        r.queue.push_back(v.Get());
    }
    return r;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief memcached -N: each connection goes to the thread of the NAPI context that delivers
 * it, and every request is answered.
 */
class NapiIdAssignmentTestCase : public TestCase
{
  public:
    NapiIdAssignmentTestCase()
        : TestCase("key-value server: connections served by the thread of their NAPI id")
    {
    }

  private:
    void DoRun() override
    {
        KvRun r = RunKv("napi-id");
        Ptr<KeyValueServer> s = r.server;
        NS_TEST_ASSERT_MSG_EQ(s->GetNConnections(), 16, "16 connections accepted");
        for (uint32_t c = 0; c < s->GetNConnections(); ++c)
        {
            NS_TEST_EXPECT_MSG_NE(s->GetConnectionNapiCore(c),
                                  KeyValueServer::NO_CORE,
                                  "connection " << c << " delivered by a NAPI context");
            NS_TEST_EXPECT_MSG_EQ(s->GetConnectionThread(c),
                                  s->GetConnectionNapiCore(c) % 4,
                                  "connection " << c << ": the thread of its NAPI context");
        }
        uint32_t threadsUsed = 0;
        for (uint32_t t = 0; t < 4; ++t)
        {
            threadsUsed += s->GetThreadConnections(t) > 0 ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_GT(threadsUsed, 1, "RSS spreads the connections");
        NS_TEST_EXPECT_MSG_GT(r.sent, 1000, "the closed loop ran");
        // Requests in flight at the agent's stop may still be answered later.
        NS_TEST_EXPECT_MSG_EQ(r.served, r.received, "every response sent arrived");
        NS_TEST_EXPECT_MSG_LT(r.sent - r.received, 17, "at most one request per connection open");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Round robin ignores the NAPI context: connection i goes to thread i mod 4, and some
 * land on a thread of another core than their queue's.
 */
class RoundRobinAssignmentTestCase : public TestCase
{
  public:
    RoundRobinAssignmentTestCase()
        : TestCase("key-value server: round-robin assignment")
    {
    }

  private:
    void DoRun() override
    {
        KvRun r = RunKv("round-robin");
        Ptr<KeyValueServer> s = r.server;
        uint32_t mismatched = 0;
        for (uint32_t c = 0; c < s->GetNConnections(); ++c)
        {
            NS_TEST_EXPECT_MSG_EQ(s->GetConnectionThread(c), c % 4, "connection " << c);
            mismatched += s->GetConnectionThread(c) != s->GetConnectionNapiCore(c) ? 1 : 0;
        }
        NS_TEST_EXPECT_MSG_GT(mismatched, 0, "some connections are served away from their queue");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Per-NAPI settings: one queue's DeferHardIrqs through its Config path; the others
 * keep the device-wide value (netdev netlink napi-set against sysfs).
 */
class PerNapiSettingTestCase : public TestCase
{
  public:
    PerNapiSettingTestCase()
        : TestCase("per-NAPI settings: one queue's DeferHardIrqs through Config")
    {
    }

  private:
    void DoRun() override
    {
        KvRun r = RunKv("napi-id", []() {
            Config::Set("/NodeList/1/DeviceList/*/$ns3::HostNetDevice/Queues/2/RxMode/"
                        "$ns3::NapiRxMode/DeferHardIrqs",
                        UintegerValue(7));
        });
        NS_TEST_ASSERT_MSG_EQ(r.queue.size(), 4, "four queues");
        NS_TEST_EXPECT_MSG_EQ(r.queue[0], 0, "queue 0: the device-wide value");
        NS_TEST_EXPECT_MSG_EQ(r.queue[2], 7, "queue 2: its own value");
        NS_TEST_EXPECT_MSG_EQ(r.queue[3], 0, "queue 3: the device-wide value");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-key-value-server suite.
 */
class KeyValueServerTestSuite : public TestSuite
{
  public:
    KeyValueServerTestSuite()
        : TestSuite("hostnet-key-value-server", Type::UNIT)
    {
        AddTestCase(new NapiIdAssignmentTestCase, TestCase::Duration::QUICK);
        AddTestCase(new RoundRobinAssignmentTestCase, TestCase::Duration::QUICK);
        AddTestCase(new PerNapiSettingTestCase, TestCase::Duration::QUICK);
    }
};

/// Static variable for test initialization.
static KeyValueServerTestSuite g_keyValueServerTestSuite;
