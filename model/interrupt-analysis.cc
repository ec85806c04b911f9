/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "interrupt-analysis.h"

#include "ns3/abort.h"
#include "ns3/assert.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InterruptAnalysis");

namespace
{

/**
 * @brief Summary of the truncated geometric distribution q_k ~ rho^k, k = 0..B.
 *
 * This is the M/M/1/B queue length distribution with load rho.
 */
struct TruncatedGeometric
{
    double p0;   ///< q_0, the probability of an empty system
    double pB;   ///< q_B, the probability of a full system
    double mean; ///< sum_k k q_k
};

/**
 * @brief g(s) = 1 / (exp(s) - 1) - 1 / s for s >= 0, without cancellation near 0.
 *
 * g is smooth on [0, inf) with g(0) = -1/2 and g(s) -> -1/s for large s.
 *
 * @param s the argument, >= 0
 * @return g(s)
 */
double
ExcessBoseFunction(double s)
{
    if (s < 0.1)
    {
        // Bernoulli-number series of s / (exp(s) - 1), divided by s; the first omitted
        // term is below 1e-20 for s < 0.1.
        const double s2 = s * s;
        return -0.5 + s * (1.0 / 12.0 +
                           s2 * (-1.0 / 720.0 +
                                 s2 * (1.0 / 30240.0 + s2 * (-1.0 / 1209600.0 + s2 / 47900160.0))));
    }
    return 1.0 / std::expm1(s) - 1.0 / s;
}

/**
 * @brief Mean of the truncated geometric distribution q_k ~ exp(-t k), k = 0..B, t >= 0.
 *
 * Uses mean = 1/(e^t - 1) - (B+1)/(e^{(B+1)t} - 1), which is free of cancellation for
 * t >= 1, and the identical mean = g(t) - (B+1) g((B+1) t) (the 1/t terms cancel
 * analytically) for t < 1, which is accurate down to t = 0 (mean = B/2).
 *
 * @param t the decay exponent, >= 0
 * @param B the largest value
 * @return the mean
 */
double
TruncatedGeometricMean(double t, uint32_t B)
{
    const double b1 = static_cast<double>(B) + 1.0;
    if (t < 1.0)
    {
        return ExcessBoseFunction(t) - b1 * ExcessBoseFunction(b1 * t);
    }
    return 1.0 / std::expm1(t) - b1 / std::expm1(b1 * t);
}

/**
 * @brief The M/M/1/B queue length distribution summary, computed stably.
 *
 * Works with logRho = ln(rho): for rho <= 1 the weights exp(-t k) with t = -logRho are
 * summed in closed form with expm1; for rho > 1 the distribution is mirrored
 * (k -> B - k, weights exp(-logRho k)), so that no power of a number > 1 is ever formed.
 *
 * @param logRho natural logarithm of the load
 * @param B buffer size, >= 1
 * @return p0, pB and the mean
 */
TruncatedGeometric
SolveTruncatedGeometric(double logRho, uint32_t B)
{
    const double b = static_cast<double>(B);
    TruncatedGeometric res{};
    if (logRho == 0.0)
    {
        res.p0 = 1.0 / (b + 1.0);
        res.pB = res.p0;
        res.mean = b / 2.0;
        return res;
    }
    const double t = std::fabs(logRho);
    // Probability of the most likely end (k = 0 of exp(-t k)): (1 - x) / (1 - x^{B+1}).
    const double head = std::expm1(-t) / std::expm1(-(b + 1.0) * t);
    const double tail = head * std::exp(-b * t);
    const double mean = TruncatedGeometricMean(t, B);
    if (logRho < 0.0)
    {
        res.p0 = head;
        res.pB = tail;
        res.mean = mean;
    }
    else
    {
        res.p0 = tail;
        res.pB = head;
        res.mean = b - mean;
    }
    return res;
}

/**
 * @brief ln(num / den) for positive finite num and den, without overflow or underflow.
 *
 * @param num numerator, > 0
 * @param den denominator, > 0
 * @return the natural logarithm of the ratio
 */
double
LogRatio(double num, double den)
{
    const double ratio = num / den;
    if (std::isnormal(ratio))
    {
        return std::log(ratio);
    }
    return std::log(num) - std::log(den);
}

/**
 * @brief M/M/1/B figures given the arrival rate, the service rate and ln(rho).
 *
 * @param lambda arrival rate
 * @param mu service rate
 * @param logRho ln(lambda / mu), passed separately so callers can compute it accurately
 * @param B buffer size
 * @param[out] geo the queue length distribution summary
 * @return throughput (accepted rate); chosen among the equal mu (1 - p0) and
 *         lambda (1 - pB) so that the subtracted probability is at most 1/2
 */
double
Mm1bThroughput(double lambda, double mu, double logRho, uint32_t B, TruncatedGeometric& geo)
{
    geo = SolveTruncatedGeometric(logRho, B);
    if (logRho <= 0.0)
    {
        return lambda * (1.0 - geo.pB);
    }
    return mu * (1.0 - geo.p0);
}

/**
 * @brief Abort on invalid arrival/service rates or buffer size.
 *
 * @param lambda arrival rate
 * @param mu service rate
 * @param B buffer size
 */
void
CheckLambdaMuB(double lambda, double mu, uint32_t B)
{
    NS_ABORT_MSG_IF(!(lambda > 0.0) || !std::isfinite(lambda),
                    "InterruptAnalysis: lambda must be a positive finite rate, got " << lambda);
    NS_ABORT_MSG_IF(!(mu > 0.0) || !std::isfinite(mu),
                    "InterruptAnalysis: mu must be a positive finite rate, got " << mu);
    NS_ABORT_MSG_IF(B == 0, "InterruptAnalysis: buffer size B must be >= 1");
}

/**
 * @brief Abort on an invalid ISR rate (positive, +infinity allowed).
 *
 * @param r ISR handling rate
 */
void
CheckR(double r)
{
    NS_ABORT_MSG_IF(!(r > 0.0),
                    "InterruptAnalysis: r must be a positive rate or +infinity, got " << r);
}

} // namespace

