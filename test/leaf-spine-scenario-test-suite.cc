/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

// LeafSpineScenario used from a script, as a user would: its metrics obey the conservation
// laws and physical bounds of the fabric it builds, undefined metrics are NaN, and two
// scenarios with the same parameters and run number in one process report the same run.

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"
#include "ns3/test.h"

#include <cmath>
#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace ns3;

namespace
{

/// A small fabric (2 spines, 2 leaves, 2 hosts each) with Poisson background at 30 % load.
LeafSpineScenario::Parameters
SmallFabric()
{
    LeafSpineScenario::Parameters params;
    params.spines = 2;
    params.leaves = 2;
    params.hostsPerLeaf = 2;
    params.traffic = "poisson";
    params.load = 0.3;
    params.tcpFlows = 0;
    params.rpcRate = 0;
    params.warmup = MilliSeconds(3);
    params.duration = MilliSeconds(10);
    return params;
}

/// Build and run a scenario with NAPI hosts; @return its metrics (the simulator destroyed).
std::vector<std::pair<std::string, double>>
RunScenario(const LeafSpineScenario::Parameters& params, LeafSpineScenario::Metrics* metrics)
{
    RngSeedManager::SetSeed(1);
    RngSeedManager::SetRun(1);
    HostNetDeviceHelper nic;
    nic.SetScheme("napi");
    LeafSpineScenario scenario(params);
    scenario.SetHostNetDeviceHelper(nic);
    scenario.Build();
    scenario.Run();
    Simulator::Destroy();
    Config::Reset(); // the scenario's TCP defaults
    *metrics = scenario.GetMetrics();
    return scenario.GetNamedMetrics();
}

/**
 * Background only, light load: what the sources offer is what the hosts deliver, nothing
 * is dropped, and the RPC and TCP metrics (no samples) are NaN. With plain hosts the host
 * model's metrics are NaN too and delivery is counted at IP.
 */
class ScenarioBackgroundTestCase : public TestCase
{
  public:
    /// @param plainHosts whether the hosts have no host model
    ScenarioBackgroundTestCase(bool plainHosts)
        : TestCase(std::string("Background traffic is delivered, ") +
                   (plainHosts ? "plain hosts" : "NAPI hosts")),
          m_plainHosts(plainHosts)
    {
    }

  private:
    void DoRun() override
    {
        LeafSpineScenario::Parameters params = SmallFabric();
        params.plainHosts = m_plainHosts;
        LeafSpineScenario::Metrics m;
        RunScenario(params, &m);

        // 30 % of 1 Gb/s in 542-byte frames is 69 Kpps per host, 2768 frames in 10 ms for 4
        // hosts: the Poisson count is within 3 standard deviations (6 %) of the mean.
        NS_TEST_ASSERT_MSG_EQ_TOL(m.offeredLoadMbps, 300, 300 * 0.06, "load x link rate");
        // Every frame sent in the window arrives in it but those in flight at its edges
        // (tens of microseconds of 10 ms); delivery counts IP bytes, the offer PPP frames
        // (540 of 542 bytes).
        NS_TEST_ASSERT_MSG_EQ_TOL(m.deliveredMbps,
                                  m.offeredLoadMbps * 540 / 542,
                                  m.offeredLoadMbps * 0.01,
                                  "a light load is delivered");
        NS_TEST_ASSERT_MSG_EQ(m.dropsSwitch + m.dropsSocket, 0, "a light load loses nothing");
        NS_TEST_ASSERT_MSG_EQ(m.dropsSwitch, m.dropsLeaf + m.dropsSpine, "switch = leaf + spine");
        NS_TEST_ASSERT_MSG_EQ(m.rpcCompleted, 0, "no RPC client");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.rpcP50Us), true, "no RPC sample: undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.rpcAnswered), true, "no request sent: undefined");
        NS_TEST_ASSERT_MSG_EQ(m.tcpFlows, 0, "no long flow");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.tcpGoodputMbps), true, "no flow: undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.bgGoodputMbps), true, "UDP background: undefined");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.cpuAvailability), m_plainHosts, "host model or not");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.interruptsPerS), m_plainHosts, "host model or not");
        NS_TEST_ASSERT_MSG_EQ(std::isnan(m.dropsFifo), m_plainHosts, "host model or not");
        if (!m_plainHosts)
        {
            NS_TEST_ASSERT_MSG_EQ(m.dropsFifo + m.dropsNoDescriptor + m.dropsBacklog,
                                  0,
                                  "a light load loses nothing in the hosts");
            NS_TEST_ASSERT_MSG_GT(m.interruptsPerS, 0, "frames arrive: the NIC interrupts");
            // NAPI takes at least one frame per interrupt.
            NS_TEST_ASSERT_MSG_LT_OR_EQ(m.interruptsPerS,
                                        m.deliveredMbps * 1e6 / (540 * 8) * 1.01,
                                        "at most one interrupt per frame");
        }
    }

    bool m_plainHosts; ///< no host model
};

