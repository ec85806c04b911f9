/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-task-scheduler: HostCpu's TASK-level policies (round robin, EEVDF, CFS), the
// context-switch and wake-up costs and the placement of unpinned tasks, against
// hand-computed schedules. Every task has nice-0 weight, so vruntime advances with CPU time.

#include "ns3/boolean.h"
#include "ns3/cfs-task-scheduler.h"
#include "ns3/eevdf-task-scheduler.h"
#include "ns3/enum.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/round-robin-task-scheduler.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

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

/// A CPU-bound task: queues 100 us items back to back, like a reading loop.
struct Loop
{
    Ptr<HostCpu> cpu;     ///< the CPU
    HostCpu::TaskId task; ///< the task

    /// Queue the next item.
    void Next()
    {
        cpu->SubmitTask(task, MicroSeconds(100), MakeCallback(&Loop::Next, this));
    }
};

/// A light task: every period from a start time it is given 10 us of work.
struct Light
{
    Ptr<HostCpu> cpu;               ///< the CPU
    HostCpu::TaskId task;           ///< the task
    std::vector<Time> submitted;    ///< submission times
    std::vector<Time> responseTime; ///< completion - submission, in order

    /// Submit one item now and the next one a period later.
    void Arrive(Time period, Time stop)
    {
        submitted.push_back(Simulator::Now());
        cpu->SubmitTask(task, MicroSeconds(10), MakeCallback(&Light::Done, this));
        if (Simulator::Now() + period < stop)
        {
            Simulator::Schedule(period, &Light::Arrive, this, period, stop);
        }
    }

    /// An item completed (items of a task complete in FIFO order).
    void Done()
    {
        responseTime.push_back(Simulator::Now() - submitted[responseTime.size()]);
    }
};

/// @return a HostCpu with the given scheduler ("round-robin", "eevdf" or "cfs")
Ptr<HostCpu>
MakeCpu(const std::string& scheduler)
{
    const std::map<std::string, std::string> types = {
        {"round-robin", "ns3::RoundRobinTaskScheduler"},
        {"eevdf", "ns3::EevdfTaskScheduler"},
        {"cfs", "ns3::CfsTaskScheduler"}};
    auto cpu = CreateObject<HostCpu>();
    cpu->SetAttribute("Scheduler", StringValue(types.at(scheduler)));
    return cpu;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief EEVDF: a woken task with positive lag preempts a CPU-bound task at once.
 *
 * BaseSlice 3 ms. t=0: A (100 ms of work) and B (100 us) wake on an empty core: both at
 * V = 0 with deadline 3 ms; A runs first and keeps the CPU to its deadline (RUN_TO_PARITY).
 * t=3 ms: A's deadline -> 6 ms; A (v=3) is not eligible (V = 1.5), B runs 3.0-3.1 ms and
 * sleeps with lag V - v = (3 + 0.1)/2 - 0.1 = 1.45 ms. A runs alone; at t=10 ms v_A = 9.9 ms
 * and its deadline has been renewed to 12 ms. B wakes with 100 us: place_entity puts it at
 * V - 1.45 * (1+1)/1 = 7.0 ms (deadline 10.0 ms), so V = 8.45 ms < v_A: A is not eligible and
 * B preempts at once, finishing at 10.1 ms; it sleeps with lag (9.9 + 7.1)/2 - 7.1 = 1.4 ms.
 * A finishes its 100 ms at 100.2 ms.
 */
class EevdfWakeupPreemptionTestCase : public TestCase
{
  public:
    EevdfWakeupPreemptionTestCase()
        : TestCase("eevdf: a woken task with positive lag preempts a CPU-bound task")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = MakeCpu("eevdf");
        auto a = cpu->CreateTask("a");
        auto b = cpu->CreateTask("b");
        CompletionLog log;
        Time lagAfterFirst;
        Time vbAtWake;
        Time daAtWake;
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->SubmitTask(a, MilliSeconds(100), log.Recorder("a"));
            cpu->SubmitTask(b, MicroSeconds(100), log.Recorder("b1"));
        });
        Simulator::Schedule(MilliSeconds(5), [&]() { lagAfterFirst = cpu->GetTaskLag(b); });
        Simulator::Schedule(MilliSeconds(10), [&]() {
            cpu->SubmitTask(b, MicroSeconds(100), log.Recorder("b2"));
            vbAtWake = cpu->GetTaskVruntime(b);
            daAtWake = cpu->GetTaskDeadline(a);
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("b1"), MicroSeconds(3100), "B waits for A's deadline");
        NS_TEST_ASSERT_MSG_EQ(lagAfterFirst, MicroSeconds(1450), "lag = V - v at sleep");
        NS_TEST_ASSERT_MSG_EQ(daAtWake, MilliSeconds(12), "A's lone deadline renewals");
        NS_TEST_ASSERT_MSG_EQ(vbAtWake, MicroSeconds(7000), "v = V - lag x (n+1)/n");
        NS_TEST_ASSERT_MSG_EQ(log.At("b2"), MicroSeconds(10100), "wake-up preemption");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetTaskLag(b), MicroSeconds(1400), "lag after 2nd sleep");
        NS_TEST_ASSERT_MSG_EQ(log.At("a"), MicroSeconds(100200), "A got all but B's 200 us");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief EEVDF: a task that slept with negative lag is placed behind and waits.
 *
 * BaseSlice 1 ms. t=0: B (0.5 ms) wakes first, then A (100 ms); both at V = 0, deadline
 * 1 ms. B runs 0-0.5 ms (RUN_TO_PARITY) and sleeps with lag (0.5 + 0)/2 - 0.5 = -0.25 ms.
 * A runs alone; at t=2 ms v_A = 1.5 ms, deadline renewed to 2 ms. B wakes with 0.5 ms: it is
 * placed at 1.5 + 0.25 x 2 = 2.0 ms (deadline 3.0 ms), not eligible (V = 1.75 ms): no
 * preemption. A reaches its deadline at t=2.5 ms (v_A = 2.0, new deadline 3.0 ms); both are
 * eligible (V = 2.0) with equal deadlines and the queued task wins the tie: B runs
 * 2.5-3.0 ms. Without the lag B would have preempted at 2 ms and finished at 2.5 ms.
 * A later wake-up on an empty core loses the lag (place_entity with nr_running == 0).
 */
