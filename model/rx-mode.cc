/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rx-mode.h"

#include "host-net-device.h"

#include "ns3/log.h"

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

RxMode::~RxMode()
{
    NS_LOG_FUNCTION(this);
}

void
RxMode::Attach(HostNetDevice* device)
{
    NS_LOG_FUNCTION(this << device);
    m_device = device;
    m_cpu = device->GetCpu();
    m_ring = device->GetRxRing();
    m_core = device->GetIrqCore();
}

int64_t
RxMode::AssignStreams(int64_t stream)
{
    return 0;
}

void
RxMode::DoDispose()
{
    m_device = nullptr;
    m_cpu = nullptr;
    m_ring = nullptr;
    Object::DoDispose();
}

void
RxMode::NotifyFrameInMemory()
{
}

} // namespace ns3
