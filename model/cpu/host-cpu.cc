/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "host-cpu.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
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
            .AddAttribute("Scheduler",
                          "How runnable tasks share a core (an ns3::TaskScheduler, whose "
                          "attributes are its sysctls): ns3::RoundRobinTaskScheduler "
                          "(TimeSlice, no wake-up preemption: the hosts of the 2000s papers), "
                          "ns3::EevdfTaskScheduler (Linux 6.6 and later: BaseSlice, "
                          "RunToParity) or ns3::CfsTaskScheduler (Linux up to 6.5: "
                          "SchedLatency, MinGranularity, WakeupGranularity), e.g. "
                          "\"ns3::CfsTaskScheduler[SchedLatency=12ms]\". Set it before any "
                          "task is created; each HostCpu needs its own.",
                          StringValue("ns3::RoundRobinTaskScheduler"),
                          MakePointerAccessor(&HostCpu::SetScheduler, &HostCpu::GetScheduler),
                          MakePointerChecker<TaskScheduler>())
            .AddAttribute("Locality",
                          "Where the cores are (ns3::CpuLocality: NumaNodes, NicNumaNode, "
                          "RemoteNumaFactor, CrossCoreCopyFactor) and what that does to "
                          "network work on them.",
                          StringValue("ns3::CpuLocality"),
                          MakePointerAccessor(&HostCpu::m_locality),
                          MakePointerChecker<CpuLocality>())
            .AddAttribute("ContextSwitchCost",
                          "CPU time of a switch between two different tasks on a core, paid "
                          "by the task that gets the CPU before its work (not scaled by "
                          "Speed). 0 = free; modern x86 hosts: about 1-3 us with cache "
                          "effects. Must be >= 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostCpu::m_contextSwitchCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("WakeupCost",
                          "CPU time of waking a sleeping task (try_to_wake_up and the "
                          "enqueue), paid by the woken task on its core before its work (not "
                          "scaled by Speed). 0 = free. Must be >= 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostCpu::m_wakeupCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("TimerIrqCost",
                          "CPU time of a local timer interrupt that expires an hrtimer "
                          "(hrtimer_interrupt: entry, the expiry, exit; the timer's callback "
                          "is charged by its owner): gro_flush_timeout and "
                          "irq_suspend_timeout expiries (napi_watchdog) and epoll_wait "
                          "timeouts. Scaled by Speed like the other costs. 0 = free (the 2000s "
                          "papers' hosts). Must be >= 0.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&HostCpu::m_timerIrqCost),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Interference",
                          "What contexts sharing a core cost each other (ns3::CacheInterference: "
                          "RefillTime, EvictionWork): the cache refill a context pays when it "
                          "resumes after other contexts ran on its core. Off by default.",
                          StringValue("ns3::CacheInterference"),
                          MakePointerAccessor(&HostCpu::m_interference),
                          MakePointerChecker<CacheInterference>())
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
        c.eventPending = false;
        c.irqQueues[0].clear();
        c.irqQueues[1].clear();
    }
    if (m_sched)
    {
        m_sched->Clear();
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
        for (uint32_t core = 0; core < m_nCores; ++core)
        {
            m_cores[core].lastUpdate = Simulator::Now();
            m_cores[core].event = ReusableEvent([this, core] { HandleEvent(core); });
        }
        m_windowStart = Simulator::Now();
        m_sched->SetNCores(m_nCores);
    }
}

void
HostCpu::SetScheduler(Ptr<TaskScheduler> scheduler)
{
    if (scheduler == m_sched)
    {
        return;
    }
    NS_ABORT_MSG_IF(!scheduler, "HostCpu::Scheduler: empty; allowed: an ns3::TaskScheduler");
    NS_ABORT_MSG_IF(!m_tasks.empty(),
                    "HostCpu::Scheduler can be changed only before the first task is "
                    "created (tasks exist on this CPU)");
    if (!m_cores.empty())
    {
        scheduler->SetNCores(m_cores.size());
    }
    m_sched = scheduler;
}

