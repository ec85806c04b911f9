/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "discrete-time-batch-model.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DiscreteTimeBatchModel");

namespace
{

/// Mass below which a tail of f^(k), x(n) or a helper distribution is dropped.
constexpr double kTailMass = 1e-16;

/// Values below this at the edges of a work distribution are dropped.
constexpr double kEdgeValue = 1e-30;

/// Relative tolerance for grid steps to be equal and values to be grid multiples.
constexpr double kGridTolerance = 1e-9;

/// Number of recent change ratios used by the convergence criterion.
constexpr std::size_t kRatioWindow = 8;

/// An L1 change this small is rounding noise: the iterate is a fixed point.
constexpr double kRoundingChange = 1e-14;

/// Plain iterations before aggregation-disaggregation takes over.
constexpr uint32_t kPlainIterations = 48;

/// Damped steps after each coarse correction.
constexpr uint32_t kSmoothingSteps = 4;

/**
 * @brief Place @p value on the grid: (index, weight of index + 1), mean-preserving.
 *
 * @param value the value (s), >= 0
 * @param dt grid step (s)
 * @return lower index and the share of the mass that goes to the next index
 */
std::pair<std::size_t, double>
SplitOnGrid(double value, double dt)
{
    NS_ABORT_MSG_IF(!(value >= 0.0) || !std::isfinite(value),
                    "DiscreteDistribution: value must be finite and >= 0, got " << value);
    const double x = value / dt;
    const double nearest = std::round(x);
    if (std::abs(x - nearest) <= kGridTolerance * std::max(1.0, nearest))
    {
        return {static_cast<std::size_t>(nearest), 0.0};
    }
    const double lower = std::floor(x);
    return {static_cast<std::size_t>(lower), x - lower};
}

/**
 * @brief Abort unless dt is a positive finite step.
 *
 * @param dt grid step
 */
void
CheckDt(double dt)
{
    NS_ABORT_MSG_IF(!(dt > 0.0) || !std::isfinite(dt),
                    "DiscreteDistribution: dt must be positive and finite, got " << dt);
}

/**
 * @brief Abort unless @p d is a proper distribution on the grid @p dt.
 *
 * @param d the distribution
 * @param name its name for the message
 * @param dt the common grid step
 */
void
CheckDistribution(const DiscreteDistribution& d, const char* name, double dt)
{
    NS_ABORT_MSG_IF(d.GetSize() == 0,
                    "DiscreteTimeBatchModel: distribution " << name << " is empty");
    NS_ABORT_MSG_IF(std::abs(d.GetDt() - dt) > kGridTolerance * dt,
                    "DiscreteTimeBatchModel: distribution " << name << " has dt=" << d.GetDt()
                                                            << ", expected " << dt);
    NS_ABORT_MSG_IF(std::abs(d.GetSum() - 1.0) > 1e-9,
                    "DiscreteTimeBatchModel: distribution " << name << " sums to " << d.GetSum()
                                                            << ", not 1");
}

/**
 * @brief A distribution restricted to its non-zero range [lo, lo + v.size()).
 */
struct Support
{
    std::size_t lo{0};     ///< first index with non-zero mass
    std::vector<double> v; ///< values from lo on
};

/**
 * @brief The non-zero range of a pmf.
 *
 * @param pmf the probabilities
 * @return the support (empty v if all zero)
 */
Support
MakeSupport(const std::vector<double>& pmf)
{
    Support s;
    std::size_t lo = 0;
    while (lo < pmf.size() && pmf[lo] == 0.0)
    {
        ++lo;
    }
    std::size_t hi = pmf.size();
    while (hi > lo && pmf[hi - 1] == 0.0)
    {
        --hi;
    }
    s.lo = lo;
    s.v.assign(pmf.begin() + static_cast<std::ptrdiff_t>(lo),
               pmf.begin() + static_cast<std::ptrdiff_t>(hi));
    return s;
}

/**
 * @brief Quantities of the NIC (peripheral queue) derived from a(k) and tau(k).
 */
struct BatchProcess
{
    std::size_t m{0};                   ///< largest index with tau(m) > 0
    std::vector<std::vector<double>> f; ///< f^(k) on [0, m), k = 0, 1, ... (f^(0) = delta)
    std::vector<double> atLeast;        ///< P(X >= n), index n >= 1 (index 0: 1)
    std::vector<double> size;           ///< P(X = n), index n >= 1 (index 0: 0)
};

/**
 * @brief Compute f^(k) on [0, m) and the batch size distribution.
 *
 * f^(k+1) = f^(k) * a restricted to [0, m) (only times before the interval end matter);
 * stops when P(F^(k) < m) < kTailMass. P(X >= n) = sum_m tau(m) P(F^(n-1) < m), n >= 2.
 *
 * @param a interarrival distribution
 * @param tau aggregation interval distribution
 * @return the batch process
 */
BatchProcess
ComputeBatchProcess(const DiscreteDistribution& a, const DiscreteDistribution& tau)
{
    BatchProcess bp;
    bp.m = tau.GetSize() - 1;
    const std::size_t m = bp.m;
    const Support as = MakeSupport(a.GetPmf());
    NS_ABORT_MSG_IF(as.v.empty(), "DiscreteTimeBatchModel: interarrival distribution is zero");
    NS_ABORT_MSG_IF(as.lo == 0 && as.v.size() == 1,
                    "DiscreteTimeBatchModel: interarrival time must not be always 0");
    bp.atLeast = {1.0, 1.0};
    if (m == 0)
    {
        bp.size = {0.0, 1.0};
        bp.f.push_back({});
        return bp;
    }
    std::vector<double> cur(m, 0.0);
    cur[0] = 1.0;
    bp.f.push_back(cur);
    constexpr uint32_t kMaxCount = 10000000;
    for (uint32_t k = 1;; ++k)
    {
        NS_ABORT_MSG_IF(k >= kMaxCount,
                        "DiscreteTimeBatchModel: more than " << kMaxCount
                                                             << " arrivals per interval");
        std::vector<double> next(m, 0.0);
        for (std::size_t j = 0; j < as.v.size(); ++j)
        {
            const std::size_t shift = as.lo + j;
            if (shift >= m)
            {
                break;
            }
            const double w = as.v[j];
            for (std::size_t i = 0; i + shift < m; ++i)
            {
                next[i + shift] += w * cur[i];
            }
        }
        // P(X >= k + 1) = sum_m tau(m) P(F^(k) < m).
        double prefix = 0.0;
        double atLeast = 0.0;
        for (std::size_t mm = 1; mm <= m; ++mm)
        {
            prefix += next[mm - 1];
            atLeast += tau[mm] * prefix;
        }
        const double massBefore = prefix; // P(F^(k) < m)
        if (massBefore < kTailMass)
        {
            break;
        }
        bp.f.push_back(next);
        bp.atLeast.push_back(atLeast);
        cur.swap(next);
    }
    const std::size_t nMax = bp.atLeast.size() - 1;
    bp.size.assign(nMax + 1, 0.0);
    for (std::size_t n = 1; n <= nMax; ++n)
    {
        const double above = n + 1 <= nMax ? bp.atLeast[n + 1] : 0.0;
        bp.size[n] = std::max(0.0, bp.atLeast[n] - above);
    }
    return bp;
}

/**
 * @brief The residual r_a mixed over tau, and s(k) (see the header).
 *
 * @param a interarrival distribution
 * @param tau aggregation interval distribution
 * @param bp the batch process of a and tau
 * @param shiftByTau false: r_a(l); true: s(k) = sum_m tau(m) r_m(k - m)
 * @return the probabilities
 */
std::vector<double>
ResidualMixture(const DiscreteDistribution& a,
                const DiscreteDistribution& tau,
                const BatchProcess& bp,
                bool shiftByTau)
{
    const std::size_t m = bp.m;
    const std::vector<double>& pa = a.GetPmf();
    const std::size_t na = pa.size();
    std::vector<double> out(na + (shiftByTau ? m : 0), 0.0);
    // tau(0): the interval is empty, the next batch opens with the next arrival.
    if (tau[0] > 0.0)
    {
        for (std::size_t l = 0; l < na; ++l)
        {
            out[l] += tau[0] * pa[l];
        }
    }
    if (m == 0)
    {
        return out;
    }
    std::vector<double> h(m, 0.0); // renewal mass on [0, m)
    for (const auto& fk : bp.f)
    {
        for (std::size_t j = 0; j < m; ++j)
        {
            h[j] += fk[j];
        }
    }
    for (std::size_t mm = 1; mm <= m; ++mm)
    {
        const double w = tau[mm];
        if (w == 0.0)
        {
            continue;
        }
        // r_mm(l) = sum_{j < mm} h(j) a(mm + l - j), l >= 0.
        const std::size_t base = shiftByTau ? mm : 0;
        for (std::size_t j = 0; j < mm; ++j)
        {
            const double hj = w * h[j];
            if (hj == 0.0)
            {
                continue;
            }
            for (std::size_t idx = mm - j; idx < na; ++idx)
            {
                out[base + idx - (mm - j)] += hj * pa[idx];
            }
        }
    }
    return out;
}

/**
 * @brief The joint NIC waiting time J_i(k) = P(X >= i, W_i = k).
 *
 * @param tau aggregation interval distribution
 * @param bp the batch process
 * @param i packet position, >= 1
 * @return J_i on [0, m]
 */
std::vector<double>
JointWaiting(const DiscreteDistribution& tau, const BatchProcess& bp, std::size_t i)
{
    const std::size_t m = bp.m;
    std::vector<double> j(m + 1, 0.0);
    if (i == 1)
    {
        for (std::size_t k = 0; k <= m; ++k)
        {
            j[k] = tau[k];
        }
        return j;
    }
    if (i - 1 >= bp.f.size())
    {
        return j;
    }
    const std::vector<double>& f = bp.f[i - 1];
    for (std::size_t mm = 1; mm <= m; ++mm)
    {
        const double w = tau[mm];
        if (w == 0.0)
        {
            continue;
        }
        for (std::size_t arr = 0; arr < mm; ++arr)
        {
            j[mm - arr] += w * f[arr];
        }
    }
    return j;
}

/**
 * @brief A work distribution on [0, N) with its non-zero range [lo, hi] tracked.
 */
struct Work
{
    std::vector<double> x; ///< probabilities, size N
    std::size_t lo{0};     ///< first possibly non-zero index
    std::size_t hi{0};     ///< last possibly non-zero index
    bool empty{true};      ///< whether all entries are zero

