/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RX_FRAME_H
#define RX_FRAME_H

#include "ns3/address.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief A received frame on its way through the host, with its timestamps.
 */
struct RxFrame
{
    Ptr<const Packet> packet; ///< the frame
    uint16_t protocol{0};     ///< L3 protocol number
    uint16_t sender{0};       ///< the sender's link-layer address: index in the device's table
    uint32_t size{0};         ///< bytes
    Time arrival;             ///< the PHY handed it to the NIC (entered the FIFO)
    Time dmaStart;            ///< DMA into host memory started
    Time inMemory;            ///< descriptor written back: the frame is in host memory
    Time notified;            ///< the host learned of it (interrupt, or already polling)
    uint32_t segments{1};     ///< wire frames it stands for (> 1 after GRO merged them)
    uint32_t hash{0};         ///< RSS flow hash (skb->hash), set when RSS or RPS/RFS needs it
};

} // namespace ns3

#endif // RX_FRAME_H
