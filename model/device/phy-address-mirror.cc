/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "phy-address-mirror.h"

#include "host-net-channel.h"
#include "host-net-device.h"

#include "ns3/ipv4-list-routing.h"
#include "ns3/ipv4-routing-table-entry.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/output-stream-wrapper.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhyAddressMirror");
NS_OBJECT_ENSURE_REGISTERED(PhyAddressMirror);

TypeId
PhyAddressMirror::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PhyAddressMirror")
                            .SetParent<Ipv4RoutingProtocol>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<PhyAddressMirror>();
    return tid;
}

bool
PhyAddressMirror::Install(Ptr<Node> node)
{
    Ptr<Ipv4> ipv4 = node ? node->GetObject<Ipv4>() : nullptr;
    auto list = ipv4 ? DynamicCast<Ipv4ListRouting>(ipv4->GetRoutingProtocol()) : nullptr;
    if (!list)
    {
        return false;
    }
    for (uint32_t i = 0; i < list->GetNRoutingProtocols(); ++i)
    {
        int16_t priority;
        if (DynamicCast<PhyAddressMirror>(list->GetRoutingProtocol(i, priority)))
        {
            return true;
        }
    }
    list->AddRoutingProtocol(CreateObject<PhyAddressMirror>(), -32768);
    return true;
}

void
PhyAddressMirror::DoDispose()
{
    m_ipv4 = nullptr;
    Ipv4RoutingProtocol::DoDispose();
}

Ptr<Ipv4Route>
PhyAddressMirror::RouteOutput(Ptr<Packet>,
                              const Ipv4Header&,
                              Ptr<NetDevice>,
                              Socket::SocketErrno& sockerr)
{
    sockerr = Socket::ERROR_NOROUTETOHOST;
    return nullptr;
}

bool
PhyAddressMirror::RouteInput(Ptr<const Packet>,
                             const Ipv4Header&,
                             Ptr<const NetDevice>,
                             const UnicastForwardCallback&,
                             const MulticastForwardCallback&,
                             const LocalDeliverCallback&,
                             const ErrorCallback&)
{
    return false;
}

void
PhyAddressMirror::NotifyInterfaceUp(uint32_t interface)
{
    // A mirror brought up again (SetUp by a script) must not get routes either.
    auto phy = m_ipv4 ? m_ipv4->GetNetDevice(interface) : nullptr;
    if (phy && HostNetChannel::GetVisibleDevice(phy) != phy)
    {
        RemoveRoutesThrough(interface);
    }
}

void
PhyAddressMirror::NotifyInterfaceDown(uint32_t)
{
}

void
PhyAddressMirror::NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
    auto host = DynamicCast<HostNetDevice>(m_ipv4->GetNetDevice(interface));
    int32_t mirror = host ? Mirror(m_ipv4, host) : -1;
    if (mirror != -1)
    {
        RemoveRoutesThrough(mirror);
    }
}

int32_t
PhyAddressMirror::Mirror(Ptr<Ipv4> ipv4, Ptr<HostNetDevice> host)
{
    Ptr<NetDevice> phy = host->GetPhy();
    int32_t hostInterface = ipv4->GetInterfaceForDevice(host);
    if (!phy || hostInterface == -1)
    {
        return -1;
    }
    int32_t mirror = ipv4->GetInterfaceForDevice(phy);
    if (mirror == -1)
    {
        mirror = static_cast<int32_t>(ipv4->AddInterface(phy));
    }
    for (uint32_t i = 0; i < ipv4->GetNAddresses(hostInterface); ++i)
    {
        Ipv4Address local = ipv4->GetAddress(hostInterface, i).GetLocal();
        bool present = false;
        for (uint32_t j = 0; j < ipv4->GetNAddresses(mirror); ++j)
        {
            present = present || ipv4->GetAddress(mirror, j).GetLocal() == local;
        }
        if (!present)
        {
            // A host mask (/32): a subnet-directed broadcast must not leave a second time
            // through the mirror.
            ipv4->AddAddress(mirror, Ipv4InterfaceAddress(local, Ipv4Mask::GetOnes()));
        }
    }
    // Up, so that a neighbour's routing describes the link in both directions (SPF needs the
    // way back), but not forwarding, so that this host's own GlobalRouter skips it, and
    // without routes, so that nothing is ever sent through it.
    ipv4->SetForwarding(mirror, false);
    if (!ipv4->IsUp(mirror))
    {
        ipv4->SetUp(mirror);
    }
    return mirror;
}

void
PhyAddressMirror::RemoveRoutesThrough(uint32_t interface)
{
    auto list = DynamicCast<Ipv4ListRouting>(m_ipv4->GetRoutingProtocol());
    for (uint32_t p = 0; list && p < list->GetNRoutingProtocols(); ++p)
    {
        int16_t priority;
        auto staticRouting = DynamicCast<Ipv4StaticRouting>(list->GetRoutingProtocol(p, priority));
        for (uint32_t r = staticRouting ? staticRouting->GetNRoutes() : 0; r > 0; --r)
        {
            if (staticRouting->GetRoute(r - 1).GetInterface() == interface)
            {
                staticRouting->RemoveRoute(r - 1);
            }
        }
    }
}

void
PhyAddressMirror::NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address)
{
    NS_LOG_FUNCTION(this << interface << address);
    auto host = DynamicCast<HostNetDevice>(m_ipv4->GetNetDevice(interface));
    int32_t mirror = host ? m_ipv4->GetInterfaceForDevice(host->GetPhy()) : -1;
    if (mirror != -1)
    {
        m_ipv4->RemoveAddress(mirror, address.GetLocal());
    }
}

void
PhyAddressMirror::SetIpv4(Ptr<Ipv4> ipv4)
{
    m_ipv4 = ipv4;
}

void
PhyAddressMirror::PrintRoutingTable(Ptr<OutputStreamWrapper> stream, Time::Unit) const
{
    *stream->GetStream() << "PhyAddressMirror: routes nothing (mirrors HostNetDevice "
                            "addresses onto down PHY interfaces)\n";
}

} // namespace ns3
