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
#include "ns3/data-rate.h"
#include "ns3/host-cost-model.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/net-device.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/ring-fifo.h"
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
 * queue): RSS of the reverse direction. Its Tx cost is charged where the kernel sends it
 * (HostNetStack::GetExecContext): to the task whose system call sent it (an application's
 * write), to the softirq of the core whose received packet triggered it (ACKs and
 * ACK-clocked data), else to the softirq of its queue's core (a qdisc restart). Sends leave
 * for their ring in the order they were made, whatever context paid for them. With
 * TsoEnabled or GsoEnabled, the data segments of one TCP flow handed to the device in one
 * transmit call (one simulator event: ns-3's TCP sends them in one SendPendingData, as
 * Linux's tcp_write_xmit builds one skb of up to 64 KB), contiguous and up to TsoMaxSize
 * bytes, pay one Tx cost (GSO adds a cost per segment). A full ring stops the
 * traffic-control queue above (one root qdisc over all rings) until a descriptor frees.
 * The costs are the device's (HostCostModel); the offload settings are this object's
 * attributes, the device's TxPath attribute, read when the device is set up.
 *
 * Config path: /NodeList/[i]/DeviceList/[j]/$ns3::HostNetDevice/TxPath/[attribute].
 */
class HostTxPath : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    /** @return queue pair 0's Tx ring (the TxRing attribute; the others are its copies) */
    Ptr<TxRing> GetTxRing() const
    {
        return m_txRing;
    }

    /**
     * @brief The Tx ring of a queue pair, before Setup.
     * @param pair the queue pair
     * @return the TxRing attribute for pair 0, a copy of it (TxRing::Fork) for the others
     */
    Ptr<TxRing> MakeRing(uint32_t pair) const;

    /**
     * Connect the rings to the PHY.
     * @param phy the wrapped PHY
     * @param cpu the node's CPU
     * @param stack the node's network stack (where a send runs)
     * @param costs the device's costs (TxCost, GsoSegmentCost, TxByteRate)
     * @param rings one Tx ring per queue pair (the first is the TxRing attribute)
     * @param cores the core of each queue pair
     * @param stats where sends and frames are counted
     */
    void Setup(Ptr<NetDevice> phy,
               Ptr<HostCpu> cpu,
               Ptr<HostNetStack> stack,
               Ptr<const HostCostModel> costs,
               const std::vector<Ptr<TxRing>>& rings,
               const std::vector<uint32_t>& cores,
               HostNetStatistics* stats);

    /**
     * Flow control towards the traffic-control layer (set when it is aggregated).
     * @param queueInterface the device's NetDeviceQueueInterface
     */
    void SetQueueInterface(Ptr<NetDeviceQueueInterface> queueInterface);

    /**
     * @brief Admit a packet the device was asked to send: pick its queue pair's Tx ring,
     * refuse it (counted) when that ring is full, and mark TCP's PSH on IPv4 packets. The
     * first call watches the node's IPv4 for the device's interface (TSO/GSO sends are
     * made where TCP hands segments to IP).
     * @param device the HostNetDevice
     * @param packet the packet
     * @param protocol its protocol number
     * @param rss the device's RSS (picks the queue pair of the flow)
     * @return the ring to Send on, or -1 when it is full
     */
    int32_t Admit(Ptr<NetDevice> device, Ptr<Packet> packet, uint16_t protocol, const RssHash& rss);

    /**
     * Pay the Tx cost of a packet and put it on a ring (which must not be full).
     * @param ring the ring (SelectRing)
     * @param packet the packet
     * @param dest destination address
     * @param protocol protocol number
     */
    void Send(uint32_t ring, Ptr<Packet> packet, const Address& dest, uint16_t protocol);

    /**
     * @brief Add the PHY's refusals to the device's statistics.
     * @param stats the device's statistics
     */
    void AddStats(HostNetDeviceStats& stats) const;

    /// @brief Start a new measurement window.
    void ResetStats();

    /// @return the rings
    const std::vector<Ptr<TxRing>>& GetRings() const
    {
        return m_rings;
    }

  protected:
    /// Initialize the TxRing attribute, then the rings of the queue pairs.
    void DoInitialize() override;
    /// Release the PHY, the CPU, the rings and the pending sends.
    void DoDispose() override;

  private:
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
     * @brief Watch what TCP hands to IP for this device (TSO/GSO sends are made there).
     * @param ipv4 the node's IPv4
     * @param interface the device's interface index
     */
    void ConnectIp(Ptr<Ipv4L3Protocol> ipv4, uint32_t interface);

    /**
     * @return the Tx cost of @p packet (TSO/GSO: the first segment of a send pays)
     * @param packet the packet
     * @param[out] where the context that pays (the one that made the send)
     */
    Time CostOf(Ptr<const Packet> packet, HostNetStack::ExecContext& where);
    /// IPv4's SendOutgoing trace: record where TCP's transmit calls start TSO/GSO sends.
    void IpSendOutgoing(const Ipv4Header& header, Ptr<const Packet> packet, uint32_t interface);
    /// The cost of a send paid in context @p context: release what is in order.
    void CostPaid(uint32_t context);
    /// Hand the paid sends at the head of @p ring's queue to the ring.
    void Release(uint32_t ring);
    /// @return the context index of a task (created on first use)
    uint32_t TaskContext(HostCpu::TaskId task);
    /// A ring hands a frame to the PHY.
    bool TransmitFromRing(uint32_t ring, Ptr<Packet> packet, const Address& dest, uint16_t p);
    /// The PHY finished (or dropped) a frame.
    void PhyTxDone(Ptr<const Packet> packet);
    /// A Tx descriptor became free.
    void DescriptorFreed();
    /// @return true if some ring is full
    bool IsAnyRingFull() const;

    /// A send waiting for its Tx CPU cost or for an earlier send of its ring.
    struct PendingTx
    {
        Ptr<Packet> packet; ///< the frame
        Address dest;       ///< destination
        uint16_t protocol;  ///< protocol number
        bool paid;          ///< its cost was paid
    };

    /// A send paying its cost in a context: its ring and its place in the ring's order.
    struct Paying
    {
        uint32_t ring; ///< its Tx ring
        uint64_t seq;  ///< its number in the ring's order
    };

    /// The first segment of a send TCP made, and the context that made it.
    struct BurstStart
    {
        uint32_t seq;                    ///< its sequence number
        HostNetStack::ExecContext where; ///< who made it (pays its cost)
    };

    /// A flow's TSO/GSO sends, as TCP makes them at the IP layer.
    struct TxBurst
    {
        uint64_t event{0};               ///< simulator event (transmit call) of the last one
        uint32_t nextSeq{0};             ///< sequence number that continues it
        uint32_t bytes{0};               ///< bytes in it
        std::deque<BurstStart> starts;   ///< sends not yet at the device, in sequence order
        HostNetStack::ExecContext where; ///< who made the send the device is taking
    };

    static constexpr uint32_t NO_RING = 0xffffffff; ///< no PHY Send in progress

    Ptr<TxRing> m_txRing;                            ///< queue pair 0's ring (attribute)
    bool m_tso{false};                               ///< TsoEnabled (attribute)
    bool m_gso{false};                               ///< GsoEnabled (attribute)
    uint32_t m_maxSendSize{65536};                   ///< TsoMaxSize (attribute)
    Ptr<const HostCostModel> m_costs;                ///< the device's costs
    bool m_costIsZero{true};                         ///< skip the CPU
    Ptr<NetDevice> m_phy;                            ///< wrapped PHY
    Ptr<HostCpu> m_cpu;                              ///< the node's CPU
    Ptr<HostNetStack> m_stack;                       ///< the node's stack (exec context)
    HostNetStatistics* m_stats{nullptr};             ///< the device's statistics
    Ptr<NetDeviceQueueInterface> m_queueInterface;   ///< flow control towards the qdisc
    std::vector<Ptr<TxRing>> m_rings;                ///< Tx ring per queue pair
    std::vector<uint32_t> m_cores;                   ///< core per queue pair
    std::vector<RingFifo<PendingTx>> m_ringOrder;    ///< per ring: sends not yet on it
    std::vector<uint64_t> m_ringHead;                ///< per ring: number of the oldest
    std::vector<RingFifo<Paying>> m_paying;          ///< per context: sends paying, FIFO
    std::vector<Callback<void>> m_costPaidCallbacks; ///< per context, prebuilt
    uint32_t m_nCores{0};                            ///< contexts below: core softirqs
    std::unordered_map<HostCpu::TaskId, uint32_t> m_taskContexts; ///< task -> context
    uint32_t m_nPending{0};                                       ///< sends not yet on a ring
    RingFifo<uint32_t> m_phyOrder;                                ///< ring of each frame at the PHY
    uint32_t m_phySendRing{NO_RING};                ///< ring whose frame is in PHY Send
    bool m_phySendReported{false};                  ///< the PHY reported it inside Send
    std::unordered_map<uint64_t, TxBurst> m_bursts; ///< per flow (TSO/GSO)
    Ptr<Ipv4L3Protocol> m_ipv4;                     ///< the node's IPv4 (ConnectIp)
    uint32_t m_interface{0};                        ///< our interface index
    bool m_noIpv4{false};                           ///< the node has no IPv4 (Admit looked once)
};

} // namespace ns3

#endif // HOST_TX_PATH_H
