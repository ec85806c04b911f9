/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef COUNT_TIME_MODERATION_H
#define COUNT_TIME_MODERATION_H

#include "interrupt-moderation.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief ethtool rx-usecs + rx-frames together: the interrupt is asserted when either
 * limit is reached first.
 *
 * The first frame completed while no timer runs starts a timer of Usecs; every frame
 * counts. The interrupt is asserted when Frames frames have completed or when the timer
 * expires, whichever comes first; the count and the timer then start afresh (the next
 * frame starts a new timer). Reset (the host took the frames, or masked the interrupt)
 * clears both.
 *
 * Settings, as ethtool -C documents them:
 * - Usecs = 0, Frames = 1: every frame interrupts (moderation off, NoModeration);
 * - Usecs = 0, Frames = N > 1: count only (RxFramesModeration);
 * - Usecs = T > 0, Frames = 0: time only (RxUsecsModeration);
 * - Usecs = T > 0, Frames = N > 0: whichever first;
 * - Usecs = 0 and Frames = 0 would never interrupt: an error (NS_ABORT at initialization).
 */
class CountTimeModeration : public InterruptModeration
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    CountTimeModeration();
    ~CountTimeModeration() override;

  protected:
    void DoFrameCompleted(uint32_t bytes) override;
    void DoReset() override;
    void DoCheckConfig() const override;
    void DoDispose() override;

  private:
    /// The timer expired.
    void Expire();
    /// Assert the interrupt and start afresh.
    void Fire();

    Time m_usecs;         ///< rx-usecs (attribute)
    uint32_t m_frames{8}; ///< rx-frames (attribute)
    uint32_t m_count{0};  ///< frames since the last interrupt
    EventId m_timer;      ///< the running timer
};

} // namespace ns3

#endif // COUNT_TIME_MODERATION_H
