/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "packet-absolute-timer-moderation.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketAbsoluteTimerModeration");

NS_OBJECT_ENSURE_REGISTERED(PacketAbsoluteTimerModeration);

TypeId
PacketAbsoluteTimerModeration::GetTypeId()
{
    // Largest register value: 65535 units of 1.024 us.
    static const Time maxDelay = NanoSeconds(65535 * 1024);
    static TypeId tid =
        TypeId("ns3::PacketAbsoluteTimerModeration")
            .SetParent<InterruptModeration>()
            .SetGroupName("Hostnet")
            .AddConstructor<PacketAbsoluteTimerModeration>()
            .AddAttribute("PacketTimer",
                          "RDTR, the receive packet timer, restarted by every completed frame "
                          "(0 to 65535 x 1.024 us = 67.108 ms; 0 = interrupt at once). "
                          "Default 0: e1000/e1000e DEFAULT_RDTR (RxIntDelay = 0).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&PacketAbsoluteTimerModeration::m_packetTimer),
                          MakeTimeChecker(Time(0), maxDelay))
            .AddAttribute("AbsoluteTimer",
                          "RADV, the receive absolute timer, started by the first frame after "
                          "an interrupt and not restarted (0 to 65535 x 1.024 us = 67.108 ms; "
                          "0 = off). Default 8 x 1.024 us = 8.192 us: e1000e DEFAULT_RADV "
                          "(RxAbsIntDelay = 8).",
                          TimeValue(NanoSeconds(8 * 1024)),
                          MakeTimeAccessor(&PacketAbsoluteTimerModeration::m_absoluteTimer),
                          MakeTimeChecker(Time(0), maxDelay));
    return tid;
}

PacketAbsoluteTimerModeration::PacketAbsoluteTimerModeration()
{
    NS_LOG_FUNCTION(this);
}

PacketAbsoluteTimerModeration::~PacketAbsoluteTimerModeration()
{
    NS_LOG_FUNCTION(this);
}

void
PacketAbsoluteTimerModeration::DoDispose()
{
    m_event.Cancel();
    InterruptModeration::DoDispose();
}

Time
PacketAbsoluteTimerModeration::GetEarliestDeadline() const
{
    return m_absoluteRunning ? std::min(m_packetDeadline, m_absoluteDeadline) : m_packetDeadline;
}

void
PacketAbsoluteTimerModeration::DoFrameCompleted(uint32_t bytes)
{
    if (m_packetTimer.IsZero())
    {
        RaiseInterrupt();
        return;
    }
    Time now = Simulator::Now();
    m_packetDeadline = now + m_packetTimer;
    if (!m_running)
    {
        m_running = true;
        if (m_absoluteTimer.IsStrictlyPositive())
        {
            m_absoluteRunning = true;
            m_absoluteDeadline = now + m_absoluteTimer;
        }
    }
    if (!m_event.IsPending())
    {
        m_event = Simulator::Schedule(GetEarliestDeadline() - now, [this] { Expire(); });
    }
    // A pending event is never later than the new earliest deadline: the absolute deadline
    // is fixed once set and the packet deadline only moves later. Expire re-arms.
}

void
PacketAbsoluteTimerModeration::Expire()
{
    Time now = Simulator::Now();
    Time deadline = GetEarliestDeadline();
    if (now < deadline)
    {
        m_event = Simulator::Schedule(deadline - now, [this] { Expire(); });
        return;
    }
    m_running = false;
    m_absoluteRunning = false;
    RaiseInterrupt();
}

void
PacketAbsoluteTimerModeration::DoReset()
{
    m_event.Cancel();
    m_running = false;
    m_absoluteRunning = false;
}

} // namespace ns3
