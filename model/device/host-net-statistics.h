/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_NET_STATISTICS_H
#define HOST_NET_STATISTICS_H

#include "latency-histogram.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/rx-frame.h"
#include "ns3/rx-queue.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Counters and latency summaries of one HostNetDevice over a measurement window.
 *
 * Conservation (without ResetStats): rxArrived = rxDelivered + dropFifoOverrun +
 * dropNoDescriptor + dropBacklog + rxInHost.
 */
struct HostNetDeviceStats
{
    double elapsed{0};              ///< window length in seconds
    uint64_t rxArrived{0};          ///< frames the PHY handed to the NIC
    uint64_t rxDelivered{0};        ///< frames whose protocol processing completed (wire
                                    ///< frames: a GRO packet counts its segments)
    uint64_t rxPackets{0};          ///< packets handed to the stack (GRO packets count once)
    uint64_t rxSteered{0};          ///< packets RPS/RFS sent to another core's backlog
    uint64_t rxDeliveredBytes{0};   ///< their bytes
    uint64_t dropFifoOverrun{0};    ///< NIC FIFO full
    uint64_t dropNoDescriptor{0};   ///< no free descriptor (DropWhenNoDescriptor)
    uint64_t dropBacklog{0};        ///< backlog queue full (per-packet mode, RPS backlogs)
    uint64_t rxInHost{0};           ///< frames still in the NIC or host (now)
    uint64_t interrupts{0};         ///< Rx ISRs run
    uint64_t interruptsAbsorbed{0}; ///< assertions absorbed by a running ISR
    uint64_t polls{0};              ///< NAPI poll calls
    uint64_t softirqRestarts{0};    ///< NET_RX rounds ended by netdev_budget/budget-usecs
    uint64_t busyPolls{0};          ///< busy poll calls by applications (SO_BUSY_POLL)
    uint64_t busyPollFrames{0};     ///< frames processed by those calls (in the task)
    double packetsPerInterrupt{0};  ///< delivered / interrupts (NaN without interrupts)
    double packetsPerPoll{0};       ///< packets processed per poll call (NaN without polls)
    double throughputPps{0};        ///< rxDelivered / elapsed (NaN for an empty window)
    double throughputBps{0};        ///< delivered bits / elapsed
    uint64_t txPackets{0};          ///< frames handed to the PHY
    uint64_t txSends{0};            ///< transmit CPU cost units paid: TSO/GSO sends, or
                                    ///< frames without offload
    uint64_t txSendsByTask{0};      ///< of txSends: paid by a task (made in sendmsg)
    uint64_t txDropRingFull{0};     ///< Send called with a full Tx ring
    uint64_t txDropPhy{0};          ///< frames the PHY refused
    LatencySummary fifoWait;        ///< arrival -> DMA start
    LatencySummary dma;             ///< DMA start -> in host memory
    LatencySummary moderationWait;  ///< in host memory -> interrupt raised
    LatencySummary cpuWait;         ///< notified -> protocol processing starts
    LatencySummary processing;      ///< protocol processing start -> end (incl. preemption)
    LatencySummary systemLatency;   ///< in host memory -> end of processing (Salah et al. 2007)
    LatencySummary hostLatency;     ///< arrival at the NIC -> end of processing
};

/**
 * @ingroup hostnet
 * @brief The device-wide counters and per-stage latency histograms of a HostNetDevice.
 *
 * The device, its queues and its transmit path record events here; GetStats() adds the
 * parts that live in the rings (FIFO and descriptor drops, frames in the host, PHY drops).
 * Each device makes one and aggregates it (as ns-3 devices aggregate their
 * NetDeviceQueueInterface), so its attributes are reached through the device's Config path,
 * /NodeList/N/DeviceList/D/$ns3::HostNetStatistics/StageLatencies, through
 * HostNetDeviceHelper::SetStatisticsAttribute, or as a default
 * (ns3::HostNetStatistics::StageLatencies).
 */
