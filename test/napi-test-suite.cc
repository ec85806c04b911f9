/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-napi: NAPI's poll/budget mechanics at hand-computed points, and no livelock
// above the cliff of per-packet interrupts (Salah et al. 2007 Sec. 3.4, 4).

#include "hostnet-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-stack.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/softnet-data.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

using namespace ns3;
using namespace hostnet_test;

namespace
{

/// Deterministic NAPI host (see DeterministicHelper) with the given weight and budget.
HostNetDeviceHelper
DeterministicNapi(uint32_t weight, uint32_t budget)
{
    HostNetDeviceHelper helper = DeterministicHelper();
    helper.SetRxMode("ns3::NapiRxMode", "Weight", UintegerValue(weight));
    helper.SetStackAttribute("NetdevBudget", UintegerValue(budget));
    return helper;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief Weight and netdev_budget: a burst of 10 frames, weight 2, budget 4.
 *
 * One interrupt (ISR 0.001-3.001 us), then frames processed back to back every 5 us
 * (last at 53.001 us). Poll calls: five full ones of 2 frames and a sixth that finds the
 * ring empty and completes (as Linux's net_rx_action calls poll again). A round ends
 * after 4 and after 8 frames: two softirq restarts. The unmask write ends at 53.501 us.
 */
class NapiBudgetTestCase : public TestCase
{
  public:
    NapiBudgetTestCase()
        : TestCase("NAPI weight, netdev_budget and completion")
    {
    }

  private:
    void DoRun() override
    {
        HostPair p = MakeHostPair(DeterministicNapi(2, 4));
        std::vector<Time> delivered;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        SendBurst(p, Seconds(0), 10);
        Simulator::Schedule(NanoSeconds(53400), [&]() {
            NS_TEST_EXPECT_MSG_EQ(p.host->IsRxInterruptEnabled(), false, "masked until 53.501");
        });
        Simulator::Schedule(NanoSeconds(53600), [&]() {
            NS_TEST_EXPECT_MSG_EQ(p.host->IsRxInterruptEnabled(), true, "unmasked");
        });
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(delivered.size(), 10, "all delivered");
        NS_TEST_EXPECT_MSG_EQ(delivered[0], NanoSeconds(8001), "ISR then 5 us");
        NS_TEST_EXPECT_MSG_EQ(delivered[9], NanoSeconds(53001), "back to back");
        HostNetDeviceStats s = p.host->GetStats();
        NS_TEST_EXPECT_MSG_EQ(s.interrupts, 1, "one interrupt for the burst");
        NS_TEST_EXPECT_MSG_EQ(s.polls, 6, "five full polls and an empty one");
        NS_TEST_EXPECT_MSG_EQ(s.softirqRestarts, 2, "budget 4 exhausted twice");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Frames arriving during the unmask write fire the interrupt again at once.
 *
 * Frame 1 at 0: ISR to 3.001, processing to 8.001, unmask write to 8.501 us. Frame 2
 * arrives at 8.2 us while masked; unmasking finds it and interrupts: ISR 8.501-11.501,
 * processing ends at 16.501 us.
 */
class NapiRearmTestCase : public TestCase
{
  public:
    NapiRearmTestCase()
        : TestCase("NAPI re-arm: a latched cause interrupts on unmask")
    {
    }

  private:
    void DoRun() override
    {
        HostPair p = MakeHostPair(DeterministicNapi(64, 300));
        std::vector<Time> delivered;
        p.host->TraceConnectWithoutContext("Delivered",
                                           MakeBoundCallback(&RecordDelivery, &delivered));
        SendBurst(p, Seconds(0), 1);
        SendBurst(p, NanoSeconds(8200), 1);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(delivered.size(), 2, "both delivered");
        NS_TEST_EXPECT_MSG_EQ(delivered[1], NanoSeconds(16501), "second interrupt at unmask");
        NS_TEST_EXPECT_MSG_EQ(p.host->GetStats().interrupts, 2, "two interrupts");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Above the cliff NAPI keeps near-capacity throughput: no livelock.
 *
 * Salah et al. 2007 costs (exponential ISR 3.73 us, protocol 5.34 us), ring B = 1024. At 200 and
 * 300 Kpps NAPI delivers at least 95 % of mu = 187 Kpps (it polls and takes no
 * interrupts while loaded), while per-packet interrupts collapse below 110 Kpps.
 */
class NapiNoLivelockTestCase : public TestCase
{
  public:
    NapiNoLivelockTestCase()
        : TestCase("NAPI: no receive livelock above the cliff")
    {
    }

  private:
    /// Throughput at a load for a scheme.
    static HostNetDeviceStats Run(const std::string& scheme, double lambda)
    {
        RngSeedManager::SetRun(3);
        HostNetDeviceHelper helper;
        helper.SetCostAttribute("IsrCost",
                                StringValue("ns3::ExponentialRandomVariable[Mean=3.73e-6]"));
        helper.SetCostAttribute("ProtocolCost",
                                StringValue("ns3::ExponentialRandomVariable[Mean=5.34e-6]"));
        helper.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
        helper.SetScheme(scheme);
        helper.SetRxRingAttribute("Descriptors", UintegerValue(1024));
        HostPair p = MakeHostPair(helper);
        p.host->AssignStreams(10);
        PoissonInjector source(p, lambda, 64, Seconds(0.6), 1);
        Simulator::Schedule(Seconds(0.1), [p]() { p.host->ResetStats(); });
        Simulator::Stop(Seconds(0.6));
        Simulator::Run();
        HostNetDeviceStats s = p.host->GetStats();
        Simulator::Destroy();
        return s;
    }

    void DoRun() override
    {
        const double mu = 1 / 5.34e-6;
        for (double lambda : {200e3, 300e3})
        {
            HostNetDeviceStats napi = Run("napi", lambda);
            HostNetDeviceStats normal = Run("normal", lambda);
            NS_TEST_EXPECT_MSG_GT(napi.throughputPps, 0.95 * mu, "NAPI near capacity");
            NS_TEST_EXPECT_MSG_LT(normal.throughputPps, 110e3, "per-packet livelock");
            NS_TEST_EXPECT_MSG_LT(napi.interrupts, 100, "NAPI stays in polling mode");
            NS_TEST_EXPECT_MSG_GT(napi.dropFifoOverrun, 0, "excess dropped at the NIC");
            NS_TEST_EXPECT_MSG_EQ(napi.dropBacklog, 0, "no host drop after paid work");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Two NAPI devices of one node share the core's poll list and netdev_budget.
 *
 * Weight 2, HostNetStack NetdevBudget 4; 4 frames reach devices A and B at t = 0. ISR A runs
 * 0.001-3.001 us and ISR B 3.001-6.001 us (hard IRQs first), so A's first poll starts at
 * 6.001 us. Poll calls alternate A, B, A, B (a full poll goes to the tail of the list),
 * two frames each, 5 us per frame; the round ends after B's first and second poll (4
 * frames each: two time_squeezes, charged to B). Then A and B each find their ring empty
 * and unmask (0.5 us each). With a budget per device, A would restart after its own 4
 * frames and the frames would interleave one by one.
 */
class NapiSharedBudgetTestCase : public TestCase
{
  public:
    NapiSharedBudgetTestCase()
        : TestCase("NAPI contexts of one core share the poll list and netdev_budget")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = DeterministicNapi(2, 4);
        Ptr<Node> host = CreateObject<Node>();
        std::vector<Ptr<SimpleNetDevice>> senders;
        std::vector<Ptr<HostNetDevice>> devices;
        for (int i = 0; i < 2; ++i)
        {
            Ptr<Node> sender = CreateObject<Node>();
            auto channel = CreateObject<SimpleChannel>();
            auto tx = CreateObject<SimpleNetDevice>();
            auto rx = CreateObject<SimpleNetDevice>();
            for (auto [node, dev] : {std::pair{sender, tx}, std::pair{host, rx}})
            {
                dev->SetAddress(Mac48Address::Allocate());
                dev->SetChannel(channel);
                node->AddDevice(dev);
            }
            senders.push_back(tx);
            devices.push_back(helper.Install(rx));
        }
        std::vector<Time> deliveredA;
        std::vector<Time> deliveredB;
        devices[0]->TraceConnectWithoutContext("Delivered",
                                               MakeBoundCallback(&RecordDelivery, &deliveredA));
        devices[1]->TraceConnectWithoutContext("Delivered",
                                               MakeBoundCallback(&RecordDelivery, &deliveredB));
        Simulator::Schedule(Seconds(0), [&]() {
            for (int i = 0; i < 2; ++i)
            {
                for (int k = 0; k < 4; ++k)
                {
                    senders[i]->Send(Create<Packet>(125), devices[i]->GetAddress(), 0x0800);
                }
            }
        });
        Simulator::Run();
        auto us = [](int64_t ns) { return NanoSeconds(ns); };
        std::vector<Time> expectA{us(11001), us(16001), us(31001), us(36001)};
        std::vector<Time> expectB{us(21001), us(26001), us(41001), us(46001)};
        NS_TEST_ASSERT_MSG_EQ(deliveredA.size(), 4, "all of A delivered");
        NS_TEST_ASSERT_MSG_EQ(deliveredB.size(), 4, "all of B delivered");
        for (int k = 0; k < 4; ++k)
        {
            NS_TEST_EXPECT_MSG_EQ(deliveredA[k], expectA[k], "A frame " << k);
            NS_TEST_EXPECT_MSG_EQ(deliveredB[k], expectB[k], "B frame " << k);
        }
        NS_TEST_EXPECT_MSG_EQ(devices[0]->GetStats().softirqRestarts, 0, "A ends no round");
        NS_TEST_EXPECT_MSG_EQ(devices[1]->GetStats().softirqRestarts, 2, "B ends both rounds");
        NS_TEST_EXPECT_MSG_EQ(devices[0]->GetStats().polls, 3, "two full polls, one empty");
        Ptr<SoftnetData> softnet = HostNetStack::GetOrCreate(host)->GetSoftnet(0);
        SoftnetStats st = softnet->GetStats();
        NS_TEST_EXPECT_MSG_EQ(st.softirqs, 1, "one softirq invocation serves both");
        NS_TEST_EXPECT_MSG_EQ(st.timeSqueeze, 2, "8 frames, budget 4");
        NS_TEST_EXPECT_MSG_EQ(st.polls, 6, "three poll calls per device");
        NS_TEST_EXPECT_MSG_EQ(st.processed, 8, "all frames counted once");
        NS_TEST_EXPECT_MSG_EQ(softnet->IsRunning(), false, "idle at the end");
        NS_TEST_EXPECT_MSG_EQ(devices[1]->IsRxInterruptEnabled(), true, "unmasked");
        Simulator::Destroy();
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-napi suite.
 */
class NapiTestSuite : public TestSuite
{
  public:
    NapiTestSuite()
        : TestSuite("hostnet-napi", Type::UNIT)
    {
        AddTestCase(new NapiBudgetTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NapiRearmTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NapiSharedBudgetTestCase, TestCase::Duration::QUICK);
        AddTestCase(new NapiNoLivelockTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static NapiTestSuite g_napiTestSuite;
