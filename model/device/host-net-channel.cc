/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-channel.h"

#include "phy-wrapper-net-device.h"

#include "ns3/log.h"
#include "ns3/node.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetChannel");
NS_OBJECT_ENSURE_REGISTERED(HostNetChannel);

TypeId
HostNetChannel::GetTypeId()
{
    static TypeId tid = TypeId("ns3::HostNetChannel")
                            .SetParent<Channel>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<HostNetChannel>();
    return tid;
}

HostNetChannel::HostNetChannel()
{
    NS_LOG_FUNCTION(this);
}

HostNetChannel::~HostNetChannel()
{
    NS_LOG_FUNCTION(this);
}

void
HostNetChannel::DoDispose()
{
    m_phyChannel = nullptr;
    Channel::DoDispose();
}

void
HostNetChannel::SetPhyChannel(Ptr<Channel> phyChannel)
{
    NS_LOG_FUNCTION(this << phyChannel);
    m_phyChannel = phyChannel;
}

Ptr<Channel>
HostNetChannel::GetPhyChannel() const
{
    return m_phyChannel;
}

std::size_t
HostNetChannel::GetNDevices() const
{
    return m_phyChannel ? m_phyChannel->GetNDevices() : 0;
}

Ptr<NetDevice>
HostNetChannel::GetDevice(std::size_t i) const
{
    NS_ASSERT_MSG(m_phyChannel, "HostNetChannel without a PHY channel");
    return GetVisibleDevice(m_phyChannel->GetDevice(i));
}

Ptr<NetDevice>
HostNetChannel::GetVisibleDevice(Ptr<NetDevice> phy)
{
    Ptr<Node> node = phy ? phy->GetNode() : nullptr;
    for (uint32_t i = 0; node && i < node->GetNDevices(); ++i)
    {
        auto host = DynamicCast<PhyWrapperNetDevice>(node->GetDevice(i));
        if (host && host->GetPhy() == phy)
        {
            return host;
        }
    }
    return phy;
}

} // namespace ns3
