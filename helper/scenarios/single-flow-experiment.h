/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef SINGLE_FLOW_EXPERIMENT_H
#define SINGLE_FLOW_EXPERIMENT_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief One long TCP flow between two preset hosts, as Cai et al. (SIGCOMM 2021) measure
 * a host's network stack: throughput, CPU utilisation of each side, throughput per core
 * and the share of the copy.
 *
 * The sender is a HostBulkSendApplication and the receiver a HostSinkApplication, both
 * pinned to core 0 with the preset's read/write sizes and copy rates. The flow's receive
 * queue is steered to one core as Cai et al.'s scripts do (ethtool ntuple rules): to the
 * application's core with aRFS, else to core 1 (their IRQ affinity); the sender's ACKs
 * likewise. CPU utilisation is the sum over the cores of their busy share in percent
 * (sar), throughput per core is throughput / receiver utilisation (their metric). Their
 * published results are in the validation library (PublishedResults::GetCai2021SingleFlow).
 */
class SingleFlowExperiment
{
  public:
    /// One configuration (Cai et al.'s optimisation set).
    struct Config
    {
        std::string preset{"mlx5-100g"}; ///< HostNetDeviceHelper preset of both hosts
        bool tsoGro{true};               ///< TSO (sender) and GRO (receiver) on
        bool jumbo{false};               ///< MTU 9000 instead of 1500
        bool arfs{false};                ///< the flow's queue on the application's core
        std::string linkRate{"100Gbps"}; ///< point-to-point link
        Time warmup{MilliSeconds(5)};    ///< deleted from the statistics
        Time measure{MilliSeconds(20)};  ///< measured window
        uint32_t appCore{0};             ///< core of both applications
        uint32_t irqCore{1};             ///< core of the flow's queue without aRFS
        uint64_t writerCopyBps{0};       ///< sender's CopyRate in bit/s (0: the preset's)
    };

    /// What one run measured (in the window after the warm-up).
    struct Result
    {
        double throughputGbps{0};  ///< application goodput at the receiver
        double rxUtilisation{0};   ///< receiver: sum of the cores' busy shares, percent
        double txUtilisation{0};   ///< sender: likewise
        double perCoreGbps{0};     ///< throughput / (rxUtilisation / 100)
        double rxCopyShare{0};     ///< receiver: copy time / busy time, percent
        double txCopyShare{0};     ///< sender: copy time / busy time, percent
        double rxAppCoreBusy{0};   ///< receiver: busy share of the application's core
        double rxIrqCoreBusy{0};   ///< receiver: busy share of the flow's queue core
        uint64_t txSends{0};       ///< sender: TSO/GSO sends (or frames)
        uint64_t txSendsByTask{0}; ///< sender: of txSends, made in sendmsg (task paid)
        uint64_t txFrames{0};      ///< sender: frames transmitted
        double rxMerge{0};         ///< receiver: segments per GRO packet
        double txTaskSeconds{0};   ///< sender: CPU time of the writing task
        double txCopySeconds{0};   ///< sender: of which copies from user space
        uint64_t txWrites{0};      ///< sender: writes completed in the window
    };

    /**
     * @brief Run one configuration (a fresh simulation; Simulator::Destroy at the end).
     * @param config the configuration
     * @return the measurements
     */
    static Result Run(const Config& config);
};

} // namespace ns3

#endif // SINGLE_FLOW_EXPERIMENT_H
