/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// The NET_RX softirq's hand-off to ksoftirqd under each kernel version's rules, at
// hand-computed instants: a NAPI context that always has work (64 frames of 1 us per poll
// call) on a core whose softirq has netdev_budget 300, 2 ms per round, 10 restarts and 2 ms
// in a row. Its rounds end after 5 poll calls (320 frames, 320 us), so restart k is at
// 320 k us.

#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/napi-context.h"
#include "ns3/node.h"
#include "ns3/simulator.h"
#include "ns3/softnet-data.h"
#include "ns3/string.h"
#include "ns3/test.h"

using namespace ns3;

namespace
{

/// A NAPI context that always uses its whole weight (64 frames, 1 us each).
class BusyContext : public NapiContext
{
  public:
    /**
     * @param softnet the poll list it joins
     */
    explicit BusyContext(Ptr<SoftnetData> softnet)
        : m_softnet(softnet)
    {
    }

    void Poll() override
    {
        m_softnet->SubmitWork(MicroSeconds(64), MakeCallback(&BusyContext::Done, this));
    }

    void NotifyTimeSqueeze() override
    {
    }

  private:
    /// The poll call's work is done: it used its weight and stays on the list.
    void Done()
    {
        m_softnet->PollReturned(this, 64, true);
    }

    Ptr<SoftnetData> m_softnet; ///< the core's softirq
};

/// Result of one run.
struct HandOff
{
    Time at{-1};               ///< when the list moved to ksoftirqd (-1: never)
    Time taskDone{-1};         ///< when the task's work (if any) completed (-1: never)
    uint64_t wakeups{0};       ///< ksoftirqd wake-ups
    bool backInSoftirq{false}; ///< after a second context's raise, the list left ksoftirqd
};

/**
 * Run the busy context on core 0 for 5 ms.
 * @param version HostNetStack::KernelVersion
 * @param taskAt when a task gets 10 us of work on core 0 (negative: no task)
 * @param raiseAt when a second NAPI context is scheduled (negative: never)
 * @return the hand-off instant and counts
 */
HandOff
RunSoftirq(const std::string& version, Time taskAt, Time raiseAt)
{
    Ptr<Node> node = CreateObject<Node>();
    Ptr<HostCpu> cpu = HostCpu::GetOrCreate(node);
    Ptr<HostNetStack> stack = HostNetStack::GetOrCreate(node);
    stack->SetAttribute("KernelVersion", StringValue(version));
    node->Initialize();
    Ptr<SoftnetData> softnet = stack->GetSoftnet(0);
    BusyContext first(softnet);
    BusyContext second(softnet);
    HandOff result;
    Simulator::ScheduleNow(&SoftnetData::Schedule, softnet, &first);
    // Sample the state every 10 us: one event per sample, no per-microsecond events.
    for (Time t = MicroSeconds(5); t < MilliSeconds(5); t += MicroSeconds(10))
    {
        Simulator::Schedule(t, [&result, softnet, t]() {
            if (result.at.IsNegative() && softnet->IsInKsoftirqd())
            {
                result.at = t;
            }
        });
    }
    if (!taskAt.IsNegative())
    {
        HostCpu::TaskId task = cpu->CreateTask("reader", false, 0);
        Simulator::Schedule(taskAt, [cpu, task, &result]() {
            cpu->SubmitTask(task, MicroSeconds(10), [&result]() {
                result.taskDone = Simulator::Now();
            });
        });
    }
    if (!raiseAt.IsNegative())
    {
        Simulator::Schedule(raiseAt, [softnet, &second, &result]() {
            softnet->Schedule(&second);
            result.backInSoftirq = !softnet->IsInKsoftirqd();
        });
    }
    Simulator::Stop(MilliSeconds(5));
    Simulator::Run();
    result.wakeups = softnet->GetStats().ksoftirqdWakeups;
    Simulator::Destroy();
    return result;
}

/**
 * @ingroup hostnet-tests
 * The restart loop's end under each version's rules, with and without a woken task.
 */
class SoftirqHandOffTestCase : public TestCase
{
  public:
    SoftirqHandOffTestCase()
        : TestCase("__do_softirq hand-off: restarts (2.6), MAX_SOFTIRQ_TIME and need_resched "
                   "(3.9+) at hand-computed instants")
    {
    }

