/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "disable-enable-rx-mode.h"

#include "ns3/log.h"

#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DisableEnableRxMode");

NS_OBJECT_ENSURE_REGISTERED(DisableEnableRxMode);

TypeId
DisableEnableRxMode::GetTypeId()
{
    static TypeId tid = TypeId("ns3::DisableEnableRxMode")
                            .SetParent<NapiRxMode>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<DisableEnableRxMode>();
    return tid;
}

DisableEnableRxMode::DisableEnableRxMode()
{
    NS_LOG_FUNCTION(this);
}

void
DisableEnableRxMode::NotifyConstructionCompleted()
{
    // After the attribute defaults were applied: process until the ring is empty, with no
    // quota (and, see UsesSharedSoftnet, no softirq budget and no ksoftirqd).
    m_weight = std::numeric_limits<uint32_t>::max();
    NapiRxMode::NotifyConstructionCompleted();
}

bool
DisableEnableRxMode::UsesSharedSoftnet() const
{
    return false;
}

} // namespace ns3
