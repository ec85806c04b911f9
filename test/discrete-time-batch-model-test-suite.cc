/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "ns3/discrete-time-batch-model.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

/**
 * @file
 * @ingroup hostnet-tests
 * Tests of the discrete-time GI^[X]/GI/1-L batching model (DiscreteTimeBatchModel,
 * Gebert et al. 2016).
 */

using namespace ns3;

namespace
{

/// One microsecond.
constexpr double kUs = 1e-6;

/**
 * Sampler of a DiscreteDistribution by inversion (grid indices).
 */
class GridSampler
{
  public:
    /**
     * Construct.
     * @param d the distribution
     */
    explicit GridSampler(const DiscreteDistribution& d)
    {
        double s = 0.0;
        for (double x : d.GetPmf())
        {
            s += x;
            m_cdf.push_back(s);
        }
    }

    /**
     * Draw.
     * @param u a uniform number in [0, 1)
     * @return a grid index
     */
    int64_t Draw(double u) const
    {
        const auto it = std::upper_bound(m_cdf.begin(), m_cdf.end(), u * m_cdf.back());
        return std::min<int64_t>(std::distance(m_cdf.begin(), it),
                                 static_cast<int64_t>(m_cdf.size()) - 1);
    }

  private:
    std::vector<double> m_cdf; ///< cumulative probabilities
};

/// Monte-Carlo estimates.
struct McResult
{
    double loss{0.0};           ///< rejected / offered packets
    double meanDelay{0.0};      ///< mean processing time of accepted packets (grid units)
    double meanBatch{0.0};      ///< mean batch size
    double meanBatchGap{0.0};   ///< mean time between batches (grid units)
    std::vector<double> delays; ///< histogram of accepted packets' processing time
    uint64_t packets{0};        ///< offered packets counted
};

/**
 * Monte-Carlo simulation of the system the model describes, on the grid: a renewal arrival
 * process (interarrival a); the first arrival after a transfer opens an interval of length
 * tau, arrivals strictly before its end join the batch; at the end the batch reaches the CPU,
 * whose unfinished work W decreases by one per grid step; the batch adds the overhead o, then
 * each packet is accepted if W < L (adding its service time, processing time = end - arrival
 * + W after adding) or rejected.
 *
 * @param p the model parameters
 * @param batches number of batches (after 1000 warm-up batches)
 * @param run RNG run number
 * @return the estimates
 */
McResult
Simulate(const DiscreteTimeBatchParameters& p, uint64_t batches, uint64_t run)
{
    RngSeedManager::SetSeed(12345);
    RngSeedManager::SetRun(run);
    Ptr<UniformRandomVariable> rng = CreateObject<UniformRandomVariable>();
    const GridSampler a(p.interarrival);
    const GridSampler b(p.service);
    const GridSampler tau(p.aggregation);
    const GridSampler o(p.overhead);
    const auto limit = static_cast<int64_t>(std::llround(p.L / p.interarrival.GetDt()));
    McResult r;
    int64_t nextArrival = a.Draw(rng->GetValue());
    int64_t work = 0;
    int64_t workTime = 0;
    int64_t lastTransfer = 0;
    uint64_t lost = 0;
    uint64_t accepted = 0;
    uint64_t batchPackets = 0;
    double delaySum = 0.0;
    double gapSum = 0.0;
    std::vector<int64_t> arrivals;
    const uint64_t warm = 1000;
    for (uint64_t n = 0; n < batches + warm; ++n)
    {
        const int64_t start = nextArrival;
        const int64_t end = start + tau.Draw(rng->GetValue());
        arrivals.clear();
        arrivals.push_back(start);
        nextArrival = start + a.Draw(rng->GetValue());
        while (nextArrival < end)
        {
            arrivals.push_back(nextArrival);
            nextArrival += a.Draw(rng->GetValue());
        }
        work = std::max<int64_t>(0, work - (end - workTime));
        workTime = end;
        work += o.Draw(rng->GetValue());
        const bool count = n >= warm;
        if (count)
        {
            batchPackets += arrivals.size();
            gapSum += static_cast<double>(end - lastTransfer);
        }
        lastTransfer = end;
        for (int64_t t : arrivals)
        {
            if (work < limit)
            {
                work += b.Draw(rng->GetValue());
                if (count)
                {
                    const auto d = static_cast<std::size_t>(end - t + work);
                    if (r.delays.size() <= d)
                    {
                        r.delays.resize(d + 1, 0.0);
                    }
                    r.delays[d] += 1.0;
                    delaySum += static_cast<double>(end - t + work);
                    ++accepted;
                }
            }
            else if (count)
            {
                ++lost;
            }
        }
    }
    r.packets = accepted + lost;
    r.loss = static_cast<double>(lost) / static_cast<double>(r.packets);
    r.meanDelay = delaySum / static_cast<double>(accepted);
    r.meanBatch = static_cast<double>(batchPackets) / static_cast<double>(batches);
    r.meanBatchGap = gapSum / static_cast<double>(batches);
    for (double& x : r.delays)
    {
        x /= static_cast<double>(accepted);
    }
    return r;
}

/**
 * Largest difference between the distribution functions of two pmfs on the same grid.
 *
 * @param x first pmf
 * @param y second pmf
 * @return sup |X(k) - Y(k)|
 */
double
KolmogorovDistance(const std::vector<double>& x, const std::vector<double>& y)
{
    double cx = 0.0;
    double cy = 0.0;
    double d = 0.0;
    for (std::size_t k = 0; k < std::max(x.size(), y.size()); ++k)
    {
        cx += k < x.size() ? x[k] : 0.0;
        cy += k < y.size() ? y[k] : 0.0;
        d = std::max(d, std::abs(cx - cy));
    }
    return d;
}

/**
 * Sum of a vector.
 * @param v the vector
 * @return the sum
 */
double
Sum(const std::vector<double>& v)
{
    double s = 0.0;
    for (double x : v)
    {
        s += x;
    }
    return s;
}

} // namespace

