/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef DISCRETE_TIME_BATCH_MODEL_H
#define DISCRETE_TIME_BATCH_MODEL_H

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet-validation
 * @brief A probability mass function on the time grid k dt, k = 0, 1, ...
 *
 * Value class: x(k) = P(X = k dt). Entries are non-negative; the sum is normally 1 (the
 * constructor does not normalise; DiscreteTimeBatchModel checks it). Times in seconds.
 */
class DiscreteDistribution
{
  public:
    /// An empty distribution (no grid points, dt = 0); only useful as a placeholder.
    DiscreteDistribution();

    /**
     * @brief Construct from probabilities on the grid.
     *
     * Trailing zeros are removed.
     *
     * @param pmf x(k), k = 0..size-1, each finite and >= 0
     * @param dt grid step (s), > 0
     */
    DiscreteDistribution(std::vector<double> pmf, double dt);

    /**
     * @brief Deterministic value, mean-preserving on the grid.
     *
     * If value / dt is an integer k (within 1e-9), a point mass at k; otherwise the mass is
     * split between floor and ceil of value / dt in proportion to the distances, so that the
     * mean is exactly @p value (the variance is then (value/dt - floor)(ceil - value/dt) dt^2).
     *
     * @param value the value (s), >= 0
     * @param dt grid step (s), > 0
     * @return the distribution
     */
    static DiscreteDistribution Deterministic(double value, double dt);

    /**
     * @brief Exponential distribution discretised as a geometric one on the grid.
     *
     * x(k) = p (1 - p)^(k-1), k >= 1, with p = dt / mean, so that the mean is exactly
     * @p mean; the tail beyond the point where less than 1e-16 of the mass remains is added
     * to that last point. With a small dt / mean it approaches the exponential distribution;
     * it is memoryless on the grid (the discrete analogue used for Poisson/M/M/1 checks).
     *
     * @param mean the mean (s), >= dt
     * @param dt grid step (s), > 0
     * @return the distribution
     */
    static DiscreteDistribution Exponential(double mean, double dt);

    /**
     * @brief Arbitrary distribution from a (value, probability) table.
     *
     * Each value is placed on the grid like Deterministic() (mean-preserving split), the
     * probabilities are normalised to sum 1.
     *
     * @param table pairs (value in s >= 0, probability >= 0), not all probabilities 0
     * @param dt grid step (s), > 0
     * @return the distribution
     */
    static DiscreteDistribution FromTable(const std::vector<std::pair<double, double>>& table,
                                          double dt);

    /**
     * @brief Grid step.
     * @return dt (s)
     */
    double GetDt() const;

    /**
     * @brief The probabilities.
     * @return x(k), k = 0..GetSize()-1
     */
    const std::vector<double>& GetPmf() const;

    /**
     * @brief Number of grid points held (largest index with non-zero mass + 1).
     * @return the size
     */
    std::size_t GetSize() const;

    /**
     * @brief P(X = k dt).
     * @param k grid index
     * @return the probability (0 beyond the size)
     */
    double operator[](std::size_t k) const;

    /**
     * @brief Total mass.
     * @return sum of x(k)
     */
    double GetSum() const;

    /**
     * @brief Mean.
     * @return sum of k dt x(k) (s)
     */
    double GetMean() const;

    /**
     * @brief Variance.
     * @return sum of (k dt - mean)^2 x(k) (s^2)
     */
    double GetVariance() const;

    /**
     * @brief Distribution function.
     * @param t time (s)
     * @return P(X <= t)
     */
    double GetCdf(double t) const;

    /**
     * @brief Quantile.
     * @param q probability in (0, 1]
     * @return the smallest grid time t with P(X <= t) >= q (s)
     */
    double GetQuantile(double q) const;

  private:
    std::vector<double> m_pmf; ///< x(k)
    double m_dt;               ///< grid step (s)
};

/**
 * @ingroup hostnet-validation
 * @brief Inputs of DiscreteTimeBatchModel::Solve().
 *
 * All four distributions must have the same grid step dt and sum to 1 (within 1e-9).
 */
struct DiscreteTimeBatchParameters
{
    DiscreteDistribution interarrival; ///< a(k), packet interarrival time A
    DiscreteDistribution service;      ///< b(k), CPU service time B of one packet
    DiscreteDistribution aggregation;  ///< tau(k), aggregation interval (ethtool rx-usecs)
    DiscreteDistribution overhead;     ///< o(k), interrupt overhead, once per batch
    double L{0.0};                     ///< unfinished-work limit (s), a multiple of dt, > 0
    double tolerance{1e-10};           ///< convergence tolerance (L1 norm), > 0
    uint32_t maxIterations{200000};    ///< iteration limit of the work recursion
};

