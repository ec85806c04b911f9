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
#include "ns3/object.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"
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
 * to a core (IRQ affinity), and RPS/RFS from the polling core to the processing core. The
 * device's Steering attribute.
 *
 * RSS and RPS/RFS share one flow hash per frame, as the NIC computes it once (skb->hash).
 * RPS picks a core of RpsCores by the hash (get_rps_cpu); RFS moves a flow to the core where
 * its application last read, but only once the packets it queued on the old core have been
 * processed (rps_dev_flow's last_qtail), so a flow is never reordered. The attributes are
 * read when the device is set up.
 *
 * Config path: /NodeList/[i]/DeviceList/[j]/$ns3::HostNetDevice/Steering/[attribute].
 */
class ReceiveSteering : public Object
{
  public:
    /// Software steering of protocol processing after the NAPI poll (the Mode attribute).
    enum Mode : uint8_t
    {
        NONE = 0, ///< on the queue's IRQ core
        RPS = 1,  ///< receive packet steering: flow hash over RpsCores
        RFS = 2,  ///< receive flow steering: the consuming application's core
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /**
     * The core of each receive queue's interrupt (IrqAffinity, else round robin from
     * IrqCore).
     * @param nQueues receive queues
     * @param nCores the node's cores
     * @return the cores (stops the simulation with a message naming the bad item)
     */
    std::vector<uint32_t> QueueCores(uint32_t nQueues, uint32_t nCores) const;

    /**
     * Set up RSS and software steering for a device.
     * @param node the device's node (RFS: its rps_sock_flow_table)
     * @param cpu the node's CPU (RFS: its backlogs)
     * @param nQueues receive queues
     */
    void Configure(Ptr<Node> node, Ptr<HostCpu> cpu, uint32_t nQueues);

    /** @return the configured mode (none, rps, rfs) */
    Mode GetMode() const
    {
        return m_mode;
    }

    /** @return the cost of steering one packet (RpsEnqueueCost) */
    Ptr<RandomVariableStream> GetEnqueueCost() const
    {
        return m_enqueueCost;
    }

    /**
     * @brief Assign a fixed random variable stream number to RpsEnqueueCost.
     * @param stream the stream index
     * @return the number of streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

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

    /**
     * @brief RSS: the receive queue of a frame from the wire. The flow hash is computed once
     * and kept in the frame, as the NIC writes it into the descriptor: RSS, RPS/RFS and
     * GRO's buckets use the same hash.
     * @param frame the frame (its hash is set when anything needs it)
     * @param groNeedsHash GRO is on (its flow buckets use the hash)
     * @return the queue index
     */
    uint32_t SpreadFrame(RxFrame& frame, bool groNeedsHash) const
    {
        if (!NeedsHash() && !groNeedsHash)
        {
            return 0;
        }
        frame.hash = m_rss.HashPacket(frame.packet);
        return m_rss.GetQueue(frame.hash);
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

  protected:
    void DoDispose() override;

  private:
    /// rps_dev_flow: where a flow's packets are being processed.
    struct RfsDevFlow
    {
        uint32_t core{0xffffffff}; ///< current core (none yet: 0xffffffff)
        uint64_t lastTail{0};      ///< that core's backlog tail after the flow's last packet
    };

    uint32_t m_irqCore{0};                   ///< core of queue 0 (attribute)
    std::vector<uint32_t> m_irqAffinity;     ///< core per queue (attribute)
    uint32_t m_rssTableSize{128};            ///< RSS indirection entries (attribute)
    Mode m_mode{NONE};                       ///< RPS/RFS (attribute)
    std::vector<uint32_t> m_rpsCoresList;    ///< rps_cpus as set (attribute)
    Ptr<RandomVariableStream> m_enqueueCost; ///< RPS enqueue cost (attribute)
    uint32_t m_rpsFlowCount{4096};           ///< rps_flow_cnt (attribute)
    RssHash m_rss;                           ///< receive-side scaling
    uint32_t m_nQueues{1};                   ///< receive queues
    bool m_rps{false};                       ///< RPS or RFS
    bool m_rfs{false};                       ///< RFS
    std::vector<uint32_t> m_rpsCores;        ///< rps_cpus in use (every core when empty)
    Ptr<HostCpu> m_cpu;                      ///< the node's CPU
    Ptr<HostNetStack> m_stack;               ///< the node's network stack (RFS: backlogs)
    Ptr<RfsFlowTable> m_rfsTable;            ///< the node's rps_sock_flow_table
    std::vector<RfsDevFlow> m_rfsDevFlows;   ///< rps_dev_flow_table (RFS only)
};

} // namespace ns3

#endif // RECEIVE_STEERING_H
