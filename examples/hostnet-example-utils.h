/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef HOSTNET_EXAMPLE_UTILS_H
#define HOSTNET_EXAMPLE_UTILS_H

// Small command-line helpers shared by the hostnet examples (not installed).

#include "ns3/ipv4-header.h"
#include "ns3/nstime.h"
#include "ns3/packet.h"
#include "ns3/simulation-cost.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace hostnet_example
{

/// @return the non-empty comma-separated items of @p list
inline std::vector<std::string>
Split(const std::string& list)
{
    std::vector<std::string> items;
    std::stringstream ss(list);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        if (!item.empty())
        {
            items.push_back(item);
        }
    }
    return items;
}

/**
 * @return a time given in (possibly fractional) microseconds, to the nanosecond (ns-3's
 *         MicroSeconds takes a whole number: 4.85 would become 4 us)
 * @param us the time in microseconds
 */
inline ns3::Time
FromMicroSeconds(double us)
{
    return ns3::NanoSeconds(std::llround(us * 1e3));
}

/**
 * @return @p value as a CSV field: empty when it is not finite (a statistic without samples
 *         is undefined, and an empty field says so to every CSV reader), else the number
 * @param value the value
 */
inline std::string
Csv(double value)
{
    if (!std::isfinite(value))
    {
        return "";
    }
    std::ostringstream os;
    os << std::setprecision(10) << value;
    return os.str();
}

/**
 * Write metrics as one flat JSON object (the study runner's --metrics file), in the given
 * order; a value that is not finite (NaN, inf: e.g. a latency with no packet) is written
 * as null, which JSON allows and the runner reads as "undefined for this run".
 * @return false if @p path cannot be written
 */
inline bool
WriteMetricsJson(const std::string& path,
                 const std::vector<std::pair<std::string, double>>& metrics)
{
    std::ofstream out(path);
    if (!out)
    {
        return false;
    }
    out << std::setprecision(10) << "{";
    for (std::size_t i = 0; i < metrics.size(); ++i)
    {
        out << (i ? ", " : "") << "\"" << metrics[i].first << "\": ";
        if (std::isfinite(metrics[i].second))
        {
            out << metrics[i].second;
        }
        else
        {
            out << "null";
        }
    }
    out << "}\n";
    out.close();
    return !out.fail();
}

/// @return the CPU time this process has used, in seconds (the cost of a run, unlike the
///         wall time, does not grow with other load on the machine)
inline double
ProcessCpuSeconds()
{
    return ns3::SimulationCostMeter::ProcessCpuSeconds();
}

/// Count the packets of an Ipv4L3Protocol trace (SendOutgoing, LocalDeliver): connect with
/// MakeBoundCallback(&CountIpv4Packets, &counter).
inline void
CountIpv4Packets(uint64_t* counter, const ns3::Ipv4Header&, ns3::Ptr<const ns3::Packet>, uint32_t)
{
    (*counter)++;
}

/**
 * Print the cost of a run as the examples' --cost lines: cost_cpu_s, cost_events,
 * cost_packets, cost_cpu_us_per_packet and cost_events_per_packet (nan without packets),
 * cost_rss_mb, cost_wall_s and cost_ranks, one "name value" per line.
 * @param os where to print
 * @param cost the cost (ns3::SimulationCostMeter, or a scenario's GetCost)
 */
inline void
PrintCost(std::ostream& os, const ns3::SimulationCost& cost)
{
    os << "cost_cpu_s " << cost.cpuSeconds << "\n"
       << "cost_events " << cost.events << "\n"
       << "cost_packets " << cost.packets << "\n";
    if (cost.packets > 0)
    {
        os << "cost_cpu_us_per_packet " << cost.cpuSeconds / cost.packets * 1e6 << "\n"
           << "cost_events_per_packet " << double(cost.events) / cost.packets << "\n";
    }
    else
    {
        os << "cost_cpu_us_per_packet nan\ncost_events_per_packet nan\n";
    }
    os << "cost_rss_mb " << cost.rssMb << "\n"
       << "cost_wall_s " << cost.wallSeconds << "\n"
       << "cost_ranks " << cost.ranks << "\n";
}

} // namespace hostnet_example

#endif // HOSTNET_EXAMPLE_UTILS_H
