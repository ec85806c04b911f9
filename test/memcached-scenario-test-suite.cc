/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// MemcachedScenario used from a script, on a tiny configuration: a light open loop is
// answered in full and achieves what it offers, the server's CPU shares add up to its busy
// share, a window without requests has undefined (NaN) latency with a count of 0, the closed
// loop has no target, and impossible parameters are refused by Check with a message naming
// them.

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/test.h"

#include <cmath>
#include <string>

using namespace ns3;

namespace
{

/// A tiny set-up: 2 cores and threads, 2 client machines of 2 x 2 connections (8 in all).
MemcachedScenario::Parameters
Tiny()
{
    MemcachedScenario::Parameters params;
    params.cores = 2;
    params.serverThreads = 2;
    params.agents = 1;
    params.threads = 2;
    params.connections = 2;
    params.driverConnections = 2;
    params.interArrival = "fixed";
    params.warmup = MilliSeconds(2);
    params.duration = MilliSeconds(10);
    return params;
}

/// Build and run a scenario; @return its metrics (the simulator destroyed) and, with @p cores,
/// the server CPU per core.
MemcachedScenario::Metrics
RunScenario(const MemcachedScenario::Parameters& params,
            std::vector<MemcachedScenario::CoreCpu>* cores = nullptr)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    MemcachedScenario scenario(params);
    scenario.Build();
    scenario.Run();
    Simulator::Destroy();
    Config::Reset(); // the scenario's TCP defaults
    if (cores)
    {
        *cores = scenario.GetCoreCpu();
    }
    return scenario.GetMetrics();
}

/**
 * A light open loop (40,000 requests/s over 8 connections, fixed gaps): every request is
 * answered, and what is achieved is what is offered.
 */
class MemcachedOpenLoopTestCase : public TestCase
{
  public:
    MemcachedOpenLoopTestCase()
        : TestCase("light open loop: answered in full, achieved = offered, CPU shares add up")
    {
    }

  private:
    void DoRun() override
    {
        MemcachedScenario::Parameters params = Tiny();
        params.qps = 40000;
        std::vector<MemcachedScenario::CoreCpu> cores;
        MemcachedScenario::Metrics m = RunScenario(params, &cores);
        NS_TEST_ASSERT_MSG_EQ(cores.size(), params.cores, "one split per core");
        double busy = 0;
        for (const auto& c : cores)
        {
            NS_TEST_EXPECT_MSG_EQ_TOL(c.userPct + c.systemPct + c.softIrqPct + c.hardIrqPct,
                                      c.busyPct,
                                      1e-6,
                                      "a core's split adds up to its busy share");
            busy += c.busyPct / cores.size();
        }
        NS_TEST_EXPECT_MSG_EQ_TOL(busy, m.cpuBusyPct, 1e-6, "the cores' mean is the total");
        const double n = 8;                                     // connections
        const double window = 0.010;                            // seconds
        const double bound = 2 * n / window / params.qps * 100; // percent, see below

        // A periodic connection issues floor or ceil of T/g requests in any window of length T:
        // the requests sent differ from qps x T by at most one per connection. With depth 1 at
        // most one request per connection is in flight at each edge of the window, so the
        // responses differ from the requests sent by at most one per connection too.
        NS_TEST_ASSERT_MSG_EQ(m.targetQps, params.qps, "the target is the parameter");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.offeredQps,
                                  params.qps,
                                  n / window,
                                  "one request per connection at most at the edges");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.achievedQps,
                                  m.offeredQps,
                                  n / window,
                                  "depth 1: one response per connection at most in flight");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.achievedQps,
                                  params.qps,
                                  params.qps * bound / 100,
                                  "achieved = offered within 2 x connections / window");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.answered, 1, n / m.requestsSent, "every request answered");
        NS_TEST_ASSERT_MSG_EQ(m.lateShare, 0, "a light load: no request held back by depth 1");
        // Every response is a latency sample.
        NS_TEST_ASSERT_MSG_EQ_TOL(m.latencyCount,
                                  m.achievedQps * window,
                                  1e-6,
                                  "one sample per response");
        NS_TEST_ASSERT_MSG_GT(m.latencyP50Us, 0, "measured");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.latencyP50Us, m.latencyP99Us, "quantiles are ordered");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.latencyP99Us, m.latencyP999Us, "quantiles are ordered");
        // A light load on 100 Gb/s links and an idle server: a round trip of tens of us.
        NS_TEST_ASSERT_MSG_LT(m.latencyP99Us, 1000, "a light load is served at once");

        // Conservation of the server's CPU time: every busy instant is a hard IRQ, a softirq,
        // a kernel task or a server thread (user or system), and nothing else runs there.
        NS_TEST_ASSERT_MSG_GT(m.cpuBusyPct, 0, "the server works");
        NS_TEST_ASSERT_MSG_GT(m.cpuUserPct, 0, "requests' own work");
        NS_TEST_ASSERT_MSG_GT(m.cpuSystemPct, 0, "system calls and transmit work");
        NS_TEST_ASSERT_MSG_GT(m.cpuSoftIrqPct, 0, "receive processing");
        NS_TEST_ASSERT_MSG_GT(m.cpuHardIrqPct, 0, "interrupt handlers");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.cpuUserPct + m.cpuSystemPct + m.cpuSoftIrqPct + m.cpuHardIrqPct,
                                  m.cpuBusyPct,
                                  1e-6,
                                  "user + system + softirq + hardirq = busy");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.cpuBusyPct, m.cpuBusiestCorePct, "mean <= busiest core");
        // User time is GetCost or SetCost per request, at most SetCost per request: the
        // achieved rate x SetCost over the cores (10 % for the window's edges).
        const double userBound =
            m.achievedQps * params.setCost.GetSeconds() / params.cores * 100 * 1.1;
        NS_TEST_ASSERT_MSG_LT(m.cpuUserPct, userBound, "user time <= requests x SetCost");

        NS_TEST_ASSERT_MSG_GT(m.interrupts, 0, "no busy polling: frames come by interrupt");
        NS_TEST_ASSERT_MSG_EQ_TOL(m.packetsPerInterrupt,
                                  m.rxFrames / m.interrupts,
                                  1e-9,
                                  "packets per interrupt = frames / interrupts");
        NS_TEST_ASSERT_MSG_EQ(m.busyFramesShare, 0, "no busy polling: no busy frames");
        NS_TEST_ASSERT_MSG_EQ(m.irqSuspendsPerS, 0, "no IRQ suspension");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(m.epollEventsPerWait, 1, "a call with events has one");
        NS_TEST_ASSERT_MSG_EQ(m.dropsServer + m.dropsSwitch, 0, "a light load loses nothing");
    }
};

