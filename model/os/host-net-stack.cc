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
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostNetStack");

NS_OBJECT_ENSURE_REGISTERED(HostNetStack);

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
                "Whose softirq hand-off rules (kernel/softirq.c) the host follows: 2.6 (before "
                "3.9: __do_softirq restarts MaxSoftirqRestarts times, no time limit and no "
                "need_resched check), 4.9 (4.9-6.4: restarts end on MaxSoftirqTime or "
                "need_resched too, and once ksoftirqd has the work new raises wait for it) or "
                "6.5 (6.5 and later: as 4.9, but a raise runs at irq_exit even beside a "
                "pending ksoftirqd, since commit d15121be7485).",
                EnumValue(SoftirqRules::LINUX_6_5),
                MakeEnumAccessor<SoftirqRules>(&HostNetStack::m_kernelVersion),
                MakeEnumChecker(SoftirqRules::LINUX_2_6,
                                "2.6",
                                SoftirqRules::LINUX_4_9,
                                "4.9",
                                SoftirqRules::LINUX_6_5,
                                "6.5"))
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
    Object::DoDispose();
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
                               m_kernelVersion);
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

} // namespace ns3
