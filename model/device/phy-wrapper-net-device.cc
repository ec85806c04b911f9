/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "phy-wrapper-net-device.h"

#include "host-net-channel.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhyWrapperNetDevice");

NS_OBJECT_ENSURE_REGISTERED(PhyWrapperNetDevice);

TypeId
PhyWrapperNetDevice::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PhyWrapperNetDevice")
                            .SetParent<NetDevice>()
                            .SetGroupName("Hostnet")
                            .AddAttribute("Mtu",
                                          "MTU; 0 uses the PHY's.",
                                          UintegerValue(0),
                                          MakeUintegerAccessor(&PhyWrapperNetDevice::m_mtu),
                                          MakeUintegerChecker<uint16_t>());
    return tid;
}

PhyWrapperNetDevice::PhyWrapperNetDevice()
{
    NS_LOG_FUNCTION(this);
}

PhyWrapperNetDevice::~PhyWrapperNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
PhyWrapperNetDevice::DoInitialize()
{
    NS_ABORT_MSG_IF(!m_phy,
                    GetInstanceTypeId().GetName()
                        << ": no PHY device; call SetPhy (or use HostNetDeviceHelper)");
    // Nix-vector routing cannot route through the wrapper: without a mirror interface on the
    // PHY its neighbours do not find the host, and with one it stops on the duplicate address
    // ("Duplicate IP address ... during NIX Vector map construction"). Refuse it clearly.
    // The TypeId is looked up by name: hostnet does not link the nix-vector-routing module
    // (when it is not loaded, no node can use it).
    Ptr<Ipv4> ipv4 = m_node ? m_node->GetObject<Ipv4>() : nullptr;
    Ptr<Ipv4RoutingProtocol> routing = ipv4 ? ipv4->GetRoutingProtocol() : nullptr;
    TypeId nix;
    bool nixLoaded = TypeId::LookupByNameFailSafe("ns3::Ipv4NixVectorRouting", &nix);
    TypeId routingTid = routing ? routing->GetInstanceTypeId() : TypeId();
    NS_ABORT_MSG_IF(routing && nixLoaded && (routingTid == nix || routingTid.IsChildOf(nix)),
                    GetInstanceTypeId().GetName()
                        << ": node " << m_node->GetId() << " uses "
                        << routing->GetInstanceTypeId().GetName()
                        << ", which cannot route through hostnet hosts; use "
                           "Ipv4GlobalRoutingHelper (global routing) or "
                           "static routes");
    NetDevice::DoInitialize();
}

void
PhyWrapperNetDevice::DoDispose()
{
    m_phy = nullptr;
    m_channel = nullptr;
    m_node = nullptr;
    m_rxCallback = NetDevice::ReceiveCallback();
    m_promiscCallback = NetDevice::PromiscReceiveCallback();
    NetDevice::DoDispose();
}

void
PhyWrapperNetDevice::SetPhy(Ptr<NetDevice> phy)
{
    NS_LOG_FUNCTION(this << phy);
    NS_ABORT_MSG_IF(!phy, GetInstanceTypeId().GetName() << "::SetPhy: null PHY");
    NS_ABORT_MSG_IF(m_phy, GetInstanceTypeId().GetName() << "::SetPhy: the PHY is already set");
    m_phy = phy;
    // A property of the PHY's type (ns-3's devices build it anew on every call).
    m_phyBroadcast = phy->GetBroadcast();
    DoSetup();
}

Ptr<NetDevice>
PhyWrapperNetDevice::GetPhy() const
{
    return m_phy;
}

uint16_t
PhyWrapperNetDevice::SenderIndex(const Address& from)
{
    // A point-to-point PHY has one peer; a shared medium a few, and frames come in runs.
    if (m_lastSender < m_senders.size() && m_senders[m_lastSender] == from)
    {
        return m_lastSender;
    }
    for (std::size_t i = 0; i < m_senders.size(); ++i)
    {
        if (m_senders[i] == from)
        {
            m_lastSender = static_cast<uint16_t>(i);
            return m_lastSender;
        }
    }
    NS_ABORT_MSG_IF(m_senders.size() > std::numeric_limits<uint16_t>::max(),
                    GetInstanceTypeId().GetName()
                        << ": more than 65536 link-layer senders on one device");
    m_senders.push_back(from);
    m_lastSender = static_cast<uint16_t>(m_senders.size() - 1);
    return m_lastSender;
}