InterruptAnalysisResult
InterruptAnalysis::Mm1b(double lambda, double mu, uint32_t B)
{
    NS_LOG_FUNCTION(lambda << mu << B);
    CheckLambdaMuB(lambda, mu, B);
    TruncatedGeometric geo;
    const double gamma = Mm1bThroughput(lambda, mu, LogRatio(lambda, mu), B, geo);
    InterruptAnalysisResult res{};
    res.throughput = gamma;
    res.cpuAvailability = geo.p0;
    res.meanBacklog = geo.mean;
    res.meanLatency = geo.mean / gamma;
    res.lossProbability = geo.pB;
    NS_LOG_INFO("M/M/1/B lambda=" << lambda << " mu=" << mu << " B=" << B << ": gamma=" << gamma
                                  << " p0=" << geo.p0 << " E[N]=" << geo.mean);
    return res;
}

InterruptAnalysisResult
InterruptAnalysis::NormalInterruptionClosedForm(double lambda, double mu, double r, uint32_t B)
{
    NS_LOG_FUNCTION(lambda << mu << r << B);
    CheckLambdaMuB(lambda, mu, B);
    CheckR(r);
    if (std::isinf(r))
    {
        return Mm1b(lambda, mu, B);
    }
    // Eq. 2: mu' = mu r / (lambda + r); share of CPU left to protocol processing.
    const double cpuShare = r / (lambda + r);
    const double muPrime = mu * cpuShare;
    // Eq. 4: rho_IP = lambda / mu' = (lambda / mu) (1 + lambda / r), taken in logs.
    const double logRhoIp = LogRatio(lambda, mu) + std::log1p(lambda / r);
    TruncatedGeometric geo;
    // Eq. 5: gamma = mu' (1 - p0) (= lambda (1 - pB), whichever is better conditioned).
    const double gamma = Mm1bThroughput(lambda, muPrime, logRhoIp, B, geo);
    InterruptAnalysisResult res{};
    res.throughput = gamma;
    // Eq. 3: V = r / (lambda + r) p0.
    res.cpuAvailability = cpuShare * geo.p0;
    // Eq. 6: E[T] = 1/r + E_IP[N] / lambda', lambda' = gamma.
    res.meanLatency = 1.0 / r + geo.mean / gamma;
    res.lossProbability = geo.pB;
    res.meanBacklog = geo.mean;
    NS_LOG_INFO("closed form lambda=" << lambda << " mu'=" << muPrime
                                      << " rho_IP=" << std::exp(logRhoIp) << ": gamma=" << gamma
                                      << " V=" << res.cpuAvailability
                                      << " E[T]=" << res.meanLatency);
    return res;
}

