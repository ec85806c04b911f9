/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RX_RING_H
#define RX_RING_H

#include "byte-time-cache.h"
#include "rx-frame.h"

#include "ns3/address.h"
#include "ns3/callback.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/net-device.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/random-variable-stream.h"
#include "ns3/reusable-event.h"
#include "ns3/ring-fifo.h"
#include "ns3/simulator.h"
#include "ns3/traced-callback.h"

namespace ns3
{

class GroEngine;

/**
 * @ingroup hostnet
 * @brief NIC receive FIFO, DMA engine and receive descriptor ring.
 *
 * A frame from the PHY enters the NIC FIFO (dropped as fifo-overrun when it does not fit).
 * The DMA engine moves the head frame into host memory when the NIC owns a free
 * descriptor, in size / BusRate; otherwise the frame waits in the FIFO (e1000 behaviour,
 * it counts as waiting for a descriptor) or is dropped as no-descriptor when
 * DropWhenNoDescriptor is set (NICs that discard at once when the ring is exhausted).
 * After write-back the frame is "ready" (in host memory) until the host pops it. The host
 * returns descriptors after refilling them; the NIC sees them only when the driver writes
 * the tail register, once per TailWriteBatch descriptors (e1000: 16).
 *
 * LRO (LroEnabled, large receive offload in the NIC, like mlx5 LRO or Intel RSC): after DMA
 * the NIC holds in-order TCP segments of a flow in an aggregation session (GRO's merge
 * rules, GroEngine) and writes back one descriptor completion for the whole session when
 * it closes: at LroMaxSize bytes, at a segment that cannot be merged, or LroTimeout after
 * the oldest held segment was written to memory. The aggregate is one ready frame (its
 * segments count the wire frames) holding one descriptor per segment, as RSC chains them;
 * the host returns them all when it is done with the aggregate. No CPU time is spent.
 *
 * Descriptor conservation: Descriptors = owned by the NIC + in DMA + held in LRO sessions +
 * ready (segments) + held by the host + refilled but not yet announced by a tail write.
 */
class RxRing : public Object
{
  public:
    /// Why the NIC dropped a frame.
    enum DropReason : uint8_t
    {
        FIFO_OVERRUN = 0, ///< the frame did not fit in the NIC FIFO
        NO_DESCRIPTOR = 1 ///< no free descriptor and DropWhenNoDescriptor is set
    };

    /// How the driver refills a descriptor the host has taken (Walravens and Gaidioz 2006).
    enum RefillPolicy : uint8_t
    {
        ALLOCATE = 0, ///< free the skb and allocate a new one per descriptor (RefillCost)
        RECYCLE = 1   ///< Receive Descriptor Recycling: reset a preallocated skb (RecycleCost)
    };

    /**
     * TracedCallback signature for tail register writes.
     * @param [in] descriptors descriptors handed to the NIC by this write (a multiple of
     *             TailWriteBatch)
     * @param [in] nicFree descriptors the NIC owns after the write
     */
    typedef void (*TailWriteTracedCallback)(uint32_t descriptors, uint32_t nicFree);

    /**
     * TracedCallback signature for NIC drops.
     * @param [in] packet the dropped frame
     * @param [in] reason why it was dropped
     */
    typedef void (*DropTracedCallback)(Ptr<const Packet> packet, DropReason reason);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    RxRing();
    ~RxRing() override;

    RxRing& operator=(const RxRing&) = delete;

    /**
     * @brief Called after each descriptor write-back (a frame reached host memory).
     * @param cb the callback, given the frame size in bytes
     */
    void SetFrameReadyCallback(Callback<void, uint32_t> cb);

