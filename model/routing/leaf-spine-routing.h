/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef LEAF_SPINE_ROUTING_H
#define LEAF_SPINE_ROUTING_H

#include "ns3/ipv4-address.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/net-device.h"

#include <cstdint>
#include <limits>
#include <unordered_set>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief O(1) routing for the switches of a LeafSpineHelper fabric.
 *
 * The fabric's address plan is fixed: host h of leaf l is 10.l.h.1/24 (the leaf's port is
 * 10.l.h.2). The next hop is therefore arithmetic on the destination address, with no table:
 * a destination 10.L.H.x is host H of leaf L.
 *
 * - On leaf l: L == l and H < hostsPerLeaf: out of the port to host H (a connected route,
 *   no gateway); L != l (L < leaves, H < hostsPerLeaf): up to spine s (gateway: the spine's
 *   address on that link), where s is chosen by the Ecmp attribute:
 *   - destination: s = (L * hostsPerLeaf + H) mod spines, one path per destination host
 *     (the rule of the static routes the helper wrote before this protocol existed);
 *   - flow: s = FlowHash(header, payload) mod spines, one path per 5-tuple; the hash is
 *     ns-3's Ipv4QueueDiscItem::Hash (murmur3 via Hash32 over source, destination, protocol,
 *     TCP/UDP ports and a 32-bit perturbation, the FlowHashPerturbation attribute; ports are
 *     0 for other protocols and non-first fragments).
 * - On a spine: L < leaves: down to leaf L (10.L.0.0/16 in the old tables).
 * - Anything else (another address the switch is not connected to): a connected subnet of one
 *   of the switch's interfaces (fabric /30s, loopback) is sent there; everything else is
 *   dropped with the error callback (Ipv4L3Protocol counts DROP_ROUTE_ERROR), never sent back
 *   into the fabric.
 *
 * Local delivery and the forwarding check are ns-3's (Ipv4::IsDestinationAddress,
 * Ipv4::IsForwarding), and TTL handling stays in Ipv4L3Protocol, so the forwarding behaviour
 * equals Ipv4StaticRouting with the old tables. The per-packet cost does not depend on the
 * number of hosts: a hash-set lookup of the switch's own and broadcast addresses decides
 * whether Ipv4::IsDestinationAddress (a scan of the interfaces) needs to run at all.
 *
 * Call ConfigureLeaf or ConfigureSpine (LeafSpineHelper does) after the switch's interfaces
 * are made.
 */
class LeafSpineRouting : public Ipv4RoutingProtocol
{
  public:
    /// How a leaf spreads traffic for other leaves over the spines.
    enum Ecmp
    {
        ECMP_DESTINATION, ///< spine = destination host index mod spines
        ECMP_FLOW,        ///< spine = 5-tuple hash mod spines
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    LeafSpineRouting();
    ~LeafSpineRouting() override;

    /**
     * @brief Make this the routing of leaf @p leaf.
     * @param leaf the leaf's index (the second octet of its hosts' addresses)
     * @param leaves number of leaves
     * @param hostsPerLeaf hosts under each leaf
     * @param hostInterfaces the leaf's interface towards host h, for every h < hostsPerLeaf
     * @param uplinkInterfaces the leaf's interface towards spine s, for every spine
     * @param uplinkGateways the address of spine s on that link
     */
    void ConfigureLeaf(uint32_t leaf,
                       uint32_t leaves,
                       uint32_t hostsPerLeaf,
                       const std::vector<uint32_t>& hostInterfaces,
                       const std::vector<uint32_t>& uplinkInterfaces,
                       const std::vector<Ipv4Address>& uplinkGateways);

    /**
     * @brief Make this the routing of a spine.
     * @param hostsPerLeaf hosts under each leaf
     * @param downlinkInterfaces the spine's interface towards leaf l, for every leaf
     * @param downlinkGateways the address of leaf l on that link
     */
    void ConfigureSpine(uint32_t hostsPerLeaf,
                        const std::vector<uint32_t>& downlinkInterfaces,
                        const std::vector<Ipv4Address>& downlinkGateways);

    /**
     * @brief The spine a leaf sends a packet for another leaf to.
     * @param header the packet's IPv4 header
     * @param payload the IPv4 payload (starting with the TCP/UDP header), or null
     * @return the spine index, or -1 if this is not a configured leaf or the destination is
     *         not a host under another leaf
     */
    int32_t GetUplink(const Ipv4Header& header, Ptr<const Packet> payload) const;

