/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-sink-application.h"

#include "send-time-tag.h"
#include "socket-binding.h"

#include "ns3/abort.h"
#include "ns3/address-utils.h"
#include "ns3/busy-poller.h"
#include "ns3/data-rate.h"
#include "ns3/host-net-stack.h"
#include "ns3/inet-socket-address.h"
#include "ns3/inet6-socket-address.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/packet.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/socket-factory.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/udp-socket-factory.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostSinkApplication");

NS_OBJECT_ENSURE_REGISTERED(HostSinkApplication);

TypeId
HostSinkApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostSinkApplication")
            .SetParent<SinkApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostSinkApplication>()
            .AddAttribute("Protocol",
                          "The socket factory: ns3::UdpSocketFactory or ns3::TcpSocketFactory.",
                          TypeIdValue(UdpSocketFactory::GetTypeId()),
                          MakeTypeIdAccessor(&HostSinkApplication::m_protocol),
                          MakeTypeIdChecker())
            .AddAttribute("ReadSize",
                          "Bytes per read on a TCP socket; 0 = HostSocketCosts::ReadSize of the "
                          "node (one 1448-byte segment unless a preset sets it, so UserCost "
                          "is per packet for TCP too).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostSinkApplication::m_readSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("UserCost",
                          "CPU time the application spends per read (system call, copy and "
                          "its own work), at TASK level.",
                          StringValue("ns3::ConstantRandomVariable[Constant=1e-6]"),
                          MakePointerAccessor(&HostSinkApplication::m_userCost),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("Core",
                          "Core of the node's HostCpu the application's task runs on (pinned). "
                          "Must be < HostCpu::NCores. On the interrupt core (the device's "
                          "IrqCore) hard IRQ and softirq work preempt the reads.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostSinkApplication::m_core),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SyscallCost",
                          "CPU time of the read system call, added to UserCost per read "
                          "(>= 0; 0 = HostSocketCosts::SyscallCost of the node, itself 0 = "
                          "counted in UserCost unless a preset sets it).",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostSinkApplication::m_syscallCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("CopyRate",
                          "Per-byte cost of copying the data to user space, as a rate: a read "
                          "of n bytes adds n / rate (slowed by the node's locality factors, "
                          "CpuLocality::CrossCoreCopyFactor and RemoteNumaFactor). 0 = "
                          "HostSocketCosts::RecvCopyRate of the node (itself 0 = no per-byte "
                          "cost unless a preset sets it).",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&HostSinkApplication::m_copyRate),
                          MakeDataRateChecker())
            .AddAttribute("BusyPoll",
                          "SO_BUSY_POLL (net.core.busy_read): time a read that finds no data "
                          "spins polling the node's NAPI device in the application's task "
                          "before sleeping; 0 = off (Linux suggests 50 us). Needs a "
                          "NapiRxMode device on the node. Must be >= 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostSinkApplication::m_busyPollTime),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("BusyPollBudget",
                          "Frames per busy poll call (BUSY_POLL_BUDGET = 8). Must be >= 1.",
                          UintegerValue(8),
                          MakeUintegerAccessor(&HostSinkApplication::m_busyPollBudget),
                          MakeUintegerChecker<uint32_t>(1))
            .AddTraceSource("Rx",
                            "The application finished a read (data, sender).",
                            MakeTraceSourceAccessor(&HostSinkApplication::m_rxTrace),
                            "ns3::Packet::AddressTracedCallback")
            .AddTraceSource("Latency",
                            "A read finished: time since its oldest byte was sent "
                            "(SendTimeTag), i.e. application-to-application latency.",
                            MakeTraceSourceAccessor(&HostSinkApplication::m_latencyTrace),
                            "ns3::Time::TracedCallback");
    return tid;
}

HostSinkApplication::HostSinkApplication()
{
    NS_LOG_FUNCTION(this);
    m_readDone = MakeCallback(&HostSinkApplication::ReadDone, this);
}

HostSinkApplication::~HostSinkApplication()
{
    NS_LOG_FUNCTION(this);
}

