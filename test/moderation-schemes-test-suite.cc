/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-moderation-schemes: count + time, ITR throttling, RDTR + RADV, e1000 dynamic ITR,
// i40e adaptive ITR, net_dim and Chang et al. 2008's buffer-adaptive scheme at hand-computed
// instants, and the degenerate settings that must equal NoModeration.
//
// Timing of the deterministic host (hostnet-test-utils.h): a frame sent at t reaches host
// memory at t + size / 1000 Gbps (1 ns for 125 bytes, 12 ns for 1500 bytes); the ISR takes
// 3 us and drains the ring (Reset), then protocol processing takes 5 us per frame.

#include "hostnet-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/buffer-adaptive-moderation.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/e1000-dynamic-itr-moderation.h"
#include "ns3/enum.h"
#include "ns3/host-net-queue.h"
#include "ns3/i40e-adaptive-itr-moderation.h"
#include "ns3/minimum-gap-moderation.h"
#include "ns3/net-dim-moderation.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <iostream>
#include <iterator>
#include <utility>
#include <vector>

using namespace ns3;
using namespace hostnet_test;

namespace
{

/// Trace sink for HostNetDevice "Interrupt": records the instants ISRs start.
void
RecordInstant(std::vector<Time>* v)
{
    v->push_back(Simulator::Now());
}

/// Trace sink for a TracedValue<uint32_t>: records (instant, new value).
void
RecordUint(std::vector<std::pair<Time, uint32_t>>* v, uint32_t, uint32_t value)
{
    v->emplace_back(Simulator::Now(), value);
}

/// Trace sink for a TracedValue<Time>: records (instant, new value).
void
RecordTime(std::vector<std::pair<Time, Time>>* v, Time, Time value)
{
    v->emplace_back(Simulator::Now(), value);
}

/**
 * Send @p n frames of @p size bytes at once from the pair's sender at time @p t.
 * @param p the topology
 * @param t when
 * @param n how many
 * @param size bytes each
 */
void
SendSized(const HostPair& p, Time t, int n, uint32_t size)
{
    Simulator::Schedule(t, [p, n, size]() {
        for (int i = 0; i < n; ++i)
        {
            p.senderPhy->Send(Create<Packet>(size), p.host->GetAddress(), 0x0800);
        }
    });
}

/**
 * Send one 125-byte frame every @p spacing from @p start (inclusive) to @p stop (exclusive).
 * @param p the topology
 * @param start first frame
 * @param spacing gap between frames
 * @param stop no frames at or after this instant
 */
void
SendStream(const HostPair& p, Time start, Time spacing, Time stop)
{
    for (Time t = start; t < stop; t += spacing)
    {
        SendBurst(p, t, 1);
    }
}

/// @return the ISR instants in [from, to)
std::vector<Time>
Window(const std::vector<Time>& v, Time from, Time to)
{
    std::vector<Time> w;
    std::copy_if(v.begin(), v.end(), std::back_inserter(w), [from, to](Time t) {
        return t >= from && t < to;
    });
    return w;
}

/// Common checks of an instant list against expectations.
#define CHECK_INSTANTS(got, expected, what)                                                        \
    do                                                                                             \
    {                                                                                              \
        NS_TEST_ASSERT_MSG_EQ((got).size(), (expected).size(), what ": number of instants");       \
        for (std::size_t i_ = 0; i_ < (expected).size(); ++i_)                                     \
        {                                                                                          \
            NS_TEST_EXPECT_MSG_EQ((got)[i_], (expected)[i_], what ": instant " << i_);             \
        }                                                                                          \
    } while (false)

/// @return instants from a list of nanosecond counts
std::vector<Time>
Ns(std::initializer_list<int64_t> ns)
{
    std::vector<Time> v;
    for (int64_t x : ns)
    {
        v.push_back(NanoSeconds(x));
    }
    return v;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief rx-usecs 50 + rx-frames 4: whichever limit comes first, both ways.
 *
 * Count first: frames at 0, 5, 10, 48 us reach memory 1 ns later; the fourth (48.001 us)
 * reaches Frames = 4 before the timer started at 0.001 us expires (50.001): interrupt at
 * 48.001, ISR to 51.001, deliveries 56.001, 61.001, 66.001, 71.001 us. The count cancels
 * the timer: a stale expiry at 50.001 would hit the running ISR and be counted as an
 * absorbed assertion. Time first: one frame at 100 us starts the timer at 100.001, which
 * expires at 150.001 with 1 < 4 frames: ISR to 153.001, delivery 158.001.
 */
class CountTimeWhicheverFirstTestCase : public TestCase
{
  public:
    CountTimeWhicheverFirstTestCase()
        : TestCase("count+time: the count or the timer, whichever first")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::CountTimeModeration",
                             "Usecs",
                             TimeValue(MicroSeconds(50)),
                             "Frames",
                             UintegerValue(4));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        std::vector<Time> interrupts;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        for (int t : {0, 5, 10, 48, 100})
        {
            SendBurst(p, MicroSeconds(t), 1);
        }
        Simulator::Run();
        uint64_t absorbed = p.host->GetStats().interruptsAbsorbed;
        Simulator::Destroy();
        CHECK_INSTANTS(interrupts, Ns({48001, 150001}), "count first, then time first");
        CHECK_INSTANTS(delivered,
                       Ns({56001, 61001, 66001, 71001, 158001}),
                       "ISR 3 us then 5 us per frame");
        NS_TEST_EXPECT_MSG_EQ(absorbed, 0, "the count cancelled the 50.001 us timer");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief count+time with one limit off: Usecs = 0 is count only, Frames = 0 time only.
 *
 * Count only (0 us, 3 frames): frames at 0, 10, 20, 30, 40 us; the third (20.001) asserts,
 * deliveries 28.001, 33.001, 38.001; the last two wait for a third frame that never comes
 * (no timer). Time only (20 us, 0 frames): frames at 0, 10, 100 us; timers 0.001-20.001
 * (two frames) and 100.001-120.001: deliveries 28.001, 33.001, 128.001.
 */
class CountTimeSingleLimitTestCase : public TestCase
{
  public:
    CountTimeSingleLimitTestCase()
        : TestCase("count+time: Usecs 0 counts only, Frames 0 times only")
    {
    }

  private:
    /// Run frames at @p sendUs with (usecs, frames); return deliveries and stats.
    static std::pair<std::vector<Time>, HostNetDeviceStats> Run(Time usecs,
                                                                uint32_t frames,
                                                                std::vector<int> sendUs)
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::CountTimeModeration",
                             "Usecs",
                             TimeValue(usecs),
                             "Frames",
                             UintegerValue(frames));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        for (int t : sendUs)
        {
            SendBurst(p, MicroSeconds(t), 1);
        }
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();
        HostNetDeviceStats s = p.host->GetStats();
        Simulator::Destroy();
        return {delivered, s};
    }

    void DoRun() override
    {
        auto [countOnly, cs] = Run(Time(0), 3, {0, 10, 20, 30, 40});
        CHECK_INSTANTS(countOnly, Ns({28001, 33001, 38001}), "count only: third frame");
        NS_TEST_EXPECT_MSG_EQ(cs.interrupts, 1, "count only: one interrupt for 5 frames");
        NS_TEST_EXPECT_MSG_EQ(cs.rxInHost, 2, "count only: no timer frees the last two");
        auto [timeOnly, ts] = Run(MicroSeconds(20), 0, {0, 10, 100});
        CHECK_INSTANTS(timeOnly, Ns({28001, 33001, 128001}), "time only: 20 us timers");
        NS_TEST_EXPECT_MSG_EQ(ts.interrupts, 2, "time only: two timers");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief ITR at 8000 interrupts/s with a frame every 10 us: interrupts every 125 us.
 *
 * Frame 0 (0.001 us) finds no earlier interrupt and asserts at once. Every later frame
 * finds the gap (1/8000 s = 125 us) running and joins the assertion at the gap's end:
 * 125.001, 250.001, 375.001, 500.001 (the last takes frames 380-490). The frame at
 * 250.001 completes just after that instant's assertion (the assertion was scheduled
 * first); the ISR running until 253.001 takes it and Reset cancels the assertion it
 * requested. Deliveries: frame 0 at 3.001 + 5 = 8.001; frames 10-120 (12) drained at
 * 128.001, delivered 133.001 ... 188.001.
 */
class ThrottleGapTestCase : public TestCase
{
  public:
    ThrottleGapTestCase()
        : TestCase("ITR 8000 per s: frames every 10 us give interrupts every 125 us")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::ThrottleModeration", "InterruptRate", DoubleValue(8000));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        std::vector<Time> interrupts;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        SendStream(p, Time(0), MicroSeconds(10), MicroSeconds(500));
        Simulator::Run();
        Simulator::Destroy();
        CHECK_INSTANTS(interrupts,
                       Ns({1, 125001, 250001, 375001, 500001}),
                       "one gap of 125 us between interrupts");
        NS_TEST_ASSERT_MSG_EQ(delivered.size(), 50, "all 50 frames delivered");
        NS_TEST_EXPECT_MSG_EQ(delivered[0], NanoSeconds(8001), "first frame: at once");
        NS_TEST_EXPECT_MSG_EQ(delivered[1], NanoSeconds(133001), "frame 10 us: at 125.001");
        NS_TEST_EXPECT_MSG_EQ(delivered[12], NanoSeconds(188001), "12th of that batch");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief ITR: Reset cancels a pending assertion but does not reload the gap.
 *
 * 8000/s (gap 125 us). Frame at 0 asserts at 0.001; the frame at 1 us (1.001) requests an
 * assertion at 125.001, but the ISR (to 3.001) drains both and Reset cancels it: no
 * interrupt at 125.001. The frame at 200 us then finds the gap since 0.001 passed and
 * asserts at once (200.001; had the cancelled assertion happened, it would wait for
 * 250.001). The frame at 250 us asserts one gap after 200.001, at 325.001, not one gap
 * after the Reset at 203.001 (328.001). Deliveries 8.001, 13.001, 208.001, 333.001.
 */
class ThrottleResetTestCase : public TestCase
{
  public:
    ThrottleResetTestCase()
        : TestCase("ITR: Reset cancels the pending assertion, keeps the gap")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::ThrottleModeration", "InterruptRate", DoubleValue(8000));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        std::vector<Time> interrupts;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        // The base class counts and traces every assertion (not the cancelled one).
        Ptr<InterruptModeration> moderation = p.host->GetQueue(0)->GetModeration();
        std::vector<Time> asserted;
        moderation->TraceConnectWithoutContext("Interrupt",
                                               MakeBoundCallback(&RecordInstant, &asserted));
        for (int t : {0, 1, 200, 250})
        {
            SendBurst(p, MicroSeconds(t), 1);
        }
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(moderation->GetNInterrupts(), 3, "three assertions counted");
        Simulator::Destroy();
        CHECK_INSTANTS(interrupts, Ns({1, 200001, 325001}), "cancelled, then gap kept");
        CHECK_INSTANTS(asserted, Ns({1, 200001, 325001}), "the scheme's own trace agrees");
        CHECK_INSTANTS(delivered, Ns({8001, 13001, 208001, 333001}), "deliveries");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief RDTR restarted by every frame; RADV caps the wait from the first frame.
 *
 * Packet timer only (20 us, RADV off): frames at 0, 10, 20, 30 us restart it; it expires
 * 20 us after the last (30.001): interrupt at 50.001, deliveries 58.001 ... 73.001.
 * Packet 20 us + absolute 45 us, frames every 10 us from 0 to 90 us: the packet timer
 * never expires while frames come, the absolute timer started at 0.001 fires at 45.001
 * (frames 0-40); the ISR ends 48.001 and the frame at 50.001 starts both again: absolute
 * expiry 95.001 (frames 50-90; the packet timer alone would wait until 110.001).
 */
class PacketAbsoluteTimerTestCase : public TestCase
{
  public:
    PacketAbsoluteTimerTestCase()
        : TestCase("RDTR restarted per frame, RADV caps the delay")
    {
    }

