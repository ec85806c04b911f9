/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-queue.h"

#include "host-net-device.h"
#include "host-net-statistics.h"
#include "receive-steering.h"

#include "ns3/gro-engine.h"
#include "ns3/host-net-stack.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/rps-backlog.h"
#include "ns3/simulator.h"
#include "ns3/softnet-data.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetQueue");

NS_OBJECT_ENSURE_REGISTERED(HostNetQueue);

TypeId
HostNetQueue::GetTypeId()
{
    // Read-only: the device creates the queues and their objects (HostNetDevice::RxRing,
    // TxRing, Moderation and RxMode configure them); these attributes are the Config path to
    // each queue's objects, e.g. .../$ns3::HostNetDevice/Queues/3/RxRing/WriteBack.
    static TypeId tid =
        TypeId("ns3::HostNetQueue")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddAttribute("RxRing",
                          "This queue's receive FIFO, DMA engine and descriptor ring.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&HostNetQueue::GetRxRing),
                          MakePointerChecker<RxRing>())
            .AddAttribute("TxRing",
                          "The transmit descriptor ring of this queue pair.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&HostNetQueue::GetTxRing),
                          MakePointerChecker<TxRing>())
            .AddAttribute("Moderation",
                          "This queue's interrupt moderation.",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&HostNetQueue::GetModeration),
                          MakePointerChecker<InterruptModeration>())
            .AddAttribute("RxMode",
                          "This queue's receive mode (its NAPI context in NAPI modes).",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&HostNetQueue::GetRxMode),
                          MakePointerChecker<RxMode>())
            .AddAttribute("Gro",
                          "This queue's GRO engine (null when HostNetDevice::Gro is "
                          "ns3::NoGro).",
                          TypeId::ATTR_GET,
                          PointerValue(),
                          MakePointerAccessor(&HostNetQueue::GetGro),
                          MakePointerChecker<GroEngine>());
    return tid;
}

HostNetQueue::HostNetQueue()
{
    NS_LOG_FUNCTION(this);
}

HostNetQueue::~HostNetQueue()
{
    NS_LOG_FUNCTION(this);
}

void
HostNetQueue::Setup(HostNetDevice* device,
                    uint32_t index,
                    uint32_t core,
                    Ptr<RxRing> ring,
                    Ptr<InterruptModeration> moderation,
                    Ptr<RxMode> rxMode,
                    Ptr<GroEngine> gro,
                    HostNetStatistics* statistics)
{
    NS_LOG_FUNCTION(this << device << index << core);
    m_device = device;
    m_index = index;
    m_core = core;
    m_cpu = device->GetCpu();
    m_stack = HostNetStack::GetOrCreate(device->GetNode());
    // The device's costs, slowed on a core away from the NIC's NUMA node (remote DMA
    // buffers, descriptors and L3).
    m_costs.Set(device->GetCosts(),
                device->GetSteering()->GetEnqueueCost(),
                m_cpu->GetLocality()->GetCoreCostFactor(core));
    m_ring = ring;
    m_moderation = moderation;
    m_rxMode = rxMode;
    m_gro = gro;
    m_rps = device->GetSteering()->IsSteering() ? device->GetSteering() : nullptr;
    m_statistics = statistics;
    m_ring->SetFrameReadyCallback(MakeCallback(&HostNetQueue::FrameInMemory, this));
    m_ring->SetWriteBackWantedCallback(MakeCallback(&HostNetQueue::IsWriteBackWanted, this));
    m_moderation->SetFramesWantedCallback(
        MakeCallback(&RxRing::WriteBackWanted, PeekPointer(m_ring)));
    m_moderation->SetInterruptCallback(MakeCallback(&HostNetQueue::InterruptAsserted, this));
    m_moderation->CheckConfig();
    // GRO is the NAPI context's own state (napi_struct's gro_hash): the mode holds it.
    m_rxMode->SetGroEngine(gro);
    m_rxMode->Attach(this);
    // Adaptive moderation by buffer utilisation reads this queue's own receive buffer until
    // an application offers its socket buffer's (HostSinkApplication does).
    m_moderation->OfferUtilizationProbe(MakeCallback(&RxMode::TakePeakUtilization, m_rxMode));
}

void
HostNetQueue::DoInitialize()
{
    m_ring->Initialize();
    m_moderation->Initialize();
    m_rxMode->Initialize();
    Object::DoInitialize();
}

