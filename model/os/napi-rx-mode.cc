/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "napi-rx-mode.h"

#include "gro-engine.h"
#include "host-net-stack.h"
#include "rx-packet-work.h"
#include "rx-queue.h"
#include "softnet-data.h"

#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("NapiRxMode");

NS_OBJECT_ENSURE_REGISTERED(NapiRxMode);

TypeId
NapiRxMode::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::NapiRxMode")
            .SetParent<RxMode>()
            .SetGroupName("Hostnet")
            .AddConstructor<NapiRxMode>()
            .AddAttribute("Weight",
                          "Frames per poll call (NAPI weight, Linux default 64; Salah et al. 2007: "
                          "quota Q = 3). Must be >= 1.",
                          UintegerValue(64),
                          MakeUintegerAccessor(&NapiRxMode::m_weight),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("DeferHardIrqs",
                          "napi_defer_hard_irqs: completions that keep the interrupt masked "
                          "and re-poll after GroFlushTimeout instead (0 = off; Linux takes "
                          "0..2147483647, S32_MAX).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&NapiRxMode::m_deferHardIrqs),
                          MakeUintegerChecker<uint32_t>(0, std::numeric_limits<int32_t>::max()))
            .AddAttribute("GroFlushTimeout",
                          "gro_flush_timeout (>= 0; 0 = off): when a poll that did work "
                          "completes with packets held by GRO, only the packets older than "
                          "the current jiffy are flushed and a poll follows after this delay "
                          "(the interrupt is re-enabled meanwhile unless DeferHardIrqs "
                          "defers it); also the delay of a deferred re-poll.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&NapiRxMode::m_groFlushTimeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("IrqSuspendTimeout",
                          "irq_suspend_timeout (Linux 6.13, per NAPI instance; >= 0, 0 = off): "
                          "while an epoll instance with prefer_busy_poll keeps finding events, "
                          "the NAPI timer is re-armed with it at each return of epoll_wait with "
                          "events (napi_suspend_irqs), so an interrupt that DeferHardIrqs and "
                          "GroFlushTimeout keep masked stays masked up to this long.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&NapiRxMode::m_irqSuspendTimeout),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("Threaded",
                          "Threaded NAPI (/sys/class/net/<if>/threaded = 1): the context is "
                          "polled by a kernel thread of its own (TASK level, placed by the task "
                          "scheduler) instead of the NET_RX softirq of its IRQ core.",
                          BooleanValue(false),
                          MakeBooleanAccessor(&NapiRxMode::m_threaded),
                          MakeBooleanChecker());
    return tid;
}

NapiRxMode::NapiRxMode()
{
    NS_LOG_FUNCTION(this);
}

const Callback<void>&
NapiRxMode::Prebuilt(Callback<void>& slot, void (NapiRxMode::*method)())
{
    if (slot.IsNull())
    {
        slot = MakeCallback(method, this);
    }
    return slot;
}

NapiRxMode::~NapiRxMode()
{
    NS_LOG_FUNCTION(this);
}

void
NapiRxMode::DoDispose()
{
    m_timer.Cancel();
    m_groTimer.Cancel();
    m_current.reset();
    m_isrDone = Callback<void>();
    m_packetDone = Callback<void>();
    m_unmaskDone = Callback<void>();
    m_handOff = Callback<bool>();
    m_busyDone = Callback<void>();
    m_busyPacketDone = Callback<void>();
    m_busyWaiter = Callback<void>();
    m_groDone = Callback<void>();
    m_pollCallDone = Callback<void>();
    m_watchdogDone = Callback<void>();
    m_stopDone = Callback<void>();
    m_stopFrameDone = Callback<void>();
    m_stopUnmaskDone = Callback<void>();
    m_groOut.clear();
    m_gro = nullptr;
    m_softnet = nullptr;
    RxMode::DoDispose();
}

bool
NapiRxMode::Supports(Feature feature) const
{
    // GRO, LRO, RPS/RFS and busy polling all work on a NAPI poll.
    return true;
}

void
NapiRxMode::Attach(RxQueue* queue)
{
    RxMode::Attach(queue);
    if (m_threaded)
    {
        m_softnet = CreateThreadedSoftnet();
    }
    else
    {
        m_softnet = UsesSharedSoftnet() ? m_queue->GetSoftnet(m_core) : CreatePrivateSoftnet();
    }
}

