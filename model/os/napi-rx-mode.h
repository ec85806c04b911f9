/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef NAPI_RX_MODE_H
#define NAPI_RX_MODE_H

#include "napi-busy-poll.h"
#include "napi-context.h"
#include "rx-mode.h"
#include "softnet-data.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/host-cpu.h"
#include "ns3/nstime.h"
#include "ns3/ring-fifo.h"
#include "ns3/rx-ring.h"

#include <optional>

namespace ns3
{

class GroEngine;

/**
 * @ingroup hostnet
 * @brief Linux NAPI: interrupt, then polling until the ring is empty.
 *
 * The ISR (HARDIRQ, IsrCost) masks the Rx interrupt and schedules the NAPI poll. The poll
 * processes frames straight from the ring (the ring is the protocol buffer: when it is
 * full the NIC drops in its FIFO, without an interrupt). A poll call handles at most Weight
 * frames.
 *
 * The ISR puts the context on its core's poll list (SoftnetData, shared by every NAPI
 * context served on that core). The NET_RX softirq polls the list round robin; a poll call
 * that used its whole weight goes to the tail. All poll calls of a round share
 * HostNetStack's NetdevBudget frames and NetdevBudgetUsecs; then the round ends
 * (time_squeeze) and the softirq restarts. After HostNetStack's MaxSoftirqRestarts restarts
 * or MaxSoftirqTime in a row (__do_softirq's MAX_SOFTIRQ_RESTART = 10 and MAX_SOFTIRQ_TIME
 * = 2 ms) the remaining work moves to the core's ksoftirqd, a TASK-level kernel thread that
 * shares the CPU with the applications, until the poll list is empty.
 *
 * One poll loop (PollNext) serves every frame: taken from the ring, a frame passes through
 * the GRO stage when GRO is on (GroCost, then GroEngine::Receive; the packets it lets go
 * come back to the loop), and each packet through ProcessPacket: protocol processing
 * (ProtocolCost) here, or RPS/RFS steering to another core's backlog. Without GRO the frame
 * is the packet, and its protocol work and descriptor refill are one work item.
 *
 * A poll that finds the ring empty completes: the RegisterWriteCost unmask write follows,
 * and frames that arrived meanwhile fire the interrupt again at once. With DeferHardIrqs
 * = n > 0 and GroFlushTimeout > 0 (napi_defer_hard_irqs, gro_flush_timeout) the interrupt
 * stays masked after a completion that did work, and a timer re-polls after
 * GroFlushTimeout, up to n times in a row before unmasking (software IRQ deferral).
 *
 * Linux keeps one timer per NAPI instance (napi->timer, napi_watchdog) for
 * gro_flush_timeout, deferral and IRQ suspension; so does this class (ArmNapiTimer): a later
 * arming replaces an earlier one, and when it fires it schedules the poll unless someone
 * owns the context.
 *
 * Preferred busy polling (Linux 5.11) and IRQ suspension (Linux 6.13, IrqSuspendTimeout):
 * the epoll busy loop (napi_busy_loop, EpollInstance) owns the context from its first poll
 * until busy_poll_stop (BusyLoopTake, BusyPollFrame, BusyLoopStop); a prefer-busy poller
 * that finds the softirq holding the context marks it (NAPI_STATE_PREFER_BUSY_POLL), and a
 * poll call of the marked context that uses its whole weight completes instead of staying
 * scheduled (__napi_poll). While an epoll instance with prefer_busy_poll returns events,
 * SuspendIrqs re-arms the timer with IrqSuspendTimeout, so an interrupt that the deferral
 * (DeferHardIrqs, GroFlushTimeout) keeps masked stays masked that long; ResumeIrqs (epoll
 * found nothing and sleeps) schedules a poll at once, whose completion applies the usual
 * rules again. Without DeferHardIrqs and GroFlushTimeout the interrupt is unmasked at each
 * completion and suspension has no effect, as in Linux.
 *
 * Threaded NAPI (Threaded, /sys/class/net/<if>/threaded): the context is polled by a kernel
 * thread of its own ("napi/<node>-<queue>", a TASK-level kernel task placed by the task
 * scheduler at each wake-up and preempted by hard IRQs) instead of the core's NET_RX
 * softirq: a private SoftnetData without netdev_budget whose work runs in that thread
 * (napi_threaded_poll: poll calls of Weight frames until the context completes).
 *
 * Variants override the protected hooks: TickedNapiRxMode (the poll tick of Salah et al.
 * 2007: StartPollCall, RepollsAfterFullPoll, WeightExhausted), DisableEnableRxMode (no
 * weight, a private SoftnetData: UsesSharedSoftnet).
 */
class NapiRxMode : public RxMode, public NapiContext, public NapiBusyPoll
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    NapiRxMode();
    ~NapiRxMode() override;

