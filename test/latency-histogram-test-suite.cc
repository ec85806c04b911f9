/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-latency-histogram: percentiles within the bucket resolution, exact mean and
// extremes, and merging equal to recording every sample in one histogram.

#include "ns3/latency-histogram.h"
#include "ns3/test.h"

#include <cmath>

using namespace ns3;

/**
 * @ingroup hostnet-tests
 * @brief Samples 1..10000 us: the q-quantile is 10000 q us within the 1 % buckets.
 */
class LatencyHistogramQuantileTestCase : public TestCase
{
  public:
    LatencyHistogramQuantileTestCase()
        : TestCase("Quantiles within 1 %, exact mean and maximum")
    {
    }

  private:
    void DoRun() override
    {
        LatencyHistogram h;
        for (int i = 1; i <= 10000; ++i)
        {
            h.Add(MicroSeconds(i));
        }
        NS_TEST_EXPECT_MSG_EQ(h.GetCount(), 10000, "count");
        NS_TEST_EXPECT_MSG_EQ_TOL(h.GetMean(), 5000.5e-6, 1e-12, "exact mean");
        NS_TEST_EXPECT_MSG_EQ_TOL(h.GetMax(), 10000e-6, 1e-12, "exact maximum");
        for (double q : {0.5, 0.9, 0.99, 0.999})
        {
            double exact = 10000e-6 * q;
            NS_TEST_EXPECT_MSG_EQ_TOL(h.GetQuantile(q), exact, exact * 0.011, "quantile " << q);
        }
    }
};

/**
 * @ingroup hostnet-tests
 * @brief Merging two histograms gives what one histogram of all samples gives.
 */
class LatencyHistogramMergeTestCase : public TestCase
{
  public:
    LatencyHistogramMergeTestCase()
        : TestCase("Merge equals recording all samples in one histogram")
    {
    }

  private:
    void DoRun() override
    {
        LatencyHistogram a;
        LatencyHistogram b;
        LatencyHistogram all;
        for (int i = 0; i < 5000; ++i)
        {
            Time x = NanoSeconds(100 + 37 * i);         // 0.1 .. 185 us
            Time y = MicroSeconds(300 + (i * 7) % 900); // 300 .. 1199 us, wider range
            a.Add(x);
            b.Add(y);
            all.Add(x);
            all.Add(y);
        }
        LatencyHistogram empty;
        a.Merge(empty);
        a.Merge(b);
        empty.Merge(all);
        for (const LatencyHistogram* h : {&a, &empty})
        {
            NS_TEST_EXPECT_MSG_EQ(h->GetCount(), all.GetCount(), "count");
            NS_TEST_EXPECT_MSG_EQ_TOL(h->GetMean(), all.GetMean(), 1e-15, "mean");
            NS_TEST_EXPECT_MSG_EQ(h->GetMax(), all.GetMax(), "max");
            for (double q : {0.0, 0.25, 0.5, 0.99, 1.0})
            {
                NS_TEST_EXPECT_MSG_EQ(h->GetQuantile(q), all.GetQuantile(q), "quantile " << q);
            }
        }
    }
};

/**
 * Serialize and Deserialize (how DistributedRun moves a histogram between MPI processes)
 * give back the same histogram: count, mean, maximum, every quantile, and the same integers
 * when serialized again; an empty histogram stays empty (NaN statistics).
 */
class LatencyHistogramSerializeTestCase : public TestCase
{
  public:
    LatencyHistogramSerializeTestCase()
        : TestCase("Deserialize(Serialize(h)) equals h")
    {
    }

  private:
    void DoRun() override
    {
        LatencyHistogram h;
        for (int i = 0; i < 3000; ++i)
        {
            h.Add(NanoSeconds(50 + (i * 7919) % 250000)); // 50 ns .. 250 us, unordered
        }
        h.Add(MilliSeconds(3)); // a far bucket: storage grows
        LatencyHistogram back = LatencyHistogram::Deserialize(h.Serialize());
        NS_TEST_ASSERT_MSG_EQ(back.GetCount(), h.GetCount(), "count");
        NS_TEST_ASSERT_MSG_EQ(back.GetMean(), h.GetMean(), "mean (exact: the sum's bits)");
        NS_TEST_ASSERT_MSG_EQ(back.GetMax(), h.GetMax(), "max");
        for (double q : {0.0, 0.1, 0.5, 0.9, 0.99, 0.999, 1.0})
        {
            NS_TEST_EXPECT_MSG_EQ(back.GetQuantile(q), h.GetQuantile(q), "quantile " << q);
        }
        NS_TEST_ASSERT_MSG_EQ((back.Serialize() == h.Serialize()), true, "same integers");
        LatencyHistogram empty = LatencyHistogram::Deserialize(LatencyHistogram().Serialize());
        NS_TEST_ASSERT_MSG_EQ(empty.GetCount(), 0u, "empty count");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(empty.GetMean()), true, "empty mean is undefined");
        // Merging deserialized parts equals merging the parts themselves.
        LatencyHistogram a;
        LatencyHistogram b;
        a.Add(MicroSeconds(10));
        b.Add(MicroSeconds(900));
        LatencyHistogram pooled = LatencyHistogram::Deserialize(a.Serialize());
        pooled.Merge(LatencyHistogram::Deserialize(b.Serialize()));
        a.Merge(b);
        NS_TEST_ASSERT_MSG_EQ((pooled.Serialize() == a.Serialize()), true, "merged parts");
    }
};

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-latency-histogram suite.
 */
