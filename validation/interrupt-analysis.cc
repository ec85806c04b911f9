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

// Without NDEBUG (ns-3's debug builds) uBLAS would check each factorisation against a
// product of its factors, to sqrt(epsilon), and throw on the ill-conditioned systems whose
// singularity SolveStationaryDense reports itself: the same behaviour in every build.
#define BOOST_UBLAS_TYPE_CHECK 0
#include <algorithm>
#include <boost/numeric/ublas/lu.hpp>
#include <boost/numeric/ublas/matrix.hpp>
#include <boost/numeric/ublas/vector.hpp>
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
 * Normalise a two-phase level distribution computed with per-level rescaling.
 *
 * Level n (entries 2n, 2n+1) was stored divided by scale[0] * ... * scale[n]; bring every
 * level to the units of the last one and divide by the total. Levels smaller than the
 * last by more than the double range underflow to zero, harmlessly.
 */
void
NormalizeScaledLevels(std::vector<double>& p, const std::vector<double>& scale, std::size_t levels)
{
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
}

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

/**
 * @brief Abort on an invalid disable-enable service rate nu.
 *
 * @param nu service rate of a packet that finds interrupts enabled
 */
void
CheckNu(double nu)
{
    NS_ABORT_MSG_IF(!(nu > 0.0) || !std::isfinite(nu),
                    "InterruptAnalysis: nu must be a positive finite rate, got " << nu);
}

/**
 * @brief The paper's disable-enable closed form (eqs. 7, 8, pB, E[N]) at given a and b.
 */
struct DisableEnableClosedValues
{
    long double p01;             ///< eq. 7
    long double gammaOverLambda; ///< eq. 8 divided by lambda
    long double pB;              ///< loss probability (with p_{0,1} for the printed p_{1,0})
    long double meanN;           ///< E[N] (with p_{0,1} for the printed p_{1,0})
};

/**
 * @brief Evaluate the printed disable-enable formulas at a = lambda/mu, b = lambda/(lambda+nu).
 *
 * Every power x^n is formed as exp(n ln x - L) with L = B max(ln a, 0), i.e. numerator and
 * denominator of eqs. 7-8 (and the bracket of pB and E[N], together with p(0,1) e^L) are
 * divided by max(a, 1)^B: an exact rearrangement that prevents overflow for a > 1. Not
 * defined at a == 1 or a == b (0/0).
 *
 * @param a lambda / mu, > 0
 * @param b lambda / (lambda + nu), in (0, 1)
 * @param B buffer size, >= 1
 * @return the four closed-form quantities
 */
DisableEnableClosedValues
EvaluateDisableEnableClosedForm(long double a, long double b, uint32_t B)
{
    const long double la = std::log(a);
    const long double lb = std::log(b);
    const long double bb = B;
    const long double shift = bb * std::max(la, 0.0L); // L
    const long double eL = std::exp(-shift);           // e^{-L}, may underflow to 0
    const long double aB = std::exp(bb * la - shift);  // a^B e^{-L}
    const long double bB = std::exp(bb * lb - shift);  // b^B e^{-L}
    const long double bma = b - a;
    // Eq. 7 denominator (b-a)(1-a+ab-ab^B) - a^2 (1-b)(ab^B - a^B b), times e^{-L}.
    const long double den =
        bma * ((1 - a + a * b) * eL - a * bB) - a * a * (1 - b) * (a * bB - aB * b);
    // Eq. 7: p(0,1) = (b-a)(1-a)(1-b) / den. scaledP01 = p(0,1) e^{L}.
    const long double scaledP01 = bma * (1 - a) * (1 - b) / den;
    // Eq. 8 numerator (b-a)(1-a+ab-b^B) - a(1-b)(ab^B - a^B b), times e^{-L}.
    const long double num8 = bma * ((1 - a + a * b) * eL - bB) - a * (1 - b) * (a * bB - aB * b);
    // pB / p(0,1) = (1-a)(ab+b-a) / ((b-a)(1-b)) b^B - ab/(b-a) a^B (times e^{-L} here).
    const long double c1 = (1 - a) * (a * b + b - a) / (bma * (1 - b));
    const long double fullRatio = c1 * bB - a * b / bma * aB;
    // E[N] / p(0,1) = (ab+b-a)/(b-a) sum n b^n - ab/(b-a) sum n a^n + B pB / p(0,1).
    long double sumB = 0;
    long double sumA = 0;
    for (uint32_t n = 1; n < B; ++n)
    {
        sumB += n * std::exp(n * lb - shift);
        sumA += n * std::exp(n * la - shift);
    }
    const long double nRatio = (a * b + b - a) / bma * sumB - a * b / bma * sumA + bb * fullRatio;
    DisableEnableClosedValues v{};
    v.p01 = scaledP01 * eL;
    v.gammaOverLambda = num8 / den;
    v.pB = scaledP01 * fullRatio;
    v.meanN = scaledP01 * nRatio;
    return v;
}

