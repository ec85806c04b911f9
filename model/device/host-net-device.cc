/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-device.h"

#include "host-net-flow-probe.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/gro-engine.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/no-gro.h"
#include "ns3/no-moderation.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/object-vector.h"
#include "ns3/per-packet-rx-mode.h"
#include "ns3/pointer.h"
#include "ns3/rfs-flow-table.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetDevice");

NS_OBJECT_ENSURE_REGISTERED(HostNetDevice);

namespace
{
/**
 * A factory of class T, made through T::GetTypeId() rather than its name: the TypeId is
 * then registered whatever the order of the libraries' static initialisation (a name
 * looked up while HostNetDevice registers may not be registered yet).
 * @return the factory
 */
template <typename T>
ObjectFactory
FactoryOf()
{
    ObjectFactory factory;
    factory.SetTypeId(T::GetTypeId());
    return factory;
}

/// @return each per-queue part factory attribute and the class its factory must make
const std::map<std::string, TypeId>&
PartBases()
{
    static const std::map<std::string, TypeId> bases{
        {"RxRing", RxRing::GetTypeId()},
        {"Moderation", InterruptModeration::GetTypeId()},
        {"RxMode", RxMode::GetTypeId()},
        {"Gro", GroEngine::GetTypeId()}};
    return bases;
}

} // namespace

