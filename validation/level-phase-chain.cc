/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "level-phase-chain.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LevelPhaseChain");

namespace
{

typedef std::vector<std::vector<double>> Matrix;

/// m x m zero matrix.
Matrix
Zero(uint32_t m)
{
    return Matrix(m, std::vector<double>(m, 0.0));
}

/// a * b
Matrix
Multiply(const Matrix& a, const Matrix& b)
{
    uint32_t m = a.size();
    Matrix c = Zero(m);
    for (uint32_t i = 0; i < m; ++i)
    {
        for (uint32_t k = 0; k < m; ++k)
        {
            if (a[i][k] == 0)
            {
                continue;
            }
            for (uint32_t j = 0; j < m; ++j)
            {
                c[i][j] += a[i][k] * b[k][j];
            }
        }
    }
    return c;
}

/**
 * (-M)^{-1} for the level block M of a censored generator, given its off-diagonal rates
 * (>= 0) and the rates leaving the block (slack, >= 0 and not all 0). -M = D - off with
 * D_i = sum_j off_ij + slack_i. Gaussian elimination in GTH form: each pivot and each
 * updated diagonal is a sum of non-negative terms, never a difference.
 *
 * Written here, not taken from a library: linear algebra libraries (LAPACK, Eigen, Boost's
 * uBLAS) factorise the matrix they are given, so the diagonal D - off would already be a
 * difference of nearly equal numbers in deep overload, and none offers the GTH form
 * (pivots rebuilt from the off-diagonal rates and the slack). InterruptAnalysis's dense
 * oracle, which needs no such care, uses uBLAS.
 */
Matrix
InverseMMatrix(Matrix off, std::vector<double> slack)
{
    uint32_t m = off.size();
    Matrix rhs = Zero(m);
    for (uint32_t i = 0; i < m; ++i)
    {
        rhs[i][i] = 1;
    }
    std::vector<double> pivot(m, 0.0);
    for (uint32_t k = 0; k < m; ++k)
    {
        // Columns < k of row k were eliminated: the diagonal is the remaining outflow.
        double d = slack[k];
        for (uint32_t j = k + 1; j < m; ++j)
        {
            d += off[k][j];
        }
        NS_ABORT_MSG_IF(!(d > 0), "LevelPhaseChain: singular level block");
        pivot[k] = d;
        for (uint32_t i = k + 1; i < m; ++i)
        {
            if (off[i][k] == 0)
            {
                continue;
            }
            double f = off[i][k] / d;
            off[i][k] = 0;
            for (uint32_t j = k + 1; j < m; ++j)
            {
                if (j != i)
                {
                    off[i][j] += f * off[k][j];
                }
            }
            // Row i gains f x row k: its flow into column i becomes part of its diagonal.
            slack[i] += f * slack[k];
            for (uint32_t c = 0; c < m; ++c)
            {
                rhs[i][c] += f * rhs[k][c];
            }
        }
    }
    Matrix x = Zero(m);
    for (uint32_t k = m; k-- > 0;)
    {
        for (uint32_t c = 0; c < m; ++c)
        {
            double v = rhs[k][c];
            for (uint32_t j = k + 1; j < m; ++j)
            {
                v += off[k][j] * x[j][c];
            }
            x[k][c] = v / pivot[k];
        }
    }
    return x;
}

} // namespace

LevelPhaseChain::LevelPhaseChain(uint32_t maxLevel,
                                 uint32_t phases,
                                 BlockFunction up,
                                 BlockFunction local,
                                 BlockFunction down)
    : m_maxLevel(maxLevel),
      m_phases(phases),
      m_up(up),
      m_local(local),
      m_down(down)
{
    NS_ABORT_MSG_IF(phases == 0, "LevelPhaseChain: phases must be >= 1");
}