    /**
     * @brief Reset to all zero with size n.
     * @param n the size
     */
    void Reset(std::size_t n)
    {
        if (x.size() != n)
        {
            x.assign(n, 0.0);
        }
        else if (!empty)
        {
            std::fill(x.begin() + static_cast<std::ptrdiff_t>(lo),
                      x.begin() + static_cast<std::ptrdiff_t>(hi) + 1,
                      0.0);
        }
        empty = true;
        lo = 0;
        hi = 0;
    }

    /**
     * @brief Widen the tracked range to include [a, b].
     * @param a first index
     * @param b last index
     */
    void Cover(std::size_t a, std::size_t b)
    {
        if (empty)
        {
            lo = a;
            hi = b;
            empty = false;
        }
        else
        {
            lo = std::min(lo, a);
            hi = std::max(hi, b);
        }
    }

    /// Shrink the range past edge values below kEdgeValue (set to 0).
    void Trim()
    {
        if (empty)
        {
            return;
        }
        while (lo < hi && x[lo] < kEdgeValue)
        {
            x[lo++] = 0.0;
        }
        while (hi > lo && x[hi] < kEdgeValue)
        {
            x[hi--] = 0.0;
        }
        if (lo == hi && x[lo] < kEdgeValue)
        {
            x[lo] = 0.0;
            empty = true;
        }
    }

