/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-device.h"

#include "ns3/gro-engine.h"
#include "host-net-channel.h"
#include "ns3/merged-segments-tag.h"
#include "ns3/napi-rx-mode.h"
#include "phy-address-mirror.h"
#include "ns3/rfs-flow-table.h"
#include "ns3/rps-backlog.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/channel.h"
#include "ns3/enum.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/ipv4.h"
#include "ns3/log.h"
#include "ns3/net-device-queue-interface.h"
#include "ns3/node.h"
#include "ns3/object-factory.h"
#include "ns3/object-vector.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetDevice");

NS_OBJECT_ENSURE_REGISTERED(HostNetDevice);

namespace
{
/**
 * A new object of the same type with the same attribute values; objects held by Pointer
 * attributes (random variables, inner receive modes) are cloned too, so queues share no
 * state. Used to give every receive queue its own ring, moderation and receive mode.
 */
Ptr<Object>
CloneByAttributes(Ptr<Object> source)
{
    TypeId tid = source->GetInstanceTypeId();
    ObjectFactory factory;
    factory.SetTypeId(tid);
    for (TypeId t = tid;; t = t.GetParent())
    {
        for (std::size_t i = 0; i < t.GetAttributeN(); ++i)
        {
            TypeId::AttributeInformation info = t.GetAttribute(i);
            if (!(info.flags & TypeId::ATTR_GET) || !(info.flags & TypeId::ATTR_SET) ||
                !info.accessor->HasGetter() || !info.accessor->HasSetter())
            {
                continue;
            }
            Ptr<AttributeValue> value = info.checker->Create();
            source->GetAttribute(info.name, *value);
            auto pointer = DynamicCast<PointerValue>(value);
            if (pointer && pointer->GetObject())
            {
                factory.Set(info.name, PointerValue(CloneByAttributes(pointer->GetObject())));
            }
            else
            {
                factory.Set(info.name, *value);
            }
        }
        if (t == t.GetParent())
        {
            break;
        }
    }
    return factory.Create<Object>();
}

/// @return the items of a comma-separated list of core numbers, or an error message
std::vector<uint32_t>
ParseCoreList(const std::string& list, std::string& error)
{
    std::vector<uint32_t> cores;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        size_t used = 0;
        unsigned long core = 0;
        try
        {
            core = std::stoul(item, &used);
        }
        catch (const std::exception&)
        {
            used = 0;
        }
        if (used == 0 || used != item.size() || item[0] == '-')
        {
            error = "'" + item + "' is not a core number";
            return {};
        }
        cores.push_back(core);
    }
    return cores;
}

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

/// @return IPv4 + TCP header bytes of a packet (IP header first), 0 if not TCP/IPv4
uint32_t
GroHeaderBytes(Ptr<const Packet> packet)
{
    uint8_t b[34];
    if (packet->CopyData(b, sizeof(b)) < sizeof(b) || (b[0] >> 4) != 4 || b[9] != 6)
    {
        return 0;
    }
    uint32_t ihl = (b[0] & 0x0f) * 4u;
    uint8_t tcp[13];
    if (ihl + 13 > sizeof(b))
    {
        return 0;
    }
    std::copy(b + ihl, b + ihl + 13, tcp);
    return ihl + (tcp[12] >> 4) * 4u;
}
} // namespace