TypeId
HostNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostNetDevice")
            .SetParent<PhyWrapperNetDevice>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostNetDevice>()
            .AddAttribute("RxRing",
                          "The NIC receive FIFO, DMA engine and descriptor ring of each queue "
                          "(an ns3::RxRing with its attributes, e.g. "
                          "\"ns3::RxRing[Descriptors=512]\"). Every queue gets its own, made when "
                          "the device is installed; reach them through Queues/*/RxRing.",
                          ObjectFactoryValue(FactoryOf<RxRing>()),
                          MakeObjectFactoryAccessor(
                              &HostNetDevice::SetPart<RxRing, &HostNetDevice::m_rxRingFactory>,
                              &HostNetDevice::GetPart<&HostNetDevice::m_rxRingFactory>),
                          MakeObjectFactoryChecker())
            .AddAttribute("Moderation",
                          "NIC interrupt moderation of each queue (an "
                          "ns3::InterruptModeration subclass with its attributes: "
                          "ns3::NoModeration, ns3::RxUsecsModeration, ns3::RxFramesModeration, "
                          "ns3::CountTimeModeration, ns3::ThrottleModeration, "
                          "ns3::PacketAbsoluteTimerModeration, ns3::E1000DynamicItrModeration, "
                          "ns3::I40eAdaptiveItrModeration, ns3::NetDimModeration, "
                          "ns3::BufferAdaptiveModeration). Every queue gets its own, made when "
                          "the device is installed; reach them through Queues/*/Moderation.",
                          ObjectFactoryValue(FactoryOf<NoModeration>()),
                          MakeObjectFactoryAccessor(
                              &HostNetDevice::SetPart<InterruptModeration,
                                                      &HostNetDevice::m_moderationFactory>,
                              &HostNetDevice::GetPart<&HostNetDevice::m_moderationFactory>),
                          MakeObjectFactoryChecker())
            .AddAttribute("RxMode",
                          "OS receive mode of each queue (an ns3::RxMode subclass with its "
                          "attributes: ns3::PerPacketRxMode, ns3::NapiRxMode, "
                          "ns3::TickedNapiRxMode, ns3::DisableEnableRxMode, "
                          "ns3::PurePollingRxMode, ns3::HybridRxMode). Every queue gets its "
                          "own, made when the device is installed; reach them through "
                          "Queues/*/RxMode.",
                          ObjectFactoryValue(FactoryOf<PerPacketRxMode>()),
                          MakeObjectFactoryAccessor(
                              &HostNetDevice::SetPart<RxMode, &HostNetDevice::m_rxModeFactory>,
                              &HostNetDevice::GetPart<&HostNetDevice::m_rxModeFactory>),
                          MakeObjectFactoryChecker())
            .AddAttribute("Gro",
                          "Generic receive offload in NAPI polls (ethtool -K gro): the GRO "
                          "engine of each queue, ns3::GroEngine with its attributes (e.g. "
                          "\"ns3::GroEngine[MaxSize=65535]\"), or ns3::NoGro for none. With an "
                          "engine, in-order TCP segments of a flow are merged before protocol "
                          "processing, which then costs ProtocolCost once per merged packet plus "
                          "the per-byte part; it needs a NAPI receive mode. Every queue gets its "
                          "own, made when the device is installed; reach them through "
                          "Queues/*/Gro.",
                          ObjectFactoryValue(FactoryOf<NoGro>()),
                          MakeObjectFactoryAccessor(
                              &HostNetDevice::SetPart<GroEngine, &HostNetDevice::m_groFactory>,
                              &HostNetDevice::GetPart<&HostNetDevice::m_groFactory>),
                          MakeObjectFactoryChecker())
            .AddAttribute("Costs",
                          "The CPU cost of each piece of packet work (ns3::HostCostModel: "
                          "IsrCost, ProtocolCost, TxCost, ...), shared by the queues. Made "
                          "with its defaults when first needed if not set; set it before the "
                          "device is installed (HostNetDeviceHelper::SetCostAttribute).",
                          PointerValue(),
                          MakePointerAccessor(&HostNetDevice::SetCosts, &HostNetDevice::GetCosts),
                          MakePointerChecker<HostCostModel>())
            .AddAttribute("TxPath",
                          "The transmit path (ns3::HostTxPath: TxRing, TsoEnabled, GsoEnabled, "
                          "TsoMaxSize). Made with its defaults when first needed if not set; "
                          "set it before the device is installed "
                          "(HostNetDeviceHelper::SetTxPathAttribute).",
                          PointerValue(),
                          MakePointerAccessor(&HostNetDevice::SetTxPath, &HostNetDevice::GetTxPath),
                          MakePointerChecker<HostTxPath>())
            .AddAttribute(
                "Steering",
                "Receive steering (ns3::ReceiveSteering: IrqCore, IrqAffinity, "
                "RssTableSize, Mode (RPS/RFS), RpsCores, RpsEnqueueCost, "
                "RpsFlowCount). Made with its defaults when first needed if not set; "
                "set it before the device is installed "
                "(HostNetDeviceHelper::SetSteeringAttribute).",
                PointerValue(),
                MakePointerAccessor(&HostNetDevice::SetSteering, &HostNetDevice::GetSteering),
                MakePointerChecker<ReceiveSteering>())
            .AddAttribute("NQueues",
                          "Queue pairs (Rx/Tx, one interrupt vector each; ethtool -L "
                          "combined). Each gets its own Rx ring, moderation, receive mode, "
                          "GRO engine and Tx ring, made by the RxRing, Moderation, RxMode and "
                          "Gro attributes (and a copy of TxPath/TxRing). 1..1024.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&HostNetDevice::m_nQueues),
                          MakeUintegerChecker<uint32_t>(1, 1024))
            .AddAttribute("Queues",
                          "The receive queues (ns3::HostNetQueue, one per queue pair, created "
                          "when the device is installed on a node with its PHY), each with its "
                          "RxRing, TxRing, Moderation, RxMode and Gro objects: the Config path "
                          "to every queue's traces, e.g. /NodeList/*/DeviceList/*/"
                          "$ns3::HostNetDevice/Queues/*/RxRing/WriteBack. Read-only.",
                          TypeId::ATTR_GET,
                          ObjectVectorValue(),
                          MakeObjectVectorAccessor(&HostNetDevice::m_queues),
                          MakeObjectVectorChecker<HostNetQueue>())
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
    // Aggregated, so that its attributes have the device's Config path
    // (.../DeviceList/N/$ns3::HostNetStatistics/StageLatencies).
    auto statistics = CreateObject<HostNetStatistics>();
    AggregateObject(statistics);
    m_statistics = PeekPointer(statistics);
}

HostNetDevice::~HostNetDevice()
{
    NS_LOG_FUNCTION(this);
}

void
HostNetDevice::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    for (const auto& queue : m_queues)
    {
        queue->Initialize();
    }
    GetTxPath()->Initialize();
    PhyWrapperNetDevice::DoInitialize();
}

