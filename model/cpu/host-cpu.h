/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOST_CPU_H
#define HOST_CPU_H

#include "cache-interference.h"
#include "cpu-locality.h"
#include "task-scheduler.h"

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/reusable-event.h"
#include "ns3/ring-fifo.h"
#include "ns3/traced-callback.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class Node;

/**
 * @ingroup hostnet
 * @brief CPU time accounting of a HostCpu over a measurement window.
 *
 * Shares are fractions of the window (all cores together); they sum to 1.
 */
struct HostCpuStats
{
    double elapsed{0};         ///< length of the window in seconds, times the number of cores
    double hardIrqShare{0};    ///< share of CPU time spent in hard interrupt handlers
    double softIrqShare{0};    ///< share spent in softirq context (protocol processing)
    double taskShare{0};       ///< share spent by TASK-level tasks (kernel threads and apps)
    double kernelTaskShare{0}; ///< part of taskShare spent by kernel tasks (ksoftirqd)
    double idleShare{0};       ///< share with nothing to run
    double availability{
        0}; ///< 1 - (hard IRQ + softirq + kernel task) share (NaN for an empty window): what is
            ///< left for user applications ("CPU availability" in Salah et al. 2007)
    uint64_t jobsCompleted{0}; ///< work items completed on all levels
    uint64_t preemptions{0};   ///< times running work was preempted by a higher level
    /// Parts of the hard IRQ, softirq and task shares that contexts spent refilling their
    /// caches after other contexts ran on their core (CacheInterference; charged when
    /// the refill is planned, so a refill that straddles the window's start counts whole).
    double hardIrqInterferenceShare{0};
    double softIrqInterferenceShare{0}; ///< softirq part (see hardIrqInterferenceShare)
    double taskInterferenceShare{0};    ///< task part (see hardIrqInterferenceShare)
    double timerShare{0};               ///< part of hardIrqShare spent in timer interrupts
    uint64_t timerExpiries{0};          ///< timer interrupts (SubmitTimer) completed
};

/**
 * @ingroup hostnet
 * @brief The processor(s) of a host, shared by hard IRQs, softirqs and tasks.
 *
 * One HostCpu is aggregated to a Node and shared by all its HostNetDevices and host
 * applications. Each core runs a preemptive priority scheduler with three levels:
 * HARDIRQ > SOFTIRQ > TASK. Work of a higher level preempts lower-level work at once;
 * preempted work resumes later with its remaining time (preempt-resume). Work items of the
 * HARDIRQ and SOFTIRQ levels are served FIFO and do not preempt each other. TASK-level
 * work belongs to tasks (applications, ksoftirqd); the attribute Scheduler says how
 * runnable tasks share a core: round robin with a time slice (the default), Linux's EEVDF
 * (6.6 and later) or Linux's CFS (up to 6.5), both with wake-up preemption. That policy is
 * a TaskScheduler (RoundRobinTaskScheduler, EevdfTaskScheduler, CfsTaskScheduler) which
 * holds the run queues; its parameters (the host's scheduler sysctls) are its own
 * attributes, read live.
 *
 * A task is runnable while it has work; when its last item completes it sleeps, and the
 * next SubmitTask wakes it. A task pinned to a core runs there; a task created with
 * ANY_CORE is placed on a core at each wake-up (a simplified select_idle_sibling).
 * Switching between two different tasks costs ContextSwitchCost and a wake-up costs
 * WakeupCost, both as CPU time of the task that gets the CPU. Beyond these direct costs,
 * the Interference attribute (CacheInterference) charges the refill a context pays when it
 * resumes after other contexts ran on its core: the hard-IRQ handlers, the softirq and each
 * task are contexts of their own. Timer interrupts (SubmitTimer) cost TimerIrqCost.
 *
 * A work item is a CPU cost plus a callback run when the cost has been served. The
 * scheduler keeps one pending event per core, for the next state change (completion,
 * slice or deadline expiry); preemption cancels and re-schedules it. Time per level and
 * per task is accounted; CPU availability is what ISR and protocol work leave to
 * applications.
 *
 * Cores are independent schedulers: work is submitted to a core by index (default 0), so
 * IRQ affinity and RSS can pick cores. Runnable tasks do not migrate (no load balancing).
 */
