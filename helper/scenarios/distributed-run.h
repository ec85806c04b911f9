/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef DISTRIBUTED_RUN_H
#define DISTRIBUTED_RUN_H

#include "ns3/latency-histogram.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class Node;

/**
 * @ingroup hostnet
 * @brief One simulation split over several processes with ns-3's MPI distributed simulator,
 * and the metrics of its parts combined into the whole run's.
 *
 * Under MPI every process (rank) builds the whole topology, each node carries the rank that
 * simulates it (its system id, e.g. LeafSpineHelper::SetPartitions), and links between ranks
 * are point-to-point links whose delay is the lookahead (ns-3's src/mpi). A rank's copy of a
 * node it does not own never receives a packet, so its counters stay zero; what a script
 * measures on one rank is that rank's part of the run. The reductions below make every rank
 * hold the whole run's values. All ranks must call them in the same order with the same
 * shapes (keys, sizes), as with any collective MPI operation.
 *
 * Without MPI (the standalone build against the ns3 wheel, or an ns-3 tree configured
 * without --enable-mpi) and in a run of one process, every reduction leaves its argument
 * unchanged, IsLocal is true and GetSize is 1: a script written for MPI runs sequentially.
 *
 * The reductions are exact, so a distributed run reports what the sequential run reports:
 * integer counters (and sums of integers held in doubles, exact below 2^53) are summed;
 * per-item values that are not integers (a host's CPU availability) go through Share, which
 * gives every rank each item's value from the one rank that owns it (x + 0 = x exactly), so
 * that the script then sums or averages them in the sequential order.
 */
class DistributedRun
{
  public:
    /**
     * @brief Start MPI and select a distributed simulator, or do nothing.
     *
     * Call before the first use of the Simulator, with the program's arguments (MPI_Init
     * may consume launcher arguments).
     * @param pargc address of main's argc
     * @param pargv address of main's argv
     * @param sync "none" (sequential: nothing happens, but a warning on standard error if
     *        an MPI launcher started several processes), "window" (ns-3's
     *        DistributedSimulatorImpl: all ranks agree on a granted time window, one
     *        collective operation per lookahead) or "nullmsg" (NullMessageSimulatorImpl:
     *        neighbours exchange null messages, no global operation)
     */
    static void Enable(int* pargc, char*** pargv, const std::string& sync);

    /** @brief Finalise MPI if Enable started it (call once, after Simulator::Destroy). */
    static void Disable();

    /** @return true if this build has ns-3's MPI module (an ns-3 tree with --enable-mpi) */
    static bool IsAvailable();

    /** @return true if Enable started MPI */
    static bool IsEnabled();

    /** @return this process's rank (0 without MPI) */
    static uint32_t GetRank();

    /** @return the number of processes (1 without MPI) */
    static uint32_t GetSize();

    /**
     * @brief Check that a node is simulated by this process.
     * @param node a node
     * @return true if its system id is this rank (always true without MPI)
     */
    static bool IsLocal(Ptr<const Node> node);

    /**
     * @brief Keep the applications of the nodes other ranks simulate from running here.
     *
     * ns-3 builds every node on every rank, and an application added to a node starts on
     * every rank unless the script installs it only where the node is local. Installing
     * everything everywhere and holding the others keeps the objects, their creation order
     * and so their random streams those of the sequential run. Call once, after the last
     * application is added and before Simulator::Run: a held application's start and stop
     * move to half the simulator's time range (146 years), so the run must end with
     * Simulator::Stop before that. Without MPI it does nothing.
     */
    static void HoldRemoteApplications();

    /**
     * @brief Sum each value over the ranks.
     * @param values name -> this rank's part; the same names on every rank
     */
    static void Sum(std::map<std::string, double>& values);

    /**
     * @brief Smallest of each value over the ranks (a rank without a value passes +inf).
     * @param values name -> this rank's value; the same names on every rank
     */
    static void Min(std::map<std::string, double>& values);

    /**
     * @brief Largest of each value over the ranks (a rank without a value passes -inf).
     * @param values name -> this rank's value; the same names on every rank
     */
    static void Max(std::map<std::string, double>& values);

    /**
     * @brief Give every rank each item's value from the rank that owns it.
     *
     * Each rank sets the items it owns (hosts, flows) and leaves the others at 0; afterwards
     * every entry holds its owner's value on every rank, bit for bit.
     * @param values one entry per item; the same size on every rank
     */
    static void Share(std::vector<double>& values);

    /**
     * @brief Pool the samples of a histogram over the ranks (as LatencyHistogram::Merge).
     * @param histogram this rank's samples; on return, every rank's
     */
    static void Merge(LatencyHistogram& histogram);

  private:
    /// Reduce @p values element-wise over the ranks with MPI_SUM (0), MPI_MIN (1), MPI_MAX (2).
    static void Reduce(std::map<std::string, double>& values, int op);

    static bool g_enabled; ///< Enable started MPI
};

} // namespace ns3

#endif // DISTRIBUTED_RUN_H
