/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_NET_QUEUE_H
#define HOST_NET_QUEUE_H

#include "ns3/core-costs.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/interrupt-moderation.h"
#include "ns3/object.h"
#include "ns3/rx-mode.h"
#include "ns3/rx-queue.h"
#include "ns3/rx-ring.h"
#include "ns3/tx-ring.h"

namespace ns3
{

class HostNetDevice;
class GroEngine;
class HostNetStatistics;
struct HostNetDeviceStats;
class Node;
class ReceiveSteering;

/**
 * @ingroup hostnet
 * @brief One receive queue of a multi-queue HostNetDevice: its descriptor ring, interrupt
 * moderation, NAPI (or other receive mode) context and interrupt vector.
 *
 * A HostNetDevice has NQueues of these; RSS picks the queue of a received frame and the
 * queue's IRQ core (IRQ affinity) runs its hard IRQ and softirq work. Each queue has its own
 * Rx interrupt mask and cause bit, as each MSI-X vector of a real NIC does. The queue is the
 * interface a receive mode works with (RxQueue); costs come from the device's
 * HostCostModel, counters are kept per queue and summed by the device.
 *
 * The device's Queues attribute (an ObjectVectorValue) lists the queues, and each queue's
 * read-only Pointer attributes RxRing, TxRing, Moderation, RxMode and Gro reach its objects,
 * so per-queue traces are connected with Config paths such as
 * `/NodeList/<n>/DeviceList/<d>/$ns3::HostNetDevice/Queues/<q>/RxRing/WriteBack` (with
 * a wildcard for `<q>`: every queue). The device-level RxRing, TxRing, Moderation and RxMode
 * attributes are queue 0's objects, the templates the other queues copy.
 */
class HostNetQueue : public Object, public RxQueue
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostNetQueue();
    ~HostNetQueue() override;

    HostNetQueue(const HostNetQueue&) = delete;
    HostNetQueue& operator=(const HostNetQueue&) = delete;

    /**
     * @brief Bind the queue to its device and objects (called by HostNetDevice).
     * @param device the owning device
     * @param index the queue index
     * @param core the core its interrupt vector is affine to
     * @param ring the descriptor ring
     * @param moderation the interrupt moderation
     * @param rxMode the receive mode
     * @param gro the GRO engine (may be null: no GRO)
     * @param statistics the device's counters (outlives the queue)
     */
    void Setup(HostNetDevice* device,
               uint32_t index,
               uint32_t core,
               Ptr<RxRing> ring,
               Ptr<InterruptModeration> moderation,
               Ptr<RxMode> rxMode,
               Ptr<GroEngine> gro,
               HostNetStatistics* statistics);

    /** @return the owning device */
    HostNetDevice* GetDevice() const;

    /** @return the queue index */
    uint32_t GetIndex() const;

    /** @return the node */
    Ptr<Node> GetNode() const;

    /** @return the interrupt moderation */
    Ptr<InterruptModeration> GetModeration() const;

    /**
     * @brief Give the queue pair its Tx ring (called by HostNetDevice).
     * @param ring the ring
     */
    void SetTxRing(Ptr<TxRing> ring);

    /** @return the Tx ring of this queue pair */
    Ptr<TxRing> GetTxRing() const;

    /** @return the receive mode */
    Ptr<RxMode> GetRxMode() const;

    /** @return the receive ring (for the device, its statistics and Config paths) */
    Ptr<RxRing> GetRxRing() const;

    /** @return the GRO engine, or null if GRO is off (for Config paths) */
    Ptr<GroEngine> GetGro() const;