bool
NapiRxMode::UsesSharedSoftnet() const
{
    return true;
}

Ptr<SoftnetData>
NapiRxMode::CreatePrivateSoftnet()
{
    // A context outside net_rx_action's accounting: no budget, never ksoftirqd.
    Ptr<SoftnetData> softnet = CreateObject<SoftnetData>();
    softnet->Setup(m_cpu,
                   m_core,
                   std::numeric_limits<uint32_t>::max(),
                   Time::Max(),
                   std::numeric_limits<uint32_t>::max(),
                   Time::Max(),
                   SoftirqRules::LINUX_2_6); // restarts only: need_resched hands nothing off
    return softnet;
}

Ptr<SoftnetData>
NapiRxMode::CreateThreadedSoftnet()
{
    // napi_threaded_poll: poll calls of Weight frames until the context completes, in a
    // kernel thread that the scheduler places like any task (no netdev_budget, no ksoftirqd).
    Ptr<SoftnetData> softnet = CreatePrivateSoftnet();
    m_thread = m_cpu->CreateTask("napi/" + std::to_string(m_queue->GetNodeId()) + "-" +
                                     std::to_string(m_core),
                                 true,
                                 HostCpu::ANY_CORE);
    softnet->SetThread(m_thread);
    return softnet;
}

HostCpu::TaskId
NapiRxMode::GetThread() const
{
    return m_thread;
}

bool
NapiRxMode::IsInterruptAbsorbed() const
{
    // An ISR in service, or the context is scheduled or deferred (the interrupt is masked).
    return HasState(HARDIRQ | SCHED | DEFERRED);
}

void
NapiRxMode::MaskInterrupt()
{
    if (m_queue->IsRxInterruptEnabled())
    {
        m_queue->SetRxInterruptEnabled(false);
    }
}

void
NapiRxMode::DoHandleInterrupt()
{
    SetState(HARDIRQ);
    m_cpu->Submit(HostCpu::HARDIRQ,
                  m_queue->GetCosts().SampleIsr(),
                  Prebuilt(m_isrDone, &NapiRxMode::IsrDone),
                  m_core);
}

void
NapiRxMode::IsrDone()
{
    ClearState(HARDIRQ);
    if (HasState(IN_BUSY_POLL))
    {
        // napi_schedule_prep fails (NAPI_STATE_MISSED): the busy poller owns the context.
        // An epoll busy loop (Linux ownership) leaves the interrupt unarmed, as the driver
        // re-arms it only at napi_complete_done; the SO_BUSY_POLL loop keeps it on.
        SetState(MISSED);
        if (m_busyOwner != BusyOwner::SOCKET_READ)
        {
            MaskInterrupt();
        }
        return;
    }
    if (HasState(SCHED))
    {
        // napi_schedule_prep fails: NAPI_STATE_SCHED is set already. This ISR was raised
        // while a busy poller owned the context, and busy_poll_stop handed the announced
        // frames to the softirq before the ISR ended (the IRQ is masked since then).
        return;
    }
    SetState(SCHED);
    m_queue->SetRxInterruptEnabled(false);
    m_softnet->Schedule(this);
}

void
NapiRxMode::Poll()
{
    SetPollPhase(PollPhase::POLLING);
    m_pollPackets = 0;
    StartPollCall();
}

void
NapiRxMode::SetPollPhase(PollPhase phase)
{
    // One call at a time: Poll starts it, EndPollCall decides how it returns, and
    // ReturnFromPoll ends it from any phase (a hand-off ends it in the middle of the loop).
    switch (phase)
    {
    case PollPhase::IDLE:
        NS_ASSERT_MSG(m_pollPhase != PollPhase::IDLE, "NapiRxMode: no poll call to return from");
        break;
    case PollPhase::POLLING:
        NS_ASSERT_MSG(m_pollPhase == PollPhase::IDLE, "NapiRxMode: a poll call in a poll call");
        break;
    case PollPhase::UNMASKING:
        NS_ASSERT_MSG(m_pollPhase == PollPhase::COMPLETE, "NapiRxMode: an unmask not completing");
        break;
    default:
        NS_ASSERT_MSG(m_pollPhase == PollPhase::POLLING, "NapiRxMode: a poll call ended twice");
        break;
    }
    m_pollPhase = phase;
}

