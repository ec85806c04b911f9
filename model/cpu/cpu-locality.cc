/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "cpu-locality.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(CpuLocality);

TypeId
CpuLocality::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CpuLocality")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<CpuLocality>()
            .AddAttribute("NumaNodes",
                          "NUMA nodes of the host; core c is on node c mod NumaNodes (the "
                          "interleaved numbering of multi-socket Intel hosts). Must be >= 1.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&CpuLocality::m_numaNodes),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("NicNumaNode",
                          "NUMA node the NICs are attached to (their DMA and DDIO go to its "
                          "memory and L3). Must be < NumaNodes.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&CpuLocality::m_nicNumaNode),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("RemoteNumaFactor",
                          "Slow-down of network work on a core of another NUMA node than the "
                          "NIC's: receive softirq costs (ISR, GRO, protocol, Tx) and the "
                          "reader's copy are multiplied by it (remote memory and L3). Must be "
                          ">= 1; 1 = no penalty.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&CpuLocality::m_remoteNumaFactor),
                          MakeDoubleChecker<double>(1.0))
            .AddAttribute("CrossCoreCopyFactor",
                          "Slow-down of the reader's copy when its data were processed by "
                          "the softirq of another core (the headers and socket state were "
                          "pulled into that core's caches: the cache misses that aRFS/RFS "
                          "avoid). Must be >= 1; 1 = no penalty.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&CpuLocality::m_crossCoreCopyFactor),
                          MakeDoubleChecker<double>(1.0));
    return tid;
}

bool
CpuLocality::IsNicLocal(uint32_t core) const
{
    NS_ABORT_MSG_IF(m_nicNumaNode >= m_numaNodes,
                    "ns3::CpuLocality::NicNumaNode (" << m_nicNumaNode << ") must be < NumaNodes ("
                                                      << m_numaNodes << ")");
    return GetNumaNode(core) == m_nicNumaNode;
}

} // namespace ns3
