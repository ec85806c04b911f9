/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-net-stack.h"

#include "rps-backlog.h"
#include "rx-mode.h"
#include "softnet-data.h"

#include "ns3/abort.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object-vector.h"
#include "ns3/pointer.h"
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
                          "1 us; see doc/model.rst). Must be >= 0.",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&HostNetStack::m_ipiCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("SocketCosts",
                          "What a read or write system call costs the node's applications "
                          "(ns3::HostSocketCosts: SyscallCost, RecvCopyRate, SendCopyRate, "
                          "ReadSize, WriteSize, SkbFreeCost, SocketLockCost), used where an "
                          "application's own attribute is 0.",
                          StringValue("ns3::HostSocketCosts"),
                          MakePointerAccessor(&HostNetStack::m_socketCosts),
                          MakePointerChecker<HostSocketCosts>())
            .AddAttribute("TcpTimers",
                          "The TCP timers given to the node's sockets (ns3::HostTcpTimers: "
                          "DelAckTimeout, MinRto).",
                          StringValue("ns3::HostTcpTimers"),
                          MakePointerAccessor(&HostNetStack::m_tcpTimers),
                          MakePointerChecker<HostTcpTimers>())
            .AddAttribute("PushMarker",
                          "Where the node's TCP sets PSH (ns3::TcpPushMarker: Enabled, "
                          "GsoMaxSize), for the sockets ConfigureSocket and "
                          "ConfigureTcpSockets configure.",
                          StringValue("ns3::TcpPushMarker"),
                          MakePointerAccessor(&HostNetStack::m_pushMarker),
                          MakePointerChecker<TcpPushMarker>());
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
    m_rxModes.clear();
    m_probeOffers.clear();
    m_mergedPacketHook = Callback<Ptr<const Packet>, Ptr<const Packet>>();
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

void
HostNetStack::AddRxQueue(Ptr<RxMode> mode, Callback<bool, Callback<double>> offerProbe)
{
    NS_LOG_FUNCTION(this << mode);
    m_rxModes.push_back(mode);
    m_probeOffers.push_back(offerProbe);
}

void
HostNetStack::SetMergedPacketHook(Callback<Ptr<const Packet>, Ptr<const Packet>> hook)
{
    m_mergedPacketHook = hook;
}

bool
HostNetStack::HasMergedPacketHook() const
{
    return !m_mergedPacketHook.IsNull();
}

bool
HostNetStack::HasBusyPollContext() const
{
    for (const auto& mode : m_rxModes)
    {
        if (mode->Supports(RxMode::BUSY_POLL))
        {
            return true;
        }
    }
    return false;
}

bool
HostNetStack::OfferUtilizationProbe(Callback<double> probe)
{
    bool taken = false;
    for (const auto& offer : m_probeOffers)
    {
        taken = offer(probe) || taken;
    }
    return taken;
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
    m_tcpTimers->ConfigureSocket(socket);
    m_pushMarker->Configure(socket);
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
