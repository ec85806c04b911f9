/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef CPU_LOCALITY_H
#define CPU_LOCALITY_H

#include "ns3/object.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Where a core is and what that does to network work: the NUMA nodes of a host, the
 * node the NICs are attached to, and the slow-downs of work away from the NIC's memory and
 * caches. The HostCpu's Locality attribute.
 *
 * Config path: /NodeList/[i]/$ns3::HostCpu/Locality/[attribute].
 */
class CpuLocality : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * @brief The NUMA node of a core.
     * @param core the core
     * @return core mod NumaNodes
     */
    uint32_t GetNumaNode(uint32_t core) const
    {
        return core % m_numaNodes;
    }

    /**
     * @brief Whether a core is on the NICs' NUMA node.
     * @param core the core
     * @return true if GetNumaNode(core) == NicNumaNode (aborts if NicNumaNode >= NumaNodes)
     */
    bool IsNicLocal(uint32_t core) const;

    /**
     * @brief The factor network work on a core is slowed by.
     * @param core the core
     * @return 1 on the NICs' NUMA node, RemoteNumaFactor elsewhere
     */
    double GetCoreCostFactor(uint32_t core) const
    {
        return IsNicLocal(core) ? 1.0 : m_remoteNumaFactor;
    }

    /** @return CrossCoreCopyFactor: copy slow-down after another core's softirq */
    double GetCrossCoreCopyFactor() const
    {
        return m_crossCoreCopyFactor;
    }

  private:
    uint32_t m_numaNodes{1};           ///< NUMA nodes (attribute)
    uint32_t m_nicNumaNode{0};         ///< the NICs' node (attribute)
    double m_remoteNumaFactor{1.0};    ///< remote-node slow-down (attribute)
    double m_crossCoreCopyFactor{1.0}; ///< copy slow-down (attribute)
};

} // namespace ns3

#endif // CPU_LOCALITY_H
