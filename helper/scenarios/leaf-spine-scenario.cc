/*
 * Copyright (c) 2026 hostnet authors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Author: hostnet developers
 */

#include "leaf-spine-scenario.h"

#include "distributed-run.h"
#include "simulation-progress.h"

#include "ns3/address.h"
#include "ns3/boolean.h"
#include "ns3/bulk-send-helper.h"
#include "ns3/config.h"
#include "ns3/data-rate.h"
#include "ns3/double.h"
#include "ns3/epoll-instance.h"
#include "ns3/gro-engine.h"
#include "ns3/host-bulk-send-application.h"
#include "ns3/host-cpu.h"
#include "ns3/host-net-device.h"
#include "ns3/host-net-queue.h"
#include "ns3/host-sink-application.h"
#include "ns3/inet-socket-address.h"
#include "ns3/integer.h"
#include "ns3/ipv4-header.h"
#include "ns3/ipv4-l3-protocol.h"
#include "ns3/key-value-client-helper.h"
#include "ns3/key-value-client.h"
#include "ns3/key-value-server.h"
#include "ns3/latency-histogram.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/poisson-source-application.h"
#include "ns3/request-response-client.h"
#include "ns3/request-response-helper.h"
#include "ns3/request-response-server.h"
#include "ns3/self-similar-traffic-application.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/tcp-socket-factory.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LeafSpineScenario");

namespace
{

/// Count the bytes (with the IP header) delivered to a host's IP layer.
void
CountLocalDeliverBytes(uint64_t* bytes, const Ipv4Header& header, Ptr<const Packet> p, uint32_t)
{
    *bytes += p->GetSize() + header.GetSerializedSize();
}

/// Count the packets delivered to a host's IP layer.
void
CountLocalDeliverPackets(uint64_t* packets, const Ipv4Header&, Ptr<const Packet>, uint32_t)
{
    (*packets)++;
}

/// @return @p t in seconds, exactly as the decimal seconds it was made from (Time::GetSeconds
///         multiplies by a fixed-point inverse and can differ in the last digits)
double
ExactSeconds(Time t)
{
    return t.GetNanoSeconds() / 1e9;
}

/// @return whether @p value is one of @p allowed
bool
IsOneOf(const std::string& value, const std::vector<std::string>& allowed)
{
    return std::find(allowed.begin(), allowed.end(), value) != allowed.end();
}

/// The metrics' study names and members, in the order of GetMetricNames.
const std::vector<std::pair<std::string, double LeafSpineScenario::Metrics::*>>&
MetricTable()
{
    using M = LeafSpineScenario::Metrics;
    static const std::vector<std::pair<std::string, double M::*>> table{
        {"rpc_p50_us", &M::rpcP50Us},
        {"rpc_p99_us", &M::rpcP99Us},
        {"rpc_p999_us", &M::rpcP999Us},
        {"rpc_mean_us", &M::rpcMeanUs},
        {"rpc_completed", &M::rpcCompleted},
        {"rpc_sent", &M::rpcSent},
        {"rpc_answered", &M::rpcAnswered},
        {"tcp_goodput_mbps", &M::tcpGoodputMbps},
        {"tcp_goodput_total_mbps", &M::tcpGoodputTotalMbps},
        {"tcp_flows", &M::tcpFlows},
        {"bg_goodput_mbps", &M::bgGoodputMbps},
        {"cpu_availability", &M::cpuAvailability},
        {"cpu_availability_min", &M::cpuAvailabilityMin},
        {"cpu_cores_busy", &M::cpuCoresBusy},
        {"cpu_kernel_cores", &M::cpuKernelCores},
        {"cpu_app_cores", &M::cpuAppCores},
        {"cpu_busiest_core", &M::cpuBusiestCore},
        {"cpu_busiest_core_max", &M::cpuBusiestCoreMax},
        {"busy_poll_cores", &M::busyPollCores},
        {"interrupts_per_s", &M::interruptsPerS},
        {"delivered_mbps", &M::deliveredMbps},
        {"offered_load_mbps", &M::offeredLoadMbps},
        {"drops_fifo", &M::dropsFifo},
        {"drops_no_descriptor", &M::dropsNoDescriptor},
        {"drops_backlog", &M::dropsBacklog},
        {"drops_socket", &M::dropsSocket},
        {"drops_leaf", &M::dropsLeaf},
        {"drops_spine", &M::dropsSpine},
        {"drops_switch", &M::dropsSwitch},
    };
    return table;
}

} // namespace

LeafSpineScenario::LeafSpineScenario() = default;

LeafSpineScenario::LeafSpineScenario(const Parameters& params)
    : m_params(params)
{
}

void
LeafSpineScenario::SetHostNetDeviceHelper(const HostNetDeviceHelper& helper)
{
    NS_ABORT_MSG_IF(m_fabricInstalled,
                    "LeafSpineScenario::SetHostNetDeviceHelper after InstallFabric");
    m_hostHelper = helper;
}

const LeafSpineScenario::Parameters&
LeafSpineScenario::GetParameters() const
{
    return m_params;
}

void
LeafSpineScenario::Build()
{
    InstallFabric();
    InstallApplications();
}

