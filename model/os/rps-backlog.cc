/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rps-backlog.h"

#include "rx-packet-work.h"
#include "rx-queue.h"
#include "softnet-data.h"

#include "ns3/abort.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RpsBacklog");

NS_OBJECT_ENSURE_REGISTERED(RpsBacklog);

TypeId
RpsBacklog::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RpsBacklog").SetParent<Object>().SetGroupName("Hostnet");
    return tid;
}

RpsBacklog::RpsBacklog()
{
    NS_LOG_FUNCTION(this);
    m_ipiDone = MakeCallback(&RpsBacklog::IpiDone, this);
    m_packetDone = MakeCallback(&RpsBacklog::PacketDone, this);
}

RpsBacklog::~RpsBacklog()
{
    NS_LOG_FUNCTION(this);
}

void
RpsBacklog::DoDispose()
{
    m_queue.clear();
    m_current = Entry{};
    m_cpu = nullptr;
    m_softnet = nullptr;
    m_ipiDone = Callback<void>();
    m_packetDone = Callback<void>();
    Object::DoDispose();
}

void
RpsBacklog::Setup(Ptr<HostCpu> cpu,
                  Ptr<SoftnetData> softnet,
                  uint32_t core,
                  uint32_t maxLength,
                  uint32_t weight,
                  Time ipiCost)
{
    NS_LOG_FUNCTION(this << core << maxLength << weight << ipiCost);
    NS_ABORT_MSG_IF(maxLength == 0, "HostNetStack::NetdevMaxBacklog must be >= 1");
    NS_ABORT_MSG_IF(weight == 0, "HostNetStack::DevWeight must be >= 1");
    m_cpu = cpu;
    m_core = core;
    m_softnet = softnet;
    m_maxLength = maxLength;
    m_weight = weight;
    m_ipiCost = ipiCost;
}

bool
RpsBacklog::Enqueue(RxQueue* queue, RxFrame& frame)
{
    if (m_queue.size() >= m_maxLength)
    {
        m_stats.dropped++;
        return false;
    }
    m_queue.push_back(Entry{queue, std::move(frame)});
    m_tail++;
    m_stats.enqueued++;
    if (!m_scheduled)
    {
        // rps_ipi_queued: the IRQ core sends an IPI at the end of its net_rx_action; the
        // IPI handler raises NET_RX here (modelled as sent at once).
        m_scheduled = true;
        m_stats.ipis++;
        m_cpu->Submit(HostCpu::HARDIRQ, m_ipiCost, m_ipiDone, m_core);
    }
    return true;
}

void
RpsBacklog::IpiDone()
{
    m_softnet->Schedule(this);
}

void
RpsBacklog::Poll()
{
    m_work = 0;
    ProcessNext();
}

void
RpsBacklog::ProcessNext()
{
    if (m_queue.empty())
    {
        // process_backlog completes (napi->state cleared): the next packet sends an IPI.
        m_scheduled = false;
        uint32_t work = m_work;
        m_work = 0;
        m_softnet->PollReturned(this, work, false);
        return;
    }
    if (m_work >= m_weight)
    {
        uint32_t work = m_work;
        m_work = 0;
        m_softnet->PollReturned(this, work, true);
        return;
    }
    m_current = std::move(m_queue.front());
    m_queue.pop_front();
    m_head++;
    m_processing = true;
    m_softnet->SubmitWork(RxPacketWork::ProtocolCost(*m_current.queue, m_current.frame),
                          m_packetDone);
}

void
RpsBacklog::PacketDone()
{
    m_processing = false;
    Time start = m_cpu->GetCompletingWorkStart();
    m_stats.processed++;
    m_work++;
    m_current.queue->DeliverSteered(std::move(m_current.frame), start, m_core);
    ProcessNext();
}

void
RpsBacklog::NotifyTimeSqueeze()
{
}

uint32_t
RpsBacklog::GetLength() const
{
    return static_cast<uint32_t>(m_queue.size());
}

uint64_t
RpsBacklog::GetHead() const
{
    return m_head;
}

uint64_t
RpsBacklog::GetTail() const
{
    return m_tail;
}

RpsBacklogStats
RpsBacklog::GetStats() const
{
    return m_stats;
}

void
RpsBacklog::ResetStats()
{
    m_stats = RpsBacklogStats();
}

} // namespace ns3
