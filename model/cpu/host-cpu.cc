/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-cpu.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("HostCpu");

NS_OBJECT_ENSURE_REGISTERED(HostCpu);

TypeId
HostCpu::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::HostCpu")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<HostCpu>()
            .AddAttribute("NCores",
                          "Number of cores (independent schedulers). Must be >= 1; set it "
                          "before any work is submitted.",
                          UintegerValue(1),
                          MakeUintegerAccessor(&HostCpu::m_nCores),
                          MakeUintegerChecker<uint32_t>(1, 1024))
            .AddAttribute("Speed",
                          "Speed of a core relative to the CPU the submitted costs were "
                          "measured on: every cost runs in cost / Speed (2 = twice as fast). "
                          "Host presets state their reference CPU. Must be > 0.",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&HostCpu::m_speed),
                          MakeDoubleChecker<double>(1e-3, 1e3))
            .AddAttribute("TimeSlice",
                          "Round-robin time slice of TASK-level tasks sharing a core "
                          "(default 3 ms: CFS's 6 ms sched_latency shared by two tasks). "
                          "Must be > 0.",
                          TimeValue(MilliSeconds(3)),
                          MakeTimeAccessor(&HostCpu::m_timeSlice),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddTraceSource("LevelChange",
                            "The level running on a core changed (core, old, new).",
                            MakeTraceSourceAccessor(&HostCpu::m_levelChangeTrace),
                            "ns3::HostCpu::LevelChangeTracedCallback");
    return tid;
}

HostCpu::HostCpu()
{
    NS_LOG_FUNCTION(this);
}

HostCpu::~HostCpu()
{
    NS_LOG_FUNCTION(this);
}

Ptr<HostCpu>
HostCpu::GetOrCreate(Ptr<Node> node)
{
    NS_LOG_FUNCTION_NOARGS();
    NS_ABORT_MSG_IF(!node, "HostCpu::GetOrCreate: null node");
    Ptr<HostCpu> cpu = node->GetObject<HostCpu>();
    if (!cpu)
    {
        cpu = CreateObject<HostCpu>();
        node->AggregateObject(cpu);
    }
    return cpu;
}

void
HostCpu::DoInitialize()
{
    NS_LOG_FUNCTION(this);
    EnsureCores();
    Object::DoInitialize();
}

void
HostCpu::DoDispose()
{
    NS_LOG_FUNCTION(this);
    for (auto& c : m_cores)
    {
        c.event.Cancel();
        c.irqQueues[0].clear();
        c.irqQueues[1].clear();
        c.runQueue.clear();
    }
    m_tasks.clear();
    Object::DoDispose();
}

void
HostCpu::EnsureCores()
{
    if (m_cores.empty())
    {
        NS_ABORT_MSG_IF(m_nCores == 0, "HostCpu::NCores must be >= 1");
        m_cores.resize(m_nCores);
        for (auto& c : m_cores)
        {
            c.lastUpdate = Simulator::Now();
        }
        m_windowStart = Simulator::Now();
    }
}

uint32_t
HostCpu::GetNCores() const
{
    return m_cores.empty() ? m_nCores : m_cores.size();
}

double
HostCpu::GetSpeed() const
{
    return m_speed;
}

Time
HostCpu::Scale(Time cost) const
{
    if (m_speed == 1)
    {
        return cost;
    }
    return TimeStep(std::llround(cost.GetTimeStep() / m_speed));
}

HostCpu::TaskId
HostCpu::CreateTask(const std::string& name, bool kernel, uint32_t core)
{
    NS_LOG_FUNCTION(this << name << kernel << core);
    EnsureCores();
    NS_ABORT_MSG_IF(core >= m_cores.size(),
                    "HostCpu::CreateTask: core "
                        << core << " does not exist (NCores = " << m_cores.size() << ")");
    Task t;
    t.name = name;
    t.kernel = kernel;
    t.core = core;
    m_tasks.push_back(std::move(t));
    return m_tasks.size() - 1;
}

HostCpu::TaskId
HostCpu::GetKsoftirqd(uint32_t core)
{
    EnsureCores();
    NS_ABORT_MSG_IF(core >= m_cores.size(), "HostCpu::GetKsoftirqd: no core " << core);
    m_ksoftirqd.resize(m_cores.size(), -1);
    if (m_ksoftirqd[core] < 0)
    {
        m_ksoftirqd[core] = CreateTask("ksoftirqd/" + std::to_string(core), true, core);
    }
    return m_ksoftirqd[core];
}

