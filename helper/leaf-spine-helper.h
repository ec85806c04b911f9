/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LEAF_SPINE_HELPER_H
#define LEAF_SPINE_HELPER_H

#include "host-net-device-helper.h"

#include "ns3/ipv4-address.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/point-to-point-helper.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Builds a two-tier leaf-spine fabric whose servers are hostnet hosts.
 *
 * Every host is a node with the Internet stack, one point-to-point link to its leaf and a
 * HostNetDevice (with its HostCpu) wrapping the host end of that link; the HostNetDevice is
 * configured by the HostNetDeviceHelper given to SetHostNetDeviceHelper (a scheme preset, ring,
 * CPU attributes). Leaves and spines are IPv4 routers (ns-3 nodes with the Internet stack and
 * plain point-to-point devices); every leaf has one link to every spine.
 *
 * Addressing: host h of leaf l has 10.l.h.1/24 on its access link (the leaf end is 10.l.h.2),
 * so at most 254 leaves and 254 hosts per leaf; fabric links use 172.16.0.0/12, a /30 each.
 *
 * Routing is static and per-destination ECMP: a leaf sends traffic for host h of another leaf
 * through spine (l * hostsPerLeaf + h) mod spines, a spine sends traffic for leaf l's hosts
 * down to leaf l. Every flow therefore stays on one path, as with a flow-hashing switch, and the
 * hosts of a leaf spread evenly over the spines. ns-3's global routing only offers per-packet
 * random ECMP (Ipv4GlobalRouting::RandomEcmpRouting), which reorders TCP segments; a 5-tuple hash
 * would spread the flows of one destination too, which matters only when a few destinations
 * carry most of the traffic.
 *
 * Switch ports are output-queued: the point-to-point device queue of each switch port (size
 * SetSwitchQueueSize) with no queue disc above it, so the switches drop tail like a shallow-
 * buffered data-centre switch. The hosts keep the default queue disc of the Internet stack.
 */
class LeafSpineHelper
{
  public:
    LeafSpineHelper();

    /**
     * @brief Set the shape of the fabric.
     * @param spines number of spine switches (>= 1)
     * @param leaves number of leaf switches (1..254)
     * @param hostsPerLeaf hosts under each leaf (1..254)
     */
    void SetShape(uint32_t spines, uint32_t leaves, uint32_t hostsPerLeaf);

    /**
     * @brief Set an attribute of the host-leaf point-to-point links (DataRate on the devices,
     *        Delay on the channel).
     * @param name "DataRate" or "Delay"
     * @param value its value
     */
    void SetHostLinkAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set an attribute of the leaf-spine links ("DataRate" or "Delay").
     * @param name attribute name
     * @param value its value
     */
    void SetFabricLinkAttribute(const std::string& name, const AttributeValue& value);

    /**
     * @brief Set the drop-tail queue size of every switch port, e.g. "100p" or "150KB".
     * @param size the queue size
     */
    void SetSwitchQueueSize(const std::string& size);

    /**
     * @brief Set how the hosts' HostNetDevices are made (scheme, rings, CPU).
     * @param helper a configured helper; it is copied
     */
    void SetHostNetDeviceHelper(const HostNetDeviceHelper& helper);

    /**
     * @brief Choose how the fabric routes.
     *
     * "static" (the default): the per-destination static routes described above, one path
     * per destination host. "global": ns-3's global routing
     * (Ipv4GlobalRoutingHelper::PopulateRoutingTables, through the hostnet hosts): one /24
     * route per subnet from SPF, a single path per destination unless
     * ns3::Ipv4GlobalRouting::RandomEcmpRouting is set, which spreads packets (not flows)
     * over the spines and reorders TCP.
     * @param routing "static" or "global"
     */
    void SetRouting(const std::string& routing);

    /**
     * @brief Create the nodes, links, stacks, addresses and routes.
     *
     * Call once, before installing applications.
     */
    void Install();

    /** @return the hosts, leaf by leaf (host h of leaf l is at index l * hostsPerLeaf + h) */
    NodeContainer GetHosts() const;
    /** @return the leaf switches */
    NodeContainer GetLeaves() const;
    /** @return the spine switches */
    NodeContainer GetSpines() const;
    /** @return the hosts' HostNetDevices, in the order of GetHosts */
    NetDeviceContainer GetHostDevices() const;
    /** @return the leaf switches' ports (towards hosts and towards spines) */
    NetDeviceContainer GetLeafPorts() const;
    /** @return the spine switches' ports */
    NetDeviceContainer GetSpinePorts() const;
    /**
     * @param host index in GetHosts
     * @return the host's IPv4 address
     */
    Ipv4Address GetHostAddress(uint32_t host) const;
    /**
     * @param host index in GetHosts
     * @return the leaf the host hangs off
     */
    uint32_t GetLeafOf(uint32_t host) const;
    /** @return the number of hosts */
    uint32_t GetNHosts() const;

    /**
     * @return packets the leaf switches dropped since Install or ResetSwitchStats: arrivals at a
     *         full output port (counted by the port's queue, or by the node's traffic-control
     *         layer when the port has stopped its queue)
     */
    uint64_t GetLeafDrops() const;
    /** @return packets the spine switches dropped (as GetLeafDrops) */
    uint64_t GetSpineDrops() const;
    /** @brief Restart the switch drop counts (warm-up deletion). */
    void ResetSwitchStats();

    /**
     * @brief Fix the random streams of the hosts' models.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream) const;

  private:
    uint32_t m_spines{2};                     ///< spine count
    uint32_t m_leaves{4};                     ///< leaf count
    uint32_t m_hostsPerLeaf{4};               ///< hosts per leaf
    PointToPointHelper m_hostLink;            ///< makes the access links
    PointToPointHelper m_fabricLink;          ///< makes the leaf-spine links
    std::string m_switchQueueSize{"100p"};    ///< per-port switch buffer
    bool m_globalRouting{false};              ///< SetRouting("global")
    HostNetDeviceHelper m_hostHelper;         ///< makes the hosts' NICs
    bool m_installed{false};                  ///< Install was called
    NodeContainer m_hosts;                    ///< hosts
    NodeContainer m_leafNodes;                ///< leaves
    NodeContainer m_spineNodes;               ///< spines
    NetDeviceContainer m_hostDevices;         ///< HostNetDevices
    NetDeviceContainer m_leafPorts;           ///< leaf ports
    NetDeviceContainer m_spinePorts;          ///< spine ports
    std::vector<Ipv4Address> m_hostAddresses; ///< per host
    /// Drops at the traffic-control layer of each switch (leaves, then spines); shared by copies.
    std::shared_ptr<std::vector<uint64_t>> m_tcDrops;

    /// @return drops of @p ports plus the TC drops of switches [first, first + count)
    uint64_t CountDrops(const NetDeviceContainer& ports, uint32_t first, uint32_t count) const;
};

} // namespace ns3

#endif // LEAF_SPINE_HELPER_H
