/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-device.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetDevice");

NS_OBJECT_ENSURE_REGISTERED(HostNetDevice);

TypeId
HostNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostNetDevice>()
            .AddAttribute("RxRing",
                          "The NIC receive FIFO, DMA engine and descriptor ring.",
                          StringValue("ns3::RxRing"),
                          MakePointerAccessor(&HostNetDevice::m_rxRing),
                          MakePointerChecker<RxRing>())
            .AddAttribute("TxRing",
                          "The NIC transmit descriptor ring.",
                          StringValue("ns3::TxRing"),
                          MakePointerAccessor(&HostNetDevice::m_txRing),
                          MakePointerChecker<TxRing>())
            .AddAttribute("Moderation",
                          "NIC interrupt moderation (an ns3::InterruptModeration subclass: "
                          "ns3::NoModeration, ns3::RxUsecsModeration, ns3::RxFramesModeration, "
                          "ns3::CountTimeModeration, ns3::ThrottleModeration, "
                          "ns3::PacketAbsoluteTimerModeration, ns3::E1000DynamicItrModeration, "
                          "ns3::NetDimModeration, ns3::BufferAdaptiveModeration).",
                          StringValue("ns3::NoModeration"),
                          MakePointerAccessor(&HostNetDevice::m_moderation),
                          MakePointerChecker<InterruptModeration>())
            .AddAttribute("RxMode",
                          "OS receive mode (an ns3::RxMode subclass: ns3::PerPacketRxMode, "
                          "ns3::NapiRxMode, ns3::DisableEnableRxMode, ns3::PurePollingRxMode, "
                          "ns3::HybridRxMode).",
                          StringValue("ns3::PerPacketRxMode"),
                          MakePointerAccessor(&HostNetDevice::m_rxMode),
                          MakePointerChecker<RxMode>())
            .AddAttribute("IsrCost",
                          "CPU time of the Rx hard interrupt handler, 1/r (seed 000: "
                          "3.73 us, exponential).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=3.73e-6]"),
                          MakePointerAccessor(&HostNetDevice::m_isrCost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ProtocolCost",
                          "Per-packet part of the protocol processing time (seed 000: "
                          "5.25 us, exponential); the per-byte part is set by "
                          "ProtocolCopyRate.",
                          StringValue("ns3::ExponentialRandomVariable[Mean=5.25e-6]"),
                          MakePointerAccessor(&HostNetDevice::m_protocolCost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("ProtocolCopyRate",
                          "Per-byte protocol cost as a rate: a frame adds size / rate "
                          "(seed 000: 748 MB/s, i.e. 5.34 us in all for 64 bytes). 0 = no "
                          "per-byte cost.",
                          DataRateValue(DataRate("5984Mbps")),
                          MakeDataRateAccessor(&HostNetDevice::m_copyRate),
                          MakeDataRateChecker())
            .AddAttribute("TxCost",
                          "CPU time per transmitted packet, charged at softirq level "
                          "(dev_queue_xmit runs with bottom halves disabled). Default 0: the "
                          "seed papers model receive only.",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&HostNetDevice::m_txCost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("RegisterWriteCost",
                          "CPU time of the register write that unmasks the Rx interrupt "
                          "(seed 000: 0.5 us).",
                          StringValue("ns3::ConstantRandomVariable[Constant=5e-7]"),
                          MakePointerAccessor(&HostNetDevice::m_registerWriteCost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("PollOverheadCost",
                          "CPU time of the timer interrupt that starts a poll in pure polling "
                          "and seed 000's NAPI variant, T_pollOH (seed 000: 1.59 us).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=1.59e-6]"),
                          MakePointerAccessor(&HostNetDevice::m_pollOverhead),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("IrqCore",
                          "Core of the node's HostCpu that takes this device's Rx interrupt "
                          "and softirq work (IRQ affinity). Must be < HostCpu::NCores.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostNetDevice::m_irqCore),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Mtu",
                          "MTU; 0 uses the PHY's.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostNetDevice::m_mtu),
                          MakeUintegerChecker<uint16_t>())
            .AddTraceSource("Delivered",
                            "A frame finished protocol processing and went up the stack "
                            "(frame, system latency).",
                            MakeTraceSourceAccessor(&HostNetDevice::m_deliveredTrace),
                            "ns3::HostNetDevice::DeliveredTracedCallback")
            .AddTraceSource("HostDrop",
                            "The host dropped a frame it had taken from the ring.",
                            MakeTraceSourceAccessor(&HostNetDevice::m_hostDropTrace),
                            "ns3::HostNetDevice::HostDropTracedCallback")
            .AddTraceSource("Interrupt",
                            "An Rx interrupt handler starts.",
                            MakeTraceSourceAccessor(&HostNetDevice::m_interruptTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("Rx",
                            "A frame is handed up to the stack (for pcap/ascii tracing).",
                            MakeTraceSourceAccessor(&HostNetDevice::m_rxTrace),
                            "ns3::Packet::TracedCallback")
            .AddTraceSource("Tx",
                            "A frame was accepted for transmission (for pcap/ascii tracing).",
                            MakeTraceSourceAccessor(&HostNetDevice::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

HostNetDevice::HostNetDevice()
{
    NS_LOG_FUNCTION(this);
    m_txCostPaidCallback = MakeCallback(&HostNetDevice::TxCostPaid, this);
}

HostNetDevice::~HostNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
HostNetDevice::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_phy,
                    "HostNetDevice: no PHY device; call SetPhy (or use HostNetDeviceHelper)");
    NS_ABORT_MSG_IF(!m_isrCost || !m_protocolCost || !m_txCost || !m_registerWriteCost ||
                        !m_pollOverhead,
                    "HostNetDevice: IsrCost, ProtocolCost, TxCost, RegisterWriteCost and "
                    "PollOverheadCost must be RandomVariableStreams");
    NS_ABORT_MSG_IF(!m_rxRing || !m_txRing || !m_moderation || !m_rxMode,
                    "HostNetDevice: RxRing, TxRing, Moderation and RxMode must be set");
    m_rxRing->Initialize();
    m_txRing->Initialize();
    m_moderation->Initialize();
    m_rxMode->Initialize();
    NetDevice::DoInitialize();
}

void
HostNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (Ptr<Object> o :
         std::initializer_list<Ptr<Object>>{m_rxRing, m_txRing, m_moderation, m_rxMode})
    {
        if (o)
        {
            o->Dispose();
        }
    }
    m_rxRing = nullptr;
    m_txRing = nullptr;
    m_moderation = nullptr;
    m_rxMode = nullptr;
    m_phy = nullptr;
    m_node = nullptr;
    m_cpu = nullptr;
    m_queueInterface = nullptr;
    m_isrCost = nullptr;
    m_protocolCost = nullptr;
    m_txCost = nullptr;
    m_registerWriteCost = nullptr;
    m_pollOverhead = nullptr;
    m_pendingTx.clear();
    m_rxCallback = NetDevice::ReceiveCallback();
    m_promiscCallback = NetDevice::PromiscReceiveCallback();
    m_txCostPaidCallback = Callback<void>();
    NetDevice::DoDispose();
}

void
HostNetDevice::NotifyNewAggregate()
{
    if (!m_queueInterface)
    {
        m_queueInterface = GetObject<NetDeviceQueueInterface>();
    }
    NetDevice::NotifyNewAggregate();
}

void
HostNetDevice::SetPhy(Ptr<NetDevice> phy)
{
    NS_LOG_FUNCTION(this << phy);
    NS_ABORT_MSG_IF(!phy, "HostNetDevice::SetPhy: null PHY");
    NS_ABORT_MSG_IF(m_phy, "HostNetDevice::SetPhy: the PHY is already set");
    m_phy = phy;
    Setup();
}

Ptr<NetDevice>
HostNetDevice::GetPhy() const
{
    return m_phy;
}

void
HostNetDevice::Setup()
{
    if (m_setupDone || !m_phy || !m_node)
    {
        return;
    }
    NS_LOG_FUNCTION(this);
    m_setupDone = true;
    m_cpu = HostCpu::GetOrCreate(m_node);
    NS_ABORT_MSG_IF(m_irqCore >= m_cpu->GetNCores(),
                    "HostNetDevice::IrqCore (" << m_irqCore << ") must be < HostCpu::NCores ("
                                               << m_cpu->GetNCores() << ")");
    NS_ABORT_MSG_IF(m_phy->GetNode() && m_phy->GetNode() != m_node,
                    "HostNetDevice: the PHY belongs to another node");
    m_phy->SetReceiveCallback(MakeCallback(&HostNetDevice::ReceiveFromPhy, this));
    m_rxRing->SetFrameReadyCallback(MakeCallback(&HostNetDevice::FrameInMemory, this));
    m_moderation->SetInterruptCallback(MakeCallback(&HostNetDevice::InterruptAsserted, this));
    m_rxMode->Attach(this);
    // The Tx ring frees descriptors when the PHY reports the end of a frame (p2p, CSMA).
    bool reported =
        m_phy->TraceConnectWithoutContext("PhyTxEnd",
                                          MakeCallback(&HostNetDevice::PhyTxDone, this));
    if (reported)
    {
        m_phy->TraceConnectWithoutContext("PhyTxDrop",
                                          MakeCallback(&HostNetDevice::PhyTxDone, this));
    }
    m_txRing->SetTransmitCallback(MakeCallback(&HostNetDevice::TransmitToPhy, this), reported);
    m_txRing->SetDescriptorFreedCallback(MakeCallback(&HostNetDevice::TxDescriptorFreed, this));
    auto constant = DynamicCast<ConstantRandomVariable>(m_txCost);
    m_txCostIsZero = constant && constant->GetConstant() == 0;
    m_windowStart = Simulator::Now();
}

Ptr<HostCpu>
HostNetDevice::GetCpu() const
{
    return m_cpu;
}

Ptr<RxRing>
HostNetDevice::GetRxRing() const
{
    return m_rxRing;
}

Ptr<TxRing>
HostNetDevice::GetTxRing() const
{
    return m_txRing;
}

Ptr<InterruptModeration>
HostNetDevice::GetModeration() const
{
    return m_moderation;
}

Ptr<RxMode>
HostNetDevice::GetRxMode() const
{
    return m_rxMode;
}

uint32_t
HostNetDevice::GetIrqCore() const
{
    return m_irqCore;
}

// ---------------------------------------------------------------- receive path

bool
HostNetDevice::ReceiveFromPhy(Ptr<NetDevice> phy,
                              Ptr<const Packet> packet,
                              uint16_t protocol,
                              const Address& from)
{
    NS_LOG_FUNCTION(this << packet << protocol << from);
    m_rxArrived++;
    RxFrame frame;
    frame.packet = packet;
    frame.protocol = protocol;
    frame.from = from;
    frame.size = packet->GetSize();
    m_rxRing->Receive(std::move(frame));
    return true;
}

void
HostNetDevice::FrameInMemory(uint32_t bytes)
{
    if (m_rxIrqEnabled)
    {
        m_moderation->FrameCompleted(bytes);
    }
    m_rxMode->NotifyFrameInMemory();
}

void
HostNetDevice::InterruptAsserted()
{
    NS_LOG_FUNCTION(this);
    if (m_rxIrqEnabled)
    {
        m_rxMode->HandleInterrupt();
    }
}

void
HostNetDevice::SetRxInterruptEnabled(bool enabled)
{
    NS_LOG_FUNCTION(this << enabled);
    m_rxIrqEnabled = enabled;
    m_moderation->Reset();
    if (enabled && m_rxRing->HasReady())
    {
        // Frames completed while masked left the cause bit set: the IRQ fires on unmask.
        m_rxMode->HandleInterrupt();
    }
}

bool
HostNetDevice::IsRxInterruptEnabled() const
{
    return m_rxIrqEnabled;
}

void
HostNetDevice::NotifyRingDrained()
{
    m_moderation->Reset();
}

RxFrame
HostNetDevice::PopFrame()
{
    RxFrame frame = m_rxRing->PopReady();
    frame.notified = std::max(frame.inMemory, m_lastInterrupt);
    return frame;
}

void
HostNetDevice::RecordLatencies(const RxFrame& frame, Time processingStart)
{
    Time now = Simulator::Now();
    m_fifoWait.Add(frame.dmaStart - frame.arrival);
    m_dma.Add(frame.inMemory - frame.dmaStart);
    m_moderationWait.Add(frame.notified - frame.inMemory);
    m_cpuWait.Add(processingStart - frame.notified);
    m_processing.Add(now - processingStart);
    m_systemLatency.Add(now - frame.inMemory);
    m_hostLatency.Add(now - frame.arrival);
}

void
HostNetDevice::DeliverFrame(RxFrame&& frame, Time processingStart)
{
    NS_LOG_FUNCTION(this << frame.packet);
    m_rxDelivered++;
    m_rxDeliveredBytes += frame.size;
    RecordLatencies(frame, processingStart);
    m_deliveredTrace(frame.packet, Simulator::Now() - frame.inMemory);
    m_rxTrace(frame.packet);
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this,
                          frame.packet,
                          frame.protocol,
                          frame.from,
                          GetAddress(),
                          NetDevice::PACKET_HOST);
    }
    if (!m_rxCallback.IsNull())
    {
        m_rxCallback(this, frame.packet, frame.protocol, frame.from);
    }
}

void
HostNetDevice::DropFrame(const RxFrame& frame, HostDropReason reason)
{
    NS_LOG_LOGIC("host drop " << frame.packet << " reason " << +reason);
    m_dropBacklog++;
    m_hostDropTrace(frame.packet, reason);
}

void
HostNetDevice::RecordInterrupt()
{
    m_interrupts++;
    m_lastInterrupt = Simulator::Now();
    m_interruptTrace();
}

void
HostNetDevice::RecordAbsorbedInterrupt()
{
    m_interruptsAbsorbed++;
}

void
HostNetDevice::RecordPoll(uint32_t packets)
{
    m_polls++;
    m_pollPackets += packets;
}

void
HostNetDevice::RecordBusyPoll(uint32_t packets)
{
    m_busyPolls++;
    m_busyPollFrames += packets;
}

void
HostNetDevice::RecordSoftirqRestart()
{
    m_softirqRestarts++;
}

Time
HostNetDevice::SampleIsrCost()
{
    return Max(Seconds(m_isrCost->GetValue()), Time(0));
}

Time
HostNetDevice::SampleProtocolCost(uint32_t bytes)
{
    Time cost = Max(Seconds(m_protocolCost->GetValue()), Time(0));
    if (m_copyRate.GetBitRate() > 0)
    {
        cost += m_copyRate.CalculateBytesTxTime(bytes);
    }
    return cost;
}

Time
HostNetDevice::SampleRegisterWriteCost()
{
    return Max(Seconds(m_registerWriteCost->GetValue()), Time(0));
}

Time
HostNetDevice::SamplePollOverhead()
{
    return Max(Seconds(m_pollOverhead->GetValue()), Time(0));
}

// ---------------------------------------------------------------- transmit path

bool
HostNetDevice::IsTxRingFull() const
{
    return m_txRing->GetNInUse() + m_pendingTx.size() >= m_txRing->GetNDescriptors();
}

bool
HostNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << dest << protocolNumber);
    NS_ABORT_MSG_IF(!m_setupDone, "HostNetDevice::Send before the device has a PHY and a node");
    if (IsTxRingFull())
    {
        m_txDropRingFull++;
        return false;
    }
    m_txTrace(packet);
    if (m_txCostIsZero)
    {
        m_txRing->Enqueue(packet, dest, protocolNumber);
    }
    else
    {
        m_pendingTx.push_back(PendingTx{packet, dest, protocolNumber});
        m_cpu->Submit(HostCpu::SOFTIRQ,
                      Max(Seconds(m_txCost->GetValue()), Time(0)),
                      m_txCostPaidCallback,
                      m_irqCore);
    }
    if (IsTxRingFull() && m_queueInterface)
    {
        m_queueInterface->GetTxQueue(0)->Stop();
    }
    return true;
}

bool
HostNetDevice::SendFrom(Ptr<Packet> packet,
                        const Address& source,
                        const Address& dest,
                        uint16_t protocolNumber)
{
    NS_ABORT_MSG("HostNetDevice does not support SendFrom (SupportsSendFrom() is false)");
    return false;
}

void
HostNetDevice::TxCostPaid()
{
    NS_ASSERT(!m_pendingTx.empty());
    PendingTx tx = std::move(m_pendingTx.front());
    m_pendingTx.pop_front();
    m_txRing->Enqueue(tx.packet, tx.dest, tx.protocol);
}

bool
HostNetDevice::TransmitToPhy(Ptr<Packet> packet, const Address& dest, uint16_t protocol)
{
    m_txPackets++;
    return m_phy->Send(packet, dest, protocol);
}

void
HostNetDevice::PhyTxDone(Ptr<const Packet> packet)
{
    m_txRing->NotifyTransmitted();
}

void
HostNetDevice::TxDescriptorFreed()
{
    if (m_queueInterface && m_queueInterface->GetTxQueue(0)->IsStopped() && !IsTxRingFull())
    {
        m_queueInterface->GetTxQueue(0)->Wake();
    }
}

// ---------------------------------------------------------------- statistics

HostNetDeviceStats
HostNetDevice::GetStats() const
{
    HostNetDeviceStats s;
    s.elapsed = (Simulator::Now() - m_windowStart).GetSeconds();
    s.rxArrived = m_rxArrived;
    s.rxDelivered = m_rxDelivered;
    s.rxDeliveredBytes = m_rxDeliveredBytes;
    s.dropFifoOverrun = m_rxRing->GetDrops(RxRing::FIFO_OVERRUN);
    s.dropNoDescriptor = m_rxRing->GetDrops(RxRing::NO_DESCRIPTOR);
    s.dropBacklog = m_dropBacklog;
    s.rxInHost = m_rxRing->GetNFifoFrames() + m_rxRing->GetNReady() + m_rxMode->GetNHeld();
    s.interrupts = m_interrupts;
    s.interruptsAbsorbed = m_interruptsAbsorbed;
    s.polls = m_polls;
    s.busyPolls = m_busyPolls;
    s.busyPollFrames = m_busyPollFrames;
    s.softirqRestarts = m_softirqRestarts;
    s.packetsPerInterrupt = m_interrupts ? double(m_rxDelivered) / m_interrupts : 0.0;
    s.packetsPerPoll = m_polls ? double(m_pollPackets) / m_polls : 0.0;
    if (s.elapsed > 0)
    {
        s.throughputPps = m_rxDelivered / s.elapsed;
        s.throughputBps = m_rxDeliveredBytes * 8.0 / s.elapsed;
    }
    s.txPackets = m_txPackets;
    s.txDropRingFull = m_txDropRingFull;
    s.txDropPhy = m_txRing->GetPhyDrops();
    s.fifoWait = m_fifoWait.GetSummary();
    s.dma = m_dma.GetSummary();
    s.moderationWait = m_moderationWait.GetSummary();
    s.cpuWait = m_cpuWait.GetSummary();
    s.processing = m_processing.GetSummary();
    s.systemLatency = m_systemLatency.GetSummary();
    s.hostLatency = m_hostLatency.GetSummary();
    return s;
}

void
HostNetDevice::ResetStats()
{
    NS_LOG_FUNCTION(this);
    m_windowStart = Simulator::Now();
    m_rxArrived = 0;
    m_rxDelivered = 0;
    m_rxDeliveredBytes = 0;
    m_dropBacklog = 0;
    m_interrupts = 0;
    m_interruptsAbsorbed = 0;
    m_polls = 0;
    m_busyPolls = 0;
    m_busyPollFrames = 0;
    m_pollPackets = 0;
    m_softirqRestarts = 0;
    m_txPackets = 0;
    m_txDropRingFull = 0;
    m_rxRing->ResetStats();
    m_txRing->ResetStats();
    for (LatencyHistogram* h : {&m_fifoWait,
                                &m_dma,
                                &m_moderationWait,
                                &m_cpuWait,
                                &m_processing,
                                &m_systemLatency,
                                &m_hostLatency})
    {
        h->Reset();
    }
}

int64_t
HostNetDevice::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    int64_t used = 0;
    for (const auto& rv :
         {m_isrCost, m_protocolCost, m_txCost, m_registerWriteCost, m_pollOverhead})
    {
        rv->SetStream(stream + used);
        used++;
    }
    used += m_rxRing->AssignStreams(stream + used);
    used += m_moderation->AssignStreams(stream + used);
    used += m_rxMode->AssignStreams(stream + used);
    return used;
}

// ---------------------------------------------------------------- NetDevice API

void
HostNetDevice::SetIfIndex(const uint32_t index)
{
    m_ifIndex = index;
}

uint32_t
HostNetDevice::GetIfIndex() const
{
    return m_ifIndex;
}

Ptr<Channel>
HostNetDevice::GetChannel() const
{
    return m_phy ? m_phy->GetChannel() : nullptr;
}

void
HostNetDevice::SetAddress(Address address)
{
    NS_ABORT_MSG_IF(!m_phy, "HostNetDevice::SetAddress before SetPhy");
    m_phy->SetAddress(address);
}

Address
HostNetDevice::GetAddress() const
{
    NS_ABORT_MSG_IF(!m_phy, "HostNetDevice::GetAddress before SetPhy");
    return m_phy->GetAddress();
}

bool
HostNetDevice::SetMtu(const uint16_t mtu)
{
    m_mtu = mtu;
    return m_phy ? m_phy->SetMtu(mtu) : true;
}

uint16_t
HostNetDevice::GetMtu() const
{
    if (m_mtu != 0 || !m_phy)
    {
        return m_mtu;
    }
    return m_phy->GetMtu();
}

bool
HostNetDevice::IsLinkUp() const
{
    return m_phy && m_phy->IsLinkUp();
}

void
HostNetDevice::AddLinkChangeCallback(Callback<void> callback)
{
    NS_ABORT_MSG_IF(!m_phy, "HostNetDevice::AddLinkChangeCallback before SetPhy");
    m_phy->AddLinkChangeCallback(callback);
}

bool
HostNetDevice::IsBroadcast() const
{
    return m_phy && m_phy->IsBroadcast();
}

Address
HostNetDevice::GetBroadcast() const
{
    NS_ABORT_MSG_IF(!m_phy, "HostNetDevice::GetBroadcast before SetPhy");
    return m_phy->GetBroadcast();
}

bool
HostNetDevice::IsMulticast() const
{
    return m_phy && m_phy->IsMulticast();
}

Address
HostNetDevice::GetMulticast(Ipv4Address multicastGroup) const
{
    NS_ABORT_MSG_IF(!m_phy, "HostNetDevice::GetMulticast before SetPhy");
    return m_phy->GetMulticast(multicastGroup);
}

Address
HostNetDevice::GetMulticast(Ipv6Address addr) const
{
    NS_ABORT_MSG_IF(!m_phy, "HostNetDevice::GetMulticast before SetPhy");
    return m_phy->GetMulticast(addr);
}

bool
HostNetDevice::IsBridge() const
{
    return false;
}

bool
HostNetDevice::IsPointToPoint() const
{
    return m_phy && m_phy->IsPointToPoint();
}

Ptr<Node>
HostNetDevice::GetNode() const
{
    return m_node;
}

void
HostNetDevice::SetNode(Ptr<Node> node)
{
    NS_LOG_FUNCTION(this << node);
    m_node = node;
    Setup();
}

bool
HostNetDevice::NeedsArp() const
{
    return m_phy && m_phy->NeedsArp();
}

void
HostNetDevice::SetReceiveCallback(NetDevice::ReceiveCallback cb)
{
    m_rxCallback = cb;
}

void
HostNetDevice::SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb)
{
    m_promiscCallback = cb;
}

bool
HostNetDevice::SupportsSendFrom() const
{
    return false;
}

} // namespace ns3