    void Attach(RxQueue* queue) override;
    bool Supports(Feature feature) const override;
    uint32_t GetNHeld() const override;

    /**
     * @brief One poll call (napi->poll): process up to Weight frames, then return to the
     * softirq through SoftnetData::PollReturned. Called by SoftnetData only.
     */
    void Poll() override;

    /** @brief The softirq round ended after this context's poll call (time_squeeze). */
    void NotifyTimeSqueeze() override;

    /** @return the NET_RX state this context is polled from */
    Ptr<SoftnetData> GetSoftnet() const;

    /**
     * @brief Busy polling (napi_busy_loop; BusyPoller runs the loop): a task takes the
     * context if it is idle (no ISR, not scheduled in the softirq) and its ring has frames.
     * Interrupts stay enabled; an ISR that fires meanwhile finds the context owned
     * (napi_schedule_prep fails) and schedules nothing.
     * @return true if the caller owns the context now
     */
    /** @return this context (it can be busy-polled) */
    NapiBusyPoll* GetBusyPoll() override;

    bool BusyPollOwn() override;
    bool BusyPollFrame(HostCpu::TaskId task, const Callback<void>& done) override;
    /**
     * @brief busy_poll_stop: if an interrupt found the context owned and frames are left,
     * the context is scheduled in the softirq (the interrupt masked).
     * @param frames the frames the busy poll call took
     */
    void BusyPollRelease(uint32_t frames) override;

    /**
     * @brief Called once at the next frame written to host memory (a spinning busy
     * poller waits for it); a null callback cancels.
     * @param waiter the callback
     */
    void SetBusyPollWaiter(const Callback<void>& waiter) override;
    /**
     * @brief napi_busy_loop takes the context for a whole busy loop (NAPI_STATE_SCHED and
     * IN_BUSY_POLL), whether or not the ring has frames: only if no ISR runs, the softirq
     * does not hold it and no other poller owns it. A prefer-busy poller that fails marks
     * the context (NAPI_STATE_PREFER_BUSY_POLL): the softirq's next full poll or completion
     * then defers to it. An ISR that fires while the loop owns the context masks the
     * interrupt (the driver re-arms only at completion) and is remembered (MISSED).
     * @param prefer the epoll instance's prefer_busy_poll
     * @return true if the caller owns the context now
     */
    bool BusyLoopTake(bool prefer) override;
    void BusyLoopCallEnded(uint32_t frames) override;
    /**
     * @brief busy_poll_stop: with @p prefer re-arm the deferral (GroFlushTimeout if
     * DeferHardIrqs > 0), give up ownership, run one more poll call of up to @p budget
     * frames as @p task's work and complete it as the driver does (napi_complete_done: the
     * interrupt unmasked, or kept masked under the timer); a call that used the whole budget
     * goes to the softirq unless the timer was armed. @p done runs when all this is served.
     * @param task the polling task
     * @param budget frames of the last poll call
     * @param prefer the epoll instance's prefer_busy_poll
     * @param done called at the end
     */
    void BusyLoopStop(HostCpu::TaskId task,
                      uint32_t budget,
                      bool prefer,
                      const Callback<void>& done) override;
    /** @brief napi_suspend_irqs: re-arm the timer with IrqSuspendTimeout (if > 0). */
    void SuspendIrqs() override;
    /** @brief napi_resume_irqs: with IrqSuspendTimeout > 0, schedule a poll now. */
    void ResumeIrqs() override;
    /** @return NAPI_STATE_PREFER_BUSY_POLL: a prefer-busy poller asked for the context */
    bool IsPreferBusyPoll() const;
    /** @return true while the interrupt is masked under the timer (deferral or suspension) */
    bool IsDeferred() const;
    /** @return the NAPI kernel thread (Threaded), valid once attached */
    HostCpu::TaskId GetThread() const;

    /** @return true while the device is in polling mode (interrupt masked) */
    bool IsPolling() const;

    /** @return true while the polling runs in ksoftirqd */
    bool IsInKsoftirqd() const;

    /** @return true if neither the ISR nor polling is pending or running */
    bool IsIdle() const;

