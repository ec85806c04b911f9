/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RECEIVE_STEERING_H
#define RECEIVE_STEERING_H

#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/node.h"
#include "ns3/ptr.h"
#include "ns3/rss-hash.h"
#include "ns3/rx-frame.h"

#include <string>
#include <vector>

namespace ns3
{

class RfsFlowTable;

/**
 * @ingroup hostnet
 * @brief Where a HostNetDevice's received frames go: RSS to a queue, the queue's interrupt
 * to a core (IRQ affinity), and RPS/RFS from the polling core to the processing core.
 *
 * RSS and RPS/RFS share one flow hash per frame, as the NIC computes it once (skb->hash).
 * RPS picks a core of RpsCores by the hash (get_rps_cpu); RFS moves a flow to the core where
 * its application last read, but only once the packets it queued on the old core have been
 * processed (rps_dev_flow's last_qtail), so a flow is never reordered.
 */
class ReceiveSteering
{
  public:
    /**
     * The core of each receive queue's interrupt.
     * @param nQueues receive queues
     * @param irqCore the core of queue 0 when @p affinity is empty (queue q: irqCore + q)
     * @param affinity one core per queue, or empty
     * @param nCores the node's cores
     * @return the cores (stops the simulation with a message naming the bad item)
     */
    static std::vector<uint32_t> QueueCores(uint32_t nQueues,
                                            uint32_t irqCore,
                                            const std::vector<uint32_t>& affinity,
                                            uint32_t nCores);

    /**
     * Set up RSS and software steering.
     * @param node the device's node (RFS: its rps_sock_flow_table)
     * @param cpu the node's CPU (RFS: its backlogs)
     * @param nQueues receive queues
     * @param rssTableSize RSS indirection entries (a power of two)
     * @param rps steer protocol processing (RPS, or RFS when @p rfs)
     * @param rfs receive flow steering
     * @param rpsCores the cores RPS may pick, empty for all
     * @param rpsFlowCount rps_flow_cnt (RFS; a power of two)
     */
    void Configure(Ptr<Node> node,
                   Ptr<HostCpu> cpu,
                   uint32_t nQueues,
                   uint32_t rssTableSize,
                   bool rps,
                   bool rfs,
                   const std::vector<uint32_t>& rpsCores,
                   uint32_t rpsFlowCount);

    /// Forget the node, the CPU and the flow tables.
    void Dispose();

    /// @return true if RPS or RFS steers protocol processing
    bool IsSteering() const
    {
        return m_rps;
    }

    /// @return true if received frames need their flow hash (several queues, or steering)
    bool NeedsHash() const
    {
        return m_nQueues > 1 || m_rps;
    }

    /// @return the RSS hash and indirection table
    const RssHash& GetRss() const
    {
        return m_rss;
    }

    /**
     * get_rps_cpu: the core that protocol-processes a packet.
     * @param frame the packet (its hash is set)
     * @param irqCore the core polling its queue
     * @return the core
     */
    uint32_t SteerCore(const RxFrame& frame, uint32_t irqCore);

    /**
     * A packet was queued on a core's backlog.
     * @param hash its flow hash
     * @param core the core
     * @param tail that backlog's tail counter after it
     */
    void NoteSteered(uint32_t hash, uint32_t core, uint64_t tail);

  private:
    /// rps_dev_flow: where a flow's packets are being processed.
    struct RfsDevFlow
    {
        uint32_t core{0xffffffff}; ///< current core (none yet: 0xffffffff)
        uint64_t lastTail{0};      ///< that core's backlog tail after the flow's last packet
    };

    RssHash m_rss;                         ///< receive-side scaling
    uint32_t m_nQueues{1};                 ///< receive queues
    bool m_rps{false};                     ///< RPS or RFS
    bool m_rfs{false};                     ///< RFS
    std::vector<uint32_t> m_rpsCores;      ///< rps_cpus
    uint32_t m_rpsFlowCount{0};            ///< rps_flow_cnt
    Ptr<HostCpu> m_cpu;                    ///< the node's CPU
    Ptr<HostNetStack> m_stack;             ///< the node's network stack (RFS: backlogs)
    Ptr<RfsFlowTable> m_rfsTable;          ///< the node's rps_sock_flow_table
    std::vector<RfsDevFlow> m_rfsDevFlows; ///< rps_dev_flow_table (RFS only)
};

} // namespace ns3

#endif // RECEIVE_STEERING_H
