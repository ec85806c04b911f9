/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "interrupt-moderation.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InterruptModeration");

NS_OBJECT_ENSURE_REGISTERED(InterruptModeration);

TypeId
InterruptModeration::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::InterruptModeration")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddTraceSource("ModerationChanged",
                            "An adaptive scheme applies a new setting (the time limit: the "
                            "minimum gap or the timer; the frame limit, 0 for none).",
                            MakeTraceSourceAccessor(&InterruptModeration::m_moderationChanged),
                            "ns3::InterruptModeration::ModerationChangedTracedCallback");
    return tid;
}

InterruptModeration::InterruptModeration()
{
    NS_LOG_FUNCTION(this);
}

InterruptModeration::InterruptModeration(const InterruptModeration& other)
    : Object(other)
{
    NS_LOG_FUNCTION(this << &other);
}

InterruptModeration::~InterruptModeration()
{
    NS_LOG_FUNCTION(this);
}

void
InterruptModeration::SetInterruptCallback(Callback<void> raise)
{
    m_raise = raise;
}

bool
InterruptModeration::IgnoresFrames() const
{
    return false;
}

void
InterruptModeration::SetFramesWantedCallback(Callback<void> wanted)
{
    m_framesWanted = wanted;
}

void
InterruptModeration::NotifyFramesWanted()
{
    if (!m_framesWanted.IsNull())
    {
        m_framesWanted();
    }
}

void
InterruptModeration::NotifyModerationChanged(Time interval, uint32_t frames)
{
    NS_LOG_FUNCTION(this << interval << frames);
    m_moderationChanged(interval, frames);
}

bool
InterruptModeration::OfferUtilizationProbe(Callback<double> probe)
{
    return false;
}

int64_t
InterruptModeration::AssignStreams(int64_t stream)
{
    return 0;
}

void
InterruptModeration::DoDispose()
{
    m_raise = Callback<void>();
    m_framesWanted = Callback<void>();
    Object::DoDispose();
}

void
InterruptModeration::RaiseInterrupt()
{
    if (!m_raise.IsNull())
    {
        m_raise();
    }
}

void
InterruptModeration::FrameTaken(uint32_t bytes)
{
}

void
InterruptModeration::InterruptUnmasking()
{
}

void
InterruptModeration::RingDrainedByIsr()
{
}

void
InterruptModeration::PendingOnUnmask()
{
    RaiseInterrupt();
}

} // namespace ns3
