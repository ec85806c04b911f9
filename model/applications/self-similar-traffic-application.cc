/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "self-similar-traffic-application.h"

#include "send-time-tag.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <map>
#include <random>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SelfSimilarTrafficApplication");
NS_OBJECT_ENSURE_REGISTERED(SelfSimilarTrafficApplication);

/// Bytes of preamble, start delimiter and inter-frame gap after each Ethernet frame.
static constexpr uint32_t GAP_BYTES = 20;
/// Ethernet header + FCS, IPv4 and UDP headers: frame size minus UDP payload.
static constexpr uint32_t OVERHEAD_BYTES = 46;

TypeId
SelfSimilarTrafficApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SelfSimilarTrafficApplication")
            .SetParent<SourceApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<SelfSimilarTrafficApplication>()
            .AddAttribute("Streams",
                          "Number of ON/OFF streams aggregated (1..4096).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&SelfSimilarTrafficApplication::m_nStreams),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("Load",
                          "Target share of LinkRate occupied by all streams together, frames "
                          "and 20-byte gaps (0 < Load < 1).",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&SelfSimilarTrafficApplication::m_load),
                          MakeDoubleChecker<double>(1e-6, 0.999999))
            .AddAttribute("LinkRate",
                          "Rate of the frames sent back to back during ON periods.",
                          DataRateValue(DataRate("1Gbps")),
                          MakeDataRateAccessor(&SelfSimilarTrafficApplication::m_linkRate),
                          MakeDataRateChecker())
            .AddAttribute("OnShape",
                          "Pareto shape of ON lengths (> 1; Salah et al. 2007: 1.3).",
                          DoubleValue(1.3),
                          MakeDoubleAccessor(&SelfSimilarTrafficApplication::m_onShape),
                          MakeDoubleChecker<double>(1.000001))
            .AddAttribute("OffShape",
                          "Pareto shape of OFF lengths (> 1; Salah et al. 2007: 1.5).",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&SelfSimilarTrafficApplication::m_offShape),
                          MakeDoubleChecker<double>(1.000001))
            .AddAttribute("FrameSizes",
                          "Ethernet frame sizes: backbone (the mix of Salah et al. 2007, mean 557 "
                          "bytes), a size in bytes (64..9018), or a CSV file of size_bytes,cdf "
                          "rows.",
                          StringValue("backbone"),
                          MakeStringAccessor(&SelfSimilarTrafficApplication::m_frameSizes),
                          MakeStringChecker())
            .AddAttribute("OffRule",
                          "OFF location: Exact (from the real mean ON length, whole frames) "
                          "or Paper (the formula of Salah et al. 2007, nominal ON mean; overshoots "
                          "the load).",
                          EnumValue(OffRule::EXACT),
                          MakeEnumAccessor<OffRule>(&SelfSimilarTrafficApplication::m_offRule),
                          MakeEnumChecker(OffRule::EXACT, "Exact", OffRule::PAPER, "Paper"))
            .AddAttribute("MaxFrames",
                          "Frames to send; 0 = until the application stops.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SelfSimilarTrafficApplication::m_maxFrames),
                          MakeUintegerChecker<uint64_t>())
            .AddTraceSource("Tx",
                            "A frame was generated: its Ethernet size and its stream.",
                            MakeTraceSourceAccessor(&SelfSimilarTrafficApplication::m_txTrace),
                            "ns3::SelfSimilarTrafficApplication::TxTracedCallback");
    return tid;
}

SelfSimilarTrafficApplication::SelfSimilarTrafficApplication()
    : m_periods(CreateObject<UniformRandomVariable>()),
      m_sizePicks(CreateObject<UniformRandomVariable>())
{
}

SelfSimilarTrafficApplication::~SelfSimilarTrafficApplication() = default;

uint64_t
SelfSimilarTrafficApplication::GetSent() const
{
    return m_sent;
}

uint64_t
SelfSimilarTrafficApplication::GetSentBytes() const
{
    return m_sentBytes;
}

double
SelfSimilarTrafficApplication::GetExpectedLoad() const
{
    return m_expectedLoad;
}

Time
SelfSimilarTrafficApplication::GetMeanOnLength() const
{
    return Seconds(m_meanOn);
}

Time
SelfSimilarTrafficApplication::GetMeanOffLength() const
{
    return Seconds(m_bOff * m_offShape / (m_offShape - 1));
}

int64_t
SelfSimilarTrafficApplication::AssignStreams(int64_t stream)
{
    m_periods->SetStream(stream);
    m_sizePicks->SetStream(stream + 1);
    return 2;
}

void
SelfSimilarTrafficApplication::DoDispose()
{
    for (auto& s : m_streams)
    {
        s.event.Cancel();
    }
    m_socket = nullptr;
    SourceApplication::DoDispose();
}

double
SelfSimilarTrafficApplication::Pareto(double location, double shape)
{
    // Inverse CDF; 1 - U is in (0, 1], so the sample is finite.
    return location / std::pow(1.0 - m_periods->GetValue(), 1.0 / shape);
}