std::string
LeafSpineScenario::FindConfigError(const Parameters& c)
{
    std::string fabric = LeafSpineHelper::FindConfigError(c.spines,
                                                          c.leaves,
                                                          c.hostsPerLeaf,
                                                          c.routing,
                                                          c.ecmp,
                                                          "Parameters::");
    if (!fabric.empty())
    {
        return "LeafSpineScenario: " + fabric;
    }
    if (!(c.load >= 0 && c.load < 1))
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::load = " << c.load << "; allowed: 0 <= load < 1";
        return os.str();
    }
    if (!IsOneOf(c.traffic, {"selfsimilar", "poisson", "tcp", "kv"}))
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::traffic = '" << c.traffic
           << "'; allowed: selfsimilar, poisson, tcp, kv";
        return os.str();
    }
    if (c.bgPayload < 1 || c.bgPayload > 1472)
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::bgPayload = " << c.bgPayload
           << "; allowed: 1..1472 bytes";
        return os.str();
    }
    // Flow k listens on port 6000 + k.
    if (c.tcpFlows > 65535 - 6000)
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::tcpFlows = " << c.tcpFlows << "; allowed: 0..59535";
        return os.str();
    }
    if (c.hostLinkRate.GetBitRate() == 0 || c.fabricLinkRate.GetBitRate() == 0)
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::hostLinkRate and Parameters::fabricLinkRate must be "
              "> 0";
        return os.str();
    }
    if (c.linkDelay.IsStrictlyNegative())
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::linkDelay = " << c.linkDelay.As(Time::US)
           << "; allowed: >= 0";
        return os.str();
    }
    // A million requests per second per client host: far beyond what one host's RPC
    // threads sustain, and the Poisson gaps stay whole nanoseconds.
    if (!(c.rpcRate >= 0 && c.rpcRate <= 1e6))
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::rpcRate = " << c.rpcRate
           << "; allowed: 0..1000000 requests/s per client host (0: none)";
        return os.str();
    }
    // RequestResponseClient's RequestSize and ResponseSize take at most 1 << 24.
    for (const auto& [member, size] : {std::pair{"rpcRequestSize", c.rpcRequestSize},
                                       std::pair{"rpcResponseSize", c.rpcResponseSize}})
    {
        if (size < 1 || size > (1U << 24))
        {
            std::ostringstream os;
            os << "LeafSpineScenario: Parameters::" << member << " = " << size
               << "; allowed: 1..16777216 bytes";
            return os.str();
        }
    }
    if (!IsOneOf(c.rpcSizes, RequestResponseClientHelper::GetSizeWorkloadNames()))
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::rpcSizes = '" << c.rpcSizes << "'; allowed:";
        for (const auto& name : RequestResponseClientHelper::GetSizeWorkloadNames())
        {
            os << " " << name;
        }
        return os.str();
    }
    if (c.busyPoll.IsStrictlyNegative())
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::busyPoll = " << c.busyPoll.As(Time::US)
           << "; allowed: >= 0 (0: off)";
        return os.str();
    }
    if (!IsOneOf(c.irqPlacement, {"spread", "dedicated"}))
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::irqPlacement = '" << c.irqPlacement
           << "'; allowed: spread, dedicated";
        return os.str();
    }
    if (c.irqCores < 1)
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::irqCores = 0; allowed: 1 or more";
        return os.str();
    }
    if (!IsOneOf(c.appCores, {"same", "separate"}))
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::appCores = '" << c.appCores
           << "'; allowed: same, separate";
        return os.str();
    }
    if (!c.duration.IsStrictlyPositive())
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::duration = " << c.duration.As(Time::MS)
           << "; allowed: > 0";
        return os.str();
    }
    if (c.warmup.IsStrictlyNegative())
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::warmup = " << c.warmup.As(Time::MS)
           << "; allowed: >= 0";
        return os.str();
    }
    // LeafSpineHelper checks the shape, the switch queue, routing and ECMP itself, and
    // SelfSimilarTrafficApplication its FrameSizes.
    const bool kv = c.traffic == "kv";
    if (kv && c.busyPoll.IsStrictlyPositive())
    {
        return "LeafSpineScenario: Parameters::busyPoll is SO_BUSY_POLL of the request/response "
               "RPC threads; with Parameters::traffic = 'kv' the server busy-polls in epoll_wait: "
               "use "
               "Parameters::busyPollUsecs (and Parameters::busyPollBudget, "
               "Parameters::preferBusyPoll)";
    }
    if (c.kvThreads < 1 || c.kvThreads > 1024)
    {
        return "LeafSpineScenario: Parameters::kvThreads = " + std::to_string(c.kvThreads) +
               "; allowed: 1..1024";
    }
    // Each of an agent's connections takes one of ns-3's ephemeral ports (49152..65535).
    if (c.kvConnections < 1 || c.kvConnections > 16384)
    {
        return "LeafSpineScenario: Parameters::kvConnections = " + std::to_string(c.kvConnections) +
               "; allowed: 1..16384 (one ephemeral port of the agent's host each)";
    }
    if (!(c.kvUpdateRatio >= 0 && c.kvUpdateRatio <= 1))
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::kvUpdateRatio = " << c.kvUpdateRatio
           << "; allowed: 0..1";
        return os.str();
    }
    // EPIOCSPARAMS takes busy_poll_usecs as a u32 but refuses values above S32_MAX.
    if (c.busyPollUsecs > uint32_t(std::numeric_limits<int32_t>::max()))
    {
        return "LeafSpineScenario: Parameters::busyPollUsecs = " + std::to_string(c.busyPollUsecs) +
               "; allowed: 0..2147483647";
    }
    if (c.busyPollBudget < 1 || c.busyPollBudget > 65535)
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::busyPollBudget = " << c.busyPollBudget
           << "; allowed: 1..65535";
        return os.str();
    }
    if (c.epollTimeoutMs < -1)
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::epollTimeoutMs = " << c.epollTimeoutMs
           << "; allowed: -1 (block), 0 or more milliseconds";
        return os.str();
    }
    if (c.irqSuspendTimeout.IsStrictlyNegative())
    {
        std::ostringstream os;
        os << "LeafSpineScenario: Parameters::irqSuspendTimeout = "
           << c.irqSuspendTimeout.As(Time::US) << "; allowed: >= 0 (0: off)";
        return os.str();
    }
    const bool epollSet = c.busyPollUsecs > 0 || c.busyPollBudget != 8 || c.preferBusyPoll ||
                          c.epollTimeoutMs != -1 || c.irqSuspendTimeout.IsStrictlyPositive();
    if (!kv && epollSet)
    {
        return "LeafSpineScenario: Parameters::busyPollUsecs, Parameters::busyPollBudget, "
               "Parameters::preferBusyPoll, Parameters::epollTimeoutMs and "
               "Parameters::irqSuspendTimeout configure the key-value server's epoll "
               "instances: they need Parameters::traffic = 'kv' (not '" +
               c.traffic + "')";
    }
    // Linux 6.13: napi_suspend_irqs only runs for an epoll instance with prefer_busy_poll.
    if (c.irqSuspendTimeout.IsStrictlyPositive() && !c.preferBusyPoll)
    {
        return "LeafSpineScenario: Parameters::irqSuspendTimeout needs "
               "Parameters::preferBusyPoll: IRQ suspension only starts from an epoll instance "
               "with prefer_busy_poll (Linux 6.13, ep_suspend_napi_irqs)";
    }
    if (c.plainHosts &&
        (c.busyPoll.IsStrictlyPositive() || c.irqPlacement != "spread" || c.appCores != "same"))
    {
        return "LeafSpineScenario: Parameters::plainHosts: plain hosts have no host model: "
               "Parameters::busyPoll, Parameters::irqPlacement and Parameters::appCores need "
               "HostNetDevice hosts";
    }
    if (c.plainHosts && (kv || c.threadedNapi))
    {
        return "LeafSpineScenario: Parameters::plainHosts: plain hosts have no host model: "
               "Parameters::traffic = 'kv' (its server threads and epoll instances) and "
               "Parameters::threadedNapi need HostNetDevice hosts";
    }
    return "";
}

