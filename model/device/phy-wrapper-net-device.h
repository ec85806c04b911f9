/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PHY_WRAPPER_NET_DEVICE_H
#define PHY_WRAPPER_NET_DEVICE_H

#include "ns3/address.h"
#include "ns3/net-device.h"
#include "ns3/node.h"

#include <vector>

namespace ns3
{

class HostNetChannel;

/**
 * @ingroup hostnet
 * @brief A NetDevice that IP sees in place of a PHY NetDevice it wraps (point-to-point,
 * CSMA, a bridge port): the NetDevice API that only forwards to the PHY (addresses, MTU,
 * link state, broadcast and multicast, the channel as routing sees it), the receive
 * callbacks and the link-layer senders seen. HostNetDevice derives from it and adds the
 * host's receive and transmit paths.
 *
 * The PHY keeps its channel and its peers; the wrapper takes the PHY's received frames
 * (the subclass sets the PHY's receive callback in DoSetup) and sends through it.
 */
class PhyWrapperNetDevice : public NetDevice
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PhyWrapperNetDevice();
    ~PhyWrapperNetDevice() override;

    PhyWrapperNetDevice(const PhyWrapperNetDevice&) = delete;
    PhyWrapperNetDevice& operator=(const PhyWrapperNetDevice&) = delete;

    /**
     * @brief Wrap a PHY device. The PHY must already be attached to a channel and to the
     * same node; its received frames go to this device from now on.
     * @param phy the PHY device
     */
    void SetPhy(Ptr<NetDevice> phy);

    /** @return the wrapped PHY device */
    Ptr<NetDevice> GetPhy() const;

    // NetDevice API: forwarded to the PHY
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    /**
     * @brief Get the channel routing sees.
     * @return the PHY's channel as ns-3's routing must see it: a HostNetChannel listing the
     *         wrappers in place of the PHYs they wrap (global and Nix-vector routing walk
     *         device -> channel -> devices)
     */
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsBridge() const override;
    bool IsPointToPoint() const override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    /**
     * @brief Refuses a node whose routing cannot route through a wrapper (Nix-vector
     * routing), and a wrapper without a PHY.
     */
    void DoInitialize() override;
    void DoDispose() override;

    /**
     * @brief The PHY and the node may both be known now (SetPhy and SetNode call it, in
     * whichever order a helper calls them); the subclass connects itself once both are.
     */
    virtual void DoSetup() = 0;

    /**
     * @brief The index of a sender's address (added if new): frames carry 2 bytes instead
     * of an Address.
     * @param from the link-layer address the PHY reported
     * @return its index
     */
    uint16_t SenderIndex(const Address& from);

    /**
     * @param index an index SenderIndex gave
     * @return the sender's address
     */
    const Address& GetSender(uint16_t index) const
    {
        return m_senders[index];
    }

    Ptr<NetDevice> m_phy;                                ///< wrapped PHY
    Ptr<Node> m_node;                                    ///< our node
    NetDevice::ReceiveCallback m_rxCallback;             ///< to the node
    NetDevice::PromiscReceiveCallback m_promiscCallback; ///< to the node (promiscuous)

  private:
    Address m_phyBroadcast; ///< the PHY's broadcast address (asked per packet by IPv4)
    mutable Ptr<HostNetChannel> m_channel; ///< its channel as routing sees it (GetChannel)
    uint32_t m_ifIndex{0};                 ///< interface index
    uint16_t m_mtu{0};                     ///< 0: the PHY's MTU
    std::vector<Address> m_senders;        ///< link-layer senders seen (SenderIndex indexes it)
    uint16_t m_lastSender{0};              ///< index of the last sender found
};

} // namespace ns3

#endif // PHY_WRAPPER_NET_DEVICE_H
