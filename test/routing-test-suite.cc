/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-routing: ns-3's global routing works through HostNetDevice hosts over
// point-to-point links, a CSMA segment and a bridged (switched) CSMA segment, and spreads
// packets over equal-cost paths with RandomEcmpRouting. Every case sends a known number of
// UDP datagrams far below every capacity and asserts that each one arrives (a missing route
// drops them all; a wrong one loses them).

#include "ns3/boolean.h"
#include "ns3/bridge-helper.h"
#include "ns3/config.h"
#include "ns3/csma-helper.h"
#include "ns3/host-net-channel.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/host-net-device.h"
#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/node-container.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"

using namespace ns3;

namespace
{

/// Send @p count datagrams from @p fromNode to @p to:9, 100 us apart, and run; @return the
/// receive count (a UDP socket on @p toNode). The caller destroys the simulator.
uint32_t
SendAndCount(Ptr<Node> fromNode, Ptr<Node> toNode, Ipv4Address to, uint32_t count)
{
    auto received = std::make_shared<uint32_t>(0);
    Ptr<Socket> rx = Socket::CreateSocket(toNode, UdpSocketFactory::GetTypeId());
    rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
    rx->SetRecvCallback([received](Ptr<Socket> s) {
        while (s->Recv())
        {
            (*received)++;
        }
    });
    Ptr<Socket> tx = Socket::CreateSocket(fromNode, UdpSocketFactory::GetTypeId());
    tx->Connect(InetSocketAddress(to, 9));
    for (uint32_t i = 0; i < count; ++i)
    {
        Simulator::Schedule(MilliSeconds(1) + MicroSeconds(100 * i),
                            [tx]() { tx->Send(Create<Packet>(200)); });
    }
    Simulator::Stop(MilliSeconds(200));
    Simulator::Run();
    return *received;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief host A -p2p- router -p2p- host B, both hosts wrapped: global routing finds the path.
 */
class GlobalRoutingPointToPointTestCase : public TestCase
{
  public:
    GlobalRoutingPointToPointTestCase()
        : TestCase("global routing over p2p links with hostnet hosts on both ends")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer nodes(3); // host A, router, host B
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        NetDeviceContainer left = p2p.Install(nodes.Get(0), nodes.Get(1));
        NetDeviceContainer right = p2p.Install(nodes.Get(1), nodes.Get(2));
        InternetStackHelper().Install(nodes);
        HostNetDeviceHelper host;
        host.SetScheme("napi");
        Ptr<HostNetDevice> a = host.Install(left.Get(0));
        Ptr<HostNetDevice> b = host.Install(right.Get(1));

        // The channel routing sees lists the wrappers, not the PHYs, on both hosts' links.
        NS_TEST_ASSERT_MSG_EQ(a->GetChannel()->GetNDevices(), 2, "a p2p channel");
        NS_TEST_ASSERT_MSG_EQ(a->GetChannel()->GetDevice(0), Ptr<NetDevice>(a), "A's wrapper");
        NS_TEST_ASSERT_MSG_EQ(a->GetChannel()->GetDevice(1), left.Get(1), "router's PHY");

        Ipv4AddressHelper ipv4("10.1.1.0", "255.255.255.0");
        ipv4.Assign(NetDeviceContainer(NetDeviceContainer(a), left.Get(1)));
        ipv4.SetBase("10.1.2.0", "255.255.255.0");
        Ipv4InterfaceContainer r =
            ipv4.Assign(NetDeviceContainer(right.Get(0), NetDeviceContainer(b)));
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        uint32_t n = SendAndCount(nodes.Get(0), nodes.Get(2), r.GetAddress(1), 100);
        // The datagrams left through the host model, not around it (the PHY's mirror
        // interface carries nothing), and arrived through it.
        uint64_t sentByHost = a->GetStats().txPackets;
        uint64_t deliveredByHost = b->GetStats().rxDelivered;
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(n, 100, "every datagram crosses the router (lossless path)");
        NS_TEST_ASSERT_MSG_EQ(sentByHost, 100, "host A's HostNetDevice sent every datagram");
        NS_TEST_ASSERT_MSG_EQ(deliveredByHost, 100, "host B's HostNetDevice delivered them");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Three hosts on a CSMA segment with a router to a p2p host; and the same segment
 * split by a bridge (a switch node with BridgeNetDevice): global routing through both.
 */
class GlobalRoutingCsmaTestCase : public TestCase
{
  public:
    /// @param bridged whether the segment is two CSMA links joined by a bridge
    GlobalRoutingCsmaTestCase(bool bridged)
        : TestCase(bridged ? "global routing over a bridged CSMA segment with hostnet hosts"
                           : "global routing over a CSMA segment with hostnet hosts"),
          m_bridged(bridged)
    {
    }

  private:
    void DoRun() override
    {
        // ARP waits up to RequestJitter (10 ms) before its request and holds 3 packets
        // meanwhile: without the jitter the first datagram resolves the router at once.
        Config::SetDefault("ns3::ArpL3Protocol::RequestJitter",
                           StringValue("ns3::ConstantRandomVariable[Constant=0]"));
        NodeContainer hosts(3);
        Ptr<Node> router = CreateObject<Node>();
        Ptr<Node> far = CreateObject<Node>();
        CsmaHelper csma;
        csma.SetChannelAttribute("DataRate", StringValue("1Gbps"));
        NetDeviceContainer segment; // hosts' devices, then the router's
        NodeContainer onSegment(hosts, NodeContainer(router));
        if (m_bridged)
        {
            Ptr<Node> sw = CreateObject<Node>();
            NetDeviceContainer switchPorts;
            for (uint32_t i = 0; i < onSegment.GetN(); ++i)
            {
                NetDeviceContainer link = csma.Install(NodeContainer(onSegment.Get(i), sw));
                segment.Add(link.Get(0));
                switchPorts.Add(link.Get(1));
            }
            BridgeHelper().Install(sw, switchPorts);
        }
        else
        {
            segment = csma.Install(onSegment);
        }
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        NetDeviceContainer tail = p2p.Install(router, far);
        InternetStackHelper().Install(NodeContainer(onSegment, NodeContainer(far)));
        HostNetDeviceHelper host;
        host.SetScheme("napi");
        NetDeviceContainer hostPhys;
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            hostPhys.Add(segment.Get(i));
        }
        NetDeviceContainer wrapped = host.Install(hostPhys);
        Ptr<HostNetDevice> farHost = host.Install(tail.Get(1));

        Ipv4AddressHelper ipv4("10.2.1.0", "255.255.255.0");
        ipv4.Assign(NetDeviceContainer(wrapped, NetDeviceContainer(segment.Get(3))));
        ipv4.SetBase("10.2.2.0", "255.255.255.0");
        Ipv4InterfaceContainer t =
            ipv4.Assign(NetDeviceContainer(tail.Get(0), NetDeviceContainer(farHost)));
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        uint32_t n = SendAndCount(hosts.Get(1), far, t.GetAddress(1), 100);
        Simulator::Destroy();
        Config::Reset();
        NS_TEST_ASSERT_MSG_EQ(n, 100, "every datagram reaches the far host through the router");
    }

    bool m_bridged; ///< bridged segment
};

/**
 * @ingroup hostnet-tests
 * @brief A diamond (A - R1 - {R2, R3} - R4 - B) with RandomEcmpRouting: both equal-cost
 * paths carry packets and all of them arrive.
 */
class GlobalRoutingEcmpTestCase : public TestCase
{
  public:
    GlobalRoutingEcmpTestCase()
        : TestCase("global routing ECMP (RandomEcmpRouting) through hostnet hosts")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::Ipv4GlobalRouting::RandomEcmpRouting", BooleanValue(true));
        NodeContainer n(6); // A, R1, R2, R3, R4, B
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
        NetDeviceContainer aR1 = p2p.Install(n.Get(0), n.Get(1));
        NetDeviceContainer r1R2 = p2p.Install(n.Get(1), n.Get(2));
        NetDeviceContainer r1R3 = p2p.Install(n.Get(1), n.Get(3));
        NetDeviceContainer r2R4 = p2p.Install(n.Get(2), n.Get(4));
        NetDeviceContainer r3R4 = p2p.Install(n.Get(3), n.Get(4));
        NetDeviceContainer r4B = p2p.Install(n.Get(4), n.Get(5));
        InternetStackHelper().Install(n);
        HostNetDeviceHelper host;
        host.SetScheme("napi");
        Ptr<HostNetDevice> a = host.Install(aR1.Get(0));
        Ptr<HostNetDevice> b = host.Install(r4B.Get(1));
        Ipv4AddressHelper ipv4;
        Ipv4InterfaceContainer last;
        int subnet = 1;
        for (auto link : {NetDeviceContainer(NetDeviceContainer(a), aR1.Get(1)),
                          r1R2,
                          r1R3,
                          r2R4,
                          r3R4,
                          NetDeviceContainer(r4B.Get(0), NetDeviceContainer(b))})
        {
            ipv4.SetBase(("10.3." + std::to_string(subnet++) + ".0").c_str(), "255.255.255.0");
            last = ipv4.Assign(link);
        }
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        auto viaR2 = std::make_shared<uint32_t>(0);
        auto viaR3 = std::make_shared<uint32_t>(0);
        r1R2.Get(0)->TraceConnectWithoutContext(
            "PhyTxEnd",
            Callback<void, Ptr<const Packet>>([viaR2](Ptr<const Packet>) { (*viaR2)++; }));
        r1R3.Get(0)->TraceConnectWithoutContext(
            "PhyTxEnd",
            Callback<void, Ptr<const Packet>>([viaR3](Ptr<const Packet>) { (*viaR3)++; }));
        uint32_t received = SendAndCount(n.Get(0), n.Get(5), last.GetAddress(1), 200);
        Simulator::Destroy();
        Config::Reset();
        NS_TEST_ASSERT_MSG_EQ(received, 200, "every datagram arrives over either path");
        // Random per-packet choice: each path's share is Binomial(200, 1/2); below 50 on
        // one side has probability about 1e-12.
        NS_TEST_ASSERT_MSG_GT(*viaR2, 50, "the path through R2 carries packets");
        NS_TEST_ASSERT_MSG_GT(*viaR3, 50, "the path through R3 carries packets");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A subnet-directed broadcast from a host on a CSMA segment leaves through the host
 * model once and reaches every other host once, although the PHY's mirror interface carries
 * the same address (as a /32). (A limited broadcast, 255.255.255.255, leaves twice: ns-3's
 * UDP sends one copy per interface address; see the docs, "Routing".)
 */
class SubnetBroadcastOnceTestCase : public TestCase
{
  public:
    SubnetBroadcastOnceTestCase()
        : TestCase("a subnet broadcast leaves a hostnet host once, through the host model")
    {
    }

  private:
    void DoRun() override
    {
        NodeContainer hosts(3);
        CsmaHelper csma;
        csma.SetChannelAttribute("DataRate", StringValue("1Gbps"));
        NetDeviceContainer phys = csma.Install(hosts);
        InternetStackHelper().Install(hosts);
        HostNetDeviceHelper host;
        host.SetScheme("napi");
        NetDeviceContainer wrapped = host.Install(phys);
        Ipv4AddressHelper("10.4.1.0", "255.255.255.0").Assign(wrapped);
        std::vector<std::shared_ptr<uint32_t>> received;
        for (uint32_t i = 1; i < 3; ++i)
        {
            auto count = std::make_shared<uint32_t>(0);
            received.push_back(count);
            Ptr<Socket> rx = Socket::CreateSocket(hosts.Get(i), UdpSocketFactory::GetTypeId());
            rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            rx->SetRecvCallback([count](Ptr<Socket> s) {
                while (s->Recv())
                {
                    (*count)++;
                }
            });
        }
        Ptr<Socket> tx = Socket::CreateSocket(hosts.Get(0), UdpSocketFactory::GetTypeId());
        tx->SetAllowBroadcast(true);
        tx->Bind();
        for (uint32_t k = 0; k < 20; ++k)
        {
            Simulator::Schedule(MilliSeconds(1 + k), [tx]() {
                tx->SendTo(Create<Packet>(100), 0, InetSocketAddress("10.4.1.255", 9));
            });
        }
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        uint64_t sentByHost = DynamicCast<HostNetDevice>(wrapped.Get(0))->GetStats().txPackets;
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(sentByHost, 20, "one frame per broadcast, through the host model");
        for (const auto& count : received)
        {
            NS_TEST_ASSERT_MSG_EQ(*count, 20, "every host gets each broadcast exactly once");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief hostnet-routing test suite.
 */
class RoutingTestSuite : public TestSuite
{
  public:
    RoutingTestSuite()
        : TestSuite("hostnet-routing", Type::UNIT)
    {
        AddTestCase(new GlobalRoutingPointToPointTestCase, TestCase::Duration::QUICK);
        AddTestCase(new GlobalRoutingCsmaTestCase(false), TestCase::Duration::QUICK);
        AddTestCase(new GlobalRoutingCsmaTestCase(true), TestCase::Duration::QUICK);
        AddTestCase(new GlobalRoutingEcmpTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SubnetBroadcastOnceTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite's one instance.
static RoutingTestSuite g_routingTestSuite;
