/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "packet-pair-probe-estimator.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PacketPairProbeEstimator");

NS_OBJECT_ENSURE_REGISTERED(PacketPairProbeEstimator);

TypeId
PacketPairProbeEstimator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PacketPairProbeEstimator")
            .SetParent<Object>()
            .SetGroupName("Hostnet")
            .AddConstructor<PacketPairProbeEstimator>()
            .AddAttribute("Tolerance",
                          "Two average gaps count as equal (Salehin and Rojas-Cessa 2014, eq. 4) "
                          "when they differ by at most this (>= 0; the paper's hosts: 1 us, "
                          "their clock resolution).",
                          TimeValue(MicroSeconds(1)),
                          MakeTimeAccessor(&PacketPairProbeEstimator::m_tolerance),
                          MakeTimeChecker(Time(0)))
            .AddAttribute("MinFlatSizes",
                          "Consecutive trailer sizes, from the smallest, whose average gaps "
                          "must be equal to detect coalescing. 0 = all sizes (eq. 4 as "
                          "printed); otherwise >= 2.",
                          UintegerValue(0),
                          MakeUintegerAccessor(&PacketPairProbeEstimator::m_minFlatSizes),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("DispersionThreshold",
                          "Step 3: a gap more than this above the median of its trailer size "
                          "is taken as dispersed (delta_n > 0) and discarded. 0 = keep all.",
                          TimeValue(Time(0)),
                          MakeTimeAccessor(&PacketPairProbeEstimator::m_dispersionThreshold),
                          MakeTimeChecker(Time(0)));
    return tid;
}

PacketPairProbeEstimator::PacketPairProbeEstimator()
{
    NS_LOG_FUNCTION(this);
}

PacketPairProbeEstimator::~PacketPairProbeEstimator()
{
    NS_LOG_FUNCTION(this);
}

void
PacketPairProbeEstimator::AddGap(uint32_t trailerSize, Time gap)
{
    m_gaps[trailerSize].push_back(gap.ToDouble(Time::US));
}

void
PacketPairProbeEstimator::AddGapUs(uint32_t trailerSize, double gapUs)
{
    m_gaps[trailerSize].push_back(gapUs);
}

void
PacketPairProbeEstimator::Clear()
{
    m_gaps.clear();
}

uint32_t
PacketPairProbeEstimator::GetNSizes() const
{
    return m_gaps.size();
}

namespace
{

/// Least-squares line y = a + b x through the points [first, last) of (x, y).
void
FitLine(const std::vector<uint32_t>& x,
        const std::vector<double>& y,
        size_t first,
        size_t last,
        double& intercept,
        double& slope)
{
    double n = last - first;
    double mx = 0;
    double my = 0;
    for (size_t i = first; i < last; ++i)
    {
        mx += x[i];
        my += y[i];
    }
    mx /= n;
    my /= n;
    double sxx = 0;
    double sxy = 0;
    for (size_t i = first; i < last; ++i)
    {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
    }
    slope = sxx > 0 ? sxy / sxx : 0;
    intercept = my - slope * mx;
}

} // namespace

PacketPairProbeEstimate
PacketPairProbeEstimator::Estimate() const
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_minFlatSizes == 1,
                    "PacketPairProbeEstimator::MinFlatSizes must be 0 (all sizes) or >= 2");
    PacketPairProbeEstimate e;
    double threshold = m_dispersionThreshold.ToDouble(Time::US);
    for (const auto& [size, gaps] : m_gaps)
    {
        if (gaps.empty())
        {
            continue;
        }
        // Step 3: discard gaps that carry dispersion (delta_n > 0).
        std::vector<double> sorted = gaps;
        std::sort(sorted.begin(), sorted.end());
        size_t n = sorted.size();
        double median = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
        double sum = 0;
        uint32_t kept = 0;
        for (double g : sorted)
        {
            if (threshold > 0 && g > median + threshold)
            {
                continue;
            }
            sum += g;
            kept++;
        }
        e.sizes.push_back(size);
        e.meanGapsUs.push_back(sum / kept);
        e.samples.push_back(kept);
        e.discarded.push_back(n - kept);
    }
    if (e.sizes.empty())
    {
        return e;
    }
    e.valid = true;
    // Step 4: the run of sizes, from s_1, whose G_avg equal G_avg(s_1) within Tolerance.
    double tolerance = m_tolerance.ToDouble(Time::US);
    size_t flat = 1;
    while (flat < e.sizes.size() && std::abs(e.meanGapsUs[flat] - e.meanGapsUs[0]) <= tolerance)
    {
        flat++;
    }
    e.flatSizes = flat;
    size_t needed = m_minFlatSizes == 0 ? e.sizes.size() : m_minFlatSizes;
    e.coalescing = e.sizes.size() >= 2 && flat >= needed;
    // The gap line: over the sizes after a flat run of two or more sizes if two or more
    // remain (the run is the hinge where the trailer queued behind the head), else all.
    size_t n = e.sizes.size();
    size_t first = (!e.coalescing && flat >= 2 && n - flat >= 2) ? flat : 0;
    // Leading sizes off the line through the larger ones by more than Tolerance are in
    // that regime too (the trailer's processing delayed the head's time stamp).
    while (!e.coalescing && n - first >= 3)
    {
        double a = 0;
        double b = 0;
        FitLine(e.sizes, e.meanGapsUs, first + 1, n, a, b);
        if (std::abs(e.meanGapsUs[first] - (a + b * e.sizes[first])) <= tolerance)
        {
            break;
        }
        first++;
    }
    if (n >= 2)
    {
        FitLine(e.sizes, e.meanGapsUs, first, e.sizes.size(), e.interceptUs, e.slopeUsPerByte);
        e.fitSizes = e.sizes.size() - first;
    }
    e.capacityBps = e.slopeUsPerByte > 0 ? 8e6 / e.slopeUsPerByte : 0;
    // Step 5: eq. 5 with coalescing, else eq. 2's intercept.
    e.pptUs = e.coalescing ? e.meanGapsUs[0] : e.interceptUs;
    NS_LOG_INFO("coalescing " << e.coalescing << " flat " << flat << " ppt " << e.pptUs
                              << " us, slope " << e.slopeUsPerByte << " us/B");
    return e;
}

} // namespace ns3
