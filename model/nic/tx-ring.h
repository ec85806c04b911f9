/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef TX_RING_H
#define TX_RING_H

#include "byte-time-cache.h"

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/reusable-event.h"
#include "ns3/ring-fifo.h"
#include "ns3/traced-callback.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief NIC transmit descriptor ring and DMA engine.
 *
 * The driver places frames in the ring (one descriptor each). The NIC DMAs them from host
 * memory in order (size / BusRate) and hands them to the PHY, keeping at most two frames
 * handed over and not yet on the wire (so DMA of the next frame overlaps transmission).
 * A descriptor is freed when the PHY reports the end of the frame's transmission (its
 * PhyTxEnd/PhyTxDrop trace); PHYs without such traces complete at hand-over. The owner is
 * told of every freed descriptor so it can wake the traffic-control queue above.
 */
class TxRing : public Object
{
  public:
    /// Hands a frame to the PHY; returns false if the PHY refused it.
    typedef Callback<bool, Ptr<Packet>, const Address&, uint16_t> TransmitCallback;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TxRing();
    ~TxRing() override;

    /**
     * @brief Copy the configuration (the attribute values) of another ring, not its state.
     * @param other the ring to copy
     */
    TxRing(const TxRing& other);
    TxRing& operator=(const TxRing&) = delete;

    /**
     * @brief A ring with this ring's configuration and none of its state (frames,
     * descriptors, events, callbacks, counters, trace connections): the ring of another
     * queue (HostNetDevice::NQueues), as TcpCongestionOps::Fork gives each socket its own.
     * @return the copy
     */
    virtual Ptr<TxRing> Fork() const;

    /**
     * @brief Set how frames reach the PHY.
     * @param transmit hands a frame to the PHY
     * @param completionReported true if the PHY will report each frame's end of
     *        transmission through NotifyTransmitted
     */
    void SetTransmitCallback(TransmitCallback transmit, bool completionReported);

    /**
     * @brief Called whenever a descriptor is freed.
     * @param cb the callback
     */
    void SetDescriptorFreedCallback(Callback<void> cb);

    /** @return the ring size */
    uint32_t GetNDescriptors() const;

    /** @return true if no descriptor is free */
    bool IsFull() const;

    /** @return descriptors in use */
    uint32_t GetNInUse() const;

    /**
     * @brief Place a frame in the ring. The ring must not be full.
     * @param packet the frame
     * @param dest destination address
     * @param protocol protocol number
     */
    void Enqueue(Ptr<Packet> packet, const Address& dest, uint16_t protocol);

    /** @brief The PHY finished (or dropped) the oldest frame handed to it. */
    void NotifyTransmitted();

    /** @return frames refused by the PHY */
    uint64_t GetPhyDrops() const;

    /** @return frames handed to the PHY */
    uint64_t GetSent() const;

    /** @brief Zero the counters. */
    void ResetStats();

  protected:
    void DoDispose() override;

  private:
    /// A frame waiting in the ring.
    struct Entry
    {
        Ptr<Packet> packet; ///< the frame
        Address dest;       ///< destination
        uint16_t protocol;  ///< protocol number
    };

    /// Start the DMA of the next frame if allowed.
    void TryStartDma();
    /// The DMA of a frame ended: hand it to the PHY.
    void DmaComplete();
    /// Free the oldest descriptor.
    void Complete();

    static constexpr uint32_t MAX_AT_PHY = 2; ///< frames handed over, not yet sent

    uint32_t m_nDescriptors{256}; ///< ring size (attribute)
    DataRate m_busRate;           ///< DMA rate (attribute)
    ByteTimeCache m_dmaTime;      ///< DMA time of the last frame size
    RingFifo<Entry> m_ring;       ///< frames in the ring; the first m_atPhy are at the PHY
    uint32_t m_atPhy{0};          ///< frames handed to the PHY, not yet completed
    uint32_t m_dmaDone{0};        ///< frames DMAed (at the PHY or being handed)
    bool m_dmaBusy{false};        ///< a DMA is running
    ReusableEvent m_dmaEvent{[this] { DmaComplete(); }}; ///< end of the running DMA
    bool m_completionReported{false};                    ///< the PHY reports transmission ends
    TransmitCallback m_transmit;                         ///< hand-over to the PHY
    Callback<void> m_descriptorFreed;                    ///< a descriptor was freed
    uint64_t m_phyDrops{0};                              ///< refused by the PHY
    uint64_t m_sent{0};                                  ///< handed to the PHY
};

} // namespace ns3

#endif // TX_RING_H