void
HostSinkApplication::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_socket = nullptr;
    m_accepted.clear();
    m_connectionPackets.clear();
    m_thread.Dispose();
    m_stack = nullptr;
    m_locality = nullptr;
    m_rfs = nullptr;
    m_pending = nullptr;
    m_userCost = nullptr;
    m_readDone = Callback<void>();
    SinkApplication::DoDispose();
}

int64_t
HostSinkApplication::AssignStreams(int64_t stream)
{
    m_userCost->SetStream(stream);
    return 1;
}

void
HostSinkApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_userCost, "HostSinkApplication::UserCost must be a RandomVariableStream");
    NS_ABORT_MSG_IF(m_protocol != UdpSocketFactory::GetTypeId() &&
                        m_protocol != TcpSocketFactory::GetTypeId(),
                    "HostSinkApplication::Protocol must be ns3::UdpSocketFactory or "
                    "ns3::TcpSocketFactory, not "
                        << m_protocol.GetName());
    m_windowStart = Simulator::Now();
    m_thread.Create(GetNode(), "app", m_core, false, "HostSinkApplication::Core");
    m_rfs = GetNode()->GetObject<RfsFlowTable>();
    m_stack = HostNetStack::GetOrCreate(GetNode());
    m_locality = HostCpu::GetOrCreate(GetNode())->GetLocality();
    Ptr<HostSocketCosts> socketCosts = m_stack->GetSocketCosts();
    m_effReadSize = m_readSize > 0 ? m_readSize : socketCosts->GetReadSize();
    m_effSyscallCost =
        m_syscallCost.IsStrictlyPositive() ? m_syscallCost : socketCosts->GetSyscallCost();
    m_effCopyRate = m_copyRate.GetBitRate() > 0 ? m_copyRate : socketCosts->GetRecvCopyRate();
    // Chang et al. 2008's adaptive moderation needs the socket buffer utilisation: provide it.
    m_feedsProbe = m_stack->OfferUtilizationProbe(
        MakeCallback(&HostSinkApplication::TakePeakUtilization, this));
    m_thread.InstallBusyPoll(GetNode(),
                             m_busyPollTime,
                             m_busyPollBudget,
                             MakeCallback(&HostSinkApplication::HasData, this),
                             MakeCallback(&HostSinkApplication::ReadNext, this),
                             "HostSinkApplication::BusyPoll");
    m_socket = Socket::CreateSocket(GetNode(), m_protocol);
    HostNetStack::ConfigureNodeSocket(GetNode(), m_socket);
    NS_ABORT_MSG_IF(m_socket->Bind(SinkBindAddress(m_local, m_port, "HostSinkApplication")) == -1,
                    "HostSinkApplication: cannot bind to Local");
    m_socket->SetRecvCallback(MakeCallback(&HostSinkApplication::DataReady, this));
    UintegerValue rcvBuf;
    m_socketRcvBuf = m_socket->GetAttributeFailSafe("RcvBufSize", rcvBuf) ? rcvBuf.Get() : 0;
    if (m_protocol == TcpSocketFactory::GetTypeId())
    {
        m_socket->Listen();
        m_socket->SetAcceptCallback(MakeNullCallback<bool, Ptr<Socket>, const Address&>(),
                                    MakeCallback(&HostSinkApplication::Accepted, this));
    }
    else
    {
        m_socket->TraceConnectWithoutContext("Drop",
                                             MakeCallback(&HostSinkApplication::SocketDrop, this));
    }
}

void
HostSinkApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    for (auto& c : m_accepted)
    {
        c.socket->Close();
        c.socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
    }
    m_accepted.clear();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetRecvCallback(MakeNullCallback<void, Ptr<Socket>>());
        m_socket = nullptr;
    }
}

void
HostSinkApplication::Accepted(Ptr<Socket> socket, const Address& from)
{
    NS_LOG_FUNCTION(this << socket << from);
    socket->SetRecvCallback(MakeCallback(&HostSinkApplication::DataReady, this));
    UintegerValue rcvBuf;
    socket->GetAttribute("RcvBufSize", rcvBuf);
    auto size = static_cast<uint32_t>(rcvBuf.Get());
    uint32_t hash = 0;
    bool rfs = m_rfs && RfsFlowTable::SocketFlowHash(socket, hash);
    m_accepted.push_back(Connection{socket, size, size, hash, rfs});
    m_connectionPackets.emplace_back();
}

