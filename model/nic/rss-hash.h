/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RSS_HASH_H
#define RSS_HASH_H

#include "ns3/ipv4-address.h"
#include "ns3/ptr.h"

#include <array>
#include <cstdint>
#include <vector>

namespace ns3
{

class Packet;

/**
 * @ingroup hostnet
 * @brief Receive-side scaling: the Toeplitz hash of a flow and the indirection table that maps
 *        it to a receive queue, as NICs compute them (Microsoft RSS specification).
 *
 * The hash covers source address, destination address, source port and destination port in
 * network order (IPv4 with TCP or UDP; IPv4 addresses only for other protocols), with a
 * 40-byte secret key (default: the specification's key, which Linux's ethtool shows for many
 * drivers). The queue is the indirection table's entry at the hash's low bits; the default
 * table of 128 entries spreads them round robin over the queues (ethtool -X equal). One flow
 * always gets one queue; distinct flows spread evenly.
 *
 * HostNetDevice uses it to pick the receive queue of a frame (NQueues > 1) and, with RPS or
 * RFS, the core of its protocol processing.
 */
class RssHash
{
  public:
    /// Bytes of the Toeplitz key.
    static constexpr size_t KEY_SIZE = 40;

    /** @brief The specification's default key and a 128-entry table over one queue. */
    RssHash();

    /**
     * @brief Set the secret key.
     * @param key the 40-byte secret key
     */
    void SetKey(const std::array<uint8_t, KEY_SIZE>& key);

    /**
     * @brief Spread the indirection table round robin over @p queues queues.
     * @param queues number of receive queues (1..1024)
     * @param tableSize entries (a power of two, 1..4096; 128 by default)
     */
    void SetQueues(uint32_t queues, uint32_t tableSize = 128);

    /**
     * @brief Set the indirection table explicitly.
     * @param table explicit indirection table (a power-of-two size; entries are queues)
     */
    void SetIndirectionTable(const std::vector<uint32_t>& table);

    /**
     * @brief Toeplitz hash of a byte vector.
     * @return the Toeplitz hash of an arbitrary input
     * @param input bytes in network order (at most KEY_SIZE - 4)
     */
    uint32_t Hash(const std::vector<uint8_t>& input) const;

    /**
     * @brief Toeplitz hash of a byte buffer.
     * @return the Toeplitz hash of an arbitrary input
     * @param input bytes in network order
     * @param size bytes of input (at most KEY_SIZE - 4)
     */
    uint32_t Hash(const uint8_t* input, size_t size) const;

    /**
     * @brief Hash an IPv4 TCP or UDP flow (addresses and ports).
     * @return the hash of an IPv4 flow with ports (TCP or UDP)
     * @param src source address
     * @param dst destination address
     * @param srcPort source port
     * @param dstPort destination port
     */
    uint32_t HashFlow(Ipv4Address src, Ipv4Address dst, uint16_t srcPort, uint16_t dstPort) const;

    /**
     * @brief Hash an IPv4 packet by its addresses.
     * @return the hash of an IPv4 packet without ports (addresses only)
     * @param src source address
     * @param dst destination address
     */
    uint32_t HashAddresses(Ipv4Address src, Ipv4Address dst) const;

    /**
     * @brief Look a hash up in the indirection table.
     * @param hash a flow hash
     * @return the receive queue of that hash
     */
    uint32_t GetQueue(uint32_t hash) const;

    /**
     * @brief Get the receive queue of a packet.
     * @param packet an IPv4 packet (header first), as a NIC sees it after the link header
     * @return the receive queue of its flow (TCP/UDP: 4-tuple; other: addresses; non-IPv4: 0)
     */
    uint32_t GetQueue(Ptr<const Packet> packet) const;

    /**
     * @brief Hash a packet as the NIC does.
     * @param packet an IPv4 packet (header first)
     * @return the hash of its flow (TCP/UDP: 4-tuple; other IPv4: addresses; non-IPv4: 0)
     */
    uint32_t HashPacket(Ptr<const Packet> packet) const;

  private:
    std::array<uint8_t, KEY_SIZE> m_key; ///< secret key
    std::vector<uint32_t> m_table;       ///< indirection table
};

} // namespace ns3

#endif // RSS_HASH_H
