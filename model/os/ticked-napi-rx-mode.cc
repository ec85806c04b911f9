/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "ticked-napi-rx-mode.h"

#include "rx-queue.h"
#include "softnet-data.h"

#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TickedNapiRxMode");

NS_OBJECT_ENSURE_REGISTERED(TickedNapiRxMode);

TypeId
TickedNapiRxMode::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TickedNapiRxMode")
            .SetParent<NapiRxMode>()
            .SetGroupName("Hostnet")
            .AddConstructor<TickedNapiRxMode>()
            .AddAttribute("PollPeriod",
                          "Period of the poll tick (Salah et al. 2007: T_poll = 20 us): after a "
                          "poll call that used its whole Weight with frames left, the next "
                          "poll call starts at the next tick and pays the device's "
                          "PollOverheadCost. Must be > 0.",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&TickedNapiRxMode::m_pollPeriod),
                          MakeTimeChecker(TimeStep(1)));
    return tid;
}

TickedNapiRxMode::TickedNapiRxMode()
{
    NS_LOG_FUNCTION(this);
}

TickedNapiRxMode::~TickedNapiRxMode()
{
    NS_LOG_FUNCTION(this);
}

void
TickedNapiRxMode::DoDispose()
{
    m_tick.Cancel();
    m_overheadDone = Callback<void>();
    NapiRxMode::DoDispose();
}

void
TickedNapiRxMode::StartPollCall()
{
    if (!m_payPollOverhead)
    {
        NapiRxMode::StartPollCall();
        return;
    }
    // Salah et al. 2007, Fig. 5: a poll started by the polling timer pays the poll overhead.
    m_payPollOverhead = false;
    if (m_overheadDone.IsNull())
    {
        m_overheadDone = MakeCallback(&TickedNapiRxMode::PollOverheadDone, this);
    }
    GetSoftnet()->SubmitWork(m_queue->GetCosts().SamplePollOverhead(), m_overheadDone);
}

void
TickedNapiRxMode::PollOverheadDone()
{
    NapiRxMode::StartPollCall();
}

bool
TickedNapiRxMode::RepollsAfterFullPoll() const
{
    // A full poll call with the ring empty completes at once.
    return m_queue->HasReadyFrame();
}

void
TickedNapiRxMode::WeightExhausted()
{
    // Salah et al. 2007, Fig. 5: the next poll waits for the next tick of the polling timer.
    Time now = Simulator::Now();
    int64_t period = m_pollPeriod.GetTimeStep();
    Time next = TimeStep((now.GetTimeStep() / period + 1) * period);
    m_tick = Simulator::Schedule(next - now, [this] { PollTimer(); });
    ReturnFromPoll(false);
}

void
TickedNapiRxMode::PollTimer()
{
    m_payPollOverhead = true;
    GetSoftnet()->Schedule(this);
}

} // namespace ns3
