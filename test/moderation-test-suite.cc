/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-moderation: rx-usecs and rx-frames semantics at hand-computed instants, and
// their degenerate settings (T = 0, tau = 1) equal to normal interruption
// (Salah et al. 2007 Sec. 4).

#include "hostnet-test-utils.h"

#include "ns3/data-rate.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;
using namespace hostnet_test;

/**
 * @ingroup hostnet-tests
 * @brief rx-usecs = 50: the first frame starts the timer; later frames join.
 *
 * Frames at 0, 10, 20 us reach memory 1 ns later. Timer 0.001-50.001 us, ISR until
 * 53.001 us drains all three, protocol processing ends at 58.001, 63.001, 68.001 us.
 */
class RxUsecsTestCase : public TestCase
{
  public:
    RxUsecsTestCase()
        : TestCase("rx-usecs: one interrupt Interval after the first frame")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::RxUsecsModeration", "Interval", TimeValue(MicroSeconds(50)));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        for (int i = 0; i < 3; ++i)
        {
            SendBurst(p, MicroSeconds(10 * i), 1);
        }
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(delivered.size(), 3, "all delivered");
        NS_TEST_EXPECT_MSG_EQ(delivered[0], NanoSeconds(58001), "50 us + ISR 3 + proto 5");
        NS_TEST_EXPECT_MSG_EQ(delivered[2], NanoSeconds(68001), "two more protocol times");
        HostNetDeviceStats s = p.host->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.interrupts, 1, "one interrupt for three frames");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.moderationWait.maxUs, 50.0, 0.5, "first frame waits T");
        NS_TEST_EXPECT_MSG_EQ_TOL(s.packetsPerInterrupt, 3.0, 1e-9, "3 packets / interrupt");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief rx-frames = 4: the fourth frame interrupts; a fifth waits for three more.
 */
class RxFramesTestCase : public TestCase
{
  public:
    RxFramesTestCase()
        : TestCase("rx-frames: an interrupt every N frames, none for fewer")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetModeration("ns3::RxFramesModeration", "Frames", UintegerValue(4));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        for (int i = 0; i < 5; ++i)
        {
            SendBurst(p, MicroSeconds(10 * i), 1);
        }
        Simulator::Stop(MilliSeconds(10));
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(delivered.size(), 4, "the fifth frame waits for the count");
        // Fourth frame in memory at 30.001 us; ISR to 33.001; deliveries every 5 us.
        NS_TEST_EXPECT_MSG_EQ(delivered[0], NanoSeconds(38001), "first delivery");
        NS_TEST_EXPECT_MSG_EQ(delivered[3], NanoSeconds(53001), "fourth delivery");
        HostNetDeviceStats s = p.host->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.interrupts, 1, "one interrupt");
        NS_TEST_EXPECT_MSG_EQ(s.rxInHost, 1, "one frame left in the ring");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief T = 0 and tau = 1 behave exactly as normal interruption (Salah et al. 2007 Sec. 4).
 *
 * The same Poisson arrivals and cost samples give identical counters and latencies.
 */
class DegenerateModerationTestCase : public TestCase
{
  public:
    DegenerateModerationTestCase()
        : TestCase("rx-usecs 0 and rx-frames 1 equal normal interruption")
    {
    }

  private:
    /// Run 0.2 s at 150 Kpps with the given moderation and return the stats.
    static HostNetDeviceStats Run(const std::string& type,
                                  const std::string& attr,
                                  const AttributeValue& v)
    {
        RngSeedManager::SetRun(7);
        HostNetDeviceHelper helper;
        helper.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
        helper.SetCostAttribute("ProtocolCost",
                                StringValue("ns3::ExponentialRandomVariable[Mean=5.34e-6]"));
        if (attr.empty())
        {
            helper.SetModeration(type);
        }
        else
        {
            helper.SetModeration(type, attr, v);
        }
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
        HostNetDeviceStats normal = Run("ns3::NoModeration", "", UintegerValue(0));
        HostNetDeviceStats t0 = Run("ns3::RxUsecsModeration", "Interval", TimeValue(Time(0)));
        HostNetDeviceStats tau1 = Run("ns3::RxFramesModeration", "Frames", UintegerValue(1));
        NS_TEST_ASSERT_MSG_GT(normal.rxDelivered, 10000, "the run did something");
        for (const auto& s : {t0, tau1})
        {
            NS_TEST_EXPECT_MSG_EQ(s.rxDelivered, normal.rxDelivered, "same deliveries");
            NS_TEST_EXPECT_MSG_EQ(s.interrupts, normal.interrupts, "same interrupts");
            NS_TEST_EXPECT_MSG_EQ(s.dropBacklog, normal.dropBacklog, "same drops");
            NS_TEST_EXPECT_MSG_EQ(s.systemLatency.meanUs,
                                  normal.systemLatency.meanUs,
                                  "same latency");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-moderation suite.
 */
class ModerationTestSuite : public TestSuite
{
  public:
    ModerationTestSuite()
        : TestSuite("hostnet-moderation", Type::UNIT)
    {
        AddTestCase(new RxUsecsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new RxFramesTestCase, TestCase::Duration::QUICK);
        AddTestCase(new DegenerateModerationTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static ModerationTestSuite g_moderationTestSuite;
