/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rss-hash.h"

#include "ipv4-tcp-view.h"

#include "ns3/abort.h"
#include "ns3/packet.h"

namespace ns3
{

/// The Microsoft RSS specification's key (also many drivers' default).
static const std::array<uint8_t, RssHash::KEY_SIZE> DEFAULT_KEY = {
    0x6d, 0x5a, 0x56, 0xda, 0x25, 0x5b, 0x0e, 0xc2, 0x41, 0x67, 0x25, 0x3d, 0x43, 0xa3,
    0x8f, 0xb0, 0xd0, 0xca, 0x2b, 0xcb, 0xae, 0x7b, 0x30, 0xb4, 0x77, 0xcb, 0x2d, 0xa3,
    0x80, 0x30, 0xf2, 0x0c, 0x6a, 0x42, 0xb7, 0x3b, 0xbe, 0xac, 0x01, 0xfa};

RssHash::RssHash()
    : m_key(DEFAULT_KEY)
{
    SetQueues(1);
}

void
RssHash::SetKey(const std::array<uint8_t, KEY_SIZE>& key)
{
    m_key = key;
}

void
RssHash::SetQueues(uint32_t queues, uint32_t tableSize)
{
    NS_ABORT_MSG_IF(queues < 1 || queues > 1024,
                    "RssHash: queues = " << queues << "; allowed: 1..1024");
    NS_ABORT_MSG_IF(tableSize < 1 || tableSize > 4096 || (tableSize & (tableSize - 1)) != 0,
                    "RssHash: indirection table size " << tableSize
                                                       << "; allowed: a power of two, 1..4096");
    m_table.resize(tableSize);
    for (uint32_t i = 0; i < tableSize; ++i)
    {
        m_table[i] = i % queues;
    }
}

void
RssHash::SetIndirectionTable(const std::vector<uint32_t>& table)
{
    NS_ABORT_MSG_IF(table.empty() || (table.size() & (table.size() - 1)) != 0,
                    "RssHash: indirection table size " << table.size()
                                                       << "; allowed: a power of two");
    m_table = table;
}

uint32_t
RssHash::Hash(const std::vector<uint8_t>& input) const
{
    return Hash(input.data(), input.size());
}

uint32_t
RssHash::Hash(const uint8_t* input, size_t size) const
{
    NS_ABORT_MSG_IF(size > KEY_SIZE - 4,
                    "RssHash: input of " << size << " bytes; at most " << KEY_SIZE - 4);
    // The 32-bit window of the key starting at the current input bit.
    uint32_t window = (uint32_t(m_key[0]) << 24) | (uint32_t(m_key[1]) << 16) |
                      (uint32_t(m_key[2]) << 8) | m_key[3];
    uint32_t result = 0;
    for (size_t i = 0; i < size; ++i)
    {
        for (int bit = 7; bit >= 0; --bit)
        {
            if (input[i] & (1u << bit))
            {
                result ^= window;
            }
            // Shift the next key bit in.
            window <<= 1;
            if (m_key[i + 4] & (1u << bit))
            {
                window |= 1;
            }
        }
    }
    return result;
}

namespace
{
/// The hash input of an IPv4 flow in network order: addresses (8 bytes), then ports.
std::array<uint8_t, 12>
FlowInput(Ipv4Address src, Ipv4Address dst, uint16_t srcPort, uint16_t dstPort)
{
    uint32_t s = src.Get();
    uint32_t d = dst.Get();
    return {uint8_t(s >> 24),
            uint8_t(s >> 16),
            uint8_t(s >> 8),
            uint8_t(s),
            uint8_t(d >> 24),
            uint8_t(d >> 16),
            uint8_t(d >> 8),
            uint8_t(d),
            uint8_t(srcPort >> 8),
            uint8_t(srcPort),
            uint8_t(dstPort >> 8),
            uint8_t(dstPort)};
}
} // namespace

uint32_t
RssHash::HashFlow(Ipv4Address src, Ipv4Address dst, uint16_t srcPort, uint16_t dstPort) const
{
    auto input = FlowInput(src, dst, srcPort, dstPort);
    return Hash(input.data(), input.size());
}

uint32_t
RssHash::HashAddresses(Ipv4Address src, Ipv4Address dst) const
{
    auto input = FlowInput(src, dst, 0, 0);
    return Hash(input.data(), 8);
}

uint32_t
RssHash::GetQueue(uint32_t hash) const
{
    return m_table[hash & (m_table.size() - 1)];
}

uint32_t
RssHash::GetQueue(Ptr<const Packet> packet) const
{
    return GetQueue(HashPacket(packet));
}

uint32_t
RssHash::HashPacket(Ptr<const Packet> packet) const
{
    // What Ipv4Header's PeekHeader accepts (version 4, a header length other than 0) with a
    // payload by the total length; the ports of a TCP or UDP datagram that is not a fragment
    // and holds them; the addresses only otherwise.
    if (packet->GetSize() < 20)
    {
        return 0;
    }
    auto view = Ipv4TcpView::AtIpv4(*packet, 64);
    uint32_t ipHeader = view.GetIpHeaderBytes();
    if (view.GetVersion() != 4 || ipHeader == 0 || view.GetTotalLength() == ipHeader)
    {
        return 0;
    }
    uint8_t protocol = view.GetProtocol();
    if ((protocol == 6 || protocol == 17) && !view.IsFragment() &&
        packet->GetSize() >= ipHeader + 4)
    {
        return HashFlow(view.GetSource(),
                        view.GetDestination(),
                        view.GetSourcePort(),
                        view.GetDestinationPort());
    }
    return HashAddresses(view.GetSource(), view.GetDestination());
}

} // namespace ns3