std::vector<std::vector<double>>
LevelPhaseChain::Solve() const
{
    const uint32_t m = m_phases;
    const uint32_t B = m_maxLevel;
    std::vector<Matrix> up(B + 1, Zero(m));
    std::vector<Matrix> local(B + 1, Zero(m));
    std::vector<Matrix> down(B + 1, Zero(m));
    for (uint32_t n = 0; n <= B; ++n)
    {
        if (n < B)
        {
            m_up(n, up[n]);
        }
        m_local(n, local[n]);
        if (n > 0)
        {
            m_down(n, down[n]);
        }
    }
    // A phase with no transitions at all at a level does not exist there: it gets a
    // nominal outflow so the blocks stay regular, and no flow ever reaches it.
    std::vector<std::vector<double>> slack(B + 1, std::vector<double>(m, 0.0));
    for (uint32_t n = 0; n <= B; ++n)
    {
        for (uint32_t i = 0; i < m; ++i)
        {
            double out = 0;
            double downRate = 0;
            for (uint32_t j = 0; j < m; ++j)
            {
                out += up[n][i][j] + down[n][i][j] + (i != j ? local[n][i][j] : 0.0);
                downRate += down[n][i][j];
            }
            slack[n][i] = out > 0 ? downRate : 1.0;
        }
    }
    // Linear level reduction from the top. off_n holds the off-diagonal rates of level n in
    // the chain censored to levels <= n: local rates plus returns from above,
    // R_n A2(n+1). Its diagonal is never formed by subtraction: -M_n = diag(row sums of
    // off_n + down rates) - off_n is inverted by GTH-style elimination, which only adds
    // non-negative terms (stable however deep the overload).
    std::vector<Matrix> rMatrix(B + 1, Zero(m));
    Matrix off = local[B];
    for (uint32_t n = B; n >= 1; --n)
    {
        for (uint32_t i = 0; i < m; ++i)
        {
            off[i][i] = 0; // a return to the same state is no transition
        }
        rMatrix[n - 1] = Multiply(up[n - 1], InverseMMatrix(off, slack[n]));
        off = local[n - 1];
        Matrix returns = Multiply(rMatrix[n - 1], down[n]);
        for (uint32_t i = 0; i < m; ++i)
        {
            for (uint32_t j = 0; j < m; ++j)
            {
                off[i][j] += returns[i][j];
            }
        }
    }
    for (uint32_t i = 0; i < m; ++i)
    {
        off[i][i] = 0;
    }
    // Level 0: the censored chain on level 0 alone is a generator; its stationary vector by
    // GTH (Grassmann-Taksar-Heyman), over the phases level 0 has.
    std::vector<uint32_t> states;
    for (uint32_t j = 0; j < m; ++j)
    {
        double out = 0;
        for (uint32_t k = 0; k < m; ++k)
        {
            out += up[0][j][k] + (j != k ? local[0][j][k] : 0.0);
        }
        if (out > 0)
        {
            states.push_back(j);
        }
    }
    NS_ABORT_MSG_IF(states.empty(), "LevelPhaseChain: level 0 has no reachable phase");
    std::vector<double> pi0(m, 0.0);
    {
        uint32_t k = states.size();
        Matrix g = Zero(k);
        for (uint32_t a = 0; a < k; ++a)
        {
            for (uint32_t b = 0; b < k; ++b)
            {
                g[a][b] = a != b ? off[states[a]][states[b]] : 0.0;
            }
        }
        std::vector<double> total(k, 0.0);
        for (uint32_t c = k; c-- > 1;)
        {
            for (uint32_t j = 0; j < c; ++j)
            {
                total[c] += g[c][j];
            }
            NS_ABORT_MSG_IF(total[c] <= 0, "LevelPhaseChain: level 0 is not irreducible");
            for (uint32_t a = 0; a < c; ++a)
            {
                for (uint32_t b = 0; b < c; ++b)
                {
                    if (a != b)
                    {
                        g[a][b] += g[a][c] * g[c][b] / total[c];
                    }
                }
            }
        }
        std::vector<double> x(k, 0.0);
        x[0] = 1;
        for (uint32_t c = 1; c < k; ++c)
        {
            for (uint32_t a = 0; a < c; ++a)
            {
                x[c] += x[a] * g[a][c];
            }
            x[c] /= total[c];
        }
        for (uint32_t a = 0; a < k; ++a)
        {
            pi0[states[a]] = x[a];
        }
    }
    // Forward: pi_n = pi_{n-1} R_{n-1}, with a running log scale.
    std::vector<std::vector<double>> pi(B + 1, std::vector<double>(m, 0.0));
    std::vector<double> logScale(B + 1, 0.0);
    pi[0] = pi0;
    for (uint32_t n = 1; n <= B; ++n)
    {
        double largest = 0;
        for (uint32_t j = 0; j < m; ++j)
        {
            double v = 0;
            for (uint32_t i = 0; i < m; ++i)
            {
                v += pi[n - 1][i] * rMatrix[n - 1][i][j];
            }
            pi[n][j] = std::max(v, 0.0);
            largest = std::max(largest, pi[n][j]);
        }
        logScale[n] = logScale[n - 1];
        if (largest > 1e100 || (largest > 0 && largest < 1e-100))
        {
            for (auto& x : pi[n])
            {
                x /= largest;
            }
            logScale[n] += std::log(largest);
        }
    }
    double maxScale = *std::max_element(logScale.begin(), logScale.end());
    double total = 0;
    for (uint32_t n = 0; n <= B; ++n)
    {
        double f = std::exp(logScale[n] - maxScale);
        for (auto& x : pi[n])
        {
            x *= f;
            total += x;
        }
    }
    for (auto& level : pi)
    {
        for (auto& x : level)
        {
            x /= total;
        }
    }
    return pi;
}

