/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef SIMULATION_COST_H
#define SIMULATION_COST_H

#include <cstdint>

namespace ns3
{

/**
 * @ingroup hostnet
 * @brief The simulator's own cost of a run (what a scenario's --cost prints): CPU and wall
 * time, events, packets and peak memory.
 */
struct SimulationCost
{
    double cpuSeconds{0};  ///< process CPU time of Simulator::Run (summed over ranks)
    uint64_t events{0};    ///< events executed (summed over ranks)
    uint64_t packets{0};   ///< IP packets delivered to the hosts
    double wallSeconds{0}; ///< wall time of Simulator::Run (slowest rank)
    double rssMb{0};       ///< peak resident memory of the process (largest rank), MiB
    uint32_t ranks{1};     ///< processes of the run
};

/**
 * @ingroup hostnet
 * @brief Measures the cost of Simulator::Run in this process: Start before it, Stop after.
 *
 * CPU time is the process's (CLOCK_PROCESS_CPUTIME_ID: unlike the wall time, it does not grow
 * with other load on the machine); memory is the process's peak resident set (getrusage).
 */
class SimulationCostMeter
{
  public:
    /** @brief Record the process CPU time, the wall clock and the event count now. */
    void Start();

    /**
     * @brief The cost since Start, in this process (ranks 1).
     * @param packets the packets the caller counted meanwhile
     * @return CPU and wall seconds, events executed, @p packets and the peak RSS
     */
    SimulationCost Stop(uint64_t packets) const;

    /** @return the CPU time this process has used so far, in seconds */
    static double ProcessCpuSeconds();

  private:
    double m_cpu{0};      ///< process CPU seconds at Start
    double m_wall{0};     ///< steady clock seconds at Start
    uint64_t m_events{0}; ///< Simulator::GetEventCount at Start
};

} // namespace ns3

#endif // SIMULATION_COST_H
