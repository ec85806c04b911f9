/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RX_PACKET_WORK_H
#define RX_PACKET_WORK_H

#include "ns3/nstime.h"
#include "ns3/rx-frame.h"

namespace ns3
{

class HostCpu;
class RxQueue;

/**
 * @ingroup hostnet
 * @brief The per-packet steps that every receive path shares: what a packet's protocol
 * work costs, with the descriptor refill of a frame taken straight from the ring, and the
 * hand-off when that work ends (to the stack, or to another core's RPS backlog).
 *
 * NapiRxMode (its poll loop and busy polling), PerPacketRxMode, PurePollingRxMode and
 * RpsBacklog charge and hand off their packets through it, so a cost or a hand-off is
 * written once. The random draws keep their order: the protocol cost first, then the
 * refill.
 */
class RxPacketWork
{
  public:
    RxPacketWork() = delete;

    /**
     * @param queue the packet's receive queue
     * @param frame the packet
     * @return its protocol processing cost (CoreCosts::SampleProtocol of its size)
     */
    static Time ProtocolCost(const RxQueue& queue, const RxFrame& frame);

    /**
     * @brief The work of a frame taken from the ring and processed at once: its protocol
     * cost, then its refill.
     * @param queue the frame's receive queue (it refills the descriptor)
     * @param frame the frame
     * @return the cost
     */
    static Time FrameCost(RxQueue& queue, const RxFrame& frame);

    /**
     * @brief Steer or process: the cost of a packet that goes to @p core, the RPS/RFS
     * enqueue cost if that is another core than @p here, else its protocol cost.
     * @param queue the packet's receive queue
     * @param frame the packet
     * @param core its target core (RxQueue::SteerCore)
     * @param here the core that runs this work
     * @return the cost
     */
    static Time SteerOrProtocolCost(const RxQueue& queue,
                                    const RxFrame& frame,
                                    uint32_t core,
                                    uint32_t here);

    /**
     * @brief Protocol processing of a packet ended (inside the CPU's completion callback):
     * hand it to the stack, with the time its processing first got the CPU.
     * @param queue the packet's receive queue
     * @param cpu the CPU that processed it
     * @param frame the packet
     */
    static void Deliver(RxQueue& queue, const HostCpu& cpu, RxFrame&& frame);

    /**
     * @brief The steering cost of a packet was paid: hand it to the target core's backlog,
     * or deliver it if the target is this core.
     * @param queue the packet's receive queue
     * @param cpu the CPU that did the work
     * @param frame the packet
     * @param core its target core
     * @param here the core that did the work
     */
    static void SteerOrDeliver(RxQueue& queue,
                               const HostCpu& cpu,
                               RxFrame&& frame,
                               uint32_t core,
                               uint32_t here);
};

} // namespace ns3

#endif // RX_PACKET_WORK_H
