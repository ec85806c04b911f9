/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "request-response-client.h"

#include "socket-binding.h"

#include "ns3/double.h"
#include "ns3/host-net-stack.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RequestResponseClient");
NS_OBJECT_ENSURE_REGISTERED(RequestResponseClient);

TypeId
RequestResponseClient::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RequestResponseClient")
            .SetParent<SourceApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<RequestResponseClient>()
            .AddAttribute("Protocol",
                          "Socket factory: ns3::TcpSocketFactory or ns3::UdpSocketFactory.",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&RequestResponseClient::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("Rate",
                          "Mean requests per second (Poisson, > 0).",
                          DoubleValue(1000),
                          MakeDoubleAccessor(&RequestResponseClient::m_rate),
                          MakeDoubleChecker<double>(1e-9))
            .AddAttribute("RequestSize",
                          "Bytes per request (24..16777216; 24 is the message header).",
                          UintegerValue(100),
                          MakeUintegerAccessor(&RequestResponseClient::m_requestSize),
                          MakeUintegerChecker<uint32_t>(RequestResponseHeader::SIZE, 1 << 24))
            .AddAttribute("ResponseSize",
                          "Bytes per response (24..16777216).",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&RequestResponseClient::m_responseSize),
                          MakeUintegerChecker<uint32_t>(RequestResponseHeader::SIZE, 1 << 24))
            .AddAttribute("RequestSizes",
                          "Random bytes per request (rounded, clamped to 24..16777216); unset: "
                          "RequestSize. RequestResponseClientHelper::SetSizeWorkload sets a "
                          "published workload.",
                          PointerValue(),
                          MakePointerAccessor(&RequestResponseClient::m_requestSizes),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("ResponseSizes",
                          "Random bytes per response (rounded, clamped to 24..16777216); "
                          "unset: ResponseSize.",
                          PointerValue(),
                          MakePointerAccessor(&RequestResponseClient::m_responseSizes),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("BusyPoll",
                          "SO_BUSY_POLL (net.core.busy_poll): when the client's thread has "
                          "nothing to do it spins this long polling the NAPI context of its "
                          "connection before it sleeps, so a response is read without a "
                          "wake-up; the spin is the thread's CPU time. 0 = off; > 0 needs a "
                          "NAPI device.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&RequestResponseClient::m_busyPollTime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("BusyPollBudget",
                          "Frames per busy poll call (BUSY_POLL_BUDGET = 8). Must be >= 1.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&RequestResponseClient::m_busyPollBudget),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxRequests",
                          "Requests to send; 0 = until the application stops.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RequestResponseClient::m_maxRequests),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("Core",
                          "Core of the node's HostCpu the client's task runs on: < "
                          "HostCpu::NCores, or 4294967295 (HostCpu::ANY_CORE) for a task "
                          "placed on an idle core at each wake-up.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RequestResponseClient::m_core),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SyscallCost",
                          "CPU time of one system call (>= 0): the write of each request and "
                          "the read of each response.",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&RequestResponseClient::m_syscallCost),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("ResponseTime",
                            "A response was read: the time since its request was created.",
                            MakeTraceSourceAccessor(&RequestResponseClient::m_responseTimeTrace),
                            "ns3::RequestResponseClient::ResponseTimeTracedCallback");
    return tid;
}

RequestResponseClient::RequestResponseClient()
    : m_interval(CreateObject<ExponentialRandomVariable>())
{
    m_writeDone = MakeCallback(&RequestResponseClient::WriteDone, this);
    m_readDone = MakeCallback(&RequestResponseClient::ReadDone, this);
}

RequestResponseClient::~RequestResponseClient() = default;

const LatencyHistogram&
RequestResponseClient::GetResponseTimes() const
{
    return m_responseTimes;
}

uint64_t
RequestResponseClient::GetRequestsSent() const
{
    return m_sent;
}

uint64_t
RequestResponseClient::GetResponsesReceived() const
{
    return m_received;
}

void
RequestResponseClient::ResetStats()
{
    m_sent = 0;
    m_received = 0;
    m_responseTimes.Reset();
}

int64_t
RequestResponseClient::AssignStreams(int64_t stream)
{
    m_interval->SetStream(stream);
    int64_t used = 1;
    for (const auto& sizes : {m_requestSizes, m_responseSizes})
    {
        if (sizes)
        {
            sizes->SetStream(stream + used++);
        }
    }
    return used;
}

uint32_t
RequestResponseClient::DrawSize(const Ptr<RandomVariableStream>& sizes, uint32_t fixed)
{
    if (!sizes)
    {
        return fixed;
    }
    double bytes = std::round(sizes->GetValue());
    return static_cast<uint32_t>(
        std::clamp(bytes, double(RequestResponseHeader::SIZE), double(1 << 24)));
}

Time
RequestResponseClient::GetBusyPollSpinTime() const
{
    return m_thread.GetBusyPollSpinTime();
}

void
RequestResponseClient::DoDispose()
{
    if (m_socket)
    {
        m_socket->Close();
        m_socket = nullptr;
    }
    m_requestSizes = nullptr;
    m_responseSizes = nullptr;
    m_thread.Dispose();
    m_stack = nullptr;
    SourceApplication::DoDispose();
}

void
RequestResponseClient::StartApplication()
{
    NS_LOG_FUNCTION(this);
    bool tcp = m_protocol == TcpSocketFactory::GetTypeId();
    NS_ABORT_MSG_IF(!tcp && m_protocol != UdpSocketFactory::GetTypeId(),
                    "RequestResponseClient::Protocol must be ns3::TcpSocketFactory or "
                    "ns3::UdpSocketFactory, not "
                        << m_protocol.GetName());
    NS_ABORT_MSG_IF(!InetSocketAddress::IsMatchingType(m_peer),
                    "RequestResponseClient::Remote must be an InetSocketAddress");
    m_thread.Create(GetNode(), "rpc-client", m_core, true, "RequestResponseClient::Core");
    m_stack = HostNetStack::GetOrCreate(GetNode());
    m_thread.InstallBusyPoll(GetNode(),
                             m_busyPollTime,
                             m_busyPollBudget,
                             MakeCallback(&RequestResponseClient::HasResponse, this),
                             MakeCallback(&RequestResponseClient::ReadQueued, this),
                             "RequestResponseClient::BusyPoll");
    m_interval->SetAttribute("Mean", DoubleValue(1.0 / m_rate));
    Ptr<Socket> socket = Socket::CreateSocket(GetNode(), m_protocol);
    HostNetStack::ConfigureNodeSocket(GetNode(), socket);
    NS_ABORT_MSG_IF(BindSourceSocket(socket, m_local, m_tos) == -1,
                    "RequestResponseClient: cannot bind to Local");
    m_socket = Create<MessageSocket>(socket,
                                     tcp,
                                     MakeCallback(&RequestResponseClient::ResponseReceived, this));
    if (tcp)
    {
        socket->SetConnectCallback(MakeCallback(&RequestResponseClient::Connected, this),
                                   MakeCallback(&RequestResponseClient::ConnectionFailed, this));
        socket->Connect(m_peer);
    }
    m_next = Simulator::Schedule(Seconds(m_interval->GetValue()), [this] { NewRequest(); });
}

void
RequestResponseClient::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_next.Cancel(); // responses still in flight are read and counted
}

