/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef MEMCACHED_SCENARIO_H
#define MEMCACHED_SCENARIO_H

#include "simulation-cost.h"

#include "ns3/data-rate.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/net-device-container.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class HostNetDevice;
class KeyValueClient;
class KeyValueServer;

/**
 * @ingroup hostnet
 * @brief A memcached server under a mutilate load, as Damato and Karsten measured IRQ
 * deferral, epoll busy polling and IRQ suspension (Linux 6.13, 2024): the example
 * hostnet-memcached as a reusable scenario.
 *
 * The defaults are that set-up. One server: memcached 1.6 with 8 worker threads (-t 8),
 * connections given to threads by NAPI id (-N 8), the threads pinned to the 8 cores (HT off)
 * that also take the interrupts of the NIC's 8 receive queues (queue q on core q); a
 * ConnectX-5 Ex class NIC at 100 Gb/s (HostNetDeviceHelper's "mlx5-epyc7662" preset, mlx5-100g with
 * cache interference and timer costs: adaptive-rx with net_dim's CQE profile, 1024 descriptors,
 * Linux 6.6+ costs), reduced to 8 cores and 8 queues on one NUMA node. The load: 6 mutilate agents
 * and the measuring driver, each a hostnet host of Parameters::clientHosts (default the shipped
 * "mlx5-100g": 16 cores; each mutilate thread a task pinned to core t mod 16 with its own epoll
 * loop, see KeyValueClient) or a plain ns-3 node ("plain": no host model, the faster run) on a
 * 100 Gb/s link to one switch (a router), 32 threads x 20 connections per machine
 * (4,480 connections: the published 3,840 of the agents and the driver's 640,
 * Parameters::driverConnections), depth 1, Facebook ETC key and value sizes, 3 % updates and ETC's
 * inter-arrival gaps, at Parameters::qps in all (split over the machines by their connections), or
 * as fast as the server answers (qps 0, mutilate without -q). The switch buffers
 * Parameters::switchQueue packets per port (a data-centre switch's megabytes: the clients open
 * their connections at once, and their SYNs must not be lost to a small buffer).
 *
 * Every counter is reset at Parameters::warmup; the metrics describe the Parameters::duration
 * that follows. Latency is measured at the clients from the issue of a request to its
 * response (on modelled clients: from the start of its write call to the end of the read call
 * that took the response), on every machine (mutilate's agents only load the server and the driver
 * alone measures; here all machines run the same open loop, so every connection is a sample of the
 * same latency, and using them all gives 7 times the samples).
 *
 * @code
 *   MemcachedScenario::Parameters params;
 *   params.qps = 400000;
 *   params.deferHardIrqs = 100;
 *   params.groFlushTimeout = MicroSeconds(200);
 *   params.irqSuspendTimeout = MilliSeconds(20);
 *   params.preferBusyPoll = true;
 *   params.busyPollBudget = 64;
 *   NS_ABORT_MSG_IF(!MemcachedScenario::Check(params).empty(), MemcachedScenario::Check(params));
 *   MemcachedScenario scenario(params);
 *   scenario.Build();
 *   scenario.Run();
 *   double p99 = scenario.GetMetrics().latencyP99Us;
 *   Simulator::Destroy();
 * @endcode
 *
 * A plain class with a parameter struct, like LeafSpineScenario (built once per run, read
 * once). Check tells whether parameters can run without stopping the program; Build stops
 * with the same message otherwise.
 */
