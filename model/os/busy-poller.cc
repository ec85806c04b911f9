/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "busy-poller.h"

#include "host-net-stack.h"
#include "napi-busy-poll.h"
#include "rx-mode.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BusyPoller");

NS_OBJECT_ENSURE_REGISTERED(BusyPoller);

TypeId
BusyPoller::GetTypeId()
{
    static TypeId tid = TypeId("ns3::BusyPoller")
                            .SetParent<Object>()
                            .SetGroupName("Hostnet")
                            .AddConstructor<BusyPoller>();
    return tid;
}

BusyPoller::BusyPoller()
{
    NS_LOG_FUNCTION(this);
    m_spinDone = MakeCallback(&BusyPoller::SpinDone, this);
    m_frameArrived = MakeCallback(&BusyPoller::FrameArrived, this);
    m_frameDone = MakeCallback(&BusyPoller::FrameDone, this);
}

BusyPoller::~BusyPoller()
{
    NS_LOG_FUNCTION(this);
}

void
BusyPoller::DoDispose()
{
    m_startEvent.Cancel();
    if (m_napi)
    {
        m_napi->GetBusyPoll()->SetBusyPollWaiter(Callback<void>());
    }
    m_napi = nullptr;
    m_nextNapi = nullptr;
    m_lastDelivering = nullptr;
    m_cpu = nullptr;
    m_hasData = Callback<bool>();
    m_resume = Callback<void>();
    m_spinDone = Callback<void>();
    m_frameArrived = Callback<void>();
    m_frameDone = Callback<void>();
    Object::DoDispose();
}

void
BusyPoller::Setup(Ptr<HostCpu> cpu,
                  HostCpu::TaskId task,
                  Time timeout,
                  uint32_t budget,
                  Callback<bool> hasData,
                  Callback<void> resume)
{
    NS_ABORT_MSG_IF(!timeout.IsStrictlyPositive(), "BusyPoller: the busy-poll time must be > 0");
    NS_ABORT_MSG_IF(budget == 0, "BusyPoller: the busy-poll budget must be >= 1");
    m_cpu = cpu;
    m_task = task;
    m_timeout = timeout;
    m_budget = budget;
    m_hasData = hasData;
    m_resume = resume;
}

Ptr<BusyPoller>
BusyPoller::Install(Ptr<Node> node,
                    HostCpu::TaskId task,
                    Time timeout,
                    uint32_t budget,
                    Callback<bool> hasData,
                    Callback<void> resume,
                    const std::string& owner)
{
    NS_ABORT_MSG_IF(!HostNetStack::GetOrCreate(node)->HasBusyPollContext(),
                    owner << " > 0 needs a HostNetDevice with a NAPI receive mode (a NAPI "
                             "scheme such as napi, time-<T>us, net-dim, or a modern preset) on "
                             "node "
                          << node->GetId());
    auto poller = CreateObject<BusyPoller>();
    poller->Setup(node->GetObject<HostCpu>(), task, timeout, budget, hasData, resume);
    return poller;
}

void
BusyPoller::NoteDelivery(const HostNetStack& stack)
{
    RxMode* context = stack.GetDeliveringContext();
    if (context && context != m_lastDelivering)
    {
        m_lastDelivering = context;
        // sk_can_busy_loop: only a context that can be busy-polled is remembered.
        SetNapi(context->Supports(RxMode::BUSY_POLL) ? Ptr<RxMode>(context) : nullptr);
    }
}

void
BusyPoller::SetNapi(Ptr<RxMode> napi)
{
    m_nextNapi = napi;
}

Ptr<RxMode>
BusyPoller::GetNapi() const
{
    return m_nextNapi;
}

uint64_t
BusyPoller::GetNoContext() const
{
    return m_noContext;
}

void
BusyPoller::Start()
{
    if (m_active || m_startEvent.IsPending())
    {
        return;
    }
    m_startEvent = Simulator::Schedule(TimeStep(2), [this] { Begin(); });
}

void
BusyPoller::Begin()
{
    NS_LOG_FUNCTION(this);
    if (m_active)
    {
        return;
    }
    if (!m_nextNapi)
    {
        // sk_can_busy_loop: no NAPI id yet; the read sleeps.
        m_noContext++;
        return;
    }
    m_napi = m_nextNapi;
    m_active = true;
    m_deadline = Simulator::Now() + m_timeout;
    Step();
}

void
BusyPoller::Interrupt()
{
    m_startEvent.Cancel();
    if (!m_active)
    {
        return;
    }
    m_stop = true;
    if (m_spinning)
    {
        m_cpu->CutSpin(m_task);
    }
}

void
BusyPoller::Step()
{
    if (m_hasData())
    {
        m_active = false;
        m_stop = false;
        m_resume();
        return;
    }
    if (m_stop)
    {
        m_active = false;
        m_stop = false;
        return;
    }
    Time now = Simulator::Now();
    if (now >= m_deadline)
    {
        // sk_busy_loop_timeout: give up and sleep until the softirq wakes the socket.
        m_active = false;
        m_timeouts++;
        return;
    }
    if (m_napi->GetBusyPoll()->BusyPollOwn())
    {
        // napi_busy_loop: the task owns the context for one call of up to m_budget frames.
        m_work = 0;
        PollNext();
        return;
    }
    // Nothing to poll (empty ring, or the softirq owns the context): spin.
    m_spinning = true;
    m_spinStart = now;
    m_napi->GetBusyPoll()->SetBusyPollWaiter(m_frameArrived);
    m_cpu->SubmitSpin(m_task, m_deadline - now, m_spinDone);
}

void
BusyPoller::PollNext()
{
    if (m_work >= m_budget || !m_napi->GetBusyPoll()->BusyPollFrame(m_task, m_frameDone))
    {
        // busy_poll_stop: give the context back, then poll again, spin or stop.
        m_napi->GetBusyPoll()->BusyPollRelease(m_work);
        Step();
    }
}

void
BusyPoller::FrameDone()
{
    m_work++;
    PollNext();
}

void
BusyPoller::FrameArrived()
{
    if (m_spinning)
    {
        m_cpu->CutSpin(m_task);
    }
}

void
BusyPoller::Wake()
{
    if (m_spinning)
    {
        m_cpu->CutSpin(m_task);
    }
}

void
BusyPoller::SpinDone()
{
    m_spinning = false;
    m_spinTime += Simulator::Now() - m_spinStart;
    m_napi->GetBusyPoll()->SetBusyPollWaiter(Callback<void>());
    Step();
}

bool
BusyPoller::IsActive() const
{
    return m_active;
}

Time
BusyPoller::GetSpinTime() const
{
    return m_spinTime;
}

uint64_t
BusyPoller::GetTimeouts() const
{
    return m_timeouts;
}

} // namespace ns3
