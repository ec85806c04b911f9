/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "packet-pair-probe-sender.h"

#include "send-time-tag.h"
#include "socket-binding.h"

#include "ns3/abort.h"
#include "ns3/attribute-container.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <array>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketPairProbeSender");

NS_OBJECT_ENSURE_REGISTERED(PacketPairProbeSender);

TypeId
PacketPairProbeSender::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PacketPairProbeSender")
            .SetParent<SourceApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<PacketPairProbeSender>()
            .AddAttribute("HeadSize",
                          "Frame size of the head datagram in bytes, counted as the paper "
                          "does (Salehin and Rojas-Cessa 2014: s_h = 1512, the path MTU plus 12 "
                          "bytes of encapsulation). Must exceed every trailer size; at most "
                          "65535.",
                          UintegerValue(1512),
                          MakeUintegerAccessor(&PacketPairProbeSender::m_headSize),
                          MakeUintegerChecker<uint32_t>(1, 65535))
            .AddAttribute(
                "TrailerSizes",
                "Trailer frame sizes in bytes, a comma-separated list (Salehin and Rojas-Cessa "
                "2014: 87,112,212,512,812,1012,1212). Not empty; each must be < HeadSize and "
                ">= Encapsulation + 35 (IPv4 + UDP headers and the 7 probe bytes).",
                AttributeContainerValue<UintegerValue, ','>(
                    std::vector<uint32_t>{87, 112, 212, 512, 812, 1012, 1212}),
                MakeAttributeContainerAccessor<UintegerValue, ','>(
                    &PacketPairProbeSender::m_trailers),
                MakeAttributeContainerChecker<UintegerValue, ','>(
                    MakeUintegerChecker<uint32_t>(1, 65535)))
            .AddAttribute("Encapsulation",
                          "Link-layer bytes counted in HeadSize and TrailerSizes but not "
                          "part of the IP packet (Salehin and Rojas-Cessa 2014: 12).",
                          UintegerValue(12),
                          MakeUintegerAccessor(&PacketPairProbeSender::m_encapsulation),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Spacing",
                          "Time between consecutive compound probes (> 0; Salehin and "
                          "Rojas-Cessa 2014: 100 ms).",
                          TimeValue(MilliSeconds(100)),
                          MakeTimeAccessor(&PacketPairProbeSender::m_spacing),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("ProbesPerSize",
                          "Compound probes per trailer size (>= 1; Salehin and Rojas-Cessa 2014: "
                          "5000).",
                          UintegerValue(5000),
                          MakeUintegerAccessor(&PacketPairProbeSender::m_probesPerSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Order",
                          "Sequential: one train of ProbesPerSize probes per trailer size, "
                          "size after size (steps 1-2 of Salehin and Rojas-Cessa 2014). "
                          "Interleaved: the sizes in turn, probe by probe.",
                          EnumValue(PacketPairProbeSender::SEQUENTIAL),
                          MakeEnumAccessor<Order>(&PacketPairProbeSender::m_order),
                          MakeEnumChecker(PacketPairProbeSender::SEQUENTIAL,
                                          "Sequential",
                                          PacketPairProbeSender::INTERLEAVED,
                                          "Interleaved"))
            .AddTraceSource("Probe",
                            "A compound probe was sent (probe number, trailer size).",
                            MakeTraceSourceAccessor(&PacketPairProbeSender::m_probeTrace),
                            "ns3::PacketPairProbeSender::ProbeTracedCallback");
    return tid;
}

PacketPairProbeSender::PacketPairProbeSender()
{
    NS_LOG_FUNCTION(this);
}

PacketPairProbeSender::~PacketPairProbeSender()
{
    NS_LOG_FUNCTION(this);
}

void
PacketPairProbeSender::DoDispose()
{
    m_next.Cancel();
    m_socket = nullptr;
    SourceApplication::DoDispose();
}

void
PacketPairProbeSender::Configure()
{
    NS_ABORT_MSG_IF(m_trailers.empty(), "PacketPairProbeSender::TrailerSizes must not be empty");
    uint32_t minSize = m_encapsulation + IP_UDP_HEADERS + PROBE_FIELDS_SIZE;
    NS_ABORT_MSG_IF(m_headSize < minSize,
                    "PacketPairProbeSender::HeadSize (" << m_headSize
                                                        << ") must be >= " << minSize);
    for (uint32_t size : m_trailers)
    {
        NS_ABORT_MSG_IF(size < minSize || size >= m_headSize,
                        "PacketPairProbeSender::TrailerSizes: " << size << " must be >= " << minSize
                                                                << " and < HeadSize (" << m_headSize
                                                                << ")");
    }
}

std::vector<uint32_t>
PacketPairProbeSender::GetTrailerSizes() const
{
    return m_trailers;
}

uint32_t
PacketPairProbeSender::GetProbesSent() const
{
    return m_sent;
}

Time
PacketPairProbeSender::GetDuration() const
{
    return m_spacing * static_cast<int64_t>(GetTrailerSizes().size() * m_probesPerSize);
}

void
PacketPairProbeSender::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_peer.IsInvalid(), "PacketPairProbeSender::Remote is not set");
    Configure();
    m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
    NS_ABORT_MSG_IF(BindSourceSocket(m_socket, m_local, m_tos) == -1,
                    "PacketPairProbeSender: cannot bind to Local");
    NS_ABORT_MSG_IF(m_socket->Connect(m_peer) == -1,
                    "PacketPairProbeSender: cannot connect to Remote");
    m_sent = 0;
    m_next = Simulator::ScheduleNow(&PacketPairProbeSender::SendProbe, this);
}

void
PacketPairProbeSender::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_next.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket = nullptr;
    }
}

Ptr<Packet>
PacketPairProbeSender::MakeDatagram(uint32_t frameSize, uint8_t role, uint32_t trailerSize) const
{
    uint32_t payload = frameSize - m_encapsulation - IP_UDP_HEADERS;
    std::array<uint8_t, PROBE_FIELDS_SIZE> fields{
        static_cast<uint8_t>(m_sent >> 24),
        static_cast<uint8_t>(m_sent >> 16),
        static_cast<uint8_t>(m_sent >> 8),
        static_cast<uint8_t>(m_sent),
        role,
        static_cast<uint8_t>(trailerSize >> 8),
        static_cast<uint8_t>(trailerSize),
    };
    Ptr<Packet> packet = Create<Packet>(fields.data(), PROBE_FIELDS_SIZE);
    packet->AddPaddingAtEnd(payload - PROBE_FIELDS_SIZE);
    SendTimeTag::Stamp(packet);
    return packet;
}

void
PacketPairProbeSender::SendProbe()
{
    uint32_t total = m_trailers.size() * m_probesPerSize;
    if (m_sent >= total)
    {
        return;
    }
    uint32_t index = m_order == SEQUENTIAL ? m_sent / m_probesPerSize : m_sent % m_trailers.size();
    uint32_t trailer = m_trailers[index];
    NS_LOG_LOGIC("probe " << m_sent << " trailer " << trailer);
    // Both datagrams in the same instant: the trailer queues right behind the head.
    m_socket->Send(MakeDatagram(m_headSize, 0, trailer));
    m_socket->Send(MakeDatagram(trailer, 1, trailer));
    m_probeTrace(m_sent, trailer);
    m_sent++;
    if (m_sent < total)
    {
        m_next = Simulator::Schedule(m_spacing, [this] { SendProbe(); });
    }
}

} // namespace ns3
