/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_NET_FLOW_PROBE_H
#define HOST_NET_FLOW_PROBE_H

#include "ns3/flow-probe.h"
#include "ns3/host-net-stack.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/node-container.h"

namespace ns3
{

class FlowMonitor;
class Node;
class Packet;

/**
 * @ingroup hostnet
 * @brief A FlowMonitor probe that counts every wire segment of the GRO packets and LRO
 * aggregates a HostNetDevice hands to the stack.
 *
 * ns-3's Ipv4FlowProbe counts one received packet per IPv4 packet the node's IP layer
 * delivers. With GRO or LRO one delivered packet stands for many segments that were sent
 * (and counted as sent) one by one: without this probe FlowMonitor reports one received
 * packet per merged packet and the other segments as never received (lost after
 * MaxPerHopDelay).
 *
 * Installed on a node, this probe hooks MergedSegmentsTag::Collect into the node's
 * HostNetDevices (HostNetDevice::SetMergedPacketHook):
 * each merged packet then reaches the IP layer with its segments' FlowMonitor tags replaced
 * by one MergedSegmentsTag (Ipv4FlowProbe ignores it), and this probe reports each segment
 * to FlowMonitor, with the size it was sent with, when the IP layer delivers it locally
 * (ReportLastRx), forwards it (ReportForwarding) or drops it (ReportDrop). So FlowMonitor's
 * rxPackets and rxBytes count wire segments as txPackets and txBytes do, each segment's
 * delay runs from its own first transmission to the delivery of the merged packet (time
 * held by GRO or LRO included), and nothing merged is counted as lost. Packets that are
 * not merged are counted by Ipv4FlowProbe as usual. The probe appears in FlowMonitor's
 * per-probe statistics as one more probe per node (merged segments only).
 *
 * Install it after FlowMonitorHelper::Install and after the node's HostNetDevices are
 * installed. Queue drops of merged packets on a forwarding host are not reported (ns-3's
 * probe reports those through the PHY's TxQueue, where merged packets do not appear).
 */
class HostNetFlowProbe : public FlowProbe
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief Create a probe for a node's IPv4 layer (use Install).
     * @param monitor the FlowMonitor that the probe reports to
     * @param node a node with an Ipv4L3Protocol
     */
    HostNetFlowProbe(Ptr<FlowMonitor> monitor, Ptr<Node> node);
    ~HostNetFlowProbe() override;

    /**
     * @brief Install a probe on a node; its HostNetDevices then hand each merged packet's
     * segment tags to it (HostNetDevice::SetMergedPacketHook with MergedSegmentsTag::Collect).
     * @param monitor the FlowMonitor (from FlowMonitorHelper)
     * @param node the node (it must have an Ipv4L3Protocol)
     * @return the probe
     */
    static Ptr<HostNetFlowProbe> Install(Ptr<FlowMonitor> monitor, Ptr<Node> node);

    /**
     * @brief Install a probe on every node of a container that has an Ipv4L3Protocol.
     * @param monitor the FlowMonitor (from FlowMonitorHelper)
     * @param nodes the nodes
     */
    static void Install(Ptr<FlowMonitor> monitor, const NodeContainer& nodes);

    /**
     * @brief Install a probe on every node of the simulation that has an Ipv4L3Protocol.
     * @param monitor the FlowMonitor (from FlowMonitorHelper)
     */
    static void InstallAll(Ptr<FlowMonitor> monitor);

    /**
     * @brief Print, once per run (until Simulator::Destroy), how to make FlowMonitor count
     * merged segments if @p merged carries several FlowMonitor tags: a device without a
     * probe on its node checks its first merged packet with it. ns-3's Ipv4FlowProbe reads
     * only the first FlowMonitor tag of a packet, and neither it nor its FlowMonitor can be
     * reached from a device to report the others.
     * @param nodeId the receiving node
     * @param merged a merged packet (GRO/LRO) about to go up the stack
     */
    static void WarnIfUncounted(uint32_t nodeId, Ptr<const Packet> merged);

    /**
     * @brief Check the first merged packet of a node without a probe (WarnIfUncounted), then
     * stand down: set as the node's merged-packet hook (HostNetStack::SetMergedPacketHook)
     * when the first HostNetDevice of the node is set up, until Install replaces it.
     * @param stack the node's stack
     */
    static void WatchUncounted(Ptr<HostNetStack> stack);

  protected:
    void DoDispose() override;

  private:
    /**
     * @brief The hook WatchUncounted sets: removes itself, then checks @p merged.
     * @param stack the node's stack (its hook is this check until then)
     * @param merged the node's first merged packet
     * @return the packet, unchanged
     */
    static Ptr<const Packet> CheckFirstMerged(HostNetStack* stack, Ptr<const Packet> merged);

    /// Ipv4L3Protocol LocalDeliver: report every merged segment as received.
    void LocalDeliverLogger(const Ipv4Header& ipHeader,
                            Ptr<const Packet> ipPayload,
                            uint32_t interface);
    /// Ipv4L3Protocol UnicastForward: report every merged segment as forwarded.
    void ForwardLogger(const Ipv4Header& ipHeader, Ptr<const Packet> ipPayload, uint32_t interface);
    /// Ipv4L3Protocol Drop: report every merged segment as dropped.
    void DropLogger(const Ipv4Header& ipHeader,
                    Ptr<const Packet> ipPayload,
                    Ipv4L3Protocol::DropReason reason,
                    Ptr<Ipv4> ipv4,
                    uint32_t ifIndex);

    Ptr<Ipv4L3Protocol> m_ipv4; ///< the node's IPv4 layer
};

} // namespace ns3

#endif // HOST_NET_FLOW_PROBE_H
