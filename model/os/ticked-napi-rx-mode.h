/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef TICKED_NAPI_RX_MODE_H
#define TICKED_NAPI_RX_MODE_H

#include "napi-rx-mode.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The NAPI of Salah et al. 2007 (Fig. 5): a poll tick instead of Linux's re-poll.
 *
 * The interrupt, the poll loop, completion and unmasking are NapiRxMode's. What differs is
 * what follows a poll call that used its whole Weight (quota Q; Salah et al. 2007: Q = 3):
 * - with frames left, the context leaves the poll list and the next poll call starts at the
 *   next tick of PollPeriod (T_poll = 20 us), paying the device's PollOverheadCost first;
 * - with the ring empty, the call completes at once (Linux would call poll once more and
 *   complete then).
 *
 * Scheme napi-salah2007 (HostNetDeviceHelper::SetScheme) uses it with Weight 3.
 */
class TickedNapiRxMode : public NapiRxMode
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TickedNapiRxMode();
    ~TickedNapiRxMode() override;

  protected:
    void DoDispose() override;
    void StartPollCall() override;
    bool RepollsAfterFullPoll() const override;
    void WeightExhausted() override;

  private:
    /// The poll tick fired: schedule a poll call that pays the overhead.
    void PollTimer();
    /// The poll overhead was paid: run the poll loop.
    void PollOverheadDone();

    Time m_pollPeriod{MicroSeconds(20)}; ///< T_poll (attribute)
    bool m_payPollOverhead{false};       ///< the next poll call starts with the overhead
    EventId m_tick;                      ///< the next poll tick
    Callback<void> m_overheadDone;       ///< prebuilt callback
};

} // namespace ns3

#endif // TICKED_NAPI_RX_MODE_H
