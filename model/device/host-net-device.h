/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_NET_DEVICE_H
#define HOST_NET_DEVICE_H

#include "ns3/host-cpu.h"
#include "host-net-channel.h"
#include "host-net-queue.h"
#include "ns3/interrupt-moderation.h"
#include "latency-histogram.h"
#include "ns3/rss-hash.h"
#include "ns3/rx-mode.h"
#include "ns3/rx-ring.h"
#include "ns3/tx-ring.h"

#include "ns3/data-rate.h"
#include "ns3/net-device.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <unordered_map>
#include <vector>

namespace ns3
{

class NetDeviceQueueInterface;
class RfsFlowTable;

/**
 * @ingroup hostnet
 * @brief Counters and latency summaries of one HostNetDevice over a measurement window.
 *
 * Conservation (without ResetStats): rxArrived = rxDelivered + dropFifoOverrun +
 * dropNoDescriptor + dropBacklog + rxInHost.
 */
struct HostNetDeviceStats
{
    double elapsed{0};              ///< window length in seconds
    uint64_t rxArrived{0};          ///< frames the PHY handed to the NIC
    uint64_t rxDelivered{0};        ///< frames whose protocol processing completed (wire
                                    ///< frames: a GRO packet counts its segments)
    uint64_t rxPackets{0};          ///< packets handed to the stack (GRO packets count once)
    uint64_t rxSteered{0};          ///< packets RPS/RFS sent to another core's backlog
    uint64_t rxDeliveredBytes{0};   ///< their bytes
    uint64_t dropFifoOverrun{0};    ///< NIC FIFO full
    uint64_t dropNoDescriptor{0};   ///< no free descriptor (DropWhenNoDescriptor)
    uint64_t dropBacklog{0};        ///< backlog queue full (per-packet mode, RPS backlogs)
    uint64_t rxInHost{0};           ///< frames still in the NIC or host (now)
    uint64_t interrupts{0};         ///< Rx ISRs run
    uint64_t interruptsAbsorbed{0}; ///< assertions absorbed by a running ISR
    uint64_t polls{0};              ///< NAPI poll calls
    uint64_t softirqRestarts{0};    ///< NET_RX rounds ended by netdev_budget/budget-usecs
    uint64_t busyPolls{0};          ///< busy poll calls by applications (SO_BUSY_POLL)
    uint64_t busyPollFrames{0};     ///< frames processed by those calls (in the task)
    double packetsPerInterrupt{0};  ///< delivered / interrupts (NaN without interrupts)
    double packetsPerPoll{0};       ///< packets processed per poll call (NaN without polls)
    double throughputPps{0};        ///< rxDelivered / elapsed (NaN for an empty window)
    double throughputBps{0};        ///< delivered bits / elapsed
    uint64_t txPackets{0};          ///< frames handed to the PHY
    uint64_t txSends{0};            ///< transmit CPU cost units paid: TSO/GSO sends, or
                                    ///< frames without offload
    uint64_t txDropRingFull{0};     ///< Send called with a full Tx ring
    uint64_t txDropPhy{0};          ///< frames the PHY refused
    LatencySummary fifoWait;        ///< arrival -> DMA start
    LatencySummary dma;             ///< DMA start -> in host memory
    LatencySummary moderationWait;  ///< in host memory -> interrupt raised
    LatencySummary cpuWait;         ///< notified -> protocol processing starts
    LatencySummary processing;      ///< protocol processing start -> end (incl. preemption)
    LatencySummary systemLatency;   ///< in host memory -> end of processing (seed 000)
    LatencySummary hostLatency;     ///< arrival at the NIC -> end of processing
};

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
 * receive mode (NAPI context) and interrupt vector; RSS (Toeplitz hash and indirection
 * table) picks the queue of a received frame, IrqAffinity the core of each queue. GRO
 * merges in-order TCP segments in NAPI polls (GroEnabled); TSO/GSO make the transmit CPU
 * cost per send rather than per segment (TsoEnabled, GsoEnabled). RxSteering moves the
 * protocol processing of a packet taken from a queue to another core (RPS: by flow hash
 * over RpsCores; RFS: to the core where the flow's application reads).
 *
 * Every cost is a RandomVariableStream attribute (seed 000 defaults: ISR 3.73 us, protocol
 * 5.25 us + size / 748 MB/s, exponential).
 */
class HostNetDevice : public NetDevice
{
  public:
    /// Why the host (not the NIC) dropped a received frame.
    enum HostDropReason : uint8_t
    {
        BACKLOG = 0, ///< backlog queue (netdev_max_backlog) full: per-packet mode or RPS
    };

    /// Software steering of protocol processing after the NAPI poll (RxSteering).
    enum RxSteering : uint8_t
    {
        STEER_NONE = 0, ///< on the queue's IRQ core
        STEER_RPS = 1,  ///< receive packet steering: flow hash over RpsCores
        STEER_RFS = 2,  ///< receive flow steering: the consuming application's core
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

    /**
     * @brief Wrap a PHY device. The PHY must already be attached to a channel and to the
     * same node; its received frames go to this device from now on.
     * @param phy the PHY device
     */
    void SetPhy(Ptr<NetDevice> phy);

    /** @return the wrapped PHY device */
    Ptr<NetDevice> GetPhy() const;

    /** @return the node's CPU (valid once the device is on a node) */
    Ptr<HostCpu> GetCpu() const;

    /** @return queue 0's receive ring (the RxRing attribute) */
    Ptr<RxRing> GetRxRing() const;

    /** @return the transmit ring */
    Ptr<TxRing> GetTxRing() const;

    /** @return queue 0's interrupt moderation (the Moderation attribute) */
    Ptr<InterruptModeration> GetModeration() const;

    /** @return queue 0's receive mode (the RxMode attribute) */
    Ptr<RxMode> GetRxMode() const;

    /** @return the core that takes queue 0's Rx interrupt and softirq work */
    uint32_t GetIrqCore() const;

    /** @return true if queue 0's Rx interrupt is unmasked */
    bool IsRxInterruptEnabled() const;

    /** @return the number of receive queues (valid once the device is on a node) */
    uint32_t GetNQueues() const;

    /**
     * @param index a queue index < GetNQueues()
     * @return the receive queue
     */
    Ptr<HostNetQueue> GetQueue(uint32_t index) const;

    /**
     * @param packet an IPv4 packet as the NIC sees it (IP header first)
     * @return the receive queue RSS gives it
     */
    uint32_t GetQueueForPacket(Ptr<const Packet> packet) const;

    /** @return the RSS hash and indirection table */
    const RssHash& GetRss() const;

    /** @return the counters and latency summaries since the last ResetStats */
    HostNetDeviceStats GetStats() const;

    /** @brief Start a new measurement window (warm-up deletion). */
    void ResetStats();

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

    /// @name Services for HostNetQueue (costs are per device, counters summed per device)
    /// @{

    /** @return one sample of the hard interrupt handler cost */
    Time SampleIsrCost();

    /**
     * @param bytes the frame size
     * @return one sample of the protocol processing cost of a frame
     */
    Time SampleProtocolCost(uint32_t bytes);

    /** @return one sample of the GRO cost of one segment (dev_gro_receive) */
    Time SampleGroCost();

    /** @return one sample of RpsEnqueueCost */
    Time SampleSteerCost();

    /** @return true if RxSteering is rps or rfs */
    bool IsSteering() const;

    /**
     * @brief get_rps_cpu: the core that protocol-processes a packet (RxSteering).
     * @param frame the packet
     * @param irqCore the core of the queue it was taken from
     * @return the core (irqCore: process on the queue's core)
     */
    uint32_t SteerCore(const RxFrame& frame, uint32_t irqCore);

    /**
     * @brief A packet was queued on a core's RPS backlog (RFS keeps the flow there until
     * that backlog has processed it).
     * @param hash its flow hash
     * @param core the core
     * @param tail the backlog's input_queue_tail after it
     */
    void NoteSteered(uint32_t hash, uint32_t core, uint64_t tail);

    /** @return one sample of the cost of an interrupt mask/unmask register write */
    Time SampleRegisterWriteCost();

    /** @return one sample of the overhead of a timer-driven poll (T_pollOH) */
    Time SamplePollOverhead();

    /**
     * @brief Protocol processing of a frame ended: account it and hand it to the stack.
     * @param frame the frame
     * @param processingStart when its processing first got the CPU
     */
    void DeliverFrame(RxFrame&& frame, Time processingStart);

    /**
     * @brief The host dropped a frame it had taken from the ring.
     * @param frame the frame
     * @param reason why
     */
    void DropFrame(const RxFrame& frame, HostDropReason reason);

    /** @brief An ISR starts (counted as an interrupt). */
    void RecordInterrupt();

    /** @brief An interrupt assertion was absorbed by an ISR in service. */
    void RecordAbsorbedInterrupt();

    /**
     * @brief A NAPI poll call ended.
     * @param packets the packets it processed
     */
    void RecordPoll(uint32_t packets);

    /**
     * @brief Count a busy poll call by an application task.
     * @param packets frames it processed
     */
    void RecordBusyPoll(uint32_t packets);

    /** @brief A NET_RX softirq round ended with work left (budget or time exhausted). */
    void RecordSoftirqRestart();

    /// @}

    // NetDevice API
    void SetIfIndex(const uint32_t index) override;
    uint32_t GetIfIndex() const override;
    /**
     * @return the PHY's channel as ns-3's routing must see it: a HostNetChannel listing the
     *         HostNetDevices in place of the PHYs they wrap (global and Nix-vector routing
     *         walk device -> channel -> devices)
     */
    Ptr<Channel> GetChannel() const override;
    void SetAddress(Address address) override;
    Address GetAddress() const override;
    bool SetMtu(const uint16_t mtu) override;
    uint16_t GetMtu() const override;
    bool IsLinkUp() const override;
    void AddLinkChangeCallback(Callback<void> callback) override;
    bool IsBroadcast() const override;
    Address GetBroadcast() const override;
    bool IsMulticast() const override;
    Address GetMulticast(Ipv4Address multicastGroup) const override;
    Address GetMulticast(Ipv6Address addr) const override;
    bool IsBridge() const override;
    bool IsPointToPoint() const override;
    bool Send(Ptr<Packet> packet, const Address& dest, uint16_t protocolNumber) override;
    bool SendFrom(Ptr<Packet> packet,
                  const Address& source,
                  const Address& dest,
                  uint16_t protocolNumber) override;
    Ptr<Node> GetNode() const override;
    void SetNode(Ptr<Node> node) override;
    bool NeedsArp() const override;
    void SetReceiveCallback(NetDevice::ReceiveCallback cb) override;
    void SetPromiscReceiveCallback(NetDevice::PromiscReceiveCallback cb) override;
    bool SupportsSendFrom() const override;

  protected:
    void DoDispose() override;
    void DoInitialize() override;
    void NotifyNewAggregate() override;

  private:
    /// A frame from the PHY.
    bool ReceiveFromPhy(Ptr<NetDevice> phy,
                        Ptr<const Packet> packet,
                        uint16_t protocol,
                        const Address& from);
    /// Create the receive queues (queue 0 uses the attribute objects, the others clones).
    void CreateQueues();
    /// Check and parse the RPS/RFS attributes.
    void SetupSteering();
    /// @return the Tx CPU cost of a frame handed to Send (TSO/GSO bursts pay once)
    Time TxCostOf(Ptr<const Packet> packet);
    /// The Tx CPU cost of the oldest pending send of a core was paid.
    void TxCostPaid(uint32_t core);
    /// Hand a frame of Tx ring @p ring to the PHY (TxRing callback).
    bool TransmitFromRing(uint32_t ring,
                          Ptr<Packet> packet,
                          const Address& dest,
                          uint16_t protocol);
    /// PHY trace: a frame left the wire or was dropped.
    void PhyTxDone(Ptr<const Packet> packet);
    /// A Tx descriptor was freed: wake the queue above if it was stopped for lack of room.
    void TxDescriptorFreed();
    /// @return true if every descriptor of Tx ring @p ring is taken or promised
    bool IsTxRingFull(uint32_t ring) const;
    /// @return true if some Tx ring is full
    bool IsAnyTxRingFull() const;
    /// Connect to the node's CPU and the PHY (once both are known).
    void Setup();
    /// Record the per-stage latencies of a delivered frame.
    void RecordLatencies(const RxFrame& frame, Time processingStart);

    /// A send waiting for its Tx CPU cost.
    struct PendingTx
    {
        Ptr<Packet> packet; ///< the frame
        Address dest;       ///< destination
        uint16_t protocol;  ///< protocol number
        uint32_t ring;      ///< its Tx ring
    };

    Ptr<NetDevice> m_phy;                          ///< wrapped PHY
    mutable Ptr<HostNetChannel> m_channel;         ///< its channel as routing sees it (GetChannel)
    Ptr<Node> m_node;                              ///< our node
    Ptr<HostCpu> m_cpu;                            ///< the node's CPU
    Ptr<RxRing> m_rxRing;                          ///< receive ring (attribute)
    Ptr<TxRing> m_txRing;                          ///< transmit ring (attribute)
    Ptr<InterruptModeration> m_moderation;         ///< NIC moderation (attribute)
    Ptr<RxMode> m_rxMode;                          ///< OS receive mode (attribute)
    Ptr<RandomVariableStream> m_isrCost;           ///< ISR cost (attribute)
    Ptr<RandomVariableStream> m_protocolCost;      ///< per-packet protocol cost (attribute)
    DataRate m_copyRate;                           ///< per-byte protocol cost rate (attribute)
    Ptr<RandomVariableStream> m_txCost;            ///< per-packet Tx cost (attribute)
    Ptr<RandomVariableStream> m_registerWriteCost; ///< mask/unmask cost (attribute)
    Ptr<RandomVariableStream> m_pollOverhead;      ///< timer-driven poll overhead (attribute)
    uint32_t m_irqCore{0};                         ///< core of queue 0 (attribute)
    uint32_t m_nQueues{1};                         ///< receive queues (attribute)
    std::string m_irqAffinity;                     ///< core per queue (attribute)
    uint32_t m_rssTableSize{128};                  ///< RSS indirection entries (attribute)
    bool m_groEnabled{false};                      ///< GRO (attribute)
    Ptr<RandomVariableStream> m_groCost;           ///< per-segment GRO cost (attribute)
    uint32_t m_groMaxSize{65535};                  ///< GRO packet limit (attribute)
    bool m_reportMergedSegments{false};            ///< MergedSegmentsTag (attribute)
    bool m_tsoEnabled{false};                      ///< TSO (attribute)
    bool m_gsoEnabled{false};                      ///< GSO (attribute)
    uint32_t m_tsoMaxSize{65536};                  ///< TSO/GSO send limit (attribute)
    Ptr<RandomVariableStream> m_gsoSegmentCost;    ///< GSO cost per segment (attribute)
    RxSteering m_steering{STEER_NONE};             ///< RPS/RFS (attribute)
    std::string m_rpsCoresList;                    ///< rps_cpus (attribute)
    std::vector<uint32_t> m_rpsCores;              ///< rps_cpus, parsed
    Ptr<RandomVariableStream> m_steerCost;         ///< RPS enqueue cost (attribute)
    uint32_t m_rpsFlowCount{4096};                 ///< rps_flow_cnt (attribute)
    Ptr<RfsFlowTable> m_rfsTable;                  ///< the node's rps_sock_flow_table

    /// rps_dev_flow: where a flow's packets are being processed.
    struct RfsDevFlow
    {
        uint32_t core{0xffffffff}; ///< current core (none yet: 0xffffffff)
        uint64_t lastTail{0};      ///< that core's backlog tail after the flow's last packet
    };

    std::vector<RfsDevFlow> m_rfsDevFlows;             ///< rps_dev_flow_table (RFS only)
    std::vector<Ptr<HostNetQueue>> m_queues;           ///< receive queues
    RssHash m_rss;                                     ///< receive-side scaling
    Ptr<NetDeviceQueueInterface> m_queueInterface;     ///< flow control towards the qdisc
    uint32_t m_ifIndex{0};                             ///< interface index
    uint16_t m_mtu{0};                                 ///< 0: the PHY's MTU
    bool m_setupDone{false};                           ///< Setup ran
    bool m_txCostIsZero{true};                         ///< skip the CPU for Tx
    std::vector<std::deque<PendingTx>> m_pendingTx;    ///< per core: sends paying their Tx cost
    uint32_t m_nPendingTx{0};                          ///< sends paying their Tx cost, all cores
    std::vector<Callback<void>> m_txCostPaidCallbacks; ///< per core, prebuilt (no allocation)
    std::vector<Ptr<TxRing>> m_txRings;                ///< Tx ring per queue pair (0: m_txRing)
    std::vector<uint32_t> m_pendingTxRing;             ///< per ring: sends paying their cost
    std::deque<uint32_t> m_phyOrder;                   ///< ring of each frame at the PHY
    static constexpr uint32_t NO_RING = 0xffffffff;    ///< no PHY Send in progress
    uint32_t m_phySendRing{NO_RING};                   ///< ring whose frame is in PHY Send
    bool m_phySendReported{false};                     ///< the PHY reported it inside Send

    /// The TSO/GSO send a flow is building.
    struct TxBurst
    {
        uint32_t nextSeq{0}; ///< sequence number that continues it
        uint32_t bytes{0};   ///< bytes in it
    };

    std::unordered_map<uint64_t, TxBurst> m_txBursts;    ///< per flow (TSO/GSO)
    NetDevice::ReceiveCallback m_rxCallback;             ///< to the node
    NetDevice::PromiscReceiveCallback m_promiscCallback; ///< to the node (promiscuous)

    // statistics of the current window
    Time m_windowStart;                ///< window start
    uint64_t m_rxArrived{0};           ///< frames from the PHY
    uint64_t m_rxDelivered{0};         ///< frames delivered
    uint64_t m_rxDeliveredBytes{0};    ///< bytes delivered
    uint64_t m_rxPackets{0};           ///< packets handed up
    uint64_t m_rxSteered{0};           ///< packets steered to another core
    uint64_t m_txSends{0};             ///< Tx cost units paid
    uint64_t m_dropBacklog{0};         ///< host drops
    uint64_t m_interrupts{0};          ///< ISRs
    uint64_t m_interruptsAbsorbed{0};  ///< absorbed assertions
    uint64_t m_polls{0};               ///< poll calls
    uint64_t m_busyPolls{0};           ///< busy poll calls
    uint64_t m_busyPollFrames{0};      ///< frames of busy poll calls
    uint64_t m_pollPackets{0};         ///< packets in poll calls
    uint64_t m_softirqRestarts{0};     ///< NET_RX rounds out of budget
    uint64_t m_txPackets{0};           ///< frames sent
    uint64_t m_txDropRingFull{0};      ///< sends refused
    LatencyHistogram m_fifoWait;       ///< stage latency
    LatencyHistogram m_dma;            ///< stage latency
    LatencyHistogram m_moderationWait; ///< stage latency
    LatencyHistogram m_cpuWait;        ///< stage latency
    LatencyHistogram m_processing;     ///< stage latency
    LatencyHistogram m_systemLatency;  ///< seed 000 latency
    LatencyHistogram m_hostLatency;    ///< NIC arrival to end of processing

    TracedCallback<Ptr<const Packet>, Time> m_deliveredTrace;          ///< frame delivered up
    TracedCallback<Ptr<const Packet>, HostDropReason> m_hostDropTrace; ///< host drops
    TracedCallback<> m_interruptTrace;                                 ///< an Rx ISR starts
    TracedCallback<Ptr<const Packet>> m_rxTrace; ///< frame handed up (pcap/ascii)
    TracedCallback<Ptr<const Packet>> m_txTrace; ///< frame accepted by Send (pcap/ascii)
};

} // namespace ns3

#endif // HOST_NET_DEVICE_H
