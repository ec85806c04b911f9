/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rx-packet-work.h"

#include "rx-queue.h"

#include "ns3/host-cpu.h"
#include "ns3/log.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RxPacketWork");

Time
RxPacketWork::ProtocolCost(const RxQueue& queue, const RxFrame& frame)
{
    return queue.GetCosts().SampleProtocol(frame.size);
}

Time
RxPacketWork::FrameCost(RxQueue& queue, const RxFrame& frame)
{
    Time cost = ProtocolCost(queue, frame);
    cost += queue.SampleRefillCost();
    return cost;
}

Time
RxPacketWork::SteerOrProtocolCost(const RxQueue& queue,
                                  const RxFrame& frame,
                                  uint32_t core,
                                  uint32_t here)
{
    return core != here ? queue.GetCosts().SampleSteer() : ProtocolCost(queue, frame);
}

void
RxPacketWork::Deliver(RxQueue& queue, const HostCpu& cpu, RxFrame&& frame)
{
    Time start = cpu.GetCompletingWorkStart();
    queue.DeliverFrame(std::move(frame), start);
}

void
RxPacketWork::SteerOrDeliver(RxQueue& queue,
                             const HostCpu& cpu,
                             RxFrame&& frame,
                             uint32_t core,
                             uint32_t here)
{
    if (core != here)
    {
        queue.SteerToBacklog(core, std::move(frame));
        return;
    }
    Deliver(queue, cpu, std::move(frame));
}

} // namespace ns3
