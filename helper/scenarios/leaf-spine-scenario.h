/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#ifndef LEAF_SPINE_SCENARIO_H
#define LEAF_SPINE_SCENARIO_H

#include "leaf-spine-helper.h"
#include "simulation-cost.h"

#include "ns3/application.h"
#include "ns3/data-rate.h"
#include "ns3/host-net-device-helper.h"
#include "ns3/nstime.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

class HostSinkApplication;
class KeyValueClient;
class KeyValueServer;
class RequestResponseClient;
class RequestResponseServer;

/**
 * @ingroup hostnet
 * @brief The leaf-spine study of hostnet-leaf-spine as a reusable scenario: a fabric of
 * hostnet hosts with background traffic, long TCP flows and RPCs, its metrics after a
 * warm-up, and their reduction over the ranks of a distributed run.
 *
 * Each host sends background traffic (Parameters::traffic) to a host under the next leaf at
 * Parameters::load of its link rate, runs a request/response server and a client that calls a
 * server under another leaf at Parameters::rpcRate, and Parameters::tcpFlows long TCP transfers
 * cross the fabric. With traffic "kv" the background is traffic "tcp"'s bulk transfers and the
 * RPCs are a memcached-like KeyValueServer (Parameters::kvThreads threads, each with an epoll
 * instance configured by the epoll members) and a mutilate-like KeyValueClient agent per host
 * (Parameters::kvConnections depth-1 connections, ETC sizes, kvUpdateRatio SETs); the rpc_*
 * metrics then describe the agents' requests. Every counter is reset at Parameters::warmup; the
 * metrics describe the Parameters::duration that follows.
 *
 * @code
 *   LeafSpineScenario::Parameters params;
 *   params.leaves = 2;
 *   params.hostsPerLeaf = 2;
 *   params.duration = MilliSeconds(5);
 *   HostNetDeviceHelper nic;
 *   nic.SetScheme("napi");
 *   LeafSpineScenario scenario(params);
 *   scenario.SetHostNetDeviceHelper(nic);
 *   scenario.Build();
 *   scenario.Run();
 *   double p99 = scenario.GetMetrics().rpcP99Us;
 *   Simulator::Destroy();
 * @endcode
 *
 * A plain class with a parameter struct, not an Object with attributes: like ns-3's
 * topology helpers (PointToPointDumbbellHelper) it is built once per run and read once, and
 * nothing in the simulation holds it, so Config paths would reach nothing, and attribute
 * defaults (--ns3::LeafSpineScenario::...) would be a second, silently overridden route to
 * the parameters a script sets. The struct is checked when the scenario is built, with
 * messages that name its members.
 *
 * Random streams and event order: the objects are created and their streams assigned in a
 * fixed order from Parameters::firstStream, so a run is reproduced by its configuration and
 * ns-3's RngRun. Under ns-3's MPI simulator (DistributedRun::Enable before Build, an ns-3
 * tree with --enable-mpi) the fabric is split by leaf (LeafSpineHelper::SetPartitions) and
 * Run combines the ranks' parts, so every rank reports the whole network's metrics. They
 * equal the sequential run's: the switches take frames of one nanosecond in input-port
 * order (Parameters::portOrderTies, SwitchArrivalOrder), not in the order ns-3 scheduled
 * them, which differs across ranks ("Distributed runs" in doc/user-guide.rst).
 */
