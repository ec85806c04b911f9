/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "memcached-scenario.h"

#include "simulation-progress.h"

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/epoll-instance.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-device.h"
#include "ns3/host-net-queue.h"
#include "ns3/inet-socket-address.h"
#include "ns3/integer.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/key-value-client-helper.h"
#include "ns3/key-value-client.h"
#include "ns3/key-value-server.h"
#include "ns3/latency-histogram.h"
#include "ns3/log.h"
#include "ns3/point-to-point-helper.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/pointer.h"
#include "ns3/queue-size.h"
#include "ns3/queue.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("MemcachedScenario");

namespace
{

/// The port the server listens on (memcached's).
constexpr uint16_t MEMCACHED_PORT = 11211;
/// Ephemeral ports of one client node (ns-3's Ipv4EndPointDemux: 49152..65535).
constexpr uint32_t EPHEMERAL_PORTS = 65535 - 49152 + 1;

/// Count the packets delivered to a node's IP layer.
void
CountLocalDeliver(uint64_t* packets, const Ipv4Header&, Ptr<const Packet>, uint32_t)
{
    (*packets)++;
}

/// Count a packet the traffic-control layer dropped.
void
CountTcDrop(std::shared_ptr<uint64_t> drops, Ptr<const Packet>)
{
    (*drops)++;
}

/// @return @p t in seconds, exactly as the decimal seconds it was made from
double
ExactSeconds(Time t)
{
    return t.GetNanoSeconds() / 1e9;
}

/// @return @p t for a message, in the unit that shows it best
std::string
Show(Time t)
{
    std::ostringstream os;
    os << t.As(t.IsZero() || t.GetNanoSeconds() % 1000000 != 0 ? Time::US : Time::MS);
    std::string text = os.str();
    return !text.empty() && text[0] == '+' ? text.substr(1) : text;
}

/// The metrics' study names and members, in the order of GetMetricNames.
const std::vector<std::pair<std::string, double MemcachedScenario::Metrics::*>>&
MetricTable()
{
    using M = MemcachedScenario::Metrics;
    static const std::vector<std::pair<std::string, double M::*>> table{
        {"target_qps", &M::targetQps},
        {"offered_qps", &M::offeredQps},
        {"achieved_qps", &M::achievedQps},
        {"requests_sent", &M::requestsSent},
        {"answered", &M::answered},
        {"late_share", &M::lateShare},
        {"latency_count", &M::latencyCount},
        {"latency_avg_us", &M::latencyAvgUs},
        {"latency_p50_us", &M::latencyP50Us},
        {"latency_p95_us", &M::latencyP95Us},
        {"latency_p99_us", &M::latencyP99Us},
        {"latency_p999_us", &M::latencyP999Us},
        {"cpu_busy_pct", &M::cpuBusyPct},
        {"cpu_user_pct", &M::cpuUserPct},
        {"cpu_system_pct", &M::cpuSystemPct},
        {"cpu_softirq_pct", &M::cpuSoftIrqPct},
        {"cpu_hardirq_pct", &M::cpuHardIrqPct},
        {"cpu_busiest_core_pct", &M::cpuBusiestCorePct},
        {"interrupts", &M::interrupts},
        {"interrupts_per_s", &M::interruptsPerS},
        {"rx_frames", &M::rxFrames},
        {"packets_per_interrupt", &M::packetsPerInterrupt},
        {"epoll_waits", &M::epollWaits},
        {"epoll_events_per_wait", &M::epollEventsPerWait},
        {"epoll_sleeps_per_s", &M::epollSleepsPerS},
        {"busy_frames_share", &M::busyFramesShare},
        {"busy_spin_pct", &M::busySpinPct},
        {"irq_suspends_per_s", &M::irqSuspendsPerS},
        {"drops_server", &M::dropsServer},
        {"drops_switch", &M::dropsSwitch},
        {"server_connections", &M::serverConnections},
        {"cpu_us_per_req", &M::cpuUsPerReq},
        {"hardirq_us_per_req", &M::hardIrqUsPerReq},
        {"timer_us_per_req", &M::timerUsPerReq},
        {"softirq_us_per_req", &M::softIrqUsPerReq},
        {"spin_us_per_req", &M::spinUsPerReq},
        {"syscall_us_per_req", &M::syscallUsPerReq},
        {"app_us_per_req", &M::appUsPerReq},
        {"interference_us_per_req", &M::interferenceUsPerReq},
        {"cycles_per_req", &M::cyclesPerReq},
        {"work_cycles_per_req", &M::workCyclesPerReq},
    };
    return table;
}

} // namespace

