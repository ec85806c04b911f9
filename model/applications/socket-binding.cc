/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "socket-binding.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv6-address.h"
#include "ns3/sink-application.h"
#include "ns3/socket.h"

namespace ns3
{

Address
SinkBindAddress(const Address& local, uint32_t port, const std::string& application)
{
    if (InetSocketAddress::IsMatchingType(local) || Inet6SocketAddress::IsMatchingType(local))
    {
        return local;
    }
    NS_ABORT_MSG_IF(port == 0 || port == SinkApplication::INVALID_PORT || port > 65535,
                    application << ": no port to listen on: Local is "
                                << (local.IsInvalid() ? "unset" : "an address without a port")
                                << " and Port is "
                                << (port == SinkApplication::INVALID_PORT ? std::string("unset")
                                                                          : std::to_string(port))
                                << "; set Local to a socket address (InetSocketAddress(address, "
                                   "port)) or Port to 1..65535");
    if (Ipv4Address::IsMatchingType(local))
    {
        return InetSocketAddress(Ipv4Address::ConvertFrom(local), port);
    }
    if (Ipv6Address::IsMatchingType(local))
    {
        return Inet6SocketAddress(Ipv6Address::ConvertFrom(local), port);
    }
    NS_ABORT_MSG_IF(!local.IsInvalid(),
                    application << ": Local must be an IPv4/IPv6 address or socket address");
    return InetSocketAddress(Ipv4Address::GetAny(), port);
}

int
BindSourceSocket(Ptr<Socket> socket, const Address& local, uint8_t tos)
{
    int bound = local.IsInvalid() ? socket->Bind() : socket->Bind(local);
    if (bound == 0 && tos != 0)
    {
        socket->SetIpTos(tos);
    }
    return bound;
}

} // namespace ns3
