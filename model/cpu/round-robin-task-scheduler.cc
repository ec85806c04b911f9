/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "round-robin-task-scheduler.h"

#include "ns3/nstime.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(RoundRobinTaskScheduler);

TypeId
RoundRobinTaskScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RoundRobinTaskScheduler")
            .SetParent<TaskScheduler>()
            .SetGroupName("Hostnet")
            .AddConstructor<RoundRobinTaskScheduler>()
            .AddAttribute("TimeSlice",
                          "Time slice of tasks sharing a core (default 3 ms: CFS's 6 ms "
                          "sched_latency shared by two tasks). Must be > 0.",
                          TimeValue(MilliSeconds(3)),
                          MakeTimeAccessor(&RoundRobinTaskScheduler::m_timeSlice),
                          MakeTimeChecker(NanoSeconds(1)));
    return tid;
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