/**
 * @brief Poisson probabilities and tails for the M/D/1/B departure-epoch recursion.
 */
struct PoissonTerms
{
    double a0;                ///< e^{-rho}, may underflow to 0
    std::vector<double> tail; ///< tail[m] = P(X > m), m = 0..size-1
};

/**
 * @brief P(X = k) and P(X > m) for X ~ Poisson(rho), computed without cancellation.
 *
 * The pmf is formed in logs (no overflow of rho^k or k!, underflow to 0 is harmless).
 * The tails are obtained by backward summation tail[m-1] = tail[m] + P(X = m) from the
 * top tail, which is a forward sum of the decreasing terms beyond the mode when top >= rho
 * and 1 - P(X <= top) otherwise (then P(X <= top) is below about 1/2: no cancellation).
 *
 * @param rho the Poisson mean, > 0
 * @param count number of tails wanted (m = 0..count-1), >= 1
 * @return the terms
 */
PoissonTerms
ComputePoissonTerms(double rho, std::size_t count)
{
    const double logRho = std::log(rho);
    auto pmf = [rho, logRho](double k) { return std::exp(-rho + k * logRho - std::lgamma(k + 1)); };
    PoissonTerms t;
    t.a0 = std::exp(-rho);
    t.tail.assign(count, 0.0);
    const std::size_t top = count - 1;
    const double topD = static_cast<double>(top);
    double topTail = 0.0;
    if (topD >= rho)
    {
        // Terms k > top >= rho decrease (ratio rho / k < 1); stop when negligible.
        for (double k = topD + 1.0;; k += 1.0)
        {
            const double term = pmf(k);
            topTail += term;
            if (term <= 1e-18 * topTail || (term == 0.0 && k > rho))
            {
                break;
            }
        }
    }
    else
    {
        double cdf = 0.0;
        for (std::size_t k = 0; k <= top; ++k)
        {
            cdf += pmf(static_cast<double>(k));
        }
        topTail = 1.0 - cdf;
    }
    t.tail[top] = topTail;
    for (std::size_t m = top; m > 0; --m)
    {
        t.tail[m - 1] = t.tail[m] + pmf(static_cast<double>(m));
    }
    return t;
}

/**
 * @brief Summary of the M/D/1/B solution.
 */
struct Md1bSolution
{
    double rho;            ///< lambda * serviceTime
    double pi0;            ///< departure-epoch probability of an empty system
    std::vector<double> p; ///< time-average p_0..p_B
};

/**
 * @brief Solve the M/D/1/B queue (see InterruptAnalysis::MD1BDistribution).
 *
 * @param lambda arrival rate
 * @param serviceTime deterministic service time
 * @param B buffer size
 * @return rho, pi_0 and the time-average distribution
 */