    /**
     * @brief The flow hash of ECMP mode "flow": exactly Ipv4QueueDiscItem::Hash.
     * @param header the IPv4 header (source, destination, protocol, fragment offset)
     * @param payload the IPv4 payload, or null (then the ports are 0)
     * @param perturbation the hash's perturbation (salt)
     * @return murmur3 (Hash32) of the 17-byte 5-tuple and perturbation
     */
    static uint32_t FlowHash(const Ipv4Header& header,
                             Ptr<const Packet> payload,
                             uint32_t perturbation);

    // Ipv4RoutingProtocol
    Ptr<Ipv4Route> RouteOutput(Ptr<Packet> p,
                               const Ipv4Header& header,
                               Ptr<NetDevice> oif,
                               Socket::SocketErrno& sockerr) override;
    bool RouteInput(Ptr<const Packet> p,
                    const Ipv4Header& header,
                    Ptr<const NetDevice> idev,
                    const UnicastForwardCallback& ucb,
                    const MulticastForwardCallback& mcb,
                    const LocalDeliverCallback& lcb,
                    const ErrorCallback& ecb) override;
    void NotifyInterfaceUp(uint32_t interface) override;
    void NotifyInterfaceDown(uint32_t interface) override;
    void NotifyAddAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void NotifyRemoveAddress(uint32_t interface, Ipv4InterfaceAddress address) override;
    void SetIpv4(Ptr<Ipv4> ipv4) override;
    void PrintRoutingTable(Ptr<OutputStreamWrapper> stream,
                           Time::Unit unit = Time::S) const override;

  protected:
    void DoDispose() override;

  private:
    /// One next hop: output interface, its device, the gateway (0.0.0.0 when connected).
    struct Hop
    {
        uint32_t interface {
            0
        };                     ///< output interface
        Ptr<NetDevice> device; ///< its device
        Ipv4Address gateway;   ///< next-hop address or 0.0.0.0
        Ipv4Address source;    ///< the interface's first address
    };

    /// The switch's role.
    enum Role
    {
        UNCONFIGURED,
        LEAF,
        SPINE,
    };

    /**
     * @param interface an interface of this node
     * @param gateway the next hop on it
     * @return the hop, with the interface's device and first address
     */
    Hop MakeHop(uint32_t interface, Ipv4Address gateway) const;

    /**
     * @brief The fabric hop for a destination.
     * @param header the packet's header
     * @param payload the IPv4 payload or null (flow hash)
     * @return the hop, or null when the destination is not a fabric host this switch routes
     */
    const Hop* Lookup(const Ipv4Header& header, Ptr<const Packet> payload) const;

    /**
     * @brief A connected subnet of one of the switch's interfaces (fallback for addresses
     * outside the host plan; scans the interfaces).
     * @param destination the destination
     * @param oif required output device, or null
     * @return a route out of that interface, or null
     */
    Ptr<Ipv4Route> LookupConnected(Ipv4Address destination, Ptr<NetDevice> oif) const;

    /**
     * @param hop a next hop
     * @param destination the packet's destination
     * @return a route through @p hop
     */
    static Ptr<Ipv4Route> MakeRoute(const Hop& hop, Ipv4Address destination);

    /// @brief Rebuild m_localAddresses and m_interfaceOfDevice from the node's interfaces.
    void RebuildLocalAddresses();

    /**
     * @brief The interface of a receiving device, as Ipv4::GetInterfaceForDevice.
     * @param device a device of this node
     * @return its IPv4 interface index
     */
    uint32_t InterfaceOf(Ptr<const NetDevice> device) const;

    Ptr<Ipv4> m_ipv4;              ///< the switch's IPv4 stack
    Ecmp m_ecmp{ECMP_DESTINATION}; ///< ECMP attribute
    uint32_t m_perturbation{0};    ///< FlowHashPerturbation attribute
    Role m_role{UNCONFIGURED};     ///< leaf or spine
    uint32_t m_leaf{0};            ///< this leaf's index
    uint32_t m_leaves{0};          ///< leaves in the fabric
    uint32_t m_hostsPerLeaf{0};    ///< hosts per leaf
    std::vector<Hop> m_down;       ///< leaf: to host h; spine: to leaf l
    std::vector<Hop> m_up;         ///< leaf: to spine s
    /// m_interfaceOfDevice of a device without IPv4
    static constexpr uint32_t NO_INTERFACE = std::numeric_limits<uint32_t>::max();
    std::unordered_set<uint32_t> m_localAddresses; ///< own and broadcast addresses
    /// Interface of each device, by the device's index on the node (Ipv4L3Protocol keeps a
    /// std::map by device pointer: a tree walk per packet on a switch with many ports).
    std::vector<uint32_t> m_interfaceOfDevice;
};

} // namespace ns3

#endif // LEAF_SPINE_ROUTING_H