    /**
     * @brief Tell the ring whether a write-back needs a reaction at its own time.
     *
     * When @p wanted returns false as a DMA starts (the Rx interrupt is masked or the
     * moderation ignores frames, no busy poller waits) and the WriteBack trace has no sink,
     * the DMA gets no simulator event: its end is computed and the frame is written back
     * with its exact times at the next look at the ring after that end (any getter,
     * Receive, PopReady, ReturnDescriptors). Whoever makes @p wanted true again must call
     * WriteBackWanted.
     * Without this callback every DMA ends with an event.
     * @param wanted returns true if the frame-ready callback must run when a DMA ends
     */
    void SetWriteBackWantedCallback(Callback<bool> wanted);

    /**
     * @brief The answer of the write-back-wanted callback may have become true: frames
     * whose DMA ended until now are written back (silently, as nobody wanted them) and the
     * DMA in flight gets its event.
     */
    void WriteBackWanted();

    /**
     * @brief A frame arrives from the PHY.
     * @param frame the frame (arrival time and size are filled in here)
     * @return false if the NIC dropped it
     */
    bool Receive(RxFrame&& frame);

    /** @return true if a frame is in host memory and not yet popped */
    bool HasReady() const;

    /** @return wire frames in host memory not yet taken (an LRO aggregate counts its segments) */
    uint32_t GetNReadySegments() const;

    /** @return wire frames held in open LRO sessions */
    uint32_t GetNLroHeld() const;

    /** @return true if LroEnabled */
    bool IsLroEnabled() const;

    /** @return the number of frames in host memory not yet popped */
    uint32_t GetNReady() const;

    /**
     * @brief The host takes the oldest frame in memory; its descriptor is now the host's.
     * @return the frame
     */
    RxFrame PopReady();

    /**
     * @brief The host refilled descriptors; they reach the NIC at the next tail write.
     * @param n the number of descriptors
     */
    void ReturnDescriptors(uint32_t n);

    /**
     * @brief One sample of the per-descriptor refill cost of the active RefillPolicy:
     * RefillCost when allocating, RecycleCost when recycling (negative samples count as 0).
     * @return the CPU time to refill one descriptor
     */
    Time SampleRefillCost();

    /**
     * @brief Whether refilling costs CPU time.
     * @return true if refilling a descriptor under the active RefillPolicy costs CPU time
     * (its cost is not constant 0)
     */
    bool HasRefillCost() const;

    /** @return the active refill policy */
    RefillPolicy GetRefillPolicy() const;

    /** @return frames in the NIC FIFO (including one being DMAed) */
    uint32_t GetNFifoFrames() const;

    /** @return bytes in the NIC FIFO */
    uint32_t GetFifoBytes() const;

    /** @return descriptors the NIC owns and may fill */
    uint32_t GetNicDescriptors() const;

    /** @return descriptors popped by the host and not yet returned */
    uint32_t GetHostDescriptors() const;

    /** @return descriptors returned by the host but not yet announced by a tail write */
    uint32_t GetPendingTailDescriptors() const;

    /** @return the ring size */
    uint32_t GetNDescriptors() const;

    /** @return the number of tail register writes */
    uint64_t GetTailWrites() const;

    /**
     * @brief Get the drops of one cause.
     * @param reason the cause
     * @return frames dropped for that cause
     */
    uint64_t GetDrops(DropReason reason) const;

    /** @brief Zero the drop and tail-write counters. */
    void ResetStats();

    /**
     * @brief Assign fixed random variable stream numbers.
     * @param stream first stream index
     * @return the number of streams used
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    /// Start moving the head frame into host memory if a descriptor is free.
    void TryStartDma();
    /**
     * Start the DMA of the head frame at @p start (<= now) if a descriptor is free.
     * @param start the start time
     * @param lazy true: no event (the caller knows no write-back is wanted)
     */
    void StartDma(Time start, bool lazy);

    /**
     * Write back the frames whose eventless DMA ended before now (cheap when there is
     * none). A DMA that ends exactly now counts as running: the event that looks at the
     * ring was almost always scheduled before the DMA began, and so would have run before
     * the DMA's own event.
     */
    void CatchUp() const
    {
        if (m_dmaLazy && m_dmaEnd < Simulator::Now())
        {
            // Logically const: the ring's state at "now" is computed, not changed.
            const_cast<RxRing*>(this)->DoCatchUp();
        }
    }

