/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PURE_POLLING_RX_MODE_H
#define PURE_POLLING_RX_MODE_H

#include "rx-mode.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rx-ring.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Pure (FreeBSD-style) polling (Salah et al. 2007 Sec. 3.4, Fig. 4).
 *
 * Rx interrupts are off for good. A timer interrupt every PollPeriod (plus an optional
 * PollJitter sample, for soft timers) costs the device's PollOverheadCost (HARDIRQ) and
 * starts a poll cycle that processes at most Quota frames from the ring (SOFTIRQ,
 * ProtocolCost each). The ring is the protocol buffer.
 *
 * A tick that fires while the previous cycle is still running is handled by
 * TickDuringCycle: "waste" (the reading of Salah et al. 2007: the trigger is ignored but its
 * overhead is paid), "skip" (the tick is lost, no cost) or "defer" (remembered: a new cycle
 * starts as soon as the current one ends, with its overhead). With the deterministic costs of
 * Salah et al. 2007 (T_pollOH + Q/mu < T_poll) the case cannot arise; with exponential costs
 * it can.
 */
class PurePollingRxMode : public RxMode
{
  public:
    /// What a tick does while a poll cycle is running.
    enum TickPolicy : uint8_t
    {
        WASTE = 0, ///< pay the overhead, start nothing
        SKIP = 1,  ///< ignore the tick
        DEFER = 2  ///< start a cycle when the current one ends
    };

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PurePollingRxMode();
    ~PurePollingRxMode() override;

    void Attach(RxQueue* queue) override;
    uint32_t GetNHeld() const override;
    int64_t AssignStreams(int64_t stream) override;

    /** @return ticks that found a cycle running */
    uint64_t GetOverlappingTicks() const;

    /**
     * @brief Whether Attach masks the Rx interrupt and starts polling (default true);
     * HybridRxMode sets false and calls Start and Stop itself.
     * @param autoStart start at Attach
     */
    void SetAutoStart(bool autoStart);

    /** @return whether Attach starts polling (SetAutoStart) */
    bool IsAutoStart() const;

    /** @brief Mask the Rx interrupt and start the polling timer (a tick period from now). */
    void Start();

    /**
     * @brief Stop the polling timer; @p stopped runs once no poll cycle is running.
     * @param stopped called when polling has stopped
     */
    void Stop(Callback<void> stopped);

    /** @return true while the timer runs */
    bool IsRunning() const;

  protected:
    void DoDispose() override;
    bool IsInterruptAbsorbed() const override;
    void DoHandleInterrupt() override;

  private:
    /// Start the polling timer (in the node's context).
    void StartTimer();
    /// The polling timer fired.
    void Tick();
    /// Start a poll cycle: timer interrupt overhead first.
    void StartCycle();
    /// The overhead was paid: poll.
    void OverheadDone();
    /// Process the next frame if the quota allows, else end the cycle.
    void PollNext();
    /// Protocol processing of the current frame ended.
    void PacketDone();

    Time m_period;                      ///< T_poll (attribute)
    uint32_t m_quota{3};                ///< Q (attribute)
    Ptr<RandomVariableStream> m_jitter; ///< added to each period (attribute)
    TickPolicy m_policy{WASTE};         ///< ticks during a cycle (attribute)

    bool m_cycleActive{false};     ///< a poll cycle runs
    bool m_tickPending{false};     ///< DEFER: a tick waits for the cycle to end
    bool m_processing{false};      ///< m_current is valid
    uint32_t m_cyclePackets{0};    ///< frames in the current cycle
    uint64_t m_overlaps{0};        ///< ticks during a cycle
    RxFrame m_current;             ///< frame in protocol processing
    EventId m_tick;                ///< next timer interrupt
    Callback<void> m_overheadDone; ///< prebuilt callbacks
    Callback<void> m_packetDone;   ///< prebuilt callback
    Callback<void> m_wasteDone;    ///< overhead of a wasted tick (no follow-up)
    bool m_autoStart{true};        ///< start at Attach
    bool m_running{false};         ///< the timer runs
    Callback<void> m_stopped;      ///< pending Stop notification
};

} // namespace ns3

#endif // PURE_POLLING_RX_MODE_H