void
NapiRxMode::StartPollCall()
{
    // The call's fixed part (PollCallCost) before its first frame; an empty call costs it
    // alone.
    Time fixed = m_queue->GetCosts().GetPollCallCost();
    if (fixed.IsStrictlyPositive())
    {
        m_softnet->SubmitWork(fixed, Prebuilt(m_pollCallDone, &NapiRxMode::PollNext));
        return;
    }
    PollNext();
}

bool
NapiRxMode::RepollsAfterFullPoll() const
{
    return true;
}

void
NapiRxMode::PollNext()
{
    // The one poll loop. A frame taken from the ring passes through the GRO stage when GRO
    // is on (GroEngine: merged or held packets come out in m_groOut) and its packets through
    // protocol processing or RPS/RFS steering (ProcessPacket); without GRO the frame is the
    // packet, and its protocol work and descriptor refill are one work item.
    if (!m_groOut.empty())
    {
        // Protocol processing of a packet the GRO stage let go: once per packet.
        SetCurrent(std::move(m_groOut.front()));
        m_groOut.pop_front();
        ProcessPacket(false);
        return;
    }
    if (m_pollPhase == PollPhase::REPOLL)
    {
        // What the end of the call flushed went up: the call returns (Linux does not look
        // at the ring again before napi_complete_done or the next poll).
        WeightExhausted();
        return;
    }
    if (m_pollPhase != PollPhase::POLLING)
    {
        FinishComplete(); // likewise after napi_complete_done's flush
        return;
    }
    bool weightUsed = m_pollPackets >= m_weight;
    if (weightUsed || !m_queue->HasReadyFrame())
    {
        EndPollCall(weightUsed);
        return;
    }
    SetCurrent(m_queue->PopFrame());
    if (!m_gro)
    {
        ProcessPacket(true);
        return;
    }
    Time cost = m_queue->GetCosts().SampleGro();
    cost += m_queue->SampleRefillCost();
    m_softnet->SubmitWork(cost, Prebuilt(m_groDone, &NapiRxMode::GroDone));
}

void
NapiRxMode::EndPollCall(bool weightUsed)
{
    // Linux calls poll again after a full one (it may find nothing and complete then);
    // TickedNapiRxMode completes at once when the ring is empty.
    bool repoll = weightUsed && RepollsAfterFullPoll();
    if (repoll && !HasState(PREFER_BUSY_POLL))
    {
        SetPollPhase(PollPhase::REPOLL);
    }
    else if (!PrepareComplete()) // napi_complete_done's decisions before its GRO flush
    {
        SetPollPhase(PollPhase::COMPLETE_DEFERRED);
    }
    else
    {
        // A full call with NAPI_STATE_PREFER_BUSY_POLL (__napi_poll: more work, but busy
        // polling is preferred) completes now and schedules the context again; a deferral
        // above keeps it masked under the timer instead.
        SetPollPhase(repoll ? PollPhase::COMPLETE_RESCHEDULE : PollPhase::COMPLETE);
    }
    if (m_gro)
    {
        bool flushOld;
        if (m_pollPhase == PollPhase::REPOLL)
        {
            // __napi_poll after a full poll: napi_gro_flush(n, HZ >= 1000), the packets
            // started before this jiffy (all of them with a longer jiffy).
            flushOld = m_gro->GetJiffyPeriod() <= MilliSeconds(1);
        }
        else
        {
            // napi_complete_done: with a gro_flush_timeout armed, only the old packets
            // (the timer flushes the others); else all.
            flushOld = m_completeTimeout.IsStrictlyPositive();
        }
        if (flushOld)
        {
            m_gro->FlushOld(m_groOut);
        }
        else
        {
            m_gro->FlushAll(m_groOut);
        }
    }
    PollNext();
}

void
NapiRxMode::SetCurrent(RxFrame&& frame)
{
    // One work item at a time: the softirq's poll loop and a busy poller never both own the
    // context.
    NS_ASSERT_MSG(!m_current, "NapiRxMode: a frame in service already");
    m_current = std::move(frame);
}

