/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rx-ring.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/gro-engine.h"
#include "ns3/log.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RxRing");

NS_OBJECT_ENSURE_REGISTERED(RxRing);

TypeId
RxRing::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RxRing")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<RxRing>()
            .AddAttribute("Descriptors",
                          "Number of receive descriptors in the ring (>= 1; e1000 allows "
                          "80-4096, Walravens and Gaidioz 2006 use 2048).",
                          UintegerValue(2048),
                          MakeUintegerAccessor(&RxRing::m_nDescriptors),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("FifoSize",
                          "NIC receive FIFO in bytes (>= 64; 82546: 48 KiB of its 64 KiB "
                          "packet buffer for receive).",
                          UintegerValue(49152),
                          MakeUintegerAccessor(&RxRing::m_fifoSize),
                          MakeUintegerChecker<uint32_t>(64))
            .AddAttribute("BusRate",
                          "DMA rate from the NIC FIFO to host memory (> 0; PCI 64/66 "
                          "sustains over 4 Gb/s, Salah et al. 2007, Sec. 2).",
                          DataRateValue(DataRate("4Gbps")),
                          MakeDataRateAccessor(&RxRing::m_busRate),
                          MakeDataRateChecker())
            .AddAttribute("TailWriteBatch",
                          "Descriptors the driver returns per tail register write (1 .. "
                          "Descriptors; e1000: 16).",
                          UintegerValue(16),
                          MakeUintegerAccessor(&RxRing::m_tailBatch),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("LroEnabled",
                          "Large receive offload in the NIC (ethtool -K lro; Intel RSC, mlx5 "
                          "LRO): in-order TCP segments of a flow are aggregated after DMA and "
                          "completed as one packet, without CPU cost. Needs a NAPI receive "
                          "mode; excludes a GRO engine (HostNetDevice::Gro).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RxRing::m_lroEnabled),
                          MakeBooleanChecker())
            .AddAttribute("LroTimeout",
                          "Longest time an LRO session stays open after its first segment is "
                          "in memory (mlx5 MLX5E_DEFAULT_LRO_TIMEOUT = 32 us). Must be > 0.",
                          TimeValue(MicroSeconds(32)),
                          MakeTimeAccessor(&RxRing::m_lroTimeout),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("LroMaxSize",
                          "Largest LRO aggregate, bytes of IPv4 datagram (mlx5 LRO WQE "
                          "64 KB). 1500..65535.",
                          UintegerValue(65535),
                          MakeUintegerAccessor(&RxRing::m_lroMaxSize),
                          MakeUintegerChecker<uint32_t>(1500, 65535))
            .AddAttribute("DropWhenNoDescriptor",
                          "If true a frame that finds no free descriptor is dropped at once "
                          "(no-descriptor); if false it waits in the FIFO (e1000).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&RxRing::m_dropWhenNoDescriptor),
                          MakeBooleanChecker())
            .AddAttribute("RefillPolicy",
                          "How a taken descriptor is refilled (Walravens and Gaidioz 2006): "
                          "Allocate (free the "
                          "skb, allocate a new one: costs RefillCost) or Recycle (Receive "
                          "Descriptor Recycling, reset a preallocated skb: costs RecycleCost).",
                          EnumValue(RxRing::ALLOCATE),
                          MakeEnumAccessor<RefillPolicy>(&RxRing::m_refillPolicy),
                          MakeEnumChecker(RxRing::ALLOCATE, "Allocate", RxRing::RECYCLE, "Recycle"))
            .AddAttribute("RefillCost",
                          "CPU time to refill one descriptor by allocation (free the old skb, "
                          "allocate and map a new one), used with RefillPolicy=Allocate. "
                          "Default 0: Salah et al. 2007 count it in the protocol cost; the "
                          "Walravens and Gaidioz 2006 "
                          "preset is 0.8 us (see the documentation).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&RxRing::m_refillCost),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("RecycleCost",
                          "CPU time to refill one descriptor by recycling (RDR: reset the "
                          "fields of a preallocated skb), used with RefillPolicy=Recycle. "
                          "Default 0; the Walravens and Gaidioz 2006 preset is 0.23 us (see the "
                          "documentation).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&RxRing::m_recycleCost),
                          MakeNonNegativeVariableChecker())
            .AddTraceSource("Drop",
                            "A frame was dropped by the NIC (fifo-overrun, no-descriptor).",
                            MakeTraceSourceAccessor(&RxRing::m_dropTrace),
                            "ns3::RxRing::DropTracedCallback")
            .AddTraceSource("WriteBack",
                            "A frame reached host memory (descriptor write-back).",
                            MakeTraceSourceAccessor(&RxRing::m_writeBackTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("TailWrite",
                            "The driver wrote the tail register (descriptors handed to the "
                            "NIC, descriptors the NIC owns afterwards).",
                            MakeTraceSourceAccessor(&RxRing::m_tailWriteTrace),
                            "ns3::RxRing::TailWriteTracedCallback");
    return tid;
}

RxRing::RxRing()
{
    NS_LOG_FUNCTION(this);
}

RxRing::~RxRing()
{
    NS_LOG_FUNCTION(this);
}

void
RxRing::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_busRate.GetBitRate() == 0, "RxRing::BusRate must be > 0");
    NS_ABORT_MSG_IF(m_tailBatch > m_nDescriptors,
                    "RxRing::TailWriteBatch ("
                        << m_tailBatch << ") must be <= RxRing::Descriptors (" << m_nDescriptors
                        << ")");
    NS_ABORT_MSG_IF(!m_refillCost, "RxRing::RefillCost must be a RandomVariableStream");
    NS_ABORT_MSG_IF(!m_recycleCost, "RxRing::RecycleCost must be a RandomVariableStream");
    m_activeRefill = m_refillPolicy == RECYCLE ? m_recycleCost : m_refillCost;
    auto constant = DynamicCast<ConstantRandomVariable>(m_activeRefill);
    m_hasRefillCost = !constant || constant->GetConstant() != 0;
    NS_ABORT_MSG_IF(m_lroEnabled && !m_lroTimeout.IsStrictlyPositive(),
                    "RxRing::LroTimeout must be > 0");
    if (!m_started)
    {
        m_nicFree = m_nDescriptors;
        m_started = true;
    }
    if (m_lroEnabled && !m_lro)
    {
        m_lro = CreateObject<GroEngine>();
        m_lro->SetAttribute("MaxSize", UintegerValue(m_lroMaxSize));
        m_lro->SetAttribute("Buckets", UintegerValue(1)); // 8 sessions in all
    }
    Object::DoInitialize();
}

void
RxRing::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_dmaEvent.Cancel();
    m_dmaLazy = false;
    m_writeBackWanted = Callback<bool>();
    m_lroTimer.Cancel();
    m_fifo.clear();
    m_ready.clear();
    m_lroOut.clear();
    if (m_lro)
    {
        m_lro->Dispose();
        m_lro = nullptr;
    }
    m_refillCost = nullptr;
    m_recycleCost = nullptr;
    m_activeRefill = nullptr;
    m_frameReady = Callback<void, uint32_t>();
    Object::DoDispose();
}

void
RxRing::SetFrameReadyCallback(Callback<void, uint32_t> cb)
{
    m_frameReady = cb;
}

void
RxRing::SetWriteBackWantedCallback(Callback<bool> wanted)
{
    m_writeBackWanted = wanted;
}

void
RxRing::WriteBackWanted()
{
    CatchUp();
    if (m_dmaLazy)
    {
        m_dmaLazy = false;
        m_dmaEvent.Schedule(m_dmaEnd - Simulator::Now());
    }
}

bool
RxRing::Receive(RxFrame&& frame)
{
    if (!IsInitialized())
    {
        Initialize();
    }
    CatchUp();
    frame.arrival = Simulator::Now();
    if (m_fifoBytes + frame.size > m_fifoSize)
    {
        Drop(frame, FIFO_OVERRUN);
        return false;
    }
    if (m_dropWhenNoDescriptor)
    {
        // Frames in the FIFO that are not yet in DMA each need a descriptor of their own.
        uint32_t waiting = m_fifo.size() - (m_dmaBusy ? 1 : 0);
        if (waiting >= m_nicFree)
        {
            Drop(frame, NO_DESCRIPTOR);
            return false;
        }
    }
    m_fifoBytes += frame.size;
    m_fifo.push_back(std::move(frame));
    TryStartDma();
    return true;
}

void
RxRing::TryStartDma()
{
    // An event is needed only if someone reacts to the write-back at its time (DMA
    // completion folded into the next look at the ring otherwise: one event less a frame).
    bool lazy =
        !m_lro && !m_writeBackWanted.IsNull() && m_writeBackTrace.IsEmpty() && !m_writeBackWanted();
    StartDma(Simulator::Now(), lazy);
}

void
RxRing::StartDma(Time start, bool lazy)
{
    if (m_dmaBusy || m_fifo.empty() || m_nicFree == 0)
    {
        return;
    }
    m_dmaBusy = true;
    m_nicFree--;
    RxFrame& head = m_fifo.front();
    head.dmaStart = start;
    m_dmaEnd = start + m_dmaTime.Get(m_busRate, head.size);
    m_dmaLazy = lazy;
    if (!lazy)
    {
        m_dmaEvent.Schedule(m_dmaEnd - Simulator::Now());
    }
}

void
RxRing::DoCatchUp()
{
    Time now = Simulator::Now();
    while (m_dmaLazy && m_dmaEnd < now)
    {
        // As DmaComplete at m_dmaEnd, without the frame-ready callback (nobody wanted it,
        // or WriteBackWanted would have given this DMA its event) and without the trace
        // (no sink); the next DMA starts at the same time, also without an event.
        Time end = m_dmaEnd;
        m_dmaLazy = false;
        m_dmaBusy = false;
        RxFrame frame = std::move(m_fifo.front());
        m_fifo.pop_front();
        m_fifoBytes -= frame.size;
        frame.inMemory = end;
        StartDma(end, true);
        m_readySegments += frame.segments;
        m_ready.push_back(std::move(frame));
    }
}

void
RxRing::DmaComplete()
{
    m_dmaBusy = false;
    RxFrame frame = std::move(m_fifo.front());
    m_fifo.pop_front();
    m_fifoBytes -= frame.size;
    frame.inMemory = Simulator::Now();
    if (!m_lro)
    {
        TryStartDma();
        WriteBack(std::move(frame));
        return;
    }
    m_lro->Receive(std::move(frame), m_lroOut);
    TryStartDma();
    if (m_lro->GetNHeld() == 0)
    {
        m_lroTimer.Cancel();
    }
    else if (!m_lroTimer.IsPending())
    {
        m_lroTimer = Simulator::Schedule(m_lroTimeout, [this] { LroTimeout(); });
    }
    WriteBackLroOut();
}

void
RxRing::WriteBack(RxFrame&& frame)
{
    frame.inMemory = Simulator::Now(); // an LRO session completes when it closes
    uint32_t size = frame.size;
    if (!m_writeBackTrace.IsEmpty()) // unconnected, it would still copy the packet reference
    {
        m_writeBackTrace(frame.packet);
    }
    m_readySegments += frame.segments;
    m_ready.push_back(std::move(frame));
    if (!m_frameReady.IsNull())
    {
        m_frameReady(size);
    }
}

void
RxRing::WriteBackLroOut()
{
    while (!m_lroOut.empty())
    {
        RxFrame frame = std::move(m_lroOut.front());
        m_lroOut.pop_front();
        WriteBack(std::move(frame));
    }
}

void
RxRing::LroTimeout()
{
    // One timer for all sessions: a session closes at most LroTimeout after its first
    // segment (sessions opened later may close early).
    m_lro->FlushAll(m_lroOut);
    WriteBackLroOut();
}

uint32_t
RxRing::GetNReadySegments() const
{
    CatchUp();
    return m_readySegments;
}

uint32_t
RxRing::GetNLroHeld() const
{
    return m_lro ? m_lro->GetNHeld() : 0;
}

bool
RxRing::IsLroEnabled() const
{
    return m_lroEnabled;
}

void
RxRing::Drop(const RxFrame& frame, DropReason reason)
{
    NS_LOG_LOGIC("drop " << frame.packet << " reason " << +reason);
    m_drops[reason]++;
    m_dropTrace(frame.packet, reason);
}

bool
RxRing::HasReady() const
{
    CatchUp();
    return !m_ready.empty();
}

uint32_t
RxRing::GetNReady() const
{
    CatchUp();
    return m_ready.size();
}

RxFrame
RxRing::PopReady()
{
    CatchUp();
    NS_ASSERT_MSG(!m_ready.empty(), "RxRing::PopReady on an empty ring");
    RxFrame frame = std::move(m_ready.front());
    m_ready.pop_front();
    m_readySegments -= frame.segments;
    m_hostHeld += frame.segments;
    return frame;
}

void
RxRing::ReturnDescriptors(uint32_t n)
{
    CatchUp();
    NS_ASSERT_MSG(n <= m_hostHeld, "RxRing: more descriptors returned than the host holds");
    m_hostHeld -= n;
    m_pendingTail += n;
    if (m_pendingTail >= m_tailBatch)
    {
        // The tail register moves in whole batches (e1000 E1000_RX_BUFFER_WRITE).
        uint32_t batches = m_pendingTail / m_tailBatch;
        m_nicFree += batches * m_tailBatch;
        m_pendingTail -= batches * m_tailBatch;
        m_tailWrites += batches;
        m_tailWriteTrace(batches * m_tailBatch, m_nicFree);
        TryStartDma();
    }
}

Time
RxRing::SampleRefillCost()
{
    if (!m_activeRefill)
    {
        Initialize();
    }
    return Max(Seconds(m_activeRefill->GetValue()), Time(0));
}

RxRing::RefillPolicy
RxRing::GetRefillPolicy() const
{
    return m_refillPolicy;
}

bool
RxRing::HasRefillCost() const
{
    return m_hasRefillCost;
}

uint32_t
RxRing::GetNFifoFrames() const
{
    CatchUp();
    return m_fifo.size();
}

uint32_t
RxRing::GetFifoBytes() const
{
    CatchUp();
    return m_fifoBytes;
}

uint32_t
RxRing::GetNicDescriptors() const
{
    CatchUp();
    return m_started ? m_nicFree : m_nDescriptors;
}

uint32_t
RxRing::GetHostDescriptors() const
{
    return m_hostHeld;
}

uint32_t
RxRing::GetPendingTailDescriptors() const
{
    return m_pendingTail;
}

uint32_t
RxRing::GetNDescriptors() const
{
    return m_nDescriptors;
}

uint64_t
RxRing::GetTailWrites() const
{
    return m_tailWrites;
}

uint64_t
RxRing::GetDrops(DropReason reason) const
{
    return m_drops[reason];
}

void
RxRing::ResetStats()
{
    m_drops[0] = m_drops[1] = 0;
    m_tailWrites = 0;
}

int64_t
RxRing::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    // Only the active policy's cost is ever drawn, so both share one stream: switching
    // the policy does not shift the streams of the objects assigned after the ring.
    m_refillCost->SetStream(stream);
    m_recycleCost->SetStream(stream);
    return 1;
}

} // namespace ns3
