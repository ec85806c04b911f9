/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef SOCKET_BINDING_H
#define SOCKET_BINDING_H

#include "ns3/address.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>

namespace ns3
{

class Socket;

/**
 * @ingroup hostnet
 * @brief The socket address a sink binds to, from ns-3's SinkApplication attributes, read as
 * ns-3's PacketSink reads them: a socket address in Local wins; an IPv4 or IPv6 address in
 * Local takes the Port attribute; no Local listens on every IPv4 address at Port.
 *
 * Aborts with a message naming @p application when neither Local nor Port names a port (a
 * sink on an ephemeral port would receive nothing).
 *
 * @param local the Local attribute
 * @param port the Port attribute (SinkApplication::INVALID_PORT or 0 when not set)
 * @param application the application's class name, for the message
 * @return the address to bind to
 */
Address SinkBindAddress(const Address& local, uint32_t port, const std::string& application);

/**
 * @ingroup hostnet
 * @brief Bind a source's socket as ns-3's SourceApplication attributes say: to Local when
 * it is set (else to any address and an ephemeral port), with Tos when it is not 0.
 *
 * @param socket the socket
 * @param local the Local attribute
 * @param tos the Tos attribute
 * @return 0 on success, -1 when the socket cannot bind to Local
 */
int BindSourceSocket(Ptr<Socket> socket, const Address& local, uint8_t tos);

} // namespace ns3

#endif // SOCKET_BINDING_H
