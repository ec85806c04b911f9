/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "tcp-push-marker.h"

#include "host-net-stack.h"

#include "ns3/boolean.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-tcp-view.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/tcp-header.h"
#include "ns3/tcp-socket-base.h"
#include "ns3/tcp-tx-buffer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <deque>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpPushMarker");

NS_OBJECT_ENSURE_REGISTERED(TcpPushTag);
NS_OBJECT_ENSURE_REGISTERED(TcpPushMarker);

TypeId
TcpPushTag::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TcpPushTag")
                            .SetParent<Tag>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<TcpPushTag>();
    return tid;
}

TypeId
TcpPushTag::GetInstanceTypeId() const
{
    return GetTypeId();
}

uint32_t
TcpPushTag::GetSerializedSize() const
{
    return 0;
}

void
TcpPushTag::Serialize(TagBuffer) const
{
}

void
TcpPushTag::Deserialize(TagBuffer)
{
}

void
TcpPushTag::Print(std::ostream& os) const
{
    os << "PSH";
}

/**
 * @ingroup hostnet
 * What TcpPushMarker knows of one socket's send queue, aggregated to the socket (so it lives
 * and dies with it; a forked socket starts its own).
 */
class TcpPushSocketState : public Object
{
  public:
    /// @return the TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid =
            TypeId("ns3::TcpPushSocketState").SetParent<Object>().SetGroupName("Hostnet");
        return tid;
    }

    /**
     * The socket's RWND trace: the peer's largest window.
     * @param before the previous window
     * @param now the window
     */
    void WindowChanged(uint32_t before, uint32_t now)
    {
        maxWindow = std::max(maxWindow, now);
    }

    SequenceNumber32 tail;                   ///< write_seq as last seen
    SequenceNumber32 highTx;                 ///< highest sequence number sent
    SequenceNumber32 skbStart;               ///< first byte of the tail skb
    bool skbPush{false};                     ///< the tail skb ends a write (PSH on its last byte)
    SequenceNumber32 pushedSeq;              ///< write_seq at the last mark (tp->pushed_seq)
    uint32_t maxWindow{0};                   ///< largest window the peer offered (tp->max_window)
    uint32_t mss{0};                         ///< the socket's segment size
    Time instant{-1};                        ///< time of the writes last seen
    bool waiting{false};                     ///< older data waited for the window at that instant
    std::deque<SequenceNumber32> marks;      ///< unsent skb ends with PSH, before the tail skb
    std::deque<SequenceNumber32> sentPushes; ///< sent ends with PSH, not yet acknowledged
};

NS_OBJECT_ENSURE_REGISTERED(TcpPushSocketState);