/**
 * @ingroup hostnet-tests
 * Helpers building discretised distributions.
 */
class DiscreteTimeDistributionsTestCase : public TestCase
{
  public:
    DiscreteTimeDistributionsTestCase()
        : TestCase("Discretised distributions")
    {
    }

  private:
    void DoRun() override
    {
        // Deterministic 7.25 us: exact on a 0.25 us grid, a 3:1 split of 7 and 8 on 1 us.
        const auto exact = DiscreteDistribution::Deterministic(7.25 * kUs, 0.25 * kUs);
        NS_TEST_ASSERT_MSG_EQ(exact.GetSize(), 30U, "point mass at index 29");
        NS_TEST_ASSERT_MSG_EQ(exact[29], 1.0, "point mass");
        const auto split = DiscreteDistribution::Deterministic(7.25 * kUs, kUs);
        NS_TEST_ASSERT_MSG_EQ_TOL(split[7], 0.75, 1e-12, "split 7");
        NS_TEST_ASSERT_MSG_EQ_TOL(split[8], 0.25, 1e-12, "split 8");
        NS_TEST_ASSERT_MSG_EQ_TOL(split.GetMean(), 7.25 * kUs, 1e-18, "mean preserved");
        NS_TEST_ASSERT_MSG_EQ_TOL(split.GetVariance(), 0.1875 * kUs * kUs, 1e-20, "variance");
        // Exponential (geometric on the grid): mean exact, variance (1-p)/p^2 dt^2.
        for (double mean : {1.0, 7.0, 40.0})
        {
            const auto e = DiscreteDistribution::Exponential(mean * kUs, kUs);
            NS_TEST_ASSERT_MSG_EQ_TOL(e.GetSum(), 1.0, 1e-14, "sum, mean=" << mean);
            NS_TEST_ASSERT_MSG_EQ_TOL(e.GetMean() / kUs, mean, 1e-12, "mean=" << mean);
            const double p = 1.0 / mean;
            NS_TEST_ASSERT_MSG_EQ_TOL(e.GetVariance() / (kUs * kUs),
                                      (1.0 - p) / (p * p),
                                      1e-9 * mean * mean,
                                      "variance, mean=" << mean);
            NS_TEST_ASSERT_MSG_EQ(e[0], 0.0, "no zero interarrival time");
        }
        // Table: normalised, values split mean-preservingly.
        const auto t =
            DiscreteDistribution::FromTable({{2 * kUs, 2.0}, {5.5 * kUs, 1.0}, {9 * kUs, 1.0}},
                                            kUs);
        NS_TEST_ASSERT_MSG_EQ_TOL(t.GetSum(), 1.0, 1e-15, "table sum");
        NS_TEST_ASSERT_MSG_EQ_TOL(t.GetMean() / kUs, (4.0 + 5.5 + 9.0) / 4.0, 1e-12, "mean");
        NS_TEST_ASSERT_MSG_EQ_TOL(t[5], 0.125, 1e-15, "5.5 split to 5");
        NS_TEST_ASSERT_MSG_EQ_TOL(t[6], 0.125, 1e-15, "5.5 split to 6");
        NS_TEST_ASSERT_MSG_EQ_TOL(t.GetCdf(5 * kUs), 0.625, 1e-15, "CDF");
        NS_TEST_ASSERT_MSG_EQ_TOL(t.GetQuantile(0.5) / kUs, 2.0, 1e-12, "median");
        NS_TEST_ASSERT_MSG_EQ_TOL(t.GetQuantile(0.7) / kUs, 6.0, 1e-12, "70% quantile");
        // SGW helpers.
        const auto sgw =
            DiscreteTimeBatchModel::Sgw(DiscreteDistribution::Deterministic(8 * kUs, kUs));
        NS_TEST_ASSERT_MSG_EQ_TOL(sgw.service.GetMean(), 7.25 * kUs, 1e-18, "E[B]");
        NS_TEST_ASSERT_MSG_EQ_TOL(sgw.overhead.GetMean(), 4 * kUs, 1e-18, "o");
        NS_TEST_ASSERT_MSG_EQ_TOL(sgw.aggregation.GetMean(), 200 * kUs, 1e-18, "tau");
        NS_TEST_ASSERT_MSG_EQ_TOL(sgw.L, 5200 * kUs, 1e-18, "L");
    }
};