void
LeafSpineScenario::CheckConfig() const
{
    std::string error = FindConfigError(m_params);
    NS_ABORT_MSG_IF(!error.empty(), error);
}

LeafSpineScenario::AppCores
LeafSpineScenario::GetAppCores() const
{
    // All on core 0, or one core each after the IRQ cores.
    const bool separate = m_params.appCores == "separate";
    const uint32_t first = separate ? m_params.irqCores : 0;
    const uint32_t step = separate ? 1 : 0;
    return {first, first + step, first + 2 * step, first + 3 * step};
}

uint32_t
LeafSpineScenario::GetRequiredCores() const
{
    uint32_t irqCores = m_params.irqPlacement == "dedicated" ? m_params.irqCores : 0;
    return std::max(GetAppCores().sink + 1, irqCores);
}

void
LeafSpineScenario::CheckHosts() const
{
    const Parameters& c = m_params;
    if (c.plainHosts)
    {
        return; // FindConfigError checked what plain hosts cannot do
    }
    uint32_t cores = m_fabric.GetHosts().Get(0)->GetObject<HostCpu>()->GetNCores();
    NS_ABORT_MSG_IF(GetRequiredCores() > cores,
                    "LeafSpineScenario: Parameters::appCores = '"
                        << c.appCores << "' with irqCores = " << c.irqCores << " needs "
                        << GetRequiredCores() << " cores; the hosts have " << cores
                        << " (HostCpu::NCores)");
}

void
LeafSpineScenario::InstallFabric()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(m_fabricInstalled, "LeafSpineScenario::InstallFabric called twice");
    CheckConfig();
    const Parameters& c = m_params;

    // Full-size segments and Linux-like buffers instead of ns-3's 536-byte defaults.
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(1448));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(1 << 20));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(1 << 20));
    // Linux's minimum RTO (TCP_RTO_MIN, 200 ms) instead of ns-3's RFC 6298 1 s.
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(200)));

    // This study reports no per-stage host latency: skip those histograms (five updates
    // per packet and their memory in every host).
    m_hostHelper.SetStatisticsAttribute("StageLatencies", BooleanValue(false));
    m_fabric.SetShape(c.spines, c.leaves, c.hostsPerLeaf);
    m_fabric.SetHostLinkAttribute("DataRate", DataRateValue(c.hostLinkRate));
    m_fabric.SetHostLinkAttribute("Delay", TimeValue(c.linkDelay));
    m_fabric.SetFabricLinkAttribute("DataRate", DataRateValue(c.fabricLinkRate));
    m_fabric.SetFabricLinkAttribute("Delay", TimeValue(c.linkDelay));
    m_fabric.SetSwitchQueueSize(c.switchQueue);
    if (c.irqPlacement == "dedicated")
    {
        // Mellanox's set_irq_affinity_cpulist.sh: the queues' IRQs round robin over a list.
        std::string affinity;
        for (uint32_t q = 0; q < m_hostHelper.GetNQueues(); ++q)
        {
            affinity += (q ? "," : "") + std::to_string(q % c.irqCores);
        }
        m_hostHelper.SetSteeringAttribute("IrqAffinity", StringValue(affinity));
    }
    // Set only when used, so that a helper whose receive mode lacks them still works.
    if (c.irqSuspendTimeout.IsStrictlyPositive())
    {
        m_hostHelper.SetRxModeAttribute("IrqSuspendTimeout", TimeValue(c.irqSuspendTimeout));
    }
    if (c.threadedNapi)
    {
        m_hostHelper.SetRxModeAttribute("Threaded", BooleanValue(true));
    }
    m_fabric.SetHostNetDeviceHelper(m_hostHelper);
    m_fabric.SetPlainHosts(c.plainHosts);
    m_fabric.SetRouting(c.routing);
    m_fabric.SetEcmp(c.ecmp);
    m_fabric.SetPortOrderTies(c.portOrderTies);
    m_fabric.Install();
    m_stream = c.firstStream;
    m_stream += m_fabric.AssignStreams(m_stream);
    m_fabricInstalled = true;
}

