/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef LEVEL_PHASE_CHAIN_H
#define LEVEL_PHASE_CHAIN_H

#include "interrupt-analysis.h"

#include <cstdint>
#include <functional>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet-validation
 * @brief Stationary distribution of a finite level-dependent quasi-birth-death CTMC.
 *
 * States (n, j): level n = 0..B (packets in the host), phase j = 0..m-1 (what the CPU
 * does). Transitions only go one level up (A0(n)), stay in the level (A1(n), off-diagonal
 * rates), or one level down (A2(n)). Solved by linear level reduction (R_{n-1} =
 * A0(n-1) (-(A1(n) + R_n A2(n+1)))^{-1}, then pi_n = pi_{n-1} R_{n-1}) with a per-level
 * scale factor, so B = 1024 in deep overload neither overflows nor loses the small
 * levels' precision that matters. Phases that a level does not have simply have no
 * transitions (they get probability 0).
 *
 * It is the exact numerical solution behind the validation of receive modes whose CTMC
 * is not a birth-death chain: DisableEnableDetailed below is the chain of the simulated
 * disable-enable mode (ISR, masked processing, unmask write as separate exponential
 * phases), not the paper's simplification with a single rate nu for the first packet.
 */
class LevelPhaseChain
{
  public:
    /// Rates of one block: rates[i][j] from phase i to phase j (the diagonal is ignored).
    typedef std::vector<std::vector<double>> Block;

    /// Fills a block for a level.
    typedef std::function<void(uint32_t level, Block& block)> BlockFunction;

    /**
     * @brief Build the chain from its blocks.
     * @param maxLevel B, the highest level
     * @param phases m, phases per level
     * @param up A0(n): rates from (n, i) to (n+1, j), for n < B
     * @param local A1(n): rates from (n, i) to (n, j), i != j
     * @param down A2(n): rates from (n, i) to (n-1, j), for n > 0
     */
    LevelPhaseChain(uint32_t maxLevel,
                    uint32_t phases,
                    BlockFunction up,
                    BlockFunction local,
                    BlockFunction down);

    /** @return pi[n][j], normalised (probabilities far below the largest may be 0) */
    std::vector<std::vector<double>> Solve() const;

    /**
     * @brief The chain of the simulated disable-enable mode (DisableEnableRxMode).
     *
     * Phases: idle with the interrupt enabled (level 0 only), ISR (rate r), protocol
     * processing with the interrupt masked (rate mu), unmask register write (rate w).
     * An arrival with the host idle starts the ISR; the ISR is followed by processing
     * until the ring is empty, then the unmask write; frames that arrived during the
     * write start a new ISR at once. B frames at most in the ring, counting the one in
     * processing; arrivals to a full ring are lost. With exponential costs and Poisson
     * arrivals this is exact for the simulation.
     * @param lambda arrival rate (1/s)
     * @param mu protocol processing rate (1/s)
     * @param r ISR rate (1/s)
     * @param w unmask write rate (1/s)
     * @param B ring size
     * @return throughput, availability (idle probability), mean latency, loss, backlog
     */
    static InterruptAnalysisResult DisableEnableDetailed(double lambda,
                                                         double mu,
                                                         double r,
                                                         double w,
                                                         uint32_t B);

  private:
    uint32_t m_maxLevel;   ///< B
    uint32_t m_phases;     ///< m
    BlockFunction m_up;    ///< A0
    BlockFunction m_local; ///< A1 off-diagonal
    BlockFunction m_down;  ///< A2
};

} // namespace ns3

#endif // LEVEL_PHASE_CHAIN_H
