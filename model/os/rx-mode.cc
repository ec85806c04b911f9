/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "rx-mode.h"

#include "gro-engine.h"
#include "napi-busy-poll.h"
#include "rx-queue.h"

#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RxMode");

NS_OBJECT_ENSURE_REGISTERED(RxMode);

TypeId
RxMode::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RxMode")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddTraceSource("Interrupt",
                            "An Rx interrupt of this queue starts its handler (counted in the "
                            "device's interrupts; the device's Interrupt trace fires for every "
                            "queue).",
                            MakeTraceSourceAccessor(&RxMode::m_interruptTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("InterruptAbsorbed",
                            "An Rx interrupt of this queue was absorbed: a handler in service "
                            "takes its frames, or the mode polls.",
                            MakeTraceSourceAccessor(&RxMode::m_absorbedTrace),
                            "ns3::TracedCallback::Void")
            .AddTraceSource("Poll",
                            "A NAPI poll call or a polling cycle of this queue ended (the "
                            "frames it took).",
                            MakeTraceSourceAccessor(&RxMode::m_pollTrace),
                            "ns3::RxMode::PollTracedCallback")
            .AddTraceSource("BusyPoll",
                            "A busy poll call by an application's task ended (the frames it "
                            "took).",
                            MakeTraceSourceAccessor(&RxMode::m_busyPollTrace),
                            "ns3::RxMode::PollTracedCallback");
    return tid;
}

RxMode::RxMode()
{
    NS_LOG_FUNCTION(this);
}

RxMode::~RxMode()
{
    NS_LOG_FUNCTION(this);
}

std::string
RxMode::GetFeatureName(Feature feature)
{
    switch (feature)
    {
    case GRO:
        return "GRO";
    case LRO:
        return "LRO";
    case RPS:
        return "RPS/RFS";
    case BUSY_POLL:
        return "busy polling";
    }
    return "feature " + std::to_string(feature);
}

bool
RxMode::Supports(Feature feature) const
{
    return false;
}

void
RxMode::SetGroEngine(Ptr<GroEngine> gro)
{
    m_gro = gro;
}

void
RxMode::Attach(RxQueue* queue)
{
    NS_LOG_FUNCTION(this << queue);
    m_queue = queue;
    m_cpu = queue->GetCpu();
    m_core = queue->GetIrqCore();
    CheckConfig();
}

void
RxMode::CheckConfig() const
{
    for (Feature feature : {RPS, GRO, LRO, BUSY_POLL})
    {
        std::string requester = m_queue->GetRequester(feature);
        if (requester.empty() || Supports(feature))
        {
            continue;
        }
        // The modes that would do, found by asking every registered one (not by name).
        std::string modes;
        for (uint32_t i = 0; i < TypeId::GetRegisteredN(); ++i)
        {
            TypeId tid = TypeId::GetRegistered(i);
            if (!tid.IsChildOf(RxMode::GetTypeId()) || !tid.HasConstructor())
            {
                continue;
            }
            Ptr<RxMode> mode = ObjectFactory(tid.GetName()).Create<RxMode>();
            if (mode->Supports(feature))
            {
                modes += (modes.empty() ? "" : " or ") + tid.GetName();
            }
            mode->Dispose();
        }
        NS_ABORT_MSG(requester << " needs a NAPI receive mode, one that supports "
                               << GetFeatureName(feature) << " (" << modes
                               << ", e.g. the schemes napi, time-<T>us, net-dim); RxMode is "
                               << GetInstanceTypeId().GetName());
    }
}

void
RxMode::HandleInterrupt()
{
    if (IsInterruptAbsorbed())
    {
        m_queue->Record(RxQueue::INTERRUPT_ABSORBED);
        m_absorbedTrace();
        return;
    }
    // Counted before the ISR is submitted: a zero-cost ISR runs inline and its frames take
    // this interrupt's time as their notification time.
    m_queue->Record(RxQueue::INTERRUPT);
    m_interruptTrace();
    DoHandleInterrupt();
}

bool
RxMode::IsInterruptAbsorbed() const
{
    return false;
}

bool
RxMode::IsInterruptAbsorbedBy(const RxMode& inner)
{
    return inner.IsInterruptAbsorbed();
}

void
RxMode::HandleInterruptBy(RxMode& inner)
{
    inner.DoHandleInterrupt();
}

void
RxMode::ForwardPollTraces(RxMode& inner)
{
    inner.m_pollTrace.ConnectWithoutContext(MakeCallback(&RxMode::InnerPoll, this));
    inner.m_busyPollTrace.ConnectWithoutContext(MakeCallback(&RxMode::InnerBusyPoll, this));
}

void
RxMode::InnerPoll(uint32_t packets)
{
    m_pollTrace(packets);
}

void
RxMode::InnerBusyPoll(uint32_t packets)
{
    m_busyPollTrace(packets);
}

void
RxMode::NotifyPoll(uint32_t packets)
{
    m_queue->Record(RxQueue::POLL, packets);
    m_pollTrace(packets);
}

void
RxMode::NotifyBusyPoll(uint32_t packets)
{
    m_queue->Record(RxQueue::BUSY_POLL, packets);
    m_busyPollTrace(packets);
}

void
RxMode::NotifySoftirqRestart()
{
    m_queue->Record(RxQueue::SOFTIRQ_RESTART);
}

uint32_t
RxMode::GetCore() const
{
    return m_core;
}

namespace
{
/// The NAPI context of a mode that cannot be busy-polled: every busy poll is refused.
class NoBusyPoll : public NapiBusyPoll
{
  public:
    bool BusyPollOwn() override
    {
        return false;
    }

    bool BusyPollFrame(HostCpu::TaskId, const Callback<void>&) override
    {
        return false;
    }

    void BusyPollRelease(uint32_t) override
    {
    }

    void SetBusyPollWaiter(const Callback<void>&) override
    {
    }

    bool BusyLoopTake(bool) override
    {
        return false;
    }

    void BusyLoopCallEnded(uint32_t) override
    {
    }

    void BusyLoopStop(HostCpu::TaskId, uint32_t, bool, const Callback<void>& done) override
    {
        done();
    }

    void SuspendIrqs() override
    {
    }

    void ResumeIrqs() override
    {
    }
};
} // namespace

NapiBusyPoll*
RxMode::GetBusyPoll()
{
    static NoBusyPoll refusing;
    return &refusing;
}

int64_t
RxMode::AssignStreams(int64_t stream)
{
    return 0;
}

void
RxMode::DoDispose()
{
    m_queue = nullptr;
    m_cpu = nullptr;
    m_gro = nullptr;
    m_busyWaiter = Callback<void>();
    Object::DoDispose();
}

double
RxMode::TakePeakUtilization()
{
    return m_queue ? m_queue->GetRingFill() : 0.0;
}

void
RxMode::NotifyFrameInMemory()
{
    if (!m_busyWaiter.IsNull())
    {
        Callback<void> waiter = m_busyWaiter;
        m_busyWaiter = Callback<void>();
        waiter();
    }
}

} // namespace ns3
