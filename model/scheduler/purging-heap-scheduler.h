/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PURGING_HEAP_SCHEDULER_H
#define PURGING_HEAP_SCHEDULER_H

#include "ns3/event-impl.h"
#include "ns3/ptr.h"
#include "ns3/scheduler.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief An event list (a binary heap, like ns-3's PriorityQueueScheduler) that moves
 * cancelled events out of the way.
 *
 * EventId::Cancel only marks an event: it stays in the list until its time. ns-3's TCP
 * cancels and re-arms its retransmission (200 ms) and delayed-ACK timers on every
 * segment, so a run accumulates dead events at the segment rate for 200 ms: millions of
 * them at data-centre rates, each holding its EventImpl and deepening the list every live
 * event goes through. Whenever the heap has doubled since the last purge, this list moves
 * the cancelled events into a second heap that keeps only their keys (time, order,
 * context: 16 bytes), and releases their EventImpls. It hands them back at their time
 * (carrying one shared, cancelled EventImpl), so the simulator sees exactly the events,
 * times and order it would see with PriorityQueueScheduler or MapScheduler: the clock,
 * Simulator::GetEventCount and ns-3's own accounting of scheduled events are unchanged.
 * Remove (Simulator::Remove of a pending event) is linear, as in PriorityQueueScheduler.
 */
class PurgingHeapScheduler : public Scheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PurgingHeapScheduler();
    ~PurgingHeapScheduler() override;

    void Insert(const Event& ev) override;
    bool IsEmpty() const override;
    Event PeekNext() const override;
    Event RemoveNext() override;
    void Remove(const Event& ev) override;

    /** @return the events in the heap (live, or cancelled since the last purge) */
    std::size_t GetNHeld() const;
    /** @return the cancelled events moved out, waiting for their time as keys */
    std::size_t GetNPurged() const;
    /** @return the purges so far */
    uint64_t GetNPurges() const;

  private:
    /// Move the cancelled events of the heap into the key heap.
    void Purge();
    /// @return whether the next event is a purged one
    bool NextIsPurged() const;

    std::vector<Event> m_heap;      ///< min-heap of events (live, or cancelled unseen)
    std::vector<EventKey> m_purged; ///< min-heap of the keys of purged events
    std::size_t m_purgeAt;          ///< heap size that triggers the next purge
    uint64_t m_purges{0};           ///< purges so far
    Ptr<EventImpl> m_cancelled;     ///< what a purged event carries when handed back
};

} // namespace ns3

#endif /* PURGING_HEAP_SCHEDULER_H */
