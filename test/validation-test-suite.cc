/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-validation: simulation against exact numerical solutions of the same models,
// with independent replications and confidence intervals (seed 000 Sec. 3-4).

#include "hostnet-test-utils.h"

#include "ns3/boolean.h"
#include "ns3/interrupt-analysis.h"
#include "ns3/level-phase-chain.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <functional>
#include <iomanip>
#include <sstream>

using namespace ns3;
using namespace hostnet_test;

namespace
{

constexpr double ISR_MEAN = 3.73e-6;   ///< 1/r (seed 000)
constexpr double PROTO_MEAN = 5.34e-6; ///< 1/mu (seed 000)
constexpr double WRITE_MEAN = 0.5e-6;  ///< register write (seed 000)
constexpr uint32_t BUFFER = 1024;      ///< B (seed 000)

/// "ns3::ExponentialRandomVariable[Mean=...]"
std::string
Exponential(double mean)
{
    std::ostringstream os;
    os << "ns3::ExponentialRandomVariable[Mean=" << mean << "]";
    return os.str();
}

/// Seed 000's host with exponential costs; B is the backlog and the ring.
HostNetDeviceHelper
SeedHost(const std::string& scheme)
{
    HostNetDeviceHelper helper;
    helper.SetDeviceAttribute("IsrCost", StringValue(Exponential(ISR_MEAN)));
    helper.SetDeviceAttribute("ProtocolCost", StringValue(Exponential(PROTO_MEAN)));
    // Exponential, unlike the default constant: the chain needs memoryless phases.
    helper.SetDeviceAttribute("RegisterWriteCost", StringValue(Exponential(WRITE_MEAN)));
    helper.SetDeviceAttribute("ProtocolCopyRate", DataRateValue(DataRate(0)));
    helper.SetScheme(scheme);
    if (scheme == "ideal" || scheme == "normal")
    {
        helper.SetRxMode("ns3::PerPacketRxMode", "BacklogSize", UintegerValue(BUFFER));
    }
    helper.SetRxRingAttribute("Descriptors", UintegerValue(BUFFER));
    helper.SetRxRingAttribute("TailWriteBatch", UintegerValue(1));
    helper.SetRxRingAttribute("DropWhenNoDescriptor", BooleanValue(true));
    return helper;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief A scheme against the exact CTMC of the same model at six loads.
 *
 * Poisson arrivals, exponential costs, seed 000's parameters; 5 independent replications
 * (RngRun) of 0.5 s after a 0.05 s warm-up per load. For throughput, CPU availability and
 * mean latency at 10-300 Kpps (18 comparisons) the exact value must lie in the
 * replications' Student-t interval at a simultaneous 95 % level (Bonferroni: 1 - 0.05/18
 * per interval). Quantities that are exactly 0 in every replication (availability in
 * overload) are compared with an absolute resolution of 1e-6.
 */
class ExactAgreementTestCase : public TestCase
{
  public:
    /// Exact solution of the scheme's model at an arrival rate.
    typedef std::function<InterruptAnalysisResult(double)> Oracle;

    /**
     * @param scheme scheme preset
     * @param oracle its exact model
     */
    ExactAgreementTestCase(std::string scheme, Oracle oracle)
        : TestCase("simulation within the CIs of the exact model: " + scheme),
          m_scheme(scheme),
          m_oracle(oracle)
    {
    }

  private:
    void DoRun() override
    {
        const std::vector<double> loads{10e3, 50e3, 100e3, 150e3, 200e3, 300e3};
        const uint32_t replications = 5;
        const double level = 1 - 0.05 / (3 * loads.size());
        std::cout << std::setprecision(5) << m_scheme
                  << ": load_kpps thr_sim+-ci thr_exact avail_sim+-ci avail_exact "
                     "lat_sim_us+-ci lat_exact_us\n";
        for (double lambda : loads)
        {
            std::vector<double> thr;
            std::vector<double> avail;
            std::vector<double> lat;
            for (uint32_t rep = 1; rep <= replications; ++rep)
            {
                PointResult r = MeasurePoint(SeedHost(m_scheme),
                                             lambda,
                                             Seconds(0.05),
                                             Seconds(0.5),
                                             rep);
                thr.push_back(r.throughput);
                avail.push_back(r.availability);
                lat.push_back(r.latency);
            }
            InterruptAnalysisResult exact = m_oracle(lambda);
            auto [thrMean, thrCi] = MeanCi(thr, level);
            auto [availMean, availCi] = MeanCi(avail, level);
            auto [latMean, latCi] = MeanCi(lat, level);
            std::cout << "  " << lambda / 1e3 << " " << thrMean << "+-" << thrCi << " "
                      << exact.throughput << " " << availMean << "+-" << availCi << " "
                      << exact.cpuAvailability << " " << latMean * 1e6 << "+-" << latCi * 1e6
                      << " " << exact.meanLatency * 1e6 << "\n";
            NS_TEST_EXPECT_MSG_EQ_TOL(thrMean,
                                      exact.throughput,
                                      std::max(thrCi, 1e-6 * exact.throughput),
                                      m_scheme << " throughput at " << lambda / 1e3 << " Kpps");
            NS_TEST_EXPECT_MSG_EQ_TOL(availMean,
                                      exact.cpuAvailability,
                                      std::max(availCi, 1e-6),
                                      m_scheme << " availability at " << lambda / 1e3 << " Kpps");
            NS_TEST_EXPECT_MSG_EQ_TOL(latMean,
                                      exact.meanLatency,
                                      std::max(latCi, 1e-6 * exact.meanLatency),
                                      m_scheme << " latency at " << lambda / 1e3 << " Kpps");
        }
    }

    std::string m_scheme; ///< scheme under test
    Oracle m_oracle;      ///< its exact model
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-validation suite.
 */
class ValidationTestSuite : public TestSuite
{
  public:
    ValidationTestSuite()
        : TestSuite("hostnet-validation", Type::SYSTEM)
    {
        const double mu = 1 / PROTO_MEAN;
        const double r = 1 / ISR_MEAN;
        const double w = 1 / WRITE_MEAN;
        AddTestCase(new ExactAgreementTestCase(
                        "ideal",
                        [mu](double lambda) { return InterruptAnalysis::Mm1b(lambda, mu, BUFFER); }),
                    TestCase::Duration::EXTENSIVE);
        AddTestCase(new ExactAgreementTestCase("normal",
                                               [mu, r](double lambda) {
                                                   return InterruptAnalysis::NormalInterruptionExact(
                                                       lambda,
                                                       mu,
                                                       r,
                                                       BUFFER);
                                               }),
                    TestCase::Duration::EXTENSIVE);
        AddTestCase(new ExactAgreementTestCase("disable-enable",
                                               [mu, r, w](double lambda) {
                                                   return LevelPhaseChain::DisableEnableDetailed(
                                                       lambda,
                                                       mu,
                                                       r,
                                                       w,
                                                       BUFFER);
                                               }),
                    TestCase::Duration::EXTENSIVE);
    }
};

/// Static instance.
static ValidationTestSuite g_validationTestSuite;
