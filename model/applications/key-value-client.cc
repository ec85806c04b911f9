/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "key-value-client.h"

#include "etc-workload.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/host-net-stack.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("KeyValueClient");
NS_OBJECT_ENSURE_REGISTERED(KeyValueClient);

TypeId
KeyValueClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::KeyValueClient")
            .SetParent<Application>()
            .SetGroupName("Hostnet")
            .AddConstructor<KeyValueClient>()
            .AddAttribute("Remote",
                          "The key-value server (InetSocketAddress).",
                          AddressValue(),
                          MakeAddressAccessor(&KeyValueClient::m_remote),
                          MakeAddressChecker())
            .AddAttribute("Threads",
                          "Client threads (>= 1); each opens Connections connections. Threads "
                          "only group connections: the client has no CPU model.",
                          UintegerValue(32),
                          MakeUintegerAccessor(&KeyValueClient::m_threads),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Connections",
                          "TCP connections per thread (>= 1).",
                          UintegerValue(20),
                          MakeUintegerAccessor(&KeyValueClient::m_connections),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Rate",
                          "Requests per second of this client (>= 0), shared equally by its "
                          "connections, each running its own open-loop schedule; 0 = closed "
                          "loop: each connection sends its next request as soon as a response "
                          "frees a slot (Depth).",
                          DoubleValue(0),
                          MakeDoubleAccessor(&KeyValueClient::m_rate),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("InterArrival",
                          "Gaps of each connection's open loop, with mean Threads x Connections "
                          "/ Rate: fb (Facebook ETC's generalized Pareto fit, shape 0.154971, "
                          "Atikoglu et al. 2012, rescaled to the mean), exponential (Poisson) "
                          "or fixed.",
                          EnumValue(InterArrival::FB),
                          MakeEnumAccessor<InterArrival>(&KeyValueClient::m_interArrival),
                          MakeEnumChecker(InterArrival::FB,
                                          "fb",
                                          InterArrival::EXPONENTIAL,
                                          "exponential",
                                          InterArrival::FIXED,
                                          "fixed"))
            .AddAttribute("UpdateRatio",
                          "Fraction of the requests that are SETs (updates), in [0, 1]; the "
                          "others are GETs.",
                          DoubleValue(0.03),
                          MakeDoubleAccessor(&KeyValueClient::m_updateRatio),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("KeySize",
                          "Random key bytes per request (rounded, clamped to 1..250); unset: "
                          "Facebook ETC's generalized extreme value fit (Atikoglu et al. "
                          "2012).",
                          PointerValue(),
                          MakePointerAccessor(&KeyValueClient::m_keySizes),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("ValueSize",
                          "Random value bytes of a SET or of the response to a GET (rounded, "
                          "clamped to 0..1048576); unset: Facebook ETC's generalized Pareto "
                          "fit (Atikoglu et al. 2012).",
                          PointerValue(),
                          MakePointerAccessor(&KeyValueClient::m_valueSizes),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("Depth",
                          "Requests outstanding per connection at most (>= 1).",
                          UintegerValue(1),
                          MakeUintegerAccessor(&KeyValueClient::m_depth),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Measure",
                          "Whether to record the latencies (the counts are kept either way).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&KeyValueClient::m_measure),
                          MakeBooleanChecker())
            .AddTraceSource("Request",
                            "A request was issued: its id, its connection, whether a SET.",
                            MakeTraceSourceAccessor(&KeyValueClient::m_requestTrace),
                            "ns3::KeyValueClient::RequestTracedCallback")
            .AddTraceSource("Response",
                            "A response arrived: the request's id and its latency (from the "
                            "issue of the request).",
                            MakeTraceSourceAccessor(&KeyValueClient::m_responseTrace),
                            "ns3::KeyValueClient::ResponseTracedCallback");
    return tid;
}

KeyValueClient::KeyValueClient()
    : m_gapUniform(CreateObject<UniformRandomVariable>()),
      m_updateUniform(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

KeyValueClient::~KeyValueClient() = default;

KeyValueClientStats
KeyValueClient::GetStats() const
{
    KeyValueClientStats stats = m_stats;
    stats.latency.count = m_latencies.GetCount();
    if (stats.latency.count > 0)
    {
        stats.latency.meanUs = m_latencies.GetMean() * 1e6;
        stats.latency.p50Us = m_latencies.GetQuantile(0.5) * 1e6;
        stats.latency.p95Us = m_latencies.GetQuantile(0.95) * 1e6;
        stats.latency.p99Us = m_latencies.GetQuantile(0.99) * 1e6;
        stats.latency.p999Us = m_latencies.GetQuantile(0.999) * 1e6;
    }
    return stats;
}

const LatencyHistogram&
KeyValueClient::GetLatencyHistogram() const
{
    return m_latencies;
}

double
KeyValueClient::GetAchievedRate() const
{
    Time end = std::min(Simulator::Now(), m_stopTime);
    Time length = end - m_windowStart;
    if (!length.IsStrictlyPositive())
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return m_stats.responsesReceived / length.GetSeconds();
}

void
KeyValueClient::ResetStats()
{
    NS_LOG_FUNCTION(this);
    m_stats = KeyValueClientStats();
    m_latencies.Reset();
    m_windowStart = Simulator::Now();
}

void
KeyValueClient::CreateSizes()
{
    if (!m_keySizes)
    {
        m_keySizes = EtcWorkload::CreateKeySizes();
    }
    if (!m_valueSizes)
    {
        m_valueSizes = EtcWorkload::CreateValueSizes();
    }
}

int64_t
KeyValueClient::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    CreateSizes();
    m_gapUniform->SetStream(stream);
    m_updateUniform->SetStream(stream + 1);
    m_keySizes->SetStream(stream + 2);
    m_valueSizes->SetStream(stream + 3);
    return 4;
}

void
KeyValueClient::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (auto& c : m_conns)
    {
        c.timer.Cancel();
        if (c.socket)
        {
            c.socket->Close();
        }
    }
    m_conns.clear();
    m_keySizes = nullptr;
    m_valueSizes = nullptr;
    m_gapUniform = nullptr;
    m_updateUniform = nullptr;
    Application::DoDispose();
}

void
KeyValueClient::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_remote),
                    "KeyValueClient::Remote must be an InetSocketAddress (the server's address "
                    "and port)");
    NS_ABORT_MSG_IF(!m_conns.empty(), "KeyValueClient: started twice");
    CreateSizes();
    uint32_t n = m_threads * m_connections;
    m_meanGap = m_rate > 0 ? n / m_rate : 0;
    m_running = true;
    m_stopTime = Time::Max();
    m_windowStart = Simulator::Now();
    m_conns.resize(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<Socket> socket = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        HostNetStack::ConfigureNodeSocket(GetNode(), socket);
        NS_ABORT_MSG_IF(socket->Bind() == -1, "KeyValueClient: cannot bind connection " << i);
        m_conns[i].socket =
            Create<MessageSocket>(socket, true, MakeCallback(&KeyValueClient::Received, this, i));
        socket->SetConnectCallback(MakeCallback(&KeyValueClient::Connected, this, i),
                                   MakeCallback(&KeyValueClient::ConnectionFailed, this, i));
        socket->Connect(m_remote);
    }
}