MemcachedScenario::MemcachedScenario()
    : MemcachedScenario(Parameters())
{
}

MemcachedScenario::MemcachedScenario(const Parameters& params)
    : m_params(params)
{
    // The measured server: mlx5-100g with the cache refill, timer and poll-call costs.
    m_serverHelper.SetPreset("mlx5-epyc7662");
}

void
MemcachedScenario::SetServerDeviceHelper(const HostNetDeviceHelper& helper)
{
    NS_ABORT_MSG_IF(m_built, "MemcachedScenario::SetServerDeviceHelper after Build");
    m_serverHelper = helper;
}

const MemcachedScenario::Parameters&
MemcachedScenario::GetParameters() const
{
    return m_params;
}

std::string
MemcachedScenario::Check(const Parameters& c, const std::string& prefix)
{
    std::ostringstream why;
    auto name = [&prefix](const std::string& member) { return prefix + member; };
    if (c.cores < 1 || c.cores > 1024)
    {
        why << name("cores") << " = " << c.cores << "; allowed: 1..1024";
    }
    else if (c.serverThreads < 1)
    {
        why << name("serverThreads") << " = 0; allowed: 1 or more";
    }
    else if (c.getCost.IsStrictlyNegative() || c.setCost.IsStrictlyNegative() ||
             c.syscallCost.IsStrictlyNegative())
    {
        why << name("getCost") << ", " << name("setCost") << " and " << name("syscallCost")
            << " must be >= 0 (they are " << Show(c.getCost) << ", " << Show(c.setCost) << ", "
            << Show(c.syscallCost) << ")";
    }
    else if (!(c.cpuSpeed > 0 && std::isfinite(c.cpuSpeed)))
    {
        why << name("cpuSpeed") << " = " << c.cpuSpeed << "; allowed: a number > 0";
    }
    else if (!(c.cycleRateGhz > 0 && std::isfinite(c.cycleRateGhz)))
    {
        why << name("cycleRateGhz") << " = " << c.cycleRateGhz << "; allowed: a number > 0";
    }
    else if (c.serverLinkRate.GetBitRate() == 0 || c.clientLinkRate.GetBitRate() == 0)
    {
        why << name("serverLinkRate") << " and " << name("clientLinkRate") << " must be > 0";
    }
    else if (c.groFlushTimeout.IsStrictlyNegative())
    {
        why << name("groFlushTimeout") << " = " << Show(c.groFlushTimeout)
            << "; allowed: >= 0 (0: off)";
    }
    else if (c.irqSuspendTimeout.IsStrictlyNegative())
    {
        why << name("irqSuspendTimeout") << " = " << Show(c.irqSuspendTimeout)
            << "; allowed: >= 0 (0: off)";
    }
    else if (c.deferHardIrqs > 0 && c.groFlushTimeout.IsZero())
    {
        why << name("deferHardIrqs") << " = " << c.deferHardIrqs << " needs "
            << name("groFlushTimeout")
            << " > 0: without the timer Linux re-arms the IRQ at once (napi_complete_done), so "
               "the deferral would do nothing";
    }
    else if (c.irqSuspendTimeout.IsStrictlyPositive() && !c.preferBusyPoll)
    {
        why << name("irqSuspendTimeout") << " = " << Show(c.irqSuspendTimeout) << " needs "
            << name("preferBusyPoll")
            << ": Linux suspends IRQs only from epoll_wait of an epoll instance with "
               "prefer_busy_poll (ep_suspend_napi_irqs), so the timeout would have no effect";
    }
    else if (c.busyPollUsecs > uint32_t(std::numeric_limits<int32_t>::max()))
    {
        why << name("busyPollUsecs") << " = " << c.busyPollUsecs << "; allowed: 0..2147483647";
    }
    else if (c.busyPollBudget < 1 || c.busyPollBudget > 65535)
    {
        why << name("busyPollBudget") << " = " << c.busyPollBudget
            << "; allowed: 1..65535 (frames per busy poll call; Linux's default is 8)";
    }
    else if (c.epollTimeout < -1)
    {
        why << name("epollTimeout") << " = " << c.epollTimeout
            << "; allowed: -1 (block), 0 (non-blocking) or a timeout in ms";
    }
    else if (!(c.qps >= 0 && std::isfinite(c.qps)))
    {
        why << name("qps") << " = " << c.qps << "; allowed: a rate >= 0 (0: closed loop)";
    }
    else if (c.threads < 1 || c.connections < 1 || c.driverConnections < 1)
    {
        const char* member = c.threads < 1       ? "threads"
                             : c.connections < 1 ? "connections"
                                                 : "driverConnections";
        why << name(member) << " = 0; allowed: 1 or more";
    }
    else if (uint64_t(c.threads) * std::max(c.connections, c.driverConnections) > EPHEMERAL_PORTS)
    {
        why << name("threads") << " x " << name("connections") << " = " << c.threads << " x "
            << std::max(c.connections, c.driverConnections)
            << " connections per client machine; at most " << EPHEMERAL_PORTS
            << " (its ephemeral ports)";
    }
    else if (c.depth < 1)
    {
        why << name("depth") << " = 0; allowed: 1 or more";
    }
    else if (!(c.updateRatio >= 0 && c.updateRatio <= 1))
    {
        why << name("updateRatio") << " = " << c.updateRatio << "; allowed: 0..1";
    }
    else if (c.interArrival != "fb" && c.interArrival != "exponential" && c.interArrival != "fixed")
    {
        why << name("interArrival") << " = '" << c.interArrival
            << "'; allowed: fb, exponential, fixed";
    }
    else if (c.agents > 250)
    {
        why << name("agents") << " = " << c.agents << "; allowed: 0..250";
    }
    else if (c.clientHosts != "plain" && !HostNetDeviceHelper::CheckPreset(c.clientHosts).empty())
    {
        why << name("clientHosts") << " = '" << c.clientHosts
            << "': " << HostNetDeviceHelper::CheckPreset(c.clientHosts) << "; allowed: plain, ";
        for (const auto& preset : HostNetDeviceHelper::GetPresetNames())
        {
            why << preset << ", ";
        }
        why << "or the path of a host profile (.toml)";
    }
    else if (c.switchQueue < 1)
    {
        why << name("switchQueue") << " = 0; allowed: 1 packet or more";
    }
    else if (c.linkDelay.IsStrictlyNegative())
    {
        why << name("linkDelay") << " = " << Show(c.linkDelay) << "; allowed: >= 0";
    }
    else if (!c.duration.IsStrictlyPositive())
    {
        why << name("duration") << " = " << Show(c.duration) << "; allowed: > 0";
    }
    else if (c.warmup.IsStrictlyNegative())
    {
        why << name("warmup") << " = " << Show(c.warmup) << "; allowed: >= 0";
    }
    return why.str();
}

