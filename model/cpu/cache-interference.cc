/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "cache-interference.h"

#include "ns3/log.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("CacheInterference");

NS_OBJECT_ENSURE_REGISTERED(CacheInterference);

TypeId
CacheInterference::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CacheInterference")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<CacheInterference>()
            .AddAttribute("RefillTime",
                          "CPU time a context (a core's hard-IRQ handlers, its softirq, a "
                          "task) pays to refill caches and TLBs when all it had on the core "
                          "was evicted by other contexts; paid before its work, scaled by "
                          "1 - exp(-F / EvictionWork) for F of other contexts' CPU time in "
                          "between (not scaled by Speed). 0 = off (the 2000s papers' hosts). "
                          "Must be >= 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&CacheInterference::m_refillTime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("EvictionWork",
                          "CPU time of other contexts on a core after which 1 - 1/e of a "
                          "context's working state there is gone (the time constant of the "
                          "refill's growth). Must be > 0.",
                          TimeValue(MicroSeconds(10)),
                          MakeTimeAccessor(&CacheInterference::m_evictionWork),
                          MakeTimeChecker(NanoSeconds(1)));
    return tid;
}

Time
CacheInterference::GetRefill(Time foreignWork) const
{
    if (!IsEnabled() || foreignWork.IsZero())
    {
        return Time(0);
    }
    if (foreignWork.IsStrictlyNegative())
    {
        return m_refillTime;
    }
    double x = foreignWork.GetDouble() / m_evictionWork.GetDouble();
    return TimeStep(std::llround(m_refillTime.GetDouble() * -std::expm1(-x)));
}

} // namespace ns3