void
KeyValueClient::StopApplication()
{
    NS_LOG_FUNCTION(this);
    // Responses still in flight arrive and count; no request is issued any more.
    m_running = false;
    m_stopTime = Simulator::Now();
    for (auto& c : m_conns)
    {
        c.timer.Cancel();
    }
}

void
KeyValueClient::Connected(uint32_t index, Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this << index);
    Connection& c = m_conns[index];
    c.connected = true;
    c.next = Simulator::Now() + DrawFirstInterArrival();
    Drive(index);
}

void
KeyValueClient::ConnectionFailed(uint32_t index, Ptr<Socket> socket)
{
    NS_FATAL_ERROR("KeyValueClient: connection "
                   << index << " cannot connect to Remote "
                   << InetSocketAddress::ConvertFrom(m_remote).GetIpv4() << ":"
                   << InetSocketAddress::ConvertFrom(m_remote).GetPort());
}

Time
KeyValueClient::DrawFirstInterArrival()
{
    if (m_meanGap <= 0)
    {
        return Time(0);
    }
    if (m_interArrival == InterArrival::FIXED)
    {
        return Seconds(m_gapUniform->GetValue() * m_meanGap); // a uniform phase
    }
    // The schedule in its stationary state: run the gap sequence from 20 mean gaps before
    // the connection came up; the first send is the first point after it. (Starting every
    // connection with a fresh gap, as mutilate does, over-weights short gaps at first: with
    // fb gaps and one request per connection in tens of milliseconds, a short measurement
    // window would see about 10 % more than the target rate.)
    double t = -20 * m_meanGap;
    while (t <= 0)
    {
        t += DrawInterArrival().GetSeconds();
    }
    return Seconds(t);
}

