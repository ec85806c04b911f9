/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-flow-probe.h"

#include "ns3/abort.h"
#include "ns3/flow-monitor.h"
#include "ns3/ipv4-flow-probe.h"
#include "ns3/log.h"
#include "ns3/merged-segments-tag.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"

#include <iostream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetFlowProbe");

NS_OBJECT_ENSURE_REGISTERED(HostNetFlowProbe);

TypeId
HostNetFlowProbe::GetTypeId()
{
    // No AddConstructor: the probe needs its monitor and node.
    static TypeId tid =
        TypeId("ns3::HostNetFlowProbe").SetParent<FlowProbe>().SetGroupName("Hostnet");
    return tid;
}

HostNetFlowProbe::HostNetFlowProbe(Ptr<FlowMonitor> monitor, Ptr<Node> node)
    : FlowProbe(monitor)
{
    NS_LOG_FUNCTION(this << node->GetId());
    m_ipv4 = node->GetObject<Ipv4L3Protocol>();
    NS_ABORT_MSG_IF(!m_ipv4,
                    "HostNetFlowProbe: node " << node->GetId() << " has no Ipv4L3Protocol");
    // The callbacks hold the probe (as Ipv4FlowProbe's do): it lives as long as the IP layer.
    Ptr<HostNetFlowProbe> self(this);
    bool ok =
        m_ipv4->TraceConnectWithoutContext(
            "LocalDeliver",
            MakeCallback(&HostNetFlowProbe::LocalDeliverLogger, self)) &&
        m_ipv4->TraceConnectWithoutContext("UnicastForward",
                                           MakeCallback(&HostNetFlowProbe::ForwardLogger, self)) &&
        m_ipv4->TraceConnectWithoutContext("Drop",
                                           MakeCallback(&HostNetFlowProbe::DropLogger, self));
    NS_ABORT_MSG_IF(!ok, "HostNetFlowProbe: cannot connect to the Ipv4L3Protocol traces");
}

HostNetFlowProbe::~HostNetFlowProbe()
{
    NS_LOG_FUNCTION(this);
}

void
HostNetFlowProbe::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_ipv4 = nullptr;
    FlowProbe::DoDispose();
}

void
HostNetFlowProbe::WarnIfUncounted(uint32_t nodeId, Ptr<const Packet> merged)
{
    static bool warned = false;
    if (warned || MergedSegmentsTag::CountFlowProbeTags(merged) < 2)
    {
        return;
    }
    warned = true;
    Simulator::ScheduleDestroy([] { warned = false; });
    std::clog << "hostnet: warning: node " << nodeId
              << " merges received segments (GRO/LRO) that FlowMonitor tagged, but no "
                 "HostNetFlowProbe is installed: FlowMonitor counts one packet per merged "
                 "packet and reports the other segments as lost. Add "
                 "'HostNetFlowProbe::InstallAll(monitor);' after 'FlowMonitorHelper::InstallAll()' "
                 "(Python: ns.HostNetFlowProbe.InstallAll(monitor)).\n";
}

void
HostNetFlowProbe::WatchUncounted(Ptr<HostNetStack> stack)
{
    // A raw pointer: the stack holds the hook, and disposes of it with itself.
    stack->SetMergedPacketHook(
        MakeBoundCallback(&HostNetFlowProbe::CheckFirstMerged, PeekPointer(stack)));
}

Ptr<const Packet>
HostNetFlowProbe::CheckFirstMerged(HostNetStack* stack, Ptr<const Packet> merged)
{
    stack->SetMergedPacketHook(Callback<Ptr<const Packet>, Ptr<const Packet>>());
    WarnIfUncounted(stack->GetObject<Node>()->GetId(), merged);
    return merged;
}

Ptr<HostNetFlowProbe>
HostNetFlowProbe::Install(Ptr<FlowMonitor> monitor, Ptr<Node> node)
{
    NS_ABORT_MSG_IF(!monitor, "HostNetFlowProbe::Install: null FlowMonitor");
    auto probe = Create<HostNetFlowProbe>(monitor, node);
    // FlowMonitor: the segments' tags come to this probe (see MergedSegmentsTag).
    if (auto stack = node->GetObject<HostNetStack>())
    {
        stack->SetMergedPacketHook(MakeCallback(&MergedSegmentsTag::Collect));
    }
    return probe;
}

