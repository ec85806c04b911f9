/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "latency-histogram.h"

#include "ns3/abort.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace ns3
{

namespace
{
const double g_logBase = std::log1p(0.01);

/// The bucket of a sample by the defining formula: 0 up to 1 ns, then 1 + floor(log_1.01 ns).
size_t
BucketByFormula(int64_t ns)
{
    if (ns <= 1)
    {
        return 0;
    }
    return 1 + static_cast<size_t>(std::log(static_cast<double>(ns)) / g_logBase);
}

/**
 * Bucket lookup without a logarithm: the sample's highest set bit and the 7 bits below it
 * pick a cell (at most 1/128 = 0.78 % wide), the cell gives the bucket of its smallest
 * value, and the smallest sample of the next bucket (found with the formula itself when
 * the tables are built) says whether the sample is one or two buckets further. So every
 * sample lands exactly where the formula puts it.
 */
class BucketTable
{
  public:
    BucketTable()
    {
        // first[b]: the smallest sample in bucket b (b >= 1), by bisection on the formula
        // around its estimate 1.01^(b-1) (a few evaluations of the formula a bucket instead
        // of 63: the table is built once per process, in the first run's Add).
        size_t last = BucketByFormula(std::numeric_limits<int64_t>::max());
        m_first.assign(last + 2, std::numeric_limits<int64_t>::max());
        m_first[0] = 0;
        constexpr int64_t top = std::numeric_limits<int64_t>::max();
        for (size_t b = 1; b <= last; ++b)
        {
            int64_t floor = b == 1 ? 2 : m_first[b - 1]; // the answer is at least this
            double estimate = std::exp((b - 1) * g_logBase);
            int64_t guess =
                estimate < 9.0e18 ? std::max(floor, static_cast<int64_t>(estimate)) : floor;
            // Bracket the answer in (lo, hi]: formula(lo) < b <= formula(hi), doubling the
            // step away from the guess.
            int64_t lo = floor - 1;
            int64_t hi = top;
            if (BucketByFormula(guess) >= b)
            {
                hi = guess;
                for (int64_t step = 1; hi - step > lo; step *= 2)
                {
                    if (BucketByFormula(hi - step) < b)
                    {
                        lo = hi - step;
                        break;
                    }
                    hi -= step;
                }
            }
            else
            {
                lo = guess;
                for (int64_t step = 1; step <= (top - lo) / 2; step *= 2)
                {
                    if (BucketByFormula(lo + step) >= b)
                    {
                        hi = lo + step;
                        break;
                    }
                    lo += step;
                }
            }
            while (hi - lo > 1)
            {
                int64_t mid = lo + (hi - lo) / 2;
                if (BucketByFormula(mid) >= b)
                {
                    hi = mid;
                }
                else
                {
                    lo = mid;
                }
            }
            m_first[b] = hi;
        }
        for (int bit = 0; bit < 63; ++bit)
        {
            for (int64_t cell = 0; cell < CELLS; ++cell)
            {
                int64_t start = CellStart(bit, cell);
                m_cell[bit * CELLS + cell] = start < 0 ? 0 : static_cast<uint16_t>(Slow(start));
            }
        }
    }

    /// @return the bucket of a sample of @p ns nanoseconds (ns >= 0)
    size_t Lookup(int64_t ns) const
    {
        if (ns <= 1)
        {
            return 0;
        }
        int bit = 63 - __builtin_clzll(static_cast<uint64_t>(ns));
        int64_t cell = bit >= CELL_BITS ? (ns >> (bit - CELL_BITS)) & (CELLS - 1)
                                        : (ns << (CELL_BITS - bit)) & (CELLS - 1);
        size_t b = m_cell[bit * CELLS + cell];
        while (b + 1 < m_first.size() && ns >= m_first[b + 1])
        {
            ++b;
        }
        return b;
    }

  private:
    static constexpr int CELL_BITS = 7;              ///< mantissa bits per cell
    static constexpr int64_t CELLS = 1 << CELL_BITS; ///< cells per power of two

    /// @return the smallest sample of a cell (-1 if the cell holds no integer)
    static int64_t CellStart(int bit, int64_t cell)
    {
        if (bit >= CELL_BITS)
        {
            return (int64_t{1} << bit) + (cell << (bit - CELL_BITS));
        }
        // Below 128 ns a cell is narrower than 1 ns: its start is exact only if integer.
        int64_t scaled = (int64_t{1} << CELL_BITS) + cell; // ns * 2^(CELL_BITS - bit)
        int shift = CELL_BITS - bit;
        return (scaled % (int64_t{1} << shift)) == 0 ? scaled >> shift : (scaled >> shift) + 1;
    }

    /// @return the bucket of @p ns by the table of first samples
    size_t Slow(int64_t ns) const
    {
        return std::upper_bound(m_first.begin() + 1, m_first.end(), ns) - m_first.begin() - 1;
    }

    std::vector<int64_t> m_first;              ///< smallest sample of each bucket
    std::array<uint16_t, 63 * CELLS> m_cell{}; ///< bucket of each cell's smallest sample
};

const BucketTable&
Table()
{
    static const BucketTable table;
    return table;
}
} // namespace

size_t
LatencyHistogram::BucketOf(Time latency)
{
    return Table().Lookup(std::max<int64_t>(latency.GetNanoSeconds(), 0));
}

void
LatencyHistogram::Add(Time latency)
{
    int64_t ns = std::max<int64_t>(latency.GetNanoSeconds(), 0);
    size_t index = Table().Lookup(ns);
    if (m_buckets.empty())
    {
        m_base = index;
    }
    if (index < m_base)
    {
        // Storage starts at the first bucket used: grow at the front (rare).
        m_buckets.insert(m_buckets.begin(), m_base - index, 0);
        m_base = index;
    }
    if (index - m_base >= m_buckets.size())
    {
        m_buckets.resize(index - m_base + 16, 0);
    }
    m_buckets[index - m_base]++;
    if (m_count == 0 || ns < m_minNs)
    {
        m_minNs = ns;
    }
    m_maxNs = std::max(m_maxNs, ns);
    m_count++;
    m_sumNs += ns;
}

void
LatencyHistogram::Merge(const LatencyHistogram& other)
{
    if (other.m_count == 0)
    {
        return;
    }
    if (m_buckets.empty())
    {
        m_base = other.m_base;
    }
    if (other.m_base < m_base)
    {
        m_buckets.insert(m_buckets.begin(), m_base - other.m_base, 0);
        m_base = other.m_base;
    }
    size_t end = other.m_base + other.m_buckets.size();
    if (end - m_base > m_buckets.size())
    {
        m_buckets.resize(end - m_base, 0);
    }
    for (size_t i = 0; i < other.m_buckets.size(); ++i)
    {
        m_buckets[other.m_base - m_base + i] += other.m_buckets[i];
    }
    m_minNs = m_count == 0 ? other.m_minNs : std::min(m_minNs, other.m_minNs);
    m_maxNs = std::max(m_maxNs, other.m_maxNs);
    m_count += other.m_count;
    m_sumNs += other.m_sumNs;
}

void
LatencyHistogram::Reset()
{
    m_buckets.clear();
    m_base = 0;
    m_count = 0;
    m_sumNs = 0;
    m_minNs = 0;
    m_maxNs = 0;
}

uint64_t
LatencyHistogram::GetCount() const
{
    return m_count;
}

double
LatencyHistogram::GetMean() const
{
    return m_count == 0 ? LatencySummary::UNDEFINED : m_sumNs / m_count * 1e-9;
}

double
LatencyHistogram::GetMax() const
{
    return m_count == 0 ? LatencySummary::UNDEFINED : m_maxNs * 1e-9;
}

double
LatencyHistogram::GetQuantile(double quantile) const
{
    if (m_count == 0)
    {
        return LatencySummary::UNDEFINED;
    }
    quantile = std::clamp(quantile, 0.0, 1.0);
    // Rank of the order statistic, 1-based.
    auto rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(quantile * m_count)));
    uint64_t cumulative = 0;
    for (size_t k = 0; k < m_buckets.size(); ++k)
    {
        cumulative += m_buckets[k];
        if (cumulative >= rank)
        {
            // Geometric middle of the bucket, kept inside the observed range.
            size_t i = m_base + k;
            double ns = 0;
            if (i > 0)
            {
                ns = SMALLEST_NS * std::exp((i - 0.5) * g_logBase);
            }
            ns = std::clamp(ns, static_cast<double>(m_minNs), static_cast<double>(m_maxNs));
            return ns * 1e-9;
        }
    }
    return GetMax();
}

