/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "buffer-adaptive-moderation.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BufferAdaptiveModeration");

NS_OBJECT_ENSURE_REGISTERED(BufferAdaptiveModeration);

TypeId
BufferAdaptiveModeration::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::BufferAdaptiveModeration")
            .SetParent<MinimumGapModeration>()
            .SetGroupName("Hostnet")
            .AddConstructor<BufferAdaptiveModeration>()
            .AddAttribute("SamplingInterval",
                          "Length of a sampling interval: T is adjusted once per interval from "
                          "its maximum utilisation (1 us to 10 s). Default 10 ms: our choice "
                          "(Chang et al. 2008 give none), about a hundred interrupts at "
                          "MaxInterval.",
                          TimeValue(MilliSeconds(10)),
                          MakeTimeAccessor(&BufferAdaptiveModeration::m_samplingInterval),
                          MakeTimeChecker(MicroSeconds(1), Seconds(10)))
            .AddAttribute("LowUtilization",
                          "Below this maximum utilisation T decreases by Step (0 to 1, less "
                          "than HighUtilization). Default 0.2: our choice (Chang et al. 2008 give "
                          "none).",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&BufferAdaptiveModeration::m_lowUtilization),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("HighUtilization",
                          "Above this maximum utilisation T increases by Step (0 to 1, more "
                          "than LowUtilization). Default 0.8: our choice, a margin below "
                          "overflow, which Chang et al. 2008's Proposition 3 makes the criterion.",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&BufferAdaptiveModeration::m_highUtilization),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("MinInterval",
                          "Lower bound of T (0 to 1 s; 0 = one interrupt per frame). Default "
                          "0: the per-packet end of the experimental range of Chang et al. 2008 "
                          "(Fig. 5).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&BufferAdaptiveModeration::m_minInterval),
                          MakeTimeChecker(Time(0), Seconds(1)))
            .AddAttribute("MaxInterval",
                          "Upper bound of T (0 to 1 s, at least MinInterval). Default 500 us: "
                          "2000 interrupts/s, the other end of the experimental range of Chang et "
                          "al. 2008 (Fig. 5).",
                          TimeValue(MicroSeconds(500)),
                          MakeTimeAccessor(&BufferAdaptiveModeration::m_maxInterval),
                          MakeTimeChecker(Time(0), Seconds(1)))
            .AddAttribute("InitialInterval",
                          "T at start (0 to 1 s, within [MinInterval, MaxInterval]). Default "
                          "125 us: 8000 interrupts/s, ThrottleModeration's default rate.",
                          TimeValue(MicroSeconds(125)),
                          MakeTimeAccessor(&BufferAdaptiveModeration::m_initialInterval),
                          MakeTimeChecker(Time(0), Seconds(1)))
            .AddAttribute("Step",
                          "Change of T per sampling interval (1 ns to 1 s). Default 25 us: our "
                          "choice (Chang et al. 2008 give none), 20 steps across the default "
                          "bounds.",
                          TimeValue(MicroSeconds(25)),
                          MakeTimeAccessor(&BufferAdaptiveModeration::m_step),
                          MakeTimeChecker(NanoSeconds(1), Seconds(1)))
            .AddTraceSource("Interval",
                            "The throttle interval T changed.",
                            MakeTraceSourceAccessor(&BufferAdaptiveModeration::m_interval),
                            "ns3::TracedValueCallback::Time");
    return tid;
}

BufferAdaptiveModeration::BufferAdaptiveModeration()
{
    NS_LOG_FUNCTION(this);
}

BufferAdaptiveModeration::~BufferAdaptiveModeration()
{
    NS_LOG_FUNCTION(this);
}

void
BufferAdaptiveModeration::DoCheckConfig() const
{
    NS_ABORT_MSG_IF(m_lowUtilization >= m_highUtilization,
                    "BufferAdaptiveModeration: LowUtilization ("
                        << m_lowUtilization << ") must be less than HighUtilization ("
                        << m_highUtilization << ")");
    NS_ABORT_MSG_IF(m_minInterval > m_maxInterval,
                    "BufferAdaptiveModeration: MinInterval (" << m_minInterval.As(Time::US)
                                                              << ") must not exceed MaxInterval ("
                                                              << m_maxInterval.As(Time::US) << ")");
    NS_ABORT_MSG_IF(m_initialInterval < m_minInterval || m_initialInterval > m_maxInterval,
                    "BufferAdaptiveModeration: InitialInterval ("
                        << m_initialInterval.As(Time::US) << ") must lie within [MinInterval, "
                        << "MaxInterval] = [" << m_minInterval.As(Time::US) << ", "
                        << m_maxInterval.As(Time::US) << "]");
}

void
BufferAdaptiveModeration::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    MinimumGapModeration::DoInitialize(); // checks the configuration first
    m_interval = m_initialInterval;
    SetGap(m_initialInterval);
}

void
BufferAdaptiveModeration::DoDispose()
{
    m_probe = Callback<double>();
    MinimumGapModeration::DoDispose();
}

void
BufferAdaptiveModeration::SetUtilizationProbe(Callback<double> probe)
{
    NS_LOG_FUNCTION(this);
    m_probe = probe;
}

bool
BufferAdaptiveModeration::OfferUtilizationProbe(Callback<double> probe)
{
    SetUtilizationProbe(probe);
    return true;
}

Time
BufferAdaptiveModeration::GetInterval() const
{
    return m_interval;
}

double
BufferAdaptiveModeration::GetLastMaxUtilization() const
{
    return m_lastMaxUtilization;
}

void
BufferAdaptiveModeration::NotifyInterrupt()
{
    NS_ABORT_MSG_IF(m_probe.IsNull(),
                    "BufferAdaptiveModeration: no utilisation probe; call "
                    "SetUtilizationProbe before traffic starts");
    double utilization = m_probe();
    Time now = Simulator::Now();
    if (!m_sampling)
    {
        m_sampling = true;
        m_intervalStart = now;
        m_maxUtilization = utilization;
    }
    else
    {
        m_maxUtilization = std::max(m_maxUtilization, utilization);
    }
    if (now - m_intervalStart < m_samplingInterval)
    {
        return;
    }
    // Close the interval (this assertion's sample included), adjust T, and open the next
    // interval now; it has no sample yet (utilisations are >= 0).
    double peak = m_maxUtilization;
    m_lastMaxUtilization = peak;
    m_intervalStart = now;
    m_maxUtilization = 0;
    Time t = m_interval;
    if (peak > m_highUtilization)
    {
        t = std::min(t + m_step, m_maxInterval);
    }
    else if (peak < m_lowUtilization)
    {
        t = std::max(t - m_step, m_minInterval);
    }
    NS_LOG_DEBUG("max utilisation " << peak << " T " << m_interval.Get() << " -> " << t);
    if (t != m_interval.Get())
    {
        m_interval = t;
        SetGap(t);
        NotifyModerationChanged(t, 0);
    }
}

} // namespace ns3
