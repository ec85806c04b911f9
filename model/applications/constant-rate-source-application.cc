/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "constant-rate-source-application.h"

#include "send-time-tag.h"

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

NS_LOG_COMPONENT_DEFINE("ConstantRateSourceApplication");
NS_OBJECT_ENSURE_REGISTERED(ConstantRateSourceApplication);

TypeId
ConstantRateSourceApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ConstantRateSourceApplication")
            .SetParent<Application>()
            .SetGroupName("Hostnet")
            .AddConstructor<ConstantRateSourceApplication>()
            .AddAttribute("Remote",
                          "Destination address (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&ConstantRateSourceApplication::m_remote),
                          MakeAddressChecker())
            .AddAttribute("Rate",
                          "Datagrams per second (> 0), exactly 1/Rate apart.",
                          DoubleValue(1000),
                          MakeDoubleAccessor(&ConstantRateSourceApplication::m_rate),
                          MakeDoubleChecker<double>(1e-9))
            .AddAttribute("FrameSizes",
                          "Ethernet frame sizes: a size in bytes (64..9018), backbone, or a CSV "
                          "file of size_bytes,cdf rows; the UDP payload is the size - 46.",
                          StringValue("1500"),
                          MakeStringAccessor(&ConstantRateSourceApplication::m_frameSizes),
                          MakeStringChecker())
            .AddAttribute("MaxPackets",
                          "Datagrams to send; 0 = until the application stops.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ConstantRateSourceApplication::m_maxPackets),
                          MakeUintegerChecker<uint64_t>())
            .AddTraceSource("Tx",
                            "A datagram was handed to the socket.",
                            MakeTraceSourceAccessor(&ConstantRateSourceApplication::m_txTrace),
                            "ns3::Packet::TracedCallback");
    return tid;
}

ConstantRateSourceApplication::ConstantRateSourceApplication()
    : m_sizePicks(CreateObject<UniformRandomVariable>())
{
}

ConstantRateSourceApplication::~ConstantRateSourceApplication() = default;

uint64_t
ConstantRateSourceApplication::GetSent() const
{
    return m_sent;
}

uint64_t
ConstantRateSourceApplication::GetSentBytes() const
{
    return m_sentBytes;
}

int64_t
ConstantRateSourceApplication::AssignStreams(int64_t stream)
{
    m_sizePicks->SetStream(stream);
    return 1;
}

void
ConstantRateSourceApplication::DoDispose()
{
    m_next.Cancel();
    m_socket = nullptr;
    Application::DoDispose();
}

void
ConstantRateSourceApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_remote),
                    "ConstantRateSourceApplication::Remote must be an InetSocketAddress");
    m_sizes =
        FrameSizeDistribution::Parse(m_frameSizes, "ConstantRateSourceApplication::FrameSizes");
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    m_socket->Bind();
    m_socket->Connect(m_remote);
    m_next = Simulator::ScheduleNow(&ConstantRateSourceApplication::SendOne, this);
}

void
ConstantRateSourceApplication::StopApplication()
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
ConstantRateSourceApplication::SendOne()
{
    uint32_t frame = m_sizes->Sample(m_sizePicks->GetValue());
    Ptr<Packet> packet = Create<Packet>(frame - 46);
    SendTimeTag::Stamp(packet);
    m_txTrace(packet);
    m_socket->Send(packet);
    ++m_sent;
    m_sentBytes += frame;
    if (m_maxPackets != 0 && m_sent >= m_maxPackets)
    {
        return;
    }
    m_next =
        Simulator::Schedule(Seconds(1.0 / m_rate), &ConstantRateSourceApplication::SendOne, this);
}

} // namespace ns3
