/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-test-utils: the Student-t quantile that the validation suite's confidence
// intervals use (Boost.Math's), against closed forms, published table values and the
// normal limit.

#include "hostnet-test-utils.h"

#include "ns3/test.h"

#include <cmath>
#include <numbers>

using namespace ns3;
using namespace hostnet_test;

namespace
{

/// The quantile against the closed forms for 1, 2 and 4 degrees of freedom.
class StudentTClosedFormTestCase : public TestCase
{
  public:
    StudentTClosedFormTestCase()
        : TestCase("Student t quantile = closed forms for 1, 2, 4 degrees of freedom")
    {
    }

  private:
    void DoRun() override
    {
        for (double p : {0.6, 0.9, 0.95, 0.975, 0.995, 1 - 0.05 / 18, 0.9995})
        {
            // dof 1: Cauchy; dof 2: (2p - 1) / sqrt(2p(1 - p)); dof 4: Hill (1970).
            double cauchy = std::tan(std::numbers::pi * (p - 0.5));
            double two = (2 * p - 1) / std::sqrt(2 * p * (1 - p));
            double alpha = 4 * p * (1 - p);
            double four =
                2 * std::sqrt(std::cos(std::acos(std::sqrt(alpha)) / 3) / std::sqrt(alpha) - 1);
            NS_TEST_EXPECT_MSG_EQ_TOL(StudentTQuantile(p, 1), cauchy, 1e-11 * cauchy, "p " << p);
            NS_TEST_EXPECT_MSG_EQ_TOL(StudentTQuantile(p, 2), two, 1e-11 * two, "p " << p);
            NS_TEST_EXPECT_MSG_EQ_TOL(StudentTQuantile(p, 4), four, 1e-11 * four, "p " << p);
            // Lower tail by symmetry, and the CDF inverts the quantile.
            NS_TEST_EXPECT_MSG_EQ_TOL(StudentTQuantile(1 - p, 4), -four, 1e-11 * four, "p " << p);
            NS_TEST_EXPECT_MSG_EQ_TOL(StudentTCdf(four, 4), p, 1e-13, "p " << p);
        }
    }
};

/// The quantile against published tables and the normal limit.
class StudentTTableTestCase : public TestCase
{
  public:
    StudentTTableTestCase()
        : TestCase("Student t quantile = NIST-SEMATECH table values; normal as dof grows")
    {
    }

  private:
    void DoRun() override
    {
        // NIST/SEMATECH e-Handbook of Statistical Methods, Table 1.3.6.7.2 (3 decimals).
        struct Row
        {
            double dof;   ///< degrees of freedom
            double p;     ///< probability
            double table; ///< tabulated quantile
        };

        for (const Row& r : {Row{3, 0.975, 3.182},
                             Row{5, 0.975, 2.571},
                             Row{10, 0.995, 3.169},
                             Row{30, 0.95, 1.697},
                             Row{100, 0.975, 1.984},
                             Row{7, 0.9995, 5.408}})
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(StudentTQuantile(r.p, r.dof),
                                      r.table,
                                      5e-4,
                                      "dof " << r.dof << " p " << r.p);
        }
        // z(0.975) = 1.959963985; the t quantile exceeds it by about z(z^2 + 1) / (4 dof).
        NS_TEST_EXPECT_MSG_EQ_TOL(StudentTQuantile(0.975, 1e7), 1.959963985, 1e-6, "normal");
        NS_TEST_EXPECT_MSG_GT(StudentTQuantile(0.975, 1000), StudentTQuantile(0.975, 1e7), "");
    }
};

/// MeanCi on a sample computed by hand.
class MeanCiTestCase : public TestCase
{
  public:
    MeanCiTestCase()
        : TestCase("MeanCi: mean and Student-t half width of {1, 2, 3}")
    {
    }

  private:
    void DoRun() override
    {
        // Mean 2, sample standard deviation 1, 2 degrees of freedom.
        auto [mean, half] = MeanCi({1, 2, 3}, 0.95);
        double t = 0.95 / std::sqrt(2 * 0.975 * 0.025);
        NS_TEST_EXPECT_MSG_EQ_TOL(mean, 2.0, 1e-15, "mean");
        NS_TEST_EXPECT_MSG_EQ_TOL(half, t / std::sqrt(3.0), 1e-12, "half width");
    }
};

} // namespace

/// The hostnet-test-utils suite.
class TestUtilsTestSuite : public TestSuite
{
  public:
    TestUtilsTestSuite()
        : TestSuite("hostnet-test-utils", Type::UNIT)
    {
        AddTestCase(new StudentTClosedFormTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new StudentTTableTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new MeanCiTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static TestUtilsTestSuite g_testUtilsTestSuite;