void
HostNetDevice::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (auto& queue : m_queues)
    {
        queue->Dispose();
    }
    m_queues.clear();
    m_quickAck.Clear();
    for (Ptr<Object> o : std::initializer_list<Ptr<Object>>{m_tx, m_steering, m_costs})
    {
        if (o)
        {
            o->Dispose();
        }
    }
    m_tx = nullptr;
    m_steering = nullptr;
    m_costs = nullptr;
    m_cpu = nullptr;
    m_stack = nullptr;
    m_queueInterface = nullptr;
    PhyWrapperNetDevice::DoDispose();
}

void
HostNetDevice::NotifyNewAggregate()
{
    if (!m_queueInterface)
    {
        m_queueInterface = GetObject<NetDeviceQueueInterface>();
        if (m_queueInterface)
        {
            GetTxPath()->SetQueueInterface(m_queueInterface);
        }
    }
    PhyWrapperNetDevice::NotifyNewAggregate();
}

void
HostNetDevice::DoSetup()
{
    if (m_setupDone || !m_phy || !m_node)
    {
        return;
    }
    NS_LOG_FUNCTION(this);
    m_setupDone = true;
    m_cpu = HostCpu::GetOrCreate(m_node);
    m_stack = HostNetStack::GetOrCreate(m_node);
    m_quickAck.SetNode(m_node);
    // The parts not set by now get their defaults (GetCosts and the others make them).
    GetCosts()->CheckConfig();
    GetSteering();
    GetTxPath();
    NS_ABORT_MSG_IF(m_phy->GetNode() && m_phy->GetNode() != m_node,
                    "HostNetDevice: the PHY belongs to another node");
    m_phy->SetReceiveCallback(MakeCallback(&HostNetDevice::ReceiveFromPhy, this));
    if (!m_stack->HasMergedPacketHook())
    {
        HostNetFlowProbe::WatchUncounted(m_stack);
    }
    CreateQueues();
    m_statistics->Reset();
}

void
HostNetDevice::CreateQueues()
{
    std::vector<uint32_t> cores = m_steering->QueueCores(m_nQueues, m_cpu->GetNCores());
    m_steering->Configure(m_node, m_cpu, m_nQueues);
    // What the receive mode must support (GRO, LRO and RPS/RFS need a NAPI poll) is checked
    // by the mode when it joins its queue (RxMode::CheckConfig).
    m_queues.clear();
    m_groEnabled = IsGroEnabled();
    std::vector<Ptr<TxRing>> txRings;
    for (uint32_t q = 0; q < m_nQueues; ++q)
    {
        // Each queue's parts, in this order (the order fixes the automatic random-variable
        // streams they take).
        Ptr<TxRing> txRing = m_tx->MakeRing(q);
        auto ring = m_rxRingFactory.Create<RxRing>();
        NS_ABORT_MSG_IF(ring->IsLroEnabled() && m_groEnabled,
                        "HostNetDevice: RxRing::LroEnabled is true and Gro is "
                            << m_groFactory.GetTypeId().GetName()
                            << "; enable one (hostnet's GRO does not merge LRO aggregates again): "
                               "LroEnabled false or Gro ns3::NoGro");
        auto moderation = m_moderationFactory.Create<InterruptModeration>();
        auto rxMode = m_rxModeFactory.Create<RxMode>();
        Ptr<GroEngine> gro = m_groEnabled ? m_groFactory.Create<GroEngine>() : nullptr;
        auto queue = CreateObject<HostNetQueue>();
        queue->Setup(this, q, cores[q], ring, moderation, rxMode, gro, m_statistics);
        queue->SetTxRing(txRing);
        m_stack->AddRxQueue(rxMode,
                            MakeCallback(&InterruptModeration::OfferUtilizationProbe, moderation));
        txRings.push_back(txRing);
        m_queues.push_back(queue);
    }
    m_tx->Setup(m_phy, m_cpu, m_stack, m_costs, txRings, cores, m_statistics);
    m_tx->SetQueueInterface(m_queueInterface);
}

uint32_t
HostNetDevice::GetNQueues() const
{
    return m_queues.empty() ? m_nQueues : m_queues.size();
}

