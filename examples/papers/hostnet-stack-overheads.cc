/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

/**
 * @file
 * @ingroup hostnet
 * Cai et al. (SIGCOMM 2021), "Understanding Host Network Stack Overheads", single flow:
 * one long TCP flow between two preset hosts (default mlx5-100g over 100 Gb/s) under the
 * seven optimisation sets of their Fig. 3 (no-opts, tsogro, jumbo, tsogro+jumbo,
 * tsogro+arfs, jumbo+arfs, all-opts), with their metric: throughput per core =
 * throughput / receiver CPU utilisation (the application's core plus the IRQ core).
 *
 * Printed per configuration: simulated throughput (Gb/s), receiver and sender utilisation
 * (percent, summed over cores), throughput per core, the receiver's and sender's copy
 * share (percent of their busy time), beside the published values ("-" where the artifact
 * publishes none, and where a measured value is undefined). SingleFlowExperiment
 * (helper/single-flow-experiment.h) runs each one.
 *
 *   build/examples/hostnet-stack-overheads [--preset=mlx5-100g] [--configs=all|name,...]
 *                                          [--warmup=40ms] [--measure=20ms]
 *                                          [--appCore=0] [--irqCore=1]
 */

#include "../hostnet-example-options.h"
#include "../hostnet-example-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/published-results.h"

#include <cmath>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;
using namespace hostnet_example;

namespace
{

/**
 * @return @p value right-aligned in @p width columns with one decimal, or "-" where it is
 * undefined (NaN): a human-readable table never shows "nan"
 * @param value the value
 * @param width the column width
 * @param sign whether to print a "+" before positive values
 */
std::string
Cell(double value, int width, bool sign = false)
{
    std::ostringstream out;
    out << std::fixed << std::setprecision(1) << std::setw(width);
    if (std::isnan(value))
    {
        out << "-";
    }
    else
    {
        out << (sign ? std::showpos : std::noshowpos) << value;
    }
    return out.str();
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string preset = "mlx5-100g";
    std::string configs = "all";
    std::string linkRate = "100Gbps";
    double warmup = 0.040;
    double measure = 0.020;
    uint32_t appCore = 0;
    uint32_t irqCore = 1;
    std::string csvPath;
    std::vector<std::string> names;
    for (const auto& p : PublishedResults::GetCai2021SingleFlow())
    {
        names.push_back(p.name);
    }
    Options opts(__FILE__,
                 "Cai et al. (SIGCOMM 2021) single flow: one long TCP flow between two preset "
                 "hosts under the seven optimisation sets of their Fig. 3, beside the "
                 "published values.");
    opts.Add("preset",
             "Host profile of both hosts: a shipped one or a .toml file",
             preset,
             ProfileName());
    Check oneConfig = OneOf(names);
    opts.Add("configs",
             "'all' or a comma-separated list of configuration names",
             configs,
             [oneConfig](const std::string& v) {
                 std::string why = ListOf(oneConfig)(v);
                 return (v == "all" || why.empty()) ? std::string() : "all, or " + why;
             });
    opts.Add("linkRate", "Point-to-point link rate", linkRate, Rate(1e6, 1e13));
    opts.AddSeconds("warmup", "Warm-up deleted from the statistics", warmup, 0, 1e3);
    opts.AddSeconds("measure", "Measured window (after the warm-up)", measure, 1e-6, 1e3);
    opts.Add("appCore", "Core of both applications (and of the queue with aRFS)", appCore, 0, 1023);
    opts.Add("irqCore", "Core of the flow's queue without aRFS", irqCore, 0, 1023);
    opts.Add("csv",
             "Also write the values to this CSV file, one row per configuration (empty: none)",
             csvPath,
             OutputFile(true));
    opts.Parse(argc, argv);

    std::ofstream csv;
    if (!csvPath.empty())
    {
        csv.open(csvPath);
        NS_ABORT_MSG_IF(!csv, "--csv: cannot write '" << csvPath << "'");
        csv << "config,thr_gbps,rx_util,tx_util,per_core,rx_copy,tx_copy,pub_thr_gbps,"
               "pub_rx_util,pub_tx_util,pub_per_core,pub_rx_copy,pub_tx_copy\n";
    }

    std::cout << std::fixed << std::setprecision(1);
    std::cout << "config          thr_Gbps  rx_util%  tx_util%  per_core  rx_copy%  tx_copy%"
                 "  | published: per_core  thr  rx_util  tx_util  rx_copy  tx_copy  | "
                 "deviation of per_core\n";
    bool any = false;
    for (const auto& p : PublishedResults::GetCai2021SingleFlow())
    {
        if (configs != "all" && ("," + configs + ",").find("," + p.name + ",") == std::string::npos)
        {
            continue;
        }
        any = true;
        SingleFlowExperiment::Config c;
        c.preset = preset;
        c.tsoGro = p.tsoGro;
        c.jumbo = p.jumbo;
        c.arfs = p.arfs;
        c.linkRate = linkRate;
        c.warmup = Seconds(warmup);
        c.measure = Seconds(measure);
        c.appCore = appCore;
        c.irqCore = irqCore;
        SingleFlowExperiment::Result r = SingleFlowExperiment::Run(c);
        std::cout << std::left << std::setw(14) << p.name << std::right
                  << Cell(r.throughputGbps, 10) << Cell(r.rxUtilisation, 10)
                  << Cell(r.txUtilisation, 10) << Cell(r.perCoreGbps, 10) << Cell(r.rxCopyShare, 10)
                  << Cell(r.txCopyShare, 10) << "  | " << Cell(p.perCoreGbps, 19)
                  << Cell(p.throughput, 5) << Cell(p.rxUtil, 9) << Cell(p.txUtil, 9)
                  << Cell(p.rxCopyShare, 9) << Cell(p.txCopyShare, 9) << "  | "
                  << Cell(100 * (r.perCoreGbps / p.perCoreGbps - 1), 0, true) << " %\n";
        std::cout << "    app core " << r.rxAppCoreBusy << ", IRQ core " << r.rxIrqCoreBusy
                  << " busy; sender " << r.txFrames << " frames in " << r.txSends
                  << " sends; receiver " << r.rxMerge << " segments per packet\n";
        if (csv.is_open())
        {
            csv << p.name << "," << Csv(r.throughputGbps) << "," << Csv(r.rxUtilisation) << ","
                << Csv(r.txUtilisation) << "," << Csv(r.perCoreGbps) << "," << Csv(r.rxCopyShare)
                << "," << Csv(r.txCopyShare) << "," << Csv(p.throughput) << "," << Csv(p.rxUtil)
                << "," << Csv(p.txUtil) << "," << Csv(p.perCoreGbps) << "," << Csv(p.rxCopyShare)
                << "," << Csv(p.txCopyShare) << "\n";
            csv.flush();
        }
    }
    if (!any)
    {
        std::cerr << "hostnet-stack-overheads: --configs=" << configs
                  << " names none of no-opts, tsogro, jumbo, tsogro+jumbo, tsogro+arfs, "
                     "jumbo+arfs, all-opts\n";
        return 1;
    }
    return 0;
}
