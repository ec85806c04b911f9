/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef PUBLISHED_RESULTS_H
#define PUBLISHED_RESULTS_H

#include <string>
#include <vector>

namespace ns3
{

/**
 * @ingroup hostnet-validation
 * @brief Published measurements that the module's tests and examples compare with.
 *
 * Reference data, not a model: no simulation reads them, which is why they live in the
 * validation library and not in the installed module.
 */
class PublishedResults
{
  public:
    /// A row of Cai et al. 2021's published single-flow results (NaN where not published).
    struct Cai2021SingleFlow
    {
        std::string name;   ///< their configuration name
        bool tsoGro;        ///< TSO/GRO
        bool jumbo;         ///< MTU 9000
        bool arfs;          ///< aRFS
        double perCoreGbps; ///< throughput per core
        double throughput;  ///< Gb/s
        double txUtil;      ///< sender utilisation, percent
        double rxUtil;      ///< receiver utilisation, percent
        double rxCopyShare; ///< receiver data-copy share, percent
        double txCopyShare; ///< sender data-copy share, percent
    };

    /**
     * @brief Cai et al. 2021's single-flow results (the configurations that
     * SingleFlowExperiment runs), from their artifact's reference output
     * (scripts/parse/single-flow.sh as printed in the artifact's README).
     * @return the seven configurations
     */
    static std::vector<Cai2021SingleFlow> GetCai2021SingleFlow();
};

} // namespace ns3

#endif // PUBLISHED_RESULTS_H
