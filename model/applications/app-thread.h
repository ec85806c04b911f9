/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef APP_THREAD_H
#define APP_THREAD_H

#include "ns3/busy-poller.h"
#include "ns3/callback.h"
#include "ns3/host-cpu.h"
#include "ns3/node.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <string>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The thread of a hostnet application on its node's HostCpu, and its optional
 * SO_BUSY_POLL loop.
 *
 * The thread is created at the application's first start and kept across a stop and a
 * restart (a HostCpu task cannot be removed, and its CPU time should add up over the
 * application's life). The application's Core attribute is checked here, so the error
 * names the attribute the user set.
 */
class AppThread
{
  public:
    /**
     * @brief Create the thread on the node's HostCpu unless it exists.
     * @param node the application's node
     * @param name the task name (the node id is appended)
     * @param core the core it is pinned to, or HostCpu::ANY_CORE when @p anyCore allows it
     * @param anyCore whether HostCpu::ANY_CORE is accepted
     * @param attribute the attribute that gave @p core (e.g. "HostSinkApplication::Core")
     */
    void Create(Ptr<Node> node,
                const std::string& name,
                uint32_t core,
                bool anyCore,
                const std::string& attribute);

    /**
     * @brief Install the busy-poll loop (once) if @p timeout is positive.
     * @param node the application's node
     * @param timeout SO_BUSY_POLL time (0: no loop)
     * @param budget frames per napi_busy_loop call
     * @param hasData whether the application's socket has data
     * @param resume what the thread does when the loop ends with data
     * @param attribute the attribute that gave @p timeout, for error messages
     */
    void InstallBusyPoll(Ptr<Node> node,
                         Time timeout,
                         uint32_t budget,
                         Callback<bool> hasData,
                         Callback<void> resume,
                         const std::string& attribute);

    /**
     * @brief Queue work on the thread (HostCpu::SubmitTask).
     * @param cost the CPU time of the work
     * @param done called when it completes
     */
    void Submit(Time cost, const Callback<void>& done) const;

    /**
     * @brief Data reached the application's socket while its work is queued on the thread:
     * the busy-poll loop (if any) learns the delivering NAPI context (sk_mark_napi_id) and,
     * if it spins, ends its spin so the queued work runs.
     * @param stack the node's stack (knows the delivering context)
     */
    void NoteQueuedData(const HostNetStack& stack);

    /** @return whether Create ran */
    bool Exists() const;
    /** @return the node's CPU (null before Create) */
    Ptr<HostCpu> GetCpu() const;
    /** @return the task (valid once Create ran) */
    HostCpu::TaskId GetTask() const;
    /** @return the busy-poll loop (null without one) */
    Ptr<BusyPoller> GetBusyPoller() const;
    /** @return the busy-poll loop (null without one), without a reference (per packet) */
    BusyPoller* PeekBusyPoller() const;
    /** @return the CPU time the thread used (0 before Create) */
    Time GetCpuTime() const;
    /** @return the time the busy-poll loop spun (0 without one) */
    Time GetBusyPollSpinTime() const;

    /// Drop the references (the application's DoDispose).
    void Dispose();

  private:
    Ptr<HostCpu> m_cpu;           ///< the node's CPU
    HostCpu::TaskId m_task{0};    ///< the thread
    bool m_exists{false};         ///< m_task is valid
    Ptr<BusyPoller> m_busyPoller; ///< the busy-poll loop (if any)
};

} // namespace ns3

#endif /* APP_THREAD_H */