Ptr<TaskScheduler>
HostCpu::GetScheduler() const
{
    return m_sched;
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
    NS_ABORT_MSG_IF(core != ANY_CORE && core >= m_cores.size(),
                    "HostCpu::CreateTask: core "
                        << core << " does not exist (NCores = " << m_cores.size() << ")");
    Task t;
    t.name = name;
    t.kernel = kernel;
    t.pinned = core != ANY_CORE;
    t.core = t.pinned ? core : 0;
    m_tasks.push_back(std::move(t));
    m_sched->AddTask();
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
    if (level == HARDIRQ && cost.IsZero() && !c.inCompletion && c.running != HARDIRQ)
    {
        RunZeroCost(core, done);
        return;
    }
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
HostCpu::RunZeroCost(uint32_t core, const Callback<void>& done)
{
    // A zero-cost handler starts and ends now: its completion runs inline instead of in an
    // event of its own, and the work it interrupts keeps its event (its remaining time is
    // unchanged). Statistics and traces are those of the event-driven path: a preemption of
    // zero length, the level changes there and back, one completed job.
    Core& c = m_cores[core];
    Update(core);
    Level old = c.running;
    if (old != IDLE)
    {
        c.preemptions++;
    }
    m_levelChangeTrace(core, old, HARDIRQ);
    c.running = HARDIRQ;
    c.jobsCompleted++;
    Time completingStart = m_completingStart;
    m_completingStart = Simulator::Now();
    RunCompletion(core, done);
    m_completingStart = completingStart;
    c.running = old;
    // Work the handler submitted waits in the queues; re-plan only if it outranks what ran
    // (the interrupted work's event stays valid otherwise).
    bool outranked = (old > HARDIRQ && !c.irqQueues[HARDIRQ].empty()) ||
                     (old > SOFTIRQ && !c.irqQueues[SOFTIRQ].empty()) ||
                     (old == IDLE && !m_sched->IsEmpty(core)) ||
                     (old == TASK && static_cast<int64_t>(m_sched->GetHead(core)) != c.currTask);
    if (outranked)
    {
        c.running = HARDIRQ; // for Dispatch's level-change trace: from the handler
        Dispatch(core);
    }
    else
    {
        m_levelChangeTrace(core, HARDIRQ, old);
    }
}

void
HostCpu::RunCompletion(uint32_t core, const Callback<void>& done)
{
    Core& c = m_cores[core];
    c.inCompletion = true;
    int64_t wakingCore = m_wakingCore;
    m_wakingCore = core;
    if (!done.IsNull())
    {
        done();
    }
    m_wakingCore = wakingCore;
    c.inCompletion = false;
}

void
HostCpu::SubmitTask(TaskId task, Time cost, const Callback<void>& done)
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::SubmitTask: unknown task " << task);
    NS_ABORT_MSG_IF(cost.IsStrictlyNegative(), "HostCpu::SubmitTask: negative cost " << cost);
    Task& t = m_tasks[task];
    t.work.push_back(Work{Scale(cost), done});
    if (t.spinPending)
    {
        // New work goes ahead of the task's spin, which stays last.
        const std::size_t n = t.work.size();
        Core& c = m_cores[t.core];
        const bool spinRuns =
            n == 2 && c.running == TASK && !c.inCompletion && m_sched->GetHead(t.core) == task;
        if (spinRuns)
        {
            Update(t.core);
        }
        std::swap(t.work[n - 1], t.work[n - 2]);
        if (spinRuns)
        {
            Dispatch(t.core);
        }
    }
    if (t.inRunQueue)
    {
        return;
    }
    t.wakeCharge = m_wakeupCost;
    if (!t.pinned)
    {
        uint32_t prev = t.core;
        t.core = SelectCore(t);
        if (t.core != prev)
        {
            m_sched->Migrate(task, prev, t.core);
        }
    }
    uint32_t core = t.core;
    Core& c = m_cores[core];
    Update(core); // update_curr before the enqueue
    t.inRunQueue = true;
    bool replan = m_sched->Enqueue(core, task);
    if (m_sched->GetQueue(core).size() > 1 && m_sched->GetHead(core) == task)
    {
        NS_LOG_LOGIC("core " << core << ": " << t.name << " preempts the running task");
    }
    // An idle core starts; a new head or a slice clock that starts now re-plans the event.
    if (!c.inCompletion && (c.running == IDLE || (c.running == TASK && replan)))
    {
        Dispatch(core);
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
    bool running = c.running == TASK && m_sched->GetHead(t.core) == task;
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

void
HostCpu::SubmitSpin(TaskId task, Time longest, const Callback<void>& done)
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::SubmitSpin: unknown task " << task);
    NS_ABORT_MSG_IF(m_tasks[task].spinPending, "HostCpu::SubmitSpin: the task spins already");
    NS_ABORT_MSG_IF(longest.IsStrictlyNegative(), "HostCpu::SubmitSpin: negative time");
    SubmitTask(task, longest, done);
    Task& t = m_tasks[task];
    t.work[t.work.size() - 1].remaining = longest; // elapsed time: Speed does not scale it
    t.spinPending = true;
}

void
HostCpu::CutSpin(TaskId task)
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::CutSpin: unknown task " << task);
    Task& t = m_tasks[task];
    if (!t.spinPending)
    {
        return;
    }
    if (t.work.size() == 1)
    {
        CutTaskWork(task); // the spin is the oldest item: it may run now
        return;
    }
    t.work[t.work.size() - 1].remaining = Time(0); // waits behind the task's other work
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
    for (auto id : m_sched->GetQueue(core))
    {
        n += m_tasks[id].work.size();
    }
    return n;
}