class EevdfNegativeLagTestCase : public TestCase
{
  public:
    EevdfNegativeLagTestCase()
        : TestCase("eevdf: a task that slept with negative lag waits until eligible")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = MakeCpu("eevdf");
        cpu->GetScheduler()->SetAttribute("BaseSlice", TimeValue(MilliSeconds(1)));
        auto a = cpu->CreateTask("a");
        auto b = cpu->CreateTask("b");
        CompletionLog log;
        Time lagAfterFirst;
        Time vbAtWake;
        Time vaAtWake;
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->SubmitTask(b, MicroSeconds(500), log.Recorder("b1"));
            cpu->SubmitTask(a, MilliSeconds(100), log.Recorder("a"));
        });
        Simulator::Schedule(MilliSeconds(1), [&]() { lagAfterFirst = cpu->GetTaskLag(b); });
        Simulator::Schedule(MilliSeconds(2), [&]() {
            cpu->SubmitTask(b, MicroSeconds(500), log.Recorder("b2"));
            vbAtWake = cpu->GetTaskVruntime(b);
            vaAtWake = cpu->GetTaskVruntime(a);
        });
        // After A is done (100.5 ms), B wakes on an empty core: its lag is dropped.
        Simulator::Schedule(MilliSeconds(200), [&]() {
            cpu->SubmitTask(b, MicroSeconds(500), log.Recorder("b3"));
            vbAtWake = cpu->GetTaskVruntime(b);
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("b1"), MicroSeconds(500), "B ran first");
        NS_TEST_ASSERT_MSG_EQ(lagAfterFirst, MicroSeconds(-250), "B received more than V");
        NS_TEST_ASSERT_MSG_EQ(vaAtWake, MicroSeconds(1500), "A ran 0.5-2 ms");
        NS_TEST_EXPECT_MSG_EQ(log.At("b2"), MicroSeconds(3000), "B waits until eligible");
        NS_TEST_ASSERT_MSG_EQ(log.At("a"), MicroSeconds(101000), "A finishes after B's 1 ms");
        // B slept at 3 ms with lag (2.0 + 2.5)/2 - 2.5 = -0.25 ms. A ran alone to 101 ms
        // (v_A = 100 ms = min_vruntime); at 200 ms B wakes on the empty core and is placed
        // at min_vruntime without its lag.
        NS_TEST_ASSERT_MSG_EQ(vbAtWake, MilliSeconds(100), "no lag on an empty queue");
        NS_TEST_ASSERT_MSG_EQ(log.At("b3"), MicroSeconds(200500), "B alone");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief EEVDF: two CPU-bound tasks alternate at deadline expiry.
 *
 * BaseSlice 1 ms; A and B need 3 ms each from t=0 (A first). A 0-1, B 1-2, A 2-3, B 3-4,
 * A 4-5 (done), B 5-6 (done). At each expiry the running task gets deadline v + 1 ms and is
 * no longer eligible (its v is above the mean), so the other runs. A sleeps at 5 ms with
 * lag V - v = (3 + 2)/2 - 3 = -0.5 ms.
 */
class EevdfSliceAlternationTestCase : public TestCase
{
  public:
    EevdfSliceAlternationTestCase()
        : TestCase("eevdf: two CPU-bound tasks alternate at their deadlines")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = MakeCpu("eevdf");
        cpu->GetScheduler()->SetAttribute("BaseSlice", TimeValue(MilliSeconds(1)));
        auto a = cpu->CreateTask("a");
        auto b = cpu->CreateTask("b");
        CompletionLog log;
        std::vector<Time> aTime;
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->SubmitTask(a, MilliSeconds(3), log.Recorder("a"));
            cpu->SubmitTask(b, MilliSeconds(3), log.Recorder("b"));
        });
        for (int i = 1; i <= 4; ++i)
        {
            Simulator::Schedule(MilliSeconds(i), [&]() { aTime.push_back(cpu->GetTaskTime(a)); });
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(aTime.size(), 4, "four samples");
        NS_TEST_ASSERT_MSG_EQ(aTime[0], MilliSeconds(1), "A 0-1 ms");
        NS_TEST_ASSERT_MSG_EQ(aTime[1], MilliSeconds(1), "B 1-2 ms");
        NS_TEST_ASSERT_MSG_EQ(aTime[2], MilliSeconds(2), "A 2-3 ms");
        NS_TEST_ASSERT_MSG_EQ(aTime[3], MilliSeconds(2), "B 3-4 ms");
        NS_TEST_ASSERT_MSG_EQ(log.At("a"), MilliSeconds(5), "A 4-5 ms, done");
        NS_TEST_ASSERT_MSG_EQ(log.At("b"), MilliSeconds(6), "B 5-6 ms, done");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetTaskLag(a), MicroSeconds(-500), "A's lag at sleep");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief CFS: wake-up preemption only beyond the wake-up granularity.
 *
 * SchedLatency 6 ms, MinGranularity 0.75 ms (slice of two tasks: 3 ms), WakeupGranularity
 * 1 ms. t=0: A (100 ms) then B (2.6 ms), both at v=0: A runs 0-3 ms (its slice), B (leftmost)
 * 3-5.6 ms and sleeps with v_B = 2.6 ms. A runs from 5.6 ms with a new slice. At 6 ms B wakes
 * with 100 us: place_entity gives max(2.6, min_vruntime 3.4 - 3) = 2.6 ms; A is ahead by
 * 0.8 ms <= 1 ms: no preemption. A's slice ends at 8.6 ms; B runs 8.6-8.7 ms. At 20 ms
 * (v_A = 6.0 + 11.3 = 17.3 ms) B wakes again: placed at 17.3 - 3 = 14.3 ms (half
 * sched_latency of sleeper credit); A is ahead by 3 ms > 1 ms: B preempts, done at 20.1 ms.
 */
