/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "leaf-spine-helper.h"

#include "distributed-run.h"

#include "ns3/abort.h"
#include "ns3/channel.h"
#include "ns3/internet-stack-helper.h"
#include "ns3/ipv4-address-helper.h"
#include "ns3/ipv4-global-routing-helper.h"
#include "ns3/ipv4-static-routing-helper.h"
#include "ns3/ipv4-static-routing.h"
#include "ns3/ipv4.h"
#include "ns3/leaf-spine-routing.h"
#include "ns3/log.h"
#include "ns3/nstime.h"
#include "ns3/object-factory.h"
#include "ns3/point-to-point-net-device.h"
#include "ns3/queue.h"
#include "ns3/string.h"
#include "ns3/switch-arrival-order.h"
#include "ns3/traffic-control-helper.h"
#include "ns3/traffic-control-layer.h"

#include <algorithm>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LeafSpineHelper");

LeafSpineHelper::LeafSpineHelper()
{
    m_hostLink.SetDeviceAttribute("DataRate", StringValue("1Gbps"));
    m_hostLink.SetChannelAttribute("Delay", StringValue("1us"));
    m_fabricLink.SetDeviceAttribute("DataRate", StringValue("2Gbps"));
    m_fabricLink.SetChannelAttribute("Delay", StringValue("1us"));
}

std::string
LeafSpineHelper::FindConfigError(uint32_t spines,
                                 uint32_t leaves,
                                 uint32_t hostsPerLeaf,
                                 const std::string& routing,
                                 const std::string& ecmp,
                                 const std::string& prefix)
{
    // Hosts are 10.<leaf + 1>.<host + 1>.1 (one /24 per host): 254 of each.
    if (spines < 1)
    {
        return prefix + "spines = 0; allowed: 1 or more";
    }
    if (leaves < 1 || leaves > 254)
    {
        return prefix + "leaves = " + std::to_string(leaves) + "; allowed: 1..254";
    }
    if (hostsPerLeaf < 1 || hostsPerLeaf > 254)
    {
        return prefix + "hostsPerLeaf = " + std::to_string(hostsPerLeaf) + "; allowed: 1..254";
    }
    if (routing != "static" && routing != "global" && routing != "table")
    {
        return prefix + "routing = '" + routing + "'; allowed: static, global, table";
    }
    if (ecmp != "destination" && ecmp != "flow")
    {
        return prefix + "ecmp = '" + ecmp + "'; allowed: destination, flow";
    }
    if (ecmp == "flow" && routing != "static")
    {
        return prefix + "ecmp = 'flow' needs " + prefix + "routing = 'static' (routing is '" +
               routing + "')";
    }
    return "";
}

void
LeafSpineHelper::SetShape(uint32_t spines, uint32_t leaves, uint32_t hostsPerLeaf)
{
    NS_ABORT_MSG_IF(m_installed, "LeafSpineHelper: SetShape after Install");
    std::string error = FindConfigError(spines, leaves, hostsPerLeaf, "static", "destination");
    NS_ABORT_MSG_IF(!error.empty(), "LeafSpineHelper::SetShape: " << error);
    m_spines = spines;
    m_leaves = leaves;
    m_hostsPerLeaf = hostsPerLeaf;
}

/// Count one packet dropped by a switch's traffic-control layer.
static void
CountTcDrop(uint64_t* counter, Ptr<const Packet>)
{
    ++*counter;
}

/// Route a link attribute to the device ("DataRate") or the channel ("Delay").
static void
SetLinkAttribute(PointToPointHelper& link,
                 const std::string& which,
                 const std::string& name,
                 const AttributeValue& value)
{
    if (name == "DataRate")
    {
        link.SetDeviceAttribute(name, value);
    }
    else if (name == "Delay")
    {
        link.SetChannelAttribute(name, value);
    }
    else
    {
        NS_ABORT_MSG("LeafSpineHelper: unknown " << which << " link attribute '" << name
                                                 << "'; allowed: DataRate, Delay");
    }
}

void
LeafSpineHelper::SetHostLinkAttribute(const std::string& name, const AttributeValue& value)
{
    SetLinkAttribute(m_hostLink, "host", name, value);
}

void
LeafSpineHelper::SetFabricLinkAttribute(const std::string& name, const AttributeValue& value)
{
    SetLinkAttribute(m_fabricLink, "fabric", name, value);
}