RxFrame
NapiRxMode::TakeCurrent()
{
    NS_ASSERT_MSG(m_current, "NapiRxMode: no frame in service");
    RxFrame frame = std::move(*m_current);
    m_current.reset();
    return frame;
}

void
NapiRxMode::ProcessPacket(bool fromRing)
{
    m_steerCore = m_queue->SteerCore(*m_current);
    Time cost = RxPacketWork::SteerOrProtocolCost(*m_queue, *m_current, m_steerCore, m_core);
    if (fromRing)
    {
        cost += m_queue->SampleRefillCost();
    }
    m_softnet->SubmitWork(cost, Prebuilt(m_packetDone, &NapiRxMode::PacketDone));
}

void
NapiRxMode::PacketDone()
{
    RxFrame packet = TakeCurrent();
    uint32_t descriptors = packet.segments; // an LRO aggregate holds one per segment
    RxPacketWork::SteerOrDeliver(*m_queue, *m_cpu, std::move(packet), m_steerCore, m_core);
    PacketFinished(descriptors);
}

void
NapiRxMode::PacketFinished(uint32_t descriptors)
{
    if (m_gro)
    {
        // A packet of the GRO stage: its descriptors went back when GRO took the frame.
        PollNext();
        return;
    }
    FrameDone(descriptors);
    if (!m_handOff.IsNull() && m_queue->HasReadyFrame() && m_handOff())
    {
        // Another mode takes over the masked device in the middle of the backlog.
        m_workSinceComplete = 0;
        ClearState(SCHED);
        ReturnFromPoll(false);
        return;
    }
    PollNext();
}

void
NapiRxMode::GroDone()
{
    RxFrame frame = TakeCurrent();
    FrameDone(1);
    m_gro->Receive(std::move(frame), m_groOut);
    PollNext();
}

void
NapiRxMode::FrameDone(uint32_t descriptors)
{
    m_queue->ReturnDescriptors(descriptors);
    m_pollPackets++;
    m_workSinceComplete++;
}

void
NapiRxMode::WeightExhausted()
{
    // The poll call used its whole weight: the device stays scheduled.
    ReturnFromPoll(true);
}

void
NapiRxMode::ReturnFromPoll(bool rescheduled)
{
    SetPollPhase(PollPhase::IDLE);
    NotifyPoll(m_pollPackets);
    uint32_t work = m_pollPackets;
    m_pollPackets = 0;
    m_softnet->PollReturned(this, work, rescheduled);
}

void
NapiRxMode::ArmNapiTimer(Time timeout)
{
    // One hrtimer per NAPI instance: a new start replaces the pending expiry.
    m_timer.Cancel();
    m_groTimer.Cancel();
    m_timer = Simulator::Schedule(timeout, &NapiRxMode::TimerExpired, this);
}

void
NapiRxMode::TimerExpired()
{
    // napi_watchdog is an HRTIMER_MODE_REL_PINNED hrtimer: it runs in the local timer
    // interrupt of the core that armed it (here the context's IRQ core: the softirq's, or
    // that of a thread paired with the queue), whose cost HostCpu charges (TimerIrqCost).
    m_cpu->SubmitTimer(Prebuilt(m_watchdogDone, &NapiRxMode::DeferredPoll), m_core);
}

void
NapiRxMode::DeferredPoll()
{
    // napi_watchdog: schedule the poll unless someone holds the context (NAPI_STATE_SCHED:
    // the softirq, an ISR about to schedule, or a busy poller, which completes it itself).
    ClearState(DEFERRED);
    if (HasState(HARDIRQ | SCHED | IN_BUSY_POLL))
    {
        return;
    }
    ClearState(PREFER_BUSY_POLL);
    SetState(SCHED);
    MaskInterrupt();
    m_softnet->Schedule(this);
}

void
NapiRxMode::GroWatchdog()
{
    DeferredPoll();
}

void
NapiRxMode::NotifyTimeSqueeze()
{
    NotifySoftirqRestart();
}

