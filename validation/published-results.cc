/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "published-results.h"

#include <limits>

namespace ns3
{

std::vector<PublishedResults::Cai2021SingleFlow>
PublishedResults::GetCai2021SingleFlow()
{
    // Cai et al., "Understanding Host Network Stack Overheads", SIGCOMM 2021: the reference
    // output of their artifact's scripts/parse/single-flow.sh (README of
    // Terabit-Ethernet/Understanding-network-stack-overheads-SIGCOMM-2021), Linux 5.4.43,
    // ConnectX-5 100 Gb/s, Xeon Gold 6128 3.4 GHz. Throughput, utilisation and the
    // breakdowns are published for four of the seven configurations only.
    double nan = std::numeric_limits<double>::quiet_NaN();
    return {
        {"no-opts", false, false, false, 4.783, 9.009, 101.523, 185.764, 7.39, 5.90},
        {"tsogro", true, false, false, 14.976, 26.590, 80.036, 175.146, 29.81, 28.63},
        {"jumbo", false, true, false, 25.876, nan, nan, nan, nan, nan},
        {"tsogro+jumbo", true, true, false, 27.642, 32.540, 67.420, 114.462, 44.51, 36.76},
        {"tsogro+arfs", true, false, true, 28.254, nan, nan, nan, nan, nan},
        {"jumbo+arfs", false, true, true, 40.801, nan, nan, nan, nan, nan},
        {"all-opts", true, true, true, 41.210, 42.200, 59.813, 100.000, 54.33, 47.95},
    };
}

} // namespace ns3
