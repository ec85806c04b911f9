/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-tx-path.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/ipv4-address.h"
#include "ns3/ipv4-tcp-view.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-push-marker.h"
#include "ns3/uinteger.h"

#include <iterator>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostTxPath");

NS_OBJECT_ENSURE_REGISTERED(HostTxPath);

TypeId
HostTxPath::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostTxPath")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostTxPath>()
            .AddAttribute("TxRing",
                          "The NIC transmit descriptor ring (of queue pair 0; the others get "
                          "copies of it, made by Fork). Traces connected through this "
                          "attribute see queue pair 0 only: use the device's Queues/*/TxRing/... "
                          "for every queue pair.",
                          StringValue("ns3::TxRing"),
                          MakePointerAccessor(&HostTxPath::m_txRing),
                          MakePointerChecker<TxRing>())
            .AddAttribute("TsoEnabled",
                          "TCP segmentation offload: segments of one flow handed to the "
                          "device together (one TCP send burst, up to TsoMaxSize bytes) pay "
                          "HostCostModel::TxCost once; the NIC cuts the segments (ethtool -K "
                          "tso).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&HostTxPath::m_tso),
                          MakeBooleanChecker())
            .AddAttribute("GsoEnabled",
                          "Generic segmentation offload in software (used when TsoEnabled is "
                          "false): a send burst pays HostCostModel::TxCost once plus "
                          "GsoSegmentCost per segment.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&HostTxPath::m_gso),
                          MakeBooleanChecker())
            .AddAttribute("TsoMaxSize",
                          "Largest TSO/GSO send in bytes (Linux GSO_LEGACY_MAX_SIZE = 65536). "
                          "1500..262144.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&HostTxPath::m_maxSendSize),
                          MakeUintegerChecker<uint32_t>(1500, 262144));
    return tid;
}

namespace
{
/// @return the IPv4 flow hash input of a packet handed to Send, reversed (as the peer's
/// frames of the same connection arrive), or false if it is not TCP/UDP over IPv4
bool
ReverseFlow(Ptr<const Packet> packet,
            Ipv4Address& src,
            Ipv4Address& dst,
            uint16_t& sport,
            uint16_t& dport)
{
    // Version 4, TCP or UDP (fragments not told apart), its ports in the first 24 bytes (IHL
    // at most 5).
    if (packet->GetSize() < 24)
    {
        return false;
    }
    auto view = Ipv4TcpView::AtIpv4(*packet, 24);
    if (view.GetCopied() < 24 || view.GetVersion() != 4 ||
        (view.GetProtocol() != 6 && view.GetProtocol() != 17) || view.GetTransportOffset() + 4 > 24)
    {
        return false;
    }
    src = view.GetDestination();
    dst = view.GetSource();
    sport = view.GetDestinationPort();
    dport = view.GetSourcePort();
    return true;
}
} // namespace

Ptr<TxRing>
HostTxPath::MakeRing(uint32_t pair) const
{
    if (pair == 0)
    {
        return m_txRing;
    }
    // Checked to be of the same class: one that does not override Fork gives its parent's copy.
    Ptr<TxRing> copy = m_txRing->Fork();
    NS_ABORT_MSG_IF(!copy || copy->GetInstanceTypeId() != m_txRing->GetInstanceTypeId(),
                    m_txRing->GetInstanceTypeId().GetName()
                        << " does not implement Fork() (needed for HostNetDevice::NQueues > 1)");
    return copy;
}

void
HostTxPath::Setup(Ptr<NetDevice> phy,
                  Ptr<HostCpu> cpu,
                  Ptr<HostNetStack> stack,
                  Ptr<const HostCostModel> costs,
                  const std::vector<Ptr<TxRing>>& rings,
                  const std::vector<uint32_t>& cores,
                  HostNetStatistics* stats)
{
    m_phy = phy;
    m_cpu = cpu;
    m_stack = stack;
    m_rings = rings;
    m_cores = cores;
    m_costs = costs;
    m_stats = stats;
    // The Tx ring frees descriptors when the PHY reports the end of a frame (p2p, CSMA).
    bool reported =
        m_phy->TraceConnectWithoutContext("PhyTxEnd", MakeCallback(&HostTxPath::PhyTxDone, this));
    if (reported)
    {
        m_phy->TraceConnectWithoutContext("PhyTxDrop", MakeCallback(&HostTxPath::PhyTxDone, this));
    }
    for (uint32_t q = 0; q < m_rings.size(); ++q)
    {
        m_rings[q]->SetTransmitCallback(MakeCallback(&HostTxPath::TransmitFromRing, this).Bind(q),
                                        reported);
        m_rings[q]->SetDescriptorFreedCallback(MakeCallback(&HostTxPath::DescriptorFreed, this));
    }
    m_ringOrder.assign(m_rings.size(), RingFifo<PendingTx>());
    m_ringHead.assign(m_rings.size(), 0);
    // Contexts 0..NCores-1 are the cores' softirqs; tasks get theirs on first use.
    m_nCores = m_cpu->GetNCores();
    m_paying.assign(m_nCores, RingFifo<Paying>());
    m_costPaidCallbacks.clear();
    for (uint32_t c = 0; c < m_nCores; ++c)
    {
        m_costPaidCallbacks.push_back(MakeCallback(&HostTxPath::CostPaid, this, c));
    }
    m_costIsZero = m_costs->IsTxFree();
}

