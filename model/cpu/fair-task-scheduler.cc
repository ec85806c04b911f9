/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "fair-task-scheduler.h"

#include "ns3/assert.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(FairTaskScheduler);

TypeId
FairTaskScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::FairTaskScheduler").SetParent<TaskScheduler>().SetGroupName("Hostnet");
    return tid;
}

void
FairTaskScheduler::Charge(uint32_t core, Time elapsed)
{
    TaskScheduler::Charge(core, elapsed);
    // update_curr: nice-0 weight, so vruntime advances with CPU time.
    m_entities[GetHead(core)].vruntime += elapsed.GetTimeStep();
    Charged(core);
    UpdateMinVruntime(core);
}

bool
FairTaskScheduler::Enqueue(uint32_t core, TaskId task)
{
    Place(core, task);
    PushBack(core, task);
    RunQueue& q = m_queues[core];
    if (q.tasks.size() == 1)
    {
        q.runToParity = true;
        q.sliceUsed = Time(0);
        return true;
    }
    int64_t head = WakeupPreempt(core, task);
    if (head >= 0)
    {
        SetHead(core, head);
    }
    // A second task starts the head's slice or deadline clock: plan the next event again.
    return true;
}

void
FairTaskScheduler::Dequeue(uint32_t core, TaskId task)
{
    Sleeping(core, task);
    bool wasHead = GetHead(core) == task;
    Erase(core, task);
    RunQueue& q = m_queues[core];
    if (wasHead)
    {
        q.sliceUsed = Time(0);
        if (!q.tasks.empty())
        {
            TaskId next = Pick(core, false);
            Erase(core, next);
            q.tasks.insert(q.tasks.begin(), next);
            q.runToParity = true;
        }
    }
}

void
FairTaskScheduler::Expire(uint32_t core)
{
    SetHead(core, Pick(core, true));
}

void
FairTaskScheduler::Charged(uint32_t /* core */)
{
}

void
FairTaskScheduler::Sleeping(uint32_t /* core */, TaskId /* task */)
{
}

void
FairTaskScheduler::PutPrev(uint32_t /* core */, TaskId /* task */)
{
}

void
FairTaskScheduler::SetHead(uint32_t core, TaskId task)
{
    RunQueue& q = m_queues[core];
    q.runToParity = true;
    q.sliceUsed = Time(0);
    TaskId old = q.tasks.front();
    if (old == task)
    {
        return;
    }
    q.tasks.erase(q.tasks.begin());
    Erase(core, task);
    q.tasks.insert(q.tasks.begin(), task);
    q.tasks.push_back(old);
    PutPrev(core, old);
}

void
FairTaskScheduler::UpdateMinVruntime(uint32_t core)
{
    RunQueue& q = m_queues[core];
    if (q.tasks.empty())
    {
        return;
    }
    int64_t m = std::numeric_limits<int64_t>::max();
    for (auto id : q.tasks)
    {
        m = std::min(m, m_entities[id].vruntime);
    }
    q.minVruntime = std::max(q.minVruntime, m);
}

} // namespace ns3
