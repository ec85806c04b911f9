/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "napi-rx-mode.h"

#include "host-cpu.h"
#include "host-net-device.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NapiRxMode");

NS_OBJECT_ENSURE_REGISTERED(NapiRxMode);

TypeId
NapiRxMode::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NapiRxMode")
            .SetParent<RxMode>()
            .SetGroupName("Hostnet")
            .AddConstructor<NapiRxMode>()
            .AddAttribute("Weight",
                          "Frames per poll call (NAPI weight, Linux default 64). Must be >= 1.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&NapiRxMode::m_weight),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("NetdevBudget",
                          "Frames per NET_RX softirq round (net.core.netdev_budget, default "
                          "300). Must be >= 1.",
                          UintegerValue(300),
                          MakeUintegerAccessor(&NapiRxMode::m_netdevBudget),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("BudgetUsecs",
                          "Time per NET_RX softirq round (net.core.netdev_budget_usecs, "
                          "default 2000 us). Must be > 0.",
                          TimeValue(MicroSeconds(2000)),
                          MakeTimeAccessor(&NapiRxMode::m_budgetTime),
                          MakeTimeChecker(NanoSeconds(1)));
    return tid;
}

NapiRxMode::NapiRxMode()
{
    NS_LOG_FUNCTION(this);
    m_isrDone = MakeCallback(&NapiRxMode::IsrDone, this);
    m_packetDone = MakeCallback(&NapiRxMode::PacketDone, this);
    m_unmaskDone = MakeCallback(&NapiRxMode::UnmaskDone, this);
}

NapiRxMode::~NapiRxMode()
{
    NS_LOG_FUNCTION(this);
}

void
NapiRxMode::DoDispose()
{
    m_current = RxFrame();
    m_isrDone = Callback<void>();
    m_packetDone = Callback<void>();
    m_unmaskDone = Callback<void>();
    RxMode::DoDispose();
}

void
NapiRxMode::HandleInterrupt()
{
    NS_LOG_FUNCTION(this);
    if (m_isrActive || m_polling)
    {
        m_device->RecordAbsorbedInterrupt();
        return;
    }
    m_isrActive = true;
    m_device->RecordInterrupt();
    m_cpu->Submit(HostCpu::HARDIRQ, m_device->SampleIsrCost(), m_isrDone, m_core);
}

void
NapiRxMode::IsrDone()
{
    m_isrActive = false;
    m_polling = true;
    m_device->SetRxInterruptEnabled(false);
    StartRound();
    PollNext();
}

void
NapiRxMode::StartRound()
{
    m_roundPackets = 0;
    m_pollPackets = 0;
    m_roundStart = Simulator::Now();
}

void
NapiRxMode::PollNext()
{
    if (!m_ring->HasReady())
    {
        Complete();
        return;
    }
    m_processing = true;
    m_current = m_device->PopFrame();
    Time cost = m_device->SampleProtocolCost(m_current.size);
    if (m_ring->HasRefillCost())
    {
        cost += m_ring->SampleRefillCost();
    }
    m_cpu->Submit(HostCpu::SOFTIRQ, cost, m_packetDone, m_core);
}

void
NapiRxMode::PacketDone()
{
    m_processing = false;
    Time start = m_cpu->GetCompletingWorkStart();
    m_device->DeliverFrame(std::move(m_current), start);
    m_ring->ReturnDescriptors(1);
    m_pollPackets++;
    m_roundPackets++;
    if (m_pollPackets >= m_weight)
    {
        // The poll call used its whole weight: the device stays on the poll list.
        m_device->RecordPoll(m_pollPackets);
        m_pollPackets = 0;
        if (m_roundPackets >= m_netdevBudget || Simulator::Now() - m_roundStart >= m_budgetTime)
        {
            m_device->RecordSoftirqRestart();
            StartRound();
        }
    }
    PollNext();
}

void
NapiRxMode::Complete()
{
    m_device->RecordPoll(m_pollPackets);
    m_pollPackets = 0;
    m_cpu->Submit(HostCpu::SOFTIRQ, m_device->SampleRegisterWriteCost(), m_unmaskDone, m_core);
}

void
NapiRxMode::UnmaskDone()
{
    m_polling = false;
    m_device->SetRxInterruptEnabled(true);
}

uint32_t
NapiRxMode::GetNHeld() const
{
    return m_processing ? 1 : 0;
}

bool
NapiRxMode::IsPolling() const
{
    return m_polling;
}

} // namespace ns3