TypeId
TcpPushMarker::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TcpPushMarker")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<TcpPushMarker>()
            .AddAttribute("Enabled",
                          "Set PSH where Linux's TCP sets it (the last segment of each send "
                          "call's skb, forced pushes), on the node's TCP sockets that "
                          "HostNetStack configured. false: ns-3's TCP as it is (no PSH).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&TcpPushMarker::m_enabled),
                          MakeBooleanChecker())
            .AddAttribute("GsoMaxSize",
                          "Largest skb tcp_sendmsg builds, bytes (the device's gso_max_size; "
                          "Linux: 65536): size_goal is the largest whole number of segments "
                          "in it less the headers (tcp_xmit_size_goal), at most half the "
                          "peer's largest window. A write joins the tail skb up to size_goal. "
                          "Must be >= 1.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&TcpPushMarker::m_gsoMaxSize),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

bool
TcpPushMarker::IsEnabled() const
{
    return m_enabled;
}

void
TcpPushMarker::Configure(Ptr<Socket> socket)
{
    Ptr<TcpSocketBase> tcp = DynamicCast<TcpSocketBase>(socket);
    if (!m_enabled || !tcp)
    {
        return;
    }
    // Disconnect first: configuring a socket twice must not mark its segments twice.
    auto sent = MakeCallback(&TcpPushMarker::SegmentSent, this);
    tcp->TraceDisconnectWithoutContext("Tx", sent);
    tcp->TraceConnectWithoutContext("Tx", sent);
    StateOf(*tcp); // watch the peer's window from the handshake on
}

void
TcpPushMarker::SendCallEnded(Ptr<Socket> socket)
{
    Ptr<TcpSocketBase> tcp = DynamicCast<TcpSocketBase>(socket);
    Ptr<Node> node = tcp ? tcp->GetNode() : nullptr;
    Ptr<HostNetStack> stack = node ? node->GetObject<HostNetStack>() : nullptr;
    Ptr<TcpPushMarker> marker = stack ? stack->GetPushMarker() : nullptr;
    if (marker && marker->m_enabled)
    {
        marker->Written(marker->StateOf(*tcp), *tcp);
    }
}

TcpPushSocketState&
TcpPushMarker::StateOf(const TcpSocketBase& socket) const
{
    Ptr<TcpPushSocketState> state = socket.GetObject<TcpPushSocketState>();
    if (!state)
    {
        state = CreateObject<TcpPushSocketState>();
        // Nothing before the oldest unacknowledged byte matters; what was written since is
        // taken as one write at the next look.
        SequenceNumber32 head = socket.GetTxBuffer()->HeadSequence();
        state->tail = head;
        state->highTx = head;
        state->skbStart = head;
        state->pushedSeq = head;
        UintegerValue mss;
        socket.GetAttribute("SegmentSize", mss);
        state->mss = std::max<uint32_t>(1, mss.Get());
        // The state is the socket's own: aggregating it and watching the peer's window
        // change nothing the socket does.
        auto& owner = const_cast<TcpSocketBase&>(socket);
        owner.AggregateObject(state);
        owner.TraceConnectWithoutContext(
            "RWND",
            MakeCallback(&TcpPushSocketState::WindowChanged, PeekPointer(state)));
    }
    return *state;
}

void
TcpPushMarker::Written(TcpPushSocketState& s, const TcpSocketBase& socket) const
{
    Ptr<TcpTxBuffer> buffer = socket.GetTxBuffer();
    SequenceNumber32 head = buffer->HeadSequence();
    if (head > s.tail)
    {
        // The handshake moved the buffer past the SYN (or the state began before it).
        s.tail = s.highTx = s.skbStart = s.pushedSeq = head;
    }
    SequenceNumber32 end = buffer->TailSequence();
    if (end <= s.tail)
    {
        return;
    }
    SequenceNumber32 begin = s.tail;
    Time now = Simulator::Now();
    if (now != s.instant)
    {
        s.instant = now;
        s.waiting = s.highTx < begin;
    }
    if (!(s.waiting && s.highTx < begin))
    {
        // The tail skb was sent (or, written in this instant with nothing older waiting,
        // would have been by Linux): the write starts an skb of its own.
        if (s.skbPush && s.highTx < begin)
        {
            s.marks.push_back(begin);
        }
        s.skbStart = begin;
    }
    s.skbPush = false; // the write continues the tail skb: its PSH goes (tcp_sendmsg_locked)
    // size_goal (tcp_xmit_size_goal): whole segments in gso_max_size less MAX_TCP_HEADER
    // (320 bytes), bounded to half the peer's largest window (tcp_bound_to_half_wnd).
    uint32_t goalBytes = m_gsoMaxSize > 321 ? m_gsoMaxSize - 321 : 1;
    if (s.maxWindow > 2 * s.mss)
    {
        goalBytes = std::min(goalBytes, s.maxWindow / 2);
    }
    uint32_t goal = std::max<uint32_t>(1, goalBytes / s.mss) * s.mss;
    while (end - s.skbStart > static_cast<int32_t>(goal))
    {
        // An skb filled up inside the write: PSH only on a forced push.
        SequenceNumber32 full = s.skbStart + goal;
        if (s.maxWindow > 0 && full - s.pushedSeq > static_cast<int32_t>(s.maxWindow / 2))
        {
            s.marks.push_back(full);
            s.pushedSeq = full;
        }
        s.skbStart = full;
    }
    s.skbPush = true; // tcp_push at the end of the write: tcp_mark_push
    s.pushedSeq = end;
    s.tail = end;
}

void
TcpPushMarker::SegmentSent(Ptr<const Packet> packet,
                           const TcpHeader& header,
                           Ptr<const TcpSocketBase> socket)
{
    uint32_t size = packet->GetSize();
    if (size == 0 || !socket)
    {
        return; // no data: SYN, ACK, FIN, RST
    }
    TcpPushSocketState& s = StateOf(*socket);
    Written(s, *socket); // writes the marker was not told of
    SequenceNumber32 first = header.GetSequenceNumber();
    SequenceNumber32 end = first + size;
    SequenceNumber32 una = socket->GetTxBuffer()->HeadSequence();
    while (!s.sentPushes.empty() && s.sentPushes.front() <= una)
    {
        s.sentPushes.pop_front();
    }
    bool push = false;
    if (first < s.highTx)
    {
        // A retransmission carries the PSH its bytes were sent with.
        for (const auto& sent : s.sentPushes)
        {
            push = push || (sent > first && sent <= end);
        }
    }
    while (!s.marks.empty() && s.marks.front() <= end)
    {
        push = push || s.marks.front() > first;
        s.marks.pop_front();
    }
    bool sendsTail = s.skbPush && end >= s.tail && s.highTx < s.tail;
    push = push || sendsTail;
    if (end > s.highTx)
    {
        s.highTx = end;
        if (push)
        {
            s.sentPushes.push_back(end);
        }
    }
    if (push)
    {
        NS_LOG_LOGIC("PSH on [" << first << ", " << end << ")");
        packet->AddPacketTag(TcpPushTag());
    }
}

bool
TcpPushMarker::ApplyTag(Ptr<Packet> packet)
{
    TcpPushTag tag;
    if (!packet->RemovePacketTag(tag))
    {
        return false;
    }
    // What Ipv4Header's PeekHeader accepts (version 4, a header length other than 0), carrying
    // TCP, the first fragment or none.
    auto view = Ipv4TcpView::AtIpv4(*packet, 20);
    if (view.GetCopied() < 20 || view.GetVersion() != 4 || view.GetIpHeaderBytes() == 0 ||
        view.GetProtocol() != 6 || view.GetFragmentOffset() != 0)
    {
        return false;
    }
    Ipv4Header ip;
    packet->RemoveHeader(ip);
    TcpHeader tcp;
    packet->RemoveHeader(tcp);
    tcp.SetFlags(tcp.GetFlags() | TcpHeader::PSH);
    if (Node::ChecksumEnabled())
    {
        // Headers read from a packet write no checksum unless told to compute one.
        tcp.InitializeChecksum(ip.GetSource(), ip.GetDestination(), 6);
        tcp.EnableChecksums();
        ip.EnableChecksum();
    }
    packet->AddHeader(tcp);
    packet->AddHeader(ip);
    return true;
}

} // namespace ns3
