/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef DISABLE_ENABLE_RX_MODE_H
#define DISABLE_ENABLE_RX_MODE_H

#include "napi-rx-mode.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Interrupt disable-enable (Salah et al. 2007 Sec. 3.3).
 *
 * The ISR masks the Rx interrupt; protocol processing then runs until the ring is empty,
 * with no quota and no budget; a register write unmasks the interrupt
 * (RegisterWriteCost). It is NAPI without weight, netdev_budget or budget-usecs limits,
 * so it derives from NapiRxMode, sets the weight to infinity after construction (the
 * inherited Weight attribute is ignored) and is polled from a private
 * SoftnetData: it neither shares nor uses HostNetStack's NET_RX budget and never moves to
 * ksoftirqd (use NapiRxMode for a limited variant). The 1/nu of Salah et al. 2007 = write + ISR
 * + protocol of the first packet (0.5 + 3.73 + 5.34 us).
 */
class DisableEnableRxMode : public NapiRxMode
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    DisableEnableRxMode();

  protected:
    void NotifyConstructionCompleted() override;
    bool UsesSharedSoftnet() const override;
};

} // namespace ns3

#endif // DISABLE_ENABLE_RX_MODE_H