void
HostTxPath::SetQueueInterface(Ptr<NetDeviceQueueInterface> queueInterface)
{
    m_queueInterface = queueInterface;
}

void
HostTxPath::AddStats(HostNetDeviceStats& stats) const
{
    for (const auto& ring : m_rings)
    {
        stats.txDropPhy += ring->GetPhyDrops();
    }
}

void
HostTxPath::ResetStats()
{
    for (const auto& ring : m_rings)
    {
        ring->ResetStats();
    }
}

void
HostTxPath::DoInitialize()
{
    NS_ABORT_MSG_IF(!m_txRing, "HostNetDevice: TxPath/TxRing must be set");
    m_txRing->Initialize();
    for (const auto& ring : m_rings)
    {
        ring->Initialize();
    }
    Object::DoInitialize();
}

void
HostTxPath::DoDispose()
{
    for (const auto& ring : m_rings)
    {
        ring->Dispose();
    }
    if (m_txRing)
    {
        m_txRing->Dispose();
    }
    m_rings.clear();
    m_ringOrder.clear();
    m_ringHead.clear();
    m_phyOrder.clear();
    m_paying.clear();
    m_taskContexts.clear();
    m_bursts.clear();
    m_costPaidCallbacks.clear();
    if (m_ipv4)
    {
        m_ipv4->TraceDisconnectWithoutContext("SendOutgoing",
                                              MakeCallback(&HostTxPath::IpSendOutgoing, this));
        m_ipv4 = nullptr;
    }
    m_costs = nullptr;
    m_txRing = nullptr;
    m_phy = nullptr;
    m_cpu = nullptr;
    m_stack = nullptr;
    m_queueInterface = nullptr;
    Object::DoDispose();
}

uint32_t
HostTxPath::SelectRing(Ptr<const Packet> packet, const RssHash& rss) const
{
    // The queue pair a flow transmits on is the one its receive side (the reverse
    // direction) hashes to: its Tx ring, and its core, from whose softirq TCP transmits
    // while processing the ACKs (XPS by receive queue, xps_rxqs).
    if (m_rings.size() <= 1)
    {
        return 0;
    }
    Ipv4Address src;
    Ipv4Address dst;
    uint16_t sport = 0;
    uint16_t dport = 0;
    if (!ReverseFlow(packet, src, dst, sport, dport))
    {
        return 0;
    }
    return rss.GetQueue(rss.HashFlow(src, dst, sport, dport)); // already the reverse tuple
}

bool
HostTxPath::IsRingFull(uint32_t ring) const
{
    return m_rings[ring]->GetNInUse() + m_ringOrder[ring].size() >=
           m_rings[ring]->GetNDescriptors();
}

bool
HostTxPath::IsAnyRingFull() const
{
    for (uint32_t q = 0; q < m_rings.size(); ++q)
    {
        if (IsRingFull(q))
        {
            return true;
        }
    }
    return false;
}

void
HostTxPath::ConnectIp(Ptr<Ipv4L3Protocol> ipv4, uint32_t interface)
{
    m_ipv4 = ipv4;
    m_interface = interface;
    m_ipv4->TraceConnectWithoutContext("SendOutgoing",
                                       MakeCallback(&HostTxPath::IpSendOutgoing, this));
}

int32_t
HostTxPath::Admit(Ptr<NetDevice> device, Ptr<Packet> packet, uint16_t protocol, const RssHash& rss)
{
    if (!m_ipv4 && !m_noIpv4)
    {
        // Once the interface exists; a node without IPv4 is checked once.
        Ptr<Ipv4L3Protocol> ipv4 = device->GetNode()->GetObject<Ipv4L3Protocol>();
        int32_t interface = ipv4 ? ipv4->GetInterfaceForDevice(device) : -1;
        m_noIpv4 = !ipv4;
        if (interface >= 0)
        {
            ConnectIp(ipv4, interface);
        }
    }
    uint32_t ring = SelectRing(packet, rss);
    if (IsRingFull(ring))
    {
        m_stats->RecordTxRingFull();
        return -1;
    }
    if (protocol == Ipv4L3Protocol::PROT_NUMBER)
    {
        TcpPushMarker::ApplyTag(packet); // PSH where the node's TCP set it
    }
    return ring;
}

