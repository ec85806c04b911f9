/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-conservation: over randomized configurations and loads, every frame that
// reached the NIC is delivered, dropped (with a cause) or still inside the host.

#include "hostnet-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <sstream>

using namespace ns3;
using namespace hostnet_test;

/**
 * @ingroup hostnet-tests
 * @brief Frame conservation in 40 random configurations.
 *
 * Receive mode, moderation, ring size, tail batch, FIFO size, bus rate, backlog, the
 * no-descriptor policy, cost means, frame size and load are drawn at random (fixed
 * stream). At an arbitrary instant with traffic flowing, arrived = delivered +
 * fifo-overrun + no-descriptor + backlog drops + in host; the CPU accounting sums to 1.
 */
class ConservationTestCase : public TestCase
{
  public:
    ConservationTestCase()
        : TestCase("arrived = delivered + dropped by cause + in host")
    {
    }

  private:
    void DoRun() override
    {
        auto u = CreateObject<UniformRandomVariable>();
        u->SetStream(4242);
        uint64_t totalDrops = 0;
        for (int config = 0; config < 40; ++config)
        {
            RngSeedManager::SetRun(100 + config);
            HostNetDeviceHelper helper;
            bool napi = u->GetValue() < 0.5;
            helper.SetRxMode(napi ? "ns3::NapiRxMode" : "ns3::PerPacketRxMode");
            if (!napi)
            {
                helper.SetRxMode("ns3::PerPacketRxMode",
                                 "BacklogSize",
                                 UintegerValue(u->GetInteger(1, 1024)));
            }
            else
            {
                helper.SetRxMode("ns3::NapiRxMode", "Weight", UintegerValue(u->GetInteger(1, 64)));
                helper.SetStackAttribute("NetdevBudget", UintegerValue(u->GetInteger(1, 300)));
            }
            double m = u->GetValue();
            if (m < 0.33)
            {
                helper.SetModeration("ns3::RxUsecsModeration",
                                     "Interval",
                                     TimeValue(MicroSeconds(u->GetInteger(0, 100))));
            }
            else if (m < 0.66)
            {
                helper.SetModeration("ns3::RxFramesModeration",
                                     "Frames",
                                     UintegerValue(u->GetInteger(1, 16)));
            }
            uint32_t descriptors = u->GetInteger(8, 512);
            helper.SetRxRingAttribute("Descriptors", UintegerValue(descriptors));
            helper.SetRxRingAttribute("TailWriteBatch",
                                      UintegerValue(u->GetInteger(1, std::min(16U, descriptors))));
            helper.SetRxRingAttribute("FifoSize", UintegerValue(u->GetInteger(1600, 65536)));
            helper.SetRxRingAttribute("BusRate", DataRateValue(DataRate(u->GetValue(0.2e9, 10e9))));
            helper.SetRxRingAttribute("DropWhenNoDescriptor", BooleanValue(u->GetValue() < 0.5));
            std::ostringstream refill;
            refill << "ns3::ExponentialRandomVariable[Mean=" << u->GetValue(0, 1e-6) << "]";
            helper.SetRxRingAttribute("RefillCost", StringValue(refill.str()));
            std::ostringstream isr;
            isr << "ns3::ExponentialRandomVariable[Mean=" << u->GetValue(0.5e-6, 8e-6) << "]";
            helper.SetCostAttribute("IsrCost", StringValue(isr.str()));
            HostPair p = MakeHostPair(helper);
            p.host->AssignStreams(10);
            uint32_t size = u->GetInteger(64, 1500);
            double rate = u->GetValue(10e3, 400e3);
            PoissonInjector source(p, rate, size, Seconds(1), 1);
            Time stop = MicroSeconds(u->GetInteger(5000, 50000));
            Simulator::Stop(stop);
            Simulator::Run();
            HostNetDeviceStats s = p.host->GetStats();
            uint64_t accounted =
                s.rxDelivered + s.dropFifoOverrun + s.dropNoDescriptor + s.dropBacklog + s.rxInHost;
            NS_TEST_EXPECT_MSG_EQ(s.rxArrived,
                                  source.GetSent(),
                                  "config " << config << ": the NIC saw every frame sent");
            NS_TEST_EXPECT_MSG_EQ(accounted,
                                  s.rxArrived,
                                  "config " << config << (napi ? " napi" : " per-packet")
                                            << ": conservation of frames");
            HostCpuStats c = p.host->GetCpu()->GetStats();
            NS_TEST_EXPECT_MSG_EQ_TOL(c.hardIrqShare + c.softIrqShare + c.taskShare + c.idleShare,
                                      1.0,
                                      1e-9,
                                      "config " << config << ": CPU accounting");
            totalDrops += s.dropFifoOverrun + s.dropNoDescriptor + s.dropBacklog;
            Simulator::Destroy();
        }
        // The random configurations must exercise the drop paths, or the check is weak.
        NS_TEST_EXPECT_MSG_GT(totalDrops, 0, "some configurations dropped frames");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-conservation suite.
 */
class ConservationTestSuite : public TestSuite
{
  public:
    ConservationTestSuite()
        : TestSuite("hostnet-conservation", Type::UNIT)
    {
        AddTestCase(new ConservationTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static ConservationTestSuite g_conservationTestSuite;