/**
 * RPCs and a long TCP flow over the background: the response times are ordered quantiles
 * above the fabric's propagation time, the flow's goodput is below its link's rate, and
 * the CPU shares add up.
 */
class ScenarioMetricsTestCase : public TestCase
{
  public:
    ScenarioMetricsTestCase()
        : TestCase("RPC, TCP and CPU metrics are consistent")
    {
    }

  private:
    void DoRun() override
    {
        LeafSpineScenario::Parameters params = SmallFabric();
        params.rpcRate = 2000;
        params.tcpFlows = 1;
        LeafSpineScenario::Metrics m;
        auto named = RunScenario(params, &m);

        NS_TEST_ASSERT_MSG_GT(m.rpcSent, 20, "4 clients x 2000/s x 10 ms send about 80");
        NS_TEST_ASSERT_MSG_GT(m.rpcCompleted, 0, "responses arrive");
        NS_TEST_ASSERT_MSG_EQ(m.rpcAnswered, m.rpcCompleted / m.rpcSent, "answered share");
        // A request and its response each cross 4 links of 1 us (host, leaf, spine, leaf).
        NS_TEST_ASSERT_MSG_GT(m.rpcP50Us, 8, "above the propagation time");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.rpcP50Us, m.rpcP99Us, "quantiles are ordered");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.rpcP99Us, m.rpcP999Us, "quantiles are ordered");
        NS_TEST_ASSERT_MSG_EQ(m.tcpFlows, 1, "one long flow");
        NS_TEST_ASSERT_MSG_EQ(m.tcpGoodputTotalMbps, m.tcpGoodputMbps, "one flow: sum = mean");
        NS_TEST_ASSERT_MSG_GT(m.tcpGoodputMbps, 0, "the flow moves data");
        NS_TEST_ASSERT_MSG_LT(m.tcpGoodputMbps, 1000, "below the 1 Gb/s host link");
        NS_TEST_ASSERT_MSG_GT(m.cpuAvailability, 0, "availability is a share");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.cpuAvailability, 1, "availability is a share");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.cpuAvailabilityMin, m.cpuAvailability, "worst <= mean");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.cpuBusiestCore, m.cpuBusiestCoreMax, "mean <= max");
        NS_TEST_ASSERT_MSG_GT(m.cpuKernelCores, 0, "the kernel receives");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.cpuKernelCores + m.cpuAppCores,
                                    m.cpuCoresBusy + 1e-9,
                                    "kernel and applications are parts of busy");
        NS_TEST_ASSERT_MSG_EQ(m.busyPollCores, 0, "busy polling is off");

        // GetNamedMetrics is the struct, in the order of GetMetricNames.
        std::vector<std::string> names = LeafSpineScenario::GetMetricNames();
        NS_TEST_ASSERT_MSG_EQ(named.size(), names.size(), "one value per name");
        for (size_t i = 0; i < names.size(); ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(named[i].first, names[i], "same order");
        }
        NS_TEST_ASSERT_MSG_EQ(named.front().second, m.rpcP50Us, "rpc_p50_us first");
        NS_TEST_ASSERT_MSG_EQ(named.back().first, "drops_switch", "drops_switch last");
        NS_TEST_ASSERT_MSG_EQ(named.back().second, m.dropsSwitch, "drops_switch last");
    }
};

/**
 * Two scenarios with the same parameters and run number, one after the other in one
 * process, report the same run bit for bit: nothing of the first leaks into the second.
 */
class ScenarioReproducibleTestCase : public TestCase
{
  public:
    ScenarioReproducibleTestCase()
        : TestCase("The same parameters give the same run")
    {
    }

  private:
    void DoRun() override
    {
        LeafSpineScenario::Parameters params = SmallFabric();
        params.rpcRate = 2000;
        params.tcpFlows = 1;
        params.traffic = "selfsimilar";
        LeafSpineScenario::Metrics m;
        auto first = RunScenario(params, &m);
        auto second = RunScenario(params, &m);
        NS_TEST_ASSERT_MSG_EQ(first.size(), second.size(), "same metrics");
        for (size_t i = 0; i < first.size(); ++i)
        {
            bool same = first[i].second == second[i].second ||
                        (std::isnan(first[i].second) && std::isnan(second[i].second));
            NS_TEST_ASSERT_MSG_EQ(same,
                                  true,
                                  first[i].first << ": " << first[i].second << " then "
                                                 << second[i].second);
        }
        NS_TEST_ASSERT_MSG_GT(m.rpcCompleted, 0, "the runs are not empty");
    }
};

