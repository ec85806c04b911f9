/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef SWITCH_ARRIVAL_ORDER_H
#define SWITCH_ARRIVAL_ORDER_H

#include "ns3/address.h"
#include "ns3/event-id.h"
#include "ns3/net-device.h"
#include "ns3/object.h"
#include "ns3/packet.h"

#include <vector>

namespace ns3
{

class Node;
class TrafficControlLayer;

/**
 * @ingroup hostnet
 * @brief Frames that reach a switch at the same nanosecond are taken in the order of their
 * input ports, after every other event of that nanosecond, as a switch's arbiter takes them.
 *
 * Without it ns-3 takes them in the order their arrival events were scheduled. In a
 * distributed run (MPI) a frame from another process is scheduled when its message is
 * received, later than in the sequential run, so a tie at a switch (two frames at the same
 * nanosecond, or a frame and the end of a transmission on the port it goes to) could be
 * broken the other way and change the run. Installed on a switch, this takes every frame the
 * node's devices receive (it stands in for the traffic-control layer's protocol handler),
 * holds the frames of one nanosecond and hands them to the traffic-control layer in one event
 * scheduled at that nanosecond after the others, sorted by input device (its ifIndex; frames
 * of one device keep their order). The order is then the same whatever the partition:
 * LeafSpineHelper installs it on every leaf and spine.
 */
class SwitchArrivalOrder : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Take over the arrivals of every device of a node that has the internet stack.
     * @param node the switch (its TrafficControlLayer must exist)
     * @return the object, aggregated to @p node
     */
    static Ptr<SwitchArrivalOrder> Install(Ptr<Node> node);

    /** @return frames handed over in a batch of more than one (ties taken in port order) */
    uint64_t GetTiedFrames() const;

  protected:
    void DoDispose() override;

  private:
    /// A frame held until the end of its nanosecond.
    struct Arrival
    {
        Ptr<NetDevice> device;      ///< the input device
        Ptr<const Packet> packet;   ///< the frame
        uint16_t protocol;          ///< its protocol number
        Address from;               ///< sender address
        Address to;                 ///< destination address
        NetDevice::PacketType type; ///< packet type
    };

    /**
     * The node's protocol handler for its devices: hold the frame, schedule the hand-over.
     * @param device the input device
     * @param packet the frame
     * @param protocol its protocol number
     * @param from sender address
     * @param to destination address
     * @param type packet type
     */
    void Arrive(Ptr<NetDevice> device,
                Ptr<const Packet> packet,
                uint16_t protocol,
                const Address& from,
                const Address& to,
                NetDevice::PacketType type);

    /// Hand the held frames to the traffic-control layer in input-port order.
    void Flush();

    Ptr<TrafficControlLayer> m_tc;  ///< where the frames go
    std::vector<Arrival> m_pending; ///< frames of this nanosecond
    EventId m_flush;                ///< the hand-over
    uint64_t m_tied{0};             ///< frames handed over in batches of more than one
};

} // namespace ns3

#endif // SWITCH_ARRIVAL_ORDER_H
