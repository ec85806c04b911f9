/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "frame-size-distribution.h"

#include "ns3/abort.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

#ifndef HOSTNET_DATA_DIR
#define HOSTNET_DATA_DIR "data"
#endif

namespace ns3
{

FrameSizeDistribution::FrameSizeDistribution(std::vector<std::pair<uint32_t, double>> table,
                                             const std::string& origin)
    : m_table(std::move(table))
{
    NS_ABORT_MSG_IF(m_table.empty(), origin << ": no frame sizes");
    double previous = 0;
    uint32_t previousSize = 0;
    for (const auto& [size, cdf] : m_table)
    {
        NS_ABORT_MSG_IF(size < MIN_SIZE || size > MAX_SIZE,
                        origin << ": frame size " << size << "; allowed: " << MIN_SIZE << ".."
                               << MAX_SIZE << " bytes");
        NS_ABORT_MSG_IF(size <= previousSize,
                        origin << ": sizes must increase (" << size << " after " << previousSize
                               << ")");
        NS_ABORT_MSG_IF(cdf < previous || cdf > 1 + 1e-9,
                        origin << ": CDF must be non-decreasing in [0, 1] (" << cdf << " at "
                               << size << " bytes)");
        m_mean += size * (cdf - previous);
        previous = cdf;
        previousSize = size;
    }
    NS_ABORT_MSG_IF(std::abs(previous - 1) > 1e-6,
                    origin << ": the CDF ends at " << previous << ", not 1");
    m_table.back().second = 1;
}

std::string
FrameSizeDistribution::GetDataDir()
{
    const char* env = std::getenv("HOSTNET_DATA_DIR");
    return env ? env : HOSTNET_DATA_DIR;
}

Ptr<FrameSizeDistribution>
FrameSizeDistribution::Parse(const std::string& spec, const std::string& what)
{
    if (spec == "backbone")
    {
        return LoadShared(GetDataDir() + "/backbone-frame-sizes.csv");
    }
    if (!spec.empty() && std::all_of(spec.begin(), spec.end(), ::isdigit))
    {
        auto size = std::stoul(spec);
        NS_ABORT_MSG_IF(size < MIN_SIZE || size > MAX_SIZE,
                        what << " = " << spec << "; allowed: backbone, a frame size " << MIN_SIZE
                             << ".." << MAX_SIZE << ", or a CSV file of size,cdf");
        return Create<FrameSizeDistribution>(
            std::vector<std::pair<uint32_t, double>>{{static_cast<uint32_t>(size), 1.0}},
            what);
    }
    std::ifstream probe(spec);
    NS_ABORT_MSG_IF(!probe,
                    what << " = '" << spec << "': not a file; allowed: backbone, a frame size "
                         << MIN_SIZE << ".." << MAX_SIZE << ", or a CSV file of size,cdf");
    return LoadShared(spec);
}

Ptr<FrameSizeDistribution>
FrameSizeDistribution::LoadShared(const std::string& path)
{
    // Every source of a fabric names the same table: one parsed copy serves them all (a
    // 1024-host leaf-spine kept 1024 copies, 16 MB, each cold in the cache when sampled).
    // The table is immutable; a file rewritten since it was read (another modification time
    // or size) is read again.
    std::error_code error;
    auto modified = std::filesystem::last_write_time(path, error);
    if (error)
    {
        return LoadFile(path); // it names the problem
    }
    auto bytes = std::filesystem::file_size(path, error);
    if (error)
    {
        return LoadFile(path);
    }
    using Key = std::tuple<std::string, std::filesystem::file_time_type, uintmax_t>;
    static std::map<Key, Ptr<FrameSizeDistribution>> loaded;
    Key key{path, modified, bytes};
    auto it = loaded.find(key);
    if (it == loaded.end())
    {
        it = loaded.emplace(key, LoadFile(path)).first;
    }
    return it->second;
}

Ptr<FrameSizeDistribution>
FrameSizeDistribution::LoadFile(const std::string& path)
{
    std::ifstream in(path);
    NS_ABORT_MSG_IF(!in, "frame-size table " << path << ": cannot open");
    std::vector<std::pair<uint32_t, double>> table;
    std::string line;
    uint32_t number = 0;
    while (std::getline(in, line))
    {
        ++number;
        line.erase(0, line.find_first_not_of(" \t\r"));
        if (line.empty() || line[0] == '#' || std::isalpha(static_cast<unsigned char>(line[0])))
        {
            continue; // comment or header
        }
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream fields(line);
        double size = 0;
        double cdf = 0;
        std::string rest;
        bool ok = static_cast<bool>(fields >> size >> cdf) && !(fields >> rest) &&
                  size == static_cast<uint32_t>(size);
        NS_ABORT_MSG_IF(!ok,
                        path << ":" << number << ": expected 'size_bytes,cdf', got '" << line
                             << "'");
        table.emplace_back(static_cast<uint32_t>(size), cdf);
    }
    return Create<FrameSizeDistribution>(std::move(table), path);
}

uint32_t
FrameSizeDistribution::Sample(double u) const
{
    auto it = std::lower_bound(
        m_table.begin(),
        m_table.end(),
        u,
        [](const std::pair<uint32_t, double>& row, double value) { return row.second <= value; });
    return it == m_table.end() ? m_table.back().first : it->first;
}

double
FrameSizeDistribution::GetMean() const
{
    return m_mean;
}

uint32_t
FrameSizeDistribution::GetMax() const
{
    return m_table.back().first;
}

const std::vector<std::pair<uint32_t, double>>&
FrameSizeDistribution::GetTable() const
{
    return m_table;
}

} // namespace ns3
