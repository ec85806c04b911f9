/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_TCP_TIMERS_H
#define HOST_TCP_TIMERS_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ptr.h"

namespace ns3
{

class Socket;

/**
 * @brief The TCP timers of a node's kernel that ns-3's TCP keeps per socket: Linux's
 * delayed-ACK and minimum RTO, given to the node's TCP sockets by hostnet's applications
 * and HostNetStack::ConfigureTcpSockets. The HostNetStack's TcpTimers attribute.
 * @ingroup hostnet
 *
 * Config path: /NodeList/[i]/$ns3::HostNetStack/TcpTimers/[attribute].
 */
class HostTcpTimers : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Give a socket the timers that are set (> 0); sockets without them (UDP) are
     * left alone.
     * @param socket the socket (may be null)
     */
    void ConfigureSocket(Ptr<Socket> socket) const;

  private:
    Time m_delAckTimeout; ///< delayed-ACK timeout, 0 = ns-3's (attribute)
    Time m_minRto;        ///< minimum RTO, 0 = ns-3's (attribute)
};

} // namespace ns3

#endif // HOST_TCP_TIMERS_H
