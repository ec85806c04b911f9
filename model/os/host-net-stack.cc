/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-stack.h"

#include "rps-backlog.h"
#include "softnet-data.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object-vector.h"
#include "ns3/simulator.h"
#include "ns3/socket.h"
#include "ns3/string.h"
#include "ns3/tcp-l4-protocol.h"
#include "ns3/uinteger.h"

#include <cstdio>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetStack");

NS_OBJECT_ENSURE_REGISTERED(HostNetStack);

namespace
{
/// What KernelVersion accepts, for messages.
constexpr const char* KERNEL_VERSION_FORMAT =
    "a Linux version from 2.6 on, such as 2.6.20, 3.2, 4.19 or 6.6";

/// A string checker that accepts Linux versions only (so SetAttributeFailSafe and the
/// command line refuse "6.x" with the expected form).
class KernelVersionChecker : public AttributeChecker
{
  public:
    bool Check(const AttributeValue& value) const override
    {
        auto text = dynamic_cast<const StringValue*>(&value);
        SoftirqRules rules;
        return text && HostNetStack::ParseKernelVersion(text->Get(), &rules);
    }

    std::string GetValueTypeName() const override
    {
        return "ns3::StringValue";
    }

    bool HasUnderlyingTypeInformation() const override
    {
        return true;
    }

    std::string GetUnderlyingTypeInformation() const override
    {
        return KERNEL_VERSION_FORMAT;
    }

    Ptr<AttributeValue> Create() const override
    {
        return ns3::Create<StringValue>();
    }

    bool Copy(const AttributeValue& source, AttributeValue& destination) const override
    {
        auto src = dynamic_cast<const StringValue*>(&source);
        auto dst = dynamic_cast<StringValue*>(&destination);
        if (!src || !dst)
        {
            return false;
        }
        *dst = *src;
        return true;
    }
};
} // namespace

