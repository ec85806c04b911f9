/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef RX_FRAMES_MODERATION_H
#define RX_FRAMES_MODERATION_H

#include "interrupt-moderation.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Count-based moderation with ethtool rx-frames semantics.
 *
 * The interrupt is asserted when Frames frames have completed since the last interrupt
 * (Salah et al. 2007's count-based coalescing with tau). Frames = 1 is normal interruption. There
 * is no timer: at low load frames wait for the count (add a time bound with the
 * count + time scheme).
 */
class RxFramesModeration : public InterruptModeration
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    RxFramesModeration() = default;

  protected:
    void DoFrameCompleted(uint32_t bytes) override;
    void DoReset() override;

  private:
    uint32_t m_frames{8}; ///< rx-frames (attribute)
    uint32_t m_count{0};  ///< frames since the last interrupt
};

} // namespace ns3

#endif // RX_FRAMES_MODERATION_H
