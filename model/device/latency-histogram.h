/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef LATENCY_HISTOGRAM_H
#define LATENCY_HISTOGRAM_H

#include "ns3/nstime.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief Summary of a latency distribution, in microseconds.
 */
struct LatencySummary
{
    /// Value of every field below while there is no sample: undefined, not zero.
    static constexpr double UNDEFINED = std::numeric_limits<double>::quiet_NaN();

    uint64_t count{0};        ///< number of samples; the fields below are NaN when it is 0
    double meanUs{UNDEFINED}; ///< mean
    double p50Us{UNDEFINED};  ///< median
    double p90Us{UNDEFINED};  ///< 90th percentile
    double p99Us{UNDEFINED};  ///< 99th percentile
    double p999Us{UNDEFINED}; ///< 99.9th percentile
    double maxUs{UNDEFINED};  ///< largest sample
};

/**
 * @ingroup hostnet
 * @brief Latency distribution with exact mean and percentiles of bounded relative error.
 *
 * Samples go to logarithmic buckets (relative width 1 %), so memory grows with the
 * logarithm of the largest value, not with the number of samples, and no allocation
 * happens per sample once the range is reached. Percentiles are within 1 % of the exact
 * order statistic; the mean, minimum and maximum are exact.
 */
class LatencyHistogram
{
  public:
    LatencyHistogram() = default;

    /**
     * @brief Record one sample.
     * @param latency the sample (negative values are recorded as 0)
     */
    void Add(Time latency);

    /**
     * @brief The bucket a sample falls in: 0 up to 1 ns, then 1 + floor(log_1.01(ns)).
     *
     * Found by a table lookup on the sample's leading bits (no logarithm per sample), and
     * exactly the bucket that formula gives.
     * @param latency the sample (negative values count as 0)
     * @return the bucket index
     */
    static size_t BucketOf(Time latency);

    /** @brief Forget all samples. */
    void Reset();

    /**
     * @brief Add all samples of another histogram (e.g. to pool the clients of a study).
     * @param other the histogram to add
     */
    void Merge(const LatencyHistogram& other);

    /** @return the number of samples */
    uint64_t GetCount() const;

    /** @return the mean in seconds (NaN without samples) */
    double GetMean() const;

    /** @return the largest sample in seconds (NaN without samples) */
    double GetMax() const;

    /**
     * @brief Get a quantile.
     * @param quantile in [0, 1]
     * @return the quantile in seconds (NaN without samples)
     */
    double GetQuantile(double quantile) const;

    /**
     * @brief Get the count and the usual statistics.
     * @return the sample count, and mean, median, p90, p99, p99.9 and max in microseconds
     *         (NaN without samples)
     */
    LatencySummary GetSummary() const;

    /**
     * @brief Write the histogram as integers, to move it between processes (e.g. the ranks of
     * an MPI run, DistributedRun::Merge).
     * @return the sample count, first bucket, bucket count, smallest and largest sample, the
     *         sum's bits and the bucket counts
     */
    std::vector<uint64_t> Serialize() const;

    /**
     * @brief Rebuild a histogram that Serialize wrote.
     * @param data Serialize's output
     * @return a histogram equal to the one serialized
     */
    static LatencyHistogram Deserialize(const std::vector<uint64_t>& data);

  private:
    /// Values below this many nanoseconds share bucket 0.
    static constexpr double SMALLEST_NS = 1.0;

    std::vector<uint64_t> m_buckets; ///< counts per logarithmic bucket, from bucket m_base
    size_t m_base{0};                ///< bucket index of m_buckets[0]
    uint64_t m_count{0};             ///< number of samples
    double m_sumNs{0};               ///< sum of samples in ns
    int64_t m_minNs{0};              ///< smallest sample
    int64_t m_maxNs{0};              ///< largest sample
};

} // namespace ns3

#endif // LATENCY_HISTOGRAM_H
