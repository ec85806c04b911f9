/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-tcp-timers.h"

#include "ns3/nstime.h"
#include "ns3/socket.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(HostTcpTimers);

TypeId
HostTcpTimers::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostTcpTimers")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostTcpTimers>()
            .AddAttribute(
                "DelAckTimeout",
                "Delayed-ACK timeout given to the node's TCP sockets (TcpSocket::DelAckTimeout) "
                "by hostnet's applications and ConfigureTcpSockets. Linux delays an ACK by "
                "TCP_DELACK_MIN = HZ/25 = 40 ms at least (tcp_send_delayed_ack; the modern "
                "presets set 40 ms); ns-3's own default is 200 ms. 0 (default) leaves the "
                "socket's value. Must be >= 0.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&HostTcpTimers::m_delAckTimeout),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "MinRto",
                "Minimum retransmission timeout given to the node's TCP sockets "
                "(TcpSocketBase::MinRto) with DelAckTimeout. Linux: TCP_RTO_MIN = HZ/5 = "
                "200 ms (the modern presets); ns-3's own default is 1 s. 0 (default) leaves "
                "the socket's value. Must be >= 0.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&HostTcpTimers::m_minRto),
                MakeTimeChecker(Time(0)));
    return tid;
}

void
HostTcpTimers::ConfigureSocket(Ptr<Socket> socket) const
{
    // SetAttributeFailSafe: sockets without these attributes (UDP) are left alone.
    if (socket && m_delAckTimeout.IsStrictlyPositive())
    {
        socket->SetAttributeFailSafe("DelAckTimeout", TimeValue(m_delAckTimeout));
    }
    if (socket && m_minRto.IsStrictlyPositive())
    {
        socket->SetAttributeFailSafe("MinRto", TimeValue(m_minRto));
    }
}

} // namespace ns3
