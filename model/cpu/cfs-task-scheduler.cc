/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "cfs-task-scheduler.h"

#include "ns3/assert.h"
#include "ns3/nstime.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(CfsTaskScheduler);

TypeId
CfsTaskScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CfsTaskScheduler")
            .SetParent<FairTaskScheduler>()
            .SetGroupName("Hostnet")
            .AddConstructor<CfsTaskScheduler>()
            .AddAttribute("SchedLatency",
                          "sysctl_sched_latency: the period in which every runnable task runs "
                          "once (with up to SchedLatency / MinGranularity tasks). Linux: 6 ms "
                          "x (1 + ilog2(min(CPUs, 8))); default 24 ms (8 or more CPUs). "
                          "Must be > 0.",
                          TimeValue(MilliSeconds(24)),
                          MakeTimeAccessor(&CfsTaskScheduler::m_schedLatency),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("MinGranularity",
                          "sysctl_sched_min_granularity: the shortest slice. Linux: 0.75 ms x "
                          "(1 + ilog2(min(CPUs, 8))); default 3 ms. Must be > 0.",
                          TimeValue(MilliSeconds(3)),
                          MakeTimeAccessor(&CfsTaskScheduler::m_minGranularity),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("WakeupGranularity",
                          "sysctl_sched_wakeup_granularity: a woken task preempts the running "
                          "one only if its vruntime is smaller by more than this. Linux: 1 ms "
                          "x (1 + ilog2(min(CPUs, 8))); default 4 ms. Must be >= 0.",
                          TimeValue(MilliSeconds(4)),
                          MakeTimeAccessor(&CfsTaskScheduler::m_wakeupGranularity),
                          MakeTimeChecker(Time(0)));
    return tid;
}

Time
CfsTaskScheduler::Slice(size_t nRunning) const
{
    // sched_slice with equal weights: __sched_period(n) / n, at least min_granularity.
    int64_t n = std::max<size_t>(nRunning, 1);
    int64_t latency = m_schedLatency.GetTimeStep();
    int64_t minGran = m_minGranularity.GetTimeStep();
    int64_t nrLatency = (latency + minGran - 1) / minGran; // sched_nr_latency
    int64_t period = n > nrLatency ? n * minGran : latency;
    return TimeStep(std::max(period / n, minGran));
}

Time
CfsTaskScheduler::SliceLeft(uint32_t core) const
{
    const RunQueue& q = m_queues[core];
    return Slice(q.tasks.size()) - q.sliceUsed;
}

void
CfsTaskScheduler::Migrate(TaskId task, uint32_t from, uint32_t to)
{
    // CFS renormalises a migrating task's vruntime to the new run queue.
    m_entities[task].vruntime += m_queues[to].minVruntime - m_queues[from].minVruntime;
}

void
CfsTaskScheduler::Place(uint32_t core, TaskId task)
{
    // place_entity (GENTLE_FAIR_SLEEPERS): a sleeper gets at most half a sched_latency of
    // credit below min_vruntime, and never goes backwards.
    Entity& e = m_entities[task];
    int64_t credited = m_queues[core].minVruntime - m_schedLatency.GetTimeStep() / 2;
    e.vruntime = std::max(e.vruntime, credited);
}

int64_t
CfsTaskScheduler::WakeupPreempt(uint32_t core, TaskId task)
{
    // wakeup_preempt_entity: preempt if curr is ahead by more than the granularity.
    TaskId curr = GetHead(core);
    if (m_entities[curr].vruntime - m_entities[task].vruntime > m_wakeupGranularity.GetTimeStep())
    {
        return Pick(core, true);
    }
    return -1;
}

TaskScheduler::TaskId
CfsTaskScheduler::Pick(uint32_t core, bool hasCurr) const
{
    // pick_next_entity: the leftmost (smallest vruntime) task; curr only if strictly
    // smaller.
    const RunQueue& q = m_queues[core];
    NS_ASSERT(!q.tasks.empty());
    TaskId curr = q.tasks.front();
    int64_t best = -1;
    for (size_t i = hasCurr ? 1 : 0; i < q.tasks.size(); ++i)
    {
        TaskId id = q.tasks[i];
        if (best < 0 || m_entities[id].vruntime < m_entities[best].vruntime)
        {
            best = id;
        }
    }
    if (best < 0 || (hasCurr && m_entities[curr].vruntime < m_entities[best].vruntime))
    {
        return curr;
    }
    return best;
}

} // namespace ns3
