/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "epoll-instance.h"

#include "napi-busy-poll.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("EpollInstance");

NS_OBJECT_ENSURE_REGISTERED(EpollInstance);

TypeId
EpollInstance::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::EpollInstance")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<EpollInstance>()
            .AddAttribute("BusyPollUsecs",
                          "busy_poll_usecs of EPIOCSPARAMS (Linux 6.9): how long epoll_wait "
                          "busy-polls the NAPI context of its items before it sleeps, in "
                          "microseconds (0..2147483647; 0 = no busy polling unless "
                          "PreferBusyPoll, which then makes one poll call).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&EpollInstance::m_busyPollUsecs),
                          MakeUintegerChecker<uint32_t>(0, std::numeric_limits<int32_t>::max()))
            .AddAttribute("BusyPollBudget",
                          "busy_poll_budget of EPIOCSPARAMS: frames per busy poll call "
                          "(1..65535; Linux's default BUSY_POLL_BUDGET is 8, above 64 needs "
                          "CAP_NET_ADMIN).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&EpollInstance::m_busyPollBudget),
                          MakeUintegerChecker<uint16_t>(1))
            .AddAttribute("PreferBusyPoll",
                          "prefer_busy_poll of EPIOCSPARAMS: busy polling takes precedence "
                          "over the softirq (the NAPI context is marked when the softirq "
                          "holds it; busy_poll_stop arms the context's timer) and, with the "
                          "context's IrqSuspendTimeout > 0, IRQs stay suspended while "
                          "epoll_wait returns events.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&EpollInstance::m_preferBusyPoll),
                          MakeBooleanChecker())
            .AddAttribute("MaxEvents",
                          "maxevents of epoll_wait: ready items returned per call (>= 1; "
                          "libevent starts with 32).",
                          UintegerValue(32),
                          MakeUintegerAccessor(&EpollInstance::m_maxEvents),
                          MakeUintegerChecker<uint32_t>(1));
    return tid;
}

EpollInstance::EpollInstance()
{
    NS_LOG_FUNCTION(this);
    BuildCallbacks();
}

void
EpollInstance::BuildCallbacks()
{
    m_frameDone = MakeCallback(&EpollInstance::FrameDone, this);
    m_spinDone = MakeCallback(&EpollInstance::SpinDone, this);
    m_frameArrived = MakeCallback(&EpollInstance::FrameArrived, this);
    m_stopped = MakeCallback(&EpollInstance::BusyLoopStopped, this);
    m_woken = MakeCallback(&EpollInstance::Woken, this);
    m_timerFired = MakeCallback(&EpollInstance::TimerFired, this);
    m_preempted = MakeCallback(&EpollInstance::Preempted, this);
    m_yieldStopped = MakeCallback(&EpollInstance::YieldStopped, this);
}

EpollInstance::EpollInstance(const EpollInstance& other)
    : Object(other),
      m_busyPollUsecs(other.m_busyPollUsecs),
      m_busyPollBudget(other.m_busyPollBudget),
      m_preferBusyPoll(other.m_preferBusyPoll),
      m_maxEvents(other.m_maxEvents)
{
    BuildCallbacks();
}

EpollInstance::~EpollInstance()
{
    NS_LOG_FUNCTION(this);
}

void
EpollInstance::DoDispose()
{
    m_sleepTimer.Cancel();
    if (m_loopNapi)
    {
        m_loopNapi->GetBusyPoll()->SetBusyPollWaiter(Callback<void>());
    }
    m_cpu = nullptr;
    m_stack = nullptr;
    m_napi = nullptr;
    m_loopNapi = nullptr;
    m_returned = ReturnCallback();
    m_frameDone = Callback<void>();
    m_spinDone = Callback<void>();
    m_frameArrived = Callback<void>();
    m_stopped = Callback<void>();
    m_woken = Callback<void>();
    m_timerFired = Callback<void>();
    m_preempted = Callback<void>();
    m_yieldStopped = Callback<void>();
    Object::DoDispose();
}

void
EpollInstance::Setup(Ptr<HostCpu> cpu,
                     HostCpu::TaskId task,
                     Ptr<HostNetStack> stack,
                     uint32_t items)
{
    m_cpu = cpu;
    m_task = task;
    m_stack = stack;
    SetItems(items);
    m_cpu->SetPreemptNotifier(m_task, m_preempted);
}

void
EpollInstance::SetItems(uint32_t items)
{
    if (items > m_linked.size())
    {
        m_linked.resize(items, false);
    }
}

const EpollStats&
EpollInstance::GetStats() const
{
    return m_stats;
}

