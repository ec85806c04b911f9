/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-cpu: the HostCpu scheduler against hand-computed schedules.

#include "ns3/double.h"
#include "ns3/host-cpu.h"
#include "ns3/nstime.h"
#include "ns3/simulator.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <map>
#include <string>

using namespace ns3;

namespace
{

/// Records when named work items complete.
class CompletionLog
{
  public:
    /// @return a callback that records the completion of @p name
    Callback<void> Recorder(const std::string& name)
    {
        return MakeBoundCallback(&CompletionLog::Record, this, name);
    }

    /// @return the completion time of @p name (-1 if it did not complete)
    Time At(const std::string& name) const
    {
        auto it = m_times.find(name);
        return it == m_times.end() ? Time(-1) : it->second;
    }

  private:
    static void Record(CompletionLog* log, std::string name)
    {
        log->m_times[name] = Simulator::Now();
    }

    std::map<std::string, Time> m_times; ///< completion times
};

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief TASK work preempted by SOFTIRQ work preempted by HARDIRQ work.
 *
 * t=0: task work of 10 us; t=2: softirq work of 4 us; t=3: hard IRQ of 3 us.
 * Hand schedule: task 0-2, softirq 2-3, hardirq 3-6, softirq 6-9 (3 us left),
 * task 9-17 (8 us left). Accounting at t=20: hardirq 3, softirq 4, task 10, idle 3.
 */
class CpuPreemptionTestCase : public TestCase
{
  public:
    CpuPreemptionTestCase()
        : TestCase("preempt-resume across HARDIRQ > SOFTIRQ > TASK")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        auto task = cpu->CreateTask("app");
        CompletionLog log;
        Simulator::Schedule(MicroSeconds(0), [&]() {
            cpu->SubmitTask(task, MicroSeconds(10), log.Recorder("task"));
        });
        Simulator::Schedule(MicroSeconds(2), [&]() {
            cpu->Submit(HostCpu::SOFTIRQ, MicroSeconds(4), log.Recorder("softirq"));
        });
        Simulator::Schedule(MicroSeconds(3), [&]() {
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(3), log.Recorder("hardirq"));
            NS_TEST_EXPECT_MSG_EQ(cpu->GetCurrentLevel(), HostCpu::HARDIRQ, "IRQ preempts");
        });
        Simulator::Stop(MicroSeconds(20));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("hardirq"), MicroSeconds(6), "hard IRQ runs 3-6 us");
        NS_TEST_ASSERT_MSG_EQ(log.At("softirq"), MicroSeconds(9), "softirq 2-3 and 6-9 us");
        NS_TEST_ASSERT_MSG_EQ(log.At("task"), MicroSeconds(17), "task 0-2 and 9-17 us");
        HostCpuStats s = cpu->GetStats();
        NS_TEST_ASSERT_MSG_EQ_TOL(s.elapsed, 20e-6, 1e-12, "window is 20 us");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.hardIrqShare, 3.0 / 20, 1e-9, "3 us of hard IRQ");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.softIrqShare, 4.0 / 20, 1e-9, "4 us of softirq");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.taskShare, 10.0 / 20, 1e-9, "10 us of task");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.idleShare, 3.0 / 20, 1e-9, "3 us idle");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.hardIrqShare + s.softIrqShare + s.taskShare + s.idleShare,
                                  1.0,
                                  1e-12,
                                  "accounting sums to the elapsed time");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.availability, 13.0 / 20, 1e-9, "app time + idle");
        NS_TEST_ASSERT_MSG_EQ(s.preemptions, 2, "task by softirq, softirq by hardirq");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetTaskTime(task), MicroSeconds(10), "task got 10 us");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Work of one level is FIFO and does not preempt itself.
 *
 * Hard IRQs of 2 us at t=0 and t=1 complete at 2 and 4; softirq work of 1 us queued at
 * t=0 runs after both (4-5).
 */