void
HostSinkApplication::SocketDrop(Ptr<const Packet> packet)
{
    m_socketDrops++;
}

void
HostSinkApplication::DataReady(Ptr<Socket> socket)
{
    uint32_t rcvBuf = socket == m_socket ? m_socketRcvBuf : 0;
    // Which core's softirq delivered it: the read that consumes it pays for where it was
    // processed (the packet's skb to free, the copy's cache misses, the socket lock).
    const HostNetStack::ExecContext& where = m_stack->GetExecContext();
    bool crossCore = where.kind == HostNetStack::ExecContext::SOFTIRQ && where.id != m_core;
    DeliveredPackets* packets = &m_socketPackets;
    for (std::size_t i = 0; i < m_accepted.size(); ++i)
    {
        if (m_accepted[i].socket == socket)
        {
            packets = &m_connectionPackets[i];
        }
    }
    packets->total++;
    packets->crossCore += crossCore ? 1 : 0;
    packets->lastCrossCore = crossCore;
    for (auto& c : m_accepted)
    {
        if (c.socket == socket)
        {
            // The ACK of the arriving data advertises the space left now.
            uint32_t used = std::min(socket->GetRxAvailable(), c.rcvBuf);
            c.advertised = c.rcvBuf - used;
            rcvBuf = c.rcvBuf;
        }
    }
    if (m_feedsProbe && rcvBuf > 0)
    {
        m_peakUtilization = std::max(m_peakUtilization, double(socket->GetRxAvailable()) / rcvBuf);
    }
    if (BusyPoller* poller = m_thread.PeekBusyPoller())
    {
        poller->NoteDelivery(*m_stack);
    }
    if (m_busy)
    {
        return;
    }
    if (BusyPoller* poller = m_thread.PeekBusyPoller(); poller && poller->IsActive())
    {
        poller->Wake(); // the loop sees the data and resumes the reads
        return;
    }
    ReadNext();
}

bool
HostSinkApplication::HasData() const
{
    if (m_socket && m_socket->GetRxAvailable() > 0)
    {
        return true;
    }
    for (const auto& c : m_accepted)
    {
        if (c.socket->GetRxAvailable() > 0)
        {
            return true;
        }
    }
    return false;
}

Ptr<BusyPoller>
HostSinkApplication::GetBusyPoller() const
{
    return m_thread.GetBusyPoller();
}

void
HostSinkApplication::ReadNext()
{
    // Reads happen one at a time: the next one is taken when the previous one was paid.
    if (TryRead(m_socket, nullptr))
    {
        return;
    }
    for (auto& c : m_accepted)
    {
        if (TryRead(c.socket, &c))
        {
            return;
        }
    }
    m_busy = false;
    if (BusyPoller* poller = m_thread.PeekBusyPoller())
    {
        poller->Start(); // SO_BUSY_POLL: spin on the device before sleeping
    }
}