double
LeafSpineScenario::SentBits(const Ptr<Application>& app) const
{
    // Self-similar sources count their frames and gaps, Poisson ones their datagrams.
    if (auto ss = DynamicCast<SelfSimilarTrafficApplication>(app))
    {
        return ss->GetSentBytes() * 8.0;
    }
    if (auto bulk = DynamicCast<HostBulkSendApplication>(app))
    {
        return bulk->GetTotalTx() * 8.0;
    }
    const double poissonFrameBits = (m_params.bgPayload + 8 + 20 + 2) * 8.0;
    return DynamicCast<PoissonSourceApplication>(app)->GetSent() * poissonFrameBits;
}

Time
LeafSpineScenario::SpinTime() const
{
    Time spin;
    for (const auto& c : m_rpcClients)
    {
        spin += c->GetBusyPollSpinTime();
    }
    for (const auto& s : m_rpcServers)
    {
        spin += s->GetBusyPollSpinTime();
    }
    // The epoll instances count from the last ResetStats (the warm-up).
    for (const auto& s : m_kvServers)
    {
        for (uint32_t t = 0; t < s->GetNThreads(); ++t)
        {
            if (auto epoll = s->GetEpoll(t))
            {
                spin += epoll->GetStats().spin;
            }
        }
    }
    return spin;
}