HostCpu::Work&
HostCpu::HeadWork(uint32_t core, Level level)
{
    if (level == TASK)
    {
        return m_tasks[m_sched->GetHead(core)].work.front();
    }
    return m_cores[core].irqQueues[level].front();
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
    c.busyClock += elapsed;
    if (c.running != TASK)
    {
        HeadWork(core, c.running).remaining -= elapsed;
        return;
    }
    // The switch / wake-up overhead is served first, then the head work item.
    Time toWork = elapsed;
    if (c.overhead.IsStrictlyPositive())
    {
        Time served = Min(c.overhead, elapsed);
        c.overhead -= served;
        toWork -= served;
    }
    HeadWork(core, TASK).remaining -= toWork;
    Task& t = m_tasks[m_sched->GetHead(core)];
    t.used += elapsed;
    if (t.kernel)
    {
        c.kernelTaskTime += elapsed;
    }
    m_sched->Charge(core, elapsed);
}

void
HostCpu::Dispatch(uint32_t core)
{
    Core& c = m_cores[core];
    Level old = c.running;
    const int64_t previousTask = c.currTask;
    Level next = IDLE;
    if (!c.irqQueues[HARDIRQ].empty())
    {
        next = HARDIRQ;
    }
    else if (!c.irqQueues[SOFTIRQ].empty())
    {
        next = SOFTIRQ;
    }
    else if (!m_sched->IsEmpty(core))
    {
        next = TASK;
    }
    c.running = next;
    if (c.eventPending)
    {
        // Replaced by a new plan (preemption, a new head task): only then is it still pending.
        c.event.Cancel();
        c.eventPending = false;
    }
    const bool interference = m_interference->IsEnabled();
    if (next == IDLE)
    {
        c.currTask = -1;
        if (interference)
        {
            SwitchContext(core, IDLE, 0);
        }
    }
    else if (next == TASK)
    {
        c.currTask = m_sched->GetHead(core);
    }
    if (next != IDLE)
    {
        if (next == TASK)
        {
            TaskId id = m_sched->GetHead(core);
            Task& t = m_tasks[id];
            if (c.lastTask != static_cast<int64_t>(id))
            {
                // A switch between two different tasks (not from an idle core's last task).
                c.overhead = c.lastTask >= 0 ? m_contextSwitchCost : Time(0);
                c.lastTask = id;
            }
            if (t.wakeCharge.IsStrictlyPositive())
            {
                c.overhead += t.wakeCharge;
                t.wakeCharge = Time(0);
            }
        }
        if (interference)
        {
            SwitchContext(core, next, next == TASK ? c.currTask : 0);
        }
        Work& w = HeadWork(core, next);
        if (w.firstStart.IsStrictlyNegative())
        {
            w.firstStart = Simulator::Now();
        }
        Time delay = w.remaining;
        if (next == TASK)
        {
            delay += c.overhead;
        }
        if (next == TASK && m_sched->GetQueue(core).size() > 1)
        {
            Time sliceLeft = m_sched->SliceLeft(core);
            if (sliceLeft < delay)
            {
                delay = Max(sliceLeft, Time(0));
            }
        }
        c.event.Schedule(delay);
        c.eventPending = true;
    }
    if (old != next)
    {
        NS_LOG_LOGIC("core " << core << " level " << +old << " -> " << +next);
        m_levelChangeTrace(core, old, next);
    }
    if (next == TASK && previousTask >= 0 && c.currTask != previousTask)
    {
        // The scheduler took the core from a task that still has work: need_resched.
        const Task& t = m_tasks[previousTask];
        if (t.inRunQueue && !t.preempted.IsNull())
        {
            Callback<void> notify = t.preempted;
            notify();
        }
    }
}