    /**
     * @brief Let another mode take the device over when polling completes.
     *
     * Called when the ring is empty, before the unmask write, and after each frame while
     * frames remain; if it returns true the interrupt stays masked and this mode goes
     * idle (HybridRxMode switches to polling).
     * @param handOff the callback
     */
    void SetHandOffCallback(Callback<bool> handOff);

  protected:
    void DoDispose() override;
    bool IsInterruptAbsorbed() const override;
    void DoHandleInterrupt() override;

    /**
     * @return true to be polled from the core's shared SoftnetData (Linux); false for a
     * private one without budget or ksoftirqd (the disable-enable of Salah et al. 2007)
     */
    virtual bool UsesSharedSoftnet() const;

    /**
     * @brief The start of a poll call, after its frame count was reset: run the poll loop
     * (PollNext). TickedNapiRxMode pays its poll overhead first.
     */
    virtual void StartPollCall();

    /**
     * @brief Whether a poll call that used its whole weight leaves the context scheduled
     * (Linux: yes, the next call may find nothing and complete then). TickedNapiRxMode:
     * only with frames left.
     * @return true to stay scheduled, false to complete now
     */
    virtual bool RepollsAfterFullPoll() const;

    /**
     * @brief A poll call used its whole weight and stays scheduled: report it to the
     * softirq (Linux: back to the tail of the poll list). TickedNapiRxMode waits for its
     * next tick instead.
     */
    virtual void WeightExhausted();

    /**
     * @brief The one poll loop: process the next packet the GRO stage let go, take the next
     * frame from the ring, or end the poll call (weight used or ring empty).
     */
    void PollNext();

    /**
     * @brief Report the end of a poll call to the softirq.
     * @param rescheduled the context stays on the poll list
     */
    void ReturnFromPoll(bool rescheduled);

    uint32_t m_weight{64};       ///< frames per poll call (attribute)
    uint32_t m_deferHardIrqs{0}; ///< napi_defer_hard_irqs (attribute)
    Time m_groFlushTimeout;      ///< gro_flush_timeout (attribute)
    Time m_irqSuspendTimeout;    ///< irq_suspend_timeout (attribute)
    bool m_threaded{false};      ///< threaded NAPI (attribute)

  private:
    /**
     * @brief A callback to this object's @p method, built on first use and kept in @p slot
     * (no allocation per packet; a queue that never gets traffic builds none).
     * @param slot where it is kept
     * @param method the member function it calls
     * @return the callback
     */
    const Callback<void>& Prebuilt(Callback<void>& slot, void (NapiRxMode::*method)());
    /// The ISR was served: mask and schedule the poll.
    void IsrDone();
    /**
     * End the poll call: decide whether it stays scheduled or completes, and flush the GRO
     * stage accordingly; the flushed packets go up before the call returns.
     * @param weightUsed the call took Weight frames
     */
    void EndPollCall(bool weightUsed);
    /**
     * Per-packet work on m_current: protocol processing here, or RPS/RFS steering to
     * another core.
     * @param fromRing m_current came straight from the ring (no GRO stage): its descriptor
     *        refill is part of the same work item
     */
    void ProcessPacket(bool fromRing);
    /// The current packet's work ended: hand it to the stack, or (RPS/RFS) to its core.
    void PacketDone();
    /**
     * The current packet went up or to another core: continue the poll loop (without GRO:
     * the frame leaves the ring, and a hand-off may end the call).
     * @param descriptors descriptors it held (an LRO aggregate: one per segment)
     */
    void PacketFinished(uint32_t descriptors);
    /// GRO stage: the GRO cost of the current frame was paid; offer it to the engine.
    void GroDone();
    /**
     * A frame left the ring: return its descriptors and count it.
     * @param descriptors descriptors it held (an LRO aggregate: one per segment)
     */
    void FrameDone(uint32_t descriptors);
    /// The NAPI timer expired: its interrupt runs on the context's core (HostCpu::SubmitTimer).
    void TimerExpired();
    /// The timer fired while interrupts are deferred: schedule a poll (napi_watchdog).
    void DeferredPoll();
    /// The gro_flush_timeout timer fired with the interrupt enabled (napi_watchdog).
    void GroWatchdog();
    /**
     * hrtimer_start(&napi->timer): the one NAPI timer, re-armed; it fires DeferredPoll.
     * @param timeout the delay
     */
    void ArmNapiTimer(Time timeout);
    /// @return a SoftnetData of our own whose work runs in the NAPI kernel thread
    Ptr<SoftnetData> CreateThreadedSoftnet();
    /// busy_poll_stop's last poll call: the next frame, or the end of the call.
    void BusyStopNext();
    /// busy_poll_stop's last poll call: a frame went up.
    void BusyStopFrameDone();
    /// busy_poll_stop: the unmask register write was served.
    void BusyStopUnmaskDone();
    /// Mask the interrupt unless it is masked already (no second moderation reset).
    void MaskInterrupt();
    /**
     * napi_complete_done's decisions before its GRO flush: timeout and deferral.
     * @return napi_complete_done's return value: false if the interrupt stays masked under
     *         the timer (deferral), true if the driver re-arms it
     */
    bool PrepareComplete();
    /// napi_complete_done after its GRO flush: arm the timer, unmask or stay masked.
    void FinishComplete();
    /// The unmask register write was served.
    void UnmaskDone();
    /// @return a SoftnetData of our own with unlimited budgets
    Ptr<SoftnetData> CreatePrivateSoftnet();
    /// Busy poll: a frame's protocol processing ended.
    void BusyPacketDone();
    /**
     * Put a frame (or a packet the GRO stage let go) in service: its work item is queued.
     * @param frame the frame
     */
    void SetCurrent(RxFrame&& frame);
    /// @return the frame in service, which leaves it (its work item was served)
    RxFrame TakeCurrent();

