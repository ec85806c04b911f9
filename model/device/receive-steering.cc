/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "receive-steering.h"

#include "ns3/abort.h"
#include "ns3/attribute-container.h"
#include "ns3/enum.h"
#include "ns3/host-net-stack.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/pointer.h"
#include "ns3/rfs-flow-table.h"
#include "ns3/rps-backlog.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(ReceiveSteering);

TypeId
ReceiveSteering::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::ReceiveSteering")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<ReceiveSteering>()
            .AddAttribute("IrqCore",
                          "Core of the node's HostCpu that takes queue 0's Rx interrupt and "
                          "softirq work; without IrqAffinity, queue q goes to core "
                          "(IrqCore + q) mod NCores. Must be < HostCpu::NCores.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&ReceiveSteering::m_irqCore),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute(
                "IrqAffinity",
                "IRQ affinity: the core of each queue, a comma-separated list, e.g. "
                "\"0,1,2,3\" (one entry per queue, each < HostCpu::NCores); empty: "
                "round robin from IrqCore.",
                AttributeContainerValue<UintegerValue, ','>(),
                MakeAttributeContainerAccessor<UintegerValue, ','>(&ReceiveSteering::m_irqAffinity),
                MakeAttributeContainerChecker<UintegerValue, ','>(MakeUintegerChecker<uint32_t>()))
            .AddAttribute("RssTableSize",
                          "Entries of the RSS indirection table, spread round robin over the "
                          "queues (a power of two, 1..4096; i40e 512, mlx5 256, many 128).",
                          UintegerValue(128),
                          MakeUintegerAccessor(&ReceiveSteering::m_rssTableSize),
                          MakeUintegerChecker<uint32_t>(1, 4096))
            .AddAttribute("Mode",
                          "Software steering of protocol processing after the NAPI poll "
                          "(Linux RPS/RFS): none: on the queue's IRQ core; rps: on the core "
                          "that the flow hash picks from RpsCores (rps_cpus); rfs: on the core "
                          "where the flow's application last read (RfsFlowTable; flows without "
                          "an entry go as rps). Steered packets wait in the target core's "
                          "backlog (HostNetStack NetdevMaxBacklog, DevWeight, IpiCost). Needs a "
                          "NAPI receive mode (ns3::NapiRxMode or ns3::DisableEnableRxMode).",
                          EnumValue(NONE),
                          MakeEnumAccessor<Mode>(&ReceiveSteering::m_mode),
                          MakeEnumChecker(NONE, "none", RPS, "rps", RFS, "rfs"))
            .AddAttribute(
                "RpsCores",
                "Cores RPS spreads flows over (rps_cpus), a comma-separated list, "
                "e.g. \"1,2,3\" (each < HostCpu::NCores); empty: every core.",
                AttributeContainerValue<UintegerValue, ','>(),
                MakeAttributeContainerAccessor<UintegerValue, ','>(
                    &ReceiveSteering::m_rpsCoresList),
                MakeAttributeContainerChecker<UintegerValue, ','>(MakeUintegerChecker<uint32_t>()))
            .AddAttribute("RpsEnqueueCost",
                          "CPU time on the queue's core to steer one packet to another core "
                          "(get_rps_cpu and enqueue_to_backlog), instead of its protocol "
                          "processing. An assumption (see doc/model.rst).",
                          StringValue("ns3::ConstantRandomVariable[Constant=2e-7]"),
                          MakePointerAccessor(&ReceiveSteering::m_enqueueCost),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("RpsFlowCount",
                          "Entries of the RFS device flow table (rps_flow_cnt) that keeps a "
                          "flow on its core until its backlog has drained. A power of two, "
                          "1..1048576.",
                          UintegerValue(4096),
                          MakeUintegerAccessor(&ReceiveSteering::m_rpsFlowCount),
                          MakeUintegerChecker<uint32_t>(1, 1 << 20));
    return tid;
}

std::vector<uint32_t>
ReceiveSteering::QueueCores(uint32_t nQueues, uint32_t nCores) const
{
    NS_ABORT_MSG_IF(m_irqCore >= nCores,
                    "ReceiveSteering::IrqCore (" << m_irqCore << ") must be < HostCpu::NCores ("
                                                 << nCores << ")");
    if (m_irqAffinity.empty())
    {
        std::vector<uint32_t> cores;
        for (uint32_t q = 0; q < nQueues; ++q)
        {
            cores.push_back((m_irqCore + q) % nCores);
        }
        return cores;
    }
    NS_ABORT_MSG_IF(m_irqAffinity.size() != nQueues,
                    "ReceiveSteering::IrqAffinity names "
                        << m_irqAffinity.size() << " cores; HostNetDevice::NQueues is " << nQueues
                        << " (one core per queue)");
    for (uint32_t core : m_irqAffinity)
    {
        NS_ABORT_MSG_IF(core >= nCores,
                        "ReceiveSteering::IrqAffinity: core " << core
                                                              << " does not exist (HostCpu::"
                                                                 "NCores = "
                                                              << nCores << ")");
    }
    return m_irqAffinity;
}

