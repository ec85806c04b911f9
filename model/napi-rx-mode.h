/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef NAPI_RX_MODE_H
#define NAPI_RX_MODE_H

#include "rx-mode.h"
#include "rx-ring.h"

#include "ns3/callback.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Linux NAPI: interrupt, then polling until the ring is empty.
 *
 * The ISR (HARDIRQ, IsrCost) masks the Rx interrupt and schedules the NAPI poll. The poll
 * runs in the NET_RX softirq and processes frames straight from the ring (the ring is the
 * protocol buffer: when it is full the NIC drops in its FIFO, without an interrupt), each
 * frame costing ProtocolCost plus the descriptor refill. A poll call handles at most
 * Weight frames; the NET_RX round goes on polling until NetdevBudget frames or
 * BudgetUsecs have been used, then the round ends (a softirq restart, Linux's
 * time_squeeze) and a new one begins. When a poll finds the ring empty the device leaves
 * polling: napi_complete, then the register write that unmasks the interrupt
 * (RegisterWriteCost); frames that arrived meanwhile fire the interrupt again at once.
 *
 * Deferral to ksoftirqd after repeated restarts and the seed 000 variant (next poll at
 * the next T_poll tick) come with the complete NAPI model.
 */
class NapiRxMode : public RxMode
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NapiRxMode();
    ~NapiRxMode() override;

    void HandleInterrupt() override;
    uint32_t GetNHeld() const override;

    /** @return true while the device is in polling mode (interrupt masked) */
    bool IsPolling() const;

  protected:
    void DoDispose() override;

  private:
    /// The ISR was served: mask and schedule the poll.
    void IsrDone();
    /// Start a NET_RX round with a fresh budget.
    void StartRound();
    /// Process the next frame, or leave polling if the ring is empty.
    void PollNext();
    /// Protocol processing of the current frame ended.
    void PacketDone();
    /// The ring is empty: complete and unmask.
    void Complete();
    /// The unmask register write was served.
    void UnmaskDone();

    uint32_t m_weight{64};        ///< frames per poll call (attribute)
    uint32_t m_netdevBudget{300}; ///< frames per NET_RX round (attribute)
    Time m_budgetTime;            ///< time per NET_RX round (attribute)

    bool m_isrActive{false};     ///< the ISR is running or queued
    bool m_polling{false};       ///< NAPI scheduled, interrupt masked
    bool m_processing{false};    ///< m_current is valid
    RxFrame m_current;           ///< frame in protocol processing
    uint32_t m_pollPackets{0};   ///< frames in the current poll call
    uint32_t m_roundPackets{0};  ///< frames in the current round
    Time m_roundStart;           ///< start of the current round
    Callback<void> m_isrDone;    ///< prebuilt callbacks: no allocation per packet
    Callback<void> m_packetDone; ///< prebuilt callback
    Callback<void> m_unmaskDone; ///< prebuilt callback
};

} // namespace ns3

#endif // NAPI_RX_MODE_H
