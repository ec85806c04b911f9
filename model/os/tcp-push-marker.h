/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef TCP_PUSH_MARKER_H
#define TCP_PUSH_MARKER_H

#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/sequence-number.h"
#include "ns3/tag.h"

#include <cstdint>

namespace ns3
{

class Socket;
class TcpHeader;
class TcpPushSocketState;
class TcpSocketBase;

/**
 * @ingroup hostnet
 * @brief A packet tag on a TCP segment whose header must carry PSH: TcpPushMarker puts it
 * on the segment as the socket sends it, the HostNetDevice that transmits the segment
 * removes it and sets the flag (ns-3's TCP builds its headers without PSH and offers no
 * hook between the two).
 */
class TcpPushTag : public Tag
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    TypeId GetInstanceTypeId() const override;
    uint32_t GetSerializedSize() const override;
    void Serialize(TagBuffer i) const override;
    void Deserialize(TagBuffer i) override;
    void Print(std::ostream& os) const override;
};

/**
 * @ingroup hostnet
 * @brief Where Linux's TCP sets PSH, for the TCP sockets of a node: the HostNetStack's
 * PushMarker attribute.
 *
 * ns-3's TCP never sets PSH; Linux sets it, and GRO flushes a flow on it (tcp_gro_receive:
 * "flush |= (__force int)(flags & (TCP_FLAG_URG | TCP_FLAG_PSH | TCP_FLAG_RST |
 * TCP_FLAG_SYN | TCP_FLAG_FIN));"), so without it a receiver whose NAPI context keeps
 * polling (deferral, busy polling, IRQ suspension) holds segments until they are a jiffy
 * old. This object follows tcp_sendmsg_locked's skbs per socket:
 * - a write (send call) appends to the tail skb while it is unsent and has room
 *   (size_goal bytes: the largest whole number of segments in GsoMaxSize less the
 *   headers, at most half the peer's largest window), and clears that skb's PSH
 *   ("if (!copied) TCP_SKB_CB(skb)->tcp_flags &= ~TCPHDR_PSH");
 * - at the end of every write, tcp_push marks the tail skb (tcp_mark_push: PSH, pushed_seq
 *   = write_seq);
 * - an skb that fills up inside a write gets PSH only when more than half the peer's
 *   largest window was written since the last mark (forced_push);
 * - when the stack sends an skb, PSH goes on its last segment (tso_fragment leaves it on
 *   the part that holds the skb's end); a retransmission carries the PSH its data had.
 *
 * ns-3's TCP sends one time step after a write (SendPendingData), while Linux's
 * tcp_sendmsg transmits at once when the window allows: writes made in one instant while
 * nothing older waited for the window are therefore taken as separate skbs (each sent
 * before the next write, as Linux would), and writes made while older data waited join the
 * tail skb.
 *
 * The marker learns of a write in two ways. hostnet's applications call SendCallEnded
 * after each Send: every send call's end is known. For other applications (ns-3's
 * BulkSend, OnOff) it sees the send buffer's tail move when the socket transmits: the writes
 * made since then count as one, ending at the tail, which is exact when the application
 * writes once between two transmissions (OnOff) and joins writes otherwise (BulkSend's
 * SendSize chunks while the window is closed, which Linux joins in one skb anyway).
 * Sockets are watched once Configure ran on them: HostNetStack::ConfigureSocket (hostnet's
 * applications) and HostNetStack::ConfigureTcpSockets (the others); accepted sockets
 * inherit it from their listener.
 *
 * The peer's largest window is what the socket's RWND trace showed since Configure (or, for
 * an accepted socket, since its first transmission: a window that never changes after the
 * handshake is then unknown, and its forced pushes and half-window bound are off).
 *
 * The flag reaches the wire when a HostNetDevice sends the segment (TcpPushTag): a plain
 * ns-3 device sends it without PSH. Enabled false keeps ns-3's TCP as it is.
 *
 * Config path: /NodeList/[i]/$ns3::HostNetStack/PushMarker/[attribute].
 */
class TcpPushMarker : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Watch a socket's transmissions (idempotent; not a TCP socket: nothing).
     * @param socket the socket
     */
    void Configure(Ptr<Socket> socket);

    /**
     * @brief An application's send call on @p socket ended (call it after each Send that
     * queued data): its last byte ends the tail skb. Sockets of a node without a
     * HostNetStack, non-TCP sockets and a disabled marker are left alone.
     * @param socket the socket written to
     */
    static void SendCallEnded(Ptr<Socket> socket);

    /**
     * @brief Set PSH on a packet's TCP header if it carries a TcpPushTag (the tag is
     * removed): what HostNetDevice does to every packet it sends.
     * @param packet an IPv4 packet
     * @return true if the header was changed
     */
    static bool ApplyTag(Ptr<Packet> packet);

    /// @return the Enabled attribute
    bool IsEnabled() const;

  private:
    /// @return the state of @p socket (created on first use)
    TcpPushSocketState& StateOf(const TcpSocketBase& socket) const;
    /// Take the writes made to @p socket since the state last saw its send buffer's tail.
    void Written(TcpPushSocketState& state, const TcpSocketBase& socket) const;
    /// The socket's Tx trace: decide PSH for the segment it sends.
    void SegmentSent(Ptr<const Packet> packet,
                     const TcpHeader& header,
                     Ptr<const TcpSocketBase> socket);

    bool m_enabled{true};         ///< Enabled (attribute)
    uint32_t m_gsoMaxSize{65536}; ///< GsoMaxSize (attribute)
};

} // namespace ns3

#endif // TCP_PUSH_MARKER_H