/**
 * Traffic "kv": a key-value server with epoll threads and an agent on every host, next to
 * bulk TCP. Every request is answered (depth 1: at most one request per connection is
 * outstanding when the window ends), the epoll settings of the Parameters reach every
 * thread's instance, and with prefer_busy_poll and an IRQ suspension timeout the threads
 * suspend the IRQs they find events for. Impossible combinations are refused by name.
 */
class ScenarioKeyValueTestCase : public TestCase
{
  public:
    ScenarioKeyValueTestCase()
        : TestCase("Traffic kv: key-value servers with epoll busy polling and IRQ suspension")
    {
    }

  private:
    void DoRun() override
    {
        LeafSpineScenario::Parameters params = SmallFabric();
        params.traffic = "kv";
        params.load = 0.1;
        params.rpcRate = 5000;
        params.kvThreads = 2;
        params.kvConnections = 3;
        params.busyPollUsecs = 64;
        params.busyPollBudget = 16;
        params.preferBusyPoll = true;
        params.irqSuspendTimeout = MilliSeconds(20);

        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        HostNetDeviceHelper nic;
        nic.SetScheme("napi");
        nic.SetDeviceAttribute("NQueues", UintegerValue(2));
        nic.SetCpuAttribute("NCores", UintegerValue(2));
        nic.SetRxModeAttribute("DeferHardIrqs", UintegerValue(100));
        nic.SetRxModeAttribute("GroFlushTimeout", TimeValue(MicroSeconds(20)));
        LeafSpineScenario scenario(params);
        scenario.SetHostNetDeviceHelper(nic);
        scenario.Build();
        scenario.Run();
        const LeafSpineScenario::Metrics& m = scenario.GetMetrics();

        // 4 agents x 5000/s x 10 ms: about 200 requests.
        NS_TEST_ASSERT_MSG_GT(m.rpcSent, 100, "4 agents x 5000/s x 10 ms send about 200");
        const double outstanding = 4 * params.kvConnections; // one per connection at most
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.rpcSent - m.rpcCompleted,
                                    outstanding,
                                    "every request but the last of each connection is answered");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.rpcCompleted - m.rpcSent,
                                    outstanding,
                                    "responses to warm-up requests: one per connection at most");
        // Under kv the share is against what the 4 agents' open loops offered.
        const double offered = params.rpcRate * params.duration.GetSeconds() * 4;
        NS_TEST_ASSERT_MSG_EQ_TOL(m.rpcAnswered,
                                  m.rpcCompleted / offered,
                                  1e-12,
                                  "answered share of the offered requests");
        // A request and its response each cross 4 links of 1 us (host, leaf, spine, leaf).
        NS_TEST_ASSERT_MSG_GT(m.rpcP50Us, 8, "above the propagation time");
        NS_TEST_ASSERT_MSG_LT_OR_EQ(m.rpcP50Us, m.rpcP99Us, "quantiles are ordered");
        NS_TEST_ASSERT_MSG_GT(m.bgGoodputMbps, 0, "the bulk transfers run beside");

        uint64_t suspends = 0;
        uint64_t busyLoops = 0;
        uint32_t servers = 0;
        NodeContainer hosts = scenario.GetFabric().GetHosts();
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            for (uint32_t a = 0; a < hosts.Get(i)->GetNApplications(); ++a)
            {
                auto server = DynamicCast<KeyValueServer>(hosts.Get(i)->GetApplication(a));
                if (!server)
                {
                    continue;
                }
                ++servers;
                NS_TEST_ASSERT_MSG_EQ(server->GetNThreads(), 2, "kvThreads");
                for (uint32_t t = 0; t < server->GetNThreads(); ++t)
                {
                    Ptr<EpollInstance> epoll = server->GetEpoll(t);
                    NS_TEST_ASSERT_MSG_EQ(epoll->GetBusyPollUsecs(), 64, "busyPollUsecs");
                    NS_TEST_ASSERT_MSG_EQ(epoll->GetPreferBusyPoll(), true, "preferBusyPoll");
                    UintegerValue budget;
                    epoll->GetAttribute("BusyPollBudget", budget);
                    NS_TEST_ASSERT_MSG_EQ(budget.Get(), 16, "busyPollBudget");
                    suspends += epoll->GetStats().suspends;
                    busyLoops += epoll->GetStats().busyLoops;
                }
            }
        }
        NS_TEST_ASSERT_MSG_EQ(servers, 4, "a server on every host");
        NS_TEST_ASSERT_MSG_GT(busyLoops, 0, "idle threads busy-poll");
        NS_TEST_ASSERT_MSG_GT(suspends, 0, "threads that find events suspend the IRQ");
        Simulator::Destroy();
        Config::Reset();

        // Refused, naming the members.
        LeafSpineScenario::Parameters bad = params;
        bad.preferBusyPoll = false;
        NS_TEST_ASSERT_MSG_NE(LeafSpineScenario::FindConfigError(bad).find(
                                  "Parameters::irqSuspendTimeout needs Parameters::preferBusyPoll"),
                              std::string::npos,
                              "IRQ suspension without prefer_busy_poll");
        bad = params;
        bad.traffic = "tcp";
        NS_TEST_ASSERT_MSG_NE(LeafSpineScenario::FindConfigError(bad).find(
                                  "need Parameters::traffic = 'kv' (not 'tcp')"),
                              std::string::npos,
                              "epoll settings without a key-value server");
        bad = params;
        bad.busyPoll = MicroSeconds(50);
        NS_TEST_ASSERT_MSG_NE(LeafSpineScenario::FindConfigError(bad).find("busyPollUsecs"),
                              std::string::npos,
                              "SO_BUSY_POLL with the epoll server");
        NS_TEST_ASSERT_MSG_EQ(LeafSpineScenario::FindConfigError(params),
                              "",
                              "the configuration run above is accepted");
    }
};