    /**
     * @brief Total mass.
     * @return the sum
     */
    double Sum() const
    {
        double s = 0.0;
        if (!empty)
        {
            for (std::size_t k = lo; k <= hi; ++k)
            {
                s += x[k];
            }
        }
        return s;
    }
};

/**
 * @brief Solver state: the precomputed kernels and scratch vectors of the work recursion.
 */
class WorkRecursion
{
  public:
    /**
     * @brief Set up.
     *
     * @param b service time support
     * @param o overhead support
     * @param s batch interarrival support
     * @param size batch size distribution P(X = n)
     * @param atLeast P(X >= n)
     * @param limit L in grid points
     * @param n array size
     */
    WorkRecursion(Support b,
                  Support o,
                  Support s,
                  std::vector<double> size,
                  std::vector<double> atLeast,
                  std::size_t limit,
                  std::size_t n)
        : m_b(std::move(b)),
          m_o(std::move(o)),
          m_s(std::move(s)),
          m_size(std::move(size)),
          m_atLeast(std::move(atLeast)),
          m_limit(limit),
          m_n(n)
    {
        m_v.Reset(n);
        m_next.Reset(n);
        m_mix.Reset(n);
        m_cum.assign(n, 0.0);
    }

    /**
     * @brief Called for each packet position i with the work u_{b_i} it finds.
     */
    using PositionCallback = void (*)(void* context, std::size_t i, const Work& w);

    /**
     * @brief One step u' = T(u).
     *
     * @param u the work before a batch
     * @param out the work before the next batch
     * @param cb optional callback per packet position
     * @param context passed to cb
     */
    void Apply(const Work& u, Work& out, PositionCallback cb = nullptr, void* context = nullptr)
    {
        // u_{b_1} = u * o (interrupt overhead, unconditional).
        Convolve(u, m_o, m_v, false);
        m_mix.Reset(m_n);
        const std::size_t nMax = m_size.size() - 1;
        for (std::size_t i = 1; i <= nMax; ++i)
        {
            if (cb != nullptr)
            {
                cb(context, i, m_v);
            }
            if (m_v.empty || m_v.lo >= m_limit)
            {
                // Every further packet is rejected: u_{b_{j+1}} = u_{b_i} for all j >= i.
                Axpy(m_atLeast[i], m_v, m_mix);
                if (cb != nullptr)
                {
                    for (std::size_t j = i + 1; j <= nMax; ++j)
                    {
                        cb(context, j, m_v);
                    }
                }
                break;
            }
            Convolve(m_v, m_b, m_next, true); // u_{b_{i+1}}
            std::swap(m_v, m_next);
            if (m_size[i] > 0.0)
            {
                Axpy(m_size[i], m_v, m_mix);
            }
        }
        Sweep(m_mix, out);
    }

  private:
    /**
     * @brief dst = src * kernel, or sigma^{L-1}[src] * kernel + sigma_L[src] if @p limited.
     *
     * Mass beyond the last index is kept in the last index.
     *
     * @param src source
     * @param kernel kernel support
     * @param dst destination (overwritten)
     * @param limited whether only the part below L is convolved
     */
    void Convolve(const Work& src, const Support& kernel, Work& dst, bool limited)
    {
        dst.Reset(m_n);
        if (src.empty)
        {
            return;
        }
        const std::size_t last = m_n - 1;
        std::size_t convHi = src.hi;
        if (limited)
        {
            if (src.lo < m_limit)
            {
                convHi = std::min(src.hi, m_limit - 1);
            }
            // pass-through part
            const std::size_t from = std::max(src.lo, m_limit);
            if (from <= src.hi)
            {
                dst.Cover(from, src.hi);
                for (std::size_t k = from; k <= src.hi; ++k)
                {
                    dst.x[k] += src.x[k];
                }
            }
            if (src.lo >= m_limit)
            {
                return;
            }
        }
        const std::size_t width = convHi - src.lo + 1;
        const double* in = src.x.data() + src.lo;
        for (std::size_t j = 0; j < kernel.v.size(); ++j)
        {
            const double w = kernel.v[j];
            if (w == 0.0)
            {
                continue;
            }
            const std::size_t shift = kernel.lo + j;
            const std::size_t start = src.lo + shift;
            if (start > last)
            {
                double spill = 0.0;
                for (std::size_t k = 0; k < width; ++k)
                {
                    spill += in[k];
                }
                dst.x[last] += w * spill;
                dst.Cover(last, last);
                continue;
            }
            const std::size_t fit = std::min(width, last - start + 1);
            double* outp = dst.x.data() + start;
            for (std::size_t k = 0; k < fit; ++k)
            {
                outp[k] += w * in[k];
            }
            dst.Cover(start, start + fit - 1);
            if (fit < width)
            {
                double spill = 0.0;
                for (std::size_t k = fit; k < width; ++k)
                {
                    spill += in[k];
                }
                dst.x[last] += w * spill;
                dst.Cover(last, last);
            }
        }
        dst.Trim();
    }

    /**
     * @brief dst += w src.
     *
     * @param w weight
     * @param src source
     * @param dst destination
     */
    static void Axpy(double w, const Work& src, Work& dst)
    {
        if (src.empty || w == 0.0)
        {
            return;
        }
        dst.Cover(src.lo, src.hi);
        for (std::size_t k = src.lo; k <= src.hi; ++k)
        {
            dst.x[k] += w * src.x[k];
        }
    }

    /**
     * @brief out = pi_0[mix * s(-k)]: subtract S, sweep negative work to 0.
     *
     * @param mix the work after the batch
     * @param out the work before the next batch (overwritten)
     */
    void Sweep(const Work& mix, Work& out)
    {
        out.Reset(m_n);
        if (mix.empty)
        {
            return;
        }
        double run = 0.0;
        for (std::size_t k = mix.lo; k <= mix.hi; ++k)
        {
            run += mix.x[k];
            m_cum[k] = run;
        }
        double zero = 0.0;
        for (std::size_t j = 0; j < m_s.v.size(); ++j)
        {
            const double w = m_s.v[j];
            if (w == 0.0)
            {
                continue;
            }
            const std::size_t shift = m_s.lo + j;
            // Mass at k <= shift goes to 0.
            if (shift >= mix.lo)
            {
                zero += w * m_cum[std::min(shift, mix.hi)];
            }
            // Mass at k > shift goes to k - shift >= 1.
            const std::size_t from = std::max(mix.lo, shift + 1);
            if (from > mix.hi)
            {
                continue;
            }
            const double* in = mix.x.data() + from;
            double* outp = out.x.data() + (from - shift);
            const std::size_t count = mix.hi - from + 1;
            for (std::size_t k = 0; k < count; ++k)
            {
                outp[k] += w * in[k];
            }
            out.Cover(from - shift, mix.hi - shift);
        }
        out.x[0] += zero;
        out.Cover(0, 0);
        out.Trim();
    }