class LeafSpineScenario
{
  public:
    /// The parameters of one run (defaults: hostnet-leaf-spine's).
    struct Parameters
    {
        uint32_t spines{2};                 ///< spine switches (>= 1)
        uint32_t leaves{4};                 ///< leaf switches (1..254)
        uint32_t hostsPerLeaf{4};           ///< hosts under each leaf (1..254)
        DataRate hostLinkRate{"1Gbps"};     ///< host-leaf link rate (> 0)
        DataRate fabricLinkRate{"2Gbps"};   ///< leaf-spine link rate (> 0)
        Time linkDelay{MicroSeconds(1)};    ///< propagation delay of every link (>= 0)
        std::string switchQueue{"100p"};    ///< drop-tail buffer per switch port
        bool plainHosts{false};             ///< ns-3 point-to-point hosts, no host model
        double load{0.3};                   ///< background load, share of the link [0, 1)
        std::string traffic{"selfsimilar"}; ///< background: selfsimilar | poisson | tcp | kv
        std::string frameSizes{"backbone"}; ///< self-similar frame sizes (FrameSizes)
        uint32_t bgPayload{512};            ///< Poisson datagram payload bytes (1..1472)
        uint32_t tcpFlows{2};               ///< long TCP flows across the fabric (<= 59535)
        double rpcRate{2000};               ///< RPC requests/s per client host (0 = none)
        uint32_t rpcRequestSize{100};       ///< RPC request bytes (>= 1)
        uint32_t rpcResponseSize{1000};     ///< RPC response bytes (>= 1)
        std::string rpcSizes{"fixed"};      ///< RPC size workload (fixed | etc)
        Time busyPoll;                      ///< net.core.busy_poll of RPC threads (0: off)
        uint32_t kvThreads{4};              ///< kv: KeyValueServer::Threads (>= 1)
        uint32_t kvConnections{4};          ///< kv: connections of each agent (>= 1)
        double kvUpdateRatio{0.03};         ///< kv: share of SETs, KeyValueClient::UpdateRatio
        uint32_t busyPollUsecs{0};          ///< kv: EpollInstance::BusyPollUsecs
        uint32_t busyPollBudget{8};         ///< kv: EpollInstance::BusyPollBudget (1..65535)
        bool preferBusyPoll{false};         ///< kv: EpollInstance::PreferBusyPoll
        int32_t epollTimeoutMs{-1};         ///< kv: KeyValueServer::EpollTimeout (>= -1)
        Time irqSuspendTimeout;             ///< kv: NapiRxMode::IrqSuspendTimeout (0: off)
        bool threadedNapi{false};           ///< NapiRxMode::Threaded of every queue
        std::string irqPlacement{"spread"}; ///< Rx IRQ affinity: spread | dedicated
        uint32_t irqCores{2};               ///< IRQ cores of "dedicated" (>= 1)
        std::string appCores{"same"};       ///< application threads: same | separate
        Time duration{MilliSeconds(50)};    ///< measured time after the warm-up (> 0)
        Time warmup{MilliSeconds(10)};      ///< warm-up, deleted (>= 0)
        std::string routing{"static"};      ///< LeafSpineHelper::SetRouting
        std::string ecmp{"destination"};    ///< LeafSpineHelper::SetEcmp
        bool portOrderTies{true};           ///< LeafSpineHelper::SetPortOrderTies
        bool measureCost{false};            ///< measure the simulator's cost (GetCost)
        int64_t firstStream{1000};          ///< first random stream index
    };

