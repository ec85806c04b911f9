/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "app-thread.h"

#include "ns3/abort.h"

namespace ns3
{

void
AppThread::Create(Ptr<Node> node,
                  const std::string& name,
                  uint32_t core,
                  bool anyCore,
                  const std::string& attribute)
{
    m_cpu = HostCpu::GetOrCreate(node);
    bool valid = core < m_cpu->GetNCores() || (anyCore && core == HostCpu::ANY_CORE);
    NS_ABORT_MSG_IF(!valid,
                    attribute << " (" << core << ") must be < HostCpu::NCores ("
                              << m_cpu->GetNCores() << ")"
                              << (anyCore ? " or HostCpu::ANY_CORE" : ""));
    if (!m_exists)
    {
        m_task = m_cpu->CreateTask(name + "-" + std::to_string(node->GetId()), false, core);
        m_exists = true;
    }
}

void
AppThread::InstallBusyPoll(Ptr<Node> node,
                           Time timeout,
                           uint32_t budget,
                           Callback<bool> hasData,
                           Callback<void> resume,
                           const std::string& attribute)
{
    NS_ABORT_MSG_IF(!m_exists, "AppThread::InstallBusyPoll before Create");
    if (timeout.IsStrictlyPositive() && !m_busyPoller)
    {
        m_busyPoller =
            BusyPoller::Install(node, m_task, timeout, budget, hasData, resume, attribute);
    }
}

void
AppThread::Submit(Time cost, const Callback<void>& done) const
{
    m_cpu->SubmitTask(m_task, cost, done);
}

void
AppThread::NoteQueuedData(const HostNetStack& stack)
{
    if (m_busyPoller)
    {
        m_busyPoller->NoteDelivery(stack);
        if (m_busyPoller->IsActive())
        {
            m_busyPoller->Wake();
        }
    }
}

bool
AppThread::Exists() const
{
    return m_exists;
}

Ptr<HostCpu>
AppThread::GetCpu() const
{
    return m_cpu;
}

HostCpu::TaskId
AppThread::GetTask() const
{
    return m_task;
}

Ptr<BusyPoller>
AppThread::GetBusyPoller() const
{
    return m_busyPoller;
}

BusyPoller*
AppThread::PeekBusyPoller() const
{
    return PeekPointer(m_busyPoller);
}

Time
AppThread::GetCpuTime() const
{
    return m_exists && m_cpu ? m_cpu->GetTaskTime(m_task) : Time(0);
}

Time
AppThread::GetBusyPollSpinTime() const
{
    return m_busyPoller ? m_busyPoller->GetSpinTime() : Time(0);
}

void
AppThread::Dispose()
{
    if (m_busyPoller)
    {
        m_busyPoller->Dispose();
        m_busyPoller = nullptr;
    }
    m_cpu = nullptr;
}

} // namespace ns3
