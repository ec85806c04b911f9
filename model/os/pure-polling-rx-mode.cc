/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "pure-polling-rx-mode.h"

#include "rx-packet-work.h"
#include "rx-queue.h"

#include "ns3/enum.h"
#include "ns3/host-cpu.h"
#include "ns3/log.h"
#include "ns3/node.h"
#include "ns3/non-negative-variable-checker.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PurePollingRxMode");

NS_OBJECT_ENSURE_REGISTERED(PurePollingRxMode);

namespace
{
/// Does nothing: completion of CPU work that has no consequence.
void
Nothing()
{
}
} // namespace

TypeId
PurePollingRxMode::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PurePollingRxMode")
            .SetParent<RxMode>()
            .SetGroupName("Hostnet")
            .AddConstructor<PurePollingRxMode>()
            .AddAttribute("PollPeriod",
                          "Period of the polling timer, T_poll (Salah et al. 2007: 20 us). Must "
                          "be > 0.",
                          TimeValue(MicroSeconds(20)),
                          MakeTimeAccessor(&PurePollingRxMode::m_period),
                          MakeTimeChecker(NanoSeconds(1)))
            .AddAttribute("Quota",
                          "Frames processed per poll cycle at most, Q (Salah et al. 2007: 3). "
                          "Must be >= 1.",
                          UintegerValue(3),
                          MakeUintegerAccessor(&PurePollingRxMode::m_quota),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("PollJitter",
                          "Added to each period (a soft timer's lateness; negative samples "
                          "count as 0). Default 0: a hardware timer, as in the analysis of Salah "
                          "et al. 2007.",
                          StringValue("ns3::ConstantRandomVariable[Constant=0]"),
                          MakePointerAccessor(&PurePollingRxMode::m_jitter),
                          MakeNonNegativeVariableChecker())
            .AddAttribute("TickDuringCycle",
                          "What a tick does while a cycle still runs: waste (pay the "
                          "overhead, Salah et al. 2007), skip (nothing) or defer (a new cycle "
                          "right after the current one).",
                          EnumValue(PurePollingRxMode::WASTE),
                          MakeEnumAccessor<TickPolicy>(&PurePollingRxMode::m_policy),
                          MakeEnumChecker(PurePollingRxMode::WASTE,
                                          "waste",
                                          PurePollingRxMode::SKIP,
                                          "skip",
                                          PurePollingRxMode::DEFER,
                                          "defer"));
    return tid;
}

PurePollingRxMode::PurePollingRxMode()
{
    NS_LOG_FUNCTION(this);
    m_overheadDone = MakeCallback(&PurePollingRxMode::OverheadDone, this);
    m_packetDone = MakeCallback(&PurePollingRxMode::PacketDone, this);
    m_wasteDone = MakeCallback(&Nothing);
}

PurePollingRxMode::~PurePollingRxMode()
{
    NS_LOG_FUNCTION(this);
}

void
PurePollingRxMode::DoDispose()
{
    m_tick.Cancel();
    m_current = RxFrame();
    m_jitter = nullptr;
    m_overheadDone = Callback<void>();
    m_packetDone = Callback<void>();
    m_wasteDone = Callback<void>();
    m_stopped = Callback<void>();
    RxMode::DoDispose();
}

int64_t
PurePollingRxMode::AssignStreams(int64_t stream)
{
    m_jitter->SetStream(stream);
    return 1;
}

void
PurePollingRxMode::Attach(RxQueue* queue)
{
    RxMode::Attach(queue);
    NS_ABORT_MSG_IF(!m_jitter, "PurePollingRxMode::PollJitter must be a RandomVariableStream");
    if (m_autoStart)
    {
        // The timer runs in the node's context (it delivers frames to the node's stack).
        Simulator::ScheduleWithContext(m_queue->GetNodeId(),
                                       Time(0),
                                       &PurePollingRxMode::StartTimer,
                                       this);
    }
}

void
PurePollingRxMode::StartTimer()
{
    if (m_queue)
    {
        Start();
    }
}

void
PurePollingRxMode::SetAutoStart(bool autoStart)
{
    m_autoStart = autoStart;
}

bool
PurePollingRxMode::IsAutoStart() const
{
    return m_autoStart;
}

void
PurePollingRxMode::Start()
{
    NS_LOG_FUNCTION(this);
    // Rx interrupts stay off; the NIC only fills the ring.
    m_queue->SetRxInterruptEnabled(false);
    m_running = true;
    m_stopped = Callback<void>();
    m_tick.Cancel();
    m_tick = Simulator::Schedule(m_period, [this] { Tick(); });
}

void
PurePollingRxMode::Stop(Callback<void> stopped)
{
    NS_LOG_FUNCTION(this);
    m_running = false;
    m_tick.Cancel();
    m_tickPending = false;
    if (m_cycleActive)
    {
        m_stopped = stopped;
        return;
    }
    stopped();
}

bool
PurePollingRxMode::IsRunning() const
{
    return m_running;
}

bool
PurePollingRxMode::IsInterruptAbsorbed() const
{
    // Rx interrupts are masked for good: nothing asserts them, and polling takes the frames.
    return true;
}

void
PurePollingRxMode::DoHandleInterrupt()
{
    NS_ASSERT_MSG(false, "PurePollingRxMode absorbs every interrupt");
}

void
PurePollingRxMode::Tick()
{
    m_tick = Simulator::Schedule(m_period + Max(Seconds(m_jitter->GetValue()), Time(0)),
                                 &PurePollingRxMode::Tick,
                                 this);
    if (!m_cycleActive)
    {
        StartCycle();
        return;
    }
    m_overlaps++;
    if (m_policy == WASTE)
    {
        m_cpu->Submit(HostCpu::HARDIRQ,
                      m_queue->GetCosts().SamplePollOverhead(),
                      m_wasteDone,
                      m_core);
    }
    else if (m_policy == DEFER)
    {
        m_tickPending = true;
    }
}

void
PurePollingRxMode::StartCycle()
{
    m_cycleActive = true;
    m_cyclePackets = 0;
    m_cpu->Submit(HostCpu::HARDIRQ,
                  m_queue->GetCosts().SamplePollOverhead(),
                  m_overheadDone,
                  m_core);
}

void
PurePollingRxMode::OverheadDone()
{
    PollNext();
}

void
PurePollingRxMode::PollNext()
{
    if (m_cyclePackets < m_quota && m_queue->HasReadyFrame())
    {
        m_processing = true;
        m_current = m_queue->PopFrame();
        Time cost = RxPacketWork::FrameCost(*m_queue, m_current);
        m_cpu->Submit(HostCpu::SOFTIRQ, cost, m_packetDone, m_core);
        return;
    }
    NotifyPoll(m_cyclePackets);
    m_cycleActive = false;
    if (m_tickPending)
    {
        m_tickPending = false;
        StartCycle();
    }
    else if (!m_stopped.IsNull())
    {
        Callback<void> stopped = m_stopped;
        m_stopped = Callback<void>();
        stopped();
    }
}

void
PurePollingRxMode::PacketDone()
{
    m_processing = false;
    RxPacketWork::Deliver(*m_queue, *m_cpu, std::move(m_current));
    m_queue->ReturnDescriptors(1);
    m_cyclePackets++;
    PollNext();
}

uint32_t
PurePollingRxMode::GetNHeld() const
{
    return m_processing ? 1 : 0;
}

uint64_t
PurePollingRxMode::GetOverlappingTicks() const
{
    return m_overlaps;
}

} // namespace ns3
