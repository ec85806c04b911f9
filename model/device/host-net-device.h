/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_NET_DEVICE_H
#define HOST_NET_DEVICE_H

#include "host-net-queue.h"
#include "host-net-statistics.h"
#include "host-tx-path.h"
#include "phy-wrapper-net-device.h"
#include "receive-steering.h"

#include "ns3/data-rate.h"
#include "ns3/host-cost-model.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/interrupt-moderation.h"
#include "ns3/net-device.h"
#include "ns3/object-factory.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rss-hash.h"
#include "ns3/rx-mode.h"
#include "ns3/rx-queue.h"
#include "ns3/rx-ring.h"
#include "ns3/tcp-quick-ack.h"
#include "ns3/traced-callback.h"
#include "ns3/tx-ring.h"

#include <vector>

namespace ns3
{

class NetDeviceQueueInterface;

/**
 * @ingroup hostnet
 * @brief A NetDevice that models the end host's NIC and receive/transmit path.
 *
 * HostNetDevice wraps a PHY NetDevice (point-to-point, CSMA, a port facing a bridge, any
 * NetDevice) and is the only device the node's IP stack sees on that interface. Received
 * frames go through the NIC FIFO, DMA into the descriptor ring (RxRing), interrupt
 * moderation (InterruptModeration), the OS receive mode (RxMode: per-packet, NAPI, ...),
 * which charges ISR and protocol processing time on the node's HostCpu, and are then
 * handed up through the device's receive callbacks. Transmitted packets pay a Tx CPU cost,
 * take a Tx descriptor (TxRing), and go to the PHY; a full Tx ring stops the
 * traffic-control queue above through NetDeviceQueueInterface.
 *
 * A device has NQueues receive queues (HostNetQueue), each with its own ring, moderation,
 * receive mode (NAPI context) and interrupt vector. GRO merges in-order TCP segments in NAPI
 * polls (Gro: ns3::GroEngine; ns3::NoGro, the default, for none).
 *
 * The device holds the NetDevice API, the per-queue objects and its parts, each an Object
 * with its own attributes reached through a Pointer attribute and Config paths
 * (.../$ns3::HostNetDevice/Costs/IsrCost): Costs (HostCostModel: every CPU cost, each a
 * RandomVariableStream, defaults from Salah et al. 2007: ISR 3.73 us, protocol 5.25 us +
 * size / 748 MB/s, exponential), Steering (ReceiveSteering: RSS picks the queue of a frame,
 * IrqAffinity the core of each queue, RPS/RFS the core of its protocol processing) and
 * TxPath (HostTxPath: Tx rings, TSO/GSO sends, flow control). HostNetStatistics, aggregated
 * to the device, keeps the counters and latency summaries (its StageLatencies attribute at
 * .../$ns3::HostNetStatistics/StageLatencies).
 */
class HostNetDevice : public PhyWrapperNetDevice
{
  public:
    /// Why the host (not the NIC) dropped a received frame.
    enum HostDropReason : uint8_t
    {
        BACKLOG = 0, ///< backlog queue (netdev_max_backlog) full: per-packet mode or RPS
    };

    /**
     * TracedCallback signature for a delivered frame.
     * @param [in] packet the frame
     * @param [in] systemLatency in host memory -> end of protocol processing
     */
    typedef void (*DeliveredTracedCallback)(Ptr<const Packet> packet, Time systemLatency);

    /**
     * TracedCallback signature for a host drop.
     * @param [in] packet the frame
     * @param [in] reason why
     */
    typedef void (*HostDropTracedCallback)(Ptr<const Packet> packet, HostDropReason reason);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostNetDevice();
    ~HostNetDevice() override;

    HostNetDevice(const HostNetDevice&) = delete;
    HostNetDevice& operator=(const HostNetDevice&) = delete;

    /** @return the node's CPU (valid once the device is on a node) */
    Ptr<HostCpu> GetCpu() const;

    /** @return the transmit ring of queue pair 0 (the TxPath's TxRing attribute) */
    Ptr<TxRing> GetTxRing() const;

    /**
     * @brief Set the cost model (the Costs attribute); before the device is set up.
     * @param costs the cost model
     */
    void SetCosts(Ptr<HostCostModel> costs);

    /** @return the cost model (the Costs attribute; made with its defaults if not set) */
    Ptr<HostCostModel> GetCosts() const;

    /**
     * @brief Set the receive steering (the Steering attribute); before the device is set up.
     * @param steering the receive steering
     */
    void SetSteering(Ptr<ReceiveSteering> steering);

    /** @return the receive steering (the Steering attribute; made with its defaults if not
     * set) */
    Ptr<ReceiveSteering> GetSteering() const;

    /**
     * @brief Set the transmit path (the TxPath attribute); before the device is set up.
     * @param txPath the transmit path
     */
    void SetTxPath(Ptr<HostTxPath> txPath);

    /** @return the transmit path (the TxPath attribute; made with its defaults if not set) */
    Ptr<HostTxPath> GetTxPath() const;

    /** @return the core that takes queue 0's Rx interrupt and softirq work */
    uint32_t GetIrqCore() const;

    /** @return true if queue 0's Rx interrupt is unmasked */
    bool IsRxInterruptEnabled() const;

    /** @return the number of receive queues (valid once the device is on a node) */
    uint32_t GetNQueues() const;

    /** @return whether the queues merge segments: the Gro attribute names an engine, not
     * ns3::NoGro */
    bool IsGroEnabled() const;