class CpuFifoTestCase : public TestCase
{
  public:
    CpuFifoTestCase()
        : TestCase("same-level work is FIFO, lower levels wait")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        CompletionLog log;
        Simulator::Schedule(MicroSeconds(0), [&]() {
            cpu->Submit(HostCpu::SOFTIRQ, MicroSeconds(1), log.Recorder("soft"));
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(2), log.Recorder("irq1"));
        });
        Simulator::Schedule(MicroSeconds(1), [&]() {
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(2), log.Recorder("irq2"));
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("irq1"), MicroSeconds(2), "first IRQ 0-2");
        NS_TEST_ASSERT_MSG_EQ(log.At("irq2"), MicroSeconds(4), "second IRQ waits: 2-4");
        // The softirq work got the CPU at t=0 for no time: the IRQ submitted at the same
        // instant preempted it before any time passed.
        NS_TEST_ASSERT_MSG_EQ(log.At("soft"), MicroSeconds(5), "softirq after the IRQs");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Two tasks share a core round robin with the time slice.
 *
 * Slice 1 ms. Task A needs 2.5 ms, task B 1 ms, both at t=0: A 0-1, B 1-2 (done),
 * A 2-3.5 (done). A hard IRQ of 0.5 ms at t=0.5 ms delays A's first slice end to 1.5 ms.
 */
class CpuRoundRobinTestCase : public TestCase
{
  public:
    CpuRoundRobinTestCase()
        : TestCase("TASK-level tasks share the CPU round robin")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        cpu->GetScheduler()->SetAttribute("TimeSlice", TimeValue(MilliSeconds(1)));
        auto a = cpu->CreateTask("a");
        auto b = cpu->CreateTask("b", true);
        CompletionLog log;
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->SubmitTask(a, MicroSeconds(2500), log.Recorder("a"));
            cpu->SubmitTask(b, MicroSeconds(1000), log.Recorder("b"));
        });
        Simulator::Schedule(MicroSeconds(500), [&]() {
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(500), log.Recorder("irq"));
        });
        Simulator::Stop(MilliSeconds(5));
        Simulator::Run();
        // A: 0-0.5, IRQ 0.5-1.0, A 1.0-1.5 (slice used up), B 1.5-2.5, A 2.5-4.0.
        NS_TEST_ASSERT_MSG_EQ(log.At("irq"), MicroSeconds(1000), "IRQ 0.5-1.0 ms");
        NS_TEST_ASSERT_MSG_EQ(log.At("b"), MicroSeconds(2500), "B runs 1.5-2.5 ms");
        NS_TEST_ASSERT_MSG_EQ(log.At("a"), MicroSeconds(4000), "A finishes at 4 ms");
        HostCpuStats s = cpu->GetStats();
        NS_TEST_ASSERT_MSG_EQ_TOL(s.kernelTaskShare, 1.0 / 5, 1e-9, "B is a kernel task");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.availability, 1 - 0.1 - 0.2, 1e-9, "IRQ and kernel task");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A task that queues its next item from a completion keeps its slice.
 *
 * Slice 1 ms. Task A runs 100 us items in a loop (like ksoftirqd or a reading
 * application), task B needs 1 ms, both from t=0. A keeps the CPU for its whole slice
 * (0-1 ms, ten items), then B runs 1-2 ms: B finishes at 2 ms, and A has 10 items done
 * at 1.5 ms.
 */
class CpuLoopingTaskTestCase : public TestCase
{
  public:
    CpuLoopingTaskTestCase()
        : TestCase("a looping task keeps its slice")
    {
    }

  private:
    /// A task that queues 100 us items forever and counts them.
    struct Loop
    {
        Ptr<HostCpu> cpu;     ///< the CPU
        HostCpu::TaskId task; ///< the task
        uint32_t done{0};     ///< items completed

        /// Count one item and queue the next.
        void Next()
        {
            done++;
            cpu->SubmitTask(task, MicroSeconds(100), MakeCallback(&Loop::Next, this));
        }
    };

    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        cpu->GetScheduler()->SetAttribute("TimeSlice", TimeValue(MilliSeconds(1)));
        Loop a{cpu, cpu->CreateTask("a")};
        auto b = cpu->CreateTask("b");
        CompletionLog log;
        uint32_t aAt1500 = 0;
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->SubmitTask(a.task, MicroSeconds(100), MakeCallback(&Loop::Next, &a));
            cpu->SubmitTask(b, MicroSeconds(1000), log.Recorder("b"));
        });
        Simulator::Schedule(MicroSeconds(1500), [&]() { aAt1500 = a.done; });
        Simulator::Stop(MilliSeconds(3));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(log.At("b"), MilliSeconds(2), "B after A's full slice");
        NS_TEST_EXPECT_MSG_EQ(aAt1500, 10, "A ran ten items in its slice, none during B's");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Two cores are independent schedulers; ResetStats opens a new window.
 */