class MemcachedScenario
{
  public:
    /// The parameters of one run (defaults: the published set-up).
    struct Parameters
    {
        // The server.
        uint32_t cores{8};         ///< server cores = receive queues (>= 1)
        uint32_t serverThreads{8}; ///< memcached -t, pinned to cores t mod cores
        /// KeyValueServer::GetCost (>= 0): calibrated (with setCost and the server profile's
        /// CacheInterference::RefillTime) so that the default mode saturates 8 cores at the
        /// published 1.05 M requests/s (doc/validation.rst, "memcached under mutilate").
        Time getCost{NanoSeconds(4850)};
        Time setCost{NanoSeconds(5850)}; ///< KeyValueServer::SetCost (>= 0): GetCost + 1 us
        /// GroEngine::PushBelow of the server's queues with plain clients (0 = off):
        /// mutilate's one-segment requests carry PSH in Linux, plain ns-3 nodes send them
        /// without; client hosts set it (TcpPushMarker), and then it is not applied
        uint32_t groPushBelow{1448};
        Time syscallCost{MicroSeconds(1)}; ///< KeyValueServer::SyscallCost (>= 0)
        double cpuSpeed{1.0};              ///< HostCpu::Speed (> 0; 1: the preset's core)
        /// Cycles per busy core-second that turn CPU time per request into cycles per request
        /// (> 0): 1.1 GHz, what the measured host counts on a fully busy core (every 100 %
        /// row of Damato and Karsten 2024: cpq x qps / busy cores = 1.099-1.100 GHz)
        double cycleRateGhz{1.1};
        DataRate serverLinkRate{"100Gbps"}; ///< server link (> 0)
        // Per NAPI instance (every receive queue).
        uint32_t deferHardIrqs{0}; ///< napi_defer_hard_irqs (needs groFlushTimeout)
        Time groFlushTimeout;      ///< gro_flush_timeout (>= 0; 0: off)
        Time irqSuspendTimeout;    ///< irq_suspend_timeout (needs preferBusyPoll)
        bool threadedNapi{false};  ///< threaded NAPI (a kernel thread per queue)
        // Per epoll instance (every server thread).
        uint32_t busyPollUsecs{0};  ///< busy_poll_usecs (0..2147483647)
        uint32_t busyPollBudget{8}; ///< busy_poll_budget (1..65535; Linux: 8)
        bool preferBusyPoll{false}; ///< prefer_busy_poll
        int32_t epollTimeout{-1};   ///< epoll_wait timeout, ms (-1 block, 0 spin)
        // The load.
        uint32_t agents{6};                 ///< load machines besides the driver (>= 0)
        double qps{0};                      ///< requests/s of all machines (0: closed loop)
        uint32_t threads{32};               ///< threads per machine (mutilate -T, >= 1)
        uint32_t connections{20};           ///< connections per thread (mutilate -c, >= 1)
        uint32_t driverConnections{20};     ///< the driver's connections per thread (>= 1)
        uint32_t depth{1};                  ///< outstanding requests per connection (>= 1)
        double updateRatio{0.03};           ///< share of SETs (mutilate -u, 0..1)
        std::string interArrival{"fb"};     ///< fb | exponential | fixed (mutilate -i)
        DataRate clientLinkRate{"100Gbps"}; ///< each client machine's link (> 0)
        Time linkDelay{MicroSeconds(1)};    ///< propagation delay of every link (>= 0)
        uint32_t switchQueue{10000};        ///< drop-tail buffer per switch port, packets (>= 1)

        /// The client machines' host profile: a shipped one (HostNetDeviceHelper::
        /// GetPresetNames), the path of a .toml profile, or "plain" (ns-3 nodes without a host
        /// model). Default "mlx5-100g": the measured clients' hardware is not published; this
        /// is the shipped profile of the same NIC family and rate
        /// (doc/user-guide.rst, "Host presets").
        std::string clientHosts{"mlx5-100g"};

        // The run.
        Time duration{MilliSeconds(50)}; ///< measured time after the warm-up (> 0)
        Time warmup{MilliSeconds(10)};   ///< warm-up, deleted (>= 0)
        bool measureCost{false};         ///< measure the simulator's cost (GetCost)
        int64_t firstStream{1000};       ///< first random stream index
    };

