/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HURST_ESTIMATOR_H
#define HURST_ESTIMATOR_H

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet-validation
 * @brief Estimates of the Hurst parameter of a series (e.g. bytes per time bin).
 *
 * Two classic estimators (Taqqu, Teverovsky and Willinger 1995): aggregated variance (the
 * variance of the m-aggregated series falls as m^(2H-2)) and rescaled range (R/S grows as
 * n^H). Both fit a line to log-log points over block sizes from 10 to a tenth of the
 * series, logarithmically spaced. Both are biased on finite series (towards 0.5 for the
 * variance method, for R/S upwards for short-range correlations); use them on long series
 * and with a short-range control.
 */
class HurstEstimator
{
  public:
    /**
     * @brief Estimate the Hurst parameter by the aggregated-variance method.
     * @param series values per bin (at least 200)
     * @return the aggregated-variance estimate of H
     */
    static double AggregatedVariance(const std::vector<double>& series);

    /**
     * @brief Estimate the Hurst parameter by the rescaled-range (R/S) method.
     * @param series values per bin (at least 200)
     * @return the rescaled-range (R/S) estimate of H
     */
    static double RescaledRange(const std::vector<double>& series);

  private:
    /// Block sizes from 10 to n / 10, about 20 of them, logarithmically spaced.
    static std::vector<uint32_t> BlockSizes(uint32_t n);
    /// Least-squares slope of y on x.
    static double Slope(const std::vector<double>& x, const std::vector<double>& y);
};

} // namespace ns3

#endif // HURST_ESTIMATOR_H
