/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "request-response-header.h"

#include "ns3/abort.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RequestResponseHeader);

TypeId
RequestResponseHeader::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RequestResponseHeader")
                            .SetParent<Header>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<RequestResponseHeader>();
    return tid;
}

TypeId
RequestResponseHeader::GetInstanceTypeId() const
{
    return GetTypeId();
}

void
RequestResponseHeader::SetMessageSize(uint32_t size)
{
    NS_ABORT_MSG_IF(size < SIZE,
                    "RequestResponseHeader: message size " << size << " < header size " << SIZE);
    m_messageSize = size;
}

uint32_t
RequestResponseHeader::GetMessageSize() const
{
    return m_messageSize;
}

void
RequestResponseHeader::SetResponseSize(uint32_t size)
{
    m_responseSize = size;
}

uint32_t
RequestResponseHeader::GetResponseSize() const
{
    return m_responseSize;
}

void
RequestResponseHeader::SetId(uint64_t id)
{
    m_id = id;
}

uint64_t
RequestResponseHeader::GetId() const
{
    return m_id;
}

void
RequestResponseHeader::SetSendTime(Time t)
{
    m_sendTimeNs = t.GetNanoSeconds();
}

Time
RequestResponseHeader::GetSendTime() const
{
    return NanoSeconds(m_sendTimeNs);
}

Ptr<Packet>
RequestResponseHeader::MakeMessage() const
{
    Ptr<Packet> p = Create<Packet>(m_messageSize - SIZE);
    p->AddHeader(*this);
    return p;
}

bool
RequestResponseHeader::Extract(Ptr<Packet> stream, RequestResponseHeader& header)
{
    if (stream->GetSize() < SIZE)
    {
        return false;
    }
    stream->PeekHeader(header);
    NS_ABORT_MSG_IF(header.m_messageSize < SIZE,
                    "RequestResponseHeader: corrupt stream (message size " << header.m_messageSize
                                                                           << ")");
    if (stream->GetSize() < header.m_messageSize)
    {
        return false;
    }
    stream->RemoveAtStart(header.m_messageSize);
    return true;
}

uint32_t
RequestResponseHeader::GetSerializedSize() const
{
    return SIZE;
}

void
RequestResponseHeader::Serialize(Buffer::Iterator start) const
{
    start.WriteHtonU32(m_messageSize);
    start.WriteHtonU32(m_responseSize);
    start.WriteHtonU64(m_id);
    start.WriteHtonU64(static_cast<uint64_t>(m_sendTimeNs));
}

uint32_t
RequestResponseHeader::Deserialize(Buffer::Iterator start)
{
    m_messageSize = start.ReadNtohU32();
    m_responseSize = start.ReadNtohU32();
    m_id = start.ReadNtohU64();
    m_sendTimeNs = static_cast<int64_t>(start.ReadNtohU64());
    return SIZE;
}

void
RequestResponseHeader::Print(std::ostream& os) const
{
    os << "id=" << m_id << " size=" << m_messageSize << " response=" << m_responseSize
       << " sent=" << m_sendTimeNs << "ns";
}

} // namespace ns3
