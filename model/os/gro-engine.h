/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef GRO_ENGINE_H
#define GRO_ENGINE_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ring-fifo.h"
#include "ns3/rx-ring.h"

#include <array>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Generic receive offload of one NAPI context: consecutive in-order TCP segments of a
 * flow are merged into one packet before protocol processing (Linux net/core/gro.c,
 * tcp_gro_receive, inet_gro_receive).
 *
 * Merge rules follow Linux: IPv4 without options or fragmentation, TCP with payload, the
 * segment's sequence number continues the held packet, same ACK number, same TOS byte (so a
 * CE mark is never merged into an unmarked packet), same TTL, byte-identical TCP options
 * (so timestamps must be equal, which ns-3's 1 ms TSval clock gives within a millisecond),
 * same flags apart from PSH; a segment shorter than the first one's payload (the gso_size),
 * or with PSH, is merged and ends the packet; SYN, FIN, RST, URG and CWR segments are never
 * held (the held packet of their flow is flushed first, so order is kept). A packet grows up
 * to MaxSize bytes of IP datagram (64 KB, GRO_LEGACY_MAX_SIZE, capped by the 16-bit IPv4
 * total length).
 *
 * Held packets are kept as Linux keeps them since 4.19 (dev_gro_receive): in Buckets lists
 * (GRO_HASH_BUCKETS = 8) picked by the frame's flow hash (skb->hash, the NIC's RSS hash,
 * modulo Buckets), at most MaxFlows packets per list (MAX_GRO_SKBS = 8): a new flow in a full
 * list flushes that list's oldest packet (gro_flush_oldest). Each held packet remembers the
 * jiffy it was started in (NAPI_GRO_CB(skb)->age), with jiffies = now / JiffyPeriod.
 * FlushAll (napi_gro_flush(napi, false)) and FlushOld (napi_gro_flush(napi, true)) go through
 * the lists in bucket order, each from its oldest packet; FlushOld stops in each list at the
 * first packet started in the current jiffy. When they are called is NapiRxMode's business
 * (napi_complete_done, __napi_poll).
 *
 * A flushed packet of several segments is rebuilt as one IPv4/TCP packet: the first
 * segment's headers with the last segment's ACK and window, the payloads concatenated, the
 * IPv4 total length set. ns-3's TCP then receives what Linux's TCP receives from GRO: one
 * large in-order segment. The RxFrame keeps the first segment's timestamps and counts the
 * merged segments.
 */
class GroEngine : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    GroEngine();
    ~GroEngine() override;

    GroEngine(const GroEngine&) = delete;
    GroEngine& operator=(const GroEngine&) = delete;

    /**
     * @brief Offer a frame taken from the ring.
     *
     * Packets the frame forces out (its flow's held packet, the oldest flow's) are appended
     * to @p out in delivery order. If the frame is not held, it is appended to @p out after
     * them; otherwise the engine keeps it (merged or as a new held packet).
     * @param frame the frame
     * @param out packets ready for protocol processing
     */
    void Receive(RxFrame&& frame, RingFifo<RxFrame>& out);

    /**
     * @brief Flush every held packet (napi_gro_flush(napi, false)).
     * @param out packets ready for protocol processing: bucket by bucket, each bucket's
     *        oldest first
     */
    void FlushAll(RingFifo<RxFrame>& out);

    /**
     * @brief Flush the packets started before the current jiffy (napi_gro_flush(napi, true)).
     * @param out packets ready for protocol processing: bucket by bucket, each bucket's
     *        oldest first
     */
    void FlushOld(RingFifo<RxFrame>& out);

    /** @return the JiffyPeriod attribute (1/HZ) */
    Time GetJiffyPeriod() const;

    /** @return segments held now */
    uint32_t GetNHeld() const;

    /** @return segments that went through the engine since the last ResetStats */
    uint64_t GetSegments() const;

    /** @return packets it handed out since the last ResetStats (merged or not) */
    uint64_t GetPackets() const;

    /** @brief Start a new measurement window. */
    void ResetStats();

  private:
    /// What the merge rules compare, read from a frame's headers.
    struct SegmentInfo
    {
        uint32_t src{0};                   ///< IPv4 source
        uint32_t dst{0};                   ///< IPv4 destination
        uint16_t srcPort{0};               ///< TCP source port
        uint16_t dstPort{0};               ///< TCP destination port
        uint32_t seq{0};                   ///< sequence number
        uint32_t ack{0};                   ///< acknowledgment number
        uint8_t tos{0};                    ///< IPv4 TOS (DSCP + ECN)
        uint8_t ttl{0};                    ///< IPv4 TTL
        uint8_t flags{0};                  ///< TCP flags
        uint16_t window{0};                ///< advertised window (unscaled)
        uint8_t optionBytes{0};            ///< TCP option bytes
        std::array<uint8_t, 40> options{}; ///< TCP options
        uint32_t payload{0};               ///< TCP payload bytes
        uint32_t headerBytes{0};           ///< IPv4 + TCP header bytes
    };

    /// A packet being built.
    struct Held
    {
        SegmentInfo info;                    ///< headers of the first segment (ack: last)
        RxFrame first;                       ///< first segment with its timestamps
        std::vector<Ptr<const Packet>> rest; ///< further segments, in order
        uint32_t nextSeq{0};                 ///< sequence number that continues it
        uint32_t bytes{0};                   ///< IP datagram size of the merged packet
        int64_t age{0};                      ///< jiffy it was started in
    };

    /// Held packets of one hash bucket (napi->gro_hash[i]), oldest first.
    using Bucket = std::vector<Held>;

    /// What Parse found.
    enum class Kind
    {
        OTHER,    ///< not a TCP/IPv4 segment GRO looks at (delivered as it is)
        NO_MERGE, ///< a TCP segment GRO never holds (no payload): only the flow is known
        SEGMENT,  ///< a TCP segment GRO may hold
    };

    /**
     * @brief Read a frame's IPv4 and TCP headers.
     * @param frame the frame
     * @param[out] info its headers (the flow for NO_MERGE, everything for SEGMENT)
     * @return what the frame is
     */
    static Kind Parse(const RxFrame& frame, SegmentInfo& info);
    /// Hand a held packet of a bucket out (rebuilt if it has several segments), free its slot.
    void Flush(Bucket& bucket, size_t index, RingFifo<RxFrame>& out);
    /// @return the index of the held packet of a flow in a bucket, or -1
    static int Find(const Bucket& bucket, const SegmentInfo& info);
    /// @return the current jiffy (now / JiffyPeriod)
    int64_t Jiffies() const;
    /// @param hash a flow hash @return its bucket
    Bucket& GetBucket(uint32_t hash);

    uint32_t m_maxSize{65535};  ///< largest merged IP datagram (attribute)
    uint32_t m_maxFlows{8};     ///< packets held per bucket (attribute)
    uint32_t m_nBuckets{8};     ///< hash buckets (attribute)
    Time m_jiffy;               ///< 1/HZ (attribute)
    uint32_t m_pushBelow{0};    ///< payload below which a segment counts as PSH (attribute)
    std::vector<Bucket> m_held; ///< the buckets (made at the first frame)
    uint32_t m_nHeld{0};        ///< segments held
    uint64_t m_segments{0};     ///< segments offered in the window
    uint64_t m_packets{0};      ///< packets handed out in the window
};

} // namespace ns3

#endif // GRO_ENGINE_H
