/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "tx-ring.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TxRing");

NS_OBJECT_ENSURE_REGISTERED(TxRing);

TypeId
TxRing::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TxRing")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<TxRing>()
            .AddAttribute("Descriptors",
                          "Number of transmit descriptors (>= 1; e1000 default 256).",
                          UintegerValue(256),
                          MakeUintegerAccessor(&TxRing::m_nDescriptors),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("BusRate",
                          "DMA rate from host memory to the NIC (> 0).",
                          DataRateValue(DataRate("4Gbps")),
                          MakeDataRateAccessor(&TxRing::m_busRate),
                          MakeDataRateChecker());
    return tid;
}

TxRing::TxRing()
{
    NS_LOG_FUNCTION(this);
}

TxRing::TxRing(const TxRing& other)
    : Object(other),
      m_nDescriptors(other.m_nDescriptors),
      m_busRate(other.m_busRate)
{
    NS_LOG_FUNCTION(this << &other);
}

Ptr<TxRing>
TxRing::Fork() const
{
    return CopyObject<TxRing>(this);
}

TxRing::~TxRing()
{
    NS_LOG_FUNCTION(this);
}

void
TxRing::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_dmaEvent.Cancel();
    m_ring.clear();
    m_transmit = TransmitCallback();
    m_descriptorFreed = Callback<void>();
    Object::DoDispose();
}

void
TxRing::SetTransmitCallback(TransmitCallback transmit, bool completionReported)
{
    m_transmit = transmit;
    m_completionReported = completionReported;
}

void
TxRing::SetDescriptorFreedCallback(Callback<void> cb)
{
    m_descriptorFreed = cb;
}

uint32_t
TxRing::GetNDescriptors() const
{
    return m_nDescriptors;
}

bool
TxRing::IsFull() const
{
    return m_ring.size() >= m_nDescriptors;
}

uint32_t
TxRing::GetNInUse() const
{
    return m_ring.size();
}

void
TxRing::Enqueue(Ptr<Packet> packet, const Address& dest, uint16_t protocol)
{
    NS_ABORT_MSG_IF(m_busRate.GetBitRate() == 0, "TxRing::BusRate must be > 0");
    NS_ASSERT_MSG(!IsFull(), "TxRing::Enqueue on a full ring");
    m_ring.push_back(Entry{packet, dest, protocol});
    TryStartDma();
}

void
TxRing::TryStartDma()
{
    if (m_dmaBusy || m_dmaDone >= m_ring.size() || m_atPhy >= MAX_AT_PHY)
    {
        return;
    }
    m_dmaBusy = true;
    m_dmaEvent.Schedule(m_dmaTime.Get(m_busRate, m_ring[m_dmaDone].packet->GetSize()));
}

void
TxRing::DmaComplete()
{
    m_dmaBusy = false;
    // Copies: a PHY may report a drop from inside Send, which pops the ring.
    Entry e = m_ring[m_dmaDone];
    m_dmaDone++;
    m_atPhy++;
    m_sent++;
    uint32_t atPhyBefore = m_atPhy;
    bool accepted = m_transmit(e.packet, e.dest, e.protocol);
    if (!accepted)
    {
        m_phyDrops++;
        if (m_atPhy == atPhyBefore)
        {
            Complete();
        }
    }
    else if (!m_completionReported)
    {
        Complete();
    }
    TryStartDma();
}

void
TxRing::NotifyTransmitted()
{
    if (m_atPhy == 0)
    {
        return; // a frame the PHY got from someone else (e.g. sent before wrapping)
    }
    Complete();
    TryStartDma();
}

void
TxRing::Complete()
{
    NS_ASSERT(m_atPhy > 0 && m_dmaDone > 0);
    m_ring.pop_front();
    m_atPhy--;
    m_dmaDone--;
    if (!m_descriptorFreed.IsNull())
    {
        m_descriptorFreed();
    }
}

uint64_t
TxRing::GetPhyDrops() const
{
    return m_phyDrops;
}

uint64_t
TxRing::GetSent() const
{
    return m_sent;
}

void
TxRing::ResetStats()
{
    m_phyDrops = 0;
    m_sent = 0;
}

} // namespace ns3