InterruptAnalysisResult
LevelPhaseChain::DisableEnableDetailed(double lambda, double mu, double r, double w, uint32_t B)
{
    NS_ABORT_MSG_IF(!(lambda > 0) || !(mu > 0) || !(r > 0) || !(w > 0),
                    "DisableEnableDetailed: lambda, mu, r and w must be > 0");
    NS_ABORT_MSG_IF(B == 0, "DisableEnableDetailed: B must be >= 1");

    enum Phase
    {
        IDLE = 0,
        ISR = 1,
        PROC = 2,
        WRITE = 3
    };

    LevelPhaseChain chain(
        B,
        4,
        [lambda](uint32_t n, Block& a) {
            // Every arrival adds a frame; from idle it also raises the interrupt.
            if (n == 0)
            {
                a[IDLE][ISR] = lambda;
                a[WRITE][WRITE] = lambda;
                return;
            }
            a[ISR][ISR] = lambda;
            a[PROC][PROC] = lambda;
            a[WRITE][WRITE] = lambda;
        },
        [r, w](uint32_t n, Block& a) {
            if (n == 0)
            {
                a[WRITE][IDLE] = w;
                return;
            }
            a[ISR][PROC] = r;
            a[WRITE][ISR] = w; // frames arrived during the write: interrupt at unmask
        },
        [mu](uint32_t n, Block& a) {
            // The last frame done: the unmask write follows.
            a[PROC][n == 1 ? WRITE : PROC] = mu;
        });
    auto pi = chain.Solve();
    InterruptAnalysisResult res{};
    double throughput = 0;
    double backlog = 0;
    double full = 0;
    for (uint32_t n = 0; n <= B; ++n)
    {
        double level = 0;
        for (double p : pi[n])
        {
            level += p;
        }
        backlog += n * level;
        if (n > 0)
        {
            throughput += mu * pi[n][PROC];
        }
        if (n == B)
        {
            full = level;
        }
    }
    res.throughput = throughput;
    res.cpuAvailability = pi[0][IDLE];
    res.meanBacklog = backlog;
    res.meanLatency = throughput > 0 ? backlog / throughput : 0;
    res.lossProbability = full;
    return res;
}

} // namespace ns3