    Support m_b;                   ///< service time
    Support m_o;                   ///< interrupt overhead
    Support m_s;                   ///< batch interarrival time
    std::vector<double> m_size;    ///< P(X = n)
    std::vector<double> m_atLeast; ///< P(X >= n)
    std::size_t m_limit;           ///< L in grid points
    std::size_t m_n;               ///< array size
    Work m_v;                      ///< u_{b_i}
    Work m_next;                   ///< scratch
    Work m_mix;                    ///< sum_n x(n) u_{b_{n+1}}
    std::vector<double> m_cum;     ///< prefix sums of the mixture
};

/**
 * @brief Accumulators of the final pass over the packet positions.
 */
struct FinalPass
{
    std::size_t limit{0};                                   ///< L in grid points
    const std::vector<double>* atLeast{nullptr};            ///< P(X >= i)
    const std::vector<std::vector<double>>* joint{nullptr}; ///< J_i
    std::vector<double> blocked;                            ///< P(U_{b_i} >= L), index i
    std::vector<double> delay; ///< sum_i J_i * sigma^{L-1}[u_{b_i}] (without service)
    double acceptedMass{0.0};  ///< sum_i P(X >= i) P(accepted at i)
    double delayMoment{0.0};   ///< sum_i of the first moment (grid units)
};

/**
 * @brief Position callback of the final pass.
 *
 * @param context the FinalPass
 * @param i packet position
 * @param w the work u_{b_i} found by packet i
 */
void
FinalPassCallback(void* context, std::size_t i, const Work& w)
{
    auto* fp = static_cast<FinalPass*>(context);
    double blocked = 0.0;
    double accepted = 0.0;
    double acceptedMoment = 0.0;
    const std::vector<double>& joint = (*fp->joint)[i];
    const double atLeast = (*fp->atLeast)[i];
    if (!w.empty)
    {
        for (std::size_t k = w.lo; k <= w.hi; ++k)
        {
            if (k >= fp->limit)
            {
                blocked += w.x[k];
            }
            else
            {
                accepted += w.x[k];
                acceptedMoment += static_cast<double>(k) * w.x[k];
            }
        }
    }
    if (fp->blocked.size() <= i)
    {
        fp->blocked.resize(i + 1, 0.0);
    }
    fp->blocked[i] = blocked;
    if (accepted == 0.0)
    {
        return;
    }
    double jointMean = 0.0;
    for (std::size_t k = 0; k < joint.size(); ++k)
    {
        jointMean += static_cast<double>(k) * joint[k];
    }
    fp->acceptedMass += atLeast * accepted;
    fp->delayMoment += jointMean * accepted + atLeast * acceptedMoment;
    const std::size_t hiAcc = std::min(w.hi, fp->limit - 1);
    const std::size_t need = joint.size() + hiAcc + 1;
    if (fp->delay.size() < need)
    {
        fp->delay.resize(need, 0.0);
    }
    for (std::size_t k = 0; k < joint.size(); ++k)
    {
        const double jk = joint[k];
        if (jk == 0.0)
        {
            continue;
        }
        double* outp = fp->delay.data() + k;
        for (std::size_t u = w.lo; u <= hiAcc; ++u)
        {
            outp[u] += jk * w.x[u];
        }
    }
}

/**
 * @brief L1 distance of two work vectors.
 *
 * @param a first
 * @param b second
 * @return sum |a - b|
 */
double
Distance(const Work& a, const Work& b)
{
    if (a.empty && b.empty)
    {
        return 0.0;
    }
    const std::size_t lo = a.empty ? b.lo : (b.empty ? a.lo : std::min(a.lo, b.lo));
    const std::size_t hi = a.empty ? b.hi : (b.empty ? a.hi : std::max(a.hi, b.hi));
    double d = 0.0;
    for (std::size_t k = lo; k <= hi; ++k)
    {
        d += std::abs(a.x[k] - b.x[k]);
    }
    return d;
}

/**
 * @brief Decides convergence from the L1 changes d_n of an iteration.
 *
 * With r the largest ratio d_n / d_{n-1} over the last kRatioWindow values, the iteration
 * has converged when r < 1 and d_n max(1, r / (1 - r)) < tolerance, i.e. when the geometric
 * estimate of the remaining distance to the fixed point is below the tolerance, or at once
 * when d_n <= max(1e-3 tolerance, 1e-14) (a fixed point up to rounding).
 */
class ConvergenceMonitor
{
  public:
    /**
     * @brief Construct.
     * @param tolerance the tolerance
     */
    explicit ConvergenceMonitor(double tolerance)
        : m_tolerance(tolerance)
    {
    }

    /**
     * @brief Record one change.
     * @param d the L1 change
     * @return whether the iteration has converged
     */
    bool Add(double d)
    {
        if (d <= std::max(1e-3 * m_tolerance, kRoundingChange))
        {
            return true;
        }
        if (std::isfinite(m_previous))
        {
            m_ratios.push_back(d / m_previous);
            if (m_ratios.size() > kRatioWindow)
            {
                m_ratios.pop_front();
            }
        }
        m_previous = d;
        if (m_ratios.size() < kRatioWindow)
        {
            return false;
        }
        const double r = *std::max_element(m_ratios.begin(), m_ratios.end());
        return r < 1.0 && d * std::max(1.0, r / (1.0 - r)) < m_tolerance;
    }

    /// Forget the history.
    void Reset()
    {
        m_ratios.clear();
        m_previous = std::numeric_limits<double>::infinity();
    }