LatencySummary
LatencyHistogram::GetSummary() const
{
    LatencySummary s;
    s.count = m_count;
    s.meanUs = GetMean() * 1e6;
    s.p50Us = GetQuantile(0.5) * 1e6;
    s.p90Us = GetQuantile(0.9) * 1e6;
    s.p99Us = GetQuantile(0.99) * 1e6;
    s.p999Us = GetQuantile(0.999) * 1e6;
    s.maxUs = GetMax() * 1e6;
    return s;
}

std::vector<uint64_t>
LatencyHistogram::Serialize() const
{
    uint64_t sumBits = 0;
    static_assert(sizeof(sumBits) == sizeof(m_sumNs));
    std::memcpy(&sumBits, &m_sumNs, sizeof(sumBits));
    std::vector<uint64_t> data{m_count,
                               m_base,
                               m_buckets.size(),
                               static_cast<uint64_t>(m_minNs),
                               static_cast<uint64_t>(m_maxNs),
                               sumBits};
    data.insert(data.end(), m_buckets.begin(), m_buckets.end());
    return data;
}

LatencyHistogram
LatencyHistogram::Deserialize(const std::vector<uint64_t>& data)
{
    NS_ABORT_MSG_IF(data.size() < 6 || data.size() != 6 + data[2],
                    "LatencyHistogram::Deserialize: " << data.size()
                                                      << " integers are not a serialized "
                                                         "histogram");
    LatencyHistogram h;
    h.m_count = data[0];
    h.m_base = data[1];
    h.m_minNs = static_cast<int64_t>(data[3]);
    h.m_maxNs = static_cast<int64_t>(data[4]);
    std::memcpy(&h.m_sumNs, &data[5], sizeof(h.m_sumNs));
    h.m_buckets.assign(data.begin() + 6, data.end());
    return h;
}

} // namespace ns3