    /**
     * The metrics of one run, over Parameters::duration after the warm-up. A metric without
     * samples is NaN, never 0; the count it rests on is a metric beside it. Shares of the
     * server's CPU are percentages of all its cores' time (100 = every core busy):
     * cpuUserPct + cpuSystemPct + cpuSoftIrqPct + cpuHardIrqPct = cpuBusyPct.
     */
    struct Metrics
    {
        double targetQps{0};           ///< target_qps: Parameters::qps (NaN: closed loop)
        double offeredQps{0};          ///< offered_qps: requests issued per second
        double achievedQps{0};         ///< achieved_qps: responses received per second
        double requestsSent{0};        ///< requests_sent: requests issued
        double answered{0};            ///< answered: responses / requests (NaN: none sent)
        double lateShare{0};           ///< late_share: requests issued late (Depth) / sent
        double latencyCount{0};        ///< latency_count: latency samples (responses)
        double latencyAvgUs{0};        ///< latency_avg_us: request to response, mean
        double latencyP50Us{0};        ///< latency_p50_us: median
        double latencyP95Us{0};        ///< latency_p95_us: 95th percentile
        double latencyP99Us{0};        ///< latency_p99_us: 99th percentile
        double latencyP999Us{0};       ///< latency_p999_us: 99.9th percentile
        double cpuBusyPct{0};          ///< cpu_busy_pct: server, all cores
        double cpuUserPct{0};          ///< cpu_user_pct: the requests' own work
        double cpuSystemPct{0};        ///< cpu_system_pct: server threads' other time
        double cpuSoftIrqPct{0};       ///< cpu_softirq_pct: softirq + kernel threads
        double cpuHardIrqPct{0};       ///< cpu_hardirq_pct: interrupt handlers
        double cpuBusiestCorePct{0};   ///< cpu_busiest_core_pct: busiest core's busy share
        double interrupts{0};          ///< interrupts: receive ISRs run
        double interruptsPerS{0};      ///< interrupts_per_s
        double rxFrames{0};            ///< rx_frames: frames received and processed
        double packetsPerInterrupt{0}; ///< packets_per_interrupt: rx_frames / interrupts
        double epollWaits{0};          ///< epoll_waits: epoll_wait calls, all threads
        double epollEventsPerWait{0};  ///< epoll_events_per_wait: per call with events
        double epollSleepsPerS{0};     ///< epoll_sleeps_per_s: threads put to sleep
        double busyFramesShare{0};     ///< busy_frames_share: frames taken by busy loops
        double busySpinPct{0};         ///< busy_spin_pct: busy loops finding nothing, CPU %
        double irqSuspendsPerS{0};     ///< irq_suspends_per_s: napi_suspend_irqs calls
        double dropsServer{0};         ///< drops_server: NIC FIFO, descriptors, backlog
        double dropsSwitch{0};         ///< drops_switch: switch ports
        double serverConnections{0};   ///< server_connections: accepted since the start
        // The server's CPU time per response received in the window, by context (each part
        // includes its cache refill; interference_us_per_req is that refill over all parts).
        double cpuUsPerReq{0};          ///< cpu_us_per_req: all busy time
        double hardIrqUsPerReq{0};      ///< hardirq_us_per_req: device interrupt handlers
        double timerUsPerReq{0};        ///< timer_us_per_req: timer interrupts (hrtimers)
        double softIrqUsPerReq{0};      ///< softirq_us_per_req: softirq, ksoftirqd, NAPI threads
        double spinUsPerReq{0};         ///< spin_us_per_req: busy loops finding nothing
        double syscallUsPerReq{0};      ///< syscall_us_per_req: threads' other kernel time
        double appUsPerReq{0};          ///< app_us_per_req: the requests' own work
        double interferenceUsPerReq{0}; ///< interference_us_per_req: cache refill, all contexts
        double cyclesPerReq{0};         ///< cycles_per_req: cpu_us_per_req at cycleRateGhz
        double workCyclesPerReq{0};     ///< work_cycles_per_req: the same without the refill
    };

    /// Create a scenario with the published set-up.
    MemcachedScenario();

    /**
     * @brief Create a scenario.
     * @param params its parameters (checked by Build)
     */
    explicit MemcachedScenario(const Parameters& params);

    // The warm-up event and the traces point into the scenario.
    MemcachedScenario(const MemcachedScenario&) = delete;
    MemcachedScenario& operator=(const MemcachedScenario&) = delete;

    /**
     * @brief Check parameters without stopping the program.
     * @param params the parameters
     * @param prefix how a parameter is named in the message: "Parameters::" (the default) or
     *        "--" (a command line whose options have the parameters' names)
     * @return "" if they can run, else what is wrong, naming the parameters and values and
     *         what is allowed (the first problem found)
     */
    static std::string Check(const Parameters& params, const std::string& prefix = "Parameters::");