class CfsWakeupGranularityTestCase : public TestCase
{
  public:
    CfsWakeupGranularityTestCase()
        : TestCase("cfs: wake-up preemption beyond the wake-up granularity only")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = MakeCpu("cfs");
        cpu->GetScheduler()->SetAttribute("SchedLatency", TimeValue(MilliSeconds(6)));
        cpu->GetScheduler()->SetAttribute("MinGranularity", TimeValue(MicroSeconds(750)));
        cpu->GetScheduler()->SetAttribute("WakeupGranularity", TimeValue(MilliSeconds(1)));
        auto a = cpu->CreateTask("a");
        auto b = cpu->CreateTask("b");
        CompletionLog log;
        Time vbAtWake;
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->SubmitTask(a, MilliSeconds(100), log.Recorder("a"));
            cpu->SubmitTask(b, MicroSeconds(2600), log.Recorder("b1"));
        });
        Simulator::Schedule(MilliSeconds(6),
                            [&]() { cpu->SubmitTask(b, MicroSeconds(100), log.Recorder("b2")); });
        Simulator::Schedule(MilliSeconds(20), [&]() {
            cpu->SubmitTask(b, MicroSeconds(100), log.Recorder("b3"));
            vbAtWake = cpu->GetTaskVruntime(b);
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("b1"), MicroSeconds(5600), "B after A's 3 ms slice");
        NS_TEST_ASSERT_MSG_EQ(log.At("b2"),
                              MicroSeconds(8700),
                              "within the granularity: B waits for A's slice end");
        NS_TEST_ASSERT_MSG_EQ(vbAtWake, MicroSeconds(14300), "sleeper credit of 3 ms");
        NS_TEST_ASSERT_MSG_EQ(log.At("b3"), MicroSeconds(20100), "beyond it: preemption");
        NS_TEST_ASSERT_MSG_EQ(log.At("a"), MicroSeconds(102800), "A got all but B's 2.8 ms");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Round robin is the default and keeps its schedule.
 *
 * The default TaskScheduler is round-robin. Slice 1 ms; A needs 2.5 ms, B 1 ms from t=0:
 * A 0-1, B 1-2 (done), A 2-3.5 (done). Under round robin a task woken while another holds
 * its slice waits for the slice end: C woken at 4 ms beside A (3 ms more from 3.8 ms)
 * runs at 4.8 ms.
 */
class RoundRobinUnchangedTestCase : public TestCase
{
  public:
    RoundRobinUnchangedTestCase()
        : TestCase("round-robin is the default and unchanged")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = CreateObject<HostCpu>();
        NS_TEST_ASSERT_MSG_EQ(cpu->GetScheduler()->GetInstanceTypeId().GetName(),
                              "ns3::RoundRobinTaskScheduler",
                              "default round robin");
        cpu->GetScheduler()->SetAttribute("TimeSlice", TimeValue(MilliSeconds(1)));
        auto a = cpu->CreateTask("a");
        auto b = cpu->CreateTask("b");
        CompletionLog log;
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->SubmitTask(a, MicroSeconds(2500), log.Recorder("a"));
            cpu->SubmitTask(b, MicroSeconds(1000), log.Recorder("b"));
        });
        Simulator::Schedule(MicroSeconds(3800),
                            [&]() { cpu->SubmitTask(a, MilliSeconds(3), log.Recorder("a2")); });
        Simulator::Schedule(MilliSeconds(4),
                            [&]() { cpu->SubmitTask(b, MicroSeconds(100), log.Recorder("c")); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(log.At("b"), MilliSeconds(2), "B 1-2 ms");
        NS_TEST_ASSERT_MSG_EQ(log.At("a"), MicroSeconds(3500), "A 2-3.5 ms");
        NS_TEST_ASSERT_MSG_EQ(log.At("c"), MicroSeconds(4900), "C waits for A's slice: 4.8");
        NS_TEST_ASSERT_MSG_EQ(log.At("a2"), MicroSeconds(6900), "A's 3 ms minus 0.2 + 0.1");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief ContextSwitchCost and WakeupCost are CPU time of the task that gets the CPU.
 *
 * The schedule of the EEVDF preemption case with a 2 us switch and a 1 us wake-up. t=0: A
 * pays 1 us (wake-up, no switch from an idle core's fresh start), B waits. t=3 ms: B pays
 * 2 + 1 us, finishes at 3.103 ms; A pays 2 us from 3.103 ms. t=10 ms: B (placed at
 * v = 9.897 - 2 x 1.4485 = 7.0 ms) preempts, pays 3 us, finishes at 10.103 ms; A pays 2 us
 * again. A's 100 ms of work: 2.999 + 6.895 ms before 10 ms, 90.106 ms after 10.105 ms:
 * done at 100.211 ms. Round robin charges the same costs (one switch each way).
 */
class SwitchCostTestCase : public TestCase
{
  public:
    SwitchCostTestCase()
        : TestCase("context-switch and wake-up costs are charged")
    {
    }

  private:
    void DoRun() override
    {
        for (std::string scheduler : {"eevdf", "round-robin"})
        {
            auto cpu = MakeCpu(scheduler);
            cpu->SetAttribute("ContextSwitchCost", TimeValue(MicroSeconds(2)));
            cpu->SetAttribute("WakeupCost", TimeValue(MicroSeconds(1)));
            auto a = cpu->CreateTask("a");
            auto b = cpu->CreateTask("b");
            CompletionLog log;
            Simulator::Schedule(Seconds(0), [&]() {
                cpu->SubmitTask(a, MilliSeconds(100), log.Recorder("a"));
                cpu->SubmitTask(b, MicroSeconds(100), log.Recorder("b1"));
            });
            Simulator::Schedule(MilliSeconds(10), [&]() {
                cpu->SubmitTask(b, MicroSeconds(100), log.Recorder("b2"));
            });
            Simulator::Run();
            NS_TEST_ASSERT_MSG_EQ(log.At("b1"), MicroSeconds(3103), scheduler << ": 3 us");
            // Round robin: A ran alone 3.103-10 ms, past its 3 ms slice: B runs at once.
            NS_TEST_ASSERT_MSG_EQ(log.At("b2"), MicroSeconds(10103), scheduler << ": 3 us");
            NS_TEST_ASSERT_MSG_EQ(log.At("a"),
                                  MicroSeconds(100211),
                                  scheduler << ": A paid 1 + 2 + 2 us");
            NS_TEST_ASSERT_MSG_EQ(cpu->GetTaskTime(b),
                                  MicroSeconds(206),
                                  scheduler << ": B's time includes its 6 us of costs");
            Simulator::Destroy();
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief An unpinned task wakes on the previous core if idle, else the waking core if
 * idle, else the lowest-numbered idle core, else the previous core.
 *
 * Four cores; P0 busy on core 0 from t=0. U (ANY_CORE, previous core 0 at creation) wakes
 * at 0 with 100 us: core 0 is busy, no waking core: lowest idle core 1 (done at 100 us).
 * t=200 us: P1 busies core 1 and a 10 us hard IRQ on core 3 wakes U from its completion
 * (210 us): previous core 1 busy, waking core 3 idle once the IRQ is done: core 3 (wake
 * affine; core 2 is idle and lower), done at 310 us. t=400 us: a 50 us IRQ on core 3, then
 * U wakes: previous core busy, no waking core: core 2, done at 500 us. t=600 us: 100 us
 * IRQs on cores 2 and 3, every core busy: previous core 2, where U waits for the IRQ and
 * finishes at 800 us. P0 stays pinned to core 0.
 */
class PlacementTestCase : public TestCase
{
  public:
    PlacementTestCase()
        : TestCase("an unpinned task is placed on an idle core at wake-up")
    {
    }

  private:
    void DoRun() override
    {
        auto cpu = MakeCpu("eevdf");
        cpu->SetAttribute("NCores", UintegerValue(4));
        auto p0 = cpu->CreateTask("p0", false, 0);
        auto p1 = cpu->CreateTask("p1", false, 1);
        auto u = cpu->CreateTask("u", false, HostCpu::ANY_CORE);
        CompletionLog log;
        std::vector<uint32_t> cores;
        auto record = [&]() { cores.push_back(cpu->GetTaskCore(u)); };
        Simulator::Schedule(Seconds(0), [&]() {
            cpu->SubmitTask(p0, MilliSeconds(10), log.Recorder("p0"));
            cpu->SubmitTask(u, MicroSeconds(100), log.Recorder("u1"));
            record();
        });
        Simulator::Schedule(MicroSeconds(200), [&]() {
            cpu->SubmitTask(p1, MilliSeconds(10), log.Recorder("p1"));
            cpu->Submit(HostCpu::HARDIRQ,
                        MicroSeconds(10),
                        Callback<void>([&]() {
                            cpu->SubmitTask(u, MicroSeconds(100), log.Recorder("u2"));
                            record();
                        }),
                        3);
        });
        Simulator::Schedule(MicroSeconds(400), [&]() {
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(50), Callback<void>(), 3);
            cpu->SubmitTask(u, MicroSeconds(100), log.Recorder("u3"));
            record();
        });
        Simulator::Schedule(MicroSeconds(600), [&]() {
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(100), Callback<void>(), 2);
            cpu->Submit(HostCpu::HARDIRQ, MicroSeconds(100), Callback<void>(), 3);
            cpu->SubmitTask(u, MicroSeconds(100), log.Recorder("u4"));
            record();
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(cores.size(), 4, "four wake-ups");
        NS_TEST_ASSERT_MSG_EQ(cores[0], 1, "lowest idle core");
        NS_TEST_ASSERT_MSG_EQ(cores[1], 3, "the idle waking core");
        NS_TEST_ASSERT_MSG_EQ(cores[2], 2, "previous core busy: an idle core");
        NS_TEST_ASSERT_MSG_EQ(cores[3], 2, "all busy: previous core");
        NS_TEST_ASSERT_MSG_EQ(log.At("u1"), MicroSeconds(100), "no wait on core 1");
        NS_TEST_ASSERT_MSG_EQ(log.At("u2"), MicroSeconds(310), "no wait on core 3");
        NS_TEST_ASSERT_MSG_EQ(log.At("u3"), MicroSeconds(500), "no wait on core 2");
        NS_TEST_ASSERT_MSG_EQ(log.At("u4"), MicroSeconds(800), "behind the IRQ on core 2");
        NS_TEST_ASSERT_MSG_EQ(cpu->GetTaskCore(p0), 0, "pinned");
        NS_TEST_ASSERT_MSG_EQ(log.At("p0"), MilliSeconds(10), "core 0 was P0's alone");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief A light task beside a CPU-bound one on a core: EEVDF serves it within a context
 * switch, round robin makes it wait up to a slice.
 *
 * Slice 3 ms (TimeSlice, BaseSlice), ContextSwitchCost 2 us. A is CPU-bound (100 us items
 * back to back) from t=0; L is given 10 us every 100 us from 50 us. Both policies: L first
 * waits for A's slice (deadline) end at 3 ms, then runs its 30 queued items and the three
 * that arrive meanwhile (3.000-3.332 ms). EEVDF: L sleeps at 3.332 ms with lag
 * (3.0 + 0.382)/2 - 0.382 = 1.309 ms; every later wake-up finds A not eligible, so L
 * preempts at once and each request takes 2 + 10 us, while the lag lasts (6 us less per
 * request: 218 requests, past 20 ms). Round robin: A's new slice starts at 3.332 ms, and
 * L's request of 3.35 ms waits for its end (6.332 ms): done at 6.344 ms.
 */
class LightTaskLatencyTestCase : public TestCase
{
  public:
    LightTaskLatencyTestCase()
        : TestCase("a light task waits a context switch under eevdf, a slice under round "
                   "robin")
    {
    }

  private:
    /// Run the workload and return the light task's response times of requests
    /// submitted from 3.35 ms to 20 ms.
    std::vector<Time> Run(const std::string& scheduler, Time& firstResponse)
    {
        auto cpu = MakeCpu(scheduler);
        cpu->SetAttribute("ContextSwitchCost", TimeValue(MicroSeconds(2)));
        Loop a{cpu, cpu->CreateTask("a")};
        Light l{cpu, cpu->CreateTask("l")};
        Simulator::Schedule(Seconds(0), &Loop::Next, &a);
        Simulator::Schedule(MicroSeconds(50),
                            &Light::Arrive,
                            &l,
                            MicroSeconds(100),
                            MilliSeconds(20));
        Simulator::Stop(MilliSeconds(30));
        Simulator::Run();
        std::vector<Time> window;
        for (size_t i = 0; i < l.responseTime.size(); ++i)
        {
            if (l.submitted[i] >= MicroSeconds(3350))
            {
                window.push_back(l.responseTime[i]);
            }
        }
        firstResponse = l.responseTime.empty() ? Time(-1) : l.responseTime[0];
        Simulator::Destroy();
        return window;
    }

    void DoRun() override
    {
        Time first;
        auto eevdf = Run("eevdf", first);
        NS_TEST_ASSERT_MSG_EQ(first, MicroSeconds(2962), "eevdf: 50 us -> 3.012 ms");
        NS_TEST_ASSERT_MSG_EQ(eevdf.size(), 167, "eevdf: requests of 3.35-19.95 ms");
        NS_TEST_ASSERT_MSG_EQ(*std::min_element(eevdf.begin(), eevdf.end()),
                              MicroSeconds(12),
                              "eevdf: one context switch + 10 us");
        NS_TEST_ASSERT_MSG_EQ(*std::max_element(eevdf.begin(), eevdf.end()),
                              MicroSeconds(12),
                              "eevdf: never more");
        auto rr = Run("round-robin", first);
        NS_TEST_ASSERT_MSG_EQ(first, MicroSeconds(2962), "round robin: 50 us -> 3.012 ms");
        NS_TEST_ASSERT_MSG_EQ(rr.size(), 167, "round robin: all served by 30 ms");
        NS_TEST_ASSERT_MSG_EQ(rr[0], MicroSeconds(2994), "round robin: 3.35 -> 6.344 ms");
        NS_TEST_ASSERT_MSG_GT(*std::max_element(rr.begin(), rr.end()),
                              MicroSeconds(2900),
                              "round robin: waits of nearly a slice recur");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Bad scheduler attributes are refused by the checkers.
 */
class SchedulerAttributeTestCase : public TestCase
{
  public:
    SchedulerAttributeTestCase()
        : TestCase("scheduler names; negative costs and empty slices are refused")
    {
    }

  private:
    void DoRun() override
    {
        // An unknown type name ("fifo", "eevdf") is refused with the list of the schedulers
        // by HostNetDeviceHelper::CheckAttribute; python/tests/test_errors.py checks that
        // message on a command line.
        auto cpu = CreateObject<HostCpu>();
        for (std::string name :
             {"ns3::RoundRobinTaskScheduler", "ns3::EevdfTaskScheduler", "ns3::CfsTaskScheduler"})
        {
            NS_TEST_ASSERT_MSG_EQ(cpu->SetAttributeFailSafe("Scheduler", StringValue(name)),
                                  true,
                                  name);
            NS_TEST_ASSERT_MSG_EQ(cpu->GetScheduler()->GetInstanceTypeId().GetName(), name, name);
        }
        for (std::string name : {"fifo", "eevdf", "ns3::TaskScheduler", "ns3::HostCpu"})
        {
            NS_TEST_ASSERT_MSG_NE(
                HostNetDeviceHelper::CheckAttribute("ns3::HostCpu", "Scheduler", StringValue(name)),
                "",
                name << " is refused");
        }
        for (std::string attr : {"ContextSwitchCost", "WakeupCost"})
        {
            NS_TEST_ASSERT_MSG_EQ(cpu->SetAttributeFailSafe(attr, TimeValue(MicroSeconds(-1))),
                                  false,
                                  attr << " < 0");
            NS_TEST_ASSERT_MSG_EQ(cpu->SetAttributeFailSafe(attr, TimeValue(Time(0))),
                                  true,
                                  attr << " = 0");
        }
        Ptr<TaskScheduler> cfs = CreateObject<CfsTaskScheduler>();
        NS_TEST_ASSERT_MSG_EQ(
            cfs->SetAttributeFailSafe("WakeupGranularity", TimeValue(MicroSeconds(-1))),
            false,
            "WakeupGranularity < 0");
        NS_TEST_ASSERT_MSG_EQ(cfs->SetAttributeFailSafe("WakeupGranularity", TimeValue(Time(0))),
                              true,
                              "WakeupGranularity = 0");
        const std::pair<Ptr<TaskScheduler>, std::string> slices[] = {
            {CreateObject<EevdfTaskScheduler>(), "BaseSlice"},
            {cfs, "SchedLatency"},
            {cfs, "MinGranularity"},
            {CreateObject<RoundRobinTaskScheduler>(), "TimeSlice"}};
        for (const auto& [scheduler, attr] : slices)
        {
            NS_TEST_ASSERT_MSG_EQ(scheduler->SetAttributeFailSafe(attr, TimeValue(Time(0))),
                                  false,
                                  attr << " = 0");
        }
        Simulator::Destroy();
    }
};

/**
 * The three policies alone, without a HostCpu: the run queue after each event, by hand.
 *
 * Round robin (slice 3 ms): A wakes (no re-plan: alone), B wakes (re-plan: the slice clock
 * starts); after 1 ms A has 2 ms left; on expiry B heads with a full slice; B sleeps and A
 * heads with a fresh slice.
 *
 * EEVDF (base slice 3 ms): A wakes at V = 0 (deadline 3 ms) and runs 1 ms; B wakes at
 * V = 1 ms with zero lag (deadline 4 ms) and does not preempt (A is eligible and runs to
 * parity); A has 2 ms to its deadline; at it A gets deadline 6 ms and is no longer eligible
 * (its vruntime 3 ms is after V = 2 ms), so B heads with 3 ms to its deadline.
 *
 * CFS (latency 6 ms, min granularity 0.75 ms, wake-up granularity 1 ms): A runs 5 ms
 * (min_vruntime 5 ms); B wakes with sleeper credit at max(0, 5 - 3) = 2 ms, 3 ms behind A,
 * more than the granularity: B preempts, with sched_slice 6 ms / 2 = 3 ms.
 */
class PolicyAloneTestCase : public TestCase
{
  public:
    PolicyAloneTestCase()
        : TestCase("TaskScheduler policies alone: run queue, slices and vruntimes by hand")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t A = 0;
        const uint32_t B = 1;
        Time slice = MilliSeconds(3);
        auto rrPtr = CreateObject<RoundRobinTaskScheduler>();
        rrPtr->SetAttribute("TimeSlice", TimeValue(slice));
        rrPtr->SetNCores(1);
        RoundRobinTaskScheduler& rr = *rrPtr;
        rr.AddTask();
        rr.AddTask();
        NS_TEST_ASSERT_MSG_EQ(rr.Enqueue(0, A), false, "a lone task needs no slice clock");
        NS_TEST_ASSERT_MSG_EQ(rr.Enqueue(0, B), true, "a second task starts the slice clock");
        rr.Charge(0, MilliSeconds(1));
        NS_TEST_ASSERT_MSG_EQ(rr.SliceLeft(0), MilliSeconds(2), "3 ms slice - 1 ms");
        rr.Expire(0);
        NS_TEST_ASSERT_MSG_EQ(rr.GetHead(0), B, "B's turn");
        NS_TEST_ASSERT_MSG_EQ(rr.SliceLeft(0), slice, "a full slice");
        rr.Dequeue(0, B);
        NS_TEST_ASSERT_MSG_EQ(rr.GetHead(0), A, "A again");
        NS_TEST_ASSERT_MSG_EQ(rr.SliceLeft(0), slice, "with a fresh slice");

        auto eevdfPtr = CreateObject<EevdfTaskScheduler>();
        eevdfPtr->SetAttribute("BaseSlice", TimeValue(MilliSeconds(3)));
        eevdfPtr->SetAttribute("RunToParity", BooleanValue(true));
        eevdfPtr->SetNCores(1);
        EevdfTaskScheduler& eevdf = *eevdfPtr;
        eevdf.AddTask();
        eevdf.AddTask();
        eevdf.Enqueue(0, A);
        NS_TEST_ASSERT_MSG_EQ(eevdf.GetDeadline(A), MilliSeconds(3), "vd = 0 + slice");
        eevdf.Charge(0, MilliSeconds(1));
        eevdf.Enqueue(0, B);
        NS_TEST_ASSERT_MSG_EQ(eevdf.GetVruntime(B), MilliSeconds(1), "placed at V, zero lag");
        NS_TEST_ASSERT_MSG_EQ(eevdf.GetDeadline(B), MilliSeconds(4), "vd = 1 ms + slice");
        NS_TEST_ASSERT_MSG_EQ(eevdf.GetHead(0), A, "A eligible and running to parity");
        NS_TEST_ASSERT_MSG_EQ(eevdf.SliceLeft(0), MilliSeconds(2), "A's deadline 3 ms - 1 ms");
        eevdf.Charge(0, MilliSeconds(2));
        eevdf.Expire(0);
        NS_TEST_ASSERT_MSG_EQ(eevdf.GetDeadline(A), MilliSeconds(6), "A's next request");
        NS_TEST_ASSERT_MSG_EQ(eevdf.GetHead(0), B, "A (3 ms) after V (2 ms): not eligible");
        NS_TEST_ASSERT_MSG_EQ(eevdf.SliceLeft(0), MilliSeconds(3), "B: 4 ms - 1 ms");

        auto cfsPtr = CreateObject<CfsTaskScheduler>();
        cfsPtr->SetAttribute("SchedLatency", TimeValue(MilliSeconds(6)));
        cfsPtr->SetAttribute("MinGranularity", TimeValue(MicroSeconds(750)));
        cfsPtr->SetAttribute("WakeupGranularity", TimeValue(MilliSeconds(1)));
        cfsPtr->SetNCores(1);
        CfsTaskScheduler& cfs = *cfsPtr;
        cfs.AddTask();
        cfs.AddTask();
        cfs.Enqueue(0, A);
        NS_TEST_ASSERT_MSG_EQ(cfs.GetVruntime(A), Time(0), "no credit below 0 on a new queue");
        cfs.Charge(0, MilliSeconds(5));
        cfs.Enqueue(0, B);
        NS_TEST_ASSERT_MSG_EQ(cfs.GetVruntime(B), MilliSeconds(2), "min_vruntime 5 - 6 / 2");
        NS_TEST_ASSERT_MSG_EQ(cfs.GetHead(0), B, "3 ms behind A > 1 ms: B preempts");
        NS_TEST_ASSERT_MSG_EQ(cfs.SliceLeft(0), MilliSeconds(3), "sched_slice 6 ms / 2");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-task-scheduler suite.
 */
class TaskSchedulerTestSuite : public TestSuite
{
  public:
    TaskSchedulerTestSuite()
        : TestSuite("hostnet-task-scheduler", Type::UNIT)
    {
        AddTestCase(new EevdfWakeupPreemptionTestCase, TestCase::Duration::QUICK);
        AddTestCase(new EevdfNegativeLagTestCase, TestCase::Duration::QUICK);
        AddTestCase(new EevdfSliceAlternationTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CfsWakeupGranularityTestCase, TestCase::Duration::QUICK);
        AddTestCase(new RoundRobinUnchangedTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SwitchCostTestCase, TestCase::Duration::QUICK);
        AddTestCase(new PlacementTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LightTaskLatencyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SchedulerAttributeTestCase, TestCase::Duration::QUICK);
        AddTestCase(new PolicyAloneTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static TaskSchedulerTestSuite g_taskSchedulerTestSuite;
