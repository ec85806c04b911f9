/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef CFS_TASK_SCHEDULER_H
#define CFS_TASK_SCHEDULER_H

#include "fair-task-scheduler.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Linux's CFS task scheduler as of 6.5 and before (kernel/sched/fair.c).
 *
 * place_entity with GENTLE_FAIR_SLEEPERS (a sleeper gets at most half a sched_latency of
 * credit below min_vruntime), sched_slice (sched_latency shared by the runnable tasks, at
 * least min_granularity), check_preempt_tick (the head runs its slice), pick_next_entity
 * (the smallest vruntime; the next, last and skip buddies are not modelled) and
 * wakeup_preempt_entity (a woken task preempts when the head's vruntime is ahead by more
 * than the wake-up granularity). A migrating task's vruntime is renormalised to the new
 * run queue.
 */
class CfsTaskScheduler : public FairTaskScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    Time SliceLeft(uint32_t core) const override;
    void Migrate(TaskId task, uint32_t from, uint32_t to) override;

  protected:
    void Place(uint32_t core, TaskId task) override;
    int64_t WakeupPreempt(uint32_t core, TaskId task) override;
    TaskId Pick(uint32_t core, bool hasCurr) const override;

  private:
    /// @return sched_slice for a core with @p nRunning equal-weight tasks
    Time Slice(size_t nRunning) const;

    Time m_schedLatency;      ///< sysctl_sched_latency (attribute)
    Time m_minGranularity;    ///< sysctl_sched_min_granularity (attribute)
    Time m_wakeupGranularity; ///< sysctl_sched_wakeup_granularity (attribute)
};

} // namespace ns3

#endif // CFS_TASK_SCHEDULER_H
