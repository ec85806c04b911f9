/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-dispose: Simulator::Destroy frees every node of a hostnet simulation, with its
// HostCpu, HostNetStack and HostNetDevices. ns-3 frees an object when its last Ptr goes;
// Dispose (NodeList's at Simulator::Destroy) must release the references that would
// otherwise form a cycle. A Python user or a study running many simulations in one
// process, and valgrind/LeakSanitizer runs, see a cycle as every run's hosts leaking.

#include "ns3/boolean.h"
#include "ns3/host-bulk-send-application.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/host-net-device.h"
#include "ns3/host-net-stack.h"
#include "ns3/host-sink-application.h"
#include "ns3/internet-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/request-response-helper.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <map>
#include <string>

using namespace ns3;

namespace
{

/**
 * @ingroup hostnet-tests
 * @brief Aggregated to an object, records when that object's aggregate is deleted.
 *
 * ns-3 deletes the objects of an aggregate together, when none of them is referenced any
 * more, so the probe's destructor runs exactly when the object it was aggregated to is
 * freed; the test holds no reference to it.
 */
class LifetimeProbe : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::HostnetTestLifetimeProbe").SetParent<Object>().SetGroupName("Hostnet");
        return tid;
    }

    /// @param deleted set to true by the destructor
    explicit LifetimeProbe(bool* deleted)
        : m_deleted(deleted)
    {
    }

    ~LifetimeProbe() override
    {
        *m_deleted = true;
    }

  private:
    bool* m_deleted; ///< the observer's flag
};

/// Flags of the probes, by the name of the object they watch.
using Freed = std::map<std::string, bool>;

/**
 * @brief Aggregate a probe to @p object.
 * @param freed the flags
 * @param name the object's name in the test's messages
 * @param object the object to watch
 */
