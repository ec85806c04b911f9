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

/// Inverse by Gauss-Jordan elimination with partial pivoting.
Matrix
Inverse(Matrix a)
{
    uint32_t m = a.size();
    Matrix inv = Zero(m);
    for (uint32_t i = 0; i < m; ++i)
    {
        inv[i][i] = 1;
    }
    for (uint32_t col = 0; col < m; ++col)
    {
        uint32_t pivot = col;
        for (uint32_t row = col + 1; row < m; ++row)
        {
            if (std::abs(a[row][col]) > std::abs(a[pivot][col]))
            {
                pivot = row;
            }
        }
        NS_ABORT_MSG_IF(a[pivot][col] == 0, "LevelPhaseChain: singular level block");
        std::swap(a[col], a[pivot]);
        std::swap(inv[col], inv[pivot]);
        double d = a[col][col];
        for (uint32_t j = 0; j < m; ++j)
        {
            a[col][j] /= d;
            inv[col][j] /= d;
        }
        for (uint32_t row = 0; row < m; ++row)
        {
            if (row != col && a[row][col] != 0)
            {
                double f = a[row][col];
                for (uint32_t j = 0; j < m; ++j)
                {
                    a[row][j] -= f * a[col][j];
                    inv[row][j] -= f * inv[col][j];
                }
            }
        }
    }
    return inv;
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
    // Generator diagonal blocks: off-diagonal local rates, minus all outflow on the
    // diagonal; a phase without any transition gets -1 (it is unreachable and stays 0).
    std::vector<Matrix> diag(B + 1, Zero(m));
    for (uint32_t n = 0; n <= B; ++n)
    {
        for (uint32_t i = 0; i < m; ++i)
        {
            double out = 0;
            for (uint32_t j = 0; j < m; ++j)
            {
                out += up[n][i][j] + down[n][i][j] + (i != j ? local[n][i][j] : 0.0);
                diag[n][i][j] = i != j ? local[n][i][j] : 0.0;
            }
            diag[n][i][i] = out > 0 ? -out : -1.0;
        }
    }
    // Linear level reduction from the top: M_B = D_B, M_n = D_n + R_n A2(n+1),
    // R_{n-1} = A0(n-1) (-M_n)^{-1}.
    std::vector<Matrix> rMatrix(B + 1, Zero(m));
    Matrix M = diag[B];
    for (uint32_t n = B; n >= 1; --n)
    {
        Matrix negInv = Inverse(M);
        for (auto& row : negInv)
        {
            for (auto& x : row)
            {
                x = -x;
            }
        }
        rMatrix[n - 1] = Multiply(up[n - 1], negInv);
        M = diag[n - 1];
        Matrix correction = Multiply(rMatrix[n - 1], down[n]);
        for (uint32_t i = 0; i < m; ++i)
        {
            for (uint32_t j = 0; j < m; ++j)
            {
                M[i][j] += correction[i][j];
            }
        }
    }
    // Level 0: pi_0 M_0 = 0. Fix the first reachable phase to 1 and solve the rest.
    std::vector<double> pi0(m, 0.0);
    uint32_t anchor = 0;
    while (anchor < m && diag[0][anchor][anchor] == -1.0)
    {
        anchor++; // phases level 0 does not have
    }
    NS_ABORT_MSG_IF(anchor == m, "LevelPhaseChain: level 0 has no reachable phase");
    {
        // Unknowns: pi0[j], j != anchor; equations: columns j != anchor of pi0 M0 = 0.
        std::vector<uint32_t> idx;
        for (uint32_t j = 0; j < m; ++j)
        {
            if (j != anchor)
            {
                idx.push_back(j);
            }
        }
        uint32_t k = idx.size();
        pi0[anchor] = 1;
        if (k > 0)
        {
            Matrix a = Zero(k);
            std::vector<double> rhs(k, 0.0);
            for (uint32_t e = 0; e < k; ++e)
            {
                uint32_t col = idx[e];
                rhs[e] = -M[anchor][col];
                for (uint32_t u = 0; u < k; ++u)
                {
                    a[e][u] = M[idx[u]][col];
                }
            }
            Matrix inv = Inverse(a);
            for (uint32_t u = 0; u < k; ++u)
            {
                double v = 0;
                for (uint32_t e = 0; e < k; ++e)
                {
                    v += inv[u][e] * rhs[e];
                }
                pi0[idx[u]] = std::max(v, 0.0);
            }
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