class CpuCoresTestCase : public TestCase
{
  public:
    CpuCoresTestCase()
        : TestCase("cores are independent; statistics windows")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        cpu->SetAttribute("NCores", UintegerValue(2));
        auto app = cpu->CreateTask("app", false, 1);
        CompletionLog log;
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(100), log.Recorder("irq"), 0);
            cpu->SubmitTask(app, MicroSeconds(10), log.Recorder("app"));
        });
        Simulator::Schedule(MicroSeconds(50), [&]() { cpu->ResetStats(); });
        Simulator::Stop(MicroSeconds(150));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("app"), MicroSeconds(10), "core 1 is not blocked");
        NS_TEST_ASSERT_MSG_EQ(log.At("irq"), MicroSeconds(100), "core 0 runs the IRQ");
        HostCpuStats core0 = cpu->GetCoreStats(0);
        NS_TEST_ASSERT_MSG_EQ_TOL(core0.hardIrqShare, 0.5, 1e-9, "50 of 100 us after reset");
        HostCpuStats all = cpu->GetStats();
        NS_TEST_ASSERT_MSG_EQ_TOL(all.elapsed, 200e-6, 1e-12, "two cores x 100 us");
        NS_TEST_ASSERT_MSG_EQ_TOL(all.idleShare, 150.0 / 200, 1e-9, "core 1 idle after reset");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Cache refill after other contexts ran (CacheInterference), by hand.
 *
 * RefillTime 2 us, EvictionWork 10 us. t=0: task work of 10 us; the task never ran on the
 * core, so it pays the full 2 us first (0-2). t=2: softirq work of 5 us, the softirq's first
 * run: 2 us refill + 5 us (2-9). The task resumes after 7 us of foreign work: refill
 * 2 us x (1 - exp(-0.7)) = 1006.83 ns, rounded to 1007 ns, then its 10 us: done at
 * 9 + 1.007 + 10 = 20.007 us. A second softirq item at t=21 finds the task's 11.007 us in
 * between: 2 us x (1 - exp(-1.1007)) = 1334.7 ns -> 1335 ns, done at 21 + 1.335 + 1 us.
 * Interference: task 3.007 us, softirq 3.335 us.
 */
class CpuInterferenceTestCase : public TestCase
{
  public:
    CpuInterferenceTestCase()
        : TestCase("a context pays its cache refill after other contexts ran on its core")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        cpu->GetInterference()->SetAttribute("RefillTime", TimeValue(MicroSeconds(2)));
        cpu->GetInterference()->SetAttribute("EvictionWork", TimeValue(MicroSeconds(10)));
        auto task = cpu->CreateTask("app");
        CompletionLog log;
        Simulator::Schedule(MicroSeconds(0), [&]() {
            cpu->SubmitTask(task, MicroSeconds(10), log.Recorder("task"));
        });
        Simulator::Schedule(MicroSeconds(2), [&]() {
            cpu->Submit(HostCpu::SOFTIRQ, MicroSeconds(5), log.Recorder("softirq"));
        });
        Simulator::Schedule(MicroSeconds(21), [&]() {
            cpu->Submit(HostCpu::SOFTIRQ, MicroSeconds(1), log.Recorder("softirq2"));
        });
        Simulator::Stop(MicroSeconds(40));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("softirq"), MicroSeconds(9), "full refill, then 5 us");
        NS_TEST_ASSERT_MSG_EQ(log.At("task"), NanoSeconds(20007), "2 + 1.007 us of refill");
        NS_TEST_ASSERT_MSG_EQ(log.At("softirq2"),
                              NanoSeconds(21000 + 1335 + 1000),
                              "refill after the task's 11.007 us");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetTaskInterference(task),
                              NanoSeconds(3007),
                              "the task's refill");
        HostCpuStats s = cpu->GetStats();
        NS_TEST_ASSERT_MSG_EQ_TOL(s.taskInterferenceShare, 3.007 / 40, 1e-9, "task refill");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.softIrqInterferenceShare, 3.335 / 40, 1e-9, "softirq refill");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.hardIrqInterferenceShare, 0, 1e-12, "no hard IRQ");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.taskShare, 13.007 / 40, 1e-9, "refill is the task's time");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A timer interrupt (SubmitTimer) costs TimerIrqCost at HARDIRQ and is accounted apart.
 *
 * TimerIrqCost 1 us; task work of 10 us from t=0; a timer expires at t=3: its callback runs
 * at 4 us, the task ends at 11 us. Over 20 us: timer share 1/20, one expiry. Without a cost
 * the callback runs at the expiry itself.
 */
