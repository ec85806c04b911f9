/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

/**
 * @file
 * @ingroup hostnet
 * The command line of MemcachedScenario (helper/memcached-scenario.h): a memcached server
 * under a mutilate load, as Damato and Karsten measured IRQ deferral, epoll busy polling and
 * IRQ suspension (Linux 6.13, 2024). By default their set-up: one server with 8 cores that
 * take both the 8 receive queues' interrupts and the 8 memcached threads (-t 8 -N 8), a
 * ConnectX-5 Ex class NIC at 100 Gb/s (the mlx5-epyc7662 preset: mlx5-100g on 8 cores and queues
 * with cache interference and timer costs); 6 load machines and a measuring driver, 32 threads x 20
 * connections each (4,480 connections, depth 1), Facebook ETC sizes and gaps, 3 % updates, at --qps
 * requests/s in all (0: as fast as the server answers). The client machines are hostnet hosts of
 * --clientHosts (default mlx5-100g: each mutilate thread a task with its own epoll loop on core t
 * mod 16) or plain ns-3 nodes (--clientHosts=plain, faster).
 *
 * One run = one configuration; the study runner (python -m hostnet run
 * examples/studies/memcached.toml) sweeps them. Metrics go to stdout and, with
 * --metrics=<path>, to a JSON object:
 *   target_qps offered_qps achieved_qps requests_sent answered late_share   the load
 *   latency_count latency_avg_us latency_p50_us latency_p95_us              at the clients
 *   latency_p99_us latency_p999_us
 *   cpu_busy_pct cpu_user_pct cpu_system_pct cpu_softirq_pct               server CPU, % of
 *   cpu_hardirq_pct cpu_busiest_core_pct                                    all its cores
 *   interrupts interrupts_per_s rx_frames packets_per_interrupt             the NIC
 *   epoll_waits epoll_events_per_wait epoll_sleeps_per_s                   epoll, all threads
 *   busy_frames_share busy_spin_pct irq_suspends_per_s
 *   drops_server drops_switch server_connections                          losses, set-up
 *   cpu_us_per_req hardirq_us_per_req timer_us_per_req softirq_us_per_req  server CPU time
 *   spin_us_per_req syscall_us_per_req app_us_per_req                      per response, by
 *   interference_us_per_req (the cache refill in all of them)              context
 *   cycles_per_req work_cycles_per_req                      the same at --cycleRateGhz
 * A metric without samples is null in the JSON and "nan" on stdout, never 0; --PrintMetrics
 * lists the names.
 */

#include "hostnet-example-options.h"
#include "hostnet-example-utils.h"

#include "ns3/core-module.h"
#include "ns3/hostnet-module.h"

#include <iostream>
#include <string>

using namespace ns3;
using namespace hostnet_example;

NS_LOG_COMPONENT_DEFINE("HostnetMemcached");

namespace
{

/// The options this example reads as text or converts; the rest go to the scenario's Parameters.
struct RunOptions
{
    double groFlushTimeoutUs{0};
    double irqSuspendTimeoutUs{0};
    std::string epollTimeout{"-1"};
    double getCostUs{0};
    double setCostUs{0};
    double duration{0}; ///< seconds
    double warmup{0};   ///< seconds
    std::string metrics;
    std::string label;
    bool perCore{false};                 ///< print the server's CPU per core
    bool progress{true};                 ///< the progress line on a terminal
    std::string server{"mlx5-epyc7662"}; ///< the server's host profile
};

} // namespace