void
SelfSimilarTrafficApplication::Configure()
{
    m_sizes =
        FrameSizeDistribution::Parse(m_frameSizes, "SelfSimilarTrafficApplication::FrameSizes");
    double bitTime = 1.0 / m_linkRate.GetBitRate();
    m_bOn = 64 * 8 * bitTime; // one minimum frame (Salah et al. 2007: 512 ns at 1 Gb/s)
    double nominalOn = m_onShape * m_bOn / (m_onShape - 1);
    // Mean ON length actually sent: frames go out until they cover the ON length, so the
    // last one overshoots it. The overshoot is bounded by one frame time: a seeded Monte
    // Carlo gives its mean to < 0.01 us, reproducibly (its own generator, not a stream).
    // It depends on the configuration only, so it is computed once per configuration and
    // shared by every source of a run (a 1024-host fabric would repeat it 1024 times).
    static std::map<std::tuple<std::string, uint64_t, double>, double> overshootCache;
    auto key = std::make_tuple(m_frameSizes, m_linkRate.GetBitRate(), m_onShape);
    auto cached = overshootCache.find(key);
    if (cached == overshootCache.end())
    {
        std::mt19937_64 gen(20261124);
        std::uniform_real_distribution<double> uniform(0.0, 1.0);
        const int samples = 200000;
        double overshoot = 0;
        for (int i = 0; i < samples; ++i)
        {
            double on = m_bOn / std::pow(1.0 - uniform(gen), 1.0 / m_onShape);
            double covered = 0;
            while (covered < on)
            {
                covered += (m_sizes->Sample(uniform(gen)) + GAP_BYTES) * 8 * bitTime;
            }
            overshoot += covered - on;
        }
        cached = overshootCache.emplace(key, overshoot / samples).first;
    }
    m_meanOn = nominalOn + cached->second;
    double rho = m_load / m_nStreams;
    double meanOff = (m_offRule == OffRule::EXACT ? m_meanOn : nominalOn) * (1 - rho) / rho;
    m_bOff = meanOff * (m_offShape - 1) / m_offShape;
    m_expectedLoad = m_nStreams * m_meanOn / (m_meanOn + meanOff);
    NS_LOG_INFO("b_on " << m_bOn << " s, nominal E[ON] " << nominalOn << " s, real E[ON] "
                        << m_meanOn << " s, b_off " << m_bOff << " s, expected load "
                        << m_expectedLoad);
}

void
SelfSimilarTrafficApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    Configure();
    if (!m_peer.IsInvalid())
    {
        NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_peer),
                        "SelfSimilarTrafficApplication::Remote must be an InetSocketAddress");
        m_socket = Socket::CreateSocket(GetNode(), UdpSocketFactory::GetTypeId());
        int bound = m_local.IsInvalid() ? m_socket->Bind() : m_socket->Bind(m_local);
        NS_ABORT_MSG_IF(bound == -1, "SelfSimilarTrafficApplication: cannot bind");
        if (m_tos != 0)
        {
            m_socket->SetIpTos(m_tos);
        }
        m_socket->Connect(m_peer);
        m_socket->SetAllowBroadcast(true);
    }
    // Every stream starts with an OFF period (warm-up deletion removes the transient).
    m_streams.assign(m_nStreams, Stream());
    for (uint32_t i = 0; i < m_nStreams; ++i)
    {
        m_streams[i].event =
            Simulator::Schedule(Seconds(Pareto(m_bOff, m_offShape)), [this, i] { StreamEvent(i); });
    }
}

void
SelfSimilarTrafficApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& s : m_streams)
    {
        s.event.Cancel();
    }
}

void
SelfSimilarTrafficApplication::StreamEvent(uint32_t i)
{
    Stream& s = m_streams[i];
    if (!s.on)
    {
        s.on = true;
        s.onLeft = Pareto(m_bOn, m_onShape);
    }
    if (s.onLeft <= 0)
    {
        s.on = false;
        s.event =
            Simulator::Schedule(Seconds(Pareto(m_bOff, m_offShape)), [this, i] { StreamEvent(i); });
        return;
    }
    if (m_maxFrames != 0 && m_sent >= m_maxFrames)
    {
        return;
    }
    uint32_t frame = m_sizes->Sample(m_sizePicks->GetValue());
    double frameTime = (frame + GAP_BYTES) * 8.0 / m_linkRate.GetBitRate();
    s.onLeft -= frameTime;
    SendFrame(i, frame);
    s.event = Simulator::Schedule(Seconds(frameTime), [this, i] { StreamEvent(i); });
}

void
SelfSimilarTrafficApplication::SendFrame(uint32_t stream, uint32_t frameBytes)
{
    ++m_sent;
    m_sentBytes += frameBytes + GAP_BYTES;
    m_txTrace(frameBytes, stream);
    if (m_socket)
    {
        Ptr<Packet> p = Create<Packet>(frameBytes - OVERHEAD_BYTES);
        SendTimeTag::Stamp(p);
        m_socket->Send(p);
    }
}

} // namespace ns3
