/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "per-packet-rx-mode.h"

#include "rx-packet-work.h"
#include "rx-queue.h"

#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PerPacketRxMode");

NS_OBJECT_ENSURE_REGISTERED(PerPacketRxMode);

TypeId
PerPacketRxMode::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PerPacketRxMode")
            .SetParent<RxMode>()
            .SetGroupName("Hostnet")
            .AddConstructor<PerPacketRxMode>()
            .AddAttribute("BacklogSize",
                          "Backlog queue between the ISR and protocol processing, in packets, "
                          "counting the one in processing (Salah et al. 2007's B = 1024; Linux "
                          "netdev_max_backlog = 1000). Must be >= 1.",
                          UintegerValue(1024),
                          MakeUintegerAccessor(&PerPacketRxMode::m_backlogSize),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

PerPacketRxMode::PerPacketRxMode()
{
    NS_LOG_FUNCTION(this);
    m_isrDone = MakeCallback(&PerPacketRxMode::IsrDone, this);
    m_refillDone = MakeCallback(&PerPacketRxMode::RefillDone, this);
    m_protocolDone = MakeCallback(&PerPacketRxMode::ProtocolDone, this);
}

PerPacketRxMode::~PerPacketRxMode()
{
    NS_LOG_FUNCTION(this);
}

void
PerPacketRxMode::DoDispose()
{
    m_backlog.clear();
    m_current = RxFrame();
    m_isrDone = Callback<void>();
    m_refillDone = Callback<void>();
    m_protocolDone = Callback<void>();
    RxMode::DoDispose();
}

bool
PerPacketRxMode::IsInterruptAbsorbed() const
{
    // The ISR in service takes every completed frame when it ends.
    return m_isrActive;
}

void
PerPacketRxMode::DoHandleInterrupt()
{
    m_isrActive = true;
    m_cpu->Submit(HostCpu::HARDIRQ, m_queue->GetCosts().SampleIsr(), m_isrDone, m_core);
}

void
PerPacketRxMode::IsrDone()
{
    Drain();
}

void
PerPacketRxMode::Drain()
{
    uint32_t drained = 0;
    Time refill(0);
    bool refillCosts = m_queue->HasRefillCost();
    while (m_queue->HasReadyFrame())
    {
        RxFrame frame = m_queue->PopFrame();
        drained++;
        if (refillCosts)
        {
            refill += m_queue->SampleRefillCost();
        }
        if (m_backlog.size() + (m_processing ? 1 : 0) >= m_backlogSize)
        {
            m_queue->DropFrame(frame);
        }
        else
        {
            m_backlog.push_back(std::move(frame));
            m_peakBacklog =
                std::max<uint32_t>(m_peakBacklog, m_backlog.size() + (m_processing ? 1 : 0));
        }
    }
    if (drained > 0 && refillCosts)
    {
        // Refilling is ISR work too; frames completing meanwhile are drained after it.
        m_refilling = drained;
        m_cpu->Submit(HostCpu::HARDIRQ, refill, m_refillDone, m_core);
        return;
    }
    m_queue->ReturnDescriptors(drained);
    m_isrActive = false;
    m_queue->NotifyRingDrained();
    KickSoftirq();
}

void
PerPacketRxMode::RefillDone()
{
    m_queue->ReturnDescriptors(m_refilling);
    m_refilling = 0;
    Drain();
}

void
PerPacketRxMode::KickSoftirq()
{
    if (m_processing || m_backlog.empty())
    {
        return;
    }
    m_processing = true;
    m_current = std::move(m_backlog.front());
    m_backlog.pop_front();
    m_cpu->Submit(HostCpu::SOFTIRQ,
                  RxPacketWork::ProtocolCost(*m_queue, m_current),
                  m_protocolDone,
                  m_core);
}

void
PerPacketRxMode::ProtocolDone()
{
    m_processing = false;
    RxPacketWork::Deliver(*m_queue, *m_cpu, std::move(m_current));
    KickSoftirq();
}

uint32_t
PerPacketRxMode::GetNHeld() const
{
    return m_backlog.size() + (m_processing ? 1 : 0);
}

double
PerPacketRxMode::TakePeakUtilization()
{
    // The peak since the previous call (a high-water mark, as BufferAdaptiveModeration
    // needs: it reads at interrupt assertions, when the backlog has just been drained).
    double peak = m_backlogSize ? std::min(1.0, double(m_peakBacklog) / m_backlogSize) : 0.0;
    m_peakBacklog = m_backlog.size() + (m_processing ? 1 : 0);
    return peak;
}

uint32_t
PerPacketRxMode::GetBacklogLength() const
{
    return m_backlog.size();
}

} // namespace ns3