/**
 * @ingroup hostnet-validation
 * @brief Results of DiscreteTimeBatchModel::Solve().
 */
struct DiscreteTimeBatchResult
{
    /// x(n) = P(X = n), n = batch size including the packet that opened the interval
    /// (index 0 unused, always 0)
    std::vector<double> batchSize;
    DiscreteDistribution batchInterarrival; ///< s(k), time between batch arrivals S
    DiscreteDistribution unfinishedWork;    ///< u(k), stationary work seen by a batch
    DiscreteDistribution processingTime;    ///< d(k), total processing time of accepted
                                            ///< packets (NIC wait + CPU wait + service)
    /// P(packet at position i is blocked | X >= i), index i >= 1 (index 0 unused)
    std::vector<double> positionBlocking;
    double meanBatchSize{0.0};       ///< E[X]
    double load{0.0};                ///< rho = (E[X] E[B] + E[O]) / E[S]
    double lossProbability{0.0};     ///< share of packets rejected (long run)
    double lossProbabilityEq11{0.0}; ///< eq. (11) as printed (x = batch sizes), for comparison
    double meanProcessingTime{0.0};  ///< E[D] of accepted packets (s), direct sum
    uint32_t iterations{0};          ///< iterations of the work recursion
    bool converged{false};           ///< whether the tolerance was reached
    double residual{0.0};            ///< last L1 change of u
};

/**
 * @ingroup hostnet-validation
 * @brief Discrete-time GI^[X]/GI/1-L model of NIC batching and a CPU with a work limit.
 *
 * Model of S. Gebert et al., "Performance Modeling of Softwarized Network Functions Using
 * Discrete-Time Analysis", ITC 28, 2016 (Gebert et al. 2016). Packets with interarrival time A
 * reach the NIC; the first packet after a batch transfer starts an aggregation interval of
 * length tau (ethtool rx-usecs); at its end all packets that arrived (including that first
 * one) are transferred as one batch to the CPU. Each batch costs an interrupt overhead O; each
 * packet needs a service time B. A packet is accepted if the unfinished work it finds is below
 * L (at most L - dt), otherwise it and the rest of its batch are rejected. Everything lives
 * on a grid of step dt (e.g. 1 us); distributions are DiscreteDistribution objects.
 *
 * Conventions and deviations from the printed paper (each justified where implemented):
 * - eq. (1) counts the arrivals strictly inside (0, tau) after the opening packet; the batch
 *   size used by eqs. (8), (11), (13) is that count + 1 (the paper's own examples: tau =
 *   100 us with E[A] = 30 us gives batches of four, E[A] = tau batches of one);
 * - eq. (4): the "recurrence time" r_a is the residual time from the interval end to the
 *   next arrival given an arrival at the interval start (renewal theory), not the stationary
 *   forward recurrence time; then E[S] = E[X] E[A] exactly (Wald). For a random tau,
 *   s = sum_m tau(m) r_m(. - m), of which eq. (4) is the deterministic-tau case;
 * - the interrupt overhead o, listed in the paper but absent from its equations, is added to
 *   the work once per batch before its first packet, unconditionally (the interrupt is
 *   handled even when every packet is rejected): u_{b_1} = u * o, so
 *   rho = (E[X] E[B] + E[O]) / E[S] = (E[B] + E[O]/E[X]) / E[A] (eq. 10 extended); with the
 *   SGW values loss starts below E[A] = 7.25 + 4/E[X] us, about 7.39 us, rather than at the
 *   7.25 us of eq. (14), which leaves o out. In this FIFO work view o delays the packets of
 *   its own batch, not (by preemption) those of earlier batches still waiting;
 * - eq. (8) uses the work after the whole batch: sum_n x(n) u_{b_{n+1}} (the printed
 *   u_{b_i} is the work before the last packet);
 * - eq. (11) takes only the last packet of a batch; the long-run loss is
 *   sum_i P(X >= i) P(U_{b_i} >= L) / E[X] (eq. (11) as printed is also returned);
 * - eqs. (12)-(13): packet positions are weighted by P(X >= i) / E[X] (not x(i)), the
 *   NIC waiting time is the joint P(X >= i, W_i = k) (not the swept pi_0 of eq. (5)), and the
 *   CPU part is the work seen by the accepted packet, sigma^{L-1}[u_{b_i}] (which contains o
 *   and only the accepted predecessors), plus its own service time.
 * - eq. (8) treats S and X as independent, as the paper does; this is exact for
 *   deterministic A and tau and for geometric A (memoryless), an approximation otherwise.
 */
