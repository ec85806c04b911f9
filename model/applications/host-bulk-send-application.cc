/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-bulk-send-application.h"

#include "socket-binding.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/packet.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/tcp-push-marker.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostBulkSendApplication");

NS_OBJECT_ENSURE_REGISTERED(HostBulkSendApplication);

TypeId
HostBulkSendApplication::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostBulkSendApplication")
            .SetParent<SourceApplication>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostBulkSendApplication>()
            .AddAttribute("MaxBytes",
                          "Bytes to send; 0 = no limit.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostBulkSendApplication::m_maxBytes),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("WriteSize",
                          "Bytes per write; 0 = HostSocketCosts::WriteSize of the node (128 KB "
                          "unless a preset sets it).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostBulkSendApplication::m_writeSize),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("SyscallCost",
                          "CPU time of one write system call; 0 = HostSocketCosts::SyscallCost "
                          "of the node. Must be >= 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostBulkSendApplication::m_syscallCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("CopyRate",
                          "Rate of the copy from user space (a write of n bytes costs n / "
                          "rate); 0 = HostSocketCosts::SendCopyRate of the node.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&HostBulkSendApplication::m_copyRate),
                          MakeDataRateChecker())
            .AddAttribute("Core",
                          "Core of the node's HostCpu the task runs on (pinned). Must be < "
                          "HostCpu::NCores.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostBulkSendApplication::m_core),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("Rate",
                          "Application rate limit (a storage or replication client's "
                          "throttle): a write of n bytes may start n / Rate after the "
                          "previous one started; a write that had to wait for buffer space "
                          "earns no credit. 0 = as fast as the socket takes data.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&HostBulkSendApplication::m_rate),
                          MakeDataRateChecker());
    return tid;
}

HostBulkSendApplication::HostBulkSendApplication()
{
    NS_LOG_FUNCTION(this);
    m_writeDone = MakeCallback(&HostBulkSendApplication::WriteDone, this);
}

HostBulkSendApplication::~HostBulkSendApplication()
{
    NS_LOG_FUNCTION(this);
}

void
HostBulkSendApplication::DoDispose()
{
    m_nextWrite.Cancel();
    m_socket = nullptr;
    m_thread.Dispose();
    m_stack = nullptr;
    m_writeDone = Callback<void>();
    SourceApplication::DoDispose();
}

void
HostBulkSendApplication::StartApplication()
{
    NS_LOG_FUNCTION(this);
    m_thread.Create(GetNode(), "sender", m_core, false, "HostBulkSendApplication::Core");
    m_stack = HostNetStack::GetOrCreate(GetNode());
    m_effWriteSize = m_writeSize > 0 ? m_writeSize : m_stack->GetSocketCosts()->GetWriteSize();
    m_effSyscallCost = m_syscallCost.IsStrictlyPositive()
                           ? m_syscallCost
                           : m_stack->GetSocketCosts()->GetSyscallCost();
    m_effCopyRate =
        m_copyRate.GetBitRate() > 0 ? m_copyRate : m_stack->GetSocketCosts()->GetSendCopyRate();
    m_socket = Socket::CreateSocket(GetNode(), TcpSocketFactory::GetTypeId());
    HostNetStack::ConfigureNodeSocket(GetNode(), m_socket); // the node's Linux TCP timing
    NS_ABORT_MSG_IF(BindSourceSocket(m_socket, m_local, m_tos) == -1,
                    "HostBulkSendApplication: cannot bind to Local");
    m_socket->SetConnectCallback(MakeCallback(&HostBulkSendApplication::Connected, this),
                                 MakeCallback(&HostBulkSendApplication::ConnectionFailed, this));
    m_socket->SetSendCallback(MakeCallback(&HostBulkSendApplication::SpaceAvailable, this));
    NS_ABORT_MSG_IF(m_socket->Connect(m_peer) == -1,
                    "HostBulkSendApplication: cannot connect to Remote");
}

void
HostBulkSendApplication::StopApplication()
{
    NS_LOG_FUNCTION(this);
    m_connected = false;
    m_nextWrite.Cancel();
    if (m_socket)
    {
        m_socket->Close();
        m_socket->SetSendCallback(MakeNullCallback<void, Ptr<Socket>, uint32_t>());
        m_socket = nullptr;
    }
}

void
HostBulkSendApplication::Connected(Ptr<Socket> socket)
{
    m_connected = true;
    WriteNext();
}

void
HostBulkSendApplication::ConnectionFailed(Ptr<Socket> socket)
{
    NS_FATAL_ERROR("HostBulkSendApplication: the connection to Remote failed");
}

void
HostBulkSendApplication::SpaceAvailable(Ptr<Socket> socket, uint32_t available)
{
    if (!m_writing)
    {
        WriteNext(); // the task sleeping in sk_stream_wait_memory wakes up
    }
}

void
HostBulkSendApplication::WriteNext()
{
    if (m_writing || !m_connected || !m_socket)
    {
        return;
    }
    uint64_t left = m_maxBytes > 0 ? m_maxBytes - m_totalTx : m_effWriteSize;
    uint32_t room = m_socket->GetTxAvailable();
    if (left == 0 || room == 0 || m_nextWrite.IsPending())
    {
        return;
    }
    Time now = Simulator::Now();
    if (m_rate.GetBitRate() > 0 && m_writeAllowed > now)
    {
        m_nextWrite = Simulator::Schedule(m_writeAllowed - now, [this] { WriteNext(); });
        return;
    }
    // sendmsg copies what the send buffer takes and returns (a blocking write continues
    // after sk_stream_wait_memory: as another write here).
    m_pendingBytes = static_cast<uint32_t>(std::min<uint64_t>({left, m_effWriteSize, room}));
    m_writing = true;
    if (m_rate.GetBitRate() > 0)
    {
        m_writeAllowed = now + m_rate.CalculateBytesTxTime(m_pendingBytes);
    }
    Time cost = m_effSyscallCost;
    if (m_effCopyRate.GetBitRate() > 0)
    {
        Time copy = m_effCopyRate.CalculateBytesTxTime(m_pendingBytes);
        m_copyTime += copy;
        cost += copy;
    }
    m_thread.Submit(cost, m_writeDone);
}

void
HostBulkSendApplication::WriteDone()
{
    m_writing = false;
    if (!m_socket)
    {
        return;
    }
    // tcp_push at the end of sendmsg transmits in the task: its Tx cost is the task's.
    int sent = 0;
    {
        HostNetStack::ContextScope sendmsg(*m_stack,
                                           {HostNetStack::ExecContext::TASK, m_thread.GetTask()},
                                           HostNetStack::ContextScope::SYSCALL);
        sent = m_socket->Send(Create<Packet>(m_pendingBytes));
    }
    if (sent > 0)
    {
        TcpPushMarker::SendCallEnded(m_socket);
        m_totalTx += sent;
        m_writes++;
    }
    WriteNext();
}

uint64_t
HostBulkSendApplication::GetTotalTx() const
{
    return m_totalTx;
}

uint64_t
HostBulkSendApplication::GetWrites() const
{
    return m_writes;
}

Time
HostBulkSendApplication::GetCpuTime() const
{
    return m_thread.GetCpuTime();
}

Time
HostBulkSendApplication::GetCopyTime() const
{
    return m_copyTime;
}

void
HostBulkSendApplication::ResetStats()
{
    m_copyTime = Time(0);
}

HostCpu::TaskId
HostBulkSendApplication::GetTask() const
{
    return m_thread.GetTask();
}

} // namespace ns3