void
HostCpu::HandleEvent(uint32_t core)
{
    Core& c = m_cores[core];
    c.eventPending = false;
    Update(core);
    NS_ASSERT(c.running != IDLE);
    Work& w = HeadWork(core, c.running);
    if (w.remaining.IsStrictlyPositive() || (c.running == TASK && c.overhead.IsStrictlyPositive()))
    {
        // The head task's slice is used up: the policy picks the next head.
        NS_ASSERT(c.running == TASK);
        m_sched->Expire(core);
        Dispatch(core);
        return;
    }
    Callback<void> done = w.done;
    m_completingStart = w.firstStart;
    bool task = c.running == TASK;
    TaskId completing = task ? m_sched->GetHead(core) : 0;
    if (task)
    {
        Task& t = m_tasks[completing];
        if (t.spinPending && t.work.size() == 1)
        {
            t.spinPending = false; // the spin, always the last item, ends
        }
        t.work.pop_front();
    }
    else
    {
        c.irqQueues[c.running].pop_front();
    }
    c.jobsCompleted++;
    // Work submitted by the callback is picked up by the single Dispatch below.
    RunCompletion(core, done);
    // A task without work leaves the run queue. Under the fair policies the callback may
    // have let a woken task preempt, so the completing task need not be the head any more;
    // under round robin a task that queued more work from its completion keeps the CPU for
    // the rest of its slice (a loop in a thread does not yield).
    if (task && m_tasks[completing].work.empty())
    {
        m_tasks[completing].inRunQueue = false;
        m_sched->Dequeue(core, completing);
    }
    Dispatch(core);
}

void
HostCpu::SwitchContext(uint32_t core, Level next, TaskId head)
{
    Core& c = m_cores[core];
    int64_t context = ContextOf(next, head);
    if (context == c.context)
    {
        return;
    }
    // The context that held the core stops: remember how much the core had run by then.
    if (c.context >= 0)
    {
        Task& old = m_tasks[c.context];
        old.stopClock = c.busyClock;
        old.stopCore = core;
    }
    else if (c.context != IDLE_CONTEXT)
    {
        c.irqStop[-2 - c.context] = c.busyClock;
    }
    c.context = context;
    if (next == IDLE)
    {
        return;
    }
    // The new one refills what the others evicted since it last ran here.
    Time stop;
    if (next == TASK)
    {
        const Task& t = m_tasks[context];
        stop = t.stopCore == core ? t.stopClock : Time(-1);
    }
    else
    {
        stop = c.irqStop[next];
    }
    Time refill =
        m_interference->GetRefill(stop.IsStrictlyNegative() ? Time(-1) : c.busyClock - stop);
    if (refill.IsZero())
    {
        return;
    }
    c.interference[next] += refill;
    if (next == TASK)
    {
        m_tasks[context].interference += refill;
        c.overhead += refill;
    }
    else
    {
        HeadWork(core, next).remaining += refill;
    }
}

void
HostCpu::SetPreemptNotifier(TaskId task, const Callback<void>& notify)
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::SetPreemptNotifier: unknown task " << task);
    m_tasks[task].preempted = notify;
}

void
HostCpu::SubmitTimer(const Callback<void>& done, uint32_t core)
{
    if (m_timerIrqCost.IsZero())
    {
        if (!done.IsNull())
        {
            done();
        }
        return;
    }
    Submit(HARDIRQ, m_timerIrqCost, MakeCallback(&HostCpu::TimerDone, this).Bind(core, done), core);
}

void
HostCpu::TimerDone(uint32_t core, Callback<void> done)
{
    Core& c = m_cores[core];
    c.timerTime += Scale(m_timerIrqCost);
    c.timerExpiries++;
    if (!done.IsNull())
    {
        done();
    }
}

bool
HostCpu::NeedResched(uint32_t core) const
{
    if (core >= m_cores.size())
    {
        return false;
    }
    const Core& c = m_cores[core];
    return !m_sched->IsEmpty(core) && static_cast<int64_t>(m_sched->GetHead(core)) != c.currTask;
}

