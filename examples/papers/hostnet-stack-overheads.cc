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
 * share (percent of their busy time), beside the published values (NaN where the artifact
 * publishes none). SingleFlowExperiment (helper/single-flow-experiment.h) runs each one.
 *
 *   build/examples/hostnet-stack-overheads [--preset=mlx5-100g] [--configs=all|name,...]
 *                                          [--warmup=40ms] [--measure=20ms]
 *                                          [--appCore=0] [--irqCore=1]
 */

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"

#include <cmath>
#include <iomanip>
#include <iostream>
#include <sstream>

using namespace ns3;

int
main(int argc, char* argv[])
{
    std::string preset = "mlx5-100g";
    std::string configs = "all";
    std::string linkRate = "100Gbps";
    Time warmup = MilliSeconds(40);
    Time measure = MilliSeconds(20);
    uint32_t appCore = 0;
    uint32_t irqCore = 1;
    CommandLine cmd(__FILE__);
    cmd.AddValue("preset", "host preset of both hosts", preset);
    cmd.AddValue("configs", "'all' or comma-separated configuration names", configs);
    cmd.AddValue("linkRate", "point-to-point link rate", linkRate);
    cmd.AddValue("warmup", "warm-up deleted from the statistics", warmup);
    cmd.AddValue("measure", "measured window", measure);
    cmd.AddValue("appCore", "core of both applications (and of the queue with aRFS)", appCore);
    cmd.AddValue("irqCore", "core of the flow's queue without aRFS", irqCore);
    cmd.Parse(argc, argv);

    std::cout << std::fixed << std::setprecision(1);
    std::cout << "config          thr_Gbps  rx_util%  tx_util%  per_core  rx_copy%  tx_copy%"
                 "  | published: per_core  thr  rx_util  tx_util  rx_copy  tx_copy  | "
                 "deviation of per_core\n";
    bool any = false;
    for (const auto& p : SingleFlowExperiment::GetPublished())
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
        c.warmup = warmup;
        c.measure = measure;
        c.appCore = appCore;
        c.irqCore = irqCore;
        SingleFlowExperiment::Result r = SingleFlowExperiment::Run(c);
        std::cout << std::left << std::setw(14) << p.name << std::right << std::setw(10)
                  << r.throughputGbps << std::setw(10) << r.rxUtilisation << std::setw(10)
                  << r.txUtilisation << std::setw(10) << r.perCoreGbps << std::setw(10)
                  << r.rxCopyShare << std::setw(10) << r.txCopyShare << "  | " << std::setw(19)
                  << p.perCoreGbps << std::setw(5) << p.throughput << std::setw(9) << p.rxUtil
                  << std::setw(9) << p.txUtil << std::setw(9) << p.rxCopyShare << std::setw(9)
                  << p.txCopyShare << "  | " << std::showpos
                  << 100 * (r.perCoreGbps / p.perCoreGbps - 1) << " %" << std::noshowpos << "\n";
        std::cout << "    app core " << r.rxAppCoreBusy << ", IRQ core " << r.rxIrqCoreBusy
                  << " busy; sender " << r.txFrames << " frames in " << r.txSends
                  << " sends; receiver " << r.rxMerge << " segments per packet\n";
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
