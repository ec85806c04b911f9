/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "tcp-quick-ack.h"

#include "ns3/inet-socket-address.h"
#include "ns3/ipv4-tcp-view.h"
#include "ns3/log.h"
#include "ns3/object-vector.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TcpQuickAck");

namespace
{
/// @return the DelAckCount attribute of TcpSocket (looked up once)
const TypeId::AttributeInformation&
DelAckCount()
{
    static TypeId::AttributeInformation info = [] {
        TypeId::AttributeInformation i;
        bool found = TcpSocket::GetTypeId().LookupAttributeByName("DelAckCount", &i);
        NS_ABORT_MSG_UNLESS(found, "TcpQuickAck: ns3::TcpSocket has no DelAckCount");
        return i;
    }();
    return info;
}
} // namespace

void
TcpQuickAck::SetNode(Ptr<Node> node)
{
    m_node = node;
}

void
TcpQuickAck::Clear()
{
    m_sockets.clear();
    m_node = nullptr;
}

Ptr<TcpSocketBase>
TcpQuickAck::Begin(Ptr<const Packet> packet)
{
    if (!m_node)
    {
        return nullptr;
    }
    // IPv4 without options carrying TCP (fragments not told apart), its ports copied.
    auto view = Ipv4TcpView::AtIpv4(*packet, 24);
    if (view.GetCopied() != 24 || !view.IsIpv4WithoutOptions() || view.GetProtocol() != 6)
    {
        return nullptr;
    }
    Ptr<TcpSocketBase> socket = Find(view.GetSourceValue(),
                                     view.GetSourcePort(),
                                     view.GetDestinationValue(),
                                     view.GetDestinationPort());
    if (!socket)
    {
        return nullptr;
    }
    UintegerValue count;
    DelAckCount().accessor->Get(PeekPointer(socket), count);
    m_saved = count.Get();
    if (m_saved <= 1)
    {
        return nullptr; // acknowledges every packet already
    }
    DelAckCount().accessor->Set(PeekPointer(socket), UintegerValue(1));
    return socket;
}

void
TcpQuickAck::End(Ptr<TcpSocketBase> socket)
{
    if (socket)
    {
        DelAckCount().accessor->Set(PeekPointer(socket), UintegerValue(m_saved));
    }
}

Ptr<TcpSocketBase>
TcpQuickAck::Find(uint32_t peer, uint16_t peerPort, uint32_t local, uint16_t localPort)
{
    uint64_t key = (uint64_t(peer) << 32) | (uint64_t(peerPort) << 16) | localPort;
    auto matches = [&](const Ptr<TcpSocketBase>& s) {
        Address name;
        Address peerName;
        if (s->GetSockName(name) != 0 || s->GetPeerName(peerName) != 0 ||
            !InetSocketAddress::IsMatchingType(name) ||
            !InetSocketAddress::IsMatchingType(peerName))
        {
            return false;
        }
        InetSocketAddress me = InetSocketAddress::ConvertFrom(name);
        InetSocketAddress them = InetSocketAddress::ConvertFrom(peerName);
        return me.GetPort() == localPort && them.GetPort() == peerPort &&
               them.GetIpv4().Get() == peer &&
               (me.GetIpv4().Get() == local || me.GetIpv4().IsAny());
    };
    auto it = m_sockets.find(key);
    if (it != m_sockets.end() && matches(it->second))
    {
        return it->second;
    }
    Ptr<TcpL4Protocol> tcp = m_node->GetObject<TcpL4Protocol>();
    if (!tcp)
    {
        return nullptr;
    }
    // A miss (a connection not seen yet): index every connected socket in one pass, so a
    // server with thousands of connections pays one pass per new connection, not one per
    // socket and lookup.
    ObjectVectorValue sockets;
    tcp->GetAttribute("SocketList", sockets);
    for (auto s = sockets.Begin(); s != sockets.End(); ++s)
    {
        auto socket = DynamicCast<TcpSocketBase>(s->second);
        Address name;
        Address peerName;
        if (!socket || socket->GetSockName(name) != 0 || socket->GetPeerName(peerName) != 0 ||
            !InetSocketAddress::IsMatchingType(name) ||
            !InetSocketAddress::IsMatchingType(peerName))
        {
            continue;
        }
        InetSocketAddress me = InetSocketAddress::ConvertFrom(name);
        InetSocketAddress them = InetSocketAddress::ConvertFrom(peerName);
        m_sockets[(uint64_t(them.GetIpv4().Get()) << 32) | (uint64_t(them.GetPort()) << 16) |
                  me.GetPort()] = socket;
    }
    it = m_sockets.find(key);
    if (it != m_sockets.end() && matches(it->second))
    {
        return it->second;
    }
    NS_LOG_LOGIC("no established socket for a merged packet to port " << localPort);
    return nullptr;
}

} // namespace ns3
