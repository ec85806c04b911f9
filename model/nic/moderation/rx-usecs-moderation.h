/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RX_USECS_MODERATION_H
#define RX_USECS_MODERATION_H

#include "interrupt-moderation.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Time-based moderation with ethtool rx-usecs semantics.
 *
 * The first frame completed while no timer runs starts a timer of Interval; when it
 * expires the interrupt is asserted. Frames completed meanwhile join the same interrupt
 * (the aggregation interval of Gebert et al. 2016; the time-based coalescing with T of Salah
 * et al. 2007). Interval 0 asserts at once, which is normal interruption.
 */
class RxUsecsModeration : public InterruptModeration
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    RxUsecsModeration();
    ~RxUsecsModeration() override;

    bool IgnoresFrames() const override;

  protected:
    void DoFrameCompleted(uint32_t bytes) override;
    void DoReset() override;
    void DoDispose() override;

  private:
    /// The timer expired.
    void Expire();

    Time m_interval; ///< rx-usecs (attribute)
    EventId m_timer; ///< the running timer
};

} // namespace ns3

#endif // RX_USECS_MODERATION_H
