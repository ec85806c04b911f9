/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "distributed-run.h"

#include "ns3/abort.h"
#include "ns3/application.h"
#include "ns3/global-value.h"
#include "ns3/log.h"
#include "ns3/node-list.h"
#include "ns3/node.h"
#include "ns3/string.h"

#ifdef NS3_MPI
#include "ns3/mpi-interface.h"

#include <mpi.h>
#endif

#include <cstdlib>
#include <functional>
#include <iostream>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("DistributedRun");

bool DistributedRun::g_enabled = false;

void
DistributedRun::Enable(int* pargc, char*** pargv, const std::string& sync)
{
    NS_LOG_FUNCTION_NOARGS();
    NS_ABORT_MSG_IF(sync != "none" && sync != "window" && sync != "nullmsg",
                    "DistributedRun: synchronisation '" << sync
                                                        << "'; allowed: none, window, nullmsg");
    if (sync == "none")
    {
        // Launched by mpirun without a distributed simulator: each process would run the
        // whole simulation and write the same files. Say so instead of doing it silently.
        for (const char* size : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "MPI_LOCALNRANKS"})
        {
            const char* value = std::getenv(size);
            if (value && std::atoi(value) > 1)
            {
                std::cerr << "warning: this is one of " << value
                          << " MPI processes, but the run is sequential (hostnet-leaf-spine: "
                             "--distributed=none), so every process simulates all of it; "
                             "choose window or nullmsg to split it\n";
                break;
            }
        }
        return;
    }
    NS_ABORT_MSG_IF(g_enabled, "DistributedRun::Enable called twice");
#ifdef NS3_MPI
    GlobalValue::Bind("SimulatorImplementationType",
                      StringValue(sync == "window" ? "ns3::DistributedSimulatorImpl"
                                                   : "ns3::NullMessageSimulatorImpl"));
    MpiInterface::Enable(pargc, pargv);
    g_enabled = true;
#else
    NS_ABORT_MSG("DistributedRun: '" << sync
                                     << "' needs ns-3's MPI module, which this build does not "
                                        "have; build hostnet in an ns-3 tree configured with "
                                        "--enable-mpi (see 'Distributed runs (MPI)' in the "
                                        "documentation)");
#endif
}

void
DistributedRun::Disable()
{
    NS_LOG_FUNCTION_NOARGS();
#ifdef NS3_MPI
    if (g_enabled)
    {
        MpiInterface::Disable();
        g_enabled = false;
    }
#endif
}

bool
DistributedRun::IsAvailable()
{
#ifdef NS3_MPI
    return true;
#else
    return false;
#endif
}

bool
DistributedRun::IsEnabled()
{
    return g_enabled;
}

uint32_t
DistributedRun::GetRank()
{
#ifdef NS3_MPI
    return g_enabled ? MpiInterface::GetSystemId() : 0;
#else
    return 0;
#endif
}

uint32_t
DistributedRun::GetSize()
{
#ifdef NS3_MPI
    return g_enabled ? MpiInterface::GetSize() : 1;
#else
    return 1;
#endif
}

bool
DistributedRun::IsLocal(Ptr<const Node> node)
{
    return !g_enabled || node->GetSystemId() == GetRank();
}

void
DistributedRun::HoldRemoteApplications()
{
    NS_LOG_FUNCTION_NOARGS();
    if (!g_enabled)
    {
        return;
    }
    Time never = Time::Max() / 2;
    for (auto node = NodeList::Begin(); node != NodeList::End(); ++node)
    {
        if (IsLocal(*node))
        {
            continue;
        }
        for (uint32_t i = 0; i < (*node)->GetNApplications(); ++i)
        {
            (*node)->GetApplication(i)->SetStartTime(never);
            (*node)->GetApplication(i)->SetStopTime(never);
        }
    }
}

