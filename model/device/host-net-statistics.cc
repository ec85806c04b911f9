/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-statistics.h"

#include "ns3/boolean.h"
#include "ns3/ipv4-tcp-view.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetStatistics");

NS_OBJECT_ENSURE_REGISTERED(HostNetStatistics);

TypeId
HostNetStatistics::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostNetStatistics")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostNetStatistics>()
            .AddAttribute("StageLatencies",
                          "Record the per-stage latency histograms (FIFO wait, DMA, moderation "
                          "wait, CPU wait, processing) beside the system and host latencies. "
                          "Off saves five histogram updates per packet and their memory (large "
                          "networks); the stage summaries then have count 0.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&HostNetStatistics::SetStageLatencies,
                                              &HostNetStatistics::GetStageLatencies),
                          MakeBooleanChecker());
    return tid;
}

void
HostNetStatistics::Reset()
{
    m_windowStart = Simulator::Now();
    for (uint64_t* counter : {&m_rxArrived,
                              &m_rxDelivered,
                              &m_rxDeliveredBytes,
                              &m_rxPackets,
                              &m_rxSteered,
                              &m_txSends,
                              &m_txSendsByTask,
                              &m_dropBacklog,
                              &m_interrupts,
                              &m_interruptsAbsorbed,
                              &m_polls,
                              &m_busyPolls,
                              &m_busyPollFrames,
                              &m_pollPackets,
                              &m_softirqRestarts,
                              &m_txPackets,
                              &m_txDropRingFull})
    {
        *counter = 0;
    }
    for (LatencyHistogram* h : {&m_fifoWait,
                                &m_dma,
                                &m_moderationWait,
                                &m_cpuWait,
                                &m_processing,
                                &m_systemLatency,
                                &m_hostLatency})
    {
        h->Reset();
    }
}

namespace
{
/// @return IPv4 + TCP header bytes of a packet (IP header first), 0 if not TCP/IPv4
uint32_t
GroHeaderBytes(const Packet& packet)
{
    // Version 4 and TCP, its data offset byte in the first 34 bytes (IHL at most 5).
    auto view = Ipv4TcpView::AtIpv4(packet, 34);
    if (view.GetCopied() < 34 || view.GetVersion() != 4 || view.GetProtocol() != 6 ||
        view.GetTransportOffset() + 13 > 34)
    {
        return 0;
    }
    return view.GetHeaderBytes();
}
} // namespace

void
HostNetStatistics::RecordDelivery(const RxFrame& frame, Time processingStart)
{
    m_rxDelivered += frame.segments;
    m_rxPackets++;
    m_rxDeliveredBytes +=
        frame.size +
        (frame.segments > 1 ? (frame.segments - 1) * GroHeaderBytes(*frame.packet) : 0);
    Time now = Simulator::Now();
    if (m_stages)
    {
        m_fifoWait.Add(frame.dmaStart - frame.arrival);
        m_dma.Add(frame.inMemory - frame.dmaStart);
        m_moderationWait.Add(frame.notified - frame.inMemory);
        m_cpuWait.Add(processingStart - frame.notified);
        m_processing.Add(now - processingStart);
    }
    m_systemLatency.Add(now - frame.inMemory);
    m_hostLatency.Add(now - frame.arrival);
}

void
HostNetStatistics::Fill(HostNetDeviceStats& s) const
{
    s.elapsed = (Simulator::Now() - m_windowStart).GetSeconds();
    s.rxArrived = m_rxArrived;
    s.rxDelivered = m_rxDelivered;
    s.rxDeliveredBytes = m_rxDeliveredBytes;
    s.rxPackets = m_rxPackets;
    s.rxSteered = m_rxSteered;
    s.dropBacklog = m_dropBacklog;
    s.interrupts = m_interrupts;
    s.interruptsAbsorbed = m_interruptsAbsorbed;
    s.polls = m_polls;
    s.busyPolls = m_busyPolls;
    s.busyPollFrames = m_busyPollFrames;
    s.softirqRestarts = m_softirqRestarts;
    // A ratio without a denominator is undefined (NaN), not 0.
    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    s.packetsPerInterrupt = m_interrupts ? double(m_rxDelivered) / m_interrupts : undefined;
    s.packetsPerPoll = m_polls ? double(m_pollPackets) / m_polls : undefined;
    if (s.elapsed > 0)
    {
        s.throughputPps = m_rxDelivered / s.elapsed;
        s.throughputBps = m_rxDeliveredBytes * 8.0 / s.elapsed;
    }
    else
    {
        s.throughputPps = undefined;
        s.throughputBps = undefined;
    }
    s.txPackets = m_txPackets;
    s.txSends = m_txSends;
    s.txSendsByTask = m_txSendsByTask;
    s.txDropRingFull = m_txDropRingFull;
    s.fifoWait = m_fifoWait.GetSummary();
    s.dma = m_dma.GetSummary();
    s.moderationWait = m_moderationWait.GetSummary();
    s.cpuWait = m_cpuWait.GetSummary();
    s.processing = m_processing.GetSummary();
    s.systemLatency = m_systemLatency.GetSummary();
    s.hostLatency = m_hostLatency.GetSummary();
}

} // namespace ns3