void
MemcachedScenario::Build()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_built, "MemcachedScenario::Build called twice");
    const std::string problem = Check(m_params);
    NS_ABORT_MSG_IF(!problem.empty(), "MemcachedScenario: " << problem);
    m_built = true;
    const Parameters& c = m_params;

    // Full-size segments and Linux-like buffers instead of ns-3's 536-byte defaults, Linux's
    // minimum RTO (TCP_RTO_MIN, 200 ms).
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));

    // Nodes: the server, the switch, the agents and the driver (last).
    m_serverNode = CreateObject<Node>();
    m_switch = CreateObject<Node>();
    const uint32_t machines = c.agents + 1;
    m_clientNodes.Create(machines);
    InternetStackHelper stack;
    stack.Install(m_serverNode);
    stack.Install(m_switch);
    stack.Install(m_clientNodes);

    // The server's NIC: the preset reduced to the set-up's cores and queues, IRQ of queue q
    // on core q, one NUMA node (8 cores of one socket), and the per-NAPI settings.
    HostNetDeviceHelper nic = m_serverHelper;
    nic.SetCpuAttribute("NCores", UintegerValue(c.cores));
    nic.SetCpuAttribute("Speed", DoubleValue(c.cpuSpeed));
    nic.SetDeviceAttribute("NQueues", UintegerValue(c.cores));
    std::string affinity;
    for (uint32_t q = 0; q < c.cores; ++q)
    {
        affinity += (q ? "," : "") + std::to_string(q);
    }
    nic.SetSteeringAttribute("IrqAffinity", StringValue(affinity));
    nic.SetLocalityAttribute("NumaNodes", UintegerValue(1));
    nic.SetLocalityAttribute("NicNumaNode", UintegerValue(0));
    // No per-stage host latency is reported: skip those histograms.
    nic.SetStatisticsAttribute("StageLatencies", BooleanValue(false));
    nic.SetRxModeAttribute("DeferHardIrqs", UintegerValue(c.deferHardIrqs));
    nic.SetRxModeAttribute("GroFlushTimeout", TimeValue(c.groFlushTimeout));
    nic.SetRxModeAttribute("IrqSuspendTimeout", TimeValue(c.irqSuspendTimeout));
    nic.SetRxModeAttribute("Threaded", BooleanValue(c.threadedNapi));

    PointToPointHelper serverLink;
    serverLink.SetDeviceAttribute("DataRate", DataRateValue(c.serverLinkRate));
    serverLink.SetChannelAttribute("Delay", TimeValue(c.linkDelay));
    PointToPointHelper clientLink;
    clientLink.SetDeviceAttribute("DataRate", DataRateValue(c.clientLinkRate));
    clientLink.SetChannelAttribute("Delay", TimeValue(c.linkDelay));
    const QueueSize switchQueue(QueueSizeUnit::PACKETS, c.switchQueue);

    TrafficControlHelper tc;
    NetDeviceContainer link = serverLink.Install(m_serverNode, m_switch);
    // Linux clients set PSH on each request's segment, and so do hostnet hosts; plain ns-3
    // nodes do not: for them GRO takes a short segment as PSH instead.
    nic.SetGroAttribute("PushBelow", UintegerValue(c.clientHosts == "plain" ? c.groPushBelow : 0));
    m_serverDevice = nic.Install(link.Get(0));
    m_switchPorts.Add(link.Get(1));
    DynamicCast<PointToPointNetDevice>(link.Get(1))->GetQueue()->SetMaxSize(switchQueue);
    Ipv4AddressHelper addr("10.0.0.0", "255.255.255.0");
    NetDeviceContainer serverPair(m_serverDevice);
    serverPair.Add(link.Get(1));
    Ipv4Address serverAddress = addr.Assign(serverPair).GetAddress(0);
    tc.Uninstall(link.Get(1));
    // Modelled clients: the profile as shipped (its cores, queues and moderation).
    const bool modelledClients = c.clientHosts != "plain";
    HostNetDeviceHelper clientNic;
    if (modelledClients)
    {
        clientNic.SetPreset(c.clientHosts);
        clientNic.SetStatisticsAttribute("StageLatencies", BooleanValue(false));
    }
    for (uint32_t i = 0; i < machines; ++i)
    {
        NetDeviceContainer l = clientLink.Install(m_clientNodes.Get(i), m_switch);
        addr.NewNetwork();
        if (modelledClients)
        {
            Ptr<HostNetDevice> device = clientNic.Install(l.Get(0));
            m_clientDevices.push_back(device);
            addr.Assign(NetDeviceContainer(NetDeviceContainer(device), l.Get(1)));
        }
        else
        {
            addr.Assign(l);
        }
        m_switchPorts.Add(l.Get(1));
        DynamicCast<PointToPointNetDevice>(l.Get(1))->GetQueue()->SetMaxSize(switchQueue);
        tc.Uninstall(l.Get(1));
    }
    // The switch's ports drop tail; a full port's device queue makes the traffic-control
    // layer (no queue disc) drop: count both.
    m_tcDrops = std::make_shared<uint64_t>(0);
    m_switch->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
        "TcDrop",
        MakeBoundCallback(&CountTcDrop, m_tcDrops));
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    int64_t stream = c.firstStream;
    NetDeviceContainer serverDevices(m_serverDevice);
    stream += nic.AssignStreams(serverDevices, stream);

    // memcached -t <serverThreads> -N: threads pinned, connections by NAPI id.
    auto epoll = CreateObject<EpollInstance>();
    epoll->SetAttribute("BusyPollUsecs", UintegerValue(c.busyPollUsecs));
    epoll->SetAttribute("BusyPollBudget", UintegerValue(c.busyPollBudget));
    epoll->SetAttribute("PreferBusyPoll", BooleanValue(c.preferBusyPoll));
    m_server = CreateObject<KeyValueServer>();
    m_server->SetAttribute("Port", UintegerValue(MEMCACHED_PORT));
    m_server->SetAttribute("Threads", UintegerValue(c.serverThreads));
    m_server->SetAttribute("Assignment", EnumValue(KeyValueServer::NAPI_ID));
    m_server->SetAttribute("PinThreads", BooleanValue(true));
    m_server->SetAttribute("GetCost", TimeValue(c.getCost));
    m_server->SetAttribute("SetCost", TimeValue(c.setCost));
    m_server->SetAttribute("SyscallCost", TimeValue(c.syscallCost));
    m_server->SetAttribute("EpollTimeout", IntegerValue(c.epollTimeout));
    m_server->SetAttribute("Epoll", PointerValue(epoll));
    m_serverNode->AddApplication(m_server);
    m_server->SetStartTime(Seconds(0));
    stream += m_server->AssignStreams(stream);

    // The load: every machine the same kind of open loop (or closed loop), the rate split by
    // connections. All machines measure latency (see the class description).
    const Time end = c.warmup + c.duration;
    const double allConnections = double(c.agents) * c.connections + c.driverConnections;
    for (uint32_t i = 0; i < machines; ++i)
    {
        const uint32_t connections = i < c.agents ? c.connections : c.driverConnections;
        KeyValueClientHelper agent(InetSocketAddress(serverAddress, MEMCACHED_PORT));
        agent.SetAttribute("Threads", UintegerValue(c.threads));
        agent.SetAttribute("Connections", UintegerValue(connections));
        agent.SetAttribute("Rate", DoubleValue(c.qps * connections / allConnections));
        agent.SetAttribute("InterArrival", StringValue(c.interArrival));
        agent.SetAttribute("UpdateRatio", DoubleValue(c.updateRatio));
        agent.SetAttribute("Depth", UintegerValue(c.depth));
        agent.SetAttribute("Measure", BooleanValue(true));
        ApplicationContainer apps = agent.Install(m_clientNodes.Get(i));
        // Machines start 1 us apart, after the server listens: their handshakes do not
        // arrive in one burst.
        apps.Start(MicroSeconds(10 + i));
        apps.Stop(end);
        stream += KeyValueClientHelper::AssignStreams(apps, stream);
        m_clients.push_back(DynamicCast<KeyValueClient>(apps.Get(0)));
    }
    if (modelledClients)
    {
        // After the agents' streams: a plain run draws the same numbers as before.
        NetDeviceContainer clientDevices;
        for (const auto& device : m_clientDevices)
        {
            clientDevices.Add(device);
        }
        stream += clientNic.AssignStreams(clientDevices, stream);
    }

    if (c.measureCost)
    {
        NodeContainer hosts(m_serverNode);
        hosts.Add(m_clientNodes);
        for (uint32_t i = 0; i < hosts.GetN(); ++i)
        {
            hosts.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                MakeBoundCallback(&CountLocalDeliver, &m_packets));
        }
    }
    Simulator::Schedule(c.warmup, &MemcachedScenario::ResetAtWarmup, this);
}

