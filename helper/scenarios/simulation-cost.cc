/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "simulation-cost.h"

#include "ns3/simulator.h"

#include <chrono>
#include <ctime>
#include <sys/resource.h>

namespace ns3
{

namespace
{

/// @return seconds of the steady clock
double
WallSeconds()
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

} // namespace

double
SimulationCostMeter::ProcessCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

void
SimulationCostMeter::Start()
{
    m_events = Simulator::GetEventCount();
    m_cpu = ProcessCpuSeconds();
    m_wall = WallSeconds();
}

SimulationCost
SimulationCostMeter::Stop(uint64_t packets) const
{
    SimulationCost cost;
    cost.cpuSeconds = ProcessCpuSeconds() - m_cpu;
    cost.wallSeconds = WallSeconds() - m_wall;
    cost.events = Simulator::GetEventCount() - m_events;
    cost.packets = packets;
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    cost.rssMb = usage.ru_maxrss / 1024.0;
    cost.ranks = 1;
    return cost;
}

} // namespace ns3