void
HostNetQueue::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (Ptr<Object> o : std::initializer_list<Ptr<Object>>{m_ring, m_moderation, m_rxMode, m_gro})
    {
        if (o)
        {
            o->Dispose();
        }
    }
    m_ring = nullptr;
    m_moderation = nullptr;
    m_rxMode = nullptr;
    m_gro = nullptr;
    m_txRing = nullptr; // disposed by the device's TxPath
    m_rps = nullptr;    // the device's, disposed by it
    m_statistics = nullptr;
    m_costs.Clear();
    m_cpu = nullptr;
    m_stack = nullptr;
    m_device = nullptr;
    Object::DoDispose();
}

HostNetDevice*
HostNetQueue::GetDevice() const
{
    return m_device;
}

uint32_t
HostNetQueue::GetIndex() const
{
    return m_index;
}

Ptr<HostCpu>
HostNetQueue::GetCpu() const
{
    return m_cpu;
}

Ptr<SoftnetData>
HostNetQueue::GetSoftnet(uint32_t core) const
{
    return m_stack->GetSoftnet(core);
}

Ptr<Node>
HostNetQueue::GetNode() const
{
    return m_device->GetNode();
}

uint32_t
HostNetQueue::GetNodeId() const
{
    return m_device->GetNode()->GetId();
}

const CoreCosts&
HostNetQueue::GetCosts() const
{
    return m_costs;
}

uint32_t
HostNetQueue::GetIrqCore() const
{
    return m_core;
}

Ptr<RxRing>
HostNetQueue::GetRxRing() const
{
    return m_ring;
}

void
HostNetQueue::SetTxRing(Ptr<TxRing> ring)
{
    m_txRing = ring;
}

Ptr<TxRing>
HostNetQueue::GetTxRing() const
{
    return m_txRing;
}

Ptr<InterruptModeration>
HostNetQueue::GetModeration() const
{
    return m_moderation;
}

Ptr<RxMode>
HostNetQueue::GetRxMode() const
{
    return m_rxMode;
}

Ptr<GroEngine>
HostNetQueue::GetGro() const
{
    return m_gro;
}

std::string
HostNetQueue::GetRequester(RxMode::Feature feature) const
{
    // The device's settings behind this queue's configuration (a busy poller is an
    // application's: BusyPoller::Install checks it).
    switch (feature)
    {
    case RxMode::GRO:
        return m_gro ? "HostNetDevice::Gro = " + m_gro->GetInstanceTypeId().GetName() : "";
    case RxMode::LRO:
        return m_ring->IsLroEnabled() ? "RxRing::LroEnabled" : "";
    case RxMode::RPS:
        return m_rps ? "ReceiveSteering::Mode = rps/rfs" : "";
    case RxMode::BUSY_POLL:
        return "";
    }
    return "";
}

uint32_t
HostNetQueue::SteerCoreSlow(const RxFrame& frame)
{
    return m_rps->SteerCore(frame, m_core);
}

void
HostNetQueue::SteerToBacklog(uint32_t core, RxFrame&& frame)
{
    Ptr<RpsBacklog> backlog = m_stack->GetBacklog(core);
    uint32_t segments = frame.segments;
    uint32_t hash = frame.hash;
    if (!backlog->Enqueue(this, frame))
    {
        m_device->DropFrame(frame, HostNetDevice::BACKLOG);
        return;
    }
    m_inBacklog += segments;
    m_statistics->RecordSteered();
    // RFS keeps the flow on that core until its backlog has processed the packet.
    m_rps->NoteSteered(hash, core, backlog->GetTail());
}

void
HostNetQueue::DeliverSteered(RxFrame&& frame, Time processingStart, uint32_t core)
{
    m_inBacklog -= frame.segments;
    m_delivered += frame.segments;
    m_device->DeliverFrame(std::move(frame), processingStart, core);
}

void
HostNetQueue::Receive(RxFrame&& frame)
{
    m_ring->Receive(std::move(frame));
}

void
HostNetQueue::FrameInMemory(uint32_t bytes)
{
    if (m_rxIrqEnabled)
    {
        m_moderation->FrameCompleted(bytes);
    }
    m_rxMode->NotifyFrameInMemory();
}

bool
HostNetQueue::HasReadyFrame() const
{
    return m_ring->HasReady();
}

void
HostNetQueue::ReturnDescriptors(uint32_t n)
{
    m_ring->ReturnDescriptors(n);
}

bool
HostNetQueue::HasRefillCost() const
{
    return m_ring->HasRefillCost();
}