void
EpollInstance::ResetStats()
{
    m_stats = EpollStats();
}

uint32_t
EpollInstance::GetBusyPollUsecs() const
{
    return m_busyPollUsecs;
}

bool
EpollInstance::GetPreferBusyPoll() const
{
    return m_preferBusyPoll;
}

bool
EpollInstance::IsWaiting() const
{
    return m_waiting;
}

Ptr<RxMode>
EpollInstance::GetNapi() const
{
    return m_napi;
}

void
EpollInstance::NotifyReady(uint32_t item)
{
    NS_ASSERT_MSG(item < m_linked.size(), "EpollInstance: item " << item << " not added");
    // ep_set_busy_poll_napi_id: only while busy polling is on, and only a context that can
    // be busy-polled.
    if (m_busyPollUsecs > 0 || m_preferBusyPoll)
    {
        RxMode* context = m_stack ? m_stack->GetDeliveringContext() : nullptr;
        if (context && context != PeekPointer(m_napi) && context->Supports(RxMode::BUSY_POLL))
        {
            m_napi = context;
        }
    }
    if (!m_linked[item])
    {
        m_linked[item] = true;
        m_ready.push_back(item);
    }
    if (m_sleeping)
    {
        // ep_poll_callback wakes the waiter.
        m_sleeping = false;
        m_sleepTimer.Cancel();
        m_cpu->SubmitTask(m_task, Time(0), m_woken);
    }
    else if (m_spinning)
    {
        m_cpu->CutSpin(m_task); // ep_busy_loop_end: events available
    }
}

void
EpollInstance::Wait(int32_t timeoutMs, const ReturnCallback& returned)
{
    NS_ABORT_MSG_IF(m_waiting, "EpollInstance: epoll_wait called while one is in progress");
    NS_ABORT_MSG_IF(timeoutMs < -1,
                    "EpollInstance: epoll_wait timeout " << timeoutMs
                                                         << " ms; allowed: -1, 0 or > 0");
    m_waiting = true;
    m_returned = returned;
    m_timeoutMs = timeoutMs;
    m_stats.waits++;
    Step();
}

void
EpollInstance::Step()
{
    if (!m_ready.empty())
    {
        ReturnEvents();
        return;
    }
    if (m_timeoutMs == 0)
    {
        ReturnEmpty(); // non-blocking: ep_poll returns before ep_busy_loop
        return;
    }
    if ((m_busyPollUsecs > 0 || m_preferBusyPoll) && m_napi)
    {
        StartBusyLoop();
        return;
    }
    Sleep();
}

void
EpollInstance::ReturnEvents()
{
    uint32_t n = std::min<uint32_t>(m_maxEvents, m_ready.size());
    m_out.clear();
    for (uint32_t i = 0; i < n; ++i)
    {
        uint32_t item = m_ready.front();
        m_ready.pop_front();
        m_linked[item] = false;
        m_out.push_back(item);
    }
    m_stats.withEvents++;
    m_stats.events += n;
    if (m_preferBusyPoll && m_napi)
    {
        // ep_suspend_napi_irqs: napi_suspend_irqs(ep->napi_id).
        m_napi->GetBusyPoll()->SuspendIrqs();
        m_stats.suspends++;
    }
    m_waiting = false;
    ReturnCallback returned = m_returned;
    returned(m_out);
}

void
EpollInstance::ReturnEmpty()
{
    m_stats.timeouts++;
    m_out.clear();
    m_waiting = false;
    ReturnCallback returned = m_returned;
    returned(m_out);
}

void
EpollInstance::StartBusyLoop()
{
    NS_LOG_FUNCTION(this);
    m_stats.busyLoops++;
    m_loopNapi = m_napi;
    m_loopDeadline = Simulator::Now() + MicroSeconds(m_busyPollUsecs);
    m_owned = m_loopNapi->GetBusyPoll()->BusyLoopTake(m_preferBusyPoll);
    if (m_owned)
    {
        m_stats.busyLoopTakes++;
    }
    LoopIteration();
}

void
EpollInstance::LoopIteration()
{
    if (m_owned)
    {
        m_callWork = 0;
        PollNext();
        return;
    }
    LoopCheck();
}

void
EpollInstance::PollNext()
{
    if (m_callWork < m_busyPollBudget &&
        m_loopNapi->GetBusyPoll()->BusyPollFrame(m_task, m_frameDone))
    {
        return;
    }
    m_loopNapi->GetBusyPoll()->BusyLoopCallEnded(m_callWork);
    m_stats.busyFrames += m_callWork;
    LoopCheck();
}