int
main(int argc, char* argv[])
{
    MemcachedScenario::Parameters params;
    RunOptions opt;
    opt.getCostUs = params.getCost.GetNanoSeconds() / 1e3;
    opt.setCostUs = params.setCost.GetNanoSeconds() / 1e3;
    opt.duration = params.duration.GetNanoSeconds() / 1e9;
    opt.warmup = params.warmup.GetNanoSeconds() / 1e9;
    Options opts(__FILE__,
                 "A memcached server (8 cores, 8 queues, 100 Gb/s) under a mutilate load: "
                 "latency at the clients, achieved rate, server CPU, interrupts and epoll "
                 "behaviour under IRQ deferral, epoll busy polling and IRQ suspension. "
                 "--RngRun=<n> selects the replication.");
    opts.Add("deferHardIrqs",
             "napi_defer_hard_irqs of every NAPI instance (0 = off): a poll that ends with work "
             "done keeps the IRQ masked this many times and lets the gro_flush_timeout timer "
             "poll again (needs --groFlushTimeout > 0)",
             params.deferHardIrqs,
             WholeFor("ns3::NapiRxMode", "DeferHardIrqs"));
    opts.Add("groFlushTimeout",
             "gro_flush_timeout of every NAPI instance, microseconds (0 = off)",
             opt.groFlushTimeoutUs,
             MicrosecondsFor("ns3::NapiRxMode", "GroFlushTimeout"));
    opts.Add("irqSuspendTimeout",
             "irq_suspend_timeout of every NAPI instance, microseconds (0 = off; Linux 6.13): "
             "while epoll_wait of a thread with --preferBusyPoll finds events, the IRQ stays "
             "masked up to this long (needs --preferBusyPoll)",
             opt.irqSuspendTimeoutUs);
    opts.Add("busyPollUsecs",
             "busy_poll_usecs of every thread's epoll instance (EPIOCSPARAMS): how long "
             "epoll_wait busy-polls the NAPI instance of its connections before it sleeps "
             "(0 = no busy loop)",
             params.busyPollUsecs);
    opts.Add("busyPollBudget",
             "busy_poll_budget of every thread's epoll instance: frames per busy poll call "
             "(1..65535; Linux's default 8)",
             params.busyPollBudget);
    opts.Add("preferBusyPoll",
             "prefer_busy_poll of every thread's epoll instance: busy polling takes precedence "
             "over the softirq (and, with --irqSuspendTimeout, suspends the IRQs)",
             params.preferBusyPoll);
    opts.Add("epollTimeout",
             "Timeout of the threads' epoll_wait, milliseconds: -1 blocks until an event, 0 "
             "is non-blocking (the thread spins calling epoll_wait), > 0 waits at most that "
             "long",
             opt.epollTimeout,
             [](const std::string& v) {
                 return v == "-1"                         ? std::string()
                        : Whole(0, 2147483647)(v).empty() ? std::string()
                                                          : std::string("-1 or a whole number "
                                                                        "of milliseconds in "
                                                                        "0..2147483647");
             });
    opts.Add("threadedNapi",
             "Threaded NAPI: every queue is polled by a kernel thread of its own (placed by "
             "the task scheduler) instead of the softirq of its IRQ core",
             params.threadedNapi);
    opts.Add("qps",
             "Requests per second of all client machines together, split evenly (0 = closed "
             "loop: every connection sends its next request when the response arrives)",
             params.qps);
    opts.Add("threads", "Threads per client machine (mutilate -T)", params.threads);
    opts.Add("connections",
             "Connections per client thread (mutilate -c); threads x connections <= 16384 per "
             "machine",
             params.connections);
    opts.Add("updateRatio", "Share of SET requests (mutilate -u), 0..1", params.updateRatio);
    opts.Add("getCost",
             "Server CPU time of a GET's own work (user time), microseconds",
             opt.getCostUs);
    opts.Add("setCost",
             "Server CPU time of a SET's own work (user time), microseconds",
             opt.setCostUs);
    opts.Add("server",
             "The server's host profile, shipped (" +
                 JoinNames(HostNetDeviceHelper::GetPresetNames()) +
                 ") or a .toml file; reduced to the set-up's cores and queues",
             opt.server,
             ProfileName({}));
    opts.Add("clientHosts",
             "The client machines' host profile, shipped (" +
                 JoinNames(HostNetDeviceHelper::GetPresetNames()) +
                 ") or a .toml file, as shipped (its cores and queues; mutilate thread t pinned "
                 "to core t mod cores, with its own epoll loop); or plain: ns-3 nodes without a "
                 "host model (the clients' interrupts, softirq and threads are not simulated)",
             params.clientHosts,
             ProfileName({"plain"}));
    opts.Add("cycleRateGhz",
             "Cycles per busy core-second that turn the server's CPU time per request into "
             "cycles_per_req (the measured host counts 1.1 GHz on a fully busy core)",
             params.cycleRateGhz);
    opts.Add("label",
             "A name for this configuration in study results (not used by the simulation)",
             opt.label,
             [](const std::string&) { return std::string(); });
    opts.AddSeconds("duration", "Measured time (after the warm-up)", opt.duration);
    opts.AddSeconds("warmup", "Warm-up time, deleted", opt.warmup);
    opts.Add("perCore",
             "Also print the server's CPU per core after the metrics (busy, user, system, "
             "softirq, hard IRQ, in percent of the window), one line per core",
             opt.perCore);
    opts.Add("progress",
             "Show a progress line on stderr (simulated time, speed, time left) when the run "
             "takes more than a couple of seconds; only when stderr is a terminal",
             opt.progress);
    opts.Add("cost",
             "Also print the simulator's own cost after the metrics: process CPU time of the "
             "run, events, packets delivered to hosts, per-packet ratios and peak RSS",
             params.measureCost);
    opts.Add("metrics",
             "Write the metrics as a JSON object to this file",
             opt.metrics,
             OutputFile(true));
    opts.SetMetrics(MemcachedScenario::GetMetricNames());
    // The purging heap, as hostnet-leaf-spine: thousands of connections keep cancelled TCP
    // timers pending; the same order of events as ns-3's MapScheduler. --SchedulerType
    // overrides.
    GlobalValue::Bind("SchedulerType", StringValue("ns3::PurgingHeapScheduler"));
    opts.Parse(argc, argv);
    SimulationProgress::SetEnabled(opt.progress);
    params.driverConnections = params.connections; // the driver loads like an agent
    params.groFlushTimeout = FromMicroSeconds(opt.groFlushTimeoutUs);
    params.irqSuspendTimeout = FromMicroSeconds(opt.irqSuspendTimeoutUs);
    params.epollTimeout = std::stoi(opt.epollTimeout);
    params.getCost = FromMicroSeconds(opt.getCostUs);
    params.setCost = FromMicroSeconds(opt.setCostUs);
    params.duration = Seconds(opt.duration);
    params.warmup = Seconds(opt.warmup);
    // Every range and combination of the parameters is MemcachedScenario's own check (the
    // same that Build makes), told with the options' names.
    opts.RefuseConfigError(MemcachedScenario::Check(params));

    MemcachedScenario scenario(params);
    HostNetDeviceHelper server;
    server.SetPreset(opt.server);
    scenario.SetServerDeviceHelper(server);
    scenario.Build();
    scenario.Run();
    Simulator::Destroy();

    const auto metrics = scenario.GetNamedMetrics();
    for (const auto& [name, value] : metrics)
    {
        std::cout << name << " " << value << "\n";
    }
    if (opt.perCore)
    {
        const auto cores = scenario.GetCoreCpu();
        for (std::size_t i = 0; i < cores.size(); ++i)
        {
            const auto& c = cores[i];
            std::cout << "core " << i << ": busy " << c.busyPct << " % user " << c.userPct
                      << " % system " << c.systemPct << " % softirq " << c.softIrqPct
                      << " % hardirq " << c.hardIrqPct << " %\n";
        }
    }
    if (params.measureCost)
    {
        std::cout << "cost_connections "
                  << params.threads *
                         (params.agents * params.connections + params.driverConnections)
                  << "\n";
        PrintCost(std::cout, scenario.GetCost());
    }
    if (!opt.metrics.empty() && !WriteMetricsJson(opt.metrics, metrics))
    {
        std::cerr << "hostnet-memcached: cannot write --metrics file '" << opt.metrics << "'\n";
        return 1;
    }
    return 0;
}
