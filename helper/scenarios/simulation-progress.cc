/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "simulation-progress.h"

#include "ns3/simulator.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace ns3
{

namespace
{

using Clock = std::chrono::steady_clock;

/// The state of the one line a process shows.
struct ProgressState
{
    bool enabled{true};      ///< SetEnabled
    Time end;                ///< the run's stop time
    Time step;               ///< simulated time between checks
    Clock::time_point start; ///< wall clock at Start
    double after{2};         ///< wall seconds before the first line
    double lastPrint{-1};    ///< wall seconds of the last line (-1: none yet)
};

ProgressState g_progress; ///< the process's progress line

/// @return wall seconds since Start
double
WallSeconds()
{
    return std::chrono::duration<double>(Clock::now() - g_progress.start).count();
}

/// Ends the line once the simulator is destroyed (the run's output comes after it).
void
EndLine()
{
    if (g_progress.lastPrint >= 0)
    {
        std::fputc('\n', stderr);
        g_progress.lastPrint = -1;
    }
}

/// One check: print the line if it is due, then schedule the next check.
void
Check()
{
    double wall = WallSeconds();
    double simulated = Simulator::Now().GetSeconds();
    if (wall >= g_progress.after &&
        (g_progress.lastPrint < 0 || wall - g_progress.lastPrint >= 1.0) && simulated > 0)
    {
        double fraction = simulated / g_progress.end.GetSeconds();
        double left = wall * (1 - fraction) / fraction;
        std::fprintf(stderr,
                     "\rsimulated %.3f of %.3f ms (%.0f %%), %.2g simulated s per wall s, "
                     "about %.0f s left   ",
                     simulated * 1e3,
                     g_progress.end.GetSeconds() * 1e3,
                     100 * fraction,
                     simulated / wall,
                     left);
        std::fflush(stderr);
        g_progress.lastPrint = wall;
    }
    if (Simulator::Now() + g_progress.step < g_progress.end)
    {
        Simulator::Schedule(g_progress.step, &Check);
    }
}

} // namespace

void
SimulationProgress::SetEnabled(bool enabled)
{
    g_progress.enabled = enabled;
}

bool
SimulationProgress::IsShown()
{
    return g_progress.enabled && isatty(STDERR_FILENO) && Simulator::GetSystemId() == 0;
}

void
SimulationProgress::Start(Time end)
{
    if (!IsShown() || !end.IsStrictlyPositive())
    {
        return;
    }
    g_progress.end = end;
    g_progress.step = Max(end / 100, NanoSeconds(1));
    g_progress.start = Clock::now();
    g_progress.lastPrint = -1;
    if (const char* after = std::getenv("HOSTNET_PROGRESS_AFTER"))
    {
        g_progress.after = std::atof(after);
    }
    Simulator::Schedule(g_progress.step, &Check);
    Simulator::ScheduleDestroy(&EndLine);
}

} // namespace ns3