void
LeafSpineHelper::SetSwitchQueueSize(const std::string& size)
{
    // QueueSize's parser aborts with its own message; check here to name the parameter.
    std::istringstream in(size);
    double n = 0;
    std::string unit;
    in >> n >> unit;
    bool ok = !in.fail() && n >= 1 &&
              (unit == "p" || unit == "B" || unit == "KB" || unit == "MB" || unit == "KiB" ||
               unit == "MiB");
    NS_ABORT_MSG_IF(!ok,
                    "LeafSpineHelper: switch queue size '"
                        << size << "'; allowed: a positive count with unit p, B, KB, MB, KiB or "
                        << "MiB, e.g. 100p or 150KB");
    m_switchQueueSize = size;
}

void
LeafSpineHelper::SetRouting(const std::string& routing)
{
    NS_ABORT_MSG_IF(m_installed, "LeafSpineHelper: SetRouting after Install");
    std::string error = FindConfigError(1, 1, 1, routing, "destination");
    NS_ABORT_MSG_IF(!error.empty(), "LeafSpineHelper::SetRouting: " << error);
    m_routing = routing;
}

void
LeafSpineHelper::SetPortOrderTies(bool portOrder)
{
    NS_ABORT_MSG_IF(m_installed, "LeafSpineHelper: SetPortOrderTies after Install");
    m_portOrderTies = portOrder;
}

void
LeafSpineHelper::SetEcmp(const std::string& ecmp)
{
    NS_ABORT_MSG_IF(m_installed, "LeafSpineHelper: SetEcmp after Install");
    std::string error = FindConfigError(1, 1, 1, "static", ecmp);
    NS_ABORT_MSG_IF(!error.empty(), "LeafSpineHelper::SetEcmp: " << error);
    m_ecmp = ecmp;
}

void
LeafSpineHelper::SetHostNetDeviceHelper(const HostNetDeviceHelper& helper)
{
    m_hostHelper = helper;
}

void
LeafSpineHelper::SetPlainHosts(bool plain)
{
    NS_ABORT_MSG_IF(m_installed, "LeafSpineHelper::SetPlainHosts after Install");
    m_plainHosts = plain;
}

void
LeafSpineHelper::SetPartitions(uint32_t ranks)
{
    NS_ABORT_MSG_IF(m_installed, "LeafSpineHelper::SetPartitions after Install");
    m_partitions = ranks;
}

uint32_t
LeafSpineHelper::GetPartitions() const
{
    return m_partitions > 0 ? m_partitions : DistributedRun::GetSize();
}

uint32_t
LeafSpineHelper::GetRankOfLeaf(uint32_t leaf) const
{
    NS_ABORT_MSG_IF(leaf >= m_leaves, "LeafSpineHelper: leaf " << leaf << " of " << m_leaves);
    return static_cast<uint64_t>(leaf) * GetPartitions() / m_leaves;
}

uint32_t
LeafSpineHelper::GetRankOfSpine(uint32_t spine) const
{
    NS_ABORT_MSG_IF(spine >= m_spines, "LeafSpineHelper: spine " << spine << " of " << m_spines);
    return static_cast<uint64_t>(spine) * GetPartitions() / m_spines;
}

