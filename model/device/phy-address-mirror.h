/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PHY_ADDRESS_MIRROR_H
#define PHY_ADDRESS_MIRROR_H

#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"

namespace ns3
{

class HostNetDevice;

/**
 * @ingroup hostnet
 * @brief Lets ns-3's routing find a hostnet host from the other end of its link.
 *
 * The IP stack of a host is bound to its HostNetDevice, but the PHY's channel lists the PHY.
 * A router next to the host (GlobalRouter, Nix-vector routing) walks its own channel to the
 * host's PHY and asks the host's Ipv4 for that device's interface: there was none, and
 * ns-3 stopped ("No interface index associated with remote device"). This routing protocol
 * (lowest priority in the host's Ipv4ListRouting; it routes nothing itself) copies every
 * address given to a HostNetDevice (as a /32) onto an interface of its PHY that is up (so that the
 * neighbour describes the link both ways) but does not forward and has no static route: the
 * host's own GlobalRouter skips it and describes the link from the HostNetDevice (whose
 * channel lists the wrappers, see HostNetChannel), and the host's routes leave through the
 * HostNetDevice, the first interface with that address. Nothing is sent through the mirror.
 * The extra interface shows in Ipv4::GetNInterfaces.
 */
class PhyAddressMirror : public Ipv4RoutingProtocol
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Add a mirror to the node's Ipv4ListRouting once (nothing without an Ipv4 stack
     * or with another routing protocol at the top).
     * @param node the host's node
     * @return true if the node has a mirror now
     */
    static bool Install(Ptr<Node> node);

    /**
     * @brief Copy a HostNetDevice's addresses onto its PHY's mirror interface now (made if
     * missing); the mirror's notifications call it as addresses are assigned.
     * @param ipv4 the host's IPv4 stack
     * @param host the device
     * @return the mirror interface, or -1 if @p host has no IPv4 interface
     */
    static int32_t Mirror(Ptr<Ipv4> ipv4, Ptr<HostNetDevice> host);

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
    /// Remove every static route through a mirror interface.
    void RemoveRoutesThrough(uint32_t interface);

    Ptr<Ipv4> m_ipv4; ///< the host's IPv4 stack
};

} // namespace ns3

#endif // PHY_ADDRESS_MIRROR_H