void
Watch(Freed* freed, const std::string& name, Ptr<Object> object)
{
    (*freed)[name] = false;
    object->AggregateObject(CreateObject<LifetimeProbe>(&(*freed)[name]));
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief A node with only a HostCpu and a HostNetStack (as the CPU and softirq suites
 * build it), after a run with CPU work and a NET_RX context, is freed by Simulator::Destroy.
 *
 * The regression of issue 27: HostNetStack kept a Ptr to its node, to which it is
 * aggregated, past Dispose, so the node, its HostCpu and its HostNetStack never went.
 */
class LoneNodeDisposeTestCase : public TestCase
{
  public:
    LoneNodeDisposeTestCase()
        : TestCase("a node with a HostCpu and a HostNetStack is freed by Simulator::Destroy")
    {
    }

  private:
    void DoRun() override
    {
        Freed freed;
        {
            Ptr<Node> node = CreateObject<Node>();
            Ptr<HostCpu> cpu = HostCpu::GetOrCreate(node);
            Ptr<HostNetStack> stack = HostNetStack::GetOrCreate(node);
            node->Initialize();
            Watch(&freed, "node", node);
            bool ran = false;
            HostCpu::TaskId task = cpu->CreateTask("reader", false, 0);
            Simulator::Schedule(MicroSeconds(5), [cpu, task, &ran]() {
                cpu->SubmitTask(task, MicroSeconds(10), [&ran]() { ran = true; });
            });
            // A core state change still pending at the end (the run stops in the middle).
            Simulator::Schedule(MicroSeconds(30), [cpu, task]() {
                cpu->SubmitTask(task, MicroSeconds(100), []() {});
            });
            Simulator::Stop(MicroSeconds(50));
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(ran, true, "the task's first work ran (10 us from 5 us)");
            NS_TEST_ASSERT_MSG_NE(stack->GetSoftnet(0), nullptr, "core 0 has NET_RX state");
        }
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(freed["node"],
                              true,
                              "Simulator::Destroy freed the node with its HostCpu and "
                              "HostNetStack (no Ptr left after Dispose)");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Two hostnet hosts on a point-to-point link, TCP bulk traffic into a hostnet sink
 * and RPCs, under one interrupt scheme: after Simulator::Destroy both nodes and both
 * HostNetDevices are freed.
 */
class HostsDisposeTestCase : public TestCase
{
  public:
    /**
     * @param scheme HostNetDeviceHelper::SetScheme name
     * @param extras busy polling at the sink, RFS over 2 cores, GRO and 2 queues
     */
    HostsDisposeTestCase(const std::string& scheme, bool extras)
        : TestCase("hosts under " + scheme + (extras ? " with busy poll, RFS, GRO, 2 queues" : "") +
                   " are freed by Simulator::Destroy"),
          m_scheme(scheme),
          m_extras(extras)
    {
    }

  private:
    void DoRun() override
    {
        Freed freed;
        uint64_t received = 0;
        {
            NodeContainer nodes(2);
            PointToPointHelper p2p;
            p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
            p2p.SetChannelAttribute("Delay", StringValue("5us"));
            NetDeviceContainer phys = p2p.Install(nodes);
            InternetStackHelper().Install(nodes);
            HostNetDeviceHelper helper;
            helper.SetScheme(m_scheme);
            if (m_extras)
            {
                helper.SetCpuAttribute("NCores", UintegerValue(2));
                helper.SetDeviceAttribute("NQueues", UintegerValue(2));
                helper.SetGroType("ns3::GroEngine");
                helper.SetSteeringAttribute("Mode", StringValue("rfs"));
            }
            NetDeviceContainer hosts = helper.Install(phys);
            Ipv4AddressHelper ipv4("10.1.1.0", "255.255.255.0");
            Ipv4InterfaceContainer addresses = ipv4.Assign(hosts);

            auto sink = CreateObject<HostSinkApplication>();
            sink->SetAttribute("Local",
                               AddressValue(InetSocketAddress(Ipv4Address::GetAny(), 5000)));
            sink->SetAttribute("Protocol", StringValue("ns3::TcpSocketFactory"));
            if (m_extras)
            {
                sink->SetAttribute("BusyPoll", TimeValue(MicroSeconds(50)));
                sink->SetAttribute("Core", UintegerValue(1));
            }
            nodes.Get(1)->AddApplication(sink);
            auto bulk = CreateObject<HostBulkSendApplication>();
            bulk->SetAttribute("Remote",
                               AddressValue(InetSocketAddress(addresses.GetAddress(1), 5000)));
            nodes.Get(0)->AddApplication(bulk);
            bulk->SetStartTime(MicroSeconds(100));

            RequestResponseServerHelper server(6000);
            server.Install(NodeContainer(nodes.Get(0)));
            RequestResponseClientHelper client(InetSocketAddress(addresses.GetAddress(0), 6000));
            client.Install(NodeContainer(nodes.Get(1))).Start(MicroSeconds(200));

            for (uint32_t i = 0; i < 2; ++i)
            {
                Watch(&freed, "node " + std::to_string(i), nodes.Get(i));
                Watch(&freed, "HostNetDevice " + std::to_string(i), hosts.Get(i));
            }
            // Stopped with traffic in flight: events of every kind are pending.
            Simulator::Stop(MilliSeconds(3));
            Simulator::Run();
            received = sink->GetTotalRx();
        }
        NS_TEST_ASSERT_MSG_GT(received, 0, "the sink read data before the stop");
        Simulator::Destroy();
        for (const auto& [name, isFreed] : freed)
        {
            NS_TEST_EXPECT_MSG_EQ(isFreed,
                                  true,
                                  name << " (" << m_scheme
                                       << ") freed by Simulator::Destroy (no Ptr left after "
                                          "Dispose)");
        }
    }

    std::string m_scheme; ///< interrupt scheme
    bool m_extras;        ///< busy poll, RFS, GRO, 2 queues
};

/**
 * @ingroup hostnet-tests
 * The suite.
 */
class DisposeTestSuite : public TestSuite
{
  public:
    DisposeTestSuite()
        : TestSuite("hostnet-dispose", Type::UNIT)
    {
        AddTestCase(new LoneNodeDisposeTestCase(), TestCase::Duration::QUICK);
        for (const char* scheme :
             {"ideal", "normal", "disable-enable", "pure-polling", "hybrid", "napi", "time-50us"})
        {
            AddTestCase(new HostsDisposeTestCase(scheme, false), TestCase::Duration::QUICK);
        }
        AddTestCase(new HostsDisposeTestCase("napi", true), TestCase::Duration::QUICK);
    }
};

/// The suite's instance.
static DisposeTestSuite g_disposeTestSuite;