std::vector<double>
InterruptAnalysis::NormalInterruptionExactDistribution(double lambda,
                                                       double mu,
                                                       double r,
                                                       uint32_t B)
{
    NS_LOG_FUNCTION(lambda << mu << r << B);
    CheckLambdaMuB(lambda, mu, B);
    CheckR(r);

    // Coefficients of the recursion, with S_n = p(n,0) + p(n,1):
    //   p(n+1,0) = (lambda / mu) S_n                       (cut between levels n and n+1)
    //   p(n+1,1) = lambda / (lambda + r) S_n,  n+1 < B     (balance of (n+1,1))
    //   p(B,1)   = (lambda / r) (S_{B-1} + p(B,0))         (balance of (B,1))
    const bool noIsr = std::isinf(r);
    const double toIdle = lambda / mu;
    const double toIsr = noIsr ? 0.0 : lambda / (lambda + r);
    const double toFullIsr = noIsr ? 0.0 : lambda / r;

    // Unnormalised values; a level whose total exceeds kRescale is divided by that total
    // (recorded in scale[n]) before the next level is computed from it, so that no stored
    // number exceeds kRescale times the largest recursion coefficient (no overflow even
    // when the level totals grow like (toIdle + toIsr)^n in overload).
    constexpr double kRescale = 1e100;
    const std::size_t levels = static_cast<std::size_t>(B) + 1;
    std::vector<double> p(2 * levels, 0.0);
    std::vector<double> scale(levels, 1.0);
    p[0] = 1.0; // p(0,0), arbitrary unit
    p[1] = 0.0; // p(0,1): no transition enters (0,1), it is transient
    for (std::size_t n = 0; n < levels - 1; ++n)
    {
        double s = p[2 * n] + p[2 * n + 1];
        if (s > kRescale)
        {
            p[2 * n] /= s;
            p[2 * n + 1] /= s;
            scale[n] = s;
            s = 1.0;
        }
        const std::size_t m = n + 1;
        p[2 * m] = toIdle * s;
        p[2 * m + 1] = (m < B) ? toIsr * s : toFullIsr * (s + p[2 * m]);
    }
    // Bring every level to the units of the last one: level n was stored divided by
    // scale[0] * ... * scale[n], the last level by all of them. Levels that are smaller
    // than the last by more than the double range underflow to zero, harmlessly.
    double divisor = 1.0;
    double total = 0.0;
    for (std::size_t n = levels; n-- > 0;)
    {
        p[2 * n] /= divisor;
        p[2 * n + 1] /= divisor;
        total += p[2 * n] + p[2 * n + 1];
        divisor *= scale[n];
    }
    NS_ASSERT_MSG(total > 0.0 && std::isfinite(total), "normalisation failed: " << total);
    for (auto& v : p)
    {
        v /= total;
    }
    return p;
}

