/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "leaf-spine-routing.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/hash.h"
#include "ns3/ipv4-route.h"
#include "ns3/ipv4-tcp-view.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <iomanip>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LeafSpineRouting");
NS_OBJECT_ENSURE_REGISTERED(LeafSpineRouting);

TypeId
LeafSpineRouting::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LeafSpineRouting")
            .SetParent<Ipv4RoutingProtocol>()
            .SetGroupName("Hostnet")
            .AddConstructor<LeafSpineRouting>()
            .AddAttribute("Ecmp",
                          "How a leaf spreads traffic for other leaves over the spines: "
                          "destination (spine = destination host index mod spines, one path "
                          "per destination host) or flow (spine = 5-tuple hash mod spines, "
                          "one path per flow).",
                          EnumValue(LeafSpineRouting::ECMP_DESTINATION),
                          MakeEnumAccessor<Ecmp>(&LeafSpineRouting::m_ecmp),
                          MakeEnumChecker(LeafSpineRouting::ECMP_DESTINATION,
                                          "destination",
                                          LeafSpineRouting::ECMP_FLOW,
                                          "flow"))
            .AddAttribute("FlowHashPerturbation",
                          "Perturbation (salt) of the flow hash in Ecmp mode flow, as in "
                          "Ipv4QueueDiscItem::Hash.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&LeafSpineRouting::m_perturbation),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

LeafSpineRouting::LeafSpineRouting()
{
    NS_LOG_FUNCTION(this);
}

LeafSpineRouting::~LeafSpineRouting()
{
    NS_LOG_FUNCTION(this);
}

void
LeafSpineRouting::DoDispose()
{
    m_ipv4 = nullptr;
    m_down.clear();
    m_up.clear();
    Ipv4RoutingProtocol::DoDispose();
}

LeafSpineRouting::Hop
LeafSpineRouting::MakeHop(uint32_t interface, Ipv4Address gateway) const
{
    NS_ABORT_MSG_IF(!m_ipv4, "LeafSpineRouting: configured before SetIpv4");
    NS_ABORT_MSG_IF(interface >= m_ipv4->GetNInterfaces(),
                    "LeafSpineRouting: interface " << interface << " of "
                                                   << m_ipv4->GetNInterfaces());
    NS_ABORT_MSG_IF(m_ipv4->GetNAddresses(interface) == 0,
                    "LeafSpineRouting: interface " << interface << " has no address");
    Hop hop;
    hop.interface = interface;
    hop.device = m_ipv4->GetNetDevice(interface);
    hop.gateway = gateway;
    hop.source = m_ipv4->GetAddress(interface, 0).GetLocal();
    return hop;
}

void
LeafSpineRouting::ConfigureLeaf(uint32_t leaf,
                                uint32_t leaves,
                                uint32_t hostsPerLeaf,
                                const std::vector<uint32_t>& hostInterfaces,
                                const std::vector<uint32_t>& uplinkInterfaces,
                                const std::vector<Ipv4Address>& uplinkGateways)
{
    NS_LOG_FUNCTION(this << leaf << leaves << hostsPerLeaf);
    NS_ABORT_MSG_IF(leaves < 1 || leaves > 256 || leaf >= leaves,
                    "LeafSpineRouting: leaf " << leaf << " of " << leaves);
    NS_ABORT_MSG_IF(hostsPerLeaf < 1 || hostsPerLeaf > 256 || hostInterfaces.size() != hostsPerLeaf,
                    "LeafSpineRouting: " << hostInterfaces.size() << " host interfaces for "
                                         << hostsPerLeaf << " hosts per leaf");
    NS_ABORT_MSG_IF(uplinkInterfaces.empty() || uplinkInterfaces.size() != uplinkGateways.size(),
                    "LeafSpineRouting: " << uplinkInterfaces.size() << " uplinks, "
                                         << uplinkGateways.size() << " gateways");
    m_role = LEAF;
    m_leaf = leaf;
    m_leaves = leaves;
    m_hostsPerLeaf = hostsPerLeaf;
    m_down.clear();
    m_up.clear();
    for (uint32_t interface : hostInterfaces)
    {
        m_down.push_back(MakeHop(interface, Ipv4Address::GetZero()));
    }
    for (size_t s = 0; s < uplinkInterfaces.size(); ++s)
    {
        m_up.push_back(MakeHop(uplinkInterfaces[s], uplinkGateways[s]));
    }
}

void
LeafSpineRouting::ConfigureSpine(uint32_t hostsPerLeaf,
                                 const std::vector<uint32_t>& downlinkInterfaces,
                                 const std::vector<Ipv4Address>& downlinkGateways)
{
    NS_LOG_FUNCTION(this << hostsPerLeaf);
    NS_ABORT_MSG_IF(downlinkInterfaces.empty() || downlinkInterfaces.size() > 256 ||
                        downlinkInterfaces.size() != downlinkGateways.size(),
                    "LeafSpineRouting: " << downlinkInterfaces.size() << " downlinks, "
                                         << downlinkGateways.size() << " gateways");
    NS_ABORT_MSG_IF(hostsPerLeaf < 1 || hostsPerLeaf > 256,
                    "LeafSpineRouting: hostsPerLeaf " << hostsPerLeaf);
    m_role = SPINE;
    m_leaves = downlinkInterfaces.size();
    m_hostsPerLeaf = hostsPerLeaf;
    m_down.clear();
    m_up.clear();
    for (size_t l = 0; l < downlinkInterfaces.size(); ++l)
    {
        m_down.push_back(MakeHop(downlinkInterfaces[l], downlinkGateways[l]));
    }
}

uint32_t
LeafSpineRouting::FlowHash(const Ipv4Header& header,
                           Ptr<const Packet> payload,
                           uint32_t perturbation)
{
    uint8_t prot = header.GetProtocol();
    uint16_t srcPort = 0;
    uint16_t destPort = 0;
    // TCP and UDP carry the source and destination ports in their first four bytes.
    if ((prot == 6 || prot == 17) && header.GetFragmentOffset() == 0 && payload &&
        payload->GetSize() >= 4)
    {
        auto view = Ipv4TcpView::AtTransport(*payload, 4);
        srcPort = view.GetSourcePort();
        destPort = view.GetDestinationPort();
    }
    // The bytes of Ipv4QueueDiscItem::Hash.
    uint8_t buf[17];
    header.GetSource().Serialize(buf);
    header.GetDestination().Serialize(buf + 4);
    buf[8] = prot;
    buf[9] = (srcPort >> 8) & 0xff;
    buf[10] = srcPort & 0xff;
    buf[11] = (destPort >> 8) & 0xff;
    buf[12] = destPort & 0xff;
    buf[13] = (perturbation >> 24) & 0xff;
    buf[14] = (perturbation >> 16) & 0xff;
    buf[15] = (perturbation >> 8) & 0xff;
    buf[16] = perturbation & 0xff;
    return Hash32(reinterpret_cast<const char*>(buf), 17);
}

const LeafSpineRouting::Hop*
LeafSpineRouting::Lookup(const Ipv4Header& header, Ptr<const Packet> payload) const
{
    uint32_t a = header.GetDestination().Get();
    if ((a >> 24) != 10)
    {
        return nullptr;
    }
    uint32_t leaf = (a >> 16) & 0xff;
    uint32_t host = (a >> 8) & 0xff;
    if (leaf >= m_leaves)
    {
        return nullptr;
    }
    if (m_role == SPINE)
    {
        return &m_down[leaf]; // 10.leaf.0.0/16, as the old spine tables
    }
    if (m_role != LEAF || host >= m_hostsPerLeaf)
    {
        return nullptr;
    }
    if (leaf == m_leaf)
    {
        return &m_down[host];
    }
    uint32_t spines = m_up.size();
    uint32_t s = m_ecmp == ECMP_DESTINATION ? (leaf * m_hostsPerLeaf + host) % spines
                                            : FlowHash(header, payload, m_perturbation) % spines;
    return &m_up[s];
}

int32_t
LeafSpineRouting::GetUplink(const Ipv4Header& header, Ptr<const Packet> payload) const
{
    const Hop* hop = m_role == LEAF ? Lookup(header, payload) : nullptr;
    if (!hop || hop < m_up.data() || hop >= m_up.data() + m_up.size())
    {
        return -1;
    }
    return hop - m_up.data();
}

Ptr<Ipv4Route>
LeafSpineRouting::MakeRoute(const Hop& hop, Ipv4Address destination)
{
    Ptr<Ipv4Route> route = Create<Ipv4Route>();
    route->SetDestination(destination);
    route->SetSource(hop.source);
    route->SetGateway(hop.gateway);
    route->SetOutputDevice(hop.device);
    return route;
}

Ptr<Ipv4Route>
LeafSpineRouting::LookupConnected(Ipv4Address destination, Ptr<NetDevice> oif) const
{
    for (uint32_t i = 0; i < m_ipv4->GetNInterfaces(); ++i)
    {
        if (!m_ipv4->IsUp(i) || (oif && m_ipv4->GetNetDevice(i) != oif))
        {
            continue;
        }
        for (uint32_t k = 0; k < m_ipv4->GetNAddresses(i); ++k)
        {
            Ipv4InterfaceAddress address = m_ipv4->GetAddress(i, k);
            Ipv4Mask mask = address.GetMask();
            if (mask.IsMatch(destination, address.GetLocal()))
            {
                Ptr<Ipv4Route> route = Create<Ipv4Route>();
                route->SetDestination(destination);
                route->SetSource(address.GetLocal());
                route->SetGateway(Ipv4Address::GetZero());
                route->SetOutputDevice(m_ipv4->GetNetDevice(i));
                return route;
            }
        }
    }
    return nullptr;
}

Ptr<Ipv4Route>
LeafSpineRouting::RouteOutput(Ptr<Packet> p,
                              const Ipv4Header& header,
                              Ptr<NetDevice> oif,
                              Socket::SocketErrno& sockerr)
{
    Ipv4Address destination = header.GetDestination();
    const Hop* hop = destination.IsMulticast() ? nullptr : Lookup(header, p);
    if (hop && oif && hop->device != oif)
    {
        // A required output device: any uplink reaches another leaf.
        hop = nullptr;
        for (const Hop& up : m_up)
        {
            if (up.device == oif && GetUplink(header, p) >= 0)
            {
                hop = &up;
            }
        }
    }
    Ptr<Ipv4Route> route;
    if (hop)
    {
        route = MakeRoute(*hop, destination);
        route->SetSource(m_ipv4->SourceAddressSelection(hop->interface, destination));
    }
    else if (!destination.IsMulticast() && !destination.IsBroadcast())
    {
        route = LookupConnected(destination, oif);
    }
    sockerr = route ? Socket::ERROR_NOTERROR : Socket::ERROR_NOROUTETOHOST;
    NS_LOG_LOGIC("RouteOutput to " << destination << ": " << (route ? "via " : "no route")
                                   << route);
    return route;
}

bool
LeafSpineRouting::RouteInput(Ptr<const Packet> p,
                             const Ipv4Header& header,
                             Ptr<const NetDevice> idev,
                             const UnicastForwardCallback& ucb,
                             const MulticastForwardCallback& mcb,
                             const LocalDeliverCallback& lcb,
                             const ErrorCallback& ecb)
{
    uint32_t iif = InterfaceOf(idev);
    Ipv4Address destination = header.GetDestination();

    // Local delivery, as Ipv4StaticRouting: ask the stack only when the address can be local
    // (one of this node's addresses or broadcast addresses, a multicast or the limited
    // broadcast); the set answers "no" in O(1) for every forwarded packet.
    if ((destination.IsMulticast() || destination.IsBroadcast() ||
         m_localAddresses.count(destination.Get())) &&
        m_ipv4->IsDestinationAddress(destination, iif))
    {
        if (lcb.IsNull())
        {
            return false;
        }
        lcb(p, header, iif);
        return true;
    }
    if (destination.IsMulticast())
    {
        return false; // no multicast routes in the fabric (Ipv4StaticRouting has none either)
    }
    if (!m_ipv4->IsForwarding(iif))
    {
        ecb(p, header, Socket::ERROR_NOROUTETOHOST);
        return true;
    }
    if (const Hop* hop = Lookup(header, p))
    {
        ucb(MakeRoute(*hop, destination), p, header);
        return true;
    }
    if (Ptr<Ipv4Route> route = LookupConnected(destination, nullptr))
    {
        ucb(route, p, header);
        return true;
    }
    NS_LOG_LOGIC("No route to " << destination << ": dropped");
    ecb(p, header, Socket::ERROR_NOROUTETOHOST);
    return true;
}

uint32_t
LeafSpineRouting::InterfaceOf(Ptr<const NetDevice> device) const
{
    uint32_t index = device->GetIfIndex();
    if (index < m_interfaceOfDevice.size() && m_interfaceOfDevice[index] != NO_INTERFACE &&
        m_ipv4->GetNetDevice(m_interfaceOfDevice[index]) == device)
    {
        return m_interfaceOfDevice[index];
    }
    int32_t interface = m_ipv4->GetInterfaceForDevice(device); // not seen yet
    NS_ASSERT_MSG(interface >= 0, "LeafSpineRouting: a packet from a device without IPv4");
    return interface;
}

void
LeafSpineRouting::RebuildLocalAddresses()
{
    m_localAddresses.clear();
    m_interfaceOfDevice.clear();
    if (!m_ipv4)
    {
        return;
    }
    for (uint32_t i = 0; i < m_ipv4->GetNInterfaces(); ++i)
    {
        uint32_t index = m_ipv4->GetNetDevice(i)->GetIfIndex();
        if (index >= m_interfaceOfDevice.size())
        {
            m_interfaceOfDevice.resize(index + 1, NO_INTERFACE);
        }
        m_interfaceOfDevice[index] = i;
        for (uint32_t k = 0; k < m_ipv4->GetNAddresses(i); ++k)
        {
            Ipv4InterfaceAddress address = m_ipv4->GetAddress(i, k);
            m_localAddresses.insert(address.GetLocal().Get());
            m_localAddresses.insert(address.GetBroadcast().Get());
        }
    }
}

void
LeafSpineRouting::NotifyInterfaceUp(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
}

void
LeafSpineRouting::NotifyInterfaceDown(uint32_t interface)
{
    NS_LOG_FUNCTION(this << interface);
}

void
LeafSpineRouting::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
    RebuildLocalAddresses();
}