class DiscreteTimeBatchModel
{
  public:
    /// SGW parameters of the paper: mean service time E[B] (s).
    static constexpr double kSgwMeanService = 7.25e-6;
    /// SGW parameters of the paper: interrupt overhead per batch o (s).
    static constexpr double kSgwOverhead = 4e-6;
    /// SGW parameters of the paper: aggregation interval tau (s).
    static constexpr double kSgwAggregation = 200e-6;
    /// SGW parameters of the paper: unfinished-work limit L (s).
    static constexpr double kSgwLimit = 5200e-6;

    /**
     * @brief Eq. (1): distribution of the number of arrivals in an aggregation interval.
     *
     * x(k) = tau(0) delta(k) + sum_{m>=1} tau(m) sum_{i=0}^{m-1} (f^(k)(i) - f^(k+1)(i)),
     * with f^(k) = a^{*k} the distribution of the time from the opening packet to its k-th
     * successor (f^(0) = delta): the number of successors arriving strictly before the
     * interval end. The batch size is this count + 1 (BatchSizeDistribution()).
     *
     * @param a interarrival distribution a(k)
     * @param tau aggregation interval distribution tau(k)
     * @return x(k), k = 0, 1, ... (truncated where the remaining mass is below 1e-16)
     */
    static std::vector<double> ArrivalCountDistribution(const DiscreteDistribution& a,
                                                        const DiscreteDistribution& tau);

    /**
     * @brief Batch size distribution: P(X = n) = eq. (1) at n - 1, n >= 1.
     *
     * @param a interarrival distribution a(k)
     * @param tau aggregation interval distribution tau(k)
     * @return P(X = n), index n (index 0 is 0)
     */
    static std::vector<double> BatchSizeDistribution(const DiscreteDistribution& a,
                                                     const DiscreteDistribution& tau);

    /**
     * @brief The recurrence time r_a of eq. (4): from the interval end to the next arrival.
     *
     * Given an arrival at time 0 and the interval end at m, r_m(l) = sum_{j<m} h(j) a(m + l -
     * j), l >= 0, where h(j) = sum_k f^(k)(j) is the renewal mass (h(0) includes the opening
     * packet): the last arrival before m is at j and its successor at m + l. An arrival
     * exactly at m opens the next interval (l = 0). Returned mixed over tau:
     * r_a(l) = sum_m tau(m) r_m(l) (tau(0) contributes a(l)).
     *
     * @param a interarrival distribution a(k)
     * @param tau aggregation interval distribution tau(k)
     * @return r_a
     */
    static DiscreteDistribution RecurrenceTimeDistribution(const DiscreteDistribution& a,
                                                           const DiscreteDistribution& tau);

    /**
     * @brief Eq. (4): distribution of the time S between batch arrivals.
     *
     * s(k) = sum_m tau(m) r_m(k - m) (see RecurrenceTimeDistribution()); for a deterministic
     * tau this is eq. (4), s = r_a * tau. E[S] = E[X] E[A].
     *
     * @param a interarrival distribution a(k)
     * @param tau aggregation interval distribution tau(k)
     * @return s(k)
     */
    static DiscreteDistribution BatchInterarrivalDistribution(const DiscreteDistribution& a,
                                                              const DiscreteDistribution& tau);

    /**
     * @brief Eq. (5), corrected: NIC waiting time of the i-th packet of a batch, given X >= i.
     *
     * W_1 = tau; for i >= 2, P(W_i = k, X >= i) = sum_m tau(m) f^(i-1)(m - k), k >= 1 (the
     * packet arrived F^(i-1) < m after the opening one). The printed pi_0[tau * a(-k)^{*(i-1)}]
     * sweeps the mass of packets that are not in the batch to k = 0; here it is excluded and
     * the result normalised by P(X >= i).
     *
     * @param a interarrival distribution a(k)
     * @param tau aggregation interval distribution tau(k)
     * @param i packet position, >= 1, with P(X >= i) > 0
     * @return the conditional distribution of W_i
     */
    static DiscreteDistribution PeripheralWaitingTime(const DiscreteDistribution& a,
                                                      const DiscreteDistribution& tau,
                                                      uint32_t i);