void
ReceiveSteering::Configure(Ptr<Node> node, Ptr<HostCpu> cpu, uint32_t nQueues)
{
    NS_ABORT_MSG_IF((m_rssTableSize & (m_rssTableSize - 1)) != 0,
                    "ReceiveSteering::RssTableSize = " << m_rssTableSize
                                                       << "; allowed: a power of two, 1..4096");
    NS_ABORT_MSG_IF(!m_enqueueCost,
                    "ReceiveSteering::RpsEnqueueCost is empty; allowed: a RandomVariableStream");
    m_nQueues = nQueues;
    m_rss.SetQueues(nQueues, m_rssTableSize);
    m_rps = m_mode != NONE;
    m_rfs = m_mode == RFS;
    m_cpu = cpu;
    if (!m_rps)
    {
        return;
    }
    uint32_t nCores = cpu->GetNCores();
    m_rpsCores.clear();
    if (m_rpsCoresList.empty())
    {
        for (uint32_t c = 0; c < nCores; ++c)
        {
            m_rpsCores.push_back(c);
        }
    }
    else
    {
        m_rpsCores = m_rpsCoresList;
        for (uint32_t core : m_rpsCores)
        {
            NS_ABORT_MSG_IF(core >= nCores,
                            "ReceiveSteering::RpsCores: core " << core
                                                               << " does not exist (HostCpu::"
                                                                  "NCores = "
                                                               << nCores << ")");
        }
    }
    if (m_rfs)
    {
        NS_ABORT_MSG_IF((m_rpsFlowCount & (m_rpsFlowCount - 1)) != 0,
                        "ReceiveSteering::RpsFlowCount = "
                            << m_rpsFlowCount << "; allowed: a power of two, 1..1048576");
        m_rfsTable = RfsFlowTable::GetOrCreate(node);
        m_stack = HostNetStack::GetOrCreate(node);
        m_rfsDevFlows.assign(m_rpsFlowCount, RfsDevFlow());
    }
}

int64_t
ReceiveSteering::AssignStreams(int64_t stream)
{
    m_enqueueCost->SetStream(stream);
    return 1;
}

void
ReceiveSteering::DoDispose()
{
    m_cpu = nullptr;
    m_stack = nullptr;
    m_rfsTable = nullptr;
    m_rfsDevFlows.clear();
    m_enqueueCost = nullptr;
    Object::DoDispose();
}

uint32_t
ReceiveSteering::SteerCore(const RxFrame& frame, uint32_t irqCore)
{
    uint32_t hash = frame.hash;
    // get_rps_cpu: rps_map->cpus[reciprocal_scale(hash, len)].
    uint32_t target = m_rpsCores[(uint64_t(hash) * m_rpsCores.size()) >> 32];
    if (!m_rfs)
    {
        return target;
    }
    uint32_t desired = m_rfsTable->Lookup(hash);
    if (desired == RfsFlowTable::NO_CORE || desired >= m_cpu->GetNCores())
    {
        return target;
    }
    RfsDevFlow& flow = m_rfsDevFlows[hash & (m_rpsFlowCount - 1)];
    if (flow.core != desired)
    {
        // Move the flow only when its packets queued on the old core have been processed
        // (input_queue_head has passed last_qtail): no reordering. Packets processed on
        // the IRQ core are processed in the poll itself, nothing waits.
        bool drained = flow.core == RfsDevFlow().core || flow.core == irqCore ||
                       m_stack->GetBacklog(flow.core)->GetHead() >= flow.lastTail;
        if (drained)
        {
            flow.core = desired;
        }
    }
    return flow.core;
}

void
ReceiveSteering::NoteSteered(uint32_t hash, uint32_t core, uint64_t tail)
{
    if (m_rfs)
    {
        RfsDevFlow& flow = m_rfsDevFlows[hash & (m_rpsFlowCount - 1)];
        if (flow.core == core)
        {
            flow.lastTail = tail;
        }
    }
}

} // namespace ns3
