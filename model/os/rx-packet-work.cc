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
#include "ns3/rx-ring.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RxPacketWork");

Time
RxPacketWork::ProtocolCost(const RxQueue& queue, const RxFrame& frame)
{
    return queue.GetCosts().SampleProtocol(frame.size);
}

Time
RxPacketWork::RefillCost(RxRing& ring)
{
    return ring.HasRefillCost() ? ring.SampleRefillCost() : Time(0);
}

Time
RxPacketWork::FrameCost(const RxQueue& queue, RxRing& ring, const RxFrame& frame)
{
    Time cost = ProtocolCost(queue, frame);
    cost += RefillCost(ring);
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
