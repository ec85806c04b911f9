/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rx-frames-moderation.h"

#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RxFramesModeration");

NS_OBJECT_ENSURE_REGISTERED(RxFramesModeration);

TypeId
RxFramesModeration::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RxFramesModeration")
                            .SetParent<InterruptModeration>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<RxFramesModeration>()
                            .AddAttribute("Frames",
                                          "ethtool rx-frames: completed frames per interrupt "
                                          "(>= 1; 1 = normal interruption).",
                                          UintegerValue(8),
                                          MakeUintegerAccessor(&RxFramesModeration::m_frames),
                                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

void
RxFramesModeration::DoFrameCompleted(uint32_t bytes)
{
    if (++m_count >= m_frames)
    {
        m_count = 0;
        RaiseInterrupt();
    }
}

void
RxFramesModeration::DoReset()
{
    m_count = 0;
}

} // namespace ns3