/**
 * No request in the window (1 request/s: the first gap of each connection is 8 s): the
 * latency statistics are undefined, with a count of 0, and so are the shares of requests.
 */
class MemcachedEmptyTestCase : public TestCase
{
  public:
    MemcachedEmptyTestCase()
        : TestCase("no request in the window: latency NaN with count 0")
    {
    }

  private:
    void DoRun() override
    {
        MemcachedScenario::Parameters params = Tiny();
        params.qps = 1;
        params.duration = MilliSeconds(2);
        MemcachedScenario::Metrics m = RunScenario(params);
        NS_TEST_ASSERT_MSG_EQ(m.requestsSent, 0, "no request is due in the window");
        NS_TEST_ASSERT_MSG_EQ(m.latencyCount, 0, "no sample");
        NS_TEST_ASSERT_MSG_EQ(m.achievedQps, 0, "no response");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.latencyAvgUs), true, "no sample: undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.latencyP50Us), true, "no sample: undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.latencyP999Us), true, "no sample: undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.answered), true, "nothing sent: undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.lateShare), true, "nothing sent: undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.cpuBusyPct), false, "the CPU window exists");
    }
};

/// The closed loop (qps 0) has no target rate and keeps every connection busy.
class MemcachedClosedLoopTestCase : public TestCase
{
  public:
    MemcachedClosedLoopTestCase()
        : TestCase("closed loop: no target, requests follow responses")
    {
    }

  private:
    void DoRun() override
    {
        MemcachedScenario::Parameters params = Tiny();
        params.qps = 0;
        params.duration = MilliSeconds(3);
        MemcachedScenario::Metrics m = RunScenario(params);
        const double n = 8;
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.targetQps), true, "closed loop: no target");
        NS_TEST_ASSERT_MSG_GT(m.achievedQps, 0, "the server answers");
        // Depth 1: a connection sends its next request when the response arrives.
        NS_TEST_ASSERT_MSG_EQ_TOL(m.requestsSent,
                                  m.latencyCount,
                                  n,
                                  "one request per response, one in flight per connection");
        // Little's law: 8 requests always outstanding, so the mean latency is 8 / rate.
        NS_TEST_ASSERT_MSG_EQ_TOL(m.latencyAvgUs,
                                  n / m.achievedQps * 1e6,
                                  n / m.achievedQps * 1e6 * 0.05,
                                  "Little's law with 8 outstanding requests");
    }
};

/// Check refuses impossible parameters with a message naming them; the defaults pass.
class MemcachedCheckTestCase : public TestCase
{
  public:
    MemcachedCheckTestCase()
        : TestCase("Check: impossible combinations are refused, naming the parameters")
    {
    }

  private:
    /// @return whether Check refuses @p p with a message that contains @p word
    static bool Refused(const MemcachedScenario::Parameters& p, const std::string& word)
    {
        std::string why = MemcachedScenario::Check(p);
        return !why.empty() && why.find(word) != std::string::npos;
    }