class HostNetStatistics : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /// Start a new window now: every counter and histogram back to empty.
    void Reset();

    /**
     * Record the five stage latencies (FIFO wait, DMA, moderation wait, CPU wait,
     * processing) or only the system and host latencies (their summaries then have count 0
     * and NaN fields: not measured).
     * @param enabled true to record the stages (the default)
     */
    void SetStageLatencies(bool enabled)
    {
        m_stages = enabled;
    }

    /** @return whether the stage latencies are recorded */
    bool GetStageLatencies() const
    {
        return m_stages;
    }

    /**
     * Fill the device-wide fields of @p s for the window up to now (ratios without a
     * denominator are NaN).
     * @param [out] s the statistics to fill
     */
    void Fill(HostNetDeviceStats& s) const;

    /// A frame came from the PHY.
    void RecordArrival()
    {
        m_rxArrived++;
    }

    /**
     * A packet was handed to the stack. A merged packet counts the wire bytes of its
     * segments' payloads and headers.
     * @param frame the packet (segments > 1 after GRO or LRO)
     * @param processingStart when its protocol processing started
     */
    void RecordDelivery(const RxFrame& frame, Time processingStart);

    /**
     * The host dropped a frame (backlog full).
     * @param segments the wire frames it stands for
     */
    void RecordHostDrop(uint32_t segments)
    {
        m_dropBacklog += segments;
    }

    /**
     * An event of a receive queue: an interrupt, an absorbed assertion, a poll call, a busy
     * poll call or a NET_RX restart.
     * @param event the event
     * @param packets the packets a poll or busy poll call processed
     */
    void Record(RxQueue::Event event, uint32_t packets)
    {
        switch (event)
        {
        case RxQueue::INTERRUPT:
            m_interrupts++;
            break;
        case RxQueue::INTERRUPT_ABSORBED:
            m_interruptsAbsorbed++;
            break;
        case RxQueue::POLL:
            m_polls++;
            m_pollPackets += packets;
            break;
        case RxQueue::BUSY_POLL:
            m_busyPolls++;
            m_busyPollFrames += packets;
            break;
        case RxQueue::SOFTIRQ_RESTART:
            m_softirqRestarts++;
            break;
        }
    }

    /// RPS/RFS sent a packet to another core's backlog.
    void RecordSteered()
    {
        m_rxSteered++;
    }

    /**
     * A transmit CPU cost unit was paid (a TSO/GSO send, or a frame without offload).
     * @param byTask a task paid it (the send was made in sendmsg)
     */
    void RecordTxSend(bool byTask = false)
    {
        m_txSends++;
        m_txSendsByTask += byTask ? 1 : 0;
    }

    /// A frame was handed to the PHY.
    void RecordTxPacket()
    {
        m_txPackets++;
    }

    /// Send was called with a full Tx ring.
    void RecordTxRingFull()
    {
        m_txDropRingFull++;
    }

  private:
    Time m_windowStart;                ///< window start
    uint64_t m_rxArrived{0};           ///< frames from the PHY
    uint64_t m_rxDelivered{0};         ///< frames delivered
    uint64_t m_rxDeliveredBytes{0};    ///< bytes delivered
    uint64_t m_rxPackets{0};           ///< packets handed up
    uint64_t m_rxSteered{0};           ///< packets steered to another core
    uint64_t m_txSends{0};             ///< Tx cost units paid
    uint64_t m_txSendsByTask{0};       ///< of which by a task
    uint64_t m_dropBacklog{0};         ///< host drops
    uint64_t m_interrupts{0};          ///< ISRs
    uint64_t m_interruptsAbsorbed{0};  ///< absorbed assertions
    uint64_t m_polls{0};               ///< poll calls
    uint64_t m_busyPolls{0};           ///< busy poll calls
    uint64_t m_busyPollFrames{0};      ///< frames of busy poll calls
    uint64_t m_pollPackets{0};         ///< packets in poll calls
    uint64_t m_softirqRestarts{0};     ///< NET_RX rounds out of budget
    uint64_t m_txPackets{0};           ///< frames sent
    uint64_t m_txDropRingFull{0};      ///< sends refused
    bool m_stages{true};               ///< record the five stage latencies
    LatencyHistogram m_fifoWait;       ///< stage latency
    LatencyHistogram m_dma;            ///< stage latency
    LatencyHistogram m_moderationWait; ///< stage latency
    LatencyHistogram m_cpuWait;        ///< stage latency
    LatencyHistogram m_processing;     ///< stage latency
    LatencyHistogram m_systemLatency;  ///< in host memory -> end of processing
    LatencyHistogram m_hostLatency;    ///< NIC arrival to end of processing
};

} // namespace ns3

#endif // HOST_NET_STATISTICS_H
