/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "etc-workload.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ns3
{

namespace
{
/**
 * @brief An inverse-CDF table of a size distribution as an EmpiricalRandomVariable.
 * @param quantile bytes at probability p (0 < p < 1)
 * @param header bytes added to every size
 * @param cap largest size before the header
 * @return the random variable (interpolating)
 */
template <typename Quantile>
Ptr<EmpiricalRandomVariable>
SizeTable(Quantile quantile, double header, double cap)
{
    std::vector<double> probabilities;
    for (int i = 1; i < 100; ++i)
    {
        probabilities.push_back(i / 100.0);
    }
    for (int i = 991; i < 1000; ++i)
    {
        probabilities.push_back(i / 1000.0);
    }
    for (double tail : {1e-4, 1e-5, 1e-6})
    {
        probabilities.push_back(1 - tail);
    }
    auto table = CreateObject<EmpiricalRandomVariable>();
    table->SetInterpolate(true);
    auto bytes = [&](double p) { return header + std::clamp(quantile(p), 1.0, cap); };
    // The table starts at the 0.1 % point and ends at the 1 - 1e-7 point.
    table->CDF(bytes(1e-3), 0.0);
    for (double p : probabilities)
    {
        table->CDF(bytes(p), p);
    }
    table->CDF(bytes(1 - 1e-7), 1.0);
    return table;
}
} // namespace

double
EtcWorkload::KeySizeQuantile(double p)
{
    // Generalized extreme value fit.
    const double mu = 30.7984;
    const double sigma = 8.20449;
    const double xi = 0.078688;
    return mu + sigma / xi * (std::pow(-std::log(p), -xi) - 1);
}

double
EtcWorkload::ValueSizeQuantile(double p)
{
    // Generalized Pareto fit, location 0.
    const double sigma = 214.476;
    const double xi = 0.348238;
    return sigma / xi * (std::pow(1 - p, -xi) - 1);
}

double
EtcWorkload::InterArrivalQuantile(double p, double mean)
{
    // Generalized Pareto, location 0: mean = sigma / (1 - xi), so sigma = mean (1 - xi).
    const double xi = INTER_ARRIVAL_SHAPE;
    const double sigma = mean * (1 - xi);
    return sigma / xi * (std::pow(1 - p, -xi) - 1);
}

Ptr<EmpiricalRandomVariable>
EtcWorkload::CreateKeySizes(double offset)
{
    return SizeTable(&EtcWorkload::KeySizeQuantile, offset, MAX_KEY_SIZE);
}

Ptr<EmpiricalRandomVariable>
EtcWorkload::CreateValueSizes(double offset)
{
    return SizeTable(&EtcWorkload::ValueSizeQuantile, offset, MAX_VALUE_SIZE);
}

} // namespace ns3