Ptr<HostNetQueue>
HostNetDevice::GetQueue(uint32_t index) const
{
    NS_ABORT_MSG_IF(index >= m_queues.size(),
                    "HostNetDevice::GetQueue: no queue " << index << " (" << m_queues.size()
                                                         << " queues)");
    return m_queues[index];
}

const RssHash&
HostNetDevice::GetRss() const
{
    return GetSteering()->GetRss();
}

bool
HostNetDevice::IsRxInterruptEnabled() const
{
    return m_queues.empty() || m_queues[0]->IsRxInterruptEnabled();
}

Ptr<HostCpu>
HostNetDevice::GetCpu() const
{
    return m_cpu;
}

Ptr<TxRing>
HostNetDevice::GetTxRing() const
{
    return GetTxPath()->GetTxRing();
}

void
HostNetDevice::CheckPartFactory(const ObjectFactory& value, TypeId base) const
{
    // The attribute that holds a factory of this base class (for the messages).
    const std::string& attribute =
        std::find_if(PartBases().begin(), PartBases().end(), [base](const auto& part) {
            return part.second == base;
        })->first;
    NS_ABORT_MSG_IF(m_setupDone,
                    "HostNetDevice::" << attribute
                                      << ": set it before the device is installed on a node with "
                                         "its PHY (the queues' parts are made then); afterwards "
                                         "use the Config path .../Queues/*/"
                                      << attribute << "/...");
    TypeId tid = value.GetTypeId();
    NS_ABORT_MSG_IF(!value.IsTypeIdSet() || (tid != base && !tid.IsChildOf(base)),
                    "HostNetDevice::" << attribute << ": '"
                                      << (value.IsTypeIdSet() ? tid.GetName() : std::string())
                                      << "' is not a " << base.GetName()
                                      << " (give a subclass of it, with its attributes if any: "
                                         "\"ns3::Class[Name=value|...]\")");
}

bool
HostNetDevice::LookupPartBase(const std::string& attribute, TypeId* base)
{
    auto part = PartBases().find(attribute);
    *base = part == PartBases().end() ? *base : part->second;
    return part != PartBases().end();
}

bool
HostNetDevice::IsGroEnabled() const
{
    return m_groFactory.GetTypeId() != NoGro::GetTypeId();
}

uint32_t
HostNetDevice::GetIrqCore() const
{
    return m_queues.empty() ? GetSteering()->QueueCores(1, m_cpu ? m_cpu->GetNCores() : 1)[0]
                            : m_queues[0]->GetIrqCore();
}

// ---------------------------------------------------------------- receive path

bool
HostNetDevice::ReceiveFromPhy(Ptr<NetDevice> phy,
                              Ptr<const Packet> packet,
                              uint16_t protocol,
                              const Address& from)
{
    m_statistics->RecordArrival();
    RxFrame frame;
    frame.packet = packet;
    frame.protocol = protocol;
    frame.sender = SenderIndex(from);
    frame.size = packet->GetSize();
    uint32_t queue = m_steering->SpreadFrame(frame, m_groEnabled);
    m_queues[queue]->Receive(std::move(frame));
    return true;
}

void
HostNetDevice::DeliverFrame(RxFrame&& frame, Time processingStart, uint32_t core)
{
    m_statistics->RecordDelivery(frame, processingStart);
    if (frame.segments > 1)
    {
        frame.packet = m_stack->MergedPacket(frame.packet);
    }
    // An unconnected trace source still copies its arguments (a packet reference each):
    // skip the per-packet calls nobody listens to.
    if (!m_deliveredTrace.IsEmpty())
    {
        m_deliveredTrace(frame.packet, Simulator::Now() - frame.inMemory);
    }
    if (!m_rxTrace.IsEmpty())
    {
        m_rxTrace(frame.packet);
    }
    if (!m_promiscCallback.IsNull())
    {
        m_promiscCallback(this,
                          frame.packet,
                          frame.protocol,
                          GetSender(frame.sender),
                          GetAddress(),
                          NetDevice::PACKET_HOST);
    }
    if (!m_rxCallback.IsNull())
    {
        // The stack runs in this core's softirq: what it sends (ACKs, ACK-clocked data) and
        // what it hands to a socket is charged and located there.
        HostNetStack::ContextScope softirq(*m_stack, {HostNetStack::ExecContext::SOFTIRQ, core});
        // A GRO/LRO packet of several segments is acknowledged at once, as Linux does.
        Ptr<TcpSocketBase> quickAck = frame.segments > 1 && frame.protocol == 0x0800
                                          ? m_quickAck.Begin(frame.packet)
                                          : nullptr;
        m_rxCallback(this, frame.packet, frame.protocol, GetSender(frame.sender));
        m_quickAck.End(quickAck);
    }
}