    /**
     * The context's state: the bits of Linux's napi->state that the model keeps, and the
     * two it keeps beside them (the hard interrupt, the deferral). Several hold at once,
     * e.g. SCHED | PREFER_BUSY_POLL, or IN_BUSY_POLL | MISSED.
     */
    enum StateBit : uint8_t
    {
        HARDIRQ = 1 << 0,          ///< the ISR is running or queued (the driver's, not NAPI's)
        SCHED = 1 << 1,            ///< NAPI_STATE_SCHED: polled by softirq, interrupt masked
        MISSED = 1 << 2,           ///< NAPI_STATE_MISSED: an interrupt found it busy-polled
        IN_BUSY_POLL = 1 << 3,     ///< NAPI_STATE_IN_BUSY_POLL: a task owns it (m_busyOwner)
        PREFER_BUSY_POLL = 1 << 4, ///< NAPI_STATE_PREFER_BUSY_POLL
        DEFERRED = 1 << 5, ///< SCHED clear, interrupt masked: napi_defer_hard_irqs' timer polls
    };

    /**
     * @param bits StateBit values or-ed together
     * @return whether any of them holds
     */
    bool HasState(uint8_t bits) const
    {
        uint8_t state = m_state;
        if (m_busyOwner != BusyOwner::NONE)
        {
            state |= IN_BUSY_POLL;
        }
        return (state & bits) != 0;
    }

    /** @param bits StateBit values to set (not IN_BUSY_POLL: SetBusyOwner) */
    void SetState(uint8_t bits)
    {
        NS_ASSERT((bits & IN_BUSY_POLL) == 0);
        m_state |= bits;
    }

    /** @param bits StateBit values to clear (not IN_BUSY_POLL: SetBusyOwner) */
    void ClearState(uint8_t bits)
    {
        NS_ASSERT((bits & IN_BUSY_POLL) == 0);
        m_state &= ~bits;
    }

    /**
     * @param bit a StateBit
     * @param on set it (true) or clear it
     */
    void AssignState(uint8_t bit, bool on)
    {
        on ? SetState(bit) : ClearState(bit);
    }

    uint8_t m_state{0}; ///< StateBit values that hold, but IN_BUSY_POLL (m_busyOwner)

    /**
     * Which busy poller owns the context. It is NAPI_STATE_IN_BUSY_POLL (set exactly while
     * this is not NONE) plus what the ISR and busy_poll_stop need to know of the owner: the
     * SO_BUSY_POLL read of BusyPoller leaves the interrupt armed, the epoll busy loop
     * (napi_busy_loop with Linux's ownership) does not, and ends with busy_poll_stop.
     */
    enum class BusyOwner : uint8_t
    {
        NONE,        ///< no task owns the context
        SOCKET_READ, ///< a SO_BUSY_POLL read, for one call (BusyPollOwn to BusyPollRelease)
        EPOLL_LOOP,  ///< the epoll busy loop (napi_busy_loop, BusyLoopTake), until BusyLoopStop
        /// busy_poll_stop's last poll call: if it uses the whole budget, __busy_poll_stop
        /// schedules the context in the softirq
        STOP,
        /// busy_poll_stop's last poll call after it armed the timer (prefer_busy_poll with
        /// deferral: skip_schedule), which polls next instead of the softirq
        STOP_SKIP_SCHEDULE,
    };

