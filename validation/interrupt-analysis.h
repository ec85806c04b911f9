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
 * @ingroup hostnet-validation
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
 * @ingroup hostnet-validation
 * @brief Analytic models of interrupt-driven packet reception.
 *
 * Implements the ideal system (Sec. 3.1), the normal-interruption model (Sec. 3.2,
 * eqs. 1-6, and the cliff point of eq. 13), the interrupt disable-enable scheme (Sec. 3.3,
 * eqs. 7-8) and pure polling (Sec. 3.4, eqs. 9-12) of K. Salah, K. El-Badawi, F. Haidari,
 * "Performance Analysis and Comparison of Interrupt-Handling Schemes in Gigabit
 * Networks", Computer Communications 30(17), 2007 (Salah et al. 2007), together with the
 * exact continuous-time Markov chains (CTMC) of the normal-interruption and disable-enable
 * mechanisms and a numerically stable M/D/1/B solution.
 *
 * Parameters common to all models:
 * - @c lambda: Poisson packet arrival rate into host memory (1/s), > 0 and finite;
 * - @c mu: protocol processing rate (1/s), exponential service, > 0 and finite;
 * - @c r: ISR handling rate (1/s), exponential, > 0; +infinity means zero ISR cost;
 * - @c nu: service rate of a packet that finds interrupts enabled (disable-enable scheme;
 *   disabling + ISR + protocol processing), > 0 and finite;
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
     * @brief Interrupt disable-enable scheme (Sec. 3.3), exact solution of the CTMC of Fig. 3.
     *
     * State (n, s): n = 0..B packets in the protocol buffer (including the one in service);
     * s = 1 while the packet in service is the one whose arrival found interrupts enabled,
     * s = 0 while interrupts are disabled. State space {(n,0), 1 <= n <= B} U
     * {(n,1), 0 <= n <= B}; (0,1) is the idle state (interrupts enabled). Transitions:
     * - (n,s) -> (n+1,s) at rate lambda for n < B (arrivals are lost at n == B; while
     *   interrupts are disabled they are DMA'd quietly, without an interrupt);
     * - (n,1) -> (n-1,0) at rate nu for n >= 2: the packet that raised the interrupt is
     *   done (its service, mean 1/nu, includes disabling the interrupts, the ISR and its
     *   protocol processing); packets remain, so interrupts STAY disabled;
     * - (n,0) -> (n-1,0) at rate mu for n >= 2: protocol processing with interrupts
     *   disabled;
     * - (1,1) -> (0,1) at rate nu and (1,0) -> (0,1) at rate mu: the buffer empties and
     *   interrupts are re-enabled (at no cost, as in the paper).
     *
     * These are exactly the paper's balance equations (whose (n,0) equation has the inflow
     * nu p(n+1,1), i.e. a completion in (n+1,1) leads to (n,0)), read with the typo
     * "... = 0" at the end of the third equation dropped; the alternative (n,1) -> (n-1,1)
     * would re-enable interrupts after every packet and leave the (n,0) states unreachable.
     *
     * Throughput nu sum_{n>=1} p(n,1) + mu sum_{n>=1} p(n,0) (= lambda (1 - pB));
     * availability p(0,1) (the CPU is idle only there); backlog E[N]; latency
     * E[N] / throughput (Little's law on accepted packets); loss pB = p(B,0) + p(B,1)
     * (PASTA). Solved in O(B) by DisableEnableExactDistribution(). With nu == mu the level
     * process is the M/M/1/B birth-death chain (the paper's special case).
     *
     * @param lambda arrival rate (1/s), > 0
     * @param mu protocol processing rate with interrupts disabled (1/s), > 0
     * @param nu service rate of the packet that finds interrupts enabled (1/s), > 0
     * @param B buffer size in packets, >= 1
     * @return the steady-state figures
     */
    static InterruptAnalysisResult DisableEnableExact(double lambda,
                                                      double mu,
                                                      double nu,
                                                      uint32_t B);

    /**
     * @brief Stationary distribution of the interrupt disable-enable CTMC (Fig. 3).
     *
     * With a = lambda / mu and b = lambda / (lambda + nu), the balance equations of the
     * states (n,1) and the cuts between levels n and n+1 give the recursion
     * p(n,1) = b p(n-1,1) and p(n,0) = a (p(n-1,0) + b p(n-1,1)) for 1 <= n < B (p(0,0) = 0),
     * p(B,1) = (lambda / nu) p(B-1,1) and p(B,0) = a p(B-1,0). All terms are non-negative,
     * so the recursion is free of cancellation; levels are rescaled on the way (no overflow
     * for rho >> 1 and B = 1024) and normalised at the end. Works unchanged at a == 1 and
     * a == b, where the paper's closed form is 0/0.
     *
     * @param lambda arrival rate (1/s), > 0
     * @param mu protocol processing rate with interrupts disabled (1/s), > 0
     * @param nu service rate of the packet that finds interrupts enabled (1/s), > 0
     * @param B buffer size in packets, >= 1
     * @return the 2 (B + 1) probabilities, p(n,s) at index 2 n + s; index 0 stands for the
     *         non-existent state (0,0) and is always 0
     */
    static std::vector<double> DisableEnableExactDistribution(double lambda,
                                                              double mu,
                                                              double nu,
                                                              uint32_t B);

    /**
     * @brief Interrupt disable-enable scheme, the paper's closed form (Sec. 3.3).
     *
     * With a = lambda / mu and b = lambda / (lambda + nu):
     * - availability p(0,1) from eq. 7,
     *   (b-a)(1-a)(1-b) / [(b-a)(1-a+ab-ab^B) - a^2 (1-b)(ab^B - a^B b)];
     * - throughput gamma from eq. 8,
     *   lambda [(b-a)(1-a+ab-b^B) - a(1-b)(ab^B - a^B b)] / [same denominator as eq. 7];
     * - loss pB = ((1-a)(ab+b-a) / ((b-a)(1-b)) b^B - ab/(b-a) a^B) p(0,1);
     * - backlog E[N] = p(0,1) [(ab+b-a)/(b-a) sum_{n=1}^{B-1} n b^n
     *   - ab/(b-a) sum_{n=1}^{B-1} n a^n + B ((1-a)(ab+b-a) b^B / ((b-a)(1-b))
     *   - a^{B+1} b / (b-a))];
     * - latency E[T] = E[N] / (lambda (1 - pB)).
     *
     * Deviations from the printed text (all checked against the exact chain, with which the
     * corrected formulas agree algebraically):
     * - the printed pB and E[N] are multiplied by "p_{1,0}"; the derivation (pB = p(B,0) +
     *   p(B,1), both proportional to p(0,1)) shows p_{0,1} is meant; taken literally,
     *   p_{1,0} = ab p(0,1) would scale pB and E[N] by ab;
     * - the intermediate line of the throughput derivation, "mu sum_{n=1}^{B-1} a^i b^{B-i}",
     *   should read mu a sum_{i=1}^{B-1} a^i b^{B-i} (= mu p(B,0) / p(0,1)); eq. 8 itself is
     *   correct as printed (its "b^B" where eq. 7 has "ab^B" is not a typo);
     * - the third balance equation's trailing "= 0" is redundant.
     *
     * Numerics: evaluated in long double; for a > 1 numerator and denominator are divided by
     * a^B (an exact rearrangement) so that nothing overflows for rho >> 1 and B = 1024. The
     * formulas are 0/0 at a == 1 (lambda == mu) and a == b (mu == lambda + nu), removable
     * singularities near which they lose digits (about 2e-19 / |a/a_s - 1| relative error
     * in long double, a_s the singular point). Within relative distance
     * w = 1e-8 min(1, (1024/B)^{2/3}) of a_s the formulas are interpolated linearly in a
     * between a_s (1 - w) and a_s (1 + w), b fixed. Agreement with the exact chain: about
     * 1e-13 away from the singularities, 1e-11 near them for B <= 1024 (2e-10 at B = 1e5).
     *
     * @param lambda arrival rate (1/s), > 0
     * @param mu protocol processing rate with interrupts disabled (1/s), > 0
     * @param nu service rate of the packet that finds interrupts enabled (1/s), > 0
     * @param B buffer size in packets, >= 1
     * @return the steady-state figures
     */
    static InterruptAnalysisResult DisableEnableClosedForm(double lambda,
                                                           double mu,
                                                           double nu,
                                                           uint32_t B);

    /**
     * @brief Effective protocol processing rate of pure polling, eq. 9 as printed.
     *
     * With T_v = tPoll - tPollOh and U_pollOH = tPollOh / tPoll: mu' = Q / T_v if
     * Q / mu < T_v, else mu (1 - U_pollOH).
     *
     * Note: as printed, eq. 9 is discontinuous at Q / mu = T_v (the first case gives mu,
     * the second mu T_v / tPoll there), and its first case exceeds the capacity Q / tPoll of
     * a poller that serves at most Q packets per period (the paper's parameters: 3 / 18.41 us =
     * 162.96 Kpps against 150 Kpps). Q / tPoll would be continuous and consistent with
     * eq. 10; this function nevertheless implements the printed formula. A caller who wants
     * the capacity-consistent variant can use MD1B(lambda, tPoll / Q, B) directly.
     *
     * @param mu protocol processing rate (1/s), > 0
     * @param tPoll polling period (s), > 0
     * @param tPollOh polling overhead per period (s), 0 <= tPollOh < tPoll
     * @param Q polling quota (packets per poll), >= 1
     * @return mu' (1/s)
     */
    static double PurePollingEffectiveRate(double mu, double tPoll, double tPollOh, uint32_t Q);

    /**
     * @brief Pure polling (Sec. 3.4), the paper's model.
     *
     * - mu' from eq. 9 (PurePollingEffectiveRate());
     * - availability V = 1 - (U_pollOH + U_IP), eq. 10, with N = lambda tPoll,
     *   M = mu T_v: U_IP = lambda / mu if N < M and N < Q, else Q / (mu tPoll) if Q < M,
     *   else T_v / tPoll (then V = 0);
     * - protocol processing as an M/D/1/B queue with deterministic service 1 / mu' (MD1B()):
     *   throughput gamma = mu' (1 - p0) (= lambda (1 - pB)), loss pB, backlog E_IP[N];
     * - latency, eq. 12: E[T] = E_IP[T] + p0 tPoll with E_IP[T] = E_IP[N] / (lambda (1-pB)).
     *
     * The paper's p0 (eq. 11) and E_IP[T] are written with the alternating series
     * b_n = sum_k (-1)^k / k! (n-k)^k e^{(n-k) rho} rho^k, which is exact but unusable in
     * floating point for large B: terms of size up to e^{(B-1) rho} and more cancel to a
     * result of order 1 (at the paper's parameters and B = 1024 the largest term is 1e50 at
     * 10 Kpps and 1e919 at 300 Kpps), and a direct double evaluation agrees with the stable
     * solution to 1e-6 only up to B ~ 22-156 depending on the load. The same quantities are
     * computed here by the stable method of MD1B().
     *
     * @param lambda arrival rate (1/s), > 0
     * @param mu protocol processing rate (1/s), > 0
     * @param tPoll polling period (s), > 0
     * @param tPollOh polling overhead per period (s), 0 <= tPollOh < tPoll
     * @param Q polling quota (packets per poll), >= 1
     * @param B buffer size in packets, >= 1
     * @return the steady-state figures
     */
    static InterruptAnalysisResult PurePollingClosedForm(double lambda,
                                                         double mu,
                                                         double tPoll,
                                                         double tPollOh,
                                                         uint32_t Q,
                                                         uint32_t B);

    /**
     * @brief The M/D/1/B queue (Poisson arrivals, deterministic service, B places in total).
     *
     * Throughput lambda (1 - pB) = (1 - p0) / serviceTime; availability p0 (idle
     * probability); backlog E[N]; latency E[N] / throughput (Little's law on accepted
     * packets); loss pB. Computed from MD1BDistribution().
     *
     * @param lambda arrival rate (1/s), > 0
     * @param serviceTime deterministic service time (s), > 0
     * @param B buffer size in packets (including the one in service), >= 1
     * @return the steady-state figures
     */
    static InterruptAnalysisResult MD1B(double lambda, double serviceTime, uint32_t B);

    /**
     * @brief Time-average queue length distribution of the M/D/1/B queue.
     *
     * Embedded chain at departure epochs (states 0..B-1), with rho = lambda serviceTime and
     * a_k = e^{-rho} rho^k / k! the probability of k arrivals during one service. The cut
     * between {0..j} and {j+1..B-1} gives the cancellation-free recursion
     * pi_{j+1} a_0 = pi_0 abar_j + sum_{i=1}^{j} pi_i abar_{j+1-i}, j = 0..B-2, with the
     * Poisson tail abar_m = sum_{k>m} a_k (obtained by backward summation of positive
     * terms). All pi_j share one scale factor, changed by exact powers of two to prevent
     * overflow; for rho >= 700, where a_0 = e^{-rho} underflows, the division by a_0 is
     * replaced by a rescaling in logs (earlier terms are then negligible). The M/G/1/K relations
     * then give p_n = pi_n / (pi_0 + rho) for n < B and p_B = 1 - 1/(pi_0 + rho). The latter
     * cancels when p_B is small; for rho < 1 it is evaluated instead as p_B = (1 - rho) sum_{j>=B}
     * q_j / (1 + rho sum_{j<B} q_j), where q_j (q_0 = 1) are the unnormalised departure-epoch
     * probabilities of the infinite M/D/1 queue (they coincide with the finite ones for j < B and
     * sum to 1/(1 - rho)), obtained by continuing the recursion past B-1 until the terms are
     * negligible (at most 4 B + 100 further steps; if they are not negligible by then, p_B
     * is not small and the difference is used). Tiny losses thus keep their relative
     * accuracy. O(B^2) time (up to 25 times that for rho just below 1), O(B) memory; about
     * 1 ms for B = 1024.
     *
     * Equivalent to eq. 11 of the paper (p0 = 1 / (1 + rho b_{B-1}), where b_n is
     * the sum of the unnormalised pi_0..pi_n with pi_0 = 1) but stable for any rho and B.
     *
     * @param lambda arrival rate (1/s), > 0
     * @param serviceTime deterministic service time (s), > 0
     * @param B buffer size in packets, >= 1
     * @return the B + 1 probabilities p_0..p_B
     */
    static std::vector<double> MD1BDistribution(double lambda, double serviceTime, uint32_t B);

    /**
     * @brief Stationary distribution of a small finite CTMC by dense Gaussian elimination.
     *
     * Solves pi Q = 0 with sum(pi) = 1: the transposed system with one equation replaced by
     * the normalisation row, by Boost uBLAS's LU factorisation with partial pivoting. O(N^3): for
     * cross-checks on small chains only. The chain must have a single recurrent class (transient
     * states are allowed).
     *
     * @param q the N x N generator, q[i][j] the rate from state i to state j (i != j), with
     *          q[i][i] = -sum_{j != i} q[i][j]
     * @return the N stationary probabilities
     */
    static std::vector<double> SolveStationaryDense(const std::vector<std::vector<double>>& q);
};

} // namespace ns3

#endif /* INTERRUPT_ANALYSIS_H */