void
HostNetFlowProbe::Install(Ptr<FlowMonitor> monitor, const NodeContainer& nodes)
{
    for (auto it = nodes.Begin(); it != nodes.End(); ++it)
    {
        if ((*it)->GetObject<Ipv4L3Protocol>())
        {
            Install(monitor, *it);
        }
    }
}

void
HostNetFlowProbe::InstallAll(Ptr<FlowMonitor> monitor)
{
    Install(monitor, NodeContainer::GetGlobal());
}

void
HostNetFlowProbe::LocalDeliverLogger(const Ipv4Header& ipHeader,
                                     Ptr<const Packet> ipPayload,
                                     uint32_t interface)
{
    MergedSegmentsTag tag;
    if (!m_flowMonitor || !ipPayload->FindFirstMatchingByteTag(tag))
    {
        return;
    }
    for (const auto& s : tag.GetSegments())
    {
        if (s.src != ipHeader.GetSource() || s.dst != ipHeader.GetDestination())
        {
            continue; // an encapsulated packet (as Ipv4FlowProbe::ForwardUpLogger)
        }
        NS_LOG_DEBUG("ReportLastRx (" << this << ", " << s.flowId << ", " << s.packetId << ", "
                                      << s.size << ")");
        m_flowMonitor->ReportLastRx(this, s.flowId, s.packetId, s.size);
    }
}

void
HostNetFlowProbe::ForwardLogger(const Ipv4Header& ipHeader,
                                Ptr<const Packet> ipPayload,
                                uint32_t interface)
{
    MergedSegmentsTag tag;
    if (!m_flowMonitor || !ipPayload->FindFirstMatchingByteTag(tag))
    {
        return;
    }
    if (!ipHeader.IsLastFragment() || ipHeader.GetFragmentOffset() != 0)
    {
        NS_LOG_WARN("Not counting fragmented packets");
        return;
    }
    for (const auto& s : tag.GetSegments())
    {
        if (s.src == ipHeader.GetSource() && s.dst == ipHeader.GetDestination())
        {
            m_flowMonitor->ReportForwarding(this, s.flowId, s.packetId, s.size);
        }
    }
}

void
HostNetFlowProbe::DropLogger(const Ipv4Header& ipHeader,
                             Ptr<const Packet> ipPayload,
                             Ipv4L3Protocol::DropReason reason,
                             Ptr<Ipv4> ipv4,
                             uint32_t ifIndex)
{
    MergedSegmentsTag tag;
    if (!m_flowMonitor || !ipPayload->FindFirstMatchingByteTag(tag))
    {
        return;
    }
    // Ipv4FlowProbe's reason codes, so that FlowMonitor's statistics use one numbering.
    Ipv4FlowProbe::DropReason code;
    switch (reason)
    {
    case Ipv4L3Protocol::DROP_TTL_EXPIRED:
        code = Ipv4FlowProbe::DROP_TTL_EXPIRE;
        break;
    case Ipv4L3Protocol::DROP_NO_ROUTE:
        code = Ipv4FlowProbe::DROP_NO_ROUTE;
        break;
    case Ipv4L3Protocol::DROP_BAD_CHECKSUM:
        code = Ipv4FlowProbe::DROP_BAD_CHECKSUM;
        break;
    case Ipv4L3Protocol::DROP_INTERFACE_DOWN:
        code = Ipv4FlowProbe::DROP_INTERFACE_DOWN;
        break;
    case Ipv4L3Protocol::DROP_ROUTE_ERROR:
        code = Ipv4FlowProbe::DROP_ROUTE_ERROR;
        break;
    case Ipv4L3Protocol::DROP_FRAGMENT_TIMEOUT:
        code = Ipv4FlowProbe::DROP_FRAGMENT_TIMEOUT;
        break;
    default:
        code = Ipv4FlowProbe::DROP_INVALID_REASON;
        break;
    }
    for (const auto& s : tag.GetSegments())
    {
        m_flowMonitor->ReportDrop(this, s.flowId, s.packetId, s.size, code);
    }
}

} // namespace ns3