bool
HostCpu::IsCoreIdle(uint32_t core) const
{
    const Core& c = m_cores[core];
    return c.irqQueues[HARDIRQ].empty() && c.irqQueues[SOFTIRQ].empty() && m_sched->IsEmpty(core);
}

uint32_t
HostCpu::SelectCore(const Task& t) const
{
    // Simplified select_task_rq_fair / select_idle_sibling: previous core if idle, else the
    // waking core (wake-affine) if idle, else the lowest-numbered idle core, else the
    // previous core.
    if (IsCoreIdle(t.core))
    {
        return t.core;
    }
    if (m_wakingCore >= 0 && IsCoreIdle(m_wakingCore))
    {
        return m_wakingCore;
    }
    for (uint32_t i = 0; i < m_cores.size(); ++i)
    {
        if (IsCoreIdle(i))
        {
            return i;
        }
    }
    return t.core;
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
        c.interference.fill(Time(0));
        c.timerTime = Time(0);
        c.timerExpiries = 0;
    }
    for (auto& t : m_tasks)
    {
        t.used = Time(0);
        t.interference = Time(0);
    }
    m_windowStart = Simulator::Now();
}

void
HostCpu::AccumulateStats(uint32_t core, HostCpuStats& stats) const
{
    const Core& c = m_cores[core];
    // Time of the running work since the last state change is not yet charged: add it.
    std::array<Time, 4> level = c.levelTime;
    Time kernel = c.kernelTaskTime;
    Time pending = Simulator::Now() - c.lastUpdate;
    level[c.running] += pending;
    if (c.running == TASK && m_tasks[m_sched->GetHead(core)].kernel)
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
    stats.hardIrqInterferenceShare += c.interference[HARDIRQ].GetSeconds();
    stats.softIrqInterferenceShare += c.interference[SOFTIRQ].GetSeconds();
    stats.taskInterferenceShare += c.interference[TASK].GetSeconds();
    stats.timerShare += c.timerTime.GetSeconds();
    stats.timerExpiries += c.timerExpiries;
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
        stats.hardIrqInterferenceShare /= stats.elapsed;
        stats.softIrqInterferenceShare /= stats.elapsed;
        stats.taskInterferenceShare /= stats.elapsed;
        stats.timerShare /= stats.elapsed;
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
        stats.hardIrqInterferenceShare = undefined;
        stats.softIrqInterferenceShare = undefined;
        stats.taskInterferenceShare = undefined;
        stats.timerShare = undefined;
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
    NS_ABORT_MSG_IF(core >= m_cores.size(), "HostCpu::GetCoreStats: no core " << core);
    AccumulateStats(core, stats);
    stats.elapsed = (Simulator::Now() - m_windowStart).GetSeconds();
    NormalizeStats(stats);
    return stats;
}

HostCpuStats
HostCpu::GetStats() const
{
    HostCpuStats stats;
    for (uint32_t i = 0; i < m_cores.size(); ++i)
    {
        AccumulateStats(i, stats);
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
    if (c.running == TASK && m_sched->GetHead(t.core) == task)
    {
        used += Simulator::Now() - c.lastUpdate;
    }
    return used;
}

Time
HostCpu::GetTaskInterference(TaskId task) const
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::GetTaskInterference: unknown task " << task);
    return m_tasks[task].interference;
}

uint32_t
HostCpu::GetTaskCore(TaskId task) const
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::GetTaskCore: unknown task " << task);
    return m_tasks[task].core;
}

Time
HostCpu::GetTaskVruntime(TaskId task) const
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::GetTaskVruntime: unknown task " << task);
    return m_sched->GetVruntime(task);
}

Time
HostCpu::GetTaskDeadline(TaskId task) const
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::GetTaskDeadline: unknown task " << task);
    return m_sched->GetDeadline(task);
}

Time
HostCpu::GetTaskLag(TaskId task) const
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::GetTaskLag: unknown task " << task);
    return m_sched->GetLag(task);
}

std::string
HostCpu::GetTaskName(TaskId task) const
{
    NS_ABORT_MSG_IF(task >= m_tasks.size(), "HostCpu::GetTaskName: unknown task " << task);
    return m_tasks[task].name;
}

} // namespace ns3