TypeId
HostNetDevice::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostNetDevice")
            .SetParent<NetDevice>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostNetDevice>()
            .AddAttribute("RxRing",
                          "The NIC receive FIFO, DMA engine and descriptor ring of queue 0; "
                          "queues > 0 get copies with the same attributes (made when the "
                          "device is installed). Traces connected through this attribute see "
                          "queue 0 only: use Queues/*/RxRing/... for every queue.",
                          StringValue("ns3::RxRing"),
                          MakePointerAccessor(&HostNetDevice::m_rxRing),
                          MakePointerChecker<RxRing>())
            .AddAttribute("TxRing",
                          "The NIC transmit descriptor ring (of queue pair 0; the others get "
                          "copies with the same attributes). Traces connected through this "
                          "attribute see queue pair 0 only: use Queues/*/TxRing/... for every "
                          "queue pair.",
                          StringValue("ns3::TxRing"),
                          MakePointerAccessor(&HostNetDevice::m_txRing),
                          MakePointerChecker<TxRing>())
            .AddAttribute("Moderation",
                          "NIC interrupt moderation (an ns3::InterruptModeration subclass: "
                          "ns3::NoModeration, ns3::RxUsecsModeration, ns3::RxFramesModeration, "
                          "ns3::CountTimeModeration, ns3::ThrottleModeration, "
                          "ns3::PacketAbsoluteTimerModeration, ns3::E1000DynamicItrModeration, "
                          "ns3::I40eAdaptiveItrModeration, ns3::NetDimModeration, "
                          "ns3::BufferAdaptiveModeration). Queue 0's; queues > 0 get copies "
                          "with the same attributes. Traces connected through this attribute "
                          "see queue 0 only: use Queues/*/Moderation/... for every queue.",
                          StringValue("ns3::NoModeration"),
                          MakePointerAccessor(&HostNetDevice::m_moderation),
                          MakePointerChecker<InterruptModeration>())
            .AddAttribute("RxMode",
                          "OS receive mode (an ns3::RxMode subclass: ns3::PerPacketRxMode, "
                          "ns3::NapiRxMode, ns3::DisableEnableRxMode, ns3::PurePollingRxMode, "
                          "ns3::HybridRxMode). Queue 0's; queues > 0 get copies with the same "
                          "attributes. Traces connected through this attribute see queue 0 "
                          "only: use Queues/*/RxMode/... for every queue.",
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
                          "Core of the node's HostCpu that takes queue 0's Rx interrupt and "
                          "softirq work; without IrqAffinity, queue q goes to core "
                          "(IrqCore + q) mod NCores. Must be < HostCpu::NCores.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostNetDevice::m_irqCore),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("NQueues",
                          "Queue pairs (Rx/Tx, one interrupt vector each; ethtool -L "
                          "combined). Each gets its own Rx ring, moderation, receive mode and "
                          "Tx ring, configured like the RxRing, Moderation, RxMode and TxRing "
                          "attributes (queue 0 uses those objects). 1..1024.",
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
            .AddAttribute("IrqAffinity",
                          "IRQ affinity: comma-separated core of each queue, e.g. \"0,1,2,3\" "
                          "(one entry per queue, each < HostCpu::NCores); empty: round robin "
                          "from IrqCore.",
                          StringValue(""),
                          MakeStringAccessor(&HostNetDevice::m_irqAffinity),
                          MakeStringChecker())
            .AddAttribute("RssTableSize",
                          "Entries of the RSS indirection table, spread round robin over the "
                          "queues (a power of two, 1..4096; i40e 512, mlx5 256, many 128).",
                          UintegerValue(128),
                          MakeUintegerAccessor(&HostNetDevice::m_rssTableSize),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("GroEnabled",
                          "Generic receive offload in NAPI polls: in-order TCP segments of a "
                          "flow are merged before protocol processing, which then costs "
                          "ProtocolCost once per merged packet plus the per-byte part "
                          "(ethtool -K gro). Needs a NAPI receive mode.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&HostNetDevice::m_groEnabled),
                          MakeBooleanChecker())
            .AddAttribute("GroCost",
                          "CPU time per segment that goes through GRO (dev_gro_receive), "
                          "charged in the poll before merging.",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&HostNetDevice::m_groCost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("GroMaxSize",
                          "Largest GRO packet, bytes of IPv4 datagram (Linux 64 KB). "
                          "1500..65535.",
                          UintegerValue(65535),
                          MakeUintegerAccessor(&HostNetDevice::m_groMaxSize),
                          MakeUintegerChecker<uint32_t>(1500, 65535))
            .AddAttribute("ReportMergedSegments",
                          "Hand GRO packets and LRO aggregates to the stack with their "
                          "segments' FlowMonitor tags (ns3::Ipv4FlowProbeTag) replaced by one "
                          "ns3::MergedSegmentsTag, so that a HostNetFlowProbe counts every "
                          "segment as received (FlowMonitor's Ipv4FlowProbe would count one "
                          "packet per merged packet and the other segments as lost). Set by "
                          "HostNetFlowProbe::Install; without a HostNetFlowProbe on the node, "
                          "FlowMonitor would not see merged packets at all.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&HostNetDevice::m_reportMergedSegments),
                          MakeBooleanChecker())
            .AddAttribute("TsoEnabled",
                          "TCP segmentation offload: segments of one flow handed to the "
                          "device together (one TCP send burst, up to TsoMaxSize bytes) pay "
                          "TxCost once; the NIC cuts the segments (ethtool -K tso).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&HostNetDevice::m_tsoEnabled),
                          MakeBooleanChecker())
            .AddAttribute("GsoEnabled",
                          "Generic segmentation offload in software (used when TsoEnabled is "
                          "false): a send burst pays TxCost once plus GsoSegmentCost per "
                          "segment.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&HostNetDevice::m_gsoEnabled),
                          MakeBooleanChecker())
            .AddAttribute("TsoMaxSize",
                          "Largest TSO/GSO send in bytes (Linux GSO_LEGACY_MAX_SIZE = 65536). "
                          "1500..262144.",
                          UintegerValue(65536),
                          MakeUintegerAccessor(&HostNetDevice::m_tsoMaxSize),
                          MakeUintegerChecker<uint32_t>(1500, 262144))
            .AddAttribute("GsoSegmentCost",
                          "CPU time to cut one segment in software GSO (skb_segment).",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&HostNetDevice::m_gsoSegmentCost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("RxSteering",
                          "Software steering of protocol processing after the NAPI poll "
                          "(Linux RPS/RFS): none: on the queue's IRQ core; rps: on the core "
                          "that the flow hash picks from RpsCores (rps_cpus); rfs: on the core "
                          "where the flow's application last read (RfsFlowTable; flows without "
                          "an entry go as rps). Steered packets wait in the target core's "
                          "backlog (HostCpu NetdevMaxBacklog, DevWeight, IpiCost). Needs a "
                          "NAPI receive mode (ns3::NapiRxMode or ns3::DisableEnableRxMode).",
                          EnumValue(STEER_NONE),
                          MakeEnumAccessor<RxSteering>(&HostNetDevice::m_steering),
                          MakeEnumChecker(STEER_NONE, "none", STEER_RPS, "rps", STEER_RFS, "rfs"))
            .AddAttribute("RpsCores",
                          "Cores RPS spreads flows over (rps_cpus), comma-separated, e.g. "
                          "\"1,2,3\" (each < HostCpu::NCores); empty: every core.",
                          StringValue(""),
                          MakeStringAccessor(&HostNetDevice::m_rpsCoresList),
                          MakeStringChecker())
            .AddAttribute("RpsEnqueueCost",
                          "CPU time on the queue's core to steer one packet to another core "
                          "(get_rps_cpu and enqueue_to_backlog), instead of its protocol "
                          "processing. An assumption (see doc/hostnet.rst).",
                          StringValue("ns3::ConstantRandomVariable[Constant=2e-7]"),
                          MakePointerAccessor(&HostNetDevice::m_steerCost),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("RpsFlowCount",
                          "Entries of the RFS device flow table (rps_flow_cnt) that keeps a "
                          "flow on its core until its backlog has drained. A power of two, "
                          "1..1048576.",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&HostNetDevice::m_rpsFlowCount),
                          MakeUintegerChecker<uint32_t>(1, 1 << 20))
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
                        !m_pollOverhead || !m_groCost || !m_gsoSegmentCost || !m_steerCost,
                    "HostNetDevice: IsrCost, ProtocolCost, TxCost, RegisterWriteCost, "
                    "PollOverheadCost, GroCost, GsoSegmentCost and RpsEnqueueCost must be "
                    "RandomVariableStreams");
    NS_ABORT_MSG_IF(!m_rxRing || !m_txRing || !m_moderation || !m_rxMode,
                    "HostNetDevice: RxRing, TxRing, Moderation and RxMode must be set");
    // Nix-vector routing cannot route through the wrapper: without a mirror interface on the
    // PHY its neighbours do not find the host, and with one it stops on the duplicate address
    // ("Duplicate IP address ... during NIX Vector map construction"). Refuse it clearly.
    Ptr<Ipv4> ipv4 = m_node ? m_node->GetObject<Ipv4>() : nullptr;
    Ptr<Ipv4RoutingProtocol> routing = ipv4 ? ipv4->GetRoutingProtocol() : nullptr;
    NS_ABORT_MSG_IF(routing && routing->GetInstanceTypeId().GetName().find("NixVector") !=
                                   std::string::npos,
                    "HostNetDevice: node " << m_node->GetId() << " uses "
                                           << routing->GetInstanceTypeId().GetName()
                                           << ", which cannot route through hostnet hosts; use "
                                              "Ipv4GlobalRoutingHelper (global routing) or "
                                              "static routes");
    for (const auto& queue : m_queues)
    {
        queue->GetRxRing()->Initialize();
        queue->GetModeration()->Initialize();
        queue->GetRxMode()->Initialize();
    }
    m_txRing->Initialize();
    for (const auto& ring : m_txRings)
    {
        ring->Initialize();
    }
    NetDevice::DoInitialize();
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
    for (uint32_t q = 1; q < m_txRings.size(); ++q)
    {
        m_txRings[q]->Dispose();
    }
    m_txRings.clear();
    m_pendingTxRing.clear();
    m_phyOrder.clear();
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
    m_channel = nullptr;
    m_node = nullptr;
    m_cpu = nullptr;
    m_queueInterface = nullptr;
    m_isrCost = nullptr;
    m_protocolCost = nullptr;
    m_txCost = nullptr;
    m_registerWriteCost = nullptr;
    m_pollOverhead = nullptr;
    m_groCost = nullptr;
    m_gsoSegmentCost = nullptr;
    m_steerCost = nullptr;
    m_rfsTable = nullptr;
    m_rfsDevFlows.clear();
    m_pendingTx.clear();
    m_txBursts.clear();
    m_txCostPaidCallbacks.clear();
    m_rxCallback = NetDevice::ReceiveCallback();
    m_promiscCallback = NetDevice::PromiscReceiveCallback();
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
    CreateQueues();
    // The Tx ring frees descriptors when the PHY reports the end of a frame (p2p, CSMA).
    bool reported =
        m_phy->TraceConnectWithoutContext("PhyTxEnd",
                                          MakeCallback(&HostNetDevice::PhyTxDone, this));
    if (reported)
    {
        m_phy->TraceConnectWithoutContext("PhyTxDrop",
                                          MakeCallback(&HostNetDevice::PhyTxDone, this));
    }
    for (uint32_t q = 0; q < m_txRings.size(); ++q)
    {
        m_txRings[q]->SetTransmitCallback(
            MakeCallback(&HostNetDevice::TransmitFromRing, this).Bind(q),
            reported);
        m_txRings[q]->SetDescriptorFreedCallback(
            MakeCallback(&HostNetDevice::TxDescriptorFreed, this));
    }
    m_pendingTxRing.assign(m_txRings.size(), 0);
    auto constant = DynamicCast<ConstantRandomVariable>(m_txCost);
    m_txCostIsZero = constant && constant->GetConstant() == 0;
    m_windowStart = Simulator::Now();
}

void
HostNetDevice::CreateQueues()
{
    NS_ABORT_MSG_IF(!m_rxRing || !m_moderation || !m_rxMode,
                    "HostNetDevice: RxRing, Moderation and RxMode must be set");
    uint32_t nCores = m_cpu->GetNCores();
    std::vector<uint32_t> cores;
    if (m_irqAffinity.empty())
    {
        for (uint32_t q = 0; q < m_nQueues; ++q)
        {
            cores.push_back((m_irqCore + q) % nCores);
        }
    }
    else
    {
        std::string error;
        cores = ParseCoreList(m_irqAffinity, error);
        NS_ABORT_MSG_IF(!error.empty(),
                        "HostNetDevice::IrqAffinity \"" << m_irqAffinity << "\": " << error
                                                        << "; expected one core per queue, "
                                                           "e.g. \"0,1\"");
        NS_ABORT_MSG_IF(cores.size() != m_nQueues,
                        "HostNetDevice::IrqAffinity \"" << m_irqAffinity << "\" names "
                                                        << cores.size() << " cores; NQueues is "
                                                        << m_nQueues << " (one core per queue)");
        for (uint32_t core : cores)
        {
            NS_ABORT_MSG_IF(core >= nCores,
                            "HostNetDevice::IrqAffinity: core " << core
                                                                << " does not exist (HostCpu::"
                                                                   "NCores = "
                                                                << nCores << ")");
        }
    }
    NS_ABORT_MSG_IF((m_rssTableSize & (m_rssTableSize - 1)) != 0,
                    "HostNetDevice::RssTableSize = " << m_rssTableSize
                                                     << "; allowed: a power of two, 1..4096");
    m_rss.SetQueues(m_nQueues, m_rssTableSize);
    SetupSteering();
    m_txRings.clear();
    // GRO merges within a NAPI poll (napi_gro_receive): without one it would be ignored.
    NS_ABORT_MSG_IF(m_groEnabled && !DynamicCast<NapiRxMode>(m_rxMode),
                    "HostNetDevice::GroEnabled needs a NAPI receive mode (ns3::NapiRxMode or "
                    "ns3::DisableEnableRxMode, e.g. the schemes napi, itr-<rate>, net-dim); "
                    "RxMode is "
                        << m_rxMode->GetInstanceTypeId().GetName());
    if (m_rxRing->IsLroEnabled())
    {
        NS_ABORT_MSG_IF(m_groEnabled,
                        "HostNetDevice: RxRing::LroEnabled and GroEnabled are both true; "
                        "enable one (hostnet's GRO does not merge LRO aggregates again)");
        NS_ABORT_MSG_IF(!DynamicCast<NapiRxMode>(m_rxMode),
                        "RxRing::LroEnabled needs a NAPI receive mode (ns3::NapiRxMode or "
                        "ns3::DisableEnableRxMode); RxMode is "
                            << m_rxMode->GetInstanceTypeId().GetName());
    }
    m_queues.clear();
    for (uint32_t q = 0; q < m_nQueues; ++q)
    {
        Ptr<RxRing> ring = m_rxRing;
        Ptr<TxRing> txRing = m_txRing;
        Ptr<InterruptModeration> moderation = m_moderation;
        Ptr<RxMode> rxMode = m_rxMode;
        if (q > 0)
        {
            txRing = DynamicCast<TxRing>(CloneByAttributes(m_txRing));
            ring = DynamicCast<RxRing>(CloneByAttributes(m_rxRing));
            moderation = DynamicCast<InterruptModeration>(CloneByAttributes(m_moderation));
            rxMode = DynamicCast<RxMode>(CloneByAttributes(m_rxMode));
        }
        Ptr<GroEngine> gro;
        if (m_groEnabled)
        {
            gro = CreateObject<GroEngine>();
            gro->SetAttribute("MaxSize", UintegerValue(m_groMaxSize));
        }
        auto queue = CreateObject<HostNetQueue>();
        queue->Setup(this, q, cores[q], ring, moderation, rxMode, gro);
        queue->SetTxRing(txRing);
        m_txRings.push_back(txRing);
        m_queues.push_back(queue);
    }
}

void
HostNetDevice::SetupSteering()
{
    if (m_steering == STEER_NONE)
    {
        return;
    }
    NS_ABORT_MSG_IF(!DynamicCast<NapiRxMode>(m_rxMode),
                    "HostNetDevice::RxSteering = rps/rfs needs a NAPI receive mode "
                    "(ns3::NapiRxMode or ns3::DisableEnableRxMode); RxMode is "
                        << m_rxMode->GetInstanceTypeId().GetName());
    uint32_t nCores = m_cpu->GetNCores();
    m_rpsCores.clear();
    if (m_rpsCoresList.empty())
    {
        for (uint32_t c = 0; c < nCores; ++c)
        {
            m_rpsCores.push_back(c);
        }
    }
    else
    {
        std::string error;
        m_rpsCores = ParseCoreList(m_rpsCoresList, error);
        NS_ABORT_MSG_IF(!error.empty() || m_rpsCores.empty(),
                        "HostNetDevice::RpsCores \"" << m_rpsCoresList << "\": " << error
                                                     << "; expected comma-separated cores, "
                                                        "e.g. \"1,2,3\"");
        for (uint32_t core : m_rpsCores)
        {
            NS_ABORT_MSG_IF(core >= nCores,
                            "HostNetDevice::RpsCores: core " << core
                                                             << " does not exist (HostCpu::"
                                                                "NCores = "
                                                             << nCores << ")");
        }
    }
    if (m_steering == STEER_RFS)
    {
        NS_ABORT_MSG_IF((m_rpsFlowCount & (m_rpsFlowCount - 1)) != 0,
                        "HostNetDevice::RpsFlowCount = "
                            << m_rpsFlowCount << "; allowed: a power of two, 1..1048576");
        m_rfsTable = RfsFlowTable::GetOrCreate(m_node);
        m_rfsDevFlows.assign(m_rpsFlowCount, RfsDevFlow());
    }
}

bool
HostNetDevice::IsSteering() const
{
    return m_steering != STEER_NONE;
}

uint32_t
HostNetDevice::SteerCore(const RxFrame& frame, uint32_t irqCore)
{
    uint32_t hash = frame.hash;
    // get_rps_cpu: rps_map->cpus[reciprocal_scale(hash, len)].
    uint32_t target = m_rpsCores[(uint64_t(hash) * m_rpsCores.size()) >> 32];
    if (m_steering != STEER_RFS)
    {
        return target;
    }
    uint32_t desired = m_rfsTable->Lookup(hash);
    if (desired == RfsFlowTable::NO_CORE || desired >= m_cpu->GetNCores())
    {
        return target;
    }
    RfsDevFlow& flow = m_rfsDevFlows[hash & (m_rpsFlowCount - 1)];
    if (flow.core != desired)
    {
        // Move the flow only when its packets queued on the old core have been processed
        // (input_queue_head has passed last_qtail): no reordering. Packets processed on
        // the IRQ core are processed in the poll itself, nothing waits.
        bool drained = flow.core == RfsDevFlow().core || flow.core == irqCore ||
                       m_cpu->GetBacklog(flow.core)->GetHead() >= flow.lastTail;
        if (drained)
        {
            flow.core = desired;
        }
    }
    return flow.core;
}

void
HostNetDevice::NoteSteered(uint32_t hash, uint32_t core, uint64_t tail)
{
    m_rxSteered++;
    if (m_steering == STEER_RFS)
    {
        RfsDevFlow& flow = m_rfsDevFlows[hash & (m_rpsFlowCount - 1)];
        if (flow.core == core)
        {
            flow.lastTail = tail;
        }
    }
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

uint32_t
HostNetDevice::GetQueueForPacket(Ptr<const Packet> packet) const
{
    return m_rss.GetQueue(packet);
}

const RssHash&
HostNetDevice::GetRss() const
{
    return m_rss;
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
    return m_queues.empty() ? m_irqCore : m_queues[0]->GetIrqCore();
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
    uint32_t queue = 0;
    if (m_queues.size() > 1 || m_steering != STEER_NONE)
    {
        // Computed once, as the NIC does: RSS and RPS/RFS use the same hash.
        frame.hash = m_rss.HashPacket(packet);
        queue = m_rss.GetQueue(frame.hash);
    }
    m_queues[queue]->Receive(std::move(frame));
    return true;
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
    m_rxDelivered += frame.segments;
    m_rxPackets++;
    // GRO packets count the wire bytes of their segments' payloads and headers as sent.
    m_rxDeliveredBytes += frame.size;
    if (frame.segments > 1)
    {
        m_rxDeliveredBytes += (frame.segments - 1) * GroHeaderBytes(frame.packet);
    }
    RecordLatencies(frame, processingStart);
    if (frame.segments > 1 && m_reportMergedSegments)
    {
        // FlowMonitor: the segments' tags go to HostNetFlowProbe (see MergedSegmentsTag).
        frame.packet = MergedSegmentsTag::Collect(frame.packet);
    }
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
    m_dropBacklog += frame.segments;
    m_hostDropTrace(frame.packet, reason);
}

void
HostNetDevice::RecordInterrupt()
{
    m_interrupts++;
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
HostNetDevice::SampleGroCost()
{
    return Max(Seconds(m_groCost->GetValue()), Time(0));
}

Time
HostNetDevice::SampleSteerCost()
{
    return Max(Seconds(m_steerCost->GetValue()), Time(0));
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
HostNetDevice::IsTxRingFull(uint32_t ring) const
{
    return m_txRings[ring]->GetNInUse() + m_pendingTxRing[ring] >=
           m_txRings[ring]->GetNDescriptors();
}

bool
HostNetDevice::IsAnyTxRingFull() const
{
    for (uint32_t q = 0; q < m_txRings.size(); ++q)
    {
        if (IsTxRingFull(q))
        {
            return true;
        }
    }
    return false;
}

Time
HostNetDevice::TxCostOf(Ptr<const Packet> packet)
{
    if (!m_tsoEnabled && !m_gsoEnabled)
    {
        m_txSends++;
        return Max(Seconds(m_txCost->GetValue()), Time(0));
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
        burst = &m_txBursts[flow];
    }
    if (burst && burst->bytes > 0 && seq == burst->nextSeq && burst->bytes + size <= m_tsoMaxSize)
    {
        burst->bytes += size;
    }
    else
    {
        m_txSends++;
        cost = Max(Seconds(m_txCost->GetValue()), Time(0));
        if (burst)
        {
            burst->bytes = size;
        }
    }
    if (burst)
    {
        burst->nextSeq = seq + payload;
    }
    if (!m_tsoEnabled)
    {
        cost += Max(Seconds(m_gsoSegmentCost->GetValue()), Time(0));
    }
    return cost;
}

bool
HostNetDevice::Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber)
{
    NS_LOG_FUNCTION(this << packet << dest << protocolNumber);
    NS_ABORT_MSG_IF(!m_setupDone, "HostNetDevice::Send before the device has a PHY and a node");
    // The queue pair a flow transmits on is the one its receive side (the reverse
    // direction) hashes to: its Tx ring, and its core, from whose softirq TCP transmits
    // while processing the ACKs (XPS by receive queue, xps_rxqs).
    uint32_t ring = 0;
    if (m_queues.size() > 1)
    {
        Ipv4Address src;
        Ipv4Address dst;
        uint16_t sport = 0;
        uint16_t dport = 0;
        if (ReverseFlow(packet, src, dst, sport, dport))
        {
            ring = m_rss.GetQueue(m_rss.HashFlow(dst, src, dport, sport));
        }
    }
    if (IsTxRingFull(ring))
    {
        m_txDropRingFull++;
        return false;
    }
    m_txTrace(packet);
    Time cost = m_txCostIsZero ? Time(0) : TxCostOf(packet);
    uint32_t core = m_queues[ring]->GetIrqCore();
    if (cost.IsZero() && m_nPendingTx == 0)
    {
        m_txRings[ring]->Enqueue(packet, dest, protocolNumber);
    }
    else
    {
        // Behind earlier sends still paying their cost on this core (SOFTIRQ work of a core
        // is FIFO, so the order of a flow's segments is kept).
        if (m_pendingTx.size() <= core)
        {
            m_pendingTx.resize(core + 1);
            for (uint32_t c = m_txCostPaidCallbacks.size(); c <= core; ++c)
            {
                m_txCostPaidCallbacks.push_back(MakeCallback(&HostNetDevice::TxCostPaid, this, c));
            }
        }
        m_pendingTx[core].push_back(PendingTx{packet, dest, protocolNumber, ring});
        m_nPendingTx++;
        m_pendingTxRing[ring]++;
        m_cpu->Submit(HostCpu::SOFTIRQ, cost, m_txCostPaidCallbacks[core], core);
    }
    // One traffic-control queue above a multi-queue NIC (a single root qdisc): it stops
    // while any ring is full, as Linux's qdisc stalls on a stopped Tx queue.
    if (m_queueInterface && IsTxRingFull(ring))
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
HostNetDevice::TxCostPaid(uint32_t core)
{
    NS_ASSERT(!m_pendingTx[core].empty());
    PendingTx tx = std::move(m_pendingTx[core].front());
    m_pendingTx[core].pop_front();
    m_nPendingTx--;
    m_pendingTxRing[tx.ring]--;
    m_txRings[tx.ring]->Enqueue(tx.packet, tx.dest, tx.protocol);
}

bool
HostNetDevice::TransmitFromRing(uint32_t ring,
                                Ptr<Packet> packet,
                                const Address& dest,
                                uint16_t protocol)
{
    m_txPackets++;
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
HostNetDevice::PhyTxDone(Ptr<const Packet> packet)
{
    if (m_phySendRing != NO_RING)
    {
        m_phySendReported = true;
        m_txRings[m_phySendRing]->NotifyTransmitted();
        return;
    }
    // The PHY sends (and reports) frames in the order it accepted them.
    if (m_phyOrder.empty())
    {
        return; // a frame the PHY got from someone else
    }
    uint32_t ring = m_phyOrder.front();
    m_phyOrder.pop_front();
    m_txRings[ring]->NotifyTransmitted();
}

void
HostNetDevice::TxDescriptorFreed()
{
    if (m_queueInterface && m_queueInterface->GetTxQueue(0)->IsStopped() && !IsAnyTxRingFull())
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
    s.rxPackets = m_rxPackets;
    s.rxSteered = m_rxSteered;
    for (const auto& queue : m_queues)
    {
        s.dropFifoOverrun += queue->GetRxRing()->GetDrops(RxRing::FIFO_OVERRUN);
        s.dropNoDescriptor += queue->GetRxRing()->GetDrops(RxRing::NO_DESCRIPTOR);
        s.rxInHost += queue->GetNInHost();
    }
    s.dropBacklog = m_dropBacklog;
    s.interrupts = m_interrupts;
    s.interruptsAbsorbed = m_interruptsAbsorbed;
    s.polls = m_polls;
    s.busyPolls = m_busyPolls;
    s.busyPollFrames = m_busyPollFrames;
    s.softirqRestarts = m_softirqRestarts;
    // A ratio without a denominator is undefined (NaN), not 0.
    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    s.packetsPerInterrupt = m_interrupts ? double(m_rxDelivered) / m_interrupts : undefined;
    s.packetsPerPoll = m_polls ? double(m_pollPackets) / m_polls : undefined;
    if (s.elapsed > 0)
    {
        s.throughputPps = m_rxDelivered / s.elapsed;
        s.throughputBps = m_rxDeliveredBytes * 8.0 / s.elapsed;
    }
    else
    {
        s.throughputPps = undefined;
        s.throughputBps = undefined;
    }
    s.txPackets = m_txPackets;
    s.txSends = m_txSends;
    s.txDropRingFull = m_txDropRingFull;
    for (const auto& ring : m_txRings)
    {
        s.txDropPhy += ring->GetPhyDrops();
    }
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
    m_rxPackets = 0;
    m_rxSteered = 0;
    m_txSends = 0;
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
    for (const auto& queue : m_queues)
    {
        queue->ResetStats();
    }
    for (const auto& ring : m_txRings)
    {
        ring->ResetStats();
    }
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
    for (const auto& rv : {m_isrCost,
                           m_protocolCost,
                           m_txCost,
                           m_registerWriteCost,
                           m_pollOverhead,
                           m_groCost,
                           m_gsoSegmentCost})
    {
        rv->SetStream(stream + used);
        used++;
    }
    if (m_queues.empty())
    {
        used += m_rxRing->AssignStreams(stream + used);
        used += m_moderation->AssignStreams(stream + used);
        used += m_rxMode->AssignStreams(stream + used);
        m_steerCost->SetStream(stream + used);
        return used + 1;
    }
    for (const auto& queue : m_queues)
    {
        used += queue->GetRxRing()->AssignStreams(stream + used);
        used += queue->GetModeration()->AssignStreams(stream + used);
        used += queue->GetRxMode()->AssignStreams(stream + used);
    }
    // Last, so that adding it kept the streams of the other variables.
    m_steerCost->SetStream(stream + used);
    return used + 1;
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
    Ptr<Channel> phyChannel = m_phy ? m_phy->GetChannel() : nullptr;
    if (!phyChannel)
    {
        return nullptr;
    }
    if (m_channel && m_channel->GetPhyChannel() == phyChannel)
    {
        return m_channel;
    }
    // One HostNetChannel per PHY channel: reuse the one another wrapper on it made.
    for (std::size_t i = 0; i < phyChannel->GetNDevices(); ++i)
    {
        auto other =
            DynamicCast<HostNetDevice>(HostNetChannel::GetVisibleDevice(phyChannel->GetDevice(i)));
        if (other && other != this && other->m_channel &&
            other->m_channel->GetPhyChannel() == phyChannel)
        {
            m_channel = other->m_channel;
            return m_channel;
        }
    }
    m_channel = CreateObject<HostNetChannel>();
    m_channel->SetPhyChannel(phyChannel);
    return m_channel;
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
