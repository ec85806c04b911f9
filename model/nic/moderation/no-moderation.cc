/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "no-moderation.h"

#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NoModeration");

NS_OBJECT_ENSURE_REGISTERED(NoModeration);

TypeId
NoModeration::GetTypeId()
{
    static TypeId tid = TypeId("ns3::NoModeration")
                            .SetParent<InterruptModeration>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<NoModeration>();
    return tid;
}

void
NoModeration::DoFrameCompleted(uint32_t bytes)
{
    RaiseInterrupt();
}

void
NoModeration::DoReset()
{
}

} // namespace ns3