class HostCpu : public Object
{
  public:
    /// Scheduling levels, highest priority first.
    enum Level : uint8_t
    {
        HARDIRQ = 0, ///< hard interrupt handlers
        SOFTIRQ = 1, ///< softirq context (NET_RX, NET_TX)
        TASK = 2,    ///< schedulable tasks: kernel threads and applications
        IDLE = 3,    ///< nothing runs (used in traces and accounting only)
    };

    /// Identifier of a task created with CreateTask.
    typedef TaskScheduler::TaskId TaskId;

    /// Core argument of CreateTask for a task placed at each wake-up (not pinned).
    static constexpr uint32_t ANY_CORE = 0xffffffff;

    /**
     * TracedCallback signature for a level change of a core.
     * @param [in] core the core index
     * @param [in] oldLevel the level that ran before
     * @param [in] newLevel the level that runs now (IDLE if none)
     */
    typedef void (*LevelChangeTracedCallback)(uint32_t core, Level oldLevel, Level newLevel);

    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    HostCpu();
    ~HostCpu() override;

    HostCpu(const HostCpu&) = delete;
    HostCpu& operator=(const HostCpu&) = delete;

    /**
     * @brief Find the HostCpu of a node, creating and aggregating one if there is none.
     * @param node the node
     * @return the node's HostCpu
     */
    static Ptr<HostCpu> GetOrCreate(Ptr<Node> node);

    /** @return the number of cores */
    uint32_t GetNCores() const;

    /** @return the speed factor: submitted costs run in cost / speed */
    double GetSpeed() const;

    /**
     * Set the Scheduler attribute: a new policy before the first task is created.
     * @param scheduler the policy (one that serves no other HostCpu)
     */
    void SetScheduler(Ptr<TaskScheduler> scheduler);

    /** @return the locality of the cores: NUMA nodes and slow-downs (the Locality attribute) */
    Ptr<CpuLocality> GetLocality() const
    {
        return m_locality;
    }

    /** @return the task scheduler (the Scheduler attribute) */
    Ptr<TaskScheduler> GetScheduler() const;

    /**
     * @brief Create a task that runs at TASK level.
     * @param name a name for logs and accounting
     * @param kernel true for kernel threads (ksoftirqd): their time is not "available"
     * @param core the core the task is pinned to, or ANY_CORE: placed on a core at each
     *        wake-up (previous core if idle, else the waking core if idle, else the
     *        lowest-numbered idle core, else the previous core; first previous core: 0)
     * @return the task identifier
     */
    TaskId CreateTask(const std::string& name, bool kernel = false, uint32_t core = 0);

    /**
     * @brief The ksoftirqd kernel thread of a core (created on first use).
     * @param core the core
     * @return its task identifier
     */
    TaskId GetKsoftirqd(uint32_t core);

    /**
     * @brief Submit work at HARDIRQ or SOFTIRQ level.
     * @param level HARDIRQ or SOFTIRQ
     * @param cost the CPU time the work needs (>= 0)
     * @param done called when the work has received its CPU time
     * @param core the core that runs it
     */
    void Submit(Level level, Time cost, const Callback<void>& done, uint32_t core = 0);

    /**
     * @brief Submit work on behalf of a task (TASK level, FIFO within the task).
     * @param task a task from CreateTask
     * @param cost the CPU time the work needs (>= 0)
     * @param done called when the work has received its CPU time
     */
    void SubmitTask(TaskId task, Time cost, const Callback<void>& done);

    /**
     * @brief Tell a task when it loses its core to another task while it still has work.
     *
     * Linux's need_resched() as a kernel loop of the task sees it (napi_busy_loop checks it
     * between iterations and gives way): the callback runs right after the scheduler gave
     * the core to another task (a wake-up preemption, or the end of the task's slice), not
     * when interrupts or softirqs preempt it. A null callback removes it.
     * @param task the task
     * @param notify called at each such preemption
     */
    void SetPreemptNotifier(TaskId task, const Callback<void>& notify);

