/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-tx-path.h"

#include "ns3/ipv4-address.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostTxPath");

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
    uint8_t b[24];
    if (packet->GetSize() < sizeof(b) || packet->CopyData(b, sizeof(b)) < sizeof(b) ||
        (b[0] >> 4) != 4 || (b[9] != 6 && b[9] != 17))
    {
        return false;
    }
    uint32_t off = (b[0] & 0x0f) * 4u;
    if (off + 4 > sizeof(b))
    {
        return false;
    }
    src.Set((uint32_t(b[16]) << 24) | (uint32_t(b[17]) << 16) | (uint32_t(b[18]) << 8) | b[19]);
    dst.Set((uint32_t(b[12]) << 24) | (uint32_t(b[13]) << 16) | (uint32_t(b[14]) << 8) | b[15]);
    sport = (uint16_t(b[off + 2]) << 8) | b[off + 3];
    dport = (uint16_t(b[off]) << 8) | b[off + 1];
    return true;
}
} // namespace

void
HostTxPath::Setup(Ptr<NetDevice> phy,
                  Ptr<HostCpu> cpu,
                  const std::vector<Ptr<TxRing>>& rings,
                  const std::vector<uint32_t>& cores,
                  const Settings& settings,
                  HostNetStatistics* stats)
{
    m_phy = phy;
    m_cpu = cpu;
    m_rings = rings;
    m_cores = cores;
    m_settings = settings;
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
    m_pendingPerRing.assign(m_rings.size(), 0);
    auto constant = DynamicCast<ConstantRandomVariable>(m_settings.txCost);
    m_costIsZero = constant && constant->GetConstant() == 0;
}

void
HostTxPath::SetQueueInterface(Ptr<NetDeviceQueueInterface> queueInterface)
{
    m_queueInterface = queueInterface;
}

void
HostTxPath::Dispose()
{
    m_rings.clear();
    m_pendingPerRing.clear();
    m_phyOrder.clear();
    m_pending.clear();
    m_bursts.clear();
    m_costPaidCallbacks.clear();
    m_settings = Settings();
    m_phy = nullptr;
    m_cpu = nullptr;
    m_queueInterface = nullptr;
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
    return rss.GetQueue(rss.HashFlow(dst, src, dport, sport));
}

bool
HostTxPath::IsRingFull(uint32_t ring) const
{
    return m_rings[ring]->GetNInUse() + m_pendingPerRing[ring] >= m_rings[ring]->GetNDescriptors();
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

Time
HostTxPath::CostOf(Ptr<const Packet> packet)
{
    if (!m_settings.tso && !m_settings.gso)
    {
        m_stats->RecordTxSend();
        return Max(Seconds(m_settings.txCost->GetValue()), Time(0));
    }
    // TCP hands Linux's device 64 KB skbs that the NIC (TSO) or GSO cuts; ns-3's TCP hands
    // over segments. Contiguous data segments of one flow, up to TsoMaxSize, form one send.
    uint8_t b[40];
    uint32_t size = packet->GetSize();
    bool tcpData = size >= sizeof(b) && packet->CopyData(b, sizeof(b)) == sizeof(b) &&
                   b[0] == 0x45 && b[9] == 6;
    uint32_t payload = 0;
    uint32_t seq = 0;
    uint64_t flow = 0;
    if (tcpData)
    {
        uint32_t total = (uint32_t(b[2]) << 8) | b[3];
        uint32_t header = 20 + (b[32] >> 4) * 4u;
        payload = total > header ? total - header : 0;
        seq = (uint32_t(b[24]) << 24) | (uint32_t(b[25]) << 16) | (uint32_t(b[26]) << 8) | b[27];
        // Source port, destination address and port identify the flow on this host.
        flow = (uint64_t((uint32_t(b[16]) << 24) | (uint32_t(b[17]) << 16) |
                         (uint32_t(b[18]) << 8) | b[19])
                << 32) |
               (uint64_t((uint32_t(b[20]) << 8) | b[21]) << 16) | ((uint32_t(b[22]) << 8) | b[23]);
    }
    Time cost;
    TxBurst* burst = nullptr;
    if (payload > 0)
    {
        burst = &m_bursts[flow];
    }
    if (burst && burst->bytes > 0 && seq == burst->nextSeq &&
        burst->bytes + size <= m_settings.maxSendSize)
    {
        burst->bytes += size;
    }
    else
    {
        m_stats->RecordTxSend();
        cost = Max(Seconds(m_settings.txCost->GetValue()), Time(0));
        if (burst)
        {
            burst->bytes = size;
        }
    }
    if (burst)
    {
        burst->nextSeq = seq + payload;
    }
    if (!m_settings.tso)
    {
        cost += Max(Seconds(m_settings.gsoSegmentCost->GetValue()), Time(0));
    }
    return cost;
}

void
HostTxPath::Send(uint32_t ring, Ptr<Packet> packet, const Address& dest, uint16_t protocol)
{
    Time cost = m_costIsZero ? Time(0) : CostOf(packet);
    uint32_t core = m_cores[ring];
    if (cost.IsZero() && m_nPending == 0)
    {
        m_rings[ring]->Enqueue(packet, dest, protocol);
    }
    else
    {
        // Behind earlier sends still paying their cost on this core (SOFTIRQ work of a core
        // is FIFO, so the order of a flow's segments is kept).
        if (m_pending.size() <= core)
        {
            m_pending.resize(core + 1);
            for (uint32_t c = m_costPaidCallbacks.size(); c <= core; ++c)
            {
                m_costPaidCallbacks.push_back(MakeCallback(&HostTxPath::CostPaid, this, c));
            }
        }
        m_pending[core].push_back(PendingTx{packet, dest, protocol, ring});
        m_nPending++;
        m_pendingPerRing[ring]++;
        m_cpu->Submit(HostCpu::SOFTIRQ, cost, m_costPaidCallbacks[core], core);
    }
    // One traffic-control queue above a multi-queue NIC (a single root qdisc): it stops
    // while any ring is full, as Linux's qdisc stalls on a stopped Tx queue.
    if (m_queueInterface && IsRingFull(ring))
    {
        m_queueInterface->GetTxQueue(0)->Stop();
    }
}

void
HostTxPath::CostPaid(uint32_t core)
{
    NS_ASSERT(!m_pending[core].empty());
    PendingTx tx = std::move(m_pending[core].front());
    m_pending[core].pop_front();
    m_nPending--;
    m_pendingPerRing[tx.ring]--;
    m_rings[tx.ring]->Enqueue(tx.packet, tx.dest, tx.protocol);
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
