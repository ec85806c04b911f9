/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PACKET_PAIR_PROBE_ESTIMATOR_H
#define PACKET_PAIR_PROBE_ESTIMATOR_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <map>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet-validation
 * @brief What PacketPairProbeEstimator concluded from the intra-probe gaps.
 *
 * Gaps and times are in microseconds so that Python scripts read them directly.
 */
struct PacketPairProbeEstimate
{
    bool valid{false};           ///< at least one trailer size had a gap
    bool coalescing{false};      ///< the zero-slope gap line was found (eq. 4 of Salehin and
                                 ///< Rojas-Cessa 2014)
    double pptUs{0};             ///< PPT estimate: G_avg(s_1) with coalescing (eq. 5), else the
                                 ///< intercept of the fitted line (eq. 2's delta_n + Delta PPT)
    uint32_t flatSizes{0};       ///< trailer sizes, from the smallest, whose G_avg equal G_avg(s_1)
    double slopeUsPerByte{0};    ///< slope of the fitted gap line (1 / l_n without coalescing)
    double interceptUs{0};       ///< intercept of the fitted gap line
    double capacityBps{0};       ///< 8 / slope in bit/s (0 if the slope is not positive)
    uint32_t fitSizes{0};        ///< trailer sizes used by the line fit
    std::vector<uint32_t> sizes; ///< trailer sizes, ascending
    std::vector<double> meanGapsUs;  ///< G_avg(s_t) per size, after step 3's discard
    std::vector<uint32_t> samples;   ///< gaps kept per size
    std::vector<uint32_t> discarded; ///< gaps discarded per size (step 3)
};

/**
 * @ingroup hostnet-validation
 * @brief The estimator of Salehin and Rojas-Cessa 2014: detects interrupt coalescing from the
 * intra-probe gaps of compound probes and estimates the host's packet processing time (PPT).
 *
 * Steps (Salehin and Rojas-Cessa 2014 Sec. 2), with the choices the paper leaves open:
 * 3. G_avg(s_t) is the mean of the gaps of each trailer size s_t after discarding the
 *    gaps with dispersion (delta_n > 0). The paper defers the discard rule to its [8];
 *    here a gap more than DispersionThreshold above its size's median is discarded
 *    (0 = keep all: right for a single hop, where the pair always arrives back to back).
 * 4. Coalescing is detected when G_avg(s_1) = G_avg(s_2) = ... (eq. 4), equality meaning
 *    within Tolerance (the paper's hosts: 1 us clock resolution, "11 us with 1-us
 *    variation"). The run of equal values starts at the smallest size; MinFlatSizes = 0
 *    requires all sizes (eq. 4 as printed), n > 0 at least n consecutive sizes.
 * 5. With coalescing, PPT = G_avg(s_1) (eq. 5). Otherwise the gaps follow eq. 2,
 *    G(s_t) = s_t / l_n + delta_n + Delta PPT: a least-squares line through G_avg(s_t)
 *    gives the end-link capacity l_n = 1 / slope and the intercept delta_n + Delta PPT,
 *    which is reported as the PPT estimate (the differential PPT of [8]; without
 *    coalescing the gap carries no more than that). The line leaves out the sizes where
 *    the trailer still queued behind the head: the leading run of equal values if it has
 *    two or more sizes and at least two follow it, then, while three or more sizes
 *    remain, each smallest size whose G_avg is off the line through the larger sizes by
 *    more than Tolerance.
 */
class PacketPairProbeEstimator : public Object
{
  public:
    /**
     * @brief Get the type ID.
     * @return the object TypeId
     */
    static TypeId GetTypeId();

    PacketPairProbeEstimator();
    ~PacketPairProbeEstimator() override;

    /**
     * @brief Record one intra-probe gap.
     * @param trailerSize the trailer's frame size in bytes
     * @param gap the gap (trailer time stamp minus head time stamp)
     */
    void AddGap(uint32_t trailerSize, Time gap);

    /**
     * @brief Record one intra-probe gap given in microseconds (for scripts).
     * @param trailerSize the trailer's frame size in bytes
     * @param gapUs the gap in microseconds
     */
    void AddGapUs(uint32_t trailerSize, double gapUs);

    /** @brief Forget all gaps. */
    void Clear();

    /** @return the number of distinct trailer sizes with gaps */
    uint32_t GetNSizes() const;

    /**
     * @brief Run steps 3-5 on the recorded gaps.
     * @return the estimate (valid = false if no gap was recorded)
     */
    PacketPairProbeEstimate Estimate() const;

  private:
    Time m_tolerance;                               ///< equality of G_avg values (attribute)
    uint32_t m_minFlatSizes{0};                     ///< 0 = all sizes (attribute)
    Time m_dispersionThreshold;                     ///< step 3 discard, 0 = keep all (attribute)
    std::map<uint32_t, std::vector<double>> m_gaps; ///< gaps in us per trailer size
};

} // namespace ns3

#endif // PACKET_PAIR_PROBE_ESTIMATOR_H