/**
 * A histogram without samples has no mean, quantile or maximum: each is NaN (undefined),
 * never 0, and the summary carries the count 0 beside them. One sample defines them all.
 */
class LatencyHistogramEmptyTestCase : public TestCase
{
  public:
    LatencyHistogramEmptyTestCase()
        : TestCase("empty histogram: statistics are NaN with count 0, not 0")
    {
    }

  private:
    void DoRun() override
    {
        LatencyHistogram h;
        NS_TEST_ASSERT_MSG_EQ(h.GetCount(), 0, "no sample");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(h.GetMean()), true, "mean undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(h.GetQuantile(0.5)), true, "median undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(h.GetMax()), true, "max undefined");
        LatencySummary s = h.GetSummary();
        NS_TEST_ASSERT_MSG_EQ(s.count, 0, "summary count");
        for (double v : {s.meanUs, s.p50Us, s.p90Us, s.p99Us, s.p999Us, s.maxUs})
        {
            NS_TEST_ASSERT_MSG_EQ(std::isnan(v), true, "summary field undefined");
        }
        h.Add(MicroSeconds(7));
        s = h.GetSummary();
        NS_TEST_ASSERT_MSG_EQ(s.count, 1, "one sample");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.meanUs, 7.0, 1e-9, "mean of one sample is exact");
        NS_TEST_ASSERT_MSG_EQ_TOL(s.p50Us, 7.0, 0.07, "median within the 1 % bucket width");
        h.Reset();
        NS_TEST_ASSERT_MSG_EQ(std::isnan(h.GetSummary().p99Us), true, "undefined after Reset");
    }
};

/**
 * @ingroup hostnet-tests
 * The table lookup gives exactly the bucket of the defining formula 1 + floor(log_1.01 ns):
 * every sample from 0 to 200 us, the two samples beside every bucket edge up to 1000 s, and
 * samples that enter a histogram below its first bucket (storage grows at the front).
 */
class LatencyHistogramBucketTestCase : public TestCase
{
  public:
    LatencyHistogramBucketTestCase()
        : TestCase("table-indexed buckets equal 1 + floor(log_1.01 ns) at every edge")
    {
    }

  private:
    static size_t Formula(int64_t ns)
    {
        return ns <= 1 ? 0 : 1 + static_cast<size_t>(std::log(double(ns)) / std::log1p(0.01));
    }

    void DoRun() override
    {
        uint64_t wrong = 0;
        for (int64_t ns = 0; ns <= 200000; ++ns)
        {
            wrong += LatencyHistogram::BucketOf(NanoSeconds(ns)) != Formula(ns);
        }
        NS_TEST_ASSERT_MSG_EQ(wrong, 0u, "every sample up to 200 us");
        // Around each bucket edge e^(b log 1.01), up to 1000 s.
        uint64_t edges = 0;
        for (size_t b = 2; b < 4000; ++b)
        {
            double edge = std::exp(double(b) * std::log1p(0.01));
            if (edge > 1e12)
            {
                break;
            }
            for (int64_t ns : {int64_t(edge) - 1, int64_t(edge), int64_t(edge) + 1})
            {
                wrong += LatencyHistogram::BucketOf(NanoSeconds(ns)) != Formula(ns);
                ++edges;
            }
        }
        NS_TEST_ASSERT_MSG_GT(edges, 8000u, "edges checked");
        NS_TEST_ASSERT_MSG_EQ(wrong, 0u, "every sample beside a bucket edge");
        NS_TEST_ASSERT_MSG_EQ(LatencyHistogram::BucketOf(NanoSeconds(-5)), 0u, "negative: 0");
        // A histogram whose first sample is large, then smaller ones: same quantiles as the
        // samples in increasing order.
        LatencyHistogram down;
        LatencyHistogram up;
        for (int i = 100; i >= 1; --i)
        {
            down.Add(MicroSeconds(i * i));
        }
        for (int i = 1; i <= 100; ++i)
        {
            up.Add(MicroSeconds(i * i));
        }
        for (double q : {0.01, 0.5, 0.99, 1.0})
        {
            NS_TEST_ASSERT_MSG_EQ(down.GetQuantile(q), up.GetQuantile(q), "quantile " << q);
        }
    }
};

class LatencyHistogramTestSuite : public TestSuite
{
  public:
    LatencyHistogramTestSuite()
        : TestSuite("hostnet-latency-histogram", Type::UNIT)
    {
        AddTestCase(new LatencyHistogramQuantileTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LatencyHistogramMergeTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LatencyHistogramEmptyTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LatencyHistogramBucketTestCase, TestCase::Duration::QUICK);
        AddTestCase(new LatencyHistogramSerializeTestCase, TestCase::Duration::QUICK);
    }
};

/// Static instance.
static LatencyHistogramTestSuite g_latencyHistogramTestSuite;