  private:
    double m_tolerance;                                         ///< tolerance
    std::deque<double> m_ratios;                                ///< recent ratios
    double m_previous{std::numeric_limits<double>::infinity()}; ///< last change
};

/**
 * @brief One step u <- T(u), or the damped u <- (u + T(u)) / 2, renormalised.
 *
 * @param rec the recursion
 * @param u the iterate (updated)
 * @param next scratch
 * @param damped whether to damp
 * @return the L1 norm of T(u) - u (undamped change)
 */
double
Step(WorkRecursion& rec, Work& u, Work& next, bool damped)
{
    rec.Apply(u, next);
    const double change = Distance(u, next);
    if (damped)
    {
        next.Cover(u.lo, u.hi);
        for (std::size_t k = next.lo; k <= next.hi; ++k)
        {
            next.x[k] = 0.5 * (next.x[k] + u.x[k]);
        }
    }
    const double mass = next.Sum();
    NS_ABORT_MSG_IF(!(mass > 0.0), "DiscreteTimeBatchModel: work distribution vanished");
    for (std::size_t k = next.lo; k <= next.hi; ++k)
    {
        next.x[k] /= mass;
    }
    std::swap(u, next);
    return change;
}

/**
 * @brief Stationary distribution of a small dense stochastic matrix (GTH algorithm).
 *
 * Grassmann-Taksar-Heyman state reduction (no subtractions, hence stable), with state
 * @p root reduced last; states from which root cannot be reached get probability 0.
 * Written here because no linear algebra library offers it: their solvers (LU, QR) would
 * take I - P, whose diagonal is a difference, and lose the accuracy GTH keeps.
 *
 * @param c row-stochastic matrix, row-major n x n (destroyed)
 * @param n number of states
 * @param root a recurrent state
 * @return the stationary probabilities
 */
std::vector<double>
StationaryGth(std::vector<double>& c, std::size_t n, std::size_t root)
{
    // Permute root to index 0.
    std::vector<std::size_t> order(n);
    for (std::size_t i = 0; i < n; ++i)
    {
        order[i] = i;
    }
    std::swap(order[0], order[root]);
    std::vector<double> a(n * n);
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t j = 0; j < n; ++j)
        {
            a[i * n + j] = c[order[i] * n + order[j]];
        }
    }
    std::vector<double> exitMass(n, 0.0);
    for (std::size_t k = n - 1; k >= 1; --k)
    {
        double s = 0.0;
        for (std::size_t j = 0; j < k; ++j)
        {
            s += a[k * n + j];
        }
        exitMass[k] = s;
        if (!(s > 0.0))
        {
            for (std::size_t i = 0; i < k; ++i)
            {
                a[i * n + k] = 0.0;
            }
            continue;
        }
        for (std::size_t i = 0; i < k; ++i)
        {
            const double f = a[i * n + k] / s;
            a[i * n + k] = f;
            if (f == 0.0)
            {
                continue;
            }
            for (std::size_t j = 0; j < k; ++j)
            {
                a[i * n + j] += f * a[k * n + j];
            }
        }
    }
    std::vector<double> pi(n, 0.0);
    pi[0] = 1.0;
    double total = 1.0;
    for (std::size_t k = 1; k < n; ++k)
    {
        double v = 0.0;
        for (std::size_t i = 0; i < k; ++i)
        {
            v += pi[i] * a[i * n + k];
        }
        pi[k] = exitMass[k] > 0.0 ? v : 0.0;
        total += pi[k];
    }
    std::vector<double> out(n, 0.0);
    for (std::size_t i = 0; i < n; ++i)
    {
        out[order[i]] = pi[i] / total;
    }
    return out;
}

/**
 * @brief Coarse-grid correction of iterative aggregation-disaggregation.
 *
 * The grid points of [u.lo - down, u.hi + up] (the support of u widened by the largest
 * one-step moves) are grouped into at most kCoarseBlocks contiguous blocks. The coarse chain
 * C(I, J) = sum_{i in I} w_i P(i, J), with w the shape of u inside block I (uniform where u
 * has no mass), is built by applying T to each block's shape; its stationary vector pi (GTH)
 * rescales the blocks: u_i <- pi(I) w_i. The exact stationary u is a fixed point of this
 * map; the correction removes the slowly decaying smooth error components that plain
 * iteration needs thousands of steps for when the load is close to 1.
 *
 * @param rec the recursion
 * @param u the iterate (updated)
 * @param down largest one-step decrease of the work (grid points)
 * @param up largest one-step increase of the work (grid points)
 * @param in scratch
 * @param out scratch
 */
void
CoarseCorrection(WorkRecursion& rec, Work& u, std::size_t down, std::size_t up, Work& in, Work& out)
{
    constexpr std::size_t kCoarseBlocks = 128;
    const std::size_t n = u.x.size();
    const std::size_t lo = u.lo > down ? u.lo - down : 0;
    const std::size_t hi = std::min(n - 1, u.hi + up);
    const std::size_t width = hi - lo + 1;
    const std::size_t bs = (width + kCoarseBlocks - 1) / kCoarseBlocks;
    const std::size_t nb = (width + bs - 1) / bs;
    if (nb < 2)
    {
        return;
    }
    std::vector<double> mass(nb, 0.0);
    for (std::size_t k = u.lo; k <= u.hi; ++k)
    {
        mass[(k - lo) / bs] += u.x[k];
    }
    std::vector<double> c(nb * nb, 0.0);
    for (std::size_t blk = 0; blk < nb; ++blk)
    {
        const std::size_t a = lo + blk * bs;
        const std::size_t b = std::min(hi, a + bs - 1);
        in.Reset(n);
        for (std::size_t k = a; k <= b; ++k)
        {
            in.x[k] = mass[blk] > 0.0 ? u.x[k] / mass[blk] : 1.0 / static_cast<double>(b - a + 1);
        }
        in.Cover(a, b);
        rec.Apply(in, out);
        if (out.empty)
        {
            continue;
        }
        for (std::size_t k = out.lo; k <= out.hi; ++k)
        {
            const std::size_t j = k < lo ? 0 : std::min(nb - 1, (k - lo) / bs);
            c[blk * nb + j] += out.x[k];
        }
    }
    const auto root = static_cast<std::size_t>(
        std::distance(mass.begin(), std::max_element(mass.begin(), mass.end())));
    const std::vector<double> pi = StationaryGth(c, nb, root);
    for (std::size_t blk = 0; blk < nb; ++blk)
    {
        const std::size_t a = lo + blk * bs;
        const std::size_t b = std::min(hi, a + bs - 1);
        for (std::size_t k = a; k <= b; ++k)
        {
            u.x[k] = mass[blk] > 0.0 ? u.x[k] * pi[blk] / mass[blk]
                                     : pi[blk] / static_cast<double>(b - a + 1);
        }
    }
    u.Cover(lo, hi);
    u.Trim();
}

} // namespace