void
LeafSpineScenario::InstallApplications()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_fabricInstalled,
                    "LeafSpineScenario::InstallApplications before InstallFabric");
    NS_ABORT_MSG_IF(m_applicationsInstalled, "LeafSpineScenario::InstallApplications called twice");
    CheckHosts();
    m_applicationsInstalled = true;
    const Parameters& c = m_params;
    NodeContainer hosts = m_fabric.GetHosts();
    const uint32_t n = m_fabric.GetNHosts();
    const AppCores cores = GetAppCores();
    // Partner of host i under the next leaf (or the next host with a single leaf).
    auto across = [&](uint32_t i, uint32_t leafShift) {
        if (c.leaves == 1)
        {
            return (i + 1) % n;
        }
        return (i + leafShift * c.hostsPerLeaf) % n;
    };

    const Time start = Seconds(0.001);
    const Time end = c.warmup + c.duration;
    const double hostRateBps = c.hostLinkRate.GetBitRate();

    // Background: UDP (or TCP) into a user-space sink on every host (port 9).
    const uint16_t bgPort = 9;
    for (uint32_t i = 0; i < n; ++i)
    {
        auto sink = CreateObject<HostSinkApplication>();
        sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), bgPort)));
        sink->SetAttribute("Core", UintegerValue(cores.sink));
        if (c.traffic == "tcp" || c.traffic == "kv")
        {
            sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
        }
        hosts.Get(i)->AddApplication(sink);
        sink->SetStartTime(Seconds(0));
        m_bgSinks.push_back(sink);
    }
    if (c.load > 0)
    {
        const double poissonFrameBits = (c.bgPayload + 8 + 20 + 2) * 8.0;
        for (uint32_t i = 0; i < n; ++i)
        {
            Address to = InetSocketAddress(m_fabric.GetHostAddress(across(i, 1)), bgPort);
            Ptr<Application> src;
            if (c.traffic == "selfsimilar")
            {
                auto ss = CreateObject<SelfSimilarTrafficApplication>();
                ss->SetAttribute("Remote", AddressValue(to));
                ss->SetAttribute("Load", DoubleValue(c.load));
                ss->SetAttribute("LinkRate", DataRateValue(c.hostLinkRate));
                ss->SetAttribute("FrameSizes", StringValue(c.frameSizes));
                m_stream += ss->AssignStreams(m_stream);
                src = ss;
            }
            else if (c.traffic == "tcp" || c.traffic == "kv")
            {
                // Writes rate-limited to the load, each a line-rate burst (storage traffic).
                auto bulk = CreateObject<HostBulkSendApplication>();
                bulk->SetAttribute("Remote", AddressValue(to));
                bulk->SetAttribute("Rate", DataRateValue(DataRate(c.load * hostRateBps)));
                bulk->SetAttribute("Core", UintegerValue(cores.sender));
                src = bulk;
            }
            else
            {
                auto poisson = CreateObject<PoissonSourceApplication>();
                poisson->SetAttribute("Remote", AddressValue(to));
                poisson->SetAttribute("Rate", DoubleValue(c.load * hostRateBps / poissonFrameBits));
                poisson->SetAttribute("PacketSize", UintegerValue(c.bgPayload));
                m_stream += poisson->AssignStreams(m_stream);
                src = poisson;
            }
            hosts.Get(i)->AddApplication(src);
            src->SetStartTime(start);
            src->SetStopTime(end);
            m_bgSources.push_back(src);
        }
    }

    // Long TCP flows: flow k from host k to the host two leaves on (port 6000 + k).
    for (uint32_t k = 0; k < c.tcpFlows; ++k)
    {
        uint32_t from = k % n;
        uint32_t to = across(from, c.leaves > 2 ? 2 : 1);
        uint16_t port = 6000 + k;
        BulkSendHelper bulk("ns3::TcpSocketFactory",
                            InetSocketAddress(m_fabric.GetHostAddress(to), port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        ApplicationContainer sender = bulk.Install(hosts.Get(from));
        sender.Start(start);
        sender.Stop(end);
        auto sink = CreateObject<HostSinkApplication>();
        sink->SetAttribute("Protocol", TypeIdValue(TcpSocketFactory::GetTypeId()));
        sink->SetAttribute("Local", AddressValue(InetSocketAddress(Ipv4Address::GetAny(), port)));
        hosts.Get(to)->AddApplication(sink);
        sink->SetStartTime(Seconds(0));
        m_tcpSinks.push_back(sink);
    }

    // RPCs: a server on every host; the client on host i calls the host half the fabric away
    // (under another leaf), over TCP, at rpcRate requests per second.
    if (c.rpcRate > 0 && c.traffic == "kv")
    {
        InstallKeyValue();
    }
    else if (c.rpcRate > 0)
    {
        RequestResponseServerHelper servers(5000);
        servers.SetAttribute("Core", UintegerValue(cores.server));
        servers.SetAttribute("BusyPoll", TimeValue(c.busyPoll));
        ApplicationContainer serverApps = servers.Install(hosts);
        serverApps.Start(Seconds(0));
        m_stream += RequestResponseServerHelper::AssignStreams(serverApps, m_stream);
        for (uint32_t i = 0; i < n; ++i)
        {
            uint32_t to = c.leaves == 1 ? (i + 1) % n : (i + (c.leaves / 2) * c.hostsPerLeaf) % n;
            RequestResponseClientHelper client(
                InetSocketAddress(m_fabric.GetHostAddress(to), 5000));
            client.SetAttribute("Rate", DoubleValue(c.rpcRate));
            client.SetAttribute("RequestSize", UintegerValue(c.rpcRequestSize));
            client.SetAttribute("ResponseSize", UintegerValue(c.rpcResponseSize));
            client.SetAttribute("Core", UintegerValue(cores.client));
            client.SetAttribute("BusyPoll", TimeValue(c.busyPoll));
            client.SetSizeWorkload(c.rpcSizes);
            ApplicationContainer apps = client.Install(hosts.Get(i));
            apps.Start(start);
            apps.Stop(end);
            m_stream += RequestResponseClientHelper::AssignStreams(apps, m_stream);
            m_rpcClients.push_back(DynamicCast<RequestResponseClient>(apps.Get(0)));
        }
        for (uint32_t i = 0; i < serverApps.GetN(); ++i)
        {
            m_rpcServers.push_back(DynamicCast<RequestResponseServer>(serverApps.Get(i)));
        }
    }

    m_tcpBytesAtWarmup.assign(m_tcpSinks.size(), 0);
    m_socketDropsAtWarmup.assign(n, 0);
    m_bgBytesAtWarmup.assign(n, 0);
    // Plain hosts have no device statistics: their delivered bytes are counted at IP.
    m_plainBytes.assign(n, 0);
    m_plainBytesAtWarmup.assign(n, 0);
    if (c.plainHosts)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            hosts.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                MakeBoundCallback(&CountLocalDeliverBytes, &m_plainBytes[i]));
        }
    }
    if (c.measureCost)
    {
        for (uint32_t i = 0; i < n; ++i)
        {
            hosts.Get(i)->GetObject<Ipv4L3Protocol>()->TraceConnectWithoutContext(
                "LocalDeliver",
                MakeBoundCallback(&CountLocalDeliverPackets, &m_hostPackets));
        }
    }
    Simulator::Schedule(c.warmup, &LeafSpineScenario::ResetAtWarmup, this);
}