    /**
     * Set or clear NAPI_STATE_IN_BUSY_POLL: a poller takes the context, busy_poll_stop
     * starts, or the owner gives it back.
     * @param owner the new owner
     */
    void SetBusyOwner(BusyOwner owner);

    BusyOwner m_busyOwner{BusyOwner::NONE}; ///< the busy poller that owns the context

    /**
     * Where the softirq's (or the NAPI thread's) current poll call stands: one call at a time,
     * from Poll to ReturnFromPoll. Once the call ends (EndPollCall), the packets the end
     * flushed from GRO still go up before the call returns, so the phase says how it returns.
     */
    enum class PollPhase : uint8_t
    {
        IDLE,    ///< no poll call in progress
        POLLING, ///< the driver's poll loop takes frames from the ring (PollNext)
        /// __napi_poll after a call that used its whole weight: the old packets flushed, the
        /// context stays on the poll list (repoll) once they went up
        REPOLL,
        /// napi_complete_done returned true: the driver unmasks the interrupt (or another
        /// mode takes the device over) once the flushed packets went up
        COMPLETE,
        /// napi_complete_done returned false (defer_hard_irqs_count): the interrupt stays
        /// masked, SCHED is cleared and the timer polls next
        COMPLETE_DEFERRED,
        /// __napi_poll with NAPI_STATE_PREFER_BUSY_POLL after a full call: napi_complete_done
        /// returned true, then napi_schedule keeps the context on the poll list, masked
        COMPLETE_RESCHEDULE,
        /// napi_complete_done's unmask register write is in service (UnmaskDone returns)
        UNMASKING,
    };

    /**
     * @param phase the phase the current poll call enters
     */
    void SetPollPhase(PollPhase phase);

    PollPhase m_pollPhase{PollPhase::IDLE}; ///< the current poll call's phase

    /// The frame in service: in the GRO stage, protocol processing or steering, or a busy
    /// poll's; empty between work items (it counts as held until its work is served)
    std::optional<RxFrame> m_current;
    uint32_t m_pollPackets{0};       ///< frames in the current poll call
    uint32_t m_workSinceComplete{0}; ///< frames since the last completion
    uint32_t m_deferCount{0};        ///< deferrals left before unmasking
    EventId m_timer;                 ///< deferral timer (napi_defer_hard_irqs)
    EventId m_groTimer;              ///< gro_flush_timeout without deferral (napi_watchdog)
    Time m_completeTimeout;          ///< napi_complete_done's timeout (PrepareComplete)
    Ptr<SoftnetData> m_softnet;      ///< the poll list we join
    Callback<void> m_isrDone;        ///< prebuilt callbacks: no allocation per packet
    Callback<void> m_packetDone;     ///< prebuilt callback
    Callback<void> m_unmaskDone;     ///< prebuilt callback
    Callback<bool> m_handOff;        ///< asked before unmasking (may be null)
    Callback<void> m_busyDone;       ///< the owner's callback for the current frame
    Callback<void> m_busyPacketDone; ///< prebuilt callback
    HostCpu::TaskId m_stopTask{0};   ///< busy_poll_stop: the polling task
    uint32_t m_stopBudget{0};        ///< busy_poll_stop: budget of the last call
    uint32_t m_stopWork{0};          ///< busy_poll_stop: frames of the last call so far
    Callback<void> m_stopDone;       ///< busy_poll_stop: the caller's callback
    Callback<void> m_stopFrameDone;  ///< prebuilt callback
    Callback<void> m_stopUnmaskDone; ///< prebuilt callback
    HostCpu::TaskId m_thread{0};     ///< the NAPI kernel thread (Threaded)
    RingFifo<RxFrame> m_groOut;      ///< packets from GRO waiting for protocol processing
    Callback<void> m_groDone;        ///< prebuilt callback
    Callback<void> m_pollCallDone;   ///< prebuilt callback: a poll call's fixed part served
    Callback<void> m_watchdogDone;   ///< prebuilt callback: the timer interrupt served
    uint32_t m_steerCore{0};         ///< RPS/RFS target of m_current
};

} // namespace ns3

#endif // NAPI_RX_MODE_H
