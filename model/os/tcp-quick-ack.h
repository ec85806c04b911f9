/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef TCP_QUICK_ACK_H
#define TCP_QUICK_ACK_H

#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/tcp-socket-base.h"

#include <cstdint>
#include <unordered_map>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Linux's acknowledgment rule for a packet of several segments, for ns-3's TCP.
 *
 * Linux acknowledges at once when more than one full-sized segment has arrived since the
 * last ACK (net/ipv4/tcp_input.c: __tcp_ack_snd_check), whatever the number of packets that
 * carried them, so a GRO or LRO packet of several segments is acknowledged when it arrives.
 * ns-3's TcpSocketBase counts packets instead (DelAckCount, 2): a merged packet counts once
 * and its ACK can wait for the delayed-ACK timer (40 ms under Linux timing), which stalls a
 * flow whose window is all in that packet. The device delivers a merged TCP packet between
 * Begin and End: Begin finds the receiving socket and sets its DelAckCount to 1, End puts
 * the socket's own value back.
 */
class TcpQuickAck
{
  public:
    /**
     * @brief Set the node whose sockets receive the packets.
     * @param node the node
     */
    void SetNode(Ptr<Node> node);

    /**
     * @brief A merged TCP packet is about to go up: acknowledge it at once.
     * @param packet the IPv4 packet (20-byte IPv4 header, then TCP)
     * @return the receiving connection (hand it to End), or nullptr if none was found
     */
    Ptr<TcpSocketBase> Begin(Ptr<const Packet> packet);

    /**
     * @brief The packet went up: restore the socket's DelAckCount.
     * @param socket what Begin returned (nullptr: nothing to do)
     */
    void End(Ptr<TcpSocketBase> socket);

    /** @brief Forget the node and the connections. */
    void Clear();

  private:
    /**
     * @brief Find the established socket of a connection.
     * @param peer the remote IPv4 address
     * @param peerPort the remote port
     * @param local the local IPv4 address
     * @param localPort the local port
     * @return the socket, or nullptr
     */
    Ptr<TcpSocketBase> Find(uint32_t peer, uint16_t peerPort, uint32_t local, uint16_t localPort);

    Ptr<Node> m_node; ///< the receiving node
    /// Connections seen, by (peer address, peer port, local port); the local address is checked.
    std::unordered_map<uint64_t, Ptr<TcpSocketBase>> m_sockets;
    uint32_t m_saved{2}; ///< DelAckCount of the socket between Begin and End
};

} // namespace ns3

#endif // TCP_QUICK_ACK_H
