/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "send-time-tag.h"

#include "ns3/packet.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(SendTimeTag);

TypeId
SendTimeTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SendTimeTag")
                            .SetParent<Tag>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<SendTimeTag>();
    return tid;
}

TypeId
SendTimeTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

SendTimeTag::SendTimeTag() = default;

SendTimeTag::SendTimeTag(Time sendTime)
    : m_sendTime(sendTime.GetTimeStep())
{
}

void
SendTimeTag::SetSendTime(Time sendTime)
{
    m_sendTime = sendTime.GetTimeStep();
}

Time
SendTimeTag::GetSendTime() const
{
    return TimeStep(m_sendTime);
}

uint32_t
SendTimeTag::GetSerializedSize() const
{
    return sizeof(int64_t);
}

void
SendTimeTag::Serialize(TagBuffer i) const
{
    i.WriteU64(static_cast<uint64_t>(m_sendTime));
}

void
SendTimeTag::Deserialize(TagBuffer i)
{
    m_sendTime = static_cast<int64_t>(i.ReadU64());
}

void
SendTimeTag::Print(std::ostream& os) const
{
    os << "sendTime=" << GetSendTime().As(Time::US);
}

void
SendTimeTag::Stamp(Ptr<Packet> packet)
{
    packet->AddByteTag(SendTimeTag(Simulator::Now()));
}

bool
SendTimeTag::FindEarliest(Ptr<const Packet> packet, Time& sendTime)
{
    bool found = false;
    ByteTagIterator it = packet->GetByteTagIterator();
    SendTimeTag tag;
    while (it.HasNext())
    {
        ByteTagIterator::Item item = it.Next();
        if (item.GetTypeId() != GetTypeId())
        {
            continue;
        }
        item.GetTag(tag);
        if (!found || tag.GetSendTime() < sendTime)
        {
            sendTime = tag.GetSendTime();
            found = true;
        }
    }
    return found;
}

} // namespace ns3