Md1bSolution
SolveMd1b(double lambda, double serviceTime, uint32_t B)
{
    NS_ABORT_MSG_IF(!(lambda > 0.0) || !std::isfinite(lambda),
                    "InterruptAnalysis: lambda must be a positive finite rate, got " << lambda);
    NS_ABORT_MSG_IF(!(serviceTime > 0.0) || !std::isfinite(serviceTime),
                    "InterruptAnalysis: serviceTime must be positive and finite, got "
                        << serviceTime);
    NS_ABORT_MSG_IF(B == 0, "InterruptAnalysis: buffer size B must be >= 1");
    const double rho = lambda * serviceTime;
    NS_ABORT_MSG_IF(!std::isfinite(rho) || !(rho > 0.0),
                    "InterruptAnalysis: lambda * serviceTime must be positive and finite");
    const std::size_t k = B; // departure-epoch states 0..B-1
    // For rho < 1 the recursion is continued past B-1 (see below), at most kExtraFactor B
    // further steps.
    constexpr std::size_t kExtraFactor = 4;
    constexpr std::size_t kExtraMin = 100;
    const bool stable = rho < 1.0;
    const std::size_t maxLen = stable ? (kExtraFactor + 1) * k + kExtraMin : k;
    const PoissonTerms terms = ComputePoissonTerms(rho, maxLen);
    const auto& tail = terms.tail;
    // Unnormalised pi_j = q_j (q_0 = 1) are stored as z_j = q_j z_0: all with one common
    // scale, which changes by exact powers of two only, to keep the values below about
    // 2^kMaxExp.
    constexpr int kMaxExp = 600;
    constexpr double kLn2 = 0.69314718055994530942;
    // a_0 = e^{-rho} is a normal double for rho < 700; beyond, s / a_0 is not formed.
    const bool smallRho = rho < 700.0;
    std::vector<double> z;
    z.reserve(maxLen);
    z.push_back(1.0);
    double extraTail = 0.0; // sum of z_j for j >= B (rho < 1 only)
    // Computes z_{j+1} from z_0..z_j and appends it.
    auto next = [&](std::size_t j) {
        // Cut between {0..j} and {j+1..}: up-flow pi_0 abar_j + sum_{i=1}^{j} pi_i
        // abar_{j+1-i}, down-flow pi_{j+1} a_0 (only a departure without arrival).
        double s = z[0] * tail[j];
        for (std::size_t i = 1; i <= j; ++i)
        {
            s += z[i] * tail[j + 1 - i];
        }
        if (s == 0.0)
        {
            z.push_back(0.0); // the distribution has died out (extremely light load)
            return;
        }
        const double log2New = (std::log(s) + rho) / kLn2; // log2(s / a_0)
        if (smallRho)
        {
            if (log2New > kMaxExp)
            {
                // Exact power-of-two rescale; values that underflow are below 1e-300 of
                // the newest one.
                const int shift = static_cast<int>(log2New);
                for (auto& v : z)
                {
                    v = std::ldexp(v, -shift);
                }
                s = std::ldexp(s, -shift);
                extraTail = std::ldexp(extraTail, -shift);
            }
            z.push_back(s / terms.a0);
        }
        else
        {
            // rho >= 700: the new value exceeds every stored one by a factor above
            // e^700 abar_1 (abar_1 = 1 - e^{-rho}(1 + rho) ~ 1): the older ones are
            // negligible; keep their (underflowing) ratios anyway.
            const double down = std::exp(-log2New * kLn2);
            for (auto& v : z)
            {
                v *= down;
            }
            z.push_back(1.0);
        }
    };
    for (std::size_t j = 0; j + 1 < k; ++j)
    {
        next(j);
    }
    double total = 0.0;
    double upper = 0.0; // sum_{1 <= j < B} z_j
    for (std::size_t j = 0; j < k; ++j)
    {
        total += z[j];
        if (j >= 1)
        {
            upper += z[j];
        }
    }
    NS_ASSERT_MSG(total > 0.0 && std::isfinite(total), "M/D/1/B normalisation failed: " << total);
    Md1bSolution sol;
    sol.rho = rho;
    sol.pi0 = z[0] / total;
    const double denom = sol.pi0 + rho;
    sol.p.assign(k + 1, 0.0);
    for (std::size_t j = 0; j < k; ++j)
    {
        sol.p[j] = z[j] / total / denom;
    }
    // p_B = 1 - 1/(pi_0 + rho) = (rho - sum_{j>=1} pi_j) / (pi_0 + rho): a difference that
    // cancels when p_B is small. For rho < 1 the q_j of the finite queue are those of the
    // infinite M/D/1 queue, whose q_j sum to 1 / (1 - rho); hence rho - sum_{j>=1} pi_j =
    // (1 - rho) sum_{j>=B} q_j / sum_{j<B} q_j, and continuing the (positive) recursion
    // past B-1 gives p_B = (1 - rho) sum_{j>=B} q_j / (1 + rho sum_{j<B} q_j) without
    // cancellation. Used when the continued terms die out within kExtraFactor B + kExtraMin
    // steps (geometric decay; the remainder is estimated from the last ratio); otherwise
    // p_B is not small and the difference is accurate enough.
    const double upperShare = upper / total;
    bool converged = false;
    if (stable && z[k - 1] > 0.0)
    {
        for (std::size_t j = k - 1; j + 1 < maxLen; ++j)
        {
            next(j);
            const double last = z[j + 1];
            extraTail += last;
            const double ratio = last / z[j];
            if (last == 0.0 || (ratio < 1.0 && last / (1.0 - ratio) <= 1e-17 * extraTail))
            {
                converged = true;
                break;
            }
        }
        // z[0..B-1] may have been rescaled together with extraTail: recompute the sum.
        total = 0.0;
        for (std::size_t j = 0; j < k; ++j)
        {
            total += z[j];
        }
    }
    else if (stable)
    {
        converged = true; // z[B-1] == 0: the distribution died out before B, p_B = 0
    }
    if (converged)
    {
        sol.p[k] = (1.0 - rho) * extraTail / (z[0] + rho * total);
    }
    else
    {
        sol.p[k] = std::max(0.0, rho - upperShare) / denom;
    }
    return sol;
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
    NormalizeScaledLevels(p, scale, levels);
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
InterruptAnalysis::DisableEnableExactDistribution(double lambda, double mu, double nu, uint32_t B)
{
    NS_LOG_FUNCTION(lambda << mu << nu << B);
    CheckLambdaMuB(lambda, mu, B);
    CheckNu(nu);
    // a = lambda/mu, b = lambda/(lambda+nu). Recursion (derivation in the header):
    //   p(n,1) = b p(n-1,1),  p(n,0) = a (p(n-1,0) + b p(n-1,1)),  1 <= n < B
    //   p(B,1) = (lambda/nu) p(B-1,1),  p(B,0) = a p(B-1,0).
    const double a = lambda / mu;
    const double b = lambda / (lambda + nu);
    const double full = lambda / nu;
    // Unnormalised values; a level whose total exceeds kRescale is divided by that total
    // (recorded in scale[n]) before the next level is computed from it (no overflow when
    // the levels grow like a^n in overload).
    constexpr double kRescale = 1e100;
    const std::size_t levels = static_cast<std::size_t>(B) + 1;
    std::vector<double> p(2 * levels, 0.0);
    std::vector<double> scale(levels, 1.0);
    p[0] = 0.0; // (0,0) does not exist
    p[1] = 1.0; // p(0,1), arbitrary unit
    for (std::size_t n = 0; n + 1 < levels; ++n)
    {
        const double s = p[2 * n] + p[2 * n + 1];
        if (s > kRescale)
        {
            p[2 * n] /= s;
            p[2 * n + 1] /= s;
            scale[n] = s;
        }
        const std::size_t m = n + 1;
        if (m < B)
        {
            p[2 * m + 1] = b * p[2 * n + 1];
            p[2 * m] = a * (p[2 * n] + b * p[2 * n + 1]);
        }
        else
        {
            p[2 * m + 1] = full * p[2 * n + 1];
            p[2 * m] = a * p[2 * n];
        }
    }
    NormalizeScaledLevels(p, scale, levels);
    return p;
}

InterruptAnalysisResult
InterruptAnalysis::DisableEnableExact(double lambda, double mu, double nu, uint32_t B)
{
    NS_LOG_FUNCTION(lambda << mu << nu << B);
    const std::vector<double> p = DisableEnableExactDistribution(lambda, mu, nu, B);
    double served = 0.0;
    double backlog = 0.0;
    for (uint32_t n = 1; n <= B; ++n)
    {
        served += mu * p[2 * n] + nu * p[2 * n + 1];
        backlog += n * (p[2 * n] + p[2 * n + 1]);
    }
    InterruptAnalysisResult res{};
    res.throughput = served;
    res.cpuAvailability = p[1];
    res.meanBacklog = backlog;
    res.meanLatency = backlog / served;
    // PASTA: an arrival is lost iff it finds n == B; equals 1 - throughput / lambda.
    res.lossProbability = p[2 * B] + p[2 * B + 1];
    NS_LOG_INFO("disable-enable exact lambda=" << lambda << " mu=" << mu << " nu=" << nu
                                               << " B=" << B << ": gamma=" << res.throughput
                                               << " V=" << res.cpuAvailability
                                               << " E[T]=" << res.meanLatency);
    return res;
}

InterruptAnalysisResult
InterruptAnalysis::DisableEnableClosedForm(double lambda, double mu, double nu, uint32_t B)
{
    NS_LOG_FUNCTION(lambda << mu << nu << B);
    CheckLambdaMuB(lambda, mu, B);
    CheckNu(nu);
    const long double a = static_cast<long double>(lambda) / mu;
    const long double b =
        static_cast<long double>(lambda) / (static_cast<long double>(lambda) + nu);
    // Removable singularities of the printed formulas at a == 1 and a == b (0/0). Within
    // relative distance `width` of such a point a_s, interpolate linearly between the
    // formulas at a_s (1 - width) and a_s (1 + width): interpolation error about
    // 0.1 (B width)^2, rounding error of the formulas at that distance about 2e-19 / width
    // (measured); the width balances the two (error ~1e-11 for B <= 1024).
    const long double width =
        1e-8L * std::min(1.0L, std::cbrt(1024.0L / B) * std::cbrt(1024.0L / B));
    DisableEnableClosedValues v{};
    const long double singular = (std::fabs(a - 1) < width) ? 1.0L : b;
    if (std::fabs(a / singular - 1) < width)
    {
        const auto lo = EvaluateDisableEnableClosedForm(singular * (1 - width), b, B);
        const auto hi = EvaluateDisableEnableClosedForm(singular * (1 + width), b, B);
        const long double t = (a / singular - (1 - width)) / (2 * width);
        auto lerp = [t](long double x, long double y) { return x + t * (y - x); };
        v.p01 = lerp(lo.p01, hi.p01);
        v.gammaOverLambda = lerp(lo.gammaOverLambda, hi.gammaOverLambda);
        v.pB = lerp(lo.pB, hi.pB);
        v.meanN = lerp(lo.meanN, hi.meanN);
    }
    else
    {
        v = EvaluateDisableEnableClosedForm(a, b, B);
    }
    InterruptAnalysisResult res{};
    res.throughput = static_cast<double>(lambda * v.gammaOverLambda);
    res.cpuAvailability = static_cast<double>(v.p01);
    res.lossProbability = static_cast<double>(v.pB);
    res.meanBacklog = static_cast<double>(v.meanN);
    // E[T] = E[N] / lambda', lambda' = lambda (1 - pB).
    res.meanLatency = static_cast<double>(v.meanN / (lambda * (1 - v.pB)));
    NS_LOG_INFO("disable-enable closed form lambda="
                << lambda << " a=" << static_cast<double>(a) << " b=" << static_cast<double>(b)
                << ": gamma=" << res.throughput << " V=" << res.cpuAvailability
                << " E[T]=" << res.meanLatency);
    return res;
}

double
InterruptAnalysis::PurePollingEffectiveRate(double mu, double tPoll, double tPollOh, uint32_t Q)
{
    NS_LOG_FUNCTION(mu << tPoll << tPollOh << Q);
    NS_ABORT_MSG_IF(!(mu > 0.0) || !std::isfinite(mu),
                    "InterruptAnalysis: mu must be a positive finite rate, got " << mu);
    NS_ABORT_MSG_IF(!(tPoll > 0.0) || !std::isfinite(tPoll),
                    "InterruptAnalysis: tPoll must be positive and finite, got " << tPoll);
    NS_ABORT_MSG_IF(!(tPollOh >= 0.0) || !(tPollOh < tPoll),
                    "InterruptAnalysis: tPollOh must be in [0, tPoll), got " << tPollOh);
    NS_ABORT_MSG_IF(Q == 0, "InterruptAnalysis: polling quota Q must be >= 1");
    // Eq. 9: T_v = T_poll - T_pollOH, U_pollOH = T_pollOH / T_poll.
    const double tV = tPoll - tPollOh;
    if (Q / mu < tV)
    {
        return Q / tV;
    }
    return mu * (1.0 - tPollOh / tPoll);
}

InterruptAnalysisResult
InterruptAnalysis::PurePollingClosedForm(double lambda,
                                         double mu,
                                         double tPoll,
                                         double tPollOh,
                                         uint32_t Q,
                                         uint32_t B)
{
    NS_LOG_FUNCTION(lambda << mu << tPoll << tPollOh << Q << B);
    CheckLambdaMuB(lambda, mu, B);
    const double muPrime = PurePollingEffectiveRate(mu, tPoll, tPollOh, Q); // eq. 9
    const double tV = tPoll - tPollOh;
    const double uPollOh = tPollOh / tPoll;
    // Eq. 10: N = lambda T_poll arrivals and M = mu T_v possible services per period.
    const double arrivalsPerPoll = lambda * tPoll;
    const double servicesPerPoll = mu * tV;
    double availability = 0.0;
    if (arrivalsPerPoll < servicesPerPoll && arrivalsPerPoll < Q)
    {
        availability = 1.0 - (uPollOh + lambda / mu);
    }
    else if (Q < servicesPerPoll)
    {
        availability = 1.0 - (uPollOh + Q / (mu * tPoll));
    }
    // else U_IP = T_v / T_poll and V = 1 - (T_pollOH + T_v) / T_poll = 0 exactly.
    // Protocol processing: M/D/1/B with service time 1/mu'.
    const Md1bSolution sol = SolveMd1b(lambda, 1.0 / muPrime, B);
    double meanN = 0.0;
    for (uint32_t n = 1; n <= B; ++n)
    {
        meanN += n * sol.p[n];
    }
    const double p0 = sol.p[0];
    InterruptAnalysisResult res{};
    // gamma = mu' (1 - p0) = lambda (1 - pB) = lambda / (pi_0 + rho), the last without
    // cancellation.
    res.throughput = lambda / (sol.pi0 + sol.rho);
    res.cpuAvailability = availability;
    res.lossProbability = sol.p[B];
    res.meanBacklog = meanN;
    // Eq. 12: E[T] = E_IP[N] / (lambda (1 - pB)) + p0 T_poll.
    res.meanLatency = meanN / res.throughput + p0 * tPoll;
    NS_LOG_INFO("pure polling lambda=" << lambda << " mu'=" << muPrime << " rho=" << sol.rho
                                       << ": gamma=" << res.throughput << " V=" << availability
                                       << " E[T]=" << res.meanLatency);
    return res;
}

std::vector<double>
InterruptAnalysis::MD1BDistribution(double lambda, double serviceTime, uint32_t B)
{
    NS_LOG_FUNCTION(lambda << serviceTime << B);
    return SolveMd1b(lambda, serviceTime, B).p;
}

InterruptAnalysisResult
InterruptAnalysis::MD1B(double lambda, double serviceTime, uint32_t B)
{
    NS_LOG_FUNCTION(lambda << serviceTime << B);
    const Md1bSolution sol = SolveMd1b(lambda, serviceTime, B);
    double meanN = 0.0;
    for (uint32_t n = 1; n <= B; ++n)
    {
        meanN += n * sol.p[n];
    }
    InterruptAnalysisResult res{};
    res.throughput = lambda / (sol.pi0 + sol.rho); // = lambda (1 - pB) = (1 - p0) / D
    res.cpuAvailability = sol.p[0];
    res.lossProbability = sol.p[B];
    res.meanBacklog = meanN;
    res.meanLatency = meanN / res.throughput;
    NS_LOG_INFO("M/D/1/B lambda=" << lambda << " D=" << serviceTime << " B=" << B << ": gamma="
                                  << res.throughput << " p0=" << sol.p[0] << " E[N]=" << meanN);
    return res;
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
    // a x = b with a = Q^T, the last equation replaced by sum(x) = 1, solved by Boost's
    // LU factorisation with partial pivoting (uBLAS). Stored in std::vector: uBLAS's own
    // storage (unbounded_array) uses std::allocator::construct, which C++20 removed.
    namespace ublas = boost::numeric::ublas;
    ublas::matrix<double, ublas::row_major, std::vector<double>> a(n, n);
    ublas::vector<double, std::vector<double>> x(n, 0.0);
    double maxAbs = 0.0;
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t j = 0; j < n; ++j)
        {
            a(i, j) = (i + 1 == n) ? 1.0 : q[j][i];
            maxAbs = std::max(maxAbs, std::fabs(a(i, j)));
        }
    }
    x(n - 1) = 1.0;
    ublas::permutation_matrix<std::size_t, std::vector<std::size_t>> pivots(n);
    ublas::lu_factorize(a, pivots);
    // lu_factorize stops only at an exact zero pivot; a pivot at round-off level means a
    // singular system just as well (the same test as before the factorisation was Boost's).
    for (std::size_t i = 0; i < n; ++i)
    {
        NS_ABORT_MSG_IF(!(std::fabs(a(i, i)) > 1e-13 * maxAbs),
                        "InterruptAnalysis: singular system (more than one recurrent class?)");
    }
    ublas::lu_substitute(a, pivots, x);
    return std::vector<double>(x.begin(), x.end());
}

} // namespace ns3