Time
HostNetQueue::SampleRefillCost()
{
    return m_ring->HasRefillCost() ? m_ring->SampleRefillCost() : Time(0);
}

void
HostNetQueue::RequestWriteBack()
{
    m_ring->WriteBackWanted();
}

double
HostNetQueue::GetRingFill() const
{
    uint32_t descriptors = m_ring->GetNDescriptors();
    return descriptors ? std::min(1.0, double(m_ring->GetHostDescriptors()) / descriptors) : 0.0;
}

uint64_t
HostNetQueue::GetRingDrops() const
{
    return m_ring->GetDrops(RxRing::FIFO_OVERRUN) + m_ring->GetDrops(RxRing::NO_DESCRIPTOR);
}

bool
HostNetQueue::IsWriteBackWanted() const
{
    // FrameInMemory does something: the moderation sees the frame, or the mode wants it.
    return (m_rxIrqEnabled && !m_moderation->IgnoresFrames()) || m_rxMode->WantsFrameInMemory();
}

void
HostNetQueue::InterruptAsserted()
{
    if (m_rxIrqEnabled)
    {
        m_rxMode->HandleInterrupt();
    }
}

void
HostNetQueue::SetRxInterruptEnabled(bool enabled)
{
    if (enabled && !m_rxIrqEnabled)
    {
        m_moderation->InterruptUnmasking();
    }
    m_rxIrqEnabled = enabled;
    m_moderation->Reset();
    if (enabled && m_ring->HasReady())
    {
        // Frames completed while masked left the cause bit set: the IRQ fires on unmask
        // (at once, or at the end of a throttling gap).
        m_moderation->PendingOnUnmask();
    }
    m_ring->WriteBackWanted(); // unmasked, or the moderation reset: a DMA in flight counts
}

bool
HostNetQueue::IsRxInterruptEnabled() const
{
    return m_rxIrqEnabled;
}

void
HostNetQueue::NotifyRingDrained()
{
    m_moderation->RingDrainedByIsr();
    m_moderation->Reset();
    m_ring->WriteBackWanted();
}

RxFrame
HostNetQueue::PopFrame()
{
    RxFrame frame = m_ring->PopReady();
    frame.notified = std::max(frame.inMemory, m_lastInterrupt);
    m_moderation->FrameTaken(frame.size);
    return frame;
}

void
HostNetQueue::DeliverFrame(RxFrame&& frame, Time processingStart)
{
    m_delivered += frame.segments;
    // skb_mark_napi_id: the receiving socket learns which NAPI context feeds it.
    RxMode* previous = m_stack->SetDeliveringContext(PeekPointer(m_rxMode));
    m_device->DeliverFrame(std::move(frame), processingStart, m_core);
    m_stack->SetDeliveringContext(previous);
}

void
HostNetQueue::DropFrame(const RxFrame& frame)
{
    m_device->DropFrame(frame, HostNetDevice::BACKLOG);
}

void
HostNetQueue::Record(Event event, uint32_t n)
{
    if (event == INTERRUPT)
    {
        m_lastInterrupt = Simulator::Now();
    }
    m_device->Record(event, n);
}

void
HostNetQueue::ConnectDelivered(Callback<void, Ptr<const Packet>, Time> cb)
{
    m_device->TraceConnectWithoutContext("Delivered", cb);
}

uint64_t
HostNetQueue::GetNInHost() const
{
    uint64_t n = m_ring->GetNFifoFrames() + m_ring->GetNLroHeld() + m_ring->GetNReadySegments() +
                 m_rxMode->GetNHeld() + m_inBacklog;
    if (m_gro)
    {
        n += m_gro->GetNHeld();
    }
    return n;
}

uint64_t
HostNetQueue::GetDelivered() const
{
    return m_delivered;
}

void
HostNetQueue::ResetStats()
{
    m_delivered = 0;
    m_ring->ResetStats();
}

void
HostNetQueue::AddStats(HostNetDeviceStats& stats) const
{
    stats.dropFifoOverrun += m_ring->GetDrops(RxRing::FIFO_OVERRUN);
    stats.dropNoDescriptor += m_ring->GetDrops(RxRing::NO_DESCRIPTOR);
    stats.rxInHost += GetNInHost();
}

int64_t
HostNetQueue::AssignStreams(int64_t stream)
{
    int64_t used = m_ring->AssignStreams(stream);
    used += m_moderation->AssignStreams(stream + used);
    return used + m_rxMode->AssignStreams(stream + used);
}

} // namespace ns3