Time
KeyValueClient::DrawInterArrival()
{
    if (m_meanGap <= 0)
    {
        return Time(0); // closed loop: every request is due at once
    }
    double gap = m_meanGap;
    switch (m_interArrival)
    {
    case InterArrival::FIXED:
        break;
    case InterArrival::EXPONENTIAL:
        gap = -m_meanGap * std::log(1 - m_gapUniform->GetValue());
        break;
    case InterArrival::FB:
        gap = EtcWorkload::InterArrivalQuantile(m_gapUniform->GetValue(), m_meanGap);
        break;
    }
    return Seconds(gap);
}

void
KeyValueClient::Drive(uint32_t index)
{
    Connection& c = m_conns[index];
    if (!m_running || !c.connected)
    {
        return;
    }
    Time now = Simulator::Now();
    while (c.outstanding < m_depth && c.next <= now)
    {
        if (m_meanGap > 0 && c.next < now)
        {
            ++m_stats.late; // held back by Depth: goes when a response freed the slot
        }
        Issue(index);
        c.next += DrawInterArrival();
    }
    // At most one timer per connection: it is either still pending for c.next (which only
    // moves once it has passed) or the connection waits for a response (Depth reached).
    if (c.outstanding < m_depth && !c.timer.IsPending())
    {
        c.timer = Simulator::Schedule(c.next - now, &KeyValueClient::Drive, this, index);
    }
}

void
KeyValueClient::Issue(uint32_t index)
{
    Connection& c = m_conns[index];
    bool isSet = m_updateUniform->GetValue() < m_updateRatio;
    auto key = static_cast<uint32_t>(
        std::clamp(std::round(m_keySizes->GetValue()), 1.0, EtcWorkload::MAX_KEY_SIZE));
    auto value = static_cast<uint32_t>(
        std::clamp(std::round(m_valueSizes->GetValue()), 0.0, EtcWorkload::MAX_VALUE_SIZE));
    const uint32_t header = RequestResponseHeader::SIZE;
    RequestResponseHeader request;
    uint64_t id = m_nextId++;
    request.SetId(id);
    request.SetSendTime(Simulator::Now());
    request.SetMessageSize(isSet ? header + key + value : header + key);
    request.SetResponseSize(isSet ? header : header + key + value);
    c.socket->Send(request, m_remote);
    ++c.outstanding;
    ++m_stats.requestsSent;
    ++(isSet ? m_stats.sets : m_stats.gets);
    m_requestTrace(id, index, isSet);
}

void
KeyValueClient::Received(uint32_t index,
                         Ptr<MessageSocket> socket,
                         const RequestResponseHeader& header,
                         const Address& from)
{
    if (header.GetResponseSize() != 0)
    {
        return; // a request, not a response: the peer is not a key-value server
    }
    Connection& c = m_conns[index];
    NS_ASSERT_MSG(c.outstanding > 0, "a response without a request on connection " << index);
    --c.outstanding;
    Time latency = Simulator::Now() - header.GetSendTime();
    ++m_stats.responsesReceived;
    if (m_measure)
    {
        m_latencies.Add(latency);
    }
    m_responseTrace(header.GetId(), latency);
    Drive(index);
}

} // namespace ns3
