/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef EPOLL_INSTANCE_H
#define EPOLL_INSTANCE_H

#include "host-net-stack.h"
#include "rx-mode.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/host-cpu.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ring-fifo.h"

#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Counters of an EpollInstance since creation (or ResetStats).
 */
struct EpollStats
{
    uint64_t waits{0};         ///< epoll_wait calls
    uint64_t withEvents{0};    ///< calls that returned events
    uint64_t events{0};        ///< events returned
    uint64_t timeouts{0};      ///< calls that returned 0 (timeout, or non-blocking)
    uint64_t sleeps{0};        ///< times the thread slept in epoll_wait
    uint64_t busyLoops{0};     ///< napi_busy_loop runs
    uint64_t busyLoopTakes{0}; ///< busy loops that owned the NAPI context
    uint64_t busyFrames{0};    ///< frames the busy loops' poll calls took (busy_poll_stop too)
    uint64_t suspends{0};      ///< napi_suspend_irqs calls
    uint64_t resumes{0};       ///< napi_resume_irqs calls
    uint64_t yields{0};        ///< busy loops that gave the context back on need_resched
    Time spin; ///< elapsed time of finished spins (busy loop with nothing to poll), preemptions
               ///< included
};

/**
 * @ingroup hostnet
 * @brief An epoll instance of one application thread, with Linux 6.9+ per-instance busy
 * polling (EPIOCSPARAMS: BusyPollUsecs, BusyPollBudget, PreferBusyPoll) and Linux 6.13 IRQ
 * suspension (fs/eventpoll.c: ep_poll, ep_busy_loop, ep_suspend_napi_irqs).
 *
 * Items (an application's connections, numbered by the application) become ready through
 * NotifyReady, called from the socket's receive callback (ep_poll_callback), which also
 * records the NAPI context that delivered the data (ep_set_busy_poll_napi_id). Wait is
 * epoll_wait with a timeout in milliseconds (-1: block, 0: non-blocking), in the context of
 * the application's task; the callback runs when it returns, with up to MaxEvents ready
 * items in ready-list order. What happens in between follows ep_poll:
 * - ready items: return them; with PreferBusyPoll, napi_suspend_irqs (the NAPI context's
 *   timer is re-armed with its IrqSuspendTimeout);
 * - none and timeout 0: return 0;
 * - none, busy polling on (BusyPollUsecs > 0 or PreferBusyPoll) and a NAPI context known:
 *   napi_busy_loop on that context until items are ready or BusyPollUsecs have passed (0:
 *   one poll call). The loop takes the context (NapiBusyPoll::BusyLoopTake) and polls it in poll
 *   calls of BusyPollBudget frames as the task's work; with an empty ring it spins (one
 *   work item cut when a frame reaches host memory or an item becomes ready; no event per
 *   spin iteration). If the context is held by the softirq it spins without polling and
 *   tries again when a frame arrives. At the end busy_poll_stop runs
 *   (NapiBusyPoll::BusyLoopStop). If items are ready the call returns them; else, with
 *   PreferBusyPoll, napi_resume_irqs, and the NAPI context is forgotten until an item
 *   becomes ready again;
 * - then the thread sleeps until an item becomes ready (a wake-up: HostCpu's WakeupCost) or
 *   the timeout expires.
 *
 * need_resched: when the scheduler gives the thread's core to another task (a wake-up
 * preemption or the end of its slice, HostCpu::SetPreemptNotifier) while the loop spins on a
 * context it owns, the loop runs busy_poll_stop at once (the ring is empty: the softirq or
 * the timer takes the context over) and restarts napi_busy_loop when the thread runs again,
 * as napi_busy_loop's need_resched() branch does; pending softirq work preempts the spin at
 * once (local_bh_enable between poll calls).
 *
 * Simplified: a preemption during a poll call (not a spin) is not looked at when the call
 * ends; a busy poll call runs no GRO; napi_resume_irqs schedules the poll on the
 * context's IRQ core, where Linux raises it on the calling thread's core (the same core when
 * threads and IRQs are paired, as memcached -N with pinned threads does).
 */
