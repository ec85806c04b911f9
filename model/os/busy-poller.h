/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef BUSY_POLLER_H
#define BUSY_POLLER_H

#include "host-net-stack.h"
#include "rx-mode.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/host-cpu.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <string>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief An application's busy-poll loop (SO_BUSY_POLL / net.core.busy_read).
 *
 * When a read finds its socket empty, the application does not sleep: for up to the
 * busy-poll time it spins in the kernel calling the device's NAPI poll (napi_busy_loop,
 * BUSY_POLL_BUDGET frames per call) in its own task context. The loop ends as soon as
 * the socket has data (the application reads) or the time is up (it sleeps and waits for
 * the softirq path as usual). Protocol work done by busy polling is the application's
 * CPU time, not softirq time; the spinning itself is application CPU time too.
 *
 * The loop is this class's: it owns the context for a busy poll call
 * (NapiBusyPoll::BusyPollOwn, napi_busy_loop), has it process up to the budget's frames as
 * the task's work (BusyPollFrame) and gives it back (BusyPollRelease, busy_poll_stop).
 * Epoll busy polling with Linux's ownership (the loop holds the context until
 * busy_poll_stop), prefer_busy_poll and IRQ suspension is EpollInstance's; this older loop
 * owns the context per call, leaves the interrupt armed and does not take a deferred
 * context (moving it onto EpollInstance's loop would change recorded outputs).
 *
 * No event per spin iteration: a spin is one TASK work item lasting until the deadline,
 * cut (HostCpu::SubmitSpin, CutSpin) when a frame reaches host memory or data reaches the socket.
 * Interrupts stay enabled (Linux without irq suspension): an ISR that finds the context
 * owned by the poller schedules nothing.
 *
 * Which context: the one that last delivered data to the application's socket (SetNapi;
 * Linux: sk_busy_loop polls sk->sk_napi_id, which sk_mark_napi_id copies from each
 * received skb's napi_id). Until one is known the read sleeps at once, as Linux does while
 * sk_napi_id is below MIN_NAPI_ID (no packet received yet). A context set while the loop
 * runs is used from the next read on (napi_busy_loop keeps the id it started with).
 */
class BusyPoller : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    BusyPoller();
    ~BusyPoller() override;

    /**
     * @brief Bind the loop to its task.
     * @param cpu the CPU
     * @param task the application's task (spin and poll work are charged to it)
     * @param timeout busy-poll time per blocking read (> 0)
     * @param budget frames per busy poll call (>= 1)
     * @param hasData returns true if the application's socket(s) have data
     * @param resume called when data may be read
     */
    void Setup(Ptr<HostCpu> cpu,
               HostCpu::TaskId task,
               Time timeout,
               uint32_t budget,
               Callback<bool> hasData,
               Callback<void> resume);

    /**
     * @brief Create the busy-poll loop of an application's task on a node (SO_BUSY_POLL).
     *
     * Stops with a message naming @p owner when the node has no HostNetDevice whose receive
     * mode supports busy polling (RxMode::Supports(RxMode::BUSY_POLL): a NAPI mode).
     * @param node the application's node (with a HostCpu)
     * @param task the application's task
     * @param timeout busy-poll time per blocking read (> 0)
     * @param budget frames per busy poll call (>= 1)
     * @param hasData returns true if the application has data to read
     * @param resume called when data may be read
     * @param owner the attribute that asked for it, for the message (e.g.
     *        "RequestResponseServer::BusyPoll")
     * @return the loop
     */
    static Ptr<BusyPoller> Install(Ptr<Node> node,
                                   HostCpu::TaskId task,
                                   Time timeout,
                                   uint32_t budget,
                                   Callback<bool> hasData,
                                   Callback<void> resume,
                                   const std::string& owner);

    /**
     * @brief sk_mark_napi_id: data reach the application's socket now; remember the NAPI
     * context delivering them (one context for all the application's sockets, as epoll keeps
     * one napi_id). Call it from the socket's receive callback.
     * @param stack the node's stack (knows the delivering context)
     */
    void NoteDelivery(const HostNetStack& stack);

    /**
     * @brief The NAPI context that last delivered data to the socket (sk_napi_id); the next
     * loop polls it.
     * @param napi the context: a receive mode that supports busy polling (nullptr: none
     *        that can be busy-polled)
     */
    void SetNapi(Ptr<RxMode> napi);

    /** @return the context the next loop polls (nullptr until one delivered data) */
    Ptr<RxMode> GetNapi() const;

    /** @return busy-poll loops skipped because no context was known yet */
    uint64_t GetNoContext() const;

    /**
     * @brief A read found no data: busy-poll until data arrives or the timeout.
     *
     * The loop begins 2 ns later: ns-3's TCP transmits 1 ns after a send call
     * (SendPendingData is scheduled), and a thread enters epoll_wait only after its
     * sendmsg has transmitted, so what the application just sent must not queue behind
     * the spin on its task.
     */
    void Start();

    /** @brief Data reached the socket: end a running spin at once. */
    void Wake();

    /**
     * @brief The application has other work (epoll_wait returned for another event, e.g. a
     * request to write): end the loop now (cut the spin); the application starts a new one
     * when it is idle again.
     */
    void Interrupt();

    /** @return true while the loop runs (spinning or polling) */
    bool IsActive() const;

    /** @return time spent spinning with nothing to poll since creation */
    Time GetSpinTime() const;

    /** @return busy-poll loops that ended by the timeout (the application slept) */
    uint64_t GetTimeouts() const;

  protected:
    void DoDispose() override;

  private:
    /// Begin the loop Start asked for.
    void Begin();
    /// Poll, spin, hand over to the application, or give up.
    void Step();
    /// A spin ended (deadline or cut).
    void SpinDone();
    /// A frame reached host memory while spinning.
    void FrameArrived();
    /// Busy poll call: process the next frame of the owned context, or release it.
    void PollNext();
    /// Busy poll call: the owned context's frame went up.
    void FrameDone();

    Ptr<HostCpu> m_cpu;                ///< the CPU
    HostCpu::TaskId m_task{0};         ///< the application's task
    Ptr<RxMode> m_napi;                ///< the context the running loop polls
    Ptr<RxMode> m_nextNapi;            ///< sk_napi_id: the context of the next loop
    RxMode* m_lastDelivering{nullptr}; ///< context of the last delivery (not owned)
    uint64_t m_noContext{0};           ///< reads that slept for want of a context
    Time m_timeout;                    ///< busy-poll time per read
    uint32_t m_budget{8};              ///< frames per busy poll call
    uint32_t m_work{0};                ///< frames in the running busy poll call
    Callback<bool> m_hasData;          ///< socket check
    Callback<void> m_resume;           ///< hand over to the application
    bool m_active{false};              ///< the loop runs
    bool m_spinning{false};            ///< a spin work item is pending
    Time m_deadline;                   ///< end of the current loop
    EventId m_startEvent;              ///< the loop about to begin (Start)
    bool m_stop{false};                ///< Interrupt: end the loop at the next step
    Time m_spinStart;                  ///< start of the current spin
    Time m_spinTime;                   ///< total spin time
    uint64_t m_timeouts{0};            ///< loops ended by the timeout
    Callback<void> m_frameDone;        ///< prebuilt callback
    Callback<void> m_spinDone;         ///< prebuilt callback
    Callback<void> m_frameArrived;     ///< prebuilt callback
};

} // namespace ns3

#endif // BUSY_POLLER_H