bool
PhyWrapperNetDevice::SendFrom(Ptr<Packet> packet,
                              const Address& source,
                              const Address& dest,
                              uint16_t protocolNumber)
{
    NS_ABORT_MSG(GetInstanceTypeId().GetName()
                 << " does not support SendFrom (SupportsSendFrom() is false)");
    return false;
}

void
PhyWrapperNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
PhyWrapperNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
PhyWrapperNetDevice::GetChannel() const
{
    Ptr<Channel> phyChannel = m_phy ? m_phy->GetChannel() : nullptr;
    if (!phyChannel)
    {
        return nullptr;
    }
    if (m_channel && m_channel->GetPhyChannel() == phyChannel)
    {
        return m_channel;
    }
    // One HostNetChannel per PHY channel: reuse the one another wrapper on it made.
    for (std::size_t i = 0; i < phyChannel->GetNDevices(); ++i)
    {
        auto other = DynamicCast<PhyWrapperNetDevice>(
            HostNetChannel::GetVisibleDevice(phyChannel->GetDevice(i)));
        if (other && other != this && other->m_channel &&
            other->m_channel->GetPhyChannel() == phyChannel)
        {
            m_channel = other->m_channel;
            return m_channel;
        }
    }
    m_channel = CreateObject<HostNetChannel>();
    m_channel->SetPhyChannel(phyChannel);
    return m_channel;
}

void
PhyWrapperNetDevice::SetAddress(Address address)
{
    NS_ABORT_MSG_IF(!m_phy, GetInstanceTypeId().GetName() << "::SetAddress before SetPhy");
    m_phy->SetAddress(address);
}

Address
PhyWrapperNetDevice::GetAddress() const
{
    NS_ABORT_MSG_IF(!m_phy, GetInstanceTypeId().GetName() << "::GetAddress before SetPhy");
    return m_phy->GetAddress();
}

bool
PhyWrapperNetDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return m_phy ? m_phy->SetMtu(mtu) : true;
}

uint16_t
PhyWrapperNetDevice::GetMtu() const
{
    if (m_mtu != 0 || !m_phy)
    {
        return m_mtu;
    }
    return m_phy->GetMtu();
}

bool
PhyWrapperNetDevice::IsLinkUp() const
{
    return m_phy && m_phy->IsLinkUp();
}

void
PhyWrapperNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    NS_ABORT_MSG_IF(!m_phy,
                    GetInstanceTypeId().GetName() << "::AddLinkChangeCallback before SetPhy");
    m_phy->AddLinkChangeCallback(callback);
}

bool
PhyWrapperNetDevice::IsBroadcast() const
{
    return m_phy && m_phy->IsBroadcast();
}

Address
PhyWrapperNetDevice::GetBroadcast() const
{
    NS_ABORT_MSG_IF(!m_phy, GetInstanceTypeId().GetName() << "::GetBroadcast before SetPhy");
    return m_phyBroadcast;
}

bool
PhyWrapperNetDevice::IsMulticast() const
{
    return m_phy && m_phy->IsMulticast();
}

Address
PhyWrapperNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    NS_ABORT_MSG_IF(!m_phy, GetInstanceTypeId().GetName() << "::GetMulticast before SetPhy");
    return m_phy->GetMulticast(multicastGroup);
}

Address
PhyWrapperNetDevice::GetMulticast(Ipv6Address addr) const
{
    NS_ABORT_MSG_IF(!m_phy, GetInstanceTypeId().GetName() << "::GetMulticast before SetPhy");
    return m_phy->GetMulticast(addr);
}

bool
PhyWrapperNetDevice::IsBridge() const
{
    return false;
}

bool
PhyWrapperNetDevice::IsPointToPoint() const
{
    return m_phy && m_phy->IsPointToPoint();
}

Ptr<Node>
PhyWrapperNetDevice::GetNode() const
{
    return m_node;
}

void
PhyWrapperNetDevice::SetNode(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    m_node = node;
    DoSetup();
}

bool
PhyWrapperNetDevice::NeedsArp() const
{
    return m_phy && m_phy->NeedsArp();
}

void
PhyWrapperNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
PhyWrapperNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
PhyWrapperNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