bool
HostSinkApplication::TryRead(Ptr<Socket> socket, Connection* connection)
{
    if (!socket)
    {
        return false;
    }
    uint32_t available = socket->GetRxAvailable();
    if (available == 0)
    {
        return false;
    }
    uint32_t maxSize = connection ? m_effReadSize : available;
    {
        // recvmsg runs in the task: what it sends (window updates) is charged there.
        HostNetStack::ContextScope recvmsg(*m_stack,
                                           {HostNetStack::ExecContext::TASK, m_thread.GetTask()});
        m_pending = socket->RecvFrom(maxSize, 0, m_pendingFrom);
        if (!m_pending)
        {
            return false;
        }
        if (connection && connection->rcvBuf > available)
        {
            // Linux tcp_cleanup_rbuf: advertise at once if the window this read opens is at
            // least twice the one last advertised, which had fallen to half the buffer.
            uint32_t windowNow = connection->rcvBuf - (available - m_pending->GetSize());
            uint32_t last = connection->advertised;
            if (2 * last <= connection->rcvBuf && windowNow >= 2 * last &&
                windowNow >= m_effReadSize)
            {
                SendWindowUpdate(*connection);
            }
        }
    }
    if (connection && connection->rfs)
    {
        m_rfs->Record(connection->rfsHash, m_core); // sock_rps_record_flow in recvmsg
    }
    m_busy = true;
    Time cost = Max(Seconds(m_userCost->GetValue()), Time(0)) + m_effSyscallCost;
    DeliveredPackets& packets =
        connection ? m_connectionPackets[connection - m_accepted.data()] : m_socketPackets;
    if (m_effCopyRate.GetBitRate() > 0)
    {
        // The copy (skb_copy_datagram_iter) finds the data in this core's caches only if
        // this core's softirq processed them; DDIO put them in the NIC's node's L3.
        double factor = m_locality->GetCoreCostFactor(m_core);
        if (packets.lastCrossCore)
        {
            factor *= m_locality->GetCrossCoreCopyFactor();
        }
        Time copy = m_effCopyRate.CalculateBytesTxTime(m_pending->GetSize());
        copy = factor == 1.0 ? copy : Seconds(copy.GetSeconds() * factor);
        m_copyTime += copy;
        cost += copy;
    }
    // The packets delivered since the last read are consumed by this one: free their skbs
    // (and pay the socket lock for those another core delivered).
    cost +=
        m_stack->GetSocketCosts()->GetSkbFreeCost() * static_cast<int64_t>(packets.total) +
        m_stack->GetSocketCosts()->GetSocketLockCost() * static_cast<int64_t>(packets.crossCore);
    packets.total = 0;
    packets.crossCore = 0;
    m_thread.Submit(cost, m_readDone);
    return true;
}

void
HostSinkApplication::SendWindowUpdate(Connection& connection)
{
    // TcpSocketBase::SetRcvBufSize sends an ACK when the buffer grows: shrink by one byte
    // and restore, which leaves the buffer as it was and advertises the current window.
    connection.socket->SetAttribute("RcvBufSize", UintegerValue(connection.rcvBuf - 1));
    connection.socket->SetAttribute("RcvBufSize", UintegerValue(connection.rcvBuf));
    uint32_t used = std::min(connection.socket->GetRxAvailable(), connection.rcvBuf);
    connection.advertised = connection.rcvBuf - used;
}

void
HostSinkApplication::ReadDone()
{
    m_totalRx += m_pending->GetSize();
    m_windowBytes += m_pending->GetSize();
    m_reads++;
    Time sent;
    if (SendTimeTag::FindEarliest(m_pending, sent))
    {
        Time latency = Simulator::Now() - sent;
        m_latency.Add(latency);
        m_latencyTrace(latency);
    }
    m_rxTrace(m_pending, m_pendingFrom);
    m_pending = nullptr;
    ReadNext();
}

Time
HostSinkApplication::Chang2008UserCost()
{
    // Chang et al. 2008's receiver does 200 floating-point multiplications per packet on a 2.8 GHz
    // Pentium D 820. As a dependent chain at NetBurst's 7-cycle x87 FMUL latency (Intel
    // optimization reference manual): 200 x 7 / 2.8 GHz = 0.5 us.
    return NanoSeconds(500);
}

void
HostSinkApplication::ResetStats()
{
    m_windowBytes = 0;
    m_windowStart = Simulator::Now();
    m_latency.Reset();
    m_copyTime = Time(0);
}

double
HostSinkApplication::GetGoodput() const
{
    Time window = Simulator::Now() - m_windowStart;
    return window.IsStrictlyPositive() ? m_windowBytes * 8.0 / window.GetSeconds() : 0;
}

const LatencyHistogram&
HostSinkApplication::GetLatency() const
{
    return m_latency;
}

uint64_t
HostSinkApplication::GetTotalRx() const
{
    return m_totalRx;
}

uint64_t
HostSinkApplication::GetPacketsRead() const
{
    return m_reads;
}

uint64_t
HostSinkApplication::GetSocketDrops() const
{
    return m_socketDrops;
}

double
HostSinkApplication::TakePeakUtilization()
{
    double peak = std::min(m_peakUtilization, 1.0);
    m_peakUtilization = 0;
    return peak;
}

Time
HostSinkApplication::GetCopyTime() const
{
    return m_copyTime;
}

Time
HostSinkApplication::GetCpuTime() const
{
    return m_thread.GetCpuTime();
}

} // namespace ns3