// ---------------------------------------------------------------------------------------
// DiscreteDistribution

DiscreteDistribution::DiscreteDistribution()
    : m_dt(0.0)
{
}

DiscreteDistribution::DiscreteDistribution(std::vector<double> pmf, double dt)
    : m_pmf(std::move(pmf)),
      m_dt(dt)
{
    CheckDt(dt);
    for (std::size_t k = 0; k < m_pmf.size(); ++k)
    {
        NS_ABORT_MSG_IF(!(m_pmf[k] >= 0.0) || !std::isfinite(m_pmf[k]),
                        "DiscreteDistribution: pmf[" << k << "] must be finite and >= 0, got "
                                                     << m_pmf[k]);
    }
    while (!m_pmf.empty() && m_pmf.back() == 0.0)
    {
        m_pmf.pop_back();
    }
}

DiscreteDistribution
DiscreteDistribution::Deterministic(double value, double dt)
{
    CheckDt(dt);
    const auto [k, up] = SplitOnGrid(value, dt);
    std::vector<double> pmf(k + 2, 0.0);
    pmf[k] = 1.0 - up;
    pmf[k + 1] = up;
    return DiscreteDistribution(std::move(pmf), dt);
}

DiscreteDistribution
DiscreteDistribution::Exponential(double mean, double dt)
{
    CheckDt(dt);
    NS_ABORT_MSG_IF(!(mean >= dt) || !std::isfinite(mean),
                    "DiscreteDistribution: exponential mean must be finite and >= dt, got "
                        << mean);
    const double p = dt / mean;
    std::vector<double> pmf{0.0};
    if (p >= 1.0)
    {
        pmf.push_back(1.0);
        return DiscreteDistribution(std::move(pmf), dt);
    }
    double tail = 1.0; // P(X >= k)
    for (std::size_t k = 1;; ++k)
    {
        const double mass = tail * p;
        tail -= mass;
        if (tail < kTailMass)
        {
            pmf.push_back(mass + tail);
            break;
        }
        pmf.push_back(mass);
    }
    return DiscreteDistribution(std::move(pmf), dt);
}

DiscreteDistribution
DiscreteDistribution::FromTable(const std::vector<std::pair<double, double>>& table, double dt)
{
    CheckDt(dt);
    NS_ABORT_MSG_IF(table.empty(), "DiscreteDistribution: table is empty");
    double total = 0.0;
    std::size_t size = 0;
    for (const auto& [value, prob] : table)
    {
        NS_ABORT_MSG_IF(!(prob >= 0.0) || !std::isfinite(prob),
                        "DiscreteDistribution: table probability must be finite and >= 0, got "
                            << prob);
        total += prob;
        size = std::max(size, SplitOnGrid(value, dt).first + 2);
    }
    NS_ABORT_MSG_IF(!(total > 0.0), "DiscreteDistribution: table probabilities sum to 0");
    std::vector<double> pmf(size, 0.0);
    for (const auto& [value, prob] : table)
    {
        const auto [k, up] = SplitOnGrid(value, dt);
        pmf[k] += prob / total * (1.0 - up);
        pmf[k + 1] += prob / total * up;
    }
    return DiscreteDistribution(std::move(pmf), dt);
}

double
DiscreteDistribution::GetDt() const
{
    return m_dt;
}

const std::vector<double>&
DiscreteDistribution::GetPmf() const
{
    return m_pmf;
}

std::size_t
DiscreteDistribution::GetSize() const
{
    return m_pmf.size();
}

double
DiscreteDistribution::operator[](std::size_t k) const
{
    return k < m_pmf.size() ? m_pmf[k] : 0.0;
}

double
DiscreteDistribution::GetSum() const
{
    double s = 0.0;
    for (double x : m_pmf)
    {
        s += x;
    }
    return s;
}

double
DiscreteDistribution::GetMean() const
{
    double s = 0.0;
    for (std::size_t k = 0; k < m_pmf.size(); ++k)
    {
        s += static_cast<double>(k) * m_pmf[k];
    }
    return s * m_dt;
}

double
DiscreteDistribution::GetVariance() const
{
    const double mean = GetMean() / m_dt;
    double s = 0.0;
    for (std::size_t k = 0; k < m_pmf.size(); ++k)
    {
        const double d = static_cast<double>(k) - mean;
        s += d * d * m_pmf[k];
    }
    return s * m_dt * m_dt;
}

double
DiscreteDistribution::GetCdf(double t) const
{
    if (t < 0.0 || m_pmf.empty())
    {
        return 0.0;
    }
    const double x = t / m_dt;
    const auto last = static_cast<std::size_t>(
        std::min(static_cast<double>(m_pmf.size() - 1), std::floor(x + kGridTolerance)));
    double s = 0.0;
    for (std::size_t k = 0; k <= last; ++k)
    {
        s += m_pmf[k];
    }
    return s;
}

double
DiscreteDistribution::GetQuantile(double q) const
{
    NS_ABORT_MSG_IF(!(q > 0.0 && q <= 1.0),
                    "DiscreteDistribution: quantile q must be in (0, 1], got " << q);
    double s = 0.0;
    for (std::size_t k = 0; k < m_pmf.size(); ++k)
    {
        s += m_pmf[k];
        if (s >= q * (1.0 - 1e-12))
        {
            return static_cast<double>(k) * m_dt;
        }
    }
    return static_cast<double>(m_pmf.empty() ? 0 : m_pmf.size() - 1) * m_dt;
}

