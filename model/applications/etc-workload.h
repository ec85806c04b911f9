/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef ETC_WORKLOAD_H
#define ETC_WORKLOAD_H

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The fits of Facebook's ETC memcached pool (Atikoglu et al., SIGMETRICS 2012):
 *        key sizes, value sizes and request inter-arrival times.
 *
 * - Key sizes: generalized extreme value, location 30.7984, scale 8.20449, shape 0.078688
 *   bytes, clamped to 1..250 bytes (memcached's key limit).
 * - Value sizes: generalized Pareto, location 0, scale 214.476, shape 0.348238 bytes (median
 *   168 B, mean 329 B, p99 2.4 KB), clamped to 1 byte..1 MB (memcached's item limit).
 * - Inter-arrival times: generalized Pareto, location 0, scale 16.0292 us, shape 0.154971
 *   (the distribution mutilate calls "fb_ia"); a load generator rescales it to its own mean.
 *
 * The size distributions are inverse-CDF tables of the fits (EmpiricalRandomVariable with
 * linear interpolation, from the 0.1 % to the 1 - 1e-7 point), used by
 * RequestResponseClientHelper::SetSizeWorkload("etc") and KeyValueClient.
 */
class EtcWorkload
{
  public:
    EtcWorkload() = delete;

    /// Largest key memcached stores (bytes).
    static constexpr double MAX_KEY_SIZE = 250;
    /// Largest value memcached stores (bytes, its default item size limit).
    static constexpr double MAX_VALUE_SIZE = 1 << 20;
    /// Scale of the inter-arrival fit (microseconds).
    static constexpr double INTER_ARRIVAL_SCALE_US = 16.0292;
    /// Shape of the inter-arrival fit.
    static constexpr double INTER_ARRIVAL_SHAPE = 0.154971;

    /**
     * @brief Quantile of the key size fit (not clamped).
     * @param p probability, 0 < p < 1
     * @return bytes
     */
    static double KeySizeQuantile(double p);

    /**
     * @brief Quantile of the value size fit (not clamped).
     * @param p probability, 0 <= p < 1
     * @return bytes
     */
    static double ValueSizeQuantile(double p);

    /**
     * @brief Quantile of the inter-arrival fit rescaled to a mean (the fit's scale times
     *        mean / its own mean, so the shape, and with it the coefficient of variation
     *        1 / sqrt(1 - 2 shape) = 1.204, is kept).
     * @param p probability, 0 <= p < 1
     * @param mean the mean inter-arrival time wanted (any unit; the result has the same)
     * @return the inter-arrival time
     */
    static double InterArrivalQuantile(double p, double mean);

    /**
     * @brief A new random variable of key sizes.
     * @param offset bytes added to every size (e.g. a message header)
     * @return the inverse-CDF table (interpolating), not yet given a stream
     */
    static Ptr<EmpiricalRandomVariable> CreateKeySizes(double offset = 0);

    /**
     * @brief A new random variable of value sizes.
     * @param offset bytes added to every size (e.g. a message header)
     * @return the inverse-CDF table (interpolating), not yet given a stream
     */
    static Ptr<EmpiricalRandomVariable> CreateValueSizes(double offset = 0);
};

} // namespace ns3

#endif // ETC_WORKLOAD_H