    /**
     * @brief The class one of the per-queue part factories (RxRing, Moderation, RxMode, Gro)
     * must make, as a check of a factory's text needs it (HostNetDeviceHelper::CheckAttribute).
     * @param attribute an attribute name
     * @param [out] base the class its factory must make (that class or a subclass)
     * @return false if @p attribute is not a part factory
     */
    static bool LookupPartBase(const std::string& attribute, TypeId* base);

    /**
     * @brief Get a receive queue.
     * @param index a queue index < GetNQueues()
     * @return the receive queue
     */
    Ptr<HostNetQueue> GetQueue(uint32_t index) const;

    /** @return the RSS hash and indirection table */
    const RssHash& GetRss() const;

    /** @return the counters and latency summaries since the last ResetStats */
    HostNetDeviceStats GetStats() const;

    /** @brief Start a new measurement window (warm-up deletion). */
    void ResetStats();

    /**
     * @brief Assign fixed random variable stream numbers: the costs', every queue's parts'
     * (made when the device is installed: call it after) and the steering's.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// @name Services for HostNetQueue (costs are per device, counters summed per device)
    /// @{

    /**
     * @brief Protocol processing of a frame ended: account it and hand it to the stack.
     * @param frame the frame
     * @param processingStart when its processing first got the CPU
     * @param core the core whose softirq processed it (the stack runs there)
     */
    void DeliverFrame(RxFrame&& frame, Time processingStart, uint32_t core);

    /**
     * @brief The host dropped a frame it had taken from the ring.
     * @param frame the frame
     * @param reason why
     */
    void DropFrame(const RxFrame& frame, HostDropReason reason);

    /**
     * @brief Count a receive-mode event of one of the queues (an INTERRUPT also fires the
     * Interrupt trace).
     * @param event what happened
     * @param n its packets or frames (POLL, BUSY_POLL)
     */
    void Record(RxQueue::Event event, uint32_t n);

    /// @}

    // NetDevice API: the host's transmit path (the rest is PhyWrapperNetDevice's)
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;

  protected:
    void DoDispose() override;
    void DoInitialize() override;
    void NotifyNewAggregate() override;
    void DoSetup() override;

  private:
    /**
     * @brief Set a per-queue part's factory (the RxRing, Moderation, RxMode and Gro
     * attributes), checked to make a Base before the queues are made.
     * @tparam Base the class the factory must make
     * @tparam Factory the member that holds the factory
     * @param value the factory the user gave
     */
    template <typename Base, ObjectFactory HostNetDevice::*Factory>
    void SetPart(ObjectFactory value)
    {
        CheckPartFactory(value, Base::GetTypeId());
        this->*Factory = value;
    }

    /**
     * @tparam Factory the member that holds the factory
     * @return a per-queue part's factory
     */
    template <ObjectFactory HostNetDevice::*Factory>
    ObjectFactory GetPart() const
    {
        return this->*Factory;
    }

    /**
     * @brief Abort with a message naming the attribute unless a part's factory can be set.
     * @param value the factory the user gave
     * @param base the class it must make
     */
    void CheckPartFactory(const ObjectFactory& value, TypeId base) const;

    /// A frame from the PHY.
    bool ReceiveFromPhy(Ptr<NetDevice> phy,
                        Ptr<const Packet> packet,
                        uint16_t protocol,
                        const Address& from);
    /// Create the receive queues, each with its own parts made by the part factories.
    void CreateQueues();

    Ptr<HostCpu> m_cpu;                            ///< the node's CPU
    Ptr<HostNetStack> m_stack;                     ///< the node's network stack
    ObjectFactory m_rxRingFactory;                 ///< each queue's receive ring (attribute)
    ObjectFactory m_moderationFactory;             ///< each queue's NIC moderation (attribute)
    ObjectFactory m_rxModeFactory;                 ///< each queue's OS receive mode (attribute)
    ObjectFactory m_groFactory;                    ///< each queue's GRO engine (attribute)
    uint32_t m_nQueues{1};                         ///< receive queues (attribute)
    bool m_groEnabled{false};                      ///< IsGroEnabled(), fixed at Setup
    std::vector<Ptr<HostNetQueue>> m_queues;       ///< receive queues
    Ptr<NetDeviceQueueInterface> m_queueInterface; ///< flow control towards the qdisc
    bool m_setupDone{false};                       ///< Setup ran
    mutable Ptr<HostCostModel> m_costs;            ///< CPU costs (attribute)
    mutable Ptr<ReceiveSteering> m_steering;       ///< RSS, IRQ affinity, RPS/RFS (attribute)
    mutable Ptr<HostTxPath> m_tx;                  ///< offloads, Tx rings, flow control
    /// Counters and latency histograms: the aggregated HostNetStatistics, which lives as long
    /// as the device (a Ptr here would keep the aggregate from being freed)
    HostNetStatistics* m_statistics{nullptr};
    TcpQuickAck m_quickAck; ///< Linux's ACK rule for merged packets

    TracedCallback<Ptr<const Packet>, Time> m_deliveredTrace;          ///< frame delivered up
    TracedCallback<Ptr<const Packet>, HostDropReason> m_hostDropTrace; ///< host drops
    TracedCallback<> m_interruptTrace;                                 ///< an Rx ISR starts
    TracedCallback<Ptr<const Packet>> m_rxTrace; ///< frame handed up (pcap/ascii)
    TracedCallback<Ptr<const Packet>> m_txTrace; ///< frame accepted by Send (pcap/ascii)
};

} // namespace ns3

#endif // HOST_NET_DEVICE_H
