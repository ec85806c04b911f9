/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef SOFTNET_DATA_H
#define SOFTNET_DATA_H

#include "ns3/callback.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/ring-fifo.h"

namespace ns3
{

class HostCpu;
class NapiContext;

/**
 * @ingroup hostnet
 * @brief Counters of one core's NET_RX processing (Linux /proc/net/softnet_stat).
 */
struct SoftnetStats
{
    uint64_t softirqs{0};         ///< NET_RX softirq invocations started from idle
    uint64_t polls{0};            ///< NAPI poll calls
    uint64_t processed{0};        ///< frames processed by the poll calls
    uint64_t timeSqueeze{0};      ///< rounds ended by netdev_budget or budget-usecs
    uint64_t ksoftirqdWakeups{0}; ///< times the work moved to ksoftirqd
};

/**
 * @ingroup hostnet
 * @brief The softirq rules of a Linux version (HostNetStack::KernelVersion).
 */
enum class SoftirqRules : uint8_t
{
    LINUX_2_6, ///< 2.6-3.8: restarts only; new raises run at irq_exit even beside ksoftirqd
    LINUX_4_9, ///< 4.9-6.4: time and need_resched end restarts; raises wait for ksoftirqd
    LINUX_6_5, ///< 3.9-4.8 and 6.5+ (d15121be7485 reverted the wait): raises run at irq_exit
};

/**
 * @ingroup hostnet
 * @brief The NET_RX softirq of one core: the poll list shared by the NAPI contexts whose
 * interrupts that core serves (Linux's per-CPU softnet_data and net_rx_action).
 *
 * A NAPI context (a device queue's NapiRxMode, or the core's RpsBacklog) joins the poll
 * list when it is scheduled (the ISR, or an RPS IPI). The softirq polls the head
 * of the list; a poll call that used its whole weight goes to the tail (round robin), a
 * poll call that completed leaves the list. All poll calls of a round share one budget:
 * after NetdevBudget frames or BudgetUsecs the round ends (time_squeeze) and the softirq
 * restarts. After MaxSoftirqRestarts restarts or MaxSoftirqTime in a row (__do_softirq's
 * MAX_SOFTIRQ_RESTART and MAX_SOFTIRQ_TIME) the work moves to the core's ksoftirqd, a
 * TASK-level kernel thread, until the poll list is empty.
 *
 * HostNetStack owns one per core (HostNetStack::GetSoftnet) and configures it from its sysctl-like
 * attributes; a NAPI context that must not share the budget (Salah et al. 2007's disable-enable)
 * uses a private instance with unlimited budgets.
 */
class SoftnetData : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    SoftnetData();
    ~SoftnetData() override;

    /**
     * @brief Bind to a core and set the budgets.
     * @param cpu the CPU
     * @param core the core whose softirq this is
     * @param netdevBudget frames per round (net.core.netdev_budget)
     * @param budgetTime time per round (net.core.netdev_budget_usecs)
     * @param maxRestarts restarts in a row before ksoftirqd
     * @param maxSoftirqTime softirq time in a row before ksoftirqd
     * @param rules the kernel version's hand-off rules
     */
    void Setup(Ptr<HostCpu> cpu,
               uint32_t core,
               uint32_t netdevBudget,
               Time budgetTime,
               uint32_t maxRestarts,
               Time maxSoftirqTime,
               SoftirqRules rules);

    /**
     * @brief Threaded NAPI: all poll work runs in this kernel thread (a TASK-level task),
     * never in the softirq. Use with budgets that never end a round.
     * @param task the NAPI thread
     */
    void SetThread(uint32_t task);
    /**
     * @brief napi_schedule: put a NAPI context on the poll list; raise NET_RX if idle.
     * @param napi the context (must not be on the list)
     */
    void Schedule(NapiContext* napi);

    /**
     * @brief A poll call of the head of the list returned.
     * @param napi the polled context (the head of the list)
     * @param work frames it processed
     * @param rescheduled true if it used its whole weight and stays on the list; false if
     *        it left the list (completed, waiting for a timer, or handed off)
     */
    void PollReturned(NapiContext* napi, uint32_t work, bool rescheduled);

    /**
     * @brief Run poll work in the current context: the softirq, or ksoftirqd.
     * @param cost CPU time
     * @param done called when the work was served
     */
    void SubmitWork(Time cost, const Callback<void>& done);

    /** @return true while the poll list is being served by ksoftirqd */
    bool IsInKsoftirqd() const;

    /** @return true while a NET_RX softirq (or ksoftirqd) is working on the list */
    bool IsRunning() const;

    /** @return the number of NAPI contexts on the poll list */
    uint32_t GetPollListLength() const;

    /** @return the counters since the last ResetStats */
    SoftnetStats GetStats() const;

    /** @brief Start a new measurement window. */
    void ResetStats();

  protected:
    void DoDispose() override;

  private:
    /// Start a round with a fresh budget.
    void StartRound();
    /// Poll the head of the list, or go idle if it is empty.
    void PollHead();

    Ptr<HostCpu> m_cpu;                            ///< the CPU
    uint32_t m_core{0};                            ///< our core
    uint32_t m_netdevBudget{300};                  ///< frames per round
    Time m_budgetTime;                             ///< time per round
    uint32_t m_maxRestarts{10};                    ///< restarts before ksoftirqd
    SoftirqRules m_rules{SoftirqRules::LINUX_6_5}; ///< hand-off rules
    Time m_maxSoftirqTime;                         ///< softirq time before ksoftirqd
    RingFifo<NapiContext*> m_pollList;             ///< scheduled NAPI contexts, head is polled
    bool m_running{false};                         ///< a softirq is working on the list
    bool m_inKsoftirqd{false};                     ///< the work moved to ksoftirqd
    uint32_t m_ksoftirqd{0};                       ///< the core's ksoftirqd task
    bool m_threaded{false};                        ///< work runs in m_ksoftirqd (SetThread)
    uint32_t m_roundPackets{0};                    ///< frames in the current round
    uint32_t m_restarts{0};                        ///< restarts in a row
    Time m_roundStart;                             ///< start of the current round
    Time m_softirqStart;                           ///< start of the current softirq invocation
    SoftnetStats m_stats;                          ///< counters
};

} // namespace ns3

#endif // SOFTNET_DATA_H
