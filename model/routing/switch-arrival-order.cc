/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "switch-arrival-order.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/traffic-control-layer.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SwitchArrivalOrder");

NS_OBJECT_ENSURE_REGISTERED(SwitchArrivalOrder);

TypeId
SwitchArrivalOrder::GetTypeId()
{
    static TypeId tid = TypeId("ns3::SwitchArrivalOrder")
                            .SetParent<Object>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<SwitchArrivalOrder>();
    return tid;
}

Ptr<SwitchArrivalOrder>
SwitchArrivalOrder::Install(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(!node, "SwitchArrivalOrder::Install: null node");
    Ptr<TrafficControlLayer> tc = node->GetObject<TrafficControlLayer>();
    NS_ABORT_MSG_IF(!tc,
                    "SwitchArrivalOrder::Install: node " << node->GetId()
                                                         << " has no internet stack (install it "
                                                            "and the devices first)");
    NS_ABORT_MSG_IF(node->GetObject<SwitchArrivalOrder>(),
                    "SwitchArrivalOrder::Install: node " << node->GetId() << " has one already");
    auto order = CreateObject<SwitchArrivalOrder>();
    order->m_tc = tc;
    // The stack registered the traffic-control layer for every device and protocol: this
    // takes its place (one registration per device, every protocol) and calls it later.
    // Node::UnregisterProtocolHandler removes one registration per call (IPv4 and IPv6 each
    // registered the layer for every device): call it until none can be left.
    for (uint32_t i = 0; i < 4 * node->GetNDevices() + 4; ++i)
    {
        node->UnregisterProtocolHandler(MakeCallback(&TrafficControlLayer::Receive, tc));
    }
    for (uint32_t i = 0; i < node->GetNDevices(); ++i)
    {
        node->RegisterProtocolHandler(MakeCallback(&SwitchArrivalOrder::Arrive, order),
                                      0,
                                      node->GetDevice(i));
    }
    node->AggregateObject(order);
    return order;
}

uint64_t
SwitchArrivalOrder::GetTiedFrames() const
{
    return m_tied;
}

void
SwitchArrivalOrder::DoDispose()
{
    m_flush.Cancel();
    m_pending.clear();
    m_tc = nullptr;
    Object::DoDispose();
}

void
SwitchArrivalOrder::Arrive(Ptr<NetDevice> device,
                           Ptr<const Packet> packet,
                           uint16_t protocol,
                           const Address& from,
                           const Address& to,
                           NetDevice::PacketType type)
{
    m_pending.push_back({device, packet, protocol, from, to, type});
    if (!m_flush.IsPending())
    {
        // After every event of this nanosecond scheduled before it began, which in either run
        // includes every frame of this nanosecond (links have a delay).
        m_flush = Simulator::ScheduleNow(&SwitchArrivalOrder::Flush, this);
    }
}

void
SwitchArrivalOrder::Flush()
{
    if (m_pending.size() > 1)
    {
        std::stable_sort(m_pending.begin(),
                         m_pending.end(),
                         [](const Arrival& a, const Arrival& b) {
                             return a.device->GetIfIndex() < b.device->GetIfIndex();
                         });
        m_tied += m_pending.size();
    }
    // Taken out first (a hand-over that brought a frame back here would start a new batch);
    // the vector's capacity is kept for the next nanosecond.
    std::vector<Arrival> batch;
    batch.swap(m_pending);
    for (const auto& a : batch)
    {
        m_tc->Receive(a.device, a.packet, a.protocol, a.from, a.to, a.type);
    }
    batch.clear();
    if (m_pending.empty())
    {
        m_pending.swap(batch);
    }
}

} // namespace ns3
