/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "core-costs.h"

namespace ns3
{

void
CoreCosts::Set(Ptr<const HostCostModel> costs, Ptr<RandomVariableStream> steerCost, double scale)
{
    m_costs = costs;
    m_steer = steerCost;
    m_copyRate = costs->GetProtocolCopyRate();
    m_scale = scale;
}

void
CoreCosts::Clear()
{
    m_costs = nullptr;
    m_steer = nullptr;
}

Time
CoreCosts::SampleProtocol(uint32_t bytes) const
{
    Time cost = m_costs->SampleProtocolPerPacket();
    if (m_copyRate.GetBitRate() > 0)
    {
        cost += m_copyTime.Get(m_copyRate, bytes);
    }
    return Scaled(cost);
}

} // namespace ns3
