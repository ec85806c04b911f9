/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "key-value-client.h"

#include "etc-workload.h"
#include "socket-binding.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/host-net-stack.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/pointer.h"
#include "ns3/rfs-flow-table.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
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
            .SetParent<SourceApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<KeyValueClient>()
            .AddAttribute("Threads",
                          "Client threads (>= 1); each opens Connections connections. Without a "
                          "CPU model (Cpu) threads only group connections; with one, each is a "
                          "task of the node's HostCpu with its own epoll loop.",
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
            .AddAttribute("Cpu",
                          "Where the threads run: auto (on the node's HostCpu if the node is a "
                          "hostnet host, one with a HostNetStack; else none), none (no CPU "
                          "model: threads only group connections) or threads (each thread a "
                          "task of the node's HostCpu, pinned to core (FirstCore + t) mod "
                          "NCores, with an epoll loop; needs a hostnet host).",
                          EnumValue(CpuModel::AUTO),
                          MakeEnumAccessor<CpuModel>(&KeyValueClient::m_cpuModel),
                          MakeEnumChecker(CpuModel::AUTO,
                                          "auto",
                                          CpuModel::NONE,
                                          "none",
                                          CpuModel::THREADS,
                                          "threads"))
            .AddAttribute("FirstCore",
                          "Core of thread 0 with threads on the HostCpu (< HostCpu::NCores); "
                          "thread t runs on core (FirstCore + t) mod NCores.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&KeyValueClient::m_firstCore),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SyscallCost",
                          "CPU time of one system call of a thread on the HostCpu (>= 0): each "
                          "epoll_wait that returns events, each read of a ready connection and "
                          "each write of a request (as KeyValueServer::SyscallCost).",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&KeyValueClient::m_syscallCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Epoll",
                          "The epoll settings every thread's instance copies (BusyPollUsecs, "
                          "BusyPollBudget, PreferBusyPoll, MaxEvents), with threads on the "
                          "HostCpu.",
                          StringValue("ns3::EpollInstance"),
                          MakePointerAccessor(&KeyValueClient::m_epollPrototype),
                          MakePointerChecker<EpollInstance>())
            .AddAttribute("RequestSize",
                          "Fixed request bytes (0: the key-value workload of KeySize, "
                          "ValueSize and UpdateRatio). With RequestSize and ResponseSize > 0 "
                          "every request is a GET of these sizes: a TCP_RR transaction. On the "
                          "wire a request has at least 24 bytes (the message header), a "
                          "response at least 25 (24 is a SET's answer). 0..16777216.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&KeyValueClient::m_requestSize),
                          MakeUintegerChecker<uint32_t>(0, 1 << 24))
            .AddAttribute("ResponseSize",
                          "Fixed response bytes (0: the key-value workload); see RequestSize. "
                          "0..16777216.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&KeyValueClient::m_responseSize),
                          MakeUintegerChecker<uint32_t>(0, 1 << 24))
            .AddTraceSource("Request",
                            "A request was issued (threads on the HostCpu: when its write call "
                            "completed and it went to TCP): its id, its connection, whether a "
                            "SET.",
                            MakeTraceSourceAccessor(&KeyValueClient::m_requestTrace),
                            "ns3::KeyValueClient::RequestTracedCallback")
            .AddTraceSource("Response",
                            "A response arrived (threads on the HostCpu: was read): the "
                            "request's id and its latency (from the issue of the request; "
                            "threads: from the start of its write call to the end of the read).",
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
    for (auto& t : m_threadState)
    {
        t.epoll->Dispose();
        t.epoll = nullptr;
        t.returned = EpollInstance::ReturnCallback();
        t.serveNext = Callback<void>();
        t.readDone = Callback<void>();
        t.writeDone = Callback<void>();
        t.enterWait = Callback<void>();
    }
    m_threadState.clear();
    m_epollPrototype = nullptr;
    m_cpu = nullptr;
    m_stack = nullptr;
    m_rfs = nullptr;
    m_keySizes = nullptr;
    m_valueSizes = nullptr;
    m_gapUniform = nullptr;
    m_updateUniform = nullptr;
    SourceApplication::DoDispose();
}

void
KeyValueClient::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_peer),
                    "KeyValueClient::Remote must be an InetSocketAddress (the server's address "
                    "and port)");
    NS_ABORT_MSG_IF(!m_conns.empty(), "KeyValueClient: started twice");
    NS_ABORT_MSG_IF((m_requestSize == 0) != (m_responseSize == 0),
                    "KeyValueClient::RequestSize = " << m_requestSize
                                                     << " and ResponseSize = " << m_responseSize
                                                     << ": both 0 (the key-value workload) or "
                                                        "both > 0 (fixed sizes)");
    CreateSizes();
    uint32_t n = m_threads * m_connections;
    m_meanGap = m_rate > 0 ? n / m_rate : 0;
    m_running = true;
    m_stopTime = Time::Max();
    m_windowStart = Simulator::Now();
    m_conns.resize(n);
    const bool hostnetHost = GetNode()->GetObject<HostNetStack>() != nullptr;
    NS_ABORT_MSG_IF(m_cpuModel == CpuModel::THREADS && !hostnetHost,
                    "KeyValueClient::Cpu = threads needs a hostnet host (a node with a "
                    "HostNetStack, installed with HostNetDeviceHelper); node "
                        << GetNode()->GetId() << " has none: use auto or none");
    m_threaded = m_cpuModel == CpuModel::THREADS || (m_cpuModel == CpuModel::AUTO && hostnetHost);
    if (m_threaded)
    {
        CreateThreads();
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        Ptr<Socket> socket = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
        HostNetStack::ConfigureNodeSocket(GetNode(), socket);
        NS_ABORT_MSG_IF(BindSourceSocket(socket, m_local, m_tos) == -1,
                        "KeyValueClient: cannot bind connection " << i << " to Local");
        m_conns[i].socket =
            Create<MessageSocket>(socket, true, MakeCallback(&KeyValueClient::Received, this, i));
        socket->SetConnectCallback(MakeCallback(&KeyValueClient::Connected, this, i),
                                   MakeCallback(&KeyValueClient::ConnectionFailed, this, i));
        socket->Connect(m_peer);
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
    if (m_threaded)
    {
        c.rfs = m_rfs && RfsFlowTable::SocketFlowHash(socket, c.rfsHash);
        // The thread issues the first request when its timer says so (at once when due).
        c.timer = Simulator::Schedule(c.next - Simulator::Now(),
                                      &KeyValueClient::TimerExpired,
                                      this,
                                      index);
        return;
    }
    Drive(index);
}