void
LeafSpineScenario::InstallKeyValue()
{
    NS_LOG_FUNCTION(this);
    const Parameters& c = m_params;
    NodeContainer hosts = m_fabric.GetHosts();
    const uint32_t n = m_fabric.GetNHosts();
    const Time start = Seconds(0.001);
    const Time end = c.warmup + c.duration;
    // The server's threads: thread t pinned on core t with memcached -N's NAPI-id assignment,
    // the deployment IRQ suspension and epoll busy polling were measured in (Damato and
    // Karsten 2024: one pinned thread per NIC queue, each serving the connections its queue's
    // NAPI context delivers, so that the thread busy-polls the context whose IRQ it would
    // otherwise take). With irqPlacement "spread" thread t shares core t with queue t's IRQ
    // (and serves the queues t, t + kvThreads, ...); with "dedicated" the first irqCores
    // threads sit on the IRQ cores and get every connection, as memcached -N would give them.
    // Either way the threads take the cores 0 .. kvThreads - 1 (mod NCores), those of the IRQs
    // and of the request/response server and client of the other traffic kinds (appCores
    // "separate": irqCores 2 puts them on 2 and 3), and with kvThreads <= irqCores + 2 the
    // bulk sender and sink keep theirs. The agent is one thread on the request/response
    // client's core (KeyValueClient on a hostnet host: a task with its own epoll loop, paying
    // the write and the read of each request), so its latency runs from the write call to the
    // end of the read, as RequestResponseClient's (which starts at the request's creation:
    // the same instant when the thread is idle).
    auto epoll = CreateObject<EpollInstance>();
    epoll->SetAttribute("BusyPollUsecs", UintegerValue(c.busyPollUsecs));
    epoll->SetAttribute("BusyPollBudget", UintegerValue(c.busyPollBudget));
    epoll->SetAttribute("PreferBusyPoll", BooleanValue(c.preferBusyPoll));
    for (uint32_t i = 0; i < n; ++i)
    {
        auto server = CreateObject<KeyValueServer>();
        server->SetAttribute("Threads", UintegerValue(c.kvThreads));
        server->SetAttribute("PinThreads", BooleanValue(true));
        server->SetAttribute("Assignment", StringValue("napi-id"));
        server->SetAttribute("EpollTimeout", IntegerValue(c.epollTimeoutMs));
        server->SetAttribute("Epoll", PointerValue(epoll));
        hosts.Get(i)->AddApplication(server);
        server->SetStartTime(Seconds(0));
        m_stream += server->AssignStreams(m_stream);
        m_kvServers.push_back(server);
    }
    // The agents: the same pairing as the request/response clients (the host half the
    // fabric away), Poisson arrivals as theirs, ETC keys and values.
    for (uint32_t i = 0; i < n; ++i)
    {
        uint32_t to = c.leaves == 1 ? (i + 1) % n : (i + (c.leaves / 2) * c.hostsPerLeaf) % n;
        KeyValueClientHelper agent(InetSocketAddress(m_fabric.GetHostAddress(to), 11211));
        agent.SetAttribute("Threads", UintegerValue(1));
        agent.SetAttribute("Connections", UintegerValue(c.kvConnections));
        agent.SetAttribute("Depth", UintegerValue(1));
        agent.SetAttribute("Rate", DoubleValue(c.rpcRate));
        agent.SetAttribute("InterArrival", StringValue("exponential"));
        agent.SetAttribute("UpdateRatio", DoubleValue(c.kvUpdateRatio));
        agent.SetAttribute("FirstCore", UintegerValue(GetAppCores().client));
        ApplicationContainer apps = agent.Install(hosts.Get(i));
        apps.Start(start);
        apps.Stop(end);
        m_stream += KeyValueClientHelper::AssignStreams(apps, m_stream);
        m_kvClients.push_back(DynamicCast<KeyValueClient>(apps.Get(0)));
    }
}

void
LeafSpineScenario::ResetAtWarmup()
{
    NS_LOG_FUNCTION(this);
    NetDeviceContainer hostDevices = m_fabric.GetHostDevices();
    for (uint32_t i = 0; i < m_fabric.GetNHosts(); ++i)
    {
        if (auto dev = DynamicCast<HostNetDevice>(hostDevices.Get(i)))
        {
            dev->ResetStats();
            dev->GetCpu()->ResetStats();
        }
        m_plainBytesAtWarmup[i] = m_plainBytes[i];
        m_socketDropsAtWarmup[i] = m_bgSinks[i]->GetSocketDrops();
        m_bgBytesAtWarmup[i] = m_bgSinks[i]->GetTotalRx();
    }
    for (size_t k = 0; k < m_tcpSinks.size(); ++k)
    {
        m_tcpBytesAtWarmup[k] = m_tcpSinks[k]->GetTotalRx();
    }
    m_fabric.ResetSwitchStats();
    for (const auto& src : m_bgSources)
    {
        m_bgBitsAtWarmup += SentBits(src);
    }
    for (const auto& client : m_rpcClients)
    {
        client->ResetStats();
    }
    for (const auto& agent : m_kvClients)
    {
        agent->ResetStats();
    }
    for (const auto& server : m_kvServers)
    {
        server->ResetStats();
    }
    m_spinAtWarmup = SpinTime();
}

void
LeafSpineScenario::Run()
{
    NS_LOG_FUNCTION(this);
    NS_ABORT_MSG_IF(!m_applicationsInstalled, "LeafSpineScenario::Run before Build");
    DistributedRun::HoldRemoteApplications();
    Simulator::Stop(m_params.warmup + m_params.duration);
    SimulationProgress::Start(m_params.warmup + m_params.duration);
    SimulationCostMeter meter;
    meter.Start();
    Simulator::Run();
    const SimulationCost local = meter.Stop(m_hostPackets);

    ComputeMetrics();

    // The cost of a distributed run: CPU time, events and packets of all ranks; the wall time
    // of the slowest and the largest process.
    std::map<std::string, double> costSum;
    costSum["cpu_s"] = local.cpuSeconds;
    costSum["events"] = local.events;
    costSum["packets"] = local.packets;
    std::map<std::string, double> costMax;
    costMax["wall_s"] = local.wallSeconds;
    costMax["rss_mb"] = local.rssMb;
    if (m_params.measureCost)
    {
        DistributedRun::Sum(costSum);
        DistributedRun::Max(costMax);
    }
    m_cost.cpuSeconds = costSum["cpu_s"];
    m_cost.events = costSum["events"];
    m_cost.packets = costSum["packets"];
    m_cost.wallSeconds = costMax["wall_s"];
    m_cost.rssMb = costMax["rss_mb"];
    m_cost.ranks = DistributedRun::GetSize();
}

