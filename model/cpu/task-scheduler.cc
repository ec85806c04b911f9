/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "task-scheduler.h"

#include "ns3/assert.h"

#include <algorithm>

namespace ns3
{

TaskScheduler::TaskScheduler(uint32_t nCores)
    : m_queues(nCores)
{
}

TaskScheduler::~TaskScheduler() = default;

void
TaskScheduler::AddTask()
{
    m_entities.emplace_back();
}

const std::vector<TaskScheduler::TaskId>&
TaskScheduler::GetQueue(uint32_t core) const
{
    return m_queues[core].tasks;
}

bool
TaskScheduler::IsEmpty(uint32_t core) const
{
    return m_queues[core].tasks.empty();
}

TaskScheduler::TaskId
TaskScheduler::GetHead(uint32_t core) const
{
    NS_ASSERT(!m_queues[core].tasks.empty());
    return m_queues[core].tasks.front();
}

void
TaskScheduler::Charge(uint32_t core, Time elapsed)
{
    m_queues[core].sliceUsed += elapsed;
}

void
TaskScheduler::Migrate(TaskId /* task */, uint32_t /* from */, uint32_t /* to */)
{
}

Time
TaskScheduler::GetVruntime(TaskId task) const
{
    return TimeStep(m_entities.at(task).vruntime);
}

Time
TaskScheduler::GetDeadline(TaskId task) const
{
    return TimeStep(m_entities.at(task).deadline);
}

Time
TaskScheduler::GetLag(TaskId task) const
{
    return TimeStep(m_entities.at(task).vlag);
}

void
TaskScheduler::Clear()
{
    for (auto& q : m_queues)
    {
        q.tasks.clear();
    }
    m_entities.clear();
}

void
TaskScheduler::PushBack(uint32_t core, TaskId task)
{
    m_queues[core].tasks.push_back(task);
}

void
TaskScheduler::Erase(uint32_t core, TaskId task)
{
    auto& tasks = m_queues[core].tasks;
    auto it = std::find(tasks.begin(), tasks.end(), task);
    NS_ASSERT(it != tasks.end());
    tasks.erase(it);
}

} // namespace ns3
