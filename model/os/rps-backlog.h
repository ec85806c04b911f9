/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RPS_BACKLOG_H
#define RPS_BACKLOG_H

#include "napi-context.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/rx-ring.h"

#include <deque>

namespace ns3
{

class HostCpu;
class RxQueue;
class SoftnetData;

/// Counters of one core's RPS backlog.
struct RpsBacklogStats
{
    uint64_t enqueued{0};  ///< packets steered to this core
    uint64_t dropped{0};   ///< packets dropped: the backlog held NetdevMaxBacklog
    uint64_t processed{0}; ///< packets protocol-processed by process_backlog
    uint64_t ipis{0};      ///< IPIs that woke this core's NET_RX softirq
};

/**
 * @ingroup hostnet
 * @brief The per-core input packet queue that RPS/RFS steers packets to
 * (softnet_data.input_pkt_queue with its process_backlog NAPI context).
 *
 * A NAPI poll on the queue's IRQ core that decides (get_rps_cpu) that a packet belongs to
 * another core enqueues it here (enqueue_to_backlog) instead of processing it. A packet
 * arriving at an idle backlog schedules the backlog context on this core's NET_RX poll
 * list after an inter-processor interrupt (HARDIRQ, HostNetStack::IpiCost). Each poll call
 * (process_backlog) protocol-processes up to HostNetStack::DevWeight packets at the cost of the
 * device they came from; a backlog holding HostNetStack::NetdevMaxBacklog packets drops new
 * ones (counted as the device's backlog drops, as Linux counts them in softnet_stat).
 *
 * The head and tail counters are input_queue_head and input_queue_tail: RFS moves a flow
 * to another core only after the head has passed the flow's last enqueued packet, so a
 * flow is never reordered.
 */
class RpsBacklog : public Object, public NapiContext
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    RpsBacklog();
    ~RpsBacklog() override;

    RpsBacklog(const RpsBacklog&) = delete;
    RpsBacklog& operator=(const RpsBacklog&) = delete;

    /**
     * @brief Bind to a core (called by HostNetStack).
     * @param cpu the CPU
     * @param softnet the core's NET_RX softirq state, whose poll list runs this backlog
     * @param core the core whose backlog this is
     * @param maxLength packets it holds at most (net.core.netdev_max_backlog)
     * @param weight packets per poll call (net.core.dev_weight)
     * @param ipiCost CPU time of the IPI that schedules the backlog
     */
    void Setup(Ptr<HostCpu> cpu,
               Ptr<SoftnetData> softnet,
               uint32_t core,
               uint32_t maxLength,
               uint32_t weight,
               Time ipiCost);

    /**
     * @brief enqueue_to_backlog: queue a packet for protocol processing on this core.
     * @param queue the device queue it came from (its costs and delivery are used)
     * @param frame the packet, moved from if it was queued
     * @return false if the backlog was full (the caller drops the packet)
     */
    bool Enqueue(RxQueue* queue, RxFrame& frame);

    void Poll() override;
    void NotifyTimeSqueeze() override;

    /** @return packets waiting, not counting the one in processing */
    uint32_t GetLength() const;

    /** @return input_queue_head: packets taken for processing since the start */
    uint64_t GetHead() const;

    /** @return input_queue_tail: packets enqueued since the start */
    uint64_t GetTail() const;

    /** @return the counters since the last ResetStats */
    RpsBacklogStats GetStats() const;

    /** @brief Start a new measurement window. */
    void ResetStats();

  protected:
    void DoDispose() override;

  private:
    /// A packet and the queue whose device processes and delivers it.
    struct Entry
    {
        RxQueue* queue; ///< origin
        RxFrame frame;  ///< the packet
    };

    /// The IPI was served: join the core's poll list.
    void IpiDone();
    /// Process the next packet, or end the poll call.
    void ProcessNext();
    /// Protocol processing of the current packet ended.
    void PacketDone();

    Ptr<HostCpu> m_cpu;          ///< the CPU
    uint32_t m_core{0};          ///< our core
    Ptr<SoftnetData> m_softnet;  ///< our core's NET_RX poll list
    uint32_t m_maxLength{1000};  ///< netdev_max_backlog
    uint32_t m_weight{64};       ///< dev_weight
    Time m_ipiCost;              ///< IPI handler cost
    std::deque<Entry> m_queue;   ///< input_pkt_queue
    Entry m_current{};           ///< packet in processing
    bool m_processing{false};    ///< m_current is valid
    bool m_scheduled{false};     ///< IPI pending or on the poll list
    uint32_t m_work{0};          ///< packets in the current poll call
    uint64_t m_head{0};          ///< input_queue_head
    uint64_t m_tail{0};          ///< input_queue_tail
    RpsBacklogStats m_stats;     ///< counters
    Callback<void> m_ipiDone;    ///< prebuilt callbacks: no allocation per packet
    Callback<void> m_packetDone; ///< prebuilt callback
};

} // namespace ns3

#endif // RPS_BACKLOG_H