void
LeafSpineScenario::ComputeMetrics()
{
    NS_LOG_FUNCTION(this);
    const Parameters& c = m_params;
    const bool plain = c.plainHosts;
    const uint32_t n = m_fabric.GetNHosts();
    const double duration = ExactSeconds(c.duration);
    NodeContainer hosts = m_fabric.GetHosts();
    NetDeviceContainer hostDevices = m_fabric.GetHostDevices();
    double availabilitySum = 0;
    double availabilityMin = 1;
    double coresBusy = 0;
    double kernelCores = 0;
    double appCores = 0;
    double busiestSum = 0;
    double busiestMax = 0;
    double bgBytes = 0;
    double interrupts = 0;
    double deliveredBits = 0;
    uint64_t fifo = 0;
    uint64_t noDesc = 0;
    uint64_t backlog = 0;
    uint64_t socket = 0;
    constexpr double undefined = std::numeric_limits<double>::quiet_NaN();
    // A distributed run reads its own hosts and switches here and DistributedRun combines
    // the ranks' parts below (a sequential run owns everything and combines nothing).
    // Per host: availability, busy, kernel and application cores, busiest core.
    constexpr uint32_t perHost = 5;
    std::vector<double> hostCpu(perHost * n, 0);
    for (uint32_t i = 0; i < n; ++i)
    {
        if (!DistributedRun::IsLocal(hosts.Get(i)))
        {
            continue;
        }
        socket += m_bgSinks[i]->GetSocketDrops() - m_socketDropsAtWarmup[i];
        bgBytes += m_bgSinks[i]->GetTotalRx() - m_bgBytesAtWarmup[i];
        auto dev = DynamicCast<HostNetDevice>(hostDevices.Get(i));
        if (!dev)
        {
            deliveredBits += (m_plainBytes[i] - m_plainBytesAtWarmup[i]) * 8.0;
            continue;
        }
        HostNetDeviceStats s = dev->GetStats();
        Ptr<HostCpu> cpu = dev->GetCpu();
        HostCpuStats cs = cpu->GetStats();
        double cores = cpu->GetNCores();
        double busiest = 0;
        for (uint32_t core = 0; core < cpu->GetNCores(); ++core)
        {
            busiest = std::max(busiest, 1 - cpu->GetCoreStats(core).idleShare);
        }
        hostCpu[perHost * i] = cs.availability;
        hostCpu[perHost * i + 1] = (1 - cs.idleShare) * cores;
        hostCpu[perHost * i + 2] = (cs.hardIrqShare + cs.softIrqShare + cs.kernelTaskShare) * cores;
        hostCpu[perHost * i + 3] = (cs.taskShare - cs.kernelTaskShare) * cores;
        hostCpu[perHost * i + 4] = busiest;
        interrupts += s.interrupts;
        deliveredBits += s.rxDeliveredBytes * 8.0;
        fifo += s.dropFifoOverrun;
        noDesc += s.dropNoDescriptor;
        backlog += s.dropBacklog;
    }
    std::vector<double> tcpBytes(m_tcpSinks.size(), 0);
    for (size_t k = 0; k < m_tcpSinks.size(); ++k)
    {
        if (DistributedRun::IsLocal(m_tcpSinks[k]->GetNode()))
        {
            tcpBytes[k] = m_tcpSinks[k]->GetTotalRx() - m_tcpBytesAtWarmup[k];
        }
    }
    LatencyHistogram rpc;
    uint64_t rpcSent = 0;
    for (const auto& client : m_rpcClients)
    {
        if (DistributedRun::IsLocal(client->GetNode()))
        {
            rpc.Merge(client->GetResponseTimes());
            rpcSent += client->GetRequestsSent();
        }
    }
    for (const auto& agent : m_kvClients)
    {
        if (DistributedRun::IsLocal(agent->GetNode()))
        {
            rpc.Merge(agent->GetLatencyHistogram());
            rpcSent += agent->GetStats().requestsSent;
        }
    }
    double bgBits = -m_bgBitsAtWarmup;
    for (const auto& src : m_bgSources)
    {
        bgBits += SentBits(src);
    }
    // The ranks' parts: integer counts (exact sums in any order), per-host and per-flow
    // values (each from its owner, then summed in the sequential order), the RPC samples.
    std::map<std::string, double> counts;
    counts["socket"] = socket;
    counts["bg_bytes"] = bgBytes;
    counts["interrupts"] = interrupts;
    counts["delivered_bits"] = deliveredBits;
    counts["fifo"] = fifo;
    counts["no_descriptor"] = noDesc;
    counts["backlog"] = backlog;
    counts["rpc_sent"] = rpcSent;
    counts["leaf"] = m_fabric.GetLeafDrops();
    counts["spine"] = m_fabric.GetSpineDrops();
    counts["bg_bits"] = bgBits;
    counts["spin_ns"] = SpinTime().GetNanoSeconds();
    counts["spin_warmup_ns"] = m_spinAtWarmup.GetNanoSeconds();
    DistributedRun::Sum(counts);
    DistributedRun::Share(hostCpu);
    DistributedRun::Share(tcpBytes);
    DistributedRun::Merge(rpc);
    socket = counts["socket"];
    bgBytes = counts["bg_bytes"];
    interrupts = counts["interrupts"];
    deliveredBits = counts["delivered_bits"];
    fifo = counts["fifo"];
    noDesc = counts["no_descriptor"];
    backlog = counts["backlog"];
    rpcSent = counts["rpc_sent"];
    bgBits = counts["bg_bits"];
    for (uint32_t i = 0; i < n && !plain; ++i)
    {
        coresBusy += hostCpu[perHost * i + 1];
        kernelCores += hostCpu[perHost * i + 2];
        appCores += hostCpu[perHost * i + 3];
        busiestSum += hostCpu[perHost * i + 4];
        busiestMax = std::max(busiestMax, hostCpu[perHost * i + 4]);
        availabilitySum += hostCpu[perHost * i];
        availabilityMin = std::min(availabilityMin, hostCpu[perHost * i]);
    }
    double goodputSum = 0;
    for (double bytes : tcpBytes)
    {
        goodputSum += bytes * 8.0 / duration / 1e6;
    }
    Metrics& m = m_metrics;
    m.rpcP50Us = rpc.GetQuantile(0.5) * 1e6;
    m.rpcP99Us = rpc.GetQuantile(0.99) * 1e6;
    m.rpcP999Us = rpc.GetQuantile(0.999) * 1e6;
    m.rpcMeanUs = rpc.GetMean() * 1e6;
    m.rpcCompleted = rpc.GetCount();
    m.rpcSent = rpcSent;
    // Answered within the run (responses read / requests sent in the window; slightly above 1
    // when responses to warm-up requests arrive in it): far below 1, the clients starve and
    // their latency quantiles describe the lucky few.
    m.rpcAnswered = rpcSent > 0 ? double(rpc.GetCount()) / rpcSent : undefined;
    if (c.traffic == "kv" && c.rpcRate > 0)
    {
        // A depth-1 agent sends nothing while a request is outstanding: starvation shows
        // against what its open loop offered, not against what it could send.
        double offered = c.rpcRate * duration * m_kvClients.size();
        m.rpcAnswered = offered > 0 ? double(rpc.GetCount()) / offered : undefined;
    }
    auto leafDrops = static_cast<uint64_t>(counts["leaf"]);
    auto spineDrops = static_cast<uint64_t>(counts["spine"]);
    // Plain hosts have no CPU, interrupt or NIC model: those metrics are undefined.
    m.cpuAvailability = plain ? undefined : availabilitySum / n;
    m.cpuAvailabilityMin = plain ? undefined : availabilityMin;
    m.cpuCoresBusy = plain ? undefined : coresBusy / n;
    m.cpuKernelCores = plain ? undefined : kernelCores / n;
    m.cpuAppCores = plain ? undefined : appCores / n;
    m.cpuBusiestCore = plain ? undefined : busiestSum / n;
    m.cpuBusiestCoreMax = plain ? undefined : busiestMax;
    double spinSeconds = NanoSeconds(static_cast<uint64_t>(counts["spin_ns"])).GetSeconds() -
                         NanoSeconds(static_cast<uint64_t>(counts["spin_warmup_ns"])).GetSeconds();
    m.busyPollCores = plain ? undefined : spinSeconds / duration / n;
    m.bgGoodputMbps = (c.traffic == "tcp" || c.traffic == "kv") && c.load > 0
                          ? bgBytes * 8.0 / n / duration / 1e6
                          : undefined;
    m.interruptsPerS = plain ? undefined : interrupts / n / duration;
    m.deliveredMbps = deliveredBits / n / duration / 1e6;
    m.offeredLoadMbps = bgBits / n / duration / 1e6;
    m.dropsFifo = plain ? undefined : fifo;
    m.dropsNoDescriptor = plain ? undefined : noDesc;
    m.dropsBacklog = plain ? undefined : backlog;
    m.dropsSocket = socket;
    m.dropsLeaf = leafDrops;
    m.dropsSpine = spineDrops;
    m.dropsSwitch = leafDrops + spineDrops;
    m.tcpGoodputTotalMbps = goodputSum;
    // Without a flow there is no per-flow goodput (undefined, not 0).
    m.tcpGoodputMbps = m_tcpSinks.empty() ? undefined : goodputSum / m_tcpSinks.size();
    m.tcpFlows = m_tcpSinks.size();
}

const LeafSpineScenario::Metrics&
LeafSpineScenario::GetMetrics() const
{
    return m_metrics;
}

std::vector<std::pair<std::string, double>>
LeafSpineScenario::GetNamedMetrics() const
{
    std::vector<std::pair<std::string, double>> named;
    for (const auto& [name, member] : MetricTable())
    {
        named.emplace_back(name, m_metrics.*member);
    }
    return named;
}

std::vector<std::string>
LeafSpineScenario::GetMetricNames()
{
    std::vector<std::string> names;
    for (const auto& entry : MetricTable())
    {
        names.push_back(entry.first);
    }
    return names;
}

const LeafSpineScenario::Cost&
LeafSpineScenario::GetCost() const
{
    return m_cost;
}

const LeafSpineHelper&
LeafSpineScenario::GetFabric() const
{
    return m_fabric;
}

} // namespace ns3
