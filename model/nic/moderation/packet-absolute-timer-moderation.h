/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PACKET_ABSOLUTE_TIMER_MODERATION_H
#define PACKET_ABSOLUTE_TIMER_MODERATION_H

#include "interrupt-moderation.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Intel receive packet timer + absolute timer (8254x RDTR + RADV).
 *
 * 8254x software developer's manual, Receive Interrupt Delay Timer (RDTR) and Receive
 * Interrupt Absolute Delay Timer (RADV):
 * - the packet timer (RDTR) is (re)started by every frame written back to host memory;
 *   when it expires the receive-timer interrupt (ICR.RXT0) is asserted. It fires when the
 *   link has been quiet for PacketTimer. PacketTimer 0 disables the delay: every frame
 *   asserts at once (and the absolute timer has no effect).
 * - the absolute timer (RADV) is started by the first frame after an interrupt and is not
 *   restarted by later frames, so a steady stream that keeps restarting the packet timer
 *   still gets an interrupt at most AbsoluteTimer after its first frame. AbsoluteTimer 0
 *   disables it (packet timer only).
 *
 * The interrupt is asserted when either expires; both are then cleared, as is a Reset
 * (the host took the frames or masked the interrupt). One event is pending at a time: it
 * is scheduled for the earlier deadline and, as the packet deadline only moves later while
 * frames arrive, it is re-armed lazily when it fires before the current earliest deadline
 * (no cancel/reschedule per frame).
 *
 * The registers count 1.024 us units (0-65535); times here are not quantised (give
 * multiples of 1.024 us to match the hardware exactly).
 */
class PacketAbsoluteTimerModeration : public InterruptModeration
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PacketAbsoluteTimerModeration();
    ~PacketAbsoluteTimerModeration() override;

  protected:
    void DoFrameCompleted(uint32_t bytes) override;
    void DoReset() override;
    void DoDispose() override;

  private:
    /// The pending event fired: assert if a deadline was reached, else re-arm.
    void Expire();
    /// @return the earlier of the running deadlines
    Time GetEarliestDeadline() const;

    Time m_packetTimer;            ///< RDTR (attribute)
    Time m_absoluteTimer;          ///< RADV (attribute)
    Time m_packetDeadline{0};      ///< packet timer expiry (valid while m_running)
    Time m_absoluteDeadline{0};    ///< absolute timer expiry (valid while m_absoluteRunning)
    bool m_running{false};         ///< frames wait for an interrupt
    bool m_absoluteRunning{false}; ///< the absolute timer runs
    EventId m_event;               ///< the one pending expiry
};

} // namespace ns3

#endif // PACKET_ABSOLUTE_TIMER_MODERATION_H
