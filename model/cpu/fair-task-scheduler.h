/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef FAIR_TASK_SCHEDULER_H
#define FAIR_TASK_SCHEDULER_H

#include "task-scheduler.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief What Linux's two fair schedulers share (kernel/sched/fair.c).
 *
 * Every task has nice-0 weight, so a vruntime advances at the rate of CPU time and the
 * weights cancel; min_vruntime is monotonic. A woken task is placed (place_entity), may
 * preempt the head (wake-up preemption), and a new head runs with a fresh slice
 * (set_next_entity) while the old one is put back last (put_prev_entity). The members
 * differ in placement, in the pick and in the slice: EevdfTaskScheduler and
 * CfsTaskScheduler.
 */
class FairTaskScheduler : public TaskScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    void Charge(uint32_t core, Time elapsed) override;
    bool Enqueue(uint32_t core, TaskId task) override;
    void Dequeue(uint32_t core, TaskId task) override;
    void Expire(uint32_t core) override;

  protected:
    /**
     * place_entity: set the vruntime (and deadline) of a task waking on a core, before it
     * is queued.
     * @param core the core
     * @param task the task
     */
    virtual void Place(uint32_t core, TaskId task) = 0;

    /**
     * Wake-up preemption: the task that should run now that @p task joined the queue.
     * @param core the core (at least two runnable tasks, @p task last)
     * @param task the woken task
     * @return the new head, or -1 to keep the head
     */
    virtual int64_t WakeupPreempt(uint32_t core, TaskId task) = 0;

    /**
     * The task the policy picks on a core.
     * @param core the core (its run queue is not empty)
     * @param hasCurr the head task is the running one (curr), not a candidate like others
     * @return the chosen task
     */
    virtual TaskId Pick(uint32_t core, bool hasCurr) const = 0;

    /**
     * The head task received CPU time and its vruntime advanced (EEVDF renews a lone
     * task's deadline here).
     * @param core the core
     */
    virtual void Charged(uint32_t core);

    /**
     * A task is about to leave a core's run queue (EEVDF saves its lag here).
     * @param core the core
     * @param task the task
     */
    virtual void Sleeping(uint32_t core, TaskId task);

    /**
     * A task stops being the head (put_prev_entity; also on slice expiry before the pick).
     * @param core the core
     * @param task the task
     */
    virtual void PutPrev(uint32_t core, TaskId task);

    /**
     * set_next_entity: make a queued task the head with a fresh slice; the old head goes
     * last.
     * @param core the core
     * @param task the new head
     */
    void SetHead(uint32_t core, TaskId task);

    /**
     * update_min_vruntime: raise a core's min_vruntime to the smallest queued vruntime.
     * @param core the core
     */
    void UpdateMinVruntime(uint32_t core);
};

} // namespace ns3

#endif // FAIR_TASK_SCHEDULER_H