TypeId
HostNetStack::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostNetStack")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostNetStack>()
            .AddAttribute(
                "TcpDelAckTimeout",
                "Delayed-ACK timeout given to the node's TCP sockets (TcpSocket::DelAckTimeout) "
                "by hostnet's applications and ConfigureTcpSockets. Linux delays an ACK by "
                "TCP_DELACK_MIN = HZ/25 = 40 ms at least (tcp_send_delayed_ack; the modern "
                "presets set 40 ms); ns-3's own default is 200 ms. 0 (default) leaves the "
                "socket's value. Must be >= 0.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&HostNetStack::m_tcpDelAckTimeout),
                MakeTimeChecker(Time(0)))
            .AddAttribute(
                "TcpMinRto",
                "Minimum retransmission timeout given to the node's TCP sockets "
                "(TcpSocketBase::MinRto) with TcpDelAckTimeout. Linux: TCP_RTO_MIN = HZ/5 = "
                "200 ms (the modern presets); ns-3's own default is 1 s. 0 (default) leaves "
                "the socket's value. Must be >= 0.",
                TimeValue(Time(0)),
                MakeTimeAccessor(&HostNetStack::m_tcpMinRto),
                MakeTimeChecker(Time(0)))
            .AddAttribute("NetdevBudget",
                          "Frames per NET_RX softirq round, shared by all NAPI contexts of a "
                          "core (net.core.netdev_budget, default 300). Must be >= 1.",
                          UintegerValue(300),
                          MakeUintegerAccessor(&HostNetStack::m_netdevBudget),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("NetdevBudgetUsecs",
                          "Time per NET_RX softirq round, shared by all NAPI contexts of a "
                          "core (net.core.netdev_budget_usecs, default 2000 us). Must be > 0.",
                          TimeValue(MicroSeconds(2000)),
                          MakeTimeAccessor(&HostNetStack::m_netdevBudgetTime),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("MaxSoftirqRestarts",
                          "NET_RX restarts in a row before the work moves to the core's "
                          "ksoftirqd (__do_softirq's MAX_SOFTIRQ_RESTART = 10). Must be >= 1.",
                          UintegerValue(10),
                          MakeUintegerAccessor(&HostNetStack::m_maxSoftirqRestarts),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("MaxSoftirqTime",
                          "Softirq time in a row before the work moves to ksoftirqd "
                          "(MAX_SOFTIRQ_TIME = 2 ms). Must be > 0.",
                          TimeValue(MilliSeconds(2)),
                          MakeTimeAccessor(&HostNetStack::m_maxSoftirqTime),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute(
                "KernelVersion",
                "The Linux version (e.g. 2.6.20, 3.2, 4.19, 6.6) whose softirq hand-off rules "
                "(kernel/softirq.c) the host follows: before 3.9 __do_softirq restarts "
                "MaxSoftirqRestarts times with no time limit and no need_resched check; from "
                "3.9 restarts also end on MaxSoftirqTime or need_resched; in 4.9-6.4 new raises "
                "wait while ksoftirqd has the work (reverted in 6.5 by commit d15121be7485).",
                StringValue("6.6"),
                MakeStringAccessor(&HostNetStack::SetKernelVersion,
                                   &HostNetStack::GetKernelVersion),
                Ptr<const AttributeChecker>(new KernelVersionChecker(), false))
            .AddAttribute("NetdevMaxBacklog",
                          "Packets a core's RPS backlog holds before it drops "
                          "(net.core.netdev_max_backlog, default 1000). Must be >= 1.",
                          UintegerValue(1000),
                          MakeUintegerAccessor(&HostNetStack::m_netdevMaxBacklog),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("DevWeight",
                          "Packets per poll call of a core's RPS backlog (net.core.dev_weight, "
                          "default 64). Must be >= 1.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&HostNetStack::m_devWeight),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("IpiCost",
                          "CPU time (HARDIRQ) of the inter-processor interrupt that wakes a "
                          "core's NET_RX softirq for its RPS backlog (an assumption of about "
                          "1 us; see doc/hostnet.rst). Must be >= 0.",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&HostNetStack::m_ipiCost),
                          MakeTimeChecker(Time(0)))
            // Socket costs of the node's applications (HostSinkApplication,
            // HostBulkSendApplication: used where their own attribute is 0).
            .AddAttribute("SyscallCost",
                          "CPU time of one read or write system call (recvmsg/sendmsg entry, "
                          "socket lock, wake-ups) of an application whose own SyscallCost is "
                          "0. Must be >= 0; 0 = none.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostNetStack::m_syscallCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("RecvCopyRate",
                          "Rate of the copy from kernel to user space in recvmsg (charged to "
                          "the reading task: n bytes cost n / rate) for a reader whose own "
                          "CopyRate is 0. 0 = no copy cost (the paper presets).",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&HostNetStack::m_recvCopyRate),
                          MakeDataRateChecker())
            .AddAttribute("SendCopyRate",
                          "Rate of the copy from user to kernel space in sendmsg (charged to "
                          "the writing task) for a writer whose own CopyRate is 0. 0 = none.",
                          DataRateValue(DataRate(0)),
                          MakeDataRateAccessor(&HostNetStack::m_sendCopyRate),
                          MakeDataRateChecker())
            .AddAttribute("ReadSize",
                          "Bytes per read of a TCP reader whose own ReadSize is 0 (default "
                          "one 1448-byte segment; iperf reads 128 KB). Must be >= 1.",
                          UintegerValue(1448),
                          MakeUintegerAccessor(&HostNetStack::m_readSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("WriteSize",
                          "Bytes per write of a TCP writer whose own WriteSize is 0 (default "
                          "128 KB, iperf's). Must be >= 1.",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&HostNetStack::m_writeSize),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SkbFreeCost",
                          "CPU time, in the reading task, of freeing one received packet (skb "
                          "and pages: __kfree_skb in tcp_recvmsg) and the ACK bookkeeping of "
                          "tcp_cleanup_rbuf. Must be >= 0; 0 = none.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostNetStack::m_skbFreeCost),
                          MakeTimeChecker(Time(0)))
            // Locality: where work runs changes what it costs.
            .AddAttribute("NumaNodes",
                          "NUMA nodes of the host; core c is on node c mod NumaNodes (the "
                          "interleaved numbering of multi-socket Intel hosts). Must be >= 1.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&HostNetStack::m_numaNodes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("NicNumaNode",
                          "NUMA node the NICs are attached to (their DMA and DDIO go to its "
                          "memory and L3). Must be < NumaNodes.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&HostNetStack::m_nicNumaNode),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RemoteNumaFactor",
                          "Slow-down of network work on a core of another NUMA node than the "
                          "NIC's: receive softirq costs (ISR, GRO, protocol, Tx) and the "
                          "reader's copy are multiplied by it (remote memory and L3). Must be "
                          ">= 1; 1 = no penalty.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&HostNetStack::m_remoteNumaFactor),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("CrossCoreCopyFactor",
                          "Slow-down of the reader's copy when its data were processed by "
                          "the softirq of another core (the headers and socket state were "
                          "pulled into that core's caches: the cache misses that aRFS/RFS "
                          "avoid). Must be >= 1; 1 = no penalty.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&HostNetStack::m_crossCoreCopyFactor),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("SocketLockCost",
                          "CPU time, in the reading task, per packet that the softirq of "
                          "another core delivered to its socket (socket lock and socket cache "
                          "lines bouncing between the cores; the backlog that release_sock "
                          "processes). Must be >= 0; 0 = none.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostNetStack::m_socketLockCost),
                          MakeTimeChecker(Time(0)));
    return tid;
}

HostNetStack::HostNetStack()
{
    NS_LOG_FUNCTION(this);
}

HostNetStack::~HostNetStack()
{
    NS_LOG_FUNCTION(this);
}

Ptr<HostNetStack>
HostNetStack::GetOrCreate(Ptr<Node> node)
{
    NS_ABORT_MSG_IF(!node, "HostNetStack::GetOrCreate: null node");
    Ptr<HostNetStack> stack = node->GetObject<HostNetStack>();
    if (!stack)
    {
        stack = CreateObject<HostNetStack>();
        node->AggregateObject(stack);
    }
    if (!stack->m_cpu)
    {
        stack->m_cpu = HostCpu::GetOrCreate(node);
    }
    stack->m_node = node;
    return stack;
}

void
HostNetStack::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (auto& softnet : m_softnet)
    {
        if (softnet)
        {
            softnet->Dispose();
        }
    }
    m_softnet.clear();
    for (auto& backlog : m_backlog)
    {
        if (backlog)
        {
            backlog->Dispose();
        }
    }
    m_backlog.clear();
    m_cpu = nullptr;
    // The node aggregates this stack: a Ptr to it kept past Dispose is a cycle that keeps
    // the node, its HostCpu and this stack alive after Simulator::Destroy.
    m_node = nullptr;
    Object::DoDispose();
}

bool
HostNetStack::ParseKernelVersion(const std::string& version, SoftirqRules* rules)
{
    // "major.minor" or "major.minor.patch", decimal numbers only, 2.6 or later.
    unsigned major = 0;
    unsigned minor = 0;
    unsigned patch = 0;
    char end = 0;
    int fields = std::sscanf(version.c_str(), "%3u.%3u.%3u%c", &major, &minor, &patch, &end);
    bool digitsOnly =
        !version.empty() && version.find_first_not_of("0123456789.") == std::string::npos &&
        version.front() != '.' && version.back() != '.' && version.find("..") == std::string::npos;
    if (!digitsOnly || fields < 2 || fields > 3 || major < 2 || (major == 2 && minor < 6))
    {
        return false;
    }
    auto atLeast = [major, minor](unsigned ma, unsigned mi) {
        return major > ma || (major == ma && minor >= mi);
    };
    if (!atLeast(3, 9))
    {
        *rules = SoftirqRules::LINUX_2_6;
    }
    else if (atLeast(4, 9) && !atLeast(6, 5))
    {
        *rules = SoftirqRules::LINUX_4_9;
    }
    else
    {
        *rules = SoftirqRules::LINUX_6_5; // 3.9-4.8 had the same rules
    }
    return true;
}

void
HostNetStack::SetKernelVersion(std::string version)
{
    NS_ABORT_MSG_IF(!ParseKernelVersion(version, &m_softirqRules),
                    "HostNetStack::KernelVersion '" << version << "': expected "
                                                    << KERNEL_VERSION_FORMAT);
    m_kernelVersion = version;
}

std::string
HostNetStack::GetKernelVersion() const
{
    return m_kernelVersion;
}

SoftirqRules
HostNetStack::GetSoftirqRules() const
{
    return m_softirqRules;
}

Ptr<SoftnetData>
HostNetStack::GetSoftnet(uint32_t core)
{
    uint32_t nCores = m_cpu->GetNCores();
    NS_ABORT_MSG_IF(core >= nCores,
                    "HostNetStack::GetSoftnet: no core " << core << " (HostCpu::NCores = " << nCores
                                                         << ")");
    m_softnet.resize(nCores);
    if (!m_softnet[core])
    {
        m_softnet[core] = CreateObject<SoftnetData>();
        m_softnet[core]->Setup(m_cpu,
                               core,
                               m_netdevBudget,
                               m_netdevBudgetTime,
                               m_maxSoftirqRestarts,
                               m_maxSoftirqTime,
                               m_softirqRules);
    }
    return m_softnet[core];
}

Ptr<RpsBacklog>
HostNetStack::GetBacklog(uint32_t core)
{
    uint32_t nCores = m_cpu->GetNCores();
    NS_ABORT_MSG_IF(core >= nCores,
                    "HostNetStack::GetBacklog: no core " << core << " (HostCpu::NCores = " << nCores
                                                         << ")");
    m_backlog.resize(nCores);
    if (!m_backlog[core])
    {
        m_backlog[core] = CreateObject<RpsBacklog>();
        m_backlog[core]
            ->Setup(m_cpu, GetSoftnet(core), core, m_netdevMaxBacklog, m_devWeight, m_ipiCost);
    }
    return m_backlog[core];
}

HostNetStack::ExecContext
HostNetStack::SetExecContext(ExecContext context)
{
    ExecContext previous = m_context;
    m_context = context;
    return previous;
}

HostNetStack::ExecContext
HostNetStack::SetSyscallContext(ExecContext context)
{
    m_deferred = context;
    m_deferredUntil = Simulator::Now() + TimeStep(1);
    return SetExecContext(context);
}

HostNetStack::ExecContext
HostNetStack::GetExecContext() const
{
    if (m_context.kind == ExecContext::NONE && Simulator::Now() <= m_deferredUntil)
    {
        return m_deferred;
    }
    return m_context;
}

uint32_t
HostNetStack::GetNumaNode(uint32_t core) const
{
    return core % m_numaNodes;
}

bool
HostNetStack::IsNicLocal(uint32_t core) const
{
    NS_ABORT_MSG_IF(m_nicNumaNode >= m_numaNodes,
                    "ns3::HostNetStack::NicNumaNode (" << m_nicNumaNode << ") must be < NumaNodes ("
                                                       << m_numaNodes << ")");
    return GetNumaNode(core) == m_nicNumaNode;
}

double
HostNetStack::GetCoreCostFactor(uint32_t core) const
{
    return IsNicLocal(core) ? 1.0 : m_remoteNumaFactor;
}

Time
HostNetStack::GetSyscallCost() const
{
    return m_syscallCost;
}

DataRate
HostNetStack::GetRecvCopyRate() const
{
    return m_recvCopyRate;
}

DataRate
HostNetStack::GetSendCopyRate() const
{
    return m_sendCopyRate;
}

uint32_t
HostNetStack::GetReadSize() const
{
    return m_readSize;
}

uint32_t
HostNetStack::GetWriteSize() const
{
    return m_writeSize;
}

Time
HostNetStack::GetSkbFreeCost() const
{
    return m_skbFreeCost;
}

double
HostNetStack::GetCrossCoreCopyFactor() const
{
    return m_crossCoreCopyFactor;
}

Time
HostNetStack::GetSocketLockCost() const
{
    return m_socketLockCost;
}

RxMode*
HostNetStack::SetDeliveringContext(RxMode* mode)
{
    RxMode* previous = m_delivering;
    m_delivering = mode;
    return previous;
}

RxMode*
HostNetStack::GetDeliveringContext() const
{
    return m_delivering;
}

void
HostNetStack::ConfigureSocket(Ptr<Socket> socket) const
{
    // SetAttributeFailSafe: sockets without these attributes (UDP) are left alone.
    if (socket && m_tcpDelAckTimeout.IsStrictlyPositive())
    {
        socket->SetAttributeFailSafe("DelAckTimeout", TimeValue(m_tcpDelAckTimeout));
    }
    if (socket && m_tcpMinRto.IsStrictlyPositive())
    {
        socket->SetAttributeFailSafe("MinRto", TimeValue(m_tcpMinRto));
    }
}

uint32_t
HostNetStack::ConfigureTcpSockets() const
{
    Ptr<TcpL4Protocol> tcp = m_node ? m_node->GetObject<TcpL4Protocol>() : nullptr;
    if (!tcp)
    {
        return 0;
    }
    ObjectVectorValue sockets;
    tcp->GetAttribute("SocketList", sockets);
    for (auto it = sockets.Begin(); it != sockets.End(); ++it)
    {
        ConfigureSocket(DynamicCast<Socket>(it->second));
    }
    return sockets.GetN();
}

void
HostNetStack::ConfigureNodeSocket(Ptr<Node> node, Ptr<Socket> socket)
{
    Ptr<HostNetStack> stack = node ? node->GetObject<HostNetStack>() : nullptr;
    if (stack)
    {
        stack->ConfigureSocket(socket);
    }
}

} // namespace ns3