    /**
     * @brief Set how the server's HostNetDevice is made; without it, the "mlx5-epyc7662" preset.
     * The scenario adds its own settings to a copy: HostCpu NCores and Speed, NQueues, the
     * IRQ of queue q on core q, one NUMA node, no per-stage latency histograms and the NAPI
     * settings of the Parameters (so the receive mode must be an ns3::NapiRxMode).
     * @param helper a configured helper; it is copied
     */
    void SetServerDeviceHelper(const HostNetDeviceHelper& helper);

    /** @return the parameters */
    const Parameters& GetParameters() const;

    /**
     * @brief Check the parameters (stop with Check's message), then build the network, the
     * server and the clients, and schedule the warm-up reset. Call once.
     */
    void Build();

    /**
     * @brief Run the simulation to the end of the measured window and compute the metrics
     * (and the cost). The caller destroys the simulator afterwards.
     */
    void Run();

    /** @return the metrics of the run (after Run) */
    const Metrics& GetMetrics() const;

    /// The server's CPU on one core over the window, in percent of the window (NaN before Run).
    struct CoreCpu
    {
        double busyPct{0};    ///< not idle
        double userPct{0};    ///< the requests' own work of the threads pinned there
        double systemPct{0};  ///< the rest of those threads' time
        double softIrqPct{0}; ///< softirq context and kernel tasks (ksoftirqd, NAPI threads)
        double hardIrqPct{0}; ///< interrupt handlers
    };

    /** @return the server's CPU per core (valid after Run), split as the metrics are */
    std::vector<CoreCpu> GetCoreCpu() const;

    /** @return the metrics as (study name, value), in the order of GetMetricNames */
    std::vector<std::pair<std::string, double>> GetNamedMetrics() const;

    /** @return the study names of the metrics (target_qps, ...), in a fixed order */
    static std::vector<std::string> GetMetricNames();

    /** @return the cost of Run (meaningful with Parameters::measureCost) */
    const SimulationCost& GetCost() const;

    /** @return the server (valid after Build) */
    Ptr<KeyValueServer> GetServer() const;

    /** @return the server's HostNetDevice (valid after Build) */
    Ptr<HostNetDevice> GetServerDevice() const;

    /** @return the client machines' NICs, the driver's last (valid after Build; empty with
     *          Parameters::clientHosts "plain") */
    const std::vector<Ptr<HostNetDevice>>& GetClientDevices() const;
    /** @return the client machines' agents, the driver last (valid after Build) */
    const std::vector<Ptr<KeyValueClient>>& GetClients() const;

  private:
    /// Reset every counter at the start of the measured window.
    void ResetAtWarmup();
    /// Read the counters after the run and fill m_metrics.
    void ComputeMetrics();
    /// @return the packets dropped by the switch's ports so far
    uint64_t SwitchDrops() const;

    Parameters m_params;                        ///< parameters
    HostNetDeviceHelper m_serverHelper;         ///< makes the server's NIC
    bool m_built{false};                        ///< Build was called
    Ptr<Node> m_serverNode;                     ///< the server
    Ptr<Node> m_switch;                         ///< the switch
    NodeContainer m_clientNodes;                ///< agents, then the driver
    std::vector<CoreCpu> m_coreCpu;             ///< per-core split (ComputeMetrics)
    NetDeviceContainer m_switchPorts;           ///< the switch's devices
    Ptr<HostNetDevice> m_serverDevice;          ///< the server's NIC
    Ptr<KeyValueServer> m_server;               ///< memcached
    std::vector<Ptr<KeyValueClient>> m_clients; ///< one per client machine
    std::shared_ptr<uint64_t> m_tcDrops;        ///< the switch's traffic-control drops
    uint64_t m_switchDropsAtWarmup{0};          ///< SwitchDrops at the warm-up
    uint64_t m_packets{0};                      ///< IP packets delivered (measureCost)
    Metrics m_metrics;                          ///< after Run
    SimulationCost m_cost;                      ///< after Run

    std::vector<Ptr<HostNetDevice>> m_clientDevices; ///< the clients' NICs (modelled clients)
};

} // namespace ns3

#endif // MEMCACHED_SCENARIO_H
