/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef SIMULATION_PROGRESS_H
#define SIMULATION_PROGRESS_H

#include "ns3/nstime.h"

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief A progress line on stderr for long runs: simulated time, speed and the time left.
 *
 * Shown only when stderr is a terminal (never in a log, a pipe or a study run) and only
 * from the second wall-clock second of a run (HOSTNET_PROGRESS_AFTER overrides it, in
 * seconds), rewritten at most once a wall-clock second. It costs one event per 1 % of the
 * run's simulated time; the check reads the wall clock and prints nothing most of the time.
 * In a distributed run only rank 0 shows it.
 */
class SimulationProgress
{
  public:
    /**
     * @brief Allow or forbid the line (an example's --progress); allowed by default.
     * @param enabled whether Start may show it
     */
    static void SetEnabled(bool enabled);

    /** @return whether Start would show the line: allowed, and stderr is a terminal */
    static bool IsShown();

    /**
     * @brief Show the line during the run that stops at @p end; call before Simulator::Run.
     * @param end the run's stop time
     */
    static void Start(Time end);
};

} // namespace ns3

#endif // SIMULATION_PROGRESS_H