/**
 * FindConfigError is the one check of the parameters (the examples report it with their
 * options' names): each bad value is refused naming the member and what is allowed, and the
 * defaults pass.
 */
class ScenarioConfigErrorTestCase : public TestCase
{
  public:
    ScenarioConfigErrorTestCase()
        : TestCase("FindConfigError: each bad parameter named, with what is allowed")
    {
    }

  private:
    void DoRun() override
    {
        using P = LeafSpineScenario::Parameters;
        const std::vector<std::pair<std::function<void(P&)>, std::string>> cases = {
            {[](P& p) { p.spines = 0; }, "Parameters::spines = 0; allowed: 1 or more"},
            {[](P& p) { p.leaves = 255; }, "Parameters::leaves = 255; allowed: 1..254"},
            {[](P& p) { p.hostsPerLeaf = 0; }, "Parameters::hostsPerLeaf = 0; allowed: 1..254"},
            {[](P& p) { p.routing = "ospf"; }, "allowed: static, global, table"},
            {[](P& p) {
                 p.ecmp = "flow";
                 p.routing = "global";
             },
             "Parameters::ecmp = 'flow' needs Parameters::routing = 'static'"},
            {[](P& p) { p.load = 1; }, "Parameters::load = 1; allowed: 0 <= load < 1"},
            {[](P& p) { p.traffic = "udp"; }, "allowed: selfsimilar, poisson, tcp, kv"},
            {[](P& p) { p.bgPayload = 1473; }, "Parameters::bgPayload = 1473; allowed: 1..1472"},
            {[](P& p) { p.rpcRate = 2e6; }, "Parameters::rpcRate = 2e+06; allowed: 0..1000000"},
            {[](P& p) { p.rpcResponseSize = (1U << 24) + 1; },
             "Parameters::rpcResponseSize = 16777217; allowed: 1..16777216"},
            {[](P& p) { p.rpcSizes = "web"; }, "Parameters::rpcSizes = 'web'; allowed: fixed etc"},
            {[](P& p) { p.irqCores = 0; }, "Parameters::irqCores = 0; allowed: 1 or more"},
            {[](P& p) { p.duration = Seconds(0); }, "Parameters::duration"},
            {[](P& p) {
                 p.plainHosts = true;
                 p.appCores = "separate";
             },
             "Parameters::plainHosts: plain hosts have no host model"},
        };
        NS_TEST_ASSERT_MSG_EQ(LeafSpineScenario::FindConfigError(P()), "", "the defaults pass");
        for (const auto& [change, expected] : cases)
        {
            P p;
            change(p);
            std::string error = LeafSpineScenario::FindConfigError(p);
            NS_TEST_EXPECT_MSG_NE(error.find(expected),
                                  std::string::npos,
                                  "'" << expected << "' in: " << error);
        }
    }
};

} // namespace

/// The hostnet-leaf-spine-scenario suite.
class LeafSpineScenarioTestSuite : public TestSuite
{
  public:
    LeafSpineScenarioTestSuite()
        : TestSuite("hostnet-leaf-spine-scenario", Type::UNIT)
    {
        AddTestCase(new ScenarioBackgroundTestCase(false), TestCase::Duration::QUICK);
        AddTestCase(new ScenarioBackgroundTestCase(true), TestCase::Duration::QUICK);
        AddTestCase(new ScenarioMetricsTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ScenarioReproducibleTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ScenarioKeyValueTestCase(), TestCase::Duration::QUICK);
        AddTestCase(new ScenarioConfigErrorTestCase(), TestCase::Duration::QUICK);
    }
};

/// Static instance of the suite.
static LeafSpineScenarioTestSuite g_leafSpineScenarioTestSuite;