void
HostTxPath::IpSendOutgoing(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface)
{
    // TCP hands IP its segments here, in the transmit call that made them (tcp_write_xmit
    // in Linux builds one skb of up to 64 KB per round, in sendmsg or in the softirq that
    // processed an ACK); the device may see them later, behind a backlogged qdisc. The
    // contiguous data segments of one flow made in one call (one simulator event), up to
    // TsoMaxSize bytes, form one TSO/GSO send, paid by the context that made it.
    if (interface != m_interface || header.GetProtocol() != 6)
    {
        return;
    }
    uint32_t size = packet->GetSize();
    if (size < 20)
    {
        return;
    }
    // The TCP segment without its IPv4 header: its 20 fixed header bytes.
    auto view = Ipv4TcpView::AtTransport(*packet, 20);
    if (view.GetCopied() < 20)
    {
        return;
    }
    uint32_t tcpHeader = view.GetTcpHeaderBytes();
    if (size <= tcpHeader)
    {
        return; // no data: an ACK pays as it reaches the device
    }
    uint32_t payload = size - tcpHeader;
    uint32_t seq = view.GetSequenceNumber();
    uint64_t flow = (uint64_t(header.GetDestination().Get()) << 32) |
                    (uint64_t(view.GetSourcePort()) << 16) | view.GetDestinationPort();
    TxBurst& burst = m_bursts[flow];
    uint64_t event = Simulator::GetEventCount();
    uint32_t wire = size + header.GetSerializedSize();
    if ((m_tso || m_gso) && burst.bytes > 0 && burst.event == event && seq == burst.nextSeq &&
        burst.bytes + wire <= m_maxSendSize)
    {
        burst.bytes += wire;
    }
    else
    {
        burst.bytes = wire;
        burst.event = event;
        // In sequence order (a retransmission starts a send before newer ones).
        BurstStart start{seq, m_stack->GetExecContext()};
        auto it = burst.starts.end();
        while (it != burst.starts.begin() && static_cast<int32_t>(std::prev(it)->seq - seq) > 0)
        {
            --it;
        }
        burst.starts.insert(it, start);
    }
    burst.nextSeq = seq + payload;
}

Time
HostTxPath::CostOf(Ptr<const Packet> packet, HostNetStack::ExecContext& where)
{
    where = m_stack->GetExecContext();
    uint32_t size = packet->GetSize();
    uint32_t payload = 0;
    TxBurst* burst = nullptr;
    uint32_t seq = 0;
    if (m_ipv4 && size >= 40)
    {
        // IPv4 without options carrying TCP (fragments not told apart), 40 bytes copied.
        auto view = Ipv4TcpView::AtIpv4(*packet, 40);
        if (view.GetCopied() == 40 && view.IsIpv4WithoutOptions() && view.GetProtocol() == 6)
        {
            payload = view.GetTcpPayloadSize();
            seq = view.GetSequenceNumber();
            // Destination address, source and destination port identify the flow on this host.
            uint64_t flow = (uint64_t(view.GetDestinationValue()) << 32) |
                            (uint64_t(view.GetSourcePort()) << 16) | view.GetDestinationPort();
            if (payload > 0)
            {
                auto it = m_bursts.find(flow);
                burst = it != m_bursts.end() ? &it->second : nullptr;
            }
        }
    }
    bool newSend = true;
    if (burst)
    {
        // Starts the device will not see (segments dropped above it) are forgotten.
        auto& starts = burst->starts;
        while (!starts.empty() && static_cast<int32_t>(starts.front().seq - seq) < 0)
        {
            starts.pop_front();
        }
        if (!starts.empty() && starts.front().seq == seq)
        {
            burst->where = starts.front().where;
            starts.pop_front();
        }
        else
        {
            newSend = false; // a later segment of a send already paid for
        }
        where = burst->where;
    }
    Time cost;
    if (newSend)
    {
        m_stats->RecordTxSend(where.kind == HostNetStack::ExecContext::TASK);
        cost = m_costs->SampleTx();
    }
    if (!m_tso && m_gso && payload > 0)
    {
        cost += m_costs->SampleGsoSegment();
    }
    if (payload > 0 && m_costs->GetTxByteRate().GetBitRate() > 0)
    {
        cost += m_costs->GetTxByteRate().CalculateBytesTxTime(size);
    }
    return cost;
}