void
KeyValueClient::ConnectionFailed(uint32_t index, Ptr<Socket> socket)
{
    NS_FATAL_ERROR("KeyValueClient: connection "
                   << index << " cannot connect to Remote "
                   << InetSocketAddress::ConvertFrom(m_peer).GetIpv4() << ":"
                   << InetSocketAddress::ConvertFrom(m_peer).GetPort());
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

RequestResponseHeader
KeyValueClient::NextRequest(uint32_t index)
{
    Connection& c = m_conns[index];
    const uint32_t header = RequestResponseHeader::SIZE;
    RequestResponseHeader request;
    bool isSet = false;
    if (m_requestSize > 0)
    {
        request.SetMessageSize(std::max(m_requestSize, header));
        request.SetResponseSize(std::max(m_responseSize, header + 1)); // a GET: not 24
    }
    else
    {
        isSet = m_updateUniform->GetValue() < m_updateRatio;
        auto key = static_cast<uint32_t>(
            std::clamp(std::round(m_keySizes->GetValue()), 1.0, EtcWorkload::MAX_KEY_SIZE));
        auto value = static_cast<uint32_t>(
            std::clamp(std::round(m_valueSizes->GetValue()), 0.0, EtcWorkload::MAX_VALUE_SIZE));
        request.SetMessageSize(isSet ? header + key + value : header + key);
        request.SetResponseSize(isSet ? header : header + key + value);
    }
    request.SetId(m_nextId++);
    request.SetSendTime(Simulator::Now());
    ++c.outstanding;
    ++m_stats.requestsSent;
    ++(isSet ? m_stats.sets : m_stats.gets);
    return request;
}

void
KeyValueClient::Issue(uint32_t index)
{
    RequestResponseHeader request = NextRequest(index);
    m_conns[index].socket->Send(request, m_peer);
    m_requestTrace(request.GetId(),
                   index,
                   request.GetResponseSize() == RequestResponseHeader::SIZE);
}

void
KeyValueClient::CreateThreads()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_epollPrototype, "KeyValueClient::Epoll must be an ns3::EpollInstance");
    m_cpu = HostCpu::GetOrCreate(GetNode());
    m_stack = HostNetStack::GetOrCreate(GetNode());
    m_rfs = GetNode()->GetObject<RfsFlowTable>();
    const uint32_t cores = m_cpu->GetNCores();
    NS_ABORT_MSG_IF(m_firstCore >= cores,
                    "KeyValueClient::FirstCore = " << m_firstCore << "; allowed: 0.." << cores - 1
                                                   << " (HostCpu::NCores = " << cores << ")");
    m_threadState.resize(m_threads);
    for (uint32_t t = 0; t < m_threads; ++t)
    {
        Thread& th = m_threadState[t];
        th.task =
            m_cpu->CreateTask("mutilate-" + std::to_string(t), false, (m_firstCore + t) % cores);
        th.epoll = CopyObject<EpollInstance>(m_epollPrototype);
        // Items: the thread's connections, then its timer.
        th.epoll->Setup(m_cpu, th.task, m_stack, m_connections + 1);
        for (uint32_t k = 0; k < m_connections; ++k)
        {
            const uint32_t index = t * m_connections + k;
            th.connections.push_back(index);
            m_conns[index].thread = t;
            m_conns[index].item = k;
        }
        th.returned = MakeCallback(&KeyValueClient::Returned, this).Bind(t);
        th.serveNext = MakeCallback(&KeyValueClient::ServeNext, this).Bind(t);
        th.readDone = MakeCallback(&KeyValueClient::ReadDone, this).Bind(t);
        th.writeDone = MakeCallback(&KeyValueClient::WriteDone, this).Bind(t);
        th.enterWait = MakeCallback(&KeyValueClient::EnterWait, this).Bind(t);
        // The thread starts in epoll_wait.
        m_cpu->SubmitTask(th.task, Time(0), th.enterWait);
    }
}