InterruptAnalysisResult
InterruptAnalysis::NormalInterruptionExact(double lambda, double mu, double r, uint32_t B)
{
    NS_LOG_FUNCTION(lambda << mu << r << B);
    CheckLambdaMuB(lambda, mu, B);
    CheckR(r);
    if (std::isinf(r))
    {
        return Mm1b(lambda, mu, B);
    }
    const std::vector<double> p = NormalInterruptionExactDistribution(lambda, mu, r, B);
    double busy = 0.0;
    double backlog = 0.0;
    for (uint32_t n = 1; n <= B; ++n)
    {
        busy += p[2 * n];
        backlog += n * (p[2 * n] + p[2 * n + 1]);
    }
    InterruptAnalysisResult res{};
    res.throughput = mu * busy;
    res.cpuAvailability = p[0];
    res.meanBacklog = backlog;
    res.meanLatency = backlog / res.throughput;
    // PASTA: an arrival is lost iff it finds n == B; equals 1 - throughput / lambda.
    res.lossProbability = p[2 * B] + p[2 * B + 1];
    NS_LOG_INFO("exact lambda=" << lambda << " mu=" << mu << " r=" << r << " B=" << B
                                << ": gamma=" << res.throughput << " V=" << res.cpuAvailability
                                << " E[T]=" << res.meanLatency);
    return res;
}

double
InterruptAnalysis::CliffPoint(double mu, double r)
{
    NS_LOG_FUNCTION(mu << r);
    NS_ABORT_MSG_IF(!(mu > 0.0) || !std::isfinite(mu),
                    "InterruptAnalysis: mu must be a positive finite rate, got " << mu);
    CheckR(r);
    // r/2 (sqrt(1 + 4 mu/r) - 1) == 2 mu / (sqrt(1 + 4 mu/r) + 1); the latter has no
    // cancellation for mu << r and gives mu for r = +infinity.
    return 2.0 * mu / (std::sqrt(1.0 + 4.0 * mu / r) + 1.0);
}

std::vector<double>
InterruptAnalysis::SolveStationaryDense(const std::vector<std::vector<double>>& q)
{
    NS_LOG_FUNCTION(q.size());
    const std::size_t n = q.size();
    NS_ABORT_MSG_IF(n == 0, "InterruptAnalysis: generator q must not be empty");
    for (const auto& row : q)
    {
        NS_ABORT_MSG_IF(row.size() != n, "InterruptAnalysis: generator q must be square");
    }
    // a x = b with a = Q^T, the last equation replaced by sum(x) = 1.
    std::vector<std::vector<double>> a(n, std::vector<double>(n + 1, 0.0));
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t j = 0; j < n; ++j)
        {
            a[i][j] = (i + 1 == n) ? 1.0 : q[j][i];
        }
        a[i][n] = (i + 1 == n) ? 1.0 : 0.0;
    }
    double maxAbs = 0.0;
    for (const auto& row : a)
    {
        for (std::size_t j = 0; j < n; ++j)
        {
            maxAbs = std::max(maxAbs, std::fabs(row[j]));
        }
    }
    for (std::size_t col = 0; col < n; ++col)
    {
        std::size_t pivot = col;
        for (std::size_t i = col + 1; i < n; ++i)
        {
            if (std::fabs(a[i][col]) > std::fabs(a[pivot][col]))
            {
                pivot = i;
            }
        }
        NS_ABORT_MSG_IF(!(std::fabs(a[pivot][col]) > 1e-13 * maxAbs),
                        "InterruptAnalysis: singular system (more than one recurrent class?)");
        std::swap(a[col], a[pivot]);
        for (std::size_t i = col + 1; i < n; ++i)
        {
            const double f = a[i][col] / a[col][col];
            if (f == 0.0)
            {
                continue;
            }
            for (std::size_t j = col; j <= n; ++j)
            {
                a[i][j] -= f * a[col][j];
            }
        }
    }
    std::vector<double> x(n, 0.0);
    for (std::size_t i = n; i-- > 0;)
    {
        double s = a[i][n];
        for (std::size_t j = i + 1; j < n; ++j)
        {
            s -= a[i][j] * x[j];
        }
        x[i] = s / a[i][i];
    }
    return x;
}

} // namespace ns3
