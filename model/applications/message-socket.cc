/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "message-socket.h"

#include "ns3/log.h"
#include "ns3/tcp-push-marker.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MessageSocket");

MessageSocket::MessageSocket(Ptr<Socket> socket, bool stream, MessageCallback received)
    : m_socket(socket),
      m_stream(stream),
      m_received(received),
      m_rx(Create<Packet>()),
      m_tx(Create<Packet>())
{
    m_socket->SetRecvCallback(MakeCallback(&MessageSocket::Receive, this));
    if (m_stream)
    {
        m_socket->SetSendCallback(MakeCallback(&MessageSocket::SendReady, this));
    }
}

Ptr<Socket>
MessageSocket::GetSocket() const
{
    return m_socket;
}

uint32_t
MessageSocket::GetPendingTx() const
{
    return m_tx->GetSize();
}

void
MessageSocket::Send(const RequestResponseHeader& header, const Address& to)
{
    Ptr<Packet> message = header.MakeMessage();
    if (!m_stream)
    {
        if (m_socket->SendTo(message, 0, to) < 0)
        {
            NS_LOG_LOGIC("datagram " << header.GetId() << " refused by the socket");
        }
        return;
    }
    m_tx->AddAtEnd(message);
    Flush();
}

void
MessageSocket::SendReady(Ptr<Socket> socket, uint32_t available)
{
    Flush();
}

void
MessageSocket::Flush()
{
    while (m_socket && m_stream && m_tx->GetSize() > 0)
    {
        uint32_t n = std::min(m_tx->GetSize(), m_socket->GetTxAvailable());
        if (n == 0)
        {
            return; // the send callback resumes when the buffer drains
        }
        int sent = m_socket->Send(m_tx->CreateFragment(0, n));
        if (sent <= 0)
        {
            return; // not connected yet: the connect callback flushes
        }
        TcpPushMarker::SendCallEnded(m_socket);
        m_tx->RemoveAtStart(sent);
    }
}

void
MessageSocket::Receive(Ptr<Socket> socket)
{
    Address from;
    Ptr<MessageSocket> self(this);
    while (Ptr<Packet> p = socket->RecvFrom(from))
    {
        if (!m_stream)
        {
            RequestResponseHeader header;
            if (p->GetSize() >= RequestResponseHeader::SIZE)
            {
                p->PeekHeader(header);
                m_received(self, header, from);
            }
            continue;
        }
        m_rx->AddAtEnd(p);
    }
    RequestResponseHeader header;
    while (m_stream && RequestResponseHeader::Extract(m_rx, header))
    {
        m_received(self, header, from);
    }
}

void
MessageSocket::Close()
{
    if (m_socket)
    {
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
        m_socket->Close();
        m_socket = nullptr;
    }
    m_received = MessageCallback();
}

} // namespace ns3