void
RequestResponseClient::Connected(Ptr<Socket> socket)
{
    NS_LOG_FUNCTION(this);
    m_socket->Flush(); // requests written during the handshake
}

void
RequestResponseClient::ConnectionFailed(Ptr<Socket> socket)
{
    NS_FATAL_ERROR("RequestResponseClient: cannot connect to the server");
}

void
RequestResponseClient::NewRequest()
{
    RequestResponseHeader request;
    request.SetId(m_nextId++);
    request.SetSendTime(Simulator::Now());
    request.SetMessageSize(DrawSize(m_requestSizes, m_requestSize));
    request.SetResponseSize(DrawSize(m_responseSizes, m_responseSize));
    m_toWrite.push_back(request);
    m_thread.Submit(m_syscallCost, m_writeDone);
    if (BusyPoller* poller = m_thread.PeekBusyPoller())
    {
        poller->Interrupt(); // epoll returns: the thread writes, then polls again
    }
    ++m_created;
    if (m_maxRequests == 0 || m_created < m_maxRequests)
    {
        m_next = Simulator::Schedule(Seconds(m_interval->GetValue()), [this] { NewRequest(); });
    }
}

void
RequestResponseClient::WriteDone()
{
    if (m_toWrite.empty() || !m_socket)
    {
        return;
    }
    // sendmsg: what TCP transmits now is the task's work.
    {
        HostNetStack::ContextScope sendmsg(*m_stack,
                                           {HostNetStack::ExecContext::TASK, m_thread.GetTask()},
                                           HostNetStack::ContextScope::SYSCALL);
        m_socket->Send(m_toWrite.front(), m_peer);
    }
    m_toWrite.pop_front();
    ++m_sent;
    IdleCheck();
}

void
RequestResponseClient::ResponseReceived(Ptr<MessageSocket> socket,
                                        const RequestResponseHeader& header,
                                        const Address& from)
{
    if (header.GetResponseSize() != 0)
    {
        // A request, not a response (the peer is not a RequestResponseServer): ignore it.
        return;
    }
    m_toRead.push_back(header.GetSendTime());
    // Busy polling: the thread is still running (spinning), so the read is queued behind the
    // spin and needs no wake-up; the poller cuts the spin.
    m_thread.Submit(m_syscallCost, m_readDone);
    m_thread.NoteQueuedData(*m_stack);
}

bool
RequestResponseClient::HasResponse() const
{
    return !m_toRead.empty();
}

void
RequestResponseClient::ReadQueued()
{
    // The reads were queued on the task when the responses arrived: nothing to add.
}

void
RequestResponseClient::IdleCheck()
{
    if (BusyPoller* poller = m_thread.PeekBusyPoller();
        poller && m_toWrite.empty() && m_toRead.empty())
    {
        poller->Start(); // epoll_wait with busy polling before the thread sleeps
    }
}

void
RequestResponseClient::ReadDone()
{
    if (m_toRead.empty())
    {
        return;
    }
    Time responseTime = Simulator::Now() - m_toRead.front();
    m_toRead.pop_front();
    ++m_received;
    m_responseTimes.Add(responseTime);
    m_responseTimeTrace(responseTime);
    IdleCheck();
}

} // namespace ns3
