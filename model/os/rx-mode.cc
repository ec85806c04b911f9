/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rx-mode.h"

#include "rx-queue.h"

#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/rx-ring.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RxMode");

NS_OBJECT_ENSURE_REGISTERED(RxMode);

TypeId
RxMode::GetTypeId()
{
    static TypeId tid = TypeId("ns3::RxMode").SetParent<Object>().SetGroupName("Hostnet");
    return tid;
}

RxMode::RxMode()
{
    NS_LOG_FUNCTION(this);
}

RxMode::RxMode(const RxMode& other)
    : Object(other)
{
    NS_LOG_FUNCTION(this << &other);
}

RxMode::~RxMode()
{
    NS_LOG_FUNCTION(this);
}

bool
RxMode::IsNapi() const
{
    return false;
}

void
RxMode::Attach(RxQueue* queue)
{
    NS_LOG_FUNCTION(this << queue);
    m_queue = queue;
    m_cpu = queue->GetCpu();
    m_ring = queue->GetRxRing();
    m_core = queue->GetIrqCore();
}

int64_t
RxMode::AssignStreams(int64_t stream)
{
    return 0;
}

void
RxMode::DoDispose()
{
    m_queue = nullptr;
    m_cpu = nullptr;
    m_ring = nullptr;
    Object::DoDispose();
}

double
RxMode::TakePeakUtilization()
{
    uint32_t descriptors = m_ring ? m_ring->GetNDescriptors() : 0;
    return descriptors ? std::min(1.0, double(m_ring->GetHostDescriptors()) / descriptors) : 0.0;
}

bool
RxMode::WantsFrameInMemory() const
{
    return false;
}

void
RxMode::NotifyFrameInMemory()
{
}

} // namespace ns3
