/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "minimum-gap-moderation.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MinimumGapModeration");

NS_OBJECT_ENSURE_REGISTERED(MinimumGapModeration);

TypeId
MinimumGapModeration::GetTypeId()
{
    static TypeId tid = TypeId("ns3::MinimumGapModeration")
                            .SetParent<InterruptModeration>()
                            .SetGroupName("Hostnet");
    return tid;
}

MinimumGapModeration::MinimumGapModeration()
{
    NS_LOG_FUNCTION(this);
}

MinimumGapModeration::~MinimumGapModeration()
{
    NS_LOG_FUNCTION(this);
}

void
MinimumGapModeration::DoDispose()
{
    m_pending.Cancel();
    InterruptModeration::DoDispose();
}

void
MinimumGapModeration::DoFrameCompleted(uint32_t bytes)
{
    NotifyFrame(bytes);
    AssertAfterGap();
}

void
MinimumGapModeration::DoPendingOnUnmask()
{
    // ITR throttles every assertion, including the one a latched cause bit makes on unmask.
    AssertAfterGap();
}

void
MinimumGapModeration::AssertAfterGap()
{
    if (m_pending.IsPending())
    {
        return; // joins the assertion at the end of the gap
    }
    Time now = Simulator::Now();
    if (!m_hasInterrupted || now >= m_lastInterrupt + m_gap)
    {
        Assert();
        return;
    }
    m_pending = Simulator::Schedule(m_lastInterrupt + m_gap - now, [this] { Assert(); });
}

void
MinimumGapModeration::DoReset()
{
    m_pending.Cancel();
}

void
MinimumGapModeration::Assert()
{
    m_pending.Cancel();
    m_lastInterrupt = Simulator::Now();
    m_hasInterrupted = true;
    NotifyInterrupt();
    RaiseInterrupt();
}

Time
MinimumGapModeration::GetGap() const
{
    return m_gap;
}

bool
MinimumGapModeration::IsAssertionPending() const
{
    return m_pending.IsPending();
}

void
MinimumGapModeration::SetGap(Time gap)
{
    NS_LOG_FUNCTION(this << gap);
    NS_ASSERT_MSG(!gap.IsStrictlyNegative(), "negative throttle gap");
    m_gap = gap;
    if (m_pending.IsPending())
    {
        m_pending.Cancel();
        Time at = std::max(m_lastInterrupt + m_gap, Simulator::Now());
        m_pending = Simulator::Schedule(at - Simulator::Now(), [this] { Assert(); });
    }
}

void
MinimumGapModeration::NotifyFrame(uint32_t bytes)
{
}

void
MinimumGapModeration::NotifyInterrupt()
{
}

} // namespace ns3