void
LeafSpineHelper::Install()
{
    NS_ABORT_MSG_IF(m_installed, "LeafSpineHelper: Install called twice");
    m_installed = true;
    uint32_t nHosts = m_leaves * m_hostsPerLeaf;
    uint32_t ranks = GetPartitions();
    NS_ABORT_MSG_IF(ranks > m_leaves,
                    "LeafSpineHelper: " << ranks << " partitions for " << m_leaves
                                        << " leaves; the fabric is split by leaf, so at most "
                                        << m_leaves << " ranks (processes)");
    NS_ABORT_MSG_IF(DistributedRun::IsEnabled() && ranks != DistributedRun::GetSize(),
                    "LeafSpineHelper: SetPartitions(" << ranks << ") in a run of "
                                                      << DistributedRun::GetSize()
                                                      << " processes; they must be equal");
    // Same creation order as without partitions (hosts, leaves, spines): the node ids, and
    // so the event contexts, are those of the sequential run.
    for (uint32_t i = 0; i < nHosts; ++i)
    {
        m_hosts.Create(1, GetRankOfLeaf(GetLeafOf(i)));
    }
    for (uint32_t l = 0; l < m_leaves; ++l)
    {
        m_leafNodes.Create(1, GetRankOfLeaf(l));
    }
    for (uint32_t s = 0; s < m_spines; ++s)
    {
        m_spineNodes.Create(1, GetRankOfSpine(s));
    }

    std::string error = FindConfigError(m_spines, m_leaves, m_hostsPerLeaf, m_routing, m_ecmp);
    NS_ABORT_MSG_IF(!error.empty(), "LeafSpineHelper::Install: " << error);
    const bool global = m_routing == "global";
    InternetStackHelper stack; // static and global routing (ns-3's default list)
    Ipv4StaticRoutingHelper staticRouting;
    if (!global)
    {
        stack.SetRoutingHelper(staticRouting);
    }
    stack.Install(m_hosts);
    stack.Install(m_leafNodes);
    stack.Install(m_spineNodes);
    // "static": the switches route arithmetically (LeafSpineRouting, their only protocol),
    // set before their interfaces exist so that it hears of every address.
    std::vector<Ptr<LeafSpineRouting>> switchRouting;
    if (m_routing == "static")
    {
        ObjectFactory factory("ns3::LeafSpineRouting");
        factory.Set("Ecmp", StringValue(m_ecmp));
        NodeContainer switches(m_leafNodes, m_spineNodes);
        for (uint32_t i = 0; i < switches.GetN(); ++i)
        {
            Ptr<LeafSpineRouting> routing = factory.Create<LeafSpineRouting>();
            switches.Get(i)->GetObject<Ipv4>()->SetRoutingProtocol(routing);
            switchRouting.push_back(routing);
        }
    }

    TrafficControlHelper tc;
    // Access links: the host end is wrapped by a HostNetDevice (the NIC model), unless the
    // hosts are plain.
    std::vector<Ipv4Address> leafSideOfHost(nHosts);
    for (uint32_t l = 0; l < m_leaves; ++l)
    {
        for (uint32_t h = 0; h < m_hostsPerLeaf; ++h)
        {
            uint32_t i = l * m_hostsPerLeaf + h;
            NetDeviceContainer link = m_hostLink.Install(m_hosts.Get(i), m_leafNodes.Get(l));
            Ptr<NetDevice> nic =
                m_plainHosts ? link.Get(0) : Ptr<NetDevice>(m_hostHelper.Install(link.Get(0)));
            m_hostDevices.Add(nic);
            m_leafPorts.Add(link.Get(1));
            std::ostringstream net;
            net << "10." << l << "." << h << ".0";
            Ipv4AddressHelper addr(net.str().c_str(), "255.255.255.0");
            NetDeviceContainer pair(nic);
            pair.Add(link.Get(1));
            Ipv4InterfaceContainer ifs = addr.Assign(pair);
            m_hostAddresses.push_back(ifs.GetAddress(0));
            leafSideOfHost[i] = ifs.GetAddress(1);
            tc.Uninstall(link.Get(1));
        }
    }
    // Fabric links: leaf l's port towards spine s, and its addresses.
    Ipv4AddressHelper fabricAddr("172.16.0.0", "255.255.255.252");
    std::vector<std::vector<Ipv4Address>> spineSide(m_leaves, std::vector<Ipv4Address>(m_spines));
    std::vector<std::vector<Ipv4Address>> leafSide(m_leaves, std::vector<Ipv4Address>(m_spines));
    for (uint32_t l = 0; l < m_leaves; ++l)
    {
        for (uint32_t s = 0; s < m_spines; ++s)
        {
            NetDeviceContainer link = m_fabricLink.Install(m_leafNodes.Get(l), m_spineNodes.Get(s));
            if (DistributedRun::GetSize() > 1 && GetRankOfLeaf(l) != GetRankOfSpine(s))
            {
                TimeValue delay;
                link.Get(0)->GetChannel()->GetAttribute("Delay", delay);
                NS_ABORT_MSG_IF(!delay.Get().IsStrictlyPositive(),
                                "LeafSpineHelper: the fabric links cross ranks and have no "
                                "delay; a distributed run needs a positive fabric link "
                                "Delay (it is the lookahead)");
            }
            m_leafPorts.Add(link.Get(0));
            m_spinePorts.Add(link.Get(1));
            Ipv4InterfaceContainer ifs = fabricAddr.Assign(link);
            fabricAddr.NewNetwork();
            leafSide[l][s] = ifs.GetAddress(0);
            spineSide[l][s] = ifs.GetAddress(1);
            tc.Uninstall(link);
        }
    }
    // Switch ports drop tail at the configured buffer size.
    NetDeviceContainer switchPorts(m_leafPorts, m_spinePorts);
    for (uint32_t i = 0; i < switchPorts.GetN(); ++i)
    {
        auto p2p = DynamicCast<PointToPointNetDevice>(switchPorts.Get(i));
        p2p->GetQueue()->SetMaxSize(QueueSize(m_switchQueueSize));
    }

    // A port whose queue is full stops its device queue; the traffic-control layer (no queue
    // disc here) then drops what IP forwards to it. Count both kinds.
    m_tcDrops = std::make_shared<std::vector<uint64_t>>(m_leaves + m_spines, 0);
    NodeContainer switches(m_leafNodes, m_spineNodes);
    for (uint32_t i = 0; i < switches.GetN(); ++i)
    {
        bool connected =
            switches.Get(i)->GetObject<TrafficControlLayer>()->TraceConnectWithoutContext(
                "TcDrop",
                MakeBoundCallback(&CountTcDrop, &(*m_tcDrops)[i]));
        NS_ASSERT_MSG(connected, "TrafficControlLayer has no TcDrop trace source");
        if (m_portOrderTies)
        {
            // Ties at a switch in input-port order: the same in every partition of a
            // distributed run as in the sequential one (SwitchArrivalOrder).
            SwitchArrivalOrder::Install(switches.Get(i));
        }
    }

    if (global)
    {
        Ipv4GlobalRoutingHelper::PopulateRoutingTables();
        return;
    }
    // Routes. Hosts: everything through their leaf.
    for (uint32_t i = 0; i < nHosts; ++i)
    {
        Ptr<Ipv4> ipv4 = m_hosts.Get(i)->GetObject<Ipv4>();
        staticRouting.GetStaticRouting(ipv4)->SetDefaultRoute(
            leafSideOfHost[i],
            ipv4->GetInterfaceForDevice(m_hostDevices.Get(i)));
    }
    if (m_routing == "static")
    {
        for (uint32_t l = 0; l < m_leaves; ++l)
        {
            Ptr<Ipv4> ipv4 = m_leafNodes.Get(l)->GetObject<Ipv4>();
            std::vector<uint32_t> hostIfs;
            for (uint32_t h = 0; h < m_hostsPerLeaf; ++h)
            {
                hostIfs.push_back(
                    ipv4->GetInterfaceForAddress(leafSideOfHost[l * m_hostsPerLeaf + h]));
            }
            std::vector<uint32_t> upIfs;
            for (uint32_t s = 0; s < m_spines; ++s)
            {
                upIfs.push_back(ipv4->GetInterfaceForAddress(leafSide[l][s]));
            }
            switchRouting[l]
                ->ConfigureLeaf(l, m_leaves, m_hostsPerLeaf, hostIfs, upIfs, spineSide[l]);
        }
        for (uint32_t s = 0; s < m_spines; ++s)
        {
            Ptr<Ipv4> ipv4 = m_spineNodes.Get(s)->GetObject<Ipv4>();
            std::vector<uint32_t> downIfs;
            std::vector<Ipv4Address> downGateways;
            for (uint32_t l = 0; l < m_leaves; ++l)
            {
                downIfs.push_back(ipv4->GetInterfaceForAddress(spineSide[l][s]));
                downGateways.push_back(leafSide[l][s]);
            }
            switchRouting[m_leaves + s]->ConfigureSpine(m_hostsPerLeaf, downIfs, downGateways);
        }
        return;
    }
    // "table": Ipv4StaticRouting tables with the same paths. Leaves: own hosts are connected;
    // other leaves' hosts through the spine chosen by the destination (per-destination ECMP),
    // one /24 route each (scanned linearly per packet).
    for (uint32_t l = 0; l < m_leaves; ++l)
    {
        Ptr<Ipv4> ipv4 = m_leafNodes.Get(l)->GetObject<Ipv4>();
        Ptr<Ipv4StaticRouting> routing = staticRouting.GetStaticRouting(ipv4);
        for (uint32_t i = 0; i < nHosts; ++i)
        {
            if (GetLeafOf(i) == l)
            {
                continue;
            }
            uint32_t s = i % m_spines;
            routing->AddNetworkRouteTo(m_hostAddresses[i].CombineMask(Ipv4Mask("/24")),
                                       Ipv4Mask("/24"),
                                       spineSide[l][s],
                                       ipv4->GetInterfaceForAddress(leafSide[l][s]));
        }
    }
    // Spines: leaf l's hosts (10.l.0.0/16) down to leaf l.
    for (uint32_t s = 0; s < m_spines; ++s)
    {
        Ptr<Ipv4> ipv4 = m_spineNodes.Get(s)->GetObject<Ipv4>();
        Ptr<Ipv4StaticRouting> routing = staticRouting.GetStaticRouting(ipv4);
        for (uint32_t l = 0; l < m_leaves; ++l)
        {
            std::ostringstream net;
            net << "10." << l << ".0.0";
            routing->AddNetworkRouteTo(Ipv4Address(net.str().c_str()),
                                       Ipv4Mask("/16"),
                                       leafSide[l][s],
                                       ipv4->GetInterfaceForAddress(spineSide[l][s]));
        }
    }
}

