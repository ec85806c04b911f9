/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "reusable-event.h"

#include "ns3/abort.h"
#include "ns3/simulator.h"

namespace ns3
{

ReusableEvent::Impl::Impl(const std::function<void()>& function)
    : m_function(function)
{
}

void
ReusableEvent::Impl::Notify()
{
    m_function();
}

ReusableEvent::ReusableEvent(std::function<void()> function)
    : m_function(std::move(function))
{
}

ReusableEvent::~ReusableEvent()
{
    Cancel();
}

ReusableEvent::ReusableEvent(ReusableEvent&& other) noexcept
    : m_function(std::move(other.m_function)),
      m_impls(std::move(other.m_impls)),
      m_id(other.m_id)
{
    other.m_id = EventId(); // the pending occurrence is this object's now
}

ReusableEvent&
ReusableEvent::operator=(ReusableEvent&& other) noexcept
{
    if (this != &other)
    {
        Cancel();
        m_function = std::move(other.m_function);
        m_impls = std::move(other.m_impls);
        m_id = other.m_id;
        other.m_id = EventId();
    }
    return *this;
}

Ptr<EventImpl>
ReusableEvent::Acquire()
{
    // Free: held only by this object (the simulator unrefs an event after running it or
    // when it is removed) and not cancelled.
    for (Ptr<Impl>& impl : m_impls)
    {
        if (impl && impl->GetReferenceCount() == 1 && !impl->IsCancelled())
        {
            return impl;
        }
    }
    // None free: replace a cancelled one, else one the simulator still holds (it keeps
    // its own reference until that occurrence has run).
    Ptr<Impl>& slot = !m_impls[0] || m_impls[0]->IsCancelled() ? m_impls[0] : m_impls[1];
    slot = Create<Impl>(m_function);
    return slot;
}

const EventId&
ReusableEvent::Schedule(const Time& delay)
{
    NS_ABORT_MSG_IF(!m_function, "ReusableEvent::Schedule: no function bound");
    m_id = EventId(); // drop this object's reference to the last occurrence
    m_id = Simulator::Schedule(delay, Acquire());
    return m_id;
}

void
ReusableEvent::Cancel()
{
    m_id.Cancel();
}

bool
ReusableEvent::IsPending() const
{
    return m_id.IsPending();
}

const EventId&
ReusableEvent::GetId() const
{
    return m_id;
}

} // namespace ns3
