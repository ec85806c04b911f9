/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LEAF_SPINE_HELPER_H
#define LEAF_SPINE_HELPER_H

#include "ns3/host-net-device-helper.h"
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
 * Routing is static (SetRouting): the switches run LeafSpineRouting, which computes the next
 * hop from the destination address in constant time. By default ECMP is per destination
 * (SetEcmp("destination")): a leaf sends traffic for host h of another leaf l through spine
 * (l * hostsPerLeaf + h) mod spines, a spine sends traffic for leaf l's hosts down to leaf l.
 * Every flow therefore stays on one path, and the hosts of a leaf spread evenly over the
 * spines. SetEcmp("flow") hashes the 5-tuple instead (per-flow ECMP, as a flow-hashing
 * switch): the flows of one destination spread too, which matters when a few destinations
 * carry most of the traffic. ns-3's global routing only offers per-packet random ECMP
 * (Ipv4GlobalRouting::RandomEcmpRouting), which reorders TCP segments.
 *
 * Switch ports are output-queued: the point-to-point device queue of each switch port (size
 * SetSwitchQueueSize) with no queue disc above it, so the switches drop tail like a shallow-
 * buffered data-centre switch. The hosts keep the default queue disc of the Internet stack.
 */
class LeafSpineHelper
{
  public:
    /**
     * @brief Create a helper for 2 spines, 4 leaves and 4 hosts per leaf, with 1 Gb/s host
     * links, 2 Gb/s fabric links (1 us delay each), 100-packet switch ports, "static"
     * routing and per-destination ECMP.
     */
    LeafSpineHelper();

    /**
     * @brief Set the shape of the fabric.
     * @param spines number of spine switches (>= 1)
     * @param leaves number of leaf switches (1..254)
     * @param hostsPerLeaf hosts under each leaf (1..254)
     */
    void SetShape(uint32_t spines, uint32_t leaves, uint32_t hostsPerLeaf);

    /**
     * @brief Check a shape, routing and ECMP as SetShape, SetRouting, SetEcmp and Install do,
     * without stopping the program.
     * @param spines number of spine switches
     * @param leaves number of leaf switches
     * @param hostsPerLeaf hosts under each leaf
     * @param routing "static", "table" or "global"
     * @param ecmp "destination" or "flow"
     * @param prefix how a setting is named in the message ("Parameters::" for a scenario's
     *        members, "--" for a command line whose options have these names)
     * @return "" if the fabric can be built, else what is wrong and what is allowed
     */
    static std::string FindConfigError(uint32_t spines,
                                       uint32_t leaves,
                                       uint32_t hostsPerLeaf,
                                       const std::string& routing,
                                       const std::string& ecmp,
                                       const std::string& prefix = "");

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
     * @brief Leave the hosts plain: their point-to-point device is the IP interface, with
     * no HostNetDevice (no NIC, interrupt or CPU model). The baseline against which the cost
     * of the host model is measured; GetHostDevices then returns the PHY devices.
     * @param plain true for plain hosts
     */
    void SetPlainHosts(bool plain);

    /**
     * @brief Choose how the fabric routes.
     *
     * "static" (the default): the fixed paths described above, computed per packet by
     * LeafSpineRouting on every switch in constant time (the only routing protocol of the
     * switches). "table": the same paths (destination ECMP only) as Ipv4StaticRouting tables,
     * one /24 route per remote host on every leaf and one /16 per leaf on every spine, which
     * ns-3 scans linearly for every packet: identical results, a per-packet cost that grows
     * with the number of hosts (kept for comparison). "global": ns-3's global routing
     * (Ipv4GlobalRoutingHelper::PopulateRoutingTables, through the hostnet hosts): one /24
     * route per subnet from SPF, a single path per destination unless
     * ns3::Ipv4GlobalRouting::RandomEcmpRouting is set, which spreads packets (not flows)
     * over the spines and reorders TCP. Hosts have a default route to their leaf in "static"
     * and "table".
     * @param routing "static", "table" or "global"
     */
    void SetRouting(const std::string& routing);

    /**
     * @brief How a switch takes frames that reach it at the same nanosecond.
     *
     * true (the default): in input-port order, after the other events of that nanosecond
     * (SwitchArrivalOrder on every leaf and spine), which makes a distributed run (MPI) give
     * the sequential run's results whatever the partition; false: in the order ns-3 scheduled
     * their arrivals (one event less per switch hop; a distributed run then may break a tie
     * the other way and differ from the sequential one).
     * @param portOrder whether ties are taken in input-port order
     */
    void SetPortOrderTies(bool portOrder);