class EpollInstance : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();
    EpollInstance();
    ~EpollInstance() override;
    /**
     * @brief Copy the configuration (attributes), none of the state: one instance per
     * thread from an application's prototype.
     * @param other the instance to copy
     */
    EpollInstance(const EpollInstance& other);

    /// Called when epoll_wait returns: the ready items (empty on a timeout).
    typedef Callback<void, const std::vector<uint32_t>&> ReturnCallback;

    /**
     * @brief Bind the instance to its thread.
     * @param cpu the node's CPU
     * @param task the thread (busy polling and spinning are its work)
     * @param stack the node's stack (knows the delivering NAPI context)
     * @param items number of items (connections) the instance may hold
     */
    void Setup(Ptr<HostCpu> cpu, HostCpu::TaskId task, Ptr<HostNetStack> stack, uint32_t items);
    /**
     * @brief Grow the number of items (a connection was added).
     * @param items the new number of items
     */
    void SetItems(uint32_t items);
    /**
     * @brief ep_poll_callback: an item has data. Call it from the socket's receive callback
     * (the delivering NAPI context becomes the instance's napi_id). Wakes a sleeping thread or
     * ends a busy loop.
     * @param item the item
     */
    void NotifyReady(uint32_t item);
    /**
     * @brief epoll_wait; call it from the thread's own work (a completion callback of its task).
     * @param timeoutMs -1 to block until an item is ready, 0 for non-blocking, else the
     *        timeout in milliseconds
     * @param returned called with the ready items when the call returns
     */
    void Wait(int32_t timeoutMs, const ReturnCallback& returned);
    /** @return true while a Wait is in progress */
    bool IsWaiting() const;
    /** @return the NAPI context of the next busy loop (nullptr: none) */
    Ptr<RxMode> GetNapi() const;
    /** @return the counters */
    const EpollStats& GetStats() const;
    /** @brief Start a new window for the counters. */
    void ResetStats();
    /** @return BusyPollUsecs */
    uint32_t GetBusyPollUsecs() const;
    /** @return PreferBusyPoll */
    bool GetPreferBusyPoll() const;

  protected:
    void DoDispose() override;

  private:
    /// Build the prebuilt callbacks bound to this object.
    void BuildCallbacks();
    /// The loop of ep_poll after the call started or a busy loop or sleep ended.
    void Step();
    /// Return up to MaxEvents ready items.
    void ReturnEvents();
    /// Return with no events.
    void ReturnEmpty();
    /// Start napi_busy_loop.
    void StartBusyLoop();
    /// One iteration of the busy loop: poll the owned context, or spin.
    void LoopIteration();
    /// Busy poll call: the next frame or the end of the call.
    void PollNext();
    /// A frame of the poll call went up.
    void FrameDone();
    /// After a poll call, or when a spin ended: stop, poll again or spin.
    void LoopCheck();
    /// A spin ended (its deadline or a cut).
    void SpinDone();
    /// A frame reached host memory while spinning.
    void FrameArrived();
    /// End the busy loop (busy_poll_stop if the context is owned).
    void EndBusyLoop();
    /// busy_poll_stop was served.
    void BusyLoopStopped();
    /// Go to sleep until an item is ready or the timeout.
    void Sleep();
    /// The sleep timeout expired.
    void SleepTimeout();
    /// The timeout's timer interrupt was served: wake the thread unless an item did.
    void TimerFired();
    /// The scheduler gave the thread's core to another task (need_resched): a spinning loop
    /// that owns the context gives it back (busy_poll_stop) and restarts when it runs again.
    void Preempted();
    /// busy_poll_stop of a loop that gave way was served.
    void YieldStopped();
    /// The woken thread runs again.
    void Woken();
    /// @return whether ep_busy_loop_end holds (items ready or time up)
    bool LoopEnds() const;

    uint32_t m_busyPollUsecs{0};   ///< EPIOCSPARAMS busy_poll_usecs (attribute)
    uint16_t m_busyPollBudget{8};  ///< EPIOCSPARAMS busy_poll_budget (attribute)
    bool m_preferBusyPoll{false};  ///< EPIOCSPARAMS prefer_busy_poll (attribute)
    uint32_t m_maxEvents{32};      ///< maxevents of epoll_wait (attribute)
    Ptr<HostCpu> m_cpu;            ///< the CPU
    HostCpu::TaskId m_task{0};     ///< the thread
    Ptr<HostNetStack> m_stack;     ///< the node's stack
    RingFifo<uint32_t> m_ready;    ///< the ready list
    std::vector<bool> m_linked;    ///< item is on the ready list
    std::vector<uint32_t> m_out;   ///< the events of the last return
    Ptr<RxMode> m_napi;            ///< ep->napi_id (nullptr: none)
    Ptr<RxMode> m_loopNapi;        ///< context of the running busy loop
    bool m_waiting{false};         ///< a Wait is in progress
    bool m_sleeping{false};        ///< the thread sleeps in epoll_wait
    bool m_spinning{false};        ///< a spin work item is pending
    bool m_owned{false};           ///< the busy loop owns its context
    int32_t m_timeoutMs{-1};       ///< timeout of the running Wait
    Time m_loopDeadline;           ///< end of the busy loop's time
    Time m_spinStart;              ///< start of the current spin
    uint32_t m_callWork{0};        ///< frames of the running poll call
    EventId m_sleepTimer;          ///< timeout of a sleep
    ReturnCallback m_returned;     ///< the caller's callback
    Callback<void> m_frameDone;    ///< prebuilt callback
    Callback<void> m_spinDone;     ///< prebuilt callback
    Callback<void> m_frameArrived; ///< prebuilt callback
    Callback<void> m_stopped;      ///< prebuilt callback
    Callback<void> m_woken;        ///< prebuilt callback
    Callback<void> m_timerFired;   ///< prebuilt callback
    Callback<void> m_preempted;    ///< prebuilt callback (HostCpu::SetPreemptNotifier)
    Callback<void> m_yieldStopped; ///< prebuilt callback
    EpollStats m_stats;            ///< counters
};

} // namespace ns3

#endif /* EPOLL_INSTANCE_H */
