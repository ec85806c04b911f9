/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef ROUND_ROBIN_TASK_SCHEDULER_H
#define ROUND_ROBIN_TASK_SCHEDULER_H

#include "task-scheduler.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Round robin with a fixed time slice and no wake-up preemption.
 *
 * The TASK level of the hosts of the 2000s papers: a woken task joins the back of the
 * queue; the head runs until it has no work or its slice (TimeSlice) is used up,
 * then goes to the back. A head that queues more work from its own completion keeps the
 * CPU for the rest of its slice (a loop in a thread does not yield).
 */
class RoundRobinTaskScheduler : public TaskScheduler
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    bool Enqueue(uint32_t core, TaskId task) override;
    void Dequeue(uint32_t core, TaskId task) override;
    void Expire(uint32_t core) override;
    Time SliceLeft(uint32_t core) const override;

  private:
    Time m_timeSlice; ///< the time slice (attribute)
};

} // namespace ns3

#endif // ROUND_ROBIN_TASK_SCHEDULER_H
