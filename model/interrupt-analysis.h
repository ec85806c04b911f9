/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef INTERRUPT_ANALYSIS_H
#define INTERRUPT_ANALYSIS_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Steady-state performance figures of a receive-path analytic model.
 *
 * All rates are in packets per second, all times in seconds.
 */
struct InterruptAnalysisResult
{
    double throughput;      ///< delivered packets per second (gamma)
    double cpuAvailability; ///< share of CPU time not used by ISR + protocol processing
    double meanLatency;     ///< seconds, from arrival in host memory to end of protocol
                            ///< processing (accepted packets)
    double lossProbability; ///< share of arriving packets dropped
    double meanBacklog;     ///< mean number of packets in the protocol buffer (incl. the one
                            ///< in service)
};

/**
 * @ingroup hostnet
 * @brief Analytic models of interrupt-driven packet reception.
 *
 * Implements the ideal system (Sec. 3.1) and the normal-interruption model (Sec. 3.2,
 * eqs. 1-6, and the cliff point of eq. 13) of K. Salah, K. El-Badawi, F. Khalid,
 * "Performance Analysis and Comparison of Interrupt-Handling Schemes in Gigabit
 * Networks", together with the exact continuous-time Markov chain (CTMC) of the
 * normal-interruption mechanism that the paper's closed form approximates.
 *
 * Parameters common to all models:
 * - @c lambda: Poisson packet arrival rate into host memory (1/s), > 0 and finite;
 * - @c mu: protocol processing rate (1/s), exponential service, > 0 and finite;
 * - @c r: ISR handling rate (1/s), exponential, > 0; +infinity means zero ISR cost;
 * - @c B: protocol buffer size in packets, including the packet in service, >= 1.
 *
 * Invalid parameters abort the program with a message naming the parameter.
 *
 * All results are computed without overflow for any load (including rho == 1 exactly
 * and rho >> 1) and buffer sizes such as B = 1024.
 */
class InterruptAnalysis
{
  public:
    /**
     * @brief Ideal system (no interrupt cost): the M/M/1/B queue of Sec. 3.1.
     *
     * CPU availability is p0, throughput mu (1 - p0) = lambda (1 - pB), latency E[N] /
     * throughput (Little's law with the effective arrival rate), loss pB.
     *
     * @param lambda arrival rate (1/s), > 0
     * @param mu protocol processing rate (1/s), > 0
     * @param B buffer size in packets, >= 1
     * @return the steady-state figures
     */
    static InterruptAnalysisResult Mm1b(double lambda, double mu, uint32_t B);

    /**
     * @brief Normal interruption, the paper's closed form (eqs. 1-6 as printed).
     *
     * mu' = mu r / (lambda + r) (eq. 2); protocol processing is an M/M/1/B queue with
     * rho_IP = lambda / mu' and idle probability p0 (eq. 4); availability
     * V = r / (lambda + r) p0 (eq. 3); throughput gamma = mu' (1 - p0) (eq. 5); latency
     * E[T] = 1/r + E_IP[N] / gamma (eq. 6). The loss probability is 1 - gamma / lambda
     * (= pB of that M/M/1/B queue) and the backlog is E_IP[N].
     *
     * With r = +infinity this returns Mm1b(lambda, mu, B).
     *
     * @param lambda arrival rate (1/s), > 0
     * @param mu protocol processing rate (1/s), > 0
     * @param r ISR handling rate (1/s), > 0, may be +infinity
     * @param B buffer size in packets, >= 1
     * @return the steady-state figures
     */
    static InterruptAnalysisResult NormalInterruptionClosedForm(double lambda,
                                                                double mu,
                                                                double r,
                                                                uint32_t B);

    /**
     * @brief Normal interruption, exact CTMC solution.
     *
     * State (n, s): n = 0..B packets in the backlog (including the one in protocol
     * processing), s = 1 while the ISR runs. Transitions: (n,0) -> (min(n+1,B),1) and
     * (n,1) -> (min(n+1,B),1) at rate lambda (an arrival raises an interrupt if the ISR is
     * idle, is absorbed by a running ISR otherwise; it is lost if n == B), (n,1) -> (n,0)
     * at rate r, (n,0) -> (n-1,0) at rate mu for n >= 1 (protocol processing is preempted
     * by the ISR and resumes afterwards).
     *
     * Throughput mu sum_{n>=1} p(n,0); availability p(0,0); backlog E[N]; latency
     * E[N] / throughput (Little's law on accepted packets); loss sum_s p(B,s)
     * (= 1 - throughput / lambda by PASTA). Solved in O(B) by
     * NormalInterruptionExactDistribution().
     *
     * With r = +infinity this returns Mm1b(lambda, mu, B).
     *
     * @param lambda arrival rate (1/s), > 0
     * @param mu protocol processing rate (1/s), > 0
     * @param r ISR handling rate (1/s), > 0, may be +infinity
     * @param B buffer size in packets, >= 1
     * @return the steady-state figures
     */
    static InterruptAnalysisResult NormalInterruptionExact(double lambda,
                                                           double mu,
                                                           double r,
                                                           uint32_t B);

    /**
     * @brief Stationary distribution of the exact normal-interruption CTMC.
     *
     * Solved in O(B) by a forward recursion on the level cut equations
     * mu p(n+1,0) = lambda (p(n,0) + p(n,1)) and the balance equations of the states
     * (n,1): p(0,1) = 0, (lambda + r) p(n,1) = lambda (p(n-1,0) + p(n-1,1)) for
     * 1 <= n <= B-1, r p(B,1) = lambda (p(B-1,0) + p(B-1,1) + p(B,0)); values are rescaled
     * on the way to avoid overflow and normalised at the end.
     *
     * @param lambda arrival rate (1/s), > 0
     * @param mu protocol processing rate (1/s), > 0
     * @param r ISR handling rate (1/s), > 0, may be +infinity (then all p(n,1) are 0)
     * @param B buffer size in packets, >= 1
     * @return the 2 (B + 1) probabilities, p(n,s) at index 2 n + s
     */
    static std::vector<double> NormalInterruptionExactDistribution(double lambda,
                                                                   double mu,
                                                                   double r,
                                                                   uint32_t B);

    /**
     * @brief Cliff (saturation) point of normal interruption, eq. 13.
     *
     * lambda_cliff = r/2 (sqrt(1 + 4 mu / r) - 1), the load at which rho_IP = 1, evaluated
     * as the algebraically equal 2 mu / (sqrt(1 + 4 mu / r) + 1) to avoid cancellation.
     * Equal to mu when r = +infinity.
     *
     * @param mu protocol processing rate (1/s), > 0
     * @param r ISR handling rate (1/s), > 0, may be +infinity
     * @return the cliff arrival rate (1/s)
     */
    static double CliffPoint(double mu, double r);

    /**
     * @brief Stationary distribution of a small finite CTMC by dense Gaussian elimination.
     *
     * Solves pi Q = 0 with sum(pi) = 1: the transposed system with one equation replaced by
     * the normalisation row, partial pivoting. O(N^3): for cross-checks on small chains
     * only. The chain must have a single recurrent class (transient states are allowed).
     *
     * @param q the N x N generator, q[i][j] the rate from state i to state j (i != j), with
     *          q[i][i] = -sum_{j != i} q[i][j]
     * @return the N stationary probabilities
     */
    static std::vector<double> SolveStationaryDense(const std::vector<std::vector<double>>& q);
};

} // namespace ns3

#endif /* INTERRUPT_ANALYSIS_H */
