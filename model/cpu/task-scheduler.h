/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef TASK_SCHEDULER_H
#define TASK_SCHEDULER_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The TASK-level policy of a HostCpu: which runnable task a core runs, and how long.
 *
 * HostCpu keeps the levels (HARDIRQ > SOFTIRQ > TASK), the work items, preemption and the
 * accounting; a TaskScheduler keeps, per core, the queue of runnable tasks (its head is
 * the task that runs, or would run, at TASK level) and, per task, the fair schedulers'
 * scheduling entity. HostCpu tells it what happened (a task woke, went to sleep, ran for
 * some time, used up its slice) and asks it how long the head may run before the policy
 * looks again. The members of the family: RoundRobinTaskScheduler (the papers' hosts),
 * EevdfTaskScheduler (Linux 6.6 and later) and CfsTaskScheduler (Linux up to 6.5).
 *
 * Tasks are numbered 0, 1, ... in the order of AddTask (HostCpu's TaskId).
 *
 * A scheduler is an Object whose attributes are its policy's sysctls, read live (a new
 * value applies at once, as Linux reads its sysctls): the HostCpu's Scheduler attribute,
 * Config path /NodeList/[i]/$ns3::HostCpu/Scheduler/[attribute]. One scheduler serves one
 * HostCpu.
 */
class TaskScheduler : public Object
{
  public:
    /// Identifier of a task (HostCpu::TaskId).
    typedef uint32_t TaskId;

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    TaskScheduler();
    ~TaskScheduler() override;

    /**
     * @brief Create the per-core run queues (HostCpu, once, when its cores are made).
     * @param nCores the number of cores (>= 1)
     */
    void SetNCores(uint32_t nCores);

    /** @return the number of cores (0 before SetNCores) */
    uint32_t GetNCores() const;

    TaskScheduler(const TaskScheduler&) = delete;
    TaskScheduler& operator=(const TaskScheduler&) = delete;

    /** @brief Add a task: it gets the next TaskId and starts asleep. */
    void AddTask();

    /**
     * @brief Get the runnable tasks of a core, head (running) first.
     * @param core the core
     * @return the core's run queue
     */
    const std::vector<TaskId>& GetQueue(uint32_t core) const;

    /**
     * @brief Whether a core has no runnable task.
     * @param core the core
     * @return true if the core's run queue is empty
     */
    bool IsEmpty(uint32_t core) const;

    /**
     * @brief The task at the head of a core's run queue (it must not be empty).
     * @param core the core
     * @return the task that runs, or would run, at TASK level
     */
    TaskId GetHead(uint32_t core) const;

    /**
     * @brief update_curr: the head task of a core received CPU time.
     * @param core the core
     * @param elapsed the CPU time the head task received since the last call
     */
    virtual void Charge(uint32_t core, Time elapsed);

    /**
     * @brief A sleeping task became runnable on a core: place it and queue it.
     * @param core the core it wakes on
     * @param task the task
     * @return true if the head's next state change must be planned again (a new head, or
     *         a slice clock that starts now)
     */
    virtual bool Enqueue(uint32_t core, TaskId task) = 0;

    /**
     * @brief A task without work leaves its core's run queue.
     * @param core the core
     * @param task the task (the head or any queued task)
     */
    virtual void Dequeue(uint32_t core, TaskId task) = 0;

    /**
     * @brief The head task used up its slice (SliceLeft reached 0): pick the next head.
     * @param core the core (at least two runnable tasks)
     */
    virtual void Expire(uint32_t core) = 0;

    /**
     * @brief How long the head task may still run before Expire (at least two runnable).
     * @param core the core
     * @return the CPU time left in the head's slice (may be <= 0)
     */
    virtual Time SliceLeft(uint32_t core) const = 0;

    /**
     * @brief An unpinned task wakes on another core than its last one.
     * @param task the task
     * @param from the core it last ran on
     * @param to the core it wakes on
     */
    virtual void Migrate(TaskId task, uint32_t from, uint32_t to);

    /**
     * @brief Get the virtual runtime of a task (0 for policies without one).
     * @param task the task
     * @return the task's vruntime as of the last Charge
     */
    Time GetVruntime(TaskId task) const;

    /**
     * @brief Get the virtual deadline of a task (EEVDF; 0 otherwise).
     * @param task the task
     * @return the task's virtual deadline
     */
    Time GetDeadline(TaskId task) const;

    /**
     * @brief Get the lag a sleeping task will be placed with (EEVDF; 0 otherwise).
     * @param task the task
     * @return the lag saved when it last went to sleep
     */
    Time GetLag(TaskId task) const;

    /** @brief Forget every task and empty the run queues (HostCpu::DoDispose). */
    void Clear();

  protected:
    /// A task's sched_entity: the fair schedulers' virtual times, in time steps.
    struct Entity
    {
        int64_t vruntime{0}; ///< virtual runtime
        int64_t deadline{0}; ///< virtual deadline (EEVDF)
        int64_t vlag{0};     ///< lag saved at sleep (EEVDF)
    };

    /// A core's run queue (cfs_rq).
    struct RunQueue
    {
        std::vector<TaskId> tasks; ///< runnable tasks, head runs
        Time sliceUsed;            ///< CPU time the head used in its current slice
        int64_t minVruntime{0};    ///< monotonic min_vruntime (fair schedulers)
        bool runToParity{false};   ///< EEVDF: the head keeps the CPU to its deadline
    };

    /// Append a task to a core's run queue.
    void PushBack(uint32_t core, TaskId task);
    /// Remove a queued task from a core's run queue.
    void Erase(uint32_t core, TaskId task);

    std::vector<RunQueue> m_queues; ///< per core
    std::vector<Entity> m_entities; ///< per task
};

} // namespace ns3

#endif // TASK_SCHEDULER_H
