/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "hurst-estimator.h"

#include "ns3/abort.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

std::vector<uint32_t>
HurstEstimator::BlockSizes(uint32_t n)
{
    std::vector<uint32_t> sizes;
    double lo = std::log(10.0);
    double hi = std::log(n / 10.0);
    for (int i = 0; i < 20; ++i)
    {
        auto m = static_cast<uint32_t>(std::round(std::exp(lo + (hi - lo) * i / 19)));
        if (sizes.empty() || m > sizes.back())
        {
            sizes.push_back(m);
        }
    }
    return sizes;
}

double
HurstEstimator::Slope(const std::vector<double>& x, const std::vector<double>& y)
{
    double n = x.size();
    double mx = 0;
    double my = 0;
    for (size_t i = 0; i < x.size(); ++i)
    {
        mx += x[i] / n;
        my += y[i] / n;
    }
    double sxy = 0;
    double sxx = 0;
    for (size_t i = 0; i < x.size(); ++i)
    {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
    }
    return sxy / sxx;
}

double
HurstEstimator::AggregatedVariance(const std::vector<double>& series)
{
    NS_ABORT_MSG_IF(series.size() < 200,
                    "HurstEstimator: " << series.size() << " values; need at least 200");
    std::vector<double> logM;
    std::vector<double> logVar;
    for (uint32_t m : BlockSizes(series.size()))
    {
        size_t blocks = series.size() / m;
        std::vector<double> means(blocks, 0.0);
        for (size_t b = 0; b < blocks; ++b)
        {
            for (uint32_t j = 0; j < m; ++j)
            {
                means[b] += series[b * m + j] / m;
            }
        }
        double mean = 0;
        for (double v : means)
        {
            mean += v / blocks;
        }
        double var = 0;
        for (double v : means)
        {
            var += (v - mean) * (v - mean) / (blocks - 1);
        }
        if (var > 0)
        {
            logM.push_back(std::log(m));
            logVar.push_back(std::log(var));
        }
    }
    NS_ABORT_MSG_IF(logM.size() < 3, "HurstEstimator: the series is constant");
    return 1 + Slope(logM, logVar) / 2;
}

double
HurstEstimator::RescaledRange(const std::vector<double>& series)
{
    NS_ABORT_MSG_IF(series.size() < 200,
                    "HurstEstimator: " << series.size() << " values; need at least 200");
    std::vector<double> logN;
    std::vector<double> logRs;
    for (uint32_t m : BlockSizes(series.size()))
    {
        size_t blocks = series.size() / m;
        double rsSum = 0;
        size_t used = 0;
        for (size_t b = 0; b < blocks; ++b)
        {
            double mean = 0;
            for (uint32_t j = 0; j < m; ++j)
            {
                mean += series[b * m + j] / m;
            }
            double cum = 0;
            double lo = 0;
            double hi = 0;
            double ss = 0;
            for (uint32_t j = 0; j < m; ++j)
            {
                double d = series[b * m + j] - mean;
                cum += d;
                lo = std::min(lo, cum);
                hi = std::max(hi, cum);
                ss += d * d;
            }
            double s = std::sqrt(ss / m);
            if (s > 0)
            {
                rsSum += (hi - lo) / s;
                ++used;
            }
        }
        if (used > 0)
        {
            logN.push_back(std::log(m));
            logRs.push_back(std::log(rsSum / used));
        }
    }
    NS_ABORT_MSG_IF(logN.size() < 3, "HurstEstimator: the series is constant");
    return Slope(logN, logRs);
}

} // namespace ns3