    /**
     * @brief Solve the model: batch process, stationary work, loss and processing time.
     *
     * Work recursion (eqs. 6-9 with the conventions of the class description), on arrays of
     * N = L/dt + max(B) + max(O) grid points (work never exceeds L - dt + max(B) + max(O)
     * when S >= max(O) always, as with tau >= max(O); otherwise a margin of 32 max(O) points
     * is added and mass beyond it is kept in the last point):
     *   u_{b_1} = u * o;  u_{b_{i+1}} = sigma^{L-1}[u_{b_i}] * b + sigma_L[u_{b_i}];
     *   u' = pi_0[(sum_{n>=1} x(n) u_{b_{n+1}}) * s(-k)].
     * One iteration costs O(sum over positions of (support width of u_{b_i}) x (points of
     * b)) plus (support of u) x (points of s): convolutions are direct, restricted to the
     * support of the work distribution (exact zeros are skipped, values below 1e-30 at its
     * edges are dropped), and b, o, s carry only their non-zero range (the geometric helper
     * and the batch process are truncated where less than 1e-16 of the mass remains), so
     * deterministic or short distributions cost O(N) per position. No FFT (its rounding
     * noise, ~1e-16 of the largest value, would swamp small loss probabilities).
     *
     * Iteration: start u = delta(0) if rho < 1, delta(L - dt) otherwise; up to 48 plain steps
     * u <- T(u). While u stays a point mass (deterministic A, B, o, tau on the grid) its
     * positions are recorded; a repeated position means a periodic orbit, whose stationary
     * distribution (uniform on the cycle) is taken directly (plain iteration would oscillate
     * for ever). If not converged after 48 steps, iterative aggregation-disaggregation: the
     * support of u widened by the largest one-step moves is cut into at most 128 blocks, the
     * coarse chain between blocks (weights = shape of u within each block) is solved exactly
     * (GTH state reduction), the blocks are rescaled to its solution, and 4 damped steps
     * u <- (u + T(u))/2 follow. This keeps the exact fixed point and removes the smooth,
     * slowly decaying error components that make plain iteration need ~10^4-10^5 steps near
     * rho = 1 (SGW case at E[A] = 7.39 us on a 1 us grid: about 400 steps and 0.1-0.2 s
     * instead of 55,000 plain steps and 30 s).
     * Convergence criterion: with d_n the L1 change ||T(u) - u||_1 of the last step (of each
     * outer step in the accelerated phase) and r the largest ratio d_n/d_{n-1} of the last 8,
     * stop when r < 1 and d_n max(1, r/(1-r)) < tolerance (geometric estimate of the
     * remaining distance to the fixed point), or when d_n <= max(1e-3 tolerance, 1e-14)
     * (fixed point up to rounding); after maxIterations steps converged = false. Each iterate
     * is renormalised to mass 1.
     *
     * Loss, per packet in the long run: sum_i P(X >= i) P(U_{b_i} >= L) / E[X]. Processing
     * time of accepted packets: d = sum_i [J_i * sigma^{L-1}[u_{b_i}]] * b / (1 - loss)
     * / E[X], with J_i(k) = P(X >= i, W_i = k); its mean is also summed directly
     * (meanProcessingTime).
     *
     * @param p the parameters
     * @return the results
     */
    static DiscreteTimeBatchResult Solve(const DiscreteTimeBatchParameters& p);

    /**
     * @brief The SGW service time of the paper: mean 7.25 us, on the grid dt.
     *
     * The paper uses a measured distribution (Fig. 6(b), capped at its 90% quantile of 16 us,
     * mean 7.25 us) whose values are not given in the text; this returns the deterministic
     * 7.25 us, placed by Deterministic() (exact on a 0.25 us grid, a 7/8 us split on 1 us).
     * Pass the measured table through FromTable() when it is available.
     *
     * @param dt grid step (s)
     * @return the service time distribution
     */
    static DiscreteDistribution SgwServiceTime(double dt);

    /**
     * @brief SGW parameters of the paper (E[B] = 7.25 us, o = 4 us per batch, tau = 200 us,
     * L = 5200 us) for a given interarrival distribution (whose dt is used).
     *
     * @param interarrival a(k)
     * @return the parameters
     */
    static DiscreteTimeBatchParameters Sgw(const DiscreteDistribution& interarrival);
};

} // namespace ns3

#endif /* DISCRETE_TIME_BATCH_MODEL_H */