void
EpollInstance::FrameDone()
{
    m_callWork++;
    PollNext();
}

bool
EpollInstance::LoopEnds() const
{
    return !m_ready.empty() || Simulator::Now() >= m_loopDeadline;
}

void
EpollInstance::LoopCheck()
{
    if (LoopEnds())
    {
        EndBusyLoop();
        return;
    }
    if (m_owned && m_callWork > 0)
    {
        LoopIteration(); // the ring may hold more
        return;
    }
    // Nothing to poll (empty ring, or the softirq holds the context): spin as one work item
    // until a frame reaches memory, an item is ready, or the time is up.
    m_spinning = true;
    m_spinStart = Simulator::Now();
    m_loopNapi->GetBusyPoll()->SetBusyPollWaiter(m_frameArrived);
    m_cpu->SubmitSpin(m_task, m_loopDeadline - Simulator::Now(), m_spinDone);
}

void
EpollInstance::FrameArrived()
{
    if (m_spinning)
    {
        m_cpu->CutSpin(m_task);
    }
}

void
EpollInstance::Preempted()
{
    if (!m_spinning || !m_owned)
    {
        return; // need_resched is looked at between poll calls; none of the context to give
    }
    // napi_busy_loop: need_resched() -> busy_poll_stop (its last poll finds the ring empty:
    // the loop was spinning), cond_resched; the loop restarts when the thread runs again.
    m_owned = false;
    m_stats.yields++;
    m_loopNapi->GetBusyPoll()->SetBusyPollWaiter(Callback<void>());
    m_loopNapi->GetBusyPoll()->BusyLoopStop(m_task, 0, m_preferBusyPoll, m_yieldStopped);
    m_cpu->CutSpin(m_task);
}

void
EpollInstance::YieldStopped()
{
}

void
EpollInstance::SpinDone()
{
    m_spinning = false;
    m_stats.spin += Simulator::Now() - m_spinStart;
    m_loopNapi->GetBusyPoll()->SetBusyPollWaiter(Callback<void>());
    if (LoopEnds())
    {
        EndBusyLoop();
        return;
    }
    if (!m_owned)
    {
        // Try to take the context again (napi_busy_loop's next iteration).
        m_owned = m_loopNapi->GetBusyPoll()->BusyLoopTake(m_preferBusyPoll);
        if (m_owned)
        {
            m_stats.busyLoopTakes++;
        }
        if (!m_owned)
        {
            m_callWork = 0;
            LoopCheck();
            return;
        }
    }
    LoopIteration();
}

void
EpollInstance::EndBusyLoop()
{
    if (m_owned)
    {
        m_owned = false;
        m_loopNapi->GetBusyPoll()->BusyLoopStop(m_task,
                                                m_busyPollBudget,
                                                m_preferBusyPoll,
                                                m_stopped);
        return;
    }
    BusyLoopStopped();
}

void
EpollInstance::BusyLoopStopped()
{
    Ptr<RxMode> napi = m_loopNapi;
    m_loopNapi = nullptr;
    if (!m_ready.empty())
    {
        ReturnEvents();
        return;
    }
    // ep_busy_loop timed out: resume IRQs (prefer_busy_poll) and drop the NAPI id until an
    // item with a valid one becomes ready.
    if (m_preferBusyPoll)
    {
        napi->GetBusyPoll()->ResumeIrqs();
        m_stats.resumes++;
    }
    m_napi = nullptr;
    Step();
}

void
EpollInstance::Sleep()
{
    m_sleeping = true;
    m_stats.sleeps++;
    if (m_timeoutMs > 0)
    {
        m_sleepTimer =
            Simulator::Schedule(MilliSeconds(m_timeoutMs), &EpollInstance::SleepTimeout, this);
    }
}

void
EpollInstance::SleepTimeout()
{
    // The timeout is an hrtimer (hrtimer_wakeup) that expires in the timer interrupt of the
    // sleeping thread's core (HostCpu::SubmitTimer); an item that becomes ready meanwhile
    // wakes the thread first.
    m_cpu->SubmitTimer(m_timerFired, m_cpu->GetTaskCore(m_task));
}

void
EpollInstance::TimerFired()
{
    if (!m_sleeping)
    {
        return;
    }
    m_sleeping = false;
    m_timeoutMs = 0; // timed out: the next Step returns what is ready, or 0
    m_cpu->SubmitTask(m_task, Time(0), m_woken);
}

void
EpollInstance::Woken()
{
    Step();
}

} // namespace ns3
