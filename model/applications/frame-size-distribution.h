/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef FRAME_SIZE_DISTRIBUTION_H
#define FRAME_SIZE_DISTRIBUTION_H

#include "ns3/ptr.h"
#include "ns3/simple-ref-count.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief An empirical distribution of Ethernet frame sizes (bytes, header and FCS
 *        included, 64..9018), given as a (size, CDF) table.
 *
 * Sample(u), u in [0, 1), returns the smallest size whose cumulative probability exceeds u. The
 * traffic sources take a specification string: "backbone" (Salah et al. 2007's backbone-like mix,
 * data/backbone-frame-sizes.csv, mean 557 bytes), a number (every frame that size), or the
 * path of a CSV file with rows "size_bytes,cdf" (lines starting with # and a header line
 * are skipped; sizes increasing, CDF non-decreasing and ending at 1).
 */
class FrameSizeDistribution : public SimpleRefCount<FrameSizeDistribution>
{
  public:
    /// Smallest Ethernet frame accepted (MAX_SIZE: the largest, jumbo frames included).
    static constexpr uint32_t MIN_SIZE = 64;
    static constexpr uint32_t MAX_SIZE = 9018; ///< largest accepted size

    /**
     * @brief Build from a table of cumulative probabilities.
     * @param table (size, cumulative probability) rows; checked, aborts with the problem
     * @param origin where the table came from, for error messages
     */
    FrameSizeDistribution(std::vector<std::pair<uint32_t, double>> table,
                          const std::string& origin);

    /**
     * @brief Build from a specification: "backbone", a size, or a CSV path.
     * @param spec the specification
     * @param what the parameter name, for error messages
     * @return the distribution; a table read from a file is parsed once per process and
     *         shared by every caller while the file is unchanged (the object is immutable)
     */
    static Ptr<FrameSizeDistribution> Parse(const std::string& spec, const std::string& what);

    /**
     * @brief Load a distribution from a CSV file.
     * @param path CSV file with rows size_bytes,cdf
     * @return the distribution (aborts naming the file and line on a bad file)
     */
    static Ptr<FrameSizeDistribution> LoadFile(const std::string& path);

    /** @return the directory of the shipped data files ($HOSTNET_DATA_DIR overrides) */
    static std::string GetDataDir();

    /**
     * @brief Draw a frame size by inversion.
     * @param u a uniform number in [0, 1)
     * @return a frame size
     */
    uint32_t Sample(double u) const;

    /** @return the mean frame size in bytes */
    double GetMean() const;

    /** @return the largest frame size */
    uint32_t GetMax() const;

    /** @return the (size, CDF) rows */
    const std::vector<std::pair<uint32_t, double>>& GetTable() const;

  private:
    /**
     * @brief LoadFile once per file and process: later calls share the parsed table.
     * @param path CSV file with rows size_bytes,cdf
     * @return the distribution
     */
    static Ptr<FrameSizeDistribution> LoadShared(const std::string& path);

    std::vector<std::pair<uint32_t, double>> m_table; ///< (size, CDF)
    double m_mean{0};                                 ///< mean size
};

} // namespace ns3

#endif // FRAME_SIZE_DISTRIBUTION_H
