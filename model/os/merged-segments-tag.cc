/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "merged-segments-tag.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/packet.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MergedSegmentsTag");

NS_OBJECT_ENSURE_REGISTERED(MergedSegmentsTag);

namespace
{

/// Serialized size of one Segment (as ns-3.44's Ipv4FlowProbeTag: 3 x 4 bytes + 2 addresses).
constexpr uint32_t SEGMENT_BYTES = 4 + 4 + 4 + 4 + 4;

/**
 * @param tid set to the TypeId of ns-3's Ipv4FlowProbeTag
 * @return false if no such TypeId is registered (no FlowMonitor: no such tags exist)
 */
bool
LookupProbeTag(TypeId& tid)
{
    static TypeId probeTid;
    static bool known = false;
    if (!known)
    {
        known = TypeId::LookupByNameFailSafe("ns3::Ipv4FlowProbeTag", &probeTid);
    }
    tid = probeTid;
    return known;
}

/// Write a segment in the layout of Ipv4FlowProbeTag.
void
WriteSegment(TagBuffer& i, const MergedSegmentsTag::Segment& s)
{
    i.WriteU32(s.flowId);
    i.WriteU32(s.packetId);
    i.WriteU32(s.size);
    uint8_t address[4];
    s.src.Serialize(address);
    i.Write(address, 4);
    s.dst.Serialize(address);
    i.Write(address, 4);
}

/// Read a segment in the layout of Ipv4FlowProbeTag.
MergedSegmentsTag::Segment
ReadSegment(TagBuffer& i)
{
    MergedSegmentsTag::Segment s;
    s.flowId = i.ReadU32();
    s.packetId = i.ReadU32();
    s.size = i.ReadU32();
    uint8_t address[4];
    i.Read(address, 4);
    s.src = Ipv4Address::Deserialize(address);
    i.Read(address, 4);
    s.dst = Ipv4Address::Deserialize(address);
    return s;
}

/**
 * Read a tag of any registered type that has a constructor.
 * @param item the tag in a packet
 * @return the tag object, or null if its type has no constructor
 */
std::unique_ptr<Tag>
MakeTag(const ByteTagIterator::Item& item)
{
    TypeId tid = item.GetTypeId();
    if (!tid.HasConstructor())
    {
        return nullptr;
    }
    std::unique_ptr<ObjectBase> base(tid.GetConstructor()());
    auto tag = dynamic_cast<Tag*>(base.get());
    if (!tag)
    {
        return nullptr;
    }
    base.release();
    std::unique_ptr<Tag> result(tag);
    item.GetTag(*result);
    return result;
}

} // namespace

TypeId
MergedSegmentsTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MergedSegmentsTag")
                            .SetParent<Tag>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<MergedSegmentsTag>();
    return tid;
}

TypeId
MergedSegmentsTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

MergedSegmentsTag::MergedSegmentsTag() = default;

const std::vector<MergedSegmentsTag::Segment>&
MergedSegmentsTag::GetSegments() const
{
    return m_segments;
}

void
MergedSegmentsTag::AddSegment(const Segment& segment)
{
    m_segments.push_back(segment);
}

uint32_t
MergedSegmentsTag::GetSerializedSize() const
{
    return 4 + SEGMENT_BYTES * m_segments.size();
}

void
MergedSegmentsTag::Serialize(TagBuffer i) const
{
    i.WriteU32(m_segments.size());
    for (const auto& s : m_segments)
    {
        WriteSegment(i, s);
    }
}

void
MergedSegmentsTag::Deserialize(TagBuffer i)
{
    uint32_t n = i.ReadU32();
    m_segments.clear();
    m_segments.reserve(n);
    for (uint32_t k = 0; k < n; ++k)
    {
        m_segments.push_back(ReadSegment(i));
    }
}

void
MergedSegmentsTag::Print(std::ostream& os) const
{
    os << "segments=" << m_segments.size();
    for (const auto& s : m_segments)
    {
        os << " (FlowId=" << s.flowId << " PacketId=" << s.packetId << " PacketSize=" << s.size
           << ")";
    }
}

uint32_t
MergedSegmentsTag::CountFlowProbeTags(Ptr<const Packet> packet)
{
    TypeId probeTid;
    if (!LookupProbeTag(probeTid))
    {
        return 0;
    }
    uint32_t n = 0;
    for (ByteTagIterator it = packet->GetByteTagIterator(); it.HasNext();)
    {
        n += it.Next().GetTypeId() == probeTid ? 1 : 0;
    }
    return n;
}

Ptr<const Packet>
MergedSegmentsTag::Collect(Ptr<const Packet> packet)
{
    TypeId probeTid;
    bool haveProbeTid = LookupProbeTag(probeTid);
    TypeId ownTid = GetTypeId();
    bool any = false;
    for (ByteTagIterator it = packet->GetByteTagIterator(); it.HasNext() && !any;)
    {
        TypeId tid = it.Next().GetTypeId();
        any = tid == ownTid || (haveProbeTid && tid == probeTid);
    }
    if (!any)
    {
        return packet;
    }

    /// A byte tag to put back, with its range.
    struct Kept
    {
        std::unique_ptr<Tag> tag; ///< the tag
        uint32_t start;           ///< first byte
        uint32_t end;             ///< one past the last byte
    };

    std::vector<Kept> kept;
    std::vector<std::pair<uint32_t, Segment>> segments; // (first byte, segment)
    for (ByteTagIterator it = packet->GetByteTagIterator(); it.HasNext();)
    {
        ByteTagIterator::Item item = it.Next();
        if (item.GetTypeId() == ownTid)
        {
            MergedSegmentsTag inner;
            item.GetTag(inner);
            for (const auto& s : inner.m_segments)
            {
                segments.emplace_back(item.GetStart(), s);
            }
            continue;
        }
        std::unique_ptr<Tag> tag = MakeTag(item);
        if (!tag)
        {
            NS_LOG_WARN("byte tag " << item.GetTypeId().GetName()
                                    << " cannot be copied: packet left as it is");
            return packet;
        }
        if (haveProbeTid && item.GetTypeId() == probeTid)
        {
            // Ipv4FlowProbeTag is private to ns-3's flow-monitor module: read its fields
            // through its own serialization (ns-3.44 layout, checked by size).
            NS_ABORT_MSG_IF(tag->GetSerializedSize() != SEGMENT_BYTES,
                            "MergedSegmentsTag: unexpected Ipv4FlowProbeTag size "
                                << tag->GetSerializedSize() << " (ns-3.44 layout expected)");
            uint8_t buffer[SEGMENT_BYTES];
            tag->Serialize(TagBuffer(buffer, buffer + SEGMENT_BYTES));
            TagBuffer reader(buffer, buffer + SEGMENT_BYTES);
            segments.emplace_back(item.GetStart(), ReadSegment(reader));
            continue;
        }
        kept.push_back({std::move(tag), item.GetStart(), item.GetEnd()});
    }
    std::stable_sort(segments.begin(), segments.end(), [](const auto& a, const auto& b) {
        return a.first < b.first;
    });
    MergedSegmentsTag merged;
    for (const auto& [start, s] : segments)
    {
        merged.AddSegment(s);
    }
    Ptr<Packet> copy = packet->Copy();
    copy->RemoveAllByteTags();
    for (const auto& k : kept)
    {
        copy->AddByteTag(*k.tag, k.start, k.end);
    }
    copy->AddByteTag(merged);
    NS_LOG_LOGIC("collected " << segments.size() << " segments of packet " << packet->GetUid());
    return copy;
}

} // namespace ns3
