/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef NO_MODERATION_H
#define NO_MODERATION_H

#include "interrupt-moderation.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief No moderation: every completed frame asserts the Rx interrupt
 * (ethtool rx-usecs 0, rx-frames 1).
 */
class NoModeration : public InterruptModeration
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NoModeration() = default;

  protected:
    void DoFrameCompleted(uint32_t bytes) override;
    void DoReset() override;
};

} // namespace ns3

#endif // NO_MODERATION_H
