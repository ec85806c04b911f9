/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef REUSABLE_EVENT_H
#define REUSABLE_EVENT_H

#include "ns3/event-id.h"
#include "ns3/event-impl.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <array>
#include <functional>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief One function scheduled again and again, one occurrence pending at a time, without
 * allocating an event each time.
 *
 * Simulator::Schedule allocates an EventImpl for every event and frees it after it ran.
 * The host model's per-packet events (a core's next state change, a DMA's end) are the
 * same function over and over, so this keeps two EventImpls calling it and schedules one
 * the simulator has released, through ns-3's public Simulator::Schedule(Time,
 * Ptr<EventImpl>). Two, because a function usually schedules its next occurrence while the
 * simulator still holds the one that is running. The simulator sees an ordinary event:
 * same time, same order (a new uid per Schedule), same EventId semantics.
 *
 * A cancelled EventImpl stays cancelled (ns-3 has no way back), so after Cancel the next
 * Schedule allocates a fresh one. Destroying or moving a ReusableEvent is safe while an
 * occurrence is pending: the destructor cancels it, and each EventImpl owns a copy of the
 * function.
 */
class ReusableEvent
{
  public:
    ReusableEvent() = default;
    /**
     * @brief Bind the function every occurrence calls.
     * @param function what runs at each occurrence's time
     */
    explicit ReusableEvent(std::function<void()> function);
    ~ReusableEvent();
    ReusableEvent(const ReusableEvent&) = delete;
    ReusableEvent& operator=(const ReusableEvent&) = delete;
    /**
     * @brief Move constructor (containers of per-core state grow).
     * @param other the event to take over, pending occurrence included
     */
    ReusableEvent(ReusableEvent&& other) noexcept;
    /**
     * @brief Move assignment: cancels this event's pending occurrence first.
     * @param other the event to take over
     * @return this
     */
    ReusableEvent& operator=(ReusableEvent&& other) noexcept;

    /**
     * @brief Schedule the function after @p delay (like Simulator::Schedule).
     *
     * The previous occurrence, if still pending, stays pending: cancel it first when it is
     * replaced.
     * @param delay time from now, not negative
     * @return the new occurrence's EventId
     */
    const EventId& Schedule(const Time& delay);
    /** @brief Cancel the pending occurrence, if any (like EventId::Cancel). */
    void Cancel();
    /** @return true if the last occurrence scheduled has neither run nor been cancelled */
    bool IsPending() const;
    /** @return the EventId of the last occurrence scheduled */
    const EventId& GetId() const;

  private:
    /// An EventImpl that calls its copy of the function.
    class Impl : public EventImpl
    {
      public:
        /// @param function the function to call
        explicit Impl(const std::function<void()>& function);

      protected:
        void Notify() override;

      private:
        std::function<void()> m_function; ///< what runs
    };

    /// @return an EventImpl the simulator does not hold and that is not cancelled
    Ptr<EventImpl> Acquire();

    std::function<void()> m_function; ///< what each occurrence runs
    std::array<Ptr<Impl>, 2> m_impls; ///< the EventImpls taken in turn
    EventId m_id;                     ///< the last occurrence scheduled
};

} // namespace ns3

#endif /* REUSABLE_EVENT_H */
