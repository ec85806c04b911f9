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
//
// LeafSpineRouting (the leaf-spine fabric's O(1) routing): the same hop-by-hop paths as the
// Ipv4StaticRouting tables it replaced, per-flow ECMP keeps a flow on one spine and spreads
// flows over all of them, unknown destinations are dropped at the first switch with the
// error callback, and TTLs decrement (and expire) as before.

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
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/leaf-spine-helper.h"
#include "ns3/leaf-spine-routing.h"
#include "ns3/node-container.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/packet.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-header.h"
#include "ns3/test.h"
#include "ns3/udp-header.h"
#include "ns3/udp-socket-factory.h"

#include <algorithm>
#include <sstream>

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

/// A UDP datagram's IPv4 header and payload (UDP header + @p bytes) from @p src:@p sport.
std::pair<Ipv4Header, Ptr<Packet>>
MakeUdp(Ipv4Address src, Ipv4Address dst, uint16_t sport, uint32_t bytes = 100)
{
    Ipv4Header h;
    h.SetSource(src);
    h.SetDestination(dst);
    h.SetProtocol(17);
    h.SetTtl(64);
    Ptr<Packet> p = Create<Packet>(bytes);
    UdpHeader udp;
    udp.SetSourcePort(sport);
    udp.SetDestinationPort(9);
    p->AddHeader(udp);
    h.SetPayloadSize(p->GetSize());
    return {h, p};
}

/// What RouteInput did with one packet.
struct RouteInputResult
{
    bool handled{false};                                ///< RouteInput returned true
    Ptr<Ipv4Route> route;                               ///< the unicast-forward callback's route
    bool local{false};                                  ///< the local-delivery callback ran
    bool error{false};                                  ///< the error callback ran
    Socket::SocketErrno errno_{Socket::ERROR_NOTERROR}; ///< its error
};

/// Call @p node's routing protocol's RouteInput for a packet arriving on @p in.
RouteInputResult
CallRouteInput(Ptr<NetDevice> in, const Ipv4Header& h, Ptr<const Packet> p)
{
    RouteInputResult r;
    Ptr<Ipv4> ipv4 = in->GetNode()->GetObject<Ipv4>();
    r.handled = ipv4->GetRoutingProtocol()->RouteInput(
        p,
        h,
        in,
        Ipv4RoutingProtocol::UnicastForwardCallback(
            [&r](Ptr<Ipv4Route> route, Ptr<const Packet>, const Ipv4Header&) { r.route = route; }),
        Ipv4RoutingProtocol::MulticastForwardCallback(
            [](Ptr<Ipv4MulticastRoute>, Ptr<const Packet>, const Ipv4Header&) {}),
        Ipv4RoutingProtocol::LocalDeliverCallback(
            [&r](Ptr<const Packet>, const Ipv4Header&, uint32_t) { r.local = true; }),
        Ipv4RoutingProtocol::ErrorCallback(
            [&r](Ptr<const Packet>, const Ipv4Header&, Socket::SocketErrno e) {
                r.error = true;
                r.errno_ = e;
            }));
    return r;
}

/// @return "leaf <l>" / "spine <s>" / "host <i>" for a node of @p fabric
std::string
NameOf(const LeafSpineHelper& fabric, Ptr<Node> node)
{
    for (const auto& [name, nodes] : {std::make_pair("leaf ", fabric.GetLeaves()),
                                      std::make_pair("spine ", fabric.GetSpines()),
                                      std::make_pair("host ", fabric.GetHosts())})
    {
        for (uint32_t i = 0; i < nodes.GetN(); ++i)
        {
            if (nodes.Get(i) == node)
            {
                return name + std::to_string(i);
            }
        }
    }
    return "?";
}

/**
 * Follow RouteInput switch by switch from the leaf port of host @p from to host @p to:
 * @return every hop as "<switch> if<output interface> via <gateway> ->", ending in the node
 * reached ("host <to>" on success), or in "dropped" / "loop".
 */