#ifdef NS3_MPI
namespace
{
/// Abort unless every rank passes the same @p shape (a count, or a hash of names).
void
CheckSameOnEveryRank(uint64_t shape, const char* what)
{
    uint64_t low = shape;
    uint64_t high = shape;
    MPI_Allreduce(&shape, &low, 1, MPI_UINT64_T, MPI_MIN, MpiInterface::GetCommunicator());
    MPI_Allreduce(&shape, &high, 1, MPI_UINT64_T, MPI_MAX, MpiInterface::GetCommunicator());
    NS_ABORT_MSG_IF(low != high,
                    "DistributedRun: the ranks passed different " << what
                                                                  << " to a reduction; every "
                                                                     "rank must pass the same");
}
} // namespace
#endif

void
DistributedRun::Reduce(std::map<std::string, double>& values, int op)
{
#ifdef NS3_MPI
    if (!g_enabled || GetSize() == 1)
    {
        return;
    }
    uint64_t names = values.size();
    for (const auto& [name, value] : values)
    {
        names = names * 1000003 + std::hash<std::string>{}(name);
    }
    CheckSameOnEveryRank(names, "metric names");
    std::vector<double> mine;
    for (const auto& [name, value] : values)
    {
        mine.push_back(value);
    }
    std::vector<double> all(mine.size());
    MPI_Op mpiOp = op == 0 ? MPI_SUM : (op == 1 ? MPI_MIN : MPI_MAX);
    MPI_Allreduce(mine.data(),
                  all.data(),
                  static_cast<int>(mine.size()),
                  MPI_DOUBLE,
                  mpiOp,
                  MpiInterface::GetCommunicator());
    size_t i = 0;
    for (auto& [name, value] : values)
    {
        value = all[i++];
    }
#endif
}

void
DistributedRun::Sum(std::map<std::string, double>& values)
{
    Reduce(values, 0);
}

void
DistributedRun::Min(std::map<std::string, double>& values)
{
    Reduce(values, 1);
}

void
DistributedRun::Max(std::map<std::string, double>& values)
{
    Reduce(values, 2);
}

void
DistributedRun::Share(std::vector<double>& values)
{
#ifdef NS3_MPI
    if (!g_enabled || GetSize() == 1)
    {
        return;
    }
    CheckSameOnEveryRank(values.size(), "vector sizes");
    std::vector<double> all(values.size());
    MPI_Allreduce(values.data(),
                  all.data(),
                  static_cast<int>(values.size()),
                  MPI_DOUBLE,
                  MPI_SUM,
                  MpiInterface::GetCommunicator());
    values = all;
#endif
}

void
DistributedRun::Merge(LatencyHistogram& histogram)
{
#ifdef NS3_MPI
    if (!g_enabled || GetSize() == 1)
    {
        return;
    }
    // Gather every rank's histogram and pool them in rank order, as Merge would in one
    // process (the sums are of integer nanoseconds: exact in any order).
    std::vector<uint64_t> mine = histogram.Serialize();
    int size = static_cast<int>(mine.size());
    int ranks = static_cast<int>(GetSize());
    std::vector<int> sizes(ranks);
    MPI_Allgather(&size, 1, MPI_INT, sizes.data(), 1, MPI_INT, MpiInterface::GetCommunicator());
    std::vector<int> offsets(ranks, 0);
    for (int r = 1; r < ranks; ++r)
    {
        offsets[r] = offsets[r - 1] + sizes[r - 1];
    }
    std::vector<uint64_t> all(offsets[ranks - 1] + sizes[ranks - 1]);
    MPI_Allgatherv(mine.data(),
                   size,
                   MPI_UINT64_T,
                   all.data(),
                   sizes.data(),
                   offsets.data(),
                   MPI_UINT64_T,
                   MpiInterface::GetCommunicator());
    LatencyHistogram pooled;
    for (int r = 0; r < ranks; ++r)
    {
        std::vector<uint64_t> part(all.begin() + offsets[r], all.begin() + offsets[r] + sizes[r]);
        pooled.Merge(LatencyHistogram::Deserialize(part));
    }
    histogram = pooled;
#endif
}

} // namespace ns3