NodeContainer
LeafSpineHelper::GetHosts() const
{
    return m_hosts;
}

NodeContainer
LeafSpineHelper::GetLeaves() const
{
    return m_leafNodes;
}

NodeContainer
LeafSpineHelper::GetSpines() const
{
    return m_spineNodes;
}

NetDeviceContainer
LeafSpineHelper::GetHostDevices() const
{
    return m_hostDevices;
}

NetDeviceContainer
LeafSpineHelper::GetLeafPorts() const
{
    return m_leafPorts;
}

NetDeviceContainer
LeafSpineHelper::GetSpinePorts() const
{
    return m_spinePorts;
}

Ipv4Address
LeafSpineHelper::GetHostAddress(uint32_t host) const
{
    NS_ABORT_MSG_IF(host >= m_hostAddresses.size(),
                    "LeafSpineHelper: host " << host << " of " << m_hostAddresses.size());
    return m_hostAddresses[host];
}

uint32_t
LeafSpineHelper::GetLeafOf(uint32_t host) const
{
    return host / m_hostsPerLeaf;
}

uint32_t
LeafSpineHelper::GetNHosts() const
{
    return m_leaves * m_hostsPerLeaf;
}

uint64_t
LeafSpineHelper::CountDrops(const NetDeviceContainer& ports, uint32_t first, uint32_t count) const
{
    NS_ABORT_MSG_IF(!m_installed, "LeafSpineHelper: drop counts before Install");
    uint64_t drops = 0;
    for (uint32_t i = 0; i < ports.GetN(); ++i)
    {
        if (DistributedRun::IsLocal(ports.Get(i)->GetNode()))
        {
            drops += DynamicCast<PointToPointNetDevice>(ports.Get(i))
                         ->GetQueue()
                         ->GetTotalDroppedPackets();
        }
    }
    NodeContainer switches(m_leafNodes, m_spineNodes);
    for (uint32_t i = first; i < first + count; ++i)
    {
        if (DistributedRun::IsLocal(switches.Get(i)))
        {
            drops += (*m_tcDrops)[i];
        }
    }
    return drops;
}

uint64_t
LeafSpineHelper::GetLeafDrops() const
{
    return CountDrops(m_leafPorts, 0, m_leaves);
}

uint64_t
LeafSpineHelper::GetSpineDrops() const
{
    return CountDrops(m_spinePorts, m_leaves, m_spines);
}

void
LeafSpineHelper::ResetSwitchStats()
{
    NS_ABORT_MSG_IF(!m_installed, "LeafSpineHelper: ResetSwitchStats before Install");
    NetDeviceContainer ports(m_leafPorts, m_spinePorts);
    for (uint32_t i = 0; i < ports.GetN(); ++i)
    {
        DynamicCast<PointToPointNetDevice>(ports.Get(i))->GetQueue()->ResetStatistics();
    }
    std::fill(m_tcDrops->begin(), m_tcDrops->end(), 0);
}

int64_t
LeafSpineHelper::AssignStreams(int64_t stream) const
{
    return m_plainHosts ? 0 : m_hostHelper.AssignStreams(m_hostDevices, stream);
}

} // namespace ns3