void
HostNetDevice::DropFrame(const RxFrame& frame, HostDropReason reason)
{
    NS_LOG_LOGIC("host drop " << frame.packet << " reason " << +reason);
    m_statistics->RecordHostDrop(frame.segments);
    m_hostDropTrace(frame.packet, reason);
}

void
HostNetDevice::Record(RxQueue::Event event, uint32_t n)
{
    m_statistics->Record(event, n);
    if (event == RxQueue::INTERRUPT)
    {
        m_interruptTrace();
    }
}

void
HostNetDevice::SetCosts(Ptr<HostCostModel> costs)
{
    NS_ABORT_MSG_IF(m_setupDone && costs != m_costs,
                    "HostNetDevice::Costs: set it before the device is installed on a node "
                    "with its PHY (the queues read the costs then)");
    m_costs = costs;
}

Ptr<HostCostModel>
HostNetDevice::GetCosts() const
{
    if (!m_costs)
    {
        m_costs = CreateObject<HostCostModel>();
    }
    return m_costs;
}

void
HostNetDevice::SetSteering(Ptr<ReceiveSteering> steering)
{
    NS_ABORT_MSG_IF(m_setupDone && steering != m_steering,
                    "HostNetDevice::Steering: set it before the device is installed on a node "
                    "with its PHY");
    m_steering = steering;
}

Ptr<ReceiveSteering>
HostNetDevice::GetSteering() const
{
    if (!m_steering)
    {
        m_steering = CreateObject<ReceiveSteering>();
    }
    return m_steering;
}

void
HostNetDevice::SetTxPath(Ptr<HostTxPath> txPath)
{
    NS_ABORT_MSG_IF(m_setupDone && txPath != m_tx,
                    "HostNetDevice::TxPath: set it before the device is installed on a node "
                    "with its PHY");
    m_tx = txPath;
}

Ptr<HostTxPath>
HostNetDevice::GetTxPath() const
{
    if (!m_tx)
    {
        m_tx = CreateObject<HostTxPath>();
    }
    return m_tx;
}

// ---------------------------------------------------------------- transmit path

bool
HostNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_ABORT_MSG_IF(!m_setupDone, "HostNetDevice::Send before the device has a PHY and a node");
    int32_t ring = m_tx->Admit(this, packet, protocolNumber, m_steering->GetRss());
    if (ring < 0)
    {
        return false;
    }
    if (!m_txTrace.IsEmpty())
    {
        m_txTrace(packet);
    }
    m_tx->Send(ring, packet, dest, protocolNumber);
    return true;
}

// ---------------------------------------------------------------- statistics

HostNetDeviceStats
HostNetDevice::GetStats() const
{
    HostNetDeviceStats s;
    m_statistics->Fill(s);
    for (const auto& queue : m_queues)
    {
        queue->AddStats(s);
    }
    m_tx->AddStats(s);
    return s;
}

void
HostNetDevice::ResetStats()
{
    NS_LOG_FUNCTION(this);
    m_statistics->Reset();
    for (const auto& queue : m_queues)
    {
        queue->ResetStats();
    }
    m_tx->ResetStats();
}

int64_t
HostNetDevice::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    int64_t used = GetCosts()->AssignStreams(stream);
    for (const auto& queue : m_queues)
    {
        used += queue->AssignStreams(stream + used);
    }
    // Last, so that adding it kept the streams of the other variables.
    used += GetSteering()->AssignStreams(stream + used);
    return used;
}

} // namespace ns3