    /// The work of CatchUp.
    void DoCatchUp();
    /// The DMA of the head frame ended: write back its descriptor.
    void DmaComplete();
    /// Write a frame (or a closed LRO session) back: it is ready for the host.
    void WriteBack(RxFrame&& frame);
    /// Write back the sessions LRO closed.
    void WriteBackLroOut();
    /// LroTimeout expired: close every open session.
    void LroTimeout();
    /// Drop a frame and count it.
    void Drop(const RxFrame& frame, DropReason reason);

    uint32_t m_nDescriptors{2048};            ///< ring size (attribute)
    uint32_t m_fifoSize{49152};               ///< NIC Rx FIFO in bytes (attribute)
    DataRate m_busRate;                       ///< DMA rate (attribute)
    ByteTimeCache m_dmaTime;                  ///< DMA time of the last frame size
    uint32_t m_tailBatch{16};                 ///< descriptors per tail write (attribute)
    bool m_dropWhenNoDescriptor{false};       ///< drop instead of waiting (attribute)
    Ptr<RandomVariableStream> m_refillCost;   ///< allocation refill cost (attribute)
    Ptr<RandomVariableStream> m_recycleCost;  ///< recycling (RDR) refill cost (attribute)
    RefillPolicy m_refillPolicy{ALLOCATE};    ///< which refill cost applies (attribute)
    Ptr<RandomVariableStream> m_activeRefill; ///< the cost of m_refillPolicy (at Initialize)
    bool m_hasRefillCost{false}; ///< the active cost is not constant 0 (known at Initialize)

    RingFifo<RxFrame> m_fifo;     ///< frames in the NIC FIFO, head may be in DMA
    RingFifo<RxFrame> m_ready;    ///< frames in host memory
    uint32_t m_readySegments{0};  ///< wire frames in m_ready
    bool m_lroEnabled{false};     ///< LRO (attribute)
    Time m_lroTimeout;            ///< LRO session timeout (attribute)
    uint32_t m_lroMaxSize{65535}; ///< LRO aggregate limit (attribute)
    Ptr<GroEngine> m_lro;         ///< LRO sessions (null: LRO off)
    RingFifo<RxFrame> m_lroOut;   ///< closed sessions to write back
    EventId m_lroTimer;           ///< closes the sessions (LroTimeout)
    uint32_t m_fifoBytes{0};      ///< bytes in the FIFO
    bool m_dmaBusy{false};        ///< the head of the FIFO is being DMAed
    ReusableEvent m_dmaEvent{[this] { DmaComplete(); }}; ///< end of the running DMA
    bool m_dmaLazy{false};                 ///< the running DMA has no event (ends at m_dmaEnd)
    Time m_dmaEnd;                         ///< end of the running DMA
    Callback<bool> m_writeBackWanted;      ///< does a write-back need its reaction now
    uint32_t m_nicFree{0};                 ///< descriptors owned by the NIC, free
    uint32_t m_hostHeld{0};                ///< popped by the host, not returned
    uint32_t m_pendingTail{0};             ///< returned, waiting for a tail write
    bool m_started{false};                 ///< descriptors handed to the NIC
    uint64_t m_tailWrites{0};              ///< tail register writes
    uint64_t m_drops[2]{0, 0};             ///< drops per reason
    Callback<void, uint32_t> m_frameReady; ///< write-back notification

    TracedCallback<Ptr<const Packet>, DropReason> m_dropTrace; ///< NIC drops
    TracedCallback<Ptr<const Packet>> m_writeBackTrace;        ///< frame in host memory
    TracedCallback<uint32_t, uint32_t> m_tailWriteTrace;       ///< tail register writes
};

} // namespace ns3

#endif // RX_RING_H
