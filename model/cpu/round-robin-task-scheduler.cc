/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "round-robin-task-scheduler.h"

namespace ns3
{

RoundRobinTaskScheduler::RoundRobinTaskScheduler(uint32_t nCores, const Time& timeSlice)
    : TaskScheduler(nCores),
      m_timeSlice(timeSlice)
{
}

bool
RoundRobinTaskScheduler::Enqueue(uint32_t core, TaskId task)
{
    PushBack(core, task);
    // A second runnable task starts the head's slice clock.
    return m_queues[core].tasks.size() == 2;
}

void
RoundRobinTaskScheduler::Dequeue(uint32_t core, TaskId task)
{
    bool wasHead = GetHead(core) == task;
    Erase(core, task);
    if (wasHead)
    {
        m_queues[core].sliceUsed = Time(0);
    }
}

void
RoundRobinTaskScheduler::Expire(uint32_t core)
{
    RunQueue& q = m_queues[core];
    q.tasks.push_back(q.tasks.front());
    q.tasks.erase(q.tasks.begin());
    q.sliceUsed = Time(0);
}

Time
RoundRobinTaskScheduler::SliceLeft(uint32_t core) const
{
    return m_timeSlice - m_queues[core].sliceUsed;
}

} // namespace ns3