    /**
     * @brief An hrtimer expires on a core: its callback runs in a hard interrupt.
     *
     * Linux runs the callbacks of HRTIMER_MODE_*_HARD timers (napi_watchdog, the epoll
     * timeout's hrtimer_wakeup) from hrtimer_interrupt, the local timer interrupt. The
     * interrupt costs TimerIrqCost at HARDIRQ level and is accounted apart (timerShare); with
     * TimerIrqCost 0 the callback runs at once, as a plain event.
     * @param done the timer's callback (called when the interrupt's cost has been served)
     * @param core the core the timer was armed on
     */
    void SubmitTimer(const Callback<void>& done, uint32_t core);

    /** @return the TimerIrqCost attribute */
    Time GetTimerIrqCost() const
    {
        return m_timerIrqCost;
    }

    /** @return the Interference attribute (never null) */
    Ptr<CacheInterference> GetInterference() const
    {
        return m_interference;
    }

    /**
     * @brief End the oldest pending work item of a task now, as if its cost were served.
     *
     * For work of unknown length such as a busy-poll spin: it is submitted with its
     * longest duration and cut when the awaited event happens. The time it already
     * received stays accounted; its callback runs when the task next holds the CPU (at
     * once if it runs now). No effect if the task has no work.
     * @param task the task
     */
    void CutTaskWork(TaskId task);

    /**
     * @brief Submit a busy-poll spin: task work of unknown length, at most @p longest, that
     * the task's own later work goes ahead of.
     *
     * A spinning thread's kernel work that the simulation hands over a little later (the
     * transmit of a send call, which ns-3's TCP runs one time step after the call) ran in
     * Linux before the thread entered its loop: work submitted to the task while the spin is
     * pending is placed before it (preempting it if it runs; its served time stays served).
     * CutSpin ends it. At most one spin per task.
     * @param task the task
     * @param longest its longest duration (>= 0)
     * @param done called when it ends (served or cut)
     */
    void SubmitSpin(TaskId task, Time longest, const Callback<void>& done);

    /**
     * @brief End a task's pending spin now (SubmitSpin), wherever it is in the task's work:
     * its callback runs when the task reaches it. No effect without a pending spin.
     * @param task the task
     */
    void CutSpin(TaskId task);

    /**
     * @brief When the work whose completion callback is running first got the CPU.
     *
     * Valid only inside a completion callback; lets callers split the waiting time from
     * the service time of a work item.
     * @return the first dispatch time of the completing work item
     */
    Time GetCompletingWorkStart() const;

    /**
     * @brief Get the level running on a core.
     * @param core the core
     * @return the level running now on a core (IDLE if none)
     */
    Level GetCurrentLevel(uint32_t core = 0) const;

    /**
     * @brief Get the work items of a level on a core.
     * @param level HARDIRQ, SOFTIRQ or TASK
     * @param core the core
     * @return the number of work items waiting or running at that level
     */
    uint32_t GetPendingWork(Level level, uint32_t core = 0) const;

    /**
     * @brief Linux's need_resched() as softirq code on a core sees it.
     *
     * True if a task other than the one the interrupt found running should run now: the
     * TASK level was idle and a task is runnable, or a woken task took the head of the run
     * queue (wake-up preemption under EEVDF or CFS). Round robin never preempts on wake-up,
     * so there it is true only for a core whose TASK level was idle.
     * @param core the core
     * @return whether the core's TASK level wants a reschedule
     */
    bool NeedResched(uint32_t core) const;

    /** @brief Start a new measurement window for the statistics. */
    void ResetStats();

    /** @return the accounting since the last ResetStats (or creation), all cores */
    HostCpuStats GetStats() const;

    /**
     * @brief Get the accounting of one core.
     * @param core the core
     * @return the accounting of one core since the last ResetStats
     */
    HostCpuStats GetCoreStats(uint32_t core) const;

    /**
     * @brief Get the CPU time of a task.
     * @param task the task
     * @return the CPU time the task received since the last ResetStats
     */
    Time GetTaskTime(TaskId task) const;