bool
NapiRxMode::PrepareComplete()
{
    // napi_complete_done(n, work_done): a poll that did work re-arms the deferral count and,
    // with packets held by GRO, the gro_flush_timeout timer; a deferral arms the timer too.
    m_completeTimeout = Time(0);
    if (m_workSinceComplete > 0)
    {
        if (m_gro && m_gro->GetNHeld() > 0)
        {
            m_completeTimeout = m_groFlushTimeout;
        }
        m_deferCount = m_deferHardIrqs;
    }
    m_workSinceComplete = 0;
    bool deferred = false;
    if (m_deferCount > 0)
    {
        m_deferCount--;
        m_completeTimeout = m_groFlushTimeout;
        deferred = m_completeTimeout.IsStrictlyPositive();
    }
    ClearState(PREFER_BUSY_POLL); // napi_complete_done clears NAPI_STATE_PREFER_BUSY_POLL
    return !deferred;
}

void
NapiRxMode::FinishComplete()
{
    NS_ASSERT_MSG(m_pollPhase == PollPhase::COMPLETE ||
                      m_pollPhase == PollPhase::COMPLETE_DEFERRED ||
                      m_pollPhase == PollPhase::COMPLETE_RESCHEDULE,
                  "NapiRxMode: napi_complete_done outside a completing poll call");
    if (m_pollPhase == PollPhase::COMPLETE_DEFERRED)
    {
        // Deferred hard IRQs or IRQ suspension: stay masked, re-poll from the timer; nobody
        // holds the context meanwhile (a busy poller may take it).
        ArmNapiTimer(m_completeTimeout);
        ClearState(SCHED);
        SetState(DEFERRED);
        ReturnFromPoll(false);
        return;
    }
    if (m_completeTimeout.IsStrictlyPositive())
    {
        // gro_flush_timeout alone: the interrupt is enabled again and the timer schedules a
        // poll (napi_watchdog) that flushes what GRO still holds.
        ArmNapiTimer(m_completeTimeout);
    }
    if (m_pollPhase == PollPhase::COMPLETE_RESCHEDULE)
    {
        // __napi_poll: napi_complete_done returned true, so napi_schedule: the context stays
        // on the poll list with the interrupt masked.
        ReturnFromPoll(true);
        return;
    }
    if (!m_handOff.IsNull() && m_handOff())
    {
        ClearState(SCHED); // another mode owns the (still masked) device now
        ReturnFromPoll(false);
        return;
    }
    SetPollPhase(PollPhase::UNMASKING);
    m_softnet->SubmitWork(m_queue->GetCosts().SampleRegisterWrite(),
                          Prebuilt(m_unmaskDone, &NapiRxMode::UnmaskDone));
}

void
NapiRxMode::UnmaskDone()
{
    ClearState(SCHED);
    m_queue->SetRxInterruptEnabled(true);
    ReturnFromPoll(false);
}

uint32_t
NapiRxMode::GetNHeld() const
{
    uint32_t held = m_current ? m_current->segments : 0;
    for (std::size_t i = 0; i < m_groOut.size(); ++i)
    {
        held += m_groOut[i].segments;
    }
    return held;
}

bool
NapiRxMode::IsPolling() const
{
    return HasState(SCHED | DEFERRED);
}

bool
NapiRxMode::IsDeferred() const
{
    return HasState(DEFERRED);
}

bool
NapiRxMode::IsPreferBusyPoll() const
{
    return HasState(PREFER_BUSY_POLL);
}

bool
NapiRxMode::IsIdle() const
{
    return !HasState(HARDIRQ | SCHED | DEFERRED);
}

void
NapiRxMode::SetHandOffCallback(Callback<bool> handOff)
{
    m_handOff = handOff;
}

bool
NapiRxMode::IsInKsoftirqd() const
{
    return HasState(SCHED) && m_softnet && m_softnet->IsInKsoftirqd();
}

Ptr<SoftnetData>
NapiRxMode::GetSoftnet() const
{
    return m_softnet;
}

void
NapiRxMode::SetBusyPollWaiter(const Callback<void>& waiter)
{
    m_busyWaiter = waiter;
    if (!waiter.IsNull() && m_queue)
    {
        m_queue->RequestWriteBack();
    }
}

NapiBusyPoll*
NapiRxMode::GetBusyPoll()
{
    return this;
}

