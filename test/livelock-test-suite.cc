/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-livelock: receive livelock under per-packet interrupts (Salah et al. 2007 Sec. 3.2, 4),
// validated against the paper's closed forms (eqs. 3, 5) and the exact CTMC of the same
// model (InterruptAnalysis::NormalInterruptionExact).

#include "hostnet-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/data-rate.h"
#include "ns3/interrupt-analysis.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <cmath>

using namespace ns3;
using namespace hostnet_test;

namespace
{

constexpr double ISR_MEAN = 3.73e-6;   ///< 1/r, Salah et al. 2007 Sec. 4
constexpr double PROTO_MEAN = 5.34e-6; ///< 1/mu for 64-byte packets, Salah et al. 2007 Sec. 4
constexpr uint32_t BUFFER = 1024;      ///< B, Salah et al. 2007 Sec. 4

/**
 * Simulate Salah et al. 2007's Poisson model: exponential ISR and protocol times, B = 1024.
 * @param scheme "ideal" or "normal"
 * @param lambda arrival rate (1/s)
 * @param warmup deleted initial period
 * @param measure measured period
 * @param run RngRun
 * @return the measured point
 */
PointResult
RunPoint(const std::string& scheme, double lambda, Time warmup, Time measure, uint32_t run)
{
    HostNetDeviceHelper helper;
    helper.SetScheme(scheme);
    if (scheme != "ideal")
    {
        helper.SetCostAttribute(
            "IsrCost",
            StringValue(HostNetDeviceHelper::ExponentialCost(Seconds(ISR_MEAN))));
    }
    helper.SetCostAttribute("ProtocolCost",
                            StringValue(HostNetDeviceHelper::ExponentialCost(Seconds(PROTO_MEAN))));
    helper.SetCostAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
    helper.SetRxMode("ns3::PerPacketRxMode", "BacklogSize", UintegerValue(BUFFER));
    return MeasurePoint(helper, lambda, warmup, measure, run);
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief Normal interruption and the ideal system at six loads against the analysis.
 *
 * Throughput and CPU availability within 3 % of eqs. 5 and 3 (availability: 3 points,
 * since it is ~0 above the cliff); mean latency within 5 % of the exact CTMC of the same
 * model. The ideal system (zero ISR cost) is compared with M/M/1/B.
 */
class LivelockAgreementTestCase : public TestCase
{
  public:
    /// @param scheme "ideal" or "normal"
    LivelockAgreementTestCase(std::string scheme)
        : TestCase("per-packet interrupts agree with Salah et al. 2007 analysis: " + scheme),
          m_scheme(scheme)
    {
    }

  private:
    void DoRun() override
    {
        const double mu = 1 / PROTO_MEAN;
        const double r = m_scheme == "ideal" ? INFINITY : 1 / ISR_MEAN;
        std::cout << "scheme load_kpps thr_sim thr_eq5 avail_sim avail_eq3 lat_sim_us "
                     "lat_exact_us lat_eq6_us\n";
        uint32_t run = 1;
        for (double kpps : {10.0, 50.0, 100.0, 150.0, 200.0, 300.0})
        {
            double lambda = kpps * 1e3;
            PointResult sim = RunPoint(m_scheme, lambda, Seconds(0.1), Seconds(1.0), run++);
            auto closed = InterruptAnalysis::NormalInterruptionClosedForm(lambda, mu, r, BUFFER);
            auto exact = InterruptAnalysis::NormalInterruptionExact(lambda, mu, r, BUFFER);
            std::cout << m_scheme << " " << kpps << " " << sim.throughput << " "
                      << closed.throughput << " " << sim.availability << " "
                      << closed.cpuAvailability << " " << sim.latency * 1e6 << " "
                      << exact.meanLatency * 1e6 << " " << closed.meanLatency * 1e6 << "\n";
            NS_TEST_EXPECT_MSG_EQ_TOL(sim.throughput / closed.throughput,
                                      1.0,
                                      0.03,
                                      "throughput vs eq. 5 at " << kpps << " Kpps");
            NS_TEST_EXPECT_MSG_EQ_TOL(sim.availability,
                                      closed.cpuAvailability,
                                      0.03,
                                      "CPU availability vs eq. 3 at " << kpps << " Kpps");
            NS_TEST_EXPECT_MSG_EQ_TOL(sim.latency / exact.meanLatency,
                                      1.0,
                                      0.05,
                                      "latency vs the exact CTMC at " << kpps << " Kpps");
        }
    }

    std::string m_scheme; ///< scheme under test
};

/**
 * @ingroup hostnet-tests
 * @brief The livelock shape: a peak near the eq. 13 cliff, then collapse.
 *
 * Throughput at 127 Kpps (eq. 13) exceeds throughput at 200 and 300 Kpps, and the
 * throughput keeps falling; CPU availability is ~0 beyond the cliff; the ideal system
 * saturates at mu = 187 Kpps instead.
 */
class LivelockShapeTestCase : public TestCase
{
  public:
    LivelockShapeTestCase()
        : TestCase("throughput peaks at the eq. 13 cliff and collapses beyond it")
    {
    }

  private:
    void DoRun() override
    {
        double cliff = InterruptAnalysis::CliffPoint(1 / PROTO_MEAN, 1 / ISR_MEAN);
        NS_TEST_ASSERT_MSG_EQ_TOL(cliff, 127e3, 1e3, "eq. 13 cliff");
        PointResult atCliff = RunPoint("normal", cliff, Seconds(0.2), Seconds(0.5), 21);
        PointResult at200 = RunPoint("normal", 200e3, Seconds(0.2), Seconds(0.5), 22);
        PointResult at300 = RunPoint("normal", 300e3, Seconds(0.2), Seconds(0.5), 23);
        PointResult ideal300 = RunPoint("ideal", 300e3, Seconds(0.2), Seconds(0.5), 24);
        NS_TEST_EXPECT_MSG_GT(atCliff.throughput, at200.throughput * 1.05, "falls past cliff");
        NS_TEST_EXPECT_MSG_GT(at200.throughput, at300.throughput * 1.05, "keeps falling");
        NS_TEST_EXPECT_MSG_LT(at200.availability, 0.01, "livelock: no CPU left at 200 Kpps");
        NS_TEST_EXPECT_MSG_LT(at300.availability, 0.01, "livelock: no CPU left at 300 Kpps");
        NS_TEST_EXPECT_MSG_EQ_TOL(ideal300.throughput / 187.27e3, 1.0, 0.03, "ideal peak = mu");
        NS_TEST_EXPECT_MSG_GT(ideal300.throughput, at300.throughput * 1.8, "livelock costs");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-livelock suite.
 */
class LivelockTestSuite : public TestSuite
{
  public:
    LivelockTestSuite()
        : TestSuite("hostnet-livelock", Type::SYSTEM)
    {
        AddTestCase(new LivelockAgreementTestCase("ideal"), TestCase::Duration::EXTENSIVE);
        AddTestCase(new LivelockAgreementTestCase("normal"), TestCase::Duration::EXTENSIVE);
        AddTestCase(new LivelockShapeTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static LivelockTestSuite g_livelockTestSuite;
