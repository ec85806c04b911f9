/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "datagram-source-application.h"

#include "send-time-tag.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/integer.h"
#include "ns3/log.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/object-factory.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DatagramSourceApplication");

NS_OBJECT_ENSURE_REGISTERED(DatagramSourceApplication);

namespace
{
/// Ethernet header, FCS, IPv4 and UDP headers: frame bytes minus UDP payload bytes.
constexpr uint32_t FRAME_OVERHEAD = 46;

/// @return a constant random variable; it draws nothing, so it takes no automatic stream
Ptr<RandomVariableStream>
ConstantInterval(double seconds)
{
    return CreateObjectWithAttributes<ConstantRandomVariable>("Constant",
                                                              DoubleValue(seconds),
                                                              "Stream",
                                                              IntegerValue(0));
}
} // namespace

TypeId
DatagramSourceApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::DatagramSourceApplication")
            .SetParent<SourceApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<DatagramSourceApplication>()
            .AddAttribute("Interval",
                          "Time between datagrams in seconds (a random variable; samples must "
                          "be >= 0). Default: a constant 1 ms.",
                          PointerValue(),
                          MakePointerAccessor(&DatagramSourceApplication::SetInterval,
                                              &DatagramSourceApplication::GetInterval),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("PacketSize",
                          "UDP payload bytes per datagram (>= 1), unless FrameSizes is set.",
                          UintegerValue(18),
                          MakeUintegerAccessor(&DatagramSourceApplication::m_packetSize),
                          MakeUintegerChecker<uint32_t>(1, 65507))
            .AddAttribute("MaxPackets",
                          "Datagrams to send; 0 = until the application stops.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&DatagramSourceApplication::m_maxPackets),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("FrameSizes",
                          "Ethernet frame sizes instead of PacketSize: a size (64..9018), "
                          "backbone, or a CSV file of size_bytes,cdf rows; the UDP payload is "
                          "the size - 46. Empty = every datagram PacketSize bytes.",
                          StringValue(""),
                          MakeStringAccessor(&DatagramSourceApplication::m_frameSizes),
                          MakeStringChecker())
            .AddTraceSource("Tx",
                            "A datagram was handed to the socket.",
                            MakeTraceSourceAccessor(&DatagramSourceApplication::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

DatagramSourceApplication::DatagramSourceApplication()
    : DatagramSourceApplication(ConstantInterval(1e-3))
{
}

DatagramSourceApplication::DatagramSourceApplication(Ptr<RandomVariableStream> interval)
    : m_interval(interval),
      m_sizePicks(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

DatagramSourceApplication::~DatagramSourceApplication() = default;

void
DatagramSourceApplication::DoDispose()
{
    m_next.Cancel();
    m_socket = nullptr;
    m_interval = nullptr;
    m_sizePicks = nullptr;
    SourceApplication::DoDispose();
}

void
DatagramSourceApplication::SetInterval(Ptr<RandomVariableStream> interval)
{
    if (interval)
    {
        m_interval = interval;
    }
}

Ptr<RandomVariableStream>
DatagramSourceApplication::GetInterval() const
{
    return m_interval;
}

int64_t
DatagramSourceApplication::AssignStreams(int64_t stream)
{
    int64_t used = 0;
    if (!DynamicCast<ConstantRandomVariable>(m_interval))
    {
        m_interval->SetStream(stream + used++);
    }
    m_sizePicks->SetStream(stream + used++);
    return used;
}

uint64_t
DatagramSourceApplication::GetSent() const
{
    return m_sent;
}

uint64_t
DatagramSourceApplication::GetSentBytes() const
{
    return m_sentBytes;
}

uint64_t
DatagramSourceApplication::GetSentFrameBytes() const
{
    return m_sentBytes + FRAME_OVERHEAD * m_sent;
}

Time
DatagramSourceApplication::FirstSendDelay()
{
    return Seconds(m_interval->GetValue());
}

void
DatagramSourceApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    std::string name = GetInstanceTypeId().GetName().substr(5); // without "ns3::"
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_peer),
                    name << "::Remote must be set to an InetSocketAddress (IPv4 address, port)");
    if (!m_frameSizes.empty())
    {
        m_sizes = FrameSizeDistribution::Parse(m_frameSizes, name + "::FrameSizes");
    }
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    if (m_local.IsInvalid())
    {
        m_socket->Bind();
    }
    else
    {
        m_socket->Bind(m_local);
    }
    if (m_tos != 0)
    {
        m_socket->SetIpTos(m_tos);
    }
    m_socket->Connect(m_peer);
    Time first = FirstSendDelay();
    NS_ABORT_MSG_IF(first.IsStrictlyNegative(),
                    name << "::Interval gave a negative time (" << first.As(Time::S)
                         << "); intervals must be >= 0");
    m_next = Simulator::Schedule(first, [this] { SendOne(); });
}

void
DatagramSourceApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_next.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket = nullptr;
    }
}

void
DatagramSourceApplication::SendOne()
{
    uint32_t size =
        m_sizes ? m_sizes->Sample(m_sizePicks->GetValue()) - FRAME_OVERHEAD : m_packetSize;
    Ptr<Packet> packet = Create<Packet>(size);
    SendTimeTag::Stamp(packet);
    if (!m_txTrace.IsEmpty()) // unconnected, it would still copy the packet reference
    {
        m_txTrace(packet);
    }
    m_socket->Send(packet);
    ++m_sent;
    m_sentBytes += size;
    if (m_maxPackets != 0 && m_sent >= m_maxPackets)
    {
        return;
    }
    double gap = m_interval->GetValue();
    NS_ABORT_MSG_IF(gap < 0,
                    GetInstanceTypeId().GetName() << "::Interval gave a negative time (" << gap
                                                  << " s); intervals must be >= 0");
    m_next = Simulator::Schedule(Seconds(gap), [this] { SendOne(); });
}

} // namespace ns3