void
KeyValueClient::TimerExpired(uint32_t index)
{
    Connection& c = m_conns[index];
    if (!m_running)
    {
        return;
    }
    Thread& th = m_threadState[c.thread];
    if (!c.due)
    {
        c.due = true;
        th.due.push_back(index);
    }
    th.epoll->NotifyReady(m_connections); // the thread's timer
}

void
KeyValueClient::QueueDue(uint32_t index, bool heldBack)
{
    Connection& c = m_conns[index];
    if (!m_running || !c.connected)
    {
        return;
    }
    Thread& th = m_threadState[c.thread];
    Time now = Simulator::Now();
    while (c.outstanding < m_depth && c.next <= now)
    {
        if (heldBack && m_meanGap > 0 && c.next < now)
        {
            ++m_stats.late; // held back by Depth: goes when the read freed the slot
        }
        th.writes.emplace_back(index, NextRequest(index));
        c.next += DrawInterArrival();
    }
    if (c.outstanding < m_depth && !c.timer.IsPending())
    {
        c.timer = Simulator::Schedule(c.next - now, &KeyValueClient::TimerExpired, this, index);
    }
}

void
KeyValueClient::EnterWait(uint32_t thread)
{
    Thread& th = m_threadState[thread];
    th.epoll->Wait(-1, th.returned);
}

