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
            .AddTraceSource("Interrupt",
                            "The scheme asserts the Rx interrupt (whether or not the host's "
                            "ISR then runs: an assertion during an ISR in service is absorbed).",
                            MakeTraceSourceAccessor(&InterruptModeration::m_interruptTrace),
                            "ns3::TracedCallback::Void")
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
InterruptModeration::DoInitialize()
{
    CheckConfig();
    Object::DoInitialize();
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
    m_nInterrupts++;
    m_interruptTrace();
    if (!m_raise.IsNull())
    {
        m_raise();
    }
}

void
InterruptModeration::FrameCompleted(uint32_t bytes)
{
    DoFrameCompleted(bytes);
}

void
InterruptModeration::Reset()
{
    DoReset();
}

void
InterruptModeration::FrameTaken(uint32_t bytes)
{
    DoFrameTaken(bytes);
}

void
InterruptModeration::InterruptUnmasking()
{
    DoInterruptUnmasking();
}

void
InterruptModeration::RingDrainedByIsr()
{
    DoRingDrainedByIsr();
}

void
InterruptModeration::PendingOnUnmask()
{
    DoPendingOnUnmask();
}

void
InterruptModeration::CheckConfig() const
{
    DoCheckConfig();
}

uint64_t
InterruptModeration::GetNInterrupts() const
{
    return m_nInterrupts;
}

void
InterruptModeration::DoFrameTaken(uint32_t bytes)
{
}

void
InterruptModeration::DoInterruptUnmasking()
{
}

void
InterruptModeration::DoRingDrainedByIsr()
{
}

void
InterruptModeration::DoPendingOnUnmask()
{
    RaiseInterrupt();
}

void
InterruptModeration::DoCheckConfig() const
{
}

} // namespace ns3
