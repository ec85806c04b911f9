/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "e1000-dynamic-itr-moderation.h"

#include "ns3/boolean.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("E1000DynamicItrModeration");

NS_OBJECT_ENSURE_REGISTERED(E1000DynamicItrModeration);

TypeId
E1000DynamicItrModeration::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::E1000DynamicItrModeration")
            .SetParent<MinimumGapModeration>()
            .SetGroupName("Hostnet")
            .AddConstructor<E1000DynamicItrModeration>()
            .AddAttribute("Conservative",
                          "Conservative dynamic mode (e1000 InterruptThrottleRate = 3): the "
                          "lowest-latency range (70000/s) is replaced by the low-latency range "
                          "(20000/s). false is InterruptThrottleRate = 1 (dynamic). true or "
                          "false; default true, the driver's default (DEFAULT_ITR 3 in "
                          "e1000/e1000e param.c).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&E1000DynamicItrModeration::m_conservative),
                          MakeBooleanChecker())
            .AddTraceSource("Itr",
                            "The programmed interrupt rate (interrupts/s) changed.",
                            MakeTraceSourceAccessor(&E1000DynamicItrModeration::m_itr),
                            "ns3::TracedValueCallback::Uint32");
    return tid;
}

E1000DynamicItrModeration::E1000DynamicItrModeration()
{
    NS_LOG_FUNCTION(this);
    SetGap(NanoSeconds(std::llround(1e9 / INITIAL_RATE)));
}

E1000DynamicItrModeration::~E1000DynamicItrModeration()
{
    NS_LOG_FUNCTION(this);
}

E1000DynamicItrModeration::LatencyRange
E1000DynamicItrModeration::UpdateLatencyRange(LatencyRange current,
                                              uint32_t packets,
                                              uint32_t bytes)
{
    if (packets == 0)
    {
        return current;
    }
    uint32_t perPacket = bytes / packets;
    switch (current)
    {
    case LOWEST_LATENCY:
        if (perPacket > 8000) // jumbo frames
        {
            return BULK_LATENCY;
        }
        if (packets < 5 && bytes > 512)
        {
            return LOW_LATENCY;
        }
        return LOWEST_LATENCY;
    case LOW_LATENCY:
        if (bytes > 10000)
        {
            if (perPacket > 8000 || packets < 10 || perPacket > 1200)
            {
                return BULK_LATENCY;
            }
            if (packets > 35)
            {
                return LOWEST_LATENCY;
            }
            return LOW_LATENCY;
        }
        if (perPacket > 2000)
        {
            return BULK_LATENCY;
        }
        if (packets <= 2 && bytes < 512)
        {
            return LOWEST_LATENCY;
        }
        return LOW_LATENCY;
    case BULK_LATENCY:
        if (bytes > 25000)
        {
            return packets > 35 ? LOW_LATENCY : BULK_LATENCY;
        }
        return bytes < 6000 ? LOW_LATENCY : BULK_LATENCY;
    }
    return current;
}

uint32_t
E1000DynamicItrModeration::SmoothRate(uint32_t itr, uint32_t target)
{
    if (target > itr)
    {
        return std::min(itr + (target >> 2), target);
    }
    return target;
}

uint32_t
E1000DynamicItrModeration::GetRangeRate(LatencyRange range)
{
    switch (range)
    {
    case LOWEST_LATENCY:
        return LOWEST_LATENCY_RATE;
    case LOW_LATENCY:
        return LOW_LATENCY_RATE;
    case BULK_LATENCY:
        return BULK_LATENCY_RATE;
    }
    return LOW_LATENCY_RATE;
}

E1000DynamicItrModeration::LatencyRange
E1000DynamicItrModeration::GetLatencyRange() const
{
    return m_range;
}

uint32_t
E1000DynamicItrModeration::GetItr() const
{
    return m_itr;
}

void
E1000DynamicItrModeration::DoFrameTaken(uint32_t bytes)
{
    m_packets++;
    m_bytes += bytes;
}

void
E1000DynamicItrModeration::NotifyInterrupt()
{
    // e1000_intr: the counters restart with the episode this interrupt schedules.
    m_packets = 0;
    m_bytes = 0;
}

void
E1000DynamicItrModeration::DoInterruptUnmasking()
{
    SetItr();
}

void
E1000DynamicItrModeration::DoRingDrainedByIsr()
{
    SetItr();
}

void
E1000DynamicItrModeration::SetItr()
{
    NS_LOG_FUNCTION(this << m_packets << m_bytes);
    m_range = UpdateLatencyRange(m_range, m_packets, m_bytes);
    if (m_conservative && m_range == LOWEST_LATENCY)
    {
        m_range = LOW_LATENCY;
    }
    uint32_t target = GetRangeRate(m_range);
    if (target != m_itr)
    {
        m_itr = SmoothRate(m_itr, target);
        SetGap(NanoSeconds(std::llround(1e9 / m_itr)));
        NotifyModerationChanged(GetGap(), 0);
        NS_LOG_DEBUG("range " << +m_range << " itr " << m_itr);
    }
}

} // namespace ns3