void
HostTxPath::Send(uint32_t ring, Ptr<Packet> packet, const Address& dest, uint16_t protocol)
{
    HostNetStack::ExecContext where;
    Time cost = m_costIsZero ? Time(0) : CostOf(packet, where);
    RingFifo<PendingTx>& order = m_ringOrder[ring];
    if (cost.IsZero() && order.empty())
    {
        m_rings[ring]->Enqueue(packet, dest, protocol);
    }
    else
    {
        // The send waits for its cost and for the earlier sends of its ring, so a flow's
        // segments keep their order whichever context pays for them.
        uint64_t seq = m_ringHead[ring] + order.size();
        order.push_back(PendingTx{packet, dest, protocol, cost.IsZero()});
        m_nPending++;
        if (!cost.IsZero())
        {
            if (where.kind == HostNetStack::ExecContext::TASK)
            {
                // sendmsg: the application's task transmits (tcp_push in its system call).
                uint32_t context = TaskContext(where.id);
                m_paying[context].push_back(Paying{ring, seq});
                m_cpu->SubmitTask(where.id, cost, m_costPaidCallbacks[context]);
            }
            else
            {
                // Sent from the softirq that processed the ACK (tcp_data_snd_check), or by
                // a qdisc restart: softirq work of that core (of the ring's core if none).
                uint32_t core =
                    where.kind == HostNetStack::ExecContext::SOFTIRQ && where.id < m_nCores
                        ? where.id
                        : m_cores[ring];
                double factor = m_cpu->GetLocality()->GetCoreCostFactor(core);
                if (factor != 1.0)
                {
                    cost = Seconds(cost.GetSeconds() * factor); // away from the NIC's node
                }
                m_paying[core].push_back(Paying{ring, seq});
                m_cpu->Submit(HostCpu::SOFTIRQ, cost, m_costPaidCallbacks[core], core);
            }
        }
    }
    // One traffic-control queue above a multi-queue NIC (a single root qdisc): it stops
    // while any ring is full, as Linux's qdisc stalls on a stopped Tx queue.
    if (m_queueInterface && IsRingFull(ring))
    {
        m_queueInterface->GetTxQueue(0)->Stop();
    }
}

uint32_t
HostTxPath::TaskContext(HostCpu::TaskId task)
{
    auto it = m_taskContexts.find(task);
    if (it != m_taskContexts.end())
    {
        return it->second;
    }
    auto context = static_cast<uint32_t>(m_paying.size());
    m_paying.emplace_back();
    m_costPaidCallbacks.push_back(MakeCallback(&HostTxPath::CostPaid, this, context));
    m_taskContexts.emplace(task, context);
    return context;
}

void
HostTxPath::CostPaid(uint32_t context)
{
    // Work of one context is served in order (softirq of a core, and a task, are FIFO).
    NS_ASSERT(!m_paying[context].empty());
    Paying paid = m_paying[context].front();
    m_paying[context].pop_front();
    m_ringOrder[paid.ring][paid.seq - m_ringHead[paid.ring]].paid = true;
    Release(paid.ring);
}

void
HostTxPath::Release(uint32_t ring)
{
    RingFifo<PendingTx>& order = m_ringOrder[ring];
    while (!order.empty() && order.front().paid)
    {
        PendingTx tx = std::move(order.front());
        order.pop_front();
        m_ringHead[ring]++;
        m_nPending--;
        m_rings[ring]->Enqueue(tx.packet, tx.dest, tx.protocol);
    }
}

bool
HostTxPath::TransmitFromRing(uint32_t ring,
                             Ptr<Packet> packet,
                             const Address& dest,
                             uint16_t protocol)
{
    m_stats->RecordTxPacket();
    // A PHY may report a drop from inside Send: that report belongs to this ring.
    m_phySendRing = ring;
    m_phySendReported = false;
    bool accepted = m_phy->Send(packet, dest, protocol);
    m_phySendRing = NO_RING;
    if (accepted && !m_phySendReported)
    {
        m_phyOrder.push_back(ring);
    }
    return accepted;
}

void
HostTxPath::PhyTxDone(Ptr<const Packet> packet)
{
    if (m_phySendRing != NO_RING)
    {
        m_phySendReported = true;
        m_rings[m_phySendRing]->NotifyTransmitted();
        return;
    }
    // The PHY sends (and reports) frames in the order it accepted them.
    if (m_phyOrder.empty())
    {
        return; // a frame the PHY got from someone else
    }
    uint32_t ring = m_phyOrder.front();
    m_phyOrder.pop_front();
    m_rings[ring]->NotifyTransmitted();
}

void
HostTxPath::DescriptorFreed()
{
    if (m_queueInterface && m_queueInterface->GetTxQueue(0)->IsStopped() && !IsAnyRingFull())
    {
        m_queueInterface->GetTxQueue(0)->Wake();
    }
}

} // namespace ns3
