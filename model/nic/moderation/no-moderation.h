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

    /**
     * @brief Copy the configuration (the attribute values) of another object, not its state
     * (events, counters, callbacks, trace connections); Fork uses it.
     * @param other the object to copy
     */
    NoModeration(const NoModeration& other);

    Ptr<InterruptModeration> Fork() const override;

  protected:
    void DoFrameCompleted(uint32_t bytes) override;
    void DoReset() override;
};

} // namespace ns3

#endif // NO_MODERATION_H
