/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef MINIMUM_GAP_MODERATION_H
#define MINIMUM_GAP_MODERATION_H

#include "interrupt-moderation.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The Intel interrupt throttle (ITR/ITT) engine: a minimum gap between assertions.
 *
 * Shared by the throttling schemes, which only decide the gap: ThrottleModeration (a fixed
 * rate), E1000DynamicItrModeration (the e1000 dynamic rate) and BufferAdaptiveModeration
 * (Chang et al. 2008's T driven by socket-buffer utilisation). It has no attributes of its own and
 * is not created directly.
 *
 * Semantics (Intel 8254x/8257x software developer's manual, Interrupt Throttling register
 * ITR: a minimum inter-interrupt interval, in 256 ns units; Chang et al. 2008 Fig. 2):
 * - a frame completing when at least the gap has passed since the last assertion (or
 *   before any assertion) asserts the interrupt at once;
 * - otherwise one event is scheduled for the instant the gap expires (last assertion +
 *   gap) and asserts the interrupt then; frames completing meanwhile join it.
 *
 * The countdown is reloaded at each assertion and otherwise runs freely: Chang et al. 2008's Fig. 2
 * timer "resets and restarts its countdown" at zero, which under load (a cause pending at
 * every expiry, the regime the paper analyses) gives interrupts exactly one gap apart, as
 * here. When it expires with nothing pending the hardware waits for the next cause and
 * asserts at once, which is the first rule. No event is scheduled while idle.
 *
 * Reset (the host took every completed frame, or masked the interrupt) cancels a pending
 * assertion: the driver's ISR reads ICR, which clears the latched cause bits, so a
 * throttled cause whose frames the host has already taken produces no interrupt. Reset
 * does not reload the countdown (a register read does not touch the ITR timer): the next
 * assertion still keeps the gap from the last one.
 */
class MinimumGapModeration : public InterruptModeration
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    MinimumGapModeration();
    ~MinimumGapModeration() override;

    /** @return the current minimum gap between assertions */
    Time GetGap() const;

    /** @return true if an assertion is scheduled for the end of the gap */
    bool IsAssertionPending() const;

  protected:
    void DoFrameCompleted(uint32_t bytes) override;
    void DoReset() override;
    void DoPendingOnUnmask() override;
    void DoDispose() override;

    /**
     * @brief Set the minimum gap. A pending assertion moves to the last assertion plus
     * the new gap (or to now, if that has passed).
     * @param gap the gap (>= 0; 0 asserts for every frame)
     */
    void SetGap(Time gap);

    /**
     * @brief Hook: a frame completed (called before the throttle decides). Default: nothing.
     * @param bytes the frame size
     */
    virtual void NotifyFrame(uint32_t bytes);

    /**
     * @brief Hook: the interrupt is about to be asserted now. A subclass may call SetGap to
     * choose the gap to the next assertion. Default: nothing.
     */
    virtual void NotifyInterrupt();

  private:
    /// Assert the interrupt now and reload the countdown.
    void Assert();
    /// Assert now if the gap since the last assertion has passed, else at its end.
    void AssertAfterGap();

    Time m_gap{0};                ///< minimum gap between assertions
    Time m_lastInterrupt{0};      ///< last assertion
    bool m_hasInterrupted{false}; ///< an assertion happened
    EventId m_pending;            ///< assertion at the end of the gap
};

} // namespace ns3

#endif // MINIMUM_GAP_MODERATION_H