    /**
     * @brief Choose how a leaf spreads traffic for other leaves over the spines (routing
     * "static" only; Install aborts on "flow" with another routing).
     *
     * "destination" (the default): spine = destination host index mod spines, one path per
     * destination host. "flow": spine = LeafSpineRouting::FlowHash (ns-3's
     * Ipv4QueueDiscItem::Hash, murmur3 over the 5-tuple) mod spines, one path per flow.
     * @param ecmp "destination" or "flow"
     */
    void SetEcmp(const std::string& ecmp);

    /**
     * @brief Split the fabric by leaf over the processes (ranks) of a distributed run.
     *
     * Leaf l and its hosts get system id floor(l * ranks / leaves) and spine s
     * floor(s * ranks / spines): every host link stays inside its rank and only leaf-spine
     * links cross ranks, so the fabric links' delay is the lookahead of ns-3's distributed
     * simulator (src/mpi). The nodes exist on every rank; a script installs its
     * applications on all of them as in the sequential run (same objects, same random
     * streams) and a rank simulates only its own (DistributedRun::IsLocal).
     *
     * Install aborts if ranks > leaves, if a distributed run has another number of processes,
     * or if it has a fabric link delay of zero (no lookahead).
     * @param ranks the number of ranks; 0 (the default) takes DistributedRun::GetSize(),
     *        1 without MPI
     */
    void SetPartitions(uint32_t ranks);

    /**
     * @brief Get the rank that simulates a leaf and its hosts (see SetPartitions).
     * @param leaf index in GetLeaves
     * @return its system id
     */
    uint32_t GetRankOfLeaf(uint32_t leaf) const;

    /**
     * @brief Get the rank that simulates a spine (see SetPartitions).
     * @param spine index in GetSpines
     * @return its system id
     */
    uint32_t GetRankOfSpine(uint32_t spine) const;

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
     * @brief Get a host's address.
     * @param host index in GetHosts
     * @return the host's IPv4 address (10.l.h.1)
     */
    Ipv4Address GetHostAddress(uint32_t host) const;
    /**
     * @brief Get the leaf of a host.
     * @param host index in GetHosts
     * @return the index (in GetLeaves) of the leaf the host hangs off
     */
    uint32_t GetLeafOf(uint32_t host) const;
    /** @return the number of hosts */
    uint32_t GetNHosts() const;

    /**
     * @brief Get the leaf switches' drops.
     * @return packets the leaf switches dropped since Install or ResetSwitchStats: arrivals at a
     *         full output port (counted by the port's queue, or by the node's traffic-control
     *         layer when the port has stopped its queue). In a distributed run, the leaves of
     *         this rank (DistributedRun::Sum adds the ranks' counts)
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
    std::string m_routing{"static"};          ///< SetRouting
    bool m_portOrderTies{true};               ///< SetPortOrderTies
    std::string m_ecmp{"destination"};        ///< SetEcmp
    HostNetDeviceHelper m_hostHelper;         ///< makes the hosts' NICs
    bool m_plainHosts{false};                 ///< no HostNetDevice on the hosts
    bool m_installed{false};                  ///< Install was called
    uint32_t m_partitions{0};                 ///< SetPartitions (0: the MPI processes)
    NodeContainer m_hosts;                    ///< hosts
    NodeContainer m_leafNodes;                ///< leaves
    NodeContainer m_spineNodes;               ///< spines
    NetDeviceContainer m_hostDevices;         ///< HostNetDevices
    NetDeviceContainer m_leafPorts;           ///< leaf ports
    NetDeviceContainer m_spinePorts;          ///< spine ports
    std::vector<Ipv4Address> m_hostAddresses; ///< per host
    /// Drops at the traffic-control layer of each switch (leaves, then spines); shared by copies.
    std::shared_ptr<std::vector<uint64_t>> m_tcDrops;

    /// @return the number of ranks: SetPartitions, else DistributedRun::GetSize()
    uint32_t GetPartitions() const;
    /// @return drops of @p ports plus the TC drops of switches [first, first + count), on
    ///         this rank's switches
    uint64_t CountDrops(const NetDeviceContainer& ports, uint32_t first, uint32_t count) const;
};

} // namespace ns3

#endif // LEAF_SPINE_HELPER_H
