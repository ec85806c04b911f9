/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "key-value-server.h"

#include "socket-binding.h"

#include "ns3/boolean.h"
#include "ns3/enum.h"
#include "ns3/inet-socket-address.h"
#include "ns3/integer.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/rfs-flow-table.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("KeyValueServer");

NS_OBJECT_ENSURE_REGISTERED(KeyValueServer);

TypeId
KeyValueServer::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::KeyValueServer")
            .SetParent<SinkApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<KeyValueServer>()
            .AddAttribute("Threads",
                          "Worker threads (memcached -t), each with its own epoll instance "
                          "(>= 1).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&KeyValueServer::m_nThreads),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Assignment",
                          "How accepted connections are given to threads: napi-id (memcached "
                          "-N: the thread of the NAPI context that delivered the connection) "
                          "or round-robin.",
                          EnumValue(KeyValueServer::NAPI_ID),
                          MakeEnumAccessor<Assignment>(&KeyValueServer::m_assignment),
                          MakeEnumChecker(KeyValueServer::NAPI_ID,
                                          "napi-id",
                                          KeyValueServer::ROUND_ROBIN,
                                          "round-robin"))
            .AddAttribute("PinThreads",
                          "Pin thread t to core t mod HostCpu::NCores (true), or let the task "
                          "scheduler place each thread at each wake-up (false).",
                          BooleanValue(true),
                          MakeBooleanAccessor(&KeyValueServer::m_pinThreads),
                          MakeBooleanChecker())
            .AddAttribute("GetCost",
                          "CPU time of the server's own work per GET (user time, >= 0).",
                          TimeValue(MicroSeconds(2)),
                          MakeTimeAccessor(&KeyValueServer::m_getCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("SetCost",
                          "CPU time of the server's own work per SET (user time, >= 0).",
                          TimeValue(MicroSeconds(3)),
                          MakeTimeAccessor(&KeyValueServer::m_setCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("SyscallCost",
                          "CPU time of one system call (>= 0): each epoll_wait that returns "
                          "events, each read of a ready connection and each write of its "
                          "responses.",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&KeyValueServer::m_syscallCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("EpollTimeout",
                          "Timeout of the threads' epoll_wait in milliseconds: -1 blocks until "
                          "an event, 0 is non-blocking (the thread spins calling epoll_wait), "
                          "> 0 waits at most that long.",
                          IntegerValue(-1),
                          MakeIntegerAccessor(&KeyValueServer::m_epollTimeoutMs),
                          MakeIntegerChecker<int32_t>(-1))
            .AddAttribute("Epoll",
                          "The epoll settings every thread's instance copies (BusyPollUsecs, "
                          "BusyPollBudget, PreferBusyPoll, MaxEvents).",
                          StringValue("ns3::EpollInstance"),
                          MakePointerAccessor(&KeyValueServer::m_epollPrototype),
                          MakePointerChecker<EpollInstance>())
            .AddTraceSource("Served",
                            "A response was sent: request id and the request's send time.",
                            MakeTraceSourceAccessor(&KeyValueServer::m_servedTrace),
                            "ns3::RequestResponseServer::ServedTracedCallback");
    return tid;
}

KeyValueServer::KeyValueServer()
    : SinkApplication(11211)
{
}

KeyValueServer::~KeyValueServer() = default;

int64_t
KeyValueServer::AssignStreams(int64_t /* stream */)
{
    return 0;
}

void
KeyValueServer::DoDispose()
{
    for (auto& c : m_connections)
    {
        c.socket->Close();
    }
    m_connections.clear();
    for (auto& t : m_threads)
    {
        t.epoll->Dispose();
        t.epoll = nullptr;
        t.returned = EpollInstance::ReturnCallback();
        t.serveNext = Callback<void>();
        t.connectionDone = Callback<void>();
        t.enterWait = Callback<void>();
    }
    m_threads.clear();
    m_listener = nullptr;
    m_epollPrototype = nullptr;
    m_cpu = nullptr;
    m_stack = nullptr;
    m_rfs = nullptr;
    SinkApplication::DoDispose();
}

void
KeyValueServer::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_epollPrototype, "KeyValueServer::Epoll must be an ns3::EpollInstance");
    m_cpu = HostCpu::GetOrCreate(GetNode());
    m_stack = HostNetStack::GetOrCreate(GetNode());
    m_rfs = GetNode()->GetObject<RfsFlowTable>();
    m_threads.resize(m_nThreads);
    for (uint32_t t = 0; t < m_nThreads; ++t)
    {
        Thread& th = m_threads[t];
        uint32_t core = m_pinThreads ? t % m_cpu->GetNCores() : HostCpu::ANY_CORE;
        th.task = m_cpu->CreateTask("memcached-" + std::to_string(t), false, core);
        th.epoll = CopyObject<EpollInstance>(m_epollPrototype);
        th.epoll->Setup(m_cpu, th.task, m_stack, 0);
        th.returned = MakeCallback(&KeyValueServer::Returned, this).Bind(t);
        th.serveNext = MakeCallback(&KeyValueServer::ServeNext, this).Bind(t);
        th.connectionDone = MakeCallback(&KeyValueServer::ConnectionDone, this).Bind(t);
        th.enterWait = MakeCallback(&KeyValueServer::EnterWait, this).Bind(t);
        // The thread starts in epoll_wait.
        m_cpu->SubmitTask(th.task, Time(0), th.enterWait);
    }
    m_listener = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    HostNetStack::ConfigureNodeSocket(GetNode(), m_listener);
    NS_ABORT_MSG_IF(m_listener->Bind(SinkBindAddress(m_local, m_port, "KeyValueServer")) == -1,
                    "KeyValueServer: cannot bind to Local/Port " << m_port);
    m_listener->Listen();
    m_listener->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                  MakeCallback(&KeyValueServer::Accepted, this));
}

void
KeyValueServer::StopApplication()
{
    NS_LOG_FUNCTION(this);
    if (m_listener)
    {
        m_listener->Close();
    }
}

uint32_t
KeyValueServer::PickThread()
{
    if (m_assignment == NAPI_ID)
    {
        // SO_INCOMING_NAPI_ID of the accepted socket: the context that delivered the
        // handshake's last segment.
        if (RxMode* context = m_stack->GetDeliveringContext())
        {
            return context->GetCore() % m_nThreads;
        }
    }
    // Round robin (also for a connection delivered outside any NAPI context).
    uint32_t t = m_nextThread;
    m_nextThread = (m_nextThread + 1) % m_nThreads;
    return t;
}

void
KeyValueServer::Accepted(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    uint32_t index = m_connections.size();
    uint32_t t = PickThread();
    Thread& th = m_threads[t];
    Connection c;
    c.thread = t;
    c.item = th.connections.size();
    c.rfs = m_rfs && RfsFlowTable::SocketFlowHash(socket, c.rfsHash);
    th.connections.push_back(index);
    th.epoll->SetItems(th.connections.size());
    c.socket =
        Create<MessageSocket>(socket,
                              true,
                              MakeCallback(&KeyValueServer::RequestReceived, this).Bind(index));
    m_connections.push_back(std::move(c));
    m_stats.connections++;
}

void
KeyValueServer::RequestReceived(uint32_t connection,
                                Ptr<MessageSocket> /* socket */,
                                const RequestResponseHeader& header,
                                const Address& /* from */)
{
    Connection& c = m_connections[connection];
    c.requests.push_back(header);
    if (RxMode* context = m_stack->GetDeliveringContext())
    {
        c.napiCore = context->GetCore();
    }
    m_threads[c.thread].epoll->NotifyReady(c.item);
}

void
KeyValueServer::EnterWait(uint32_t thread)
{
    Thread& th = m_threads[thread];
    th.epoll->Wait(m_epollTimeoutMs, th.returned);
}

void
KeyValueServer::Returned(uint32_t thread, const std::vector<uint32_t>& events)
{
    Thread& th = m_threads[thread];
    if (events.empty())
    {
        // Timed out or non-blocking: libevent's loop calls epoll_wait again.
        m_cpu->SubmitTask(th.task, m_syscallCost, th.enterWait);
        return;
    }
    th.batch.assign(events.begin(), events.end());
    th.next = 0;
    m_cpu->SubmitTask(th.task, m_syscallCost, th.serveNext); // the epoll_wait call
}

void
KeyValueServer::ServeNext(uint32_t thread)
{
    Thread& th = m_threads[thread];
    if (th.next >= th.batch.size())
    {
        EnterWait(thread);
        return;
    }
    uint32_t index = th.connections[th.batch[th.next++]];
    Connection& c = m_connections[index];
    th.serving = index;
    c.inService = c.requests.size();
    Time cost = m_syscallCost; // read
    Time user;
    for (uint32_t i = 0; i < c.inService; ++i)
    {
        user +=
            c.requests[i].GetResponseSize() == RequestResponseHeader::SIZE ? m_setCost : m_getCost;
    }
    if (c.inService > 0)
    {
        cost += user + m_syscallCost; // the requests' work and the write of the responses
    }
    th.user += user / m_cpu->GetSpeed();
    m_stats.user += user / m_cpu->GetSpeed();
    m_stats.reads++;
    if (c.rfs)
    {
        m_rfs->Record(c.rfsHash, m_cpu->GetTaskCore(th.task)); // sock_rps_record_flow
    }
    m_cpu->SubmitTask(th.task, cost, th.connectionDone);
}

void
KeyValueServer::ConnectionDone(uint32_t thread)
{
    Thread& th = m_threads[thread];
    Connection& c = m_connections[th.serving];
    if (c.socket->GetSocket() && c.inService > 0)
    {
        // sendmsg: what TCP transmits now is the thread's work.
        HostNetStack::ContextScope sendmsg(*m_stack,
                                           {HostNetStack::ExecContext::TASK, th.task},
                                           HostNetStack::ContextScope::SYSCALL);
        for (uint32_t i = 0; i < c.inService; ++i)
        {
            const RequestResponseHeader& request = c.requests.front();
            bool set = request.GetResponseSize() == RequestResponseHeader::SIZE;
            RequestResponseHeader response;
            response.SetId(request.GetId());
            response.SetSendTime(request.GetSendTime());
            response.SetMessageSize(
                std::max(request.GetResponseSize(), RequestResponseHeader::SIZE));
            response.SetResponseSize(0);
            c.socket->Send(response, Address());
            set ? m_stats.sets++ : m_stats.gets++;
            m_servedTrace(request.GetId(), request.GetSendTime());
            c.requests.pop_front();
        }
    }
    c.inService = 0;
    ServeNext(thread);
}

KeyValueServerStats
KeyValueServer::GetStats() const
{
    return m_stats;
}

void
KeyValueServer::ResetStats()
{
    uint64_t connections = m_stats.connections;
    m_stats = KeyValueServerStats();
    m_stats.connections = connections;
    for (auto& t : m_threads)
    {
        t.user = Time(0);
        t.epoll->ResetStats();
    }
}

uint32_t
KeyValueServer::GetNThreads() const
{
    return m_nThreads;
}

HostCpu::TaskId
KeyValueServer::GetThreadTask(uint32_t thread) const
{
    return m_threads.at(thread).task;
}

Ptr<EpollInstance>
KeyValueServer::GetEpoll(uint32_t thread) const
{
    return thread < m_threads.size() ? m_threads[thread].epoll : nullptr;
}

Time
KeyValueServer::GetThreadUserTime(uint32_t thread) const
{
    return m_threads.at(thread).user;
}

uint32_t
KeyValueServer::GetNConnections() const
{
    return m_connections.size();
}

uint32_t
KeyValueServer::GetConnectionThread(uint32_t connection) const
{
    return m_connections.at(connection).thread;
}

uint32_t
KeyValueServer::GetConnectionNapiCore(uint32_t connection) const
{
    return m_connections.at(connection).napiCore;
}

uint32_t
KeyValueServer::GetThreadConnections(uint32_t thread) const
{
    return m_threads.at(thread).connections.size();
}

} // namespace ns3
