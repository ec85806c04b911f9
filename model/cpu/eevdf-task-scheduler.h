/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef EEVDF_TASK_SCHEDULER_H
#define EEVDF_TASK_SCHEDULER_H

#include "fair-task-scheduler.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Linux's EEVDF task scheduler as of 6.6 (kernel/sched/fair.c).
 *
 * place_entity with PLACE_LAG (a woken task keeps the lag it slept with, clamped to
 * +-2 base slices by update_entity_lag), avg_vruntime and entity_eligible, virtual
 * deadlines vruntime + base slice renewed by update_deadline, pick_eevdf (the eligible
 * task with the earliest deadline) with RUN_TO_PARITY, and check_preempt_wakeup (a woken
 * task preempts when pick_eevdf would choose it). A deadline is renewed at the exact
 * instant it is reached (Linux: at the next tick or scheduler event).
 */
class EevdfTaskScheduler : public FairTaskScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    void Expire(uint32_t core) override;
    Time SliceLeft(uint32_t core) const override;

  protected:
    void Place(uint32_t core, TaskId task) override;
    int64_t WakeupPreempt(uint32_t core, TaskId task) override;
    TaskId Pick(uint32_t core, bool hasCurr) const override;
    void Charged(uint32_t core) override;
    void Sleeping(uint32_t core, TaskId task) override;
    void PutPrev(uint32_t core, TaskId task) override;

  private:
    /// @return avg_vruntime: the load-weighted mean vruntime of a core's queued tasks
    int64_t AvgVruntime(uint32_t core) const;
    /// @return entity_eligible: the task's vruntime is not after the core's avg_vruntime
    bool IsEligible(uint32_t core, TaskId task) const;
    /// update_deadline: a task whose vruntime reached its deadline gets a new request.
    void RenewDeadline(uint32_t core, TaskId task);

    /// @return the base slice in time steps
    int64_t BaseSlice() const;

    Time m_baseSlice;         ///< sysctl_sched_base_slice (attribute)
    bool m_runToParity{true}; ///< RUN_TO_PARITY (attribute)
};

} // namespace ns3

#endif // EEVDF_TASK_SCHEDULER_H
