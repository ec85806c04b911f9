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

#include <sstream>

namespace ns3
{

namespace
{
/// @return the items of a comma-separated list of core numbers, or an error message
std::vector<uint32_t>
ParseCoreList(const std::string& list, std::string& error)
{
    std::vector<uint32_t> cores;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        size_t used = 0;
        unsigned long core = 0;
        try
        {
            core = std::stoul(item, &used);
        }
        catch (const std::exception&)
        {
            used = 0;
        }
        if (used == 0 || used != item.size() || item[0] == '-')
        {
            error = "'" + item + "' is not a core number";
            return {};
        }
        cores.push_back(core);
    }
    return cores;
}
} // namespace

std::vector<uint32_t>
ReceiveSteering::QueueCores(uint32_t nQueues,
                            uint32_t irqCore,
                            const std::string& affinity,
                            uint32_t nCores)
{
    std::vector<uint32_t> cores;
    if (affinity.empty())
    {
        for (uint32_t q = 0; q < nQueues; ++q)
        {
            cores.push_back((irqCore + q) % nCores);
        }
        return cores;
    }
    std::string error;
    cores = ParseCoreList(affinity, error);
    NS_ABORT_MSG_IF(!error.empty(),
                    "HostNetDevice::IrqAffinity \"" << affinity << "\": " << error
                                                    << "; expected one core per queue, "
                                                       "e.g. \"0,1\"");
    NS_ABORT_MSG_IF(cores.size() != nQueues,
                    "HostNetDevice::IrqAffinity \"" << affinity << "\" names " << cores.size()
                                                    << " cores; NQueues is " << nQueues
                                                    << " (one core per queue)");
    for (uint32_t core : cores)
    {
        NS_ABORT_MSG_IF(core >= nCores,
                        "HostNetDevice::IrqAffinity: core " << core
                                                            << " does not exist (HostCpu::"
                                                               "NCores = "
                                                            << nCores << ")");
    }
    return cores;
}

void
ReceiveSteering::Configure(Ptr<Node> node,
                           Ptr<HostCpu> cpu,
                           uint32_t nQueues,
                           uint32_t rssTableSize,
                           bool rps,
                           bool rfs,
                           const std::string& rpsCores,
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
        std::string error;
        m_rpsCores = ParseCoreList(rpsCores, error);
        NS_ABORT_MSG_IF(!error.empty() || m_rpsCores.empty(),
                        "HostNetDevice::RpsCores \"" << rpsCores << "\": " << error
                                                     << "; expected comma-separated cores, "
                                                        "e.g. \"1,2,3\"");
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