uint64_t
MemcachedScenario::SwitchDrops() const
{
    uint64_t drops = *m_tcDrops;
    for (uint32_t i = 0; i < m_switchPorts.GetN(); ++i)
    {
        drops += DynamicCast<PointToPointNetDevice>(m_switchPorts.Get(i))
                     ->GetQueue()
                     ->GetTotalDroppedPackets();
    }
    return drops;
}

void
MemcachedScenario::ResetAtWarmup()
{
    NS_LOG_FUNCTION(this);
    m_serverDevice->ResetStats();
    m_serverDevice->GetCpu()->ResetStats();
    m_server->ResetStats();
    for (const auto& client : m_clients)
    {
        client->ResetStats();
    }
    m_switchDropsAtWarmup = SwitchDrops();
}

void
MemcachedScenario::Run()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_built, "MemcachedScenario::Run before Build");
    Simulator::Stop(m_params.warmup + m_params.duration);
    SimulationProgress::Start(m_params.warmup + m_params.duration);
    SimulationCostMeter meter;
    meter.Start();
    Simulator::Run();
    m_cost = meter.Stop(m_packets);
    ComputeMetrics();
}

void
MemcachedScenario::ComputeMetrics()
{
    NS_LOG_FUNCTION(this);
    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    const Parameters& c = m_params;
    const double duration = ExactSeconds(c.duration);
    Metrics& m = m_metrics;

    // The clients.
    LatencyHistogram latency;
    uint64_t sent = 0;
    uint64_t received = 0;
    uint64_t late = 0;
    for (const auto& client : m_clients)
    {
        KeyValueClientStats s = client->GetStats();
        sent += s.requestsSent;
        received += s.responsesReceived;
        late += s.late;
        latency.Merge(client->GetLatencyHistogram());
    }
    m.targetQps = c.qps > 0 ? c.qps : undefined;
    m.offeredQps = sent / duration;
    m.achievedQps = received / duration;
    m.requestsSent = sent;
    // Slightly above 1 when responses to warm-up requests arrive in the window.
    m.answered = sent > 0 ? double(received) / sent : undefined;
    m.lateShare = sent > 0 ? double(late) / sent : undefined;
    m.latencyCount = latency.GetCount();
    const bool measured = latency.GetCount() > 0;
    m.latencyAvgUs = measured ? latency.GetMean() * 1e6 : undefined;
    m.latencyP50Us = measured ? latency.GetQuantile(0.5) * 1e6 : undefined;
    m.latencyP95Us = measured ? latency.GetQuantile(0.95) * 1e6 : undefined;
    m.latencyP99Us = measured ? latency.GetQuantile(0.99) * 1e6 : undefined;
    m.latencyP999Us = measured ? latency.GetQuantile(0.999) * 1e6 : undefined;

    // The server's CPU: user = the requests' own work; system = the rest of the threads' task
    // time (system calls, TCP transmit, busy polling, context switches); softirq = softirq
    // context plus kernel tasks (ksoftirqd, threaded NAPI); hardirq = interrupt handlers.
    Ptr<HostCpu> cpu = m_serverDevice->GetCpu();
    HostCpuStats cs = cpu->GetStats();
    Time user;
    Time threadTime;
    for (uint32_t t = 0; t < m_server->GetNThreads(); ++t)
    {
        user += m_server->GetThreadUserTime(t);
        threadTime += cpu->GetTaskTime(m_server->GetThreadTask(t));
    }
    const double coreSeconds = cs.elapsed; // window x cores
    const bool cpuWindow = coreSeconds > 0;
    m.cpuBusyPct = cpuWindow ? (1 - cs.idleShare) * 100 : undefined;
    m.cpuUserPct = cpuWindow ? user.GetSeconds() / coreSeconds * 100 : undefined;
    m.cpuSystemPct = cpuWindow ? (threadTime - user).GetSeconds() / coreSeconds * 100 : undefined;
    m.cpuSoftIrqPct = cpuWindow ? (cs.softIrqShare + cs.kernelTaskShare) * 100 : undefined;
    m.cpuHardIrqPct = cpuWindow ? cs.hardIrqShare * 100 : undefined;
    double busiest = 0;
    for (uint32_t core = 0; core < cpu->GetNCores(); ++core)
    {
        busiest = std::max(busiest, 1 - cpu->GetCoreStats(core).idleShare);
    }
    m.cpuBusiestCorePct = cpuWindow ? busiest * 100 : undefined;
    // Per core: the pinned threads' time on their core (thread t on core t mod cores).
    m_coreCpu.assign(cpu->GetNCores(), CoreCpu());
    std::vector<Time> coreUser(cpu->GetNCores());
    std::vector<Time> coreThreads(cpu->GetNCores());
    for (uint32_t t = 0; t < m_server->GetNThreads(); ++t)
    {
        uint32_t core = cpu->GetTaskCore(m_server->GetThreadTask(t));
        coreUser[core] += m_server->GetThreadUserTime(t);
        coreThreads[core] += cpu->GetTaskTime(m_server->GetThreadTask(t));
    }
    for (uint32_t core = 0; core < cpu->GetNCores(); ++core)
    {
        HostCpuStats k = cpu->GetCoreStats(core);
        CoreCpu& out = m_coreCpu[core];
        const bool window = k.elapsed > 0;
        out.busyPct = window ? (1 - k.idleShare) * 100 : undefined;
        out.userPct = window ? coreUser[core].GetSeconds() / k.elapsed * 100 : undefined;
        out.systemPct = window ? (coreThreads[core] - coreUser[core]).GetSeconds() / k.elapsed * 100
                               : undefined;
        out.softIrqPct = window ? (k.softIrqShare + k.kernelTaskShare) * 100 : undefined;
        out.hardIrqPct = window ? k.hardIrqShare * 100 : undefined;
    }

    // The NIC.
    HostNetDeviceStats ds = m_serverDevice->GetStats();
    m.interrupts = ds.interrupts;
    m.interruptsPerS = ds.interrupts / duration;
    m.rxFrames = ds.rxDelivered;
    m.packetsPerInterrupt = ds.interrupts > 0 ? double(ds.rxDelivered) / ds.interrupts : undefined;
    m.dropsServer = ds.dropFifoOverrun + ds.dropNoDescriptor + ds.dropBacklog;
    m.dropsSwitch = SwitchDrops() - m_switchDropsAtWarmup;
    m.serverConnections = m_server->GetStats().connections;

    // The epoll instances, summed over the threads.
    EpollStats es;
    for (uint32_t t = 0; t < m_server->GetNThreads(); ++t)
    {
        const EpollStats& s = m_server->GetEpoll(t)->GetStats();
        es.waits += s.waits;
        es.withEvents += s.withEvents;
        es.events += s.events;
        es.sleeps += s.sleeps;
        es.busyFrames += s.busyFrames;
        es.suspends += s.suspends;
        es.spin += s.spin;
    }
    m.epollWaits = es.waits;
    m.epollEventsPerWait = es.withEvents > 0 ? double(es.events) / es.withEvents : undefined;
    m.epollSleepsPerS = es.sleeps / duration;
    m.busyFramesShare = ds.rxDelivered > 0 ? double(es.busyFrames) / ds.rxDelivered : undefined;
    m.busySpinPct = cpuWindow ? es.spin.GetSeconds() / coreSeconds * 100 : undefined;
    m.irqSuspendsPerS = es.suspends / duration;

    // CPU time per response, by context, in microseconds; cycles at the measured host's rate.
    const bool perReq = cpuWindow && received > 0;
    auto usPerReq = [&](double seconds) {
        return perReq ? seconds / static_cast<double>(received) * 1e6 : undefined;
    };
    const double timerSeconds = cs.timerShare * coreSeconds;
    const double refillSeconds =
        (cs.hardIrqInterferenceShare + cs.softIrqInterferenceShare + cs.taskInterferenceShare) *
        coreSeconds;
    m.cpuUsPerReq = usPerReq((1 - cs.idleShare) * coreSeconds);
    m.hardIrqUsPerReq = usPerReq(cs.hardIrqShare * coreSeconds - timerSeconds);
    m.timerUsPerReq = usPerReq(timerSeconds);
    m.softIrqUsPerReq = usPerReq((cs.softIrqShare + cs.kernelTaskShare) * coreSeconds);
    m.spinUsPerReq = usPerReq(es.spin.GetSeconds());
    m.syscallUsPerReq = usPerReq((threadTime - user - es.spin).GetSeconds());
    m.appUsPerReq = usPerReq(user.GetSeconds());
    m.interferenceUsPerReq = usPerReq(refillSeconds);
    m.cyclesPerReq = m.cpuUsPerReq * c.cycleRateGhz * 1e3;
    m.workCyclesPerReq = (m.cpuUsPerReq - m.interferenceUsPerReq) * c.cycleRateGhz * 1e3;
}

