/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "gro-engine.h"

#include "ns3/ipv4-header.h"
#include "ns3/ipv4-tcp-view.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cstring>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("GroEngine");

NS_OBJECT_ENSURE_REGISTERED(GroEngine);

namespace
{
constexpr uint8_t TCP_FIN = 0x01;
constexpr uint8_t TCP_SYN = 0x02;
constexpr uint8_t TCP_RST = 0x04;
constexpr uint8_t TCP_PSH = 0x08;
constexpr uint8_t TCP_URG = 0x20;
constexpr uint8_t TCP_CWR = 0x80;
constexpr uint8_t IPV4_TCP = 6;
} // namespace

TypeId
GroEngine::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::GroEngine")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<GroEngine>()
            .AddAttribute("MaxSize",
                          "Largest merged IPv4 datagram in bytes (Linux GRO_LEGACY_MAX_SIZE "
                          "= 65536, capped by the 16-bit IPv4 total length). 1500..65535.",
                          UintegerValue(65535),
                          MakeUintegerAccessor(&GroEngine::m_maxSize),
                          MakeUintegerChecker<uint32_t>(1500, 65535))
            .AddAttribute("MaxFlows",
                          "Packets held per hash bucket, one per flow (Linux MAX_GRO_SKBS = "
                          "8); a new flow in a full bucket flushes the bucket's oldest. "
                          "1..1024.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&GroEngine::m_maxFlows),
                          MakeUintegerChecker<uint32_t>(1, 1024))
            .AddAttribute("Buckets",
                          "Hash buckets of held packets (Linux GRO_HASH_BUCKETS = 8): a frame "
                          "goes to bucket (flow hash modulo Buckets). 1..64; 1 keeps MaxFlows "
                          "packets in all (the NIC's LRO engine).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&GroEngine::m_nBuckets),
                          MakeUintegerChecker<uint32_t>(1, 64))
            .AddAttribute("JiffyPeriod",
                          "Length of a jiffy, 1/HZ: a held packet's age is the jiffy it "
                          "started in, and FlushOld keeps the packets of the current jiffy. "
                          "Default 1 ms: HZ = 1000 (Fedora, RHEL). Must be > 0.",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&GroEngine::m_jiffy),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("PushBelow",
                          "A TCP segment with less payload than this many bytes is taken as the "
                          "last segment of a write, as if PSH were set, and not held. 0 = off "
                          "(default): PSH comes from the senders, which hostnet hosts set as "
                          "Linux does (TcpPushMarker). For senders that are plain ns-3 nodes, "
                          "whose TCP never sets PSH, set it to their SegmentSize: their "
                          "one-segment messages would otherwise wait for the end of the poll "
                          "or, with gro_flush_timeout, up to a jiffy.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&GroEngine::m_pushBelow),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

GroEngine::GroEngine()
{
    NS_LOG_FUNCTION(this);
}

GroEngine::~GroEngine()
{
    NS_LOG_FUNCTION(this);
}

GroEngine::Kind
GroEngine::Parse(const RxFrame& frame, SegmentInfo& info)
{
    if (frame.protocol != 0x0800 || frame.size < 40)
    {
        return Kind::OTHER;
    }
    // IPv4 header without options and the longest TCP header
    auto view = Ipv4TcpView::AtIpv4(*frame.packet, std::min<uint32_t>(80, frame.size));
    // IPv4 without options (Linux flushes on IP options), not a fragment, TCP.
    if (view.GetCopied() < 40 || !view.IsIpv4WithoutOptions() || view.GetProtocol() != IPV4_TCP ||
        view.IsFragment())
    {
        return Kind::OTHER;
    }
    info.src = view.GetSourceValue();
    info.dst = view.GetDestinationValue();
    info.srcPort = view.GetSourcePort();
    info.dstPort = view.GetDestinationPort();
    uint32_t total = view.GetTotalLength();
    uint32_t tcpLen = view.GetTcpHeaderBytes();
    if (tcpLen < 20 || 20 + tcpLen > view.GetCopied() || total > frame.size || total <= 20 + tcpLen)
    {
        return Kind::NO_MERGE; // malformed, or no payload (a pure ACK is never merged)
    }
    info.tos = view.GetTos();
    info.ttl = view.GetTtl();
    info.seq = view.GetSequenceNumber();
    info.ack = view.GetAckNumber();
    info.flags = view.GetTcpFlags();
    info.window = view.GetTcpWindow();
    info.optionBytes = tcpLen - 20;
    std::memcpy(info.options.data(), view.GetTcpOptions(info.optionBytes), info.optionBytes);
    info.headerBytes = view.GetHeaderBytes();
    info.payload = view.GetTcpPayloadSize();
    return Kind::SEGMENT;
}

int64_t
GroEngine::Jiffies() const
{
    return Simulator::Now().GetTimeStep() / m_jiffy.GetTimeStep();
}

Time
GroEngine::GetJiffyPeriod() const
{
    return m_jiffy;
}

GroEngine::Bucket&
GroEngine::GetBucket(uint32_t hash)
{
    if (m_held.size() != m_nBuckets)
    {
        NS_ASSERT(m_nHeld == 0);
        m_held.assign(m_nBuckets, Bucket());
    }
    return m_held[hash % m_nBuckets];
}

int
GroEngine::Find(const Bucket& bucket, const SegmentInfo& info)
{
    for (size_t i = 0; i < bucket.size(); ++i)
    {
        const SegmentInfo& h = bucket[i].info;
        if (h.src == info.src && h.dst == info.dst && h.srcPort == info.srcPort &&
            h.dstPort == info.dstPort)
        {
            return int(i);
        }
    }
    return -1;
}

void
GroEngine::Receive(RxFrame&& frame, RingFifo<RxFrame>& out)
{
    m_segments++;
    SegmentInfo info;
    Kind kind = Parse(frame, info);
    if (kind == Kind::OTHER)
    {
        m_packets++;
        out.push_back(std::move(frame));
        return;
    }
    Bucket& bucket = GetBucket(frame.hash);
    int index = Find(bucket, info);
    if (kind == Kind::NO_MERGE)
    {
        // tcp_gro_receive: a segment of a held flow that cannot join it flushes it first, so
        // the flow's segments go up in order (a pure ACK never overtakes held data).
        if (index >= 0)
        {
            Flush(bucket, index, out);
        }
        m_packets++;
        out.push_back(std::move(frame));
        return;
    }
    bool neverHeld = info.flags & (TCP_SYN | TCP_FIN | TCP_RST | TCP_URG | TCP_CWR);
    if (index >= 0)
    {
        Held& h = bucket[index];
        bool same =
            !neverHeld && info.seq == h.nextSeq && info.ack == h.info.ack &&
            info.tos == h.info.tos && info.ttl == h.info.ttl &&
            ((info.flags ^ h.info.flags) & ~TCP_PSH) == 0 &&
            info.optionBytes == h.info.optionBytes &&
            std::memcmp(info.options.data(), h.info.options.data(), info.optionBytes) == 0 &&
            info.payload <= h.info.payload && h.bytes + info.payload <= m_maxSize;
        if (same)
        {
            h.rest.push_back(frame.packet);
            h.nextSeq += info.payload;
            h.bytes += info.payload;
            h.info.window = info.window;
            h.info.flags |= info.flags;
            m_nHeld++;
            // A short segment or PSH ends the packet (tcp_gro_receive, out_check_final).
            if (info.payload < h.info.payload || (info.flags & TCP_PSH) ||
                info.payload < m_pushBelow)
            {
                Flush(bucket, index, out);
            }
            return;
        }
        NS_LOG_LOGIC("flow " << info.srcPort << " -> " << info.dstPort << ": not mergeable");
        Flush(bucket, index, out);
    }
    if (neverHeld || (info.flags & TCP_PSH) || info.payload < m_pushBelow)
    {
        m_packets++;
        out.push_back(std::move(frame));
        return;
    }
    if (bucket.size() >= m_maxFlows)
    {
        Flush(bucket, 0, out); // gro_flush_oldest
    }
    Held h;
    h.info = info;
    h.nextSeq = info.seq + info.payload;
    h.bytes = info.headerBytes + info.payload;
    h.first = std::move(frame);
    h.age = Jiffies();
    bucket.push_back(std::move(h));
    m_nHeld++;
}

void
GroEngine::Flush(Bucket& bucket, size_t index, RingFifo<RxFrame>& out)
{
    Held& h = bucket[index];
    RxFrame frame = std::move(h.first);
    m_nHeld -= 1 + h.rest.size();
    m_packets++;
    if (!h.rest.empty())
    {
        bool checksum = Node::ChecksumEnabled();
        Ptr<Packet> merged = frame.packet->Copy();
        Ipv4Header ip;
        TcpHeader tcp;
        merged->RemoveHeader(ip);
        merged->RemoveHeader(tcp);
        uint32_t firstPayload = h.info.payload;
        if (merged->GetSize() > firstPayload)
        {
            merged->RemoveAtEnd(merged->GetSize() - firstPayload); // link-layer padding
        }
        for (const auto& segment : h.rest)
        {
            Ptr<Packet> p = segment->Copy();
            Ipv4Header segmentIp;
            TcpHeader segmentTcp;
            p->RemoveHeader(segmentIp);
            p->RemoveHeader(segmentTcp);
            uint32_t payload = segmentIp.GetPayloadSize() - segmentTcp.GetSerializedSize();
            if (p->GetSize() > payload)
            {
                p->RemoveAtEnd(p->GetSize() - payload);
            }
            merged->AddAtEnd(p);
        }
        tcp.SetWindowSize(h.info.window);
        tcp.SetFlags(h.info.flags);
        if (checksum)
        {
            tcp.EnableChecksums();
            tcp.InitializeChecksum(ip.GetSource(), ip.GetDestination(), IPV4_TCP);
            ip.EnableChecksum();
        }
        merged->AddHeader(tcp);
        ip.SetPayloadSize(merged->GetSize());
        merged->AddHeader(ip);
        frame.segments = 1 + h.rest.size();
        frame.size = merged->GetSize();
        frame.packet = merged;
    }
    bucket.erase(bucket.begin() + index);
    out.push_back(std::move(frame));
}

void
GroEngine::FlushAll(RingFifo<RxFrame>& out)
{
    for (Bucket& bucket : m_held)
    {
        while (!bucket.empty())
        {
            Flush(bucket, 0, out);
        }
    }
}

void
GroEngine::FlushOld(RingFifo<RxFrame>& out)
{
    int64_t now = Jiffies();
    for (Bucket& bucket : m_held)
    {
        // __napi_gro_flush_chain: from the oldest, up to the first one of this jiffy.
        while (!bucket.empty() && bucket.front().age != now)
        {
            Flush(bucket, 0, out);
        }
    }
}

uint32_t
GroEngine::GetNHeld() const
{
    return m_nHeld;
}

uint64_t
GroEngine::GetSegments() const
{
    return m_segments;
}

uint64_t
GroEngine::GetPackets() const
{
    return m_packets;
}

void
GroEngine::ResetStats()
{
    m_segments = 0;
    m_packets = 0;
}

} // namespace ns3