void
LeafSpineRouting::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
    RebuildLocalAddresses();
}

void
LeafSpineRouting::SetIpv4(Ptr<Ipv4> ipv4)
{
    NS_LOG_FUNCTION(this << ipv4);
    NS_ASSERT(!m_ipv4 && ipv4);
    m_ipv4 = ipv4;
    RebuildLocalAddresses();
}

void
LeafSpineRouting::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit unit) const
{
    std::ostream& os = *stream->GetStream();
    os << "Node: " << (m_ipv4 ? m_ipv4->GetObject<Node>()->GetId() : 0)
       << ", Time: " << Now().As(unit) << ", Local time: "
       << (m_ipv4 ? m_ipv4->GetObject<Node>()->GetLocalTime().As(unit) : Now().As(unit))
       << ", LeafSpineRouting\n";
    if (m_role == LEAF)
    {
        os << "Leaf " << m_leaf << " of " << m_leaves << ", " << m_hostsPerLeaf
           << " hosts per leaf, " << m_up.size() << " spines; ECMP "
           << (m_ecmp == ECMP_DESTINATION ? "destination" : "flow") << "\n";
        os << "  10." << m_leaf << ".h.0/24 (h < " << m_hostsPerLeaf
           << ")  -> interface of host h (connected)\n";
        os << "  10.L.h.0/24 (L != " << m_leaf << ", L < " << m_leaves << ", h < " << m_hostsPerLeaf
           << ")  -> spine s = "
           << (m_ecmp == ECMP_DESTINATION
                   ? "(L * " + std::to_string(m_hostsPerLeaf) + " + h) mod " +
                         std::to_string(m_up.size())
                   : "Hash32(5-tuple, perturbation " + std::to_string(m_perturbation) + ") mod " +
                         std::to_string(m_up.size()))
           << "\n";
        for (size_t s = 0; s < m_up.size(); ++s)
        {
            os << "    spine " << s << ": interface " << m_up[s].interface << " via "
               << m_up[s].gateway << "\n";
        }
    }
    else if (m_role == SPINE)
    {
        os << "Spine of " << m_leaves << " leaves\n";
        os << "  10.L.0.0/16 (L < " << m_leaves << ")  -> leaf L\n";
        for (size_t l = 0; l < m_down.size(); ++l)
        {
            os << "    leaf " << l << ": interface " << m_down[l].interface << " via "
               << m_down[l].gateway << "\n";
        }
    }
    else
    {
        os << "  (not configured)\n";
    }
    os << "  other destinations: a connected subnet of an interface, else dropped "
          "(no route)\n\n";
}

} // namespace ns3
