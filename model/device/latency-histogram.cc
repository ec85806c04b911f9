/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "latency-histogram.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

namespace
{
const double g_logBase = std::log1p(0.01);
} // namespace

void
LatencyHistogram::Add(Time latency)
{
    int64_t ns = std::max<int64_t>(latency.GetNanoSeconds(), 0);
    size_t index = 0;
    if (ns > SMALLEST_NS)
    {
        index = 1 + static_cast<size_t>(std::log(ns / SMALLEST_NS) / g_logBase);
    }
    if (index >= m_buckets.size())
    {
        m_buckets.resize(index + 64, 0);
    }
    m_buckets[index]++;
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
    if (other.m_buckets.size() > m_buckets.size())
    {
        m_buckets.resize(other.m_buckets.size(), 0);
    }
    for (size_t i = 0; i < other.m_buckets.size(); ++i)
    {
        m_buckets[i] += other.m_buckets[i];
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
    for (size_t i = 0; i < m_buckets.size(); ++i)
    {
        cumulative += m_buckets[i];
        if (cumulative >= rank)
        {
            // Geometric middle of the bucket, kept inside the observed range.
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

} // namespace ns3