void
HostCpu::Submit(Level level, Time cost, const Callback<void>& done, uint32_t core)
{
    EnsureCores();
    NS_ABORT_MSG_IF(level != HARDIRQ && level != SOFTIRQ,
                    "HostCpu::Submit: level must be HARDIRQ or SOFTIRQ; use SubmitTask for tasks");
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(), "HostCpu::Submit: negative cost " << cost);
    NS_ABORT_MSG_IF(core >= m_cores.size(), "HostCpu::Submit: no core " << core);
    Core& c = m_cores[core];
    c.irqQueues[level].push_back(Work{Scale(cost), done});
    // Same or higher level running: FIFO / priority order keeps the pending event valid.
    if (!c.inCompletion && c.running > level)
    {
        Update(core);
        if (c.running != IDLE)
        {
            c.preemptions++;
        }
        Dispatch(core);
    }
}

void
HostCpu::SubmitTask(TaskId task, Time cost, const Callback<void>& done)
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::SubmitTask: unknown task " << task);
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(), "HostCpu::SubmitTask: negative cost " << cost);
    Task& t = m_tasks[task];
    Core& c = m_cores[t.core];
    t.work.push_back(Work{Scale(cost), done});
    if (t.inRunQueue)
    {
        return;
    }
    t.inRunQueue = true;
    c.runQueue.push_back(task);
    // A second runnable task turns on time slicing for the running one; an idle core starts.
    if (!c.inCompletion && (c.running == IDLE || (c.running == TASK && c.runQueue.size() == 2)))
    {
        Update(t.core);
        Dispatch(t.core);
    }
}

void
HostCpu::CutTaskWork(TaskId task)
{
    NS_LOG_FUNCTION(this << task);
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::CutTaskWork: unknown task " << task);
    Task& t = m_tasks[task];
    if (t.work.empty())
    {
        return;
    }
    Core& c = m_cores[t.core];
    bool running = c.running == TASK && c.runQueue.front() == task;
    if (running)
    {
        Update(t.core);
    }
    t.work.front().remaining = Time(0);
    if (running && !c.inCompletion)
    {
        Dispatch(t.core);
    }
}

Time
HostCpu::GetCompletingWorkStart() const
{
    return m_completingStart;
}

HostCpu::Level
HostCpu::GetCurrentLevel(uint32_t core) const
{
    return m_cores.empty() ? IDLE : m_cores.at(core).running;
}

uint32_t
HostCpu::GetPendingWork(Level level, uint32_t core) const
{
    if (m_cores.empty())
    {
        return 0;
    }
    const Core& c = m_cores.at(core);
    if (level == HARDIRQ || level == SOFTIRQ)
    {
        return c.irqQueues[level].size();
    }
    uint32_t n = 0;
    for (auto id : c.runQueue)
    {
        n += m_tasks[id].work.size();
    }
    return n;
}

HostCpu::Work&
HostCpu::HeadWork(Core& c, Level level)
{
    if (level == TASK)
    {
        return m_tasks[c.runQueue.front()].work.front();
    }
    return c.irqQueues[level].front();
}

void
HostCpu::Update(uint32_t core)
{
    Core& c = m_cores[core];
    Time now = Simulator::Now();
    Time elapsed = now - c.lastUpdate;
    c.lastUpdate = now;
    if (elapsed.IsZero())
    {
        return;
    }
    c.levelTime[c.running] += elapsed;
    if (c.running == IDLE)
    {
        return;
    }
    HeadWork(c, c.running).remaining -= elapsed;
    if (c.running == TASK)
    {
        Task& t = m_tasks[c.runQueue.front()];
        t.used += elapsed;
        c.sliceUsed += elapsed;
        if (t.kernel)
        {
            c.kernelTaskTime += elapsed;
        }
    }
}

void
HostCpu::Dispatch(uint32_t core)
{
    Core& c = m_cores[core];
    Level old = c.running;
    Level next = IDLE;
    if (!c.irqQueues[HARDIRQ].empty())
    {
        next = HARDIRQ;
    }
    else if (!c.irqQueues[SOFTIRQ].empty())
    {
        next = SOFTIRQ;
    }
    else if (!c.runQueue.empty())
    {
        next = TASK;
    }
    c.running = next;
    c.event.Cancel();
    if (next != IDLE)
    {
        Work& w = HeadWork(c, next);
        if (w.firstStart.IsStrictlyNegative())
        {
            w.firstStart = Simulator::Now();
        }
        Time delay = w.remaining;
        if (next == TASK && c.runQueue.size() > 1)
        {
            Time sliceLeft = m_timeSlice - c.sliceUsed;
            if (sliceLeft < delay)
            {
                delay = Max(sliceLeft, Time(0));
            }
        }
        c.event = Simulator::Schedule(delay, &HostCpu::HandleEvent, this, core);
    }
    if (old != next)
    {
        NS_LOG_LOGIC("core " << core << " level " << +old << " -> " << +next);
        m_levelChangeTrace(core, old, next);
    }
}

