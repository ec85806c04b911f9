/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-rx-modes: pure polling, Salah et al. 2007's NAPI, ksoftirqd deferral, software IRQ
// deferral and the hybrid at hand-computed instants or against their defining property; the
// contract of the RxMode base class (Supports, the counts and traces it owns).

#include "hostnet-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/host-net-queue.h"
#include "ns3/hybrid-rx-mode.h"
#include "ns3/napi-rx-mode.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;
using namespace hostnet_test;

namespace
{

/// Deterministic host with a 2 us poll overhead and the given receive mode.
HostNetDeviceHelper
PollingHost(const std::string& policy, const std::string& protocolCost)
{
    HostNetDeviceHelper helper = DeterministicHelper();
    helper.SetCostAttribute("PollOverheadCost",
                            StringValue("ns3::ConstantRandomVariable[Constant=2e-6]"));
    helper.SetCostAttribute("ProtocolCost", StringValue(protocolCost));
    helper.SetRxMode("ns3::PurePollingRxMode",
                     "PollPeriod",
                     TimeValue(MicroSeconds(20)),
                     "Quota",
                     UintegerValue(3),
                     "TickDuringCycle",
                     StringValue(policy));
    return helper;
}

/// Run @p helper's host with a burst of @p n frames at 0; return delivery instants.
std::vector<Time>
Deliveries(const HostNetDeviceHelper& helper, int n, Time stop, HostNetDeviceStats* stats)
{
    HostPair p = MakeHostPair(helper);
    std::vector<Time> delivered;
    p.host->TraceConnectWithoutContext("Delivered", MakeBoundCallback(&RecordDelivery, &delivered));
    SendBurst(p, Seconds(0), n);
    Simulator::Stop(stop);
    Simulator::Run();
    if (stats)
    {
        *stats = p.host->GetStats();
    }
    Simulator::Destroy();
    return delivered;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief A test case that compares delivery instants with a hand-computed list.
 */
class InstantsTestCase : public TestCase
{
  public:
    /// @param name the test name
    InstantsTestCase(std::string name)
        : TestCase(name)
    {
    }

  protected:
    /**
     * Compare delivery instants with expected microseconds (to 1 ps).
     * @param got the instants
     * @param expectedUs the hand-computed instants
     * @param what the case, for messages
     */
    void ExpectInstants(const std::vector<Time>& got,
                        const std::vector<double>& expectedUs,
                        const std::string& what)
    {
        NS_TEST_ASSERT_MSG_EQ(got.size(), expectedUs.size(), what << ": number of deliveries");
        for (size_t i = 0; i < got.size(); ++i)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(got[i].GetSeconds() * 1e6,
                                      expectedUs[i],
                                      1e-6,
                                      what << ": delivery " << i);
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Pure polling: quota per tick and the overhead of each tick.
 *
 * Five frames at 0, ticks every 20 us, overhead 2 us, 5 us per frame, Q = 3: tick 20
 * processes three (27, 32, 37 us), tick 40 the other two (47, 52 us); every tick is a
 * poll, including the empty ones (ticks 60, 80: 5 polls until 90 us).
 */
class PurePollingTestCase : public InstantsTestCase
{
  public:
    PurePollingTestCase()
        : InstantsTestCase("pure polling: quota Q per tick, overhead per tick")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceStats s;
        auto got = Deliveries(PollingHost("waste", "ns3::ConstantRandomVariable[Constant=5e-6]"),
                              5,
                              MicroSeconds(90),
                              &s);
        ExpectInstants(got, {27, 32, 37, 47, 52}, "pure polling");
        NS_TEST_EXPECT_MSG_EQ(s.interrupts, 0, "no Rx interrupts at all");
        NS_TEST_EXPECT_MSG_EQ(s.polls, 4, "ticks at 20, 40, 60, 80 us");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief What a tick does while the previous cycle runs (15 us per frame, Q = 3).
 *
 * Six frames at 0. A cycle needs 2 + 45 us > 20 us, so ticks hit running cycles.
 * waste: each such tick's 2 us overhead preempts the frame in processing: 37, 54, 71, 97,
 * 114, 131 us. skip: 37, 52, 67, then the tick at 80: 97, 112, 127 us. defer: the tick at
 * 40 is remembered, the next cycle starts at 67: 37, 52, 67, 84, 99, 114 us.
 */
class TickPolicyTestCase : public InstantsTestCase
{
  public:
    TickPolicyTestCase()
        : InstantsTestCase("pure polling: ticks during a cycle (waste, skip, defer)")
    {
    }

  private:
    void DoRun() override
    {
        const std::string slow = "ns3::ConstantRandomVariable[Constant=15e-6]";
        ExpectInstants(Deliveries(PollingHost("waste", slow), 6, MicroSeconds(200), nullptr),
                       {37, 54, 71, 97, 114, 131},
                       "waste");
        ExpectInstants(Deliveries(PollingHost("skip", slow), 6, MicroSeconds(200), nullptr),
                       {37, 52, 67, 97, 112, 127},
                       "skip");
        ExpectInstants(Deliveries(PollingHost("defer", slow), 6, MicroSeconds(200), nullptr),
                       {37, 52, 67, 84, 99, 114},
                       "defer");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Salah et al. 2007's NAPI (Fig. 5): quota 3, the next poll at the next 20 us tick.
 *
 * Seven frames at 0: interrupt, ISR 0.001-3.001 us, three frames (8.001, 13.001,
 * 18.001); tick 20: overhead 2 us, three frames (27, 32, 37); tick 40: the last (47); the
 * ring is empty: unmask at 47.5 us. One interrupt.
 */
class Salah2007NapiTestCase : public InstantsTestCase
{
  public:
    Salah2007NapiTestCase()
        : InstantsTestCase("Salah et al. 2007 NAPI: quota per poll, next poll at the next tick")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetCostAttribute("PollOverheadCost",
                                StringValue("ns3::ConstantRandomVariable[Constant=2e-6]"));
        helper.SetRxMode("ns3::TickedNapiRxMode",
                         "Weight",
                         UintegerValue(3),
                         "PollPeriod",
                         TimeValue(MicroSeconds(20)));
        HostNetDeviceStats s;
        auto got = Deliveries(helper, 7, MicroSeconds(100), &s);
        ExpectInstants(got, {8.001, 13.001, 18.001, 27, 32, 37, 47}, "napi-salah2007");
        NS_TEST_EXPECT_MSG_EQ(s.interrupts, 1, "one interrupt");
        NS_TEST_EXPECT_MSG_EQ(s.polls, 3, "polls of 3, 3 and 1 frames");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief napi_defer_hard_irqs + gro_flush_timeout keep the interrupt masked.
 *
 * DeferHardIrqs 2, GroFlushTimeout 50 us. A frame at 0: ISR, processed at 8.001 us; the
 * completion re-polls at 58.001 and 108.001 us instead of unmasking. A frame arriving at
 * 70 us raises no interrupt and is picked up by the 108.001 us poll (113.001 us). After
 * that poll did work the deferral restarts: re-polls at 163.001 and 213.001 us, then the
 * unmask. One interrupt in all.
 */
class DeferHardIrqsTestCase : public InstantsTestCase
{
  public:
    DeferHardIrqsTestCase()
        : InstantsTestCase("NAPI: napi_defer_hard_irqs with gro_flush_timeout")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicHelper();
        helper.SetRxMode("ns3::NapiRxMode",
                         "DeferHardIrqs",
                         UintegerValue(2),
                         "GroFlushTimeout",
                         TimeValue(MicroSeconds(50)));
        HostPair p = MakeHostPair(helper);
        std::vector<Time> delivered;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        SendBurst(p, Seconds(0), 1);
        SendBurst(p, MicroSeconds(70), 1);
        Simulator::Schedule(MicroSeconds(200), [&]() {
            NS_TEST_EXPECT_MSG_EQ(p.host->IsRxInterruptEnabled(), false, "still deferred");
        });
        Simulator::Stop(MicroSeconds(300));
        Simulator::Run();
        ExpectInstants(delivered, {8.001, 113.001}, "deferred interrupts");
        NS_TEST_EXPECT_MSG_EQ(p.host->GetStats().interrupts, 1, "the second frame: no IRQ");
        NS_TEST_EXPECT_MSG_EQ(p.host->IsRxInterruptEnabled(), true, "unmasked at last");
        Simulator::Destroy();
    }
};

namespace
{

/// A CPU-bound task: 100 us work items back to back.
struct Hog
{
    Ptr<HostCpu> cpu;     ///< the CPU
    HostCpu::TaskId task; ///< the task

    /// Submit the next item.
    void Next()
    {
        cpu->SubmitTask(task, MicroSeconds(100), MakeCallback(&Hog::Next, this));
    }
};

/// CPU share of a CPU-bound application under a 300 Kpps Poisson load.
double
HogShare(HostNetDeviceHelper helper)
{
    RngSeedManager::SetRun(5);
    helper.SetCostAttribute("IsrCost", StringValue("ns3::ExponentialRandomVariable[Mean=3.73e-6]"));
    helper.SetCostAttribute("ProtocolCost",
                            StringValue("ns3::ExponentialRandomVariable[Mean=5.34e-6]"));
    helper.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
    HostPair p = MakeHostPair(helper);
    p.host->AssignStreams(10);
    Hog hog{p.host->GetCpu(), p.host->GetCpu()->CreateTask("hog")};
    Simulator::Schedule(Seconds(0), &Hog::Next, &hog);
    PoissonInjector source(p, 300e3, 64, Seconds(0.3), 1);
    Simulator::Schedule(Seconds(0.1), [&]() { hog.cpu->ResetStats(); });
    Simulator::Stop(Seconds(0.3));
    Simulator::Run();
    double share = hog.cpu->GetTaskTime(hog.task).GetSeconds() / 0.2;
    Simulator::Destroy();
    return share;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief Under overload NAPI moves to ksoftirqd, which shares the CPU with applications.
 *
 * 300 Kpps: per-packet interrupts leave a CPU-bound application nothing (livelock); NAPI
 * without ksoftirqd deferral (MaxSoftirqRestarts and MaxSoftirqTime huge) neither; Linux
 * NAPI defers to ksoftirqd after 2 ms of softirq work, then ksoftirqd (which never
 * empties the ring at this load, so it stays in polling without interrupts) and the
 * application share the CPU round robin in 3 ms slices: half each, within one slice of
 * the 0.2 s window (1.5 %).
 */
class KsoftirqdTestCase : public TestCase
{
  public:
    KsoftirqdTestCase()
        : TestCase("NAPI overload: ksoftirqd shares the CPU with applications")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper normal;
        normal.SetScheme("normal");
        HostNetDeviceHelper napi;
        napi.SetScheme("napi");
        HostNetDeviceHelper napiNoDefer;
        napiNoDefer.SetRxMode("ns3::NapiRxMode");
        napiNoDefer.SetStackAttribute("MaxSoftirqRestarts", UintegerValue(1000000000));
        napiNoDefer.SetStackAttribute("MaxSoftirqTime", TimeValue(Seconds(1000)));
        double livelock = HogShare(normal);
        double noDefer = HogShare(napiNoDefer);
        double shared = HogShare(napi);
        std::cout << "application CPU share at 300 Kpps: normal " << livelock
                  << ", NAPI without ksoftirqd " << noDefer << ", NAPI " << shared << "\n";
        NS_TEST_EXPECT_MSG_LT(livelock, 0.01, "per-packet interrupts starve the application");
        NS_TEST_EXPECT_MSG_LT(noDefer, 0.01, "softirq alone starves it too");
        NS_TEST_EXPECT_MSG_EQ_TOL(shared, 0.5, 0.015, "round robin with ksoftirqd");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hybrid polls above its switch point and returns to interrupts below.
 *
 * Switch point fixed at 100 Kpps (hysteresis 10 %), decisions every 10 ms. 150 Kpps for
 * 0.2 s then 30 Kpps: polling is on at 0.19 s (CPU availability above disable-enable's at
 * the same load) and off again at the end, after exactly two switches.
 */
class HybridTestCase : public TestCase
{
  public:
    HybridTestCase()
        : TestCase("hybrid: polling above the switch point, interrupts below")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetRun(6);
        HostNetDeviceHelper helper;
        helper.SetRxMode("ns3::HybridRxMode", "SwitchRate", DoubleValue(100e3));
        HostPair p = MakeHostPair(helper);
        p.host->AssignStreams(10);
        auto hybrid = DynamicCast<HybridRxMode>(p.host->GetQueue(0)->GetRxMode());
        NS_TEST_ASSERT_MSG_NE(hybrid, nullptr, "the helper installed a HybridRxMode");
        PoissonInjector high(p, 150e3, 64, Seconds(0.2), 1);
        bool pollingAtHigh = false;
        Simulator::Schedule(Seconds(0.19), [&]() { pollingAtHigh = hybrid->IsPollingActive(); });
        Simulator::Schedule(Seconds(0.2), [&]() {
            // 30 Kpps from 0.2 s on.
            static PoissonInjector* low = nullptr;
            low = new PoissonInjector(p, 30e3, 64, Seconds(0.5), 2);
            Simulator::ScheduleDestroy([]() { delete low; });
        });
        Simulator::Stop(Seconds(0.5));
        Simulator::Run();
        NS_TEST_EXPECT_MSG_EQ(pollingAtHigh, true, "polling at 150 Kpps");
        NS_TEST_EXPECT_MSG_EQ(hybrid->IsPollingActive(), false, "interrupts at 30 Kpps");
        NS_TEST_EXPECT_MSG_EQ(hybrid->GetSwitches(), 2, "one switch each way, no flapping");
        HostNetDeviceStats s = p.host->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.rxArrived,
                              s.rxDelivered + s.dropFifoOverrun + s.dropNoDescriptor + s.rxInHost,
                              "no frame lost in the hand-overs");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief RxMode::Supports: the features each registered receive mode provides.
 */
class SupportsTestCase : public TestCase
{
  public:
    SupportsTestCase()
        : TestCase("Supports: GRO, LRO, RPS and busy polling exactly in the NAPI modes")
    {
    }

  private:
    void DoRun() override
    {
        // GRO, LRO, RPS/RFS and busy polling work on a NAPI poll (napi_gro_receive,
        // netif_receive_skb, napi_busy_loop): the NAPI modes provide all four, the others none.
        const std::map<std::string, bool> napi{{"ns3::NapiRxMode", true},
                                               {"ns3::DisableEnableRxMode", true},
                                               {"ns3::PerPacketRxMode", false},
                                               {"ns3::PurePollingRxMode", false},
                                               {"ns3::HybridRxMode", false}};
        for (const auto& [name, expected] : napi)
        {
            Ptr<RxMode> mode = ObjectFactory(name).Create<RxMode>();
            for (auto feature : {RxMode::GRO, RxMode::LRO, RxMode::RPS, RxMode::BUSY_POLL})
            {
                NS_TEST_ASSERT_MSG_EQ(mode->Supports(feature),
                                      expected,
                                      name << " Supports(" << RxMode::GetFeatureName(feature)
                                           << ")");
            }
            mode->Dispose();
        }
        NS_TEST_ASSERT_MSG_EQ(RxMode::GetFeatureName(RxMode::RPS), "RPS/RFS", "feature name");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The RxMode base class counts and traces the interrupts and polls of every mode.
 */
class BaseCountsTestCase : public TestCase
{
  public:
    BaseCountsTestCase()
        : TestCase("every mode's interrupts, absorbed interrupts and polls are counted and "
                   "traced by the base class")
    {
    }

  private:
    /// What the traces saw.
    struct Seen
    {
        uint64_t interrupts{0};       ///< the mode's Interrupt trace
        uint64_t absorbed{0};         ///< the mode's InterruptAbsorbed trace
        uint64_t polls{0};            ///< the mode's Poll trace
        uint64_t pollPackets{0};      ///< the frames its calls reported
        uint64_t deviceInterrupts{0}; ///< the device's Interrupt trace
    };

    /// @param n counter to increment
    static void Count(uint64_t* n)
    {
        ++*n;
    }

    /**
     * @param seen the record
     * @param packets frames of the poll call
     */
    static void Poll(Seen* seen, uint32_t packets)
    {
        seen->polls++;
        seen->pollPackets += packets;
    }

    void DoRun() override
    {
        HostNetDeviceHelper hybrid;
        hybrid.SetRxMode("ns3::HybridRxMode",
                         "SwitchRate",
                         DoubleValue(100e3),
                         "MeasureInterval",
                         TimeValue(MilliSeconds(2)));
        std::vector<std::pair<std::string, HostNetDeviceHelper>> hosts{{"hybrid", hybrid}};
        for (std::string scheme : {"normal",
                                   "prenapi-count-4",
                                   "disable-enable",
                                   "napi",
                                   "napi-salah2007",
                                   "pure-polling"})
        {
            HostNetDeviceHelper helper;
            helper.SetScheme(scheme);
            hosts.emplace_back(scheme, helper);
        }
        for (const auto& [name, helper] : hosts)
        {
            RngSeedManager::SetRun(3);
            HostPair p = MakeHostPair(helper);
            p.host->AssignStreams(10);
            Seen seen;
            Ptr<RxMode> mode = p.host->GetQueue(0)->GetRxMode();
            mode->TraceConnectWithoutContext("Interrupt",
                                             MakeBoundCallback(&Count, &seen.interrupts));
            mode->TraceConnectWithoutContext("InterruptAbsorbed",
                                             MakeBoundCallback(&Count, &seen.absorbed));
            mode->TraceConnectWithoutContext("Poll", MakeBoundCallback(&Poll, &seen));
            p.host->TraceConnectWithoutContext("Interrupt",
                                               MakeBoundCallback(&Count, &seen.deviceInterrupts));
            // 150 Kpps of 64-byte frames for 10 ms: the per-packet ISR absorbs interrupts,
            // the hybrid switches to polling (above 100 Kpps after its 2 ms measurement).
            PoissonInjector source(p, 150e3, 64, MilliSeconds(10), 1);
            Simulator::Stop(MilliSeconds(12));
            Simulator::Run();
            HostNetDeviceStats s = p.host->GetStats();
            Simulator::Destroy();
            NS_TEST_EXPECT_MSG_EQ(seen.interrupts, s.interrupts, name << ": Interrupt trace");
            NS_TEST_EXPECT_MSG_EQ(seen.deviceInterrupts,
                                  s.interrupts,
                                  name << ": the device's Interrupt trace fires as before");
            NS_TEST_EXPECT_MSG_EQ(seen.absorbed,
                                  s.interruptsAbsorbed,
                                  name << ": InterruptAbsorbed trace");
            NS_TEST_EXPECT_MSG_EQ(seen.polls, s.polls, name << ": Poll trace");
            bool polls = name != "normal" && name != "prenapi-count-4";
            bool interrupts = name != "pure-polling";
            NS_TEST_EXPECT_MSG_EQ((s.interrupts > 0), interrupts, name << ": interrupts counted");
            NS_TEST_EXPECT_MSG_EQ((s.polls > 0), polls, name << ": polls counted");
            if (polls)
            {
                // Every processed frame was taken by one poll call or cycle (of the ones that
                // ended: the last may run at the stop).
                NS_TEST_EXPECT_MSG_LT_OR_EQ(seen.pollPackets,
                                            s.rxDelivered + s.dropBacklog,
                                            name << ": Poll trace's frames");
                NS_TEST_EXPECT_MSG_GT(seen.pollPackets, 0, name << ": Poll trace's frames");
            }
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-rx-modes suite.
 */
class RxModesTestSuite : public TestSuite
{
  public:
    RxModesTestSuite()
        : TestSuite("hostnet-rx-modes", Type::UNIT)
    {
        AddTestCase(new PurePollingTestCase, TestCase::Duration::QUICK);
        AddTestCase(new TickPolicyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new Salah2007NapiTestCase, TestCase::Duration::QUICK);
        AddTestCase(new DeferHardIrqsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new KsoftirqdTestCase, TestCase::Duration::QUICK);
        AddTestCase(new HybridTestCase, TestCase::Duration::QUICK);
        AddTestCase(new SupportsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new BaseCountsTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static RxModesTestSuite g_rxModesTestSuite;
