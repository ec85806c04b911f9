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

#include <iomanip>
#include <sstream>
#include <string>
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

/// @return an exponential random variable specification with the given mean in us
inline std::string
Exponential(double meanUs)
{
    std::ostringstream os;
    os << std::setprecision(10) << "ns3::ExponentialRandomVariable[Mean=" << meanUs * 1e-6 << "]";
    return os.str();
}

} // namespace hostnet_example

#endif // HOSTNET_EXAMPLE_UTILS_H
