/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "poisson-source-application.h"

#include "send-time-tag.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PoissonSourceApplication");

NS_OBJECT_ENSURE_REGISTERED(PoissonSourceApplication);

TypeId
PoissonSourceApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PoissonSourceApplication")
            .SetParent<Application>()
            .SetGroupName("Hostnet")
            .AddConstructor<PoissonSourceApplication>()
            .AddAttribute("Remote",
                          "Destination address (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&PoissonSourceApplication::m_remote),
                          MakeAddressChecker())
            .AddAttribute("Rate",
                          "Mean packet rate in packets per second (> 0).",
                          DoubleValue(1000),
                          MakeDoubleAccessor(&PoissonSourceApplication::m_rate),
                          MakeDoubleChecker<double>(1e-9))
            .AddAttribute("PacketSize",
                          "UDP payload bytes per datagram (>= 1).",
                          UintegerValue(18),
                          MakeUintegerAccessor(&PoissonSourceApplication::m_packetSize),
                          MakeUintegerChecker<uint32_t>(1, 65507))
            .AddAttribute("MaxPackets",
                          "Datagrams to send; 0 = until the application stops.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PoissonSourceApplication::m_maxPackets),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("FrameSizes",
                          "Ethernet frame sizes instead of PacketSize: a size (64..9018), "
                          "backbone, or a CSV file of size_bytes,cdf rows; the UDP payload is "
                          "the size - 46. Empty = every datagram PacketSize bytes.",
                          StringValue(""),
                          MakeStringAccessor(&PoissonSourceApplication::m_frameSizes),
                          MakeStringChecker())
            .AddTraceSource("Tx",
                            "A datagram was handed to the socket.",
                            MakeTraceSourceAccessor(&PoissonSourceApplication::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

PoissonSourceApplication::PoissonSourceApplication()
{
    NS_LOG_FUNCTION(this);
    m_gap = CreateObject<ExponentialRandomVariable>();
    m_sizePicks = CreateObject<UniformRandomVariable>();
}

PoissonSourceApplication::~PoissonSourceApplication()
{
    NS_LOG_FUNCTION(this);
}

void
PoissonSourceApplication::DoDispose()
{
    m_next.Cancel();
    m_socket = nullptr;
    m_gap = nullptr;
    Application::DoDispose();
}

int64_t
PoissonSourceApplication::AssignStreams(int64_t stream)
{
    m_gap->SetStream(stream);
    m_sizePicks->SetStream(stream + 1);
    return 2;
}

uint64_t
PoissonSourceApplication::GetSent() const
{
    return m_sent;
}

uint64_t
PoissonSourceApplication::GetSentBytes() const
{
    return m_sentBytes;
}

void
PoissonSourceApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_remote.IsInvalid(), "PoissonSourceApplication::Remote is not set");
    if (!m_frameSizes.empty())
    {
        m_sizes =
            FrameSizeDistribution::Parse(m_frameSizes, "PoissonSourceApplication::FrameSizes");
    }
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind();
    m_socket->Connect(m_remote);
    m_next = Simulator::Schedule(Seconds(m_gap->GetValue(1.0 / m_rate, 0)),
                                 &PoissonSourceApplication::SendOne,
                                 this);
}

void
PoissonSourceApplication::StopApplication()
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
PoissonSourceApplication::SendOne()
{
    uint32_t size = m_sizes ? m_sizes->Sample(m_sizePicks->GetValue()) - 46 : m_packetSize;
    Ptr<Packet> packet = Create<Packet>(size);
    SendTimeTag::Stamp(packet);
    m_txTrace(packet);
    m_socket->Send(packet);
    m_sent++;
    m_sentBytes += size;
    if (m_maxPackets != 0 && m_sent >= m_maxPackets)
    {
        return;
    }
    m_next = Simulator::Schedule(Seconds(m_gap->GetValue(1.0 / m_rate, 0)),
                                 &PoissonSourceApplication::SendOne,
                                 this);
}

} // namespace ns3
