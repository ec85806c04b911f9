/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_NET_CHANNEL_H
#define HOST_NET_CHANNEL_H

#include "ns3/channel.h"
#include "ns3/net-device.h"
#include "ns3/ptr.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The channel a HostNetDevice reports: its PHY's channel, seen through the wrappers.
 *
 * A HostNetDevice wraps a PHY device, and the node's IP stack sees only the HostNetDevice.
 * ns-3's routing (GlobalRouter, Nix-vector routing) walks from a device to its channel and
 * back to the devices on it, and expects to find the devices IP is bound to: the PHY's own
 * channel lists the PHYs, so global routing stopped with "GetAdjacent(): Wrong or confused
 * channel?". This channel lists the same devices in the same order, each PHY replaced by the
 * HostNetDevice that wraps it (a PHY nobody wraps, such as a switch port, stays itself).
 * All HostNetDevices on one PHY channel share one HostNetChannel, so channel identity (which
 * bridged-segment discovery compares) holds. It carries no frames: the PHYs still do.
 */
class HostNetChannel : public Channel
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostNetChannel();
    ~HostNetChannel() override;

    /**
     * @brief Set the PHY channel this channel presents.
     * @param phyChannel the channel of the wrapped PHY devices
     */
    void SetPhyChannel(Ptr<Channel> phyChannel);

    /** @return the PHY channel */
    Ptr<Channel> GetPhyChannel() const;

    std::size_t GetNDevices() const override;
    Ptr<NetDevice> GetDevice(std::size_t i) const override;

    /**
     * @brief Get the device routing must see in place of a PHY.
     * @param phy a device
     * @return the HostNetDevice on the same node that wraps @p phy, or @p phy itself
     */
    static Ptr<NetDevice> GetVisibleDevice(Ptr<NetDevice> phy);

  protected:
    void DoDispose() override;

  private:
    Ptr<Channel> m_phyChannel; ///< the channel of the PHYs
};

} // namespace ns3

#endif // HOST_NET_CHANNEL_H
