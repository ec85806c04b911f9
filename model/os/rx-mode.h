/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RX_MODE_H
#define RX_MODE_H

#include "ns3/object.h"

namespace ns3
{

class RxQueue;
class HostCpu;
class RxRing;

/**
 * @ingroup hostnet
 * @brief The OS receive mode: what the host does when the Rx interrupt fires.
 *
 * An RxMode serves one receive queue (through the RxQueue interface) of a device: it gets the
 * queue's interrupt (HandleInterrupt), takes frames from its ring (RxQueue::PopFrame), charges ISR
 * and protocol work on the HostCpu, and delivers or drops the frames through the device.
 * Subclasses:
 * - PerPacketRxMode: normal interruption, the pre-NAPI path with a backlog queue;
 * - NapiRxMode: Linux NAPI (interrupt, then polling until the ring is empty), and its
 *   subclass DisableEnableRxMode (Salah et al. 2007's interrupt disable-enable);
 * - PurePollingRxMode: pure (FreeBSD-style) polling on a timer, no interrupts;
 * - HybridRxMode: disable-enable at low load, pure polling above a switch point.
 *
 * HostNetDeviceHelper::SetScheme names the usual combinations with a moderation scheme
 * (HostNetDeviceHelper::GetSchemeNames).
 */
class RxMode : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    RxMode();
    ~RxMode() override;

    /**
     * @brief A new mode of the same class with this one's configuration and none of its
     * state: the receive mode of another queue (HostNetDevice::NQueues), as
     * TcpCongestionOps::Fork gives each socket its own congestion control.
     *
     * Every concrete mode implements it with a copy constructor that copies the
     * configuration (attribute members, other settings; random variables are cloned with
     * CloneRandomVariable, inner modes forked) and leaves the state (queue, events,
     * counters, trace connections) as a new object has it; callbacks bound to the object
     * are built again for the copy.
     * @return the copy
     */
    virtual Ptr<RxMode> Fork() const = 0;

    /**
     * @brief Bind to a receive queue; called once the node and CPU are known.
     * @param queue the receive queue (not owned: the queue owns this mode)
     */
    virtual void Attach(RxQueue* queue);

    /**
     * @brief Whether this mode polls in NAPI contexts.
     * @return true if this mode polls in NAPI contexts (napi_schedule, netdev_budget), which
     *         GRO, LRO and RPS/RFS need
     */
    virtual bool IsNapi() const;

    /** @brief The Rx interrupt was asserted while unmasked. */
    virtual void HandleInterrupt() = 0;

    /**
     * @brief A frame was written to host memory (whether or not the interrupt is enabled).
     *
     * Lets a mode wake a busy-polling application; the default does nothing.
     */
    virtual void NotifyFrameInMemory();

    /**
     * @brief Whether NotifyFrameInMemory must run when a frame reaches memory (at that
     * time): RxRing::SetWriteBackWantedCallback. A mode that answers true must call the
     * ring's WriteBackWanted when the answer becomes true. Default: false.
     * @return true if a write-back needs NotifyFrameInMemory now
     */
    virtual bool WantsFrameInMemory() const;

    /** @return frames taken from the ring and neither delivered nor dropped yet */
    virtual uint32_t GetNHeld() const = 0;

    /**
     * @brief The receive-buffer utilisation of this queue, for adaptive moderation.
     *
     * BufferAdaptiveModeration reads it when no application provides its socket buffer's
     * utilisation. The default is the share of the ring's descriptors the host holds now
     * (completed and not yet refilled); a mode with a buffer of its own (the per-packet
     * backlog) returns that buffer's peak occupancy since the previous call.
     * @return a utilisation in 0..1 (the peak is reset by the call)
     */
    virtual double TakePeakUtilization();

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return the number of streams used
     */
    virtual int64_t AssignStreams(int64_t stream);

  protected:
    /**
     * @brief For the copy constructors of the modes (Fork): nothing of the queue is copied.
     * @param other the mode to copy
     */
    RxMode(const RxMode& other);

    void DoDispose() override;

    RxQueue* m_queue{nullptr}; ///< the receive queue (owner)
    Ptr<HostCpu> m_cpu;        ///< the node's CPU
    Ptr<RxRing> m_ring;        ///< the queue's receive ring
    uint32_t m_core{0};        ///< core that runs this queue's Rx work
};

} // namespace ns3

#endif // RX_MODE_H
