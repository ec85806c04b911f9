/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef NAPI_BUSY_POLL_H
#define NAPI_BUSY_POLL_H

#include "ns3/callback.h"
#include "ns3/host-cpu.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief What socket and epoll busy polling need of a NAPI context (Linux's
 * napi_busy_loop, busy_poll_stop, napi_suspend_irqs and napi_resume_irqs).
 *
 * Busy polling is apart from RxMode's own interface, as TcpRecoveryOps is apart from
 * TcpSocketBase: the pollers (BusyPoller for SO_BUSY_POLL reads, EpollInstance for epoll's
 * busy loop and IRQ suspension) reach a receive mode's context only through this interface,
 * from RxMode::GetBusyPoll. NapiRxMode (and its variants) implements it; a mode that cannot
 * be busy-polled gives a context that refuses every call.
 */
class NapiBusyPoll
{
  public:
    virtual ~NapiBusyPoll() = default;

    /// @name SO_BUSY_POLL reads (BusyPoller)
    /// @{
    /**
     * @brief napi_busy_loop takes the context (NAPI_STATE_SCHED for a task): only if it is
     * idle (no ISR, not scheduled in the softirq, not owned) and its ring has frames. Until
     * BusyPollRelease, an ISR finds it owned and schedules nothing.
     * @return true if the caller owns the context now
     */
    virtual bool BusyPollOwn() = 0;

    /**
     * @brief The owner processes the next frame of the ring as TASK work of @p task
     * (protocol cost and refill), hands it to the stack and calls @p done.
     * @param task the owning task
     * @param done called when the frame went up
     * @return false (and nothing done) if the ring is empty
     */
    virtual bool BusyPollFrame(HostCpu::TaskId task, const Callback<void>& done) = 0;

    /**
     * @brief busy_poll_stop: the owner gives the context back after @p frames frames (the
     * BusyPoll trace and the device's statistics count the call); frames that an interrupt
     * announced meanwhile go to the softirq.
     * @param frames the frames the busy poll call took
     */
    virtual void BusyPollRelease(uint32_t frames) = 0;

    /**
     * @brief Called once at the next frame written to host memory (a spinning busy poller
     * waits for it); a null callback cancels.
     * @param waiter the callback
     */
    virtual void SetBusyPollWaiter(const Callback<void>& waiter) = 0;
    /// @}

    /// @name epoll's busy loop and IRQ suspension (EpollInstance)
    /// @{
    /**
     * @brief The epoll busy loop (napi_busy_loop) takes the context for the whole loop.
     * @param prefer prefer_busy_poll of the epoll instance
     * @return true if the caller owns the context now
     */
    virtual bool BusyLoopTake(bool prefer) = 0;

    /**
     * @brief A poll call of the epoll busy loop ended: count it and fire BusyPoll.
     * @param frames the frames it took (BusyPollFrame)
     */
    virtual void BusyLoopCallEnded(uint32_t frames) = 0;

    /**
     * @brief busy_poll_stop of a loop that BusyLoopTake started.
     * @param task the polling task
     * @param budget frames of the last poll call
     * @param prefer prefer_busy_poll of the epoll instance
     * @param done called when the stop was served
     */
    virtual void BusyLoopStop(HostCpu::TaskId task,
                              uint32_t budget,
                              bool prefer,
                              const Callback<void>& done) = 0;

    /** @brief napi_suspend_irqs (epoll returned events). */
    virtual void SuspendIrqs() = 0;

    /** @brief napi_resume_irqs (epoll found nothing). */
    virtual void ResumeIrqs() = 0;
    /// @}
};

} // namespace ns3

#endif // NAPI_BUSY_POLL_H