/**
 * @ingroup hostnet-tests
 * The NIC side: batch sizes (eq. 1), batch interarrival times (eq. 4), NIC waiting times.
 */
class DiscreteTimeBatchProcessTestCase : public TestCase
{
  public:
    DiscreteTimeBatchProcessTestCase()
        : TestCase("Batch size, batch interarrival and NIC waiting distributions")
    {
    }

  private:
    void DoRun() override
    {
        const double dt = kUs;
        const auto tau100 = DiscreteDistribution::Deterministic(100 * kUs, dt);
        // The paper's examples: E[A] = 30 us, tau = 100 us: batches of four; E[A] = tau: one.
        {
            const auto a = DiscreteDistribution::Deterministic(30 * kUs, dt);
            const auto x = DiscreteTimeBatchModel::BatchSizeDistribution(a, tau100);
            NS_TEST_ASSERT_MSG_EQ(x.size(), 5U, "sizes up to 4");
            NS_TEST_ASSERT_MSG_EQ_TOL(x[4], 1.0, 1e-15, "batches of four");
            const auto c = DiscreteTimeBatchModel::ArrivalCountDistribution(a, tau100);
            NS_TEST_ASSERT_MSG_EQ_TOL(c[3], 1.0, 1e-15, "eq. 1 counts 3 arrivals after the first");
            const auto s = DiscreteTimeBatchModel::BatchInterarrivalDistribution(a, tau100);
            NS_TEST_ASSERT_MSG_EQ_TOL(s[120], 1.0, 1e-15, "S = 4 E[A] = 120 us");
            for (uint32_t i = 1; i <= 4; ++i)
            {
                const auto w = DiscreteTimeBatchModel::PeripheralWaitingTime(a, tau100, i);
                NS_TEST_ASSERT_MSG_EQ_TOL(w[100 - 30 * (i - 1)], 1.0, 1e-15, "W_" << i);
            }
            const auto a100 = DiscreteDistribution::Deterministic(100 * kUs, dt);
            const auto x1 = DiscreteTimeBatchModel::BatchSizeDistribution(a100, tau100);
            NS_TEST_ASSERT_MSG_EQ_TOL(x1[1], 1.0, 1e-15, "E[A] = tau: batches of one");
            const auto r = DiscreteTimeBatchModel::RecurrenceTimeDistribution(a100, tau100);
            NS_TEST_ASSERT_MSG_EQ_TOL(r[0], 1.0, 1e-15, "next packet exactly at the end");
        }
        // Deterministic E[A] = 7 us, tau = 200 us: 29 packets (0..196), residual 3 us.
        {
            const auto a = DiscreteDistribution::Deterministic(7 * kUs, dt);
            const auto tau = DiscreteDistribution::Deterministic(200 * kUs, dt);
            NS_TEST_ASSERT_MSG_EQ_TOL(DiscreteTimeBatchModel::BatchSizeDistribution(a, tau)[29],
                                      1.0,
                                      1e-15,
                                      "29 packets");
            const auto r = DiscreteTimeBatchModel::RecurrenceTimeDistribution(a, tau);
            NS_TEST_ASSERT_MSG_EQ_TOL(r[3], 1.0, 1e-15, "r_a = 203 - 200");
        }
        // Geometric interarrivals (Bernoulli arrivals with p per slot): X - 1 ~ Bin(m - 1, p),
        // P(S = m + l) = (1 - p)^l p.
        {
            const double p = 0.2;
            const std::size_t m = 30;
            const auto a = DiscreteDistribution::Exponential(1.0 / p * kUs, dt);
            const auto tau = DiscreteDistribution::Deterministic(static_cast<double>(m) * kUs, dt);
            const auto x = DiscreteTimeBatchModel::BatchSizeDistribution(a, tau);
            NS_TEST_ASSERT_MSG_EQ_TOL(Sum(x), 1.0, 1e-13, "sum");
            double binom = std::pow(1.0 - p, static_cast<double>(m - 1)); // k = 0
            for (std::size_t k = 0; k < m; ++k)
            {
                const double xk = k + 1 < x.size() ? x[k + 1] : 0.0; // tail below 1e-16 cut
                NS_TEST_ASSERT_MSG_EQ_TOL(xk, binom, 1e-13, "binomial, k=" << k);
                binom *=
                    static_cast<double>(m - 1 - k) / static_cast<double>(k + 1) * p / (1.0 - p);
            }
            const auto s = DiscreteTimeBatchModel::BatchInterarrivalDistribution(a, tau);
            for (std::size_t l = 0; l < 40; ++l)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(s[m + l],
                                          std::pow(1.0 - p, static_cast<double>(l)) * p,
                                          1e-13,
                                          "geometric residual, l=" << l);
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(s.GetSum(), 1.0, 1e-13, "s sums to 1");
            // NIC wait of the 2nd packet given it is in the batch: uniform-like truncated
            // geometric: P(W_2 = m - j) ~ p (1-p)^(j-1), j = 1..m-1.
            const auto w2 = DiscreteTimeBatchModel::PeripheralWaitingTime(a, tau, 2);
            const double norm = 1.0 - std::pow(1.0 - p, static_cast<double>(m - 1));
            NS_TEST_ASSERT_MSG_EQ_TOL(w2[m - 1], p / norm, 1e-13, "W_2 = m - 1");
            NS_TEST_ASSERT_MSG_EQ_TOL(w2.GetSum(), 1.0, 1e-13, "W_2 sums to 1");
        }
        // Wald: E[S] = E[X] E[A] for several interarrival distributions and intervals; s is
        // eq. (4), r_a * tau, for a deterministic tau.
        const std::vector<DiscreteDistribution> as = {
            DiscreteDistribution::Deterministic(7.3 * kUs, dt),
            DiscreteDistribution::Exponential(7.0 * kUs, dt),
            DiscreteDistribution::FromTable({{1 * kUs, 0.5}, {6 * kUs, 0.3}, {25 * kUs, 0.2}}, dt),
            DiscreteDistribution::FromTable({{0, 0.1}, {3 * kUs, 0.9}}, dt)};
        const std::vector<DiscreteDistribution> taus = {
            DiscreteDistribution::Deterministic(200 * kUs, dt),
            DiscreteDistribution::Deterministic(0.0, dt),
            DiscreteDistribution::FromTable({{0, 0.2}, {10 * kUs, 0.5}, {37 * kUs, 0.3}}, dt)};
        for (std::size_t ia = 0; ia < as.size(); ++ia)
        {
            for (std::size_t it = 0; it < taus.size(); ++it)
            {
                const auto x = DiscreteTimeBatchModel::BatchSizeDistribution(as[ia], taus[it]);
                const auto s =
                    DiscreteTimeBatchModel::BatchInterarrivalDistribution(as[ia], taus[it]);
                double meanX = 0.0;
                for (std::size_t k = 1; k < x.size(); ++k)
                {
                    meanX += static_cast<double>(k) * x[k];
                }
                NS_TEST_ASSERT_MSG_EQ_TOL(Sum(x), 1.0, 1e-12, "x sum " << ia << "/" << it);
                NS_TEST_ASSERT_MSG_EQ_TOL(s.GetSum(), 1.0, 1e-12, "s sum " << ia << "/" << it);
                NS_TEST_ASSERT_MSG_EQ_TOL(s.GetMean() / (meanX * as[ia].GetMean()),
                                          1.0,
                                          1e-10,
                                          "Wald, a " << ia << " tau " << it);
                if (it == 0)
                {
                    const auto r =
                        DiscreteTimeBatchModel::RecurrenceTimeDistribution(as[ia], taus[it]);
                    for (std::size_t k = 0; k < s.GetSize(); ++k)
                    {
                        NS_TEST_ASSERT_MSG_EQ_TOL(s[k],
                                                  r[k < 200 ? s.GetSize() : k - 200],
                                                  1e-15,
                                                  "eq. 4: s = r_a * tau, k=" << k);
                    }
                }
            }
        }
    }
};