    void DoRun() override
    {
        using P = MemcachedScenario::Parameters;
        NS_TEST_ASSERT_MSG_EQ(MemcachedScenario::Check(P()), "", "the published set-up runs");

        P p;
        p.irqSuspendTimeout = MilliSeconds(20);
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "Parameters::preferBusyPoll"),
                              true,
                              "IRQ suspension needs prefer_busy_poll (else no effect in Linux)");
        NS_TEST_ASSERT_MSG_EQ(MemcachedScenario::Check(p, "--").find("--irqSuspendTimeout"),
                              std::size_t(0),
                              "a command line's prefix names its option");
        p.preferBusyPoll = true;
        p.busyPollBudget = 64;
        NS_TEST_ASSERT_MSG_EQ(MemcachedScenario::Check(p), "", "suspend0 of the study runs");

        p = P();
        p.busyPollBudget = 0;
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "busyPollBudget"), true, "budget 0");
        p = P();
        p.deferHardIrqs = 100;
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "groFlushTimeout"), true, "deferral without timer");
        p = P();
        p.groFlushTimeout = MicroSeconds(-1);
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "groFlushTimeout"), true, "negative time");
        p = P();
        p.warmup = MilliSeconds(-1);
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "warmup"), true, "negative warm-up");
        p = P();
        p.duration = Time(0);
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "duration"), true, "empty window");
        p = P();
        p.threads = 0;
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "threads"), true, "no client thread");
        p = P();
        p.serverThreads = 0;
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "serverThreads"), true, "no server thread");
        p = P();
        p.threads = 1000;
        p.connections = 20;
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "ephemeral"), true, "more connections than ports");
        p = P();
        p.qps = -1;
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "qps"), true, "negative rate");
        p = P();
        p.epollTimeout = -2;
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "epollTimeout"), true, "timeout below -1");
        p = P();
        p.updateRatio = 1.5;
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "updateRatio"), true, "ratio above 1");
        p = P();
        p.clientHosts = "mlx5-10g";
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "Parameters::clientHosts = 'mlx5-10g'"),
                              true,
                              "unknown client profile, named with its value");
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "allowed: plain, "), true, "what is allowed: plain");
        NS_TEST_ASSERT_MSG_EQ(Refused(p, "mlx5-100g"), true, "what is allowed: the profiles");
        p.clientHosts = "plain";
        NS_TEST_ASSERT_MSG_EQ(MemcachedScenario::Check(p), "", "plain clients run");
        p.clientHosts = "i40e-10g";
        NS_TEST_ASSERT_MSG_EQ(MemcachedScenario::Check(p), "", "a shipped client profile runs");
    }
};

/**
 * Modelled clients (the default mlx5-100g) against plain ones, in the same light open loop:
 * each request's latency gains at least the agent thread's write, epoll_wait and read (3 x
 * KeyValueClient::SyscallCost = 3 us), and the client machines' CPUs work.
 */
class MemcachedClientHostsTestCase : public TestCase
{
  public:
    MemcachedClientHostsTestCase()
        : TestCase("modelled client hosts: latency includes the agents' system calls")
    {
    }

  private:
    void DoRun() override
    {
        MemcachedScenario::Parameters params = Tiny();
        params.qps = 40000;
        params.clientHosts = "plain";
        MemcachedScenario::Metrics plain = RunScenario(params);
        params.clientHosts = "mlx5-100g";
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        MemcachedScenario scenario(params);
        scenario.Build();
        scenario.Run();
        const MemcachedScenario::Metrics& modelled = scenario.GetMetrics();
        NS_TEST_ASSERT_MSG_EQ(scenario.GetClientDevices().size(), 2, "one NIC per client machine");
        for (const auto& device : scenario.GetClientDevices())
        {
            HostCpuStats cs = device->GetCpu()->GetStats();
            NS_TEST_ASSERT_MSG_EQ(device->GetCpu()->GetNCores(), 16, "the profile's 16 cores");
            NS_TEST_ASSERT_MSG_GT(cs.taskShare, 0, "the agent threads work");
            NS_TEST_ASSERT_MSG_GT(cs.hardIrqShare, 0, "the client takes interrupts");
        }
        for (const auto& client : scenario.GetClients())
        {
            NS_TEST_ASSERT_MSG_EQ(client->IsThreaded(), true, "agents on the clients' CPUs");
        }
        Simulator::Destroy();
        Config::Reset();
        NS_TEST_ASSERT_MSG_GT_OR_EQ(modelled.answered, 0.99, "every request answered");
        NS_TEST_ASSERT_MSG_EQ(modelled.lateShare, 0, "a light load is never held by Depth");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(modelled.latencyP50Us,
                                    plain.latencyP50Us + 3,
                                    "three system calls of 1 us more at the client");
        NS_TEST_ASSERT_MSG_GT_OR_EQ(modelled.latencyAvgUs,
                                    plain.latencyAvgUs + 3,
                                    "three system calls of 1 us more at the client");
    }
};

} // namespace

/// The hostnet-memcached-scenario suite.
class MemcachedScenarioTestSuite : public TestSuite
{
  public:
    MemcachedScenarioTestSuite()
        : TestSuite("hostnet-memcached-scenario", Type::UNIT)
    {
        AddTestCase(new MemcachedCheckTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new MemcachedOpenLoopTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new MemcachedEmptyTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new MemcachedClosedLoopTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new MemcachedClientHostsTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static MemcachedScenarioTestSuite g_memcachedScenarioTestSuite;
