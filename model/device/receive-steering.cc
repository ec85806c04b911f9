/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "receive-steering.h"

#include "ns3/abort.h"
#include "ns3/host-net-stack.h"
#include "ns3/rfs-flow-table.h"
#include "ns3/rps-backlog.h"

namespace ns3
{

std::vector<uint32_t>
ReceiveSteering::QueueCores(uint32_t nQueues,
                            uint32_t irqCore,
                            const std::vector<uint32_t>& affinity,
                            uint32_t nCores)
{
    if (affinity.empty())
    {
        std::vector<uint32_t> cores;
        for (uint32_t q = 0; q < nQueues; ++q)
        {
            cores.push_back((irqCore + q) % nCores);
        }
        return cores;
    }
    NS_ABORT_MSG_IF(affinity.size() != nQueues,
                    "HostNetDevice::IrqAffinity names " << affinity.size() << " cores; NQueues is "
                                                        << nQueues << " (one core per queue)");
    for (uint32_t core : affinity)
    {
        NS_ABORT_MSG_IF(core >= nCores,
                        "HostNetDevice::IrqAffinity: core " << core
                                                            << " does not exist (HostCpu::"
                                                               "NCores = "
                                                            << nCores << ")");
    }
    return affinity;
}

void
ReceiveSteering::Configure(Ptr<Node> node,
                           Ptr<HostCpu> cpu,
                           uint32_t nQueues,
                           uint32_t rssTableSize,
                           bool rps,
                           bool rfs,
                           const std::vector<uint32_t>& rpsCores,
                           uint32_t rpsFlowCount)
{
    NS_ABORT_MSG_IF((rssTableSize & (rssTableSize - 1)) != 0,
                    "HostNetDevice::RssTableSize = " << rssTableSize
                                                     << "; allowed: a power of two, 1..4096");
    m_nQueues = nQueues;
    m_rss.SetQueues(nQueues, rssTableSize);
    m_rps = rps || rfs;
    m_rfs = rfs;
    m_cpu = cpu;
    if (!m_rps)
    {
        return;
    }
    uint32_t nCores = cpu->GetNCores();
    m_rpsCores.clear();
    if (rpsCores.empty())
    {
        for (uint32_t c = 0; c < nCores; ++c)
        {
            m_rpsCores.push_back(c);
        }
    }
    else
    {
        m_rpsCores = rpsCores;
        for (uint32_t core : m_rpsCores)
        {
            NS_ABORT_MSG_IF(core >= nCores,
                            "HostNetDevice::RpsCores: core " << core
                                                             << " does not exist (HostCpu::"
                                                                "NCores = "
                                                             << nCores << ")");
        }
    }
    if (m_rfs)
    {
        NS_ABORT_MSG_IF((rpsFlowCount & (rpsFlowCount - 1)) != 0,
                        "HostNetDevice::RpsFlowCount = "
                            << rpsFlowCount << "; allowed: a power of two, 1..1048576");
        m_rpsFlowCount = rpsFlowCount;
        m_rfsTable = RfsFlowTable::GetOrCreate(node);
        m_stack = HostNetStack::GetOrCreate(node);
        m_rfsDevFlows.assign(rpsFlowCount, RfsDevFlow());
    }
}

void
ReceiveSteering::Dispose()
{
    m_cpu = nullptr;
    m_stack = nullptr;
    m_rfsTable = nullptr;
    m_rfsDevFlows.clear();
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