    /**
     * @brief Get the part of a task's CPU time that was cache refill (CacheInterference).
     * @param task the task
     * @return the refill charged to the task since the last ResetStats
     */
    Time GetTaskInterference(TaskId task) const;

    /**
     * @brief Get the core a task runs on, or last ran on (for a sleeping unpinned task).
     * @param task the task
     * @return the core index
     */
    uint32_t GetTaskCore(TaskId task) const;

    /**
     * @brief Get the virtual runtime of a task (EEVDF and CFS; 0 under round robin).
     *
     * Under EEVDF and CFS every task has weight 1024 (nice 0), so virtual time runs at the
     * rate of CPU time while the task runs.
     * @param task the task
     * @return the task's vruntime as of the last scheduler update
     */
    Time GetTaskVruntime(TaskId task) const;

    /**
     * @brief Get the virtual deadline of a task (EEVDF only).
     * @param task the task
     * @return the task's virtual deadline (vruntime + slice) as of the last update
     */
    Time GetTaskDeadline(TaskId task) const;

    /**
     * @brief Get the lag a sleeping task will be placed with (EEVDF only).
     * @param task the task
     * @return V - vruntime when the task last went to sleep, clamped to +-2 BaseSlice
     */
    Time GetTaskLag(TaskId task) const;

    /**
     * @brief Get the name of a task.
     * @param task the task
     * @return the task's name
     */
    std::string GetTaskName(TaskId task) const;

  protected:
    void DoDispose() override;
    void DoInitialize() override;

  private:
    /// A work item: remaining CPU time and what to do when it has been served.
    struct Work
    {
        Time remaining;      ///< CPU time still needed
        Callback<void> done; ///< completion callback
        Time firstStart{-1}; ///< first time it got the CPU (-1: not yet)
    };

    /// A TASK-level task.
    struct Task
    {
        std::string name;         ///< name for logs
        bool kernel{false};       ///< kernel thread (not user-available time)
        bool inRunQueue{false};   ///< in its core's run queue
        bool pinned{true};        ///< pinned to core (else placed at each wake-up)
        uint32_t core{0};         ///< pinned core, or current / last core
        RingFifo<Work> work;      ///< pending work, FIFO
        Time used;                ///< CPU time received in the window
        Time wakeCharge;          ///< WakeupCost not yet served
        Time interference;        ///< refill charged in the window
        Time stopClock{-1};       ///< its core's busyClock when it last stopped (-1: never ran)
        uint32_t stopCore{0};     ///< the core it last ran on
        Callback<void> preempted; ///< SetPreemptNotifier's callback
        bool spinPending{false};  ///< its last work item is a spin (SubmitSpin): later work
                                  ///< is placed before it, so the spin stays last
    };

    /// The scheduler state of one core.
    struct Core
    {
        std::array<RingFifo<Work>, 2> irqQueues; ///< HARDIRQ and SOFTIRQ FIFOs
        Level running{IDLE};                     ///< level of the running work
        Time lastUpdate;               ///< time the accounting was last brought up to date
        ReusableEvent event;           ///< next state change of this core
        bool eventPending{false};      ///< event is scheduled and has not run
        std::array<Time, 4> levelTime; ///< time per level (IDLE last) in the window
        Time kernelTaskTime;           ///< TASK time of kernel tasks in the window
        uint64_t jobsCompleted{0};     ///< completions in the window
        uint64_t preemptions{0};       ///< preemptions in the window
        bool inCompletion{false};      ///< a completion callback is running
        int64_t lastTask{-1};          ///< task that last held the TASK level (-1: none)
        int64_t currTask{-1};          ///< task running, or interrupted, at TASK level (-1: idle)
        Time overhead;                 ///< switch / wake-up cost the head task still pays
        int64_t context{IDLE_CONTEXT}; ///< context that holds the core (see ContextOf)
        Time busyClock;                ///< busy time of the core since it was created
        std::array<Time, 2> irqStop{Time(-1), Time(-1)}; ///< busyClock when HARDIRQ /
                                                         ///< SOFTIRQ last stopped (-1: never)
        std::array<Time, 3> interference;                ///< refill charged per level in the window
        Time timerTime;                                  ///< TimerIrqCost served in the window
        uint64_t timerExpiries{0}; ///< timer interrupts completed in the window
    };