    /**
     * The metrics of one run, over Parameters::duration after the warm-up; per host means are
     * over all hosts. A metric without samples (no RPC completed, no TCP flow, host metrics
     * of plain hosts) is NaN, never 0. GetMetricNames gives each its study name.
     */
    struct Metrics
    {
        double rpcP50Us{0};            ///< rpc_p50_us: RPC response time, median
        double rpcP99Us{0};            ///< rpc_p99_us: 99th percentile
        double rpcP999Us{0};           ///< rpc_p999_us: 99.9th percentile
        double rpcMeanUs{0};           ///< rpc_mean_us: mean
        double rpcCompleted{0};        ///< rpc_completed: responses read
        double rpcSent{0};             ///< rpc_sent: requests sent
        double rpcAnswered{0};         ///< rpc_answered: rpcCompleted / rpcSent
        double tcpGoodputMbps{0};      ///< tcp_goodput_mbps: per long flow (mean)
        double tcpGoodputTotalMbps{0}; ///< tcp_goodput_total_mbps: all long flows
        double tcpFlows{0};            ///< tcp_flows: long flows
        double bgGoodputMbps{0};       ///< bg_goodput_mbps: traffic "tcp", per host
        double cpuAvailability{0};     ///< cpu_availability: per host (mean)
        double cpuAvailabilityMin{0};  ///< cpu_availability_min: worst host
        double cpuCoresBusy{0};        ///< cpu_cores_busy: cores' worth busy per host
        double cpuKernelCores{0};      ///< cpu_kernel_cores: of them in the kernel
        double cpuAppCores{0};         ///< cpu_app_cores: of them in applications
        double cpuBusiestCore{0};      ///< cpu_busiest_core: busiest core's load (mean)
        double cpuBusiestCoreMax{0};   ///< cpu_busiest_core_max: over the hosts
        double busyPollCores{0};       ///< busy_poll_cores: RPC busy-poll spin per host
        double interruptsPerS{0};      ///< interrupts_per_s: Rx ISRs per host
        double deliveredMbps{0};       ///< delivered_mbps: delivered to a host's IP
        double offeredLoadMbps{0};     ///< offered_load_mbps: background sent per host
        double dropsFifo{0};           ///< drops_fifo: NIC FIFO overruns, all hosts
        double dropsNoDescriptor{0};   ///< drops_no_descriptor: empty Rx rings
        double dropsBacklog{0};        ///< drops_backlog: softnet backlog full
        double dropsSocket{0};         ///< drops_socket: background sockets' buffers
        double dropsLeaf{0};           ///< drops_leaf: leaf switch ports
        double dropsSpine{0};          ///< drops_spine: spine switch ports
        double dropsSwitch{0};         ///< drops_switch: dropsLeaf + dropsSpine
    };

    /// The simulator's own cost of Run (Parameters::measureCost; all ranks of a distributed run).
    using Cost = SimulationCost;

    /// Create a scenario with the default configuration.
    LeafSpineScenario();

    /**
     * @brief Create a scenario.
     * @param params its parameters (checked by InstallFabric)
     */
    explicit LeafSpineScenario(const Parameters& params);

    // The warm-up event and the traces point into the scenario.
    LeafSpineScenario(const LeafSpineScenario&) = delete;
    LeafSpineScenario& operator=(const LeafSpineScenario&) = delete;

    /**
     * @brief Set how the hosts' HostNetDevices are made (scheme, preset, CPU); without it
     * they are HostNetDeviceHelper's defaults. Unused with Parameters::plainHosts. The scenario
     * adds its own settings to a copy: no per-stage latency histograms (StageLatencies), and the
     * IRQ affinity of Parameters::irqPlacement.
     * @param helper a configured helper; it is copied
     */
    void SetHostNetDeviceHelper(const HostNetDeviceHelper& helper);

    /** @return the parameters */
    const Parameters& GetParameters() const;

    /** @brief InstallFabric, then InstallApplications. */
    void Build();

    /**
     * @brief Check the configuration and build the fabric: Linux-like TCP defaults
     * (Config::SetDefault: 1448-byte segments, 1 MiB buffers, 200 ms minimum RTO), the
     * hosts, switches, links and routes, and their random streams.
     *
     * A script may inspect the fabric (GetFabric) or connect traces before
     * InstallApplications; random variables it creates there change the run (ns-3 numbers
     * the streams not assigned explicitly in the order of creation).
     */
    void InstallFabric();

    /**
     * @brief Install the traffic (background sinks and sources, long TCP flows, RPC servers
     * and clients) and schedule the warm-up reset. Call after InstallFabric, once.
     */
    void InstallApplications();

    /**
     * @brief Run the simulation to the end of the measured window and compute the metrics
     * (and the cost); in a distributed run, combine the ranks' parts (every rank must call
     * Run). The caller destroys the simulator afterwards, as with Simulator::Run.
     */
    void Run();

    /** @return the metrics of the run (after Run) */
    const Metrics& GetMetrics() const;

    /** @return the metrics as (study name, value), in the order of GetMetricNames */
    std::vector<std::pair<std::string, double>> GetNamedMetrics() const;

