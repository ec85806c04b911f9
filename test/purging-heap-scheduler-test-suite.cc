/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// PurgingHeapScheduler: the same events, times and order as ns-3's own event lists, with
// cancelled events released early.

#include "ns3/core-module.h"
#include "ns3/purging-heap-scheduler.h"
#include "ns3/test.h"

#include <vector>

using namespace ns3;

namespace
{

/// An event that counts how many of its kind were destroyed.
class CountedEvent : public EventImpl
{
  public:
    /// @param destroyed incremented by the destructor
    explicit CountedEvent(uint32_t* destroyed)
        : m_destroyed(destroyed)
    {
    }

    ~CountedEvent() override
    {
        ++*m_destroyed;
    }

  protected:
    void Notify() override
    {
    }

  private:
    uint32_t* m_destroyed; ///< destructor counter
};

/// What a simulation run under one event list did.
struct Trace
{
    std::vector<std::pair<int64_t, uint32_t>> runs; ///< (time in ns, timer) of each run
    int64_t endNs{0};                               ///< Simulator::Now() after Run
    uint64_t events{0};                             ///< Simulator::GetEventCount()
};

/**
 * TCP-like timers: 200 "flows", each with a short periodic event (a segment every 1-20 us)
 * that cancels and re-arms a long timer (an RTO of 200 us to 2 ms), so most long timers die
 * cancelled in the list; a few fire. The run ends by itself when the flows stop at 5 ms
 * (no Simulator::Stop: the last events are cancelled timers and the clock ends at the time
 * of the last of them). About 20,000 dead timers are in the list at a time, so the heap
 * passes its purge size (4096) again and again.
 */
Trace
RunTimers(const std::string& scheduler)
{
    Simulator::Destroy();
    ObjectFactory factory;
    factory.SetTypeId(scheduler);
    Simulator::SetScheduler(factory);
    Trace trace;
    const uint32_t flows = 200;
    auto rng = CreateObject<UniformRandomVariable>();
    rng->SetStream(7);
    std::vector<EventId> rto(flows);
    std::function<void(uint32_t)> segment;
    segment = [&](uint32_t f) {
        trace.runs.emplace_back(Simulator::Now().GetNanoSeconds(), f);
        rto[f].Cancel();
        rto[f] = Simulator::Schedule(MicroSeconds(rng->GetInteger(200, 2000)), [&trace, f] {
            trace.runs.emplace_back(Simulator::Now().GetNanoSeconds(), 1000 + f);
        });
        Time next = NanoSeconds(rng->GetInteger(1000, 20000));
        if (Simulator::Now() + next < MilliSeconds(5))
        {
            Simulator::Schedule(next, [&segment, f] { segment(f); });
        }
    };
    for (uint32_t f = 0; f < flows; ++f)
    {
        Simulator::Schedule(NanoSeconds(f), [&segment, f] { segment(f); });
    }
    Simulator::Run();
    trace.endNs = Simulator::Now().GetNanoSeconds();
    trace.events = Simulator::GetEventCount();
    Simulator::Destroy();
    return trace;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief Under PurgingHeapScheduler a simulation runs the same events at the same times in
 * the same order as under ns-3's PriorityQueueScheduler and MapScheduler, counts the same
 * events and ends at the same time, although most of its timers die cancelled.
 */
class PurgingSameRunTestCase : public TestCase
{
  public:
    PurgingSameRunTestCase()
        : TestCase("same events, order, clock and event count as ns-3's event lists")
    {
    }

  private:
    void DoRun() override
    {
        Trace purging = RunTimers("ns3::PurgingHeapScheduler");
        NS_TEST_ASSERT_MSG_GT(purging.runs.size(), 50000, "a long run");
        for (const auto& other : {"ns3::PriorityQueueScheduler", "ns3::MapScheduler"})
        {
            Trace reference = RunTimers(other);
            NS_TEST_ASSERT_MSG_EQ(purging.runs.size(), reference.runs.size(), other);
            NS_TEST_EXPECT_MSG_EQ((purging.runs == reference.runs), true, other);
            NS_TEST_EXPECT_MSG_EQ(purging.endNs, reference.endNs, other);
            NS_TEST_EXPECT_MSG_EQ(purging.events, reference.events, other);
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The scheduler on its own: 10,000 events, 9,000 of them cancelled, then 6,000 more
 * inserted: the heap reaches its purge size and the 9,000 cancelled events leave it, their
 * EventImpls released at once (counted by their destructors) while the live ones stay.
 * Draining hands back all 16,000 keys in increasing order, the purged ones as cancelled.
 */
class PurgingReleaseTestCase : public TestCase
{
  public:
    PurgingReleaseTestCase()
        : TestCase("cancelled events leave the heap and are released, keys come back in order")
    {
    }

  private:
    void DoRun() override
    {
        auto scheduler = CreateObject<PurgingHeapScheduler>();
        uint32_t destroyed = 0;
        uint32_t uid = 0;
        auto insert = [&](uint64_t ts, bool cancel) {
            auto* impl = new CountedEvent(&destroyed); // the list's reference
            if (cancel)
            {
                impl->Cancel();
            }
            Scheduler::Event ev;
            ev.impl = impl;
            ev.key.m_ts = ts;
            ev.key.m_uid = uid++;
            ev.key.m_context = 0;
            scheduler->Insert(ev);
        };
        // Times out of order (a multiplicative walk), every 10th event live.
        for (uint32_t i = 0; i < 10000; ++i)
        {
            insert((i * 7919ULL) % 10007, i % 10 != 0);
        }
        NS_TEST_ASSERT_MSG_EQ(scheduler->GetNPurges(), 2, "purged twice, at 4096 held each time");
        for (uint32_t i = 0; i < 6000; ++i)
        {
            insert(20000 + i, false);
        }
        NS_TEST_EXPECT_MSG_EQ(scheduler->GetNPurged(), 9000, "the cancelled events left");
        NS_TEST_EXPECT_MSG_EQ(destroyed, 9000, "and were released");
        NS_TEST_EXPECT_MSG_EQ(scheduler->GetNHeld(), 7000, "the live ones stay");
        uint64_t lastTs = 0;
        uint32_t drained = 0;
        uint32_t cancelled = 0;
        while (!scheduler->IsEmpty())
        {
            Scheduler::Event peek = scheduler->PeekNext();
            Scheduler::Event ev = scheduler->RemoveNext();
            NS_TEST_ASSERT_MSG_EQ(peek.key.m_uid, ev.key.m_uid, "PeekNext is RemoveNext");
            NS_TEST_ASSERT_MSG_EQ((ev.key.m_ts >= lastTs), true, "keys in increasing order");
            lastTs = ev.key.m_ts;
            cancelled += ev.impl->IsCancelled() ? 1 : 0;
            ev.impl->Unref(); // as the simulator does after running it
            ++drained;
        }
        NS_TEST_EXPECT_MSG_EQ(drained, 16000, "every event came back once");
        NS_TEST_EXPECT_MSG_EQ(cancelled, 9000, "the purged ones cancelled");
        NS_TEST_EXPECT_MSG_EQ(destroyed, 16000, "every EventImpl released");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The PurgingHeapScheduler suite.
 */
class PurgingHeapSchedulerTestSuite : public TestSuite
{
  public:
    PurgingHeapSchedulerTestSuite()
        : TestSuite("hostnet-purging-heap-scheduler", Type::UNIT)
    {
        AddTestCase(new PurgingSameRunTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new PurgingReleaseTestCase(), TestCase::Duration::QUICK);
    }
};

/// The suite's instance.
static PurgingHeapSchedulerTestSuite g_purgingHeapSchedulerTestSuite;
