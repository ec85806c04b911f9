/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "eevdf-task-scheduler.h"

#include "ns3/assert.h"
#include "ns3/boolean.h"
#include "ns3/nstime.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(EevdfTaskScheduler);

TypeId
EevdfTaskScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::EevdfTaskScheduler")
            .SetParent<FairTaskScheduler>()
            .SetGroupName("Hostnet")
            .AddConstructor<EevdfTaskScheduler>()
            .AddAttribute("BaseSlice",
                          "sysctl_sched_base_slice, the request size: virtual deadline = "
                          "vruntime + BaseSlice for nice-0 tasks. Linux: 0.75 ms x (1 + "
                          "ilog2(min(CPUs, 8))); default 3 ms, the value on hosts with 8 or "
                          "more CPUs. Must be > 0.",
                          TimeValue(MilliSeconds(3)),
                          MakeTimeAccessor(&EevdfTaskScheduler::m_baseSlice),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("RunToParity",
                          "Sched feature RUN_TO_PARITY: a task keeps the CPU against woken "
                          "tasks until its deadline while it stays eligible.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&EevdfTaskScheduler::m_runToParity),
                          MakeBooleanChecker());
    return tid;
}

int64_t
EevdfTaskScheduler::BaseSlice() const
{
    return m_baseSlice.GetTimeStep();
}

int64_t
EevdfTaskScheduler::AvgVruntime(uint32_t core) const
{
    // avg_vruntime: min_vruntime + sum(v_i - min_vruntime) / n, rounded down.
    const RunQueue& q = m_queues[core];
    int64_t n = q.tasks.size();
    if (n == 0)
    {
        return q.minVruntime;
    }
    int64_t sum = 0;
    for (auto id : q.tasks)
    {
        sum += m_entities[id].vruntime - q.minVruntime;
    }
    if (sum < 0)
    {
        sum -= n - 1;
    }
    return q.minVruntime + sum / n;
}

bool
EevdfTaskScheduler::IsEligible(uint32_t core, TaskId task) const
{
    // entity_eligible: v_t <= avg_vruntime, compared exactly as n * v_t <= sum(v_i).
    const RunQueue& q = m_queues[core];
    int64_t n = q.tasks.size();
    int64_t sum = 0;
    for (auto id : q.tasks)
    {
        sum += m_entities[id].vruntime - q.minVruntime;
    }
    return sum >= (m_entities[task].vruntime - q.minVruntime) * n;
}

void
EevdfTaskScheduler::RenewDeadline(uint32_t core, TaskId task)
{
    // update_deadline: a task that consumed its request gets a new one, vd = v + slice.
    Entity& e = m_entities[task];
    if (e.vruntime < e.deadline)
    {
        return;
    }
    int64_t slice = BaseSlice();
    e.deadline += ((e.vruntime - e.deadline) / slice + 1) * slice;
    RunQueue& q = m_queues[core];
    if (!q.tasks.empty() && q.tasks.front() == task)
    {
        q.runToParity = false;
    }
}

void
EevdfTaskScheduler::Charged(uint32_t core)
{
    // A lone task gets new slices without a reschedule (update_deadline with
    // nr_running == 1); with others queued, the expiry event does it.
    if (m_queues[core].tasks.size() == 1)
    {
        RenewDeadline(core, GetHead(core));
    }
}

void
EevdfTaskScheduler::Place(uint32_t core, TaskId task)
{
    // place_entity with PLACE_LAG: v = V - lag, the lag inflated by (n + 1) / n so that it
    // is still the task's lag once the task is in the average; no lag on an empty queue. A
    // wake-up gets a full request: vd = v + slice.
    Entity& e = m_entities[task];
    int64_t lag = 0;
    int64_t n = m_queues[core].tasks.size();
    if (n > 0)
    {
        lag = e.vlag * (n + 1) / n;
    }
    e.vruntime = AvgVruntime(core) - lag;
    e.deadline = e.vruntime + BaseSlice();
}

int64_t
EevdfTaskScheduler::WakeupPreempt(uint32_t core, TaskId task)
{
    // check_preempt_wakeup: preempt if pick_eevdf would choose the woken task.
    return Pick(core, true) == task ? static_cast<int64_t>(task) : -1;
}

TaskScheduler::TaskId
EevdfTaskScheduler::Pick(uint32_t core, bool hasCurr) const
{
    // pick_eevdf: the eligible task with the earliest virtual deadline; curr only if
    // strictly earlier; with RUN_TO_PARITY an eligible curr keeps its slice.
    const RunQueue& q = m_queues[core];
    NS_ASSERT(!q.tasks.empty());
    TaskId curr = q.tasks.front();
    bool currOk = hasCurr && IsEligible(core, curr);
    if (currOk && m_runToParity && q.runToParity)
    {
        return curr;
    }
    int64_t best = -1;
    for (size_t i = hasCurr ? 1 : 0; i < q.tasks.size(); ++i)
    {
        TaskId id = q.tasks[i];
        if (IsEligible(core, id) &&
            (best < 0 || m_entities[id].deadline < m_entities[best].deadline))
        {
            best = id;
        }
    }
    if (best < 0 || (currOk && m_entities[curr].deadline < m_entities[best].deadline))
    {
        NS_ASSERT(currOk);
        return curr;
    }
    return best;
}

void
EevdfTaskScheduler::Sleeping(uint32_t core, TaskId task)
{
    // update_entity_lag: lag = V - v, clamped to +-2 slices (TICK_NSEC is smaller).
    int64_t limit = 2 * BaseSlice();
    Entity& e = m_entities[task];
    e.vlag = std::clamp(AvgVruntime(core) - e.vruntime, -limit, limit);
}

void
EevdfTaskScheduler::PutPrev(uint32_t core, TaskId task)
{
    RenewDeadline(core, task);
}

void
EevdfTaskScheduler::Expire(uint32_t core)
{
    TaskId head = GetHead(core);
    NS_ASSERT(m_entities[head].vruntime >= m_entities[head].deadline);
    RenewDeadline(core, head);
    FairTaskScheduler::Expire(core);
}

Time
EevdfTaskScheduler::SliceLeft(uint32_t core) const
{
    const Entity& e = m_entities[GetHead(core)];
    return TimeStep(e.deadline - e.vruntime);
}

} // namespace ns3
