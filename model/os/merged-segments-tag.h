/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef MERGED_SEGMENTS_TAG_H
#define MERGED_SEGMENTS_TAG_H

#include "ns3/ipv4-address.h"
#include "ns3/ptr.h"
#include "ns3/tag.h"

#include <vector>

namespace ns3
{

class Packet;

/**
 * @ingroup hostnet
 * @brief The FlowMonitor identities of the wire segments a GRO packet or LRO aggregate
 * stands for.
 *
 * ns-3's Ipv4FlowProbe marks every IPv4 packet it sees sent with a byte tag
 * (ns3::Ipv4FlowProbeTag: flow id, packet id, size) and counts one received packet per
 * packet that reaches the IP layer, reading only the first such tag it finds. A packet
 * merged by GRO or LRO carries the tags of all its segments, so FlowMonitor would count the
 * merged packet as one received packet (with the merged size) and the other segments as
 * never received (lost after FlowMonitor's MaxPerHopDelay).
 *
 * When the receiving node has a HostNetFlowProbe, HostNetDevice calls Collect on each merged
 * packet before handing it to the stack: the segments' Ipv4FlowProbeTags are replaced by
 * one MergedSegmentsTag listing them (other byte tags are kept), so ns-3's probe ignores the
 * packet and HostNetFlowProbe reports each segment to FlowMonitor when IP delivers,
 * forwards or drops the packet. A byte tag: it adds no bytes on the wire.
 */
class MergedSegmentsTag : public Tag
{
  public:
    /// What FlowMonitor knows of one segment (the contents of its Ipv4FlowProbeTag).
    struct Segment
    {
        uint32_t flowId{0};   ///< FlowMonitor flow id
        uint32_t packetId{0}; ///< FlowMonitor packet id
        uint32_t size{0};     ///< IPv4 datagram size when it was first sent
        Ipv4Address src;      ///< IPv4 source when it was first sent
        Ipv4Address dst;      ///< IPv4 destination when it was first sent
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;

    MergedSegmentsTag();

    /** @return the segments, in the order of their bytes in the packet */
    const std::vector<Segment>& GetSegments() const;

    /**
     * @brief Add a segment.
     * @param segment the segment
     */
    void AddSegment(const Segment& segment);

    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;

    /**
     * @brief Replace the Ipv4FlowProbeTags (and MergedSegmentsTags) of @p packet by one
     * MergedSegmentsTag over the whole packet.
     *
     * Other byte tags are kept with their byte ranges (tags whose type has no constructor
     * cannot be copied: then the packet is returned unchanged). Packet tags are untouched.
     * @param packet a received packet (a merged GRO packet or LRO aggregate)
     * @return @p packet itself if it carries no Ipv4FlowProbeTag, else a modified copy
     */
    static Ptr<const Packet> Collect(Ptr<const Packet> packet);

    /**
     * @param packet a received packet
     * @return the number of FlowMonitor tags (ns3::Ipv4FlowProbeTag) it carries: more than
     * one on a merged packet means FlowMonitor tagged its segments and will count only one
     */
    static uint32_t CountFlowProbeTags(Ptr<const Packet> packet);

  private:
    std::vector<Segment> m_segments; ///< the merged segments
};

} // namespace ns3

#endif // MERGED_SEGMENTS_TAG_H