    // RxQueue: the contract with the receive mode and the RPS backlogs
    Ptr<HostCpu> GetCpu() const override;
    Ptr<SoftnetData> GetSoftnet(uint32_t core) const override;
    uint32_t GetIrqCore() const override;
    uint32_t GetNodeId() const override;
    const CoreCosts& GetCosts() const override;
    std::string GetRequester(RxMode::Feature feature) const override;
    void SetRxInterruptEnabled(bool enabled) override;
    bool IsRxInterruptEnabled() const override;
    void NotifyRingDrained() override;
    RxFrame PopFrame() override;
    bool HasReadyFrame() const override;
    void ReturnDescriptors(uint32_t n) override;
    bool HasRefillCost() const override;
    Time SampleRefillCost() override;
    void RequestWriteBack() override;
    double GetRingFill() const override;
    uint64_t GetRingDrops() const override;
    void DeliverFrame(RxFrame&& frame, Time processingStart) override;
    void DropFrame(const RxFrame& frame) override;

    uint32_t SteerCore(const RxFrame& frame) override
    {
        return m_rps ? SteerCoreSlow(frame) : m_core;
    }

    void SteerToBacklog(uint32_t core, RxFrame&& frame) override;
    void DeliverSteered(RxFrame&& frame, Time processingStart, uint32_t core) override;
    void Record(Event event, uint32_t n = 0) override;
    void ConnectDelivered(Callback<void, Ptr<const Packet>, Time> cb) override;

    /// @name Called by the device
    /// @{

    /**
     * @brief A received frame enters this queue's NIC FIFO.
     * @param frame the frame
     */
    void Receive(RxFrame&& frame);

    /** @return frames in the NIC FIFO, the ring or held by the receive mode or GRO */
    uint64_t GetNInHost() const;

    /** @return frames delivered by this queue since the last ResetStats */
    uint64_t GetDelivered() const;

    /** @brief Start a new measurement window. */
    void ResetStats();

    /**
     * @brief Add this queue's ring drops and frames in the host to the device's statistics.
     * @param stats the device's statistics
     */
    void AddStats(HostNetDeviceStats& stats) const;

    /**
     * @brief Use fixed random-variable streams for the ring, moderation and receive mode.
     * @param stream the first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// @}

  protected:
    /// Initialize the parts: ring, moderation, receive mode (in that order).
    void DoInitialize() override;
    void DoDispose() override;

  private:
    /// The ring wrote a frame back into host memory.
    void FrameInMemory(uint32_t bytes);
    /// @return true if FrameInMemory does something now (RxRing::SetWriteBackWantedCallback)
    bool IsWriteBackWanted() const;
    /// The moderation asserts this queue's interrupt vector.
    void InterruptAsserted();
    /// SteerCore with steering on.
    uint32_t SteerCoreSlow(const RxFrame& frame);

    HostNetDevice* m_device{nullptr};         ///< owner
    uint32_t m_index{0};                      ///< queue index
    uint32_t m_core{0};                       ///< IRQ affinity
    Ptr<HostCpu> m_cpu;                       ///< the node's CPU
    Ptr<HostNetStack> m_stack;                ///< the node's network stack
    CoreCosts m_costs;                        ///< the device's costs, scaled for our core
    Ptr<RxRing> m_ring;                       ///< descriptor ring
    Ptr<TxRing> m_txRing;                     ///< Tx ring of the queue pair
    Ptr<InterruptModeration> m_moderation;    ///< NIC moderation of this vector
    Ptr<RxMode> m_rxMode;                     ///< OS receive mode of this queue
    Ptr<GroEngine> m_gro;                     ///< GRO (null: off)
    bool m_rxIrqEnabled{true};                ///< vector unmasked
    Ptr<ReceiveSteering> m_rps;               ///< the device's steering if RPS/RFS, else null
    HostNetStatistics* m_statistics{nullptr}; ///< the device's counters
    uint64_t m_inBacklog{0};                  ///< packets in other cores' RPS backlogs
    Time m_lastInterrupt{-1};                 ///< last interrupt delivered to the CPU
    uint64_t m_delivered{0};                  ///< frames delivered in the window
};

} // namespace ns3

#endif // HOST_NET_QUEUE_H
