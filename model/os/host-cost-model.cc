/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-cost-model.h"

namespace ns3
{

namespace
{
/// @return a sample of @p rv in seconds as a Time, negative samples as zero
Time
Sample(const Ptr<RandomVariableStream>& rv)
{
    return Max(Seconds(rv->GetValue()), Time(0));
}
} // namespace

void
HostCostModel::Set(const Costs& costs)
{
    m_costs = costs;
}

void
HostCostModel::Clear()
{
    m_costs = Costs();
}

void
HostCostModel::SetScale(double factor)
{
    m_scale = factor;
}

Time
HostCostModel::SampleIsr() const
{
    return Scaled(Sample(m_costs.isr));
}

Time
HostCostModel::SampleProtocol(uint32_t bytes) const
{
    Time cost = Sample(m_costs.protocol);
    if (m_costs.copyRate.GetBitRate() > 0)
    {
        cost += m_copyTime.Get(m_costs.copyRate, bytes);
    }
    return Scaled(cost);
}

Time
HostCostModel::SampleGro() const
{
    return Scaled(Sample(m_costs.gro));
}

Time
HostCostModel::SampleSteer() const
{
    return Scaled(Sample(m_costs.steer));
}

Time
HostCostModel::SampleRegisterWrite() const
{
    return Scaled(Sample(m_costs.registerWrite));
}

Time
HostCostModel::SamplePollOverhead() const
{
    return Scaled(Sample(m_costs.pollOverhead));
}

} // namespace ns3
