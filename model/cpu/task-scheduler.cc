/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "task-scheduler.h"

#include "ns3/abort.h"
#include "ns3/assert.h"

#include <algorithm>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(TaskScheduler);

TypeId
TaskScheduler::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TaskScheduler").SetParent<Object>().SetGroupName("Hostnet");
    return tid;
}

TaskScheduler::TaskScheduler() = default;

TaskScheduler::~TaskScheduler() = default;

void
TaskScheduler::SetNCores(uint32_t nCores)
{
    NS_ABORT_MSG_IF(nCores == 0, "TaskScheduler::SetNCores: 0 cores");
    NS_ABORT_MSG_IF(!m_queues.empty(),
                    GetInstanceTypeId().GetName()
                        << " already serves a HostCpu: one scheduler serves one HostCpu (set "
                           "HostCpu::Scheduler as a StringValue, e.g. "
                           "\"ns3::EevdfTaskScheduler[BaseSlice=3ms]\", which makes one per "
                           "CPU, not as a PointerValue shared by several)");
    m_queues.resize(nCores);
}

uint32_t
TaskScheduler::GetNCores() const
{
    return m_queues.size();
}

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