bool
NapiRxMode::BusyPollOwn()
{
    NS_LOG_FUNCTION(this);
    if (HasState(HARDIRQ | SCHED | DEFERRED | IN_BUSY_POLL) || !m_queue->HasReadyFrame())
    {
        return false;
    }
    SetBusyOwner(BusyOwner::SOCKET_READ);
    ClearState(MISSED);
    return true;
}

bool
NapiRxMode::BusyPollFrame(HostCpu::TaskId task, const Callback<void>& done)
{
    NS_ASSERT_MSG(HasState(IN_BUSY_POLL),
                  "NapiRxMode: a busy poll frame without owning the context");
    if (!m_queue->HasReadyFrame())
    {
        return false;
    }
    SetCurrent(m_queue->PopFrame());
    Time cost = RxPacketWork::FrameCost(*m_queue, *m_current);
    m_busyDone = done;
    m_cpu->SubmitTask(task, cost, Prebuilt(m_busyPacketDone, &NapiRxMode::BusyPacketDone));
    return true;
}

void
NapiRxMode::BusyPacketDone()
{
    RxFrame frame = TakeCurrent();
    uint32_t descriptors = frame.segments;
    RxPacketWork::Deliver(*m_queue, *m_cpu, std::move(frame));
    m_queue->ReturnDescriptors(descriptors);
    Callback<void> done = m_busyDone;
    m_busyDone = Callback<void>();
    done();
}

void
NapiRxMode::BusyPollRelease(uint32_t frames)
{
    NS_LOG_FUNCTION(this << frames);
    NotifyBusyPoll(frames);
    SetBusyOwner(BusyOwner::NONE);
    if (HasState(MISSED) && m_queue->HasReadyFrame())
    {
        // busy_poll_stop: frames an interrupt announced go to the softirq.
        SetState(SCHED);
        m_queue->SetRxInterruptEnabled(false);
        m_softnet->Schedule(this);
    }
    ClearState(MISSED);
}

void
NapiRxMode::SetBusyOwner(BusyOwner owner)
{
    // A poller takes a free context; only the epoll loop goes through busy_poll_stop; the
    // owner (the loop once stopped) gives it back.
    switch (owner)
    {
    case BusyOwner::NONE:
        NS_ASSERT_MSG(m_busyOwner == BusyOwner::SOCKET_READ || m_busyOwner == BusyOwner::STOP ||
                          m_busyOwner == BusyOwner::STOP_SKIP_SCHEDULE,
                      "NapiRxMode: the context given back by no owner or a running loop");
        break;
    case BusyOwner::SOCKET_READ:
    case BusyOwner::EPOLL_LOOP:
        NS_ASSERT_MSG(m_busyOwner == BusyOwner::NONE, "NapiRxMode: a busy poller takes it twice");
        break;
    case BusyOwner::STOP:
    case BusyOwner::STOP_SKIP_SCHEDULE:
        NS_ASSERT_MSG(m_busyOwner == BusyOwner::EPOLL_LOOP, "NapiRxMode: busy_poll_stop twice");
        break;
    }
    m_busyOwner = owner;
}

bool
NapiRxMode::BusyLoopTake(bool prefer)
{
    NS_LOG_FUNCTION(this << prefer);
    if (HasState(HARDIRQ | SCHED | IN_BUSY_POLL))
    {
        // napi_busy_loop: NAPI_STATE_SCHED or IN_BUSY_POLL is set; a prefer-busy poller
        // marks the context so that the softirq yields it at its next completion.
        if (prefer)
        {
            SetState(PREFER_BUSY_POLL);
        }
        return false;
    }
    SetBusyOwner(BusyOwner::EPOLL_LOOP);
    ClearState(MISSED);
    ClearState(DEFERRED); // the timer may still fire: it finds the context owned
    return true;
}

void
NapiRxMode::BusyLoopCallEnded(uint32_t frames)
{
    NotifyBusyPoll(frames);
}

