/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-validation: simulation against exact numerical solutions of the same models,
// with independent replications and confidence intervals (Salah et al. 2007 Sec. 3-4).

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

// The "salah-2007" preset's values, for the exact models.
constexpr double ISR_MEAN = 3.73e-6;   ///< 1/r (Salah et al. 2007)
constexpr double PROTO_MEAN = 5.34e-6; ///< 1/mu (Salah et al. 2007)
constexpr double WRITE_MEAN = 0.5e-6;  ///< register write (Salah et al. 2007)
constexpr uint32_t BUFFER = 1024;      ///< B (Salah et al. 2007)

/// Salah et al. 2007's host with exponential costs; B is the backlog and the ring.
HostNetDeviceHelper
Salah2007Host(const std::string& scheme)
{
    HostNetDeviceHelper helper;
    helper.SetPreset("salah-2007");
    // Exponential, unlike the default constant: the chain needs memoryless phases.
    helper.SetCostAttribute("RegisterWriteCost",
                            StringValue(HostNetDeviceHelper::ExponentialCost(Seconds(WRITE_MEAN))));
    helper.SetScheme(scheme);
    if (scheme == "ideal" || scheme == "normal")
    {
        helper.SetRxMode("ns3::PerPacketRxMode", "BacklogSize", UintegerValue(BUFFER));
    }
    return helper;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief A scheme against the exact CTMC of the same model at six loads.
 *
 * Poisson arrivals, exponential costs, Salah et al. 2007's parameters; 5 independent replications
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
                PointResult r =
                    MeasurePoint(Salah2007Host(m_scheme), lambda, Seconds(0.05), Seconds(0.5), rep);
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
                      << exact.cpuAvailability << " " << latMean * 1e6 << "+-" << latCi * 1e6 << " "
                      << exact.meanLatency * 1e6 << "\n";
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
 * @brief Pure polling with deterministic costs against M/D/1/B in overload (Salah et al. 2007
 * Sec. 3.4).
 *
 * Deterministic overhead 1.59 us and protocol cost 5.34 us, T_poll = 20 us, Q = 3,
 * B = 1024; Poisson arrivals at 200 and 300 Kpps, 3 replications of 0.3 s after 0.1 s.
 * Every 20 us slot then carries Q frames: the service rate is Q / T_poll = 150 Kpps, so
 * the model is M/D/1/B with service time T_poll / Q (not eq. 9's Q / (T_poll - T_pollOH)
 * = 163 Kpps, which exceeds what Q frames per period can give). Throughput and latency
 * agree with that M/D/1/B within 1 %; CPU availability equals eq. 10,
 * 1 - (T_pollOH + Q/mu) / T_poll = 0.1195, within 0.005.
 */
class PollingMd1bTestCase : public TestCase
{
  public:
    PollingMd1bTestCase()
        : TestCase("deterministic pure polling in overload is M-D-1-B at Q per T_poll")
    {
    }

  private:
    void DoRun() override
    {
        HostNetDeviceHelper helper = Salah2007Host("pure-polling");
        helper.SetCostAttribute("ProtocolCost",
                                StringValue(HostNetDeviceHelper::ConstantCost(NanoSeconds(5340))));
        helper.SetCostAttribute("PollOverheadCost",
                                StringValue(HostNetDeviceHelper::ConstantCost(NanoSeconds(1590))));
        const double mu = 1 / PROTO_MEAN;
        for (double lambda : {200e3, 300e3})
        {
            double thr = 0;
            double avail = 0;
            double lat = 0;
            for (uint32_t rep = 1; rep <= 3; ++rep)
            {
                PointResult r = MeasurePoint(helper, lambda, Seconds(0.1), Seconds(0.3), rep);
                thr += r.throughput / 3;
                avail += r.availability / 3;
                lat += r.latency / 3;
            }
            auto md1b = InterruptAnalysis::MD1B(lambda, 20e-6 / 3, BUFFER);
            auto paper =
                InterruptAnalysis::PurePollingClosedForm(lambda, mu, 20e-6, 1.59e-6, 3, BUFFER);
            std::cout << "pure polling " << lambda / 1e3 << " Kpps: sim " << thr << " pps, "
                      << avail << " available, " << lat * 1e6 << " us; M/D/1/B(T/Q) "
                      << md1b.throughput << " pps, " << md1b.meanLatency * 1e6
                      << " us; paper eqs. 9-12 " << paper.throughput << " pps, "
                      << paper.cpuAvailability << ", " << paper.meanLatency * 1e6 << " us\n";
            NS_TEST_EXPECT_MSG_EQ_TOL(thr / md1b.throughput, 1, 0.01, "throughput at " << lambda);
            NS_TEST_EXPECT_MSG_EQ_TOL(lat / md1b.meanLatency, 1, 0.01, "latency at " << lambda);
            NS_TEST_EXPECT_MSG_EQ_TOL(avail, 1 - (1.59 + 3 * 5.34) / 20, 0.005, "eq. 10");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Salah et al. 2007's qualitative findings (Sec. 4, 5.2).
 *
 * Salah et al. 2007 parameters, Poisson arrivals, 3 replications of 0.3 s:
 * - disable-enable has the best throughput and latency at 150 and 300 Kpps (against
 *   normal interruption, count-8, time-50us, pure polling, Salah et al. 2007's NAPI);
 * - polling (pure, and Salah et al. 2007's NAPI, which polls at the same period under load) keeps
 *   at least 10 points more CPU available at 300 Kpps than every interrupt-driven scheme;
 * - Salah et al. 2007's NAPI has lower latency than pure polling at 10 Kpps;
 * - a large tau hurts latency at low load: count-8 is several times slower than count-1
 *   (normal interruption) at 10 Kpps.
 */
class QualitativeFindingsTestCase : public TestCase
{
  public:
    QualitativeFindingsTestCase()
        : TestCase("Salah et al. 2007's qualitative findings hold")
    {
    }

  private:
    /// Mean of 3 replications.
    static PointResult Mean(const std::string& scheme, double lambda)
    {
        PointResult sum{0, 0, 0, {}};
        for (uint32_t rep = 1; rep <= 3; ++rep)
        {
            PointResult r =
                MeasurePoint(Salah2007Host(scheme), lambda, Seconds(0.05), Seconds(0.3), rep);
            sum.throughput += r.throughput / 3;
            sum.availability += r.availability / 3;
            sum.latency += r.latency / 3;
        }
        return sum;
    }

    void DoRun() override
    {
        const std::vector<std::string> others{"normal",
                                              "prenapi-count-8",
                                              "prenapi-time-50us",
                                              "pure-polling",
                                              "napi-salah2007"};
        for (double lambda : {150e3, 300e3})
        {
            PointResult de = Mean("disable-enable", lambda);
            for (const auto& scheme : others)
            {
                PointResult o = Mean(scheme, lambda);
                NS_TEST_EXPECT_MSG_GT_OR_EQ(de.throughput,
                                            o.throughput * 0.999,
                                            "disable-enable throughput vs " << scheme << " at "
                                                                            << lambda / 1e3);
                NS_TEST_EXPECT_MSG_LT_OR_EQ(de.latency,
                                            o.latency * 1.001,
                                            "disable-enable latency vs " << scheme << " at "
                                                                         << lambda / 1e3);
            }
        }
        // Polling (pure, and Salah et al. 2007's NAPI, which polls at the same period under load)
        // keeps CPU for applications at high load; the interrupt-driven schemes do not.
        PointResult pure = Mean("pure-polling", 300e3);
        PointResult napi = Mean("napi-salah2007", 300e3);
        for (const auto& scheme :
             {"normal", "prenapi-count-8", "prenapi-time-50us", "disable-enable"})
        {
            PointResult o = Mean(scheme, 300e3);
            NS_TEST_EXPECT_MSG_GT(pure.availability,
                                  o.availability + 0.1,
                                  "pure polling vs " << scheme);
            NS_TEST_EXPECT_MSG_GT(napi.availability,
                                  o.availability + 0.1,
                                  "Salah et al.'s NAPI vs " << scheme);
        }
        PointResult napiLow = Mean("napi-salah2007", 10e3);
        PointResult pollLow = Mean("pure-polling", 10e3);
        NS_TEST_EXPECT_MSG_LT(napiLow.latency, pollLow.latency, "NAPI beats polling at low load");
        PointResult tau1 = Mean("prenapi-count-1", 10e3);
        PointResult tau8 = Mean("prenapi-count-8", 10e3);
        NS_TEST_EXPECT_MSG_GT(tau8.latency, 3 * tau1.latency, "large tau hurts at low load");
    }
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
        AddTestCase(
            new ExactAgreementTestCase(
                "ideal",
                [mu](double lambda) { return InterruptAnalysis::Mm1b(lambda, mu, BUFFER); }),
            TestCase::Duration::EXTENSIVE);
        AddTestCase(
            new ExactAgreementTestCase(
                "normal",
                [mu, r](double lambda) {
                    return InterruptAnalysis::NormalInterruptionExact(lambda, mu, r, BUFFER);
                }),
            TestCase::Duration::EXTENSIVE);
        AddTestCase(new ExactAgreementTestCase(
                        "disable-enable",
                        [mu, r, w](double lambda) {
                            return LevelPhaseChain::DisableEnableDetailed(lambda, mu, r, w, BUFFER);
                        }),
                    TestCase::Duration::EXTENSIVE);
        AddTestCase(new PollingMd1bTestCase, TestCase::Duration::EXTENSIVE);
        AddTestCase(new QualitativeFindingsTestCase, TestCase::Duration::EXTENSIVE);
    }
};

/// Static instance.
static ValidationTestSuite g_validationTestSuite;
