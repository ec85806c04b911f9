/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "request-response-server.h"

#include "socket-binding.h"

#include "ns3/host-net-stack.h"
#include "ns3/inet-socket-address.h"
#include "ns3/log.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/pointer.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/type-id.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RequestResponseServer");
NS_OBJECT_ENSURE_REGISTERED(RequestResponseServer);

TypeId
RequestResponseServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RequestResponseServer")
            .SetParent<SinkApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<RequestResponseServer>()
            .AddAttribute("Protocol",
                          "Socket factory: ns3::TcpSocketFactory or ns3::UdpSocketFactory.",
                          TypeIdValue(TcpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&RequestResponseServer::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("ServiceCost",
                          "CPU time of the server's own work per request (a random "
                          "variable, seconds; negative samples count as 0).",
                          StringValue("ns3::ExponentialRandomVariable[Mean=10e-6]"),
                          MakePointerAccessor(&RequestResponseServer::m_serviceCost),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("Core",
                          "Core of the node's HostCpu the server's task runs on: < "
                          "HostCpu::NCores, or 4294967295 (HostCpu::ANY_CORE) for a task "
                          "placed on an idle core at each wake-up.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RequestResponseServer::m_core),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("BusyPoll",
                          "SO_BUSY_POLL (net.core.busy_poll): when the worker has nothing to "
                          "serve it spins this long polling the NAPI context of its "
                          "connections before it sleeps, so a request is served without a "
                          "wake-up; the spin is the worker's CPU time. 0 = off; > 0 needs a "
                          "NAPI device.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&RequestResponseServer::m_busyPollTime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("BusyPollBudget",
                          "Frames per busy poll call (BUSY_POLL_BUDGET = 8). Must be >= 1.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&RequestResponseServer::m_busyPollBudget),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SyscallCost",
                          "CPU time of one system call (>= 0); a request costs two: the read "
                          "of the request and the write of the response.",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&RequestResponseServer::m_syscallCost),
                          MakeTimeChecker(Time(0)))
            .AddTraceSource("Served",
                            "A response was sent: request id and the request's send time.",
                            MakeTraceSourceAccessor(&RequestResponseServer::m_servedTrace),
                            "ns3::RequestResponseServer::ServedTracedCallback");
    return tid;
}

RequestResponseServer::RequestResponseServer()
    : SinkApplication(5000)
{
    m_serviceDone = MakeCallback(&RequestResponseServer::ServiceDone, this);
}

RequestResponseServer::~RequestResponseServer() = default;

uint64_t
RequestResponseServer::GetRequestsServed() const
{
    return m_served;
}

int64_t
RequestResponseServer::AssignStreams(int64_t stream)
{
    m_serviceCost->SetStream(stream);
    return 1;
}

void
RequestResponseServer::DoDispose()
{
    for (auto& s : m_sockets)
    {
        s->Close();
    }
    m_sockets.clear();
    m_pending.clear();
    m_listener = nullptr;
    m_thread.Dispose();
    m_stack = nullptr;
    SinkApplication::DoDispose();
}

void
RequestResponseServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    bool tcp = m_protocol == TcpSocketFactory::GetTypeId();
    NS_ABORT_MSG_IF(!tcp && m_protocol != UdpSocketFactory::GetTypeId(),
                    "RequestResponseServer::Protocol must be ns3::TcpSocketFactory or "
                    "ns3::UdpSocketFactory, not "
                        << m_protocol.GetName());
    NS_ABORT_MSG_IF(!m_serviceCost,
                    "RequestResponseServer::ServiceCost must be a RandomVariableStream");
    m_thread.Create(GetNode(), "rpc-server", m_core, true, "RequestResponseServer::Core");
    m_stack = HostNetStack::GetOrCreate(GetNode());
    m_thread.InstallBusyPoll(GetNode(),
                             m_busyPollTime,
                             m_busyPollBudget,
                             MakeCallback(&RequestResponseServer::HasRequest, this),
                             MakeCallback(&RequestResponseServer::ServeQueued, this),
                             "RequestResponseServer::BusyPoll");
    m_listener = Socket::CreateSocket(GetNode(), m_protocol);
    HostNetStack::ConfigureNodeSocket(GetNode(), m_listener);
    NS_ABORT_MSG_IF(m_listener->Bind(SinkBindAddress(m_local, m_port, "RequestResponseServer")) ==
                        -1,
                    "RequestResponseServer: cannot bind to Local/Port " << m_port);
    auto received = MakeCallback(&RequestResponseServer::RequestReceived, this);
    if (tcp)
    {
        m_listener->Listen();
        m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                      MakeCallback(&RequestResponseServer::Accepted, this));
    }
    else
    {
        m_sockets.push_back(Create<MessageSocket>(m_listener, false, received));
    }
}

void
RequestResponseServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_listener && m_protocol == TcpSocketFactory::GetTypeId())
    {
        m_listener->Close();
    }
}

void
RequestResponseServer::Accepted(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    m_sockets.push_back(
        Create<MessageSocket>(socket,
                              true,
                              MakeCallback(&RequestResponseServer::RequestReceived, this)));
}

void
RequestResponseServer::RequestReceived(Ptr<MessageSocket> socket,
                                       const RequestResponseHeader& header,
                                       const Address& from)
{
    NS_LOG_FUNCTION(this << header.GetId());
    m_pending.push_back({socket, from, header});
    Time cost = Max(Seconds(m_serviceCost->GetValue()), Time(0)) + 2 * m_syscallCost;
    // The task serves its work in FIFO order, so ServiceDone always finds its request first.
    // Busy polling: the worker is still running (spinning), so the request is queued behind
    // the spin and needs no wake-up; the poller cuts the spin.
    m_thread.Submit(cost, m_serviceDone);
    m_thread.NoteQueuedData(*m_stack);
}

bool
RequestResponseServer::HasRequest() const
{
    return !m_pending.empty();
}

void
RequestResponseServer::ServeQueued()
{
    // The service was queued on the task when the request arrived: nothing to add.
}

Time
RequestResponseServer::GetBusyPollSpinTime() const
{
    return m_thread.GetBusyPollSpinTime();
}

void
RequestResponseServer::ServiceDone()
{
    if (m_pending.empty())
    {
        return; // disposed while the task still ran
    }
    Pending& p = m_pending.front();
    RequestResponseHeader response;
    response.SetId(p.request.GetId());
    response.SetSendTime(p.request.GetSendTime());
    response.SetMessageSize(std::max(p.request.GetResponseSize(), RequestResponseHeader::SIZE));
    response.SetResponseSize(0);
    if (p.socket->GetSocket())
    {
        // sendmsg: what TCP transmits now is the task's work.
        HostNetStack::ContextScope sendmsg(*m_stack,
                                           {HostNetStack::ExecContext::TASK, m_thread.GetTask()},
                                           HostNetStack::ContextScope::SYSCALL);
        p.socket->Send(response, p.from);
    }
    ++m_served;
    m_servedTrace(p.request.GetId(), p.request.GetSendTime());
    m_pending.pop_front();
    if (BusyPoller* poller = m_thread.PeekBusyPoller(); poller && m_pending.empty())
    {
        poller->Start(); // epoll_wait with busy polling before the worker sleeps
    }
}

} // namespace ns3
