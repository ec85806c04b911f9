/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-switch-arrival-order: two frames that reach a switch at the same nanosecond go up
// its stack in input-port order with SwitchArrivalOrder, and in the order their arrivals were
// scheduled without it (the tie a distributed run may break the other way).

#include "ns3/inet-socket-address.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/node-container.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/simulator.h"
#include "ns3/socket-factory.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/switch-arrival-order.h"
#include "ns3/test.h"
#include "ns3/udp-socket-factory.h"

using namespace ns3;

namespace
{

/**
 * @ingroup hostnet
 * @brief Hosts A and B each send one datagram through switch S to host C, B's send scheduled
 * first, both arriving at S at the same nanosecond: S's IPv4 sees A's first (its port was
 * added first) with SwitchArrivalOrder, B's first without.
 */
class TieOrderTestCase : public TestCase
{
  public:
    /// @param install whether the switch gets a SwitchArrivalOrder
    TieOrderTestCase(bool install)
        : TestCase(install ? "a tie at a switch goes up in input-port order"
                           : "without it, in the order the arrivals were scheduled"),
          m_install(install)
    {
    }

  private:
    /// S's IPv4 received a packet on @p interface.
    void Received(Ptr<const Packet>, Ptr<Ipv4>, uint32_t interface)
    {
        m_order.push_back(interface);
        m_times.push_back(Simulator::Now());
    }

    void DoRun() override
    {
        NodeContainer hosts(3); // A, B, C
        Ptr<Node> sw = CreateObject<Node>();
        PointToPointHelper p2p;
        p2p.SetDeviceAttribute("DataRate", StringValue("10Gbps"));
        p2p.SetChannelAttribute("Delay", StringValue("1us"));
        InternetStackHelper stack;
        stack.Install(hosts);
        stack.Install(sw);
        Ipv4AddressHelper addresses("10.0.0.0", "255.255.255.0");
        std::vector<Ipv4Address> hostAddress;
        for (uint32_t i = 0; i < 3; ++i)
        {
            NetDeviceContainer link = p2p.Install(hosts.Get(i), sw);
            Ipv4InterfaceContainer ifs = addresses.Assign(link);
            hostAddress.push_back(ifs.GetAddress(0));
            Ipv4StaticRoutingHelper()
                .GetStaticRouting(hosts.Get(i)->GetObject<Ipv4>())
                ->SetDefaultRoute(ifs.GetAddress(1), 1);
            addresses.NewNetwork();
        }
        if (m_install)
        {
            SwitchArrivalOrder::Install(sw);
        }
        sw->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Rx",
            MakeCallback(&TieOrderTestCase::Received, this));
        auto send = [&](uint32_t from) {
            Ptr<Socket> s = Socket::CreateSocket(hosts.Get(from), UdpSocketFactory::GetTypeId());
            Simulator::Schedule(MicroSeconds(10), [s, to = hostAddress[2]]() {
                s->SendTo(Create<Packet>(100), 0, InetSocketAddress(to, 9));
            });
        };
        // C listens (else its ICMP port-unreachable replies would cross S too).
        Ptr<Socket> sink = Socket::CreateSocket(hosts.Get(2), UdpSocketFactory::GetTypeId());
        sink->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
        send(1); // B's send is scheduled first: its arrival too
        send(0);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(m_order.size(), 2, "both datagrams reached S's IPv4");
        if (m_order.size() == 2)
        {
            NS_TEST_ASSERT_MSG_EQ(m_times[0], m_times[1], "at the same nanosecond: a tie");
            // S's interfaces: 0 loopback, 1 towards A, 2 towards B.
            uint32_t first = m_install ? 1 : 2;
            uint32_t second = m_install ? 2 : 1;
            NS_TEST_ASSERT_MSG_EQ(m_order[0], first, "who goes first");
            NS_TEST_ASSERT_MSG_EQ(m_order[1], second, "who goes second");
        }
        if (m_install)
        {
            NS_TEST_ASSERT_MSG_EQ(sw->GetObject<SwitchArrivalOrder>()->GetTiedFrames(),
                                  2,
                                  "two frames taken in a tie");
        }
        Simulator::Destroy();
    }

    bool m_install;                ///< with SwitchArrivalOrder
    std::vector<uint32_t> m_order; ///< S's input interfaces, in the order IPv4 saw them
    std::vector<Time> m_times;     ///< when
};

/// The suite.
class SwitchArrivalOrderTestSuite : public TestSuite
{
  public:
    SwitchArrivalOrderTestSuite()
        : TestSuite("hostnet-switch-arrival-order", Type::UNIT)
    {
        AddTestCase(new TieOrderTestCase(true), Duration::QUICK);
        AddTestCase(new TieOrderTestCase(false), Duration::QUICK);
    }
};

/// The suite's instance.
SwitchArrivalOrderTestSuite g_switchArrivalOrderTestSuite;

} // namespace
