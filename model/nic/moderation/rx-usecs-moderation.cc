/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rx-usecs-moderation.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RxUsecsModeration");

NS_OBJECT_ENSURE_REGISTERED(RxUsecsModeration);

TypeId
RxUsecsModeration::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RxUsecsModeration")
            .SetParent<InterruptModeration>()
            .SetGroupName("Hostnet")
            .AddConstructor<RxUsecsModeration>()
            .AddAttribute("Interval",
                          "ethtool rx-usecs: delay from the first completed frame to the "
                          "interrupt (>= 0; 0 = interrupt at once).",
                          TimeValue(MicroSeconds(50)),
                          MakeTimeAccessor(&RxUsecsModeration::m_interval),
                          MakeTimeChecker(Time(0)));
    return tid;
}

RxUsecsModeration::RxUsecsModeration()
{
    NS_LOG_FUNCTION(this);
}

RxUsecsModeration::~RxUsecsModeration()
{
    NS_LOG_FUNCTION(this);
}

void
RxUsecsModeration::DoDispose()
{
    m_timer.Cancel();
    InterruptModeration::DoDispose();
}

void
RxUsecsModeration::DoFrameCompleted(uint32_t bytes)
{
    if (m_interval.IsZero())
    {
        RaiseInterrupt();
        return;
    }
    if (!m_timer.IsPending())
    {
        m_timer = Simulator::Schedule(m_interval, [this] { Expire(); });
    }
}

bool
RxUsecsModeration::IgnoresFrames() const
{
    return !m_interval.IsZero() && m_timer.IsPending();
}

void
RxUsecsModeration::Expire()
{
    NotifyFramesWanted(); // the next completion starts the timer again
    RaiseInterrupt();
}

void
RxUsecsModeration::DoReset()
{
    m_timer.Cancel();
}

} // namespace ns3
