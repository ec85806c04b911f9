/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RFS_FLOW_TABLE_H
#define RFS_FLOW_TABLE_H

#include "ns3/ipv4-address.h"
#include "ns3/object.h"
#include "ns3/rss-hash.h"

#include <vector>

namespace ns3
{

class Node;
class Socket;

/**
 * @ingroup hostnet
 * @brief A node's RFS socket flow table (rps_sock_flow_table): for each flow hash, the
 * core on which the application consuming that flow last read from its socket.
 *
 * Applications that run as HostCpu tasks (HostSinkApplication) record their connected
 * sockets' flows at every read (sock_rps_record_flow); a HostNetDevice with RxSteering
 * "rfs" looks the flow of a received packet up to steer its protocol processing to that
 * core. Entries are indexed by hash & (Entries - 1), so flows may collide as in Linux. The
 * flow hash is the Toeplitz hash with the default key (RssHash), the hash the NIC computes.
 */
class RfsFlowTable : public Object
{
  public:
    /// Lookup result for a hash without a recorded core.
    static constexpr uint32_t NO_CORE = 0xffffffff;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    RfsFlowTable();
    ~RfsFlowTable() override;

    /**
     * @brief Get the table of a node.
     * @param node a node
     * @return the node's table, created and aggregated on first use
     */
    static Ptr<RfsFlowTable> GetOrCreate(Ptr<Node> node);

    /**
     * @brief Record the core of a flow's consumer.
     * @param hash the flow hash of the flow's received packets
     * @param core the core the application read on
     */
    void Record(uint32_t hash, uint32_t core);

    /**
     * @brief Record the core of the application reading from a connected IPv4 socket.
     * @param socket the socket (ignored unless connected, IPv4, with a peer)
     * @param core the core the application read on
     */
    void RecordSocket(Ptr<Socket> socket, uint32_t core);

    /**
     * @brief Look up the consumer core of a flow.
     * @param hash a flow hash
     * @return the core recorded for it, or NO_CORE
     */
    uint32_t Lookup(uint32_t hash) const;

    /**
     * @brief Compute the receive flow hash of a socket.
     * @param socket a connected IPv4 socket
     * @param hash set to the hash of the packets the socket receives
     * @return false if the socket is not a connected IPv4 socket
     */
    static bool SocketFlowHash(Ptr<Socket> socket, uint32_t& hash);

  protected:
    void DoDispose() override;

  private:
    uint32_t m_entries{32768};    ///< rps_sock_flow_entries (attribute)
    std::vector<uint32_t> m_core; ///< core per entry (NO_CORE: none), allocated on first use
};

} // namespace ns3

#endif // RFS_FLOW_TABLE_H