    /// Context of an idle core; hard-IRQ and softirq contexts are -1 - level - 1.
    static constexpr int64_t IDLE_CONTEXT = -1;

    /**
     * @param level the level about to run
     * @param task the head task (used for TASK)
     * @return the context: the task's id, or a negative number per IRQ level, or IDLE_CONTEXT
     */
    static int64_t ContextOf(Level level, TaskId task)
    {
        return level == TASK ? static_cast<int64_t>(task)
                             : (level == IDLE ? IDLE_CONTEXT : -2 - static_cast<int64_t>(level));
    }

    /**
     * The context on a core changes: the old one stops, the new one pays its refill. Called
     * only while the Interference is enabled (switched on during a run, each context pays
     * one full refill at its first run).
     * @param core the core
     * @param next the level about to run
     * @param head the head task (used for TASK)
     */
    void SwitchContext(uint32_t core, Level next, TaskId head);
    /// A timer interrupt's cost was served: account it and run the timer's callback.
    void TimerDone(uint32_t core, Callback<void> done);

    /// Charge the time since the last update to the running work of a core.
    void Update(uint32_t core);
    /// Pick the work to run on a core and schedule its next state change.
    void Dispatch(uint32_t core);
    /// The pending state change of a core is due.
    void HandleEvent(uint32_t core);
    /**
     * Run a zero-cost HARDIRQ handler now (it would start at once: nothing of its level
     * runs and no completion callback of the core is running).
     * @param core the core
     * @param done its completion callback
     */
    void RunZeroCost(uint32_t core, const Callback<void>& done);
    /**
     * Run a completion callback of a core: work it submits waits for the caller's re-plan,
     * and a task it wakes may take this core (see SelectCore).
     * @param core the core
     * @param done the callback (may be null)
     */
    void RunCompletion(uint32_t core, const Callback<void>& done);
    /// @return the work item that runs (or would run) at the given level on a core
    Work& HeadWork(uint32_t core, Level level);
    /// Fill a stats record from a core's accounting.
    void AccumulateStats(uint32_t core, HostCpuStats& stats) const;
    /// @return a submitted cost scaled by the speed factor
    Time Scale(Time cost) const;
    /// Create the cores and the task scheduler if not yet done (attributes are known by then).
    void EnsureCores();
    /// @return the core an unpinned task wakes on (simplified select_idle_sibling)
    uint32_t SelectCore(const Task& t) const;
    /// @return true if a core has no work at all (idle, or finishing its last item)
    bool IsCoreIdle(uint32_t core) const;

    uint32_t m_nCores{1};                  ///< number of cores (attribute)
    double m_speed{1};                     ///< cost divisor: CPU speed relative to the costs' CPU
    Ptr<CpuLocality> m_locality;           ///< NUMA nodes and slow-downs (attribute)
    Ptr<TaskScheduler> m_sched;            ///< the TASK-level policy and run queues (attribute)
    Time m_contextSwitchCost;              ///< CPU time of a switch between tasks (attribute)
    Time m_wakeupCost;                     ///< CPU time of a wake-up (attribute)
    Time m_timerIrqCost;                   ///< CPU time of a timer interrupt (attribute)
    Ptr<CacheInterference> m_interference; ///< refill after other contexts ran (attribute)
    int64_t m_wakingCore{-1};              ///< core whose completion callback runs (-1: none)
    std::vector<Core> m_cores;             ///< per-core scheduler state
    std::vector<Task> m_tasks;             ///< all tasks
    std::vector<int64_t> m_ksoftirqd;      ///< ksoftirqd task per core (-1: not created)
    Time m_windowStart;                    ///< start of the statistics window
    Time m_completingStart;                ///< first start of the work whose callback runs

    /// Level changes of a core.
    TracedCallback<uint32_t, Level, Level> m_levelChangeTrace;
};

} // namespace ns3

#endif // HOST_CPU_H