class CpuTimerTestCase : public TestCase
{
  public:
    CpuTimerTestCase()
        : TestCase("a timer expiry is a hard interrupt of TimerIrqCost")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        cpu->SetAttribute("TimerIrqCost", TimeValue(MicroSeconds(1)));
        auto task = cpu->CreateTask("app");
        CompletionLog log;
        Simulator::Schedule(MicroSeconds(0), [&]() {
            cpu->SubmitTask(task, MicroSeconds(10), log.Recorder("task"));
        });
        Simulator::Schedule(MicroSeconds(3), [&]() { cpu->SubmitTimer(log.Recorder("timer"), 0); });
        Simulator::Stop(MicroSeconds(20));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("timer"), MicroSeconds(4), "1 us timer interrupt");
        NS_TEST_ASSERT_MSG_EQ(log.At("task"), MicroSeconds(11), "preempted for 1 us");
        HostCpuStats s = cpu->GetStats();
        NS_TEST_ASSERT_MSG_EQ_TOL(s.timerShare, 1.0 / 20, 1e-9, "1 us of timer interrupt");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.hardIrqShare, 1.0 / 20, 1e-9, "a hard IRQ");
        NS_TEST_ASSERT_MSG_EQ(s.timerExpiries, 1, "one expiry");
        Simulator::Destroy();

        auto free = CreateObject<HostCpu>();
        CompletionLog freeLog;
        Simulator::Schedule(MicroSeconds(3),
                            [&]() { free->SubmitTimer(freeLog.Recorder("timer"), 0); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(freeLog.At("timer"), MicroSeconds(3), "no cost: at the expiry");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A spin (SubmitSpin) lets the task's later work go first, and CutSpin ends the spin,
 * not the task's oldest work.
 *
 * Task 1: a spin of at most 100 us from 0; 3 us of work at 5 us runs at once (5-8), the spin
 * goes on and is cut at 20 us. Task 2: 10 us of work from 0, then a spin; CutSpin at 5 us
 * ends the spin, not the work: the work ends at 10, the spin at 10 (Speed 2 halves the work,
 * not the spin's length: a third spin of 10 us submitted at 30 ends at 40).
 */
class CpuSpinTestCase : public TestCase
{
  public:
    CpuSpinTestCase()
        : TestCase("a spin lets the task's own later work go first and is cut by CutSpin")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        cpu->SetAttribute("NCores", UintegerValue(2));
        auto one = cpu->CreateTask("one", false, 0);
        auto two = cpu->CreateTask("two", false, 1);
        CompletionLog log;
        Simulator::Schedule(MicroSeconds(0), [&]() {
            cpu->SubmitSpin(one, MicroSeconds(100), log.Recorder("spin1"));
            cpu->SubmitTask(two, MicroSeconds(10), log.Recorder("work2"));
            cpu->SubmitSpin(two, MicroSeconds(100), log.Recorder("spin2"));
        });
        Simulator::Schedule(MicroSeconds(5), [&]() {
            cpu->SubmitTask(one, MicroSeconds(3), log.Recorder("tx1"));
            cpu->CutSpin(two);
        });
        Simulator::Schedule(MicroSeconds(20), [&]() { cpu->CutSpin(one); });
        Simulator::Schedule(MicroSeconds(30), [&]() {
            cpu->SetAttribute("Speed", DoubleValue(2));
            cpu->SubmitSpin(two, MicroSeconds(10), log.Recorder("spin3"));
        });
        Simulator::Stop(MicroSeconds(200));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("tx1"), MicroSeconds(8), "later work ahead of the spin");
        NS_TEST_ASSERT_MSG_EQ(log.At("spin1"), MicroSeconds(20), "cut at 20 us");
        NS_TEST_ASSERT_MSG_EQ(log.At("work2"), MicroSeconds(10), "the cut spares the work");
        NS_TEST_ASSERT_MSG_EQ(log.At("spin2"), MicroSeconds(10), "the spin ends after it");
        NS_TEST_ASSERT_MSG_EQ(log.At("spin3"), MicroSeconds(40), "a spin is elapsed time");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetTaskTime(one), MicroSeconds(20), "spin and work: 20 us");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-cpu suite.
 */
class HostCpuTestSuite : public TestSuite
{
  public:
    HostCpuTestSuite()
        : TestSuite("hostnet-cpu", Type::UNIT)
    {
        AddTestCase(new CpuPreemptionTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CpuFifoTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CpuRoundRobinTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CpuCoresTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CpuLoopingTaskTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CpuInterferenceTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CpuTimerTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CpuSpinTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static HostCpuTestSuite g_hostCpuTestSuite;
