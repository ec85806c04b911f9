/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "count-time-moderation.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CountTimeModeration");

NS_OBJECT_ENSURE_REGISTERED(CountTimeModeration);

TypeId
CountTimeModeration::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CountTimeModeration")
            .SetParent<InterruptModeration>()
            .SetGroupName("Hostnet")
            .AddConstructor<CountTimeModeration>()
            .AddAttribute("Usecs",
                          "ethtool rx-usecs: delay from the first completed frame to the "
                          "interrupt (0 to 1 s; 0 = no timer, count only). Default 50 us: "
                          "Salah et al. 2007's time-based coalescing T (Sec. 4).",
                          TimeValue(MicroSeconds(50)),
                          MakeTimeAccessor(&CountTimeModeration::m_usecs),
                          MakeTimeChecker(Time(0), Seconds(1)))
            .AddAttribute("Frames",
                          "ethtool rx-frames: completed frames that assert the interrupt "
                          "(0 to 65535; 0 = no count limit, time only; 1 with Usecs = 0 = "
                          "every frame). Default 8: Salah et al. 2007's count-based coalescing tau "
                          "(Sec. 4). Usecs and Frames must not both be 0.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&CountTimeModeration::m_frames),
                          MakeUintegerChecker<uint32_t>(0, 65535));
    return tid;
}

CountTimeModeration::CountTimeModeration()
{
    NS_LOG_FUNCTION(this);
}

CountTimeModeration::~CountTimeModeration()
{
    NS_LOG_FUNCTION(this);
}

void
CountTimeModeration::DoCheckConfig() const
{
    NS_ABORT_MSG_IF(m_usecs.IsZero() && m_frames == 0,
                    "CountTimeModeration: Usecs and Frames are both 0, so no interrupt would "
                    "ever be raised; set Usecs > 0 or Frames > 0 (Usecs = 0, Frames = 1 "
                    "interrupts for every frame)");
}

void
CountTimeModeration::DoDispose()
{
    m_timer.Cancel();
    InterruptModeration::DoDispose();
}

void
CountTimeModeration::DoFrameCompleted(uint32_t bytes)
{
    m_count++;
    if (m_frames > 0 && m_count >= m_frames)
    {
        Fire();
        return;
    }
    if (m_usecs.IsStrictlyPositive() && !m_timer.IsPending())
    {
        m_timer = Simulator::Schedule(m_usecs, [this] { Expire(); });
    }
}

void
CountTimeModeration::Expire()
{
    Fire();
}

void
CountTimeModeration::Fire()
{
    m_timer.Cancel();
    m_count = 0;
    RaiseInterrupt();
}

void
CountTimeModeration::DoReset()
{
    m_timer.Cancel();
    m_count = 0;
}

} // namespace ns3
