/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PER_PACKET_RX_MODE_H
#define PER_PACKET_RX_MODE_H

#include "rx-mode.h"

#include "ns3/callback.h"
#include "ns3/ring-fifo.h"
#include "ns3/rx-ring.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Normal interruption: the pre-NAPI receive path (Salah et al. 2007 Sec. 3.2).
 *
 * Each interrupt runs the ISR (HARDIRQ, IsrCost). At its end the ISR moves every
 * completed frame from the ring into the backlog queue (Linux netdev_max_backlog, B in
 * Salah et al. 2007), refills their descriptors (RxRing::RefillCost, still in HARDIRQ) and raises
 * the softirq; the softirq runs protocol processing packet by packet (SOFTIRQ,
 * ProtocolCost). Interrupts asserted while the ISR runs are absorbed by it: the ISR takes
 * their frames too, so the ISR's CPU share is lambda / (lambda + r) (Salah et al. 2007 eq. 1).
 * A frame that finds the backlog full (B counts the packet in processing, as Salah et al. 2007's
 * M/M/1/B does) is dropped after its interrupt was paid for: this is receive livelock.
 */
class PerPacketRxMode : public RxMode
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PerPacketRxMode();
    ~PerPacketRxMode() override;

    uint32_t GetNHeld() const override;

    /** @return frames in the backlog queue, not counting the one in processing */
    uint32_t GetBacklogLength() const;

    /**
     * @brief Get and restart the backlog's peak utilisation.
     * @return the backlog's peak occupancy (with the frame in processing) / B since the
     *          previous call */
    double TakePeakUtilization() override;

  protected:
    bool IsInterruptAbsorbed() const override;
    void DoHandleInterrupt() override;
    void DoDispose() override;

  private:
    /// The ISR's own cost was served: drain the ring.
    void IsrDone();
    /// The refill of the drained descriptors was served.
    void RefillDone();
    /// Move completed frames to the backlog; end the ISR when nothing is left.
    void Drain();
    /// Start protocol processing of the next backlog frame if the softirq is idle.
    void KickSoftirq();
    /// Protocol processing of the current frame ended.
    void ProtocolDone();

    uint32_t m_backlogSize{1024};  ///< B (attribute)
    RingFifo<RxFrame> m_backlog;   ///< frames waiting for protocol processing
    RxFrame m_current;             ///< frame in protocol processing
    bool m_processing{false};      ///< m_current is valid
    uint32_t m_peakBacklog{0};     ///< peak backlog occupancy since TakePeakUtilization
    bool m_isrActive{false};       ///< an ISR is running or queued
    uint32_t m_refilling{0};       ///< descriptors being refilled by the ISR
    Callback<void> m_isrDone;      ///< prebuilt callbacks: no allocation per packet
    Callback<void> m_refillDone;   ///< prebuilt callback
    Callback<void> m_protocolDone; ///< prebuilt callback
};

} // namespace ns3

#endif // PER_PACKET_RX_MODE_H
