/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rfs-flow-table.h"

#include "ns3/abort.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/socket.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RfsFlowTable");

NS_OBJECT_ENSURE_REGISTERED(RfsFlowTable);

TypeId
RfsFlowTable::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RfsFlowTable")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<RfsFlowTable>()
            .AddAttribute("Entries",
                          "Entries of the table (net.core.rps_sock_flow_entries; the kernel "
                          "documentation suggests 32768). A power of two, 1..1048576.",
                          UintegerValue(32768),
                          MakeUintegerAccessor(&RfsFlowTable::m_entries),
                          MakeUintegerChecker<uint32_t>(1, 1 << 20));
    return tid;
}

RfsFlowTable::RfsFlowTable()
{
    NS_LOG_FUNCTION(this);
}

RfsFlowTable::~RfsFlowTable()
{
    NS_LOG_FUNCTION(this);
}

void
RfsFlowTable::DoDispose()
{
    m_core.clear();
    Object::DoDispose();
}

Ptr<RfsFlowTable>
RfsFlowTable::GetOrCreate(Ptr<Node> node)
{
    Ptr<RfsFlowTable> table = node->GetObject<RfsFlowTable>();
    if (!table)
    {
        table = CreateObject<RfsFlowTable>();
        node->AggregateObject(table);
    }
    return table;
}

void
RfsFlowTable::Record(uint32_t hash, uint32_t core)
{
    if (m_core.empty())
    {
        NS_ABORT_MSG_IF((m_entries & (m_entries - 1)) != 0,
                        "RfsFlowTable::Entries = " << m_entries
                                                   << "; allowed: a power of two, 1..1048576");
        m_core.assign(m_entries, NO_CORE);
    }
    m_core[hash & (m_entries - 1)] = core;
}

uint32_t
RfsFlowTable::Lookup(uint32_t hash) const
{
    return m_core.empty() ? NO_CORE : m_core[hash & (m_entries - 1)];
}

bool
RfsFlowTable::SocketFlowHash(Ptr<Socket> socket, uint32_t& hash)
{
    Address local;
    Address peer;
    if (!socket || socket->GetSockName(local) != 0 || socket->GetPeerName(peer) != 0 ||
        !InetSocketAddress::IsMatchingType(local) || !InetSocketAddress::IsMatchingType(peer))
    {
        return false;
    }
    InetSocketAddress l = InetSocketAddress::ConvertFrom(local);
    InetSocketAddress p = InetSocketAddress::ConvertFrom(peer);
    static const RssHash toeplitz; // the default key, as HostNetDevice's RSS uses
    // Received packets travel from the peer to us.
    hash = toeplitz.HashFlow(p.GetIpv4(), l.GetIpv4(), p.GetPort(), l.GetPort());
    return true;
}

void
RfsFlowTable::RecordSocket(Ptr<Socket> socket, uint32_t core)
{
    uint32_t hash = 0;
    if (SocketFlowHash(socket, hash))
    {
        Record(hash, core);
    }
}

} // namespace ns3