// ---------------------------------------------------------------------------------------
// DiscreteTimeBatchModel

std::vector<double>
DiscreteTimeBatchModel::ArrivalCountDistribution(const DiscreteDistribution& a,
                                                 const DiscreteDistribution& tau)
{
    NS_LOG_FUNCTION_NOARGS();
    const std::vector<double> size = BatchSizeDistribution(a, tau);
    return std::vector<double>(size.begin() + 1, size.end());
}

std::vector<double>
DiscreteTimeBatchModel::BatchSizeDistribution(const DiscreteDistribution& a,
                                              const DiscreteDistribution& tau)
{
    NS_LOG_FUNCTION_NOARGS();
    CheckDistribution(a, "a", a.GetDt());
    CheckDistribution(tau, "tau", a.GetDt());
    return ComputeBatchProcess(a, tau).size;
}

DiscreteDistribution
DiscreteTimeBatchModel::RecurrenceTimeDistribution(const DiscreteDistribution& a,
                                                   const DiscreteDistribution& tau)
{
    NS_LOG_FUNCTION_NOARGS();
    CheckDistribution(a, "a", a.GetDt());
    CheckDistribution(tau, "tau", a.GetDt());
    const BatchProcess bp = ComputeBatchProcess(a, tau);
    return DiscreteDistribution(ResidualMixture(a, tau, bp, false), a.GetDt());
}

DiscreteDistribution
DiscreteTimeBatchModel::BatchInterarrivalDistribution(const DiscreteDistribution& a,
                                                      const DiscreteDistribution& tau)
{
    NS_LOG_FUNCTION_NOARGS();
    CheckDistribution(a, "a", a.GetDt());
    CheckDistribution(tau, "tau", a.GetDt());
    const BatchProcess bp = ComputeBatchProcess(a, tau);
    return DiscreteDistribution(ResidualMixture(a, tau, bp, true), a.GetDt());
}

DiscreteDistribution
DiscreteTimeBatchModel::PeripheralWaitingTime(const DiscreteDistribution& a,
                                              const DiscreteDistribution& tau,
                                              uint32_t i)
{
    NS_LOG_FUNCTION(i);
    CheckDistribution(a, "a", a.GetDt());
    CheckDistribution(tau, "tau", a.GetDt());
    NS_ABORT_MSG_IF(i == 0, "DiscreteTimeBatchModel: packet position i must be >= 1");
    const BatchProcess bp = ComputeBatchProcess(a, tau);
    NS_ABORT_MSG_IF(i >= bp.atLeast.size() || !(bp.atLeast[i] > 0.0),
                    "DiscreteTimeBatchModel: P(X >= " << i << ") is 0");
    std::vector<double> j = JointWaiting(tau, bp, i);
    for (double& x : j)
    {
        x /= bp.atLeast[i];
    }
    return DiscreteDistribution(std::move(j), a.GetDt());
}

