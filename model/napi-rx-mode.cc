/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "napi-rx-mode.h"

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
                          "Frames per poll call (NAPI weight, Linux default 64; seed 000's "
                          "quota Q = 3). Must be >= 1.",
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
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("MaxSoftirqRestarts",
                          "Softirq restarts in a row before the work moves to ksoftirqd "
                          "(MAX_SOFTIRQ_RESTART = 10). Must be >= 1.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&NapiRxMode::m_maxRestarts),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxSoftirqTime",
                          "Softirq time in a row before the work moves to ksoftirqd "
                          "(MAX_SOFTIRQ_TIME = 2 ms). Must be > 0.",
                          TimeValue(MilliSeconds(2)),
                          MakeTimeAccessor(&NapiRxMode::m_maxSoftirqTime),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("PollPeriod",
                          "0: Linux, the next poll follows at once within the budget. > 0: "
                          "seed 000's NAPI, the next poll starts at the next tick of this "
                          "period and pays the device's PollOverheadCost (seed 000: 20 us).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&NapiRxMode::m_pollPeriod),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("DeferHardIrqs",
                          "napi_defer_hard_irqs: completions that keep the interrupt masked "
                          "and re-poll after GroFlushTimeout instead (0 = off).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NapiRxMode::m_deferHardIrqs),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("GroFlushTimeout",
                          "gro_flush_timeout: delay of the deferred re-poll (>= 0; 0 = no "
                          "deferral).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&NapiRxMode::m_groFlushTimeout),
                          MakeTimeChecker(Time(0)));
    return tid;
}

NapiRxMode::NapiRxMode()
{
    NS_LOG_FUNCTION(this);
    m_isrDone = MakeCallback(&NapiRxMode::IsrDone, this);
    m_packetDone = MakeCallback(&NapiRxMode::PacketDone, this);
    m_unmaskDone = MakeCallback(&NapiRxMode::UnmaskDone, this);
    m_overheadDone = MakeCallback(&NapiRxMode::PollOverheadDone, this);
}

NapiRxMode::~NapiRxMode()
{
    NS_LOG_FUNCTION(this);
}

void
NapiRxMode::DoDispose()
{
    m_timer.Cancel();
    m_current = RxFrame();
    m_isrDone = Callback<void>();
    m_packetDone = Callback<void>();
    m_unmaskDone = Callback<void>();
    m_overheadDone = Callback<void>();
    m_handOff = Callback<bool>();
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
    m_softirqStart = Simulator::Now();
    m_restarts = 0;
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
NapiRxMode::SubmitPollWork(Time cost, const Callback<void>& done)
{
    if (m_inKsoftirqd)
    {
        m_cpu->SubmitTask(m_ksoftirqd, cost, done);
    }
    else
    {
        m_cpu->Submit(HostCpu::SOFTIRQ, cost, done, m_core);
    }
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
    SubmitPollWork(cost, m_packetDone);
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
    m_workSinceComplete++;
    if (!m_handOff.IsNull() && m_ring->HasReady() && m_handOff())
    {
        // Another mode takes over the masked device in the middle of the backlog.
        m_device->RecordPoll(m_pollPackets);
        m_pollPackets = 0;
        m_workSinceComplete = 0;
        m_inKsoftirqd = false;
        m_polling = false;
        return;
    }
    // Linux calls poll again after a full one (it may find nothing and complete then);
    // seed 000's NAPI completes at once when the quota was used and the ring is empty.
    if (m_pollPackets >= m_weight && (m_pollPeriod.IsZero() || m_ring->HasReady()))
    {
        WeightExhausted();
        return;
    }
    PollNext();
}

void
NapiRxMode::WeightExhausted()
{
    // The poll call used its whole weight: the device stays scheduled.
    m_device->RecordPoll(m_pollPackets);
    m_pollPackets = 0;
    if (m_pollPeriod.IsStrictlyPositive())
    {
        // Seed 000 Fig. 5: the next poll waits for the next tick of the polling timer.
        Time now = Simulator::Now();
        int64_t period = m_pollPeriod.GetTimeStep();
        Time next = TimeStep((now.GetTimeStep() / period + 1) * period);
        m_timer = Simulator::Schedule(next - now, &NapiRxMode::PollTimer, this);
        return;
    }
    if (m_roundPackets >= m_netdevBudget || Simulator::Now() - m_roundStart >= m_budgetTime)
    {
        // net_rx_action ran out of budget: time_squeeze, the softirq is raised again.
        m_device->RecordSoftirqRestart();
        m_restarts++;
        if (!m_inKsoftirqd &&
            (m_restarts >= m_maxRestarts || Simulator::Now() - m_softirqStart >= m_maxSoftirqTime))
        {
            // __do_softirq gives up and wakes ksoftirqd, which shares the CPU with tasks.
            m_ksoftirqd = m_cpu->GetKsoftirqd(m_core);
            m_inKsoftirqd = true;
        }
        StartRound();
    }
    PollNext();
}

void
NapiRxMode::PollTimer()
{
    SubmitPollWork(m_device->SamplePollOverhead(), m_overheadDone);
}

void
NapiRxMode::PollOverheadDone()
{
    StartRound();
    PollNext();
}

void
NapiRxMode::Complete()
{
    m_device->RecordPoll(m_pollPackets);
    m_pollPackets = 0;
    m_inKsoftirqd = false;
    if (m_workSinceComplete > 0)
    {
        m_deferCount = m_deferHardIrqs;
    }
    m_workSinceComplete = 0;
    if (m_deferCount > 0 && m_groFlushTimeout.IsStrictlyPositive())
    {
        // napi_complete_done with deferred hard IRQs: stay masked, re-poll from a timer.
        m_deferCount--;
        m_timer = Simulator::Schedule(m_groFlushTimeout, &NapiRxMode::PollOverheadDone, this);
        return;
    }
    if (!m_handOff.IsNull() && m_handOff())
    {
        m_polling = false; // another mode owns the (still masked) device now
        return;
    }
    SubmitPollWork(m_device->SampleRegisterWriteCost(), m_unmaskDone);
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

bool
NapiRxMode::IsIdle() const
{
    return !m_isrActive && !m_polling;
}

void
NapiRxMode::SetHandOffCallback(Callback<bool> handOff)
{
    m_handOff = handOff;
}

bool
NapiRxMode::IsInKsoftirqd() const
{
    return m_inKsoftirqd;
}

} // namespace ns3