    /** @return the study names of the metrics (rpc_p50_us, ...), in a fixed order */
    static std::vector<std::string> GetMetricNames();

    /** @return the cost of Run (meaningful with Parameters::measureCost) */
    const Cost& GetCost() const;

    /** @return the fabric (valid after InstallFabric) */
    const LeafSpineHelper& GetFabric() const;

    /**
     * @brief Check a configuration as Build does, without building anything.
     * @param params the parameters
     * @return an empty string if they can be run, else the reason, naming the members
     */
    static std::string FindConfigError(const Parameters& params);

    /**
     * @brief Get the cores every host needs for Parameters::appCores and Parameters::irqPlacement:
     * the application threads' cores ("separate": one each after the IRQ cores) and the
     * dedicated IRQ cores. (The key-value server's threads of traffic "kv" need none: thread
     * t runs on core t mod HostCpu::NCores.)
     * @return the number of cores
     */
    uint32_t GetRequiredCores() const;

  private:
    /// Abort with a message naming the member if the configuration is not one to run.
    void CheckConfig() const;
    /// Install the key-value servers and agents (traffic "kv").
    void InstallKeyValue();
    /// Abort if the hosts cannot take the configured placement (after InstallFabric).
    void CheckHosts() const;
    /// @return bits a background source put on its link so far
    double SentBits(const Ptr<Application>& app) const;
    /// @return the busy-poll spin of the RPC threads so far (kv: of the server threads' epoll
    ///         busy loops in the window)
    Time SpinTime() const;
    /// Reset every counter at the start of the measured window.
    void ResetAtWarmup();
    /// Read the counters after the run, combine the ranks' parts, fill m_metrics.
    void ComputeMetrics();

    /// The application cores (Parameters::appCores) after the IRQ cores.
    struct AppCores
    {
        uint32_t server; ///< RPC server
        uint32_t client; ///< RPC client
        uint32_t sender; ///< background sender
        uint32_t sink;   ///< background sink
    };

    /// @return the core of each application thread
    AppCores GetAppCores() const;

    Parameters m_params;                 ///< parameters
    HostNetDeviceHelper m_hostHelper;    ///< makes the hosts' NICs
    LeafSpineHelper m_fabric;            ///< the fabric
    bool m_fabricInstalled{false};       ///< InstallFabric was called
    bool m_applicationsInstalled{false}; ///< InstallApplications was called
    int64_t m_stream{0};                 ///< next random stream index

    std::vector<Ptr<HostSinkApplication>> m_bgSinks;      ///< per host
    std::vector<Ptr<Application>> m_bgSources;            ///< per host (load > 0)
    std::vector<Ptr<HostSinkApplication>> m_tcpSinks;     ///< per long flow
    std::vector<Ptr<RequestResponseClient>> m_rpcClients; ///< per host (rpcRate > 0)
    std::vector<Ptr<RequestResponseServer>> m_rpcServers; ///< per host (rpcRate > 0)
    std::vector<Ptr<KeyValueClient>> m_kvClients;         ///< per host (kv, rpcRate > 0)
    std::vector<Ptr<KeyValueServer>> m_kvServers;         ///< per host (kv, rpcRate > 0)
    std::vector<uint64_t> m_plainBytes;                   ///< plain hosts: IP bytes in
    std::vector<uint64_t> m_plainBytesAtWarmup;           ///< ... at the warm-up
    std::vector<uint64_t> m_socketDropsAtWarmup;          ///< per host
    std::vector<uint64_t> m_bgBytesAtWarmup;              ///< per host
    std::vector<uint64_t> m_tcpBytesAtWarmup;             ///< per long flow
    double m_bgBitsAtWarmup{0};                           ///< all background sources
    Time m_spinAtWarmup;                                  ///< SpinTime at the warm-up
    uint64_t m_hostPackets{0};                            ///< Parameters::measureCost
    Metrics m_metrics;                                    ///< after Run
    Cost m_cost;                                          ///< after Run
};

} // namespace ns3

#endif // LEAF_SPINE_SCENARIO_H