  private:
    void DoRun() override
    {
        // 2.6: only the 10th restart (3200 us) ends the loop; sampled at 3205 us.
        HandOff old = RunSoftirq("2.6.20", Time(-1), Time(-1));
        NS_TEST_ASSERT_MSG_EQ(old.at, MicroSeconds(3205), "2.6: after 10 restarts");
        NS_TEST_ASSERT_MSG_EQ(old.wakeups, 1u, "one ksoftirqd wake-up");
        // 6.6 with nothing else runnable: the 7th restart (2240 us) is the first at or after
        // MAX_SOFTIRQ_TIME = 2 ms.
        HandOff modern = RunSoftirq("6.6", Time(-1), Time(-1));
        NS_TEST_ASSERT_MSG_EQ(modern.at, MicroSeconds(2245), "6.6: MAX_SOFTIRQ_TIME");
        // A task woken on the idle core at 500 us sets need_resched: the next restart
        // (640 us) hands off. The task is ahead of ksoftirqd in the round robin queue, so
        // its 10 us run from 640 to 650 us.
        HandOff woken = RunSoftirq("6.6", MicroSeconds(500), Time(-1));
        NS_TEST_ASSERT_MSG_EQ(woken.at, MicroSeconds(645), "need_resched at the next restart");
        NS_TEST_ASSERT_MSG_EQ(woken.taskDone, MicroSeconds(650), "the task runs at once");
        // 2.6 ignores need_resched: the task waits for the 10th restart (3200 us).
        HandOff ignored = RunSoftirq("2.6", MicroSeconds(500), Time(-1));
        NS_TEST_ASSERT_MSG_EQ(ignored.at, MicroSeconds(3205), "2.6 ignores need_resched");
        NS_TEST_ASSERT_MSG_EQ(ignored.taskDone, MicroSeconds(3210), "the task waits");
        // 3.9-4.8 have 6.5's rules.
        NS_TEST_ASSERT_MSG_EQ(RunSoftirq("4.4", Time(-1), Time(-1)).at,
                              MicroSeconds(2245),
                              "4.4: MAX_SOFTIRQ_TIME");
    }
};

/**
 * @ingroup hostnet-tests
 * A NET_RX raise while ksoftirqd has the list: 4.9-6.4 leave it there, 6.5 takes it back.
 */
class SoftirqRaiseTestCase : public TestCase
{
  public:
    SoftirqRaiseTestCase()
        : TestCase("a raise beside a pending ksoftirqd: waits in 4.9-6.4, runs at irq_exit "
                   "in 6.5+ (d15121be7485)")
    {
    }

  private:
    void DoRun() override
    {
        HandOff deferred = RunSoftirq("5.15", Time(-1), MilliSeconds(3));
        NS_TEST_ASSERT_MSG_EQ(deferred.at, MicroSeconds(2245), "5.15: hand-off at 2240 us");
        NS_TEST_ASSERT_MSG_EQ(deferred.backInSoftirq, false, "5.15: ksoftirqd keeps the list");
        HandOff reverted = RunSoftirq("6.5", Time(-1), MilliSeconds(3));
        NS_TEST_ASSERT_MSG_EQ(reverted.at, MicroSeconds(2245), "6.5: hand-off at 2240 us");
        NS_TEST_ASSERT_MSG_EQ(reverted.backInSoftirq, true, "6.5: irq_exit takes the list");
    }
};

/**
 * @ingroup hostnet-tests
 * HostCpu::NeedResched as softirq code sees it.
 */
class NeedReschedTestCase : public TestCase
{
  public:
    NeedReschedTestCase()
        : TestCase("HostCpu::NeedResched: idle core + woken task; interrupted task alone")
    {
    }

  private:
    void DoRun() override
    {
        Ptr<HostCpu> cpu = CreateObject<HostCpu>();
        cpu->Initialize();
        HostCpu::TaskId a = cpu->CreateTask("a", false, 0);
        HostCpu::TaskId b = cpu->CreateTask("b", false, 0);
        std::vector<bool> seen;
        auto sample = [&seen, cpu]() { seen.push_back(cpu->NeedResched(0)); };
        // 0-10 us: softirq work on an idle core; a task wakes at 5 us.
        cpu->Submit(
            HostCpu::SOFTIRQ,
            MicroSeconds(10),
            [] {},
            0);
        Simulator::Schedule(MicroSeconds(2), sample); // nothing runnable: false
        Simulator::Schedule(MicroSeconds(5),
                            [cpu, a]() { cpu->SubmitTask(a, MicroSeconds(100), [] {}); });
        Simulator::Schedule(MicroSeconds(7), sample); // idle TASK level, a woke: true
        // From 10 us task a runs; an interrupt at 50 us finds it running: false.
        Simulator::Schedule(MicroSeconds(50), [cpu]() {
            cpu->Submit(
                HostCpu::HARDIRQ,
                MicroSeconds(10),
                [] {},
                0);
        });
        Simulator::Schedule(MicroSeconds(55), sample);
        // Round robin does not preempt on wake-up: b waking at 57 us leaves a the head.
        Simulator::Schedule(MicroSeconds(57),
                            [cpu, b]() { cpu->SubmitTask(b, MicroSeconds(10), [] {}); });
        Simulator::Schedule(MicroSeconds(58), sample);
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(seen.size(), 4u, "samples");
        NS_TEST_EXPECT_MSG_EQ(seen[0], false, "nothing runnable");
        NS_TEST_EXPECT_MSG_EQ(seen[1], true, "a task woke on the idle core");
        NS_TEST_EXPECT_MSG_EQ(seen[2], false, "the interrupted task is the one to resume");
        NS_TEST_EXPECT_MSG_EQ(seen[3], false, "round robin: no wake-up preemption");
    }
};

/**
 * @ingroup hostnet-tests
 * Softirq rules per kernel version.
 */
class SoftirqTestSuite : public TestSuite
{
  public:
    SoftirqTestSuite()
        : TestSuite("hostnet-softirq", Type::UNIT)
    {
        AddTestCase(new NeedReschedTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SoftirqHandOffTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SoftirqRaiseTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
SoftirqTestSuite g_softirqTestSuite;

} // namespace