void
NapiRxMode::BusyLoopStop(HostCpu::TaskId task,
                         uint32_t budget,
                         bool prefer,
                         const Callback<void>& done)
{
    NS_LOG_FUNCTION(this << task << budget << prefer);
    NS_ASSERT_MSG(m_busyOwner == BusyOwner::EPOLL_LOOP,
                  "NapiRxMode: busy_poll_stop without a busy loop");
    // busy_poll_stop: clear MISSED (the last poll call takes what the IRQ announced).
    ClearState(MISSED);
    bool skipSchedule = false;
    if (prefer)
    {
        // Preferred busy polling (Linux 5.11): re-arm the deferral; the timer, not the
        // softirq, takes over if this task does not poll again.
        m_deferCount = m_deferHardIrqs;
        if (m_deferCount > 0 && m_groFlushTimeout.IsStrictlyPositive())
        {
            ArmNapiTimer(m_groFlushTimeout);
            skipSchedule = true;
        }
    }
    SetBusyOwner(skipSchedule ? BusyOwner::STOP_SKIP_SCHEDULE : BusyOwner::STOP);
    m_stopTask = task;
    m_stopBudget = budget;
    m_stopWork = 0;
    m_stopDone = done;
    BusyStopNext();
}

void
NapiRxMode::BusyStopNext()
{
    if (m_stopWork < m_stopBudget &&
        BusyPollFrame(m_stopTask, Prebuilt(m_stopFrameDone, &NapiRxMode::BusyStopFrameDone)))
    {
        return;
    }
    // The last poll call returned.
    NotifyBusyPoll(m_stopWork);
    bool skipSchedule = m_busyOwner == BusyOwner::STOP_SKIP_SCHEDULE;
    SetBusyOwner(BusyOwner::NONE);
    Callback<void> done = m_stopDone;
    m_stopDone = Callback<void>();
    bool masked = !m_queue->IsRxInterruptEnabled();
    if (m_stopWork >= m_stopBudget)
    {
        // __busy_poll_stop: the whole budget was used.
        if (!skipSchedule)
        {
            SetState(SCHED);
            MaskInterrupt();
            m_softnet->Schedule(this);
        }
        else
        {
            AssignState(DEFERRED, masked); // NAPI_STATE_SCHED cleared: the timer polls
        }
        done();
        return;
    }
    // The driver's napi_complete_done(n, work_done).
    m_workSinceComplete = m_stopWork;
    bool rearm = PrepareComplete();
    if (m_completeTimeout.IsStrictlyPositive())
    {
        ArmNapiTimer(m_completeTimeout);
    }
    if (!rearm || !masked)
    {
        // Kept masked under the timer, or never masked (nothing to re-arm).
        AssignState(DEFERRED, masked);
        done();
        return;
    }
    // Re-arm the interrupt: the register write is the polling task's work.
    SetState(DEFERRED); // masked and unowned until the write is served
    m_stopDone = done;
    m_cpu->SubmitTask(m_stopTask,
                      m_queue->GetCosts().SampleRegisterWrite(),
                      Prebuilt(m_stopUnmaskDone, &NapiRxMode::BusyStopUnmaskDone));
}

void
NapiRxMode::BusyStopFrameDone()
{
    m_stopWork++;
    BusyStopNext();
}

void
NapiRxMode::BusyStopUnmaskDone()
{
    if (HasState(DEFERRED) && !HasState(SCHED | IN_BUSY_POLL | HARDIRQ))
    {
        // Nobody took the context while the write was queued: the interrupt is armed.
        ClearState(DEFERRED);
        m_queue->SetRxInterruptEnabled(true);
    }
    Callback<void> done = m_stopDone;
    m_stopDone = Callback<void>();
    done();
}

void
NapiRxMode::SuspendIrqs()
{
    if (m_irqSuspendTimeout.IsStrictlyPositive())
    {
        ArmNapiTimer(m_irqSuspendTimeout);
    }
}

void
NapiRxMode::ResumeIrqs()
{
    if (!m_irqSuspendTimeout.IsStrictlyPositive())
    {
        return;
    }
    // napi_schedule: poll now; the completion applies DeferHardIrqs / GroFlushTimeout.
    if (HasState(IN_BUSY_POLL))
    {
        SetState(MISSED);
        return;
    }
    if (HasState(HARDIRQ | SCHED))
    {
        return;
    }
    ClearState(DEFERRED);
    SetState(SCHED);
    MaskInterrupt();
    m_softnet->Schedule(this);
}

} // namespace ns3
