/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef MESSAGE_SOCKET_H
#define MESSAGE_SOCKET_H

#include "request-response-header.h"

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"
#include "ns3/socket.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Whole request/response messages over a TCP or UDP socket.
 *
 * Over TCP (a stream) it queues outgoing messages and writes them as the socket's send
 * buffer allows, and reassembles incoming messages from any segmentation; over UDP each
 * datagram is one message. Used by RequestResponseClient and RequestResponseServer.
 */
class MessageSocket : public SimpleRefCount<MessageSocket>
{
  public:
    /// Called for each whole message received: the socket, the header, the sender.
    typedef Callback<void, Ptr<MessageSocket>, const RequestResponseHeader&, const Address&>
        MessageCallback;

    /**
     * @brief Wrap a socket.
     * @param socket a connected or accepted TCP socket, or a bound UDP socket
     * @param stream true for TCP
     * @param received called for each whole message
     */
    MessageSocket(Ptr<Socket> socket, bool stream, MessageCallback received);

    /**
     * @brief Send one message (header plus padding to its message size).
     * @param header the message's header
     * @param to destination (UDP; ignored for TCP)
     */
    void Send(const RequestResponseHeader& header, const Address& to);

    /** @return the socket */
    Ptr<Socket> GetSocket() const;

    /** @return bytes queued but not yet accepted by the TCP socket */
    uint32_t GetPendingTx() const;

    /** @brief Write queued bytes now (e.g. when a TCP connection comes up). */
    void Flush();

    /** @brief Close the socket and drop the callbacks (breaks the reference cycle). */
    void Close();

  private:
    /// Data arrived on the socket.
    void Receive(Ptr<Socket> socket);
    /// Write queued bytes as the send buffer allows (the socket's send callback).
    void SendReady(Ptr<Socket> socket, uint32_t available);

    Ptr<Socket> m_socket;       ///< the socket
    bool m_stream;              ///< TCP
    MessageCallback m_received; ///< per whole message
    Ptr<Packet> m_rx;           ///< bytes received, not yet a whole message (TCP)
    Ptr<Packet> m_tx;           ///< bytes queued for the socket (TCP)
};

} // namespace ns3

#endif // MESSAGE_SOCKET_H
