/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "purging-heap-scheduler.h"

#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>
#include <functional>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PurgingHeapScheduler");
NS_OBJECT_ENSURE_REGISTERED(PurgingHeapScheduler);

namespace
{
/// Heaps below this size are not purged (a scan would cost more than it saves).
constexpr std::size_t MIN_PURGE_SIZE = 4096;

/// The event a purged event carries when it is handed back: already cancelled.
class PurgedEvent : public EventImpl
{
  protected:
    void Notify() override
    {
        NS_ASSERT_MSG(false, "PurgingHeapScheduler: a purged event ran");
    }
};
} // namespace

TypeId
PurgingHeapScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::PurgingHeapScheduler")
                            .SetParent<Scheduler>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<PurgingHeapScheduler>();
    return tid;
}

PurgingHeapScheduler::PurgingHeapScheduler()
    : m_purgeAt(MIN_PURGE_SIZE),
      m_cancelled(Create<PurgedEvent>())
{
    m_cancelled->Cancel();
}

PurgingHeapScheduler::~PurgingHeapScheduler() = default;

void
PurgingHeapScheduler::Insert(const Event& ev)
{
    m_heap.push_back(ev);
    std::push_heap(m_heap.begin(), m_heap.end(), std::greater<>());
    if (m_heap.size() >= m_purgeAt)
    {
        Purge();
    }
}

void
PurgingHeapScheduler::Purge()
{
    ++m_purges;
    auto live = std::partition(m_heap.begin(), m_heap.end(), [](const Event& e) {
        return !e.impl->IsCancelled();
    });
    for (auto it = live; it != m_heap.end(); ++it)
    {
        m_purged.push_back(it->key);
        std::push_heap(m_purged.begin(), m_purged.end(), std::greater<>());
        it->impl->Unref(); // the list's reference: the EventImpl goes unless an EventId holds it
    }
    NS_LOG_LOGIC("purge " << m_purges << ": " << (m_heap.end() - live) << " of " << m_heap.size()
                          << " cancelled");
    m_heap.erase(live, m_heap.end());
    std::make_heap(m_heap.begin(), m_heap.end(), std::greater<>());
    m_purgeAt = std::max(MIN_PURGE_SIZE, 2 * m_heap.size());
}

bool
PurgingHeapScheduler::NextIsPurged() const
{
    return !m_purged.empty() && (m_heap.empty() || m_purged.front() < m_heap.front().key);
}

bool
PurgingHeapScheduler::IsEmpty() const
{
    return m_heap.empty() && m_purged.empty();
}

Scheduler::Event
PurgingHeapScheduler::PeekNext() const
{
    NS_ASSERT(!IsEmpty());
    if (NextIsPurged())
    {
        return Event{PeekPointer(m_cancelled), m_purged.front()};
    }
    return m_heap.front();
}

Scheduler::Event
PurgingHeapScheduler::RemoveNext()
{
    NS_ASSERT(!IsEmpty());
    if (NextIsPurged())
    {
        Event ev{PeekPointer(m_cancelled), m_purged.front()};
        std::pop_heap(m_purged.begin(), m_purged.end(), std::greater<>());
        m_purged.pop_back();
        ev.impl->Ref(); // the simulator releases the reference of every event it takes
        return ev;
    }
    std::pop_heap(m_heap.begin(), m_heap.end(), std::greater<>());
    Event ev = m_heap.back();
    m_heap.pop_back();
    return ev;
}

void
PurgingHeapScheduler::Remove(const Event& ev)
{
    // The simulator removes only pending events (a cancelled one counts as expired).
    auto it = std::find_if(m_heap.begin(), m_heap.end(), [&ev](const Event& e) {
        return e.key.m_uid == ev.key.m_uid && e.key.m_ts == ev.key.m_ts;
    });
    NS_ASSERT_MSG(it != m_heap.end(), "PurgingHeapScheduler::Remove: no such event");
    m_heap.erase(it);
    std::make_heap(m_heap.begin(), m_heap.end(), std::greater<>());
}

std::size_t
PurgingHeapScheduler::GetNHeld() const
{
    return m_heap.size();
}

std::size_t
PurgingHeapScheduler::GetNPurged() const
{
    return m_purged.size();
}

uint64_t
PurgingHeapScheduler::GetNPurges() const
{
    return m_purges;
}

} // namespace ns3
