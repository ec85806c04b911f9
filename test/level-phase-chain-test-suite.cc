/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-chains: the level-phase CTMC solver against dense solutions and limits.

#include "ns3/interrupt-analysis.h"
#include "ns3/level-phase-chain.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

/**
 * @ingroup hostnet-tests
 * @brief The disable-enable chain solved by level reduction equals a dense solve.
 *
 * The generator is rebuilt state by state from the model description (idle, ISR,
 * masked processing, unmask write) and solved by Gaussian elimination
 * (InterruptAnalysis::SolveStationaryDense); every metric agrees to 1e-9.
 */
class ChainDenseTestCase : public TestCase
{
  public:
    ChainDenseTestCase()
        : TestCase("level reduction == dense generator solve (disable-enable, B <= 12)")
    {
    }

  private:
    void DoRun() override
    {
        for (uint32_t B : {1U, 2U, 5U, 12U})
        {
            for (double lambda : {20e3, 150e3, 400e3})
            {
                const double mu = 1 / 5.34e-6;
                const double r = 1 / 3.73e-6;
                const double w = 1 / 0.5e-6;
                // State index: 0 = (0, idle), then for n = 1..B: ISR, PROC; WRITE for n = 0..B.
                auto isr = [](uint32_t n) { return 1 + 2 * (n - 1); };
                auto proc = [](uint32_t n) { return 2 + 2 * (n - 1); };
                auto write = [B](uint32_t n) { return 1 + 2 * B + n; };
                uint32_t size = 1 + 2 * B + (B + 1);
                std::vector<std::vector<double>> q(size, std::vector<double>(size, 0.0));
                q[0][isr(1)] += lambda;
                q[write(0)][0] += w;
                if (B > 0)
                {
                    q[write(0)][write(1)] += lambda;
                }
                for (uint32_t n = 1; n <= B; ++n)
                {
                    q[isr(n)][proc(n)] += r;
                    q[proc(n)][n == 1 ? write(0) : proc(n - 1)] += mu;
                    q[write(n)][isr(n)] += w;
                    if (n < B)
                    {
                        q[isr(n)][isr(n + 1)] += lambda;
                        q[proc(n)][proc(n + 1)] += lambda;
                        q[write(n)][write(n + 1)] += lambda;
                    }
                }
                for (uint32_t i = 0; i < size; ++i)
                {
                    double out = 0;
                    for (uint32_t j = 0; j < size; ++j)
                    {
                        out += i != j ? q[i][j] : 0.0;
                    }
                    q[i][i] = -out;
                }
                auto p = InterruptAnalysis::SolveStationaryDense(q);
                double throughput = 0;
                double backlog = 0;
                for (uint32_t n = 1; n <= B; ++n)
                {
                    throughput += mu * p[proc(n)];
                    backlog += n * (p[isr(n)] + p[proc(n)] + p[write(n)]);
                }
                auto res = LevelPhaseChain::DisableEnableDetailed(lambda, mu, r, w, B);
                NS_TEST_EXPECT_MSG_EQ_TOL(res.throughput / throughput, 1, 1e-9, "throughput");
                NS_TEST_EXPECT_MSG_EQ_TOL(res.cpuAvailability, p[0], 1e-9, "P(idle)");
                NS_TEST_EXPECT_MSG_EQ_TOL(res.meanBacklog, backlog, 1e-8, "E[N]");
            }
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Free ISR and unmask write reduce the chain to M/M/1/B (Salah et al. 2007's nu = mu case).
 *
 * With r, w -> infinity every frame is processed at mu as soon as the previous one is
 * done, so the chain is M/M/1/B; B = 1024 in deep overload must stay finite.
 */
class ChainLimitTestCase : public TestCase
{
  public:
    ChainLimitTestCase()
        : TestCase("instant ISR and write give M-M-1-B, stable at B = 1024")
    {
    }

  private:
    void DoRun() override
    {
        const double mu = 1 / 5.34e-6;
        for (double lambda : {10e3, 100e3, 187e3, 300e3, 1e6})
        {
            auto de = LevelPhaseChain::DisableEnableDetailed(lambda, mu, 1e13, 1e13, 1024);
            auto mm = InterruptAnalysis::Mm1b(lambda, mu, 1024);
            NS_TEST_EXPECT_MSG_EQ_TOL(de.throughput / mm.throughput, 1, 1e-5, "M/M/1/B throughput");
            NS_TEST_EXPECT_MSG_EQ_TOL(de.cpuAvailability, mm.cpuAvailability, 1e-5, "p0");
            NS_TEST_EXPECT_MSG_EQ_TOL(de.meanBacklog / mm.meanBacklog, 1, 1e-5, "E[N]");
            NS_TEST_EXPECT_MSG_EQ(std::isfinite(de.meanLatency), true, "finite latency");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Flow conservation on a fine load grid at B = 1024.
 *
 * Delivered = accepted: throughput = lambda (1 - loss) (PASTA), and the probabilities are
 * non-negative and sum to 1, at every 2 Kpps from 2 to 400 Kpps. (An earlier solver
 * formed block diagonals by subtraction and lost the upper levels at 210-292 Kpps.)
 */
class ChainConservationTestCase : public TestCase
{
  public:
    ChainConservationTestCase()
        : TestCase("throughput = lambda (1 - loss) at every load, B = 1024")
    {
    }

  private:
    void DoRun() override
    {
        const double mu = 1 / 5.34e-6;
        for (double lambda = 2e3; lambda <= 400e3; lambda += 2e3)
        {
            auto res = LevelPhaseChain::DisableEnableDetailed(lambda, mu, 1 / 3.73e-6, 2e6, 1024);
            NS_TEST_EXPECT_MSG_EQ_TOL(res.throughput / (lambda * (1 - res.lossProbability)),
                                      1,
                                      1e-9,
                                      "flow conservation at " << lambda / 1e3 << " Kpps");
            NS_TEST_EXPECT_MSG_LT_OR_EQ(res.throughput, mu * (1 + 1e-12), "at most mu");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-chains suite.
 */
class LevelPhaseChainTestSuite : public TestSuite
{
  public:
    LevelPhaseChainTestSuite()
        : TestSuite("hostnet-chains", Type::UNIT)
    {
        AddTestCase(new ChainDenseTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ChainLimitTestCase, TestCase::Duration::QUICK);
        AddTestCase(new ChainConservationTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static LevelPhaseChainTestSuite g_levelPhaseChainTestSuite;