  private:
    /// Run frames every 10 us in [0, @p lastUs] with the two timers; return ISR instants.
    static std::pair<std::vector<Time>, std::vector<Time>> Run(Time packet,
                                                               Time absolute,
                                                               int lastUs)
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::PacketAbsoluteTimerModeration",
                             "PacketTimer",
                             TimeValue(packet),
                             "AbsoluteTimer",
                             TimeValue(absolute));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        std::vector<Time> interrupts;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        SendStream(p, Time(0), MicroSeconds(10), MicroSeconds(lastUs + 1));
        Simulator::Run();
        Simulator::Destroy();
        return {interrupts, delivered};
    }

    void DoRun() override
    {
        auto [rdtrIrq, rdtrDel] = Run(MicroSeconds(20), Time(0), 30);
        CHECK_INSTANTS(rdtrIrq, Ns({50001}), "RDTR: 20 us after the last frame");
        CHECK_INSTANTS(rdtrDel, Ns({58001, 63001, 68001, 73001}), "RDTR deliveries");
        auto [radvIrq, radvDel] = Run(MicroSeconds(20), MicroSeconds(45), 90);
        CHECK_INSTANTS(radvIrq, Ns({45001, 95001}), "RADV: 45 us after each first frame");
        NS_TEST_ASSERT_MSG_EQ(radvDel.size(), 10, "all frames delivered");
        NS_TEST_EXPECT_MSG_EQ(radvDel[0], NanoSeconds(53001), "first batch: 48.001 + 5");
        NS_TEST_EXPECT_MSG_EQ(radvDel[5], NanoSeconds(103001), "second batch: 98.001 + 5");
        auto [offIrq, offDel] = Run(MicroSeconds(20), Time(0), 90);
        CHECK_INSTANTS(offIrq, Ns({110001}), "without RADV: 20 us after the last frame");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief e1000_update_itr thresholds and e1000_set_itr smoothing, one by one.
 *
 * Each expectation is the driver's rule at a boundary (see E1000DynamicItrModeration).
 */
class E1000RulesTestCase : public TestCase
{
  public:
    E1000RulesTestCase()
        : TestCase("e1000 dynamic ITR: classification thresholds and smoothing")
    {
    }

  private:
    void DoRun() override
    {
        using M = E1000DynamicItrModeration;

        struct Row
        {
            M::LatencyRange from;
            uint32_t packets;
            uint32_t bytes;
            M::LatencyRange to;
            const char* why;
        };

        const Row rows[] = {
            {M::LOWEST_LATENCY, 0, 0, M::LOWEST_LATENCY, "no packets: unchanged"},
            {M::LOWEST_LATENCY, 1, 9000, M::BULK_LATENCY, "lowest: bytes/packets > 8000"},
            {M::LOWEST_LATENCY, 1, 8000, M::LOW_LATENCY, "lowest: 8000 not > 8000; <5, >512"},
            {M::LOWEST_LATENCY, 4, 513, M::LOW_LATENCY, "lowest: packets < 5, bytes > 512"},
            {M::LOWEST_LATENCY, 5, 5000, M::LOWEST_LATENCY, "lowest: 5 packets not < 5"},
            {M::LOWEST_LATENCY, 4, 512, M::LOWEST_LATENCY, "lowest: 512 not > 512"},
            {M::LOW_LATENCY, 9, 10001, M::BULK_LATENCY, "low: > 10000 and packets < 10"},
            {M::LOW_LATENCY, 12, 18000, M::BULK_LATENCY, "low: > 10000 and 1500 > 1200"},
            {M::LOW_LATENCY, 36, 36000, M::LOWEST_LATENCY, "low: > 10000, 1000 B, > 35"},
            {M::LOW_LATENCY, 35, 35000, M::LOW_LATENCY, "low: > 10000, 1000 B, 35 not > 35"},
            {M::LOW_LATENCY, 4, 10000, M::BULK_LATENCY, "low: <= 10000, 2500 > 2000"},
            {M::LOW_LATENCY, 5, 10000, M::LOW_LATENCY, "low: <= 10000, 2000 not > 2000"},
            {M::LOW_LATENCY, 2, 511, M::LOWEST_LATENCY, "low: <= 2 packets, < 512 bytes"},
            {M::LOW_LATENCY, 3, 300, M::LOW_LATENCY, "low: 3 packets not <= 2"},
            {M::BULK_LATENCY, 36, 25001, M::LOW_LATENCY, "bulk: > 25000 and > 35"},
            {M::BULK_LATENCY, 35, 52500, M::BULK_LATENCY, "bulk: > 25000, 35 not > 35"},
            {M::BULK_LATENCY, 3, 5999, M::LOW_LATENCY, "bulk: < 6000"},
            {M::BULK_LATENCY, 4, 6000, M::BULK_LATENCY, "bulk: 6000 not < 6000"},
        };
        for (const Row& r : rows)
        {
            NS_TEST_EXPECT_MSG_EQ(+M::UpdateLatencyRange(r.from, r.packets, r.bytes), +r.to, r.why);
        }
        NS_TEST_EXPECT_MSG_EQ(M::SmoothRate(20000, 70000), 37500, "rise: itr + 70000/4");
        NS_TEST_EXPECT_MSG_EQ(M::SmoothRate(55000, 70000), 70000, "rise capped at target");
        NS_TEST_EXPECT_MSG_EQ(M::SmoothRate(4000, 20000), 9000, "rise: 4000 + 5000");
        NS_TEST_EXPECT_MSG_EQ(M::SmoothRate(20000, 4000), 4000, "fall at once");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief e1000 dynamic ITR: a bulk stream of 1500-byte frames converges to 4000/s
 * (pre-NAPI receive: the rate is set at the end of each ISR over the frames it cleaned).
 *
 * A bulk transfer arriving in trains: 8 back-to-back 1500-byte frames every 90 us (0 ..
 * 1980 us), 12 ns apart in memory. Start: 20000/s (gap 50 us), range lowest. Default
 * receive mode (PerPacketRxMode): ISR 3 us, which takes every frame in memory.
 * - 0.012 us: first frame asserts at once; the ISR ends at 3.012 us with the whole train,
 *   8 packets / 12000 B: lowest stays lowest (8 packets not < 5), conservative -> low:
 *   20000/s, unchanged.
 * - 90.012: gap passed, asserts at once; the ISR (to 93.012) takes 8 packets, 12000 B:
 *   low, > 10000 B with < 10 packets -> bulk: 4000/s (a fall, at once): gap 250 us from
 *   90.012.
 * - 340.012: trains at 180 and 270: 16 packets, 24000 B (6000 <= B <= 25000): bulk stays.
 *   Then every 250 us (590.012, 840.012, ... 2090.012) the ISR takes the two or three
 *   trains that arrived in the gap: 24 packets / 36000 B (> 25000 B, <= 35 packets) or
 *   16 / 24000: bulk stays. 10 interrupts; the rate changes once, at 93.012 us.
 */
class E1000BulkTestCase : public TestCase
{
  public:
    E1000BulkTestCase()
        : TestCase("e1000 dynamic ITR: bulk 1500-byte trains converge to 4000 per s")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::E1000DynamicItrModeration");
        HostPair p = MakeHostPair(helper);
        std::vector<Time> interrupts;
        std::vector<std::pair<Time, uint32_t>> itr;
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        auto m = DynamicCast<E1000DynamicItrModeration>(p.host->GetQueue(0)->GetModeration());
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(m), true, "the helper installed the e1000 scheme");
        m->TraceConnectWithoutContext("Itr", MakeBoundCallback(&RecordUint, &itr));
        for (int i = 0; i <= 22; ++i)
        {
            SendSized(p, MicroSeconds(90 * i), 8, 1500);
        }
        Simulator::Run();
        auto range = m->GetLatencyRange();
        uint64_t delivered = p.host->GetStats().rxDelivered;
        Simulator::Destroy();
        std::vector<Time> expected = Ns({12, 90012});
        for (int j = 1; j <= 8; ++j)
        {
            expected.push_back(NanoSeconds(90012 + 250000 * j));
        }
        CHECK_INSTANTS(interrupts, expected, "bulk: 4000/s after the second interrupt");
        NS_TEST_ASSERT_MSG_EQ(itr.size(), 1, "one rate change");
        NS_TEST_EXPECT_MSG_EQ(itr[0].first, NanoSeconds(93012), "at the end of the second ISR");
        NS_TEST_EXPECT_MSG_EQ(itr[0].second, 4000, "bulk_latency rate");
        NS_TEST_EXPECT_MSG_EQ(+range, +E1000DynamicItrModeration::BULK_LATENCY, "ends in bulk");
        NS_TEST_EXPECT_MSG_EQ(delivered, 23 * 8, "nothing lost");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief e1000 dynamic ITR: sparse small frames go to 20000/s (conservative) or 70000/s.
 *
 * One 125-byte frame per ms (0 .. 4 ms): every ISR (3 us, pre-NAPI receive) cleans 1
 * packet of 125 B, which keeps the range lowest (not > 512 B). Conservative
 * (InterruptThrottleRate 3) turns it into low: 20000/s, the start rate, so the rate never
 * changes. Dynamic (1): target 70000, smoothed rise at the end of each ISR: 20000 + 17500
 * = 37500 (0.003001 ms), 55000 (1.003001 ms), min(72500, 70000) = 70000 (2.003001 ms). Then frames
 * at 5 ms and 5.005 ms: the second waits for the gap after the 5000.001 us interrupt: 1/70000 s =
 * 14286 ns (rounded) -> 5014.287 us, or 1/20000 s = 50 us -> 5050.001 us in conservative mode.
 */
class E1000SparseTestCase : public TestCase
{
  public:
    E1000SparseTestCase()
        : TestCase("e1000 dynamic ITR: sparse small frames, conservative or not")
    {
    }

  private:
    /// Run the sparse pattern; return the ISR instants and the rate changes.
    static std::pair<std::vector<Time>, std::vector<std::pair<Time, uint32_t>>> Run(
        bool conservative)
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::E1000DynamicItrModeration",
                             "Conservative",
                             BooleanValue(conservative));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> interrupts;
        std::vector<std::pair<Time, uint32_t>> itr;
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        p.host->GetQueue(0)->GetModeration()->TraceConnectWithoutContext(
            "Itr",
            MakeBoundCallback(&RecordUint, &itr));
        for (int i = 0; i <= 5; ++i)
        {
            SendBurst(p, MilliSeconds(i), 1);
        }
        SendBurst(p, MicroSeconds(5005), 1);
        Simulator::Run();
        Simulator::Destroy();
        return {interrupts, itr};
    }

    void DoRun() override
    {
        auto [dynIrq, dynItr] = Run(false);
        NS_TEST_ASSERT_MSG_EQ(dynItr.size(), 3, "dynamic: three smoothed rises");
        NS_TEST_EXPECT_MSG_EQ(dynItr[0].second, 37500, "20000 + 70000/4");
        NS_TEST_EXPECT_MSG_EQ(dynItr[1].second, 55000, "37500 + 17500");
        NS_TEST_EXPECT_MSG_EQ(dynItr[2].second, 70000, "min(72500, 70000)");
        NS_TEST_EXPECT_MSG_EQ(dynItr[2].first, NanoSeconds(2003001), "end of the third ISR");
        NS_TEST_ASSERT_MSG_EQ(dynIrq.size(), 7, "one interrupt per frame");
        NS_TEST_EXPECT_MSG_EQ(dynIrq[6], NanoSeconds(5014287), "70000/s gap: 14286 ns");
        auto [conIrq, conItr] = Run(true);
        NS_TEST_EXPECT_MSG_EQ(conItr.size(), 0, "conservative: stays at 20000/s");
        NS_TEST_ASSERT_MSG_EQ(conIrq.size(), 7, "one interrupt per frame");
        NS_TEST_EXPECT_MSG_EQ(conIrq[6], NanoSeconds(5050001), "20000/s gap: 50 us");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief e1000 dynamic ITR on NAPI: the rate is set when the NAPI episode completes, over
 * every frame the episode cleaned (e1000_intr zeroes the counters, e1000_clean_rx_irq adds
 * each cleaned frame, e1000_clean calls e1000_set_itr before e1000_irq_enable).
 *
 * 1500-byte frames on the deterministic host with NAPI (ISR 3 us, 5 us per frame, 0.5 us
 * unmasking write), conservative mode, start 20000/s (gap 50 us), range lowest:
 * - 0 us: one frame; interrupt at 0.012 us, ISR to 3.012 (masks), poll to 8.012, unmask
 *   at 8.512: 1 packet, 1500 B: lowest -> low (< 5 packets, > 512 B): 20000/s, unchanged.
 * - 100, 104, .., 128 us: 8 frames. Interrupt at 100.012 (gap passed); the other 7 reach
 *   memory while the interrupt is masked (from 103.012) and the poll takes them: 8 frames
 *   end at 143.012, unmask at 143.512: 8 packets, 12000 B: low, > 10000 B and < 10 packets
 *   -> bulk: 4000/s (gap 250 us).
 * - 200 us: one frame; it waits for the gap: interrupt at 100.012 + 250 = 350.012, unmask
 *   at 358.512: 1 packet, 1500 B: bulk, < 6000 B -> low: smoothed rise 4000 + 20000/4 =
 *   9000/s (gap 111111 ns).
 * - 400 us: interrupt at 350.012 + 111.111 = 461.123 us, unmask at 469.623: low stays;
 *   9000 + 5000 = 14000/s.
 * Counting only the frames reported while the interrupt is enabled (the model before this
 * rule) would have classified 1 packet at 100.012 (low stays) and interrupted at 200.012
 * and 400.012.
 */
class E1000NapiEpisodeTestCase : public TestCase
{
  public:
    E1000NapiEpisodeTestCase()
        : TestCase("e1000 dynamic ITR on NAPI: every frame of the episode counts")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::E1000DynamicItrModeration");
        helper.SetRxMode("ns3::NapiRxMode");
        HostPair p = MakeHostPair(helper);
        std::vector<Time> interrupts;
        std::vector<std::pair<Time, uint32_t>> itr;
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        auto m = DynamicCast<E1000DynamicItrModeration>(p.host->GetQueue(0)->GetModeration());
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(m), true, "the helper installed the e1000 scheme");
        m->TraceConnectWithoutContext("Itr", MakeBoundCallback(&RecordUint, &itr));
        SendSized(p, Time(0), 1, 1500);
        for (int i = 0; i < 8; ++i)
        {
            SendSized(p, MicroSeconds(100 + 4 * i), 1, 1500);
        }
        SendSized(p, MicroSeconds(200), 1, 1500);
        SendSized(p, MicroSeconds(400), 1, 1500);
        Simulator::Run();
        auto range = m->GetLatencyRange();
        uint64_t delivered = p.host->GetStats().rxDelivered;
        Simulator::Destroy();
        CHECK_INSTANTS(interrupts,
                       Ns({12, 100012, 350012, 461123}),
                       "the bulk gap after the 8-frame episode, then the smoothed rise");
        NS_TEST_ASSERT_MSG_EQ(itr.size(), 3, "three rate changes");
        NS_TEST_EXPECT_MSG_EQ(itr[0].first, NanoSeconds(143512), "8-frame episode unmasks");
        NS_TEST_EXPECT_MSG_EQ(itr[0].second, 4000, "bulk_latency rate");
        NS_TEST_EXPECT_MSG_EQ(itr[1].first, NanoSeconds(358512), "third episode unmasks");
        NS_TEST_EXPECT_MSG_EQ(itr[1].second, 9000, "4000 + 20000/4");
        NS_TEST_EXPECT_MSG_EQ(itr[2].first, NanoSeconds(469623), "fourth episode unmasks");
        NS_TEST_EXPECT_MSG_EQ(itr[2].second, 14000, "9000 + 20000/4");
        NS_TEST_EXPECT_MSG_EQ(+range, +E1000DynamicItrModeration::LOW_LATENCY, "ends in low");
        NS_TEST_EXPECT_MSG_EQ(delivered, 11, "nothing lost");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief net_dim's statistics comparison (net_dim_stats_compare) at its boundaries.
 */
class NetDimCompareTestCase : public TestCase
{
  public:
    NetDimCompareTestCase()
        : TestCase("net_dim: better, same or worse with the 10 % significance rule")
    {
    }

  private:
    void DoRun() override
    {
        using S = NetDimModeration::Stats;
        auto cmp = [](int64_t b, int64_t p, int64_t e, int64_t pb, int64_t pp, int64_t pe) {
            S curr;
            curr.bpms = b;
            curr.ppms = p;
            curr.epms = e;
            S prev;
            prev.bpms = pb;
            prev.ppms = pp;
            prev.epms = pe;
            return NetDimModeration::CompareStats(curr, prev);
        };
        NS_TEST_EXPECT_MSG_EQ(cmp(5, 1, 1, 0, 0, 0), 1, "previous zero bytes: better");
        NS_TEST_EXPECT_MSG_EQ(cmp(0, 0, 1, 0, 0, 0), 0, "both zero: same");
        NS_TEST_EXPECT_MSG_EQ(cmp(110, 10, 10, 100, 10, 10), 0, "+10 %: not significant");
        NS_TEST_EXPECT_MSG_EQ(cmp(111, 10, 10, 100, 10, 10), 1, "+11 % bytes: better");
        NS_TEST_EXPECT_MSG_EQ(cmp(89, 10, 10, 100, 10, 10), -1, "-11 % bytes: worse");
        NS_TEST_EXPECT_MSG_EQ(cmp(100, 12, 10, 100, 10, 10), 1, "+20 % packets: better");
        NS_TEST_EXPECT_MSG_EQ(cmp(100, 10, 8, 100, 10, 10), 1, "fewer events: better");
        NS_TEST_EXPECT_MSG_EQ(cmp(100, 10, 12, 100, 10, 10), -1, "more events: worse");
        NS_TEST_EXPECT_MSG_EQ(cmp(105, 10, 5, 100, 10, 10), 1, "bytes same, events decide");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief net_dim's active profile drives count + time coalescing; the EQE table's timer
 * starts with the first frame, the CQE table's restarts with every frame.
 *
 * Profile 2 (InitialProfile), no tuning yet (a decision needs 64 interrupts):
 * - EQE (64 us, 256): frames at 0, 10, 20 us; the timer from 0.001 expires at 64.001;
 *   deliveries 72.001, 77.001, 82.001;
 * - CQE (16 us, 64): the same frames restart it: 20.001 + 16 = 36.001; deliveries 44.001,
 *   49.001, 54.001;
 * - EQE, bursts of 64 frames at 0, 1, 2 and 3 us (in memory 1 ... 64 ns later): the 256th
 *   reaches the count at 3.064 us, before the timer; CQE, one burst of 64: the 64th, at
 *   64 ns.
 */
class NetDimCoalescingTestCase : public TestCase
{
  public:
    NetDimCoalescingTestCase()
        : TestCase("net_dim: profiles drive count+time, EQE and CQE timers")
    {
    }

  private:
    /// Run @p bursts (instant in us, frames) with profile 2 of @p table; return ISR instants
    /// and deliveries.
    static std::pair<std::vector<Time>, std::vector<Time>> Run(
        NetDimModeration::ProfileTable table,
        std::vector<std::pair<int, int>> bursts)
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::NetDimModeration",
                             "ProfileTable",
                             EnumValue<NetDimModeration::ProfileTable>(table),
                             "InitialProfile",
                             UintegerValue(2));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        std::vector<Time> interrupts;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        for (auto [t, n] : bursts)
        {
            SendBurst(p, MicroSeconds(t), n);
        }
        Simulator::Run();
        Simulator::Destroy();
        return {interrupts, delivered};
    }

    void DoRun() override
    {
        auto [eqeIrq, eqeDel] = Run(NetDimModeration::EQE_TABLE, {{0, 1}, {10, 1}, {20, 1}});
        CHECK_INSTANTS(eqeIrq, Ns({64001}), "EQE (64, 256): 64 us after the first frame");
        CHECK_INSTANTS(eqeDel, Ns({72001, 77001, 82001}), "EQE deliveries");
        auto [cqeIrq, cqeDel] = Run(NetDimModeration::CQE_TABLE, {{0, 1}, {10, 1}, {20, 1}});
        CHECK_INSTANTS(cqeIrq, Ns({36001}), "CQE (16, 64): 16 us after the last frame");
        CHECK_INSTANTS(cqeDel, Ns({44001, 49001, 54001}), "CQE deliveries");
        auto [countIrq, countDel] =
            Run(NetDimModeration::EQE_TABLE, {{0, 64}, {1, 64}, {2, 64}, {3, 64}});
        CHECK_INSTANTS(countIrq, Ns({3064}), "EQE (64, 256): the 256th frame");
        auto [cqeCountIrq, cqeCountDel] = Run(NetDimModeration::CQE_TABLE, {{0, 64}});
        CHECK_INSTANTS(cqeCountIrq, Ns({64}), "CQE (16, 64): the 64th frame");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief net_dim's rx profile tables as lib/dim/net_dim.c has them (rx_profile: the EQE row
 * NET_DIM_RX_EQE_PROFILES, the CQE row NET_DIM_RX_CQE_PROFILES), the EQE default, and the
 * mlx5-100g preset on the CQE table (mlx5e_build_nic_params: cq_period_start_from_cqe).
 */
class NetDimTablesTestCase : public TestCase
{
  public:
    NetDimTablesTestCase()
        : TestCase("net_dim: EQE and CQE tables, EQE default, mlx5-100g on CQE")
    {
    }

  private:
    void DoRun() override
    {
        using M = NetDimModeration;
        const uint32_t eqe[M::N_PROFILES][2] = {{1, 256},
                                                {8, 256},
                                                {64, 256},
                                                {128, 256},
                                                {256, 256}};
        const uint32_t cqe[M::N_PROFILES][2] = {{2, 256}, {8, 128}, {16, 64}, {32, 64}, {64, 64}};
        for (uint32_t i = 0; i < M::N_PROFILES; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(M::GetProfiles(M::EQE_TABLE)[i].usecs,
                                  eqe[i][0],
                                  "EQE usecs " << i);
            NS_TEST_EXPECT_MSG_EQ(M::GetProfiles(M::EQE_TABLE)[i].frames,
                                  eqe[i][1],
                                  "EQE pkts " << i);
            NS_TEST_EXPECT_MSG_EQ(M::GetProfiles(M::CQE_TABLE)[i].usecs,
                                  cqe[i][0],
                                  "CQE usecs " << i);
            NS_TEST_EXPECT_MSG_EQ(M::GetProfiles(M::CQE_TABLE)[i].frames,
                                  cqe[i][1],
                                  "CQE pkts " << i);
        }
        auto table = [](Ptr<InterruptModeration> m) {
            EnumValue<M::ProfileTable> v;
            m->GetAttribute("ProfileTable", v);
            return v.Get();
        };
        NS_TEST_EXPECT_MSG_EQ(+table(CreateObject<M>()),
                              +M::EQE_TABLE,
                              "default: DIM_CQ_PERIOD_MODE_START_FROM_EQE");
        HostNetDeviceHelper helper;
        helper.SetPreset("mlx5-100g");
        HostPair p = MakeHostPair(helper);
        Ptr<InterruptModeration> m = p.host->GetQueue(0)->GetModeration();
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(DynamicCast<M>(m)), true, "mlx5-100g runs net_dim");
        NS_TEST_EXPECT_MSG_EQ(+table(m), +M::CQE_TABLE, "mlx5-100g: period from the CQE");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief net_dim on the CQE table: profile steps of a steady stream, hand-computed.
 *
 * 125-byte frames every 10 us (in memory 1 ns later), default (pre-NAPI) receive: ISR 3 us,
 * which takes every frame in memory; net_dim runs when the ISR has cleaned the ring (as
 * mlx5e_handle_rx_dim after each poll), over the frames cleaned and the interrupts
 * (events) so far. Start: profile 0 (2 us, 256), parked on top, previous statistics zero.
 * - Profile 0: each frame's 2 us timer fires (nothing restarts it): interrupts at 10k +
 *   2.001 us, ISR ends 3 us later. The first (5.001) starts the window; the 65th
 *   (645.001): 640 us, 64 packets, 8000 B: 100 packets/ms, 12500 B/ms, 100 events/ms;
 *   previous zero -> better: leave parking going right, index 1.
 * - Profile 1 (8 us, 128): frame 65 (650.001) fires at 658.001; that ISR (to 661.001)
 *   takes frame 66 too, so interrupts come every 20 us: 661.001 starts the window, the
 *   65th ISR end (1941.001) ends it: 1280 us, 128 packets: 100/ms, 12500 B/ms, 50
 *   events/ms: fewer events -> better: index 2.
 * - Profile 2 (16 us, 64): every frame, 10 us after the previous one, restarts the 16 us
 *   timer (CQE), so only the count fires: one interrupt per 64 frames, 640 us apart; frame
 *   194 (1940.001) goes with the ISR of 1938.001, frames 195..258 fire at 2580.001, then
 *   3220.001, 3860.001, ... The window from 2583.001 ends at 2583.001 + 64 x 640 =
 *   43543.001: 100/ms, 12500 B/ms, ceil(64000 / 40960) = 2 events/ms: better: index 3.
 * With the EQE table profile 2 (64 us) would fire 64 us after the first frame instead.
 */
class NetDimCqeStepTestCase : public TestCase
{
  public:
    NetDimCqeStepTestCase()
        : TestCase("net_dim CQE table: hand-computed steps of a 10 us stream")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::NetDimModeration", "ProfileTable", StringValue("Cqe"));
        HostPair p = MakeHostPair(helper);
        std::vector<std::pair<Time, uint32_t>> ix;
        std::vector<Time> interrupts;
        p.host->GetQueue(0)->GetModeration()->TraceConnectWithoutContext(
            "ProfileIndex",
            MakeBoundCallback(&RecordUint, &ix));
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        SendStream(p, Time(0), MicroSeconds(10), MicroSeconds(45000));
        Simulator::Stop(MicroSeconds(45000));
        Simulator::Run();
        uint64_t delivered = p.host->GetStats().rxDelivered;
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_EQ(ix.size(), 3, "three steps right");
        const std::vector<Time> stepAt = Ns({645001, 1941001, 43543001});
        for (uint32_t k = 0; k < 3; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(ix[k].second, k + 1, "one step right each");
            NS_TEST_EXPECT_MSG_EQ(ix[k].first, stepAt[k], "the 65th ISR end of the window");
        }
        std::vector<Time> early = Window(interrupts, Time(0), MicroSeconds(650));
        NS_TEST_ASSERT_MSG_EQ(early.size(), 65, "profile 0: one interrupt per frame");
        NS_TEST_EXPECT_MSG_EQ(early[1], NanoSeconds(12001), "2 us after the frame");
        std::vector<Time> p1 = Window(interrupts, MicroSeconds(650), MicroSeconds(1939));
        NS_TEST_ASSERT_MSG_EQ(p1.size(), 65, "profile 1: one interrupt per 20 us");
        NS_TEST_EXPECT_MSG_EQ(p1.front(), NanoSeconds(658001), "8 us after frame 65");
        std::vector<Time> p2 = Window(interrupts, MicroSeconds(1939), MicroSeconds(43541));
        NS_TEST_ASSERT_MSG_EQ(p2.size(), 65, "profile 2: one interrupt per 64 frames");
        for (std::size_t i = 0; i < p2.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(p2[i], NanoSeconds(2580001 + 640000 * i), "the 64th frame");
        }
        NS_TEST_EXPECT_MSG_GT(delivered, 4400, "the stream is delivered");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief net_dim: a steady stream moves right to the largest profile; a rate change moves
 * it again.
 *
 * 125-byte frames every 2.5 us (400 frames/ms, 50000 B/ms) for 40 ms, then every 25 us.
 * While steady, every window has the same bytes/ms and packets/ms (the device reports every
 * frame), so events/ms decides. Per EQE profile (timer from the first frame after an
 * interrupt; frames completing during the 3 us ISR are taken by it and cancel their timer):
 * - (1 us, 256): an interrupt 1 us after each frame (2.5k + 1.001 us);
 * - (8, 128): 5 frames per 12.5 us, 80 events/ms;
 * - (64, 64): 26 frames then the ISR, one event per 67.5 us: ceil(64000 / 4320) = 15/ms;
 * - (128, 64): one per 132.5 us: ceil(64000 / 8480) = 8/ms;
 * - (256, 256): the timer comes first (256 us), then the 3 us ISR and the next frame: one
 *   per 260 us: ceil(64000 / 16640) = 4/ms.
 * net_dim runs when the ISR ends (3 us after its interrupt; mlx5e_handle_rx_dim after the
 * poll). A window starts at the ISR end of an event and decides at the ISR end of the 64th
 * event after it; after a profile change the next ISR end starts the window:
 * - 164.001 us (ISR of event 65 at profile 0, window from 4.001): previous statistics
 *   zero -> better -> leave parking going right: index 1;
 * - 976.001 (window 176.001 + 64 x 12.5): 80 vs 400/ms, better: index 2;
 * - 5364.501 (1044.501 + 64 x 67.5): 15 vs 80, better: index 3;
 * - 13976.001 (5496.001 + 64 x 132.5): 8 vs 15, better: index 4;
 * - 30876.501 (14236.501 + 64 x 260): 4 vs 8, better, but index 4 is the edge: park on
 *   top. Later steady windows compare the same: stay parked.
 * After the rate change bytes/ms falls far more than 10 % -> worse -> leave parking going
 * left: index 3. The next window, all at 25 us, has lower bytes/ms than the previous,
 * partly 2.5 us, window -> worse -> turn right: index 4.
 */
class NetDimTestCase : public TestCase
{
  public:
    NetDimTestCase()
        : TestCase("net_dim: steady stream steps right, a rate change moves it")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::NetDimModeration");
        HostPair p = MakeHostPair(helper);
        std::vector<std::pair<Time, uint32_t>> ix;
        auto m = DynamicCast<NetDimModeration>(p.host->GetQueue(0)->GetModeration());
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(m), true, "the helper installed net_dim");
        m->TraceConnectWithoutContext("ProfileIndex", MakeBoundCallback(&RecordUint, &ix));
        Time change = MilliSeconds(40);
        SendStream(p, Time(0), NanoSeconds(2500), change);
        SendStream(p, change, MicroSeconds(25), MilliSeconds(80));
        NetDimModeration::TuneState stateAtChange = NetDimModeration::GOING_RIGHT;
        uint32_t ixAtChange = 0;
        Simulator::Schedule(change, [&]() {
            stateAtChange = m->GetTuneState();
            ixAtChange = m->GetProfileIndex();
        });
        Simulator::Run();
        NetDimModeration::Profile last = m->GetProfile();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ix.size(), 6, "four steps right, then two more");
        const std::vector<Time> stepAt = Ns({164001, 976001, 5364501, 13976001});
        for (uint32_t k = 0; k < 4; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(ix[k].second, k + 1, "steady stream: one step right each");
            NS_TEST_EXPECT_MSG_EQ(ix[k].first, stepAt[k], "64 ISRs after the window start");
        }
        NS_TEST_EXPECT_MSG_EQ(ixAtChange, 4, "stable at the largest profile");
        NS_TEST_EXPECT_MSG_EQ(+stateAtChange,
                              +NetDimModeration::PARKING_ON_TOP,
                              "parked on top at the edge");
        NS_TEST_EXPECT_MSG_GT(ix[4].first, change, "the next move follows the rate change");
        NS_TEST_EXPECT_MSG_EQ(ix[4].second, 3, "bytes/ms fell: leave parking going left");
        NS_TEST_EXPECT_MSG_EQ(ix[5].second, 4, "lower bytes/ms again: worse, turn right");
        NS_TEST_EXPECT_MSG_EQ(last.usecs, 256, "EQE profile 4 is (256 us, 256)");
        NS_TEST_EXPECT_MSG_EQ(last.frames, 256, "EQE profile 4 is (256 us, 256)");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief net_dim parked on top keeps its reference statistics, so a slow drift adds up.
 *
 * 125-byte frames every 5 us (25000 B/ms). Here the largest profile (256 us, 256) is
 * time-driven (52 frames per 256 us), so its events/ms hardly depends on the rate: one
 * event per 256 us + ISR 3 us + the next frame, about 260 us: ceil(64000 / (64 x 260)) =
 * 4/ms at every spacing used below; the steps right (events/ms 200, 66.7, 14.3, 7.4, 3.85
 * for the five profiles) park it on top at index 4 at about 31 ms. From 40 ms the spacing
 * is 5.3 us (23585 B/ms, 5.7 % less: the same), from 75 ms 5.7 us (21930 B/ms: 12.3 %
 * below the 5 us reference, but only 7 % below the 5.3 us windows). net_dim_decision does
 * not update prev_stats while it stays parked on top, so the first whole 5.7 us window
 * compares with the 5 us reference: worse -> leave parking going left, index 3. Windows
 * last 64 x 260 us = 16.6 ms: parked at about 31.5 ms, then windows end near 48, 64.7,
 * 81.4 (mixed 5.3/5.7 us, 8 % below: the same) and 98 ms (whole 5.7 us): the move falls
 * between 75 and 100 ms. (Updating the reference at every parked window would compare 5.7 with 5.3
 * us and never move.)
 */
class NetDimDriftTestCase : public TestCase
{
  public:
    NetDimDriftTestCase()
        : TestCase("net_dim: parked on top, a slow drift moves it")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::NetDimModeration");
        HostPair p = MakeHostPair(helper);
        std::vector<std::pair<Time, uint32_t>> ix;
        p.host->GetQueue(0)->GetModeration()->TraceConnectWithoutContext(
            "ProfileIndex",
            MakeBoundCallback(&RecordUint, &ix));
        SendStream(p, Time(0), MicroSeconds(5), MilliSeconds(40));
        SendStream(p, MilliSeconds(40), NanoSeconds(5300), MilliSeconds(75));
        SendStream(p, MilliSeconds(75), NanoSeconds(5700), MilliSeconds(130));
        Simulator::Run();
        Simulator::Destroy();
        NS_TEST_ASSERT_MSG_GT_OR_EQ(ix.size(), 5, "four steps right, then a move");
        for (uint32_t k = 0; k < 4; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(ix[k].second, k + 1, "5 us stream: one step right each");
        }
        NS_TEST_EXPECT_MSG_GT(ix[4].first, MilliSeconds(75), "5.7 % less: no move");
        NS_TEST_EXPECT_MSG_LT(ix[4].first, MilliSeconds(100), "first whole 5.7 us window");
        NS_TEST_EXPECT_MSG_EQ(ix[4].second, 3, "12.3 % below the kept reference: left");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Chang et al. 2008's buffer-adaptive scheme with a fake probe: T moves up and down within
 * [MinInterval, MaxInterval].
 *
 * 125-byte frames every 10 us for 15 ms; the probe returns 0.9 before 8 ms and 0.05 after.
 * Sampling 1 ms, band [0.2, 0.8], T in [20, 100] us, step 20 us, start 40 us (reported
 * by the "Interval" trace at initialization, time 0). With a frame
 * every 10 us and T a multiple of 10 us, interrupts are exactly T apart (the frame at an
 * assertion instant is taken by that ISR). Intervals close at the first interrupt at or
 * after start + 1 ms:
 * - from 0.001: interrupts 40 us apart, close at 1000.001: max 0.9 > 0.8 -> T 60;
 * - 1000.001 + 60 k >= 2000.001 -> 2020.001: T 80; 2020.001 + 80 k -> 3060.001: T 100;
 * - 4060.001 ... 8060.001: T stays at the 100 us bound (the 8060.001 interval still saw
 *   0.9 before 8 ms); 9060.001: max 0.05 < 0.2 -> T 80;
 * - 10100.001: 60; 11120.001: 40; 12120.001: 20, then held at the 20 us bound.
 */
class BufferAdaptiveTestCase : public TestCase
{
  public:
    BufferAdaptiveTestCase()
        : TestCase("buffer-adaptive: T follows the utilisation within its bounds")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::BufferAdaptiveModeration",
                             "SamplingInterval",
                             TimeValue(MilliSeconds(1)),
                             "LowUtilization",
                             DoubleValue(0.2),
                             "HighUtilization",
                             DoubleValue(0.8),
                             "MinInterval",
                             TimeValue(MicroSeconds(20)),
                             "MaxInterval",
                             TimeValue(MicroSeconds(100)),
                             "Step",
                             TimeValue(MicroSeconds(20)),
                             "InitialInterval",
                             TimeValue(MicroSeconds(40)));
        HostPair p = MakeHostPair(helper);
        auto m = DynamicCast<BufferAdaptiveModeration>(p.host->GetQueue(0)->GetModeration());
        NS_TEST_ASSERT_MSG_EQ(static_cast<bool>(m),
                              true,
                              "the helper installed the adaptive scheme");
        m->SetUtilizationProbe(
            Callback<double>([]() { return Simulator::Now() < MilliSeconds(8) ? 0.9 : 0.05; }));
        std::vector<std::pair<Time, Time>> t;
        std::vector<Time> interrupts;
        m->TraceConnectWithoutContext("Interval", MakeBoundCallback(&RecordTime, &t));
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        SendStream(p, Time(0), MicroSeconds(10), MilliSeconds(15));
        Simulator::Run();
        Time finalInterval = m->GetInterval();
        Simulator::Destroy();
        const std::vector<std::pair<int64_t, int64_t>> expected = {{0, 40},
                                                                   {1000001, 60},
                                                                   {2020001, 80},
                                                                   {3060001, 100},
                                                                   {9060001, 80},
                                                                   {10100001, 60},
                                                                   {11120001, 40},
                                                                   {12120001, 20}};
        NS_TEST_ASSERT_MSG_EQ(t.size(), expected.size(), "InitialInterval, then seven changes");
        for (std::size_t k = 0; k < expected.size(); ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(t[k].first, NanoSeconds(expected[k].first), "when, " << k);
            NS_TEST_EXPECT_MSG_EQ(t[k].second, MicroSeconds(expected[k].second), "T, " << k);
        }
        NS_TEST_ASSERT_MSG_GT(interrupts.size(), 2, "interrupts happened");
        Time minGap = Time::Max();
        for (std::size_t k = 1; k < interrupts.size(); ++k)
        {
            minGap = std::min(minGap, interrupts[k] - interrupts[k - 1]);
        }
        NS_TEST_EXPECT_MSG_EQ(minGap, MicroSeconds(20), "never closer than MinInterval");
        NS_TEST_EXPECT_MSG_EQ(finalInterval, MicroSeconds(20), "ends at the lower bound");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief CountTime(Usecs 0, Frames 1) and PacketAbsolute(PacketTimer 0, any RADV) are
 * normal interruption: the same Poisson arrivals and cost samples give NoModeration's
 * counters and latencies exactly (ethtool's "rx-usecs 0 rx-frames 1" = off; 8254x RDTR 0
 * = no delay).
 */
class DegenerateSchemesTestCase : public TestCase
{
  public:
    DegenerateSchemesTestCase()
        : TestCase("count+time (0, 1) and RDTR 0 equal normal interruption")
    {
    }

  private:
    /// Run 0.2 s at 150 Kpps with the helper's moderation set by @p set; return the stats.
    template <typename F>
    static HostNetDeviceStats Run(F set)
    {
        RngSeedManager::SetRun(7);
        HostNetDeviceHelper helper;
        helper.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
        helper.SetCostAttribute("ProtocolCost",
                                StringValue("ns3::ExponentialRandomVariable[Mean=5.34e-6]"));
        set(helper);
        HostPair p = MakeHostPair(helper);
        p.host->AssignStreams(10);
        PoissonInjector source(p, 150e3, 64, Seconds(0.2), 1);
        Simulator::Stop(Seconds(0.2));
        Simulator::Run();
        HostNetDeviceStats s = p.host->GetStats();
        Simulator::Destroy();
        return s;
    }

    void DoRun() override
    {
        HostNetDeviceStats normal =
            Run([](HostNetDeviceHelper& h) { h.SetModeration("ns3::NoModeration"); });
        HostNetDeviceStats countTime = Run([](HostNetDeviceHelper& h) {
            h.SetModeration("ns3::CountTimeModeration",
                            "Usecs",
                            TimeValue(Time(0)),
                            "Frames",
                            UintegerValue(1));
        });
        HostNetDeviceStats rdtr0 = Run([](HostNetDeviceHelper& h) {
            h.SetModeration("ns3::PacketAbsoluteTimerModeration",
                            "PacketTimer",
                            TimeValue(Time(0)),
                            "AbsoluteTimer",
                            TimeValue(MicroSeconds(100)));
        });
        NS_TEST_ASSERT_MSG_GT(normal.rxDelivered, 10000, "the run did something");
        for (const auto& s : {countTime, rdtr0})
        {
            NS_TEST_EXPECT_MSG_EQ(s.rxDelivered, normal.rxDelivered, "same deliveries");
            NS_TEST_EXPECT_MSG_EQ(s.interrupts, normal.interrupts, "same interrupts");
            NS_TEST_EXPECT_MSG_EQ(s.interruptsAbsorbed,
                                  normal.interruptsAbsorbed,
                                  "same absorbed assertions");
            NS_TEST_EXPECT_MSG_EQ(s.dropBacklog, normal.dropBacklog, "same drops");
            NS_TEST_EXPECT_MSG_EQ(s.systemLatency.meanUs,
                                  normal.systemLatency.meanUs,
                                  "same latency");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief i40e_update_itr's pure rule and i40e_itr_divisor at their boundaries.
 *
 * Every expectation is computed by hand from the driver (see I40eAdaptiveItrModeration),
 * with the 10G divisor 512 unless stated. Latency-mode results carry bit 15 (0x8000).
 */
class I40eRulesTestCase : public TestCase
{
  public:
    I40eRulesTestCase()
        : TestCase("i40e adaptive ITR: divisors, size formula, packet-count thresholds")
    {
    }

  private:
    void DoRun() override
    {
        using M = I40eAdaptiveItrModeration;
        const uint16_t LAT = M::ITR_ADAPTIVE_LATENCY;

        NS_TEST_EXPECT_MSG_EQ(M::GetItrDivisor(DataRate("100Mbps")), 64, "100M: 2 * 32");
        NS_TEST_EXPECT_MSG_EQ(M::GetItrDivisor(DataRate("1Gbps")), 64, "1G: 2 * 32");
        NS_TEST_EXPECT_MSG_EQ(M::GetItrDivisor(DataRate("10Gbps")), 512, "10G: 2 * 256");
        NS_TEST_EXPECT_MSG_EQ(M::GetItrDivisor(DataRate("20Gbps")), 1024, "20G: 2 * 512");
        NS_TEST_EXPECT_MSG_EQ(M::GetItrDivisor(DataRate("25Gbps")), 1024, "25G: 2 * 512");
        NS_TEST_EXPECT_MSG_EQ(M::GetItrDivisor(DataRate("40Gbps")), 2048, "40G: 2 * 1024");
        NS_TEST_EXPECT_MSG_EQ(M::GetItrDivisor(DataRate("2.5Gbps")), 512, "default branch");

        struct Row
        {
            M::ItrState s;     // {rxTarget, rxCurrent, txTarget, txCurrent}
            uint64_t packets;  // since the last update
            uint64_t bytes;    // since the last update
            uint32_t divisor;  // i40e_itr_divisor
            uint16_t expected; // new Rx target
            const char* why;
        };

        const M::ItrState bulk50{50, 50, 50, 50};
        const M::ItrState txLat{50, 50, LAT | 126, LAT | 126};
        const Row rows[] = {
            // > 256 packets: bulk, adjusted by size.
            {bulk50, 300, 300 * 1514, 512, 118, "1514 B: 1514*5+22420 = 29990, ceil(/512) 59, *2"},
            {bulk50, 257, 257 * 1514, 512, 118, "257 packets is bulk"},
            {bulk50, 300, 300 * 60, 512, 16, "60 B: 4096, /512 = 8, *2"},
            {bulk50, 300, 300 * 61, 512, 18, "61 B: 61*40+1696 = 4136, ceil 9, *2"},
            {bulk50, 300, 300 * 380, 512, 66, "380 B: 16896 = 33*512, *2"},
            {bulk50, 300, 300 * 381, 512, 68, "381 B: 381*15+11452 = 17167, ceil 34"},
            {bulk50, 300, 300 * 1084, 512, 110, "1084 B: 27712, ceil 55"},
            {bulk50, 300, 300 * 1085, 512, 110, "1085 B: 1085*5+22420 = 27845, ceil 55"},
            {bulk50, 300, 300 * 1980, 512, 126, "1980 B: 32320, ceil 64 -> 128, capped 126"},
            {bulk50, 300, 300 * 9000, 512, 126, "jumbo: plateau 32256 = 63*512 -> 126"},
            {bulk50, 300, 300 * 1514, 1024, 60, "25G: ceil(29990/1024) 30, *2"},
            {bulk50, 300, 300 * 1514, 2048, 30, "40G: ceil(29990/2048) 15, *2"},
            {bulk50, 300, 300 * 1514, 64, 126, "1G: ceil(29990/64) 469 -> capped 126"},
            {bulk50, 300, 300 * 1514 + 299, 512, 118, "integer average (1514.99 -> 1514)"},
            // 1..3 packets, < 9000 bytes, Tx in latency mode: latency, adjusted by size.
            {txLat, 2, 3028, 512, LAT | 60, "1514 B halved: 14995, ceil 30, *2"},
            {txLat, 1, 114, 512, LAT | 14, "114 B: 6256 / 2 = 3128, ceil 7, *2"},
            {txLat, 3, 180, 512, LAT | 8, "60 B: 4096 / 2 = 2048 = 4*512, *2"},
            {txLat, 3, 8999, 512, LAT | 64, "2999 B: plateau 32256 / 2 = 16128, ceil 32, *2"},
            {txLat, 4, 400, 512, 52, "4 packets is not latency: < 56, +2"},
            {txLat, 3, 9000, 512, 52, "9000 bytes is not latency: +2"},
            {bulk50, 1, 114, 512, 52, "Tx in bulk mode: not latency, +2"},
            {txLat, 0, 0, 512, 52, "no packets: +2"},
            // < 56 packets: target + 2, capped at 126 keeping the latency bit.
            {{50, 50, 126, 126}, 55, 55 * 1514, 512, 52, "55 packets: +2"},
            {{126, 126, 126, 126}, 10, 15140, 512, 126, "126 + 2 capped at 126"},
            {{LAT | 20, LAT | 20, 126, 126}, 10, 15140, 512, LAT | 22, "latency bit kept"},
            {{LAT | 126, LAT | 126, 126, 126}, 10, 15140, 512, LAT | 126, "latency cap"},
            // 56..112: min(tx.current, rx.current) in bulk mode; 113..256: halved, >= 2.
            {{40, 60, 126, 80}, 56, 56 * 1514, 512, 60, "56: keep min(80, 60)"},
            {{40, 60, 126, 80}, 112, 112 * 1514, 512, 60, "112: keep"},
            {{40, LAT | 60, 126, 126}, 80, 80 * 1514, 512, 126, "min counts the latency bit"},
            {{40, 60, 126, 80}, 113, 113 * 1514, 512, 30, "113: 60 / 2"},
            {{40, 60, 126, 80}, 256, 256 * 1514, 512, 30, "256: 60 / 2"},
            {{40, 6, 126, 80}, 200, 200 * 1514, 512, 2, "6 / 2 = 3, masked to 2"},
            {{40, 2, 126, 80}, 200, 200 * 1514, 512, 2, "2 / 2 = 1, masked 0, floor 2"},
        };
        for (const Row& r : rows)
        {
            NS_TEST_EXPECT_MSG_EQ(M::UpdateRxItr(r.s, r.packets, r.bytes, r.divisor),
                                  r.expected,
                                  r.why);
        }

        // The Tx container (idle in the model).
        NS_TEST_EXPECT_MSG_EQ(M::UpdateTxItr({50, 50, 50, 50}, 0, 0, 512), 52, "idle Tx: +2");
        NS_TEST_EXPECT_MSG_EQ(M::UpdateTxItr({126, 126, 126, 126}, 0, 0, 512),
                              uint16_t(LAT | 126),
                              "Tx and Rx at 126: Tx relaxes to latency");
        NS_TEST_EXPECT_MSG_EQ(M::UpdateTxItr({LAT | 126, 126, 126, 126}, 0, 0, 512),
                              uint16_t(LAT | 126),
                              "Rx target compared without its latency bit");
        NS_TEST_EXPECT_MSG_EQ(M::UpdateTxItr({124, 124, 126, 126}, 0, 0, 512),
                              126,
                              "Rx not at 126: +2 capped, bulk");
        NS_TEST_EXPECT_MSG_EQ(M::UpdateTxItr({126, 126, LAT | 126, 126}, 0, 0, 512),
                              uint16_t(LAT | 126),
                              "latency 126 + 2 capped, latency kept");
        NS_TEST_EXPECT_MSG_EQ(M::UpdateTxItr({50, 50, LAT | 40, 40}, 40, 40 * 1514, 512),
                              42,
                              "> 32 Tx packets leave latency mode, then +2");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief i40e_update_enable_itr's sequencing: one write per update, the countdown, jiffies.
 *
 * The scheme alone (no device), updated by InterruptUnmasking at chosen instants with 10
 * frames of 1500 B (1514 counted) taken before each. Start 50 us bulk, countdown 0,
 * next_update = jiffy 0 + 1 (JiffyPeriod 4 ms).
 * - u1 (0 ms): Tx 50 -> 52, Rx 50 -> 52 (< 56 packets); equal increases: the Rx write
 *   (third priority), ITR 52, countdown 3.
 * - u2: countdown: targets kept; the pending Tx increase is written (countdown 3 again).
 * - u3, u4, u5: no write, countdown 2, 1, 0. u6: computed again: 54.
 * - u7 at 7.9 ms (jiffy 1, next_update 1 from u6): not gated; countdown: targets kept,
 *   the Tx increase written.
 * - u8 at 8 ms (jiffy 2, next_update 2 from u7): not gated (that needs jiffies >
 *   next_update); no write, countdown 2.
 * - u9 at 16 ms (jiffy 4 > 3): gated: Rx 2 | latency, Tx 126 | latency; the Tx increase
 *   (0x807E - 54) exceeds the Rx one (0x8002 - 54): Tx written, ITR still 54.
 * - u10 at 24 ms (jiffy 6 > 5): gated again; now the Rx increase is written: ITR 2.
 */
class I40eSequencingTestCase : public TestCase
{
  public:
    I40eSequencingTestCase()
        : TestCase("i40e adaptive ITR: one write per update, countdown, jiffy gating")
    {
    }

  private:
    void DoRun() override
    {
        using M = I40eAdaptiveItrModeration;
        auto m = CreateObject<M>();
        m->Initialize();
        std::vector<uint32_t> itr;
        std::vector<uint16_t> rxTarget;
        auto update = [m, &itr, &rxTarget]() {
            for (int i = 0; i < 10; ++i)
            {
                m->FrameTaken(1500);
            }
            m->InterruptUnmasking();
            itr.push_back(m->GetItr());
            rxTarget.push_back(m->GetRxTargetItr());
        };
        for (int i = 0; i < 6; ++i)
        {
            Simulator::Schedule(MicroSeconds(10 * i), update);
        }
        for (Time t : {MicroSeconds(7900), MilliSeconds(8), MilliSeconds(16), MilliSeconds(24)})
        {
            Simulator::Schedule(t, update);
        }
        Simulator::Run();
        Simulator::Destroy();
        const std::vector<uint32_t> expectedItr{52, 52, 52, 52, 52, 54, 54, 54, 54, 2};
        NS_TEST_ASSERT_MSG_EQ(itr.size(), expectedItr.size(), "ten updates");
        for (std::size_t i = 0; i < itr.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(itr[i], expectedItr[i], "programmed ITR after update " << i + 1);
        }
        NS_TEST_EXPECT_MSG_EQ(rxTarget[4], 52, "u5: countdown still 1 before it, target kept");
        NS_TEST_EXPECT_MSG_EQ(rxTarget[7], 54, "u8 (jiffy 2): not gated, kept");
        NS_TEST_EXPECT_MSG_EQ(rxTarget[8],
                              uint16_t(M::ITR_ADAPTIVE_LATENCY | 2),
                              "u9: gated, 2 | latency");
        NS_TEST_EXPECT_MSG_EQ(m->GetTxTargetItr(),
                              uint16_t(M::ITR_ADAPTIVE_LATENCY | 126),
                              "Tx gated");
        NS_TEST_EXPECT_MSG_EQ(m->IsLatencyMode(), true, "programmed in latency mode");
    }
};

namespace
{
/// What a stream run measured.
struct StreamRun
{
    std::vector<Time> interrupts;               ///< ISR instants
    std::vector<std::pair<Time, uint32_t>> itr; ///< "Itr" trace (i40e: us; e1000: ints/s)
    uint64_t delivered{0};                      ///< frames delivered
    uint64_t sent{0};                           ///< frames sent
};

/**
 * 1500-byte frames every @p gap into the host the helper makes, recording its interrupts
 * and its moderation's "Itr" trace.
 * @param helper the host's helper
 * @param gap the time between frames
 * @param duration how long the stream runs
 * @return the measurements
 */
StreamRun
RunStream(HostNetDeviceHelper helper, Time gap, Time duration)
{
    HostPair p = MakeHostPair(helper);
    StreamRun r;
    p.host->TraceConnectWithoutContext("Interrupt",
                                       MakeBoundCallback(&RecordInstant, &r.interrupts));
    p.host->GetQueue(0)->GetModeration()->TraceConnectWithoutContext(
        "Itr",
        MakeBoundCallback(&RecordUint, &r.itr));
    for (Time t = Time(0); t < duration; t += gap)
    {
        SendSized(p, t, 1, 1500);
        r.sent++;
    }
    Simulator::Stop(duration);
    Simulator::Run();
    r.delivered = p.host->GetStats().rxDelivered;
    Simulator::Destroy();
    return r;
}

/**
 * 1500-byte packets (1514 B counted, 1538 B on the wire) every 1.2304 us (10 Gb/s) into a
 * NAPI host with the i40e scheme: ISR 1 us, @p protocolUs per frame.
 * @param protocolUs protocol cost per frame in microseconds
 * @param duration how long the stream runs
 * @return the measurements
 */
StreamRun
RunTenGigStream(double protocolUs, Time duration)
{
    HostNetDeviceHelper helper = DeterministicHelper();
    helper.SetCostAttribute("IsrCost", StringValue("ns3::ConstantRandomVariable[Constant=1e-6]"));
    helper.SetCostAttribute(
        "ProtocolCost",
        StringValue(HostNetDeviceHelper::ConstantCost(Seconds(protocolUs * 1e-6))));
    helper.SetModeration("ns3::I40eAdaptiveItrModeration");
    helper.SetRxMode("ns3::NapiRxMode");
    return RunStream(helper, PicoSeconds(1230400), duration);
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief i40e adaptive ITR under a saturating 10 Gb/s stream of 1514-byte frames.
 *
 * Fast host (ISR 1 us, 0.3 us per frame): each NAPI episode ends well inside the gap, so
 * an update sees the frames of one gap, 50 us * 0.8127 frames/us = 40 < 56: +2 us every
 * fifth update (the write, the Tx write, three countdown steps), 52 .. 70 us; at 70 us
 * 57 frames per interrupt fall in the 56..112 "goldilocks" zone and the ITR stays: one
 * interrupt every 70 us (14286/s). The driver reaches 118 us (the > 256-packet size
 * formula) only when one NAPI episode cleans more than 256 frames, i.e. more than 315 us
 * of line rate, longer than the 126 us ceiling: a loaded host. Loaded host (1 us per
 * frame, 81 % of a core): episodes grow past 256 frames, the ITR climbs to 126 us and the
 * size formula pulls it back to 118 us; it then stays in 118..126 us, and the interrupt
 * rate is set by the long NAPI episodes (about 2 interrupts per episode), not by the ITR.
 */
class I40eStreamTestCase : public TestCase
{
  public:
    I40eStreamTestCase()
        : TestCase("i40e adaptive ITR: 10 Gbps of 1514-byte frames, fast and loaded host")
    {
    }

  private:
    void DoRun() override
    {
        StreamRun fast = RunTenGigStream(0.3, MilliSeconds(20));
        NS_TEST_ASSERT_MSG_EQ(fast.itr.size(), 10, "fast: ten +2 us steps");
        for (std::size_t i = 0; i < fast.itr.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(fast.itr[i].second, 52 + 2 * i, "fast: step " << i);
        }
        NS_TEST_EXPECT_MSG_LT(fast.itr.back().first, MilliSeconds(5), "fast: settled early");
        std::vector<Time> w = Window(fast.interrupts, MilliSeconds(10), MilliSeconds(20));
        NS_TEST_ASSERT_MSG_GT(w.size(), 1, "fast: interrupts in the window");
        for (std::size_t i = 1; i < w.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(w[i] - w[i - 1], MicroSeconds(70), "fast: one per 70 us");
        }
        double fastRate = (w.size() - 1) / (w.back() - w.front()).GetSeconds();
        NS_TEST_EXPECT_MSG_EQ_TOL(fastRate, 1e6 / 70, 1, "fast: 14286 interrupts/s");
        NS_TEST_EXPECT_MSG_GT(fast.delivered, fast.sent - 100, "fast: keeps up");
        std::cout << "i40e fast host: ITR " << fast.itr.back().second << " us, " << fastRate
                  << " interrupts/s, " << fast.delivered << " of " << fast.sent << " delivered"
                  << std::endl;

        StreamRun loaded = RunTenGigStream(1.0, MilliSeconds(100));
        uint32_t maxItr = 0;
        bool bulkDrop = false; // 126 -> 118: only the > 256-packet size formula does that
        for (std::size_t i = 0; i < loaded.itr.size(); ++i)
        {
            maxItr = std::max(maxItr, loaded.itr[i].second);
            if (i > 0 && loaded.itr[i - 1].second == 126 && loaded.itr[i].second == 118)
            {
                bulkDrop = true;
            }
        }
        NS_TEST_EXPECT_MSG_EQ(maxItr, 126, "loaded: climbs to the 126 us ceiling");
        NS_TEST_EXPECT_MSG_EQ(bulkDrop, true, "loaded: the size formula gives 118 us");
        for (const auto& [t, v] : loaded.itr)
        {
            if (t >= MilliSeconds(50))
            {
                NS_TEST_EXPECT_MSG_EQ((v >= 118 && v <= 126), true, "loaded: 118..126 us, " << v);
            }
        }
        std::vector<Time> lw = Window(loaded.interrupts, MilliSeconds(50), MilliSeconds(100));
        double loadedRate = lw.size() / 0.05;
        NS_TEST_EXPECT_MSG_LT(loadedRate, 1e6 / 118, "loaded: fewer interrupts than 1/ITR");
        NS_TEST_EXPECT_MSG_GT(loadedRate, 1000, "loaded: still interrupt-driven");
        NS_TEST_EXPECT_MSG_GT(loaded.delivered, loaded.sent - 400, "loaded: keeps up");
        std::cout << "i40e loaded host: ITR 118..126 us, " << loadedRate << " interrupts/s, "
                  << loaded.delivered << " of " << loaded.sent << " delivered" << std::endl;
    }
};

/**
 * @ingroup hostnet-tests
 * @brief i40e adaptive ITR: sparse small frames end in latency mode.
 *
 * 125-byte frames (139 B counted) on the deterministic host (ISR 3 us, 5 us per frame):
 * every frame interrupts at once (the gap has passed) and one update follows per frame.
 * - One per ms (within a jiffy): 1 packet < 56 with Tx in bulk mode: +2 us every fifth
 *   update (updates 0, 5, .., 185, counted from 0; each 8.501 us after its frame: DMA,
 *   ISR, one frame, the unmasking register write), 52 .. 126 us; the idle Tx reaches 126
 *   too and at update 190 relaxes to 126 | latency, so the one packet means latency mode:
 *   139*40+1696 = 7256, halved 3628, ceil(/512) 8, *2 = 16 us. The Tx change is written
 *   first (larger increase, the latency bit included), the Rx one at update 191.
 * - One per 10 ms (more than 2 jiffies apart): the second update is gated (Rx 2 us |
 *   latency, Tx 126 | latency; Tx written first), the third writes Rx: 2 us. Then frames
 *   at 40 ms and 40.02 ms interrupt separately (gap 2 us); with Adaptive = false the
 *   second waits for the fixed 50 us gap: 40.050001 ms.
 */
class I40eSparseTestCase : public TestCase
{
  public:
    I40eSparseTestCase()
        : TestCase("i40e adaptive ITR: sparse small frames go to latency mode")
    {
    }

  private:
    /// Run frames at @p instants; return the ISR instants and the ITR changes.
    static std::pair<std::vector<Time>, std::vector<std::pair<Time, uint32_t>>> Run(
        const std::vector<Time>& instants,
        bool adaptive)
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::I40eAdaptiveItrModeration", "Adaptive", BooleanValue(adaptive));
        helper.SetRxMode("ns3::NapiRxMode");
        HostPair p = MakeHostPair(helper);
        std::vector<Time> interrupts;
        std::vector<std::pair<Time, uint32_t>> itr;
        p.host->TraceConnectWithoutContext("Interrupt",
                                           MakeBoundCallback(&RecordInstant, &interrupts));
        p.host->GetQueue(0)->GetModeration()->TraceConnectWithoutContext(
            "Itr",
            MakeBoundCallback(&RecordUint, &itr));
        for (Time t : instants)
        {
            SendBurst(p, t, 1);
        }
        Simulator::Run();
        Simulator::Destroy();
        return {interrupts, itr};
    }

    void DoRun() override
    {
        std::vector<Time> perMs;
        for (int i = 0; i < 250; ++i)
        {
            perMs.push_back(MilliSeconds(i));
        }
        auto [msIrq, msItr] = Run(perMs, true);
        NS_TEST_ASSERT_MSG_EQ(msItr.size(), 39, "1 ms: 38 steps up, then latency");
        for (std::size_t i = 0; i < 38; ++i)
        {
            NS_TEST_EXPECT_MSG_EQ(msItr[i].second, 52 + 2 * i, "1 ms: step " << i);
            // Update k (0-based) follows frame k: k ms + ISR 3 us + 5 us + write 0.5 us.
            NS_TEST_EXPECT_MSG_EQ(msItr[i].first,
                                  MilliSeconds(5 * i) + NanoSeconds(8501),
                                  "1 ms: every fifth update");
        }
        NS_TEST_EXPECT_MSG_EQ(msItr[38].second, 16, "1 ms: latency mode, 16 us");
        NS_TEST_EXPECT_MSG_EQ(msItr[38].first,
                              MilliSeconds(191) + NanoSeconds(8501),
                              "1 ms: Rx written after the Tx write");
        NS_TEST_EXPECT_MSG_EQ(msIrq.size(), 250, "1 ms: one interrupt per frame");

        std::vector<Time> sparse{Time(0),
                                 MilliSeconds(10),
                                 MilliSeconds(20),
                                 MilliSeconds(30),
                                 MilliSeconds(40),
                                 MicroSeconds(40020)};
        auto [irq, itr] = Run(sparse, true);
        NS_TEST_ASSERT_MSG_EQ(itr.size(), 2, "10 ms: 52, then 2");
        NS_TEST_EXPECT_MSG_EQ(itr[0].second, 52, "first update computed (jiffy 0)");
        NS_TEST_EXPECT_MSG_EQ(itr[1].second, 2, "gated twice: 2 us latency");
        NS_TEST_EXPECT_MSG_EQ(itr[1].first, MilliSeconds(20) + NanoSeconds(8501), "third update");
        CHECK_INSTANTS(irq,
                       Ns({1, 10000001, 20000001, 30000001, 40000001, 40020001}),
                       "10 ms: 2 us gap");
        auto [fixedIrq, fixedItr] = Run(sparse, false);
        NS_TEST_EXPECT_MSG_EQ(fixedItr.size(), 0, "fixed: never changes");
        CHECK_INSTANTS(fixedIrq,
                       Ns({1, 10000001, 20000001, 30000001, 40000001, 40050001}),
                       "fixed: 50 us gap");
    }
};

namespace
{
/**
 * 1500-byte frames every 12.304 us (1 Gb/s with 1538 B on the wire) into an e1000-1g host
 * (its preset: NAPI, dynamic conservative ITR, ISR 3.73 us), @p protocolUs per frame.
 * @param protocolUs protocol cost per frame in microseconds
 * @param duration how long the stream runs
 * @return the measurements
 */
StreamRun
RunGigStream(double protocolUs, Time duration)
{
    HostNetDeviceHelper helper;
    helper.SetPreset("e1000-1g");
    helper.SetCostAttribute(
        "ProtocolCost",
        StringValue(HostNetDeviceHelper::ConstantCost(Seconds(protocolUs * 1e-6))));
    return RunStream(helper, PicoSeconds(12304000), duration);
}
} // namespace

/**
 * @ingroup hostnet-tests
 * @brief e1000-1g receiving 1 Gb/s of 1500-byte frames: a loaded receiver reaches bulk.
 *
 * At 20000/s an interrupt finds 50 us of line rate, 4 frames (6250 B): below the 10000 B
 * that move low to bulk. A fast receiver (the preset's 2 us per frame) ends each NAPI
 * episode soon after the interrupt, so the episode holds about 4 frames and the driver's
 * rule keeps it at low: 20000/s, no rate change. A loaded receiver (6 us per frame: half a
 * core, plus the 3.73 us ISR) polls long enough for the frames arriving meanwhile to push
 * the episode past 10000 B (7 frames): bulk, 4000/s, from the first loaded episodes on;
 * at 4000/s an episode holds about 20 frames (30000 B, <= 35 packets), so bulk stays.
 * With the old count (frames reported while the interrupt is enabled: the 2-3 frames that
 * wait for the gap) the loaded receiver stayed at 20000/s too.
 */
class E1000GigStreamTestCase : public TestCase
{
  public:
    E1000GigStreamTestCase()
        : TestCase("e1000-1g at 1 Gbps: a loaded receiver reaches bulk, a fast one stays low")
    {
    }

  private:
    void DoRun() override
    {
        StreamRun fast = RunGigStream(2.0, MilliSeconds(100));
        NS_TEST_EXPECT_MSG_EQ(fast.itr.size(), 0, "fast: stays at 20000/s");
        std::vector<Time> fw = Window(fast.interrupts, MilliSeconds(50), MilliSeconds(100));
        double fastRate = fw.size() / 0.05;
        NS_TEST_EXPECT_MSG_EQ_TOL(fastRate, 20000, 200, "fast: the 50 us gap sets the rate");
        NS_TEST_EXPECT_MSG_GT(fast.delivered, fast.sent - 10, "fast: keeps up");

        StreamRun loaded = RunGigStream(6.0, MilliSeconds(100));
        NS_TEST_ASSERT_MSG_EQ(loaded.itr.size(), 1, "loaded: one rate change");
        NS_TEST_EXPECT_MSG_EQ(loaded.itr[0].second, 4000, "loaded: bulk_latency rate");
        NS_TEST_EXPECT_MSG_LT(loaded.itr[0].first, MilliSeconds(1), "loaded: bulk at once");
        std::vector<Time> lw = Window(loaded.interrupts, MilliSeconds(50), MilliSeconds(100));
        NS_TEST_ASSERT_MSG_GT(lw.size(), 1, "loaded: interrupts in the window");
        for (std::size_t i = 1; i < lw.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_GT_OR_EQ(lw[i] - lw[i - 1],
                                        MicroSeconds(250),
                                        "loaded: the 4000/s gap holds");
        }
        double loadedRate = lw.size() / 0.05;
        NS_TEST_EXPECT_MSG_EQ_TOL(loadedRate, 4000, 40, "loaded: 4000 interrupts/s");
        NS_TEST_EXPECT_MSG_GT(loaded.delivered, loaded.sent - 10, "loaded: keeps up");
        std::cout << "e1000-1g at 1 Gb/s: fast receiver " << fastRate
                  << " interrupts/s; loaded receiver (6 us per frame) " << loadedRate
                  << " interrupts/s, " << loaded.delivered << " of " << loaded.sent << " delivered"
                  << std::endl;
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Every adaptive scheme fires the base class's ModerationChanged trace with the
 * setting it applies, once per change of its own trace (Itr, ProfileIndex, Interval).
 */
class ModerationChangedTestCase : public TestCase
{
  public:
    ModerationChangedTestCase()
        : TestCase("ModerationChanged: one common trace of every adaptive scheme's setting")
    {
    }

  private:
    /// One ModerationChanged call.
    struct Change
    {
        Time interval;   ///< time limit
        uint32_t frames; ///< frame limit
    };

    /**
     * @param v record
     * @param interval time limit
     * @param frames frame limit
     */
    static void Record(std::vector<Change>* v, Time interval, uint32_t frames)
    {
        v->push_back({interval, frames});
    }

    /// @param n changes of the scheme's own trace after time 0 (its initial value is set then)
    static void CountUint(uint64_t* n, uint32_t, uint32_t)
    {
        *n += Simulator::Now().IsStrictlyPositive() ? 1 : 0;
    }

    /// @param n changes of the scheme's own trace after time 0
    static void CountTime(uint64_t* n, Time, Time)
    {
        *n += Simulator::Now().IsStrictlyPositive() ? 1 : 0;
    }

    void DoRun() override
    {
        // scheme -> its own trace of the adapted value
        const std::vector<std::pair<std::string, std::string>> schemes{
            {"e1000-dynamic", "Itr"},
            {"i40e-adaptive", "Itr"},
            {"net-dim", "ProfileIndex"},
            {"buffer-adaptive", "Interval"},
            {"prenapi-buffer-adaptive", "Interval"}};
        for (const auto& [scheme, own] : schemes)
        {
            HostNetDeviceHelper helper = DeterministicHelper();
            helper.SetScheme(scheme);
            HostPair p = MakeHostPair(helper);
            Ptr<InterruptModeration> m = p.host->GetQueue(0)->GetModeration();
            std::vector<Change> changes;
            uint64_t ownChanges = 0;
            m->TraceConnectWithoutContext("ModerationChanged",
                                          MakeBoundCallback(&Record, &changes));
            if (own == "Interval")
            {
                m->TraceConnectWithoutContext(own, MakeBoundCallback(&CountTime, &ownChanges));
            }
            else
            {
                m->TraceConnectWithoutContext(own, MakeBoundCallback(&CountUint, &ownChanges));
            }
            // Bulk trains (8 x 1500 B every 90 us), then a dense stream of small frames, then
            // a sparse one: each scheme adapts.
            for (int i = 0; i < 200; ++i)
            {
                SendSized(p, MicroSeconds(90 * i), 8, 1500);
            }
            SendStream(p, MilliSeconds(20), NanoSeconds(2500), MilliSeconds(50));
            SendStream(p, MilliSeconds(50), MicroSeconds(25), MilliSeconds(90));
            Simulator::Run();
            // The setting in force at the end, read from the scheme.
            Change now{};
            if (auto dim = DynamicCast<NetDimModeration>(m))
            {
                now = {MicroSeconds(dim->GetProfile().usecs), dim->GetProfile().frames};
            }
            else
            {
                now = {DynamicCast<MinimumGapModeration>(m)->GetGap(), 0};
            }
            Simulator::Destroy();
            NS_TEST_EXPECT_MSG_GT(changes.size(), 0, scheme << ": the setting changed");
            NS_TEST_EXPECT_MSG_EQ(changes.size(),
                                  ownChanges,
                                  scheme << ": one ModerationChanged per change of " << own);
            if (!changes.empty())
            {
                NS_TEST_EXPECT_MSG_EQ(changes.back().interval,
                                      now.interval,
                                      scheme << ": the last reported time limit is in force");
                NS_TEST_EXPECT_MSG_EQ(changes.back().frames,
                                      now.frames,
                                      scheme << ": the last reported frame limit is in force");
            }
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-moderation-schemes suite.
 */
class ModerationSchemesTestSuite : public TestSuite
{
  public:
    ModerationSchemesTestSuite()
        : TestSuite("hostnet-moderation-schemes", Type::UNIT)
    {
        AddTestCase(new CountTimeWhicheverFirstTestCase, TestCase::Duration::QUICK);
        AddTestCase(new CountTimeSingleLimitTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ThrottleGapTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ThrottleResetTestCase, TestCase::Duration::QUICK);
        AddTestCase(new PacketAbsoluteTimerTestCase, TestCase::Duration::QUICK);
        AddTestCase(new E1000RulesTestCase, TestCase::Duration::QUICK);
        AddTestCase(new E1000BulkTestCase, TestCase::Duration::QUICK);
        AddTestCase(new E1000SparseTestCase, TestCase::Duration::QUICK);
        AddTestCase(new E1000NapiEpisodeTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetDimCompareTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetDimCoalescingTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetDimTablesTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetDimCqeStepTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetDimTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NetDimDriftTestCase, TestCase::Duration::QUICK);
        AddTestCase(new BufferAdaptiveTestCase, TestCase::Duration::QUICK);
        AddTestCase(new DegenerateSchemesTestCase, TestCase::Duration::QUICK);
        AddTestCase(new I40eRulesTestCase, TestCase::Duration::QUICK);
        AddTestCase(new I40eSequencingTestCase, TestCase::Duration::QUICK);
        AddTestCase(new I40eStreamTestCase, TestCase::Duration::QUICK);
        AddTestCase(new I40eSparseTestCase, TestCase::Duration::QUICK);
        AddTestCase(new E1000GigStreamTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ModerationChangedTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static ModerationSchemesTestSuite g_moderationSchemesTestSuite;
