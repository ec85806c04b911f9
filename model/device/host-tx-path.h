/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_TX_PATH_H
#define HOST_TX_PATH_H

#include "host-net-statistics.h"

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/net-device.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rss-hash.h"
#include "ns3/tx-ring.h"

#include <deque>
#include <unordered_map>
#include <vector>

namespace ns3
{

class NetDeviceQueueInterface;

/**
 * @ingroup hostnet
 * @brief The transmit side of a HostNetDevice: Tx CPU cost (per frame, or per TSO/GSO
 * send), one Tx ring per queue pair, and flow control towards traffic control.
 *
 * A packet goes to the Tx ring of the queue pair its flow receives on (XPS by receive
 * queue): RSS of the reverse direction. Its Tx cost is SOFTIRQ work on that queue's core,
 * FIFO per core, so a flow's segments keep their order; then it takes a descriptor and goes
 * to the PHY. With TsoEnabled or GsoEnabled, contiguous data segments of one TCP flow, up
 * to TsoMaxSize bytes, pay one Tx cost (GSO adds a cost per segment). A full ring stops
 * the traffic-control queue above (one root qdisc over all rings) until a descriptor
 * frees. The offload settings and costs are read when the device is set up.
 */
class HostTxPath
{
  public:
    /// The device's transmit settings (HostNetDevice attributes).
    struct Settings
    {
        bool tso{false};                          ///< TsoEnabled
        bool gso{false};                          ///< GsoEnabled
        uint32_t maxSendSize{65536};              ///< TsoMaxSize
        Ptr<RandomVariableStream> txCost;         ///< TxCost, per send
        Ptr<RandomVariableStream> gsoSegmentCost; ///< GsoSegmentCost, per GSO segment
    };

    /**
     * Connect the rings to the PHY.
     * @param phy the wrapped PHY
     * @param cpu the node's CPU
     * @param rings one Tx ring per queue pair
     * @param cores the core of each queue pair
     * @param settings offloads and costs
     * @param stats where sends and frames are counted
     */
    void Setup(Ptr<NetDevice> phy,
               Ptr<HostCpu> cpu,
               const std::vector<Ptr<TxRing>>& rings,
               const std::vector<uint32_t>& cores,
               const Settings& settings,
               HostNetStatistics* stats);

    /**
     * Flow control towards the traffic-control layer (set when it is aggregated).
     * @param queueInterface the device's NetDeviceQueueInterface
     */
    void SetQueueInterface(Ptr<NetDeviceQueueInterface> queueInterface);

    /// Release the PHY, the CPU, the rings and the pending sends.
    void Dispose();

    /**
     * @brief Pick the Tx ring of a packet.
     * @param packet an IPv4 packet to send
     * @param rss the device's RSS (picks the queue pair of the flow)
     * @return the Tx ring of its queue pair
     */
    uint32_t SelectRing(Ptr<const Packet> packet, const RssHash& rss) const;

    /**
     * @brief Whether a Tx ring can take no more sends.
     * @param ring a Tx ring
     * @return true if its descriptors are all taken or promised to sends paying their cost
     */
    bool IsRingFull(uint32_t ring) const;

    /**
     * Pay the Tx cost of a packet and put it on a ring (which must not be full).
     * @param ring the ring (SelectRing)
     * @param packet the packet
     * @param dest destination address
     * @param protocol protocol number
     */
    void Send(uint32_t ring, Ptr<Packet> packet, const Address& dest, uint16_t protocol);

    /// @return the rings
    const std::vector<Ptr<TxRing>>& GetRings() const
    {
        return m_rings;
    }

  private:
    /// @return the Tx cost of a send of @p packet (TSO/GSO: once per send)
    Time CostOf(Ptr<const Packet> packet);
    /// A send on @p core paid its cost: put it on its ring.
    void CostPaid(uint32_t core);
    /// A ring hands a frame to the PHY.
    bool TransmitFromRing(uint32_t ring, Ptr<Packet> packet, const Address& dest, uint16_t p);
    /// The PHY finished (or dropped) a frame.
    void PhyTxDone(Ptr<const Packet> packet);
    /// A Tx descriptor became free.
    void DescriptorFreed();
    /// @return true if some ring is full
    bool IsAnyRingFull() const;

    /// A send waiting for its Tx CPU cost.
    struct PendingTx
    {
        Ptr<Packet> packet; ///< the frame
        Address dest;       ///< destination
        uint16_t protocol;  ///< protocol number
        uint32_t ring;      ///< its Tx ring
    };

    /// The TSO/GSO send a flow is building.
    struct TxBurst
    {
        uint32_t nextSeq{0}; ///< sequence number that continues it
        uint32_t bytes{0};   ///< bytes in it
    };

    static constexpr uint32_t NO_RING = 0xffffffff; ///< no PHY Send in progress

    Settings m_settings;                             ///< offloads and costs
    bool m_costIsZero{true};                         ///< skip the CPU
    Ptr<NetDevice> m_phy;                            ///< wrapped PHY
    Ptr<HostCpu> m_cpu;                              ///< the node's CPU
    HostNetStatistics* m_stats{nullptr};             ///< the device's statistics
    Ptr<NetDeviceQueueInterface> m_queueInterface;   ///< flow control towards the qdisc
    std::vector<Ptr<TxRing>> m_rings;                ///< Tx ring per queue pair
    std::vector<uint32_t> m_cores;                   ///< core per queue pair
    std::vector<uint32_t> m_pendingPerRing;          ///< per ring: sends paying their cost
    std::vector<std::deque<PendingTx>> m_pending;    ///< per core: sends paying their cost
    uint32_t m_nPending{0};                          ///< sends paying their cost, all cores
    std::vector<Callback<void>> m_costPaidCallbacks; ///< per core, prebuilt (no allocation)
    std::deque<uint32_t> m_phyOrder;                 ///< ring of each frame at the PHY
    uint32_t m_phySendRing{NO_RING};                 ///< ring whose frame is in PHY Send
    bool m_phySendReported{false};                   ///< the PHY reported it inside Send
    std::unordered_map<uint64_t, TxBurst> m_bursts;  ///< per flow (TSO/GSO)
};

} // namespace ns3

#endif // HOST_TX_PATH_H