std::vector<MemcachedScenario::CoreCpu>
MemcachedScenario::GetCoreCpu() const
{
    return m_coreCpu;
}

const MemcachedScenario::Metrics&
MemcachedScenario::GetMetrics() const
{
    return m_metrics;
}

std::vector<std::pair<std::string, double>>
MemcachedScenario::GetNamedMetrics() const
{
    std::vector<std::pair<std::string, double>> named;
    for (const auto& [name, member] : MetricTable())
    {
        named.emplace_back(name, m_metrics.*member);
    }
    return named;
}

std::vector<std::string>
MemcachedScenario::GetMetricNames()
{
    std::vector<std::string> names;
    for (const auto& entry : MetricTable())
    {
        names.push_back(entry.first);
    }
    return names;
}

const SimulationCost&
MemcachedScenario::GetCost() const
{
    return m_cost;
}

Ptr<KeyValueServer>
MemcachedScenario::GetServer() const
{
    return m_server;
}

Ptr<HostNetDevice>
MemcachedScenario::GetServerDevice() const
{
    return m_serverDevice;
}

const std::vector<Ptr<HostNetDevice>>&
MemcachedScenario::GetClientDevices() const
{
    return m_clientDevices;
}

const std::vector<Ptr<KeyValueClient>>&
MemcachedScenario::GetClients() const
{
    return m_clients;
}

} // namespace ns3
