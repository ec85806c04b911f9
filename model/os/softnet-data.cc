/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "softnet-data.h"

#include "napi-context.h"

#include "ns3/abort.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SoftnetData");

NS_OBJECT_ENSURE_REGISTERED(SoftnetData);

TypeId
SoftnetData::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SoftnetData")
                            .SetParent<Object>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<SoftnetData>();
    return tid;
}

SoftnetData::SoftnetData()
    : m_budgetTime(MicroSeconds(2000)),
      m_maxSoftirqTime(MilliSeconds(2))
{
    NS_LOG_FUNCTION(this);
}

SoftnetData::~SoftnetData()
{
    NS_LOG_FUNCTION(this);
}

void
SoftnetData::DoDispose()
{
    m_pollList.clear();
    m_cpu = nullptr;
    Object::DoDispose();
}

void
SoftnetData::Setup(Ptr<HostCpu> cpu,
                   uint32_t core,
                   uint32_t netdevBudget,
                   Time budgetTime,
                   uint32_t maxRestarts,
                   Time maxSoftirqTime,
                   SoftirqRules rules)
{
    NS_LOG_FUNCTION(this << core << netdevBudget << budgetTime << maxRestarts << maxSoftirqTime);
    NS_ABORT_MSG_IF(netdevBudget == 0, "HostNetStack::NetdevBudget must be >= 1");
    NS_ABORT_MSG_IF(!budgetTime.IsStrictlyPositive(),
                    "HostNetStack::NetdevBudgetUsecs must be > 0");
    NS_ABORT_MSG_IF(maxRestarts == 0, "HostNetStack::MaxSoftirqRestarts must be >= 1");
    NS_ABORT_MSG_IF(!maxSoftirqTime.IsStrictlyPositive(),
                    "HostNetStack::MaxSoftirqTime must be > 0");
    m_cpu = cpu;
    m_core = core;
    m_netdevBudget = netdevBudget;
    m_budgetTime = budgetTime;
    m_maxRestarts = maxRestarts;
    m_maxSoftirqTime = maxSoftirqTime;
    m_rules = rules;
}

void
SoftnetData::SetThread(uint32_t task)
{
    m_threaded = true;
    m_ksoftirqd = task;
}

void
SoftnetData::Schedule(NapiContext* napi)
{
#ifdef NS3_ASSERT_ENABLE
    for (std::size_t i = 0; i < m_pollList.size(); ++i)
    {
        NS_ASSERT_MSG(m_pollList[i] != napi, "NAPI context scheduled twice");
    }
#endif
    m_pollList.push_back(napi);
    if (m_running && m_inKsoftirqd && m_rules != SoftirqRules::LINUX_4_9)
    {
        // Before 4.9 and since 6.5, irq_exit runs the raised softirq even though ksoftirqd
        // is pending: a new __do_softirq with fresh limits takes the list back. The work
        // item ksoftirqd holds now still completes in ksoftirqd.
        m_inKsoftirqd = false;
        m_stats.softirqs++;
        m_softirqStart = Simulator::Now();
        m_restarts = 0;
        StartRound();
        return;
    }
    if (m_running)
    {
        return; // the running softirq (or, 4.9-6.4, ksoftirqd) will reach it
    }
    // irq_exit runs the raised NET_RX softirq: a new invocation with a fresh budget.
    m_running = true;
    m_stats.softirqs++;
    m_softirqStart = Simulator::Now();
    m_restarts = 0;
    StartRound();
    PollHead();
}

void
SoftnetData::StartRound()
{
    m_roundPackets = 0;
    m_roundStart = Simulator::Now();
}

void
SoftnetData::PollHead()
{
    if (m_pollList.empty())
    {
        m_running = false;
        m_inKsoftirqd = false;
        return;
    }
    m_stats.polls++;
    m_pollList.front()->Poll();
}

void
SoftnetData::PollReturned(NapiContext* napi, uint32_t work, bool rescheduled)
{
    NS_ASSERT_MSG(!m_pollList.empty() && m_pollList.front() == napi,
                  "a poll call returned for a context that is not the head of the list");
    m_pollList.pop_front();
    if (rescheduled)
    {
        m_pollList.push_back(napi); // a full poll goes to the tail: round robin
    }
    m_roundPackets += work;
    m_stats.processed += work;
    if (m_pollList.empty())
    {
        PollHead();
        return;
    }
    Time now = Simulator::Now();
    if (m_roundPackets >= m_netdevBudget || now - m_roundStart >= m_budgetTime)
    {
        // net_rx_action ran out of budget: time_squeeze, the softirq is raised again.
        m_stats.timeSqueeze++;
        napi->NotifyTimeSqueeze();
        m_restarts++;
        // __do_softirq restarts while time_before(jiffies, end) && !need_resched() &&
        // --max_restart (3.9+); before 3.9 only max_restart counted.
        bool giveUp = m_restarts >= m_maxRestarts;
        if (m_rules != SoftirqRules::LINUX_2_6)
        {
            giveUp =
                giveUp || now - m_softirqStart >= m_maxSoftirqTime || m_cpu->NeedResched(m_core);
        }
        if (!m_inKsoftirqd && giveUp)
        {
            // __do_softirq gives up and wakes ksoftirqd, which shares the CPU with tasks.
            m_ksoftirqd = m_cpu->GetKsoftirqd(m_core);
            m_inKsoftirqd = true;
            m_stats.ksoftirqdWakeups++;
        }
        StartRound();
    }
    PollHead();
}

void
SoftnetData::SubmitWork(Time cost, const Callback<void>& done)
{
    if (m_inKsoftirqd || m_threaded)
    {
        m_cpu->SubmitTask(m_ksoftirqd, cost, done);
    }
    else
    {
        m_cpu->Submit(HostCpu::SOFTIRQ, cost, done, m_core);
    }
}

bool
SoftnetData::IsInKsoftirqd() const
{
    return m_inKsoftirqd;
}

bool
SoftnetData::IsRunning() const
{
    return m_running;
}

uint32_t
SoftnetData::GetPollListLength() const
{
    return static_cast<uint32_t>(m_pollList.size());
}

SoftnetStats
SoftnetData::GetStats() const
{
    return m_stats;
}

void
SoftnetData::ResetStats()
{
    m_stats = SoftnetStats();
}

} // namespace ns3
