/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// ReusableEvent: an ordinary ns-3 event to the simulator, with its EventImpls reused.

#include "ns3/reusable-event.h"
#include "ns3/simulator.h"
#include "ns3/test.h"

#include <memory>
#include <set>
#include <string>
#include <vector>

using namespace ns3;

/**
 * Order and reuse: occurrences interleave with ordinary events scheduled for the same time
 * in scheduling order; a function that schedules its own next occurrence 1000 times runs
 * 1000 times at the right times on at most two EventImpls; the simulator counts every
 * occurrence as an event.
 */
class ReusableEventOrderTestCase : public TestCase
{
  public:
    ReusableEventOrderTestCase()
        : TestCase("ReusableEvent runs in scheduling order and reuses two EventImpls")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<std::string> order;
        ReusableEvent once([&order] { order.push_back("reusable"); });
        Simulator::Schedule(MicroSeconds(1), [&order] { order.push_back("before"); });
        once.Schedule(MicroSeconds(1));
        Simulator::Schedule(MicroSeconds(1), [&order] { order.push_back("after"); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(order.size(), 3, "three events ran");
        NS_TEST_ASSERT_MSG_EQ(order[0], "before", "scheduled first, runs first");
        NS_TEST_ASSERT_MSG_EQ(order[1], "reusable", "scheduled second, runs second");
        NS_TEST_ASSERT_MSG_EQ(order[2], "after", "scheduled third, runs third");
        Simulator::Destroy();

        uint32_t runs = 0;
        bool onTime = true;
        std::set<const EventImpl*> impls;
        ReusableEvent tick;
        tick = ReusableEvent([&] {
            onTime = onTime && Simulator::Now() == NanoSeconds(10 * (runs + 1));
            if (++runs < 1000)
            {
                impls.insert(tick.Schedule(NanoSeconds(10)).PeekEventImpl());
            }
        });
        uint64_t eventsBefore = Simulator::GetEventCount();
        impls.insert(tick.Schedule(NanoSeconds(10)).PeekEventImpl());
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(runs, 1000, "every occurrence ran");
        NS_TEST_ASSERT_MSG_EQ(onTime, true, "each at its time");
        NS_TEST_ASSERT_MSG_EQ(Simulator::GetEventCount() - eventsBefore, 1000, "one event each");
        NS_TEST_ASSERT_MSG_EQ(impls.size(), 2, "two EventImpls taken in turn");
        NS_TEST_ASSERT_MSG_EQ(tick.IsPending(), false, "nothing pending after the last");
        Simulator::Destroy();
    }
};

/**
 * Cancel, destroy and move: a cancelled occurrence does not run and its EventImpl is not
 * used again; an occurrence scheduled after the cancel runs; destroying the ReusableEvent
 * cancels its pending occurrence; a moved one keeps its pending occurrence, which runs once.
 */
class ReusableEventCancelTestCase : public TestCase
{
  public:
    ReusableEventCancelTestCase()
        : TestCase("ReusableEvent cancels, and is safe to destroy or move while pending")
    {
    }

  private:
    void DoRun() override
    {
        std::vector<int64_t> ranAt;
        ReusableEvent event([&ranAt] { ranAt.push_back(Simulator::Now().GetNanoSeconds()); });
        const EventImpl* cancelled = event.Schedule(NanoSeconds(5)).PeekEventImpl();
        NS_TEST_ASSERT_MSG_EQ(event.IsPending(), true, "pending once scheduled");
        event.Cancel();
        NS_TEST_ASSERT_MSG_EQ(event.IsPending(), false, "not pending once cancelled");
        // The cancelled occurrence is still in the event list until t = 5 ns.
        Simulator::Schedule(NanoSeconds(7), [&] {
            const EventImpl* next = event.Schedule(NanoSeconds(3)).PeekEventImpl();
            NS_TEST_ASSERT_MSG_NE(next, cancelled, "a cancelled EventImpl is not reused");
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ranAt.size(), 1, "only the occurrence after the cancel ran");
        NS_TEST_ASSERT_MSG_EQ(ranAt[0], 10, "at 7 + 3 ns");
        Simulator::Destroy();

        bool ran = false;
        auto doomed = std::make_unique<ReusableEvent>([&ran] { ran = true; });
        doomed->Schedule(NanoSeconds(5));
        Simulator::Schedule(NanoSeconds(1), [&doomed] { doomed.reset(); });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(ran, false, "destroyed before its time: cancelled");
        Simulator::Destroy();

        uint32_t runs = 0;
        ReusableEvent first([&runs] { ++runs; });
        first.Schedule(NanoSeconds(5));
        ReusableEvent second(std::move(first));
        NS_TEST_ASSERT_MSG_EQ(second.IsPending(), true, "the pending occurrence moved along");
        NS_TEST_ASSERT_MSG_EQ(first.IsPending(), false, "and left the moved-from object");
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(runs, 1, "the moved occurrence ran once");
        Simulator::Destroy();
    }
};

/// hostnet-reusable-event: the allocation-free event of the per-packet path.
class ReusableEventTestSuite : public TestSuite
{
  public:
    ReusableEventTestSuite()
        : TestSuite("hostnet-reusable-event", Type::UNIT)
    {
        AddTestCase(new ReusableEventOrderTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ReusableEventCancelTestCase, TestCase::Duration::QUICK);
    }
};

/// The suite's instance.
static ReusableEventTestSuite g_reusableEventTestSuite;