void
KeyValueClient::Returned(uint32_t thread, const std::vector<uint32_t>& events)
{
    Thread& th = m_threadState[thread];
    if (events.empty())
    {
        m_cpu->SubmitTask(th.task, m_syscallCost, th.enterWait);
        return;
    }
    th.batch.assign(events.begin(), events.end());
    th.next = 0;
    m_cpu->SubmitTask(th.task, m_syscallCost, th.serveNext); // the epoll_wait call
}

void
KeyValueClient::ServeNext(uint32_t thread)
{
    Thread& th = m_threadState[thread];
    if (th.next >= th.batch.size())
    {
        EnterWait(thread);
        return;
    }
    uint32_t item = th.batch[th.next++];
    if (item == m_connections)
    {
        // The timer: every connection whose send time came writes what is due.
        for (uint32_t index : th.due)
        {
            m_conns[index].due = false;
            QueueDue(index, false);
        }
        th.due.clear();
        WriteNext(thread);
        return;
    }
    th.serving = th.connections[item];
    m_cpu->SubmitTask(th.task, m_syscallCost, th.readDone); // read
}

void
KeyValueClient::ReadDone(uint32_t thread)
{
    Thread& th = m_threadState[thread];
    const uint32_t index = th.serving;
    Connection& c = m_conns[index];
    const bool full = c.outstanding >= m_depth;
    while (!c.responses.empty())
    {
        Account(index, c.responses.front());
        c.responses.pop_front();
    }
    if (c.rfs)
    {
        m_rfs->Record(c.rfsHash, m_cpu->GetTaskCore(th.task)); // sock_rps_record_flow
    }
    QueueDue(index, full); // closed loop, or a request Depth held back
    WriteNext(thread);
}

void
KeyValueClient::WriteNext(uint32_t thread)
{
    Thread& th = m_threadState[thread];
    if (th.writes.empty())
    {
        ServeNext(thread);
        return;
    }
    m_cpu->SubmitTask(th.task, m_syscallCost, th.writeDone); // write
}

void
KeyValueClient::WriteDone(uint32_t thread)
{
    Thread& th = m_threadState[thread];
    auto [index, request] = th.writes.front();
    th.writes.pop_front();
    // The latency starts with the write call (mutilate's start_time, taken as it issues).
    request.SetSendTime(m_cpu->GetCompletingWorkStart());
    if (Ptr<MessageSocket> socket = m_conns[index].socket; socket && socket->GetSocket())
    {
        // sendmsg: what TCP transmits now is the thread's work.
        HostNetStack::ContextScope sendmsg(*m_stack,
                                           {HostNetStack::ExecContext::TASK, th.task},
                                           HostNetStack::ContextScope::SYSCALL);
        socket->Send(request, m_peer);
    }
    m_requestTrace(request.GetId(),
                   index,
                   request.GetResponseSize() == RequestResponseHeader::SIZE);
    WriteNext(thread);
}

void
KeyValueClient::Account(uint32_t index, const RequestResponseHeader& header)
{
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
}

bool
KeyValueClient::IsThreaded() const
{
    return m_threaded;
}

HostCpu::TaskId
KeyValueClient::GetThreadTask(uint32_t thread) const
{
    return m_threadState.at(thread).task;
}

Ptr<EpollInstance>
KeyValueClient::GetEpoll(uint32_t thread) const
{
    return thread < m_threadState.size() ? m_threadState[thread].epoll : nullptr;
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
    if (m_threaded)
    {
        // ep_poll_callback: the thread reads it when it serves the connection.
        Connection& c = m_conns[index];
        c.responses.push_back(header);
        m_threadState[c.thread].epoll->NotifyReady(c.item);
        return;
    }
    Account(index, header);
    Drive(index);
}

} // namespace ns3
