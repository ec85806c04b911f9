/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RX_QUEUE_H
#define RX_QUEUE_H

#include "core-costs.h"
#include "rx-mode.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/ptr.h"
#include "ns3/rx-frame.h"

#include <string>

namespace ns3
{

class HostCpu;
class SoftnetData;

/**
 * @ingroup hostnet
 * @brief What a receive mode (RxMode) and an RPS backlog see of a NIC receive queue: the
 * contract between the kernel's receive side and the device.
 *
 * Five things: where the work runs (CPU, core, ring, GRO engine, costs), what the queue's
 * configuration asks of the mode (GetRequester), the queue's interrupt line (mask, unmask,
 * drained), the frames (take one, deliver it, drop it, steer it to another core), and the
 * events the device counts (RxMode's base class reports them). HostNetQueue implements it; a
 * receive mode never sees the device.
 */
class RxQueue
{
  public:
    /// Events a receive mode reports for the device's statistics.
    enum Event : uint8_t
    {
        INTERRUPT,          ///< an Rx ISR starts
        INTERRUPT_ABSORBED, ///< an assertion was absorbed by an ISR in service
        POLL,               ///< a NAPI poll call ended (n: the packets it took)
        BUSY_POLL,          ///< a busy poll call by a task ended (n: the frames it took)
        SOFTIRQ_RESTART,    ///< a NET_RX round ended with work left (budget or time)
    };

    virtual ~RxQueue() = default;

    /// @name Where the work runs
    /// @{
    /** @return the node's CPU */
    virtual Ptr<HostCpu> GetCpu() const = 0;
    /**
     * @param core a core of the node
     * @return that core's softnet_data (the NET_RX softirq the NAPI contexts of the core
     *         share)
     */
    virtual Ptr<SoftnetData> GetSoftnet(uint32_t core) const = 0;
    /** @return the core that takes this queue's interrupt and softirq work */
    virtual uint32_t GetIrqCore() const = 0;
    /** @return the node's id (the context of events scheduled for it) */
    virtual uint32_t GetNodeId() const = 0;
    /** @return the costs of receive work on this device */
    virtual const CoreCosts& GetCosts() const = 0;
    /// @}

    /// @name What the configuration asks of the receive mode
    /// @{
    /**
     * @brief Which setting asks for a feature of the receive mode (RxMode::CheckConfig
     * refuses a mode that does not support it, naming this setting).
     * @param feature the feature
     * @return the setting that asks for it, as a message names it (e.g.
     *         "HostNetDevice::Gro = ns3::GroEngine"), or "" if nothing in this queue's
     * configuration asks for it
     */
    virtual std::string GetRequester(RxMode::Feature feature) const = 0;
    /// @}

    /// @name The interrupt line
    /// @{
    /**
     * @brief Mask or unmask the Rx interrupt. Unmasking with frames already in host memory
     * asserts the interrupt at once (the cause bit is latched).
     * @param enabled true to unmask
     */
    virtual void SetRxInterruptEnabled(bool enabled) = 0;
    /** @return true if the Rx interrupt is unmasked */
    virtual bool IsRxInterruptEnabled() const = 0;
    /** @brief The ISR took all completed frames: restart moderation. */
    virtual void NotifyRingDrained() = 0;
    /// @}

    /// @name Frames
    /// @{
    /**
     * @brief Take the oldest frame from host memory (its descriptor is now the host's).
     * @return the frame with its notification time set
     */
    virtual RxFrame PopFrame() = 0;
    /** @return true if a completed frame waits in host memory (PopFrame would give one) */
    virtual bool HasReadyFrame() const = 0;
    /**
     * @brief The driver refilled descriptors: hand them back to the NIC.
     * @param n how many
     */
    virtual void ReturnDescriptors(uint32_t n) = 0;
    /** @return true if refilling a descriptor costs CPU time (RxRing::RefillCost) */
    virtual bool HasRefillCost() const = 0;
    /** @return the CPU time of refilling one descriptor (0 when HasRefillCost is false) */
    virtual Time SampleRefillCost() = 0;
    /**
     * @brief The host now wants to hear of the next descriptor write-back (the lazy
     * write-back check of RxRing::WriteBackWanted).
     */
    virtual void RequestWriteBack() = 0;
    /** @return the share of descriptors the host holds, 0..1 (a buffer-utilisation probe) */
    virtual double GetRingFill() const = 0;
    /** @return frames the NIC dropped so far (FIFO overrun and no descriptor) */
    virtual uint64_t GetRingDrops() const = 0;
    /**
     * @brief Protocol processing of a frame (or GRO packet) ended: hand it to the stack.
     * @param frame the frame
     * @param processingStart when its processing first got the CPU
     */
    virtual void DeliverFrame(RxFrame&& frame, Time processingStart) = 0;
    /**
     * @brief The host dropped a frame it had taken from the ring (backlog full).
     * @param frame the frame
     */
    virtual void DropFrame(const RxFrame& frame) = 0;
    /**
     * @brief get_rps_cpu: the core that should protocol-process a packet taken from this
     * queue (without RPS/RFS the IRQ core).
     * @param frame the packet (after GRO)
     * @return the core; the IRQ core means "process here"
     */
    virtual uint32_t SteerCore(const RxFrame& frame) = 0;
    /**
     * @brief enqueue_to_backlog: hand a packet to another core's RPS backlog (a backlog
     * drop if that backlog is full).
     * @param core the target core
     * @param frame the packet
     */
    virtual void SteerToBacklog(uint32_t core, RxFrame&& frame) = 0;
    /**
     * @brief A packet steered to another core finished protocol processing there.
     * @param frame the packet
     * @param processingStart when its processing got the CPU
     * @param core the core that processed it
     */
    virtual void DeliverSteered(RxFrame&& frame, Time processingStart, uint32_t core) = 0;
    /// @}

    /// @name Events
    /// @{
    /**
     * @brief Report an event to the device's statistics (RxMode's base class does, for
     * every mode).
     * @param event what happened
     * @param n its count of packets or frames (POLL, BUSY_POLL)
     */
    virtual void Record(Event event, uint32_t n = 0) = 0;
    /**
     * @brief Call @p cb for every packet the device hands to the stack (its Delivered
     * trace: all of the device's queues).
     * @param cb the callback (packet, in host memory -> end of processing)
     */
    virtual void ConnectDelivered(Callback<void, Ptr<const Packet>, Time> cb) = 0;
    /// @}
};

} // namespace ns3

#endif // RX_QUEUE_H