std::string
Walk(const LeafSpineHelper& fabric, uint32_t from, uint32_t to, uint16_t sport = 1000)
{
    auto [h, p] = MakeUdp(fabric.GetHostAddress(from), fabric.GetHostAddress(to), sport);
    Ptr<NetDevice> in = fabric.GetLeafPorts().Get(from); // host ports come first, in order
    std::ostringstream path;
    for (int hop = 0; hop < 6; ++hop)
    {
        RouteInputResult r = CallRouteInput(in, h, p);
        if (!r.route)
        {
            return path.str() + "dropped";
        }
        Ptr<NetDevice> out = r.route->GetOutputDevice();
        Ptr<Ipv4> ipv4 = out->GetNode()->GetObject<Ipv4>();
        path << NameOf(fabric, out->GetNode()) << " if" << ipv4->GetInterfaceForDevice(out)
             << " via " << r.route->GetGateway() << " -> ";
        Ptr<Channel> channel = out->GetChannel();
        Ptr<NetDevice> peer =
            channel->GetDevice(0) == out ? channel->GetDevice(1) : channel->GetDevice(0);
        if (NameOf(fabric, peer->GetNode()).rfind("host", 0) == 0)
        {
            return path.str() + NameOf(fabric, peer->GetNode());
        }
        in = peer;
    }
    return path.str() + "loop";
}