/**
 * @ingroup hostnet-tests
 * No batching (tau = 0): the GI/GI/1-L queue against an independent Monte-Carlo simulation
 * and the continuous M/M/1 queue with a work limit.
 */
class DiscreteTimeNoBatchingTestCase : public TestCase
{
  public:
    DiscreteTimeNoBatchingTestCase()
        : TestCase("No batching with exponential service against Monte-Carlo and MM1 with a "
                   "work limit")
    {
    }

  private:
    void DoRun() override
    {
        const double dt = kUs;
        // Discrete M/M/1-like system: geometric interarrival (mean 10) and service (mean 9),
        // L = 60, with and without a per-batch (= per-packet) overhead of 1.
        for (double overhead : {0.0, 1.0})
        {
            DiscreteTimeBatchParameters p;
            p.interarrival = DiscreteDistribution::Exponential(10 * kUs, dt);
            p.service = DiscreteDistribution::Exponential(9 * kUs, dt);
            p.aggregation = DiscreteDistribution::Deterministic(0.0, dt);
            p.overhead = DiscreteDistribution::Deterministic(overhead * kUs, dt);
            p.L = 60 * kUs;
            const auto r = DiscreteTimeBatchModel::Solve(p);
            NS_TEST_ASSERT_MSG_EQ(r.converged, true, "converged, o=" << overhead);
            NS_TEST_ASSERT_MSG_EQ_TOL(r.meanBatchSize, 1.0, 1e-15, "no batching");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.lossProbabilityEq11,
                                      r.lossProbability,
                                      1e-15,
                                      "eq. 11 is exact without batches");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.unfinishedWork.GetSum(), 1.0, 1e-12, "u sums to 1");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.processingTime.GetSum(), 1.0, 1e-12, "d sums to 1");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.processingTime.GetMean() / r.meanProcessingTime,
                                      1.0,
                                      1e-12,
                                      "mean of d = direct mean");
            const auto mc = Simulate(p, 2000000, 1 + static_cast<uint64_t>(overhead));
            const double lossSigma = std::sqrt(r.lossProbability / mc.packets) * 10.0;
            NS_TEST_ASSERT_MSG_EQ_TOL(mc.loss,
                                      r.lossProbability,
                                      lossSigma,
                                      "loss vs Monte-Carlo, o=" << overhead);
            NS_TEST_ASSERT_MSG_EQ_TOL(mc.meanDelay * dt / r.meanProcessingTime,
                                      1.0,
                                      0.01,
                                      "E[D] vs Monte-Carlo, o=" << overhead);
            NS_TEST_ASSERT_MSG_LT(KolmogorovDistance(mc.delays, r.processingTime.GetPmf()),
                                  0.005,
                                  "distribution of D vs Monte-Carlo, o=" << overhead);
        }
        // Continuous M/M/1 with a work limit L (arrivals finding work >= L are rejected):
        // 1/mu = 8, 1/lambda = 10, L = 80 (time units). The workload density is
        // p0 lambda e^{-(mu-lambda) v} below L and p0 lambda e^{-(mu-lambda) L} e^{-mu (v-L)}
        // above; loss = p0 (lambda/mu) e^{-(mu-lambda) L} (PASTA). The grid model approaches
        // it with an O(dt) error (about -10% on the loss with 1/mu = 20 dt, -5% with 40 dt);
        // Richardson extrapolation 2 r(dt/2) - r(dt) from 1/mu = 10 dt and 20 dt cancels it.
        {
            const double mu = 1.0 / 8.0;
            const double lambda = 1.0 / 10.0;
            const double l = 80.0;
            const double g = mu - lambda;
            const double p0 = 1.0 / (1.0 + lambda / g * (1.0 - std::exp(-g * l)) +
                                     lambda / mu * std::exp(-g * l));
            const double loss = p0 * lambda / mu * std::exp(-g * l);
            // E[V 1{V < L}] = p0 lambda int_0^L v e^{-g v} dv
            const double vMoment = p0 * lambda * (1.0 - std::exp(-g * l) * (1.0 + g * l)) / (g * g);
            const double meanD = (vMoment + (1.0 - loss) / mu) / (1.0 - loss);
            std::vector<double> losses;
            std::vector<double> delays;
            for (double points : {10.0, 20.0}) // grid points per mean service time
            {
                DiscreteTimeBatchParameters p;
                p.interarrival = DiscreteDistribution::Exponential(1.25 * points * dt, dt);
                p.service = DiscreteDistribution::Exponential(points * dt, dt);
                p.aggregation = DiscreteDistribution::Deterministic(0.0, dt);
                p.overhead = DiscreteDistribution::Deterministic(0.0, dt);
                p.L = 10.0 * points * dt;
                const auto r = DiscreteTimeBatchModel::Solve(p);
                NS_TEST_ASSERT_MSG_EQ(r.converged, true, "converged");
                losses.push_back(r.lossProbability / loss);
                delays.push_back(r.meanProcessingTime / dt * 8.0 / points / meanD);
            }
            NS_TEST_ASSERT_MSG_EQ_TOL(losses[1], 1.0, 0.15, "M/M/1-L loss, 20 points");
            NS_TEST_ASSERT_MSG_EQ_TOL(2.0 * losses[1] - losses[0], 1.0, 0.01, "extrapolated loss");
            NS_TEST_ASSERT_MSG_EQ_TOL(2.0 * delays[1] - delays[0], 1.0, 0.005, "extrapolated E[D]");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * Batching with overhead against a Monte-Carlo simulation of the same discrete system.
 */
class DiscreteTimeBatchMonteCarloTestCase : public TestCase
{
  public:
    DiscreteTimeBatchMonteCarloTestCase()
        : TestCase("Batches with overhead against Monte-Carlo")
    {
    }

  private:
    void DoRun() override
    {
        const double dt = kUs;
        const auto service =
            DiscreteDistribution::FromTable({{2 * kUs, 0.5}, {5 * kUs, 0.3}, {9 * kUs, 0.2}}, dt);

        // (interarrival, tolerance factor): geometric and deterministic arrivals make X and S
        // independent (the model is exact); the table distribution does not (eq. 8's
        // independence assumption, small error).
        struct Case
        {
            DiscreteDistribution a; ///< interarrival
            double tol;             ///< relative tolerance on E[D] and loss
        };

        const std::vector<Case> cases = {
            {DiscreteDistribution::Exponential(4.5 * kUs, dt), 0.02},
            {DiscreteDistribution::Deterministic(4 * kUs, dt), 0.02},
            {DiscreteDistribution::FromTable({{1 * kUs, 0.6}, {9 * kUs, 0.4}}, dt), 0.05}};
        uint64_t run = 10;
        for (const auto& c : cases)
        {
            DiscreteTimeBatchParameters p;
            p.interarrival = c.a;
            p.service = service;
            p.aggregation = DiscreteDistribution::Deterministic(20 * kUs, dt);
            p.overhead = DiscreteDistribution::Deterministic(3 * kUs, dt);
            p.L = 60 * kUs;
            const auto r = DiscreteTimeBatchModel::Solve(p);
            const auto mc = Simulate(p, 400000, ++run);
            NS_TEST_ASSERT_MSG_EQ(r.converged, true, "converged, run " << run);
            NS_TEST_ASSERT_MSG_EQ_TOL(mc.meanBatch / r.meanBatchSize, 1.0, 0.01, "E[X]");
            NS_TEST_ASSERT_MSG_EQ_TOL(mc.meanBatchGap * dt / r.batchInterarrival.GetMean(),
                                      1.0,
                                      0.01,
                                      "E[S]");
            NS_TEST_ASSERT_MSG_GT(r.lossProbability, 0.01, "some loss, run " << run);
            NS_TEST_ASSERT_MSG_EQ_TOL(mc.loss / r.lossProbability,
                                      1.0,
                                      c.tol,
                                      "loss vs Monte-Carlo, run " << run);
            NS_TEST_ASSERT_MSG_EQ_TOL(mc.meanDelay * dt / r.meanProcessingTime,
                                      1.0,
                                      c.tol,
                                      "E[D] vs Monte-Carlo, run " << run);
            NS_TEST_ASSERT_MSG_LT(KolmogorovDistance(mc.delays, r.processingTime.GetPmf()),
                                  c.tol,
                                  "distribution of D vs Monte-Carlo, run " << run);
            NS_TEST_ASSERT_MSG_EQ_TOL(r.processingTime.GetMean() / r.meanProcessingTime,
                                      1.0,
                                      1e-12,
                                      "mean of d = direct mean");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.load,
                                      (r.meanBatchSize * service.GetMean() + 3 * kUs) /
                                          r.batchInterarrival.GetMean(),
                                      1e-12,
                                      "eq. 10 with overhead");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * The SGW scenario of the paper with deterministic arrivals.
 */
class DiscreteTimeSgwTestCase : public TestCase
{
  public:
    DiscreteTimeSgwTestCase()
        : TestCase("SGW: loss threshold, hand values, convergence steps")
    {
    }

  private:
    void DoRun() override
    {
        // On a 0.25 us grid the SGW system is deterministic (B = 7.25, o = 4, tau = 200 us).
        const double dt = 0.25 * kUs;
        for (double ea : {6.0, 6.5, 7.0, 7.25, 7.5, 8.0, 8.5, 9.0})
        {
            auto p = DiscreteTimeBatchModel::Sgw(DiscreteDistribution::Deterministic(ea * kUs, dt));
            const auto r = DiscreteTimeBatchModel::Solve(p);
            NS_TEST_ASSERT_MSG_EQ(r.converged, true, "converged, E[A]=" << ea);
            // Batch: packets at 0, E[A], ... < 200 us.
            const double x = std::ceil(200.0 / ea);
            const double s = x * ea;
            NS_TEST_ASSERT_MSG_EQ_TOL(r.meanBatchSize, x, 1e-12, "E[X], E[A]=" << ea);
            NS_TEST_ASSERT_MSG_EQ_TOL(r.load, (7.25 + 4.0 / x) / ea, 1e-12, "rho, E[A]=" << ea);
            NS_TEST_ASSERT_MSG_EQ_TOL(r.processingTime.GetSum(), 1.0, 1e-12, "d sums to 1");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.processingTime.GetMean() / r.meanProcessingTime,
                                      1.0,
                                      1e-12,
                                      "mean of d = direct mean, E[A]=" << ea);
            if (ea > 7.25 + 4.0 / x)
            {
                // Stable: the work left by a batch is gone before the next one; packet i
                // waits 200 - (i-1) E[A] at the NIC and 4 + i 7.25 us at the CPU.
                NS_TEST_ASSERT_MSG_LT(r.lossProbability, 1e-12, "no loss, E[A]=" << ea);
                if (7.25 * x + 4.0 <= s)
                {
                    const double meanD = 200.0 + 4.0 + (x + 1.0) / 2.0 * (7.25 - ea) + ea;
                    NS_TEST_ASSERT_MSG_EQ_TOL(r.meanProcessingTime / kUs,
                                              meanD,
                                              1e-9,
                                              "hand E[D], E[A]=" << ea);
                }
            }
            else
            {
                // Overload: the CPU is always busy, each batch gets S - o of work done, so
                // (S - o)/7.25 of its x packets are accepted on average.
                NS_TEST_ASSERT_MSG_EQ_TOL(r.lossProbability,
                                          1.0 - (s - 4.0) / 7.25 / x,
                                          1e-9,
                                          "overload loss, E[A]=" << ea);
                NS_TEST_ASSERT_MSG_GT(r.meanProcessingTime, 5000 * kUs, "full queue");
            }
        }
        // The paper's headline on the 1 us grid (service split 7/8 us): loss starts as E[A]
        // drops below about 7.25 us (plus o/E[X]); each evaluation converges in well under
        // 1000 steps of the work recursion (tens observed).
        double last = 0.0;
        for (double ea : {9.0, 8.0, 7.5, 7.25, 7.0, 6.5, 6.0})
        {
            auto p =
                DiscreteTimeBatchModel::Sgw(DiscreteDistribution::Deterministic(ea * kUs, kUs));
            const auto r = DiscreteTimeBatchModel::Solve(p);
            NS_TEST_ASSERT_MSG_EQ(r.converged, true, "converged, E[A]=" << ea);
            NS_TEST_ASSERT_MSG_LT(r.iterations, 1000U, "iterations, E[A]=" << ea);
            if (ea >= 7.5)
            {
                NS_TEST_ASSERT_MSG_LT(r.lossProbability, 1e-9, "no loss, E[A]=" << ea);
            }
            else
            {
                NS_TEST_ASSERT_MSG_GT(r.lossProbability, 0.01, "loss, E[A]=" << ea);
                NS_TEST_ASSERT_MSG_GT(r.lossProbability, last, "loss grows, E[A]=" << ea);
            }
            if (ea <= 7.0)
            {
                NS_TEST_ASSERT_MSG_GT(r.lossProbability, 0.05, "more than 5%, E[A]=" << ea);
            }
            last = r.lossProbability;
        }
        // Near the critical load (rho = 1.0007) the accelerated iteration still converges in
        // about 400 steps, where plain iteration needs about 55,000.
        {
            auto p =
                DiscreteTimeBatchModel::Sgw(DiscreteDistribution::Deterministic(7.39 * kUs, kUs));
            const auto r = DiscreteTimeBatchModel::Solve(p);
            NS_TEST_ASSERT_MSG_EQ(r.converged, true, "converged near rho = 1");
            NS_TEST_ASSERT_MSG_LT(r.iterations, 1000U, "iterations near rho = 1");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.load, 1.0, 0.002, "rho near 1");
            // Without the accelerator (only the 48 plain iterations) it is far from converged.
            p.maxIterations = 48;
            const auto partial = DiscreteTimeBatchModel::Solve(p);
            NS_TEST_ASSERT_MSG_EQ(partial.converged, false, "48 plain iterations are not enough");
        }
    }
};

/**
 * @ingroup hostnet-tests
 * Test suite of the discrete-time batching model.
 */
class DiscreteTimeBatchModelTestSuite : public TestSuite
{
  public:
    DiscreteTimeBatchModelTestSuite()
        : TestSuite("hostnet-discrete-time-model", Type::UNIT)
    {
        AddTestCase(new DiscreteTimeDistributionsTestCase, TestCase::Duration::QUICK);
        AddTestCase(new DiscreteTimeBatchProcessTestCase, TestCase::Duration::QUICK);
        AddTestCase(new DiscreteTimeNoBatchingTestCase, TestCase::Duration::QUICK);
        AddTestCase(new DiscreteTimeBatchMonteCarloTestCase, TestCase::Duration::QUICK);
        AddTestCase(new DiscreteTimeSgwTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance registering the suite with the ns-3 test framework.
static DiscreteTimeBatchModelTestSuite g_discreteTimeBatchModelTestSuite;