DiscreteTimeBatchResult
DiscreteTimeBatchModel::Solve(const DiscreteTimeBatchParameters& p)
{
    NS_LOG_FUNCTION(p.L << p.tolerance << p.maxIterations);
    const double dt = p.interarrival.GetDt();
    CheckDistribution(p.interarrival, "interarrival", dt);
    CheckDistribution(p.service, "service", dt);
    CheckDistribution(p.aggregation, "aggregation", dt);
    CheckDistribution(p.overhead, "overhead", dt);
    NS_ABORT_MSG_IF(!(p.L > 0.0) || !std::isfinite(p.L),
                    "DiscreteTimeBatchModel: L must be positive and finite, got " << p.L);
    const double lGrid = p.L / dt;
    const double lRounded = std::round(lGrid);
    NS_ABORT_MSG_IF(lRounded < 1.0 || std::abs(lGrid - lRounded) > 1e-6 * lRounded,
                    "DiscreteTimeBatchModel: L must be a positive multiple of dt, L=" << p.L);
    NS_ABORT_MSG_IF(!(p.tolerance > 0.0),
                    "DiscreteTimeBatchModel: tolerance must be > 0, got " << p.tolerance);
    NS_ABORT_MSG_IF(p.maxIterations == 0, "DiscreteTimeBatchModel: maxIterations must be >= 1");
    const auto limit = static_cast<std::size_t>(lRounded);

    DiscreteTimeBatchResult res;
    // NIC: batch sizes, batch interarrival times, NIC waiting times.
    const BatchProcess bp = ComputeBatchProcess(p.interarrival, p.aggregation);
    res.batchSize = bp.size;
    const std::size_t nMax = bp.size.size() - 1;
    double meanX = 0.0;
    for (std::size_t n = 1; n <= nMax; ++n)
    {
        meanX += bp.atLeast[n];
    }
    res.meanBatchSize = meanX;
    std::vector<double> s = ResidualMixture(p.interarrival, p.aggregation, bp, true);
    res.batchInterarrival = DiscreteDistribution(s, dt);
    const double meanS = res.batchInterarrival.GetMean();
    res.load = (meanX * p.service.GetMean() + p.overhead.GetMean()) / meanS;

    // CPU: the work recursion.
    Support b = MakeSupport(p.service.GetPmf());
    Support o = MakeSupport(p.overhead.GetPmf());
    Support ss = MakeSupport(s);
    const std::size_t bMax = b.lo + b.v.size() - 1;
    const std::size_t oMax = o.lo + o.v.size() - 1;
    const std::size_t sMin = ss.lo;
    std::size_t n = limit + bMax + oMax;
    if (sMin < oMax)
    {
        n += 32 * oMax;
    }
    // Largest one-step moves of the work (for the coarse grid of the accelerator).
    const std::size_t oMin = o.lo;
    const std::size_t sMax = ss.lo + ss.v.size() - 1;
    const std::size_t down = sMax > oMin ? sMax - oMin : 0;
    const std::size_t upAll = oMax + nMax * bMax;
    const std::size_t up = upAll > sMin ? upAll - sMin : 0;
    WorkRecursion rec(std::move(b), std::move(o), std::move(ss), bp.size, bp.atLeast, limit, n);

    Work u;
    Work next;
    u.Reset(n);
    next.Reset(n);
    const std::size_t start = res.load < 1.0 ? 0 : limit - 1;
    u.x[start] = 1.0;
    u.Cover(start, start);

    // Plain iteration first; if it has not converged after kPlainIterations steps,
    // aggregation-disaggregation: a coarse correction followed by kSmoothingSteps damped
    // steps, convergence judged on the change of the last one.
    ConvergenceMonitor monitor(p.tolerance);
    uint32_t it = 0;
    double d = 0.0;
    uint32_t plain = std::min(p.maxIterations, kPlainIterations);
    // While the iterate is a point mass (deterministic dynamics) its positions are recorded;
    // when one repeats, the orbit is periodic and its stationary distribution is uniform on
    // the cycle (plain iteration would oscillate for ever).
    std::map<std::size_t, std::size_t> seen;
    std::vector<std::size_t> orbit;
    bool tracking = u.lo == u.hi;
    if (tracking)
    {
        seen[u.lo] = 0;
        orbit.push_back(u.lo);
    }
    while ((it < plain || tracking) && it < p.maxIterations && !res.converged)
    {
        d = Step(rec, u, next, false);
        ++it;
        res.converged = monitor.Add(d);
        if (tracking && !res.converged)
        {
            tracking = !u.empty && u.lo == u.hi;
            if (tracking)
            {
                const auto found = seen.find(u.lo);
                if (found != seen.end())
                {
                    const std::size_t first = found->second;
                    const double w = 1.0 / static_cast<double>(orbit.size() - first);
                    u.Reset(n);
                    for (std::size_t k = first; k < orbit.size(); ++k)
                    {
                        u.x[orbit[k]] = w;
                        u.Cover(orbit[k], orbit[k]);
                    }
                    tracking = false;
                    plain = std::max(plain, it + 1); // one more step to confirm
                    monitor.Reset();
                    NS_LOG_INFO("periodic orbit of length "
                                << orbit.size() - first << " found after " << it << " iterations");
                    continue;
                }
                seen[u.lo] = orbit.size();
                orbit.push_back(u.lo);
            }
        }
    }
    if (!res.converged && it < p.maxIterations)
    {
        NS_LOG_INFO("switching to aggregation-disaggregation after " << it << " iterations");
        monitor.Reset();
        Work in;
        Work out;
        while (it < p.maxIterations && !res.converged)
        {
            CoarseCorrection(rec, u, down, up, in, out);
            for (uint32_t k = 0; k < kSmoothingSteps && it < p.maxIterations; ++k)
            {
                d = Step(rec, u, next, true);
                ++it;
            }
            res.converged = monitor.Add(d);
        }
    }
    res.iterations = it;
    res.residual = d;
    if (!res.converged)
    {
        NS_LOG_WARN("work recursion did not converge in " << p.maxIterations
                                                          << " iterations, last change " << d);
    }
    std::vector<double> uPmf(u.x.begin(),
                             u.x.begin() + static_cast<std::ptrdiff_t>(u.empty ? 0 : u.hi + 1));
    res.unfinishedWork = DiscreteDistribution(std::move(uPmf), dt);

    // Final pass: blocking per position and the processing time.
    std::vector<std::vector<double>> joint(nMax + 1);
    for (std::size_t i = 1; i <= nMax; ++i)
    {
        joint[i] = JointWaiting(p.aggregation, bp, i);
    }
    FinalPass fp;
    fp.limit = limit;
    fp.atLeast = &bp.atLeast;
    fp.joint = &joint;
    fp.blocked.assign(nMax + 1, 0.0);
    rec.Apply(u, next, &FinalPassCallback, &fp);
    res.positionBlocking = fp.blocked;
    double lost = 0.0;
    double eq11 = 0.0;
    for (std::size_t i = 1; i <= nMax; ++i)
    {
        lost += bp.atLeast[i] * fp.blocked[i];
        eq11 += bp.size[i] / static_cast<double>(i) * fp.blocked[i];
    }
    res.lossProbability = lost / meanX;
    res.lossProbabilityEq11 = eq11;
    if (fp.acceptedMass > 0.0)
    {
        // d = (sum_i J_i * sigma^{L-1}[u_{b_i}]) * b, normalised.
        const std::vector<double>& pb = p.service.GetPmf();
        std::vector<double> dist(fp.delay.size() + pb.size(), 0.0);
        for (std::size_t k = 0; k < fp.delay.size(); ++k)
        {
            const double w = fp.delay[k];
            if (w == 0.0)
            {
                continue;
            }
            for (std::size_t j = 0; j < pb.size(); ++j)
            {
                dist[k + j] += w * pb[j];
            }
        }
        for (double& x : dist)
        {
            x /= fp.acceptedMass;
        }
        res.processingTime = DiscreteDistribution(std::move(dist), dt);
        res.meanProcessingTime = fp.delayMoment / fp.acceptedMass * dt + p.service.GetMean();
    }
    NS_LOG_INFO("rho=" << res.load << " E[X]=" << meanX << " loss=" << res.lossProbability
                       << " E[D]=" << res.meanProcessingTime << " iterations=" << res.iterations
                       << (res.converged ? "" : " (not converged)"));
    return res;
}

DiscreteDistribution
DiscreteTimeBatchModel::SgwServiceTime(double dt)
{
    return DiscreteDistribution::Deterministic(kSgwMeanService, dt);
}

DiscreteTimeBatchParameters
DiscreteTimeBatchModel::Sgw(const DiscreteDistribution& interarrival)
{
    const double dt = interarrival.GetDt();
    CheckDt(dt);
    DiscreteTimeBatchParameters p;
    p.interarrival = interarrival;
    p.service = SgwServiceTime(dt);
    p.aggregation = DiscreteDistribution::Deterministic(kSgwAggregation, dt);
    p.overhead = DiscreteDistribution::Deterministic(kSgwOverhead, dt);
    p.L = kSgwLimit;
    return p;
}

} // namespace ns3
