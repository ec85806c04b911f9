/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// hostnet-leaf-spine split over two MPI processes reports what the sequential run reports.
// Built only in an ns-3 tree configured with --enable-mpi and --enable-examples (see
// CMakeLists.txt); it runs the example through ./ns3 run, sequentially and under mpiexec, as
// ns-3's own src/mpi tests do. The launcher is $HOSTNET_MPIEXEC if set (e.g. "mpiexec
// --allow-run-as-root --oversubscribe"), else "mpiexec".

#include "ns3/test.h"

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

using namespace ns3;

namespace
{

/// @return the flat JSON object of a --metrics file as name -> value text ("" if unreadable)
std::map<std::string, std::string>
ReadMetrics(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    std::string s = text.str();
    std::map<std::string, std::string> metrics;
    size_t pos = 0;
    while ((pos = s.find('"', pos)) != std::string::npos)
    {
        size_t end = s.find('"', pos + 1);
        size_t colon = s.find(':', end);
        size_t stop = s.find_first_of(",}", colon);
        if (end == std::string::npos || colon == std::string::npos || stop == std::string::npos)
        {
            break;
        }
        std::string value = s.substr(colon + 1, stop - colon - 1);
        value.erase(0, value.find_first_not_of(' '));
        metrics[s.substr(pos + 1, end - pos - 1)] = value;
        pos = stop;
    }
    return metrics;
}

/// @return the whole content of a file
std::string
ReadFile(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

/**
 * The same configuration and seed, once sequentially and once split by leaf over N
 * processes (granted time window or null messages): every metric of the --metrics file
 * must be equal as written (10 significant digits; null for undefined), and the distributed
 * run must report N ranks (it really was split, not run twice). The control case runs with
 * --portOrderTies=0 and expects some metric to differ: the configuration has a tie that ns-3's
 * own order breaks the other way across processes, which SwitchArrivalOrder removes.
 */
class MpiLeafSpineTestCase : public TestCase
{
  public:
    /**
     * @param label what the case runs, in a few words
     * @param sync --distributed value: window or nullmsg
     * @param args further arguments of hostnet-leaf-spine
     * @param processes MPI processes
     * @param equal whether the metrics must be equal (false: some must differ)
     */
    MpiLeafSpineTestCase(const std::string& label,
                         const std::string& sync,
                         const std::string& args,
                         uint32_t processes = 2,
                         bool equal = true)
        : TestCase("sequential " + std::string(equal ? "=" : "differs from") + " " +
                   std::to_string(processes) + " processes, " + sync + ", " + label),
          m_sync(sync),
          m_args(args),
          m_processes(processes),
          m_equal(equal)
    {
    }

  private:
    /// Run the example through ns-3's launcher; @return the shell's status
    int Run(const std::string& prefix, const std::string& args, const std::string& out)
    {
        std::string command = std::string("python3 ") + PROJECT_SOURCE_PATH +
                              "/ns3 run --no-build hostnet-leaf-spine --command-template=\"" +
                              prefix + "%s " + args + "\" > " + out + " 2>&1";
        int status = std::system(command.c_str());
        std::cout << "command: " << command << "\nstatus: " << status << "\n"
                  << ReadFile(out) << std::endl;
        return status;
    }

    void DoRun() override
    {
        const char* launcher = std::getenv("HOSTNET_MPIEXEC");
        std::string mpiexec = launcher ? launcher : "mpiexec";
        std::string seqJson = CreateTempDirFilename("sequential.json");
        std::string mpiJson = CreateTempDirFilename("mpi-" + m_sync + ".json");
        std::string seqOut = CreateTempDirFilename("sequential.out");
        std::string mpiOut = CreateTempDirFilename("mpi-" + m_sync + ".out");
        int seq = Run("", m_args + " --cost --metrics=" + seqJson, seqOut);
        NS_TEST_ASSERT_MSG_EQ(seq, 0, "sequential run failed");
        int mpi = Run(mpiexec + " -n " + std::to_string(m_processes) + " ",
                      m_args + " --cost --distributed=" + m_sync + " --metrics=" + mpiJson,
                      mpiOut);
        NS_TEST_ASSERT_MSG_EQ(mpi, 0, "run under " << mpiexec << " failed");
        std::string seqText = ReadFile(seqOut);
        std::string mpiText = ReadFile(mpiOut);
        NS_TEST_ASSERT_MSG_NE(seqText.find("cost_ranks 1\n"),
                              std::string::npos,
                              "the sequential run is one process");
        NS_TEST_ASSERT_MSG_NE(mpiText.find("cost_ranks " + std::to_string(m_processes) + "\n"),
                              std::string::npos,
                              "the distributed run was split over " << m_processes << " processes");
        auto expected = ReadMetrics(seqJson);
        auto got = ReadMetrics(mpiJson);
        NS_TEST_ASSERT_MSG_GT(expected.size(), 10u, "the sequential run wrote its metrics");
        NS_TEST_ASSERT_MSG_NE(expected["rpc_completed"], "0", "RPCs completed");
        NS_TEST_ASSERT_MSG_EQ(got.size(), expected.size(), "same metric names");
        uint32_t differ = 0;
        for (const auto& [name, value] : expected)
        {
            if (m_equal)
            {
                NS_TEST_EXPECT_MSG_EQ(got[name], value, "metric " << name);
            }
            differ += got[name] != value;
        }
        if (!m_equal)
        {
            NS_TEST_EXPECT_MSG_GT(differ, 0u, "the tie is in this configuration");
        }
    }

    std::string m_sync;   ///< synchronisation algorithm
    std::string m_args;   ///< example arguments
    uint32_t m_processes; ///< MPI processes
    bool m_equal;         ///< the metrics must be equal
};

} // namespace

/**
 * @ingroup hostnet-tests
 * @brief The hostnet-mpi suite (only in an ns-3 tree with MPI).
 */
class MpiTestSuite : public TestSuite
{
  public:
    MpiTestSuite()
        : TestSuite("hostnet-mpi", Type::SYSTEM)
    {
        // 16 hosts under 4 leaves: leaves 0-1 on rank 0, 2-3 on rank 1; every kind of traffic
        // (self-similar background, RPCs, TCP flows) crosses the ranks.
        const std::string small = "--duration=0.01 --warmup=0.005 --RngRun=3";
        AddTestCase(new MpiLeafSpineTestCase("16 hosts", "window", small),
                    TestCase::Duration::QUICK);
        AddTestCase(new MpiLeafSpineTestCase("16 hosts", "nullmsg", small),
                    TestCase::Duration::QUICK);
        // Overloaded switch ports (drops in the fabric) and a larger fabric link delay.
        AddTestCase(new MpiLeafSpineTestCase("switch drops, 5 us links",
                                             "window",
                                             small + " --load=0.6 --switchQueue=10p "
                                                     "--fabricLinkRate=1Gbps --linkDelay=5us"),
                    TestCase::Duration::QUICK);
        // Modern hosts (mlx5-100g: GRO, TSO, 16 queues, net_dim, NAPI) with RPCs and TCP, 32
        // of them: switch ties across the ranks, taken in input-port order.
        const std::string modern = "--spines=2 --leaves=4 --hostsPerLeaf=8 "
                                   "--hostLinkRate=25Gbps --fabricLinkRate=100Gbps "
                                   "--switchQueue=400KB --hosts=mlx5-100g --rpcRate=20000 "
                                   "--appCores=separate --irqCores=2 --load=0.5 "
                                   "--duration=0.002 --warmup=0.002";
        const std::string rpc = modern + " --traffic=tcp --rpcSizes=etc";
        for (uint32_t n : {2, 4})
        {
            AddTestCase(new MpiLeafSpineTestCase("modern hosts, RPCs", "window", rpc, n),
                        TestCase::Duration::QUICK);
        }
        AddTestCase(new MpiLeafSpineTestCase("modern hosts, RPCs", "nullmsg", rpc, 2),
                    TestCase::Duration::QUICK);
        AddTestCase(new MpiLeafSpineTestCase("modern hosts, ties in scheduling order, the control",
                                             "window",
                                             rpc + " --portOrderTies=0",
                                             2,
                                             false),
                    TestCase::Duration::QUICK);
        // Key-value servers in epoll loops with busy polling, IRQ deferral and GRO flush
        // timeouts (napi_defer_hard_irqs, prefer_busy_poll).
        AddTestCase(new MpiLeafSpineTestCase("modern hosts, key-value, epoll busy polling",
                                             "window",
                                             modern + " --traffic=kv --tcpFlows=0 --kvThreads=4 "
                                                      "--kvConnections=4 --scheme=napi "
                                                      "--deferHardIrqs=100 "
                                                      "--groFlushTimeout=0.0002 "
                                                      "--busyPollUsecs=64 --busyPollBudget=64 "
                                                      "--preferBusyPoll=true",
                                             4),
                    TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static MpiTestSuite g_mpiTestSuite;