/// Every host pair's path through a fabric of @p routing ("static" or "table").
std::vector<std::string>
AllPaths(const std::string& routing, uint32_t spines, uint32_t leaves, uint32_t hostsPerLeaf)
{
    LeafSpineHelper fabric;
    fabric.SetShape(spines, leaves, hostsPerLeaf);
    fabric.SetRouting(routing);
    fabric.Install();
    std::vector<std::string> paths;
    for (uint32_t i = 0; i < fabric.GetNHosts(); ++i)
    {
        for (uint32_t j = 0; j < fabric.GetNHosts(); ++j)
        {
            if (i != j)
            {
                paths.push_back(Walk(fabric, i, j));
            }
        }
    }
    Simulator::Destroy();
    return paths;
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
 * @brief Destination ECMP of LeafSpineRouting: for every host pair of a 3x3x4 fabric the
 * hop-by-hop path (switch, output interface, gateway) equals the old Ipv4StaticRouting tables'
 * (routing "table"), and a leaf sends host j's traffic to spine j mod spines.
 */
class LeafSpineRoutingPathsTestCase : public TestCase
{
  public:
    LeafSpineRoutingPathsTestCase()
        : TestCase("LeafSpineRouting: destination ECMP takes the static tables' path for every "
                   "host pair")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t spines = 3;
        const uint32_t leaves = 3;
        const uint32_t hpl = 4;
        std::vector<std::string> table = AllPaths("table", spines, leaves, hpl);
        std::vector<std::string> fabric = AllPaths("static", spines, leaves, hpl);
        NS_TEST_ASSERT_MSG_EQ(fabric.size(), table.size(), "host pairs");
        for (size_t k = 0; k < table.size(); ++k)
        {
            NS_TEST_ASSERT_MSG_EQ(fabric[k], table[k], "path of pair " << k);
        }

        // The rule itself, on the new fabric: first hop of i -> j (other leaf) is spine j % 3.
        LeafSpineHelper f;
        f.SetShape(spines, leaves, hpl);
        f.Install();
        uint32_t n = f.GetNHosts();
        uint32_t crossLeaf = 0;
        for (uint32_t i = 0; i < n; ++i)
        {
            for (uint32_t j = 0; j < n; ++j)
            {
                std::string path = Walk(f, i, j);
                std::string end = "host " + std::to_string(j);
                NS_TEST_ASSERT_MSG_EQ(path.substr(path.size() - end.size()),
                                      end,
                                      "path " << i << " -> " << j << ": " << path);
                if (i == j || f.GetLeafOf(i) == f.GetLeafOf(j))
                {
                    continue;
                }
                ++crossLeaf;
                auto [h, p] = MakeUdp(f.GetHostAddress(i), f.GetHostAddress(j), 1000);
                RouteInputResult r = CallRouteInput(f.GetLeafPorts().Get(i), h, p);
                uint32_t l = f.GetLeafOf(i);
                Ptr<NetDevice> expected = f.GetLeafPorts().Get(n + l * spines + j % spines);
                NS_TEST_ASSERT_MSG_EQ(r.route->GetOutputDevice(),
                                      expected,
                                      "host " << i << " -> " << j << " leaves through spine "
                                              << j % spines);
                NS_TEST_ASSERT_MSG_EQ(path.find("spine " + std::to_string(j % spines) + " "),
                                      path.find("spine "),
                                      "the path crosses spine " << j % spines << ": " << path);
            }
        }
        NS_TEST_ASSERT_MSG_EQ(crossLeaf, n * (n - hpl), "cross-leaf pairs checked");
        auto routing = DynamicCast<LeafSpineRouting>(
            f.GetLeaves().Get(1)->GetObject<Ipv4>()->GetRoutingProtocol());
        NS_TEST_ASSERT_MSG_NE(routing, nullptr, "the leaves run LeafSpineRouting");
        std::ostringstream table1;
        routing->PrintRoutingTable(Create<OutputStreamWrapper>(&table1));
        NS_TEST_ASSERT_MSG_NE(table1.str().find("(L * 4 + h) mod 3"),
                              std::string::npos,
                              "the table describes the rule:\n"
                                  << table1.str());
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Flow ECMP: the hash is Ipv4QueueDiscItem::Hash, every packet of a flow takes the
 * same spine whatever its size, 400 flows to one destination spread over all 4 spines, and
 * an end-to-end UDP flow crosses exactly one spine.
 */
class LeafSpineRoutingFlowEcmpTestCase : public TestCase
{
  public:
    LeafSpineRoutingFlowEcmpTestCase()
        : TestCase("LeafSpineRouting: flow ECMP keeps a flow on one spine, spreads many flows")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t spines = 4;
        LeafSpineHelper f;
        f.SetShape(spines, 2, 2);
        f.SetEcmp("flow");
        f.Install();
        auto leaf0 = DynamicCast<LeafSpineRouting>(
            f.GetLeaves().Get(0)->GetObject<Ipv4>()->GetRoutingProtocol());
        Ipv4Address a = f.GetHostAddress(0);
        Ipv4Address b = f.GetHostAddress(2); // under leaf 1

        // One flow: packets of every size take one spine; that spine is hash mod 4.
        auto [h0, p0] = MakeUdp(a, b, 1234);
        int32_t spine = leaf0->GetUplink(h0, p0);
        NS_TEST_ASSERT_MSG_EQ((spine >= 0 && spine < int32_t(spines)), true, "an uplink");
        uint32_t hash = Create<Ipv4QueueDiscItem>(p0, Address(), 0x0800, h0)->Hash(0);
        NS_TEST_ASSERT_MSG_EQ(LeafSpineRouting::FlowHash(h0, p0, 0), hash, "ns-3's flow hash");
        NS_TEST_ASSERT_MSG_EQ(uint32_t(spine), hash % spines, "spine = hash mod spines");
        for (uint32_t bytes = 1; bytes < 1500; bytes += 37)
        {
            auto [h, p] = MakeUdp(a, b, 1234, bytes);
            NS_TEST_ASSERT_MSG_EQ(leaf0->GetUplink(h, p), spine, "packet of " << bytes << " B");
        }
        // TCP ports count too (TcpHeader), as in Ipv4QueueDiscItem::Hash.
        Ipv4Header th = h0;
        th.SetProtocol(6);
        Ptr<Packet> tp = Create<Packet>(500);
        TcpHeader tcp;
        tcp.SetSourcePort(40000);
        tcp.SetDestinationPort(5000);
        tp->AddHeader(tcp);
        NS_TEST_ASSERT_MSG_EQ(LeafSpineRouting::FlowHash(th, tp, 7),
                              Create<Ipv4QueueDiscItem>(tp, Address(), 0x0800, th)->Hash(7),
                              "TCP flow hash with a perturbation");

        // 400 flows (source ports) to one destination: each spine's share is about
        // Binomial(400, 1/4) (mean 100, sd 8.7); fewer than 60 on one spine would mean the hash
        // ignores the ports. (Destination ECMP would put all 400 on one spine.)
        std::vector<uint32_t> count(spines, 0);
        for (uint16_t port = 1000; port < 1400; ++port)
        {
            auto [h, p] = MakeUdp(a, b, port);
            int32_t s = leaf0->GetUplink(h, p);
            NS_TEST_ASSERT_MSG_EQ((s >= 0 && s < int32_t(spines)), true, "an uplink");
            ++count[s];
        }
        for (uint32_t s = 0; s < spines; ++s)
        {
            NS_TEST_ASSERT_MSG_GT(count[s], 60u, "flows on spine " << s);
        }
        std::ostringstream table;
        leaf0->PrintRoutingTable(Create<OutputStreamWrapper>(&table));
        NS_TEST_ASSERT_MSG_NE(table.str().find("Hash32"), std::string::npos, table.str());

        // End to end: one UDP flow of 100 datagrams arrives whole over one spine.
        uint32_t received = SendAndCount(f.GetHosts().Get(0), f.GetHosts().Get(2), b, 100);
        NetDeviceContainer spinePorts = f.GetSpinePorts(); // leaf-major: leaf l, spine s
        uint32_t used = 0;
        uint64_t down = 0;
        for (uint32_t s = 0; s < spines; ++s)
        {
            uint64_t n = DynamicCast<PointToPointNetDevice>(spinePorts.Get(1 * spines + s))
                             ->GetQueue()
                             ->GetTotalReceivedPackets();
            down += n;
            used += n > 0;
        }
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(received, 100u, "every datagram arrives");
        NS_TEST_ASSERT_MSG_EQ(down, 100u, "every datagram crossed a spine down to leaf 1");
        NS_TEST_ASSERT_MSG_EQ(used, 1u, "one flow, one spine");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Unknown destinations (a leaf or a host the fabric does not have, an address outside
 * it) are dropped at the first switch through the error callback, in RouteInput and end to
 * end (Ipv4L3Protocol's Drop trace, DROP_ROUTE_ERROR; nothing enters the spines).
 */
class LeafSpineRoutingUnknownTestCase : public TestCase
{
  public:
    LeafSpineRoutingUnknownTestCase()
        : TestCase("LeafSpineRouting: unknown destinations are dropped with the error callback")
    {
    }

  private:
    void DoRun() override
    {
        LeafSpineHelper f;
        f.SetShape(2, 2, 2);
        f.Install();
        Ipv4Address a = f.GetHostAddress(0);
        for (const char* unknown : {"10.5.0.1", "10.1.7.1", "192.168.1.1", "172.31.0.1"})
        {
            auto [h, p] = MakeUdp(a, Ipv4Address(unknown), 1000);
            RouteInputResult leaf = CallRouteInput(f.GetLeafPorts().Get(0), h, p);
            NS_TEST_ASSERT_MSG_EQ(leaf.handled, true, unknown << ": handled at the leaf");
            NS_TEST_ASSERT_MSG_EQ(leaf.route, nullptr, unknown << ": not forwarded");
            NS_TEST_ASSERT_MSG_EQ(leaf.error, true, unknown << ": error callback");
            NS_TEST_ASSERT_MSG_EQ(leaf.errno_, Socket::ERROR_NOROUTETOHOST, unknown);
        }
        // A spine knows leaves, not hosts: 10.9.x.x (no leaf 9) is dropped there.
        auto [hs, ps] = MakeUdp(a, Ipv4Address("10.9.0.1"), 1000);
        RouteInputResult spine = CallRouteInput(f.GetSpinePorts().Get(0), hs, ps);
        NS_TEST_ASSERT_MSG_EQ((spine.error && !spine.route), true, "spine drops 10.9.0.1");
        // The switch's own address is delivered locally, its neighbour's /30 is connected.
        auto [hl, pl] = MakeUdp(a, Ipv4Address("10.0.0.2"), 1000);
        NS_TEST_ASSERT_MSG_EQ(CallRouteInput(f.GetLeafPorts().Get(0), hl, pl).local,
                              true,
                              "10.0.0.2 is leaf 0's own address");
        Ptr<Ipv4> spine0 = f.GetSpines().Get(0)->GetObject<Ipv4>();
        Ipv4Address spineSide =
            spine0->GetAddress(spine0->GetInterfaceForDevice(f.GetSpinePorts().Get(0)), 0)
                .GetLocal();
        auto [hn, pn] = MakeUdp(a, spineSide, 1000);
        RouteInputResult n = CallRouteInput(f.GetLeafPorts().Get(0), hn, pn);
        NS_TEST_ASSERT_MSG_EQ((n.route && n.route->GetOutputDevice() == f.GetLeafPorts().Get(4)),
                              true,
                              "the spine's address on leaf 0's uplink 0 is connected");
        // RouteOutput answers for the switch's own packets (ICMP), and refuses the unknown.
        Socket::SocketErrno err;
        auto [ho, po] = MakeUdp(Ipv4Address::GetAny(), f.GetHostAddress(3), 1000);
        Ptr<Ipv4Route> out = spine0->GetRoutingProtocol()->RouteOutput(po, ho, nullptr, err);
        NS_TEST_ASSERT_MSG_EQ((out && err == Socket::ERROR_NOTERROR), true, "spine -> host 3");
        NS_TEST_ASSERT_MSG_EQ(out->GetOutputDevice(), f.GetSpinePorts().Get(2), "to leaf 1");
        NS_TEST_ASSERT_MSG_EQ(
            out->GetSource(),
            spine0->GetAddress(spine0->GetInterfaceForDevice(f.GetSpinePorts().Get(2)), 0)
                .GetLocal(),
            "source: the spine's address towards leaf 1");
        auto [hu, pu] = MakeUdp(Ipv4Address::GetAny(), Ipv4Address("10.9.0.1"), 1000);
        out = spine0->GetRoutingProtocol()->RouteOutput(pu, hu, nullptr, err);
        NS_TEST_ASSERT_MSG_EQ((!out && err == Socket::ERROR_NOROUTETOHOST), true, "no route");

        // End to end: 20 datagrams to a host of leaf 5 die at leaf 0 as route errors.
        auto routeErrors = std::make_shared<uint32_t>(0);
        f.GetLeaves().Get(0)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
            "Drop",
            Callback<void,
                     const Ipv4Header&,
                     Ptr<const Packet>,
                     Ipv4L3Protocol::DropReason,
                     Ptr<Ipv4>,
                     uint32_t>([routeErrors](const Ipv4Header&,
                                             Ptr<const Packet>,
                                             Ipv4L3Protocol::DropReason reason,
                                             Ptr<Ipv4>,
                                             uint32_t) {
                *routeErrors += reason == Ipv4L3Protocol::DROP_ROUTE_ERROR;
            }));
        uint32_t received =
            SendAndCount(f.GetHosts().Get(0), f.GetHosts().Get(3), Ipv4Address("10.5.0.1"), 20);
        uint64_t intoFabric = 0;
        for (uint32_t i = 0; i < f.GetSpinePorts().GetN(); ++i)
        {
            intoFabric += DynamicCast<PointToPointNetDevice>(f.GetSpinePorts().Get(i))
                              ->GetQueue()
                              ->GetTotalReceivedPackets();
        }
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(received, 0u, "nothing arrives");
        NS_TEST_ASSERT_MSG_EQ(*routeErrors, 20u, "leaf 0 drops each datagram as a route error");
        NS_TEST_ASSERT_MSG_EQ(intoFabric, 0u, "nothing reaches a spine (no loop)");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief TTL through LeafSpineRouting: a datagram arrives with TTL 64 - 3 across leaves and
 * 64 - 1 under one leaf; with TTL 2 it expires at the spine (DROP_TTL_EXPIRED), as before.
 */
class LeafSpineRoutingTtlTestCase : public TestCase
{
  public:
    /// @param ttl the sender's IP TTL (0: the default, 64)
    LeafSpineRoutingTtlTestCase(uint8_t ttl)
        : TestCase("LeafSpineRouting: TTL " + std::string(ttl ? std::to_string(ttl) : "64") +
                   (ttl ? " expires at the spine" : " decrements once per switch")),
          m_ttl(ttl)
    {
    }

  private:
    void DoRun() override
    {
        LeafSpineHelper f;
        f.SetShape(2, 2, 2);
        f.Install();
        NodeContainer hosts = f.GetHosts();
        auto ttls = std::make_shared<std::vector<uint32_t>>();
        for (uint32_t to : {1u, 2u}) // host 1: same leaf as host 0; host 2: the other leaf
        {
            Ptr<Socket> rx = Socket::CreateSocket(hosts.Get(to), UdpSocketFactory::GetTypeId());
            rx->Bind(InetSocketAddress(Ipv4Address::GetAny(), 9));
            rx->SetIpRecvTtl(true);
            rx->SetRecvCallback([ttls](Ptr<Socket> s) {
                while (Ptr<Packet> p = s->Recv())
                {
                    SocketIpTtlTag tag;
                    ttls->push_back(p->RemovePacketTag(tag) ? tag.GetTtl() : 0);
                }
            });
        }
        auto expired = std::make_shared<uint32_t>(0);
        for (uint32_t s = 0; s < 2; ++s)
        {
            f.GetSpines().Get(s)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "Drop",
                Callback<void,
                         const Ipv4Header&,
                         Ptr<const Packet>,
                         Ipv4L3Protocol::DropReason,
                         Ptr<Ipv4>,
                         uint32_t>([expired](const Ipv4Header&,
                                             Ptr<const Packet>,
                                             Ipv4L3Protocol::DropReason reason,
                                             Ptr<Ipv4>,
                                             uint32_t) {
                    *expired += reason == Ipv4L3Protocol::DROP_TTL_EXPIRED;
                }));
        }
        Ptr<Socket> tx = Socket::CreateSocket(hosts.Get(0), UdpSocketFactory::GetTypeId());
        tx->Bind();
        if (m_ttl)
        {
            tx->SetIpTtl(m_ttl);
        }
        for (uint32_t k = 0; k < 10; ++k)
        {
            Simulator::Schedule(MilliSeconds(1 + k), [tx, &f]() {
                tx->SendTo(Create<Packet>(100), 0, InetSocketAddress(f.GetHostAddress(1), 9));
                tx->SendTo(Create<Packet>(100), 0, InetSocketAddress(f.GetHostAddress(2), 9));
            });
        }
        Simulator::Stop(MilliSeconds(50));
        Simulator::Run();
        Simulator::Destroy();
        uint32_t sameLeaf = std::count(ttls->begin(), ttls->end(), (m_ttl ? m_ttl : 64) - 1);
        uint32_t otherLeaf = std::count(ttls->begin(), ttls->end(), 64 - 3);
        if (m_ttl == 0)
        {
            NS_TEST_ASSERT_MSG_EQ(ttls->size(), 20u, "every datagram arrives");
            NS_TEST_ASSERT_MSG_EQ(sameLeaf, 10u, "TTL 63 under one leaf (one switch)");
            NS_TEST_ASSERT_MSG_EQ(otherLeaf, 10u, "TTL 61 across leaves (leaf, spine, leaf)");
            NS_TEST_ASSERT_MSG_EQ(*expired, 0u, "no TTL expiry");
        }
        else
        {
            NS_TEST_ASSERT_MSG_EQ(ttls->size(), 10u, "only the same-leaf datagrams arrive");
            NS_TEST_ASSERT_MSG_EQ(sameLeaf, 10u, "with TTL 1");
            NS_TEST_ASSERT_MSG_EQ(*expired, 10u, "the spines drop the others, TTL expired");
        }
    }

    uint8_t m_ttl; ///< sender TTL (0: default)
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
        AddTestCase(new LeafSpineRoutingPathsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineRoutingFlowEcmpTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineRoutingUnknownTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineRoutingTtlTestCase(0), TestCase::Duration::QUICK);
        AddTestCase(new LeafSpineRoutingTtlTestCase(2), TestCase::Duration::QUICK);
    }
};

/// The suite's one instance.
static RoutingTestSuite g_routingTestSuite;