void
HostCpu::HandleEvent(uint32_t core)
{
    Update(core);
    Core& c = m_cores[core];
    NS_ASSERT(c.running != IDLE);
    Work& w = HeadWork(c, c.running);
    if (w.remaining.IsStrictlyPositive())
    {
        // Slice expiry: the head task goes to the back of the run queue.
        NS_ASSERT(c.running == TASK);
        c.runQueue.push_back(c.runQueue.front());
        c.runQueue.pop_front();
        c.sliceUsed = Time(0);
        Dispatch(core);
        return;
    }
    Callback<void> done = w.done;
    m_completingStart = w.firstStart;
    bool task = c.running == TASK;
    if (task)
    {
        m_tasks[c.runQueue.front()].work.pop_front();
    }
    else
    {
        c.irqQueues[c.running].pop_front();
    }
    c.jobsCompleted++;
    // Work submitted by the callback is picked up by the single Dispatch below.
    c.inCompletion = true;
    if (!done.IsNull())
    {
        done();
    }
    c.inCompletion = false;
    if (task)
    {
        // A task that queued more work from its completion keeps the CPU for the rest of
        // its slice (a loop in a thread does not yield); one without work leaves the queue.
        TaskId id = c.runQueue.front();
        Task& t = m_tasks[id];
        if (t.work.empty())
        {
            c.runQueue.pop_front();
            t.inRunQueue = false;
            c.sliceUsed = Time(0);
        }
    }
    Dispatch(core);
}

void
HostCpu::ResetStats()
{
    NS_LOG_FUNCTION(this);
    EnsureCores();
    for (uint32_t i = 0; i < m_cores.size(); ++i)
    {
        Update(i);
        Core& c = m_cores[i];
        c.levelTime.fill(Time(0));
        c.kernelTaskTime = Time(0);
        c.jobsCompleted = 0;
        c.preemptions = 0;
    }
    for (auto& t : m_tasks)
    {
        t.used = Time(0);
    }
    m_windowStart = Simulator::Now();
}

void
HostCpu::AccumulateStats(const Core& c, HostCpuStats& stats) const
{
    // Time of the running work since the last state change is not yet charged: add it.
    std::array<Time, 4> level = c.levelTime;
    Time kernel = c.kernelTaskTime;
    Time pending = Simulator::Now() - c.lastUpdate;
    level[c.running] += pending;
    if (c.running == TASK && m_tasks[c.runQueue.front()].kernel)
    {
        kernel += pending;
    }
    stats.hardIrqShare += level[HARDIRQ].GetSeconds();
    stats.softIrqShare += level[SOFTIRQ].GetSeconds();
    stats.taskShare += level[TASK].GetSeconds();
    stats.kernelTaskShare += kernel.GetSeconds();
    stats.idleShare += level[IDLE].GetSeconds();
    stats.jobsCompleted += c.jobsCompleted;
    stats.preemptions += c.preemptions;
}

namespace
{
/// Turn the accumulated seconds of a stats record into shares of its window.
void
NormalizeStats(HostCpuStats& stats)
{
    if (stats.elapsed > 0)
    {
        stats.hardIrqShare /= stats.elapsed;
        stats.softIrqShare /= stats.elapsed;
        stats.taskShare /= stats.elapsed;
        stats.kernelTaskShare /= stats.elapsed;
        stats.idleShare /= stats.elapsed;
    }
    else
    {
        // An empty window has no shares (undefined, not idle).
        constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
        stats.hardIrqShare = undefined;
        stats.softIrqShare = undefined;
        stats.taskShare = undefined;
        stats.kernelTaskShare = undefined;
        stats.idleShare = undefined;
        stats.availability = undefined;
        return;
    }
    // Clamp the rounding of the subtraction (1 - 1 can print as -1e-16).
    stats.availability =
        std::clamp(1 - stats.hardIrqShare - stats.softIrqShare - stats.kernelTaskShare, 0.0, 1.0);
}
} // namespace

HostCpuStats
HostCpu::GetCoreStats(uint32_t core) const
{
    HostCpuStats stats;
    if (m_cores.empty())
    {
        return stats;
    }
    AccumulateStats(m_cores.at(core), stats);
    stats.elapsed = (Simulator::Now() - m_windowStart).GetSeconds();
    NormalizeStats(stats);
    return stats;
}

HostCpuStats
HostCpu::GetStats() const
{
    HostCpuStats stats;
    for (const auto& c : m_cores)
    {
        AccumulateStats(c, stats);
    }
    double cores = std::max<size_t>(m_cores.size(), 1);
    stats.elapsed = (Simulator::Now() - m_windowStart).GetSeconds() * cores;
    NormalizeStats(stats);
    return stats;
}

Time
HostCpu::GetTaskTime(TaskId task) const
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::GetTaskTime: unknown task " << task);
    const Task& t = m_tasks[task];
    Time used = t.used;
    const Core& c = m_cores[t.core];
    if (c.running == TASK && c.runQueue.front() == task)
    {
        used += Simulator::Now() - c.lastUpdate;
    }
    return used;
}

std::string
HostCpu::GetTaskName(TaskId task) const
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::GetTaskName: unknown task " << task);
    return m_tasks[task].name;
}

} // namespace ns3
