/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "throttle-moderation.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ThrottleModeration");

NS_OBJECT_ENSURE_REGISTERED(ThrottleModeration);

TypeId
ThrottleModeration::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ThrottleModeration")
            .SetParent<MinimumGapModeration>()
            .SetGroupName("Hostnet")
            .AddConstructor<ThrottleModeration>()
            .AddAttribute("InterruptRate",
                          "Maximum interrupt rate in interrupts per second: the minimum gap "
                          "between assertions is 1 / InterruptRate (1 to 1e6; the e1000/e1000e "
                          "InterruptThrottleRate parameter accepts 100-100000, ixgbe "
                          "100-500000). Default 8000: the ixgbe driver's default "
                          "InterruptThrottleRate (the experiments of Chang et al. 2008 sweep "
                          "2000/s up to one interrupt per packet).",
                          DoubleValue(8000),
                          MakeDoubleAccessor(&ThrottleModeration::SetInterruptRate,
                                             &ThrottleModeration::GetInterruptRate),
                          MakeDoubleChecker<double>(1, 1e6));
    return tid;
}

ThrottleModeration::ThrottleModeration()
{
    NS_LOG_FUNCTION(this);
    SetInterruptRate(m_rate);
}

ThrottleModeration::~ThrottleModeration()
{
    NS_LOG_FUNCTION(this);
}

void
ThrottleModeration::SetInterruptRate(double rate)
{
    NS_LOG_FUNCTION(this << rate);
    NS_ABORT_MSG_IF(!(rate > 0), "ThrottleModeration::InterruptRate must be > 0");
    m_rate = rate;
    SetGap(NanoSeconds(std::llround(1e9 / rate)));
}

double
ThrottleModeration::GetInterruptRate() const
{
    return m_rate;
}

} // namespace ns3
